"""headline-numbers' corpus: our published articles, each parsed once per content.

Published: an article file the site has not marked as a draft (draft_markers), whatever
its status: says about the gate. A file that is also a draft the gate holds (a site
whose posts are both, like Jekyll's _posts/) is corpus only where the config has
draft_markers, which say what the site has not published; without markers a draft is
never corpus. The check decides a draft against the others, never against itself.

What a verdict reads of the corpus is small: for each number in a title, the titles
that hold it and whether some body holds it (two bodies are enough to know that one
other than the draft's own does). That summary, not the article files' bytes, is what
the receipts fingerprint, so editing a post's prose stales no other post's receipt;
only a change to a title's numbers, or to which bodies hold them, does.

Two caches in the git dir, both validated when loaded (the wrong shape counts as
absent): each article parsed, by its sha256; and the summary under a key of every
article's sha256 and the rules that decide publication, so a commit that changed no
article reads one small file.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple, TypeGuard

from receipt_gate import GateError, cache
from receipt_gate.parallel import split_map
from receipt_gate.tree import Tree, built_once, nameable, read_text

if TYPE_CHECKING:
    from receipt_gate.config import Config

PARALLEL_FROM = 500  # articles to parse; below this a second process costs more than it saves
FORMAT = 2  # of both caches and the summary


class Article(NamedTuple):
    titles: list[str]  # as readers see them: the front matter's, a level-1 heading
    title_numbers: list[list[str]]  # the numbers of each title
    body_numbers: list[str]
    # The front matter's scalar fields that decide publication: status, and the
    # site's draft markers (draft, published...), as strings, booleans or numbers.
    fields: dict[str, str | bool | int | float]


class Corpus(NamedTuple):
    titles: dict[str, list[tuple[str, str]]]  # number -> [(title, article path)]
    bodies: dict[str, list[str]]  # a title's number -> up to two article paths whose body has it
    digest: str  # what the receipts fingerprint


def scalar_fields(fields: Mapping[str, object]) -> dict[str, str | bool | int | float]:
    """The fields an Article keeps (strings cut short: no marker needs a long one)."""
    return {k: v[:200] if isinstance(v, str) else v for k, v in fields.items()
            if isinstance(v, (str, bool, int, float))}


def published(cfg: Config, path: str) -> Callable[[Mapping[str, object]], bool]:
    """Is the article at `path`, with these front-matter fields, published?"""
    from receipt_gate import wildmatch

    is_draft = wildmatch.match(cfg.drafts, path)

    def decide(fields: Mapping[str, object]) -> bool:
        if is_draft and cfg.draft_markers is None:
            return False  # no markers: the gate cannot tell a published draft from another
        # What the site publishes, whatever the gate's status: says of it (a post marked
        # pre-gate by `adopt` is still read by the site's readers).
        return cfg.site_status(path, fields) is None

    return decide


def build(articles: Mapping[str, Article], cfg: Config | None = None) -> Corpus:
    titles: dict[str, list[tuple[str, str]]] = {}
    bodies: dict[str, set[str]] = {}
    chosen = sorted(p for p, a in articles.items()
                    if cfg is None or published(cfg, p)(a.fields))
    for path in chosen:
        a = articles[path]
        for title, numbers in zip(a.titles, a.title_numbers, strict=True):
            for n in numbers:
                if (title, path) not in titles.get(n, []):
                    titles.setdefault(n, []).append((title, path))
    for path in chosen:
        for n in articles[path].body_numbers:
            if n in titles:
                held = bodies.setdefault(n, set())
                if len(held) < 2:
                    held.add(path)
    summary = {n: sorted(v) for n, v in bodies.items()}
    text = json.dumps([FORMAT, titles, summary], sort_keys=True, ensure_ascii=False,
                      separators=(",", ":"))
    return Corpus(titles, summary, hashlib.sha256(text.encode()).hexdigest())


def _strs(x: object) -> bool:
    return isinstance(x, list) and all(isinstance(s, str) for s in x)


def _article(hit: object) -> TypeGuard[list[Any]]:
    """[titles, numbers of each title, body numbers, fields]."""
    return (isinstance(hit, list) and len(hit) == 4 and _strs(hit[0]) and _strs(hit[2])
            and isinstance(hit[1], list) and len(hit[1]) == len(hit[0])
            and all(_strs(n) for n in hit[1]) and isinstance(hit[3], dict)
            and all(isinstance(v, (str, bool, int, float)) for v in hit[3].values()))


def _articles_doc(code: str) -> Callable[[Any], bool]:
    return lambda doc: (isinstance(doc, dict) and doc.get("code") == code
                        and isinstance(doc.get("articles"), dict))


def _whole_doc(key: str) -> Callable[[Any], bool]:
    def valid(doc: Any) -> bool:
        if not isinstance(doc, dict) or doc.get("key") != key:
            return False
        titles, bodies = doc.get("titles"), doc.get("bodies")
        if not (isinstance(doc.get("digest"), str) and isinstance(titles, dict)
                and isinstance(bodies, dict)):
            return False
        # One pass over each kind of leaf (tens of thousands of them in a large site).
        lists = [*titles.values(), *bodies.values()]
        pairs = [t for v in titles.values() if type(v) is list for t in v]
        return ({type(v) for v in lists} <= {list} and {type(t) for t in pairs} <= {list}
                and {len(t) for t in pairs} <= {2}
                and {type(s) for t in pairs for s in t} <= {str}
                and {type(s) for v in bodies.values() for s in v} <= {str})
    return valid


def rules_key(cfg: Config | None) -> object:
    """What decides publication, for the summary's cache key."""
    if cfg is None:
        return None
    return [cfg.drafts, cfg.draft_markers]


