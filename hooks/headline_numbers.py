"""headline-numbers: no number the draft cites appears in a title of ours and in no body.

Titles are the accused, bodies decide, nothing else is corpus. Opaque tokens (URLs,
paths, at:// URIs, DIDs, UUIDs, timestamps, dates, clock times, file names, hex and
base32 runs, issue references like #21, template and HTML tags) are blanked before
matching, and a number counts only as a whole token. A version (3.6.0, v3.6) is a
token of its own: in a body it supports itself and its major.minor (3.6.0 supports a
title's 3.6). README's headline-numbers section gives the reason for each rule.
"""

from __future__ import annotations

import bisect
import json
import re
import unicodedata
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from receipt_gate import DOCS, GateError
from receipt_gate.base import lazyre
from receipt_gate.base.text import Draft
from receipt_gate.checks import Finding, Outcome
from receipt_gate.reading.direction import (
    directed,
    drawn_lines,
    may_reorder,
    open_at,
    shown_directed,
)

if TYPE_CHECKING:
    from receipt_gate.reading.literals import Engine
    from receipt_gate.rules.corpus import Pages

name = "headline-numbers"
version = 28
deterministic = True
# Where SARIF and code scanning point.
help_uri = DOCS + "checks.md#headline-numbers-numbers-that-live-only-in-a-headline"
required_by_default = True
settings = {"articles": ("posts/**/*.md",), "title_fields": ("title",), "suppressions": True}
kinds = {"articles": "globs"}
# Titles are the accused, bodies decide: the published articles are the corpus, and a
# receipt fingerprints, of it, only what its verdict read (the numbers the draft cites).
corpus = ("articles",)


def starter(layout: Any) -> tuple[bool, list[str], dict[str, object]]:
    """What `init` writes: required where the site has published articles."""
    if not layout.articles:
        return (
            False,
            [
                "No published articles yet: add headline-numbers to required, with",
                'articles: ["posts/**/*.md"], once you publish.',
            ],
            {},
        )
    return (
        True,
        ["Titles are the accused, bodies decide: the published articles, nothing else."],
        {"articles": list(layout.articles)},
    )


# A navigation's title and the page it titles, kept as one string: "<title>\0<page>".
TITLES = "\0"


def _shown(title: str) -> str:
    """A title as readers see it (of a navigation's, the title alone)."""
    return title.partition(TITLES)[0]


def _of(title: str, path: str, draft: str) -> bool:
    """Is this entry of the corpus's titles the draft's own (its own page's title, or a
    navigation's title of it)?"""
    return path == draft or (TITLES in title and title.partition(TITLES)[2] == draft)


class Article(NamedTuple):
    titles: list[str]  # as readers see them: the front matter's, a level-1 heading
    title_numbers: list[list[str]]  # the numbers of each title
    body_numbers: list[str]


class Corpus(NamedTuple):
    titles: Mapping[str, list[list[str]]]  # number -> [[title, article path]]
    bodies: Mapping[str, list[str]]  # a title's number -> up to two article paths whose body has it
    # [path prefix, title] the site gives a page that names none (the longest prefix
    # first): a draft's page shows it too
    given: Sequence[Sequence[str]] = ()


_OPAQUE = lazyre.compile(
    r"""
      https?://\S+
    | \b[0-9a-fA-F]{8}-(?:[0-9a-fA-F]{4}-){3}[0-9a-fA-F]{12}\b
    | (?<![\w&])\#[0-9]+\b | (?<![\w&])\#[0-9A-Fa-f]{3,8}\b | \b(?:GH|gh)-[0-9]+\b
    | \{%[^\n]{0,500}?%\} | \{\{[^\n]{0,500}?\}\} | <[^<>\n]*>
    | (?<![\w/])(?![\d.,]+/[\d.,]+[A-Za-z]{1,3}(?![\w/]))  # (not a range: 30/40k)
      (?=[^\s]{0,200}[A-Za-z])[\w.~-]{0,200}/[\w./\#?=&%~-]*[\w/]
    | at://\S+
    | \bdid:[a-z0-9]+:[A-Za-z0-9._:%-]+
    | \b\d{4}-\d{2}-\d{2}(?:[T\ ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?\b
    | \b\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?\b
    | (?<![\w/.-])[\w./-]*[\w-]\.[A-Za-z][A-Za-z0-9]{0,4}(?!\w|\.\w)
    | \b(?=[0-9a-f]*[a-f])(?=[0-9a-f]*[0-9])[0-9a-f]{7,}\w*
    | \b(?=[0-9A-F]*[A-F])(?=[0-9A-F]*[0-9])[0-9A-F]{7,}\w*
    | \b(?=\w*[A-Za-z])(?=\w*[0-9])[A-Za-z0-9]{12,}\b
    """,
    re.VERBOSE,
)

# A version: three or more dotted parts (3.6.0, 1.2.3-beta), or two after a v (v3.6).
_VERSION = lazyre.compile(
    r"(?<![\w.,])(?:v?\d+(?:\.\d+){2,}|v\d+\.\d+)(?:[-+][\w.]*\w)?(?![\w.]*\w)"
)
# Scale words and abbreviations, in one table: what a reader multiplies a number by,
# however a title cases it, glued or spaced, one or many (`2 Million`, `2million`,
# `2 millions`, `$2mn`, `2,5 Mio.`: rounds 78, 79); German's Mio., Mrd. and Millionen in
# English copy, Indian English's lakh and crore, bankers' MM.
_SCALES = {
    "k": 1000,
    "K": 1000,
    "M": 1_000_000,
    "MM": 1_000_000,
    "thousand": 1000,
    "lakh": 100_000,
    "lac": 100_000,
    "million": 1_000_000,
    "mil": 1_000_000,
    "mln": 1_000_000,
    "milion": 1_000_000,
    "millon": 1_000_000,
    "miliion": 1_000_000,
    "bilion": 1_000_000_000,
    "billon": 1_000_000_000,
    "thousend": 1000,
    "mio": 1_000_000,
    "mn": 1_000_000,
    "millionen": 1_000_000,
    "crore": 10_000_000,
    "milliard": 1_000_000_000,
    "milliarden": 1_000_000_000,
    "mrd": 1_000_000_000,
    "mld": 1_000_000_000,
    "mlrd": 1_000_000_000,
    "billion": 1_000_000_000,
    "bn": 1_000_000_000,
    "bln": 1_000_000_000,
    "bil": 1_000_000_000,
    "trillion": 1_000_000_000_000,
    "tn": 1_000_000_000_000,
    "trn": 1_000_000_000_000,
}
_MANY = ("thousand", "lakh", "lac", "million", "crore", "milliard", "billion", "trillion")
# Its words (not `mil`: a letter that may be a unit, below), the longest first.
_SCALE_WORDS = "|".join(
    sorted(
        (
            w + "s?" if w in _MANY else w
            for w in _SCALES
            if len(w) > 1 and w.islower() and w != "mil"
        ),
        key=len,
        reverse=True,
    )
)


def _scale_of(word: str) -> int:
    """What a scale word or letter _SCALE_WORDS or _SCALE_LETTERS found multiplies by."""
    key = word if word in _SCALES else word.lower()
    return _SCALES[key] if key in _SCALES else _SCALES[key[:-1]]  # (`millions`)


# A whole number token: not inside a word (v76) or another number (1,760 or 76.4 are
# not 76), optionally a percentage (76% is its own number), a scale (76k is 76,000,
# 1.5M is 1,500,000, 1e6 is 1,000,000) or a time/size unit glued on (76h, 76ms, 76MB are
# 76); .76 is 0.76. A letter that may be a unit or a scale (`2m`: metres or a million,
# `3B`: bytes or a billion; round 78) is read both ways, as is `pc` (a percent, or
# pieces).
_UNITS = r"h|hrs?|min|mins|s|secs?|ms|us|ns|d|x|px|[kKMGT]B|fold"
# A scale glued on (`76k`, `2MM`, `2bn`), and a letter that is a scale or a unit (`2m`:
# a million or metres; `3B`: a billion or bytes; read both ways where a reading may be
# either, as a scale in a body only after a currency sign: `£1.5m`).
_SCALE_LETTERS = rf"[kK]|MM|M|(?ai:{_SCALE_WORDS})"
_EITHER_LETTERS = r"mm|m|B|L|mil|cr"
_CURRENCY = "$£€¥₹"  # (and every other currency sign: _paid)
_PERCENT_WORDS = r"(?ai:per[\ \u00a0\n-]?cent(?:um)?|pct)\b"
_NUMBER = lazyre.compile(
    rf"""
    (?<![\w.,\u2044])  # (not a fraction's denominator: NFKC makes ½ a 1, U+2044 and a 2)
    (?:(?P<int>\d{{1,3}}(?:,\d{{3}})+|\d{{1,2}}(?:,\d{{2}})+,\d{{3}}|\d+)(?:\.(?P<frac>\d+))?
      |\.(?P<lead>\d+))
    (?P<exp>[eE][+-]?\d{{1,2}})?
    (?:(?P<pct>[\ \u00a0]?(?:%|{_PERCENT_WORDS}))
      |(?P<pc>(?ai:pc|p\.c\.))
      |(?:{_UNITS})(?!\w)
      |(?P<scale>{_SCALE_LETTERS})(?!\w)
      |(?P<either>{_EITHER_LETTERS})(?!\w))?
    (?!\w|[.,]\d)
    """,
    re.VERBOSE,
)
# What the other reading of an `either` letter scales by.
_EITHER = {
    "m": "M",
    "mm": "M",  # (bankers' lowercase; or millimetres)
    "L": "lakh",  # (Indian English's `25L`; or litres)
    "B": "bn",
    "mil": "M",
    "mill": "M",
    "k": "k",
    "K": "k",
    "M": "M",
    "grand": "k",
    "thou": "k",
    "bio": "trillion",  # (German's Bio.: a Billion, ten to the twelfth)
    "cr": "crore",  # (or credits)
    "mds": "milliard",  # (French's Mds; or doctors)
}
# What may follow a number, spaced, and change what it reads as (one pattern for a
# number of digits or of words): `and a half`, a scale word (`2 Million`, `76  thousand`,
# `2.5 bn`, `two mn`), `dozen`, a letter that may be a unit or a scale (`2 M`, `2 k`,
# `2 grand`), then a percent (`76 per cent`, `per-cent`, `Percent`, `pct`; `pc` both
# ways): round 78's and 79's spellings, every number's.
# (A space is a line break too: a paragraph's soft break; `2+ million`, `2-plus
# million` are 2 million and more.)
_WS = r"[\ \t\u00a0\n]"
_SPACE = r"[\ \t\u00a0\n-]+"  # (and a hyphen)
_RANGE_WORDS = "(?:to|or|and|through|thru)"
_AND_A_PART = (  # (not `and a quarter of them`)
    rf"{_SPACE}(?ai:and){_SPACE}(?ai:a|one){_SPACE}(?ai:half|quarter)(?!{_SPACE}(?ai:of)\b)"
)
_TAIL = lazyre.compile(
    rf"""
    (?:\+|[\ \t\u00a0-](?ai:plus|odd)(?=[\ \t\u00a0\n-]))?
    (?P<and>{_AND_A_PART})?
    (?P<scaled>(?:(?:{_WS}+|{_WS}*-{_WS}*)
        (?ai:{_SCALE_WORDS}|dozen|hundred)(?!\w|\.\w)){{1,3}}
      |{_WS}+(?:(?P<mm>MM)
        |(?P<either>[kKmMBL]|mm|cr|(?ai:mill?|thou|bio|mds)|grand(?![\ \t]+[A-Za-z])))
      (?!\w|\.\w))?
    (?P<and_after>{_AND_A_PART})?
    (?:(?P<pct>{_WS}*%|{_WS}+{_PERCENT_WORDS})
      |(?P<pc>{_WS}+(?ai:pc\b|p\.c\.)))?
    """,
    re.VERBOSE,
)
_TAIL_STARTS = " \t\u00a0\n-%+"  # (what _TAIL can start with: tested)
_PARTS = {"half": "0.5", "quarter": "0.25", "three quarters": "0.75"}
# A thin or no-break space between groups of three digits is a thousands separator (SI:
# "41 000" is forty-one thousand), as a comma is.
_GROUPED = lazyre.compile(r"(?<![\d.,])\d{1,3}(?:[\u2009\u202f\u00a0]\d{3})+(?![\d.,]\d)")
_GROUP_SPACES = str.maketrans(dict.fromkeys("\u2009\u202f\u00a0", ","))
# Groups of three digits apart by a plain space or an apostrophe ("12 500", Swiss
# "12'500"): a reader may read either number, so both are read (round 61).
# So are groups apart by a full stop (German and Spanish `1.000`; round 71), read as the
# whole number besides the decimal.
_LOOSE_GROUPED = lazyre.compile(  # (a digit first: the engine skips to one in C)
    r"\d(?:(?<![\d.,'’]\d)\d{0,2}(?:[ '’]\d{3})+(?![\d.,'’]?\d)"
    r"|(?<![\w.,'’]\d)(?<=[1-9])\d{0,2}(?:\.\d{3})+(?![\d.,'’]?\d))"
)
# Arabic's thousands and decimal separators, as a comma and a point.
_ARABIC_SEPARATORS = str.maketrans({"\u066c": ",", "\u066b": ".", "\u066a": "%"})
# A comma's look-alikes between digits (a low single quote, the small comma: `1\u201a000`
# is 1,000 to a reader; round 70; the ideographic and Arabic list commas separate items).
_COMMA_LIKE = lazyre.compile(r"(?<=\d)[\u201a\ufe50](?=\d)")
# A decimal digit that is not ASCII (full-width, Arabic-Indic...): read as its value.
_OTHER_DIGIT = lazyre.compile(r"(?![0-9])\d")
# A dingbat's digit in a circle (`❼`, `➆`, `➐`), which NFKC keeps: read as its digit.
_DINGBAT_DIGITS = {start + i: str(i + 1) for start in (0x2776, 0x2780, 0x278A) for i in range(9)}

