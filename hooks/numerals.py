"""How a reader reads a number, for headline-numbers: digits, number words, scales and
percents, ranges, sums, fractions, powers and currencies, as the tokens a title's and a
body's numbers are compared by (canonical values: `2 bn`, `two billion` and `2,000,000,000`
are all 2000000000).

Opaque tokens (URLs, paths, at:// URIs, DIDs, UUIDs, timestamps, dates, clock times,
file names, hex and base32 runs, issue references like #21, template and HTML tags) are
blanked before reading, and a number counts only as a whole token. A version (3.6.0,
v3.6) is a token of its own. docs/checks.md "Numbers as readers read them" says what is
read and why.
"""

from __future__ import annotations

import bisect
import re
import unicodedata
from collections.abc import Callable, Iterator, Sequence
from typing import Any, NamedTuple

from receipt_gate.base import lazyre
from receipt_gate.reading.direction import drawn_lines, may_reorder

_OPAQUE = lazyre.compile(
    r"""
      https?://\S+
    | \b[0-9a-fA-F]{8}-(?:[0-9a-fA-F]{4}-){3}[0-9a-fA-F]{12}\b
    | (?<![\w&])\#[0-9]+\b | (?<![\w&])\#[0-9A-Fa-f]{3,8}\b | \b(?:GH|gh)-[0-9]+\b
    | \{%[^\n]{0,500}?%\} | \{\{[^\n]{0,500}?\}\} | <[^<>\n]*>
    | (?<![\w/])(?![\d.,]{1,40}/[\d.,]{1,40}[A-Za-z]{1,3}(?![\w/]))  # (not a range: 30/40k)
      (?=[^\s]{0,200}[A-Za-z])[\w.~-]{0,200}/[\w./\#?=&%~-]*[\w/]
    | at://\S+
    | \bdid:[a-z0-9]+:[A-Za-z0-9._:%-]+
    | \b\d{4}-\d{2}-\d{2}(?:[T\ ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?\b
    | \b\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?\b
    | \b\d{1,4}:\d{1,4}\b                     # a ratio, a verse, a score: 3:2, 16:9
    | \b\d{1,2}/\d{1,2}/\d{2,4}\b              # a date: 5/6/2024
    | (?<![\w.-])\d+(?:-[\dX]+){2,}(?![\w-])    # an ISBN, a phone number, a serial
    | (?<![\w&!])![0-9]+\b                      # GitLab's merge request: !3
    | \b[A-Z][A-Z0-9]{1,9}-[0-9]+\b             # a key or a name: JIRA-12, COVID-19
    | \b[A-Z][a-z]*-[0-9]+\b                    # a name: I-95, Catch-22 (round 83)
    | \b\d{1,3}/\d{1,3}\b(?![\ \t]*(?:[kKMB]\b|[Mm]illion|[Bb]illion|[Tt]housand))
                                               # a date, a ratio, a rule: 9/11, 24/7, 80/20
    | (?<![\w.-])[A-Za-z][\w.-]*:\d{2,5}\b       # a host's port: localhost:8080
    | \b\d+(?:\([a-z0-9]{1,2}\))+                 # a law's section: 401(k), 501(c)(3)
    | \b[a-z]+\d+[-_]\d+\b                        # an architecture's name: x86-64
    | \b9-to-5\b                                # the working day
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
    "thous": 1000,  # (round 85: `200 thous.`, `200 thsd`)
    "thsd": 1000,
    "mio": 1_000_000,
    "mn": 1_000_000,
    "millionen": 1_000_000,
    "crore": 10_000_000,
    "arab": 1_000_000_000,  # (round 92: Indian English's, romanised, after crore)
    "kharab": 100_000_000_000,
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
    "tril": 1_000_000_000_000,  # (round 90: `2 tril.`)
    "trn": 1_000_000_000_000,
    "quadrillion": 10**15,
    # (other languages' words in English copy, round 82: German's Tsd. and Tausend,
    # Spanish, Italian, Dutch, Swedish and Portuguese millions and milliards, their
    # accents folded)
    "tsd": 1000,
    "tausend": 1000,
    "mille": 1000,
    "duizend": 1000,
    "tusen": 1000,
    "tusind": 1000,
    "tys": 1000,
    "millones": 1_000_000,
    "milione": 1_000_000,
    "milioni": 1_000_000,
    "miljoen": 1_000_000,
    "miljoenen": 1_000_000,
    "miljon": 1_000_000,
    "miljoner": 1_000_000,
    "milhao": 1_000_000,
    "milhoes": 1_000_000,
    "miliardo": 1_000_000_000,
    "miliardi": 1_000_000_000,
    "miljard": 1_000_000_000,
    "miljarden": 1_000_000_000,
    "miljarder": 1_000_000_000,
    "mil millones": 1_000_000_000,  # (round 83: Spanish's billion; Swedish and Finnish
    # milj., Danish mia., Brazil's bi; Russian's млн, млрд and тыс as the look-alike
    # folding reads them: gate.reading.reader.fold, tested)
    "mлh": 1_000_000,
    "mлpд": 1_000_000_000,
    "tblc": 1000,
    "milj": 1_000_000,
    "mia": 1_000_000_000,
    "bi": 1_000_000_000,
    # (round 96: Swedish's mkr, mnkr and mdkr, millions and billions of kronor, tkr)
    "mkr": 1_000_000,
    "mnkr": 1_000_000,
    "mdkr": 1_000_000_000,
    "tkr": 1000,
    # (round 84: the words' other forms, a number before them declines them: Polish's
    # tysiące, miliony and miliardów, Czech's tisíců and milionů, Finnish's miljoonaa,
    # Hungarian's ezer and millió, Turkish's milyon and milyar, Romanian's milioane,
    # Danish and Norwegian's millioner and milliarder, Greek's and Russian's words as the
    # look-alike folding reads them; the long scale's billion is a trillion where the
    # word is only that language's: Billionen, billones, biljoen, biljoner, bilhões
    # (Brazil's billion)...)
    "tausende": 1000,
    "tausenden": 1000,
    "duizenden": 1000,
    "mila": 1000,
    "tuhat": 1000,
    "tuhatta": 1000,
    "tuhansia": 1000,
    "tysiac": 1000,
    "tysiace": 1000,
    "tysiecy": 1000,
    "tisic": 1000,
    "tisice": 1000,
    "tisicu": 1000,
    "ezer": 1000,
    "tblcячa": 1000,
    "tblcячи": 1000,
    "tblcяч": 1000,
    "xi\u03bbia\u03b4e\u03c2": 1000,
    "miliony": 1_000_000,
    "milionow": 1_000_000,
    "milionu": 1_000_000,
    "miliona": 1_000_000,
    "miljoona": 1_000_000,
    "miljoonaa": 1_000_000,
    "milyon": 1_000_000,
    "millio": 1_000_000,
    "milioane": 1_000_000,
    "millioner": 1_000_000,
    "mиллиoh": 1_000_000,
    "mиллиoha": 1_000_000,
    "mиллиohob": 1_000_000,
    "ekatommupio": 1_000_000,
    "ekatommupia": 1_000_000,
    "miliard": 1_000_000_000,
    "miliardy": 1_000_000_000,
    "miliardow": 1_000_000_000,
    "miliarda": 1_000_000_000,
    "miliardu": 1_000_000_000,
    "miliarde": 1_000_000_000,
    "miljardi": 1_000_000_000,
    "miljardia": 1_000_000_000,
    "milliarder": 1_000_000_000,
    "milyar": 1_000_000_000,
    "bilhao": 1_000_000_000,
    "bilhoes": 1_000_000_000,
    "mиллиapд": 1_000_000_000,
    "mиллиapдa": 1_000_000_000,
    "mиллиapдob": 1_000_000_000,
    "\u03b4ioekatommupia": 1_000_000_000,
    "billionen": 10**12,
    "billones": 10**12,
    "biljoen": 10**12,
    "biljoenen": 10**12,
    "biljon": 10**12,
    "biljoner": 10**12,
    "billioner": 10**12,
    "biliony": 10**12,
    "bilionow": 10**12,
    "bilionu": 10**12,
    "trilhao": 10**12,
    "trilhoes": 10**12,
    "trilyon": 10**12,
    "tpлh": 10**12,
    "tpиллиoh": 10**12,
    "tpиллиoha": 10**12,
    "tpиллиohob": 10**12,
    # (Portuguese's mil milhões; Indonesian's and Malay's ribu, juta, miliar, triliun;
    # Vietnamese's nghìn, ngàn, triệu, tỷ; Swahili's bilioni, trilioni, as folded)
    "mil milhoes": 1_000_000_000,
    "ribu": 1000,
    "juta": 1_000_000,
    "miliar": 1_000_000_000,
    "triliun": 10**12,
    "nghin": 1000,
    "ngan": 1000,
    "trieu": 1_000_000,
    "ty": 1_000_000_000,
    "bilioni": 1_000_000_000,
    "trilioni": 10**12,
    # (a scale's character after digits, as Chinese, Japanese and Korean write them:
    # `2万` 20,000, `2亿` and `2億` 200 million; their numerals stay unread)
    "\u767e": 100,
    "\ubc31": 100,
    "\u5341\u4e07": 100_000,
    "\u767e\u4e07": 1_000_000,
    "\u5343\u4e07": 10_000_000,
    "\u5341\u4ebf": 1_000_000_000,
    "\u5341\u5104": 1_000_000_000,
    "\u767e\u4ebf": 10_000_000_000,
    "\u767e\u5104": 10_000_000_000,
    "\u5343\u4ebf": 100_000_000_000,
    "\u5343\u5104": 100_000_000_000,
    "\uc2ed\ub9cc": 100_000,
    "\ubc31\ub9cc": 1_000_000,
    "\ucc9c\ub9cc": 10_000_000,
    "\uc2ed\uc5b5": 1_000_000_000,
    "\u5343": 1000,
    "\u4e07": 10_000,
    "\u842c": 10_000,
    "\u4ebf": 100_000_000,
    "\u5104": 100_000_000,
    "\ucc9c": 1000,
    "\ub9cc": 10_000,
    "\uc5b5": 100_000_000,
    # (round 86: Ukrainian's, Belarusian's, Bulgarian's and Serbian's words as folded,
    # Croatian's, Slovenian's, Slovak's, the Baltic languages', Catalan's, Basque's,
    # Albanian's, Maltese's, Icelandic's, Irish's and Welsh's)
    "t\u0438c\u044f\u0447": 1000,
    "t\u0438c\u044f\u0447i": 1000,
    "t\u0438c\u044f\u0447a": 1000,
    "x\u0438\u0459a\u0434a": 1000,
    "x\u0438\u0459a\u0434e": 1000,
    "x\u0438\u043b\u044f\u0434\u0438": 1000,
    "x\u0438\u043b\u044f\u0434a": 1000,
    "tisuca": 1000,
    "tisuce": 1000,
    "tisoc": 1000,
    "hiljada": 1000,
    "hiljade": 1000,
    "tukstantis": 1000,
    "tukstanciai": 1000,
    "tukstanciu": 1000,
    "tukstotis": 1000,
    "tukstosi": 1000,
    "tukstosu": 1000,
    "mi\u043bb\u0438oh": 1_000_000,
    "mi\u043bb\u0438oh\u0438": 1_000_000,
    "mi\u043bb\u0438ohib": 1_000_000,
    "m\u0438\u043b\u0438oh": 1_000_000,
    "m\u0438\u043b\u0438oha": 1_000_000,
    "m\u0438\u043b\u0438oh\u0438": 1_000_000,
    "mi\u043bbeh": 1_000_000,
    "mi\u043bbehbl": 1_000_000,
    "mi\u043bbehay": 1_000_000,
    "milijun": 1_000_000,
    "milijuna": 1_000_000,
    "milijuni": 1_000_000,
    "milijon": 1_000_000,
    "milijona": 1_000_000,
    "milijoni": 1_000_000,
    "milijonov": 1_000_000,
    "milijonas": 1_000_000,
    "milijonai": 1_000_000,
    "milijonu": 1_000_000,
    "miljons": 1_000_000,
    "miljoni": 1_000_000,
    "miljonu": 1_000_000,
    "miljonit": 1_000_000,
    "milio": 1_000_000,
    "milions": 1_000_000,
    "milioi": 1_000_000,
    "miljun": 1_000_000,
    "miljuni": 1_000_000,
    "milionov": 1_000_000,
    "milliun": 1_000_000,
    "miliwn": 1_000_000,
    "milljon": 1_000_000,
    "milljonir": 1_000_000,
    "milljona": 1_000_000,
    "mi\u043bb\u044fp\u0434": 1_000_000_000,
    "mi\u043bb\u044fp\u0434\u0438": 1_000_000_000,
    "mi\u043bb\u044fp\u0434ib": 1_000_000_000,
    "m\u0438\u043b\u0438ap\u0434": 1_000_000_000,
    "m\u0438\u043b\u0438ap\u0434a": 1_000_000_000,
    "m\u0438\u043b\u0438jap\u0434a": 1_000_000_000,
    "m\u0438\u043b\u0438jap\u0434\u0438": 1_000_000_000,
    "m\u0438\u043b\u0438jap\u0434e": 1_000_000_000,
    "milijarda": 1_000_000_000,
    "milijarde": 1_000_000_000,
    "milijardi": 1_000_000_000,
    "milijard": 1_000_000_000,
    "milijardas": 1_000_000_000,
    "milijardai": 1_000_000_000,
    "milijardu": 1_000_000_000,
    "miljards": 1_000_000_000,
    "miljardu": 1_000_000_000,
    "miljardit": 1_000_000_000,
    "miliardov": 1_000_000_000,
    "biljun": 1_000_000_000,
    # (round 87: Japanese's and Korean's trillion, Indonesian's jt, Vietnamese's ti,
    # Czech's tis., crs; Hindi's and Arabic's words as folded)
    "\u5146": 10**12,
    "\uc870": 10**12,
    "jt": 1_000_000,
    "tis": 1000,
    "crs": 10_000_000,
    "\u0915\u0930\u094b\u0921": 10_000_000,
    "\u0932\u093e\u0916": 100_000,
    "\u0939\u091c\u093e\u0930": 1000,
    "\u092e\u093f\u0932\u093f\u092f\u0928": 1_000_000,
    "\u0645\u0644\u064a\u0648\u0646": 1_000_000,
    "\u0645\u0644l\u064a\u064a\u0646": 1_000_000,
    "\u0645\u0644\u064al\u0631": 1_000_000_000,
    "l\u0644\u0641": 1000,
    "l\u0644l\u0641": 1000,
    # (round 88: Hebrew's, Persian's and Thai's million, Bulgarian's, Ukrainian's and
    # Lithuanian's thousand abbreviated, Swahili's and Turkish's thousand)
    "\u05de'\u05dc'll": 1_000_000,
    # (round 93: Hebrew's, Azerbaijani's, Belarusian's and Icelandic's billion as folded;
    # `2 bill.`)
    "\u05de'\u05dc'\u05d0\u05e8\u05d3": 1_000_000_000,
    "milyard": 1_000_000_000,
    "mi\u043bb\u044fp\u0434bl": 1_000_000_000,
    "mi\u043bb\u044fp\u0434a": 1_000_000_000,
    "milljar\u00f0ar": 1_000_000_000,
    "milljar\u00f0ur": 1_000_000_000,
    "milljar\u00f0a": 1_000_000_000,
    "bill": 1_000_000_000,
    "\u0645\u06cc\u0644\u06cc\u0648\u0646": 1_000_000,
    "\u0e25\u0e32\u0e19": 1_000_000,
    "x\u0438\u043b": 1000,
    "t\u0438c": 1000,
    "tukst": 1000,
    "elfu": 1000,
    # (round 89: Hindi's billion, Urdu's, Bengali's, Gujarati's, Tamil's, Telugu's,
    # Kannada's, Malayalam's and Punjabi's lakh, crore, Filipino's, Georgian's,
    # Armenian's, Amharic's, Khmer's, Mongolian's million, Hebrew's, Persian's and
    # Filipino's thousand, Thai's ten thousand, as folded)
    "\u0905\u0930\u092c": 1_000_000_000,
    "l\u0631\u0628": 1_000_000_000,
    "\u0644l\u06a9o": 100_000,
    "\u09b2\u09be\u0996": 100_000,
    "\u0ab2\u0abe\u0a96": 100_000,
    "\u0bb2\u0b9f\u0b9a\u0bae": 100_000,
    "\u0c32\u0c15\u0c37": 100_000,
    "\u0cb2\u0c95\u0cb7": 100_000,
    "\u0d32\u0d15\u0d37o": 100_000,
    "\u0a32\u0a16": 100_000,
    "\u06a9\u0631\u0648\u0691": 10_000_000,
    "\u0995\u09cb\u099f\u09bf": 10_000_000,
    "\u0645\u0644\u06cc\u0646": 1_000_000,
    "milyong": 1_000_000,
    "\u10db\u10d8\u10da\u10d8\u10dd\u10dc\u10d8": 1_000_000,
    "\u0574\u056b\u056c\u056bn\u0576": 1_000_000,
    "\u121a\u120a\u12ee\u1295": 1_000_000,
    "\u179b\u17b6\u1793": 1_000_000,
    "ca\u044f": 1_000_000,
    "\u05d0\u05dc\u05e3": 1000,
    "o\u0632l\u0631": 1000,
    "libo": 1000,
    "\u0e2b\u0e21\u0e19": 10_000,
}
_MANY = (
    "thousand",
    "lakh",
    "lac",
    "million",
    "crore",
    "arab",
    "kharab",
    "milliard",
    "billion",
    "trillion",
    "quadrillion",
)


def _any_case(word: str) -> str:
    """The word's pattern, its letters outside ASCII in either case (the patterns it
    stands in are `(?ai:)`: `МЛН` as `млн`)."""
    return "".join(f"[{c}{c.upper()}]" if c.upper() != c and not c.isascii() else c for c in word)


# Words that are a scale only abbreviated, their full stop after them (`2 bill.`; `a 20
# bill` is a banknote: the review of round 94).
_DOTTED = frozenset({"bill"})
# Its words (not `mil`: a letter that may be a unit, below), the longest first.
_SCALE_WORDS = "|".join(
    _any_case(w + "s?" if w in _MANY else w).replace(" ", r"[\ \t\u00a0]+")
    + (r"(?=\.)" if w in _DOTTED else "")
    for w in sorted(
        (w for w in _SCALES if w == w.lower() and (len(w) > 1 or not w.isascii()) and w != "mil"),
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
_UNITS = r"h|hrs?|min|mins|s|secs?|ms|us|ns|d|x|px|[kKMGT]B|fold|-?ish"
# A scale glued on (`76k`, `2MM`, `2bn`), and a letter that is a scale or a unit (`2m`:
# a million or metres; `3B`: a billion or bytes; read both ways where a reading may be
# either, as a scale in a body only after a currency sign: `£1.5m`).
_SCALE_LETTERS = rf"[kK]|MM|M|(?ai:{_SCALE_WORDS})"
_EITHER_LETTERS = r"mm|mil|mi|m|B|L|cr|tri|T"  # (round 90: `2T`, two trillion or two tesla;
# round 97: Brazil's `R$2mi`, `R$2tri`)
_CURRENCY = "$£€¥₹"  # (and every other currency sign: _paid)
_PERCENT_WORDS = (  # (and other languages', round 82: Prozent, por ciento, pour cent;
    # round 86: their forms after a number, Hungarian's, Indonesian's, Malay's, Croatian's,
    # Slovenian's, Romanian's, Vietnamese's, Estonian's, Russian's and Ukrainian's as folded)
    r"(?:(?ai:per[\ \u00a0\n-]?cent(?:um|s|a|o)?|pct"
    r"|pro[\ \u00a0-]?[cz]ent(?:a|ai|us|u|iem|i|o|ov|ow|e|s)?"
    r"|por[\ \u00a0-]?ciento|pour[\ \u00a0-]?cent|per[\ \u00a0-]?cento|por[\ \u00a0-]?cento"
    r"|pr[oó]sent(?:ti|tia|i|um|a|u)?|procento|protsent(?:i|a)?|szazalek(?:a|ot)?|persen"
    r"|persent|peratus|posto|vom[\ \u00a0]hundert|y[\ \u00a0]cant|[°º]/o"
    r"|odstot(?:ek|ka|ki|kov)|la[\ \u00a0]suta|phan[\ \u00a0]tram|vH"
    # (round 94: Serbian's Cyrillic as folded)
    r"|\u043focto"
    # (round 93: Albanian's, Azerbaijani's and Uzbek's, Kazakh's as folded)
    r"|perqind|faiz|foiz|\u043fa\u0438bl3"
    r"|[\u043f\u041f]po\u0446eht(?:a|ob|ib|\u0438)?|bi\u0434cot(?:ok|k(?:ib|\u0438|a))"
    r"|percentage[\ \u00a0]points?|toi\u03c2[\ \u00a0]ekato|odsto)\b"
    # (round 94: Polish's, Czech's and German's abbreviated, German's `v. H.`)
    r"|(?i:proc|proz)\.|v\.[\ \u00a0]?H\."
    # (round 88: Hindi's, Persian's, Arabic's and Hebrew's, as folded)
    r"|\u092a\u0930\u0924\u093f\u0936\u0924|\u062f\u0631\u0635\u062f"
    r"|\u0641\u064a[\ \u00a0]l\u0644\u0645\u064a\u0629|\u05d0\u05d7l\u05d6"
    # (round 89: Urdu's, Bengali's, Tamil's, Georgian's, Armenian's, Thai's, Tagalog's)
    r"|\u0641\u06cc\u0635\u062f|\u09b6\u09a4\u09be\u0982\u09b6|\u0b9a\u0ba4\u0bb5\u0ba4\u0bae|\u10de\u10e0\u10dd\u10ea\u10d4\u10dc\u10e2\u10d8|sn\u056fnu|\u0e40\u0e1b\u0e2d\u0e23\u0e40\u0e0b\u0e19\u0e15|porsyento"
    # (round 87: Japanese's and Korean's)
    r"|[\u30cf\u30d1]\u30fc\u30bb\u30f3\u30c8|\ud37c\uc13c\ud2b8)"
)
# Not glued to a word: no letter or digit follows, but one of the scripts written with
# no spaces (kana, CJK ideographs, Hangul): `76パーセントを`, `2万人` (round 87).
_UNGLUED = r"(?![^\W\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af])"
_NUMBER = lazyre.compile(
    rf"""
    (?<![.,\u2044])  # (not a fraction's denominator: NFKC makes ½ a 1, U+2044 and a 2)
    (?<![^\W\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af])  # (nor glued: _UNGLUED)
    (?:(?P<int>\d{{1,3}}(?:,\d{{3}})+|\d{{1,3}}(?:,\d{{2}})+,\d{{3}}|\d+)(?:\.(?P<frac>\d+))?
      |\.(?P<lead>\d+))
    (?P<exp>[eE][+-]?\d{{1,2}})?
    (?:(?P<pct>[\ \u00a0-]?(?:%|{_PERCENT_WORDS}))
      |(?P<pc>(?ai:pc|p\.c\.))
      |(?:{_UNITS}){_UNGLUED}
      |(?P<scale>{_SCALE_LETTERS}){_UNGLUED}
      |(?P<either>{_EITHER_LETTERS}){_UNGLUED})?
    {_UNGLUED}(?![.,]\d)
    """,
    re.VERBOSE,
)
# What the other reading of an `either` letter scales by.
_EITHER = {
    "m": "M",
    "mm": "M",  # (bankers' lowercase; or millimetres)
    "L": "lakh",  # (Indian English's `25L`; or litres)
    "B": "bn",
    "T": "trillion",
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
    "Md": "milliard",  # (French's Md, round 85; or a doctor)
    "mi": "M",  # (Brazil's `R$ 2 mi`, round 96; or miles)
    "tri": "trillion",  # (Brazil's `R$ 2 tri`; or a triathlon)
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
_RANGE_WORDS = (  # (round 87: bis, tot, till, do, a, à, até; round 88: or in them)
    "(?:to|or|and|through|thru|bis|tot|till|til|do|a|\u00e0|ate|at\u00e9"
    "|ou|o|oder|eller|lub|vagy|sau|veya|tai|\u0438\u043b\u0438)"
)
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
        |(?P<either>[kKmMBL]|mm|cr|Md|(?ai:mill?|thou|bio|mds|mi|tri)|grand(?![\ \t]+[A-Za-z])))
      (?!\w|\.\w))?
    (?P<and_after>{_AND_A_PART})?
    (?:(?P<pct>{_WS}*%|{_WS}+{_PERCENT_WORDS})
      |(?P<pc>{_WS}+(?ai:pc\b|p\.c\.)))?
    """,
    re.VERBOSE,
)
_TAIL_STARTS = " \t\u00a0\n-%+"  # (what _TAIL can start with: tested)
_PARTS = {
    "half": "0.5",
    "quarter": "0.25",
    "fourth": "0.25",
    "three quarters": "0.75",
    "three quarter": "0.75",  # (`three quarter million`, `three-fourths of a million`)
    "three fourths": "0.75",
    "three fourth": "0.75",
    "couple": "2",  # (round 96: `a couple of billion`, before a scale only)
}
# A thin or no-break space between groups of three digits is a thousands separator (SI:
# "41 000" is forty-one thousand), as a comma is.
_GROUPED = lazyre.compile(r"(?<![\d.,])\d{1,3}(?:[\u2009\u202f\u00a0]\d{3})+(?![\d.,]\d)")
_GROUP_SPACES = str.maketrans(dict.fromkeys("\u2009\u202f\u00a0", ","))
# Groups of three digits apart by a plain space or an apostrophe ("12 500", Swiss
# "12'500"): a reader may read either number, so both are read (round 61).
# So are groups apart by a full stop (German and Spanish `1.000`; round 71), read as the
# whole number besides the decimal.
# Either may end in a decimal comma's cents (`2 000 000,00 EUR`, `2.000.000,50`: round 90).
_LOOSE_GROUPED = lazyre.compile(  # (a digit first: the engine skips to one in C)
    r"\d(?:(?<![\d.,'’]\d)\d{0,2}(?:[ '’]\d{3})+"
    r"|(?<![\w.,'’]\d)(?<=[1-9])\d{0,2}(?:\.\d{3})+)(?:,(?P<cents>\d{1,2}))?(?![\d.,'’]?\d)"
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
    "quadrillion": 10**15,
}
_WORDS_MAX = 10**18  # past this, a run of number words names no number (and never
# grows to a value too long to print: `hundred` 2,200 times is 4,400 digits)
_WORD = lazyre.compile(
    r"\b(?:" + "|".join(sorted([*_SMALL, *_SCALE], key=len, reverse=True)) + r")(?:fold)?\b"
)  # (`tenfold` is ten, and ends its number)
_WORD_SET = frozenset([*_SMALL, *_SCALE, *(w + "fold" for w in [*_SMALL, *_SCALE])])
# Everything but ASCII letters becomes a space: a quick C-speed test for number words.
_LETTERS_ONLY = {i: " " for i in [*range(128), *range(0x2010, 0x2016)] if not chr(i).isalpha()}
# (and the dashes: `seven\u2013eight thousand` holds two number words, round 98)
# (a hyphen joins a compound, `twenty-five`; a spaced one is a dash: `two - three`)
_GAP = lazyre.compile(r"[ \t\n]+(?:and[ \t\n]+)?|-(?:[ \t]*\n[ \t]*)?")  # (`seventy-` at a
# line's end and `six` below it: round 89)


