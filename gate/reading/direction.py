"""Text in the order a browser draws it: the Unicode bidirectional algorithm (UAX #9).

A right-to-left letter, an Arabic digit, a direction mark, an embedding or an isolate,
and HTML's `dir` attribute (and `<bdi>`, `<bdo>`, CSS's `direction`), draw a line's
pieces in another order than they are written: inside a right-to-left isolate,
`conclusion &rlm; In` is drawn "In conclusion", a title's `6&rlm;7` is drawn 76, a
quote's `ninth&#x61c; of May` "of May ninth" (round 75; in a left-to-right line too:
`&rlm;6&rlm;7` is 76). No override is needed, and no mark a reader sees.

drawn_lines() reads each paragraph as the reader's view does (gate.reading.reader:
markup out, entities decoded), each HTML element's direction a control beside its tags
(_directed), in the order the algorithm draws it, left to right, as a reader of Latin
words and digits reads them. The algorithm is python-bidi's (the unicode-bidi crate's
UAX #9, isolates and bracket pairs included): its rules are many and exact, and a
browser follows them to the letter. It is imported only for a paragraph that holds
something drawn right to left; may_reorder() says cheaply where none can be.
"""

from __future__ import annotations

import functools
import html
import re
import unicodedata
from collections.abc import Callable

from receipt_gate.base import lazyre
from receipt_gate.reading.drawn import ATTRIBUTE, css_unescaped
from receipt_gate.reading.visible import HTML_TAG

# What draws right to left (or may): Unicode's blocks of right-to-left scripts and
# Arabic digits, the direction marks and controls.
_RTL_CHARS = (
    "\u0590-\u08ff\u200f\u202a-\u202e\u2066-\u2069\ufb1d-\ufdff\ufe70-\ufefe"
    "\U00010800-\U00010fff\U0001e800-\U0001efff"
)
_RTL = lazyre.compile(f"[{_RTL_CHARS}]")
# In markup: `dir`, `<bdi>`, `<bdo>`, a style's direction, a reference to such a character.
_DIR_MARKUP = lazyre.compile(r"(?ai)\bdir\s*=|<bd[io]\b")
_STYLE = lazyre.compile(r"(?ai)\bstyle\s*=")
_STYLE_WORDS = lazyre.compile(r"(?ai)direction|bidi|\\")
_REFERENCE = lazyre.compile(r"&(?:(?:rlm|lrm);|#0*[0-9]{1,7};?|#[xX]0*[0-9a-fA-F]{1,6};?)")
_BIDI_KINDS = frozenset({"R", "AL", "AN", "RLE", "RLO", "RLI", "FSI", "LRE", "LRO", "LRI"})
# (a line a `<br>` ends: a noncharacter no text holds, each piece drawn apart)
_BREAK = "\ufdd0"
# A line that starts a block of its own in markdown, the line before it a paragraph's (an
# ATX heading, a list item, a block quote, a fence, an HTML block's tag): not drawn with
# it.
_BLOCK_START = lazyre.compile(
    r"\s{0,3}(?:#{1,6}(?:[ \t]|$)|>|[-*+][ \t]+\S|1[.)][ \t]+\S|```|~~~|<(?:!--|\?|![A-Z]"
    r"|script|pre|style|textarea)|</?(?:address|article|aside|base|basefont|blockquote|body"
    r"|caption|center|col|colgroup|dd|details|dialog|dir|div|dl|dt|fieldset|figcaption"
    r"|figure|footer|form|frame|frameset|h[1-6]|head|header|hr|html|iframe|legend|li|link"
    r"|main|menu|menuitem|nav|noframes|ol|optgroup|option|p|param|search|section|summary"
    r"|table|tbody|td|tfoot|th|thead|title|tr|track|ul)(?=[\s/>]|$))",
    re.IGNORECASE,
)
# A paragraph drawn right to left: inside a block that is, or a block's start tag that
# says so (an inline element's does not: its paragraph is left to right).
_RTL_OPENERS = ("\u2067", "\u202b", "\u202e")
_RTL_BLOCK = lazyre.compile(
    r"(?i)\s*<(?:p|div|h[1-6]|li|blockquote|section|article|aside|td|th|dd|dt|main|body)"
    r"\b[^>]*\bdir\s*=\s*[\"']?\s*rtl"
)
_BIDI_OVERRIDE = lazyre.compile(r"(?i)(?<![\w-])unicode-bidi\s*:\s*[\w-]*override")
_PLAINTEXT = lazyre.compile(r"(?i)(?<![\w-])unicode-bidi\s*:\s*plaintext")
_CSS_COMMENT = lazyre.compile(r"/\*.*?(?:\*/|\Z)", re.DOTALL)
_VOID = frozenset(
    "area base br col embed hr img input link meta source track wbr param keygen".split()
)
# The starts that end an open paragraph (HTML's "close a p element").
_ENDS_A_P = frozenset(
    "address article aside blockquote details dialog div dl fieldset figcaption figure"
    " footer form h1 h2 h3 h4 h5 h6 header hgroup hr main menu nav ol p pre search section"
    " table ul".split()
)
# Elements that may hold markdown's paragraphs (an HTML block around them): the rest
# are closed where a paragraph ends.
_HOLDS_BLOCKS = _ENDS_A_P - {"p", "h1", "h2", "h3", "h4", "h5", "h6", "hr", "pre"} | {
    "li",
    "td",
    "th",
    "tr",
    "tbody",
    "thead",
    "tfoot",
    "dd",
    "dt",
    "body",
    "html",
}
# What `dir="auto"` does not look into for its first strong letter (HTML's rule).
_AUTO_SKIPS = frozenset({"bdi", "script", "style", "textarea"})
_AUTO_LOOKS = 100_000  # (characters an element of its own direction is read for)


