"""What in a markdown draft is the author's prose, as a reader of the rendered page sees it.

Prose is the text of paragraphs and headings (gate.markdown finds them as CommonMark
does). Not prose: front matter, code blocks and code spans, HTML blocks, HTML comments
and tags, link destinations, Liquid and Hugo template tags (`{% %}`, `{{ }}`, `{{< >}}`,
`{{% %}}`) and what paired code tags hold (`{% highlight %}`, `{{< code >}}`...).
Optionally (ai-tells leaves them out by default) not prose either: block quotes (words
quoted from someone else, admonitions) and link and image text. Every function keeps
the draft's lines and columns: only characters change, to spaces.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import NamedTuple

from receipt_gate.blocksyntax import label, references
from receipt_gate.markdown import Block, blocks
from receipt_gate.templatetags import blank_pairs

_BACKTICKS = re.compile(r"`+")
_TICKS_OR_TAGS = re.compile(r"`+|</?[A-Za-z][A-Za-z0-9-]*(?:\s(?:[^<>\"']|\"[^\"]*\"|'[^']*')*)?/?>"
                            r"|<[a-zA-Z][a-zA-Z0-9+.-]{1,31}:[^<>\s]*>")
_COMMENT = re.compile(r"<!--.*?-->", re.DOTALL)
_TEMPLATE = re.compile(r"\{%.*?%\}|\{\{.*?\}\}", re.DOTALL)
_AUTOLINK = re.compile(r"<[a-zA-Z][a-zA-Z0-9+.-]{1,31}:[^<>\s]*>")
_LINK_END = re.compile(r"\]\(\s*(?:<[^>\n]*>|[^\s()]*(?:\([^\s()]*\)[^\s()]*)*)"
                       r"(?:\s+(?:\"[^\"]*\"|'[^']*'|\([^)]*\)))?\s*\)|\]\[[^\]\n]*\]")
# The marks that close what each pattern matches: a match can only end at or before the
# last of them, so a pattern is tried no further (an opening never closed is text, and
# trying each of many to the end of the text would take quadratic time).
_CLOSERS = {_COMMENT.pattern: ("-->",), _TEMPLATE.pattern: ("%}", "}}")}
_HARD_BREAK = re.compile(r"(?: {2,}|\\)$|<br\s*/?>", re.IGNORECASE | re.MULTILINE)


def _blank(s: str) -> str:
    return re.sub(r"[^\n]", " ", s)


def _sub_blank(rx: re.Pattern[str], text: str, fill: str = " ") -> str:
    end = max((text.rfind(c) + len(c) for c in _CLOSERS.get(rx.pattern, ()) if c in text),
              default=len(text) if rx.pattern not in _CLOSERS else 0)
    if end <= 0:
        return text
    head = rx.sub(lambda m: re.sub(r"[^\n]", fill, m.group()), text[:end])
    return head + text[end:] if end < len(text) else head


def _spans(block: str) -> list[tuple[int, int]]:
    """(start, end) of each code span in a block's text."""
    spans: list[tuple[int, int]] = []
    pos = 0
    for m in (_TICKS_OR_TAGS if "<" in block else _BACKTICKS).finditer(block):
        if m.start() < pos or _escaped(block, m.start()):
            continue
        if m.group()[0] == "<":  # an HTML tag or an autolink that starts first: its
            pos = m.end()  # backticks open no code span (CommonMark's precedence)
            continue
        n = len(m.group())
        close = re.compile(rf"(?<!`)`{{{n}}}(?!`)").search(block, m.end())
        if close is not None:
            spans.append((m.start(), close.end()))
            pos = close.end()
    return spans


def _outside_code(text: str) -> str:
    """The text with front matter, code blocks, HTML blocks and comments blanked: where
    a link reference definition can be."""
    from receipt_gate.frontmatter import block_end

    lines = text.split("\n")
    hidden = set(range(block_end(lines)[1]))
    for b in blocks(text):
        if b.kind in ("code", "html"):
            hidden.update(range(b.start, b.end))
    return _sub_blank(_COMMENT, "\n".join("" if i in hidden else ln
                                          for i, ln in enumerate(lines)))


def hide_templates(text: str) -> str:
    """The text with HTML comments and template tags (`{% %}`, `{{ }}`) blanked."""
    return _sub_blank(_TEMPLATE, _sub_blank(_COMMENT, text))


