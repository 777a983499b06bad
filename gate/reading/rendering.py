"""A Liquid or Nunjucks page as its template engine prints it, for the text of each
choice its conditions can make: Jekyll and Eleventy run the template code in a post
before markdown reads it, so `In {% if a %}con{% else %}x{% endif %}clusion` is
"In conclusion" on the page whatever any one tag holds.

Each rendering is the draft with what the engine does not print taken out: the control
tags (`if`, `unless`, `case`, `for`, their `else`/`elsif`/`when` and ends), the branches
not chosen, an output tag's code (`{{ x | f }}`: its string literals stay, in order),
a Nunjucks comment (`{# #}`), and the white space a trim marker (`{%-`, `-}}`) strips,
line breaks too. Only tags in prose are taken (the caller says where prose is): code's
own template tags are left as written. Neighbouring conditions (no blank line between
them) are read in every combination of their branches, up to CAP; conditions further
apart are chosen independently (no phrase runs across a paragraph break), so the number
of renderings is the largest number of combinations in one place, not their product.
A loop is read once or not at all; a condition nested inside a branch is read in each
of its own choices with it.
"""

from __future__ import annotations

import bisect
import functools
import re
from collections.abc import Callable
from typing import TYPE_CHECKING, NamedTuple

from receipt_gate.base import lazyre
from receipt_gate.reading.inline import TAGS as _TAGS
from receipt_gate.reading.inline import Found
from receipt_gate.reading.templatetags import LITERAL, OUTPUT

if TYPE_CHECKING:
    from receipt_gate.reading.literals import Engine

CAP = 64  # renderings of one place: past it, the caller refuses the place
# Characters of renderings read in all: every rendering is read whole, so a long page
# with many renderings would stall a hook (a 100 KB page printed 61 ways: 70 s once).
READ_BUDGET = 2_000_000
_DEEPEST = 32  # conditions nested deeper are refused (each level is a call)
_MANY = (
    f"template conditions here can print more than {CAP} texts, more than the check"
    " reads: split them with a blank line"
)
_UNPAIRED = (
    "template tags here do not pair (an `if` without its `endif`, an `else`"
    " outside one): the check cannot tell what the page prints; pair them"
)

_NAME = lazyre.compile(r"\{%-?\s*(\w+)")
_OPENS = frozenset({"if", "unless", "case", "for"})
_MIDS = frozenset({"elsif", "elif", "else", "when"})
_ENDS = {"endif": "if", "endunless": "unless", "endcase": "case", "endfor": "for"}
_BLANK_LINE = lazyre.compile(r"\n[ \t]*\n")

Span = tuple[int, int]


class _Block(NamedTuple):
    start: int
    end: int
    hidden: list[Span]  # what is never printed: its tags (and a case's head)
    branches: list[tuple[int, int, list[_Block]]]  # what each choice prints
    optional: bool  # no `else`: it may print nothing


class Rendering(NamedTuple):
    text: str
    origin: list[int]  # the draft's offset of each character of text
    draft: str

    def written(self, line: int, col: int) -> tuple[int, int]:
        """A 1-based line and column of this rendering as the draft's."""
        starts = _line_starts(self.text)
        at = min(starts[min(line, len(starts)) - 1] + col - 1, len(self.origin) - 1)
        k = self.origin[at] if at >= 0 else 0
        return self.draft.count("\n", 0, k) + 1, k - self.draft.rfind("\n", 0, k)


class _Open:
    """A block whose end tag is still to come."""

    def __init__(self, kind: str, tag: Span) -> None:
        self.kind, self.start, self.tags = kind, tag[0], [tag]
        self.begun = tag[1]  # where the branch being read starts
        self.branches: list[tuple[int, int, list[_Block]]] = []
        self.inner: list[_Block] = []  # the blocks inside that branch
        self.has_else = False
        self.headed = kind != "case"  # a case's head (up to its first `when`) is read

    def branch(self, tag: Span) -> None:
        if self.headed:
            self.branches.append((self.begun, tag[0], self.inner))
            self.tags.append(tag)
        else:  # a case's head: never printed
            self.tags = [(self.start, tag[1])]
            self.headed = True
        self.begun, self.inner = tag[1], []


