"""Jekyll: a site as Jekyll publishes it, found by its `_posts/` folders: the posts, the
drafts (its notion of a draft: `_drafts/`), and every other page of the site, read from
its _config.yml (`include`, `exclude`, `markdown_ext`, collections it renders). Its
marker is a folder, which `adopt --unpublish` cannot write into a page."""

from __future__ import annotations

import posixpath
import re
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING

from receipt_gate import GateError
from receipt_gate.base import lazyre
from receipt_gate.base.yamlio import Table
from receipt_gate.sites.layout import Layout, any_case, docs_folders, leave_out

if TYPE_CHECKING:
    from receipt_gate.sites.layout import Repo

KIND = "jekyll"
NAME = "Jekyll"
CONFIG = lazyre.compile(r"(?:^|/)_config[^/]*$")
# Keys that make its build publish what `_drafts/` and `published: false` hold back, and
# a build command's flags that do.
PUBLISH_KEYS = ("show_drafts", "unpublished")
CONFIG_OPTIONS = {"--config": "list"}  # a build command's option naming its configs
DRAFT_FLAGS = lazyre.compile(r"(?:^|[\s\"'`\[,])(?:-D|--drafts|--unpublished)(?![\w-])")

MARKDOWN = ("markdown", "mkdown", "mkdn", "mkd", "md")  # Jekyll's default markdown_ext
# Other text Jekyll publishes from _posts/ (and _drafts/, with --drafts) for a reader.
_TEXT = ("xhtml", "xht", "shtml", "xml", "svg", "json", "rss", "atom", "php", "csv", "ics")
# Folders Jekyll itself reads for other ends (never pages), whether there yet or not.
_SPECIAL = ("_layouts", "_includes", "_data", "_sass", "_site", "_plugins", ".jekyll-cache")
# What no site publishes: dependencies, and the folder a build writes.
_NEVER = lazyre.compile(r"(?:^|/)(?:node_modules|vendor|\.git|_site)/")


def detect(repo: Repo) -> Layout | None:
    """A Jekyll site where `_posts/` folders are (Jekyll reads them in every folder of
    the site, categories; its markdown extensions whatever their case), rooted at the
    shallowest, or at the nearest folder above it that holds a `_config` (whose
    `collections_dir` or `source` puts the posts below it: `coll/_posts/`)."""
    import collections

    posts = collections.Counter(
        p[: p.index("_posts/")]
        for p in repo.files
        if "_posts/" in p and (p.startswith("_posts/") or "/_posts/" in p)
    )
    if not posts:
        return None
    root = min(posts, key=len)
    configs = {
        p[: p.rfind("/") + 1]
        for p in repo.paths
        if p.rpartition("/")[2] in ("_config.yml", "_config.toml")
    }
    root = max((c for c in configs if root.startswith(c)), key=len, default=root)
    config = f"{root}_config.yml"
    data = re.search(r"(?m)^data_dir\s*:\s*[\"']?([\w./-]+)", repo.read(config) or "")
    moved = data.group(1).strip("/") if data and data.group(1).strip("/") != "_data" else ""
    return site(root, repo.paths, repo.files, repo.read)._replace(
        configs=tuple(p for p in (config,) if p in set(repo.paths)),
        values=(f"{root}{moved}/**",) if moved else (),
    )


# The files whose `defaults:` may hold pages back: any YAML or TOML file (a site's folder
# may be anywhere, and a build may name any config: `--config _config.yml,prod.yml`).
CONFIG_GLOBS = ("**/*.yml", "**/*.yaml", "**/*.toml")
RENDER_CONFIGS = ("**/_config.yml", "**/_config.toml")  # (where unread_pages looks)


