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
from collections.abc import Callable

from receipt_gate.base import lazyre

# What draws right to left (or may): Unicode's blocks of right-to-left scripts and
# Arabic digits, the direction marks and controls; in markup, `dir`, `<bdi>`, `<bdo>`,
# CSS's `direction`, and an entity that may stand for one of those characters.
_RTL_CHARS = (
    "\u0590-\u08ff\u200f\u202a-\u202e\u2066-\u2069\ufb1d-\ufdff\ufe70-\ufefe"
    "\U00010800-\U00010fff\U0001e800-\U0001efff"
)
_HINT = lazyre.compile(
    r"(?i)\bdir\s*=|<bd[io]\b|\bstyle\s*=[^<>]{0,4000}?(?:direction|bidi|\\)"
    f"|&(?:rlm|#)|[{_RTL_CHARS}]"
)
_RTL = lazyre.compile(f"[{_RTL_CHARS}]")
# A line that starts a block of its own in markdown, the line before it a paragraph's (an
# ATX heading, a list item, a block quote, an HTML block's tag): not drawn with it.
_BLOCK_START = lazyre.compile(
    r"\s{0,3}(?:#{1,6}(?:[ \t]|$)|>|[-*+][ \t]+\S|1[.)][ \t]+\S|</?(?:p|div|h[1-6]|li|ul|ol"
    r"|dl|dt|dd|table|tr|td|th|blockquote|section|article|aside|header|footer|pre|figure"
    r"|details|hr)(?=[\s/>]|$))",
    re.IGNORECASE,
)
# An HTML tag as a browser reads one, across lines too (quoted values bounded: linear).
_TAG = lazyre.compile(
    r"<(/?)([A-Za-z][A-Za-z0-9-]{0,64})((?:[^<>\"']|\"[^\"]{0,4000}\"|'[^']{0,4000}'){0,4000})>"
)
_ATTRIBUTE = lazyre.compile(r"([^\s\"'<>/=]+)(?:\s*=\s*(\"[^\"]*\"|'[^']*'|[^\s\"'=<>`]+))?")
_CSS_COMMENT = lazyre.compile(r"/\*.*?(?:\*/|\Z)", re.DOTALL)
_CSS_ESCAPE = lazyre.compile(r"\\(?:([0-9a-fA-F]{1,6})\s?|(.))", re.DOTALL)
_DIRECTION = lazyre.compile(r"(?i)(?<![\w-])direction\s*:\s*(rtl|ltr)\b")
_BIDI_OVERRIDE = lazyre.compile(r"(?i)(?<![\w-])unicode-bidi\s*:\s*[\w-]*override")
_PLAINTEXT = lazyre.compile(r"(?i)(?<![\w-])unicode-bidi\s*:\s*plaintext")
_VOID = frozenset(
    "area base br col embed hr img input link meta source track wbr param keygen".split()
)
# The starts that end an open paragraph (HTML's "close a p element").
_ENDS_A_P = frozenset(
    "address article aside blockquote details dialog div dl fieldset figcaption figure"
    " footer form h1 h2 h3 h4 h5 h6 header hgroup hr main menu nav ol p pre search section"
    " table ul".split()
)
# What the first strong letter of an element of its own direction is looked for in.
_AHEAD = lazyre.compile(r"<[^<>]{0,500}>|&#?\w{1,32};?|[^\W\d_]")


def may_reorder(text: str) -> bool:
    """Might a browser draw some of this text in another order than it is written?"""
    return _HINT.search(text) is not None


def _css(value: str) -> str:
    """A style's text as CSS reads it: comments out, escapes read (`direction:\72tl`)."""
    value = _CSS_COMMENT.sub("", value)
    return _CSS_ESCAPE.sub(lambda m: chr(int(m.group(1), 16)) if m.group(1) else m.group(2), value)


def _attributes(inside: str) -> dict[str, str]:
    """A tag's attributes as HTML reads them: the first of a name counts, its value's
    character references decoded."""
    import html

    out: dict[str, str] = {}
    for m in _ATTRIBUTE.finditer(inside):
        name = m.group(1).lower()
        if name not in out:
            value = m.group(2) or ""
            out[name] = html.unescape(value[1:-1] if value[:1] in "\"'" else value)
    return out


