"""`advance`: move a draft's `status:`; into gate_from or later only when it is verified."""

from __future__ import annotations

from typing import TYPE_CHECKING

from receipt_gate import GateError
from receipt_gate.report.output import say
from receipt_gate.rules.config import CONFIG_FILE
from receipt_gate.rules.session import one_draft, open_session, rel_paths, signer

if TYPE_CHECKING:
    import argparse


def advance(args: argparse.Namespace) -> int:
    from receipt_gate.invariant.receipts import sha256
    from receipt_gate.invariant.states import keep_fresh, set_status
    from receipt_gate.invariant.verify import FRESH, gating, judge
    from receipt_gate.rules.fingerprint import fingerprint
    from receipt_gate.trees import fsio

    s = open_session()
    (path,) = rel_paths(s.root, [args.path])
    if args.state not in s.cfg.states:
        raise GateError(
            f"{args.state}: not one of the states in {CONFIG_FILE}: {', '.join(s.cfg.states)}"
        )
    draft = one_draft(s, args.path)
    _, status = gating(s.cfg, path, draft.text)
    # The file on disk, as it is (a CRLF checkout stays CRLF): draft.data is the bytes as
    # git stores them, which the receipts hash.
    raw = fsio.read_regular(s.root, path, 1 << 26) or draft.data
    new = set_status(raw, args.state, path)
    if new == raw:
        say(f"{path}: already {args.state}")
        return 0
    sign = signer(s, args)
    keys = s.cfg.public_keys()
    old_sha = sha256(draft.data)
    # Into a gated state, the draft needs every check that state requires (required, and
    # required_from it and the states before it).
    needed = (
        s.cfg.checks_for(args.state) if s.cfg.gated_state(args.state) else s.cfg.checks_for(status)
    )
    cells = [
        judge(s.tree, s.cfg, path, old_sha, c, fingerprint(c, s.cfg, s.tree), draft.text, keys)
        for c in needed
    ]
    stale = [c for c in cells if c.state != FRESH]
    if s.cfg.gated_state(args.state) and stale:
        for c in stale:
            say(f"{c.receipt}: {c.message}")
        say(
            f"receipt-gate: advance: refused: {path} cannot move to {args.state}"
            f" ({s.cfg.gate_from} or later) until every receipt it requires there is fresh"
            " and passing"
        )
        run = [c.check for c in stale if s.cfg.specs[c.check].deterministic]
        grade = [c.check for c in stale if not s.cfg.specs[c.check].deterministic]
        from receipt_gate.base.text import shell_words

        named = shell_words([path])
        fixes = [f"receipt-gate run {' '.join(f'--check {c}' for c in run)} {named}"] if run else []
        fixes += [f"receipt-gate grade --check {c} {named}" for c in grade]
        say(f"hint: {' && '.join(fixes)}, then receipt-gate advance {named} {args.state}")
        return 1
    fsio.write_file(s.root, path, new)
    moved = f"{path}: {status or '(no status)'} -> {args.state}"
    if stale:
        say(moved)
        return 0
    # Only the status line changed, and every receipt held a moment ago: keep them fresh.
    keep_fresh(s.cfg, s.root, path, draft.data, sign, status, args.state)
    from receipt_gate.base.text import shell_words

    say(f"{moved}; receipts kept fresh (git add {shell_words([path, s.cfg.run_dir])})")
    return 0
