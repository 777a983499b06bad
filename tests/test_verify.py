from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from receipt_gate import __version__
from receipt_gate.invariant.receipts import sha256
from tests.conftest import CONFIG, GOOD_DRAFT, TELLS, Repo, Run

AT = ".receipts/drafts/intro.md/ai-tells.json"
HL = ".receipts/drafts/intro.md/hook-length.json"


def test_fresh_receipts_pass(content: Repo, rg: Run) -> None:
    assert rg("run")[0] == 0
    rc, out, _ = rg("verify")
    assert rc == 0
    assert out == (
        "receipt-gate: ok: 1 gated draft, 2 required checks each, every receipt"
        " fresh and passing in the working tree\n"
        "receipt-gate: no commit yet: judged by its own rules only\n"
    )


def test_receipt_fields(content: Repo, rg: Run) -> None:
    rg("run")
    receipt = json.loads(content.read(AT))
    assert list(receipt) == [
        "check",
        "draft",
        "draft_sha256",
        "ran_at",
        "verdict",
        "inputs_sha256",
        "tool",
        "findings",
        "format",  # the receipt schema's version (receipt-gate schema receipt)
    ]
    assert receipt["format"] == 1
    assert receipt["check"] == "ai-tells"
    assert receipt["draft"] == "drafts/intro.md"
    assert receipt["draft_sha256"] == sha256((content.path / "drafts/intro.md").read_bytes())
    assert receipt["ran_at"].endswith("Z") and len(receipt["ran_at"]) == 20
    assert (receipt["verdict"], receipt["findings"]) == ("pass", [])
    assert receipt["tool"] == f"receipt-gate {__version__}"
    assert len(receipt["inputs_sha256"]) == 64


def test_rerun_leaves_receipts_byte_for_byte(content: Repo, rg: Run) -> None:
    rg("run")
    before = (content.path / AT).read_bytes(), (content.path / AT).stat().st_mtime_ns
    rc, out, _ = rg("run")
    assert rc == 0
    assert "0 receipts written, 2 unchanged" in out
    assert ((content.path / AT).read_bytes(), (content.path / AT).stat().st_mtime_ns) == before
    content.commit_all()
    rg("run")
    assert content.git("status", "--porcelain").stdout == ""


def test_a_hint_pasted_into_a_shell_runs_what_it_says_whatever_the_names(
    content: Repo, rg: Run
) -> None:
    """A draft's name is the tree's (a pull request chose it): the fix a refusal prints
    quotes it, so that pasted it runs the checks on those drafts and nothing else."""
    names = ["drafts/$(touch PWNED).md", "drafts/new notes.md", "drafts/-n.md"]
    for name in names:
        content.write(name, GOOD_DRAFT)
    rc, out, _ = rg("verify")
    hint = next(line for line in out.splitlines() if line.startswith("hint: receipt-gate run"))
    assert rc == 1 and "'drafts/new notes.md'" in hint, hint
    path = os.path.dirname(sys.executable) + os.pathsep + os.environ["PATH"]
    ran = subprocess.run(
        ["bash", "-c", hint.removeprefix("hint: ")],
        cwd=content.path,
        capture_output=True,
        env={**os.environ, "PATH": path},
    )
    assert ran.returncode == 0, ran.stderr
    assert not (content.path / "PWNED").exists()
    assert rg("verify")[0] == 0


def test_a_hint_quotes_the_receipts_folder_the_config_names(content: Repo, rg: Run) -> None:
    """Round 22: the folder the fix stages is the config's to name (a pull request's)."""
    content.write(".receipt-gate.yaml", CONFIG + 'run_dir: "r$(touch PWNED)"\n')
    rc, out, _ = rg("verify")
    hint = next(line for line in out.splitlines() if line.startswith("hint: receipt-gate run"))
    assert rc == 1 and hint.endswith("git add 'r$(touch PWNED)'"), hint


def test_no_temp_files_left(content: Repo, rg: Run) -> None:
    rg("run")
    rg("run", "--check", "ai-tells")
    names = sorted(p.name for p in (content.path / ".receipts/drafts/intro.md").iterdir())
    assert names == ["ai-tells.json", "hook-length.json"]


def test_check_that_ran_three_edits_ago(content: Repo, rg: Run) -> None:
    """The seed's lie: "all checks pass" from a check that ran three edits ago."""
    rg("run")
    for n in range(3):
        content.write("drafts/intro.md", GOOD_DRAFT + f"\nEdit {n}.\n")
    rc, out, _ = rg("verify")
    assert rc == 1
    assert out.splitlines()[0] == (
        f"{AT}: stale: the draft changed after ai-tells ran at "
        + json.loads(content.read(AT))["ran_at"]
        + " (the receipt is for other bytes)"
    )
    assert f"{HL}: stale: the draft changed after" in out
    assert "hint: receipt-gate run drafts/intro.md && git add .receipts" in out


