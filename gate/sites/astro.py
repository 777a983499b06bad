"""Astro (and Starlight, its docs theme): the pages of `src/content/` (.md, .mdx,
.markdoc, in any case), `draft: true` its marker."""

from __future__ import annotations

from typing import TYPE_CHECKING

from receipt_gate.sites.layout import Layout, section, site, under

if TYPE_CHECKING:
    from receipt_gate.sites.layout import Repo

KIND = "astro"
NAME = "Astro"
EXTS = (".md", ".mdx", ".markdoc")


def detect(repo: Repo) -> Layout | None:
    if not under(repo.files, "src/content"):
        return None
    folder = section(repo.files, "src/content")
    return site(
        "an Astro site",
        folder,
        repo.files,
        repo.paths,
        {"front_matter": {"draft": True}},
        exts=EXTS,
        content="src/content",
    )
