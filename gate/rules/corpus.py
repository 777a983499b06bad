"""A check's corpus: the published pages among its input files, each read once.

Published: a page the site has not marked as a draft (draft_markers), whatever its
status: says about the gate, that the site renders (see unrendered()), and that no
generator could hold back (see held_back(): a `Draft: true`, a `published: false`, a
Jekyll post with no date in its name). A file
that is also a draft the gate holds (a site whose posts are both, like Jekyll's
_posts/) is corpus only where the config has draft_markers, which say what the site
has not published; without markers a draft is never corpus. (A check decides a draft
against the others, never against itself.)

Pages.read() parses each page once per content and path, with the check's own parser,
and keeps what it found in the git dir under the page's sha256, its path and the
parser's code (validated
when loaded: the wrong shape counts as absent). Pages.updated() keeps a check's index
of the pages on disk under a key of what decides publication, and Pages.delta() gives
what the pages changed since then decide, so a commit that adds a page reads that page:
where a change may move another page's publication, the index is built whole.
"""

from __future__ import annotations

import bisect
import collections
import json
import posixpath
import re
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple, TypeVar

from receipt_gate import GateError
from receipt_gate.base import lazyre
from receipt_gate.base.parallel import split_map
from receipt_gate.base.sha import hex256, rows_key
from receipt_gate.trees import cache
from receipt_gate.trees.tree import Tree, Unreadable, built_once, nameable, read_text

if TYPE_CHECKING:
    from receipt_gate.reading.literals import Engine, Scope, Truth
    from receipt_gate.rules.config import Config

PARALLEL_FROM = 500  # pages to parse; below this a second process costs more than it saves
# 20: the support reader's conditions and loops read as the quote reader's
# (gate.reading.literals); 19: layouts read by their engine (Liquid has no `{# #}`);
# 18: an Eleventy permalink object with no build; 17: what a section's cascade holds
# back; 16: a post's categories; 15: the addresses a page names; 12-14: fields YAMLs
# read apart; 11: facts by path and bytes; 10: lists
FORMAT = 20
T = TypeVar("T")
Fields = dict[str, str | bool | int | float]
Dates = tuple[Sequence[str], Sequence[str]]  # a config's own (publish, expiry) date fields
# When a layout prints a page: any of these conjunctions of [field, truthy?] holds (none:
# never; a layout printing every page is not named).
Prints = list[list[list[Any]]]
# (folders held back, layouts that print a page only where its fields say, date fields,
# [path prefix, field, value] for each field a config gives the pages under a path, the
# permalink patterns a config gives posts, whether hidden folders' pages are built,
# the content folders where Hugo may build the site's leaf bundles: none on another
# generator's site)
SiteData = tuple[
    list[str],
    dict[str, Prints],
    tuple[list[str], list[str]],
    list[list[str]],
    list[str],
    bool,
    list[str],
]
# A page's publication, as Pages.states() keeps it.
PUBLISHED, SURELY, NAMES_ADDRESS = 1, 2, 4
COMPOSITE = "\0composite"  # scalar_fields' names of fields that hold a list or a mapping
EITHER = "\0either"  # and of fields one generator's YAML reads as false, another's as a string
COMPUTED = "\0computed"  # a layout Eleventy computes (eleventyComputed.layout)
STRICT = "\0strict"  # in a site's layouts: one it cannot find builds no page (Eleventy)
CATEGORIES = "\0categories"  # a list of categories, joined (a Jekyll post's address)
CASCADE = "\0cascade"  # the targets of a Hugo section's cascade that may unbuild pages
DELTA_MOST = 64  # pages changed: past this, build the whole again


class _Seen(NamedTuple):
    """What decides, beside a page's own fields, whether it surely shows."""

    dates: Dates
    held: list[str]  # folders whose pages supports nothing
    unseen: frozenset[str]  # pages that share an address
    layouts: Mapping[str, Prints]  # layouts that print a page only where its fields say
    defaults: Sequence[Sequence[str]]  # [path prefix, field, value] a config gives pages
    hidden: bool = False  # a hidden folder's page is built (Eleventy builds `.notes/`)
    # Hugo's content folders, where a page beside or under an index may be a leaf
    # bundle's resource (none: no leaf bundles on the site)
    bundles: Sequence[str] = ("content",)


# A YAML value Ruby's Psych reads as false or null in any case, and js-yaml and Go's
# YAML (YAML 1.2) as a string, but for these spellings, which all of them read alike.
_MAYBE_FALSE = lazyre.compile(
    r"(?i)(?:no|off|false|null|~"  # (and a number some YAML reads as 0 or NaN: 0e0, 0o0)
    r"|[-+]?(?:0[xob][0-9a-f_]*|[0-9][0-9_]*(?:\.[0-9_]*)?(?:e[-+]?[0-9]+)?"
    r"|\.[0-9_]+(?:e[-+]?[0-9]+)?|\.nan|\.inf))"
)
_PLAIN_INTEGER = lazyre.compile(r"-?[1-9][0-9]*")
_SURELY_ALIKE = frozenset({"false", "False", "FALSE", "null", "Null", "NULL"})


# What splits a YAML text into words, each plain scalar's text (its value) among them.
_YAML_WORD = lazyre.compile(r"[\s,\[\]{}:#]+")


def _read_apart(value: str) -> bool:
    """Is this a plain scalar's value generators read apart (_MAYBE_FALSE's)?"""
    return (
        _MAYBE_FALSE.fullmatch(value) is not None
        and value not in _SURELY_ALIKE
        and not _PLAIN_INTEGER.fullmatch(value)
    )