def _joins(before: str, word: str) -> bool:
    """Whether a number word goes on with the number the word before it ends: after a
    scale, before one, or a unit after a tens (`twenty one`). Two units, a teen after a
    unit, two tens are numbers of their own: `one two three` is no 6, `nine eleven` no
    20."""
    word = word.removesuffix("fold")
    if word in _SCALE or before in _SCALE:
        return True
    return _SMALL[before] in range(20, 100, 10) and _SMALL[word] in range(1, 10)


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
    (?:(?:(?:a|one){_SPACE})?(?P<part>three{_SPACE}(?:quarter|fourth)s?|half|quarter|fourth|couple)
      (?:{_SPACE}of)?(?:{_SPACE}an?)?(?={_SPACE}(?:{_SCALE_WORDS}|dozen|hundred)\b)
    |(?:(?<!at[\ \t\u00a0])
        (?P<whole>(?:{_SMALL_WORDS}|nought|naught|oh)(?:-(?:{_SMALL_WORDS}))?|\d{{1,6}})
        {_SPACE})?point{_SPACE}
      (?P<digits>\d{{1,6}}(?![\d.,])
        |(?:{_DIGIT_WORDS})(?:{_SPACE}(?:{_DIGIT_WORDS})){{0,8}})(?!\w))
    """,
    re.VERBOSE,
)


_PHRASE_KEY = lazyre.compile(r"\b(?:half|quarters?|fourths?|point|couple)\b")
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
    (?P<sep>{_WS}*[\u2012-\u2015]{_WS}*|{_WS}*-{_WS}*
      |{_SPACE}{_RANGE_WORDS}{_SPACE})
    (?P<high>(?:{_SMALL_WORDS})(?:-(?:{_SMALL_WORDS}))?)
    (?:(?P<scale>(?:{_WS}+(?:{"|".join(_SCALE)})){{1,3}})\b
      |(?P<pct>{_WS}*%|{_WS}+{_PERCENT_WORDS}))
    """,
    re.VERBOSE,
)


