"""How an agent's harness hooks (gate.commands.agent_*) call the gate."""

from __future__ import annotations

import os
import shlex
import sys


def gate_command() -> list[str]:
    """How the hooks call the gate: $RECEIPT_GATE when set, else this installation's own
    (`python -P -m receipt_gate`: the same code as the hook, whatever PATH holds, and
    never a `receipt_gate/` of the repository's)."""
    named = os.environ.get("RECEIPT_GATE")
    # -P: `python -m` would put the current folder (the repository, which the agent
    # writes) first on the import path, and a `receipt_gate/` there would be the gate.
    return shlex.split(named) if named else [sys.executable, "-P", "-m", "receipt_gate"]
