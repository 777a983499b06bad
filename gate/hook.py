"""The commit hook's work, in one process: refresh what is not fresh in the index, stage
it, then the gate.

For each gated draft in the index, every required deterministic check whose receipt in
the index is not fresh runs on the staged bytes (what is being committed: under
pre-commit the working tree holds them too, its unstaged edits stashed). The receipts
are written in the working tree and, unless `stage_receipts: false`, staged, exactly
those files. A fresh receipt that says fail is not run again: it would say the same.
The grader, a paid model, runs here only when `checks.grader.at_commit` says so.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from receipt_gate import TOOL, GateError, cache, git, revs, wildmatch
from receipt_gate.config import Config
from receipt_gate.fingerprint import Fingerprint, fingerprint
from receipt_gate.judge import FAIL, FRESH, gating, judge
from receipt_gate.receipts import receipt_path, sha256
from receipt_gate.session import drafts_in
from receipt_gate.text import Draft
from receipt_gate.tree import Tree, read_text

if TYPE_CHECKING:
    from receipt_gate.gittree import IndexTree
    from receipt_gate.signing import Signer


def stale_cells(cfg: Config, tree: Tree, checks: Sequence[str],
                only: Sequence[str] | None = None
                ) -> tuple[dict[str, list[Draft]], dict[str, Fingerprint]]:
    """check -> the gated drafts (all, or those in `only`) that need it and whose
    receipt for it, in this tree, is not fresh (and not a fresh fail); and the checks'
    fingerprints."""
    drafts = drafts_in(cfg, tree) if only is None else list(only)
    tree.prefetch([*drafts, *(receipt_path(cfg.run_dir, d, c) for d in drafts for c in checks)])
    fps = {c: fingerprint(c, cfg, tree) for c in checks}
    keys = cfg.public_keys()
    todo: dict[str, list[Draft]] = {c: [] for c in checks}
    for path in drafts:
        draft = read_text(tree, path)
        if draft is None or isinstance(draft, str):
            continue  # the gate reports it
        try:
            gated, status = gating(cfg, path, draft.text)
        except GateError:
            continue  # an unknown status, a broken front matter: the gate reports it
        if not gated:
            continue
        digest = sha256(draft.data)
        for c in cfg.checks_for(status):
            if c not in fps:
                continue
            cell = judge(tree, cfg, path, digest, c, fps[c], draft.text, keys)
            if cell.state not in (FRESH, FAIL) or cell.reason == "unreadable":
                todo[c].append(draft)
    return todo, fps


def refresh(cfg: Config, root: str, tree: IndexTree, signer: Signer | None,
            only: Sequence[str] | None = None
            ) -> tuple[list[str], list[str], dict[str, git.IndexEntry | None]]:
    """Run what is not fresh, write the receipts, stage them (unless the config says not
    to). The receipt paths written or found fresh on disk, why a model could not grade
    a draft, and the index entries of the receipts staged as they were before (to put
    back if the commit is refused)."""
    from receipt_gate import runner

    names = cfg.deterministic()
    model = [c for c in cfg.every_required() if not cfg.specs[c].deterministic
             and cfg.effective[c].get("at_commit")]
    todo, fps = stale_cells(cfg, tree, [*names, *model], only)
    paths: list[str] = []
    errors: list[str] = []
    for r in runner.run(cfg, tree, {n: todo[n] for n in names if todo[n]}, signer=signer):
        paths.append(r.receipt)
    for name in model:
        written, failed = _grade(cfg, root, tree, name, todo[name], fps[name], signer)
        paths += written
        errors += failed
    before: dict[str, git.IndexEntry | None] = {}
    if cfg.stage_receipts:
        before = tree.entries_of(paths)
        git.add(root, paths)
    return paths, errors, before


def _grade(cfg: Config, root: str, tree: Tree, name: str, drafts: list[Draft],
           fp: Fingerprint, signer: Signer | None) -> tuple[list[str], list[str]]:
    from receipt_gate import grading

    if not drafts or not cfg.effective[name]["command"]:
        return [], []
    got = grading.grade_all(cfg, name, drafts, root, 4)
    written, errors = [], []
    for d in drafts:
        verdict = got[d.path]
        if isinstance(verdict, str):
            errors.append(verdict)
            continue
        receipt, lines = grading.write_verdict(cfg, root, d, name, verdict, fp, signer, tree)
        if receipt is None:
            errors += lines
        else:
            written.append(receipt_path(cfg.run_dir, d.path, name))
    return written, errors


# --- a tree verified once is not verified again -----------------------------------------
#
# After a commit hook that holds, the index it verified is HEAD's tree plus the changes
# it saw: that is kept, with the rules it held under. At the next commit, if HEAD's tree
# is exactly that (one `git diff-tree`), HEAD was verified, and only the drafts the
# index now changes, or whose receipts it changes, can fail. Kept in the git dir, like
# git's own index, and trusted as it is.

_VERIFIED = "verified-trees.json"
_KEEP = 32


def rules_key(cfg: Config, inputs: Mapping[str, str]) -> str:
    """Everything a verdict on an unchanged draft depends on besides its own bytes and
    its receipts': the tool, the rules, every check's whole fingerprint."""
    doc = [TOOL, cfg.drafts, cfg.run_dir, cfg.required, cfg.required_from, cfg.states,
           cfg.gate_from, cfg.signing, cfg.draft_markers, cfg.baseline, sorted(inputs.items())]
    return sha256(json.dumps(doc, sort_keys=True).encode())


def _record(doc: Any) -> bool:
    if not isinstance(doc, dict) or not cache.str_map(doc.get("trees")):
        return False
    pending = doc.get("pending")
    return pending is None or (isinstance(pending, dict) and isinstance(pending.get("base"), str)
                               and isinstance(pending.get("key"), str)
                               and cache.str_map(pending.get("changes")))


def head_verified(root: str, head_tree: str, key: str) -> bool:
    """Was HEAD's tree verified, under rules with this key?"""
    file = cache.path(root, _VERIFIED)
    doc = cache.read(file, _record)
    if doc is None:
        return False
    if doc["trees"].get(head_tree) == key:
        return True
    pending = doc.get("pending")
    if (pending is None or pending["key"] != key
            or revs.tree_changes(root, pending["base"], head_tree) != pending["changes"]):
        return False
    trees = {**doc["trees"], head_tree: key}
    cache.write(file, {"trees": dict(list(trees.items())[-_KEEP:]), "pending": None})
    return True


