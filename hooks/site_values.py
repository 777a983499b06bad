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

import functools
import html
import posixpath
import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any, NamedTuple

from receipt_gate.base import lazyre

EVERY = "site.*"
UNREADABLE = "site.!unreadable"
TEMPLATE = "template:"  # (a read of whether a template a page calls names the values)
TEMPLATED = "site.!templated"  # (a read of whether a page's template tags run at all)
_DEPTH = 64  # deeper than this, a data file is read as not parsing
_NODES = 1_000_000  # nor one whose aliases expand past this


class Source(NamedTuple):
    path: str
    key: str  # where its document sits: "site", "site.data.m", "site.params", "page"
    doc: Any
    # The pages it gives values to, where not every page: ("under", "posts/") a folder's,
    # ("stem", "posts/x") one page's (a path without its extension), ("glob", "posts/**")
    # Hugo's cascade target in the content folder (round 87: a style guide's defaults
    # are no post's).
    scope: tuple[str, str] | None = None


class Site(NamedTuple):
    """The values as the generators rank them ({"site": ..., "page": ..., "layout":
    ...}, the scoped ones aside), every source's, which of them hold a banned phrase (key
    -> (scope, what it holds) of each), the files that do not parse (path -> why), and
    the templates a page may call that name the site's values (an include's, a
    shortcode's name -> whether they do)."""

    values: dict[str, Any]
    sources: tuple[Source, ...]
    tainted: dict[str, list[tuple[tuple[str, str] | None, str]]]
    unreadable: dict[str, str]
    naming: dict[str, bool]
    roots: frozenset[str] = frozenset()  # (the bare names data gives: Eleventy's)
    code: Code | None = None  # (the templates' text and calls, for reach())
    # Whether a page's template tags run: not on an MkDocs site with no macros plugin,
    # which prints `{{ x }}` and `{% if %}` as written (round 94's run on MkDocs
    # Material: a diff of a theme's template in its upgrade guide read as the page's code)
    templated: bool = True


class Code(NamedTuple):
    """The site's templates as reach() reads them: each one's text, the path each name
    calls, the templates each calls; the banned phrases (as written, and their letters
    as letters() makes them); and what reach() worked out already."""

    texts: dict[str, str]
    by_name: dict[str, str]
    calls: dict[str, set[str]]
    targets: tuple[tuple[str, str], ...]
    letters: Callable[[str], str]
    kept: dict[str, Any]


# What `init` names (under the site's folder): each generator's configs and data.
FILES = {
    "jekyll": ["_config*.yml", "_config*.yaml", "_config*.toml", "_data/**", "_layouts/**",
               "_includes/**"],
    "hugo": [
        *(f"{n}.{e}" for n in ("hugo", "config") for e in ("toml", "yaml", "yml", "json")),
        "config/**",
        "layouts/shortcodes/**",
        "layouts/_shortcodes/**",
        "layouts/partials/**",
        "layouts/_partials/**",
        "data/**",
        "i18n/**",
    ],  # (not themes/*: a theme is mostly a submodule, which no glob may read into)
    "eleventy": [
        "**/_data/**", "**/data/**", "**/*.json", "**/_includes/**", "**/_layouts/**",
        # (its config: where it moves the data folder, round 91)
        ".eleventy.js", "eleventy.config.js", "eleventy.config.mjs", "eleventy.config.cjs",
    ],
    "mkdocs": ["mkdocs.yml", "mkdocs.yaml"],
}  # fmt: skip
_DATA_KINDS = (".json", ".toml", ".yml", ".yaml", ".csv", ".tsv", ".xml")  # (Hugo's XML)
_KIND_RANK = {".yaml": 0, ".yml": 1, ".json": 2, ".csv": 3, ".tsv": 4, ".xml": 5}  # (Jekyll's)


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
    globs: Sequence[str] = (),
    targets: Sequence[tuple[str, str]] = (),
    letters: Callable[[str], str] = str.lower,
) -> Site:
    """The site's values from the files `site_values` names (by `globs`); `banned(text,
    key)`: the banned phrase a value's text holds, or None; `targets`: each banned
    phrase and its letters as `letters(text)` makes a text's (for reach())."""
    sources: list[tuple[tuple[int, int, str], Source]] = []
    unreadable: dict[str, str] = {}
    naming: dict[str, bool] = {}
    templates: dict[str, str] = {}
    data_dirs = _data_dirs(files, read)
    if globs:  # (a data folder a config moves after init: round 91, read nowhere)
        from receipt_gate.base import wildmatch

        for d in data_dirs:
            if not wildmatch.match(globs, f"{d}x.json"):
                unreadable[d.rstrip("/")] = (
                    f"a config names it as the site's data folder, which site_values does"
                    f" not read: add {d}** to it"
                )
    jekyll = any(p.rpartition("/")[2].startswith("_config") for p in files)
    macros, others = False, bool(templates_of(files))
    for path in sorted(files):
        placed = "data" if any(path.startswith(d) for d in data_dirs) else _where(path)
        if not placed or (placed == "data" and not path.lower().endswith(_DATA_KINDS)):
            continue
        if placed in ("template", "layout"):
            data = read(path)
            text = data.decode("utf-8", "replace") if data is not None else ""
            templates[path] = text
            parts = _front_matter(text, path)
            root = "layout" if placed == "layout" and "_layouts" in path.split("/") else "page"
            sources += [((1, 0, path), Source(path, root, parts))] if parts else []
            continue
        doc, why = _parsed(read(path), path)
        if why:
            unreadable[path] = why
            continue
        if placed == "mkdocs":
            macros = macros or _macros(doc)
        else:
            others = True
        rank = (0 if path.startswith("themes/") or "/themes/" in path else 1,)
        kind = _KIND_RANK.get(path[path.rfind(".") :].lower(), 0)
        data_root = next((d for d in data_dirs if path.startswith(d)), None)
        for key, part, scope in _placed(placed, path, doc, data_root):
            if jekyll and placed == "data" and key.startswith("page"):
                continue  # (Jekyll's data is `site.data` alone; Eleventy's, bare names)
            sources.append(((*rank, kind, path), Source(path, key, part, scope)))
    sources.sort(key=lambda s: s[0])
    values: dict[str, Any] = {"site": {}, "page": {}, "layout": {}}
    for _, src in sources:
        if src.scope is None:
            _merge(values, [src.key.split(".", 1)[0], *steps_of(src.key)], src.doc)
    ordered = tuple(s for _, s in sources)
    roots = _data_roots(ordered)
    # (a template that prints values plainly names none the check cannot follow: what it
    # prints is read in place, round 94 f01; each candidate of each key it prints too)
    shown = {path: _as_printed(text, values) for path, text in templates.items()}
    naming, by_name, calls = _naming(shown, roots)
    tainted = _tainted(ordered, banned)
    every = {key: found[0][1] for key, found in tainted.items()}
    for path, text in templates.items():  # (what a template prints of the values, together:
        said = banned(shown[path], path)  # round 88, two clean halves)
        keys = [k for _, ks in printed(_GO_PARAMS.sub("{{ site.params.", text), {}) for k in ks]
        hit = next(
            filter(None, (taint_of(every, k) for k in keys if not k.startswith(TEMPLATE))), None
        )
        said = said or (hit[1] if hit else None)
        if said:
            for name in _template_names(path):
                tainted.setdefault(TEMPLATE + name, []).append((None, said))
    code = Code(templates, by_name, calls, tuple(targets), letters, {})
    plain_mkdocs = not others and not macros and any(_where(p) == "mkdocs" for p in files)
    return Site(values, ordered, tainted, unreadable, naming, roots, code, not plain_mkdocs)


