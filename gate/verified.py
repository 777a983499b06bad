"""A tree verified once is not verified again: the record of verified trees.

After a commit hook that holds, the index it verified is HEAD's tree plus the changes
it saw: that is kept, with the rules it held under and, per draft, whether it is gated
and how many of its findings are suppressed. At the next commit, if HEAD's tree is
exactly that (one `git diff-tree`), HEAD was verified, and only the drafts the index
now changes, or whose receipts it changes, can fail; `verify` on a working tree that
changes nothing the gate reads since HEAD answers from the record. Kept in the git dir,
like git's own index, and trusted as it is (CI never reads it).

Two keys: the rules alone (the tool, the config, each check's version: enough for a
tree that is HEAD's own), and the rules with every check's whole fingerprint (what a
changed index must match, since a new article changes what unchanged drafts read).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from receipt_gate import TOOL, cache, revs
from receipt_gate.receipts import sha256

if TYPE_CHECKING:
    from receipt_gate.config import Config
    from receipt_gate.verify import Report

FILE = "verified-trees-2.json"
KEEP = 4
# draft -> [gated (1/0), findings suppressed by comments, by the baseline]
Drafts = dict[str, list[int]]


def rules_key(cfg: Config) -> str:
    """The tool, the rules, each check's version and settings."""
    doc = [TOOL, cfg.drafts, cfg.run_dir, cfg.required, cfg.required_from, cfg.states,
           cfg.gate_from, cfg.signing, cfg.draft_markers, cfg.baseline,
           sorted((n, str(s.version)) for n, s in cfg.specs.items()),
           {n: cfg.effective[n] for n in sorted(cfg.every_required())}]
    return sha256(json.dumps(doc, sort_keys=True, default=str).encode())


def inputs_key(cfg: Config, wholes: Mapping[str, str]) -> str:
    """The rules and every check's whole fingerprint (all it could read)."""
    return sha256(json.dumps([rules_key(cfg), sorted(wholes.items())]).encode())


def _drafts(doc: object) -> bool:
    return isinstance(doc, dict) and all(
        isinstance(v, list) and len(v) == 3 and all(type(x) is int for x in v)
        for v in doc.values())


def _entry(e: object) -> bool:
    return (isinstance(e, dict) and isinstance(e.get("key"), str)
            and isinstance(e.get("rules"), str) and _drafts(e.get("drafts")))


def _record(doc: Any) -> bool:
    if not isinstance(doc, dict) or doc.get("format") != 2:
        return False
    trees, pending = doc.get("trees"), doc.get("pending")
    return (isinstance(trees, dict) and all(_entry(e) for e in trees.values())
            and (pending is None or (_entry(pending) and isinstance(pending.get("base"), str)
                                     and cache.str_map(pending.get("changes")))))


def head_verified(root: str, head_tree: str, key: str | None = None,
                  rules: str | None = None) -> Drafts | None:
    """HEAD's tree's drafts when it was verified under these rules (the full `key`, or
    the `rules` alone for a tree that is HEAD's own); None when it was not."""
    file = cache.path(root, FILE)
    doc = cache.read(file, _record)
    if doc is None:
        return None

    def matches(e: Mapping[str, Any]) -> bool:
        return (key is None or e["key"] == key) and (rules is None or e["rules"] == rules)

    hit = doc["trees"].get(head_tree)
    if hit is not None and matches(hit):
        found: Drafts = hit["drafts"]
        return found
    pending = doc.get("pending")
    if (pending is None or not matches(pending)
            or revs.tree_changes(root, pending["base"], head_tree) != pending["changes"]):
        return None
    trees = {**doc["trees"], head_tree: {k: pending[k] for k in ("key", "rules", "drafts")}}
    cache.write(file, {"format": 2, "trees": dict(list(trees.items())[-KEEP:]),
                       "pending": None})
    promoted: Drafts = pending["drafts"]
    return promoted


def remember(root: str, base: str, key: str, rules: str, changes: Mapping[str, str],
             drafts: Drafts) -> None:
    """Keep the verified index as the tree `base` plus these changes, under the keys."""
    file = cache.path(root, FILE)
    doc = cache.read(file, _record) or {"trees": {}}
    cache.write(file, {"format": 2, "trees": doc["trees"], "pending": {
        "base": base, "key": key, "rules": rules, "changes": dict(changes),
        "drafts": drafts}})


def drafts_of(report: Report) -> Drafts:
    """Each draft a report judged: gated or not, and its suppressed findings."""
    out: Drafts = {d: [1, 0, 0] for d in report.drafts}
    out.update({d: [0, 0, 0] for d, _ in report.ungated})
    for c in report.suppressed:
        for f in c.suppressed:
            by_comment = str(f.get("suppressed_by", "")).startswith("comment")
            out[c.draft][1 if by_comment else 2] += 1
    return out


def unchanged_since_head(root: str, cfg: Config, staged: bool) -> Drafts | None:
    """HEAD's tree's drafts when the index (and, unless `staged`, the working tree)
    changes nothing the gate reads since HEAD, and HEAD was verified under these rules;
    else None."""
    from receipt_gate import git
    from receipt_gate.push import relevant

    head_tree = revs.tree_of(root, "HEAD")
    if head_tree is None:
        return None
    moved = set(revs.staged_changes(root) if staged else git.status_paths(root))
    if any(relevant(cfg, p) for p in moved):
        return None
    drafts = head_verified(root, head_tree, rules=rules_key(cfg))
    return drafts if drafts and any(v[0] for v in drafts.values()) else None
