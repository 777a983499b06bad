"""ai-tells: no banned phrase occurs in the prose; its weighted AI tells stay under a threshold.

The user's `phrases` and `patterns` are hard bans (any occurrence refuses); the weighted
tells (receipt_gate_hooks.tells) are scored per 1,000 words against a threshold
calibrated on human writing."""

from __future__ import annotations

import posixpath
import re
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Literal, NamedTuple

from receipt_gate import DOCS, GateError
from receipt_gate.base import lazyre
from receipt_gate.base.text import Draft
from receipt_gate.checks import Finding, Outcome
from receipt_gate.reading.direction import may_reorder
from receipt_gate.reading.drawn import ATTRIBUTE, CSS_STRING, UNSHOWN_INPUTS, css_unescaped, tags
from receipt_gate.reading.htmlblocks import HIDDEN_ELEMENT
from receipt_gate.reading.inline import COMMENT, STRICT_COMMENT, sub_blank
from receipt_gate.reading.prose import prose_lines
from receipt_gate.reading.reader import reader_view
from receipt_gate.rules.config import CONFIG_FILE
from receipt_gate_hooks.site_values import PLAIN_FILTERS
from receipt_gate_hooks.tells import MIN_TELLS, MIN_WORDS, THRESHOLD

if TYPE_CHECKING:
    from receipt_gate_hooks.site_values import Site

name = "ai-tells"
# The behaviour version, part of every receipt's fingerprint. Bump it when what the
# check decides changes (tests/test_golden.py fails until you do), and only then: a
# refactor that changes nothing stales no receipt.
version = 44
deterministic = True
# Where SARIF and code scanning point.
help_uri = DOCS + "checks.md#ai-tells-ai-writing-tells"
required_by_default = True

# The hard bans: any occurrence refuses. By default only what a chatbot leaves in a
# draft and no person writes in a published page; the words and shapes models merely
# prefer are weighed instead (receipt_gate_hooks.tells: one "delve" in a human post is
# no finding, a page dense with tells is). A team's own bans go here, each matched
# case-insensitively on whole words, with any run of spaces (or one line break) between
# words and an apostrophe as a reader takes one (_APOSTROPHE).
# What a reader reads past between a phrase's words (round 82): quotes, brackets, a dash,
# a slash or a bar, an underscore, a trademark's or a picture's symbol, a control
# character: `As an "AI" language model`, `(AI)`, `AI-language` with a dash, `AI/language`,
# `AI_language_model`, `Certainly` and an emoji before its `!`. (Not NUL or U+001A: the
# readings' own marks for nothing and for a stand-in; not a full stop or a comma: a
# sentence's end is no gap.)
_DECOR = (
    "[\"'`\u201c-\u201f\u2018-\u201b\u00ab\u00bb\u2039\u203a\u300c-\u300f()\\[\\]{}_\\-/\\\\|+&:;\u00b7\u2022"
    "\u2010-\u2015*~\u2122\u00ae\u00a9\u2120\x01-\x09\x0b-\x19\x1b-\x1f\x7f-\x9f"
    "\u2600-\u27bf\U0001f000-\U0001faff]"
)
PHRASES = (
    "as an ai language model",
    "as an artificial intelligence language model",  # (round 85: the acronym spelled out)
    "as a large language model",
    "as of my last knowledge update",
    "as of my knowledge cutoff",
    "i hope this email finds you well",
    "regenerate response",
)
# Before a reply's opening word: a heading's, a table's, a list's, a quote's or a
# definition's marks, an emoji, a symbol (not a quotation mark: `"Certainly!" she said`
# reports speech); a definition list's term on the line before (rounds 82-84).
_OPENS = (
    r"^(?:[^\n]*\n(?=:))?(?:[^\w\n\"'\u2018-\u201f\u00ab\u00bb\u2039\u203a\u275b-\u2760"
    r"\u300c-\u300f\u301d-\u301f\uff02\uff07]|\d+[.)])*"
)
# `!` and every mark drawn as one (each character Unicode names an exclamation mark or
# an interrobang, and the Latin letter U+01C3: rounds 83, 84).
_BANG = (
    r"[!\u01c3\u055c\u07f9\u109f\u1944\u203c\u203d\u2048\u2049\u2755\u2757\u2762"
    r"\u2763\u2e53\ua71d\uaa77\ufe15\ufe57\uff01\U00016e9a\U0001f679-\U0001f67b]"
)
PATTERNS = (
    rf"(?i){_OPENS}certainly[^\w\n]*{_BANG}",
    rf"(?im)(?:^[\s#>|*+-]*great question\b|\bgreat question[^\w\n]*{_BANG})",
)
# `idioms: true` bans these too, as the first releases did: phrases people do write
# (measured on human posts written before 2022, benchmarks/precision.py), for a team
# that would rather never see them.
IDIOMS = (
    "a rich tapestry",
    "serves as a testament",
    "in today's fast-paced world",
    "in today's digital age",
    "in the ever-evolving",
    "ever-evolving landscape",
    "navigate the complexities",
    "navigating the complexities",
    "game-changer",
    "game changer",
    "let's dive in",
    "unlock the power",
    "unleash the power",
    "embark on a journey",
    "plays a pivotal role",
    "in conclusion",
    "whether you're a seasoned",
    "seamlessly integrate",
    "it's important to note",
    "it is important to note",
    "let's dive into",
    "tapestry of",
    "a testament to",
    "it's worth noting",
    "it is worth noting",
    "harness the power",
    "in the realm of",
    "plays a crucial role",
    "at the end of the day",
    "i hope this helps",
    "look no further",
    "in a world where",
    "buckle up",
)
IDIOM_PATTERNS = (
    r"(?i)\bdelv(?:e|es|ed|ing)\s+(?:into|deeper)\b",
    r"(?i)\bnot (?:just|only|merely) [^.!?\n]{1,60}?[,;—–] (?:but|it's|it is)\b",
)

settings = {
    "phrases": PHRASES,
    "patterns": PATTERNS,
    "idioms": False,
    "tells": True,
    "threshold": THRESHOLD,
    "min_tells": MIN_TELLS,
    "min_words": MIN_WORDS,
    "check_blockquotes": False,
    "check_link_text": False,
    "suppressions": True,
    # The files whose values a page prints by name, `{{ site.x }}` and `{{ site.data.a.b
    # }}` (Jekyll's config and data files: `init` names them on a Jekyll site). Each
    # receipt fingerprints only the values its page printed (round 84, t08 and t09).
    "site_values": (),
}
kinds = {"site_values": "globs"}
corpus = ("site_values",)
# Said once under a refusal that holds an ai-tells finding.
hint = (
    "rephrase what ai-tells names (for weighed tells: write plainer, fewer of them);"
    " a phrase you quote, not write, can be marked before its block:"
    " <!-- receipt-gate: ignore ai-tells -- why -->"
)

# Lowercase literals that every match of a default pattern contains: when the prose
# lacks one, the pattern cannot match and is not run. A user's pattern has none.
NEEDLES: Mapping[str, tuple[str, ...]] = dict(
    zip(
        (*PATTERNS, *IDIOM_PATTERNS),
        (("certainly",), ("great question",), ("delv",), ("not ",)),
        strict=True,
    )
)
# The only characters outside ASCII that match an ASCII letter case-insensitively (in
# re and in regex): folded before the needle test so that it never skips a match.
_FOLD = str.maketrans({"\u0130": "i", "\u0131": "i", "\u017f": "s", "\u212a": "k"})

# A user pattern that backtracks catastrophically must not hang a commit.
TIMEOUT_S = 2.0


# Between words: spaces, at most one line break, never a paragraph break; and what a
# reader reads past there (_DECOR). (Not nothing: a team's `web site` is no `website`;
# a zero-width space between words, or its entity, is read as a break: _ZERO_WIDTH.)
_GAP = rf"(?:(?:[^\S\n]|{_DECOR})+(?:\n(?:[^\S\n]|{_DECOR})*)?|\n(?:[^\S\n]|{_DECOR})*)"


# Letters a reader cannot tell from others in common fonts (Unicode's confusables data
# maps these ASCII characters so: I, l, 1 and | to l; 0 to O; m to rn, d to cl, w to vv): a
# phrase's l may be written with any of them, its i with one where a capital I may stand
# (a word's start, or after a capital: `ln conclusion`, `CONCLUSlON`; round 60), its o with
# a zero, its m as rn, its d as cl, its w as vv.
# (Case-sensitive inside: a lowercase `fail` is no `fall`. A digit or a bar stands for a
# letter only beside a letter: `SQL 101` is no "lol", a table's border no "I".)
_SHAPES = {
    "i": r"(?:i|(?-i:(?<![a-z])l|(?<=[A-Za-z])[1|]|[1|](?=[A-Za-z])))",
    "l": r"(?:l|(?-i:I|(?<=[A-Za-z])[1|]|[1|](?=[A-Za-z])))",
    "o": r"(?:o|(?<=[A-Za-z])0|0(?=[A-Za-z]))",
    "m": r"(?:m|rn)",
    "d": r"(?:d|cl)",  # (round 62: `rnocleI` for "model")
    "w": r"(?:w|vv)",
}
_SHAPE = str.maketrans("i1|0", "lllo")


def shape(lower: str) -> str:
    """A lowercase text with the characters _SHAPES lets stand for others made one: what
    a phrase's needles are looked for in (a needle holds no m, d or w: it is cut there)."""
    return lower.translate(_SHAPE)


def _shaped(needles: Iterable[str]) -> tuple[str, ...]:
    """Needles as shape() reads a text, cut at each m, d and w (a page may write them rn,
    cl, vv), longest first."""
    words = {w for n in needles for w in re.split("[mdw]", shape(n)) if w}
    return tuple(sorted(words, key=lambda w: (-len(w), w)))


# An apostrophe as a reader takes it: a quote mark's, an accent's, a prime's, a
# backtick's (round 72: `it`s`); or left out, where that spells no other word (`youre`,
# `todays`: the same phrase; `were`, `well`, `lets`, `its` are words of their own).
_APOSTROPHE = "['’‘`´ʼ′‛＇]"
_WORDS_WITHOUT_IT = frozenset("its were well ill hell shell shed wed id cant wont lets".split())


def _phrase_regex(phrase: str, wild: bool = False) -> str:
    out = []
    text = phrase.strip()
    for i, ch in enumerate(text):
        if wild and ch.isalpha():  # (a stand-in for any letter, or one between: _wild_matches)
            # (between letters only, `game- changer`; or after a word's last letter
            # where one stands before it too: `A.I.`)
            last = i + 1 == len(text) or text[i + 1].isspace()
            after = f"(?:(?<={_WILD}[^{_WILD}]){_WILD})?" if last and i else ""
            out.append(
                f"(?:{_SHAPES.get(ch.lower(), re.escape(ch))}|{_WILD})"
                f"(?:{_WILD}(?=[A-Za-z0-9{_WILD}]))?{after}"
            )
        elif wild and ch in "-‐‑":
            out.append(f"[-‐‑{_WILD}]")
        elif ch.lower() in _SHAPES:
            out.append(_SHAPES[ch.lower()])
        elif ch in "'’‘":  # (or a look-alike of one, or none where no word is left)
            word = re.findall(r"[a-z]*$", text[:i].lower())[0]
            word += re.findall(r"^[a-z]*", text[i + 1 :].lower())[0]
            out.append(_APOSTROPHE + ("" if word in _WORDS_WITHOUT_IT else "?"))
        elif ch.isspace():
            # (in the wild reading, a stand-in between two words may be a dash: `A.I.
            # language-model`, round 93)
            gap = f"(?:{_GAP}|{_WILD})" if wild else _GAP
            if not out or out[-1] != gap:
                out.append(gap)
        elif ch in "-‐‑":
            out.append("[-‐‑]")
        else:
            out.append(re.escape(ch))
    body = "".join(out)
    head = r"(?<!\w)" if phrase.strip()[:1].isalnum() else ""
    # (a digit glued on is no letter of a longer word: a footnote's mark, `model¹`, which
    # the reader's view reads as `model1`; round 98)
    tail = r"(?![^\W\d])" if phrase.strip()[-1:].isalnum() else ""
    return head + body + tail


class Rule(NamedTuple):
    phrase: str  # the banned phrase, or "" for a pattern
    pattern: str  # the user's pattern, or "" for a phrase
    needles: tuple[str, ...]  # lowercase literals every match contains (none when unknown)
    rx: Any


