"""headline-numbers: no number the draft cites appears in a title of ours and in no body.

Titles are the accused, bodies decide, nothing else is corpus. How a number is read
(digits, words, scales, opaque tokens blanked) is receipt_gate_hooks.numerals; this
module reads the pages (titles as readers see them, bodies), keeps the corpus's index
and judges a draft. A version (3.6.0) in a body supports itself and its major.minor (a
title's 3.6). docs/checks.md's headline-numbers section gives the reason for each rule.
"""

from __future__ import annotations

import bisect
import json
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from receipt_gate import DOCS, GateError
from receipt_gate.base import lazyre
from receipt_gate.base.text import Draft
from receipt_gate.checks import Finding, Outcome
from receipt_gate.reading.direction import directed, may_reorder, open_at, shown_directed
from receipt_gate_hooks.numerals import (
    SUP_POWER,
    Token,
    drawn_tokens,
    major_minor,
    surely_read,
    tokens,
)

if TYPE_CHECKING:
    from receipt_gate.reading.literals import Engine
    from receipt_gate.rules.corpus import Pages

name = "headline-numbers"
version = 44
deterministic = True
# Where SARIF and code scanning point.
help_uri = DOCS + "checks.md#headline-numbers-numbers-that-live-only-in-a-headline"
required_by_default = True
settings = {"articles": ("posts/**/*.md",), "title_fields": ("title",), "suppressions": True}
kinds = {"articles": "globs"}
# Titles are the accused, bodies decide: the published articles are the corpus, and a
# receipt fingerprints, of it, only what its verdict read (the numbers the draft cites).
corpus = ("articles",)


def starter(layout: Any) -> tuple[bool, list[str], dict[str, object]]:
    """What `init` writes: required where the site has published articles."""
    if not layout.articles:
        return (
            False,
            [
                "No published articles yet: add headline-numbers to required, with",
                'articles: ["posts/**/*.md"], once you publish.',
            ],
            {},
        )
    return (
        True,
        ["Titles are the accused, bodies decide: the published articles, nothing else."],
        {"articles": list(layout.articles)},
    )


# A navigation's title and the page it titles, kept as one string: "<title>\0<page>".
TITLES = "\0"


def _shown(title: str) -> str:
    """A title as readers see it (of a navigation's, the title alone)."""
    return title.partition(TITLES)[0]


def _of(title: str, path: str, draft: str) -> bool:
    """Is this entry of the corpus's titles the draft's own (its own page's title, or a
    navigation's title of it)?"""
    return path == draft or (TITLES in title and title.partition(TITLES)[2] == draft)


class Article(NamedTuple):
    titles: list[str]  # as readers see them: the front matter's, a level-1 heading
    title_numbers: list[list[str]]  # the numbers of each title
    body_numbers: list[str]


class Corpus(NamedTuple):
    titles: Mapping[str, list[list[str]]]  # number -> [[title, article path]]
    bodies: Mapping[str, list[str]]  # a title's number -> up to two article paths whose body has it
    # [path prefix, title] the site gives a page that names none (the longest prefix
    # first): a draft's page shows it too
    given: Sequence[Sequence[str]] = ()


def parse_article(
    text: str,
    path: str = "<article>",
    fields: Sequence[str] = ("title",),
    notes: bool = True,
    given: Sequence[Sequence[str]] = (),
) -> Article:
    """Titles: the front matter's title fields, every level-1 heading of any printing
    of the page's template tags (one in a branch its literals never run aside), and
    those the site gives it (`given`: see _given_titles). Body: the rest of the prose,
    but what a browser may not show (a hidden element, a template, CDATA, template
    code's conditions and loops): that supports nothing. A navigation file (mdBook's
    SUMMARY.md, an MkDocs config's `nav:`) has the titles the site shows from it, and no
    body. Not `notes`: the site renders no footnote, and a footnote's definition is no
    body (a link's title)."""
    from receipt_gate.reading.pageparts import html_page, titles
    from receipt_gate.sites.builds import nav_titles

    named = nav_titles(path, text)
    if named is not None:  # a navigation file: titles the site shows, and no body
        # (each kept with the page it titles: a chapter's own accuses it of nothing)
        named = [(t.replace(TITLES, ""), page) for t, page in named]
        shown = [f"{t}{TITLES}{page}" if page else t for t, page in named]
        return Article(shown, [_title_numbers(t) for t, _ in named], [])

    # What every reader surely sees, as a model's quote is held to (a hidden element, a
    # note nothing references, a styled block, a template block): the rest supports
    # nothing.
    # Liquid and Nunjucks print their output tags before markdown reads the page: what
    # they print may be markup that hides what follows (`{{ "<!--" }}`).
    # (and as they may print what the page does not say, `{{ x | default: "<!--" }}`:
    # a number supports only where both readings show it, round 58)
    readings = [text]
    if "{{" in text or "{%" in text:
        from receipt_gate.reading.frontmatter import read
        from receipt_gate.reading.templatetags import params_printed, printings

        own_fields = read(text, path).fields
        readings = printings(text, own_fields)
    html = html_page(text, path)
    body: set[str] | None = None
    # The titles of every printing (a heading's `{{ "76" }}`: round 73): each accuses
    # where readers may see it; the body supports only where every printing shows it.
    heads: dict[str, None] = {}
    context: dict[str, str] = {}
    for printed in readings:
        found = titles(printed, path, fields)
        opens = open_at(printed)  # (what the page opens before a line: a title, a body's)
        numbers = _shown_numbers(printed, path, html, found, notes, opens)
        body = numbers if body is None else body & numbers
        if "{%" in printed:  # (not a heading in a branch its literals never run)
            from receipt_gate.reading.inline import blanked
            from receipt_gate.reading.rendering import never_printed

            engine: Engine = "nunjucks" if path.endswith(".njk") else "liquid"
            never = never_printed(printed, engine)
            found = titles(blanked(printed, never), path, fields) if never else found
        heads.update(dict.fromkeys(t.text.replace(TITLES, "") for t in found))
        for t in found:
            if opens and 0 < t.line <= len(opens) and opens[t.line - 1]:
                context.setdefault(t.text.replace(TITLES, ""), opens[t.line - 1])
    if "{{<" in text or "{{%" in text:  # (and Hugo's `param` shortcode in a heading)
        hugo = params_printed(text, own_fields)
        if hugo != text:
            heads.update(dict.fromkeys(t.text for t in titles(hugo, path, fields)))
    heads.update(dict.fromkeys(t.text for t in _given_titles(text, path, fields, given)))
    if body and "<" in text:  # (a tag read as text: its attribute is no body, round 90)
        from receipt_gate.reading.visible import long_tag

        body = set() if long_tag(text, html) else body
    body = body or set()
    # A version names a release: it accuses nothing, and in a body it supports its
    # major.minor as well as itself (3.6.0 pins a title's "3.6").
    body |= {major_minor(v) for v in body if v.count(".") >= 2}
    own = list(heads)
    return Article(
        [_plain(t) for t in own], [_title_numbers(t, context.get(t, "")) for t in own], sorted(body)
    )


