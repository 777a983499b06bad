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
_PRESET = lazyre.compile(r"""(\[\s*)?(["'`])(?:classic|@docusaurus/preset-classic)\2\s*""")
_KEY = r"""(?<![\w$.])["']?{}["']?\s*:\s*"""
_PLAIN_LIST = lazyre.compile(r"""\[\s*(?:(["'])[^"'`\n]*\1\s*,?\s*)*\]""")
_READ_BY_PLUGINS = ("include", "exclude", "path", "includeCurrentVersion", "onlyIncludeVersions")


def held_by_config(path: str, text: str | None, named: bool | str = False) -> list[str]:
    """What a Docusaurus config leaves unbuilt, as held entries (those pages support
    nothing): the translations under i18n/ (built only for a locale the config lists,
    and only where their source page is; held_by_translations for what they replace),
    and what the classic
    preset's docs, blog and pages plugins do not build: one turned off (`docs: false`),
    or whose options choose files (`include`, `exclude`, `path` other than its own
    folder, versions). Options the gate cannot read plainly (a variable, a spread, no
    classic preset) hold back every page of the plugins they may set."""
    from receipt_gate.sites.layout import held_globs, js_uncommented

    if text is None:
        return []
    base = posixpath.dirname(path)
    at = f"{wildmatch.escape(base)}/" if base else ""
    code = js_uncommented(text)
    # (a translation supports nothing: which locales a build makes, and whether its
    # source page is there to be translated, decide whether it is built)
    out = [held_globs([f"{at}i18n/**"])]
    for plugin in _plugins_off(code):
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
    from receipt_gate.sites.layout import held_globs, js_uncommented

    code = js_uncommented(config or "")
    m = re.search(_KEY.format("defaultLocale"), code)
    given = re.match(r"""(["'])([^"'`\n/]+)\1""", code[m.end() :]) if m is not None else None
    default = "en" if m is None else given.group(2) if given is not None else None
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


def _plugins_off(code: str) -> list[str]:
    """The classic preset's content plugins the config may keep from building their
    folders: every one where no classic preset's options are read plainly."""
    presets = list(_PRESET.finditer(code))
    if not presets:
        return list(_PLUGINS)  # (the content plugins are not surely there)
    off: list[str] = []
    for m in presets:
        if m.group(1) is None:
            continue  # (`presets: ['classic']`: every plugin as it comes)
        rest = code[m.end() :]
        if rest.startswith("]"):
            continue
        options = re.match(r",\s*(?:/\*.*?\*/\s*)?\(?\s*", rest, re.S)
        block = _block(rest, options.end()) if options is not None else None
        if block is None or re.search(r"\.\.\.", block):
            return list(_PLUGINS)
        for plugin in _PLUGINS:
            if _plugin_off(block, plugin):
                off.append(plugin)
    return list(dict.fromkeys(off))


def _plugin_off(options: str, plugin: str) -> bool:
    """Does the preset's options turn this plugin off, or choose what it builds?"""
    for key in re.finditer(_KEY.format(plugin), options):
        rest = options[key.end() :]
        if rest.startswith("false"):
            return True
        inner = _block(options, key.end())
        if inner is None:
            return True  # (a variable, a call: the gate cannot tell)
        for m in re.finditer(_KEY.format("(?:" + "|".join(_READ_BY_PLUGINS) + ")"), inner):
            word = re.match(r"""["']?(\w+)""", inner[m.start() :])
            value = re.match(r"""(["'])\.?/?([^"'`\n]*?)/?\1\s*[,}]""", inner[m.end() :])
            own = _PLUGINS[plugin][0]
            if word is not None and word.group(1) == "path" and value and value.group(2) == own:
                continue  # (its own folder, named)
            return True
    return False


def _block(code: str, start: int) -> str | None:
    """The `{...}` object literal that starts at `start` (its inside), or None where
    none does or it does not close (braces in strings are not counted)."""
    if not code.startswith("{", start):
        return None
    depth, quote, i = 0, "", start
    while i < min(len(code), start + (1 << 20)):
        c = code[i]
        if quote:
            i += 2 if c == "\\" else 1
            quote = "" if c == quote else quote
            continue
        if c in "\"'`":
            quote = c
        elif c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
            if depth == 0:
                return code[start + 1 : i]
        i += 1
    return None
