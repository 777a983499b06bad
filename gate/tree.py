"""The trees a gate can read: the working tree and the index (commits: gate.revtree)."""

from __future__ import annotations

import os
import stat
from collections.abc import Iterable
from typing import TYPE_CHECKING, Protocol

from gate import git

if TYPE_CHECKING:
    from gate.text import Draft


class Unreadable(Exception):
    """A path the tree has but will not read: a symlink, not a regular file, too large."""

    def __init__(self, path: str, reason: str) -> None:
        super().__init__(f"{path}: {reason}")
        self.path = path
        self.reason = reason


class TooLarge(Unreadable):
    def __init__(self, path: str, limit: int) -> None:
        super().__init__(path, f"larger than {limit} bytes")


def read_text(tree: Tree, path: str) -> Draft | str | None:
    """A text file of the tree, decoded; a one-line reason when it cannot be; None if absent."""
    from gate.text import decode

    try:
        data = tree.read(path)
    except Unreadable as e:
        return str(e)
    return None if data is None else decode(path, data)


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


_READ_FLAGS = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)


class WorkTree:
    label = "working tree"

    def __init__(self, root: str) -> None:
        self.root = root
        self._prefix = root.rstrip(os.sep) + os.sep
        self._paths: list[str] | None = None
        self._inside: dict[str, bool] = {"": True}
        self._eol: dict[str, bool] | None = None

    def paths(self) -> list[str]:
        if self._paths is None:
            self._paths = git.worktree_paths(self.root)
        return self._paths

    def _folder_inside(self, folder: str) -> bool:
        """No folder between the root and this one is a symlink (cached per folder)."""
        inside = self._inside.get(folder)
        if inside is None:
            parent = folder.rpartition("/")[0]
            inside = self._folder_inside(parent) and not os.path.islink(self._prefix + folder)
            self._inside[folder] = inside
        return inside

    def read(self, path: str, limit: int | None = None) -> bytes | None:
        full = self._prefix + path
        try:
            fd = os.open(full, _READ_FLAGS)
        except (FileNotFoundError, NotADirectoryError):
            return None
        except PermissionError:
            raise Unreadable(path, "cannot read: permission denied") from None
        except OSError:
            if os.path.islink(full):
                raise Unreadable(path, "is a symlink; drafts and receipts must be regular"
                                 " files") from None
            raise Unreadable(path, "cannot be opened") from None
        try:
            st = os.fstat(fd)
            if not stat.S_ISREG(st.st_mode):
                raise Unreadable(path, "is not a regular file")
            if not self._folder_inside(path.rpartition("/")[0]):
                raise Unreadable(path, "resolves outside the repository")
            if limit is not None and st.st_size > limit:
                raise TooLarge(path, limit)
            data = os.read(fd, st.st_size + 1)
            if len(data) > st.st_size:  # it grew while we read: take the rest, bounded
                parts = [data]
                while chunk := os.read(fd, 1 << 20):
                    parts.append(chunk)
                    if limit is not None and sum(map(len, parts)) > limit:
                        raise TooLarge(path, limit)
                data = b"".join(parts)
        finally:
            os.close(fd)
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
