"""The fingerprint a receipt carries: everything but the draft that its verdict read.

Common to every draft: the check's version, its settings, the bytes of its input files.
For a check with a corpus, of the corpus only what the verdict on that draft read: the
check's digest(corpus, reads, draft), where `reads` are the keys the receipt names (the
numbers a draft cites, the names it uses), so a new post with a title number nobody
cites stales no other post's receipt. And of the baseline, the draft's own entries.
"""

from __future__ import annotations

import json
import posixpath
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from receipt_gate.base import wildmatch
from receipt_gate.base.sha import hex256, rows_key
from receipt_gate.rules.config import Config
from receipt_gate.trees.tree import Tree, nameable

InputFiles = dict[str, dict[str, str | None]]
Digest = Callable[[Any, Sequence[str], str], object]


class Fingerprint:
    """One check's fingerprints in one tree: `of(draft, reads)` is what its receipt for
    that draft must carry. A corpus is built on first use (a verify whose kept memo
    answers every draft imports no check and reads no page)."""

    __slots__ = (
        "_built",
        "_load",
        "baseline",
        "changed",
        "check",
        "common",
        "flat",
        "loaded",
        "members",
        "memo",
        "whole",
    )

    def __init__(
        self,
        check: str,
        common: str,
        whole: str,
        load: Callable[[], tuple[Any, Digest]] | None,
        baseline: Mapping[str, Sequence[str]] | None,
        members: frozenset[str] = frozenset(),
        memo: dict[str, str] | None = None,
        loaded: int = 0,
    ) -> None:
        self.check = check
        self.common = common  # of what every draft's verdict read
        self.whole = whole  # of everything it could read (corpus and baseline whole)
        self.baseline = baseline  # draft -> its baselined findings' keys
        self.members = members  # the corpus's files
        # reads (joined by NUL) -> inputs_sha256, for drafts outside the corpus (their
        # digest is reads' alone)
        self.memo = memo
        self.loaded = loaded  # how many of memo's entries came from the git dir's cache
        self._load = load  # the check's corpus and digest function (None: no corpus)
        # Every draft's fingerprint, when they do not differ by draft; else "".
        self.flat = common if load is None and baseline is None else ""
        self._built: tuple[Any, Digest] | None = None
        # The check's changed_reads(corpus), where it has one: (the whole of the corpus
        # its index was updated from, the reads whose digests that update may change).
        self.changed: Callable[[Any], tuple[str, frozenset[str]] | None] | None = None

    @property
    def per_draft(self) -> bool:
        """Whether receipts' fingerprints differ by draft (a corpus, a baseline)."""
        return self._load is not None or self.baseline is not None

    @property
    def has_corpus(self) -> bool:
        """Whether the check reads a corpus (built on first use)."""
        return self._load is not None

    @property
    def corpus(self) -> Any:
        """What the check's load_corpus built (None without one)."""
        return self.build()[0]

    def prepare(self, drafts: Iterable[str]) -> None:
        """Build the corpus now unless the kept memo can answer every one of these drafts
        (a draft of the corpus has no memo): not once in each forked worker."""
        if self._load is not None and (not self.loaded or not self.members.isdisjoint(drafts)):
            self.build()

    def build(self) -> tuple[Any, Digest | None]:
        """The corpus and the check's digest function, built once."""
        if self._load is None:
            return None, None
        if self._built is None:
            self._built = self._load()
        return self._built

    def touched(self, whole: str | None) -> frozenset[str] | None:
        """The reads whose digests may differ from those in the corpus whose whole was
        `whole` (another tree's under the same rules: HEAD's), where this corpus was
        updated from that one; None when it was not (every draft's digest may)."""
        if self.changed is None or whole is None or self.baseline is not None:
            return None
        got = self.changed(self.build()[0])
        return got[1] if got is not None and got[0] == whole else None

    def of(self, draft: str, reads: Sequence[str] = ()) -> str:
        """The inputs_sha256 of this check's receipt for `draft`, whose verdict read
        `reads` of the corpus."""
        if self._load is None and self.baseline is None:
            return self.common
        if self.memo is not None and self.baseline is None and draft not in self.members:
            key = f"{len(reads)}\0" + "\0".join(reads)
            if key.count("\0") != (len(reads) or 1):  # a read holding a NUL: no key
                return self._of(draft, reads)
            hit = self.memo.get(key)
            if hit is None:
                hit = self.memo[key] = self._of(draft, reads)
            return hit
        return self._of(draft, reads)

    def _of(self, draft: str, reads: Sequence[str]) -> str:
        corpus, digest = self.build()
        part = [
            digest(corpus, reads, draft) if digest is not None else None,
            sorted(self.baseline.get(draft, ())) if self.baseline is not None else None,
        ]
        text = self.common + _ENCODER.encode(part)
        return hex256(text.encode())


