"""The Claude Code Stop hook judges the commits a session made, not the commands that made
them: through the real pre-commit, each shape of commit that gets past the git hooks
leaves a commit the Stop hook refuses, naming it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import CONFIG, GOOD_DRAFT, TELLS, Repo
from tests.test_e2e_pre_commit import install

STOP = [sys.executable, "-m", "receipt_gate", "agent", "stop"]
BAD = GOOD_DRAFT + "\n" + TELLS + ".\n"


def stop(repo: Repo) -> tuple[int, str]:
    payload = {
        "session_id": "s",
        "transcript_path": "/tmp/t.jsonl",
        "cwd": str(repo.path),
        "hook_event_name": "Stop",
        "stop_hook_active": False,
    }
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"}
    proc = subprocess.run(
        STOP,
        input=json.dumps(payload),
        text=True,
        capture_output=True,
        env=env,
        cwd="/",
        check=False,
    )
    return proc.returncode, proc.stderr


def head(repo: Repo) -> str:
    return repo.git("rev-parse", "HEAD").stdout.strip()


@pytest.fixture
def session(
    content: Repo,
    hook_repo: tuple[str, str],
    pre_commit_home: str,
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> Repo:
    """A gated repository with the hooks installed, its first commit pushed."""
    monkeypatch.setenv("PRE_COMMIT_HOME", pre_commit_home)
    return _installed_and_pushed(content, hook_repo, tmp_path, "first")


def _installed_and_pushed(
    repo: Repo, hook_repo: tuple[str, str], tmp_path: Path, message: str
) -> Repo:
    """The hooks installed, a bare remote, and all there is committed (through the
    hooks) and pushed."""
    install(repo, hook_repo)
    remote = tmp_path / "remote.git"
    subprocess.run(["git", "init", "-q", "--bare", str(remote)], check=True)
    repo.git("remote", "add", "origin", str(remote))
    repo.git("add", "-A")
    assert repo.git("commit", "-qm", message, check=False).returncode == 0
    assert repo.git("push", "-q", "origin", "main", check=False).returncode == 0
    return repo


SHAPES = [
    "command git commit -n -qm x",
    "time git commit -n -qm x",
    "nohup git commit -n -qm x >/dev/null 2>&1",
    "{ git commit -n -qm x; }",
    "if git commit -n -qm x; then :; fi",
    "bash -lc 'git commit -n -qm x'",
    'env -i PATH="$PATH" HOME="$HOME" git -c user.name=a -c user.email=a@b.c commit -n -qm x',
    "git config alias.ci 'commit --no-verify' && git ci -qm x",
    'git update-ref HEAD "$(git commit-tree "$(git write-tree)" -p HEAD -m x)"',
    "SKIP=' receipt-gate' git commit -qm x",
    "HOOKS=/dev/null git --config-env=core.hooksPath=HOOKS commit -qm x",
    'git -c core.hooks""Path=/dev/null commit -qm x',
    "GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=core.hooksPath GIT_CONFIG_VALUE_0=/dev/null"
    " git commit -qm x",
    "git commit --no-verify -qm x",
    "printf 'git commit -n -qm x\\n' > c.sh && sh c.sh; rm c.sh",
]


@pytest.mark.e2e
@pytest.mark.parametrize("shape", SHAPES)
def test_a_commit_past_the_hooks_is_refused_when_the_agent_stops(session: Repo, shape: str) -> None:
    assert stop(session) == (0, "")
    session.write("drafts/intro.md", BAD)
    session.git("add", "-A")
    before = head(session)
    proc = subprocess.run(
        ["bash", "-c", shape], cwd=session.path, capture_output=True, text=True, check=False
    )
    after = head(session)
    assert after != before, f"the shape made no commit: {proc.stdout}{proc.stderr}"
    rc, err = stop(session)
    assert rc == 2, err
    assert f"receipt-gate: pushing refs/heads/main ({after[:12]}):" in err
    assert ".receipts/drafts/intro.md/ai-tells.json: stale: the draft changed after" in err
    assert "commit the fix on top (a tip is what is published" in err
    # Fixed in a commit on top (the tip holds): the session may end.
    session.write("drafts/intro.md", GOOD_DRAFT + "\nIt works, as it turns out.\n")
    session.git("add", "-A")
    assert session.git("commit", "-qm", "fixed", check=False).returncode == 0
    assert stop(session) == (0, "")


@pytest.mark.e2e
def test_a_new_branch_is_held_to_the_default_branchs_rules(session: Repo) -> None:
    session.git("checkout", "-q", "-b", "feature")
    session.write(".receipt-gate.yaml", 'drafts: ["drafts/**/*.md"]\nrequired: []\n')
    session.write("drafts/intro.md", BAD)
    session.git("add", "-A")
    assert session.git("commit", "-n", "-qm", "weaken", check=False).returncode == 0
    rc, err = stop(session)
    assert rc == 2 and "policy change: weakens: drops ai-tells from required" in err


@pytest.mark.e2e
def test_a_bad_commit_on_another_branch_is_refused_too(session: Repo) -> None:
    session.git("checkout", "-q", "-b", "side")
    session.write("drafts/intro.md", BAD)
    session.git("add", "-A")
    session.git("commit", "-n", "-qm", "bad on the side")
    session.git("checkout", "-q", "main")
    rc, err = stop(session)
    assert rc == 2 and "receipt-gate: pushing refs/heads/side" in err


@pytest.mark.e2e
def test_a_bad_commit_only_a_tag_holds_is_refused(session: Repo) -> None:
    """An outside pass: commit-tree, then a tag, no branch: the Stop hook looked at
    branches and HEAD only. An old tag on what the remote has is no work of the session."""
    session.git("tag", "-a", "v0", "-m", "an old release")
    session.write("drafts/intro.md", BAD)
    session.git("add", "-A")
    tree = session.git("write-tree").stdout.strip()
    commit = session.git("commit-tree", tree, "-p", "HEAD", "-m", "bad").stdout.strip()
    session.git("reset", "-q", "--hard", "HEAD")
    assert stop(session)[0] == 0  # nothing the session made is unverified yet
    session.git("tag", "-a", "v1", "-m", "r", commit)
    rc, err = stop(session)
    assert rc == 2 and "receipt-gate: pushing refs/tags/v1" in err, err


@pytest.mark.e2e
def test_deleting_the_config_gates_nothing_off(session: Repo) -> None:
    session.git("rm", "-q", ".receipt-gate.yaml")
    session.write("drafts/intro.md", BAD)
    session.git("add", "-A")
    session.git("commit", "-n", "-qm", "no rules")
    rc, err = stop(session)
    assert rc == 2 and "has no .receipt-gate.yaml: judged by the rules in force" in err


def test_with_no_remote_head_is_judged_by_its_parents_rules(content: Repo) -> None:
    content.git("add", "-A")
    content.git("commit", "-n", "-qm", "first")
    assert stop(content)[0] == 2  # no receipts: nothing ran on it
    subprocess.run(
        [sys.executable, "-m", "receipt_gate", "run"],
        cwd=content.path,
        check=True,
        capture_output=True,
    )
    content.git("add", "-A")
    content.git("commit", "-n", "-qm", "receipts")
    assert stop(content) == (0, "")


def test_a_repository_without_a_config_or_a_commit_passes(repo: Repo) -> None:
    assert stop(repo) == (0, "")
    repo.write("notes.md", TELLS + ", a note.\n")
    repo.git("add", "-A")
    repo.git("commit", "-qm", "n")
    assert stop(repo) == (0, "")


def _bad_commit(session: Repo) -> str:
    session.write("drafts/intro.md", BAD)
    session.git("add", "-A")
    session.git("commit", "-n", "-qm", "bad")
    return head(session)


@pytest.mark.e2e
@pytest.mark.parametrize(
    "where",
    ["pushed past the hooks", "unborn HEAD", "nested tag", "worktree", "own ref", "not UTF-8"],
)
def test_a_bad_commit_wherever_the_session_left_it_is_refused(
    session: Repo, tmp_path: Path, where: str
) -> None:
    """An outside pass found each of these passing the Stop hook: the commit pushed with
    --no-verify (the remote then has it), HEAD on an orphan branch, a tag of a tag, a
    linked worktree's detached HEAD, a ref of the clone's own, and a branch name that is
    no UTF-8 (a traceback, exit 1: Claude Code lets the agent stop)."""
    bad = _bad_commit(session)
    base = head(session) if where == "pushed past the hooks" else f"{bad}^"
    if where == "pushed past the hooks":
        session.git("push", "-q", "--no-verify", "origin", "main")
    else:
        session.git("reset", "-q", "--hard", base)
    if where == "unborn HEAD":
        session.git("checkout", "-q", "--orphan", "next")
        session.git("update-ref", "refs/heads/main", bad)
    elif where == "nested tag":
        session.git("tag", "-a", "inner", "-m", "i", bad)
        session.git("tag", "-a", "outer", "-m", "o", "inner")
        session.git("tag", "-d", "inner")
    elif where == "worktree":
        session.git("worktree", "add", "-q", "--detach", str(tmp_path / "wt"), bad)
    elif where == "own ref":
        session.git("update-ref", "refs/custom/x", bad)
    elif where == "not UTF-8":
        subprocess.run(
            [b"git", b"branch", b"scratch\xff", bad.encode()], cwd=session.path, check=True
        )
    rc, err = stop(session)
    assert rc == 2, err
    assert "Traceback" not in err


@pytest.mark.e2e
def test_a_repository_whose_default_branch_is_not_main_is_gated(
    session: Repo, tmp_path: Path
) -> None:
    """An outside pass: the default branch `develop`, no origin/HEAD in the clone, a new
    branch with no upstream whose commit deletes the config: the Stop hook looked for a
    config in HEAD and origin's HEAD, main and master only, and let the agent stop."""
    session.git("push", "-q", "origin", "main:develop")
    session.git("push", "-q", "origin", "--delete", "main")
    session.git(
        "--git-dir", str(tmp_path / "remote.git"), "symbolic-ref", "HEAD", "refs/heads/develop"
    )
    session.git("fetch", "-q", "--prune", "origin")
    session.git("checkout", "-q", "-b", "work")
    session.git("rm", "-q", ".receipt-gate.yaml")
    session.write("drafts/intro.md", BAD)
    session.git("add", "-A")
    session.git("commit", "-n", "-qm", "no rules")
    assert not (session.path / ".receipt-gate.yaml").exists()
    rc, err = stop(session)
    assert rc == 2, err


