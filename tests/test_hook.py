"""The commit hook in one process, without the framework: what it runs, stages and skips."""

from __future__ import annotations

import json
import os
import sys

import pytest

from tests.conftest import CONFIG, GOOD_DRAFT, TELLS, Repo, Run

AT = ".receipts/drafts/{}/ai-tells.json"


def staged(repo: Repo) -> set[str]:
    return set(repo.git("diff", "--cached", "--name-only").stdout.split())


def test_it_runs_what_is_not_fresh_on_the_staged_bytes_and_stages_exactly_that(
    content: Repo, rg: Run
) -> None:
    content.write("notes/todo.md", "not a draft\n")
    content.git("add", "drafts", ".receipt-gate.yaml")
    rc, out, _ = rg("pre-commit")
    assert rc == 0, out
    assert staged(content) == {
        ".receipt-gate.yaml",
        "drafts/intro.md",
        ".receipts/drafts/intro.md/ai-tells.json",
        ".receipts/drafts/intro.md/hook-length.json",
    }


def test_a_fresh_failing_receipt_is_not_run_again(content: Repo, rg: Run) -> None:
    content.write("drafts/intro.md", GOOD_DRAFT + TELLS + ".\n")
    assert rg("run")[0] == 1
    content.git("add", "-A")
    before = content.read(AT.format("intro.md"))
    rc, out, _ = rg("pre-commit")
    assert rc == 1
    assert out.count("AI tells weigh") == 1
    assert content.read(AT.format("intro.md")) == before
    assert "hint: fix the findings above, then commit again" in out


def test_a_verified_tree_is_not_judged_again_only_what_the_commit_changes(
    content: Repo, rg: Run
) -> None:
    for name in ("a", "b", "c"):
        content.write(f"drafts/{name}.md", GOOD_DRAFT.replace("The receipt gate", name))
    content.git("add", "-A")
    assert rg("pre-commit")[0] == 0
    assert content.git("commit", "-qm", "first", "--no-verify").returncode == 0
    # One draft changes: only it is judged; the others stand on HEAD's verified tree.
    content.write("drafts/b.md", GOOD_DRAFT.replace("The receipt gate", "b, again"))
    content.git("add", "drafts/b.md")
    rc, out, _ = rg("pre-commit")
    assert rc == 0, out
    assert "judged the drafts this commit changes" in out
    assert "ok: 1 gated draft" in out
    assert staged(content) == {
        "drafts/b.md",
        AT.format("b.md"),
        ".receipts/drafts/b.md/hook-length.json",
    }
    assert content.git("commit", "-qm", "b", "--no-verify").returncode == 0
    # A receipt of an unchanged draft, forged to fail, is a change: it is judged.
    path = AT.format("c.md")
    receipt = json.loads(content.read(path))
    receipt.update(verdict="fail", findings=[{"line": 1, "col": 1, "message": "forged"}])
    content.write(path, json.dumps(receipt))
    content.git("add", path)
    rc, out, _ = rg("pre-commit")
    assert rc == 1
    assert f"{path}: failed:" in out
    content.git("checkout", "HEAD", "--", path)
    # Nothing gated changed: nothing to judge.
    content.write("notes.txt", "x\n")
    content.git("add", "notes.txt")
    rc, out, _ = rg("pre-commit")
    assert (rc, out.strip()) == (
        0,
        "receipt-gate: ok: no gated draft or receipt changed since"
        " HEAD, whose tree was verified under the same rules",
    )
    # New rules: every draft is judged again.
    content.write(".receipt-gate.yaml", CONFIG + "checks:\n  hook-length: {max_chars: 200}\n")
    content.git("add", "-A")
    rc, out, _ = rg("pre-commit")
    assert rc == 0, out
    assert "ok: 4 gated drafts" in out