def _needles(phrase: str) -> tuple[str, ...]:
    """The phrase's ASCII words, longest first: `in` finds each in C, and a draft that
    lacks one cannot hold the phrase, so its regex does not run."""
    return _shaped(re.split(r"[^a-z0-9]+", phrase.lower()))


class _Lazy:
    """A regex of ours (a phrase, a default pattern), compiled the first time a draft
    has all its needles: most commits need few of the 39, and compiling them all
    costs a hook 10 ms."""

    def __init__(self, source: str, flags: int) -> None:
        self.source = source
        self.flags = flags
        self.rx: re.Pattern[str] | None = None

    def finditer(self, text: str) -> Iterator[re.Match[str]]:
        if self.rx is None:
            self.rx = re.compile(self.source, self.flags)
        return self.rx.finditer(text)


@lru_cache(maxsize=8)
def _compiled(phrases: tuple[str, ...], patterns: tuple[str, ...]) -> list[Rule]:
    rules = [Rule(p, "", _needles(p), _Lazy(_phrase_regex(p), re.IGNORECASE)) for p in phrases]
    for i, pat in enumerate(patterns):
        if pat in NEEDLES:  # one of ours: known to compile, and to run in linear time
            needles = _shaped(NEEDLES[pat])
            rules.append(Rule("", pat, needles, _Lazy(pat, re.MULTILINE)))
            continue
        import regex  # a user's pattern: run with a time limit (re has none)

        try:
            rules.append(Rule("", pat, (), regex.compile(pat, regex.MULTILINE)))
        except regex.error as e:
            raise GateError(
                f"{CONFIG_FILE}: checks.ai-tells.patterns[{i}]: does not compile: {e}"
            ) from None
    return rules


def compile_rules(phrases: Sequence[str], patterns: Sequence[str]) -> list[Rule]:
    """A rule for each phrase and pattern; a pattern that does not compile is a config error."""
    return _compiled(tuple(phrases), tuple(patterns))


def _position(starts: list[int], offset: int) -> tuple[int, int]:
    lo, hi = 0, len(starts) - 1
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if starts[mid] <= offset:
            lo = mid
        else:
            hi = mid - 1
    return lo + 1, offset - starts[lo] + 1


# Characters that force the direction of the letters after them: text written backwards
# shows forwards, so what a reader sees is not what any expression reads.
_JS = (
    "front matter in JavaScript (gray-matter's ---js, which Eleventy runs): the check"
    " cannot read what it sets (a title, a description a layout shows); write it in YAML"
)
# (an entity too: markdown writes &#8238; out as the character)
_OVERRIDES = lazyre.compile("[\u202d\u202e]|&#(?:[xX]0*202[dDeE]|0*823[78]);")


# An inline element a browser may not show: `In con<span hidden>x</span>clusion` reads
# "In conclusion"; so may any element's text, by a style the check cannot see (a
# class, the site's style sheet, font-size: 0, opacity: 0) or by what it is (template,
# noscript, audio, rt). Read both ways: with its text, and once more (innermost first,
# twice for a nest) without it.
_HIDDEN_ELEMENT = HIDDEN_ELEMENT
_TAG_ONLY = lazyre.compile(r"</?[A-Za-z][^<>]{0,500}>")


def _tags_out(text: str) -> list[str]:  # (the lines, every tag gone)
    return _TAG_ONLY.sub("", text).split("\n")


_ELEMENT = lazyre.compile(r"<([A-Za-z][A-Za-z0-9-]*)(?:\s[^<>]{0,500})?>[^<]{0,500}</\1\s*>")
# What shows letters in the reverse order they are written: <bdo dir="rtl">, and CSS's
# unicode-bidi overrides (U+202E, in markup).
_BIDI_MARKUP = lazyre.compile(
    r"(?i)<bdo\b[^<>]*\bdir\s*=\s*[\"']?rtl|unicode-bidi\s*:\s*[\w-]*"
    r"override"
)


# Text a browser shows from an attribute or a style sheet: an input's value (a field, a
# button) and placeholder, a frame's srcdoc, CSS's `content:` strings.
_SHOWN_BY = {
    "input": ("value", "placeholder"),
    "textarea": ("placeholder",),
    "iframe": ("srcdoc",),
    "button": ("value",),
    # (a closed <select> shows its selected option's label: round 54)
    "option": ("label",),
    "optgroup": ("label",),
}
# An MDX component's props that name rather than say (Docusaurus' `<Admonition
# title=...>` and `<TabItem label=...>` print theirs).
_NO_TEXT_PROPS = frozenset(
    {"type", "value", "id", "classname", "class", "href", "src", "to", "key", "name", "lang"}
    | {"language", "icon", "style", "groupid", "default", "width", "height", "alt"}
)
# (bounded: an opening never closed costs a few hundred steps, not the rest of the text)
_STYLE = lazyre.compile(r"<style\b[^<>]{0,1000}>(.*?)(?:</style\s*>|\Z)", re.IGNORECASE | re.DOTALL)
# What CSS draws as text: a `content:` value's strings, a list marker given as a string
# (`list-style-type: "..."`, in a style sheet or a tag's own style: round 54).
_CSS_CONTENT = lazyre.compile(
    r"\b(?:content|list-style(?:-type)?)\s*:\s*((?:\"(?:[^\"\\\n]|\\.)*(?:\"|(?=\n)|\Z)"
    r"|'(?:[^'\\\n]|\\.)*(?:'|(?=\n)|\Z)|[^;}\"'])*)",
    re.IGNORECASE | re.DOTALL,
)
# `content: attr(data-x)`: the attribute's value is drawn (round 54).
_CSS_ATTR = lazyre.compile(r"\battr\(\s*([A-Za-z_][\w-]*)", re.IGNORECASE)


def _css_text(value: str) -> str:
    """What a `content:` value shows: its strings joined (CSS joins `"In con" "clusion"`),
    escapes read (`\\63` is "c")."""
    # (findall gives "" for the other)
    return "".join(css_unescaped(a or b) for a, b in CSS_STRING.findall(value))


def _tag_shown(
    text: str,
    tag: tuple[int, int, str, str],
    drawn: tuple[str, ...],
    keep: list[tuple[int, int, int, int]],
    css: list[tuple[int, int, int, str]],
) -> None:
    """What one opening tag shows of its attributes (kept where they are written) and
    of its own style's `content:` strings."""
    start, end, name, inside = tag
    attrs: dict[str, re.Match[str]] = {}
    for a in ATTRIBUTE.finditer(inside):  # HTML takes an attribute's first
        attrs.setdefault(a.group(1).lower(), a)
    style = attrs.get("style")
    if style is not None and (value := style.group(2) or style.group(3) or style.group(4)):
        import html  # (a value's references are decoded before CSS reads it: `&quot;`)

        value = html.unescape(value)
        shown = "".join(_css_text(c.group(1)) for c in _CSS_CONTENT.finditer(value))
        if shown.strip():
            css.append((start, end, start, shown))
    names = (*_SHOWN_BY.get(name, ()), *(n for n in drawn if n in attrs))
    if text[start + 1].isupper():  # an MDX component: it may print any text it is given
        names = tuple(n for n in attrs if n not in _NO_TEXT_PROPS)
    kind = attrs.get("type")
    if kind is not None and (kind.group(2) or kind.group(3) or kind.group(4) or "").lower() in (
        UNSHOWN_INPUTS
    ):
        return
    at_inside = start + 1 + len(name)
    for shown_by in names:
        value = attrs.get(shown_by)
        g = next((k for k in (2, 3, 4) if value is not None and value.group(k) is not None), 0)
        if value is not None and g:
            at = at_inside + value.start(g)
            keep.append((start, end, at, at + len(value.group(g))))


# What an inline element's style may draw as a space beside it (round 81: a margin, a
# padding, a width, an inline block), and nothing that hides.
_SPACING_ONLY = lazyre.compile(
    r"(?i)\s*(?:(?:margin|padding|width|min-width|letter-spacing|word-spacing|border)"
    r"[\w-]*\s*:[^;:\"'<>]*|display\s*:\s*inline-block)\s*(?:;\s*|\Z)"
)


@lru_cache(maxsize=2)
def _tags_of(text: str) -> list[tuple[int, int, bool, str, str]]:
    """The page's tags (gate.reading.drawn.tags), listed once for the readings of it
    that go through them."""
    return list(tags(text))


def _spaced_by_style(text: str) -> str | None:
    """The page with each tag between two letters or digits that a browser may draw as
    a space (`In<span style="margin-left:.3em"></span>conclusion`: round 81) made spaces:
    an element with nothing in it (a class or a style may give it a width), a void
    one, an end tag, and a start tag with no attribute that may hide (only a style of
    spacing); None where no such tag parts two letters. A tag that may hide stays:
    nothing hidden is shown. Columns stay."""
    found = _tags_of(text)
    spans: list[tuple[int, int]] = []
    opened: dict[str, list[bool]] = {}  # (by name: whether each open one may be a gap)
    for i, (start, end, closing, name, inside) in enumerate(found):
        after = found[i + 1] if i + 1 < len(found) else None
        empty = not closing and after is not None and after[0] == end and after[2:4] == (True, name)
        if closing:  # (an end tag only where its start tag hides nothing)
            gap = bool(opened.get(name)) and opened[name].pop()
        else:
            gap = empty or inside.rstrip().endswith("/") or _harmless(inside)
            opened.setdefault(name, []).append(gap)
        if gap:
            if spans and spans[-1][1] == start:
                spans[-1] = (spans[-1][0], end)  # (tags side by side: one gap)
            else:
                spans.append((start, end))
    parting = [
        (a, b) for a, b in spans if a > 0 and text[a - 1].isalnum() and text[b : b + 1].isalnum()
    ]
    if not parting:
        return None
    chars = list(text)
    for a, b in parting:
        chars[a:b] = " " * (b - a)
    return "".join(chars)


def _harmless(inside: str) -> bool:
    """Whether a start tag's attributes can hide nothing: none, or a style of spacing."""
    from receipt_gate.reading.drawn import attributes

    attrs = attributes(inside)
    style = attrs.pop("style", None) or ""
    return not attrs and _SPACING_ONLY.sub("", style).strip() == ""


def _attributes_shown(text: str) -> str | None:
    """The draft with each tag that shows an attribute's text (and each style sheet
    with `content:` strings) replaced by those texts alone, the rest gone without a
    trace (NULs: a line left is no indented code); None where there is none."""
    keep: list[tuple[int, int, int, int]] = []  # (tag start, end, text start, end)
    css: list[tuple[int, int, int, str]] = []  # (sheet start, end, value start, text)
    sheets = list(_STYLE.finditer(text)) if "<" in text else []
    drawn = tuple({a.lower() for m in sheets for a in _CSS_ATTR.findall(m.group(1))})
    for start, end, closing, name, inside in _tags_of(text) if "=" in text else ():
        if not closing:
            _tag_shown(text, (start, end, name, inside), drawn, keep, css)
    for m in sheets:
        if drawn and _CSS_ATTR.search(m.group(1)):
            css.append((m.start(), m.end(), m.start(), ""))  # (the sheet out: what it draws
            # from an attribute is read where the attribute is)
        for c in _CSS_CONTENT.finditer(m.group(1)):
            shown = _css_text(c.group(1))
            if shown.strip():
                css.append((m.start(), m.end(), m.start(1) + c.start(1), shown))
    if not keep and not css:
        return None
    chars = list(text)
    for start, end, *_ in (*keep, *css):
        for i in range(start, end):
            if chars[i] != "\n":
                chars[i] = "\0"
    for _, _, lo, hi in keep:
        chars[lo:hi] = [" " if c == "\n" else c for c in text[lo:hi]]
    for _, end, at, shown in css:  # the text where its value starts, as far as it fits
        room = text[at:end].split("\n", 1)[0]
        chars[at : at + min(len(shown), len(room))] = list(shown[: len(room)])
    return "".join(chars)


_LITERAL = r"(?:\"[^\"\n{}]*\"|'[^'\n{}]*'|`[^`\n{}]*`)"
# (not a template tag's `{{ "x" }}`: that is read as the tag prints it)
_MDX_LITERALS = lazyre.compile(
    rf"(?<!\{{)\{{(?!\{{)\s*({_LITERAL}(?:\s*\+\s*{_LITERAL}){{0,50}})\s*\}}(?!\}})"
)
# A reference definition's label and destination (what is left of the line, a title,
# is read as a paragraph's text); a footnote's `[^1]:` is not one.
_REFERENCE = lazyre.compile(r"(?m)^ {0,3}\[(?!\^)[^\]\n]{1,999}\]:[ \t]*\S+")


