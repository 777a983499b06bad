"""`grade` and `record`: a model's verdict, quotes checked, written as a receipt."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

from receipt_gate import GateError
from receipt_gate.base.text import printable
from receipt_gate.report.output import Progress, say
from receipt_gate.rules.config import CONFIG_FILE
from receipt_gate.rules.session import Session, load_drafts, one_draft, open_session, select, signer

if TYPE_CHECKING:
    import argparse

    from receipt_gate.base.text import Draft


def _models(s: Session, asked: list[str] | None) -> list[str]:
    """The model checks to run: those named, else every model check required."""
    if asked:
        for name in asked:
            s.cfg.spec(name, deterministic=False, where="--check ")
        return list(dict.fromkeys(asked))
    found = [c for c in s.cfg.every_required() if not s.cfg.specs[c].deterministic]
    return found or ["grader"]


def grade(args: argparse.Namespace) -> int:
    s = open_session()
    names = _models(s, args.check)
    for name in names:
        s.cfg.spec(name, deterministic=False, where="--check ")
        if not s.cfg.effective[name]["command"]:
            raise GateError(
                f"{CONFIG_FILE}: checks.{name}.command: not set (or record a"
                f" verdict made elsewhere: receipt-gate record {name} PATH --verdict"
                " FILE)"
            )
    chosen, _ = select(s, args.paths)
    drafts = load_drafts(s.tree, chosen)
    rc = 0
    for name in names:
        rc = max(rc, _grade_one(s, args, name, drafts))
    return rc


def _grade_one(s: Session, args: argparse.Namespace, name: str, drafts: list[Draft]) -> int:
    from receipt_gate.invariant import grading
    from receipt_gate.invariant.receipts import sha256
    from receipt_gate.invariant.verify import FAIL, FRESH, gating, judge
    from receipt_gate.rules.fingerprint import fingerprint

    sign = signer(s, args)
    fp = fingerprint(name, s.cfg, s.tree)
    todo = []
    for d in drafts:
        gated, status = gating(s.cfg, d.path, d.text)
        if args.gated_only and (not gated or name not in s.cfg.checks_for(status)):
            continue
        cell = judge(s.tree, s.cfg, d.path, sha256(d.data), name, fp, d.text, s.cfg.public_keys())
        if cell.state in (FRESH, FAIL) and not args.force:
            verdict = "pass" if cell.state == FRESH else "fail"
            say(
                f"{d.path}: {name}: receipt already fresh (verdict {verdict}); --force grades"
                " it again"
            )
        else:
            todo.append(d)
    if not todo:
        return 0
    progress = Progress(f"grading ({name})")
    results = grading.grade_all(s.cfg, name, todo, s.root, args.jobs, progress)
    if progress.shown:
        print(file=sys.stderr)
    refused = False
    for d in todo:
        got = results[d.path]
        if isinstance(got, dict):
            receipt, lines = grading.write_verdict(s.cfg, s.root, d, name, got, fp, sign, s.tree)
            # A verdict of fail is recorded, and is a finding: exit 1, as `run` does.
            refused |= receipt is None or receipt["verdict"] != "pass"
            for line in lines:
                say(line)
    errors = [got for got in results.values() if isinstance(got, str)]
    for e in errors:
        print(printable(f"receipt-gate: {e}"), file=sys.stderr)
    if errors:
        return 2
    return 1 if refused else 0


def record(args: argparse.Namespace) -> int:
    from receipt_gate.checks.model import GradeError
    from receipt_gate.invariant import grading
    from receipt_gate.rules.fingerprint import fingerprint

    s = open_session()
    s.cfg.spec(args.name, deterministic=False)
    draft = one_draft(s, args.path)
    try:
        verdict = grading.read_verdict(args.verdict)
    except GradeError as e:
        raise GateError(str(e)) from None
    fp = fingerprint(args.name, s.cfg, s.tree)
    receipt, lines = grading.write_verdict(
        s.cfg,
        s.root,
        draft,
        args.name,
        verdict,
        fp,
        None if args.dry_run else signer(s, args),
        s.tree,
        dry_run=args.dry_run,
    )
    for line in lines:
        say(line)
    return 0 if receipt is not None and receipt["verdict"] == "pass" else 1