def held_by_config(path: str, text: str | None, named: bool = False) -> list[str]:
    """What a config's `defaults:` hold back: the path prefixes (the config's folder and
    each scope's path, up to a glob's first wildcard) whose values give `published`
    anything but true, or a `date` (a date later than today holds a post back). The
    scope's `type` is not read: every page under the path is taken, which can only take
    support away. A _config the gate cannot read may hold back any page of its site.
    What its `exclude:` leaves out is held too (_excluded), and every post where
    `limit_posts` builds only the newest. A config a build names
    (`--config _config.yml,ci/prod.yml`) is read from the top as well as from its own
    folder: Jekyll reads a site from where it runs."""
    from receipt_gate.reading import siteconfig
    from receipt_gate.sites.layout import held_globs

    folder = posixpath.dirname(path)
    base = f"{folder}/" if folder else ""
    if text is None or not any(k in text for k in ("defaults", "exclude", "limit_posts", "\\")):
        return []
    doc = siteconfig.document(path, text)
    if not isinstance(doc, Table):
        return [base] if doc is None and (named or CONFIG.search(path)) else []
    sources = list(dict.fromkeys([_source(doc, base), *([_source(doc, "")] if named else [])]))
    out = [h for s in sources for h in _excluded(doc, s)] if named or CONFIG.search(path) else []
    # `limit_posts: N` builds the newest N posts alone: which, the dates decide (every
    # post is held, the safe side)
    limits = [str(v).strip().lower() for v in siteconfig.values(doc, "limit_posts")]
    if any(v not in ("", "0", "none", "false", "null", "~") for v in limits):
        out.append(held_globs(["**/_posts/**"]))
    for entry in (e for d in siteconfig.get(doc, "defaults") if isinstance(d, list) for e in d):
        if not isinstance(entry, Table):
            continue
        values = [v for v in siteconfig.get(entry, "values") if isinstance(v, Table)]
        dated = any(siteconfig.get(v, "date") for v in values)  # (a date may be later)
        if not dated and all(p is True for v in values for p in siteconfig.get(v, "published")):
            continue
        out += [h for s in sources for h in _scopes(entry, s)]
    return out


def _excluded(doc: Table, source: str) -> list[str]:
    """What a config's `exclude:` leaves out of the build, as Jekyll's EntryFilter
    reads a name: an fnmatch glob over the path from its source (`*` across folders, a
    class, an escape), or any path that starts with it (`_posts/2020-01` leaves out
    every post of that month); as held entries, the pages it names support nothing."""
    from receipt_gate.reading import siteconfig
    from receipt_gate.sites.layout import held_regex

    out = []
    for value in siteconfig.get(doc, "exclude"):
        for name in value if isinstance(value, list) else [value]:
            glob = str(name).strip().removeprefix("./").lstrip("/") if name is not None else ""
            if glob:
                at = re.escape(f"/{source}")
                out.append(held_regex(f"^{at}(?:{_fnmatch(glob)}$|{re.escape(glob)})"))
    return out


def _fnmatch(glob: str) -> str:
    """Ruby's File.fnmatch without flags as a regular expression: `*` any text, `?`
    one character, `[...]` a class (`[!...]` or `[^...]` its complement), `\\` an
    escape; a class never closed is a `[`."""
    out: list[str] = []
    i = 0
    while i < len(glob):
        c = glob[i]
        if c == "*":
            out.append(".*")
        elif c == "?":
            out.append(".")
        elif c == "\\" and i + 1 < len(glob):
            i += 1
            out.append(re.escape(glob[i]))
        elif c == "[" and (end := glob.find("]", i + 2)) > 0:
            body = glob[i + 1 : end]
            neg = body[:1] in ("!", "^")
            body = body[1:] if neg else body
            out.append("[" + ("^" if neg else "") + body.replace("\\", "\\\\") + "]")
            i = end
        else:
            out.append(re.escape(c))
        i += 1
    return "".join(out)


def _source(doc: Table, base: str) -> str:
    """Where a config's site is read from (`source:`, from the config's folder), with a
    `/`: what its defaults' scopes are paths under."""
    from receipt_gate.reading import siteconfig

    source = (siteconfig.get(doc, "source") or [""])[-1]
    got = posixpath.normpath(base + str(source).strip().strip("/")) if str(source).strip() else ""
    return f"{got}/" if got and got != "." else base