@pytest.mark.e2e
def test_a_second_ref_of_a_push_is_held_to_the_default_branchs_rules(session: Repo) -> None:
    """Under pre-commit a hook is told of one ref: `git push origin dev exp:main` judged
    local exp by the rules of the remote's exp (which dropped ai-tells), while the push
    set main to it. Now exp is named (a local branch the push may carry) and the Stop hook
    refuses main's new tip under main's rules."""
    session.git("checkout", "-q", "-b", "dev")
    session.write("drafts/other.md", GOOD_DRAFT)
    session.git("add", "-A")
    assert session.git("commit", "-qm", "dev", check=False).returncode == 0
    assert session.git("push", "-q", "origin", "dev", check=False).returncode == 0
    session.git("checkout", "-q", "-b", "exp", "main")
    session.write(".receipt-gate.yaml", CONFIG.replace("ai-tells, ", ""))
    session.git("add", "-A")
    assert session.git("commit", "-qm", "exp drops ai-tells", check=False).returncode == 0
    assert session.git("push", "-q", "origin", "exp", check=False).returncode == 0
    session.write("drafts/intro.md", BAD)
    session.git("add", "-A")
    session.git("commit", "-n", "-qm", "bad on exp")
    session.git("checkout", "-q", "dev")
    session.write("drafts/other.md", GOOD_DRAFT + "\nMore.\n")
    session.git("add", "-A")
    assert session.git("commit", "-qm", "dev 2", check=False).returncode == 0
    proc = session.git("push", "origin", "dev", "exp:main", check=False)
    # pre-commit names its hook one ref (dev): exp, a local branch it may carry, is named
    # in a line, not refused (the hook cannot tell), and the Stop hook judges what this
    # clone pushed under main's rules.
    said = proc.stdout + proc.stderr
    if proc.returncode == 0:
        assert "receipt-gate: note: refs/heads/exp would fail under the rules in force" in said
        rc, err = stop(session)
        assert rc == 2 and "refs/heads/exp" in err and "refused" in err, err
    else:
        assert "AI tells weigh" in said or "ai-tells" in said


