"""JSON Schemas for `.receipt-gate.yaml` and for a receipt: shipped in the package
(receipt_gate/schemas/), printed by `receipt-gate schema`, built here from what the code
accepts (the config's keys, each built-in check's settings, a receipt's fields), and
kept equal to the shipped files by a test. The code's own parser stays the judge: a
schema helps an editor, it decides nothing."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from receipt_gate.checks import Setting, Spec

DRAFT = "https://json-schema.org/draft/2020-12/schema"
# SchemaStore's naming: an editor finds the schema by this id.
CONFIG_ID = "https://json.schemastore.org/receipt-gate.json"
RECEIPT_ID = "https://json.schemastore.org/receipt-gate-receipt.json"
RECEIPT_FORMAT = 1  # the `format` a new receipt carries (gate.invariant.receipts)

_STRS = {"type": "array", "items": {"type": "string", "minLength": 1}}
_HEX = {"type": "string", "pattern": "^[0-9a-f]{64}$"}


def _setting(s: Setting) -> dict[str, Any]:
    if s.kind in ("strs", "globs", "argv"):
        return dict(_STRS)
    if s.kind == "bool":
        return {"type": "boolean"}
    if s.kind == "int":
        return {"type": "integer", "minimum": 1}
    if s.choices:
        return {"enum": list(s.choices)}
    return {"type": "string", "minLength": 1}


def _section(settings: Mapping[str, Setting], **more: Any) -> dict[str, Any]:
    return {
        "type": "object",
        "properties": {
            **{k: {**_setting(s), "default": _default(s.default)} for k, s in settings.items()},
            **more,
        },
        "additionalProperties": False,
    }


def _default(value: object) -> object:
    return list(value) if isinstance(value, (list, tuple)) else value


def config_schema(built_in: Mapping[str, Spec]) -> dict[str, Any]:
    """The config's schema; `built_in`: each built-in check."""
    from receipt_gate.checks.table import COMMAND, MODEL
    from receipt_gate.rules.config import DEFAULT_STATES

    checks = {
        name: _section(
            spec.settings, **({"kind": {"const": "model"}} if spec.kind == "model" else {})
        )
        for name, spec in sorted(built_in.items())
    }
    # Another name: a check the config declares (a command, or a model), or an installed
    # plugin's (its settings are its own: the schema cannot know them).
    declared = {
        "oneOf": [
            {**_section(COMMAND), "required": ["command"]},
            {**_section(MODEL, kind={"const": "model"}), "required": ["kind"]},
            {
                "type": ["object", "null"],
                "not": {"anyOf": [{"required": ["command"]}, {"required": ["kind"]}]},
            },
        ]
    }
    return {
        "$schema": DRAFT,
        "$id": CONFIG_ID,
        "title": "receipt-gate config (.receipt-gate.yaml)",
        "description": "Which drafts are gated, which checks each must pass, and their"
        " settings. https://github.com/receipt-gate/receipt-gate/blob/main/docs/configuration.md",
        "type": ["object", "null"],
        "properties": {
            "drafts": {**_STRS, "default": ["drafts/**/*.md"]},
            "run_dir": {"type": "string", "minLength": 1, "default": ".receipts"},
            "required": {**_STRS, "uniqueItems": True},
            "required_from": {
                "type": ["object", "null"],
                "additionalProperties": {**_STRS, "uniqueItems": True},
            },
            "checks": {
                "type": ["object", "null"],
                "properties": checks,
                "additionalProperties": declared,
            },
            "states": {
                **_STRS,
                "minItems": 1,
                "uniqueItems": True,
                "default": list(DEFAULT_STATES),
            },
            "gate_from": {"type": "string", "minLength": 1},
            "signing": {
                "type": ["object", "null"],
                "properties": {
                    "public_keys": {
                        "type": "array",
                        "minItems": 1,
                        "items": {"type": "string", "pattern": "^ed25519:[A-Za-z0-9+/=]+$"},
                    }
                },
                "required": ["public_keys"],
                "additionalProperties": False,
            },
            "stage_receipts": {"type": "boolean", "default": True},
            "draft_markers": {
                "type": ["object", "null"],
                "properties": {
                    "paths": _STRS,
                    "front_matter": {
                        "type": ["object", "null"],
                        "additionalProperties": {
                            "oneOf": [
                                {"type": "boolean"},
                                {"type": "integer"},
                                {"type": "string", "minLength": 1},
                            ]
                        },
                    },
                    "status": {"type": "string", "minLength": 1},
                    "front_matter_in": _STRS,
                    "listed_in": _STRS,
                },
                "additionalProperties": False,
            },
            "baseline": {"type": ["string", "null"]},
            "title_fields": {**_STRS, "minItems": 1},
        },
        "additionalProperties": False,
    }


