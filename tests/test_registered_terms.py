from __future__ import annotations

import json

import pytest
import regex

from receipt_gate.trees.cache import decode
from receipt_gate_hooks.registered_terms import DEFAULT_SHAPES, TERM_SHAPES, find_unregistered
from tests.conftest import GOOD_DRAFT, Repo, Run

REGISTERED = {"MAX_TOKENS_OK", "--allowed"}


def unregistered(text: str, shapes: tuple[str, ...] = DEFAULT_SHAPES) -> list[tuple[int, int, str]]:
    rx = regex.compile("|".join(f"(?:{TERM_SHAPES[s]})" for s in shapes))
    found, _, _ = find_unregistered(text, rx, REGISTERED, "claims.yaml")
    return [(f.line, f.col, dict(f.extra)["term"]) for f in found]  # type: ignore[misc]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param("Set `MAX_TOKENS` first.", [(1, 5, "MAX_TOKENS")], id="env-var"),
        pytest.param("Never `--no-verify`.", [(1, 7, "--no-verify")], id="long-flag"),
        pytest.param("Pass `--max=3`.", [(1, 6, "--max")], id="a-flag-with-a-value"),
        pytest.param("Use `--buildDrafts`.", [(1, 5, "--buildDrafts")], id="camel-flag"),
        pytest.param(
            "a\n\nSet ``RUN_ID`` and `--x-y`.",
            [(3, 5, "RUN_ID"), (3, 20, "--x-y")],
            id="two-on-a-line",
        ),
        pytest.param(
            "- sets `HUGO_ENV`\n\n> unset `GIT_DIR`",
            [(1, 8, "HUGO_ENV"), (3, 9, "GIT_DIR")],
            id="in-a-list-and-a-quote",
        ),
        # A bare upper-case name is a setting where the page says so, not a constant
        pytest.param("The server sends a `PUSH_PROMISE` frame.", [], id="a-frame-type"),
        pytest.param("It fails with `ERR_INVALID_ARG_TYPE`.", [], id="an-error-code"),
        pytest.param("| `DEADLINE_EXCEEDED` | 4 |\n|---|---|", [], id="a-status-code"),
        pytest.param(
            "The `HUGO_ENV` environment variable.", [(1, 5, "HUGO_ENV")], id="called-a-variable"
        ),
        pytest.param(
            "By default `JEKYLL_ENV` is development.\n\n```\nJEKYLL_ENV=production"
            " jekyll build\n```\n",
            [(1, 12, "JEKYLL_ENV")],
            id="used-as-a-variable-elsewhere",
        ),
    ],
)
def test_flags_unregistered_setting_names(text: str, expected: list[tuple[int, int, str]]) -> None:
    assert unregistered(text) == expected


@pytest.mark.parametrize(
    ("shape", "text", "term"),
    [
        pytest.param("dotted", "Add `core.hooksPath`.", "core.hooksPath", id="dotted"),
        pytest.param("snake_case", "Tune `max_chars`.", "max_chars", id="snake-case"),
        pytest.param("camelCase", "Tune `hooksPath`.", "hooksPath", id="camel-case"),
        pytest.param("short-flag", "Run with `-n`.", "-n", id="short-flag"),
        pytest.param("key=value", "Set `ttl=60`.", "ttl", id="key-value"),
    ],
)
def test_more_shapes_are_switched_on(shape: str, text: str, term: str) -> None:
    assert unregistered(text) == []
    assert [t for _, _, t in unregistered(text, (*DEFAULT_SHAPES, shape))] == [term]


