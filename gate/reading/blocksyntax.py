"""CommonMark's block syntax, a line at a time: where each kind of block starts, and a
scanner that counts columns the way CommonMark does (tabs to the next multiple of 4)."""

from __future__ import annotations

import re

from receipt_gate.base import lazyre

ATX = lazyre.compile(r"#{1,6}(?:[ \t]|$)")
FENCE = lazyre.compile(r"(`{3,}|~{3,})(.*)$")
HR = lazyre.compile(r"(?:(?:\*[ \t]*){3,}|(?:-[ \t]*){3,}|(?:_[ \t]*){3,})$")
SETEXT = lazyre.compile(r"(?:=+|-+)[ \t]*$")
_BULLET = lazyre.compile(r"([-+*])(?=[ \t]|$)")
_ORDERED = lazyre.compile(r"(\d{1,9})([.)])(?=[ \t]|$)")
# A link reference definition: a label, a destination, an optional title, each part
# allowed on a line of its own; what follows it must start a line.
_REFDEF = lazyre.compile(
    r"[ \t]{0,3}\[(?=[^\]]*?[^\s\]])(?:[^\[\]\\]|\\.){1,999}\]:"
    r"[ \t]*\n?[ \t]*(?:<(?:[^<>\n\\]|\\.)*>|(?![<])(?:[^\s\\()]|\\.|\((?:[^\s\\()]|\\.)*\))+)"
    r"(?:(?:[ \t]+\n?|[ \t]*\n)[ \t]*(?:\"(?:[^\"\\]|\\.)*\"|'(?:[^'\\]|\\.)*'"
    r"|\((?:[^()\\]|\\.)*\)))?[ \t]*(?:\n|$)"
)
_BLOCK_TAGS = frozenset(
    """address article aside base basefont blockquote body caption center
col colgroup dd details dialog dir div dl dt fieldset figcaption figure footer form frame
frameset h1 h2 h3 h4 h5 h6 head header hr html iframe legend li link main menu menuitem nav
noframes ol optgroup option p param search section summary table tbody td tfoot th thead
title tr track ul""".split()
)
_HTML_1 = lazyre.compile(r"<(?:script|pre|style|textarea)(?:[ \t>]|$)", re.IGNORECASE)
_HTML_1_END = lazyre.compile(r"</(?:script|pre|style|textarea)>", re.IGNORECASE)
_HTML_6 = lazyre.compile(r"</?([A-Za-z][A-Za-z0-9-]*)(?:[ \t>]|/>|$)")
_ATTR = (
    r"(?:[ \t]+[A-Za-z_:][A-Za-z0-9_.:-]*"
    r"(?:[ \t]*=[ \t]*(?:[^\"'=<>`\x00-\x20]+|'[^']*'|\"[^\"]*\"))?)"
)
_HTML_7 = lazyre.compile(
    rf"(?:<[A-Za-z][A-Za-z0-9-]*{_ATTR}*[ \t]*/?>|</[A-Za-z][A-Za-z0-9-]*"
    rf"[ \t]*>)[ \t]*$"
)
HTML_ENDS = {
    1: _HTML_1_END,
    2: lazyre.compile("-->"),
    3: lazyre.compile(r"\?>"),
    4: lazyre.compile(">"),
    5: lazyre.compile(r"\]\]>"),
}


def html_start(rest: str, in_paragraph: bool) -> int:
    """Which of CommonMark's seven kinds of HTML block this line starts (0: none)."""
    if not rest.startswith("<"):
        return 0
    if _HTML_1.match(rest):
        return 1
    if rest.startswith("<!--"):
        return 2
    if rest.startswith("<?"):
        return 3
    if rest.startswith("<![CDATA["):
        return 5
    if len(rest) > 2 and rest[1] == "!" and rest[2].isalpha() and rest[2].isascii():
        return 4
    m = _HTML_6.match(rest)
    if m and m.group(1).lower() in _BLOCK_TAGS:
        return 6
    if not in_paragraph and _HTML_7.match(rest):
        return 7
    return 0


_WHITE = lazyre.compile(r"[ \t]+")


