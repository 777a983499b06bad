"""What a site's build files say, asked of each generator in gate.sites: which files are
a generator's config, which configs a build command names, whether the build publishes
the pages the draft markers mark, and the folders it publishes pages from. The rules
(gate.rules.markers) read build files through here and never name a generator.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Callable, Iterator, Mapping, Sequence

from receipt_gate.base import lazyre
from receipt_gate.reading.siteconfig import COMMENT, is_off, pairs, plain, shown
from receipt_gate.sites import TABLE

# A config at the top that a build may name with --config (any generator's).
_TOP_CONFIG = lazyre.compile(r"^[^/]*\.(?:toml|ya?ml|json)$|^config/")
# The generators whose configs are read for what they publish (in TABLE's order).
_READ = tuple(g for g in TABLE if hasattr(g, "CONFIG") and hasattr(g, "folders"))


def kind_of(path: str, named: Mapping[str, str] | None = None) -> str | None:
    """Which generator reads this file as its config (a build command may name any
    file: `named`), "any" for another config at the top, None for no config."""
    if named and path in named:
        return named[path].partition("@")[0]
    for g in _READ:
        if g.CONFIG.search(path):
            return g.KIND
    return "any" if _TOP_CONFIG.match(path) else None


def is_config(path: str) -> bool:
    """Is this a generator's own config (unreadable, it counts as publishing all)?"""
    return any(g.CONFIG.search(path) for g in _READ)


def publishing(kind: str, doc: object) -> list[str]:
    """What in this config makes the site publish its marked drafts: any generator's
    publishing key (anywhere: a YAML explicit key or a nested table counts) that is not
    plainly off, and what the config's own generator says besides (its `publishing`)."""
    keys = {k: getattr(g, "GO_BOOL", False) for g in TABLE for k in getattr(g, "PUBLISH_KEYS", ())}
    out = [f"{k} = {shown(v)}" for k, v, _ in pairs(doc) if k in keys and not is_off(v, keys[k])]
    more = getattr(next((g for g in TABLE if kind == g.KIND), None), "publishing", None)
    return out + (more(doc) if more is not None else [])


def folders(kind: str, site: str, doc: object) -> list[tuple[str, bool, bool]]:
    """(folder, pages, theme) for each folder this config publishes pages from beside the
    generator's default, relative to the repository; "" where a value is not a plain
    folder (the gate cannot tell). `pages`: the pages sit in the folder itself (a Jekyll
    collection's), not in sections under it; `theme`: a theme's or module's, which counts
    only where the repository holds it. `site`: the folder they are relative to. Another
    tool's config ("any") is read as every generator that takes a named config reads its
    folders (Hugo's contentDir and mounts)."""
    found: list[tuple[object, bool, bool]] = []
    for g in _READ:
        if kind == g.KIND:
            found += g.folders(doc)
        elif kind == "any" and getattr(g, "NAMED_CONFIG", False):
            found += g.folders(doc, any_tool=True)
    return [
        (
            posixpath.normpath(posixpath.join(site, f.strip())).strip("/")
            if isinstance(f, str) and f.strip()
            else "",
            pages,
            theme,
        )
        for f, pages, theme in found
        if not (isinstance(f, str) and f.strip() in (".", "./"))
    ]


def unread_markup(files: Sequence[str], read: Callable[[str], str | None]) -> str | None:
    """Why a generator renders pages with a reader the gate does not read them with (a
    config's default handler, a cascade), or None: each generator's `unread_markup`."""
    for g in TABLE:
        why = g.unread_markup(files, read) if hasattr(g, "unread_markup") else None
        if why is not None:
            return str(why)
    return None


def _toc_owner(toc: str) -> object | None:
    return next(
        (
            g
            for g in TABLE
            if hasattr(g, "listed") and posixpath.basename(toc) == getattr(g, "TOC", None)
        ),
        None,
    )


def reads_toc(toc: str) -> bool:
    """Is this file a table of contents some generator publishes pages by?"""
    return _toc_owner(toc) is not None


def listed(toc: str, text: str, surely: bool = False) -> frozenset[str]:
    """The pages a table of contents publishes (its generator's `listed`), or those it
    surely publishes."""
    owner = _toc_owner(toc)
    return frozenset() if owner is None else owner.listed(toc, text, surely)  # type: ignore[attr-defined]


def nav_titles(path: str, text: str) -> list[tuple[str, str]] | None:
    """The titles a site shows from its navigation file (mdBook's SUMMARY.md, an MkDocs
    config's `nav:`), each with the page it titles ("" for none), when `path` is one;
    else None."""
    from receipt_gate.sites import mdbook, mkdocs

    if posixpath.basename(path) == mdbook.TOC:
        return mdbook.nav_titles(path, text)
    if mkdocs.CONFIG.search(path) and path.endswith((".yml", ".yaml")):
        return mkdocs.nav_titles(path, text)
    return None


def included(toc: str, page: str, text: str, whole: bool = False) -> frozenset[str]:
    """The files a page this table of contents publishes includes into itself (mdBook's
    `{{#include}}`): published with it (`whole`: those it surely shows whole)."""
    owner = _toc_owner(toc)
    found = getattr(owner, "includes", None)
    return frozenset() if found is None else frozenset(found(page, text, whole))


