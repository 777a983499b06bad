"""The registry of outside claims: each setting name a draft may mention, with its source."""

from __future__ import annotations

from typing import Any, NamedTuple
from urllib.parse import urlsplit

from receipt_gate import GateError, yamlio

_KEYS = ("term", "source", "note", "registered_at")
HEADER = (
    "# Outside claims: every setting name a draft may mention, with the URL it was\n"
    "# verified from. Add entries with: receipt-gate claim add TERM --source URL\n"
)


class Claim(NamedTuple):
    term: str
    source: str
    note: str
    registered_at: str


def source_error(url: str) -> str | None:
    """Why a source URL is refused, or None."""
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.netloc or any(c.isspace() for c in url):
        return f"source must be an http(s) URL, got {url!r}"
    return None


def parse(data: bytes | None, file: str) -> list[Claim]:
    """The claims in a registry file; a missing file is an empty registry."""
    if data is None:
        return []
    raw = yamlio.load(data, file)
    if raw is None:
        return []
    if not isinstance(raw, dict) or set(raw) - {"claims"}:
        raise GateError(f"{file}: expected a mapping with one key, claims")
    items = raw.get("claims") or []
    if not isinstance(items, list):
        raise GateError(f"{file}: claims: expected a list")
    claims: list[Claim] = []
    seen: set[str] = set()
    for i, item in enumerate(items):
        where = f"{file}: claims[{i}]"
        if not isinstance(item, dict):
            raise GateError(f"{where}: expected a mapping")
        unknown = [k for k in item if k not in _KEYS]
        if unknown:
            raise GateError(
                f"{where}.{unknown[0]}: unknown key (expected one of: {', '.join(_KEYS)})"
            )
        fields: dict[str, Any] = {k: item.get(k, "") for k in _KEYS}
        for k, v in fields.items():
            if not isinstance(v, str):
                raise GateError(f"{where}.{k}: expected a string")
        if not fields["term"]:
            raise GateError(f"{where}.term: must not be empty")
        bad = source_error(fields["source"])
        if bad:
            raise GateError(f"{where}.source: {bad}")
        if fields["term"] in seen:
            raise GateError(f"{where}.term: {fields['term']!r} is registered twice")
        seen.add(fields["term"])
        claims.append(Claim(**fields))
    return claims


def dump(claims: list[Claim]) -> bytes:
    doc = {"claims": [{k: v for k, v in c._asdict().items() if v or k != "note"} for c in claims]}
    return (HEADER + yamlio.dump(doc)).encode()


def write(root: str, path: str, claims: list[Claim]) -> None:
    from receipt_gate.fsio import write_file

    write_file(root, path, dump(claims))