def test_a_large_index_listed_as_asked_decides_the_same(
    content: Repo, rg: Run, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Above SMALL_INDEX the index is listed a path or folder at a time: same verdicts."""
    from receipt_gate.trees import gittree

    monkeypatch.setattr(gittree, "SMALL_INDEX", 0)
    test_a_verified_tree_is_not_judged_again_only_what_the_commit_changes(content, rg)


# --- the record never stands in for a verdict that read what changed --------------------


def _committed(repo: Repo, rg: Run, message: str) -> None:
    repo.git("add", "-A")
    rc, out, err = rg("pre-commit")
    assert rc == 0, out + err
    assert repo.git("commit", "-qm", message, "--no-verify").returncode == 0


def test_a_corpus_change_judges_again_the_unchanged_drafts_that_read_it(
    repo: Repo, rg: Run
) -> None:
    """The 76-hour headline: a reply's 76 is supported by one post's body. The commit
    that takes 76 out of that body changes no line of the reply, yet the reply's verdict
    read it: the hook judges the reply again, and refuses it."""
    repo.write(
        ".receipt-gate.yaml",
        'drafts: ["replies/*.md"]\n'
        "required: [headline-numbers]\n"
        'checks: {headline-numbers: {articles: ["posts/*.md"]}}\n',
    )
    repo.write("posts/drift.md", "---\ntitle: Our schedule drifted 76 hours\n---\nIt did.\n")
    repo.write("posts/log.md", "---\ntitle: The log\n---\nThe queue was 76 hours behind.\n")
    repo.write("posts/other.md", "---\ntitle: Other\n---\nNothing here.\n")
    repo.write("replies/r.md", "It drifted 76 hours.\n")
    _committed(repo, rg, "first")
    repo.write("posts/other.md", "---\ntitle: Other\n---\nStill nothing.\n")
    repo.git("add", "-A")
    rc, out, _ = rg("pre-commit")
    assert rc == 0, out
    # a change no verdict read judges nothing again
    assert "ok: no gated draft or receipt changed since HEAD" in out
    repo.git("commit", "-qm", "other", "--no-verify")
    repo.write("posts/log.md", "---\ntitle: The log\n---\nThe queue was behind.\n")
    repo.git("add", "-A")
    rc, out, _ = rg("pre-commit")
    assert rc == 1, out
    assert (
        'replies/r.md:1:12: headline-numbers: 76 appears in the title "Our schedule'
        ' drifted 76 hours" (posts/drift.md) and in no article body'
    ) in out


def test_a_model_verdict_whose_evidence_changed_is_judged_again(
    modelled_repo: Repo, rg: Run
) -> None:
    _committed(modelled_repo, rg, "first")
    modelled_repo.write("posts/source.md", "# Source\n\nThe gate asks nobody at all.\n")
    modelled_repo.git("add", "-A")
    rc, out, _ = rg("pre-commit")
    assert rc == 1, out
    assert "tone.json: unquoted: criterion" in out


@pytest.fixture
def modelled_repo(content: Repo, rg: Run) -> Repo:
    from tests.test_checks import MODEL

    py = json.dumps(sys.executable)
    content.write("model.py", MODEL)
    content.write("posts/source.md", "# Source\n\nThe gate compares hashes and asks nobody.\n")
    content.write(
        ".receipt-gate.yaml",
        'drafts: ["drafts/**/*.md"]\nrequired: [ai-tells,'
        f" tone]\nchecks:\n  tone: {{kind: model, command: [{py}, model.py]}}\n",
    )
    rc, out, err = rg("grade", "--check", "tone")
    assert rc == 0, out + err
    return content


def test_a_baseline_entry_dropped_judges_its_draft_again(content: Repo, rg: Run) -> None:
    content.write("drafts/intro.md", GOOD_DRAFT + "\n" + TELLS + ".\n")
    rc, out, err = rg("adopt", "--baseline")
    assert rc == 0, out + err
    _committed(content, rg, "adopted with a baseline")
    baseline = json.loads(content.read(".receipt-gate-baseline.json"))
    content.write(".receipt-gate-baseline.json", json.dumps({**baseline, "findings": {}}))
    content.git("add", "-A")
    rc, out, _ = rg("pre-commit")
    assert rc == 1, out
    assert "AI tells weigh" in out


# --- what an adversary got past the record (each refused now) ---------------------------


def test_a_new_draft_whose_name_starts_with_a_bang_is_judged(repo: Repo, rg: Run) -> None:
    """`!x.md` looked up as a glob was one that leaves x.md out: the hook called it not
    in the index and passed it unjudged."""
    repo.write(".receipt-gate.yaml", 'drafts: ["**/*.md"]\nrequired: [ai-tells]\n')
    repo.write("notes.md", "# Notes\n\nA plain note about the week.\n")
    _committed(repo, rg, "first")
    repo.write("!wrap-up.md", "# Wrap-up\n\n" + TELLS + ".\n")
    repo.write("notes.md", "# Notes\n\nA plain note about the week, and one more.\n")
    repo.git("add", "-A")
    rc, out, _ = rg("pre-commit")
    assert rc == 1, out
    assert "!wrap-up.md:3:1: ai-tells: AI tells weigh" in out


def test_a_gitattributes_change_judges_every_draft_again(content: Repo, rg: Run) -> None:
    """An attribute can make git convert a draft on checkout (Git LFS): readers would see
    other bytes than the ones checked. No draft is unchanged after such a commit."""
    _committed(content, rg, "first")
    content.write(".gitattributes", "drafts/intro.md filter=lfs diff=lfs merge=lfs -text\n")
    content.git("add", "-A")
    rc, out, err = rg("pre-commit")
    assert rc in (1, 2), out + err
    assert "drafts/intro.md" in out + err and "filter=lfs" in out + err


def test_a_rubric_changed_in_the_commit_is_a_rule_change(content: Repo, rg: Run) -> None:
    """A model check's rubric is a rule, read from HEAD's commit: a commit that loosens it
    and lands a draft graded under the loose one is judged by HEAD's rubric."""
    from tests.test_checks import MODEL

    py = json.dumps(sys.executable)
    content.write("model.py", MODEL)
    content.write("tone.md", "calm\n")
    content.write("posts/source.md", "# Source\n\nThe gate compares hashes and asks nobody.\n")
    content.write(
        ".receipt-gate.yaml",
        'drafts: ["drafts/**/*.md"]\nrequired: [ai-tells,'
        f" tone]\nchecks:\n  tone: {{kind: model, command: [{py}, model.py],"
        " rubric: tone.md}\n",
    )
    assert rg("grade", "--check", "tone")[0] == 0
    _committed(content, rg, "first")
    content.write("tone.md", "anything goes\n")
    content.write("drafts/b.md", GOOD_DRAFT.replace("The receipt gate", "Another"))
    assert rg("grade", "--check", "tone")[0] == 0
    content.git("add", "-A")
    rc, out, _ = rg("pre-commit")
    assert rc == 1, out
    assert "drafts/b.md/tone.json: not made by the trusted tone" in out, out


def test_push_reads_every_change_a_verdict_could_read(content: Repo) -> None:
    """The push hook's fast path skips a commit only if nothing it changes is read: an
    attributes file, an input of a check required from a later state, any file a
    model's evidence could quote."""
    from receipt_gate.invariant.push import relevant
    from receipt_gate.rules.config import parse

    cfg = parse(
        {
            "drafts": ["drafts/*.md"],
            "required": ["ai-tells"],
            "required_from": {"shipped": ["headline-numbers"]},
            "checks": {"headline-numbers": {"articles": ["posts/*.md"]}},
        }
    )
    assert relevant(cfg, "docs/.gitattributes") and relevant(cfg, "posts/a.md")
    assert not relevant(cfg, "src/main.py")
    modelled = parse(
        {
            "drafts": ["drafts/*.md"],
            "required": ["ai-tells", "tone"],
            "checks": {"tone": {"kind": "model", "command": ["python3", "m.py"]}},
        }
    )
    assert relevant(modelled, "sources/facts.md")


def test_an_amend_of_a_rule_change_is_held_to_the_rules_before_it(repo: Repo) -> None:
    """git tells a pre-commit hook nothing of `--amend`: amending the commit that narrowed
    `drafts:` was judged by the narrowed rules alone, so a bad draft the old rules gate
    got in. Where HEAD changed the rules, the rules it was judged by hold too (a real
    `git commit --amend` through the hook, the hook calling the real CLI)."""
    import os
    import stat

    hook = repo.path / ".git" / "hooks" / "pre-commit"
    hook.write_text(f"#!/bin/sh\nexec {sys.executable} -m receipt_gate pre-commit\n")
    hook.chmod(hook.stat().st_mode | stat.S_IEXEC)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}

    def commit(*argv: str) -> tuple[int, str]:
        import subprocess

        done = subprocess.run(
            ["git", "commit", "-q", *argv], cwd=repo.path, env=env, capture_output=True, text=True
        )
        return done.returncode, done.stdout + done.stderr

    repo.write(".receipt-gate.yaml", CONFIG)
    repo.write("drafts/intro.md", GOOD_DRAFT)
    repo.git("add", "-A")
    assert commit("-m", "the gate")[0] == 0
    repo.write(".receipt-gate.yaml", CONFIG.replace("drafts/**/*.md", "drafts/intro.md"))
    repo.git("add", "-A")
    assert commit("-m", "gate only the intro")[0] == 0  # honest: nothing else to gate
    repo.write("drafts/bad.md", GOOD_DRAFT + "\n" + TELLS + ".\n")
    repo.git("add", "-A")
    rc, out = commit("--amend", "--no-edit")
    assert rc == 1, out
    assert "drafts/bad.md" in out and "the rules HEAD was judged by" in out
    # A commit on top is held to them as well (git cannot tell it from an amend) ...
    rc, out = commit("-m", "a new post")
    assert rc == 1 and "drafts/bad.md" in out
    # ... until the narrowing is no longer HEAD's own change.
    repo.git("reset", "-q", "drafts/bad.md")
    assert commit("--allow-empty", "-m", "settle the rules")[0] == 0
    repo.git("add", "-A")
    rc, out = commit("-m", "a new post")
    assert rc == 0, out


