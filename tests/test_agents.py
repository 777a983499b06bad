"""In an agent's harness: the Claude Code PreToolUse hook the README's recipe installs,
driven with a recorded tool-call payload against a real repository, and the Python API
in a send-gated batch (validate every draft, then act)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import GOOD_DRAFT, ROOT, TELLS, Repo, Run

HOOK = [sys.executable, "-m", "receipt_gate", "agent", "pre-tool-use"]
PAYLOAD = ROOT / "tests" / "fixtures" / "claude-code" / "pre-tool-use-git-commit.json"
CONFIG = 'drafts: ["drafts/**/*.md"]\nrequired: [ai-tells, hook-length]\n'


def hook(repo: Repo, command: str | None = None, **change: Any) -> tuple[int, str]:
    payload = json.loads(PAYLOAD.read_text())
    payload["cwd"] = str(repo.path)
    if command is not None:
        payload["tool_input"]["command"] = command
    payload.update(change)
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"}
    proc = subprocess.run(
        HOOK,
        input=json.dumps(payload),
        text=True,
        capture_output=True,
        env=env,
        cwd="/",
        check=False,
    )
    return proc.returncode, proc.stderr


@pytest.fixture
def site(repo: Repo) -> Repo:
    repo.write(".receipt-gate.yaml", CONFIG)
    repo.write("drafts/intro.md", GOOD_DRAFT)
    return repo


def test_the_recorded_commit_is_refused_with_the_finding_and_the_fix(site: Repo) -> None:
    """`git add -A && git commit`: the commit will carry the working tree, so the hook
    decides the checks on it too."""
    site.write("drafts/intro.md", GOOD_DRAFT + "\n" + TELLS + ".\n")
    rc, err = hook(site)
    assert rc == 2
    assert "receipt-gate refused this commit" in err
    assert "drafts/intro.md:11:1: ai-tells: AI tells weigh" in err
    assert "stage it (`git add`), then commit again" in err


def test_a_clean_draft_commits_and_nothing_is_written(site: Repo) -> None:
    assert hook(site) == (0, "")
    assert not (site.path / ".receipts").exists()  # decided, not run: the commit hook runs
    assert site.git("status", "--porcelain").stdout == "?? .receipt-gate.yaml\n?? drafts/\n"


@pytest.mark.parametrize("stage", ["git stage -A", "git add -A"])
def test_a_bad_draft_staged_in_the_same_command_is_refused(site: Repo, stage: str) -> None:
    """The seventeenth outside pass: `git stage` (add's other name) before the commit
    was not read as staging, so the clean index was judged."""
    site.git("add", "-A")
    site.write("drafts/intro.md", GOOD_DRAFT + "\n" + TELLS + ".\n")
    rc, err = hook(site, f"{stage} && git commit -m x")
    assert rc == 2 and "AI tells weigh" in err, err


@pytest.mark.parametrize(
    "before", ["git checkout -b feat", "git switch -c feat", "git stash", "git reset -q"]
)
def test_a_command_that_stages_nothing_from_the_tree_judges_the_index(
    site: Repo, before: str
) -> None:
    """A review of the seventeenth's fix: a checkout, a switch, a stash or a reset
    before the commit stages nothing the working tree holds; a failing draft left
    unstaged there is no part of the commit."""
    site.git("add", "-A")
    site.git("commit", "-qm", "first")
    site.write("drafts/wip.md", GOOD_DRAFT + "\n" + TELLS + ".\n")
    assert hook(site, f"{before} && git commit -m x") == (0, "")


def test_a_message_that_shows_a_quoted_path_is_no_assignment(site: Repo) -> None:
    """The twentieth pass: a commit message quoting `PATH='$PATH:/x'` was refused."""
    site.git("add", "-A")
    assert hook(site, "git commit -m \"PATH='$PATH:/x' is what bash reads\"") == (0, "")


def test_a_staged_bad_draft_with_an_unstaged_fix_is_refused(site: Repo) -> None:
    site.write("drafts/intro.md", GOOD_DRAFT + "\n" + TELLS + ".\n")
    site.git("add", "-A")
    site.write("drafts/intro.md", GOOD_DRAFT)  # the fix, not staged: not what commits
    rc, err = hook(site, "git commit -m x")
    assert rc == 2 and "AI tells weigh" in err


def test_a_staged_weakening_is_judged_by_heads_rules_too(site: Repo) -> None:
    """An outside pass: the index dropped ai-tells from required beside an unready draft;
    the commit hook refuses it (HEAD's rules hold), the early word did not."""
    site.git("add", "-A")
    site.git("commit", "-qm", "first")
    site.write(".receipt-gate.yaml", site.read(".receipt-gate.yaml").replace("ai-tells, ", ""))
    site.write("drafts/intro.md", GOOD_DRAFT + "\n" + TELLS + ".\n")
    site.git("add", "-A")
    rc, err = hook(site, "git commit -m x")
    assert rc == 2 and "AI tells weigh" in err, err
    site.git("reset", "-q")  # the same, staged by the command itself: the working tree
    rc, err = hook(site, "git add -A && git commit -m x")
    assert rc == 2 and "AI tells weigh" in err, err


def test_an_unstaged_bad_edit_does_not_refuse_a_commit_of_the_index(site: Repo) -> None:
    site.git("add", "-A")
    site.write("drafts/intro.md", GOOD_DRAFT + "\n" + TELLS + ".\n")
    assert hook(site, "git commit -m x") == (0, "")
    rc, err = hook(site, "git commit -am x")  # -a: the working tree is what commits
    assert rc == 2 and "AI tells weigh" in err


@pytest.mark.parametrize(
    "command",
    [
        "git commit --no-verify -m x",
        "git add -A; git commit -nm 'x'",
        "git -c core.hooksPath=/dev/null commit -m x",
        "git -c 'core.hooks\"\"Path=/dev/null' commit -m x",
        "SKIP=receipt-gate git commit -m x",
        "env SKIP=ruff,receipt-gate git commit -m x",
        "SKIP=' receipt-gate' git commit -m x",
        "git push --no-verify origin main",
        "git commit --no-verif -m x",
        'bash -c "git commit --no-verify -m x"',
        "bash -lc 'git commit -n -m x'",
        "sh -c 'cd . && git commit -n -m x'",
        "eval git commit --no-verify -m x",
        "export SKIP=receipt-gate; git commit -m x",
        "command git commit -n -m x",
        "time git commit -n -m x",
        "nohup git commit -n -m x",
        # The sixteenth pass: a runner's own options and values before git; bash's
        # ANSI-C quoting.
        "timeout 60 git commit --no-verify -m x",
        "nice -n 5 git commit --no-verify -m x",
        "stdbuf -oL git push --no-verify",
        "git commit $'--no-verify' -m x",
        "git commit $'\\x2d\\x2dno-verify' -m x",
        "{ git commit -n -m x; }",
        "if git commit -n -m x; then echo ok; fi",
        "env -i git commit -n -m x",
        "git --config-env=core.hooksPath=HOOKS commit -m x",
        "GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=core.hooksPath GIT_CONFIG_VALUE_0=/x git commit -m x",
        "git config core.hooksPath /dev/null && git commit -m x",
        "rm .git/hooks/pre-commit; git commit -m x",
        "echo exit 0 > .git/hooks/pre-commit",
        "pre-commit uninstall && git commit -m x",
        # An outside pass: another hook id of ours skipped, a hook moved away, the setting
        # unset or set through the newer syntax, --no-verify after an option taking none.
        "SKIP=receipt-gate-push git push origin main",
        "mv .git/hooks/pre-commit /tmp/away",
        "git config --unset core.hooksPath",
        "git config set core.hooksPath /dev/null",
        "git push --force-with-lease --no-verify origin main",
        "ln -sf /dev/null .git/hooks/pre-commit",
        # A second outside pass: includes, another HOME, pre-commit's own variables, merges
        # and pulls, hooks deleted in other spellings.
        "git -c include.path=/tmp/evil.cfg push origin main",
        "git config include.path /tmp/evil.cfg",
        # The tenth: an alias set on the command line runs what this hook cannot read.
        'git -c alias.ci="commit --no-verify" ci -m x',
        "git -c alias.ci='!git commit -n' ci -m x",
        "HOME=/tmp/evil git push origin main",
        "PRE_COMMIT_ALLOW_NO_CONFIG=1 git push origin main",
        "PRE_COMMIT_REMOTE_NAME=origin PRE_COMMIT_TO_REF=HEAD git push origin main",
        "git merge --no-verify feat",
        "git pull --no-verify",
        "rm -r ./.git//hooks",
        "rm .git/hook?/pre-push",
        "find .git/hooks -delete",
        "python3 -c \"import shutil; shutil.rmtree('.git/hooks')\"",
        # A review: a value named like a verb, a target directory attached to its option.
        "git config core.hooksPath get",
        "cp -t.git/hooks f",
        "cp --target-directory=.git/hooks f",
        "ln -sft.git/hooks /bin/true",
        # The seventeenth: another receipt-gate on PATH or Python's path answers for the
        # hook; another index is committed.
        "PATH=/tmp/fake:$PATH git commit -m x",
        "export PYTHONPATH=/tmp/fake; git commit -m x",
        "env LD_PRELOAD=/tmp/x.so git push origin main",
        'PATH="/tmp/fake:$PATH" git commit -m x',
        "PATH='$PATH':/usr/bin git commit -m x",  # (a folder named $PATH, first)
        "PATH=\\$PATH:/usr/bin git commit -m x",
        "PYTHONPYCACHEPREFIX=/tmp/planted git commit -m x",
        "GIT_INDEX_FILE=/tmp/other-index git commit -m x",
        # Round 27: a line joined by a backslash, `2>&1` and `&>` read as redirections
        # (no `&` that ends the command), and a command the hook cannot read (a folder
        # git names in bytes that are no UTF-8): refused, never run unread.
        "git push origin main \\\n  --no-verify",
        "git push origin main 2>&1 --no-verify",
        "git push origin main &>/dev/null --no-verify",
        "git commit -m x |& cat; git commit -n -m y",
        "cd $'\\udcff'; git commit -qn -m x",
        "git -C $'\\udcff' push --no-verify origin main",
    ],
)
def test_the_ways_around_the_hooks_it_can_see_are_refused(site: Repo, command: str) -> None:
    rc, err = hook(site, command)
    assert rc == 2 and "receipt-gate: refused:" in err, err


@pytest.mark.parametrize("cwd", [7, ["x"], "/tmp\u0000x"])
def test_a_payload_whose_cwd_is_no_path_is_refused_in_one_line(site: Repo, cwd: object) -> None:
    """Round 27: a cwd of another type, or with a NUL, ended in exit 3 (a bug)."""
    rc, err = hook(site, "git commit -m x", cwd=cwd)
    assert rc == 2 and err.count("\n") == 1 and "Traceback" not in err, err


@pytest.mark.parametrize(
    "command",
    [
        "git status",
        "ls -la",
        "git commit-tree HEAD^{tree}",
        "echo git commit",
        "grep -rn hooksPath docs/",
        "cat .git/hooks/pre-commit",
        "git config --get user.name",
        "git log -n 3",
        # An outside pass: reading the setting, copying a hook out.
        "git config --get core.hooksPath",
        "git config core.hooksPath",
        "cp .git/hooks/pre-commit /tmp/hook-copy",
        # A review of the seventeenth's fix: variables that change no code, a PATH that
        # keeps its front.
        "PYTHONDONTWRITEBYTECODE=1 git status",
        "export PYTHONUNBUFFERED=1; git push origin main",
        "ENV=prod git push origin main",
        'export PATH="$PATH:$HOME/bin"; git push origin main',
        # Round 27: reading the hooks (sed without -i, find without an action, tar
        # into an archive), and pre-commit's colour.
        "sed -n 1,5p .git/hooks/pre-commit",
        "find .git/hooks -name 'pre-*'",
        "tar czf /tmp/hooks.tgz .git/hooks",
        "PRE_COMMIT_COLOR=never git push origin main",
    ],
)
def test_other_commands_pass_through(site: Repo, command: str) -> None:
    site.write("drafts/intro.md", GOOD_DRAFT + "\n" + TELLS + ".\n")
    site.git("add", "-A")
    assert hook(site, command) == (0, "")


@pytest.mark.parametrize(
    "command",
    [
        "git commit -m 'mention -n and --no-verify in the message only'",
        "git commit -m 'do not run pre-commit uninstall or set core.hooksPath'",
        "git commit --allow-empty -m '-n is short for --no-verify'",
        "git commit --message '--no-verify is not used here'",
        "git commit -uno -m tidy",
        "git commit -Sjohn -m signed",
    ],
)
def test_a_message_that_mentions_a_way_around_is_no_way_around(site: Repo, command: str) -> None:
    assert hook(site, command) == (0, "")
    site.write("drafts/intro.md", GOOD_DRAFT + "\n" + TELLS + ".\n")
    site.git("add", "-A")
    rc, err = hook(site, command)
    assert rc == 2 and "ai-tells" in err and "receipt-gate: refused:" not in err


def test_git_dash_c_gates_the_repository_it_names(site: Repo, tmp_path: Path) -> None:
    site.write("drafts/intro.md", GOOD_DRAFT + "\n" + TELLS + ".\n")
    site.git("add", "-A")
    payload_cwd = tmp_path / "elsewhere"
    payload_cwd.mkdir()
    rc, err = hook(site, f"git -C {site.path} commit -m x", cwd=str(payload_cwd))
    assert rc == 2 and "ai-tells" in err


def test_cd_then_commit_gates_the_folder_it_moves_to(site: Repo, tmp_path: Path) -> None:
    site.write("drafts/intro.md", GOOD_DRAFT + "\n" + TELLS + ".\n")
    site.git("add", "-A")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    rc, err = hook(site, f"cd {site.path} && git commit -m x", cwd=str(elsewhere))
    assert rc == 2 and "ai-tells" in err


def test_a_repository_without_a_config_passes_through(tmp_path: Path) -> None:
    repo = Repo(tmp_path / "plain")
    repo.path.mkdir()
    repo.git("init", "-q")
    for command in (
        "git add -A && git commit -m x",
        "git commit -n -m x",
        "git config core.hooksPath /dev/null",
        "pre-commit uninstall",
    ):
        assert hook(repo, command) == (0, "")


def test_a_gated_repository_without_receipt_gate_refuses(site: Repo) -> None:
    payload = json.loads(PAYLOAD.read_text())
    payload["cwd"] = str(site.path)
    env = {**os.environ, "RECEIPT_GATE": "/nonexistent/receipt-gate"}
    proc = subprocess.run(
        HOOK,
        input=json.dumps(payload),
        text=True,
        capture_output=True,
        env=env,
        check=False,
    )
    assert proc.returncode == 2 and "receipt-gate cannot run" in proc.stderr


def test_other_tools_and_bad_payloads(site: Repo) -> None:
    assert hook(site, tool_name="Write")[0] == 0
    env = {**os.environ}
    proc = subprocess.run(
        HOOK,
        input="not json",
        text=True,
        capture_output=True,
        env=env,
        check=False,
    )
    assert proc.returncode == 1 and "not a PreToolUse payload" in proc.stderr


def test_send_gated_batch_validates_everything_then_acts(site: Repo, rg: Run) -> None:
    """The seed's reply CLIs: one bad draft in the batch and nothing is sent."""
    from receipt_gate.api import verify_batch

    site.write("drafts/reply-1.md", GOOD_DRAFT)
    site.write("drafts/reply-2.md", GOOD_DRAFT + "\n" + TELLS + ".\n")
    assert rg("run")[0] == 1
    sent: list[str] = []
    batch = ["drafts/intro.md", "drafts/reply-1.md", "drafts/reply-2.md"]

    def send_all() -> bool:
        verdict = verify_batch(batch, root=str(site.path))
        if not verdict.ok:
            return False
        sent.extend(batch)
        return True

    assert not send_all() and sent == []
    assert verify_batch(batch, root=str(site.path)).problems == (
        ".receipts/drafts/reply-2.md/ai-tells.json: failed: ai-tells"
        " says fail for drafts/reply-2.md (1 finding)",
    )
    site.write("drafts/reply-2.md", GOOD_DRAFT)
    assert rg("run")[0] == 0
    assert send_all() and sent == batch
