"""Suppression where a person decides: comments in the draft, kept visible in the receipt,
status, JSON and SARIF, and never able to silence a model's verdict."""

from __future__ import annotations

import json

import pytest

from receipt_gate.checks import Finding
from receipt_gate.rules.suppress import directives
from tests.conftest import Repo, Run

# The team's own hard bans: one occurrence is a finding, as suppression needs to show.
CONFIG = (
    'drafts: ["drafts/**/*.md"]\nrequired: [ai-tells, hook-length]\n'
    'checks:\n  ai-tells: {phrases: ["in conclusion", "a rich tapestry"]}\n'
)
TELL = "In conclusion, a rich tapestry of results."


def _receipt(repo: Repo, check: str = "ai-tells", draft: str = "drafts/a.md") -> dict[str, object]:
    got: dict[str, object] = json.loads(repo.read(f".receipts/{draft}/{check}.json"))
    return got


@pytest.fixture
def site(repo: Repo) -> Repo:
    repo.write(".receipt-gate.yaml", CONFIG)
    return repo


def test_ignore_covers_the_next_block_only(site: Repo, rg: Run) -> None:
    site.write(
        "drafts/a.md",
        f"Short opening.\n\n<!-- receipt-gate: ignore ai-tells -- quoted"
        f" from the brief -->\n{TELL}\n\n{TELL}\n",
    )
    rc, out, _ = rg("run")
    assert rc == 1
    assert 'drafts/a.md:6:1: ai-tells: banned phrase "in conclusion"\n' in out
    receipt = _receipt(site)
    assert receipt["verdict"] == "fail"
    assert [(f["line"], f["message"]) for f in receipt["findings"]] == [  # type: ignore[attr-defined]
        (6, 'banned phrase "in conclusion"'),
        (6, 'banned phrase "a rich tapestry"'),
    ]
    by = {f["suppressed_by"] for f in receipt["suppressed"]}  # type: ignore[attr-defined]
    assert by == {"comment at line 3: receipt-gate: ignore ai-tells (quoted from the brief)"}


def test_a_failing_receipts_suppressed_findings_are_shown_too(site: Repo, rg: Run) -> None:
    """A receipt that fails for another finding kept its suppressed ones out of verify,
    status, JSON and SARIF; the docs say a suppression is never silent."""
    site.write(
        "drafts/a.md",
        f"Short opening.\n\n<!-- receipt-gate: ignore ai-tells -->\n{TELL}\n\n{TELL}\n",
    )
    assert rg("run")[0] == 1
    rc, out, _ = rg("verify")
    assert rc == 1 and "2 findings suppressed (2 by comments) in 1 draft" in out
    assert "[suppressed by comment at line 3" in rg("status")[1]
    assert len(json.loads(rg("verify", "--format", "json")[1])["suppressed"]) == 2
    sarif = json.loads(rg("verify", "--format", "sarif")[1])["runs"][0]["results"]
    assert sum(1 for r in sarif if r.get("suppressions")) == 2


def test_a_suppressed_finding_passes_and_is_shown_everywhere(site: Repo, rg: Run) -> None:
    site.write("drafts/a.md", f"Short opening.\n\n<!-- receipt-gate: ignore ai-tells -->\n{TELL}\n")
    assert rg("run")[0] == 0
    receipt = _receipt(site)
    assert receipt["verdict"] == "pass" and receipt["findings"] == []
    assert len(receipt["suppressed"]) == 2  # type: ignore[arg-type]
    rc, out, _ = rg("verify")
    assert rc == 0
    assert (
        "receipt-gate: 2 findings suppressed (2 by comments) in 1 draft; receipt-gate"
        " status lists them"
    ) in out
    rc, out, _ = rg("status")
    assert rc == 0
    assert (
        '  drafts/a.md:4:1: ai-tells: banned phrase "in conclusion" [suppressed by comment'
        " at line 3: receipt-gate: ignore ai-tells]"
    ) in out
    doc = json.loads(rg("verify", "--format", "json")[1])
    assert [(s["draft"], s["check"], s["line"]) for s in doc["suppressed"]] == [
        ("drafts/a.md", "ai-tells", 4),
        ("drafts/a.md", "ai-tells", 4),
    ]
    doc = json.loads(rg("status", "--format", "json")[1])
    assert len(doc["suppressed"]) == 2
    sarif = json.loads(rg("verify", "--format", "sarif")[1])
    results = sarif["runs"][0]["results"]
    assert len(results) == 2
    assert results[0]["suppressions"] == [
        {"kind": "inSource", "justification": "comment at line 3: receipt-gate: ignore ai-tells"}
    ]


