"""The gate at push: commits made with --no-verify cannot leave the machine."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.conftest import GOOD_DRAFT, TELLS, Repo, Run
from tests.test_e2e_pre_commit import install

AT = ".receipts/drafts/intro.md/ai-tells.json"


def push(repo: Repo, *refs: str) -> tuple[int, str]:
    proc = repo.git("push", "origin", *refs, check=False)
    return proc.returncode, proc.stdout + proc.stderr


def remote_refs(repo: Repo) -> set[str]:
    out = repo.git("ls-remote", "--heads", "origin").stdout
    return {line.split("\t")[1] for line in out.splitlines()}


@pytest.fixture
def pushed(content: Repo, rg: Run, tmp_path: object) -> Repo:
    """A checked first commit, pushed to a bare remote in a temp folder."""
    remote = f"{tmp_path}/remote.git"
    subprocess.run(["git", "init", "-q", "--bare", remote], check=True)
    content.git("remote", "add", "origin", remote)
    assert rg("run")[0] == 0
    assert content.commit_all("first").returncode == 0
    return content


def test_verify_rev_on_a_clean_history(pushed: Repo, rg: Run) -> None:
    pushed.write("drafts/second.md", GOOD_DRAFT.replace("The receipt gate", "Second"))
    rg("run")
    assert pushed.commit_all("second").returncode == 0
    for rev in pushed.git("rev-list", "HEAD").stdout.split():
        rc, out, _ = rg("verify", "--rev", rev)
        assert rc == 0, out


def test_plain_hook_reads_every_line_of_stdin(pushed: Repo) -> None:
    good = pushed.git("rev-parse", "HEAD").stdout.strip()
    pushed.git("checkout", "-q", "-b", "bad")
    pushed.write("drafts/intro.md", GOOD_DRAFT + "An edit after the checks.\n")
    pushed.commit_all("stale", "--no-verify")
    bad = pushed.git("rev-parse", "HEAD").stdout.strip()
    zero = "0" * 40
    lines = (
        f"refs/heads/main {good} refs/heads/main {zero}\n"
        f"(delete) {zero} refs/heads/old {good}\n"
        f"refs/heads/bad {bad} refs/heads/bad {zero}\n"
    )
    proc = subprocess.run(
        [sys.executable, "-m", "receipt_gate", "pre-push", "origin", "url"],
        input=lines,
        capture_output=True,
        text=True,
        cwd=pushed.path,
    )
    assert proc.returncode == 1, proc.stdout
    assert f"receipt-gate: pushing refs/heads/bad ({bad[:12]}):" in proc.stdout
    assert f"{AT}: stale: the draft changed after" in proc.stdout
    only_good = subprocess.run(
        [sys.executable, "-m", "receipt_gate", "pre-push", "origin", "url"],
        input=lines.split("(delete)")[0],
        capture_output=True,
        text=True,
        cwd=pushed.path,
    )
    assert only_good.returncode == 0, only_good.stdout


def test_plain_hook_bad_stdin_is_exit_2(pushed: Repo) -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "receipt_gate", "pre-push"],
        input="garbage\n",
        capture_output=True,
        text=True,
        cwd=pushed.path,
    )
    assert (proc.returncode, proc.stderr) == (
        2,
        "receipt-gate: pre-push: expected '<local ref> <local oid> <remote ref> <remote oid>'"
        " on standard input, got 'garbage'\n",
    )


@pytest.fixture
def hooked_push(
    pushed: Repo, hook_repo: tuple[str, str], pre_commit_home: str, monkeypatch: pytest.MonkeyPatch
) -> Repo:
    monkeypatch.setenv("PRE_COMMIT_HOME", pre_commit_home)
    install(pushed, hook_repo, ("receipt-gate", "receipt-gate-push"))
    subprocess.run(
        [sys.executable, "-m", "pre_commit", "install", "--hook-type", "pre-push"],
        cwd=pushed.path,
        check=True,
        capture_output=True,
    )
    assert pushed.commit_all("hooks").returncode == 0
    rc, out = push(pushed, "main")
    assert rc == 0, out
    return pushed


@pytest.mark.e2e
def test_a_no_verify_commit_is_refused_as_a_tip_and_passes_once_fixed(
    hooked_push: Repo, rg: Run
) -> None:
    """A tip is what a site publishes: an unchecked tip is refused; fixed by the next
    commit, the push goes through the real pre-commit (a history need not be
    rewritten), and the output says a commit on the way fails."""
    hooked_push.write("drafts/intro.md", GOOD_DRAFT + "An edit after the checks.\n")
    assert hooked_push.commit_all("skip the gate", "--no-verify").returncode == 0
    unchecked = hooked_push.git("rev-parse", "HEAD").stdout.strip()
    rc, out = push(hooked_push, "main")
    assert rc == 1
    assert f"{AT}: stale: the draft changed after" in out
    assert (
        "hint: a pushed tip must hold (commits on the way need not): fix what is named"
        " in a new commit, then push again"
    ) in out
    assert rg("verify", "--rev", "HEAD")[0] == 1
    rg("run")
    assert hooked_push.commit_all("checked").returncode == 0
    rc, out = push(hooked_push, "main")
    assert rc == 0, out
    assert (
        f"receipt-gate: refs/heads/main: 1 earlier commit on the way fail"
        f" ({unchecked[:12]}); the tip holds"
    ) in out


@pytest.mark.e2e
def test_multi_ref_push_with_only_the_second_ref_bad(hooked_push: Repo, rg: Run) -> None:
    """pre-commit names its hook the first ref with new commits (a-good): b-bad, a local
    branch the push may carry, is named in a line, never refused; the plain hook, told
    both by git, refuses b-bad."""
    hooked_push.git("checkout", "-q", "-b", "a-good")
    hooked_push.write("drafts/more.md", GOOD_DRAFT.replace("The receipt gate", "More"))
    rg("run")
    assert hooked_push.commit_all("good").returncode == 0
    hooked_push.git("checkout", "-q", "-b", "b-bad", "main")
    hooked_push.write("drafts/intro.md", GOOD_DRAFT + "An edit after the checks.\n")
    assert hooked_push.commit_all("bad", "--no-verify").returncode == 0
    good, bad = (hooked_push.git("rev-parse", r).stdout.strip() for r in ("a-good", "b-bad"))
    zero = "0" * 40
    proc = subprocess.run(
        [sys.executable, "-m", "receipt_gate", "pre-push", "origin", "url"],
        input=f"refs/heads/a-good {good} refs/heads/a-good {zero}\n"
        f"refs/heads/b-bad {bad} refs/heads/b-bad {zero}\n",
        capture_output=True,
        text=True,
        cwd=hooked_push.path,
    )
    assert proc.returncode == 1 and "receipt-gate: pushing refs/heads/b-bad" in proc.stdout
    rc, out = push(hooked_push, "a-good", "b-bad")
    assert rc == 0, out
    assert ("receipt-gate: note: refs/heads/b-bad would fail under the rules in force") in out


def test_fast_path_when_nothing_the_gate_reads_changed(pushed: Repo) -> None:
    old = pushed.git("rev-parse", "HEAD").stdout.strip()
    pushed.write("notes.txt", "not a draft\n")
    assert pushed.commit_all("notes").returncode == 0
    new = pushed.git("rev-parse", "HEAD").stdout.strip()
    line = f"refs/heads/main {new} refs/heads/main {old}\n"
    proc = subprocess.run(
        [sys.executable, "-m", "receipt_gate", "pre-push"],
        input=line,
        capture_output=True,
        text=True,
        cwd=pushed.path,
    )
    assert (proc.returncode, proc.stdout) == (
        0,
        f"receipt-gate: refs/heads/main: nothing the gate"
        f" reads changed since {old[:12]}; not verified"
        " again\n",
    )
    pushed.write("drafts/intro.md", GOOD_DRAFT + "x\n")
    pushed.commit_all("draft edit", "--no-verify")
    newer = pushed.git("rev-parse", "HEAD").stdout.strip()
    proc = subprocess.run(
        [sys.executable, "-m", "receipt_gate", "pre-push"],
        input=f"refs/heads/main {newer} refs/heads/main {new}\n",
        capture_output=True,
        text=True,
        cwd=pushed.path,
    )
    assert proc.returncode == 1


def test_a_bad_commit_pushed_as_a_second_ref_is_a_tip_the_plain_hook_refuses(
    pushed: Repo, rg: Run
) -> None:
    """`git push origin main main~1:refs/heads/sneaky`: git names both tips to the plain
    hook, and the unchecked one is refused as the tip of the ref it sets. (pre-commit
    names its hook one ref; CI judges what lands: docs/rules-and-threat-model.md.)"""
    old = pushed.git("rev-parse", "HEAD").stdout.strip()
    pushed.write("drafts/intro.md", GOOD_DRAFT + "An edit after the checks.\n")
    assert pushed.commit_all("unchecked", "--no-verify").returncode == 0
    rg("run")
    assert pushed.commit_all("checked").returncode == 0
    good, bad = (pushed.git("rev-parse", r).stdout.strip() for r in ("HEAD", "HEAD~1"))
    zero = "0" * 40
    lines = f"refs/heads/main {good} refs/heads/main {old}\nHEAD~1 {bad} refs/heads/sneaky {zero}\n"
    proc = subprocess.run(
        [sys.executable, "-m", "receipt_gate", "pre-push", "origin", "url"],
        input=lines,
        capture_output=True,
        text=True,
        cwd=pushed.path,
    )
    assert proc.returncode == 1, proc.stdout
    assert f"receipt-gate: pushing HEAD~1 ({bad[:12]}):" in proc.stdout
    assert f"{AT}: stale: the draft changed after" in proc.stdout


@pytest.mark.e2e
def test_an_unpushed_failing_branch_does_not_block_pushing_main(hooked_push: Repo, rg: Run) -> None:
    """A local branch pre-commit does not name (an old one, failing since a check's
    version moved) is named in one line, never refused: main is what is pushed."""
    hooked_push.git("checkout", "-q", "-b", "old-work")
    hooked_push.write("drafts/old.md", GOOD_DRAFT + "\n" + TELLS + ", an old idea.\n")
    assert hooked_push.commit_all("old work", "--no-verify").returncode == 0
    hooked_push.git("checkout", "-q", "main")
    hooked_push.write("drafts/more.md", GOOD_DRAFT.replace("The receipt gate", "More"))
    rg("run")
    assert hooked_push.commit_all("more").returncode == 0
    rc, out = push(hooked_push, "main")
    assert rc == 0, out
    assert (
        "receipt-gate: note: refs/heads/old-work would fail under the rules in force"
        " (receipt-gate verify --rev refs/heads/old-work); not refused"
    ) in out
    assert remote_refs(hooked_push) == {"refs/heads/main"}


BAD_TELL = GOOD_DRAFT + "\n" + TELLS + ".\n"
NO_SUPPRESSIONS = "checks: {ai-tells: {suppressions: false}}\n"


@pytest.mark.e2e
@pytest.mark.parametrize(
    ("before", "edit", "draft", "said"),
    [
        pytest.param(
            "",
            lambda c: c.replace("required: [ai-tells, hook-length]", "required: []"),
            BAD_TELL,
            "policy change: weakens: drops ai-tells from required",
            id="required-emptied",
        ),
        pytest.param(
            "",
            lambda c: c + "gate_from: measured\n",
            BAD_TELL,
            "changes states/gate_from: gate_from ready -> measured",
            id="gate-from-later",
        ),
        pytest.param(
            NO_SUPPRESSIONS,
            lambda c: c.replace("suppressions: false", "suppressions: true"),
            GOOD_DRAFT + "\n<!-- receipt-gate: ignore ai-tells -->\n" + TELLS + ".\n",
            "policy change: changes checks.ai-tells: suppressions",
            id="suppressions-on",
        ),
        pytest.param(
            "",
            None,
            BAD_TELL.replace("status: ready", "status: idea\nstatus: ready"),
            "drafts/intro.md:4: front matter: duplicate key 'status'",
            id="status-given-twice",
        ),
    ],
)
def test_the_local_hooks_refuse_an_attack_in_one_commit(
    hooked_push: Repo,
    rg: Run,
    before: str,
    edit: Callable[[str], str] | None,
    draft: str,
    said: str,
) -> None:
    """Through the real pre-commit: the commit is refused by the commit hook; made with
    --no-verify, the push is refused by the push hook, and nothing reaches the remote."""
    repo = hooked_push
    if before:
        repo.write(".receipt-gate.yaml", repo.read(".receipt-gate.yaml") + before)
        rg("run")
        assert repo.commit_all("the rules in force").returncode == 0
        assert push(repo, "main")[0] == 0
    tip = repo.git("rev-parse", "refs/remotes/origin/main").stdout
    if edit is not None:
        repo.write(".receipt-gate.yaml", edit(repo.read(".receipt-gate.yaml")))
    repo.write("drafts/intro.md", draft)
    rg("run")
    repo.git("add", "-A")
    proc = repo.git("commit", "-m", "attack", check=False)
    out = proc.stdout + proc.stderr
    assert proc.returncode != 0, out
    assert said in out
    assert repo.git("commit", "-q", "--no-verify", "-m", "attack").returncode == 0
    rc, out = push(repo, "main")
    assert rc == 1, out
    assert said in out
    assert repo.git("rev-parse", "refs/remotes/origin/main").stdout == tip
    assert remote_refs(repo) == {"refs/heads/main"}


# --- every push shape, judged by the rules of the ref it changes ---------------------

BAD = GOOD_DRAFT + "\n" + TELLS + ".\n"


@pytest.fixture
def plain_push(pushed: Repo, rg: Run, monkeypatch: pytest.MonkeyPatch) -> Repo:
    """The plain git hooks (`init --git-hooks`), reading git's own pre-push lines."""
    monkeypatch.setenv("PATH", f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}")
    assert rg("init", "--git-hooks")[0] == 0
    pushed.git("config", "core.hooksPath", ".githooks")
    assert pushed.commit_all("hooks").returncode == 0
    rc, out = push(pushed, "main")
    assert rc == 0, out
    return pushed


