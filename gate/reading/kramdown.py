"""What kramdown (Jekyll) and Python-Markdown (MkDocs) print as text where CommonMark
reads something else: the wide reading of gate.reading.prose takes it as text too."""

from __future__ import annotations

from receipt_gate.base import lazyre

# A list item whose first line CommonMark reads as indented code (the marker, then five
# spaces or more, or tabs): kramdown and Python-Markdown read the item's text.
_ITEM_CODE = lazyre.compile(r"(?:[-+*]|[0-9]{1,9}[.)])[ \t]+$")
# A link reference definition whose destination is on the next line: CommonMark's, a
# paragraph to kramdown, which prints it.
_LABEL_ALONE = lazyre.compile(r"[ \t]{0,3}\[(?:[^\]\\]|\\.)+\]:[ \t]*")


def opens_item(line: str, col: int) -> bool:
    """Does this code block start on a list item's marker line (`-     text`)?"""
    return bool(_ITEM_CODE.search(line, 0, col))


def loose_definitions(lines: list[str], out: list[str], covered: set[int]) -> None:
    """Put back in `out` the lines of each definition whose label stands alone on its
    line, to the next blank line or block (`covered`: the lines blocks take)."""
    i = 0
    while i < len(lines):
        if i not in covered and _LABEL_ALONE.fullmatch(lines[i]):
            while i < len(lines) and i not in covered and lines[i].strip():
                out[i] = lines[i]
                i += 1
        i += 1


# Python-Markdown's fenced_code (MkDocs' default): a fence at the start of the line
# (before any block is read: none inside a quote or list item), a language or
# `{attributes}` after it and nothing else, closed by the same run of fence characters
# alone on a line. Any other fence is paragraph text there (its backticks, a code span).
_PY_OPENING = lazyre.compile(
    r"(`{3,}|~{3,})[ \t]*(?:\{[^\n]*\}|\.?[\w#.+-]*[ \t]*"
    r"(?:hl_lines=([\"']).*?\2[ \t]*)?)\r?"
)


def python_markdown_code(lines: list[str], start: int) -> bool:
    """Does Python-Markdown read the fence opening on this line as code too?"""
    m = _PY_OPENING.fullmatch(lines[start])
    if m is None:
        return False
    fence = m.group(1)
    return any(
        line.startswith(fence) and not line[len(fence) :].strip(" \t\r")
        for line in lines[start + 1 :]
    )
