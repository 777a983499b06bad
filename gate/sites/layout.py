"""What a site's layout is made of, whatever its generator: which files hold writing, the
globs that take a generator's pages, and the Layout init writes a config from (each
generator's module in gate.sites finds its own)."""

from __future__ import annotations

import collections
import posixpath
import re
from collections.abc import Callable, Mapping, Sequence
from typing import NamedTuple

from receipt_gate.base import lazyre
from receipt_gate.base.kinds import MORE_MARKUP, WRITING

EXTS = (".md", ".markdown", ".mdx")
# What a browser shows as a page when a generator copies it as it is.
PAGES = ("html", "htm", "xhtml", "xht", "shtml")
# What some generator renders or copies as a page: a file of one of these kinds that no
# drafts glob takes is named by `init` (counted by kind), never passed over in silence.
PAGE_LIKE = (*WRITING, *MORE_MARKUP, ".article", ".slide")
CONFIG_EXTS = (".toml", ".yaml", ".yml", ".json")


# Hidden folders and dependencies anywhere; a build's output, a theme or templates at the
# top (inside a content folder, site/ or build/ is a section like any other).
NOT_CONTENT = lazyre.compile(
    r"(?:^|/)(?:\.[^/]*|node_modules|vendor)/|^(?:_site|public|site|dist|build|_includes"
    r"|_layouts|_data|_sass|layouts|themes|static|assets|resources)/"
)


# A build's output at the top of the repository: no content, unless a generator's
# config is there (a second site kept in site/, built with `mkdocs build -f
# site/mkdocs.yml`): a build writes no config of its own into its output.
_OUTPUT = lazyre.compile(r"^(?:_site|public|site|dist|build)/")


def config_place(path: str) -> bool:
    """Can a generator's config here be a site's (not a dependency's, a theme's or a
    hidden folder's; a build's output folder only holds one a person put there)?"""
    return not NOT_CONTENT.search(_OUTPUT.sub("", path, count=1))


# Folders of a project's tests, fixtures and examples: a site's config there is a test's
# or an example's, not the project's published site, where the project has one elsewhere
# (round 93: mdBook's repository, 59 test and example books beside its guide).
_FIXTURES = frozenset(
    {"test", "tests", "testdata", "testsuite", "fixture", "fixtures", "__tests__", "spec",
     "specs", "example", "examples", "sample", "samples"}
)  # fmt: skip


def project_sites(configs: Sequence[str]) -> list[str]:
    """The configs that are the project's sites: those outside its test, fixture and
    example folders, where any is; else all of them."""
    own = [c for c in configs if not _FIXTURES & set(c.split("/")[:-1])]
    return own or list(configs)


# A generator's config by its name (what makes an output-named folder a site's own).
_GENERATOR_CONFIG = lazyre.compile(
    r"^(?:_site|public|site|dist|build)/(?:.*/)?(?:mkdocs\.ya?ml|book\.toml|_config\.ya?ml"
    r"|hugo\.(?:toml|ya?ml|json)|docusaurus\.config\.\w+|astro\.config\.\w+"
    r"|eleventy\.config\.\w+|\.eleventy\.js)$"
)


def _sited(paths: Sequence[str]) -> frozenset[str]:
    """The output-named top folders that hold a generator's config: a site, not output."""
    return frozenset(p.split("/", 1)[0] + "/" for p in paths if _GENERATOR_CONFIG.match(p))


def not_content(path: str, sited: frozenset[str] = frozenset()) -> re.Match[str] | None:
    """NOT_CONTENT's match, but for a top folder `sited` names (see _sited)."""
    if sited and path.startswith(tuple(sited)):
        m = NOT_CONTENT.search(path, path.index("/"))
        return m if m is not None and m.start() > 0 else None
    return NOT_CONTENT.search(path)


