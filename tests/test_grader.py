from __future__ import annotations

import json
import sys
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import ClassVar

import pytest

from receipt_gate.reading.quotes import check_quotes, normalize
from tests.conftest import ROOT, Repo, Run

DRAFT = """\
---
title: Ran three edits ago
---
# Ran three edits ago

The check that lies is rarely the one that was skipped. It is the one that
ran three edits ago.

Every receipt carries the SHA-256 of the exact draft it read, so a stale
receipt is refused the same way as a missing one.
"""
GOOD = [
    "The check that lies is rarely the one that was skipped.",
    "Every receipt carries the SHA-256 of the exact draft it read",
]
RECEIPT = ".receipts/drafts/d.md/grader.json"


def verdict(*quotes: list[str], overall: str = "pass") -> dict[str, object]:
    return {
        "verdict": overall,
        "criteria": [
            {"name": f"c{i}", "verdict": "pass", "quotes": q, "note": ""}
            for i, q in enumerate(quotes)
        ],
    }


def grader_printing(obj: object) -> str:
    return f"import sys\nsys.stdin.read()\nprint({json.dumps(json.dumps(obj))})\n"


@pytest.fixture
def graded(repo: Repo) -> Repo:
    repo.write(
        ".receipt-gate.yaml",
        "required: [grader]\nchecks:\n  grader: {command: ["
        f"{json.dumps(sys.executable)}, graders/g.py], timeout_s: 3}}\n",
    )
    repo.write("drafts/d.md", DRAFT)
    repo.write("graders/g.py", grader_printing(verdict([GOOD[0]], [GOOD[1]])))
    return repo


def test_an_honest_verdict_passes(graded: Repo, rg: Run) -> None:
    rc, out, _ = rg("grade", "drafts/d.md")
    assert (rc, out) == (0, f"drafts/d.md: grader: verdict pass, receipt {RECEIPT}\n")
    receipt = json.loads(graded.read(RECEIPT))
    assert [c["quotes"] for c in receipt["criteria"]] == [[GOOD[0]], [GOOD[1]]]
    assert rg("verify")[0] == 0
    rc, out, _ = rg("grade", "drafts/d.md")
    assert (rc, out) == (
        0,
        "drafts/d.md: grader: receipt already fresh (verdict pass); --force grades it again\n",
    )


@pytest.mark.parametrize(
    ("quotes", "message"),
    [
        pytest.param(
            [["The check that never lies is the one that ran."]],
            "criterion 'c0' quotes 'The check that never lies is the one that ran.', which"
            " does not occur in the draft within one paragraph",
            id="invented-quote",
        ),
        pytest.param(
            [["the"]],
            "criterion 'c0' quotes 'the', which is 3 characters after"
            " normalization, under min_quote_chars 20",
            id="trivial-quote",
        ),
        pytest.param(
            [["ran three edits ago. Every receipt carries the SHA-256"]],
            "criterion 'c0' quotes 'ran three edits ago. Every receipt carries the"
            " SHA-256', which does not occur in the draft within one paragraph",
            id="quote-split-across-paragraphs",
        ),
        pytest.param([[GOOD[0]], []], "criterion 'c1' has no quote", id="criterion-without-quote"),
    ],
)
def test_bad_quotes_are_refused(
    graded: Repo, rg: Run, quotes: list[list[str]], message: str
) -> None:
    graded.write("graders/g.py", grader_printing(verdict(*quotes)))
    rc, out, _ = rg("grade", "drafts/d.md")
    assert rc == 1
    assert out == f"drafts/d.md: grader: refused: {message}; no receipt written\n"
    assert not (graded.path / RECEIPT).exists()
    graded.write("v.json", json.dumps(verdict(*quotes)))
    assert rg("record", "grader", "drafts/d.md", "--verdict", "v.json") == (1, out, "")
    assert not (graded.path / RECEIPT).exists()


@pytest.mark.parametrize(
    ("script", "message"),
    [
        pytest.param(
            "import time\ntime.sleep(30)\n",
            "drafts/d.md: grader `python g.py` did not finish within timeout_s 3; killed",
            id="hang",
        ),
        pytest.param(
            "import sys\nsys.stderr.write('boom\\n')\nsys.exit(3)\n",
            "drafts/d.md: grader `python g.py` exited with status 3: boom",
            id="crash",
        ),
        pytest.param(
            "print('all checks pass')\n",
            "drafts/d.md: grader `python g.py` output: not JSON (Expecting value: line 1"
            " column 1 (char 0))",
            id="not-json",
        ),
        pytest.param(
            'print(\'{"verdict": "ok", "criteria": []}\')\n',
            'drafts/d.md: grader `python g.py` output: verdict must be "pass" or'
            " \"fail\", got 'ok'",
            id="wrong-shape",
        ),
    ],
)
def test_a_grader_that_cannot_answer_is_exit_2(
    graded: Repo, rg: Run, script: str, message: str
) -> None:
    graded.write("graders/g.py", script)
    assert rg("grade", "drafts/d.md") == (2, "", f"receipt-gate: {message}\n")
    assert not (graded.path / RECEIPT).exists()


