"""Docusaurus (docusaurus.config.{js,ts,mjs,cjs}): every .md and .mdx but partials (a
file or folder whose name starts with `_`), node_modules/ and the build: docs plugins
may be several, their `path:` anywhere, translations sit under i18n/, and
versioned_docs/ is published too. `draft: true` is its marker (`unlisted: true`
ships). The articles are what its default plugins surely build; what its config turns
off or leaves out (held_by_config) supports nothing.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from receipt_gate.base import lazyre, wildmatch
from receipt_gate.sites.jscode import JsCode
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
CONFIG_GLOBS = tuple(f"**/{c}" for c in CONFIGS)
CONFIG_OPTIONS = {"--config": "one"}  # a build command's option naming its config
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


# What the classic preset's three content plugins build, from the site's folder: their
# own folder, and where the translations of a locale the site lists are.
_PLUGINS = {
    "docs": ("docs", "versioned_docs/**"),
    "blog": ("blog",),
    "pages": ("src/pages",),
}
_READ_BY_PLUGINS = ("include", "exclude", "path", "includeCurrentVersion", "onlyIncludeVersions")
_CLASSIC = ("classic", "@docusaurus/preset-classic")
_NAME_OF = lazyre.compile(r"""\s*(?:require\.resolve\(\s*)?(["'])([^"'`\n]*)\1\s*\)?\s*""")


def held_by_config(path: str, text: str | None, named: bool | str = False) -> list[str]:
    """What a Docusaurus config leaves unbuilt, as held entries (those pages support
    nothing): every translation under i18n/ (built only for a locale the config lists,
    and only where its source page is; held_by_translations for what they replace),
    and what the classic preset's docs, blog and pages plugins do not build: one turned
    off (`docs: false`), or whose options choose files (`include`, `exclude`, `path`
    other than its own folder, versions). Where the gate cannot read the `presets` plainly
    (a variable, a spread, a computed or shorthand name, no classic preset) every page of
    the three plugins is held back."""
    from receipt_gate.sites.layout import held_globs

    if text is None:
        return []
    base = posixpath.dirname(path)
    at = f"{wildmatch.escape(base)}/" if base else ""
    # (a translation supports nothing: which locales a build makes, and whether its
    # source page is there to be translated, decide whether it is built)
    out = [held_globs([f"{at}i18n/**"])]
    for plugin in _plugins_off(JsCode(text)):
        folders = _PLUGINS[plugin]
        out.append(
            held_globs(
                [
                    *(f"{at}{f}" if f.endswith("**") else f"{at}{f}/**" for f in folders),
                    f"{at}i18n/*/docusaurus-plugin-content-{plugin}/**",
                ]
            )
        )
    return out


def held_by_translations(config: str | None, paths: Sequence[str]) -> list[str]:
    """The pages a translation of the default locale replaces: for that locale (the
    site's own build) Docusaurus shows `i18n/<locale>/docusaurus-plugin-content-docs/
    current/P` in place of `docs/P` (the blog's and the pages' alike), so the source
    supports nothing. `paths`: the translations the tree holds; every locale's counts
    where the config's default locale is not plainly given (`en` where it sets none)."""
    from receipt_gate.sites.layout import held_globs

    default = _default_locale(JsCode(config or ""))
    sources = []
    for path in paths:
        parts = path.split("/")
        if len(parts) < 4 or parts[0] != "i18n" or default not in (None, parts[1]):
            continue
        plugin, rest = parts[2], parts[3:]
        if plugin == "docusaurus-plugin-content-docs" and len(rest) > 1:
            version = rest.pop(0)  # (`current`: the docs folder's; `version-1.0`: a version's)
            if version == "current":
                sources.append("/".join(["docs", *rest]))
            elif version.startswith("version-"):
                sources.append("/".join(["versioned_docs", version, *rest]))
        elif plugin in ("docusaurus-plugin-content-blog", "docusaurus-plugin-content-pages"):
            top = "blog" if plugin.endswith("blog") else "src/pages"
            sources.append("/".join([top, *rest]))
    return [held_globs(sorted(map(wildmatch.escape, sources)))] if sources else []


def _default_locale(code: JsCode) -> str | None:
    """The default locale, `en` where the config sets no i18n; None where it is not
    plainly given (a variable, a shorthand `i18n`, a locale computed)."""
    places = code.names("i18n")
    if code.unreadable:
        return None
    if not places:
        return "en"
    entries = code.entries(_after_key(code, places))
    if len(places) != 1 or entries is None:
        return None
    at = entries.get("defaultLocale")
    if at is None:
        return "en"
    given = code.string(at)
    return given if given is not None and "/" not in given else None


def _after_key(code: JsCode, places: Sequence[int]) -> int:
    """Where the value of the one key among `places` starts (-1: no such key)."""
    m = re.compile(r"[\w$]+[\"']?\s*:\s*").match(code.masked, places[0])
    return code.value(m.end()) if m is not None else -1


def _plugins_off(code: JsCode) -> list[str]:
    """The classic preset's content plugins the config may keep from building their
    folders: every one where the presets are not read plainly."""
    places = code.names("presets")
    if code.unreadable or "..." in code.masked or len(places) != 1:
        return list(_PLUGINS)  # (a spread may bring presets; none or two: not read)
    items = code.items(_after_key(code, places))
    if items is None:
        return list(_PLUGINS)
    options: list[int | None] = []
    for start, end in items:
        element = code.text[start:end].strip()
        name = _NAME_OF.fullmatch(element)
        if name is not None:  # (a preset with no options: as it comes)
            options += [None] if name.group(2) in _CLASSIC else []
            continue
        first = len(code.text) - len(code.text[start:].lstrip())
        pair = code.items(first)
        if pair is None or len(pair) != 2:
            return list(_PLUGINS)
        name = _NAME_OF.fullmatch(code.text[pair[0][0] : pair[0][1]])
        if name is None:
            return list(_PLUGINS)
        if name.group(2) in _CLASSIC:
            options.append(code.value(len(code.text) - len(code.text[pair[1][0] :].lstrip())))
    if not options:
        return list(_PLUGINS)  # (the content plugins are not surely there)
    off: list[str] = []
    for at in options:
        entries = {} if at is None else code.entries(at)
        if entries is None:
            return list(_PLUGINS)
        off += [p for p in _PLUGINS if p in entries and _plugin_off(code, entries[p], p)]
    return list(dict.fromkeys(off))


def _plugin_off(code: JsCode, at: int, plugin: str) -> bool:
    """Does the value at `at` turn this plugin off, or choose what it builds?"""
    at = code.value(at)
    entries = code.entries(at)
    if entries is None:
        return True  # (`false`, a variable, a call: the gate cannot tell what it builds)
    own = _PLUGINS[plugin][0]
    for key, where in entries.items():
        if key not in _READ_BY_PLUGINS:
            continue
        given = code.string(where)
        folder = given.removeprefix("./").rstrip("/") if given is not None else None
        if key != "path" or folder != own:
            return True
    return False
