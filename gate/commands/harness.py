"""How an agent's harness hooks (gate.commands.agent_*) call the gate."""

from __future__ import annotations

import os
import shlex
import sys


def gate_command() -> list[str]:
    """How the hooks call the gate: $RECEIPT_GATE when set, else this installation's own
    (`python -m receipt_gate`: the same code as the hook, whatever PATH holds)."""
    named = os.environ.get("RECEIPT_GATE")
    return shlex.split(named) if named else [sys.executable, "-m", "receipt_gate"]
