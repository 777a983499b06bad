"""The caches in the git dir: one reader and one writer, neither ever raises.

A cache only saves time. Whatever is found there is checked for shape by the caller's
test before use, and anything unreadable, of the wrong shape or too deeply nested
counts as absent, so a damaged cache is rebuilt, never trusted and never a traceback.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from typing import Any, TypeVar

from receipt_gate.trees.git import cache_dir

T = TypeVar("T")


def path(root: str, name: str) -> str | None:
    """The cache file `name` for this repository, or None when it has no git dir."""
    folder = cache_dir(root)
    return None if folder is None else os.path.join(folder, name)


def read(file: str | None, valid: Callable[[Any], bool]) -> Any:
    """The JSON document in `file` when `valid` accepts it; else None."""
    if file is None:
        return None
    try:
        with open(file, "rb") as f:
            doc = json.loads(f.read())
        return doc if valid(doc) else None
    except (OSError, ValueError, RecursionError, TypeError, KeyError, AttributeError):
        return None


def write(file: str | None, doc: object) -> bool:
    """Replace the cache file atomically; False (and nothing raised) when it cannot be."""
    if file is None:
        return False
    from receipt_gate import GateError
    from receipt_gate.trees.fsio import replace

    try:
        text = json.dumps(doc, separators=(",", ":"))
        folder = os.path.dirname(file)
        os.makedirs(folder, exist_ok=True)
        replace(folder, os.path.basename(file), text.encode())
    except (GateError, OSError, ValueError, TypeError, RecursionError):
        return False
    return True


def str_map(doc: object) -> bool:
    """A mapping of strings to strings (the shape of most caches)."""
    return isinstance(doc, dict) and all(
        isinstance(k, str) and isinstance(v, str) for k, v in doc.items()
    )
