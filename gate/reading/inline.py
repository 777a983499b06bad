"""The inline syntax every reader of a block starts from: code spans, HTML comments and
template tags, found in linear time (gate.reading.prose blanks them, gate.reading.emphasis
keeps its marks out of them)."""

from __future__ import annotations

import re
from collections.abc import Callable

_BACKTICKS = re.compile(r"`+")
_TICKS_OR_TAGS = re.compile(r"`+|</?[A-Za-z][A-Za-z0-9-]*(?:\s(?:[^<>\"']|\"[^\"]*\"|'[^']*')*)?/?>"
                            r"|<[a-zA-Z][a-zA-Z0-9+.-]{1,31}:[^<>\s]*>")
# An HTML comment as CommonMark 0.31 and HTML read it: `<!-->` and `<!--->` are whole
# (empty) comments, so the text after them is shown; a browser also ends one at `--!>`.
COMMENT = re.compile(r"<!---?>|<!--.*?--!?>", re.DOTALL)
# An inline comment every CommonMark reads as one: 0.29 (cmark-gfm, GitHub) and 0.30
# (goldmark before Hugo 0.123) read `<!-- a -- b -->`, and a text that starts with `>`
# or `->` or ends with `-`, as text, which 0.31 hides: the text is prose, read.
STRICT_COMMENT = re.compile(r"<!---?>|<!--(?!-?>)(?:[^-]|-(?!-))*?--!?>")
TEMPLATE = re.compile(r"\{%.*?%\}|\{\{.*?\}\}", re.DOTALL)
# The marks that close what each pattern matches: a match can only end at or before the
# last of them, so a pattern is tried no further (an opening never closed is text, and
# trying each of many to the end of the text would take quadratic time).
_CLOSERS = {COMMENT.pattern: ("-->", "--!>"), STRICT_COMMENT.pattern: ("-->", "--!>"),
            TEMPLATE.pattern: ("%}", "}}")}


def blank(s: str) -> str:
    return re.sub(r"[^\n]", " ", s)


def sub_blank(rx: re.Pattern[str], text: str, fill: str = " ",
               repl: Callable[[re.Match[str]], str] | None = None) -> str:
    """Each match of rx blanked with `fill` (or replaced by `repl`), tried no further
    than its last closing mark (see _CLOSERS)."""
    end = max((text.rfind(c) + len(c) for c in _CLOSERS.get(rx.pattern, ()) if c in text),
              default=len(text) if rx.pattern not in _CLOSERS else 0)
    if end <= 0:
        return text
    head = rx.sub(repl or (lambda m: re.sub(r"[^\n]", fill, m.group())), text[:end])
    return head + text[end:] if end < len(text) else head


def spans(block: str) -> list[tuple[int, int]]:
    """(start, end) of each code span in a block's text."""
    spans: list[tuple[int, int]] = []
    pos = 0
    for m in (_TICKS_OR_TAGS if "<" in block else _BACKTICKS).finditer(block):
        if m.start() < pos or escaped(block, m.start()):
            continue
        if m.group()[0] == "<":  # an HTML tag or an autolink that starts first: its
            pos = m.end()  # backticks open no code span (CommonMark's precedence)
            continue
        n = len(m.group())
        close = re.compile(rf"(?<!`)`{{{n}}}(?!`)").search(block, m.end())
        if close is not None:
            spans.append((m.start(), close.end()))
            pos = close.end()
    return spans


def escaped(text: str, i: int) -> bool:
    """Is the character at i escaped: an odd run of backslashes before it (`\\\\` is a
    backslash, and the backtick after it opens a code span)."""
    run = i
    while run > 0 and text[run - 1] == "\\":
        run -= 1
    return (i - run) % 2 == 1