def test_verify_rechecks_quotes_on_a_forged_receipt(graded: Repo, rg: Run) -> None:
    """An agent edits the draft, then copies the new hash into the old grader receipt."""
    from receipt_gate.invariant.receipts import sha256

    assert rg("grade", "drafts/d.md")[0] == 0
    edited = DRAFT.replace("The check that lies is rarely the one that was skipped. ", "")
    graded.write("drafts/d.md", edited)
    receipt = json.loads(graded.read(RECEIPT))
    receipt["draft_sha256"] = sha256(edited.encode())
    graded.write(RECEIPT, json.dumps(receipt))
    rc, out, _ = rg("verify")
    assert rc == 1
    assert out.splitlines()[0] == (
        f"{RECEIPT}: unquoted: criterion 'c0' quotes '{GOOD[0]}', which"
        " does not occur in the draft within one paragraph; counts as missing"
    )


def test_a_receipt_without_criteria_is_unquoted(graded: Repo, rg: Run) -> None:
    assert rg("grade", "drafts/d.md")[0] == 0
    receipt = json.loads(graded.read(RECEIPT))
    del receipt["criteria"]
    graded.write(RECEIPT, json.dumps(receipt))
    rc, out, _ = rg("verify")
    assert rc == 1
    assert "unquoted: the receipt carries no criteria" in out


def test_a_failing_criterion_fails_the_receipt(graded: Repo, rg: Run) -> None:
    v = verdict([GOOD[0]], overall="fail")
    v["criteria"][0].update(verdict="fail", note="no argument")  # type: ignore[index]
    graded.write("graders/g.py", grader_printing(v))
    rc, out, _ = rg("grade", "drafts/d.md")
    assert rc == 1  # the grader answered, and its answer is a finding: recorded, exit 1
    assert "drafts/d.md:6:1: grader: criterion 'c0' fails: no argument" in out
    graded.write("v.json", json.dumps(v))
    assert rg("record", "grader", "drafts/d.md", "--verdict", "v.json")[0] == 1
    rc, out, _ = rg("verify")
    assert rc == 1
    assert f"{RECEIPT}: failed:" in out


def test_editing_the_grader_makes_its_receipts_stale(graded: Repo, rg: Run) -> None:
    assert rg("grade", "drafts/d.md")[0] == 0
    graded.write("graders/g.py", graded.read("graders/g.py") + "# a new rubric\n")
    rc, out, _ = rg("verify")
    assert rc == 1
    assert f"{RECEIPT}: stale: what the check read changed" in out


def test_grade_runs_drafts_concurrently(graded: Repo, rg: Run) -> None:
    for i in range(6):
        graded.write(f"drafts/d{i}.md", DRAFT)
    graded.write(
        "graders/g.py",
        "import time\ntime.sleep(1)\n" + grader_printing(verdict([GOOD[0]], [GOOD[1]])),
    )
    import time

    start = time.monotonic()
    rc, out, _ = rg("grade", "--jobs", "6", *(f"drafts/d{i}.md" for i in range(6)))
    assert rc == 0
    assert out.count("verdict pass") == 6
    assert time.monotonic() - start < 5  # six one-second graders, not one after another


def test_record_writes_the_same_receipt(graded: Repo, rg: Run) -> None:
    graded.write("v.json", json.dumps(verdict([GOOD[0]], [GOOD[1]])))
    rc, out, _ = rg("record", "grader", "drafts/d.md", "--verdict", "v.json")
    assert (rc, out) == (0, f"drafts/d.md: grader: verdict pass, receipt {RECEIPT}\n")
    assert rg("verify")[0] == 0
    assert rg("record", "ai-tells", "drafts/d.md", "--verdict", "v.json") == (
        2,
        "",
        "receipt-gate: ai-tells: its verdict is computed by code; use receipt-gate run\n",
    )


def test_required_grader_without_command_says_so(repo: Repo, rg: Run) -> None:
    repo.write(".receipt-gate.yaml", "required: [grader]\n")
    repo.write("drafts/d.md", DRAFT)
    assert rg("grade", "drafts/d.md") == (
        2,
        "",
        "receipt-gate: .receipt-gate.yaml: checks.grader.command: not set (or record a"
        " verdict made elsewhere: receipt-gate record grader PATH --verdict FILE)\n",
    )


@pytest.mark.parametrize(
    ("draft", "quote"),
    [
        pytest.param(
            "It’s a “quoted” thing — with dashes, here.",
            'It\'s a "quoted" thing - with dashes, here.',
            id="curly-quotes-and-dashes",
        ),
        pytest.param(
            "Zero\u200bwidth joiners vanish from quotes.",
            "Zerowidth joiners vanish from quotes.",
            id="zero-width",
        ),
        pytest.param(
            "A line\nbroken   across  lines.", "A line broken across lines.", id="white-space"
        ),
        pytest.param(
            "Some **bold** and `code` in it.", "Some bold and code in it.", id="markup-as-read"
        ),
        pytest.param(
            "ﬁnancial ligatures are NFKC folded", "financial ligatures are NFKC", id="nfkc"
        ),
    ],
)
def test_normalization_on_both_ends(draft: str, quote: str) -> None:
    assert check_quotes([{"name": "x", "quotes": [quote]}], draft, 20) == []