def test_rules_before_head_that_do_not_load_block_no_commit(repo: Repo, rg: Run) -> None:
    """HEAD^'s config does not parse (fixed by HEAD): nothing was judged by it, so the
    amend check leaves it out rather than refusing every commit (a reviewer's case)."""
    repo.write(".receipt-gate.yaml", CONFIG + "bogus_key: 1\n")
    repo.write("drafts/intro.md", GOOD_DRAFT)
    repo.git("add", "-A")
    repo.git("commit", "-qm", "broken rules", "--no-verify")
    repo.write(".receipt-gate.yaml", CONFIG)
    assert rg("run")[0] == 0
    repo.git("add", "-A")
    repo.git("commit", "-qm", "fixed rules", "--no-verify")
    repo.write("drafts/intro.md", GOOD_DRAFT + "\nOne more line.\n")
    repo.git("add", "-A")
    rc, out, err = rg("pre-commit")
    assert rc == 0, out + err


@pytest.mark.parametrize("most", [256, 1])
def test_a_run_of_commits_is_kept_against_one_whole_tree_and_answers_as_the_whole_way(
    content: Repo, rg: Run, monkeypatch: pytest.MonkeyPatch, most: int
) -> None:
    """A site's record of verified trees is megabytes: each commit keeps what changed
    since the last tree held whole in a file of its own, and the whole tree is written
    again only when that outgrows a part of it (`most`: at once). Either way each
    commit judges only what it changes, and verify answers as from nothing."""
    from receipt_gate.invariant import verified

    monkeypatch.setattr(verified, "_small", lambda d, r, s, f: len(d) + len(r or {}) <= most)
    trees = content.path / ".git" / "receipt-gate" / verified.FILE
    for name in "abc":
        content.write(f"drafts/{name}.md", GOOD_DRAFT.replace("The receipt gate", name))
    _committed(content, rg, "first")
    content.write("drafts/a.md", GOOD_DRAFT.replace("The receipt gate", "a, again"))
    _committed(content, rg, "a")
    written = [trees.stat().st_ino, trees.stat().st_mtime_ns] if trees.exists() else None
    steps = [("d", "new"), ("b", "edit"), ("c", "gone"), ("d", "edit"), ("e", "new")]
    for name, what in steps:
        if what == "gone":
            content.git("rm", "-rq", f"drafts/{name}.md", f".receipts/drafts/{name}.md")
        else:
            content.write(f"drafts/{name}.md", GOOD_DRAFT.replace("The receipt gate", name + what))
        content.git("add", "-A")
        rc, out, err = rg("pre-commit")
        assert rc == 0 and "judged the drafts this commit changes" in out, out + err
        assert content.git("commit", "-qm", name, "--no-verify").returncode == 0
    now = [trees.stat().st_ino, trees.stat().st_mtime_ns] if trees.exists() else None
    assert (now == written) == (most > 1)
    content.write("notes.txt", "x\n")
    content.git("add", "notes.txt")
    assert "ok: no gated draft or receipt changed since HEAD" in rg("pre-commit")[1]
    content.git("commit", "-qm", "notes", "--no-verify")
    rc, fast, _ = rg("verify")
    assert rc == 0 and "unchanged since HEAD" in fast, fast
    for f in (content.path / ".git" / "receipt-gate").glob("*"):
        if f.is_file():
            f.unlink()
    whole = rg("verify")[1].splitlines()[0]
    assert fast.splitlines()[0].startswith(whole) and "ok: 5 gated drafts" in whole, whole


