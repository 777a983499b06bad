"""`pre-push`: the gate on every commit a push could carry, read from git objects."""

from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING

from receipt_gate import GateError
from receipt_gate.output import report_text, say
from receipt_gate.session import find_root

if TYPE_CHECKING:
    import argparse

    from receipt_gate.policy import Policy


def pre_push(args: argparse.Namespace) -> int:
    from receipt_gate import push, revs
    from receipt_gate.policy import load

    root = find_root()
    env = dict(os.environ)
    under_pre_commit = "PRE_COMMIT_REMOTE_NAME" in env or "PRE_COMMIT_TO_REF" in env
    if under_pre_commit:
        pushes = push.from_pre_commit(env)
        remote = env.get("PRE_COMMIT_REMOTE_NAME", "")
    elif sys.stdin is None or sys.stdin.isatty():
        raise GateError("pre-push: expects git's pre-push lines on standard input")
    else:
        pushes = push.from_stdin(sys.stdin)
        remote = args.remote or ""
    for p in pushes:
        revs.resolve_commit(root, p.local, f"pre-push: {p.ref}")
    if not pushes:
        say("receipt-gate: pre-push: nothing to verify")
        return 0
    # The rules in force: what the remote has (one policy for the whole push, taken
    # from the first ref that has one).
    ref = next((r for p in pushes if (r := push.policy_ref(root, remote, p))), None)
    policy = load(root, ref, "pre-push: the remote's") if ref else None
    note = "" if policy else ("receipt-gate: the remote has no rules yet: each commit is"
                              " judged by its own rules only")
    tips = {**(revs.local_refs(root) if under_pre_commit else {}),
            **{p.local: p.ref for p in pushes}}
    walk = push.commits(root, remote, pushes, under_pre_commit)
    new = set(walk)
    good: set[str] = set()
    rc = 0
    for commit in walk:
        rc = max(rc, _one(root, commit, tips.get(commit), policy, note, good, new))
    if rc:
        say("hint: every commit on the way to the remote must hold: fix the one named,"
            " where it is (git commit --amend, or git rebase -i to fold the fix in), then"
            " push again; a commit made with --no-verify skips the commit hook, not this one")
    return rc


def _one(root: str, commit: str, tip: str | None, policy: Policy | None, note: str,
         good: set[str], new: set[str]) -> int:
    """Verify one commit unless its parent is known good (verified here, or already on
    the remote) and it changes nothing the gate reads; a commit that holds is good."""
    from receipt_gate import push, revs
    from receipt_gate.config import CONFIG_FILE, config_of
    from receipt_gate.gittree import CommitTree
    from receipt_gate.verify import evaluate

    tree = CommitTree(root, commit, "pre-push:")
    has_config = tree.read(CONFIG_FILE) is not None
    if policy is None and not has_config:
        good.add(commit)  # before the gate was adopted: nothing is gated
        return 0
    cfg = config_of(tree) if has_config or policy is None else policy.cfg
    parent = revs.first_parent(root, commit)
    if parent is not None and (parent in good or parent not in new):
        changed = revs.changed_paths(root, parent, commit)
        if not any(push.relevant(cfg, p) or (policy and push.relevant(policy.cfg, p))
                   for p in changed):
            good.add(commit)
            if tip:
                say(f"receipt-gate: {tip}: nothing the gate reads changed since"
                    f" {parent[:12]}; not verified again")
            return 0
    notes = [note] if note else []
    if not has_config:
        notes.append(f"receipt-gate: {tree.label} has no {CONFIG_FILE}: judged by the rules"
                     " in force")
    report = evaluate(cfg, tree, policy=policy, notes=notes)
    say(f"receipt-gate: pushing {tip} ({commit[:12]}):" if tip else
        f"receipt-gate: pushing commit {commit[:12]} (on the way to a pushed ref):")
    report_text(report, cfg)
    if report.exit_code == 0:
        good.add(commit)
    return report.exit_code
