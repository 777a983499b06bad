"""The parts of a page a check reads beyond its prose: its titles (the front matter's
title fields, the first level-1 heading), its opening paragraph, its inline code
spans, and its paragraphs as a reader reads them (what a model's quote must be in).
Built on gate.reading.prose, so each part is read as a renderer shows it."""

from __future__ import annotations

import bisect
import re
from collections.abc import Sequence
from typing import NamedTuple

from receipt_gate.base import lazyre
from receipt_gate.reading.blocksyntax import references
from receipt_gate.reading.inline import COMMENT as _COMMENT
from receipt_gate.reading.inline import TEMPLATE as _TEMPLATE
from receipt_gate.reading.inline import spans as _spans
from receipt_gate.reading.inline import sub_blank as _sub_blank
from receipt_gate.reading.markdown import blocks
from receipt_gate.reading.prose import (
    _HARD_BREAK,
    _links,
    _outside_code,
    _text_blocks,
    prose_lines,
)

# The HTML elements a page shows as code, a key or a program's output: an opening tag,
# to the first closing tag of its name after it (found as _html_code() says).
_HTML_CODE_OPEN = lazyre.compile(r"<(code|kbd|samp|tt|var)(?:\s[^<>]*)?>", re.IGNORECASE)
_HTML_CODE_CLOSE = lazyre.compile(r"</(code|kbd|samp|tt|var)\s*>", re.IGNORECASE)


def _html_code(block: str) -> list[tuple[int, int, int]]:
    """(start, end, where its text starts) of each HTML code element, as the expression
    `<(code|...)...>(.*?)</\\1\\s*>` would find them, in linear time: every closing tag
    is found once, and each opening takes the first of its name after it (tried one by
    one, an opening never closed scanned to the end each time)."""
    closers: dict[str, list[tuple[int, int]]] = {}
    for m in _HTML_CODE_CLOSE.finditer(block):
        closers.setdefault(m.group(1).lower(), []).append((m.start(), m.end()))
    out, pos = [], 0
    for m in _HTML_CODE_OPEN.finditer(block):
        if m.start() < pos:
            continue
        ends = closers.get(m.group(1).lower(), [])
        i = bisect.bisect_left(ends, (m.end(), -1))
        if i < len(ends):
            out.append((m.start(), ends[i][1], m.end() - m.start()))
            pos = ends[i][1]
    return out


def _inside(spans: Sequence[tuple[int, int, int]], at: int) -> bool:
    """Is this offset inside one of these spans (in order, none overlapping)?"""
    i = bisect.bisect_right(spans, (at, float("inf"))) - 1
    return i >= 0 and at < spans[i][1]


def code_spans(text: str, linked: bool = True) -> list[tuple[int, int, str]]:
    """Each inline code span (and HTML <code> element) in the draft's paragraphs and
    headings: (line, col, content), 1-based; without `linked`, not those that are a
    link's text (the link is where the name is documented; a link to nowhere, `#` or
    empty, documents nothing)."""
    out, kept = _text_blocks(text)
    found = []
    refs = None if linked else references(_outside_code(text))
    for b in kept:
        block = _sub_blank(_COMMENT, "\n".join(out[b.start : b.end]))
        unlinked = (
            block
            if linked or ("](" not in block and "][" not in block)
            else _links(block, False, sourced=refs)
        )
        spans = [(s, e, len(block[s:e]) - len(block[s:e].lstrip("`"))) for s, e in _spans(block)]
        if "<" in block:
            spans = sorted([*spans, *(h for h in _html_code(block) if not _inside(spans, h[0]))])
        starts = [0, *(m.end() for m in re.finditer("\n", block))] if spans else [0]
        for start, end, mark in spans:
            if unlinked[start:end].isspace():
                continue
            span = block[start:end]
            tail = mark if span.startswith("`") else len(span) - span.rfind("</")
            content = span[mark : len(span) - tail].replace("\n", " ").strip()
            if not span.startswith("`"):  # an HTML element: its tags out, entities read
                import html

                content = html.unescape(re.sub(r"<[^<>]*>", "", content)).strip()
            line = bisect.bisect_right(starts, start)
            found.append((b.start + line, start - starts[line - 1] + 1, content))
    return found


class Opening(NamedTuple):
    line: int  # 1-based
    text: str  # as rendered: markup out, white space collapsed
    lines: int  # lines as rendered: 1, and one more for each hard line break


# An HTML block that is no opening paragraph when it comes first: a heading, a list, a
# table, a quote, a figure, a callout (a box the theme styles as a note).
_NOT_OPENING = lazyre.compile(
    r"\s*<(?:h[1-6]|ul|ol|dl|table|blockquote|figure|nav|aside|details|hr)\b"
    r"|\s*<div\b[^>]*\bclass=[\"']?[^\"'>]*\b(?:note|alert|warning|tip|admonition|callout"
    r"|info|caution|important)",
    re.IGNORECASE,
)
_BREAK_TAG = lazyre.compile(r"<br\s*/?>", re.IGNORECASE)


