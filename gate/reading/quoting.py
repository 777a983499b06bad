"""Which block quotes quote someone else, by their shape.

A page uses block quotes for its own words (a description set apart at the top, a
note, a callout, a summary) as often as for someone else's. A quote is someone else's
when its shape says so, as a reader would take it:
- it is introduced: the paragraph right above it ends with a colon ("As the RFC puts
  it:", "Jane wrote:");
- it is attributed: its last line, or the line right after it, starts with a dash and
  a name ("-- Jane Doe", "— RFC 2119"), or holds a <cite> or <footer>, or starts with
  "Source:" or "via";
- it is in quotation marks: its text opens with one and closes with one.
Any other block quote is the page's own prose, and so is every quote of a page whose
quotes of someone else hold more of its prose than its own words do (a draft that wraps
its words in a quotation's shape is still the author's: gate.reading.prose).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from receipt_gate.base import lazyre
from receipt_gate.reading.markdown import Block

_ATTRIBUTION = lazyre.compile(
    r"\s*(?:(?:[\u2012-\u2015~]|--)\s*\S|<cite\b|<footer\b"
    r"|(?:source|via)\b\s*:?\s*\S)",
    re.IGNORECASE,
)
_HYPHENED = lazyre.compile(r"\s*-\s+[A-Z]")  # "- Jane Doe" (not in a list item)
_OPEN_QUOTE = "\"'\u201c\u2018\u201e\u00ab\u300c"
_CLOSE_QUOTE = "\"'\u201d\u2019\u00bb\u300d"
_MARKS = lazyre.compile(r"^[ \t]{0,3}(?:>[ \t]?)+")


def _inner(line: str) -> str:
    return _MARKS.sub("", line, count=1)


def _groups(found: Sequence[Block], lines: list[str]) -> list[list[Block]]:
    """The quoted blocks, grouped by the block quote they are in: blocks with only
    quote lines (`>`) between them are one quote."""
    groups: list[list[Block]] = []
    for b in found:
        if not b.quoted:
            continue
        last = groups[-1][-1] if groups else None
        if last is not None and all(
            lines[i].lstrip().startswith(">") for i in range(last.end, b.start)
        ):
            groups[-1].append(b)
        else:
            groups.append([b])
    return groups


def _introduced(found: Sequence[Block], first: Block, lines: list[str]) -> bool:
    before = [b for b in found if b.end <= first.start and not b.quoted]
    if not before or before[-1].kind != "paragraph":
        return False
    above = before[-1]
    if any(
        lines[i].strip()
        for i in range(above.end, first.start)
        if not lines[i].lstrip().startswith(">")
    ):
        return False
    return lines[above.end - 1].rstrip().endswith(":")


def _attributed(group: list[Block], lines: list[str]) -> bool:
    end = group[-1].end
    last = _inner(lines[end - 1])
    after = next((ln for ln in lines[end : end + 2] if ln.strip()), "")
    after_attributes = (
        after.strip()
        and not after.lstrip().startswith(">")
        and (_ATTRIBUTION.match(after) is not None)
    )
    hyphened = not group[-1].listed and _HYPHENED.match(last) is not None
    return bool(_ATTRIBUTION.match(last)) or hyphened or bool(after_attributes)


def _in_quotation_marks(group: list[Block], lines: list[str]) -> bool:
    text = " ".join(_inner(lines[i]).strip() for b in group for i in range(b.start, b.end))
    text = text.strip().rstrip(".,;!?)")
    return len(text) > 1 and text[0] in _OPEN_QUOTE and text[-1] in _CLOSE_QUOTE


def others(text: str, found: Sequence[Block]) -> frozenset[int]:
    """The start lines (0-based) of the quoted blocks that quote someone else."""
    lines = text.split("\n")
    out: set[int] = set()
    for group in _groups(found, lines):
        if (
            _introduced(found, group[0], lines)
            or _attributed(group, lines)
            or _in_quotation_marks(group, lines)
        ):
            out.update(b.start for b in group)
    return frozenset(out)