_SMALL = {
    "zero": 0,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
    "thirteen": 13,
    "fourteen": 14,
    "fifteen": 15,
    "sixteen": 16,
    "seventeen": 17,
    "eighteen": 18,
    "nineteen": 19,
    "twenty": 20,
    "thirty": 30,
    "forty": 40,
    "fourty": 40,  # (misspellings a reader reads all the same)
    "ninty": 90,
    "fifty": 50,
    "sixty": 60,
    "seventy": 70,
    "eighty": 80,
    "ninety": 90,
}
_SCALE = {
    "hundred": 100,
    "dozen": 12,
    "thousand": 1000,
    "lakh": 100_000,
    "million": 1_000_000,
    "crore": 10_000_000,
    "billion": 1_000_000_000,
    "trillion": 1_000_000_000_000,
}
_WORDS_MAX = 10**15  # past this, a run of number words names no number (and never
# grows to a value too long to print: `hundred` 2,200 times is 4,400 digits)
_WORD = lazyre.compile(
    r"\b(?:" + "|".join(sorted([*_SMALL, *_SCALE], key=len, reverse=True)) + r")(?:fold)?\b"
)  # (`tenfold` is ten, and ends its number)
_WORD_SET = frozenset([*_SMALL, *_SCALE, *(w + "fold" for w in [*_SMALL, *_SCALE])])
# Everything but ASCII letters becomes a space: a quick C-speed test for number words.
_LETTERS_ONLY = {i: " " for i in range(128) if not chr(i).isalpha()}
# (a hyphen joins a compound, `twenty-five`; a spaced one is a dash: `two - three`)
_GAP = lazyre.compile(r"[ \t\n]+(?:and[ \t\n]+)?|-")
# A digit and the rest of its whitespace-delimited chunk. Starting with \d lets the
# regex engine skip to the next digit in C: prose is mostly letters.
_DIGIT_TAIL = lazyre.compile(r"\d\S*")


_SMALL_WORDS = "|".join(sorted(_SMALL, key=len, reverse=True))
_DIGIT_WORDS = "zero|one|two|three|four|five|six|seven|eight|nine|oh"
# A number said in words _WORD does not read as one run: a part of a scale (`half a
# million`, `a quarter of a billion`, `three quarters of a million`), and a whole and
# its decimals (`one point five million`, `two point five percent`), each with what
# follows it (_TAIL). Read in the lowercased text; not a part after `and` (`two and a
# half million` is the whole's: _TAIL's); not `at one point two`, an idiom.
_PHRASE = lazyre.compile(
    rf"""
    (?<![\w-])(?<!and[\ \t\u00a0-])(?<!and[\ \t\u00a0-]a[\ \t\u00a0-])
    (?<!and[\ \t\u00a0-]one[\ \t\u00a0-])
    (?:(?:(?:a|one){_SPACE})?(?P<part>three{_SPACE}quarters|half|quarter)
      (?:{_SPACE}of)?(?:{_SPACE}an?)?(?={_SPACE}(?:{_SCALE_WORDS})\b)
    |(?:(?<!at[\ \t\u00a0])
        (?P<whole>(?:{_SMALL_WORDS}|nought|naught|oh)(?:-(?:{_SMALL_WORDS}))?|\d{{1,6}})
        {_SPACE})?point{_SPACE}
      (?P<digits>\d{{1,6}}(?![\d.,])
        |(?:{_DIGIT_WORDS})(?:{_SPACE}(?:{_DIGIT_WORDS})){{0,8}})(?!\w))
    """,
    re.VERBOSE,
)


_PHRASE_KEY = lazyre.compile(r"\b(?:half|quarters?|point)\b")
# A number word just before (a `point` with no whole of its own is not its decimals).
_NUMBER_WORD_BEFORE = lazyre.compile(rf"\b(?:{_SMALL_WORDS}|nought|naught|oh|\d+){_SPACE}\Z")


_DIGIT_OF = {w: str(_SMALL.get(w, 0)) for w in _DIGIT_WORDS.split("|")}


def _whole_said(said: str) -> int:
    """The whole a `point` phrase says before its point (`twenty-five`, `oh`, `2`)."""
    if said.isdigit():
        return int(said)
    return sum(_SMALL.get(w, 0) for w in said.split("-"))


# A range of words whose upper bound alone says its scale (`two to three million`, `two
# or three million`): a reader may read its lower bound scaled too (2 million).
_WORD_RANGE = lazyre.compile(
    rf"""
    (?<![\w-])(?P<low>(?:{_SMALL_WORDS})(?:-(?:{_SMALL_WORDS}))?)
    (?:{_WS}*[\u2012-\u2015]{_WS}*|{_WS}+-{_WS}+
      |{_SPACE}{_RANGE_WORDS}{_SPACE})
    (?:{_SMALL_WORDS})(?:-(?:{_SMALL_WORDS}))?
    (?P<scale>(?:{_WS}+(?:{"|".join(_SCALE)})){{1,3}})\b
    """,
    re.VERBOSE,
)


# `one` before what makes it a number (`one percent`, `one lakh`, `one and a half`).
_ONE_READ_ON = lazyre.compile(
    rf"\bone(?:\+|{_SPACE}(?:{_SCALE_WORDS}|{'|'.join(_EITHER)}|per|pct|and\b)"
    r"|[\ \t\u00a0\n]*%)"
)


def _word_ranges(text: str, lower: str) -> list[tuple[int, str, str]]:
    """(offset, as written, value) of each lower bound _WORD_RANGE reads in the text
    (`lower`: the text lowercased)."""
    found = []
    for m in _WORD_RANGE.finditer(lower):
        low = sum(_SMALL[w] for w in m["low"].split("-"))
        scale = 1
        for word in m["scale"].split():
            scale *= _SCALE[word]
        found.append((m.start(), text[m.start() : m.end()], str(low * scale)))
    return found


def _phrases(text: str, lower: str, sure: bool) -> list[tuple[int, str, str]]:
    """(offset, as written, value) of each number _PHRASE reads in the text (`lower`:
    the text lowercased)."""
    found = []
    done = 0
    for key in _PHRASE_KEY.finditer(lower):  # (tried only near its words: most text is none)
        m = _PHRASE.search(lower, max(done, key.start() - 40), key.end() + 200)
        if m is None or m.start() > key.start():
            continue
        done = m.end()
        if m["part"]:
            value = _PARTS[" ".join(m["part"].replace("-", " ").split())]
        elif m["whole"] is None and _NUMBER_WORD_BEFORE.search(lower, 0, m.start()):
            continue  # (`at one point five of us`: the idiom's `point five` too)
        else:
            whole = _whole_said(m["whole"] or "0")
            digits = "".join(_DIGIT_OF.get(d, d) for d in re.split(r"[\s-]+", m["digits"]))
            value = f"{whole}.{digits}".rstrip("0").rstrip(".")
        read = _read_on(text, m.end(), value, sure)
        found += [
            (m.start(), text[m.start() : stop], v)
            for stop, v in read
            if m["whole"] or stop > m.end()
        ]
    return found


class Token(NamedTuple):
    line: int
    col: int
    written: str
    value: str  # canonical: "54154", "76.4", "76%"


def _words_value(words: list[str]) -> int | None:
    if words == ["one"]:
        return None  # "one" is mostly a pronoun: "the one that ran"
    total = current = 0
    last = ""
    for w in words:
        if w == "a":
            current = 1
        elif w in _SMALL:
            current += _SMALL[w]
        elif w in ("hundred", "dozen"):  # (of what comes before it: two dozen thousand)
            current = (current or 1) * _SCALE[w]
        elif not current and total and last in _SCALE:  # (a thousand million: a billion)
            total *= _SCALE[w]
        else:
            total += (current or 1) * _SCALE[w]
            current = 0
        last = w
        if current > _WORDS_MAX or total > _WORDS_MAX:
            return None  # "hundred hundred hundred ...": no number anyone cites
    return total + current


