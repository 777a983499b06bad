"""Trees read from git objects: the index, and a commit (never the working tree).

Both are listed only as far as they are asked: reading a config and a script from HEAD
costs one `ls-tree` of those paths, and a commit hook that judges one changed draft
need not list 50,000 index entries. Blobs are read in batches (`cat-file --batch`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from receipt_gate.base import wildmatch
from receipt_gate.trees import git, revs
from receipt_gate.trees.tree import TooLarge, Unreadable

Lister = Callable[[Sequence[str]], dict[str, git.IndexEntry]]
ASK_AT_MOST = 64  # paths listed one pathspec each; more, and the whole tree is listed


class _ObjectTree:
    label = ""
    fork_safe = True  # blobs are prefetched bytes; a miss starts its own git process

    def __init__(self, root: str, lister: Lister) -> None:
        self.root = root
        self._lister = lister  # () lists every entry; (paths) those at or under them
        self.entries: dict[str, git.IndexEntry] = {}
        self._complete = False
        self._asked: set[str] = set()  # paths (or folders) already listed
        self._sorted: list[str] | None = None
        self._blobs: dict[str, bytes] = {}
        # globs -> what they select, while the listing is what it was (a hook asks the
        # same globs of 10,000 paths several times: drafts, corpus, blind spots)
        self._selected: dict[tuple[str, ...], tuple[int, list[str]]] = {}
        self._generation = 0
        self._link_memo: tuple[int, dict[str, git.IndexEntry]] | None = None

    def _list(self, paths: Sequence[str]) -> None:
        if self._complete:
            return
        wanted = [p for p in paths if p not in self._asked]
        if len(wanted) > ASK_AT_MOST:
            self._all()  # git matches many pathspecs slowly: one listing of all is faster
        elif wanted:
            self.entries.update(self._lister(wanted))
            self._asked.update(wanted)
            self._generation += 1

    def _all(self) -> list[str]:
        if not self._complete:
            self.entries = self._lister(())
            self._complete = True
            self._sorted = None
            self._generation += 1
        if self._sorted is None:
            self._sorted = sorted(self.entries)
        return self._sorted

    def paths(self, globs: Sequence[str] | None = None) -> list[str]:
        if globs is None:
            return self._all()
        key = tuple(globs)
        hit = self._selected.get(key)
        if hit is not None and hit[0] == self._generation:
            return list(hit[1])
        got = self._paths(globs)
        self._selected[key] = (self._generation, got)
        return list(got)

    def _paths(self, globs: Sequence[str]) -> list[str]:
        if not self._complete:
            prefixes = wildmatch.literal_prefixes(globs)
            if prefixes is not None:  # list only under the globs' literal folders
                under = [p for p in prefixes if not {"", ".", ".."} & set(p.split("/"))]
                self._list(under)
                listed = sorted(
                    p for p in self.entries if any(p == u or p.startswith(u + "/") for u in under)
                )
                return wildmatch.select(globs, listed)
        return wildmatch.select(globs, self._all())

    def blind(
        self, globs: Sequence[str], among: Sequence[str] | None = None
    ) -> list[tuple[str, str]]:
        from receipt_gate.trees.links import candidates, file_target

        if not globs:
            return []  # (no glob: nothing it could match hides behind a link)
        kinds = {"120000": "a symlink", "160000": "a submodule (gitlink)"}
        if among is None:
            self.paths(globs)  # lists what lies under the globs' literal folders
            found = {**self._links(), **self._lookup(candidates(globs))}
        else:
            found = self._lookup([*among, *candidates(globs)])
        links = {
            p: e for p, e in found.items() if e.mode in kinds and wildmatch.could_hold(globs, p)
        }
        symlinks = [p for p, e in links.items() if e.mode == "120000"]
        if symlinks:
            self._blobs.update(git.cat_blobs(self.root, [links[p].oid for p in symlinks]))

        def is_file(name: str) -> bool:
            entry = self._lookup([name]).get(name)
            return entry is not None and entry.mode in ("100644", "100755")

        # A link to a file of the tree hides no folder (an image a page bundle shares).
        return sorted(
            (p, kinds[e.mode])
            for p, e in links.items()
            if e.mode == "160000" or not file_target(p, self._blobs[e.oid], is_file)
        )

    def _links(self) -> dict[str, git.IndexEntry]:
        """Every symlink and gitlink listed so far (once per listing: most trees have none,
        and a site's index has thousands of entries)."""
        if self._link_memo is None or self._link_memo[0] != self._generation:
            self._link_memo = (
                self._generation,
                {p: e for p, e in self.entries.items() if e.mode in ("120000", "160000")},
            )
        return self._link_memo[1]

    def _lookup(self, paths: Iterable[str]) -> dict[str, git.IndexEntry]:
        paths = list(paths)
        self._list(paths)
        entries = self.entries
        return {p: e for p in paths if (e := entries.get(p)) is not None}

    def entries_of(self, paths: Sequence[str]) -> dict[str, git.IndexEntry | None]:
        """Each path's entry as listed (None: not in this tree)."""
        found = self._lookup(paths)
        return {p: found.get(p) for p in paths}

    def prefetch(self, paths: Iterable[str]) -> None:
        found = self._lookup(paths).values()
        self._blobs.update(
            git.cat_blobs(self.root, [e.oid for e in found if e.oid not in self._blobs])
        )

    def stamps(self, paths: Iterable[str]) -> dict[str, tuple[str, str]]:
        return {
            p: ("oid", e.oid)
            for p, e in self._lookup(paths).items()
            if e.mode in ("100644", "100755")
        }

    def read(self, path: str, limit: int | None = None) -> bytes | None:
        entry = self._lookup([path]).get(path)
        if entry is None or entry.mode == "160000":
            return None
        if entry.mode == "120000":
            raise Unreadable(path, "is a symlink; drafts and receipts must be regular files")
        if entry.oid not in self._blobs:
            self.prefetch([path])
        data = self._blobs[entry.oid]
        if limit is not None and len(data) > limit:
            raise TooLarge(path, limit)
        return data


# An index file smaller than this (about 2,500 entries) is listed whole at first use:
# one git process is cheaper than several small ones. A larger one is listed as asked.
SMALL_INDEX = 256 * 1024


class IndexTree(_ObjectTree):
    """The index (`git ls-files --stage`; conflicted paths are left out)."""

    label = "index"

    def __init__(self, root: str) -> None:
        super().__init__(root, lambda paths: git.index_entries(root, paths))
        self._small = 0 <= git.index_size(root) < SMALL_INDEX

    def _list(self, paths: Sequence[str]) -> None:
        if self._small and not self._complete:
            self._all()
        else:
            super()._list(paths)

    def reread(self, paths: Sequence[str]) -> None:
        """These paths changed in the index (this process staged them): list them again."""
        fresh = git.index_entries(self.root, paths)
        for p in paths:
            self.entries.pop(p, None)
        self.entries.update(fresh)
        self._sorted = None
        self._generation += 1


class CommitTree(_ObjectTree):
    """A commit's tree (`git ls-tree`)."""

    def __init__(self, root: str, rev: str, what: str = "--rev") -> None:
        self.commit = revs.resolve_commit(root, rev, what)
        super().__init__(root, lambda paths: git.tree_entries(root, self.commit, paths))
        named = "" if self.commit.startswith(rev) else f" ({rev})"
        self.label = f"commit {self.commit[:12]}{named}"
