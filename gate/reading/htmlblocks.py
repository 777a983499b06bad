"""HTML blocks as the renderers show them: which kinds' text a reader sees, what the
others still show, and where an element spans blank lines (gate.reading.prose)."""

from __future__ import annotations

import re

from receipt_gate.base import lazyre

# A declaration whose name is not upper case: an HTML block to CommonMark 0.31 (and
# markdown-it), text to GitHub's cmark-gfm: read as text, it is read either way.
LOWER_DECLARATION = lazyre.compile(r"[ \t]*<![a-z]")

# HTML blocks whose text a reader sees (a <div> or <p> block, any other tag): not a
# comment, a declaration, CDATA, a processing instruction or <script>/<style>.
SHOWN_HTML = (6, 7)
# In the other HTML blocks (CommonMark's 1 to 5), what some renderer still shows: the
# text after a comment on its last line (`<!-- x --> In conclusion`: the block is the
# whole line, and every generator prints it), a <textarea>'s text, and what kramdown
# escapes into text (a processing instruction, a declaration, CDATA). Not shown:
# comments, scripts, styles, and <pre> (code, as a code block is), but a <pre> styled or
# built as prose (see _PROSE_PRE).
# (A comment as a browser reads it: `<!-->` is one, and `--!>` ends one; a tag is named
# by letters, digits and hyphens: <script-x> is an element the browser shows.)
_UNSHOWN = lazyre.compile(
    r"(?is)<!---?>|<!--.*?(?:--!?>|\Z)|<(script|style|pre)(?![\w-]).*?"
    r"(?:</\1\s*>|\Z)"
    r"|<\?|\?>|<!\[CDATA\[|\]\]>|<!(?=[A-Za-z])"
)


def unshown(block: str) -> str:
    return _UNSHOWN.sub(_blank_unshown, block)


# A <pre> that reads as prose: styled (`white-space: pre-wrap; font-family: inherit`
# makes it a paragraph), or holding paragraphs or line breaks of its own.
_PROSE_PRE = lazyre.compile(r"(?is)<pre\b[^>]*\sstyle\s*=|<pre\b.*?<(?:p|br|div)\b")


def _blank_unshown(m: re.Match[str]) -> str:
    if (m.group(1) or "").lower() == "pre" and _PROSE_PRE.match(m.group()):
        return m.group()
    return re.sub(r"[^\n]", " ", m.group())


# An element a browser does not show (`hidden`, `display: none`, `visibility: hidden`).
HIDDEN_ELEMENT = lazyre.compile(
    r"<([A-Za-z][A-Za-z0-9]*)\b[^<>]{0,500}?(?:\shidden(?=[\s/>=])|\sstyle\s*=\s*[\"']"
    r"[^\"'<>]{0,500}?(?:display\s*:\s*none|visibility\s*:\s*hidden))[^<>]{0,500}>"
    r"[^<]{0,500}?</\1\s*>",
    re.IGNORECASE,
)
# What a browser may not show of a page: a template's content, CDATA (as HTML parses
# it), what stands in for a frame, an embed, an object or a script that runs, a dialog
# not opened, a datalist's options.
_NEVER_SHOWN = lazyre.compile(
    r"(?is)<(template|iframe|noembed|noframes|noscript|object|datalist)(?![\w-])"
    r".*?(?:</\1\s*>|\Z)|<dialog(?![\w-])(?![^>]*\sopen)[^>]*>.*?(?:</dialog\s*>|\Z)"
    r"|<!\[CDATA\[.*?(?:\]\]>|\Z)"
)


def unseen(text: str) -> str:
    """The text with what a browser may not show blanked (hidden elements, templates,
    CDATA), line breaks kept: what may support a claim is only what readers surely see."""
    if "<" not in text:
        return text
    for rx in (HIDDEN_ELEMENT, _NEVER_SHOWN):
        text = rx.sub(lambda m: re.sub(r"[^\n]", " ", m.group()), text)
    return text
