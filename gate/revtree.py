"""A commit's tree, read from git objects with gitpython (only `verify --rev` needs it)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import git as gitpython

from receipt_gate import GateError, wildmatch
from receipt_gate.tree import TooLarge, Unreadable


class RevTree:
    fork_safe = False  # gitpython's pipes cannot be shared with a forked process

    def __init__(self, root: str, rev: str) -> None:
        self.root = root
        try:
            repo = gitpython.Repo(root)
            self.commit = repo.commit(rev)
        except (gitpython.BadName, ValueError, gitpython.GitCommandError):
            raise GateError(f"--rev {rev}: not a commit in {root}") from None
        short = self.commit.hexsha[:12]
        named = "" if self.commit.hexsha.startswith(rev) else f" ({rev})"
        self.label = f"commit {short}{named}"
        self._blobs = {
            str(item.path): item
            for item in self.commit.tree.traverse()
            if isinstance(item, gitpython.Blob)
        }

    def paths(self, globs: Sequence[str] | None = None) -> list[str]:
        listed = sorted(self._blobs)
        return listed if globs is None else wildmatch.select(globs, listed)

    def prefetch(self, paths: Iterable[str]) -> None:
        pass

    def stamps(self, paths: Iterable[str]) -> dict[str, tuple[str, str]]:
        blobs = self._blobs
        return {p: ("oid", b.hexsha) for p in paths
                if (b := blobs.get(p)) is not None and b.mode in (0o100644, 0o100755)}

    def read(self, path: str, limit: int | None = None) -> bytes | None:
        blob = self._blobs.get(path)
        if blob is None:
            return None
        if blob.mode == 0o120000:
            raise Unreadable(path, "is a symlink; drafts and receipts must be regular files")
        if limit is not None and blob.size > limit:
            raise TooLarge(path, limit)
        data: bytes = blob.data_stream.read()
        return data
