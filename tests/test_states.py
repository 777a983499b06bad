from __future__ import annotations

import json

import pytest

from receipt_gate.invariant.states import set_status
from tests.conftest import CONFIG, GOOD_DRAFT, Repo, Run


@pytest.mark.parametrize(
    ("before", "after"),
    [
        pytest.param(
            b"---\nstatus: drafted\ntitle: x\n---\nbody\n",
            b"---\nstatus: ready\ntitle: x\n---\nbody\n",
            id="replace",
        ),
        pytest.param(
            b"---\r\ntitle: x\r\nstatus:   drafted  \r\n---\r\nbody\r\n",
            b"---\r\ntitle: x\r\nstatus:   ready  \r\n---\r\nbody\r\n",
            id="crlf-kept",
        ),
        pytest.param(
            b"---\ntitle: x\n---\nstatus: body\n",
            b"---\nstatus: ready\ntitle: x\n---\nstatus: body\n",
            id="insert",
        ),
        pytest.param(b"# Title\n", b"---\nstatus: ready\n---\n# Title\n", id="no-front-matter"),
        pytest.param(
            b"\xef\xbb\xbf---\nstatus: idea\n---\n",
            b"\xef\xbb\xbf---\nstatus: ready\n---\n",
            id="bom",
        ),
    ],
)
def test_set_status_changes_only_the_status(before: bytes, after: bytes) -> None:
    assert set_status(before, "ready") == after


@pytest.fixture
def drafted(repo: Repo) -> Repo:
    repo.write(".receipt-gate.yaml", CONFIG)
    repo.write("drafts/intro.md", GOOD_DRAFT.replace("status: ready", "status: drafted"))
    return repo


def test_advance_refuses_an_unchecked_draft(drafted: Repo, rg: Run) -> None:
    before = drafted.read("drafts/intro.md")
    rc, out, _ = rg("advance", "drafts/intro.md", "ready")
    assert rc == 1
    assert out.splitlines()[-2:] == [
        "receipt-gate: advance: refused: drafts/intro.md cannot move to ready (ready or later)"
        " until every receipt it requires there is fresh and passing",
        "hint: receipt-gate run --check ai-tells --check hook-length drafts/intro.md, then"
        " receipt-gate advance drafts/intro.md ready",
    ]
    assert ".receipts/drafts/intro.md/ai-tells.json: missing" in out
    assert drafted.read("drafts/intro.md") == before


def test_advance_refuses_a_draft_edited_after_its_checks(drafted: Repo, rg: Run) -> None:
    rg("run")
    drafted.write("drafts/intro.md", drafted.read("drafts/intro.md") + "More.\n")
    rc, out, _ = rg("advance", "drafts/intro.md", "shipped")
    assert rc == 1
    assert "stale: the draft changed after" in out


def test_advance_a_checked_draft_keeps_it_verified(drafted: Repo, rg: Run) -> None:
    rg("run")
    before = drafted.read("drafts/intro.md")
    rc, out, _ = rg("advance", "drafts/intro.md", "ready")
    assert (rc, out) == (
        0,
        "drafts/intro.md: drafted -> ready; receipts kept fresh"
        " (git add drafts/intro.md .receipts)\n",
    )
    assert drafted.read("drafts/intro.md") == before.replace("status: drafted", "status: ready")
    assert rg("verify")[0] == 0
    drafted.write("drafts/intro.md", drafted.read("drafts/intro.md") + "Edit.\n")
    assert rg("verify")[0] == 1  # a draft edited after its checks never passes


def test_advance_keeps_a_model_verdict_and_says_so(repo: Repo, rg: Run) -> None:
    repo.write(".receipt-gate.yaml", "required: [hook-length, grader]\n")
    repo.write(
        "drafts/d.md",
        "---\nstatus: drafted\n---\n# T\n\nA hook that is long enough to quote from here.\n",
    )
    repo.write(
        "v.json",
        json.dumps(
            {
                "verdict": "pass",
                "criteria": [
                    {
                        "name": "s",
                        "verdict": "pass",
                        "quotes": ["A hook that is long enough to quote"],
                    }
                ],
            }
        ),
    )
    rg("run")
    assert rg("record", "grader", "drafts/d.md", "--verdict", "v.json")[0] == 0
    assert rg("advance", "drafts/d.md", "ready")[0] == 0
    receipt = json.loads(repo.read(".receipts/drafts/d.md/grader.json"))
    assert receipt["advanced_from"]["status"] == "drafted"
    assert rg("verify")[0] == 0


def test_moving_back_needs_no_receipts(repo: Repo, rg: Run) -> None:
    repo.write(".receipt-gate.yaml", CONFIG)
    repo.write("drafts/intro.md", GOOD_DRAFT)
    rc, out, _ = rg("advance", "drafts/intro.md", "idea")
    assert (rc, out) == (0, "drafts/intro.md: ready -> idea\n")


def test_advance_unknown_state(drafted: Repo, rg: Run) -> None:
    assert rg("advance", "drafts/intro.md", "published") == (
        2,
        "",
        "receipt-gate: published: not one of the states in .receipt-gate.yaml: idea,"
        " accepted, researched, drafted, ready, shipped, measured\n",
    )


def test_a_site_whose_pages_carry_a_status_of_their_own_adopts_and_commits(
    repo: Repo, rg: Run
) -> None:
    """A site's old `status: publish` field broke every check on every file (exit 2)
    until it was added to states. On a site a status holds nothing back, so an unknown
    one is ignored; init also writes the values it finds into states where they fit."""
    repo.write("hugo.toml", 'title = "t"\n')
    for i in range(3):
        repo.write(
            f"content/posts/p{i}.md",
            f"---\ntitle: Post {i}\nstatus: publish\n---\n"
            "A plain post about receipts, and nothing more.\n",
        )
    repo.write("content/posts/w.md", "---\ntitle: W\nstatus: draft\n---\nSoon.\n")
    rc, out, _ = rg("init")
    assert rc == 0
    assert "  status: values in the pages: publish (3), draft (1); each is in states" in out
    assert (
        "states: [idea, accepted, researched, drafted, draft, ready, publish, shipped, measured]"
    ) in repo.read(".receipt-gate.yaml")
    repo.write(
        ".receipt-gate.yaml",
        repo.read(".receipt-gate.yaml").replace("draft, ready, publish, shipped", "ready, shipped"),
    )  # as an older init wrote it
    assert rg("adopt", "--baseline")[0] == 0
    assert rg("verify")[0] == 0
    assert repo.commit_all("adopt").returncode == 0


def test_an_unknown_status_in_a_drafts_folder_is_that_drafts_error(content: Repo, rg: Run) -> None:
    content.write("drafts/odd.md", GOOD_DRAFT.replace("status: ready", "status: publish"))
    rc, _, err = rg("run")
    assert rc == 2
    assert err == (
        "drafts/odd.md:3: status 'publish' is not one of the states in"
        " .receipt-gate.yaml (idea, accepted, researched, drafted, ready, shipped,"
        " measured): use one of them, or add it to states where it belongs\n"
    )
    assert (content.path / ".receipts/drafts/intro.md/ai-tells.json").exists()  # judged
