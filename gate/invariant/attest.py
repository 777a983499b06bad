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
# Versioned, as in-toto's guidelines ask: a new major version is a new type.
PREDICATE_TYPE = (
    "https://github.com/receipt-gate/receipt-gate/blob/main/docs/receipts.md#attestation-v1"
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
    judged_commit: str | None = None,
    rules_commit: str | None = None,
) -> list[dict[str, Any]]:
    """One Statement per gated draft the report judged: the draft as subject, what the
    gate found for each required check as predicate (lowerCamelCase fields; commits by
    their full ids, None for a working tree or a commit's own rules)."""
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
                "inputsSha256": _text(r.get("inputs_sha256")),
                "tool": _text(r.get("tool")),
                "ranAt": _text(r.get("ran_at")),
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
                    "judged": {"label": report.tree, "commit": judged_commit},
                    "rules": {"label": rules, "commit": rules_commit},
                    "required": list(report.required),
                    "checks": checks,
                    "attestedBy": TOOL,
                },
            }
        )
    return out


def problems(
    env: object, expected: Mapping[str, Mapping[str, Any]], public_keys: Sequence[bytes]
) -> list[str]:
    """Why one envelope does not hold: its signature (under one of these keys, when any
    is trusted), its Statement's shape, its subject's digest, and its predicate against
    `expected` (the Statements the tree gives now, by draft); [] when it holds."""
    if not isinstance(env, dict) or env.get("payloadType") != PAYLOAD_TYPE:
        return [f"not a DSSE envelope of an in-toto Statement (payloadType {PAYLOAD_TYPE})"]
    try:
        payload = base64.b64decode(str(env.get("payload", "")), validate=True)
        statement = json.loads(payload)
    except ValueError:
        return ["its payload is not base64 of a JSON Statement"]
    out = _signature_problems(env, payload, public_keys)
    if not isinstance(statement, dict) or statement.get("_type") != STATEMENT_TYPE:
        return [*out, f"not an in-toto Statement v1 (_type {STATEMENT_TYPE})"]
    if statement.get("predicateType") != PREDICATE_TYPE:
        return [*out, f"predicateType is not {PREDICATE_TYPE}"]
    subject = statement.get("subject")
    name = subject[0].get("name") if isinstance(subject, list) and subject else None
    now = expected.get(name) if isinstance(name, str) else None
    if now is None:
        return [*out, f"its subject {name!r} is no gated draft of this tree"]
    if subject != now["subject"]:
        return [*out, f"{name}: its digest is not the sha256 of the draft in this tree"]
    said, found = dict(statement["predicate"] or {}), dict(now["predicate"])
    said.pop("attestedBy", None)
    found.pop("attestedBy", None)
    if said != found:
        differ = sorted(k for k in {*said, *found} if said.get(k) != found.get(k))
        out.append(
            f"{name}: the predicate differs from what the gate finds now ({', '.join(differ)})"
        )
    elif found.get("holds") is not True:
        out.append(f"{name}: does not hold (a required receipt is not fresh and passing)")
    return out


def _signature_problems(env: Mapping[str, Any], payload: bytes, keys: Sequence[bytes]) -> list[str]:
    if not keys:
        return []  # nothing trusted to check it with: the predicate is checked against the tree
    from cryptography.exceptions import InvalidSignature
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

    from receipt_gate.base.signing import key_id

    sigs = env.get("signatures")
    for s in sigs if isinstance(sigs, list) else []:
        for k in keys:
            if not isinstance(s, dict) or s.get("keyid") != key_id(k):
                continue
            try:
                raw = base64.b64decode(str(s.get("sig", "")), validate=True)
                Ed25519PublicKey.from_public_bytes(k).verify(raw, pae(PAYLOAD_TYPE, payload))
                return []
            except (ValueError, InvalidSignature):
                continue
    return ["no signature by a trusted key holds (signing.public_keys of the rules in force)"]


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
