"""What a gate reads: the Tree protocol, and the working tree (git objects: gittree)."""

from __future__ import annotations

import os
import stat
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from receipt_gate.base import wildmatch
from receipt_gate.base.text import printable
from receipt_gate.trees import git

if TYPE_CHECKING:
    from receipt_gate.base.text import Draft
    from receipt_gate.trees.convert import Conversion


class Unreadable(Exception):
    """A path the tree has but will not read: a symlink, not a regular file, too large."""

    def __init__(self, path: str, reason: str) -> None:
        super().__init__(f"{path}: {reason}")
        self.path = path
        self.reason = reason


class TooLarge(Unreadable):
    def __init__(self, path: str, limit: int) -> None:
        super().__init__(path, f"larger than {limit} bytes")


def name_error(path: str) -> str | None:
    """Why no receipt or cache can name this file (its name is not UTF-8, or holds a
    character a terminal would act on: a line break, an escape), or None."""
    if not path.isascii():
        try:
            path.encode()
        except UnicodeEncodeError:
            shown = path.encode("utf-8", "surrogateescape").decode("utf-8", "replace")
            return (
                f"{printable(shown)}: the file name is not UTF-8, so no receipt can name"
                " it; rename it"
            )
    if not path.isprintable():
        return (
            f"{printable(path)}: the file name holds a control character, so no"
            " report can name it as it is; rename it"
        )
    return None


def nameable(files: Mapping[str, str | None]) -> dict[str, str]:
    """The files that exist (path -> sha256); GateError naming every one whose name is
    not UTF-8, read or not (a copy of another file's bytes is never read)."""
    from receipt_gate import GateError

    bad = [e for e in map(name_error, files) if e is not None]
    if bad:
        raise GateError.many(bad)
    return {p: sha for p, sha in files.items() if sha is not None}


T = TypeVar("T")
# What this process built from a tree object it holds (its id names it): the last few.
_BUILT: dict[tuple[int, str], tuple[object, Any]] = {}


def built_once(tree: object, key: str, build: Callable[[], T]) -> T:
    """build(), once per tree object and key (the fingerprint and the check both read a
    corpus: it is read once)."""
    hit = _BUILT.get((id(tree), key))
    if hit is not None:
        got: T = hit[1]
        return got
    got = build()
    _BUILT[(id(tree), key)] = (tree, got)
    while len(_BUILT) > 12:
        del _BUILT[next(iter(_BUILT))]
    return got


def read_text(tree: Tree, path: str) -> Draft | str | None:
    """A text file of the tree, decoded; a one-line reason when it cannot be; None if absent."""
    from receipt_gate.base.text import decode

    bad = name_error(path)
    if bad is not None:
        return bad
    try:
        data = tree.read(path)
    except Unreadable as e:
        return str(e)
    return None if data is None else decode(path, data)


def small_text(tree: Tree, path: str) -> str | None:
    """A config or template of the tree (its first MiB) as text, None where it is absent
    or cannot be read: what a site's own code says, read to decide what it prints."""
    try:
        data = tree.read(path, 1 << 20)
    except Unreadable:
        return None
    return data.decode("utf-8", "replace") if data is not None else None


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
        """(kind, stamp) for files whose bytes the stamp vouches for (gate.trees.digests)."""
        ...

    def blind(
        self, globs: Sequence[str], among: Sequence[str] | None = None
    ) -> list[tuple[str, str]]:
        """(path, what) for each symlink or submodule behind which the globs could match
        a file (all there are, or those among the paths given)."""
        ...


# A working-tree file changed this recently is hashed, not stamped (gate.trees.digests).
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

    def blind(
        self, globs: Sequence[str], among: Sequence[str] | None = None
    ) -> list[tuple[str, str]]:
        return []


