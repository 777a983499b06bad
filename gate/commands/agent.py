"""`agent`: the hooks an agent's harness runs (Claude Code's PreToolUse and Stop events),
reading the event's JSON on stdin and answering with Claude Code's exit codes: 0 goes on,
2 blocks with the message on stderr. The claude-plugin/ folder installs them."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import argparse


def agent(args: argparse.Namespace) -> int:
    if args.event == "pre-tool-use":
        from receipt_gate.commands.agent_pre_tool_use import main
    else:
        from receipt_gate.commands.agent_stop import main
    return main()
