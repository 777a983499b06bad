"""git's wildmatch for repo-relative paths: `**/` matches zero or more folders."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from functools import lru_cache

_CLASSES = {
    "alnum": "0-9A-Za-z",
    "alpha": "A-Za-z",
    "blank": " \\t",
    "digit": "0-9",
    "lower": "a-z",
    "punct": re.escape("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~"),
    "space": "\\s",
    "upper": "A-Z",
    "xdigit": "0-9A-Fa-f",
}


def _bracket(pat: str, i: int) -> tuple[str, int] | None:
    """Translate the bracket expression at pat[i] == '['; None if unclosed."""
    j = i + 1
    negate = j < len(pat) and pat[j] in "!^"
    if negate:
        j += 1
    parts: list[str] = []
    first = True
    while j < len(pat):
        c = pat[j]
        if c == "]" and not first:
            body = "".join(parts)
            return (f"[^/{body}]" if negate else f"(?!/)[{body}]"), j + 1
        first = False
        if c == "[" and pat.startswith("[:", j):
            end = pat.find(":]", j + 2)
            if end != -1 and pat[j + 2 : end] in _CLASSES:
                parts.append(_CLASSES[pat[j + 2 : end]])
                j = end + 2
                continue
        if c == "\\" and j + 1 < len(pat):
            j += 1
            c = pat[j]
        if c == "-" and parts and j + 1 < len(pat) and pat[j + 1] != "]":
            parts.append("-")
        else:
            parts.append(re.escape(c) if c != "-" else "\\-")
        j += 1
    return None


def translate(pattern: str) -> str:
    """A regular expression (for fullmatch) equivalent to a git wildmatch glob."""
    out: list[str] = []
    i, n = 0, len(pattern)
    while i < n:
        c = pattern[i]
        at_segment_start = i == 0 or pattern[i - 1] == "/"
        if c == "*":
            j = i
            while j < n and pattern[j] == "*":
                j += 1
            if j - i >= 2 and at_segment_start and (j == n or pattern[j] == "/"):
                if j == n:
                    out.append(".*")
                    i = j
                else:
                    out.append("(?:.*/)?")
                    i = j + 1
                continue
            out.append("[^/]*")
            i = j
        elif c == "?":
            out.append("[^/]")
            i += 1
        elif c == "[":
            got = _bracket(pattern, i)
            if got is None:
                out.append("\\[")
                i += 1
            else:
                out.append(got[0])
                i = got[1]
        elif c == "\\" and i + 1 < n:
            out.append(re.escape(pattern[i + 1]))
            i += 2
        else:
            out.append(re.escape(c))
            i += 1
    return "".join(out)


def split(patterns: Sequence[str]) -> tuple[list[str], list[str]]:
    """(globs that select, globs that exclude): a glob that starts with `!` excludes what
    it matches from what the others select, in any order, as in .gitignore (`\\!` is a
    literal `!`)."""
    take = [p for p in patterns if not p.startswith("!")]
    drop = [p[1:] for p in patterns if p.startswith("!")]
    return take, drop


@lru_cache(maxsize=256)
def compile_globs(patterns: tuple[str, ...]) -> re.Pattern[str]:
    take, drop = split(patterns)
    if not take:
        return re.compile(r"(?!)")
    rx = "|".join(f"(?:{translate(p)})" for p in take)
    if drop:
        rx = "(?!(?:" + "|".join(f"(?:{translate(p)})" for p in drop) + r")\Z)(?:" + rx + ")"
    return re.compile(rx, re.DOTALL)


def match(patterns: Sequence[str], path: str) -> bool:
    return compile_globs(tuple(patterns)).fullmatch(path) is not None


def select(patterns: Sequence[str], paths: Iterable[str]) -> list[str]:
    rx = compile_globs(tuple(patterns))
    return [p for p in paths if rx.fullmatch(p)]


def escape(path: str) -> str:
    """A glob that matches exactly this path."""
    return re.sub(r"([*?\\[\\\\])", r"\\\1", path)


def literal_prefixes(patterns: Sequence[str]) -> list[str] | None:
    """The literal prefixes of the selecting globs; None when one has none (it may
    match anywhere)."""
    prefixes = [literal_prefix(p) for p in split(patterns)[0]]
    return prefixes if all(prefixes) else None


def literal_prefix(pattern: str) -> str:
    """The leading folders (or the whole path) of a glob that hold no wildcard.

    Every path the glob matches lies at or under this prefix; "" when none does.
    """
    segments = pattern.split("/")
    for i, segment in enumerate(segments):
        if any(c in segment for c in "*?[\\"):
            return "/".join(segments[:i])
    return pattern


def could_hold(patterns: Sequence[str], folder: str) -> bool:
    """Could the globs match this path, or a path under it (were it a folder)? A path a
    glob leaves out whole (`!x/**` over x or a folder above it) holds nothing."""
    take, drop = split(patterns)
    parts = folder.split("/")
    for d in drop:
        if d.endswith("/**") and any(match([d[:-3]], "/".join(parts[:i]))
                                     for i in range(1, len(parts) + 1)):
            return False
    return any(_could_hold(p.split("/"), parts) for p in take)


def _could_hold(segments: list[str], parts: list[str]) -> bool:
    """Do the glob's leading segments match these folders (with segments left over for
    what lies under them), or the whole glob the path itself?"""
    if not parts:
        return bool(segments)
    if not segments:
        return False
    first = segments[0]
    if first == "**":
        return len(segments) == 1 or _could_hold(segments[1:], parts) or _could_hold(
            segments, parts[1:])
    if not compile_globs((first,)).fullmatch(parts[0]):
        return False
    if len(parts) == 1 and len(segments) == 1:
        return True  # the path itself
    return _could_hold(segments[1:], parts[1:])
