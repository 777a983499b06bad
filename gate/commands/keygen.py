"""`keygen`: a new Ed25519 key pair; the private key to a file, the public key to paste."""

from __future__ import annotations

import base64
import os
from typing import TYPE_CHECKING

from receipt_gate import GateError
from receipt_gate.report.output import say

if TYPE_CHECKING:
    import argparse


def pem(public: bytes) -> str:
    """A public key as PEM (SubjectPublicKeyInfo), what other tools read."""
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

    return (
        Ed25519PublicKey.from_public_bytes(public)
        .public_bytes(serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo)
        .decode()
    )


def keygen(args: argparse.Namespace) -> int:
    from receipt_gate.base.signing import new_seed, parse_public, public_text

    if args.export is not None:
        public = parse_public(args.export)
        if public is None:
            raise GateError(
                f"--export {args.export}: expected ed25519:<base64 of 32 bytes>"
                " (a signing.public_keys entry)"
            )
        print(pem(public), end="")
        return 0

    path = os.path.abspath(args.out)
    try:
        from receipt_gate.rules.session import find_root

        root = os.path.realpath(find_root(os.path.dirname(path) or "."))
    except (GateError, OSError):
        root = ""
    if root and os.path.realpath(path).startswith(root + os.sep):
        raise GateError(
            f"--out {args.out}: inside the repository at {root}; keep the private"
            " key where a commit cannot carry it"
        )
    if os.path.lexists(path):
        raise GateError(f"--out {args.out}: already exists; a key is never overwritten")
    seed, public = new_seed()
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w") as f:
            f.write(base64.b64encode(seed).decode() + "\n")
    except OSError as e:
        raise GateError(f"--out {args.out}: cannot write: {e.strerror}") from None
    say(
        f"wrote the private key to {args.out} (mode 600): give it to the harness or CI job that"
        " runs the checks, as $RECEIPT_GATE_SIGNING_KEY or --key-file, never to the agent"
    )
    say(
        "its PEM, for another verifier of the attestations: receipt-gate keygen --export"
        f" {public_text(public)}"
    )
    say("add the public key to .receipt-gate.yaml:")
    say(f'signing: {{public_keys: ["{public_text(public)}"]}}')
    return 0
