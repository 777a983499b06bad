"""grader: a model's verdict on structure and substance, where every criterion quotes the draft.

The grader is a command (an argv list, never a shell) that reads the draft on stdin,
with RECEIPT_GATE_DRAFT naming it, and prints one JSON object:
{"verdict": "pass"|"fail", "criteria": [{"name", "verdict", "quotes": [...], "note"}]}.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import tempfile
from collections.abc import Mapping, Sequence
from typing import Any

from gate.checks import Finding
from gate.quotes import MIN_QUOTE_CHARS, QuoteProblem, check_quotes, normalize

DEFAULTS: Mapping[str, object] = {
    "command": [],
    "timeout_s": 120,
    "min_quote_chars": MIN_QUOTE_CHARS,
}
OUTPUT_LIMIT = 4 * 1024 * 1024


class GradeError(Exception):
    """The grader could not give a usable verdict: one line, exit 2, no receipt."""


def parse_verdict(data: bytes, source: str) -> dict[str, Any]:
    """The verdict object, shape-checked; GradeError says what is wrong with it."""
    try:
        obj = json.loads(data)
    except (ValueError, UnicodeDecodeError) as e:
        raise GradeError(f"{source}: not JSON ({str(e).splitlines()[0]})") from None
    if not isinstance(obj, dict):
        raise GradeError(f"{source}: expected a JSON object with verdict and criteria")
    if obj.get("verdict") not in ("pass", "fail"):
        got = obj.get("verdict")
        raise GradeError(f"{source}: verdict must be \"pass\" or \"fail\", got {got!r}")
    criteria = obj.get("criteria")
    if not isinstance(criteria, list) or not criteria:
        raise GradeError(f"{source}: criteria must be a non-empty list")
    clean = []
    for i, c in enumerate(criteria):
        where = f"{source}: criteria[{i}]"
        if not isinstance(c, dict):
            raise GradeError(f"{where}: expected an object")
        if not isinstance(c.get("name"), str) or not c["name"].strip():
            raise GradeError(f"{where}.name: expected a non-empty string")
        if c.get("verdict") not in ("pass", "fail"):
            raise GradeError(f"{where}.verdict: must be \"pass\" or \"fail\"")
        quotes = c.get("quotes", [])
        if not isinstance(quotes, list) or not all(isinstance(q, str) for q in quotes):
            raise GradeError(f"{where}.quotes: expected a list of strings")
        note = c.get("note", "")
        if not isinstance(note, str):
            raise GradeError(f"{where}.note: expected a string")
        clean.append({"name": c["name"], "verdict": c["verdict"], "quotes": quotes, "note": note})
    return {"verdict": obj["verdict"], "criteria": clean}


def quote_problems(verdict: Mapping[str, Any], text: str, min_chars: int) -> list[QuoteProblem]:
    return check_quotes(verdict["criteria"], text, min_chars)


def findings(verdict: Mapping[str, Any], text: str) -> list[Finding]:
    """A finding for each failing criterion (and for an overall fail), at its first quote."""
    out = []
    for c in verdict["criteria"]:
        if c["verdict"] == "fail":
            line = _line_of(text, c["quotes"][0]) if c["quotes"] else 1
            note = f": {c['note']}" if c["note"] else ""
            out.append(Finding(line, 1, f"criterion {c['name']!r} fails{note}"))
    if verdict["verdict"] == "fail" and not out:
        out.append(Finding(1, 1, "the grader's overall verdict is fail"))
    return out


def _line_of(text: str, quote: str) -> int:
    first = normalize(quote).split(" ")[0] if quote.strip() else ""
    for n, line in enumerate(text.split("\n"), 1):
        if first and first in normalize(line):
            return n
    return 1


def run_command(
    command: Sequence[str], draft: str, data: bytes, timeout_s: int, cwd: str
) -> dict[str, Any]:
    """Run the grader on one draft; GradeError for a hang, a crash or bad output."""
    env = {**os.environ, "RECEIPT_GATE_DRAFT": draft}
    name = " ".join(os.path.basename(a) for a in command[:2])
    # Output goes to files, not pipes, so a grader that prints without end costs disk
    # for at most timeout_s and is read back only up to the limit.
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        try:
            proc = subprocess.Popen(
                list(command), cwd=cwd, env=env, stdin=subprocess.PIPE, stdout=out,
                stderr=err, start_new_session=True,
            )
        except OSError as e:
            raise GradeError(f"{draft}: grader {name} could not start: {e.strerror}") from None
        try:
            proc.communicate(data, timeout=timeout_s)
        except subprocess.TimeoutExpired:
            _kill(proc)
            raise GradeError(f"{draft}: grader {name} did not finish within timeout_s"
                             f" {timeout_s}; killed") from None
        if proc.returncode != 0:
            err.seek(max(0, os.fstat(err.fileno()).st_size - 4096))
            last = err.read().decode(errors="replace").strip().splitlines()
            why = f": {last[-1][:200]}" if last else ""
            raise GradeError(f"{draft}: grader {name} exited with status {proc.returncode}{why}")
        size = os.fstat(out.fileno()).st_size
        if size > OUTPUT_LIMIT:
            raise GradeError(f"{draft}: grader {name} printed {size} bytes, over the"
                             f" {OUTPUT_LIMIT}-byte limit")
        out.seek(0)
        return parse_verdict(out.read(), f"{draft}: grader {name} output")


def _kill(proc: subprocess.Popen[bytes]) -> None:
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except OSError:
        proc.kill()
    proc.wait()