class WorkTree:
    label = "working tree"
    fork_safe = True

    def __init__(self, root: str) -> None:
        self.root = root
        self._prefix = root.rstrip(os.sep) + os.sep
        self._paths: list[str] | None = None
        self._selected: dict[tuple[str, ...], list[str]] = {}
        self._under: dict[tuple[str, ...], list[str]] = {}
        self._inside: dict[str, bool] = {"": True}
        self._conv: dict[str, Conversion] | None = None
        # Files whose bytes as git stores them depend on attributes, not only on their
        # content: their hash is never cached under a stamp (gate.trees.digests).
        self._volatile: set[str] = set()
        # The lstat mode of each path found to be a regular file, asked once however many
        # glob sets look for links (a site's 10,000 files were stat-ed eight times).
        self._modes: dict[str, int] = {}

    def paths(self, globs: Sequence[str] | None = None) -> list[str]:
        if globs is None:
            if self._paths is None:
                self._paths = git.worktree_paths(self.root)
            return self._paths
        key = tuple(globs)
        got = self._selected.get(key)
        if got is None:
            got = self._selected[key] = wildmatch.select(key, self._listed(key))
        return got

    def _listed(self, globs: tuple[str, ...]) -> list[str]:
        """Every path at or under the globs' literal folders (all, when one has none)."""
        got = self._under.get(globs)
        if got is None:
            # git lists only under the globs' literal folders (walking 40,000 receipts
            # to find 10,000 drafts is most of the cost); wildmatch then decides exactly.
            prefixes = wildmatch.literal_prefixes(globs)
            gone: tuple[str, ...] = ()
            if prefixes is None and self._paths is None:
                gone = wildmatch.gone_folders(globs)
            if gone:  # folders the globs leave out whole (the receipts') are not listed
                got = git.worktree_paths(self.root, but=gone)
            elif self._paths is not None or prefixes is None:
                got = self.paths()
            else:
                # An absolute prefix, or one with an empty, "." or ".." folder, names no
                # repo-relative path: its glob matches nothing, and git would refuse it.
                under = [p for p in prefixes if not {"", ".", ".."} & set(p.split("/"))]
                got = git.worktree_paths(self.root, under) if under else []
            self._under[globs] = got
        return got

    def blind(
        self, globs: Sequence[str], among: Sequence[str] | None = None
    ) -> list[tuple[str, str]]:
        """(path, what) for each symlink, submodule or repository inside the work tree
        where the globs could match a file: what lies behind it the gate cannot see."""
        from receipt_gate.trees.links import in_worktree

        if not globs:
            return []  # (no glob: nothing it could match hides behind a link)
        key = tuple(globs)
        return in_worktree(
            self._prefix,
            key,
            self._listed(key) if among is None else among,
            set(self.paths(key)),
            self._mode,
        )

    def _mode(self, path: str) -> int | None:
        """A path's lstat mode; a regular file's is kept (what is not one is asked again:
        a link or a folder made since is seen)."""
        mode = self._modes.get(path)
        if mode is None:
            try:
                mode = os.lstat(self._prefix + path).st_mode
            except OSError:
                return None
            if stat.S_ISREG(mode):
                self._modes[path] = mode
        return mode

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
                raise Unreadable(
                    path, "is a symlink; drafts and receipts must be regular files"
                ) from None
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
        if b"\r" in data or b"$Id" in data:
            return self._as_git_stores(path, data)
        return data

    def _as_git_stores(self, path: str, data: bytes) -> bytes:
        self._volatile.add(path)
        from receipt_gate.trees.convert import to_git

        conv = self.conversion(path)
        if conv.filter:  # a clean filter is git's own
            return git.cleaned(self.root, [path]).get(path, data)
        return to_git(data, conv)

    def stamps(self, paths: Iterable[str]) -> dict[str, tuple[str, str]]:
        """For each file that can have one, a stamp that changes whenever its bytes do
        (see gate.trees.digests); none for what is not a regular file inside the repository,
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
            if (
                st.st_mode & 0o170000 == 0o100000
                and st.st_mtime_ns < settled
                and st.st_ctime_ns < settled
                and path not in self._volatile
                and (inside.get(folder) or self._folder_inside(folder))
            ):
                out[path] = (
                    "stat",
                    f"{st.st_dev}:{st.st_ino}:{st.st_size}:{st.st_mtime_ns}:{st.st_ctime_ns}",
                )
        return out

    def conversion(self, path: str) -> Conversion:
        """What `git add` does to this file's bytes (its attributes, core.autocrlf)."""
        if self._conv is None or path not in self._conv:
            # Ask git once for every path listed so far, not once per file.
            known = {path}.union(*self._selected.values(), self._paths or ())
            if self._conv:
                known.difference_update(self._conv)
            self._conv = {**(self._conv or {}), **git.conversions(self.root, sorted(known))}
        from receipt_gate.trees.convert import NONE

        return self._conv.get(path, NONE)

    def prefetch(self, paths: Iterable[str]) -> None:
        pass
