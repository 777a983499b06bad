"""The real pre-commit (and prek) installs the pair from this checkout and gates real commits.

The `receipt-gate` hook does the work at commit in one process: it runs every required
deterministic check whose receipt in the index is not fresh on the staged bytes, stages
those receipts, and verifies the index: one line in pre-commit's output, every finding
said once.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from tests.conftest import CONFIG, GOOD_DRAFT, ROOT, TELLS, Repo, Run

pytestmark = pytest.mark.e2e

AT = ".receipts/drafts/intro.md/ai-tells.json"
HL = ".receipts/drafts/intro.md/hook-length.json"
PAIR = ("receipt-gate", "receipt-gate-push")
TELL = "drafts/intro.md:10:1: ai-tells: AI tells weigh"


def install(
    repo: Repo, hook_repo: tuple[str, str], hooks: tuple[str, ...] = PAIR, tool: str = "pre_commit"
) -> None:
    path, sha = hook_repo
    ids = "".join(f"      - id: {h}\n" for h in hooks)
    repo.write(
        ".pre-commit-config.yaml",
        f"repos:\n  - repo: {path}\n    rev: {sha}\n    hooks:\n{ids}",
    )
    argv = ["prek"] if tool == "prek" else [sys.executable, "-m", "pre_commit"]
    for hook_type in ("pre-commit", "pre-merge-commit", "pre-push"):
        subprocess.run(
            [*argv, "install", "--hook-type", hook_type],
            cwd=repo.path,
            check=True,
            capture_output=True,
        )
    repo.git("add", ".pre-commit-config.yaml")


def commit(repo: Repo, msg: str = "c") -> tuple[int, str]:
    proc = repo.git("commit", "-m", msg, check=False)
    return proc.returncode, proc.stdout + proc.stderr


def committed(repo: Repo) -> set[str]:
    return set(repo.git("show", "--name-only", "--format=", "HEAD").stdout.split())


def gate_lines(out: str) -> list[str]:
    """The status lines pre-commit printed for our hooks (name....Passed/Failed)."""
    return [line for line in out.splitlines() if line.startswith("receipt gate")]


@pytest.fixture
def hooked(
    content: Repo, hook_repo: tuple[str, str], pre_commit_home: str, monkeypatch: pytest.MonkeyPatch
) -> Repo:
    monkeypatch.setenv("PRE_COMMIT_HOME", pre_commit_home)
    install(content, hook_repo)
    return content


def test_a_clean_draft_commits_in_one_step_with_its_receipts(hooked: Repo) -> None:
    hooked.git("add", "-A")
    rc, out = commit(hooked, "first")
    assert rc == 0, out
    (line,) = gate_lines(out)
    assert line.endswith("Passed")
    assert {"drafts/intro.md", AT, HL} <= committed(hooked)
    assert "files were modified by this hook" not in out
    assert hooked.git("status", "--porcelain").stdout == ""


def test_a_failing_draft_fails_once_with_each_finding_once(hooked: Repo) -> None:
    hooked.write("drafts/intro.md", GOOD_DRAFT + "\n" + TELLS + ".\n")
    hooked.git("add", "-A")
    rc, out = commit(hooked)
    assert rc == 1
    (line,) = gate_lines(out)
    assert line.endswith("Failed")
    assert out.count(TELL.replace(":10:", ":11:")) == 1
    assert f"{AT}: failed:" in out
    assert "files were modified by this hook" not in out
    hooked.write("drafts/intro.md", GOOD_DRAFT)
    hooked.git("add", "-A")
    rc, out = commit(hooked)
    assert rc == 0, out


def test_a_partly_staged_draft_is_checked_as_staged_and_the_unstaged_edit_survives(
    hooked: Repo, rg: Run
) -> None:
    hooked.git("add", "-A")
    unstaged = GOOD_DRAFT + TELLS + ".\n"  # would fail, but is not being committed
    hooked.write("drafts/intro.md", unstaged)
    rc, out = commit(hooked)
    assert rc == 0, out
    assert hooked.read("drafts/intro.md") == unstaged
    receipt = json.loads(hooked.git("show", f"HEAD:{AT}").stdout)
    import hashlib

    assert receipt["draft_sha256"] == hashlib.sha256(GOOD_DRAFT.encode()).hexdigest()
    assert rg("verify", "--rev", "HEAD")[0] == 0
    assert rg("verify")[0] == 1  # the working tree's draft is not the checked one


def test_receipts_run_wrote_for_an_unstaged_edit_survive_pre_commits_stash(
    hooked: Repo, rg: Run
) -> None:
    """The adversary's case: `receipt-gate run` on the working tree, then a commit of an
    older, staged version. pre-commit stashes the unstaged edit and the receipts run
    wrote; were the hook to write the staged version's receipts there, pre-commit could
    not put its stash back and the edit would leave the working tree."""
    hooked.git("add", "-A")
    assert commit(hooked, "first")[0] == 0
    staged = GOOD_DRAFT + "\nSecond paragraph.\n"
    edited = staged + "\nMy precious third paragraph.\n"
    hooked.write("drafts/intro.md", staged)
    hooked.git("add", "drafts/intro.md")
    hooked.write("drafts/intro.md", edited)
    assert rg("run")[0] == 0  # receipts for the edited bytes, not staged
    ran = {p: hooked.read(p) for p in (AT, HL)}
    rc, out = commit(hooked, "the staged version")
    # Refused, with nothing written: pre-commit puts the stash back, the edit and the
    # receipts run wrote are where they were.
    assert rc == 1, out
    assert "An unexpected error" not in out and "conflicted" not in out, out
    assert "pre-commit stashed your unstaged change to it" in out
    assert hooked.read("drafts/intro.md") == edited
    assert {p: hooked.read(p) for p in ran} == ran
    # Staged as it is with them, the draft commits with the receipts run wrote for it.
    hooked.git("add", "drafts/intro.md", ".receipts")
    rc, out = commit(hooked, "the edited version")
    assert rc == 0, out
    assert rg("verify", "--rev", "HEAD")[0] == 0
    assert hooked.git("status", "--porcelain").stdout == ""


def test_stage_receipts_false_writes_and_says_what_to_stage(hooked: Repo) -> None:
    hooked.write(".receipt-gate.yaml", CONFIG + "stage_receipts: false\n")
    hooked.git("add", "-A")
    rc, out = commit(hooked)
    assert rc == 1
    assert f"{AT}: not staged: the index has no receipt, and the receipt on disk is fresh" in out
    assert "hint: git add .receipts" in out
    hooked.git("add", ".receipts")
    rc, out = commit(hooked)
    assert rc == 0, out
    assert AT in committed(hooked)


def test_an_edit_after_the_checks_is_checked_again_at_commit(hooked: Repo, rg: Run) -> None:
    """The check that ran three edits ago: its receipt is stale, so the hook runs it on the
    bytes being committed; the commit carries receipts for exactly those bytes."""
    assert rg("run")[0] == 0
    hooked.git("add", "-A")
    assert commit(hooked, "first")[0] == 0
    before = json.loads(hooked.read(AT))["draft_sha256"]
    hooked.write("drafts/intro.md", GOOD_DRAFT + "\nOne more line.\n")
    hooked.git("add", "drafts")
    rc, out = commit(hooked)
    assert rc == 0, out
    assert {AT, HL} <= committed(hooked)
    assert json.loads(hooked.read(AT))["draft_sha256"] != before
    assert rg("verify", "--rev", "HEAD")[0] == 0


def test_the_grader_runs_at_commit_only_when_the_config_says_so(hooked: Repo, rg: Run) -> None:
    grader = (ROOT / "examples" / "content" / "graders" / "offline_grader.py").read_text()
    hooked.write("graders/offline_grader.py", grader)
    config = CONFIG.replace("hook-length]", "hook-length, grader]")
    hooked.write(
        ".receipt-gate.yaml",
        config + "checks:\n  grader: {command: [python3, graders/offline_grader.py]}\n",
    )
    hooked.git("add", "-A")
    rc, out = commit(hooked)
    assert rc == 1  # no model call at commit by default
    assert ".receipts/drafts/intro.md/grader.json: missing" in out
    hooked.write(
        ".receipt-gate.yaml",
        config + "checks:\n  grader: {command: [python3,"
        " graders/offline_grader.py], at_commit: true}\n",
    )
    hooked.git("add", "-A")
    rc, out = commit(hooked)
    assert rc == 0, out
    assert json.loads(hooked.read(".receipts/drafts/intro.md/grader.json"))["criteria"][0][
        "quotes"
    ] == ["A check that ran three edits ago is a check that did not run on this draft."]


def test_a_headline_number_refuses_the_commit_and_names_the_title(hooked: Repo) -> None:
    hooked.write(".receipt-gate.yaml", "required: [headline-numbers, registered-terms]\n")
    hooked.write(
        "posts/drift.md",
        "---\ntitle: Our post schedule drifted 76 hours\n---\n"
        "The label drifted from 24 hours behind reality to 74.\n",
    )
    hooked.write("state/views.jsonl", '{"views": 76}\n')  # a ledger is not corpus
    hooked.write("drafts/intro.md", "The schedule drifted 76 hours.\n")
    hooked.git("add", "-A")
    rc, out = commit(hooked)
    assert rc == 1
    assert (
        'drafts/intro.md:1:22: headline-numbers: 76 appears in the title "Our post schedule'
        ' drifted 76 hours" (posts/drift.md) and in no article body'
    ) in out
    hooked.write("drafts/intro.md", "The schedule was 74 hours behind.\n")
    hooked.git("add", "-A")
    rc, out = commit(hooked)
    assert rc == 0, out


def test_prek_runs_the_pair_too(
    content: Repo,
    hook_repo: tuple[str, str],
    tmp_path_factory: pytest.TempPathFactory,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """prek, the drop-in pre-commit replacement from PyPI, installs and runs the same hooks."""
    monkeypatch.setenv("PREK_HOME", str(tmp_path_factory.mktemp("prek-home")))
    monkeypatch.setenv("PATH", os.path.dirname(sys.executable) + os.pathsep + os.environ["PATH"])
    install(content, hook_repo, tool="prek")
    content.git("add", "-A")
    rc, out = commit(content)
    assert rc == 0, out
    assert AT in committed(content)
    content.write("drafts/intro.md", GOOD_DRAFT + TELLS + ".\n")
    content.git("add", "-A")
    rc, out = commit(content)
    assert rc == 1
    assert out.count(TELL) == 1


def test_try_repo_gates_without_an_order_to_get_wrong(
    content: Repo,
    hook_repo: tuple[str, str],
    pre_commit_home: str,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """`pre-commit try-repo` runs hooks in id order: with one hook doing the work, there is
    no check hook for the gate to run before."""
    monkeypatch.setenv("PRE_COMMIT_HOME", pre_commit_home)
    content.git("add", "-A")
    path, sha = hook_repo
    proc = subprocess.run(
        [sys.executable, "-m", "pre_commit", "try-repo", path, "--ref", sha],
        cwd=content.path,
        capture_output=True,
        text=True,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert any(line.endswith("Passed") for line in gate_lines(proc.stdout))


def test_a_newcomer_with_init_gets_a_green_first_commit(
    repo: Repo,
    pre_commit_home: str,
    rg: Run,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The README's path: init (which writes .pre-commit-config.yaml), install, commit:
    the printed set-up works as printed, with the receipt-gate on PATH."""
    monkeypatch.setenv("PRE_COMMIT_HOME", pre_commit_home)
    monkeypatch.setenv("PATH", f"{os.path.dirname(sys.executable)}{os.pathsep}{os.environ['PATH']}")
    rc, out, _ = rg("init")
    assert rc == 0
    install_line = next(line for line in out.splitlines() if "pre-commit install" in line)
    hook_types = install_line.split("pre-commit install", 1)[1].split()
    subprocess.run(
        [sys.executable, "-m", "pre_commit", "install", *hook_types],
        cwd=repo.path,
        check=True,
        capture_output=True,
    )
    repo.write("drafts/first.md", GOOD_DRAFT)
    repo.git("add", "-A")
    rc, out = commit(repo)
    assert rc == 0, out
    assert any(line.endswith("Passed") for line in gate_lines(out))
    # Every manual-hook line the docs print works on the config init wrote, and can refuse.
    repo.write("drafts/second.md", GOOD_DRAFT + "\n" + TELLS + ".\n")
    repo.git("add", "-A")
    lines = manual_hook_lines()
    assert lines
    for words in lines:
        proc = subprocess.run(
            [sys.executable, "-m", "pre_commit", *words[1:]],
            cwd=repo.path,
            capture_output=True,
            text=True,
        )
        assert "No hook with id" not in proc.stdout + proc.stderr, words
        assert proc.returncode == (1 if words[4] == "ai-tells" else 0), proc.stdout
        assert (repo.path / ".receipts/drafts/second.md" / f"{words[4]}.json").is_file()


