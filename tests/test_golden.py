"""Each check's findings on fixed drafts, pinned to its behaviour version.

A receipt's fingerprint holds the check's version, not its source bytes: a refactor
stales nothing, so a change in what a check decides must come with a version bump.
This test is what makes it: same version, different findings, fail.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from receipt_gate.base.text import Draft, decode
from receipt_gate.rules.config import parse
from tests.conftest import ROOT

CHECKS = parse({}).specs  # the built-in checks, as a config with no checks of its own sees

GOLDEN = ROOT / "tests" / "golden"
UPDATE = os.environ.get("RECEIPT_GATE_UPDATE_GOLDEN") == "1"


def _drafts() -> list[Draft]:
    out = []
    for path in sorted((GOLDEN / "drafts").iterdir()):
        got = decode(path.name, path.read_bytes())
        assert not isinstance(got, str), got
        out.append(got)
    return out


def _deterministic(name: str, repo: Path) -> dict[str, Any]:
    from receipt_gate.invariant.runner import prepare
    from receipt_gate.trees.tree import WorkTree

    cfg = parse({"checks": {"headline-numbers": {"articles": ["articles/*"]}}})
    checker, _ = prepare(cfg, name, WorkTree(str(repo)))
    return {d.path: [f.as_dict() for f in checker(d).findings] for d in _drafts()}


def _grader() -> dict[str, Any]:
    from receipt_gate.checks.model import findings, parse_verdict, quote_problems
    from receipt_gate.reading.quotes import MIN_QUOTE_CHARS, describe

    out = {}
    for d in _drafts():
        file = GOLDEN / "verdicts" / (Path(d.path).stem + ".json")
        if file.exists():
            verdict = parse_verdict(file.read_bytes(), file.name)
            out[d.path] = {
                "quote_problems": [
                    describe(p) for p in quote_problems(verdict, d.text, MIN_QUOTE_CHARS)
                ],
                "findings": [f.as_dict() for f in findings(verdict, d.text)],
            }
    return out


@pytest.fixture(scope="module")
def golden_repo(tmp_path_factory: pytest.TempPathFactory) -> Path:
    repo = tmp_path_factory.mktemp("golden")
    subprocess.run(["git", "init", "-q", str(repo)], check=True)
    shutil.copytree(GOLDEN / "articles", repo / "articles")
    shutil.copy(GOLDEN / "claims.yaml", repo / "claims.yaml")
    return repo


def difference(name: str, version: int, got: dict[str, Any], pinned: dict[str, Any]) -> str:
    """Why the findings do not match the pinned ones ("" when they do)."""
    if pinned.get("version") != version:
        return (
            f"{name} is at version {version}, its golden findings at"
            f" {pinned.get('version')}: regenerate them (RECEIPT_GATE_UPDATE_GOLDEN=1)"
            " and read the diff"
        )
    changed = sorted(
        k for k in {*got, *pinned["findings"]} if got.get(k) != pinned["findings"].get(k)
    )
    if changed:
        return (
            f"{name} decides differently at version {version} on {', '.join(changed)}:"
            " bump its version in its module (hooks/), then regenerate"
        )
    return ""


@pytest.mark.parametrize("name", list(CHECKS))
def test_findings_change_only_with_the_version(name: str, golden_repo: Path) -> None:
    got = _grader() if name == "grader" else _deterministic(name, golden_repo)
    file = GOLDEN / f"{name}.json"
    version = CHECKS[name].version
    if UPDATE:
        file.write_text(
            json.dumps({"version": version, "findings": got}, indent=1, ensure_ascii=False) + "\n"
        )
    pinned = json.loads(file.read_text())
    assert difference(name, version, got, pinned) == ""
    assert any(got.values()), f"{name}: the golden drafts should give some findings"


def test_a_changed_finding_at_the_same_version_fails() -> None:
    pinned = {"version": 3, "findings": {"a.md": [{"line": 1}], "b.md": []}}
    assert difference("x", 3, {"a.md": [{"line": 1}], "b.md": []}, pinned) == ""
    assert "decides differently at version 3 on a.md" in difference(
        "x", 3, {"a.md": [{"line": 2}], "b.md": []}, pinned
    )
    assert "on b.md" in difference("x", 3, {"a.md": [{"line": 1}]}, pinned)
    assert "regenerate" in difference("x", 4, {"a.md": [{"line": 1}], "b.md": []}, pinned)
