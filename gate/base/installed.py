"""What says the installed code may have changed, read with a few stat calls: the folders
on sys.path (installing or removing a package changes them) and a file's stamp."""

from __future__ import annotations

import os
import sys


def environment() -> list[list[object]]:
    """The folders on sys.path with their modification times (not the current folder
    `python -m` puts there, nor the folder of the script that started it: any file made
    in it would change it, and `receipt-gate` and `python -m receipt_gate` would each
    find the other's caches stale)."""
    out: list[list[object]] = []
    here = os.getcwd()
    script = os.path.dirname(os.path.abspath(sys.argv[0])) if sys.argv and sys.argv[0] else ""
    for p in sys.path:
        if not p or os.path.abspath(p) in (here, script):
            continue
        try:
            st = os.stat(p or ".")
        except OSError:
            continue
        out.append([p, st.st_mtime_ns])
    return out


def stamp(path: str) -> list[int] | None:
    """A file's modification time and size, or None when it is not there."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    return [st.st_mtime_ns, st.st_size]