INVENTED = "the gate reads every receipt twice before it trusts one"


@pytest.mark.parametrize(
    "draft",
    [
        pytest.param(f'The <abbr title="{INVENTED}">API</abbr> is small.', id="abbr-title"),
        pytest.param(f'A <span data-x="{INVENTED}">word</span> here.', id="data-attribute"),
        pytest.param(f'See ![a chart](c.png "{INVENTED}") below.', id="image-title"),
        pytest.param(f"An ![{INVENTED}](c.png) image.", id="image-alt"),
        pytest.param(
            f"A [link](https://x.example/{INVENTED.replace(' ', '-')}) here.", id="link-destination"
        ),
        pytest.param(f'A [link](https://x.example "{INVENTED}") here.', id="link-title"),
        pytest.param(f"Yes <span hidden>{INVENTED}</span> no.", id="hidden"),
        pytest.param(f'Yes <span style="display:none">{INVENTED}</span> no.', id="display-none"),
        pytest.param(f'Yes <span style="font-size:0">{INVENTED}</span> no.', id="font-size-0"),
        pytest.param(f'Yes <span class="sr-only">{INVENTED}</span> no.', id="a-class"),
        pytest.param(f"Yes <noscript>{INVENTED}</noscript> no.", id="noscript"),
        pytest.param(f"Yes <template>{INVENTED}</template> no.", id="template"),
        pytest.param(f"Yes <span hidden><b>{INVENTED}</b></span> no.", id="nested-in-hidden"),
        pytest.param(f"Yes <!-- {INVENTED} --> no.", id="comment"),
        pytest.param(f'Yes {{{{ "{INVENTED}" | x }}}} no.', id="template-tag"),
        pytest.param(f"---\ndescription: {INVENTED}\n---\nBody.", id="front-matter"),
        pytest.param(f"Text.\n\n<div>{INVENTED}</div>\n", id="html-block"),
        # A second outside pass: elements and blocks a reader does not see, read page-wide.
        pytest.param(f"Intro <span\nhidden>{INVENTED}</span> end.", id="tag-over-two-lines"),
        pytest.param(
            f'Intro <span\nstyle="display:none">{INVENTED}</span> end.', id="style-over-two-lines"
        ),
        pytest.param(f"Intro <span hidden/>{INVENTED} end.", id="slash-closes-no-span"),
        pytest.param(f"Intro <span hidden>`</span>` {INVENTED} end.", id="closer-in-code"),
        pytest.param(f"Intro <b hidden>x\n\n{INVENTED}", id="never-closed"),
        # Round 52: as HTML's tree builder reads them
        pytest.param(f"<p><b hidden>x</p>\n\n{INVENTED}", id="formatting-built-again"),
        # (review: an autolink's shape that HTML reads as an element with `hidden`)
        pytest.param(f"Some <xy:/hidden>{INVENTED}</xy:> after.", id="autolink-shaped-hidden"),
        pytest.param(f'Intro <span hidden="<">{INVENTED}</span> end.', id="lt-in-a-quoted-value"),
        pytest.param(
            f"Intro <span hidden><marquee></span>{INVENTED}</marquee> end.",
            id="closer-out-of-scope",
        ),
        pytest.param(f"Intro.\n\n<div hidden>\n\n{INVENTED}\n\n</div>", id="hidden-div-block"),
        pytest.param(f"Intro.\n\n<details>\n\n{INVENTED}\n\n</details>", id="closed-details"),
        pytest.param(f"Intro.\n\n<template>\n\n{INVENTED}\n\n</template>", id="template-block"),
        pytest.param(f"Intro.\n\n<a hidden>\n\n{INVENTED}\n\n</a>", id="hidden-a-block"),
        pytest.param(f'Intro.\n\n{INVENTED}\n{{: style="display:none"}}', id="kramdown-ial-after"),
        pytest.param(f"Intro.\n\n{{: .hidden}}\n{INVENTED}", id="kramdown-ial-before"),
        pytest.param(f"Intro.\n\n{INVENTED}\n{{ hidden }}", id="attr-list-bare-word"),
        pytest.param(f'Intro.\n\n## {INVENTED} {{style="display:none"}}', id="heading-attributes"),
        pytest.param(f"Intro {{% if false %}}{INVENTED}{{% endif %}} end.", id="liquid-condition"),
        pytest.param(
            f"Intro {{% capture x %}}{INVENTED}{{% endcapture %}} end.", id="liquid-capture"
        ),
        pytest.param(
            f"Intro {{{{< hide >}}}}{INVENTED}{{{{< /hide >}}}} end.", id="hugo-shortcode"
        ),
        pytest.param(f"Intro.\n\n[^unused]: {INVENTED}", id="unreferenced-footnote"),
        # An outside pass (the second): each of these counted
        pytest.param(
            f"Intro.\n\n<div hidden x=a=b>\n\n{INVENTED}\n\n</div>", id="loose-attributes"
        ),
        pytest.param(f"Intro.\n\n<div/hidden>\n\n{INVENTED}\n\n</div>", id="slash-attribute"),
        pytest.param(
            f'Intro.\n\n<div title="x"hidden>\n\n{INVENTED}\n\n</div>',
            id="no-space-between-attributes",
        ),
        pytest.param(f"Intro.\n\n*[HTML]: {INVENTED}", id="abbreviation-definition"),
        pytest.param(
            f"<style>p:last-of-type {{display: none}}</style>\n\n{INVENTED}.", id="a-style-sheet"
        ),
        pytest.param(f"Intro \\[^1].\n\n[^1]: {INVENTED}.", id="escaped-footnote-reference"),
        pytest.param(
            f'Intro <a title="[^1]">x</a>.\n\n[^1]: {INVENTED}.',
            id="footnote-reference-in-an-attribute",
        ),
        pytest.param(f"The intro {{# {INVENTED} #}} ends.", id="nunjucks-comment"),
        pytest.param(
            f"Intro `{{% if false %}}` {INVENTED}. `{{% endif %}}` end.",
            id="liquid-condition-in-code-spans",
        ),
        pytest.param(
            f"<!-- {{% if false %}} -->\n{INVENTED}.\n<!-- {{% endif %}} -->",
            id="liquid-condition-in-comments",
        ),
        # An outside pass (the fourth): a footnote whose only reference no reader sees.
        pytest.param(
            f"Intro{{% comment %}}[^1]{{% endcomment %}}.\n\n[^1]: {INVENTED}.",
            id="footnote-reference-in-a-liquid-comment",
        ),
        pytest.param(
            f"Intro.[^1]\n\n[^1]: A note.\n\n[^1]: {INVENTED}.",
            id="second-definition-of-a-label",
        ),
        pytest.param(
            f'Intro [site].\n\n[site]: /about "[^1]"\n\n[^1]: {INVENTED}.',
            id="footnote-reference-in-a-link-title",
        ),
        pytest.param(
            f"Intro.\n\n[^a]: Unshown.[^b]\n\n[^b]: {INVENTED}.",
            id="footnote-reference-in-an-unshown-note",
        ),
        # The fifth: a reference counts only where the page's prose shows it.
        pytest.param(
            f"Intro{{::comment}}[^1]{{:/comment}}.\n\n[^1]: {INVENTED}.",
            id="footnote-reference-in-a-kramdown-comment",
        ),
        pytest.param(
            f'Intro {{% assign n = "[^1]" %}}.\n\n[^1]: {INVENTED}.',
            id="footnote-reference-in-a-liquid-tag",
        ),
        pytest.param(
            f"| a |\n|---|\n| b | [^1] |\n\n[^1]: {INVENTED}.",
            id="footnote-reference-in-a-dropped-table-cell",
        ),
        pytest.param(
            f'Intro [site].\n\n[site]: /about\n  "[^1]"\n\n[^1]: {INVENTED}.',
            id="footnote-reference-in-a-link-title-on-its-own-line",
        ),
        pytest.param(
            f"Intro $$x[^1]$$.\n\n[^1]: {INVENTED}.", id="footnote-reference-in-kramdown-math"
        ),
        pytest.param(
            f'Intro {{{{% nothing "[^1]" %}}}}.\n\n[^1]: {INVENTED}.',
            id="footnote-reference-in-a-shortcode-parameter",
        ),
        pytest.param(f"Intro `[^1]`.\n\n[^1]: {INVENTED}.", id="footnote-reference-in-a-code-span"),
        pytest.param(
            f"Summary: {INVENTED}\nAuthor: me\n\n# Title\n\nIntro.",
            id="multimarkdown-metadata",  # MkDocs reads it as the page's data
        ),
        # The sixth pass.
        pytest.param(
            f'{{:h: style="display:none"}}\n\nIntro *{INVENTED}*{{:h}} end.',
            id="kramdown-attribute-list-definition",
        ),
        pytest.param(f"Intro <!{INVENTED}> end.", id="a-declaration-goldmark-omits"),
        # The seventh.
        pytest.param(
            f"Intro {{::comment}}{INVENTED}{{:/}} end.", id="kramdown-comment-short-close"
        ),
        pytest.param(
            f'Intro {{::comment x="1"}}{INVENTED}{{:/comment}} end.',
            id="kramdown-comment-with-attributes",
        ),
        pytest.param(
            f'Intro {{::nomarkdown type="latex"}}{INVENTED}{{:/}} end.',
            id="kramdown-raw-output-for-latex-only",
        ),
        # Round 29: MkDocs' extensions render these as a closed <details>, a hidden div,
        # a tab not shown, or leave them out in one of their modes.
        pytest.param(f'Intro.\n\n??? note "More"\n    {INVENTED}.\n', id="collapsed-admonition"),
        pytest.param(
            f"Intro.\n\n!!! note\n    Shown.\n\n    ??? tip\n        {INVENTED}.\n",
            id="collapsed-inside-an-admonition",
        ),
        pytest.param(f'=== "One"\n\n    Shown.\n\n=== "Two"\n\n    {INVENTED}.\n', id="second-tab"),
        pytest.param(
            f'=== "One"\n    {INVENTED}.\n\n===+ "Two"\n    Shown.\n', id="tab-another-selects"
        ),
        pytest.param(f"Intro.\n\n/// details | More\n\n{INVENTED}.\n///\n", id="blocks-details"),
        pytest.param(f"Intro.\n\n/// html | div[hidden]\n\n{INVENTED}.\n///\n", id="blocks-html"),
        pytest.param(
            f"/// note\n    attrs: {{class: hidden}}\n\n{INVENTED}.\n///\n", id="blocks-attrs"
        ),
        pytest.param(f"/// details | More\n\n{INVENTED}.\n", id="blocks-never-closed"),
        pytest.param(f"Intro {{--{INVENTED}--}} end.", id="critic-deletion"),
        pytest.param(f"Intro {{>>{INVENTED}<<}} end.", id="critic-comment"),
        pytest.param(f"Intro {{++{INVENTED}++}} end.", id="critic-insertion"),
        pytest.param(
            f'=== "A"\n    Shown.\n\n    ??? note\n        {INVENTED}.\n',
            id="collapsed-inside-the-shown-tab",
        ),
        pytest.param(
            f"/// note | N\n\n/// details | D\n\n{INVENTED}.\n///\n\nShown.\n///\n",
            id="blocks-details-inside-a-note",
        ),
        # Round 30: Python-Markdown's abbr, its snippets.
        pytest.param(f"Intro.\n\n*[Q]:\n{INVENTED}\n", id="abbreviation-title-next-line"),
        pytest.param(f"Intro.\n\n*[Q] : {INVENTED}\n", id="abbreviation-space-before-colon"),
        pytest.param(f"Intro.\n\n--8<--\n{INVENTED}\n--8<--\n", id="snippet-names"),
        pytest.param(f'Intro.\n\n--8<-- "{INVENTED}.md"\n', id="snippet-line"),
        # Round 34: Nunjucks reads a page before markdown: a comment opened in a code span
        pytest.param(f"Use `{{#` here.\n\n{INVENTED}.\n\nAnd `#}}` there.\n", id="njk-across-code"),
    ],
)
def test_a_quote_only_a_reader_cannot_read_is_refused(draft: str) -> None:
    """A quote counts only where a reader of the rendered page reads it: never in an
    attribute, a destination, a hidden element (9 of 10 such places once counted)."""
    problems = check_quotes([{"name": "x", "quotes": [INVENTED]}], draft, 20)
    assert [p.reason for p in problems] == ["does not occur in the draft within one paragraph"]