@pytest.mark.parametrize(
    "text",
    [
        pytest.param("Allow `MAX_TOKENS_OK` and `--allowed`.", id="registered"),
        pytest.param("Run `git commit` now.", id="a-command-is-not-a-setting"),
        pytest.param("Call `relative_url`, `site.url` and `time.Format`.", id="code-words"),
        pytest.param("    `MAX_TOKENS` in an indented code block", id="indented-code"),
        pytest.param("[`--destination`]: /commands/#options", id="a-link-definition"),
        pytest.param("Edit `claims.yaml` and `drafts/intro.md`.", id="file-names"),
        pytest.param("The word `delve`.", id="plain-word"),
        pytest.param("MAX_TOKENS outside code.", id="not-in-code"),
        pytest.param("```\n`MAX_TOKENS`\n```", id="fenced"),
        pytest.param("---\nkey: `MAX_TOKENS`\n---\nx", id="front-matter"),
    ],
)
def test_leaves_alone(text: str) -> None:
    assert unregistered(text) == []


@pytest.fixture
def terms(repo: Repo) -> Repo:
    repo.write(".receipt-gate.yaml", "required: [registered-terms]\n")
    repo.write("drafts/a.md", GOOD_DRAFT + "\nNever use `--no-verify` here.\n")
    return repo


def test_register_then_pass(terms: Repo, rg: Run) -> None:
    rc, out, _ = rg("run")
    assert rc == 1
    assert out.splitlines()[0] == (
        "drafts/a.md:11:11: registered-terms: `--no-verify` is not registered in claims.yaml:"
        " find the page that documents it and register it with that source: receipt-gate"
        " claim add --source URL -- --no-verify (a name this project defines itself, not a"
        " claim about another tool, is for a maintainer to allow)"
    )
    rc, out, _ = rg(
        "claim",
        "add",
        "--source",
        "https://git-scm.com/docs/git-commit",
        "--note",
        "skips hooks",
        "--",
        "--no-verify",
    )
    assert (rc, out) == (
        0,
        "claims.yaml: registered --no-verify (https://git-scm.com/docs/git-commit)\n",
    )
    rc, out, _ = rg("verify")
    assert rc == 1
    assert "registered-terms.json: stale: what the check read changed" in out
    assert rg("run")[0] == 0
    assert rg("verify")[0] == 0


def test_claim_add_refuses_bad_sources_and_duplicates(terms: Repo, rg: Run) -> None:
    assert rg("claim", "add", "X_Y", "--source", "ftp://example.com/x") == (
        2,
        "",
        "receipt-gate: --source: source must be an http(s) URL or a repository path, got 'ftp://example.com/x'\n",
    )
    assert rg("claim", "add", "X_Y", "--source", "example.com")[0] == 2
    assert not (terms.path / "claims.yaml").exists()
    assert rg("claim", "add", "X_Y", "--source", "https://a.example/1")[0] == 0
    before = terms.read("claims.yaml")
    rc, out, _ = rg("claim", "add", "X_Y", "--source", "https://b.example/2")
    assert (rc, out) == (
        1,
        "claims.yaml: X_Y is already registered (source https://a.example/1);"
        " use --replace to change it\n",
    )
    assert terms.read("claims.yaml") == before
    assert rg("claim", "add", "X_Y", "--source", "https://b.example/2", "--replace")[0] == 0
    rc, out, _ = rg("claim", "list")
    lines = out.splitlines()
    assert lines[0].split() == ["term", "source", "registered_at", "note"]
    assert lines[1].split()[:2] == ["X_Y", "https://b.example/2"]
    assert lines[1].split()[2].endswith("Z")
    assert len(lines) == 2


