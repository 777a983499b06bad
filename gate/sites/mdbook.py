"""mdBook: a book found by its `book.toml` (at the top or in a folder of its own), whose
pages are what its `SUMMARY.md` links (in the `src` folder book.toml names): mdBook
renders those chapters and nothing else of its markdown, and copies every other file of
`src` as it is (a `.html` page, a `.MD` too: its extension test is exact).

Its draft marker is the table of contents itself: a draft chapter is an entry with an
empty link (`[Title]()`), and a page SUMMARY.md does not link is not published. So the
gate's marker is `draft_markers: {listed_in: [src/SUMMARY.md]}`: a `.md` page of `src`
the summary does not link is held back; `adopt --unpublish` turns a failing chapter's
entry into a draft chapter (front matter would be printed as the chapter's text).

Read from mdBook's own parser (crates/mdbook-summary: links in list items and in the
prefix and suffix paragraphs, `%20` read as a space, paths relative to `src`) and its
HTML renderer (copy_files_except_ext(.., ["md"])); no mdBook is installed here to test
against, which tests/test_sites_mdbook.py says.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING

from receipt_gate.base import lazyre
from receipt_gate.sites.layout import Layout, any_case, config_place, merge, project_sites

if TYPE_CHECKING:
    from receipt_gate.sites.layout import Repo

KIND = "mdbook"
NAME = "mdBook"
CONFIG = lazyre.compile(r"(?:^|/)book\.toml$")
TOC = "SUMMARY.md"
# What a reader opens as a page when mdBook copies it as it is.
_COPIED = ("html", "htm", "xhtml", "xht", "shtml")


def detect(repo: Repo) -> Layout | None:
    books = sorted(
        project_sites([p for p in repo.paths if CONFIG.search(p) and config_place(p)]),
        key=lambda p: (p.count("/"), p),
    )
    if not books:
        return None
    found = [_book(repo, book) for book in books]
    where = [posixpath.dirname(b) for b in books]
    if len(books) == 1:
        name = f"an mdBook book in {where[0]}/" if where[0] else "an mdBook book"
    else:
        name = f"{len(books)} mdBook books ({', '.join(w + '/' if w else './' for w in where)})"
    return merge(found, name, repo.files)._replace(configs=tuple(books))


def source_folder(book: str, text: str) -> str:
    """The folder a book's chapters are in: `[book] src` of its book.toml (default src),
    relative to the book's folder."""
    import tomllib

    try:
        src = tomllib.loads(text).get("book", {}).get("src", "src")
    except (tomllib.TOMLDecodeError, AttributeError):
        src = "src"
    folder = posixpath.dirname(book)
    return posixpath.normpath(posixpath.join(folder, src if isinstance(src, str) else "src"))


def _book(repo: Repo, book: str) -> Layout:
    from receipt_gate.base import wildmatch

    src = source_folder(book, repo.read(book) or "")
    base = "" if src == "." else f"{src}/"
    toc = f"{base}{TOC}"
    drafts = [f"{base}**/*.{any_case(e)}" for e in ("md", *_COPIED)]
    return Layout(
        "an mdBook book",
        drafts,
        [f"{base}**/*.md"],  # (SUMMARY.md: its links' text is what the book titles pages)
        {"listed_in": [toc]},
        len(wildmatch.select(drafts, repo.paths)),
        [f"{base}**/*.md"],
    )


def listed(toc: str, text: str, surely: bool = False) -> frozenset[str]:
    """The pages this SUMMARY.md publishes, as repository paths: itself, and every page
    it links (a draft chapter, `[Title]()`, links none). Read wider than mdBook reads:
    a link anywhere (a heading, a table, a reference link, an entity or a percent
    escape in its destination) counts, since a page the gate takes for unpublished is
    a page it does not gate. `surely`: narrower than mdBook reads, the pages it surely
    builds (the first link of an entry, or of a paragraph of its own: not a second
    link, nor a part title's), since a page that supports must be one readers see."""
    src = posixpath.dirname(toc)
    out = {toc}
    for _, _, dest in _entries(text, surely):
        if dest:  # (wider: a percent escape decoded too, as a browser would)
            out.update([_path(src, dest)] if surely else [_path(src, dest), _path(src, dest, True)])
    return frozenset(out)


def nav_titles(toc: str, text: str) -> list[tuple[str, str]]:
    """What the book shows as titles from its SUMMARY.md, each with the page it titles
    ("" for none): each link's text (a chapter's name, in the sidebar and its page's
    <title>) and each heading (a part's title)."""
    from receipt_gate.reading.blocksyntax import references
    from receipt_gate.reading.links import find
    from receipt_gate.reading.markdown import blocks

    lines = text.split("\n")
    refs = references(text)
    out = []
    for b in blocks(text):
        if b.kind in ("code", "html"):
            continue
        block = "\n".join(
            line[col:] for line, col in zip(lines[b.start : b.end], b.cols, strict=True)
        )
        if b.kind == "heading":
            heading = re.sub(r"^#+[ \t]*|[ \t]+#*[ \t]*$", "", block.split("\n")[0])
            out.append((heading.strip(), ""))
        for link in find(block, refs, block):
            dest = link.dest if link.dest is not None else refs.get(link.label)
            dest = (dest or "").strip().strip("<>")
            if not link.image:
                page = _path(posixpath.dirname(toc), dest) if dest else ""
                out.append((block[link.text[0] : link.text[1]], page))
    return [(t, page) for t, page in out if t]


def includes_shown(toc: str, read: Callable[[list[str]], Mapping[str, str | None]]) -> bool:
    """Does the book whose chapters this SUMMARY.md lists expand their includes (one of
    the book.toml files whose `src` is its folder runs links)?"""
    folder = posixpath.dirname(toc) or "."
    books = read(["book.toml", "**/book.toml"])
    return any(
        runs_links(text)
        for book, text in books.items()
        if text and source_folder(book, text) == folder
    )