def templates_of(files: Mapping[str, object]) -> list[str]:
    """The templates and layouts among the files (a generator's, whose pages' tags run)."""
    return [p for p in files if _where(p) in ("template", "layout")]


def _macros(doc: Any) -> bool:
    """Does an MkDocs config turn on a plugin that runs a page's template tags (the macros
    plugin, or one the gate cannot name: any plugin it cannot read as a name)?"""
    if not isinstance(doc, dict) or "INHERIT" in doc:  # (another config's plugins)
        return True
    plugins = doc.get("plugins")
    if plugins is None:
        return False
    names = list(plugins) if isinstance(plugins, (dict, list)) else [plugins]
    for entry in names:
        name = next(iter(entry), None) if isinstance(entry, dict) else entry
        if not isinstance(name, str) or "macro" in name.lower() or "jinja" in name.lower():
            return True
    return False


# Hugo's ways to a site's params in a template, as Liquid names them.
_GO_PARAMS = lazyre.compile(r"\{\{-?\s*(?:\.Page)?\.Site\.Params\.|\{\{-?\s*site\.Params\.")


def _as_printed(text: str, values: Mapping[str, Any]) -> str:
    """A template's text with each value it prints by name in place (Liquid's and
    Nunjucks' `{{ site.x }}`, `{{ page.x }}`, a data file's `{{ name.x }}`; Hugo's
    `{{ .Site.Params.x }}`)."""
    from receipt_gate.reading.templatetags import own_values

    if "{{" not in text:
        return text
    text = _GO_PARAMS.sub("{{ site.params.", text)
    params = values["site"].get("params")
    fields = {
        **(params if isinstance(params, dict) else {}),
        **values["page"],
        "site": values["site"],
        "page": values["page"],
    }
    return own_values(text, fields) or text


def _data_roots(sources: Sequence[Source]) -> frozenset[str]:
    """The bare names a page's template gives a data file's values by (Eleventy's
    `metadata` for `_data/metadata.json`, `pkg`)."""
    out = {steps_of(s.key)[0] for s in sources if s.key.startswith("page.") and steps_of(s.key)}
    out |= {str(k) for s in sources if s.key == "page" and isinstance(s.doc, dict) for k in s.doc}
    return frozenset(k for k in out if re.fullmatch(r"[A-Za-z_][\w-]*", k))


def _naming(
    templates: Mapping[str, str], roots: frozenset[str]
) -> tuple[dict[str, bool], dict[str, str], dict[str, set[str]]]:
    """Each name a page calls a template by -> whether it names the site's values: by
    `site`, `page.`, a param, a data file's name, Hugo's data or strings (round 88:
    `{{ with site }}{{ .Params.x }}`, `.Site.Data`, `i18n`), or through a template it
    calls (an include in an include, a partial in a shortcode); and the path each name
    calls, the paths each template calls."""
    roots_rx = (
        re.compile(r"\b(?:" + "|".join(map(re.escape, sorted(roots))) + r")\b") if roots else None
    )
    names = {path: _template_names(path) for path in templates}
    by_name = {n: path for path, ns in names.items() for n in ns}
    direct = {
        path: bool(_NAMES_VALUES.search(text) or (roots_rx and roots_rx.search(text)))
        for path, text in templates.items()
    }
    calls = {
        path: {by_name[k] for m in _CALLS_IN.finditer(text) for k in _called_in(m) if k in by_name}
        for path, text in templates.items()
    }
    callers: dict[str, list[str]] = {}
    for path, called in calls.items():
        for c in called:
            callers.setdefault(c, []).append(path)
    todo = [path for path, named in direct.items() if named]
    while todo:  # (each caller of a marked one is marked, once: linear in the calls, where a
        # pass per link of a chain of 5,000 includes took 5 s, round 90 r01)
        for caller in callers.get(todo.pop(), ()):
            if not direct[caller]:
                direct[caller] = True
                todo.append(caller)
    return {n: direct[path] for path, ns in names.items() for n in ns}, by_name, calls