def parser(module: str) -> Callable[[str, str], Article]:
    """The check module's parse_article, imported only when an article must be parsed
    (a warm cache spares the commit path the import)."""
    def parse(text: str, path: str) -> Article:
        import importlib

        got: Article = importlib.import_module(module).parse_article(text, path)
        return got

    return parse


def load(
    tree: Tree, files: Mapping[str, str | None], parse: Callable[[str, str], Article],
    version: str, cfg: Config | None,
) -> Corpus:
    """The corpus of these article files (path -> sha256), parsed with `parse`, the
    published ones (by `cfg`'s rules; all of them when it is None) kept.

    `version` names the parser's behaviour: articles cached by another version are parsed
    again."""
    shas = nameable(files)
    key = hashlib.sha256(json.dumps([FORMAT, version, sorted(shas.items()), rules_key(cfg)],
                                    ensure_ascii=False).encode()).hexdigest()
    return built_once(tree, f"articles/{key}", lambda: _load(tree, shas, parse, version, cfg,
                                                             key))


def _load(tree: Tree, shas: dict[str, str], parse: Callable[[str, str], Article],
          version: str, cfg: Config | None, key: str) -> Corpus:
    articles_file = cache.path(tree.root, "headline-numbers.json") if tree.root else None
    whole_file = cache.path(tree.root, "headline-numbers-corpus.json") if tree.root else None
    doc = cache.read(whole_file, _whole_doc(key))
    if doc is not None:
        return Corpus({n: [(t, p) for t, p in v] for n, v in doc["titles"].items()},
                      doc["bodies"], doc["digest"])
    code = f"{version}/{FORMAT}"
    cached = cache.read(articles_file, _articles_doc(code))
    known: dict[str, Any] = cached["articles"] if cached else {}
    by_sha: dict[str, Article] = {}
    todo: dict[str, str] = {}  # sha -> a path with that content, to parse
    for path, sha in shas.items():
        got_article = known.get(sha)
        if _article(got_article):
            by_sha[sha] = Article(*got_article)
        elif sha not in by_sha:
            todo.setdefault(sha, path)

    def parse_chunk(chunk: Sequence[tuple[str, str]]) -> list[tuple[str, Article | str | None]]:
        out: list[tuple[str, Article | str | None]] = []
        for sha, path in chunk:
            draft = read_text(tree, path)
            out.append((sha, draft if draft is None or isinstance(draft, str)
                        else parse(draft.text, path)))
        return out

    errors = []
    for part in split_map(parse_chunk, list(todo.items()), PARALLEL_FROM // 2, tree.fork_safe):
        for sha, parsed in part:
            if isinstance(parsed, str):
                errors.append(parsed)
            elif parsed is not None:
                by_sha[sha] = parsed
    if errors:
        raise GateError("\n".join(errors))
    if todo or set(by_sha) != set(known):
        cache.write(articles_file, {"code": code, "articles": {
            k: list(a) for k, a in by_sha.items()}})
    corpus = build({p: by_sha[sha] for p, sha in shas.items() if sha in by_sha}, cfg)
    cache.write(whole_file, {"key": key, "titles": corpus.titles, "bodies": corpus.bodies,
                             "digest": corpus.digest})
    return corpus