def _escaped(text: str, i: int) -> bool:
    """Is the character at i escaped: an odd run of backslashes before it (`\\\\` is a
    backslash, and the backtick after it opens a code span)."""
    run = i
    while run > 0 and text[run - 1] == "\\":
        run -= 1
    return (i - run) % 2 == 1


def _text_blocks(text: str) -> tuple[list[str], list[Block]]:
    """The draft's lines with only paragraph and heading text left (container markers,
    code, HTML and front matter blanked), and those blocks."""
    lines = text.split("\n")
    out = [" " * len(line) for line in lines]
    kept = []
    for b in blocks(text):
        if b.kind not in ("paragraph", "heading"):
            continue
        kept.append(b)
        for i, col in zip(range(b.start, b.end), b.cols, strict=True):
            out[i] = " " * col + lines[i][col:]
    return out, kept


def _inline(block: str, links: bool) -> str:
    """A block's text with what is not prose blanked: code spans, comments, template
    tags, autolinks, link destinations (and, without `links`, link and image text).
    Inline HTML tags are left for the reader's view to take out without a trace
    (`con<b>clu</b>sion` reads as one word)."""
    # A comment is filled with NULs, not spaces: the reader's view drops them, so a
    # comment inside a word (`d<!-- -->ive`) leaves the word whole, as a renderer does.
    block = _sub_blank(_COMMENT, block, "\0")
    block = _sub_blank(_TEMPLATE, block)
    pieces, pos = [], 0
    for start, end in _spans(block):
        pieces += [block[pos:start], _blank(block[start:end])]
        pos = end
    pieces.append(block[pos:])
    block = _sub_blank(_AUTOLINK, "".join(pieces))
    if "](" in block or "][" in block:
        block = _links(block, links)
    return block


def _links(block: str, keep_text: bool, sourced: dict[str, str] | None = None) -> str:
    """Blank link destinations and brackets; without keep_text, link text too. With
    `sourced` (the draft's reference definitions), only links that point somewhere (not
    `#...` alone, not empty; a reference link only to a label the draft defines)."""
    out = list(block)
    for m in _LINK_END.finditer(block):
        close = m.start()
        if sourced is not None and m.group().startswith("](") and re.fullmatch(
                r"\]\(\s*<?(?:[#?][^\s)>]*)?>?(?:\s+[\"'(].*)?\s*\)", m.group(), re.DOTALL):
            continue
        depth, i = 0, close - 1
        while i >= 0:  # back to the matching [
            if block[i] == "]" and (i == 0 or block[i - 1] != "\\"):
                depth += 1
            elif block[i] == "[" and (i == 0 or block[i - 1] != "\\"):
                if depth == 0:
                    break
                depth -= 1
            i -= 1
        if i < 0:
            continue
        if sourced is not None and m.group().startswith("]["):
            dest = sourced.get(label(m.group()[2:-1] or block[i + 1:close]))
            if dest is None or re.fullmatch(r"[#?]\S*|", dest):
                continue  # no such definition: not a link; or one to this very page
        image = i > 0 and block[i - 1] == "!"
        first = i - 1 if image else i
        last = m.end()
        for j in range(first, last):
            inside_text = i < j < close
            if (inside_text and keep_text and not image) or out[j] == "\n":
                continue
            out[j] = " "
    return "".join(out)


def _apply(out: list[str], kept: list[Block], fn: Callable[[str], str]) -> None:
    """Run fn on each block that holds anything inline markup starts with."""
    for b in kept:
        block = "\n".join(out[b.start:b.end])
        if "`" not in block and "<" not in block and "{" not in block and "[" not in block:
            continue
        changed = fn(block)
        if changed != block:
            out[b.start:b.end] = changed.split("\n")


def prose_lines(text: str, quotes: bool = True, links: bool = True) -> list[str]:
    """The draft's lines with everything that is not prose replaced by spaces."""
    out, kept = _text_blocks(text)
    if not quotes:
        for b in kept:
            if b.quoted:
                out[b.start:b.end] = [" " * len(line) for line in out[b.start:b.end]]
        kept = [b for b in kept if not b.quoted]
    whole = "\n".join(out)
    if "{" in whole and ("{%" in whole or "{{" in whole):
        out = blank_pairs(whole).split("\n")
    if any(c in whole for c in "`<{[") or "](" in whole:
        _apply(out, kept, lambda block: _inline(block, links))
    return out


_HTML_CODE = re.compile(r"<code(?:\s[^<>]*)?>(.*?)</code\s*>", re.IGNORECASE | re.DOTALL)


