"""What `git add` does to a working-tree file's bytes, decided as git's convert.c does.

A receipt hashes the draft as git stores it. Where attributes or core.autocrlf make
`git add` change the bytes (CRLF folded, `$Id$` collapsed, a clean filter), the
working tree's bytes are changed the same way before hashing, so a draft checked in
a CRLF checkout matches its LF blob, and an unchanged draft is never refused forever.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import NamedTuple


class Conversion(NamedTuple):
    """What `git add` does to a file's bytes, from its attributes and core.autocrlf."""

    eol: str  # "" (nothing), "text" (CRLF -> LF always), "auto" (only if it looks text)
    ident: bool  # `$Id: ... $` collapsed to `$Id$`
    filter: str  # a clean filter's name ("" for none)

    def __str__(self) -> str:
        return f"{self.eol}/{int(self.ident)}/{self.filter}"


NONE = Conversion("", False, "")


def _crlf(value: str) -> str:
    """git_path_check_crlf(): a `text` or legacy `crlf` attribute's action."""
    return {"set": "text", "unset": "binary", "input": "text", "auto": "auto"}.get(
        value, "undefined"
    )


def eol_action(attrs: Mapping[str, str], autocrlf: str) -> str:
    """What `git add` does to line endings, as convert.c decides it from the attributes
    (`check-attr` values: set, unset, unspecified or a value) and core.autocrlf (true,
    false or input): "text" folds CRLF always, "auto" only in a file git takes for text,
    "" never. The `text` attribute decides; where it says nothing git understands, the
    legacy `crlf` attribute (crlf, -crlf, crlf=input); `eol=lf|crlf` makes a file with
    neither text; and only then core.autocrlf (true or input: auto)."""
    action = _crlf(attrs.get("text", "unspecified"))
    if action == "undefined":
        action = _crlf(attrs.get("crlf", "unspecified"))
    if action != "binary" and attrs.get("eol") in ("lf", "crlf") and action != "auto":
        action = "text"
    if action == "undefined":
        action = "auto" if autocrlf in ("true", "input") else "binary"
    return "" if action == "binary" else action


_IDENT = re.compile(rb"\$Id:[^$\n]*\$")
_LONE_CR = re.compile(rb"\r(?!\n)")
_NONPRINTABLE = re.compile(rb"[\x00-\x07\x0e-\x1a\x1c-\x1f\x7f\x0b]")


def _looks_binary(data: bytes) -> bool:
    """git's convert_is_binary(): a NUL, a lone CR, or more than 1 in 128 bytes that
    are control characters (other than tab, newline, CR, form feed, backspace, escape)."""
    if b"\0" in data or _LONE_CR.search(data):
        return True
    body = data[:-1] if data.endswith(b"\x1a") else data  # a DOS end-of-file mark
    nonprintable = len(_NONPRINTABLE.findall(body))
    printable = len(body) - nonprintable - body.count(b"\r") - body.count(b"\n")
    return (printable >> 7) < nonprintable


def to_git(data: bytes, conv: Conversion) -> bytes:
    """The bytes `git add` would store for this file: the eol rules fold CRLF to LF,
    always under `text`, and under "auto" only for a file git takes for text (one with a
    NUL or a lone CR is stored as it is); then `ident` collapses `$Id: ...$` to `$Id$`.
    (Not emulated: under "auto", git also keeps CRLF for a file whose index copy
    already has CR; `git add --renormalize` settles it. A clean filter is git's own:
    gate.trees.tree asks git.)"""
    if conv.eol == "text" or (conv.eol == "auto" and not _looks_binary(data)):
        data = data.replace(b"\r\n", b"\n")
    if conv.ident:  # after the line endings, as git's convert_to_git() orders them
        data = _IDENT.sub(b"$Id$", data)
    return data
