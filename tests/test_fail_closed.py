"""Where the gate cannot see, or would read a file differently from the tool that
publishes it, it refuses and says why: each class of way past the gate found from
outside, with the rule that closes it."""

from __future__ import annotations

import json

import pytest

from tests.conftest import CONFIG, GOOD_DRAFT, TELLS, Repo, Run


def test_a_submodule_where_drafts_are_gated_is_refused(
    content: Repo, rg: Run, tmp_path: object
) -> None:
    rg("run")
    content.commit_all("base")
    sub = Repo(content.path.parent / "sub")
    sub.path.mkdir()
    sub.git("init", "-q")
    sub.write("bad.md", TELLS + ".\n")
    sub.commit_all("sub")
    content.git(
        "-c", "protocol.file.allow=always", "submodule", "add", "-q", str(sub.path), "drafts/vendor"
    )
    content.git("commit", "-qm", "submodule", "--no-verify")
    for argv in (["verify"], ["verify", "--rev", "HEAD"], ["verify", "--staged"]):
        rc, _, err = rg(*argv)
        assert rc == 2, argv
        assert err.startswith("drafts/vendor: a submodule"), err


def test_a_link_to_a_file_or_outside_the_globs_is_no_concern(content: Repo, rg: Run) -> None:
    """A symlink to a file beside the drafts (an image a page bundle shares) hides no
    draft; one outside what the globs can reach neither."""
    (content.path / "notes").mkdir()
    (content.path / "notes" / "ext").symlink_to("/tmp")
    content.write("images/logo.png", b"\x89PNG")
    (content.path / "drafts" / "logo.png").symlink_to("../images/logo.png")
    assert rg("run")[0] == 0
    assert rg("verify")[0] == 0
    content.commit_all("links")
    assert rg("verify", "--rev", "HEAD")[0] == 0
    (content.path / "drafts" / "logo.png").unlink()
    (content.path / "drafts" / "logo.png").symlink_to("../notes")  # a folder, named .png
    content.commit_all("folder link")
    assert rg("verify")[0] == 2
    assert rg("verify", "--rev", "HEAD")[0] == 2


def test_a_link_a_glob_leaves_out_is_no_concern(content: Repo, rg: Run) -> None:
    content.write(
        ".receipt-gate.yaml",
        CONFIG.replace('["drafts/**/*.md"]', '["drafts/**/*.md", "!drafts/ext/**"]'),
    )
    (content.path / "drafts" / "ext").symlink_to("/tmp")
    assert rg("run")[0] == 0
    assert rg("verify")[0] == 0


@pytest.mark.parametrize("line", ["---: x", "----", "--- hidden", "...and more"])
def test_front_matter_read_two_ways_is_refused(content: Repo, rg: Run, line: str) -> None:
    """Hugo closes the block at the first line that starts with ---; Jekyll and YAML
    only at --- itself: a `draft: true` after such a line is read by one and not the
    other."""
    content.write("drafts/intro.md", f"---\ntitle: T\n{line}\ndraft: true\n---\nBody text.\n")
    rc, _, err = rg("verify")
    assert rc == 2
    assert err.startswith(
        f"drafts/intro.md:3: front matter: a line that starts"
        f" with {line[:3]} but does not close the block"
    )


def test_an_opaque_token_ending_a_sentence_supports_nothing(repo: Repo, rg: Run) -> None:
    """Seed 000: drift-41.png holds no 41, at the end of a sentence as anywhere."""
    repo.write(".receipt-gate.yaml", "required: [headline-numbers]\n")
    repo.write("posts/a.md", "# Drift hit 41 minutes\n\nThe chart is drift-41.png.\n")
    repo.write("posts/b.md", "# Other\n\nSee drift-41.png.\n")
    repo.write("drafts/x.md", "It drifted 41 minutes.\n")
    rc, out, _ = rg("run", "drafts/x.md")
    assert rc == 1 and "drafts/x.md:1:12: headline-numbers: 41 appears in the title" in out


def test_a_registry_outside_the_repository_is_refused(content: Repo, rg: Run) -> None:
    outside = content.path.parent / "outside.yaml"
    outside.write_text("allowed: [{term: '--turbo'}]\n")
    content.write(
        ".receipt-gate.yaml",
        CONFIG.replace(
            "required: [ai-tells, hook-length]",
            "required: [registered-terms]\nchecks: {registered-terms: {registry: ../outside.yaml}}",
        ),
    )
    for argv in (["run"], ["check", "registered-terms"], ["verify"]):
        rc, out, err = rg(*argv)
        assert (rc, out) == (2, "")
        assert err == (
            "receipt-gate: .receipt-gate.yaml: checks.registered-terms.registry:"
            " must be a path inside the repository, written plainly, got"
            " '../outside.yaml'\n"
        )