def _given_titles(
    text: str, path: str, fields: Sequence[str], given: Sequence[Sequence[str]]
) -> list[Any]:
    """The titles a page shows that its own front matter does not write (round 72): one
    the site's config gives it (`given`: [path prefix, title], the longest prefix first),
    where it names none; of a Hugo section's page, each its `cascade` gives the pages
    under it (read as this page's: the file that writes it); Eleventy's
    `eleventyComputed` title (round 73; a template in it is read as written)."""
    if not given and "cascade" not in text and "eleventyComputed" not in text:
        return []
    from receipt_gate.reading.frontmatter import read
    from receipt_gate.reading.pageparts import Title
    from receipt_gate.sites.hugo import cascaded

    wanted = {f.lower() for f in fields}
    own = read(text, path).fields
    out = []
    if given and not any(k.lower() in wanted for k in own):
        out += [Title(1, 1, t) for t in _given_to(path, given)]
    if "cascade" in text:
        out += [Title(1, 1, v) for k, v in cascaded(own) if k.lower() in wanted and v]
    computed = own.get("eleventyComputed")  # (Eleventy's, as its template prints it)
    if isinstance(computed, Mapping):
        from receipt_gate.reading.templatetags import as_printed

        out += [
            Title(1, 1, as_printed(str(v), own).strip())
            for k, v in computed.items()
            if str(k).lower() in wanted
            and isinstance(v, (str, int, float))
            and not isinstance(v, bool)
            and str(v).strip()
        ]
    return out


def _given_to(path: str, given: Sequence[Sequence[str]]) -> list[str]:
    """The titles the site gives the page at `path` (`given` longest prefix first): all
    of its longest matching prefix (a default's `type`, unread, may pick any of them)."""
    mine = [(p, t) for p, t in given if path.startswith(p)]
    return [t for p, t in mine if len(p) == len(mine[0][0])]


def _shown_numbers(
    printed: str,
    path: str,
    html: bool,
    found: Sequence[Any],
    notes: bool = True,
    opened_at: list[str] | None = None,
) -> set[str]:
    """The numbers every reader surely sees in the page as printed, its titles out
    (`opened_at`: what the page opens before each line, gate.reading.direction.open_at)."""
    from receipt_gate.reading.htmlblocks import unseen
    from receipt_gate.reading.inline import blanked
    from receipt_gate.reading.pageparts import html_lines
    from receipt_gate.reading.prose import prose_lines
    from receipt_gate.reading.rendering import conditional
    from receipt_gate.reading.visible import surely_seen

    spans = [t.span for t in found if t.span != (0, 0)]  # (an HTML heading: its own text)
    printed = blanked(printed, spans) if spans else printed

    def hide(page: str) -> str:  # (and what a condition or a loop may not print)
        seen = surely_seen(unseen(page), not html, notes)
        return blanked(seen, conditional(seen))

    seen = hide(printed)
    # (an HTML block's text too is left out: Hugo, by default, prints none of it)
    lines = html_lines(seen, path, surely=True) or prose_lines(seen)
    to_draw = []
    for kept in (False, True) if may_reorder(printed) else ():  # (each element's direction
        # a control the reading keeps; a mark a style may hide, or none of them: both)
        shown = shown_directed(printed, hide, kept)
        to_draw.append(html_lines(shown, path, surely=True) or prose_lines(shown))
    for title in found:
        start, end = title.heading if title.span == (0, 0) else (0, 0)
        for each in (lines, *to_draw):
            each[start:end] = [""] * (end - start)
    return surely_read(lines, opened_at, to_draw)