@pytest.mark.parametrize(
    "draft",
    [
        pytest.param(f"The {INVENTED.replace('every', '<em>every</em>')}.", id="em"),
        pytest.param(f"The {INVENTED.replace('every', '**every**')}.", id="strong"),
        pytest.param(
            f"The {INVENTED.replace('every receipt', '[every receipt](r.md)')}.", id="link-text"
        ),
        pytest.param(f"The {INVENTED.replace('receipt', '`receipt`')}.", id="code-span"),
        pytest.param(
            f"The {INVENTED.replace('gate', '<a href=x title=y>gate</a>')}.", id="anchor-with-title"
        ),
        pytest.param(f"The {INVENTED.replace('reads', 're&shy;ads')}.", id="entity"),
        pytest.param(f"# The {INVENTED}", id="heading"),
        pytest.param(f"| a |\n|---|\n| The {INVENTED} |", id="table-cell"),
        pytest.param(f"## The {INVENTED} {{#an-id}}", id="heading-with-an-id-only"),
        pytest.param(f"Read this.[^1]\n\n[^1]: The {INVENTED}.", id="referenced-footnote"),
        pytest.param(
            f"Read this.[^a]\n\n[^a]: See also.[^b]\n\n[^b]: The {INVENTED}.",
            id="footnote-a-shown-note-references",
        ),
        pytest.param(f"See `<span hidden>` here: the {INVENTED}.", id="a-tag-in-code-is-no-tag"),
        pytest.param(f"A <span>plain span</span>, then the {INVENTED}.", id="plain-span"),
        pytest.param(f'???+ note "More"\n    The {INVENTED}.\n', id="open-collapsible"),
        pytest.param(f'!!! note "More"\n    The {INVENTED}.\n', id="admonition"),
        pytest.param(f'=== "One"\n    The {INVENTED}.\n\n=== "Two"\n    x\n', id="first-tab"),
        pytest.param(f"/// note | N\n\nThe {INVENTED}.\n///\n", id="blocks-note"),
        pytest.param(
            f"/// details | D\n    open: true\n\nThe {INVENTED}.\n///\n", id="blocks-open-details"
        ),
        pytest.param(f"/// details | D\n\nx\n///\n\nThe {INVENTED}.\n", id="after-a-block"),
    ],
)
def test_a_quote_of_what_a_reader_reads_holds(draft: str) -> None:
    assert check_quotes([{"name": "x", "quotes": [INVENTED]}], draft, 20) == []