@pytest.mark.e2e
@pytest.mark.parametrize("remote", ["origin", "mirror"])
def test_a_bad_commit_pushed_past_the_hooks_is_refused_after_head_moves(
    session: Repo, remote: str
) -> None:
    """A second outside pass: pushed with --no-verify, then HEAD moved off it (checkout,
    reset, branch deleted): the remote keeps the bad draft, and the Stop hook judged
    HEAD only. A tip this clone pushed that the remote still has is judged too; a third
    pass: pushed under a second name for the remote, too."""
    url = session.git("remote", "get-url", "origin").stdout.strip()
    session.git("remote", "add", "mirror", url)
    session.git("checkout", "-q", "-b", "feat")
    _bad_commit(session)
    session.git("push", "-q", "--no-verify", remote, "feat")
    session.git("checkout", "-q", "main")
    session.git("branch", "-q", "-D", "feat")
    rc, err = stop(session)
    assert rc == 2, err


@pytest.mark.e2e
@pytest.mark.parametrize("ref", ["refs/tags/v9", "refs/heads/x9"])
def test_a_bad_commit_pushed_by_id_from_a_detached_head_is_refused(session: Repo, ref: str) -> None:
    """The fourteenth pass: a commit made on a detached HEAD past the hooks, pushed by
    its id to a tag (no local tag, no remote-tracking ref), then HEAD back on main: the
    Stop hook saw nothing of the session's left. What HEAD's reflog holds that no ref
    here holds, and that a ref of the remote names, is judged. The same commit, never
    pushed (abandoned), is no work of the session's that stands."""
    session.git("checkout", "-q", "--detach")
    bad = _bad_commit(session)
    session.git("checkout", "-q", "main")
    assert stop(session)[0] == 0  # abandoned: nothing stands
    session.git("push", "-q", "--no-verify", "origin", f"{bad}:{ref}")
    rc, err = stop(session)
    assert rc == 2 and bad[:12] in err, err
    # The sixteenth pass: a stash made on top of it holds nothing that stands.
    session.git("checkout", "-q", bad)
    session.write("drafts/wip.md", "Work in progress.\n")
    session.git("add", "drafts/wip.md")
    session.git("stash", "-q")
    session.git("checkout", "-q", "main")
    rc, err = stop(session)
    assert rc == 2 and bad[:12] in err, err


