"""The trees a gate can read: the working tree and the index (commits: gate.revtree)."""

from __future__ import annotations

import os
from collections.abc import Iterable
from typing import Protocol

from gate import git


class TooLarge(Exception):
    """A file is larger than the bounded read allows."""


class Tree(Protocol):
    label: str

    def paths(self) -> list[str]:
        """Every file path in the tree, repo-relative, sorted."""
        ...

    def read(self, path: str, limit: int | None = None) -> bytes | None:
        """The file's bytes, or None when the tree has no such file."""
        ...

    def prefetch(self, paths: Iterable[str]) -> None:
        """A hint that these paths will be read soon (lets the index batch)."""
        ...


class WorkTree:
    label = "working tree"

    def __init__(self, root: str) -> None:
        self.root = root
        self._paths: list[str] | None = None

    def paths(self) -> list[str]:
        if self._paths is None:
            self._paths = git.worktree_paths(self.root)
        return self._paths

    def read(self, path: str, limit: int | None = None) -> bytes | None:
        full = os.path.join(self.root, path)
        try:
            with open(full, "rb") as f:
                data = f.read() if limit is None else f.read(limit + 1)
        except (FileNotFoundError, NotADirectoryError, IsADirectoryError):
            return None
        if limit is not None and len(data) > limit:
            raise TooLarge(path)
        return data

    def prefetch(self, paths: Iterable[str]) -> None:
        pass


class IndexTree:
    label = "index"

    def __init__(self, root: str) -> None:
        self.root = root
        self.entries = git.index_entries(root)
        self._blobs: dict[str, bytes] = {}

    def paths(self) -> list[str]:
        return sorted(self.entries)

    def prefetch(self, paths: Iterable[str]) -> None:
        oids = [e.oid for p in paths if (e := self.entries.get(p)) and e.oid not in self._blobs]
        self._blobs.update(git.cat_blobs(self.root, oids))

    def read(self, path: str, limit: int | None = None) -> bytes | None:
        entry = self.entries.get(path)
        if entry is None or entry.mode == "160000":
            return None
        if entry.oid not in self._blobs:
            self.prefetch([path])
        data = self._blobs[entry.oid]
        if limit is not None and len(data) > limit:
            raise TooLarge(path)
        return data
