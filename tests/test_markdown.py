"""The block scanner against markdown-it-py, a CommonMark renderer, as the oracle.

What the checks depend on is which lines are a paragraph or a heading (prose), code, an
HTML block or a thematic break, and which sit inside a block quote. On every example of
the CommonMark spec (0.31.2, tests/fixtures) and every markdown file of the corpora in
../shared/corpora, the scanner must say what markdown-it-py says, line for line.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from markdown_it import MarkdownIt

from receipt_gate.reading.frontmatter import block_end
from receipt_gate.reading.markdown import blocks
from tests.conftest import CORPORA, ROOT, needs_corpora

# CommonMark, with GFM's tables (the extension every generator people use renders).
MD = MarkdownIt("commonmark").enable("table")
LEAF = {
    "paragraph_open": "paragraph",
    "heading_open": "heading",
    "fence": "code",
    "code_block": "code",
    "html_block": "html",
    "hr": "hr",
    "table_open": "table",
}
EXAMPLES = json.loads((ROOT / "tests" / "fixtures" / "commonmark-0.31.2-examples.json").read_text())


def oracle(text: str) -> dict[int, tuple[str, bool]]:
    """line -> (leaf kind, inside a block quote), as markdown-it-py parses it."""
    lines: dict[int, tuple[str, bool]] = {}
    quotes = 0
    for t in MD.parse(text):
        quotes += (t.type == "blockquote_open") - (t.type == "blockquote_close")
        if t.type in LEAF and t.map:
            for i in range(*t.map):
                lines[i] = (LEAF[t.type], quotes > 0)
    return lines


def ours(text: str, front_matter: bool = False) -> dict[int, tuple[str, bool]]:
    return {
        i: (b.kind, b.quoted) for b in blocks(text, front_matter) for i in range(b.start, b.end)
    }


def differences(text: str) -> list[tuple[int, str, object, object]]:
    """Each non-blank line the two read differently (blank lines' ownership differs by
    convention: markdown-it counts a fence's closing blank lines in, we do not)."""
    a, b = oracle(text), ours(text)
    return [
        (i, line, a.get(i), b.get(i))
        for i, line in enumerate(text.split("\n"))
        if line.strip() and a.get(i) != b.get(i)
    ]


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda e: f"{e['example']}")
def test_the_commonmark_spec_examples(example: dict[str, str]) -> None:
    assert differences(example["markdown"]) == []


def _corpus_files() -> list[Path]:
    return sorted(p for p in CORPORA.rglob("*") if p.suffix in (".md", ".markdown"))


@needs_corpora
def test_the_corpora_line_for_line() -> None:
    """Real sites' markdown (front matter blanked for the oracle, which knows none)."""
    files = _corpus_files()
    assert len(files) > 1000
    differ = {}
    for path in files:
        text = path.read_text(encoding="utf-8", errors="replace")
        lines = text.split("\n")
        fm = block_end(lines)[1]
        bad = differences("\n".join([""] * fm + lines[fm:]))
        if bad:
            differ[str(path.relative_to(CORPORA))] = bad[:3]
    assert differ == {}


@pytest.mark.parametrize(
    "path", sorted((ROOT / "tests" / "golden").rglob("*.m*")), ids=lambda p: p.name
)
def test_the_golden_drafts_line_for_line(path: Path) -> None:
    """Copies from the corpora and seed drafts, here when ../shared is not."""
    lines = path.read_text().split("\n")
    fm = block_end(lines)[1]
    assert differences("\n".join([""] * fm + lines[fm:])) == []


def test_the_comparison_can_fail() -> None:
    """An indented line after a blank is code to the renderer; were it a paragraph to us,
    the test would say so."""
    text = "para\n\n    code\n"
    assert oracle(text)[2] == ("code", False)
    assert differences(text) == []
    assert oracle("para\n    more\n")[1] == ("paragraph", False)  # lazy: no code here


# --- GFM tables against GitHub's own cmark-gfm: where a table starts and ends ------------

FOLLOWERS = [
    "---",
    "===",
    "    code",
    "- item",
    "2. x",
    "* x",
    "> q",
    "# h",
    "```\nc\n```",
    "<div>",
    "<span>x</span> | y",
    "next",
    "",
    "[^1]: note",
    "| 3 | 4 |",
    "-",
]
TABLES = [
    "| a | b |\n| - | - |\n| 1 | 2 |",
    "a | b\n--- | :-:\nc | d",
    "| a |\n| - |",
    "| a | b |\n| - |",
    "| `a|b` | c |\n| - | - |",
    "para\n| a | b |\n| - | - |",
]


def _cmark_table_lines(text: str) -> set[int]:
    """The 0-based lines cmark-gfm renders as a table (from its source positions)."""
    import re

    cmarkgfm = pytest.importorskip("cmarkgfm")
    from cmarkgfm.cmark import Options

    html = cmarkgfm.github_flavored_markdown_to_html(
        text, options=Options.CMARK_OPT_UNSAFE | Options.CMARK_OPT_SOURCEPOS
    )
    return {
        i
        for a, b in re.findall(r'<table data-sourcepos="(\d+):\d+-(\d+):\d+"', html)
        for i in range(int(a) - 1, int(b))
    }


@pytest.mark.parametrize("prefix", ["", "> ", "- "])
@pytest.mark.parametrize("follower", FOLLOWERS)
@pytest.mark.parametrize("table", TABLES)
def test_table_boundaries_as_cmark_gfm_reads_them(table: str, follower: str, prefix: str) -> None:
    """Each table shape, then each kind of line, plain, in a quote and in a list item
    (the follower outside the container: tables are never lazy)."""
    lines = table.split("\n")
    indent = "  " if prefix == "- " else prefix
    text = (
        "\n".join(prefix + lines[0] if i == 0 else indent + ln for i, ln in enumerate(lines))
        + "\n"
        + follower
        + "\n"
    )
    ours = {i for b in blocks(text, False) if b.kind == "table" for i in range(b.start, b.end)}
    # cmark-gfm gives a table cut from a paragraph the paragraph's first line as its
    # start: a table starts at its header row, the first line with a pipe.
    header = next(i for i, ln in enumerate(text.split("\n")) if "|" in ln)
    assert ours == {i for i in _cmark_table_lines(text) if i >= header}, text
