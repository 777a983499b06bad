"""A draft as the checks read it: its bytes decoded, or why they cannot be."""

from __future__ import annotations

import re
from typing import NamedTuple

from receipt_gate.base import lazyre

_FENCE_OPEN = lazyre.compile(r"^[ \t]*(`{3,}|~{3,})(.*)$")
_COMMENT = lazyre.compile(r"<!--.*?-->", re.DOTALL)
_BACKTICKS = lazyre.compile(r"`+")


def printable(text: str) -> str:
    """A string from a tree (a path, a finding, a reason) as one line a terminal shows as
    it is: every character that is not printable (a newline, an escape sequence, a bidi
    override) written as its Python escape."""
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)


def shell_words(paths: list[str]) -> str:
    """Paths as a hint's command line takes them, to be pasted into a shell: each quoted
    where the shell would read it otherwise (`$(...)`, a space, a glob), after `--`
    where one could be read as an option; and printable()."""
    import shlex

    lead = "-- " if any(p.startswith("-") for p in paths) else ""
    return printable(lead + " ".join(shlex.quote(p) for p in paths))


class Draft(NamedTuple):
    """A draft as the checks see it: its path, raw bytes and decoded text."""

    path: str
    data: bytes
    text: str  # BOM dropped, CRLF folded to LF (a lone CR is refused)


def decode(path: str, data: bytes) -> Draft | str:
    """The decoded draft, or a one-line reason it is not a text draft."""
    if b"\0" in data:
        return f"{path}: not a text draft (contains NUL bytes)"
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        return f"{path}: not UTF-8 (byte 0x{data[e.start]:02x} at offset {e.start})"
    text = text.replace("\r\n", "\n")
    if "\r" in text:
        line = text.count("\n", 0, text.index("\r")) + 1
        return (
            f"{path}:{line}: a carriage return without a line feed: generators disagree"
            " whether it ends a line (Hugo's renderer reads none), so the gate cannot"
            " read the page as they show it; use LF or CRLF line endings"
        )
    return Draft(path, data, text)


def drop_stdout() -> None:
    """Point stdout at /dev/null (its reader went away: `verify | head -1`), so the
    interpreter's own flush at exit stays quiet."""
    import os
    import sys

    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError):
        pass
