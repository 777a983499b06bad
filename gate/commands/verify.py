"""`verify`: the gate on the working tree, the index or a commit."""

from __future__ import annotations

from typing import TYPE_CHECKING

from receipt_gate.output import (
    errors_out,
    json_out,
    report_json,
    report_sarif,
    report_text,
    sarif_out,
)
from receipt_gate.session import open_tree, rel_paths

if TYPE_CHECKING:
    import argparse


def verify(args: argparse.Namespace) -> int:
    from receipt_gate.policy import rules
    from receipt_gate.verify import evaluate

    root, tree, disk = open_tree(staged=args.staged, rev=args.rev)
    cfg, policy, notes = rules(root, tree, disk, args.policy_from)
    recheck = "all" if args.recheck_all else "changed" if args.recheck else ""
    report = evaluate(cfg, tree, rel_paths(root, args.paths) or None, disk, policy, notes,
                      recheck)
    if args.format == "json":
        errors_out(report.errors)
        json_out(report_json(report), ensure_ascii=True)
    elif args.format == "sarif":
        errors_out(report.errors)
        sarif_out(report_sarif(report), report.notes)
    else:
        report_text(report, cfg)
    return report.exit_code