# A template's call of another: an include or a render (Jekyll's, Eleventy's), a Hugo
# partial or a template by name.
_CALLS_IN = lazyre.compile(
    r"\{%-?\s*(?:include|include_relative|render|import|from|extends)\s+[\"']?([\w./-]+)"
    r"|\b(?:partial|partialCached|template)\s+[\"`]([\w./-]+)"
)


def _called_in(m: re.Match[str]) -> list[str]:
    if m.group(1):
        return [f"include:{m.group(1)}", f"include:{m.group(1).split('.', 1)[0]}"]
    name = m.group(2)
    return [f"partial:{name}", f"partial:{name.split('.', 1)[0]}"]


_DATA_DIR = lazyre.compile(r"""(?m)^data_dir\s*:\s*["']?([^"'#\n]+?)["']?\s*(?:#.*)?$""")


def _data_dirs(files: Mapping[str, object], read: Callable[[str], bytes | None]) -> list[str]:
    """The data folders Jekyll's configs name (`data_dir: mydata`: round 87), Eleventy's
    (`dir: {data: "globals"}`) and Hugo's (`dataDir`), each as a prefix of the paths
    under it."""
    from receipt_gate.sites import eleventy, hugo

    out = []
    for path in files:
        base = path.rpartition("/")[2]
        if path in eleventy.CONFIGS:  # (and Eleventy's `dir.data`, Hugo's dataDir: round 91)
            moved = eleventy.data_folder((read(path) or b"").decode("utf-8", "replace"))
            out += [moved] if moved else []
        elif _where(path) == "hugo" and (
            d := hugo.data_dir((read(path) or b"").decode("utf-8", "replace"))
        ):
            home = path.partition("config/")[0] if "config/" in path else path.rpartition("/")[0]
            out.append(posixpath.join(home, d) + "/")  # (from the site's top)
        elif base.startswith("_config") and base.endswith((".yml", ".yaml")):
            m = _DATA_DIR.search((read(path) or b"").decode("utf-8", "replace"))
            home = path.rpartition("/")[0]
            if m and m.group(1).strip().strip("/") not in ("", "_data"):
                out.append(posixpath.join(home, m.group(1).strip().strip("/")) + "/")
    return out


def _front_matter(text: str, path: str) -> dict[str, Any]:
    """A layout's or an include's front matter (Jekyll's `layout.x`; Eleventy's data
    cascade), as plain values; none where it does not parse."""
    from receipt_gate import GateError
    from receipt_gate.reading.frontmatter import read as front_matter

    if not text.startswith(("---", "+++", "{")):
        return {}
    try:
        got = _plain(dict(front_matter(text, path).fields))
    except (GateError, ValueError, RecursionError):
        return {}
    return got if isinstance(got, dict) else {}


def _template_names(path: str) -> list[str]:
    """The names a page calls a template by: an include's path under `_includes/`
    (`{% include x.html %}`), a shortcode's name (`{{< x >}}`), a layout's."""
    parts = path.split("/")
    for folder in ("_includes", "shortcodes", "_shortcodes", "_layouts", "partials", "_partials"):
        if folder in parts:
            rest = "/".join(parts[len(parts) - parts[::-1].index(folder) :])
            stem = rest.split(".", 1)[0]
            if "partials" in folder:
                return [f"partial:{rest}", f"partial:{stem}"]
            return [f"include:{rest}", f"include:{stem}", f"shortcode:{stem}"]
    return []


def _where(path: str) -> str:
    """Which kind of values file the path is ("" for none the check reads)."""
    folder, _, base = path.rpartition("/")
    parts = folder.split("/") if folder else []
    stem, dot, ext = base.rpartition(".")
    if "node_modules" in parts:
        return ""
    if "_layouts" in parts or (
        "_includes" in parts and "_data" not in parts and "data" not in parts
    ):
        return "layout"
    if {"shortcodes", "_shortcodes", "partials", "_partials"} & set(parts):
        return "template"
    if not dot or f".{ext.lower()}" not in _DATA_KINDS:
        return ""
    if "_data" in parts or "data" in parts:  # (Eleventy's `dir.data` is mostly `data`)
        return "data"
    if "i18n" in parts:
        return "site"  # (Hugo's strings: `{{ i18n "x" }}` in a template prints them)
    if base.startswith("_config"):
        return "jekyll"
    if base.lower() in ("mkdocs.yml", "mkdocs.yaml"):
        return "mkdocs"
    if base == "package.json":
        return "pkg"
    if stem in ("hugo", "config") or "config" in parts:
        return "hugo"
    if ext.lower() == "json":  # (Eleventy's folder and template data: any JSON, round 87)
        return "" if base.startswith(("package-lock", "tsconfig", ".")) else "eleventy"
    return "site"


