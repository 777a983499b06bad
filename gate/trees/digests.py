"""SHA-256 of a tree's input files, without re-reading the ones that did not change.

A corpus of 10,000 articles is 28 MB to read and hash on every commit. Each tree gives
a stamp for a file whose content it can vouch for without reading it:

- the index and commits: the blob id (content-addressed: the same id, the same bytes);
- the working tree: device, inode, size, mtime and ctime, as git's own index trusts
  them, and only for a file whose ctime is over two seconds old when it is looked at
  (a write within the same clock tick could otherwise leave all five unchanged; git
  calls this the racy case). ctime cannot be set back without changing the system
  clock, so `touch -d` after an edit does not fool it.

The cache maps stamp -> sha256, in the git dir (never committed, one per clone), one
file per kind of stamp, holding the stamps looked up by the last run that wrote it
whole, and a journal beside it of those learned since.
Bytes the working tree would fold (CRLF under eol attributes) are never cached: the
attributes could change without the file changing.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from receipt_gate.base.sha import hex256
from receipt_gate.trees import cache
from receipt_gate.trees.tree import Tree

_loaded: dict[str, dict[str, str]] = {}  # cache file -> stamp -> sha256, per process
_used: dict[str, dict[str, str]] = {}  # what this process looked up or computed
_dirty: set[str] = set()
# cache file -> (the file as read, the steps of its journal): a run that learns a few
# stamps writes them to the journal beside the file (a site's file is megabytes), and
# the file whole, with only the stamps it used, every so often (gate.trees.cache).
_base: dict[str, tuple[Any, list[Any]]] = {}
STEPS = 64  # a journal's steps before the file is written whole again


def _cache_file(root: str, kind: str) -> str | None:
    return cache.path(root, f"digests-v3-{kind}.json") if root else None


def _digests(doc: Any) -> bool:
    return cache.str_map(doc) and all(len(v) == 64 for v in doc.values())


def _load(path: str) -> dict[str, str]:
    got = _loaded.get(path)
    if got is None:
        doc, steps = cache.read_journaled(path, lambda d: _digests(d.get("digests")), STEPS)
        if not all(_digests(step) for step in steps):
            steps = []  # (a journal of another shape: the file as it is)
        _base[path] = (doc, steps)
        got = _loaded[path] = {
            **(doc["digests"] if doc is not None else {}),
            **{k: v for step in steps for k, v in step.items()},
        }
    return got


def sha256_of(tree: Tree, paths: Iterable[str]) -> dict[str, str | None]:
    """path -> sha256 of the bytes tree.read() gives (None: the tree has no such file).

    Raises what tree.read raises (Unreadable) for a file it will not read.
    """
    paths = list(paths)
    stamps = tree.stamps(paths)
    found: dict[str, str | None] = {}
    for kind in {k for k, _ in stamps.values()}:
        file = _cache_file(tree.root, kind)
        if file is None:
            continue
        known, used = _load(file), _used.setdefault(file, {})
        for p, (k, stamp) in stamps.items():
            sha = known.get(stamp) if k == kind else None
            if sha is not None:
                found[p] = used[stamp] = sha
    misses = [p for p in paths if p not in found]
    tree.prefetch(misses)
    for p in misses:
        data = tree.read(p)
        if data is None:
            found[p] = None
            continue
        found[p] = hex256(data)
    # Cache only what the tree still stamps as it did before the read: a file that
    # changed meanwhile, or whose stored bytes depend on more than its content (a
    # working-tree file under eol or ident rules), is hashed afresh each time.
    after = tree.stamps([p for p in misses if p in stamps])
    for p, stamp_after in after.items():
        sha = found[p]
        if sha is not None and stamp_after == stamps[p]:
            kind, stamp = stamps[p]
            file = _cache_file(tree.root, kind)
            if file is not None:
                _used.setdefault(file, {})[stamp] = sha
                _dirty.add(file)
    save()
    return found


def save() -> None:
    """Write what each cache learned: to its journal while that stays small, else the
    file whole, with the stamps this process used."""
    for file in sorted(_dirty):
        used = _used.get(file, {})
        known = _loaded.setdefault(file, {})
        doc, steps = _base.get(file, (None, []))
        learned = {k: v for k, v in used.items() if known.get(k) != v}
        small = sum(map(len, steps)) + len(learned) <= max(1024, len(known) // 8)

        def whole(used: dict[str, str] = used) -> dict[str, Any]:
            return {"digests": dict(sorted(used.items()))}  # (sorted only when written)

        now = cache.write_journaled(file, doc, steps, learned if small else None, whole, STEPS)
        if now is doc:
            known.update(learned)
            _base[file] = (doc, [*steps, learned])
        else:
            _loaded[file] = dict(used)
            _base[file] = (now, [])
    _dirty.clear()
