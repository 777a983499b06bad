"""What kramdown (Jekyll) and Python-Markdown (MkDocs) print as text where CommonMark
reads something else: the wide reading of gate.reading.prose takes it as text too."""

from __future__ import annotations

import re

# A list item whose first line CommonMark reads as indented code (the marker, then five
# spaces or more, or tabs): kramdown and Python-Markdown read the item's text.
_ITEM_CODE = re.compile(r"(?:[-+*]|[0-9]{1,9}[.)])[ \t]+$")
# A link reference definition whose destination is on the next line: CommonMark's, a
# paragraph to kramdown, which prints it.
_LABEL_ALONE = re.compile(r"[ \t]{0,3}\[(?:[^\]\\]|\\.)+\]:[ \t]*")


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
