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
# Every entry but those under a folder (the receipts' run folder: four files a page).
ButLister = Callable[[Sequence[str]], dict[str, git.IndexEntry]]
ASK_AT_MOST = 64  # paths listed one pathspec each; more, and the whole tree is listed


class _ObjectTree:
    label = ""
    fork_safe = True  # blobs are prefetched bytes; a miss starts its own git process

    def __init__(self, root: str, lister: Lister, but: ButLister) -> None:
        self.root = root
        self._lister = lister  # () lists every entry; (paths) those at or under them
        self._but_lister = but
        self.entries: dict[str, git.IndexEntry] = {}
        self._complete = False
        # Folders whose entries alone are not all listed (none: nothing left out; globs
        # that leave them out need no more).
        self._but: tuple[str, ...] = ()
        self._listed_memo: tuple[int, list[str]] = (-1, [])
        self._asked: set[str] = set()  # paths (or folders) already listed
        self._blobs: dict[str, bytes] = {}
        # globs -> what they select, while the listing is what it was (a hook asks the
        # same globs of 10,000 paths several times: drafts, corpus, blind spots)
        self._selected: dict[tuple[str, ...], tuple[int, list[str]]] = {}
        self._generation = 0
        self._link_memo: tuple[int, dict[str, git.IndexEntry]] | None = None

    def _list(self, paths: Sequence[str]) -> None:
        if self._complete:
            return
        wanted = [p for p in paths if p not in self._asked and not self._listed_but(p)]
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
            self._generation += 1
        return self._listed()

    def _listed_but(self, path: str) -> bool:
        """Whether the listing of all but some folders holds this path and all under it."""
        return (
            bool(self._but)
            and path not in ("", ".")
            and not any(
                path == f or path.startswith(f + "/") or f.startswith(path + "/") for f in self._but
            )
        )

    def _all_but(self, folders: tuple[str, ...]) -> list[str]:
        """Every path outside these folders, sorted: listed without their entries, unless
        all of them are listed already (a folder of 160,000 receipts is not listed for
        globs that leave it out)."""
        if not self._complete and not (self._but and _both(self._but, folders) == self._but):
            self.entries.update(self._but_lister(folders))
            self._but = _both(self._but, folders) if self._but else folders
            self._complete = not self._but  # (two listings that leave out nothing alike)
            self._generation += 1
        return _without(self._listed(), folders)

    def _listed(self) -> list[str]:
        """Every path listed so far, sorted (once per listing)."""
        if self._listed_memo[0] != self._generation:
            self._listed_memo = (self._generation, sorted(self.entries))
        return self._listed_memo[1]

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
        prefixes = wildmatch.literal_prefixes(globs)
        if prefixes is not None:  # only what lies under the globs' literal folders
            under = sorted({p for p in prefixes if not {"", ".", ".."} & set(p.split("/"))})
            self._list(under)  # (each folder's range of the sorted listing)
            return wildmatch.select(globs, _within(self._listed(), under))
        gone = wildmatch.gone_folders(globs)
        if gone:  # (folders the globs leave out whole: the receipts')
            return wildmatch.select(globs, self._all_but(gone))
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


def _within(paths: list[str], folders: Sequence[str]) -> list[str]:
    """Of sorted paths, those that are one of these folders (or files) or lie under one,
    sorted (one folder's: a slice of them, no sort)."""
    from bisect import bisect_left

    out: list[str] = []
    kept: list[str] = []
    for u in sorted(set(folders)):
        if any(u.startswith(k + "/") for k in kept):
            continue  # (under one taken already: its entries are in that one's range)
        kept.append(u)
        at = bisect_left(paths, u)
        if at < len(paths) and paths[at] == u:
            out.append(u)
        # ("/" sorts just before "0": the folder's entries are one range)
        out += paths[bisect_left(paths, u + "/") : bisect_left(paths, u + "0")]
    return out if len(kept) < 2 else sorted(out)