def _parse(text: str, tags: list[Found]) -> list[_Block] | None:
    """The control blocks these tags make, nested; None where they do not pair (the
    engine refuses to build such a page: it publishes nothing to read)."""
    top: list[_Block] = []
    stack: list[_Open] = []
    for m in tags:
        name = (_NAME.match(m.group()) or [None, ""])[1]
        if name in _OPENS:
            if len(stack) >= _DEEPEST:
                return None  # nested past reading: refused as unpaired, not a crash
            stack.append(_Open(name, m.span()))
        elif name in _MIDS:
            if not stack:
                return None
            stack[-1].branch(m.span())
            stack[-1].has_else |= name == "else"
        elif name in _ENDS:
            if not stack or stack[-1].kind != _ENDS[name]:
                return None
            done = stack.pop()
            done.branch(m.span())
            block = _Block(done.start, m.end(), done.tags, done.branches, not done.has_else)
            (stack[-1].inner if stack else top).append(block)
    return None if stack else top


def _options(block: _Block) -> list[list[Span]]:
    """What each choice of this block leaves out."""
    out: list[list[Span]] = []
    for k, (_, _, inner) in enumerate(block.branches):
        others = [(a, b) for j, (a, b, _) in enumerate(block.branches) if j != k]
        out += [block.hidden + others + sub for sub in _combinations(inner)]
        if len(out) > CAP:
            break
    if block.optional:
        out.append(block.hidden + [(a, b) for a, b, _ in block.branches])
    return out


def _combinations(blocks: list[_Block]) -> list[list[Span]]:
    out: list[list[Span]] = [[]]
    for block in blocks:
        out = [x + y for x in out for y in _options(block)]
        if len(out) > CAP:
            break
    return out


_QUIET = lazyre.compile(r"\{%-?\s*(?P<end>end)?(?P<kind>raw|verbatim|comment)\s*-?%\}")
_KEPT_BLOCK = lazyre.compile(
    r"\{%-?\s*(?:(?P<end>end)(?P<kind>capture|set)"
    r"|(?P<open>capture|set)\s+(?P<name>[A-Za-z_][\w-]*))\s*-?%\}"
)


class _Pair(NamedTuple):
    start: int
    end: int
    kind: str  # raw, verbatim, comment, capture, set
    inner: Span  # what it holds
    name: str = ""  # a capture's


def _pairs(rx: re.Pattern[str], text: str) -> list[_Pair]:
    """Each opening tag and the first end tag of its kind after it, in one pass (an
    opening never closed pairs with nothing, and costs no scan to the end)."""
    out: list[_Pair] = []
    head: re.Match[str] | None = None
    for m in rx.finditer(text):
        found = m.groupdict()
        kind = found.get("kind") or found.get("open") or ""
        if head is None and not found["end"]:
            head = m
        elif head is not None and found["end"]:
            opened = head.groupdict()
            if kind == (opened.get("kind") or opened.get("open")):
                out.append(
                    _Pair(
                        head.start(),
                        m.end(),
                        kind,
                        (head.end(), m.start()),
                        opened.get("name") or "",
                    )
                )
                head = None
    return out


_ASSIGN = lazyre.compile(r"\{%-?\s*(?:assign|set)\s+([A-Za-z_][\w-]*)\s*=")
_PRINTS = lazyre.compile(r"\{\{-?\s*([A-Za-z_][\w-]*)")
# A tag that prints nothing and opens no block: an assignment, a layout's name, a loop's
# break (round 86: `7{% assign a = 1 %}6` is printed `76`).
_SILENT = lazyre.compile(r"\{%-?\s*(?:assign\b|set\s+[\w-]+\s*=|layout\b|break\b|continue\b)")


