"""Regular expressions compiled on first use. A commit imports the readers of every
kind of page and site, and most of their patterns never run on it: compiled at import,
they cost every commit about 30 ms.

Those that do run cost every process that runs them again (the number grammar's take
25 ms; a commit compiles about ninety shorter ones besides), so a command that has a
git dir keeps what `re` compiled them to (keep_in): the program `re`'s parser and
compiler make of a pattern, for this interpreter and `_sre` only, handed to
`_sre.compile` the next time as `re.compile` hands it. A pattern built from the cache
is checked, when first kept, equal to the one `re.compile` builds (a Pattern's
equality compares its program); a cache for another interpreter, damaged or of another
shape, is not read. A pattern must be the same in every process to be found again
(never joined in a set's order, which the hash seed changes).
"""

from __future__ import annotations

import re
from collections.abc import Callable
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
    def __init__(self, source: str, flags: int, keep: bool) -> None:
        self._source = source
        self._flags = flags
        self._keep = keep
        self._rx: re.Pattern[str] | None = None

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):
            raise AttributeError(name)
        rx = self._rx
        if rx is None:
            rx = self._rx = _compiled(self._source, self._flags, self._keep)
            for attr in _BOUND:
                setattr(self, attr, getattr(rx, attr))
        return getattr(rx, name)

    def __repr__(self) -> str:
        return f"lazyre.compile({self._source!r}, {self._flags!r})"


def compile(source: str, flags: int = 0, *, keep: bool = True) -> re.Pattern[str]:
    """`re.compile`, deferred to the pattern's first use; `keep=False` for a pattern
    made anew in each process (a nonce), which no cache would ever find again."""
    return cast("re.Pattern[str]", _Later(source, flags, keep))


# At most this many patterns kept (every one the package defines, about 520, with room
# for more: a cache of about a megabyte). A short pattern compiles in about 0.1 ms, but a
# commit compiles about ninety: a commit's hook on a 2,000-post site took 0.22 s keeping
# only those of 400 characters or more, 0.19 s keeping every one (the ninety built from
# their programs and the cache read: 5 ms).
_MOST = 1000
_load: Callable[[], object] | None = None  # the cache file's document, or None
_store: Callable[[object], object] | None = None
_kept: dict[str, list[Any]] | None = None  # "flags:source" -> _sre.compile's arguments
_new = False


def keep_in(load: Callable[[], object] | None, store: Callable[[object], object]) -> None:
    """Keep compiled patterns from now on in the cache that `load` reads and `store`
    writes (the caller's file: gate.rules.session); None: keep none."""
    global _load, _store, _kept
    _load, _store, _kept = load, store, None


def _engine() -> Any:
    """`re`'s engine, `_sre` (a module with no stub: its compile is what re.compile
    calls last)."""
    import _sre  # type: ignore[import-not-found]

    return _sre


def _stamp() -> str:
    import sys

    return f"{sys.version} {_engine().MAGIC} {_engine().CODESIZE}"


def _loaded() -> dict[str, list[Any]]:
    doc = _load() if _load is not None else None
    if isinstance(doc, dict) and doc.get("stamp") == _stamp() and isinstance(doc.get("kept"), dict):
        return dict(doc["kept"])
    return {}


def _compiled(source: str, flags: int, keep: bool = True) -> re.Pattern[str]:
    """re.compile(source, flags), from the kept program where there is one."""
    global _kept, _new
    if _load is None or not keep:
        return re.compile(source, flags)
    _sre = _engine()
    if _kept is None:
        _kept = _loaded()
    key = f"{flags}:{source}"
    hit = _kept.get(key)
    if hit is not None and _shaped(hit):
        made, code, groups, index = hit
        try:
            return cast(
                "re.Pattern[str]",
                _sre.compile(source, made, code, groups, index, tuple(_by_number(index, groups))),
            )
        except (TypeError, ValueError, RuntimeError, OverflowError, IndexError):
            pass  # (no program _sre takes: compiled again, and kept anew)
    rx = re.compile(source, flags)
    if len(_kept) < _MOST and (program := _program(source, flags)) is not None:
        try:
            same = _sre.compile(source, *program, tuple(_by_number(program[3], program[2]))) == rx
        except (TypeError, ValueError, RuntimeError, OverflowError):
            same = False  # (an interpreter whose engine is called otherwise: none kept)
        if same:
            _kept[key], _new = list(program), True
    return rx


def _shaped(hit: object) -> bool:
    """Is a kept entry of the shape _compiled keeps (a damaged cache's is not: the review
    of session 63, `[0, [1], 10**12, {}]` asked for a list of a trillion names)?"""
    if not (isinstance(hit, list) and len(hit) == 4):
        return False
    made, code, groups, index = hit
    return (
        isinstance(made, int)
        and isinstance(code, list)
        and all(isinstance(c, int) for c in code)
        and isinstance(groups, int)
        and 0 <= groups <= len(code)
        and isinstance(index, dict)
        and all(
            isinstance(k, str) and isinstance(v, int) and 0 < v <= groups for k, v in index.items()
        )
    )


def _by_number(index: dict[str, int], groups: int) -> list[str | None]:
    names: list[str | None] = [None] * (groups + 1)
    for name, i in index.items():
        names[i] = name
    return names


def _program(source: str, flags: int) -> tuple[int, list[int], int, dict[str, int]] | None:
    """What re.compile hands _sre.compile for this pattern (re._compiler.compile's
    steps), or None where this interpreter's `re` has no such steps."""
    try:
        from re import _compiler, _parser  # type: ignore[attr-defined]

        parsed = _parser.parse(source, flags)
        code = _compiler._code(parsed, flags)
        state = parsed.state
        return flags | state.flags, list(code), state.groups - 1, dict(state.groupdict)
    except (ImportError, AttributeError, TypeError):
        return None


def save() -> None:
    """Write the patterns compiled since keep_in() into its cache."""
    global _new
    if _new and _store is not None and _kept is not None:
        _new = False
        _store({"stamp": _stamp(), "kept": _kept})