def _both(these: Sequence[str], those: Sequence[str]) -> tuple[str, ...]:
    """The folders a path lies under when it lies under one of these and one of those
    (two listings, each of all but some folders: what neither lists)."""

    def under(a: str, b: str) -> bool:
        return a == b or a.startswith(b + "/")

    return tuple(
        sorted(
            {a for a in these for b in those if under(a, b)}
            | {b for b in those for a in these if under(b, a)}
        )
    )


def _without(paths: list[str], folders: Sequence[str]) -> list[str]:
    """Sorted paths but those under these folders (one range each)."""
    from bisect import bisect_left

    cuts = sorted((bisect_left(paths, f + "/"), bisect_left(paths, f + "0")) for f in folders)
    out: list[str] = []
    at = 0
    for start, end in cuts:
        out += paths[at:start] if start > at else []
        at = max(at, end)
    return out + paths[at:]


# The folders the last commit hook's listing of the index left out (a cache: a wrong
# one costs a listing, never an entry).
_HINT = "listing-hint.json"


_HINTS: dict[str, tuple[str, ...]] = {}  # root -> the hint as read or written here


def listing_hint(root: str) -> tuple[str, ...]:
    """The folders the last commit hook's listing left out (read once a process)."""
    if root not in _HINTS:
        from receipt_gate.trees import cache

        got = cache.read(cache.path(root, _HINT), _folders)
        _HINTS[root] = tuple(got) if got is not None else ()
    return _HINTS[root]


def hint_listing(root: str, folders: Sequence[str]) -> None:
    """Keep the folders a commit hook's listing leaves out, for the next one."""
    if listing_hint(root) != tuple(folders):
        from receipt_gate.trees import cache

        cache.write(cache.path(root, _HINT), list(folders))
        _HINTS[root] = tuple(folders)


def _folders(doc: object) -> bool:
    return (
        isinstance(doc, list)
        and 0 < len(doc) <= 8
        and all(isinstance(f, str) and f.strip("/") == f and f not in ("", ".") for f in doc)
    )


# An index file smaller than this (about 2,500 entries) is listed whole at first use:
# one git process is cheaper than several small ones. A larger one is listed as asked.
SMALL_INDEX = 256 * 1024


class IndexTree(_ObjectTree):
    """The index (`git ls-files --stage`; conflicted paths are left out). `hinted`: a
    commit hook's, which lists all but the folders the last one left out (the receipts')
    at its first question: each git process reads the whole index (24 MB at 40,000
    pages), and the hook lists all but the receipts for the site's build files anyway."""

    label = "index"

    def __init__(self, root: str, hinted: bool = False) -> None:
        super().__init__(
            root,
            lambda paths: git.index_entries(root, paths),
            lambda folders: git.index_entries(root, (), folders),
        )
        self._small = 0 <= git.index_size(root) < SMALL_INDEX
        self._hinted = not hinted

    def _list(self, paths: Sequence[str]) -> None:
        if self._small and not self._complete:
            self._all()
            return
        if not self._hinted:
            self._hinted = True
            folders = listing_hint(self.root)
            if folders and not self._complete and not self._but:
                self._all_but(folders)
        super()._list(paths)

    @property
    def listed_whole(self) -> bool:
        """Whether every entry is (or, at first use, will be) listed in this process: a
        small index is listed whole, and a question of all of it costs no git process."""
        return self._small or self._complete

    def reread(self, paths: Sequence[str]) -> None:
        """These paths changed in the index (this process staged them): list them again."""
        fresh = git.index_entries(self.root, paths)
        for p in paths:
            self.entries.pop(p, None)
        self.entries.update(fresh)
        self._generation += 1


class CommitTree(_ObjectTree):
    """A commit's tree (`git ls-tree`)."""

    def __init__(self, root: str, rev: str, what: str = "--rev") -> None:
        self.commit = revs.resolve_commit(root, rev, what)
        super().__init__(
            root,
            lambda paths: git.tree_entries(root, self.commit, paths),
            lambda folders: git.tree_entries_but(root, self.commit, folders),
        )
        named = "" if self.commit.startswith(rev) else f" ({rev})"
        self.label = f"commit {self.commit[:12]}{named}"