def canonical(m: re.Match[str], scale: str = "") -> str:
    if m.group("lead") is not None:
        whole, frac = "0", m.group("lead")
    else:
        whole, frac = m.group("int").replace(",", ""), m.group("frac") or ""
    scale = m.group("scale") or scale
    zeros = len(str(_scale_of(scale))) - 1 if scale else 0  # (`2Bn`, `2MLN`, `2millions`)
    zeros += int(m.group("exp")[1:]) if m.group("exp") else 0
    if zeros > 0:  # 1.5k, 1e6: shift the point right by the scale's zeros
        frac = frac.ljust(zeros, "0")
        whole, frac = whole + frac[:zeros], frac[zeros:]
    elif zeros < 0:  # 1e-3: left
        whole = whole.rjust(-zeros + 1, "0")
        whole, frac = whole[:zeros], whole[zeros:] + frac
    value = whole.lstrip("0") or "0"
    frac = frac.rstrip("0")
    if frac:
        value += "." + frac
    return value + ("%" if m.group("pct") else "")


def version_value(written: str) -> str:
    return written.lstrip("v").split("-")[0].split("+")[0]


def major_minor(version: str) -> str:
    """The decimal a version's first two parts read as (3.6.0 -> 3.6, 3.10.0 -> 3.1)."""
    m = _NUMBER.fullmatch(".".join(version.split(".")[:2]))
    return canonical(m) if m else version


# A number that names, not counts (round 65: Jekyll's own "Ruby 101" and "Markdown 101"
# accused each other): after a word that labels a part of a series (`Part 2`, `Chapter
# 3 of 12`, `Step 4:`, `No. 5`), or the introductory `101` after a name (`Ruby 101`),
# with nothing after it that tells a quantity: the line's end or a punctuation mark
# (or, after a label, `of`). `Fixed 101 Bugs`, `Stage 76 Times Faster`, `Part 2,000`
# and `101%` count, and so does a number after any other capitalized word (`We Hired
# 76!`, `Windows 11`: round 67 hid quantities behind Title Case; a product's number a
# body does not repeat is accused, as any title's). (Each word tried is at most 31
# letters: linear.)
_LABEL_WORDS = (
    "part|chapter|step|lesson|episode|level|phase|stage|session|unit|module|volume|vol\\."
    "|no\\.|season|book|section|act|scene|figure|fig\\.|appendix|exercise|lab|example"
)
_LABELED = lazyre.compile(
    rf"(\b(?:((?i:{_LABEL_WORDS}))|[A-Z][\w+#]{{0,30}}(?=[ \t]+101\b))[ \t]+)(\d{{1,4}})"
    r"(?=[ \t]*(?:$|[:;!?)\]]|[.,](?!\d)|[\u2013\u2014]|-[ \t])|([ \t]+of\b))",
    re.MULTILINE,
)
# Where _LABELED may match: a digit after a space or tab, with what may follow (a
# digit first: the engine skips to one in C; _LABELED is then tried on that line only).
_LABEL_HINT = lazyre.compile(
    r"\d(?<=[ \t]\d)\d{0,3}(?:[ \t]*(?:$|[^\w\s%])|[ \t]+of\b)", re.MULTILINE
)


def _unlabeled(text: str) -> str:
    """The text with each number that names (a part, a course) blanked."""
    out: list[str] = []
    done = 0
    hint = _LABEL_HINT.search(text)
    while hint is not None:  # (no _LABELED match crosses a line)
        start = text.rfind("\n", done, hint.start()) + 1 or done
        end = text.find("\n", hint.end())
        out.append(text[done:start])
        done = len(text) if end < 0 else end
        out.append(_LABELED.sub(_label_blanked, text[start:done]))
        hint = _LABEL_HINT.search(text, done)  # (the next line's: each line read once)
    return "".join(out) + text[done:] if out else text


def _label_blanked(m: re.Match[str]) -> str:
    if m.group(4) and not m.group(2):  # (`of` after a name: a quantity may follow)
        return m.group()
    return m.group(1) + " " * len(m.group(3))


def blank_opaque(text: str) -> str:
    return _OPAQUE.sub(lambda m: " " * len(m.group()), text)


_NONSPACE = lazyre.compile(r"\S*")


def _chunk_around(
    text: str, start: int, end: int, seen: dict[int, tuple[int, str]]
) -> tuple[int, str]:
    """Where the whitespace-delimited chunk around text[start:end] starts, and the
    chunk with its opaque tokens blanked (blank_opaque); kept in `seen` for every offset
    of the chunk (a chunk of 4,000 number words joined by commas is read once)."""
    left = max(text.rfind(" ", 0, start), text.rfind("\n", 0, start)) + 1
    m = _NONSPACE.match(text, end)
    right = m.end() if m else end
    got = (left, blank_opaque(text[left:right]))
    if right - left > 64:  # (a long chunk: each number word in it finds it here)
        seen.update(dict.fromkeys(range(left, right), got))
    return got


def digit_chunks(text: str) -> Iterator[tuple[int, int]]:
    """(start, end) of each whitespace-delimited chunk of the text that holds a digit:
    the only places a digit token can be."""
    done = 0
    for m in _DIGIT_TAIL.finditer(text):
        if m.start() < done:
            continue
        start = m.start()
        while start > done and not text[start - 1].isspace():
            start -= 1  # back to the chunk's first character (a few at most: "($76")
        done = m.end()
        yield start, done


def scan(text: str, shortcut: bool = True, sure: bool = False) -> list[tuple[int, str, str]]:
    """Every number token in the text as (offset, as written, canonical value).

    Digits are looked for only in chunks that hold one, and number words only where
    the word regex finds them, so a large corpus costs a few passes in C. A chunk of
    bare digits ("5000", the common case) is one token and no opaque token: the
    shortcut takes it as it is (tests compare scan with and without it). `sure`: what
    every reader surely reads (a body's): a letter that may be a unit is a scale only
    after a currency sign (`£2m` is two million, a `2m` cable two metres).
    """
    if not text.isascii():  # one character for one: offsets stay
        text = _OTHER_DIGIT.sub(lambda m: str(unicodedata.digit(m.group())), text)
        text = text.translate(_DINGBAT_DIGITS)
    if "<" in text or "{" in text:  # tags may span chunks: blank them in the whole text
        from receipt_gate.reading.inline import TEMPLATE, sub_blank
        from receipt_gate.reading.reader import OPAQUE

        # Template tags tried no further than their last closer, raw HTML as CommonMark
        # reads it (a `<` of a comparison is text: `lag<limit ... 76 hours > budget`).
        text = sub_blank(TEMPLATE, text) if "{" in text else text
        if "<" in text:
            text = OPAQUE.sub(lambda m: re.sub(r"[^\n]", " ", m.group()), text)
    text = _unlabeled(text)
    found: list[tuple[int, str, str]] = []
    for start, end in digit_chunks(text):
        chunk = text[start:end]
        if shortcut and chunk.isdecimal():
            value = chunk.lstrip("0") or "0"
            found += [(start, text[start:stop], v) for stop, v in _read_on(text, end, value, sure)]
            continue
        found += _chunk_numbers(text, start, end, sure)
    if " " in text or "'" in text or "’" in text or "." in text:
        for m in _LOOSE_GROUPED.finditer(text):
            digits = "".join(c for c in m.group() if c.isdigit())
            found.append((m.start(), m.group(), digits.lstrip("0") or "0"))
    if not sure and _RANGE_HINT.search(text):
        found += _ranges(text, found)
    found += _sums(text, found)
    lower = text.lower()
    if "half" in lower or "quarter" in lower or "point" in lower:
        said = _phrases(text, lower, sure)  # (`2 point 5 million` is no 5 million)
        outside = _outside([(at, at + len(written)) for at, written, _ in said])
        found = list(filter(lambda f: outside(*f), found)) if said else found
        found += said
    covered = {
        start + i
        for start, written, _ in found
        if len(written.split()) > 1
        for i in range(len(written))
    }  # "1.5 million", "76\tmillion": its word is taken
    words_here = _WORD_SET.intersection(lower.translate(_LETTERS_ONLY).split())
    run: list[re.Match[str]] = []
    runs: list[re.Match[str] | None] = [None]
    opaque: dict[int, tuple[int, str]] = {}
    if words_here - {"one"} or (words_here and _ONE_READ_ON.search(lower)):
        runs[:0] = _WORD.finditer(lower)  # (`one` alone is mostly a pronoun)
    for hit in runs:
        gap = _GAP.fullmatch(lower, run[-1].end(), hit.start()) if hit and run else None
        if (
            hit is not None
            and gap is not None
            and not run[-1].group().endswith("fold")
            # (`and` after a scale: two hundred and five; two and three are two numbers)
            and ("and" not in gap.group() or run[-1].group() in _SCALE)
        ):
            run.append(hit)
            continue
        if run:
            start, end = run[0].start(), run[-1].end()
            words = [w.group().removesuffix("fold") for w in run]
            if (
                lower.endswith("a ", 0, start)
                and words[0] in _SCALE
                and (start < 3 or not lower[start - 3].isalnum())
            ):
                start -= 2
                words.insert(0, "a")
            # Part of a compound name (tier-one) is no number; twelve-day is 12, as
            # 76-hour is 76.
            number = (
                None
                if (start > 0 and lower[start - 1] == "-") or start in covered
                else _words_value(words)
            )
            if words == ["one"] and number is None and start not in covered:
                read = _read_on(text, end, "1", sure)  # (one million, one percent: a number)
                number = 1 if any(stop > end for stop, _ in read) else None
            if number is not None:
                left, chunk = opaque.get(start) or _chunk_around(text, start, end, opaque)
                if not chunk[start - left : end - left].isspace():
                    unit = _SCALE.get(words[-1], 1)  # (`a dozen and a half`)
                    for stop, value in _read_on(text, end, str(number), sure, unit=unit):
                        found.append((start, text[start:stop], value))
                        covered.update(range(start, stop))
        run = [hit] if hit is not None else []
    if not sure and words_here & _SCALE.keys() and words_here - _SCALE.keys():
        found += _word_ranges(text, lower)  # (`two to three million`: 2 million too)
    found.sort()
    return found


