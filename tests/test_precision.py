"""Precision on human writing: the checks' defaults do not cry wolf on real posts.

Runs benchmarks/precision.py's measure over ../shared/corpora (skipped where that is
not beside the checkout) and holds the targets it reports.
"""

from __future__ import annotations

import importlib.util
import re

import pytest

from tests.conftest import CORPORA, ROOT, needs_corpora

pytestmark = needs_corpora


def _precision() -> object:
    spec = importlib.util.spec_from_file_location("precision", ROOT / "benchmarks" / "precision.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _shares(lines: list[str]) -> dict[str, float]:
    out = {}
    for line in lines:
        m = re.match(r"\s+(\S+)\s+(\d+)/(\d+) files flagged", line)
        if m:
            out[m.group(1)] = int(m.group(2)) / int(m.group(3))
    return out


def test_human_posts_before_2022() -> None:
    p = _precision()
    files = p.sets(CORPORA)["jekyll posts before 2022"]  # type: ignore[attr-defined]
    assert len(files) > 50
    docs = p.documentation(CORPORA, "jekyll posts before 2022")  # type: ignore[attr-defined]
    lines = p.measure("jekyll posts before 2022", files, 0, docs)  # type: ignore[attr-defined]
    assert _shares(lines)["ai-tells"] <= 0.01, lines
    assert _shares(lines)["registered-terms"] <= 0.10, lines
    assert "a template tag: 0 (want 0)" in lines[0]


@pytest.mark.parametrize("name", ["jekyll docs", "hugo docs"])
def test_hook_length_never_measures_markup(name: str) -> None:
    p = _precision()
    lines = p.measure(name, p.sets(CORPORA)[name], 0)  # type: ignore[attr-defined]
    assert "a template tag: 0 (want 0)" in lines[0], lines[0]
    assert _shares(lines)["ai-tells"] <= 0.01


@pytest.mark.parametrize(
    "name", ["grpc blog before 2022", "grpc docs", "eleventy blog before 2022", "eleventy docs"]
)
def test_ai_tells_on_every_other_corpus(name: str) -> None:
    """Every set the script reads, the target it holds: ai-tells at most 1% of files."""
    p = _precision()
    files = p.sets(CORPORA)[name]  # type: ignore[attr-defined]
    assert len(files) > 10
    lines = p.measure(name, files, 0)  # type: ignore[attr-defined]
    assert _shares(lines)["ai-tells"] <= 0.01, lines
