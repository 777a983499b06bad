"""Which `*`, `_` and `~` in a block of text are emphasis or strikethrough markup (a
reader does not see them) and which are text (`foo_bar_`, `5_6_78`, `__ is not empty`).

CommonMark's delimiter-run algorithm (spec 0.31, "Emphasis and strong emphasis": left-
and right-flanking runs, `_` not inside a word, the rule of three, the nearest opener
first) and cmark-gfm's strikethrough (a run of one or two `~`, closed by a run of the
same length). inline_marks() pairs a block's marks as cmark-gfm does: a link's text
and a table's cell each on their own, code, tags and destinations holding none.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping, Sequence

from receipt_gate.base import lazyre

_RUN = lazyre.compile(r"\*+|_+|~+")


SPACE, PUNCT, OTHER = 0, 1, 2
# What flanking is decided by, for ASCII (and the text's ends, "", as white space).
_KINDS = {
    "": SPACE,
    **dict.fromkeys(" \t\n\r\f\0", SPACE),
    **dict.fromkeys("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~", PUNCT),
}


def kind(c: str) -> int:
    """White space, punctuation (Unicode's P and S categories) or other."""
    got = _KINDS.get(c)
    if got is not None:
        return got
    if c.isascii():
        return OTHER
    cat = unicodedata.category(c)
    return SPACE if cat == "Zs" else PUNCT if cat[0] in "PS" else OTHER


class _Run:
    __slots__ = ("char", "closes", "end", "hi", "length", "lo", "opens", "start")

    def __init__(self, char: str, start: int, end: int, opens: bool, closes: bool) -> None:
        self.char, self.start, self.end = char, start, end
        self.length = end - start
        self.opens, self.closes = opens, closes
        self.lo, self.hi = start, end  # what is left of the run: [lo, hi)


def _runs(text: str) -> list[_Run]:
    runs = []
    for m in _RUN.finditer(text):
        start, end = m.start(), m.end()
        back = start
        while back > 0 and text[back - 1] == "\\":
            back -= 1
        if (start - back) & 1:  # the first one is escaped: text
            start += 1
            if start == end:
                continue
        char = text[start]
        if char == "~" and end - start > 2:
            continue  # three or more tildes strike nothing (cmark-gfm)
        b = kind(text[start - 1] if start else "")
        a = kind(text[end] if end < len(text) else "")
        left = a != SPACE and (a != PUNCT or b != OTHER)
        right = b != SPACE and (b != PUNCT or a != OTHER)
        if char == "_":
            opens = left and (not right or b == PUNCT)
            closes = right and (not left or a == PUNCT)
        else:
            opens, closes = left, right
        if opens or closes:
            runs.append(_Run(char, start, end, opens, closes))
    return runs


def markup(text: str) -> list[tuple[int, int]]:
    """The (start, end) spans of `text` that are emphasis or strikethrough delimiters."""
    if "*" not in text and "_" not in text and "~" not in text:
        return []
    runs = _runs(text)
    n = len(runs)
    # The delimiter stack as a doubly linked list (removing one costs nothing), and
    # cmark's openers_bottom: per kind of closer, the position below which a search
    # already found nothing, so each opener is passed over once per kind: linear time.
    prev, nxt = list(range(-1, n - 1)), list(range(1, n + 1))

    def remove(k: int) -> None:
        p, q = prev[k], nxt[k]
        if p >= 0:
            nxt[p] = q
        if q < n:
            prev[q] = p

    bottoms: dict[tuple[str, int, bool], int] = {}
    used: list[tuple[int, int]] = []
    i = 0
    while i < n:
        closer = runs[i]
        if not closer.closes:
            i = nxt[i]
            continue
        key = (
            closer.char,
            closer.length if closer.char == "~" else closer.length % 3,
            closer.opens,
        )
        bottom = bottoms.get(key, -1)
        j = prev[i]
        while j >= 0 and runs[j].start > bottom and not _pairs(runs[j], closer):
            j = prev[j]
        if j < 0 or runs[j].start <= bottom:
            bottoms[key] = runs[prev[i]].start if prev[i] >= 0 else -1
            after = nxt[i]
            if not closer.opens:
                remove(i)
            i = after
            continue
        opener = runs[j]
        k = (
            closer.length
            if closer.char == "~"
            else (2 if opener.hi - opener.lo >= 2 and closer.hi - closer.lo >= 2 else 1)
        )
        used += [(opener.hi - k, opener.hi), (closer.lo, closer.lo + k)]
        opener.hi -= k
        closer.lo += k
        between = nxt[j]
        while between != i:  # delimiters between the two are text now
            after = nxt[between]
            remove(between)
            between = after
        if opener.hi == opener.lo:
            remove(j)
        if closer.lo == closer.hi:
            after = nxt[i]
            remove(i)
            i = after
    return sorted(used)


def _pairs(opener: _Run, closer: _Run) -> bool:
    """Can this opener close with this closer (same mark, the rule of three; for `~`,
    the same length)?"""
    if opener.char != closer.char or not opener.opens or opener.hi == opener.lo:
        return False
    if closer.char == "~":
        return opener.length == closer.length
    return not (
        (opener.closes or closer.opens)
        and (opener.length + closer.length) % 3 == 0
        and (opener.length % 3 or closer.length % 3)
    )


def inline_marks(
    text: str, opaque: Sequence[tuple[int, int]], scopes: Sequence[tuple[int, int]]
) -> list[int]:
    """The offsets of the emphasis and strike marks in one block's inline text, paired
    as cmark-gfm pairs them. `opaque`: spans that hold no mark and read, at their ends,
    as the characters they start and end with (a code span, a tag, an autolink, a
    comment, a link's destination); `scopes`: spans paired on their own, innermost
    first, then opaque to what holds them (a link's text, a table's cell)."""
    buf = list(text)
    for a, b in opaque:
        buf[a + 1 : b - 1] = "\x01" * max(b - a - 2, 0)
    found: list[int] = []
    for a, b in scopes:
        for x, y in markup("".join(buf[a:b])):
            found.extend(range(a + x, a + y))
        buf[a:b] = "\x01" * (b - a)
    for x, y in markup("".join(buf)):
        found.extend(range(x, y))
    return found


def block_marks(block: str, defined: Mapping[str, str] | None, cells: bool) -> list[int]:
    """The offsets of the block's emphasis and strike marks, as cmark-gfm pairs them
    (gate.reading.emphasis): code spans, comments, template tags, autolinks, tags and
    link destinations hold none; a link's text and a table's cells pair on their own."""
    from receipt_gate.reading.blocksyntax import cell_ends
    from receipt_gate.reading.inline import COMMENT, TEMPLATE, spans, sub_blank
    from receipt_gate.reading.links import find
    from receipt_gate.reading.reader import OPAQUE

    opaque: list[tuple[int, int]] = []
    seen = list(block)

    def hide(a: int, b: int) -> str:
        opaque.append((a, b))
        seen[a:b] = "\x01" * (b - a)
        return ""

    for rx in (COMMENT, TEMPLATE):  # (as the blanking finds them: in linear time)
        sub_blank(rx, block, repl=lambda m: hide(m.start(), m.end()) + m.group())
    for a, b in spans("".join(seen)):
        hide(a, b)
    if "<" in block:
        for m in OPAQUE.finditer("".join(seen)):
            hide(m.start(), m.end())
    scopes = []
    for link in find("".join(seen), defined or {}, block):
        scopes.append(link.text)
        opaque.append((link.text[1], link.end))  # `](destination)`
    if cells:
        pos = 0
        for n, row in enumerate(block.split("\n")):
            if n != 1:  # the delimiter row holds no text
                start = len(row) - len(row.lstrip(" \t|"))
                for end in cell_ends(row):
                    scopes.append((pos + start, pos + end))
                    start = end + 1
            pos += len(row) + 1
    return inline_marks(block, opaque, scopes)