# A project's own files about itself, and instructions for its agents, at the top of
# the repository (in a site's content folder, license.md is a page like any other), and
# a README anywhere.
_NOT_WRITING = lazyre.compile(
    r"(?i)^(?:changelog|changes|history|license|licence|contributing|code_of_conduct"
    r"|security|authors|notice|claude|agents|gemini)(?:\.[^/]*)?$"
    r"|(?:^|/)readme(?:\.[^/]*)?$"
)


Read = Callable[[str], str | None]


class Repo(NamedTuple):
    """What detection reads of a repository: its paths, the ones that hold writing (by
    the usual markdown extensions), and a reader for a few small files."""

    paths: Sequence[str]
    files: Sequence[str]
    read: Read
    run_dir: str = ".receipts"
    # The configs a build names (path -> tool, gate.rules.markup.build_texts)
    named: Mapping[str, str] = {}


class Layout(NamedTuple):
    name: str  # what was detected, for the config's comment and the message
    drafts: list[str]
    articles: list[str]  # headline-numbers' corpus; [] when there is none yet
    markers: dict[str, object] | None  # draft_markers, or None (drafts and posts apart)
    found: int  # how many files the drafts globs match now
    # The site's documentation (docs/, a _docs collection...), where its own names are
    # documented (registered-terms' documented_in); a post is no source for a claim.
    pages: list[str] | None = None
    title_fields: list[str] | None = None  # where they are not just `title`
    generator: str = ""  # the module that found it (its KIND); "" for no generator's
    configs: tuple[str, ...] = ()  # the config files it was found by
    # Folders of values a page may print its generator's config moves (Jekyll's
    # `data_dir`, Eleventy's `dir.data`), as globs: ai-tells' site_values (round 87).
    values: tuple[str, ...] = ()


def writing(
    paths: Sequence[str], run_dir: str = ".receipts", exts: Sequence[str] = EXTS
) -> list[str]:
    """The files that hold writing (markdown, or these extensions in any case; not a
    README, not a build's output)."""
    prefix = run_dir.rstrip("/") + "/"
    ends = tuple(exts)
    sited = _sited(paths)
    return [
        p
        for p in paths
        if (p.endswith(ends) if exts is EXTS else p.lower().endswith(ends))
        and not p.startswith(prefix)
        and not posixpath.basename(p).startswith(".")
        and not not_content(p, sited)
        and not _NOT_WRITING.search(p)
    ]


def globs_for(
    folder: str, files: Sequence[str], exts: Sequence[str] = (), fold: bool = False
) -> list[str]:
    """One glob per extension the generator renders (`exts`) and the files under
    `folder` use (.md when there are none); with `fold`, each in any case (Hugo and
    MkDocs publish a page.MD as it is, unrendered but there to read)."""
    base = f"{folder}/" if folder else ""
    found = {e for p in files if p.startswith(base) and (e := posixpath.splitext(p)[1])}
    found |= set(exts)
    if fold:
        found = {e.lower() for e in found}
        return [
            f"{base}**/*.{any_case(e[1:])}" if e[1:].isalnum() else f"{base}**/*{e}"
            for e in sorted(found or {".md"})
        ]
    return [f"{base}**/*{e}" for e in sorted(found or {".md"})]


def under(files: Sequence[str], folder: str) -> list[str]:
    return [p for p in files if p.startswith(folder + "/")]


def leave_out(
    globs: Sequence[str], paths: Sequence[str], files: Sequence[str], hidden: bool = True
) -> list[str]:
    """`!` globs for what the globs would take that is not writing: a README, a
    build's output, a hidden folder (`hidden`: the generator builds none; Eleventy builds
    them, and its `files` hold their pages)."""
    from receipt_gate.base import wildmatch

    kept = set(files)
    # Hidden folders are never writing, whether there is one yet or not.
    out: dict[str, None] = dict.fromkeys(
        g for g in ("!.*/**", "!**/.*/**") if hidden and any(p.startswith("**") for p in globs)
    )
    sited = _sited(paths)
    for p in wildmatch.select(globs, paths):
        if p in kept:
            continue
        m = not_content(p, sited)
        if m and m.group().lstrip("/").startswith("."):
            continue  # the hidden folders' globs above take it
        out[f"!{p[: m.end()]}**" if m else f"!**/{posixpath.basename(p)}"] = None
    return list(out)


