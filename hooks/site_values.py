"""The site's values a page may print: ai-tells' corpus (its `site_values` setting).

Where each generator keeps them, and where a page's template names them:

- Jekyll: a `_config*.yml` at `site.*`, its `defaults:` values at `page.*`; a data
  file `_data/a/b.yml` at `site.data.a.b` (YAML, JSON, CSV and TSV; of one name, the
  kind Jekyll reads last wins).
- Hugo: `hugo.*`, `config.*`, `config/<environment>/*` and a theme's: the root at
  `site.*`, `params` at `site.params.*` (keys in lowercase, as Hugo reads them), a
  language's keys and params there too, `cascade` at `page.*`.
- Eleventy: global data `_data/a.json` at `page.a` (a page names it bare: `{{ a.x }}`),
  a directory's or a template's data file (`posts/posts.json`, `x.11tydata.json`) at
  `page.*`.

Where generators give one key several values (several configs, languages,
environments, a theme, a data file in two kinds), each is a candidate: a page that
prints the key may print any of them, so one that holds a banned phrase is a finding
however the generator ranks them (round 86). `values` ranks them as the generators do,
for the page read with its values in place (a phrase that runs across a tag's edge).
A file that does not parse is no value: a page that prints the site's values is then
refused, naming the file (the check cannot say what it prints).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any, NamedTuple

from receipt_gate.base import lazyre

EVERY = "site.*"
UNREADABLE = "site.!unreadable"
_DEPTH = 64  # deeper than this, a data file is read as not parsing
_NODES = 1_000_000  # nor one whose aliases expand past this


class Source(NamedTuple):
    path: str
    key: str  # where its document sits: "site", "site.data.m", "site.params", "page"
    doc: Any


class Site(NamedTuple):
    """The values as the generators rank them ({"site": ..., "page": ...}), every
    source's, which of them hold a banned phrase (key -> what it holds), and the files
    that do not parse (path -> why)."""

    values: dict[str, Any]
    sources: tuple[Source, ...]
    tainted: dict[str, str]
    unreadable: dict[str, str]


# What `init` names (under the site's folder): each generator's configs and data.
FILES = {
    "jekyll": ["_config*.yml", "_config*.yaml", "_config*.toml", "_data/**"],
    "hugo": [
        *(f"{n}.{e}" for n in ("hugo", "config") for e in ("toml", "yaml", "yml", "json")),
        "config/**",
    ],  # (not themes/*: a theme is mostly a submodule, which no glob may read into)
    "eleventy": ["**/_data/**", "**/*.json"],
}
_KIND_RANK = {".yaml": 0, ".yml": 1, ".json": 2, ".csv": 3, ".tsv": 4}  # (Jekyll's order)


def key_of(root: str, steps: Sequence[str]) -> str:
    """The receipt's name for a value: `site.a.b`, a step that holds a dot as an index
    (`site.data["a.b"]`), an index as a step (`site.a.0`)."""
    key = root
    for st in steps:
        key = f'{key}["{st}"]' if "." in st or not st else f"{key}.{st}"
    return key


_STEP = lazyre.compile(r"\.([^.\[\]]+)|\[\"([^\"]*)\"\]")


def steps_of(key: str) -> list[str]:
    return ["".join(s) for s in _STEP.findall(key, key.find("."))] if "." in key else []


def load(
    files: Mapping[str, object],
    read: Callable[[str], bytes | None],
    banned: Callable[[str, str], str | None],
) -> Site:
    """The site's values from the files `site_values` names; `banned(text, key)`: the
    banned phrase a value's text holds, or None."""
    sources: list[tuple[tuple[int, int, str], Source]] = []
    unreadable: dict[str, str] = {}
    for path in sorted(files):
        placed = _where(path)
        if not placed:
            continue
        doc, why = _parsed(read(path), path)
        if why:
            unreadable[path] = why
            continue
        rank = (0 if path.startswith("themes/") or "/themes/" in path else 1,)
        kind = _KIND_RANK.get(path[path.rfind(".") :].lower(), 0)
        for key, part in _placed(placed, path, doc):
            sources.append(((*rank, kind, path), Source(path, key, part)))
    sources.sort(key=lambda s: s[0])
    values: dict[str, Any] = {"site": {}, "page": {}}
    for _, src in sources:
        _merge(values, [src.key.split(".", 1)[0], *steps_of(src.key)], src.doc)
    ordered = tuple(s for _, s in sources)
    return Site(values, ordered, _tainted(ordered, banned), unreadable)


