"""`verify`: the gate on the working tree, the index or a commit."""

from __future__ import annotations

import argparse

from receipt_gate.output import (
    errors_out,
    json_out,
    report_json,
    report_sarif,
    report_text,
    sarif_out,
)
from receipt_gate.session import open_tree, rel_paths


def verify(args: argparse.Namespace) -> int:
    from receipt_gate.policy import in_force, own_rules
    from receipt_gate.verify import evaluate

    root, tree, disk = open_tree(staged=args.staged, rev=args.rev)
    policy, note = in_force(root, tree, args.policy_from)
    cfg, notes = own_rules(tree, disk, policy)
    recheck = "all" if args.recheck_all else "changed" if args.recheck else ""
    report = evaluate(cfg, tree, rel_paths(root, args.paths) or None, disk, policy,
                      [note, *notes] if note else notes, recheck)
    if args.format == "json":
        errors_out(report.errors)
        json_out(report_json(report), ensure_ascii=True)
    elif args.format == "sarif":
        errors_out(report.errors)
        sarif_out(report_sarif(report))
    else:
        report_text(report, cfg)
    return report.exit_code
