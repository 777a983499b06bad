"""`verify`: the gate on the working tree, the index or a commit."""

from __future__ import annotations

from typing import TYPE_CHECKING

from receipt_gate import GateError
from receipt_gate.report.output import (
    errors_out,
    json_out,
    report_json,
    report_sarif,
    report_text,
    sarif_out,
)
from receipt_gate.rules.config import CONFIG_FILE
from receipt_gate.rules.session import open_tree, rel_paths

if TYPE_CHECKING:
    import argparse

    from receipt_gate.invariant.policy import Policy
    from receipt_gate.trees.tree import Tree


def verify(args: argparse.Namespace) -> int:
    sarif_file = getattr(args, "sarif_file", None)
    if sarif_file is None:
        return _verify(args)
    try:
        return _verify(args, sarif_file)
    except Exception as e:  # exit 2 (or 3) before a report: the log says why, for the upload
        why = str(e) if isinstance(e, GateError) else f"{type(e).__name__}: {e}"
        sarif_out([], errors=[why.splitlines()[0] if why else type(e).__name__], file=sarif_file)
        raise


def _verify(args: argparse.Namespace, sarif_file: str | None = None) -> int:
    root, tree, disk = open_tree(staged=args.staged, rev=args.rev)
    from receipt_gate.invariant.policy import replaced_rules, rules
    from receipt_gate.trees import revs

    # The index is a commit about to be made, which may replace HEAD (an amend): where
    # HEAD changed the rules, the rules it was judged by hold too.
    also = (
        replaced_rules(root)
        if (args.staged and args.policy_from is None and revs.head(root))
        else None
    )
    if (
        args.rev is None
        and args.policy_from is None
        and not args.paths
        and not args.recheck
        and not args.recheck_all
        and args.format == "text"
        and also is None
        and sarif_file is None
        and _unchanged(root, tree, disk)
    ):
        return 0
    from receipt_gate.invariant.verify import evaluate

    first, more, unruled = _in_force(root, tree, args.policy_from or [])
    cfg, policy, notes = rules(root, tree, disk, first)
    recheck = "all" if args.recheck_all else "changed" if args.recheck else ""
    report = evaluate(
        cfg,
        tree,
        rel_paths(root, args.paths) or None,
        disk,
        policy,
        [*notes, *unruled],
        recheck,
        also=also,
        also_changes=revs.staged_changes(root) if also is not None else None,
        more=more,
    )
    if sarif_file is not None:
        sarif_out(report_sarif(report), report.notes, report.errors, cfg, sarif_file)
    if args.format == "json":
        errors_out(report.errors)
        json_out(report_json(report), ensure_ascii=True)
    elif args.format == "sarif":
        errors_out(report.errors)
        sarif_out(report_sarif(report), report.notes, report.errors, cfg)
    else:
        report_text(report, cfg)
    return report.exit_code


def _in_force(root: str, tree: Tree, refs: list[str]) -> tuple[str | None, list[Policy], list[str]]:
    """(the commit whose rules are in force: the first of `refs` that has rules, or the
    first of all; the rules of each other one that has them, every draft held to those
    too; a note for each other one without). A push to a branch the default branch's
    rules hold as well (the Action): a branch or tag from before the gate, whose commit
    has no rules, leaves the default branch's in force (round 96 c01)."""
    from receipt_gate.invariant.policy import load

    loaded = [(ref, load(root, ref, "--policy-from")) for ref in dict.fromkeys(refs)]
    ruled = [(ref, p) for ref, p in loaded if p is not None]
    if not ruled:
        return (refs[0] if refs else None), [], []
    notes = [
        f"receipt-gate: {ref} has no rules ({CONFIG_FILE}): the rules of {ruled[0][0]} are in force"
        for ref, p in loaded
        if p is None
    ]
    return ruled[0][0], [p for _, p in ruled[1:]], notes


def _unchanged(root: str, tree: Tree, disk: Tree | None) -> bool:
    """The working tree (or the index) changes nothing the gate reads since HEAD, whose
    tree was verified under the same rules (gate.invariant.verified): say so from the record."""
    from receipt_gate.invariant import verified
    from receipt_gate.report.output import plural, safe, say, suppressed_summary
    from receipt_gate.rules.config import config_of
    from receipt_gate.trees import revs

    try:
        cfg = config_of(tree, disk)
    except GateError:
        return False  # the whole way says what is wrong
    commit = revs.head(root)
    drafts = verified.unchanged_since_head(root, cfg, disk is not None, commit)
    if drafts is None or commit is None:
        return False
    gated = sum(v[0] for v in drafts.values())
    lines = []
    if len(drafts) > gated:
        lines.append(
            f"receipt-gate: {plural(len(drafts) - gated, 'draft')} not gated yet (status"
            f" before {cfg.gate_from})"
        )
    extra = " (more from a state on: required_from)" if cfg.required_from else ""
    lines.append(
        f"receipt-gate: ok: {plural(gated, 'gated draft')},"
        f" {plural(len(cfg.required), 'required check')} each{extra}, every receipt fresh"
        f" and passing in the {tree.label} (unchanged since HEAD, whose tree was verified"
        " under the same rules)"
    )
    summary = suppressed_summary(None, drafts)
    lines += [summary] if summary else []
    for line in lines:
        say(line)
    if disk is None:  # the working tree: a plain verify answers from this, while it holds
        from receipt_gate.invariant import settled

        settled.remember(root, commit, [safe(line) for line in lines])
    return True