def opening_paragraph(text: str) -> Opening | None:
    """The first paragraph of the author's prose: not a heading, code, a quote or an
    admonition, a list, or a line of template tags alone. An HTML block that shows text
    first (`<p>...</p>`, a `<div>` of text) is the opening readers see: its text, tags
    out, is measured."""
    from receipt_gate.reading.reader import reader_view

    out = prose_lines(text)
    wide: list[str] | None = None
    lines = text.split("\n")  # (once: per block, a page of 6,000 blocks took seconds)
    for b in blocks(text):
        if b.quoted or b.listed or b.kind not in ("paragraph", "html"):
            continue
        raw = "\n".join(lines[b.start : b.end])
        if b.kind == "html":
            if _NOT_OPENING.match(raw):
                continue
            wide = wide if wide is not None else prose_lines(text, wide=True)
            part = _first_block("\n".join(wide[b.start : b.end]))
            body = re.sub(r"<[^<>]*>", " ", part)
            breaks = len(_BREAK_TAG.findall(part))
        else:
            body = "\n".join(out[b.start : b.end])
            breaks = len(_HARD_BREAK.findall(raw.rstrip()))
        shown = " ".join(reader_view(body, exact=True).text.split())
        if shown:
            return Opening(b.start + 1, shown, 1 + breaks)
    return None


# A tag that opens or closes a block of its own (a paragraph, a heading, a section...):
# an HTML block's text between two is one of its paragraphs.
_BLOCK_TAG = lazyre.compile(
    r"<(/?)(p|div|section|article|header|footer|main|aside|nav|h[1-6]|ul|ol|li|dl|dt|dd"
    r"|table|thead|tbody|tfoot|tr|td|th|caption|blockquote|pre|figure|figcaption|form"
    r"|fieldset|legend|details|summary|hr|address|center)\b[^<>]*>",
    re.IGNORECASE,
)


def _first_block(html: str) -> str:
    """An HTML block's first paragraph with text, not a heading's (round 93, the Jekyll
    docs' home page: its intro's sentence, then three sections' headings and paragraphs,
    were measured as one opening of 852 characters)."""
    at, heading = 0, 0
    for m in _BLOCK_TAG.finditer(html):
        part = html[at : m.start()]
        if not heading and re.sub(r"<[^<>]*>|&nbsp;|\s", "", part):
            return part
        name = m.group(2).lower()
        if name[0] == "h" and name[1:].isdigit():
            heading = max(0, heading + (-1 if m.group(1) else 1))
        at = m.end()
    return html[at:] if not heading else ""


def visible_paragraphs(
    text: str, unshown: frozenset[str] = frozenset(), drawn: bool = False, kept: bool = False
) -> list[str]:
    """Each paragraph and heading as a reader of the rendered page reads it: its visible
    text alone, as the reader's view gives it (markup, tags and comments out, entities
    decoded, look-alike letters folded), with code spans' text, link text, and nothing of
    attributes, link destinations and titles, images, template tags, or what a reader
    may not see (gate.reading.visible: a hidden or styled element, a template block, a
    styled block, a footnote nothing references). Nothing from front matter, code
    blocks or HTML blocks; nor the kinds `unshown` names (`link`: link text, `heading`,
    `blockquote`, which a site's own template prints as it likes; `footnote`, a
    definition a renderer with no footnotes reads as a link's). `drawn`: each line as a
    browser draws it (gate.reading.direction: right-to-left text reorders it; `kept`:
    with the marks of what may be hidden, see shown_directed)."""
    from receipt_gate.reading.reader import reader_view
    from receipt_gate.reading.visible import surely_seen

    def hide(page: str) -> str:
        return surely_seen(page, notes="footnote" not in unshown)

    if "passthrough" in unshown:  # (what its delimiters hold is math: no prose)
        text = _passed_through(text, unshown)
    seen = hide(text)
    opened_at = None
    if drawn:  # (each element's direction a control its tags leave in the prose)
        from receipt_gate.reading.direction import drawn_lines, open_at, shown_directed

        opened_at, seen = open_at(text), shown_directed(text, hide, kept)
    lines = prose_lines(seen, links="link" not in unshown, code=True)
    if drawn:
        shown = drawn_lines(lines, opened_at) or lines
        lines = [w if d is None else d for d, w in zip(shown, lines, strict=True)]
    _, blocks = _text_blocks(seen)
    return [
        reader_view("\n".join(lines[b.start : b.end]), raw=drawn).text  # (drawn: unfolded,
        # a right-to-left letter no look-alike Latin one)
        for b in blocks
        if not (b.kind == "heading" and "heading" in unshown)
        and not (b.quoted and "blockquote" in unshown)
        and not (b.kind == "table" and "table" in unshown)
    ]


def _passed_through(text: str, unshown: frozenset[str]) -> str:
    """The text with what each passthrough pair `unshown` names holds blanked (its line
    breaks kept), the longest delimiters first (`$$` before `$`)."""
    pairs = sorted(
        (k.split(" ")[1:3] for k in unshown if k.startswith("passthrough ") and k.count(" ") == 2),
        key=lambda pair: -len(pair[0]),
    )
    for opener, closer in pairs:
        rx = re.compile(re.escape(opener) + r"[\s\S]{1,4000}?" + re.escape(closer))
        text = rx.sub(lambda m: re.sub(r"[^\n]", " ", m.group()), text)
    return text


def reader_paragraphs(text: str) -> list[str]:
    """Each paragraph and heading as a reader reads it (code spans kept, markup in place),
    nothing from front matter, code blocks, HTML or comments."""
    out, kept = _text_blocks(text)
    return [
        _sub_blank(_TEMPLATE, _sub_blank(_COMMENT, "\n".join(out[b.start : b.end]))) for b in kept
    ]


