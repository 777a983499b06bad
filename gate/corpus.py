"""headline-numbers' corpus: our articles, each parsed once per content, cached in the git dir.

Two caches, both validated when loaded (anything of the wrong shape counts as absent):
each article's numbers by the article's sha256, and the whole built corpus under the
receipts' fingerprint (check, version, settings and every article's sha256), so a
commit that changed no article reads one small file.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, NamedTuple, TypeGuard

from receipt_gate import GateError, cache
from receipt_gate.parallel import split_map
from receipt_gate.tree import Tree, read_text

PARALLEL_FROM = 500  # articles to parse; below this a second process costs more than it saves


class Article(NamedTuple):
    titles: list[str]  # as readers see them: the front matter's, a level-1 heading
    title_numbers: list[list[str]]  # the numbers of each title
    body_numbers: list[str]


class Corpus(NamedTuple):
    titles: dict[str, list[tuple[str, str]]]  # number -> [(title, article path)]
    bodies: set[str]


def build(articles: Mapping[str, Article]) -> Corpus:
    titles: dict[str, list[tuple[str, str]]] = {}
    bodies: set[str] = set()
    for path in sorted(articles):
        a = articles[path]
        for title, numbers in zip(a.titles, a.title_numbers, strict=True):
            for n in numbers:
                if (title, path) not in titles.get(n, []):
                    titles.setdefault(n, []).append((title, path))
        bodies.update(a.body_numbers)
    return Corpus(titles, bodies)


def _strs(x: object) -> bool:
    return isinstance(x, list) and all(isinstance(s, str) for s in x)


def _article(hit: object) -> TypeGuard[list[Any]]:
    """[titles, numbers of each title, body numbers], all strings."""
    return (isinstance(hit, list) and len(hit) == 3 and _strs(hit[0]) and _strs(hit[2])
            and isinstance(hit[1], list) and len(hit[1]) == len(hit[0])
            and all(_strs(n) for n in hit[1]))


def _articles_doc(code: str) -> Callable[[Any], bool]:
    return lambda doc: (isinstance(doc, dict) and doc.get("code") == code
                        and isinstance(doc.get("articles"), dict))


def _whole_doc(key: str) -> Callable[[Any], bool]:
    def valid(doc: Any) -> bool:
        if not isinstance(doc, dict) or doc.get("key") != key or not _strs(doc.get("bodies")):
            return False
        titles = doc.get("titles")
        return isinstance(titles, dict) and all(
            isinstance(v, list) and all(_strs(t) and len(t) == 2 for t in v)
            for v in titles.values())
    return valid


def load(
    tree: Tree, files: Mapping[str, str | None], parse: Callable[[str, str], Article],
    version: str, fingerprint: str = "",
) -> Corpus:
    """The corpus of these article files (path -> sha256), parsed with `parse`.

    `version` names the parser's behaviour: articles cached by another version are parsed
    again. With a `fingerprint`, the built corpus is cached (and found) under it.
    """
    shas = {p: sha for p, sha in files.items() if sha is not None}
    articles_file = cache.path(tree.root, "headline-numbers.json") if shas else None
    whole_file = cache.path(tree.root, "headline-numbers-corpus.json") if fingerprint else None
    if whole_file is not None and articles_file is not None:
        doc = cache.read(whole_file, _whole_doc(fingerprint))
        if doc is not None:
            return Corpus({n: [(t, p) for t, p in v] for n, v in doc["titles"].items()},
                          set(doc["bodies"]))
    cached = cache.read(articles_file, _articles_doc(version))
    known: dict[str, Any] = cached["articles"] if cached else {}
    by_sha: dict[str, Article] = {}
    todo: dict[str, str] = {}  # sha -> a path with that content, to parse
    for path, sha in shas.items():
        hit = known.get(sha)
        if _article(hit):
            by_sha[sha] = Article(hit[0], hit[1], hit[2])
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
        for sha, got in part:
            if isinstance(got, str):
                errors.append(got)
            elif got is not None:
                by_sha[sha] = got
    if errors:
        raise GateError("\n".join(errors))
    if todo or set(by_sha) != set(known):
        cache.write(articles_file, {"code": version, "articles": {
            k: list(a) for k, a in by_sha.items()}})
    corpus = build({p: by_sha[sha] for p, sha in shas.items() if sha in by_sha})
    if whole_file is not None and articles_file is not None:
        cache.write(whole_file, {"key": fingerprint, "titles": corpus.titles,
                                 "bodies": sorted(corpus.bodies)})
    return corpus