def _placed(
    kind: str, path: str, doc: Any, data_root: str | None = None
) -> list[tuple[str, Any, tuple[str, str] | None]]:
    """(key, document, scope) of each part of the file's document a page may print (a
    data file's key from its data folder: `data_root`, or the last `_data` or `data`)."""
    folder, _, base = path.rpartition("/")
    stem = base.rpartition(".")[0]
    if kind == "data":  # (Jekyll's site.data.a.b, Eleventy's a.b)
        if data_root is not None:
            rest = folder[len(data_root) :] if folder.startswith(data_root) else ""
            sub = [*(rest.split("/") if rest else []), stem]
        else:
            parts = folder.split("/")
            at = max(i for i, p in enumerate(parts) if p in ("_data", "data"))
            sub = [*parts[at + 1 :], stem]
        return [
            (key_of("site", ["data", *sub]), doc, None),
            *((key_of("page", sub), d, None) for d in _computed(doc)),
        ]
    if kind == "pkg":  # (Eleventy's `pkg`: the project's package.json)
        return [("page.pkg", doc, None)]
    if not isinstance(doc, dict):
        return []
    if kind == "jekyll":  # (its `defaults` are the pages', below)
        root = {k: v for k, v in doc.items() if k != "defaults"}
        out: list[tuple[str, Any, tuple[str, str] | None]] = [("site", root, None)]
        home = f"{folder}/" if folder else ""
        defaults = doc.get("defaults")
        for entry in defaults if isinstance(defaults, list) else []:
            if isinstance(entry, dict) and isinstance(entry.get("values"), dict):
                scope = entry.get("scope")
                where = scope.get("path") if isinstance(scope, dict) else None
                said = str(where).strip("/") if where else ""
                out.append(("page", entry["values"], ("under", home + said) if said else None))
        return out
    if kind == "eleventy":  # (a folder's data for its pages; a template's for its own)
        own = stem.removesuffix(".11tydata")
        scope = ("under", f"{folder}/") if folder.rpartition("/")[2] == own else None
        scope = scope or ("stem", f"{folder}/{own}" if folder else own)
        return [("page", d, scope) for d in _computed(doc)]
    if kind == "mkdocs":  # (the macros plugin's variables: `extra`, and `config`)
        extra = doc.get("extra")
        out = [("page", extra, None)] if isinstance(extra, dict) else []
        return [*out, ("page.config", doc, None)]  # (`{{ config.site_description }}`)
    if kind == "hugo":
        name = stem.split(".")[0].lower()
        if name in ("hugo", "config"):
            return _hugo(doc)
        if name in ("params", "languages", "cascade"):
            return _hugo({name: doc})
        return [(key_of("site", [name]), doc, None)]
    return [("site", doc, None)]


def _computed(doc: Any) -> list[Any]:
    """Eleventy's data and its `eleventyComputed` values, each a page's (round 87)."""
    computed = doc.get("eleventyComputed") if isinstance(doc, dict) else None
    return [doc, computed] if isinstance(computed, dict) else [doc]


def _hugo(doc: Mapping[str, Any]) -> list[tuple[str, Any, tuple[str, str] | None]]:
    """A Hugo config's values: the root, params (in lowercase), each language's keys and
    params, each cascade's values (a page's params, for the pages its target names)."""
    out: list[tuple[str, Any, tuple[str, str] | None]] = []
    for lang in [doc, *_tables(doc.get("languages"))]:
        out.append(
            ("site", {k: v for k, v in lang.items() if k not in ("params", "cascade")}, None)
        )
        if isinstance(lang.get("params"), dict):
            out.append(("site.params", _lower(lang["params"]), None))
    for cascade in _tables(doc.get("cascade")):
        values = {k: v for k, v in cascade.items() if k not in ("_target", "target")}
        target = cascade.get("_target") or cascade.get("target")
        glob = target.get("path") if isinstance(target, dict) else None
        scope = (
            ("glob", str(glob).strip("/")) if isinstance(glob, str) and glob.strip("/") else None
        )
        params = values.pop("params", None)  # (Hugo 0.134's form: `cascade.params`)
        out += [("page", _lower(p), scope) for p in (values, params) if isinstance(p, dict)]
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
        elif lower.endswith(".xml"):
            doc = _plain(_xml(text))
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


def _xml(text: str) -> Any:
    """An XML data file as Hugo reads it (round 93 t01: `data/x.xml` printed by `{{
    site.Data.x.tagline }}`): its root element's children by tag (a tag given twice: a
    list), an attribute as `-name`, an element's own text beside children as `#text`.
    One that declares entities is not read (what they expand to: the billion laughs)."""
    import xml.etree.ElementTree as ET

    if "<!DOCTYPE" in text or "<!ENTITY" in text:
        raise ValueError("declares a document type or entities, which the check does not expand")
    try:
        root = ET.fromstring(text)
    except ET.ParseError as e:
        raise ValueError(str(e)) from None

    def value(el: ET.Element) -> Any:
        out: dict[str, Any] = {f"-{k}": v for k, v in el.attrib.items()}
        for child in el:
            got = value(child)
            if child.tag in out:
                held = out[child.tag]
                out[child.tag] = [*held, got] if isinstance(held, list) else [held, got]
            else:
                out[child.tag] = got
        text = " ".join(t.strip() for t in (el.text, *(c.tail for c in el)) if t and t.strip())
        if not out:
            return text
        if text:
            out["#text"] = text
        return out

    got = value(root)
    return got if isinstance(got, dict) else {"#text": got}


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


