"""A site's data file read as its generator reads it: JSON, TOML, YAML (through the one
YAML loader), CSV or TSV (rows of cells). One reader for the quote check's sources and
ai-tells' site values."""

from __future__ import annotations

from typing import Any

KINDS = (".json", ".toml", ".yml", ".yaml", ".csv", ".tsv")


def load(text: str, path: str, scalar_aliases: bool = False) -> Any:
    """The document (a CSV or TSV as its rows, each a list of cells); None where the
    name says no kind of KINDS or the text does not parse."""
    import csv
    import json

    from receipt_gate import GateError

    lower = path.lower()
    try:
        if lower.endswith((".csv", ".tsv")):
            tab = lower.endswith(".tsv")
            return list(csv.reader(text.splitlines(), delimiter="\t" if tab else ","))
        if lower.endswith(".json"):
            return json.loads(text)
        if lower.endswith(".toml"):
            import tomllib

            return tomllib.loads(text)
        if lower.endswith((".yml", ".yaml")):
            from receipt_gate.base import yamlio

            return yamlio.load(text, path, scalar_aliases=scalar_aliases)
    except (ValueError, csv.Error, GateError, RecursionError):
        return None
    return None
