"""SARIF 2.1.0 output, so code scanning can show refusals and findings on the draft's lines.

One rule per check (its findings and what is wrong with its receipts), each with the
descriptions and help GitHub's code scanning requires, and one for an input the gate
cannot read. An error (exit 2) is also the run's notification, with the run marked
unsuccessful, so a SARIF upload after a failed run says why.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, NamedTuple
from urllib.parse import quote

from receipt_gate import DOCS, HOME, TOOL, __version__
from receipt_gate.base.sha import hex256
from receipt_gate.base.text import printable

SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
# What each reason a receipt does not count says, in a result's message and in help.
REASONS = {
    "missing": "the check has no receipt for the draft (it never ran)",
    "unreadable": "the receipt cannot be read; it counts as missing",
    "mismatched": "the receipt belongs to another draft or check; it counts as missing",
    "stale": "the draft, or the check's settings, version or inputs, changed after it ran",
    "failed": "the check ran on this draft and said fail",
    "unquoted": "a model verdict quotes text a reader of the draft (or its source) does not read",
    "unsigned": "the receipt carries no signature though signing is configured",
    "wrongly-signed": "the receipt's signature does not verify",
    "unstaged": "the fresh receipt (or checked draft) is on disk but not staged",
    "policy": "the draft fails the rules in force before this commit",
    "recheck": "the check run again on the committed bytes contradicts a passing receipt",
    "finding": "a finding of the check on the draft",
}
INPUT_ERROR = "input-error"
# Where a check that names no help_uri of its own, and an input error, are documented.
OWN = DOCS + "checks.md#checks-of-your-own"
ERRORS = DOCS + "commands.md#exit-statuses"


class Result(NamedTuple):
    rule: str  # the check (or INPUT_ERROR)
    message: str
    path: str
    line: int = 1
    col: int = 1
    suppressed_by: str = ""  # a finding a person suppressed: SARIF's own suppressions
    reason: str = "finding"  # one of REASONS


def _rule(rule: str, about: Mapping[str, tuple[str, str]]) -> dict[str, Any]:
    if rule == INPUT_ERROR:
        short = "An input the gate cannot read"
        full = (
            "A draft, receipt, config or site file the gate cannot read, or a rule it"
            " cannot apply: the run ends with exit 2 and refuses."
        )
    else:
        short = f"{rule}: every gated draft needs a fresh, passing receipt of this check"
        full = (
            f"{about.get(rule, ('', ''))[0] or rule}. A draft passes only with a"
            f" receipt of"
            f" {rule} for its exact bytes and current settings that says pass."
        )
    reasons = "\n".join(f"- {k}: {v}" for k, v in REASONS.items())
    fix = (
        "Fix the draft (or the input the message names), then `receipt-gate run"
        " PATH`, `git add` the draft and its receipts, and commit."
    )
    uri = ERRORS if rule == INPUT_ERROR else about.get(rule, ("", ""))[1] or OWN
    return {
        "id": rule,
        "name": "".join(w.capitalize() for w in rule.replace("_", "-").split("-")) + "Receipt",
        "shortDescription": {"text": short},
        "fullDescription": {"text": full},
        "help": {
            "text": f"{full}\n\n{fix}\n\nWhy a receipt does not count:\n{reasons}\n\n{uri}",
            "markdown": f"{full}\n\n{fix}\n\nWhy a receipt does not count:\n\n{reasons}"
            f"\n\n[Documentation]({uri})",
        },
        "helpUri": uri,
        "defaultConfiguration": {"level": "error"},
    }


def _fingerprint(r: Result) -> str:
    key = "\0".join((r.rule, r.reason, r.path, r.message))
    return hex256(key.encode("utf-8", "surrogateescape"))


def uri(path: str) -> str:
    """A repository path as a relative URI reference (RFC 3986): `a b%41#c.md` is
    `a%20b%2541%23c.md`, never another file."""
    return quote(path, safe="/-._~")


def document(
    results: Iterable[Result],
    notes: Sequence[str] = (),
    errors: Sequence[str] = (),
    about: Mapping[str, tuple[str, str]] | None = None,
) -> dict[str, Any]:
    """The SARIF log; `notes` (what verify says besides its verdicts: policy changes,
    names a change documents, suppressions it brings) as the run's notifications, and
    `errors` (exit 2) as error notifications of a run that did not succeed; `about`: each
    check's description and documentation (its help_uri)."""
    items = list(results)
    used = sorted({r.rule for r in items})
    notifications = [{"level": "error", "message": {"text": printable(e.strip())}} for e in errors]
    notifications += [{"level": "note", "message": {"text": printable(n.strip())}} for n in notes]
    invocation: dict[str, Any] = {"executionSuccessful": not errors}
    if notifications:
        invocation["toolExecutionNotifications"] = notifications
    return {
        "$schema": SCHEMA,
        "version": "2.1.0",
        "runs": [
            {
                "tool": {
                    "driver": {
                        "name": "receipt-gate",
                        "version": __version__,
                        "semanticVersion": __version__,
                        "fullName": TOOL,
                        "informationUri": HOME,
                        "rules": [_rule(r, about or {}) for r in used],
                    }
                },
                "invocations": [invocation],
                "results": [
                    {
                        "ruleId": r.rule,
                        "ruleIndex": used.index(r.rule),
                        "level": "error",
                        "message": {"text": printable(r.message)},
                        "locations": [
                            {
                                "physicalLocation": {
                                    "artifactLocation": {"uri": uri(r.path)},
                                    "region": {
                                        "startLine": max(1, r.line),
                                        "startColumn": max(1, r.col),
                                    },
                                }
                            }
                        ],
                        "partialFingerprints": {"receiptGate/v1": _fingerprint(r)},
                        "properties": {"reason": r.reason},
                        **(
                            {
                                "suppressions": [
                                    {
                                        "kind": "inSource"
                                        if r.suppressed_by.startswith("comment")
                                        else "external",
                                        "justification": r.suppressed_by,
                                    }
                                ]
                            }
                            if r.suppressed_by
                            else {}
                        ),
                    }
                    for r in items
                ],
            }
        ],
    }
