from __future__ import annotations

import pytest

from receipt_gate.base.text import decode
from receipt_gate.reading.frontmatter import read as read_front_matter
from receipt_gate.reading.pageparts import opening_paragraph
from receipt_gate.reading.prose import prose_lines


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param("---\ntitle: delve\n---\nbody\n", ["", "", "", "body", ""], id="front-matter"),
        pytest.param("a\n```\ndelve\n```\nb", ["a", "", "", "", "b"], id="fenced-backticks"),
        pytest.param("~~~~\nx\n~~~\ny\n~~~~\nz", ["", "", "", "", "", "z"], id="longer-fence"),
        pytest.param("```\nnever closed\n", ["", "", ""], id="unclosed-fence-runs-to-end"),
        pytest.param("say `delve` now", ["say         now"], id="inline-code"),
        pytest.param("``a ` b`` c", ["          c"], id="double-backtick-span"),
        pytest.param("one `two\nthree` four", ["one", "       four"], id="span-across-lines"),
        pytest.param("no `close here", ["no `close here"], id="lone-backtick-is-text"),
        # A comment is filled with NULs, which the reader's view drops (d<!-- -->ive).
        pytest.param("a <!-- hidden --> b", ["a " + "\0" * 15 + " b"], id="html-comment"),
        pytest.param(  # an unclosed --- opens no front matter: it is a thematic break
            "---\nnot closed\n", ["", "not closed", ""], id="dash-line-not-front-matter"
        ),
    ],
)
def test_prose_lines(text: str, expected: list[str]) -> None:
    assert [line.rstrip() for line in prose_lines(text)] == expected


def test_prose_keeps_positions() -> None:
    text = "x `code` delve\n"
    assert prose_lines(text)[0].index("delve") == text.index("delve")


@pytest.mark.parametrize(
    ("text", "line", "first"),
    [
        pytest.param(
            "---\ntitle: t\n---\n# T\n\nHook here.\nsecond\n\nnext",
            6,
            "Hook here. second",
            id="front-matter-and-title",
        ),
        pytest.param("Title\n=====\n\nHook.\n", 4, "Hook.", id="setext-title"),
        pytest.param("# T\n## Sub\nHook.\n", 3, "Hook.", id="subheading-skipped"),
        pytest.param("Hook first.\n", 1, "Hook first.", id="no-title"),
        pytest.param("# T\n```\ncode\n```\nHook.", 5, "Hook.", id="fence-skipped"),
    ],
)
def test_opening_paragraph(text: str, line: int, first: str) -> None:
    block = opening_paragraph(text)
    assert block is not None
    assert (block.line, block.text) == (line, first)


@pytest.mark.parametrize("text", ["", "---\ntitle: t\n---\n# Only a title\n", "\n\n"])
def test_no_opening_paragraph(text: str) -> None:
    assert opening_paragraph(text) is None


def test_front_matter_fields() -> None:
    fm = read_front_matter("---\ntitle: 'A: b'\nstatus: ready\n---\nstatus: no\n", "d.md")
    assert (dict(fm.fields), dict(fm.lines)) == (
        {"title": "A: b", "status": "ready"},
        {"title": 2, "status": 3},
    )


@pytest.mark.parametrize(
    ("data", "reason"),
    [
        pytest.param(b"\xff\xfeabc", "d.md: not UTF-8 (byte 0xff at offset 0)", id="not-utf8"),
        pytest.param(b"a\0b", "d.md: not a text draft (contains NUL bytes)", id="binary"),
    ],
)
def test_decode_refuses(data: bytes, reason: str) -> None:
    assert decode("d.md", data) == reason


def test_decode_folds_bom_and_crlf() -> None:
    d = decode("d.md", b"\xef\xbb\xbfa\r\nb\r\n")
    assert not isinstance(d, str)
    assert d.text == "a\nb\n"
    assert d.data == b"\xef\xbb\xbfa\r\nb\r\n"


def test_delimited_spans_are_what_the_regular_expression_finds() -> None:
    """The linear-time finder of comments and template tags agrees with the regular
    expression it stands for (leftmost, alternatives in order, the first closing) on
    every short string of the marks that matter."""
    import random
    import re

    from receipt_gate.reading.inline import COMMENT, STRICT_COMMENT, TAGS, TEMPLATE

    rnd = random.Random(34)
    for finder in (COMMENT, STRICT_COMMENT, TEMPLATE, TAGS):
        rx = re.compile(finder.pattern, re.DOTALL)
        for _ in range(20_000):
            text = "".join(rnd.choice("{}%#<!->a\n") for _ in range(rnd.randint(0, 14)))
            assert [m.span() for m in finder.finditer(text)] == [
                m.span() for m in rx.finditer(text)
            ], (finder.pattern, text)