def _bad_commit(repo: Repo, *git_args: str) -> str:
    repo.write("drafts/intro.md", BAD)
    repo.git("add", "-A")
    repo.git("commit", "-qm", "bad", "--no-verify", *git_args)
    return repo.git("rev-parse", "HEAD").stdout.strip()


def _loose_branch_on_remote(repo: Repo) -> None:
    """A branch with weak rules (none required) and a bad draft, put on the remote as
    its own: pushed where no rules were in force yet (the remote fetches it), then
    fetched back. The checkout stays on it."""
    repo.git("checkout", "-q", "-b", "loose")
    repo.write(".receipt-gate.yaml", 'drafts: ["drafts/**/*.md"]\nrequired: []\n')
    repo.git("add", "-A")
    repo.git("commit", "-qm", "loosen", "--no-verify")
    _bad_commit(repo)
    remote = repo.git("remote", "get-url", "origin").stdout.strip()
    subprocess.run(
        ["git", "--git-dir", remote, "fetch", "-q", str(repo.path), "loose:loose"], check=True
    )
    repo.git("fetch", "-q", "origin")


@pytest.fixture(params=["pre-commit", "plain"])
def any_push(request: pytest.FixtureRequest) -> Repo:
    repo: Repo = request.getfixturevalue(
        "hooked_push" if request.param == "pre-commit" else "plain_push"
    )
    return repo


