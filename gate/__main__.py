from __future__ import annotations

from receipt_gate.cli import console

console()
