"""pre-commit runs one hook in several processes at once: no receipt lost or torn."""

from __future__ import annotations

import json
import os
import subprocess
import sys

from tests.conftest import GOOD_DRAFT, Repo, Run


def test_eight_writers_over_a_thousand_drafts(repo: Repo, rg: Run) -> None:
    repo.write(".receipt-gate.yaml", "required: [ai-tells, hook-length, headline-numbers]\n")
    repo.write("posts/p.md", "# Drifted 7654 hours\n\nThe queue was 74 hours behind.\n")
    for i in range(1000):
        repo.write(f"drafts/d{i:04d}.md", GOOD_DRAFT + f"\nDraft {i}.\n")
    # Each writer takes every draft, in its own order, so all eight contend for each file.
    procs = []
    for w in range(8):
        paths = [f"drafts/d{i:04d}.md" for i in range(1000)]
        paths = paths[w * 125 :] + paths[: w * 125]
        procs.append(
            subprocess.Popen(
                [sys.executable, "-m", "receipt_gate", "run", *paths],
                cwd=repo.path,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
            )
        )
    for p in procs:
        out, err = p.communicate(timeout=300)
        assert p.returncode == 0, out + err
    receipts = []
    for dirpath, _, files in os.walk(repo.path / ".receipts"):
        receipts += [os.path.join(dirpath, f) for f in files]
    assert len(receipts) == 3000  # nothing lost, no temporary file left behind
    for path in receipts:
        with open(path) as f:
            json.load(f)  # nothing torn
    rc, out, _ = rg("verify")
    assert rc == 0, out
