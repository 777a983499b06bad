"""The inline syntax every reader of a block starts from: code spans, HTML comments and
template tags, found in linear time (gate.reading.prose blanks them, gate.reading.emphasis
keeps its marks out of them)."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from typing import NamedTuple, Protocol

from receipt_gate.base import lazyre

_BACKTICKS = lazyre.compile(r"`+")
_TICKS_OR_TAGS = lazyre.compile(
    r"`+|</?[A-Za-z][A-Za-z0-9-]*(?:\s(?:[^<>\"']|\"[^\"]*\"|'[^']*')*)?/?>"
    r"|<[a-zA-Z][a-zA-Z0-9+.-]{1,31}:[^<>\s]*>"
)


class Found(NamedTuple):
    """One span a Delimited pattern found, with the part of re.Match's API its users
    read."""

    string: str
    a: int
    b: int

    def group(self) -> str:
        return self.string[self.a : self.b]

    def start(self) -> int:
        return self.a

    def end(self) -> int:
        return self.b

    def span(self) -> tuple[int, int]:
        return self.a, self.b


class Match(Protocol):
    """What a replacement reads of a match: re's, or a Delimited pattern's."""

    def group(self) -> str: ...

    def start(self) -> int: ...

    def end(self) -> int: ...

    def span(self) -> tuple[int, int]: ...


class _Next:
    """The first place of a mark at or after each of a rising series of offsets: each
    character is searched once, however many ask (so an opening never closed costs
    one search to the end of the text, not one per opening)."""

    def __init__(self, text: str, mark: str) -> None:
        self.text, self.mark = text, mark
        self.asked, self.found = -1, -1

    def __call__(self, at: int) -> int:
        if self.asked >= 0 and at >= self.asked and (self.found < 0 or at <= self.found):
            return self.found
        self.asked, self.found = at, self.text.find(self.mark, at)
        return self.found


class Delimited:
    """Spans from an opening mark to the first closing mark after it, found as re finds
    `open.*?close` (DOTALL, alternatives tried in order at each place, leftmost first,
    none overlapping) but in linear time: a regular expression tries each opening to the
    end of the text, so many openings never closed (`{{{{...`) took quadratic time.

    `alternatives`: (opening, closings) in order; an opening with no closings is a whole
    match of its own. With `strict`, what follows the opening may hold no `--` but the
    one that closes it, followed by `>` or `!>` (CommonMark 0.29's comment)."""

    def __init__(
        self, pattern: str, alternatives: Sequence[tuple[str, Sequence[str]]], strict: bool = False
    ) -> None:
        self.pattern = pattern  # (the regular expression it stands for, for a reader)
        self.alternatives = [(o, tuple(c)) for o, c in alternatives]
        self.strict = strict
        openings = [o for o, _ in self.alternatives]
        # Where no opening starts another and each has one closing (template tags), at
        # most one alternative starts at a place: _pairs finds them with re and str.find.
        self.pairs = (
            None
            if strict
            or any(len(c) != 1 for _, c in self.alternatives)
            or any(a != b and b.startswith(a) for a in openings for b in openings)
            else {o: c[0] for o, c in self.alternatives}
        )

    def finditer(self, text: str) -> Iterator[Found]:
        if self.pairs is not None:
            yield from self._pairs(text, self.pairs)
            return
        # An alternative whose closings are gone for good (none after some place) can
        # match nowhere after it: it is dropped, and with it its opening.
        alive = [(o, cs) for o, cs in self.alternatives if o in text]
        closings = {c: _Next(text, c) for _, cs in alive for c in cs}
        openings = {o: _Next(text, o) for o, _ in alive}
        pos = 0
        while alive:
            at = min((i for o, _ in alive if (i := openings[o](pos)) >= 0), default=-1)
            if at < 0:
                return
            end, dead = self._at(text, at, alive, closings)
            if dead:
                alive = [a for a in alive if a not in dead]
            if end < 0:
                pos = at + 1
                continue
            yield Found(text, at, end)
            pos = end

    @staticmethod
    def _pairs(text: str, closing: dict[str, str]) -> Iterator[Found]:
        """finditer where each opening has one closing and none starts another: the next
        opening found by re, its closing by str.find; an opening with no closing after
        it has none after any later place, and is dropped."""
        alive = [o for o in closing if o in text]
        pos = 0
        while alive:
            m = re.compile("|".join(map(re.escape, alive))).search(text, pos)
            while m is not None:
                at, opening = m.start(), m.group()
                k = text.find(closing[opening], at + len(opening))
                if k < 0:
                    alive.remove(opening)
                    pos = at + 1
                    break
                yield Found(text, at, k + len(closing[opening]))
                pos = k + len(closing[opening])
                m = m.re.search(text, pos)
            else:
                return

    def _at(
        self,
        text: str,
        at: int,
        alive: list[tuple[str, tuple[str, ...]]],
        closings: dict[str, _Next],
    ) -> tuple[int, list[tuple[str, tuple[str, ...]]]]:
        """Where the match that starts at `at` ends (or -1), and the alternatives whose
        closings are gone."""
        dead: list[tuple[str, tuple[str, ...]]] = []
        for alternative in alive:
            opening, closers = alternative
            if not text.startswith(opening, at):
                continue
            if not closers:
                return at + len(opening), dead
            ends = [(k, c) for c in closers if (k := closings[c](at + len(opening))) >= 0]
            if not ends:
                dead.append(alternative)
                continue
            k, close = min(ends)
            if not self.strict:
                return k + len(close), dead
            tail = text[k + len(close) : k + len(close) + 2]
            if tail[:1] == ">" or tail == "!>":
                return k + len(close) + (1 if tail[:1] == ">" else 2), dead
        return -1, dead

    def sub(self, repl: Callable[[Match], str], text: str) -> str:
        pieces, pos = [], 0
        for m in self.finditer(text):
            pieces += [text[pos : m.a], repl(m)]
            pos = m.b
        pieces.append(text[pos:])
        return "".join(pieces)


# An HTML comment as CommonMark 0.31 and HTML read it: `<!-->` and `<!--->` are whole
# (empty) comments, so the text after them is shown; a browser also ends one at `--!>`.
COMMENT = Delimited(
    r"<!---?>|<!--.*?--!?>", [("<!--->", ()), ("<!-->", ()), ("<!--", ("-->", "--!>"))]
)
# An inline comment every CommonMark reads as one: 0.29 (cmark-gfm, GitHub) and 0.30
# (goldmark before Hugo 0.123) read `<!-- a -- b -->`, and a text that starts with `>`
# or `->` or ends with `-`, as text, which 0.31 hides: the text is prose, read.
STRICT_COMMENT = Delimited(
    r"<!---?>|<!--(?!-?>)(?:[^-]|-(?!-))*?--!?>",
    [("<!--->", ()), ("<!-->", ()), ("<!--", ("--",))],
    strict=True,
)
# Liquid, Nunjucks and Hugo template tags: `{% %}` and `{{ }}` (Hugo's `{{< >}}` too).
TEMPLATE = Delimited(r"\{%.*?%\}|\{\{.*?\}\}", [("{%", ("%}",)), ("{{", ("}}",))])
# And their comments, `{# #}` (Jinja, Nunjucks).
TAGS = Delimited(
    r"\{%.*?%\}|\{\{.*?\}\}|\{#.*?#\}", [("{%", ("%}",)), ("{{", ("}}",)), ("{#", ("#}",))]
)


def blank(s: str) -> str:
    return re.sub(r"[^\n]", " ", s)


def blanked(text: str, spans: Sequence[tuple[int, int]]) -> str:
    """The text with these spans (in any order, overlapping or not) blanked, its line
    breaks kept, in one pass."""
    out, at = [], 0
    for start, end in sorted(spans):
        start = max(start, at)
        if end > start:
            out += [text[at:start], re.sub(r"[^\n]", " ", text[start:end])]
            at = end
    out.append(text[at:])
    return "".join(out)


def sub_blank(
    rx: re.Pattern[str] | Delimited,
    text: str,
    fill: str = " ",
    repl: Callable[[Match], str] | None = None,
) -> str:
    """Each match of rx blanked with `fill` (or replaced by `repl`)."""
    return rx.sub(repl or (lambda m: re.sub(r"[^\n]", fill, m.group())), text)


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


def merged(spans: Sequence[tuple[int, int]]) -> list[tuple[int, int]]:
    """The spans, overlapping (or nesting, or touching) ones made one, in order."""
    out: list[tuple[int, int]] = []
    for start, end in sorted(spans):
        if out and start <= out[-1][1]:
            out[-1] = (out[-1][0], max(end, out[-1][1]))
        else:
            out.append((start, end))
    return out


def within(at: int, spans: Sequence[tuple[int, int]], starts: Sequence[int]) -> bool:
    """Is this offset inside one of these disjoint, ordered spans (`starts`: theirs)?"""
    import bisect

    k = bisect.bisect_right(starts, at) - 1
    return k >= 0 and spans[k][0] <= at < spans[k][1]
