"""The pieces of a page's raw HTML a browser may draw in another order than written.

CSS lays out an element's children in any order (flex `order` and `row-reverse`, grid
areas, floats, positions, transforms; a theme's class may do it too), SVG draws each
`<tspan>` where its `x` says, and a style's strings (`content:`, a counter style's
`symbols` or `prefix`, a custom property) and a tag's attributes (an image's alt text, a
title, a frame's `srcdoc` or `data:` document) draw text of their own. Rather than follow
every way to move text (round 55 found nine), a phrase these pieces spell in an order
other than written counts as drawn: each run of text between tags, each string of a
style, and each attribute's value a browser may draw (decoded as it decodes it) is a
piece; a piece other than a run that holds the phrase, an SVG text's characters placed
one by one that hold its letters, or two or more pieces of one block (the page's top
element, or a paragraph outside any element) that spell it with one of them no run or
written before the piece it follows, is a match (rounds 55-58).

A reading for hard bans, where a miss lets a draft through: pieces are compared on
their letters and digits alone (case folded, lookalikes folded, every mark, space and
NUL out), so an honest page is matched only where its pieces, taken apart, spell a
banned phrase out of their order within one block (measured on the corpora:
benchmarks/precision.py).
"""

from __future__ import annotations

import bisect
import functools
import re
from collections.abc import Iterator, Sequence
from typing import NamedTuple

from receipt_gate.base import lazyre

_TAG_HEAD = lazyre.compile(r"<(/?)([A-Za-z][A-Za-z0-9:-]*)")
# A tag's attributes as HTML's tokenizer reads them: a name is anything up to white space,
# `/`, `>` or `=` (a quote in it is a parse error, not a quote); only after `=` does a quote
# open a value, which runs to its closing quote, however long (or to the text's end).
# (HTML's white space is these five, not Unicode's: a no-break space is part of a value)
_IN_TAG = lazyre.compile(
    r"(?:[\t\n\f\r /]+|[^\t\n\f\r />][^\t\n\f\r />=]*(?:[\t\n\f\r ]*=[\t\n\f\r ]*"
    r"(?:\"[^\"]*(?:\"|\Z)|'[^']*(?:'|\Z)|[^\t\n\f\r >]*))?)*"
)
ATTRIBUTE = lazyre.compile(
    r"([^\t\n\f\r />][^\t\n\f\r />=]*)(?:[\t\n\f\r ]*=[\t\n\f\r ]*"
    r"(?:\"([^\"]*)\"|'([^']*)'|([^\t\n\f\r >]+)))?"
)
# (a string no quote closes ends at its line's end, as CSS's tokenizer ends it, or the
# text's: it never fails and is tried again further on)
CSS_STRING = lazyre.compile(
    r"\"((?:[^\"\\\n]|\\.)*)(?:\"|(?=\n)|\Z)|'((?:[^'\\\n]|\\.)*)(?:'|(?=\n)|\Z)", re.DOTALL
)
_CSS_ESCAPE = lazyre.compile(r"\\(?:([0-9a-fA-F]{1,6})[ \t\n]?|(.))", re.DOTALL)
# An unquoted url() (a quoted one is a string, read above)
_CSS_URL = lazyre.compile(r"(?i)\burl\(\s*((?:[^\s()\"'\\]|\\.)+)\s*\)")
_WORD = lazyre.compile(r"[^\W_]+")
# Attributes a browser never draws as text (a URL but a data: one, a name, a number).
_NOT_DRAWN = frozenset(
    {"href", "src", "srcset", "class", "id", "name", "for", "rel", "type", "lang", "dir"}
    | {"width", "height", "action", "method", "target", "role", "tabindex", "xmlns"}
    | {"viewbox", "d", "points", "x", "y", "dx", "dy", "cx", "cy", "r", "rx", "ry", "fill"}
    | {"stroke", "transform", "colspan", "rowspan", "align", "loading", "decoding"}
)
# An input of these types draws no value (a checkbox's value is what a form sends).
UNSHOWN_INPUTS = frozenset({"hidden", "checkbox", "radio", "file", "image", "color", "range"})
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
    # where it is drawn from: the page's top element that holds it (its offset), or the
    # paragraph of text outside any element (-1 - its number); ANYWHERE for a style
    # sheet's string (a rule may draw it into any element)
    block: int = 0


