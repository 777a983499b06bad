#!/usr/bin/env python3
"""A Claude Code Stop hook: the agent cannot end its turn on a commit the gate refuses.

A command line is a program, and no reading of one catches every commit (`command git
commit -n`, an alias, `git commit-tree | git update-ref`). This hook judges the outcome
instead: when the agent is about to stop, it verifies what the session produced, HEAD
and every commit on the way to it that the remote lacks, under the rules in force (what
the remote has for the branch, or for a new branch the remote's default branch), with
the same pre-push gate the git hook runs (`receipt-gate pre-push`, no network needed
when the remote-tracking refs are there). With no remote at all, HEAD is verified under
its parent's rules (`receipt-gate verify --rev HEAD`).

When the gate refuses, it exits 2: Claude Code keeps the agent working and shows it the
commit, what is wrong and the fix. Repositories without a receipt-gate config, and
those with no commit yet, pass through. Standard library only; it calls the
`receipt-gate` on PATH (or the one $RECEIPT_GATE names), and in a gated repository
refuses when it cannot run it. Claude Code passes `stop_hook_active` when the agent is
already continuing because of a Stop hook; the gate holds all the same: an agent that
cannot fix the commit says so to its user, who decides.
"""

from __future__ import annotations

import json
import os
import shlex
import subprocess
import sys
from collections.abc import Sequence

LIMIT = 6000  # characters of the gate's report shown to the agent


def _git(root: str, *args: str) -> str | None:
    proc = subprocess.run(["git", "-C", root, *args], capture_output=True, text=True,
                          check=False)
    return proc.stdout.strip() if proc.returncode == 0 else None


def _where_it_goes(root: str) -> tuple[str, str, str] | None:
    """(remote, the ref HEAD would update there, what the remote has for it as far as
    this clone knows: that ref, else the remote's default branch, else zeros)."""
    remotes = (_git(root, "remote") or "").split()
    if not remotes:
        return None
    branch = _git(root, "symbolic-ref", "-q", "--short", "HEAD") or ""
    upstream = _git(root, "rev-parse", "--abbrev-ref", "--symbolic-full-name", "@{upstream}")
    if upstream and "/" in upstream and upstream.split("/", 1)[0] in remotes:
        remote, name = upstream.split("/", 1)
    else:
        remote, name = ("origin" if "origin" in remotes else remotes[0]), branch or "HEAD"
    for ref in (f"refs/remotes/{remote}/{name}", f"refs/remotes/{remote}/HEAD",
                f"refs/remotes/{remote}/main", f"refs/remotes/{remote}/master"):
        old = _git(root, "rev-parse", "--verify", "-q", f"{ref}^{{commit}}")
        if old:
            return remote, f"refs/heads/{name}", old
    return remote, f"refs/heads/{name}", "0" * 40


def verify(root: str) -> tuple[int, str]:
    """The gate on HEAD and every commit on its way that the remote lacks."""
    exe = shlex.split(os.environ.get("RECEIPT_GATE", "receipt-gate"))
    head = _git(root, "rev-parse", "--verify", "-q", "HEAD^{commit}")
    if head is None:
        return 0, ""  # no commit yet: nothing was produced
    where = _where_it_goes(root)
    if where is None:
        proc = subprocess.run([*exe, "verify", "--rev", "HEAD"], cwd=root,
                              capture_output=True, text=True, check=False)
    else:
        remote, ref, old = where
        url = _git(root, "remote", "get-url", remote) or remote
        proc = subprocess.run([*exe, "pre-push", remote, url], cwd=root,
                              input=f"HEAD {head} {ref} {old}\n", capture_output=True,
                              text=True, check=False)
    return proc.returncode, proc.stdout + proc.stderr


def main(argv: Sequence[str] | None = None) -> int:
    del argv  # Claude Code passes the event on stdin
    try:
        payload = json.load(sys.stdin)
        cwd = payload.get("cwd") or os.getcwd()
    except (ValueError, AttributeError) as e:
        print(f"receipt-gate stop hook: not a Stop payload ({e})", file=sys.stderr)
        return 1
    root = _git(cwd, "rev-parse", "--show-toplevel")
    if root is None:
        return 0
    gated = os.path.isfile(os.path.join(root, ".receipt-gate.yaml")) or _git(
        root, "cat-file", "-e", "HEAD:.receipt-gate.yaml") is not None
    if not gated:
        return 0  # no receipt-gate here: not this hook's business
    try:
        rc, report = verify(root)
    except OSError as e:
        print(f"receipt-gate: this repository is gated, and receipt-gate cannot run ({e});"
              " install it, or name it in $RECEIPT_GATE", file=sys.stderr)
        return 2
    if rc == 0:
        return 0
    text = report if len(report) <= LIMIT else report[:LIMIT] + "\n[...]\n"
    print("receipt-gate: this session made a commit the gate refuses (judged from the"
          f" commits themselves, not from any account of them):\n{text}"
          "Fix the draft named above, run `receipt-gate run`, stage the draft and its"
          " receipts, and fold the fix into the commit (git commit --amend, or git rebase"
          " -i for an older one); a commit that skipped the hooks is judged all the same.",
          file=sys.stderr)
    return 2


if __name__ == "__main__":
    raise SystemExit(main())
