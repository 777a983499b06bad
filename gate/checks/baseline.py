"""The baseline of adoption: the findings existing content had when the gate came in.

`receipt-gate adopt --baseline` writes it and names it in the config (`baseline:`).
A finding it lists, on the draft it lists it for, is suppressed (kept in the receipt
under `suppressed`, shown by status, JSON and SARIF); any other finding refuses, so
new content and new findings must meet the rules. A finding is known by what it is
about (a term, a number and the title it comes from, a phrase), not by its line, so
an edit elsewhere in the draft does not make old findings new.

The baseline is part of the rules, not of the content: the gate reads it from the
commit the rules in force come from, so a commit cannot add its own findings to it.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from receipt_gate import GateError
from receipt_gate.base.sha import hex256
from receipt_gate.checks import Finding

DEFAULT_FILE = ".receipt-gate-baseline.json"
FORMAT = 1
LIMIT = 64 * 1024 * 1024

# draft path -> check -> the keys of its findings (a key repeats as often as it occurred)
Entries = dict[str, dict[str, list[str]]]


def key(f: Finding) -> str:
    """What a finding is about, without where it is: its term, its number and the
    article it comes from, or its message (which holds the phrase, or the opening's
    length: an opening that grows is a new finding)."""
    extra = dict(f.extra)
    if isinstance(extra.get("key"), str):  # what the check says the finding is about
        return str(extra["key"])
    if isinstance(extra.get("term"), str):
        return f"term {extra['term']}"
    if isinstance(extra.get("value"), str) and isinstance(extra.get("article"), str):
        return f"number {extra['value']} from {extra['article']}"
    return f.message


def parse(data: bytes | None, file: str, known: Sequence[str] = ()) -> Entries:
    """The baseline's entries; GateError naming the file when it is not one. `known`
    are the checks a baseline may hold (the deterministic ones the config knows); with
    none given, any name."""
    from receipt_gate.base.shapes import BadShape, load_json

    if data is None:
        raise GateError(
            f"{file}: not found (the config's baseline names it;"
            " receipt-gate adopt --baseline writes it)"
        )
    try:
        doc = load_json(data)
    except BadShape as e:
        raise GateError(f"{file}: {e}") from None
    if not isinstance(doc, dict) or doc.get("receipt-gate-baseline") != FORMAT:
        raise GateError(
            f"{file}: not a receipt-gate baseline (expected an object with"
            f' "receipt-gate-baseline": {FORMAT})'
        )
    findings = doc.get("findings")
    if not isinstance(findings, dict):
        raise GateError(f"{file}: findings: expected an object (draft -> check -> list)")
    for draft, checks in findings.items():
        if not isinstance(checks, dict):
            raise GateError(f"{file}: findings.{draft}: expected an object (check -> list)")
        for check, keys in checks.items():
            if known and check not in known:
                raise GateError(
                    f"{file}: findings.{draft}.{check}: not a check a baseline"
                    f" holds (one of: {', '.join(known)})"
                )
            if not isinstance(keys, list) or not all(isinstance(k, str) for k in keys):
                raise GateError(f"{file}: findings.{draft}.{check}: expected a list of strings")
    return findings


def for_check(entries: Entries, check: str) -> dict[str, list[str]]:
    return {d: checks[check] for d, checks in entries.items() if checks.get(check)}


def digest(entries: Mapping[str, Sequence[str]]) -> str:
    """The fingerprint of one check's part of the baseline."""
    text = json.dumps(
        {d: sorted(k) for d, k in entries.items()},
        sort_keys=True,
        ensure_ascii=False,
        separators=(",", ":"),
    )
    return hex256(text.encode())


def dump(entries: Entries, about: str) -> bytes:
    doc: dict[str, Any] = {
        "receipt-gate-baseline": FORMAT,
        "about": about,
        "findings": {
            d: {c: sorted(keys) for c, keys in sorted(checks.items()) if keys}
            for d, checks in sorted(entries.items())
            if any(checks.values())
        },
    }
    return (json.dumps(doc, indent=2, ensure_ascii=False) + "\n").encode()


_LOADED: dict[tuple[str, bytes, tuple[str, ...]], Entries] = {}


def load(tree: Any, file: str, checks: Sequence[str] = ()) -> Entries:
    """The baseline in a tree (parsed once per content), holding only `checks`."""
    data = tree.read(file, LIMIT)
    hit = _LOADED.get((file, data or b"", tuple(checks)))
    if hit is None:
        hit = _LOADED[(file, data or b"", tuple(checks))] = parse(data, file, checks)
    return hit