class Title(NamedTuple):
    line: int  # 1-based
    col: int
    text: str
    heading: tuple[int, int] = (0, 0)  # the heading's lines (0-based, end excluded), if one
    span: tuple[int, int] = (0, 0)  # an HTML heading's characters (what of its lines it is)


def titles(text: str, path: str, fields: Sequence[str] = ("title",)) -> list[Title]:
    """The draft's titles as a reader sees them: the front matter's title fields (`title`,
    or others: `newstitle`), and every level-1 heading (ATX `#`, setext `===`, HTML
    `<h1>`): a page's headlines."""
    from receipt_gate.reading.frontmatter import read

    found = []
    fm = read(text, path)
    lines = text.split("\n")
    wanted = {f.lower() for f in fields}
    # A key in any case (Hugo's front matter keys are: `Title` is the title).
    for field in [k for k in fm.fields if k.lower() in wanted]:
        title = fm.text(field)
        if title is None:
            continue
        n = fm.lines.get(field, 1)
        source = lines[n - 1] if n <= len(lines) else ""
        col = source.find(title) + 1 if "\n" not in title and title in source else 1
        found.append(Title(n, col, title))
    org = path.lower().endswith(".org")
    if "{%" in text or "{{<" in text or "{{%" in text:  # (a code pair's `#` line is code,
        # a comment pair's is never printed: round 75)
        from receipt_gate.reading.templatetags import blank_pairs

        lines = blank_pairs(text, _CODE_PAIRS).split("\n")
    for b in () if org else blocks("\n".join(lines)):  # (Org's `# ` is a comment, `* `
        # its heading)
        if b.kind == "heading" and b.level == 1:
            first = lines[b.start][b.cols[0] :]
            if first.lstrip().startswith("#"):
                body = re.sub(r"^#+[ \t]*|[ \t]+#+[ \t]*$|^#+$", "", first.strip())
                col = b.cols[0] + lines[b.start][b.cols[0] :].find(body) + 1 if body else 1
            else:  # setext: the lines above the ===
                body = " ".join(
                    lines[i][c:].strip()
                    for i, c in zip(range(b.start, b.end - 1), b.cols, strict=False)
                )
                col = b.cols[0] + 1
            if body:
                found.append(Title(b.start + 1, col, body, (b.start, b.end)))
            if path.lower().endswith(_PLAIN):
                break  # (markdown's reading of another markup: its first heading alone)
    if "<h1" in text or "<H1" in text:
        found += _html_headlines(text, path)
    if org:  # go-org's title line
        for i, line in enumerate(lines):
            if m := _ORG_TITLE.match(line):
                found.append(Title(i + 1, m.start(1) + 1, m.group(1).strip(), (i, i + 1)))
    if not any(t.heading == (0, 0) for t in found) and (m := _JEKYLL_POST.search(path)):
        # A Jekyll post with no title is shown with the one its file name spells.
        found.append(Title(1, 1, m.group(1).replace("-", " ")))
    return found


# Pairs of template tags whose text a page shows as code (its markup is no element).
_CODE_PAIRS = frozenset(
    {"highlight", "codeblock", "code", "code-toggle", "code-block", "snippet", "prism"}
    | {"syntax", "datatable", "verbatim", "comment"}
)
_HEADING_NAMES = frozenset({"h1", "h2", "h3", "h4", "h5", "h6"})


def _html_headlines(text: str, path: str) -> list[Title]:
    """Each `<h1>` element a page shows (round 72: one in the body supported its own
    number), as a browser reads it (round 73): outside comments (HTML's, kramdown's),
    code (blocks, spans, a template's code pairs) and raw text (a script's, a
    template's), shown (not `hidden`, in a template or noscript: round 74), not escaped
    (`\\<h1>` is text), to the first heading tag after it, start or end (`</h2>` ends it;
    one never ended runs to the page's end); its text as written (a title's numbers are
    read as drawn: headline-numbers' _as_read). Its lines are the heading's."""
    from receipt_gate.reading.drawn import tags, unrendered
    from receipt_gate.reading.frontmatter import block_end
    from receipt_gate.reading.inline import within
    from receipt_gate.reading.prose import kramdown_extensions
    from receipt_gate.reading.templatetags import blank_pairs
    from receipt_gate.reading.visible import hidden_by_markup

    markdown = not path.lower().endswith(_HTML)
    lines = text.split("\n")
    head = block_end(lines)[1]  # (a front matter's `<h1` is a field's text, no element)
    at = sum(len(ln) + 1 for ln in lines[:head])
    shown = " " * at + unrendered(blank_pairs(text[at:], _CODE_PAIRS), markdown)
    if path.lower().endswith(".mdx") and "`" in shown:  # (MDX has no HTML blocks: a JSX
        # tag's lines are markdown, whose code spans hold no element; Astro's docs)
        from receipt_gate.reading.inline import blanked
        from receipt_gate.reading.inline import spans as code_spans

        shown = blanked(shown, code_spans(shown))
    if "{:" in shown:
        shown = kramdown_extensions(shown).replace("\0", " ")
    hidden = hidden_by_markup(shown)  # (`hidden`, a template, noscript: round 74)
    starts_hidden = [a for a, _ in hidden]
    spans: list[tuple[int, int, int]] = []  # (the start tag's start, its end, the h1's end)
    opened: tuple[int, int] | None = None
    for start, end, closing, name, _ in tags(shown):
        if name not in _HEADING_NAMES:
            continue
        if opened is not None:
            spans.append((*opened, start))
            opened = None
        escaped = markdown and _backslashes(shown, start) % 2 == 1
        if name == "h1" and not closing and not escaped:
            opened = (start, end)
    if opened is not None:
        spans.append((*opened, len(shown)))
    if not spans:
        return []
    starts = [0, *(m.end() for m in re.finditer("\n", text))]
    out = []
    for tag_start, inner_start, inner_end in spans:
        if within(tag_start, hidden, starts_hidden):
            continue  # (no reader sees it)
        words = " ".join(text[inner_start:inner_end].split())  # (read as a title is)
        line = bisect.bisect_right(starts, tag_start) - 1
        last = bisect.bisect_right(starts, max(tag_start, inner_end - 1)) - 1
        if words:
            col = tag_start - starts[line] + 1
            span = (tag_start, inner_end)
            out.append(Title(line + 1, col, words[:2000], (line, last + 1), span))
    return out