def may_reorder(text: str) -> bool:
    """Might a browser draw some of this text in another order than it is written? (A
    right-to-left letter or control, a reference to one, `dir`, `<bdi>`, `<bdo>`, a
    style that may name a direction.)"""
    if not text.isascii() and _RTL.search(text) is not None:
        return True
    # (substrings first: every page is asked, most hold none of these words)
    low = text.lower()
    if ("dir" in low or "<bd" in low) and _DIR_MARKUP.search(text) is not None:
        return True
    if "&" in text and any(_stands_for_a_mark(m) for m in _REFERENCE.finditer(text)):
        return True
    return (
        "style" in low and _STYLE.search(text) is not None and _STYLE_WORDS.search(text) is not None
    )


def _stands_for_a_mark(m: re.Match[str]) -> bool:
    c = html.unescape(m.group())
    return len(c) == 1 and (unicodedata.bidirectional(c) in _BIDI_KINDS or c in "\u200e\u200f")


def _css(value: str) -> str:
    """A style's text as CSS reads it: comments out, escapes read (`direction:\72tl`)."""
    return css_unescaped(_CSS_COMMENT.sub("", value))


def _attributes(inside: str) -> dict[str, str]:
    """A tag's attributes as HTML reads them: the first of a name counts, its value's
    character references decoded."""
    out: dict[str, str] = {}
    if not inside or inside.isspace():
        return out
    for a in ATTRIBUTE.finditer(inside):
        value = next((v for v in a.group(2, 3, 4) if v), "")
        out.setdefault(a.group(1).lower(), html.unescape(value))
    return out


def _strong(text: str) -> str:
    """The direction of the first strong letter of a text (its references decoded)."""
    for c in html.unescape(text) if "&" in text else text:
        kind = unicodedata.bidirectional(c)
        if kind in ("R", "AL"):
            return "rtl"
        if kind == "L":
            return "ltr"
    return ""


def _first_strong(text: str, at: int, name: str) -> str:
    """The direction an element of its own direction takes (`dir="auto"`, `<bdi>`), as
    HTML finds it: its first strong letter, up to its end tag, not looking into an
    element with a `dir` of its own, a `bdi`, a script, a style or a text area (hidden
    or not: passed over whole, _ends; one never ended holds all the rest); `ltr` where
    there is none."""
    depth, pos = 0, at
    m = _TAGS.search(text, at)
    while m is not None:
        if m.start() - at > _AUTO_LOOKS:
            return "ltr"
        found = _strong(text[pos : m.start()])
        if found:
            return found
        pos = m.end()
        closing, tag = m.group(1), m.group(2).lower()
        if closing and tag == name and not depth:
            return "ltr"
        if (
            tag not in _VOID
            and not closing
            and (tag in _AUTO_SKIPS or "dir" in _attributes(m.group(3)))
        ):
            pos = _ends(text).get(m.start(), -1)  # (its own end and all within: one step)
            if pos < 0:
                return "ltr"
        elif tag not in _VOID and tag == name:
            depth += -1 if closing else 1
        m = _TAGS.search(text, pos)
    return _strong(text[pos : at + _AUTO_LOOKS]) or "ltr"


