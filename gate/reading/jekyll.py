"""A Jekyll site as Jekyll publishes it: the posts, the drafts (its notion of a draft),
and every other page of the site, read from its _config.yml (`include`, `exclude`,
`markdown_ext`, collections it renders)."""

from __future__ import annotations

import posixpath
import re
from collections.abc import Callable, Sequence

from receipt_gate.base.yamlio import Table
from receipt_gate.reading.sitefiles import Layout, any_case, docs_folders, leave_out

MARKDOWN = ("markdown", "mkdown", "mkdn", "mkd", "md")  # Jekyll's default markdown_ext
# Other text Jekyll publishes from _posts/ (and _drafts/, with --drafts) for a reader.
_TEXT = ("xhtml", "xht", "shtml", "xml", "svg", "json", "rss", "atom", "php", "csv", "ics")
# Folders Jekyll itself reads for other ends (never pages), whether there yet or not.
_SPECIAL = ("_layouts", "_includes", "_data", "_sass", "_site", "_plugins", ".jekyll-cache")
# What no site publishes: dependencies, and the folder a build writes.
_NEVER = re.compile(r"(?:^|/)(?:node_modules|vendor|\.git|_site)/")


class Config:
    """What _config.yml says about which files are pages."""

    def __init__(self, root: str, read: Callable[[str], str | None]) -> None:
        from receipt_gate.reading import siteconfig

        doc = siteconfig.document(f"{root}_config.yml", read(f"{root}_config.yml") or "")
        table = doc if isinstance(doc, Table) else Table()

        def words(key: str) -> list[str]:
            got = (siteconfig.get(table, key) or [None])[-1]
            items = got.split(",") if isinstance(got, str) else got if isinstance(
                got, list) else []
            return [str(x).strip().strip("/") for x in items if str(x).strip()]

        self.include = words("include")
        self.exclude = words("exclude")
        self.markdown = tuple(dict.fromkeys([*MARKDOWN, *(e.lstrip(".") for e in
                                                          words("markdown_ext"))]))
        self.collections = sorted({posixpath.basename(f) for f, _, _ in
                                   siteconfig.folders("jekyll", "", doc) if f})


def site(root: str, paths: Sequence[str], files: Sequence[str],
         read: Callable[[str], str | None]) -> Layout:
    """The Layout of a Jekyll site rooted at `root` (a folder with a `/`, or "")."""
    from receipt_gate.base import wildmatch

    cfg = Config(root, read)
    pages = (*cfg.markdown, "html", "htm", "txt", "textile", *_TEXT)
    drafts = [f"{root}**/{d}/**/*.{any_case(e)}" for d in ("_posts", "_drafts") for e in pages]
    drafts += _pages(root, paths, cfg)
    articles = [f"{root}**/_posts/**/*.{any_case(e)}" for e in cfg.markdown]
    # What Jekyll publishes is every such file but what the globs leave out on purpose: a
    # README or an AGENTS.md too (copied as it is, or rendered), unless excluded.
    published = [p for p in paths if p.lower().rsplit(".", 1)[-1] in pages and not
                 _NEVER.search("/" + p)]
    drafts += [g for g in leave_out(drafts, paths, published) if not g.startswith("!.")
               or not any(i.startswith(".") for i in cfg.include)]
    articles += leave_out(articles, paths, files)
    # Jekyll reads a _drafts/ folder in the site's folders, never one inside _posts/
    # (_posts/sub/_drafts/x.md is a post it publishes) or a collection (it renders its
    # _drafts/ as pages). Its `published: false` is no marker here: Jekyll reads only
    # YAML, so a TOML `published = false` publishes.
    held = [f"{root}**/_drafts/**", f"!{root}**/_posts/**",
            *(f"!{root}**/{c}/**" for c in cfg.collections)]
    return Layout(f"a Jekyll site{' at ' + root if root else ''}", drafts, articles,
                  {"paths": held}, len(wildmatch.select(drafts, files)), docs_folders(files))


def _pages(root: str, paths: Sequence[str], cfg: Config) -> list[str]:
    """Globs for the pages Jekyll publishes outside _posts/ and _drafts/: its markdown
    and HTML anywhere in the site, but in a folder or file whose name starts with `_`
    (Jekyll reads none) unless `include` names it or it is a collection Jekyll renders,
    and what `exclude` names."""
    kept = {"_posts", "_drafts", *cfg.collections, *cfg.include}
    skipped = sorted({*(s for s in _SPECIAL if s not in kept),
                      *(part for p in paths if p.startswith(root)
                        for part in p[len(root):].split("/")[:-1]
                        if part.startswith("_") and part not in kept)})
    out = [*(f"{root}**/*.{any_case(e)}" for e in (*cfg.markdown, "html", "htm", "xhtml",
                                                   "xht", "shtml")),
           *(f"!{root}**/{part}/**" for part in skipped)]
    if not any(i.startswith("_") and "." in i for i in cfg.include):
        out.append(f"!{root}**/_*.*")  # a file whose name starts with `_`
    for x in cfg.exclude:  # (Jekyll's are fnmatch patterns, relative to the site)
        out += [f"!{root}{x}", f"!{root}{x}/**"]
    return out
