"""Hugo: a site found by its `content/` folder (at the top, or in a folder of its own
with its config beside it), every page of it gated (headless bundles and
`build: {render: never}` cascades too: what such a bundle holds is shown on the pages
that include it), in the content formats Hugo renders; the pages its static folders
copy as they are; `draft: true` its marker, read only in the formats Hugo reads front
matter in, by their exact extension (it copies posts/x.MD as it is, draft and all).
"""

from __future__ import annotations

import itertools
import posixpath
import re
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING

from receipt_gate.base import lazyre
from receipt_gate.reading.literals import CANNOT_SAY
from receipt_gate.reading.siteconfig import document, plain, shown, values, values_within
from receipt_gate.sites.layout import (
    CONFIG_EXTS,
    Layout,
    copied,
    globs_for,
    section,
    site,
    under,
)

if TYPE_CHECKING:
    from receipt_gate.base.yamlio import Table
    from receipt_gate.sites.layout import Repo

KIND = "hugo"
NAME = "Hugo"
CONFIG = lazyre.compile(r"(?:^|/)hugo\.[^/]*$|^(?:[^/.][^/]*/)?config(?:\.[^/]*|/.*)$")
# What Hugo renders as a page: gated whether a file of the kind is there yet or not (a
# .markdown or .html page added later is published too).
EXTS = (
    ".md",
    ".markdown",
    ".mdown",
    ".mkdn",
    ".mkd",
    ".html",
    ".htm",
    ".org",
    ".adoc",
    ".asciidoc",
    ".ad",
    ".pandoc",
    ".pdc",
    ".rst",
)
# Keys that make its build publish the pages marked draft (read as Go's ParseBool reads
# them: 0 and "f" are off), and a build command's flags and environment that do.
PUBLISH_KEYS = ("builddrafts",)
# Its configs wherever a site sits, read for the dates its [frontmatter] maps (a
# frontmatter file of a config folder is that table alone).
CONFIG_GLOBS = (
    "**/hugo.toml",
    "**/hugo.yaml",
    "**/hugo.yml",
    "**/hugo.json",
    "**/config.toml",
    "**/config.yaml",
    "**/config.yml",
    "**/config.json",
    "**/config/**/*.toml",
    "**/config/**/*.yaml",
    "**/config/**/*.yml",
    "**/config/**/*.json",
)
GO_BOOL = True
NAMED_CONFIG = True  # a build names any config for it (--config), read for its folders
NAMED_AT_TOP = True  # whose folders are the working folder's (the top), not its own
# A build command's options that name its configs: a list of files, a folder of them.
CONFIG_OPTIONS = {"--config": "list", "--configDir": "folder"}
# (a flag is a word of a command, or a string of a script's argument list: `["-D"]`)
DRAFT_FLAGS = lazyre.compile(
    r"(?:^|[\s\"'`\[,])(?:-[a-zA-Z]*D[a-zA-Z]*|--(?i:build-?drafts))(?![\w-]|=(?i:false|0)\b)"
)
DRAFT_ENV = lazyre.compile(r"(?i)\bHUGO[_x]BUILDDRAFTS\b(?![ \t]*[:=][ \t]*[\"']?false\b)")
# --buildDrafts on a line that does not name hugo itself: passed on to it by a script
# runner (`npm run build -- --buildDrafts`) or on a folded YAML line.
PASSED_ON = lazyre.compile(r"(?i)(?:^|[\s\"'`\[,])--build-?drafts(?![\w-]|=(?:false|0)\b)")
# Of those, what Hugo reads as content (front matter and all), in exactly this case.
CONTENT = (
    ".md",
    ".markdown",
    ".mdown",
    ".html",
    ".htm",
    ".org",
    ".adoc",
    ".asciidoc",
    ".ad",
    ".pandoc",
    ".pdc",
    ".rst",
)


def _site_configs(paths: Sequence[str], sub: str) -> list[str]:
    """The configs Hugo reads for the site in `sub` (with its `/`): hugo.* or config.*
    at its top, and what its config/ folder holds."""
    top = re.compile(rf"^{re.escape(sub)}(?:(?:hugo|config)\.(?:toml|ya?ml|json)$|config/)")
    return [p for p in paths if top.match(p) and p.endswith(CONFIG_EXTS)]


def _language_dirs(paths: Sequence[str], read: Callable[[str], str | None], sub: str) -> list[str]:
    """The contentDirs a site's configs name (a language's), from the site's folder,
    but its own content/ (each plain, inside the repository)."""
    from receipt_gate.reading import siteconfig

    out: list[str] = []
    for path in _site_configs(paths, sub):
        doc = siteconfig.document(path, read(path) or "")
        for value in values(doc, "contentdir"):
            folder = posixpath.normpath(value.strip()) if isinstance(value, str) else ""
            if folder and folder not in (".", "content") and not folder.startswith(("/", "..")):
                out.append(f"{sub}{folder}")
    return list(dict.fromkeys(out))


def _sections(files: Sequence[str], content: str) -> str:
    """The posts section, and where it lies in a language's folder (`content/en/posts`:
    a language's contentDir), the same section of every language's (`content/*/posts`,
    one added later too): each language's titles accuse, and its bodies support (round
    44; everything under content/ is published alike)."""
    posts = section(files, content)
    language, _, rest = posts[len(content) + 1 :].partition("/")
    if posts.startswith(f"{content}/") and rest and _LANGUAGE.fullmatch(language):
        return f"{content}/*/{rest}"
    return posts


_LANGUAGE = lazyre.compile(r"[a-z]{2,3}(?:[-_][A-Za-z0-9]{2,8})*")


def detect(repo: Repo) -> Layout | None:
    files, paths = repo.files, repo.paths
    if under(files, "content"):
        sub = ""
    else:
        sub = _below(paths, files)
        if not sub:
            return None
    base = f"{sub}/" if sub else ""
    read_in = [f"{base}content/**/*{e}" for e in CONTENT]
    # A module vendored into _vendor/ (`hugo mod vendor`) is built from there: its
    # content is the site's.
    vendored = [f"{base}_vendor/**/content/**/*{e}" for e in CONTENT]
    if any(p.startswith(f"{base}_vendor/") for p in paths):
        read_in += vendored
    name = f"a Hugo site in {sub}/" if sub else "a Hugo site"
    posts = _sections(files, f"{base}content")
    found = site(
        name,
        posts,
        files,
        paths,
        {"front_matter": {"draft": True}, "front_matter_in": read_in},
        (),
        EXTS,
        content=f"{base}content",
    )
    mine = [p for p, tool in repo.named.items() if p and tool == KIND]
    # (each language's contentDir holds its posts where the top's are: an empty
    # content/fr/ at init is written to later; round 46)
    rest = posts.removeprefix(f"{base}content").removeprefix("/*")  # (`/posts`, or "")
    more = [
        g
        for d in _language_dirs(paths, repo.read, base)
        for g in globs_for(f"{d}{rest}", files, EXTS, True)
    ]
    if more:
        keep = [g for g in found.articles if not g.startswith("!")]
        drop = [g for g in found.articles if g.startswith("!")]
        found = found._replace(articles=list(dict.fromkeys([*keep, *more, *drop])))
    for folder in [f"{base}content", *_static(paths, repo.read, base, mine)]:  # (bundle XHTML)
        found = copied(found, folder, files)
    if vendored[0] in read_in:
        found = found._replace(
            drafts=[*(g for g in found.drafts if not g.startswith("!")), *vendored]
            + [g for g in found.drafts if g.startswith("!")]
        )
    configs = tuple(
        p
        for p in paths
        if p.startswith(base) and CONFIG.search(p[len(base) :]) and p.endswith(CONFIG_EXTS)
    )
    moved = {d for c in configs if (d := data_dir(repo.read(c) or "")) is not None}
    return found._replace(configs=configs, values=tuple(f"{base}{d}/**" for d in sorted(moved)))


# A config's `dataDir` (round 91: `dataDir = "sitedata"`), plainly in TOML, YAML or JSON.
_DATA_DIR = lazyre.compile(r"""(?mi)^[ \t]*["']?datadir["']?[ \t]*[:=][ \t]*["']?([\w./-]+)""")


def data_dir(config: str) -> str | None:
    """The data folder a Hugo config names other than `data`, plainly; None."""
    m = _DATA_DIR.search(config)
    folder = m.group(1).strip("/") if m is not None else ""
    return folder if folder not in ("", "data", ".") else None


def _static(
    paths: Sequence[str],
    read: Callable[[str], str | None],
    sub: str = "",
    more: Sequence[str] = (),
) -> list[str]:
    """The folders a Hugo site copies as they are: static/, or what its config names
    (staticDir, staticDir0-10, a mount whose target is static), or `more`: configs a build
    names for it (`--config a,b`: its folders are the top's, as Hugo reads them); "" for
    one the gate cannot read plainly (then every folder counts)."""
    from receipt_gate.reading import siteconfig

    out: list[str] = []
    configs = _site_configs(paths, sub)
    for path in [*configs, *(p for p in more if p not in configs)]:
        doc = siteconfig.document(path, read(path) or "")
        named: list[object] = [
            v for k, v, _ in siteconfig.pairs(doc) if re.fullmatch(r"staticdir(?:10|\d)?", k)
        ]
        named += [
            s
            for k, v, t in siteconfig.pairs(doc)
            if k == "target" and isinstance(v, str) and re.match(r"static(?:/|$)", v.strip("/"))
            for s in siteconfig.get(t, "source") or [None]
        ]
        for v in (x for n in named for x in (n if isinstance(n, list) else [n])):
            out.append(
                f"{sub}{v.strip().strip('/')}"
                if isinstance(v, str) and v.strip() and not {"..", "$"} & set(re.split(r"[/{]", v))
                else ""
            )
        # A theme's or a module's own static folder is copied too.
        bases = [t for t in siteconfig.values(doc, "themesdir") if isinstance(t, str)]
        themes = [
            t for v in siteconfig.values(doc, "theme") for t in (v if isinstance(v, list) else [v])
        ]
        themes += siteconfig.values_within(doc, "imports", "path")
        out += [
            f"{sub}{b.strip('/')}/{t.strip('/')}/static" if isinstance(t, str) else ""
            for t in themes
            for b in bases or ["themes"]
        ]
    return list(dict.fromkeys(out or [f"{sub}static"]))


