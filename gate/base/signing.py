"""Signed receipts: Ed25519. Whoever runs the checks holds the private key; a verifier
needs only the public keys the trusted policy lists, so it can check but never sign.

The private key is found by the signer, never by the tree being judged: the
environment variable RECEIPT_GATE_SIGNING_KEY (or the one --key-env names), or a file
outside the repository (--key-file). It is the base64 of a 32-byte Ed25519 seed, as
`receipt-gate keygen` writes it.
"""

from __future__ import annotations

import base64
import binascii
import json
import os
from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from receipt_gate import GateError
from receipt_gate.base.sha import hex256

PREFIX = "ed25519:"
ENV = "RECEIPT_GATE_SIGNING_KEY"


def key_id(public: bytes) -> str:
    return hex256(public)[:16]


def parse_public(text: object) -> bytes | None:
    """The 32 raw bytes of an `ed25519:<base64>` public key, or None if it is not one."""
    if not isinstance(text, str) or not text.startswith(PREFIX):
        return None
    try:
        raw = base64.b64decode(text[len(PREFIX) :], validate=True)
    except (binascii.Error, ValueError):
        return None
    return raw if len(raw) == 32 else None


def public_text(public: bytes) -> str:
    return PREFIX + base64.b64encode(public).decode()


class Signer(NamedTuple):
    seed: bytes
    public: bytes

    def sign(self, receipt: Mapping[str, Any]) -> str:
        from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

        sig = Ed25519PrivateKey.from_private_bytes(self.seed).sign(canonical(receipt))
        return f"{PREFIX}{key_id(self.public)}:{base64.b64encode(sig).decode()}"


def new_seed() -> tuple[bytes, bytes]:
    """A fresh (seed, public key)."""
    return _pair(os.urandom(32))


def _pair(seed: bytes) -> tuple[bytes, bytes]:
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
    from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat

    public = (
        Ed25519PrivateKey.from_private_bytes(seed)
        .public_key()
        .public_bytes(Encoding.Raw, PublicFormat.Raw)
    )
    return seed, public


def signer(
    public_keys: Sequence[bytes], root: str, key_env: str | None = None, key_file: str | None = None
) -> Signer | None:
    """The signer for receipts written here: None when the policy lists no public key
    (receipts are not signed); GateError when it does and no usable private key is
    given, or the key given is not one the policy trusts."""
    if not public_keys:
        return None
    env = key_env or ENV
    if key_file:
        where = key_file
        path = os.path.realpath(key_file)
        real_root = os.path.realpath(root)
        if path == real_root or path.startswith(real_root + os.sep):
            raise GateError(
                f"--key-file {key_file}: inside the repository; keep the private"
                " key where a commit cannot carry it"
            )
        try:
            with open(path, "rb") as f:
                text = f.read(4096).decode("ascii", errors="replace").strip()
        except OSError as e:
            raise GateError(f"--key-file {key_file}: cannot read: {e.strerror}") from None
    else:
        where = f"${env}"
        text = os.environ.get(env, "").strip()
        if not text:
            raise GateError(
                f"signing: receipts here must be signed, and no private key is"
                f" given (set ${env}, or pass --key-file; receipt-gate keygen"
                " makes one)"
            )
    try:
        seed = base64.b64decode(text, validate=True)
    except (binascii.Error, ValueError):
        seed = b""
    if len(seed) != 32:
        raise GateError(f"{where}: not an Ed25519 private key (base64 of 32 bytes)")
    _, public = _pair(seed)
    if public not in public_keys:
        raise GateError(
            f"{where}: its public key {public_text(public)} is not one of signing.public_keys"
        )
    return Signer(seed, public)


def canonical(receipt: Mapping[str, Any]) -> bytes:
    """Every field but the signature, in one byte form (ASCII: no encoding can fail)."""
    body = {k: v for k, v in receipt.items() if k != "signature"}
    return json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=True).encode()


def problem(receipt: Mapping[str, Any], public_keys: Sequence[bytes]) -> str | None:
    """Why the receipt's signature does not hold under any of these keys, or None."""
    sig = receipt.get("signature")
    if not isinstance(sig, str) or not sig:
        return "unsigned"
    parts = sig.split(":")
    if len(parts) != 3 or parts[0] + ":" != PREFIX:
        return "wrongly signed"
    keys = [k for k in public_keys if key_id(k) == parts[1]]
    try:
        raw = base64.b64decode(parts[2], validate=True)
        message = canonical(receipt)
    except (binascii.Error, ValueError, TypeError, RecursionError):
        return "wrongly signed"
    from cryptography.exceptions import InvalidSignature
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

    for k in keys:
        try:
            Ed25519PublicKey.from_public_bytes(k).verify(raw, message)
            return None
        except (InvalidSignature, ValueError):
            continue
    return "wrongly signed"