def _literals(m: re.Match[str]) -> str:
    """The literals' text, all else a zero-width space (every column stays)."""
    start = m.start()
    chars = ["\u200b"] * len(m.group())
    for lit in re.finditer(_LITERAL, m.group(1)):
        at = m.start(1) - start + lit.start()
        chars[at + 1 : at + len(lit.group()) - 1] = lit.group()[1:-1]
    return "".join(chars)


def _blanked(m: re.Match[str]) -> str:  # (zero-width: the line stays a paragraph's)
    return "\u200b" * len(m.group())


# Fillers a font draws as a blank the width of a letter, or as nothing, and spaces so
# narrow a reader takes a word they split for one (six-per-em, punctuation, thin, hair,
# narrow no-break, medium mathematical): the reader's view reads them as a space
# (gate.reading.reader), and ai-tells once more as nothing.
_FILLERS = str.maketrans(
    dict.fromkeys("\u115f\u1160\u3164\uffa0\u2006\u2008\u2009\u200a\u202f\u205f", "\u200b")
)


class _Found:
    """Findings by place and message, each once, in draft order at the end."""

    def __init__(self) -> None:
        self.at: dict[tuple[int, int, str], Finding] = {}

    def add(self, findings: Iterable[Finding]) -> None:
        for f in findings:  # (a phrase at one place once, however a reading spelled it,
            # and however the rules do: `game-changer` and `game changer` are one)
            said = " ".join(f.message.split(" (as ")[0].replace("-", " ").split())
            had = self.at.setdefault((f.line, f.col, said), f)
            if " (as " in had.message and " (as " not in f.message:  # (as written first)
                self.at[f.line, f.col, said] = f

    def sorted(self) -> list[Finding]:
        return sorted(self.at.values(), key=lambda f: (f.line, f.col))


class _Reading(NamedTuple):
    """How find_tells reads one page: its rules and options, and the prose readings it
    has made of it (each made once)."""

    text: str
    rules: Sequence[Rule]
    quotes: bool | Literal["own"]
    links: bool
    path: str
    shown: dict[int, str]  # line -> the front matter strings a theme may show there
    readings: dict[tuple[str, bool, bool], list[str]]
    # What find_tells found in each text of the page it read (by its options): a reading
    # of a reading (a comment's, then an attribute's) reaches a text another order of
    # them reached (the MkDocs Material upgrade guide: 35 readings of 15 texts, 45 s).
    seen: dict[tuple[str, bool, bool, bool], list[Finding]]

    def read(self, how: str, with_links: bool, code: bool = False) -> list[str]:
        got = self.readings.get((how, with_links, code))
        if got is None:
            from receipt_gate.reading.templatetags import printed

            got = self.readings[(how, with_links, code)] = prose_lines(
                self.text, self.quotes, with_links, how, wide=True, code=code, fences=True
            )
            for n, value in self.shown.items():
                if 0 < n <= len(got):
                    got[n - 1] = printed(value)
        return got

    def again(
        self, text: str, rendered: bool, peel: bool = True, joined: bool = False
    ) -> list[Finding]:
        """find_tells on another text of the same page, with the same options."""
        key = (text, rendered, peel, joined)
        if key not in self.seen:
            self.seen[key] = find_tells(
                text,
                self.rules,
                self.quotes,
                self.links,
                self.path,
                rendered,
                joined=joined,
                peel=peel,
                drawn=False,
                seen=self.seen,
            )
        return self.seen[key]


class Weighing(NamedTuple):
    """How the weighted tells refuse (receipt_gate_hooks.tells)."""

    threshold: int = THRESHOLD
    min_tells: int = MIN_TELLS
    min_words: int = MIN_WORDS
    honour_comments: bool = True


def find_tells(
    text: str,
    rules: Sequence[Rule],
    quotes: bool | Literal["own"] = "own",
    links: bool = False,
    path: str = "<draft>",
    rendered: bool = True,
    joined: bool = False,
    peel: bool = True,
    weighing: Weighing | None = None,
    drawn: bool = True,
    site: Mapping[str, Any] | None = None,
    seen: dict[tuple[str, bool, bool, bool], list[Finding]] | None = None,
) -> list[Finding]:
    """Every banned phrase or pattern in what a reader of the page may see, as a reader
    sees it (gate.reading.reader: markup out, entities decoded, lookalike letters folded), in
    draft order, each at its line and column as written: the author's prose (block
    quotes and link text too, with `quotes` and `links`), the text of HTML blocks, the
    front matter's strings (a title, a description: a theme shows them), and, where
    template tags are, both what they hold (a string a tag prints) and the words they
    join (`con{{< x >}}clusion`), and (with `rendered`) the page as Liquid or Nunjucks
    prints it, in each choice its conditions make (gate.reading.rendering); template
    code whose text cannot be read is a finding. A direction override is a finding of
    its own. With `drawn`, a phrase the pieces of raw HTML, styles and attributes spell in
    another order than written (gate.reading.drawn). With `weighing`, the weighted tells
    of the author's prose too: one finding when they add up (see _weighed)."""
    from receipt_gate.reading.drawn import raw_openers_defused
    from receipt_gate.reading.pageparts import front_matter_strings
    from receipt_gate.reading.prose import has_templates

    text = raw_openers_defused(text)  # (a textarea's `<!--` hides nothing after it)
    shown_fm = front_matter_strings(text, path)
    page = _Reading(text, rules, quotes, links, path, shown_fm, {}, {} if seen is None else seen)
    templated = has_templates(text) or "{#" in text
    found = _Found()
    found.add(_in_prose(page, templated, joined))
    found.add(_in_the_layout(page))
    for variant in _variants(text, path):
        found.add(page.again(variant, rendered, peel))
    if site and "{{" in text:  # (the site's values a page prints by name: site_values)
        from receipt_gate.reading.templatetags import own_values

        sited = own_values(text, site)
        if sited is not None:
            found.add(page.again(sited, rendered, peel))
    for variant in _plain_variants(text) if seen is None else ():  # (a reading's own:
        # the page's, not each other reading's, round 93: 75 readings of a 75 KB page)
        found.add(_in_prose(page._replace(text=variant, readings={}), False, joined))
    if drawn and "<" in text:
        found.add(_across_blank_lines(page))
    found.add(_in_the_name_and_script(text, path, rules))
    if peel and "</" in text:
        found.add(_without_hidden_elements(page))
    found.add(_overrides(text))
    if may_reorder(text):  # (the whole page drawn: a direction an HTML block gives)
        found.add(_drawn_page(text, rules, found))
    if drawn and "<" in text:
        found.add(_drawn(text, path, rules, found))
    if rendered:
        found.add(_included(page))
    if weighing is not None:
        # With what the page shows from attributes in place (a frame's srcdoc, a field's
        # value, CSS's content): a reader sees it, so the weighing reads it too.
        # And an MDX expression's string literals as MDX prints them (`{`...`}`).
        # And what Liquid and Nunjucks output tags print (`{{ "A paragraph." }}`), as
        # Jekyll and Eleventy print it before markdown reads the page.
        shown = _attributes_shown(text) or text
        if "{{" in shown or "{%" in shown:
            from receipt_gate.reading.frontmatter import read as front_matter
            from receipt_gate.reading.templatetags import as_printed

            shown = as_printed(shown, site or front_matter(shown, path).fields)
        if "{{<" in shown or "{{%" in shown:
            from receipt_gate.reading.templatetags import shortcodes_printed

            shown = shortcodes_printed(shown)
        shown = _MDX_LITERALS.sub(_literals, shown) if "{" in shown else shown
        weighed = page if shown == text else page._replace(text=shown, readings={})
        # What a site's own code may print (a shortcode's parameters, an image's title
        # and alt text through a render hook) is read for its tells, never counted as
        # words shown: the gate cannot tell whether it is printed.
        maybe = _maybe_printed(shown)
        tells = weighed if maybe == shown else weighed._replace(text=maybe, readings={})
        found.add(_weighed(tells, weighing, weighed))
    if templated and rendered:
        found.add(_rendered(page))
    return found.sorted()


def _weighed(page: _Reading, weighing: Weighing, words: _Reading | None = None) -> list[Finding]:
    """The weighted tells in the author's prose as a reader reads it (its first reading:
    template tags blank, marks out): one finding, at the first tell, naming each tell
    and its lines, when their weight per 1,000 words reaches the threshold with enough
    different tells. The lines a suppression comment covers are left out of the sum;
    when only they make it reach the threshold, the finding is placed in them, so it is
    kept as suppressed (a suppression is never silent)."""
    # Link text in: a tell that only runs into a link (`In [conclusion](#)`) is the
    # author's sentence; one wholly inside a link's text is a title, not counted.
    from functools import cache

    lines = page.read("blank", True)

    @cache
    def narrow() -> str | None:  # (read only for a page whose tells could refuse)
        if page.links:
            return None
        out = "\n".join(page.read("blank", False))
        # A page made of link text is the author's prose, read whole.
        return None if _mostly_links("\n".join(lines), out) else out

    @cache
    def seen() -> list[str] | None:
        return _seen(words or page)

    covered: frozenset[int] = frozenset()
    if weighing.honour_comments and "receipt-gate:" in page.text:
        from receipt_gate.rules.suppress import covered as covered_by

        covered = covered_by(page.text, name)
    if covered:
        kept = [" " * len(line) if n in covered else line for n, line in enumerate(lines, 1)]

        def kept_seen() -> list[str] | None:
            got = seen()
            if got is None:
                return None
            return [" " * len(ln) if n in covered else ln for n, ln in enumerate(got, 1)]

        found = _weigh(kept, weighing, frozenset(), narrow, kept_seen)
        if found is not None:
            return [found]
    found = _weigh(lines, weighing, covered, narrow, seen)
    return [found] if found is not None else []


# An image's alt text and title, a link's title (inline, or a reference definition's;
# after a destination in angle brackets too, or on the next line).
_IMAGE = lazyre.compile(  # (brackets nest one deep in the alt text; bounded: linear)
    r"!\[((?:[^\[\]\n]|\[[^\[\]\n]{0,200}\]){0,500})\]"
    r"\(\s*+[^\s()]{0,2000}+(?:\s++(?:\"([^\"\n]{0,2000}+)\"|'([^'\n]{0,2000}+)'))?\s*+\)"
)
_LINK_TITLE = lazyre.compile(  # (possessive: no run of spaces is read two ways)
    r"(?:\]\(\s*+(?:<[^<>\n]{0,2000}+>|[^\s()<]{1,2000}+)"
    r"|^[ ]{0,3}\[[^\]\n]{1,999}+\]:[ \t]*+(?:<[^<>\n]{0,2000}+>|\S{1,2000}+))"
    r"(?:[ \t]*+\n[ \t]*+|[ \t]++)"  # (a title may stand on the next line)
    r"(?:\"((?:[^\"\\\n]|\\.|\n(?![ \t]*+\n)){0,2000}+)\""
    r"|'((?:[^'\\\n]|\\.|\n(?![ \t]*+\n)){0,2000}+)'"
    r"|\(((?:[^()\\\n]|\\.|\n(?![ \t]*+\n)){0,2000}+)\))",
    re.MULTILINE,
)
# A fence whose language names no code: a site's render hook (Hugo's
# render-codeblock-note.html) or a custom fence (pymdownx.superfences' custom_fences) may
# print what it holds as text; a diagram's labels are shown too. Opened anywhere: in a
# list item, a blockquote, indented; its language a word or a brace's first class
# (superfences' ```` ```{.note} ````).
_FENCE = lazyre.compile(
    r"[ \t>]*+(?:(?:[-*+]|\d{1,9}[.)])[ \t]++[ \t>]*+)?(`{3,}+|~{3,}+)[ \t]*+"
    r"(?:\{[^}\n]*?\.([\w-]++)|([^\s`{]*+))"
)
# A paired shortcode or tag whose inner text the site's code prints as it is (Hugo's
# `{{< note >}}...{{< /note >}}` with `.Inner`, an Eleventy paired shortcode): a fence or
# an indented block in it is text on the page.
# Liquid's and Nunjucks' own blocks change nothing of how markdown reads what they hold.
_FLOW = frozenset(
    "if unless case for tablerow capture raw verbatim comment block macro call filter set"
    " with paginate cache".split()
)
_PAIR_OPEN = lazyre.compile(  # (an opening may run over lines)
    r"\{\{<-?\s*+([\w.-]++)(?:[^>]|>(?!\}\}))*+>\}\}|\{%-?\s*+([\w-]++)[^%]*+%\}"
)
_PAIR_CLOSE = lazyre.compile(
    r"\{\{<-?\s*+/\s*+([\w.-]++)\s*+-?>\}\}|\{%-?\s*+end([\w-]++)\s*+-?%\}"
)