def _below(paths: Sequence[str], files: Sequence[str]) -> str:
    """The folder a Hugo site sits in, one level down (its config and content/ there),
    or ""."""
    every = set(paths)
    for folder in sorted({p.split("/", 1)[0] for p in files if p.count("/") >= 2}):
        if under(files, f"{folder}/content") and any(
            f"{folder}/{name}.{e}" in every
            for name in ("hugo", "config")
            for e in ("toml", "yaml", "yml", "json")
        ):
            return folder
    return ""


def folders(doc: object, any_tool: bool = False) -> list[tuple[object, bool, bool]]:
    """(folder, pages, theme) this config publishes pages from: contentDir and content
    mounts; a theme's content and a module's kept in the themes folder (unless
    `any_tool`: another tool's config a build may name, read for the first two only)."""
    from receipt_gate.base.yamlio import Table
    from receipt_gate.reading.siteconfig import get, pairs, values

    found: list[tuple[object, bool, bool]] = [(v, False, False) for v in values(doc, "contentdir")]
    for k, v, table in pairs(doc):
        if k == "target" and isinstance(v, str) and re.match(r"content(?:/|$)", v.strip("/")):
            found += [(s, False, False) for s in get(table, "source")] or [(None, False, False)]
    if any_tool:
        return found
    themes = [t for t in values(doc, "themesdir") if isinstance(t, str)] or ["themes"]
    named = [t for v in values(doc, "theme") for t in (v if isinstance(v, list) else [v])]
    named += [
        p
        for imports in values(doc, "imports")
        for item in (imports if isinstance(imports, list) else [imports])
        if isinstance(item, Table)
        for p in get(item, "path")
    ]
    return found + [
        (f"{base}/{t}/content" if isinstance(t, str) else None, False, True)
        for t in named
        for base in themes
    ]


# A build command's options naming the folder its pages come from.
COMMAND_FOLDER = lazyre.compile(
    r"""(?:^|[\s;&|"'])hugo\b[^\n;&|]{0,200}?\s(?:-c|--contentDir|-s|--source)(?:=|\s+)"""
    r"""["']?([^\s"';&|]+)"""
)
_ENV_DIR = lazyre.compile(r"""(?i)\bHUGO[_x]CONTENTDIR["']?[ \t]*[:=][ \t]*["']?([^"'\s#,}]*)""")
# A theme a build names (--theme, -t, HUGO_THEME): its content is published.
_THEME_NAMED = lazyre.compile(
    r"""(?:(?:^|[\s;&|"'])hugo\b[^\n;&|]{0,200}?\s(?:-t|--theme)(?:=|\s+)"""
    r"""|(?i:\bHUGO[_x]THEME)["']?[ \t]*[:=][ \t]*)["']?([\w.,/-]+)"""
)
# Where a config moves or adds the folders pages come from, read plainly: a key anywhere
# (a block, a flow mapping, an inline table, one line of JSON), quoted or not.
_CONTENT_DIR = lazyre.compile(
    r"""(?i)(?<![\w-])["']?contentdir["']?[ \t]*[:=][ \t]*["']?([^"'\s#,}]*)"""
)
# (one mount's pair: never across another's table, list item or object)
_ONE = r"(?!\[\[|[{}]|^[ \t]*-[ \t])"
_MOUNT = lazyre.compile(
    r"""(?ism)["']?source["']?[ \t]*[:=][ \t]*["']([^"']*)["'](?:(?!source)"""
    + _ONE
    + r""".){0,300}?"""
    r"""["']?target["']?[ \t]*[:=][ \t]*["']content\b([^"']*)["']"""
)
_MOUNT_REVERSED = lazyre.compile(
    r"""(?ism)["']?target["']?[ \t]*[:=][ \t]*["']content\b([^"']*)["'](?:(?!target)"""
    + _ONE
    + r""".){0,300}?"""
    r"""["']?source["']?[ \t]*[:=][ \t]*["']([^"']*)["']"""
)


def command_folders(text: str, bare: str) -> list[tuple[str, bool]]:
    """(folder, theme) a build file names for Hugo's pages: a command's -c/--source, the
    HUGO_CONTENTDIR variable, a theme it names (whose content counts where the
    repository holds it). `bare`: the text, comments out."""
    out = [(m.group(1), False) for m in COMMAND_FOLDER.finditer(bare)]
    out += [(m.group(1), False) for m in _ENV_DIR.finditer(text)]
    return out + [
        (f"themes/{t}/content", True)
        for m in _THEME_NAMED.finditer(bare)
        for t in m.group(1).split(",")
    ]


def text_folders(kind: str, path: str, text: str) -> list[tuple[str, bool]]:
    """(folder, theme) a config's plain text names (read so too, for a config read two
    ways): contentDir and content mounts in any config, a theme in Hugo's own."""
    out = [(m.group(1), False) for m in _CONTENT_DIR.finditer(text)]
    out += [(m.group(1), False) for m in _MOUNT.finditer(text)]
    out += [(m.group(2), False) for m in _MOUNT_REVERSED.finditer(text)]
    if kind == KIND:
        out += [(f"themes/{name}/content", True) for name in theme_names(text)]
    return out


# Hugo renders markdown with another reader where a config says so for every page
# (markup.defaultMarkdownHandler) or a cascade does for the pages under a section.
_HANDLER = lazyre.compile(r"""(?i)["']?defaultMarkdownHandler["']?[ \t]*[:=][ \t]*["']?(\w+)""")
_CASCADE = lazyre.compile(
    r"""(?is)(?<![\w-])["']?cascade["']?.{0,4000}?(?<![\w-])["']?markup["']?"""
    r"""[ \t]*[:=][ \t]*["']?(\w+)"""
)
_MARKDOWN = frozenset({"goldmark", "markdown", "md"})


def unread_markup(files: Sequence[str], read: Callable[[str], str | None]) -> str | None:
    """Why pages are rendered by a reader the gate does not read them with (a page is
    read by its own front matter's `markup:` and its extension), or None: a Hugo config's
    defaultMarkdownHandler other than goldmark, a cascade that sets `markup` (in a
    config, or a section's _index page)."""
    for path in files:
        index = posixpath.basename(path).startswith("_index.")
        if not (index or CONFIG.search(path)):
            continue
        text = read(path)
        if text is None:
            continue
        if not index and path.endswith(CONFIG_EXTS):  # as Hugo parses it
            doc = document(path, text)
            said = [
                shown(v)
                for v in values(doc, "defaultmarkdownhandler")
                if not (isinstance(v, str) and v.lower() in _MARKDOWN)
            ]
            # (any: a markdown one makes a section's .org or .html pages markdown)
            said += [f"cascade: {shown(v)}" for v in values_within(doc, "cascade", "markup")]
            if said:
                return (
                    f"{path}: sets markup {said[0][:40]!r}: Hugo renders markdown"
                    " pages with it, the gate reads them as markdown; set `markup:` in"
                    " each page's front matter instead (the gate reads it)"
                )
        text = plain(text[:20000] if index else text)
        m = None if index else _HANDLER.search(text)
        if m is not None and m.group(1).lower() not in _MARKDOWN:
            return (
                f"{path}: sets defaultMarkdownHandler {m.group(1)!r}: Hugo renders"
                " every markdown page with it, the gate reads them as markdown; set"
                " `markup:` in each page's front matter instead (the gate reads it)"
            )
        m = _CASCADE.search(text)
        if m is not None:
            return (
                f"{path}: a cascade sets markup {m.group(1)!r} for other pages: the"
                " gate reads each page by its own front matter; set `markup:` in"
                " each page instead"
            )
    return None


def date_fields(path: str, text: str | None) -> tuple[list[str], list[str]]:
    """The front-matter fields Hugo's `[frontmatter]` makes a page's publish date (its
    `publishDate` and `date` lists) and expiry date (`expiryDate`), `:`-tokens aside:
    with `expiryDate = ["lastmod"]`, a page whose lastmod has passed is expired."""
    own = path.rpartition("/")[2].lower().startswith("frontmatter.")
    if text is None or not (own or "frontmatter" in text.lower()):
        return [], []
    from receipt_gate.base.yamlio import Table
    from receipt_gate.reading.siteconfig import document

    doc = document(path, text)
    table = doc if own else None
    if isinstance(doc, Table) and not own:
        table = next((v for k, v in doc if str(k).lower() == "frontmatter"), None)
    if not isinstance(table, Table):
        return [], []

    def names(*keys: str) -> list[str]:
        out: list[str] = []
        for key, value in table:
            if str(key).lower() in keys:
                listed = value if isinstance(value, list) else [value]
                out += [v.lower() for v in listed if isinstance(v, str) and not v.startswith(":")]
        return out

    return names("publishdate", "pubdate", "published", "date"), names(
        "expirydate", "unpublishdate"
    )


# What a config leaves out of the build, page by page: such pages are gated (they are
# the site's files) but support nothing. Each as globs from the repository's top.
# `hugo server`'s own environment: `hugo` builds production (config/_default and
# config/production), and a site's development settings (an ignoreFiles that speeds up
# the server) leave nothing out of what it publishes.
_ENVIRONMENT = lazyre.compile(r"(?:^|/)config/development/")
_KINDS_OFF = {"page": ["**"], "section": ["**/_index.*"], "home": ["_index.*"]}
_UNPUBLISHING = (
    "draft",
    "headless",
    "expirydate",
    "unpublishdate",
    "publishdate",
    "pubdate",
    "date",
)


