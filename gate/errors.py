"""How a command ends: its exit status, a one-line error, or a logged bug (exit 3).

A broken environment or bad input (GateError, an unreadable file) is one line on stderr
and exit 2. An unexpected exception is a bug, not a refusal: one line naming the
command and the error, the traceback in a log file whose path is printed, exit 3
(pre-commit's error_handler does the same), so a hook never reads a crash as "refused".
"""

from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING

from receipt_gate import GateError
from receipt_gate.base.text import drop_stdout

if TYPE_CHECKING:
    import argparse


def run_command(args: argparse.Namespace) -> int:
    import importlib

    from receipt_gate.trees.tree import Unreadable

    try:
        module = importlib.import_module(f"receipt_gate.commands.{args.module}")
        rc: int = getattr(module, args.func)(args)
        from receipt_gate.base import lazyre

        lazyre.save()
        sys.stdout.flush()
        output = sys.modules.get("receipt_gate.report.output")
        return max(rc, 1) if getattr(output, "READER_GONE", None) else rc
    except (GateError, Unreadable) as e:
        from receipt_gate.base.text import printable

        _flush_quietly()
        if getattr(args, "format", None) == "sarif":  # (a SARIF reader gets the error too)
            from receipt_gate.report.output import sarif_out

            sarif_out([], errors=e.lines() if isinstance(e, GateError) else [str(e)])
        for line in e.lines() if isinstance(e, GateError) else [str(e)]:
            print(f"receipt-gate: {printable(line)}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        # The reader went away (`verify | head -1`): say nothing more, and never pass.
        drop_stdout()
        return 1
    except KeyboardInterrupt:
        _flush_quietly()
        print("receipt-gate: interrupted", file=sys.stderr)
        return 130
    except Exception as e:  # any other exception is a bug: exit 3, logged
        _flush_quietly()
        log = _log_traceback(args)
        what = f"{type(e).__name__}: {e}".splitlines()[0][:300]
        where = f"; the traceback is in {log}" if log else ""
        from receipt_gate.base.text import printable

        print(
            printable(f"receipt-gate {args.command}: internal error (a bug): {what}{where}"),
            file=sys.stderr,
        )
        return 3


def _flush_quietly() -> None:
    try:
        sys.stdout.flush()
    except (BrokenPipeError, OSError, ValueError):
        drop_stdout()


def _log_traceback(args: argparse.Namespace) -> str | None:
    """Write the traceback under the git dir (else the temp folder); its path, or None."""
    import tempfile
    import time
    import traceback

    folder = None
    try:
        from receipt_gate.trees.git import cache_dir, toplevel

        folder = cache_dir(toplevel(os.getcwd()))
    except Exception:  # no repository, no git: the temp folder will do
        folder = None
    text = (
        f"receipt-gate {args.command}: {' '.join(sys.argv[1:])}\n"
        f"{time.strftime('%Y-%m-%dT%H:%M:%SZ', time.gmtime())}\n\n" + traceback.format_exc()
    )
    for place in (folder, tempfile.gettempdir()):
        if place is None:
            continue
        try:
            os.makedirs(place, exist_ok=True)
            fd, path = tempfile.mkstemp(prefix="crash-", suffix=".log", dir=place)
            with os.fdopen(fd, "w", encoding="utf-8", errors="replace") as f:
                f.write(text)
            return path
        except OSError:
            continue
    return None