def includes_shown(toc: str, read: Callable[[list[str]], Mapping[str, str | None]]) -> bool:
    """Does the generator of this table of contents expand what its pages include, for
    this site (`read`: globs -> the texts of the files they match)?"""
    owner = _toc_owner(toc)
    shown = getattr(owner, "includes_shown", None)
    return True if shown is None else bool(shown(toc, read))


def governs(toc: str, path: str) -> bool:
    """Does this table of contents decide whether `path` is published?"""
    owner = _toc_owner(toc)
    return owner is not None and bool(owner.governs(toc, path))  # type: ignore[attr-defined]


def unlist(toc: str, text: str, paths: Sequence[str]) -> str:
    """The table of contents with these pages no longer published (`adopt --unpublish`)."""
    owner = _toc_owner(toc)
    return text if owner is None else str(owner.unlist(text, toc, paths))  # type: ignore[attr-defined]


def command_folders(text: str, bare: str) -> list[tuple[str, bool]]:
    """(folder, theme) each generator reads from a build file's commands and variables
    (`bare`: its text, comments out); a theme's counts where the repository holds it."""
    return [
        f for g in TABLE if hasattr(g, "command_folders") for f in g.command_folders(text, bare)
    ]


def text_folders(kind: str, path: str, text: str) -> list[tuple[str, bool]]:
    """(folder, theme) a config's plain text names, as each generator reads one."""
    return [
        f for g in TABLE if hasattr(g, "text_folders") for f in g.text_folders(kind, path, text)
    ]


def draft_flag(line: str, serves: bool, server: re.Pattern[str]) -> str:
    """The generator and its flag when this line builds a site with marked pages in it
    (not a development server, unless `serves`: a Procfile's)."""
    for g in TABLE:
        flag = getattr(g, "DRAFT_FLAGS", None)
        if flag is None:
            continue
        tool = g.KIND
        at = line.find(tool)
        while at >= 0:
            rest = line[at + len(tool) :]
            # Up to the end of this command (a shell separator), not a dev server.
            command = re.split(r"&&|\|\||[;|]|[\"'],", rest, maxsplit=1)[0]
            if (
                not rest[:1].isalnum()
                and rest[:1] not in ("-", "_", ".")  # (a package: hugo-extended, hugo_x)
                and flag.search(command)
                and (serves or not server.search(command))
            ):
                return f"{tool}{command[:60].rstrip()}"
            at = line.find(tool, at + 1)
    return ""


def draft_setting(text: str) -> re.Match[str] | None:
    """An environment variable that publishes marked drafts (HUGO_BUILDDRAFTS)."""
    for g in TABLE:
        env: re.Pattern[str] | None = getattr(g, "DRAFT_ENV", None)
        if env is not None and (m := env.search(text)) is not None:
            return m
    return None


def passed_on(line: str) -> re.Match[str] | None:
    """A flag that publishes marked drafts, on a line that does not name its generator
    (passed on by a script runner)."""
    for g in TABLE:
        rx: re.Pattern[str] | None = getattr(g, "PASSED_ON", None)
        if rx is not None and (m := rx.search(line)) is not None:
            return m
    return None


# A build command's option that names a config, and its value.
_CONFIG_FLAG = lazyre.compile(r"(?:^|\s)(--config(?:Dir|-file)?|-f)(?:=|\s+)[\"']?([^\s\"';&|]+)")


def named(line: str) -> Iterator[tuple[str, str]]:
    """(tool, path) for each config file a build command on this line names (by the
    options its generator's CONFIG_OPTIONS says: a list, one file, or a folder); a path
    ending in / is a folder of them (the top is `./`); "" a name the gate cannot read (a
    variable, a path outside the repository)."""
    if "-" not in line:
        return  # (no option: nothing named)
    for g in TABLE:
        options: Mapping[str, str] = getattr(g, "CONFIG_OPTIONS", {})
        if not options or g.KIND not in line:
            continue
        for m in re.finditer(rf"(?:^|[\s;&|\"'(`]){g.KIND}\b([^\n;&|]{{0,400}})", line):
            for flag in _CONFIG_FLAG.finditer(m.group(1)):
                option, value = flag.groups()
                how = options.get(option)
                if how is None:
                    continue
                for name in value.split(",") if how != "one" else [value]:
                    yield g.KIND, _named(name, how == "folder")


def _named(name: str, folder: bool) -> str:
    name = posixpath.normpath(name.strip()) if name.strip() else ""
    if "$" in name or "`" in name or not name or name.startswith(("/", "../")) or name == "..":
        return ""
    if folder:
        return "./" if name == "." else name + "/"
    return name


def named_configs(files: Sequence[str], read: Callable[[str], str | None]) -> dict[str, str]:
    """path -> tool for each config a build command names (`hugo --config a,b`, Hugo's
    --configDir as `folder/`, `mkdocs -f file`) and each file a config inherits (its
    generator's `inherited`: MkDocs' INHERIT, as `tool@folder`, its folders relative to
    the inheriting file's); the key "" (a name the gate cannot read) maps to the file
    that names it."""
    out: dict[str, str] = {}
    for path in files:
        text = read(path)
        if text is None:
            continue
        for line in COMMENT.sub("", plain(text)).splitlines():
            for tool, name in named(line):
                out.setdefault(name, path if not name else tool)
        kind = kind_of(path)
        inherited = getattr(next((g for g in TABLE if kind == g.KIND), None), "inherited", None)
        for name in inherited(path, text) if inherited is not None else ():
            out.setdefault(name, path if not name else f"{kind}@{posixpath.dirname(path)}")
    return out
