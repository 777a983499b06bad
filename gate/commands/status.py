"""`status`: a table, drafts down and required checks across, each cell's state."""

from __future__ import annotations

from typing import TYPE_CHECKING

from receipt_gate.report.output import (
    errors_out,
    json_out,
    plural,
    report_sarif,
    sarif_out,
    say,
    suppressed_rows,
    suppressed_summary,
    table,
)
from receipt_gate.rules.session import open_session, rel_paths

if TYPE_CHECKING:
    import argparse

PAINT = {"fresh": "32", "stale": "33", "missing": "31", "fail": "31"}


def status(args: argparse.Namespace) -> int:
    from receipt_gate.invariant.verify import evaluate

    s = open_session()
    report = evaluate(s.cfg, s.tree, rel_paths(s.root, args.paths) or None)
    cells = {(c.draft, c.check): c.state for c in report.cells}
    # Every check some draft needs: required, and required_from a state on; a draft's
    # cell for one its state does not need is "-".
    columns = list(s.cfg.every_required())
    errors_out(report.errors)
    if args.format == "json":
        json_out(
            {
                "ok": report.ok,
                "required": columns,
                "errors": list(report.errors),
                "drafts": [
                    {
                        "draft": d,
                        "gated": True,
                        "cells": {c: cells[(d, c)] for c in columns if (d, c) in cells},
                    }
                    for d in report.drafts
                ]
                + [{"draft": d, "gated": False, "status": st} for d, st in report.ungated],
                "suppressed": suppressed_rows(report),
            },
            ensure_ascii=True,
        )
        return report.exit_code
    if args.format == "sarif":
        sarif_out(report_sarif(report), errors=report.errors, cfg=s.cfg)
        return report.exit_code
    bad = [d for d in report.drafts if any(cells.get((d, c), "fresh") != "fresh" for c in columns)]
    say(
        f"receipt-gate: {plural(len(report.drafts), 'gated draft')}:"
        f" {len(report.drafts) - len(bad)} all fresh, {len(bad)} not;"
        f" {len(report.ungated)} not gated yet (status before {s.cfg.gate_from})"
    )
    shown = report.drafts if args.all else bad
    rows = [[d, *(cells.get((d, c), "-") for c in columns)] for d in shown]
    if args.all:
        rows += [[d, *(f"({st})" for _ in columns)] for d, st in report.ungated]
    if rows:
        table([["draft", *columns], *rows], PAINT)
    rows_suppressed = suppressed_rows(report)
    if rows_suppressed:
        say(suppressed_summary(report).replace("; receipt-gate status lists them", ":"))
        for r in rows_suppressed:
            say(
                f"  {r['draft']}:{r['line']}:{r['col']}: {r['check']}: {r['message']}"
                f" [suppressed by {r['suppressed_by']}]"
            )
    if report.nothing_gated:
        say(f"receipt-gate: nothing is gated: drafts {list(s.cfg.drafts)} match no file")
    return report.exit_code