@pytest.mark.parametrize(
    ("path", "draft", "found"),
    [
        ("p.org", f"#+TITLE: T\n\nIntro.\n\n# {INVENTED}\n", False),
        ("p.org", f"#+TITLE: T\n\nIntro.\n\n#+NOTE: {INVENTED}\n", False),
        ("p.org", f"* H\n:PROPERTIES:\n:X: {INVENTED}\n:END:\nIntro.\n", False),
        ("p.org", f"#+TITLE: T\n\nIntro.\n\n{INVENTED}.\n", True),
        ("p.adoc", f"= T\n\nIntro.\n\n// {INVENTED}\n", False),
        ("p.adoc", f"= T\n\n////\n{INVENTED}\n////\n\nIntro.\n", False),
        ("p.adoc", f"= T\n\nIntro.\n\n{INVENTED}.\n", True),
        ("p.rst", f"T\n=\n\n.. {INVENTED}\n\nIntro.\n", False),
        ("p.rst", f"T\n=\n\n..\n   {INVENTED}\n\nIntro.\n", False),
        ("p.rst", f"T\n=\n\nIntro.\n\n{INVENTED}.\n", True),
        ("p.org", f"* H :noexport:\n{INVENTED}\n* Shown\nIntro.\n", False),
        ("p.org", f"Intro @@html:<span hidden>@@{INVENTED}@@html:</span>@@ end.\n", False),
        ("p.org", f"Intro.\n\n#+BEGIN_EXPORT html\n<!--\n{INVENTED}\n-->\n#+END_EXPORT\n", False),
        ("p.rst", f"T\n=\n\n.. raw:: html\n\n   <!-- {INVENTED} -->\n\nIntro.\n", False),
        ("p.adoc", f"= T\n\n++++\n<!-- {INVENTED} -->\n++++\n\nIntro.\n", False),
        # Round 36: what docutils and asciidoctor render nowhere in the body
        ("p.rst", f"T\n=\n\nIntro.\n\n.. |x| replace:: {INVENTED}\n", False),
        ("p.rst", f"T\n=\n\nIntro.\n\n.. meta::\n   :description: {INVENTED}\n", False),
        ("p.adoc", f"= T\n\nIntro.\n\nifdef::never[]\n{INVENTED}\nendif::[]\n", False),
        ("p.adoc", f"= T\n\nIntro.\n\nifndef::asciidoctor[]\n{INVENTED}\nendif::[]\n", False),
        # Round 37: a directive's name in any case, AsciiDoc's comment style
        ("p.rst", f"T\n=\n\nIntro.\n\n.. Meta::\n   :description: {INVENTED}\n", False),
        ("p.adoc", f"= T\n\nIntro.\n\n[comment]\n{INVENTED}\n\nAfter.\n", False),
        ("p.adoc", f"= T\n\nIntro.\n\n[comment]\n--\n{INVENTED}\n--\n", False),
        ("p.adoc", f"= T\n\nifdef::backend-html5[]\n{INVENTED}\nendif::[]\n", True),
        # Round 38: a comment block closes at its own delimiter; an option is an attribute
        ("p.adoc", f"= T\n\nIntro.\n\n////\n//////\n{INVENTED}\n////\n", False),
        ("p.rst", f"T\n=\n\nIntro.\n\n.. image:: a.png\n   :alt: {INVENTED}\n", False),
        ("p.md", f"Intro.\n\n# {INVENTED}\n", True),
        # Round 56: an HTML page (Hugo publishes a content .html as written) is read as
        # HTML: a paragraph's quote counts; an indented hidden element is no code there,
        # and an attribute, a comment or a hidden element holds nothing
        ("p.html", f"---\ntitle: T\n---\n<p>Intro.</p>\n\n<p>{INVENTED}.</p>\n", True),
        ("p.html", f"<p>Intro.</p>\n<p>{INVENTED}.</p><p>Next.</p>\n", True),
        ("p.html", f"<p>Intro.</p>\n\n    <span hidden>{INVENTED}</span>\n", False),
        ("p.html", f'<p>Intro.</p>\n<p title="{INVENTED}">x</p>\n', False),
        ("p.html", f"<p>Intro.</p>\n<!--\n\n    {INVENTED}\n-->\n", False),
        ("p.md", f"---\nmarkup: html\n---\n<p>Intro.</p>\n<p>{INVENTED}.</p>\n", True),
        ("p.html", f"---\nmarkup: md\n---\nIntro.\n\n    <p>{INVENTED}</p>\n", False),
        # Round 57: what HTML's tokenizer reads as a comment to the next `>`, a page a
        # refresh leaves, a host a declared shadow root hides, and a comment Liquid
        # prints (Jekyll and Eleventy run it over an HTML page first)
        ("p.html", f"<p>Intro.</p>\n<p></ x\n{INVENTED} ></p>\n", False),
        ("p.html", f"<p>Intro.</p>\n<p><! x\n{INVENTED} ></p>\n", False),
        ("p.html", f"<p>Intro.</p>\n<p><? x\n{INVENTED} ></p>\n", False),
        ("p.md", f"Intro.\n\nA <? x {INVENTED} > b.\n", False),
        ("p.html", f'<meta http-equiv="refresh" content="0; url=/">\n<p>{INVENTED}.</p>\n', False),
        (
            "p.html",
            f'<p><span><template shadowrootmode="open">x</template>{INVENTED}</span></p>\n',
            False,
        ),
        (
            "p.html",
            f"<p>Intro.</p>\n{{% raw %}}<!--{{% endraw %}}\n<p>{INVENTED}.</p>\n-->\n",
            False,
        ),
        (
            "p.html",
            f"<p>Intro.</p>\n<!{{% comment %}}x{{% endcomment %}}--\n<p>{INVENTED}.</p>\n-->\n",
            False,
        ),
        ("p.md", f"Intro.\n\n{{% raw %}}<!--{{% endraw %}}\n{INVENTED}.\n-->\n", False),
        ("p.md", f"Intro.\n\nWrite {{% raw %}}{{% if x %}}{{% endraw %}} and {INVENTED}.\n", True),
        # Round 58: a Liquid tag printing nothing of its own (liquidjs' `{% # x %}`), a
        # value the page does not say whose default or date format opens a comment, and
        # a CDATA section in SVG (its `</svg>` no tag)
        ("p.html", f"<p>Intro.</p>\n<p>{{% # {INVENTED} %}}</p>\n", False),
        ("p.md", f'Intro.\n\n{{{{ page.nope | default: "<!--" }}}}\n{INVENTED}.\n-->\n', False),
        (
            "p.html",
            f'<p>Intro.</p>\n{{{{ "now" | date: "<" }}}}!--\n<p>{INVENTED}.</p>\n-->\n',
            False,
        ),
        ("p.html", f"<p>Intro.</p>\n<svg><![CDATA[</svg><p>{INVENTED}.</p>]]></svg>\n", False),
        ("p.html", f"<p>Intro.</p>\n<p>{{{{ page.x | default: 'a' }}}} {INVENTED}.</p>\n", True),
        # Round 59: in HTML a blank line inside a <p> is white space; Liquid's
        # url_decode prints what closes a comment and opens a script
        ("p.html", f"<p>Intro.</p>\n<p>{INVENTED[:20]}\n\n{INVENTED[20:]}.</p>\n", True),
        (
            "p.md",
            f'Intro.\n\n<!-- {{{{ "--%3E%3Cscript%3E" | url_decode }}}} -->\n\n{INVENTED}.\n\n'
            "<!-- </script> -->\n",
            False,
        ),
        # (the review: `markup: org` names the page's markup, whatever its extension)
        ("p.html", f"---\nmarkup: org\n---\n# {INVENTED}\n\nIntro.\n", False),
        # Rounds 76 and 77: a markdown paragraph in a wrapper every generator shows (a
        # `<div>` and its `</div>`, blank lines around it: raw HTML to kramdown and
        # Python-Markdown, a paragraph to CommonMark), not in one that may hide it
        ("p.md", f'Intro.\n\n<div dir="rtl">\n\n{INVENTED}.\n\n</div>\n', True),
        ("p.md", f'Intro.\n\n<section markdown="1">\n\n{INVENTED}.\n\n</section>\n', True),
        ("p.md", f"Intro.\n\n<ul><li>\n\n{INVENTED}.\n\n</li></ul>\n", True),
        ("p.md", f'Intro.\n\n<div class="x">\n\n{INVENTED}.\n\n</div>\n', False),
        ("p.md", f"Intro.\n\n<details>\n\n{INVENTED}.\n\n</details>\n", False),
        ("p.md", f"Intro.\n\n<div><noscript>\n\n{INVENTED}.\n\n</noscript></div>\n", False),
        ("p.md", f"Intro.\n\n<div>\n{INVENTED}.\n</div>\n", False),  # (Hugo omits it)
    ],
)
def test_a_quote_is_read_as_the_pages_markup_shows_it(path: str, draft: str, found: bool) -> None:
    """Round 34: a quote in an Org comment line (`# ...`, which markdown reads as a
    heading) counted as found; a page in a plain markup is read as that markup shows it
    (comments, keyword lines, a property drawer, AsciiDoc's and rST's comments out)."""
    problems = check_quotes([{"name": "x", "quotes": [INVENTED]}], draft, 20, path)
    assert (problems == []) is found, problems


