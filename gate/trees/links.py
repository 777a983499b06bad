"""Links where files are read: a symlink or a submodule hides what is behind it, so the
gate names each one the globs could reach instead of skipping it."""

from __future__ import annotations

import os
import posixpath
import stat
from collections.abc import Callable, Sequence

from receipt_gate.base import wildmatch
from receipt_gate.base.text import printable


def candidates(globs: Sequence[str]) -> list[str]:
    """The folders above and at each glob's literal prefix: a link there hides all of it."""
    out: dict[str, None] = {}
    for prefix in wildmatch.split(globs)[0]:
        parts = wildmatch.literal_prefix(prefix).split("/")
        for i in range(1, len(parts) + 1):
            if parts[i - 1] not in ("", ".", ".."):
                out["/".join(parts[:i])] = None
    return list(out)


def blind_spots(links: Sequence[tuple[str, str]], what: str) -> list[str]:
    """One line for each link (a tree's `blind()`) behind which files could be read."""
    return [
        f"{printable(p)}: {kind} where {what}: the gate cannot see what it holds;"
        f" commit the files themselves, or leave it out with the glob"
        f' "!{printable(wildmatch.escape(p))}/**"'
        for p, kind in links
    ]


def file_target(path: str, target: bytes, is_file: Callable[[str], bool]) -> bool:
    """Does a symlink's target (its blob: a path) name a file of the same tree?"""
    try:
        name = posixpath.normpath(posixpath.join(posixpath.dirname(path), target.decode()))
    except UnicodeDecodeError:
        return False
    return not name.startswith(("../", "/")) and name != ".." and is_file(name)


def _lstat_mode(path: str) -> int | None:
    try:
        return os.lstat(path).st_mode
    except OSError:
        return None


def in_worktree(
    prefix: str,
    globs: tuple[str, ...],
    listed: Sequence[str],
    chosen: set[str],
    mode_of: Callable[[str], int | None] | None = None,
) -> list[tuple[str, str]]:
    """The links among the paths git lists under the globs (and the folders above their
    literal prefixes), found with lstat: a symlink, or a folder git lists as a file (a
    submodule, or a repository of its own)."""
    out = []
    for p, listed_here in [*((p, True) for p in listed), *((p, False) for p in candidates(globs))]:
        folder = p.rstrip("/")
        if p in chosen or not folder:
            continue
        # An lstat first (once per path, with `mode_of`): most paths are plain files,
        # which hide nothing.
        mode = mode_of(folder) if mode_of is not None else _lstat_mode(prefix + folder)
        if mode is None or stat.S_ISREG(mode) or not wildmatch.could_hold(globs, folder):
            continue
        if stat.S_ISLNK(mode) and not os.path.isfile(prefix + folder):
            out.append((folder, "a symlink"))  # (a link to a file hides no folder)
        elif stat.S_ISDIR(mode) and listed_here:  # a plain folder git never lists
            out.append((folder, "a submodule or repository of its own"))
    return sorted(set(out))