def affected(cfg: Config, changes: Mapping[str, str], tree: Tree) -> list[str]:
    """The drafts a change touches (the draft itself, or one of its receipts), and any
    link it adds where drafts are gated (the gate refuses it)."""
    drafts: set[str] = set()
    prefix = cfg.run_dir + "/"
    for p, oid in changes.items():
        if p.startswith(prefix) and p.endswith(".json"):
            drafts.add(p[len(prefix):p.rfind("/")])
        elif oid:
            drafts.add(p)
    hidden = [p for p in drafts if not wildmatch.match(cfg.drafts, p)
              and wildmatch.could_hold(cfg.drafts, p)]
    links = {p for p, _ in tree.blind(cfg.drafts, hidden)} if hidden else set()
    return sorted(d for d in drafts if (wildmatch.match(cfg.drafts, d) or d in links)
                  and not d.startswith(prefix))


def remember(root: str, head_tree: str, key: str, changes: Mapping[str, str]) -> None:
    """Keep the verified index as HEAD's tree plus these changes, under `key`."""
    file = cache.path(root, _VERIFIED)
    doc = cache.read(file, _record) or {"trees": {}}
    cache.write(file, {"trees": doc["trees"],
                       "pending": {"base": head_tree, "key": key, "changes": dict(changes)}})
