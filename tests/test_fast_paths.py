"""The shortcuts taken for speed must decide exactly what the plain paths decide.

Each test runs the fast path and the plain one on the same real repository and
compares: the listing under the globs' folders against the full listing, the
forked verify against the serial one, the inline freshness test against judge().
"""

from __future__ import annotations

import json
import os

import pytest

from gate import verify, wildmatch
from gate.config import load
from gate.receipts import inputs_sha256, sha256
from gate.tree import WorkTree
from tests.conftest import CONFIG, GOOD_DRAFT, Repo, Run

AT = ".receipts/drafts/intro.md/ai-tells.json"


def _files(repo: Repo) -> None:
    repo.write(".gitignore", "*.tmp\nignored/\n")
    for rel in ("drafts/a.md", "drafts/x/y/b.md", "drafts/a[1].md", "drafts/c.tmp",
                "other/z.md", "ignored/q.md", "top.md", "drafts/tracked.md"):
        repo.write(rel, "# t\n")
    repo.git("add", "drafts/tracked.md", "other/z.md")
    repo.git("commit", "-q", "-m", "some tracked")


@pytest.mark.parametrize("globs", [
    ["drafts/**/*.md"],
    ["drafts/*.md", "other/**"],
    ["**/*.md"],
    ["dr*/**/*.md"],
    ["drafts"],
    ["drafts/a.md"],
    [wildmatch.escape("drafts/a[1].md")],
    ["/abs/*.md", "drafts/x/**"],
    ["../outside/*.md"],
    ["drafts//a.md", "./drafts/a.md"],
    [],
])
def test_listing_under_the_globs_equals_filtering_the_full_listing(
    repo: Repo, globs: list[str]
) -> None:
    _files(repo)
    full = WorkTree(str(repo.path)).paths()
    assert WorkTree(str(repo.path)).paths(globs) == wildmatch.select(globs, full)


def test_listing_under_the_globs_sees_untracked_and_skips_ignored(repo: Repo) -> None:
    _files(repo)
    got = WorkTree(str(repo.path)).paths(["drafts/**/*.md", "ignored/*.md"])
    assert got == ["drafts/a.md", "drafts/a[1].md", "drafts/tracked.md", "drafts/x/y/b.md"]
    assert WorkTree(str(repo.path)).paths([wildmatch.escape("drafts/a[1].md")]) == [
        "drafts/a[1].md"]


def _mixed(repo: Repo, rg: Run) -> None:
    """Drafts in every state the gate can find, with the receipts run wrote."""
    repo.write(".receipt-gate.yaml", CONFIG + "gate_from: ready\n")
    for i in range(6):
        repo.write(f"drafts/fresh{i}.md", GOOD_DRAFT.replace("three", f"{i + 3}"))
    repo.write("drafts/stale.md", GOOD_DRAFT)
    repo.write("drafts/failing.md", GOOD_DRAFT + "\nIt is important to note that we delve.\n")
    repo.write("drafts/early.md", GOOD_DRAFT.replace("status: ready", "status: drafted"))
    repo.write("drafts/crlf.md", GOOD_DRAFT.replace("\n", "\r\n"))
    repo.write("drafts/missing.md", GOOD_DRAFT.replace("gate", "door"))
    rg("run")
    repo.write("drafts/stale.md", GOOD_DRAFT + "\nOne more line.\n")
    os.unlink(repo.path / ".receipts/drafts/missing.md/hook-length.json")
    repo.write("drafts/bad-status.md", GOOD_DRAFT.replace("status: ready", "status: done"))
    repo.write("drafts/binary.md", b"\0\1\2")


