"""The README and docs/: a README read in minutes, a page per subject, and no link that
leads nowhere (a relative link names a file that exists, and an anchor a heading there,
as a code host renders it)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.conftest import ROOT

PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
LINK = re.compile(r"(?<!\!)\[[^\]\n]*\]\(([^)\s]+)\)")


def anchors(page: Path) -> set[str]:
    """The ids a code host gives the page's headings (GitHub's: lower case, punctuation
    dropped but hyphens, spaces as hyphens, a repeat numbered)."""
    seen: dict[str, int] = {}
    out = set()
    fenced = False
    for line in page.read_text().splitlines():
        if line.startswith("```"):
            fenced = not fenced
        m = None if fenced else re.match(r"#{1,6} (.*)", line)
        if m:
            slug = re.sub(r"[^\w\- ]", "", m.group(1).strip().lower()).replace(" ", "-")
            n = seen.get(slug, 0)
            seen[slug] = n + 1
            out.add(slug if n == 0 else f"{slug}-{n}")
    return out


def links(page: Path) -> list[str]:
    text = re.sub(r"```.*?```", "", page.read_text(), flags=re.S)
    text = re.sub(r"(`+)(?!`).*?(?<!`)\1(?!`)", "", text)  # code spans: text, not links
    return [t for t in LINK.findall(text) if not re.match(r"[a-z]+:", t)]


def test_the_readme_is_read_in_minutes() -> None:
    assert len((ROOT / "README.md").read_text().splitlines()) <= 300


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_every_relative_link_resolves(page: Path) -> None:
    broken = []
    for target in links(page):
        path, _, anchor = target.partition("#")
        dest = (page.parent / path).resolve() if path else page
        if not dest.exists():
            broken.append(f"{target}: no such file")
        elif anchor and dest.suffix == ".md" and anchor not in anchors(dest):
            broken.append(f"{target}: no such heading")
    assert broken == []


def test_the_readme_maps_every_docs_page() -> None:
    readme = (ROOT / "README.md").read_text()
    assert [
        p.name for p in PAGES[1:] if p.name != "README.md" and f"(docs/{p.name})" not in readme
    ] == []


def test_a_broken_link_is_found(tmp_path: Path) -> None:
    page = tmp_path / "a.md"
    page.write_text("# Title\n\n[ok](#title) [gone](b.md) [bad](#nothing)\n")
    assert links(page) == ["#title", "b.md", "#nothing"]
    assert anchors(page) == {"title"}
