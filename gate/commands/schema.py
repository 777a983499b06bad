"""`schema`: print the JSON Schema of `.receipt-gate.yaml` or of a receipt, as shipped in
the package (receipt_gate/schemas/; gate.report.schemas builds them)."""

from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import argparse

FOLDER = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "schemas")


def path_of(which: str) -> str:
    return os.path.join(FOLDER, f"{which}.json")


def schema(args: argparse.Namespace) -> int:
    with open(path_of(args.which), encoding="utf-8") as f:
        sys.stdout.write(f.read())
    return 0