def test_two_pages_one_commit_adds_at_one_address_support_nothing(repo: Repo, rg: Run) -> None:
    """Round 33: one commit added the supporting page and a twin written to its file
    (`notes.md` beside `notes.markdown`) with the citing reply; the commit hook's update
    of the corpus compared each added page with the others, not with one another."""
    repo.write(
        ".receipt-gate.yaml",
        'drafts: ["replies/*.md"]\nrequired: [headline-numbers]\n'
        'checks: {headline-numbers: {articles: ["posts/*.md", "posts/*.markdown"]}}\n',
    )
    repo.write("posts/drift.md", "---\ntitle: Our schedule drifted 76 hours\n---\nIt did.\n")
    repo.write("replies/old.md", "Nothing to cite.\n")
    _committed(repo, rg, "first")
    repo.write("posts/notes.md", "---\ntitle: Notes\n---\nThe queue was 76 hours behind.\n")
    repo.write("posts/notes.markdown", "---\ntitle: Notes\n---\nOther notes.\n")
    repo.write("replies/r.md", "It drifted 76 hours.\n")
    repo.git("add", "-A")
    rc, out, _ = rg("pre-commit")
    assert rc == 1 and "replies/r.md:1:12" in out, out


def _one_draft_committed(repo: Repo, rg: Run, config: str = "") -> None:
    """One draft under ai-tells (and `config` more), committed through the hook."""
    repo.write(".receipt-gate.yaml", f'drafts: ["drafts/*.md"]\nrequired: [ai-tells]\n{config}')
    repo.write("drafts/a.md", "It works.\n")
    _committed(repo, rg, "first")