class Scan:
    """One pass over a line: its text, and a position and column within it."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.pos = 0
        self.col = 0  # the visual column of pos (tabs to the next multiple of 4)
        self.partial = 0  # columns of a tab already consumed

    def indent(self) -> int:
        """Columns of white space from here (without moving)."""
        run = _WHITE.match(self.text, self.pos)
        if run is None:
            return 0
        if "\t" not in run.group():  # the common case, in C: a deep list's indent is long
            return run.end() - self.pos
        col, pos = self.col - self.partial, self.pos
        start = col + self.partial
        while pos < len(self.text) and self.text[pos] in " \t":
            col = col + 4 - col % 4 if self.text[pos] == "\t" else col + 1
            pos += 1
        return col - start

    def skip(self, columns: int) -> None:
        """Move past this many columns of white space (a tab may be split)."""
        while columns > 0 and self.pos < len(self.text) and self.text[self.pos] in " \t":
            if self.text[self.pos] == "\t":
                width = 4 - (self.col - self.partial) % 4 - self.partial
                if columns < width:
                    self.partial += columns
                    self.col += columns
                    return
                columns -= width
                self.col += width
                self.partial = 0
            else:
                columns -= 1
                self.col += 1
            self.pos += 1

    def skip_spaces(self) -> None:
        self.skip(self.indent())

    def rest(self) -> str:
        return self.text[self.pos :]

    def blank(self) -> bool:
        return not self.text[self.pos :].strip(" \t")


def definitions(lines: list[str]) -> int:
    """How many leading lines of a paragraph are link reference definitions."""
    text = "\n".join(lines)
    pos = taken = 0
    while True:
        m = _REFDEF.match(text, pos)
        if m is None:
            return taken
        pos = m.end()
        taken = text.count("\n", 0, pos) + (pos >= len(text))
        if pos >= len(text):
            return len(lines)


def column_pos(line: str, columns: int) -> int:
    s = Scan(line)
    s.skip(columns)
    return s.pos


def list_item(s: Scan, in_para: bool) -> int | None:
    """If a list item starts here: move past its marker and return its content column
    (relative to where it started), else None."""
    save = (s.pos, s.col, s.partial)
    start_col = s.col
    s.skip_spaces()
    rest = s.rest()
    bullet = _BULLET.match(rest)
    m = bullet or _ORDERED.match(rest)
    if m is None or (bullet is None and in_para and m.group(1) != "1"):
        s.pos, s.col, s.partial = save
        return None
    after = rest[m.end() :]
    # An empty item cannot interrupt a paragraph; `* * *` is a thematic break.
    if (in_para and not after.strip(" \t")) or (bullet is not None and HR.match(rest)):
        s.pos, s.col, s.partial = save
        return None
    s.pos += m.end()
    s.col += m.end()
    width = s.indent()
    if not after.strip(" \t"):
        return s.col - start_col + 1
    if width >= 5:
        s.skip(1)
        return s.col - start_col
    s.skip(width)
    return s.col - start_col


_FOOTNOTE = lazyre.compile(r"\[\^(?:[^\]\s\\]|\\.){1,999}\]:")
FOOTNOTE_INDENT = 4  # what a footnote's later lines are indented by (GFM)


def footnote(s: Scan) -> bool:
    """If a GFM footnote definition (`[^1]: ...`) starts here: move past its label and
    the spaces after it, and say so."""
    if s.indent() > 3:
        return False
    save = (s.pos, s.col, s.partial)
    s.skip_spaces()
    m = _FOOTNOTE.match(s.rest())
    if m is None:
        s.pos, s.col, s.partial = save
        return False
    s.pos += m.end()
    s.col += m.end()
    s.skip_spaces()
    return True


def starts_block(s: Scan, in_para: bool) -> bool:
    """Would the rest of this line start a block (ending a paragraph's lazy run)?"""
    if s.indent() >= 4:
        return False
    rest = s.rest().lstrip(" \t")
    return bool(
        rest.startswith(">")
        or ATX.match(rest)
        or HR.match(rest)
        or (FENCE.match(rest) and not (rest[0] == "`" and "`" in rest.lstrip("`")))
        or html_start(rest, in_para)
        or list_item(copy(s), in_para) is not None
    )


def copy(s: Scan) -> Scan:
    c = Scan(s.text)
    c.pos, c.col, c.partial = s.pos, s.col, s.partial
    return c


_REF_DEF = lazyre.compile(
    r"^[ \t]{0,3}\[((?:[^\[\]\\]|\\.){1,999})\]:[ \t]*\n?[ \t]*(<[^<>\n]*>|\S+)", re.MULTILINE
)


def label(label: str) -> str:
    """A link label as CommonMark matches it: case folded, runs of ASCII white space
    (not Unicode's: `[x\u2003]` is no `[x]`) as one space, trimmed."""
    return " ".join(re.split(r"[ \t\r\n\f]+", label.strip(" \t\r\n\f"))).casefold()


def references(text: str) -> dict[str, str]:
    """Each link reference definition's label (normalised) and destination; the first
    definition of a label wins, as CommonMark says."""
    refs: dict[str, str] = {}
    if "]:" in text:
        for m in _REF_DEF.finditer(text):
            refs.setdefault(label(m.group(1)), m.group(2).strip("<>"))
    return refs


# GFM tables: a delimiter row under a header row with as many cells starts one; it goes
# on, row by row, until a blank line or a line that starts another block (any list
# item, a quote, a heading, a fence, an hr, indented code, an HTML block that may
# interrupt a paragraph); never lazily (a line outside its container ends it).
_DELIMITER = lazyre.compile(r"[ \t]*\|?[ \t]*:?-+:?[ \t]*(?:\|[ \t]*:?-+:?[ \t]*)*\|?[ \t]*")


def cells(row: str) -> int:
    """How many cells GFM reads in a table row: split at each unescaped `|` (a code span
    does not protect one), the outer pipes optional."""
    parts = re.split(r"(?<!\\)\|", row.strip(" \t"))
    if len(parts) > 1 and not parts[0].strip(" \t"):
        parts = parts[1:]
    if len(parts) > 1 and not parts[-1].strip(" \t"):
        parts = parts[:-1]
    return len(parts)


def cell_ends(row: str) -> list[int]:
    """Where each cell of a table row ends: the offset of each unescaped `|` that closes
    one (the last cell, without an outer pipe, ends at the row's end)."""
    pipes = [m.start() for m in re.finditer(r"(?<!\\)\|", row)]
    if pipes and not row[: pipes[0]].strip(" \t"):
        pipes = pipes[1:]  # the opening outer pipe closes nothing
    return pipes if pipes and not row[pipes[-1] + 1 :].strip(" \t") else [*pipes, len(row)]


def table_start(header: str, row: str) -> bool:
    """Do these two lines start a GFM table (a header row, then its delimiter row)?"""
    if "|" not in row or not _DELIMITER.fullmatch(row):
        return False
    return cells(header) == cells(row)


def ends_table(s: Scan) -> bool:
    """Would this line (past its containers) end a GFM table?"""
    return (
        s.blank()
        or s.indent() >= 4
        or starts_block(copy(s), True)
        or list_item(copy(s), False) is not None
    )
