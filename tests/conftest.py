from __future__ import annotations

import importlib.util
import os
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from receipt_gate.cli import main

ROOT = Path(__file__).resolve().parent.parent


def _corpora() -> Path:
    """../shared/corpora beside this checkout, or beside the checkout it was cloned from
    (a fresh clone in /tmp still finds the real writing), or $RECEIPT_GATE_CORPORA."""
    import subprocess

    given = os.environ.get("RECEIPT_GATE_CORPORA")
    if given:
        return Path(given)
    here = ROOT.parent / "shared" / "corpora"
    if here.is_dir():
        return here
    origin = subprocess.run(
        ["git", "-C", str(ROOT), "config", "remote.origin.url"],
        capture_output=True,
        text=True,
        check=False,
    ).stdout.strip()
    if origin and "://" not in origin and Path(origin).is_dir():
        return Path(origin).resolve().parent / "shared" / "corpora"
    return here


# Real markdown written by people (README's corpora): tests that need it skip without it.
CORPORA = _corpora()
needs_corpora = pytest.mark.skipif(not CORPORA.is_dir(), reason=f"no corpora at {CORPORA}")

GIT_ENV = {
    "GIT_AUTHOR_NAME": "Test Author",
    "GIT_AUTHOR_EMAIL": "author@example.invalid",
    "GIT_COMMITTER_NAME": "Test Author",
    "GIT_COMMITTER_EMAIL": "author@example.invalid",
    "GIT_AUTHOR_DATE": "2026-09-28T15:41:07Z",
    "GIT_COMMITTER_DATE": "2026-09-28T15:41:07Z",
    "GIT_CONFIG_NOSYSTEM": "1",
}


@pytest.fixture(autouse=True)
def _isolated_env(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    home = tmp_path_factory.mktemp("home")
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / ".config"))
    for k, v in GIT_ENV.items():
        monkeypatch.setenv(k, v)
    for k in ("GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "NO_COLOR", "RECEIPT_GATE_KEY"):
        monkeypatch.delenv(k, raising=False)


class Repo:
    def __init__(self, path: Path) -> None:
        self.path = path

    def git(self, *args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            ("git", *args), cwd=self.path, capture_output=True, text=True, check=check
        )

    def write(self, rel: str, text: str | bytes) -> Path:
        p = self.path / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(text, bytes):
            p.write_bytes(text)
        else:
            p.write_text(text, encoding="utf-8")
        return p

    def read(self, rel: str) -> str:
        return (self.path / rel).read_text(encoding="utf-8")

    def commit_all(self, msg: str = "c", *extra: str) -> subprocess.CompletedProcess[str]:
        self.git("add", "-A")
        return self.git("commit", "-q", "-m", msg, *extra, check=False)


GOOD_DRAFT = """\
---
title: The receipt gate
status: ready
---
# The receipt gate

A check that ran three edits ago is a check that did not run on this draft.

The gate compares hashes, and asks nobody whether anything passed.
"""

CONFIG = 'drafts: ["drafts/**/*.md"]\nrequired: [ai-tells, hook-length]\n'

# A sentence ai-tells refuses with its defaults, in a short draft: four weighted tells
# ("in conclusion", "a testament to", "the power of", "resilience"), the first at its
# first column. (One tell alone, "In conclusion", is ordinary English: no finding.)
TELLS = "In conclusion, a testament to the power of resilience"


@pytest.fixture
def repo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Repo]:
    path = tmp_path / "repo"
    path.mkdir()
    subprocess.run(("git", "init", "-q", "-b", "main", str(path)), check=True)
    monkeypatch.chdir(path)
    yield Repo(path)
    schemas_hold(path)


_VALIDATORS: dict[str, Any] = {}
_CACHE: list[str] = []


def _plugin_cache() -> str:
    """A folder for the installed plugins' list, kept for the session (the list is
    checked against the environment each time it is read)."""
    if not _CACHE:
        import tempfile

        _CACHE.append(tempfile.mkdtemp(prefix="receipt-gate-schemas-"))
    return _CACHE[0]


def schemas_hold(path: Path) -> None:
    """Every config and receipt a test leaves that receipt-gate accepts validates against
    the JSON Schemas the package ships (receipt-gate schema)."""
    import json

    from receipt_gate import GateError
    from receipt_gate.base import yamlio
    from receipt_gate.invariant import receipts
    from receipt_gate.rules.config import parse

    config = path / ".receipt-gate.yaml"
    if not config.is_file():
        return
    try:
        raw = yamlio.load(config.read_bytes(), ".receipt-gate.yaml")
        cfg = parse(raw, cache_dir=_plugin_cache())
    except (GateError, OSError, ValueError):
        return  # refused by the tool: no config to hold to the schema
    _validate("config", json.loads(json.dumps(raw, default=str)), config)
    run_dir = path / cfg.run_dir
    for receipt in run_dir.rglob("*.json") if run_dir.is_dir() else ():
        if receipt.is_symlink() or not receipt.is_file():
            continue
        doc = receipts.parse(receipt.read_bytes())
        if isinstance(doc, dict):
            _validate("receipt", doc, receipt)


def _validate(which: str, doc: object, where: Path) -> None:
    import json

    from jsonschema import Draft202012Validator

    from receipt_gate.commands.schema import path_of

    if which not in _VALIDATORS:
        with open(path_of(which), encoding="utf-8") as f:
            _VALIDATORS[which] = Draft202012Validator(json.load(f))
    errors = list(_VALIDATORS[which].iter_errors(doc))
    if errors:
        pytest.fail(
            f"{where}: accepted by receipt-gate, refused by its {which} schema: {errors[0]}"
        )


@pytest.fixture
def content(repo: Repo) -> Repo:
    """A repository with a config and one clean draft, nothing run yet."""
    repo.write(".receipt-gate.yaml", CONFIG)
    repo.write("drafts/intro.md", GOOD_DRAFT)
    return repo


class Run:
    def __init__(self, capsys: pytest.CaptureFixture[str]) -> None:
        self.capsys = capsys

    def __call__(self, *argv: str) -> tuple[int, str, str]:
        rc = main(list(argv))
        out, err = self.capsys.readouterr()
        return rc, out, err


@pytest.fixture
def rg(capsys: pytest.CaptureFixture[str]) -> Run:
    """Call `receipt-gate` in-process: rg('verify') -> (exit code, stdout, stderr)."""
    return Run(capsys)


# --- the real pre-commit ------------------------------------------------------


def _demo() -> Any:
    spec = importlib.util.spec_from_file_location("demo", ROOT / "examples" / "demo.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="session")
def hook_repo(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, str]:
    """This checkout as a hook repository at a commit, uncommitted edits included."""
    dest = tmp_path_factory.mktemp("hook-repo")
    sha = _demo().make_hook_repo(dest, {**GIT_ENV, "GIT_CONFIG_GLOBAL": os.devnull})
    return str(dest), str(sha)


@pytest.fixture(scope="session")
def pre_commit_home(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    yield str(tmp_path_factory.mktemp("pre-commit-home"))
