"""registered-terms: every setting name the draft mentions is registered with a source.

A setting name is an inline code span of one of the configured shapes (by default an
environment variable, `HUGO_ENV`, or a long flag, `--no-verify`; gate.registry lists the
others a user can switch on) or that matches the configured `pattern`. A flag or key
given a value (`--max=3`) is the name before the `=`.
"""

from __future__ import annotations

from collections.abc import Callable, Container, Mapping
from typing import Any

import regex

from receipt_gate import GateError
from receipt_gate.checks import Finding, Outcome
from receipt_gate.config import CONFIG_FILE
from receipt_gate.prose import code_spans
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
    for line, col, term in code_spans(text, linked=False):
        try:
            if not rx.fullmatch(term, timeout=TIMEOUT_S):
                continue
        except TimeoutError:
            raise GateError(f"{CONFIG_FILE}: checks.registered-terms.pattern: took over"
                            f" {TIMEOUT_S:g}s on {term!r} (catastrophic backtracking?)") from None
        checked += 1
        term = term.split("=", 1)[0] if "=" in term[1:] else term
        if term not in registered:
            add = f"--source URL -- {term}" if term.startswith("-") else f"{term} --source URL"
            findings.append(Finding(line, col, f"`{term}` is not registered in {registry};"
                                    f" register it: receipt-gate claim add {add}",
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
