"""registered-terms: every setting name the draft mentions is registered with a source.

A setting name is an inline code span (or an HTML <code> element) of one of the
configured shapes (by default an environment variable, `HUGO_ENV`, or a long flag,
`--no-verify`; gate.registry lists the others a user can switch on) or that matches the
configured `pattern`, read as a reader reads it (gate.reading.fold: no zero-width
characters, lookalike letters folded). A flag or variable given a value (`--max=3`,
`HUGO_ENV=production`) is the name before the `=`; `$HUGO_ENV` names `HUGO_ENV`.
"""

from __future__ import annotations

from collections.abc import Callable, Container, Mapping
from typing import Any

import regex

from receipt_gate import GateError
from receipt_gate.checks import Finding, Outcome
from receipt_gate.config import CONFIG_FILE
from receipt_gate.prose import code_spans
from receipt_gate.reading import fold
from receipt_gate.registry import TERM_SHAPES
from receipt_gate.text import Draft

TIMEOUT_S = 2.0


def find_unregistered(
    text: str, rx: Any, registered: Container[str], registry: str
) -> tuple[list[Finding], int]:
    """Setting names in the draft's inline code that the registry does not hold."""
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
        term = term.split("=", 1)[0] if "=" in term[1:] else term
        term = term[1:] if term.startswith("$") else term  # $HUGO_ENV names HUGO_ENV
        if term not in registered:
            add = (f"--source URL|PATH -- {term}" if term.startswith("-")
                   else f"{term} --source URL|PATH")
            allow = f"-- {term}" if term.startswith("-") else term
            findings.append(Finding(line, col, f"`{term}` is not registered in {registry};"
                                    f" register where it is documented: receipt-gate claim"
                                    f" add {add} (or, a name of this project's own:"
                                    f" receipt-gate claim allow {allow})",
                                    (("term", term),)))
    return findings, checked


def make(settings: Mapping[str, Any], registered: Container[str]) -> Callable[[Draft], Outcome]:
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
    path: str = settings["registry"]

    def check(draft: Draft) -> Outcome:
        return Outcome(*find_unregistered(draft.text, rx, registered, path))

    return check