# `one` before what makes it a number (`one percent`, `one lakh`, `one and a half`).
# (asked of the text lowercased: the `either` letters lowercased too, `one B`)
_EITHER_LOWER = "|".join(sorted({k.lower() for k in _EITHER}))
_ONE_READ_ON = lazyre.compile(
    rf"\bone(?:\+|{_SPACE}(?:{_SCALE_WORDS}|{_EITHER_LOWER}|per|pct|and\b)"
    r"|[\ \t\u00a0\n]*%)"
)


def _word_ranges(text: str, lower: str) -> list[tuple[int, str, str]]:
    """(offset, as written, value) of each lower bound _WORD_RANGE reads in the text
    (`lower`: the text lowercased)."""
    found = []
    for m in _WORD_RANGE.finditer(lower):
        if m["sep"] == "-" and _joins(m["low"].split("-")[-1], m["high"].split("-")[0]):
            continue  # (`twenty-five thousand` is one number; `seven-eight` two: a range
            # a dash the reader's view reads as a hyphen joins, round 98)
        low = sum(_SMALL[w] for w in m["low"].split("-"))
        scale = 1
        for word in (m["scale"] or "").split():
            scale *= _SCALE[word]
        # (a percent said after the upper bound is the lower's too: round 97; and the
        # upper bound's, where a hyphen or a dash glues it to the lower: round 98)
        high = sum(_SMALL[w] for w in m["high"].split("-"))
        mark = "%" if m["pct"] else ""
        found.append((m.start(), text[m.start() : m.end()], f"{low * scale}{mark}"))
        found.append((m.start(), text[m.start() : m.end()], f"{high * scale}{mark}"))
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
        elif m["whole"] is None and _NUMBER_WORD_BEFORE.search(
            lower, max(0, m.start() - 64), m.start()
        ):  # (no word of it is longer: read from there, each `point` costs the same)
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
    total = current = top = 0
    last = ""
    for w in words:
        if w == "a":
            current = 1
        elif w in _SMALL:
            current += _SMALL[w]
        elif w in ("hundred", "dozen"):  # (of what comes before it: two dozen thousand)
            current = (current or 1) * _SCALE[w]
        elif total and _SCALE[w] > top:  # (a scale above every one before it takes them
            # all: one thousand five hundred million is 1.5 billion; a thousand million)
            total, current, top = (total + current) * _SCALE[w], 0, _SCALE[w]
        elif not current and total and last in _SCALE:  # (a million million)
            total *= _SCALE[w]
        else:
            total += (current or 1) * _SCALE[w]
            current, top = 0, max(top, _SCALE[w])
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
    "part|chapter|step|lesson|episode|level|phase|stage|session|unit|module|vol\\."
    "|no\\.|season|book|section|act|scene|figure|fig\\.|appendix|exercise|lab|example"
    "|ep\\.|weeknotes|week ?notes|twir|newsletter|digest|recap|roundup|dispatch|bulletin"
    # (round 82: a page, an article, a status code; `order volume 76` is a quantity,
    # `Volume 76` a book's)
    "|page|p\\.|pp\\.|article|art\\.|clause|paragraph|item|table|line|question|room"
    "|http|status|error|port|(?-i:Volume)"
    # (a series' entry at a title's start, the wider family _NAMED_IN reads after a
    # preposition: `Post 9: 100009 hours`, `Issue 12: a faster build`, `Day 3.`)
    "|post|entry|issue|ticket|release|version|build|round|week|day|sprint|iteration"
    "|milestone|wave|game|match|race|lap|installment|edition|devlog"
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


