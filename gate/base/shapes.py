"""The boundary where untrusted bytes become values: JSON read with limits, and the shapes
receipts and verdicts must have before any code uses them.

Receipts, grader verdicts and caches are files anyone who can write the repository (or
a grader's output) controls. Whatever they hold is checked here, by type, depth, and
valid Unicode, so no code past this point meets a `line` that is not a number, quotes
that are not strings, a string that cannot be encoded, or nesting that overflows.
"""

from __future__ import annotations

import json
from typing import Any

from receipt_gate.base import lazyre

MAX_DEPTH = 8  # a receipt of ours nests 5 deep (findings -> titles -> title)
_ESCAPED_SURROGATE = lazyre.compile(r"\\u[dD][89a-fA-F]")


def _pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """An object, refused when a key is given twice: a reader takes one value, a person
    reading the file may take the other."""
    obj = dict(pairs)
    if len(obj) != len(pairs):
        seen: set[str] = set()
        dup = next(k for k, _ in pairs if k in seen or seen.add(k))  # type: ignore[func-returns-value]
        raise BadShape(f"not valid JSON (the key {dup!r} is given twice)")
    return obj


_DECODER = json.JSONDecoder(object_pairs_hook=_pairs)


class BadShape(ValueError):
    """Bytes that are not the value they should be: the one-line reason."""


def load_json(data: bytes) -> Any:
    """A JSON value from bytes: UTF-8, at most MAX_DEPTH deep, every string valid
    Unicode (a lone surrogate escape would fail when the value is written again)."""
    try:
        text = data.decode()
    except UnicodeDecodeError:
        raise BadShape("not valid JSON (not UTF-8)") from None
    try:
        obj = _DECODER.decode(text)
    except RecursionError:
        raise BadShape("not valid JSON (nested too deeply)") from None
    except BadShape:
        raise
    except ValueError as e:
        raise BadShape(f"not valid JSON ({str(e).splitlines()[0]})") from None
    if depth(obj) > MAX_DEPTH:
        raise BadShape(f"nested more than {MAX_DEPTH} deep")
    if _ESCAPED_SURROGATE.search(text):
        try:
            json.dumps(obj, ensure_ascii=False).encode()
        except UnicodeEncodeError:
            raise BadShape("holds a lone surrogate (\\ud800...): not valid Unicode") from None
    return obj


def depth(obj: Any) -> int:
    """How deep lists and objects nest (0 for a scalar), without recursion."""
    deepest = 0
    todo: list[tuple[Any, int]] = [(obj, 0)]
    while todo:
        value, d = todo.pop()
        if isinstance(value, dict):
            todo.extend((v, d + 1) for v in value.values())
        elif isinstance(value, list):
            todo.extend((v, d + 1) for v in value)
        else:
            deepest = max(deepest, d)
            continue
        deepest = max(deepest, d + 1)
        if deepest > MAX_DEPTH:
            break
    return deepest


def positive_int(value: object) -> bool:
    return type(value) is int and value >= 1


def finding_problem(f: object) -> str | None:
    """Why a receipt's finding is not one: an object with a line and column (positive
    integers) and a message (a string)."""
    if not isinstance(f, dict):
        return "a finding is not an object"
    if not positive_int(f.get("line")) or not positive_int(f.get("col")):
        return "a finding's line or col is not a positive integer"
    if not isinstance(f.get("message"), str):
        return "a finding's message is not a string"
    return None


def suppressed_problem(f: object) -> str | None:
    """Why a receipt's suppressed finding is not one: a finding, and what suppressed it."""
    why = finding_problem(f)
    if why:
        return f"suppressed: {why}"
    if not isinstance(f, dict) or not isinstance(f.get("suppressed_by"), str):
        return "a suppressed finding's suppressed_by is not a string"
    return None


def criterion_problem(c: object) -> str | None:
    """Why a grader criterion is not one: a name, a verdict, quotes, a note."""
    if not isinstance(c, dict):
        return "a criterion is not an object"
    if not isinstance(c.get("name"), str) or not c["name"].strip():
        return "a criterion's name is not a non-empty string"
    if c.get("verdict") not in ("pass", "fail"):
        return 'a criterion\'s verdict is not "pass" or "fail"'
    quotes = c.get("quotes", [])
    if not isinstance(quotes, list) or not all(isinstance(q, str) for q in quotes):
        return "a criterion's quotes are not a list of strings"
    if not isinstance(c.get("note", ""), str):
        return "a criterion's note is not a string"
    return evidence_problem(c.get("evidence", []))


def evidence_problem(items: object) -> str | None:
    """Why a criterion's evidence is not a list of {path, quote} strings."""
    if not isinstance(items, list) or not all(
        isinstance(e, dict)
        and isinstance(e.get("path"), str)
        and e["path"]
        and isinstance(e.get("quote"), str)
        for e in items
    ):
        return "a criterion's evidence is not a list of {path, quote} strings"
    return None
