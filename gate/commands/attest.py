"""`attest`: the receipts of a tree as in-toto Statements, one per gated draft, each in a
DSSE envelope (signed where signing is configured), one envelope per line: the JSON
Lines bundle in-toto tooling reads."""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from receipt_gate.report.output import errors_out
from receipt_gate.rules.session import open_tree, rel_paths

if TYPE_CHECKING:
    import argparse


def _verify(file: str, found: list[dict[str, Any]], keys: Sequence[bytes], label: str) -> int:
    """Check each envelope of an attestation bundle against the tree: 0 when every one
    holds, 1 when one does not (each named), 2 when the file is no bundle."""
    from receipt_gate import GateError
    from receipt_gate.invariant.attest import problems
    from receipt_gate.report.output import say

    try:
        with open(file, "rb") as f:
            lines = f.read(64 * 1024 * 1024).decode("utf-8").splitlines()
        envelopes = [json.loads(line) for line in lines if line.strip()]
    except (OSError, UnicodeDecodeError, ValueError) as e:
        why = e.strerror if isinstance(e, OSError) else "not JSON Lines of DSSE envelopes"
        raise GateError(f"{file}: {why}") from None
    if not envelopes:
        raise GateError(f"{file}: holds no envelope")
    expected = {s["subject"][0]["name"]: s for s in found}
    bad = 0
    for n, env in enumerate(envelopes, 1):
        for why in problems(env, expected, keys):
            say(f"{file}:{n}: {why}")
            bad += 1
    if bad:
        say(f"refused: {bad} problem(s) in {len(envelopes)} envelope(s), against the {label}")
        return 1
    signed = "signed by a trusted key" if keys else "unsigned (no signing.public_keys)"
    say(f"ok: {len(envelopes)} envelope(s) {signed}, each what the gate finds in the {label}")
    return 0


def attest(args: argparse.Namespace) -> int:
    from receipt_gate.base.signing import signer
    from receipt_gate.invariant.attest import envelope, statements
    from receipt_gate.invariant.policy import rules
    from receipt_gate.invariant.verify import evaluate
    from receipt_gate.trees.digests import sha256_of

    root, tree, disk = open_tree(rev=args.rev)
    cfg, policy, notes = rules(root, tree, disk, args.policy_from)
    report = evaluate(cfg, tree, rel_paths(root, args.paths) or None, disk, policy, notes)
    errors_out(report.errors)
    if report.errors:
        return 2
    receipts: dict[str, dict[str, Any] | None] = {}
    for c in report.cells:
        raw = tree.read(c.receipt)
        try:
            doc = json.loads(raw) if raw is not None else None
        except ValueError:
            doc = None
        receipts[c.receipt] = doc if isinstance(doc, dict) else None
    label = policy.label if policy is not None else f"the {tree.label}'s own"
    found = statements(
        report,
        sha256_of(tree, report.drafts),
        receipts,
        label,
        getattr(tree, "commit", None),
        getattr(policy.tree, "commit", None) if policy is not None else None,
    )
    if args.verify is not None:
        keys = (policy.cfg if policy is not None else cfg).public_keys()
        return _verify(args.verify, found, keys, tree.label)
    # Signed with a key the rules in force trust, as the receipts are.
    sign = signer(
        (policy.cfg if policy is not None else cfg).public_keys(), root, args.key_env, args.key_file
    )
    sys.stdout.write("".join(json.dumps(envelope(s, sign), sort_keys=True) + "\n" for s in found))
    holding = sum(s["predicate"]["holds"] for s in found)
    print(
        f"receipt-gate: attested {len(found)} gated draft(s) in the {tree.label}:"
        f" {holding} hold, {len(found) - holding} do not"
        + (
            ""
            if sign is not None
            else f"; unsigned: the rules in force ({label}) list no signing.public_keys"
        ),
        file=sys.stderr,
    )
    if report.nothing_gated:
        return 1
    return 0 if holding == len(found) else 1
