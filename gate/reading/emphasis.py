"""Which `*`, `_` and `~` in a block of text are emphasis or strikethrough markup (a
reader does not see them) and which are text (`foo_bar_`, `5_6_78`, `__ is not empty`).

CommonMark's delimiter-run algorithm (spec 0.31, "Emphasis and strong emphasis": left-
and right-flanking runs, `_` not inside a word, the rule of three, the nearest opener
first) and cmark-gfm's strikethrough (a run of one or two `~`, closed by a run of the
same length). Links' brackets bound nothing here: their text is read in place.
"""

from __future__ import annotations

import re
import unicodedata

_RUN = re.compile(r"\*+|_+|~+")


def _space(c: str) -> bool:
    return c == "" or c in " \t\n\r\f\0" or unicodedata.category(c) == "Zs"


def _punct(c: str) -> bool:
    return c != "" and ((c.isascii() and not c.isalnum() and c.isprintable() and c != " ")
                        or unicodedata.category(c)[0] in "PS")


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
        if (start - back) % 2:  # the first one is escaped: text
            start += 1
            if start == end:
                continue
        char = text[start]
        if char == "~" and end - start > 2:
            continue  # three or more tildes strike nothing (cmark-gfm)
        before = text[start - 1] if start else ""
        after = text[end] if end < len(text) else ""
        left = not _space(after) and (not _punct(after) or _space(before) or _punct(before))
        right = not _space(before) and (not _punct(before) or _space(after) or _punct(after))
        if char == "_":
            opens = left and (not right or _punct(before))
            closes = right and (not left or _punct(after))
        else:
            opens, closes = left, right
        if opens or closes:
            runs.append(_Run(char, start, end, opens, closes))
    return runs


def markup(text: str) -> list[tuple[int, int]]:
    """The (start, end) spans of `text` that are emphasis or strikethrough delimiters."""
    if "*" not in text and "_" not in text and "~" not in text:
        return []
    stack = _runs(text)
    used: list[tuple[int, int]] = []
    i = 0
    while i < len(stack):
        closer = stack[i]
        if not closer.closes:
            i += 1
            continue
        j = i - 1
        while j >= 0:
            opener = stack[j]
            if opener.char == closer.char and opener.opens and opener.hi > opener.lo:
                if closer.char == "~":
                    if opener.length == closer.length:
                        break
                elif not ((opener.closes or closer.opens)
                          and (opener.length + closer.length) % 3 == 0
                          and (opener.length % 3 or closer.length % 3)):
                    break
            j -= 1
        if j < 0:
            if not closer.opens:
                del stack[i]
            else:
                i += 1
            continue
        opener = stack[j]
        n = closer.length if closer.char == "~" else (
            2 if opener.hi - opener.lo >= 2 and closer.hi - closer.lo >= 2 else 1)
        used += [(opener.hi - n, opener.hi), (closer.lo, closer.lo + n)]
        opener.hi -= n
        closer.lo += n
        del stack[j + 1:i]  # delimiters between the two are text now
        i = j + 1
        if opener.hi == opener.lo:
            del stack[j]
            i -= 1
        if closer.lo == closer.hi:
            del stack[i]
    return sorted(used)