@pytest.mark.e2e
def test_an_orphan_branch_is_verified(any_push: Repo) -> None:
    any_push.git("checkout", "-q", "--orphan", "fresh")
    _bad_commit(any_push)
    rc, out = push(any_push, "fresh")
    assert rc == 1, out
    assert "nothing to verify" not in out
    assert "refs/heads/fresh" not in remote_refs(any_push)


@pytest.mark.e2e
def test_a_merged_unrelated_root_then_a_fast_forward_of_main(any_push: Repo) -> None:
    any_push.git("checkout", "-q", "--orphan", "other")
    any_push.git("rm", "-rq", "--cached", ".")
    _bad_commit(any_push)
    any_push.git("checkout", "-q", "-f", "main")
    any_push.git(
        "merge",
        "-q",
        "--no-verify",
        "--allow-unrelated-histories",
        "-X",
        "theirs",
        "-m",
        "merge",
        "other",
    )
    rc, out = push(any_push, "main")
    assert rc == 1, out
    assert remote_refs(any_push) == {"refs/heads/main"}


@pytest.mark.e2e
def test_a_force_push_of_commits_the_remote_has_is_judged_by_mains_rules(
    any_push: Repo, rg: Run
) -> None:
    """The remote has a loose branch with weaker rules and a bad draft; forcing main to it
    must meet main's rules, though none of its commits is new to the remote."""
    _loose_branch_on_remote(any_push)
    rc, out = push(any_push, "-f", "loose:main")
    assert rc == 1, out
    assert "policy change: weakens: drops ai-tells from required" in out
    assert (
        any_push.git("rev-parse", "refs/remotes/origin/main").stdout
        != any_push.git("rev-parse", "loose").stdout
    )


