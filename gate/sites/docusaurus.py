"""Docusaurus (docusaurus.config.{js,ts,mjs,cjs}): every .md and .mdx but partials (a
file or folder whose name starts with `_`), node_modules/ and the build: docs plugins
may be several, their `path:` anywhere, translations sit under i18n/, and
versioned_docs/ is published too. `draft: true` is its marker (`unlisted: true`
ships). The articles are what its default plugins surely build.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from receipt_gate.base import lazyre
from receipt_gate.sites.layout import Layout, leave_out, under

if TYPE_CHECKING:
    from receipt_gate.sites.layout import Repo

KIND = "docusaurus"
NAME = "Docusaurus"
CONFIGS = (
    "docusaurus.config.js",
    "docusaurus.config.ts",
    "docusaurus.config.mjs",
    "docusaurus.config.cjs",
)
CONFIG = lazyre.compile(r"^docusaurus\.config\.[cm]?[jt]s$")
_PARTIALS = ("!**/_*", "!**/_*/**")  # partials, by name


def detect(repo: Repo) -> Layout | None:
    every = set(repo.paths)
    for name in CONFIGS:
        if name in every:
            return _docusaurus(repo.paths, repo.files)._replace(configs=(name,))
    return None


def _docusaurus(paths: Sequence[str], files: Sequence[str]) -> Layout:
    """Every .md and .mdx of the site but partials and what is no page (node_modules,
    the build): its docs plugins may be several, their `path:` anywhere, translations
    under i18n/, and versioned_docs/ edited, so the gate does not guess which folders
    a config names."""
    from receipt_gate.base import wildmatch

    drafts = [
        "**/*.md",
        "**/*.mdx",
        *_PARTIALS,
        "!**/node_modules/**",
        "!build/**",
        "!.docusaurus/**",
    ]
    drafts += leave_out(drafts, paths, files)
    # (the pages it copies from static/ as they are: a reader opens them like any)
    drafts[:0] = [f"static/**/*.{e}" for e in ("html", "htm", "xhtml", "xht", "shtml")]
    excluded = [g for g in drafts if g.startswith("!")]
    # The articles (what supports a number) are what its default plugins surely build:
    # the blog's posts, or the docs, pages, versions and translations. A page elsewhere
    # is gated, and supports nothing (a plugin's `path:` may publish it: maybe not).
    built = ("docs", "src/pages", "versioned_docs", "i18n")
    articles = (
        ["blog/**/*.md", "blog/**/*.mdx", *excluded]
        if under(files, "blog")
        else [*(f"{d}/**/*{e}" for d in built for e in (".md", ".mdx")), *excluded]
    )
    return Layout(
        "a Docusaurus site",
        drafts,
        articles,
        {"front_matter": {"draft": True}},
        len(wildmatch.select(drafts, files)),
        [f"docs/**/*{e}" for e in (".md", ".mdx")] if under(files, "docs") else [],
    )
