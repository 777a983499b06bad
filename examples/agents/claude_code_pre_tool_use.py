#!/usr/bin/env python3
"""A Claude Code PreToolUse hook: the gate runs before any `git commit` the agent makes.

Claude Code runs this with the tool call as JSON on stdin (`tool_name`, `tool_input`,
`cwd`). For a Bash command that commits, it runs the deterministic checks on the
working tree (`receipt-gate run`, which writes their receipts) and then the gate
(`receipt-gate verify`); when the gate refuses, it exits 2 and Claude Code blocks the
command and shows the agent what is wrong and the command that fixes it. The agent
cannot talk its way past it: the hook decides, not the agent's account of its checks.

It also refuses the ways around git's own hooks an agent could type: `--no-verify`
(or -n), `-c core.hooksPath=...`, and pre-commit's SKIP naming receipt-gate. Anything
else passes through untouched. Standard library only; it calls the `receipt-gate` on
PATH (or the one named by $RECEIPT_GATE). The git hooks (and CI) stay the safety net:
this hook only makes the refusal arrive before the agent reports success.

Exit status, as Claude Code reads it: 0 lets the command run, 2 blocks it (stderr is
shown to the agent), anything else is an error shown to the user (the command runs).
"""

from __future__ import annotations

import json
import os
import shlex
import subprocess
import sys

LIMIT = 6000  # characters of the gate's report shown to the agent
_SEPARATORS = {"&&", "||", ";", "|", "&", "\n", "(", ")"}
_TAKES_VALUE = set("mFCct")  # short commit options whose value follows in the same word


def commits(command: str) -> list[tuple[list[str], list[str], list[str]]]:
    """Each `git ... commit|push ...` in a shell command line: (environment words,
    git's options, the subcommand and its arguments)."""
    lexer = shlex.shlex(command, posix=True, punctuation_chars=";&|()\n")
    lexer.whitespace_split = True
    try:
        words = list(lexer)
    except ValueError:
        words = command.split()
    out = []
    start = 0
    for i in range(len(words) + 1):
        if i < len(words) and words[i] not in _SEPARATORS:
            continue
        part = words[start:i]
        start = i + 1
        env = []
        while part and "=" in part[0] and not part[0].startswith("-"):
            env.append(part.pop(0))
        if part[:1] == ["env"]:
            part = part[1:]
            while part and "=" in part[0]:
                env.append(part.pop(0))
        if not part or os.path.basename(part[0]) != "git":
            continue
        j, opts = 1, []
        while j < len(part) and part[j].startswith("-"):
            takes = part[j] in ("-C", "-c", "--git-dir", "--work-tree", "--namespace")
            opts += part[j : j + 1 + takes]
            j += 1 + takes
        if j < len(part) and part[j] in ("commit", "push"):
            out.append((env, opts, part[j:]))
    return out


def bypass(env: list[str], opts: list[str], args: list[str]) -> str | None:
    """Why this git call would skip the hooks, or None."""
    for a in args[1:]:
        if a == "--":
            break
        if a == "--no-verify":
            return f"`git {args[0]} --no-verify` skips the gate"
        if args[0] == "commit" and a.startswith("-") and not a.startswith("--"):
            for c in a[1:]:
                if c == "n":
                    return "`git commit -n` (--no-verify) skips the gate"
                if c in _TAKES_VALUE:
                    break
    for i, o in enumerate(opts):
        if o == "-c" and i + 1 < len(opts) and opts[i + 1].lower().startswith("core.hookspath"):
            return "`git -c core.hooksPath=...` turns the gate's hooks off"
    for e in env:
        name, _, value = e.partition("=")
        if name == "SKIP" and "receipt-gate" in value.split(","):
            return "SKIP=receipt-gate turns the gate's hook off"
    return None


def gate(cwd: str) -> tuple[int, str]:
    """Run the checks, then the gate, on the working tree: (exit status, report)."""
    exe = shlex.split(os.environ.get("RECEIPT_GATE", "receipt-gate"))
    report = []
    for argv in ([*exe, "run"], [*exe, "verify"]):
        proc = subprocess.run(argv, cwd=cwd, capture_output=True, text=True, check=False)
        report.append(proc.stdout + proc.stderr)
        if proc.returncode == 2 or argv[-1] == "verify":
            return proc.returncode, "".join(report)
    return 3, "".join(report)


def main() -> int:
    try:
        payload = json.load(sys.stdin)
        tool, command = payload.get("tool_name"), payload["tool_input"].get("command", "")
        cwd = payload.get("cwd") or os.getcwd()
    except (ValueError, KeyError, AttributeError, TypeError) as e:
        print(f"receipt-gate hook: not a PreToolUse payload ({e})", file=sys.stderr)
        return 1
    if tool != "Bash" or not isinstance(command, str):
        return 0
    found = commits(command)
    for env, opts, args in found:
        why = bypass(env, opts, args)
        if why:
            print(f"receipt-gate: refused: {why}. Commit without it; the gate decides.",
                  file=sys.stderr)
            return 2
    targets = {}
    for _, opts, args in found:
        if args[0] != "commit":
            continue
        where = cwd
        for i, o in enumerate(opts):
            if o == "-C" and i + 1 < len(opts):
                where = os.path.join(where, opts[i + 1])
        targets[where] = None
    for where in targets:
        try:
            rc, report = gate(where)
        except OSError as e:
            print(f"receipt-gate hook: cannot run receipt-gate ({e})", file=sys.stderr)
            return 1
        if rc != 0:
            text = report if len(report) <= LIMIT else report[:LIMIT] + "\n[...]\n"
            print(f"receipt-gate refused this commit (the gate, not a question):\n{text}"
                  "Fix what is named above, run `receipt-gate run && git add -A`, then"
                  " commit again.", file=sys.stderr)
            return 2
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