def _title_numbers(title: str, opened: str = "") -> list[str]:
    """The numbers a title holds as readers read it (a version names a release: it
    accuses nothing); and as a browser draws it (`<span dir=rtl>6&rlm;7</span>`), inside
    what its page opens before it (`opened`: a `<div dir="rtl">` around it)."""
    read: set[str] = set()
    if ".0" in title:  # (a release after its name: `MkDocs 2.0`, `Eleventy 1.0 Beta`)
        title = _RELEASE.sub(_released, title)
    if "<sup" in title:  # (a power the markup's removal would join: `10<sup>6</sup>`)
        title = SUP_POWER.sub(lambda m: f"{m[1]}^{m[2]}", title)
    for styles in (True, False) if "style" in title else (True,):  # (a style may show)
        read |= {tok.value for tok in tokens(_as_read(title, styles))}
        if "<" in title:  # (and each tag a browser may draw as a break a gap: 76<br>bugs)
            read |= {tok.value for tok in tokens(_as_read(title, styles, gaps=True))}
        if opened or may_reorder(title):
            drawn = (opened + _markup_out(title, tags=False, styles=styles)).split("\n")
            read |= {t.value for t in tokens(drawn)}
    # (zero accuses nothing: `Zero Trust`, `zero time`, `Zero bugs` claim an absence,
    # and `zero or more` cites none of them, round 91)
    return sorted(n for n in read if n.count(".") < 2 and n not in _NONE)


_NONE = frozenset({"0"})  # (a share of none, `Falls to 0%`, still accuses)
# A whole number's `.0` after a name (a capital's word): a release, as `v2.0` is (round
# 93: "What MkDocs 2.0 means" accused every "two weeks ago"); not one a count's word
# follows (`Rated 4.0 Stars`, `Grew 2.0 Times`, `2.0 Million`, `2.0%`).
_RELEASE = lazyre.compile(
    r"(\b[A-Z][\w+#-]*[ \u00a0]+)(\d{1,3}\.0(?:\.\d+)?)(?![\d.,])([ \u00a0]*\S*)"
)
_COUNTED = lazyre.compile(
    r"(?i)[%\u2030x\u00d7]|(?:times|stars?|points?|pts|percent|per|of|million|billion|"
    r"thousand|trillion|[kmbt]n?|mn|bn|hours?|days?|weeks?|months?|years?|users?|people)\b"
)


def _released(m: re.Match[str]) -> str:
    after = m.group(3).strip()
    if after and _COUNTED.match(after):
        return m.group()
    return m.group(1) + " " * len(m.group(2)) + m.group(3)


def _as_read(title: str, styles: bool = True, gaps: bool = False) -> list[str]:
    """A title's text as a reader reads it, as one heading (round 74): what hides out (a
    hidden element, a comment; not `styles`: one an inline style may hide is shown), a
    code span's text shown, markdown's and HTML's inline markup no gap (`7*6*`,
    `7[6](/x/)`, `7<big>6</big>`: 76). Hugo escapes a title's markup where Jekyll prints
    it: read as Jekyll's (a number may be shown). `gaps`: a tag a browser may draw as a
    break is a gap (gate.reading.reader.shows_break: `76<br>bugs`, round 78)."""
    from receipt_gate.reading.prose import prose_lines

    text = _markup_out("# " + " ".join(title.split("\n")), styles=styles, gaps=gaps)
    if "`" in text:
        from receipt_gate.reading.inline import spans

        ticks = []
        for a, b in spans(text):
            n = len(text[a:b]) - len(text[a:b].lstrip("`"))
            ticks += [(a, a + n), (b - n, b)]
        text = _joined(text, ticks)
    return prose_lines(text)


def _plain(title: str) -> str:
    """A title as findings name it: its markup and what hides out (`<h1>We fixed
    <b>76</b> bugs</h1>` is "We fixed 76 bugs")."""
    if "<" not in title and "&" not in title:
        return title
    import html

    return " ".join(html.unescape(_markup_out(title).replace("\0", "")).split())


def _markup_out(text: str, tags: bool = True, styles: bool = True, gaps: bool = False) -> str:
    """The text with what its markup hides made NULs (not `styles`: an inline style hides
    nothing), then (`tags`) every tag: no gap between the words either side (`7<img>6`,
    MathML's); with `gaps`, a space for each tag a browser may draw as a break (the
    reader's view's rule: gate.reading.reader.shows_break)."""
    if "<" not in text:
        return text
    from receipt_gate.reading.inline import blanked
    from receipt_gate.reading.reader import shows_break
    from receipt_gate.reading.visible import HTML_TAG, hidden_by_markup

    judged = text if styles else _STYLE_ATTRIBUTE.sub(lambda m: " " * len(m.group()), text)
    text = _joined(text, hidden_by_markup(judged))
    if not tags:
        return text
    found = [
        (m.span(), gaps and shows_break(m.group(), text, *m.span()))
        for m in HTML_TAG.finditer(text)
    ]
    text = _joined(text, [span for span, gap in found if not gap])
    return blanked(text, [span for span, gap in found if gap]) if gaps else text