# Numbers in idioms that count nothing (round 84: `a high five`, `on cloud nine`, `thanks
# a million`, `worth a thousand words`, `a hundred percent sure`), and a count of parts
# that no scale follows (`a two-thirds majority` is no 2; `three-quarters of a million`
# is read whole). In every reading: a body's `thanks a million` supports no million.
_S = r"[\ \t\u00a0\n-]+"
# (a time said in words is no range of amounts: `around five to six thousand`, `until
# five to six million`, `twenty to thirty percent`: round 97)
_NO_AMOUNT = f"(?! ?%| (?:of|per|pct|percent|hundred|dozen|grand|{_SCALE_WORDS})\\b)"
_IDIOMS = (
    "high fives?|nine to five|9 to 5|cloud nine|a one in a million (?:chance|shot|find)"
    "|thanks a million|a million thanks|worth a thousand words|(?:a|one) hundred"
    " (?:percent|per cent) (?:sure|certain|confident|right|correct)|100_% (?:sure|certain"
    "|confident|right|correct)|my two cents|two cents worth|dressed to the nines"
    "|the whole nine yards|at sixes and sevens|six of one(?:,? half a dozen(?: of the other)?)?"
    "|twenty four seven|24 7"
    "|nine times out of ten|back to square one|kill two birds|a dime a dozen|forty winks"
    "|million dollar question|on all fours|in two minds|one of a kind|two peas in a pod"
    "|takes two to tango|(?:like|look|looks|feel|feels|felt) a million (?:bucks|dollars)"
    # (round 85: a break, a proverb, surfing's, odds, an even split, a score, a name)
    "|take five|saves nine|hang ten|ten to one|fifty fifty|50 50|a perfect (?:10|ten)"
    "|ten out of ten|10 out of 10|twelve factor|7 eleven"
    # (round 86: a louder setting, proverbs, a pool's ball, a toast, a cat's lives, the
    # wonders, one's back; terms of art a number names: two-factor, a two-phase commit,
    # a three-way merge, a two-tier design, a one-for-one deal)
    "|up to eleven|two birds with one stone|behind the eight ball|three['\u2019]s a crowd"
    "|two['\u2019]s company|three cheers|nine lives|seven wonders|got your six"
    "|two heads are better than one|(?:as )?easy as (?:one,? two,? (?:and )?three|1,? 2,? 3)"
    "|(?:two|2|three|3) factor|(?:two|2|three|3) phase|(?:one|two|three|1|2|3) way"
    "|(?:two|three|2|3) tier|two step|two horse|(?:one|two|three|1|2|3) for (?:one|1)"
    "|buy one get one"
    # (round 87: a review's kind, a rating's scale, a developer, a club, a proverb, the
    # seas, a radio's code)
    "|360 (?:review|feedback|degree)|(?:on )?a scale of (?:1|one) to (?:10|ten|5|five)"
    "|10x (?:engineer|developer|programmer)s?|4 h club|(?:a )?hundred and ten percent|110_%"
    "|two and two together|seven seas"
    "|a thousand and one (?:ways|things|reasons|uses|nights|ideas)"
    "|two left feet|10 4|two in the bush|nineteen to the dozen"
    # (round 88)
    "|a million times|a million miles|(?:knocked|hit) (?:us |them |him |her |me )?for six"
    # (round 89: names and idioms a number is part of)
    "|one in a million(?=[:;!.,]|$)|behind the 8 ball|s&p 500|fortune 500|apollo [0-9]{1,2}"
    "|(?:did|do|does|doing) a 180|101 (?:course|class|guide|level)s?|catch 22"
    "|\\$64,?000 question|(?:returns?|returned|got|get|gets|hit|throws?) an? 404|top 40|area 51"
    "|boeing 7[0-9]7|(?:ten|10) foot pole|(?:kept|keep|keeps|keeping) it 100"
    # (round 90)
    "|by a thousand cuts|(?:fifteen|15) minutes of fame|zero to sixty"
    "|worth (?:a )?1,?000 words|three ring circus|all (?:four|4) cylinders"
    "|million dollar (?:smile|question|idea|view|look|looks|voice|arm|baby)"
    "|thousand yard stare|seven year itch|two shakes|two by fours?"
    "|(?:play|plays|played|playing) twenty questions|the (?:four one one|411)"
    # (round 91: names and terms a number is part of, a clock's half hour)
    "|404 (?:page|redirect|status|response|handler|template)|11ty"  # (one: `404 pages` count)
    "|two faced|(?:microsoft|office) 365|formula (?:1|one)|big (?:ten|10|12|twelve)"
    "|six sigma|(?:at|by|until|till|around|from|past|since|before|after) (?:HOUR)"
    # (round 98: a clock's other minutes)
    " (?:thirty|forty five|twenty five|thirty five|fifty five|fifteen|twenty|forty|fifty"
    "|ten|oh five)NO-AMOUNT"
    "|rule of (?:72|seventy two)|7 zip|left 4 dead"
    # (round 93: idioms, names, a time of day, a year said in words)
    "|six feet under|(?:HOUR) o[’']?clock|hindsight is (?:twenty twenty|20 20)"
    "|twenty twenty vision|20 20 vision"
    "|(?:at|by|until|till|around|from|past|since|before|after) (?:HOUR) sharp"
    "|the big (?:three|four|five|3|4|5)"
    "|fab (?:four|4)|figure (?:eight|8)|thirty years[’']? war|hundred years[’']? war"
    "|(?:three|3) legged|fifty shades|ocean[’']?s (?:eleven|twelve|thirteen|eight)"
    "|(?:the|in) year two thousand"
    # (round 96: a time said in words, a market's index, names and idioms a number is
    # part of, a score, an emergency number, a golf hole, a basket)
    "|(?:half|(?:a )?quarter|five|ten|twenty|twenty five) (?:past|after)"
    " (?:HOUR|1[0-2]|[1-9])NO-AMOUNT"
    "|(?:HOUR) (?:a\\.?_m\\.?|p\\.?_m\\.?|in the (?:morning|afternoon|evening)|at night"
    "|tonight)(?!\\w)"
    "|(?:at|until|till|around|about) (?:(?:a )?quarter|five|ten|twenty|twenty five)"
    " (?:to|till|of) (?:HOUR|1[0-2]|[1-9])NO-AMOUNT"
    "|ftse (?:100|250|350)|russell (?:1000|2000|3000)|nasdaq 100|dow 30|nikkei 225"
    "|(?:dax|cac) 40|ibex 35|asx 200|nifty 50|(?:euro )?stoxx (?:50|600)|sensex 30"
    "|(?:the )?ten commandments|seven deadly sins|(?:101|one hundred and one) dalmatians"
    "|fahrenheit 451|(?:15|30|40|fifteen|thirty|forty) love|love (?:15|30|40|fifteen"
    "|thirty|forty)|(?:call|dial|dialed|dialled|calling|dialing|dialling|called) (?:911"
    "|999|112|000)|three sheets to the wind|four letter words?|par (?:3|4|5|three|four"
    "|five)|three pointers?|nine days[’']? wonder|(?:twelve|12) angry men"
    "|(?:the )?(?:seven|7) dwarfs|(?:the )?three musketeers|(?:the )?three little pigs"
    "|(?:the )?magnificent seven|seven samurai|fantastic four|famous five|secret seven"
    "|(?:the )?(?:twelve|12) days of christmas|three wise men|(?:the )?four horsemen"
    "|(?:one|1) on (?:one|1)|sweet sixteen|deep six|two bit|two timing|back (?:forty|40)"
    # (round 97: a character encoding's name, an HTTP status line)
    "|utf (?:8|16|32)|ucs (?:2|4)|iso 8859(?: [0-9]{1,2})?|latin (?:1|9)|windows 125[0-8]"
    "|cp ?125[0-8]|200 ok|201 created|202 accepted|204 no content|206 partial content"
    "|301 moved permanently|302 found|303 see other|304 not modified|307 temporary redirect"
    "|308 permanent redirect|400 bad request|401 unauthorized|402 payment required"
    "|403 forbidden|404 not found|405 method not allowed|406 not acceptable"
    "|408 request timeout|409 conflict|410 gone|411 length required|412 precondition failed"
    "|413 payload too large|414 uri too long|415 unsupported media type|418 i['’]m a teapot"
    "|422 unprocessable (?:entity|content)|429 too many requests|500 internal server error"
    "|501 not implemented|502 bad gateway|503 service unavailable|504 gateway timeout"
)
_HOURS = "one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve"


