"""Sites known by their generator's config file: Eleventy and Docusaurus. What each
publishes is read as the generator reads it, so that init gates every page it ships
and nothing it does not (a partial, an ignored file, a frozen copy of old docs).

Eleventy (eleventy.config.{js,cjs,mjs,ts}, .eleventy.js): every template under its input
folder (`dir.input`, default the root), except the includes, layouts and data folders,
the output, `node_modules/`, and what `.eleventyignore` names. Eleventy has no draft
marker of its own: `permalink: false` is what keeps a page from being written, and
`draft: true` counts only where the config adds the drafts preprocessor. Ignores the
config adds in code (`eleventyConfig.ignores.add(...)`) are not read: they are often
conditional (production or not), so a page they leave out may still ship; it stays gated.

Docusaurus (docusaurus.config.{js,ts,mjs,cjs}): docs/, blog/ and src/pages/, .md and
.mdx, without what its plugins exclude (a file or folder whose name starts with `_`: a
partial). versioned_docs/ holds frozen copies of docs/ at each release: left out, with
a comment saying so. `draft: true` is its marker (`unlisted: true` still ships).
"""

from __future__ import annotations

import collections
import posixpath
import re
from collections.abc import Callable, Sequence

from receipt_gate.reading.sitefiles import Layout, docs_folders, leave_out, under

ELEVENTY_CONFIGS = ("eleventy.config.js", "eleventy.config.cjs", "eleventy.config.mjs",
                    "eleventy.config.ts", ".eleventy.js")
DOCUSAURUS_CONFIGS = ("docusaurus.config.js", "docusaurus.config.ts", "docusaurus.config.mjs",
                      "docusaurus.config.cjs")
_EXCLUDE = ("!**/_*", "!**/_*/**")  # Docusaurus: partials, by name


def detect(paths: Sequence[str], files: Sequence[str],
           read: Callable[[str], str | None]) -> Layout | None:
    every = set(paths)
    for name in ELEVENTY_CONFIGS:
        if name in every:
            return _eleventy(name, paths, files, read)
    for name in DOCUSAURUS_CONFIGS:
        if name in every:
            return _docusaurus(paths, files)
    return None


def _setting(config: str, key: str, default: str) -> str:
    """A `dir` setting of an Eleventy config, where it is a plain string."""
    m = re.search(rf"\b{key}\s*:\s*[\"'`]([^\"'`\n]+)[\"'`]", config)
    return (m.group(1) if m else default).strip().removeprefix("./").strip("/")


def _eleventy(name: str, paths: Sequence[str], files: Sequence[str],
              read: Callable[[str], str | None]) -> Layout:
    from receipt_gate.base import wildmatch

    config = read(name) or ""
    root = _setting(config, "input", ".")
    root = "" if root in (".", "") else root
    base = f"{root}/" if root else ""
    leave = [f"{base}{_setting(config, k, d)}" for k, d in
             (("includes", "_includes"), ("layouts", "_layouts"), ("data", "_data"))]
    leave.append(_setting(config, "output", "_site"))
    drafts = [f"{base}**/*.md", *(f"!{x}/**" for x in leave), "!**/node_modules/**"]
    for ignore in (".eleventyignore", f"{base}.eleventyignore"):
        for line in (read(ignore) or "").splitlines() if ignore in set(paths) else ():
            glob = line.split("#", 1)[0].strip().removeprefix("./").rstrip("/")
            if glob and not glob.startswith("!"):
                folder = any(p.startswith(glob + "/") for p in paths)
                drafts.append(f"!{glob}/**" if folder else f"!{glob}")
    drafts = list(dict.fromkeys(drafts))
    drafts += leave_out(drafts, paths, files)
    markers: dict[str, object] = {"permalink": False}
    if re.search(r"addPreprocessor\(\s*[\"'`]drafts?[\"'`]", config):
        markers["draft"] = True
    taken = wildmatch.select(drafts, files)
    # Posts: the biggest folder whose pages are dated or named like a blog's.
    sections = collections.Counter(posixpath.dirname(p) for p in taken
                                   if re.search(r"(?:^|/)(?:blog|posts?|news)(?:/|$)", p))
    blog = sections.most_common(1)[0][0] if sections else ""
    articles = [g for g in drafts if not g.startswith("!")] if not blog else [
        f"{blog}/**/*.md", *(g for g in drafts if g.startswith("!"))]
    return Layout(f"an Eleventy site{' in ' + root + '/' if root else ''}", drafts,
                  articles, {"front_matter": markers}, len(taken),
                  docs_folders(taken),
                  _title_fields(taken, read))


def _title_fields(pages: Sequence[str], read: Callable[[str], str | None]) -> list[str] | None:
    """`[newstitle, title]` where pages name their title another way (Eleventy's blog:
    `newstitle:`), read from the first lines of up to 200 pages; None for plain `title`."""
    other: collections.Counter[str] = collections.Counter()
    for p in pages[:200]:
        head = (read(p) or "")[:2000]
        if not head.startswith("---"):
            continue
        fields = re.findall(r"(?m)^(\w*title):", head.split("\n---", 1)[0])
        other.update(f for f in fields if f != "title")
    if not other:
        return None
    return [*sorted(f for f, n in other.items() if n >= 3), "title"] if any(
        n >= 3 for n in other.values()) else None


def _docusaurus(paths: Sequence[str], files: Sequence[str]) -> Layout:
    from receipt_gate.base import wildmatch

    folders = [f for f in ("docs", "blog", "src/pages") if under(files, f)] or ["docs"]
    drafts = [f"{f}/**/*{e}" for f in folders for e in (".md", ".mdx")]
    drafts += [*_EXCLUDE, "!**/node_modules/**"]
    drafts += leave_out(drafts, paths, files)
    articles = ([g for g in drafts if g.startswith("blog/") or g.startswith("!")]
                if "blog" in folders else drafts)
    return Layout("a Docusaurus site (versioned_docs/ left out: frozen copies of docs/)",
                  drafts, articles, {"front_matter": {"draft": True}},
                  len(wildmatch.select(drafts, files)),
                  [f"docs/**/*{e}" for e in (".md", ".mdx")] if under(files, "docs") else [])