@pytest.mark.parametrize(
    ("registry", "message"),
    [
        pytest.param(
            "- a\n", "claims.yaml: expected a mapping with the keys claims and allow", id="list"
        ),
        pytest.param(
            "claims:\n- {term: A_B, source: 'file:///x'}\n",
            "claims.yaml: claims[0].source: source must be an http(s) URL or a"
            " repository path, got 'file:///x'",
            id="bad-source",
        ),
        pytest.param(
            "claims:\n- {term: A_B, source: 'https://a.example', url: x}\n",
            "claims.yaml: claims[0].url: unknown key (expected one of: term, source,"
            " note, registered_at)",
            id="unknown-key",
        ),
        pytest.param(
            "claims:\n- {term: A_B, source: 'https://a'}\n- {term: A_B, source: 'https://b'}\n",
            "claims.yaml: claims[1].term: 'A_B' is registered twice",
            id="duplicate",
        ),
    ],
)
def test_bad_registry_exits_2(terms: Repo, rg: Run, registry: str, message: str) -> None:
    terms.write("claims.yaml", registry)
    assert rg("run") == (2, "", f"receipt-gate: {message}\n")
    assert not (terms.path / ".receipts").exists()


# --- our own published pages are a source -------------------------------------------

POST = """---
title: Faster rebuilds
---
# Faster rebuilds

Run the server with the new flag:

```sh
jekyll serve --incremental
```

Set `JEKYLL_ENV=production` before you build. <!-- `--turbo` is coming -->
{% comment %}And `--warp` after it.{% endcomment %}
"""


# Pages that document the site's own names, as `init` names a site's docs folder (a post
# is no source by default: see test_by_default_a_post_documents_nothing).
DOCUMENTED_IN = "checks: {registered-terms: {documented_in: ['posts/**/*.md']}}\n"


@pytest.fixture
def documented(repo: Repo) -> Repo:
    repo.write(".receipt-gate.yaml", "required: [registered-terms]\n" + DOCUMENTED_IN)
    repo.write("posts/2024-faster.md", POST)
    return repo


def test_by_default_a_post_documents_nothing(repo: Repo, rg: Run) -> None:
    """Seed 000: a published post that names an invented flag is no source for the next
    one; only the registry (with the URL it was verified from) or the site's own
    documentation, named in documented_in, is."""
    repo.write(".receipt-gate.yaml", "required: [registered-terms]\n")
    repo.write("posts/2024-faster.md", POST)
    repo.write("drafts/a.md", "Try `--incremental`.\n")
    rc, out, _ = rg("run")
    assert rc == 1
    assert (
        "drafts/a.md:1:5: registered-terms: `--incremental` is not registered in"
        " claims.yaml: find the page that documents it and register it with that source:"
        " receipt-gate claim add --source URL -- --incremental"
    ) in out
    assert "claim allow" not in out


def test_a_name_our_published_pages_use_has_its_source_there(documented: Repo, rg: Run) -> None:
    documented.write("drafts/a.md", "Try `--incremental` with `$JEKYLL_ENV` set.\n")
    assert rg("run")[0] == 0
    # What a reader of the post does not see documents nothing: a comment.
    documented.write("drafts/a.md", "Try `--incremental`, and soon `--turbo`, `--warp`.\n")
    rc, out, _ = rg("run")
    assert rc == 1
    assert [ln.split(" is not")[0] for ln in out.splitlines()[:2]] == [
        "drafts/a.md:1:31: registered-terms: `--turbo`",
        "drafts/a.md:1:42: registered-terms: `--warp`",
    ]
    assert "--incremental" not in out


def test_drafts_and_other_files_document_nothing(documented: Repo, rg: Run) -> None:
    documented.write("drafts/a.md", "Use `--turbo`.\n")
    documented.write("drafts/b.md", "Use `--turbo` too.\n")  # another draft: not published
    documented.write("notes/turbo.md", "`--turbo` exists, trust me.\n")  # not documented_in
    rc, out, _ = rg("run")
    assert rc == 1
    assert [ln.split(":")[0] for ln in out.splitlines()[:2]] == ["drafts/a.md", "drafts/b.md"]
    documented.write(
        ".receipt-gate.yaml",
        "required: [registered-terms]\nchecks:\n"
        "  registered-terms: {documented_in: ['posts/**/*.md', 'notes/*.md']}\n",
    )
    assert rg("run")[0] == 0
    # Switched off, the posts source nothing either.
    documented.write(
        ".receipt-gate.yaml",
        "required: [registered-terms]\nchecks:\n  registered-terms: {documented_in: []}\n",
    )
    documented.write("drafts/b.md", "Use `--incremental`.\n")
    rc, out, _ = rg("run")
    assert rc == 1 and "`--incremental` is not registered" in out