ANYWHERE = -(1 << 40)
_VOID = frozenset(
    {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param"}
    | {"source", "track", "wbr", "frame", "keygen"}
)
# A style that moves what it styles elsewhere on the page: then pieces of any two blocks
# may be drawn side by side.
_MOVES = lazyre.compile(
    r"(?i)(?:^|[;{\s\"'])(?:position|transform|translate|float|order|grid[a-z-]*|inset|top|left"
    r"|right|bottom|flex[a-z-]*|direction|writing-mode|columns?|margin[a-z-]*\s*:\s*-)\s*:"
)
_PARAGRAPH_BREAK = lazyre.compile(r"\n[ \t]*\n")


# SVG's text elements, and the attributes that place each character by a list of values.
_SVG_TEXT = frozenset({"text", "tspan", "textpath"})
_PLACING = ("x", "y", "dx", "dy", "rotate")
_VALUES = lazyre.compile(r"[^\s,]+")


def unrendered(text: str, markdown: bool) -> str:
    """The page with what no browser renders as markup blanked, offsets kept: comments
    (as every CommonMark reads them: what may be text stays); on a markdown page, code
    blocks and code spans, whose tags are shown as text (round 56)."""
    out = _comments_out(text) if "<!--" in text else text
    if not markdown:
        return out
    from receipt_gate.reading.masking import code_out

    return code_out(out)


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
    from receipt_gate.reading.inline import blanked

    return blanked(text, _comments_and_raw(text)[0])


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
    opened = _RAW_OPEN.search(text)
    while True:
        while i < len(found) and found[i][0] < at:
            i += 1  # (opened inside raw text: no comment)
        if opened is not None and opened.start() < at:  # (searched again only once passed:
            opened = _RAW_OPEN.search(text, at)  # 40 KB of `7<!---->` took 2 s, round 94 r01)
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


_BLANK_RUN = lazyre.compile(r"\n(?:[ \t]*\n)+")
# Elements a browser draws as blocks of their own: a blank line beside one of their tags
# ends a paragraph whatever reads it.
_BLOCK_TAGS = frozenset(
    {"p", "div", "h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "li", "dl", "dt", "dd"}
    | {"table", "thead", "tbody", "tfoot", "tr", "td", "th", "caption", "blockquote", "pre"}
    | {"section", "article", "header", "footer", "aside", "nav", "main", "figure", "hr"}
    | {"figcaption", "details", "summary", "form", "fieldset", "legend", "address", "br"}
)


def blank_lines_joined(text: str) -> str | None:
    """The page with each blank line inside an HTML element its closing tag closes made
    white space on the line before it (offsets kept: each line break but the last a
    space); None where there is none. A browser, kramdown and Python-Markdown read such
    an element whole (round 59: `<p>As an AI` a blank line `language model</p>`),
    CommonMark as two blocks. (An element never closed, an autolink's `<https:...>`,
    joins nothing.)"""
    if "<" not in text or _BLANK_RUN.search(text) is None:
        return None
    closed: list[tuple[int, int]] = []  # (start, end) of each element's content
    open_: list[tuple[str, int]] = []
    blocks: list[tuple[int, int]] = []  # (start, end) of each tag of a block
    for start, end, closing, name, rest in tags(text):
        if name in _BLOCK_TAGS:
            blocks.append((start, end))
        if closing:
            at = next((k for k in range(len(open_) - 1, -1, -1) if open_[k][0] == name), -1)
            if at >= 0:
                closed.append((open_[at][1], start))
                del open_[at:]
        elif name not in _VOID and ":" not in name and not rest.rstrip().endswith("/"):
            open_.append((name, end))
    if not closed:
        return None
    from receipt_gate.reading.inline import merged

    inside = merged(closed)
    starts = [a for a, _ in inside]
    chars = list(text)
    ends, begins = [b for _, b in blocks], [a for a, _ in blocks]
    for m in _BLANK_RUN.finditer(text):
        k = bisect.bisect_right(starts, m.start()) - 1
        # (a block's tag beside it, white space between: a paragraph's end either way)
        before = bisect.bisect_right(ends, m.start()) - 1
        after = bisect.bisect_left(begins, m.end())
        if (before >= 0 and not text[ends[before] : m.start()].strip()) or (
            after < len(begins) and not text[m.end() : begins[after]].strip()
        ):
            continue
        if k >= 0 and inside[k][0] <= m.start() < inside[k][1]:
            for i in range(m.start(), m.end() - 1):
                if chars[i] == "\n":
                    chars[i] = " "
    joined = "".join(chars)
    return joined if joined != text else None


def pieces(text: str, depth: int = 0) -> list[Piece]:
    """Every piece of this page a browser may draw apart from the others, in the order
    written (a page with no tag: none)."""
    import html

    out: list[Piece] = []
    last, seen = 0, 0
    raw: str | None = None  # (inside <style>, <script>...: no tag is read there)
    svg: list[tuple[str, bool]] = []  # the SVG text elements open, each scattered or not
    open_: list[str] = []  # the elements open, outermost first
    top = 0  # the offset of the outermost one
    breaks = [m.start() for m in _PARAGRAPH_BREAK.finditer(text)]
    moves = False  # (a style the page holds moves what it styles)

    def block(at: int) -> int:
        return top if open_ else -1 - bisect.bisect_right(breaks, at)

    def run(a: int, b: int) -> list[Piece]:
        scattered = bool(svg) and svg[-1][1]
        cuts = [a]  # (outside any element, a run is cut where a paragraph ends)
        if not open_:
            cuts += breaks[bisect.bisect_right(breaks, a) : bisect.bisect_left(breaks, b)]
        got = []
        for lo, hi in zip(cuts, [*cuts[1:], b], strict=True):
            got.append(Piece(lo, html.unescape(text[lo:hi]), True, scattered, block(lo)))
            got += [p._replace(block=block(lo)) for p in _cdata(text, lo, hi, scattered)]
        return got

    for start, end, closing, name, inside in tags(text):
        if raw is not None:
            if closing and name == raw:
                moves = moves or (raw == "style" and _MOVES.search(text[last:start]) is not None)
                got = _raw_pieces(raw, text[last:start], last, depth)
                out += [p._replace(block=ANYWHERE if raw == "style" else block(last)) for p in got]
                raw, last = None, end
                if open_ and open_[-1] == name:
                    open_.pop()
            continue
        seen += 1
        if start > last:
            out += run(last, start)
        last = end
        if closing:
            _close(name, open_, svg)
            continue
        if not open_ and name not in _VOID and not inside.rstrip().endswith("/"):
            top = start
        attrs = attributes(inside)
        moves = moves or _MOVES.search(attrs.get("style") or "") is not None
        here = top if open_ or name not in _VOID else block(start)
        if name == "link":  # (a sheet it links draws into any element: round 59)
            here = ANYWHERE
        out += [p._replace(block=here) for p in _attribute_pieces(start, name, attrs, depth)]
        if name not in _VOID and not inside.rstrip().endswith("/"):
            open_.append(name)
        if name in _SVG_TEXT and not inside.rstrip().endswith("/"):
            placed = any(len(_VALUES.findall(attrs.get(a) or "")) > 1 for a in _PLACING)
            svg.append((name, placed or (bool(svg) and svg[-1][1])))
        if name in _RAW_TEXT:
            raw = name
    if not seen:
        return []
    if raw is not None:
        got = _raw_pieces(raw, text[last:], last, depth)
        out += [p._replace(block=ANYWHERE if raw == "style" else block(last)) for p in got]
    elif last < len(text):
        out += run(last, len(text))
    if moves or (raw == "style" and _MOVES.search(text[last:])):
        out = [p._replace(block=0) for p in out]  # (a style moves things: one block)
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


def _close(name: str, open_: list[str], svg: list[tuple[str, bool]]) -> None:
    """A closing tag: the element it names closes, and those left open inside it."""
    while name in _SVG_TEXT and svg and svg.pop()[0] != name:
        pass  # (an element left open closes with its parent)
    if name in open_:
        del open_[len(open_) - 1 - open_[::-1].index(name) :]


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


def tags(text: str) -> Iterator[tuple[int, int, bool, str, str]]:
    """(start, end, closing, name lowercased, what is between the name and the `>`) of
    each tag, as HTML's tokenizer finds its end: the first `>` outside quotes, however
    long a quoted value is (round 58's review: a data: URL of 1,000 characters hid the
    tag); a tag the text ends inside ends the reading (a browser draws nothing of it)."""
    at = text.find("<")
    while at >= 0:
        head = _TAG_HEAD.match(text, at)
        if head is None:
            at = text.find("<", at + 1)
            continue
        inner = _IN_TAG.match(text, head.end())  # (it matches everywhere, maybe nothing)
        stop = len(text) if inner is None else inner.end()
        if stop >= len(text):
            return
        name = head.group(2).lower()
        yield (at, stop + 1, bool(head.group(1)), name, text[head.end() : stop])
        at = text.find("<", stop + 1)
        if name in _RAW_TEXT and not head.group(1):  # (its text holds no tag: to its end tag)
            end = _raw_end(name).search(text, stop + 1) if name != "plaintext" else None
            if end is None:
                return
            at = end.start()


@functools.cache
def _raw_end(name: str) -> re.Pattern[str]:
    return re.compile(rf"</{name}(?=[\t\n\f\r />])", re.IGNORECASE)


def attributes(inside: str) -> dict[str, str | None]:
    """A tag's attributes by name (HTML takes an attribute's first), values as written."""
    attrs: dict[str, str | None] = {}
    for a in ATTRIBUTE.finditer(inside):
        attrs.setdefault(a.group(1).lower(), next((v for v in a.group(2, 3, 4) if v), None))
    return attrs


def _attribute_pieces(at: int, kind: str, attrs: dict[str, str | None], depth: int) -> list[Piece]:
    import html

    out: list[Piece] = []
    attrs = dict(attrs)
    if kind != "button" and (
        kind != "input" or (attrs.get("type") or "").lower() in UNSHOWN_INPUTS
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
    out: list[Piece] = []
    for text in _decoded(raw, charset.strip("\"'")):
        out += _css_pieces(text, 0, depth + 1) if "css" in params[0] else _html_pieces(text, depth)
    return out


def _decoded(raw: bytes, charset: str) -> list[str]:
    """Bytes as a browser may decode a document: by its byte order mark, else its
    charset; else as UTF-8, and, with NULs between its letters, as UTF-16 too (a
    browser may sniff it; one that does not drops the NULs)."""
    import codecs

    for bom, name in (
        (codecs.BOM_UTF8, "utf-8"),
        (b"\xff\xfe", "utf-16-le"),
        (b"\xfe\xff", "utf-16-be"),
    ):
        if raw.startswith(bom):
            return [raw[len(bom) :].decode(name, "replace")]
    if charset:
        try:
            return [raw.decode(charset, "replace")]
        except LookupError:
            pass
    out = [raw.decode("utf-8", "replace")]
    if raw.count(0) * 4 > len(raw):
        odd = raw[1::2].count(0) > raw[::2].count(0)
        out.append(raw.decode("utf-16-le" if odd else "utf-16-be", "replace"))
    return out


def css_unescaped(value: str) -> str:
    """A CSS string's text, its escapes read (`\\63` is "c"; an escaped line break is
    none)."""

    def unescape(m: re.Match[str]) -> str:
        if m.group(1) is None:
            return "" if m.group(2) == "\n" else m.group(2)
        code = int(m.group(1), 16)
        return chr(code) if 0 < code <= 0x10FFFF else "\ufffd"

    return _CSS_ESCAPE.sub(unescape, value) if "\\" in value else value


def _css_pieces(css: str, at: int, depth: int = 0) -> list[Piece]:
    """Each string of a style (a sheet or a tag's own), its escapes read, and what each
    `url()` that is a data: URL holds (round 56: an SVG of text as a background)."""

    out: list[Piece] = []
    for s in CSS_STRING.finditer(css):
        value = css_unescaped(s.group(1) or s.group(2) or "")
        out.append(Piece(at + s.start(), value, False))
        inner = _document(value, depth) if depth < DEPTH else None
        out += [Piece(at + s.start(), p.text, False, p.scattered) for p in inner or ()]
    for u in _CSS_URL.finditer(css) if depth < DEPTH else ():
        inner = _document(css_unescaped(u.group(1)), depth)
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
    a piece of scattered characters holds (in any order), or that two or more pieces of
    one block spell (a style sheet's strings are of every block) with one of them other
    than a run or written before the piece it follows: the first piece spells its start
    from a word's start, the last its end to a word's end, those between are exactly the
    rest. (Pieces of two top elements or two paragraphs spell nothing together, unless
    a style of the page moves what it styles: an honest page's table of contents and
    its body, an image's alt and a heading, were read as a phrase: round 58's review.)"""
    from collections import Counter

    wanted = [(p, _letters(p).letters) for p in phrases]
    wanted = [(p, w) for p, w in wanted if w]
    if not wanted or not found:
        return
    most = max(len(w) for _, w in wanted)
    index = _Index()
    spaced: list[tuple[str, int]] = []  # (a piece other than a run, its words spaced)
    scattered: list[tuple[Counter[str], int]] = []
    for i, piece in enumerate(found):
        head, tail = _ends(piece)
        if head is tail and head.letters and len(head.letters) <= most:
            index.add("whole", piece, i, head.letters)
        for e in head.ends:
            if e > most:
                break
            index.add("head", piece, i, head.letters[:e])
        n = len(tail.letters)
        for s in reversed(tail.starts):
            if n - s > most:
                break
            index.add("tail", piece, i, tail.letters[s:])
        if not piece.run:
            spaced.append((" " + " ".join(_words(piece.text)) + " ", i))
        if piece.scattered:
            scattered.append((Counter("".join(_words(piece.text))), i))
    for phrase, want in wanted:
        words = " " + " ".join(_words(phrase)) + " "
        held = next((i for s, i in spaced if words in s), None)
        if held is None:
            need = Counter(want)
            held = next((i for bag, i in scattered if not need - bag), None)
        if held is None:
            held = index.tiled(want)
        if held is not None:
            yield phrase, found[held].at


class _Span(NamedTuple):
    """The pieces of one text in one block: the first and last written, whether one of
    them is no run, and the first of them."""

    lo: int
    hi: int
    counted: bool

    def also(self, other: _Span | None) -> _Span:
        if other is None:
            return self
        return _Span(min(self.lo, other.lo), max(self.hi, other.hi), self.counted or other.counted)


class _Index:
    """Each text a piece spells from its start (a head), to its end (a tail) or whole, by
    block: the pieces of one text in one block taken together (any number of decoys is
    one: round 58's review found eight hid the real piece when each text kept eight)."""

    def __init__(self) -> None:
        self.spans: dict[tuple[str, int, str], _Span] = {}
        self.blocks: dict[tuple[str, str], set[int]] = {}  # (kind, text) -> its blocks
        self.wholes: dict[int, set[str]] = {}  # block -> the texts pieces spell whole

    def add(self, kind: str, piece: Piece, i: int, text: str) -> None:
        got = _Span(i, i, not piece.run)
        key = (kind, piece.block, text)
        self.spans[key] = got.also(self.spans.get(key))
        self.blocks.setdefault((kind, text), set()).add(piece.block)
        if kind == "whole":
            self.wholes.setdefault(piece.block, set()).add(text)

    def _span(self, kind: str, where: int, text: str) -> _Span | None:
        got = self.spans.get((kind, where, text))
        anywhere = self.spans.get((kind, ANYWHERE, text)) if where != ANYWHERE else None
        return got.also(anywhere) if got is not None else anywhere

    def tiled(self, want: str) -> int | None:
        """The first piece of a spelling of `want` by two or more pieces of one block,
        one of them no run (the prose readers read no attribute or style in place) or
        written before the one it follows (out of the order they read); None where
        there is none."""
        n = len(want)
        tails = set().union(*(self.blocks.get(("tail", want[:k]), set()) for k in range(1, n)))
        heads = set().union(*(self.blocks.get(("head", want[k:]), set()) for k in range(1, n)))
        if ANYWHERE in tails and ANYWHERE in heads:
            blocks = tails | heads
        elif ANYWHERE in tails or ANYWHERE in heads:
            blocks = (heads if ANYWHERE in tails else tails) | {ANYWHERE}
        else:
            blocks = tails & heads
        for where in sorted(blocks):
            first = self._tiled_in(want, where)
            if first is not None:
                return first
        return None

    def _tiled_in(self, want: str, where: int) -> int | None:
        n = len(want)
        mids = sorted(self.wholes.get(where, set()) | self.wholes.get(ANYWHERE, set()))
        # k -> (the first piece, the last pieces, counted yet, one piece alone last)
        reach: dict[int, tuple[int, _Span, bool, bool]] = {}

        def take(k: int, first: int, last: _Span, counted: bool) -> None:
            had = reach.get(k)
            one = last.lo == last.hi
            if had is not None:
                last = _Span(min(had[1].lo, last.lo), max(had[1].hi, last.hi), False)
                first, counted, one = had[0], had[2] or counted, False
            reach[k] = (first, last, counted, one)

        for k in range(1, n):
            got = self._span("tail", where, want[:k])
            if got is not None:
                take(k, got.lo, got, got.counted)
        for k in range(1, n):
            if k not in reach:
                continue
            first, last, counted, one = reach[k]
            end = self._span("head", where, want[k:])
            if (
                end is not None
                and not (one and end.lo == end.hi == last.lo)  # (not one piece twice)
                and (counted or end.counted or end.lo < last.hi)
            ):
                return first
            for text in mids:
                j = k + len(text)
                if j >= n or not want.startswith(text, k):
                    continue
                mid = self._span("whole", where, text)
                if mid is not None and not (one and mid.lo == mid.hi == last.lo):
                    take(j, first, mid, counted or mid.counted or mid.lo < last.hi)
        return None


def _words(text: str) -> list[str]:
    from receipt_gate.reading.reader import fold

    # (a NUL is no character HTML draws in a page's text: its parser drops it)
    return _WORD.findall(fold(text.replace("\x00", "")).casefold())
