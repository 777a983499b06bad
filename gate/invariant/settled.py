"""`verify` on a working tree that is exactly HEAD's, answered with one `git status`.

When `verify` finds the working tree unchanged since HEAD, and HEAD's tree verified
under the same rules (gate.invariant.verified), it keeps what it said under HEAD's
commit, the day (a page dated later is published then) and what says the installed
checks and git's own settings are as they were. A later plain `verify` (no option, no
path) whose working tree git finds exactly HEAD's (nothing staged, changed or
untracked), on that day, under that environment, says the same, having read no file
of the tree and imported nothing of the gate: on a site of 40,000 pages, the cost of
the `git status` a user runs anyway.

Kept in the git dir and trusted like the record it stands on; CI never reads it (a
fresh clone has none), and a test holds its answer to the whole way's on every shape
it can take.
"""

from __future__ import annotations

import json
import os
import sys
import time
from collections.abc import Sequence

FILE = "settled-1.json"
# Environment variables of git's that leave what it finds alone; any other (GIT_DIR,
# GIT_INDEX_FILE, GIT_CONFIG_NOSYSTEM, one not known) is part of the record.
_HARMLESS = (
    *("GIT_AUTHOR_", "GIT_COMMITTER_", "GIT_TRACE", "GIT_TERMINAL_PROMPT", "GIT_PAGER"),
    *("GIT_SSL_", "GIT_SSH", "GIT_ASKPASS", "GIT_EDITOR", "GIT_SEQUENCE_EDITOR", "GIT_HTTP_"),
    *("GIT_CURL_", "GIT_PROXY_", "GIT_MERGE_AUTOEDIT", "GIT_FLUSH", "GIT_PROGRESS_DELAY"),
)


def _places(root: str, folder: str) -> list[str]:
    """The files whose change may change a verdict though HEAD and the tree do not."""
    from receipt_gate.trees.cache import decode
    from receipt_gate.trees.git import attribute_files, config_files

    dot = os.path.join(root, ".git")
    out = [
        os.path.join(folder, "checks.json"),  # the installed checks, as found
        # (git update-index --skip-worktree rewrites it: the whole way then looks)
        os.path.join(dot, "index"),
        *config_files(dot),
        *attribute_files(dot),
    ]
    try:  # each plugin's own file (an edit in a checkout installed in editable mode)
        with open(out[0], "rb") as f:
            checks = decode(f.read()).get("checks", {})
        out += sorted(
            v["origin"]
            for v in checks.values()
            if isinstance(v, dict) and isinstance(v.get("origin"), str)
        )
    except (OSError, ValueError, EOFError, TypeError, AttributeError, MemoryError):
        pass
    return out


def _environment(root: str, folder: str) -> list[object]:
    from receipt_gate import TOOL
    from receipt_gate.base.installed import environment, stamp

    return [
        TOOL,
        sys.executable,
        environment(),
        [[p, stamp(p)] for p in _places(root, folder)],
        sorted(
            [k, v]
            for k, v in os.environ.items()
            if k.startswith("GIT_") and not k.startswith(_HARMLESS)
        ),
    ]


def _today() -> str:
    return time.strftime("%Y-%m-%d", time.gmtime())


def _status(root: str) -> str | None:
    """HEAD's commit when the working tree is exactly HEAD's (git status names nothing:
    nothing staged, changed, or untracked and not ignored); else None."""
    from receipt_gate.trees.git import call

    proc = call(
        root,
        (
            "--no-optional-locks",
            "status",
            "--porcelain=v2",
            "-z",
            "--branch",
            "--untracked-files=all",
            "--no-renames",
        ),
    )
    if proc.returncode != 0:
        return None
    commit = None
    for rec in proc.stdout.split(b"\0"):
        if rec.startswith(b"# branch.oid "):
            commit = rec[len(b"# branch.oid ") :].decode("ascii", "replace")
        elif rec and not rec.startswith(b"# "):
            return None  # a change, an untracked file, a conflict
    return commit if commit and commit != "(initial)" else None


def answer(argv: Sequence[str]) -> int | None:
    """0, having said what the whole way would, when the record answers this `verify`;
    None when the whole way must (anything unexpected included: it says why)."""
    if list(argv) != ["verify"]:
        return None
    try:
        from receipt_gate.trees.cache import decode
        from receipt_gate.trees.git import cache_dir, plain_git_dir, toplevel

        root = toplevel(os.getcwd())
        folder = cache_dir(root)
        if folder is None or plain_git_dir(root) is None:
            return None  # (a worktree's index and config are elsewhere: the whole way)
        with open(os.path.join(folder, FILE), "rb") as f:
            doc = decode(f.read())
        said = doc["said"]
        if (
            doc.get("format") != 1
            or doc.get("day") != _today()
            or not isinstance(said, list)
            or not all(isinstance(line, str) for line in said)
            or json.loads(json.dumps(_environment(root, folder))) != doc.get("env")
            or _status(root) != doc.get("commit")
        ):
            return None
    except Exception:  # (no record, another shape, no repository: the whole way)
        return None
    try:
        sys.stdout.write("".join(line + "\n" for line in said))
    except BrokenPipeError:
        return None  # (the whole way says why, and exits as it does)
    return 0


def remember(root: str, commit: str, said: Sequence[str]) -> None:
    """Keep what `verify` said of HEAD's working tree at `commit` (nothing written when
    the tree is not exactly HEAD's now)."""
    from receipt_gate.trees import cache
    from receipt_gate.trees.git import plain_git_dir

    file = cache.path(root, FILE)
    if file is None or plain_git_dir(root) is None or _status(root) != commit:
        return
    doc = {
        "format": 1,
        "commit": commit,
        "day": _today(),
        "env": _environment(root, os.path.dirname(file)),
        "said": list(said),
    }
    cache.write(file, doc)