def test_forked_verify_reports_exactly_what_one_process_does(
    repo: Repo, rg: Run, monkeypatch: pytest.MonkeyPatch
) -> None:
    _mixed(repo, rg)
    serial_rc, serial_out, serial_err = rg("verify", "--format", "json")
    cfg = load((repo.path / ".receipt-gate.yaml").read_bytes(), ".receipt-gate.yaml", None)
    serial = verify.evaluate(cfg, WorkTree(str(repo.path)))

    forks = []
    real_fork = os.fork

    def counting_fork() -> int:
        pid = real_fork()
        if pid:
            forks.append(pid)
        return pid

    monkeypatch.setattr(verify, "PARALLEL_FROM", 2)
    monkeypatch.setattr(verify, "_cpus", lambda: 3)
    monkeypatch.setattr(os, "fork", counting_fork)
    forked = verify.evaluate(cfg, WorkTree(str(repo.path)))
    assert len(forks) == 2  # three parts: two children and this process
    assert forked == serial
    assert {c.state for c in serial.cells} == {"fresh", "stale", "missing", "fail"}
    assert serial.ungated == (("drafts/early.md", "drafted"),)
    assert len(serial.errors) == 2
    assert rg("verify", "--format", "json") == (serial_rc, serial_out, serial_err)


def _cells(repo: Repo) -> tuple[verify.Cell, verify.Cell]:
    """The ai-tells cell of drafts/intro.md: through the inline path, and through judge()."""
    root = str(repo.path)
    cfg = load((repo.path / ".receipt-gate.yaml").read_bytes(), ".receipt-gate.yaml", None)
    tree = WorkTree(root)
    inputs = {c: inputs_sha256(c, cfg, tree) for c in cfg.required}
    part = verify._judge_drafts(cfg, tree, ["drafts/intro.md"], inputs, None, None)
    text = (repo.path / "drafts/intro.md").read_text()
    digest = sha256((repo.path / "drafts/intro.md").read_bytes())
    plain = verify.judge(WorkTree(root), cfg, "drafts/intro.md", digest, "ai-tells",
                         inputs["ai-tells"], text)
    quick = part.cells[cfg.required.index("ai-tells")]
    assert quick is not None
    return quick, plain


def _retext(old: bytes, **changes: object) -> bytes:
    obj = json.loads(old)
    obj.update(changes)
    return json.dumps(obj, indent=2).encode()


MUTATIONS = {
    "as written": lambda b: b,
    "trailing whitespace": lambda b: b + b" \t\r\n",
    "trailing garbage": lambda b: b + b"x",
    "leading whitespace": lambda b: b"\n  " + b,
    "CRLF": lambda b: b.replace(b"\n", b"\r\n"),
    "BOM": lambda b: b"\xef\xbb\xbf" + b,
    "not UTF-8": lambda b: b.replace(b'"check"', b'"\xff"'),
    "ran_at a number": lambda b: _retext(b, ran_at=5),
    "tool null": lambda b: _retext(b, tool=None),
    "findings an object": lambda b: _retext(b, findings={}),
    "verdict PASS": lambda b: _retext(b, verdict="PASS"),
    "hash upper case": lambda b: _retext(b, draft_sha256=json.loads(b)["draft_sha256"].upper()),
    "other check": lambda b: _retext(b, check="hook-length"),
    "a later verdict wins": lambda b: b.replace(b'"findings"', b'"verdict": "fail",\n "findings"'),
    "a list": lambda b: b"[" + b + b"]",
    "empty": lambda b: b"",
}


@pytest.mark.parametrize("name", sorted(MUTATIONS))
def test_inline_freshness_test_agrees_with_judge(content: Repo, rg: Run, name: str) -> None:
    rg("run")
    receipt = content.path / AT
    receipt.write_bytes(MUTATIONS[name](receipt.read_bytes()))
    quick, plain = _cells(content)
    assert quick == plain
    fresh = name in ("as written", "trailing whitespace", "leading whitespace", "CRLF")
    assert (quick.state == "fresh") is fresh, quick.message


def test_inline_freshness_test_refuses_a_symlinked_receipt_folder(
    content: Repo, rg: Run
) -> None:
    rg("run")
    folder = content.path / ".receipts/drafts/intro.md"
    os.rename(folder, content.path / "elsewhere")
    os.symlink(content.path / "elsewhere", folder)
    quick, plain = _cells(content)
    assert quick == plain
    assert quick.state == "missing" and "outside the repository" in quick.message