@pytest.mark.parametrize(
    ("before", "after"),
    [
        pytest.param(
            '+++\ntitle = "T"\ndate = 2020-01-01\n+++\nBody.\n',
            '+++\nstatus = "ready"\ntitle = "T"\ndate = 2020-01-01\n+++\nBody.\n',
            id="toml",
        ),
        pytest.param(
            '{\n  "title": "T"\n}\nBody.\n',
            '{\n  "status": "ready",\n  "title": "T"\n}\nBody.\n',
            id="json",
        ),
        # Hugo reads an object on one line, and gray-matter `---json` (Eleventy).
        pytest.param(
            '{"title": "T", "status": "drafted"}\n\nBody.\n',
            '{"title": "T", "status": "ready"}\n\nBody.\n',
            id="json-one-line",
        ),
        pytest.param(
            '{"title": "T"}\n\nBody.\n',
            '{"status": "ready","title": "T"}\n\nBody.\n',
            id="json-one-line-new",
        ),
        pytest.param(
            '---json\n{"title": "T", "status": "drafted"}\n---\nBody.\n',
            '---json\n{"title": "T", "status": "ready"}\n---\nBody.\n',
            id="json-gray-matter",
        ),
        # A line inside a TOML multi-line string only looks like a key (an outside pass).
        pytest.param(
            '+++\ntitle = """\nstatus = "drafted"\n"""\n+++\nBody.\n',
            '+++\nstatus = "ready"\ntitle = """\nstatus = "drafted"\n"""\n+++\nBody.\n',
            id="toml-multi-line-basic",
        ),
        pytest.param(
            "+++\ntitle = '''\nstatus = \"drafted\"'''\n+++\nBody.\n",
            "+++\nstatus = \"ready\"\ntitle = '''\nstatus = \"drafted\"'''\n+++\nBody.\n",
            id="toml-multi-line-literal",
        ),
        # Liquid first, no front matter (Hugo would fail to build it): a YAML block.
        pytest.param(
            "{% raw %}{{ x }}{% endraw %} shows code.\n",
            "---\nstatus: ready\n---\n{% raw %}{{ x }}{% endraw %} shows code.\n",
            id="liquid-first",
        ),
    ],
)
def test_advance_edits_the_front_matter_in_its_own_format(
    repo: Repo, rg: Run, before: str, after: str
) -> None:
    repo.write(".receipt-gate.yaml", "required: [ai-tells]\n")
    repo.write("drafts/a.md", before)
    assert rg("run")[0] == 0
    rc, out, _ = rg("advance", "drafts/a.md", "ready")
    assert rc == 0, out
    assert repo.read("drafts/a.md") == after
    assert rg("verify")[0] == 0


def test_adopt_baseline_again_with_nothing_changed_changes_nothing(repo: Repo, rg: Run) -> None:
    repo.write(".receipt-gate.yaml", "required: [ai-tells]\n")
    repo.write("drafts/a.md", TELLS + ".\n")
    assert rg("adopt", "--baseline")[0] == 0
    repo.commit_all("adopt")
    first = repo.read(".receipt-gate-baseline.json")
    assert rg("adopt", "--baseline")[0] == 0
    assert repo.read(".receipt-gate-baseline.json") == first
    assert repo.git("status", "--porcelain").stdout == ""


def test_a_rewound_tip_without_the_config_is_judged_by_the_rules_in_force(
    repo: Repo, rg: Run
) -> None:
    repo.write("drafts/a.md", TELLS + ".\n")
    repo.commit_all("before the gate")
    old = repo.git("rev-parse", "HEAD").stdout.strip()
    repo.write(".receipt-gate.yaml", "required: [ai-tells]\n")
    assert rg("adopt", "--baseline")[0] == 0
    repo.commit_all("adopt")
    base = repo.git("rev-parse", "HEAD").stdout.strip()
    rc, out, err = rg("verify", "--rev", old, "--policy-from", base, "--recheck")
    assert (rc, err) == (1, ""), err
    assert "has no .receipt-gate.yaml: judged by the rules in force" in out
    assert ".receipts/drafts/a.md/ai-tells.json: missing" in out