def _scopes(entry: Table, base: str) -> list[str]:
    """The path prefixes a `defaults:` entry's scopes give (up to a glob's first
    wildcard; its `type` unread: every page under the path)."""
    from receipt_gate.reading import siteconfig

    scopes = [s for s in siteconfig.get(entry, "scope") if isinstance(s, Table)]
    return [
        base + re.split(r"[*?\[{]", str(scope or "").strip().removeprefix("./").lstrip("/"))[0]
        for scope in [p for s in scopes for p in siteconfig.get(s, "path")] or [""]
    ]


def default_values(path: str, text: str | None) -> list[tuple[str, str, str]]:
    """(path prefix, field, value) for each field a config's `defaults:` give the pages
    under a path (a page's own field wins; `type` is not read: every page there)."""
    from receipt_gate.reading import siteconfig

    if text is None or "defaults" not in text:
        return []
    folder = posixpath.dirname(path)
    doc = siteconfig.document(path, text)
    if not isinstance(doc, Table):
        return []
    out = []
    for entry in (e for d in siteconfig.get(doc, "defaults") if isinstance(d, list) for e in d):
        if isinstance(entry, Table):
            for v in (v for v in siteconfig.get(entry, "values") if isinstance(v, Table)):
                scopes = _scopes(entry, _source(doc, f"{folder}/" if folder else ""))
                out += [(p, str(k), str(x).strip()) for k, x in v for p in scopes]
    return out


def post_permalinks(path: str, text: str | None, named: bool = False) -> list[str]:
    """The permalink patterns a Jekyll config gives posts: its own `permalink:` (a style,
    `pretty`, or a pattern), its posts collection's, any its `defaults:` give; of a
    file so named, or that a build names as a config (`named`)."""
    from receipt_gate.reading import siteconfig

    if text is None or "permalink" not in text or not (named or CONFIG.search(path)):
        return []
    doc = siteconfig.document(path, text)
    if not isinstance(doc, Table):
        return []
    found = list(siteconfig.get(doc, "permalink"))
    for collections in siteconfig.get(doc, "collections"):
        for name, table in collections if isinstance(collections, Table) else ():
            if str(name).lower() == "posts" and isinstance(table, Table):
                found += siteconfig.get(table, "permalink")
    for entry in (e for d in siteconfig.get(doc, "defaults") if isinstance(d, list) for e in d):
        for values in siteconfig.get(entry, "values") if isinstance(entry, Table) else ():
            found += siteconfig.get(values, "permalink") if isinstance(values, Table) else []
    return [str(p).strip() for p in found if isinstance(p, str) and p.strip()]


def layouts_dirs(path: str, text: str | None) -> list[str]:
    """The folders a config may name for its layouts (`layouts_dir`), from the site's
    root: any config (a build may name it: `--config _config.yml,prod.yml`), read
    from its folder and from the top, under its `source` or not (each is a folder of
    layouts the gate reads: one more only adds layouts a page may be put in)."""
    from receipt_gate.reading import siteconfig

    if text is None or "layouts_dir" not in text:
        return []
    doc = siteconfig.document(path, text)
    if not isinstance(doc, Table):
        return []
    named = [str(d).strip().strip("/") for d in siteconfig.get(doc, "layouts_dir")]
    named = [d for d in named if d]
    sources = ["", *(str(d).strip() for d in siteconfig.get(doc, "source") if str(d).strip())]
    out = {
        posixpath.normpath(posixpath.join(top, source, d))
        for top in {posixpath.dirname(path), ""}
        for source in sources
        for d in named
    }
    return sorted(d for d in out if d not in (".", "..") and not d.startswith(("../", "/")))