def _where(path: str) -> str:
    """Which kind of values file the path is ("" for none the check reads)."""
    folder, _, base = path.rpartition("/")
    parts = folder.split("/") if folder else []
    stem, dot, ext = base.rpartition(".")
    if not dot or f".{ext.lower()}" not in (".json", ".toml", ".yml", ".yaml", ".csv", ".tsv"):
        return ""
    if "_data" in parts:
        return "data"
    if base.startswith("_config"):
        return "jekyll"
    if stem.endswith(".11tydata") or (parts and stem == parts[-1] and ext == "json"):
        return "eleventy"
    if stem in ("hugo", "config") or "config" in parts:
        return "hugo"
    return "" if ext.lower() == "json" else "site"


def _placed(kind: str, path: str, doc: Any) -> list[tuple[str, Any]]:
    """(key, document) of each part of the file's document a page may print."""
    folder, _, base = path.rpartition("/")
    stem = base.rpartition(".")[0]
    if kind == "data":  # (Jekyll's site.data.a.b, Eleventy's a.b)
        parts = folder.split("/")
        sub = [*parts[len(parts) - parts[::-1].index("_data") :], stem]
        return [(key_of("site", ["data", *sub]), doc), (key_of("page", sub), doc)]
    if not isinstance(doc, dict):
        return []
    if kind == "jekyll":
        out: list[tuple[str, Any]] = [("site", doc)]
        defaults = doc.get("defaults")
        for entry in defaults if isinstance(defaults, list) else []:
            if isinstance(entry, dict) and isinstance(entry.get("values"), dict):
                out.append(("page", entry["values"]))
        return out
    if kind == "eleventy":
        return [("page", doc)]
    if kind == "hugo":
        name = stem.split(".")[0].lower()
        if name in ("hugo", "config"):
            return _hugo(doc)
        if name in ("params", "languages", "cascade"):
            return _hugo({name: doc})
        return [(key_of("site", [name]), doc)]
    return [("site", doc)]


def _hugo(doc: Mapping[str, Any]) -> list[tuple[str, Any]]:
    """A Hugo config's values: the root, params (in lowercase), each language's keys and
    params, each cascade's values (a page's params)."""
    out: list[tuple[str, Any]] = []
    for lang in [doc, *_tables(doc.get("languages"))]:
        out.append(("site", {k: v for k, v in lang.items() if k not in ("params", "cascade")}))
        if isinstance(lang.get("params"), dict):
            out.append(("site.params", _lower(lang["params"])))
    for cascade in _tables(doc.get("cascade")):
        values = {k: v for k, v in cascade.items() if k not in ("_target", "target")}
        params = values.pop("params", None)  # (Hugo 0.134's form: `cascade.params`)
        out += [("page", _lower(p)) for p in (values, params) if isinstance(p, dict)]
    return out


def _tables(node: Any) -> list[dict[str, Any]]:
    """A mapping's mappings (Hugo's languages), or a list's (its cascades)."""
    items = node.values() if isinstance(node, dict) else node if isinstance(node, list) else []
    return [x for x in items if isinstance(x, dict)]


def _lower(node: Any) -> Any:
    """A mapping's keys in lowercase, at every depth (Hugo's params)."""
    if isinstance(node, dict):
        return {str(k).lower(): _lower(v) for k, v in node.items()}
    if isinstance(node, list):
        return [_lower(v) for v in node]
    return node


def _parsed(data: bytes | None, path: str) -> tuple[Any, str]:
    """The file's document as its generator reads it (a YAML key given twice: the last;
    aliases; a byte-order mark; a CSV's rows as mappings by its header), and "" or why
    it cannot be read."""
    import json

    from receipt_gate.base import datafile, yamlio

    if data is None:
        return None, ""
    if len(data) > 4 << 20:
        return None, "larger than 4 MB"
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return None, "not UTF-8"
    lower = path.lower()
    try:
        if lower.endswith((".yml", ".yaml")):
            doc = _plain(yamlio.settings(text))
        elif lower.endswith(".json"):
            doc = _plain(json.loads(text))
        else:
            doc = datafile.load(text, path)
            if doc is None:
                return None, "does not parse"
            if lower.endswith((".csv", ".tsv")) and doc:
                doc = [dict(zip(doc[0], row, strict=False)) for row in doc[1:]]
            doc = _plain(doc)
    except (ValueError, RecursionError) as e:
        deep = isinstance(e, RecursionError) or "recursion" in str(e)
        why = "nested too deeply" if deep else str(e)
        return None, why.splitlines()[0] if why else "does not parse"
    return doc, ""