def test_untrusted_text_is_printed_escaped(content: Repo, rg: Run) -> None:
    """A suppression's reason and a receipt's finding come from the tree: they never move
    the cursor, erase a line or forge one."""
    rg("run")
    content.commit_all("base")
    base = content.git("rev-parse", "HEAD").stdout.strip()
    content.write(
        "drafts/intro.md",
        GOOD_DRAFT + "\n<!-- receipt-gate: ignore ai-tells --"
        " why\x1b[2K\x1b[1Greceipt-gate: ok -->\n" + TELLS + ".\n",
    )
    rg("run")
    content.commit_all("suppress", "--no-verify")
    rc, out, _ = rg("verify", "--rev", "HEAD", "--policy-from", base)
    assert "\x1b" not in out
    assert "why\\x1b[2K\\x1b[1Greceipt-gate: ok" in out
    receipt = content.path / ".receipts/drafts/intro.md/hook-length.json"
    doc = json.loads(receipt.read_text())
    doc.update(
        verdict="fail", findings=[{"line": 1, "col": 1, "message": "x\nreceipt-gate: ok: forged"}]
    )
    receipt.write_text(json.dumps(doc))
    rc, out, _ = rg("verify")
    assert rc == 1
    assert "receipt-gate: ok: forged" not in out.splitlines()[1:]
    assert "x\\nreceipt-gate: ok: forged" in out


def test_every_command_prints_a_string_from_the_tree_on_one_line(content: Repo, rg: Run) -> None:
    """An outside pass: `run`, `check`, `status` and `claim list` printed a suppression's
    reason, or a registry note, with its line breaks and a concealing escape kept."""
    content.write(
        "drafts/intro.md",
        GOOD_DRAFT + "\n<!-- receipt-gate: ignore ai-tells --"
        " quoted\nreceipt-gate: ok: forged\x1b[8m -->\n" + TELLS + ".\n",
    )
    content.write(
        "claims.yaml",
        "claims:\n- term: --foo\n  source: https://example.com/\n"
        '  note: "n\\nreceipt-gate: ok: forged\\e[30;40m"\n',
    )
    for argv in (
        ["run"],
        ["check", "ai-tells"],
        ["run", "--dry-run"],
        ["status"],
        ["claim", "list"],
        ["verify"],
    ):
        _, out, err = rg(*argv)
        assert "\x1b" not in out + err, argv
        assert not any(
            line.startswith("receipt-gate: ok: forged") for line in (out + err).splitlines()
        ), argv


@pytest.mark.parametrize(
    "attributes",
    [
        "drafts/*.md filter=lfs diff=lfs merge=lfs -text\n",
        "drafts/*.md working-tree-encoding=ISO-8859-1\n",
        "drafts/*.md export-subst\n",
        # The eighth outside pass: `$Id$` grows to `$Id: <40 hex> $` on checkout, an
        # opening under max_chars as stored and over it as built.
        "drafts/*.md ident\n",
    ],
)
def test_a_draft_git_converts_on_checkout_is_refused(
    content: Repo, rg: Run, attributes: str
) -> None:
    """The gate reads what git stores; a site is built from what is checked out (or
    from `git archive`, which writes a commit's subject over `$Format:%s$`): an LFS
    pointer, bytes in another encoding, a placeholder are not what is published."""
    rg("run")
    content.commit_all("base")
    content.write(".gitattributes", attributes)
    content.git("add", "-A")
    content.git("commit", "-qm", "attributes", "--no-verify")
    for argv in (["verify"], ["verify", "--staged"], ["verify", "--rev", "HEAD"]):
        rc, _, err = rg(*argv)
        assert rc == 2, argv
        assert err.startswith("drafts/intro.md: git converts it on checkout or in an archive ("), (
            err
        )


@pytest.mark.parametrize("where", ["info", "config", "included-config"])
def test_a_conversion_set_outside_the_tree_is_refused(content: Repo, rg: Run, where: str) -> None:
    """git reads attributes from .git/info/attributes and core.attributesFile too (the
    gate asks git for the latter only where a config it reads could set it)."""
    rg("run")
    content.commit_all("base")
    attrs = content.path / "elsewhere.attributes"
    attrs.write_text("drafts/*.md filter=lfs\n")
    if where == "info":
        (content.path / ".git" / "info").mkdir(exist_ok=True)
        (content.path / ".git" / "info" / "attributes").write_text(attrs.read_text())
    elif where == "config":
        content.git("config", "core.attributesFile", str(attrs))
    else:
        (content.path / "more.gitconfig").write_text(f"[core]\n\tattributesFile = {attrs}\n")
        content.git("config", "include.path", str(content.path / "more.gitconfig"))
    rc, _, err = rg("verify")
    assert rc == 2 and "git converts it on checkout" in err, err