def _maybe_printed(text: str) -> str:
    """The page with what a site's own code may print written out where it stands: each
    parameter of a Hugo shortcode (its layout may print `.Get 0`), each string of a
    Liquid or Nunjucks tag (an include's or a shortcode's parameter), an image's alt text
    and title and a link's title (a render hook may print them: `<figcaption>{{ .Title
    }}`), what a fence holds where its language names no code, and what a paired
    shortcode or tag holds, fences and indents aside. Line breaks stay where they
    were."""
    from receipt_gate.reading.templatetags import shortcode_strings, tag_strings

    if "{{<" in text or "{%" in text:
        text = _pairs_as_text(text)
    text = tag_strings(shortcode_strings(text))
    if "![" in text:
        text = _IMAGE.sub(lambda m: " ".join(filter(None, m.groups())), text)
    if "](" in text or "]:" in text:  # (a title over lines is read on its last one)
        text = _LINK_TITLE.sub(
            lambda m: m.group(0) + " " + " ".join(filter(None, m.groups())).replace("\n", " "),
            text,
        )
    if "``" in text or "~~" in text:
        text = _unfenced(text)
    return text


def _pairs_as_text(text: str) -> str:
    """The page with what each paired shortcode or tag (but those of code) holds read as
    text: its fences' marks and its lines' indents taken out, line breaks kept. An
    opening's end is the first of its name after it (found by bisection over one scan of
    the ends: linear, however many openings never close)."""
    import bisect

    from receipt_gate.reading.prose import CODE_PAIRS

    ends: dict[str, list[int]] = {}
    for m in _PAIR_CLOSE.finditer(text):
        ends.setdefault(m.group(1) or m.group(2), []).append(m.start())
    if not ends:
        return text
    pieces, pos = [], 0
    for m in _PAIR_OPEN.finditer(text):
        name = m.group(1) or m.group(2)
        found = ends.get(name, [])
        i = bisect.bisect_left(found, m.end())
        if m.start() < pos or name in CODE_PAIRS or name in _FLOW or i == len(found):
            continue
        inner = text[m.end() : found[i]]
        lines = [ln.lstrip(" \t") for ln in inner.split("\n")]
        opened = "\n".join("" if _FENCE.match(ln) else ln for ln in lines)
        pieces += [text[pos : m.end()], opened]
        pos = found[i]
    return "".join(pieces) + text[pos:] if pieces else text


def _unfenced(text: str) -> str:
    """The page with each fence whose language names no code opened: its lines read as
    text, their marks of lists and quotes aside (each line visited once)."""
    from receipt_gate.reading.codelangs import is_code

    lines = text.split("\n")
    out: list[str] = []
    i = 0
    while i < len(lines):
        m = _FENCE.match(lines[i])
        if m is None:
            out.append(lines[i])
            i += 1
            continue
        fence, lang = m.group(1), m.group(2) or m.group(3)
        j = i + 1
        while j < len(lines) and not _closes(lines[j], fence):
            j += 1
        if not lang or is_code(lang):
            out += lines[i : j + 1]
        else:  # (as many lines: the fences' own blank)
            body = [ln.lstrip(" \t>") for ln in lines[i + 1 : j]]
            out += ["", *body, *([""] if j < len(lines) else [])]
        i = j + 1
    return "\n".join(out)


def _closes(line: str, fence: str) -> bool:
    """Does this line close a fence opened by `fence` (its marks of lists and quotes
    aside)?"""
    mark = line.lstrip(" \t>").rstrip()
    return len(mark) >= len(fence) and mark == fence[0] * len(mark)


def _mostly_links(wide: str, narrow: str) -> bool:
    """Is there more link text than other prose (the readings side by side: link text is
    what the wide one has and the narrow one blanks)? Then it is no list of titles but
    the page's own sentences, each made a link (to nowhere, often)."""
    own = sum(1 for c in narrow if c not in " \0\n")
    linked = sum(1 for c in wide if c not in " \0\n") - own
    return linked > own


def _seen(page: _Reading) -> list[str] | None:
    """The prose of the page with what no reader sees taken out (hidden elements,
    abbreviation definitions, unreferenced notes, front matter the layout does not
    print), to count the words it shows; None when that is all of it."""
    from receipt_gate.reading.visible import words_shown

    shown = words_shown(page.text)
    if shown == page.text and not page.shown:
        return None
    return prose_lines(shown, page.quotes, True, "blank", wide=True, fences=True)


def _weigh(
    lines: list[str],
    weighing: Weighing,
    prefer: frozenset[int],
    narrow_of: Callable[[], str | None] = lambda: None,
    seen_of: Callable[[], list[str] | None] = lambda: None,
) -> Finding | None:
    """The finding the weighted tells of these lines make, if they add up: at the first
    tell (the first on a line in `prefer`, when one is). A tell counts only where it
    takes in some of the `narrow` reading (link text out); the words counted are those
    of `seen` (what a reader is shown), when given. Both are read only when every tell,
    at the fewest words, could refuse (most pages cannot: one reading, not three)."""
    from receipt_gate_hooks.tells import score

    view = reader_view("\n".join(lines), False)
    text = view.text.replace("\0", " ")
    could = score(text, min_words=weighing.min_words, need=weighing.threshold,
                  need_tells=weighing.min_tells)  # fmt: skip
    if could.words == 0:
        return None  # every tell counted, at min_words: under the threshold
    narrow, seen = narrow_of(), seen_of()
    keep = None
    if narrow is not None and narrow != "\n".join(lines):
        bare = narrow

        def keep(start: int, end: int) -> bool:
            s, e = view.written(start), view.written(max(start, end - 1)) + 1
            return any(bare[i] not in " \0" for i in range(s, min(e, len(bare))))

    words_in = None
    if seen is not None:
        words_in = reader_view("\n".join(seen), False).text.replace("\0", " ")
    got = score(
        text,
        min_words=weighing.min_words,
        need=weighing.threshold,
        need_tells=weighing.min_tells,
        keep=keep,
        words_in=words_in,
    )
    if got.per_1000 < weighing.threshold or len(got.hits) < weighing.min_tells:
        return None
    starts = [0]
    for text_line in lines[:-1]:
        starts.append(starts[-1] + len(text_line) + 1)
    where = {
        h.tell.label: [_position(starts, view.written(o)) for o in h.offsets] for h in got.hits
    }
    said = ", ".join(f'"{label}" ({_lines_of(at)})' for label, at in where.items())
    every = sorted(at for places in where.values() for at in places)
    first = next((at for at in every if at[0] in prefer), every[0])
    message = (
        f"AI tells weigh {got.per_1000:.1f} per 1,000 words ({len(got.hits)} different;"
        f" refuses at {weighing.threshold} with {weighing.min_tells}): {said}"
    )
    return Finding(
        *first,
        message,
        (
            # What a baseline knows it by: the weight and the tells, so that a page
            # baselined with some tells is excused only while it has no more of them and
            # weighs no more (gate.rules.suppress: a measured key).
            (
                "key",
                f"weighted AI tells at {got.per_1000:.1f} per 1,000: "
                + " | ".join(sorted(h.tell.label for h in got.hits)),
            ),
            ("per_1000", round(got.per_1000, 1)),
            ("tells", [h.tell.label for h in got.hits]),
        ),
    )


def _lines_of(at: list[tuple[int, int]]) -> str:
    lines = sorted({line for line, _ in at})
    return ("line " if len(lines) == 1 else "lines ") + ", ".join(map(str, lines))


def _in_prose(page: _Reading, templated: bool, joined: bool) -> list[Finding]:
    """The prose, read each way its template tags and marks can be read."""
    out: list[Finding] = []
    text, rules, links = page.text, page.rules, page.links
    hows = (
        ("join",)
        if joined and templated
        else (  # a rendering: what tags are left
            "blank",
            "open",
            "join",
        )
        if templated
        else ("blank",)
    )  # print, nothing
    for how in hows:
        lines = page.read(how, links)
        # Without link text, a phrase a link's text only ends or begins (`In
        # [conclusion](#)`) is still the page's sentence: read with the text too, and
        # leave out a match only where it lies inside link text alone.
        whole = page.read(how, True) if not links and "[" in text else None
        # Read twice where a mark is: every `*_~` dropped (a stray one hides nothing) and
        # only emphasis dropped (`one~~~in conclusion`: the tildes are text between words).
        marked = any(c in line for line in (whole or lines) for c in "*_~")
        for exact in (False, True) if marked else (False,):
            out += [f for _, _, f in _matches(lines, rules, exact)]
            if whole is not None:
                out += _touching(whole, lines, rules, exact)
    if not links and "[" in text and _SENTENCE_LINK.search(text):
        # Link text that is a whole sentence, its own closing mark inside the brackets,
        # names no page: the author's sentence made a link (round 97 t01, to nowhere).
        said = _SENTENCE_LINK.sub(lambda m: f" {m[1]}".ljust(len(m.group())), text)
        lines = prose_lines(said, page.quotes, False, "blank", wide=True, fences=True)
        out += [f for _, _, f in _matches(lines, rules, False)]
    if "`" in text and _across_a_span(text, rules):
        # a phrase a code span only ends or begins is the sentence's: `In
        # \`conclusion\`, the` shows "In conclusion" (a summary, plainly); a phrase a
        # span holds whole is quoted code
        out += _touching(page.read("blank", links, code=True), page.read("blank", links), rules)
    return out


# An inline link whose text is a sentence of four words or more, its closing mark inside.
_SENTENCE_LINK = lazyre.compile(
    r"(?<!!)\[((?:[^\[\]\n\s]+[ \t]+){3,}+[^\[\]\n]*?[.!?])\]\([^()\n]*\)"
)


def _in_the_layout(page: _Reading) -> list[Finding]:
    """What a layout shows of the page beyond its prose: an HTML page's text (markdown's
    code is text there). (A list page's summary of a markdown page keeps its code as
    code: Hugo 0.111 showed it as plain text, 0.150 and later keep the HTML.)"""
    from receipt_gate.reading.pageparts import html_lines

    shown = html_lines(page.text, page.path)
    if shown is None:
        return []
    readings = [shown]
    if "{{" in page.text or "{%" in page.text:  # (Jekyll and Eleventy run Liquid over an
        # HTML page first: what it prints is read too, round 57)
        from receipt_gate.reading.frontmatter import read as front_matter
        from receipt_gate.reading.templatetags import as_printed

        printed = as_printed(page.text, front_matter(page.text, page.path).fields)
        if printed != page.text:
            readings.append(html_lines(printed, page.path) or [])
    return [
        f
        for lines in readings
        for exact in (False, True)
        for _, _, f in _matches(lines, page.rules, exact)
    ]


def _plain_variants(text: str) -> Iterator[str]:
    """The page as renderers that differ from CommonMark only in blocks show it, its
    prose alone read again (round 63): with no line a link's definition (kramdown's
    labels hold no line break, Python-Markdown's no bracket, where CommonMark's hide
    them)."""
    if "]:" in text:
        yield text.replace("]:", "] ")
    if "{" in text and _CRITIC_MARK.search(text):
        yield from _critic_views(text)
    if "+" in text and "<script" in text.lower():
        joined = _scripts_joined(text)
        if joined != text:
            yield joined


# A script's strings run together by `+` (round 87: `document.write("As an A" + "I
# language model")` prints the phrase).
_JS_JOIN = lazyre.compile(r"[\"'`]\s*\+\s*[\"'`]")