def test_a_file_in_the_run_folder_that_is_no_receipt_is_refused(repo: Repo, rg: Run) -> None:
    """Round 35: Eleventy builds a dot folder's pages (and a config may copy or include
    the run folder), yet the gate reads nothing there as the site's: a page added to it
    was published unchecked. Every gate refuses a file there that is no receipt."""
    _one_draft_committed(repo, rg)
    repo.write(".receipts/notes/launch.md", "In conclusion, a testament to resilience.\n")
    said = ".receipts/notes/launch.md: in the run folder (.receipts/), which holds receipts only"
    repo.git("add", "-A")
    for argv in (["pre-commit"], ["verify", "--staged"], ["verify"]):
        rc, out, err = rg(*argv)
        assert rc != 0 and said in out + err, (argv, out + err)
    repo.git("commit", "-qm", "stray", "--no-verify")
    rc, out, err = rg("verify", "--rev", "HEAD")
    assert rc != 0 and said in out + err, out + err
    repo.git("rm", "-q", ".receipts/notes/launch.md")
    assert rg("pre-commit")[0] == 0
    # Round 45: a .json no check's receipt is (a Hugo layout read and printed it)
    repo.write(".receipts/notes/launch.json", '{"text": "A testament to resilience."}\n')
    repo.git("add", "-A")
    rc, out, err = rg("pre-commit")
    assert rc != 0 and ".receipts/notes/launch.json: in the run folder" in out + err, out + err


@pytest.mark.parametrize(
    ("config", "path", "said"),
    [
        ("", ".receipts/notes/ai-tells.json", "a symlink there leads a generator elsewhere"),
        ("run_dir: receipts\n", "receipts/notes/ai-tells.json", "front matter: Jekyll renders"),
        ("draft_markers: {}\n", "_config.yml", "_config.yml: names the run folder"),
        ("draft_markers: {}\n", "_config.yml#glob", "_config.yml: names the run folder"),
        ("draft_markers: {}\n", "_config.yml#.r", "_config.yml: names the run folder"),
        ("draft_markers: {}\n", "_config.yml#.", "_config.yml: names the run folder"),
    ],
)
def test_what_a_generator_may_publish_from_the_run_folder_is_refused(
    repo: Repo, rg: Run, config: str, path: str, said: str
) -> None:
    """Round 36: a symlink named like a receipt (Eleventy follows it), a file with front
    matter in a run folder with no dot (Jekyll renders it), a site config that names the
    run folder (`include: [.receipts]`, Eleventy's dir.data; `include: [.r]`, which
    Jekyll takes for a prefix): each got a page past every gate; each is refused."""
    _one_draft_committed(repo, rg, config)
    if path.startswith(".receipts/notes/"):
        os.makedirs(repo.path / ".receipts/notes", exist_ok=True)
        os.symlink("../../node_modules/notes", repo.path / path)
    elif path.startswith("_config.yml"):  # (round 37: a glob, a YAML escape)
        # (round 38: Jekyll includes what starts with an entry: `.r`, `.`)
        entry = {"glob": "'.rec*'", ".r": ".r", ".": "'.'"}.get(path.partition("#")[2])
        repo.write("_config.yml", f"include: [{entry or '.receipts'}]\n")
    else:
        repo.write(path, "---\npermalink: /launch/index.html\n---\nIn conclusion.\n")
    repo.git("add", "-A")
    rc, out, err = rg("pre-commit")
    assert rc != 0 and said in out + err, out + err
    repo.git("commit", "-qm", "stray", "--no-verify")
    rc, out, err = rg("verify", "--rev", "HEAD")
    assert rc != 0 and said in out + err, out + err


