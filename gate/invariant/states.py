"""The content state machine: a draft's `status:` front-matter field, rewritten in place."""

from __future__ import annotations

import contextlib
import re
from typing import TYPE_CHECKING

from receipt_gate import GateError

if TYPE_CHECKING:
    from receipt_gate.base.signing import Signer
    from receipt_gate.rules.config import Config

_OPEN = re.compile(rb"(\xef\xbb\xbf)?(---|\+\+\+|\{)(?:(?<=---)ya?ml)?[ \t]*(\r?\n)")
_CLOSE = {
    b"---": rb"^(?:---|\.\.\.)[ \t]*\r?$",
    b"+++": rb"^\+\+\+[ \t]*\r?$",
    b"{": rb"^\}[ \t]*\r?$",
}
# The field's line in each format: YAML `key: value`, TOML `key = value`, JSON
# `"key": value,` (the value's own span is group 1).
_FIELD = {
    b"---": rb"^%s[ \t]*:[ \t]*(.*?)[ \t]*\r?$",
    b"+++": rb"^%s[ \t]*=[ \t]*(.*?)[ \t]*\r?$",
    b"{": rb"^[ \t]*\"%s\"[ \t]*:[ \t]*(.*?)[ \t]*,?[ \t]*\r?$",
}


def _literal(kind: bytes, value: str | bool) -> bytes:
    import json

    if isinstance(value, bool):
        return b"true" if value else b"false"
    return value.encode() if kind == b"---" else json.dumps(value).encode()


def set_field(data: bytes, key: str, value: str | bool, path: str = "<draft>") -> bytes:
    """The draft with one top-level front-matter field set, in the front matter's own
    format (YAML `---`, TOML `+++`, JSON: `{`, on a line of its own or not, and
    `---json`); every other byte as it was.

    A front matter without the field gets it on the line after its opening; a draft
    without front matter gets a YAML block. The result is read back as the gate reads
    a draft: unless it says exactly that (the field set, every other field and the
    page's text as they were), GateError and nothing to write (a line that only looks
    like the field, inside a TOML multi-line string, is no place to write)."""
    from receipt_gate.base.text import decode
    from receipt_gate.reading.frontmatter import read

    new = _set_field(data, key, value, path)
    old_draft, new_draft = decode(path, data), decode(path, new)
    before = after = None
    if not isinstance(old_draft, str) and not isinstance(new_draft, str):
        old_text, new_text = old_draft.text, new_draft.text
        before = read(old_text, path)  # one it cannot read says why itself
        with contextlib.suppress(GateError):
            after = read(new_text, path)
    if not (
        before is not None
        and after is not None
        and after.fields.get(key) == value
        and type(after.fields.get(key)) is type(value)
        and {k: v for k, v in after.fields.items() if k != key}
        == {k: v for k, v in before.fields.items() if k != key}
        and after.kind in (before.kind, "yaml" if not before.kind else before.kind)
        and new_text.split("\n")[after.end :] == old_text.split("\n")[before.end :]
    ):
        raise GateError(
            f"{path}: front matter: cannot set {key!r} plainly in it (read back,"
            " it would not say just that): set it by hand"
        )
    return new


def _set_field(data: bytes, key: str, value: str | bool, path: str) -> bytes:
    m = _OPEN.match(data)
    if m is None and data.lstrip(b"\xef\xbb\xbf").startswith((b"{", b"---json")):
        from receipt_gate.reading.frontmatter import block_end

        if block_end(data.decode("utf-8", "replace").split("\n"))[0] == "json":
            return _set_json(data, key, value, path)
    kind = m.group(2) if m else b"---"
    close = re.compile(_CLOSE[kind], re.MULTILINE).search(data, m.end()) if m else None
    literal = _literal(kind, value)
    name = key.encode()
    if m is None or close is None:
        bom = b"\xef\xbb\xbf" if data.startswith(b"\xef\xbb\xbf") else b""
        nl = b"\r\n" if b"\r\n" in data else b"\n"
        return bom + b"---" + nl + name + b": " + literal + nl + b"---" + nl + data[len(bom) :]
    end = close.start()
    pattern = re.compile(_FIELD[kind] % re.escape(name), re.MULTILINE)
    if kind == b"+++":  # a key's line: top level, outside a multi-line string
        from receipt_gate.reading.frontmatter import toml_top_lines

        body = data[m.end() : end].decode("utf-8", "replace").split("\n")
        starts = [m.end()]
        for line in data[m.end() : end].split(b"\n"):
            starts.append(starts[-1] + len(line) + 1)
        field = next(
            (
                f
                for i in toml_top_lines(body)
                if (f := pattern.match(data, starts[i], min(starts[i + 1] - 1, end)))
            ),
            None,
        )
    else:
        field = pattern.search(data, m.end(), end)
    if field is not None:
        return data[: field.start(1)] + literal + data[field.end(1) :]
    nl = m.group(3)
    line = {
        b"---": name + b": " + literal,
        b"+++": name + b" = " + literal,
        b"{": b'  "'
        + name
        + b'": '
        + literal
        + (b"," if data[m.end() : close.start()].strip() else b""),
    }[kind]
    return data[: m.end()] + line + nl + data[m.end() :]