def test_a_receipt_quoting_a_hidden_element_is_refused_at_record_and_verify(
    graded: Repo, rg: Run, tmp_path: Path
) -> None:
    graded.write("drafts/d.md", DRAFT + f"\nYes <span hidden>{INVENTED}</span>.\n")
    hidden = verdict([GOOD[0]], [INVENTED])
    (tmp_path / "v.json").write_text(json.dumps(hidden))
    rc, out, _ = rg("record", "grader", "drafts/d.md", "--verdict", str(tmp_path / "v.json"))
    assert rc == 1
    assert out == (
        f"drafts/d.md: grader: refused: criterion 'c1' quotes '{INVENTED}', which"
        " does not occur in the draft within one paragraph; no receipt written\n"
    )
    assert rg("grade", "drafts/d.md")[0] == 0  # an honest verdict, then one edited
    receipt = json.loads(graded.read(RECEIPT))
    receipt["criteria"][1]["quotes"] = [INVENTED]
    graded.write(RECEIPT, json.dumps(receipt))
    rc, out, _ = rg("verify")
    assert rc == 1 and out.splitlines()[0] == (
        f"{RECEIPT}: unquoted: criterion 'c1' quotes '{INVENTED}', which does not occur in"
        " the draft within one paragraph; counts as missing"
    )