def _first_strong(text: str, at: int) -> str:
    """The direction an element of its own direction takes (`dir="auto"`, `<bdi>`): its
    first strong letter's, the text after its start read (tags out, references
    decoded), `ltr` where there is none near."""
    import html
    import unicodedata

    for n, m in enumerate(_AHEAD.finditer(text, at)):
        if n > 64:
            break
        got = m.group()
        if got[0] == "<":
            continue
        for c in html.unescape(got) if got[0] == "&" else got:
            kind = unicodedata.bidirectional(c)
            if kind in ("R", "AL"):
                return "rtl"
            if kind == "L":
                return "ltr"
    return "ltr"


class _Elements:
    """The direction controls HTML's elements stand for (`<span dir="rtl">` an isolate,
    `<bdo dir="rtl">` an override, `<bdi>` and `dir="auto"` an isolate of their first
    strong letter's direction, a style's `direction` one too), each element's end matched
    to its start by name (an inner `</span>` ends the inner element, not the isolate
    around it; a `<p>` left open ends where a block starts; `/>` ends no element HTML
    does not make void)."""

    def __init__(self) -> None:
        self.open: list[tuple[str, str, str]] = []  # (name, its start's control, its end's)
        self.depth: dict[str, int] = {}
        self.controls = [""]  # (what the elements open hold open, at each depth)

    def opened(self) -> str:
        """The controls of the elements open now (what a new paragraph is drawn in; no
        more than UAX #9's 125 levels)."""
        return self.controls[-1]

    def tag(self, m: re.Match[str], text: str) -> str:
        closing, name, inside = m.group(1), m.group(2).lower(), m.group(3)
        if closing:
            return self._ended(name)
        if name == "br":
            return "\u2028" + self.opened()  # (a line break: each line drawn apart)
        if name in _VOID:
            return ""
        ended = self._ended("p") if name in _ENDS_A_P and self.depth.get("p") else ""
        start, end = self._controls(name, _attributes(inside), text, m.end())
        self.open.append((name, start, end))
        self.controls.append((self.controls[-1] + start)[:125])
        self.depth[name] = self.depth.get(name, 0) + 1
        return ended + start

    @staticmethod
    def _controls(name: str, attrs: dict[str, str], text: str, at: int) -> tuple[str, str]:
        style = _css(attrs.get("style", ""))
        css = _DIRECTION.findall(style)
        way = attrs.get("dir", "").strip().lower()  # (a style's wins: the author's)
        way = css[-1].lower() if css else way if way in ("rtl", "ltr", "auto") else ""
        way = way or ("auto" if name == "bdi" else "")
        if way == "auto" or (not way and _PLAINTEXT.search(style)):
            way = _first_strong(text, at)
        if (name == "bdo" or _BIDI_OVERRIDE.search(style)) and way:
            return ("\u202e" if way == "rtl" else "\u202d"), "\u202c"
        return {"rtl": ("\u2067", "\u2069"), "ltr": ("\u2066", "\u2069")}.get(way, ("", ""))

    def _ended(self, name: str) -> str:
        if not self.depth.get(name):
            return ""  # (an end tag no start opened: nothing to a browser)
        ends = []
        while True:
            opened, _, end = self.open.pop()
            self.controls.pop()
            self.depth[opened] -= 1
            ends.append(end)
            if opened == name:
                return "".join(ends)


def _directed(text: str) -> tuple[str, list[str]]:
    """The text with each HTML element's direction control after its start tag (before
    its end tag's), a tag across lines on one (its line breaks after it: each line's
    text stays on its line); and the controls open at each line's start."""
    elements = _Elements()
    pieces: list[str] = []
    starts = [""]
    pos = 0
    for m in _TAG.finditer(text):
        before = text[pos : m.start()]
        starts += [elements.opened()] * before.count("\n")
        control = elements.tag(m, text)
        tag = m.group()
        breaks = tag.count("\n")
        if breaks:
            tag = tag.replace("\n", " ").replace("\r", " ")
        pieces += [before, control + tag if m.group(1) else tag + control, "\n" * breaks]
        starts += [elements.opened()] * breaks
        pos = m.end()
    pieces.append(text[pos:])
    starts += [elements.opened()] * text.count("\n", pos)
    return "".join(pieces), starts


