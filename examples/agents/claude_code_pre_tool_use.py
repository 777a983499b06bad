#!/usr/bin/env python3
"""A Claude Code PreToolUse hook: the gate runs before any `git commit` the agent makes.

Claude Code runs this with the tool call as JSON on stdin (`tool_name`, `tool_input`,
`cwd`). For a Bash command that commits, it runs the deterministic checks on the
working tree (`receipt-gate run`, which writes their receipts) and then the gate
(`receipt-gate verify`); when the gate refuses, it exits 2 and Claude Code blocks the
command and shows the agent what is wrong and the command that fixes it: the hook
decides, not the agent's account of its checks.

It also refuses the ways around git's own hooks it can see in a command line:
`--no-verify` (or -n, or an abbreviation git accepts), core.hooksPath, GIT_CONFIG_*
variables, pre-commit's SKIP naming receipt-gate, `pre-commit uninstall`, edits to
.git/hooks; it reads commands wrapped in `sh -c` or `eval` and follows `cd`. A command
line is a program, so a determined agent can still hide a commit from it (a script
file, an alias): the git hooks and, past them, CI on a protected branch are the gate
of record; this hook makes the refusal arrive before the agent reports success.
Repositories without a receipt-gate config pass through untouched. Standard library
only; it calls the `receipt-gate` on PATH (or the one $RECEIPT_GATE names), and in a
gated repository refuses when it cannot run it.

Exit status, as Claude Code reads it: 0 lets the command run, 2 blocks it (stderr is
shown to the agent), anything else is an error shown to the user (the command runs).
"""

from __future__ import annotations

import json
import os
import shlex
import subprocess
import sys
from collections.abc import Sequence

LIMIT = 6000  # characters of the gate's report shown to the agent
_SEPARATORS = {"&&", "||", ";", "|", "&", "\n", "(", ")"}
_TAKES_VALUE = set("mFCct")  # short commit options whose value follows in the same word
_SHELLS = {"sh", "bash", "zsh", "dash", "ksh"}
# Ways to turn git's hooks off that may appear anywhere in a command line.
_OFF = (("hookspath", "core.hooksPath turns the gate's hooks off"),
        (".git/hooks", "editing .git/hooks turns the gate's hooks off"),
        ("pre-commit uninstall", "pre-commit uninstall turns the gate's hooks off"))


def _words(command: str) -> list[str]:
    lexer = shlex.shlex(command, posix=True, punctuation_chars=";&|()\n")
    lexer.whitespace_split = True
    try:
        return list(lexer)
    except ValueError:
        return command.split()


def _assignment(word: str) -> bool:
    name = word.split("=", 1)[0]
    return "=" in word and name.replace("_", "a").isalnum() and not name[0].isdigit()


def commits(command: str, cwd: str = "", depth: int = 0
            ) -> list[tuple[list[str], list[str], list[str], str]]:
    """Each `git ... commit|push ...` in a shell command line: (environment words,
    git's options, the subcommand and its arguments, the folder it runs in). Commands
    wrapped in `sh -c '...'` or `eval` are read too; `cd DIR` moves the folder."""
    words = _words(command)
    out: list[tuple[list[str], list[str], list[str], str]] = []
    start = 0
    for i in range(len(words) + 1):
        if i < len(words) and words[i] not in _SEPARATORS:
            continue
        part = words[start:i]
        start = i + 1
        env = []
        while part and (part[0] in ("export", "env") or _assignment(part[0])):
            word = part.pop(0)
            if "=" in word:
                env.append(word)
        if part[:1] == ["cd"] and len(part) > 1:
            cwd = os.path.join(cwd, part[1])
            continue
        if part and depth < 3 and os.path.basename(part[0]) in _SHELLS and "-c" in part:
            inner = part[part.index("-c") + 1 : part.index("-c") + 2]
            out += [(env + e, o, a, w) for e, o, a, w in commits(" ".join(inner), cwd,
                                                                 depth + 1)]
            continue
        if part[:1] == ["eval"] and depth < 3:
            out += [(env + e, o, a, w) for e, o, a, w in commits(" ".join(part[1:]), cwd,
                                                                 depth + 1)]
            continue
        if env and not part:
            out.append((env, [], ["env"], cwd))  # an export: SKIP=... for what follows
            continue
        if not part or os.path.basename(part[0]) != "git":
            continue
        j, opts = 1, []
        while j < len(part) and part[j].startswith("-"):
            takes = part[j] in ("-C", "-c", "--git-dir", "--work-tree", "--namespace")
            opts += part[j : j + 1 + takes]
            j += 1 + takes
        if j < len(part) and part[j] in ("commit", "push"):
            out.append((env, opts, part[j:], cwd))
    return out