def _plain(root: Any) -> Any:
    """The document as plain dicts and lists (a YAML mapping's pairs: the last of a key
    given twice), each shared node once; ValueError past _DEPTH or _NODES (an alias
    that loops, or multiplies: the billion laughs)."""
    from receipt_gate.base.yamlio import Table

    count = 0
    seen: dict[int, Any] = {}

    def plain(node: Any, depth: int, open_: frozenset[int]) -> Any:
        nonlocal count
        count += 1
        if depth > _DEPTH or count > _NODES or id(node) in open_:
            raise ValueError("nested too deeply" if depth > _DEPTH else "expands too far")
        if not isinstance(node, (dict, list, Table)):
            return node if node is None or isinstance(node, (str, int, float)) else str(node)
        if id(node) in seen:
            count += _size(seen[id(node)])
            return seen[id(node)]
        inner = open_ | {id(node)}
        pairs = node.items() if isinstance(node, dict) else node if isinstance(node, Table) else ()
        out: Any = (
            {str(k): plain(v, depth + 1, inner) for k, v in pairs}
            if isinstance(node, (dict, Table))
            else [plain(v, depth + 1, inner) for v in node]
        )
        seen[id(node)] = out
        return out

    return plain(root, 0, frozenset())


def _size(node: Any) -> int:
    if isinstance(node, dict):
        return 1 + sum(_size(v) for v in node.values())
    if isinstance(node, list):
        return 1 + sum(_size(v) for v in node)
    return 1


def _merge(values: dict[str, Any], steps: list[str], doc: Any) -> None:
    """The document put at its steps, its mappings merged into those there (a later
    source wins a key)."""
    node = values
    for st in steps[:-1]:
        nxt = node.get(st)
        node[st] = nxt = nxt if isinstance(nxt, dict) else {}
        node = nxt
    last = steps[-1]
    if isinstance(doc, dict) and isinstance(node.get(last), dict):
        merged = dict(node[last])
        for k, v in doc.items():
            if isinstance(v, dict) and isinstance(merged.get(k), dict):
                sub = {k: merged[k]}
                _merge(sub, [k], v)
                merged[k] = sub[k]
            else:
                merged[k] = v
        node[last] = merged
    else:
        node[last] = doc


def _tainted(sources: Sequence[Source], banned: Callable[[str, str], str | None]) -> dict[str, str]:
    """key -> the banned phrase a source's value there holds (each source's own: a
    value another outranks is still a candidate)."""
    out: dict[str, str] = {}
    for src in sources:
        stack: list[tuple[str, Any]] = [(src.key, src.doc)]
        while stack and len(out) < 1000:
            key, node = stack.pop()
            if isinstance(node, dict):
                stack += [(key_of(key, [str(k)]), v) for k, v in node.items()]
            elif isinstance(node, list):
                stack += [(f"{key}.{i}", v) for i, v in enumerate(node)]
            elif isinstance(node, str) and node.strip() and key not in out:
                said = banned(node, key)
                if said:
                    out[key] = said
    return out


def taint_of(site: Site, key: str) -> tuple[str, str] | None:
    """(key, phrase) of a tainted value the key prints: itself, or one inside it."""
    for t in sorted(site.tainted):
        if t == key or t.startswith((key + ".", key + "[")):
            return t, site.tainted[t]
    return None


def value(site: Site, key: str) -> Any:
    """The value at a key as the generators rank them (None where none is)."""
    return _descend(site.values, [key.split(".", 1)[0].split("[", 1)[0], *steps_of(key)])


def _descend(node: Any, steps: Sequence[str]) -> Any:
    """The value at these steps from the node (an index into a list; None where none)."""
    for st in steps:
        if isinstance(node, dict):
            node = node.get(st)
        elif isinstance(node, list) and st.isdigit() and int(st) < len(node):
            node = node[int(st)]
        else:
            return None
    return node


def digest(site: Site, reads: Sequence[str]) -> object:
    """What a verdict read of the values: at each key, every source's value (a change to
    a value another outranks stales it too); at EVERY, the tainted values; where a file
    does not parse, which and why."""
    out: dict[str, object] = {}
    for k in sorted(set(reads)):
        if k == EVERY:
            out[k] = dict(sorted(site.tainted.items()))
        elif k == UNREADABLE:
            out[k] = dict(sorted(site.unreadable.items()))
        else:
            out[k] = [[s.path, got] for s in site.sources if (got := _at(s, k)) is not None]
    return out