def test_comments_stack_and_disable_runs_to_enable(site: Repo, rg: Run) -> None:
    site.write(
        "drafts/a.md",
        "Short opening.\n\n<!-- receipt-gate: ignore hook-length -->\n"
        "<!-- receipt-gate: ignore ai-tells -->\n" + TELL + "\n\n"
        "<!-- receipt-gate: disable ai-tells -->\n" + TELL + "\n\n" + TELL + "\n\n"
        "<!-- receipt-gate: enable ai-tells -->\n" + TELL + "\n",
    )
    assert rg("run")[0] == 1
    lines = [f["line"] for f in _receipt(site)["findings"]]  # type: ignore[attr-defined]
    assert lines == [13, 13]
    assert sorted({f["line"] for f in _receipt(site)["suppressed"]}) == [5, 8, 10]  # type: ignore[attr-defined]


def test_a_disable_before_the_first_block_covers_the_title(site: Repo, rg: Run) -> None:
    site.write(
        ".receipt-gate.yaml", CONFIG.replace("hook-length]", "hook-length, headline-numbers]")
    )
    site.write("posts/p.md", "---\ntitle: Drifted 76 hours\n---\nIt drifted 74.\n")
    site.write(
        "drafts/a.md",
        "---\ntitle: It was 76\n---\n<!-- receipt-gate: disable"
        " headline-numbers -- the figure is the subject -->\nShort, 76 again.\n",
    )
    assert rg("run")[0] == 0
    assert [f["line"] for f in _receipt(site, "headline-numbers")["suppressed"]] == [2, 5]  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    "text",
    [
        pytest.param(
            "```\n<!-- receipt-gate: ignore ai-tells -->\n```\n" + TELL + "\n", id="in-code"
        ),
        pytest.param(
            "Text <!-- receipt-gate: ignore ai-tells --> here.\n" + TELL + "\n",
            id="inside-a-paragraph",
        ),
        pytest.param(
            "    <!-- receipt-gate: ignore ai-tells -->\n\n" + TELL + "\n", id="indented-code"
        ),
    ],
)
def test_a_comment_that_is_not_a_block_of_its_own_suppresses_nothing(
    site: Repo, rg: Run, text: str
) -> None:
    site.write("drafts/a.md", "Short opening.\n\n" + text)
    assert rg("run")[0] == 1
    assert "suppressed" not in _receipt(site)


@pytest.mark.parametrize(
    ("comment", "message"),
    [
        ("ignore ai-tell", "receipt-gate comment names 'ai-tell', not a check"),
        (
            "ignore grader",
            "receipt-gate comment names grader, a model's verdict, which no comment suppresses",
        ),
        ("ignore", "receipt-gate comment names no check"),
        ("skip ai-tells", "not a receipt-gate comment this version reads"),
    ],
)
def test_a_bad_comment_refuses_once_never_silences(
    site: Repo, rg: Run, comment: str, message: str
) -> None:
    site.write("drafts/a.md", f"Short opening.\n\n<!-- receipt-gate: {comment} -->\n{TELL}\n")
    rc, out, _ = rg("run")
    assert rc == 1
    assert f"drafts/a.md:3:1: ai-tells: {message}" in out
    assert out.count(message) == 1  # the first required check reports it, not every one
    assert "suppressed" not in _receipt(site)


def test_suppressions_false_honours_no_comment(site: Repo, rg: Run) -> None:
    site.write(".receipt-gate.yaml", CONFIG.replace("{phrases:", "{suppressions: false, phrases:"))
    site.write("drafts/a.md", f"Short opening.\n\n<!-- receipt-gate: ignore ai-tells -->\n{TELL}\n")
    assert rg("run")[0] == 1
    assert "suppressed" not in _receipt(site)


def test_turning_suppressions_off_stales_the_receipts(site: Repo, rg: Run) -> None:
    site.write("drafts/a.md", f"Short opening.\n\n<!-- receipt-gate: ignore ai-tells -->\n{TELL}\n")
    assert rg("run")[0] == 0
    site.write(".receipt-gate.yaml", CONFIG.replace("{phrases:", "{suppressions: false, phrases:"))
    rc, out, _ = rg("verify")
    assert rc == 1 and "stale: what the check read changed" in out