def test_case_matters() -> None:
    assert normalize("The Check") != normalize("the check")
    problems = check_quotes([{"name": "x", "quotes": ["THE CHECK THAT LIES IS RARELY"]}], DRAFT, 20)
    assert [p.reason for p in problems] == ["does not occur in the draft within one paragraph"]


# --- the real model adapter against a stub of the Messages API on 127.0.0.1 ----------


class StubAPI(BaseHTTPRequestHandler):
    reply: str = ""
    seen: ClassVar[list[dict[str, object]]] = []

    def do_POST(self) -> None:
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        StubAPI.seen.append({"path": self.path, "headers": dict(self.headers), **body})
        data = json.dumps(
            {
                "id": "msg_stub",
                "type": "message",
                "role": "assistant",
                "model": body["model"],
                "content": [{"type": "text", "text": StubAPI.reply}],
                "stop_reason": "end_turn",
                "stop_sequence": None,
                "usage": {"input_tokens": 10, "output_tokens": 10},
            }
        ).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture
def stub_api() -> Iterator[str]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), StubAPI)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    StubAPI.seen = []
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


@pytest.fixture
def model_graded(repo: Repo, stub_api: str, monkeypatch: pytest.MonkeyPatch) -> Repo:
    monkeypatch.setenv("ANTHROPIC_API_KEY", "test-key")
    monkeypatch.setenv("ANTHROPIC_BASE_URL", stub_api)
    adapter = Path(ROOT / "examples" / "graders" / "anthropic_grader.py").read_text()
    repo.write("graders/anthropic_grader.py", adapter)
    repo.write(
        ".receipt-gate.yaml",
        "required: [grader]\nchecks:\n  grader: {command: ["
        f"{json.dumps(sys.executable)}, graders/anthropic_grader.py, --model,"
        " test-model], timeout_s: 60}\n",
    )
    repo.write("drafts/d.md", DRAFT)
    return repo


