"""The registry of outside claims: each setting name a draft may mention, with its source.

claims:                         # names verified from a source
  - term: HUGO_ENV
    source: https://gohugo.io/getting-started/configuration/
  - term: "--region*"           # a glob: * stands for any run of characters
    source: docs/config.md#region   # a file in this repository, or an http(s) URL
allow:                          # names that need no source: the project's own
  - term: "JEKYLL_*"
    note: Jekyll's own environment variables
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Iterable
from typing import Any, NamedTuple

from receipt_gate import GateError
from receipt_gate.base import lazyre, yamlio

_KEYS = ("term", "source", "note", "registered_at")
_ALLOW_KEYS = ("term", "note", "registered_at")
HEADER = (
    "# Outside claims: every setting name a draft may mention, with where it was verified\n"
    "# (an http(s) URL or a file in this repository). `allow` lists names that need no\n"
    "# source. Terms may be globs (* is any run of characters).\n"
    "# Add entries with: receipt-gate claim add TERM --source URL|PATH, claim allow TERM,\n"
    "# or many at once: receipt-gate claim import REPORT.json --source URL|PATH\n"
)
_SCHEME = lazyre.compile(r"[A-Za-z][A-Za-z0-9+.-]*:")


class Claim(NamedTuple):
    term: str
    source: str  # "" for an allowed name
    note: str
    registered_at: str


class Registry(NamedTuple):
    claims: list[Claim]
    allowed: list[Claim]

    def entries(self) -> list[Claim]:
        return [*self.claims, *self.allowed]

    def find(self, term: str) -> Claim | None:
        return next((c for c in self.entries() if c.term == term), None)


class Registered:
    """Is a term registered? Exact names, then globs (one regular expression)."""

    def __init__(self, registry: Registry) -> None:
        entries = registry.entries()
        self.exact = {c.term for c in entries if "*" not in c.term}
        globs = [c.term for c in entries if "*" in c.term]
        self.rx = re.compile("|".join(glob_regex(g) for g in globs)) if globs else None
        self._sources = {c.term: c.source for c in entries}
        self._globs = globs

    def covering(self, term: str) -> list[list[str]]:
        """[entry, source] of each entry that covers the term (its own, then globs)."""
        out = [[term, self._sources[term]]] if term in self.exact else []
        if self.rx is not None and self.rx.fullmatch(term):
            out += [[g, self._sources[g]] for g in self._globs if re.fullmatch(glob_regex(g), term)]
        return out

    def __contains__(self, term: object) -> bool:
        if not isinstance(term, str):
            return False
        return term in self.exact or (self.rx is not None and self.rx.fullmatch(term) is not None)


def glob_regex(term: str) -> str:
    return ".*".join(re.escape(part) for part in term.split("*"))


def term_error(term: str) -> str | None:
    """Why a term is refused, or None."""
    if not term.strip() or term != term.strip() or any(c.isspace() for c in term):
        return f"{term!r} is empty or holds spaces"
    literal = term.replace("*", "")
    if "*" in term and (
        term.count("*") > 1 or len(literal) < 3 or not any(c.isalnum() for c in literal)
    ):
        return (
            f"{term!r} is too wide a glob: one * and at least three other characters,"
            " a letter or digit among them (HUGO_*, *.example.com); to stop checking a"
            " shape, drop it from checks.registered-terms.shapes"
        )
    return None


def source_error(source: str) -> str | None:
    """Why a source is refused, or None: an http(s) URL, or a repository path (with an
    optional #fragment) written plainly."""
    from urllib.parse import urlsplit

    if not source or any(c.isspace() for c in source):
        return f"source {source!r} is empty or holds spaces"
    if _SCHEME.match(source):
        try:
            parts = urlsplit(source)
        except ValueError as e:  # an unclosed [IPv6] host...
            return f"source {source!r} is not a URL ({e})"
        if parts.scheme in ("http", "https") and parts.netloc:
            return None
        return f"source must be an http(s) URL or a repository path, got {source!r}"
    path = source.split("#", 1)[0]
    norm = posixpath.normpath(path) if path else ""
    if (
        not path
        or path.startswith("/")
        or "\\" in path
        or norm != path.rstrip("/")
        or norm == ".."
        or norm.startswith("../")
    ):
        return (
            f"source {source!r} is not a repository path written plainly"
            " (relative, no .. or ./, e.g. docs/config.md#ttl)"
        )
    return None


def source_file(source: str) -> str | None:
    """The repository file a source names; None for a URL."""
    return None if _SCHEME.match(source) else source.split("#", 1)[0].rstrip("/")


def _entries(
    items: object, file: str, key: str, keys: tuple[str, ...], seen: set[str]
) -> list[Claim]:
    if items is None:
        return []
    if not isinstance(items, list):
        raise GateError(f"{file}: {key}: expected a list")
    out: list[Claim] = []
    for i, item in enumerate(items):
        where = f"{file}: {key}[{i}]"
        if not isinstance(item, dict):
            raise GateError(f"{where}: expected a mapping")
        unknown = [k for k in item if k not in keys]
        if unknown:
            raise GateError(
                f"{where}.{unknown[0]}: unknown key (expected one of: {', '.join(keys)})"
            )
        fields: dict[str, Any] = {k: item.get(k, "") for k in _KEYS}
        for k, v in fields.items():
            if not isinstance(v, str):
                raise GateError(f"{where}.{k}: expected a string")
        bad = term_error(fields["term"])
        if bad:
            raise GateError(f"{where}.term: {bad}")
        if key == "claims":
            bad = source_error(fields["source"])
            if bad:
                raise GateError(f"{where}.source: {bad}")
        if fields["term"] in seen:
            raise GateError(f"{where}.term: {fields['term']!r} is registered twice")
        seen.add(fields["term"])
        out.append(Claim(**fields))
    return out


def parse(data: bytes | None, file: str) -> Registry:
    """The registry in a file; a missing file is an empty registry."""
    if data is None:
        return Registry([], [])
    raw = yamlio.load(data, file)
    if raw is None:
        return Registry([], [])
    if not isinstance(raw, dict) or set(raw) - {"claims", "allow"}:
        raise GateError(f"{file}: expected a mapping with the keys claims and allow")
    seen: set[str] = set()
    return Registry(
        _entries(raw.get("claims"), file, "claims", _KEYS, seen),
        _entries(raw.get("allow"), file, "allow", _ALLOW_KEYS, seen),
    )


def dump(registry: Registry) -> bytes:
    def entry(c: Claim, keys: Iterable[str]) -> dict[str, str]:
        return {k: getattr(c, k) for k in keys if getattr(c, k) or k == "term"}

    doc: dict[str, Any] = {"claims": [entry(c, _KEYS) for c in registry.claims]}
    if registry.allowed:
        doc["allow"] = [entry(c, _ALLOW_KEYS) for c in registry.allowed]
    return (HEADER + yamlio.dump(doc)).encode()


def write(root: str, path: str, registry: Registry) -> None:
    from receipt_gate.trees.fsio import write_file

    write_file(root, path, dump(registry))


def widenings(old: Registry, new: Registry) -> list[str]:
    """What a registry adds that vouches without a source, or for many names at once:
    allowed names and globs (said to a reviewer; a registry is the writer's to extend)."""
    before = {c.term for c in old.entries()}
    out = []
    for c in new.entries():
        if c.term in before:
            continue
        if not c.source:
            out.append(f"widens: the claims registry allows {c.term} (no source)")
        elif "*" in c.term:
            out.append(f"widens: the claims registry registers the glob {c.term} ({c.source})")
    return out