def renderings(
    text: str, in_prose: Callable[[int, int], bool]
) -> tuple[list[Rendering], list[tuple[int, str]]]:
    """Each rendering of the draft (none where no template code is in prose), and the
    places it cannot read, each with why: more than CAP renderings (read at the first
    CAP only), or control tags that do not pair."""
    # (a pair's own text the reading of prose blanks, as it blanks code: the pair is in
    # prose where what stands beside it on its lines is)
    quiet = [q for q in _pairs(_QUIET, text) if _beside(text, q.start, q.end, in_prose)]
    dropped: list[Span] = []
    for q in quiet:  # a comment prints nothing; raw, what it holds as written
        dropped += (
            [(q.start, q.end)]
            if q.kind == "comment"
            else [(q.start, q.inner[0]), (q.inner[1], q.end)]
        )
        # (a pair's own trim markers strip white space as any tag's do: round 60,
        # `In` a blank line `{%- comment %}{% endcomment %} conclusion` is one paragraph)
        dropped += _trimmed(text, q.start, q.inner[0]) + _trimmed(text, q.inner[1], q.end)
    inside = _within([(q.start, q.end) for q in quiet])
    tags = [m for m in _TAGS.finditer(text) if not inside(m.start()) and in_prose(*m.span())]
    if not tags and not quiet:
        return [], []
    kept: dict[str, list[tuple[int, str]]] = {}  # name -> (where, text) of each value
    captures = _pairs(_KEPT_BLOCK, text) if "{%" in text else []
    for c in captures:
        if _beside(text, c.start, c.end, in_prose) and not inside(c.start):
            bisect.insort(kept.setdefault(c.name, []), (c.start, text[c.inner[0] : c.inner[1]]))
            dropped.append((c.start, c.end))  # a capture prints nothing where it is
    inserts: dict[int, str] = {}
    silent = False
    for m in tags:
        tag = m.group()
        if (a := _ASSIGN.match(tag)) is not None:  # (each name's values kept in order)
            bisect.insort(
                kept.setdefault(a.group(1), []),
                (m.start(), "".join(lit[1:-1] for lit in LITERAL.findall(tag))),
            )
        if tag.startswith("{#") or (OUTPUT.match(tag) and not tag.startswith("{%")):
            pos = m.start()
            for lit in LITERAL.finditer(tag) if tag.startswith("{{") else ():
                dropped.append((pos, m.start() + lit.start() + 1))
                pos = m.start() + lit.end() - 1
            dropped.append((pos, m.end()))
            if (p := _PRINTS.match(tag)) is not None and p.group(1) in kept:
                values = kept[p.group(1)]  # the last value set before, or the first
                at = bisect.bisect_left(values, (m.start(), ""))
                inserts[m.start()] = values[at - 1 if at else 0][1]
        elif _SILENT.match(tag):
            dropped.append(m.span())
            silent = True
        dropped += _trimmed(text, *m.span())
    blocks = _parse(text, [m for m in tags if m.group().startswith("{%")])
    if blocks is None:
        return [_render(text, dropped, inserts)], [(tags[0].start(), _UNPAIRED)]
    trims = any(t.group()[:2] == "{#" or _trimmed(text, *t.span()) for t in tags)
    if not (blocks or inserts or trims or captures or silent or quiet):
        return [], []  # output tags alone: the "open" reading reads what they print
    gone = bytearray(len(text) + 1)  # what every rendering drops: a blank line a trim,
    for lo, hi in dropped:  # a comment or a capture takes out parts no place
        gone[lo:hi] = b"\1" * (hi - lo)
    places: list[list[_Block]] = []
    for block in blocks:
        start = places[-1][-1].end if places else 0
        gap = "".join(c for i, c in enumerate(text[start : block.start], start) if not gone[i])
        if not places or (_BLANK_LINE.search(gap) and not text.startswith("{%-", block.start)):
            places.append([block])
        else:
            places[-1].append(block)
    choices = [_combinations(place) for place in places]
    over = [
        (place[0].start, _MANY) for place, c in zip(places, choices, strict=True) if len(c) > CAP
    ]
    n = max((min(len(c), CAP) for c in choices), default=1)
    if n * len(text) > READ_BUDGET and places:  # each rendering is read whole: no more
        k = max(1, READ_BUDGET // len(text))  # than a few pages' worth of them
        over.append(
            (
                places[0][0].start,
                f"template conditions here print {n} texts of a"
                f" {len(text) // 1024} KB page, more than the check reads ({k}): split"
                " the page, or its conditions",
            )
        )
        n = k
    return [
        _render(text, dropped + [s for c in choices for s in c[min(j, len(c) - 1)]], inserts)
        for j in range(n)
    ], over


def _trimmed(text: str, start: int, end: int) -> list[Span]:
    """The white space (line breaks too) a tag's trim markers strip: before it for
    `{%-`, `{{-`, `{#-`, after it for `-%}`, `-}}`, `-#}`."""
    out: list[Span] = []
    if text[start + 2 : start + 3] == "-" and text[start : start + 2] in ("{%", "{{", "{#"):
        k = start
        while k > 0 and text[k - 1].isspace():
            k -= 1
        out.append((k, start))
    if text[end - 3 : end] in ("-%}", "-}}", "-#}"):
        k = end
        while k < len(text) and text[k].isspace():
            k += 1
        out.append((end, k))
    return out


def _beside(text: str, start: int, end: int, in_prose: Callable[[int, int], bool]) -> bool:
    """Is anything on the lines a pair starts and ends on, beside it, prose?"""
    before = text.rfind("\n", 0, start) + 1
    after = text.find("\n", end)
    return (
        in_prose(before, start)
        or in_prose(end, len(text) if after < 0 else after)
        or in_prose(start, end)
    )


def quiet_spans(text: str) -> list[Span]:
    """Where `{% raw %}`, `{% verbatim %}` and `{% comment %}` pairs are: template code
    inside them runs nowhere."""
    return [(q.start, q.end) for q in _pairs(_QUIET, text)] if "{%" in text else []


@functools.lru_cache(maxsize=8)
def _line_starts(text: str) -> list[int]:
    return [0] + [m.end() for m in re.finditer("\n", text)]


def _within(spans: list[Span]) -> Callable[[int], bool]:
    """Is an offset strictly inside one of these (disjoint, ordered) spans?"""
    starts = [a for a, _ in spans]

    def inside(k: int) -> bool:
        i = bisect.bisect_left(starts, k) - 1
        return i >= 0 and spans[i][0] < k < spans[i][1]

    return inside


def _render(text: str, hidden: list[Span], inserts: dict[int, str]) -> Rendering:
    """The text with the hidden spans out and each insert in place of the character at
    its offset (an output tag's first, hidden too: it prints what a name holds)."""
    gone = bytearray(len(text) + 1)
    for a, b in hidden:
        gone[a:b] = b"\1" * (b - a)
    origin: list[int] = []
    pieces: list[str] = []
    for i, c in enumerate(text):
        if i in inserts:
            pieces.append(inserts[i])
            origin += [i] * len(inserts[i])
        if not gone[i]:
            pieces.append(c)
            origin.append(i)
    return Rendering("".join(pieces), origin, text)


def conditional(text: str) -> list[Span]:
    """Where template code may print nothing: each outermost `if`/`for`..., or all of it
    where its tags do not pair (code in raw or comment pairs runs nowhere)."""
    inside = _within(quiet_spans(text))
    tags = [m for m in _TAGS.finditer(text) if m.group()[:2] == "{%" and not inside(m.start())]
    blocks = _parse(text, tags)
    return [(0, len(text))] if blocks is None else [(b.start, b.end) for b in blocks]


_HEAD = lazyre.compile(r"\{%-?\s*(\w+)(.*?)-?%\}", re.DOTALL)


def never_printed(text: str, engine: Engine) -> list[Span]:
    """The branches of the page's `if`, `unless` and `for` blocks that its literals say
    never run, as gate.reading.literals reads them (`{% if false %}`, `{% for i in (1..0)
    %}`), and every branch after one that surely runs: what the engine never prints
    (round 74: a heading there accused). A branch the gate cannot read may run."""
    from receipt_gate.reading.literals import loop_runs, truth

    tags = [m for m in _TAGS.finditer(text) if m.group().startswith("{%")]
    blocks = _parse(text, tags) if tags else None
    heads = {m.end(): m.group() for m in tags}
    out: list[Span] = []
    todo = list(blocks or [])
    while todo:
        block = todo.pop()
        taken, before = False, True  # (a branch surely ran; every branch before never did)
        for lo, hi, inner in block.branches:
            head = _HEAD.match(heads.get(lo, ""))
            word, rest = (head.group(1), head.group(2).strip()) if head else ("", "")
            runs: object = None
            if word in ("if", "elsif", "elif", "unless"):
                said = truth(rest, engine)
                runs = (not said) if word == "unless" and isinstance(said, bool) else said
            elif word == "for":
                runs = loop_runs(rest, engine)
            elif word == "else" and block.branches[0][0] != lo:
                runs = True if before else None
            if taken or runs is False:
                out.append((lo, hi))
                continue
            before = False
            taken = taken or runs is True
            todo += inner
    return sorted(out)