def _tainted(
    sources: Sequence[Source], banned: Callable[[str, str], str | None]
) -> dict[str, list[tuple[tuple[str, str] | None, str]]]:
    """key -> (scope, the banned phrase) of each source's value there that holds one
    (each source's own: a value another outranks is still a candidate), and of a
    mapping whose keys hold one; a list's items as Jekyll prints the list, run together
    (round 87: `["As an AI", " language model"]`)."""
    out: dict[str, list[tuple[tuple[str, str] | None, str]]] = {}
    count = 0
    for src in sources:
        stack: list[tuple[str, Any]] = [(src.key, src.doc)]
        while stack and count < 1000:
            key, node = stack.pop()
            if isinstance(node, dict):
                stack += [(key_of(key, [str(k)]), v) for k, v in node.items()]
                for k in node:  # (a key a loop prints, `{{ p[0] }}`, Hugo's `range $k`:
                    said = banned(str(k), key) if str(k).strip() else None  # round 92)
                    if said:
                        out.setdefault(key, []).append((src.scope, said))
                        count += 1
                continue
            if isinstance(node, list):
                stack += [(f"{key}.{i}", v) for i, v in enumerate(node)]
                items = [str(v) for v in node if isinstance(v, (str, int, float))]
                # (run together, as Jekyll prints a list; and apart, either way round, as
                # a loop or `delimit (collections.Reverse x) " "` prints it: round 92)
                node = _joined(items) if len(items) > 1 else None
            if isinstance(node, str) and node.strip():
                # (and as a browser shows it: `&#65;I` is "AI" where a template prints it
                # as HTML, Jekyll's way, Hugo's safeHTML: round 92 t07)
                said = banned(node, key) or (
                    banned(html.unescape(node), key) if "&" in node else None
                )
                if said:
                    out.setdefault(key, []).append((src.scope, said))
                    count += 1
    return out


def _joined(items: Sequence[str]) -> str:
    """A list's items run together, then apart each way round, a paragraph between."""
    return "\n\n".join(["".join(items), " ".join(items), " ".join(reversed(items))])


def in_scope(scope: tuple[str, str] | None, path: str) -> bool:
    """Does a source with this scope give values to the page at `path`?"""
    if scope is None:
        return True
    how, where = scope
    if how == "under":  # (a folder, a file, or a glob: Jekyll's scope path)
        if "*" in where or "?" in where:
            from receipt_gate.base import wildmatch

            return wildmatch.select([where, f"{where.rstrip('/')}/**"], [path]) != []
        return path.startswith(where.rstrip("/") + "/") or path == where or not where
    if how == "stem":
        return path.rpartition(".")[0] == where
    from receipt_gate.base import wildmatch

    logical = path.split("content/", 1)[-1].rpartition(".")[0]  # (Hugo's: in content/)
    return wildmatch.select([where, f"{where}/**"], [logical]) != []


def tainted_for(site: Site, path: str) -> dict[str, str]:
    """key -> the banned phrase, of the values the page at `path` may print."""
    out: dict[str, str] = {}
    for key, found in site.tainted.items():
        said = next((w for scope, w in found if in_scope(scope, path)), None)
        if said:
            out[key] = said
    return out


def taint_of(tainted: Mapping[str, str], key: str) -> tuple[str, str] | None:
    """(key, phrase) of a tainted value the key prints: itself, or one inside it."""
    for t in sorted(tainted):
        if t == key or t.startswith((key + ".", key + "[")):
            return t, tainted[t]
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
            out[k] = {
                t: [[list(s or ()), w] for s, w in f] for t, f in sorted(site.tainted.items())
            }
        elif k == UNREADABLE:
            out[k] = dict(sorted(site.unreadable.items()))
        elif k == TEMPLATED:
            out[k] = site.templated
        elif k.startswith(TEMPLATE):  # (whether it names them, and what it prints of them)
            found = site.tainted.get(k, [])
            name = k[len(TEMPLATE) :]  # (and where its code reads the pieces of one: reach)
            out[k] = [site.naming.get(name), [w for _, w in found], template_profile(site, name)]
        else:
            out[k] = [
                [s.path, list(s.scope or ()), got]
                for s in site.sources
                if (got := _at(s, k)) is not None
            ]
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
    r"\{\{-?\s*(page\.|layout\.)?(?!site\b|page\b|layout\b)([A-Za-z_][\w-]*+"
    r"(?:\.[A-Za-z_][\w-]*+|\[\s*(?:\"[^\"\n]*\"|'[^'\n]*'|\d+)\s*\])*+)"
)
_TAG_STEP = lazyre.compile(r"\.?([A-Za-z_][\w-]*)|\[\s*(?:\"([^\"\n]*)\"|'([^'\n]*)'|(\d+))\s*\]")