def held_by_config(path: str, text: str | None, named: bool = False) -> list[str]:
    """The pages a Hugo config leaves unbuilt (held entries, as gate.sites.layout
    gives them): every page of a kind `disableKinds` names (`page`: all but the section
    pages), a language `disableLanguages` or `languages.X.disabled` turns off (its
    `.X.` pages, its contentDir, its mounts), what a content mount's `excludeFiles`
    names or its `includeFiles` does not, what `ignoreFiles` matches, and what a
    `cascade` reaches that sets a build option, a draft flag, headless, outputs or a date
    (its `_target.path`, else every page). A config the gate cannot parse holds back
    every page of its site."""
    from receipt_gate.base.yamlio import Table
    from receipt_gate.reading.siteconfig import get
    from receipt_gate.sites.layout import held_globs

    if text is None or _ENVIRONMENT.search(path):
        return []
    base, doc = _config_root(path, _document(path, text))
    if doc is None:
        return [held_globs([f"{base}**"])] if named or CONFIG.search(path) else []
    if not isinstance(doc, Table):
        return []
    dirs = [d for d in _content_dirs(doc) if d] or ["content"]
    out: list[str] = []
    kinds = {str(k).lower() for v in get(doc, "disablekinds") for k in _listed(v)}
    # (a kind whose outputs the config gives without HTML has no page: `page = ["json"]`)
    for outputs in (o for o in get(doc, "outputs") if isinstance(o, Table)):
        for kind, formats in outputs:
            names = {str(f).lower() for f in _listed(formats)}
            if isinstance(formats, (list, str)) and formats and not names & {"html", "amp"}:
                kinds.add(str(kind).lower())
    for kind, globs in _KINDS_OFF.items():
        if kind in kinds:
            out += [
                held_globs([f"{base}{d}/{g}" for g in globs] + _but_sections(base, d, kind))
                for d in dirs
            ]
    off = {str(x).lower() for v in get(doc, "disablelanguages") for x in _listed(v)}
    for languages in get(doc, "languages"):
        for lang, table in languages if isinstance(languages, Table) else ():
            if isinstance(table, Table) and any(
                v is True or str(v).lower() == "true" for v in get(table, "disabled")
            ):
                off.add(str(lang).lower())
            if isinstance(table, Table) and str(lang).lower() in off:
                out += [
                    held_globs([f"{base}{_path(d)}/**"])
                    for d in get(table, "contentdir")
                    if _path(d)
                ]
    out += [held_globs([f"{base}**/*.{_any_case(lang)}.*"]) for lang in sorted(off)]
    return out + _mounts_held(doc, base, off) + _cascade_held(doc, base, dirs) + _ignored(doc, base)


def _document(path: str, text: str) -> object:
    """A Hugo config parsed; a file of a config folder named for a table
    (`config/_default/permalinks.toml`) whatever words it holds: its keys are the
    table's (sections, languages), none of them a setting's name."""
    from receipt_gate.reading.siteconfig import document

    parts = path.split("/")
    named = "config" in parts[:-1] and parts[-1].rsplit(".", 1)[0].lower() not in ("hugo", "config")
    return document(path, text, always=named)


def _config_root(path: str, doc: object) -> tuple[str, object]:
    """(the site's folder, with a `/`; the config as its root table): a file of a
    config folder (`config/_default/languages.toml`) is the table its name says."""
    from receipt_gate.base.yamlio import Table

    parts = path.split("/")
    if "config" in parts[:-1]:
        at = len(parts) - 1 - parts[::-1].index("config")
        base = "/".join(parts[:at])
        stem = parts[-1].rsplit(".", 1)[0].lower()
        if stem not in ("hugo", "config") and isinstance(doc, Table):
            doc = Table([(stem, doc)])
        return (f"{base}/" if base else ""), doc
    folder = posixpath.dirname(path)
    return (f"{folder}/" if folder else ""), doc


def _listed(value: object) -> list[object]:
    return value if isinstance(value, list) else [value]


def _path(value: object) -> str:
    """A folder a config names, from the site's folder ("" where it is none plainly)."""
    if not isinstance(value, str):
        return ""
    got = posixpath.normpath(value.strip().removeprefix("./").strip("/")) if value.strip() else ""
    return "" if got in ("", ".") or got.startswith("..") or "$" in got else got


def _content_dirs(doc: object) -> list[str]:
    return [_path(f) for f, _, theme in folders(doc) if not theme]


def _but_sections(base: str, folder: str, kind: str) -> list[str]:
    """With `page` off a section's own page is still built."""
    return [f"!{base}{folder}/**/_index.*", f"!{base}{folder}/_index.*"] if kind == "page" else []


def _any_case(text: str) -> str:
    """A glob for a literal in any case (Hugo matches its globs so)."""
    return "".join(f"[{c.lower()}{c.upper()}]" if c.isalpha() else _escaped(c) for c in text)


def _escaped(c: str) -> str:
    return f"\\{c}" if c in "*?[\\" else c


def _mounts_held(doc: object, base: str, off: set[str]) -> list[str]:
    """What content mounts leave out: a disabled language's, excludeFiles' matches, all
    but includeFiles' (a glob the gate cannot read: all under the mount)."""
    from receipt_gate.base.yamlio import Table
    from receipt_gate.reading.siteconfig import get, pairs
    from receipt_gate.sites.layout import held_file_regex, held_globs

    out: list[str] = []
    for _, mounts, _ in ((k, v, t) for k, v, t in pairs(doc) if k == "mounts"):
        for mount in (m for m in _listed(mounts) if isinstance(m, Table)):
            target = next((t for t in get(mount, "target") if isinstance(t, str)), "")
            if not re.match(r"content(?:/|$)", target.strip().strip("/")):
                continue
            source = next((_path(s) for s in get(mount, "source")), "")
            where = f"{base}{source}/" if source else base
            if any(str(x).lower() in off for x in get(mount, "lang")):
                out.append(held_globs([f"{where}**"]))
                continue
            out += [_hugo_glob(where, g) for v in get(mount, "excludefiles") for g in _listed(v)]
            include = [g for v in get(mount, "includefiles") for g in _listed(v)]
            if include:
                rxs = [
                    _glob_regex(_from_root(g), narrow=True) if isinstance(g, str) else None
                    for g in include
                ]
                if any(r is None for r in rxs):  # (which it includes, the gate cannot tell)
                    out.append(held_globs([f"{where}**"]))
                    continue
                kept = "|".join(r for r in rxs if r is not None)
                at = re.escape(f"/{where}")
                out.append(held_file_regex(rf"(?i)^{at}(?!(?:{kept})$)"))
    return out


def _hugo_glob(where: str, glob: object, page: bool = False) -> str:
    """A held entry for what a Hugo glob (from a mount's source, or a cascade target's
    page path when `page`) matches, in any case as Hugo matches it; a folder it matches
    holds what is under it. One the gate cannot read holds all under `where`."""
    from receipt_gate.sites.layout import held_file_regex, held_globs, held_regex

    rx = _glob_regex(_from_root(glob)) if isinstance(glob, str) else None
    if rx is None:
        return held_globs([f"{where}**"])
    at = re.escape(f"/{where}")
    if page:  # (a page's path: its file, its bundle's index, its section's _index)
        return held_file_regex(rf"(?i)^{at}{rx}(?:\.[^/]*|/_?index\.[^/]*)$")
    return held_regex(rf"(?i)^{at}{rx}$")


def _from_root(glob: str) -> str:
    """A Hugo glob from the root it is matched at, its leading `/` taken off, that of
    each alternative of braces that open it too (`{/posts/old,/posts/zzz}` matches
    `/posts/old`: round 96 h07)."""
    glob = glob.strip().strip("/")
    end = glob.find("}")
    if glob.startswith("{") and end > 0 and "{" not in glob[1:end]:
        alternatives = ",".join(a.lstrip("/") for a in glob[1:end].split(","))
        glob = "{" + alternatives + glob[end:]
    return glob


def _glob_regex(glob: str, narrow: bool = False) -> str | None:
    """A glob as Hugo's (gobwas) reads it with `/` for a separator, as a regular
    expression: `**` any text, `*` and `?` within a name, classes, `{a,b}` (not nested);
    None where it is none of these plainly. `narrow`: as Hugo 0.111 matches a mount's
    includeFiles, `**/` one folder or more and another `**` within a name (what is
    surely included; `**` alone, which Hugo takes for all, included too)."""
    if narrow and glob in ("**", "**/*"):
        return ".*"
    out: list[str] = []
    i = 0
    while i < len(glob):
        c = glob[i]
        if glob.startswith("**", i):
            slash = narrow and glob.startswith("**/", i)
            out.append("(?:[^/]+/)+" if slash else "[^/]*" if narrow else ".*")
            i += 3 if slash else 2
            continue
        if c in "*?":
            out.append("[^/]*" if c == "*" else "[^/]")
        elif c == "[":
            end = glob.find("]", i + 2)
            body = glob[i + 1 : end]
            if end < 0 or "/" in body or "\\" in body or "[" in body:
                return None
            out.append("[" + ("^" + body[1:] if body[0] == "!" else body) + "]")
            i = end
        elif c == "{":
            end = glob.find("}", i)
            if end < 0 or "{" in glob[i + 1 : end]:
                return None
            parts = [_glob_regex(a, narrow) for a in glob[i + 1 : end].split(",")]
            if any(p is None for p in parts):
                return None
            out.append("(?:" + "|".join(p for p in parts if p is not None) + ")")
            i = end
        elif c in "\\}]":
            return None
        else:
            out.append(re.escape(c))
        i += 1
    return "".join(out)


