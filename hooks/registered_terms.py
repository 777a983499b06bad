"""registered-terms: every setting name the draft mentions is registered with a source.

A setting name is an inline code span (or an HTML <code> element) of one of the
configured shapes (by default an environment variable, `HUGO_ENV`, or a long flag,
`--no-verify`; TERM_SHAPES below lists the others a user can switch on) or that matches the
configured `pattern`, read as a reader reads it (gate.reading.reader.fold: no zero-width
characters, lookalike letters folded). A flag or variable given a value (`--max=3`,
`HUGO_ENV=production`) is the name before the `=`; `$HUGO_ENV` names `HUGO_ENV`.

A name has a source when the registry holds it, when it is a link's text (the page it
links to), or when a page of the site's documentation other than the draft names it
(`documented_in`: the project is the authority on its own names; a post is no source).

What a verdict reads is small: for each name the draft uses, the registry entries that
cover it and whether a page documents it. That, not the registry's or the pages' bytes,
is what a receipt fingerprints, so a name registered for one draft stales no other.
"""

from __future__ import annotations

from collections.abc import Callable, Container, Mapping, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from receipt_gate import DOCS, GateError
from receipt_gate.base import lazyre
from receipt_gate.base.text import Draft
from receipt_gate.checks import Finding, Outcome
from receipt_gate.reading.reader import fold
from receipt_gate.reading.templatetags import printed_text
from receipt_gate.rules.config import CONFIG_FILE

if TYPE_CHECKING:
    from receipt_gate.rules.corpus import Pages

TIMEOUT_S = 2.0

# The shapes of a setting name in inline code. By default only what is unmistakably
# one: an environment variable (HUGO_ENV, $HUGO_ENV, HUGO_ENV=production) and a long
# command-line flag (--baseURL, --max=3). Others are common words of code that a page
# mentions without making a claim (a function, a file, a dotted path), so a user
# switches them on.
_FILE_EXT = (
    r"(?<!\.(?:md|markdown|mdx|ya?ml|json|jsonl|toml|py|js|ts|txt|sh|png|jpe?g|gif|svg"
    r"|html?|css|csv|lock|cfg|ini|pdf|rb|go))"
)
TERM_SHAPES = {
    # An environment variable: `$HUGO_ENV`, `HUGO_ENV=production`, or a bare `HUGO_ENV`
    # the page uses as one (see _as_setting); `constant` takes every bare upper-case name.
    "env": r"\$?[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+(?:=\S*)?",
    "constant": r"[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+",
    "long-flag": r"--[A-Za-z0-9][\w-]*(?:=\S*)?",
    "short-flag": r"-[A-Za-z0-9]",
    "snake_case": r"[a-z][a-z0-9]*(?:_[a-z0-9]+)+",
    "camelCase": r"[a-z][a-z0-9]*(?:[A-Z][a-z0-9]*)+",
    "dotted": r"[A-Za-z_][\w-]*(?:\.[A-Za-z_][\w-]*)+" + _FILE_EXT,
    "key=value": r"[A-Za-z_][\w.-]*=\S*",
}
DEFAULT_SHAPES = ("env", "long-flag")

name = "registered-terms"
version = 17
deterministic = True
# Where SARIF and code scanning point.
help_uri = DOCS + "checks.md#registered-terms-and-the-claims-registry"
required_by_default = True
settings = {
    "shapes": DEFAULT_SHAPES,
    "pattern": "",
    "registry": "claims.yaml",
    "documented_in": (),
    "suppressions": True,
}
kinds = {"registry": "path", "documented_in": "globs"}
corpus = ("registry", "documented_in")
claims = "registry"


def starter(layout: Any) -> tuple[bool, list[str], dict[str, object]]:
    """What `init` writes: the registry, and the site's documentation where it has one
    (never its posts)."""
    pages = list(layout.pages or [])
    comments = ["Outside claims: receipt-gate claim add TERM --source URL|PATH writes this file."]
    if pages:
        comments.append("A name the site's documentation pages use is documented there.")
    return (
        True,
        comments,
        {"registry": "claims.yaml", **({"documented_in": pages} if pages else {})},
    )


class Documented(NamedTuple):
    names: dict[str, list[str]]  # name -> up to two pages that name it

    def elsewhere(self, name: str, path: str) -> bool:
        """Does a page other than `path` name it?"""
        return any(p != path for p in self.names.get(name, ()))