def _spelled(idioms: str) -> str:
    """The idioms as a pattern: `HOUR` a clock's hour in words, `NO-AMOUNT` no scale or
    percent after (_NO_AMOUNT), a space any run of spaces or a hyphen, `_` an optional
    space."""
    said = idioms.replace("HOUR", _HOURS).replace("NO-AMOUNT", _NO_AMOUNT)
    return said.replace(" ", _S).replace("_", "[ ]?")


_IDIOM = lazyre.compile(
    rf"(?i)(?<![\w.,])(?:(?:{_spelled(_IDIOMS)})(?![\w%])"
    rf"|(?:{_SMALL_WORDS}){_S}(?:thirds?|fourths|fifths?|sixths?|sevenths?|eighths?|ninths?"
    rf"|tenths?|hundredths?|thousandths?)\b"
    rf"(?!{_S}(?:of{_S})?(?:an?{_S})?(?:{_SCALE_WORDS}|dozen)\b))"
)
# (a digit or a word of some idiom above: a text with none is not searched)
_IDIOM_HINT = lazyre.compile(
    r"(?i)[0-9]|\b(?:fives?|nines?|million|thousand|hundred|cents|sixes|ten|one|two|four"
    r"|eleven|eight|three|seven|six"
    r"|twenty|dozen|forty|fours|fifty|twelve|fifteen|sixty|zero|thirds?|fourths|fifths?|sixths?|sevenths?"
    r"|eighths?|ninths?|tenths?|hundredths?|thousandths?)\b"
)