# A range whose scale or percent its upper bound alone says (`2-3 million`, `2 to 3
# million`, `20-30%`): a reader may read its lower bound scaled too (2 million).
_RANGE = lazyre.compile(
    r"\d(?<![\w.,]\d)(?<=\d)\d*(?:\.\d+)?"  # (a digit first: the engine skips to one in C)
    r"(?:[\ \t\u00a0\n]*[-\u2010-\u2015\u2212/][\ \t\u00a0\n]*"
    rf"|{_SPACE}{_RANGE_WORDS}{_SPACE})[^\s\d]?(?=\d)"
)
_UPPER = lazyre.compile(r"\d+(?:\.\d+)?")
_RANGE_HINT = lazyre.compile(
    r"\d(?:[\ \t\u00a0\n]*[-\u2010-\u2015\u2212/]"
    rf"|{_SPACE}{_RANGE_WORDS}[\ \t\u00a0\n-])"
)


def _ranges(text: str, found: list[tuple[int, str, str]]) -> list[tuple[int, str, str]]:
    """(offset, as written, value) of the lower bound of each range (_RANGE) as its
    upper bound's scale or percent reads it (the upper's readings: `found`)."""
    from decimal import MAX_PREC, Decimal, InvalidOperation, localcontext

    at: dict[int, list[str]] = {}
    for start, written, value in found:  # (a scale's word or letter, or a percent)
        if value.endswith("%") or any(c.isalpha() for c in written):
            at.setdefault(start, []).append(value)
    out = []
    for m in _RANGE.finditer(text):
        lower, upper = _UPPER.match(text, m.start()), _UPPER.match(text, m.end())
        if lower is None or upper is None:
            continue
        low = lower.group()
        written = m.group() + upper.group()
        for value in at.get(m.end(), []):
            if value.endswith("%"):
                out.append((m.start(), written, _plain_value(Decimal(low)) + "%"))
                continue
            high = Decimal(upper.group())
            try:  # (a whole scale: the high reading is the upper times it, exactly)
                with localcontext(prec=60):
                    ratio = (Decimal(value) / high).to_integral_value()
            except (InvalidOperation, ArithmeticError):  # (`0`)
                continue
            with localcontext(prec=MAX_PREC):
                if ratio > 1 and ratio * high == Decimal(value):
                    out.append((m.start(), written, _plain_value(Decimal(low) * ratio)))
    return out


_BETWEEN_SUMMED = lazyre.compile(r"[\ \t\u00a0\n]+(?:and[\ \t\u00a0\n]+)?")


def _sums(text: str, found: list[tuple[int, str, str]]) -> list[tuple[int, str, str]]:
    """(offset, as written, value) of each number said in two scales, the smaller after
    the larger (`1 million 500 thousand`, `2 lakh 50 thousand`): their sum."""
    from decimal import Decimal

    after: dict[int, list[tuple[str, str]]] = {}
    for at, written, value in found:
        if written[-1:].isalpha() and value[-1:].isdigit():
            after.setdefault(at, []).append((written, value))
    out = []
    for at, written, value in found:
        unit = _unit_of(written) if written[-1:].isalpha() and value[-1:].isdigit() else 0
        gap = _BETWEEN_SUMMED.match(text, at + len(written)) if unit else None
        if gap is None:
            continue
        for more, plus in after.get(gap.end(), []):
            if 0 < Decimal(plus) < unit and _unit_of(more):
                total = _plain_value(Decimal(value) + Decimal(plus))
                out.append((at, text[at : gap.end() + len(more)], total))
    return out


def _unit_of(written: str) -> int:
    """The scale a number as written ends with (`1 million`, `50k`), or 0; a letter
    that may be a unit (`2 M`, `3 B`) is no scale to add a smaller one to."""
    word = written.split()[-1].lstrip("0123456789.,")
    try:
        return _scale_of(word) if word.lower() not in ("m", "b") else 0
    except KeyError:
        return 0


def _read_on(
    text: str, at: int, value: str, sure: bool, paid: bool = False, unit: int = 1
) -> list[tuple[int, str]]:
    """Each value a number (`value`, canonical, written up to `at`) reads as with what
    follows it (_TAIL), with where that reading ends; the number alone if nothing does.
    A part after the number's scale is of that scale (`a million and a half`; `unit`:
    the scale a number of words ends with, `a dozen and a half`). A letter that may be a
    unit reads both ways, but in what every reader surely reads (`sure`: a body's) as a
    scale only after a currency sign (`paid`: `£2 m`); so does `pc`, but as a percent
    only where a reading may be either (not `sure`)."""
    m = _TAIL.match(text, at) if text[at : at + 1] in _TAIL_STARTS else None
    if m is None or m.end() == at:
        return [(at, value)]
    from decimal import MAX_PREC, Decimal, localcontext

    with localcontext(prec=MAX_PREC):  # (exact: a long number keeps its every digit)
        return _read(m, at, Decimal(value), sure, paid, unit)


def _read(
    m: re.Match[str], at: int, number: Any, sure: bool, paid: bool, unit: int
) -> list[tuple[int, str]]:
    """_read_on's readings of `number` (a Decimal) with what _TAIL found after it (`m`)."""
    number += _part(m["and"]) * unit if m["and"] else 0
    end = m.end("and") if m["and"] else at
    out = []
    if m["either"]:  # (read as a unit: `2 m`, two metres; then, but surely, as a scale)
        out.append((end, _plain_value(number)))
        after = m.string[m.end("scaled") : m.end("scaled") + 1]  # (`2 M€`: French order)
        if sure and not paid and not _is_currency(after):
            return out
    if m["scaled"]:
        unit = _multiplier(m)
        number *= unit
        end = m.end("scaled")
    if m["and_after"]:
        number += _part(m["and_after"]) * unit
        end = m.end("and_after")
    shown = _plain_value(number)
    if m["pct"]:
        return [*out, (m.end(), shown + "%")]
    if m["pc"] and not sure:
        out.append((m.end(), shown + "%"))
    return [*out, (end, shown)]


def _part(said: str) -> Any:
    """The Decimal `and a half` or `and one quarter` adds."""
    from decimal import Decimal

    return Decimal(_PARTS[said.split()[-1].split("-")[-1].lower()])


def _multiplier(m: re.Match[str]) -> int:
    """What the scale _TAIL found after a number multiplies it by: each word's
    (`hundred thousand`)."""
    if m["either"]:
        return _scale_of(_EITHER.get(m["either"]) or _EITHER[m["either"].lower()])
    if m["mm"]:
        return 1_000_000
    product = 1
    for word in m["scaled"].replace("-", " ").split():
        key = word.lower()
        product *= _SCALE[key] if key in ("dozen", "hundred") else _scale_of(word)
    return product


def _chunk_numbers(text: str, start: int, end: int, sure: bool) -> list[tuple[int, str, str]]:
    """The number tokens of one whitespace-delimited chunk (text[start:end]) that is not
    bare digits: versions, then numbers, with what follows the last (_read_on); where a
    reading may be either (not `sure`), as _looser reads it too."""
    chunk = text[start:end]
    found = [
        (start + m.start(), m.group(), version_value(m.group())) for m in _VERSION.finditer(chunk)
    ]
    chunk = blank_opaque(_VERSION.sub(lambda m: " " * len(m.group()), chunk))
    if "." in chunk:  # (`c.2 million`: circa)
        chunk = _CIRCA.sub(lambda m: " " * len(m.group()), chunk)
    found += _numbers_in(text, start, end, chunk, sure)
    loose = _looser(chunk) if not sure else chunk
    if loose != chunk:  # (only where a scale, a percent or a currency tells a quantity:
        # issues `1,5 and 9` are two)
        found += [
            (at, written, value)
            for at, written, value in _numbers_in(text, start, end, loose, sure)
            if _paid(text, at) or any(c.isalpha() or c == "%" for c in written)
        ]
    return found


def _numbers_in(
    text: str, start: int, end: int, chunk: str, sure: bool
) -> list[tuple[int, str, str]]:
    """The numbers _NUMBER finds in the chunk (text[start:end] as read: `chunk`), each
    with what follows the last (_read_on) and both ways where it may be either."""
    found = []
    for m in _NUMBER.finditer(chunk):
        value, written = canonical(m), text[start + m.start() : start + m.end()]
        paid = _paid(text, start + m.start())
        if not (m["pct"] or m["scale"] or m["either"] or m["pc"]):
            at = start + m.end()  # (spaced after the chunk, or `2-million` in it)
            if text[at:end] == ")" and "(" in text[start:at]:  # (`two (2) million`)
                at = end
            read = _read_on(text, at, value, sure, paid) if at == end or text[at] in "-+" else []
            found += [(start + m.start(), written + text[at:stop], v) for stop, v in read]
            if read:
                continue
        found.append((start + m.start(), written, value))
        if m["pc"] and not sure:  # (`50pc`: a percent, or pieces)
            found.append((start + m.start(), written, value + "%"))
        if m["either"] and (not sure or paid):  # (and as a scale: 2m a million, 3B a billion)
            found.append((start + m.start(), written, canonical(m, _EITHER[m["either"]])))
    return found


# A currency's code before a number, apart or glued (`USD 2.5 B`: a body reads its
# letter as a scale, as after a sign).
_CODE_BEFORE = lazyre.compile(
    r"(?<![A-Za-z])(?:USD|EUR|GBP|JPY|INR|CNY|RMB|AUD|CAD|CHF|HKD|SGD|NZD|ZAR|BRL|MXN|SEK|NOK|DKK|KRW|NGN"
    r"|KES|Rs\.?|RM|Rp|KSh|R|N|Sh)[\ \u00a0]?\Z"
)


def _is_currency(c: str) -> bool:
    """Whether this character is a currency's sign (of any script)."""
    return c in _CURRENCY or (c != "" and not c.isascii() and unicodedata.category(c) == "Sc")


def _paid(text: str, at: int) -> bool:
    """Whether a currency's sign (of any script: `₦2m`) or code stands before the
    number at `at`."""
    if at == 0:
        return False
    c = text[at - 1]
    if _is_currency(c):
        return True
    if not (c.isalpha() or c in " \u00a0."):
        return False
    return _CODE_BEFORE.search(text, max(0, at - 5), at) is not None


# Circa glued before a number (`c.2 million`, `ca.2`, `approx.2`).
_CIRCA = lazyre.compile(r"(?<![\w.,])(?:c|ca|approx|est)\.(?=\d)")
# A comma a reader may read as a decimal point: not between groups of three digits.
_DECIMAL_COMMA = lazyre.compile(r"(?<![\w.,])\d+,(?!\d{3}(?!\d))\d+(?![\d.,])")
# A raised point between digits: Britain's old decimal point (`2·5`).
_MIDDOT = lazyre.compile(r"(?<=\d)\u00b7(?=\d)")
# Letters glued before a number, as a currency's code is (`USD2bn`, `R2bn`, `KSh2m`,
# `Rs.5`: read only where the number tells a quantity, _chunk_numbers).
_CODE_PREFIX = lazyre.compile(r"(?<![\w.,])[A-Z][A-Za-z]{0,2}\.?(?=\d)")


