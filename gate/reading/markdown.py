"""Markdown's block structure, as a CommonMark renderer reads it.

blocks() finds the leaf blocks of a draft (paragraphs, headings, GFM tables, code,
HTML blocks, thematic breaks) inside their containers (block quotes, list items, GFM
footnote definitions), line by line, as CommonMark's block phase does, so a check
sees what a renderer shows: a paragraph inside a list is prose, a block inside `>` is
a quote, an indented line after a paragraph is not code. tests/test_markdown.py
compares it with markdown-it-py (tables on) on the CommonMark spec's examples and real
sites' markdown, and with cmark-gfm on where tables start and end.
"""

from __future__ import annotations

import functools
from typing import NamedTuple

from receipt_gate.base import lazyre
from receipt_gate.reading.blocksyntax import (
    ATX,
    FENCE,
    FOOTNOTE_INDENT,
    HR,
    HTML_ENDS,
    SETEXT,
    Scan,
    column_pos,
    copy,
    definitions,
    ends_table,
    footnote,
    html_start,
    list_item,
    starts_block,
    table_start,
)
from receipt_gate.reading.frontmatter import block_end


class Block(NamedTuple):
    kind: str  # paragraph, heading, table (GFM), code, html, hr
    start: int  # 0-based first line
    end: int  # 0-based line after the last
    # Where the block's content starts on each of its lines (after container markers).
    cols: tuple[int, ...]
    level: int = 0  # a heading's level
    quoted: bool = False  # inside a block quote
    listed: bool = False  # inside a list item or a footnote
    html: int = 0  # an HTML block's kind (CommonMark's 1 to 7)
    unclosed: bool = False  # a code fence the end of the text closed, not a fence line
    fenced: bool = False  # code between fences (not indented)


class _Container(NamedTuple):
    kind: str  # quote, item, footnote
    indent: int  # an item's content column (from the container it is in)
    started: int  # the line it started on


class _Leaf:
    """The leaf block being read."""

    __slots__ = ("cols", "end", "fence", "kind", "level", "listed", "quoted", "setext", "start")

    def __init__(self, kind: str, start: int, col: int, containers: list[_Container]) -> None:
        self.kind, self.start, self.cols = kind, start, [col]
        self.quoted = bool(containers) and any(c.kind == "quote" for c in containers)
        self.listed = bool(containers) and any(c.kind != "quote" for c in containers)
        self.level = 0
        self.setext = False
        self.fence: tuple[str, int] = ("", 0)
        self.end = 0  # the kind of HTML block (what ends it)


MAX_NESTING = 100  # block quotes and list items, one inside another

# A line that starts with none of these is, outside any container, plain paragraph text.
_PLAIN = lazyre.compile(r"[^ \t>\-*+#<`~=_\[0-9]")


