"""registered-terms: every setting name the draft mentions is registered with a source URL.

A setting name is, by default, an inline code span that looks like an identifier, a
flag, an environment variable or a dotted/slashed key (`MAX_TOKENS`, `--no-verify`,
`permissions.allow`), and not a file name.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import regex

from gate import GateError
from gate.checks import Context, Finding, Outcome
from gate.claims import DEFAULT_REGISTRY, parse
from gate.config import CONFIG_FILE
from gate.text import Draft, code_spans

_FILE_EXT = (
    r"(?<!\.(?:md|markdown|ya?ml|json|jsonl|toml|py|js|ts|txt|sh|png|jpe?g|gif|svg|html?"
    r"|css|csv|lock|cfg|ini|pdf))"
)
PATTERN = (
    r"(?:--?[A-Za-z0-9][\w-]*(?:=\S*)?"  # a flag: --no-verify, -n, --max=3
    r"|[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+"  # an env var or constant: MAX_TOKENS
    r"|[a-z][a-z0-9]*(?:_[a-z0-9]+)+"  # snake_case: max_chars
    r"|[a-z][a-z0-9]*(?:[A-Z][a-z0-9]*)+"  # camelCase: hooksPath
    r"|[A-Za-z_][\w-]*(?:[./][A-Za-z_][\w-]*)+"  # dotted or slashed: permissions.allow
    r")" + _FILE_EXT
)
DEFAULTS: Mapping[str, object] = {"pattern": PATTERN}
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


def make(settings: Mapping[str, Any], ctx: Context) -> Callable[[Draft], Outcome]:
    try:
        rx = regex.compile(settings["pattern"])
    except regex.error as e:
        raise GateError(f"{CONFIG_FILE}: checks.registered-terms.pattern: does not compile:"
                        f" {e}") from None
    path: str = settings.get("registry", DEFAULT_REGISTRY)
    registered = {c.term for c in parse(ctx.tree.read(path), path)}

    def check(draft: Draft) -> Outcome:
        return Outcome(*find_unregistered(draft.text, rx, registered, path))

    return check