def site(
    name: str,
    folder: str,
    files: Sequence[str],
    paths: Sequence[str],
    markers: dict[str, object],
    exclude: Sequence[str] = (),
    exts: Sequence[str] = (),
    generator: bool = True,
    content: str | None = None,
) -> Layout:
    """A site whose articles are the writing under `folder` (a section of its `content`
    folder, or all of it); a generator's drafts are every page of its `content` folder
    (each is published: a page outside the posts is read by the same readers), another
    site's are the articles. A `generator`'s pages are its documentation where it has
    no docs folder (see docs_folders)."""
    from receipt_gate.base import wildmatch

    def globs_of(where: str) -> list[str]:
        globs = [*globs_for(where, files, exts, generator), *(f"!{x}/**" for x in exclude)]
        # (a page.MD is writing to a generator, as its globs say)
        kept = (
            [*files, *writing(paths, exts=[e.lower() for e in (*EXTS, *exts)])]
            if generator
            else files
        )
        return globs + leave_out(globs, paths, kept)

    articles = globs_of(folder)
    drafts = globs_of(content) if generator and content is not None else articles
    return Layout(
        name,
        drafts,
        articles,
        markers,
        len(wildmatch.select(drafts, files)),
        _documentation(files, paths, folder if content is None else content, exclude, exts)
        if generator
        else docs_folders(files),
    )


def _documentation(
    files: Sequence[str],
    paths: Sequence[str],
    content: str,
    exclude: Sequence[str],
    exts: Sequence[str],
) -> list[str]:
    pages = [*globs_for(content, files, exts), *(f"!{x}/**" for x in exclude)]
    return docs_folders(files, content, [*pages, *leave_out(pages, paths, files)])


_DOC_FOLDERS = frozenset(("docs", "_docs", "doc", "documentation", "reference"))
# What may stand above a site's docs folder: the content folder of a generator, a
# language's folder (content/en/docs). A docs folder deeper (content/en/contribute/
# documentation) is a section about docs, not the documentation.
_ABOVE_DOCS = lazyre.compile(r"content|src|site|website|www|[a-z]{2}(?:[-_][A-Za-z]{2,4})?")
POST_SECTIONS = ("posts", "post", "blog", "articles", "news")
BLOG_FOLDERS = ("posts", "post", "blog", "articles", "news", "_posts", "_drafts")


def docs_folders(
    files: Sequence[str], site: str | None = None, site_globs: Sequence[str] = ()
) -> list[str]:
    """Globs for the site's documentation, where its own setting names are documented:
    its docs folders (docs/, content/en/docs/, a _docs collection), never a blog's posts
    inside one (a Jekyll site in docs/). With none, and a `site` folder that is not a
    blog, the site's pages (`site_globs`) are its documentation (a docs site, as Hugo's
    own), but for their blog sections."""
    found: dict[str, None] = {}
    for p in files:
        parts = p.split("/")[:-1]
        for i, part in enumerate(parts[:4]):
            if part in _DOC_FOLDERS:
                found["/".join(parts[: i + 1])] = None
                break
            if not _ABOVE_DOCS.fullmatch(part):
                break
    tops = [f for f in sorted(found) if not any(f.startswith(g + "/") for g in found)]
    globs = [g for f in tops for g in globs_for(f, files)]
    if not globs and site is not None and posixpath.basename(site) not in BLOG_FOLDERS:
        globs = list(site_globs)
        tops = [site]
    blogs = {
        f"!{top + '/' if top else ''}**/{part}/**"
        for p in files
        for top in tops
        if p.startswith(top + "/" if top else "")
        for part in p[len(top) :].split("/")[:-1]
        if part in BLOG_FOLDERS
    }
    return [*globs, *sorted(blogs)] if globs else []


