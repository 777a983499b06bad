"""A plain `verify` of a working tree exactly HEAD's answers from the record kept the
first time (gate.invariant.settled), with one `git status`: it says what the whole way
says, and on every change that could move the verdict it takes the whole way again."""

from __future__ import annotations

import json
import os
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest

from receipt_gate.trees.cache import decode
from tests.conftest import GOOD_DRAFT, TELLS, Repo, Run

RECORD = Path(".git/receipt-gate/settled-1.json")


def _verified(repo: Repo, rg: Run) -> str:
    """A committed gated draft, its receipts, and a commit hook that held: HEAD's tree is
    verified. Returns what the first plain verify says (and keeps)."""
    repo.write(".receipt-gate.yaml", "required: [ai-tells, hook-length]\n")
    repo.write("drafts/a.md", GOOD_DRAFT)
    assert rg("run")[0] == 0
    repo.git("add", "-A")
    assert rg("pre-commit")[0] == 0
    repo.git("commit", "-q", "-m", "a")
    rc, out, _ = rg("verify")
    assert rc == 0 and "unchanged since HEAD" in out, out
    return out


def _whole(repo: Repo, rg: Run) -> tuple[int, str, str]:
    """verify the whole way: the record set aside, then put back."""
    record = repo.path / RECORD
    kept = record.read_bytes() if record.exists() else None
    if kept is not None:
        record.unlink()
    got = rg("verify")
    if kept is not None:
        record.write_bytes(kept)
    return got


def test_the_record_says_what_the_whole_way_says(repo: Repo, rg: Run) -> None:
    first = _verified(repo, rg)
    assert (repo.path / RECORD).exists()
    doc = decode((repo.path / RECORD).read_bytes())
    doc["said"] = ["receipt-gate: answered from the record"]  # (which way answered)
    (repo.path / RECORD).write_text(json.dumps(doc))
    assert rg("verify") == (0, "receipt-gate: answered from the record\n", "")
    doc["said"] = first.splitlines()
    (repo.path / RECORD).write_text(json.dumps(doc))
    assert rg("verify") == _whole(repo, rg) == (0, first, "")


def _edit_draft(repo: Repo) -> None:
    repo.write("drafts/a.md", GOOD_DRAFT + "\n" + TELLS + ".\n")


def _stage_draft(repo: Repo) -> None:
    _edit_draft(repo)
    repo.git("add", "-A")


def _untracked_draft(repo: Repo) -> None:
    repo.write("drafts/b.md", "# B\n\n" + TELLS + ".\n")


def _untracked_other(repo: Repo) -> None:
    repo.write("notes.txt", "scratch\n")


def _receipt_edited(repo: Repo) -> None:
    path = repo.path / ".receipts/drafts/a.md/ai-tells.json"
    path.write_text(path.read_text().replace('"pass"', '"fail"'))


def _new_commit(repo: Repo) -> None:
    repo.write("drafts/c.md", "# C\n\n" + TELLS + ".\n")
    repo.commit_all("c", "--no-verify")


def _yesterday(repo: Repo) -> None:
    doc = decode((repo.path / RECORD).read_bytes())
    doc["day"] = "2000-01-01"
    (repo.path / RECORD).write_text(json.dumps(doc))


def _git_config(repo: Repo) -> None:
    repo.git("config", "core.attributesFile", str(repo.path / "attrs"))
    (repo.path / "attrs").write_text("*.md filter=x\n")


def _skip_worktree(repo: Repo) -> None:
    """The thirteenth outside pass: git status says nothing of a file so marked."""
    repo.git("update-index", "--skip-worktree", "drafts/a.md")
    _edit_draft(repo)


def _assume_unchanged(repo: Repo) -> None:
    repo.git("update-index", "--assume-unchanged", "drafts/a.md")
    _edit_draft(repo)


def _git_variable(repo: Repo) -> None:
    os.environ["GIT_INDEX_FILE"] = str(repo.path / ".git" / "other-index")


@pytest.mark.parametrize(
    "change",
    [
        _edit_draft,
        _stage_draft,
        _untracked_draft,
        _untracked_other,
        _receipt_edited,
        _new_commit,
        _yesterday,
        _git_config,
        _git_variable,
        _skip_worktree,
        _assume_unchanged,
    ],
)
def test_anything_that_could_move_the_verdict_takes_the_whole_way(
    repo: Repo, rg: Run, change: Callable[[Repo], None], monkeypatch: pytest.MonkeyPatch
) -> None:
    _verified(repo, rg)
    doc = decode((repo.path / RECORD).read_bytes())
    doc["said"] = ["receipt-gate: answered from the record"]
    (repo.path / RECORD).write_text(json.dumps(doc))
    monkeypatch.delenv("GIT_INDEX_FILE", raising=False)  # (put back as it was after)
    change(repo)
    got = rg("verify")
    assert "answered from the record" not in got[1]
    if change is not _git_variable:
        assert got == _whole(repo, rg)
    os.environ.pop("GIT_INDEX_FILE", None)


