from __future__ import annotations

import pytest

from receipt_gate_hooks.hook_length import measure_hook
from tests.conftest import Repo, Run


@pytest.mark.parametrize(
    ("text", "max_chars", "max_lines", "expected"),
    [
        pytest.param(
            "# T\n\n" + "x" * 281,
            280,
            3,
            [(3, "opening paragraph is 281 characters, over max_chars 280")],
            id="too-long",
        ),
        pytest.param(
            "# T\n\na  \nb\\\nc<br>\nd\n",
            280,
            3,
            [(3, "opening paragraph is 4 lines, over max_lines 3")],
            id="too-many-lines",
        ),
        pytest.param(
            "# T\n\na\nb\nc\nd\n",
            280,
            3,
            [],
            id="wrapped-source-is-one-rendered-line",
        ),
        pytest.param(
            "+++\ntitle = 'x'\n+++\n{{< new-in 0.1 />}}\n\n> [!NOTE]\n> "
            + "n " * 200
            + '\n\n<div class="alert note">\n'
            + "h " * 200
            + "\n</div>\n\n<h2>Part</h2>"
            "\n\n<img src=a.png>\n\n<!--\n" + "c " * 200 + "\n-->\n\nThe hook.\n",
            20,
            1,
            [],
            id="toml-shortcode-admonition-html-skipped",
        ),
        # What readers see first is an HTML paragraph: it is the opening, tags out (it
        # was skipped, and the short paragraph after it measured).
        pytest.param(
            '# T\n\n<p class="lead">' + "word " * 60 + "</p>\n\nShort.\n",
            280,
            3,
            [(3, "opening paragraph is 299 characters, over max_chars 280")],
            id="html-paragraph-first",
        ),
        pytest.param(
            "# T\n\n<div>\na<br>b<br/>c<br>d\n</div>\n\nShort.\n",
            280,
            3,
            [(3, "opening paragraph is 4 lines, over max_lines 3")],
            id="html-div-lines",
        ),
        pytest.param(
            "# T\n\n<!-- lede --> " + "word " * 60 + "\n\nShort.\n",
            280,
            3,
            [(3, "opening paragraph is 299 characters, over max_chars 280")],
            id="text-after-a-comment-is-shown",
        ),
        pytest.param(
            "---\nt: 1\n---\n# T\n\n" + "y " * 200,
            100,
            1,
            [(6, "opening paragraph is 399 characters, over max_chars 100")],
            id="after-front-matter",
        ),
        pytest.param(
            "<div>\n  <h2>Hello</h2>\n  <p>" + "word " * 60 + "</p>\n  <p>Short.</p>\n</div>\n",
            280,
            3,
            [(1, "opening paragraph is 299 characters, over max_chars 280")],
            id="an-html-block-s-first-paragraph-not-its-heading",
        ),
        pytest.param(
            "# Only a title\n\n- a list\n- of links\n",
            280,
            3,
            [],  # a page with no prose paragraph (a list, a landing page) has no hook
            id="no-hook-to-measure",
        ),
    ],
)
def test_refuses(
    text: str, max_chars: int, max_lines: int, expected: list[tuple[int, str]]
) -> None:
    assert [(f.line, f.message) for f in measure_hook(text, max_chars, max_lines)] == expected


@pytest.mark.parametrize(
    "text",
    [
        pytest.param("# T\n\n" + "x" * 280, id="exactly-max-chars"),
        pytest.param("# T\n\na\nb\nc\n\n" + "long " * 500, id="only-the-opening-paragraph-counts"),
        pytest.param(
            "---\ntitle: " + "t" * 400 + "\n---\nShort hook.", id="front-matter-not-counted"
        ),
        pytest.param(  # (round 93, the Jekyll docs' home page)
            '<section class="intro">\n  <p class="first">Transform your text.</p>\n'
            "</section>\n<section>\n  <h2>Simple</h2>\n  <p>"
            + "No more databases. " * 30
            + "</p>\n</section>\n",
            id="an-html-block-s-first-paragraph",
        ),
    ],
)
def test_passes(text: str) -> None:
    assert measure_hook(text, 280, 3) == []


def test_a_refusal_names_the_setting_that_decides_it(content: Repo, rg: Run) -> None:
    """ "fix the findings above" did not say max_chars decides: the hint names it."""
    content.write("drafts/long.md", "---\nstatus: ready\n---\n" + "An opening line. " * 30 + "\n")
    rc, out, _ = rg("run")
    assert rc == 1
    assert (
        "hint: an opening over max_chars or max_lines: cut it, or set the limit your"
        " readers see (checks.hook-length.max_chars in .receipt-gate.yaml: 280 is a"
        " social post's hook)"
    ) in out


@pytest.mark.parametrize(
    ("generator", "kind", "chars"),
    [
        ("", "post", 280),
        ("mkdocs", "docs", 400),
        ("mdbook", "docs", 400),
        ("plain", "docs", 400),
        ("jekyll", "blog", 600),
        ("hugo", "blog", 600),
        ("eleventy", "blog", 600),
        ("docusaurus", "blog", 600),
    ],
)
def test_init_writes_the_limit_that_suits_the_pages(generator: str, kind: str, chars: int) -> None:
    """A social post's hook is not a blog's opening (measured: docs/checks.md)."""
    from receipt_gate.sites.layout import Layout
    from receipt_gate_hooks.hook_length import page_kind, starter

    layout = Layout("x", ["drafts/**/*.md"], [], None, 0, generator=generator)
    assert page_kind(layout) == kind
    use, comments, settings = starter(layout)
    assert use and settings == {"max_chars": chars, "max_lines": 3}
    assert str(chars) in comments[0]


@pytest.mark.parametrize(
    "opening",
    ['{{{{ "{}" }}}}', '{{% assign o = "{}" | strip %}}{{{{ o }}}}'],
    ids=["literal", "assigned"],
)
def test_an_opening_liquid_prints_is_measured(content: Repo, rg: Run, opening: str) -> None:
    """The fifteenth pass: Jekyll printed a 965-character opening from a Liquid literal,
    and the check skipped the line as template tags alone."""
    long = "An opening line. " * 30
    content.write("drafts/long.md", "---\nstatus: ready\n---\n" + opening.format(long) + "\n")
    rc, out, _ = rg("run")
    assert rc == 1 and "opening paragraph is" in out, out