def directed(text: str) -> str:
    """The text with each HTML element's direction a control beside its tags (see
    _directed): what a reading that takes tags out keeps of them. Lines as they were."""
    return _directed(text)[0] if _HINT.search(text) else text


_REFERENCE = lazyre.compile(r"&(?:(?:rlm|lrm);|#0*[0-9]{1,7};?|#[xX]0*[0-9a-fA-F]{1,6};?)")
_BIDI_KINDS = frozenset({"R", "AL", "AN", "RLE", "RLO", "RLI", "FSI", "LRE", "LRO", "LRI"})


def _marks_decoded(text: str) -> str:
    """The text with each character reference to a right-to-left letter or a direction
    control decoded (what hides an element's text out leaves it to be read)."""
    import html
    import unicodedata

    def one(m: re.Match[str]) -> str:
        c = html.unescape(m.group())
        kind = unicodedata.bidirectional(c) if len(c) == 1 else ""
        return c if kind in _BIDI_KINDS or c in "\u200e\u200f\u202c\u2069" else m.group()

    return _REFERENCE.sub(one, text) if "&" in text else text


def shown_directed(text: str, seen: Callable[[str], str]) -> str:
    """What a reading that leaves out what may be hidden (`seen`: same length, blanks
    out) keeps of the text, with each element's direction a control beside its tags
    (directed) and every right-to-left letter and direction control kept where it
    stood: an element a style may hide is drawn all the same (`<span
    style="color:red">&rlm;</span>` reorders the line around it)."""
    if _HINT.search(text) is None:
        return seen(text)
    marked = _marks_decoded(directed(text))
    shown = seen(marked)
    if len(shown) != len(marked):
        return shown
    out = list(shown)
    for m in _RTL.finditer(marked):
        out[m.start()] = m.group()
    return "".join(out)


def open_at(page: str) -> list[str] | None:
    """The runs HTML's elements hold open at the start of each line of a page (an
    earlier line's `<div dir="rtl">` around markdown): what a paragraph of the page read
    apart from it is drawn in; None where no line starts inside one."""
    if _HINT.search(page) is None:
        return None
    _, starts = _directed(page)
    return starts if any(starts) else None


def drawn_lines(lines: list[str], opened_at: list[str] | None = None) -> list[str | None] | None:
    """These lines (markdown or HTML) as a browser draws them, left to right: markup out
    and entities decoded (gate.reading.reader, nothing folded: the reader's view of it
    folds it), each paragraph (the lines up to a blank one or a block's start, joined by
    a space as a browser joins them) in the order the algorithm draws it, each line a
    `<br>` ends apart, at the paragraph's first line, its other lines empty; None for a
    paragraph drawn as written, and None for all where none is drawn otherwise. A
    paragraph is drawn inside the elements open before it (`<div dir="rtl">` on a line
    of its own), or (`opened_at`: open_at() of the page these lines are of, line for
    line) inside what the page opens before it."""
    text = "\n".join(lines)
    if _HINT.search(text) is None and not (opened_at and any(opened_at)):
        return None
    from receipt_gate.reading.reader import reader_view

    directed, starts = _directed(text)
    if opened_at is None or len(opened_at) != len(lines):
        opened_at = starts
    raw = reader_view(directed, raw=True).text.split("\n")
    if len(raw) != len(lines) or len(opened_at) != len(lines):
        return None
    from bidi import get_display

    out: list[str | None] = [None] * len(raw)
    i = 0
    while i < len(raw):
        j = i + 1
        while j < len(raw) and raw[j - 1].strip() and raw[j].strip():
            if _BLOCK_START.match(lines[j]):
                break
            j += 1
        whole = opened_at[i] + " ".join(raw[i:j])
        if opened_at[i] or _RTL.search(whole):
            lines_of = whole.split("\u2028")  # (a `<br>`'s lines, each drawn apart)
            drawn = [str(get_display(line, base_dir="L")) for line in lines_of]
            if drawn != lines_of:
                out[i:j] = [" ".join(drawn)] + [""] * (j - i - 1)
        i = j
    return out if any(d is not None for d in out) else None