def _cascade_held(doc: Table, base: str, dirs: Sequence[str]) -> list[str]:
    """What a config's cascade reaches where it sets what can leave a page unbuilt or
    unpublished: the pages its `_target.path` matches, else every page."""
    from receipt_gate.base.yamlio import Table
    from receipt_gate.reading.siteconfig import get
    from receipt_gate.sites.layout import held_globs

    out: list[str] = []
    for cascade in (c for v in get(doc, "cascade") for c in _listed(v) if isinstance(c, Table)):
        if not _unpublishes(cascade):
            continue
        paths = [
            p
            for target in (*get(cascade, "_target"), *get(cascade, "target"))
            if isinstance(target, Table)
            for p in get(target, "path")
        ]
        out += [held_globs([f"{base}{d}/**" for d in dirs])] if not paths else []
        out += [_hugo_glob(f"{base}{d}/", p, page=True) for p in paths for d in dirs]
    return out


def _unpublishes(table: object) -> bool:
    """Does this front matter (a cascade's) set what can leave its pages unbuilt or
    held back: a build option, headless, a draft flag, a date, outputs?"""
    for key, value in _items(table):
        k = str(key).lower()
        if k in ("_build", "build", "outputs") or k in _UNPUBLISHING:
            return True
        if k == "params" and _unpublishes(value):
            return True
    return False


def _items(table: object) -> list[tuple[object, object]]:
    """A mapping's pairs, parsed by the gate's config reader (a Table) or a front
    matter's (a dict); none for another value."""
    from collections.abc import Mapping

    from receipt_gate.base.yamlio import Table

    if isinstance(table, Table):
        return list(table)
    return list(table.items()) if isinstance(table, Mapping) else []


def cascaded(fields: object) -> list[tuple[str, str]]:
    """(field, value) for each plain field a `cascade` gives the pages it reaches (a
    section page's front matter, a config): a title too (round 72: a title its pages show
    that no page of them writes). Every entry, whatever its target: what it may give."""
    out: list[tuple[str, str]] = []
    for key, value in _items(fields):
        if str(key).lower() != "cascade":
            continue
        for entry in _listed(value):
            out += [
                (str(k), str(v).strip())
                for k, v in _items(entry)
                if str(k).lower() not in ("_target", "target")
                and isinstance(v, (str, int, float))
                and not isinstance(v, bool)
            ]
    return out


def default_values(path: str, text: str | None) -> list[tuple[str, str, str]]:
    """("", field, value) for each plain field a config's `cascade` gives every page (a
    section's own cascade is read with its `_index` page)."""
    if text is None or "cascade" not in text.lower():
        return []
    return [("", k, v) for k, v in cascaded(document(path, text))]


def cascade_targets(fields: object) -> list[str]:
    """The page paths (`_target.path`) a section page's `cascade` reaches where it sets
    what can leave a page unbuilt (see _unpublishes); `**` for every page under it."""
    out: list[str] = []
    for key, value in _items(fields):
        if str(key).lower() != "cascade":
            continue
        for entry in _listed(value):
            if not _unpublishes(entry):
                continue
            paths = [
                p
                for k, target in _items(entry)
                if str(k).lower() in ("_target", "target")
                for k2, p in _items(target)
                if str(k2).lower() == "path"
            ]
            out += [p if isinstance(p, str) else "**" for p in paths] or ["**"]
    return out


def section_held(section: str, targets: Sequence[str]) -> list[str]:
    """Held entries for the pages under a section (`content/posts/`) whose page path
    one of its cascade's targets matches (a target is a path from the content folder,
    which may lie above the section: matched at any folder of the path)."""
    from receipt_gate.sites.layout import held_file_regex

    out: list[str] = []
    for target in targets:
        rx = _glob_regex(_from_root(target)) if _from_root(target) != "**" else ".*"
        if rx is None:
            return [section]
        at = re.escape(f"/{section}")
        out.append(held_file_regex(rf"(?i)^(?={at})(?:/.*)?/{rx}(?:\.[^/]*|/_?index\.[^/]*)$"))
    return out


def _ignored(doc: Table, base: str) -> list[str]:
    """`ignoreFiles`: regular expressions over a file's absolute path (and a folder's:
    Hugo walks no folder it matches), run on `/` and the path from the repository's top
    and on each folder above it; one anchored at the start (`^/home/...`), which names a
    place the gate cannot know, holds back every page of the site."""
    from receipt_gate.reading.siteconfig import get
    from receipt_gate.sites.layout import held_globs, held_regex

    out: list[str] = []
    for pattern in (x for v in get(doc, "ignorefiles") for x in _listed(v)):
        if (
            not isinstance(pattern, str)
            or (pattern.startswith("^") and not pattern.startswith(("^.*", "^.+")))
            or _NOT_RE2_ALIKE.search(pattern)
        ):
            out.append(held_globs([f"{base}**"]))
        else:  # (Go's \w, \d, \s and \b are ASCII's)
            out.append(held_regex(f"(?a){pattern}"))
    return out


# What Go's RE2 reads otherwise than Python's regex: \z, \Q...\E, \C, (?U),
# \p{...} and \pL, octal and other escapes, POSIX classes' edge cases.
_NOT_RE2_ALIKE = lazyre.compile(r"\\[zQECpPx0-7]|\(\?[a-zA-Z]*U|\[\[:")


def post_permalinks(path: str, text: str | None, named: bool | str = False) -> list[str]:
    """The permalink patterns a Hugo config gives the pages of a section (`[permalinks]`
    `posts = "/:year/:title/"`, or `[permalinks.page]`), each as
    `hugo:<section>:<pattern>` (gate.rules.corpus reads them)."""
    from receipt_gate.base.yamlio import Table
    from receipt_gate.reading.siteconfig import get

    if text is None or _ENVIRONMENT.search(path):
        return []
    _, doc = _config_root(path, _document(path, text))
    if not isinstance(doc, Table):
        return []
    out: list[str] = []
    for table in (t for t in get(doc, "permalinks") if isinstance(t, Table)):
        pairs = list(table)
        for kind, inner in [(k, v) for k, v in pairs if isinstance(v, Table)]:
            if str(kind).lower() == "page":
                pairs += list(inner)
        out += [
            f"hugo:{str(section).strip('/').lower()}:{pattern}"
            for section, pattern in pairs
            if isinstance(pattern, str) and pattern.strip()
        ]
    return out


# Hugo's render hooks: a site's own template for a link, a heading or a block quote
# (`layouts/_default/_markup/render-link.html`, `layouts/_markup/...`, a theme's, a
# language's `render-link.en.html`), which prints what it likes in their place (round 61:
# an empty `<a>`, an empty heading).
# (round 86: a table's, whose cells it may leave out, and a passthrough's: math)
_RENDER_HOOK = lazyre.compile(
    r"(?:^|/)layouts/(?:[^/]+/)*?_markup/"
    r"render-(link|heading|blockquote|table|passthrough)(?:\.[\w-]+)?\.html$"
)
# An action, to its `}}` or the text's end (never failing: linear on `{{` repeated); a
# comment, to its `*/}}`.
# (a string in it is one token: its `}}` ends nothing, as Go's lexer reads it; one never
# closed runs to the text's end, which Go refuses: linear on `"` repeated)
_GO_ACTION = lazyre.compile(
    r"\{\{((?:[^}\"`]++|\"(?:[^\"\\]|\\.)*+(?:\"|\\?\Z)|`[^`]*+(?:`|\Z)|\}(?!\}))*+)(?:\}\}|\Z)"
)
_GO_COMMENT = lazyre.compile(r"\{\{-?\s*/\*.*?(?:\*/\s*-?\}\}|\Z)", re.DOTALL)
# Functions that print a value whole (or rewrite its markup: a pattern is not read): a
# render hook's `.Text` or a template's `.Content` through them is printed.
_KEEPERS = frozenset(
    (
        "safeHTML safe.HTML htmlUnescape transform.HTMLUnescape emojify transform.Emojify"
        " markdownify transform.Markdownify plainify transform.Plainify strings.TrimSpace"
        " chomp strings.Chomp replace strings.Replace replaceRE strings.ReplaceRE print"
    ).split()
)
# What prints the text as it is: `.Text` or `.PlainText`, through functions that keep it.
_KEEPS = "(?:" + "|".join(re.escape(k) for k in sorted(_KEEPERS, key=lambda k: (-len(k), k))) + ")"
_PRINTS_TEXT = lazyre.compile(
    rf"(?:{_KEEPS}\s+)?\.(?:Text|PlainText)(?:\s*\|\s*{_KEEPS})*|{_KEEPS}\s+\(\s*\.Text\s*\)"
)
# A variable given the text (`$text := .Text`), and one printed as it is (round 65).
_TEXT_VARIABLE = lazyre.compile(rf"\$(\w+)\s*:?=\s*(?:{_PRINTS_TEXT.pattern})")
_PRINTS_VARIABLE = lazyre.compile(rf"(?:{_KEEPS}\s+)?\$(\w+)(?:\s*\|\s*{_KEEPS})*")
_GIVEN_THE_HOOK = lazyre.compile(r"partial(?:Cached)?\s+(\"[^\"]+\"|`[^`]+`)\s+\.")
_OPENS = frozenset({"if", "with", "range", "block", "define"})
_NO_TEXT = lazyre.compile(
    r"(?is)<(script|style|textarea|title|xmp|iframe|noembed|noframes|noscript|template"
    r"|plaintext)\b.*?(?:</\1\s*>|\Z)|<!--.*?(?:-->|\Z)"
)


