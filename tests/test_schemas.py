"""The JSON Schemas the package ships for `.receipt-gate.yaml` and for a receipt: built
from what the code accepts, printed by `receipt-gate schema`, valid JSON Schema, and
holding for every config and receipt in this repository (tests/conftest.py holds every
test's repository to them too)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml
from jsonschema import Draft202012Validator

from receipt_gate.commands.schema import path_of
from receipt_gate.report.schemas import CONFIG_ID, RECEIPT_ID, built
from tests.conftest import ROOT

UPDATE = os.environ.get("RECEIPT_GATE_UPDATE_SCHEMAS") == "1"


def shipped(which: str) -> dict[str, Any]:
    with open(path_of(which), encoding="utf-8") as f:
        doc: dict[str, Any] = json.load(f)
    return doc


@pytest.mark.parametrize("which", ["config", "receipt"])
def test_the_shipped_schema_is_what_the_code_accepts(which: str) -> None:
    now = built()[which]
    if UPDATE:
        Path(path_of(which)).write_text(json.dumps(now, indent=2) + "\n", encoding="utf-8")
    assert shipped(which) == now, (
        "a config key, a check's setting or a receipt field changed: regenerate the"
        " schemas (RECEIPT_GATE_UPDATE_SCHEMAS=1 pytest tests/test_schemas.py)"
    )
    Draft202012Validator.check_schema(now)
    assert now["$id"] == {"config": CONFIG_ID, "receipt": RECEIPT_ID}[which]


@pytest.mark.parametrize("which", ["config", "receipt"])
def test_the_command_prints_it(which: str) -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "receipt_gate", "schema", which],
        capture_output=True,
        text=True,
        check=True,
    )
    assert json.loads(proc.stdout) == shipped(which)


def test_the_wheel_ships_them() -> None:
    import tomllib

    data = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    assert "schemas/*.json" in data["package-data"]["receipt_gate"]


def _configs() -> list[Path]:
    return [ROOT / ".receipt-gate.yaml", *sorted(ROOT.glob("examples/**/.receipt-gate.yaml"))]


def _receipts() -> list[Path]:
    return sorted(p for p in (ROOT / ".receipts").rglob("*.json"))


def test_this_repositorys_configs_and_receipts_hold() -> None:
    config, receipt = (Draft202012Validator(shipped(w)) for w in ("config", "receipt"))
    configs, receipts = _configs(), _receipts()
    assert configs and receipts
    for p in configs:
        assert not list(config.iter_errors(yaml.safe_load(p.read_text()))), p
    for p in receipts:
        assert not list(receipt.iter_errors(json.loads(p.read_text()))), p


@pytest.mark.parametrize(
    "doc",
    [
        {"drafts": 5},
        {"drafts": ["a/*.md"], "colour": "red"},
        {"checks": {"hook-length": {"max_chars": "long"}}},
        {"checks": {"hook-length": {"max_char": 200}}},
        {"checks": {"lint": {"command": ["x"], "findings": "xml"}}},
        {"signing": {"public_keys": []}},
        {"stage_receipts": "yes"},
    ],
)
def test_the_config_schema_refuses_what_the_parser_refuses(doc: dict[str, Any]) -> None:
    from receipt_gate import GateError
    from receipt_gate.rules.config import parse

    with pytest.raises(GateError):
        parse(doc)
    assert list(Draft202012Validator(shipped("config")).iter_errors(doc))


def test_the_receipt_schema_refuses_a_broken_receipt() -> None:
    good = json.loads(_receipts()[0].read_text())
    check = Draft202012Validator(shipped("receipt"))
    assert not list(check.iter_errors(good))
    for broken in (
        {**good, "draft_sha256": "ABC"},
        {**good, "verdict": "maybe"},
        {**good, "verdict": "pass", "findings": [{"line": 1, "col": 1, "message": "m"}]},
        {k: v for k, v in good.items() if k != "inputs_sha256"},
        {**good, "format": 2},
    ):
        assert list(check.iter_errors(broken)), broken