_STYLE_ATTRIBUTE = lazyre.compile(r"(?i)\sstyle\s*=\s*(?:\"[^\"]*\"|'[^']*'|[^\s>]+)")


def _joined(text: str, spans: Sequence[tuple[int, int]]) -> str:
    """The text with these spans made NULs: gone, the words either side one word."""
    chars = list(text)
    for a, b in spans:
        chars[a:b] = "\0" * (b - a)
    return "".join(chars)


def _strs(x: object) -> bool:
    return isinstance(x, list) and all(isinstance(s, str) for s in x)


def _article(hit: object) -> bool:
    """[titles, numbers of each title, body numbers], as the page cache keeps it."""
    return (
        isinstance(hit, list)
        and len(hit) == 3
        and _strs(hit[0])
        and _strs(hit[2])
        and isinstance(hit[1], list)
        and len(hit[1]) == len(hit[0])
        and all(_strs(n) for n in hit[1])
    )


def build(articles: Mapping[str, Article], supports: set[str] | None = None) -> Corpus:
    """number -> the titles that hold it, and up to two articles whose body has it (of
    those in `supports`, when given)."""
    idx = Index({}, [], {}, {}, set())
    for path in sorted(articles):
        sure = supports is None or path in supports
        _add(idx, path, articles[path], PUBLISHED | (SURELY if sure else 0))
    return corpus_of(idx)


# The first articles (in path order) whose body holds a number that the index keeps:
# two decide, the third stands in when one of them changes.
KEEP = 3
PUBLISHED, SURELY = 1, 2  # (as Pages.states() keeps a page's publication)


class Index(NamedTuple):
    """The corpus as the changed pages update it (never rebuilt while they are few)."""

    pages: dict[str, list[Any]]  # path -> [sha256, flags(, addresses named)], as states() gives
    held: list[str]  # the sections an index page holds back
    # number -> [[title, path]], in path order; as kept on disk, each number's list is its
    # JSON text, read where a number is asked (a site's index holds ~80,000 of them)
    titles: dict[str, Any]
    bodies: dict[str, list[str]]  # body number -> the first KEEP paths that surely show it
    more: set[str]  # the numbers more bodies hold than the index keeps


class DamagedIndex(GateError):
    """A number's titles as the kept index holds them are not what _dump wrote (an
    update builds the index whole instead; a check that meets it refuses to go on)."""

    def __init__(self, n: str) -> None:
        super().__init__(
            f"the index of {name}'s corpus kept in the git folder"
            f" (receipt-gate/corpus-{name}.json) is damaged at {n!r}: delete it (it is"
            " built again)"
        )


def _titles(idx: Index, n: str) -> list[list[str]] | None:
    """The titles that hold this number (None: none), read from the kept text once."""
    got = idx.titles.get(n)
    if type(got) is str:
        try:
            got = json.loads(got)
        except ValueError:
            got = None
        if not (got and type(got) is list and all(_pair(t) for t in got)):
            raise DamagedIndex(n)
        idx.titles[n] = got
    return got


def _pair(t: object) -> bool:
    return type(t) is list and len(t) == 2 and type(t[0]) is str and type(t[1]) is str


class _Titles(Mapping[str, list[list[str]]]):
    """number -> [[title, path]], as the check reads the index."""

    def __init__(self, idx: Index) -> None:
        self.idx = idx

    def __getitem__(self, n: str) -> list[list[str]]:
        got = _titles(self.idx, n)
        if got is None:
            raise KeyError(n)
        return got

    def __contains__(self, n: object) -> bool:
        return n in self.idx.titles

    def __iter__(self) -> Iterator[str]:
        return iter(self.idx.titles)

    def __len__(self) -> int:
        return len(self.idx.titles)


class _Bodies(Mapping[str, list[str]]):
    """A title's number -> the first two paths whose body surely shows it."""

    def __init__(self, idx: Index) -> None:
        self.idx = idx

    def __getitem__(self, n: str) -> list[str]:
        if n not in self.idx.titles:
            raise KeyError(n)
        return self.idx.bodies[n][:2]

    def __contains__(self, n: object) -> bool:
        return n in self.idx.titles and n in self.idx.bodies

    def __iter__(self) -> Iterator[str]:
        return (n for n in self.idx.titles if n in self.idx.bodies)

    def __len__(self) -> int:
        return sum(1 for _ in self)


def corpus_of(idx: Index, given: Sequence[Sequence[str]] = ()) -> Corpus:
    """The corpus the check reads of the index (once per index: the fingerprint and the
    check both ask)."""
    hit = _OF.get(id(idx))
    if hit is None or hit[0] is not idx or hit[1].given != given:
        hit = _OF[id(idx)] = (idx, Corpus(_Titles(idx), _Bodies(idx), given))
        while len(_OF) > 4:
            del _OF[next(iter(_OF))]
    return hit[1]