class Config:
    """What _config.yml says about which files are pages."""

    def __init__(self, root: str, read: Callable[[str], str | None]) -> None:
        from receipt_gate.reading import siteconfig

        doc = siteconfig.document(f"{root}_config.yml", read(f"{root}_config.yml") or "")
        table = doc if isinstance(doc, Table) else Table()

        def words(key: str) -> list[str]:
            got = (siteconfig.get(table, key) or [None])[-1]
            items = got.split(",") if isinstance(got, str) else got if isinstance(got, list) else []
            return [str(x).strip().strip("/") for x in items if str(x).strip()]

        self.include = words("include")
        self.exclude = words("exclude")
        self.markdown = tuple(
            dict.fromkeys([*MARKDOWN, *(e.lstrip(".") for e in words("markdown_ext"))])
        )
        self.collections = sorted(
            {
                posixpath.basename(posixpath.normpath(f.strip()))
                for f, _, _ in folders(doc)
                if isinstance(f, str) and f.strip() and f.strip() not in (".", "./")
            }
        )
        # The folders of the collections it renders, from the site's root (under
        # collections_dir and source).
        self.collection_folders = sorted(
            posixpath.normpath(f.strip().strip("/"))
            for f, pages, _ in folders(doc)
            if pages and isinstance(f, str) and f.strip().strip("/")
        )


def site(
    root: str, paths: Sequence[str], files: Sequence[str], read: Callable[[str], str | None]
) -> Layout:
    """The Layout of a Jekyll site rooted at `root` (a folder with a `/`, or "")."""
    from receipt_gate.base import wildmatch

    cfg = Config(root, read)
    pages = (*cfg.markdown, "html", "htm", "txt", "textile", *_TEXT)
    drafts = [f"{root}**/{d}/**/*.{any_case(e)}" for d in ("_posts", "_drafts") for e in pages]
    drafts += _pages(root, paths, cfg)
    # (a post written in HTML is a post: its title and body are ours, round 57)
    articles = [f"{root}**/_posts/**/*.{any_case(e)}" for e in (*cfg.markdown, "html", "htm")]
    # What Jekyll publishes is every such file but what the globs leave out on purpose: a
    # README or an AGENTS.md too (copied as it is, or rendered), unless excluded.
    published = [
        p for p in paths if p.lower().rsplit(".", 1)[-1] in pages and not _NEVER.search("/" + p)
    ]
    drafts += _hidden(leave_out(drafts, paths, published), root, paths, cfg.include)
    articles += leave_out(articles, paths, files)
    # Jekyll reads a _drafts/ folder in the site's folders, never one inside _posts/
    # (_posts/sub/_drafts/x.md is a post it publishes) or a collection (it renders its
    # _drafts/ as pages). Its `published: false` is no marker here: Jekyll reads only
    # YAML, so a TOML `published = false` publishes.
    held = [
        f"{root}**/_drafts/**",
        f"!{root}**/_posts/**",
        *(f"!{root}**/{c}/**" for c in cfg.collections),
    ]
    return Layout(
        f"a Jekyll site{' at ' + root if root else ''}",
        drafts,
        articles,
        {"paths": held},
        len(wildmatch.select(drafts, files)),
        docs_folders(files),
    )


def _pages(root: str, paths: Sequence[str], cfg: Config) -> list[str]:
    """Globs for the pages Jekyll publishes outside _posts/ and _drafts/: its markdown
    and HTML anywhere in the site, but in a folder or file whose name starts with `_`
    (Jekyll reads none) unless `include` names it or it is a collection Jekyll renders,
    and what `exclude` names."""
    kept = {"_posts", "_drafts", *cfg.collections, *cfg.include}
    skipped = sorted(
        {
            *(s for s in _SPECIAL if s not in kept),
            *(
                part
                for p in paths
                if p.startswith(root)
                for part in p[len(root) :].split("/")[:-1]
                if part.startswith("_") and part not in kept
            ),
        }
    )
    out = [
        *(
            f"{root}**/*.{any_case(e)}"
            for e in (*cfg.markdown, "html", "htm", "xhtml", "xht", "shtml")
        ),
        *(f"!{root}**/{part}/**" for part in skipped),
    ]
    if not any(i.startswith("_") and "." in i for i in cfg.include):
        out.append(f"!{root}**/_*.*")  # a file whose name starts with `_`
    for x in cfg.exclude:  # (Jekyll's are fnmatch patterns, relative to the site)
        out += [f"!{root}{x}", f"!{root}{x}/**"]
    return out


