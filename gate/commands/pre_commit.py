"""`pre-commit`: the `receipt-gate` hook. Refresh what is not fresh in the index, stage
it, then verify the index against its own rules and HEAD's; every finding said once. A
refused commit leaves the index and the receipts on disk as it found them."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

from receipt_gate.base.text import printable
from receipt_gate.report.output import report_text, say, suppressed_summary
from receipt_gate.rules.session import Session, find_root, signer

if TYPE_CHECKING:
    import argparse


def pre_commit(args: argparse.Namespace) -> int:
    from receipt_gate.base import wildmatch
    from receipt_gate.invariant import verified
    from receipt_gate.invariant.hook import ONLY_PATHS, affected, refresh, restore
    from receipt_gate.invariant.policy import replaced_rules, rules
    from receipt_gate.invariant.published import newly_published, strays
    from receipt_gate.invariant.verify import evaluate
    from receipt_gate.rules.fingerprint import fingerprint
    from receipt_gate.trees import revs
    from receipt_gate.trees.gittree import CommitTree, IndexTree, hint_listing
    from receipt_gate.trees.tree import WorkTree

    root = find_root()
    tree, disk = IndexTree(root, hinted=True), WorkTree(root)
    head_tree = revs.tree_of(root, "HEAD")
    changes = revs.staged_changes(root) if head_tree else None
    cfg, policy, notes = rules(root, tree, disk, changed=changes)
    hint_listing(root, (cfg.run_dir,))
    # When HEAD changed the rules, those it was judged by hold too: this may be an amend.
    also = replaced_rules(root, cfg, changes) if head_tree else None
    # Computed once, here: the key, what changed for unchanged drafts, the refresh and
    # the gate all read them (under the index's own rules, when no policy differs).
    fps = {c: fingerprint(c, cfg, tree) for c in cfg.every_required()}
    wholes = {c: fp.whole for c, fp in fps.items()}
    key = verified.inputs_key(cfg, fps)
    rules_only = verified.rules_key(cfg)
    # HEAD's tree verified under these same rules: only what the index changes, and the
    # drafts whose verdicts read what it changes, can fail.
    only, prior, gone = None, None, set[str]()
    # A change to .gitattributes can change what git does to any draft's bytes (a filter,
    # LFS): no draft is unchanged then.
    attributes = changes is not None and any(
        p.rpartition("/")[2] == ".gitattributes" for p in changes
    )
    # A build config this commit changes may publish pages no drafts glob reaches (with a
    # policy, evaluate() asks the same of the rules' commit).
    unseen = newly_published(
        cfg,
        tree,
        CommitTree(root, "HEAD", "HEAD") if (policy is None and head_tree) else None,
        changes,
    )
    # A file the commit adds to the run folder that is no receipt: judged in full, and
    # refused (gate.invariant.published.strays).
    stray = bool(changes and strays(cfg, tree, changes))
    if (
        policy is None
        and also is None
        and head_tree
        and changes is not None
        and not attributes
        and not unseen
        and not stray
    ):
        prior = verified.head_verified(root, head_tree, key)
        if prior is not None and prior.reads is None:
            prior = None  # what its verdicts read is not kept: judge every draft
    if prior is not None and head_tree and changes is not None:
        steady = not (cfg.baseline and cfg.baseline in changes)
        only = sorted({*affected(cfg, changes, tree), *verified.moved(prior, fps, changes, steady)})
        gone = {p for p, oid in changes.items() if not oid}
        if not set(prior.drafts) - gone:  # (no draft of HEAD's left: judged in full)
            prior, only = None, None
    if prior is not None and only is not None and head_tree and changes is not None:
        if not only:
            say(
                "receipt-gate: ok: no gated draft or receipt changed since HEAD, whose tree"
                " was verified under the same rules"
            )
            kept = {d: v for d, v in prior.drafts.items() if d not in gone}
            reads = {d: v for d, v in (prior.reads or {}).items() if d not in gone}
            verified.remember(
                root,
                head_tree,
                key,
                rules_only,
                changes,
                prior._replace(drafts=kept, reads=reads, wholes=wholes),
            )
            summary = suppressed_summary(None, kept)
            if summary:
                say(summary)
            return 0
        notes.append(
            "receipt-gate: judged the drafts this commit changes or whose checks"
            " read what it changes; the others are unchanged since HEAD, whose tree"
            " was verified under the same rules"
        )
        # A receipt whose draft is not in the index blocks no one: said, and left alone.
        present = set(tree.paths([wildmatch.escape(p) for p in only]))
        for p in only:
            if p not in present:
                notes.append(
                    f"receipt-gate: {printable(p)} is not in the index: its receipts"
                    f" are ignored (git rm -r --cached {cfg.run_dir}/{printable(p)})"
                )
        only = [p for p in only if p in present]
    mine = fps if policy is None else None
    staged, errors, before = refresh(
        cfg, root, tree, signer(Session(root, tree, cfg, disk), args), only, mine
    )
    for e in errors:
        print(printable(f"receipt-gate: {e}"), file=sys.stderr)
    if errors and not staged and ONLY_PATHS in errors[0]:
        return 1  # the way to commit is said; a report of the stale receipts would not be
    if staged and cfg.stage_receipts:
        tree.reread(staged)  # the index now holds the receipts just staged
    report = evaluate(
        cfg, tree, only, disk, policy, notes, fps=mine, reads=True, also=also, also_changes=changes
    )
    report = report._replace(errors=(*report.errors, *unseen))
    whole, reads = verified.drafts_of(report), verified.reads_of(report, fps)
    if prior is not None and changes is not None:
        gone = {p for p, oid in changes.items() if not oid}
        keep = gone | set(only or ())
        whole = {**{d: v for d, v in prior.drafts.items() if d not in keep}, **whole}
        reads = {**{d: v for d, v in (prior.reads or {}).items() if d not in keep}, **reads}
    report_text(report, cfg, hook=True, whole=whole)
    if report.exit_code != 0:
        # Refused: the index and the receipts on disk as the user left them; but with
        # stage_receipts: false writing them for the user to stage is the hook's job.
        restore(root, before if cfg.stage_receipts else before._replace(disk={}))
        return report.exit_code
    base = head_tree or revs.empty_tree(root)
    if changes is None:  # a first commit: all it holds is new
        changes = {p: oid for p, (_, oid) in tree.stamps(tree.paths()).items()}
    stamps = tree.stamps(staged) if cfg.stage_receipts else {}
    verified.remember(
        root,
        base,
        key,
        rules_only,
        {**changes, **{p: s for p, (_, s) in stamps.items()}},
        verified.Verified(whole, reads, wholes),
    )
    return 0
