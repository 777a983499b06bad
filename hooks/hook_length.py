"""hook-length: the opening paragraph, as a reader sees it, is short enough.

The opening paragraph is the first paragraph of the author's prose (gate.reading.prose): not
front matter, a title or heading, code, HTML, a template tag, a quote or admonition, or
a list. Its length is counted in characters of rendered text (markup out, white space
collapsed) and in lines as rendered: one, and one more for each hard line break (two
trailing spaces, a backslash, `<br>`); a paragraph wrapped in the source is one line.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from receipt_gate import DOCS
from receipt_gate.base.text import Draft
from receipt_gate.checks import Finding, Outcome
from receipt_gate.reading.pageparts import opening_paragraph
from receipt_gate.reading.templatetags import printed_text

name = "hook-length"
version = 17
deterministic = True
# Where SARIF and code scanning point.
help_uri = DOCS + "checks.md#hook-length-the-opening-paragraph"
required_by_default = True
settings = {"max_chars": 280, "max_lines": 3, "suppressions": True}
hint = (
    "an opening over max_chars or max_lines: cut it, or set the limit your readers see"
    " (checks.hook-length.max_chars in .receipt-gate.yaml: 280 is a social post's hook)"
)

# What `init` writes as max_chars for the pages it found, measured on openings people
# wrote before 2022 (benchmarks/precision.py --openings; docs/checks.md): a social post's
# or a reply's hook is the seed's 280 (a post's length); a docs page's opening, 400 (over
# it: 0% to 8% of the Hugo, Jekyll, Eleventy and gRPC docs); a blog post's, 600 (over
# it: 0% to 8% of the Rust, React, Jekyll, gRPC, Eleventy and Armin Ronacher's blogs;
# 29% of Andrej Karpathy's long essays).
OPENINGS = {"post": 280, "docs": 400, "blog": 600}
_DOCS_GENERATORS = frozenset({"mkdocs", "mdbook", "plain"})


def page_kind(layout: Any) -> str:
    """The kind of page a layout's drafts are: a site's blog posts (a generator that
    publishes posts), docs pages (a docs generator, or plain pages), or posts and
    replies written in a drafts folder (no generator)."""
    generator = getattr(layout, "generator", "") or ""
    if not generator:
        return "post"
    return "docs" if generator in _DOCS_GENERATORS else "blog"


def starter(layout: Any) -> tuple[bool, list[str], dict[str, object]]:
    """What `init` writes for this check: required, with limits that suit the pages."""
    kind = page_kind(layout)
    chars = OPENINGS[kind]
    said = {
        "post": "a social post's or a reply's hook",
        "docs": "a docs page's opening, as people write them",
        "blog": "a blog post's opening, as people write them",
    }[kind]
    return (
        True,
        [f"hook-length: {chars} characters is {said} (docs/checks.md)."],
        {"max_chars": chars, "max_lines": 3},
    )


def measure_hook(text: str, max_chars: int, max_lines: int) -> list[Finding]:
    opening = opening_paragraph(text)
    if opening is None:
        return []  # a page with no prose paragraph (a list, a landing page) has no hook
    findings = []
    if len(opening.text) > max_chars:
        findings.append(
            Finding(
                opening.line,
                1,
                f"opening paragraph is {len(opening.text)} characters, over max_chars {max_chars}",
            )
        )
    if opening.lines > max_lines:
        findings.append(
            Finding(
                opening.line,
                1,
                f"opening paragraph is {opening.lines} lines, over max_lines {max_lines}",
            )
        )
    return findings


def make(settings: Mapping[str, Any], corpus: None = None) -> Callable[[Draft], Outcome]:
    max_chars, max_lines = settings["max_chars"], settings["max_lines"]

    def check(draft: Draft) -> Outcome:
        found = measure_hook(draft.text, max_chars, max_lines)
        printed = printed_text(draft)  # an opening Liquid prints counts as one written
        if not found and printed is not None:
            found = measure_hook(printed, max_chars, max_lines)
        return Outcome(found, 1)

    return check
