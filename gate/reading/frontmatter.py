"""A draft's front matter, read once and the way a site generator reads it.

YAML between `---` lines (Jekyll, Hugo, most others), TOML between `+++` lines (Hugo,
Zola), a JSON object at the top, to its matching brace (Hugo), and gray-matter's
`---json` (Eleventy). An opening generators read two ways (after blank lines or a
second byte-order mark, which Hugo skips; a delimiter ending in a no-break space) is
refused. Every reader of a draft's
metadata (the gate's `status:`, a check's title) goes through read(), so two parts of
the tool can never read one file two ways. Whatever a YAML, TOML or JSON reader would
refuse or read differently from a line scanner (a key given twice, anchors, a value
that spans lines) is either read by the real parser or refused with the line: never
guessed, and never silently "no status".

Most front matter is a few `key: plain words` lines; those are read by one regular
expression (tests compare it with the YAML parser), so a gate over 10,000 drafts
does not parse YAML 10,000 times.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import lru_cache
from typing import Any, NamedTuple

from receipt_gate import GateError
from receipt_gate.base import lazyre
from receipt_gate.reading.frontjson import is_object, json_lines, read_json

_OPEN = {"---": "yaml", "+++": "toml", "{": "json"}
_CLOSE = {"yaml": ("---", "..."), "toml": ("+++",), "json": ("}",), "js": ("---",)}
# A line YAML reads exactly as `key: value` with a value read alike by both: the key a
# plain word, and the value empty, a plain string (starting with a letter, no `: ` (a
# nested mapping, or an error), no ` #` (a comment), not a word YAML 1.1 reads as a
# boolean or null), a quoted string without escapes, a date, an integer or a boolean.
_SIMPLE_LINE = lazyre.compile(
    r"(?:(?P<key>[A-Za-z_][A-Za-z0-9_-]*):(?: +(?:(?P<bool>true|True|TRUE|false|False|FALSE)"
    r"|(?P<value>[A-Za-z](?:[^\n\t#:]|:(?=[^\s]))*?)"
    r"|\"(?P<dq>[^\"\\\n\t]*)\"|'(?P<sq>[^'\n\t]*)'|(?P<date>\d{4}-\d\d-\d\d)"
    r"|(?P<int>0|[1-9][0-9]{0,17})))? *"
    r"| *|#[^\n]*)"
)
_NOT_STRINGS = frozenset(
    "y Y yes Yes YES n N no No NO true True TRUE false False FALSE on On ON off Off OFF"
    " null Null NULL".split()
)


class FrontMatter(NamedTuple):
    kind: str  # "" (none), "yaml", "toml" or "json"
    fields: Mapping[str, Any]  # the top-level mapping, as the format's reader reads it
    lines: Mapping[str, int]  # top-level key -> its 1-based line in the draft
    end: int  # how many leading lines of the draft the block takes (0 when none)

    def text(self, key: str) -> str | None:
        """A field as a reader sees it on the page: strings as they are, numbers and
        dates written out; None when absent, null, or a list or mapping."""
        value = self.fields.get(key)
        if value is None or isinstance(value, (list, dict, bool)):
            return None
        return value if isinstance(value, str) else str(value)


NONE = FrontMatter("", {}, {}, 0)


# What may follow a delimiter on its line: Jekyll's `\s` is ASCII, MkDocs takes spaces
# and tabs only; a no-break space there closes a block to Python's rstrip alone.
_TAIL = " \t\r"
# A language named after the opening (gray-matter's, which Eleventy reads): `---json`.
_LANGS = {
    "---json": "json",
    "---yaml": "yaml",
    "---yml": "yaml",
    "---js": "js",
    "---javascript": "js",
}
# Hugo skips blank lines, spaces and byte-order marks before a block; Jekyll, MkDocs
# and Eleventy read no block after them (Jekyll strips one mark).
_LATE = r"[ \t\r\n\ufeff]+(?:---|\+\+\+|\{)"  # compiled on first use (re's cache)


def block_end(lines: list[str]) -> tuple[str, int]:
    """(kind, lines taken) of the front matter block at the top of these lines; ("", 0)
    when there is none (an opening line that is never closed opens nothing)."""
    if not lines:
        return "", 0
    first = (lines[0][1:] if lines[0].startswith("\ufeff") else lines[0]).rstrip(_TAIL)
    if first.startswith("{"):  # Hugo's JSON: an object, to its matching brace (one
        n = json_lines(lines)[0]  # that is no JSON fails Hugo's build: no front matter,
        return ("json", n) if n and is_object(lines[:n]) else ("", 0)  # `{% raw %}` too
    kind = _OPEN.get(first, "") or _LANGS.get(first, "")
    if not kind:
        return "", 0
    closers = ("---",) if first in _LANGS else _CLOSE[kind]
    for i in range(1, len(lines)):
        if lines[i].rstrip(_TAIL) in closers:
            return kind, i + 1
    return "", 0


def _plain_delimiters(text: str, path: str) -> None:
    """Refuse an opening generators read two ways: a block after blank lines, spaces or
    a second byte-order mark, or a delimiter line ending in other white space."""
    if text[:1] in " \t\r\n\ufeff" and re.match(_LATE, text):
        raise GateError(
            f"{path}:1: front matter: blank lines, spaces or a second byte-order"
            " mark before the block: Hugo reads the block after them, other"
            " generators read none; start the file with it"
        )
    head = text.split("\n", 200)
    first = head[0].lstrip("\ufeff")
    lang = re.match(r"---[ \t]*([A-Za-z]\w*)[ \t]*$", first)
    if lang and f"---{lang.group(1)}" not in _LANGS:
        raise GateError(
            f"{path}:1: front matter in {lang.group(1)} (gray-matter's"
            f" ---{lang.group(1)}): the gate cannot read it; write it in YAML"
        )
    if first.rstrip() in (*_OPEN, *_LANGS) and first.rstrip(_TAIL) != first.rstrip():
        raise GateError(
            f"{path}:1: front matter: the delimiter line ends in white space"
            " other than spaces and tabs: some generators open a block there,"
            " others do not; make it plain"
        )
    closers = _CLOSE.get(_OPEN.get(first.rstrip(_TAIL), ""), ("---",) if first in _LANGS else ())
    for i, line in enumerate(head[1:200], 2):  # a closer only Python's rstrip sees
        if line.rstrip(_TAIL) in closers:
            break
        if line.rstrip() in closers:
            raise GateError(
                f"{path}:{i}: front matter: a delimiter line ending in white"
                " space other than spaces and tabs: some generators close the"
                " block there, others do not; make it plain"
            )


def read(text: str, path: str) -> FrontMatter:
    """The draft's front matter (`text` as gate.base.text decodes it, its byte-order
    mark dropped: one still there is a second); GateError naming the path and line
    when a reader would refuse it or could read it two ways."""
    if not text.startswith(("---", "+++", "{", "\ufeff")):
        if text[:1].isspace():
            _plain_delimiters(text, path)
        return NONE  # the common case for a draft without front matter: no split
    return _read(text, path)


@lru_cache(maxsize=4096)  # every draft of a big site, read by the refresh and the gate
def _read(text: str, path: str) -> FrontMatter:
    _plain_delimiters(text, path)
    head = text.split("\n", 200)
    kind, end = block_end(head[:200])
    if not kind and len(head) > 200:
        kind, end = block_end(text.split("\n"))
        head = text.split("\n", end)
    if not kind:
        return NONE
    body = head[1 : end - 1]
    # Hugo closes a block at the first line that starts with its delimiter (`---: x`,
    # `----`); Jekyll and YAML only at the delimiter itself. Such a line is read two
    # ways, so what the gate reads of the block could differ from what is published.
    lead = {"toml": ("+++",), "yaml": ("---", "...")}.get(kind, ())
    closers = (*_CLOSE[kind], "---")
    for i, line in enumerate(body, 2):
        if line.rstrip() in closers and line.rstrip(_TAIL) != line.rstrip():
            raise GateError(
                f"{path}:{i}: front matter: a delimiter line ending in white space"
                " other than spaces and tabs: some generators close the block"
                " there, others do not; make it plain"
            )
        if lead and line.startswith(lead):
            raise GateError(
                f"{path}:{i}: front matter: a line that starts with"
                f" {line[:3]} but does not close the block: Hugo ends the"
                " block there, other readers do not; make it plain"
            )
    if kind == "yaml":
        fields, lines = _yaml(body, path)
    elif kind == "js":  # code Eleventy runs (gray-matter's ---js): nothing the gate reads
        fields, lines = {}, {}
    elif kind == "toml":
        fields, lines = _toml(body, path)
    elif head[0].lstrip("\ufeff").startswith("---"):  # `---json`
        fields, lines = read_json(body, path, 2)
    else:
        if json_lines(head)[1].strip():
            raise GateError(
                f"{path}:{end}: front matter: text after the JSON object's"
                " closing brace: Hugo reads it as the page, other readers as"
                " front matter; end the line there"
            )
        fields, lines = read_json(head[:end], path)
    seen: dict[str, str] = {}
    for key in fields:  # Hugo lowercases keys: `draft` and `Draft` are one key to it
        other = seen.setdefault(str(key).lower(), str(key))
        if other != key:
            raise GateError(
                f"{path}:{lines.get(key, 1)}: front matter: keys {other!r} and"
                f" {key!r} differ only in case: Hugo reads them as one key,"
                " the gate would read two; keep one"
            )
    return FrontMatter(kind, fields, lines, end)


def _scalar(m: re.Match[str]) -> object:
    """The value of a simple line, as YAML's safe loader reads it."""
    if m.group("dq") is not None:
        return m.group("dq")
    if m.group("sq") is not None:
        return m.group("sq")
    if m.group("date"):
        import datetime

        return datetime.date.fromisoformat(m.group("date"))
    if m.group("int"):
        return int(m.group("int"))
    if m.group("bool"):
        return m.group("bool").lower() == "true"
    return (m.group("value") or "").rstrip() or None