def test_the_repository_the_session_is_in_is_judged_beside_the_project(
    content: Repo, tmp_path: Path
) -> None:
    """A second outside pass: with CLAUDE_PROJECT_DIR set (as Claude Code sets it), a
    gated repository inside the project, where the agent committed, was never judged;
    with no remote, a bad commit on a branch other than HEAD neither."""
    content.git("add", "-A")
    content.git("commit", "-n", "-qm", "first")
    subprocess.run(
        [sys.executable, "-m", "receipt_gate", "run"],
        cwd=content.path,
        check=True,
        capture_output=True,
    )
    content.git("add", "-A")
    content.git("commit", "-n", "-qm", "receipts")
    assert stop(content)[0] == 0
    content.git("checkout", "-q", "-b", "feat")
    _bad_commit(content)
    content.git("checkout", "-q", "main")
    assert stop(content)[0] == 2  # no remote: every branch stands as it is
    content.git("branch", "-q", "-D", "feat")
    project = tmp_path / "project"
    project.mkdir()
    subprocess.run(["git", "init", "-q", str(project)], check=True)
    payload = {"cwd": str(content.path), "hook_event_name": "Stop", "stop_hook_active": False}
    env = {
        **os.environ,
        "CLAUDE_PROJECT_DIR": str(project),
        "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}",
    }
    content.git("checkout", "-q", "-b", "feat2")
    _bad_commit(content)
    proc = subprocess.run(
        STOP,
        input=json.dumps(payload),
        text=True,
        capture_output=True,
        env=env,
        cwd="/",
        check=False,
    )
    assert proc.returncode == 2, proc.stderr


@pytest.mark.e2e
@pytest.mark.parametrize("branch", ["main", "feat"])
@pytest.mark.parametrize("loosen", ["narrow", "delete"])
def test_a_push_past_the_hooks_is_held_to_the_rules_it_replaced(
    session: Repo, branch: str, loosen: str
) -> None:
    """The sixteenth outside pass: a first commit loosens the rules (narrows `drafts:`
    past the next draft, or deletes the config; the hooks accept it), a second adds a
    failing draft past the hooks, and both go out with `git push --no-verify`. The
    remote-tracking ref then names the tip, and its parent's rules let it stand. A
    pushed tip is held to what the ref named before the push (as the pre-push hook
    would have held it) and to the remote's default branch (as CI holds a pull
    request)."""
    if branch != "main":
        session.git("checkout", "-q", "-b", branch)
    if loosen == "delete":
        session.git("rm", "-q", ".receipt-gate.yaml")
    else:
        cfg = session.read(".receipt-gate.yaml").replace(
            'drafts: ["drafts/**/*.md"]', 'drafts: ["drafts/**/*.md", "!drafts/x.md"]'
        )
        session.write(".receipt-gate.yaml", cfg)
        session.git("add", ".receipt-gate.yaml")
    assert session.git("commit", "-qm", "loosen", check=False).returncode == 0
    assert stop(session)[0] == 0  # nothing pushed yet: the loosening alone holds
    session.write("drafts/x.md", BAD)
    session.git("add", "drafts/x.md")
    session.git("commit", "-n", "-qm", "x")
    session.git("push", "-q", "--no-verify", "origin", branch)
    rc, err = stop(session)
    assert rc == 2 and "drafts/x.md" in err, err


