"""receipt-gate: proof, not promises, that every check on a draft really ran."""

from __future__ import annotations

__version__ = "0.3.0"
TOOL = f"receipt-gate {__version__}"
HOME = "https://github.com/receipt-gate/receipt-gate"
DOCS = f"{HOME}/blob/main/docs/"  # where a check's help_uri points (docs/ of this repository)
CONFIG_FILE = ".receipt-gate.yaml"  # at the repository root; its keys: receipt_gate.rules


# Between the messages of one GateError that holds several: each is printed as a line of
# its own, and a line break inside one (a key from a file) is printed as its escape.
LINES = "\x1e"


class GateError(Exception):
    """A broken environment or bad input: one line, exit 2, at the top."""

    @classmethod
    def many(cls, messages: list[str]) -> GateError:
        return cls(LINES.join(messages))

    def lines(self) -> list[str]:
        return str(self).split(LINES)