def _checked_in(rg: Run, repo: Repo) -> str:
    """Run the checks (they pass), commit everything, and return the commit."""
    assert rg("run")[0] == 0
    repo.commit_all("base")
    return repo.git("rev-parse", "HEAD").stdout.strip()


SITE = (
    "required: [registered-terms]\ndrafts: ['posts/**/*.md']\n"
    "draft_markers: {front_matter: {draft: true}, status: drafted}\n" + DOCUMENTED_IN
)


def test_a_post_is_never_its_own_source_and_an_unpublished_one_is_none(repo: Repo, rg: Run) -> None:
    repo.write(".receipt-gate.yaml", SITE)
    repo.write("posts/a.md", "# A\n\nUse `--turbo`.\n")
    repo.write("posts/b.md", "---\ndraft: true\n---\n# B\n\n`--turbo` again.\n")
    rc, out, _ = rg("run")
    assert rc == 1 and out.startswith("posts/a.md:3:5: registered-terms: `--turbo`")
    repo.write("posts/c.md", "# C\n\nWith `--turbo` on.\n")  # published: each sources the other
    assert rg("run")[0] == 0


def test_receipts_stale_when_a_name_comes_or_goes_not_when_prose_changes(
    documented: Repo, rg: Run
) -> None:
    documented.write("drafts/a.md", "Try `--incremental`.\n")
    assert rg("run")[0] == 0
    assert rg("verify")[0] == 0
    documented.write("posts/2024-faster.md", POST.replace("the new flag", "our newest flag"))
    assert rg("verify")[0] == 0  # the names are the same: nothing the verdict read changed
    documented.write("posts/2024-faster.md", POST + "\nAlso `--watch`.\n")
    assert rg("verify")[0] == 0  # a name no draft uses: no verdict read it
    documented.write("drafts/b.md", "Try `--watch`.\n")
    assert rg("run")[0] == 0
    documented.write("posts/2024-faster.md", POST)  # --watch is documented no more
    rc, out, _ = rg("verify")
    assert rc == 1 and "b.md/registered-terms.json: stale: what the check read changed" in out
    assert "a.md/" not in out
    documented.write("drafts/b.md", "Nothing.\n")
    assert rg("run")[0] == 0
    documented.write("posts/2024-faster.md", "# Gone\n\nNothing here now.\n")
    rc, out, _ = rg("run")
    assert rc == 1 and "`--incremental` is not registered" in out


def test_a_published_page_that_cannot_be_read_is_exit_2_and_a_broken_cache_is_rebuilt(
    documented: Repo, rg: Run
) -> None:
    documented.write("drafts/a.md", "Try `--incremental`.\n")
    assert rg("run")[0] == 0
    cache = documented.path / ".git" / "receipt-gate" / "pages-registered-terms.json"
    kept = documented.path / ".git" / "receipt-gate"

    def forget() -> None:  # the kept fingerprints answer verify without the pages
        for f in kept.glob("fingerprints-*.json"):
            f.unlink()

    for broken in ("{not json", '{"code": 5}', '{"code": "x", "pages": []}', "[" * 100000):
        cache.write_text(broken)
        assert rg("verify")[0] == 0  # the memo answers: no page is read
        forget()
        assert rg("verify")[0] == 0
    doc = decode(cache.read_bytes())
    doc["pages"] = {sha: [[5], {}] for sha in doc["pages"]}  # the wrong shape inside
    cache.write_text(json.dumps(doc))
    forget()
    assert rg("verify")[0] == 0
    documented.write("posts/bad.md", b"\xff\xfe--turbo\n")
    assert rg("run") == (2, "", "receipt-gate: posts/bad.md: not UTF-8 (byte 0xff at offset 0)\n")