@pytest.mark.e2e
def test_a_tag_on_commits_the_remote_has_is_judged_by_mains_rules(
    any_push: Repo, request: pytest.FixtureRequest
) -> None:
    """An outside pass: a loose branch on the remote holds a bad draft under its own weak
    rules; a new tag on it, pushed with --follow-tags beside an honest main, must meet
    main's rules. The plain hook, told of the tag by git, refuses it; pre-commit names its
    hook main only, so the tag is named as one that would fail (CI judges what lands)."""
    _loose_branch_on_remote(any_push)
    any_push.git("checkout", "-q", "main")
    any_push.write("notes.txt", "x\n")
    any_push.git("add", "notes.txt")
    any_push.git("commit", "-qm", "notes", "--no-verify")
    any_push.git("tag", "-a", "v9", "-m", "release", "loose")
    rc, out = push(any_push, "--follow-tags", "main")
    if "pre-commit" in request.node.callspec.id:
        assert rc == 0 and "receipt-gate: note: refs/tags/v9 would fail" in out, out
        return
    assert rc == 1, out
    assert "refs/tags/v9" not in any_push.git("ls-remote", "origin").stdout


@pytest.mark.e2e
def test_a_push_that_would_become_the_remotes_default_branch_is_refused(any_push: Repo) -> None:
    """An outside pass: `git init --bare` names master in HEAD; main is the branch. A
    master carrying only a weakening commit would become the default branch every new
    ref is held to. With HEAD on main, the same push is a new branch under main's rules,
    and so is every later new ref."""
    remote = any_push.git("remote", "get-url", "origin").stdout.strip()
    subprocess.run(
        ["git", "--git-dir", remote, "symbolic-ref", "HEAD", "refs/heads/master"], check=True
    )
    any_push.git("checkout", "-q", "-b", "master")
    any_push.write(".receipt-gate.yaml", 'drafts: ["drafts/**/*.md"]\nrequired: []\n')
    any_push.git("add", "-A")
    any_push.git("commit", "-qm", "loosen", "--no-verify")
    rc, out = push(any_push, "master")
    assert rc != 0 and "the remote's HEAD names no branch it has" in out, out
    assert "refs/heads/master" not in remote_refs(any_push)
    subprocess.run(
        ["git", "--git-dir", remote, "symbolic-ref", "HEAD", "refs/heads/main"], check=True
    )
    rc, out = push(any_push, "master")
    assert rc == 0, out  # judged by main's rules, as a new branch
    any_push.git("checkout", "-q", "-b", "feature")
    _bad_commit(any_push)
    rc, out = push(any_push, "feature")  # held to main's rules, not master's
    assert rc == 1, out