def _blanked(m: re.Match[str]) -> str:
    return re.sub(r"[^\n]", " ", m.group())


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
    left = start  # (back to any space `\S` ends at: a no-break space too, round 86)
    while left > 0 and not text[left - 1].isspace():
        left -= 1
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


# A share of a hundred, read as a percent: in digits or words, `out of`, `in`, `of` or
# `per`, `every` or `each` (round 85: `seventy-six out of a hundred`, `76 per hundred`,
# `76 in every 100`).
_OUT_OF_100 = lazyre.compile(
    rf"(?<![\w.,])([1-9]\d?|100|(?i:{_SMALL_WORDS})(?:-(?i:{_SMALL_WORDS}))?)[\ \u00a0]+"
    r"(?:(?i:out[\ \u00a0]+of|in|of|per|sur|su|von|de[\ \u00a0]+cada|em[\ \u00a0]+cada"
    # (round 94: Dutch's, Polish's and Czech's, Russian's as folded)
    r"|op[\ \u00a0]+de|na|\u04383)"
    r"(?:[\ \u00a0]+(?i:every|each))?"
    r"|(?i:for)[\ \u00a0]+(?i:every|each))[\ \u00a0]+"  # (round 86: `76 for every 100`)
    r"(?:100|(?i:(?:a|one)[\ \u00a0]+)?(?i:hundred)|sto|cta)\b(?![.,]\d)"
    r"|(?<![\w.,/])([1-9]\d?|100)/100(?![\d/])"  # (round 86: a score of a hundred, `76/100`)
)
# A share said before its number, as Turkish and Swahili say it (`yüzde 76`, `asilimia
# 76`), and a share of a thousand (`76‰` is 7.6%): round 86.
# A scale said before its number, as Swahili says it (`elfu 20` is 20,000, `milioni 2`
# two million: round 88).
_SWAHILI_FIRST = {"elfu": 1000, "laki": 100_000, "milioni": 1_000_000, "bilioni": 10**9}
_SCALE_FIRST = lazyre.compile(
    r"(?<![\w])(?i:(elfu|laki|milioni|bilioni))[\ \u00a0]+(\d{1,3}(?:[.,]\d{1,9})?)(?![\w%]|[.,]\d)"
)
_SHARE_FIRST = lazyre.compile(
    r"(?:(?<![\w])(?i:yuzde|asilimia)[\ \u00a0]+|\u767e\u5206\u4e4b[\ \u00a0]?)"  # (and Chinese's)
    r"(\d{1,3}(?:[.,]\d{1,9})?)(?![^\W\u3040-\u30ff\u4e00-\u9fff]|%|[.,]\d)"
    r"|(?<![\w.,])(\d{1,4}(?:[.,]\d{1,9})?)[\ \u00a0]?(?:\u2030"
    r"|(?i:per[\ \u00a0-]?mille?|permill?e?|por[\ \u00a0]mil"  # (round 91: said; and
    r"|per[\ \u00a0]+(?:a[\ \u00a0]+)?thousand)\b)"  # `760 per thousand`, round 94)
    # (and basis points, hundredths of a percent: `25 bps` is 0.25%, round 91)
    r"|(?<![\w.,])(\d{1,6}(?:[.,]\d{1,9})?)[\ \u00a0]?(?i:basis[\ \u00a0-]points?|bps?)\b"
)


_SHARE_HINTS = ("\u2030", "zde", "ZDE", "limia", "LIMIA", "\u5206\u4e4b")
_SHARE_HINT = lazyre.compile(r"(?i)\d[\ \u00a0]?(?:per|por|basis|bp)")


_HUNDRED_SAID = lazyre.compile(r"\b(?:sto|cta)\b")  # (Polish's and Czech's, Russian's, in
# lowercase: `CTA` is a call to action, the review of round 94)


def _shares(text: str) -> list[tuple[int, str, str]]:
    """Each share of a hundred the text says (`76 out of 100`, `76 in 100`: 76%, round
    83)."""
    out = []
    if "100" in text or "undred" in text or "UNDRED" in text or _HUNDRED_SAID.search(text):
        for m in _OUT_OF_100.finditer(text):
            whole = m[1] or m[2]
            said = whole if whole[0].isdigit() else str(_whole_said(whole.lower()))
            if 0 < int(said) <= 100:
                out.append((m.start(), m.group(), f"{said}%"))
    if "elfu" in text or "lioni" in text or "laki" in text:  # (Swahili: the scale first)
        for m in _SCALE_FIRST.finditer(text):
            from decimal import Decimal

            scale = _SWAHILI_FIRST[m[1].lower()]
            out.append((m.start(), m.group(), plain_value(Decimal(m[2].replace(",", ".")) * scale)))
    if any(k in text for k in _SHARE_HINTS) or _SHARE_HINT.search(text):
        from decimal import Decimal

        for m in _SHARE_FIRST.finditer(text):
            said, per = (m[1], 1) if m[1] else (m[2], 10) if m[2] else (m[3], 100)
            share = Decimal(said.replace(",", ".")) / per
            out.append((m.start(), m.group(), plain_value(share) + "%"))
    return out


# A scale's letter before a currency's sign or code, after a number (`2 MEUR`, `2 Md€`,
# `2 G€`, `2 TEUR`, `2 kUSD`; round 82): read as the letter before the generic currency
# sign (`2 M¤`), which reads as `2 M€` does (_is_currency).
_SCALED_CURRENCY = lazyre.compile(
    r"(\d[\ \u00a0]?)(k|K|T|MM|M|Mn|Mio|Md|Mrd|G|B|Bn)"
    r"(EUR|USD|GBP|JPY|CHF|SEK|NOK|DKK|INR|CNY|AUD|CAD"
    r"|[$\u00a2-\u00a5\u20a0-\u20c0\ufdfc\ufe69\uff04\uffe0\uffe1\uffe5\uffe6])(?!\w)"
)
_AS_SCALE = {"k": "k", "K": "k", "T": "k", "M": "M", "MM": "M", "Mn": "M", "Mio": "M"}  # (else: B)
# A percent sign before its number, as Turkish writes it (`%76`, `% 76`); not a Liquid
# tag's (`{% 76 %}`), a format's (`%76s`) or an escape's in a word.
_PERCENT_FIRST = lazyre.compile(
    r"(?<![\w%.,{])(?<!\d[\ \u00a0\u202f])%([\ \u00a0]?)(\d{1,9}(?:[.,]\d{1,9})?)(?![\w%]|[.,]\d)"
)


def _scaled_currency(m: re.Match[str]) -> str:
    said = _AS_SCALE.get(m[2], "B") + "\u00a4"
    return m[1] + said + " " * (len(m[2]) + len(m[3]) - len(said))


