"""What a list page shows of a page: Hugo's automatic summary.

Where a page has no `summary` in its front matter and no `<!--more-->` divider, Hugo's
`.Summary` (on the home page, a section's list, a feed) is the page's text as plain
words, its first 70 (summaryLength) to the end of that sentence: a code block among
them is words there, no longer code. The gate reads the code that begins within those
words as text (a site's own summaryLength is not read: docs/rules-and-threat-model.md).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from receipt_gate.reading.markdown import blocks

SUMMARY_WORDS = 70  # Hugo's default summaryLength
_DIVIDER = "<!--more-->"


def summary_lines(text: str, prose: list[str], fields: Mapping[str, Any]) -> list[str] | None:
    """The prose lines with the code that Hugo's automatic summary shows put back as
    text; None where it shows none (no code block begins in it, or the page chooses its
    summary itself)."""
    if _DIVIDER in text or any(k.lower() == "summary" for k in fields):
        return None
    lines = text.split("\n")
    out, words, row, changed = list(prose), 0, 0, False
    for b in blocks(text):
        words += sum(len(line.split()) for line in out[row:b.start])
        row = b.start
        if words >= SUMMARY_WORDS:
            break
        if b.kind != "code":
            continue
        inner = range(b.start + 1, b.end - (not b.unclosed)) if b.fenced else range(
            b.start, b.end)
        for i in inner:
            col = b.cols[i - b.start]
            out[i] = " " * col + lines[i][col:]
            changed = True
    return out if changed else None