_HTML = (".html", ".htm", ".xhtml")


def _backslashes(text: str, at: int) -> int:
    """How many backslashes stand right before `at` (an odd number escapes it)."""
    n = 0
    while at - n > 0 and text[at - n - 1] == "\\":
        n += 1
    return n


_ORG_TITLE = lazyre.compile(r"#\+title:[ \t]*(\S.*)", re.IGNORECASE)
_JEKYLL_POST = lazyre.compile(r"(?:^|/)_posts/(?:[^/]+/)*\d{4}-\d{1,2}-\d{1,2}-([^/]+?)\.[^./]+$")


def name_words(path: str) -> str:
    """The words of a file's name: its address shows them, and a page without a title is
    titled by them (MkDocs; a Jekyll post, its date aside)."""
    stem = path.rsplit("/", 1)[-1].rsplit(".", 1)[0]
    return re.sub(r"[-_]+", " ", re.sub(r"^\d{4}-\d{1,2}-\d{1,2}-", "", stem)).strip()


def front_matter_strings(text: str, path: str) -> dict[int, str]:
    """Every string in the front matter (a theme may show any: a title, a description,
    a caption a shortcode reads; a value it names printed, `{{ page.x }}`), joined per
    line of the key that holds it."""
    from receipt_gate.reading.frontmatter import read
    from receipt_gate.reading.templatetags import own_values

    fm = read(text, path)
    out: dict[int, list[str]] = {}

    def walk(value: object, line: int) -> None:
        if isinstance(value, str):
            shown = " ".join(value.split())
            out.setdefault(line, []).append(
                own_values(shown, fm.fields) or shown if "{{" in shown else shown
            )
        elif isinstance(value, list):
            for v in value:
                walk(v, line)
        elif isinstance(value, dict):
            for v in value.values():
                walk(v, line)

    for key, value in fm.fields.items():
        walk(value, fm.lines.get(key, 1))
    lines = text.split("\n")
    if fm.kind == "yaml" and not fm.fields:  # comments alone: no mapping, so MkDocs
        for n in range(2, fm.end):  # shows the block as the page's text
            if lines[n - 1].strip():
                out[n] = [lines[n - 1].strip()]
    placed = {}
    for n, values in out.items():
        joined = " | ".join(values)
        source = lines[n - 1] if n <= len(lines) else ""
        # One value found as written: at its own column, so a finding points at it.
        at = source.find(joined) if len(values) == 1 and joined in source else 0
        placed[n] = " " * at + joined
    return placed


# Pages Hugo renders with a reader other than markdown's (by extension, or `markup:`).
_PLAIN = (".org", ".adoc", ".asciidoc", ".ad", ".rst")
_PLAIN_MARKUPS = frozenset({"org", "asciidoc", "asciidocext", "adoc", "rst"})
# Hugo's names of its markdown renderer: a page whose `markup:` says one is markdown,
# whatever its extension (`notes.org` with `markup: markdown`: round 51).
_MARKDOWN_MARKUPS = frozenset({"markdown", "goldmark", "md", "mdown", "mkd", "mkdn"})
_NO_TAGS = str.maketrans("<>", "  ")
# What an HTML page does not show: scripts, styles, templates, comments.
_HIDDEN = lazyre.compile(r"(?is)<(script|style|template)(?![\w-]).*?</\1\s*>|<!---?>|<!--.*?--!?>")


def html_page(text: str, path: str) -> bool:
    """Does its generator render this page as HTML as written (an .html or .htm file,
    Hugo's `markup: html`), not as markdown?"""
    from receipt_gate.reading.frontmatter import read

    markup = str(read(text, path).fields.get("markup", "")).lower() if path else ""
    return _html_markup(markup, path)


def _html_markup(markup: str, path: str) -> bool:
    """Is a page of this `markup:` (or none) at this path HTML, as html_lines reads it (a
    markdown or plain markup named wins over the extension)?"""
    lower = path.lower()
    if markup in _MARKDOWN_MARKUPS or lower.endswith(_PLAIN) or markup in _PLAIN_MARKUPS:
        return False
    return lower.endswith((".html", ".htm")) or markup == "html"