NOTHING_DOCUMENTED = Documented({})


class Sources(NamedTuple):
    """Where a name can have its source: the registry, and the site's documentation."""

    registered: Container[str]
    documented: Documented = NOTHING_DOCUMENTED


# Dashes a reader takes for a hyphen-minus in `--max` (hyphen, non-breaking hyphen,
# figure and en dashes, minus): one name, whichever was typed.
_DASHES = str.maketrans(dict.fromkeys("\u2010\u2011\u2012\u2013\u2212\ufe63\uff0d", "-"))


def _dashes(term: str) -> str:
    return term if term.isascii() else term.translate(_DASHES)


def _name(term: str) -> str:
    term = term.split("=", 1)[0] if "=" in term[1:] else term
    return term[1:] if term.startswith("$") else term  # $HUGO_ENV names HUGO_ENV


# A bare upper-case name is a setting where the page says so: it sets, exports or
# overrides it, calls it a variable or a setting, or uses it as a variable somewhere
# (`$NAME`, `${NAME}`, `NAME=...`, `export NAME`, `env.NAME`). Otherwise it is a
# constant a page names (a status code, `DEADLINE_EXCEEDED`; a frame, `PUSH_PROMISE`;
# an error, `ERR_INVALID_ARG_TYPE`), which makes no claim about a setting.
_BARE = lazyre.compile(r"[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+")
_USED_AS_VARIABLE = lazyre.compile(
    r"(?:\$\{?|\bexport\s+|\benv\.|\benviron\[[\"']|%)([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)"
    r"|\b([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)="
)
_SET_BEFORE = lazyre.compile(
    r"(?i)\b(?:set|sets|setting|export|exports|exporting|unset|define|defines|override"
    r"|overrides|env(?:ironment)?(?:\s+var(?:iable)?s?)?|variables?)\s+(?:the\s+|an?\s+"
    r"|your\s+)?(?:<code>|`+)?$"
)
_SET_AFTER = lazyre.compile(
    r"(?i)^(?:</code>|`+)?\s*(?:\(?(?:an?\s+)?(?:environment|env)\b"
    r"|variables?\b|settings?\b|=)"
)


# What may stand between a cue and the name: other names of the list ("set `A`, `B` and
# `C`").
_LISTED = lazyre.compile(
    r"(?:(?:`+[^`\n]*`+|<code>[^<\n]*</code>)\s*(?:,|;|/|\band\b|\bor\b)?\s*)+$"
)


def _as_setting(
    lines: list[str], line: int, col: int, name: str, variables: Container[str]
) -> bool:
    if name in variables:
        return True
    text = lines[line - 1] if 0 < line <= len(lines) else ""
    rest = text[col - 1 :]
    at = rest.find(name)
    after = rest[at + len(name) :] if at >= 0 else ""
    before = text[: col - 1]
    listed = _LISTED.search(before)
    return bool(
        _SET_BEFORE.search(before)
        or _SET_AFTER.match(after)
        or (listed is not None and _SET_BEFORE.search(before[: listed.start()]))
    )


def find_unregistered(
    text: str,
    rx: Any,
    registered: Container[str],
    registry: str,
    documented: Documented = NOTHING_DOCUMENTED,
    path: str = "<draft>",
    constants: bool = False,
    own: Any = None,
) -> tuple[list[Finding], int, list[str]]:
    """Setting names in the draft's inline code that the registry does not hold and no
    documentation page but the draft's own names; how many it checked; and the names
    it used (what its verdict read). A bare upper-case name counts where the page uses
    it as a setting (_as_setting), or always with `constants` or where `own` (the
    user's pattern) matches it."""
    from receipt_gate.reading.pageparts import code_spans

    findings = []
    checked = 0
    used: set[str] = set()
    lines = text.split("\n")
    variables: set[str] | None = None
    # A name that is a link's text comes with its source: the page it links to.
    for line, col, written in code_spans(text, linked=False):
        term = _dashes(fold(written))  # as a reader reads it: no zero-width, no lookalike
        try:
            if not rx.fullmatch(term, timeout=TIMEOUT_S):
                continue
        except TimeoutError:
            raise GateError(
                f"{CONFIG_FILE}: checks.registered-terms.pattern: took over"
                f" {TIMEOUT_S:g}s on {term!r} (catastrophic backtracking?)"
            ) from None
        if (
            not constants
            and _BARE.fullmatch(term)
            and not (own is not None and own.fullmatch(term, timeout=TIMEOUT_S))
        ):
            if variables is None:
                variables = {a or b for a, b in _USED_AS_VARIABLE.findall(text)}
            if not _as_setting(lines, line, col, term, variables):
                continue
        checked += 1
        term = _name(term)
        used.add(term)
        if term not in registered and not documented.elsewhere(term, path):
            add = f"--source URL -- {term}" if term.startswith("-") else f"{term} --source URL"
            findings.append(
                Finding(
                    line,
                    col,
                    f"`{term}` is not registered in {registry}:"
                    " find the page that documents it and register it with"
                    f" that source: receipt-gate claim add {add}"
                    " (a name this project defines itself, not a claim about"
                    " another tool, is for a maintainer to allow)",
                    (("term", term),),
                )
            )
    return findings, checked, sorted(used)