def test_model_adapter_honest_verdict(model_graded: Repo, rg: Run) -> None:
    StubAPI.reply = "Here is my grade:\n" + json.dumps(verdict([GOOD[0]], [GOOD[1]]))
    rc, out, err = rg("grade", "drafts/d.md")
    assert (rc, err) == (0, ""), out
    assert rg("verify")[0] == 0
    (call,) = StubAPI.seen
    headers = {k.lower(): v for k, v in call["headers"].items()}  # type: ignore[attr-defined]
    key = headers.get("x-api-key") or headers.get("authorization", "").removeprefix("Bearer ")
    assert (call["path"], key, call["model"]) == ("/v1/messages", "test-key", "test-model")
    assert "The check that lies is rarely" in json.dumps(call["messages"])


def test_model_adapter_invented_quote_is_refused(model_graded: Repo, rg: Run) -> None:
    StubAPI.reply = json.dumps(verdict(["All checks pass and every receipt is fresh."]))
    rc, out, _ = rg("grade", "drafts/d.md")
    assert rc == 1
    assert (
        "refused: criterion 'c0' quotes 'All checks pass and every receipt is fresh.', which"
        " does not occur in the draft within one paragraph; no receipt written"
    ) in out
    assert not (model_graded.path / RECEIPT).exists()
    assert rg("verify")[0] == 1


def test_a_models_escape_sequences_are_printed_as_escapes(
    graded: Repo, rg: Run, tmp_path: Path
) -> None:
    """A model's note (or a criterion's name) is a string from elsewhere: its escape
    sequences, our own colours among them, never reach the terminal as they are."""
    hostile = {
        "verdict": "fail",
        "criteria": [
            {
                "name": "x\x1b[8my",
                "verdict": "fail",
                "quotes": [GOOD[0]],
                "note": "bad \x1b[8mhidden\x1b[0m \x1b[31mred\x1b]0;title\x07",
            }
        ],
    }
    graded.write("graders/g.py", grader_printing(hostile))
    (tmp_path / "v.json").write_text(json.dumps(hostile))
    for argv in (
        ["grade", "drafts/d.md"],
        ["record", "grader", "drafts/d.md", "--verdict", str(tmp_path / "v.json")],
    ):
        rc, out, err = rg(*argv)
        assert rc == 1 and "\x1b" not in out + err and "\x07" not in out + err
        assert (
            "drafts/d.md:6:1: grader: criterion 'x\\x1b[8my' fails: bad \\x1b[8mhidden"
            "\\x1b[0m \\x1b[31mred\\x1b]0;title\\x07"
        ) in out


def test_each_hint_fits_its_check(graded: Repo, rg: Run) -> None:
    """A missing model receipt beside a failing code check was told to "fix the findings
    above, then receipt-gate grade --force": the findings were another check's."""
    graded.write(
        ".receipt-gate.yaml",
        graded.read(".receipt-gate.yaml").replace(
            "required: [grader]", "required: [grader, hook-length]"
        ),
    )
    graded.write(
        "drafts/d.md", DRAFT.replace("The check that lies", "The check " * 40 + "that lies")
    )
    graded.write("drafts/e.md", DRAFT)
    rg("run")
    rc, out, _ = rg("verify")
    assert rc == 1
    hints = [line for line in out.splitlines() if line.startswith("hint: ")]
    assert (
        "hint: fix the findings above, then receipt-gate run drafts/d.md && git add"
        " .receipts" in hints
    )
    assert "hint: receipt-gate grade drafts/d.md drafts/e.md && git add .receipts" in hints