def html_lines(text: str, path: str, surely: bool = False) -> list[str] | None:
    """The lines of a page its generator renders as HTML, not markdown (an .html or
    .htm file, which Hugo and Jekyll publish as written; Hugo's `markup: html`), with
    the front matter and what the page does not show (scripts, styles, templates,
    comments) blanked: there, what markdown would read as code is text. A page in
    another markup (Org, AsciiDoc, reStructuredText) is read as written, front matter
    aside. None for a markdown page. With `surely`, what a plain markup passes through
    as raw HTML (or to another output) is blanked too: a reader may not see it (an
    element it hides, a comment), so it supports nothing and holds no quote."""
    from receipt_gate import GateError
    from receipt_gate.reading.frontmatter import NONE, read

    try:
        fm = read(text, path)
    except GateError:  # (a reading of a page, a template's or a value's text: one whose
        fm = NONE  # printed tags leave it opening with spaces, Hugo's docs' shortcodes;
        # the gate refuses a page's own front matter read two ways where it reads it)
    markup = str(fm.fields.get("markup", "")).lower()
    lower = path.lower()
    if markup in _MARKDOWN_MARKUPS:
        return None
    if lower.endswith(_PLAIN) or markup in _PLAIN_MARKUPS:
        # Org, AsciiDoc, reStructuredText: no markdown reading of them holds (an
        # indented line, a ``` fence, a <!-- --> are text to go-org): read as written,
        # their comments and settings aside, with no `<` left for a reader's view to
        # take as a tag.
        kind = markup if markup in _PLAIN_MARKUPS else lower.rpartition(".")[2]
        shown = _unshown(_unraw(text, kind) if surely else text, kind).translate(_NO_TAGS)
    elif _html_markup(markup, path):
        shown = _HIDDEN.sub(lambda m: re.sub(r"[^\n]", "\0", m.group()), text)
    else:
        return None
    end = fm.end
    return [" " * len(line) if i < end else line for i, line in enumerate(shown.split("\n"))]


# What a plain markup does not show, line by line: Org's comment lines (`# ...`),
# keyword lines (`#+NOTE: ...`, `#+TITLE:` is the page's title, shown as one) and
# block markers, a property drawer; AsciiDoc's line and block comments and attribute
# entries; reStructuredText's comments (`.. ` and what is indented under it, but a
# directive, a target, a substitution or a footnote).
_ORG_HIDDEN = lazyre.compile(r"(?i)[ \t]*(?:#(?:[ \t].*)?|#\+\w*:.*|#\+(?:begin|end)_\S*.*)")
# An Org heading (its stars, its tags) and the tags #+EXCLUDE_TAGS adds to noexport:
# go-org exports nothing of a subtree they tag.
_ORG_HEADING = lazyre.compile(r"(\*+)[ \t]+.*?(?:[ \t]+(:[\w@#%:]+:))?[ \t]*$")
_ORG_EXCLUDE = lazyre.compile(r"(?im)^[ \t]*#\+exclude_tags:[ \t]*(.*)$")
# AsciiDoc's comment style on the paragraph or delimited block after it.
# (asciidoctor reads the style as the first positional attribute: quoted or not, with
# spaces around it)
_ADOC_COMMENT_STYLE = lazyre.compile(
    r"""(?i)\[[ \t]*(?:"comment"|'comment'|comment)[ \t]*(?:[,#.%][^\]]*)?\]"""
)
_ADOC_DELIMITER = lazyre.compile(r"-{2}|-{4,}|\.{4,}|_{4,}|\*{4,}|={4,}|\+{4,}|/{4,}")


def _styled_end(lines: Sequence[str], at: int) -> int:
    """Where the paragraph or delimited block starting at line `at` ends (exclusive)."""
    if at < len(lines) and _ADOC_DELIMITER.fullmatch(lines[at].strip()):
        fence = lines[at].strip()
        for j in range(at + 1, len(lines)):
            if lines[j].strip() == fence:
                return j + 1
        return len(lines)
    j = at
    while j < len(lines) and lines[j].strip():
        j += 1
    return j


_ADOC_HIDDEN = lazyre.compile(r"//(?!//).*|:[\w-]+!?:(?:[ \t].*)?")
# (and what docutils renders nowhere in the page's body: a substitution's definition,
# shown only where a `|name|` calls it, and `.. meta::`, which goes in the head)
_RST_UNSHOWN = lazyre.compile(r"(?i)\.\.[ \t]+(?:\|[^|]+\|[ \t]*[\w.-]*::|meta::|title::).*")
_RST_COMMENT = lazyre.compile(r"\.\.(?:[ \t]+(?![\[_|]|[\w.-]+::).*)?")