_OF: dict[int, tuple[Index, Corpus]] = {}


def _add(idx: Index, path: str, a: Article, flags: int) -> None:
    """Put what a page holds into the index: its titles where it is published, its
    body's numbers where it surely is."""
    for title, numbers in zip(a.titles, a.title_numbers, strict=True) if flags & PUBLISHED else ():
        for n in numbers:
            held = _titles(idx, n)
            if held is None:
                held = idx.titles[n] = []
            # (in path order: where this path's entries end; only they can be this one)
            at = len(held) if not held or held[-1][1] <= path else _after(held, path)
            same = at
            while same and held[same - 1][1] == path:
                same -= 1
            if [title, path] not in held[same:at]:
                held.insert(at, [title, path])
    for n in a.body_numbers if flags & SURELY else ():
        got = idx.bodies.setdefault(n, [])
        if path in got or (n in idx.more and path > got[-1]):
            continue  # (past the paths kept: not among the first)
        bisect.insort(got, path)
        if len(got) > KEEP:
            got.pop()
            idx.more.add(n)


def _after(held: list[list[str]], path: str) -> int:
    """Where entries of paths after `path` begin (the list is in path order)."""
    lo, hi = 0, len(held)
    while lo < hi:
        mid = (lo + hi) // 2
        if held[mid][1] <= path:
            lo = mid + 1
        else:
            hi = mid
    return lo


def _drop(idx: Index, paths: set[str], touched: set[str]) -> bool:
    """Take these pages out of the index (each number whose entries change, into
    `touched`); False when it can no longer tell a number's first two bodies (it kept
    too few of them)."""
    # (a number's kept text names a path as its JSON string wherever it holds it)
    named = [_ENCODE(p) for p in paths]
    for n, kept_text in list(idx.titles.items()):
        if type(kept_text) is str and not any(p in kept_text for p in named):
            continue
        held = _titles(idx, n) or []
        if any(p in paths for _, p in held):
            touched.add(n)
            kept = [e for e in held if e[1] not in paths]
            if kept:
                idx.titles[n] = kept
            else:
                del idx.titles[n]
    for n, got in list(idx.bodies.items()):
        if not paths.isdisjoint(got):
            touched.add(n)
            left = [p for p in got if p not in paths]
            if n in idx.more and len(left) < 2:
                return False
            if left:
                idx.bodies[n] = left
            else:
                del idx.bodies[n]
    return True


def _updated(
    idx: Index, delta: Mapping[str, tuple[int, Any]], files: Mapping[str, str | None]
) -> Index | None:
    """The index with the changed pages' facts in place of their old ones; None when it
    cannot tell (build it whole). What numbers it changes is kept (changed_reads)."""
    old = {p for p in delta if p in idx.pages and idx.pages[p][1] & (PUBLISHED | SURELY)}
    touched: set[str] = set()
    if old and not _drop(idx, old, touched):
        return None
    for path, (flags, parsed) in delta.items():
        if flags:
            a = Article(*parsed)
            touched.update(n for ns in a.title_numbers for n in ns)
            touched.update(a.body_numbers)
            _add(idx, path, a, flags)
        sha = files.get(path)
        if sha is None:
            idx.pages.pop(path, None)
        else:
            idx.pages[path] = [sha, flags]
    got = idx._replace()  # (another object: what was kept is no longer it)
    _TOUCHED[id(got)] = (got, frozenset(touched))
    return got


# What an index's last update changed: id(index) -> (index, the numbers it touched).
_TOUCHED: dict[int, tuple[Index, frozenset[str]]] = {}
# What a corpus was updated from: id(corpus) -> (corpus, the state of the index it was
# updated from, the numbers the update touched).
_SINCE: dict[int, tuple[Corpus, str, frozenset[str]]] = {}


def changed_reads(corpus: Corpus) -> tuple[str, frozenset[str]] | None:
    """(the state, a fingerprint's whole, of the corpus this one was updated from; the
    numbers whose titles or first bodies the update may have changed), where this
    process updated it from a kept index; None where it built it whole. A draft whose
    reads hold none of those numbers has the digest it had there."""
    hit = _SINCE.get(id(corpus))
    return (hit[1], hit[2]) if hit is not None and hit[0] is corpus else None


_ENCODE = json.JSONEncoder(separators=(",", ":")).encode


def _dump(idx: Index) -> list[Any]:
    titles = {n: v if type(v) is str else _ENCODE(v) for n, v in idx.titles.items()}
    return [idx.pages, idx.held, titles, idx.bodies, sorted(idx.more)]


def _load(doc: Any) -> Index | None:
    """The index as Pages.updated keeps it, checked leaf by leaf (one pass per kind of
    leaf: tens of thousands of them on a large site; a number's titles, kept as their
    JSON text, when it is asked: DamagedIndex); None when it is not one."""
    if not (
        isinstance(doc, list)
        and len(doc) == 5
        and all(isinstance(doc[i], dict) for i in (0, 2, 3))
        and all(isinstance(doc[i], list) for i in (1, 4))
    ):
        return None
    pages, held, titles, index, more = doc
    states = list(pages.values())
    if not (
        {type(v) for v in [*states, *index.values()]} <= {list}
        and {type(v) for v in titles.values()} <= {str}  # (each read where it is asked)
        and {len(v) for v in states} <= {2, 3}
        and {type(v[0]) for v in states} <= {str}
        and {type(v[1]) for v in states} <= {int}
        and {type(x) for v in states if len(v) > 2 for x in (v[2] if type(v[2]) is list else [0])}
        <= {str}
        and {type(x) for v in index.values() for x in v} <= {str}
        and {type(x) for x in [*held, *more]} <= {str}
        and all(index.get(n) for n in more)
    ):
        return None
    return Index(pages, held, titles, index, set(more))


