"""`verify`: the gate on the working tree, the index or a commit."""

from __future__ import annotations

import argparse

from receipt_gate.output import json_out, report_json, report_sarif, report_text, sarif_out
from receipt_gate.session import open_session, rel_paths


def verify(args: argparse.Namespace) -> int:
    from receipt_gate.verify import evaluate

    s = open_session(staged=args.staged, rev=args.rev)
    report = evaluate(s.cfg, s.tree, rel_paths(s.root, args.paths) or None, s.disk)
    if args.format == "json":
        json_out(report_json(report), ensure_ascii=True)
    elif args.format == "sarif":
        sarif_out(report_sarif(report))
    else:
        report_text(report, s.cfg)
    return report.exit_code