def _unshown(text: str, kind: str) -> str:
    """The page's text with what its markup does not show blanked (line numbers kept)."""
    lines = text.split("\n")
    hidden = [False] * len(lines)
    block = False  # (inside an AsciiDoc comment block, an Org drawer, a rst comment)
    fence = ""  # (the AsciiDoc comment block's delimiter)
    cut = 0  # (inside an Org subtree not exported: its heading's level)
    styled = 0  # (AsciiDoc: where what a [comment] style hides ends)
    excluded = {"noexport"} | {
        t.lower() for m in _ORG_EXCLUDE.finditer(text) for t in m.group(1).split()
    }
    for i, line in enumerate(lines):
        bare = line.strip()
        if kind == "org" and (head := _ORG_HEADING.match(line)) is not None:
            level = len(head.group(1))
            tags = {t.lower() for t in (head.group(2) or "").strip(":").split(":") if t}
            cut = 0 if level <= cut else cut  # (a heading as high ends the subtree)
            cut = level if not cut and tags & excluded else cut
        if kind == "org" and cut:
            hidden[i] = True
            continue
        if kind == "org":
            if bare.upper() == ":PROPERTIES:":
                block = True
            hidden[i] = block or _ORG_HIDDEN.fullmatch(line) is not None
            block = block and bare.upper() != ":END:"
        elif kind in ("adoc", "asciidoc", "ad", "asciidocext"):
            if i < styled:
                hidden[i] = True
                continue
            # (a comment block closes only at a line of its own delimiter's length)
            opens = not block and re.fullmatch(r"/{4,}", bare) is not None
            closes = block and bare == fence
            fence = bare if opens else fence
            hidden[i] = block or opens or _ADOC_HIDDEN.fullmatch(line) is not None
            block = (block and not closes) or opens
            if not block and _ADOC_COMMENT_STYLE.fullmatch(bare):
                hidden[i] = True
                styled = _styled_end(lines, i + 1)  # ([comment]: its paragraph or block)
        elif kind == "rst":
            indented = line[:1] in (" ", "\t") or not bare
            block = (block and indented) or any(
                rx.fullmatch(line) is not None for rx in (_RST_COMMENT, _RST_UNSHOWN)
            )
            hidden[i] = block
    return "\n".join(
        re.sub(r"[^\n]", " ", x) if h else x for x, h in zip(lines, hidden, strict=True)
    )


# What a plain markup passes through raw (HTML, or another output's): Org's export
# snippets and blocks, reStructuredText's raw directive (and what is indented under
# it), AsciiDoc's passthrough blocks and inline passthroughs.
_RAW_INLINE = {
    "org": lazyre.compile(r"@@[\w-]+:.*?@@"),
    "adoc": lazyre.compile(r"pass:[a-z,]*\[.*?\]|\+\+\+.*?\+\+\+"),
}
_RAW_OPEN = {
    "org": lazyre.compile(r"(?i)[ \t]*#\+begin_export\b.*"),
    "rst": lazyre.compile(r"[ \t]*\.\.[ \t]+raw::.*"),
    "adoc": lazyre.compile(r"\+{4,}[ \t]*"),
}
_RAW_CLOSE = {
    "org": lazyre.compile(r"(?i)[ \t]*#\+end_export\b.*"),
    "adoc": lazyre.compile(r"\+{4,}[ \t]*"),
}


# AsciiDoc's conditionals: what they hold shows only where an attribute is (or is not)
# set, which the gate does not know (`ifdef::never[]`, `ifndef::asciidoctor[]`).
_ADOC_IF = lazyre.compile(r"(?:ifdef|ifndef|ifeval)::[^\[]*\[(.*)\][ \t]*")
_ADOC_ENDIF = lazyre.compile(r"endif::[^\[]*\[\][ \t]*")
# An attribute entry: `:name:` sets it from that line on, `:name!:` or `:!name:` unsets it.
_ADOC_ENTRY = lazyre.compile(r":(!?)([\w][\w-]*)(!?):(?:[ \t].*)?")
# A block asciidoctor renders collapsed (`<details>` closed): `[%collapsible]`
_ADOC_COLLAPSIBLE = lazyre.compile(r"(?i)[ \t]*\[[^\]]*%collapsible[^\]]*\][ \t]*")
_ADOC_ALWAYS = frozenset(
    {"asciidoctor", "backend-html5", "basebackend-html", "basebackend-html5", "htmlsyntax"}
)


def _adoc_holds(line: str, given: frozenset[str] | set[str]) -> bool:
    """Does an `ifdef::` line surely show what it holds, by the attributes surely set
    (`a,b`: any of them; `a+b`: all)? An `ifndef` or `ifeval` is never sure (a build may
    set any attribute: `-a name`)."""
    m = re.match(r"ifdef::([^\[]*)\[", line.strip())
    if m is None or not m.group(1):
        return False
    setting = [n.strip().lower() in given for n in re.split(r"[,+]", m.group(1))]
    return any(setting) if "," in m.group(1) else all(setting)


def _unraw_adoc(lines: list[str]) -> None:
    """Blank what AsciiDoc shows only where a condition holds, and a collapsed block.

    A condition the gate can decide, on what asciidoctor always sets rendering HTML or
    the page has set above it (and not unset since), shows or hides as it says; another
    is unsure (a build may set any attribute: `-a name`)."""
    given = set(_ADOC_ALWAYS)
    shows: list[bool] = []  # (each open condition: whether it surely shows)
    depth = 0
    collapsed = 0  # (where a collapsed block ends)
    for i, line in enumerate(lines):
        if (entry := _ADOC_ENTRY.fullmatch(line)) is not None:
            name = entry.group(2).lower()
            if entry.group(1) or entry.group(3):
                given.discard(name)  # (an unset where it may or may not apply: unsure)
            elif not depth:
                given.add(name)
        if i < collapsed:
            lines[i] = " " * len(line)
            continue
        condition = _ADOC_IF.fullmatch(line)
        if condition is not None and condition.group(1):  # (one line: `ifdef::a[text]`)
            head, tail = line.index("[") + 1, line.rindex("]")
            sure = not depth and _adoc_holds(line, given)
            kept = line[head:tail] if sure else " " * (tail - head)
            lines[i] = " " * head + kept + " " * (len(line) - tail)
            continue
        if condition is not None:
            shown = depth == 0 and _adoc_holds(line, given)
            depth += 0 if shown else 1
            lines[i] = " " * len(line)
            shows.append(shown)
            continue
        if _ADOC_ENDIF.fullmatch(line) and shows:
            depth -= 0 if shows.pop() else 1
        elif not depth:
            if not _ADOC_COLLAPSIBLE.fullmatch(line) or "%open" in line.lower():
                continue
            collapsed = _styled_end(lines, i + 1)  # (closed: a reader opens it or not)
        lines[i] = " " * len(line)