def test_front_matter_reads_an_alias_of_a_plain_value_as_hugo_does(repo: Repo, rg: Run) -> None:
    """gRPC's site names a page `language: &lang Java` and `linkTitle: *lang`: Hugo reads
    both as Java, and so does the gate (the title a check reads is the alias's value).
    An anchor on a list or a mapping, what an alias could multiply, is still refused."""
    repo.write(
        ".receipt-gate.yaml",
        'drafts: ["drafts/*.md"]\nrequired: [ai-tells]\ntitle_fields: [linkTitle]\n',
    )
    repo.write(
        "drafts/a.md", "---\nlanguage: &lang " + TELLS + "\nlinkTitle: *lang\n---\nBody text.\n"
    )
    rc, out, _ = rg("run")
    assert rc == 1 and "AI tells weigh" in out, out
    repo.write("drafts/a.md", "---\nlangs: &l [a, b]\nmore: *l\n---\nBody text.\n")
    rc, _, err = rg("run")
    assert rc == 2
    assert err == (
        "drafts/a.md:2: front matter is not valid YAML: anchors and aliases are not"
        " allowed (but on a plain value)\n"
    )


@pytest.mark.parametrize(
    ("start", "why"),
    [
        pytest.param("\n---\n", "blank lines, spaces or a second byte-order mark", id="blank-line"),
        pytest.param("  ---\n", "blank lines, spaces or a second byte-order mark", id="spaces"),
        pytest.param(
            "\ufeff\ufeff---\n", "blank lines, spaces or a second byte-order mark", id="two-boms"
        ),
        pytest.param(
            "---\xa0\n", "the delimiter line ends in white space other than spaces", id="nbsp"
        ),
    ],
)
def test_a_front_matter_opening_generators_read_two_ways_is_refused(
    content: Repo, rg: Run, start: str, why: str
) -> None:
    """An outside pass: Hugo skips blank lines, spaces and byte-order marks before a
    block and reads the title there ("\\x49n conclusion", escaped); Jekyll strips one
    mark and reads none, and shows the block's comment as a heading; Python's rstrip
    closes a block at `---` and a no-break space where Jekyll does not. Each is refused,
    naming the file."""
    content.write(
        "drafts/intro.md", f'{start}title: "\\x49n conclusion"\n# In conclusion\n---\nBody text.\n'
    )
    for argv in (["run"], ["verify"]):
        rc, _, err = rg(*argv)
        assert rc == 2, (argv, err)
        assert f"drafts/intro.md:1: front matter: {why}" in err, err
    content.write("drafts/intro.md", "---\ntitle: T\n---\xa0\ndraft: true\n---\nBody.\n")
    rc, _, err = rg("verify")
    assert rc == 2 and "drafts/intro.md:3: front matter: a delimiter line" in err, err


def test_the_front_matter_writer_edits_only_what_it_can_read() -> None:
    """`advance` edits the file on disk: a `---json` block that holds no object, or bytes
    that are no UTF-8, are a one-line error naming the file, never a traceback; a
    `---yaml` block is edited in place; a status goes into the block, not the body."""
    from receipt_gate import GateError
    from receipt_gate.invariant.states import set_field

    for data in (
        b'---json\n"x"\n---\nbody',
        b'{"title": "\xff"}\nb',
        b'---json\n[1]\n---\n{"a":1}',
    ):
        with pytest.raises(GateError, match=r"^a\.md: "):
            set_field(data, "status", "ready", "a.md")
    assert (
        set_field(b"---yaml\ntitle: x\nstatus: drafted\n---\nbody\n", "status", "ready", "a.md")
        == b"---yaml\ntitle: x\nstatus: ready\n---\nbody\n"
    )


