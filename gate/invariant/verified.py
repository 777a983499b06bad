"""A tree verified once is not verified again: the record of verified trees.

After a commit hook that holds, the index it verified is HEAD's tree plus the changes
it saw: that is kept, with the rules it held under and, per draft, whether it is gated
and how many of its findings are suppressed. At the next commit, if HEAD's tree is
exactly that (one `git diff-tree`), HEAD was verified, and only the drafts the index
now changes, or whose receipts it changes, can fail; `verify` on a working tree that
changes nothing the gate reads since HEAD answers from the record. Kept in the git dir,
like git's own index, and trusted as it is (CI never reads it).

Two keys: the rules alone (the tool, the config, each check's version: enough for a
tree that is HEAD's own), and the rules with every check's common fingerprint (its
settings and input files, what every draft's verdict read). Of a corpus, each verdict
read only its part: the record keeps, per draft, each such receipt's fingerprint and
what it read, and the files a model's evidence quotes. An unchanged draft whose
fingerprint, computed again on the new corpus, is the same, and whose evidence files
did not change, is still fresh: a new post stales only the drafts that read it.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from receipt_gate import TOOL
from receipt_gate.invariant.receipts import sha256
from receipt_gate.trees import cache, revs

if TYPE_CHECKING:
    from receipt_gate.invariant.verify import Report
    from receipt_gate.rules.config import Config
    from receipt_gate.rules.fingerprint import Fingerprint

FILE = "verified-trees-8.json"  # the trees kept whole
PENDING = "verified-pending-8.json"  # the last verified index, as it changes one of them
OLDER = "verified-older-8.json"  # trees verified before, by their drafts alone
DAY = "@day"  # (in `wholes`: no check is named so)
# 7: the pending entry in a file of its own, against the last whole tree; 8: a draft's
# reads kept as one JSON text, read only where a change may touch it
FORMAT = 8
KEEP = 3  # trees: HEAD's, and a branch or two to switch back to
# Of each receipt's fingerprint, the record keeps this many hex digits (64 bits: the
# record is the hook's own, like git's index; a site of thousands reads it per commit).
SHORT = 16
# draft -> [gated (1/0), findings suppressed by comments, by the baseline]
Drafts = dict[str, list[int]]
# draft -> {check: [its receipt's inputs_sha256, its reads]}, for checks with a corpus
# or a baseline; and "files" -> the files its model verdicts' evidence quotes; each as
# one JSON text (encode_reads): a site's record holds 40,000, and a commit reads a few
Reads = dict[str, str]


class Verified(NamedTuple):
    drafts: Drafts
    reads: Reads | None  # None for an older tree: kept for its drafts only
    wholes: Mapping[str, str]  # check -> its whole fingerprint (all it could read) there


def rules_key(cfg: Config) -> str:
    """The tool, the rules, each check's version and settings."""
    doc = [
        TOOL,
        cfg.drafts,
        cfg.run_dir,
        cfg.required,
        cfg.required_from,
        cfg.states,
        cfg.gate_from,
        cfg.signing,
        cfg.draft_markers,
        cfg.baseline,
        sorted((n, str(s.version)) for n, s in cfg.specs.items()),
        {n: cfg.effective[n] for n in sorted(cfg.every_required())},
    ]
    return sha256(json.dumps(doc, sort_keys=True, default=str).encode())


def inputs_key(cfg: Config, fps: Mapping[str, Fingerprint]) -> str:
    """The rules and every check's common fingerprint (what every verdict read)."""
    return sha256(
        json.dumps([rules_key(cfg), sorted((c, fp.common) for c, fp in fps.items())]).encode()
    )


def per_draft(fps: Mapping[str, Fingerprint]) -> list[str]:
    """The checks whose receipts' fingerprints differ by draft (a corpus, a baseline)."""
    return [c for c, fp in fps.items() if fp.per_draft]


