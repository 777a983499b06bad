"""registered-terms' second source: the setting names our own published pages name.

A project is the authority on its own flags and variables: a name one of its published
pages already uses (in prose or in code, `jekyll serve --incremental`) is documented
there, and a draft that names it again cites nothing new. A name no published page
uses and no registry entry holds is what the check exists to catch: a flag an agent
made up. Published is decided as for headline-numbers' corpus (gate.corpus.published):
a draft the site has not published documents nothing, and a page is never its own
source (two pages per name are kept, so one other than the draft's own can be found).

What a verdict reads is the map of names to (up to two) pages: its digest, not the
pages' bytes, is what the receipts fingerprint, so editing a page's prose stales no
receipt; only a name appearing or leaving does. Each page's names are cached in the
git dir by its sha256 and the name pattern (validated when loaded, like every cache).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, NamedTuple, TypeGuard

from receipt_gate import GateError, cache
from receipt_gate.tree import Tree, built_once, nameable, read_text

if TYPE_CHECKING:
    from receipt_gate.config import Config

FORMAT = 1
CACHE = "registered-terms-documented.json"


class Documented(NamedTuple):
    names: dict[str, list[str]]  # name -> up to two published pages that name it
    digest: str  # what the receipts fingerprint

    def elsewhere(self, name: str, path: str) -> bool:
        """Does a published page other than `path` name it?"""
        return any(p != path for p in self.names.get(name, ()))


NONE = Documented({}, hashlib.sha256(b"[]").hexdigest())


def _page(hit: object) -> TypeGuard[list[Any]]:
    """[names, fields]."""
    return (isinstance(hit, list) and len(hit) == 2 and isinstance(hit[0], list)
            and all(isinstance(n, str) for n in hit[0]) and isinstance(hit[1], dict)
            and all(isinstance(v, (str, bool, int, float)) for v in hit[1].values()))


def load(tree: Tree, files: Mapping[str, str | None], names_in: Callable[[str], list[str]],
         code: str, cfg: Config | None) -> Documented:
    """The names the published pages among `files` (path -> sha256) use, found in each
    page's text by `names_in`; `code` names that finder (the check's version and name
    pattern): pages cached under another code are read again."""
    from receipt_gate.corpus import rules_key

    shas = nameable(files)
    if not shas:
        return NONE
    key = hashlib.sha256(json.dumps([code, sorted(shas.items()), rules_key(cfg)]
                                    ).encode()).hexdigest()  # ASCII: json escapes the rest
    return built_once(tree, f"documented/{key}", lambda: _load(tree, shas, names_in, code,
                                                               cfg))


def _load(tree: Tree, shas: dict[str, str], names_in: Callable[[str], list[str]], code: str,
          cfg: Config | None) -> Documented:
    from receipt_gate.corpus import published, scalar_fields
    from receipt_gate.frontmatter import read as front_matter

    file = cache.path(tree.root, CACHE) if tree.root else None
    doc = cache.read(file, lambda d: isinstance(d, dict) and d.get("code") == code
                     and isinstance(d.get("pages"), dict))
    known: dict[str, Any] = doc["pages"] if doc else {}
    pages: dict[str, tuple[list[str], dict[str, str | bool | int | float]]] = {}
    errors = []
    for path, sha in sorted(shas.items()):
        hit: Any = known.get(sha)
        if _page(hit):
            pages[sha] = (hit[0], hit[1])
            continue
        if sha in pages:
            continue
        page = read_text(tree, path)
        if page is None:
            continue
        if isinstance(page, str):
            errors.append(page)
            continue
        try:
            fields = scalar_fields(front_matter(page.text, path).fields)
        except GateError as e:
            errors.append(str(e))
            continue
        pages[sha] = (sorted(set(names_in(page.text))), fields)
    if errors:
        raise GateError("\n".join(errors))
    if set(pages) != set(known):
        cache.write(file, {"code": code, "pages": {k: list(v) for k, v in pages.items()}})
    names: dict[str, list[str]] = {}
    for path, sha in sorted(shas.items()):
        if sha not in pages or (cfg is not None and not published(cfg, path)(pages[sha][1])):
            continue
        for n in pages[sha][0]:
            held = names.setdefault(n, [])
            if len(held) < 2:
                held.append(path)
    text = json.dumps([FORMAT, code, names], sort_keys=True, ensure_ascii=False,
                      separators=(",", ":"))
    return Documented(names, hashlib.sha256(text.encode()).hexdigest())


def for_check(name: str, version: int, settings: Mapping[str, Any], tree: Tree,
              files: Mapping[str, str | None], cfg: Config | None) -> Documented:
    """The map for a check whose module finds names with `names_in(text, rx)` and
    `name_pattern(settings)` (registered-terms); the module is imported only when a page
    must be read (a warm cache spares the commit path the import)."""
    shape = json.dumps([settings.get("shapes"), settings.get("pattern")], sort_keys=True)
    code = f"{name}@{version}/{FORMAT}/{hashlib.sha256(shape.encode()).hexdigest()[:16]}"
    found: list[Any] = []

    def names_in(text: str) -> list[str]:
        if not found:
            import importlib

            from receipt_gate.registry import CHECKS

            module = importlib.import_module(CHECKS[name].module)
            found[:] = [module, module.name_pattern(settings)]
        got: list[str] = found[0].names_in(text, found[1])
        return got

    return load(tree, files, names_in, code, cfg)
