"""The pieces of a page's raw HTML a browser may draw in another order than written.

CSS lays out an element's children in any order (flex `order` and `row-reverse`, grid
areas, floats, positions, transforms; a theme's class may do it too), SVG draws each
`<tspan>` where its `x` says, and a style's strings (`content:`, a counter style's
`symbols` or `prefix`, a custom property) and a tag's attributes (an image's alt text, a
title, a frame's `srcdoc` or `data:` document) draw text of their own. Rather than follow
every way to move text (round 55 found nine), a phrase these pieces spell in an order
other than written counts as drawn: each run of text between tags, each string of a
style, and each attribute's value a browser may draw (decoded as it decodes it) is a
piece; a piece other than a run that holds the phrase, or two or more pieces that
spell it with one of them written before the piece it follows, is a match.

A reading for hard bans, where a miss lets a draft through: pieces are compared on
their letters and digits alone (case folded, lookalikes folded, every mark and space
out), so an honest page is matched only where its pieces, taken apart, spell a banned
phrase out of their order (measured on the corpora: benchmarks/precision.py).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from typing import NamedTuple

from receipt_gate.base import lazyre

_TAG = lazyre.compile(
    r"<(/?)([A-Za-z][A-Za-z0-9:-]*)((?:[^<>\"']|\"[^\"]{0,1000}\"|'[^']{0,1000}'){0,2000})>"
)
_ATTRIBUTE = lazyre.compile(
    r"([^\s\"'<>/=]+)(?:\s*=\s*(?:\"([^\"]*)\"|'([^']*)'|([^\s\"'=<>`]+)))?"
)
_CSS_STRING = lazyre.compile(r"\"((?:[^\"\\]|\\.)*)\"|'((?:[^'\\]|\\.)*)'", re.DOTALL)
_CSS_ESCAPE = lazyre.compile(r"\\(?:([0-9a-fA-F]{1,6})[ \t\n]?|(.))", re.DOTALL)
_WORD = lazyre.compile(r"[^\W_]+")
# Attributes a browser never draws as text (a URL but a data: one, a name, a number).
_NOT_DRAWN = frozenset(
    {"href", "src", "srcset", "class", "id", "name", "for", "rel", "type", "lang", "dir"}
    | {"width", "height", "action", "method", "target", "role", "tabindex", "xmlns"}
    | {"viewbox", "d", "points", "x", "y", "dx", "dy", "cx", "cy", "r", "rx", "ry", "fill"}
    | {"stroke", "transform", "colspan", "rowspan", "align", "loading", "decoding"}
)
# An input of these types draws no value (a checkbox's value is what a form sends).
_UNSHOWN_INPUTS = frozenset({"hidden", "checkbox", "radio", "file", "image", "color", "range"})
_RAW_TEXT = ("style", "script", "textarea", "title")  # (no tag read inside them)
DEPTH = 2  # a frame's document inside a frame's document, at most


class Piece(NamedTuple):
    at: int  # where it is written (the tag's offset for an attribute's)
    text: str  # as a browser decodes it
    run: bool  # a run of text between tags (read in place by the prose readers)


def pieces(text: str, depth: int = 0) -> list[Piece]:
    """Every piece of this page a browser may draw apart from the others, in the order
    written (a page with no tag: none)."""
    import html

    out: list[Piece] = []
    last, tags = 0, 0
    raw: str | None = None  # (inside <style>, <script>...: no tag is read there)
    for m in _TAG.finditer(text) if "<" in text else ():
        closing, name = m.group(1), m.group(2).lower()
        if raw is not None:
            if closing and name == raw:
                out += _raw_pieces(raw, text[last : m.start()], last)
                raw, last = None, m.end()
            continue
        tags += 1
        if m.start() > last:
            out.append(Piece(last, html.unescape(text[last : m.start()]), True))
        last = m.end()
        if not closing:
            out += _attribute_pieces(m, depth)
            if name in _RAW_TEXT:
                raw = name
    if not tags:
        return []
    if raw is not None:
        out += _raw_pieces(raw, text[last:], last)
    elif last < len(text):
        out.append(Piece(last, html.unescape(text[last:]), True))
    return out


def _raw_pieces(element: str, text: str, at: int) -> list[Piece]:
    """A style sheet's strings; a text area's text; nothing of a script's or a title's."""
    import html

    if element == "style":
        return _css_pieces(text, at)
    return [Piece(at, html.unescape(text), True)] if element == "textarea" else []


def _attribute_pieces(tag: re.Match[str], depth: int) -> list[Piece]:
    import html

    out: list[Piece] = []
    attrs: dict[str, str | None] = {}
    for a in _ATTRIBUTE.finditer(tag.group(3)):  # (HTML takes an attribute's first)
        attrs.setdefault(a.group(1).lower(), next((v for v in a.group(2, 3, 4) if v), None))
    kind = tag.group(2).lower()
    if kind != "button" and (
        kind != "input" or (attrs.get("type") or "").lower() in _UNSHOWN_INPUTS
    ):
        attrs.pop("value", None)  # (an option's value, a hidden field's: what a form sends)
    if kind == "meta":
        attrs.pop("content", None)
    for name, value in attrs.items():
        if value is None:
            continue
        value = html.unescape(value)
        if name == "style":
            out += _css_pieces(value, tag.start())
            continue
        inner = _document(value) if name != "srcdoc" else value
        if inner is not None and depth < DEPTH:  # (a frame's document: HTML of its own)
            out += [
                Piece(tag.start(), p.text, False)
                for p in (pieces(inner, depth + 1) or [Piece(0, html.unescape(inner), True)])
            ]
        elif name not in _NOT_DRAWN and not name.startswith(("on", "xmlns", "aria-hidden")):
            out.append(Piece(tag.start(), value, False))
    return out


def _document(value: str) -> str | None:
    """What a `data:` URL holds, as text (None: no data: URL)."""
    head, comma, data = value.strip().partition(",")
    if not comma or not head.lower().startswith("data:"):
        return None
    from urllib.parse import unquote_to_bytes

    raw = unquote_to_bytes(data)
    if head.lower().endswith(";base64"):
        import base64
        import binascii

        try:
            raw = base64.b64decode(re.sub(rb"[^A-Za-z0-9+/=]", b"", raw) + b"==")
        except (binascii.Error, ValueError):
            return None
    return raw.decode("utf-8", "replace")


def _css_pieces(css: str, at: int) -> list[Piece]:
    """Each string of a style (a sheet or a tag's own), its escapes read."""

    def unescape(m: re.Match[str]) -> str:
        if m.group(1) is None:
            return "" if m.group(2) == "\n" else m.group(2)
        code = int(m.group(1), 16)
        return chr(code) if 0 < code <= 0x10FFFF else "\ufffd"

    return [
        Piece(at + s.start(), _CSS_ESCAPE.sub(unescape, s.group(1) or s.group(2) or ""), False)
        for s in _CSS_STRING.finditer(css)
    ]


class _Letters(NamedTuple):
    letters: str  # letters and digits alone, case folded
    starts: tuple[int, ...]  # where each word starts in them
    ends: tuple[int, ...]  # and ends


def _letters(text: str) -> _Letters:
    words = _words(text)
    starts, ends, n = [], [], 0
    for w in words:
        starts.append(n)
        n += len(w)
        ends.append(n)
    return _Letters("".join(words), tuple(starts), tuple(ends))


LONG = 4096  # a run longer than this is read at its ends alone (its first and last 2 KB)


def _ends(piece: Piece) -> tuple[_Letters, _Letters]:
    """(the piece's letters from its start, to its end): a long run's, of its two ends
    alone, the word each end cuts left out."""
    text = piece.text
    if len(text) <= LONG:
        got = _letters(text)
        return got, got
    head, tail = _letters(text[: LONG // 2]), _letters(text[-LONG // 2 :])
    cut = head.starts[-1] if head.starts else 0
    head = _Letters(head.letters[:cut], head.starts[:-1], head.ends[:-1])
    skip = tail.ends[0] if tail.ends else 0
    tail = _Letters(
        tail.letters[skip:],
        tuple(s - skip for s in tail.starts[1:]),
        tuple(e - skip for e in tail.ends[1:]),
    )
    return head, tail


def spelled(found: Sequence[Piece], phrases: Sequence[str]) -> Iterator[tuple[str, int]]:
    """(phrase, where) for each phrase a piece other than a run holds whole, or two or more
    pieces spell out of their written order: the first piece spells its start from a
    word's start, the last its end to a word's end, those between are exactly the rest."""
    wanted = [(p, _letters(p).letters) for p in phrases]
    wanted = [(p, w) for p, w in wanted if w]
    if not wanted or not found:
        return
    most = max(len(w) for _, w in wanted)
    heads: dict[str, list[int]] = {}  # the letters from a piece's start to a word's end
    tails: dict[str, list[int]] = {}  # from a word's start to a piece's end
    whole: dict[str, list[int]] = {}
    spaced: list[tuple[str, int]] = []  # (a piece other than a run, its words spaced)
    for i, piece in enumerate(found):
        head, tail = _ends(piece)
        if head is tail and head.letters and len(head.letters) <= most:
            whole.setdefault(head.letters, []).append(i)
        for e in head.ends:
            if e > most:
                break
            heads.setdefault(head.letters[:e], []).append(i)
        n = len(tail.letters)
        for s in reversed(tail.starts):
            if n - s > most:
                break
            tails.setdefault(tail.letters[s:], []).append(i)
        if not piece.run:
            spaced.append((" " + " ".join(_words(piece.text)) + " ", i))
    for phrase, want in wanted:
        words = " " + " ".join(_words(phrase)) + " "
        held = next((i for s, i in spaced if words in s), None)
        if held is not None:
            yield phrase, found[held].at
            continue
        first = _tiled(want, heads, tails, whole)
        if first is not None:
            yield phrase, found[first].at


def _words(text: str) -> list[str]:
    from receipt_gate.reading.reader import fold

    return _WORD.findall(fold(text).casefold())


def _tiled(
    want: str, heads: dict[str, list[int]], tails: dict[str, list[int]], whole: dict[str, list[int]]
) -> int | None:
    """The first piece of a spelling of `want` by two or more pieces, one of them written
    before the one it follows; None where there is none (a few ways to each point, a few
    pieces of each text: bounded)."""
    n = len(want)
    # reach[k]: (the first piece, the last, out of written order yet) for ways to spell
    # want[:k]
    reach: dict[int, list[tuple[int, int, bool]]] = {}
    for k in range(1, n):
        reach[k] = [(i, i, False) for i in tails.get(want[:k], ())[:8]]
    for k in range(1, n):
        for first, last, back in reach[k][:8]:
            if any(e != last and (back or e < last) for e in heads.get(want[k:], ())[:8]):
                return first
            for j in range(k + 1, n):
                reach[j] += [
                    (first, i, back or i < last) for i in whole.get(want[k:j], ())[:8] if i != last
                ]
    return None
