"""`init`: a starter .receipt-gate.yaml, and the hook set-up to paste or install."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from receipt_gate import GateError, __version__
from receipt_gate.config import CONFIG_FILE
from receipt_gate.output import say
from receipt_gate.session import find_root

if TYPE_CHECKING:
    import argparse

STARTER = """\
# receipt-gate: which drafts are gated and which checks must have run on them.
# Globs follow git's wildmatch: drafts/**/*.md matches drafts/a.md and drafts/x/a.md.
drafts: ["drafts/**/*.md"]
# Receipts live here and are committed with the drafts.
run_dir: .receipts
# Every gated draft needs a fresh, passing receipt from each of these.
required: [ai-tells, hook-length, {headline}registered-terms]
checks:
  hook-length: {{max_chars: 280, max_lines: 3}}
  # Titles are the accused, bodies decide: your published articles, nothing else.
  {no_posts}headline-numbers: {{articles: ["posts/**/*.md"]}}
  # Outside claims: receipt-gate claim add TERM --source URL writes this file.
  registered-terms: {{registry: claims.yaml}}
states: [idea, accepted, researched, drafted, ready, shipped, measured]
# Drafts whose status: is earlier than this are not gated; no status = gated.
gate_from: ready
"""

PRE_COMMIT_BLOCK = """\
  - repo: https://github.com/OWNER/receipt-gate  # this repository's URL
    rev: v{version}
    hooks:
      - id: receipt-gate       # at commit: runs what is not fresh, stages it, verifies
      - id: receipt-gate-push  # at push: every commit on the way, from git objects
"""

GIT_HOOKS = {
    "pre-commit": "#!/bin/sh\n# receipt-gate: run what is not fresh on the staged drafts,"
                  " stage the receipts,\n# and refuse the commit unless the index holds.\n"
                  "exec receipt-gate pre-commit\n",
    "pre-push": "#!/bin/sh\n# receipt-gate: refuse the push unless every pushed tip holds.\n"
                "exec receipt-gate pre-push \"$@\"\n",
}


def init(args: argparse.Namespace) -> int:
    from receipt_gate import git, wildmatch
    from receipt_gate.fsio import write_file

    root = find_root()
    exists = os.path.exists(os.path.join(root, CONFIG_FILE))
    if args.git_hooks:
        hooks = [f".githooks/{name}" for name in GIT_HOOKS]
        there = [h for h in hooks if os.path.exists(os.path.join(root, h))]
        if there and not args.force:
            raise GateError(f"{there[0]}: already exists (use --force to overwrite)")
        for name, script in GIT_HOOKS.items():
            write_file(root, f".githooks/{name}", script.encode())
            os.chmod(os.path.join(root, ".githooks", name), 0o755)
        say(f"wrote {', '.join(hooks)}; turn them on with: git config core.hooksPath .githooks")
        if exists:
            return 0
    elif exists and not args.force:
        raise GateError(f"{CONFIG_FILE}: already exists (use --force to overwrite)")
    posts = wildmatch.select(["posts/**/*.md"], git.worktree_paths(root))
    starter = STARTER.format(
        headline="headline-numbers, " if posts else "",
        no_posts="" if posts else "# No posts/**/*.md yet: add headline-numbers to required"
        " once you publish.\n  ",
    )
    write_file(root, CONFIG_FILE, starter.encode())
    say(f"wrote {CONFIG_FILE}")
    ignore_temporary_files(root)
    if not args.git_hooks:
        say("add this to .pre-commit-config.yaml under `repos:`, then"
            " `pre-commit install --hook-type pre-commit --hook-type pre-push`:")
        say()
        say(PRE_COMMIT_BLOCK.format(version=__version__).rstrip("\n"))
    return 0


def ignore_temporary_files(root: str) -> None:
    """Add the pattern of receipt-gate's temporary files to .gitignore (once), so one
    that survives a `kill -9` beside a receipt is never committed with it."""
    from receipt_gate.fsio import TMP_PATTERN, read_regular, write_file

    old = read_regular(root, ".gitignore", 1 << 20) or b""
    if TMP_PATTERN.encode() in old.splitlines():
        return
    sep = b"" if not old or old.endswith(b"\n") else b"\n"
    write_file(root, ".gitignore", old + sep + b"# receipt-gate: temporary files a killed"
               b" writer left behind\n" + TMP_PATTERN.encode() + b"\n")
    say(f"added {TMP_PATTERN} to .gitignore")

