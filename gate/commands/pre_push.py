"""`pre-push`: the gate on every tip a push would set and every commit on the way."""

from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING

from receipt_gate import GateError
from receipt_gate.base.text import printable
from receipt_gate.report.output import report_text, say
from receipt_gate.rules.session import find_root

if TYPE_CHECKING:
    import argparse

    from receipt_gate.invariant.policy import Policy
    from receipt_gate.invariant.push import Push, Remote


def pre_push(args: argparse.Namespace) -> int:
    from receipt_gate.invariant import push
    from receipt_gate.trees import revs

    root = find_root()
    env = dict(os.environ)
    # git's own lines first: pre-commit runs its hooks with nothing on stdin, and a
    # PRE_COMMIT_* variable may be set by whoever pushes (the plain hook trusts git's).
    # Ref names are bytes to git: one that is no UTF-8 is read as it is, not refused.
    raw = getattr(sys.stdin, "buffer", sys.stdin)  # (bytes where there are; a test's text)
    lines = (
        []
        if sys.stdin is None or sys.stdin.isatty()
        else [line if isinstance(line, str) else os.fsdecode(line) for line in raw if line.strip()]
    )
    under_pre_commit = not lines and ("PRE_COMMIT_REMOTE_NAME" in env or "PRE_COMMIT_TO_REF" in env)
    state: Remote | None = None
    others: list[Push] = []
    if under_pre_commit:
        remote = env.get("PRE_COMMIT_REMOTE_NAME", "") or env.get("PRE_COMMIT_REMOTE_URL", "")
        state = push.remote_state(root, remote) if remote else None
        pushes, others = _under_pre_commit(root, remote, env, state)
    elif not lines:
        raise GateError("pre-push: expects git's pre-push lines on standard input")
    else:
        pushes = push.from_stdin(lines)
        remote = args.remote or args.url or ""
    for p in [*pushes, *others]:
        revs.resolve_commit(root, p.local, f"pre-push: {p.ref}")
    if not pushes:
        say("receipt-gate: pre-push: only deletions: nothing to verify")
        return 0
    good: dict[str, set[str]] = {}
    rc = 0
    for p in pushes:
        rc = max(rc, _one_push(root, remote, p, state, good))
    for p in others:
        _would_fail(root, remote, p, state, good)
    if rc == 1:
        say(
            "hint: a pushed tip must hold (commits on the way need not): fix what is named"
            " in a new commit, then push again"
        )
    return rc


def _under_pre_commit(
    root: str, remote: str, env: dict[str, str], state: Remote | None
) -> tuple[list[Push], list[Push]]:
    """(the tips pre-commit names, each held to the default branch's rules too; the other
    local branches and tags with commits the remote lacks: maybe on the way, named if they
    would fail, never refused). With none named, every such tip is judged: a push is
    never passed having verified nothing."""
    from receipt_gate.invariant import push
    from receipt_gate.trees import revs

    named = push.from_pre_commit(root, env)
    candidates = [p for p in push.local_tips(root) if all(p.local != n.local for n in named)]
    known = [o for o in (state.refs if state else {}).values() if revs.commit_exists(root, o)]
    remote_has = state.refs if state else {}
    # A local branch whose commits the remote has is not being pushed with new work; a
    # tag the remote lacks (or has elsewhere) may be (`--follow-tags`).
    candidates = [
        p
        for p in candidates
        if (p.ref.startswith("refs/tags/") and remote_has.get(p.ref) != p.local)
        or revs.rev_list(root, [p.local], [*known, *([f"--remotes={remote}"] if remote else [])])
    ]
    pushes, others = (named, candidates) if named else (candidates, [])
    if not pushes:
        raise GateError(
            "pre-push: pre-commit named no ref, and no local branch or tag has a"
            " commit the remote lacks: cannot tell what is pushed"
        )
    # Any ref may be pushed anywhere in the same push (`git push origin dev exp:main`):
    # each named tip is held to the default branch's rules as well as to its own name's.
    default = push.default_branch(state) if state is not None else None
    if default and state is not None:  # (a new name is held to the default's anyway)
        pushes += [
            p._replace(remote="", remote_ref=default)
            for p in pushes
            if state.refs.get(p.remote_ref, default) not in (default, state.refs[default])
        ]
    return pushes, others


def _rules_for(
    root: str, remote: str, p: Push, state: Remote | None
) -> tuple[str | None, Policy | None, str]:
    """The commit whose rules are in force for this push, those rules, and a note."""
    from receipt_gate.invariant import push
    from receipt_gate.invariant.policy import load

    ruled_by = push.rules_commit(root, remote, p, state)
    policy = load(root, ruled_by, "pre-push: the remote's") if ruled_by else None
    if ruled_by is None:
        note = (
            f"receipt-gate: the remote has no branch yet: {printable(p.ref)} is judged by"
            " its own rules only"
        )
    elif policy is None:
        note = (
            f"receipt-gate: the remote's {ruled_by[:12]} has no rules yet: each commit is"
            " judged by its own rules only"
        )
    else:
        note = ""
    return ruled_by, policy, note


