"""git runs through one function (gate.trees.git.call): what it feeds and collects."""

from __future__ import annotations

import os
import subprocess

import pytest

from receipt_gate import GateError
from receipt_gate.trees import git


def _repo(path: str) -> str:
    subprocess.run(["git", "init", "-q", path], check=True)
    return path


def test_large_input_and_large_output_at_once(tmp_path: object) -> None:
    """Megabytes each way: a writer that waited for its reader would hang here."""
    root = _repo(os.fspath(tmp_path))
    blob = git.run(root, ("hash-object", "-w", "--stdin"), stdin=b"x" * 100).decode().strip()
    ask = (blob + "\n").encode() * 120_000  # about 5 MB in, 6 MB out
    out = git.run(root, ("cat-file", "--batch-check"), stdin=ask)
    lines = out.decode().splitlines()
    assert len(lines) == 120_000
    assert set(lines) == {f"{blob} blob 100"}


def test_output_exit_code_and_error_are_kept_apart(tmp_path: object) -> None:
    root = _repo(os.fspath(tmp_path))
    proc = git.call(root, ("rev-parse", "--verify", "no-such-ref"))
    assert proc.returncode == 128
    assert proc.stdout == b""
    assert b"no-such-ref" in proc.stderr or b"fatal" in proc.stderr
    with pytest.raises(GateError, match="git rev-parse failed"):
        git.run(root, ("rev-parse", "--verify", "no-such-ref"))


def test_runs_in_the_root_it_is_given(tmp_path: object) -> None:
    root = _repo(os.path.join(os.fspath(tmp_path), "r"))
    os.makedirs(os.path.join(root, "sub"))
    top = git.run(os.path.join(root, "sub"), ("rev-parse", "--show-toplevel")).decode().strip()
    assert os.path.realpath(top) == os.path.realpath(root)


def test_empty_input_closes_its_stdin(tmp_path: object) -> None:
    root = _repo(os.fspath(tmp_path))
    out = git.run(root, ("hash-object", "--stdin"), stdin=b"")
    assert out.decode().strip() == "e69de29bb2d1d6434b8b29ae775ad8c2e48c5391"


def test_git_missing_is_a_gate_error(tmp_path: object, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PATH", os.fspath(tmp_path))
    with pytest.raises(GateError, match="git is not installed"):
        git.call(os.fspath(tmp_path), ("status",))


def test_many_paths_are_given_in_runs_or_on_stdin(
    tmp_path: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A site's 160,000 receipts staged at once were more than the kernel takes on one
    command line (E2BIG, exit 3): `git add` reads them on stdin, and listings take their
    pathspecs in runs (here runs of a few, as if the limit were small)."""
    root = _repo(os.fspath(tmp_path))
    names = [f"d/file-{i:03d}.md" for i in range(40)]
    os.makedirs(os.path.join(root, "d"))
    for n in names:
        with open(os.path.join(root, n), "w") as f:
            f.write(n)
    monkeypatch.setattr(git, "ARGV_LIMIT", 60)
    assert len(list(git.batched([":(literal)" + n for n in names]))) > 10
    git.add(root, names)
    assert sorted(git.index_entries(root, names)) == names
    assert sorted(git.index_entries(root)) == names  # no paths: all, in one run
    assert git.worktree_paths(root, ["d"]) == names
