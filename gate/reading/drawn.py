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
# An unquoted url() (a quoted one is a string, read above)
_CSS_URL = lazyre.compile(r"(?i)\burl\(\s*((?:[^\s()\"'\\]|\\.){1,100000})\s*\)")
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
# (no tag read inside them)
_RAW_TEXT = frozenset(
    {"style", "script", "textarea", "title", "xmp", "plaintext", "iframe", "noembed", "noframes"}
)
DEPTH = 2  # a frame's document inside a frame's document, at most


class Piece(NamedTuple):
    at: int  # where it is written (the tag's offset for an attribute's)
    text: str  # as a browser decodes it
    run: bool  # a run of text between tags (read in place by the prose readers)
    # its characters each placed where a list says (SVG `x="0 9 18"`): drawn in any order
    scattered: bool = False


# SVG's text elements, and the attributes that place each character by a list of values.
_SVG_TEXT = frozenset({"text", "tspan", "textpath"})
_PLACING = ("x", "y", "dx", "dy", "rotate")
_VALUES = lazyre.compile(r"[^\s,]+")


def unrendered(text: str, markdown: bool) -> str:
    """The page with what no browser renders as markup blanked, offsets kept: comments
    (as every CommonMark reads them: what may be text stays); on a markdown page, code
    blocks and code spans, whose tags are shown as text (round 56)."""
    from receipt_gate.reading.inline import spans

    out = _comments_out(text) if "<!--" in text else text
    if not markdown:
        return out
    from receipt_gate.reading.markdown import blocks

    lines = out.split("\n")
    for b in blocks(out):
        if b.kind == "code":
            lines[b.start : b.end] = [" " * len(line) for line in lines[b.start : b.end]]
        elif b.kind in ("paragraph", "heading") and any("`" in ln for ln in lines[b.start : b.end]):
            block = "\n".join(lines[b.start : b.end])
            parts, pos = [], 0
            for start, end in spans(block):  # (one pass: the spans are in order)
                parts += [block[pos:start], re.sub(r"[^\n]", " ", block[start:end])]
                pos = end
            lines[b.start : b.end] = "".join([*parts, block[pos:]]).split("\n")
    return "\n".join(lines)


# An element whose text HTML's tokenizer reads as text to its closing tag (a `<!--` in
# it opens no comment: round 58, `<xmp><!-- x --></xmp>` draws the comment's markup).
_RAW_OPEN = lazyre.compile(
    r"(?i)<(xmp|textarea|plaintext|style|script|title|iframe|noembed|noframes)(?![\w-])"
    r"[^<>]{0,2000}>"
)


def _comments_out(text: str) -> str:
    """The text with each comment blanked (as every CommonMark reads one: what may be
    text stays), none that opens inside an element whose text is raw (a `<textarea>`,
    an `<xmp>`, a `<plaintext>` to the end, a style or a script), as a browser reads;
    in one pass. (A comment found from inside such an element to a later one's end
    leaves that later one read: more read, never less.)"""
    comments, _ = _comments_and_raw(text)
    parts: list[str] = []
    pos = 0
    for start, end in comments:
        parts += [text[pos:start], re.sub(r"[^\n]", " ", text[start:end])]
        pos = end
    return "".join([*parts, text[pos:]])


def raw_openers_defused(text: str) -> str:
    """The text with each `<!--` inside an element whose text is raw made no opening
    (`\0!--`, its offsets kept): a reader that takes it for a comment would hide what a
    browser draws after the element (round 58: `<textarea><!--</textarea><p>x</p>`)."""
    if "<!--" not in text or _RAW_OPEN.search(text) is None:
        return text
    _, raw = _comments_and_raw(text)
    parts: list[str] = []
    pos = 0
    for start, end in raw:
        parts += [text[pos:start], text[start:end].replace("<!--", "\0!--")]
        pos = end
    return "".join([*parts, text[pos:]])


def _comments_and_raw(text: str) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
    """(each comment, each raw element's text), in the order a browser's tokenizer meets
    them: a comment's `<textarea>` opens nothing, a textarea's `<!--` neither."""
    from receipt_gate.reading.inline import STRICT_COMMENT

    found = [(c.a, c.b) for c in STRICT_COMMENT.finditer(text)] if "<!--" in text else []
    comments: list[tuple[int, int]] = []
    raw: list[tuple[int, int]] = []
    at = i = 0
    while True:
        while i < len(found) and found[i][0] < at:
            i += 1  # (opened inside raw text: no comment)
        opened = _RAW_OPEN.search(text, at)
        if i < len(found) and (opened is None or found[i][0] < opened.start()):
            comments.append(found[i])
            at = found[i][1]
            continue
        if opened is None:
            break
        name = opened.group(1).lower()
        close = None if name == "plaintext" else re.compile(rf"(?i)</{name}(?![\w-])")
        end_tag = close.search(text, opened.end()) if close is not None else None
        end = end_tag.start() if end_tag is not None else len(text)
        raw.append((opened.end(), end))
        at = end_tag.end() if end_tag is not None else len(text)
    return comments, raw