def printed(text: str, own: Mapping[str, object]) -> list[tuple[int, list[str]]]:
    """(offset, keys) of each tag that prints a value by name: the site's, and the
    page's where its own front matter (`own`) does not say it; Hugo's param is either
    (a page's param first, then the site's)."""
    if "{{" not in text and "{%" not in text:
        return []
    out: list[tuple[int, list[str]]] = []
    for m in SITE_VALUE.finditer(text):
        out.append((m.start(), [printed_key(m)]))
    for m in PARAM.finditer(text):
        name = m.group(1).lower().split(".")
        keys = [printed_key(m)]
        out.append((m.start(), keys if name[0] in own else [*keys, key_of("page", name)]))
    mine = assigned(text)
    for m in _PAGE_VALUE.finditer(text):
        steps = _steps(m.group(2))
        if m.group(1) == "layout.":
            out.append((m.start(), [key_of("layout", steps)]))
        elif steps and steps[0] not in own and (m.group(1) or steps[0] not in mine):
            out.append((m.start(), [key_of("page", steps)]))  # (not a name the page sets)
    for m in _CALL.finditer(text):
        out.append((m.start(), [TEMPLATE + called(m)]))
    return sorted(out)


def called(m: re.Match[str]) -> str:
    """The name a _CALL match calls its template by (`include:x.html`, `shortcode:x`)."""
    if m.group(2):
        return f"shortcode:{m.group(2).removeprefix('/')}"
    return f"include:{m.group(1).strip(chr(34) + chr(39))}"


def assigned(text: str) -> frozenset[str]:
    """The names a page or template sets itself (`{% assign x = %}`, a loop's)."""
    return frozenset(_ASSIGNED.findall(text)) if "{%" in text else frozenset()


def call_of(tag: str) -> str | None:
    """The name a tag calls a template of the site's by (`shortcode:x`), or None."""
    m = _CALL.match(tag)
    return called(m) if m else None


def calls_naming(site: Site, tag: str) -> bool:
    """Does this tag call a template of the site's that names the site's values (round
    87: `{% include sig.html %}` whose include prints `{{ site.sig }}`)?"""
    m = _CALL.match(tag)
    return m is not None and site.naming.get(called(m), False)


# A name the page sets itself (`{% assign x = %}`, `{% capture x %}`, a loop's).
_ASSIGNED = lazyre.compile(r"\{%-?\s*(?:assign|set|capture|for)\s+([A-Za-z_][\w-]*)")
# A call of a template the site keeps: an include, a render, a shortcode.
_CALL = lazyre.compile(  # (and Nunjucks' import of macros, its extends: round 90)
    r"\{%-?\s*(?:include|include_relative|render|import|from|extends)\s+([\"']?[\w./-]+[\"']?)"
    r"|\{\{[<%]\s*([\w./-]+)"
)


def printed_key(m: re.Match[str]) -> str:
    """The site's key a SITE_VALUE or PARAM match prints (Hugo's param: its params', a
    key in any case)."""
    if m.group().startswith(("{{<", "{{%")):
        return key_of("site", ["params", *m.group(1).lower().split(".")])
    return key_of("site", _steps(m.group(1)))


def _steps(path: str) -> list[str]:
    return ["".join(s) for s in _TAG_STEP.findall(path)]


def fields(site: Site, own: Mapping[str, Any], path: str) -> dict[str, Any]:
    """What the tags of the page at `path` name, as the generators rank it: its own
    front matter over its defaults (those whose scope holds it; and Hugo's params,
    which `param` falls back to), `site` and `layout`."""
    params = site.values["site"].get("params")
    page = site.values["page"]
    scoped = [s for s in site.sources if s.scope is not None and in_scope(s.scope, path)]
    if scoped:
        values = {"page": dict(page)}
        for src in scoped:
            _merge(values, [src.key.split(".", 1)[0], *steps_of(src.key)], src.doc)
        page = values["page"]
    return {
        **(params if isinstance(params, dict) else {}),
        **page,
        **own,
        "site": site.values["site"],
        "layout": site.values["layout"],
    }


# Jekyll's own values of `site` no values file gives: the build's time, the pages (their
# front matter is their own; a loop over them prints no config's value).
_BUILT = lazyre.compile(
    r"\bsite\.(?:time|pages|posts|related_posts|static_files|html_pages|html_files"
    r"|categories|tags|documents)\b"
)  # (the pages: gated themselves; not `collections`, the config's: round 87)
_NAMES_SITE = lazyre.compile(r"\bsite\b|\.Site\b|\bparam\b")
_NAMES_PAGE = lazyre.compile(r"\bpage\.|\blayout\.")  # (round 88's review: `{% assign t =
# page.tagline %}`, a loop over `page.lines`)
# A template's text that names the site's values (an include, a shortcode).
# (round 90: Hugo's `.Page.Sites`, a language's `.Language.LanguageName`, strings by
# `T` in any form, `{{ "x" | T }}` and ``T `x` ``, or `lang.Translate`)
_NAMES_VALUES = lazyre.compile(
    r"\bsite\b|\.Site\b|\.Params?\b|\bparam\b|\bpage\.|\.Data\b|\bi18n\b|\bT\s+\""
    r"|\.Sites\b|\.Languages?\b|\blang\.Translate\b|\{\{[^{}]*\bT\b"
)


def names_site(tag: str, roots: frozenset[str] = frozenset()) -> bool:
    """Whether a template tag names the site's values (`site.time`, the pages, aside), or
    a bare name data gives (`roots`, round 88: Eleventy's `{% assign s = metadata.x %}`)
    other than by printing it plainly."""
    if _NAMES_SITE.search(_BUILT.sub("", tag) if "site." in tag else tag):
        return True
    if _PLAIN_PAGE_VALUE.fullmatch(tag):
        return False  # (printed plainly: read by its key, printed())
    if _NAMES_PAGE.search(tag):
        return True
    if not roots:
        return False
    said = _SETS.sub("", tag)  # (the name an assignment sets is the page's own)
    return _roots_rx(roots).search(said) is not None