class _Reader:
    def __init__(self, lines: list[str]) -> None:
        self.lines = lines
        self.out: list[Block] = []
        self.containers: list[_Container] = []
        self.leaf: _Leaf | None = None
        self.blank_after: list[int] = []  # blank lines in indented code, kept if code follows

    def close(self, at_end: bool = False) -> None:
        leaf, self.leaf = self.leaf, None
        if leaf is None:
            return
        first, cols = leaf.start, leaf.cols
        if (leaf.kind == "paragraph" or leaf.setext) and self.lines[first][
            cols[0] : cols[0] + 4
        ].lstrip(" ").startswith("["):
            defs = definitions([self.lines[first + i][c:] for i, c in enumerate(cols)])
            first, cols = first + defs, cols[defs:]  # definitions are not the text
        if cols:
            kind = "code" if leaf.kind in ("fence", "indented") else leaf.kind
            self.out.append(
                Block(
                    kind,
                    first,
                    first + len(cols),
                    tuple(cols),
                    leaf.level,
                    leaf.quoted,
                    leaf.listed,
                    leaf.end if leaf.kind == "html" else 0,
                    at_end and leaf.kind == "fence",
                    leaf.kind == "fence",
                )
            )

    def open(self, kind: str, n: int, col: int) -> _Leaf:
        self.close()
        self.leaf = _Leaf(kind, n, col, self.containers)
        return self.leaf

    def line(self, n: int) -> None:
        line = self.lines[n]
        leaf = self.leaf
        if not self.containers and (leaf is None or leaf.kind == "paragraph"):
            if not line:
                self.close()
                return
            if _PLAIN.match(line) and not _delimiter_like(line, leaf):
                if leaf is None:
                    self.open("paragraph", n, 0)
                else:
                    leaf.cols.append(0)
                return
        s = Scan(line)
        matched = self.match(s, n)
        in_para = leaf is not None and leaf.kind == "paragraph"
        if leaf is not None and matched == len(self.containers) and leaf.kind in ("fence", "html"):
            self.inside(leaf, s)
            return
        if leaf is not None and leaf.kind == "table":
            if matched == len(self.containers) and not ends_table(copy(s)):
                leaf.cols.append(s.pos)  # a row
                return
            self.close()
        # Lazy continuation: a paragraph goes on through a line whose containers do not,
        # if that line would start no block of its own.
        if (
            matched < len(self.containers)
            and in_para
            and not s.blank()
            and not starts_block(copy(s), False)
        ):
            assert leaf is not None
            leaf.cols.append(s.pos)
            return
        if matched < len(self.containers):
            self.close()
            del self.containers[matched:]
            in_para = False
        in_para = self.new_containers(s, n, in_para)
        self.new_leaf(s, n, in_para, matched == len(self.containers))

    def match(self, s: Scan, n: int) -> int:
        """How many open containers this line continues (moving past their markers)."""
        matched = 0
        for c in self.containers:
            if c.kind == "quote":
                if s.indent() > 3 or not s.rest().lstrip(" \t").startswith(">"):
                    break
                _past_quote_marker(s)
            elif s.blank():
                if (
                    c.kind == "item"
                    and c.started == n - 1
                    and self.leaf is None
                    and not any(b.start >= c.started for b in self.out)
                ):
                    break  # an item that opened empty ends at a blank line
            elif s.indent() >= c.indent:
                s.skip(c.indent)
            else:
                break
            matched += 1
        return matched

    def inside(self, leaf: _Leaf, s: Scan) -> None:
        """A line of an open fence or HTML block."""
        if leaf.kind == "fence":
            m = FENCE.match(s.rest().lstrip(" \t")) if s.indent() <= 3 else None
            leaf.cols.append(s.pos)
            char, size = leaf.fence
            if (
                m
                and m.group(1)[0] == char
                and len(m.group(1)) >= size
                and not m.group(2).strip(" \t")
            ):
                self.close()
            return
        if leaf.end in (6, 7) and s.blank():
            self.close()
            return
        leaf.cols.append(s.pos)
        if leaf.end not in (6, 7) and HTML_ENDS[leaf.end].search(s.rest()):
            self.close()

    def new_containers(self, s: Scan, n: int, in_para: bool) -> bool:
        # Past MAX_NESTING containers the rest of a line is text (markdown-it stops
        # nesting too): no writing nests that deep, and a hostile page would cost time
        # for every level on every line.
        while s.indent() < 4 and len(self.containers) < MAX_NESTING:
            if s.rest().lstrip(" \t").startswith(">"):
                self.close()
                _past_quote_marker(s)
                self.containers.append(_Container("quote", 0, n))
            elif not in_para and footnote(s):
                self.close()
                self.containers.append(_Container("footnote", FOOTNOTE_INDENT, n))
            else:
                item = list_item(s, in_para)
                if item is None:
                    break
                self.close()
                self.containers.append(_Container("item", item, n))
            in_para = False
        return in_para

    def new_leaf(self, s: Scan, n: int, in_para: bool, all_matched: bool) -> None:
        leaf = self.leaf
        ind = s.indent()
        stripped = s.rest().lstrip(" \t")
        col = s.pos + len(s.rest()) - len(stripped)
        if s.blank():
            if leaf is not None and leaf.kind == "indented":
                self.blank_after.append(n)
            else:
                self.close()
            return
        if ind >= 4 and not in_para:
            if leaf is not None and leaf.kind == "indented":
                leaf.cols.extend(column_pos(self.lines[b], 4) for b in self.blank_after)
            else:
                leaf = self.open("indented", n, 0)
                leaf.cols.clear()
            self.blank_after.clear()
            s.skip(4)
            leaf.cols.append(s.pos)
            return
        if leaf is not None and leaf.kind == "indented":
            self.close()
            leaf = None
        self.blank_after.clear()
        rest = stripped if ind < 4 else s.rest()
        m = FENCE.match(rest) if ind < 4 else None
        kind = html_start(rest, in_para) if ind < 4 else 0
        if ind < 4 and ATX.match(rest):
            self.open("heading", n, col).level = len(rest) - len(rest.lstrip("#"))
            self.close()
        elif m and not (m.group(1)[0] == "`" and "`" in m.group(2)):
            self.open("fence", n, col).fence = (m.group(1)[0], len(m.group(1)))
        elif kind:
            self.open("html", n, col).end = kind
            if kind not in (6, 7) and HTML_ENDS[kind].search(rest[1:] if kind == 4 else rest):
                self.close()
        elif (
            leaf is not None
            and in_para
            and all_matched
            and table_start(self.lines[leaf.start + len(leaf.cols) - 1][leaf.cols[-1] :], s.rest())
        ):
            header = leaf.cols.pop()  # the paragraph's last line heads the table
            self.close() if leaf.cols else setattr(self, "leaf", None)
            self.open("table", n - 1, header).cols.append(col)
        elif (
            leaf is not None
            and in_para
            and ind < 4
            and all_matched
            and SETEXT.match(rest)
            and definitions([self.lines[leaf.start + i][c:] for i, c in enumerate(leaf.cols)])
            < len(leaf.cols)
        ):
            leaf.cols.append(col)
            leaf.kind, leaf.level, leaf.setext = "heading", 1 if rest[0] == "=" else 2, True
            self.close()
        elif ind < 4 and HR.match(rest):
            self.open("hr", n, col)
            self.close()
        elif leaf is not None and in_para:
            leaf.cols.append(col)
        else:
            self.open("paragraph", n, col)