def _looser(chunk: str) -> str:
    """The chunk as a reader may also read it, where a reading may be either (a title's,
    a draft's): a comma before one, two or four or more digits a decimal point (`2,5
    Mio.`: no thousands are grouped so), and a raised point (`2·5`); a currency's code
    glued before a number apart from it (`USD2bn`). Offsets stay."""
    if "," in chunk:
        chunk = _DECIMAL_COMMA.sub(lambda m: m.group().replace(",", "."), chunk)
    if "\u00b7" in chunk:
        chunk = _MIDDOT.sub(".", chunk)
    if not chunk[:1].isdigit():
        chunk = _CODE_PREFIX.sub(lambda m: " " * len(m.group()), chunk)
    return chunk


# A number written with letters drawn as digits: a capital or small O for 0 after its
# first character (`1OO`, `7O`, `1,OOO`; `O2` is a name), a small l for 1 before its last
# (`l00`; `20l` is litres). A capital I stays a letter (`I10`, an interstate; round 70).
_DIGIT_LOOKALIKES = lazyre.compile(
    r"(?<![\w.,])(?=[\dOol,.]*[Ool])(?=[\dOol,.]*\d)[\dl](?:[\dOol]|[,.](?=[\dOol]))*+"
    rf"(?=(?:{_UNITS}|{_SCALE_LETTERS}|{_EITHER_LETTERS})?(?!\w))"  # (a unit or a scale: 1OOx)
)
_AS_DIGITS = str.maketrans("Ool", "001")
# Where it may change something: a digit beside a look-alike, or one point or comma
# from it (a digit first: the engine skips to one in C).
_LOOKALIKE_HINT = lazyre.compile(r"\d(?:[,.]?[Ool]|(?<=[Ool]\d)|(?<=[Ool][,.]\d))")


def _as_digits(m: re.Match[str]) -> str:
    """The number a word of digits and look-alikes reads as, or the word as it is where
    a small l or o ends it (`20l`: 20 litres; `GPT-4o`, Spanish `1o`: names)."""
    word = m.group()
    # (a word with no digit of its own stays: `lO` in `lO,,1`, whose digit is past two
    # separators, is no number; the hint before it then misses nothing it changes)
    if word.endswith(("l", "o")) or not any(c.isdigit() for c in word):
        return word
    return word.translate(_AS_DIGITS)


def tokens(lines: list[str], first_line: int = 1, drawn: bool = True) -> Iterator[Token]:
    """Every number token (digits or words) in these lines as a reader reads them
    (gate.reading.reader: `7&#54;`, `7<!-- -->6`, `7**6**` and a zero-width space between
    digits read as 76), with its line and column as written; (`drawn`) and those the
    lines hold only as a browser draws them (_drawn_tokens: `&rlm;6&rlm;7` is 76)."""
    yield from _tokens(lines, first_line)
    if drawn and may_reorder("\n".join(lines)):
        yield from _drawn_tokens(lines, first_line, None)


def surely_read(
    lines: list[str],
    opened_at: list[str] | None = None,
    to_draw: Sequence[list[str]] = (),
) -> set[str]:
    """The numbers these lines hold both as written and as a browser draws them (a body
    supports a number every reader surely reads): drawn as they are, or as each of
    `to_draw` (the same lines with each element's direction in them,
    gate.reading.direction.shown_directed), inside what the page opens before each line
    (`opened_at`, gate.reading.direction.open_at)."""
    read = {t.value for t in _tokens(lines, 1, sure=True)}
    for each in [d for d in to_draw if len(d) == len(lines)] or [lines]:
        if not opened_at and not may_reorder("\n".join(each)):
            continue
        drawn = drawn_lines(each, opened_at)
        if drawn is None:
            continue
        shown = [w if d is None else d for d, w in zip(drawn, lines, strict=True)]
        # (a number's digits in the same order: its percent sign drawn before it in
        # right-to-left writing, `%76`, is where an Arabic reader reads it, after)
        digits = {t.value.rstrip("%") for t in _tokens(shown, 1, sure=True)}
        read = {v for v in read if v.rstrip("%") in digits}
    return read


def _drawn_tokens(
    lines: list[str],
    first_line: int,
    opened_at: list[str] | None,
    had: Sequence[Token] | None = None,
) -> Iterator[Token]:
    """The number tokens of the lines as a browser draws them (gate.reading.direction:
    right-to-left text, a direction mark, an isolate reorder digits), none the lines as
    written hold at the same line; each at its line's start."""
    drawn = drawn_lines(lines, opened_at)
    if drawn is None:
        return
    seen = {(t.line, t.value) for t in (_tokens(lines, first_line) if had is None else had)}
    for t in _tokens([d or "" for d in drawn], first_line):  # (a paragraph at its first line)
        if (t.line, t.value) not in seen:
            seen.add((t.line, t.value))
            yield t._replace(col=1, written=t.value)


def _tokens(lines: list[str], first_line: int, sure: bool = False) -> Iterator[Token]:
    from receipt_gate.reading.reader import reader_view

    text = "\n".join(lines)
    if not text.isascii():  # (before the reader's view reads the spaces as plain ones,
        # and its look-alike folding an Arabic-Indic seven as a V: round 61)
        text = text.translate(_ARABIC_SEPARATORS)  # (round 62: one thousand two hundred)
        text = _COMMA_LIKE.sub(",", text)
        text = _GROUPED.sub(lambda m: m.group().translate(_GROUP_SPACES), text)
        text = _OTHER_DIGIT.sub(lambda m: str(unicodedata.digit(m.group())), text)
        text = text.translate(_DINGBAT_DIGITS)
    view = reader_view(text, exact=True)
    starts = [0]
    for line in lines[:-1]:
        starts.append(starts[-1] + len(line) + 1)
    seen = view.text if view.shifts else text
    if _LOOKALIKE_HINT.search(seen):  # (round 69: `1OO` and `l00` a reader reads as 100)
        seen = _DIGIT_LOOKALIKES.sub(_as_digits, seen)
    found = (
        [(view.written(offset), written, value) for offset, written, value in scan(seen, sure=sure)]
        if view.shifts
        else scan(seen, sure=sure)
    )
    if _written_hint(text):
        other = _written_otherwise(text, sure)
        # (a fraction's or a power's own reading is its only one: NFKC's `1\u20442 million`
        # is no 1 and no million, `10⁶` no 106)
        parts = [(at, at + len(w)) for at, w, _ in other if len(w) > 1]
        if parts:
            outside = _outside(parts)
            found = [f for f in found if outside(*f)]
        found += other
    i = 0
    for offset, written, value in sorted(found):
        while i + 1 < len(starts) and starts[i + 1] <= offset:
            i += 1
        yield Token(first_line + i, offset - starts[i] + 1, written, value)


def _outside(spans: list[tuple[int, int]]) -> Callable[[int, str, str], bool]:
    """Whether a found number (its offset first) starts outside every one of these
    spans."""
    import itertools

    spans = sorted(spans)
    starts = [a for a, _ in spans]
    reach = list(itertools.accumulate((b for _, b in spans), max))

    def outside(at: int, *_: str) -> bool:
        i = bisect.bisect_right(starts, at)
        return i == 0 or at >= reach[i - 1]

    return outside


# Numbers written in ways the reader's view does not keep (round 79): a power (`10⁴`,
# `10<sup>6</sup>`, `10^6`: 10000 and 1000000, or the base and a footnote's mark), a
# vulgar fraction (`½ million`, `2½`), digits grouped by underscores (`1_000_000`).
_SUPERSCRIPTS = "⁰¹²³⁴⁵⁶⁷⁸⁹"
_FRACTIONS = dict(
    zip("½¼¾⅕⅖⅗⅘⅛⅜⅝⅞⅒", ".5 .25 .75 .2 .4 .6 .8 .125 .375 .625 .875 .1".split(), strict=True)
)
# What each but a vulgar fraction needs (most pages have none; a digit first: the
# engine skips to one in C).
_WRITTEN_HINT = lazyre.compile(f"\\d(?:[{_SUPERSCRIPTS}^]|<sup|\\*\\*\\d|_\\d|[/\u2044]\\d)")


def _written_hint(text: str) -> bool:
    """Whether _WRITTEN_OTHERWISE may find a number in the text."""
    if _WRITTEN_HINT.search(text):
        return True
    return not text.isascii() and any(c in text for c in _FRACTIONS)


_WRITTEN_OTHERWISE = lazyre.compile(
    rf"""(?<![\w.,])(?:
      (?:(?P<coef>\d{{1,6}}(?:\.\d{{1,6}})?)[ \t\u00a0]*[x×·⋅*][ \t\u00a0]*(?=10\D))?
      (?P<base>\d{{1,6}})(?:<sup\b[^<>]{{0,200}}>[ \t]*(?P<sup>\d{{1,2}})[ \t]*</sup\s*>
        |(?P<raised>[{_SUPERSCRIPTS}]{{1,2}})|(?:\^|\*\*)(?P<caret>\d{{1,2}}))
        (?![\d{_SUPERSCRIPTS}])
      |(?P<whole>\d{{0,6}})[\ \t\u00a0-]?(?P<fraction>[{"".join(_FRACTIONS)}])
      |(?:(?P<and>\d{{1,6}})(?:[\ \t\u00a0-]+and)?[\ \t\u00a0-]+)?
        (?P<num>\d{{1,2}})[/\u2044](?P<den>[248]|10|16)
        (?=(?:{_SPACE}an?)?{_SPACE}(?:(?ai:{_SCALE_WORDS})\b|[kKMB]\b|MM\b))
      |(?P<underscored>\d{{1,3}}(?:_\d{{3}})+)(?!\w))""",
    re.VERBOSE,
)


def _written_otherwise(text: str, sure: bool = False) -> list[tuple[int, str, str]]:
    """(offset, as written, value) of each number the text writes as a power (`10⁶`,
    `3x10^6`), a vulgar fraction (with what follows it: _read_on) or digits grouped by
    underscores."""
    from decimal import MAX_PREC, localcontext

    found = []
    with localcontext(prec=MAX_PREC):  # (exact; a fraction's denominator ends its digits)
        for m in _WRITTEN_OTHERWISE.finditer(text):
            found += _written(text, m, sure)
    return found


