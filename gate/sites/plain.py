"""No generator this gate knows: this tool's own layout (`drafts/` apart from
`posts/`), a blog's `posts/` folder, or the markdown where most of it is. Only markdown
pages are gated (never a script, a config, or receipt-gate's own files), and no draft
marker is assumed: nothing known unpublishes a page, so a status before gate_from is
what holds one back.
"""

from __future__ import annotations

import collections
from typing import TYPE_CHECKING

from receipt_gate.sites.layout import Layout, docs_folders, globs_for, site, under

if TYPE_CHECKING:
    from receipt_gate.sites.layout import Repo

KIND = "plain"
NAME = "no generator"


def detect(repo: Repo) -> Layout:
    files, paths = repo.files, repo.paths
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
