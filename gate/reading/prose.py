"""What in a markdown draft is the author's prose, as a reader of the rendered page sees it.

Prose is the text of paragraphs and headings (gate.reading.markdown finds them as CommonMark
does). Not prose: front matter, code blocks and code spans, HTML blocks, HTML comments
and tags, link destinations, Liquid and Hugo template tags (`{% %}`, `{{ }}`, `{{< >}}`,
`{{% %}}`) and what paired code tags hold (`{% highlight %}`, `{{< code >}}`...).
Optionally (ai-tells leaves them out by default) not prose either: block quotes (words
quoted from someone else, admonitions) and link and image text. Every function keeps
the draft's lines and columns: only characters change, to spaces.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Literal

from receipt_gate.base import lazyre
from receipt_gate.reading.blocksyntax import cell_ends, label, references
from receipt_gate.reading.htmlblocks import (
    LOWER_DECLARATION,
    SHOWN_HTML,
    unshown,
)
from receipt_gate.reading.inline import COMMENT as _COMMENT
from receipt_gate.reading.inline import STRICT_COMMENT, blanked
from receipt_gate.reading.inline import TEMPLATE as _TEMPLATE
from receipt_gate.reading.inline import blank as _blank
from receipt_gate.reading.inline import spans as _spans
from receipt_gate.reading.inline import sub_blank as _sub_blank
from receipt_gate.reading.kramdown import loose_definitions, opens_item, python_markdown_code
from receipt_gate.reading.markdown import Block, blocks
from receipt_gate.reading.templatetags import OUTPUT, blank_pairs, printed_tag

# (a run of blanks tried from its first only: from each of its blanks, 95 KB of them
# before a word took 19 s)
_HARD_BREAK = lazyre.compile(r"(?<! ) {2,}$|\\$|<br\s*/?>", re.IGNORECASE | re.MULTILINE)


def _outside_code(text: str, kinds: tuple[str, ...] = ()) -> str:
    """The text with front matter, every block (paragraphs, headings, tables, code,
    HTML) and comments blanked: what is left is where link reference definitions are,
    as the block scanner found them (not a line inside a paragraph, not one with text
    after its title). With `kinds`, only blocks of those kinds are blanked."""
    from receipt_gate.reading.frontmatter import block_end

    lines = text.split("\n")
    hidden = set(range(block_end(lines)[1]))
    for b in blocks(text):
        if not kinds or b.kind in kinds:
            hidden.update(range(b.start, b.end))
    return _sub_blank(_COMMENT, "\n".join("" if i in hidden else ln for i, ln in enumerate(lines)))


def hide_templates(text: str) -> str:
    """The text with HTML comments and template tags (`{% %}`, `{{ }}`) blanked."""
    return _sub_blank(_TEMPLATE, _sub_blank(_COMMENT, text))


# GFM's task list item: a list item's paragraph that opens with a box and a blank.
_TASK = lazyre.compile(r"\[[ xX]\](?=[ \t]|$)")
_ITEM = lazyre.compile(r"(?:[-+*]|[0-9]{1,9}[.)])[ \t]+$")


def _text_blocks(
    text: str, wide: bool = False, fences: bool = False
) -> tuple[list[str], list[Block]]:
    """The draft's lines with only paragraph and heading text left (container markers,
    code, HTML and front matter blanked; with `wide`, the text of HTML blocks a reader
    sees, its tags for the reader's view to take out, and a fence that never closes;
    with `fences` too, a fence Python-Markdown reads as text, and every indented code
    block: renderers disagree on what indentation makes code), and those blocks."""
    lines = text.split("\n")
    out = [" " * len(line) for line in lines]
    kept = []
    found = blocks(text)
    for b in found:
        shown = (
            b.kind in ("paragraph", "heading", "table")
            or (
                wide
                and (
                    b.unclosed
                    or b.kind == "html"
                    or (b.kind == "code" and b.listed and opens_item(lines[b.start], b.cols[0]))
                    or (fences and b.fenced and not python_markdown_code(lines, b.start))
                    or (
                        # An indented block: code to CommonMark, a paragraph to Eleventy
                        # (markdown-it with indented code off, its default since 2.0) and,
                        # in a list item, inside an HTML element that spans blank lines or
                        # under an admonition, to Python-Markdown (MkDocs); read as text too.
                        fences and b.kind == "code" and not b.fenced
                    )
                )
            )
            or (
                b.kind == "html"
                and b.html == 4
                and LOWER_DECLARATION.match(lines[b.start], b.cols[0])
            )
        )
        if not shown:
            continue
        kept.append(b)
        for i, col in zip(range(b.start, b.end), b.cols, strict=True):
            out[i] = " " * col + lines[i][col:]
        if b.kind == "html" and b.html not in SHOWN_HTML:
            out[b.start : b.end] = unshown("\n".join(out[b.start : b.end])).split("\n")
        if b.kind == "table" and not wide:  # cells past the header's: GFM drops them
            # (kramdown shows them: a wide reading keeps them)
            n = len(cell_ends(lines[b.start][b.cols[0] :]))
            for i, col in zip(range(b.start + 2, b.end), b.cols[2:], strict=False):
                ends = cell_ends(lines[i][col:])
                if len(ends) > n:
                    cut = col + ends[n - 1]
                    out[i] = out[i][:cut] + " " * (len(out[i]) - cut)
        elif (
            b.listed
            and (m := _TASK.match(lines[b.start], b.cols[0]))
            and _ITEM.search(lines[b.start], 0, b.cols[0])
        ):  # a task list item's box: no text
            out[b.start] = out[b.start][: m.start()] + "   " + out[b.start][m.end() :]
    if wide and "]:" in text:
        loose_definitions(lines, out, {i for b in found for i in range(b.start, b.end)})
    return out, kept


_DELIMITERS = lazyre.compile(r"\{\{[<%]?-?|-?[>%]?\}\}|\{%-?|-?%\}")


def _templates(block: str, how: str) -> str:
    """Template tags as `how` reads them: "blank" (their own text, not prose), "join"
    (gone without a trace: an empty tag inside a word leaves it whole) or "open" (a
    string a tag prints is text a reader reads: an output tag as the string literals it
    prints, in order, the rest gone without a trace (see printed_tag); another tag with
    its delimiters out, what it holds kept, `{{< x "In conclusion" >}}`)."""
    if how == "blank":
        return _sub_blank(_TEMPLATE, block)
    if how == "join":
        return _sub_blank(_TEMPLATE, block, "\0")
    return _sub_blank(
        _TEMPLATE,
        block,
        repl=lambda m: (
            printed_tag(m)
            if OUTPUT.match(m.group())
            else _DELIMITERS.sub(lambda d: " " * len(d.group()), m.group())
        ),
    )


_NOTE = lazyre.compile(r"\[\^((?:[^\]\s\\]|\\.){1,999})\](?!:)")
# A footnote definition at a line's start, inside quotes and list items at most.
_NOTE_DEF = lazyre.compile(
    r"^(?:[ \t]*>|[ \t]*(?:[-+*]|[0-9]{1,9}[.)])(?=[ \t]))*[ \t]{0,3}"
    r"\[\^((?:[^\]\s\\]|\\.)+)\]:",
    re.MULTILINE,
)


# kramdown's comment and nomarkdown extensions: `{::name attrs}` to `{:/name}` or the
# short `{:/}`, or `{::name attrs /}`. A comment is an HTML comment on the page; a
# nomarkdown block is raw output for the converters its `type` names (all, without one):
# on an HTML page only when that includes html.
_KRAMDOWN_OPEN = lazyre.compile(r"\{::(comment|nomarkdown)((?:\s[^}]*)?/?)\}")
_KRAMDOWN_CLOSE = {
    "comment": lazyre.compile(r"\{:/(?:comment)?\}"),
    "nomarkdown": lazyre.compile(r"\{:/(?:nomarkdown)?\}"),
}
_KRAMDOWN_TYPE = lazyre.compile(r"""\btype\s*=\s*["']?([^"'\s}]*)""")


def kramdown_extensions(block: str, masked: str | None = None) -> str:
    """The block with kramdown's comments (and nomarkdown blocks not for HTML) filled
    with NULs, and the delimiters of those for HTML, in one pass (a lazy regex over
    openings never closed was quadratic). The delimiters are looked for in `masked`, the
    block with its code spans (and more) blanked: `{::comment}` in code is code."""
    chars = list(block)
    raw, block = block, block if masked is None else masked

    def fill(start: int, end: int) -> None:
        for i in range(start, end):
            if chars[i] != "\n":
                chars[i] = "\0"

    at = 0
    opened: int | None = None  # where raw output opened an HTML comment not yet closed
    while (m := _KRAMDOWN_OPEN.search(block, at)) is not None:
        name, attrs = m.group(1), m.group(2)
        if attrs.rstrip().endswith("/"):
            fill(m.start(), m.end())
            at = m.end()
            continue
        close = _KRAMDOWN_CLOSE[name].search(block, m.end())
        if close is None:
            break  # never closed: kramdown reads it as text (and so every one after)
        kind = _KRAMDOWN_TYPE.search(attrs)
        if name == "comment" or (kind is not None and "html" not in kind.group(1).lower()):
            fill(m.start(), close.end())
        else:
            fill(m.start(), m.end())
            fill(close.start(), close.end())
            opened = _raw_comment(raw, m.end(), close.start(), opened, fill)
        at = close.end()
    if opened is not None:  # raw output opened a comment no raw output closes
        fill(opened, len(block))
    return "".join(chars)


def _raw_comment(
    block: str, start: int, end: int, opened: int | None, fill: Callable[[int, int], None]
) -> int | None:
    """A nomarkdown block's raw output may open an HTML comment that runs on past it,
    over the page's text, to a `-->` of later raw output (text's own `-->` is escaped):
    `{::nomarkdown}<!--{:/}` ... `{::nomarkdown}-->{:/}`. What it hides is filled;
    where one is still open after this block is returned."""
    pos = start
    while pos < end:
        if opened is None:
            at = block.find("<!--", pos, end)
            if at < 0:
                return None
            opened, pos = at, at + 4
        else:
            at = block.find("-->", pos, end)
            if at < 0:
                return opened
            fill(opened, at + 3)
            opened, pos = None, at + 3
    return opened


# What kramdown prints nothing for: its options extension, and an attribute list right
# after a span (`*con*{: .x}clusion` shows "conclusion").
_KRAMDOWN_NOTHING = lazyre.compile(
    r"\{::options(?:\s[^}]{0,500})?/\}"
    r"|(?<=[*_`)\]>])\{:(?![:/])[^}\n]{0,500}\}"
)


def _inline(
    block: str,
    links: bool,
    templates: str = "blank",
    defined: dict[str, str] | None = None,
    notes: frozenset[str] = frozenset(),
    cells: bool = False,
    code: bool | Callable[[str], bool] = False,
) -> str:
    """A block's text with what is not prose blanked: code spans, comments, template
    tags (as `templates` says), link destinations (and, without `links`,
    link and image text; a reference to a label `defined` lacks is no link). Inline
    HTML tags are left for the reader's view to take out without a trace
    (`con<b>clu</b>sion` reads as one word). A reference to a footnote the draft has
    (`[^1]`) is no prose: the page shows a number of its own there. Emphasis and
    strike marks become NULs (`cells`: the block is a table, each cell on its own)."""
    from receipt_gate.reading.emphasis import block_marks

    marks = block_marks(block, defined, cells) if any(c in block for c in "*_~") else []
    raw = block
    # A comment is filled with NULs, not spaces: the reader's view drops them, so a
    # comment inside a word (`d<!-- -->ive`) leaves the word whole, as a renderer does.
    block = _sub_blank(STRICT_COMMENT, block, "\0")
    if "{::" in block:  # kramdown's comment (an HTML comment on the page), and the
        # delimiters of its raw HTML (what they hold is on the page as HTML)
        block = kramdown_extensions(block, blanked(block, _spans(block)))
    if "{:" in block:
        block = _sub_blank(_KRAMDOWN_NOTHING, block, "\0")
    if "<" in block and "\n" in block:  # raw HTML across the block's lines: the same
        from receipt_gate.reading.reader import BLOCK_HTML

        block = BLOCK_HTML.sub(
            lambda m: re.sub(r"[^\n]", "\0", m.group()) if "\n" in m.group() else m.group(), block
        )
    block = _templates(block, templates)
    pieces, pos = [], 0
    for start, end in _spans(block):  # (with `code`, a span's words are the sentence's;
        span = block[start:end]  # a test of its text: those it passes)
        shown = code(span.strip("`")) if callable(code) else code
        pieces += [
            block[pos:start],
            _blank(span)
            if not shown
            else re.sub(r"^`+|`+$", lambda t: "\0" * len(t.group()), span),
        ]
        pos = end
    pieces.append(block[pos:])
    block = "".join(pieces)  # autolinks stay: a reader sees what they hold
    if notes and "[^" in block:
        block = _NOTE.sub(
            lambda m: _blank(m.group()) if label(m.group(1)) in notes else m.group(), block
        )
    if "](" in block or ("]" in block and defined):
        block = _links(block, links, defined=defined, raw=raw)
    if marks:  # emphasis marks still there: NULs, which the reader's view drops
        chars = list(block)
        for k in marks:
            if chars[k] in "*_~":
                chars[k] = "\0"
        block = "".join(chars)
    return block


_SCHEME = lazyre.compile(r"[A-Za-z][A-Za-z0-9+.-]*:")


def is_source(dest: str) -> bool:
    """Does a link destination name a page (an http(s) URL with a host, or a path of the
    site)? Not this very page (`#top`, `?x=1`, empty, `.`), not another scheme
    (`javascript:`, `mailto:`)."""
    dest = dest.strip().strip("<>")
    if _SCHEME.match(dest):
        return bool(re.match(r"https?://[^/\s?#]+", dest))
    path = re.split(r"[?#]", dest, maxsplit=1)[0]
    return path not in ("", ".", "./", "..", "../")


def _links(
    block: str,
    keep_text: bool,
    sourced: dict[str, str] | None = None,
    defined: Mapping[str, str] | None = None,
    raw: str | None = None,
) -> str:
    """Blank link destinations and brackets; without keep_text, link text too; images
    whole (their text is an attribute, not shown). A reference counts only to a label
    `defined` (or `sourced`) holds. With `sourced` (the draft's reference definitions),
    only links that point somewhere (not `#...` alone, not empty)."""
    from receipt_gate.reading.links import find

    out = list(block)
    for link in find(block, sourced if sourced is not None else defined or {}, raw):
        if sourced is not None:
            dest = link.dest if link.dest is not None else sourced[link.label]
            if not is_source(dest):
                continue
        a, b = link.text
        # Around a link's text that is kept, the markup is dropped without a trace
        # (`I[n](#) conclusion` shows "In conclusion"); a link or image left out is a gap.
        mark = "\0" if keep_text and not link.image else " "
        for j in range(link.start, link.end):
            if out[j] != "\n" and (link.image or not keep_text or not a <= j < b):
                out[j] = mark
    return "".join(out)


def _apply(out: list[str], kept: list[Block], fn: Callable[[str, Block], str]) -> None:
    """Run fn on each block that holds anything inline markup starts with; on each cell
    of a table (GFM reads each cell's inlines on its own: no comment, code span or link
    runs from one into the next)."""
    for b in kept:
        block = "\n".join(out[b.start : b.end])
        if not any(c in block for c in _INLINE_STARTS):
            continue
        if b.kind == "table":
            for i in range(b.start, b.end):
                row, start, pieces = out[i], 0, []
                for end in cell_ends(row):
                    cell = row[start:end]
                    plain = not any(c in cell for c in _INLINE_STARTS)
                    pieces += [cell if plain else fn(cell, b), row[end : end + 1]]
                    start = end + 1
                out[i] = "".join(pieces) + row[start:]
            continue
        changed = fn(block, b)
        if changed != block:
            out[b.start : b.end] = changed.split("\n")


_INLINE_STARTS = "`<{[*_~"

# Pairs whose content no reader sees as prose: code, comments. A raw pair (`{% raw %}`,
# `{% verbatim %}`) only keeps Liquid or Nunjucks from reading what it holds: the page
# prints it, and markdown renders it (a paragraph in it is a paragraph), so it is read.
CODE_PAIRS = frozenset(
    {
        "highlight",
        "comment",
        "code",
        "code-toggle",
        "datatable",
        "codeblock",
        "code-block",
        "snippet",
        "prism",
        "syntax",
    }
)


def has_templates(text: str) -> bool:
    return "{" in text and ("{%" in text or "{{" in text)


def _mostly(out: list[str], kept: list[Block], theirs: frozenset[int]) -> bool:
    """Do quotes of someone else hold more of the page's prose than its own words do?
    (A draft that wraps its words in a quotation's shape is still the author's.)"""
    quoted = own = 0
    for b in kept:
        size = sum(len(line.strip()) for line in out[b.start : b.end])
        if b.quoted and b.start in theirs:
            quoted += size
        else:
            own += size
    return quoted > own


def prose_lines(
    text: str,
    quotes: bool | Literal["own"] = True,
    links: bool = True,
    templates: str = "blank",
    wide: bool = False,
    code: bool | Callable[[str], bool] = False,
    fences: bool = False,
) -> list[str]:
    """The draft's lines with everything that is not prose replaced by spaces.
    `templates`: how template tags read (see _templates; "blank" by default). `wide`:
    what some renderer shows as text is prose too: the text of HTML blocks, and the
    lines of a code fence that never closes (kramdown reads them as paragraphs); and
    with `fences`, a fence Python-Markdown (MkDocs) reads as text: its words, which a
    page shows, not its numbers, which are code to a reader of the others. `quotes`:
    "own" reads the block quotes that are the page's own words, not those that quote
    someone else (gate.reading.quoting)."""
    out, kept = _text_blocks(text, wide, fences)
    if "{::" in text:  # a kramdown comment over blank lines, read across the blocks
        from receipt_gate.reading.masking import without_code

        out = kramdown_extensions("\n".join(out), without_code(text)).split("\n")
    if quotes is not True and any(b.quoted for b in kept):
        from receipt_gate.reading.quoting import others

        theirs = others(text, blocks(text)) if quotes == "own" else None
        if theirs and _mostly(out, kept, theirs):
            theirs = frozenset()  # a page that is mostly quotation is read whole
        for b in kept:
            if b.quoted and (theirs is None or b.start in theirs):
                out[b.start : b.end] = [" " * len(line) for line in out[b.start : b.end]]
        kept = [b for b in kept if not b.quoted or (theirs is not None and b.start not in theirs)]
    whole = "\n".join(out)
    if has_templates(whole):
        out = blank_pairs(whole, CODE_PAIRS, "\0" if templates == "join" else " ").split("\n")
    if any(c in whole for c in _INLINE_STARTS):
        bare = _outside_code(text) if "]:" in text else ""  # link definitions
        defined = references(bare) if bare else None
        notes = (
            frozenset(
                label(m.group(1)) for m in _NOTE_DEF.finditer(_outside_code(text, ("code", "html")))
            )
            if "[^" in text
            else frozenset()
        )
        _apply(
            out,
            kept,
            lambda block, b: _inline(
                block, links, templates, defined, notes, b.kind == "table", code
            ),
        )
    return out