def _written(text: str, m: re.Match[str], sure: bool) -> list[tuple[int, str, str]]:
    """_written_otherwise's numbers in one match of _WRITTEN_OTHERWISE (in its context)."""
    from decimal import Decimal

    at, written = m.start(), m.group()
    if m["underscored"]:
        return [(at, written, m["underscored"].replace("_", "").lstrip("0") or "0")]
    if m["base"]:
        raised = m["sup"] or m["caret"] or str(m["raised"]).translate(_RAISED)
        power = Decimal(m["base"]) ** int(raised) * Decimal(m["coef"] or 1)
        return [(at, written, _plain_value(power)), (m.start("base"), m["base"], m["base"])]
    if m["fraction"]:
        part = Decimal(_FRACTIONS[m["fraction"]])
    else:  # (`1/2 million`, `2 1/2 million`: a scale after it tells a fraction)
        part = Decimal(m["num"]) / Decimal(m["den"])
    value = _plain_value(Decimal(m["whole"] or m["and"] or "0") + part)
    end = m.end()
    glued = _GLUED_SCALE.match(text, end) if m["fraction"] else None
    if glued is not None:  # (`2½k`; `2½m` both ways)
        scale = glued["scale"] or _EITHER[glued["either"]]
        scaled = (at, text[at : glued.end()], _plain_value(Decimal(value) * _scale_of(scale)))
        if glued["scale"]:
            return [scaled]
        return [(at, text[at:end], value)] + ([scaled] if not sure or _paid(text, at) else [])
    a = _A_BEFORE_SCALE.match(text, end)  # (`½ a million`: the scale's)
    read = _read_on(text, a.end() if a else end, value, sure)
    return [(at, text[at:stop], v) for stop, v in read if not a or stop > a.end()]


_GLUED_SCALE = lazyre.compile(
    rf"(?:(?P<scale>{_SCALE_LETTERS})|(?P<either>{_EITHER_LETTERS}))(?!\w)"
)
_A_BEFORE_SCALE = lazyre.compile(rf"{_SPACE}an?(?={_SPACE}(?ai:{_SCALE_WORDS})\b)")


_RAISED = str.maketrans(_SUPERSCRIPTS, "0123456789")
_SUP_POWER = lazyre.compile(r"(\d)<sup\b[^<>]{0,200}>[ \t]*(\d{1,2})[ \t]*</sup\s*>")


def _plain_value(value: Any) -> str:
    """A Decimal as the canonical values are written: no exponent, no trailing zeros."""
    digits = format(value, "f")
    if "." in digits:
        digits = digits.rstrip("0").rstrip(".")
    whole, point, frac = digits.partition(".")
    return (whole.lstrip("0") or "0") + point + frac


def parse_article(
    text: str,
    path: str = "<article>",
    fields: Sequence[str] = ("title",),
    notes: bool = True,
    given: Sequence[Sequence[str]] = (),
) -> Article:
    """Titles: the front matter's title fields, every level-1 heading of any printing
    of the page's template tags (one in a branch its literals never run aside), and
    those the site gives it (`given`: see _given_titles). Body: the rest of the prose,
    but what a browser may not show (a hidden element, a template, CDATA, template
    code's conditions and loops): that supports nothing. A navigation file (mdBook's
    SUMMARY.md, an MkDocs config's `nav:`) has the titles the site shows from it, and no
    body. Not `notes`: the site renders no footnote, and a footnote's definition is no
    body (a link's title)."""
    from receipt_gate.reading.pageparts import html_page, titles
    from receipt_gate.sites.builds import nav_titles

    named = nav_titles(path, text)
    if named is not None:  # a navigation file: titles the site shows, and no body
        # (each kept with the page it titles: a chapter's own accuses it of nothing)
        named = [(t.replace(TITLES, ""), page) for t, page in named]
        shown = [f"{t}{TITLES}{page}" if page else t for t, page in named]
        return Article(shown, [_title_numbers(t) for t, _ in named], [])

    # What every reader surely sees, as a model's quote is held to (a hidden element, a
    # note nothing references, a styled block, a template block): the rest supports
    # nothing.
    # Liquid and Nunjucks print their output tags before markdown reads the page: what
    # they print may be markup that hides what follows (`{{ "<!--" }}`).
    # (and as they may print what the page does not say, `{{ x | default: "<!--" }}`:
    # a number supports only where both readings show it, round 58)
    readings = [text]
    if "{{" in text or "{%" in text:
        from receipt_gate.reading.frontmatter import read
        from receipt_gate.reading.templatetags import params_printed, printings

        own_fields = read(text, path).fields
        readings = printings(text, own_fields)
    html = html_page(text, path)
    body: set[str] | None = None
    # The titles of every printing (a heading's `{{ "76" }}`: round 73): each accuses
    # where readers may see it; the body supports only where every printing shows it.
    heads: dict[str, None] = {}
    context: dict[str, str] = {}
    for printed in readings:
        found = titles(printed, path, fields)
        opens = open_at(printed)  # (what the page opens before a line: a title, a body's)
        numbers = _shown_numbers(printed, path, html, found, notes, opens)
        body = numbers if body is None else body & numbers
        if "{%" in printed:  # (not a heading in a branch its literals never run)
            from receipt_gate.reading.inline import blanked
            from receipt_gate.reading.rendering import never_printed

            engine: Engine = "nunjucks" if path.endswith(".njk") else "liquid"
            never = never_printed(printed, engine)
            found = titles(blanked(printed, never), path, fields) if never else found
        heads.update(dict.fromkeys(t.text.replace(TITLES, "") for t in found))
        for t in found:
            if opens and 0 < t.line <= len(opens) and opens[t.line - 1]:
                context.setdefault(t.text.replace(TITLES, ""), opens[t.line - 1])
    if "{{<" in text or "{{%" in text:  # (and Hugo's `param` shortcode in a heading)
        hugo = params_printed(text, own_fields)
        if hugo != text:
            heads.update(dict.fromkeys(t.text for t in titles(hugo, path, fields)))
    heads.update(dict.fromkeys(t.text for t in _given_titles(text, path, fields, given)))
    body = body or set()
    # A version names a release: it accuses nothing, and in a body it supports its
    # major.minor as well as itself (3.6.0 pins a title's "3.6").
    body |= {major_minor(v) for v in body if v.count(".") >= 2}
    own = list(heads)
    return Article(
        [_plain(t) for t in own], [_title_numbers(t, context.get(t, "")) for t in own], sorted(body)
    )


def _given_titles(
    text: str, path: str, fields: Sequence[str], given: Sequence[Sequence[str]]
) -> list[Any]:
    """The titles a page shows that its own front matter does not write (round 72): one
    the site's config gives it (`given`: [path prefix, title], the longest prefix first),
    where it names none; of a Hugo section's page, each its `cascade` gives the pages
    under it (read as this page's: the file that writes it); Eleventy's
    `eleventyComputed` title (round 73; a template in it is read as written)."""
    if not given and "cascade" not in text and "eleventyComputed" not in text:
        return []
    from receipt_gate.reading.frontmatter import read
    from receipt_gate.reading.pageparts import Title
    from receipt_gate.sites.hugo import cascaded

    wanted = {f.lower() for f in fields}
    own = read(text, path).fields
    out = []
    if given and not any(k.lower() in wanted for k in own):
        out += [Title(1, 1, t) for t in _given_to(path, given)]
    if "cascade" in text:
        out += [Title(1, 1, v) for k, v in cascaded(own) if k.lower() in wanted and v]
    computed = own.get("eleventyComputed")  # (Eleventy's, as its template prints it)
    if isinstance(computed, Mapping):
        from receipt_gate.reading.templatetags import as_printed

        out += [
            Title(1, 1, as_printed(str(v), own).strip())
            for k, v in computed.items()
            if str(k).lower() in wanted
            and isinstance(v, (str, int, float))
            and not isinstance(v, bool)
            and str(v).strip()
        ]
    return out


def _given_to(path: str, given: Sequence[Sequence[str]]) -> list[str]:
    """The titles the site gives the page at `path` (`given` longest prefix first): all
    of its longest matching prefix (a default's `type`, unread, may pick any of them)."""
    mine = [(p, t) for p, t in given if path.startswith(p)]
    return [t for p, t in mine if len(p) == len(mine[0][0])]


def _shown_numbers(
    printed: str,
    path: str,
    html: bool,
    found: Sequence[Any],
    notes: bool = True,
    opened_at: list[str] | None = None,
) -> set[str]:
    """The numbers every reader surely sees in the page as printed, its titles out
    (`opened_at`: what the page opens before each line, gate.reading.direction.open_at)."""
    from receipt_gate.reading.htmlblocks import unseen
    from receipt_gate.reading.inline import blanked
    from receipt_gate.reading.pageparts import html_lines
    from receipt_gate.reading.prose import prose_lines
    from receipt_gate.reading.rendering import conditional
    from receipt_gate.reading.visible import surely_seen

    spans = [t.span for t in found if t.span != (0, 0)]  # (an HTML heading: its own text)
    printed = blanked(printed, spans) if spans else printed

    def hide(page: str) -> str:  # (and what a condition or a loop may not print)
        seen = surely_seen(unseen(page), not html, notes)
        return blanked(seen, conditional(seen))

    seen = hide(printed)
    # (an HTML block's text too is left out: Hugo, by default, prints none of it)
    lines = html_lines(seen, path, surely=True) or prose_lines(seen)
    to_draw = []
    for kept in (False, True) if may_reorder(printed) else ():  # (each element's direction
        # a control the reading keeps; a mark a style may hide, or none of them: both)
        shown = shown_directed(printed, hide, kept)
        to_draw.append(html_lines(shown, path, surely=True) or prose_lines(shown))
    for title in found:
        start, end = title.heading if title.span == (0, 0) else (0, 0)
        for each in (lines, *to_draw):
            each[start:end] = [""] * (end - start)
    return surely_read(lines, opened_at, to_draw)


def _title_numbers(title: str, opened: str = "") -> list[str]:
    """The numbers a title holds as readers read it (a version names a release: it
    accuses nothing); and as a browser draws it (`<span dir=rtl>6&rlm;7</span>`), inside
    what its page opens before it (`opened`: a `<div dir="rtl">` around it)."""
    read: set[str] = set()
    if "<sup" in title:  # (a power the markup's removal would join: `10<sup>6</sup>`)
        title = _SUP_POWER.sub(lambda m: f"{m[1]}^{m[2]}", title)
    for styles in (True, False) if "style" in title else (True,):  # (a style may show)
        read |= {tok.value for tok in tokens(_as_read(title, styles))}
        if "<" in title:  # (and each tag a browser may draw as a break a gap: 76<br>bugs)
            read |= {tok.value for tok in tokens(_as_read(title, styles, gaps=True))}
        if opened or may_reorder(title):
            drawn = (opened + _markup_out(title, tags=False, styles=styles)).split("\n")
            read |= {t.value for t in tokens(drawn)}
    return sorted(n for n in read if n.count(".") < 2)