def manual_hook_lines() -> list[list[str]]:
    """Each `pre-commit run --hook-stage manual ID ...` the README and docs/ show."""
    import re

    from tests.conftest import ROOT

    found = set()
    for page in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]:
        for m in re.finditer(
            r"pre-commit run --hook-stage manual [\w-]+(?: --all-files)?", page.read_text()
        ):
            found.add(m.group(0))
    return [line.split() for line in sorted(found)]


def test_a_refused_commit_leaves_the_index_as_it_found_it(hooked: Repo) -> None:
    hooked.git("add", "-A")
    assert commit(hooked, "first")[0] == 0
    hooked.write("drafts/b.md", GOOD_DRAFT + "\n" + TELLS + ".\n")
    hooked.git("add", "drafts/b.md")
    rc, out = commit(hooked)
    assert rc == 1, out
    assert hooked.git("diff", "--cached", "--name-only").stdout == "drafts/b.md\n"
    # Unstaged and deleted, the draft blocks nothing: the next commit goes through.
    hooked.git("reset", "-q", "drafts/b.md")
    (hooked.path / "drafts" / "b.md").unlink()
    hooked.write("notes.txt", "a note\n")
    hooked.git("add", "notes.txt")
    rc, out = commit(hooked, "notes")
    assert rc == 0, out


