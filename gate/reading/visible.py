"""What every reader of the rendered page surely sees: a model's quote counts only there.

The page's text with everything blanked (line breaks kept) that some reader may not be
shown, read over the whole page, since HTML and template blocks run across paragraphs:

- an HTML element not known to show its text as it is, or one carrying an attribute
  that could hide it (a class, an id, a style, `hidden`, `data-*`: a style sheet can
  hide what it names), to its closing tag, or to the end of the page when it has none
  (a browser keeps it open); `/>` closes only a void element, as in HTML;
- what a Liquid or Nunjucks block holds (`{% if %}`, `{% capture %}`, `{% for %}`...: a
  condition or a loop decides whether it is printed) and a Hugo shortcode's inner text
  (`{{< x >}}...{{< /x >}}`: its template decides);
- a block an attribute list styles (kramdown's `{: .hidden}` on a line beside it, a
  heading's `{style="..."}` in goldmark), keeping a lone `{#id}`;
- a footnote definition nothing references (neither GitHub nor kramdown prints one).

Code blocks, code spans and comments are read as what they are first, so a tag inside
one is no tag. Wider than any one renderer on purpose: a quote is refused where any
reader might not see it (gate.reading.pageparts.visible_paragraphs reads the rest).
"""

from __future__ import annotations

import collections
import re
from collections.abc import Callable, Sequence

from receipt_gate.base import lazyre
from receipt_gate.reading.inline import blanked, within
from receipt_gate.reading.masking import without_code

