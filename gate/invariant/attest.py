"""Receipts as in-toto attestations: one Statement v1 per draft, in a DSSE envelope.

The Statement's subject is the draft (its path and the sha256 of its bytes in the judged
tree); its predicate is what the gate found for each required check (the receipt's
verdict, inputs fingerprint, tool, findings, and whether it is fresh there). The envelope
is signed, where signing is configured, with the Ed25519 key the receipts are signed
with, over DSSE's pre-authentication encoding: a verifier with only the public key and
any DSSE implementation checks it. Spec: https://github.com/in-toto/attestation
(Statement v1) and https://github.com/secure-systems-lab/dsse (envelope v1).
"""

from __future__ import annotations

import base64
import json
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from receipt_gate import TOOL

if TYPE_CHECKING:
    from receipt_gate.base.signing import Signer
    from receipt_gate.invariant.verify import Report

STATEMENT_TYPE = "https://in-toto.io/Statement/v1"
PREDICATE_TYPE = (
    "https://github.com/receipt-gate/receipt-gate/blob/main/docs/receipts.md#attestations"
)
PAYLOAD_TYPE = "application/vnd.in-toto+json"


def pae(payload_type: str, payload: bytes) -> bytes:
    """DSSE's pre-authentication encoding: what is signed."""
    kind = payload_type.encode()
    return b"DSSEv1 %d %s %d %s" % (len(kind), kind, len(payload), payload)


def statements(
    report: Report,
    digests: Mapping[str, str | None],
    receipts: Mapping[str, Mapping[str, Any] | None],
    rules: str,
) -> list[dict[str, Any]]:
    """One Statement per gated draft the report judged: the draft as subject, what the
    gate found for each required check as predicate."""
    by_draft: dict[str, list[dict[str, Any]]] = {}
    for c in report.cells:
        r = receipts.get(c.receipt) or {}
        findings = r.get("findings")
        by_draft.setdefault(c.draft, []).append(
            {
                "check": c.check,
                "receipt": c.receipt,
                "state": c.state,  # fresh, stale, missing or fail, as the gate judged it
                "verdict": r.get("verdict") if isinstance(r.get("verdict"), str) else None,
                "inputs_sha256": _text(r.get("inputs_sha256")),
                "tool": _text(r.get("tool")),
                "ran_at": _text(r.get("ran_at")),
                "findings": len(findings) if isinstance(findings, list) else None,
                "signed": isinstance(r.get("signature"), str),
                **({"why": c.message or c.reason} if c.state != "fresh" else {}),
            }
        )
    out = []
    for draft in report.drafts:
        sha = digests.get(draft)
        if sha is None:
            continue
        checks = by_draft.get(draft, [])
        out.append(
            {
                "_type": STATEMENT_TYPE,
                "subject": [{"name": draft, "digest": {"sha256": sha}}],
                "predicateType": PREDICATE_TYPE,
                "predicate": {
                    "holds": all(c["state"] == "fresh" for c in checks),
                    "tree": report.tree,
                    "rules": rules,
                    "required": list(report.required),
                    "checks": checks,
                    "attested_by": TOOL,
                },
            }
        )
    return out


def _text(v: object) -> str | None:
    return v if isinstance(v, str) else None


def envelope(statement: Mapping[str, Any], signer: Signer | None) -> dict[str, Any]:
    """The Statement as a DSSE envelope, signed when there is a signer."""
    from receipt_gate.base.signing import key_id

    payload = json.dumps(
        statement, sort_keys=True, separators=(",", ":"), ensure_ascii=True
    ).encode()
    signatures: Sequence[dict[str, str]] = ()
    if signer is not None:
        from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

        sig = Ed25519PrivateKey.from_private_bytes(signer.seed).sign(pae(PAYLOAD_TYPE, payload))
        signatures = [{"keyid": key_id(signer.public), "sig": base64.b64encode(sig).decode()}]
    return {
        "payloadType": PAYLOAD_TYPE,
        "payload": base64.b64encode(payload).decode(),
        "signatures": list(signatures),
    }
