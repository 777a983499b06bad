"""Where a repository keeps its writing, and how it marks a draft: what `init` detects.

Known layouts, first match wins: a site known by its generator's config file
(Eleventy, Docusaurus: gate.reading.generators), Jekyll (`_posts/`, `_drafts/`),
Astro (`src/content/`, `draft: true`), Hugo (`content/`, `draft: true`, headless
bundles left out), MkDocs (`mkdocs.yml`, its docs_dir, the blog plugin's posts), this
tool's own (`drafts/` and `posts/`); anything else is gated where most of its markdown
is. On a site, the posts are both what the gate holds and the articles
headline-numbers judges by (each against the others), and the site's draft marker is
a state before gate_from.
"""

from __future__ import annotations

import collections
from collections.abc import Callable, Sequence

from receipt_gate.reading.sitefiles import EXTS as EXTS
from receipt_gate.reading.sitefiles import Layout as Layout
from receipt_gate.reading.sitefiles import (
    any_case,
    docs_folders,
    globs_for,
    site,
    under,
    writing,
)

_POST_SECTIONS = ("posts", "post", "blog", "articles", "news")




# What each generator renders as a page: gated whether a file of the kind is there yet
# or not (a .markdown or .html page added later is published too).
HUGO_EXTS = (".md", ".markdown", ".mdown", ".mkdn", ".mkd", ".html", ".htm", ".org",
             ".adoc", ".asciidoc", ".ad", ".pandoc", ".pdc", ".rst")
# Of those, what Hugo reads as content (front matter and all), in exactly this case.
HUGO_CONTENT = (".md", ".markdown", ".mdown", ".html", ".htm", ".org", ".adoc", ".asciidoc",
                ".ad", ".pandoc", ".pdc", ".rst")


# What a browser shows as a page when a generator copies it as it is.
PAGES = ("html", "htm", "xhtml", "xht", "shtml")
CONFIG_EXTS = (".toml", ".yaml", ".yml", ".json")
MKDOCS_EXTS = (".md", ".markdown", ".mdown", ".mkdn", ".mkd")


ASTRO_EXTS = (".md", ".mdx", ".markdoc")


def copied(layout: Layout, folder: str, files: Sequence[str]) -> Layout:
    """The layout with the HTML pages its generator copies from `folder` as they are
    (Hugo's static/, MkDocs' docs folder, Docusaurus' static/) gated too: a reader
    opens them like any page."""
    from receipt_gate.base import wildmatch

    where = f"{folder}/**" if folder else "**"
    pages = [f"{where}/*.{any_case(e)}" for e in PAGES]
    drafts = list(dict.fromkeys([*(g for g in layout.drafts if not g.startswith("!")), *pages,
                                 *(g for g in layout.drafts if g.startswith("!"))]))
    return layout._replace(drafts=drafts, found=len(wildmatch.select(drafts, files)))


def _hugo_static(paths: Sequence[str], read: Callable[[str], str | None],
                 sub: str = "") -> list[str]:
    """The folders a Hugo site copies as they are: static/, or what its config names
    (staticDir, staticDir0-10, a mount whose target is static); "" for one the gate
    cannot read plainly (then every folder counts)."""
    import re

    from receipt_gate.reading import siteconfig

    out: list[str] = []
    top = re.compile(rf"^{re.escape(sub)}(?:(?:hugo|config)\.(?:toml|ya?ml|json)$|config/)")
    for path in (p for p in paths if top.match(p) and p.endswith(CONFIG_EXTS)):
        doc = siteconfig.document(path, read(path) or "")
        named: list[object] = [v for k, v, _ in siteconfig.pairs(doc)
                               if re.fullmatch(r"staticdir(?:10|\d)?", k)]
        named += [s for k, v, t in siteconfig.pairs(doc) if k == "target"
                  and isinstance(v, str) and re.match(r"static(?:/|$)", v.strip("/"))
                  for s in siteconfig.get(t, "source") or [None]]
        for v in (x for n in named for x in (n if isinstance(n, list) else [n])):
            out.append(f"{sub}{v.strip().strip('/')}" if isinstance(v, str) and v.strip()
                       and not {"..", "$"} & set(re.split(r"[/{]", v)) else "")
        # A theme's or a module's own static folder is copied too.
        bases = [t for t in siteconfig.values(doc, "themesdir") if isinstance(t, str)]
        themes = [t for v in siteconfig.values(doc, "theme")
                  for t in (v if isinstance(v, list) else [v])]
        themes += siteconfig.values_within(doc, "imports", "path")
        out += [f"{sub}{b.strip('/')}/{t.strip('/')}/static" if isinstance(t, str) else ""
                for t in themes for b in bases or ["themes"]]
    return list(dict.fromkeys(out or [f"{sub}static"]))


def _hugo_below(paths: Sequence[str], files: Sequence[str]) -> str:
    """The folder a Hugo site sits in, one level down (its config and content/ there),
    or ""."""
    every = set(paths)
    for folder in sorted({p.split("/", 1)[0] for p in files if p.count("/") >= 2}):
        if under(files, f"{folder}/content") and any(
                f"{folder}/{name}.{e}" in every for name in ("hugo", "config")
                for e in ("toml", "yaml", "yml", "json")):
            return folder
    return ""