def _hidden(
    globs: Sequence[str], root: str, paths: Sequence[str], include: Sequence[str]
) -> list[str]:
    """leave_out's `!` globs, where the config's `include:` names hidden entries
    (`.well-known`, `.notes`: Jekyll builds them, an entry's name read as a prefix)
    without those that leave every hidden folder out: only the hidden folders the tree
    holds at the site's top that it does not include, and those below the top."""
    from receipt_gate.base import wildmatch

    dots = [i for i in include if i.startswith(".")]
    if not dots:
        return list(globs)
    tops = sorted(
        {
            p[len(root) :].split("/")[0]
            for p in paths
            if p.startswith(f"{root}.") and "/" in p[len(root) :]
        }
    )
    return [
        *(g for g in globs if not g.startswith("!.") and g not in ("!**/.*/**",)),
        f"!{root}*/**/.*/**",
        *(f"!{wildmatch.escape(root + t)}/**" for t in tops if not t.startswith(tuple(dots))),
    ]


def folders(doc: object) -> list[tuple[object, bool, bool]]:
    """(folder, pages, theme): Jekyll's source, collections_dir, and each collection it
    renders (`output`), whose pages sit in its folder."""
    from receipt_gate.reading.siteconfig import get, is_off

    if not isinstance(doc, Table):
        return [(None, False, False)]
    source = (get(doc, "source") or [""])[-1]
    where = (get(doc, "collections_dir") or [""])[-1]
    if not isinstance(source, str) or not isinstance(where, str):
        return [(None, False, False)]
    base = "/".join(p for p in (source.strip("/"), where.strip("/")) if p)
    out: list[tuple[object, bool, bool]] = [(source, False, False)] if source.strip() else []
    for coll in get(doc, "collections"):
        if coll is None or isinstance(coll, list):
            continue  # none, or a list of names: no options, so no output
        if not isinstance(coll, Table):
            return [(None, False, False)]
        out += [
            (f"{base}/_{c}" if base else f"_{c}", True, False)
            for c, v in coll
            if c != "posts"
            and isinstance(v, Table)
            and not all(is_off(o) for o in get(v, "output"))
        ]
    return out


# A build command's options naming the folder its pages come from.
COMMAND_FOLDER = lazyre.compile(
    r"""(?:^|[\s;&|"'])jekyll\b[^\n;&|]{0,200}?\s(?:-s|--source)(?:=|\s+)["']?([^\s"';&|]+)"""
)


def command_folders(text: str, bare: str) -> list[tuple[str, bool]]:
    return [(m.group(1), False) for m in COMMAND_FOLDER.finditer(bare)]


# What Jekyll renders as a page beside markdown and HTML: any file whose front matter
# (its own, or what the config's defaults give its path) gives it an HTML address
# (`permalink: /notes.html` on notes.txt; a collection document's address ending in
# `/`). Binary files and what Jekyll never reads are not looked into.
_NOT_PAGES = lazyre.compile(
    r"(?i)\.(?:md|markdown|mkdn|mkd|mdown|html?|xhtml|png|jpe?g|gif|webp|avif|ico|bmp|pdf"
    r"|woff2?|ttf|otf|eot|zip|gz|tgz|mp[34]|webm|ogg|wasm|lock)$"
    r"|(?:^|/)(?:node_modules|vendor|Gemfile)(?:/|$)"
)
_HTML_ADDRESS = lazyre.compile(r"(?i)\.(?:html?|xhtml|shtml)$")