def _scripts_joined(text: str) -> str:
    """The page with each script's `"a" + "b"` joins as nothing (NUL: offsets kept)."""
    lower = text.lower()
    out, pos = [], 0
    while (start := lower.find("<script", pos)) >= 0:
        end = lower.find("</script", start)
        end = len(text) if end < 0 else end
        out += [text[pos:start], _JS_JOIN.sub(lambda m: "\0" * len(m.group()), text[start:end])]
        pos = end
    return "".join(out) + text[pos:]


# CriticMarkup's marks (pymdownx.critic): `accept` shows a substitution's new side and
# an insertion, `reject` the old side and a deletion, both a highlight and no comment.
_CRITIC_MARK = lazyre.compile(r"\{(~~|\+\+|--|==|>>)|(~~|\+\+|--|==|<<)\}|~>")
_CRITIC_CLOSER = {"~~": "~~", "++": "++", "--": "--", "==": "==", ">>": "<<"}


def _critic_views(text: str) -> tuple[str, ...]:
    """The page as pymdownx.critic's three modes show it (round 65: `In
    {~~summary~>conclusion~~}` is "In conclusion" in `accept`): `accept` (a
    substitution's new side, an insertion), `reject` (the old side, a deletion) and
    `view`, its default (every mark's text, a comment's too), read in one pass; a mark
    never closed is text as written. What a view leaves out is nothing (NUL: offsets
    kept, the words around it joined, across its line breaks too)."""
    views = [list(text), list(text), list(text)]
    kind, opened, inner_at, arrow = "", 0, 0, None

    def gone(view: list[str], start: int, end: int) -> None:
        view[start:end] = "\0" * (end - start)

    for m in _CRITIC_MARK.finditer(text):
        if not kind:
            if m.group(1):
                kind, opened, inner_at, arrow = m.group(1), m.start(), m.end(), None
            continue
        if kind == "~~" and m.group() == "~>" and arrow is None:
            arrow = m
            continue
        if m.group(2) != _CRITIC_CLOSER[kind]:
            continue
        middle = arrow.span() if arrow is not None else (m.start(), m.start())
        # (what each view leaves out of the mark's inside: the old side, the new one)
        left_out = {
            "~~": ((inner_at, middle[1]), (middle[0], m.start()), middle),
            "++": ((m.start(), m.start()), (inner_at, m.start()), (m.start(), m.start())),
            "--": ((inner_at, m.start()), (m.start(), m.start()), (m.start(), m.start())),
            ">>": ((inner_at, m.start()), (inner_at, m.start()), (m.start(), m.start())),
        }.get(kind, ((m.start(), m.start()),) * 3)
        for view, (a, b) in zip(views, left_out, strict=True):
            gone(view, opened, inner_at)  # (the marks)
            gone(view, m.start(), m.end())
            gone(view, a, b)
        kind = ""
    return tuple("".join(v) for v in views)


def _variants(text: str, path: str) -> Iterator[str]:
    """The page once more as some reader shows it: with what attributes show as its text,
    a comment holding `--` (text to CommonMark 0.30, Hugo's; a comment to 0.31,
    markdown-it's, Eleventy's) as a comment, the page's own values printed where named,
    MDX's literal expressions as their strings, a reference definition whose title runs
    on as a paragraph, and a filler a font may draw as nothing as nothing."""
    shown_too = _attributes_shown(text) if "<" in text else None
    if shown_too is not None:
        yield shown_too
    if _ZERO_WIDTH.search(text):  # (a break a font draws as nothing, between words:
        # `language&#8203;model` is two words, as `language<wbr>model` is: round 84)
        yield _ZERO_WIDTH.sub(lambda m: " " * len(m.group()), text)
    if "![" in text:  # (a markdown image's alt text, shown where the image is not, as an
        # `<img alt>`'s is: round 85)
        alt = _ALT_IMAGE.sub(_alt_shown, text)
        if alt != text:
            yield alt
    spaced = _spaced_by_style(text) if "<" in text else None
    if spaced is not None:
        yield spaced
    if "<!--" in text:
        hid = sub_blank(COMMENT, text, "\0")
        if hid != sub_blank(STRICT_COMMENT, text, "\0"):
            yield hid
    if "{{" in text:
        from receipt_gate.reading.frontmatter import read as front_matter
        from receipt_gate.reading.templatetags import own_values

        own = own_values(text, front_matter(text, path).fields)
        if own is not None:
            yield own
    for rx, repl in ((_MDX_LITERALS, _literals), (_REFERENCE, _blanked)):
        # MDX prints a JavaScript expression of string literals (`{"In con" +
        # "clusion"}`, Docusaurus); Python-Markdown and kramdown print a reference
        # definition whose title runs onto another line as a paragraph.
        again = rx.sub(repl, text) if rx is _MDX_LITERALS or "]:" in text else text
        if again != text:
            yield again
    if "<su" in text:  # (a letter raised or lowered inside a word: `A<sup>I</sup>`)
        again = _RAISED_LETTERS.sub(_raised, text)
        if again != text:
            text = again
            yield again
    again = _SPACED_INITIALS.sub(_initials, text)  # (`A. I.` and `A I` as `AI`: round 82)
    if again != text:
        yield again
    if any(chr(c) in text for c in _FILLERS):  # (a zero-width space in its place keeps
        yield text.translate(_FILLERS)  # every column)
    if "&" in text:  # (and written as a reference, `langu&#x115F;age`: round 53)
        again = _CHAR_REFERENCE.sub(_filler_out, text)
        if again != text:
            yield again.translate(_FILLERS)


# A zero-width break between two letters, as a character or a reference to one.
_ZERO_WIDTH = lazyre.compile(
    r"(?<=[A-Za-z])(?:[\u200b\u200c\u200d\u2060\ufeff]|&(?:#8203|#x200[bBcCdD]|#820[45]"
    r"|#8288|#x2060|ZeroWidthSpace|zwnj|zwj|NoBreak);)+(?=[A-Za-z])"
)
# A markdown image, inline or by reference: its alt text.
_ALT_IMAGE = lazyre.compile(r"!\[([^\[\]\n]{1,2000})\](?:\([^()\n]{0,2000}\)|\[[^\[\]\n]{0,999}\])")


def _alt_shown(m: re.Match[str]) -> str:
    """The image as its alt text, in its columns (the marks spaces)."""
    return "  " + m.group(1) + " " * (len(m.group()) - len(m.group(1)) - 2)


# Initials spaced apart (`A. I.`), which a reader reads as one word's (`A.I.`); capitals
# alone too (`A I`, or `A<sup>I</sup>`, drawn apart: round 84).
# (Apart by any space a reader reads as one, its reference too; a capital of the
# scripts whose letters look Latin, or a full-width one: round 93, `A&nbsp;I`, a Cyrillic `A I`.)
_INITIAL_GAP = r"(?:[ \t\u00a0\u2000-\u200a\u202f\u205f\u3000]|&(?:nbsp|#160|#[xX]0*[aA]0);)"
_CAPITAL = "[A-Z\u0391-\u03a9\u0400-\u042f\uff21-\uff3a]"
_SPACED_INITIALS = lazyre.compile(
    rf"(?<![\w.])(?:(?:[A-Za-z]\.{_INITIAL_GAP}+)+[A-Za-z]\.|(?:{_CAPITAL}{_INITIAL_GAP}+)+{_CAPITAL})(?!\w)"
)


# A raised or lowered run of letters glued to a word's letter (`A<sup>I</sup>`): a reader
# reads the word whole, the run out of line (round 84).
_RAISED_LETTERS = lazyre.compile(
    r"(?<=[A-Za-z])<(su[pb])\b[^<>]{0,200}>([A-Za-z]{1,4})</\1>", re.IGNORECASE
)


def _raised(m: re.Match[str]) -> str:
    """The run's letters in the word, spaces for its tags (the columns kept)."""
    return m.group(2) + " " * (len(m.group()) - len(m.group(2)))


def _initials(m: re.Match[str]) -> str:
    """Spaced initials closed up, their spaces after them (the columns kept)."""
    said = m.group()
    closed = re.sub(_INITIAL_GAP, "", said)
    return closed + " " * (len(said) - len(closed))


# A character reference, numeric or named, as a browser decodes it where markdown passes
# it through (a numeric one without its `;` too, as HTML's tokenizer does: round 54).
_CHAR_REFERENCE = lazyre.compile(
    r"&(?:#[xX][0-9A-Fa-f]{1,8};?|#[0-9]{1,10};?|[A-Za-z][A-Za-z0-9]{1,31};)"
)


def _filler_out(m: re.Match[str]) -> str:
    """A reference to a filler or a narrow space, as zero-width spaces of its length
    (columns kept); any other, as written."""
    import html

    got = html.unescape(m.group())
    return "\u200b" * len(m.group()) if len(got) == 1 and ord(got) in _FILLERS else m.group()


def _in_the_name_and_script(text: str, path: str, rules: Sequence[Rule]) -> list[Finding]:
    """Front matter in JavaScript (unreadable), and the file's name, read as a line."""
    out = []
    if text.startswith(("---js", "---javascript", "\ufeff---js")):
        from receipt_gate.reading.frontmatter import read as front_matter

        if front_matter(text, path).kind == "js":
            out.append(Finding(1, 1, _JS))
    if not path.startswith("<"):
        from receipt_gate.reading.pageparts import name_words

        out += [
            f._replace(line=1, col=1, message=f"{f.message} (in the file's name)")
            for _, _, f in _matches([name_words(path)], rules)
        ]
    return out


def _without_hidden_elements(page: _Reading) -> list[Finding]:
    """The page without what a browser may hide (each element's text a zero-width space
    run, innermost first, twice for a nest; a title's element too, YAML taking them), read
    in full only where the text, tags out, says more than before (most pages: a styled
    word leaves no phrase)."""
    text, rules = page.text, page.rules
    out: list[Finding] = []
    again, plain = text, Counter[str]()
    for _ in range(2):
        peeled = _ELEMENT.sub(lambda m: re.sub(r"[^\n]", "\u200b", m.group()), again)
        if peeled == again:
            break
        again = peeled
        plain = plain or Counter(f.message for _, _, f in _matches(_tags_out(text), rules))
        if Counter(f.message for _, _, f in _matches(_tags_out(again), rules)) <= plain:
            continue
        out += page.again(again, False, peel=False)
    return out


def _overrides(text: str) -> list[Finding]:
    """A direction override, in markup (<bdo dir=rtl>, CSS's unicode-bidi) or as the
    character (or its entity): what readers see is not what any expression reads."""
    out = []
    for m in _BIDI_MARKUP.finditer(text) if "<" in text else ():
        how = (
            '<bdo dir="rtl">'
            if m.group()[:4].lower() == "<bdo"
            else f"unicode-bidi: {m.group().rsplit(':', 1)[1].strip()}"
        )
        out.append(
            Finding(
                *_at(text, m.start()),
                f"a direction override ({how}) reorders what readers see: remove it",
            )
        )
    for m in _OVERRIDES.finditer(text):
        code = (
            ord(m.group())
            if len(m.group()) == 1
            else (0x202E if m.group()[-2] in "eE8" else 0x202D)
        )
        out.append(
            Finding(
                *_at(text, m.start()),
                f"a direction override (U+{code:04X}) reorders what readers see: remove it",
            )
        )
    return out


def _drawn_page(text: str, rules: Sequence[Rule], found: _Found) -> list[Finding]:
    """The page as written, each paragraph as a browser draws it in what the lines
    before it open: a `<div dir="rtl">` around markdown, which the prose's reading
    leaves out with the HTML block (round 76)."""
    from receipt_gate.reading.masking import without_code

    had = [(0, 0, f) for f in found.at.values()]
    lines = without_code(text).split("\n")  # (the front matter's strings: read apart)
    return [f for _, _, f in _drawn_matches(lines, _line_starts(text), rules, had)]


def _across_blank_lines(page: _Reading) -> list[Finding]:
    """The page with each blank line inside an open HTML element white space (a browser,
    kramdown and Python-Markdown read the element whole: round 59), each finding placed
    where it is in the page as written (the offsets are the same, the lines fewer)."""
    from receipt_gate.reading.drawn import blank_lines_joined

    joined = blank_lines_joined(page.text)
    if joined is None:
        return []
    starts = _line_starts(joined)
    # (the banned phrases alone, as a reader reads the lines: a block's tags still break
    # them, an inline one does not; the whole reading again cost a third more time)
    return [
        f._replace(line=line, col=col)
        for _, _, f in _matches(joined.split("\n"), page.rules)
        for line, col in [_at(page.text, starts[f.line - 1] + f.col - 1)]
    ]