def code_spans(text: str, linked: bool = True) -> list[tuple[int, int, str]]:
    """Each inline code span (and HTML <code> element) in the draft's paragraphs and
    headings: (line, col, content), 1-based; without `linked`, not those that are a
    link's text (the link is where the name is documented; a link to nowhere, `#` or
    empty, documents nothing)."""
    out, kept = _text_blocks(text)
    found = []
    refs = None if linked else references(_outside_code(text))
    for b in kept:
        block = _sub_blank(_COMMENT, "\n".join(out[b.start:b.end]))
        unlinked = block if linked or ("](" not in block and "][" not in block) else _links(
            block, False, sourced=refs)
        spans = [(s, e, len(block[s:e]) - len(block[s:e].lstrip("`"))) for s, e in
                 _spans(block)]
        if "<" in block:
            taken = [(s, e) for s, e, _ in spans]
            spans += [(m.start(), m.end(), m.start(1) - m.start())
                      for m in _HTML_CODE.finditer(block)
                      if not any(s <= m.start() < e for s, e in taken)]
            spans.sort()
        for start, end, mark in spans:
            if unlinked[start:end].isspace():
                continue
            span = block[start:end]
            tail = mark if span.startswith("`") else len(span) - span.lower().rfind("</code")
            content = span[mark:len(span) - tail].replace("\n", " ").strip()
            if not span.startswith("`"):  # an HTML element: its tags out, entities read
                import html

                content = html.unescape(re.sub(r"<[^<>]*>", "", content)).strip()
            before = block[:start]
            col = start - (before.rfind("\n") + 1) + 1
            found.append((b.start + before.count("\n") + 1, col, content))
    return found


class Opening(NamedTuple):
    line: int  # 1-based
    text: str  # as rendered: markup out, white space collapsed
    lines: int  # lines as rendered: 1, and one more for each hard line break


def opening_paragraph(text: str) -> Opening | None:
    """The first paragraph of the author's prose: not a heading, code, HTML, a quote or
    an admonition, a list, or a line of template tags alone."""
    from receipt_gate.reading import reader_view

    out = prose_lines(text)
    for b in blocks(text):
        if b.kind != "paragraph" or b.quoted or b.listed:
            continue
        body = "\n".join(out[b.start:b.end])
        shown = " ".join(reader_view(body).text.split())
        if shown:
            raw = "\n".join(text.split("\n")[b.start:b.end])
            return Opening(b.start + 1, shown, 1 + len(_HARD_BREAK.findall(raw.rstrip())))
    return None


def reader_paragraphs(text: str) -> list[str]:
    """Each paragraph and heading as a reader reads it (code spans kept, markup in place),
    nothing from front matter, code blocks, HTML or comments."""
    out, kept = _text_blocks(text)
    return [_sub_blank(_TEMPLATE, _sub_blank(_COMMENT, "\n".join(out[b.start:b.end])))
            for b in kept]


class Title(NamedTuple):
    line: int  # 1-based
    col: int
    text: str
    heading: tuple[int, int] = (0, 0)  # the heading's lines (0-based, end excluded), if one


def titles(text: str, path: str, fields: Sequence[str] = ("title",)) -> list[Title]:
    """The draft's titles as a reader sees them: the front matter's title fields (`title`,
    or others: `newstitle`), and the first level-1 heading (ATX `#` or setext `===`)."""
    from receipt_gate.frontmatter import read

    found = []
    fm = read(text, path)
    lines = text.split("\n")
    for field in fields:
        title = fm.text(field)
        if title is None:
            continue
        n = fm.lines.get(field, 1)
        source = lines[n - 1] if n <= len(lines) else ""
        col = source.find(title) + 1 if "\n" not in title and title in source else 1
        found.append(Title(n, col, title))
    for b in blocks(text):
        if b.kind == "heading" and b.level == 1:
            first = lines[b.start][b.cols[0]:]
            if first.lstrip().startswith("#"):
                body = re.sub(r"^#+[ \t]*|[ \t]+#+[ \t]*$|^#+$", "", first.strip())
                col = b.cols[0] + lines[b.start][b.cols[0]:].find(body) + 1 if body else 1
            else:  # setext: the lines above the ===
                body = " ".join(lines[i][c:].strip() for i, c in
                                zip(range(b.start, b.end - 1), b.cols, strict=False))
                col = b.cols[0] + 1
            if body:
                found.append(Title(b.start + 1, col, body, (b.start, b.end)))
            break
    return found