def pieces(text: str, depth: int = 0) -> list[Piece]:
    """Every piece of this page a browser may draw apart from the others, in the order
    written (a page with no tag: none)."""
    import html

    out: list[Piece] = []
    last, tags = 0, 0
    raw: str | None = None  # (inside <style>, <script>...: no tag is read there)
    svg: list[tuple[str, bool]] = []  # the SVG text elements open, each scattered or not
    for m in _TAG.finditer(text) if "<" in text else ():
        closing, name = m.group(1), m.group(2).lower()
        if raw is not None:
            if closing and name == raw:
                out += _raw_pieces(raw, text[last : m.start()], last, depth)
                raw, last = None, m.end()
            continue
        tags += 1
        if m.start() > last:
            scattered = bool(svg) and svg[-1][1]
            out.append(Piece(last, html.unescape(text[last : m.start()]), True, scattered))
            out += _cdata(text, last, m.start(), scattered)
        last = m.end()
        if closing:
            while name in _SVG_TEXT and svg and svg.pop()[0] != name:
                pass  # (an element left open closes with its parent)
            continue
        attrs = _attributes(m)
        out += _attribute_pieces(m.start(), name, attrs, depth)
        if name in _SVG_TEXT and not m.group(3).rstrip().endswith("/"):
            placed = any(len(_VALUES.findall(attrs.get(a) or "")) > 1 for a in _PLACING)
            svg.append((name, placed or (bool(svg) and svg[-1][1])))
        if name in _RAW_TEXT:
            raw = name
    if not tags:
        return []
    if raw is not None:
        out += _raw_pieces(raw, text[last:], last, depth)
    elif last < len(text):
        out.append(Piece(last, html.unescape(text[last:]), True, bool(svg) and svg[-1][1]))
    return out


_CDATA = lazyre.compile(r"<!\[CDATA\[(.*?)(?:\]\]>|\Z)", re.DOTALL)


def _cdata(text: str, start: int, end: int, scattered: bool) -> list[Piece]:
    """What each CDATA section in a run holds (SVG and MathML draw it as text: round
    58), a piece no prose reader reads."""
    if "<![" not in text[start:end]:
        return []
    return [
        Piece(c.start(), c.group(1), False, scattered) for c in _CDATA.finditer(text, start, end)
    ]


def _raw_pieces(element: str, text: str, at: int, depth: int) -> list[Piece]:
    """A style sheet's strings; a text area's, an `<xmp>`'s or a `<plaintext>`'s text as
    drawn (its markup too: no prose reader reads it so); nothing of a script's, a
    title's or a frame's fallback."""
    import html

    if element == "style":
        return _css_pieces(text, at, depth)
    if element in ("xmp", "plaintext"):
        return [Piece(at, text, False)]  # (RAWTEXT: no reference decoded)
    return [Piece(at, html.unescape(text), False)] if element == "textarea" else []


def _attributes(tag: re.Match[str]) -> dict[str, str | None]:
    """A tag's attributes by name (HTML takes an attribute's first), values as written."""
    attrs: dict[str, str | None] = {}
    for a in _ATTRIBUTE.finditer(tag.group(3)):
        attrs.setdefault(a.group(1).lower(), next((v for v in a.group(2, 3, 4) if v), None))
    return attrs


def _attribute_pieces(at: int, kind: str, attrs: dict[str, str | None], depth: int) -> list[Piece]:
    import html

    out: list[Piece] = []
    attrs = dict(attrs)
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
            out += _css_pieces(value, at, depth)
            continue
        inner = _document(value, depth) if name != "srcdoc" else _html_pieces(value, depth)
        if inner is not None:
            out += [Piece(at, p.text, False, p.scattered) for p in inner]
        elif name not in _NOT_DRAWN and not name.startswith(("on", "xmlns", "aria-hidden")):
            out.append(Piece(at, value, False))
    return out


def _html_pieces(document: str, depth: int) -> list[Piece]:
    """A frame's (or a data: URL's) HTML or SVG document's pieces; none past DEPTH."""
    import html

    if depth >= DEPTH:
        return []
    return pieces(document, depth + 1) or [Piece(0, html.unescape(document), True)]


def _document(value: str, depth: int) -> list[Piece] | None:
    """The pieces of what a `data:` URL holds, read as its type says (CSS as a style
    sheet, anything else as HTML), decoded as its charset or byte order mark says (None:
    no data: URL)."""
    head, comma, data = value.strip().partition(",")
    if not comma or not head.lower().startswith("data:"):
        return None
    from urllib.parse import unquote_to_bytes

    params = [p.strip().lower() for p in head[5:].split(";")]
    raw = unquote_to_bytes(data)
    if "base64" in params:
        import base64
        import binascii

        try:
            raw = base64.b64decode(re.sub(rb"[^A-Za-z0-9+/=]", b"", raw) + b"==")
        except (binascii.Error, ValueError):
            return []
    charset = next((p[8:] for p in params if p.startswith("charset=")), "")
    text = _decoded(raw, charset.strip("\"'"))
    return _css_pieces(text, 0, depth + 1) if "css" in params[0] else _html_pieces(text, depth)