NO_ARTICLES = Corpus({}, {})  # the articles globs match no file


def load_corpus(files: Mapping[str, Mapping[str, str | None]], pages: Pages) -> Corpus:
    """The summary of the published articles: an index the changed pages update."""
    articles = files.get("articles", {})
    if not articles:
        return NO_ARTICLES
    from receipt_gate.rules.corpus import given_fields
    from receipt_gate.sites import tree_drops_footnotes

    fields = tuple(pages.settings["title_fields"])
    pages.own_status = True  # (a plain site's posts are out by their status: published())
    run_dir = pages.cfg.run_dir if pages.cfg is not None else ".receipts"
    notes = not tree_drops_footnotes(pages.tree, run_dir)  # (no footnotes read: round 62)
    given = given_fields(pages.tree, pages.cfg, fields)  # (a title a config gives: round 72)
    code = json.dumps([fields, notes, given] if given else [fields, notes])

    def parse(text: str, path: str) -> list[Any]:
        return list(parse_article(text, path, fields, notes, given))

    since: list[frozenset[str]] = []  # (what this build changed of the index it kept)

    def build(kept: Index | None) -> Index:
        if kept is not None:
            delta = pages.delta(articles, kept.pages, kept.held, parse, code)
            try:
                got = _updated(kept, delta, articles) if delta else kept if delta == {} else None
            except DamagedIndex:
                got = None  # (built whole)
            if got is not None and got is not kept and delta:
                made = [[p, f, parsed, articles.get(p)] for p, (f, parsed) in delta.items()]
                _STEPS[id(got)] = (got, made)
            if got is not None:
                hit = _TOUCHED.pop(id(got), None)
                since.append(hit[1] if hit is not None and hit[0] is got else frozenset())
                return got
        # A title accuses wherever readers may see it; a body supports only where they
        # surely do (no generator holds the page back).
        parsed = pages.read(articles, parse, _article, code)
        states, held = pages.states(articles, parse, _article, code)
        idx = Index(states, held, {}, {}, set())
        for path in parsed:  # (in path order)
            _add(idx, path, Article(*parsed[path]), states[path][1])
        return idx

    def step(got: Index) -> Any:
        hit = _STEPS.pop(id(got), None)
        return hit[1] if hit is not None and hit[0] is got else None

    corpus = corpus_of(pages.updated(fields, articles, build, _dump, _load, step, _replay), given)
    if since and pages.since is not None:
        _SINCE[id(corpus)] = (corpus, pages.since, since[0])
        while len(_SINCE) > 4:
            del _SINCE[next(iter(_SINCE))]
    return corpus


# The pages' changes an index was updated by, as its journal keeps them: [[path, flags,
# what parse_article found (None where it is not published), its blob's sha256]].
_STEPS: dict[int, tuple[Index, list[list[Any]]]] = {}


def _replay(idx: Index, made: Any) -> Index | None:
    """The index updated by a journal's step again; None when the step is not one."""
    if not isinstance(made, list) or not all(
        isinstance(m, list)
        and len(m) == 4
        and isinstance(m[0], str)
        and type(m[1]) is int
        and (m[2] is None if not m[1] else _parsed(m[2]))
        and (m[3] is None or isinstance(m[3], str))
        for m in made
    ):
        return None
    shas = {m[0]: m[3] for m in made}
    try:
        return _updated(idx, {m[0]: (m[1], m[2]) for m in made}, shas)
    except DamagedIndex:
        return None  # (built whole)


def _parsed(doc: Any) -> bool:
    """What parse_article gives: titles, each title's numbers, the body's numbers."""
    return (
        isinstance(doc, list)
        and len(doc) == 3
        and all(isinstance(part, list) for part in doc)
        and {type(x) for x in [*doc[0], *doc[2]]} <= {str}
        and len(doc[1]) == len(doc[0])
        and all(isinstance(x, list) and {type(n) for n in x} <= {str} for x in doc[1])
    )


def digest(c: Corpus, reads: Sequence[str], draft: str) -> object:
    """What the verdict on this draft read of the corpus, for each number it cites:
    supported by another article's body, or the other articles' titles that hold it."""
    out: dict[str, object] = {}
    given = _given_to(draft, c.given)
    if given:  # (a title the site gives the draft: changed, the verdict reads anew)
        out["\0given"] = given
    for n in sorted(set(reads)):
        if any(p != draft for p in c.bodies.get(n, ())):
            out[n] = True
        else:
            out[n] = [[t, p] for t, p in c.titles.get(n, ()) if not _of(t, p, draft)]
    return out


