"""Text in the order a browser draws it: the Unicode bidirectional algorithm (UAX #9).

A right-to-left letter, an Arabic digit, a direction mark, an embedding or an isolate,
and HTML's `dir` attribute (and `<bdi>`, `<bdo>`, CSS's `direction`), draw a line's
pieces in another order than they are written: inside a right-to-left isolate,
`conclusion &rlm; In` is drawn "In conclusion", a title's `6&rlm;7` is drawn 76, a
quote's `ninth&#x61c; of May` "of May ninth" (round 75; in a left-to-right line too:
`&rlm;6&rlm;7` is 76). No override is needed, and no mark a reader sees.

drawn_lines() reads each line as the reader's view does (gate.reading.reader: markup
out, entities decoded), in the order the algorithm draws it, left to right, as a reader
of Latin words and digits reads them. The algorithm is
python-bidi's (the unicode-bidi crate's UAX #9, isolates and bracket pairs included):
its rules are many and exact, and a browser follows them to the letter. Imported only
for a page that holds something drawn right to left.
"""

from __future__ import annotations

import re

from receipt_gate.base import lazyre

# What draws right to left (or may): Unicode's blocks of right-to-left scripts and
# Arabic digits, the direction marks and controls; in markup, `dir`, `<bdi>`, `<bdo>`,
# CSS's `direction`, and an entity that may stand for one of those characters.
_RTL_CHARS = (
    "\u0590-\u08ff\u200f\u202a-\u202e\u2066-\u2069\ufb1d-\ufdff\ufe70-\ufefe"
    "\U00010800-\U00010fff\U0001e800-\U0001efff"
)
_HINT = lazyre.compile(rf"(?i)\bdir\s*=|<bd[io]\b|direction\s*:|&(?:rlm|#)|[{_RTL_CHARS}]")
_RTL = lazyre.compile(f"[{_RTL_CHARS}]")
# The controls that open a run (embedding, override, isolate) and those that end one.
_OPENS = "\u202a\u202b\u202d\u202e\u2066\u2067\u2068"
_ENDS = "\u202c\u2069"
_CONTROL = lazyre.compile(f"[{_OPENS}{_ENDS}]")
# A line that starts a block of its own (a heading, a list item, a quote, a table row, an
# HTML block's tag): not drawn with the line before it.
_BLOCK_START = lazyre.compile(
    r"\s{0,3}(?:#|>|\||[-*+]\s|\d{1,9}[.)]\s|</?(?:p|div|h[1-6]|li|ul|ol|dl|dt|dd|table"
    r"|tr|td|th|blockquote|section|article|aside|header|footer|pre|figure|details)\b)",
    re.IGNORECASE,
)


def may_reorder(text: str) -> bool:
    """Might a browser draw some of this text in another order than it is written?"""
    return _HINT.search(text) is not None


def open_at(page: str) -> list[str] | None:
    """The runs open at the start of each line of a page (an earlier line's `<div
    dir="rtl">` around markdown, an isolate's character): the context a line of the page
    read apart from it is drawn in; None where no line starts inside one."""
    if _HINT.search(page) is None:
        return None
    from receipt_gate.reading.reader import reader_view

    out = []
    opened = ""
    for line in reader_view(page, raw=True).text.split("\n"):
        out.append(opened)
        if opened or _CONTROL.search(line):
            opened = _still_open(opened + line)
    return out if any(out) else None


def drawn_lines(lines: list[str], opened_at: list[str] | None = None) -> list[str | None] | None:
    """These lines (markdown or HTML) as a browser draws them, left to right: markup out
    and entities decoded (gate.reading.reader, nothing folded: the reader's view of it
    folds it), each paragraph (the lines up to a blank one or a block's start, joined by
    a space as a browser joins them) in the order the algorithm draws it, at its first
    line, its other lines empty; None for a paragraph drawn as written, and None for all
    where none is drawn otherwise. A paragraph inside a run another one opens (`<div
    dir="rtl">` on a line of its own, an isolate's character) is drawn inside it; with
    `opened_at` (open_at() of the page these lines are of, line for line), inside what
    the page opens before it."""
    text = "\n".join(lines)
    if opened_at is not None and len(opened_at) != len(lines):
        opened_at = None  # (not the page's lines: each paragraph in what the lines open)
    if _HINT.search(text) is None and not (opened_at and any(opened_at)):
        return None
    from receipt_gate.reading.reader import reader_view

    raw = reader_view(text, raw=True).text.split("\n")
    if len(raw) != len(lines):
        return None
    from bidi import get_display

    opened = ""
    out: list[str | None] = [None] * len(raw)
    i = 0
    while i < len(raw):
        j = i + 1
        while j < len(raw) and raw[j - 1].strip() and raw[j].strip():
            if _BLOCK_START.match(lines[j]):
                break
            j += 1
        opened = opened_at[i] if opened_at is not None else opened
        whole = opened + " ".join(raw[i:j])
        if opened or _RTL.search(whole):
            drawn = str(get_display(whole, base_dir="L"))
            if drawn != whole:
                out[i:j] = [drawn] + [""] * (j - i - 1)
            opened = _still_open(whole)
        i = j
    return out if any(d is not None for d in out) else None


def _still_open(line: str) -> str:
    """The controls a line leaves open (its embeddings, overrides and isolates)."""
    stack: list[str] = []
    for m in _CONTROL.finditer(line):
        c = m.group()
        if c in _OPENS:
            if len(stack) < 125:  # (UAX #9's depth; beyond it, no run opens)
                stack.append(c)
        elif c == "\u202c" and stack and stack[-1] in "\u202a\u202b\u202d\u202e":
            stack.pop()  # (an embedding's end ends nothing outside an isolate)
        elif c == "\u2069" and any(o in "\u2066\u2067\u2068" for o in stack):
            while stack.pop() not in "\u2066\u2067\u2068":
                pass  # (an isolate's end ends the embeddings inside it too)
    return "".join(stack)
