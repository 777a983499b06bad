"""The text as a reader sees it: what a banned phrase is matched on.

An agent (or a careless paste) can hide a phrase from a plain regular expression
without hiding it from a reader: `game **changer**`, `game&nbsp;changer`, a zero-width
space inside a word, a Cyrillic a (U+0430) for a Latin one (Unicode's confusables data).
reader_view() undoes exactly those, and keeps the way back to the written offsets, so a
finding points at the draft.
"""

from __future__ import annotations

import functools
import re
from typing import NamedTuple

from receipt_gate.base import lazyre

# Autolinks (a reader sees what they hold), then raw HTML as CommonMark reads it inline:
# tags with their attributes, comments, processing instructions, declarations, CDATA
# (declarations as cmark-gfm reads them: an upper-case name; `<!in conclusion>` is text
# on GitHub). Here each is one line at most, and bounded: gate.reading.prose has already
# taken out what spans lines inside one block (a comment, as the block's own), and the
# view is of many blocks joined, where a "tag" from one block into the next is text.
# (Bounded, an opening never closed costs a few hundred steps, not the rest of the text.)
_AUTOLINKS = (
    r"<[a-zA-Z][a-zA-Z0-9+.-]{1,31}:[^<>\x00-\x20]*>|<[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@"
    r"[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?"
    r"(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*>"
)
_RAW_HTML = (
    r"<!-->|<!--->|<!--(?!-?>)(?:[^-\n]|-(?!-)){0,100}?-->|</[A-Za-z][A-Za-z0-9-]*[ \t]*>"
    r"|<[A-Za-z][A-Za-z0-9-]*(?:[ \t]+[A-Za-z_:][A-Za-z0-9_.:-]*"
    r"(?:[ \t]*=[ \t]*(?:[^ \t\r\n\"'=<>`]+|'[^'\n]{0,500}'|\"[^\"\n]{0,500}\"))?)*"
    r"[ \t]*/?>"
    r"|<\?[^\n]{0,100}?\?>|<![A-Z]+[ \t][^>\n]{0,100}>|<!\[CDATA\[[^\n]{0,100}?\]\]>"
)
OPAQUE = lazyre.compile(f"{_AUTOLINKS}|{_RAW_HTML}")
# Inside one block (no blank line in it): raw HTML that spans lines, for gate.reading.prose.
_W = r"(?:[ \t]+\n?[ \t]*|\n[ \t]*)"
BLOCK_HTML = lazyre.compile(
    rf"</[A-Za-z][A-Za-z0-9-]*{_W}?>|<[A-Za-z][A-Za-z0-9-]*(?:{_W}[A-Za-z_:][A-Za-z0-9_.:-]*"
    rf"(?:{_W}?={_W}?(?:[^ \t\r\n\"'=<>`]+|'[^']{{0,1000}}'|\"[^\"]{{0,1000}}\"))?)*{_W}?/?>"
    r"|<\?[\s\S]{0,200}?\?>|<![A-Z]+\s[^>]{0,200}>|<!\[CDATA\[[\s\S]{0,200}?\]\]>"
)
# The names HTML reads without their semicolon (`In&nbspconclusion` is "In conclusion"
# in a browser, in raw HTML a generator passes through), longest first, and numeric
# references without one (`&#73n`).
_LEGACY = (
    "Aacute|Agrave|Atilde|Ccedil|Eacute|Egrave|Iacute|Igrave|Ntilde|Oacute|"
    "Ograve|Oslash|Otilde|Uacute|Ugrave|Yacute|aacute|agrave|atilde|brvbar|"
    "ccedil|curren|divide|eacute|egrave|frac12|frac14|frac34|iacute|igrave|"
    "iquest|middot|ntilde|oacute|ograve|oslash|otilde|plusmn|uacute|ugrave|"
    "yacute|AElig|Acirc|Aring|Ecirc|Icirc|Ocirc|THORN|Ucirc|acirc|acute|"
    "aelig|aring|cedil|ecirc|icirc|iexcl|laquo|micro|ocirc|pound|raquo|"
    "szlig|thorn|times|ucirc|Auml|COPY|Euml|Iuml|Ouml|QUOT|Uuml|auml|cent|"
    "copy|euml|iuml|macr|nbsp|ordf|ordm|ouml|para|quot|sect|sup1|sup2|sup3|"
    "uuml|yuml|AMP|ETH|REG|amp|deg|eth|not|reg|shy|uml|yen|GT|LT|gt|lt"
)
_SPECIAL = lazyre.compile(
    r"&(?:#0*[0-9]{1,7};?|#[xX]0*[0-9a-fA-F]{1,6};?|[A-Za-z][A-Za-z0-9]{1,31};"
    f"|(?:{_LEGACY}))"
    f"|(?P<auto>{_AUTOLINKS})|{_RAW_HTML}|[*_~]+"
    r"|\\[!-/:-@\[-`{-~]|\\(?=\n)|\x00+|[^\x00-\x7f]+"
)