def test_a_field_the_writer_cannot_set_plainly_is_refused_and_nothing_written(
    repo: Repo, rg: Run
) -> None:
    """Read back, an edit must say just what it set: a field the writer does not find
    where it is (a quoted key: a second `status` would be added) is refused, and `adopt
    --pre-gate` writes no draft of the batch (an outside pass saw the others rewritten,
    then exit 3)."""
    from receipt_gate import GateError
    from receipt_gate.invariant.states import set_field

    with pytest.raises(GateError, match=r"^a\.md: front matter: cannot set 'status' plainly"):
        set_field(b'---\n"status": drafted\n---\nbody\n', "status", "ready", "a.md")
    repo.write(".receipt-gate.yaml", "required: [ai-tells]\n")
    repo.write("drafts/a.md", "---\ntitle: a\n---\n" + TELLS + ", one.\n")
    repo.write("drafts/b.md", '---\n"status": ready\n---\n' + TELLS + ", two.\n")
    before = {p: repo.read(p) for p in ("drafts/a.md", "drafts/b.md")}
    rc, _, err = rg("adopt", "--pre-gate")
    assert rc == 2, err
    assert err.startswith("receipt-gate: drafts/b.md: front matter: cannot set 'status'"), err
    assert {p: repo.read(p) for p in before} == before


def test_a_number_past_pythons_digit_limit_is_bad_input(repo: Repo, rg: Run) -> None:
    repo.write(".receipt-gate.yaml", "required: [ai-tells]\n")
    repo.write("drafts/a.md", f'+++\ntitle = "x"\nn = {"9" * 5000}\n+++\nBody.\n')
    for argv in (["check", "ai-tells"], ["verify"], ["run"]):
        rc, _, err = rg(*argv)
        assert rc == 2 and err.splitlines()[-1].endswith(
            "drafts/a.md:2: front matter is not valid TOML: Exceeds the limit (4300 digits)"
            " for integer string conversion: value has 5000 digits"
        ), (argv, err)


def test_a_closer_only_pythons_rstrip_reads_is_refused(content: Repo, rg: Run) -> None:
    content.write("drafts/intro.md", "---\ntitle: T\n---\xa0\n" + TELLS + ", body.\n")
    rc, _, err = rg("verify")
    assert rc == 2 and "drafts/intro.md:3: front matter: a delimiter line" in err, err


def test_the_commit_hook_never_passes_a_tree_that_gates_nothing(repo: Repo, rg: Run) -> None:
    """An outside pass: with HEAD's tree verified, moving the last draft out of the drafts
    globs changed no gated draft, and the hook's quick path said ok; verify, push and CI
    say nothing is gated."""
    repo.write(".receipt-gate.yaml", "required: [ai-tells]\n")
    repo.write("drafts/a.md", "A plain draft.\n")
    repo.git("add", "-A")
    assert rg("pre-commit")[0] == 0
    repo.git("commit", "-qm", "draft", "--no-verify")
    repo.git("mv", "drafts/a.md", "notes.md")
    rc, out, err = rg("pre-commit")
    assert rc == 1, out + err
    assert "receipt-gate: ok" not in out


def test_the_commit_hook_judges_in_full_when_it_deletes_the_last_draft(repo: Repo, rg: Run) -> None:
    """Round 25: a commit that deleted one of two drafts left HEAD verified; the next,
    deleting the other, judged only the draft it deleted, and the hook passed a tree
    that gates nothing (push, verify and CI refused it)."""
    repo.write(".receipt-gate.yaml", "required: [ai-tells]\n")
    repo.write("drafts/a.md", "A plain draft.\n")
    repo.write("drafts/b.md", "Another plain draft.\n")
    repo.git("add", "-A")
    assert rg("pre-commit")[0] == 0
    repo.git("commit", "-qm", "drafts", "--no-verify")
    repo.git("rm", "-q", "drafts/a.md")
    assert rg("pre-commit")[0] == 0
    repo.git("commit", "-qm", "one gone", "--no-verify")
    repo.git("rm", "-q", "drafts/b.md")
    rc, out, err = rg("pre-commit")
    assert rc == 1 and "nothing is gated" in out + err, out + err


def _plain_hooks(content: Repo, rg: Run, monkeypatch: pytest.MonkeyPatch) -> None:
    """The plain git hooks (`init --git-hooks`) on, the first commit made through them."""
    import os
    import sys
    from pathlib import Path

    monkeypatch.setenv("PATH", f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}")
    assert rg("init", "--git-hooks")[0] == 0
    content.git("config", "core.hooksPath", ".githooks")
    assert rg("run")[0] == 0
    assert content.commit_all("first").returncode == 0


