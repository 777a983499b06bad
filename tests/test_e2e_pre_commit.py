"""The real pre-commit installs the hooks from this checkout and gates real commits."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tests.conftest import CONFIG, GOOD_DRAFT, Repo, Run

pytestmark = pytest.mark.e2e

AT = ".receipts/drafts/intro.md/ai-tells.json"
HL = ".receipts/drafts/intro.md/hook-length.json"
# The hooks for CONFIG, whose required checks are ai-tells and hook-length.
ALL_HOOKS = ("ai-tells", "hook-length", "registered-terms", "receipt-gate")


def install(repo: Repo, hook_repo: tuple[str, str], hooks: tuple[str, ...]) -> None:
    path, sha = hook_repo
    ids = "".join(f"      - id: {h}\n" for h in hooks)
    repo.write(
        ".pre-commit-config.yaml",
        f"repos:\n  - repo: {path}\n    rev: {sha}\n    hooks:\n{ids}",
    )
    subprocess.run(
        [sys.executable, "-m", "pre_commit", "install"], cwd=repo.path, check=True,
        capture_output=True,
    )
    repo.git("add", ".pre-commit-config.yaml")


def commit(repo: Repo, msg: str = "c") -> tuple[int, str]:
    proc = repo.git("commit", "-m", msg, check=False)
    return proc.returncode, proc.stdout + proc.stderr


def refused_until_receipts_staged(repo: Repo, *said: str) -> None:
    """Stage everything and commit: the hooks write receipts and the gate refuses, saying
    each of `said`; stage .receipts and commit again: it lands."""
    repo.git("add", "-A")
    rc, out = commit(repo)
    assert rc == 1
    for text in said:
        assert text in out
    repo.git("add", ".receipts")
    rc, out = commit(repo)
    assert rc == 0, out


@pytest.fixture
def gated(
    content: Repo, hook_repo: tuple[str, str], pre_commit_home: str, rg: Run,
    monkeypatch: pytest.MonkeyPatch,
) -> Repo:
    """Only the gate hook installed, and a first commit that it accepted."""
    monkeypatch.setenv("PRE_COMMIT_HOME", pre_commit_home)
    install(content, hook_repo, ("receipt-gate",))
    assert rg("run")[0] == 0
    content.git("add", "-A")
    rc, out = commit(content, "first")
    assert rc == 0, out
    return content


def test_draft_edited_after_its_checks(gated: Repo) -> None:
    gated.write("drafts/intro.md", GOOD_DRAFT + "\nOne more line.\n")
    gated.git("add", "-A")
    rc, out = commit(gated)
    assert rc == 1
    assert f"{AT}: stale (condition 1, draft_sha256): drafts/intro.md changed" in out
    assert f"{HL}: stale (condition 1, draft_sha256)" in out


def test_deleted_receipt(gated: Repo) -> None:
    gated.git("rm", "-q", AT)
    rc, out = commit(gated)
    assert rc == 1
    assert f"{AT}: missing: ai-tells has no receipt for drafts/intro.md in the index" in out


def test_changed_rule(gated: Repo) -> None:
    gated.write(".receipt-gate.yaml", CONFIG + "checks:\n  hook-length: {max_lines: 2}\n")
    gated.git("add", "-A")
    rc, out = commit(gated)
    assert rc == 1
    assert f"{HL}: stale (condition 2, inputs_sha256)" in out


def test_failing_verdict(gated: Repo, rg: Run) -> None:
    gated.write("drafts/intro.md", GOOD_DRAFT + "\nLet's dive in.\n")
    assert rg("run")[0] == 1
    gated.git("add", "-A")
    rc, out = commit(gated)
    assert rc == 1
    assert f"{AT}: failed (condition 3, verdict)" in out
    assert "drafts/intro.md:11:1: ai-tells: banned phrase \"let's dive in\"" in out


def test_the_safety_net_flow(
    content: Repo, hook_repo: tuple[str, str], pre_commit_home: str,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Commit without running anything: the check hooks write receipts, the gate says add them."""
    monkeypatch.setenv("PRE_COMMIT_HOME", pre_commit_home)
    install(content, hook_repo, ALL_HOOKS)
    refused_until_receipts_staged(
        content, f"{AT}: not staged: the index has no receipt, and the receipt on disk is fresh",
        f"stage it: git add {AT}")
    assert content.git("status", "--porcelain").stdout == ""
    # A commit that changes nothing a check reads leaves the receipts alone.
    content.write("notes.txt", "unrelated\n")
    content.git("add", "notes.txt")
    assert commit(content)[0] == 0