@functools.lru_cache(maxsize=4)
def _ends(text: str) -> dict[int, int]:
    """Where each element's start tag (by its offset) ends with its end tag, end tags
    matched to starts by name (-1: never ended): read once for every element of a page
    (a page of 8,000 `<bdi>` never ended was read for each one to its end: 80 s)."""
    ends: dict[int, int] = {}
    starts: dict[str, list[int]] = {}
    for m in _TAGS.finditer(text):
        tag = m.group(2).lower()
        if tag in _VOID:
            continue
        opened = starts.setdefault(tag, [])
        if not m.group(1):
            opened.append(m.start())
        elif opened:
            ends[opened.pop()] = m.end()
    return ends


# A tag: as HTML's tokenizer reads one (gate.reading.visible), ended by `>`.
_TAGS = HTML_TAG


class _Elements:
    """The direction controls HTML's elements stand for (`<span dir="rtl">` an isolate,
    `<bdo dir="rtl">` an override, `<bdi>` and `dir="auto"` an isolate of their first
    strong letter's direction, a style's `direction` one too), each element's end matched
    to its start by name (an inner `</span>` ends the inner element, not the isolate
    around it; a `<p>` left open ends where a block starts, an inline element where its
    markdown paragraph does; `/>` ends no element HTML does not make void)."""

    def __init__(self) -> None:
        self.open: list[tuple[str, str, str]] = []  # (name, its start's control, its end's)
        self.depth: dict[str, int] = {}
        self.controls = [""]  # (what the elements open hold open, at each depth)

    def opened(self) -> str:
        """The controls of the elements open now (what a new paragraph is drawn in; no
        more than UAX #9's 125 levels)."""
        return self.controls[-1]

    def paragraph_ended(self) -> None:
        """A markdown paragraph's end: the inline elements open in it are closed."""
        while self.open and self.open[-1][0] not in _HOLDS_BLOCKS:
            self._pop()

    def tag(self, m: re.Match[str], text: str) -> str:
        """The controls this tag stands for where it stands."""
        closing, name = m.group(1), m.group(2).lower()
        if name == "br":  # (`</br>` too, as HTML reads it)
            return _BREAK + self.opened()  # (a line break: each line drawn apart)
        if closing:
            return self._ended(name)
        if name in _VOID:
            return ""
        ended = self._ended("p") if name in _ENDS_A_P and self.depth.get("p") else ""
        start, end = _controls(name, _attributes(m.group(3)), text, m.end())
        self.open.append((name, start, end))
        self.controls.append((self.controls[-1] + start)[:125])
        self.depth[name] = self.depth.get(name, 0) + 1
        return ended + start

    def _pop(self) -> str:
        opened, _, end = self.open.pop()
        self.controls.pop()
        self.depth[opened] -= 1
        return end

    def _ended(self, name: str) -> str:
        if not self.depth.get(name):
            return ""  # (an end tag no start opened: nothing to a browser)
        ends = []
        while True:
            opened = self.open[-1][0]
            ends.append(self._pop())
            if opened == name:
                return "".join(ends)


