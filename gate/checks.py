"""Which checks exist, where their code lives, and which settings name input files.

The gate reads this table, never the check modules: verifying a receipt must not
import a check. A check's code enters its fingerprint as the bytes of its module.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from gate.tree import Tree

_EMPTY: Mapping[str, str | tuple[str, ...]] = MappingProxyType({})


class CheckSpec(NamedTuple):
    module: str
    # A check whose verdict code can reproduce; `run` runs only these.
    deterministic: bool = True
    # Settings that name files the verdict reads (a str is one path, a tuple
    # is globs), with their defaults. Their bytes are part of the fingerprint.
    inputs: Mapping[str, str | tuple[str, ...]] = _EMPTY
    # A setting holding a command line: those of its words that name a file in the tree
    # (the grader's script, say) are inputs too.
    argv: str = ""


CHECKS: Mapping[str, CheckSpec] = MappingProxyType(
    {
        "ai-tells": CheckSpec("hooks.ai_tells"),
        "hook-length": CheckSpec("hooks.hook_length"),
        "headline-numbers": CheckSpec(
            "hooks.headline_numbers", inputs={"articles": ("posts/**/*.md",)}
        ),
        "registered-terms": CheckSpec("hooks.registered_terms", inputs={"registry": "claims.yaml"}),
        "grader": CheckSpec("hooks.grader", deterministic=False, argv="command"),
    }
)

DETERMINISTIC = tuple(name for name, spec in CHECKS.items() if spec.deterministic)

_TOP = os.path.dirname(os.path.dirname(os.path.realpath(__file__)))


def module_file(spec: CheckSpec) -> str:
    return os.path.join(_TOP, *spec.module.split(".")) + ".py"


def shared_files() -> tuple[str, ...]:
    """Core modules whose code decides verdicts too (what counts as prose, as a quote)."""
    return (os.path.join(_TOP, "gate", "text.py"), os.path.join(_TOP, "gate", "quotes.py"))


class Context(NamedTuple):
    """What a check may read besides the draft: its input files, and where to cache."""

    tree: Tree
    # setting name -> {path: sha256 of its bytes, or None when absent}
    files: Mapping[str, Mapping[str, str | None]]
    cache_dir: str | None = None
    # The receipts' inputs_sha256: check, code, settings and files in one digest, which
    # also keys anything cached from them ("" when not computed).
    fingerprint: str = ""


class Finding(NamedTuple):
    """One problem a check found, at a 1-based line and column of the draft."""

    line: int
    col: int
    message: str
    # Check-specific fields for the JSON output and the receipt (number, title...).
    extra: tuple[tuple[str, object], ...] = ()

    def as_dict(self) -> dict[str, object]:
        return {"line": self.line, "col": self.col, "message": self.message, **dict(self.extra)}


class Outcome(NamedTuple):
    findings: list[Finding]
    checked: int  # how many things the check examined (tokens, phrases, lines)
