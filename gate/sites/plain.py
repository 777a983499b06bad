"""No generator this gate knows: this tool's own layout (`drafts/` apart from `posts/`),
a blog's `posts/` folder, or the writing where most of it is. Only pages are gated
(markdown, and where the writing has a folder of its own, the other kinds of page in
it: .html, .slide...), never a script, a config or receipt-gate's own files; and no
draft marker is assumed: nothing known unpublishes a page, so a status before gate_from
is what holds one back (`adopt --pre-gate`), and `init` says it cannot tell what the
site's own build publishes.
"""

from __future__ import annotations

import collections
import posixpath
from typing import TYPE_CHECKING

from receipt_gate.sites.layout import (
    PAGE_LIKE,
    Layout,
    docs_folders,
    globs_for,
    leave_out,
    under,
    writing,
)

if TYPE_CHECKING:
    from receipt_gate.sites.layout import Repo

KIND = "plain"
NAME = "no generator"


def detect(repo: Repo) -> Layout:
    from receipt_gate.base import wildmatch

    files, paths = repo.files, repo.paths
    if under(files, "drafts") or not files:
        drafts, articles = globs_for("drafts", files), globs_for("posts", files)
        has_posts = bool(wildmatch.select(articles, files))
        return Layout(
            "drafts/ and posts/",
            drafts,
            articles if has_posts else [],
            None,
            len(wildmatch.select(drafts, files)),
            docs_folders(files),
        )
    if under(files, "posts"):  # a blog with its posts and no drafts/ folder of ours
        folder, what = "posts", "a blog in posts/"
    else:
        tops = collections.Counter(p.split("/", 1)[0] if "/" in p else "" for p in files)
        top, n = tops.most_common(1)[0]
        folder = top if top and n * 10 >= len(files) * 6 else ""
        what = f"markdown under {folder}/" if folder else "markdown across the repository"
    # In a folder of its own, what else there has a page's kind is taken as a page too
    # (a site's own generator renders its .html and .slide beside its .md); across the
    # whole repository, markdown alone (an .html there may be a template, a report).
    pages = writing(paths, repo.run_dir, PAGE_LIKE) if folder else files
    base = f"{folder}/" if folder else ""
    kinds = sorted({posixpath.splitext(p)[1] for p in pages if p.startswith(base)})
    drafts = [f"{base}**/*{e}" for e in kinds or [".md"]]
    if set(kinds) - {".md", ".markdown", ".mdx"}:
        what = f"pages under {folder}/ ({', '.join(kinds)})"
    drafts += leave_out(drafts, paths, pages)
    articles = [
        g for g in drafts if not g.startswith("!") and g.endswith((".md", ".markdown", ".mdx"))
    ]
    articles += [g for g in drafts if g.startswith("!")]
    return Layout(
        what, drafts, articles, None, len(wildmatch.select(drafts, pages)), docs_folders(files)
    )
