"""The trees a gate can read: the working tree and the index (commits: gate.revtree)."""

from __future__ import annotations

import os
import stat
from collections.abc import Iterable
from typing import Protocol

from gate import git


class Unreadable(Exception):
    """A path the tree has but will not read: a symlink, not a regular file, too large."""

    def __init__(self, path: str, reason: str) -> None:
        super().__init__(f"{path}: {reason}")
        self.path = path
        self.reason = reason


class TooLarge(Unreadable):
    def __init__(self, path: str, limit: int) -> None:
        super().__init__(path, f"larger than {limit} bytes")


class Tree(Protocol):
    label: str
    root: str  # the repository's work tree

    def paths(self) -> list[str]:
        """Every file path in the tree, repo-relative, sorted."""
        ...

    def read(self, path: str, limit: int | None = None) -> bytes | None:
        """The file's bytes as git stores them, or None when the tree has no such file.

        Raises Unreadable for a symlink, anything but a regular file, or (with a limit)
        a file larger than the limit.
        """
        ...

    def prefetch(self, paths: Iterable[str]) -> None:
        """A hint that these paths will be read soon (lets the index batch)."""
        ...


class WorkTree:
    label = "working tree"

    def __init__(self, root: str) -> None:
        self.root = root
        self._real_root = os.path.realpath(root)
        self._paths: list[str] | None = None
        self._inside: dict[str, bool] = {}
        self._eol: dict[str, bool] | None = None

    def paths(self) -> list[str]:
        if self._paths is None:
            self._paths = git.worktree_paths(self.root)
        return self._paths

    def _folder_inside(self, folder: str) -> bool:
        if folder not in self._inside:
            real = os.path.realpath(os.path.join(self.root, folder))
            self._inside[folder] = real == self._real_root or real.startswith(
                self._real_root + os.sep
            )
        return self._inside[folder]

    def read(self, path: str, limit: int | None = None) -> bytes | None:
        full = os.path.join(self.root, path)
        try:
            fd = os.open(full, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | os.O_NONBLOCK)
        except (FileNotFoundError, NotADirectoryError):
            return None
        except PermissionError:
            raise Unreadable(path, "cannot read: permission denied") from None
        except OSError:
            if os.path.islink(full):
                raise Unreadable(path, "is a symlink; drafts and receipts must be regular"
                                 " files") from None
            raise Unreadable(path, "cannot be opened") from None
        with os.fdopen(fd, "rb") as f:
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                raise Unreadable(path, "is not a regular file")
            if not self._folder_inside(os.path.dirname(path)):
                raise Unreadable(path, "resolves outside the repository")
            data = f.read() if limit is None else f.read(limit + 1)
        if limit is not None and len(data) > limit:
            raise TooLarge(path, limit)
        if b"\r\n" in data and b"\0" not in data and self._converts(path):
            data = data.replace(b"\r\n", b"\n")
        return data

    def _converts(self, path: str) -> bool:
        """Would `git add` turn this file's CRLF into LF (text, eol, core.autocrlf)?"""
        if self._eol is None:
            self._eol = git.eol_normalized(self.root, self.paths())
        return self._eol.get(path, False)

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
        if entry.mode == "120000":
            raise Unreadable(path, "is a symlink; drafts and receipts must be regular files")
        if entry.oid not in self._blobs:
            self.prefetch([path])
        data = self._blobs[entry.oid]
        if limit is not None and len(data) > limit:
            raise TooLarge(path, limit)
        return data