def test_deleted_receipt(content: Repo, rg: Run) -> None:
    rg("run")
    (content.path / HL).unlink()
    rc, out, _ = rg("verify")
    assert rc == 1
    assert out.splitlines()[0] == (
        f"{HL}: missing: hook-length has no receipt for drafts/intro.md in the working tree"
    )


def test_changed_rule_makes_receipts_stale(content: Repo, rg: Run) -> None:
    rg("run")
    content.write(".receipt-gate.yaml", CONFIG + "checks:\n  ai-tells: {phrases: [receipt gate]}\n")
    rc, out, _ = rg("verify")
    assert rc == 1
    assert out.splitlines()[0].startswith(
        f"{AT}: stale: what the check read changed since ai-tells ran at"
    )
    assert HL not in out  # hook-length's settings did not change
    rc, out, _ = rg("run")
    assert rc == 1
    assert 'drafts/intro.md:5:7: ai-tells: banned phrase "receipt gate"' in out


def test_lowered_limit_makes_receipts_stale(content: Repo, rg: Run) -> None:
    rg("run")
    content.write(".receipt-gate.yaml", CONFIG + "checks:\n  hook-length: {max_chars: 20}\n")
    rc, out, _ = rg("verify")
    assert (rc, out.splitlines()[0][: len(HL) + 7]) == (1, f"{HL}: stale")


def test_failing_verdict(content: Repo, rg: Run) -> None:
    content.write("drafts/intro.md", GOOD_DRAFT + "\n" + TELLS + ", this.\n")
    assert rg("run")[0] == 1
    rc, out, _ = rg("verify")
    assert rc == 1
    lines = out.splitlines()
    assert lines[0] == f"{AT}: failed: ai-tells says fail for drafts/intro.md (1 finding)"
    assert lines[1].startswith("drafts/intro.md:11:1: ai-tells: AI tells weigh ")


def test_receipt_copied_from_another_draft(content: Repo, rg: Run) -> None:
    content.write("drafts/other.md", GOOD_DRAFT)
    rg("run")
    (content.path / ".receipts/drafts/other.md/ai-tells.json").write_bytes(
        (content.path / AT).read_bytes()
    )
    rc, out, _ = rg("verify")
    assert rc == 1
    assert (
        ".receipts/drafts/other.md/ai-tells.json: refused: it is the ai-tells receipt of"
        " drafts/intro.md, not the ai-tells receipt of drafts/other.md; counts as missing"
    ) in out


@pytest.mark.parametrize(
    ("body", "reason"),
    [
        pytest.param('{"check": "ai-tells"', "not valid JSON", id="truncated"),
        pytest.param("[]", "not a JSON object", id="list"),
        pytest.param('{"check": "ai-tells"}', "field 'draft' is missing", id="missing-field"),
    ],
)
def test_unreadable_receipt_counts_as_missing(
    content: Repo, rg: Run, body: str, reason: str
) -> None:
    rg("run")
    content.write(AT, body)
    rc, out, _ = rg("verify")
    assert rc == 1
    assert out.startswith(f"{AT}: unreadable ({reason}")
    assert "counts as missing" in out.splitlines()[0]


def test_batch_reports_every_draft(content: Repo, rg: Run) -> None:
    for name in ("b", "c"):
        content.write(f"drafts/{name}.md", GOOD_DRAFT)
    rg("run")
    content.write("drafts/b.md", GOOD_DRAFT + "x\n")
    content.write("drafts/c.md", GOOD_DRAFT + "y\n")
    rc, out, _ = rg("verify")
    assert rc == 1
    stale = sorted(line.split(":")[0] for line in out.splitlines() if ": stale" in line)
    assert stale == [
        ".receipts/drafts/b.md/ai-tells.json",
        ".receipts/drafts/b.md/hook-length.json",
        ".receipts/drafts/c.md/ai-tells.json",
        ".receipts/drafts/c.md/hook-length.json",
    ]
    assert "4 receipts missing, stale, failing or unstaged for 2 of 3 gated drafts" in out


def test_staged_reads_the_index_not_the_disk(content: Repo, rg: Run) -> None:
    rg("run")
    content.git("add", "-A")
    assert rg("verify", "--staged")[0] == 0
    content.write("drafts/intro.md", GOOD_DRAFT + "unstaged edit\n")
    assert rg("verify", "--staged")[0] == 0  # the index still holds the checked draft
    assert rg("verify")[0] == 1  # the working tree does not
    content.git("add", "drafts/intro.md")
    rc, out, _ = rg("verify", "--staged")
    assert rc == 1
    assert f"{AT}: stale: the draft changed after" in out