def _drawn(text: str, path: str, rules: Sequence[Rule], found: _Found) -> list[Finding]:
    """Each phrase not found yet that the page's pieces a browser may draw apart (runs
    between tags, a style's strings, an attribute's value) spell out of their order, or
    that a style's string or an attribute holds (round 55: flex order, an SVG tspan's x,
    a counter style's symbols, a custom property, an image's alt, a frame's data: URL)."""
    from receipt_gate.reading.drawn import pieces, spelled, unrendered
    from receipt_gate.reading.pageparts import html_lines

    said = {f.message for f in found.at.values()}
    phrases = [
        r.phrase
        for r in rules
        if r.phrase and not any(m.startswith(f'banned phrase "{r.phrase}"') for m in said)
    ]
    markdown = bool(phrases) and html_lines(text, path) is None
    got = pieces(unrendered(text, markdown)) if phrases else []
    return [
        Finding(
            *_at(text, at),
            f'banned phrase "{phrase}" (drawn from raw HTML, a style or an attribute, in'
            " another order or place than the text reads)",
        )
        for phrase, at in spelled(got, phrases)
    ]


def _rendered(page: _Reading) -> list[Finding]:
    """The page as Liquid or Nunjucks prints it, in each choice its conditions make, and
    template code whose printed text cannot be read."""
    from receipt_gate.reading.rendering import renderings

    text = page.text
    opened = "\n".join(prose_lines(text, page.quotes, True, "open", wide=True, fences=True))

    def in_prose(start: int, end: int) -> bool:  # (code is blanked with spaces; a
        return bool(opened[start:end].strip(" \n"))  # tag in prose, NULs at least)

    many: list[Finding] = []
    pages, over = renderings(text, in_prose)
    for shown_page in pages:
        for f in page.again(shown_page.text, False, joined=True):
            line, col = shown_page.written(f.line, f.col)
            many.append(f._replace(line=line, col=col))
    many += [Finding(*_at(text, k), why) for k, why in over]
    # (no template engine runs over an MDX page, whose `{{ ... }}` is a JSX expression's
    # object: Astro's docs, `metadata={{ video_title: '...' }}`)
    return many + ([] if page.path.lower().endswith(".mdx") else _computed(text, in_prose))


def _computed(text: str, in_prose: Callable[[int, int], bool]) -> list[Finding]:
    """Template tags in prose whose printed text the check cannot read from what is
    written (gate.reading.templatetags.computes): a finding at each, since the words
    readers see there are no words the draft holds."""
    from receipt_gate.reading.inline import TEMPLATE
    from receipt_gate.reading.rendering import quiet_spans
    from receipt_gate.reading.templatetags import KEPT, LITERAL, LOOP, changed_names, computes

    kept = frozenset(m.group(1) or m.group(2) for m in KEPT.finditer(text))
    # A loop over literals (or a name holding them) prints them where its names are.
    assigned = {
        m.group(1): "".join(LITERAL.findall(m.group(2)))
        for m in _ASSIGNED.finditer(text)
        if m.group(2).lstrip().startswith(("[", '"', "'"))
    }
    looped = frozenset(
        n
        for m in LOOP.finditer(text)
        if _over_words(m.group(3), assigned)
        for n in m.groups()[:2]
        if n
    ) | changed_names(text)
    quiet = quiet_spans(text)
    # A tag that opens inside a code span is a code sample's (`{{ x }}` in a post about
    # templates): code, not text the page computes.
    quiet += [(s, e) for s, _, _, e in _code_spans(text)] if "`" in text else []
    # (and one that opens inside an HTML comment: what the comment holds is no text)
    uncommented = sub_blank(COMMENT, text, "\0") if "<!--" in text else text
    out = []
    for m in TEMPLATE.finditer(text):
        if (
            computes(m.group(), kept, looped)
            and in_prose(*m.span())
            and not any(a < m.start() < b for a, b in quiet)
            and uncommented[m.start()] != "\0"
        ):
            said = " ".join(m.group().split())
            said = said if len(said) <= 60 else said[:57] + "..."
            out.append(
                Finding(
                    *_at(text, m.start()),
                    f"template code computes the text"
                    f" readers see here ({said}): the check cannot read it;"
                    " write the words out",
                )
            )
    return out


# A file's text put into the page where it stands: mdBook's `{{#include}}`,
# `{{#rustdoc_include}}` and `{{#template}}` (not one escaped, `\{{#include`: printed as
# it is), pymdownx.snippets' `--8<-- "file"` (a line of its own, or a block of file names
# between two such lines; MkDocs), Jekyll's `{% include_relative %}`, and a Liquid or
# Nunjucks include or render of a file by a relative path (`{% include "./x.inc" %}`:
# Eleventy) but a layout's partial (.html, .njk, .liquid...), any tag over several lines
# too, and an MDX page's import of another page (`import Frag from "./_frag.mdx"`:
# `<Frag />` prints it). What an include names from the includes folder (`{% include
# note.html %}`, `"snippets/x.cjs"`, `"datasources.md"`: Eleventy's docs), and a site's
# own shortcode (Hugo's docs: `{{% include "x.md" %}}`), are the site's own: a known
# limit (Eleventy looks a name up in the site's folder too: the gate does not).
_INCLUDES = lazyre.compile(
    r"(?<!\\)\{\{\s*#(?:include|rustdoc_include|template)\s[^}]{0,2000}\}\}"
    r"|^[ \t]*;?-{1,}8<-{1,}[ \t]*(?:[\"'][^\n]*|$)"
    r"|(?<!\{)\{%-?\s*include_relative\s[^%]{0,2000}%\}"
    r"|(?<!\{)\{%-?\s*(?:include|render|renderFile)\s+[\"']?"
    r"[./][^\s%\"']*(?=[\s%\"'])"
    r"(?<!\.html)(?<!\.htm)(?<!\.liquid)(?<!\.njk)(?<!\.hbs)(?<!\.jsx)(?<!\.js)"
    r"[\"']?[^%]{0,2000}%\}",
    re.MULTILINE,
)
# An MDX page's import (or re-export) of another page, in any of its forms (`import Frag
# from`, `import {default as Frag} from`, `import * as F from`, over several lines).
_IMPORTED = lazyre.compile(
    r"^(?:import|export)\s[^;\"'`]{0,2000}?\bfrom\s*[\"']([^\"'\n]+\.mdx?)[\"']"
    r"|(?<![\w$.])(?:require|import)\s*\(\s*[\"'`]([^\"'`\n]+\.mdx?)[\"'`]\s*\)",
    re.MULTILINE,
)
_BOUND = lazyre.compile(r"([A-Za-z_$][\w$]*)(?:\s+as\s+([A-Za-z_$][\w$]*))?")


def _printed_import(m: re.Match[str], text: str) -> bool:
    """Does the page use what this MDX import brings in (a component `<Frag />`, a call
    `{Frag({})}`, any mention of a name it binds)? One that binds no name it can read
    counts as used."""
    if m.group(1) is None:
        return True  # `require("./_frag.mdx")`, `import("./_frag.mdx")`: in prose (below)
    clause = m.group()[6 : m.group().rfind("from")]
    names = {b or a for a, b in _BOUND.findall(clause)} - {"as", "type", "default"}
    rest = text[m.end() :]
    return not names or any(
        re.search(rf"(?<![\w$]){re.escape(n)}(?![\w$])", rest) is not None for n in names
    )


def _included(page: _Reading) -> list[Finding]:
    """An include in prose: the page readers see holds another file's text there, which
    the check reads apart (each fragment passing alone, the page dense with tells)."""
    text = page.text
    includes = "{{" in text or "8<" in text or "{%" in text
    imports = "import" in text or "require" in text
    found = [
        *((m, False) for m in (_INCLUDES.finditer(text) if includes else ())),
        *((m, True) for m in (_IMPORTED.finditer(text) if imports else ())),
    ]
    if not found or _no_page(text, page.path):
        return []
    opened = "\n".join(prose_lines(text, page.quotes, True, "open", wide=True, fences=True))
    out = []
    for m, imported in found:
        at = m.start() + len(m.group()) - len(m.group().lstrip())
        in_prose = bool(opened[at : m.end()].strip(" \n"))
        if not imported:
            hit = in_prose
        else:  # (an import line is MDX's own; a require() counts where it is in prose)
            hit = _printed_import(m, text) and (m.group(1) is not None or in_prose)
        if hit:
            said = " ".join(m.group().split())
            said = said if len(said) <= 60 else said[:57] + "..."
            out.append(
                Finding(
                    *_at(text, at),
                    f"includes another file's text here ({said}): readers see it in this"
                    " page, and the check reads each file alone; write the words out, or"
                    " include it in a code block",
                )
            )
    return out


def _no_page(text: str, path: str) -> bool:
    """Does the page's permalink write a file readers read as no page (a style sheet, a
    script, a manifest: the Eleventy site's `css/async.njk` including CSS files, round
    93)?"""
    if "permalink" not in text:
        return False
    from receipt_gate import GateError
    from receipt_gate.reading.frontmatter import read

    try:
        link = read(text, path).fields.get("permalink")
    except GateError:
        return False
    return isinstance(link, str) and link.strip().lower().endswith(_NOT_PAGES)


_NOT_PAGES = (".css", ".js", ".mjs", ".map", ".webmanifest", ".woff2", ".ico", ".png")


# A name assigned a literal (or a list of them): `{% assign ws = "In,x" | split: "," %}`.
_ASSIGNED = lazyre.compile(r"\{%-?\s*(?:assign|set)\s+([A-Za-z_]\w*)\s*=([^%]*)%\}")


def _over_words(iterable: str, assigned: Mapping[str, str]) -> bool:
    """Does a loop go over literals holding letters (`["In", "x"]`, `"a,b" | split:
    ","`, a name assigned such a literal)? A list of numbers makes no word."""
    from receipt_gate.reading.templatetags import LITERAL

    head = iterable.lstrip()
    name = re.match(r"[A-Za-z_]\w*", head)
    held = (
        "".join(LITERAL.findall(iterable))
        if head.startswith(("[", '"', "'"))
        else (assigned.get(name.group(), "") if name is not None else "")
    )
    return bool(re.search(r"[^\W\d_]", held))


def _at(text: str, offset: int) -> tuple[int, int]:
    """The 1-based line and column of an offset (the text's line starts found once, for
    the many findings a page may hold)."""
    import bisect

    starts = _line_starts(text)
    line = bisect.bisect_right(starts, offset)
    return line, offset - starts[line - 1] + 1


@lru_cache(maxsize=4)
def _line_starts(text: str) -> list[int]:
    return [0, *(m.end() for m in re.finditer("\n", text))]


def _touching(
    wider: list[str], narrower: list[str], rules: Sequence[Rule], exact: bool = False
) -> list[Finding]:
    """The matches in a wider reading (link text in, a code span's words in) that take in
    some of the narrower reading's text: a phrase the wider part only ends or begins."""
    bare = "\n".join(narrower)
    return [
        f
        for start, end, f in _matches(wider, rules, exact)
        if any(bare[i] not in " \0" for i in range(start, end))
    ]


_TICKS = lazyre.compile(r"`+|\n")


def _code_spans(text: str) -> list[tuple[int, int, int, int]]:
    """Each code span on one line, (start, inner start, inner end, end): two runs of ticks
    with text between (no tick, no line break), the opener as long as the closer (the
    end of a longer run). In one pass (a regex over a run of ticks is quadratic)."""
    out = []
    last: tuple[int, int] | None = None  # the run of ticks before, on this line
    for m in _TICKS.finditer(text):
        if m.group() == "\n":
            last = None
            continue
        s, e = m.span()
        if last is not None and last[1] < s and e - s <= last[1] - last[0]:
            out.append((last[1] - (e - s), last[1], s, e))
            last = None  # a closer opens nothing
            continue
        last = (s, e)
    return out


