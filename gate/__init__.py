"""receipt-gate: proof, not promises, that every check on a draft really ran."""

from __future__ import annotations

__version__ = "0.2.0"
TOOL = f"receipt-gate {__version__}"
CONFIG_FILE = ".receipt-gate.yaml"  # at the repository root; its keys: receipt_gate.rules


class GateError(Exception):
    """A broken environment or bad input: one line, exit 2, at the top."""