def _controls(name: str, attrs: dict[str, str], text: str, at: int) -> tuple[str, str]:
    """The controls an element's start and end stand for: its direction (a style's over
    its `dir`: the author's over the browser's), an isolate (an override for `<bdo>` or
    a style's `unicode-bidi: ...override`), none where it sets none."""
    style = _css(attrs["style"]) if "style" in attrs else ""
    css = _css_direction(style) if style else ""
    way = attrs.get("dir", "").strip().lower()
    if css:
        way = css
    elif way not in ("rtl", "ltr", "auto"):
        way = "auto" if name == "bdi" or _PLAINTEXT.search(style) else ""
    if way == "auto":
        way = _first_strong(text, at, name)
    if (name == "bdo" or _BIDI_OVERRIDE.search(style)) and way:
        return ("\u202e" if way == "rtl" else "\u202d"), "\u202c"
    return {"rtl": ("\u2067", "\u2069"), "ltr": ("\u2066", "\u2069")}.get(way, ("", ""))


_CSS_STRING_VALUE = lazyre.compile(r"\"[^\"]*(?:\"|\Z)|'[^']*(?:'|\Z)")
_IMPORTANT = lazyre.compile(r"(?i)!\s*important\s*\Z")


def _css_direction(style: str) -> str:
    """The `direction` an inline style gives, as CSS reads its declarations: a valid
    value alone (`ltr-x` is none), not a word in a string, an `!important` one over
    the rest, the last of equals."""
    normal = important = ""
    for declaration in _CSS_STRING_VALUE.sub('""', style).split(";"):
        name, _, value = declaration.partition(":")
        if name.strip().lower() != "direction":
            continue
        marked = _IMPORTANT.search(value)
        word = value[: marked.start()] if marked else value
        if word.strip().lower() in ("rtl", "ltr"):
            if marked:
                important = word.strip().lower()
            else:
                normal = word.strip().lower()
    return important or normal


_BLANK_LINE = lazyre.compile(r"\n[ \t]*(?=\n)")


@functools.lru_cache(maxsize=8)
def _directed(text: str, bare: bool = False) -> tuple[str, list[str]]:
    """The text with each HTML element's direction control after its start tag (before
    its end tag's), each tag as its name alone on one line (its line breaks after it:
    each line's text stays on its line), tags looked for where markdown reads them (not in code,
    comments, front matter); and the controls the elements hold open at each line's
    start. The last few texts' are kept (a page's readings, kept and not, and what it
    opens before each line read it once): no caller changes what it gives."""
    from receipt_gate.reading.masking import without_code

    masked = without_code(text) if "<" in text else text
    elements = _Elements()
    pieces: list[str] = []
    starts = [""]
    pos = 0
    for m in _TAGS.finditer(masked):
        tag = text[m.start() : m.end()]
        if not tag.endswith(">") or _BLANK_LINE.search(tag):
            continue  # (no tag: text to markdown)
        starts += _line_starts(masked[pos : m.start()], elements)
        pieces.append(_broken(text[pos : m.start()], elements))
        control = elements.tag(m, masked)
        breaks = tag.count("\n")
        # (for the reader's view, the tag as its name alone: what HTML read as one tag it
        # takes out whole, whatever its attributes hold, `<span a<b dir="rtl">`; else on
        # one line, its attributes read by what judges what it hides)
        tag = f"<{m.group(1)}{m.group(2)}>" if bare else tag.replace("\n", " ").replace("\r", " ")
        pieces += [control + tag if m.group(1) else tag + control, "\n" * breaks]
        starts += [elements.opened()] * breaks
        pos = m.end()
    starts += _line_starts(masked[pos:], elements)
    pieces.append(_broken(text[pos:], elements))
    return "".join(pieces), starts


def _broken(between: str, elements: _Elements) -> str:
    """Text between tags with each line or paragraph separator a line break, as a
    `<br>` is (the elements open drawn on after it)."""
    if "\u2028" not in between and "\u2029" not in between:
        return between
    return re.sub("[\u2028\u2029]", lambda _: _BREAK + elements.opened(), between)


def _line_starts(between: str, elements: _Elements) -> list[str]:
    """What the elements hold open at each line start in text between tags (a blank
    line ends a markdown paragraph, and its inline elements)."""
    out = []
    lines = between.split("\n")
    for n, line in enumerate(lines[1:], 1):
        if not line.strip() or not lines[n - 1].strip():
            elements.paragraph_ended()
        out.append(elements.opened())
    return out


def directed(text: str) -> str:
    """The text with each HTML element's direction a control beside its tags (see
    _directed): what a reading that takes tags out keeps of them. Lines as they were."""
    return _directed(text)[0] if may_reorder(text) else text


