"""Checking a parsed YAML document against what a config may hold: the one-line errors
that name the file and the key."""

from __future__ import annotations

import posixpath
from collections.abc import Mapping
from typing import Any

from receipt_gate import GateError


def type_name(v: object) -> str:
    if v is None:
        return "null"
    return {
        dict: "a mapping",
        list: "a list",
        str: "a string",
        bool: "a boolean",
        int: "an integer",
        float: "a number",
    }.get(type(v), type(v).__name__)


class Err:
    def __init__(self, file: str) -> None:
        self.file = file

    def __call__(self, key: str, msg: str) -> GateError:
        return GateError(f"{self.file}: {key}: {msg}" if key else f"{self.file}: {msg}")


def str_list(value: object, key: str, err: Err, *, allow_empty: bool = True) -> tuple[str, ...]:
    if not isinstance(value, list):
        raise err(key, f"expected a list of strings, got {type_name(value)}")
    for i, item in enumerate(value):
        if not isinstance(item, str) or not item:
            raise err(f"{key}[{i}]", f"expected a non-empty string, got {type_name(item)}")
        if "\0" in item:  # (no path, glob, word or argument holds one: round 83)
            raise err(f"{key}[{i}]", "must not hold a NUL")
    if not allow_empty and not value:
        raise err(key, "must not be empty")
    return tuple(value)


def mapping(value: object, key: str, err: Err) -> dict[str, Any]:
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise err(key, f"expected a mapping, got {type_name(value)}")
    for k in value:
        if not isinstance(k, str):
            raise err(key, f"keys must be strings, got {k!r}")
    return value


def unknown(key: str, got: Mapping[str, object], known: Any, err: Err) -> None:
    for k in got:
        if k not in known:
            where = f"{key}.{k}" if key else k
            raise err(where, f"unknown key (expected one of: {', '.join(known)})")


def repo_path(value: object, key: str, err: Err) -> str:
    """A file path inside the repository, as written in the config."""
    if not isinstance(value, str) or not value.strip():
        raise err(key, f"expected a repository path, got {type_name(value)}")
    if "\0" in value:
        raise err(key, "must not hold a NUL")
    norm = posixpath.normpath(value)
    if (
        posixpath.isabs(value)
        or norm in (".", "..")
        or norm.startswith("../")
        or "\\" in value
        or norm != value.rstrip("/")
    ):
        raise err(key, f"must be a path inside the repository, written plainly, got {value!r}")
    if norm == ".git" or norm.startswith(".git/"):
        raise err(key, "must not be inside .git")
    return norm
