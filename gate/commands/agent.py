"""`agent`: the hooks an agent's harness runs (Claude Code's PreToolUse and Stop events),
reading the event's JSON on stdin and answering with Claude Code's exit codes: 0 goes on,
2 blocks with the message on stderr. The claude-plugin/ folder installs them."""

from __future__ import annotations

import os
import shlex
import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import argparse


def gate_command() -> list[str]:
    """How the hooks call the gate: $RECEIPT_GATE when set, else this installation's own
    (`python -m receipt_gate`: the same code as the hook, whatever PATH holds)."""
    named = os.environ.get("RECEIPT_GATE")
    return shlex.split(named) if named else [sys.executable, "-m", "receipt_gate"]


def agent(args: argparse.Namespace) -> int:
    if args.event == "pre-tool-use":
        from receipt_gate.commands.agent_pre_tool_use import main
    else:
        from receipt_gate.commands.agent_stop import main
    return main()