def _marks_decoded(text: str) -> str:
    """The text with each character reference to a right-to-left letter or a direction
    control decoded (what hides an element's text out leaves it to be read)."""

    def one(m: re.Match[str]) -> str:
        return html.unescape(m.group()) if _stands_for_a_mark(m) else m.group()

    return _REFERENCE.sub(one, text) if "&" in text else text


def shown_directed(text: str, seen: Callable[[str], str], kept: bool) -> str:
    """What a reading that leaves out what may be hidden (`seen`: same length, blanks
    out) keeps of the text, with each element's direction a control beside its tags
    (directed); `kept`: every right-to-left letter and direction control kept where it
    stood (an element a style may hide is drawn all the same: `<span
    style="color:red">&rlm;</span>` reorders the line around it; one surely hidden is
    not: read both ways)."""
    if not may_reorder(text):
        return seen(text)
    marked = _marks_decoded(directed(text))
    shown = seen(marked)
    if not kept or len(shown) != len(marked):
        return shown
    out = list(shown)
    for m in _RTL.finditer(marked):
        out[m.start()] = m.group()
    return "".join(out)


def open_at(page: str) -> list[str] | None:
    """The runs HTML's elements hold open at the start of each line of a page (an
    earlier line's `<div dir="rtl">` around markdown): what a paragraph of the page read
    apart from it is drawn in; None where no line starts inside one."""
    if not may_reorder(page):
        return None
    _, starts = _directed(page)
    return starts if any(starts) else None


def drawn_lines(lines: list[str], opened_at: list[str] | None = None) -> list[str | None] | None:
    """These lines (markdown or HTML) as a browser draws them, left to right: markup out
    and entities decoded (gate.reading.reader, nothing folded: the reader's view of it
    folds it), each paragraph (the lines up to a blank one or a block's start, joined by
    a space as a browser joins them) in the order the algorithm draws it, each line a
    `<br>` ends apart (joined by a space in a left-to-right paragraph, apart in a
    right-to-left one), at the paragraph's first line, its other lines empty; None for
    a paragraph drawn as written, and None for all where none is drawn otherwise. A
    paragraph is drawn inside the elements open before it (`<div dir="rtl">` on a line
    of its own), or (`opened_at`: open_at() of the page these lines are of, line for
    line) inside what the page opens before it."""
    text = "\n".join(lines)
    if not may_reorder(text) and not (opened_at and any(opened_at)):
        return None
    from receipt_gate.reading.reader import reader_view

    directed_text, starts = _directed(text.replace(_BREAK, " "), bare=True)
    if opened_at is None or len(opened_at) != len(lines):
        opened_at = starts
    raw = reader_view(directed_text, raw=True).text.split("\n")
    if len(raw) != len(lines) or len(opened_at) != len(lines):
        return None
    out: list[str | None] = [None] * len(raw)
    i = 0
    while i < len(raw):
        j = i + 1
        while j < len(raw) and lines[j - 1].strip() and lines[j].strip():
            if _BLOCK_START.match(lines[j]):
                break
            j += 1
        whole = opened_at[i] + " ".join(raw[i:j])
        if opened_at[i] or _RTL.search(whole):
            rtl = opened_at[i][:1] in _RTL_OPENERS or bool(_RTL_BLOCK.match(lines[i]))
            drawn = _drawn(whole, rtl)
            if drawn is not None:
                out[i:j] = [drawn] + [""] * (j - i - 1)
        i = j
    return out if any(d is not None for d in out) else None


@functools.lru_cache(maxsize=256)  # (a page's paragraphs alike are drawn once)
def _drawn(paragraph: str, rtl: bool) -> str | None:
    """A paragraph as drawn (each `<br>` line apart: joined by a space where the
    paragraph is left to right, a reader going on at the next line's left; apart in a
    right-to-left one), or None where drawn as written."""
    from bidi import get_display

    pieces = paragraph.split(_BREAK)
    drawn = [str(get_display(piece, base_dir="L")) for piece in pieces]
    if drawn == pieces:
        return None
    return (" \ufdd1 " if rtl else " ").join(drawn)  # (a noncharacter: no word joins it)