def _set_json(data: bytes, key: str, value: str | bool, path: str) -> bytes:
    """set_field for JSON front matter that does not open on a `{` line of its own
    (Hugo's object on one line, gray-matter's `---json`): the key's value replaced, or
    the key put first in the object; the result read again to prove it says so."""
    import json

    from receipt_gate.reading.frontjson import json_lines

    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise GateError(f"{path}: not UTF-8: set {key!r} by hand") from None
    # the object opens the file, or the line after `---json`
    start = text.find("{", 0 if text.lstrip("\ufeff").startswith("{") else text.find("\n") + 1)
    if start < 0 or text[:start].strip("\ufeff \t\r\n") not in ("", "---json"):
        raise GateError(f"{path}: front matter: no JSON object to set {key!r} in")
    lines = text[start:].split("\n")
    n, rest = json_lines(lines)
    end = start + sum(len(line) + 1 for line in lines[: n - 1]) + len(lines[n - 1]) - len(rest)
    obj = text[start:end]
    field = re.search(rf'"{re.escape(key)}"\s*:\s*("(?:[^"\\]|\\.)*"|true|false|null)', obj)
    literal = json.dumps(value)
    if field is not None:
        new = obj[: field.start(1)] + literal + obj[field.end(1) :]
    else:
        new = "{" + json.dumps(key) + ": " + literal + ("," if obj[1:-1].strip() else "") + obj[1:]
    try:
        before, after = json.loads(obj), json.loads(new)
    except ValueError:
        before = after = None
    if not (
        isinstance(before, dict)
        and isinstance(after, dict)
        and after.get(key) == value
        and {k: v for k, v in after.items() if k != key}
        == {k: v for k, v in before.items() if k != key}
    ):
        raise GateError(
            f"{path}: front matter: cannot set {key!r} in this JSON plainly"
            " (a key nested under that name?): set it by hand"
        )
    return (text[:start] + new + text[end:]).encode()


def set_status(data: bytes, state: str, path: str = "<draft>") -> bytes:
    """The draft with its status set to `state`; every other byte as it was."""
    return set_field(data, "status", state, path)


def keep_fresh(
    cfg: Config,
    root: str,
    path: str,
    old: bytes,
    signer: Signer | None,
    status: str,
    new_status: str,
) -> None:
    """After a status change whose receipts all held on the old bytes: run the code
    checks again on the new bytes, and re-key each model verdict to the new hash with
    `advanced_from` saying which bytes and status it was given."""
    from receipt_gate.invariant import receipts, runner
    from receipt_gate.rules.session import load_drafts
    from receipt_gate.trees.tree import WorkTree

    tree = WorkTree(root)
    (moved,) = load_drafts(tree, [path])
    runner.run(cfg, tree, runner.plan(cfg, [moved], {path: new_status}), signer=signer)
    for check in cfg.checks_for(new_status):
        if cfg.specs[check].deterministic:
            continue
        rpath = receipts.receipt_path(cfg.run_dir, path, check)
        data = tree.read(rpath, receipts.RECEIPT_LIMIT)
        receipt = receipts.parse(data) if data is not None else "missing"
        if isinstance(receipt, str):
            raise GateError(f"{rpath}: {receipt}")
        receipt["draft_sha256"] = receipts.sha256(moved.data)
        receipt["advanced_from"] = {"draft_sha256": receipts.sha256(old), "status": status}
        receipts.write(root, rpath, receipt, signer)