# Unicode's Default_Ignorable_Code_Point that are not format characters (category Cf,
# dropped too): fonts draw them as nothing.
_IGNORABLE = (
    (0x034F, 0x034F),
    (0x17B4, 0x17B5),
    (0x180B, 0x180F),
    (0x2060, 0x206F),
    (0xFE00, 0xFE0F),
    (0xFFF0, 0xFFF8),
    (0x1BCA0, 0x1BCA3),
    (0x1D173, 0x1D17A),
    (0xE0000, 0xE0FFF),
)
# Fillers a font draws as a blank the width of a letter: read as spaces. The two Arabic
# ligatures of a whole phrase NFKC makes long (U+FDFA: eighteen characters, U+FDFB:
# eight; a page of them was a million characters to read) as their phrase's first
# letter: no Latin letter or digit is in them, and a quote and the draft are folded
# alike. The trade and service marks as a mark, not NFKC's letters glued to the word
# before them (round 82: `model\u2122` was the word `modelTM`).
_BEFORE_NFKD = str.maketrans(
    {
        **dict.fromkeys("\u115f\u1160\u3164\uffa0\u2800", " "),
        **dict.fromkeys("\u2122\u2120", "\u00ae"),
        "\ufdfa": "\u0635",
        "\ufdfb": "\u062c",
    }
)


def _invisible(c: str) -> bool:
    """A character a reader does not see: a format character (zero-width space and
    joiners, direction marks, soft hyphen, tags), a variation selector, the other
    default-ignorable code points, a combining mark (an accent or an overlay on a
    letter, a circle or keycap around it: a phrase is matched on its letters)."""
    import unicodedata

    o = ord(c)
    kind = unicodedata.category(c)
    return kind in ("Cf", "Mn", "Me") or any(lo <= o <= hi for lo, hi in _IGNORABLE)


def fold(text: str) -> str:
    """Non-ASCII text as a reader reads it: blank fillers read as spaces, invisible
    characters and combining marks dropped, NFKC, and lookalikes folded to Latin
    (Unicode's confusables data, gate.reading.confusables)."""
    if text.isascii():
        return text
    if len(text) <= 4:  # (the reader's view folds a page's few characters again and
        # again: one word of 30,000 stand-ins folded each one anew)
        return _folded_short(text)
    return _folded(text)


@functools.lru_cache(maxsize=4096)
def _folded_short(text: str) -> str:
    return _folded(text)


def _folded(text: str) -> str:
    import unicodedata

    from receipt_gate.reading.confusables import before_normalizing, table

    # (look-alikes folded first too: NFKD turns one the data names into one it does not,
    # U+03F2 into a final sigma; round 68)
    parts = unicodedata.normalize(
        "NFKD", text.translate(_BEFORE_NFKD).translate(before_normalizing())
    )
    # (each distinct character judged once, the text cut in C: a page of one character
    # that decomposes into 18 is a million characters)
    drop = {ord(c): None for c in set(parts) if not c.isascii() and _invisible(c)}
    seen = parts.translate(drop) if drop else parts
    return unicodedata.normalize("NFKC", seen).translate(table())


# Tags a browser shows a break at: a block's start or end (a heading, a cell, a summary:
# `<h2>In conclusion</h2>the` is two lines), a replaced element, a raised or lowered
# run (`conclusion<sup>1</sup>`); not an inline run inside a word (`con<b>clu</b>sion`).
_TAG_GAP = lazyre.compile(
    r"</?(?:h[1-6]|p|div|li|ul|ol|dl|dt|dd|table|thead|tbody|tfoot|tr|td|th|caption"
    r"|details|summary|section|article|aside|header|footer|nav|main|figure|figcaption"
    r"|blockquote|pre|hr|br|form|fieldset|legend|address|option|optgroup|select|button"
    r"|input|textarea|img|video|audio|canvas|object|embed|iframe|svg|math|sup|sub|center"
    r"|dialog|hgroup|menu|search|mspace|mtd|mtr)\b[^>]*>",
    re.IGNORECASE,
)