# What makes a number a date's, a time's or an address's to a reader (round 82): a month
# before it (`March 12`, `March 12, 2024`, `March 2024`), a word of time before a year
# (`in 2024`, `since 2019`, `Q3 2024`); after it, a month (`12th of March`), a clock's
# `a.m.` or `o'clock`, a street's name (`76 Main Street`), `in review` or `'s` after a
# year. A title or a draft cites no quantity there (a body still supports it).
_MONTHS = (
    "Jan|January|Feb|February|Mar|March|Apr|April|May|Jun|June|Jul|July|Aug|August|Sep"
    "|Sept|September|Oct|October|Nov|November|Dec|December"
)
_DATED_BEFORE = lazyre.compile(
    rf"(?:\b(?:{_MONTHS})\.?[\ \u00a0](?:\d{{1,2}}(?:st|nd|rd|th)?,?[\ \u00a0])?"
    r"|(?P<time>\b(?i:in|since|until|till|during|year|fy|fiscal|spring|summer|autumn|fall"
    r"|winter|early|mid|late|q[1-4]"
    # (round 91: an event's year, `Open Source Awards 2020`, `Conf 2021`)
    r"|conference|conf|summit|awards?|festival|expo|meetup|camp|con)[\ \u00a0-]))\Z"
)
_DATED_AFTER = lazyre.compile(
    rf"[\ \u00a0](?:of[\ \u00a0])?(?:{_MONTHS})\b"
    r"|[\ \u00a0]?(?:[ap]\.m\.|[AaPp][Mm]\b)|[\ \u00a0]o['\u2019]clock\b"
    r"|(?P<street>(?:[\ \u00a0][A-Z][a-z]+){1,3}[\ \u00a0](?:Street|St|Avenue|Ave|Road|Rd"
    r"|Boulevard|Blvd|Lane|Ln|Drive|Dr|Place|Pl|Court|Ct|Square|Sq|Terrace|Parkway|Pkwy)\b)"
    r"|(?P<review>[\ \u00a0](?i:in[\ \u00a0]review|edition|recap|retrospective)\b)"
)
# A score before a game's word (`a 3-2 win`), a resolution before a screen's (`4K video`).
_SCORE_OR_SCREEN = lazyre.compile(
    r"(?:\d{1,3}[-\u2013]\d{1,3}[\ \u00a0](?:win|loss|victory|defeat|draw|tie|lead|vote"
    r"|split|decision|record)|[1-9]\d?K[\ \u00a0](?:video|resolution|display|monitor|TVs?"
    r"|screens?|UHD|HDR|camera|footage|streams?|streaming|content))\b"
)
# What names the number after it, wherever it stands in a sentence (`port 443 on the
# firewall`, `page 3 shows`, `HTTP 404 for`, `flight 76`): the label rule's words read
# only where the number ends its clause.
_NAMED_BY = lazyre.compile(
    r"\b(?i:ports?|https?|rfc|pep|iso|flight|route|highway|interstate|exit|room|pages?"
    r"|pp?\.|article|chapter|section|number|bus|tram|size|grade|year)[\ \u00a0]#?\Z"
    r"|\u00a7[\ \u00a0]?\Z"
)
# A part of a series named after a preposition (`in round 84`, `by week 12`, `on day 3`):
# the label words' wider family, where a number after them names (`this week 12 people
# joined` counts: no such word before; `Stage 76 Times Faster` counts, as the label
# rule reads it).
_NAMED_IN = lazyre.compile(
    r"\b(?i:in|on|during|since|until|till|from|by|at|of|for|after|before|through|into)"
    r"[\ \u00a0]+"
    r"(?i:round|week|day|sprint|iteration|milestone|wave|season|episode|level|stage|phase"
    r"|part|step|lesson|module|unit|chapter|section|release|issue|ticket|build|game|match"
    r"|race|lap|quarter|semester|term|year|grade|gate|platform|track|lane|floor)"
    r"[\ \u00a0]+#?\Z"
)
# A decade or an age, and a year written short (`'90s`, `the 90s`, `her 50s`, `'64`).
_DECADE = lazyre.compile(r"\d0s|\d\d")
_DECADE_BEFORE = lazyre.compile(
    r"\b(?i:the|her|his|their|my|our|your|early|mid|late|in)[\ \u00a0-]\Z"
)
_DAY_OR_YEAR = lazyre.compile(r"(?P<day>\d{1,2}(?:st|nd|rd|th)?)|(?P<year>(?:19|20)\d\d)|\d{1,5}")


def _a_date_or_place(text: str, start: int, end: int) -> bool:
    """Whether the chunk text[start:end] is a day, a year, an hour or a house number
    by what stands around it (_DATED_BEFORE, _DATED_AFTER)."""
    said = text[start:end].rstrip(",.;:!?)")
    bare = said.lstrip("'\u2019")
    if _DECADE.fullmatch(bare) and (
        bare != said
        or (start and text[start - 1] in "'\u2019")
        or (bare.endswith("s") and _DECADE_BEFORE.search(text, max(0, start - 12), start))
    ):
        return True  # (round 85: `'90s`, `'64`, `the 90s`, `in her 50s`)
    if (
        _SCORE_OR_SCREEN.match(text, start)
        or _NAMED_BY.search(text, max(0, start - 14), start)
        or _NAMED_IN.search(text, max(0, start - 40), start)
    ):
        return True
    if said.endswith(("'s", "\u2019s")) and len(said) == 6:
        return said[:4].isdecimal() and said[:2] in ("19", "20")  # (`2024's`)
    m = _DAY_OR_YEAR.fullmatch(said)
    if m is None:
        return False
    before = _DATED_BEFORE.search(text, max(0, start - 20), start)
    if before is not None and (m["year"] or (m["day"] and not before["time"])):
        return True
    after = _DATED_AFTER.match(text, start + len(said))
    if after is None:
        return False
    if after["review"]:
        return bool(m["year"])
    return bool(after["street"] or m["day"])  # (a day before a month, an hour)


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
    before = text
    text = _SCALED_CURRENCY.sub(_scaled_currency, text)
    if "%" in text:  # (Turkish's `%76`, `% 76`: 76%, round 84)
        text = _PERCENT_FIRST.sub(lambda m: m[2] + m[1] + "%", text)
    found = _scan(text, shortcut, sure)
    if text != before:  # (as written: `2 MEUR`, not `2 M¤`; `%76`, not `76%`)
        found = [(at, before[at : at + len(said)], value) for at, said, value in found]
    return found


def _scan(text: str, shortcut: bool, sure: bool) -> list[tuple[int, str, str]]:
    if "<" in text or "{" in text:  # tags may span chunks: blank them in the whole text
        from receipt_gate.reading.inline import TEMPLATE, sub_blank
        from receipt_gate.reading.reader import OPAQUE

        # Template tags tried no further than their last closer, raw HTML as CommonMark
        # reads it (a `<` of a comparison is text: `lag<limit ... 76 hours > budget`).
        text = sub_blank(TEMPLATE, text) if "{" in text else text
        if "<" in text:
            text = OPAQUE.sub(lambda m: re.sub(r"[^\n]", " ", m.group()), text)
    text = _unlabeled(text)
    text = _IDIOM.sub(_blanked, text) if _IDIOM_HINT.search(text) else text
    found: list[tuple[int, str, str]] = []
    for start, end in digit_chunks(text):
        chunk = text[start:end]
        if not sure and _a_date_or_place(text, start, end):
            continue
        if shortcut and chunk.isdecimal():
            value = chunk.lstrip("0") or "0"
            found += [(start, text[start:stop], v) for stop, v in _read_on(text, end, value, sure)]
            continue
        found += _chunk_numbers(text, start, end, sure)
    if " " in text or "'" in text or "’" in text or "." in text:
        found += _loose_grouped(text, sure)
    if not sure and _RANGE_HINT.search(text):
        found += _ranges(text, found)
    found += _sums(text, found) + _shares(text)
    lower = text.lower()
    if any(k in lower for k in ("half", "quarter", "point", "fourth", "couple")):
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
            and _joins(run[-1].group(), hit.group())
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
    if (
        not sure
        and words_here - _SCALE.keys()
        and (words_here & _SCALE.keys() or any(k in lower for k in ("%", "cent", "zent", "pct")))
    ):
        found += _word_ranges(text, lower)  # (`two to three million`: 2 million too)
    found.sort()
    return found


