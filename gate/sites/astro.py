"""Astro (and Starlight, its docs theme): the entries of `src/content/` (.md, .mdx,
.markdoc, in any case) and the pages of `src/pages/` (markdown in each of the
extensions Astro renders, .mdx, .html; a name starting with `_` is no page).

Astro itself has no draft marker since Astro 3: a `draft: true` is the site's own
field, which its code may or may not read, so every page is gated. Starlight's
`draft: true` is its documented marker, read where the site uses Starlight."""

from __future__ import annotations

import posixpath
from typing import TYPE_CHECKING

from receipt_gate.base import lazyre
from receipt_gate.sites.layout import Layout, any_case, section, site, under

if TYPE_CHECKING:
    from receipt_gate.sites.layout import Repo

KIND = "astro"
NAME = "Astro"
EXTS = (".md", ".mdx", ".markdoc")
# What src/pages/ renders as pages of writing (its .astro pages are code, layouts).
PAGE_EXTS = ("md", "markdown", "mdown", "mkdn", "mkd", "mdwn", "mdx", "html")
CONFIG = lazyre.compile(r"(?:^|/)astro\.config\.[cm]?[jt]s$")
# Starlight as an astro config imports it (a comment naming it is no use of it).
_STARLIGHT = lazyre.compile(r"""(?m)^\s*import\b[^;\n]*["']@astrojs/starlight["']""")
_DOCS = [f"src/content/docs/**/*.{e}" for e in ("md", "mdx", "mdoc", "markdoc")]
# Astro 5's content config, whose glob() loaders say which entries are loaded at all.
CONFIG_GLOBS = ("**/src/content.config.*", "**/src/content/config.*")
_GLOB_LOADER = lazyre.compile(
    r"""\bglob\s*\(\s*\{((?:"[^"\n]*"|'[^'\n]*'|`[^`\n]*`|[^{}"'`]){0,2000})\}"""
)
_OPTION = lazyre.compile(r"""\b(pattern|base)\s*:\s*(?:"([^"\n]*)"|'([^'\n]*)'|`([^`\n]*)`|\[)""")


def detect(repo: Repo) -> Layout | None:
    configs = [p for p in repo.paths if CONFIG.search(p) and "node_modules/" not in p]
    pages = [p for p in repo.paths if _page(p)]
    if not under(repo.files, "src/content") and not (configs and pages):
        return None
    starlight = any(_STARLIGHT.search(repo.read(c) or "") for c in configs)
    folder = section(repo.files, "src/content") if under(repo.files, "src/content") else ""
    layout = site(
        "an Astro site with Starlight" if starlight else "an Astro site",
        folder or "src/pages",
        repo.files,
        repo.paths,
        # (Starlight's draft holds back a page of its docs collection, nothing else)
        {"front_matter": {"draft": True}, "front_matter_in": _DOCS} if starlight else {},
        exts=EXTS,
        content="src/content",
    )
    drafts = [g for g in layout.drafts if not g.startswith("!")]
    if pages or configs:
        drafts += [f"src/pages/**/*.{any_case(e)}" for e in PAGE_EXTS]
        drafts += ["!src/pages/**/_*", "!src/pages/**/_*/**"]  # Astro routes neither
    drafts = list(dict.fromkeys([*drafts, *(g for g in layout.drafts if g.startswith("!"))]))
    from receipt_gate.base import wildmatch

    return layout._replace(
        drafts=drafts, found=len(wildmatch.select(drafts, repo.paths)), configs=tuple(configs[:1])
    )


def held_by_config(path: str, text: str | None, named: bool = False) -> list[str]:
    """What a content config's glob() loaders may not load: where a config has any,
    every entry of src/content/ but those under the base of a loader that loads every
    file below it (`**/*.md`, `**/[^_]*.{md,mdx}`: a `_` entry is no page anyway), and
    all below a loader's base whose pattern chooses names (`**/[!s]*.md`) or reads the
    top alone. A loader the gate cannot read so (no plain pattern or base, a base outside
    the project) holds all of src/content/: nothing there surely supports."""
    from receipt_gate.base import wildmatch
    from receipt_gate.sites.layout import held_globs

    if text is None or "glob" not in text:
        return []
    top = path.rsplit("src/", 1)[0]
    content = f"{wildmatch.escape(top)}src/content/**"
    loaders = list(_GLOB_LOADER.finditer(text))
    if not loaders:
        return [held_globs([content])]
    full: list[str] = []
    out: list[str] = []
    for m in loaders:
        options = {o.group(1): next((g for g in o.groups()[1:] if g is not None), None)
                   for o in _OPTION.finditer(m.group(1))}  # fmt: skip
        pattern, base = options.get("pattern"), options.get("base")
        folder = posixpath.normpath(base.strip()) if base and base.strip() else None
        if pattern is None or folder is None or folder.startswith(("/", "..")):
            return [held_globs([content])]
        where = top + folder if folder != "." else top.rstrip("/")
        glob = f"{wildmatch.escape(where)}/**" if where else "**"
        (full if _EVERY.fullmatch(pattern.strip()) else out).append(glob)
    return [held_globs([content, *(f"!{g}" for g in full)]), *(held_globs([g]) for g in out)]


# A glob() pattern that loads every page below its base: `**/*`, `**/*.md`, `**/*.{md,
# mdx}`, and the same leaving out `_` names (`**/[^_]*.md`, `**/[!_]*`).
_EVERY = lazyre.compile(r"\*\*/(?:\[[!^]_\])?\*(?:\.(?:\w+|\{\w+(?:,\w+)*\}))?")


def _page(path: str) -> bool:
    if not path.startswith("src/pages/"):
        return False
    return path.rsplit(".", 1)[-1].lower() in PAGE_EXTS