def _as_read(title: str, styles: bool = True, gaps: bool = False) -> list[str]:
    """A title's text as a reader reads it, as one heading (round 74): what hides out (a
    hidden element, a comment; not `styles`: one an inline style may hide is shown), a
    code span's text shown, markdown's and HTML's inline markup no gap (`7*6*`,
    `7[6](/x/)`, `7<big>6</big>`: 76). Hugo escapes a title's markup where Jekyll prints
    it: read as Jekyll's (a number may be shown). `gaps`: a tag a browser may draw as a
    break is a gap (gate.reading.reader.shows_break: `76<br>bugs`, round 78)."""
    from receipt_gate.reading.prose import prose_lines

    text = _markup_out("# " + " ".join(title.split("\n")), styles=styles, gaps=gaps)
    if "`" in text:
        from receipt_gate.reading.inline import spans

        ticks = []
        for a, b in spans(text):
            n = len(text[a:b]) - len(text[a:b].lstrip("`"))
            ticks += [(a, a + n), (b - n, b)]
        text = _joined(text, ticks)
    return prose_lines(text)


def _plain(title: str) -> str:
    """A title as findings name it: its markup and what hides out (`<h1>We fixed
    <b>76</b> bugs</h1>` is "We fixed 76 bugs")."""
    if "<" not in title and "&" not in title:
        return title
    import html

    return " ".join(html.unescape(_markup_out(title).replace("\0", "")).split())


def _markup_out(text: str, tags: bool = True, styles: bool = True, gaps: bool = False) -> str:
    """The text with what its markup hides made NULs (not `styles`: an inline style hides
    nothing), then (`tags`) every tag: no gap between the words either side (`7<img>6`,
    MathML's); with `gaps`, a space for each tag a browser may draw as a break (the
    reader's view's rule: gate.reading.reader.shows_break)."""
    if "<" not in text:
        return text
    from receipt_gate.reading.inline import blanked
    from receipt_gate.reading.reader import shows_break
    from receipt_gate.reading.visible import HTML_TAG, hidden_by_markup

    judged = text if styles else _STYLE_ATTRIBUTE.sub(lambda m: " " * len(m.group()), text)
    text = _joined(text, hidden_by_markup(judged))
    if not tags:
        return text
    found = [
        (m.span(), gaps and shows_break(m.group(), text, *m.span()))
        for m in HTML_TAG.finditer(text)
    ]
    text = _joined(text, [span for span, gap in found if not gap])
    return blanked(text, [span for span, gap in found if gap]) if gaps else text


_STYLE_ATTRIBUTE = lazyre.compile(r"(?i)\sstyle\s*=\s*(?:\"[^\"]*\"|'[^']*'|[^\s>]+)")


def _joined(text: str, spans: Sequence[tuple[int, int]]) -> str:
    """The text with these spans made NULs: gone, the words either side one word."""
    chars = list(text)
    for a, b in spans:
        chars[a:b] = "\0" * (b - a)
    return "".join(chars)


def _strs(x: object) -> bool:
    return isinstance(x, list) and all(isinstance(s, str) for s in x)


def _article(hit: object) -> bool:
    """[titles, numbers of each title, body numbers], as the page cache keeps it."""
    return (
        isinstance(hit, list)
        and len(hit) == 3
        and _strs(hit[0])
        and _strs(hit[2])
        and isinstance(hit[1], list)
        and len(hit[1]) == len(hit[0])
        and all(_strs(n) for n in hit[1])
    )


def build(articles: Mapping[str, Article], supports: set[str] | None = None) -> Corpus:
    """number -> the titles that hold it, and up to two articles whose body has it (of
    those in `supports`, when given)."""
    idx = Index({}, [], {}, {}, set())
    for path in sorted(articles):
        sure = supports is None or path in supports
        _add(idx, path, articles[path], PUBLISHED | (SURELY if sure else 0))
    return corpus_of(idx)


# The first articles (in path order) whose body holds a number that the index keeps:
# two decide, the third stands in when one of them changes.
KEEP = 3
PUBLISHED, SURELY = 1, 2  # (as Pages.states() keeps a page's publication)


class Index(NamedTuple):
    """The corpus as the changed pages update it (never rebuilt while they are few)."""

    pages: dict[str, list[Any]]  # path -> [sha256, flags(, addresses named)], as states() gives
    held: list[str]  # the sections an index page holds back
    # number -> [[title, path]], in path order; as kept on disk, each number's list is its
    # JSON text, read where a number is asked (a site's index holds ~80,000 of them)
    titles: dict[str, Any]
    bodies: dict[str, list[str]]  # body number -> the first KEEP paths that surely show it
    more: set[str]  # the numbers more bodies hold than the index keeps


class DamagedIndex(GateError):
    """A number's titles as the kept index holds them are not what _dump wrote (an
    update builds the index whole instead; a check that meets it refuses to go on)."""

    def __init__(self, n: str) -> None:
        super().__init__(
            f"the index of {name}'s corpus kept in the git folder"
            f" (receipt-gate/corpus-{name}.json) is damaged at {n!r}: delete it (it is"
            " built again)"
        )


def _titles(idx: Index, n: str) -> list[list[str]] | None:
    """The titles that hold this number (None: none), read from the kept text once."""
    got = idx.titles.get(n)
    if type(got) is str:
        try:
            got = json.loads(got)
        except ValueError:
            got = None
        if not (got and type(got) is list and all(_pair(t) for t in got)):
            raise DamagedIndex(n)
        idx.titles[n] = got
    return got


def _pair(t: object) -> bool:
    return type(t) is list and len(t) == 2 and type(t[0]) is str and type(t[1]) is str


class _Titles(Mapping[str, list[list[str]]]):
    """number -> [[title, path]], as the check reads the index."""

    def __init__(self, idx: Index) -> None:
        self.idx = idx

    def __getitem__(self, n: str) -> list[list[str]]:
        got = _titles(self.idx, n)
        if got is None:
            raise KeyError(n)
        return got

    def __contains__(self, n: object) -> bool:
        return n in self.idx.titles

    def __iter__(self) -> Iterator[str]:
        return iter(self.idx.titles)

    def __len__(self) -> int:
        return len(self.idx.titles)


class _Bodies(Mapping[str, list[str]]):
    """A title's number -> the first two paths whose body surely shows it."""

    def __init__(self, idx: Index) -> None:
        self.idx = idx

    def __getitem__(self, n: str) -> list[str]:
        if n not in self.idx.titles:
            raise KeyError(n)
        return self.idx.bodies[n][:2]

    def __contains__(self, n: object) -> bool:
        return n in self.idx.titles and n in self.idx.bodies

    def __iter__(self) -> Iterator[str]:
        return (n for n in self.idx.titles if n in self.idx.bodies)

    def __len__(self) -> int:
        return sum(1 for _ in self)


def corpus_of(idx: Index, given: Sequence[Sequence[str]] = ()) -> Corpus:
    """The corpus the check reads of the index (once per index: the fingerprint and the
    check both ask)."""
    hit = _OF.get(id(idx))
    if hit is None or hit[0] is not idx or hit[1].given != given:
        hit = _OF[id(idx)] = (idx, Corpus(_Titles(idx), _Bodies(idx), given))
        while len(_OF) > 4:
            del _OF[next(iter(_OF))]
    return hit[1]


_OF: dict[int, tuple[Index, Corpus]] = {}


def _add(idx: Index, path: str, a: Article, flags: int) -> None:
    """Put what a page holds into the index: its titles where it is published, its
    body's numbers where it surely is."""
    for title, numbers in zip(a.titles, a.title_numbers, strict=True) if flags & PUBLISHED else ():
        for n in numbers:
            held = _titles(idx, n)
            if held is None:
                held = idx.titles[n] = []
            # (in path order: where this path's entries end; only they can be this one)
            at = len(held) if not held or held[-1][1] <= path else _after(held, path)
            same = at
            while same and held[same - 1][1] == path:
                same -= 1
            if [title, path] not in held[same:at]:
                held.insert(at, [title, path])
    for n in a.body_numbers if flags & SURELY else ():
        got = idx.bodies.setdefault(n, [])
        if path in got or (n in idx.more and path > got[-1]):
            continue  # (past the paths kept: not among the first)
        bisect.insort(got, path)
        if len(got) > KEEP:
            got.pop()
            idx.more.add(n)


def _after(held: list[list[str]], path: str) -> int:
    """Where entries of paths after `path` begin (the list is in path order)."""
    lo, hi = 0, len(held)
    while lo < hi:
        mid = (lo + hi) // 2
        if held[mid][1] <= path:
            lo = mid + 1
        else:
            hi = mid
    return lo


def _drop(idx: Index, paths: set[str], touched: set[str]) -> bool:
    """Take these pages out of the index (each number whose entries change, into
    `touched`); False when it can no longer tell a number's first two bodies (it kept
    too few of them)."""
    # (a number's kept text names a path as its JSON string wherever it holds it)
    named = [_ENCODE(p) for p in paths]
    for n, kept_text in list(idx.titles.items()):
        if type(kept_text) is str and not any(p in kept_text for p in named):
            continue
        held = _titles(idx, n) or []
        if any(p in paths for _, p in held):
            touched.add(n)
            kept = [e for e in held if e[1] not in paths]
            if kept:
                idx.titles[n] = kept
            else:
                del idx.titles[n]
    for n, got in list(idx.bodies.items()):
        if not paths.isdisjoint(got):
            touched.add(n)
            left = [p for p in got if p not in paths]
            if n in idx.more and len(left) < 2:
                return False
            if left:
                idx.bodies[n] = left
            else:
                del idx.bodies[n]
    return True


def _updated(
    idx: Index, delta: Mapping[str, tuple[int, Any]], files: Mapping[str, str | None]
) -> Index | None:
    """The index with the changed pages' facts in place of their old ones; None when it
    cannot tell (build it whole). What numbers it changes is kept (changed_reads)."""
    old = {p for p in delta if p in idx.pages and idx.pages[p][1] & (PUBLISHED | SURELY)}
    touched: set[str] = set()
    if old and not _drop(idx, old, touched):
        return None
    for path, (flags, parsed) in delta.items():
        if flags:
            a = Article(*parsed)
            touched.update(n for ns in a.title_numbers for n in ns)
            touched.update(a.body_numbers)
            _add(idx, path, a, flags)
        sha = files.get(path)
        if sha is None:
            idx.pages.pop(path, None)
        else:
            idx.pages[path] = [sha, flags]
    got = idx._replace()  # (another object: what was kept is no longer it)
    _TOUCHED[id(got)] = (got, frozenset(touched))
    return got


# What an index's last update changed: id(index) -> (index, the numbers it touched).
_TOUCHED: dict[int, tuple[Index, frozenset[str]]] = {}
# What a corpus was updated from: id(corpus) -> (corpus, the state of the index it was
# updated from, the numbers the update touched).
_SINCE: dict[int, tuple[Corpus, str, frozenset[str]]] = {}


def changed_reads(corpus: Corpus) -> tuple[str, frozenset[str]] | None:
    """(the state, a fingerprint's whole, of the corpus this one was updated from; the
    numbers whose titles or first bodies the update may have changed), where this
    process updated it from a kept index; None where it built it whole. A draft whose
    reads hold none of those numbers has the digest it had there."""
    hit = _SINCE.get(id(corpus))
    return (hit[1], hit[2]) if hit is not None and hit[0] is corpus else None


