"""Hugo's JSON front matter as Hugo reads it: an object at the top of the page, to its
matching brace (gate.reading.frontmatter reads every kind through here)."""

from __future__ import annotations

import re
from typing import Any

from receipt_gate import GateError


def json_lines(lines: list[str]) -> tuple[int, str]:
    """How many lines a JSON object opening the first line takes, as Hugo's lexer reads
    it (braces counted outside quotes, a backslash skipping the next character), and
    what follows its closing brace on that line; (0, "") when it never closes."""
    level, quoted, skip = 0, False, False
    for i, line in enumerate(lines):
        for j, c in enumerate(line):
            if skip:
                skip = False
            elif c == "\\":
                skip = True
            elif c == '"':
                quoted = not quoted
            elif not quoted and c in "{}":
                level += 1 if c == "{" else -1
                if level == 0:
                    return i + 1, line[j + 1 :]
    return 0, ""


def is_object(block: list[str]) -> bool:
    """Does the block read as a JSON object (Hugo fails a build on one that does not)?"""
    import json

    text = "\n".join(block).lstrip("\ufeff")
    try:
        doc, _ = json.JSONDecoder().raw_decode(text)
    except RecursionError:
        return True  # nested past Python's reading, not Go's: read_json refuses it
    except ValueError:
        return False
    return isinstance(doc, dict)


def read_json(block: list[str], path: str, first: int = 1) -> tuple[dict[str, Any], dict[str, int]]:
    """The block's fields and each key's line (the block's first line is `first`); a
    key given twice or anything but an object is an error naming the line."""
    import json

    def pairs(items: list[tuple[str, Any]]) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for k, v in items:
            if k in out:
                raise ValueError(f"duplicate key {k!r}")
            out[k] = v
        return out

    try:
        doc = json.loads("\n".join(block), object_pairs_hook=pairs)
    except (ValueError, RecursionError) as e:
        why = str(e).splitlines()[0] if str(e) else type(e).__name__
        raise GateError(f"{path}:{first}: front matter is not valid JSON: {why}") from None
    if not isinstance(doc, dict):
        raise GateError(f"{path}:{first}: front matter: expected a JSON object")
    lines: dict[str, int] = {}
    for i, source in enumerate(block, first):
        m = re.match(r'^\s*"((?:[^"\\]|\\.)*)"\s*:', source)
        if m:
            lines.setdefault(m.group(1), i)
    return doc, lines