def _one_push(
    root: str, remote: str, p: Push, state: Remote | None, good: dict[str, set[str]]
) -> int:
    """Verify one pushed tip under the rules of the ref it changes; say how many commits
    on its way fail (they are not published: the tip is)."""
    from receipt_gate.invariant import push

    ruled_by, policy, note = _rules_for(root, remote, p, state)
    seen = good.setdefault(policy.label if policy else "", set())
    if ruled_by:
        seen.add(ruled_by)  # where the rules come from: the remote's, taken as it is
    walk = push.new_commits(root, remote, p.local, [p.remote, ruled_by or ""])
    failing = [c for c in walk[:-1] if _fails(root, c, policy, note, seen)]
    rc = _one(root, p.local, printable(p.ref), policy, note, seen)
    if failing:
        shown = ", ".join(c[:12] for c in failing[:3]) + (", ..." if len(failing) > 3 else "")
        held = "the tip holds" if rc == 0 else "the tip fails too"
        say(
            f"receipt-gate: {printable(p.ref)}: {len(failing)} earlier"
            f" commit{'s' * (len(failing) != 1)} on the way fail ({shown}); {held}"
        )
    return rc


def _fails(root: str, commit: str, policy: Policy | None, note: str, seen: set[str]) -> bool:
    """Does this commit fail (or the gate fail to read it), judged quietly?"""
    try:
        return _one(root, commit, None, policy, note, seen, quiet=True) != 0
    except GateError:
        return True


def _would_fail(
    root: str, remote: str, p: Push, state: Remote | None, good: dict[str, set[str]]
) -> None:
    """One line for a local branch the hook cannot tell is pushed, when its tip would
    fail: not refused (CI on the protected branch judges what lands)."""
    try:
        ruled_by, policy, note = _rules_for(root, remote, p, state)
    except GateError:
        return  # (its rules cannot be read here: nothing to say of it)
    seen = good.setdefault(policy.label if policy else "", set())
    if ruled_by:
        seen.add(ruled_by)
    if _fails(root, p.local, policy, note, seen):
        say(
            f"receipt-gate: note: {printable(p.ref)} would fail under the rules in force"
            f" (receipt-gate verify --rev {printable(p.ref)}); not refused, as this push may"
            " not carry it: CI judges it where it lands"
        )


def _one(
    root: str,
    commit: str,
    tip: str | None,
    policy: Policy | None,
    note: str,
    good: set[str],
    quiet: bool = False,
) -> int:
    """Verify one commit unless its first parent holds under the same rules (verified
    here, or the commit they come from) and it changes nothing the gate reads; with
    `quiet`, say nothing of it (its exit status is the answer)."""
    from receipt_gate.invariant import push
    from receipt_gate.invariant.verify import evaluate
    from receipt_gate.rules.config import CONFIG_FILE, config_of
    from receipt_gate.trees import revs
    from receipt_gate.trees.gittree import CommitTree

    if commit in good:
        return 0
    tree = CommitTree(root, commit, "pre-push:")
    has_config = tree.read(CONFIG_FILE) is not None
    parent = revs.first_parent(root, commit)
    if parent is None and revs.cut_short(root, commit):
        raise GateError(
            f"pre-push: {commit[:12]}: its history is cut there (a shallow clone,"
            " a graft), so the rules before it cannot be read: fetch its history"
        )
    if policy is None and parent is not None:
        # No rules on the remote (a new repository): each commit is held to the rules
        # before it too, as CI holds it (a tip that deletes the config weakens nothing).
        from receipt_gate.invariant.policy import load

        policy = load(root, parent, "pre-push: the parent's")
    if policy is None and not has_config:
        good.add(commit)  # before the gate was adopted, and no rules in force: none apply
        return 0
    cfg = config_of(tree) if has_config or policy is None else policy.cfg
    if parent is not None and parent in good:
        changed = revs.changed_paths(root, parent, commit)
        if not any(
            push.relevant(cfg, p) or (policy and push.relevant(policy.cfg, p)) for p in changed
        ) and not (  # a submodule moved on a site: a generator may publish from it
            cfg.draft_markers is not None and revs.changed_links(root, parent, commit)
        ):
            good.add(commit)
            if tip and not quiet:
                say(
                    f"receipt-gate: {tip}: nothing the gate reads changed since"
                    f" {parent[:12]}; not verified again"
                )
            return 0
    notes = [note] if note else []
    if not has_config:
        notes.append(
            f"receipt-gate: {tree.label} has no {CONFIG_FILE}: judged by the rules in force"
        )
    report = evaluate(cfg, tree, policy=policy, notes=notes)
    if not quiet:
        say(
            f"receipt-gate: pushing {tip} ({commit[:12]}):"
            if tip
            else f"receipt-gate: pushing commit {commit[:12]} (on the way to a pushed ref):"
        )
        report_text(report, cfg)
    if report.exit_code == 0:
        good.add(commit)
    return report.exit_code