class _Branching:
    """A block of a template: whether each branch so far printed the text, and whether
    it surely runs (True), never does (False) or may (None), as _constant reads its
    condition."""

    def __init__(self, word: str, with_text: bool, runs: bool | None = None) -> None:
        self.word, self.with_text = word, with_text
        self.printed: list[bool] = [False]
        self.runs: list[bool | None] = [runs]
        self.otherwise = False

    def turn(self, rest: str) -> None:
        """An `else` (`else if ...`): runs where no branch before surely did."""
        value = _runs(rest) if rest else True
        self.otherwise = self.otherwise or value is True  # (the rest of the cases)
        self.printed.append(False)
        if any(self.runs):
            value = False  # (a branch before surely ran)
        elif value is True and not all(r is False for r in self.runs):
            value = None  # (where no branch before ran)
        self.runs.append(value)

    def surely(self) -> bool:
        """Does the block print the text whatever it chooses? A `with .Text` that
        prints it (what it holds is the text); a branch that surely runs and prints it;
        an `if`/`with` whose every branch that may run, an `else` among them, prints it."""
        if self.with_text and self.printed[0] and self.runs[0] is not False:
            return True
        if any(r and p for r, p in zip(self.runs, self.printed, strict=True)):
            return True
        return (
            self.word in ("if", "with")
            and self.otherwise
            and all(p or r is False for r, p in zip(self.runs, self.printed, strict=True))
            and not all(r is False for r in self.runs)
        )


def _runs(condition: str) -> bool | None:
    """Whether an `if`'s or `with`'s branch runs: surely (True), never (False: a
    literal's falsity), or as a value says (None); a condition of literals the gate
    cannot evaluate may run or not (a branch after it is no surer)."""
    value = _constant(condition) if condition.strip() else CANNOT_SAY
    return value if isinstance(value, bool) else None


# An action that prints a string: the string first, or given to a function that prints
# it (`{{ "display:none" | safeCSS }}`, `{{ print "<!--" | safeHTML }}`).
_PRINTS_STRING = lazyre.compile(
    r"\{\{-?\s*(?:(?:print|printf|safeHTML|safeCSS|safeHTMLAttr|safe\.\w+)\s+)?"
    r"(\"(?:[^\"\\]|\\.)*+\"|`[^`]*+`)"
)


def _as_written(action: re.Match[str]) -> str:
    """What an action may print, as far as the markup around it goes: the string it
    prints, where it stands (`style="{{ "display:none" | safeCSS }}"` hides what it
    styles: round 65), the rest blank, its length kept. (A string given to another
    function, a pattern, a key, prints nothing.)"""
    text = action.group()
    found = _PRINTS_STRING.match(text)
    if found is None:
        return " " * len(text)
    a, b = found.span(1)
    inner = text[a + 1 : b - 1]
    if text[found.start() : a].lstrip("{- ").startswith("print "):  # (its strings, joined)
        inner = "".join(q.group()[1:-1] for q in _GO_STRING.finditer(text, a))
    inner = inner.replace("\n", " ").replace("\r", " ")[: len(text) - a - 1]
    return (" " * (a + 1) + inner).ljust(len(text))


def _unseen(template: str) -> tuple[str, list[tuple[int, int]], list[int]]:
    """A template with its Go comments blanked, and where in it no reader sees what an
    action prints: inside a tag, an HTML comment, a hiding element or a script (with the
    spans' starts, for inline.within)."""
    from receipt_gate.reading.inline import merged
    from receipt_gate.reading.visible import hidden_by_markup, tag_spans

    template = _GO_COMMENT.sub(lambda m: " " * len(m.group()), template)
    markup = _GO_ACTION.sub(_as_written, template)
    unseen = merged(
        [
            *tag_spans(markup),
            *hidden_by_markup(markup),
            *(m.span() for m in _NO_TEXT.finditer(markup)),
        ]
    )
    return template, unseen, [a for a, _ in unseen]


def _prints_text(template: str, partial: Callable[[str], bool] | None = None) -> bool:
    """Does a render hook surely print the text it is given: `.Text` (or `.PlainText`,
    through a function that keeps it, or a variable given it) printed outside any tag,
    comment, hiding element or script, in no block or in every branch of one, `{{ . }}`
    in a `{{ with .Text }}`, or a partial given the hook's context (`partial "x" .`)
    that surely prints it (`partial`: whether the partial of this name does)?"""
    from receipt_gate.reading.inline import within

    template, unseen, starts = _unseen(template)
    stack: list[_Branching] = []
    texts: set[str] = set()  # (the variables that hold the text)
    for m in _GO_ACTION.finditer(template):
        body = m.group(1).strip().removeprefix("-").removesuffix("-").strip()
        word = body.split(None, 1)[0] if body else ""
        given = _TEXT_VARIABLE.fullmatch(body)
        printed = _PRINTS_VARIABLE.fullmatch(body)
        if given is not None:
            texts.add(given.group(1))
        elif word in _OPENS:
            arg = body[len(word) :].strip()
            runs = _runs(arg) if word in ("if", "with") else None
            stack.append(
                _Branching(word, word == "with" and bool(_PRINTS_TEXT.fullmatch(arg)), runs)
            )
        elif word == "else" and stack:
            rest = body[4:].strip().split(None, 1)
            stack[-1].turn(rest[1] if len(rest) == 2 and rest[0] in ("if", "with") else "")
        elif word == "end" and stack:
            done = stack.pop().surely()
            if done and not stack:
                return True
            if done:
                stack[-1].printed[-1] = True
        elif (
            _PRINTS_TEXT.fullmatch(body)
            or (printed is not None and printed.group(1) in texts)
            or (
                (called := _GIVEN_THE_HOOK.fullmatch(body)) is not None
                and partial is not None
                and partial(called.group(1)[1:-1])
            )
            or (body == "." and bool(stack) and stack[-1].with_text)
        ) and not within(m.start(), unseen, starts):
            if not stack:
                return True
            stack[-1].printed[-1] = True
    return False


def unshown_by_render_hooks(
    paths: Sequence[str], read: Callable[[str], str | None]
) -> frozenset[str]:
    """The kinds of markdown (link, heading, blockquote, table, passthrough) whose text a
    render hook of the site may not print: a quote of it is read by no reader. Where a
    root config turns goldmark's passthrough on, what its delimiters hold is math, not
    prose, hook or none (a page's script draws it): `passthrough` and each pair as
    `passthrough OPEN CLOSE` (round 86: `$...$` drawn as MathML's letters)."""
    out = set(_passthrough(paths, read))
    partials: dict[str, list[str]] = {}
    for p in paths:
        for folder in ("/partials/", "/_partials/"):
            at = ("/" + p).find("/layouts" + folder)
            if at >= 0:
                name = p[at + len("layouts" + folder) :]
                for key in {name, name.removesuffix(".html")}:
                    partials.setdefault(key, []).append(p)

    known: dict[str, bool] = {}

    def partial(name: str) -> bool:  # (the site's own by this name, else a theme's)
        if name not in known:  # (each read once; one in a cycle prints nothing surely)
            known[name] = False
            found = sorted(partials.get(name, []), key=lambda p: "/themes/" in "/" + p)
            known[name] = bool(found) and _prints_text(read(found[0]) or "", partial)
        return known[name]

    for p in paths:
        m = _RENDER_HOOK.search(p)
        if m is not None and not _prints_text(read(p) or "", partial):
            out.add(m.group(1))
    return frozenset(out)


_PASSTHROUGH = lazyre.compile(r"(?i)passthrough")
_DELIMITERS = lazyre.compile(
    r"""\[\s*(["'])((?:\\.|(?!\1).){1,8})\1\s*,\s*(["'])((?:\\.|(?!\3).){1,8})\3\s*\]"""
)
_MATH = (("$$", "$$"), ("\\[", "\\]"), ("\\(", "\\)"), ("$", "$"))  # (Hugo's docs' pairs)


def _passthrough(paths: Sequence[str], read: Callable[[str], str | None]) -> list[str]:
    """`passthrough` and its delimiter pairs, where a root config names goldmark's
    passthrough: the pairs it lists (an escaped backslash read as one), else the pairs
    Hugo's documentation shows."""
    out: list[str] = []
    for p in paths:
        if not (_ROOT_CONFIG.search(p.rpartition("/")[2]) or "/config/" in "/" + p):
            continue
        text = read(p) or ""
        at = _PASSTHROUGH.search(text)
        if at is None:
            continue
        pairs = [
            (m.group(2).replace("\\\\", "\\"), m.group(4).replace("\\\\", "\\"))
            for m in _DELIMITERS.finditer(text, at.start())
        ]
        out += ["passthrough", *(f"passthrough {a} {b}" for a, b in pairs or _MATH)]
    return out