def test_ci_names_the_page_that_first_documents_a_name(documented: Repo, rg: Run) -> None:
    documented.write("drafts/a.md", "Use `--incremental`.\n")
    base = _checked_in(rg, documented)
    # An agent publishes a page that names a flag nobody documented, and uses it.
    documented.write("posts/turbo.md", "# Turbo\n\nRun with `--turbo` and `--incremental`.\n")
    documented.write("drafts/a.md", "Use `--turbo`.\n")
    assert rg("run")[0] == 0
    documented.commit_all("turbo", "--no-verify")
    rc, out, _ = rg("verify", "--rev", "HEAD", "--policy-from", base)
    assert rc == 0
    assert (
        "receipt-gate: documents: posts/turbo.md names --turbo, which no published page"
        " named before (registered-terms takes it as documented there)"
    ) in out.splitlines()
    assert "name --incremental" not in out
    _, out, _ = rg("verify", "--rev", "HEAD", "--policy-from", "HEAD")
    assert "documents:" not in out


def test_what_a_reader_of_the_page_never_sees_documents_nothing(documented: Repo, rg: Run) -> None:
    documented.write(
        "posts/hidden.md",
        (
            '# Hidden\n\nA [link](--dest) and ![a picture](--img), <span title="--attr">x</span>,'
            ' {{< param "--param" >}} and {% include x.html flag="--liquid" %}, &#45;-ent'
            " <!-- --comment -->.\n"
        ),
    )
    names = ["--dest", "--img", "--attr", "--param", "--liquid", "--comment"]
    documented.write("drafts/a.md", " ".join(f"`{n}`" for n in names) + " `--ent`.\n")
    rc, out, _ = rg("run")
    assert rc == 1
    flagged = [ln.split("`")[1] for ln in out.splitlines() if "is not registered" in ln]
    assert flagged == names  # an entity a reader reads as a hyphen is the name: --ent


def test_ci_names_what_a_change_of_the_publication_rules_documents(repo: Repo, rg: Run) -> None:
    # (A marker no generator reads: a page with `draft: true` supports nothing whatever
    # the markers say, since some generator may hold it back.)
    repo.write(".receipt-gate.yaml", SITE.replace("{draft: true}", "{wip: true}"))
    repo.write("posts/a.md", "# A\n\nNothing yet.\n")
    repo.write(
        "posts/wip.md", "---\nwip: true\nstatus: drafted\n---\n# WIP\n\nTry `--turbo` someday.\n"
    )
    base = _checked_in(rg, repo)
    repo.write(".receipt-gate.yaml", SITE.replace("{draft: true}", "{published: false}"))
    rc, out, _ = rg("run")  # now published, so gated: its status: holds nothing back
    assert rc == 1 and "posts/wip.md:7:5: registered-terms: `--turbo`" in out
    repo.commit_all("markers", "--no-verify")
    # The same pages, published by other rules: the reviewer sees what that documents.
    rc, out, _ = rg("verify", "--rev", "HEAD", "--policy-from", base)
    assert (
        "receipt-gate: documents: posts/wip.md names --turbo, which no published page"
        " named before (registered-terms takes it as documented there)"
    ) in out.splitlines()
    # A post that then cites it is held to the rules before the change as well.
    repo.write("posts/fast.md", "# Fast\n\nWith `--turbo`.\n")
    assert rg("run")[0] == 0
    repo.commit_all("fast", "--no-verify")
    rc, out, _ = rg("verify", "--rev", "HEAD", "--policy-from", base)
    assert rc == 1 and "fast.md/registered-terms.json: fails under the rules in force" in out


