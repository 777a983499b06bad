"""Receipts: where they live, what they hold, how they are read and written."""

from __future__ import annotations

import hashlib
import json
import os
import time
from collections.abc import Mapping, Sequence
from typing import Any

from receipt_gate import TOOL, GateError
from receipt_gate.checks import Finding
from receipt_gate.fsio import write_file

RECEIPT_LIMIT = 4 * 1024 * 1024
_DECODER = json.JSONDecoder()
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
    return hashlib.sha256(data).hexdigest()


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
        **(extra or {}),
    }


def dumps(receipt: Mapping[str, Any]) -> bytes:
    return (json.dumps(receipt, indent=2, ensure_ascii=False) + "\n").encode()


def parse(data: bytes) -> dict[str, Any] | str:
    """The receipt, or a one-line reason it is not one."""
    try:
        obj = _DECODER.decode(data.decode())
    except UnicodeDecodeError:
        return "not valid JSON (not UTF-8)"
    except ValueError as e:
        return f"not valid JSON ({str(e).splitlines()[0]})"
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
    return obj


def write(root: str, path: str, receipt: Mapping[str, Any], key: bytes | None = None) -> bool:
    """Write atomically (signed when a key is given); leave an equivalent receipt alone.

    Equivalent: the same fields but for ran_at, tool and signature, and a signature that
    holds under the key (or none when there is no key). True if written.
    """
    from receipt_gate import signing

    full = os.path.join(root, path)
    try:
        with open(full, "rb") as f:
            old = parse(f.read(RECEIPT_LIMIT + 1))
        same = isinstance(old, dict) and all(
            old.get(k) == receipt.get(k) for k in receipt if k not in _VOLATILE
        ) and set(old) - _VOLATILE <= set(receipt)
        if same and isinstance(old, dict):
            signed_ok = signing.problem(old, key) is None if key else "signature" not in old
            if signed_ok:
                return False
    except (FileNotFoundError, NotADirectoryError, IsADirectoryError):
        pass
    except OSError as e:
        raise GateError(f"{path}: cannot read: {e.strerror}") from None
    if key:
        receipt = {**{k: v for k, v in receipt.items() if k != "signature"}}
        receipt["signature"] = signing.sign(receipt, key)
    write_file(root, path, dumps(receipt))
    return True


_VOLATILE = {"ran_at", "tool", "signature"}
