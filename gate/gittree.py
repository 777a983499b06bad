"""Trees read from git objects: the index, and a commit (never the working tree)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from receipt_gate import git, wildmatch
from receipt_gate.tree import TooLarge, Unreadable


class IndexTree:
    """The index: its entries from `git ls-files --stage`, blobs read in batches."""

    label = "index"
    fork_safe = True  # blobs are prefetched bytes; a miss starts its own git process

    def __init__(self, root: str, entries: dict[str, git.IndexEntry] | None = None) -> None:
        self.root = root
        self.entries = git.index_entries(root) if entries is None else entries
        self._sorted: list[str] | None = None
        self._blobs: dict[str, bytes] = {}

    def paths(self, globs: Sequence[str] | None = None) -> list[str]:
        if self._sorted is None:
            self._sorted = sorted(self.entries)
        return self._sorted if globs is None else wildmatch.select(globs, self._sorted)

    def _lookup(self, paths: Iterable[str]) -> dict[str, git.IndexEntry]:
        entries = self.entries
        return {p: e for p in paths if (e := entries.get(p)) is not None}

    def prefetch(self, paths: Iterable[str]) -> None:
        found = self._lookup(paths).values()
        self._blobs.update(git.cat_blobs(self.root, [e.oid for e in found
                                                     if e.oid not in self._blobs]))

    def stamps(self, paths: Iterable[str]) -> dict[str, tuple[str, str]]:
        return {p: ("oid", e.oid) for p, e in self._lookup(paths).items()
                if e.mode in ("100644", "100755")}

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


class CommitTree(IndexTree):
    """A commit's tree, read from git objects (`git ls-tree`, `git cat-file --batch`).

    Listed only as far as it is asked: reading a config and a script from HEAD costs
    one `ls-tree` of those paths, not of 50,000 files.
    """

    def __init__(self, root: str, rev: str, what: str = "--rev") -> None:
        self.commit = git.resolve_commit(root, rev, what)
        super().__init__(root, {})
        self._complete = False
        self._asked: set[str] = set()  # paths (or folders) already listed
        named = "" if self.commit.startswith(rev) else f" ({rev})"
        self.label = f"commit {self.commit[:12]}{named}"

    def _list(self, paths: Sequence[str]) -> None:
        wanted = [p for p in paths if p not in self._asked]
        if wanted and not self._complete:
            self.entries.update(git.tree_entries(self.root, self.commit, wanted))
            self._asked.update(wanted)

    def _lookup(self, paths: Iterable[str]) -> dict[str, git.IndexEntry]:
        paths = list(paths)
        self._list(paths)
        return super()._lookup(paths)

    def paths(self, globs: Sequence[str] | None = None) -> list[str]:
        if not self._complete and globs is not None:
            prefixes = [wildmatch.literal_prefix(g) for g in globs]
            if all(prefixes):  # list only under the globs' literal folders
                under = [p for p in prefixes if not {"", ".", ".."} & set(p.split("/"))]
                self._list(under)
                listed = sorted(p for p in self.entries
                                if any(p == u or p.startswith(u + "/") for u in under))
                return wildmatch.select(globs, listed)
        if not self._complete:
            self.entries = git.tree_entries(self.root, self.commit)
            self._complete = True
            self._sorted = None
        return super().paths(globs)
