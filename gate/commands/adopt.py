"""`adopt`: what existing content fails, and the two honest ways to start.

Without an option it reports, per check, how many gated drafts fail and what most
often, and writes nothing. `--baseline` records today's findings in the baseline file
(gate.baseline) and names it in the config: they refuse nothing, any new finding
does. `--pre-gate` marks each failing draft with a status before gate_from: it is
not gated until someone fixes it and advances it. Either way the receipts are then
written, so the first commit is green, and the command says which it did.
"""

from __future__ import annotations

import collections
from typing import TYPE_CHECKING, Any

from receipt_gate import GateError
from receipt_gate.config import CONFIG_FILE
from receipt_gate.output import json_out, plural, say, table
from receipt_gate.session import Session, drafts_in, load_drafts, open_session

if TYPE_CHECKING:
    import argparse

    from receipt_gate.checks import Finding
    from receipt_gate.text import Draft

TOP = 3  # most frequent findings shown per check


def _findings(s: Session) -> tuple[list[str], list[Draft], dict[str, dict[str, list[Finding]]]]:
    """(the checks, the gated drafts, check -> draft -> findings), as the checks stand
    with no baseline (comments in the drafts still count)."""
    from receipt_gate import runner
    from receipt_gate.judge import gating
    from receipt_gate.registry import CHECKS

    names = [c for c in s.cfg.required if CHECKS[c].deterministic]
    drafts = load_drafts(s.tree, drafts_in(s.cfg, s.tree))
    gated = [d for d in drafts if gating(s.cfg, d.path, d.text)[0]]
    jobs, outcomes, _ = runner.decide(s.cfg._replace(baseline=""), s.tree, names, gated)
    found: dict[str, dict[str, list[Finding]]] = {n: {} for n in names}
    for (name, d), o in zip(jobs, outcomes, strict=True):
        if o.findings:
            found[name][d.path] = list(o.findings)
    return names, gated, found


def _summary(names: list[str], gated: list[Draft],
             found: dict[str, dict[str, list[Finding]]]) -> dict[str, Any]:
    from receipt_gate.baseline import key

    checks = {}
    for n in names:
        counts = collections.Counter(key(f) for fs in found[n].values() for f in fs)
        checks[n] = {"failing": len(found[n]), "findings": sum(counts.values()),
                     "most_often": [{"finding": k, "count": c} for k, c in
                                    counts.most_common(TOP)]}
    return {"drafts": len(gated), "checks": checks,
            "failing": sorted({p for n in names for p in found[n]})}


def _say_summary(doc: dict[str, Any]) -> None:
    say(f"receipt-gate adopt: {plural(doc['drafts'], 'gated draft')},"
        f" {plural(len(doc['checks']), 'check')}")
    rows = []
    for name, c in doc["checks"].items():
        often = "; ".join(f"{m['finding']} ({m['count']})" for m in c["most_often"])
        rows.append((name, f"{c['failing']} of {doc['drafts']} fail",
                     f"{c['findings']} findings" if c["findings"] else "", often))
    table([("check", "drafts", "findings", "most often"), *rows], last_free=True)


