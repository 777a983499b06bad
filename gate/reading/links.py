"""Links and images in a block's inline text, found as CommonMark finds them (spec 0.31,
"Links", "Images" and the bracket algorithm of its appendix): the innermost `]` closes the
nearest `[`; an inline destination `(<...>)` or `(...)` with balanced parentheses and
escapes, then an optional title; else a full, collapsed or shortcut reference to a label
the document defines; a link holds no link (the brackets before it turn to text), an
image may. Autolinks and raw HTML bind tighter than brackets: what they hold is skipped.
"""

from __future__ import annotations

import re
from collections.abc import Container
from typing import NamedTuple

from receipt_gate.base import lazyre
from receipt_gate.reading.blocksyntax import label as normal
from receipt_gate.reading.inline import escaped
from receipt_gate.reading.reader import OPAQUE as _TIGHT  # autolinks and raw HTML

_TITLE = lazyre.compile(r"\"(?:[^\"\\]|\\.)*\"|'(?:[^'\\]|\\.)*'|\((?:[^()\\]|\\.)*\)", re.DOTALL)
_SPACE = lazyre.compile(r"[ \t]*\n?[ \t]*")
_LABEL = lazyre.compile(r"\[((?:[^\[\]\\]|\\.){0,999})\]", re.DOTALL)
# cmark's limit on parentheses nested in a destination; and how many characters all
# the destinations tried in one block may take, per character of it: past that budget
# (hostile input: `[x](` ten thousand times) no more inline links are tried, so a
# block is read in linear time (its brackets then read as text, which is more prose).
MAX_PARENS = 32
BUDGET = 8


class Link(NamedTuple):
    start: int  # the `[`, or the `!` of an image
    text: tuple[int, int]  # the link text: inside the brackets
    end: int  # after the closing `)` or `]`
    image: bool
    dest: str | None  # an inline link's destination (None for a reference)
    label: str  # a reference's label, normalised ("" for an inline link)


def _destination(s: str, i: int) -> tuple[str, int] | None:
    """The destination at s[i:] and where it ends, or None."""
    if i < len(s) and s[i] == "<":
        j = i + 1
        while j < len(s) and s[j] not in "<>\n":
            j += 2 if s[j] == "\\" else 1
        return (s[i + 1 : j], j + 1) if j < len(s) and s[j] == ">" else None
    j, depth = i, 0
    while j < len(s) and s[j] > " " and s[j] != "\x7f":  # no ASCII space or control
        c = s[j]
        if c == "\\" and j + 1 < len(s) and s[j + 1] in "()\\":
            j += 2
            continue
        if c == "(":
            depth += 1
            if depth > MAX_PARENS:
                return None
        elif c == ")":
            if depth == 0:
                break
            depth -= 1
        j += 1
    return (s[i:j], j) if depth == 0 else None


def _inline(s: str, i: int) -> tuple[str, int] | None:
    """An inline link's `(destination "title")` at s[i:] (i at the `(`): (dest, end)."""
    j = _SPACE.match(s, i + 1).end()  # type: ignore[union-attr]
    if j < len(s) and s[j] == ")":
        return "", j + 1
    got = _destination(s, j)
    if got is None:
        return None
    dest, j = got
    k = _SPACE.match(s, j).end()  # type: ignore[union-attr]
    if k > j and (title := _TITLE.match(s, k)):
        k = _SPACE.match(s, title.end()).end()  # type: ignore[union-attr]
    return (dest, k + 1) if k < len(s) and s[k] == ")" else None


def find(s: str, defined: Container[str], raw: str | None = None) -> list[Link]:
    """Every link and image in s, outermost last; a reference counts only to a label in
    `defined` (normalised labels), matched on `raw` (s as written, when s has code
    spans or comments blanked: CommonMark matches a label as written)."""
    import bisect

    openers: list[tuple[int, bool]] = []  # (position of `[`, an image's)
    dead = 0  # the `[` openers[:dead] are inactive: a link after them was found
    found: list[Link] = []
    stops = [m.start() for m in re.finditer(r"[\x00- \x7f]", s)] + [len(s)]
    budget = BUDGET * len(s) + 1000
    i = 0
    while i < len(s):
        c = s[i]
        if c == "\\":
            i += 2
            continue
        if c == "<" and (m := _TIGHT.match(s, i)):
            i = m.end()
            continue
        if c == "[":
            openers.append((i, i > 0 and s[i - 1] == "!" and not escaped(s, i - 1)))
        elif c == "]" and openers:
            start, image = openers.pop()
            active = image or len(openers) >= dead
            dead = min(dead, len(openers))
            # A destination is read at most to the next space: charged to the budget.
            cost = stops[bisect.bisect_left(stops, i + 1)] - i
            budget -= cost
            link = (
                _close(s, start, i, image, defined, budget > 0, s if raw is None else raw)
                if active
                else None
            )
            if link is not None:
                found.append(link)
                if not image:  # a link holds no link: the `[` before it are text
                    dead = len(openers)
                i = link.end
                continue
        i += 1
    return found


def _close(
    s: str, start: int, close: int, image: bool, defined: Container[str], inline: bool, raw: str
) -> Link | None:
    first = start - 1 if image else start
    nxt = close + 1
    if inline and nxt < len(s) and s[nxt] == "(" and (got := _inline(s, nxt)):
        return Link(first, (start + 1, close), got[1], image, got[0], "")
    if not defined:
        return None
    # A text longer than a label may be (999 characters) is no label: not read.
    text = raw[start + 1 : close] if close - start <= 1000 else ""
    if nxt < len(s) and s[nxt] == "[":
        m = _LABEL.match(raw, nxt)
        if m is not None:
            name = normal(m.group(1)) or normal(text)
            if name in defined:
                return Link(first, (start + 1, close), m.end(), image, None, name)
            if m.group(1).strip():
                return None  # a label the document does not define: no shortcut either
    name = normal(text)
    if name and "[" not in text.replace("\\[", "") and name in defined:
        return Link(first, (start + 1, close), nxt, image, None, name)
    return None
