"""registered-terms: every setting name the draft mentions is registered with a source.

A setting name is an inline code span (or an HTML <code> element) of one of the
configured shapes (by default an environment variable, `HUGO_ENV`, or a long flag,
`--no-verify`; gate.registry lists the others a user can switch on) or that matches the
configured `pattern`, read as a reader reads it (gate.reading.fold: no zero-width
characters, lookalike letters folded). A flag or variable given a value (`--max=3`,
`HUGO_ENV=production`) is the name before the `=`; `$HUGO_ENV` names `HUGO_ENV`.

A name has a source when the registry holds it, when it is a link's text (the page it
links to), or when a published page of ours other than the draft names it
(`documented_in`, gate.documented): the project is the authority on its own names.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Container, Mapping
from typing import Any, NamedTuple

import regex

from receipt_gate import GateError
from receipt_gate.checks import Finding, Outcome
from receipt_gate.config import CONFIG_FILE
from receipt_gate.documented import NONE, Documented
from receipt_gate.prose import code_spans
from receipt_gate.reading import fold
from receipt_gate.registry import TERM_SHAPES
from receipt_gate.text import Draft

TIMEOUT_S = 2.0


class Sources(NamedTuple):
    """Where a name can have its source: the registry, and our published pages."""
    registered: Container[str]
    documented: Documented = NONE


# Dashes a reader takes for a hyphen-minus in `--max` (hyphen, non-breaking hyphen,
# figure and en dashes, minus): one name, whichever was typed.
_DASHES = str.maketrans(dict.fromkeys("\u2010\u2011\u2012\u2013\u2212\ufe63\uff0d", "-"))


def _dashes(term: str) -> str:
    return term if term.isascii() else term.translate(_DASHES)


def _name(term: str) -> str:
    term = term.split("=", 1)[0] if "=" in term[1:] else term
    return term[1:] if term.startswith("$") else term  # $HUGO_ENV names HUGO_ENV


def find_unregistered(
    text: str, rx: Any, registered: Container[str], registry: str,
    documented: Documented = NONE, path: str = "<draft>",
) -> tuple[list[Finding], int]:
    """Setting names in the draft's inline code that the registry does not hold and no
    published page but the draft's own names."""
    findings = []
    checked = 0
    # A name that is a link's text comes with its source: the page it links to.
    for line, col, written in code_spans(text, linked=False):
        term = _dashes(fold(written))  # as a reader reads it: no zero-width, no lookalike
        try:
            if not rx.fullmatch(term, timeout=TIMEOUT_S):
                continue
        except TimeoutError:
            raise GateError(f"{CONFIG_FILE}: checks.registered-terms.pattern: took over"
                            f" {TIMEOUT_S:g}s on {term!r} (catastrophic backtracking?)") from None
        checked += 1
        term = _name(term)
        if term not in registered and not documented.elsewhere(term, path):
            add = (f"--source URL -- {term}" if term.startswith("-")
                   else f"{term} --source URL")
            findings.append(Finding(line, col, f"`{term}` is not registered in {registry}:"
                                    " find the page that documents it and register it with"
                                    f" that source: receipt-gate claim add {add}"
                                    " (a name this project defines itself, not a claim about"
                                    " another tool, is for a maintainer to allow)",
                                    (("term", term),)))
    return findings, checked


_WORD = re.compile(r"[^\s`'\"()\[\]{}<>,;|*]+")
_TAG = re.compile(r"<[^<>]*>")
def _visible(text: str) -> str:
    """The page with what no reader sees blanked, lines kept: HTML comments, Liquid
    comment pairs, template tags (each read in linear time: gate.prose, gate.templatetags)."""
    from receipt_gate.prose import hide_templates
    from receipt_gate.templatetags import blank_pairs

    return hide_templates(blank_pairs(text, frozenset({"comment"})))


def names_in(text: str, rx: Any) -> list[str]:
    """The setting names a published page uses where its readers see them: any word of
    its prose as rendered (no front matter, HTML blocks, comments, tags and their
    attributes, template tags, link destinations), of its code spans and of its code
    blocks that has a setting name's shape."""
    import html

    from receipt_gate.markdown import blocks
    from receipt_gate.prose import code_spans, prose_lines

    if "<!--" in text or "{" in text:
        text = _visible(text)
    prose = "\n".join(prose_lines(text)).replace("\0", "")  # a comment inside a word
    if "<" in prose:
        prose = _TAG.sub(" ", prose)
    seen = set(_WORD.findall(html.unescape(prose) if "&" in prose else prose))
    for _, _, content in code_spans(text):  # a <code> element's already read as shown
        seen.update(_WORD.findall(content))
    lines = text.split("\n")
    for b in blocks(text):
        if b.kind == "code":
            seen.update(_WORD.findall("\n".join(ln[c:] for ln, c in zip(
                lines[b.start:b.end], b.cols, strict=True))))
    names = set()
    for word in seen:
        word = _dashes(fold(word.rstrip(".:!?")))
        try:
            if word and rx.fullmatch(word, timeout=TIMEOUT_S):
                names.add(_name(word))
        except TimeoutError:
            raise GateError(f"{CONFIG_FILE}: checks.registered-terms.pattern: took over"
                            f" {TIMEOUT_S:g}s on {word!r} (catastrophic backtracking?)"
                            ) from None
    return sorted(names)


def name_pattern(settings: Mapping[str, Any]) -> Any:
    """The shapes and pattern a setting name has, as one compiled expression."""
    parts = []
    for i, shape in enumerate(settings["shapes"]):
        if shape not in TERM_SHAPES:
            raise GateError(f"{CONFIG_FILE}: checks.registered-terms.shapes[{i}]: unknown shape"
                            f" {shape!r} (known: {', '.join(TERM_SHAPES)})")
        parts.append(TERM_SHAPES[shape])
    if settings["pattern"]:
        parts.append(settings["pattern"])
    try:
        rx = regex.compile("|".join(f"(?:{p})" for p in parts) or "(?!)")
    except regex.error as e:
        raise GateError(f"{CONFIG_FILE}: checks.registered-terms.pattern: does not compile:"
                        f" {e}") from None
    return rx


def make(settings: Mapping[str, Any], sources: Sources) -> Callable[[Draft], Outcome]:
    rx = name_pattern(settings)
    registry: str = settings["registry"]

    def check(draft: Draft) -> Outcome:
        return Outcome(*find_unregistered(draft.text, rx, sources.registered, registry,
                                          sources.documented, draft.path))

    return check