def test_a_receipt_with_a_bad_suppressed_list_is_unreadable(site: Repo, rg: Run) -> None:
    site.write("drafts/a.md", f"Short opening.\n\n<!-- receipt-gate: ignore ai-tells -->\n{TELL}\n")
    assert rg("run")[0] == 0
    receipt = _receipt(site)
    receipt["suppressed"] = [{"line": 4, "col": 1, "message": "x"}]
    site.write(".receipts/drafts/a.md/ai-tells.json", json.dumps(receipt))
    rc, out, _ = rg("verify")
    assert rc == 1
    assert "unreadable (a suppressed finding's suppressed_by is not a string)" in out


def test_directives_read_blocks_as_commonmark_does() -> None:
    found, bad = directives(
        "<!--\nreceipt-gate: ignore ai-tells, hook-length\n-->\n\npara\n"
        "more\n\n> <!-- receipt-gate: ignore ai-tells -->\n> quoted\n",
        ["ai-tells", "hook-length"],
        ["ai-tells", "hook-length"],
    )
    assert bad == []
    assert [(d.line, d.checks, list(d.lines)) for d in found] == [
        (1, ("ai-tells", "hook-length"), [5, 6]),
        (8, ("ai-tells",), [9]),
    ]


def test_ci_lists_the_suppressions_a_change_brings(site: Repo, rg: Run) -> None:
    site.write("drafts/a.md", "Short opening.\n")
    assert rg("run")[0] == 0
    site.commit_all("base")
    base = site.git("rev-parse", "HEAD").stdout.strip()
    site.write(
        "drafts/a.md",
        f"Short opening.\n\n<!-- receipt-gate: ignore ai-tells -- a quote -->\n{TELL}\n",
    )
    assert rg("run")[0] == 0
    site.commit_all("quote", "--no-verify")
    rc, out, _ = rg("verify", "--rev", "HEAD", "--recheck", "--policy-from", base)
    assert rc == 0, out
    assert (
        "receipt-gate: suppressed by a comment in a changed draft: drafts/a.md:4:1:"
        ' ai-tells: banned phrase "in conclusion" [comment at line 3: receipt-gate:'
        " ignore ai-tells (a quote)]"
    ) in out


def test_a_reason_with_control_characters_is_kept_printable_everywhere(site: Repo, rg: Run) -> None:
    """An outside pass: a comment's reason reached SARIF's justification and JSON's
    suppressed_by with its escape sequences and a bidi override raw."""
    site.write(
        "drafts/a.md",
        "Short opening.\n\n<!-- receipt-gate: ignore ai-tells -- ok"
        " \x1b[2K\x9b2J -->\n" + TELL + "\n",
    )
    assert rg("run")[0] == 0
    sarif = json.loads(rg("verify", "--format", "sarif")[1])["runs"][0]["results"]
    doc = json.loads(rg("verify", "--format", "json")[1])
    said = [s["justification"] for r in sarif for s in r.get("suppressions", [])]
    said += [s["suppressed_by"] for s in doc["suppressed"]]
    assert said and all(text.isprintable() for text in said), said


def _weighed(text: str) -> list[Finding]:
    from receipt_gate import api

    found = api.check_text("ai-tells", text, root="/").findings
    return [f for f in found if "AI tells weigh" in f.message]


def test_a_baselined_weighing_excuses_a_page_no_heavier_and_no_new_tells() -> None:
    """An outside pass (the fourth): the baseline knew a weighted finding by a fixed key,
    so a page baselined at 15.7 per 1,000 could be rewritten as dense AI text."""
    from receipt_gate.checks import Outcome
    from receipt_gate.checks.baseline import key
    from receipt_gate.rules.suppress import by_baseline

    plain = "The build ran on the old machine and the tests passed as they did before. "
    tells = "In conclusion, a testament to the power of resilience. "
    light = tells + plain * 24
    heavier = tells + plain * 20  # the same tells in fewer words (each counts once)
    other = "Let us delve into the rich tapestry, a testament to resilience. " + plain * 24
    baselined = [key(f) for f in _weighed(light)]
    assert len(baselined) == 1 and baselined[0].startswith("weighted AI tells at ")

    def kept(text: str) -> int:
        found = _weighed(text)
        assert found, text[:80]
        out = by_baseline(Outcome(found, 1, [], ()), baselined, "b.json", key)
        return len(out.findings)

    assert kept(light) == 0  # as it was
    assert kept(light + plain * 2) == 0  # lighter: more words around the same tells
    assert kept(heavier) == 1  # weighs more
    assert kept(other) == 1  # other tells