def _rendered_tokens(text: str, path: str, seen: set[tuple[int, str]]) -> list[Token]:
    """The number tokens of the page as Liquid or Nunjucks prints it, in each choice its
    conditions make (gate.reading.rendering), at their places as written; none in `seen`."""
    from receipt_gate.reading.pageparts import shown_lines
    from receipt_gate.reading.prose import prose_lines
    from receipt_gate.reading.rendering import renderings

    opened = "\n".join(prose_lines(text, True, True, "open", wide=True, fences=True))
    pages, _ = renderings(text, lambda a, b: bool(opened[a:b].strip(" \n")))
    out: list[Token] = []
    for page in pages:
        for t in tokens(shown_lines(page.text, path)):
            line, col = page.written(t.line, t.col)
            if (line, t.value) not in seen:
                seen.add((line, t.value))
                out.append(t._replace(line=line, col=col))
    return out


# An element with no element and no digit inside it, a void one that may draw nothing (an image with
# no alt, a line-break opportunity, a hidden input), and a code span's marks beside a
# digit (``7`6` `` draws 76).
_AN_ELEMENT = lazyre.compile(r"<([A-Za-z][\w-]*)(?:\s[^<>]{0,500})?>[^<\d]{0,500}</\1\s*>")
_NOTHING_DRAWN = lazyre.compile(r"<(?:img|wbr|input)\b[^<>]{0,500}>|(?<=\d)`|`(?=\d)")


_JOINED = lazyre.compile("\\d\u200b+[^\\s\u200b]|[^\\s\u200b]\u200b+\\d")


def _peeled(text: str) -> str:
    """The page with what each element holds as nothing (zero-width spaces, its line
    breaks kept), innermost first, twice for a nest: what a draft cites where a style, an
    attribute or the element's kind may hide it (its digits either side then read as one
    number, as a browser draws them)."""

    def nothing(m: re.Match[str]) -> str:
        return "".join("\n" if c == "\n" else "\u200b" for c in m.group())

    out = text
    for _ in range(2):
        out = _AN_ELEMENT.sub(nothing, out)
    return _NOTHING_DRAWN.sub(nothing, out)


# What no code span that reads as words holds: code's punctuation, a flag (`--jobs`).
_CODE_MARKS = lazyre.compile(r"""[./:=()@"<>{}\[\]\\|$#*;~^_+&]|(?<!\w)-""")
_A_WORD = lazyre.compile(r"[^\W\d_]{2}")
# A figure alone in a code span, as a reader reads one (round 98: `2,000,000,000`,
# `76.0%`, `2B`), and a label's colon before a space (`Retention: 76%`).
_A_FIGURE = lazyre.compile(r"\s*[$€£]?\d{1,3}(?:,\d{3})*(?:\.\d+)?\s*(?:%|[kKMBT]|bn|mn)?\s*")
_LABEL_COLON = lazyre.compile(r"(?<=[^\W\d_]):(?=\s)")


def _reads_as_words(span: str) -> bool:
    """Does a code span's text read as words (`76 percent`, `drifted 76 hours`), not
    code (`chmod 755 deploy.sh`, `time.sleep(10)`, `HTTP/1.1 200 OK`)?"""
    if _A_FIGURE.fullmatch(span):  # (a figure alone: `2,000,000,000`, `76.0%`, `2B`)
        return True
    words = _LABEL_COLON.sub(" ", span)  # (a label's colon: `Retention: 76%`)
    return _CODE_MARKS.search(words) is None and (_A_WORD.search(words) is not None or "%" in words)


# A draft's front matter strings a theme may show its readers beside the title (a
# list's summary, a subtitle, a dek, a link title, the page's description: round 96;
# any such key, round 98: `dek`, `linkTitle`, `synopsis`, `kicker`...) are cited too;
# not those no theme shows as words: addresses, files, dates, flags, a layout's names.
_NOT_SHOWN = frozenset(
    (
        "slug url permalink aliases alias layout type kind template draft published date"
        " lastmod publishdate expirydate pubdate unpublishdate updated modified weight id"
        " uuid guid image images cover thumbnail featured_image banner hero icon logo"
        " canonical canonicalurl canonical_url redirect redirect_to redirect_from lang"
        " language locale translationkey status markup format outputs cascade build _build"
        " headless resources menu menus sitemap robots toc math mermaid comments share css"
        " js script scripts styles style class classes sidebar nav order position"
        " sidebar_position eleventyexcludefromcollections eleventynavigation permalinkbypass"
        " outputdir tags_path source sources repo github edit_url editurl license"
    ).split()
)


def _shown_fields(text: str, path: str, fields: Sequence[str]) -> tuple[str, ...]:
    """The title fields, then every other top-level string a theme may show."""
    from receipt_gate import GateError
    from receipt_gate.reading.frontmatter import read

    try:
        own = read(text, path).fields
    except GateError:
        return tuple(fields)
    wanted = {f.lower() for f in fields}
    more = [
        k
        for k, v in own.items()
        if isinstance(v, str) and k.lower() not in wanted and k.lower() not in _NOT_SHOWN
    ]
    return (*fields, *more)


