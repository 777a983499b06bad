"""SARIF 2.1.0 output, so code scanning can show refusals and findings on the draft's lines."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, NamedTuple

from receipt_gate import TOOL, __version__

SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
RULES = {
    "missing": "A required check has no receipt for the draft (it never ran).",
    "unreadable": "The receipt cannot be read; it counts as missing.",
    "mismatched": "The receipt belongs to another draft or check; it counts as missing.",
    "stale": "The draft, or the check's settings, version or corpus, changed after it ran.",
    "failed": "The check ran on this draft and said fail.",
    "unquoted": "A model verdict quotes text that is not in the draft.",
    "unsigned": "The receipt carries no signature though signing is configured.",
    "wrongly-signed": "The receipt's signature does not verify.",
    "unstaged": "The fresh receipt (or checked draft) is on disk but not staged.",
    "policy": "The draft fails the rules in force before this commit (its own rules pass).",
    "recheck": "The check run again on the committed bytes contradicts a passing receipt.",
    "finding": "A check's finding on the draft.",
    "error": "An input the gate cannot read (exit 2).",
}


class Result(NamedTuple):
    rule: str
    message: str
    path: str
    line: int = 1
    col: int = 1
    suppressed_by: str = ""  # a finding a person suppressed: SARIF's own suppressions


def document(results: Iterable[Result], notes: Sequence[str] = ()) -> dict[str, Any]:
    """The SARIF log; `notes` (what verify says besides its verdicts: policy changes,
    names a change documents, suppressions it brings) as the run's notifications."""
    items = list(results)
    used = sorted({r.rule for r in items})
    invocations = [{"executionSuccessful": True, "toolExecutionNotifications": [
        {"level": "note", "message": {"text": n.strip()}} for n in notes]}] if notes else []
    return {
        "$schema": SCHEMA,
        "version": "2.1.0",
        "runs": [{
            "tool": {"driver": {
                "name": "receipt-gate",
                "version": __version__,
                "fullName": TOOL,
                "rules": [{"id": r, "shortDescription": {"text": RULES.get(r, r)}}
                          for r in used],
            }},
            "results": [{
                "ruleId": r.rule,
                "ruleIndex": used.index(r.rule),
                "level": "error",
                "message": {"text": r.message},
                "locations": [{"physicalLocation": {
                    "artifactLocation": {"uri": r.path},
                    "region": {"startLine": max(1, r.line), "startColumn": max(1, r.col)},
                }}],
                **({"suppressions": [{
                    "kind": "inSource" if r.suppressed_by.startswith("comment") else "external",
                    "justification": r.suppressed_by}]} if r.suppressed_by else {}),
            } for r in items],
            **({"invocations": invocations} if invocations else {}),
        }],
    }
