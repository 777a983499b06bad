"""The GitHub Action (action.yml): its one script run here with the environment a runner
sets (the event file, INPUT_* variables, GITHUB_OUTPUT), on real repositories."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import yaml

from tests.conftest import CONFIG, GOOD_DRAFT, ROOT, Repo, Run

ACTION = yaml.safe_load((ROOT / "action.yml").read_text())


def _run(repo: Repo, tmp: Path, event_name: str, event: dict[str, object],
         **inputs: str) -> tuple[int, dict[str, str], str]:
    (tmp / "event.json").write_text(json.dumps(event))
    out = tmp / "output"
    out.write_text("")
    env = {**os.environ, "GITHUB_EVENT_NAME": event_name,
           "GITHUB_EVENT_PATH": str(tmp / "event.json"), "GITHUB_OUTPUT": str(out),
           "GITHUB_WORKSPACE": str(repo.path), "GITHUB_ACTION_PATH": str(ROOT),
           **{f"INPUT_{k.upper()}": v for k, v in inputs.items()}}
    proc = subprocess.run([sys.executable, str(ROOT / "action" / "gate.py")], cwd=repo.path,
                          env=env, capture_output=True, text=True, stdin=subprocess.DEVNULL)
    outputs = dict(line.split("=", 1) for line in out.read_text().splitlines())
    return proc.returncode, outputs, proc.stdout + proc.stderr


def _base(content: Repo, rg: Run) -> str:
    assert rg("run")[0] == 0
    assert content.commit_all("base").returncode == 0
    return content.git("rev-parse", "HEAD").stdout.strip()


def test_a_pull_request_that_holds_passes(content: Repo, rg: Run, tmp_path: Path) -> None:
    base = _base(content, rg)
    content.write("drafts/second.md", GOOD_DRAFT)
    assert rg("run")[0] == 0
    assert content.commit_all("second").returncode == 0
    rc, outputs, log = _run(content, tmp_path, "pull_request",
                            {"pull_request": {"base": {"sha": base}}}, sarif="true",
                            sarif_file=str(tmp_path / "gate.sarif"))
    assert (rc, outputs["exit-code"]) == (0, "0"), log
    assert f"receipt-gate verify --rev HEAD --policy-from {base} --recheck" in log
    sarif = json.loads((tmp_path / "gate.sarif").read_text())
    assert sarif["version"] == "2.1.0" and sarif["runs"][0]["results"] == []


def test_a_pull_request_that_drops_a_check_to_pass_is_refused_with_sarif(
    content: Repo, rg: Run, tmp_path: Path
) -> None:
    """The base's rules are in force: the commit's own config cannot excuse its draft."""
    base = _base(content, rg)
    content.write(".receipt-gate.yaml", CONFIG.replace("ai-tells, ", ""))
    content.write("drafts/bad.md", GOOD_DRAFT + "\nIn conclusion, it works.\n")
    assert rg("run")[0] == 0
    assert content.commit_all("drop ai-tells").returncode == 0
    rc, outputs, log = _run(content, tmp_path, "pull_request",
                            {"pull_request": {"base": {"sha": base}}}, sarif="true",
                            sarif_file=str(tmp_path / "gate.sarif"))
    assert rc == 0 and outputs["exit-code"] == "1", log
    assert "policy change: weakens: drops ai-tells from required" in log
    results = json.loads((tmp_path / "gate.sarif").read_text())["runs"][0]["results"]
    assert any("drafts/bad.md" in json.dumps(r) for r in results)


def test_a_push_is_judged_by_the_commit_it_moved_the_branch_from(
    content: Repo, rg: Run, tmp_path: Path
) -> None:
    before = _base(content, rg)
    content.write("drafts/second.md", GOOD_DRAFT)
    content.commit_all("second, checks never run")
    rc, outputs, log = _run(content, tmp_path, "push", {"before": before})
    assert rc == 0 and outputs["exit-code"] == "1", log
    assert f"--policy-from {before}" in log and "sarif-file" not in outputs
    assert "drafts/second.md" in log
    # A new branch (before is all zeros) and no default branch to read: the parent's.
    rc, outputs, log = _run(content, tmp_path, "push", {"before": "0" * 40}, recheck="false")
    assert rc == 0 and outputs["exit-code"] == "1", log
    assert "--policy-from" not in log.splitlines()[0]


def test_a_base_not_in_the_clone_is_exit_2_naming_it(content: Repo, rg: Run,
                                                     tmp_path: Path) -> None:
    _base(content, rg)
    rc, outputs, log = _run(content, tmp_path, "pull_request",
                            {"pull_request": {"base": {"sha": "1" * 40}}})
    assert (rc, outputs) == (2, {})
    assert log.strip().splitlines()[-1] == (f"receipt-gate action: the base commit {'1' * 40}"
                                           " is not in this clone; check out with"
                                           " fetch-depth: 0")


def test_the_action_is_composite_and_documents_what_the_script_reads() -> None:
    assert ACTION["runs"]["using"] == "composite"
    for name, spec in ACTION["inputs"].items():
        assert spec["description"], name
    script = (ROOT / "action" / "gate.py").read_text()
    gate = next(s for s in ACTION["runs"]["steps"] if s.get("id") == "gate")
    for name in ACTION["inputs"]:
        var = "INPUT_" + name.upper().replace("-", "_")
        if var in script:
            assert gate["env"][var] == f"${{{{ inputs.{name} }}}}"
    upload = next(s for s in ACTION["runs"]["steps"] if "upload-sarif" in s.get("uses", ""))
    assert "inputs.sarif == 'true'" in upload["if"]
