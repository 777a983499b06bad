"""Quote checks for model verdicts: every quote must really be in the draft, where a
reader of the rendered page reads it.

Both ends are read alike: as a reader's view gives them (markup out, entities decoded,
invisible characters dropped, look-alike letters folded), then Unicode NFKC, curly
quotes and dashes folded to ASCII, runs of white space collapsed. Matching is
case-sensitive: a quote is the draft's words as written. A quote must occur within one
paragraph of the visible text (not an attribute, a link destination, a hidden element),
and be at least `min_quote_chars` long after normalization.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from typing import Any, NamedTuple

from receipt_gate.base import lazyre
from receipt_gate.base.datafile import KINDS
from receipt_gate.reading.direction import may_reorder

MIN_QUOTE_CHARS = 20

_FOLD = str.maketrans(
    {
        "‘": "'",
        "’": "'",
        "‚": "'",
        "‛": "'",
        "′": "'",
        "“": '"',
        "”": '"',
        "„": '"',
        "‟": '"',
        "″": '"',
        "«": '"',
        "»": '"',
        "‐": "-",
        "‑": "-",
        "‒": "-",
        "–": "-",
        "—": "-",
        "―": "-",
        "−": "-",
        "\u200b": None,
        "\u200c": None,
        "\u200d": None,
        "\u2060": None,
        "\ufeff": None,
        "\u00ad": None,
    }
)
_SPACE = lazyre.compile(r"\s+")
# Markdown emphasis and code markers, and link targets: a model quotes what a reader sees.
_MARKUP = lazyre.compile(r"\[([^\]]*)\]\([^)]*\)|[*`]+|(?<!\w)_+|_+(?!\w)")


def normalize(text: str) -> str:
    # (a double quote as two apostrophes: the reader's view folds the curly ones so,
    # by Unicode's confusables)
    text = unicodedata.normalize("NFKC", text).translate(_FOLD)
    if "--" in text:  # (kramdown's and SmartyPants' dashes as written: `3--4` is an en
        # dash, `---` an em dash; round 93 f02)
        text = _TYPED.sub("-", text)
    text = text.replace('"', "''")
    # (no space before a sentence's closing mark: a footnote's marker read out of
    # `today[^1].` leaves one, drawn as `today¹.`, round 82)
    return _BEFORE_MARK.sub("", _SPACE.sub(" ", text)).strip()


_BEFORE_MARK = lazyre.compile(r" (?=[.,;:!?)\]](?!\w))")
_TYPED = lazyre.compile(r"-{2,3}")


def _unmark(text: str) -> str:
    return _MARKUP.sub(lambda m: m.group(1) or "", text)


def _seen(text: str, raw: bool = False) -> str:
    """Text as a reader's view gives it (gate.reading.reader), normalized (`raw`: with
    no look-alike folded, as drawn paragraphs are read)."""
    from receipt_gate.reading.reader import reader_view

    return normalize(reader_view(text, raw=raw).text)


_WORD = lazyre.compile(r"[^\W_]+")


def _left_to_right_runs(text: str) -> list[str]:
    """The runs of words a reader reads left to right in a text, each run's words in
    their order: Latin (and every left-to-right script's) words and numbers, cut where a
    right-to-left word stands (a right-to-left line draws such runs right to left)."""
    runs: list[list[str]] = [[]]
    for w in _WORD.findall(text):
        if w.isascii() or not any(unicodedata.bidirectional(c) in ("R", "AL") for c in w):
            runs[-1].append(w)
        elif runs[-1]:
            runs.append([])
    return [" ".join(run) for run in runs if run]


# Struck-out text (`~~approved~~`, GFM's and goldmark's `~approved~` too: round 86, `<del>`,
# `<s>`, `<strike>`): drawn struck through, a retraction a reader reads as one, so no
# quote holds it (round 82: "The committee approved the budget" quoted from `The
# committee ~~approved~~ the budget`); what stands around it is the text as corrected.
# Read in one pass each, at any length (round 90: patterns bounded to 300 or 2,000
# characters, a tag's attributes to 500 without `<`, let longer strikes through).
_TILDES = lazyre.compile(r"~+|\n[ \t]*\n")
_STRIKE_TAG = lazyre.compile(r"(?i)<(/)?(del|s|strike)(?=[\s/>])(?(1)\s*>)")


def _struck(text: str, html: bool) -> str:
    """The text with what a strike holds out: tildes' and strike tags', each read on the
    whole text (a tag opened inside a tilde strike strikes on past it); the tags outside
    code as markdown reads it, and as HTML reads it where the page may be HTML (an
    indented line is no code there)."""
    from receipt_gate.reading.inline import merged

    spans = [*(_tilde_strikes(text) if "~" in text else ())]
    if "<" in text:
        from receipt_gate.reading.masking import without_code

        spans += _strike_tags(without_code(text))
        if html:
            spans += _strike_tags(without_code(text, markdown=False))
    pieces, pos = [], 0
    for a, b in merged(spans):
        pieces += [text[pos:a], " " + "\n" * text.count("\n", a, b)]
        pos = b
    return "".join([*pieces, text[pos:]])


def _may_be_html(text: str, path: str) -> bool:
    """May the page at `path` be HTML (no path: it may)?"""
    from receipt_gate.reading.pageparts import html_page

    return not path or html_page(text, path)


def _tilde_strikes(text: str) -> list[tuple[int, int]]:
    """Tilde strikes: a run of two or more tildes before a letter opens one that the
    next run after a letter closes, across soft line breaks, in one paragraph; a single
    tilde, one the next run closes on its line (round 88: across a soft line break; 89:
    three tildes or uneven runs strike too, markdown-it's and kramdown's)."""
    spans: list[tuple[int, int]] = []
    opened: tuple[int, int] | None = None  # (where, its length)
    for m in _TILDES.finditer(text):
        a, b = m.span()
        if text[a] != "~":  # a blank line: no strike reads past it
            opened = None
            continue
        closes = a > 0 and not text[a - 1].isspace()
        if opened is not None:
            at, length = opened
            if closes and (length > 1 or "\n" not in text[at:a]):
                spans.append((at, b))
                opened = None
                continue
            if length > 1:
                continue  # (a double run reads on past a tilde that closes nothing)
            opened = None
        if b < len(text) and not text[b].isspace():
            opened = (a, b - a)
    return spans


def _strike_tags(masked: str) -> list[tuple[int, int]]:
    """What `<del>`, `<s>` and `<strike>` hold out in a text with its code blanked: from
    an opening to where every strike it opened has closed (nested ones too), or to the
    page's end (a browser carries one never closed on: round 88; `<del/>` opens one,
    HTML has no self-closing del)."""
    depth: dict[str, int] = {}
    spans: list[tuple[int, int]] = []
    start = -1
    for m in _STRIKE_TAG.finditer(masked):
        name = m.group(2).lower()
        if not m.group(1):
            if not any(depth.values()):
                start = m.start()
            depth[name] = depth.get(name, 0) + 1
        elif depth.get(name):
            depth[name] -= 1
            if not any(depth.values()):
                spans.append((start, m.end()))
    if any(depth.values()):
        spans.append((start, len(masked)))
    return spans


# A letter raised or lowered inside a word, as a browser draws it: `H<sub>2</sub>O`.
_RAISED = lazyre.compile(r"(?i)(?<=\w)</?(?:sub|sup)>|</?(?:sub|sup)>(?=\w)")


# Letters struck or slashed through by a combining overlay (U+0334-U+0338, U+20D2...):
# drawn as struck out, a retraction too (round 87: `T\u0336h\u0336e\u0336`).
_OVERLAID = lazyre.compile(r"(?:[^\n][\u0334-\u0338\u20d2\u20d3\u20d8\u20e5\u20e6\u20ea\u20eb]+)+")


def _struck_out(m: re.Match[str]) -> str:
    """Struck-out text out (a quote of what stands around it reads on), its line breaks
    kept."""
    return " " + "\n" * m.group().count("\n")


def paragraphs(
    text: str,
    path: str = "",
    unshown: frozenset[str] = frozenset(),
    drawn: bool = False,
    kept: bool = False,
) -> list[str]:
    """The draft's paragraphs as a reader of the rendered page reads them, normalized:
    visible text alone (gate.reading.pageparts.visible_paragraphs), so a quote found only
    in an attribute, a link destination, a hidden element, front matter, a code block
    or a comment quotes nothing a reader read, nor what a site's render hook may not print
    (`unshown`); a page in a plain markup (Org, AsciiDoc, reStructuredText, by its `path`)
    as that markup shows it. `drawn`: each line as a browser draws it (right-to-left
    text reorders it: gate.reading.direction)."""
    from receipt_gate.reading.pageparts import (
        plain_paragraphs,
        unsure_markup,
        visible_paragraphs,
    )
    from receipt_gate.reading.visible import long_tag, paints_over, shrunk

    html = "<" in text and _may_be_html(text, path)  # (strikes and long tags read as HTML too)
    if "\\<" in text and not html and not path.lower().endswith(_NOT_MARKDOWN):
        # (markdown's escaped `<` opens no comment and no strike: `\<!--` and `\<s>`
        # show as written, round 97 f01-f03)
        from receipt_gate.reading.visible import escaped_lt

        text = escaped_lt(text, "&lt;")
    if "~" in text or "<" in text:
        text = _struck(text, html)
    if "<" in text and ("<sub" in text or "<sup" in text):  # (after the strikes: a tag it
        text = _RAISED.sub("", text)  # takes out ends no strike, the review)
    if not text.isascii():
        text = _OVERLAID.sub(_struck_out, text)
    if "<" in text and (paints_over(text) or long_tag(text, html) or shrunk(text)):
        return []  # (no text of it is surely seen)
    plain = plain_paragraphs(text, path) if path else None
    if plain is not None and unsure_markup(text, path):
        return []
    read = plain if plain is not None else visible_paragraphs(text, unshown, drawn, kept)
    return [p for p in (normalize(para) for para in read) if p]


def readings(
    text: str, path: str = "", unshown: frozenset[str] = frozenset()
) -> list[tuple[list[str], bool]]:
    """The page's paragraphs as written, as a browser draws them where right-to-left
    text reorders a line (round 75: `the &#x2067;ninth&#x61c; of May&#x2069;` is drawn
    "the of May ninth"), and, where it holds Liquid or Nunjucks tags, as they print it
    first (what they print may open a comment: `{% raw %}<!--{% endraw %}`, round 57):
    a quote counts only where every reading holds it. (Each with whether it is drawn:
    a quote is read in that order too.)"""
    out = [(paragraphs(text, path, unshown), False)]
    for kept in (False, True) if may_reorder(text) else ():  # (a mark a style may hide
        # reorders its line, or is hidden: both)
        drawn = paragraphs(text, path, unshown, drawn=True, kept=kept)
        if drawn != out[0][0] and (drawn, True) not in out:
            out.append((drawn, True))
    if "{{" in text or "{%" in text:
        from receipt_gate import GateError
        from receipt_gate.reading.frontmatter import read as front_matter
        from receipt_gate.reading.templatetags import printings

        try:
            fields = front_matter(text, path or "<draft>").fields
        except GateError:
            return out  # (front matter no reader reads: the page as written)
        # (and as it may print what the page does not say: round 58)
        out += [(paragraphs(p, path, unshown), False) for p in printings(text, fields) if p != text]
    return out


def _forms(quote: str, raw: bool = False) -> tuple[str, ...]:
    """A quote as written, with its markup out, and as its characters are (a quote of
    `max_retries`, `2*3` or `~5` copies what the page shows of `max\\_retries`: round 96
    f01-f04), each read as the paragraphs are."""
    literal = _PUNCTUATION.sub(r"\\\g<0>", quote)
    forms = (_seen(quote, raw), _seen(_unmark(quote), raw), _seen(literal, raw))
    # (and without the quotation marks a browser draws around a `<q>`'s text, which the
    # page's text does not hold: round 96 f05; a nested one's single marks, round 97 f06)
    bare = [f.replace("''", "") for f in forms if "''" in f]
    bare += [f.replace("'", "") for f in (*forms, *bare) if "'" in f]
    return tuple(dict.fromkeys((*forms, *bare)))


_PUNCTUATION = lazyre.compile(r"[!-/:-@\[-`{-~]")


_NOT_MARKDOWN = (".org", ".adoc", ".asciidoc", ".ad", ".rst", ".html", ".htm")


def _found(quote: str, paras: list[tuple[list[str], bool]]) -> bool:
    """Is the quote in one paragraph of every reading? In one drawn as a browser draws
    it: each run of its words read left to right is there in its order (right-to-left
    words are drawn in place, read right to left, and so are the runs between them: a
    quote that starts inside them is no string of the drawn line, rounds 76 and 77)."""
    forms = _forms(quote)
    for r, drawn in paras:
        if not drawn:
            if not any(form in p for form in forms for p in r):
                return False
            continue
        drawn_runs = [f" {run} " for p in r for run in _left_to_right_runs(p)]
        if not any(
            all(any(f" {run} " in d for d in drawn_runs) for run in _left_to_right_runs(form))
            for form in _forms(quote, raw=True)
        ):
            return False
    return True


class QuoteProblem(NamedTuple):
    criterion: str
    quote: str
    reason: str


def check_quotes(
    criteria: Sequence[dict[str, Any]],
    text: str,
    min_chars: int = MIN_QUOTE_CHARS,
    path: str = "",
    unshown: frozenset[str] = frozenset(),
) -> list[QuoteProblem]:
    """Every problem with the criteria's quotes against this draft text (at `path`:
    its markup decides what a reader reads; `unshown`: see paragraphs())."""
    from receipt_gate.reading.pageparts import unsure_markup
    from receipt_gate.reading.visible import long_tag, paints_over, shrunk

    paras = readings(text, path, unshown)
    problems = []
    for c in criteria:
        name = str(c.get("name", "?"))
        quotes = [q for q in c.get("quotes", []) if isinstance(q, str)]
        if not quotes:
            problems.append(QuoteProblem(name, "", "has no quote"))
            continue
        for q in dict.fromkeys(quotes):  # a repeated quote counts once
            norm = normalize(q)
            if len(norm) < min_chars:
                problems.append(
                    QuoteProblem(
                        name,
                        q,
                        f"is {len(norm)} characters after"
                        f" normalization, under min_quote_chars {min_chars}",
                    )
                )
            elif not _found(q, paras):
                why = "does not occur in the draft within one paragraph"
                if _found(q, [r for r in paras if not r[1]]):
                    why = (
                        "is not what a browser draws there: right-to-left text or a"
                        " direction mark reorders its line"
                    )
                if path and (said := unsure_markup(text, path)):
                    why = (
                        f"is in a page whose markup ({said!r}) may hide, strike or fence"
                        " what it holds where the gate does not read it"
                    )
                elif tag := long_tag(text, _may_be_html(text, path)):
                    why = (
                        f"is in a page whose tag {tag!r} is longer than the gate reads one:"
                        " what it holds and hides is not surely read"
                    )
                elif small := shrunk(text):
                    why = f"is in a page whose text {small} may be too small to read"
                elif paint := paints_over(text):
                    why = (
                        f"is in a page whose style {paint!r} may paint over its text:"
                        " no reader surely reads it"
                    )
                elif unshown and in_text(q, text, path):
                    why = (
                        f"is only in a {'/'.join(sorted(k for k in unshown if ' ' not in k))}"
                        " the site does not surely"
                        " print (a render hook of its own, or a renderer with no footnotes)"
                    )
                problems.append(QuoteProblem(name, q, why))
    return problems


def in_text(quote: str, text: str, path: str = "") -> bool:
    """Does the quote occur in the text (of the page at `path`) within one paragraph,
    as a reader reads it?"""
    return _found(quote, readings(text, path))


# A source by what its name says it is (round 82): a page (markdown, HTML, a plain
# markup) is read as its readers read it; a text as its lines; a data file by its string
# values alone (no comment, no key: no site shows a YAML comment); anything else (a
# script, a config of a tool) is no document a reader reads.
_DATA = KINDS  # (what the data-file reader reads)
_TEXT = (".txt", ".text")


def in_source(quote: str, text: str, path: str) -> bool | None:
    """Does the quote occur in this source (at `path`) within one paragraph, as its
    reader reads it (a page's text, a text's lines, a data file's string values)? None
    for a file that is no document a reader reads."""
    from receipt_gate.base.kinds import MORE_MARKUP, WRITING

    lower = path.lower()
    if any(part.startswith(".") for part in lower.split("/")[:-1]):
        return None  # (a tool's folder: `.github/workflows/ci.yml` is a script, round 91)
    if lower.endswith((*WRITING, *MORE_MARKUP, ".html", ".htm")):  # (a page a generator
        return in_text(quote, text, path)  # renders, or a browser shows: round 91)
    if lower.endswith(_TEXT):
        paras = [normalize(p) for p in re.split(r"\n[ \t]*\n", text)]
    elif lower.endswith(_DATA):
        paras = [normalize(v) for v in _values(text, lower)]
    else:
        return None
    return any(form in p for form in _forms(quote) for p in paras if p)


def _values(text: str, lower: str) -> list[str]:
    """A data file's string values (none where it does not parse)."""
    from receipt_gate.base import datafile

    doc = datafile.load(text, lower)
    if lower.endswith((".csv", ".tsv")) and isinstance(doc, list):
        doc = doc[1:]  # (its header: the columns' names, keys, round 88)
    out: list[str] = []
    stack = [doc]
    while stack:
        node = stack.pop()
        if isinstance(node, str):
            out.append(node)
        elif isinstance(node, dict):
            stack += node.values()
        elif isinstance(node, list):
            stack += node
    return out


def describe(p: QuoteProblem) -> str:
    if not p.quote:
        return f"criterion {p.criterion!r} has no quote"
    shown = p.quote if len(p.quote) <= 80 else p.quote[:77] + "..."
    return f"criterion {p.criterion!r} quotes {shown!r}, which {p.reason}"