def test_written_but_not_staged_says_what_to_add(content: Repo, rg: Run) -> None:
    content.git("add", "-A")
    rg("run")
    rc, out, _ = rg("verify", "--staged")
    assert rc == 1
    assert out.splitlines()[0] == (
        f"{AT}: not staged: the index has no receipt, and the receipt on disk is fresh for the"
        f" staged draft; stage it: git add {AT}"
    )
    assert "hint: git add .receipts" in out
    content.git("add", ".receipts")
    assert rg("verify", "--staged")[0] == 0


def test_nothing_gated_is_never_green(repo: Repo, rg: Run) -> None:
    repo.write(".receipt-gate.yaml", 'drafts: ["draft/*.md"]\n')
    repo.write("drafts/a.md", GOOD_DRAFT)
    rc, out, _ = rg("verify")
    assert rc == 1
    assert (
        "receipt-gate: nothing is gated: drafts ['draft/*.md'] in .receipt-gate.yaml match no"
        " file in the working tree"
    ) in out


def test_drafts_before_gate_from_are_not_gated(content: Repo, rg: Run) -> None:
    content.write("drafts/idea.md", "---\nstatus: drafted\n---\n" + TELLS + ".\n")
    rg("run", "drafts/intro.md")
    rc, out, _ = rg("verify")
    assert rc == 0
    assert "receipt-gate: 1 draft not gated yet (status before ready)" in out
    content.write("drafts/idea.md", "---\nstatus: ready\n---\n" + TELLS + ".\n")
    assert rg("verify")[0] == 1


def test_unknown_status_is_bad_input(content: Repo, rg: Run) -> None:
    content.write("drafts/intro.md", GOOD_DRAFT.replace("status: ready", "status: redy"))
    rc, _, err = rg("verify")
    assert rc == 2
    assert err.splitlines()[0] == (
        "drafts/intro.md:3: status 'redy' is not one of the states in .receipt-gate.yaml"
        " (idea, accepted, researched, drafted, ready, shipped, measured): use one of them,"
        " or add it to states where it belongs"
    )


def test_verify_named_paths(content: Repo, rg: Run) -> None:
    content.write("drafts/other.md", GOOD_DRAFT)
    rg("run", "drafts/intro.md")
    assert rg("verify", "drafts/intro.md")[0] == 0
    assert rg("verify", "drafts/other.md")[0] == 1
    assert rg("verify", "README.md")[::2] == (2, "README.md: not in the working tree\n")
    content.write("notes.md", "x")
    assert rg("verify", "notes.md")[::2] == (
        2,
        "notes.md: not a draft (drafts in .receipt-gate.yaml: ['drafts/**/*.md'])\n",
    )


def test_verify_rev(content: Repo, rg: Run) -> None:
    rg("run")
    assert content.commit_all().returncode == 0
    assert rg("verify", "--rev", "HEAD")[0] == 0
    content.write("drafts/intro.md", GOOD_DRAFT + "edited\n")
    content.git("add", "drafts/intro.md")
    content.git("commit", "-q", "-m", "edit without receipts")
    rc, out, _ = rg("verify", "--rev", "HEAD")
    assert rc == 1
    assert f"{AT}: stale: the draft changed after" in out
    assert rg("verify", "--rev", "HEAD~1")[0] == 0


def test_json_format(content: Repo, rg: Run) -> None:
    rg("run")
    (content.path / HL).unlink()
    rc, out, _ = rg("verify", "--format", "json")
    doc = json.loads(out)
    assert rc == 1
    assert doc["ok"] is False
    assert [(p["receipt"], p["state"], p["condition"]) for p in doc["problems"]] == [
        (HL, "missing", 0)
    ]


def test_non_utf8_draft_refuses_the_whole_run(content: Repo, rg: Run) -> None:
    content.write("drafts/bad.md", b"caf\xe9\n")
    assert rg("run") == (2, "", "receipt-gate: drafts/bad.md: not UTF-8 (byte 0xe9 at offset 3)\n")
    assert not (content.path / ".receipts").exists()  # nothing half done


def test_status_table(content: Repo, rg: Run) -> None:
    content.write("drafts/b.md", GOOD_DRAFT + TELLS + ", x.\n")
    content.write("drafts/c.md", "---\nstatus: idea\n---\nx\n")
    content.write("drafts/d.md", GOOD_DRAFT)
    rg("run", "drafts/b.md", "drafts/c.md", "drafts/d.md")
    rc, out, _ = rg("status")
    assert rc == 1
    assert out.splitlines() == [
        "receipt-gate: 3 gated drafts: 1 all fresh, 2 not; 1 not gated yet (status before ready)",
        "draft            ai-tells  hook-length",
        "drafts/b.md      fail      fresh",
        "drafts/intro.md  missing   missing",
    ]
    rc, out, _ = rg("status", "--all")
    assert out.splitlines()[3:] == [
        "drafts/d.md      fresh     fresh",
        "drafts/intro.md  missing   missing",
        "drafts/c.md      (idea)    (idea)",
    ]
    doc = json.loads(rg("status", "--format", "json")[1])
    assert doc["drafts"][0] == {
        "draft": "drafts/b.md",
        "gated": True,
        "cells": {"ai-tells": "fail", "hook-length": "fresh"},
    }