# reStructuredText: a directive (`.. image:: uri`), whose argument is shown only for
# these (an admonition's first words, a title); its options (`:alt: text`, indented
# under it) are attributes; a hyperlink target (`.. _name: uri`, `__ uri`) is shown
# nowhere; what `.. only::` holds shows where a builder's tags say so.
_RST_DIRECTIVE = lazyre.compile(r"([ \t]*)\.\.[ \t]+([\w.:+-]+?)::(.*)")
_RST_TARGET = lazyre.compile(r"([ \t]*)(?:\.\.[ \t]+_.*|__(?:[ \t].*)?)")
_RST_OPTION = lazyre.compile(r"([ \t]+):[^:\s][^:]*:(?:[ \t].*)?")
_RST_SHOWN_ARGUMENT = frozenset(
    {
        *("note", "warning", "tip", "hint", "important", "caution", "danger", "error"),
        *("attention", "admonition", "topic", "sidebar", "rubric", "table", "csv-table"),
        *("list-table", "math", "contents", "header", "footer", "seealso", "centered"),
        *("versionadded", "versionchanged", "deprecated"),
    }
)


def _unraw_rst(lines: list[str]) -> None:
    """Blank what docutils shows nowhere in the body, or not surely: directives'
    arguments and options, hyperlink targets, `.. only::` and `.. raw::` blocks."""
    under = -1  # (the indent a target's or an `only` block's lines are deeper than)
    options = -1  # (a directive's indent, while its option lines may follow)
    value = -1  # (an option's indent, while its value may go on deeper)
    for i, line in enumerate(lines):
        bare = line.strip()
        indent = len(line) - len(line.lstrip(" \t"))
        if under >= 0 and (not bare or indent > under):
            lines[i] = " " * len(line)
            continue
        under = -1
        option = _RST_OPTION.fullmatch(line) is not None
        if options >= 0 and bare and indent > options and (option or 0 <= value < indent):
            value = indent if option else value
            lines[i] = " " * len(line)
            continue
        options = value = -1
        if (target := _RST_TARGET.fullmatch(line)) is not None:
            under = len(target.group(1))
            lines[i] = " " * len(line)
        elif (directive := _RST_DIRECTIVE.fullmatch(line)) is not None:
            name = directive.group(2).lower()
            options = len(directive.group(1))
            under = options if name in ("only", "raw") else -1
            if name not in _RST_SHOWN_ARGUMENT:
                lines[i] = " " * len(line)


def _unraw(text: str, kind: str) -> str:
    """The text with what its markup passes through raw blanked (line numbers kept), and
    what shows only where a condition holds (AsciiDoc's ifdef, ifndef, ifeval)."""
    kind = "adoc" if kind in ("asciidoc", "ad", "asciidocext") else kind
    lines = text.split("\n")
    if kind == "adoc":
        _unraw_adoc(lines)
    elif kind == "rst":
        _unraw_rst(lines)
    inline, opening, closing = _RAW_INLINE.get(kind), _RAW_OPEN.get(kind), _RAW_CLOSE.get(kind)
    inside = False  # (rst: while indented under the directive)
    for i, line in enumerate(lines):
        if inside or (opening is not None and opening.fullmatch(line)):
            opened = not inside
            if kind == "rst":
                inside = opened or not line.strip() or line[:1] in (" ", "\t")
            else:
                inside = opened or not (closing is not None and closing.fullmatch(line))
            if inside or not opened:
                lines[i] = " " * len(line)
                continue
        if inline is not None:
            lines[i] = inline.sub(lambda m: " " * len(m.group()), line)
    return "\n".join(lines)


