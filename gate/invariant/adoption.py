"""What `adopt --baseline` writes: today's findings as the baseline, named in the config.

Where there is a baseline already, only the findings it holds are kept (it shrinks,
never grows: a bigger one is a rule change of its own, for review).
"""

from __future__ import annotations

import collections
from typing import TYPE_CHECKING

from receipt_gate import CONFIG_FILE

if TYPE_CHECKING:
    from receipt_gate.checks import Finding
    from receipt_gate.rules.session import Session


def write_baseline(s: Session, found: dict[str, dict[str, list[Finding]]]) -> tuple[str, list[str]]:
    """Write today's findings as the baseline; where there is one already, only those it
    holds (it shrinks, never grows). The file, and the findings it does not cover."""
    from receipt_gate.checks import baseline
    from receipt_gate.invariant.receipts import now
    from receipt_gate.trees.fsio import read_regular, write_file

    file = s.cfg.baseline or baseline.DEFAULT_FILE
    old = (
        baseline.load(s.tree, file, s.cfg.deterministic(list(s.cfg.specs)))
        if s.cfg.baseline
        else None
    )
    entries: baseline.Entries = {}
    left: list[str] = []
    for check, drafts in found.items():
        for path, findings in drafts.items():
            keys = [baseline.key(f) for f in findings]
            if old is not None:
                room = collections.Counter(old.get(path, {}).get(check, []))
                kept = []
                for f, k in zip(findings, keys, strict=True):
                    if room[k] > 0:
                        room[k] -= 1
                        kept.append(k)
                    else:
                        left.append(f"{path}:{f.line}:{f.col}: {check}: {f.message}")
                keys = kept
            if keys:
                entries.setdefault(path, {})[check] = keys
    about = (
        f"Findings existing content had when receipt-gate was adopted ({now()}): each"
        " refuses nothing on its draft; any other finding does. receipt-gate adopt"
        " --baseline writes it again, without the findings fixed since."
    )
    before = read_regular(s.root, file, baseline.LIMIT) if s.cfg.baseline else None
    if before is not None:
        import json

        try:  # the adoption date is the first one's: a re-run that drops nothing is a no-op
            kept_about = json.loads(before).get("about")
        except (ValueError, AttributeError):
            kept_about = None
        about = kept_about if isinstance(kept_about, str) else about
    data = baseline.dump(entries, about)
    config = read_regular(s.root, CONFIG_FILE, 1 << 20) or b""
    if not s.cfg.baseline:
        sep = b"" if not config or config.endswith(b"\n") else b"\n"
        config += sep + (
            b"# Findings existing content had at adoption: they refuse nothing,"
            b" any new\n# finding does (receipt-gate adopt --baseline).\n"
            b"baseline: " + file.encode() + b"\n"
        )
    if data != before:
        write_file(s.root, file, data)
    if not s.cfg.baseline:
        write_file(s.root, CONFIG_FILE, config)
    return file, left