def find_headline_numbers(
    text: str, corpus: Corpus, path: str = "<draft>", fields: Sequence[str] = ("title",)
) -> tuple[list[Finding], int, list[str]]:
    """Numbers in the draft that live in a title of ours and in no body; how many tokens;
    and the numbers it cites (what its verdict read of the corpus)."""
    from receipt_gate.reading.pageparts import shown_lines, titles

    toks = list(tokens(shown_lines(text, path), drawn=False))
    if may_reorder(text):  # (and as a browser draws it, each element's direction read)
        toks += drawn_tokens(shown_lines(directed(text), path), 1, open_at(text), toks)
    if "<" in text or "`" in text:  # and as a page whose elements hide what they hold
        peeled = _peeled(text)  # (`7<span hidden>x</span>6` draws 76: round 83)
        if peeled != text and _JOINED.search(peeled):  # (read again where a digit joins)
            seen = {(t.line, t.value) for t in toks}
            toks += [
                t
                for t in tokens(shown_lines(peeled, path), drawn=False)
                if (t.line, t.value) not in seen
            ]
    if "`" in text and not text.lstrip().startswith("<"):  # and in a code span that reads
        # as words (round 96 h01: `76 percent` in backticks was not cited where
        # <code>76 percent</code> was; round 97: `chmod 755 x.sh`, `0.0.0.0:443`,
        # `--jobs=16`, `node@16` are code); a body's code span still supports nothing
        from receipt_gate.reading.prose import prose_lines

        seen = {(t.line, t.value) for t in toks}
        toks += [
            t
            for t in tokens(prose_lines(text, wide=True, code=_reads_as_words))
            if (t.line, t.value) not in seen
        ]
    if "{{" in text:  # a number the page prints from its own front matter is cited too,
        # and what its template tags and Hugo's figure print
        from receipt_gate.reading.frontmatter import read
        from receipt_gate.reading.templatetags import as_printed, own_values, shortcodes_printed

        own = read(text, path).fields
        for shown in (own_values(text, own), as_printed(text, own), shortcodes_printed(text)):
            if shown is not None and shown != text:
                seen = {(t.line, t.value) for t in toks}
                toks += [
                    t for t in tokens(shown_lines(shown, path)) if (t.line, t.value) not in seen
                ]
    if "{%" in text or "{#" in text:  # and in each choice its conditions make (`7{% if
        # false %}0{% endif %}6` prints 76: round 63; a Nunjucks comment, `7{# x #}6`: 91)
        toks += _rendered_tokens(text, path, {(t.line, t.value) for t in toks})
    read_fields = (
        _shown_fields(text, path, fields) if text.startswith(("---", "+++", "{")) else fields
    )
    for title in titles(text, path, read_fields) + _given_titles(text, path, fields, corpus.given):
        if title.heading == (0, 0):  # the front matter's: shown to readers, not in prose
            toks[:0] = [
                tok._replace(col=tok.col + title.col - 1 if tok.line == title.line else 1)
                for tok in tokens(title.text.split("\n"), title.line)
            ]
    # A navigation's title of a page is that page's name: the page's own title does not
    # accuse it (a chapter "Top 10 tips" and its link, `[Top 10 tips](tips.md)`).
    named: dict[str, set[str]] = {}
    if path.endswith(("SUMMARY.md", ".yml", ".yaml")):
        from receipt_gate.sites.builds import nav_titles

        for name, page in nav_titles(path, text) or ():
            for n in _title_numbers(name):
                named.setdefault(n, set()).add(page)
    findings = []
    for t in toks:
        # Never its own accuser, never its own source: a post is judged by the others.
        accused = [
            (_shown(ti), p)
            for ti, p in corpus.titles.get(t.value, ())
            if not _of(ti, p, path) and p not in named.get(t.value, ())
        ]
        if not accused or any(p != path for p in corpus.bodies.get(t.value, ())):
            continue
        where = ", ".join(f'"{title}" ({path})' for title, path in accused)
        what = "title" if len(accused) == 1 else "titles"
        extra: tuple[tuple[str, object], ...] = (
            ("number", t.written),
            ("value", t.value),
            ("title", accused[0][0]),
            ("article", accused[0][1]),
            ("titles", [{"title": ti, "article": p} for ti, p in accused]),
        )
        findings.append(
            Finding(
                t.line,
                t.col,
                f"{t.written} appears in the {what} {where} and in no article body",
                extra,
            )
        )
    return findings, len(toks), sorted({t.value for t in toks})


def make(settings: Mapping[str, Any], corpus: Corpus) -> Callable[[Draft], Outcome]:
    if corpus is NO_ARTICLES:
        from receipt_gate import GateError
        from receipt_gate.rules.config import CONFIG_FILE

        # An empty corpus accuses nothing: the check would pass every draft unheard.
        raise GateError(
            f"{CONFIG_FILE}: checks.{name}.articles: {settings['articles']}"
            f" match no file; {name} has no corpus to decide with"
        )
    fields = tuple(settings["title_fields"])

    def check(draft: Draft) -> Outcome:
        found, checked, cited = find_headline_numbers(draft.text, corpus, draft.path, fields)
        return Outcome(found, checked, reads=cited)

    return check
