"""The package as an index would take it: an sdist and a wheel that `twine check
--strict` passes, with project URLs, the license, the type hints and the checks'
entry points, at the version the code reports."""

from __future__ import annotations

import subprocess
import sys
import tarfile
import zipfile
from email.parser import Parser
from pathlib import Path

import pytest

from receipt_gate import __version__
from tests.conftest import ROOT


@pytest.fixture(scope="module")
def dist(tmp_path_factory: pytest.TempPathFactory) -> Path:
    import shutil

    # Built from a copy: setuptools writes build/ and egg-info beside the sources.
    src = tmp_path_factory.mktemp("src") / "receipt-gate"
    shutil.copytree(
        ROOT,
        src,
        ignore=shutil.ignore_patterns(
            ".git", ".venv", "build", "dist", "*.egg-info", "__pycache__", ".*_cache", ".hypothesis"
        ),
    )
    out = tmp_path_factory.mktemp("dist")
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "build",
            "--no-isolation",
            "--sdist",
            "--wheel",
            "--outdir",
            str(out),
            str(src),
        ],
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
    )
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    # No deprecation: setuptools stops building the license table form after 2027-02-18.
    said = proc.stdout + proc.stderr
    assert "Deprecat" not in said and "deprecat" not in said, said[-3000:]
    return out


def test_twine_check_strict_passes(dist: Path) -> None:
    files = sorted(str(p) for p in dist.iterdir())
    assert len(files) == 2
    proc = subprocess.run(
        [sys.executable, "-m", "twine", "check", "--strict", *files], capture_output=True, text=True
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert proc.stdout.count("PASSED") == 2


def test_the_wheel_carries_urls_license_types_and_entry_points(dist: Path) -> None:
    (wheel,) = dist.glob("*.whl")
    assert wheel.name.startswith(f"receipt_gate-{__version__}-")
    with zipfile.ZipFile(wheel) as z:
        names = z.namelist()
        info = next(n for n in names if n.endswith(".dist-info/METADATA"))
        meta = Parser().parsestr(z.read(info).decode())
        points = z.read(info.replace("METADATA", "entry_points.txt")).decode()
    assert meta["Version"] == __version__
    assert meta["License-Expression"] == "MIT"  # SPDX (PEP 639)
    assert not any(c.startswith("License ::") for c in meta.get_all("Classifier"))
    urls = dict(u.split(", ", 1) for u in meta.get_all("Project-URL"))
    assert {"Homepage", "Documentation", "Repository", "Issues", "Changelog"} <= set(urls)
    assert meta["Description-Content-Type"] == "text/markdown"
    assert "receipt_gate/py.typed" in names and "receipt_gate_hooks/py.typed" in names
    assert any(n.endswith("LICENSE") for n in names)
    for check in ("ai-tells", "hook-length", "headline-numbers", "registered-terms", "grader"):
        assert f"{check} = receipt_gate_hooks." in points


def test_the_sdist_carries_the_changelog_entry_of_this_version(dist: Path) -> None:
    (sdist,) = dist.glob("*.tar.gz")
    with tarfile.open(sdist) as t:
        names = t.getnames()
    assert any(n.endswith("/LICENSE") for n in names)
    assert f"## {__version__} " in (ROOT / "CHANGELOG.md").read_text()
