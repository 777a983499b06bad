"""A site generator's config read by a real parser, as the generator reads it (TOML,
YAML with its explicit keys, flow mappings, tags and aliases, JSON over several lines),
and what it says about the pages the site publishes: whether marked drafts ship, and
the folders pages come from. A regular expression over the text cannot tell `? key`
from a comment or a string; the parser can. What cannot be parsed is None: the caller
counts it as telling nothing plainly, which gates more, never less.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Callable, Iterator, Mapping, Sequence

from receipt_gate.base.yamlio import Table

# Keys that make a generator publish the pages its draft markers mark: Hugo's (its keys
# in any case), Jekyll's.
PUBLISH_KEYS = ("builddrafts", "show_drafts", "unpublished")
# What a config must name before it is worth parsing for these questions.
_WORTH = re.compile(r"(?i)builddrafts|show_drafts|unpublished|contentdir|staticdir|mounts|theme|"
                    r"imports|docs_dir|inherit|source|collections|blog|markdownhandler|"
                    r"cascade|include|exclude|markdown_ext|plugins|\\u|\\x|\?")
_GO_FALSE = ("0", "f", "false")  # strconv.ParseBool, which Hugo's cast uses
# A config at the top that a build may name with --config (any generator's).
_TOP_CONFIG = re.compile(r"^[^/]*\.(?:toml|ya?ml|json)$|^config/")
_ESCAPE = re.compile(r"\\u([0-9a-fA-F]{4})|\\x([0-9a-fA-F]{2})")
COMMENT = re.compile(r"(?m)(?:^|\s)#.*")


def plain(text: str) -> str:
    """The text with \\uXXXX and \\xXX escapes read (a TOML or JSON key may be
    written so) and continued lines joined (a command over several lines)."""
    text = _ESCAPE.sub(lambda m: chr(int(m.group(1) or m.group(2), 16)), text)
    return re.sub(r"\\\r?\n", " ", text)


def kind_of(path: str, named: Mapping[str, str] | None = None) -> str | None:
    """Which generator reads this file as its config (a build command may name any
    file: `named`), "any" for another config at the top, None for no config."""
    if named and path in named:
        return named[path].partition("@")[0]
    name = posixpath.basename(path)
    if name.startswith("mkdocs."):
        return "mkdocs"
    if name.startswith("_config"):
        return "jekyll"
    if name.startswith("hugo.") or re.match(r"(?:[^/.][^/]*/)?config(?:\.[^/]*|/.*)$", path):
        return "hugo"
    return "any" if _TOP_CONFIG.match(path) else None


def document(path: str, text: str) -> object:
    """The parsed config (a mapping is a Table; an empty one when the text names none of
    the settings asked about), or None when it is no TOML, YAML or JSON as its
    extension says."""
    if not _WORTH.search(text):
        return Table()
    try:
        if path.endswith(".toml"):
            import tomllib

            return _table(tomllib.loads(text))
        if path.endswith(".json"):
            import json

            return json.loads(text, object_pairs_hook=Table)
        from receipt_gate.base import yamlio

        return yamlio.settings(text)
    except (ValueError, RecursionError, TypeError):  # TOMLDecodeError is a ValueError
        return None


def _table(doc: object) -> object:
    if isinstance(doc, dict):
        return Table((str(k), _table(v)) for k, v in doc.items())
    if isinstance(doc, list):
        return [_table(v) for v in doc]
    return doc


def pairs(doc: object, seen: set[int] | None = None) -> Iterator[tuple[str, object, Table]]:
    """Every (key in lower case, value, the mapping it is in), at any depth; each shared
    node (a YAML alias) walked once (`seen`, shared by several walks, keeps them
    linear together)."""
    seen = set() if seen is None else seen
    todo = [doc]
    while todo:
        node = todo.pop()
        if id(node) in seen or not isinstance(node, (list, Table)):
            continue
        seen.add(id(node))
        if isinstance(node, list):
            todo.extend(node)
            continue
        for key, value in node:
            yield key.lower(), value, node
            todo.append(value)


def values(doc: object, key: str) -> list[object]:
    return [v for k, v, _ in pairs(doc) if k == key]


def values_within(doc: object, outer: str, inner: str) -> list[object]:
    """The values of `inner` keys inside the values of `outer` keys, in one walk."""
    seen: set[int] = set()
    return [v for o in values(doc, outer) for k, v, _ in pairs(o, seen) if k == inner]


def get(table: Table, key: str) -> list[object]:
    """The values of `key` (in any case) in this mapping itself."""
    return [v for k, v in table if isinstance(k, str) and k.lower() == key]


def is_off(key: str, value: object) -> bool:
    """Whether a setting is plainly off as its generator reads it: false or nothing;
    Hugo's (buildDrafts) also 0 and the strings Go's ParseBool reads as false (Ruby,
    Jekyll's, takes 0 and any string as true)."""
    if value is None or value is False:
        return True
    return key == "builddrafts" and ((type(value) is int and value == 0) or (isinstance(
        value, str) and value.strip().lower() in _GO_FALSE))


def publishing(kind: str, doc: object) -> list[str]:
    """What in this config makes the site publish its marked drafts: a publishing key
    (anywhere: a YAML explicit key or a nested table counts) that is not plainly off;
    MkDocs Material's blog plugin with `draft: true`."""
    out = [f"{k} = {shown(v)}" for k, v, _ in pairs(doc)
           if k in PUBLISH_KEYS and not is_off(k, v)]
    if kind == "mkdocs":
        out += [f"plugins: blog: draft = {shown(v)}"
                for v in values_within(doc, "plugins", "draft") if not is_off("draft", v)]
        if not mkdocs_blog(doc):  # MkDocs itself reads no draft: true
            out.append("plugins without blog (the one that holds back a draft: true post)")
    return out


def mkdocs_blog(doc: object) -> bool:
    """Does this MkDocs config turn on Material's blog plugin (`blog`, `material/blog`,
    not `enabled: false`)?"""
    for plugins in values(doc, "plugins"):
        items = plugins if isinstance(plugins, list) else [plugins]
        for item in items:
            if isinstance(item, str) and item.split("/")[-1] == "blog":
                return True
            if isinstance(item, Table):
                for name, options in item:
                    if name.split("/")[-1] == "blog" and not (isinstance(options, Table) and any(
                            is_off("enabled", v) for v in get(options, "enabled"))):
                        return True
    return False


def mkdocs_docs_dir(doc: object) -> str:
    """The docs folder an MkDocs config names (an `!ENV [VAR, default]` by its default),
    as a clean relative path; "docs" when it names none."""
    for v in values(doc, "docs_dir"):
        v = v[-1] if isinstance(v, list) and v else v
        if isinstance(v, str) and v.strip():
            return posixpath.normpath(v.strip()).strip("/")
    return "docs"


def shown(value: object) -> str:
    """A value for a message: a scalar as written, a list or mapping by its kind (an
    alias chain may hold billions of leaves)."""
    if isinstance(value, (list, Table)):
        return "a list" if isinstance(value, list) else "a mapping"
    return repr(value)[:40]


def folders(kind: str, site: str, doc: object) -> list[tuple[str, bool, bool]]:
    """(folder, pages, theme) for each folder this config publishes pages from beside the
    generator's default, relative to the repository; "" where a value is not a plain
    folder (the gate cannot tell). `pages`: the pages sit in the folder itself (a Jekyll
    collection's), not in sections under it; `theme`: a theme's or module's, which counts
    only where the repository holds it. `site`: the folder they are relative to."""
    found: list[tuple[object, bool]] = []
    themed: list[tuple[object, bool]] = []
    if kind in ("hugo", "any"):
        found += [(v, False) for v in values(doc, "contentdir")]
        for k, v, table in pairs(doc):
            if k == "target" and isinstance(v, str) and re.match(r"content(?:/|$)", v.strip("/")):
                found += [(s, False) for s in get(table, "source")] or [(None, False)]
    if kind == "hugo":  # a theme's content, and a module's kept in the themes folder
        themes = [t for t in values(doc, "themesdir") if isinstance(t, str)] or ["themes"]
        named = [t for v in values(doc, "theme") for t in (v if isinstance(v, list) else [v])]
        named += [p for imports in values(doc, "imports")
                  for item in (imports if isinstance(imports, list) else [imports])
                  if isinstance(item, Table) for p in get(item, "path")]
        themed += [(f"{base}/{t}/content" if isinstance(t, str) else None, False)
                   for t in named for base in themes]
    if kind == "mkdocs":  # (another tool's docs_dir, pyproject's, is no site's)
        found += [(v, False) for v in values(doc, "docs_dir")]
    if kind == "jekyll":
        found += _jekyll(doc)
    return [(posixpath.normpath(posixpath.join(site, f.strip())).strip("/")
             if isinstance(f, str) and f.strip() else "", pages, theme)
            for theme, some in ((False, found), (True, themed)) for f, pages in some
            if not (isinstance(f, str) and f.strip() in (".", "./"))]


def _jekyll(doc: object) -> list[tuple[object, bool]]:
    """Jekyll's source, collections_dir, and each collection it renders (`output`)."""
    if not isinstance(doc, Table):
        return [(None, False)]
    source = (get(doc, "source") or [""])[-1]
    where = (get(doc, "collections_dir") or [""])[-1]
    if not isinstance(source, str) or not isinstance(where, str):
        return [(None, False)]
    base = "/".join(p for p in (source.strip("/"), where.strip("/")) if p)
    out: list[tuple[object, bool]] = [(source, False)] if source.strip() else []
    for coll in get(doc, "collections"):
        if coll is None or isinstance(coll, list):
            continue  # none, or a list of names: no options, so no output
        if not isinstance(coll, Table):
            return [(None, False)]
        out += [(f"{base}/_{c}" if base else f"_{c}", True) for c, v in coll
                if c != "posts" and isinstance(v, Table)
                and not all(is_off("output", o) for o in get(v, "output"))]
    return out


# A build command that names its config: hugo --config a,b / --configDir d, jekyll
# --config a,b, mkdocs -f file / --config-file file.
_NAMING = re.compile(
    r"(?:^|[\s;&|\"'(`])(hugo|jekyll|mkdocs)\b([^\n;&|]{0,400})")
_CONFIG_FLAG = re.compile(
    r"(?:^|\s)(--config(?:Dir|-file)?|-f)(?:=|\s+)[\"']?([^\s\"';&|]+)")


def named(line: str) -> Iterator[tuple[str, str]]:
    """(tool, path) for each config file a build command on this line names; a path
    ending in / is a folder of them (Hugo's --configDir; the top is `./`); "" a name
    the gate cannot read (a variable, a path outside the repository)."""
    for m in _NAMING.finditer(line):
        tool, rest = m.group(1), m.group(2)
        for flag in _CONFIG_FLAG.finditer(rest):
            option, value = flag.groups()
            if tool != "mkdocs" and option in ("-f", "--config-file"):
                continue
            if tool == "mkdocs" and option in ("--config", "--configDir"):
                continue
            for name in value.split(",") if tool != "mkdocs" else [value]:
                name = posixpath.normpath(name.strip()) if name.strip() else ""
                if ("$" in name or "`" in name or not name or name.startswith(("/", "../"))
                        or name == ".."):
                    yield tool, ""
                elif option == "--configDir":
                    yield tool, "./" if name == "." else name + "/"
                else:
                    yield tool, name


def named_configs(files: Sequence[str], read: Callable[[str], str | None]) -> dict[str, str]:
    """path -> tool for each config a build command names (`hugo --config a,b`, Hugo's
    --configDir as `folder/`, `mkdocs -f file`) and each file an MkDocs config INHERITs;
    the key "" (a name the gate cannot read) maps to the file that names it."""
    out: dict[str, str] = {}
    for path in files:
        text = read(path)
        if text is None:
            continue
        for line in COMMENT.sub("", plain(text)).splitlines():
            for tool, name in named(line):
                out.setdefault(name, path if not name else tool)
        if kind_of(path) == "mkdocs" and "INHERIT" in text:
            doc = document(path, text)
            for base in values(doc, "inherit"):
                name = (posixpath.normpath(posixpath.join(posixpath.dirname(path), base))
                        if isinstance(base, str) else "")
                name = "" if name.startswith(("/", "../")) or name == ".." else name
                # Its folders are relative to the file that inherits it.
                out.setdefault(name, path if not name else f"mkdocs@{posixpath.dirname(path)}")
    return out