_ENCODER = json.JSONEncoder(sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def input_sources(name: str, cfg: Config) -> list[tuple[str, str, list[str]]]:
    """(setting, kind, names) for each setting that names input files of the check.

    kind is "path" (one file; absent counts too), "globs", or "argv" (the words of a
    command line that name a file in the tree).
    """
    settings = cfg.effective[name]
    sources = []
    for key, setting in cfg.specs[name].inputs().items():
        value = settings[key]
        if setting.kind == "path":
            if value:
                sources.append((key, "path", [value]))
        elif setting.kind == "globs":
            sources.append((key, "globs", list(value)))
        elif value:
            sources.append((key, "argv", [posixpath.normpath(a) for a in value]))
    return sources


def input_files(name: str, cfg: Config, tree: Tree) -> InputFiles:
    """Every file the check's verdict reads besides the draft, with its sha256, by setting.

    Globs never take in a receipt, and a link where they could reach a file is refused.
    (Which files a glob matches are corpus, the check's corpus decides.)
    """
    from receipt_gate import GateError
    from receipt_gate.trees.digests import sha256_of
    from receipt_gate.trees.links import blind_spots

    files: InputFiles = {}
    for key, kind, names in input_sources(name, cfg):
        if kind == "globs":
            blind = blind_spots(tree.blind(names), f"checks.{name}.{key} reads files")
            if blind:
                raise GateError.many(blind)
            prefix = cfg.run_dir + "/"
            paths = [p for p in tree.paths(names) if not p.startswith(prefix)]
        elif kind == "argv":
            present = set(tree.paths([wildmatch.escape(p) for p in names]))
            paths = [p for p in names if p in present]
        else:
            paths = names
        digests = sha256_of(tree, paths)
        files[key] = {p: digests[p] for p in paths if digests[p] is not None or kind == "path"}
    return files


def load_corpus(
    name: str,
    cfg: Config,
    tree: Tree,
    files: InputFiles,
    state: str = "",
    hashed: Mapping[str, str] | None = None,
) -> Any:
    """What the check builds from its corpus files (its load_corpus, given the pages);
    `state`: what names this corpus (the fingerprint's whole), kept with its index."""
    from receipt_gate.checks.table import implementation
    from receipt_gate.rules.corpus import Pages

    spec = cfg.specs[name]
    pages = Pages(tree, cfg, name, spec.version, cfg.effective[name], state)
    for k, key in (hashed or {}).items():  # (rows_key of a corpus's files, known already)
        if k in files:
            pages.hashed[id(files[k])] = (files[k], key)
    return implementation(spec).load_corpus({k: files.get(k, {}) for k in spec.corpus}, pages)


def fingerprint(
    name: str, cfg: Config, tree: Tree, files: InputFiles | None = None, rules: Tree | None = None
) -> Fingerprint:
    """The check's fingerprint in this tree. The baseline's part is read from `rules`,
    the tree the rules come from (by default the judged tree). (A model check's `inputs`
    that match no file add nothing: receipts from before model checks had inputs stay
    fresh.)"""
    spec = cfg.specs[name]
    files = input_files(name, cfg, tree) if files is None else files
    # A command check whose program reports, per draft, the inputs it read: those files
    # are a corpus, each draft's receipt fingerprinting what it read of them.
    reported = spec.kind == "command" and cfg.effective[name].get("inputs_read") == "reported"
    corpus = ("inputs",) if reported else spec.corpus
    if (
        not reported
        and corpus
        and not any(files.get(k) for k in corpus)
        and not any(spec.settings[k].default for k in corpus)
    ):
        corpus = ()  # a corpus the check may go without names no file: it has none
    payload: dict[str, object] = {
        "check": name,
        "version": spec.version,
        "settings": {k: v for k, v in cfg.checks.get(name, {}).items() if spec.settings[k].decides},
        "files": {
            k: v
            for k, v in files.items()
            if k not in corpus and not (k == "inputs" and spec.kind == "model" and not v)
        },
    }
    if spec.deterministic and cfg.effective[name].get("suppressions"):
        # Whether this check reports bad comments depends on the others' settings.
        payload["reports_bad_comments"] = cfg.comment_reporter() in (name, None)
    common = _sha(payload)
    load = None
    if reported:
        read_of = dict(files.get("inputs", {}))

        def load() -> tuple[Any, Digest]:
            return read_of, _what_it_read
    elif corpus:
        for k in corpus:  # a page no receipt can name is refused now, built or not
            nameable(files.get(k, {}))

        def load() -> tuple[Any, Digest]:
            from receipt_gate.checks.table import implementation

            return load_corpus(name, cfg, tree, files, whole, hashed), implementation(spec).digest

    # (each corpus's rows hashed once: the index its load builds is kept under them too)
    hashed = {k: rows_key(v) for k, v in files.items() if k in corpus}
    entries: Mapping[str, Sequence[str]] | None = None
    if cfg.baseline and spec.deterministic:
        from receipt_gate.checks import baseline

        entries = baseline.for_check(
            baseline.load(rules or tree, cfg.baseline, cfg.deterministic(list(cfg.specs))), name
        )
    # Everything the check could read: the corpus files whole, and what decides which of
    # them are published.
    whole = _sha(
        [
            common,
            hashed,
            _publication_key(cfg, tree) if corpus else None,
            {d: sorted(k) for d, k in (entries or {}).items()},
        ]
    )
    members = frozenset(p for k in corpus for p in files.get(k, {}))
    memo = _kept(tree.root, name, whole) if load is not None else {}
    fp = Fingerprint(name, common, whole, load, entries, members, memo, len(memo))
    if corpus and not reported:

        def changed(corpus: Any) -> tuple[str, frozenset[str]] | None:
            from receipt_gate.checks.table import implementation

            since = getattr(implementation(spec), "changed_reads", None)
            return since(corpus) if since is not None else None

        fp.changed = changed
    return fp


def _publication_key(cfg: Config, tree: Tree) -> object:
    from receipt_gate.rules.corpus import publication_key  # only a check with a corpus

    return publication_key(cfg, tree)


def _what_it_read(files: Mapping[str, str | None], reads: Sequence[str], draft: str) -> object:
    """Of a command check's inputs, the digests of those a draft's verdict read."""
    return {p: files.get(p) for p in reads}


# The memo of each check's per-draft fingerprints, kept in the git dir under `whole`
# (everything the check could read): verify on an unchanged tree computes none again.
MEMO_FORMAT = 3


def _memo_file(root: str | None, name: str) -> str | None:
    from receipt_gate.trees import cache

    return cache.path(root, f"fingerprints-{hex256(name.encode())[:16]}.json") if root else None


def _memo_key(whole: str) -> list[object]:
    """What kept fingerprints are valid for: the check's inputs, and the code that reads
    a corpus (the corpus cache's format, this release)."""
    from receipt_gate import __version__
    from receipt_gate.rules.corpus import FORMAT

    return [MEMO_FORMAT, FORMAT, __version__, whole]


def _kept(root: str | None, name: str, whole: str) -> dict[str, str]:
    from receipt_gate.trees import cache

    doc = cache.read(
        _memo_file(root, name),
        lambda d: (
            isinstance(d, dict)
            and d.get("key") == _memo_key(whole)
            and isinstance(d.get("memo"), dict)
        ),
    )
    memo = doc["memo"] if doc else {}
    return memo if all(type(v) is str for v in memo.values()) else {}


def keep(
    root: str | None,
    fps: Mapping[str, Fingerprint],
    learned: Mapping[str, Mapping[str, str]] | None = None,
) -> None:
    """Keep each check's memo, with what the workers `learned`, when it grew."""
    from receipt_gate.trees import cache

    for name, fp in fps.items():
        if fp.memo is None or not fp.has_corpus:
            continue
        fp.memo.update((learned or {}).get(name, {}))
        if len(fp.memo) > fp.loaded:
            cache.write(_memo_file(root, name), {"key": _memo_key(fp.whole), "memo": fp.memo})


def learned(fps: Mapping[str, Fingerprint]) -> dict[str, dict[str, str]]:
    """What each memo holds beyond what was loaded: a worker's part for its parent."""
    return {
        name: dict(list(fp.memo.items())[fp.loaded :])
        for name, fp in fps.items()
        if fp.memo is not None and len(fp.memo) > fp.loaded
    }


def _sha(doc: object) -> str:
    text = json.dumps(doc, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hex256(text.encode())