def _at(src: Source, key: str) -> Any:
    """The source's value at the key: a part of its document, or its document where
    the key holds it (`site.data` holds `site.data.m`'s)."""
    if key == src.key or key.startswith((src.key + ".", src.key + "[")):
        return _descend(src.doc, steps_of(key)[len(steps_of(src.key)) :])
    if src.key.startswith((key + ".", key + "[")):
        return {src.key: src.doc}
    return None


# A value of the site a page prints by name (Jekyll's `site.x`, `site.data.a.b`,
# `site["x"]`; Hugo's `{{< param "x" >}}`), and one of the page's (`page.x`, a bare
# name: Eleventy's data, Jekyll's defaults).
SITE_VALUE = lazyre.compile(
    r"\{\{-?\s*site((?:\.[A-Za-z_][\w-]*+|\[\s*(?:\"[^\"\n]*\"|'[^'\n]*'|\d+)\s*\])++)"
)
PARAM = lazyre.compile(r"\{\{[<%]\s*param\s+\"([^\"\n]{1,200})\"")
_PAGE_VALUE = lazyre.compile(
    r"\{\{-?\s*(?:page\.)?(?!site\b|page\b)([A-Za-z_][\w-]*+"
    r"(?:\.[A-Za-z_][\w-]*+|\[\s*(?:\"[^\"\n]*\"|'[^'\n]*'|\d+)\s*\])*+)"
)
_TAG_STEP = lazyre.compile(r"\.?([A-Za-z_][\w-]*)|\[\s*(?:\"([^\"\n]*)\"|'([^'\n]*)'|(\d+))\s*\]")


def printed(text: str, own: Mapping[str, object]) -> list[tuple[int, list[str]]]:
    """(offset, keys) of each tag that prints a value by name: the site's, and the
    page's where its own front matter (`own`) does not say it; Hugo's param is either
    (a page's param first, then the site's)."""
    if "{{" not in text:
        return []
    out: list[tuple[int, list[str]]] = []
    for m in SITE_VALUE.finditer(text):
        out.append((m.start(), [printed_key(m)]))
    for m in PARAM.finditer(text):
        name = m.group(1).lower().split(".")
        keys = [printed_key(m)]
        out.append((m.start(), keys if name[0] in own else [*keys, key_of("page", name)]))
    for m in _PAGE_VALUE.finditer(text):
        steps = _steps(m.group(1))
        if steps and steps[0] not in own:
            out.append((m.start(), [key_of("page", steps)]))
    return sorted(out)


def printed_key(m: re.Match[str]) -> str:
    """The site's key a SITE_VALUE or PARAM match prints (Hugo's param: its params', a
    key in any case)."""
    if m.group().startswith(("{{<", "{{%")):
        return key_of("site", ["params", *m.group(1).lower().split(".")])
    return key_of("site", _steps(m.group(1)))


def _steps(path: str) -> list[str]:
    return ["".join(s) for s in _TAG_STEP.findall(path)]


def fields(site: Site, own: Mapping[str, Any]) -> dict[str, Any]:
    """What a page's tags name, as the generators rank it: the page's own front matter
    over its defaults (and Hugo's params, which `param` falls back to), and `site`."""
    params = site.values["site"].get("params")
    page = site.values["page"]
    return {
        **(params if isinstance(params, dict) else {}),
        **page,
        **own,
        "site": site.values["site"],
    }


# Jekyll's own values of `site`, which no file gives: the build's time, the pages.
_BUILT = lazyre.compile(
    r"\bsite\.(?:time|pages|posts|related_posts|static_files|html_pages|html_files"
    r"|collections|categories|tags|documents)\b"
)
_NAMES_SITE = lazyre.compile(r"\bsite\b|\.Site\b|\bparam\b")


def names_site(tag: str) -> bool:
    """Whether a template tag names the site's values (`site.time`, the pages, aside)."""
    return bool(_NAMES_SITE.search(_BUILT.sub("", tag) if "site." in tag else tag))


def reads_from(keys: Sequence[str], unfollowed: bool, site: Site) -> list[str]:
    out = set(keys)
    if unfollowed:
        out.add(EVERY)
    if out and site.unreadable:
        out.add(UNREADABLE)
    return sorted(out)