# What shows nothing although it is such a tag: a hidden input, media without controls
# (and an element closed at once: `con<sub></sub>clusion`, above).
_NO_GAP = lazyre.compile(
    r"(?is)<input\b[^>]*\btype\s*=\s*[\"']?hidden|<(?:audio|video)\b(?![^>]*"
    r"\bcontrols\b)"
)


def shows_break(tag: str, text: str, start: int, end: int) -> bool:
    """Does a browser show a break at this tag (see _TAG_GAP, _NO_GAP)? An element
    closed at once (`<sub></sub>`) shows none."""
    if not _TAG_GAP.fullmatch(tag) or _NO_GAP.match(tag):
        return False
    if tag[1] != "/":  # (MathML's `<mspace>` draws its width empty: round 64)
        return not text.startswith("</", end) or tag[1:7].lower() == "mspace"
    name = re.match(r"</([A-Za-z][A-Za-z0-9-]*)", tag)
    if name is None or name.group(1).lower() in ("audio", "video"):
        return False
    return (
        re.search(rf"<{name.group(1)}\b[^<>]*>\Z", text[max(0, start - 500) : start], re.IGNORECASE)
        is None
    )


def _unbroken(text: str) -> str:  # (`&#10;` a browser shows as a space: lines kept)
    return text.replace("\r", " ").replace("\n", " ")


class View(NamedTuple):
    """Text as a reader sees it, and the way back to the text as written."""

    text: str
    # (offset in text where a change ends, how far the written text is ahead there)
    shifts: list[tuple[int, int]]

    def written(self, offset: int) -> int:
        """The offset in the written text of the character at `offset` in the view."""
        import bisect

        i = bisect.bisect_right(self.shifts, (offset, float("inf")))
        return offset + (self.shifts[i - 1][1] if i else 0)


def reader_view(text: str, exact: bool = False, raw: bool = False) -> View:
    """The text with markup a reader does not see taken out (emphasis and strike marks,
    inline HTML tags and comments, backslash escapes and hard-break backslashes),
    entities decoded (`&nbsp;` is a space, `&#8203;` nothing), invisible characters
    dropped (zero-width spaces, direction marks, soft hyphens, variation selectors),
    NFKC, and lookalike letters and apostrophes folded: what a banned phrase is matched
    on. Every `*`, `_` and `~` is dropped (a stray mark inside a phrase hides nothing
    from the match); with `exact`, only the marks gate.reading.prose found to be
    emphasis (it puts a NUL in their place): `5_6_78` and `foo_bar_` as a reader sees
    them, for words and numbers. `raw`: nothing folded, and an entity's line break a
    space (gate.reading.direction reads its lines' order)."""
    if text.isascii() and not any(c in text for c in "&*_~<\\\x00"):
        return View(text, [])
    import html

    pieces: list[str] = []
    shifts: list[tuple[int, int]] = []
    pos = out = 0
    for m in _SPECIAL.finditer(text):
        got = m.group()
        if got[0] == "&":
            repl = html.unescape(got)
            repl = " " if repl == "\xa0" else _unbroken(repl) if raw else fold(repl)
        elif m.lastgroup == "auto":
            repl = got[1:-1]  # an autolink shows what it holds
        elif got.startswith("<!--"):
            repl = ""  # a comment inside a word: the reader sees the word whole
        elif got[0] == "<":
            repl = " " if shows_break(got, text, m.start(), m.end()) else ""
        elif got[0] in "*_~":
            repl = got if exact else ""
        elif got[0] == "\x00":
            repl = ""  # a comment inline (gate.reading.prose fills it so)
        elif got[0] == "\\":
            repl = got[1:]  # an escape shows the character; a hard break, a line break
        else:
            repl = got if raw else fold(got)
        if repl == got:
            continue
        pieces.append(text[pos : m.start()])
        out += m.start() - pos
        pieces.append(repl)
        out += len(repl)
        pos = m.end()
        shifts.append((out, pos - out))
    pieces.append(text[pos:])
    return View("".join(pieces), shifts)
