#!/usr/bin/env python3
"""A Claude Code Stop hook: the agent cannot end its turn on a commit the gate refuses.

A command line is a program, and no reading of one catches every commit (`command git
commit -n`, an alias, `git commit-tree | git update-ref`). This hook judges the outcome
instead: when the agent is about to stop, it verifies what the session produced, HEAD
and every local branch, and every commit on the way to them that the remote lacks,
under the rules in force (what the remote has for the branch, or for a new branch the
remote's default branch), with the same pre-push gate the git hook runs (`receipt-gate
pre-push`, no network needed when the remote-tracking refs are there). With no remote at
all, HEAD is verified under its parent's rules (`receipt-gate verify --rev HEAD`). A
repository is gated when its working tree, HEAD or what the remote has holds a config
(deleting the config locally gates nothing off). It judges $CLAUDE_PROJECT_DIR when
Claude Code sets it (the session's project, wherever its last command left the shell).
Keep it where the agent does not edit it: the user's ~/.claude/hooks, not the
repository.

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


def _remote(root: str) -> str | None:
    """The remote the session's work goes to: HEAD's upstream's, else origin, else the
    first one; None when there is none."""
    remotes = (_git(root, "remote") or "").split()
    if not remotes:
        return None
    upstream = _git(root, "rev-parse", "--abbrev-ref", "--symbolic-full-name", "@{upstream}")
    if upstream and "/" in upstream and upstream.split("/", 1)[0] in remotes:
        return upstream.split("/", 1)[0]
    return "origin" if "origin" in remotes else remotes[0]


def _has(root: str, rev: str) -> str | None:
    return _git(root, "rev-parse", "--verify", "-q", f"{rev}^{{commit}}")


def _lines(root: str, remote: str) -> list[str]:
    """git's pre-push lines for HEAD and each local branch, as pushed to the same name:
    what the remote has for it as far as this clone knows (that branch, else its
    default branch, else zeros: a new repository)."""
    default = next((old for ref in ("HEAD", "main", "master")
                    if (old := _has(root, f"refs/remotes/{remote}/{ref}"))), "0" * 40)
    out = []
    heads = (_git(root, "for-each-ref", "--format=%(refname:short) %(objectname)",
                  "refs/heads") or "").splitlines()
    for name, sha in (h.split(" ", 1) for h in heads if " " in h):
        out.append(f"refs/heads/{name} {sha} refs/heads/{name}"
                   f" {_has(root, f'refs/remotes/{remote}/{name}') or default}")
    # A tag on a commit the remote lacks (made with commit-tree, tagged, not branched):
    # the session made it, so it is judged too, by the default branch's rules. Tags
    # on what the remote has (old releases) are not the session's work.
    tags = [t.split(" ") for t in (_git(root, "for-each-ref", "--format=%(refname)"
                                        " %(objectname) %(*objectname)", "refs/tags")
                                   or "").splitlines()]
    tips = {ref: peeled or oid for ref, oid, peeled, *_ in ([*t, ""] for t in tags)}
    if tips:
        lacking = set((_git(root, "rev-list", *sorted(set(tips.values())),
                            "--not", f"--remotes={remote}") or "").split())
        out += [f"{ref} {sha} {ref} {default}" for ref, sha in sorted(tips.items())
                if sha in lacking]
    head = _has(root, "HEAD")
    if head and not any(line.split(" ")[1] == head for line in out):  # a detached HEAD
        out.append(f"HEAD {head} refs/heads/HEAD {default}")
    return out


def verify(root: str) -> tuple[int, str]:
    """The gate on HEAD, every local branch, and every commit on their way that the
    remote lacks."""
    exe = shlex.split(os.environ.get("RECEIPT_GATE", "receipt-gate"))
    if _has(root, "HEAD") is None:
        return 0, ""  # no commit yet: nothing was produced
    remote = _remote(root)
    if remote is None:
        proc = subprocess.run([*exe, "verify", "--rev", "HEAD"], cwd=root,
                              capture_output=True, text=True, check=False)
    else:
        url = _git(root, "remote", "get-url", remote) or remote
        proc = subprocess.run([*exe, "pre-push", remote, url], cwd=root,
                              input="".join(f"{line}\n" for line in _lines(root, remote)),
                              capture_output=True, text=True, check=False)
    return proc.returncode, proc.stdout + proc.stderr


def gated(root: str) -> bool:
    """Does the working tree, HEAD, or what the remote has hold a receipt-gate config?"""
    if os.path.isfile(os.path.join(root, ".receipt-gate.yaml")):
        return True
    remote = _remote(root)
    refs = ["HEAD", *(f"refs/remotes/{remote}/{r}" for r in ("HEAD", "main", "master")
                      if remote)]
    upstream = _git(root, "rev-parse", "--symbolic-full-name", "@{upstream}")
    return any(_git(root, "cat-file", "-e", f"{ref}:.receipt-gate.yaml") is not None
               for ref in [*refs, *([upstream] if upstream else [])])


def main(argv: Sequence[str] | None = None) -> int:
    del argv  # Claude Code passes the event on stdin
    try:
        payload = json.load(sys.stdin)
        cwd = os.environ.get("CLAUDE_PROJECT_DIR") or payload.get("cwd") or os.getcwd()
    except (ValueError, AttributeError) as e:
        print(f"receipt-gate stop hook: not a Stop payload ({e})", file=sys.stderr)
        return 1
    root = _git(cwd, "rev-parse", "--show-toplevel")
    if root is None:
        return 0
    if not gated(root):
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