# What a plain markup may hide, strike, or show as code the gate does not read in it
# (round 88: an Org comment, source or export block, `+struck+`, an unreferenced
# footnote; a reStructuredText directive or role, `.. container:: hidden`, `..
# ifconfig::`, `:raw-html:`; an AsciiDoc listing block, a role, `[.hidden]`): a page
# that holds one is read by no quote.
_UNSURE_MARKUP = {
    "org": lazyre.compile(
        r"(?im)^[ \t]*#\+(?!title|author|date|description|subtitle|email|language|options"
        r"|keywords|filetags|(?:begin|end)_(?:quote|verse|center)\b|caption\b)\w"  # (round 92:
        # a quote block, a caption: go-org shows them)
        r"|^[ \t]*\[fn:|(?<![\w+])\+\S(?:[^\n+]*\S)?\+(?![\w+])"
        r"|^[ \t]*:\w+:[ \t]*$|^[ \t]*:[ \t]|^\*+[ \t]+COMMENT\b"
    ),
    "rst": lazyre.compile(  # (not an admonition, an image, a substitution: round 89)
        r"(?m)^[ \t]*\.\.[ \t]+(?:code|code-block|sourcecode|literalinclude|raw|only"
        r"|ifconfig|container|class|role|include|highlight|parsed-literal|math|csv-table"
        r"|list-table|table|compound|rubric|title|meta|comment)[ \t]*::"
        r"|^(?![ \t]*\.\.)[^\n]*::[ \t]*$|:raw[\w-]*:`|^[ \t]*\.\.[ \t]*$"
        r"|^[ \t]*\.\.[ \t]+(?![\w-]+[ \t]*::|_|\[|\|)\S"
    ),
    "adoc": lazyre.compile(
        r"(?m)^(?:-{4,}|\.{4,}|={4,}|\*{4,}|\+{4,}|/{4,})[ \t]*$"  # (not a quote block's
        r"|^\[(?!(?:quote|verse)\b)[^\]\n]*\][ \t]*$"  # `____`, `[quote]`: round 92)
        r"|\[[.#][^\]\n]*\]#|^//|\bpass:|\+\+\+|^ifeval::"
    ),
}
_UNSURE_KIND = {".org": "org", ".rst": "rst", ".rest": "rst", ".adoc": "adoc",
                ".asciidoc": "adoc", ".asc": "adoc", ".ad": "adoc"}  # fmt: skip


def unsure_markup(text: str, path: str) -> str | None:
    """The first construct of a plain markup (by the page's name) that may hide, strike
    or fence what it holds where the gate does not read it (_UNSURE_MARKUP), as written;
    None."""
    kind = _UNSURE_KIND.get(path[path.rfind(".") :].lower()) if "." in path else None
    m = _UNSURE_MARKUP[kind].search(text) if kind else None
    return m.group().strip()[:40] if m else None


def plain_paragraphs(text: str, path: str) -> list[str] | None:
    """A page in a plain markup (Org, AsciiDoc, reStructuredText) or HTML as its readers
    read it, paragraph by paragraph (as html_lines reads it, by blank lines, and an HTML
    page by its blocks' tags); None for a markdown page."""
    from receipt_gate.reading.frontmatter import read
    from receipt_gate.reading.reader import reader_view

    markup = str(read(text, path).fields.get("markup", "")).lower() if path else ""
    html = _html_markup(markup, path)
    if markup in _MARKDOWN_MARKUPS or not (
        path.lower().endswith(_PLAIN) or markup in _PLAIN_MARKUPS or html
    ):
        return None
    from receipt_gate.reading.visible import surely_seen

    lower = path.lower()
    inline = (
        _ORG_INLINE if lower.endswith(".org") else _RST_INLINE if lower.endswith(".rst") else None
    )
    if inline is not None:  # (the markup's own marks: what its renderer shows of them)
        text = inline.sub(_inline_text, text)
    # (what raw HTML a snippet passes hides, as in markdown: `@@html:<span hidden>@@`)
    lines = html_lines(surely_seen(text, not html), path, surely=True) or []
    # (an HTML page's paragraphs end where a block does, a blank line or not: round 56,
    # every quote of a Hugo .html page was refused, read as markdown's HTML blocks)
    joined = "\n".join(lines)
    if html and ("{%" in joined or "{{" in joined):  # (a template tag, `{% # x %}`, prints
        joined = _sub_blank(_TEMPLATE, joined)  # nothing of its own: round 58)
    paras = re.split(_BLOCK_END if html else r"\n[ \t]*\n", joined)  # (in HTML a blank
    # line is white space: round 59, a quote across one inside a <p> was refused)
    return [reader_view(p).text for p in paras if p.strip()]


# The marks of Org's links, italics, verbatim and code, and reStructuredText's literals
# and links, around the text a reader is shown (round 91: a quote across `/revised/` or
# ``vaccine`` was refused). Each match's text is its last group that took part.
_ORG_INLINE = lazyre.compile(
    r"\[\[([^\[\]\n]+)\](?:\[([^\[\]\n]*)\])?\]"
    r"|(?<![\w/])/(\S(?:[^/\n]*\S)?)/(?![\w/])|(?<![\w=~])[=~](\S(?:[^=~\n]*\S)?)[=~](?![\w=~])"
)
_RST_INLINE = lazyre.compile(r"``([^`\n]+)``|(?<![\w:`])`([^`<\n]+?)\s*(?:<[^>\n]*>)?\s*`__?(?!\w)")


def _inline_text(m: re.Match[str]) -> str:
    return next((g for g in reversed(m.groups()) if g is not None), "")


# Where an HTML page's paragraph ends: a block's tag (or a line break), not a blank line.
_BLOCK_END = (
    r"(?i)</?(?:p|div|h[1-6]|li|ul|ol|dl|dt|dd|table|tr|td|th|thead|tbody|blockquote"
    r"|pre|section|article|header|footer|aside|nav|figure|figcaption|details|summary|form"
    r"|fieldset|legend|main|address|hr|br)(?![\w-])[^<>]*>"
)


def shown_lines(text: str, path: str) -> list[str]:
    """The page's lines as its readers are shown them, for a check of words and numbers:
    an HTML page as html_lines() reads it, a markdown page's prose with the text of its
    HTML blocks (`<div>` ... `</div>`: a reader sees what they hold; tags are left for
    the check to blank, as it blanks inline ones)."""
    from receipt_gate.reading.prose import prose_lines

    page = html_lines(text, path)
    return page if page is not None else prose_lines(text, wide=True)
