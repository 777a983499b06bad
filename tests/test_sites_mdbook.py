"""mdBook (gate/sites/mdbook.py): a book publishes what its SUMMARY.md links, and copies
every other file of its src folder as it is. No mdBook installs here (no package of it in
the registries this project reaches), so these tests follow its own parser and renderer
as its source has them (crates/mdbook-summary: links in list items and in the prefix and
suffix paragraphs, a draft chapter `[Title]()`, `%20` a space; the HTML renderer's
copy_files_except_ext(.., ["md"])), as the module's docstring says."""

from __future__ import annotations

import json

import pytest

from receipt_gate.sites.mdbook import listed, unlist
from tests.conftest import TELLS, Repo, Run
from tests.test_sites import _gated, _takes

SUMMARY = """\
# Summary

[Foreword](foreword.md)

# Part one

- [Getting started](ch01-00-getting-started.md)
    - [Installation](./ch01-01-installation.md)
- [A draft chapter]()
- [Spaces](ch%2002.md#top)

```
- [Not a chapter](in-code.md)
```

---

[Appendix](appendix.md)
"""
CHAPTERS = ["src/foreword.md", "src/ch01-00-getting-started.md", "src/ch01-01-installation.md",
            "src/ch 02.md", "src/appendix.md"]


@pytest.mark.parametrize(("text", "pages"), [
    pytest.param(SUMMARY, {"src/SUMMARY.md", *CHAPTERS}, id="the-book"),
    pytest.param("- [A]()\n- [B](b.md)\n", {"src/SUMMARY.md", "src/b.md"}, id="draft-chapter"),
    pytest.param("# [Part](p.md)\n- [C](c.md)\n", {"src/SUMMARY.md", "src/c.md"},
                 id="a-part-title-links-nothing"),
    pytest.param("    - [X](x.md)\n", {"src/SUMMARY.md"}, id="indented-code"),
    pytest.param("- [Up](../outside.md)\n", {"src/SUMMARY.md", "outside.md"}, id="outside-src"),
])
def test_the_summary_publishes_what_it_links(text: str, pages: set[str]) -> None:
    assert listed("src/SUMMARY.md", text) == frozenset(pages)


def test_unlisting_makes_draft_chapters_and_keeps_the_rest() -> None:
    got = unlist(SUMMARY, "src/SUMMARY.md", ["src/ch 02.md", "src/foreword.md"])
    assert "[Foreword]()" in got and "- [Spaces]()" in got
    assert got.replace("[Foreword]()", "[Foreword](foreword.md)").replace(
        "[Spaces]()", "[Spaces](ch%2002.md#top)") == SUMMARY
    assert listed("src/SUMMARY.md", got) == frozenset({"src/SUMMARY.md", CHAPTERS[1], CHAPTERS[2],
                                                       CHAPTERS[4]})


def _book(repo: Repo) -> None:
    repo.write("book.toml", '[book]\ntitle = "The Book"\nsrc = "src"\n')
    repo.write("src/SUMMARY.md", SUMMARY)
    for p in CHAPTERS:
        repo.write(p, f"# {p}\n\nA chapter that says what it means.\n")
    repo.write("src/unlisted.md", "# Notes\n\nNot in the book yet.\n")
    repo.write("src/redirect.html", "<p>This chapter moved.</p>\n")  # copied as it is
    repo.write("src/img/figure.svg", "<svg/>\n")
    repo.write("nostarch/chapter01.md", "# The publisher's copy\n")
    repo.write("redirects/ch01.md", "% Moved\n")
    repo.write("ADMIN_TASKS.md", "# Things to do\n")
    repo.write("tools/update.sh", "#!/bin/sh\n")


def test_a_book_gates_the_chapters_its_summary_links(repo: Repo, rg: Run) -> None:
    _book(repo)
    rc, out, _ = rg("init")
    assert rc == 0 and "wrote .receipt-gate.yaml: an mdBook book," in out
    assert _gated(rg) == {"src/SUMMARY.md", *CHAPTERS, "src/redirect.html"}
    doc = json.loads(rg("status", "--all", "--format", "json")[1])
    assert {d["draft"]: d.get("status") for d in doc["drafts"] if not d["gated"]} == {
        "src/unlisted.md": "drafted"}
    for other in ("nostarch/chapter02.md", "ADMIN_TASKS.md", "tools/new.sh", "book.toml"):
        assert not _takes(repo, other), other
    # Linked, a page is published, so gated.
    repo.write("src/SUMMARY.md", SUMMARY + "\n[Notes](unlisted.md)\n")
    assert "src/unlisted.md" in _gated(rg)


def test_unpublish_makes_a_failing_chapter_a_draft_chapter(repo: Repo, rg: Run) -> None:
    _book(repo)
    repo.write("src/appendix.md", "# Appendix\n\n" + TELLS + ".\n")
    assert rg("init")[0] == 0
    rc, out, _ = rg("adopt")
    assert rc == 1 and "receipt-gate adopt --unpublish  make the 1 failing page draft" \
        " chapters in src/SUMMARY.md" in out
    rc, out, err = rg("adopt", "--unpublish")
    assert rc == 0, out + err
    assert "did --unpublish: made 1 page draft chapters in src/SUMMARY.md" in out
    assert "[Appendix]()" in repo.read("src/SUMMARY.md")
    assert repo.read("src/appendix.md").startswith("# Appendix")  # no front matter written
    assert "src/appendix.md" not in _gated(rg)
    assert rg("verify")[0] == 0


def test_a_summary_the_gate_cannot_read_holds_nothing_back(repo: Repo, rg: Run) -> None:
    _book(repo)
    assert rg("init")[0] == 0
    (repo.path / "src" / "SUMMARY.md").unlink()
    gated = _gated(rg)
    assert "src/unlisted.md" in gated  # nothing held back
