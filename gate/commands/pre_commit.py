"""`pre-commit`: the `receipt-gate` hook. Refresh what is not fresh in the index, stage
it, then verify the index against its own rules and HEAD's; every finding said once."""

from __future__ import annotations

import argparse
import sys

from receipt_gate.output import report_text
from receipt_gate.session import Session, open_tree, signer


def pre_commit(args: argparse.Namespace) -> int:
    from receipt_gate.gittree import IndexTree
    from receipt_gate.hook import refresh
    from receipt_gate.policy import in_force, own_rules
    from receipt_gate.verify import evaluate

    root, tree, disk = open_tree(staged=True)
    policy, note = in_force(root, tree)
    cfg, notes = own_rules(tree, disk, policy)
    staged, errors = refresh(cfg, root, tree, signer(Session(root, tree, cfg, disk), args))
    for e in errors:
        print(f"receipt-gate: {e}", file=sys.stderr)
    if staged and cfg.stage_receipts:
        tree = IndexTree(root)  # the index now holds the receipts just staged
    report = evaluate(cfg, tree, None, disk, policy, [note, *notes] if note else notes)
    report_text(report, cfg, hook=True)
    return report.exit_code