def test_a_page_name_with_control_characters_is_shown_escaped(documented: Repo, rg: Run) -> None:
    documented.write("drafts/a.md", "Use `--incremental`.\n")
    assert rg("run")[0] == 0
    documented.commit_all("base")
    documented.write("posts/a\x1b[8mx\n.md", "# Zed\n\nRun `--zed`.\n")
    documented.commit_all("page", "--no-verify")
    rc, out, err = rg("verify", "--rev", "HEAD")
    assert (rc, out) == (2, "")
    assert err == (
        "receipt-gate: posts/a\\x1b[8mx\\n.md: the file name holds a control"
        " character, so no report can name it as it is; rename it\n"
    )


@pytest.mark.parametrize(
    ("text", "col"),
    [
        pytest.param("See [`--turbo`][nope] here.\n", 6, id="undefined-reference"),
        pytest.param("See [`--turbo`][] here.\n", 6, id="undefined-collapsed"),
        pytest.param("See [`--turbo`][r] here.\n\n[r]: #\n", 6, id="reference-to-nowhere"),
        pytest.param("See [`--turbo`](?) here.\n", 6, id="link-to-this-page-query"),
        pytest.param("See [`--turbo`](?x=1#top) here.\n", 6, id="link-to-this-page-query-2"),
        pytest.param(
            "See [`--turbo`][d] here.\n\n```\n[d]: https://x.example\n```\n",
            6,
            id="definition-in-a-code-block",
        ),
        pytest.param("See \\\\`--turbo` here.\n", 7, id="escaped-backslash"),
        pytest.param("See <code>--tur&#98;o</code> here.\n", 5, id="entity-in-code"),
        pytest.param("See <code>--tur<b></b>bo</code> here.\n", 5, id="tag-in-code"),
        pytest.param("See `\u2010\u2010turbo` here.\n", 5, id="unicode-hyphens"),
        pytest.param('A <span title="`"></span> `--turbo`.\n', 27, id="backtick-in-a-tag"),
        pytest.param("A <https://e.example/`> and `--turbo`.\n", 29, id="backtick-in-an-autolink"),
    ],
)
def test_a_name_as_a_renderer_shows_it_is_checked(text: str, col: int) -> None:
    """Each of these renders `--turbo` in code, with no link to a source."""
    rx = regex.compile("|".join(f"(?:{TERM_SHAPES[s]})" for s in DEFAULT_SHAPES))
    found, _, _ = find_unregistered(text, rx, set(), "claims.yaml")
    assert [(f.line, f.col, dict(f.extra)["term"]) for f in found] == [(1, col, "--turbo")]


def test_a_defined_reference_link_is_a_source() -> None:
    rx = regex.compile("|".join(f"(?:{TERM_SHAPES[s]})" for s in DEFAULT_SHAPES))
    text = (
        "See [`--turbo`][docs] and [`--warp`][].\n\n[docs]: https://a.example/t\n"
        "[`--warp`]: <https://a.example/w>\n"
    )
    assert find_unregistered(text, rx, set(), "claims.yaml")[0] == []


def test_sarif_carries_what_ci_says_to_a_reviewer(documented: Repo, rg: Run) -> None:
    from tests.test_formats import valid_sarif

    documented.write("drafts/a.md", "Use `--incremental`.\n")
    base = _checked_in(rg, documented)
    documented.write("posts/turbo.md", "# Turbo\n\nRun with `--turbo`.\n")
    assert rg("run")[0] == 0  # a name came: the receipts' fingerprint changed
    documented.commit_all("turbo", "--no-verify")
    rc, out, _ = rg("verify", "--rev", "HEAD", "--policy-from", base, "--format", "sarif")
    assert rc == 0
    notes = [
        n["message"]["text"]
        for n in valid_sarif(out)["runs"][0]["invocations"][0]["toolExecutionNotifications"]
    ]
    assert (
        "receipt-gate: documents: posts/turbo.md names --turbo, which no published page"
        " named before (registered-terms takes it as documented there)"
    ) in notes


