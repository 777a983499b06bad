"""What a check deals in: findings at a line and column, and its outcome on a draft."""

from __future__ import annotations

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


class Outcome(NamedTuple):
    findings: list[Finding]
    checked: int  # how many things the check examined (tokens, phrases, lines)
