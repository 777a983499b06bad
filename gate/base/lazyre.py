"""Regular expressions compiled on first use. A commit imports the readers of every
kind of page and site, and most of their patterns never run on it: compiled at import,
they cost every commit about 30 ms."""

from __future__ import annotations

import re
from typing import Any, cast

# What a compiled pattern is asked for; bound on first use, then found as plain
# attributes (no delegation on the hot path).
_BOUND = (
    "match",
    "fullmatch",
    "search",
    "finditer",
    "findall",
    "sub",
    "subn",
    "split",
    "scanner",
    "pattern",
    "flags",
    "groups",
    "groupindex",
)


class _Later:
    def __init__(self, source: str, flags: int) -> None:
        self._source = source
        self._flags = flags
        self._rx: re.Pattern[str] | None = None

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):
            raise AttributeError(name)
        rx = self._rx
        if rx is None:
            rx = self._rx = re.compile(self._source, self._flags)
            for attr in _BOUND:
                setattr(self, attr, getattr(rx, attr))
        return getattr(rx, name)

    def __repr__(self) -> str:
        return f"lazyre.compile({self._source!r}, {self._flags!r})"


def compile(source: str, flags: int = 0) -> re.Pattern[str]:
    """`re.compile`, deferred to the pattern's first use."""
    return cast("re.Pattern[str]", _Later(source, flags))