@functools.lru_cache(maxsize=8)
def _roots_rx(roots: frozenset[str]) -> re.Pattern[str]:
    """One alternation of the roots (a search per root thrashed re's cache: the review)."""
    return re.compile(r"(?<![\w.])(?:" + "|".join(map(re.escape, sorted(roots))) + r")\b")


_SETS = lazyre.compile(r"^\{%-?\s*(?:assign|set|capture|for)\s+[\w-]+\s*(?:=|\bin\b)?")


# Filters that print a value's letters as they are (case and escapes aside): a tag that
# prints a value through only these prints it plainly.
PLAIN_FILTERS = r"\s*(?:\|\s*(?:strip|escape|upcase|downcase|capitalize|markdownify|smartify)\s*)*"
_PLAIN_PAGE_VALUE = lazyre.compile(
    r"\{\{-?\s*[A-Za-z_][\w-]*(?:\.[A-Za-z_][\w-]*|\[\s*(?:\"[^\"\n]*\"|'[^'\n]*'|\d+)\s*\])*"
    rf"{PLAIN_FILTERS}-?\}}\}}"
)


def reads_from(keys: Sequence[str], unfollowed: bool, site: Site) -> list[str]:
    out = set(keys)
    if unfollowed:
        out.add(EVERY)
    if out and site.unreadable:
        out.add(UNREADABLE)
    return sorted(out)


# What code that cuts, joins, reorders or replaces text may print of what it reads (round
# 92: `printf "%sI language model" site.Params.x` with x "As an A", `replace` of an X in
# "As an AX...", `collections.Reverse` of a list, a shortcode's own strings): where the
# letters of a banned phrase are, in order, a few runs of those texts (each inside one:
# 1 + n // 8 for a phrase of n letters, three for "as an ai language model"), or all in
# one text but for one letter, the check cannot follow what the code prints. Where the
# texts pass 4 KB (a site's data), only the latter: a large site's words make any phrase
# of a few runs (the Hugo docs' 176 KB: "regenerat" and "e response").
_MOST_CODE = 500  # templates, and characters below, past which a closure is not followed
_MOST_TEXT = 4_000_000
_SHORT = 4096  # (letters: what a shortcode and the few values it names hold)
TOO_LARGE = "!"


class Reach(NamedTuple):
    """For each target's letters, at each letter, where the longest run from there that
    one of the texts holds ends; how many letters the texts hold; for each target,
    whether one text holds its letters but for one."""

    ends: list[list[int]]
    size: int
    near: list[bool]


def profile(targets: Sequence[tuple[str, str]], pieces: Sequence[str]) -> Reach:
    """The texts' Reach: linear in a target's letters (a run from the next letter ends no
    sooner)."""
    material = "\0".join(pieces)
    ends_of, near = [], []
    for _, letters in targets:
        ends = []
        j = 0
        for i in range(len(letters)):
            j = max(j, i)
            while j < len(letters) and letters[i : j + 1] in material:
                j += 1
            ends.append(j)
        ends_of.append(ends)
        near.append(len(letters) > 3 and _one_off(letters, material))
    return Reach(ends_of, len(material), near)


def _one_off(letters: str, material: str) -> bool:
    """Does one text (of the material, apart by NULs) hold these letters but for one
    letter changed, added or dropped? One half is there as it is: each place it is, read
    at the three starts the letters may have there."""
    half = len(letters) // 2
    for part, start in ((letters[:half], 0), (letters[half:], half)):
        at, tries = material.find(part), 0
        while at != -1 and tries < 10_000:
            if any(
                _off_by_one(letters, material, s)
                for s in (at - start - 1, at - start, at - start + 1)
            ):
                return True
            at, tries = material.find(part, at + 1), tries + 1
    return False


def _off_by_one(p: str, material: str, s: int) -> bool:
    """Does the material from `s` differ from `p` by one letter changed, added or dropped
    (within one text)?"""
    if s < 0:
        return False
    n = len(p)
    run = material[s : s + n]
    k = next((i for i, (x, y) in enumerate(zip(run, p, strict=False)) if x != y), len(run))
    if "\0" in material[s : s + k]:
        return False
    if len(run) == n and "\0" not in run and run[k + 1 :] == p[k + 1 :]:
        return True  # (changed)
    dropped = material[s : s + n - 1]
    if "\0" not in dropped and dropped[k:] == p[k + 1 :] and len(dropped) == n - 1:
        return True
    added = material[s : s + n + 1]
    return "\0" not in added and len(added) == n + 1 and added[k + 1 :] == p[k:]


def reached(targets: Sequence[tuple[str, str]], reaches: Sequence[Any]) -> str | None:
    """The first banned phrase whose letters the texts of these Reaches hold, few enough
    runs of them or but for one letter, or None; TOO_LARGE where one is."""
    if any(r == TOO_LARGE for r in reaches):
        return TOO_LARGE
    size = sum(r.size for r in reaches)
    for n, (phrase, letters) in enumerate(targets):
        if any(r.near[n] for r in reaches):
            return phrase
        if size > _SHORT:  # (a large site's words, whole, each somewhere, make any phrase)
            continue
        ends = [max(e) for e in zip(*(r.ends[n] for r in reaches), strict=True)]
        runs = i = 0
        while i < len(letters) and ends[i] > i and runs <= 1 + len(letters) // 8:
            i, runs = ends[i], runs + 1
        if i >= len(letters) and runs <= 1 + len(letters) // 8:
            return phrase
    return None