def runs_links(text: str) -> bool:
    """Does mdBook expand a chapter's includes for this book.toml: its `links`
    preprocessor runs unless `[build] use-default-preprocessors = false` turns the
    defaults off and no `[preprocessor.links]` turns it on again (round 53: the
    directive was printed, and what it named supported), and a `[preprocessor.links]`
    whose `renderers` do not list html runs it for none of the pages readers get. A
    book.toml the gate cannot read: no."""
    import tomllib

    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError:
        return False
    build, pre = doc.get("build", {}), doc.get("preprocessor", {})
    if not isinstance(build, dict) or not isinstance(pre, dict):
        return False
    links = pre.get("links")
    if links is not None:  # (named: it runs for the renderers it lists, all by default)
        renderers = links.get("renderers") if isinstance(links, dict) else None
        return renderers is None or (isinstance(renderers, list) and "html" in renderers)
    return build.get("use-default-preprocessors", True) is not False


# mdBook's preprocessor links: what a chapter includes is published as part of it.
_INCLUDE = lazyre.compile(r"\{\{\s*#(?:include|rustdoc_include|playground|template)\s+([^}\s]+)")


def includes(page: str, text: str, whole: bool = False) -> frozenset[str]:
    """The files a chapter includes (`{{#include ../x.md}}`, `{{#rustdoc_include}}`,
    `{{#playground}}`, `{{#template}}`), as repository paths (an anchor or a line range
    after a colon left out). `whole`: only those it surely shows whole, as its own text
    (no range or anchor: `x.md:1` prints one line; not escaped: `\\{{#include}}` prints
    the directive; not in a code block, where it is shown as code)."""
    if "{{" not in text:
        return frozenset()
    folder = posixpath.dirname(page)
    code = _code_lines(text) if whole else set()
    spans = [(m.start(), m.end()) for m in _INLINE_CODE.finditer(text)] if whole else []
    out = set()
    for m in _INCLUDE.finditer(text):
        dest, colon, _ = m.group(1).partition(":")
        if whole and (
            colon
            or (m.start() and text[m.start() - 1] == "\\")
            or text.count("\n", 0, m.start()) in code
            or any(a <= m.start() < b for a, b in spans)
        ):
            continue
        if dest:
            out.add(posixpath.normpath(posixpath.join(folder, dest)))
    return frozenset(out)


_INLINE_CODE = lazyre.compile(r"`+[^`]*`+")  # (a superset of the inline code spans)


def _code_lines(text: str) -> set[int]:
    """The lines of the chapter's code blocks, fenced or indented (0-based)."""
    from receipt_gate.reading.markdown import blocks

    return {n for b in blocks(text) if b.kind == "code" for n in range(b.start, b.end)}


def governs(toc: str, path: str) -> bool:
    """Is `path` a page whose publishing this SUMMARY.md decides (a `.md` page of its
    folder; mdBook copies any other file as it is)?"""
    src = posixpath.dirname(toc)
    return path.endswith(".md") and (not src or path.startswith(src + "/"))


def unlist(text: str, toc: str, paths: Sequence[str]) -> str:
    """SUMMARY.md with each entry that links one of these pages made a draft chapter
    (`[Title]()`): mdBook no longer publishes it."""
    src = posixpath.dirname(toc)
    wanted = set(paths)
    out, pos = [], 0
    for start, end, dest in _entries(text):
        if dest and _path(src, dest) in wanted:
            out += [text[pos:start], "()"]
            pos = end
    out.append(text[pos:])
    return "".join(out)


def _path(src: str, dest: str, decoded: bool = False) -> str:
    """The file a summary's link names, as mdBook reads it: entities decoded, `%20`
    alone of the percent escapes (`notes%2Emd` is a file of that name); `decoded`,
    every percent escape."""
    import html
    from urllib.parse import unquote

    dest = html.unescape(dest).split("#", 1)[0]
    dest = unquote(dest) if decoded else dest.replace("%20", " ")
    return posixpath.normpath(posixpath.join(src, dest)) if src else posixpath.normpath(dest)


_ITEM_MARKER = lazyre.compile(r"[ \t]*(?:[-*+]|[0-9]{1,9}[.)])[ \t]+$")


def _entries(text: str, first: bool = False) -> list[tuple[int, int, str]]:
    """(start, end, destination) of each link's `(...)` in the summary (for a reference
    link, its `[...]` label; the destination its definition gives): the links of every
    block but code, as CommonMark finds them. `first`: only the first link of a list
    item's opening paragraph, or of a paragraph that starts with it."""
    from receipt_gate.reading.blocksyntax import references
    from receipt_gate.reading.links import find
    from receipt_gate.reading.markdown import blocks

    lines = text.split("\n")
    offsets = [0]
    for line in lines:
        offsets.append(offsets[-1] + len(line) + 1)
    refs = references(text)
    out = []
    for b in blocks(text):
        if b.kind in ("code", "html"):
            continue
        if first and (
            b.kind != "paragraph"
            or not (
                _ITEM_MARKER.match(lines[b.start][: b.cols[0]])
                if b.listed
                else lines[b.start][b.cols[0] :].startswith("[")
            )
        ):
            continue
        start = offsets[b.start]
        block = text[start : offsets[b.end] - 1]
        for link in find(block, refs, block):
            if link.image:
                continue
            close = start + link.text[1]  # the `]`
            dest = link.dest if link.dest is not None else refs.get(link.label)
            if dest is not None:
                out.append((close + 1, start + link.end, dest.strip().strip("<>")))
            if first:
                break
    return out