# Hugo's templates for a page of content (round 65), read as Jekyll's and Eleventy's
# layouts are (gate.rules.corpus.unprinted_layout): a template that names no body of the
# page where it may print it whole (`.Content`, `.Plain`, `.RawContent`) leaves a reader
# none of it: `.Summary`, `{{ .Content | truncate 9 }}`, a branch no value takes.
_BODY = lazyre.compile(
    r"(?<![\w\\])(?:Content|RawContent|Plain|PlainWords|ContentWithoutSummary)(?![\w])"
)
# Functions that hand a value on to a template the gate does not read with it (it may print).
_PASSERS = frozenset(
    "partial partialCached partials.Include partials.IncludeCached dict slice merge".split()
)
# Hugo's own partials, which print no page's body (a theme calls them by name).
_EMBEDDED = frozenset(
    (
        "disqus google_analytics google_analytics_async opengraph pagination schema"
        " twitter_cards _funcs/get-page-images"
    ).split()
)
_WORD = lazyre.compile(r"(?<![\w.$])[A-Za-z_][\w.]*")
# A template's call of another: by name (a string), or by a value the gate cannot name
# (given the site, not the page, `(?:site|.Site)`: none of the page's body is in reach).
_CALLED = lazyre.compile(
    r"\b(partial|partialCached|partials\.Include(?:Cached)?)\s+(?:(\"[^\"]*\"|`[^`]*`)"
    r"(?:\s+([^\s()]+)(\s+\S)?)?|\$[\w.]+\s+(\$?\.?[Ss]ite)\s*(?:-?$|\)))?"
)
_RENDERS = lazyre.compile(r"\.Render\s+(\"[^\"]*\"|`[^`]*`)?")
_NAMED_BLOCK = lazyre.compile(r"(define|block|template)\s+(\"[^\"]*\"|`[^`]*`)(?:\s+([^\s()]+))?")
_ASSIGNED = lazyre.compile(r"\$(\w+)\s*:?=\s*")
_GO_STRING = lazyre.compile(r'"(?:[^"\\]|\\.)*+"?|`[^`]*+`?')
_CASCADE_WORD = lazyre.compile(r"(?i)\bcascade\b")
_SETS_TEMPLATE = lazyre.compile(r"(?i)\b(?:layout|type)\b")
_ROOT_CONFIG = lazyre.compile(r"^(?:hugo|config)\.(?:toml|ya?ml|json)$|^config/")
_THEME_LINE = lazyre.compile(r"""(?im)^[ \t]*["']?theme["']?[ \t]*[:=][ \t]*(.*)$""")
_DEFAULT_LANGUAGE = lazyre.compile(
    r"""(?i)["']?defaultContentLanguage["']?[ \t]*[:=][ \t]*["']?([A-Za-z][\w-]*)"""
)


def theme_names(config: str) -> list[str]:
    """The themes a config names (`theme = "a"`, `theme = ["a", "b"]`, YAML's list on
    the lines below too)."""
    out: list[str] = []
    for m in _THEME_LINE.finditer(config):
        value = m.group(1).split("#", 1)[0].strip()
        if not value:  # (a YAML list below: `- a`)
            below = config[m.end() :].split("\n")[1:]
            value = " ".join(
                line.strip()[1:]
                for line in itertools.takewhile(lambda line: line.strip().startswith("-"), below)
            )
        out += re.findall(r"[\w.-]+", value)
    return out


class _Scope:
    """What one part of a template (its top, or a `define`'s) may print."""

    def __init__(self) -> None:
        self.prints = False
        self.returned = False  # (`return` gives the body: a partial's value)
        self.calls: list[str | None] = []
        self.renders: list[str | None] = []
        self.uses: list[str] = []  # (the blocks and templates it puts in place)


class _Frame:
    """A block of a template being read: the part it is in, whether this branch of it
    never runs (a literal condition), whether a branch before surely did, and what its
    dot is: the page ("page"), the page's body (`with .Content`: "body"), or another
    value (`range .Pages`, `with site.GetPage`: "other")."""

    def __init__(self, scope: str | None, dead: bool, taken: bool, dot: str) -> None:
        self.scope, self.dead, self.taken, self.dot = scope, dead, taken, dot
        self.declared: dict[str, bool] = {}  # (a variable `:=` makes here: held before?)
        self.loop = False


class _Reading:
    """A template as Hugo runs it: what its top and each `define` may print, and the
    blocks and templates it puts in place."""

    def __init__(self) -> None:
        self.scopes: dict[str | None, _Scope] = {None: _Scope()}
        self.used: set[str] = set()
        self.returns = False

    def settled(self) -> _Reading:
        """The reading once read whole: the blocks and templates put in place from its
        top, or from a part put in place in turn (not from a `define` nothing uses); a
        partial that returns prints only what it returns (what it prints otherwise, its
        calls' output too, is dropped)."""
        todo: list[str | None] = [None]
        while todo:
            for name in self.scopes[todo.pop()].uses:
                if name not in self.used:
                    self.used.add(name)
                    todo += [name] if name in self.scopes else []
        if self.returns:
            for part in self.scopes.values():
                part.prints, part.calls, part.renders = part.returned, [], []
        return self


def _literal(token: str) -> object:
    """A Go template literal's value (a bool, a number, a string, nil); `_UNKNOWN` else."""
    if token in ("true", "false"):
        return token == "true"
    if token == "nil":
        return None
    if len(token) >= 2 and token[0] == token[-1] and token[0] in '"`':
        if token[0] == '"' and "\\" in token:
            return _UNKNOWN  # (an escape Go decodes: "\x61" is "a"; round 71)
        return token[1:-1]
    if re.fullmatch(r"-?0[0-7_]+", token):
        return int(token.replace("_", ""), 8)  # (Go's octal: 010 is 8)
    try:
        return int(token.replace("_", ""), 0)  # (`0x0`, `0o7`, `1_000`)
    except ValueError:
        pass
    try:
        return float(token)
    except ValueError:
        return _UNKNOWN


_UNKNOWN = object()
_COMPARE = {
    "eq": lambda a, b: a == b,
    "ne": lambda a, b: a != b,
    "lt": lambda a, b: a < b,
    "le": lambda a, b: a <= b,
    "gt": lambda a, b: a > b,
    "ge": lambda a, b: a >= b,
}
_GO_TOKEN = lazyre.compile(r'"(?:[^"\\]|\\.)*"|`[^`]*`|[()]|[^\s()]+')
# A range over nothing a literal names (`seq 0`, `slice`, `""`): its body never runs.
_EMPTY_RANGE = lazyre.compile(r'\(?\s*(?:seq\s+0|slice|""|``|0|nil|false)\s*\)?')


# Functions whose value is not the same on every build (the site's, the page's, the
# clock's, a file's, a random one): a condition that calls one may take either branch.
_VARYING = frozenset(
    """site page hugo now getenv fileExists readFile readDir getJSON getCSV shuffle i18n
    T partial partialCached os data resources debug time math.Rand collections.Shuffle
    lang templates transform.Unmarshal inside""".split()
)
# A condition of literals the gate cannot evaluate (`in "abc" "z"`, `len ""`) is
# CANNOT_SAY, as Liquid's are (gate.reading.literals): an honest template tests values,
# not constants; no branch of its block is read as run.


def _constant(condition: str) -> object:
    """A condition's value where it names no value but literals (`false`, `0x0`, `""`,
    `eq 1 2`, `not (not false)`, `and`/`or` of literals); `_UNKNOWN` where it may name
    one; CANNOT_SAY where it names none and the gate cannot evaluate it. (What a branch
    takes is the value's truth.)"""
    tokens = _GO_TOKEN.findall(condition)
    if len(tokens) > 64:
        return _UNKNOWN if _names_a_value(tokens) else CANNOT_SAY
    value, at = _evaluated(tokens, 0)
    if value is _UNKNOWN or at != len(tokens):
        return _UNKNOWN if _names_a_value(tokens) else CANNOT_SAY
    return bool(value)


def _names_a_value(tokens: Sequence[str]) -> bool:
    """Does a condition name a value (a field, a variable, a function whose value
    varies), or only literals and functions of them?"""
    for token in tokens:
        if token[0] in '"`(),|' or token[0].isdigit() or token[0] == "-":
            continue
        if token[0] in ".$" or token.split(".", 1)[0] in _VARYING or token in _VARYING:
            return True
        if token == ":=" or token == "=":
            return True
    return not tokens


def _evaluated(tokens: Sequence[str], at: int) -> tuple[object, int]:
    """The value of the command starting at `at` (a function of literal arguments, or
    one literal, each may be parenthesized), and where it ends."""
    if at >= len(tokens):
        return _UNKNOWN, at
    head = tokens[at]
    if head == "(":
        value, at = _evaluated(tokens, at + 1)
        return (value, at + 1) if at < len(tokens) and tokens[at] == ")" else (_UNKNOWN, at)
    if head not in (*_COMPARE, "not", "and", "or"):
        return _literal(head), at + 1
    args: list[object] = []
    at += 1
    while at < len(tokens) and tokens[at] != ")":
        if tokens[at] == "(":
            value, at = _evaluated(tokens, at)
        else:
            value, at = _literal(tokens[at]), at + 1
        args.append(value)
    if _UNKNOWN in args:
        return _UNKNOWN, at
    try:
        if head in _COMPARE and len(args) == 2:
            return bool(_COMPARE[head](args[0], args[1])), at
        if head == "not" and len(args) == 1:
            return not args[0], at
        if head in ("and", "or") and args:
            return next((v for v in args if bool(v) != (head == "and")), args[-1]), at
    except TypeError:
        pass
    return _UNKNOWN, at


def _string_blanked(q: re.Match[str]) -> str:
    """A string literal with its text blanked, its quotes kept (a name it holds is no
    code: `{{ "{{ .Content }}" }}` prints the words)."""
    text = q.group()
    closed = len(text) >= 2 and text[-1] == text[0] and (text[0] == "`" or text[-2] != "\\")
    return text[0] + " " * (len(text) - 2) + text[-1] if closed else text[0] + " " * (len(text) - 1)


