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


def test_loose_blobs_are_read_from_the_store_and_checked_against_their_ids(
    tmp_path: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A small batch of blobs `git add` just wrote is read from the object store (no git
    process); one packed, or whose file does not hold what its id says, is asked of git."""
    import zlib

    root = _repo(os.fspath(tmp_path))
    loose = git.run(root, ("hash-object", "-w", "--stdin"), stdin=b"loose\n").decode().strip()
    packed = git.run(root, ("hash-object", "-w", "--stdin"), stdin=b"packed\n").decode().strip()
    subprocess.run(["git", "-C", root, "add", "-A"], check=True)
    pack = git.run(
        root,
        ("pack-objects", "-q", os.path.join(root, ".git/objects/pack/p")),
        stdin=(packed + "\n").encode(),
    )
    assert pack.strip()
    os.remove(os.path.join(root, ".git/objects", packed[:2], packed[2:]))
    spawned: list[object] = []
    real = git._spawn
    monkeypatch.setattr(git, "_spawn", lambda *a: spawned.append(a) or real(*a))
    assert git.cat_blobs(root, [loose]) == {loose: b"loose\n"}
    assert spawned == []
    assert git.cat_blobs(root, [loose, packed]) == {loose: b"loose\n", packed: b"packed\n"}
    assert len(spawned) == 1
    # A loose file that holds other bytes than its id says is not trusted.
    path = os.path.join(root, ".git/objects", loose[:2], loose[2:])
    os.chmod(path, 0o644)
    with open(path, "wb") as f:
        f.write(zlib.compress(b"blob 6\0forged"))
    assert git._loose(root, [loose]) == {}