_ENCODE = json.JSONEncoder(separators=(",", ":")).encode


def _dump(idx: Index) -> list[Any]:
    titles = {n: v if type(v) is str else _ENCODE(v) for n, v in idx.titles.items()}
    return [idx.pages, idx.held, titles, idx.bodies, sorted(idx.more)]


def _load(doc: Any) -> Index | None:
    """The index as Pages.updated keeps it, checked leaf by leaf (one pass per kind of
    leaf: tens of thousands of them on a large site; a number's titles, kept as their
    JSON text, when it is asked: DamagedIndex); None when it is not one."""
    if not (
        isinstance(doc, list)
        and len(doc) == 5
        and all(isinstance(doc[i], dict) for i in (0, 2, 3))
        and all(isinstance(doc[i], list) for i in (1, 4))
    ):
        return None
    pages, held, titles, index, more = doc
    states = list(pages.values())
    if not (
        {type(v) for v in [*states, *index.values()]} <= {list}
        and {type(v) for v in titles.values()} <= {str}  # (each read where it is asked)
        and {len(v) for v in states} <= {2, 3}
        and {type(v[0]) for v in states} <= {str}
        and {type(v[1]) for v in states} <= {int}
        and {type(x) for v in states if len(v) > 2 for x in (v[2] if type(v[2]) is list else [0])}
        <= {str}
        and {type(x) for v in index.values() for x in v} <= {str}
        and {type(x) for x in [*held, *more]} <= {str}
        and all(index.get(n) for n in more)
    ):
        return None
    return Index(pages, held, titles, index, set(more))


NO_ARTICLES = Corpus({}, {})  # the articles globs match no file


def load_corpus(files: Mapping[str, Mapping[str, str | None]], pages: Pages) -> Corpus:
    """The summary of the published articles: an index the changed pages update."""
    articles = files.get("articles", {})
    if not articles:
        return NO_ARTICLES
    from receipt_gate.rules.corpus import given_fields
    from receipt_gate.sites import tree_drops_footnotes

    fields = tuple(pages.settings["title_fields"])
    run_dir = pages.cfg.run_dir if pages.cfg is not None else ".receipts"
    notes = not tree_drops_footnotes(pages.tree, run_dir)  # (no footnotes read: round 62)
    given = given_fields(pages.tree, pages.cfg, fields)  # (a title a config gives: round 72)
    code = json.dumps([fields, notes, given] if given else [fields, notes])

    def parse(text: str, path: str) -> list[Any]:
        return list(parse_article(text, path, fields, notes, given))

    since: list[frozenset[str]] = []  # (what this build changed of the index it kept)

    def build(kept: Index | None) -> Index:
        if kept is not None:
            delta = pages.delta(articles, kept.pages, kept.held, parse, code)
            try:
                got = _updated(kept, delta, articles) if delta else kept if delta == {} else None
            except DamagedIndex:
                got = None  # (built whole)
            if got is not None and got is not kept and delta:
                made = [[p, f, parsed, articles.get(p)] for p, (f, parsed) in delta.items()]
                _STEPS[id(got)] = (got, made)
            if got is not None:
                hit = _TOUCHED.pop(id(got), None)
                since.append(hit[1] if hit is not None and hit[0] is got else frozenset())
                return got
        # A title accuses wherever readers may see it; a body supports only where they
        # surely do (no generator holds the page back).
        parsed = pages.read(articles, parse, _article, code)
        states, held = pages.states(articles, parse, _article, code)
        idx = Index(states, held, {}, {}, set())
        for path in parsed:  # (in path order)
            _add(idx, path, Article(*parsed[path]), states[path][1])
        return idx

    def step(got: Index) -> Any:
        hit = _STEPS.pop(id(got), None)
        return hit[1] if hit is not None and hit[0] is got else None

    corpus = corpus_of(pages.updated(fields, articles, build, _dump, _load, step, _replay), given)
    if since and pages.since is not None:
        _SINCE[id(corpus)] = (corpus, pages.since, since[0])
        while len(_SINCE) > 4:
            del _SINCE[next(iter(_SINCE))]
    return corpus


# The pages' changes an index was updated by, as its journal keeps them: [[path, flags,
# what parse_article found (None where it is not published), its blob's sha256]].
_STEPS: dict[int, tuple[Index, list[list[Any]]]] = {}


def _replay(idx: Index, made: Any) -> Index | None:
    """The index updated by a journal's step again; None when the step is not one."""
    if not isinstance(made, list) or not all(
        isinstance(m, list)
        and len(m) == 4
        and isinstance(m[0], str)
        and type(m[1]) is int
        and (m[2] is None if not m[1] else _parsed(m[2]))
        and (m[3] is None or isinstance(m[3], str))
        for m in made
    ):
        return None
    shas = {m[0]: m[3] for m in made}
    try:
        return _updated(idx, {m[0]: (m[1], m[2]) for m in made}, shas)
    except DamagedIndex:
        return None  # (built whole)


def _parsed(doc: Any) -> bool:
    """What parse_article gives: titles, each title's numbers, the body's numbers."""
    return (
        isinstance(doc, list)
        and len(doc) == 3
        and all(isinstance(part, list) for part in doc)
        and {type(x) for x in [*doc[0], *doc[2]]} <= {str}
        and len(doc[1]) == len(doc[0])
        and all(isinstance(x, list) and {type(n) for n in x} <= {str} for x in doc[1])
    )


def digest(c: Corpus, reads: Sequence[str], draft: str) -> object:
    """What the verdict on this draft read of the corpus, for each number it cites:
    supported by another article's body, or the other articles' titles that hold it."""
    out: dict[str, object] = {}
    given = _given_to(draft, c.given)
    if given:  # (a title the site gives the draft: changed, the verdict reads anew)
        out["\0given"] = given
    for n in sorted(set(reads)):
        if any(p != draft for p in c.bodies.get(n, ())):
            out[n] = True
        else:
            out[n] = [[t, p] for t, p in c.titles.get(n, ()) if not _of(t, p, draft)]
    return out


def _rendered_tokens(text: str, path: str, seen: set[tuple[int, str]]) -> list[Token]:
    """The number tokens of the page as Liquid or Nunjucks prints it, in each choice its
    conditions make (gate.reading.rendering), at their places as written; none in `seen`."""
    from receipt_gate.reading.pageparts import shown_lines
    from receipt_gate.reading.prose import prose_lines
    from receipt_gate.reading.rendering import renderings

    opened = "\n".join(prose_lines(text, True, True, "open", wide=True, fences=True))
    pages, _ = renderings(text, lambda a, b: bool(opened[a:b].strip(" \n")))
    out: list[Token] = []
    for page in pages:
        for t in tokens(shown_lines(page.text, path)):
            line, col = page.written(t.line, t.col)
            if (line, t.value) not in seen:
                seen.add((line, t.value))
                out.append(t._replace(line=line, col=col))
    return out


def find_headline_numbers(
    text: str, corpus: Corpus, path: str = "<draft>", fields: Sequence[str] = ("title",)
) -> tuple[list[Finding], int, list[str]]:
    """Numbers in the draft that live in a title of ours and in no body; how many tokens;
    and the numbers it cites (what its verdict read of the corpus)."""
    from receipt_gate.reading.pageparts import shown_lines, titles

    toks = list(tokens(shown_lines(text, path), drawn=False))
    if may_reorder(text):  # (and as a browser draws it, each element's direction read)
        toks += _drawn_tokens(shown_lines(directed(text), path), 1, open_at(text), toks)
    if "{{" in text:  # a number the page prints from its own front matter is cited too,
        # and what its template tags and Hugo's figure print
        from receipt_gate.reading.frontmatter import read
        from receipt_gate.reading.templatetags import as_printed, own_values, shortcodes_printed

        own = read(text, path).fields
        for shown in (own_values(text, own), as_printed(text, own), shortcodes_printed(text)):
            if shown is not None and shown != text:
                seen = {(t.line, t.value) for t in toks}
                toks += [
                    t for t in tokens(shown_lines(shown, path)) if (t.line, t.value) not in seen
                ]
    if "{%" in text:  # and in each choice its conditions make (`7{% if false %}0{% endif
        # %}6` prints 76: round 63)
        toks += _rendered_tokens(text, path, {(t.line, t.value) for t in toks})
    for title in titles(text, path, fields) + _given_titles(text, path, fields, corpus.given):
        if title.heading == (0, 0):  # the front matter's: shown to readers, not in prose
            toks[:0] = [
                tok._replace(col=tok.col + title.col - 1 if tok.line == title.line else 1)
                for tok in tokens(title.text.split("\n"), title.line)
            ]
    # A navigation's title of a page is that page's name: the page's own title does not
    # accuse it (a chapter "Top 10 tips" and its link, `[Top 10 tips](tips.md)`).
    named: dict[str, set[str]] = {}
    if path.endswith(("SUMMARY.md", ".yml", ".yaml")):
        from receipt_gate.sites.builds import nav_titles

        for name, page in nav_titles(path, text) or ():
            for n in _title_numbers(name):
                named.setdefault(n, set()).add(page)
    findings = []
    for t in toks:
        # Never its own accuser, never its own source: a post is judged by the others.
        accused = [
            (_shown(ti), p)
            for ti, p in corpus.titles.get(t.value, ())
            if not _of(ti, p, path) and p not in named.get(t.value, ())
        ]
        if not accused or any(p != path for p in corpus.bodies.get(t.value, ())):
            continue
        where = ", ".join(f'"{title}" ({path})' for title, path in accused)
        what = "title" if len(accused) == 1 else "titles"
        extra: tuple[tuple[str, object], ...] = (
            ("number", t.written),
            ("value", t.value),
            ("title", accused[0][0]),
            ("article", accused[0][1]),
            ("titles", [{"title": ti, "article": p} for ti, p in accused]),
        )
        findings.append(
            Finding(
                t.line,
                t.col,
                f"{t.written} appears in the {what} {where} and in no article body",
                extra,
            )
        )
    return findings, len(toks), sorted({t.value for t in toks})


def make(settings: Mapping[str, Any], corpus: Corpus) -> Callable[[Draft], Outcome]:
    if corpus is NO_ARTICLES:
        from receipt_gate import GateError
        from receipt_gate.rules.config import CONFIG_FILE

        # An empty corpus accuses nothing: the check would pass every draft unheard.
        raise GateError(
            f"{CONFIG_FILE}: checks.{name}.articles: {settings['articles']}"
            f" match no file; {name} has no corpus to decide with"
        )
    fields = tuple(settings["title_fields"])

    def check(draft: Draft) -> Outcome:
        found, checked, cited = find_headline_numbers(draft.text, corpus, draft.path, fields)
        return Outcome(found, checked, reads=cited)

    return check