# A range whose scale or percent its upper bound alone says (`2-3 million`, `2 to 3
# million`, `20-30%`): a reader may read its lower bound scaled too (2 million).
_RANGE = lazyre.compile(
    r"\d(?<![\w.,]\d)(?<=\d)\d*(?:\.\d+)?"  # (a digit first: the engine skips to one in C)
    r"(?:[\ \t\u00a0\n]*[-\u2010-\u2015\u2212/~\u301c\uff5e][\ \t\u00a0\n]*"
    rf"|[\ \t\u00a0\n\u2013\u2014-]+{_RANGE_WORDS}[\ \t\u00a0\n\u2013\u2014-]+)[^\s\d]?(?=\d)"
)
_UPPER = lazyre.compile(r"\d+(?:\.\d+)?")
_RANGE_HINT = lazyre.compile(
    r"\d(?:[\ \t\u00a0\n]*[-\u2010-\u2015\u2212/~\u301c\uff5e]"  # (a wave dash: round 86)
    rf"|[\ \t\u00a0\n\u2013\u2014-]+{_RANGE_WORDS}[\ \t\u00a0\n\u2013\u2014-])"
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
                out.append((m.start(), written, plain_value(Decimal(low)) + "%"))
                continue
            high = Decimal(upper.group())
            try:  # (a whole scale: the high reading is the upper times it, exactly)
                with localcontext(prec=60):
                    ratio = (Decimal(value) / high).to_integral_value()
            except (InvalidOperation, ArithmeticError):  # (`0`)
                continue
            with localcontext(prec=MAX_PREC):
                if ratio > 1 and ratio * high == Decimal(value):
                    out.append((m.start(), written, plain_value(Decimal(low) * ratio)))
    return out


_BETWEEN_SUMMED = lazyre.compile(r"[\ \t\u00a0\n]+(?:and[\ \t\u00a0\n]+)?")


def _sums(text: str, found: list[tuple[int, str, str]]) -> list[tuple[int, str, str]]:
    """(offset, as written, value) of each number said in two scales, the smaller after
    the larger (`1 million 500 thousand`, `2 lakh 50 thousand`), or in digits after it
    (`2 thousand 500`: round 92): their sum."""
    from decimal import Decimal

    after: dict[int, list[tuple[str, str]]] = {}
    for at, written, value in found:
        if (written[-1:].isalpha() or written.isdigit()) and value[-1:].isdigit():
            after.setdefault(at, []).append((written, value))
    out = []
    for at, written, value in found:
        unit = _unit_of(written) if written[-1:].isalpha() and value[-1:].isdigit() else 0
        gap = _BETWEEN_SUMMED.match(text, at + len(written)) if unit else None
        if gap is None:
            continue
        for more, plus in after.get(gap.end(), []):
            if 0 < Decimal(plus) < unit and (more.isdigit() or _unit_of(more)):
                total = plain_value(Decimal(value) + Decimal(plus))
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
        out.append((end, plain_value(number)))
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
    shown = plain_value(number)
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
    said = " ".join(m["scaled"].replace("-", " ").split())
    for word in re.split(r" (?!(?i:millones|milhoes)\b)", said):  # (`mil millones`: one)
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
# (a currency's: three capitals or a known short one; not `Y2K`, a name: round 83)
_CODE_PREFIX = lazyre.compile(r"(?<![\w.,])(?:[A-Z]{3}|R|N|Rs|RM|Rp|KSh|Sh)\.?(?=\d)")


def _loose_grouped(text: str, sure: bool) -> list[tuple[int, str, str]]:
    """Numbers grouped by spaces, apostrophes or full stops, with what follows them
    (`2 000 k`, round 83)."""
    found: list[tuple[int, str, str]] = []
    for m in _LOOSE_GROUPED.finditer(text):
        whole = m.group()[: m.start("cents") - m.start() - 1] if m["cents"] else m.group()
        digits = "".join(c for c in whole if c.isdigit()).lstrip("0") or "0"
        if m["cents"] and m["cents"].strip("0"):
            digits += "." + m["cents"].rstrip("0")
        read = _read_on(text, m.end(), digits, sure)
        found += [(m.start(), text[m.start() : stop], v) for stop, v in read]
    return found


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
    lines hold only as a browser draws them (drawn_tokens: `&rlm;6&rlm;7` is 76)."""
    yield from _tokens(lines, first_line)
    if drawn and may_reorder("\n".join(lines)):
        yield from drawn_tokens(lines, first_line, None)


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


def drawn_tokens(
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
        if any(c in text for c in _SUPERSCRIPTS):  # (a footnote's mark no number reads on)
            text = _FOOTNOTE_MARK.sub(lambda m: " " * len(m.group()), text)
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
_WRITTEN_HINT = lazyre.compile(
    f"\\d(?:[{_SUPERSCRIPTS}^]|<sup|[ \\t\u00a0]*\\^|[ \\t\u00a0]*[x×·⋅∙•*][ \\t\u00a0]*1[,0e]"
    f"|[ \\t\u00a0]*\\*\\*[ \\t\u00a0]*\\d|_\\d|[/\u2044]\\d)"
)


def _written_hint(text: str) -> bool:
    """Whether _WRITTEN_OTHERWISE may find a number in the text."""
    if _WRITTEN_HINT.search(text):
        return True
    return not text.isascii() and any(c in text for c in _FRACTIONS)


_WRITTEN_OTHERWISE = lazyre.compile(
    rf"""(?<![\w.,])(?:
      (?P<mult>\d{{1,6}}(?:\.\d{{1,6}})?)[ \t\u00a0]*[x×·⋅∙•*][ \t\u00a0]*
        (?P<ten>1(?:,000){{1,6}}|10{{3,18}}|1e\+?\d{{1,2}})(?![\d.,]*\d)  # (2 × 1,000,000,000:
        # round 83; 2 × 1e9, round 94)
      |(?:(?P<coef>\d{{1,6}}(?:\.\d{{1,6}})?)[ \t\u00a0]*[x×·⋅∙•*][ \t\u00a0]*(?=10\D))?
      (?P<base>\d{{1,6}})(?:<sup\b[^<>]{{0,200}}>[ \t]*(?P<sup>\d{{1,2}})[ \t]*</sup\s*>
        |(?P<raised>[{_SUPERSCRIPTS}]{{1,2}})
        |[ \t\u00a0]*(?:\^|\*\*)[ \t\u00a0]*(?P<caret>\d{{1,2}}))
        (?![\d{_SUPERSCRIPTS}])
      |(?P<whole>\d{{0,6}})[\ \t\u00a0-]?(?P<fraction>[{"".join(_FRACTIONS)}])
      |(?:(?P<and>\d{{1,6}})(?:[\ \t\u00a0-]+and)?[\ \t\u00a0-]+)?
        (?P<num>\d{{1,2}})[/\u2044](?P<den>[248]|10|16)
        (?=(?:{_SPACE}of)?(?:{_SPACE}an?)?{_SPACE}(?:(?ai:{_SCALE_WORDS})\b|[kKMB]\b|MM\b))
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
    if m["mult"]:  # (the product, and each factor as written)
        ten = m["ten"].replace(",", "")
        return [
            (at, written, plain_value(Decimal(m["mult"]) * Decimal(ten))),
            (at, m["mult"], plain_value(Decimal(m["mult"]))),
            (m.start("ten"), m["ten"], plain_value(Decimal(ten))),
        ]
    if m["base"]:
        raised = m["sup"] or m["caret"] or str(m["raised"]).translate(_RAISED)
        power = Decimal(m["base"]) ** int(raised) * Decimal(m["coef"] or 1)
        return [(at, written, plain_value(power)), (m.start("base"), m["base"], m["base"])]
    if m["fraction"]:
        part = Decimal(_FRACTIONS[m["fraction"]])
    else:  # (`1/2 million`, `2 1/2 million`: a scale after it tells a fraction)
        part = Decimal(m["num"]) / Decimal(m["den"])
    value = plain_value(Decimal(m["whole"] or m["and"] or "0") + part)
    end = m.end()
    glued = _GLUED_SCALE.match(text, end) if m["fraction"] else None
    if glued is not None:  # (`2½k`; `2½m` both ways)
        scale = glued["scale"] or _EITHER[glued["either"]]
        scaled = (at, text[at : glued.end()], plain_value(Decimal(value) * _scale_of(scale)))
        if glued["scale"]:
            return [scaled]
        return [(at, text[at:end], value)] + ([scaled] if not sure or _paid(text, at) else [])
    a = _A_BEFORE_SCALE.match(text, end)  # (`½ a million`: the scale's)
    read = _read_on(text, a.end() if a else end, value, sure)
    return [(at, text[at:stop], v) for stop, v in read if not a or stop > a.end()]


_GLUED_SCALE = lazyre.compile(
    rf"(?:(?P<scale>{_SCALE_LETTERS})|(?P<either>{_EITHER_LETTERS}))(?!\w)"
)
_A_BEFORE_SCALE = lazyre.compile(
    rf"(?:{_SPACE}of)?{_SPACE}an?(?={_SPACE}(?ai:{_SCALE_WORDS})\b)"
)  # (`3/4 of a million`, `¾ of a million`: round 82)


_RAISED = str.maketrans(_SUPERSCRIPTS, "0123456789")
# A footnote's mark raised after a word or a percent (`2 million¹`, `76%²`): NFKC would
# glue it on as a digit (`million1`), and no number was read (round 89 h14/h15).
_FOOTNOTE_MARK = lazyre.compile(f"(?<=[^\\W\\d_]|[%\u2030\u2031])[{_SUPERSCRIPTS}]+")
SUP_POWER = lazyre.compile(r"(\d)<sup\b[^<>]{0,200}>[ \t]*(\d{1,2})[ \t]*</sup\s*>")


def plain_value(value: Any) -> str:
    """A Decimal as the canonical values are written: no exponent, no trailing zeros."""
    digits = format(value, "f")
    if "." in digits:
        digits = digits.rstrip("0").rstrip(".")
    whole, point, frac = digits.partition(".")
    return (whole.lstrip("0") or "0") + point + frac