def adopt(args: argparse.Namespace) -> int:
    s = open_session()
    names, gated, found = _findings(s)
    doc = _summary(names, gated, found)
    failing = doc["failing"]
    if args.pre_gate is not None:
        _pre_gate_state(s, args.pre_gate or None)  # a bad STATE is refused, failing or not
    did = "report"
    if failing and args.baseline:
        did = "baseline"
        doc["baseline"] = _write_baseline(s, found)
    elif failing and args.pre_gate is not None:
        did = "pre-gate"
        doc["marked"], doc["status"] = _mark(s, failing, args.pre_gate or None)
    if did != "report" or (not failing and (args.baseline or args.pre_gate is not None)):
        written = _receipts()
        doc["receipts_written"] = written
    doc["did"] = did
    if args.format == "json":
        json_out(doc)
        return 1 if failing and did == "report" else 0
    _say_summary(doc)
    if did == "baseline":
        n = sum(c["findings"] for c in doc["checks"].values())
        say(f"receipt-gate adopt: did --baseline: recorded {plural(n, 'finding')} in"
            f" {plural(len(failing), 'draft')} in {doc['baseline']} (named by {CONFIG_FILE}"
            " baseline:): they refuse nothing, any new finding does;"
            f" {plural(doc['receipts_written'], 'receipt')} written")
    elif did == "pre-gate":
        say(f"receipt-gate adopt: did --pre-gate: marked {plural(len(failing), 'draft')}"
            f" status: {doc['status']}: not gated until fixed and advanced (receipt-gate"
            f" advance PATH {s.cfg.gate_from}); {plural(doc['receipts_written'], 'receipt')}"
            " written for the rest")
    elif failing:
        total = sum(c["findings"] for c in doc["checks"].values())
        before = s.cfg.states[max(0, s.cfg.states.index(s.cfg.gate_from) - 1)]
        say("Two honest ways to start (each writes the receipts, so the first commit is"
            " green):")
        say(f"  receipt-gate adopt --baseline   record today's {plural(total, 'finding')}:"
            " they refuse nothing, any new finding does")
        say(f"  receipt-gate adopt --pre-gate   mark the {plural(len(failing), 'failing draft')}"
            f" status: {before}: not gated until fixed and advanced")
        say("Or fix them first: receipt-gate run lists every finding with its line.")
        return 1
    elif "receipts_written" in doc:
        say(f"receipt-gate adopt: nothing fails; {plural(doc['receipts_written'], 'receipt')}"
            " written")
    else:
        say("receipt-gate adopt: nothing fails: commit (the hook runs the checks), or"
            " receipt-gate run first")
        return 0
    say("next: git add -A && git commit")
    return 0


def _pre_gate_state(s: Session, state: str | None) -> str:
    before = s.cfg.states[: s.cfg.states.index(s.cfg.gate_from)]
    if state is None:
        if not before:
            raise GateError(f"adopt --pre-gate: no state comes before gate_from"
                            f" ({s.cfg.gate_from}) in {CONFIG_FILE}")
        return before[-1]
    if state not in before:
        raise GateError(f"adopt --pre-gate: {state!r} is not a state before gate_from"
                        f" ({', '.join(before) or 'none'})")
    return state


def _write_baseline(s: Session, found: dict[str, dict[str, list[Finding]]]) -> str:
    from receipt_gate import baseline
    from receipt_gate.fsio import read_regular, write_file
    from receipt_gate.receipts import now

    file = s.cfg.baseline or baseline.DEFAULT_FILE
    entries: baseline.Entries = {}
    for check, drafts in found.items():
        for path, findings in drafts.items():
            entries.setdefault(path, {})[check] = [baseline.key(f) for f in findings]
    about = (f"Findings existing content had when receipt-gate was adopted ({now()}): each"
             " refuses nothing on its draft; any other finding does. receipt-gate adopt"
             " --baseline writes it again, without the findings fixed since.")
    data = baseline.dump(entries, about)
    config = read_regular(s.root, CONFIG_FILE, 1 << 20) or b""
    if not s.cfg.baseline:
        sep = b"" if not config or config.endswith(b"\n") else b"\n"
        config += sep + (b"# Findings existing content had at adoption: they refuse nothing,"
                         b" any new\n# finding does (receipt-gate adopt --baseline).\n"
                         b"baseline: " + file.encode() + b"\n")
    write_file(s.root, file, data)
    write_file(s.root, CONFIG_FILE, config)
    return file


def _mark(s: Session, failing: list[str], state: str | None) -> tuple[list[str], str]:
    from receipt_gate.fsio import read_regular, write_file
    from receipt_gate.states import set_status

    status = _pre_gate_state(s, state)
    new = {}
    for path in failing:
        data = read_regular(s.root, path, 1 << 26)
        if data is None:
            raise GateError(f"{path}: not a regular file in the working tree")
        new[path] = set_status(data, status)
    for path, data in new.items():
        write_file(s.root, path, data)
    return failing, status


def _receipts() -> int:
    """Write every receipt the rules now call for (a fresh session: the config changed)."""
    from receipt_gate import runner
    from receipt_gate.judge import gating
    from receipt_gate.registry import CHECKS

    s = open_session()
    names = [c for c in s.cfg.required if CHECKS[c].deterministic]
    drafts = load_drafts(s.tree, drafts_in(s.cfg, s.tree))
    gated = [d for d in drafts if gating(s.cfg, d.path, d.text)[0]]
    results = runner.run(s.cfg, s.tree, names, gated)
    left = sorted({r.draft for r in results if r.outcome.findings})
    if left:
        raise RuntimeError(f"{left[0]}: still fails after adopting")
    return sum(r.written for r in results)