def _across_a_span(text: str, rules: Sequence[Rule]) -> bool:
    """Might a phrase run across a code span's edge (``In `conclusion`, the``)? Each
    span is read with the words around it, ticks out; a match inside the span alone is
    quoted code. (A cheap test, before the whole draft is read so.)"""
    for start, inner_start, inner_end, end in _code_spans(text):
        left = text[max(0, start - 80) : start]
        inner = text[inner_start:inner_end]
        window = left + inner + text[end : end + 80]
        window = window if window.isascii() else window.translate(_FOLD)
        needled = shape(window.lower())  # (the phrase read as written: `concIusion`)
        lo, hi = len(left), len(left) + len(inner)
        for rule in rules:
            if rule.needles and any(n not in needled for n in rule.needles):
                continue
            found = (
                rule.rx.finditer(window)
                if isinstance(rule.rx, _Lazy)
                else rule.rx.finditer(window, timeout=TIMEOUT_S)
            )
            if any(
                f.start() < hi and f.end() > lo and (f.start() < lo or f.end() > hi) for f in found
            ):
                return True
    return False


def _rule_matches(prose: str, rules: Sequence[Rule]) -> Iterator[tuple[Rule, re.Match[str]]]:
    lower = shape((prose if prose.isascii() else prose.translate(_FOLD)).lower())
    for rule in rules:
        needles = rule.needles  # longest first: the first one missing decides most rules
        if needles and (needles[0] not in lower or any(n not in lower for n in needles[1:])):
            continue
        try:
            matches = list(
                rule.rx.finditer(prose)
                if isinstance(rule.rx, _Lazy)
                else rule.rx.finditer(prose, timeout=TIMEOUT_S)
            )
        except TimeoutError:
            raise GateError(
                f"{CONFIG_FILE}: checks.ai-tells.patterns: {rule.pattern!r} took over"
                f" {TIMEOUT_S:g}s on a draft (catastrophic backtracking?)"
            ) from None
        yield from ((rule, m) for m in matches)


# A character a reader may take for the letter a word needs where no look-alike table
# names it (round 68: `c○nclusion`, `c∅nclusion`, a box-drawing or full-width bar for
# I, Cherokee Ꮎ for O; `c@nclusion`; round 70: a censor's `c*nclusion`, a CJK stroke
# for I, the Hangul circle for o), or one put between its letters (`con·clu·sion`,
# `con-clusion`): a symbol, a letter or digit of another script, punctuation that is no
# dash, bracket or quote, and a few ASCII marks.
_WILD = "\x1a"
_WILD_ASCII = frozenset("@$#%^~=+!*_-()")
_DOT_IN_WORD = lazyre.compile(r"[A-Za-z]\.[A-Za-z]")
_LETTER = lazyre.compile("[A-Za-z]")
_MARK_INSIDE = lazyre.compile(r"[A-Za-z][*_~]+[A-Za-z]")


# Control characters a page may hold and a browser draws as a box (not NUL, which the
# readings use for what leaves no trace, nor the stand-in's own mark).
_CONTROLS = frozenset(map(chr, [*range(1, 9), 11, 12, *range(14, 26), *range(27, 32), 127]))


@lru_cache(maxsize=4096)
def _stands_for_a_letter(c: str) -> bool:
    import unicodedata

    if c.isascii():  # (and a control character, a box a browser draws: round 85)
        return c in _WILD_ASCII or c == _WILD or c in _CONTROLS
    kind = unicodedata.category(c)
    return kind[0] in "LSN" or kind in ("Po", "Cc")


def _stand_ins(prose: str) -> list[str]:
    """The characters of the text that may stand for a letter (none: the common page,
    no second pass)."""
    odd = (c for c in set(prose) if not c.isalnum() or not c.isascii())
    return sorted(c for c in odd if _stands_for_a_letter(c))