def _read_template(template: str) -> _Reading:
    """Where a template may print the page's body whole: outside any tag, comment,
    hiding element or script; in no branch a literal condition never takes; itself (not
    another page's, `range .Pages`), a variable given it, or the dot of a `with .Content`,
    through functions that keep it whole (or a template it is handed to); and which
    partials (None: one it cannot name) and views (`.Render`) each part calls."""
    from receipt_gate.reading.inline import within

    template, unseen, starts = _unseen(template)
    out = _Reading()
    frames: list[_Frame] = []
    dead = 0  # (how many frames are in a branch that never runs: read as they change)
    holders: set[str] = set()
    for m in _GO_ACTION.finditer(template):
        code = _GO_STRING.sub(_string_blanked, m.group(1))
        body = m.group(1).strip().removeprefix("-").removesuffix("-").strip()
        keyword = _KEYWORD.match(body)
        word = keyword.group() if keyword is not None else ""
        scope = frames[-1].scope if frames else None
        dot = frames[-1].dot if frames else "page"
        if word in ("if", "with", "range", "define", "block"):
            frame = _opened(word, body, scope, dot, holders)
            if frame.scope != scope and frame.scope is not None:
                out.scopes.setdefault(frame.scope, _Scope())
                if word == "block" and not dead:
                    out.scopes[scope].uses.append(frame.scope)
            frame.loop = word == "range"
            frames.append(frame)
            dead += frame.dead
            continue
        if word == "else" and frames:
            frame = frames[-1]
            dead -= frame.dead
            rest = body[4:].strip().split(None, 1)
            value = _constant(rest[1]) if len(rest) == 2 and rest[0] in ("if", "with") else _UNKNOWN
            frame.dead = frame.taken or value is False or value is CANNOT_SAY
            frame.taken = frame.taken or value is True or value is CANNOT_SAY
            frame.dot = (
                dot if frame.dot != "body" else frames[-2].dot if len(frames) > 1 else "page"
            )
            dead += frame.dead
            continue
        if word == "end":
            if frames:
                done = frames.pop()
                dead -= done.dead
                for name, held in done.declared.items():  # (its variables end with it)
                    (holders.add if held else holders.discard)(name)
            continue
        if dead or within(m.start(), unseen, starts):
            continue
        if word in ("break", "continue"):
            dead += _broken(frames)
            continue
        if word == "return":
            out.returns = True
            value = code.strip().removeprefix("-").strip()[6:]
            part = out.scopes[scope]
            part.returned = part.returned or _prints_whole(value, dot, holders)
            continue
        declared = _DECLARED.match(code.strip().removeprefix("-").strip())
        if declared is not None and frames and declared.group(1) not in frames[-1].declared:
            frames[-1].declared[declared.group(1)] = declared.group(1) in holders
        _read_action(out.scopes[scope], m.group(1), code, body, dot, holders)
    return out.settled()


def _broken(frames: list[_Frame]) -> int:
    """A `break` or `continue`: where every block between it and its loop surely runs
    (`{{ if true }}{{ break }}`), the rest of the loop's pass never runs (1: one more
    frame dead); else nothing is sure (0)."""
    for frame in reversed(frames):
        if frame.loop:
            if frame.dead:
                return 0
            frame.dead = True
            return 1
        if not frame.taken:
            return 0
    return 0


_DECLARED = lazyre.compile(r"\$(\w+)\s*:=")


_KEYWORD = lazyre.compile(r"[\w.]+|-")


def _opened(word: str, body: str, scope: str | None, dot: str, holders: set[str]) -> _Frame:
    """The frame a block's opening action starts: its part (a `define`'s or `block`'s
    name), whether its first branch never runs, and its dot."""
    named = _NAMED_BLOCK.match(body)
    if word in ("define", "block"):
        return _Frame(named.group(2)[1:-1] if named else scope, False, False, "page")
    arg = body[len(word) :].strip()
    value = _constant(arg) if word in ("if", "with", "range") else _UNKNOWN
    if word == "range" and _EMPTY_RANGE.fullmatch(arg):
        value = False  # (a range over nothing: its body never runs)
    elif word == "range" and value is not CANNOT_SAY:
        value = _UNKNOWN  # (a range over a value: runs or not, as the value says)
    dead, taken = value is False or value is CANNOT_SAY, value is True or value is CANNOT_SAY
    if word == "if":
        return _Frame(scope, dead, taken, dot)
    code = _GO_STRING.sub(_string_blanked, arg)
    if _names_body(code, dot, holders) and {w.group() for w in _WORD.finditer(code)} <= _KEEPERS:
        return _Frame(scope, dead, taken, "body")  # (`with .Content`)
    return _Frame(scope, dead, taken, "other" if arg not in (".", "$") else dot)


def _names_body(code: str, dot: str, holders: set[str]) -> bool:
    """Does an action's code (its strings blanked) name the page's body: `$.Content`,
    `.Content` where the dot is the page, a variable given it, `.` where the dot is it?"""
    for m in _BODY.finditer(code):
        at = m.start()
        while at > 0 and m.start() - at < 200 and (code[at - 1].isalnum() or code[at - 1] in "_.$"):
            at -= 1  # (back to the chain's start: `$.Content`, `.Page.Content`)
        start = code[at : m.start()]
        if start.startswith("$.") or (start.startswith(".") and dot == "page"):
            return True
    if holders and set(_VARIABLE.findall(code)) & holders:
        return True
    return dot == "body" and _DOT_ALONE.search(code) is not None


_VARIABLE = lazyre.compile(r"\$(\w+)")
_DOT_ALONE = lazyre.compile(r"(?<![\w.$)\]])\.(?![\w.])")


def _read_action(part: _Scope, raw: str, code: str, body: str, dot: str, holders: set[str]) -> None:
    """What one action outside any block's opening or end adds to its part: a template
    it puts in place, partials and views it calls, a variable given the body (or taken
    from it), the body printed."""
    named = _NAMED_BLOCK.match(body)
    if named is not None and named.group(1) == "template" and _the_page(named.group(3), dot):
        part.uses.append(named.group(2)[1:-1])
    for c in _CALLED.finditer(code):
        literal = raw[c.start(2) : c.end(2)] if c.group(2) else None
        cached = c.group(1).endswith("Cached") and not c.group(4)
        # (one cached for the whole site prints one page's; one given another page, or
        # the site, prints none of this one's)
        if not c.group(5) and not cached and _the_page(c.group(3), dot):
            part.calls.append(literal[1:-1] if literal else None)
    for r in _RENDERS.finditer(code):
        if dot == "page" or code[: r.start()].rstrip().endswith("$"):
            part.renders.append(raw[r.start(1) + 1 : r.end(1) - 1] if r.group(1) else None)
    given = _ASSIGNED.match(code.strip().removeprefix("-").strip())
    value = code.strip().removeprefix("-").strip()[given.end() :] if given else code
    names = _names_body(value, dot, holders)  # (what is printed, or given the name)
    words = {w.group() for w in _WORD.finditer(value)}
    if given is not None:
        holders.discard(given.group(1))  # (a new value: the body only if it is given it)
        if names and words <= _KEEPERS and len(holders) < 64:
            holders.add(given.group(1))
        elif names and len(holders) >= 64:
            part.prints = True  # (names past reading: it may print)
    elif names and (words <= _KEEPERS or words & _PASSERS):
        part.prints = True


def _the_page(context: str | None, dot: str) -> bool:
    """May a template given this context (None: none written) print the page's body?
    The page itself (`.` where the dot is the page, `$`, `.Page`), or a value the gate
    cannot name (a variable, a dict); not another page (`.Parent`, `.Site`)."""
    if context is None or context in ("$", "$.Page", "$.") or not context.startswith("."):
        return True
    return dot in ("page", "body") and context in (".", ".Page")


def _prints_whole(code: str, dot: str, holders: set[str]) -> bool:
    """Does this code give the page's body whole (through functions that keep it, or to
    a template that may print it)?"""
    words = {w.group() for w in _WORD.finditer(code)}
    return _names_body(code, dot, holders) and (words <= _KEEPERS or bool(words & _PASSERS))


_TAXONOMIES = (
    lazyre.compile(r"(?ms)^[ \t]*\[taxonomies\][ \t]*$(.*?)(?=^[ \t]*\[|\Z)"),
    lazyre.compile(r"(?ms)^taxonomies[ \t]*:[ \t]*$(.*?)(?=^\S|\Z)"),
)
_TAXONOMY_VALUE = lazyre.compile(r"""[=:][ \t]*["']?([\w-]+)""")


def _taxonomies(config: str) -> set[str]:
    """The taxonomies a site's config names (`[taxonomies]` `tag = "tags"`), else Hugo's
    own two."""
    for form in _TAXONOMIES:
        found = form.search(config)
        if found is not None:
            return set(_TAXONOMY_VALUE.findall(found.group(1)))
    return {"tags", "categories"}


# Output formats a template's name may end in, besides a language (`single.amp.html`
# builds the AMP page, `baseof.print.html` Docsy's print page): no HTML page a reader
# of the site reads.
_FORMATS = frozenset("amp rss json xml csv calendar robots sitemap print markdown md".split())


