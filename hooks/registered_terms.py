"""registered-terms: every setting name the draft mentions is registered with a source URL.

A setting name is, by default, an inline code span that looks like an identifier, a
flag, an environment variable or a dotted/slashed key (`MAX_TOKENS`, `--no-verify`,
`permissions.allow`), and not a file name.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import regex

from receipt_gate import GateError
from receipt_gate.checks import Finding, Outcome
from receipt_gate.config import CONFIG_FILE
from receipt_gate.text import Draft, code_spans

TIMEOUT_S = 2.0


def find_unregistered(
    text: str, rx: Any, registered: set[str], registry: str
) -> tuple[list[Finding], int]:
    """Setting names in the draft's inline code that the registry does not hold."""
    findings = []
    checked = 0
    for line, col, term in code_spans(text):
        try:
            if not rx.fullmatch(term, timeout=TIMEOUT_S):
                continue
        except TimeoutError:
            raise GateError(f"{CONFIG_FILE}: checks.registered-terms.pattern: took over"
                            f" {TIMEOUT_S:g}s on {term!r} (catastrophic backtracking?)") from None
        checked += 1
        if term not in registered:
            add = f"--source URL -- {term}" if term.startswith("-") else f"{term} --source URL"
            findings.append(Finding(line, col, f"`{term}` is not registered in {registry};"
                                    f" register it: receipt-gate claim add {add}",
                                    (("term", term),)))
    return findings, checked


def make(settings: Mapping[str, Any], registered: set[str]) -> Callable[[Draft], Outcome]:
    try:
        rx = regex.compile(settings["pattern"])
    except regex.error as e:
        raise GateError(f"{CONFIG_FILE}: checks.registered-terms.pattern: does not compile:"
                        f" {e}") from None
    path: str = settings["registry"]

    def check(draft: Draft) -> Outcome:
        return Outcome(*find_unregistered(draft.text, rx, registered, path))

    return check