def unread_pages(
    configs: Sequence[str],
    read_all: Callable[[list[str]], Mapping[str, str | None]],
    listed: Callable[[list[str]], list[str]],
    gated: Callable[[str], bool],
) -> str | None:
    """A line naming a file of a Jekyll site (where a `_config.yml` is) that is no
    markdown or HTML but that Jekyll renders to an HTML page (its front matter's
    permalink, or one the config's defaults give, names an `.html` address; a document
    of a rendered collection, one ending in `/`), where drafts gates it not; else
    None. What the config excludes, and `_` folders but collections, Jekyll never
    reads."""
    from receipt_gate.base import wildmatch

    def read(path: str) -> str | None:
        return read_all([path]).get(path)

    for config in sorted(configs):
        root = posixpath.dirname(config)
        base = f"{root}/" if root else ""
        cfg = Config(base, read)
        given = [(p, v) for p, k, v in default_values(config, read(config)) if k == "permalink"]
        kept = {"_posts", "_drafts", *cfg.collections, *cfg.include}
        pages = [f"!**/*.{any_case(e)}" for e in ("md", "markdown", "html")]
        found = [
            path
            for path in listed([wildmatch.escape(base) + "**", *pages])
            if not _never(path[len(base) :], cfg, kept) and not gated(path)
        ]
        texts = read_all(found)  # (one batch)
        links = _collection_permalinks(config, read(config))
        for path in found:
            rel = path[len(base) :]
            folder = next((f for f in cfg.collection_folders if rel.startswith(f + "/")), None)
            collection = folder is not None
            defaults = [v for p, v in given if path.startswith(p)]
            if folder is not None:
                defaults[:0] = links.get(posixpath.basename(folder), [])
            address = _address(path, texts.get(path), defaults)
            if address and (
                _HTML_ADDRESS.search(address) or (collection and address.endswith("/"))
            ):
                return (
                    f"{path}: Jekyll renders it to an HTML page (its permalink {address}),"
                    " where drafts gates it not: add it to drafts"
                )
    return None


def _never(rel: str, cfg: Config, kept: set[str]) -> bool:
    """Is this file one Jekyll never renders (what `exclude` names, a `_` folder but a
    collection, a binary file)?"""
    import fnmatch

    parts = rel.split("/")
    return bool(
        _NOT_PAGES.search(rel)
        or (
            any(x[:1] in "_.#" and x not in kept for x in parts[:-1])
            and not any(rel.startswith(f + "/") for f in cfg.collection_folders)
        )
        or parts[-1][:1] in "_.#"
        or any(
            rel == e or rel.startswith(e + "/") or fnmatch.fnmatchcase(rel, e) for e in cfg.exclude
        )
    )


def _address(path: str, text: str | None, given: Sequence[str]) -> str | None:
    """The permalink a file with front matter is given (its own, else a default's)."""
    from receipt_gate.reading.frontmatter import read as front_matter

    if not text or not text.startswith("---"):
        return None
    try:
        own = front_matter(text, path).fields.get("permalink")
    except GateError:
        return "?.html"  # (a front matter the gate cannot read: may name any)
    named = own if isinstance(own, str) else given[-1] if given else None
    return str(named).strip() if named else None


def _collection_permalinks(path: str, text: str | None) -> dict[str, list[str]]:
    """`_name` -> the permalink a config's `collections:` gives its documents."""
    from receipt_gate.reading import siteconfig

    doc = siteconfig.document(path, text or "") if text and "collections" in text else None
    out: dict[str, list[str]] = {}
    for coll in siteconfig.get(doc, "collections") if isinstance(doc, Table) else ():
        for name, options in coll if isinstance(coll, Table) else ():
            for link in siteconfig.get(options, "permalink") if isinstance(options, Table) else ():
                out.setdefault(f"_{name}", []).append(str(link))
    return out
