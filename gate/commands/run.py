"""`run` and `check`: run deterministic checks on drafts and write their receipts."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from receipt_gate import GateError
from receipt_gate.base.signing import Signer
from receipt_gate.report.output import Progress, errors_out, json_out, plural, sarif_out, say
from receipt_gate.rules.config import CONFIG_FILE
from receipt_gate.rules.session import Session, load_drafts, open_session, select, signer

if TYPE_CHECKING:
    import argparse

    from receipt_gate.base.text import Draft


def run(args: argparse.Namespace) -> int:
    if args.staged and not args.dry_run:
        raise GateError(
            "run --staged: give --dry-run too (the commit hook writes and stages"
            " the index's receipts itself)"
        )
    s = open_session(staged=args.staged)
    names = list(dict.fromkeys(args.check or [])) or None
    for n in names or ():
        s.cfg.spec(n, deterministic=True, where="--check ")
    if names is None and not s.cfg.deterministic():
        raise GateError(f"{CONFIG_FILE}: required lists no deterministic check to run")
    rc = run_checks(
        s,
        names,
        args.paths,
        "text",
        None if args.dry_run else signer(s, args),
        write=not args.dry_run,
    )
    if args.dry_run:  # what the commit hook holds a commit to: HEAD's rules too
        from receipt_gate.invariant.policy import load
        from receipt_gate.trees import revs

        head = revs.head(s.root)
        policy = load(s.root, "HEAD", "the rules in force") if head else None
        if policy is not None and policy.tree.read(CONFIG_FILE) != s.tree.read(CONFIG_FILE):
            say(
                f"receipt-gate: the {s.tree.label} changes the rules; under the rules in"
                " force at HEAD, which a commit is held to as well:"
            )
            kept = [
                n
                for n in names or ()
                if n in policy.cfg.specs and policy.cfg.specs[n].deterministic
            ] or None
            if names is None or kept:
                rc = max(
                    rc,
                    run_checks(
                        Session(s.root, s.tree, policy.cfg, s.disk),
                        kept,
                        args.paths,
                        "text",
                        None,
                        write=False,
                    ),
                )
    return rc


def check(args: argparse.Namespace) -> int:
    s = open_session()
    s.cfg.spec(args.name, deterministic=True)
    return run_checks(s, [args.name], args.paths, args.format, signer(s, args))


def _gated_drafts(s: Session, drafts: Sequence[Draft]) -> tuple[list[Draft], list[str]]:
    """The drafts whose status can be read, and a line for each other (an unknown status
    in a drafts folder is that draft's error: the others are judged all the same)."""
    from receipt_gate.invariant.verify import gating

    kept: list[Draft] = []
    bad: list[str] = []
    for d in drafts:
        try:
            gating(s.cfg, d.path, d.text)
        except GateError as e:
            bad.append(str(e))
            continue
        kept.append(d)
    return kept, bad


def run_checks(
    s: Session,
    names: Sequence[str] | None,
    paths: Sequence[str],
    fmt: str,
    sign: Signer | None = None,
    write: bool = True,
) -> int:
    """Run the checks on the drafts named (all, when none are) and write their receipts
    (with `write` off, decide only: what a commit hook would find, nothing written)."""
    from receipt_gate.invariant import runner
    from receipt_gate.invariant.verify import gating

    chosen, skipped = select(s, paths)
    drafts, unread = _gated_drafts(s, load_drafts(s.tree, chosen))
    status = {d.path: gating(s.cfg, d.path, d.text) for d in drafts}
    progress = Progress("checking")
    # Each draft gets its own checks (required, and required_from its state), or those
    # named; a draft before gate_from gets them too: its findings are told, refuse nothing.
    todo = runner.plan(
        s.cfg,
        drafts,
        {d.path: st for d, (_, st) in zip(drafts, status.values(), strict=True)},
        names,
    )
    unrun: dict[str, str] = {}
    results = (
        runner.run(s.cfg, s.tree, todo, progress, sign, unrun)
        if write
        else runner.dry_run(s.cfg, s.tree, todo, progress, unrun)
    )
    checks = list(todo) or list(names or s.cfg.deterministic())
    if len(drafts) * len(checks) >= 50:
        progress.end()
    # Findings on a draft before gate_from are reported and recorded, but refuse nothing.
    failed = [r for r in results if r.outcome.findings and status[r.draft][0]]
    rc = 2 if unread else 1 if failed or unrun else 0
    errors_out(unread)  # (a draft whose status cannot be read: named, the rest judged)
    for name, why in unrun.items():  # its receipts stay as they are; the rest are written
        say(f"receipt-gate: {name}: not run: {why}")
    if fmt == "sarif":
        from receipt_gate.report.sarif import Result

        sarif_out(
            [
                *(
                    Result(r.check, f"{r.check}: {f.message}", r.draft, f.line, f.col)
                    for r in results
                    for f in r.outcome.findings
                ),
                *(
                    Result(
                        r.check,
                        f"{r.check}: {x.finding.message}",
                        r.draft,
                        x.finding.line,
                        x.finding.col,
                        x.by,
                    )
                    for r in results
                    for x in r.outcome.suppressed
                ),
            ],
            cfg=s.cfg,
        )
        return rc
    if fmt == "json":
        doc = {
            "checks": checks,
            "checked": sum(r.outcome.checked for r in results),
            "drafts": [
                {
                    "draft": r.draft,
                    "check": r.check,
                    "verdict": "fail" if r.outcome.findings else "pass",
                    "gated": status[r.draft][0],
                    "receipt": r.receipt,
                    "written": r.written,
                }
                for r in results
            ],
            "violations": [
                {"draft": r.draft, "check": r.check, **f.as_dict()}
                for r in results
                for f in r.outcome.findings
            ],
            "suppressed": [
                {"draft": r.draft, "check": r.check, **x.as_dict()}
                for r in results
                for x in r.outcome.suppressed
            ],
        }
        if len(checks) == 1:
            doc["check"] = checks[0]
        json_out(doc)
        return rc
    for r in results:
        gated, state = status[r.draft]
        note = "" if gated else f" (not gated yet: status {state})"
        for f in r.outcome.findings:
            say(f"{r.draft}:{f.line}:{f.col}: {r.check}: {f.message}{note}")
    quiet = [(r, x) for r in results for x in r.outcome.suppressed]
    for r, x in quiet[:20]:
        f = x.finding
        say(f"{r.draft}:{f.line}:{f.col}: {r.check}: {f.message} [suppressed by {x.by}]")
    if len(quiet) > 20:
        say(
            f"receipt-gate: {len(quiet) - 20} more suppressed findings (receipt-gate status"
            " lists them all)"
        )
    label = ", ".join(checks)
    if not drafts:
        why = f" ({plural(skipped, 'path')} given, none a draft)" if skipped else ""
        say(f"receipt-gate: {label}: no draft to check{why}")
        return rc
    written = sum(r.written for r in results)
    bad = {r.draft for r in failed}
    early = len({r.draft for r in results if r.outcome.findings} - bad)
    not_yet = f" ({early} more not gated yet)" if early else ""
    wrote = (
        f"{plural(written, 'receipt')} written, {len(results) - written} unchanged"
        if write
        else "nothing written (--dry-run)"
    )
    say(
        f"receipt-gate: {label}: {plural(len(drafts), 'draft')} checked in the {s.tree.label},"
        f" {len(bad)} failed{not_yet}; {wrote}"
    )
    if bad:
        from receipt_gate.base.text import shell_words

        say(f"hint: fix the findings, then receipt-gate run {shell_words(sorted(bad))}")
        for name in dict.fromkeys(r.check for r in failed):
            if s.cfg.specs[name].hint:
                say(f"hint: {s.cfg.specs[name].hint}")
    elif written and write:
        from receipt_gate.base.text import shell_words

        say(f"hint: git add {shell_words([s.cfg.run_dir])}")
    return rc
