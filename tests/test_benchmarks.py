"""The benchmark script runs and prints its table (a smoke run: no timing is asserted)."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from tests.conftest import ROOT


@pytest.mark.e2e
def test_benchmark_smoke_prints_every_row(pre_commit_home: str) -> None:
    env = {**os.environ, "PRE_COMMIT_HOME": pre_commit_home}
    proc = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "run.py"), "--smoke"],
        capture_output=True,
        text=True,
        env=env,
        stdin=subprocess.DEVNULL,
        timeout=600,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    rows = [line for line in proc.stdout.splitlines() if line.startswith("| ")][2:]
    measures = [r.split("|")[1].strip() for r in rows]
    assert [m.split(",")[0].split(":")[0] for m in measures] == [
        "verify",
        "start-up",
        "ai-tells",
        "ai-tells",
        "hostile markup",
        "ai-tells on 16 KB of one opening never closed",
        "layout readers on 8 KB of one unit repeated",
        "wildmatch",
        "headline-numbers cold",
        "headline-numbers warm (cache valid)",
        "pre-commit run",
        "commit hook",
        "verify growth",
        "verify growth",
        *["site"] * 9,
    ]
    assert "0 findings in code (want 0)" in proc.stdout
    assert "no gitpython, no yaml, no check module" in proc.stdout
    assert "paired runs" in proc.stdout
    assert "1 article edited: 1 index entry updated, pages cache untouched" in proc.stdout