def test_ci_names_a_page_that_vouches_for_a_name_only_the_draft_named(repo: Repo, rg: Run) -> None:
    repo.write(".receipt-gate.yaml", SITE)
    repo.write("posts/a.md", "# A\n\n```sh\ntool --turbo\n```\n")  # named, not in code
    base = _checked_in(rg, repo)
    repo.write("posts/a.md", "# A\n\nNow with `--turbo`.\n\n```sh\ntool --turbo\n```\n")
    repo.write("posts/b.md", "# B\n\nAlso --turbo.\n")  # vouches for a.md's name
    assert rg("run")[0] == 0
    repo.commit_all("vouch", "--no-verify")
    _, out, _ = rg("verify", "--rev", "HEAD", "--policy-from", base)
    assert (
        "receipt-gate: documents: posts/b.md names --turbo, which only posts/a.md named"
        " before (registered-terms takes it as documented there)"
    ) in out.splitlines()
    assert "documents: posts/a.md" not in out


@pytest.mark.parametrize("required", ["registered-terms", "headline-numbers"])
def test_a_copy_of_a_page_under_a_name_that_is_not_utf8_is_exit_2(
    documented: Repo, rg: Run, required: str
) -> None:
    documented.write(".receipt-gate.yaml", f"required: [{required}]\n" + DOCUMENTED_IN)
    documented.write("drafts/a.md", "Use `--incremental`.\n")
    (documented.path / "posts" / "copy\udcff.md").write_bytes(POST.encode())  # same bytes
    rc, out, err = rg("run")
    assert (rc, out) == (2, "")
    assert err == (
        "receipt-gate: posts/copy\ufffd.md: the file name is not UTF-8, so no receipt"
        " can name it; rename it\n"
    )


@pytest.mark.parametrize(
    "body",
    ['Run it with `{{ "--turbo-mode" }}`.', '{% assign f = "--turbo-mode" %}Run `{{ f }}`.'],
    ids=["literal", "assigned"],
)
def test_a_name_liquid_prints_is_read(terms: Repo, rg: Run, body: str) -> None:
    """The fifteenth pass: Jekyll printed an unregistered flag in a code span from a
    Liquid literal; the check read the tag."""
    terms.write("drafts/b.md", "---\nstatus: ready\n---\n# B\n\n" + body + "\n")
    rc, out, _ = rg("run", "drafts/b.md")
    assert rc == 1 and "`--turbo-mode` is not registered" in out, out


@pytest.mark.parametrize(("hugo", "documents"), [(False, True), (True, False)])
def test_an_index_beside_the_docs_holds_them_back_only_where_hugo_builds(
    repo: Repo, rg: Run, hugo: bool, documents: bool
) -> None:
    """Round 93, the Jekyll docs as published: `docs/_docs/index.md` beside every other
    page of the docs made each a Hugo leaf bundle's resource, so no page documented a
    name (55 false findings). On a Jekyll site it is a page among pages; where Hugo may
    build the site (its config there too), a page beside an index is still a bundle's
    resource."""
    repo.write("docs/_config.yml", "collections:\n  docs:\n    output: true\n")
    repo.write("docs/_posts/2024-01-01-hello.md", "---\ntitle: Hello\n---\nA post.\n")
    repo.write("docs/_docs/index.md", "---\ntitle: Home\n---\nHello.\n")
    repo.write("docs/_docs/posts.md", "---\ntitle: Posts\n---\nBuild with `--drafts`.\n")
    repo.write("docs/_docs/upgrading.md", "---\ntitle: Up\n---\nDrafts: `--drafts`.\n")
    if hugo:
        repo.write("hugo.toml", 'baseURL = "https://x.org/"\n')
    assert rg("init")[0] == 0
    rc, out, _ = rg("run", "docs/_docs/posts.md", "docs/_docs/upgrading.md")
    assert (rc == 0) is documents, out
    assert documents or "`--drafts` is not registered" in out