_ENCODER = json.JSONEncoder(sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def encode_reads(per: Mapping[str, Any]) -> str:
    """A draft's reads as the record keeps them: one JSON text, in one spelling (a read
    is found in it as its own JSON string)."""
    return _ENCODER.encode(per)


def decode_reads(text: str) -> dict[str, Any] | None:
    """A draft's reads as encode_reads kept them; None where the text is not that."""
    try:
        per = json.loads(text)
    except (ValueError, RecursionError):
        return None
    if not isinstance(per, dict) or encode_reads(per) != text:
        return None  # (another spelling: a text moved() may not have searched right)
    for check, e in per.items():
        if check == "files":
            ok = isinstance(e, list) and all(isinstance(f, str) for f in e)
        else:
            ok = (
                isinstance(e, list)
                and len(e) == 2
                and isinstance(e[0], str)
                and isinstance(e[1], list)
                and all(isinstance(r, str) for r in e[1])
            )
        if not ok:
            return None
    return per


def reads_of(report: Report, fps: Mapping[str, Fingerprint]) -> Reads:
    """What each fresh receipt a report judged read, as the record keeps it."""
    watched = set(per_draft(fps))
    out: dict[str, dict[str, Any]] = {}
    for c in report.cells:
        if c.state != "fresh":
            continue
        if c.check in watched:
            out.setdefault(c.draft, {})[c.check] = [
                fps[c.check].of(c.draft, c.reads)[:SHORT],
                list(c.reads),
            ]
        if c.files:
            files = out.setdefault(c.draft, {}).setdefault("files", [])
            files += [f for f in c.files if f not in files]
    return {d: encode_reads(per) for d, per in out.items()}


def moved(
    prior: Verified,
    fps: Mapping[str, Fingerprint],
    changes: Mapping[str, str],
    steady: bool = False,
) -> list[str]:
    """The drafts whose verdicts read what changed: a receipt's fingerprint, computed on
    this tree's corpus and baseline, is not the one recorded, or a file its evidence
    quotes changed. `steady`: the change leaves the baseline as it was (then a corpus
    updated from the recorded tree's says which reads it touched: only a draft that
    read one of them is computed again, and only its record's text is read)."""
    # A check that could read nothing else than it could there read nothing new.
    same = {c for c, fp in fps.items() if prior.wholes.get(c) == fp.whole}
    touched: dict[str, frozenset[str] | None] = {}
    for c, fp in fps.items():
        if c not in same:
            fp.build()  # (once, before the batch is split: not in each forked worker)
            touched[c] = fp.touched(prior.wholes.get(c)) if steady else None

    def moved_of(batch: Sequence[tuple[str, str]]) -> list[str]:
        out = []
        for draft, text in batch:
            per = decode_reads(text)
            if per is None or any(
                _hit(draft, c, e, same, touched, fps, changes) for c, e in per.items()
            ):
                out.append(draft)  # (a record it cannot read: judged again)
        return out

    from receipt_gate.base.parallel import split_map

    reads = prior.reads or {}
    drafts = [(d, reads[d]) for d in _may_have_moved(reads, same, touched, fps)]
    return [d for part in split_map(moved_of, drafts, MOVED_PER_PROCESS) for d in part]


def _hit(
    draft: str,
    check: str,
    entry: Any,
    same: set[str],
    touched: Mapping[str, frozenset[str] | None],
    fps: Mapping[str, Fingerprint],
    changes: Mapping[str, str],
) -> bool:
    """Did what this receipt's verdict read change?"""
    if check == "files":
        return any(f in changes for f in entry)
    if check in same:
        return False
    only = touched.get(check)
    return check not in fps or (
        (only is None or not only.isdisjoint(entry[1]))
        and fps[check].of(draft, entry[1])[:SHORT] != entry[0]
    )


def _may_have_moved(
    reads: Mapping[str, str],
    same: set[str],
    touched: Mapping[str, frozenset[str] | None],
    fps: Mapping[str, Fingerprint],
) -> list[str]:
    """The drafts whose record's text names what may have moved, a superset of those
    moved() finds (each is read whole then): a file a model's evidence quotes, a check
    that could read something new where no list of what it touched is kept, a read it
    touched. (The record was kept under these rules' key: its checks are these.)"""
    tokens = ['"files":']
    for c in fps:
        if c in same:
            continue
        only = touched.get(c)
        tokens += [_ENCODER.encode(c) + ":"] if only is None else [_ENCODER.encode(r) for r in only]
    order = list(reads)
    # (one text, a draft's on each line: JSON text holds no raw line break, and one
    # that does is read as a space, its length kept)
    text = "\n".join(reads[d].replace("\n", " ") for d in order)
    starts, at = [], 0
    for d in order:
        starts.append(at)
        at += len(reads[d]) + 1
    from bisect import bisect_right

    found: set[int] = set()
    for token in tokens:
        i = text.find(token)
        while i >= 0:
            found.add(bisect_right(starts, i) - 1)
            i = text.find(token, i + 1)
    return [order[i] for i in sorted(found)]


# Drafts of a record whose fingerprints one process computes again before a second one
# is worth forking (40,000 drafts: 0.26 s in one).
MOVED_PER_PROCESS = 10_000


# The record holds a few entries per draft of a site of thousands: each shape is checked
# one kind of leaf at a time (a set of types), not by walking it call by call.


def _drafts(doc: object) -> bool:
    if not isinstance(doc, dict):
        return False
    vals = list(doc.values())
    return (
        {type(v) for v in vals} <= {list}
        and {len(v) for v in vals} <= {3}
        and {type(x) for v in vals for x in v} <= {int}
    )


def _reads(doc: object) -> bool:
    """Each draft's reads one JSON object's text (a record edited into another shape is
    no record: every draft is judged again)."""
    return doc is None or (
        isinstance(doc, dict)
        and {type(v) for v in doc.values()} <= {str}
        and all(v == "{}" or (v[:2] == '{"' and v[-2:] == "]}") for v in doc.values())
    )


def _entry(e: object) -> bool:
    return (
        isinstance(e, dict)
        and isinstance(e.get("key"), str)
        and isinstance(e.get("rules"), str)
        and _drafts(e.get("drafts"))
        and _reads(e.get("reads"))
        and cache.str_map(e.get("wholes"))
    )


def _gone(doc: object) -> bool:
    """A pending entry's drafts gone from its base tree: None (the entry is whole), or
    [drafts gone, reads gone]."""
    return doc is None or (
        isinstance(doc, list)
        and len(doc) == 2
        and all(isinstance(x, list) and {type(p) for p in x} <= {str} for x in doc)
    )


def _trees(doc: Any) -> bool:
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        return False
    trees = doc.get("trees")
    return isinstance(trees, dict) and all(_entry(e) for e in trees.values())


def _pending(doc: Any) -> bool:
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        return False
    pending: Any = doc.get("pending")
    return (
        _entry(pending)
        and isinstance(pending.get("base"), str)
        and cache.str_map(pending.get("changes"))
        and _gone(pending.get("gone"))
    )


def head_verified(
    root: str, head_tree: str, key: str | None = None, rules: str | None = None
) -> Verified | None:
    """HEAD's tree's drafts, and what their verdicts read, when it was verified under
    these rules (the full `key`, or the `rules` alone for a tree that is HEAD's own);
    None when it was not."""
    _RESOLVED.pop(root, None)
    trees = (_read(cache.path(root, FILE), _trees) or {"trees": {}})["trees"]
    pending = (_read(cache.path(root, PENDING), _pending) or {}).get("pending")

    def matches(e: Mapping[str, Any]) -> bool:
        return (key is None or e["key"] == key) and (rules is None or e["rules"] == rules)

    hit = trees.get(head_tree)
    if hit is not None and matches(hit):
        return Verified(hit["drafts"], hit["reads"], hit["wholes"])
    if (
        pending is None
        or not matches(pending)
        or revs.tree_changes(root, pending["base"], head_tree) != pending["changes"]
    ):
        older = (_read(cache.path(root, OLDER), _trees) or {"trees": {}})["trees"]
        hit = older.get(head_tree)
        return Verified(hit["drafts"], None, hit["wholes"]) if hit and matches(hit) else None
    whole = _whole(pending, trees.get(pending["base"]))
    if whole is None:
        return None
    # (for remember(): the next pending entry is kept against the same whole tree)
    _RESOLVED[root] = (head_tree, pending, whole)
    return Verified(whole["drafts"], whole["reads"], whole["wholes"])


def remember(
    root: str, base: str, key: str, rules: str, changes: Mapping[str, str], found: Verified
) -> None:
    """Keep the verified index as the tree `base` plus these changes, under the keys: as
    what it changes of the last tree the record holds whole, in a file of its own (a
    site's record is megabytes, and a commit changes a few of its drafts); the whole
    tree is written again only when what changed since outgrows a part of it."""
    trees = dict((_read(cache.path(root, FILE), _trees) or {"trees": {}})["trees"])
    resolved = _RESOLVED.get(root)
    # (and the day: what is published moves with it, so a tree verified another day
    # answers verify only the whole way)
    entry = {"key": key, "rules": rules, "wholes": {**found.wholes, DAY: _today()}}
    if resolved is not None and resolved[0] == base:
        _, was, whole = resolved
        since = {**was["changes"], **changes}  # (the whole tree's changes, then these)
        drafts, reads, gone = _delta(found, trees.get(was["base"]))
        if gone is not None and _small(drafts, reads, since, found):
            pending = {"base": was["base"], "changes": since, "drafts": drafts}
            _write(root, PENDING, {**entry, **pending, "reads": reads, "gone": gone})
            return
        # HEAD's tree whole; the one before it, in a file read only when HEAD is neither,
        # keeps its drafts (a branch to switch back to: enough for verify's answer)
        kept = (_read(cache.path(root, OLDER), _trees) or {"trees": {}})["trees"]
        older = {**kept, **{t: {**e, "reads": None} for t, e in trees.items()}}
        older = dict(list({t: e for t, e in older.items() if t != base}.items())[1 - KEEP :])
        head = {k: whole[k] for k in ("key", "rules", "drafts", "reads", "wholes")}
        trees = {base: head}
        _write(root, OLDER, older)
        _write(root, FILE, trees)
    drafts, reads, gone = _delta(found, trees.get(base))
    pending = {"base": base, "changes": dict(changes), "drafts": drafts}
    _write(root, PENDING, {**entry, **pending, "reads": reads, "gone": gone})


def _small(drafts: Drafts, reads: Reads | None, since: Mapping[str, str], found: Verified) -> bool:
    """Is what changed since the whole tree small enough to be kept as it is?"""
    most = max(256, len(found.drafts) // 16)
    return len(drafts) + len(reads or {}) <= most and len(since) <= 8 * most


def _write(root: str, name: str, doc: object) -> None:
    _RESOLVED.pop(root, None)
    cache.write(
        cache.path(root, name), {"format": FORMAT, "pending" if name == PENDING else "trees": doc}
    )


def _delta(
    found: Verified, base: Mapping[str, Any] | None
) -> tuple[Drafts, Reads | None, list[list[str]] | None]:
    """(drafts, reads, gone): what `found` changes of the base tree's entry, or `found`
    whole (gone None) where the entry is not there whole."""
    if base is None or base.get("reads") is None or found.reads is None:
        return found.drafts, found.reads, None
    was_drafts, was_reads = base["drafts"], base["reads"]
    return (
        {d: v for d, v in found.drafts.items() if was_drafts.get(d) != v},
        {d: v for d, v in found.reads.items() if was_reads.get(d) != v},
        [
            [d for d in was_drafts if d not in found.drafts],
            [d for d in was_reads if d not in found.reads],
        ],
    )


def _whole(pending: Mapping[str, Any], base: Mapping[str, Any] | None) -> Any:
    """The pending entry whole: as kept, or its base tree's entry with its changes; None
    where the base entry it was kept against is gone or no longer whole."""
    gone = pending.get("gone")
    if gone is None:
        return pending
    if base is None or base.get("reads") is None:
        return None
    left_drafts, left_reads = set(gone[0]), set(gone[1])
    drafts = {d: v for d, v in base["drafts"].items() if d not in left_drafts}
    reads = {d: v for d, v in base["reads"].items() if d not in left_reads}
    drafts.update(pending["drafts"])
    reads.update(pending["reads"])
    return {**pending, "drafts": drafts, "reads": reads, "gone": None}


# The record as this process last read it, with each file's stat then: the commit hook
# reads it to judge and again to remember (megabytes on a big site).
_READ: dict[str | None, tuple[object, Any]] = {}
# root -> (HEAD's tree, the pending entry it was found by, that entry whole)
_RESOLVED: dict[str, tuple[str, Mapping[str, Any], Mapping[str, Any]]] = {}


def _stat(file: str | None) -> object:
    try:
        st = os.stat(file) if file else None
    except OSError:
        return None
    return st and (st.st_mtime_ns, st.st_size, st.st_ino)


def _read(file: str | None, valid: Callable[[Any], bool]) -> Any:
    stat = _stat(file)
    hit = _READ.get(file)
    if hit is None or hit[0] != stat or stat is None:
        hit = (stat, cache.read(file, valid))
        _READ[file] = hit
    return hit[1]


def drafts_of(report: Report) -> Drafts:
    """Each draft a report judged: gated or not, and its suppressed findings."""
    out: Drafts = {d: [1, 0, 0] for d in report.drafts}
    out.update({d: [0, 0, 0] for d, _ in report.ungated})
    for c in report.suppressed:
        for f in c.suppressed:
            by_comment = str(f.get("suppressed_by", "")).startswith("comment")
            out[c.draft][1 if by_comment else 2] += 1
    return out


def unchanged_since_head(
    root: str, cfg: Config, staged: bool, head: str | None = None
) -> Drafts | None:
    """HEAD's tree's drafts when the index (and, unless `staged`, the working tree)
    changes nothing the gate reads since HEAD (or since the commit `head`, HEAD's when it
    was read), and HEAD was verified under these rules; else None."""
    if _read(cache.path(root, PENDING), _pending) is None:
        return None  # nothing was ever verified here: ask git nothing
    from receipt_gate.invariant.push import relevant
    from receipt_gate.trees import git

    head_tree = revs.tree_of(root, head or "HEAD")
    if head_tree is None:
        return None
    moved = set(revs.staged_changes(root) if staged else git.status_paths(root))
    if any(relevant(cfg, p) for p in moved):
        return None
    found = head_verified(root, head_tree, rules=rules_key(cfg))
    if found is None or found.wholes.get(DAY) != _today():
        return None  # (a page dated for today, or expired, may move a verdict)
    if not staged and git.hidden_from_status(root):
        return None  # files git status does not look at (skip-worktree, assume-unchanged)
    drafts = found.drafts
    return drafts if drafts and any(v[0] for v in drafts.values()) else None


def _today() -> str:
    from receipt_gate.rules.corpus import today

    return today()