def test_a_refused_tree_keeps_no_record(repo: Repo, rg: Run) -> None:
    repo.write(".receipt-gate.yaml", "required: [ai-tells]\n")
    repo.write("drafts/a.md", "# A\n\n" + TELLS + ".\n")
    rg("run")
    repo.commit_all("a", "--no-verify")
    assert rg("verify")[0] == 1
    assert rg("verify")[0] == 1
    assert not (repo.path / RECORD).exists()


@pytest.mark.parametrize("how", ["commit", "checkout", "packed", "detached"])
def test_head_is_asked_again_when_it_moves(repo: Repo, how: str) -> None:
    """revs.head keeps git's answer while HEAD's files are as they were: a server that
    runs for hours (the MCP server, the Stop hook) sees every move."""
    from receipt_gate.trees import revs

    repo.write("a.md", "a\n")
    repo.commit_all("a")
    first = revs.head(str(repo.path))
    assert first == repo.git("rev-parse", "HEAD").stdout.strip()
    if how == "commit":
        repo.write("b.md", "b\n")
        repo.commit_all("b")
    elif how == "checkout":
        repo.git("checkout", "-q", "-b", "other")
        repo.write("b.md", "b\n")
        repo.commit_all("b")
    elif how == "packed":
        repo.write("b.md", "b\n")
        repo.commit_all("b")
        repo.git("pack-refs", "--all")
    else:
        repo.git("checkout", "-q", "--detach", "HEAD")
        repo.write("b.md", "b\n")
        repo.commit_all("b")
    now = revs.head(str(repo.path))
    assert now == repo.git("rev-parse", "HEAD").stdout.strip() != first


@pytest.mark.parametrize("bit", ["--skip-worktree", "--assume-unchanged"])
def test_a_file_git_status_does_not_look_at_is_read(repo: Repo, rg: Run, bit: str) -> None:
    """The thirteenth outside pass: with the record of verified trees alone (no settled
    record), a draft marked so and rewritten passed verify as 'unchanged since HEAD'."""
    _verified(repo, rg)
    (repo.path / RECORD).unlink()
    repo.git("update-index", bit, "drafts/a.md")
    _edit_draft(repo)
    rc, out, _ = rg("verify")
    assert rc == 1 and "unchanged since HEAD" not in out, out


def test_a_tree_verified_another_day_answers_verify_the_whole_way(repo: Repo, rg: Run) -> None:
    """The thirteenth outside pass: a page expiring the next day supported a number; the
    day after, the clone that verified it still said ok from the record of verified
    trees, where a fresh clone refused. The record keeps the day it was made."""
    _verified(repo, rg)
    (repo.path / RECORD).unlink()
    dated = 0
    for record in (repo.path / ".git/receipt-gate").glob("verified-*-8.json"):
        doc = decode(record.read_bytes())
        for entry in [*doc.get("trees", {}).values(), doc.get("pending") or {}]:
            if "wholes" in entry:
                entry["wholes"]["@day"] = "2000-01-01"
                dated += 1
        record.write_text(json.dumps(doc))
    assert dated
    rc, out, _ = rg("verify")
    assert rc == 0 and "unchanged since HEAD" not in out, out  # the whole way: still ok


def test_a_worktree_keeps_no_settled_record(repo: Repo, rg: Run, tmp_path: Path) -> None:
    """A worktree's index and config are not under its `.git` (a file there): the
    settled record, which stamps them, is not kept; verify takes the whole way."""
    _verified(repo, rg)
    other = tmp_path / "other"
    repo.git("worktree", "add", "-q", str(other))
    cwd = os.getcwd()
    os.chdir(other)
    try:
        (other / "drafts" / "b.md").write_text(GOOD_DRAFT.replace("receipt gate", "second gate"))
        assert rg("run")[0] == 0
        subprocess.run(["git", "add", "-A"], check=True)
        assert rg("pre-commit")[0] == 0
        subprocess.run(["git", "commit", "-qm", "b"], check=True)
        assert "unchanged since HEAD" in rg("verify")[1]  # the record of verified trees
        assert rg("verify")[0] == 0
    finally:
        os.chdir(cwd)
    gitdir = Path(repo.git("rev-parse", "--git-path", "worktrees").stdout.strip())
    assert not list((repo.path / gitdir).glob("*/receipt-gate/settled-1.json"))