def _either(text: str) -> list[str]:
    """The top-level fields of a YAML front matter whose values generators read apart:
    a plain scalar (not quoted) in one of _MAYBE_FALSE's spellings, however the YAML is
    laid out (a quoted key, the value on the next line, an anchor's alias)."""
    from receipt_gate.reading.frontmatter import block_end

    lines = text.split("\n", 2000)[:2000]
    if not lines or lines[0].rstrip() != "---":
        return []
    head = "\n".join(lines[1 : block_end(lines)[1] - 1])
    if not any(map(_read_apart, _YAML_WORD.split(head))):
        return []  # (no plain scalar could be one: a plain scalar's text is its value)
    import yaml

    try:
        doc = yaml.compose(head, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    except (yaml.YAMLError, RecursionError):
        return []  # (a front matter the generators' readers refuse: read elsewhere)
    if not isinstance(doc, yaml.MappingNode):
        return []
    return [
        str(key.value)
        for key, value in doc.value
        if isinstance(key, yaml.ScalarNode)
        and isinstance(value, yaml.ScalarNode)
        and not value.style
        and _read_apart(value.value)
    ]


def scalar_fields(fields: Mapping[str, object], text: str = "") -> Fields:
    """The front-matter fields publication is decided by (strings cut short: no marker
    needs a long one), and Hugo's `build.render`, a field of a mapping; with the page's
    `text`, the fields generators read apart (EITHER)."""
    import datetime

    out: Fields = {
        k: v[:200] if isinstance(v, str) else v
        for k, v in fields.items()
        if isinstance(v, (str, bool, int, float))
    }
    for k, v in fields.items():  # a YAML or TOML date: when the page is published
        if isinstance(v, Mapping) and k.lower() in (*_PUBLISH_DATES, *_EXPIRY_DATES):
            # Material's blog: `date: {created: ..., updated: ...}`, published when created
            v = v.get("created", next(iter(v.values()), None))
        if isinstance(v, (datetime.date, datetime.datetime)):
            out[k] = v.isoformat()
        elif isinstance(v, str) and k not in out:
            out[k] = v[:200]
    # (the names of fields of a list or a mapping: a layout's `{% unless page.tags %}`)
    composite = [k for k, v in fields.items() if k not in out and isinstance(v, (list, Mapping))]
    if composite:
        out[COMPOSITE] = ",".join(composite)[:2000]
    for k, v in fields.items():  # (Jekyll puts a post under its categories)
        if k in ("categories", "category") and isinstance(v, list):
            out[CATEGORIES] = " ".join(str(c) for c in v)[:2000]
    either = _either(text) if "\n" in text else []
    either += _eleventy_fields(fields, out)
    if either:
        out[EITHER] = ",".join(either)[:2000]
    for k, v in fields.items():  # Hugo writes a page only in the formats it names
        if k.lower() == "outputs" and isinstance(v, (str, list)) and v:  # ([]: the defaults)
            names = [str(n).lower() for n in ([v] if isinstance(v, str) else v)]
            out["outputs"] = "html" if {"html", "amp"} & set(names) else "none"
    if "cascade" in (k.lower() for k in fields):  # (what a section's pages are given)
        from receipt_gate.sites.hugo import cascade_targets

        targets = cascade_targets(fields)
        if targets:
            out[CASCADE] = "\n".join(targets)[:2000]
    for key, build in fields.items():  # (`_build` before Hugo 0.123; Hugo's keys in any case)
        if key.lower() in ("build", "_build") and isinstance(build, Mapping):
            render = [v for k, v in build.items() if str(k).lower() == "render"]
            if render and isinstance(render[0], (str, bool, int, float)):
                out["build.render"] = render[0]
        elif key.lower() == "headless" and isinstance(build, (str, bool, int, float)):
            out["headless"] = out.get("headless", build)
    return out


def _eleventy_fields(fields: Mapping[str, object], out: Fields) -> list[str]:
    """Into `out`, what Eleventy reads of a page's permalink and computed fields: an
    object with no `build` (Eleventy 3) or a computed `false` writes nothing, a computed
    layout is the code's; the computed fields' names (their values: either)."""
    link = fields.get("permalink")
    if isinstance(link, Mapping) and not any(str(k) == "build" for k in link):
        out["permalink"] = False
    computed = fields.get("eleventyComputed")
    if not isinstance(computed, Mapping) or not computed:
        return []
    if computed.get("permalink") is False:
        out["permalink"] = False
    if "layout" in computed:
        out["layout"] = COMPUTED  # (which layout, the code says: none surely prints)
    return [str(k) for k in computed]


def unrendered(fields: Mapping[str, object]) -> bool:
    """Does the page's front matter say the site renders no page of it, whatever the
    generator: Hugo's `headless: true` or `build: {render: never}` (or `link`: a
    permalink, no page), Eleventy's
    `permalink: false`? Its body is no published body (a check's corpus leaves it
    out, so a number or a name only it holds has no support). The gate still holds
    it where the drafts globs name it: an unrendered page may be included in others."""
    render = fields.get("build.render", "always")
    return (
        _not_false(fields.get("headless", False))
        or fields.get("permalink") is False
        # (Hugo reads 0, "0" and false as never, another it does not know as always; a
        # value YAMLs read apart, `0o0`, `0e0`, is read as never)
        or not (render is True or str(render).strip().lower() in _RENDERED)
    )


_RENDERED = frozenset({"always", "true", "1"})  # (what Hugo surely reads as always)


def _not_false(value: object) -> bool:
    """Is a value anything but a false one however a generator casts it (Hugo's cast:
    `"true"`, `"1"`, `"t"` are true)?"""
    return not (
        value is None
        or value is False
        or value == 0
        or str(value).strip().lower() in ("false", "0", "f", "")
    )


def published(
    cfg: Config,
    path: str,
    surely: bool = False,
    is_draft: bool | None = None,
    dates: Dates = ((), ()),
    status_decides: bool = False,
) -> Callable[[Mapping[str, object]], bool]:
    """Is the page at `path`, with these front-matter fields, published (may readers
    see it: a title of ours)? With `surely`, also published by every generator (do
    readers surely see it: a body that supports, a page that documents). `is_draft`:
    whether drafts matches it, when the caller matched every page at once; `dates`: the
    fields a site's config makes publish and expiry dates (held_back); `status_decides`:
    the drafts glob matches every article, so it says of none that it is unpublished."""
    from receipt_gate.base import wildmatch

    if is_draft is None:
        is_draft = wildmatch.match(cfg.drafts, path)
    m = cfg.draft_markers

    def unsure(path: str) -> bool:  # a table of contents does not surely publish it
        return m is not None and not m.void and bool(m.sure) and m.unlisted(path, True)

    dated = _DATED.search(path)
    undated = surely and _JEKYLL_POST.search(path) is not None and not dated
    # Jekyll publishes no post dated in the future by default: its file name's date,
    # where its front matter gives none (a `date:` takes the name's place: held_back
    # reads that one; round 52's honest post named 2999, dated 2020).
    named_future = surely and dated is not None and _future(dated.group())

    def decide(fields: Mapping[str, object]) -> bool:
        if is_draft and cfg.draft_markers is None:
            if not status_decides:
                return False  # no markers: the drafts glob singles it out as a draft
            # Every article is a draft (a plain site: the glob singles none out) and no
            # generator marks what it holds back: the page's own `status:` does. A state
            # before gate_from is not out yet; none, or a later one, is ours (round 84:
            # every post of a plain blog was a draft, and the check read no title).
            status = fields.get("status")
            if status is not None and not (
                isinstance(status, str) and status in cfg.states and cfg.gated_state(status)
            ):
                return False
        return (
            cfg.site_status(path, fields) is None
            and not unrendered(fields)
            and not undated
            and not (named_future and fields.get("date") in (None, ""))
            and not (surely and (held_back(fields, dates) or unsure(path)))
        )

    return decide


_JEKYLL_POST = lazyre.compile(r"(?:^|/)_posts/")
_DATED = lazyre.compile(r"/\d{4}-\d{1,2}-\d{1,2}-[^/]*$")  # Jekyll publishes no post without
_PLAINLY_OFF = ("false", "no", "off", "0", "")


_DAY = lazyre.compile(r"(\d{4})-(\d{1,2})-(\d{1,2})")
# The dates by which a generator publishes a page (Hugo's publishDate falls back to
# date, pubdate; Jekyll's date; Eleventy's date), and by which Hugo stops (expiryDate).
_PUBLISH_DATES = ("date", "publishdate", "pubdate")
_EXPIRY_DATES = ("expirydate", "unpublishdate")


def _future(value: object) -> bool:
    """Is the date this value gives later than now, or can it be? (Without buildFuture,
    Hugo and Jekyll build no page dated later; a site may build them, so such a page is
    only not surely published.) Today can be: Hugo and Jekyll compare the time, which
    the day does not give (`<today>T23:59:59`, a site's time zone). A date the gate
    cannot read may be."""
    day = date_of(value, late=True)
    return day is None or day >= today()


def _expired(value: object) -> bool:
    """Is the expiry date this value gives today or before (UTC), or can it be? A date
    the gate cannot read may be (Hugo reads `3:04PM` as year 0: long expired)."""
    day = date_of(value, late=False)
    return day is None or day <= today()


_MONTHS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
_SLASHED = lazyre.compile(r"(\d{4})/(\d{1,2})/(\d{1,2})")
_PACKED = lazyre.compile(r"\s*(\d{4})(\d{2})(\d{2})\s*")
_EPOCH = lazyre.compile(r"\s*-?\d{9,12}(?:\.\d+)?\s*")
_NAMED = lazyre.compile(
    r"(?i)(?:(\d{1,2})\s+([a-z]{3})[a-z]*\.?,?\s+(\d{4}))"  # 1 Jan 2099
    r"|(?:([a-z]{3})[a-z]*\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4}))"  # January 1, 2099
)
_YEAR = lazyre.compile(r"(?<!\d)(1[89]\d\d|2\d\d\d)(?!\d)")


def date_of(value: object, late: bool = True) -> str | None:
    """The day (YYYY-MM-DD, in UTC) a front-matter date names, read as widely as the
    generators read one: ISO (`2099-01-01`, with a time and an offset: the day in UTC),
    `2099/01/01`, `20990101`, RFC 1123 (`Fri, 01 Jan 2100 00:00:00 +0000`), `1 Jan 2099`,
    `January 1, 2099`, and Unix time (`4102444800`: Hugo's integers). Of any other text
    holding a year, that year's last day (`late`) or first; None when it names none."""
    import time

    if isinstance(value, bool):
        return None
    text = str(value)
    utc = _in_utc(text)
    if utc is not None:
        return utc
    if isinstance(value, (int, float)) or _EPOCH.fullmatch(text):
        try:
            return time.strftime("%Y-%m-%d", time.gmtime(float(text)))
        except (OverflowError, ValueError, OSError):
            return "9999-12-31" if not text.strip().startswith("-") else "0001-01-01"
    m = _DAY.search(text) or _SLASHED.search(text) or _PACKED.fullmatch(text)
    if m is not None:
        return f"{int(m.group(1)):04d}-{int(m.group(2)):02d}-{int(m.group(3)):02d}"
    named = _NAMED.search(text)
    if named is not None:
        day, month, year = (
            named.group(1, 2, 3)
            if named.group(1)
            else (named.group(5), named.group(4), named.group(6))
        )
        if month.lower() in _MONTHS:
            return f"{int(year):04d}-{_MONTHS.index(month.lower()) + 1:02d}-{int(day):02d}"
    year_of = _YEAR.search(text)
    if year_of is None:
        return None
    return f"{year_of.group(1)}-12-31" if late else f"{year_of.group(1)}-01-01"


_OFFSET_TIME = lazyre.compile(
    r"\s*(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)\s*(Z|[+-]\d{2}:?\d{2})"
    r"(?:\s+[A-Za-z][A-Za-z0-9+-]{0,9})?\s*"  # and a zone's name after it (Go's layout)
)


def _in_utc(text: str) -> str | None:
    """The UTC day of an ISO date and time with an offset (`2026-12-06T00:00:00+23:00` is
    the 5th in UTC: Hugo compares times, not the day as written)."""
    import datetime

    m = _OFFSET_TIME.fullmatch(text)
    if m is None:
        return None
    zone = "+00:00" if m.group(3) == "Z" else m.group(3)
    zone = zone if ":" in zone else f"{zone[:3]}:{zone[3:]}"
    try:
        when = datetime.datetime.fromisoformat(f"{m.group(1)}T{m.group(2)}{zone}")
    except ValueError:
        return None
    return when.astimezone(datetime.UTC).strftime("%Y-%m-%d")


_TODAY: list[object] = [None, ""]


def today() -> str:
    """Today's date (UTC), as YYYY-MM-DD: asked of the clock once a second at most (a
    page's dates are read for every page of a site)."""
    import time

    now = int(time.time())
    if _TODAY[0] != now:
        _TODAY[:] = [now, time.strftime("%Y-%m-%d", time.gmtime(now))]
    return str(_TODAY[1])


def held_back(fields: Mapping[str, object], dates: Dates = ((), ())) -> bool:
    """Could a generator hold this page back, however the site's markers read it: a
    `draft` key in any case (Hugo's keys are) that is not plainly off, a `published` key
    that is not true (Jekyll), a publication date in the future or an expiry date
    passed (`dates`: the fields a site's config makes them too), Eleventy's
    permalinkBypassOutputDir, Hugo's `outputs` naming no HTML? Such a page supports
    nothing (the gate still holds it wherever its markers do not, and its title still
    accuses)."""
    for key, value in fields.items():
        name = key.lower()
        dated = value not in ("", None)
        if dated and (name in _PUBLISH_DATES or name in dates[0]) and _future(value):
            return True
        if dated and (name in _EXPIRY_DATES or name in dates[1]) and _expired(value):
            return True
        if name == "draft" and not (
            value is False
            or value == 0
            or (isinstance(value, str) and value.strip().lower() in _PLAINLY_OFF)
        ):
            return True
        if name == "published" and value is not True:
            return True
        if name == "permalinkbypassoutputdir" and value not in (False, 0, "", "false"):
            return True  # Eleventy writes it outside the site it publishes
        if name == "outputs" and value != "html":
            return True  # Hugo's `outputs: [json]`: no page a reader reads
    return False


def _fk(path: str, sha: str) -> str:
    """A page's facts' key: its bytes and its path (a Jekyll post's title is its file
    name's: two posts of the same bytes are two titles, and a rename another)."""
    return f"{sha}:{path}"


def _shared_addresses(
    shas: Mapping[str, str],
    facts: Mapping[str, list[Any]],
    patterns: Sequence[str] = (),
    hidden: bool = False,
    bundles: Sequence[str] = ("content",),
) -> set[str]:
    """The pages a generator may write to the same file as another: one a field names
    (`permalink:`, Hugo's `url:`, a `slug:` in the page's folder) or the one its path
    gives (`posts/a.md`, `posts/a/index.md` and `posts/A.markdown` are all `posts/a/`);
    which of them readers see is the build's order (Jekyll: "Conflict: destination
    shared"; Hugo keeps one), so none of them surely shows."""
    named: dict[str, set[str]] = {}
    for p, sha in shas.items():
        if _unbuilt(p, shas, hidden, bundles):
            continue  # (no page of its own: a README beside an index, a bundle's file)
        fields = facts[_fk(p, sha)][0] if _fk(p, sha) in facts else {}
        for address in _addresses(p, fields, patterns):
            named.setdefault(address, set()).add(p)
    return {p for pages in named.values() if len(pages) > 1 for p in pages}


def _addresses(path: str, fields: Mapping[str, object], patterns: Sequence[str] = ()) -> set[str]:
    """Every file a generator may write this page to: those its fields name, and those
    its path gives (its name, or the slug a field gives it, in its folder), read from
    the repository's top and from its content folder's (the first: content/, docs/), a
    Jekyll post's dated one; each however generators clean a name up (case, blanks and
    signs, a language's suffix). A field one generator reads another may ignore (Hugo
    has no `permalink`, Jekyll no `url`): the path's count too. `patterns`: the
    permalinks a site's config gives its posts."""
    out = {_clean(a) for a in _named(fields)}
    slug = _slug(fields)  # (Hugo's takes the name's place; another generator may not)
    # (a Jekyll post: by its date, title and categories, or the pattern its site gives)
    posts = _post_keys(path, fields, [p for p in patterns if not p.startswith("hugo:")])
    keys = posts or {*_address_keys(path), *(_address_keys(path, slug) if slug else ())}
    keys |= _hugo_keys(path, fields, patterns)  # (where a Hugo config's [permalinks] puts it)
    for key in keys:
        out.update((f"{key}/index.html".lstrip("/"), f"{key}.html") if key else ("index.html",))
    return out


def _clean(address: str) -> str:
    """An address as generators write a name: each folder and the name cleaned, the
    extension kept."""
    parts = address.split("/")
    stem, dot, ext = parts[-1].rpartition(".")
    last = f"{_word(stem)}.{ext}" if dot and stem else _word(parts[-1])
    return "/".join([*(_word(p) for p in parts[:-1]), last])


def _word(name: str) -> str:
    """A name as the generators may clean it, the coarsest way: case folded, accents
    off, letters and decimal digits alone. Jekyll's slugify makes each run of anything
    else one hyphen, Hugo drops it (`sup!port.md` and `sup²port.md` are Hugo's
    `/support/`: rounds 49, 50; `removePathAccents` takes `ö` to `o`): names that differ
    there alone may share an address."""
    if name.isascii():
        return _NOT_ALNUM.sub("", name.lower())
    import unicodedata

    return "".join(
        c for c in unicodedata.normalize("NFD", name.casefold()) if c.isalpha() or c.isdecimal()
    )


_NOT_ALNUM = lazyre.compile(r"[^a-z0-9]+")
# (what the address test passes over names by: all ASCII but [a-z0-9] out, as _word)
_SQUEEZE = str.maketrans(
    "", "", "".join(c for c in map(chr, range(128)) if not (c.isdigit() or "a" <= c <= "z"))
)
# A page's language (Hugo's `notes.fr.md`; on a site of one language, written as notes).
_LANGUAGE = lazyre.compile(r"(.+)\.[a-z]{2,3}(?:-[a-z0-9]{2,8})?")
# A Jekyll post's file name: its date and its title, which the default permalink (`date`:
# /:categories/:year/:month/:day/:title.html) puts in its address; a `slug:` takes the
# title's place, a front matter `date:` the date's (its day in any zone: a day either side).
_POST_NAME = lazyre.compile(r"(\d{4})-(\d{2})-(\d{2})-(.+)\.[^./]+")


def _post_keys(path: str, fields: Mapping[str, object], patterns: Sequence[str] = ()) -> set[str]:
    """Where a Jekyll post is written, as address keys (none for no post): by the
    default permalink, and by each pattern its own `permalink:` or its site's config
    gives (`/:title/`: posts of one title share it, whatever their dates)."""
    folder, name = posixpath.split(path)
    parts = folder.split("/")
    m = _POST_NAME.fullmatch(name) if "_posts" in parts else None
    if m is None:
        return set()
    import datetime

    categories = [_word(p) for p in parts[: parts.index("_posts")] if p]
    for key in ("category", "categories", CATEGORIES):
        value = fields.get(key)
        categories += [_word(c) for c in str(value).split()] if isinstance(value, str) else []
    days = [datetime.date(*map(int, m.group(1, 2, 3)))] if _valid_day(m) else []
    written = date_of(fields["date"]) if "date" in fields else None
    try:
        day = datetime.date.fromisoformat(written) if written else None
    except ValueError:
        day = None
    for shift in (-1, 0, 1):
        try:
            if day is not None:
                days.append(day + datetime.timedelta(days=shift))
        except OverflowError:
            continue
    slug = _slug(fields)
    titles = [_word(m.group(4)), *([slug] if slug else [])]
    dated = ["/".join(m.group(1, 2, 3)), *(d.strftime("%Y/%m/%d") for d in days)]
    keys = {"/".join([*categories, d, t]) for d in dict.fromkeys(dated) for t in titles if t}
    own = [v for k, v in fields.items() if k.lower() == "permalink" and isinstance(v, str)]
    for pattern in [*(v for v in own if re.search(r":\w", v)), *patterns]:
        keys.update(_expanded(pattern, categories, days, [t for t in titles if t], m.group(4)))
    return keys


# Hugo's permalink tokens, as _expanded reads Jekyll's (a time of day, an unknown token:
# the same for every page, so more share).
_HUGO_TOKENS = {"monthname": "long_month", "weekday": "w_day", "weekdayname": "long_day",
                "yearday": "y_day", "slugorfilename": "slug", "filename": "name",
                "contentbasename": "name", "slugorcontentbasename": "slug"}  # fmt: skip


def _hugo_keys(path: str, fields: Mapping[str, object], patterns: Sequence[str]) -> set[str]:
    """The address keys a Hugo config's `[permalinks]` gives a page of a section it names
    (`hugo:posts:/:year/:title/`): the section is the page's first folder under its
    content folder (a folder named content, or the top)."""
    import datetime

    parts = path.split("/")
    at = parts.index("content") + 1 if "content" in parts[:-1] else 0
    if len(parts) - at < 2 or parts[-1].lower().startswith("_index."):
        return set()
    section = parts[at].lower()
    mine = [p.split(":", 2)[2] for p in patterns if p.startswith(f"hugo:{section}:")]
    if not mine:
        return set()
    written = date_of(fields["date"]) if "date" in fields else None
    days: list[Any] = []
    try:
        day = datetime.date.fromisoformat(written) if written else None
    except ValueError:
        day = None
    if day is not None:
        for shift in (-1, 0, 1):
            try:
                days.append(day + datetime.timedelta(days=shift))
            except OverflowError:
                continue
    title = fields.get("title")
    stem = posixpath.splitext(parts[-1])[0]
    name = parts[-2] if stem.lower() == "index" else stem
    titles = [_word(str(title)) if isinstance(title, str) else "", _slug(fields) or _word(name)]
    out: set[str] = set()
    for pattern in mine:
        hugo = re.sub(r":(\w+)", lambda m: ":" + _HUGO_TOKENS.get(m.group(1), m.group(1)), pattern)
        hugo = hugo.replace(":sections", "/".join(parts[at:-1])).replace(":section", section)
        out |= _expanded(hugo, [], days, [t for t in titles if t] or [""], name)
    return out


def _valid_day(m: re.Match[str]) -> bool:
    import datetime

    try:
        datetime.date(*map(int, m.group(1, 2, 3)))
    except ValueError:
        return False
    return True


# Jekyll's permalink styles, and what each of its placeholders is for a post (a time of
# day is not known: every post has the same, so those of one day share an address).
_STYLES = {
    "date": "/:categories/:year/:month/:day/:title:output_ext",
    "pretty": "/:categories/:year/:month/:day/:title/",
    "ordinal": "/:categories/:year/:y_day/:title:output_ext",
    "weekdate": "/:categories/:year/W:week/:short_day/:title:output_ext",
    "none": "/:categories/:title:output_ext",
}
_DAY_PARTS = {
    "year": "%Y",
    "short_year": "%y",
    "month": "%m",
    "i_month": "%-m",
    "short_month": "%b",
    "long_month": "%B",
    "day": "%d",
    "i_day": "%-d",
    "y_day": "%j",
    "w_year": "%G",
    "week": "%V",
    "w_day": "%u",
    "short_day": "%a",
    "long_day": "%A",
}
_PLACEHOLDER = lazyre.compile(r":(\w+)")


def _expanded(
    pattern: str, categories: Sequence[str], days: Sequence[Any], titles: Sequence[str], name: str
) -> set[str]:
    """The address keys a permalink pattern gives a post, for each of its dates and
    titles (an unknown placeholder is read as the same for every post: more share)."""
    import itertools

    pattern = _STYLES.get(pattern.strip(), pattern.strip())
    out: set[str] = set()
    for day, title in itertools.product(days or [None], titles or [""]):

        def value(m: re.Match[str], day: Any = day, title: str = title) -> str:
            key = m.group(1)
            if key in ("title", "slug"):
                return title
            if key in ("categories", "slugified_categories"):
                return "/".join(categories)
            if key in ("name", "basename"):
                return _word(name)
            if key == "output_ext":
                return ""
            if key in _DAY_PARTS and day is not None:
                return str(day.strftime(_DAY_PARTS[key].replace("%-", "%"))).lstrip(
                    "0" if "%-" in _DAY_PARTS[key] else ""
                )
            return "_"

        raw = _PLACEHOLDER.sub(value, pattern.split("?")[0].split("#")[0])
        words = [_word(w) for w in raw.lower().removesuffix(".html").split("/")]
        out.add("/".join(w for w in words if w))
    return out


def _slug(fields: Mapping[str, object]) -> str | None:
    """The name a `slug:` gives the page in its folder (Hugo's; Jekyll's, Eleventy's
    where a permalink pattern takes it), cleaned as generators clean it."""
    for key, value in fields.items():
        if key.lower() == "slug" and isinstance(value, str) and value.strip():
            return "/".join(w for w in map(_word, value.strip().split("/")) if w) or None
    return None


def _sharing(moved: Sequence[str], paths: Sequence[str]) -> bool:
    """Does any of these pages' paths put it where another path puts another page (one of
    them too)?"""
    owners: dict[str, set[str]] = {}
    for p in moved:
        for k in _address_keys(p):
            owners.setdefault(k, set()).add(p)
    stems = {k.rpartition("/")[2] for k in owners}
    every: Sequence[str] = [*moved, *paths]
    if "" not in stems:  # (a name cleaned to a stem holds it, its punctuation out)
        words = tuple(stems)
        every = [
            q
            for q in every
            if "_posts/" in q
            or (n := q[q.rfind("/") + 1 :].lower()).startswith(_BARE)
            or not n[:1].isalnum()  # (a name of no word is written as its folder)
            or _may_hold(n.translate(_SQUEEZE), words)
        ]
    for q in dict.fromkeys(every):
        raw = posixpath.splitext(q.rpartition("/")[2].lower())[0]
        lang = _LANGUAGE.fullmatch(raw)
        names = {_word(raw), *([_word(lang.group(1))] if lang else [])}
        if not names & stems and raw not in _BARE and "" not in names and "_posts/" not in f"/{q}":
            continue  # (its keys end in its name, or it is a folder's page or a post)
        if any(owners.get(k, {q}) - {q} for k in _address_keys(q)):
            return True
    return False


def _may_hold(squeezed: str, words: tuple[str, ...]) -> bool:
    """May a name, its ASCII punctuation out, clean to one of these words (a name with
    other than ASCII in it: maybe)?"""
    return not squeezed.isascii() or any(w in squeezed for w in words)


def _names_address(fields: Mapping[str, object], path: str = "") -> bool:
    """Does a field of the page say where it is written (not its path alone): an address,
    a slug, a Jekyll post's date or categories?"""
    if _named(fields) or _slug(fields) is not None:
        return True
    moves = {"date", "category", "categories", CATEGORIES}
    return bool(_post_keys(path, {})) and bool(moves & set(fields))


_BARE = ("index", "_index", "readme")  # (a folder's page: written as the folder)


def _address_keys(path: str, slug: str | None = None) -> set[str]:
    """Where its path puts a page (its folder and name, or the `slug` in its place; a
    folder's index page at the folder; a page in a language at its name), from the top
    and from its content folder's (`content/_index.md` is the site's root: ""), cleaned
    as generators clean names, as _addresses writes them; a Jekyll post's dated one."""
    posts = _post_keys(path, {"slug": slug} if slug else {})
    if posts:
        return posts  # (a Jekyll post is written at its dated address, not by its path)
    folder, name = posixpath.split(path.lower())
    stem = slug or posixpath.splitext(name)[0]
    stems = {stem, *([lang.group(1)] if (lang := _LANGUAGE.fullmatch(stem)) else [])}
    keys: set[str] = set()
    for s in stems:
        bare = slug is None and s in _BARE
        base = "/".join(
            w for w in map(_word, (folder if bare else f"{folder}/{s}").split("/")) if w
        )
        keys.update(
            {base, base.partition("/")[2]}
            if "/" in base
            else {base, ""}
            if bare and base
            else {base}
        )
    return keys


def _named(fields: Mapping[str, object]) -> list[str]:
    """The addresses a page's fields name for it (not a pattern: `/:title/`, `{{ slug }}`)."""
    return [
        address
        for key, value in fields.items()
        if key.lower() in ("permalink", "url")
        and isinstance(value, str)
        and value.strip()
        and not re.search(r"/:|\{", value)
        for address in _address(value)
    ]


def _address(value: str) -> list[str]:
    """The files a `permalink:` may name, as generators write it: escapes read, `.` and
    `..` steps and doubled slashes resolved, a folder's `index.html` and a name's
    `.html` added; case folded (a case-insensitive disk writes `/A/` and `/a/` to
    one)."""
    from urllib.parse import unquote

    raw = unquote(value.strip()).replace("\\", "/")
    path = posixpath.normpath("/" + raw).rstrip("/")
    if raw.endswith("/") or not path:
        return [f"{path}/index.html".strip("/").lower()]
    if "." in path.rpartition("/")[2]:
        return [path.strip("/").lower()]
    # (`/changelog`: Jekyll writes changelog.html, Hugo and Eleventy changelog/index.html)
    return [f"{path}.html".strip("/").lower(), f"{path}/index.html".strip("/").lower()]


def _held(path: str, held: Sequence[str]) -> bool:
    """Does a held entry (a folder; globs or a pattern a config gives) hold the page?"""
    from receipt_gate.sites.layout import holds

    return any(path.startswith(h) if h[:1] != "\0" else holds(h, path) for h in held)


def _content_roots(configs: Sequence[str], read: Callable[[str], str | None]) -> list[str]:
    """Where Hugo reads content, by its configs: `content`, a contentDir, a mount's source
    (each as its config's folder has it), as far as their text names them."""
    out = {"content"}
    for path in configs:  # (a config's folder, or the site's where it is in config/)
        home = ("/" + path).rpartition("/config/")[0].lstrip("/") if "config/" in path else ""
        home = home if "config/" in path else posixpath.dirname(path)
        out.add(posixpath.join(home, "content"))
        for m in _CONTENT_DIR.finditer(read(path) or ""):
            where = posixpath.normpath(posixpath.join(home, m.group(1).strip("/")))
            out.add(where)
    return sorted(out)


_CONTENT_DIR = lazyre.compile(r"""(?i)\b(?:contentDir|source)["']?\s*[=:]\s*["']?([\w./-]+)""")


def _unbuilt(
    path: str, paths: Mapping[str, str], hidden: bool = False, bundles: Sequence[str] = ("content",)
) -> bool:
    """Is this a page some generator never builds, whatever its config: in a hidden
    folder or hidden itself (MkDocs, Hugo and Jekyll leave out `.*`; Hugo and Jekyll
    `#*` and `*~`), in a folder of dependencies (Jekyll's default excludes:
    node_modules, gemfiles, vendor/bundle...), a Jekyll post under another `_` folder
    (`_wip/_posts/`, `_posts/_old/`: Jekyll reads no `_` folder it has no use for), a `_`
    page or folder of Astro's src/content/ or src/pages/, or a
    page beside an index page (a README: MkDocs builds the index; another: a Hugo leaf
    bundle's resource)? `hidden`: the site builds hidden folders' pages (Eleventy)."""
    parts = path.split("/")
    dots = "#" if hidden else (".", "#")
    if any(p.startswith(dots) or p.endswith("~") or p in _DEPENDENCIES for p in parts):
        return True
    if "vendor" in parts[:-1] and parts[parts.index("vendor") + 1] in _VENDORED:
        return True
    if "_posts" in parts[:-1] and any(p.startswith("_") and p != "_posts" for p in parts[:-1]):
        return True
    for i, part in enumerate(parts[:-2]):  # Astro builds no `_` page or collection entry
        if (
            part == "src"
            and parts[i + 1] in ("content", "pages")
            and any(p.startswith("_") for p in parts[i + 2 :])
        ):
            return True
    folder, name = posixpath.split(path)
    base = f"{folder}/" if folder else ""
    # (an index in another format Hugo renders: a held entry, _site_data's bundles)
    beside_index = any(f"{base}index{ext}" in paths for ext in _HUGO_INDEXES[:3])
    root = next((r for r in bundles if folder.startswith(r + "/")), None)
    if root is not None:  # (under a leaf bundle's folder, at any depth: its resource, round
        # 94 h02: `b/index.md` and `b/notes/old.md`; in Hugo's content folders, its
        # contentDir too: round 95 h02)
        up = folder.split("/")
        for k in range(len(up) - 1, root.count("/") + 1, -1):
            above = "/".join(up[:k]) + "/"
            if any(f"{above}index{ext}" in paths for ext in _HUGO_INDEXES[:3]):
                return True
    # A README beside an index (MkDocs builds the index); any other page beside one is
    # a Hugo leaf bundle's resource, which Hugo builds no page from (MkDocs would), where
    # Hugo may build the site (`bundles`).
    stem = posixpath.splitext(name)[0].lower()
    return beside_index and stem != "index" and (bool(bundles) or stem == "readme")


# (the formats Hugo renders content from, gate.sites.hugo.CONTENT, and `.MD`; the first
# three, markdown's, are read beside the index among the articles: _unbuilt())
_HUGO_INDEXES = (
    *(".md", ".markdown", ".MD", ".mdown", ".html", ".htm", ".org", ".adoc", ".asciidoc"),
    *(".ad", ".pandoc", ".pdc", ".rst"),
)


_DEPENDENCIES = frozenset({"node_modules", "gemfiles", "_site"})
# The configs of generators that build no leaf bundles (Jekyll's, MkDocs'; Eleventy's
# are its own list).
_NOT_HUGO = frozenset({"_config.yml", "_config.yaml", "_config.toml", "mkdocs.yml", "mkdocs.yaml"})
_VENDORED = frozenset({"bundle", "cache", "gems", "ruby"})


def _site_data(tree: Tree, cfg: Config | None) -> SiteData:
    """Folders whose data can hold their pages back, so that what is under them is not
    surely published: a `.meta.yml` (Material's meta plugin: front matter for every page
    under it, `draft: true` too), an Eleventy directory data file that names a
    permalink (`posts/notes/notes.11tydata.json`, `posts/posts.json`: `permalink: false`
    writes no page), and what a generator's config holds back (Jekyll's `defaults:`);
    the layouts that print no page content (_contentless); and the fields a config
    makes pages' publish and expiry dates (Hugo's `[frontmatter]`)."""
    from receipt_gate.base import wildmatch

    run_dir = cfg.run_dir if cfg is not None else ".receipts"
    builds = cfg is not None and cfg.draft_markers is not None

    def data_file(p: str) -> bool:
        parts = p.split("/")
        stem = parts[-1].rsplit(".", 1)[0]
        return ".11tydata." in parts[-1] or (len(parts) > 1 and stem == parts[-2])

    def find() -> SiteData:
        from receipt_gate import sites

        metas = ["**/.meta.yml", "**/.meta.yaml", *map(wildmatch.escape, _META)]
        data = [f"**/*.{e}" for e in (*_CODE_DATA, "json", *_MORE_DATA)]
        configs = sites.config_globs()
        # One listing for the four (a site's tree has tens of thousands of paths).
        every = tree.paths(
            [
                *metas,
                *data,
                *configs,
                "**/_layouts/**",
                "**/_includes/**",
                "**/content/**/index.*",
                "**/.eleventyignore",
                "i18n/*/docusaurus-plugin-content-*/**",
                f"!{wildmatch.escape(run_dir)}/**",
            ]
        )
        from receipt_gate.sites.layout import held_globs

        read = _reader(tree)
        metas_named = _meta_files(every, read)  # (Material's `meta_file`: round 95)
        if metas_named:
            every = sorted({*every, *tree.paths([f"**/{n}" for n in metas_named])})
        held = {
            p
            for p in every
            if _is_meta(p.rpartition("/")[2], metas_named) and _meta_unpublishes(tree, p)
        }
        roots = _content_roots([p for p in every if sites.hugo.CONFIG.search(p)], read)
        indexes = [f"{wildmatch.escape(r)}/**/index.*" for r in roots if r != "content"]
        if indexes:  # (the index pages of a contentDir a config names, as of content/ above)
            every = sorted({*every, *tree.paths(indexes)})
        # A Hugo leaf bundle's index in a format other than markdown (`index.html`,
        # `index.org`): what lies beside it and under it is a resource, no page (in a
        # content folder, or a contentDir a config names).
        bundles = [
            held_globs([f"{wildmatch.escape(d)}/**", f"!{wildmatch.escape(d)}/index.*"])
            for p in every
            if (d := posixpath.dirname(p))
            and ("content" in d.split("/") or any(d.startswith(r + "/") for r in roots))
            for name in [p.rpartition("/")[2]]
            if name.startswith("index.") and name[5:] in _HUGO_INDEXES[3:]
        ]  # (markdown's, whose resources are read beside it: _unbuilt())
        eleventy = [c for c in sites.eleventy.CONFIGS if c in every]  # (`page` holds no field)
        # (with no config, Eleventy is known by the package it is: its data files count)
        bare = not eleventy and "@11ty/eleventy" in (read("package.json") or "")
        data_given: list[tuple[str, str, str]] = []
        for p in every:
            # (Eleventy's template data file is any `NAME.json` beside its template, on
            # any site: Eleventy builds one with no config of its own; a YAML or TOML one
            # where addDataExtension() reads them, on an Eleventy site)
            template = p.endswith(".json") and "node_modules/" not in p
            kinds = (*_CODE_DATA, "json", *(_MORE_DATA if eleventy or bare else ()))
            if p.endswith(tuple(f".{k}" for k in kinds)) and (data_file(p) or template):
                try:
                    got = tree.read(p, 1 << 20)
                except Unreadable:
                    got = None
                fields_given = data_file(p) and bool(eleventy or bare)  # (_data_given's)
                held.update([p] if _may_unpublish(p, got, fields_given) else [])
                data_given += _data_given(p, got, data_file(p)) if eleventy or bare else []
        folders = {_holds(p) for p in held}
        if sites.eleventy.global_layout((read(eleventy[0]) or "") if eleventy else "", every):
            folders.add("")  # (every page may be put in a layout its global data gives)
        from receipt_gate.rules.markup import build_texts

        # (the configs a build names, wherever: read where the build is, on a site with
        # draft markers, as gate.rules.config.built reads it)
        named = build_texts(tree, run_dir)[3] if builds else {}
        held_by = sites.held_by_configs(every, read, named) + bundles
        if eleventy or bare:  # (Eleventy builds nothing .gitignore names, force-added too)
            config = read(eleventy[0]) if eleventy else ""
            held_by += sites.eleventy.held_by_gitignore(config, read)
            held_by += sites.eleventy.held_by_ignore_files(every, read)
            # (nor a page of a kind a build's --formats leaves out)
            held_by += sites.eleventy.held_by_commands(build_texts(tree, run_dir)[2])
        docusaurus = [c for c in sites.docusaurus.CONFIGS if c in every]
        if docusaurus:  # (a translation of the default locale replaces its source page)
            translated = [p for p in every if p.startswith("i18n/")]
            held_by += sites.docusaurus.held_by_translations(read(docusaurus[0]), translated)
        dates = sites.date_fields(every, read)
        more = [f"{f}/" for f in sites.layout_folders(every, read)]  # (layouts_dir, dir)
        found = [*every, *(tree.paths([f"{f}**" for f in more]) if more else [])]
        # (Jekyll's includes_dir elsewhere: which file an include names, the gate does
        # not follow; its includes print nothing)
        moved = any("includes_dir" in (read(p) or "") for p in every if p.endswith(_CONFIG_EXTS))
        layouts = _layouts(tree, found, more, bool(eleventy or bare), not moved)
        for alias, name in sites.layout_aliases(every, read):  # (Eleventy's addLayoutAlias)
            if name in layouts:
                layouts[alias] = layouts[name]
        # (what a config gives the pages under a path: Jekyll's defaults, a layout too,
        # a title)
        given = [*sites.default_values(every, read), *data_given]
        defaults = sorted([p, k, v] for p, k, v in given)
        patterns = sorted(set(sites.post_permalinks(every, read, named)))
        hidden = bool(eleventy or bare)  # (Eleventy builds `.notes/`: round 43)
        # (a site another generator's config names and Hugo's none: no leaf bundles, the
        # Jekyll docs' `_docs/index.md` beside its pages, round 93)
        others = bool(eleventy) or any(p.rpartition("/")[2] in _NOT_HUGO for p in every)
        hugo = any(sites.hugo.CONFIG.search(p) for p in every)
        leafy = roots if hugo or not others else []
        return sorted(folders | set(held_by)), layouts, dates, defaults, patterns, hidden, leafy

    return built_once(tree, f"site-data/{run_dir}/{builds}", find)


def given_fields(tree: Tree, cfg: Config | None, names: Collection[str]) -> list[list[str]]:
    """[path prefix, value] for each of these fields (by name, in any case) a generator's
    config or data gives the pages under a path (Jekyll's `defaults:`, a Hugo config's
    `cascade`, an Eleventy JSON data file), the longest prefix first: a page with none of
    its own shows the first whose prefix its path starts with."""
    wanted = {n.lower() for n in names}
    found = [[p, v] for p, k, v in _site_data(tree, cfg)[3] if k.lower() in wanted]
    return sorted(found, key=lambda e: -len(e[0]))


# A layout is read twice: its template's tags (Liquid runs first, inside HTML comments
# and scripts too: none of them hides a tag), and its output (what a browser shows of
# what the tags print). Liquid's own comments hold neither (a comment block, an inline
# `{% # ... %}`); a raw or verbatim block's text is output, and no tags.
_LIQUID_COMMENT = lazyre.compile(
    r"\{%-?\s*(end)?(comment)\b(?:[^%]|%(?!\}))*+%\}|\{%-?\s*#(?:[^%]|%(?!\}))*+%\}"
)


def _outermost(matches: Iterable[re.Match[str]], length: int) -> list[tuple[Span, Span]]:
    """(open tag, end tag) of each outermost block of tags that nest (Liquid counts its
    comments, Nunjucks and LiquidJS their raw blocks): an end tag is a match whose first
    group is set; one never closed ends where the text does."""
    out: list[tuple[Span, Span]] = []
    depth, opened = 0, (0, 0)
    for m in matches:
        if not m.group(1):
            opened = m.span() if not depth else opened
            depth += 1
        elif depth:
            depth -= 1
            if not depth:
                out.append((opened, m.span()))
    if depth:
        out.append((opened, (length, length)))
    return out


def _uncommented(text: str) -> str:
    """The layout with Liquid's comments blanked: a comment block to the end tag that
    closes it (they nest), never closed to the end (Liquid refuses it), and each inline
    `{% # ... %}` outside them."""
    from receipt_gate.reading.inline import blanked

    tags = list(_LIQUID_COMMENT.finditer(text))
    blocks = [(a[0], b[1]) for a, b in _outermost((m for m in tags if m.group(2)), len(text))]
    inline = [m.span() for m in tags if not m.group(2)]
    return blanked(text, [*blocks, *(s for s in inline if not _within(blocks, s[0]))])


Span = tuple[int, int]
_RAW_TAG = lazyre.compile(r"\{%-?\s*(end)?(raw|verbatim)\s*-?%\}")


def _raw_blocks(text: str) -> list[tuple[Span, Span, Span]]:
    """Each raw or verbatim block, outermost: (its open tag, its text, its end tag). They
    nest (Nunjucks and LiquidJS count them); one never closed runs to the end."""
    return [(a, (a[1], b[0]), b) for a, b in _outermost(_RAW_TAG.finditer(text), len(text))]


# What an output holds that no reader sees as text: an HTML comment as HTML ends one
# (`<!-->`, `<!--->`, `--!>`), and Nunjucks' `{# #}` (Liquid prints it: read as hidden).
_OUTPUT_HIDDEN = lazyre.compile(r"(?s)<!--(?:-?>|.*?(?:--!?>|\Z))")
_NUNJUCKS_HIDDEN = lazyre.compile(r"(?s)<!--(?:-?>|.*?(?:--!?>|\Z))|\{#.*?(?:#\}|\Z)")
# A layout whose printing of the page the gate cannot read at all: one that extends
# another, a `{% liquid %}` tag (its lines are tags), a tag that puts a value in the
# name `content` or `page` (`assign`, `capture`, `set`, a loop's variable, an import's
# name). (A tag that only reads them, `{% assign words = content | number_of_words %}`,
# is read.)
_UNREAD_LAYOUT = lazyre.compile(
    r"\{%-?\s*(?:extends|liquid|layout)\b"
    r"|\{%-?\s*(?:assign|capture|set|increment|decrement)\s+(?:content|page)\b"
    r"|\{%-?\s*(?:for|tablerow)\s+(?:\w+\s*,\s*)?(?:content|page)\b"
    r"|\{%-?\s*(?:import|from)\b(?:[^%]|%(?!\}))*?(?<![\w.])(?:content|page)(?![\w])"
)
# A layout's tags in order: any `{% tag ... %}` (a `%` inside it ends nothing but `%}`),
# and where it prints the page it is given as it is: `{{ content }}` bare, trimmed or
# through a filter that keeps it (safe, strip, markdownify); Handlebars' `{{{ content
# }}}`; Jekyll's `page.content`. `{{ content | size }}` or `{{ content.size }}` prints
# no page.
_LAYOUT_TAG = lazyre.compile(
    r"\{%-?\s*([A-Za-z_]\w*)((?:[^%]|%(?!\}))*+)%\}"
    r"|\{\{\{?-?\s*((?:page\.)?content|\w+)\s*(?:\|\s*(?:safe|strip|markdownify)\s*)*-?\}"
)
# Blocks whose branches the gate reads; any other tag that has an `end` tag is a block
# it cannot read (Nunjucks' `block`, a plugin's own).
_BLOCKS = frozenset({"if", "unless", "case", "for", "tablerow", "capture", "macro", "call"})
_BRANCHES = frozenset({"else", "elsif", "elif", "elseif", "when"})
# Elements whose text is no markup (a `</div>` in a script closes nothing) and that
# show no page's text: blanked whole before the hiding elements are found.
_RAW_TEXT = lazyre.compile(
    r"(?is)<(script|style|textarea|title|xmp|iframe|noembed|noframes|noscript|plaintext)\b"
    r".*?(?:</\1\s*>|\Z)"
)
# An include, by a name the includes folder holds (Jekyll's and Eleventy's `_includes/`),
# its parameters (`body=content`: the include's `include.body` is the page).
_INCLUDE = lazyre.compile(r"\{%-?\s*include\s+([\"']?)([\w./-]+)\1((?:[^%]|%(?!\}))*+)%\}")
_CAPTURED = lazyre.compile(r"\{%-?\s*(?:capture|assign|set)\s+(\w+)")
# A branch's state: None or False runs surely, True never, [field, truthy?] where the
# page's field says so, "?" where the gate cannot tell.
_UNKNOWN = "?"


class _Frame:
    """A block of a layout: its tag, its branch's state, the name a capture takes, and
    whether each branch so far printed the page (where the blocks inside it run)."""

    __slots__ = ("branches", "name", "otherwise", "printed", "state", "tag", "taken")

    def __init__(self, tag: str, state: Any, name: str | None) -> None:
        self.tag, self.state, self.name = tag, state, name
        self.branches: list[bool] = []
        self.printed = False
        self.otherwise = False  # (an else: the branches cover every case)
        self.taken = state is None or state is False  # (a branch before surely ran)

    def next_branch(self, word: str) -> None:
        self.branches.append(self.printed)
        self.printed = False
        on = self.state
        if word == "else":
            self.otherwise = True
        if self.taken:
            self.state = True  # (an earlier branch ran: no later one does)
        elif word == "else" and not self.branches[1:] and self.tag in ("if", "unless"):
            if isinstance(on, list):
                self.state = [on[0], not on[1]]
            elif on is not _UNKNOWN:
                self.state = not on if on is not None else True
        else:
            self.state = _UNKNOWN  # (elsif, when, a loop's else: the gate cannot tell)
        self.taken = self.taken or self.state is None or self.state is False


def _layout_front(text: str) -> tuple[str | None, str]:
    """(the layout a layout is put in, its text after its front matter), as Jekyll and
    Eleventy read the front matter (a quoted key, a flow mapping, `...`); a front matter
    the gate cannot read puts it in an unknown one ("?")."""
    from receipt_gate.reading.frontmatter import block_end
    from receipt_gate.reading.frontmatter import read as front_matter

    lines = text.split("\n")
    _, taken = block_end(lines)
    if not taken:
        return None, text
    try:
        named = front_matter(text, "layout").fields.get("layout")
    except GateError:
        named = _UNKNOWN
    body = "\n".join(lines[taken:])
    return (str(named).strip() or None) if named is not None else None, body


def _prints_content(
    text: str,
    fields_bare: bool = False,
    include: Callable[[str], str | None] | None = None,
    engine: Engine = "liquid",
) -> tuple[Prints, str | None]:
    """When a layout prints the page it is given (Prints: any of the conjunctions of a
    page's fields holds; [[]]: always, []: never), and the layout it is put in in turn.
    Not in a comment, an element that surely hides it, a tag's attribute, or a branch
    no value can take (`{% if false %}`); a capture only where the name it captures is
    printed as it is; in a branch on a page's field (`{% if page.show_body %}`,
    Eleventy's `{% if showBody %}` with `fields_bare`), where the page's field says; on
    any other value, or in a block the gate does not read, nowhere surely, unless every
    branch prints it. An include is read in its place (`include`: its text by name; one
    it cannot read prints nothing); a layout that extends another prints what that one
    says: nothing surely."""
    from receipt_gate.reading.visible import tag_spans

    parent, body = _layout_front(text)
    views = _views(body, include)
    if views is None:
        return [], parent
    shown, output = views
    hidden = _hidden_spans(output, engine)
    tags = tag_spans(output)
    if _straddles(shown, tags):
        return [], parent  # (a branch holds a tag's end: where the page lands, Liquid says)
    # A capture holds the page where it captured it; printing its name (as it is) prints
    # it there, where nothing else is put in the name (captured twice, assigned or set:
    # which value is printed is the order's to say).
    named = collections.Counter(_CAPTURED.findall(shown))
    # (a name the layout gives a value, or a loop takes, is no page's field there)
    made = _MADE | set(named) | set(re.findall(r"\{%-?\s*(?:for|tablerow)\s+(\w+)", shown))
    holding: set[str] = set()
    field = _BARE_FIELD if fields_bare else _PAGE_FIELD
    breaks = re.search(r"\{%-?\s*(?:break|continue)\b", shown) is not None
    ended = {m.group(1) for m in re.finditer(r"\{%-?\s*end([A-Za-z_]\w*)", shown)}
    frames: list[_Frame] = []
    out: Prints = []
    seen: list[int] = [-1]  # (the tag after which the frames last printed: no change since)

    def prints(at: int) -> bool:
        """A print here: True when it is surely printed (every frame runs)."""
        if seen[0] == at:
            return False  # (the same frames as the print before: nothing new)
        seen[0] = at
        if any(f.state is True for f in frames):
            return False
        if any(f.name for f in frames):  # (captured: printed where its name is)
            holding.update(f.name for f in frames if f.name and named[f.name] <= 1)
            return False
        inner = next((f for f in reversed(frames) if f.state not in (None, False)), None)
        if inner is None:
            return True
        inner.printed = True  # (this branch prints, where the frames around it run)
        if all(f.state is not _UNKNOWN for f in frames):
            out.append([f.state for f in frames if isinstance(f.state, list)])
        return False

    def unseen(at: int) -> bool:  # (an attribute's value, `<meta content="{{ content }}">`,
        # a comment, an element that surely hides its text)
        return _within(tags, at) or _within(hidden, at)

    changed = 0  # (where the frames last changed: prints since then see the same)
    for m in _LAYOUT_TAG.finditer(shown):
        word, printed = m.group(1), m.group(3)
        if printed is not None:
            page = printed == "content" or (printed == "page.content" and not fields_bare)
            if (page or printed in holding) and not unseen(m.start()) and prints(changed):
                return [[]], parent
            continue
        changed = m.start()
        if word in _BRANCHES:
            if frames:
                frames[-1].next_branch(word)
        elif word.startswith("end") and any(f.tag == word[3:] for f in frames):
            while frames[-1].tag != word[3:]:
                frames.pop()  # (a block left open inside it ends with it)
            done = frames.pop()
            # Every branch of a block that covers every case prints it: printed.
            ways = [*done.branches, done.printed][1 if done.tag == "case" else 0 :]
            looped = done.tag in ("for", "tablerow") and breaks  # (left before it prints)
            if done.otherwise and len(ways) > 1 and all(ways) and not looped and prints(changed):
                return [[]], parent
        elif _opens_block(word, m.group(2), ended):
            frames.append(_block(word, m.group(2), field, breaks, made, engine))
            if len(frames) > _DEEPEST:
                return [], parent  # (blocks this deep: no layout of a site's; read as none)
    return out[:_MOST_WAYS], parent


def _opens_block(word: str, inner: str, ended: Collection[str]) -> bool:
    """Does this tag open a block: one of the blocks the gate reads, or one the layout
    ends? A `set` only without a value (`{% set x = 1 %}` opens none where another set is
    a block: the Eleventy site's layouts printed no post where a toc include did both)."""
    if word == "set":
        return "=" not in inner
    return word in _BLOCKS or word in ended


def _views(body: str, include: Callable[[str], str | None] | None) -> tuple[str, str] | None:
    """A layout's text as its tags are read (Liquid's comments out, includes in place,
    a raw block's text no tags) and as its output is (raw's text markup); None for one
    the gate cannot read (a tag inside a tag, `content` given another value...)."""
    from receipt_gate.reading.inline import blanked

    if "{%" in body and _tag_in_tag(body):
        return None  # (Liquid reads `{% a {% b %}` as one tag: the gate does not)
    liquid = _uncommented(body)
    if "{%" in liquid and "include" in liquid:
        liquid = _uncommented(_inlined(liquid, include))
    if _UNREAD_LAYOUT.search(liquid):
        return None
    raws = _raw_blocks(liquid)  # (open tag, text, end tag) spans
    shown = blanked(liquid, [(a, b) for _, (a, b), _ in raws])
    output = blanked(liquid, [span for opened, _, closed in raws for span in (opened, closed)])
    return shown, output


def _tag_in_tag(text: str) -> bool:
    """Does a `{%` open inside a tag not yet ended (`{% if a {% endif %}`), or a tag
    never end? (In one pass: every reader of tags after this one may stop at a `{%`.)"""
    inside = False
    for m in re.finditer(r"\{%|%\}", text):
        if m.group() == "{%":
            if inside:
                return True
            inside = True
        else:
            inside = False
    return inside


def _block(
    word: str,
    cond: str,
    field: re.Pattern[str],
    breaks: bool,
    made: Collection[str] = (),
    engine: Engine = "liquid",
) -> _Frame:
    """The frame a block tag opens."""
    name = cond.split()[0] if word in ("capture", "set") and cond.split() else None
    state = _opened(word, cond, field, made, engine) if word in _BLOCKS else None
    if word not in _BLOCKS and word != "set":
        state = _UNKNOWN  # (a block the gate does not read: `{% block %}`, a filter's)
    if word == "for" and state is False and breaks:
        state = _UNKNOWN  # (a loop a `break` may leave before it prints)
    return _Frame(word, state, name)


_INLINED_MOST = 1 << 20  # characters a layout's includes may add, in all


def _inlined(
    text: str,
    include: Callable[[str], str | None] | None,
    depth: int = 0,
    room: list[int] | None = None,
) -> str:
    """The layout with each include's text in its place (as deep as 8, and no more than
    _INLINED_MOST characters in all: an include in a loop of includes is read once per
    place, not without end), a parameter it is given the page as (`body=content`) read
    as the page; one not found, or past those bounds, blank (it prints nothing)."""
    room = [_INLINED_MOST] if room is None else room

    def one(m: re.Match[str]) -> str:
        got = include(m.group(2)) if include is not None and depth < 8 else None
        if got is None or len(got) > room[0]:
            return " " * len(m.group())
        room[0] -= len(got)
        got = _inlined(got, include, depth + 1, room)
        given = dict(re.findall(r"([\w-]+)\s*[=:]\s*([^\s,%]+)", m.group(3)))  # (the last wins)
        page = {k for k, v in given.items() if re.fullmatch(r"(?:page\.)?content", v)}
        if "content" in given and "content" not in page:  # (LiquidJS: a parameter in scope)
            got = re.sub(r"(?<![\w.])content(?!\w)", "given_content", got)
        for key in page:
            got = re.sub(rf"\binclude\.{re.escape(key)}(?![\w-])", "content", got)
        return got

    return _INCLUDE.sub(one, text)


def _span_at(spans: Sequence[tuple[int, int]], at: int) -> int:
    """Which of these spans (in order, not overlapping) holds `at`, or -1."""
    i = bisect.bisect_right(spans, (at, float("inf"))) - 1
    return i if i >= 0 and spans[i][0] <= at < spans[i][1] else -1


def _within(spans: Sequence[tuple[int, int]], at: int) -> bool:
    return _span_at(spans, at) >= 0


def _hidden_spans(output: str, engine: Engine = "liquid") -> list[tuple[int, int]]:
    """What of a layout's output no reader sees as text, merged and in order: comments,
    the elements whose text is no markup (a script's: a `</div>` in it closes nothing),
    and each element that surely hides what it holds. A closing tag inside a template
    block may not be printed: it ends no element here, unless the block opened it."""
    from receipt_gate.reading.inline import blanked
    from receipt_gate.reading.visible import hidden_by_markup, template_blocks

    comments = _NUNJUCKS_HIDDEN if engine == "nunjucks" else _OUTPUT_HIDDEN
    spans = (
        [m.span() for m in comments.finditer(output)] if "<!--" in output or "{#" in output else []
    )
    if "<" in output:
        # (`{# #}` is no comment to Liquid: its markup is read)
        markup = blanked(output, [(a, b) for a, b in spans if output.startswith("<!--", a)])
        # (a script that opens a comment may not end where its `</script>` stands: HTML's
        # "escaped" states; read as running to the end)
        raw = [
            (a, len(output))
            if "<!--" in output[a:b] and markup[a : a + 7].lower() == "<script"
            else (a, b)
            for a, b in (m.span() for m in _RAW_TEXT.finditer(markup))
        ]
        markup = blanked(markup, raw)
        spans += raw
        blocks = template_blocks(markup) if "{%" in markup and "</" in markup else []
        markup = _unbalanced_out(markup, blocks)
        spans += hidden_by_markup(markup)
    from receipt_gate.reading.inline import merged

    return merged(spans)


def _straddles(shown: str, tags: Sequence[tuple[int, int]]) -> bool:
    """Does a template block open inside one HTML tag and end outside it (or the other
    way round): `<img alt="{% if false %}">{% endif %}{{ content }}">`?"""
    from receipt_gate.reading.visible import template_blocks

    if not tags or "{%" not in shown:
        return False
    return any(
        _span_at(tags, start) != _span_at(tags, end - 1) for start, end in template_blocks(shown)
    )


_OPEN_OR_CLOSE = lazyre.compile(r"<(/?)([A-Za-z][\w-]*)")


_BLOCK_WORK = 1 << 20  # characters of template blocks read for their closing tags


def _unbalanced_out(markup: str, blocks: Sequence[tuple[int, int]]) -> str:
    """The layout with each closing tag a template block holds of an element opened
    before the block taken out (`</div>` under `{% if false %}`): it may not be printed.
    One that closes an element the block opens itself stays. (Past _BLOCK_WORK
    characters of blocks, every closing tag inside one is taken out.)"""
    if not blocks:
        return markup
    out: set[int] = set()
    if sum(end - start for start, end in blocks) > _BLOCK_WORK:
        from receipt_gate.reading.inline import merged

        for start, end in merged(blocks):
            out.update(m.start() for m in _OPEN_OR_CLOSE.finditer(markup, start, end) if m.group(1))
    for start, end in blocks if not out else []:
        opened: collections.Counter[str] = collections.Counter()
        for m in _OPEN_OR_CLOSE.finditer(markup, start, end):
            name = m.group(2).lower()
            if not m.group(1):
                opened[name] += 1
            elif opened[name]:
                opened[name] -= 1
            else:
                out.add(m.start())
    pieces, at = [], 0
    for pos in sorted(out):
        pieces += [markup[at:pos], "<_"]
        at = pos + 2
    pieces.append(markup[at:])
    return "".join(pieces)


def _opened(
    tag: str,
    cond: str,
    field: re.Pattern[str],
    made: Collection[str] = (),
    engine: Engine = "liquid",
) -> Any:
    """The state of a block's first branch (see _Frame): a condition or a loop read as
    its engine reads it (gate.reading.literals, as the quote reader reads it), a page's
    own field where it names one."""
    from receipt_gate.reading.literals import loop_runs, truth

    cond = cond.strip().rstrip("-")  # (a trim marker, `-%}`)
    if tag in ("if", "unless"):
        f = field.fullmatch(cond)
        if f is not None:
            own = f.group(1) not in made and f.group(1) not in _MADE
            return [f.group(1), tag == "if"] if own else _UNKNOWN
        value = truth(cond, engine)
        if value is True or value is False:
            return value != (tag == "if")  # (True: the branch never runs)
        return _UNKNOWN  # (any other value: which branch runs, the gate cannot say)
    if tag in ("case", "macro"):
        return True  # (until a `when`; a macro's body runs only where it is called)
    if tag == "call":
        return _UNKNOWN  # (printed where its macro prints `caller()`, if it does: round 71)
    if tag == "for" and re.search(r"\b(?:offset|reversed)\b", cond):
        return _UNKNOWN  # (`offset: 5` past the range's end: no turn)
    if tag == "for" and re.search(r"\blimit\s*:\s*(?![1-9]\d*\s*(?:%|$))", cond):
        return _UNKNOWN  # (a limit of 0, or of a value Liquid may read as 0: `limit: x`)
    runs = loop_runs(cond, engine) if tag == "for" else None
    if runs is True or runs is False:
        return not runs  # (`(1..0)`, `[]`: no turn; `(1..3)`: a turn surely)
    if tag in ("for", "tablerow"):
        return _UNKNOWN  # (a list: it may be empty, or broken out of)
    return None


# Fields a generator gives every page whatever its front matter (Jekyll's url, date,
# title...; Eleventy's data cascade): what the page's own fields say of them is not all.
_MADE = frozenset(
    {
        "url", "date", "path", "id", "collection", "excerpt", "content", "name", "dir",
        "categories", "tags", "relative_path", "slug", "ext", "output", "next", "previous",
        "title", "layout", "permalink", "collections", "page", "pkg", "eleventy",
    }
)  # fmt: skip


_PAGE_FIELD = lazyre.compile(r"\s*page\.([A-Za-z_][\w-]*)\s*-?")
_BARE_FIELD = lazyre.compile(r"\s*([A-Za-z_]\w*)\s*-?")  # (`show-body`: a subtraction)
_MOST_WAYS = 16  # conjunctions a layout chain keeps; past this it prints nothing surely
_DEEPEST = 64  # blocks one inside another a layout is read with


def _both(a: Prints, b: Prints) -> Prints:
    """Prints where both print (a layout's, and the one it is put in)."""
    got = [x + y for x in a for y in b]
    return got if len(got) <= _MOST_WAYS else []


def _layouts(
    tree: Tree,
    paths: Sequence[str],
    more: Sequence[str] = (),
    eleventy: bool = False,
    includes: bool = True,
) -> dict[str, Prints]:
    """The names a page's `layout:` gives (Jekyll's under `_layouts/`, Eleventy's under
    `_includes/`: with or without the extension) of the layouts that print the page only
    where its fields say (or never), themselves or through the layout they are put in:
    a page that names one where they do not say so (a redirect's meta refresh) is built,
    and readers see none of its body. An include is read where `includes` (the site's
    includes folder is where the gate looks), by its whole name, found in one folder."""
    by_name: dict[str, list[str]] = {}
    included: dict[str, list[str]] = {}  # (Eleventy's: a name no _layouts/ file has)
    exact: dict[str, list[str]] = {}  # (an include's name, as written: with its extension)
    for p in paths:
        for folder, names in (("_layouts/", by_name), ("_includes/", included)):
            at = 0 if p.startswith(folder) else p.find("/" + folder) + 1
            own = next((f for f in more if p.startswith(f)), None)  # (a config's folder)
            if at or p.startswith(folder) or own:
                rel = p[len(own) :] if own else p[at + len(folder) :]
                for name in {rel, rel.rpartition(".")[0] or rel}:
                    names.setdefault(name, []).append(p)
                exact.setdefault(rel, []).append(p)
                break
    for name, found in included.items():
        by_name.setdefault(name, found)  # (Jekyll's includes share no name with a layout)
    files = sorted({p for ps in by_name.values() for p in ps})
    tree.prefetch(files)
    read = _reader(tree)
    shown: dict[str, Prints] = {}

    def fragment(name: str) -> str | None:  # (an include, by its whole name, in one place)
        found = exact.get(name, []) if includes else []
        return read(found[0]) if len(found) == 1 else None

    def every(ps: Sequence[str], depth: int) -> Prints:
        got: Prints = [[]]
        for p in ps:
            got = _both(got, shows(p, depth))
        return got

    def shows(path: str, depth: int = 0) -> Prints:
        if path not in shown:
            text = read(path)
            bare = eleventy or "/_includes/" in "/" + path  # (Eleventy's: fields are names)
            ok, parent = (
                _prints_content(text, bare, fragment, _engine(path))
                if text is not None
                else ([[]], None)
            )
            shown[path] = ok if parent != _UNKNOWN else []  # (a cycle reads as shown)
            if ok and parent and parent != _UNKNOWN and depth < 20:
                shown[path] = _both(ok, every(by_name.get(parent, []), depth + 1))
        return shown[path]

    out = {name: every(ps, 0) for name, ps in by_name.items()}
    if eleventy:  # (Eleventy fails on a layout it cannot find: every name that builds is
        # a file; one the gate cannot find it does not read, and it prints nothing surely)
        return {**dict(sorted(out.items())), STRICT: [[]]}
    return {name: got for name, got in sorted(out.items()) if [] not in got}


def _layouts_of(
    path: str, fields: Mapping[str, object], defaults: Sequence[Sequence[str]]
) -> list[str]:
    """The layout a page is put in: its own `layout` (Jekyll's and Eleventy's keys are
    case-sensitive), else any a config may give its path (which one applies is the
    config's scopes and types to say) or a key of another case names (Hugo's are not)."""
    if "layout" in fields:
        return [str(fields["layout"]).strip()]
    own = [str(v).strip() for k, v in fields.items() if k.lower() == "layout"]
    return [*own, *(v for p, k, v in defaults if k == "layout" and path.startswith(p))]


def _layout_name(name: str) -> str:
    """A layout's name as a path under the includes folder (`./brief`, `sub/../brief`,
    `../_includes/brief`: brief)."""
    named = posixpath.normpath(name.strip()).lstrip("/")
    return named.removeprefix("../_includes/").removeprefix("_includes/")


def unprinted_layout(tree: Tree, cfg: Config | None, path: str, text: str) -> str | None:
    """The name of a layout this page may be put in (its own `layout:`, or one a config
    gives its path) that does not surely print the page's body, as headline-numbers
    reads layouts (a redirect's, one that prints an excerpt, or the body through
    `truncatewords`: round 61); None where each does, or where the page's front matter
    cannot be read (another check says so). Jekyll's and Eleventy's layouts; Hugo's
    templates (gate.sites.hugo.Templates: the path of the one that prints no body)."""
    from receipt_gate.reading.frontmatter import read as front_matter
    from receipt_gate.sites import tree_templates

    run_dir = cfg.run_dir if cfg is not None else ".receipts"
    site = _site_data(tree, cfg)
    layouts, defaults = site[1], site[3]
    try:
        fields = scalar_fields(front_matter(text, path).fields, text)
    except GateError:
        return None
    if not layouts:  # (Hugo's: its templates, read where the page is in a Hugo site)
        return tree_templates(tree, run_dir).unprinted(path, fields)
    given = frozenset(k for p, k, _ in defaults if path.startswith(p))
    if STRICT in layouts:  # (Eleventy's: which data file gives the layout is _data_layout's)
        defaults = [d for d in defaults if d[1] != "layout"]
    names = _layouts_of(path, fields, defaults)
    if not names and STRICT in layouts:  # (Eleventy's: a data file may give the layout)
        data = _data_layout(tree, path)
        if data == _UNKNOWN:
            return None
        names = [data] if data else []
    unsure = [n for n in names if not _printed(fields, layouts, n, given)]
    aliases = _aliases(tree) if STRICT in layouts else {}
    return next((n for n in unsure if not _may_print_body(tree, n, run_dir, aliases)), None)


def _aliases(tree: Tree) -> dict[str, str]:
    """The layouts an Eleventy config names by another name (addLayoutAlias)."""
    from receipt_gate import sites

    paths = tree.paths(list(sites.eleventy.CONFIGS))
    return dict(sites.layout_aliases(paths, _reader(tree)))


def _data_layout(tree: Tree, path: str) -> str | None:
    """The layout an Eleventy data file gives a page that names none: its template data
    file's (`x.json` beside `x.md`), else the nearest directory data file's
    (`notes/notes.json`); `_UNKNOWN` where the nearest that may give one is code."""
    folder, _, name = path.rpartition("/")
    stem = name.rpartition(".")[0] or name
    places = [(folder, stem)]
    parts = folder.split("/") if folder else []
    places += [("/".join(parts[: k + 1]), parts[k]) for k in range(len(parts) - 1, -1, -1)]
    read = _reader(tree)
    for where, base in places:
        for ext in (".11tydata.js", ".11tydata.cjs", ".11tydata.mjs", ".11tydata.json", ".json"):
            text = read(f"{where}/{base}{ext}" if where else f"{base}{ext}")
            if text is None or "layout" not in text:
                continue
            if not ext.endswith(".json"):
                return _UNKNOWN
            try:
                data = json.loads(text)
            except ValueError:
                return _UNKNOWN
            if isinstance(data, dict) and "layout" in data:
                return str(data["layout"]).strip() or None
    return None


# Where a layout's template names the page's body: in an output or a tag (each read to
# its end or the text's: linear), not through a filter that cuts it (`truncatewords`,
# `slice`... anywhere after it), nor in a tag's attribute, a comment or an element that
# hides it, nor in a value assigned and never printed, nor in a block the layout it
# extends has no place for. What it is named for beyond these (`{{ content | toc }}`, an
# include given it), the gate may not read: a quote there is not refused for it
# (headline-numbers, surely, takes no support there).
_TEMPLATE_TAG = lazyre.compile(r"\{([{%])((?:[^}%]|[}%](?!\}))*+)(?:[}%]\}|\Z)")
_TAG_WORD = lazyre.compile(r"\s*-?\s*([A-Za-z_]\w*)")
# The filters that print the body's words as they are (trimmed, escaped, marked up,
# given a table of contents); every other (cut, counted, case changed, turned into a
# URL or a number, added to: `prepend: "<!--"`, `plus: 0`, `slug`), and a site's own
# the gate cannot read, prints it changed (round 70: allow-listed, not deny-listed).
_KEEPING_FILTERS = frozenset(
    """safe strip lstrip rstrip trim strip_newlines markdownify smartify default d
    newline_to_br nl2br indent escape e escape_once xml_escape forceescape string
    striptags strip_html center normalize_whitespace toc inject_anchors""".split()
)
_FILTER_NAME = lazyre.compile(r"\|\s*([A-Za-z_]\w*)")
# A `replace` of markup (a tag's opening or an end tag) by markup that hides nothing
# (`replace: "<img", "<img loading=lazy"`, just-the-docs' `"<table", "<div
# class=\"table-wrapper\"><table"`) keeps the words; one that changes text, opens a
# comment, hides or puts text in an element no reader reads does not.
_TAG_REPLACE = lazyre.compile(
    r"\s*[:(]\s*([\"'])(</?[A-Za-z][^\"'<>]*>?)\1\s*,\s*([\"'])((?:(?!\3)[\s\S])*)\3"
)
# (the markup a `replace` may add: these elements, these attributes, nothing else)
_ADDED_MARKUP = lazyre.compile(
    r"(?i)(?:</?(?:div|span|section|article|figure|figcaption|a|img|picture|p|table|thead"
    r"|tbody|tr|td|th|ul|ol|li|pre|code|blockquote|h[1-6]|em|strong|b|i|br|hr|small|sup"
    r"|sub|mark|time|nav|header|footer|main|aside|u|s)\b"
    r"|\s+(?:class|id|loading|decoding|width|height|alt|title|rel|target|data-[\w-]+)"
    r"(?:\s*=\s*(?:\\?\"[^\"<>\\]*\\?\"|'[^'<>]*'|[\w-]+))?|\s*/?>|[^<>\s=\"']+)*"
)


_ECHO = lazyre.compile(r"\s*-?\s*echo\b")
_BODY_AND_FILTERS = lazyre.compile(
    r"\s*-?\s*([A-Za-z_][\w-]*(?:\.[\w-]+)*)\s*((?:\|[^|]*)*?)\s*-?\s*"
)
_FILTER_CALL = lazyre.compile(r"(?s)\s*[A-Za-z_]\w*\s*(?:[:(].*)?")


def _prints_markup(raw: str, given: Mapping[str, object]) -> bool:
    """Does an output print markup the gate does not place (`{{ "<!--" | strip }}`, a
    name given `"<!--"`, `{% echo "<!--" %}`; a plain `{{ "<!--" }}` is read where it
    stands: _printed_strings), other than plain markup (_ADDED_MARKUP)?"""
    if _PRINTED_STRING.fullmatch(raw):
        return False
    strings = [a or b for a, b in _LIQUID_STRINGS.findall(raw)]
    strings += [v for k, v in given.items() if isinstance(v, str) and k in raw]
    return any("<" in t and not _ADDED_MARKUP.fullmatch(t) for t in strings)


_LIQUID_STRINGS = lazyre.compile(r"\"([^\"]*)\"|'([^']*)'")


def _prints_whole(value: str, raw: str, holders: set[str]) -> bool:
    """Does an output's value print the body whole: the body's name (`content`,
    `page.content`, a name given it) alone, through filters that keep it? Not its
    length, a character of it, a fallback (`"x" | default: content`), an operand (`"x"
    or content`), an inline if (round 71)."""
    whole = _BODY_AND_FILTERS.fullmatch(value.strip().removeprefix("-").removesuffix("-"))
    if whole is None or (whole.group(1) not in holders and whole.group(1) != "page.content"):
        return False
    filters = whole.group(2).split("|")[1:]
    return all(_FILTER_CALL.fullmatch(f) for f in filters) and not _cuts(value, raw)


def _cuts(value: str, raw: str | None = None) -> bool:
    """Does an output's value pass through a filter that prints the body changed? The
    value has its strings blanked; `raw` is it as written (for a `replace`'s strings)."""
    for m in _FILTER_NAME.finditer(value):
        if m.group(1) in _KEEPING_FILTERS:
            continue
        tag = _TAG_REPLACE.match(raw or "", m.end()) if m.group(1) == "replace" else None
        if tag is None or not _ADDED_MARKUP.fullmatch(tag.group(4)):
            return True
    return False


_ASSIGNS = lazyre.compile(r"-?\s*(?:assign|set)\s+(\w+)\s*=")
_BLOCK = lazyre.compile(r"-?\s*(block|endblock)\b\s*(\w*)")
_EXTENDS = lazyre.compile(r"\{%-?\s*(?:extends|layout)\s+[\"']([^\"']+)[\"']")
# (the engine's own comments, read before the page's markup: an HTML comment's tags
# still run, `<!-- {% if false %} -->`; Liquid prints `{#` as it is, Nunjucks' comment)
_TEMPLATE_COMMENTS = lazyre.compile(
    r"(?s)\{%-?\s*comment\s*-?%\}.*?(?:\{%-?\s*endcomment\s*-?%\}|\Z)"
    r"|\{%-?\s*#(?:[^%]|%(?!\}))*+%\}"
)
_NUNJUCKS_COMMENTS = lazyre.compile(r"(?s)\{#.*?(?:#\}|\Z)")


# An output that prints a literal string (`{{ "<!--" }}`, `{{ '<div hidden>' | safe }}`):
# its text is the page's markup where it stands.
_PRINTED_STRING = lazyre.compile(r"-?\s*(?:\"([^\"]*)\"|'([^']*)')\s*(?:\|\s*safe\s*)?-?\s*")


def _printed_strings(markup: str, found: Sequence[re.Match[str]]) -> str:
    """The layout's markup (its tags blanked) with each literal string an output prints
    put back where the output stands, those printed one after another joined (`{{ "<!-"
    }}{{ "-" }}` is a comment's opening), the rest of their place blank."""
    runs: list[tuple[int, int, str]] = []  # (start, end, what the run prints)
    for m in found:
        string = _PRINTED_STRING.fullmatch(m.group(2)) if m.group(1) == "{" else None
        if string is None:
            continue
        printed = string.group(1) or string.group(2) or ""
        if runs and runs[-1][1] == m.start():
            runs[-1] = (runs[-1][0], m.end(), runs[-1][2] + printed)
        else:
            runs.append((m.start(), m.end(), printed))
    pieces, at = [], 0
    for start, end, printed in runs:
        pieces += [markup[at:start], printed[: end - start].ljust(end - start)]
        at = end
    return "".join([*pieces, markup[at:]]) if pieces else markup


class _Places(NamedTuple):
    """Where a layout's text may print the page's body whole."""

    outside: bool  # outside any block
    within: set[str]  # in these blocks
    defined: set[str]  # the blocks it has
    extends: str | None  # the template it extends (Nunjucks', LiquidJS's `layout`)


def _body_places(
    body: str, engine: Engine = "liquid", strict: bool = False, named: Collection[str] = ()
) -> _Places:
    """Where a layout's text may print the page's body whole: outside any block, in
    which blocks (their names), the blocks it has, and the template it extends, its
    comments out. Only as the body's name alone through filters that keep it; not in a
    raw block (its text is printed as written), a branch its literals never take or
    whose test the gate cannot read (gate.reading.literals: `strict`, Jekyll's, where a
    name neither Jekyll, the layout nor an include it calls (`named`) gives is nil), a
    capture or an assignment whose name is never printed (or is given another value
    first)."""
    from receipt_gate.reading.inline import blanked, merged, within
    from receipt_gate.reading.visible import tag_spans

    own = _NUNJUCKS_COMMENTS if engine == "nunjucks" else _TEMPLATE_COMMENTS
    text = own.sub(lambda m: " " * len(m.group()), body)
    extended = _EXTENDS.search(text)
    extends = extended.group(1) if extended is not None else None
    text = _RAW_BLOCK.sub(lambda m: " " * len(m.group()), text)
    found = list(_TEMPLATE_TAG.finditer(text))
    markup = _printed_strings(blanked(text, [m.span() for m in found]), found)
    unseen = merged([*tag_spans(markup), *_hidden_spans(markup, engine)])
    starts = [a for a, _ in unseen]
    holders: set[str] = {"content"}  # (the names that hold the body: `content` first)
    blocks: list[str] = []
    frames = _LiquidFrames(engine, strict, named)
    outside = hidden_after = False
    within_blocks: set[str] = set()
    defined: set[str] = set()
    plain: tuple[str, int] | None = None  # (a capture where no block is, no tag in it yet)
    for m in found:
        inner = _LIQUID_STRING.sub(lambda q: q.group()[0] * len(q.group()), m.group(2))
        first = _TAG_WORD.match(inner)
        word = first.group(1) if first is not None else ""
        if plain is not None and word in ("endcapture", "endset") and not frames.dead:
            frames.given[plain[0]] = _captured_text(text, plain[1], m)
        plain = _plain_capture(m, word, frames) if m.group(1) == "%" else None
        if m.group(1) == "%" and word in _GIVING_TAGS:
            holders.difference_update(frames.names_given(word, m.group(2)))
            if word == "liquid":
                continue  # (a tag of tags: what it prints, the gate does not read)
        if m.group(1) == "%" and frames.read(word, m.group(2), blocks, defined):
            continue
        given = _ASSIGNS.match(inner) if m.group(1) == "%" else None
        if given is not None and not frames.dead:  # (an HTML comment's tags run too)
            frames.give(given.group(1), m.group(2)[given.end() :])
        if frames.dead or within(m.start(), unseen, starts):
            continue
        echo = _ECHO.match(inner) if m.group(1) == "%" and given is None else None
        if (m.group(1) == "{" or echo) and _prints_markup(m.group(2), frames.given):
            hidden_after = True  # (markup the gate cannot place: what follows may be hidden)
        cut = given or echo
        value = inner[cut.end() :] if cut is not None else inner  # (what is printed)
        raw = m.group(2)[cut.end() :] if cut is not None else m.group(2)
        # (a tag prints the body only as an assignment's or an echo's value: not an
        # include given it, a cycle, a counter)
        shown = (m.group(1) == "{" or cut is not None) and _prints_whole(value, raw, holders)
        if given is not None:
            holders.discard(given.group(1))  # (another value: the body only if given it)
            if shown and len(holders) >= 32:
                return _Places(True, within_blocks, defined, extends)  # (past reading: may)
            holders.update([given.group(1)] if shown else [])
            continue
        captured = frames.captures[-1] if frames.captures else None
        if not shown or (hidden_after and captured is None):
            continue
        if captured is not None:
            holders.add(captured)  # (printed where its name is)
        elif blocks:
            within_blocks.add(blocks[-1])
        else:
            outside = True
    return _Places(outside, within_blocks, defined, extends)


def _plain_capture(m: re.Match[str], word: str, frames: _LiquidFrames) -> tuple[str, int] | None:
    """(its name, where its text starts) of a capture (or a block `set`) that opens
    where no block is: its text, if no tag is in it, is its value."""
    rest = m.group(2).strip().lstrip("-").strip()[len(word) :].rstrip("-").strip()
    if word not in ("capture", "set") or "=" in rest or frames.frames or frames.dead:
        return None
    name = re.match(r"\w+", rest)
    return (name.group(), m.end()) if name is not None else None


def _captured_text(text: str, start: int, end_tag: re.Match[str]) -> str:
    """A capture's literal text, as its tags' trim markers leave it (`-%}`, `{%-`)."""
    value = text[start : end_tag.start()]
    if text[start - 3 : start] == "-%}":
        value = value.lstrip()
    return value.rstrip() if end_tag.group().startswith("{%-") else value


_GIVING_TAGS = frozenset({"capture", "set", "liquid", "for", "tablerow", "increment", "decrement"})
_RAW_BLOCK = lazyre.compile(r"(?s)\{%-?\s*(raw|verbatim)\s*-?%\}.*?(?:\{%-?\s*end\1\s*-?%\}|\Z)")
_LIQUID_STRING = lazyre.compile(r"\"[^\"]*\"?|'[^']*'?")
_LIQUID_OPENS = frozenset(
    {"if", "unless", "case", "for", "tablerow", "capture", "set", "macro", "filter", "call"}
)
_LIQUID_LOOPS = frozenset({"for", "tablerow"})
_LIQUID_GIVES = lazyre.compile(r"(?m)^\s*-?\s*(?:assign|capture|increment|decrement|for)\s+(\w+)")
_LIQUID_TURNS = frozenset({"elsif", "elif", "elseif", "else", "when"})


class _LiquidFrames:
    """The blocks open where a layout's tag stands, as _body_places reads them: whether
    a branch never runs (a condition its literals decide, a `when` a literal case never
    matches, a loop over nothing, a loop's `else` after one that runs, what a `break`
    surely reached leaves, a filter block that cuts; where the literals cannot be read,
    no branch: gate.reading.literals), and the names open that hold what is printed
    inside (a capture, Nunjucks' block `set` and `macro`). Each kept as a count and a
    stack: one tag costs the same at any depth."""

    def __init__(
        self, engine: Engine = "liquid", strict: bool = False, given: Collection[str] = ()
    ) -> None:
        from receipt_gate.reading.literals import VARIES

        self.engine: Engine = engine
        self.strict = strict  # (Jekyll's: a name the layout never gave is nil)
        # (names given so far: a literal's value; those its includes give vary)
        self.given: dict[str, object] = dict.fromkeys(given, VARIES)
        self.frames: list[tuple[str, str | None, object]] = []  # (tag, holds, case value)
        self.states: list[list[bool]] = []  # ([dead, taken] of each)
        self.untaken: list[int] = [0]  # (frames not surely taken, up to each: for break)
        self.unsure = 0  # (frames dead only because a test the gate cannot read decides)
        self.loops: list[int] = []  # (where each open loop's frame is)
        self.dead = 0
        self.captures: list[str] = []

    def _scope(self) -> Scope:
        from receipt_gate.reading.literals import Scope

        return Scope(self.given, self.strict)

    def give(self, name: str, raw: str) -> None:
        """An assignment: a literal's value where no block is open, else a value that
        varies."""
        from receipt_gate.reading.literals import VARIES, literal

        if self.dead > self.unsure:
            return  # (a branch that never runs gives nothing)
        value = literal(raw, self.engine, self._scope()) if not self.frames else VARIES
        self.given[name] = value

    def names_given(self, word: str, raw: str) -> set[str]:
        """The names a capture, a block `set`, a loop or a `liquid` tag gives (each
        then varies)."""
        from receipt_gate.reading.literals import VARIES

        rest = raw.strip().lstrip("-").strip()[len(word) :]
        if word == "liquid":
            names = set(_LIQUID_GIVES.findall(rest))
        elif word in _LIQUID_LOOPS:
            names = set(re.findall(r"\w+", rest.partition(" in ")[0]))
        elif word == "capture" or "=" not in rest:
            names = set(re.findall(r"\w+", rest)[:1])
        else:
            names = set()
        self.given.update(dict.fromkeys(names, VARIES))
        return names

    def _runs(self, word: str, rest: str) -> Truth:
        from receipt_gate.reading.literals import loop_runs, truth

        if word in ("if", "unless"):
            said = truth(rest, self.engine, self._scope())
            return said if word == "if" or not isinstance(said, bool) else not said
        if word in _LIQUID_LOOPS:
            return loop_runs(rest, self.engine, self._scope())
        if word == "filter" and _cuts(f"| {rest}"):
            return False
        return None

    def _open(self, word: str, rest: str) -> None:
        from receipt_gate.reading.literals import CANNOT_SAY, VARIES, literal

        runs = self._runs(word, rest)
        # (a literal the gate cannot read: no branch is sure, none read as printing)
        dead, taken = runs is False or runs == CANNOT_SAY, runs is True or runs == CANNOT_SAY
        holds = None
        if word == "capture" or (word == "set" and "=" not in rest) or word == "macro":
            holds = re.split(r"[\s(]", rest, maxsplit=1)[0] if rest else None
        if word == "call":  # (printed only where its macro prints `caller()`: not read)
            holds = "caller()"
        case = literal(rest, self.engine, self._scope()) if word == "case" else VARIES
        self.loops += [len(self.frames)] if word in _LIQUID_LOOPS else []
        self.frames.append((word, holds, case))
        self.states.append([dead, taken, runs == CANNOT_SAY])
        self.unsure += runs == CANNOT_SAY
        self.untaken.append(self.untaken[-1] + (not taken))
        self.dead += dead
        self.captures += [holds] if holds else []

    def _turn(self, word: str, rest: str) -> None:
        """An `elsif`, `else` or `when`: runs only where no earlier branch surely did."""
        from receipt_gate.reading.literals import CANNOT_SAY, UNREAD, VARIES, literal, truth

        state = self.states[-1]
        self.dead -= state[0]
        self.unsure -= state[0] and state[2]
        said: Truth = (
            truth(rest, self.engine, self._scope()) if word not in ("else", "when") else None
        )
        case = self.frames[-1][2]
        if word == "when" and case is not VARIES:
            values = [literal(v, self.engine, self._scope()) for v in re.split(r",|\bor\b", rest)]
            said = (
                CANNOT_SAY
                if VARIES in values or UNREAD in values or case is UNREAD
                else any(type(v) is type(case) and v == case for v in values)  # (1 is no true)
            )
        state[2] = state[2] or said == CANNOT_SAY  # (a branch before may have run, or not)
        state[0] = state[1] or said is False or said == CANNOT_SAY
        state[1] = state[1] or said is True or said == CANNOT_SAY
        self.untaken[-1] = self.untaken[-2] + (not state[1])
        self.dead += state[0]
        self.unsure += state[0] and state[2]

    def read(self, word: str, inner: str, blocks: list[str], defined: set[str]) -> bool:
        """Read a tag that opens, turns or ends a block (True)."""
        rest = inner.strip().lstrip("-").rstrip("-").strip()[len(word) :].strip()
        if word in ("block", "endblock"):
            block = rest.split(None, 1)[0] if rest else ""
            if word == "block":
                blocks.append(block)
                defined.add(block)
            elif blocks:
                blocks.pop()
            return True
        if word in _LIQUID_OPENS and not (word == "set" and "=" in rest):
            self._open(word, rest)
            return True
        if word in _LIQUID_TURNS and self.frames:
            self._turn(word, rest)
            return True
        if word in ("break", "continue"):
            self.dead += self._broken()
            return True
        if word.startswith("end") and self.frames and self.frames[-1][0] == word[3:]:
            _, captured, _ = self.frames.pop()
            done = self.states.pop()
            self.dead -= done[0]
            self.unsure -= done[0] and done[2]
            self.untaken.pop()
            if self.loops and self.loops[-1] == len(self.frames):
                self.loops.pop()
            if captured:
                self.captures.pop()
            return True
        return False

    def _broken(self) -> int:
        """A `break` or `continue`: where every block between it and its loop surely
        runs, the rest of the loop's pass never runs (1: one more frame dead). In O(1):
        the count of blocks not surely taken, kept up to each frame."""
        if not self.loops:
            return 0
        loop = self.loops[-1]
        state = self.states[loop]
        if self.untaken[-1] != self.untaken[loop + 1] or state[0]:
            return 0
        state[0] = True
        return 1


def _layout_text(tree: Tree, name: str, run_dir: str) -> tuple[str, str] | None:
    """The path and text of the layout of this name (Jekyll's `_layouts/`, Eleventy's
    `_includes/`, with or without its extension); None where the gate finds none."""
    from receipt_gate.base import wildmatch

    base = _layout_name(name)
    leaf = base.rpartition("/")[2]
    named = wildmatch.escape(base)  # (a name is no pattern: `layout: "*"`)
    globs = [f"**/_layouts/{named}*", f"**/_includes/{named}*"]
    found = [
        p
        for p in tree.paths([*globs, f"!{wildmatch.escape(run_dir)}/**"])
        if leaf in (p.rpartition("/")[2], p.rpartition("/")[2].rpartition(".")[0])
    ]
    text = _reader(tree)(found[0]) if found else None
    return (found[0], text) if text is not None else None


def _engine(path: str) -> Engine:
    """The template engine a layout is read with: Nunjucks for `.njk` (Eleventy), else
    Liquid (Jekyll; Eleventy's default for `.html`, `.liquid` and `.md`)."""
    return "nunjucks" if path.endswith(".njk") else "liquid"


def _jekylls(path: str) -> bool:
    """Is this a Jekyll layout (a name it never gives is nil), not Eleventy's (whose
    data may give any name)?"""
    return "/_layouts/" in "/" + path


_ANY_INCLUDE = lazyre.compile(r"\{%-?\s*include")


def _given_by_includes(tree: Tree, text: str, run_dir: str, depth: int = 0) -> set[str] | None:
    """The names the includes a Jekyll layout calls give (they share its names: chirpy's
    `lang.html` assigns `lang`), each include read in turn; None where one cannot be
    read (a theme's gem): then no name is known nil."""
    from receipt_gate.base import wildmatch

    out: set[str] = set()
    named = [m.group(2) for m in _INCLUDE.finditer(text)]
    if len(named) != len(_ANY_INCLUDE.findall(text)) or depth > 4:
        return None  # (include_cached, include_relative, a name a value gives: unread)
    for name in dict.fromkeys(named):
        found = [
            p
            for p in tree.paths([f"**/_includes/{wildmatch.escape(name)}"])
            if not p.startswith(run_dir + "/")
        ]
        included = _reader(tree)(found[0]) if len(found) == 1 else None
        more = _given_by_includes(tree, included, run_dir, depth + 1) if included else None
        if included is None or more is None:
            return None
        out |= set(_LIQUID_GIVES.findall(included.replace("{%", "\n"))) | more
    return out


def _liquid_places(tree: Tree, path: str, body: str, run_dir: str) -> _Places:
    """_body_places of a layout by its path: its engine, and for Jekyll's the names
    its includes give."""
    from receipt_gate.sites.eleventy import CONFIGS

    strict = _jekylls(path) and _engine(path) == "liquid"
    strict = strict and not tree.paths([f"**/{name}" for name in CONFIGS])  # (not Eleventy's)
    given = _given_by_includes(tree, body, run_dir) if strict and "include" in body else set()
    return _body_places(body, _engine(path), strict and given is not None, given or set())


def _may_print_body(
    tree: Tree, name: str, run_dir: str, aliases: Mapping[str, str], depth: int = 0
) -> bool:
    """Does the layout of this name print the page's body where it may print it whole,
    and so does each layout it is put in (it sees this one's output as its `content`)?
    A layout not found, or one the gate cannot read: it may (what the gate cannot find
    it does not refuse a quote for)."""
    found = _layout_text(tree, aliases.get(name, name), run_dir)
    if found is None or depth > 20:
        return True
    parent, body = _layout_front(found[1])
    places = _liquid_places(tree, found[0], body, run_dir)
    if places.extends is None:
        may = places.outside or bool(places.within)  # (a block prints in its place)
    else:  # (what a child prints outside the blocks its base has, nothing prints)
        bases = _base_blocks(tree, places.extends, run_dir)
        may = bases is None or bool(places.within & bases)
    if not may:
        return False
    if parent is None or parent == _UNKNOWN:
        return True
    return _may_print_body(tree, parent, run_dir, aliases, depth + 1)


def _base_blocks(tree: Tree, name: str, run_dir: str, depth: int = 0) -> set[str] | None:
    """The blocks a base template (and each it extends) has a place for; None where the
    gate cannot read one."""
    found = _layout_text(tree, name, run_dir)
    if found is None or depth > 20:
        return None
    places = _liquid_places(tree, found[0], _layout_front(found[1])[1], run_dir)
    if places.extends is None:
        return places.defined
    more = _base_blocks(tree, places.extends, run_dir, depth + 1)
    return None if more is None else places.defined | more


def _all_print(path: str, fields: Mapping[str, object], rules: _Seen) -> bool:
    """Does every layout the page may be put in surely print it?"""
    given = frozenset(k for p, k, _ in rules.defaults if path.startswith(p))
    names = _layouts_of(path, fields, rules.defaults)
    return all(_printed(fields, rules.layouts, name, given) for name in names)


def _printed(
    fields: Mapping[str, object],
    layouts: Mapping[str, Prints],
    name: str,
    given: frozenset[str] = frozenset(),
) -> bool:
    """Does the layout of this name surely print a page of these fields (`given`: the
    fields a config may give it, which it does not set itself)?"""
    ways = layouts.get(name)
    if ways is None:
        ways = layouts.get(_layout_name(name))
    if ways is None:
        return name != COMPUTED and STRICT not in layouts
    composite = str(fields.get(COMPOSITE, "")).split(",")
    either = str(fields.get(EITHER, "")).split(",")

    def holds(key: str, truthy: bool) -> bool:
        if (key in given and key not in fields) or key in either:
            return False  # (a config's default may say either; so may generators' YAML)
        value = fields.get(key, None if key not in composite else "")
        if truthy:  # (surely: a list, or present and nothing a template may read as false)
            return key in composite or (key in fields and value not in (False, None, "", 0))
        return value is False or value is None  # (absent: None; a list's name: "")

    return any(all(holds(k, t) for k, t in way) for way in ways)


_META = (".meta.yml", ".meta.yaml")
_CONFIG_EXTS = (".yml", ".yaml", ".toml")


_CODE_DATA = ("js", "cjs", "mjs")
_MORE_DATA = ("yaml", "yml", "toml")  # (Eleventy reads them where a config adds them)


def _meta_files(every: Sequence[str], read: Callable[[str], str | None]) -> list[str]:
    """The names an MkDocs config gives Material's meta files (`meta_file: meta.yml`, or
    a glob's last part), beside `.meta.yml`; a name the gate cannot take whole (a glob in
    it) names every YAML file."""
    out: list[str] = []
    for p in every:
        if p.rpartition("/")[2] in ("mkdocs.yml", "mkdocs.yaml"):
            for m in _META_FILE.finditer(read(p) or ""):
                name = m.group(1).strip().strip("'\"").rpartition("/")[2]
                out += ["*.yml", "*.yaml"] if re.search(r"[*?\[]", name) else [name]
    return sorted(set(out) - set(_META))


def _is_meta(name: str, named: Sequence[str]) -> bool:
    import fnmatch

    return name in _META or any(fnmatch.fnmatchcase(name, n) for n in named)


_META_FILE = lazyre.compile(r"(?m)^[ \t]+meta_file[ \t]*:[ \t]*(\S[^#\n]*)")


def _meta_unpublishes(tree: Tree, path: str) -> bool:
    """Can this meta file (Material's meta plugin: front matter for every page under it)
    hold its pages back? Where it names a draft, a status, a date (the blog plugin's
    drafts: a date to come) or a template (one may print no content), or may spell one
    otherwise (an escape, an alias, a merge, a
    tag, a complex key), or cannot be read. (`hide: [feedback]` does not: MkDocs
    Material's own blog, round 93, had every post support nothing.)"""
    try:
        data = tree.read(path, 1 << 20)
    except Unreadable:
        return True
    text = (data or b"").decode("utf-8", "replace")
    return (
        data is None or re.search(r"(?i)draft|status|date|template|\\|<<|[?*&!]", text) is not None
    )


def _holds(path: str) -> str:
    """The prefix of the pages a file that may unpublish them holds back: a folder's for
    a directory data file (`posts/posts.json`, `posts/posts.11tydata.json`) or a meta
    file; for a template data file, its template's beside it (`a/x.json` holds `a/x.*`:
    round 93, the Hugo docs' `.cspell.json` had held every page of the site)."""
    folder, _, name = path.rpartition("/")
    prefix = folder + "/" if folder else ""
    if name.endswith((".yml", ".yaml")):  # (Material's meta plugin takes every page whose
        # path starts with the folder's, as text: `arch/` holds `archive/`, round 95 h03)
        return folder
    stem = _data_stem(name)
    return prefix if folder and stem == folder.rpartition("/")[2] else f"{prefix}{stem}."


def _data_stem(name: str) -> str:
    """A data file's template or folder name (`x` of `x.json`, `x.11tydata.json`)."""
    return name.split(".11tydata.", 1)[0] if ".11tydata." in name else name.rsplit(".", 1)[0]


def _may_unpublish(path: str, data: bytes | None, given: bool = False) -> bool:
    """Can this Eleventy directory data file give its pages a permalink (`false` writes
    none)? A JSON one, read as JSON reads it (escapes too), when it holds a `permalink`
    key at any depth, or when it cannot be read; a YAML or TOML one when its text names
    such a key anywhere; a JavaScript one always (its keys may be computed:
    `{["perma" + "link"]: false}`). Where its fields are `given` to its pages (a
    directory's JSON file, read by _data_given: its layout is each page's, and read as
    one), a string permalink or layout holds nothing back (the Eleventy site's
    `blog/blog.json`, `"permalink": "/blog/{{ page.fileSlug }}/"`: round 93, no post
    supported a number)."""
    if path.endswith(tuple(f".{k}" for k in _MORE_DATA)):
        # (a key named plainly, or one an escape, an alias or a merge may spell)
        text = (data or b"").decode("utf-8", "replace")
        spelled = re.search(r"permalink|layout|eleventyComputed|\\|<<|\?|\*", text)
        return data is None or spelled is not None
    if not path.endswith(".json"):  # (code: but a plain object of strings, its layout one)
        return not (given and _plain_js_layout(data) is not None)
    if data is None:
        return True
    try:
        todo = [json.loads(data.decode("utf-8-sig", "replace"))]
    except RecursionError:
        return True
    except ValueError:  # (JSON.parse refuses it too: as a data file it stops the build;
        # mostly no data file, a tsconfig.json with comments, round 91 f01: every page of
        # such an Eleventy site supported nothing; unless it names a key that may, for a
        # parser a config adds: JSON5's `{// c\n"permalink": false}`, the review)
        return re.search(rb"permalink|layout|eleventyComputed|\\", data) is not None
    top = todo[0]
    while todo:
        doc = todo.pop()
        if isinstance(doc, dict):
            keys = {"permalink", "layout", "eleventyComputed"} & doc.keys()
            if given and doc is top:  # (a page's own fields: a plain string is read, but
                # a permalink out of the output folder, `../x/`: round 94 h01)
                keys = {k for k in keys if not _plain_place(k, doc[k])}
            if keys:  # (a layout: one may print none; a computed value: a field a layout
                # reads may be false)
                return True
            todo += doc.values()
        elif isinstance(doc, list):
            todo += doc
    return False


def _plain_place(key: str, value: object) -> bool:
    """Does a data file's layout or permalink give its pages a place they are published
    at: a string, and for a permalink one in the output folder, no template code but a
    printed value (`/blog/{{ page.fileSlug }}/`)?"""
    if not isinstance(value, str) or not value.strip():
        return False
    if key != "permalink":
        return True
    if "{%" in value or ".." in value or "\\" in value:
        return False
    # (a printed value only of the page's own name: `{{ '.' ~ '.' }}` or a data value
    # may print a way out of the output folder, the review of round 94)
    return all(_OWN_NAME.fullmatch(t) for t in re.findall(r"\{\{.*?\}\}", value)) and (
        "{{" not in re.sub(r"\{\{.*?\}\}", "", value)
    )


_OWN_NAME = lazyre.compile(
    r"\{\{-?\s*(?:page\.(?:fileSlug|filePathStem|date)|title)\s*(?:\|\s*(?:slug|slugify)\s*)?-?\}\}"
)


def _given_prefix(path: str, folder: bool) -> str:
    """The pages a data file gives fields: its folder's (a directory's), or its
    template's (`a.11tydata.json`: `a.`)."""
    folder_of, _, name = path.rpartition("/")
    stem = _data_stem(name)
    prefix = f"{folder_of}/" if folder_of else ""
    if not (folder and stem == folder_of.rpartition("/")[2]):
        prefix += f"{stem}."  # (a template's: the page of that name)
    return prefix


def _plain_js_layout(data: bytes | None) -> str | None:
    """The layout a JavaScript data file gives, where it is plainly an object of strings
    (the Eleventy docs' `docs.11tydata.js`: `let data = {layout: "layouts/docs.njk",
    ...}; export default data;`, round 95's real-site run: its folder held back, no docs
    page documented a flag): "" for none; None where its code may compute a key or a
    value the gate cannot read (an index, a spread, a call that builds or loads one, an
    escape, a template literal, a function, `permalink` or `eleventyComputed` at all)."""
    text = (data or b"").decode("utf-8", "replace")
    if data is None or _JS_COMPUTES.search(text):
        return None
    said = _JS_LAYOUT.findall(text)
    if len(re.findall(r"\blayout\b", text)) != len(said) or len(said) > 1:
        return None
    return said[0][1] if said else ""


_JS_COMPUTES = lazyre.compile(
    r"\[|\.\.\.|\\|`|=>|\b(?:require|import|eval|Function|function|atob|fromCharCode|Object"
    r"|Reflect|Proxy|globalThis|this|defineProperty|get|set|permalink|eleventyComputed)\b"
)
_JS_LAYOUT = lazyre.compile(r"""\blayout\s*:\s*(["'])([^"'\\\n{}]+)\1""")


def _data_given(path: str, data: bytes | None, folder: bool) -> list[tuple[str, str, str]]:
    """(path prefix, field, value) for each plain field an Eleventy JSON data file gives
    its pages: a directory's (`posts/posts.json`) the pages under its folder, a
    template's (`posts/a.11tydata.json`) the page of its name (round 72: a title). Not a
    template's plain `posts/a.json` (a JSON file beside a page may be anything, and each
    read here keys the site's publication), nor a JavaScript one (its fields computed)."""
    if not data or "node_modules/" in path or not folder:
        return []
    if path.endswith(tuple(f".{k}" for k in _CODE_DATA)):  # (a plain object's layout)
        layout = _plain_js_layout(data)
        return [(_given_prefix(path, folder), "layout", layout)] if layout else []
    if not path.endswith(".json"):
        return []
    try:  # (decoded as _may_unpublish decodes it, and Eleventy: a bad byte is U+FFFD,
        # the review of round 94: a strict parse gave no layout, the file held nothing)
        doc = json.loads(data.decode("utf-8-sig", "replace"))
    except (ValueError, RecursionError):
        return []
    if not isinstance(doc, dict):
        return []
    prefix = _given_prefix(path, folder)
    return [
        (prefix, str(k), str(v).strip())
        for k, v in doc.items()
        if isinstance(v, (str, int, float))
        and not isinstance(v, bool)
        and str(k) not in _PLACING_KEYS
    ]


# (an address a data file gives: its pages' own, unless it is no string: held back,
# _may_unpublish; a layout it gives as a string is its pages', read as their own)
_PLACING_KEYS = frozenset({"permalink"})


def _reader(tree: Tree) -> Callable[[str], str | None]:
    """A config's text as the generators' readers take it (each read once), None when
    it cannot be read."""
    from functools import cache

    @cache
    def read(path: str) -> str | None:
        try:
            data = tree.read(path, 1 << 20)
        except Unreadable:
            return None
        return None if data is None else data.decode("utf-8", "replace")

    return read


def publication_key(cfg: Config | None, tree: Tree) -> object:
    """What decides which pages are published, and surely, beside the config: the
    folders a meta file holds, the layouts that print no content, and the day (a page
    dated later is published then)."""
    return [rules_key(cfg), _site_data(tree, cfg), today()]


def rules_key(cfg: Config | None) -> object:
    """What decides publication, for cache keys."""
    if cfg is None:
        return None
    # (with no draft markers, a plain site's posts are out by their status: the states)
    return [
        cfg.drafts,
        cfg.draft_markers,
        *((cfg.states, cfg.gate_from) if not cfg.draft_markers else ()),
    ]


# The steps a corpus index's journal holds before the index is written whole again.
JOURNAL_MOST = 64


def _key(*parts: object) -> str:
    return hex256(json.dumps(parts, sort_keys=True, ensure_ascii=True).encode())


class Pages:
    """The pages a check reads, for its load_corpus(files, pages)."""

    def __init__(
        self,
        tree: Tree,
        cfg: Config | None,
        check: str,
        version: int | str,
        settings: Mapping[str, Any],
        state: str = "",
    ) -> None:
        self.tree, self.cfg, self.check = tree, cfg, check
        self.settings = settings
        self.code = f"{check}@{version}/{FORMAT}"
        # What names the corpus of these pages (the fingerprint's whole), kept with the
        # index updated(); and, once updated() built it, the state the kept index it
        # started from had (None: none was kept).
        self.state = state
        self.since: str | None = None
        # id -> (a mapping of pages, its rows_key), as the fingerprint hashed it already
        # (40,000 rows: 25 ms); asked by identity, the mapping kept with its key
        self.hashed: dict[int, tuple[Mapping[str, str | None], str]] = {}
        # Whether a page's own status says it is out where the drafts glob matches every
        # page (headline-numbers' titles and bodies on a plain site); registered-terms'
        # documentation never takes a draft's word (see published()).
        self.own_status = False

    def read(
        self,
        files: Mapping[str, str | None],
        parse: Callable[[str, str], Any],
        valid: Callable[[Any], bool],
        code: str = "",
        surely: bool = False,
    ) -> dict[str, Any]:
        """path -> parse(text, path) for each published page among `files` (path ->
        sha256), in path order (`surely`: see published()). `code` names what the parser
        depends on besides the check's version (a setting), so a page parsed another way
        is parsed again."""
        shas, facts, pages = self._facts_of(files, parse, valid, code)
        key = _key(pages, publication_key(self.cfg, self.tree), surely)
        return built_once(self.tree, f"pages/{key}", lambda: self._published(shas, facts, surely))

    def _facts_of(
        self,
        files: Mapping[str, str | None],
        parse: Callable[[str, str], Any],
        valid: Callable[[Any], bool],
        code: str,
    ) -> tuple[dict[str, str], dict[str, list[Any]], str]:
        """(path -> sha256, _fk(path, sha256) -> [fields, parsed], the key of both), once
        per tree: the pages' facts are the same for either reading."""
        shas = nameable(files)
        code = f"{self.code}/{code}"
        pages = _key(code, sorted(shas.items()))
        facts = built_once(
            self.tree, f"facts/{pages}", lambda: self._facts(shas, parse, valid, code)
        )
        return shas, facts, pages

    def states(
        self,
        files: Mapping[str, str | None],
        parse: Callable[[str, str], Any],
        valid: Callable[[Any], bool],
        code: str = "",
    ) -> tuple[dict[str, list[Any]], list[str]]:
        """path -> [sha256, flags] for every page among `files` (PUBLISHED, SURELY,
        NAMES_ADDRESS), and the sections an index page holds back: what delta() starts
        from."""
        shas, facts, _ = self._facts_of(files, parse, valid, code)
        seen = self.read(files, parse, valid, code)
        sure = self.read(files, parse, valid, code, surely=True)
        out: dict[str, list[Any]] = {}
        for p, sha in shas.items():
            fields = facts[_fk(p, sha)][0] if _fk(p, sha) in facts else {}
            named = _names_address(fields, p)
            out[p] = [sha, (p in seen) * PUBLISHED | (p in sure) * SURELY | named * NAMES_ADDRESS]
            if named:  # (where it is written: a page added there shares it)
                out[p].append(sorted(_addresses(p, fields)))
        return out, self._held_sections(shas, facts)

    def delta(
        self,
        files: Mapping[str, str | None],
        before: Mapping[str, Sequence[Any]],
        held: Sequence[str],
        parse: Callable[[str, str], Any],
        code: str = "",
    ) -> dict[str, tuple[int, Any]] | None:
        """For each page whose bytes differ from `before` (states() of another tree, under
        the same publication key), or that is gone: path -> (flags, parse(text, path)
        where it is published, else None; (0, None) when gone). None when a change may
        move another page's publication, or is too large to be worth it: an index page
        (its section's pages, a README beside it), a page that names an address (another
        that names it too), more than DELTA_MOST pages."""
        shas = nameable(files)
        changed = [p for p in shas if p not in before or before[p][0] != shas[p]]
        changed += [p for p in before if p not in shas]
        if len(changed) > DELTA_MOST or any(
            p.rpartition("/")[2].startswith(("_index.", "index."))
            or (p in before and before[p][1] & NAMES_ADDRESS)
            for p in changed
        ):
            return None
        # A page added or gone may be written where another is, or leave it alone there:
        # where any page names its address, or another's path puts it where this one's
        # does, the whole build decides
        # (and an edited page that shares its address: which one readers see, the build's
        # order says, and the index keeps no such page as sure)
        named = {a for state in before.values() if len(state) > 2 for a in state[2]}
        if {a for p in changed for a in _addresses(p, {})} & named or _sharing(
            changed, [*shas, *(p for p in before if p not in shas)]
        ):
            return None
        from receipt_gate.base import wildmatch
        from receipt_gate.reading.frontmatter import read as front_matter

        site = _site_data(self.tree, self.cfg)
        if site[4] and any("_posts/" in f"/{p}" or _hugo_keys(p, {}, site[4]) for p in changed):
            return None  # (a pattern the site gives posts: which share, the whole decides)
        # (a page no draft, added where every page was one, or gone where every page left
        # is one: every page's publication moved, see published())
        moved = [p for p in changed if (p in before) != (p in shas)]
        if (
            moved
            and self.cfg is not None
            and self.cfg.draft_markers is None
            and len(wildmatch.select(self.cfg.drafts, moved)) != len(moved)
            and (self._every_draft(before) or self._every_draft(shas))
        ):
            return None
        rules = _Seen(site[2], [*held, *site[0]], frozenset(), site[1], site[3], *site[5:])
        out: dict[str, tuple[int, Any]] = {}
        errors = []
        every: bool | None = None  # (asked once, of the first draft)
        for p in changed:
            page = read_text(self.tree, p) if p in shas else None
            if page is None:
                out[p] = (0, None)
                continue
            if isinstance(page, str):
                errors.append(page)
                continue
            try:
                fields = scalar_fields(front_matter(page.text, p).fields, page.text)
            except GateError as e:
                errors.append(str(e))
                continue
            if _names_address(fields, p):
                return None
            draft = self.cfg is not None and wildmatch.match(self.cfg.drafts, p)
            if draft and every is None:
                every = self._every_draft(shas)
            alike = draft and bool(every)
            flags = self._shows(p, fields, shas, rules, (draft, alike), False) * PUBLISHED
            flags |= self._shows(p, fields, shas, rules, (draft, alike), True) * SURELY
            out[p] = (flags, parse(page.text, p) if flags else None)
        if errors:
            raise GateError.many(errors)
        return out

    def _facts(
        self,
        shas: dict[str, str],
        parse: Callable[[str, str], Any],
        valid: Callable[[Any], bool],
        code: str,
    ) -> dict[str, list[Any]]:
        """_fk(path, sha) -> [its publication fields, parse(text, path)] for each page, from
        the git dir's cache where it holds them, parsed (and kept) where not."""
        from receipt_gate.reading.frontmatter import read as front_matter

        tree = self.tree
        file = cache.path(tree.root, f"pages-{self.check}.json") if tree.root else None
        doc = cache.read(
            file,
            lambda d: (
                isinstance(d, dict) and d.get("code") == code and isinstance(d.get("pages"), dict)
            ),
        )
        known: dict[str, Any] = doc["pages"] if doc else {}
        facts: dict[str, list[Any]] = {}
        todo: dict[str, str] = {}
        for path, sha in shas.items():
            key = _fk(path, sha)
            hit = known.get(key)
            if (
                isinstance(hit, list)
                and len(hit) == 2
                and isinstance(hit[0], dict)
                and all(isinstance(v, (str, bool, int, float)) for v in hit[0].values())
                and valid(hit[1])
            ):
                facts[key] = hit
            else:
                todo[key] = path

        def parse_chunk(chunk: Sequence[tuple[str, str]]) -> list[tuple[str, Any]]:
            out: list[tuple[str, Any]] = []
            for key, path in chunk:
                page = read_text(tree, path)
                if page is None or isinstance(page, str):
                    out.append((key, page))
                    continue
                try:
                    fields = scalar_fields(front_matter(page.text, path).fields, page.text)
                except GateError as e:
                    out.append((key, str(e)))
                    continue
                out.append((key, [fields, parse(page.text, path)]))
            return out

        errors = []
        for part in split_map(parse_chunk, list(todo.items()), PARALLEL_FROM // 2, tree.fork_safe):
            for key, got in part:
                if isinstance(got, str):
                    errors.append(got)
                elif got is not None:
                    facts[key] = got
        if errors:
            raise GateError.many(errors)
        if todo or set(facts) != set(known):
            cache.write(file, {"code": code, "pages": facts})
        return facts

    def _published(
        self, shas: dict[str, str], facts: Mapping[str, list[Any]], surely: bool
    ) -> dict[str, Any]:
        """Of the pages' facts, those of the pages published (`surely`: see published())."""
        site = _site_data(self.tree, self.cfg)
        # A section whose index page some generator holds back (Hugo builds none of its
        # pages then): what is under it supports nothing.
        rules = _Seen(
            site[2],
            [*self._held_sections(shas, facts), *site[0]],
            frozenset(_shared_addresses(shas, facts, site[4], *site[5:])),
            site[1],
            site[3],
            *site[5:],
        )
        from receipt_gate.base import wildmatch

        cfg = self.cfg
        drafts = set(wildmatch.select(cfg.drafts, list(shas))) if cfg is not None else set()
        alike = self.own_status and len(drafts) == len(shas)  # (see published())
        return {
            p: facts[k][1]
            for p, k in sorted((p, _fk(p, sha)) for p, sha in shas.items())
            if k in facts and self._shows(p, facts[k][0], shas, rules, (p in drafts, alike), surely)
        }

    def _every_draft(self, shas: Mapping[str, object]) -> bool:
        """Does the drafts glob match every page read, with no draft markers (then it
        singles none out as unpublished: see published())?"""
        if self.cfg is None or self.cfg.draft_markers is not None or not self.own_status:
            return False
        from receipt_gate.base import wildmatch

        return len(wildmatch.select(self.cfg.drafts, list(shas))) == len(shas)

    def _held_sections(self, shas: Mapping[str, str], facts: Mapping[str, list[Any]]) -> list[str]:
        """The folders whose index page (`_index.*`) some generator holds back, and the
        pages under one that its cascade may keep from being built (Hugo)."""
        from receipt_gate.sites.hugo import section_held

        dates = _site_data(self.tree, self.cfg)[2]
        out: list[str] = []
        for p, sha in shas.items():
            if "/" not in p or not p.rsplit("/", 1)[1].startswith("_index."):
                continue
            got = facts.get(_fk(p, sha))
            if got is None:
                continue
            section = p.rsplit("/", 1)[0] + "/"
            if held_back(got[0], dates):
                out.append(section)
            targets = got[0].get(CASCADE)
            if isinstance(targets, str) and targets:
                out += section_held(section, targets.split("\n"))
        return out

    def _shows(
        self,
        p: str,
        fields: Mapping[str, object],
        shas: Mapping[str, str],
        rules: _Seen,
        draft: tuple[bool, bool],
        surely: bool,
    ) -> bool:
        """Is the page at `p`, with these fields, published (`surely`: see published())?
        `draft`: whether the drafts glob matches it, and every article."""
        if self.cfg is not None and not published(
            self.cfg, p, surely, draft[0], rules.dates, status_decides=draft[1]
        )(fields):
            return False
        return not surely or not (
            _held(p, rules.held)
            or _unbuilt(p, shas, rules.hidden, rules.bundles)
            or p in rules.unseen
            # built, and its layout prints none of its body
            or (bool(rules.layouts) and not _all_print(p, fields, rules))
        )

    def updated(
        self,
        parts: object,
        files: Mapping[str, str | None],
        build: Callable[[T | None], T],
        dump: Callable[[T], Any],
        load: Callable[[Any], T | None],
        step: Callable[[T], Any] | None = None,
        replay: Callable[[T, Any], T | None] | None = None,
    ) -> T:
        """build(what was kept under the same key of `parts` and the publication rules,
        or None), kept on disk (one file per check) when it is not what was kept: an
        index that the pages' changes update. `load` turns what was kept back into one,
        or None when it is not one. Where `step` says how what was built changes what was
        kept (JSON; None where it cannot), that is kept in a journal beside the kept
        index, which `replay` takes back (None where it cannot), and the index itself is
        written again only every JOURNAL_MOST steps (a site's is megabytes)."""
        key = _key(self.code, parts, publication_key(self.cfg, self.tree))

        def make() -> T:
            root = self.tree.root
            file = cache.path(root, f"corpus-{self.check}.json") if root else None
            doc, steps = cache.read_journaled(file, lambda d: d.get("key") == key, JOURNAL_MOST)
            kept = load(doc.get("value")) if doc is not None else None
            state = doc.get("state") if doc is not None else None
            for s in steps:  # (each step: [the state it made, what it changed])
                ok = replay is not None and kept is not None and isinstance(s, list) and len(s) == 2
                kept = (
                    replay(kept, s[1]) if ok and replay is not None and kept is not None else None
                )
                state = s[0] if ok else None
            self.since = state if kept is not None and isinstance(state, str) else None
            got = build(kept)
            if got is not kept:
                made = step(got) if step is not None and kept is not None else None
                done = [self.state, made] if made is not None else None

                def whole() -> dict[str, Any]:
                    return {"key": key, "value": dump(got), "state": self.state}

                cache.write_journaled(file, doc, steps, done, whole, JOURNAL_MOST)
            return got

        hit = self.hashed.get(id(files))
        rows = hit[1] if hit is not None and hit[0] is files else rows_key(files)
        return built_once(self.tree, f"updated/{key}/{rows}", make)
