"""`grade` and `record`: a model's verdict, quotes checked, written as a receipt."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

from receipt_gate import GateError
from receipt_gate.config import CONFIG_FILE
from receipt_gate.output import Progress, say
from receipt_gate.registry import require_check
from receipt_gate.session import load_drafts, one_draft, open_session, select, signer

if TYPE_CHECKING:
    import argparse


def grade(args: argparse.Namespace) -> int:
    from receipt_gate import grading
    from receipt_gate.fingerprint import inputs_sha256
    from receipt_gate.receipts import sha256
    from receipt_gate.verify import FAIL, FRESH, gating, judge

    s = open_session()
    settings = s.cfg.effective["grader"]
    if not settings["command"]:
        raise GateError(f"{CONFIG_FILE}: checks.grader.command: not set (or record a verdict"
                        " made elsewhere: receipt-gate record grader PATH --verdict FILE)")
    chosen, _ = select(s, args.paths)
    sign = signer(s, args)
    inputs = inputs_sha256("grader", s.cfg, s.tree)
    todo = []
    for d in load_drafts(s.tree, chosen):
        if args.gated_only and not gating(s.cfg, d.path, d.text)[0]:
            continue
        cell = judge(s.tree, s.cfg, d.path, sha256(d.data), "grader", inputs, d.text,
                     s.cfg.public_keys())
        if cell.state in (FRESH, FAIL) and not args.force:
            verdict = "pass" if cell.state == FRESH else "fail"
            say(f"{d.path}: grader: receipt already fresh (verdict {verdict}); --force grades"
                " it again")
        else:
            todo.append(d)
    if not todo:
        return 0
    progress = Progress("grading")
    results = grading.grade_all(settings["command"], todo, settings["timeout_s"], s.root,
                                args.jobs, progress)
    if progress.shown:
        print(file=sys.stderr)
    refused = False
    for d in todo:
        got = results[d.path]
        if isinstance(got, dict):
            receipt, lines = grading.write_verdict(s.cfg, s.root, d, "grader", got, inputs,
                                                   sign)
            # A verdict of fail is recorded, and is a finding: exit 1, as `run` does.
            refused |= receipt is None or receipt["verdict"] != "pass"
            for line in lines:
                say(line)
    errors = [got for got in results.values() if isinstance(got, str)]
    for e in errors:
        print(f"receipt-gate: {e}", file=sys.stderr)
    if errors:
        return 2
    return 1 if refused else 0


def record(args: argparse.Namespace) -> int:
    from receipt_gate import grading
    from receipt_gate.fingerprint import inputs_sha256
    from receipt_gate_hooks.grader import GradeError

    require_check(args.name, deterministic=False)
    s = open_session()
    draft = one_draft(s, args.path)
    try:
        verdict = grading.read_verdict(args.verdict)
    except GradeError as e:
        raise GateError(str(e)) from None
    inputs = inputs_sha256(args.name, s.cfg, s.tree)
    receipt, lines = grading.write_verdict(s.cfg, s.root, draft, args.name, verdict, inputs,
                                           signer(s, args))
    for line in lines:
        say(line)
    return 0 if receipt is not None and receipt["verdict"] == "pass" else 1