@pytest.mark.e2e
def test_rewinding_main_to_a_commit_from_before_the_gate_is_refused(plain_push: Repo) -> None:
    plain_push.git("checkout", "-q", "--orphan", "old")
    plain_push.git("rm", "-rq", "--cached", ".")
    plain_push.write("drafts/intro.md", BAD)
    plain_push.git("add", "drafts/intro.md")
    plain_push.git("commit", "-qm", "before the gate", "--no-verify")
    rc, out = push(plain_push, "-f", "old:main")
    assert rc == 1, out
    assert "judged by the rules in force" in out


@pytest.mark.e2e
def test_a_new_branch_without_origin_head_is_held_to_the_default_branch(plain_push: Repo) -> None:
    plain_push.git("update-ref", "-d", "refs/remotes/origin/HEAD")
    plain_push.git("checkout", "-q", "-b", "feature")
    plain_push.write(".receipt-gate.yaml", 'drafts: ["drafts/**/*.md"]\nrequired: []\n')
    _bad_commit(plain_push)
    rc, out = push(plain_push, "feature")
    assert rc == 1, out
    assert "the remote has no rules yet" not in out
    assert "policy change: weakens: drops ai-tells from required" in out


@pytest.mark.e2e
def test_the_first_push_of_a_new_repository(
    content: Repo,
    rg: Run,
    tmp_path: Path,
    hook_repo: tuple[str, str],
    pre_commit_home: str,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """pre-commit names no range for a push that carries a root commit: the gate walks
    what the remote lacks, and an honest first push still passes."""
    monkeypatch.setenv("PRE_COMMIT_HOME", pre_commit_home)
    remote = tmp_path / "first.git"
    subprocess.run(["git", "init", "-q", "--bare", str(remote)], check=True)
    content.git("remote", "add", "origin", str(remote))
    install(content, hook_repo, ("receipt-gate", "receipt-gate-push"))
    subprocess.run(
        [sys.executable, "-m", "pre_commit", "install", "--hook-type", "pre-push"],
        cwd=content.path,
        check=True,
        capture_output=True,
    )
    _bad_commit(content)
    rc, out = push(content, "main")
    assert rc == 1, out
    assert "nothing to verify" not in out and remote_refs(content) == set()
    content.write("drafts/intro.md", GOOD_DRAFT)
    rg("run")
    content.git("add", "-A")
    content.git("commit", "-q", "--amend", "-m", "honest")
    rc, out = push(content, "main")
    assert rc == 0, out
    assert remote_refs(content) == {"refs/heads/main"}


@pytest.mark.e2e
def test_a_first_push_whose_tip_deletes_the_config_is_held_to_the_rules_before(
    any_push: Repo,
) -> None:
    """An outside pass: the remote had no branch yet, so no rules; the tip deleted the
    config and added an unready draft, and was judged by its own rules: none."""
    fresh = any_push.path.parent / "fresh.git"
    subprocess.run(["git", "init", "-q", "--bare", str(fresh)], check=True)
    any_push.git("remote", "add", "fresh", str(fresh))
    any_push.git("rm", "-q", ".receipt-gate.yaml")
    _bad_commit(any_push)
    proc = any_push.git("push", "fresh", "main", check=False)
    assert proc.returncode == 1, proc.stdout + proc.stderr
    assert any_push.git("ls-remote", "--heads", "fresh").stdout == ""


def test_the_plain_hook_reads_gits_lines_whatever_the_environment_says(pushed: Repo) -> None:
    """A second outside pass: PRE_COMMIT_TO_REF set by whoever pushes made the plain hook
    judge that commit instead of git's lines; and a local ref with a space in it (`main^{/
    fix bug}`) was read as a bad line."""
    good = pushed.git("rev-parse", "HEAD").stdout.strip()
    pushed.write("drafts/intro.md", GOOD_DRAFT + "An edit after the checks.\n")
    pushed.commit_all("stale", "--no-verify")
    bad = pushed.git("rev-parse", "HEAD").stdout.strip()
    zero = "0" * 40
    env = {**os.environ, "PRE_COMMIT_REMOTE_NAME": "origin", "PRE_COMMIT_TO_REF": good}
    proc = subprocess.run(
        [sys.executable, "-m", "receipt_gate", "pre-push", "origin", "url"],
        input=f"refs/heads/main {bad} refs/heads/main {zero}\n",
        capture_output=True,
        text=True,
        cwd=pushed.path,
        env=env,
    )
    assert proc.returncode == 1, proc.stdout + proc.stderr
    proc = subprocess.run(
        [sys.executable, "-m", "receipt_gate", "pre-push", "origin", "url"],
        input=f"main^{{/first x}} {good} refs/heads/x {zero}\n",
        capture_output=True,
        text=True,
        cwd=pushed.path,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr


@pytest.mark.e2e
def test_the_named_ref_pushed_to_main_as_well_is_held_to_mains_rules(hooked_push: Repo) -> None:
    """A second outside pass: `git push origin exp exp:main` under pre-commit judged exp
    by the rules of the remote's exp only (which dropped ai-tells), though the push also
    set main to it."""
    _loose_branch_on_remote(hooked_push)
    hooked_push.write("drafts/other.md", GOOD_DRAFT)
    hooked_push.git("add", "-A")
    hooked_push.git("commit", "-qm", "more", "--no-verify")
    rc, out = push(hooked_push, "loose", "loose:main")
    assert rc == 1, out
    assert (
        hooked_push.git("ls-remote", "origin", "refs/heads/main").stdout.split()[0]
        != hooked_push.git("rev-parse", "loose").stdout.strip()
    )
