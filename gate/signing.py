"""Signed receipts: an HMAC-SHA256 over every other field, keyed by a secret the repo lacks."""

from __future__ import annotations

import hashlib
import hmac
import json
import os
from collections.abc import Mapping
from typing import Any

from receipt_gate import GateError
from receipt_gate.config import CONFIG_FILE, Config

PREFIX = "hmac-sha256:"


def key(cfg: Config, root: str) -> bytes | None:
    """The signing key, or None when signing is not configured."""
    if not cfg.signing:
        return None
    env = cfg.signing.get("key_env")
    if env and os.environ.get(env):
        return os.environ[env].encode()
    file = cfg.signing.get("key_file")
    if file:
        path = os.path.realpath(os.path.expanduser(file) if os.path.isabs(os.path.expanduser(
            file)) else os.path.join(root, file))
        real_root = os.path.realpath(root)
        if path == real_root or path.startswith(real_root + os.sep):
            raise GateError(f"{CONFIG_FILE}: signing.key_file: {file} is inside the repository;"
                            " keep the key where a commit cannot carry it")
        try:
            with open(path, "rb") as f:
                data = f.read(4096).strip()
        except OSError as e:
            raise GateError(f"{CONFIG_FILE}: signing.key_file: {file}: cannot read:"
                            f" {e.strerror}") from None
        if data:
            return data
    where = " or ".join(x for x in (f"${env}" if env else "", file or "") if x)
    raise GateError(f"{CONFIG_FILE}: signing: no key (set {where})")


def _canonical(receipt: Mapping[str, Any]) -> bytes:
    body = {k: v for k, v in receipt.items() if k != "signature"}
    return json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


def sign(receipt: Mapping[str, Any], secret: bytes) -> str:
    return PREFIX + hmac.new(secret, _canonical(receipt), hashlib.sha256).hexdigest()


def problem(receipt: Mapping[str, Any], secret: bytes) -> str | None:
    """Why the receipt's signature does not hold, or None when it does."""
    sig = receipt.get("signature")
    if not isinstance(sig, str) or not sig:
        return "unsigned"
    if not hmac.compare_digest(sig.encode(), sign(receipt, secret).encode()):
        return "wrongly signed"
    return None