_WORD = lazyre.compile(r"[^\s`'\"()\[\]{}<>,;|*]+")
_TAG = lazyre.compile(r"<[^<>]*>")


def _visible(text: str) -> str:
    """The page with what no reader sees blanked, lines kept: HTML comments, Liquid
    comment pairs, template tags (each read in linear time: gate.reading.prose and
    gate.reading.templatetags)."""
    from receipt_gate.reading.prose import hide_templates
    from receipt_gate.reading.templatetags import blank_pairs

    return hide_templates(blank_pairs(text, frozenset({"comment"})))


def names_in(text: str, rx: Any) -> list[str]:
    """The setting names a published page uses where its readers see them: any word of
    its prose as rendered (no front matter, HTML blocks, comments, tags and their
    attributes, template tags, link destinations), of its code spans and of its code
    blocks that has a setting name's shape."""
    import html

    from receipt_gate.reading.markdown import blocks
    from receipt_gate.reading.pageparts import code_spans
    from receipt_gate.reading.prose import prose_lines

    if "<!--" in text or "{" in text:
        text = _visible(text)
    prose = "\n".join(prose_lines(text)).replace("\0", "")  # a comment inside a word
    if "<" in prose:
        prose = _TAG.sub(" ", prose)
    seen = set(_WORD.findall(html.unescape(prose) if "&" in prose else prose))
    for _, _, content in code_spans(text):  # a <code> element's already read as shown
        seen.update(_WORD.findall(content))
    lines = text.split("\n")
    for b in blocks(text):
        if b.kind == "code":
            seen.update(
                _WORD.findall(
                    "\n".join(ln[c:] for ln, c in zip(lines[b.start : b.end], b.cols, strict=True))
                )
            )
    names = set()
    for word in seen:
        word = _dashes(fold(word.rstrip(".:!?")))
        try:
            if word and rx.fullmatch(word, timeout=TIMEOUT_S):
                names.add(_name(word))
        except TimeoutError:
            raise GateError(
                f"{CONFIG_FILE}: checks.registered-terms.pattern: took over"
                f" {TIMEOUT_S:g}s on {word!r} (catastrophic backtracking?)"
            ) from None
    return sorted(names)


def name_pattern(settings: Mapping[str, Any]) -> Any:
    """The shapes and pattern a setting name has, as one compiled expression (ours alone
    compiled on first use: `regex` costs a commit without code spans its import)."""
    parts = []
    for i, shape in enumerate(settings["shapes"]):
        if shape not in TERM_SHAPES:
            raise GateError(
                f"{CONFIG_FILE}: checks.registered-terms.shapes[{i}]: unknown shape"
                f" {shape!r} (known: {', '.join(TERM_SHAPES)})"
            )
        parts.append(TERM_SHAPES[shape])
    if not settings["pattern"]:
        return _Later("|".join(f"(?:{p})" for p in parts) or "(?!)")
    parts.append(settings["pattern"])
    import regex

    try:
        return regex.compile("|".join(f"(?:{p})" for p in parts))
    except regex.error as e:
        raise GateError(
            f"{CONFIG_FILE}: checks.registered-terms.pattern: does not compile: {e}"
        ) from None


