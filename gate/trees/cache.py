"""The caches in the git dir: one reader and one writer, neither ever raises.

A cache only saves time. Whatever is found there is checked for shape by the caller's
test before use, and anything unreadable, of the wrong shape or too deeply nested
counts as absent, so a damaged cache is rebuilt, never trusted and never a traceback.

A document is kept as the marshal of what its JSON text reads back as: the same values
and types a JSON file gave (lists, string keys), read two to three times faster (a
site's index of 11 MB in 40 ms, not 100, on every commit). A JSON file kept before is
read, and kept as marshal from then on. marshal builds only plain values (no object of
any class runs code as it is read), and the caller's test checks every shape, as for
JSON.
"""

from __future__ import annotations

import json
import marshal
import os
from collections.abc import Callable
from typing import Any, TypeVar

from receipt_gate.trees.git import cache_dir

T = TypeVar("T")
# (no JSON text starts with NUL); then the CRC-32 of what follows, four bytes: a file
# damaged or cut short is never handed to marshal, which trusts the sizes it reads (a
# tuple said to hold two billion items is allocated before its end is found)
MAGIC = b"\x00receipt-gate marshal 2\n"


def path(root: str, name: str) -> str | None:
    """The cache file `name` for this repository, or None when it has no git dir."""
    folder = cache_dir(root)
    return None if folder is None else os.path.join(folder, name)


def read(file: str | None, valid: Callable[[Any], bool]) -> Any:
    """The document kept in `file` (marshal behind its CRC, or an earlier release's
    JSON) when `valid` accepts it; else None."""
    if file is None:
        return None
    try:
        with open(file, "rb") as f:
            data = f.read()
        doc = decode(data)
        if not valid(doc):
            return None
        if not data.startswith(MAGIC):  # (an earlier release's JSON: kept as marshal now,
            write(file, doc)  # or a site's index stays JSON until it is written whole)
        return doc
    except (OSError, ValueError, EOFError, RecursionError, TypeError, KeyError, AttributeError):
        return None
    except MemoryError:  # (a file forged to pass the CRC: still absent)
        return None


def decode(data: bytes) -> Any:
    """The document a cache file holds (raises ValueError, EOFError or TypeError where
    it holds none)."""
    if data.startswith(MAGIC):
        import zlib

        body = memoryview(data)[len(MAGIC) + 4 :]
        if zlib.crc32(body) != int.from_bytes(data[len(MAGIC) : len(MAGIC) + 4], "big"):
            raise ValueError("damaged")
        return marshal.loads(body)
    return json.loads(data)


def encode(doc: object) -> bytes:
    """A cache file's bytes for this document: marshal of what its JSON reads back as
    (tuples as lists, keys as strings; raises ValueError or TypeError where JSON cannot
    hold it)."""
    import zlib

    body = marshal.dumps(json.loads(json.dumps(doc, separators=(",", ":"))))
    return MAGIC + zlib.crc32(body).to_bytes(4, "big") + body


def write(file: str | None, doc: object) -> bool:
    """Replace the cache file atomically; False (and nothing raised) when it cannot be."""
    if file is None:
        return False
    from receipt_gate import GateError
    from receipt_gate.trees.fsio import replace

    try:
        data = encode(doc)
        folder = os.path.dirname(file)
        os.makedirs(folder, exist_ok=True)
        replace(folder, os.path.basename(file), data)
    except (GateError, OSError, ValueError, TypeError, RecursionError):
        return False
    return True


def str_map(doc: object) -> bool:
    """A mapping of strings to strings (the shape of most caches)."""
    return isinstance(doc, dict) and all(
        isinstance(k, str) and isinstance(v, str) for k, v in doc.items()
    )


# A cache of megabytes (a site's index, its digests) that a run changes by a little is
# kept as the document, written whole now and then under a nonce, and a journal beside
# it of the steps since: each run writes its step to the journal, never the document.


def journal_of(file: str | None) -> str | None:
    """Where the journal of the cache `file` is kept."""
    return None if file is None else file.removesuffix(".json") + ".log.json"


def read_journaled(
    file: str | None, valid: Callable[[Any], bool], most: int
) -> tuple[Any, list[Any]]:
    """(the document in `file` when `valid` accepts it and it names its nonce, else None;
    the steps its journal keeps after it: none for another document's, or past `most`)."""
    doc = read(file, lambda d: isinstance(d, dict) and isinstance(d.get("nonce"), str) and valid(d))
    if doc is None:
        return None, []
    log = read(
        journal_of(file),
        lambda d: (
            isinstance(d, dict)
            and d.get("base") == doc["nonce"]
            and isinstance(d.get("steps"), list)
            and len(d["steps"]) <= most
        ),
    )
    return doc, list(log["steps"]) if log is not None else []


def write_journaled(
    file: str | None,
    doc: Any,
    steps: list[Any],
    step: Any,
    whole: Callable[[], dict[str, Any]],
    most: int,
) -> Any:
    """Keep `step` after the document `doc` was read with `steps`: in its journal while
    that holds fewer than `most`, else the document whole (`whole()`, under a new nonce).
    The document as it now stands on disk: `doc`, or the one written whole."""
    if doc is not None and step is not None and len(steps) < most:
        write(journal_of(file), {"base": doc["nonce"], "steps": [*steps, step]})
        return doc
    fresh = {**whole(), "nonce": os.urandom(8).hex()}
    write(file, fresh)
    return fresh
