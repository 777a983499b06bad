"""Receipts: where they live, what they hold, how they are read and written."""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from receipt_gate import TOOL
from receipt_gate.base.sha import hex256
from receipt_gate.checks import Finding

if TYPE_CHECKING:
    from receipt_gate.base.signing import Signer

RECEIPT_LIMIT = 4 * 1024 * 1024
# The receipt schema's version (receipt_gate/schemas/receipt.json); a receipt without
# `format` is format 1, and stays valid.
FORMAT = 1
_FIELDS: Mapping[str, type] = {
    "check": str,
    "draft": str,
    "draft_sha256": str,
    "ran_at": str,
    "verdict": str,
    "inputs_sha256": str,
    "tool": str,
    "findings": list,
}


def sha256(data: bytes) -> str:
    return hex256(data)


def receipt_path(run_dir: str, draft: str, check: str) -> str:
    return f"{run_dir}/{draft}/{check}.json"


def now() -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())


def build(
    check: str,
    draft: str,
    draft_sha256: str,
    inputs: str,
    findings: Sequence[Finding],
    extra: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    return {
        "check": check,
        "draft": draft,
        "draft_sha256": draft_sha256,
        "ran_at": now(),
        "verdict": "fail" if findings else "pass",
        "inputs_sha256": inputs,
        "tool": TOOL,
        "findings": [f.as_dict() for f in findings],
        "format": FORMAT,
        **(extra or {}),
    }


def dumps(receipt: Mapping[str, Any]) -> bytes:
    # One line, no indentation (DESIGN: at 40,000 pages the run folder must not outweigh
    # the pages); a receipt written before, indented, stays as it is while it holds.
    return (json.dumps(receipt, ensure_ascii=False, separators=(",", ":")) + "\n").encode()


def parse(data: bytes) -> dict[str, Any] | str:
    """The receipt, or a one-line reason it is not one. Everything code reads later is
    checked here: the fields' types, each finding's line, column and message, the
    criteria of a model's receipt, depth and Unicode (gate.base.shapes)."""
    from receipt_gate.base.shapes import (
        BadShape,
        criterion_problem,
        finding_problem,
        load_json,
        suppressed_problem,
    )

    try:
        obj = load_json(data)
    except BadShape as e:
        return str(e)
    if type(obj) is not dict:
        return "not a JSON object"
    if not _FIELDS.keys() <= obj.keys():
        missing = next(k for k in _FIELDS if k not in obj)
        return f"field {missing!r} is missing"
    for key, typ in _FIELDS.items():
        if type(obj[key]) is not typ:
            return f"field {key!r} is not a {typ.__name__}"
    for key in ("draft_sha256", "inputs_sha256"):
        value = obj[key]
        if len(value) != 64 or value.strip("0123456789abcdef"):
            return f"field {key!r} is not 64 lowercase hex digits"
    if obj["verdict"] not in ("pass", "fail"):
        return f"field 'verdict' is {obj['verdict']!r}, not 'pass' or 'fail'"
    for f in obj["findings"]:
        why = finding_problem(f)
        if why:
            return why
    if (obj["verdict"] == "pass") == bool(obj["findings"]):
        return f"verdict {obj['verdict']!r} contradicts its {len(obj['findings'])} findings"
    reads = obj.get("reads")
    if reads is not None and (type(reads) is not list or not all(type(r) is str for r in reads)):
        return "field 'reads' is not a list of strings"
    for key, problem in (("suppressed", suppressed_problem), ("criteria", criterion_problem)):
        why = _each(obj, key, problem)
        if why:
            return why
    return obj


def _each(obj: dict[str, Any], key: str, problem: Callable[[object], str | None]) -> str | None:
    """Why an optional list field, or one of its items, is not what it should be."""
    items = obj.get(key)
    if items is None:
        return None
    if not isinstance(items, list):
        return f"field {key!r} is not a list"
    return next((why for why in map(problem, items) if why), None)


def write(root: str, path: str, receipt: Mapping[str, Any], signer: Signer | None = None) -> bool:
    """Write atomically (signed when there is a signer); leave an equivalent receipt alone.

    Equivalent: the same fields but for ran_at, tool and signature, and a signature that
    holds under the signer's key (or none when there is no signer). True if written.
    """
    from receipt_gate.base import signing
    from receipt_gate.trees.fsio import read_regular, write_file

    old = read_regular(root, path, RECEIPT_LIMIT)
    old_receipt = parse(old) if old is not None else None
    same = (
        isinstance(old_receipt, dict)
        and set(old_receipt) - _VOLATILE <= set(receipt)
        and all(old_receipt.get(k) == receipt.get(k) for k in receipt if k not in _VOLATILE)
    )
    if (
        same
        and isinstance(old_receipt, dict)
        and (
            signing.problem(old_receipt, [signer.public]) is None
            if signer
            else "signature" not in old_receipt
        )
    ):
        return False
    if signer:
        receipt = {k: v for k, v in receipt.items() if k != "signature"}
        receipt["signature"] = signer.sign(receipt)
    write_file(root, path, dumps(receipt))
    return True


_VOLATILE = {"ran_at", "tool", "signature", "format"}
