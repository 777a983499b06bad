"""A page's markup with what holds no markup blanked: front matter, code blocks, code
spans and comments (a tag, or a delimiter, inside one is no tag)."""

from __future__ import annotations

import functools


@functools.lru_cache(maxsize=8)
def without_code(text: str, markdown: bool = True) -> str:
    """The text with front matter, code blocks, code spans and comments blanked: what
    holds them is not markup to look for tags in. Not `markdown` (an HTML page): front
    matter and comments alone (an indented line or a fence is HTML's text there). Kept
    for the last few pages: a page's readers each ask for it (strikes, long tags,
    shrinking tags, styles)."""
    from receipt_gate.reading.frontmatter import block_end
    from receipt_gate.reading.inline import COMMENT, sub_blank

    lines = text.split("\n")
    end = block_end(lines)[1]
    out = "\n".join([" " * len(line) for line in lines[:end]] + lines[end:])
    return sub_blank(COMMENT, code_out(out, text) if markdown else out)


def code_out(text: str, source: str | None = None) -> str:
    """The markdown text with its code blocks and code spans (in paragraphs, headings
    and tables) blanked, line breaks kept, each span in one pass (spliced one by one,
    200 KB took 1 s); the blocks as `source` has them (the text this one blanks parts
    of, line for line: its blocks are read once)."""
    from receipt_gate.reading.inline import blanked, spans
    from receipt_gate.reading.markdown import blocks

    lines = text.split("\n")
    found = blocks(text if source is None else source)
    for b in found:
        if b.kind == "code":
            lines[b.start : b.end] = [" " * len(line) for line in lines[b.start : b.end]]
    for b in found:
        if b.kind in ("paragraph", "heading", "table") and any(
            "`" in line for line in lines[b.start : b.end]
        ):
            block = "\n".join(lines[b.start : b.end])
            lines[b.start : b.end] = blanked(block, spans(block)).split("\n")
    return "\n".join(lines)