class _Later:
    """Our shapes' expression, compiled by `regex` when first matched."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.rx: Any = None

    def fullmatch(self, text: str, timeout: float | None = None) -> Any:
        if self.rx is None:
            import regex

            self.rx = regex.compile(self.source)
        return self.rx.fullmatch(text, timeout=timeout)


def load_corpus(files: Mapping[str, Mapping[str, str | None]], pages: Pages) -> Sources:
    """The registry, and the names the documentation pages use (each page read once)."""
    import json

    from receipt_gate.checks.claims import Registered, parse

    path: str = pages.settings["registry"]
    registered = Registered(parse(pages.tree.read(path), path))
    docs = files.get("documented_in", {})
    if not docs:
        return Sources(registered)
    rx: list[Any] = []
    shape = json.dumps([pages.settings["shapes"], pages.settings["pattern"]])

    def names(text: str, page: str) -> list[str]:
        if not rx:
            rx.append(name_pattern(pages.settings))
        return names_in(text, rx[0])

    found: dict[str, list[str]] = {}
    for page, used in pages.read(docs, names, _strs, shape, surely=True).items():
        for n in used:
            held = found.setdefault(n, [])
            if len(held) < 2:
                held.append(page)
    return Sources(registered, Documented(found))


def _strs(hit: object) -> bool:
    return isinstance(hit, list) and all(isinstance(x, str) for x in hit)


def digest(sources: Sources, reads: Sequence[str], draft: str) -> object:
    """For each name the draft uses: the registry entries that cover it, and whether a
    documentation page other than the draft names it."""
    covering: Callable[[str], object] = getattr(sources.registered, "covering", lambda t: [])
    return {n: [covering(n), sources.documented.elsewhere(n, draft)] for n in sorted(set(reads))}


def review(old: Any, new: Any) -> list[str]:
    """What a change widens, for a reviewer: registry entries that vouch without a
    source or for many names, and names a documentation page names first."""
    from receipt_gate.checks.claims import parse, widenings

    def registry(side: Any) -> Any:
        path = side.settings["registry"]
        return parse(side.tree.read(path), path)

    try:
        out = widenings(registry(old), registry(new))
    except GateError:
        out = []  # an unreadable registry is reported where the check reads it
    return out + _documents(old, new)


def _documents(old: Any, new: Any) -> list[str]:
    """The setting names the judged tree's documentation pages name first: the check
    takes them as documented, so a reviewer should see where."""
    from receipt_gate.base.text import printable

    if old.files("documented_in") == new.files("documented_in") and old.same_rules(new):
        return []  # the same pages, read the same way, published by the same rules
    try:
        now = new.corpus().documented
    except GateError:
        return []  # an unreadable page is reported where the check reads it
    try:
        before = old.corpus().documented
    except GateError as e:
        first = str(e).splitlines()[0]
        return [
            f"documents: cannot tell which names are newly documented: the pages at"
            f" {old.label} cannot be read ({printable(first)}); read the pages this"
            " change adds"
        ]
    # A page that names what at most one page named before: that one may be the very
    # draft the new page now vouches for (two pages per name are kept).
    out = []
    for n in sorted(now.names):
        had = before.names.get(n, [])
        if len(had) >= 2:
            continue
        was = (
            f"which only {printable(had[0])} named before"
            if had
            else "which no published page named before"
        )
        out += [
            f"documents: {printable(page)} names {n}, {was} ({name} takes it as documented there)"
            for page in now.names[n]
            if page not in had
        ]
    return out


def make(settings: Mapping[str, Any], sources: Sources) -> Callable[[Draft], Outcome]:
    rx = name_pattern(settings)
    registry: str = settings["registry"]
    constants = "constant" in settings["shapes"]
    # (a pattern of the user's own takes what it matches, upper-case names too)
    own = (
        name_pattern({"shapes": (), "pattern": settings["pattern"]})
        if settings["pattern"]
        else None
    )

    def find(text: str, path: str) -> tuple[list[Finding], int, list[str]]:
        return find_unregistered(
            text, rx, sources.registered, registry, sources.documented, path, constants, own
        )

    def check(draft: Draft) -> Outcome:
        found, checked, used = find(draft.text, draft.path)
        printed = printed_text(draft)
        if printed is not None:  # and what its template tags print (a flag in a code span)
            more, _, also = find(printed, draft.path)
            seen = {(f.line, f.message) for f in found}
            found = sorted([*found, *(f for f in more if (f.line, f.message) not in seen)])
            used = sorted({*used, *also})
        return Outcome(found, checked, reads=used)

    return check
