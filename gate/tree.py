"""The trees a gate can read: the working tree, the index, and a commit."""

from __future__ import annotations

import os
import stat
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Protocol

from receipt_gate import git, wildmatch

if TYPE_CHECKING:
    from receipt_gate.text import Draft


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
    from receipt_gate.text import decode

    try:
        data = tree.read(path)
    except Unreadable as e:
        return str(e)
    return None if data is None else decode(path, data)


class Tree(Protocol):
    label: str
    root: str  # the repository's work tree ("" for no repository)
    # Can a forked process read this tree too? (Plain files and bytes read into
    # memory can; a tree that keeps a pipe open to git could not.)
    fork_safe: bool

    def paths(self, globs: Sequence[str] | None = None) -> list[str]:
        """Every file path in the tree (or those the globs match), repo-relative, sorted."""
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

    def stamps(self, paths: Iterable[str]) -> dict[str, tuple[str, str]]:
        """(kind, stamp) for files whose bytes the stamp vouches for (gate.digests)."""
        ...


# A working-tree file changed this recently is hashed, not stamped (gate.digests).
RACY_NS = 2_000_000_000
_READ_FLAGS = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)


class EmptyTree:
    """No repository: nothing to read (a check run on a text outside any repository)."""

    label = "no repository"
    root = ""
    fork_safe = True

    def paths(self, globs: Sequence[str] | None = None) -> list[str]:
        return []

    def read(self, path: str, limit: int | None = None) -> bytes | None:
        return None

    def prefetch(self, paths: Iterable[str]) -> None:
        pass

    def stamps(self, paths: Iterable[str]) -> dict[str, tuple[str, str]]:
        return {}


class WorkTree:
    label = "working tree"
    fork_safe = True

    def __init__(self, root: str) -> None:
        self.root = root
        self._prefix = root.rstrip(os.sep) + os.sep
        self._paths: list[str] | None = None
        self._selected: dict[tuple[str, ...], list[str]] = {}
        self._inside: dict[str, bool] = {"": True}
        self._eol: dict[str, bool] | None = None

    def paths(self, globs: Sequence[str] | None = None) -> list[str]:
        if globs is None:
            if self._paths is None:
                self._paths = git.worktree_paths(self.root)
            return self._paths
        key = tuple(globs)
        got = self._selected.get(key)
        if got is None:
            # git lists only under the globs' literal folders (walking 40,000 receipts
            # to find 10,000 drafts is most of the cost); wildmatch then decides exactly.
            prefixes = [wildmatch.literal_prefix(g) for g in key]
            if self._paths is not None or not all(prefixes):
                listed = self.paths()
            else:
                # An absolute prefix, or one with an empty, "." or ".." folder, names no
                # repo-relative path: its glob matches nothing, and git would refuse it.
                under = [p for p in prefixes
                         if not {"", ".", ".."} & set(p.split("/"))]
                listed = git.worktree_paths(self.root, under) if under else []
            got = self._selected[key] = wildmatch.select(key, listed)
        return got

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
            folder = path.rpartition("/")[0]
            if not (self._inside.get(folder) or self._folder_inside(folder)):
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

    def stamps(self, paths: Iterable[str]) -> dict[str, tuple[str, str]]:
        """For each file that can have one, a stamp that changes whenever its bytes do
        (see gate.digests); none for what is not a regular file inside the repository,
        or was changed too recently to tell."""
        import time

        settled = time.time_ns() - RACY_NS
        lstat, prefix, inside = os.lstat, self._prefix, self._inside
        out = {}
        for path in paths:
            try:
                st = lstat(prefix + path)
            except OSError:
                continue
            folder = path.rpartition("/")[0]
            if (st.st_mode & 0o170000 == 0o100000 and st.st_mtime_ns < settled
                    and st.st_ctime_ns < settled
                    and (inside.get(folder) or self._folder_inside(folder))):
                out[path] = ("stat", f"{st.st_dev}:{st.st_ino}:{st.st_size}:{st.st_mtime_ns}:"
                                     f"{st.st_ctime_ns}")
        return out

    def _converts(self, path: str) -> bool:
        """Would `git add` turn this file's CRLF into LF (text, eol, core.autocrlf)?"""
        if self._eol is None or path not in self._eol:
            # Ask git once for every path listed so far, not once per file.
            known = {path}.union(*self._selected.values(), self._paths or ())
            if self._eol:
                known.difference_update(self._eol)
            self._eol = {**(self._eol or {}), **git.eol_normalized(self.root, sorted(known))}
        return self._eol.get(path, False)

    def prefetch(self, paths: Iterable[str]) -> None:
        pass


