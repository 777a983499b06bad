"""What in a markdown draft is prose: front matter, fenced and inline code are not."""

from __future__ import annotations

import re
from typing import NamedTuple

from receipt_gate.frontmatter import block_end

_FENCE_OPEN = re.compile(r"^[ \t]*(`{3,}|~{3,})(.*)$")
_COMMENT = re.compile(r"<!--.*?-->", re.DOTALL)
_BACKTICKS = re.compile(r"`+")


class Draft(NamedTuple):
    """A draft as the checks see it: its path, raw bytes and decoded text."""

    path: str
    data: bytes
    text: str  # BOM dropped, CRLF and CR folded to LF


def decode(path: str, data: bytes) -> Draft | str:
    """The decoded draft, or a one-line reason it is not a text draft."""
    if b"\0" in data:
        return f"{path}: not a text draft (contains NUL bytes)"
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        return f"{path}: not UTF-8 (byte 0x{data[e.start]:02x} at offset {e.start})"
    return Draft(path, data, text.replace("\r\n", "\n").replace("\r", "\n"))


def front_matter_end(lines: list[str]) -> int:
    """Number of leading lines taken by a front matter block (0 if none)."""
    return block_end(lines)[1]


def _blank(s: str) -> str:
    return re.sub(r"[^\n]", " ", s)


def _spans(block: str) -> list[tuple[int, int]]:
    """(start, end) of each code span in one paragraph whose comments are blanked."""
    spans: list[tuple[int, int]] = []
    pos = 0
    for m in _BACKTICKS.finditer(block):
        if m.start() < pos or (m.start() > 0 and block[m.start() - 1] == "\\"):
            continue
        n = len(m.group())
        close = re.compile(rf"(?<!`)`{{{n}}}(?!`)").search(block, m.end())
        if close is not None:
            spans.append((m.start(), close.end()))
            pos = close.end()
    return spans


def _layout(text: str) -> tuple[list[str], list[list[int]]]:
    """Lines with front matter and fenced code blanked, and the paragraphs left (line indexes)."""
    lines = text.split("\n")
    out = list(lines)
    fm = front_matter_end(lines)
    for i in range(fm):
        out[i] = _blank(lines[i])
    paras: list[list[int]] = [[]]
    i = fm
    fences = "```" in text or "~~~" in text
    while i < len(lines):
        m = _FENCE_OPEN.match(lines[i]) if fences else None
        if m and not (m.group(1)[0] == "`" and "`" in m.group(2)):
            paras.append([])
            fence = m.group(1)
            closer = re.compile(rf"^[ \t]*{re.escape(fence[0])}{{{len(fence)},}}[ \t]*$")
            out[i] = _blank(lines[i])
            i += 1
            while i < len(lines):
                done = closer.match(lines[i]) is not None
                out[i] = _blank(lines[i])
                i += 1
                if done:
                    break
            continue
        if lines[i].strip():
            paras[-1].append(i)
        elif paras[-1]:
            paras.append([])
        i += 1
    return out, [p for p in paras if p]


def prose_lines(text: str) -> list[str]:
    """The draft's lines with everything that is not prose replaced by spaces.

    Front matter, fenced code, inline code spans and HTML comments are not prose.
    Line and column numbers are those of the draft: only characters change.
    """
    if "`" not in text and "~~~" not in text and "<!--" not in text:
        # No fence, code span or comment can open: only front matter is not prose.
        lines = text.split("\n")
        for i in range(front_matter_end(lines)):
            lines[i] = _blank(lines[i])
        return lines
    out, paras = _layout(text)
    for para in paras:
        if not any("`" in out[j] or "<!--" in out[j] for j in para):
            continue  # nothing in this paragraph to blank
        block = _COMMENT.sub(lambda m: _blank(m.group()), "\n".join(out[j] for j in para))
        pieces, pos = [], 0
        for start, end in _spans(block):
            pieces += [block[pos:start], _blank(block[start:end])]
            pos = end
        pieces.append(block[pos:])
        for j, masked in zip(para, "".join(pieces).split("\n"), strict=True):
            out[j] = masked
    return out


def reader_lines(text: str) -> list[str]:
    """The draft's lines as a reader sees them: front matter, fenced code and HTML
    comments blanked (nobody reads those on the page); inline code kept."""
    out, paras = _layout(text)
    for para in paras:
        if any("<!--" in out[j] for j in para):
            block = _COMMENT.sub(lambda m: _blank(m.group()), "\n".join(out[j] for j in para))
            for j, masked in zip(para, block.split("\n"), strict=True):
                out[j] = masked
    return out


def code_spans(text: str) -> list[tuple[int, int, str]]:
    """Each inline code span outside fences and front matter: (line, col, content)."""
    out, paras = _layout(text)
    found = []
    for para in paras:
        block = _COMMENT.sub(lambda m: _blank(m.group()), "\n".join(out[j] for j in para))
        for start, end in _spans(block):
            ticks = len(block[start:end]) - len(block[start:end].lstrip("`"))
            content = block[start + ticks : end - ticks].replace("\n", " ").strip()
            before = block[:start]
            line = para[0] + before.count("\n")
            col = start - (before.rfind("\n") + 1) + 1
            found.append((line + 1, col, content))
    return found


_HEADING = re.compile(r"^ {0,3}#{1,6}(?:[ \t]|$)")
_SETEXT = re.compile(r"^ {0,3}(?:=+|-+)[ \t]*$")


class Block(NamedTuple):
    line: int  # 1-based line of the block's first line
    lines: list[str]


def opening_paragraph(text: str) -> Block | None:
    """The first paragraph of prose after front matter, title and headings."""
    lines = text.split("\n")
    i = front_matter_end(lines)
    while i < len(lines):
        line = lines[i]
        if not line.strip() or _HEADING.match(line):
            i += 1
            continue
        m = _FENCE_OPEN.match(line)
        if m:
            closer = re.compile(rf"^[ \t]*{re.escape(m.group(1)[0])}{{{len(m.group(1))},}}[ \t]*$")
            i += 1
            while i < len(lines) and not closer.match(lines[i]):
                i += 1
            i += 1
            continue
        if i + 1 < len(lines) and _SETEXT.match(lines[i + 1]):
            i += 2  # a setext heading: the line above `===` or `---`
            continue
        start = i
        while i < len(lines) and lines[i].strip() and not _HEADING.match(lines[i]):
            if i > start and _FENCE_OPEN.match(lines[i]):
                break
            i += 1
        return Block(start + 1, lines[start:i])
    return None
