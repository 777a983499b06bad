"""hook-length: the opening paragraph (after front matter and title) is short enough."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from receipt_gate.checks import Finding, Outcome
from receipt_gate.text import Draft, opening_paragraph


def measure_hook(text: str, max_chars: int, max_lines: int) -> list[Finding]:
    block = opening_paragraph(text)
    if block is None:
        return [Finding(1, 1, "no opening paragraph: the draft has no prose after its title")]
    chars = len(" ".join(line.strip() for line in block.lines))
    findings = []
    if chars > max_chars:
        findings.append(
            Finding(
                block.line,
                1,
                f"opening paragraph is {chars} characters, over max_chars {max_chars}",
            )
        )
    if len(block.lines) > max_lines:
        findings.append(
            Finding(
                block.line,
                1,
                f"opening paragraph is {len(block.lines)} lines, over max_lines {max_lines}",
            )
        )
    return findings


def make(settings: Mapping[str, Any], corpus: None = None) -> Callable[[Draft], Outcome]:
    max_chars, max_lines = settings["max_chars"], settings["max_lines"]

    def check(draft: Draft) -> Outcome:
        return Outcome(measure_hook(draft.text, max_chars, max_lines), 1)

    return check