def _decoded(raw: bytes, charset: str) -> str:
    """Bytes as a browser decodes a document: by its byte order mark, else its charset,
    else UTF-8 (a text of NULs between letters read as UTF-16 too)."""
    import codecs

    for bom, name in (
        (codecs.BOM_UTF8, "utf-8"),
        (b"\xff\xfe", "utf-16-le"),
        (b"\xfe\xff", "utf-16-be"),
    ):
        if raw.startswith(bom):
            return raw[len(bom) :].decode(name, "replace")
    try:
        return raw.decode(charset or "utf-8", "replace")
    except LookupError:
        pass
    if raw.count(0) * 4 > len(raw):
        return raw.decode(
            "utf-16-le" if raw[1::2].count(0) > raw[::2].count(0) else "utf-16-be", "replace"
        )
    return raw.decode("utf-8", "replace")


def _css_pieces(css: str, at: int, depth: int = 0) -> list[Piece]:
    """Each string of a style (a sheet or a tag's own), its escapes read, and what each
    `url()` that is a data: URL holds (round 56: an SVG of text as a background)."""

    def unescape(m: re.Match[str]) -> str:
        if m.group(1) is None:
            return "" if m.group(2) == "\n" else m.group(2)
        code = int(m.group(1), 16)
        return chr(code) if 0 < code <= 0x10FFFF else "\ufffd"

    out: list[Piece] = []
    for s in _CSS_STRING.finditer(css):
        value = _CSS_ESCAPE.sub(unescape, s.group(1) or s.group(2) or "")
        out.append(Piece(at + s.start(), value, False))
        inner = _document(value, depth) if depth < DEPTH else None
        out += [Piece(at + s.start(), p.text, False, p.scattered) for p in inner or ()]
    for u in _CSS_URL.finditer(css) if depth < DEPTH else ():
        inner = _document(_CSS_ESCAPE.sub(unescape, u.group(1)), depth)
        out += [Piece(at + u.start(), p.text, False, p.scattered) for p in inner or ()]
    return out


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
    """(phrase, where) for each phrase a piece other than a run holds whole, whose letters
    a piece of scattered characters holds (in any order), or that two or more pieces
    spell with one of them other than a run or written before the piece it follows: the
    first piece spells its start from a word's start, the last its end to a word's end,
    those between are exactly the rest."""
    from collections import Counter

    wanted = [(p, _letters(p).letters) for p in phrases]
    wanted = [(p, w) for p, w in wanted if w]
    if not wanted or not found:
        return
    most = max(len(w) for _, w in wanted)
    heads: dict[str, list[int]] = {}  # the letters from a piece's start to a word's end
    tails: dict[str, list[int]] = {}  # from a word's start to a piece's end
    whole: dict[str, list[int]] = {}
    spaced: list[tuple[str, int]] = []  # (a piece other than a run, its words spaced)
    scattered: list[tuple[Counter[str], int]] = []
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
        if piece.scattered:
            scattered.append((Counter("".join(_words(piece.text))), i))
    runs = frozenset(i for i, p in enumerate(found) if p.run)
    for phrase, want in wanted:
        words = " " + " ".join(_words(phrase)) + " "
        held = next((i for s, i in spaced if words in s), None)
        if held is None:
            need = Counter(want)
            held = next((i for bag, i in scattered if not need - bag), None)
        if held is None:
            held = _tiled(want, heads, tails, whole, runs)
        if held is not None:
            yield phrase, found[held].at


def _words(text: str) -> list[str]:
    from receipt_gate.reading.reader import fold

    return _WORD.findall(fold(text).casefold())


def _tiled(
    want: str,
    heads: dict[str, list[int]],
    tails: dict[str, list[int]],
    whole: dict[str, list[int]],
    runs: frozenset[int],
) -> int | None:
    """The first piece of a spelling of `want` by two or more pieces, one of them no run
    (the prose readers read no attribute or style in place) or written before the one it
    follows (out of the order they read); None where there is none (a few ways to each
    point, a few pieces of each text: bounded)."""
    n = len(want)
    # reach[k]: (the first piece, the last, counted yet) for ways to spell want[:k]
    reach: dict[int, list[tuple[int, int, bool]]] = {}
    for k in range(1, n):
        reach[k] = [(i, i, i not in runs) for i in tails.get(want[:k], ())[:8]]
    for k in range(1, n):
        for first, last, counted in reach[k][:8]:
            ends = heads.get(want[k:], ())[:8]
            if any(e != last and (counted or e < last or e not in runs) for e in ends):
                return first
            for j in range(k + 1, n):
                reach[j] += [
                    (first, i, counted or i < last or i not in runs)
                    for i in whole.get(want[k:j], ())[:8]
                    if i != last
                ]
    return None