def _section(files: Sequence[str], content: str) -> str:
    """The posts section of a content folder (content/posts, content/en/blog...), or the
    content folder itself."""
    counts: collections.Counter[str] = collections.Counter()
    for p in under(files, content):
        parts = p[len(content) + 1 :].split("/")
        for i, part in enumerate(parts[:-1][:2]):
            if part in _POST_SECTIONS and not parts[-1].startswith("_index"):
                counts["/".join([content, *parts[: i + 1]])] += 1
    return counts.most_common(1)[0][0] if counts else content


def detect(paths: Sequence[str], read: Callable[[str], str | None],
           run_dir: str = ".receipts") -> Layout:
    """The layout of a repository, from its file paths (and `read`, for a few small
    files: mkdocs.yml, Hugo's bundle index pages)."""
    files = writing(paths, run_dir)
    every = set(paths)
    from receipt_gate.reading.generators import detect as by_config

    found = by_config(paths, files, read)
    if found is not None:
        return found
    posts = collections.Counter(p[: p.index("_posts/")] for p in files if "_posts/" in p
                                and (p.startswith("_posts/") or "/_posts/" in p))
    if posts:
        # Jekyll reads _posts/ and _drafts/ in every folder of the site (categories), and
        # its markdown extensions whatever their case; _drafts/ is its notion of a draft.
        from receipt_gate.reading import jekyll

        return jekyll.site(min(posts, key=len), paths, files, read)
    if under(files, "src/content"):
        folder = _section(files, "src/content")
        return site("an Astro site", folder, files, paths, {"front_matter": {"draft": True}},
                     exts=ASTRO_EXTS, content="src/content")
    if under(files, "content"):
        # Every folder is gated, headless bundles and `build: {render: never}` cascades
        # too: what such a bundle holds is shown on the pages that include it, a branch
        # bundle's headless: true hides none of its pages, and a page overrides a cascade.
        folder = _section(files, "content")
        # Hugo reads front matter only in the content formats it knows, by their exact
        # extension (0.111): it copies posts/x.MD or x.mkd as it is, draft: true and all.
        read_in = [f"content/**/*{e}" for e in HUGO_CONTENT]
        hugo = site("a Hugo site", folder, files, paths,
                    {"front_matter": {"draft": True}, "front_matter_in": read_in},
                    (), HUGO_EXTS, content="content")
        for folder in ["content", *_hugo_static(paths, read)]:  # (a bundle's XHTML)
            hugo = copied(hugo, folder, files)
        return hugo
    sub = _hugo_below(paths, files)
    if sub:  # a Hugo site in a folder of its own (website/)
        read_in = [f"{sub}/content/**/*{e}" for e in HUGO_CONTENT]
        hugo = site(f"a Hugo site in {sub}/", _section(files, f"{sub}/content"), files,
                    paths, {"front_matter": {"draft": True}, "front_matter_in": read_in},
                    (), HUGO_EXTS, content=f"{sub}/content")
        for folder in [f"{sub}/content", *_hugo_static(paths, read, f"{sub}/")]:
            hugo = copied(hugo, folder, files)
        return hugo
    if "mkdocs.yml" in every or "mkdocs.yaml" in every:
        from receipt_gate.reading import siteconfig

        name = "mkdocs.yml" if "mkdocs.yml" in every else "mkdocs.yaml"
        doc = siteconfig.document(name, read(name) or "")
        docs = siteconfig.mkdocs_docs_dir(doc)
        # (a blog/posts folder is the blog's only where the plugin is on: MkDocs itself
        # publishes every page, a draft: true too)
        blog = under(files, f"{docs}/blog/posts") and siteconfig.mkdocs_blog(doc)
        # MkDocs publishes every page of docs_dir (it has no front-matter draft); the blog
        # plugin leaves out a post marked draft: true.
        # (The blog reads front matter in the pages MkDocs reads, by their exact extension:
        # it copies posts/x.MD as it is.)
        # (Only the blog reads a draft: true: a docs page so marked is published.)
        marker: dict[str, object] = {
            "front_matter": {"draft": True},
            "front_matter_in": [f"{docs}/blog/posts/**/*{e}" for e in MKDOCS_EXTS]}
        return copied(site("an MkDocs site", f"{docs}/blog/posts" if blog else docs, files,
                           paths, marker if blog else {}, exts=MKDOCS_EXTS, content=docs),
                      docs, files)
    if under(files, "drafts") or not files:
        from receipt_gate.base import wildmatch

        drafts, articles = globs_for("drafts", files), globs_for("posts", files)
        has_posts = bool(wildmatch.select(articles, files))
        return Layout("drafts/ and posts/", drafts, articles if has_posts else [], None,
                      len(wildmatch.select(drafts, files)), docs_folders(files))
    if under(files, "posts"):  # a blog with its posts and no drafts/ folder of ours
        return site("a blog in posts/", "posts", files, paths,
                     {"front_matter": {"draft": True}}, generator=False)
    tops = collections.Counter(p.split("/", 1)[0] if "/" in p else "" for p in files)
    top, n = tops.most_common(1)[0]
    folder = top if top and n * 10 >= len(files) * 6 else ""
    what = f"markdown under {folder}/" if folder else "markdown across the repository"
    return site(what, folder, files, paths, {"front_matter": {"draft": True}}, generator=False)


def elsewhere(layout: Layout, paths: Sequence[str]) -> list[str]:
    """The writing no glob of the layout's drafts names (what a `!` glob leaves out on
    purpose, a headless bundle, is not counted)."""
    from receipt_gate.base import wildmatch

    take = wildmatch.compile_globs(tuple(wildmatch.split(layout.drafts)[0]))
    return [p for p in writing(paths) if not take.fullmatch(wildmatch.view(p))]