@pytest.mark.e2e
@pytest.mark.parametrize("how", ["plumbing", "rules-deleted"])
def test_a_commit_pushed_by_id_that_head_never_held_is_refused(session: Repo, how: str) -> None:
    """The seventeenth outside pass: a commit made with plumbing (a temporary index,
    write-tree, commit-tree: HEAD never moves, its reflog never names it), or one whose
    parent deleted the config (neither holds rules), pushed by id as a tag, left the
    Stop hook nothing to judge. A loose commit no ref holds is judged, held to the
    remote's default branch's rules."""
    if how == "plumbing":
        env = {**os.environ, "GIT_INDEX_FILE": str(session.path / ".git" / "other-index")}

        def plumb(*args: str) -> str:
            return subprocess.run(
                ["git", *args],
                cwd=session.path,
                env=env,
                capture_output=True,
                text=True,
                check=True,
            ).stdout.strip()

        plumb("read-tree", "HEAD")
        session.write("drafts/intro.md", BAD)
        plumb("add", "drafts/intro.md")
        tree = plumb("write-tree")
        session.git("checkout", "-q", "--", "drafts/intro.md")
        bad = session.git("commit-tree", tree, "-p", "HEAD", "-m", "x").stdout.strip()
    else:
        session.git("checkout", "-q", "--detach")
        session.git("rm", "-q", ".receipt-gate.yaml")
        session.git("commit", "-qm", "no rules")
        bad = _bad_commit(session)
        session.git("checkout", "-q", "main")
    assert stop(session)[0] == 0  # never pushed: nothing stands
    session.git("push", "-q", "--no-verify", "origin", f"{bad}:refs/tags/v9")
    rc, err = stop(session)
    assert rc == 2 and "drafts/intro.md" in err, err


@pytest.mark.e2e
def test_a_push_is_held_to_the_rules_wherever_the_refspec_keeps_it(session: Repo) -> None:
    """The eighteenth outside pass: origin's fetch refspec kept its branches under
    refs/remotes/mirror/, so a pushed tip after a commit that deleted the config was
    matched to no remote and held to no earlier rules. The refspecs say which remote
    and branch a tracking ref stands for."""
    session.git("config", "remote.origin.fetch", "+refs/heads/*:refs/remotes/mirror/*")
    session.git("fetch", "-q", "origin")
    session.git("checkout", "-q", "-b", "feature")
    session.git("rm", "-q", ".receipt-gate.yaml")
    session.git("commit", "-qm", "no rules")
    _bad_commit(session)
    session.git("push", "-q", "--no-verify", "origin", "feature")
    session.git("checkout", "-q", "main")
    session.git("branch", "-q", "-D", "feature")
    rc, err = stop(session)
    assert rc == 2 and "drafts/intro.md" in err, err


@pytest.mark.e2e
def test_a_pushed_branch_is_held_to_main_as_it_is_whatever_its_times(session: Repo) -> None:
    """The twentieth outside pass: a tip pushed "before main changed its rules" was held
    to its fork point's looser rules, and the push's time (a reflog's, a commit's) is
    the agent's to write (GIT_COMMITTER_DATE). A pushed tip is held to main as it is,
    as the push hook and CI hold a new branch."""
    session.git("checkout", "-q", "-b", "early", "HEAD")
    session.write("drafts/early.md", GOOD_DRAFT)
    session.git("add", "-A")
    assert session.git("commit", "-qm", "early", check=False).returncode == 0  # (old rules)
    session.git("checkout", "-q", "main")
    session.write(".receipt-gate.yaml", CONFIG + "checks:\n  hook-length: {max_chars: 40}\n")
    session.write("drafts/intro.md", "# Short\n\nA short opening.\n")
    session.git("add", "-A")
    later = {**os.environ, "GIT_COMMITTER_DATE": "2099-01-01T00:00:00Z"}
    commit = ["git", "commit", "-qm", "shorter openings"]
    assert subprocess.run(commit, cwd=session.path, env=later, check=False).returncode == 0
    assert session.git("push", "-q", "origin", "main", check=False).returncode == 0
    then = {**os.environ, "GIT_COMMITTER_DATE": "2001-01-01T00:00:00Z"}  # (a forged past)
    push = ["git", "push", "-q", "--no-verify", "origin", "early"]
    assert subprocess.run(push, cwd=session.path, env=then, check=False).returncode == 0
    rc, err = stop(session)
    assert rc == 2 and "drafts/early.md" in err, err


@pytest.mark.e2e
def test_a_commit_pushed_by_id_then_packed_as_cruft_is_refused(session: Repo) -> None:
    """A review: `git gc` (git 2.37 on) keeps what no ref holds in a cruft pack, where
    the loose objects were looked for."""
    session.git("checkout", "-q", "--detach")
    bad = _bad_commit(session)
    session.git("checkout", "-q", "main")
    session.git("push", "-q", "--no-verify", "origin", f"{bad}:refs/tags/v9")
    session.git("reflog", "expire", "--expire-unreachable=now", "--all")
    session.git("repack", "-q", "-a", "-d", "--cruft")
    objects = session.path / ".git" / "objects"
    assert not (objects / bad[:2] / bad[2:]).exists()  # (packed, as the review found it)
    rc, err = stop(session)
    assert rc == 2 and bad[:12] in err, err