def test_stale_in_the_index_fresh_on_disk(content: Repo, rg: Run) -> None:
    rg("run")
    content.git("add", "-A")
    content.write("drafts/intro.md", GOOD_DRAFT + "An edit after the checks.\n")
    rg("run")
    content.git("add", "drafts/intro.md")
    rc, out, _ = rg("verify", "--staged")
    assert rc == 1
    assert out.splitlines()[0] == (
        f"{AT}: not staged: the index has a stale receipt, and the receipt on disk"
        f" is fresh for the staged draft; stage it: git add {AT}"
    )


def test_receipts_staged_but_the_checked_draft_not(content: Repo, rg: Run) -> None:
    """`git commit -a` refused, then only the receipts added: say to stage the draft."""
    rg("run")
    content.git("add", "-A")
    content.write("drafts/intro.md", GOOD_DRAFT + "An edit after the checks.\n")
    rg("run")
    content.git("add", ".receipts")
    rc, out, _ = rg("verify", "--staged")
    assert rc == 1
    assert out.splitlines()[0].endswith(
        "; the receipt was written for the draft on disk, which is not staged:"
        " git add drafts/intro.md"
    )
    assert "hint: git add drafts/intro.md\n" in out


@pytest.mark.parametrize(
    ("name", "data"),
    [
        pytest.param("drafts/with spaces.md", GOOD_DRAFT.encode(), id="spaces"),
        pytest.param("drafts/brouillon-été ✓.md", GOOD_DRAFT.encode(), id="unicode"),
        pytest.param("drafts/crlf.md", GOOD_DRAFT.replace("\n", "\r\n").encode(), id="crlf"),
        pytest.param("drafts/bom.md", b"\xef\xbb\xbf" + GOOD_DRAFT.encode(), id="bom"),
    ],
)
def test_odd_but_valid_drafts_go_through(repo: Repo, rg: Run, name: str, data: bytes) -> None:
    repo.write(".receipt-gate.yaml", CONFIG)
    repo.write(name, data)
    assert rg("run")[0] == 0
    repo.git("add", "-A")
    rc, out, _ = rg("verify", "--staged")
    assert rc == 0, out
    assert (repo.path / ".receipts" / name / "ai-tells.json").exists()
    assert repo.commit_all("odd").returncode == 0
    assert rg("verify", "--rev", "HEAD")[0] == 0


def test_policy_from_given_again_holds_every_draft_to_each_commits_rules(
    repo: Repo, rg: Run
) -> None:
    """verify --policy-from A --policy-from B: the rules of A in force, and B's too (the
    Action's push to a ref other than the default branch); a commit with no rules among
    them leaves the next one's in force, and says so."""
    repo.write("README.md", "no rules yet\n")
    repo.commit_all("before the gate")
    bare = repo.git("rev-parse", "HEAD").stdout.strip()
    repo.write(".receipt-gate.yaml", CONFIG.replace("ai-tells, ", ""))
    repo.commit_all("hook-length only")
    loose = repo.git("rev-parse", "HEAD").stdout.strip()
    repo.write(".receipt-gate.yaml", CONFIG.replace(", hook-length", ""))
    repo.commit_all("ai-tells only")
    strict = repo.git("rev-parse", "HEAD").stdout.strip()
    repo.write(".receipt-gate.yaml", CONFIG.replace("ai-tells, ", ""))
    repo.write("drafts/bad.md", GOOD_DRAFT.replace("# The receipt gate", TELLS))
    assert rg("run")[0] == 0
    repo.commit_all("a draft ai-tells refuses, its rules loosened")
    assert rg("verify", "--rev", "HEAD", "--policy-from", loose)[0] == 0
    rc, out, _ = rg("verify", "--rev", "HEAD", "--policy-from", loose, "--policy-from", strict)
    assert rc == 1 and "drafts/bad.md" in out and "ai-tells" in out, out
    assert f"held to the rules at {strict}" in out, out
    rc, out, err = rg("verify", "--rev", "HEAD", "--policy-from", bare, "--policy-from", strict)
    assert rc == 1 and "ai-tells" in out, out
    assert f"{bare} has no rules" in out + err, out + err
