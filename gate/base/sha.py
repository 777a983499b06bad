"""SHA-256 as hex: the one hash of receipts, fingerprints and caches."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any


def _interpreters() -> Callable[[bytes], Any] | None:
    """The interpreter's own SHA-256 (3.11: _sha256; 3.12 and later: _sha2), if built."""
    import importlib

    for name in ("_sha2", "_sha256"):
        try:
            return importlib.import_module(name).sha256  # type: ignore[no-any-return]
        except (ImportError, AttributeError):
            continue
    return None  # pragma: no cover - an interpreter built without it


_builtin = _interpreters()
_BIG = 1 << 20
_hashed = 0


def hex256(data: bytes) -> str:
    """The SHA-256 of data, as 64 hex digits.

    A hook's few small reads are hashed by the interpreter's own SHA-256: importing
    hashlib loads OpenSSL, about 3 ms on every commit. Once a process has hashed a
    megabyte, OpenSSL's, five times faster, does the rest (the digests are the same)."""
    global _hashed
    if _builtin is not None and _hashed < _BIG:
        _hashed += len(data)
        if _hashed < _BIG:
            return str(_builtin(data).hexdigest())
    import hashlib

    return hashlib.sha256(data).hexdigest()


def rows_key(files: Mapping[str, str | None]) -> str:
    """The SHA-256 of path -> sha256 (or None), over its rows in path order: what JSON
    of it would tell apart, without JSON (40,000 pages: 60 ms). A path holds no NUL and
    a sha256 no newline, so the rows read back one way."""
    rows = (f"{p}\0{'' if s is None else s}" for p, s in sorted(files.items()))
    return hex256("\n".join(rows).encode("utf-8", "surrogateescape"))
