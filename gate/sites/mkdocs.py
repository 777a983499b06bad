"""MkDocs: every page of its docs_dir (it has no front-matter draft of its own: a
`draft: true` page is published), and the pages it copies as they are; with Material's
blog plugin, the blog's posts are the articles and `draft: true` holds a post back.
What its default `exclude_docs` leaves out (`.*`, `/templates/`) is gated and is no
article or documentation.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from receipt_gate.base import lazyre
from receipt_gate.sites.layout import Layout, copied, site, under

if TYPE_CHECKING:
    from receipt_gate.sites.layout import Repo

KIND = "mkdocs"
NAME = "MkDocs"
CONFIG = lazyre.compile(r"(?:^|/)mkdocs\.[^/]*$")
EXTS = (".md", ".markdown", ".mdown", ".mkdn", ".mkd")
CONFIG_OPTIONS = {"-f": "one", "--config-file": "one"}  # a build command's, naming its config
# Its configs wherever a site sits, read for what they leave out of the build.
CONFIG_GLOBS = ("**/mkdocs.yml", "**/mkdocs.yaml")


def held_by_config(path: str, text: str | None, named: bool | str = False) -> list[str]:
    """What an MkDocs config leaves out of `mkdocs build` (its `exclude_docs` and
    `draft_docs`: .gitignore lines from its docs_dir, the last line that matches a page
    deciding), as held entries: those pages support nothing; a value the gate cannot
    read as text (`!ENV [NAME, default]`: the build's environment decides) holds every
    page. `named`, a folder: the file is inherited (INHERIT) by the config in that
    folder, whose docs_dir it is."""
    from receipt_gate.base.yamlio import Table
    from receipt_gate.reading.siteconfig import document, get
    from receipt_gate.sites.layout import held_globs, held_lines

    if text is None or not ("exclude_docs" in text or "draft_docs" in text):
        return []
    doc = document(path, text)
    if not isinstance(doc, Table):
        return []
    if re.search(r"(?m)^[ \t]*[\"']?(?:exclude|draft)_docs[\"']?[ \t]*:[ \t]*!", text):
        return [held_globs(["**"])]  # (a tag: `!ENV`, what the build's environment gives)
    folder = named if isinstance(named, str) else posixpath.dirname(path)
    docs = posixpath.normpath(posixpath.join(folder, docs_dir(doc)))
    base = "" if docs == "." else f"{docs}/"
    out = []
    for key in ("exclude_docs", "draft_docs"):
        for value in get(doc, key):
            if value is None or value is False:
                continue
            if not isinstance(value, str):
                return [held_globs(["**"])]
            held = held_lines(base, value.splitlines())
            out += [held] if held is not None else []
    return out


def detect(repo: Repo) -> Layout | None:
    """Every MkDocs config in the repository (mkdocs.yml at the top, or in a folder of
    its own: docs/en/mkdocs.yml, one per language, each INHERITing another), each with
    its docs_dir, relative to its own folder; not a theme's, a dependency's or a hidden
    folder's."""
    from receipt_gate.reading import siteconfig
    from receipt_gate.sites.layout import config_place, merge, project_sites

    configs = sorted(
        project_sites(
            [
                p
                for p in repo.paths
                if CONFIG.search(p) and p.endswith((".yml", ".yaml")) and config_place(p)
            ]
        ),
        key=lambda p: (p.count("/"), p),
    )
    if not configs:
        return None
    texts = {p: repo.read(p) or "" for p in configs}
    docs = {p: siteconfig.document(p, t) for p, t in texts.items()}
    found = []
    for config in configs:
        folder = posixpath.dirname(config)
        parents = [docs[q] for q in inherited(config, texts[config]) if q in docs]
        own = docs[config]
        named = [d for d in (own, *parents) if siteconfig.values(d, "docs_dir")]
        where = posixpath.normpath(posixpath.join(folder, docs_dir(named[0] if named else own)))
        found.append(_one(repo, where, any(blog(d) for d in (own, *parents))))
    where_all = [posixpath.dirname(c) or "." for c in configs]
    if len(configs) == 1:
        name = f"an MkDocs site in {where_all[0]}/" if where_all[0] != "." else "an MkDocs site"
    else:
        shown = ", ".join(f"{w}/" for w in where_all[:4]) + (", ..." if len(configs) > 4 else "")
        name = f"an MkDocs site ({len(configs)} configs: {shown})"
    from receipt_gate.base import wildmatch

    layout = merge(found, name, repo.files)._replace(configs=tuple(configs))
    # A config's nav: titles the site shows (gate.sites.builds.nav_titles)
    layout = layout._replace(articles=[*layout.articles, *map(wildmatch.escape, configs)])
    # What pymdownx.snippets puts into every page is gated as a page is.
    present = set(repo.paths)
    appended = [
        posixpath.normpath(posixpath.join(posixpath.dirname(c), str(f)))
        for c in configs
        for f, _, theme in folders(docs[c])
        if theme
    ]
    extra = sorted({wildmatch.escape(f) for f in appended if f in present})
    return layout._replace(drafts=[*layout.drafts, *extra]) if extra else layout


def _one(repo: Repo, docs: str, with_blog: bool) -> Layout:
    """The pages of one docs folder: every page MkDocs renders (it has no front-matter
    draft), and those it copies as they are; with the blog plugin on and posts there,
    the blog's posts are the articles and its `draft: true` (read in the pages MkDocs
    reads, by their exact extension: it copies posts/x.MD as it is) holds one back."""
    files, paths = repo.files, repo.paths
    blog_here = with_blog and bool(under(files, f"{docs}/blog/posts"))
    marker: dict[str, object] = {
        "front_matter": {"draft": True},
        "front_matter_in": [f"{docs}/blog/posts/**/*{e}" for e in EXTS],
    }
    layout = copied(
        site(
            "an MkDocs site",
            f"{docs}/blog/posts" if blog_here else docs,
            files,
            paths,
            marker if blog_here else {},
            exts=EXTS,
            content=docs,
        ),
        docs,
        files,
    )
    # What MkDocs never builds (its default exclude_docs: `.*`, `/templates/`) is still
    # gated, but it supports and documents nothing.
    unbuilt = [f"!{docs}/templates/**", f"!{docs}/**/.*", f"!{docs}/**/.*/**"]
    return layout._replace(
        articles=[*layout.articles, *unbuilt],
        pages=None if layout.pages is None else [*layout.pages, *unbuilt],
    )


def publishing(doc: object) -> list[str]:
    """What in an MkDocs config publishes the posts marked draft: the blog plugin's
    `draft: true`, or no blog plugin at all (MkDocs itself reads no draft: true)."""
    from receipt_gate.reading.siteconfig import is_off, shown, values_within

    out = [
        f"plugins: blog: draft = {shown(v)}"
        for v in values_within(doc, "plugins", "draft")
        if not is_off(v)
    ]
    if not blog(doc):
        out.append("no blog plugin (the one that holds back a draft: true post)")
    return out


def blog(doc: object) -> bool:
    """Does this MkDocs config turn on Material's blog plugin (`blog`, `material/blog`,
    not `enabled: false`)?"""
    from receipt_gate.base.yamlio import Table
    from receipt_gate.reading.siteconfig import get, is_off, values

    for plugins in values(doc, "plugins"):
        items = plugins if isinstance(plugins, list) else [plugins]
        for item in items:
            if isinstance(item, str) and item.split("/")[-1] == "blog":
                return True
            if isinstance(item, Table):
                for name, options in item:
                    if name.split("/")[-1] == "blog" and not (
                        isinstance(options, Table)
                        and any(is_off(v) for v in get(options, "enabled"))
                    ):
                        return True
    return False


def nav_titles(path: str, text: str) -> list[tuple[str, str]]:
    """What the site shows as titles from its config's `nav:`, each with the page it
    titles ("" for none): a page's name in the navigation and its <title>, a section's
    name."""
    from receipt_gate.base import yamlio
    from receipt_gate.base.yamlio import Table
    from receipt_gate.reading.siteconfig import values

    if "nav" not in text:
        return []
    try:
        doc = yamlio.settings(text)
    except (ValueError, RecursionError, TypeError):
        return []  # (a config the gate cannot read plainly is refused elsewhere)
    out: list[tuple[str, str]] = []
    folder = posixpath.join(posixpath.dirname(path), docs_dir(doc))
    todo: list[object] = list(values(doc, "nav"))
    while todo and len(out) < 100_000:
        node = todo.pop()
        if isinstance(node, list):
            todo.extend(reversed(node))
        elif isinstance(node, Table):
            for key, value in node:
                page = isinstance(value, str) and "://" not in value and value.strip()
                out.append(
                    (str(key), posixpath.normpath(posixpath.join(folder, page)) if page else "")
                )
                todo.append(value)
    return out


def docs_dir(doc: object) -> str:
    """The docs folder an MkDocs config names (an `!ENV [VAR, default]` by its default),
    as a clean relative path; "docs" when it names none."""
    from receipt_gate.reading.siteconfig import values

    for v in values(doc, "docs_dir"):
        v = v[-1] if isinstance(v, list) and v else v
        if isinstance(v, str) and v.strip():
            return posixpath.normpath(v.strip()).strip("/")
    return "docs"


def folders(doc: object) -> list[tuple[object, bool, bool]]:
    """(folder, pages, theme): the docs_dir it names (another tool's, pyproject's, is no
    site's: only an MkDocs config is asked), and each file pymdownx.snippets appends or
    prepends to every page (`auto_append`), under each of its `base_path`s (as a theme's:
    where the repository holds it)."""
    from receipt_gate.reading.siteconfig import values, values_within

    def strings(found: list[object]) -> list[str]:
        flat = [x for v in found for x in (v if isinstance(v, list) else [v])]
        return [x for x in flat if isinstance(x, str) and x.strip()]

    appended = strings(values_within(doc, "markdown_extensions", "auto_append"))
    bases = strings(values_within(doc, "markdown_extensions", "base_path")) or ["."]
    return [
        *((v, False, False) for v in values(doc, "docs_dir")),
        *((posixpath.join(b, f), False, True) for f in appended for b in bases),
    ]


def inherited(path: str, text: str) -> list[str]:
    """The configs this one INHERITs (relative to its folder); "" for one the gate cannot
    name (outside the repository, not a string)."""
    from receipt_gate.reading.siteconfig import document, values

    if "INHERIT" not in text:
        return []
    out = []
    for base in values(document(path, text), "inherit"):
        name = (
            posixpath.normpath(posixpath.join(posixpath.dirname(path), base))
            if isinstance(base, str)
            else ""
        )
        out.append("" if name.startswith(("/", "../")) or name == ".." else name)
    return out


_DOCS_DIR = lazyre.compile(r"""(?m)^[ \t]*["']?docs_dir["']?[ \t]*:[ \t]*["']?([^"'\s#]*)""")


def text_folders(kind: str, path: str, text: str) -> list[tuple[str, bool]]:
    """A docs_dir a YAML config names, read plainly (a config read two ways gates more)."""
    if not path.endswith((".yml", ".yaml")):
        return []
    return [(m.group(1), False) for m in _DOCS_DIR.finditer(text)]


def drops_footnotes(paths: Sequence[str], read: Callable[[str], str | None]) -> bool:
    """Does an MkDocs config here render `[^1]:` as no footnote? Python-Markdown reads
    footnotes only with the `footnotes` extension; without it a footnote's definition is
    a link's, its text a title attribute (round 62)."""
    configs = [p for p in paths if posixpath.basename(p) in ("mkdocs.yml", "mkdocs.yaml")]
    return any("footnotes" not in (read(p) or "") for p in configs)
