"""grader: a model's verdict on structure and substance, where every criterion quotes the draft.

A verdict is one JSON object, printed by the grader command (receipt_gate.grading runs
it) or recorded from elsewhere:
{"verdict": "pass"|"fail", "criteria": [{"name", "verdict", "quotes": [...], "note"}]}.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from receipt_gate.checks import Finding
from receipt_gate.quotes import QuoteProblem, check_quotes, normalize

OUTPUT_LIMIT = 4 * 1024 * 1024


class GradeError(Exception):
    """The grader could not give a usable verdict: one line, exit 2, no receipt."""


def parse_verdict(data: bytes, source: str) -> dict[str, Any]:
    """The verdict object, shape-checked; GradeError says what is wrong with it."""
    from receipt_gate.shapes import BadShape, load_json

    try:
        obj = load_json(data)
    except BadShape as e:
        raise GradeError(f"{source}: {str(e).replace('not valid JSON', 'not JSON')}") from None
    if not isinstance(obj, dict):
        raise GradeError(f"{source}: expected a JSON object with verdict and criteria")
    if obj.get("verdict") not in ("pass", "fail"):
        got = obj.get("verdict")
        raise GradeError(f"{source}: verdict must be \"pass\" or \"fail\", got {got!r}")
    criteria = obj.get("criteria")
    if not isinstance(criteria, list) or not criteria:
        raise GradeError(f"{source}: criteria must be a non-empty list")
    clean = []
    for i, c in enumerate(criteria):
        where = f"{source}: criteria[{i}]"
        if not isinstance(c, dict):
            raise GradeError(f"{where}: expected an object")
        if not isinstance(c.get("name"), str) or not c["name"].strip():
            raise GradeError(f"{where}.name: expected a non-empty string")
        if c.get("verdict") not in ("pass", "fail"):
            raise GradeError(f"{where}.verdict: must be \"pass\" or \"fail\"")
        quotes = c.get("quotes", [])
        if not isinstance(quotes, list) or not all(isinstance(q, str) for q in quotes):
            raise GradeError(f"{where}.quotes: expected a list of strings")
        note = c.get("note", "")
        if not isinstance(note, str):
            raise GradeError(f"{where}.note: expected a string")
        clean.append({"name": c["name"], "verdict": c["verdict"], "quotes": quotes, "note": note})
    return {"verdict": obj["verdict"], "criteria": clean}


def quote_problems(verdict: Mapping[str, Any], text: str, min_chars: int) -> list[QuoteProblem]:
    return check_quotes(verdict["criteria"], text, min_chars)


def findings(verdict: Mapping[str, Any], text: str) -> list[Finding]:
    """A finding for each failing criterion (and for an overall fail), at its first quote."""
    out = []
    for c in verdict["criteria"]:
        if c["verdict"] == "fail":
            line = _line_of(text, c["quotes"][0]) if c["quotes"] else 1
            note = f": {c['note']}" if c["note"] else ""
            out.append(Finding(line, 1, f"criterion {c['name']!r} fails{note}"))
    if verdict["verdict"] == "fail" and not out:
        out.append(Finding(1, 1, "the grader's overall verdict is fail"))
    return out


def _line_of(text: str, quote: str) -> int:
    first = normalize(quote).split(" ")[0] if quote.strip() else ""
    for n, line in enumerate(text.split("\n"), 1):
        if first and first in normalize(line):
            return n
    return 1