def texts_of(site: Site, text: str, mine: frozenset[str] = frozenset()) -> list[str]:
    """A text's letters (as `letters` makes them), with those of each value it names
    (every string, key and item under it), and as a browser shows them (entities)."""
    if site.code is None:
        return []
    return [site.code.letters(text), *_value_texts(site, named_keys(text, site.roots - mine))]


def _value_texts(site: Site, keys: Sequence[str]) -> list[str]:
    """The letters of every string, key and item under each key's value, and as a browser
    shows them (entities)."""
    code = site.code
    if code is None:
        return []
    out: list[str] = []
    for key in keys:
        got = value(site, key)
        stack = [value(site, key.lower()) if got is None else got]  # (Hugo's, in any case)
        while stack and len(out) < 10_000:
            node = stack.pop()
            if isinstance(node, dict):
                out += map(str, node)
                stack += node.values()
            elif isinstance(node, list):
                stack += node
            elif isinstance(node, (str, int, float)) and not isinstance(node, bool):
                out.append(str(node))
    out += [html.unescape(t) for t in out if "&" in t]
    return [code.letters(t) for t in out]


def values_profile(site: Site, keys: Sequence[str]) -> Any:
    """profile() of the values these keys name (every string, key and item under each),
    kept per set of keys: a page's thousand tags naming one large value read it once (the
    review of round 94: 36 KB of tags naming a 60 KB value took 9 s)."""
    code = site.code
    if code is None:
        return None
    kept = "\0keys\0" + "\0".join(sorted(set(keys)))
    if kept not in code.kept:
        code.kept[kept] = profile(code.targets, _value_texts(site, keys))
    return code.kept[kept]


def template_profile(site: Site, name: str) -> Any:
    """profile() of the texts a template a page calls by `name` reads (its own, those of
    each template it calls, the values each names), TOO_LARGE past a bound, None for a
    template the site does not keep."""
    code = site.code
    path = code.by_name.get(name) if code is not None else None
    if code is None or path is None:
        return None
    if path not in code.kept:
        seen, todo, pieces, size = {path}, [path], [], 0
        while todo and len(seen) <= _MOST_CODE and size <= _MOST_TEXT:
            at = todo.pop()
            more = texts_of(site, code.texts[at], assigned(code.texts[at]))
            pieces += more
            size += sum(map(len, more))
            for c in sorted(code.calls.get(at, ())):
                if c not in seen:
                    seen.add(c)
                    todo.append(c)
        big = todo and (len(seen) > _MOST_CODE or size > _MOST_TEXT)
        code.kept[path] = TOO_LARGE if big else profile(code.targets, pieces)
    return code.kept[path]


# A value a template's code names anywhere in a tag (not only printed): Hugo's `.Site.X`,
# `site.Params.x`, `$.Site.Data.a`, `.Params.x` and `.Param "x"` (a page's params, or the
# site's), `i18n "x"`; Liquid's `site.x`, `page.x`, `layout.x`.
_HUGO_SITE = lazyre.compile(r"(?:\$|\.Page)?\.Site\b|\bhugo(?=\.Data\b)")
_HUGO_PARAM = lazyre.compile(r"(?:\bparam|\.Param|\bi18n|\bT)\s+\"([^\"\n]{1,200})\"")
_NAMED = lazyre.compile(
    r"(?:(?<![\w.$])(site|page|layout)|(?<!site)(\.Params))"
    r"((?:\.[A-Za-z_][\w-]*+|\[\s*(?:\"[^\"\n]*\"|'[^'\n]*'|\d+)\s*\])*+)"
)


# A template's comment or string (but an index's: `site.data["a.b"]`), which names no value.
_STRINGS = lazyre.compile(
    r"/\*.*?\*/|(?<![\[\s])\"(?:[^\"\\\n]|\\.)*\"|(?<!\[)\s\"(?:[^\"\\\n]|\\.)*\""
    r"|(?<![\[\s])'[^'\n]*'|(?<!\[)\s'[^'\n]*'|`[^`]*`",
    re.DOTALL,
)


def named_keys(text: str, roots: frozenset[str] = frozenset()) -> list[str]:
    """The keys of the values a template's text names, wherever (a bare `site` or
    `.Site.Params` names all under it; a data file's bare name, Eleventy's, too)."""
    if "{" not in text:
        return []
    from receipt_gate.reading.inline import TAGS

    tags = [m.group() for m in TAGS.finditer(text) if not m.group().startswith("{#")]
    code = _HUGO_SITE.sub("site", _STRINGS.sub(" ", "\n".join(tags)))
    out = set()
    for m in _NAMED.finditer(code):
        steps = _steps(m.group(3))
        if m.group(2):
            out |= {key_of("page", steps), key_of("site", ["params", *steps])}
        else:
            out.add(key_of(m.group(1), steps))
    for m in _HUGO_PARAM.finditer("\n".join(tags)):
        steps = m.group(1).split(".")
        out |= {key_of("page", steps), key_of("site", ["params", *steps]), key_of("site", steps)}
    if roots:
        rx = re.compile(
            r"(?<![\w.$])("
            + "|".join(map(re.escape, sorted(roots)))
            + r")((?:\.[A-Za-z_][\w-]*+)*)"
        )
        out |= {key_of("page", [m.group(1), *_steps(m.group(2))]) for m in rx.finditer(code)}
    return sorted(out)