def test_a_commit_of_named_paths_is_told_to_name_the_receipts_too(
    content: Repo, rg: Run, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`git commit <path>` commits from an index git keeps for that commit only: the
    receipts the hook staged there went into the commit but stayed old in the user's
    index (an outside pass: every later commit under pre-commit was refused). The hook
    now writes nothing and says how; done that way, the index is left clean."""
    _plain_hooks(content, rg, monkeypatch)
    content.write("drafts/intro.md", GOOD_DRAFT + "\nOne more plain line.\n")
    proc = content.git("commit", "-qm", "edit", "drafts/intro.md", check=False)
    assert proc.returncode == 1
    assert (
        "drafts/intro.md: `git commit <path>` commits from an index git keeps for this commit only"
    ) in proc.stderr + proc.stdout
    assert content.git("status", "--porcelain").stdout == " M drafts/intro.md\n"
    assert rg("run", "drafts/intro.md")[0] == 0
    proc = content.git(
        "commit", "-qm", "edit", "drafts/intro.md", ".receipts/drafts/intro.md", check=False
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert content.git("status", "--porcelain").stdout == ""


def test_a_key_with_a_line_break_forges_no_line(content: Repo, rg: Run) -> None:
    """A second outside pass: a config key holding a line break was printed inside the
    error, and the printer split it into lines: `receipt-gate: ok: ...` in a CI log."""
    content.write(".receipt-gate.yaml", CONFIG + '"\\nok: 1 gated draft, every receipt fresh": 1\n')
    rc, out, err = rg("verify")
    assert rc == 2
    assert not any(
        line.startswith(("receipt-gate: ok", "ok:")) for line in (out + err).splitlines()
    ), err
    assert len(err.splitlines()) == 1, err


def test_the_plain_commit_hook_keeps_an_unstaged_receipt(
    content: Repo, rg: Run, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A second outside pass: the plain commit hook wrote the staged draft's receipt over
    the one `receipt-gate run` wrote for a later edit (pre-commit, which stashes it,
    refuses). Now the staged receipt is committed and the later one stays on disk."""
    _plain_hooks(content, rg, monkeypatch)
    content.write("drafts/intro.md", GOOD_DRAFT + "\nVersion one of an edit.\n")
    content.git("add", "drafts/intro.md")
    content.write("drafts/intro.md", GOOD_DRAFT + "\nVersion two of an edit.\n")
    assert rg("run")[0] == 0
    later = content.read(".receipts/drafts/intro.md/ai-tells.json")
    proc = content.git("commit", "-qm", "one", check=False)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert content.read(".receipts/drafts/intro.md/ai-tells.json") == later
    assert rg("verify", "--rev", "HEAD")[0] == 0


def test_json_front_matter_nested_past_reading_is_refused_not_rewritten(
    repo: Repo, rg: Run
) -> None:
    """An outside pass: JSON front matter nested a thousand deep is past Python's json
    but not Go's (Hugo reads it); taken for no front matter, adopt wrote a YAML block
    above it, and Hugo then showed the JSON as the page."""
    repo.write(".receipt-gate.yaml", "required: [ai-tells]\n")
    deep = '{"title": "t", "x": ' + "[" * 1200 + "]" * 1200 + "}\n" + TELLS + ", body.\n"
    repo.write("drafts/a.md", deep)
    rc, _, err = rg("adopt", "--pre-gate")
    assert rc == 2 and "drafts/a.md:1: front matter is not valid JSON" in err, err
    assert repo.read("drafts/a.md") == deep


@pytest.mark.parametrize("cut", ["shallow", "info/grafts"])
def test_a_history_cut_short_is_no_history(content: Repo, rg: Run, cut: str) -> None:
    """A second outside pass: a commit that weakens the rules and adds an unready draft,
    with its parent hidden by .git/shallow or a graft, was "a root: judged by its own
    rules only" (a replace ref is no trick: the gate reads without them)."""
    rg("run")
    content.commit_all("base")
    content.write(".receipt-gate.yaml", 'drafts: ["drafts/**/*.md"]\nrequired: []\n')
    content.write("drafts/intro.md", GOOD_DRAFT + "\n" + TELLS + ".\n")
    content.commit_all("weaken", "--no-verify")
    head = content.git("rev-parse", "HEAD").stdout.strip()
    assert rg("verify", "--rev", "HEAD")[0] == 1
    (content.path / ".git" / cut).parent.mkdir(exist_ok=True)
    (content.path / ".git" / cut).write_text(head + "\n")
    rc, _, err = rg("verify", "--rev", "HEAD")
    assert rc == 2 and "its history is cut there" in err, err