# A page a generator's config holds back, as gate.rules.corpus reads them: a path
# prefix (a folder with its `/`), or one of these: globs (NUL-joined), a regular
# expression searched in `/` and the path and in each folder above it, or in the path
# alone.
HELD_GLOBS, HELD_REGEX, HELD_FILE_REGEX, HELD_LINES = "\0g", "\0r", "\0f", "\0o"


def held_globs(globs: Sequence[str]) -> str:
    return HELD_GLOBS + "\0".join(globs)


def held_lines(base: str, lines: Sequence[str]) -> str | None:
    """A held entry for .gitignore lines read from the folder `base` (with its `/`):
    the last line that matches a page decides (a `!` line takes it back out); a name
    with no `/` but at its end matches at any depth, a folder holds what is in it. A
    line loses its trailing spaces only (a leading one is the pattern's, as git and
    MkDocs' pathspec read it: round 53). A `!` line takes back only what it names
    itself, and nothing below a folder an earlier line excludes (git's rule, and
    pathspec's GitIgnoreSpec's: a folder taken back takes back none of its pages).
    None when no line holds anything."""
    globs: list[str] = []
    excluded: list[tuple[str, bool, bool]] = []  # (pattern, anchored, a folder's alone)
    for line in lines:
        pattern = line.rstrip(" \r")
        if not pattern or pattern.startswith("#"):
            continue
        negated = pattern.startswith("!")
        pattern = pattern[1:] if negated else pattern.removeprefix("\\")
        anchored = "/" in pattern.rstrip("/")
        folder = pattern.endswith("/")
        pattern = pattern.strip("/")
        if not pattern or (negated and (folder or _below_excluded(pattern, anchored, excluded))):
            continue
        at = base if anchored else f"{base}**/"
        if negated:
            globs.append(f"!{at}{pattern}")
        else:
            globs += [f"{at}{pattern}", f"{at}{pattern}/**"]
            excluded.append((pattern, anchored, folder))
    return HELD_LINES + "\0".join(globs) if any(g[:1] != "!" for g in globs) else None


def _below_excluded(
    pattern: str, anchored: bool, excluded: Sequence[tuple[str, bool, bool]]
) -> bool:
    """May a page this pattern names lie in a folder one of these lines excludes? For a
    pattern of no folder of its own (`!keep.md`, at any depth), where a line excludes
    folders alone (`drafts/`); for one with wildcards in its folders, where any line
    excludes anything."""
    from receipt_gate.base import wildmatch

    parts = pattern.split("/")[:-1]
    if not anchored:
        return any(alone for _, _, alone in excluded)
    if any(c in "".join(parts) for c in "*?[\\"):
        return bool(excluded)
    for i in range(1, len(parts) + 1):
        folder = "/".join(parts[:i])
        for q, q_anchored, _ in excluded:
            if wildmatch.match([q], folder if q_anchored else parts[i - 1]):
                return True
    return False


def held_regex(pattern: str) -> str:
    return HELD_REGEX + pattern


def held_file_regex(pattern: str) -> str:
    return HELD_FILE_REGEX + pattern


def holds(held: str, path: str) -> bool:
    """Does this held entry hold back the page at `path`? A regular expression that
    cannot be run (not one, or too slow) holds back every page."""
    if held.startswith(HELD_GLOBS):
        from receipt_gate.base import wildmatch

        return wildmatch.match(held[len(HELD_GLOBS) :].split("\0"), path)
    if held.startswith(HELD_LINES):
        from receipt_gate.base import wildmatch

        got = False
        for glob in held[len(HELD_LINES) :].split("\0"):
            if wildmatch.match([glob.removeprefix("!")], path):
                got = not glob.startswith("!")
        return got
    if held.startswith((HELD_REGEX, HELD_FILE_REGEX)):
        import regex

        parts = path.split("/")
        firsts = range(len(parts) if held.startswith(HELD_FILE_REGEX) else 1, len(parts) + 1)
        try:
            rx = regex.compile(held[len(HELD_REGEX) :], regex.V0)
            return any(
                rx.search("/" + "/".join(parts[:i]), timeout=0.05) is not None for i in firsts
            )
        except (regex.error, TimeoutError, ValueError, OverflowError):
            return True
    return path.startswith(held)