class IndexTree:
    """The index: its entries from `git ls-files --stage`, blobs read in batches."""

    label = "index"
    fork_safe = True  # blobs are prefetched bytes; a miss starts its own git process

    def __init__(self, root: str, entries: dict[str, git.IndexEntry] | None = None) -> None:
        self.root = root
        self.entries = git.index_entries(root) if entries is None else entries
        self._sorted: list[str] | None = None
        self._blobs: dict[str, bytes] = {}

    def paths(self, globs: Sequence[str] | None = None) -> list[str]:
        if self._sorted is None:
            self._sorted = sorted(self.entries)
        return self._sorted if globs is None else wildmatch.select(globs, self._sorted)

    def _lookup(self, paths: Iterable[str]) -> dict[str, git.IndexEntry]:
        entries = self.entries
        return {p: e for p in paths if (e := entries.get(p)) is not None}

    def prefetch(self, paths: Iterable[str]) -> None:
        found = self._lookup(paths).values()
        self._blobs.update(git.cat_blobs(self.root, [e.oid for e in found
                                                     if e.oid not in self._blobs]))

    def stamps(self, paths: Iterable[str]) -> dict[str, tuple[str, str]]:
        return {p: ("oid", e.oid) for p, e in self._lookup(paths).items()
                if e.mode in ("100644", "100755")}

    def read(self, path: str, limit: int | None = None) -> bytes | None:
        entry = self._lookup([path]).get(path)
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


class CommitTree(IndexTree):
    """A commit's tree, read from git objects (`git ls-tree`, `git cat-file --batch`).

    Listed only as far as it is asked: reading a config and a script from HEAD costs
    one `ls-tree` of those paths, not of 50,000 files.
    """

    def __init__(self, root: str, rev: str, what: str = "--rev") -> None:
        self.commit = git.resolve_commit(root, rev, what)
        super().__init__(root, {})
        self._complete = False
        self._asked: set[str] = set()  # paths (or folders) already listed
        named = "" if self.commit.startswith(rev) else f" ({rev})"
        self.label = f"commit {self.commit[:12]}{named}"

    def _list(self, paths: Sequence[str]) -> None:
        wanted = [p for p in paths if p not in self._asked]
        if wanted and not self._complete:
            self.entries.update(git.tree_entries(self.root, self.commit, wanted))
            self._asked.update(wanted)

    def _lookup(self, paths: Iterable[str]) -> dict[str, git.IndexEntry]:
        paths = list(paths)
        self._list(paths)
        return super()._lookup(paths)

    def paths(self, globs: Sequence[str] | None = None) -> list[str]:
        if not self._complete and globs is not None:
            prefixes = [wildmatch.literal_prefix(g) for g in globs]
            if all(prefixes):  # list only under the globs' literal folders
                under = [p for p in prefixes if not {"", ".", ".."} & set(p.split("/"))]
                self._list(under)
                listed = sorted(p for p in self.entries
                                if any(p == u or p.startswith(u + "/") for u in under))
                return wildmatch.select(globs, listed)
        if not self._complete:
            self.entries = git.tree_entries(self.root, self.commit)
            self._complete = True
            self._sorted = None
        return super().paths(globs)