def _few_stand_ins(said: str) -> bool:
    """Is the phrase still its words to a reader: in a word of two letters one stands in
    for a letter, in a longer word one in three, never a word of one; or a mark between
    every two letters (`c.o.n.c.l.u.s.i.o.n`, `A.I.`)?"""
    for word in said.split():
        n = word.count(_WILD)
        many = n > (len(word) // 3 if len(word) > 2 else len(word) - 1)
        if n and many and not _SPELLED_OUT.fullmatch(word):
            return False
    return True


_SPELLED_OUT = lazyre.compile(f"(?:[^{_WILD}\\s]{_WILD}){{2,}}[^{_WILD}\\s]?")


@lru_cache(maxsize=8)
def _vocabulary(phrases: tuple[str, ...]) -> dict[int, list[tuple[str, str]]]:
    """The phrases' words as shape() reads them (m, d and w also as rn, cl and vv), by
    length: each with its phrase."""
    out: dict[int, list[tuple[str, str]]] = {}
    for phrase in phrases:
        lower = phrase.lower().replace("’", "'")
        # (its words, and its compounds whole: `game-changer` as `game-ch@nger`)
        for word in {*re.split(r"[^a-z0-9']+", lower), *lower.split()}:
            forms = {shape(word)}
            for one, two in (("m", "rn"), ("d", "cl"), ("w", "vv")):
                forms |= {f.replace(one, two) for f in forms}
            for form in forms:
                out.setdefault(len(form), []).append((form, phrase))
    return out


def _words_with(text: str, odd: str, longest: int) -> Iterator[tuple[int, str]]:
    """Each word of the text that holds one of the odd characters, of at most `longest`
    characters: where it starts, and the word (each character read at most twice). A
    full stop only between two letters (`con.clu.sion`; a sentence's end is no word's)."""
    seed = odd.replace("\\.", "")
    inside = re.compile(f"[A-Za-z0-9'’|{odd}]*")
    at = re.compile(
        (f"(?<=[A-Za-z0-9'’|])[{seed}]|[{seed}](?=[A-Za-z0-9'’|])|" if seed else "")
        + r"(?<=[A-Za-z])\.(?=[A-Za-z])"
    )  # (in a word)
    end = 0
    while (m := at.search(text, end)) is not None:
        back = inside.match(text[max(end, m.start() - longest) : m.start()][::-1])
        start = m.start() - (back.end() if back else 0)
        end = (inside.match(text, m.start()) or m).end()
        if end - start <= longest:
            yield start, text[start:end]


@lru_cache(maxsize=4096)
def _words_read(read: str, phrases: tuple[str, ...]) -> list[str]:
    """The phrases a word with stand-ins may be a word of: its stand-ins for letters
    (`c_nclusion`), put between letters (`con·clu·sion`), or both (`c()nclusion`)."""
    if not _few_stand_ins(read):
        return []
    vocabulary = _vocabulary(phrases)
    letters = read.replace(_WILD, "")
    return [
        phrase
        for size in range((len(read) + 1) // 2, len(read) + 1)
        for form, phrase in vocabulary.get(size, ())
        if _in_order(letters, form) and _form_regex(form).fullmatch(read)
    ]


def _in_order(letters: str, form: str) -> bool:
    """Are a word's own letters (its stand-ins left out) the form's, in its order? What
    a form's pattern needs first, asked without compiling it (a hyphenated word, common
    in honest prose, is otherwise matched against every form of its length)."""
    rest = iter(form)
    return all(c in rest for c in letters)


@lru_cache(maxsize=512)
def _form_regex(form: str) -> re.Pattern[str]:
    """A word as stand-ins may write it: each letter as itself or a stand-in, and a
    stand-in after it."""
    return re.compile("".join(f"(?:{re.escape(c)}|{_WILD}){_WILD}?" for c in form))


def _wild_matches(prose: str, rules: Sequence[Rule]) -> Iterator[tuple[Rule, re.Match[str]]]:
    """A phrase's matches with characters standing in for some of its letters, looked
    for only where a word with a stand-in may be one of its words (in that line and the
    line on either side: a phrase may break once)."""
    chars = _stand_ins(prose) + (["."] if _DOT_IN_WORD.search(prose) else [])
    if not chars:
        return
    odd = "".join(re.escape(c) for c in chars)
    phrases = tuple(r.phrase for r in rules if r.phrase)
    vocabulary = _vocabulary(phrases)
    if not vocabulary:  # (patterns only: a pattern is matched as written)
        return
    wild = {ord(c): _WILD for c in chars} | {0x2019: "'"}
    at: dict[str, list[int]] = {}
    known: dict[str, list[str]] = {}  # (a word, the phrases it may be a word of)
    for start, token in _words_with(prose, odd, 2 * max(vocabulary)):
        if token not in known:
            read = shape(token.translate(wild).lower())
            known[token] = _words_read(read, phrases) if _LETTER.search(token) else []
        for phrase in known[token]:
            at.setdefault(phrase, []).append(start)
    if not at:
        return
    import bisect

    wild_text = re.sub(f"[{odd}]", _WILD, prose)
    starts = [0]
    for text_line in wild_text.split("\n"):
        starts.append(starts[-1] + len(text_line) + 1)
    for rule in rules:
        lines = {bisect.bisect_right(starts, p) - 1 for p in at.get(rule.phrase, ())}
        for i in sorted(lines):
            lo, hi = starts[max(0, i - 1)], starts[min(len(starts) - 1, i + 2)] - 1
            for found in _wild_regex(rule.phrase).finditer(wild_text, lo, hi):
                if _WILD in found.group() and _few_stand_ins(found.group()):
                    yield rule, found


@lru_cache(maxsize=64)
def _wild_regex(phrase: str) -> re.Pattern[str]:
    return re.compile(_phrase_regex(phrase, wild=True), re.IGNORECASE)


def _overlaps(spans: list[tuple[int, int]], span: tuple[int, int]) -> bool:
    """Does the span overlap one of these (in order, none overlapping another)?"""
    import bisect

    i = bisect.bisect_left(spans, (span[1],))
    return i > 0 and spans[i - 1][1] > span[0]


def _matches(
    lines: list[str], rules: Sequence[Rule], exact: bool = False, drawn: bool = True
) -> list[tuple[int, int, Finding]]:
    """The rules' matches in these lines, read as a reader reads them: where each starts
    and ends as written (offsets in the lines joined), and its finding; (`drawn`) and
    those only the lines as a browser draws them hold (_drawn_matches)."""
    joined = "\n".join(lines)
    view = reader_view(joined, exact)
    # (the stand-ins read where marks stand as written: a censor's `c*nclusion`)
    marked = view if exact or not _MARK_INSIDE.search(joined) else reader_view(joined, True)
    starts = [0]
    for text_line in lines[:-1]:
        starts.append(starts[-1] + len(text_line) + 1)
    found: list[tuple[int, int, Finding]] = []
    seen: set[tuple[Rule, int]] = set()
    plain: dict[Rule, list[tuple[int, int]]] = {}  # (what the first reading found)
    for rule, m, read, wild in (
        *((r, m, view, False) for r, m in _rule_matches(view.text, rules)),
        *((r, m, marked, True) for r, m in _wild_matches(marked.text, rules)),
    ):
        prose = read.text
        span = (read.written(m.start()), read.written(max(m.start(), m.end() - 1)) + 1)
        if m.end() == m.start() or (rule, span[0]) in seen:
            continue
        if wild and _overlaps(plain.get(rule, []), span):
            continue  # (a stand-in's reading: only where the first found nothing)
        if not wild:
            plain.setdefault(rule, []).append(span)  # (in order, apart: bisect finds one)
        seen.add((rule, span[0]))
        line, col = _position(starts, read.written(m.start()))
        said = " ".join(prose[m.start() : m.end()].split())
        if rule.pattern:
            msg = f'banned pattern matched "{said}": {rule.pattern}'
        else:
            msg = f'banned phrase "{rule.phrase}"'
            if said.lower() != rule.phrase:
                msg += f' (as "{said}")'
        found.append(
            (read.written(m.start()), read.written(m.end() - 1) + 1, Finding(line, col, msg))
        )
    if drawn and may_reorder(joined):
        found += _drawn_matches(lines, starts, rules, found)
    found.sort(key=lambda t: t[0])
    return found


_AS_DRAWN = ", as a browser draws the line (right-to-left text reorders it)"


def _said(f: Finding) -> str:  # (what a finding names, however it was read)
    return f.message.split(" (as ", 1)[0].removesuffix(_AS_DRAWN)


def _drawn_matches(
    lines: list[str],
    starts: list[int],
    rules: Sequence[Rule],
    found: list[tuple[int, int, Finding]],
) -> list[tuple[int, int, Finding]]:
    """The rules' matches in the lines as a browser draws them (right-to-left text, an
    isolate, a direction mark: gate.reading.direction), where the lines as written hold
    none: `<span dir="rtl">conclusion &rlm; In</span>` is drawn "In conclusion" (round
    75). Each at its line (a drawn line's order is not the written one)."""
    from receipt_gate.reading.direction import drawn_lines

    drawn = drawn_lines(lines)
    if drawn is None:
        return []
    had = {_said(f) for _, _, f in found}  # (found as written, or drawn already)
    out = []
    for _, _, f in _matches([d or "" for d in drawn], rules, drawn=False):
        said = _said(f)
        if said not in had:
            had.add(said)
            n = f.line - 1
            msg = f"{f.message}{_AS_DRAWN}"
            out.append((starts[n], starts[n] + len(lines[n]), Finding(n + 1, 1, msg)))
    return out


def starter(layout: Any) -> tuple[bool, list[str], dict[str, object]]:
    """What `init` writes: the config and data files whose values a page prints (Jekyll's
    `{{ site.tagline }}`, Hugo's `{{< param "tagline" >}}`, Eleventy's `{{ metadata.x }}`)."""
    from receipt_gate_hooks.site_values import FILES

    files = FILES.get(layout.generator)
    if files is None:
        return True, [], {}
    home = posixpath.dirname(layout.configs[0]) if layout.configs else ""
    files = [posixpath.join(home, f) for f in files] if home else files
    files = [*files, *getattr(layout, "values", ())]  # (a data folder the config moves)
    comment = "A page's site values ({{ site.x }}, param, data) are read from these."
    return True, [comment], {"site_values": files}


def _unfollowed(text: str, site: Site) -> list[int]:
    """Where a template tag names the site's values other than by printing one that is
    text plainly (a loop, an assignment, a filter that computes, `first`, a key a
    variable holds: the check cannot follow it)."""
    from receipt_gate.reading.inline import TEMPLATE
    from receipt_gate_hooks.site_values import (
        PARAM,
        SITE_VALUE,
        calls_naming,
        names_site,
        printed_key,
        value,
    )

    if "{{" not in text and "{%" not in text:
        return []
    out = []
    for m in TEMPLATE.finditer(text):
        tag = m.group()
        if calls_naming(site, tag):  # (a template of the site's that names them)
            out.append(m.start())
            continue
        if not names_site(tag, site.roots):
            continue
        plain = SITE_VALUE.match(tag) or PARAM.match(tag)
        if (
            plain is None
            or not _PLAIN_REST.fullmatch(tag, plain.end())
            or not isinstance(value(site, printed_key(plain)), (str, int, float))
        ):
            out.append(m.start())
    return out


# What may follow a value printed plainly: filters that keep its letters, the tag's end.
_PLAIN_REST = lazyre.compile(rf"{PLAIN_FILTERS}-?[>%]?\}}\}}")


def load_corpus(files: Mapping[str, Mapping[str, str | None]], pages: Any) -> Site:
    """The site's values (receipt_gate_hooks.site_values), and which of them hold a
    banned phrase by the check's settings."""
    from receipt_gate_hooks import site_values

    rules = _rules(pages.settings)

    def banned(text: str, key: str) -> str | None:
        # (its needles looked for with every mark and space out: `A.I.` and `A I` hold
        # `ai` to the reader, which runs only where they may)
        low = shape((text if text.isascii() else text.translate(_FOLD)).lower())
        compact = re.sub(r"[\W_]+", "", low)
        if not any(not r.needles or all(n in compact for n in r.needles) for r in rules):
            return None
        found = find_tells(text, rules, path=key, rendered=False, drawn=False)
        return found[0].message if found else None

    globs = pages.settings.get("site_values") if hasattr(pages.settings, "get") else None
    said = [g for g in globs if isinstance(g, str)] if isinstance(globs, list) else []
    targets = [(r.phrase, _letters(r.phrase)) for r in rules if r.phrase]
    return site_values.load(
        files.get("site_values", {}), pages.tree.read, banned, said, targets, _letters
    )


def _letters(text: str) -> str:
    """A text's letters and digits alone, as the needles are looked for (folded, shaped):
    what site_values.reach() looks for a phrase's pieces in."""
    low = (text if text.isascii() else text.translate(_FOLD)).lower()
    return re.sub(r"[\W_]+", "", shape(low))


def _reaching(text: str, site: Site) -> tuple[list[tuple[int, str]], list[str]]:
    """(offset, message) of each template tag whose code holds a banned phrase's pieces,
    with what it reads: its own text, a paired tag's inner text, the code of a template
    it calls (and of those that calls), the site's values any of them names (site_values
    reach: code that cuts, joins, reorders or replaces text may print the phrase, round
    92); and the keys of the values the page's own tags name (what the verdict read)."""
    from receipt_gate.reading.inline import TEMPLATE
    from receipt_gate_hooks import site_values as sv

    code = site.code
    if code is None or not code.targets or ("{{" not in text and "{%" not in text):
        return [], []
    out, keys = [], []
    mine = sv.assigned(text)  # (a name the page sets is its own, not data's: round 87)
    inner = _inners(text)
    # (the page's own front matter, which its templates may read: `.Page.Title`, the
    # review of round 94)
    head = text[: text.find("\n---", 3) + 4] if text.startswith("---") else ""
    page = [sv.profile(code.targets, [code.letters(head)])] if head.strip("-\n") else []
    for m in TEMPLATE.finditer(text):
        tag = m.group()
        name = sv.call_of(tag)
        if name is None:
            named = sv.named_keys(tag, site.roots - mine)
            keys += named
            values = sv.values_profile(site, named)
            profiles = [sv.profile(code.targets, [code.letters(tag)]), values, *page]
        else:
            held = inner(m.end(), tag, name)
            own = sv.profile(code.targets, [code.letters(tag), code.letters(held)])
            called = sv.template_profile(site, name)
            profiles = [*([called] if called is not None else []), own, *page]
        said = sv.reached(code.targets, profiles)
        if said == sv.TOO_LARGE:
            out.append(
                (
                    m.start(),
                    f"this calls {name}, whose code (what it calls, the values"
                    " they name) is too large for the check to follow: call a smaller one",
                )
            )
        elif said:
            what = f"the code of {name}" if name else "this tag"
            out.append(
                (
                    m.start(),
                    f'{what} and what it reads hold the pieces of "{said}":'
                    " code that cuts, joins or replaces text may print it, and the check"
                    " cannot follow it; write the words out, or rephrase the pieces",
                )
            )
    return out, keys


def _inners(text: str) -> Callable[[int, str, str], str]:
    """For a call (where it ends, its tag, the name it calls), the text it holds to its
    closing tag;
    none for one that closes itself (`/>}}`) or that the next of its name opens before a
    closing tag. Each page's tags found once (to any length: a 20,000-character bound let
    an inner text past it through, the review of round 94)."""
    import bisect

    found: dict[str, list[tuple[int, bool]]] = {}
    for m in _PAIRS.finditer(text):
        word = m.group(2) or m.group(4)
        found.setdefault(word, []).append((m.start(), bool(m.group(1) or m.group(3))))

    def held(end: int, tag: str, name: str) -> str:
        short = name.partition(":")[2].rpartition("/")[2].split(".")[0]
        if not short or tag.endswith(("/>}}", "/%}}", "/ >}}")):
            return ""
        tags = found.get(short, [])
        at = bisect.bisect_left(tags, (end, False))
        return text[end : tags[at][0]] if at < len(tags) and tags[at][1] else ""

    return held


# A shortcode's or a tag's opening or closing by its name (`{{< x >}}`, `{{< /x >}}`,
# `{% x %}`, `{% endx %}`).
_PAIRS = lazyre.compile(r"\{\{[<%]-?\s*(/)?\s*([\w.-]+)|\{%-?\s*(end)?([\w-]+)")


def digest(site: Site, reads: Sequence[str], draft: str) -> object:
    """What the verdict on this draft read of the site's values: each one it printed
    (every source's), and (where a tag names them otherwise) those that hold a banned
    phrase."""
    from receipt_gate_hooks import site_values

    return site_values.digest(site, reads)


def _follows_site(
    text: str,
    site: Site,
    unfollowed: Sequence[int],
    printed: Sequence[tuple[int, list[str]]],
    path: str,
) -> list[Finding]:
    """A finding at each tag that prints a value one of whose candidates holds a banned
    phrase (whichever the generator ranks first: round 86), and, where some value holds
    one, at each tag that names the site's values other than by printing one plainly:
    what it prints may be that text (round 85: an assignment, a loop, `first`,
    `default`, `jsonify`, a key a variable holds), and the check cannot follow it. Where
    a values file does not parse, at the first tag that prints or names them."""
    from receipt_gate_hooks.site_values import taint_of, tainted_for

    tainted = tainted_for(site, path)  # (the values this page may print: their scopes)

    def at(offset: int, message: str) -> Finding:
        return _finding_at(text, offset, message)

    out = []
    for offset, keys in printed:
        hit = next(filter(None, (taint_of(tainted, k) for k in keys)), None)
        if hit:
            out.append(at(offset, f"this prints {hit[0]}, which holds {hit[1]}: rephrase it"))
    if tainted:
        key = min(tainted)
        out += [
            at(
                offset,
                f"template code here may print the site's values, and {key} holds"
                f" {tainted[key]}: the check cannot follow it; write the words out, or"
                f" rephrase {key}",
            )
            for offset in unfollowed
        ]
    if site.unreadable and (printed or unfollowed):
        path, why = min(site.unreadable.items())
        first = min([*(p for p, _ in printed), *unfollowed])
        out.append(
            at(
                first,
                f"{path} cannot be read ({why}): the check cannot read the site's values"
                " this page prints",
            )
        )
    return out


def _finding_at(text: str, offset: int, message: str) -> Finding:
    return Finding(*_at(text, offset), message)


def _place(f: Finding) -> tuple[int, int]:
    return f.line, f.col


def _rules(settings: Mapping[str, Any]) -> list[Rule]:
    """The hard bans these settings make: the phrases and patterns, the idioms' with
    `idioms`."""
    phrases, patterns = list(settings["phrases"]), list(settings["patterns"])
    if settings.get("idioms"):
        phrases += IDIOMS
        patterns += IDIOM_PATTERNS
    return compile_rules([p.lower() for p in phrases], patterns)


def make(settings: Mapping[str, Any], corpus: Site | None = None) -> Callable[[Draft], Outcome]:
    rules = _rules(settings)
    quotes: bool | Literal["own"] = True if settings["check_blockquotes"] else "own"
    links = settings["check_link_text"]
    weighing = (
        Weighing(
            settings["threshold"],
            settings["min_tells"],
            settings["min_words"],
            settings["suppressions"],
        )
        if settings["tells"]
        else None
    )

    def check(draft: Draft) -> Outcome:
        if corpus is None:
            found = find_tells(draft.text, rules, quotes, links, draft.path, weighing=weighing)
            return Outcome(found, len(rules))
        from receipt_gate.reading.frontmatter import read as front_matter
        from receipt_gate_hooks import site_values

        if not corpus.templated:  # (an MkDocs site with no macros: tags are text)
            found = find_tells(
                draft.text, rules, quotes, links, draft.path, False, weighing=weighing
            )
            tags = "{{" in draft.text or "{%" in draft.text
            reads = site_values.reads_from([site_values.TEMPLATED] if tags else [], False, corpus)
            return Outcome(found, len(rules), reads=reads)
        own = front_matter(draft.text, draft.path).fields if "{{" in draft.text else {}
        shown = site_values.fields(corpus, own, draft.path)
        found = find_tells(
            draft.text, rules, quotes, links, draft.path, weighing=weighing, site=shown
        )
        unfollowed = _unfollowed(draft.text, corpus)
        printed = site_values.printed(draft.text, own)
        more = _follows_site(draft.text, corpus, unfollowed, printed, draft.path)
        reaching, named = _reaching(draft.text, corpus)
        if reaching:  # (one finding at a tag: a tainted value's names it already)
            at = {(f.line, f.col) for f in more}
            reached = [_finding_at(draft.text, offset, said) for offset, said in reaching]
            more += [f for f in reached if (f.line, f.col) not in at]
        lines = {f.line for f in found}  # (a value read in place already found there)
        more = [f for f in more if f.line not in lines or "template code" in f.message]
        found = sorted([*found, *more], key=_place) if more else found
        runs = [site_values.TEMPLATED] if "{{" in draft.text or "{%" in draft.text else []
        reads = site_values.reads_from(
            [*(k for _, ks in printed for k in ks), *named, *runs], bool(unfollowed), corpus
        )
        return Outcome(found, len(rules), reads=reads)

    return check