def receipt_schema() -> dict[str, Any]:
    finding: dict[str, Any] = {
        "type": "object",
        "properties": {
            "line": {"type": "integer", "minimum": 1},
            "col": {"type": "integer", "minimum": 1},
            "message": {"type": "string"},
        },
        "required": ["line", "col", "message"],
    }
    return {
        "$schema": DRAFT,
        "$id": RECEIPT_ID,
        "title": "receipt-gate receipt (RUN_DIR/DRAFT/CHECK.json)",
        "description": "What one check decided on the exact bytes of one draft."
        " https://github.com/receipt-gate/receipt-gate/blob/main/docs/receipts.md",
        "type": "object",
        "properties": {
            "format": {
                "const": RECEIPT_FORMAT,
                "description": "this schema's version; a receipt without one is format 1",
            },
            "check": {"type": "string", "minLength": 1},
            "draft": {"type": "string", "minLength": 1},
            "draft_sha256": _HEX,
            "ran_at": {"type": "string"},
            "verdict": {"enum": ["pass", "fail"]},
            "inputs_sha256": _HEX,
            "tool": {"type": "string"},
            "findings": {"type": "array", "items": finding},
            "suppressed": {
                "type": "array",
                "items": {
                    **finding,
                    "properties": {**finding["properties"], "suppressed_by": {"type": "string"}},
                    "required": ["line", "col", "message", "suppressed_by"],
                },
            },
            "reads": {"type": "array", "items": {"type": "string"}},
            "criteria": {
                "type": "array",
                "items": {
                    "type": "object",
                    "properties": {
                        "name": {"type": "string", "pattern": "\\S"},
                        "verdict": {"enum": ["pass", "fail"]},
                        "quotes": {"type": "array", "items": {"type": "string"}},
                        "note": {"type": "string"},
                        "evidence": {
                            "type": "array",
                            "items": {
                                "type": "object",
                                "properties": {
                                    "path": {"type": "string", "minLength": 1},
                                    "quote": {"type": "string"},
                                },
                                "required": ["path", "quote"],
                            },
                        },
                    },
                    "required": ["name", "verdict"],
                },
            },
            "signature": {"type": "string", "pattern": "^ed25519:[^:]+:[A-Za-z0-9+/=]+$"},
        },
        "required": [
            "check",
            "draft",
            "draft_sha256",
            "ran_at",
            "verdict",
            "inputs_sha256",
            "tool",
            "findings",
        ],
        "if": {"properties": {"verdict": {"const": "pass"}}},
        "then": {"properties": {"findings": {"maxItems": 0}}},
        "else": {"properties": {"findings": {"minItems": 1}}},
    }


def built() -> dict[str, dict[str, Any]]:
    """Both schemas as this installation's code and built-in checks accept them."""
    from receipt_gate.checks.config import BUILT_IN
    from receipt_gate.checks.table import plugins

    specs = {
        n: s for n, s in plugins(None).items() if not isinstance(s, str) and s.dist == BUILT_IN
    }
    return {"config": config_schema(specs), "receipt": receipt_schema()}