@pytest.mark.e2e
def test_a_commit_packed_while_a_ref_named_it_then_pushed_by_id_is_refused(
    session: Repo,
) -> None:
    """Round 96 c02: a commit made on a scratch ref with plumbing (HEAD's reflog never
    names it), packed by `git gc` while the ref named it (an ordinary pack, not a cruft
    one), the ref then deleted and the commit pushed by id to a tag: no loose object,
    no cruft pack held it, and the Stop hook passed."""
    session.git("checkout", "-q", "--detach")
    bad = _bad_commit(session)
    session.git("checkout", "-q", "main")
    session.git("reflog", "expire", "--expire=now", "--all")
    session.git("update-ref", "refs/heads/scratch", bad)
    session.git("gc", "-q")
    session.git("update-ref", "-d", "refs/heads/scratch")
    objects = session.path / ".git" / "objects"
    assert not (objects / bad[:2] / bad[2:]).exists()
    assert not list((objects / "pack").glob("*.mtimes"))  # (no cruft pack holds it)
    session.git("push", "-q", "--no-verify", "origin", f"{bad}:refs/tags/v2")
    rc, err = stop(session)
    assert rc == 2 and bad[:12] in err, err


@pytest.mark.e2e
def test_a_refused_commit_is_refused_again_unjudged_and_only_where_it_was_pushed(
    session: Repo, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Round 97 r01: commits a session amended away stay in HEAD's reflog, each refused,
    and each was judged again, one by one, on every turn (40 of them: 6 to 11 s a
    turn). A refusal is kept with the rules that refused it; it is reported only where
    the remote names the commit."""
    from receipt_gate.commands import agent_stop

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    bad = []
    for n in range(3):
        session.write("drafts/intro.md", BAD + f"\nwork in progress {n}\n")
        session.git("add", "-A")
        session.git("commit", "-n", "-qm", f"wip {n}", *(["--amend"] if n else []))
        bad.append(head(session))
    session.write("drafts/intro.md", GOOD_DRAFT + "\nDone.\n")
    session.git("add", "-A")
    assert session.git("commit", "--amend", "-qm", "done", check=False).returncode == 0
    assert stop(session)[0] == 0  # (none was pushed)
    _, failed = agent_stop._verdicts(str(session.path))
    assert {key.split()[0] for key in failed} >= set(bad), failed
    assert stop(session)[0] == 0
    session.git("push", "-q", "--no-verify", "origin", f"{bad[1]}:refs/tags/wip")
    rc, err = stop(session)
    assert rc == 2 and bad[1][:12] in err, err


@pytest.mark.e2e
def test_a_commit_only_a_borrowed_store_holds_is_no_work_of_the_session(
    session: Repo, tmp_path: Path
) -> None:
    """Round 97 c02: a clone that borrows a teammate's objects (`clone --reference`,
    objects/info/alternates) saw the teammate's fetched work-in-progress as commits it
    made and the remote names: every turn refused. Its own store alone is read."""
    teammate = tmp_path / "teammate"
    subprocess.run(
        ["git", "clone", "-q", "-b", "main", str(tmp_path / "remote.git"), str(teammate)],
        check=True,
    )
    info = session.path / ".git" / "objects" / "info"
    info.mkdir(parents=True, exist_ok=True)
    (info / "alternates").write_text(f"{teammate / '.git' / 'objects'}\n")

    def theirs(*args: str) -> str:
        return subprocess.run(
            ["git", "-c", "user.name=t", "-c", "user.email=t@x", *args],
            cwd=teammate,
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()

    theirs("checkout", "-q", "-b", "wip")
    (teammate / "drafts" / "intro.md").write_text(BAD)
    theirs("commit", "-qam", "wip")
    theirs("push", "-q", "--no-verify", "origin", "wip")
    rc, err = stop(session)
    assert rc == 0, err


@pytest.mark.e2e
def test_a_pass_is_kept_with_the_rules_it_met(
    session: Repo, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Round 98 c02: a commit that passed one turn was kept as passed by its id alone;
    main then required another check, and the commit pushed by id passed the Stop
    hook where the push hook refused it. A pass is kept with the default branch's
    commit whose rules it met."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    session.git("checkout", "-q", "--detach")
    longer = "A check that ran three edits ago did not run on this draft at all, so we found."
    session.write("drafts/other.md", GOOD_DRAFT.replace(GOOD_DRAFT.split("\n")[6], longer))
    session.git("add", "-A")
    assert session.git("commit", "-qm", "a good draft", check=False).returncode == 0
    good = head(session)
    session.git("checkout", "-q", "main")
    assert stop(session)[0] == 0  # (judged, passed, kept)
    session.write(".receipt-gate.yaml", CONFIG + "checks:\n  hook-length: {max_chars: 76}\n")
    session.git("add", "-A")
    assert session.git("commit", "-qm", "one more check", check=False).returncode == 0
    assert session.git("push", "-q", "origin", "main", check=False).returncode == 0
    session.git("push", "-q", "--no-verify", "origin", f"{good}:refs/tags/old")
    rc, err = stop(session)
    assert rc == 2 and good[:12] in err, err


@pytest.mark.e2e
def test_a_pushed_commit_stored_in_the_stash_or_a_forged_pass_is_still_refused(
    session: Repo,
) -> None:
    """The nineteenth outside pass: a commit pushed by id was put in the stash (`git
    stash store`), which the hook left out as work in progress; and its id written into
    the git dir's record of passes, which the hook trusted. Any commit can be stored, so
    the stash hides nothing; the passes are kept in the user's cache, not the
    repository."""
    session.git("checkout", "-q", "--detach")
    bad = _bad_commit(session)
    session.git("checkout", "-q", "main")
    session.git("push", "-q", "--no-verify", "origin", f"{bad}:refs/tags/v9")
    session.git("stash", "store", "-m", "wip", bad)
    forged = session.path / ".git" / "receipt-gate" / "stop-passed.json"
    forged.parent.mkdir(parents=True, exist_ok=True)
    forged.write_text(json.dumps({"tool": "receipt-gate", "passed": [bad]}))
    rc, err = stop(session)
    assert rc == 2 and bad[:12] in err, err


@pytest.mark.e2e
def test_a_branch_from_before_the_gate_never_pushed_is_no_work_of_the_session(
    repo: Repo,
    hook_repo: tuple[str, str],
    pre_commit_home: str,
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    """The nineteenth outside pass: a local branch from before the repository adopted
    the gate, never pushed, refused every later session. Pushed, it is judged."""
    monkeypatch.setenv("PRE_COMMIT_HOME", pre_commit_home)
    repo.write("drafts/intro.md", GOOD_DRAFT)
    repo.git("add", "-A")
    repo.git("commit", "-qm", "before the gate")
    repo.git("checkout", "-q", "-b", "old")
    repo.write("drafts/ideas.md", BAD)
    repo.git("add", "-A")
    repo.git("commit", "-qm", "ideas")
    repo.git("checkout", "-q", "main")
    repo.write(".receipt-gate.yaml", CONFIG)
    _installed_and_pushed(repo, hook_repo, tmp_path, "adopt")
    rc, err = stop(repo)
    assert rc == 0, err
    repo.git("push", "-q", "--no-verify", "origin", "old")
    rc, err = stop(repo)
    assert rc == 2 and "drafts/ideas.md" in err, err


@pytest.mark.e2e
def test_a_commit_pushed_by_id_to_another_remote_is_refused(session: Repo, tmp_path: Path) -> None:
    """The twenty-first outside pass: pushed by id to a second remote, never fetched;
    only the first remote was asked what it names."""
    other = tmp_path / "other.git"
    subprocess.run(["git", "init", "-q", "--bare", str(other)], check=True)
    session.git("remote", "add", "r2", str(other))
    session.git("checkout", "-q", "--detach")
    bad = _bad_commit(session)
    session.git("checkout", "-q", "main")
    assert stop(session)[0] == 0  # never pushed: nothing stands
    session.git("push", "-q", "--no-verify", "r2", f"{bad}:refs/tags/v9")
    rc, err = stop(session)
    assert rc == 2 and bad[:12] in err, err


@pytest.mark.e2e
@pytest.mark.parametrize("how", ["config", "one push"])
def test_a_push_that_writes_no_reflog_is_held_as_pushed(session: Repo, how: str) -> None:
    """The twenty-first outside pass: with core.logAllRefUpdates off, git writes no
    reflog for a new remote-tracking ref, so the branch pushed past the hooks (its
    local branch deleted) left no push to find; the twenty-second set it for the push
    alone (`git -c`). A tracking ref without one is then held as pushed (with the
    setting on, one git wrote by itself: a clone packs its own); an honest one passes."""
    if how == "config":
        session.git("config", "core.logAllRefUpdates", "false")
    session.git("checkout", "-q", "-b", "honest")
    session.write("drafts/more.md", GOOD_DRAFT)
    session.git("add", "-A")
    assert session.git("commit", "-qm", "more", check=False).returncode == 0
    session.git("push", "-q", "origin", "honest")
    session.git("checkout", "-q", "main")
    session.git("branch", "-q", "-D", "honest")
    assert stop(session) == (0, "")
    session.git("checkout", "-q", "-b", "feat")
    _bad_commit(session)
    session.git("-c", "core.logAllRefUpdates=false", "push", "-q", "--no-verify", "origin", "feat")
    session.git("checkout", "-q", "main")
    session.git("branch", "-q", "-D", "feat")
    rc, err = stop(session)
    assert rc == 2 and "drafts/intro.md" in err, err


@pytest.mark.e2e
def test_an_orphan_branch_is_judged_and_a_replace_ref_hides_no_commit(session: Repo) -> None:
    """Round 27: an orphan branch with no config read as a branch from before the gate,
    and `git replace` showed the hook another history than the one pushed."""
    session.git("checkout", "-q", "--orphan", "notes")
    session.git("rm", "-rq", "--cached", ".")
    session.write("drafts/intro.md", BAD)
    session.git("add", "drafts/intro.md")
    session.git("commit", "-n", "-qm", "orphan")
    orphan = head(session)
    session.git("push", "-q", "--no-verify", "origin", f"{orphan}:refs/tags/v9")
    session.git("checkout", "-qf", "main")  # (the branch stays, and holds the commit)
    rc, err = stop(session)
    assert rc == 2 and "refs/heads/notes" in err, err
    session.git("branch", "-qD", "notes")
    session.git("push", "-q", "--no-verify", "origin", ":refs/tags/v9")
    session.git("checkout", "-q", "-b", "feat")
    session.write("drafts/intro.md", BAD)
    session.git("add", "-A")
    session.git("commit", "-n", "-qm", "bad")
    bad = head(session)
    session.git("replace", "--graft", "main", bad)  # (rev-list would count it as main's)
    session.git("checkout", "-q", "main")
    session.git("branch", "-qD", "feat")
    session.git("push", "-q", "--no-verify", "origin", f"{bad}:refs/tags/v10")
    rc, err = stop(session)
    assert rc == 2, err


@pytest.mark.e2e
def test_an_old_pushed_commit_or_a_fetched_branch_checked_out_is_no_work_of_the_session(
    session: Repo, tmp_path: Path
) -> None:
    """Round 27: a detached HEAD on a commit the remote has (a bisect step), and a
    teammate's branch fetched to review, were judged as this session's new work."""
    first = head(session)
    session.write("drafts/more.md", GOOD_DRAFT)
    session.git("add", "-A")
    assert session.git("commit", "-qm", "more", check=False).returncode == 0
    session.git("push", "-q", "origin", "main")
    session.git("checkout", "-q", first)
    rc, err = stop(session)
    assert rc == 0, err
    # A teammate's unready work, pushed from their clone, fetched here to look at.
    other = tmp_path / "teammate"
    subprocess.run(
        ["git", "clone", "-qb", "main", str(tmp_path / "remote.git"), str(other)], check=True
    )
    (other / "drafts" / "wip.md").write_text(BAD)
    for args in (
        ["add", "-A"],
        ["commit", "-n", "-qm", "wip"],
        ["push", "-q", "--no-verify", "origin", "HEAD:refs/pull/12/head"],
    ):
        subprocess.run(["git", "-C", str(other), *args], check=True, capture_output=True)
    session.git("checkout", "-q", "main")
    session.git("fetch", "-q", "origin", "pull/12/head:pr-12")
    session.git("checkout", "-q", "pr-12")
    rc, err = stop(session)
    assert rc == 0, err
    session.write("drafts/wip.md", BAD + "More.\n")  # (a commit of the session's own on it)
    session.git("add", "-A")
    session.git("commit", "-n", "-qm", "mine")
    rc, err = stop(session)
    assert rc == 2 and "drafts/wip.md" in err, err


@pytest.mark.e2e
@pytest.mark.parametrize("decoy", ["a clone without it", "a path that is not there"])
def test_a_commit_pushed_by_id_to_a_push_url_is_refused(
    session: Repo, tmp_path: Path, decoy: str
) -> None:
    """Round 32: origin's url was a decoy and its pushurl the real remote; a commit made
    with plumbing and pushed by id as a tag left the Stop hook asking the decoy (ls-remote
    reads the fetch URL), which named no such commit. Every URL a push goes to is asked."""
    real = session.git("remote", "get-url", "origin").stdout.strip()
    fake = tmp_path / "decoy.git"
    if decoy == "a clone without it":
        subprocess.run(["git", "clone", "-q", "--bare", real, str(fake)], check=True)
    session.git("config", "remote.origin.pushurl", real)
    session.git("config", "remote.origin.url", str(fake))
    session.write("drafts/intro.md", BAD)
    session.git("add", "-A")
    tree = session.git("write-tree").stdout.strip()
    bad = session.git("commit-tree", tree, "-p", "HEAD", "-m", "x").stdout.strip()
    session.git("reset", "-q", "--hard")  # (no ref of this clone's holds it)
    assert stop(session)[0] == 0  # never pushed: nothing stands
    session.git("push", "-q", "--no-verify", "origin", f"{bad}:refs/tags/v9")
    rc, err = stop(session)
    assert rc == 2 and "drafts/intro.md" in err, err
