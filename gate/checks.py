"""What a check deals in: findings at a line and column, and its outcome on a draft."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple


class Finding(NamedTuple):
    """One problem a check found, at a 1-based line and column of the draft."""

    line: int
    col: int
    message: str
    # Check-specific fields for the JSON output and the receipt (number, title...).
    extra: tuple[tuple[str, object], ...] = ()

    def as_dict(self) -> dict[str, object]:
        return {"line": self.line, "col": self.col, "message": self.message, **dict(self.extra)}


class Suppressed(NamedTuple):
    """A finding a person has judged (gate.suppress): kept, with what suppressed it."""

    finding: Finding
    by: str

    def as_dict(self) -> dict[str, object]:
        return {**self.finding.as_dict(), "suppressed_by": self.by}


class Outcome(NamedTuple):
    findings: list[Finding]
    checked: int  # how many things the check examined (tokens, phrases, lines)
    suppressed: Sequence[Suppressed] = ()
