from __future__ import annotations

import pytest

from receipt_gate.api import GateError, check_text, verify_batch
from tests.conftest import GOOD_DRAFT, TELLS, Repo, Run


def test_check_text_outside_any_repository(
    tmp_path: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(str(tmp_path))
    outcome = check_text(
        "ai-tells", "Plain words.\n\nIn conclusion, a testament to the power of resilience."
    )
    assert [(f.line, f.col) for f in outcome.findings] == [(3, 1)]
    banned = check_text("ai-tells", "We delve into it.", {"phrases": ["delve into"]})
    assert [(f.line, f.col) for f in banned.findings] == [(1, 4)]
    assert check_text("ai-tells", "Plain words.").findings == []
    assert check_text("hook-length", "# T\n\n" + "x" * 50, {"max_chars": 10}).findings


def test_check_text_uses_the_repository_corpus(repo: Repo) -> None:
    repo.write(".receipt-gate.yaml", "required: [headline-numbers]\n")
    repo.write("posts/p.md", "# Drifted 76 hours\n\nThe queue was 74 hours behind.\n")
    outcome = check_text("headline-numbers", "It drifted 76 hours.", root=str(repo.path))
    assert [dict(f.extra)["article"] for f in outcome.findings] == ["posts/p.md"]


def test_check_text_refuses_a_model_check() -> None:
    with pytest.raises(GateError, match="grader: not a deterministic check"):
        check_text("grader", "x")


def test_verify_batch_judges_every_draft_before_answering(content: Repo, rg: Run) -> None:
    content.write("drafts/b.md", GOOD_DRAFT)
    rg("run")
    assert verify_batch(root=str(content.path)).ok
    content.write("drafts/b.md", GOOD_DRAFT + "edited\n")
    verdict = verify_batch(["drafts/intro.md", "drafts/b.md"], root=str(content.path))
    assert not verdict.ok
    assert verdict.drafts == ("drafts/b.md", "drafts/intro.md")
    assert [p.split(":")[0] for p in verdict.problems] == [
        ".receipts/drafts/b.md/ai-tells.json",
        ".receipts/drafts/b.md/hook-length.json",
    ]


def test_check_text_outside_a_repository_reads_no_registry(
    tmp_path: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    """It used to raise AttributeError: the check reached for a tree that was None."""
    monkeypatch.chdir(str(tmp_path))
    outcome = check_text("registered-terms", "Set `MAX_TOKENS` first.")
    assert [dict(f.extra)["term"] for f in outcome.findings] == ["MAX_TOKENS"]
    with pytest.raises(GateError, match="headline-numbers has no corpus"):
        check_text("headline-numbers", "It drifted 76 hours.")


def test_a_batch_that_verified_nothing_is_not_ok(content: Repo, rg: Run) -> None:
    content.write("drafts/idea.md", GOOD_DRAFT.replace("status: ready", "status: idea"))
    rg("run")
    verdict = verify_batch(["drafts/idea.md"], root=str(content.path))
    assert not verdict.ok and verdict.drafts == ()
    assert verdict.problems == (
        "no gated draft among drafts/idea.md: nothing was verified",
        "drafts/idea.md: not gated (status idea): nothing verified it",
    )


def test_an_uncommitted_weakening_changes_nothing(content: Repo, rg: Run) -> None:
    rg("run")
    content.commit_all("rules")
    content.write(".receipt-gate.yaml", 'drafts: ["drafts/**/*.md"]\nrequired: [hook-length]\n')
    content.write("drafts/reply.md", GOOD_DRAFT + "\n" + TELLS + ".\n")
    rg("run")
    verdict = verify_batch(["drafts/reply.md"], root=str(content.path))
    assert not verdict.ok
    assert any("fails under the rules in force at HEAD" in p for p in verdict.problems)


def test_a_named_draft_the_gate_does_not_hold_spoils_the_batch(content: Repo, rg: Run) -> None:
    content.write(
        "drafts/later.md",
        GOOD_DRAFT.replace("status: ready", "status: drafted") + "\n" + TELLS + ".\n",
    )
    rg("run")
    verdict = verify_batch(["drafts/intro.md", "drafts/later.md"], root=str(content.path))
    assert not verdict.ok
    assert verdict.problems == ("drafts/later.md: not gated (status drafted): nothing verified it",)