def any_case(ext: str) -> str:
    """A glob for an extension in any case: md -> [mM][dD]."""
    return "".join(f"[{c.lower()}{c.upper()}]" for c in ext)


def copied(layout: Layout, folder: str, files: Sequence[str]) -> Layout:
    """The layout with the HTML pages its generator copies from `folder` as they are
    (Hugo's static/, MkDocs' docs folder, Docusaurus' static/) gated too: a reader
    opens them like any page."""
    from receipt_gate.base import wildmatch

    where = f"{folder}/**" if folder else "**"
    pages = [f"{where}/*.{any_case(e)}" for e in PAGES]
    drafts = list(
        dict.fromkeys(
            [
                *(g for g in layout.drafts if not g.startswith("!")),
                *pages,
                *(g for g in layout.drafts if g.startswith("!")),
            ]
        )
    )
    return layout._replace(drafts=drafts, found=len(wildmatch.select(drafts, files)))


def elsewhere(layout: Layout, paths: Sequence[str]) -> list[str]:
    """The writing no glob of the layout's drafts takes: files of a kind some generator
    publishes as a page (PAGE_LIKE; what a `!` glob leaves out on purpose, a headless
    bundle, is not counted), outside hidden folders, dependencies and a build's output."""
    from receipt_gate.base import wildmatch

    take = wildmatch.compile_globs(tuple(wildmatch.split(layout.drafts)[0]))
    return [p for p in writing(paths, exts=PAGE_LIKE) if not take.fullmatch(wildmatch.view(p))]


def section(files: Sequence[str], content: str) -> str:
    """The posts section of a content folder (content/posts, content/en/blog...), or the
    content folder itself."""
    counts: collections.Counter[str] = collections.Counter()
    for p in under(files, content):
        parts = p[len(content) + 1 :].split("/")
        for i, part in enumerate(parts[:-1][:2]):
            if part in POST_SECTIONS and not parts[-1].startswith("_index"):
                counts["/".join([content, *parts[: i + 1]])] += 1
    return counts.most_common(1)[0][0] if counts else content


def merge(layouts: Sequence[Layout], name: str, files: Sequence[str]) -> Layout:
    """One layout of several sites' (one per config): their globs and pages together,
    the markers of those that have one (a site without a marker publishes every page:
    where any has none and another has one, the marker holds back only in that one's
    pages, by `front_matter_in`)."""
    from receipt_gate.base import wildmatch

    if len(layouts) == 1:
        return layouts[0]._replace(name=name)

    def joined(lists: Sequence[Sequence[str]]) -> list[str]:
        keep = dict.fromkeys(g for globs in lists for g in globs if not g.startswith("!"))
        drop = dict.fromkeys(g for globs in lists for g in globs if g.startswith("!"))
        return [*keep, *drop]

    drafts = joined([lay.drafts for lay in layouts])
    marked = [lay.markers for lay in layouts if lay.markers]
    markers: dict[str, object] | None = (
        {} if any(lay.markers is not None for lay in layouts) else None
    )
    if marked and markers is not None:
        read_in: list[list[str]] = []
        for m in marked:
            got = m.get("front_matter_in")
            read_in += [[str(g) for g in got]] if isinstance(got, list) else []
        markers = {
            "front_matter": marked[0].get("front_matter", {}),
            "front_matter_in": joined(read_in),
        }
    pages = joined([lay.pages or [] for lay in layouts])
    return Layout(
        name,
        drafts,
        joined([lay.articles for lay in layouts]),
        markers,
        len(wildmatch.select(drafts, files)),
        pages or None,
        layouts[0].title_fields,
    )