class Templates:
    """The Hugo sites of a tree, by their templates (`layouts/`, the themes its config
    names' `themes/NAME/layouts/`) and configs: which template builds a page, and whether
    it may print the page's body."""

    def __init__(self, paths: Sequence[str], read: Callable[[str], str | None]) -> None:
        self.read = read
        self.paths = paths
        self.roots: set[str] = set()
        self.configs: dict[str, list[str]] = {}
        for p in paths:
            at = 0 if p.startswith("layouts/") else p.find("/layouts/") + 1
            if at or p.startswith("layouts/"):
                base = p[:at]
                theme = base.rfind("themes/", 0, len(base) - 1)
                if (
                    theme >= 0
                    and base[theme - 1 : theme] in ("", "/")
                    and base.count("/", theme) == 2
                ):
                    base = base[:theme]
                self.roots.add(base)
        for p in paths:
            for root in self.roots:
                if p.startswith(root) and _ROOT_CONFIG.search(p[len(root) :]):
                    self.configs.setdefault(root, []).append(p)
        self._files: dict[str, dict[str, list[str]]] = {}
        self._prints: dict[str, bool] = {}
        self._busy: set[str] = set()
        self._cycles = 0
        self._readings: dict[str, _Reading | None] = {}

    def _config_text(self, root: str) -> str:
        return "\n".join(self.read(c) or "" for c in self.configs.get(root, []))

    def _files_of(self, root: str) -> dict[str, list[str]]:
        """The site's templates by their path under `layouts/` less the extensions
        (`posts/single` for `posts/single.en.html`) and by their whole path: for each
        path, the site's own file, else the first theme's its config names that has it
        (Hugo's layered folders; a theme's `single.en.html` still beats the site's
        `single.html`)."""
        if root not in self._files:
            order = theme_names(self._config_text(root))
            layers: dict[str, tuple[int, str]] = {}  # (path under layouts/: rank, file)
            for p in self.paths:
                rest = p[len(root) :]
                if not p.startswith(root) or not p.endswith(".html"):
                    continue
                if rest.startswith("layouts/"):
                    rank, under = -1, rest[8:]
                else:
                    at = rest.find("/layouts/", 7)
                    theme = rest[7:at] if rest.startswith("themes/") and at > 7 else ""
                    if theme not in order:
                        continue
                    rank, under = order.index(theme), rest[at + 9 :]
                if under not in layers or rank < layers[under][0]:
                    layers[under] = (rank, p)
            files: dict[str, list[str]] = {}
            for under, (_, p) in sorted(layers.items()):
                folder, _, name = under.rpartition("/")
                key = f"{folder}/{name.split('.', 1)[0]}" if folder else name.split(".", 1)[0]
                for k in {key, under}:
                    files.setdefault(k, []).append(p)
            self._files[root] = files
        return self._files[root]

    def _language(self, root: str, draft: str) -> str | None:
        """The page's language (its file name's `x.fr.md`, else the site's default
        content language); None where a language's own content folder may say."""
        config = self._config_text(root)
        if "contentdir" in config.lower():
            return None
        parts = draft.rpartition("/")[2].split(".")
        if len(parts) > 2 and _LANGUAGE.fullmatch(parts[-2]) and parts[-2] not in _FORMATS:
            return parts[-2].lower()
        found = _DEFAULT_LANGUAGE.search(config)
        return found.group(1).lower() if found else "en"

    @staticmethod
    def _variants(paths: Sequence[str], language: str | None) -> list[str]:
        """Of a template's files, those Hugo takes for an HTML page in this language
        (None: any), the most specific (`single.en.html` before `single.html`)."""
        fit: list[tuple[int, str]] = []
        for p in paths:
            parts = p.rpartition("/")[2].split(".")[1:-1]
            if all(
                x == "html"
                or (x not in _FORMATS and x == language)
                or (language is None and x not in _FORMATS and _LANGUAGE.fullmatch(x))
                for x in parts
            ):
                fit.append((len(parts), p))
        most = max((n for n, _ in fit), default=0)
        return [p for n, p in fit if n == most or language is None]

    def unprinted(self, draft: str, fields: Mapping[str, object]) -> str | None:
        """The path of the template that builds this page of content, where it surely
        prints none of the page's body whole (with every template it calls); None where
        one may, or where the gate cannot say which builds it (a module's, Hugo's own, a
        cascade's layout, a content folder elsewhere)."""
        root = next(
            (r for r in sorted(self.roots, key=len, reverse=True) if draft.startswith(r)), None
        )
        if (
            root is None
            or root not in self.configs
            or not draft[len(root) :].startswith("content/")
        ):
            return None
        dirs = draft[len(root) :].split("/")[1:-1]
        lower = {str(k).lower(): v for k, v in fields.items()}
        if "layout" not in lower and "type" not in lower and self._cascades(root, dirs):
            return None
        kinds, after = self._kinds(root, draft, dirs)
        names = [str(lower["layout"]).strip(), *kinds] if lower.get("layout") else kinds
        typed = str(lower.get("type") or "").strip().strip("/")
        chains = (
            [[typed]]
            if typed
            else [dirs[:1], ["/".join(dirs[:k]) for k in range(len(dirs), 0, -1)]]
        )
        if not dirs:  # (the home page: the top of layouts/ before _default/)
            chains = [[""]]
        chains = [[*c, after] if after else c for c in chains]
        if not typed and "contentdir" in self._config_text(root).lower():
            chains += [dirs[1:2], ["/".join(dirs[1:k]) for k in range(len(dirs), 1, -1)]]
        language = self._language(root, draft)
        chosen: list[str] = []
        for chain in chains:
            found = self._pick(root, chain, names, language)
            if not found:
                return None
            chosen += found
        if any(self._may_print(root, p, 0, chains, language) for p in chosen):
            return None
        return chosen[0]

    def _kinds(self, root: str, draft: str, dirs: Sequence[str]) -> tuple[list[str], str]:
        """The names of the templates Hugo looks for, in order, for a page of this kind
        (a regular page, the home page, a section, a taxonomy's list or a term's), and
        the folder it looks in after the page's own (`section/`, `taxonomy/`)."""
        if draft.rpartition("/")[2].split(".", 1)[0] != "_index":
            return ["single", "page", "all"], ""
        if not dirs:
            return ["index", "home", "list", "all"], ""
        if dirs[0] in _taxonomies(self._config_text(root)):
            if len(dirs) == 1:
                return ["taxonomy", "terms", "list", "all"], "taxonomy"
            return ["term", "list", "all"], "taxonomy"
        return [dirs[0], "section", "list", "all"], "section"

    def _pick(
        self, root: str, chain: Sequence[str], names: Sequence[str], language: str | None
    ) -> list[str]:
        """The files of the first template of these names Hugo finds along the chain of
        folders (then `_default/` and the top of `layouts/`)."""
        files = self._files_of(root)
        for f in [*chain, "_default", ""]:
            for n in names:
                found = self._variants(files.get(f"{f}/{n}" if f else n, []), language)
                if found:
                    return found
        return []

    def _cascades(self, root: str, dirs: Sequence[str]) -> bool:
        """May a cascade give the page a layout or a type (a config's, a section's above it)?"""
        above = [
            f"{root}content/{'/'.join(dirs[:k])}/".replace("//", "/") for k in range(len(dirs) + 1)
        ]
        texts = [self.read(c) for c in self.configs[root]]
        texts += [
            self.read(f"{a}_index{ext}") for a in above for ext in (".md", ".html", ".markdown")
        ]
        for t in texts:  # (a cascade, and a layout or a type after it: linear)
            m = _CASCADE_WORD.search(t) if t is not None else None
            if t is not None and m is not None and _SETS_TEMPLATE.search(t, m.end()):
                return True
        return False

    def _reading(self, path: str) -> _Reading | None:
        if path not in self._readings:
            text = self.read(path)
            self._readings[path] = None if text is None else _read_template(text)
        return self._readings[path]

    def _may_print(
        self,
        root: str,
        path: str,
        depth: int,
        chains: Sequence[Sequence[str]],
        language: str | None,
    ) -> bool:
        """May this template print the page's body whole: itself, through the partials
        and views it calls, or, where it defines blocks, the base template (`baseof`)
        they are put in (only the blocks the base puts somewhere)? What the gate cannot
        read or name may."""
        key = f"{path}\0{chains}\0{language}"  # (a view is found along the page's folders)
        if key in self._prints:
            return self._prints[key]
        if key in self._busy:
            self._cycles += 1
            return False  # (a cycle: what it adds, its first visit reads)
        self._busy.add(key)
        cycles = self._cycles
        reading = self._reading(path)
        got = True
        if reading is not None and depth <= 12:
            defined = {k for k in reading.scopes if k is not None}
            folder, _, name = ("/" + path).rpartition("/layouts/")[2].rpartition("/")
            names = [f"{name.split('.', 1)[0]}-baseof", "baseof"]  # (`single-baseof.html`)
            bases = (
                [  # (the page's folders first: `posts/baseof.html` for a post)
                    p
                    for chain in chains
                    for p in self._pick(root, [*chain, folder], names, language)
                ]
                if defined
                else []
            )
            bases = list(dict.fromkeys(bases))
            parts: list[tuple[_Reading, str | None]] = []
            for base in bases:
                shown = self._reading(base)
                if shown is None:
                    parts.append((reading, next(iter(defined))))  # (unread: it may)
                    continue
                parts.append((shown, None))
                parts += [(shown, k) for k in shown.used if k in shown.scopes]
                parts += [(reading, k) for k in shown.used if k in defined]
            if not bases:  # (no base: its top, and what it puts in place itself)
                parts = [(reading, None), *((reading, k) for k in reading.used if k in defined)]
            got = any(
                self._part_prints(root, r.scopes[k], depth, chains, language) for r, k in parts
            )
        self._busy.discard(key)
        if not self._busy or self._cycles == cycles:  # (a value read inside an open
            self._prints[key] = got  # cycle may lack what the cycle adds: read again)
        return got

    def _part_prints(
        self,
        root: str,
        part: _Scope,
        depth: int,
        chains: Sequence[Sequence[str]],
        language: str | None,
    ) -> bool:
        """May this part of a template print the body: itself, a partial it calls (one
        it cannot name or find, not Hugo's own, may), a view `.Render` names?"""
        if part.prints or None in part.calls or None in part.renders:
            return True
        files = self._files_of(root)
        more: list[str] = []
        for name in part.calls:
            found = [
                p
                for d in ("partials/", "_partials/")
                for k in (f"{d}{name}", f"{d}{name}.html")
                for p in files.get(k, [])
            ]
            if not found and str(name).removesuffix(".html") not in _EMBEDDED:
                return True
            more += found
        for view in part.renders:
            found = [p for chain in chains for p in self._pick(root, chain, [str(view)], language)]
            if not found:
                return True
            more += found
        return any(self._may_print(root, p, depth + 1, chains, language) for p in more)