# Inline elements a reader surely sees the text of, when they carry no attribute but
# these.
_SHOWN_ELEMENTS = frozenset(
    {
        "html",  # (a whole document's: round 91, an HTML page as evidence)
        "body",
        "a",
        "abbr",
        "b",
        "bdi",
        "big",
        "br",
        "cite",
        "code",
        "data",
        "del",
        "dfn",
        "em",
        "i",
        "ins",
        "kbd",
        "mark",
        "q",
        "s",
        "samp",
        "small",
        "span",
        "strike",
        "strong",
        "sub",
        "sup",
        "time",
        "tt",
        "u",
        "var",
        "wbr",
        "p",
        # Blocks that show what they hold (a markdown paragraph between a `<div>` and
        # its `</div>`, blank lines around it, is shown by every generator: rounds 76
        # and 77 found such a wrapper held no quote and supported no number). Not
        # `details`, `dialog`, `template`, `noscript`, `select`, `object`, `svg`...: they
        # may hide what they hold.
        *("address", "article", "aside", "blockquote", "center", "div", "figcaption"),
        *("figure", "footer", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hgroup"),
        *("main", "nav", "search", "section", "ul", "ol", "li", "dl", "dt", "dd"),
        *("table", "caption", "thead", "tbody", "tfoot", "tr", "td", "th"),
    }
)
_SHOWN_ATTRIBUTES = frozenset(
    {
        "markdown",  # (kramdown and Python-Markdown read it and drop it)
        "align",  # (a README's `<div align="center">`: round 89)
        "href",
        "title",
        "lang",
        "dir",
        "cite",
        "datetime",
        "rel",
        "target",
        "hreflang",
        "value",
        "translate",
    }
)
_VOID = frozenset(
    {
        "area",
        "base",
        "br",
        "col",
        "embed",
        "hr",
        "img",
        "input",
        "link",
        "meta",
        "source",
        "track",
        "wbr",
    }
)
_A_TAG = lazyre.compile(
    r"<(/?)([A-Za-z][A-Za-z0-9-]*)((?:\s+[^\s\"'<>/=]+(?:\s*=\s*(?:\"[^\"]*\""
    r"|'[^']*'|[^\s\"'=<>`]+))?)*)\s*(/?)>"
)
_AN_ATTRIBUTE = lazyre.compile(r"([^\s\"'<>/=]+)(?:\s*=\s*(?:\"[^\"]*\"|'[^']*'|[^\s\"'=<>`]+))?")
# A Liquid/Nunjucks block tag's name (`{%- if`, `{% endif %}`), a Hugo shortcode's.
_BLOCK_TAG = lazyre.compile(r"\{%-?\s*(end)?([A-Za-z_]\w*)")
_SHORTCODE = lazyre.compile(r"\{\{([<%])\s*(/)?\s*([\w./-]+)")
# kramdown's attribute list on a line of its own, and one after a span or a heading
# (goldmark's `## Title {.class}`); a lone `{#id}` styles nothing. Python-Markdown's
# attr_list (MkDocs) takes the colon as optional and a bare word as an attribute
# (`{ hidden }` is `hidden="hidden"`): on a line of its own (not a template's `{{`,
# `{%` or `{# comment #}`), after an inline element, or at the end of a heading.
_IAL_LINE = lazyre.compile(
    r"^ {0,3}\{(?::(?![:/])|(?![{%])(?!#[^}\n]*#\}))[^}\n]*\}[ \t]*$", re.MULTILINE
)
_ATTRIBUTES = lazyre.compile(
    r"\{:?[ \t]*(?:[.#][\w-]+|[\w-]+=)[^}\n]*\}"
    r"|(?<=[*_\])`>])\{:?[ \t]*[A-Za-z][\w-]*[^}\n]*\}"
    r"|(?m:(?<=[ \t])\{:?[ \t]*[A-Za-z][\w-]*[^}\n]*\}[ \t]*$)"
)
_ID_ONLY = lazyre.compile(r"\{:?[ \t]*#[\w-]+[ \t]*\}")
# A reference to a kramdown attribute list definition (`{:h}` after `{:h: style=...}`):
# it styles what it is attached to as the definition says.
_ALD_REF = lazyre.compile(r"\{:[ \t]*[A-Za-z][\w-]*(?:[ \t][^}\n]*)?\}")
# A declaration as CommonMark 0.31 reads one (`<!` and a letter of either case, to `>`):
# raw HTML goldmark omits, and a browser takes for a comment.
_DECLARATION = lazyre.compile(r"<![A-Za-z][^>]{0,2000}>")  # (bounded: linear on openings)
_NOTE_DEF = lazyre.compile(r"^ {0,3}\[\^([^\]\s]+)\]:", re.MULTILINE)


# What restyles or rewrites the whole page: a style sheet can hide any element
# (`p:last-of-type {display: none}`), a script remove it.
_PAGE_WIDE = lazyre.compile(
    r"(?i)<(?:style|script|link)\b"
    # (round 57: a refresh leaves the page as it is read; a shadow root declared in a
    # template hides its host's own children)
    r"|<meta\b[^<>]*\bhttp-equiv\s*=\s*[\"']?\s*refresh|\bshadowroot(?:mode)?\s*="
)
# What HTML's tokenizer reads as a comment to the next `>` (a bogus comment): `<?`, and
# on an HTML page `<!` not opening a comment and `</` not followed by a letter (round 57:
# `</ x>`, `<! x>` hid a quote a browser never shows).
_BOGUS_HTML = (lazyre.compile(r"<\?|<!(?!--)|</(?![A-Za-z>])"), lazyre.compile(">"))
# (markdown passes the rest on as text)
_BOGUS_MARKDOWN = (lazyre.compile(r"<\?"), _BOGUS_HTML[1])
# A tag as browsers take it, however its attributes are written (`<div/hidden>`,
# `<div title="x"hidden>`, `<div hidden x=a=b>`): one the strict reading cannot parse
# is not known to show its text.
_LOOSE_TAG = lazyre.compile(r"<(/?)([A-Za-z][A-Za-z0-9-]*)([^<>]*)>")
# A markdown autolink, URI or email (CommonMark's grammar): HTML reads one as an element
# of a name no browser hides (`https:`, `a@b.org`), markdown as a link.
_AUTOLINK = lazyre.compile(
    r"<[A-Za-z][A-Za-z0-9.+-]{1,31}:[^\s<>]*>"
    r"|<[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?"
    r"(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*>"
)
# An abbreviation's definition (kramdown, Python-Markdown): shown only as a title.
# Python-Markdown's abbr takes a space before the colon and the title on the next line
# (`[*]\[(?P<abbr>[^\\]*?)\][ ]?:[ ]*\n?[ ]*(?P<title>.*)$`), its name over lines too
# (bounded here: linear on openings never closed).
_ABBREVIATION = lazyre.compile(r"^ {0,3}\*\[[^\\]{1,1000}?\] ?:[ ]*(?:\n[ ]*)?.*$", re.MULTILINE)
# An MDX comment (`{/* ... */}`) and an MDX page's import and export lines (ES modules:
# `export const pad = "..."` prints nothing where it stands).
_MDX_COMMENT = (lazyre.compile(r"\{/\*"), lazyre.compile(r"\*/\}"))
_ESM_LINE = lazyre.compile(r"^(?:export|import)\b.*$", re.MULTILINE)
# A Nunjucks comment (`{# ... #}`): no reader of a Nunjucks page sees it.
_NUNJUCKS_COMMENT = (lazyre.compile(r"\{#"), lazyre.compile(r"#\}"))


_BLOCK_OPEN = lazyre.compile(r"^[ \t]*\{", re.MULTILINE)


def _expressions(text: str) -> list[tuple[int, int]]:
    """Braces opened at a line's start and closed on a later line: an MDX expression
    (`{false && <>` ... `</>}`: Docusaurus reads a .md page as MDX too), what it prints
    decided by code; in another page, no text a reader is surely shown either."""
    out = []
    at = 0
    while (m := _BLOCK_OPEN.search(text, at)) is not None:
        depth, k = 0, m.end() - 1
        line_end = text.find("\n", k)
        line_end = len(text) if line_end < 0 else line_end
        while k < len(text):
            c = text[k]
            depth += (c == "{") - (c == "}")
            if depth == 0:
                break
            k += 1
        if depth:
            break  # never closed: the page is no MDX a build takes, and hides nothing
        if k > line_end:  # closed on a later line
            out.append((m.end() - 1, k + 1))
        at = max(k, line_end) + 1
    return out


def surely_seen(text: str, markdown: bool = True, notes: bool = True) -> str:
    """The page with what a reader may not see blanked (see the module's docstring);
    not `markdown`: an HTML page, where no indented line or fence is code and no
    footnote is one (round 56: an indented hidden element was read as code, shown); not
    `notes`: a site whose renderer reads no footnote (its definition is a link's, its
    text a title: round 62), where no footnote's definition is seen."""
    if _plain(text):
        return text
    masked = without_code(text, markdown)
    if markdown and "\\<" in masked:  # (an escaped `<` opens no tag: `\<div\>` shows
        # `<div>`, and what follows it is seen: round 96 f03)
        masked = escaped_lt(masked, "\\ ")
    if _PAGE_WIDE.search(masked):
        return re.sub(r"[^\n]", " ", text)  # nothing on it is surely seen
    spans = _unseen(text, masked)
    if "<" in masked:
        spans += _pairs(masked, _BOGUS_MARKDOWN if markdown else _BOGUS_HTML, to_end=True)
        # (in SVG or MathML a CDATA section runs to `]]>`, what it holds no markup:
        # round 58, `<svg><![CDATA[</svg><p>x</p>]]></svg>` draws no paragraph)
        spans += _pairs(masked, _CDATA) if "<![" in masked else []
    spans += _unreferenced_notes(text, spans, notes) if markdown else []
    if markdown and "<!--" in text:
        spans += _comments_left_open(text)
    if markdown and "]:" in masked:  # (one CommonMark reads so too is left as it is: its
        # references resolve, and the reading of prose hides it)
        spans += [
            m.span()
            for m in _DEFINITION_LIKE.finditer(masked)
            if not _DEFINITION.fullmatch(m.group().split("\n", 1)[0])
        ]
    return blanked(text, spans) if spans else text


_ESCAPED_LT = lazyre.compile(r"(?<!\\)(?:\\\\)*\\<")


def escaped_lt(text: str, shown: str) -> str:
    """A markdown page with each escaped `<` of its paragraphs, headings and tables (its
    backslash and `<`) as `shown`: no tag, comment or strike opens there. Never in an
    HTML block or code, where no escape is read (round 98 q01: `<div>\\<!--</div>`
    opens a real comment)."""
    from receipt_gate.reading.markdown import blocks

    lines = text.split("\n")
    for b in blocks(text):
        if b.kind in ("paragraph", "heading", "table"):
            for i in range(b.start, b.end):
                if "\\<" in lines[i]:
                    lines[i] = _ESCAPED_LT.sub(lambda m: m.group()[:-2] + shown, lines[i])
    return "\n".join(lines)


def _comments_left_open(page: str) -> list[tuple[int, int]]:
    """An HTML block that opens a comment it does not close (`<div><!--</div>`): what
    the page holds from there to the next `-->` is in the comment a browser reads, over
    blank lines and blocks (round 98 q01; markdown passes the block's HTML on as it is)."""
    from receipt_gate.reading.markdown import blocks

    starts = [0, *(m.end() for m in re.finditer("\n", page))]
    out: list[tuple[int, int]] = []
    reached = 0
    for b in blocks(page):
        if b.kind != "html" or b.html == 2 or b.end >= len(starts):
            continue
        at, end = starts[b.start], starts[b.end] if b.end < len(starts) else len(page)
        if at < reached:
            continue
        opened = page.rfind("<!--", at, end)
        if opened < 0 or page.find("-->", opened + 4, end) >= 0:
            continue
        closed = page.find("-->", end)
        reached = len(page) if closed < 0 else closed + 3
        out.append((opened, reached))
    return out


# kramdown's math (`$$...$$`): a formula, not text a quote or a reference stands in.
_MATH = (lazyre.compile(r"\$\$"), lazyre.compile(r"\$\$"))
# CDATA and a processing instruction: a browser reads either as a comment.
_CDATA = (lazyre.compile(r"<!\[CDATA\["), lazyre.compile(r"\]\]>"))
_INSTRUCTION = (lazyre.compile(r"<\?"), lazyre.compile(r"\?>"))


# MultiMarkdown metadata (MkDocs, Python-Markdown's meta): `Key: value` lines at the top
# of a page with no YAML front matter, and their indented continuations, up to the first
# line that is neither: read as the page's data, not printed.
_META = lazyre.compile(r"[ ]{0,3}[A-Za-z0-9_-]+:")
_META_MORE = lazyre.compile(r"(?:[ ]{4}|\t)")


def _meta_lines(text: str) -> list[tuple[int, int]]:
    if text.startswith("---") or not _META.match(text):
        return []
    end = 0
    for line in text.split("\n"):
        if not line.strip() or not (_META.match(line) or (end and _META_MORE.match(line))):
            break
        end += len(line) + 1
    return [(0, end)]


def _pairs(
    text: str, pair: tuple[re.Pattern[str], re.Pattern[str]], to_end: bool = False
) -> list[tuple[int, int]]:
    """Each span from an opening to the first closing after it, in one pass (a lazy
    regex over openings never closed is quadratic); an opening never closed holds
    nothing (the generator refuses the page), or, `to_end`, the rest of the page (a
    browser's comment runs to the end)."""
    out = []
    opening, closing = pair
    at = 0
    while (o := opening.search(text, at)) is not None:
        c = closing.search(text, o.end())
        if c is None and not to_end:
            break
        at = len(text) if c is None else c.end()
        out.append((o.start(), at))
        if c is None:
            break
    return out


def _plain(text: str) -> bool:
    """Nothing on the page could hide anything: no tag, no template or attribute list,
    no note, abbreviation, math or metadata lines (most pages of prose: read as is)."""
    return (
        "<" not in text
        and "{" not in text
        and "[^" not in text
        and "*[" not in text
        and "$$" not in text
        and "]:" not in text
        and not _META.match(text)
        and not _ESM_LINE.search(text)
        and not _EXTENDED.search(text)
    )


def _unseen(
    text: str, masked: str, hides: Callable[[str, str], bool] | None = None
) -> list[tuple[int, int]]:
    """What a reader may not see, but for footnotes (see the module's docstring); with
    `hides`, of HTML only the elements it says may hide their text."""
    return [
        *_hidden_elements(masked, hides),
        # (and as HTML's tokenizer and tree builder read them: a `<` in a quoted value,
        # a closing tag out of scope, a formatting element built again after its
        # parent closed it: round 52; either reading's hidden text is unseen)
        *(_hidden_elements(masked, hides, HTML_TAG) if "<" in masked else ()),
        *template_blocks(_front_matter_out(text)),
        *_styled_blocks(masked, text),
        *(m.span() for m in _ABBREVIATION.finditer(masked)),
        # (Nunjucks reads a page before markdown does: a comment opened in code
        # hides what follows it as surely as one in prose)
        *(_pairs(_front_matter_out(text), _NUNJUCKS_COMMENT) if "{#" in text else ()),
        *(_pairs(masked, _MDX_COMMENT) if "{/*" in masked else ()),
        *(_expressions(masked) if "{" in masked else ()),
        *(m.span() for m in _ESM_LINE.finditer(masked)),
        *(_pairs(masked, _MATH) if "$$" in masked else ()),
        *_meta_lines(text),
        *(m.span() for m in _DECLARATION.finditer(masked) if "<!" in masked),
        *(_kramdown_hidden(text, masked) if "{::" in masked else ()),
        *(_extension_blocks(text) if _EXTENDED.search(text) else ()),
        *(m.span() for m in _END_TAG_WITH_MORE.finditer(masked) if "</" in masked),
    ]


# A line some renderer reads as a link's definition, shown nowhere (round 63): kramdown
# and Python-Markdown take a blank label (`[ ]:`), a `[` in a label, a destination with
# spaces, a title to the line's last quote or on the next line, which CommonMark reads as
# a paragraph. Any line that opens with a bracketed label and its colon, and a title's
# line after it, is no text a reader surely sees (a footnote's, `[^1]:`, is read as one).
_DEFINITION_LIKE = lazyre.compile(
    r"(?m)^[ \t]{0,3}\[(?!\^)[^\n]*?\]:[^\n]*(?:\n[ \t]+[\"'(][^\n]*)?"
)
# A definition as CommonMark reads one on its line: a label with a letter in it and no
# bracket, a destination, an optional title.
_DEFINITION = lazyre.compile(
    r"[ \t]{0,3}\[(?=[^\]\n]*[^\s\]])(?:[^\]\[\\\n]|\\.){1,999}\]:[ \t]*(?:<[^<>\n]*>|[^\s<]\S*)"
    r"(?:[ \t]+(?:\"[^\"\n]*\"|'[^'\n]*'|\([^()\n]*\)))?[ \t]*"
)
# An end tag with more after its name (`</b some words>`): Python-Markdown passes it on as
# HTML, which a browser drops, where CommonMark shows it as text (round 63).
_END_TAG_WITH_MORE = lazyre.compile(r"</[A-Za-z][^\s/>]*[\t\n\f\r ][^<>]*>")


# A line that may open one of Python-Markdown's blocks, or CriticMarkup.
_EXTENDED = lazyre.compile(r"(?m)^[ \t]*(?:\?\?\?|===|///|;*-+8<-)|\{(?:--|\+\+|>>|~~)")


# Python-Markdown's blocks that render as something a reader may not see: a collapsible
# admonition (`??? note`, pymdownx.details: a closed <details>; `???+` opens it), a tab
# but the one a group shows (`=== "Tab"`, pymdownx.tabbed: the first, or the one `+`
# selects), and pymdownx.blocks' `/// details`, `/// html | div[hidden]`, `/// tab` and
# any block whose options give it attributes, or of a type not known to show its text.
# Read on every page (a site that does not render them shows the text: refused there,
# on the safe side) and in code too: an opener in an indented block may be a nested one.
_MD_OPENER = lazyre.compile(
    r"^([ \t]*)(?:(\?\?\?)(\+?)|(===)([+!]{0,2}))[ \t]*\S|^([ \t]*)(/{3,})[ \t]*([\w-]*)(.*)$"
)
_BLOCK_END = lazyre.compile(r"[ \t]*(/{3,})[ \t]*")
_SHOWN_BLOCKS = frozenset(
    "admonition note attention caution danger error tip hint important warning info success"
    " question failure fail missing bug example quote cite abstract summary tldr todo seealso"
    " define caption figure-caption table-caption".split()
)
# CriticMarkup (pymdownx.critic): what one of its modes leaves out (a deletion in
# `accept`, an insertion in `reject`, a comment in both, a substitution's either side).
_CRITIC = [
    (lazyre.compile(r"\{--"), lazyre.compile(r"--\}")),
    (lazyre.compile(r"\{\+\+"), lazyre.compile(r"\+\+\}")),
    (lazyre.compile(r"\{>>"), lazyre.compile(r"<<\}")),
    (lazyre.compile(r"\{~~"), lazyre.compile(r"~~\}")),
]


def _width(indent: str) -> int:
    return len(indent.expandtabs(4))


def _extension_blocks(text: str) -> list[tuple[int, int]]:
    """The bodies of the blocks above that a reader may not see (see _MD_OPENER)."""
    lines = text.split("\n")
    starts = [0]
    for line in lines:
        starts.append(starts[-1] + len(line) + 1)
    out: list[tuple[int, int]] = []

    def body_end(i: int, width: int) -> int:
        """The line after an indented body opened on line i (blank lines inside it)."""
        j, last = i + 1, i + 1
        while j < len(lines):
            line = lines[j]
            if line.strip():
                if _width(line[: len(line) - len(line.lstrip())]) <= width:
                    break
                last = j + 1
            j += 1
        return last

    def hide(i: int, end: int) -> None:  # (lines i+1 .. end-1: the opener's text shows)
        if end > i + 1:
            out.append((starts[i + 1], starts[end] - 1))

    tabs: dict[int, list[tuple[int, int, bool]]] = {}  # indent -> the group's tabs so far
    i = 0
    while i < len(lines):
        m = _MD_OPENER.match(lines[i])
        if m is None:
            i += 1
            continue
        if m.group(7):  # (pymdownx.blocks: read in one pass below)
            i += 1
            continue
        width = _width(m.group(1) or m.group(6) or "")
        end = body_end(i, width)
        if m.group(2) and not m.group(3):
            hide(i, end)
        elif m.group(4):  # (a tab: of the group before where only blanks lie between)
            group = tabs.setdefault(width, [])
            after = group[-1][1] if group else i
            if "!" in m.group(5) or any(line.strip() for line in lines[after:i]):
                _hide_tabs(group, hide)
                group.clear()
            group.append((i, end, "+" in m.group(5)))
        i += 1  # (what its body holds is read in turn: a collapsed block in a shown tab)
    for group in tabs.values():
        _hide_tabs(group, hide)
    if "//" in text:
        _fenced_blocks(lines, hide)
    for pair in _CRITIC:
        out += _pairs(text, pair) if pair[0].search(text) else []
    return out + _snippets(lines, starts)


# pymdownx.snippets: a line `--8<-- "file.md"`, and the lines between two `--8<--`, name
# files whose text takes their place (a name no file has renders nothing): none of
# them shows as it is written.
_SNIPPET_BLOCK = lazyre.compile(r"[ \t]*;*-+8<-+[ \t]*")
_SNIPPET_LINE = lazyre.compile(r"[ \t]*;*-+8<-+[ \t]+\S")


def _snippets(lines: list[str], starts: list[int]) -> list[tuple[int, int]]:
    out, opened = [], None
    for i, line in enumerate(lines):
        if _SNIPPET_BLOCK.fullmatch(line):
            if opened is None:
                opened = i
            else:
                out.append((starts[opened], starts[i + 1] - 1))
                opened = None
        elif opened is None and _SNIPPET_LINE.match(line):
            out.append((starts[i], starts[i + 1] - 1))
    if opened is not None:  # (never closed: to the page's end, on the safe side)
        out.append((starts[opened], starts[-1] - 1))
    return out


def _hide_tabs(group: list[tuple[int, int, bool]], hide: Callable[[int, int], None]) -> None:
    """A group of tabs shows one: the one `+` selects, else the first (several `+`:
    which one, the extension's version says)."""
    chosen = [k for k, (_, _, selected) in enumerate(group) if selected]
    shown = chosen[0] if len(chosen) == 1 else 0 if not chosen else -1
    for k, (start, end, _) in enumerate(group):
        if k != shown:
            hide(start, end)


def _fenced_blocks(lines: list[str], hide: Callable[[int, int], None]) -> None:
    """pymdownx.blocks' blocks (`/// type | title` to a bare `///` of as many slashes,
    one never closed to the page's end), in one pass: each body hidden where it may be (a
    details not given `open: true` among its options, html, a tab, attributes among its
    options, a type not known to show)."""
    # What the options of a block opened on line i can be: the indented lines after it,
    # to run[i + 1]; how many of the lines before each say `open: true`, `attrs`.
    run = [len(lines)] * (len(lines) + 1)
    opens, attrs = [0], [0]
    for k in range(len(lines) - 1, -1, -1):
        indented = lines[k].startswith((" ", "\t")) and lines[k].strip()
        run[k] = run[k + 1] if indented else k
    for line in lines:
        opens.append(opens[-1] + (_OPEN_OPTION.fullmatch(line) is not None))
        attrs.append(attrs[-1] + ("attrs" in line))
    opened: list[tuple[int, str, str]] = []  # (line, fence, type), innermost last
    count: collections.Counter[str] = collections.Counter()  # (open blocks by fence)

    def close(i: int, kind: str, end: int) -> None:
        last = min(run[i + 1], end)
        shown = kind in _SHOWN_BLOCKS if kind != "details" else opens[last] > opens[i + 1]
        if not shown or attrs[last] > attrs[i + 1]:
            hide(i, end)

    for j, line in enumerate(lines):
        if "//" not in line:
            continue
        e = _BLOCK_END.fullmatch(line)
        if e is not None:
            while count[e.group(1)]:  # (the innermost of its fence, and those inside it)
                i, fence, kind = opened.pop()
                count[fence] -= 1
                close(i, kind, j)
                if fence == e.group(1):
                    break
            continue
        m = _MD_OPENER.match(line)
        if m is not None and m.group(7) and m.group(8):
            opened.append((j, m.group(7), m.group(8).lower()))
            count[m.group(7)] += 1
    while opened:
        i, _, kind = opened.pop()
        close(i, kind, len(lines))


_OPEN_OPTION = lazyre.compile(r"(?i)[ \t]+open:[ \t]*true[ \t]*")


def _kramdown_hidden(text: str, masked: str) -> list[tuple[int, int]]:
    """kramdown's comments (an HTML comment on the page) and nomarkdown blocks for other
    converters, over blank lines too, with the delimiters of those for HTML."""
    from receipt_gate.reading.prose import kramdown_extensions

    filled = kramdown_extensions(text, masked)
    return [m.span() for m in re.finditer(r"\0+", filled) if text[m.start()] != "\0"]


# Elements whose text a page does not show as text (a dialog not `open`, fallback text,
# a list of options, ruby's parentheses...), and what in an element's attributes may hide
# it: `hidden`, an inline style that takes it out of sight (read as CSS reads it:
# entities, comments and escapes out), a zero size, a class or an id.
_UNSHOWN = frozenset(
    {
        "noscript", "template", "script", "style", "head", "title", "dialog", "datalist",
        "canvas", "video", "audio", "object", "iframe", "rp", "select", "option", "optgroup",
        "textarea", "noframes", "frameset", "map", "meter", "progress", "svg", "math",
    }
)  # fmt: skip
_ZERO = lazyre.compile(r"""^\s*["']?\s*0*(?:\.0*)?\s*(?:px|em|rem|%)?\s*["']?\s*$""")
_NOUGHT = r"-?0*(?:\.0*)?(?:px|em|rem|%|vw|vh|pt)?(?![.\d]*[1-9])"
_HIDING_CSS = lazyre.compile(
    r"display:none|visibility:(?:hidden|collapse)|content-visibility:hidden"
    rf"|opacity:{_NOUGHT}|font-size:{_NOUGHT}|(?:max-)?(?:width|height):{_NOUGHT}"
    rf"|line-height:{_NOUGHT}|zoom:{_NOUGHT}|scale:{_NOUGHT}|color:transparent"
    r"|transform:|clip(?:-path)?:|filter:|position:(?:absolute|fixed)"
    r"|(?:left|top|right|bottom|text-indent|margin[a-z-]*):-"
)


# A font's variants and an underline's place: they draw the same letters, in their own
# box (round 91: an acronym's small capitals, ligatures refused a page's quotes).
_FACES = frozenset(
    {"font-variant-caps", "font-variant-ligatures", "font-variant-east-asian",
     "font-variant-alternates", "font-variant-position", "text-underline-position"}
)  # fmt: skip
# What an element's own style may carry and still surely show its text: any value of
# these properties, a spacing that is not below zero, a size that is a plain length or a
# keyword (a width's var() or calc() too, where nothing clips), a font size of at least
# 8px (0.5em, 50%), an opacity above zero, a display that lays out text, `transform:
# none`. Anything else (`color`, offsets, `scale(0)`, `1px` boxes that clip) may hide it.
_SHOWING = frozenset(
    {
        "min-width", "min-height", "min-inline-size", "min-block-size", "font-family",
        "font-weight", "font-style", "font-variant", "font-stretch", "line-height",
        "text-align", "text-decoration", "text-transform", "text-wrap", "white-space",
        "word-break", "overflow-wrap", "word-wrap", "hyphens", "tab-size", "border",
        "border-top", "border-right", "border-bottom", "border-left", "border-width",
        "border-style", "border-color", "border-radius", "border-collapse", "outline",
        "box-shadow", "box-sizing", "background", "background-color", "background-image",
        "list-style", "list-style-type", "float", "clear", "vertical-align", "cursor",
        "flex", "flex-grow", "flex-shrink", "flex-basis", "flex-wrap", "flex-direction",
        "gap", "row-gap", "column-gap", "align-items", "align-self", "align-content",
        "justify-content", "justify-items", "justify-self", "place-items", "place-content",
        "grid-template-columns", "grid-template-rows", "grid-column", "grid-row",
        "grid-area", "columns", "column-count", "column-width", "quotes",
        "font-variant-numeric", "font-feature-settings", "font-kerning", "text-rendering",
        "font-optical-sizing", "text-underline-offset", "text-decoration-line",
        "text-decoration-color", "text-decoration-style", "text-decoration-thickness",
    }
) | _FACES  # fmt: skip
# Not below zero: letters and words spaced, an element raised (a negative z-index may
# put it under another's background).
_NOT_NEGATIVE = frozenset({"letter-spacing", "word-spacing", "z-index"})
# Of those, what may push or squeeze text out of a box that clips: shown where none does.
_CLIPPED = frozenset(
    {"grid-template-rows", "grid-template-columns", "grid-row", "grid-column", "grid-area",
     "flex-basis", "columns", "column-width", "column-count", "line-height", "white-space"}
)  # fmt: skip
_FONT_UNITS = {"em": 16.0, "rem": 16.0, "%": 0.16, "ex": 8.0, "ch": 8.0, "pt": 1.33}
_SPACING = lazyre.compile(
    r"(?:margin|padding)(?:-(?:top|right|bottom|left|inline|block))?(?:-(?:start|end))?"
)
_SIZES = frozenset({"width", "max-width", "inline-size", "max-inline-size"})
_HEIGHTS = frozenset({"height", "max-height", "block-size", "max-block-size"})
_CLIPS = lazyre.compile(r"(?:^|;)\s*overflow(?:-[xy])?\s*:\s*(?:hidden|clip|scroll|auto)")
_DISPLAYS = frozenset(
    {"block", "inline", "inline-block", "flex", "inline-flex", "grid", "inline-grid",
     "flow-root", "list-item", "table", "table-cell", "table-row", "inline-table"}
)  # fmt: skip
_NUMBER = lazyre.compile(r"([-+]?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?)(%|[a-z]*)")
_KEYWORDS = frozenset(
    {"auto", "none", "normal", "inherit", "initial", "unset", "fit-content", "max-content",
     "min-content", "larger", "smaller", "medium", "large", "x-large", "xx-large", "small",
     "x-small", "xx-small"}
)  # fmt: skip


def _at_least(value: str, least: float = 0.0, units: dict[str, float] | None = None) -> bool:
    """Is this CSS value one number above `least` (scaled per unit), or a keyword?"""
    if value in _KEYWORDS:
        return True
    m = _NUMBER.fullmatch(value)
    if m is None:
        return False
    try:
        number = float(m.group(1))
    except ValueError:
        return False
    scale = (units or {}).get(m.group(2), 1.0)
    return number == number and number * scale > least  # (NaN is no number)


def _wide(value: str) -> bool:
    """Is a width that clips what overflows wide enough to show a line: a keyword, half
    or more, 200px or more?"""
    return _at_least(value, 199.0, {"%": 4.0, "em": 16.0, "rem": 16.0, "vw": 4.0, "ch": 8.0})


def _font_shows(value: str) -> bool:
    """Does a `font` shorthand give a size of at least 8px (its size, before a `/`)?"""
    words = value.split()
    sizes = [w.split("/")[0] for w in words if w[:1].isdigit() or w[:1] in ".-+"]
    return all(_at_least(w, 7.99, _FONT_UNITS) for w in sizes) and not any("(" in w for w in words)


def _surely_showing(css: str) -> bool:
    """Does every declaration of this (decoded, lower-case) style surely show its
    element's text?"""
    clips = _CLIPS.search(css) is not None
    for decl in css.split(";"):
        if not decl.strip():
            continue
        prop, colon, value = decl.partition(":")
        prop, value = prop.strip(), value.replace("!important", "").strip()
        measured = value.startswith(("var(", "calc(", "min(", "max(", "clamp("))
        ok = bool(colon) and (
            prop.startswith("--")  # (a custom property: read only where a width reads it)
            or (prop in _SHOWING and not (clips and prop in _CLIPPED))
            or (prop == "text-indent" and not clips and _at_least(value, -1e-9))
            or (
                _SPACING.fullmatch(prop) is not None
                and not value.startswith("-")
                and "-" not in value.replace("-0", "")
            )
            or (prop in _SIZES and (_wide(value) if clips else _at_least(value) or measured))
            or (
                prop in _HEIGHTS and (value in ("auto", "none") or (_at_least(value) and not clips))
            )
            or (prop in _NOT_NEGATIVE and not value.startswith("-") and _at_least(value, -1e-9))
            or (prop == "font" and _font_shows(value))
            or (prop == "font-size" and _at_least(value, 7.99, _FONT_UNITS))
            or (prop == "opacity" and _at_least(value.removesuffix("%")))
            or (prop == "transform" and value == "none")
            or (prop == "display" and value in _DISPLAYS)
            or (prop == "visibility" and value == "visible")
            or (prop == "position" and value in ("static", "relative", "sticky"))
            or prop.startswith("overflow")  # (it clips only what a size cuts: above)
        )
        if not ok:
            return False
    return True


def _css(value: str) -> str:
    """An inline style's value as CSS reads it: entities and escapes decoded, comments
    out, in lower case."""
    import html

    css = html.unescape(value).strip("\"'")
    css = re.sub(r"/\*.*?(?:\*/|$)", "", css, flags=re.DOTALL)
    css = re.sub(
        r"\\([0-9a-fA-F]{1,6})\s?",
        lambda m: chr(int(m.group(1), 16)) if int(m.group(1), 16) < 0x110000 else "",
        css,
    )
    return re.sub(r"\\(.)", r"\1", css).lower()


# What an inline style may set and paint nothing past its element's own box, over other
# text (round 87: an `outline` or a `box-shadow` of 100em in white covered the page but
# one word; round 88: a box `position:absolute` put over it, a border image's outset, a
# glyph of 80em on a line 0 high, a text stroke, a motion path...). Any other property
# may: a page that holds one has no quote that counts. Lengths are read where a length
# alone may reach past the box (_REACHES: 8px or more), a margin where below zero.
_INERT = frozenset(
    {
        "color", "background-color", "background", "background-image", "font-weight",
        "font-style", "font-family", "font-variant", "font-stretch", "font-kerning",
        "font-feature-settings", "font-variant-numeric", "font-optical-sizing",
        "text-rendering", "text-align", "text-transform", "text-decoration",
        "text-decoration-line", "text-decoration-color", "text-decoration-style",
        "text-decoration-thickness", "white-space", "word-break", "overflow-wrap",
        "word-wrap", "hyphens", "tab-size", "display", "width", "height", "min-width",
        "min-height", "max-width", "max-height", "inline-size", "block-size",
        "min-inline-size", "min-block-size", "max-inline-size", "max-block-size",
        "border-style", "border-color", "border-radius", "border-collapse", "box-sizing",
        "list-style", "list-style-type", "list-style-position", "float", "clear", "cursor",
        "opacity", "visibility", "font-size", "flex", "flex-grow", "flex-shrink",
        "flex-basis", "flex-wrap", "flex-direction", "flex-flow", "gap", "row-gap",
        "column-gap", "align-items", "align-self", "align-content", "justify-content",
        "justify-items", "justify-self", "place-items", "place-content", "place-self",
        "order", "grid-template-columns", "grid-template-rows", "grid-column", "grid-row",
        "grid-area", "grid-auto-flow", "columns", "column-count", "column-width",
        "column-rule", "overflow", "overflow-x", "overflow-y", "quotes", "caption-side",
        "empty-cells", "table-layout", "user-select", "content-visibility", "direction",
        "unicode-bidi", "writing-mode", "text-orientation", "object-fit", "aspect-ratio",
        "vertical-align", "z-index", "letter-spacing", "word-spacing", "border-spacing",
        "font", "transition", "transition-property", "transition-duration",
        "background-size", "background-position", "background-repeat", "background-clip",
        "background-origin", "background-attachment",
    }
) | _FACES  # fmt: skip
# Elements laid out as blocks: their border and padding push what follows (they paint no
# other text) where an inline element's reach over the lines around it (the review).
_BLOCKS = frozenset(
    "div p section article aside header footer nav main blockquote pre table td th tr ul"
    " ol li dl dt dd figure figcaption details summary h1 h2 h3 h4 h5 h6 form fieldset"
    " hr".split()
)
_REACHES = lazyre.compile(
    r"outline(?:-width|-offset)?|box-shadow|text-shadow"
    r"|text-indent|text-underline-offset|border(?:-(?:top|right|bottom|left|width|block"
    r"|inline)(?:-width)?)?|padding[a-z-]*"
)
_SOFT = lazyre.compile(r"box-shadow|text-shadow")  # (a shadow's blur: soft, 24px or more)
_COLOR = lazyre.compile(r"(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch|color)\([^)]*\)|#[0-9a-f]{3,8}\b")
_LENGTH = lazyre.compile(
    r"(-?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?)(px|em|rem|%|vw|vh|pt|ch|ex|vmin|vmax|cm|mm|in)?"
)
_PX = {"em": 16.0, "rem": 16.0, "%": 8.0, "vw": 8.0, "vh": 8.0, "pt": 1.33, "ch": 8.0,
       "ex": 8.0, "vmin": 8.0, "vmax": 8.0, "cm": 38.0, "mm": 3.8, "in": 96.0}  # fmt: skip


# A tag the readers do not read as one: a quoted value past what their patterns take (500
# characters: bounded, so that an opening never closed costs a few hundred steps), or a
# declaration past 2,000. Read as text, its attribute would be a paragraph's words and a
# body's numbers (round 90: a quote in a 1,200-character `title`, an `alt`, an `href`).
_LONG_TAG = lazyre.compile(
    r"<[A-Za-z][A-Za-z0-9-]*(?=[\s/>])"
    r"(?:[^<>\"'=]|=\s*(?:[^\s\"'=<>`]+|\"[^\"]{0,499}\"|'[^']{0,499}'))*+"
    r"=\s*(?:\"[^\"]{500}|'[^']{500})"
    r"|<![A-Za-z][^>]{2000}"
)


def long_tag(text: str, html: bool = True) -> str | None:
    """The first tag in the page (outside code: as markdown reads it, and as HTML does
    where the page may be HTML, `html`) with a value longer than the readers read, its
    start as written; None."""
    if "<" not in text:
        return None
    m = _LONG_TAG.search(without_code(text))
    if m is None and html:
        m = _LONG_TAG.search(without_code(text, markdown=False))
    return None if m is None else f"{text[m.start() : m.start() + 40]}..."


_SHRINKS = lazyre.compile(r"(?i)<(/)?(small|sub|sup)(?=[\s/>])")


def shrunk(text: str) -> str | None:
    """Where the page nests elements that shrink their text more than three deep
    (`<small>` in `<small>`...: each a sixth smaller, thirty of them a speck, round
    91), as written, outside code as markdown or HTML reads it; None. Each name's
    closing tag closes its own (a stray `</sup>` opens no `<small>`: the review)."""
    if "<" not in text:
        return None
    for masked in (without_code(text), without_code(text, markdown=False)):
        depth = dict.fromkeys(("small", "sub", "sup"), 0)
        for m in _SHRINKS.finditer(masked):
            name = m.group(2).lower()
            depth[name] = max(0, depth[name] - 1) if m.group(1) else depth[name] + 1
            if sum(depth.values()) > 3:
                return f"<{name}> nested {sum(depth.values())} deep"
    return None


def paints_over(text: str) -> str | None:
    """The first inline style in the page that may paint over other text, as written
    (`prop:value`), or an SVG drawn past its box (`overflow="visible"`); None."""
    if "style" not in text and "<svg" not in text.lower():
        return None
    from receipt_gate.reading.masking import without_code

    for tag in HTML_TAG.finditer(without_code(text)):  # (a style a code sample shows: none)
        for a in _AN_ATTRIBUTE.finditer(tag.group(3)):
            key = a.group(1).lower()
            value = a.group()[len(a.group(1)) :].lstrip(" \t=")
            if key == "overflow" and tag.group(2).lower() == "svg" and "visible" in value.lower():
                return f"overflow={value}"
            if key != "style":
                continue
            css = _css(value)
            block = tag.group(2).lower() in _BLOCKS
            for decl in css.split(";"):
                prop, _, said = decl.partition(":")
                prop, said = prop.strip(), said.replace("!important", "").strip()
                if (
                    block
                    and prop.startswith(("padding", "border"))
                    and not prop.startswith("border-image")
                ):
                    continue
                if prop and _paints(prop, said, css):
                    return f"{prop}:{said}"
    return None


def _paints(prop: str, value: str, css: str) -> bool:
    """May this declaration of an inline style (`css`, the whole) paint past its box?"""
    if prop.startswith("--"):
        return False  # (a custom property: read where a property uses it, var(): below)
    if "var(" in value or "calc(" in value or "env(" in value:
        return prop not in _INERT
    if prop == "position":
        return value not in ("static", "relative", "initial", "unset", "inherit")
    if prop in ("top", "left", "right", "bottom") or prop.startswith("inset"):
        return re.search(r"position\s*:\s*(?:relative|sticky)", css) is not None
    if prop == "line-height":  # (a glyph taller than its line reaches the next)
        return not _at_least(value, 0.99, {"px": 1 / 16, "em": 1.0, "rem": 1.0, "%": 0.01})
    lengths = _lengths(_COLOR.sub(" ", value))
    if prop.startswith("margin"):
        return any(x <= -8.0 for x in lengths)
    if prop.startswith("padding") and not re.search(r"background(?:-color|-image)?\s*:", css):
        return False
    if _REACHES.fullmatch(prop):
        return any(abs(x) >= (24.0 if _SOFT.fullmatch(prop) else 8.0) for x in lengths)
    return prop not in _INERT


def _lengths(value: str) -> list[float]:
    out = []
    for n, unit in _LENGTH.findall(value):
        try:
            out.append(float(n) * _PX.get(unit, 1.0))
        except ValueError:
            continue
    return out


def _hiding_style(value: str) -> bool:
    """May this inline style take its element out of sight?"""
    return _HIDING_CSS.search(re.sub(r"\s+", "", _css(value))) is not None


def words_shown(text: str) -> str:
    """The page with everything blanked (line breaks kept) that a reader may not be shown,
    and every tag's own text: the reading whose words ai-tells counts, so padding no
    reader is surely shown cannot dilute what the page shows. Template blocks, styled
    blocks, abbreviations, unreferenced notes and comments as surely_seen has them; of
    HTML, the elements that may hide their text (not every one that is not known to
    show it: a `<details>` is read). A class or an id may hide: the site's theme brings
    style sheets the page does not name (MkDocs' default theme hides `.d-none`). An HTML
    block's text is no word either: Hugo omits raw HTML by default."""
    if _plain(text):
        return text
    masked = without_code(text)
    spans = [
        *_unseen(text, masked, _may_hide),
        *(_pairs(masked, _CDATA) if "<![" in masked else ()),
        *(_pairs(masked, _INSTRUCTION) if "<?" in masked else ()),
    ]
    spans += _unreferenced_notes(text, spans)
    if "<" in masked:
        spans += [m.span() for m in _LOOSE_TAG.finditer(masked)]  # markup, not words
        # An HTML block's text: Hugo's default renderer omits raw HTML ("raw HTML
        # omitted"), so its words need not reach a reader.
        shown = _html_out(text)
        spans += [
            (m.start(), m.end())
            for m in re.finditer(r"[^\n]+", text)
            if not shown[m.start() : m.end()].strip() and m.group().strip()
        ]
    return blanked(text, spans) if spans else text


def _may_hide(name: str, attributes: str) -> bool:
    """Whether an element may hide its words: a class or an id (a theme's style sheet),
    and any inline style that does not surely show them (round 83: 3,000 words at
    `font-size:0.5px`, or white on white, diluted a page's AI tells)."""
    return _hides(name, attributes, ("hidden", "class", "id"), surely=True)


def hides_surely(name: str, attributes: str) -> bool:
    """Does an element hide its text whatever the site's style sheets say: one whose text
    a page does not show, `hidden` or `popover`, an inline style that does not surely
    show it (_surely_showing; not a class or an id: a layout's every wrapper has them)?"""
    if name.lower() == "noembed":
        return True
    if name.lower() == "details" and not _has_attribute(attributes, "open"):
        return True  # (closed: a reader sees its summary until a click)
    return _hides(name, attributes, ("hidden", "popover"), surely=True)


def hidden_by_markup(text: str) -> list[tuple[int, int]]:
    """Each element of a template's text that surely hides what it holds (nested as HTML
    nests them, its tags read as HTML's tokenizer reads them: a `>` in a quoted value, a
    `<` in a name or an unquoted value), from its opening tag to its closing one."""
    return _hidden_elements(text, hides_surely, HTML_TAG)


# A tag as HTML's tokenizer reads one: its name, then attributes, each value quoted only
# after its `=` (a quote elsewhere, a `<`, is part of a name or an unquoted value), up to
# a `>` outside a value, or the end of the text.
HTML_TAG = lazyre.compile(
    r"""<(/?)([A-Za-z][^\s/>]*+)((?:[\s/]++|[^\s/>][^\s/>=]*+(?:\s*+=\s*+(?:"[^"]*+"?"""
    r"""|'[^']*+'?|[^\s>]*+))?)*+)(?:>|\Z)"""
)


def tag_spans(text: str) -> list[tuple[int, int]]:
    """Where each tag of a template's text is, as HTML's tokenizer reads tags."""
    return [m.span() for m in HTML_TAG.finditer(text)] if "<" in text else []


def _has_attribute(attributes: str, wanted: str) -> bool:
    """Is an attribute of this name among these (not a word in another's value)?"""
    return any(a.group(1).lower() == wanted for a in _AN_ATTRIBUTE.finditer(attributes))


def _hides(name: str, attributes: str, keys: tuple[str, ...], surely: bool = False) -> bool:
    lower = name.lower()
    if lower in _UNSHOWN:
        return not (lower == "dialog" and _has_attribute(attributes, "open"))
    for a in _AN_ATTRIBUTE.finditer(attributes):
        key = a.group(1).lower()
        value = a.group()[len(a.group(1)) :].lstrip(" \t=")
        if key in keys:
            return True
        if key == "style" and (
            value.startswith("{")
            or (not _surely_showing(_css(value)) if surely else _hiding_style(value))
        ):
            return True  # (a JSX style object, `style={{display: "none"}}`: may hide)
        if key in ("width", "height") and _ZERO.match(value):
            return True
    return False


def _front_matter_out(text: str) -> str:
    """The text with only its front matter blanked: Jekyll runs Liquid over the rest,
    code and comments too, so a condition there still decides what is printed."""
    from receipt_gate.reading.frontmatter import block_end

    lines = text.split("\n")
    end = block_end(lines)[1]
    return "\n".join(" " * len(line) if i < end else line for i, line in enumerate(lines))


def _surely_shown(name: str, attributes: str) -> bool:
    """Does an element of this name surely show its text with these attributes: each one
    that shows (a style too, where it only sets a font's weight, slant or variants, a
    case or an underline: _plain_style; round 90 f01, a `font-weight:bold` span)?"""
    if name.lower() not in _SHOWN_ELEMENTS:
        return False
    for a in _AN_ATTRIBUTE.finditer(attributes):
        key = a.group(1).lower()
        if key == "style":
            if not _plain_style(_css(a.group()[len(a.group(1)) :].lstrip(" \t\n="))):
                return False
        elif key not in _SHOWN_ATTRIBUTES:
            return False
    return True


# What a quote's own element may style and surely show its words as written, at their
# size, in place (round 90 f01: an honest bold span): a font's weight, slant and
# variants, a case, an underline. Not the wider list the word readers trust (round 91: a
# line-through, a 100000px margin, a dark background, a near-zero opacity, a variable
# passed every rule), nor any value a variable or a function gives.
_PLAIN_STYLES = frozenset(
    {"font-weight", "font-style", "font-variant", "font-variant-caps",
     "font-variant-ligatures", "font-variant-numeric", "font-variant-east-asian",
     "font-kerning", "font-optical-sizing", "text-rendering", "text-transform"}
)  # fmt: skip
_UNDERLINES = frozenset({"none", "underline", "solid", "dotted", "dashed", "double", "wavy"})


def _plain_style(css: str) -> bool:
    """Does every declaration of this (decoded, lower-case) inline style keep its
    element's words shown as written (_PLAIN_STYLES, an underline)?"""
    for decl in css.split(";"):
        if not decl.strip():
            continue
        prop, colon, value = decl.partition(":")
        prop, value = prop.strip(), value.replace("!important", "").strip()
        if not colon or "(" in value or not value:
            return False
        if prop in ("text-decoration", "text-decoration-line"):
            if not set(value.split()) <= _UNDERLINES:
                return False
        elif prop == "font-family":  # (a text face: a symbol font draws other glyphs)
            if not all(f.strip(" '\"") in _TEXT_FACES for f in value.split(",")):
                return False
        elif prop == "font-size":  # (a reader's size: none so small nesting hides it)
            if not _READABLE_SIZE.fullmatch(value):
                return False
        elif prop not in _PLAIN_STYLES:
            return False
    return True


# Faces that draw text as text (round 93 f01: `font-family: Georgia, serif` was refused;
# Wingdings, Webdings, Symbol or a web font the page loads may draw other glyphs).
_TEXT_FACES = frozenset(
    {"serif", "sans-serif", "monospace", "system-ui", "ui-serif", "ui-sans-serif",
     "ui-monospace", "ui-rounded", "-apple-system", "blinkmacsystemfont", "georgia",
     "arial", "helvetica", "helvetica neue", "times", "times new roman", "verdana",
     "tahoma", "trebuchet ms", "courier", "courier new", "garamond", "palatino",
     "palatino linotype", "book antiqua", "cambria", "calibri", "candara", "segoe ui",
     "roboto", "open sans", "lato", "inter", "source sans pro", "noto sans", "noto serif",
     "menlo", "consolas", "monaco", "lucida grande", "lucida console", "sf mono",
     "fira code", "fira sans", "dejavu sans", "dejavu serif", "liberation sans",
     "liberation serif", "arial black", "gill sans", "optima", "baskerville"}
)  # fmt: skip
# A font size a reader reads at, however deep it nests: absolute, from 12px (9pt, 0.75rem)
# to 64px; relative to its parent only as large or larger (to twice); a keyword that is no
# smaller than the page's.
_READABLE_SIZE = lazyre.compile(
    r"(?:1[2-9]|[2-5]\d|6[0-4])(?:\.\d+)?px|(?:9|[1-3]\d|4[0-8])(?:\.\d+)?pt"
    r"|(?:0?\.(?:7[5-9]|[89]\d*)|[1-3](?:\.\d+)?|4(?:\.0+)?)rem"
    r"|(?:1(?:\.\d+)?|2(?:\.0+)?)em|(?:1\d\d|200)(?:\.\d+)?%"
    r"|medium|large|x-large|xx-large|larger"
)


def _hidden_elements(
    text: str, hides: Callable[[str, str], bool] | None = None, tags: re.Pattern[str] | None = None
) -> list[tuple[int, int]]:
    """Each element a reader may not see (or, given `hides`, each it says may hide its
    text), from its opening tag to its closing one (the end of the text when it has
    none)."""
    if "<" not in text:
        return []
    out = []
    stack = _Open()
    hiding_from, hiding_depth = -1, -1
    for m in (tags or _LOOSE_TAG).finditer(text):
        if _AUTOLINK.fullmatch(m.group()) and not _tag_hides(m.group()):
            continue  # (a link markdown shows, `<https://x.org/>`: no element to HTML either)
        closing, name = m.group(1) == "/", m.group(2).lower()
        strict = _A_TAG.fullmatch(m.group())
        if closing:
            # (a stray closing tag, or one out of scope: HTML ignores it)
            at = stack.in_scope(name) if tags is not None else stack.innermost(name)
            if at < 0:
                continue
            # (a hiding formatting element closed by another's tag is built again around
            # what follows, as HTML's tree builder does: hidden to the end, here)
            kept = tags is not None and hiding_from >= 0 and at < hiding_depth - 1 < len(stack)
            if kept and stack.names[hiding_depth - 1] in _FORMATTING:
                break
            stack.cut(at)
            if hiding_from >= 0 and len(stack) < hiding_depth:
                out.append((hiding_from, m.end()))
                hiding_from = -1
            continue
        if name in _VOID:
            continue  # no text of its own (an image's is an attribute)
        if tags is not None and name == "body" and stack.innermost("head") >= 0:
            stack.cut(stack.outermost("head"))  # (`</head>` is implied: the body starts)
            if hiding_from >= 0 and len(stack) < hiding_depth:
                out.append((hiding_from, m.start()))
                hiding_from = -1
        if hides is not None:
            hidden = hides(name, m.group(3))
        else:
            hidden = strict is None or not _surely_shown(name, strict.group(3))
        if hiding_from < 0 and hidden:
            hiding_from, hiding_depth = m.start(), len(stack) + 1
        stack.push(name)  # (`/>` closes only a void element)
    if hiding_from >= 0:
        out.append((hiding_from, len(text)))
    return out


def _tag_hides(tag: str) -> bool:
    """Does HTML's own reading of this tag give it an attribute that may hide its text
    (`<xy:/hidden>` is an element `xy:` with `hidden`: no autolink to Python-Markdown)?"""
    h = HTML_TAG.match(tag)
    return h is not None and (
        _may_hide(h.group(2), h.group(3)) or hides_surely(h.group(2), h.group(3))
    )


class _Open:
    """The open elements, innermost last, with where each name and each scope element
    is open: a closing tag finds what it closes in O(1) (a page of closing tags out of
    scope once cost a scan of the stack each)."""

    def __init__(self) -> None:
        self.names: list[str] = []
        self.at: dict[str, list[int]] = {}
        self.scopes: list[int] = []

    def __len__(self) -> int:
        return len(self.names)

    def push(self, name: str) -> None:
        self.at.setdefault(name, []).append(len(self.names))
        if name in _SCOPE:
            self.scopes.append(len(self.names))
        self.names.append(name)

    def cut(self, at: int) -> None:
        """Close the element open at `at` and all inside it."""
        while len(self.names) > at:
            name = self.names.pop()
            self.at[name].pop()
            if self.scopes and self.scopes[-1] == len(self.names):
                self.scopes.pop()

    def innermost(self, name: str) -> int:
        """Where the innermost element of this name is open, or -1."""
        got = self.at.get(name)
        return got[-1] if got else -1

    def outermost(self, name: str) -> int:
        got = self.at.get(name)
        return got[0] if got else -1

    def in_scope(self, name: str) -> int:
        """Where the element a closing tag of this name closes is open, as HTML's tree
        builder finds it (not past a table, a cell, an object...), or -1."""
        at = self.innermost(name)
        if at < 0 or name in _TABLE_PARTS or not self.scopes:
            return at
        return at if at >= self.scopes[-1] else -1


# HTML's formatting elements, which its tree builder opens again when another element's
# closing tag closed them early.
_FORMATTING = frozenset(
    {"a", "b", "big", "code", "em", "font", "i", "nobr", "s", "small", "strike", "strong",
     "tt", "u"}
)  # fmt: skip
# Elements a closing tag of another element does not reach past (HTML's "in scope": a
# `</div>` in a table cell closes no `<div>` around the table), but for a table's own.
_SCOPE = frozenset(
    {"applet", "caption", "html", "table", "td", "th", "marquee", "object", "template",
     "svg", "math", "foreignobject", "select"}
)  # fmt: skip
_TABLE_PARTS = frozenset({"table", "tbody", "thead", "tfoot", "tr", "td", "th", "caption"})


def template_blocks(text: str) -> list[tuple[int, int]]:
    """What a template block holds: from a Liquid/Nunjucks block tag to its `end` tag,
    and a Hugo shortcode's inner text, to its closing shortcode. A raw block is none:
    Liquid and Nunjucks print what it holds as written (round 89 f05)."""
    if "{" not in text:
        return []
    from receipt_gate.reading.inline import TAGS

    out = []
    opened: list[tuple[str, int]] = []
    for m in TAGS.finditer(text):
        tag = m.group()
        if (b := _BLOCK_TAG.match(tag)) is not None:
            end, name = b.group(1), b.group(2)
            if name in _VERBATIM:
                continue
            if not end:
                opened.append((name, m.start()))
                continue
        elif (c := _SHORTCODE.match(tag)) is not None:
            name = f"{c.group(1)}{c.group(3)}"
            if not c.group(2):
                opened.append((name, m.start()))
                continue
        else:
            continue
        for i in range(len(opened) - 1, -1, -1):
            if opened[i][0] == name:
                out.append((opened[i][1], m.end()))
                del opened[i:]
                break
    return out


_VERBATIM = frozenset({"raw", "verbatim"})


def _styled_blocks(text: str, written: str | None = None) -> list[tuple[int, int]]:
    """Each block an attribute list styles: the block beside a kramdown attribute list on
    a line of its own (both: after it and before it), and a block with one inside it.
    The blocks as `written` (the text before its code was blanked: a code span that
    opens a paragraph, blanked, read as an indented code block, round 92)."""
    if "{" not in text:
        return []
    from receipt_gate.reading.markdown import blocks

    lines = text.split("\n")
    offsets = [0]
    for line in lines:
        offsets.append(offsets[-1] + len(line) + 1)
    found = [b for b in blocks(written if written is not None else text) if b.kind != "code"]
    ial: dict[int, bool] = {
        text.count("\n", 0, m.start()): m.group().lstrip(" ").startswith("{::")
        for m in _IAL_LINE.finditer(text)
        if not _ID_ONLY.fullmatch(m.group().strip())
    }
    out = []
    for b in found:
        block = text[offsets[b.start] : offsets[b.end] - 1]
        beside = any(
            # (`{::options /}` is kramdown's extension, no attribute list: one only as a
            # block's last line, where Python-Markdown reads `{:` and an attribute, 89 f04)
            b.start < n == b.end - 1 if extension else b.start - 1 <= n <= b.end
            for n, extension in ial.items()
        )
        styled = any(not _ID_ONLY.fullmatch(a.group()) for a in _ATTRIBUTES.finditer(block))
        styled = styled or _ALD_REF.search(block) is not None
        if beside or styled:
            out.append((offsets[b.start], offsets[b.end] - 1))
    return out


def _html_out(text: str) -> str:
    """The text with its HTML blocks blanked (line breaks kept)."""
    from receipt_gate.reading.markdown import blocks

    lines = text.split("\n")
    for b in blocks(text):
        if b.kind == "html":
            lines[b.start : b.end] = [" " * len(line) for line in lines[b.start : b.end]]
    return "\n".join(lines)


# A footnote reference.
_NOTE_REF = lazyre.compile(r"(?<!\\)\[\^([^\]\s]{1,999})\](?!:)")  # (a label: 999 at most)


def _note_end(text: str, at: int) -> int:
    """Where the footnote definition whose label ends at `at` ends: its line, and the
    lines it holds after it (indented, or running on before a blank line)."""
    end = text.find("\n", at)
    end = len(text) if end < 0 else end
    blank = False
    while end < len(text):
        nxt = text.find("\n", end + 1)
        line = text[end + 1 : len(text) if nxt < 0 else nxt]
        if _NOTE_DEF.match(line) or (
            blank and line.strip() and not line.startswith(("    ", "\t"))
        ):
            break
        blank = not line.strip()
        end = len(text) if nxt < 0 else nxt
    return end


def _unreferenced_notes(
    text: str, unseen: Sequence[tuple[int, int]] = (), rendered: bool = True
) -> list[tuple[int, int]]:
    """Each footnote definition a reader may not be shown: one no shown reference names
    (a reference counts where the page's prose shows it, as a quote would be: not in a
    tag, a template tag or block, a code span, a link's destination or definition, a
    table cell the table drops, a comment, what `unseen` holds; or in the definition of
    a note that is shown), and every definition of a label defined twice (goldmark and
    GitHub print the first, kramdown the last); not `rendered` (no footnotes): every
    definition."""
    if "[^" not in text:
        return []
    from receipt_gate.reading.prose import prose_lines

    notes: dict[str, list[tuple[int, int]]] = {}
    for m in _NOTE_DEF.finditer(text):
        notes.setdefault(m.group(1), []).append((m.start(), _note_end(text, m.end())))
    if not rendered:
        return sorted(span for spans in notes.values() for span in spans)
    pre = re.sub(  # tags, HTML blocks and link destinations show no reference
        r"<[^<>]*>|\]\([^)\n]*\)",
        lambda m: " " * len(m.group()),
        _html_out(blanked(text, unseen)),
    )
    refs = list(_NOTE_REF.finditer(pre))
    # Each reference made a word of its own length, to see whether the prose keeps it.
    marked = list(pre)
    for m in refs:
        marked[m.start() : m.end()] = "x" * (m.end() - m.start())
    prose = "\n".join(prose_lines("".join(marked)))
    shown = [m for m in refs if all(prose[i] not in " \0" for i in range(m.start(), m.end()))]
    defined = sorted(span for spans in notes.values() for span in spans)
    starts = [start for start, _ in defined]
    inside = [m for m in shown if within(m.start(), defined, starts)]
    referenced = {m.group(1) for m in shown if not within(m.start(), defined, starts)}
    todo = list(referenced)
    while todo:  # a shown note's own references show the notes they name
        for start, end in notes.get(todo.pop(), [])[:1]:
            for m in inside:
                if start <= m.start() < end and m.group(1) not in referenced:
                    referenced.add(m.group(1))
                    todo.append(m.group(1))
    return [
        span
        for label, spans in notes.items()
        if label not in referenced or len(spans) > 1
        for span in spans
    ]
