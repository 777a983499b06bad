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
        term = fold(written)  # as a reader reads it: no zero-width space, no lookalike
        try:
            if not rx.fullmatch(term, timeout=TIMEOUT_S):
                continue
        except TimeoutError:
            raise GateError(f"{CONFIG_FILE}: checks.registered-terms.pattern: took over"
                            f" {TIMEOUT_S:g}s on {term!r} (catastrophic backtracking?)") from None
        checked += 1
        term = _name(term)
        if term not in registered and not documented.elsewhere(term, path):
            add = (f"--source URL|PATH -- {term}" if term.startswith("-")
                   else f"{term} --source URL|PATH")
            allow = f"-- {term}" if term.startswith("-") else term
            findings.append(Finding(line, col, f"`{term}` is not registered in {registry};"
                                    f" register where it is documented: receipt-gate claim"
                                    f" add {add} (or, a name of this project's own:"
                                    f" receipt-gate claim allow {allow})",
                                    (("term", term),)))
    return findings, checked


_WORD = re.compile(r"[^\s`'\"()\[\]{}<>,;|*]+")
# What a reader of a page never sees: HTML comments, Liquid comments.
_COMMENT = re.compile(r"<!--.*?-->|\{%-?\s*comment\s*-?%\}.*?\{%-?\s*endcomment\s*-?%\}",
                      re.DOTALL)


def names_in(text: str, rx: Any) -> list[str]:
    """The setting names a published page uses where its readers see them: any word of
    its paragraphs, headings and code blocks (not front matter, HTML or comments) that
    has a setting name's shape."""
    from receipt_gate.markdown import blocks

    lines = text.split("\n")
    seen = set()
    for b in blocks(text):
        if b.kind in ("paragraph", "heading", "code"):
            part = "\n".join(ln[c:] for ln, c in zip(lines[b.start:b.end], b.cols, strict=True))
            if "<!--" in part or "{%" in part:
                part = _COMMENT.sub(" ", part)
            seen.update(_WORD.findall(part))
    names = set()
    for word in seen:
        word = fold(word.rstrip(".:!?"))
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