def _yaml(body: list[str], path: str) -> tuple[dict[str, Any], dict[str, int]]:
    fields: dict[str, Any] = {}
    lines: dict[str, int] = {}
    simple = True
    for i, line in enumerate(body, 2):
        m = _SIMPLE_LINE.fullmatch(line)
        if (
            m is None
            or (m.group("value") or "").rstrip() in _NOT_STRINGS
            or (m.group("key") in _NOT_STRINGS)
        ):
            simple = False
            break
        key = m.group("key")
        if key is None:
            continue
        if key in fields:
            raise GateError(
                f"{path}:{i}: front matter: duplicate key {key!r} (line"
                f" {lines[key]} sets it too); a reader takes one, the gate neither"
            )
        try:
            fields[key], lines[key] = _scalar(m), i
        except ValueError:  # a date that is none (2026-02-30): YAML's reading decides
            simple = False
            break
    if simple:
        return fields, lines
    from receipt_gate.base import yamlio

    found: dict[str, int] = {}
    try:
        doc = yamlio.load(
            "\n".join(body), f"{path}: front matter", scalar_aliases=True, key_lines=found
        )
    except GateError as e:
        raise GateError(_shift(str(e), path)) from None
    if doc is None:
        return {}, {}
    if not isinstance(doc, dict):
        raise GateError(f"{path}:2: front matter: expected a mapping of fields")
    # The line each top-level key is on, as the parser found it (body line 0 is the
    # draft's line 2).
    return {str(k): v for k, v in doc.items()}, {k: i + 2 for k, i in found.items()}


