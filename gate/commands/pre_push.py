"""`pre-push`: the gate on every pushed tip, read from git objects."""

from __future__ import annotations

import argparse
import os
import sys

from receipt_gate import GateError
from receipt_gate.output import report_text, say
from receipt_gate.session import find_root


def pre_push(args: argparse.Namespace) -> int:
    from receipt_gate import push
    from receipt_gate.config import config_of
    from receipt_gate.revtree import RevTree
    from receipt_gate.verify import evaluate

    root = find_root()
    if "PRE_COMMIT_REMOTE_NAME" in os.environ or "PRE_COMMIT_TO_REF" in os.environ:
        pushes = push.from_pre_commit(root, dict(os.environ))
    elif sys.stdin is None or sys.stdin.isatty():
        raise GateError("pre-push: expects git's pre-push lines on standard input")
    else:
        pushes = push.from_stdin(sys.stdin)
    rc = 0
    for p in pushes:
        tree = RevTree(root, p.local)
        cfg = config_of(tree)
        if push.unchanged(root, cfg, p):
            say(f"receipt-gate: {p.ref}: nothing the gate reads changed since"
                f" {p.remote[:12]}; not verified again")
            continue
        report = evaluate(cfg, tree)
        say(f"receipt-gate: pushing {p.ref} ({p.local[:12]}):")
        report_text(report, cfg)
        rc = max(rc, report.exit_code)
    if not pushes:
        say("receipt-gate: pre-push: nothing to verify")
    elif rc:
        say("hint: fix and commit the receipts, then push again (a commit made with"
            " --no-verify skips the commit hook, not this one)")
    return rc