def _delimiter_like(line: str, leaf: _Leaf | None) -> bool:
    """Could this line be a table's delimiter row under the paragraph? (The slow path
    decides.)"""
    return leaf is not None and line[0] in "|:" and "-" in line


def _past_quote_marker(s: Scan) -> None:
    s.skip_spaces()
    s.pos, s.col = s.pos + 1, s.col + 1
    if s.indent() >= 1:
        s.skip(1)


@functools.lru_cache(maxsize=4)
def blocks(text: str, front_matter: bool = True) -> tuple[Block, ...]:
    """The leaf blocks of the draft after its front matter (if it may have one), in
    order. The last few texts' blocks are kept: a check reads one draft's blocks for
    its prose, its titles and its comments."""
    lines = text.split("\n")
    reader = _Reader(lines)
    plain = _PLAIN.match
    for n in range(block_end(lines)[1] if front_matter else 0, len(lines)):
        leaf = reader.leaf
        if not reader.containers and (leaf is None or leaf.kind == "paragraph"):
            line = lines[n]  # the common case, without a call: paragraph text, or a gap
            if not line:
                reader.close()
                continue
            if plain(line) and not (leaf is not None and line[0] in "|:" and "-" in line):
                if leaf is None:
                    reader.open("paragraph", n, 0)
                else:
                    leaf.cols.append(0)
                continue
        reader.line(n)
    reader.close(at_end=True)
    return tuple(reader.out)