_PLUGIN = 'module.exports = (c) => { c.addExtension(%s, { compile: () => () => "" }); };\n'


@pytest.mark.parametrize(
    ("code", "plugin", "refused"),
    [
        ('c.addExtension("json", { compile: () => () => "" });', "", True),
        # Round 38: the name or the call the gate read with a pattern, spelled otherwise
        ('c.addExtension("js" + "on", { compile: () => () => "" });', "", True),
        ('c["addExtension"]("json", { compile: () => () => "" });', "", True),
        ('const e = ["json"]; c.addExtension(e, {});', "", True),
        ('require(path.join(__dirname, "lib", "p.js"))(c);', _PLUGIN % '"json"', True),
        ('require("./lib/p.js")(c);', _PLUGIN % '["js" + "on"]', True),
        ("require(process.env.PLUGIN)(c);", "", True),
        # Round 39: an escape in the name, a key a later one overrides, a path put
        # together in a template string, a method named in code
        ('c.addExtension("jso\\u006e", { compile: () => () => "" });', "", True),
        (
            'c.addExtension("json", { outputFileExtension: "css", outputFileExtension: "html" });',
            "",
            True,
        ),
        ("require(`${__dirname}/lib/p.js`)(c);", _PLUGIN % '"json"', True),
        ("require(`${__dirname}/lib/p.js`)(c);", _PLUGIN % '"scss"', False),
        ('const m = "add" + "Extension"; c[m]("json", {});', "", True),
        # (a review: a name declared with let and assigned again)
        ('let e = "md"; e = "json"; c.addExtension(e, {});', "", True),
        ('const e = "scss"; c.addExtension(e, { outputFileExtension: "css" });', "", False),
        # (honest: another extension; a plugin by a path the gate joins)
        ('c.addExtension("scss", { outputFileExtension: "css" });', "", False),
        ('require(path.join(__dirname, "lib", "p.js"))(c);', _PLUGIN % '"scss"', False),
    ],
)
def test_an_eleventy_config_that_may_render_json_is_refused(
    repo: Repo, rg: Run, code: str, plugin: str, refused: bool
) -> None:
    """Round 38: Eleventy 3 published a receipt-shaped page of the run folder through an
    extension the gate read with patterns: `"js" + "on"`, `c["addExtension"]`, a plugin
    required by `path.join`. What the gate cannot read counts as rendering .json."""
    _one_draft_committed(repo, rg, "draft_markers: {}\n")
    repo.write(
        "eleventy.config.js",
        f'const path = require("path");\nmodule.exports = function (c) {{ {code} }};\n',
    )
    if plugin:
        repo.write("lib/p.js", plugin)
    repo.git("add", "-A")
    rc, out, err = rg("pre-commit")
    # (`"js" + "on"` is read as js and on too: the config is a page then, refused so)
    said = ("eleventy.config.js: may render .json files as pages", "eleventy.config.js: renders")
    assert (rc != 0 and any(x in err for x in said)) if refused else rc == 0, out + err


def test_a_config_that_leaves_the_run_folder_out_names_it_honestly(repo: Repo, rg: Run) -> None:
    """A Jekyll site that excludes its run folder (`exclude: [.receipts, ".*"]`) keeps it
    out of the site: no refusal."""
    repo.write("_config.yml", "exclude: [.receipts, '.*']\n")
    _one_draft_committed(repo, rg, "draft_markers: {}\n")