def bypass(env: list[str], opts: list[str], args: list[str]) -> str | None:
    """Why this git call would skip the hooks, or None."""
    for a in args[1:]:
        if a == "--":
            break
        if len(a) >= 6 and "--no-verify".startswith(a):  # git takes --no-v for --no-verify
            return f"`git {args[0]} {a}` (--no-verify) skips the gate"
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
        if name.startswith("GIT_CONFIG"):
            return f"{name} can turn the gate's hooks off"
    return None


def configured(where: str) -> bool:
    """Is `where` inside a repository that has a receipt-gate config?"""
    proc = subprocess.run(["git", "-C", where, "rev-parse", "--show-toplevel"],
                          capture_output=True, text=True, check=False)
    top = proc.stdout.strip()
    return proc.returncode == 0 and os.path.isfile(os.path.join(top, ".receipt-gate.yaml"))


def gate(cwd: str) -> tuple[int, str]:
    """Run the checks, then the gate, on the working tree: (exit status, report). The
    checks' own output is left out (the gate repeats what matters) unless they fail to
    run at all."""
    exe = shlex.split(os.environ.get("RECEIPT_GATE", "receipt-gate"))
    run = subprocess.run([*exe, "run"], cwd=cwd, capture_output=True, text=True, check=False)
    if run.returncode not in (0, 1):
        return run.returncode, run.stdout + run.stderr
    proc = subprocess.run([*exe, "verify"], cwd=cwd, capture_output=True, text=True,
                          check=False)
    return proc.returncode, proc.stdout + proc.stderr


def refuse(why: str) -> int:
    print(f"receipt-gate: refused: {why}. Commit without it; the gate decides.",
          file=sys.stderr)
    return 2


def main(argv: Sequence[str] | None = None) -> int:
    del argv  # Claude Code passes the tool call on stdin
    try:
        payload = json.load(sys.stdin)
        tool, command = payload.get("tool_name"), payload["tool_input"].get("command", "")
        cwd = payload.get("cwd") or os.getcwd()
    except (ValueError, KeyError, AttributeError, TypeError) as e:
        print(f"receipt-gate hook: not a PreToolUse payload ({e})", file=sys.stderr)
        return 1
    if tool != "Bash" or not isinstance(command, str):
        return 0
    found = commits(command, cwd)
    lowered = command.lower()
    for needle, off in _OFF:
        if needle.lower() in lowered:
            return refuse(off)
    exported: list[str] = []  # export SKIP=...; then git commit
    for env, opts, args, _ in found:
        if args == ["env"]:
            exported += env
        why = bypass([*exported, *env], opts, args)
        if why is not None:
            return refuse(why)
    targets = dict.fromkeys(
        os.path.join(where, opts[opts.index("-C") + 1]) if "-C" in opts[:-1] else where
        for _, opts, args, where in found if args[0] == "commit")
    for where in targets:
        if not configured(where):
            continue  # no receipt-gate here: not this hook's business
        try:
            rc, report = gate(where)
        except OSError as e:
            print(f"receipt-gate: refused: this repository is gated, and receipt-gate"
                  f" cannot run ({e}); install it, or name it in $RECEIPT_GATE",
                  file=sys.stderr)
            return 2
        if rc != 0:
            text = report if len(report) <= LIMIT else report[:LIMIT] + "\n[...]\n"
            print(f"receipt-gate refused this commit (the gate, not a question):\n{text}"
                  "Fix what is named above, run `receipt-gate run && git add -A`, then"
                  " commit again.", file=sys.stderr)
            return 2
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