def test_a_receipt_whose_draft_is_not_in_the_index_blocks_no_one(hooked: Repo, rg: Run) -> None:
    hooked.git("add", "-A")
    assert commit(hooked, "first")[0] == 0
    hooked.write("drafts/gone.md", GOOD_DRAFT)
    assert rg("run", "drafts/gone.md")[0] == 0
    hooked.git("add", ".receipts")  # the receipts, not the draft
    rc, out, _ = rg("pre-commit")
    assert rc == 0, out
    assert "drafts/gone.md is not in the index: its receipts are ignored" in out
    rc, out = commit(hooked, "stray receipts")
    assert rc == 0, out


def test_the_commit_git_merge_makes_is_gated_too(hooked: Repo) -> None:
    """`git merge` runs pre-merge-commit, not pre-commit: a branch that carries an
    unready draft (committed with --no-verify) cannot be merged in unchecked."""
    hooked.git("add", "-A")
    assert commit(hooked, "first")[0] == 0
    main = hooked.git("rev-parse", "--abbrev-ref", "HEAD").stdout.strip()
    hooked.git("checkout", "-q", "-b", "side")
    hooked.write("drafts/b.md", GOOD_DRAFT + "\n" + TELLS + ".\n")
    hooked.git("add", "-A")
    hooked.git("commit", "-qm", "unchecked", "--no-verify")
    hooked.git("checkout", "-q", main)
    hooked.write("drafts/c.md", GOOD_DRAFT)
    hooked.git("add", "-A")
    assert commit(hooked, "main moves on")[0] == 0
    before = hooked.git("rev-parse", "HEAD").stdout
    proc = hooked.git("merge", "--no-edit", "side", check=False)
    out = proc.stdout + proc.stderr
    assert proc.returncode != 0, out
    assert "drafts/b.md:11:1: ai-tells: AI tells weigh" in out, out
    assert hooked.git("rev-parse", "HEAD").stdout == before  # no merge commit
    hooked.git("merge", "--abort")
    # Fixed on the branch, the same merge goes through, checked.
    hooked.git("checkout", "-q", "side")
    hooked.write("drafts/b.md", GOOD_DRAFT)
    hooked.git("add", "-A")
    assert commit(hooked, "fixed")[0] == 0
    hooked.git("checkout", "-q", main)
    proc = hooked.git("merge", "--no-edit", "side", check=False)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert len(hooked.git("rev-parse", "HEAD^2").stdout.strip()) == 40