def _shift(message: str, path: str) -> str:
    """A YAML error about the block, with its line counted in the draft (one down)."""
    m = re.search(r"\(line (\d+), column (\d+)\): (.*)$", message)
    if m is None:
        return message
    return f"{path}:{int(m.group(1)) + 1}: front matter is not valid YAML: {m.group(3)}"


def _toml(body: list[str], path: str) -> tuple[dict[str, Any], dict[str, int]]:
    import tomllib

    try:
        doc = tomllib.loads("\n".join(body))
    except (ValueError, RecursionError) as e:  # TOMLDecodeError; an int past 4,300 digits
        m = re.search(r"\(at line (\d+), column \d+\)", str(e))
        line = int(m.group(1)) + 1 if m else 2
        why = re.sub(r"\s*\(at line.*$", "", str(e)).split(";")[0]
        raise GateError(f"{path}:{line}: front matter is not valid TOML: {why}") from None
    lines: dict[str, int] = {}
    key_line = re.compile(r"""^[ \t]*(?:"([^"\\]*)"|'([^']*)'|([A-Za-z0-9_-]+))[ \t]*=""")
    for i in toml_top_lines(body):
        m = key_line.match(body[i])
        if m:
            lines.setdefault(next(g for g in m.groups() if g is not None), i + 2)
    return doc, lines


_TOML_TOKEN = r'"""|\'\'\'|"(?:[^"\\\n]|\\.)*"|\'[^\'\n]*\'|#'  # compiled on first use


def _escaped(line: str, at: int) -> bool:  # an odd run of backslashes before `at`?
    k = at
    while k > 0 and line[k - 1] == "\\":
        k -= 1
    return (at - k) % 2 == 1


def toml_top_lines(body: list[str]) -> list[int]:
    """The indexes of a TOML block's lines at the top level (no string, no table yet)."""
    out: list[int] = []
    quote = ""
    for i, line in enumerate(body):
        if not quote:
            if line.lstrip().startswith("["):
                break  # a table: what follows is not top-level
            out.append(i)
        pos = 0
        while pos <= len(line):
            if quote:  # inside a multi-line string: find its end
                at = line.find(quote, pos)
                while quote == '"""' and at > 0 and _escaped(line, at):
                    at = line.find(quote, at + 1)
                if at < 0:
                    break
                pos, quote = at + 3, ""
                continue
            m = re.compile(_TOML_TOKEN).search(line, pos)
            if m is None or m.group() == "#":
                break
            if m.group() in ('"""', "'''"):
                quote = m.group()
            pos = m.end()
    return out
