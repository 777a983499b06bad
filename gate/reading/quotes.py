"""Quote checks for model verdicts: every quote must really be in the draft.

Both ends get the same normalization: Unicode NFKC, curly quotes and dashes folded
to ASCII, zero-width characters dropped, runs of white space collapsed. Matching is
case-sensitive: a quote is the draft's words as written. A quote must occur within
one paragraph, and be at least `min_quote_chars` long after normalization.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from typing import Any, NamedTuple

MIN_QUOTE_CHARS = 20

_FOLD = str.maketrans({
    "‘": "'", "’": "'", "‚": "'", "‛": "'", "′": "'",
    "“": '"', "”": '"', "„": '"', "‟": '"', "″": '"', "«": '"', "»": '"',
    "‐": "-", "‑": "-", "‒": "-", "–": "-", "—": "-", "―": "-", "−": "-",
    "\u200b": None, "\u200c": None, "\u200d": None, "\u2060": None, "\ufeff": None,
    "\u00ad": None,
})
_SPACE = re.compile(r"\s+")
# Markdown emphasis and code markers, and link targets: a model quotes what a reader sees.
_MARKUP = re.compile(r"\[([^\]]*)\]\([^)]*\)|[*`]+|(?<!\w)_+|_+(?!\w)")


def normalize(text: str) -> str:
    text = unicodedata.normalize("NFKC", text).translate(_FOLD)
    return _SPACE.sub(" ", text).strip()


def _unmark(text: str) -> str:
    return _MARKUP.sub(lambda m: m.group(1) or "", text)


def paragraphs(text: str) -> list[str]:
    """The draft's paragraphs as a reader sees them (no front matter, code block or HTML
    comment: a quote found only there quotes nothing a reader read), each normalized,
    in two forms: as written and with markup left out."""
    from receipt_gate.reading.pageparts import reader_paragraphs

    out = []
    for para in reader_paragraphs(text):
        norm = normalize(para)
        if norm:
            out.append(norm)
            read = normalize(_unmark(para))
            if read != norm:
                out.append(read)
    return out


class QuoteProblem(NamedTuple):
    criterion: str
    quote: str
    reason: str


def check_quotes(
    criteria: Sequence[dict[str, Any]], text: str, min_chars: int = MIN_QUOTE_CHARS
) -> list[QuoteProblem]:
    """Every problem with the criteria's quotes against this draft text."""
    paras = paragraphs(text)
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
                problems.append(QuoteProblem(name, q, f"is {len(norm)} characters after"
                                             f" normalization, under min_quote_chars {min_chars}"))
            elif not any(norm in p or normalize(_unmark(q)) in p for p in paras):
                problems.append(QuoteProblem(name, q, "does not occur in the draft within one"
                                             " paragraph"))
    return problems


def in_text(quote: str, text: str) -> bool:
    """Does the quote occur in the text within one paragraph (normalized alike)?"""
    norm, read = normalize(quote), normalize(_unmark(quote))
    return any(norm in p or read in p for p in paragraphs(text))


def describe(p: QuoteProblem) -> str:
    if not p.quote:
        return f"criterion {p.criterion!r} has no quote"
    shown = p.quote if len(p.quote) <= 80 else p.quote[:77] + "..."
    return f"criterion {p.criterion!r} quotes {shown!r}, which {p.reason}"