def test_a_headline_number_refuses_the_commit_and_names_the_title(
    repo: Repo, hook_repo: tuple[str, str], pre_commit_home: str, rg: Run,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("PRE_COMMIT_HOME", pre_commit_home)
    repo.write(".receipt-gate.yaml", "required: [headline-numbers, registered-terms]\n")
    repo.write("posts/drift.md", "---\ntitle: Our post schedule drifted 76 hours\n---\n"
                                 "The label drifted from 24 hours behind reality to 74.\n")
    repo.write("state/views.jsonl", '{"views": 76}\n')  # a ledger is not corpus
    repo.write("drafts/reply.md", "The schedule drifted 76 hours.\n")
    install(repo, hook_repo, ("headline-numbers", "registered-terms", "receipt-gate"))
    assert rg("run")[0] == 1
    repo.git("add", "-A")
    rc, out = commit(repo)
    assert rc == 1
    assert ('drafts/reply.md:1:22: headline-numbers: 76 appears in the title "Our post schedule'
            ' drifted 76 hours" (posts/drift.md) and in no article body') in out
    assert ".receipts/drafts/reply.md/headline-numbers.json: failed (condition 3, verdict)" in out
    repo.write("drafts/reply.md", "The schedule was 74 hours behind.\n")
    assert rg("run")[0] == 0
    repo.git("add", "-A")
    rc, out = commit(repo)
    assert rc == 0, out


def test_an_honest_grader_verdict_passes_the_real_commit(
    content: Repo, hook_repo: tuple[str, str], pre_commit_home: str, rg: Run,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The grader hook grades the staged draft; its receipt's quotes hold; the commit lands."""
    from tests.conftest import ROOT

    monkeypatch.setenv("PRE_COMMIT_HOME", pre_commit_home)
    grader = (ROOT / "examples" / "content" / "graders" / "offline_grader.py").read_text()
    content.write("graders/offline_grader.py", grader)
    content.write(".receipt-gate.yaml", CONFIG.replace("hook-length]", "hook-length, grader]")
                  + "checks:\n  grader: {command: [python3, graders/offline_grader.py]}\n")
    install(content, hook_repo, ("ai-tells", "hook-length", "grader", "receipt-gate"))
    refused_until_receipts_staged(content, ".receipts/drafts/intro.md/grader.json: not staged")
    assert json.loads(content.read(".receipts/drafts/intro.md/grader.json"))["criteria"][0][
        "quotes"] == ["A check that ran three edits ago is a check that did not run on this draft."]


def test_prek_runs_the_hooks_too(
    content: Repo, hook_repo: tuple[str, str], tmp_path_factory: pytest.TempPathFactory,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """prek, the drop-in pre-commit replacement from PyPI, installs and runs the same hooks."""
    import os

    monkeypatch.setenv("PREK_HOME", str(tmp_path_factory.mktemp("prek-home")))
    monkeypatch.setenv("PATH", os.path.dirname(sys.executable) + os.pathsep + os.environ["PATH"])
    path, sha = hook_repo
    ids = "".join(f"      - id: {h}\n" for h in ("ai-tells", "hook-length", "receipt-gate"))
    content.write(".pre-commit-config.yaml",
                  f"repos:\n  - repo: {path}\n    rev: {sha}\n    hooks:\n{ids}")
    subprocess.run(["prek", "install"], cwd=content.path, check=True, capture_output=True)
    refused_until_receipts_staged(content, f"{AT}: not staged: the index has no receipt")
    content.write("drafts/intro.md", GOOD_DRAFT + "Let's dive in.\n")
    content.git("add", "-A")
    rc, out = commit(content)
    assert rc == 1
    assert "drafts/intro.md:10:1: ai-tells: banned phrase \"let's dive in\"" in out


def test_a_newcomer_with_init_gets_a_refused_then_an_accepted_commit(
    repo: Repo, hook_repo: tuple[str, str], pre_commit_home: str, rg: Run,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The README's path: init, paste the printed block, install, commit."""
    monkeypatch.setenv("PRE_COMMIT_HOME", pre_commit_home)
    rc, out, _ = rg("init")
    assert rc == 0
    block = out[out.index("  - repo:"):]
    path, sha = hook_repo
    block = block.replace("https://github.com/OWNER/receipt-gate  # this repository's URL", path)
    block = block.replace("rev: v0.1.0", f"rev: {sha}")
    repo.write(".pre-commit-config.yaml", "repos:\n" + block)
    for hook_type in ("pre-commit", "pre-push"):
        subprocess.run([sys.executable, "-m", "pre_commit", "install", "--hook-type", hook_type],
                       cwd=repo.path, check=True, capture_output=True)
    repo.write("drafts/first.md", GOOD_DRAFT)
    refused_until_receipts_staged(repo, "not staged")
