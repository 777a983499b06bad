from __future__ import annotations

import html
import importlib.util
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from receipt_gate_hooks.ai_tells import (
    IDIOM_PATTERNS,
    IDIOMS,
    PATTERNS,
    PHRASES,
    _attributes_shown,
    compile_rules,
    find_tells,
)
from tests.conftest import Repo, Run

# The reading is tested with the hard bans the first releases had by default (a team
# may still ban them: `phrases:`): every way a page can show a banned phrase is found.
STRICT_PHRASES = (
    *IDIOMS[:16],
    "i hope this email finds you well",
    "as an ai language model",
    *IDIOMS[16:18],
)
STRICT_PATTERNS = (IDIOM_PATTERNS[0], *PATTERNS)
RULES = compile_rules(STRICT_PHRASES, STRICT_PATTERNS)
_MORE = "Plain.\n<!--more-->\n\n"
# The page's own words, more of them than a quote holds (a page mostly of quotation is
# read whole: gate.reading.prose).
OWN = "The cache keeps the objects of the last build on disk and reads them back.\n\n"


def tells(text: str) -> list[tuple[int, int, str]]:
    return [(f.line, f.col, f.message) for f in find_tells(text, RULES)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param(
            "We delve into it.",
            [
                (
                    1,
                    4,
                    'banned pattern matched "delve into": '
                    "(?i)\\bdelv(?:e|es|ed|ing)\\s+(?:into|deeper)\\b",
                )
            ],
            id="delve-pattern",
        ),
        pytest.param(
            "A rich tapestry of x.",
            [(1, 1, 'banned phrase "a rich tapestry"')],
            id="phrase",
        ),
        pytest.param(
            "In today’s fast-paced world x.",
            [(1, 1, 'banned phrase "in today\'s fast-paced world"')],
            id="curly-apostrophe",
        ),
        pytest.param(
            "---\ntitle: We delve into it\n---\nPlain.",
            [
                (
                    2,
                    11,
                    'banned pattern matched "delve into":'
                    " (?i)\\bdelv(?:e|es|ed|ing)\\s+(?:into|deeper)\\b",
                )
            ],
            id="front-matter-title",
        ),
        pytest.param(
            '---\ntitle: "In \u0441onclusion"\n---\nPlain.',
            [(2, 9, 'banned phrase "in conclusion"')],
            id="front-matter-title-with-a-cyrillic-c",
        ),
        pytest.param(
            "Text.[^1]\n\n[^1]: A note.\n\n    In conclusion, the footnote's second paragraph.",
            [(5, 5, 'banned phrase "in conclusion"')],
            id="footnote-definition",
        ),
        pytest.param(
            "---\nsummary: We delve into it\n---\nPlain.",
            [
                (
                    2,
                    13,
                    'banned pattern matched "delve into":'
                    " (?i)\\bdelv(?:e|es|ed|ing)\\s+(?:into|deeper)\\b",
                )
            ],
            id="any-front-matter-string",
        ),
        pytest.param(
            "<div>\nin conclusion\n</div>\n",
            [(2, 1, 'banned phrase "in conclusion"')],
            id="html-block-text",
        ),
        pytest.param(
            'Note {{ "In conclusion, it works." }}\n',
            [(1, 10, 'banned phrase "in conclusion"')],
            id="a-string-a-tag-prints",
        ),
        pytest.param(
            "{% raw %}In conclusion, it works.{% endraw %}\n",
            [(1, 10, 'banned phrase "in conclusion"')],
            id="a-raw-pair",
        ),
        pytest.param(
            "A game-{{< x >}}changer.\n",
            [(1, 3, 'banned phrase "game-changer"')],
            id="an-empty-tag-inside-words",
        ),
        pytest.param(
            "Note <!--> In conclusion, it works. -->\n",
            [(1, 12, 'banned phrase "in conclusion"')],
            id="an-empty-comment",
        ),
        pytest.param(
            "[In conclusion, it works.][nope]\n",
            [(1, 2, 'banned phrase "in conclusion"')],
            id="an-undefined-reference",
        ),
        pytest.param(
            "```\nIn conclusion, it works.\n",
            [(2, 1, 'banned phrase "in conclusion"')],
            id="a-fence-that-never-closes",
        ),
        pytest.param(
            "In \u202enoisulcnoc\u202c it works.\n",
            [
                (
                    1,
                    1,
                    'banned phrase "in conclusion", as a browser draws the line'
                    " (right-to-left text reorders it)",
                ),
                (1, 4, "a direction override (U+202E) reorders what readers see: remove it"),
            ],
            id="a-direction-override",
        ),
        pytest.param(
            "a\nin today's\n  fast-paced world",
            [(2, 1, 'banned phrase "in today\'s fast-paced world"')],
            id="phrase-across-a-line-break",
        ),
        pytest.param(
            "---\ntitle: t\n---\nA real game-changer.",
            [(4, 8, 'banned phrase "game-changer"')],
            id="after-front-matter",
        ),
        pytest.param(
            "Certainly! Here it is.",
            [(1, 1, f'banned pattern matched "Certainly!": {PATTERNS[0]}')],
            id="certainly",
        ),
        pytest.param(
            "x\n\nIn conclusion, and a rich tapestry of lies.",
            [(3, 1, 'banned phrase "in conclusion"'), (3, 20, 'banned phrase "a rich tapestry"')],
            id="two-in-order",
        ),
        pytest.param(
            "Great question! Here it is.",
            [
                (
                    1,
                    1,
                    f'banned pattern matched "Great question": {PATTERNS[1]}',
                )
            ],
            id="great-question-as-a-model-opens",
        ),
    ],
)
def test_finds(text: str, expected: list[tuple[int, int, str]]) -> None:
    assert tells(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        pytest.param("---\nlayout: post\ntags: [delve, into]\n---\nPlain.", id="front-matter"),
        pytest.param("Use `in conclusion` as a key.", id="inline-code"),
        pytest.param(_MORE + "```\nin conclusion\n```\n", id="fenced-code"),
        pytest.param(_MORE + "~~~python\ngame changer = 1\n~~~", id="tilde-fence"),
        pytest.param("The tapestry-maker and the gamechanger.", id="not-whole-phrase"),
        pytest.param("in\n\nconclusion", id="not-across-paragraphs"),
        pytest.param("Delve is a word we mention.", id="delve-alone"),
        pytest.param("", id="empty"),
        pytest.param("That's a great question. Let me illustrate.", id="a-person-asked"),
        pytest.param('"Certainly!" she said, and left.', id="reported-speech"),
        pytest.param(
            "At the end of the day, it's worth noting: not just X, but Y.",
            id="everyday-idioms-are-off-by-default",
        ),
        pytest.param(
            OWN + "> In conclusion, a quote is someone else's.\n>\n> \u2014 Jane Doe",
            id="attributed-quote",
        ),
        pytest.param(
            OWN + "She wrote:\n\n> In conclusion, a quote is someone else's.", id="introduced-quote"
        ),
        pytest.param(
            OWN + "> \u201cIn conclusion, a quote is someone else's.\u201d",
            id="quote-in-quotation-marks",
        ),
        pytest.param("See [in conclusion](https://x.example).", id="link-text"),
        pytest.param(
            "It is important to note that people write this.",
            id="measured-on-human-writing-off-by-default",
        ),
        pytest.param(
            "{% highlight text %}\nin conclusion\n{% endhighlight %}\n", id="liquid-highlight"
        ),
        pytest.param(
            "<script>\nin_conclusion = 1\n</script>\n<!--\nin conclusion\n-->\n",
            id="script-and-comment-blocks",
        ),
        pytest.param(
            "<pre>\nin conclusion\n</pre>\n<style>\n/* in conclusion */\n</style>\n"
            "<!-- in conclusion --> Moved on.\n",
            id="pre-style-comment-blocks",
        ),
    ],
)
def test_finds_nothing(text: str) -> None:
    assert tells(text) == []


def test_idioms_are_banned_when_switched_on() -> None:
    from receipt_gate_hooks.ai_tells import IDIOM_PATTERNS, IDIOMS

    rules = compile_rules([*PHRASES, *IDIOMS], [*PATTERNS, *IDIOM_PATTERNS])
    found = find_tells("At the end of the day, it's worth noting: not just X, but Y.", rules)
    assert len(found) == 3


@pytest.mark.parametrize(
    "text",
    [
        "I hope th\u0130s email finds you well.",  # dotted capital I matches i case-insensitively
        "Les's dive in, or rather: let'\u017f dive in.",  # long s matches s
        "Time to unloc\u212a the power.",  # the Kelvin sign matches k
        "\u0130n conclusion, that.",
    ],
)
def test_letters_that_fold_to_ascii_do_not_slip_past_the_needles(text: str) -> None:
    found = find_tells(text, RULES)
    assert len(found) == 1, found


# Drafts GitHub renders with "in conclusion" in plain sight, each of which got a commit
# past the gate when prose was first read with cmark-gfm's emphasis and HTML rules (an
# adversary's, 2026-12-02): marks paired across blocks and table cells, flanking judged
# on blanked comments and links, lower-case declarations, Unicode white space and blank
# lines inside a "tag" or comment, brackets inside a processing instruction, reference
# definitions cmark rejects.
@pytest.mark.parametrize(
    "body",
    [
        "- foo *bar\n- in con*clu*sion, the list item stands.\n",
        "| a | b |\n|---|---|\n| x *y | in con*clu*sion |\n",
        "# Title *x\nin con*clu*sion, the heading ate a mark.\n",
        "in *<!---->con*clusion, the comment sits inside.\n",
        "in *[](x)con*clusion, the empty link sits inside.\n",
        "Words <_`x`  in con_**clusion** follow.\n",
        "Then ~in<!---->~&nbsp;conclusion it ends.\n",
        "Note <!in conclusion> here.\n",
        "Say <x\u00a0in\u00a0conclusion> now.\n",
        "foo <x\n\nin conclusion\n\ny> bar\n",
        "foo <!-- bar\n\nin conclusion\n\nend -->\n",
        "See [in conclusion <?](x) ?> now.\n",
        "foo\n[ref]: /u\n\n[in conclusion][ref]\n",
        '[ref]: /u "t" x\n\n[in conclusion][ref]\n',
        # A second adversary's: a lower-case declaration line (an HTML block to markdown-it,
        # text to GitHub), a label with a Unicode space, a code span in a shortcut label, a
        # comment from a table's header into its body and from a heading into the paragraph
        # under it, a footnote "definition" after text.
        "<!in conclusion> the log said, and we moved on.\n",
        "[in conclusion][x\u2003] we moved on.\n\n[x]: /u\n",
        "[in conclusion `x`] we moved on.\n\n[in conclusion]: /u\n",
        "Notes <!--\n|---|\nin conclusion, we moved on -->\n",
        "## Wrap-up <!--\nin conclusion, we moved on -->\n",
        "> 3[^in&#32;conclusion]: x\n\nFinal [^in&#32;conclusion] here.\n",
    ],
)
def test_what_the_page_shows_is_matched(body: str) -> None:
    import cmarkgfm

    shown = re.sub(r"<[^>]*>", "", cmarkgfm.github_flavored_markdown_to_html(body))
    assert "conclusion" in html.unescape(shown).replace("\xa0", " ")  # the page shows it
    found = find_tells("Plain opening.\n\n" + body, RULES)
    assert {f.message for f in found} == {'banned phrase "in conclusion"'}, body


# What some generator shows although GitHub hides or drops it (a third outside pass,
# with the real jekyll, hugo and mkdocs as the oracle): text after a comment on its
# last line (the whole line is the HTML block, printed as is), a <textarea>'s text,
# what kramdown escapes into text (a processing instruction, CDATA, a declaration), and
# a table row's cells past the header's (kramdown renders them).
@pytest.mark.parametrize(
    "body",
    [
        "<!-- lede --> In conclusion, we moved on.\n",
        "<!--\nnote\n--> In conclusion, we moved on.\n",
        "<textarea>In conclusion, we moved on.</textarea>\n",
        "<?php In conclusion, we moved on. ?>\n",
        "<![CDATA[ In conclusion, we moved on. ]]>\n",
        "<!DOCTYPE In conclusion, we moved on.>\n",
        "<script>\nx = 1\n</script> In conclusion, we moved on.\n",
        "| a |\n|---|\n| b | In conclusion, we moved on. |\n",
        # Text a browser hides, or a template comment, inside a phrase (an outside pass):
        # the reader sees the phrase whole. (aria-hidden hides nothing from the eye.)
        "In con<span hidden>x</span>clusion, we moved on.\n",
        'In con<span style="color: red; display:none">zz</span>clusion, we moved on.\n',
        "In con<b style='visibility: hidden'>q</b>clusion, we moved on.\n",
        "<span hidden>x</span>In conclusion, we moved on.\n",
        "In con{% comment %}x{% endcomment %}clusion, we moved on.\n",
        "In con{%- comment -%}{%- endcomment -%}clusion, we moved on.\n",
        # A third outside pass, each shown by jekyll, MkDocs and Eleventy: a comment a browser
        # ends at `<!-->` or `--!>`, an element whose name only starts like script's, what
        # kramdown prints nothing for.
        "<!-->In conclusion, we moved on.<!-- -->\n",
        "<!-- note --!>In conclusion, we moved on. <!-- end -->\n",
        "<pre></pre><script-x>In conclusion, we moved on.</script-x><script></script>\n",
        'In con{::options auto_ids="true" /}clusion, we moved on.\n',
        "In *con*{: .x}clusion, we moved on.\n",
    ],
)
def test_what_a_generator_shows_is_matched(body: str) -> None:
    found = find_tells("Plain opening.\n\n" + body, RULES)
    assert {f.message for f in found} == {'banned phrase "in conclusion"'}, body


@pytest.mark.parametrize(
    "fence",
    [
        " ```\nIn conclusion, x.\n ```\n",  # a code span to Python-Markdown
        "- item\n\n    ~~~\n    In conclusion, x.\n    ~~~\n",  # text, in a list item
        "  ~~~\n  In conclusion, x.\n  ~~~\n",
        "```\nIn conclusion, x.\n````\n",  # no closer of the same length: text
        "```\nIn conclusion.\n````\nmore\n```\n",  # its closer comes later: code
        '```python title="a"\nIn conclusion, x.\n```\n',  # a code span
        "```python\nIn conclusion, x.\n```\n",
        "``` { .py }\nIn conclusion, x.\n```\n",
        "~~~~\nIn conclusion, x.\n~~~~~\n",
    ],
)
def test_a_fence_python_markdown_shows_as_text_is_read_as_text(fence: str) -> None:
    """MkDocs (Python-Markdown's fenced_code) takes a fence only at the start of a line,
    with a language or attributes after it, closed by the very same run: another fence
    is a paragraph there. Python-Markdown itself says what the page shows."""
    markdown = pytest.importorskip("markdown")
    page = markdown.markdown(_MORE + fence, extensions=["fenced_code", "tables", "toc"])
    shown = "In conclusion" in re.sub(r"(?s)<code.*?</code>", "", page)
    found = find_tells(_MORE + fence, RULES)
    assert bool(found) == shown, page


@pytest.mark.parametrize(
    "body",
    [
        "In [conclusion](#x), we moved on.\n",
        "I[n](#x) conclusion, we moved on.\n",
        "We say in [conc](#a)[lusion](#b) and move on.\n",
        "In [conclusion][r], we moved on.\n\n[r]: /u\n",
    ],
)
def test_a_phrase_a_link_only_ends_or_begins_is_the_authors(body: str) -> None:
    """Link text is left out by default (the name of the page it points to), but a
    sentence that runs into a link (the adversary's `In [conclusion](#)`) is prose: the
    page shows "In conclusion", and the link's markup joins what it sits between."""
    import cmarkgfm

    shown = html.unescape(
        re.sub(r"<[^>]*>", "", cmarkgfm.github_flavored_markdown_to_html(body))
    ).lower()
    assert "in conclusion" in shown  # the page shows the phrase whole
    found = find_tells("Plain opening.\n\n" + body, RULES)
    assert {f.message for f in found} == {'banned phrase "in conclusion"'}, body
    # A link's text alone is still the link's name, as documented.
    assert find_tells("See [in conclusion, a post](#x).\n", RULES) == []


@pytest.mark.parametrize(
    ("body", "found"),
    [
        # (round 97 t01: a sentence made a link names no page)
        ("Intro.\n\n[As an AI language model, I cannot help with that.](/help/)\n", True),
        ("Intro.\n\n[As an AI language model, can I help you today?](/help/)\n", True),
        # (a page's name: no closing mark of its own, or too few words)
        ("Read [As an AI language model: a history](/x/) today.\n", False),
        ("See [in conclusion.](/x/) now.\n", False),
        ("Intro.\n\n![As an AI language model, I cannot share.](gone.png)\n", True),
    ],
)
def test_link_text_that_is_a_whole_sentence_is_the_authors(body: str, found: bool) -> None:
    assert bool(find_tells(body, RULES)) == found, body


def test_a_stray_mark_hides_no_phrase() -> None:
    """`in con*clusion` shows its `*`; the phrase is matched all the same (ai-tells drops
    every mark, where words and numbers are read exactly), and a mark that is text
    between two words (`one~~~in conclusion`) joins nothing (it reads both ways)."""
    found = find_tells(
        "in con*clusion, a stray mark.\n\nAnd in *conclusion too.\n\nPart"
        " one~~~in conclusion.\n\nAnd x*in conclusion.\n",
        RULES,
    )
    assert [f.message for f in found] == ['banned phrase "in conclusion"'] * 4


@pytest.mark.parametrize(
    "page",
    [
        "---\ntitle: t\nx: con\n---\n\nIn {{ page.x }}clusion, the build is fast.\n",  # Jekyll
        "---\ntitle: t\nx: con\n---\n\nIn {{ x }}clusion, the build is fast.\n",  # Eleventy
        '---\ntitle: t\nx: con\n---\n\nIn {{< param "x" >}}clusion, fast.\n',  # Hugo
        "---\ntitle: t\nx: conclusion\n---\n\nIn {{ page.x | downcase }}, fast.\n",
        '---\ntitle: t\nx: con\neleventyComputed:\n  description: "In {{ x }}clusion."\n---\nB.\n',
        # A second pass: a value under a key or in a list, by any spelling of its path.
        "---\ntitle: t\na:\n  x: con\n---\n\nIn {{ page.a.x }}clusion, fast.\n",
        '---\ntitle: t\na:\n  x: con\n---\n\nIn {{ page["a"]["x"] }}clusion, fast.\n',
        '---\ntitle: t\na:\n  x: con\n---\n\nIn {{< param "a.x" >}}clusion, fast.\n',
        '---\ntitle: t\nw: [In, conclusion]\n---\n\n{{ page.w | join: " " }}, fast.\n',
        "---\ntitle: t\nw: [con, x]\n---\n\nIn {{ w[0] }}clusion, fast.\n",
    ],
)
def test_a_value_of_the_pages_own_printed_by_name_is_read(page: str) -> None:
    """An outside pass: the page's own front matter printed by the generator's template
    syntax inside a word (jekyll, hugo and Eleventy showed "In conclusion")."""
    found = find_tells(page, RULES, path="posts/a.md")
    assert 'banned phrase "in conclusion"' in [f.message for f in found]


def test_a_value_that_names_itself_is_read_once() -> None:
    """A review: `x: "{{x}}{{x}}"` doubled at each reading, to memory's end."""
    import time

    started = time.monotonic()
    page = '---\ntitle: k\nx: "{{x}}{{x}}"\n---\nText {{x}}\n'
    assert find_tells(page, RULES, path="posts/k.md") == []
    assert time.monotonic() - started < 5


@pytest.mark.parametrize(
    "body",
    [
        '{"In con" + "clusion"}, we moved on.',  # MDX (Docusaurus) prints the expression
        'It is a game{" "}changer, we saw.',
        '[d]: https://example.org "In conclusion\nthis title runs on"',  # Python-Markdown,
    ],
)  # kramdown: a paragraph
def test_what_mdx_or_a_loose_title_prints_is_read(body: str) -> None:
    found = find_tells(f"A post.\n\n{body}\n", RULES)
    assert found and all(f.message.startswith("banned phrase") for f in found), found


def test_the_words_of_a_files_name_are_read() -> None:
    """MkDocs titles a page without a heading by its file's name, in every page's nav."""
    rules = RULES
    found = find_tells("Plain text.\n", rules, path="docs/in-conclusion-we-won.md")
    assert [(f.line, f.message) for f in found] == [
        (1, 'banned phrase "in conclusion" (in the file\'s name)')
    ]
    assert find_tells("Plain text.\n", rules, path="_posts/2024-01-01-a-plain-post.md") == []


def test_front_matter_in_code_is_a_finding() -> None:
    """Eleventy runs gray-matter's `---js` block as code: what it sets cannot be read,
    so ai-tells refuses it (a finding the baseline can hold: Eleventy's own site has
    such a page), and its code is no prose."""
    page = '---js\nlet title = "In con" + "clusion";\n---\nBody.\n'
    found = find_tells(page, RULES, path="posts/a.md")
    assert [(f.line, f.message.split(" (")[0]) for f in found] == [
        (1, "front matter in JavaScript")
    ]


@pytest.mark.parametrize(
    "body",
    [
        "- item\n\n      In conclusion, six spaces after an item.\n",
        "1. item\n\n       In conclusion, seven spaces after one.\n",
        "<div>\n\n    In conclusion, in an element across blank lines.\n\n</div>\n",
    ],
)
def test_what_python_markdown_shows_of_an_indented_block_is_read(body: str) -> None:
    """An outside pass: MkDocs (Python-Markdown) shows these as paragraphs, where
    CommonMark reads indented code; a plain indented block is read too (round 65:
    Eleventy's markdown-it, indented code off since Eleventy 2.0, shows a paragraph)."""
    if importlib.util.find_spec("markdown") is not None:
        import markdown

        shown = re.sub(r"<(pre|code)>.*?</\1>", "", markdown.markdown(body), flags=re.S)
        assert "In conclusion" in shown
    rules = RULES
    assert [f.message for f in find_tells(_MORE + body, rules)] == ['banned phrase "in conclusion"']
    plain = find_tells(_MORE + "A paragraph.\n\n    In conclusion, code.\n", rules)
    assert [f.message for f in plain] == ['banned phrase "in conclusion"']
    fenced = "A paragraph.\n\n```\nIn conclusion, code.\n```\n"
    assert find_tells(_MORE + fenced, rules) == []  # (code to every renderer)


def test_a_filler_drawn_as_nothing_hides_nothing() -> None:
    """An outside pass: a Hangul filler inside a word (read as a blank the width of a
    letter) hid the phrase where a font draws it as nothing; it is read both ways."""
    rules = RULES
    # and the spaces so narrow a word they split reads as one (a second pass)
    for c in (
        "\u1160",
        "\u3164",
        "\uffa0",
        "\u115f",
        "\u2006",
        "\u2008",
        "\u2009",
        "\u200a",
        "\u202f",
        "\u205f",
    ):
        for text in (f"in conclu{c}sion, we moved on.\n", f"in{c}conclusion, we moved on.\n"):
            assert [f.message for f in find_tells(text, rules)] == [
                'banned phrase "in conclusion"'
            ], hex(ord(c))


@pytest.mark.parametrize(
    "reference",
    [
        *("&#x115F;", "&#4447;", "&hairsp;", "&thinsp;", "&puncsp;", "&#x202F;", "&#x3164;"),
        *("&#4447", "&#8202", "&#x115f"),  # (round 54: numeric, no `;`, as HTML decodes)
    ],
)
def test_a_filler_written_as_a_reference_hides_nothing(reference: str) -> None:
    """Round 53: a filler or a narrow space written as a character reference
    (`conclu&#x115F;sion`), which Hugo passes through and a browser decodes, hid the
    phrase the same character written raw does not; `&amp;` and the like stay text."""
    text = f"in conclu{reference}sion, we moved on.\n"
    found = find_tells(text, RULES)
    assert [(f.line, f.col, f.message) for f in found] == [(1, 1, 'banned phrase "in conclusion"')]
    assert find_tells("in conclu&amp;sion, we moved on.\n", RULES) == []


def test_every_default_ignorable_is_dropped() -> None:
    """U+2060-U+206F (word joiner, invisible operators, the unassigned U+2065) draw as
    nothing: dropped inside a phrase like a zero-width space."""
    for c in ("\u2060", "\u2064", "\u2065", "\u206f"):
        found = find_tells(f"in conclu{c}sion, we moved on.\n", RULES)
        assert [f.message for f in found] == ['banned phrase "in conclusion"'], hex(ord(c))


@pytest.mark.skipif(shutil.which("hugo") is None, reason="hugo is not installed")
@pytest.mark.parametrize(
    ("path", "page"),
    [
        ("content/posts/x.html", "---\ntitle: x\n---\n<p>Plain `in conclusion` text.</p>\n"),
        (
            "content/posts/y.md",
            "---\ntitle: y\nmarkup: html\n---\n<p>Plain</p>\n\n    in conclusion, indented\n",
        ),
        # go-org: an indented line, a fence and an HTML comment are paragraphs there.
        ("content/posts/z.org", "#+title: z\n\n    in conclusion, we moved on.\n"),
        (
            "content/posts/w.md",
            "---\ntitle: w\nmarkup: org\n---\n<!-- in conclusion, we moved on. -->\n",
        ),
    ],
)
def test_an_html_page_shows_what_markdown_would_read_as_code(
    tmp_path: Path, path: str, page: str
) -> None:
    """Hugo renders an .html page, or `markup: html`, as written: a backtick span or an
    indented line is text there (an outside pass published both), so ai-tells reads what
    the page shows; a script, style or comment it does not show stays unread."""
    site = tmp_path / "site"
    for name, text in {
        "hugo.toml": 'baseURL = "http://example.org/"\ntitle = "t"\n',
        "layouts/_default/single.html": "{{ .Content }}",
        "layouts/_default/list.html": "{{ .Content }}",
        path: page,
    }.items():
        (site / name).parent.mkdir(parents=True, exist_ok=True)
        (site / name).write_text(text)
    subprocess.run(["hugo", "--quiet", "-s", str(site)], check=True, capture_output=True)
    shown = "".join(p.read_text() for p in (site / "public").rglob("index.html"))
    assert "in conclusion" in html.unescape(re.sub(r"<[^>]*>", "", shown))
    found = find_tells(page, RULES, path=path)
    assert [f.message for f in found] == ['banned phrase "in conclusion"']
    assert (
        find_tells(
            "<script>let s = 'in conclusion'</script><!-- in conclusion -->\n", RULES, path="a.html"
        )
        == []
    )
    # The same backticks in a markdown page are code, as before.
    assert find_tells("Plain `in conclusion` text.\n", RULES, path="a.md") == []


def test_a_kramdown_comment_inside_a_phrase_hides_nothing() -> None:
    """kramdown renders `{::comment}x{:/comment}` as an HTML comment: the words around it
    join as they do around `<!-- x -->`."""
    rules = RULES
    found = find_tells("Text In{::comment}x{:/comment} conclusion here.\n", rules)
    assert [f.message for f in found] == ['banned phrase "in conclusion"']
    assert find_tells("Plain {::comment}in conclusion{:/comment} text.\n", rules) == []
    # Its raw HTML inline: the delimiters go, the HTML is on the page.
    found = find_tells("In {::nomarkdown}<b>conclusion</b>{:/nomarkdown}, yes.\n", rules)
    assert [f.message for f in found] == ['banned phrase "in conclusion"']


def _jekyll_pages(tmp_path: Path, bodies: list[str]) -> str:
    """What the real jekyll publishes of posts with these bodies (no layout), joined."""
    site = tmp_path / "site"
    (site / "_posts").mkdir(parents=True)
    (site / "_config.yml").write_text("title: t\n")
    for i, body in enumerate(bodies):
        (site / "_posts" / f"2024-01-{i + 1:02d}-p{i}.md").write_text(
            f"---\ntitle: p{i}\nlayout: null\n---\n{body}\n"
        )
    subprocess.run(
        ["jekyll", "build", "-q", "-s", str(site), "-d", str(site / "_site")],
        check=True,
        capture_output=True,
    )
    return "\n".join(p.read_text() for p in (site / "_site").rglob("*.html"))


# What Liquid prints, in shapes an outside pass built (each is "In conclusion" on the
# page Jekyll builds): a condition's branch, a trim marker joining lines, a captured or
# assigned text printed elsewhere, literals printed in order, a case, an empty loop.
_LIQUID = [
    "In {% if true %}con{% else %}con{% endif %}clusion, x.",
    "In {% if false %}x{% else %}conclusion{% endif %} y.",
    "In con\n{%- if true %}clusion{% endif %} z.",
    "In con {{- '' -}} clusion w.",
    "{% capture a %}In con{% endcapture %}\n\nhi\n\n{{ a }}clusion v.",
    '{% assign a = "In con" %}\n{{ a }}clusion u.',
    "In con{% case 1 %}zz{% when 1 %}{% when 2 %}foo{% endcase %}clusion t.",
    "In con{% for i in (1..1) %}{% endfor %}clusion s.",
    '{{ "In con" | append: "clusion" }} r.',
    "{{ 'In con' }}{{ 'clusion' }} q.",
    "{% if true %}In con{% else %}x{% endif %}{% if false %}y{% else %}clusion{% endif %} p.",
    # round 60: a comment or raw pair's own trim markers join paragraphs, and a
    # comment that holds a blank line prints nothing of it
    "In\n\n{%- comment %}{% endcomment %} conclusion, a.",
    "In\n\n{%- comment %}x{% endcomment %} conclusion, b.",
    "In{% comment %}x\n\n{%- endcomment %} conclusion, c.",
    "In\n\n{%- raw %}{% endraw %} conclusion, d.",
]


@pytest.mark.parametrize(
    "body",
    [
        '{{ "As an AI language model" | slugify: "raw" }}, I cannot browse the web.',
        '{{ "As an AI language model" | slugify: "pretty" | upcase }}, I cannot.',
    ],
)
def test_a_letter_keeping_filters_options_are_not_printed(body: str) -> None:
    """Jekyll prints `as-an-ai-language-model`: the option `raw` is no word of it
    (round 84 read `...language modelraw`)."""
    found = find_tells(f"---\ntitle: p\n---\n{body}\n", RULES, path="p.md")
    assert 'banned phrase "as an ai language model"' in [f.message for f in found], body


@pytest.mark.skipif(shutil.which("jekyll") is None, reason="jekyll is not installed")
def test_what_liquid_prints_is_read(tmp_path: Path) -> None:
    """Jekyll runs a post's Liquid before markdown reads it: ai-tells reads the page as
    it prints, in each choice its conditions make (real jekyll is the oracle)."""
    shown = _jekyll_pages(tmp_path, _LIQUID)
    rules = RULES
    for i, body in enumerate(_LIQUID):
        assert re.search(rf"In conclusion,? {body[-2]}\.", shown), body
        found = find_tells(f"---\ntitle: p{i}\n---\n{body}\n", rules, path="p.md")
        assert 'banned phrase "in conclusion"' in [f.message for f in found], body


@pytest.mark.parametrize(
    "body",
    [
        "In\n\n{#- a note #} conclusion, it grew.",  # (Nunjucks' comment trims too)
        "In {# a note -#}\n\nconclusion, it grew.",
    ],
)
def test_a_nunjucks_comments_trim_markers_join_what_they_strip(body: str) -> None:
    found = find_tells(f"---\ntitle: X\n---\n{body}\n", RULES, path="posts/x.md")
    assert 'banned phrase "in conclusion"' in [f.message for f in found], body
    assert find_tells(f"---\ntitle: X\n---\n{body.replace('-', '')}\n", RULES) == []


@pytest.mark.parametrize(
    "body",
    [
        '{{ "noisulcnoc nI" | split: "" | reverse | join: "" }}, o.',
        '{{ "clusion" | prepend: "In con" }}, n.',
        '{% assign a = "noisulcnoc nI" %}{{ a | reverse }}, m.',
        '{% cycle "In con", "x" %}clusion, l.',
        '{{ "In con" if true else "x" }}clusion, k.',
        '{{ ["In", "conclusion"] | join(" ") }}, j.',  # (Nunjucks: Eleventy shows the phrase)
    ],
)
def test_template_code_that_changes_its_literals_is_refused(body: str) -> None:
    """What a filter makes of a literal (reversed, prepended, chosen) is not read: the
    check says so at the tag rather than pass text it cannot see."""
    found = find_tells(f"Plain opening.\n\n{body}\n", RULES)
    said = [f.message.split(" (")[0] for f in found]
    assert said[0] == "template code computes the text readers see here", body
    # (the literals glued, `Inconclusion`, are the phrase run together: round 84)
    assert set(said[1:]) <= {'banned phrase "in conclusion"'}, body
    assert found[0].line == 3


def test_an_mdx_pages_jsx_object_is_no_template_tag() -> None:
    """Astro's docs: `metadata={{ video_title: '...' }}` on a JSX component of an MDX
    page was "template code computes the text": no template engine runs over MDX."""
    page = (
        '---\ntitle: X\n---\n\nPlain opening.\n\n<MuxPlayer\n  playbackId="DS00"\n'
        "  metadata={{ video_title: 'My Astro Video' }}\n/>\n\n"
        '{{ "clusion" | prepend: "In con" }}, n.\n\nMore text.\n'
    )
    said = [f.message.split(" (")[0] for f in find_tells(page, RULES, path="docs/a.mdx")]
    assert "template code computes the text readers see here" not in said
    said = [f.message.split(" (")[0] for f in find_tells(page, RULES, path="docs/a.md")]
    assert "template code computes the text readers see here" in said


def test_template_code_that_prints_plain_text_passes() -> None:
    """Conditions, loops, names and filters that keep the words are read, not refused:
    an honest page with template code passes (the real sites' pages do: see
    benchmarks/precision.py)."""
    rules = RULES
    for body in (
        "{% if page.url != '/x/' %}[The cascade](/x/){% else %}The cascade{% endif %}, in order.",
        "{%- if npm %} _The count is {{ npm.downloads | num }}._\n{%- endif %}",
        "{% for post in site.posts %}- {{ post.title }}\n{% endfor %}",
        "{% assign slug = page.title | slugify %}See [it]({{ slug | prepend: '/x/' }}).",
        "{% raw %}{{ 'x' | reverse }}{% endraw %} shows the code.",
        "`{{ 'noisulcnoc nI' | reverse }}` is code.",
    ):
        assert find_tells(f"Plain opening.\n\n{body}\n", rules) == [], body
    # Unpaired control tags: the engine would not build it, the check cannot read it.
    found = find_tells("In con{% if a %}x{% endfor %}clusion\n", rules)
    assert [f.message.split(" (")[0] for f in found] == ["template tags here do not pair"]


def _built(tool: str, site: Path) -> str:
    """What the generator publishes from this site, its markup out."""
    argv = {
        "hugo": ["hugo", "--quiet", "-s", str(site)],
        "eleventy": [_eleventy() or "", "--quiet", "--output=public"],
        "mkdocs": [sys.executable, "-m", "mkdocs", "build", "-q", "-f", str(site / "mkdocs.yml")],
    }[tool]
    subprocess.run(argv, check=True, capture_output=True, cwd=site)
    out = site / ("site" if tool == "mkdocs" else "public")
    return html.unescape(
        re.sub(r"<[^>]*>", "", "".join(p.read_text() for p in out.rglob("index.html")))
    )


_SITES = {
    "hugo": {
        "hugo.toml": 'baseURL = "http://example.org/"\ntitle = "t"\n',
        "layouts/_default/single.html": "<h1>{{ .Title }}</h1>{{ .Content }}",
        "layouts/_default/list.html": "{{ .Content }}",
    },
    "mkdocs": {"mkdocs.yml": "site_name: t\n", "docs/index.md": "# Home\n"},
    "eleventy": {"_includes/post.njk": "<h1>{{ title }}</h1>{{ content | safe }}"},
}


def _eleventy() -> str | None:
    import os

    found = os.environ.get("RECEIPT_GATE_ELEVENTY") or shutil.which("eleventy")
    return found if found and os.path.exists(found) else None


@pytest.mark.parametrize(
    ("tool", "path", "page"),
    [
        # Hugo reads a JSON object on the first line, to its matching brace, as front matter.
        (
            "hugo",
            "content/posts/h1.md",
            '{"title": "\\u0049n conclusion, a post"}\n\nA short post about nothing much.\n',
        ),
        # MkDocs shows a block that holds no mapping (comments alone) as the page's text.
        ("mkdocs", "docs/fm.md", "---\n# In conclusion, this is shown\n---\n\nA short page.\n"),
        # gray-matter (Eleventy) reads a language after the opening: `---json`.
        (
            "eleventy",
            "posts/json.md",
            '---json\n{"layout": "post.njk", "title":'
            ' "\\u0049n conclusion, a post"}\n---\n\nA short post.\n',
        ),
    ],
)
def test_front_matter_is_read_as_the_generator_reads_it(
    tmp_path: Path, tool: str, path: str, page: str
) -> None:
    if (
        (tool == "hugo" and shutil.which("hugo") is None)
        or (tool == "mkdocs" and importlib.util.find_spec("mkdocs") is None)
        or (tool == "eleventy" and _eleventy() is None)
    ):
        pytest.skip(f"{tool} is not installed")
    site = tmp_path / "site"
    for name, text in {**_SITES[tool], path: page}.items():
        (site / name).parent.mkdir(parents=True, exist_ok=True)
        (site / name).write_text(text)
    assert "In conclusion" in _built(tool, site)
    found = find_tells(page, RULES, path=path)
    assert [f.message for f in found] == ['banned phrase "in conclusion"']


@pytest.mark.parametrize(
    "body",
    [
        "<p>In&nbspconclusion, we are done.</p>\n",
        "<p>&#73n conclusion, we are done.</p>\n",
        "<div>\nIn&nbspconclusion&#44 done.\n</div>\n",
    ],
)
def test_a_reference_without_its_semicolon_is_read_as_a_browser_reads_it(body: str) -> None:
    """An outside pass: MkDocs passes raw HTML through, and a browser decodes `&nbsp`
    and `&#73` without their semicolons (HTML's legacy references; Python's
    html.unescape follows the same rules, and is the oracle here)."""
    shown = html.unescape(re.sub(r"<[^>]*>", "", body))
    assert "In conclusion" in shown.replace("\xa0", " ")
    found = find_tells(body, RULES, path="docs/ent.md")
    assert [f.message for f in found] == ['banned phrase "in conclusion"']


@pytest.mark.parametrize(
    "line",
    [
        "A short post about nothing <!-- In conclusion -- the end --> here.\n",
        "A short post <!-- In conclusion, the end ---> here.\n",
        "A short post <!--> In conclusion, yes. --> here.\n",
    ],
)
def test_a_comment_older_commonmark_shows_is_read(tmp_path: Path, line: str) -> None:
    """CommonMark 0.31 hides any `<!-- ... -->`; 0.30 (Hugo 0.111's goldmark) shows a
    comment holding `--` or ending in `-` as text. An outside pass published it through
    Hugo: read as text, it is read either way."""
    if shutil.which("hugo") is not None:
        site = tmp_path / "site"
        for name, text in {**_SITES["hugo"], "content/posts/cmt.md": line}.items():
            (site / name).parent.mkdir(parents=True, exist_ok=True)
            (site / name).write_text(text)
        assert "In conclusion" in _built("hugo", site)
    found = find_tells(line, RULES)
    assert [f.message for f in found] == ['banned phrase "in conclusion"']
    assert find_tells("A post <!-- In conclusion, a note --> here.\n", RULES) == []


@pytest.mark.parametrize(
    "line",
    [
        "A short post: In con<!-- a -- b -->clusion, the end.\n",
        "A short post: In con<!-- a -- b -- c -->clusion, the end.\n",
        "A short post: In <!-- -- -->conclusion, the end.\n",
    ],
)
def test_a_comment_newer_commonmark_hides_is_read_as_hidden_too(line: str) -> None:
    """The other side of the test above: to CommonMark 0.31 (markdown-it, which Eleventy
    renders with) `<!-- a -- b -->` inside a word is a comment, and the word is whole;
    to 0.30 it is text. Read both ways. markdown-it-py says what 0.31 shows."""
    markdown_it = pytest.importorskip("markdown_it")
    page = markdown_it.MarkdownIt("commonmark").render(line)
    shown = re.sub(r"(?s)<!--.*?-->", "", page)
    assert "In conclusion" in shown, page
    found = find_tells(line, RULES)
    assert [f.message for f in found] == ['banned phrase "in conclusion"']


_ATTRIBUTE_PAGES = [
    '<input type="text" value="In conclusion, this field shows it" size="40" readonly>',
    '<input type="button" value="In conclusion, a button">',
    '<input placeholder="In conclusion, greyed out">',
    '<iframe srcdoc="<p>In conclusion, inside a frame</p>"></iframe>',
    '<style>.end::before { content: "In conclusion, by CSS"; }</style><p class="end"></p>',
    # CSS reads an escape (`\63` is "c") and joins two strings.
    '<style>.x::after { content: "In con\\63lusion"; }</style><p class="x">Grew.</p>',
    '<style>.x::after { content: "In con" "clusion"; }</style><p class="x">Grew.</p>',
    "<style>.x::after { content: 'In conclusion'; }</style><p class=\"x\">Grew.</p>",
    # Round 54: a closed select's label, an attribute CSS draws, a list marker string
    '<select><option label="In conclusion, picked" selected>x</option></select>',
    "<style>.x::before { content: attr(data-t); }</style>"
    '<p class="x" data-t="In conclusion, ">we grew.</p>',
    '<ul style="list-style-type: &quot;In conclusion, &quot;"><li>Grew.</li></ul>',
    "<ul style='list-style-type: \"In conclusion, \"'><li>Grew.</li></ul>",
    "<style>ul { list-style: 'In conclusion, ' inside; }</style>\n<ul><li>Grew.</li></ul>",
]


@pytest.mark.parametrize("tag", _ATTRIBUTE_PAGES)
def test_what_an_attribute_or_a_style_sheet_shows_is_read(tmp_path: Path, tag: str) -> None:
    """An outside pass: kramdown passes raw HTML through (real jekyll, where installed,
    proves the tag and its text reach the page), and by the HTML and CSS specs a
    browser shows a text input's value and placeholder, a button's value, a frame's
    srcdoc and a `content:` string. Each is read as text; a hidden input's is not."""
    if shutil.which("jekyll") is not None:
        page = _jekyll_pages(tmp_path, [f"A short post.\n\n{tag}"])
        assert ("In conclusion" in page or "In con" in page) and tag.split(" ", 1)[0] in page
    found = find_tells(f"A short post.\n\n{tag}\n", RULES)
    assert [f.message for f in found] == ['banned phrase "in conclusion"']
    assert (
        find_tells('A post.\n\n<input type="hidden" name="x" value="In conclusion">\n', RULES) == []
    )


@pytest.mark.parametrize(
    "body",
    [
        "-     In conclusion, this list item is what readers see.",
        "-\t\tIn conclusion, a list item after tabs.",
        "1.      In conclusion, a numbered item.",
        "A short post about [nothing][ref].\n\n[ref]:\nhttps://example.org/\n"
        '"In conclusion, the reference title shows as text"',
    ],
)
def test_what_kramdown_reads_as_text_is_read(tmp_path: Path, body: str) -> None:
    """An outside pass, with real jekyll as the oracle: kramdown reads a list marker
    followed by five spaces as the item's text (CommonMark: code), and a reference
    definition whose destination is on the next line as a paragraph (CommonMark: a
    definition). The wide reading takes both as text; an indented code block that
    does not open on a marker's line stays code."""
    if shutil.which("jekyll") is not None:
        page = _jekyll_pages(tmp_path, [body])
        assert "In conclusion" in re.sub(r"<(pre|code)>.*?</\1>", "", page, flags=re.S)
    rules = RULES
    found = find_tells(f"---\ntitle: k\n---\n{body}\n", rules, path="_posts/k.md")
    assert [f.message for f in found] == ['banned phrase "in conclusion"']
    # An indented block inside an item: code to CommonMark, a paragraph to Python-Markdown
    # (MkDocs shows it, a third outside pass): read as text too.
    assert find_tells(_MORE + "- item\n\n      In conclusion, code in the item\n", rules)


@pytest.mark.parametrize(
    "body",
    [
        "<h2>In conclusion</h2>the garden grew.",
        "<details><summary>In conclusion</summary>the garden grew.</details>",
        "<table><tr><td>In conclusion</td><td>the garden grew.</td></tr></table>",
        "In conclusion<sup>1</sup> the garden grew.",
        "Inline In conclusion<img src=x>grew.",
    ],
)
def test_a_block_or_a_replaced_element_ends_a_word(body: str) -> None:
    """An outside pass: Hugo publishes these as written, and a browser shows a break at
    a heading's, a cell's or a summary's end, and around an image or a superscript; the
    reader took such tags out without a trace, so "conclusion" ran into the next word.
    Inline runs inside a word still join (`con<b>clu</b>sion`)."""
    rules = RULES
    assert [f.message for f in find_tells(f"A post.\n\n{body}\n", rules)] == [
        'banned phrase "in conclusion"'
    ]
    assert [f.message for f in find_tells("A post: in con<b>clu</b>sion, yes.\n", rules)] == [
        'banned phrase "in conclusion"'
    ]


# What Liquid computes from literals in ways the check cannot read (each is "In
# conclusion" on the page Jekyll builds): a decoding filter, a literal over two lines
# joined by its filter, a loop over literals.
_LIQUID_COMPUTED = [
    '{{ "In%20conclusion" | url_decode }}, o.',
    '{{ "SW4gY29uY2x1c2lvbg==" | base64_decode }}, n.',
    '{{ "In con< >clusion" | strip_html }}, m.',
    '{{ "In con\nclusion" | strip_newlines }}, l.',
    '{% assign ws = "In,conclusion" | split: "," %}{% for w in ws %}{{ w }} {% endfor %}k.',
]


@pytest.mark.skipif(shutil.which("jekyll") is None, reason="jekyll is not installed")
def test_what_liquid_computes_from_literals_is_refused(tmp_path: Path) -> None:
    """A second outside pass, real jekyll as the oracle: filters not known to keep a
    literal's letters are refused at the tag, not only the ones known to change them."""
    shown = _jekyll_pages(tmp_path, _LIQUID_COMPUTED)
    rules = RULES
    for body in _LIQUID_COMPUTED:
        assert re.search(rf"In conclusion,? {body[-2]}\.", shown), body
        found = find_tells(f"Plain opening.\n\n{body}\n", rules)
        assert any(f.message.startswith("template code computes the text") for f in found), body


@pytest.mark.parametrize(
    "body",
    [
        '{{ "In con\\u0063lusion" }}, liquidjs and Nunjucks decode the escape.',
        '{{ "In conXclusion".replace("X", "") }}, a method on a literal.',
        '{% for w in ["In", "conclusion"] %}{{ w }} {% endfor %}a Nunjucks loop.',
    ],
)
def test_eleventy_template_code_the_check_cannot_read_is_refused(body: str) -> None:
    found = find_tells(f"Plain opening.\n\n{body}\n", RULES)
    assert [f.message.split(" (")[0] for f in found] == [
        "template code computes the text readers see here"
    ], body


def test_a_front_matter_string_eleventy_renders_is_read_as_printed() -> None:
    """eleventyComputed values are templates: the theme shows what they print."""
    page = (
        '---\neleventyComputed:\n  title: "In {{ \\"con\\" }}{{ \\"clusion\\" }} here"\n'
        "---\nA plain body.\n"
    )
    found = find_tells(page, RULES, path="src/a.md")
    assert [f.message for f in found] == ['banned phrase "in conclusion"']


def test_a_code_span_inside_a_sentence_is_its_words(tmp_path: Path) -> None:
    """A second outside pass: Hugo publishes ``In `conclusion`, the`` as "In
    <code>conclusion</code>, the", and its list page's summary as plain "In conclusion,
    the". A phrase a code span only ends or begins is the sentence's; one a span holds
    whole is quoted code, and a code block is code."""
    body = "In `conclusion`, the garden grew.\n"
    if shutil.which("hugo") is not None:
        site = tmp_path / "site"
        for name, text in {**_SITES["hugo"], "content/posts/c.md": body}.items():
            (site / name).parent.mkdir(parents=True, exist_ok=True)
            (site / name).write_text(text)
        assert "In conclusion, the garden grew." in _built("hugo", site)
    rules = RULES
    assert [f.message for f in find_tells(f"Plain.\n\n{body}", rules)] == [
        'banned phrase "in conclusion"'
    ]
    assert find_tells("Plain.\n<!--more-->\n\n```\nIn conclusion, code.\n```\n", rules) == []
    assert find_tells("Plain: the phrase `in conclusion` is banned.\n", rules) == []


_LONG = "A plain sentence of ten words that goes on and on. " * 8


@pytest.mark.parametrize(
    "page",
    [
        "```\nIn conclusion, the code.\n```\n\nPlain words.\n",
        "---\nsummary: Plain words.\n---\n\n```\nIn conclusion, the code.\n```\n",
    ],
)
def test_code_in_a_pages_first_words_is_code(page: str) -> None:
    """A list page's automatic summary (Hugo's .Summary) showed a code block's words as
    plain text in Hugo 0.111; Hugo 0.150 and later keep them as code (measured with both:
    docs/checks.md). A code block is code wherever it starts: no finding, on any site."""
    assert find_tells(page, RULES, path="content/posts/c.md") == []
    assert find_tells(page, RULES, path="drafts/c.md") == []


def test_what_a_reviewer_found_in_the_new_readings() -> None:
    """A review of this session's readings: nesting past reading is a finding, not a
    crash; an element that shows nothing joins what it sits in; HTML takes an
    attribute's first value."""
    rules = RULES
    deep = "{% if a %}" * 400 + "x" + "{% endif %}" * 400
    assert [f.message.split(" (")[0] for f in find_tells(f"A.\n\n{deep}\n", rules)] == [
        "template tags here do not pair"
    ]
    for body in (
        'In con<input type="hidden">clusion',
        "In con<audio></audio>clusion",
        "In con<sub></sub>clusion",
        "In con<math></math>clusion",
        '<input type="text" type="hidden" value="In conclusion">',
        '<input value="In conclusion" value="x">',
    ):
        assert [f.message for f in find_tells(f"A.\n\n{body}\n", rules)] == [
            'banned phrase "in conclusion"'
        ], body


@pytest.mark.parametrize(
    "between",
    [
        "-%}\n\n",
        "{# \n\n #}",
        "{% comment %}\n\n{% endcomment %}",
        "{% capture z %}\n\n{% endcapture %}",
    ],
)
def test_a_blank_line_the_engine_takes_out_does_not_part_two_conditions(between: str) -> None:
    """Conditions a blank line parts are read apart; one a trim, a comment or a capture
    takes out parts nothing: `a` false and `b` true print "In conclusion"."""
    head = "In {% if a %}x{% else %}con{% endif " + ("" if between.startswith("-") else "%}")
    body = head + between + "{% if b %}clusion{% else %}y{% endif %}, the."
    found = find_tells(f"A.\n\n{body}\n", RULES)
    assert 'banned phrase "in conclusion"' in [f.message for f in found], body


@pytest.mark.parametrize(
    "body",
    [
        "In con<template>x</template>clusion, we moved on.",  # a template is never shown
        'It is a game <span style="font-size:0">x</span>changer.',  # CSS the check reads not
        'It is a game <span style="opacity:0">x</span>changer.',
        'In con<span class="visually-hidden">x</span>clusion, we moved on.',  # a class's style
        "It is a game <ruby>changer<rt>x</rt></ruby>, we saw.",  # read as the base text
        "In con<template><b>x</b></template>clusion, we moved on.",  # a nest
        "In con<noscript>x</noscript>clusion, we moved on.",
        # (aria-hidden is shown, but a style may hide it all the same: the phrase only an
        # element's absence makes is no honest writer's)
        'In con<span aria-hidden="true">x</span>clusion, we moved on.',
    ],
)
def test_an_inline_element_a_browser_may_hide_is_read_without_it(body: str) -> None:
    """A third outside pass: only `hidden` and two CSS rules were read as hiding an
    element; a style the check cannot see can hide any element's text, and some
    elements are never shown. Each is read once more without it."""
    found = find_tells(f"A post.\n\n{body}\n", RULES)
    assert any(f.message.startswith("banned phrase") for f in found), found


@pytest.mark.parametrize(
    ("body", "how"),
    [
        ('We <bdo dir="rtl">otni evled</bdo> the roots.', '<bdo dir="rtl">'),
        ("We <bdo DIR=rtl>otni evled</bdo> the roots.", '<bdo dir="rtl">'),
        ("A &#8238;regnahc emag&#8236; for us.", "U+202E"),  # markdown writes the character
        ("A &#x202d;game.", "U+202D"),
        (
            'We <span style="unicode-bidi: bidi-override; direction: rtl">otni evled</span>.',
            "unicode-bidi: bidi-override",
        ),
    ],
)
def test_markup_that_shows_letters_reversed_is_a_finding(body: str, how: str) -> None:
    """The markup spellings of U+202E: what readers see is not what any expression reads."""
    found = [f.message for f in find_tells(f"A post.\n\n{body}\n", RULES)]
    assert f"a direction override ({how}) reorders what readers see: remove it" in found
    # (and what it draws: the phrase, where one is drawn)
    assert len(found) == 1 or "as a browser draws the line" in found[0], found


def test_a_styled_word_between_plain_ones_is_no_finding() -> None:
    """Reading without an element's text finds no phrase where there is none."""
    assert (
        find_tells('A post with <em>plain</em> words and <span class="x">more</span>.\n', RULES)
        == []
    )


@pytest.mark.parametrize(
    "page",
    [
        'The tag {{raw "<b>\\n</b>"}} prints markup as it is written.\n',
        "A post about templates: `{{' switches into dynamic mode, and more prose follows"
        " here until a closing }} much later.\n",
        '<!-- [[[cog include("t.py", first="x.startswith(\'{{\')") ]]] -->\nText }} on.\n',
        "{% codeblock lang:python %}\nprint('{{ \"In con\" | reverse }}')\n{% endcodeblock %}\n",
        '{{< snippet >}}\n{{ "\\u0063" }}\n{{< /snippet >}}\n',
    ],
)
def test_template_tags_in_code_samples_are_code(page: str) -> None:
    """An outside pass: five posts whose code samples use a site's own `{{raw ...}}`
    tag, and a chapter about template engines, were "template code the check cannot
    read". A tag that prints its argument verbatim, a tag opening in a code span or a
    comment, and a site's code pair (Octopress's codeblock, a theme's snippet) are code."""
    assert find_tells(page, RULES, path="posts/p.md") == []


def test_template_code_in_prose_is_still_refused() -> None:
    found = find_tells('Plain.\n\n{{ "In con\\u0063lusion" }}, we grew.\n', RULES)
    assert any("template code computes" in f.message for f in found), found


# Round 55: CSS and SVG draw a run of text where they say, not where it is written, and
# styles and attributes draw text of their own; each page spells "In conclusion" only so.
_DRAWN_PAGES = [
    # flex order and row-reverse (a theme's class may do the same)
    '<span style="display:inline-flex;flex-direction:row-reverse">'
    "<span>conclusion, the garden grew.</span><span>In&nbsp;</span></span>",
    '<div style="display:flex"><span style="order:2">conclusion, it grew.</span>'
    '<span style="order:1">In</span></div>',
    # an SVG tspan placed by its x, the words split inside one
    '<svg><text><tspan x="60">clusion, it grew.</tspan><tspan x="0">In con</tspan></text></svg>',
    # a counter style's symbols and prefix, a custom property, an image's alt text
    "<style>@counter-style s { system: cyclic; symbols: 'In conclusion, '; }</style>"
    '<ul style="list-style: s"><li>Grew.</li></ul>',
    '<style>@counter-style s { system: cyclic; symbols: "1"; prefix: "In conclusion "; }'
    "</style><ol><li>Grew.</li></ol>",
    '<style>:root { --t: "In conclusion, "; } .x::before { content: var(--t); }</style>'
    '<p class="x">Grew.</p>',
    '<img src="/missing.png" alt="In conclusion, the garden grew.">',
    # a frame's data: URL (percent-encoded, base64) and a srcdoc decoded twice
    '<iframe src="data:text/html,In%20conclusion%2C%20it%20grew."></iframe>',
    '<iframe src="data:text/html;base64,SW4gY29uY2x1c2lvbiwgaXQgZ3Jldy4="></iframe>',
    '<iframe srcdoc="In&amp;#32;conclusion, it grew."></iframe>',
    # Round 56: alt texts in their own order, a run then an alt, an SVG text whose
    # characters an x list places, a data: URL in a style's url() (unquoted, and quoted
    # and percent-encoded), a UTF-16 frame document
    '<img src="/a.png" alt="In"><img src="/b.png" alt="conclusion, it grew.">',
    'In <img src="/b.png" alt="conclusion, it grew.">',
    '<svg><text x="90 80 70 60 50 40 30 20 10 0">noisulcnoc nI</text></svg>',
    '<p style="background:url(data:image/svg+xml,%3Csvg%3E%3Ctext%3EIn%20conclusion'
    '%3C/text%3E%3C/svg%3E)">x</p>',
    '<style>.x::before { content: url("data:image/svg+xml,%3Csvg%3E%3Ctext%3EIn%20'
    'conclusion%3C/text%3E%3C/svg%3E"); }</style><p class="x">Grew.</p>',
    '<iframe src="data:text/html;charset=utf-16,%FF%FEI%00n%00%20%00c%00o%00n%00c%00l%00u'
    '%00s%00i%00o%00n%00"></iframe>',
    # Round 58: an `<xmp>` draws a comment's markup as text, a textarea's `<!--` opens
    # no comment, a CDATA section in an SVG text is drawn
    "<xmp><!-- In conclusion, it grew. --></xmp>",
    "<textarea><!--</textarea><p>In conclusion, it grew.</p><!-- -->",
    "<svg><text><![CDATA[In conclusion, it grew.]]></text></svg>",
    # Round 58's review: a data: URL past 1,000 characters, eight decoys before the
    # real pieces, NULs between a document's letters (HTML's parser drops them)
    '<iframe src="data:text/html,' + "%3C!--x--%3E" * 100 + 'In%20conclusion"></iframe>',
    "<div style='display:flex'>"
    + "<b hidden>In</b>" * 9
    + "<span style='order:2'>conclusion, it grew.</span><span style='order:1'>In</span></div>",
    '<iframe src="data:text/html,I%00n%00 %00c%00o%00n%00c%00l%00u%00s%00i%00o%00n"></iframe>',
    # Round 59: a style sheet a `<link>` holds as a data: URL draws into any element
    '<p id="z">In</p>\n\n<link rel="stylesheet" href="data:text/css,'
    "#z::after{content:' conclusion, it grew.'}\">",
    # (a fence inside an HTML block is no code: CommonMark keeps the block open)
    '<div style="display:flex">\n```\n<span style="order:2">conclusion, it grew.</span>'
    '<span style="order:1">In</span>\n```\n</div>',
]


@pytest.mark.parametrize("tag", _DRAWN_PAGES)
def test_what_a_browser_draws_elsewhere_or_out_of_order_is_read(tag: str) -> None:
    """By the CSS and SVG specs a browser draws each of these as "In conclusion": flex
    items in their `order`, an SVG tspan at its `x`, a counter style's symbols and
    prefix as a list's markers, a custom property where `var()` names it, a missing
    image's alt text, a frame's document. Each is a finding (gate.reading.drawn); the
    same page with its pieces in their own order and apart says nothing."""
    found = find_tells(f"A short post.\n\n{tag}\n", RULES)
    assert [f.message.split(" (")[0] for f in found] == ['banned phrase "in conclusion"'], found


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a quote opens a value only after `=`: elsewhere it is part of a name (HTML's
        # tokenizer), so the tag ends at the first `>`, and the text after it is drawn
        ("<p x'>In conclusion</p> '>", [("p", " x'"), ("/p", "")]),
        ('<input x"value="In">', [("input", ' x"value="In"')]),
        # a quoted value runs past `>` to its quote; the next attribute needs no space
        ('<input value="a>b"x=y>', [("input", ' value="a>b"x=y')]),
        ("<p a=don't b=c>", [("p", " a=don't b=c")]),
        # a tag the text ends inside is no tag: nothing of it is drawn
        ('<a title="never', []),
        ("<p a=b", []),
    ],
)
def test_tags_end_where_htmls_tokenizer_ends_them(
    text: str, expected: list[tuple[str, str]]
) -> None:
    from receipt_gate.reading.drawn import tags

    got = [("/" * closing + name, inside) for _, _, closing, name, inside in tags(text)]
    assert got == expected


def test_both_tag_readers_read_an_attribute_written_as_the_tokenizer_reads_it() -> None:
    """An attribute with no space before the next, and a CSS string with an escaped
    quote: ai-tells' reading in place (positions kept) finds the phrase where it is."""
    for page in (
        '<input value="In conclusion, it grew."x=1>',
        '<p style="x:y"><style>.a::before { content: "\\" In conclusion, it grew." }</style>',
    ):
        shown = _attributes_shown(page)
        assert shown is not None and "In conclusion, it grew." in shown, page


@pytest.mark.parametrize(
    "page",
    [
        # in their written order, apart: a heading after a sentence ending in "in"
        "<p>Please sign in</p>\n\n<h2>Conclusion</h2>\n\n<p>It grew.</p>",
        "<p>Log in</p><p>or out.</p><h2>Conclusions</h2>",
        # a link to a post about the phrase: a URL is not drawn
        '<p>See <a href="/posts/in-conclusion/">that post</a>.</p>',
        # a hidden field's value, a page's meta description: what a form sends, a
        # search engine reads
        '<form><input type="hidden" name="a" value="In conclusion"></form>',
        '<meta name="description" content="In conclusion, it grew.">',
        # the pieces spell it only with a word cut: "sign in" + "conclusions"
        "<h2>Conclusionsof</h2><p>sign in</p>",
        # round 58's review: pieces of two top elements or two paragraphs (a table of
        # contents and the body, an image's alt and a later heading)
        '<nav><ul><li><a href="#c">Conclusion</a></li></ul></nav>\n<h2 id="s">Setup</h2>\n'
        "<p>It is written in <code>Rust</code> and ships as one binary.</p>",
        '<p><img src="board.jpg" alt="The board, plugged in"></p>\n<p>It charges.</p>\n'
        "<h2>Conclusion</h2>\n<p>It works.</p>",
        # round 56: an image kept in a comment; markup shown as code (a fence, a span)
        '<!-- <img src="/a.png" alt="In conclusion, old"> -->',
        "```html\n<span>conclusion</span><span>In</span>\n```",
        "Written as `<span>conclusion</span><span>In</span>` in the theme.",
        "    <span>conclusion</span><span>In</span>",
    ],
)
def test_pieces_in_their_order_or_not_drawn_spell_nothing(page: str) -> None:
    assert find_tells(f"A short post.\n\n{page}\n", RULES) == []


def test_the_pieces_reading_is_linear() -> None:
    """Thousands of tags, attributes and style strings: each piece is read once, and a
    spelling is searched a bounded number of ways (no pair of pieces is compared)."""
    from receipt_gate.reading.drawn import pieces, spelled

    page = '<span title="in">conclusion</span> <i style="content: \'in\'">x</i>' * 3000
    got = pieces(page)
    assert len(got) >= 4 * 3000
    assert list(spelled(got, ["in conclusion"]))  # (title "in" is drawn; so is "conclusion")
    honest = "<span>conclusion</span> <b>of the</b> <i>sign in</i>" * 3000
    assert list(spelled(pieces(honest), ["as an ai language model"])) == []


_REPLACED = '{{ page.title | replace: "Notes", "In conclusion" }}, we grew.'


@pytest.mark.parametrize(
    ("path", "page"),
    [
        # Round 57: Liquid's replace prints its second argument (Jekyll and Eleventy run
        # it first, over an HTML page too)
        ("_posts/2020-01-01-n.md", f"---\ntitle: Notes\n---\n{_REPLACED}\n"),
        ("posts/n.html", '---\ntitle: N\n---\n<p>In {{ 1 | replace: "1", "conclusion" }}.</p>\n'),
    ],
)
def test_what_liquid_replace_prints_is_read(path: str, page: str) -> None:
    found = find_tells(page, RULES, path=path)
    assert [f.message.split(" (")[0] for f in found] == ['banned phrase "in conclusion"'], found


def test_a_replace_that_would_grow_past_any_page_prints_nothing() -> None:
    """The review: `replace: "", "..."` puts its text between every two letters; a value
    that would grow past a page's size is measured before it is built (a 10 KB draft
    once asked for 10 GB)."""
    from receipt_gate.reading.templatetags import as_printed

    page = '{% assign a = "' + "x" * 5000 + '" %}{{ a | replace: "", "' + "y" * 5000 + '" }}'
    assert as_printed(page, {}) == ""
    assert as_printed('{{ "ab" | replace: "", "-" }}', {}) == "-a-b-"


@pytest.mark.parametrize(
    ("path", "page"),
    [
        # Round 59: a blank line inside an element is white space to a browser (an HTML
        # page), to kramdown and to Python-Markdown (a raw <p> read whole)
        ("posts/n.html", "<p>In\n\nconclusion, it grew.</p>\n"),
        ("_posts/2020-01-01-n.md", "Intro.\n\n<p>In\n\nconclusion, it grew.</p>\n"),
        ("posts/n.html", "<p><span>In</span>\n\n<span>conclusion, it grew.</span></p>\n"),
    ],
)
def test_a_blank_line_inside_an_element_splits_no_phrase(path: str, page: str) -> None:
    found = find_tells(page, RULES, path=path)
    assert [(f.line, f.message.split(" (")[0]) for f in found][:1] == [
        (1 if path.endswith(".html") else 3, 'banned phrase "in conclusion"')
    ], found
    # (between two elements a blank line ends a paragraph: nothing; in a wrapper too)
    assert find_tells("<p>In</p>\n\n<p>conclusion, it grew.</p>\n", RULES, path=path) == []
    wrapped = "<div><p>In</p>\n\n<p>conclusion, it grew.</p></div>\n"
    assert find_tells(wrapped, RULES, path=path) == []


@pytest.mark.parametrize(
    "page",
    [
        # round 60: letters of no case that look like I (Lisu, Runic) fold to l; an l, a 1
        # or a | where a capital I may stand; I, 1 or | for an l; a zero; rn for m
        "ꓲn conclusion, it grew.",
        "ᛁn conclusion, it grew.",
        "As an Al language model, I grew it.",
        "ln conclusion, it grew.",
        "IN CONCLUSlON, IT GREW.",
        "In concIusion, it grew.",
        "In conc1usion, it grew.",
        "In c0nclusion, it grew.",
        "As an AI language rnodel, I grew it.",
        "As an AI language rnocleI, I grew it.",  # (round 62: cl for d)
        "In today's fast-paced vvorld, it grew.",
        # round 68: a look-alike NFKC turns into another (U+03F2), a lowercase form of
        # one the data names in capitals (U+04CF)
        "In \u03f2onclusion, it grew.",
        "In conc\u04cfusion, it grew.",
        # round 67: small capitals (U+026A, U+0274, U+1D04, U+1D0F, U+029F, U+1D1C)
        "\u026a\u0274 \u1d04\u1d0f\u0274\u1d04\u029f\u1d1cs\u026a\u1d0f\u0274, it grew.",
        # round 68's sweep: shapes no look-alike table names stand in for a letter (a
        # bar for I, a circle or an empty set for o, Cherokee NA for O), an ASCII bar
        # where a capital I stands, `c@ncl$sion`, a stand-in across a line break
        "|n conclusion, it grew.",
        "\u2502n conclusion, it grew.",
        "\uff5cn conclusion, it grew.",
        "In c\u25cbnclusion, it grew.",
        "In c\u2205nclusion, it grew.",
        "In \u13df\u13beN\u13df\u13deUS\u13a5\u13beN, it grew.",
        "In c@ncl$sion, it grew.",
        "As an AI language m\u25cbdel, I grew it.",
        "In\nc\u25cbnclusion, it grew.",
        # round 69: an enclosing mark around a letter (a circle, a keycap)
        "In c\u20ddonclusion, it grew.",
        "In c\u20e3onclusion, it grew.",
        # round 70: a censor's star, marks put between letters, a CJK stroke for I, the
        # Hangul circle for o
        "In c*nclusion, it grew.",
        "In con\u00b7clu\u00b7sion, it grew.",
        "In con-clusion, it grew.",
        "\u4e28n conclusion, it grew.",
        "In c\u3147nclusion, it grew.",
        # round 71: full stops between letters, a mark between every two, parentheses
        # drawn as an o
        "In con.clu.sion, it grew.",
        "In c.o.n.c.l.u.s.i.o.n, it grew.",
        "In c-o-n-c-l-u-s-i-o-n, it grew.",
        "In c()nclusion, it grew.",
        # the review of round 71: a stand-in inside a hyphenated compound
        "In today's fast-p@ced world, it grew.",
        # round 72: a backtick for the apostrophe, or none where that spells no word
        "In today`s fast-paced world, it grew.",
        "In todays fast-paced world, it grew.",
        # round 71's a23: an initialism's last full stop
        "As an A.I. language model, I grew it.",
        "In c.o.n.c.l.u.s.i.o.n., it grew.",
    ],
)
def test_letters_a_reader_cannot_tell_apart_spell_the_phrase(page: str) -> None:
    """Unicode's confusables data maps I, l, 1 and | to one prototype, 0 to O, m to rn: a
    reader of a common font sees each page as the banned phrase."""
    found = find_tells(f"A short post.\n\n{page}\n", RULES)
    assert [f.message.split(" (")[0] for f in found] in (
        ['banned phrase "in conclusion"'],
        ['banned phrase "as an ai language model"'],
        ['banned phrase "in today\'s fast-paced world"'],
    ), page


@pytest.mark.parametrize(
    ("phrase", "page"),
    [
        # the review of session 56: an apostrophe left out where that spells a word of
        # its own is that word (`were`, `well`, `lets`, `its`)
        ("we're thrilled to announce", "The players were thrilled to announce it."),
        ("we'll explore", "It went well explore or not."),
        ("let's dive in", "The coach lets dive in first."),
        ("it's important to note", "For its important to note the date."),
        # a lowercase l is an l inside a word (a dotted i is no l): `fall` is no `fail`
        ("fail fast", "We fall fast."),
        # an l after a lowercase letter is no capital I
        ("it is done", "Split is done."),
    ],
)
def test_lookalikes_read_only_where_a_reader_could_mistake_them(phrase: str, page: str) -> None:
    found = find_tells(f"A short post.\n\n{page}\n", compile_rules([phrase], []))
    assert found == [], (phrase, page)


@pytest.mark.parametrize(
    "page",
    [
        # the review of round 60's fix: a look-alike across a code span's edge, read as
        # written (not lowercased first)
        "Some text. In `concIusion`, the end.",
        "Some text. IN `CONCLUSlON`, the end.",
        # a `<b` and a quote inside a script end no tag: the field after it is read
        '<script>if (a <b) x = "</script>\n\n<input value="In conclusion, it grew.">',
        # HTML's white space is five characters: a no-break space is part of a value
        "<input value=In\u00a0conclusion>",
    ],
)
def test_the_review_of_round_60_finds(page: str) -> None:
    found = find_tells(f"A short post.\n\n{page}\n", RULES)
    assert [f.message.split(" (")[0] for f in found] == ['banned phrase "in conclusion"'], page


@pytest.mark.parametrize(
    ("phrases", "page"),
    [
        # a table's border is no capital I; a digit stands for a letter only beside one
        (
            ["i hope this email finds you well"],
            "| Opener | Verdict |\n|--------|---------|\n| hope this email finds you well | x |",
        ),
        (["lol"], "SQL 101 is fine."),
        (["loo"], "100 people came."),
        (["cool"], "C001 is a code."),
        # a symbol stands in for a letter only inside a word, for one letter in three
        # (one of a two-letter word's), never for a word of one letter
        (["a rich tapestry"], "\u2022 rich tapestry of colours."),
        (["in conclusion"], "In c\u25cb\u25cb\u25cb\u25cblusion, it grew."),
        (["in conclusion"], "\u2192 in \u2192 conclusions"),
        (["in conclusion"], "So on\u2026 In con- clusion"),
        (["in conclusion"], "We use e.g. and i.e. in conclusions."),
    ],
)
def test_no_lookalike_reading_of_borders_and_numbers(phrases: list[str], page: str) -> None:
    assert find_tells(f"A short post.\n\n{page}\n", compile_rules(phrases, [])) == []


@pytest.mark.parametrize(
    "page",
    [
        # round 63: a label over two lines (kramdown's hold none), an escaped bracket in
        # one (Python-Markdown's hold none): CommonMark hides them, they show the line
        "[In\nconclusion, it grew]: /u",
        "[In conclusion, it grew\\]]: /u",
    ],
)
def test_a_line_only_commonmark_reads_as_a_definition_is_read(page: str) -> None:
    found = find_tells(f"A short post.\n\n{page}\n", RULES)
    assert [f.message.split(" (")[0] for f in found] == ['banned phrase "in conclusion"'], page


def test_mathmls_space_draws_a_space() -> None:
    """Round 64: `<mspace width>` draws its width, empty: the words either side of it
    are apart."""
    page = (
        "Words <math><mtext>In</mtext><mspace width='0.3em'></mspace><mtext>conclusion"
        "</mtext></math>, the beans did well."
    )
    found = find_tells(f"A short post.\n\n{page}\n", RULES)
    assert [f.message.split(" (")[0] for f in found] == ['banned phrase "in conclusion"']


@pytest.mark.parametrize(
    ("page", "found"),
    [
        # round 65: pymdownx.critic's `accept` mode shows a substitution's new side and an
        # insertion, `reject` the old side and a deletion: each is a page some site shows
        ("In {~~summary~>conclusion~~}, the beans did well.", True),
        ("In {~~conclusion~>summary~~}, the beans did well.", True),
        ("In {++conclusion++}, the beans did well.", True),
        ("In con{--x--}clusion, the beans did well.", True),
        ("In {==conclusion==}, the beans did well.", True),
        ("In {>>a comment<<} summary, the beans did well.", False),
        # the review: `view` mode (pymdownx.critic's default) shows a comment; a deletion
        # over lines joins what is around it
        ("In {>>conclusion<<}, the beans did well.", True),
        ("In {--summary,\n\n--}conclusion, the beans did well.", True),
        ("In {~~summary~>short~~}, the beans {++did++} well.", False),
    ],
)
def test_what_criticmarkup_shows_is_read(page: str, found: bool) -> None:
    rules = compile_rules(["in conclusion"], [])
    assert bool(find_tells(f"# X\n\nPlain words. {page}\n", rules)) is found


def test_a_criticmarkup_finding_is_where_the_page_has_it() -> None:
    """The review: a mark never closed repeated the text before it (a finding on a line
    the page does not have), and a view's findings stood at other columns than the raw
    reading's (one phrase, two findings)."""
    rules = compile_rules(["in conclusion"], [])
    page = "# X\n\nUse `{--` to mark. In conclusion, x.\n"
    assert [(f.line, f.col) for f in find_tells(page, rules)] == [(3, 20)]
    page = "# X\n\nIn {--x--} conclusion. And {++more++} text in conclusion.\n"
    assert [(f.line, f.col) for f in find_tells(page, rules)] == [(3, 1), (3, 44)]


def test_a_page_of_stand_ins_with_patterns_only() -> None:
    """A team that bans patterns alone (no phrase): a symbol inside a word reads no
    phrase, and the pattern is matched as written."""
    found = find_tells("In c\u25cbnclusion we delve.\n", compile_rules([], [r"(?i)delve"]))
    assert [f.message for f in found] == ['banned pattern matched "delve": (?i)delve']


@pytest.mark.parametrize(
    "body",
    [
        # Round 81: an element a browser draws as a space between two words
        'In<svg width="5" height="1"></svg>conclusion, the garden did well.\n',
        'In<span style="margin-left:.3em"></span>conclusion, the garden did well.\n',
        'Let us <span style="padding-right:4px">delve</span>into the results.\n',
        'In<i style="display:inline-block;width:.3em"></i>conclusion, we won.\n',
        '<style>.sp{margin-left:.3em}</style>\n\nIn<span class="sp"></span>conclusion, we won.\n',
    ],
)
def test_a_tag_a_browser_may_draw_as_a_space_parts_words(body: str) -> None:
    assert tells(OWN + body) != []


@pytest.mark.parametrize(
    "body",
    [
        "A con<b>clu</b>sion, and <span hidden>x</span>conclusion stays hidden.\n",
        'In con<span style="display:none">x</span>clusions we stop.\n',
        "Words <b>bold</b> and <i>italic</i>, a<sup>2</sup> and H<sub>2</sub>O.\n",
    ],
)
def test_a_tag_that_may_hide_parts_no_words(body: str) -> None:
    assert tells(OWN + body) == []


@pytest.mark.parametrize(
    ("body", "said"),
    [
        # Round 82: what a reader reads past between a phrase's words
        ('As an "AI" language model, I cannot share.\n', "as an ai language model"),
        ("As an AI\u2013language model, I cannot share.\n", "as an ai language model"),
        ("As an AI language model\u2122, I cannot share.\n", "as an ai language model"),
        ("As an A. I. language model, I cannot share.\n", "as an ai language model"),
        ("As an (AI) language model, I cannot share.\n", "as an ai language model"),
        ("As an AI_language_model, I cannot share.\n", "as an ai language model"),
        ("As an AI/language model, I cannot share.\n", "as an ai language model"),
        ("As an AI | language model: I cannot share.\n", "as an ai language model"),
        ("As an AI\x07 language model, I cannot share.\n", "as an ai language model"),
        ("As of my last knowledge-update, it was 0.120.\n", "as of my last knowledge update"),
        ('As of my last "knowledge update", it was 0.120.\n', "as of my last knowledge update"),
        ("Certainly \U0001f60a! Here is the post.\n", "certainly"),
        ("Certainly ! Here is the post.\n", "certainly"),
        # (round 83: a mark drawn as `!`; a heading's, a table's start)
        ("Certainly\u01c3 Here is the post.\n", "certainly"),
        ("Certainly\u2757 Here is the post.\n", "certainly"),
        ("Certainly\ua71d Here is the post.\n", "certainly"),
        ("Great question\u01c3 Here is the answer.\n", "great question"),
        ("# Certainly! Here is the post.\n\nMore words.\n", "certainly"),
        ("| Certainly! Here is the post. |\n|---|\n| x |\n", "certainly"),
        # (round 84: an emoji, `¡` or a definition's mark before it; `‽`, `❢`, NKo's `߹`)
        ("\U0001f600 Certainly! Here is the post.\n", "certainly"),
        ("\u00a1Certainly! Here is the post.\n", "certainly"),
        ("Reply\n: Certainly! Here is the post.\n", "certainly"),
        ("1. Certainly! Here is the list.\n", "certainly"),
        ("Certainly\u203d Here is the post.\n", "certainly"),
        ("Certainly\u2762 Here is the post.\n", "certainly"),
        ("Certainly\u07f9 Here is the post.\n", "certainly"),
        ("\U0001f600 Great question! Here is the answer.\n", "great question"),
        # (round 84: a zero-width break between words; a raised letter in a word; initials)
        ("As an AI language&#8203;model, I cannot share.\n", "as an ai language model"),
        ("As an AI language\u200bmodel, I cannot share.\n", "as an ai language model"),
        ("As an AI language<wbr>model, I cannot share.\n", "as an ai language model"),
        ("As an A<sup>I</sup> language model, I cannot share.\n", "as an ai language model"),
        ("As an A<sub>I</sub> language model, I cannot share.\n", "as an ai language model"),
        ('As an A<sup class="x">I</sup> language model, I cannot.\n', "as an ai language model"),
        ("As an A I language model, I cannot share.\n", "as an ai language model"),
        # (round 85: an image's alt text, drawn where the image is not, as `<img alt>`'s;
        # a control character a browser draws as a box inside a word; the acronym spelled)
        ("![As an AI language model, I cannot share.](gone.png)\n", "as an ai language model"),
        ("As an A\x1bI language model, I cannot share.\n", "as an ai language model"),
        ("As an AI lang\x7fuage model, I cannot share.\n", "as an ai language model"),
        ("As an artificial intelligence language model, I cannot.\n", "artificial intelligence"),
        # (round 93: capitals apart by a no-break space or its reference, a look-alike
        # capital, full-width capitals; initials and a dashed compound)
        ("As an A\u00a0I language model, I cannot share.\n", "as an ai language model"),
        ("As an A&nbsp;I language model, I cannot share.\n", "as an ai language model"),
        ("As an \u0410 I language model, I cannot share.\n", "as an ai language model"),
        ("As an \uff21 \uff29 language model, I cannot share.\n", "as an ai language model"),
        ("As an A.I. language-model, I cannot share.\n", "as an ai language model"),
        # (round 98: a footnote's superscript glued to the phrase's last word)
        ("As an AI language model\u00b9, I cannot share.\n", "as an ai language model"),
        ("As an AI language model\u00b9\u00b2, I cannot share.\n", "as an ai language model"),
    ],
)
def test_a_phrase_is_read_past_quotes_brackets_dashes_and_symbols(body: str, said: str) -> None:
    found = find_tells(body, compile_rules(PHRASES, PATTERNS))
    assert len(found) == 1 and said in found[0].message.lower(), found


@pytest.mark.parametrize(
    "body",
    [
        "J. R. R. Tolkien wrote it, and the conclusion holds.\n",
        "Plan A. I think it works.\n",
        "As an AI. Language models differ.\n",  # (a sentence's end is no gap)
        "Certainly, sir! Here it is.\n",
        "Plan A I think works, and the U S A team won.\n",
        "We use an A.I. model for language-modeling.\n",
    ],
)
def test_what_is_no_phrase_stays_none(body: str) -> None:
    assert tells(body) == []


@pytest.mark.parametrize("style", ["font-size:0.5px", "color:#fff"])
def test_words_no_reader_is_surely_shown_dilute_no_tells(style: str) -> None:
    """Round 83: 3,000 words at half a pixel, or white on a white page, diluted a page
    dense with tells under the threshold; words a reader surely sees still count."""
    from receipt_gate import api

    dense = (
        "We delve into a testament to the rich tapestry; it plays a crucial role, and we"
        " navigate the complexities of the ever-evolving landscape, a pivotal moment. "
    ) * 2
    filler = " ".join(["word"] * 3000)
    page = f'{OWN}{dense}\n\n<span style="{style}">{filler}</span>\n'
    assert api.check_text("ai-tells", page).findings != []
    shown = f'{OWN}{dense}\n\n<span style="font-weight:bold">{filler}</span>\n'
    assert api.check_text("ai-tells", shown).findings == []


def test_a_site_value_a_page_prints_is_read_and_stales_only_its_readers(
    repo: Repo, rg: Run
) -> None:
    """Jekyll prints `{{ site.tagline }}` from `_config.yml` and `{{ site.data.m.note }}`
    from `_data/m.yml` into the page (round 84, t08 and t09): ai-tells reads them where
    `site_values` names those files, and a change to a value stales the receipts of the
    pages that print it, no other."""
    repo.write(
        ".receipt-gate.yaml",
        'drafts: ["posts/**/*.md"]\nrequired: [ai-tells]\n'
        'checks: {ai-tells: {site_values: ["_config.yml", "_data/**"]}}\n',
    )
    repo.write("_config.yml", "title: s\ntagline: As an AI language model, I cannot.\n")
    repo.write("_data/m.yml", "note: Plain words.\n")
    repo.write("posts/a.md", "---\ntitle: a\n---\nHere is my answer. {{ site.tagline }}\n")
    repo.write("posts/b.md", "---\ntitle: b\n---\nOur note: {{ site.data.m.note }}\n")
    repo.write("posts/c.md", "---\ntitle: c\n---\nNothing of the site's.\n")
    rc, out, _ = rg("run")
    assert rc == 1 and "posts/a.md:4:" in out and "as an ai language model" in out, out
    assert "posts/b.md:" not in out and "posts/c.md:" not in out, out
    others = {p: (repo.path / f".receipts/posts/{p}.md/ai-tells.json").read_bytes() for p in "bc"}
    repo.write("_config.yml", "title: s\ntagline: We write our own words.\n")
    rc, out, _ = rg("verify")
    assert rc == 1 and "posts/a.md" in out and "posts/b.md" not in out, out  # a's: stale
    rc, out, _ = rg("run")
    assert rc == 0, out
    assert {
        p: (repo.path / f".receipts/posts/{p}.md/ai-tells.json").read_bytes() for p in "bc"
    } == others
    repo.write("posts/d.md", "---\ntitle: d\n---\n{% assign t = site.data.m.note %}{{ t }}\n")
    assert rg("run")[0] == 0
    repo.write("_data/m.yml", "note: As an AI language model, I cannot.\n")
    rc, out, _ = rg("run")
    assert rc == 1 and "posts/b.md:4:" in out and "posts/a.md:" not in out, out
    # (round 85: a tag that names the site's values otherwise, where one holds a phrase)
    assert "posts/d.md:4:1: ai-tells: template code here may print the site's values" in out


@pytest.mark.parametrize(
    "body",
    [
        '{{< param "tagline" >}}',
        "{% assign t = site.tagline %}{{ t }}",
        "{{ site.data.m.list.first }}",
        "{% for n in site.data.m.list %}{{ n }}{% endfor %}",
        "{{ site.data.rows[0].text }}",
        "{{ site.tagline | truncate: 200 }}",
        "{{ site.description | default: site.tagline }}",
        '{% assign k = "tagline" %}{{ site[k] }}',
        "{{ site.data.m | jsonify }}",
    ],
)
def test_a_site_value_printed_any_way_is_read_or_refused(repo: Repo, rg: Run, body: str) -> None:
    """Round 85: Hugo's param, and the ways Liquid prints a site value the check cannot
    follow (an assignment, a loop, `first`, a filter that computes, a key a variable
    holds, CSV data): where a value holds a banned phrase, the page is refused."""
    repo.write(
        ".receipt-gate.yaml",
        'drafts: ["posts/**/*.md"]\nrequired: [ai-tells]\n'
        'checks: {ai-tells: {site_values: ["_config.yml", "_data/**", "hugo.toml"]}}\n',
    )
    said = "As an AI language model, I cannot browse the web."
    repo.write("_config.yml", f"title: s\ntagline: {said}\ndescription: ''\n")
    repo.write("_data/m.yml", f"note: {said}\nlist:\n  - {said}\n")
    repo.write("_data/rows.csv", f"id,text\n1,{said}\n")
    repo.write("hugo.toml", f'[params]\nTagline = "{said}"\n')
    repo.write("posts/a.md", f"---\ntitle: a\n---\nHere is my answer. {body}\n")
    rc, out, _ = rg("run")
    assert rc == 1 and "posts/a.md:4:" in out, out
    for name in ("_config.yml", "_data/m.yml", "_data/rows.csv", "hugo.toml"):
        page = (repo.path / name).read_text().replace(said, "We write our own words.")
        repo.write(name, page)
    assert rg("run")[0] == 0


def _values_config(repo: Repo, globs: list[str]) -> None:
    """A config that gates posts/ with ai-tells reading these site_values globs."""
    repo.write(
        ".receipt-gate.yaml",
        'drafts: ["posts/**/*.md"]\nrequired: [ai-tells]\n'
        f"checks: {{ai-tells: {{site_values: {json.dumps(globs)}}}}}\n",
    )


SAID = "As an AI language model, I cannot browse the web."
_VALUE_SOURCES = {
    "long": (
        {"_config.yml": "tagline: " + "Plain words. " * 90 + SAID + "\n"},
        "{{ site.tagline }}",
    ),
    "defaults": (
        {"_config.yml": f"defaults:\n  - scope: {{path: ''}}\n    values: {{tagline: {SAID}}}\n"},
        "{{ page.tagline }}",
    ),
    "json over yml": (
        {"_data/m.yml": "note: Thanks.\n", "_data/m.json": f'{{"note": "{SAID}"}}'},
        "{{ site.data.m.note }}",
    ),
    "other config": ({"_config_prod.yml": f"tagline: {SAID}\n"}, "{{ site.tagline }}"),
    "key twice": ({"_config.yml": f"title: s\ntagline: {SAID}\ntitle: t\n"}, "{{ site.tagline }}"),
    "bom": ({"_data/b.json": f'\ufeff{{"note": "{SAID}"}}'}, "{{ site.data.b.note }}"),
    "alias": (
        {"_data/m.yml": f"links: &l [home]\nfooter: *l\nnote: {SAID}\n"},
        "{{ site.data.m.note }}",
    ),
    "language": (
        {"hugo.toml": f'[params]\ntagline = "x"\n[languages.en.params]\ntagline = "{SAID}"\n'},
        '{{< param "tagline" >}}',
    ),
    "environment": (
        {"config/production/params.toml": f'tagline = "{SAID}"\n'},
        '{{< param "tagline" >}}',
    ),
    "cascade": (
        {"hugo.toml": f'[[cascade]]\ntagline = "{SAID}"\n[cascade._target]\npath = "/posts/**"\n'},
        '{{< param "tagline" >}}',
    ),
    "theme": (
        {"hugo.toml": 'theme = "t"\n', "themes/t/hugo.toml": f'[params]\ntagline = "{SAID}"\n'},
        '{{< param "tagline" >}}',
    ),
    "params merged": (
        {
            "hugo.toml": '[params]\nother = "x"\n',
            "config/_default/params.toml": f'tagline = "{SAID}"\n',
        },
        '{{< param "tagline" >}}',
    ),
    "eleventy directory": ({"posts/posts.json": f'{{"tagline": "{SAID}"}}'}, "{{ tagline }}"),
    "eleventy global": ({"_data/metadata.json": f'{{"note": "{SAID}"}}'}, "{{ metadata.note }}"),
    # (round 87: a template of the site's that prints them, a layout's front matter,
    # Eleventy's pkg, computed, a template's own data, MkDocs' macros, the collections)
    "include": (
        {"_config.yml": f"sig: {SAID}\n", "_includes/sig.html": "{{ site.sig }}\n"},
        "{% include sig.html %}",
    ),
    "shortcode": (
        {
            "hugo.toml": f'[params]\nsig = "{SAID}"\n',
            "layouts/shortcodes/sig.html": "{{ .Site.Params.sig }}\n",
        },
        "{{< sig >}}",
    ),
    "layout": (
        {"_layouts/post.html": f"---\nsig: {SAID}\n---\n{{{{ content }}}}\n"},
        "{{ layout.sig }}",
    ),
    "eleventy layout": (
        {"_includes/base.liquid": f"---\nsig: {SAID}\n---\n{{{{ content }}}}\n"},
        "{{ sig }}",
    ),
    "pkg": ({"package.json": f'{{"description": "{SAID}"}}'}, "{{ pkg.description }}"),
    "computed": ({"posts/posts.json": f'{{"eleventyComputed": {{"sig": "{SAID}"}}}}'}, "{{ sig }}"),
    "template data": ({"posts/a.json": f'{{"sig": "{SAID}"}}'}, "{{ sig }}"),
    "mkdocs": (  # (the macros plugin prints them: without one, tags are text)
        {"mkdocs.yml": f"site_name: s\nplugins: [macros]\nextra:\n  sig: {SAID}\n"},
        "{{ sig }}",
    ),
    "collections": (
        {"_config.yml": f"collections:\n  posts:\n    motto: {SAID}\n"},
        "{% for c in site.collections %}{{ c.motto }}{% endfor %}",
    ),
    # (round 88: a partial a shortcode calls, `with site`, an include in an include, two
    # clean halves an include prints together, Eleventy's data by assign)
    "partial": (
        {
            "hugo.toml": f'[params]\nsig = "{SAID}"\n',
            "layouts/shortcodes/sig.html": '{{ partial "sig.html" . }}\n',
            "layouts/partials/sig.html": "{{ .Site.Params.sig }}\n",
        },
        "{{< sig >}}",
    ),
    "with site": (
        {
            "hugo.toml": f'[params]\nsig = "{SAID}"\n',
            "layouts/shortcodes/sig.html": "{{ with site }}{{ .Params.sig }}{{ end }}\n",
        },
        "{{< sig >}}",
    ),
    "nested include": (
        {
            "_config.yml": f"sig: {SAID}\n",
            "_includes/footer.html": "{% include sig.html %}\n",
            "_includes/sig.html": "{{ site.sig }}\n",
        },
        "{% include footer.html %}",
    ),
    # (the review of rounds 86-89: a page with no output tag at all, a page value
    # assigned)
    "include alone": (
        {"_includes/sig.html": f"{SAID}\n"},
        "{% include sig.html %}",
    ),
    "defaults assigned": (
        {"_config.yml": f"defaults:\n  - scope: {{path: ''}}\n    values: {{tagline: {SAID}}}\n"},
        "{% assign t = page.tagline %}{{ t }}",
    ),
    "eleventy assign": (
        {"_data/metadata.json": f'{{"sig": "{SAID}"}}'},
        "{% assign s = metadata.sig %}{{ s }}",
    ),
    # (round 90: Hugo's other ways to the config and strings, a Nunjucks macro imported)
    "sites": (
        {
            "hugo.toml": f'title = "{SAID}"\n',
            "layouts/shortcodes/sig.html": "{{ with index .Page.Sites 0 }}{{ .Title }}{{ end }}\n",
        },
        "{{< sig >}}",
    ),
    "language name": (
        {
            "hugo.toml": f'[languages.en]\nlanguageName = "{SAID}"\n',
            "layouts/shortcodes/sig.html": "{{ .Page.Language.LanguageName }}\n",
        },
        "{{< sig >}}",
    ),
    "T piped": (
        {
            "i18n/en.toml": f'sig = "{SAID}"\n',
            "layouts/shortcodes/sig.html": '{{ "sig" | T }}\n',
        },
        "{{< sig >}}",
    ),
    "T raw string": (
        {"i18n/en.toml": f'sig = "{SAID}"\n', "layouts/shortcodes/sig.html": "{{ T `sig` }}\n"},
        "{{< sig >}}",
    ),
    "lang.Translate": (
        {
            "i18n/en.toml": f'sig = "{SAID}"\n',
            "layouts/shortcodes/sig.html": '{{ lang.Translate "sig" }}\n',
        },
        "{{< sig >}}",
    ),
    "eleventy data dir": (
        {
            ".eleventy.js": 'module.exports = () => ({dir: {input: ".", data: "globals"}});\n',
            "globals/meta.json": f'{{"sig": "{SAID}"}}',
        },
        "{{ meta.sig }}",
    ),
    # (round 92: a mapping's keys a loop prints)
    "data key": (
        {"_data/faq.yml": f'"{SAID}": 1\n'},
        "{% for p in site.data.faq %}{{ p[0] }}{% endfor %}",
    ),
    "macro imported": (
        {
            "_data/metadata.json": f'{{"sig": "{SAID}"}}',
            "_includes/macros.njk": "{% macro sig() %}{{ metadata.sig }}{% endmacro %}\n",
        },
        '{% import "macros.njk" as m with context %}{{ m.sig() }}',
    ),
}


@pytest.mark.parametrize("name", sorted(_VALUE_SOURCES))
def test_every_value_a_generator_may_print_is_a_candidate(repo: Repo, rg: Run, name: str) -> None:
    """Round 86: a value past 1,000 characters, Jekyll's `defaults`, a data file in two
    kinds (Jekyll reads JSON after YAML), a second config, a key given twice, a
    byte-order mark, an alias, Hugo's language params, environments, cascades, a theme,
    a params file beside the root's, Eleventy's directory and global data: each is read
    where `init` names the files, and a page printing it is refused while it holds a
    banned phrase, passed once it does not."""
    from receipt_gate_hooks.site_values import FILES

    # (and a theme's config, which `init` leaves to the user: mostly a submodule)
    globs = sorted({*(g for f in FILES.values() for g in f), "themes/*/hugo.*"})
    _values_config(repo, globs)
    files, body = _VALUE_SOURCES[name]
    for path, text in files.items():
        repo.write(path, text)
    repo.write("posts/a.md", f"---\ntitle: a\n---\nHere is my answer. {body}\n")
    rc, out, _ = rg("run")
    assert rc == 1 and "posts/a.md:4:" in out and "as an ai language model" in out.lower(), out
    for path, text in files.items():
        repo.write(path, text.replace(SAID, "We write our own words."))
    rc, out, _ = rg("run")
    assert rc == 0, out


@pytest.mark.parametrize(
    ("files", "body"),
    [
        # (round 87: a value for other pages' scope, a name the page sets itself)
        (
            {
                "_config.yml": "defaults:\n  - scope: {path: ''}\n    values: {note: Thanks.}\n"
                f"  - scope: {{path: styleguide}}\n    values: {{note: {SAID}}}\n"
            },
            "{{ page.note }}",
        ),
        ({"guide/guide.json": f'{{"note": "{SAID}"}}'}, "{{ note }}"),
        (
            {
                "hugo.toml": '[params]\nnote = "Thanks."\n'
                f'[[cascade]]\nnote = "{SAID}"\n[cascade._target]\npath = "/guide/**"\n'
            },
            '{{< param "note" >}}',
        ),
        ({"_data/phrases.yml": f"- {SAID}\n"}, '{% assign phrases = "a few" %}{{ phrases }}'),
    ],
)
def test_a_value_the_page_is_not_given_refuses_it_not(
    repo: Repo, rg: Run, files: dict[str, str], body: str
) -> None:
    from receipt_gate_hooks.site_values import FILES

    globs = sorted({g for f in FILES.values() for g in f})
    _values_config(repo, globs)
    for path, text in files.items():
        repo.write(path, text)
    repo.write("posts/a.md", f"---\ntitle: a\n---\nHere is my answer. {body}\n")
    rc, out, _ = rg("run")
    assert rc == 0, out


@pytest.mark.parametrize(
    ("config", "body"),
    [
        (
            'taglines: ["As an AI", " language model, I cannot browse the web."]\n',
            "{{ site.taglines }}",
        ),
        (
            "sig: !!binary " + __import__("base64").b64encode(SAID.encode()).decode() + "\n",
            "{{ site.sig }}",
        ),
        ("sig: ledom egaugnal IA na sA\n", '{{ site.sig | split: "" | reverse | join: "" }}'),
    ],
)
def test_a_value_printed_as_other_text_than_stored_is_refused(
    repo: Repo, rg: Run, config: str, body: str
) -> None:
    """Round 87: a list Jekyll prints run together, YAML's `!!binary`, letters a filter
    reverses."""
    repo.write(
        ".receipt-gate.yaml",
        'drafts: ["posts/**/*.md"]\nrequired: [ai-tells]\n'
        'checks: {ai-tells: {site_values: ["_config.yml"]}}\n',
    )
    repo.write("_config.yml", config)
    repo.write("posts/a.md", f"---\ntitle: a\n---\nHere is my answer. {body}\n")
    rc, out, _ = rg("run")
    assert rc == 1 and "posts/a.md:4:" in out, out


@pytest.mark.parametrize(
    ("data", "says"),
    [("- " * 900 + "x\n", "nested too deeply"), ("a: [\n", "_data/n.yml cannot be read")],
)
def test_a_values_file_that_does_not_parse_refuses_its_printers(
    repo: Repo, rg: Run, data: str, says: str
) -> None:
    """Round 86 r01: a data file 900 lists deep stopped the check with a RecursionError
    (exit 3). A values file the check cannot read refuses the pages that print the
    site's values, naming it; a page that prints none passes."""
    repo.write(
        ".receipt-gate.yaml",
        'drafts: ["posts/**/*.md"]\nrequired: [ai-tells]\n'
        'checks: {ai-tells: {site_values: ["_data/**"]}}\n',
    )
    repo.write("_data/n.yml", data)
    repo.write("posts/a.md", "---\ntitle: a\n---\nHere: {{ site.data.n }}\n")
    repo.write("posts/b.md", "---\ntitle: b\n---\nNothing of the site's.\n")
    rc, out, err = rg("run")
    assert rc == 1 and "posts/a.md:4:" in out and says in out, out + err
    assert "posts/b.md" not in out and "Traceback" not in err, out + err


def test_the_builds_own_values_are_no_site_value(repo: Repo, rg: Run) -> None:
    """Round 86 f01: `{{ site.time | date: "%Y" }}` prints the build's time, which no
    values file gives: a data file that lists banned phrases refuses it not."""
    repo.write(
        ".receipt-gate.yaml",
        'drafts: ["posts/**/*.md"]\nrequired: [ai-tells]\n'
        'checks: {ai-tells: {site_values: ["_data/**"]}}\n',
    )
    repo.write("_data/style.yml", f"avoid:\n  - {SAID}\n")
    repo.write("posts/a.md", '---\ntitle: a\n---\nBuilt in {{ site.time | date: "%Y" }}.\n')
    repo.write("posts/b.md", "---\ntitle: b\n---\n{% assign s = site.data.style %}{{ s }}\n")
    rc, out, _ = rg("run")
    assert rc == 1 and "posts/a.md" not in out and "posts/b.md:4:1" in out, out


def test_a_teams_open_compound_is_not_its_closed_word() -> None:
    """`web site` banned is no `website` (the review of round 84: words run together were
    read as the phrase, and a style guide's bans refused their own fixes)."""
    rules = compile_rules(["web site", "can not", "may be", "log in"], [])
    assert find_tells("Visit our website: we cannot say; maybe login.\n", rules) == []
    assert find_tells("Visit our web site.\n", rules) != []


@pytest.mark.parametrize(
    "body",
    [
        "We asked the maintainers about the cache\n(great question, they said) and moved on.\n",
        "\u2014 Great question, says Ann, who runs support.\n",
        "It was a great question. \u00a1Gracias a todos!\n",
        "Certainly. \u00a1Vamos!\n",
        "\u2039Certainly!\u203a she said.\n",
        "\u201aGreat question\u2018, sagte sie.\n",
    ],
)
def test_prose_that_only_shares_an_openers_words_passes(body: str) -> None:
    """The review of round 84: an opening mark is no closing `!`, a quotation mark of any
    language reports speech, and `great question` with no `!` counts only at a line's
    start past a heading's or a list's marks."""
    assert find_tells(body, compile_rules(PHRASES, PATTERNS)) == []


def test_a_scripts_strings_joined_are_read_joined() -> None:
    """Round 87 t18: `document.write("As an A" + "I language model")` prints the phrase."""
    rules = compile_rules([p.lower() for p in PHRASES], PATTERNS)
    page = "Here. <script>document.write(\"As an A\" + 'I language model, I cannot.')</script>\n"
    assert find_tells(page, rules) != []
    assert find_tells('Here. <script>var a = "x" + "y";</script> Plain words.\n', rules) == []


def test_letters_in_negative_circles_and_squares_are_letters() -> None:
    """Round 88: U+1F150 and U+1F170 capitals have no NFKC form: folded to the letter."""
    rules = compile_rules([p.lower() for p in PHRASES], PATTERNS)
    squared = "".join(
        chr(0x1F170 + ord(c) - 65) if c.isalpha() else c for c in "AS AN AI LANGUAGE MODEL"
    )
    assert find_tells(f"{squared}, I cannot.\n", rules) != []
    circled = "".join(chr(0x1F150 + ord(c) - 65) if c.isalpha() else c for c in "CERTAINLY")
    assert find_tells(f"{circled}! Here is the summary.\n", rules) != []


def test_two_clean_halves_a_template_prints_together_are_refused(repo: Repo, rg: Run) -> None:
    """Round 88 t08: an include prints `{{ site.a }} {{ site.b }}`, each half clean."""
    from receipt_gate_hooks.site_values import FILES

    _values_config(repo, sorted({g for f in FILES.values() for g in f}))
    repo.write("_config.yml", "a: As an AI\nb: language model, I cannot browse the web.\n")
    repo.write("_includes/sig.html", "{{ site.a }} {{ site.b }}\n")
    repo.write("posts/a.md", "---\ntitle: a\n---\nHere is my answer. {% include sig.html %}\n")
    rc, out, _ = rg("run")
    assert rc == 1 and "posts/a.md:4:" in out, out
    repo.write("_includes/sig.html", "{{ site.b }}\n")
    assert rg("run")[0] == 0


def test_a_site_value_is_read_as_the_whole_reader_reads_it(repo: Repo, rg: Run) -> None:
    """The review of round 88's fix: a plain value the rules' own expressions do not match
    as written (`A.I.`, spaced capitals) is still the phrase to the reader."""
    _values_config(repo, ["_config.yml"])
    repo.write("_config.yml", "sig: As an A.I. language model, I cannot browse the web.\n")
    repo.write(  # (a tag the check cannot follow: refused only by the value's taint)
        "posts/a.md", "---\ntitle: a\n---\nHere: {% assign s = site.sig %}{{ s }}\n"
    )
    rc, out, _ = rg("run")
    assert rc == 1 and "posts/a.md:4:" in out, out


def test_a_data_folder_a_hugo_config_moves_is_read_from_init_on(repo: Repo, rg: Run) -> None:
    """Round 91 t03: `dataDir = "sitedata"` set before init: init names the folder, and
    a shortcode printing its data is read."""
    repo.write("hugo.toml", 'baseURL = "https://x.org/"\ndataDir = "sitedata"\n')
    repo.write("sitedata/blurb.yaml", f"msg: {SAID}\n")
    repo.write("layouts/shortcodes/b.html", "{{ site.Data.blurb.msg }}\n")
    repo.write("content/posts/hello.md", "---\ntitle: Hello\n---\nA first post.\n")
    assert rg("init")[0] == 0
    assert '"sitedata/**"' in (repo.path / ".receipt-gate.yaml").read_text()
    repo.write("content/posts/a.md", "---\ntitle: a\n---\nHere is my answer. {{< b >}}\n")
    rc, out, _ = rg("run")
    assert rc == 1 and "content/posts/a.md:4:" in out and "language model" in out.lower(), out
    repo.write("sitedata/blurb.yaml", "msg: We write our own words.\n")
    assert rg("run")[0] == 0


def test_a_data_folder_a_config_moves_after_init_refuses_the_pages_that_print_values(
    repo: Repo, rg: Run
) -> None:
    """Round 91 t03: `dataDir` set after init names a folder site_values does not read:
    a page printing the site's values is refused, naming the folder; one that prints
    none is not."""
    repo.write("hugo.toml", 'baseURL = "https://x.org/"\n')
    repo.write("layouts/shortcodes/b.html", "{{ site.Data.blurb.msg }}\n")
    repo.write("content/posts/hello.md", "---\ntitle: Hello\n---\nA first post.\n")
    assert rg("init")[0] == 0
    repo.write("hugo.toml", 'baseURL = "https://x.org/"\ndataDir = "sitedata"\n')
    repo.write("sitedata/blurb.yaml", f"msg: {SAID}\n")
    repo.write("content/posts/a.md", "---\ntitle: a\n---\nHere is my answer. {{< b >}}\n")
    rc, out, _ = rg("run")
    assert rc == 1 and "content/posts/a.md:4:" in out and "sitedata/**" in out, out
    assert "content/posts/hello.md" not in out


def test_the_hugo_docs_own_shapes_are_read_as_hugo_reads_them(repo: Repo, rg: Run) -> None:
    """Round 93, measured on the Hugo docs as published: a shortcode that opens with a
    template comment and a blank line stopped every run (exit 2, its printed text read as
    a page whose front matter came late); a `.cspell.json` with comments at the root held
    every page back (as an Eleventy template data file: a body supported nothing, a flag
    documented elsewhere was an unregistered name on 51 pages); `[[server.headers]] for =
    "/*"` was a config naming the run folder."""
    repo.write(
        "hugo.toml",
        'baseURL = "https://x.org/"\n[[server.headers]]\n  for = "/*"\n'
        '  [server.headers.values]\n    X-Frame-Options = "DENY"\n',
    )
    repo.write("layouts/_shortcodes/keys.html", '{{/*\nKeys.\n*/}}\n\n{{- $k := slice "a" }}\n')
    repo.write(".cspell.json", '{\n  // words\n  "ignoreRegExpList": ["\\\\w+\\\\.\\\\w+"]\n}\n')
    repo.write("content/commands/server.md", "---\ntitle: server\n---\nUse `--poll 700ms`.\n")
    repo.write("content/faq.md", "---\ntitle: FAQ\n---\nUse the `--poll` flag. {{< keys >}}\n")
    assert rg("init")[0] == 0
    rc, out, err = rg("run")
    assert rc == 0, out + err
    rc, out, err = rg("status")
    assert "names the run folder" not in out + err, out + err
    repo.write(".cspell.json", '{"permalink": false}\n')  # (a template data file of none)
    repo.write("content/faq.json", '{"permalink": false}\n')  # (the FAQ's own: held back)
    rc, out, err = rg("run")
    assert rc == 0, out + err
    repo.write("content/commands/server.json", '{"permalink": false}\n')
    rc, out, err = rg("run", "content/faq.md")
    assert rc == 1 and "`--poll` is not registered" in out, out + err


_CUT_JOINED = {  # (round 92: what a site's code makes of its values and strings)
    "entity": (
        'tagline = "As an &#65;I language model, I cannot browse."',
        "{{ site.Params.tagline | safeHTML }}",
        "{{< s >}}",
    ),
    "reversed": (
        'x = ["model", "language", "As an AI"]',
        '{{ delimit (collections.Reverse site.Params.x) " " }}',
        "{{< s >}}",
    ),
    "printf": ('x = "As an A"', '{{ printf "%sI language model" site.Params.x }}', "{{< s >}}"),
    "replace": (
        'x = "As an AX language model."',
        '{{ replace site.Params.x "X" "I" }}',
        "{{< s >}}",
    ),
    "argument": ("", '{{ printf "%sI language model" (.Get 0) }}', '{{< s "As an A" >}}'),
    "inner": ("", '{{ replace .Inner "X" "I" }}', "{{< s >}}As an AX language model{{< /s >}}"),
    "three values": (
        'a = "As an"\nb = "AI lang"\nc = "uage model"',
        "{{ printf `%s %s%s` site.Params.a site.Params.b site.Params.c }}",
        "{{< s >}}",
    ),
}


@pytest.mark.parametrize("case", sorted(_CUT_JOINED))
def test_code_that_cuts_or_joins_the_site_s_text_is_read_for_its_pieces(
    repo: Repo, rg: Run, case: str
) -> None:
    """Round 92 t07-t10: a shortcode that unescapes, reverses, printf-joins or replaces
    the pieces of a banned phrase (a param's, an argument's, a paired shortcode's inner
    text) printed it past the check. Refused while its code reads the pieces; passes
    once a piece is plain words."""
    params, code, call = _CUT_JOINED[case]
    repo.write("hugo.toml", f'baseURL = "https://x.org/"\n[params]\n{params}\n')
    repo.write("layouts/shortcodes/s.html", code + "\n")
    repo.write("content/posts/hello.md", "---\ntitle: Hello\n---\nA first post.\n")
    assert rg("init")[0] == 0
    repo.write("content/posts/d.md", f"---\ntitle: D\n---\n\nHello {call} there.\n")
    rc, out, _ = rg("run", "content/posts/d.md")
    assert rc == 1 and "content/posts/d.md:5:" in out and "language model" in out, out
    repo.write("hugo.toml", 'baseURL = "https://x.org/"\n[params]\nx = "Plain words."\n')
    repo.write("content/posts/d.md", "---\ntitle: D\n---\n\nHello {{< s >}} there.\n")
    rc, out, _ = rg("run", "content/posts/d.md")
    assert rc == 0, out


def test_a_large_site_s_words_are_no_pieces_of_a_phrase(repo: Repo, rg: Run) -> None:
    """The Hugo docs as published: a shortcode printing a config from 176 KB of data (the
    words "as", "an", "language", "model" all there, far apart) and a page's own code
    block in a paired shortcode are no pieces; a self-closing call holds no inner text."""
    words = "As a rule, an option sets the language. A model of the site. " * 200
    repo.write("hugo.toml", 'baseURL = "https://x.org/"\n')
    repo.write("data/docs.yaml", f"config:\n  note: {words}\n  more: regenerate the response\n")
    repo.write(
        "layouts/shortcodes/code-toggle.html",
        '{{/* Shows a config (the site\'s data). */}}\n{{ with index site.Data.docs "config" }}'
        "{{ . | jsonify }}{{ end }}{{ .Inner }}\n",
    )
    repo.write("content/posts/hello.md", "---\ntitle: Hello\n---\nA first post.\n")
    assert rg("init")[0] == 0
    repo.write(
        "content/posts/d.md",
        "---\ntitle: D\n---\n\n{{< code-toggle config=x />}}\n\nA regional language of ours.\n\n"
        "{{< code-toggle >}}\nlanguageCode = 'as an ai language'\n{{< /code-toggle >}}\n",
    )
    rc, out, _ = rg("run", "content/posts/d.md")
    assert rc == 0, out


def test_a_hugo_xml_data_file_is_read(repo: Repo, rg: Run) -> None:
    """Round 93 t01: `data/x.xml`, which Hugo reads as data (`{{ site.Data.x.tagline }}`),
    was no values file; one that declares entities cannot be read (and says so)."""
    repo.write("hugo.toml", 'baseURL = "https://x.org/"\n')
    repo.write("data/x.xml", f"<root><tagline>{SAID}</tagline></root>\n")
    repo.write("layouts/shortcodes/tag.html", "{{ site.Data.x.tagline }}\n")
    repo.write("content/posts/hello.md", "---\ntitle: Hello\n---\nA first post.\n")
    assert rg("init")[0] == 0
    repo.write("content/posts/d.md", "---\ntitle: D\n---\n\nHello {{< tag >}} there.\n")
    rc, out, _ = rg("run", "content/posts/d.md")
    assert rc == 1 and "content/posts/d.md:5:" in out and "language model" in out, out
    repo.write("data/x.xml", '<!DOCTYPE r [<!ENTITY a "b">]><root><tagline>&a;</tagline></root>')
    rc, out, _ = rg("run", "content/posts/d.md")
    assert rc == 1 and "data/x.xml cannot be read" in out, out
    repo.write("data/x.xml", "<root><tagline>We write our own words.</tagline></root>\n")
    assert rg("run", "content/posts/d.md")[0] == 0


def test_an_include_in_a_file_that_is_no_page_is_read_as_none() -> None:
    """Round 93, the Eleventy site's `css/async.njk`: a template whose permalink writes a
    style sheet includes CSS files, which no reader reads as the page's prose; the same
    include in a page is still a finding."""
    text = (
        "---\npermalink: /css/async.css\n---\n{%- set css %}\n"
        '{% include "../_includes/components/avatars.css" %}\n{% endset %}\n{{ css | safe }}\n'
    )
    rules = compile_rules(PHRASES, PATTERNS)
    assert find_tells(text, rules, path="src/css/async.njk") == []
    found = find_tells(text.replace("/css/async.css", "/avatars/"), rules, path="src/a.njk")
    assert [f.line for f in found] == [5] and "includes another file" in found[0].message


def test_a_shortcode_printing_a_clean_value_plainly_is_followed(repo: Repo, rg: Run) -> None:
    """Round 94 f01: a shortcode that prints only `{{ site.Params.other }}` was refused
    where another param (a style list) holds a banned phrase; what it prints is read in
    place, each candidate of its key too."""
    repo.write(
        "hugo.toml",
        f'baseURL = "https://x.org/"\n[params]\nother = "clean words"\navoid = ["{SAID}"]\n',
    )
    repo.write("layouts/shortcodes/o.html", "{{ site.Params.other }}\n")
    repo.write("content/posts/hello.md", "---\ntitle: Hello\n---\nA first post.\n")
    assert rg("init")[0] == 0
    repo.write("content/posts/d.md", "---\ntitle: D\n---\n\nHello {{< o >}} there.\n")
    rc, out, _ = rg("run", "content/posts/d.md")
    assert rc == 0, out
    repo.write("config/production/hugo.toml", f'[params]\nother = "{SAID}"\n')  # (a candidate)
    rc, out, _ = rg("run", "content/posts/d.md")
    assert rc == 1 and "content/posts/d.md:5:" in out, out


def test_an_mkdocs_page_s_tags_are_text_where_no_macros_plugin_runs_them(
    repo: Repo, rg: Run
) -> None:
    """Round 94's run on MkDocs Material: its upgrade guide shows a theme template's diff,
    whose `{% if %}` and `{{ primary }}` were read as the page's own code (tags that do
    not pair, text computed). MkDocs prints them as written unless a macros plugin runs
    them; turning one on stales the receipt and reads them as code."""
    repo.write("mkdocs.yml", "site_name: S\nplugins:\n  - search\n")
    repo.write("docs/index.md", "# Home\n\nWelcome.\n")
    assert rg("init")[0] == 0
    repo.write("docs/up.md", "# Up\n\nThe template now reads {% if x %} and {{ primary }}.\n")
    rc, out, _ = rg("run", "docs/up.md")
    assert rc == 0, out
    repo.write("mkdocs.yml", "site_name: S\nplugins:\n  - search\n  - macros\n")
    rc, out, _ = rg("run", "docs/up.md")
    assert rc == 1 and "docs/up.md:3:" in out and "ai-tells" in out, out


@pytest.mark.parametrize(
    ("code", "page"),
    [
        # (the review of round 94: a page's own title a shortcode reads; an inner text
        # past 20,000 characters)
        (
            '{{ replace .Page.Title "X" "I" }}',
            '---\ntitle: "As an AX language model"\n---\n\nHello {{< s >}} there.\n',
        ),
        (
            '{{ replace .Inner "X" "I" }}',
            "---\ntitle: D\n---\n\nHello {{< s >}}As an AX language model, "
            + "I cannot say more. " * 1200
            + "{{< /s >}} there.\n",
        ),
    ],
)
def test_what_a_call_reads_of_its_page_is_read_for_a_phrase_s_pieces(
    repo: Repo, rg: Run, code: str, page: str
) -> None:
    repo.write("hugo.toml", 'baseURL = "https://x.org/"\n')
    repo.write("layouts/shortcodes/s.html", code + "\n")
    repo.write("content/posts/hello.md", "---\ntitle: Hello\n---\nA first post.\n")
    assert rg("init")[0] == 0
    repo.write("content/posts/d.md", page)
    rc, out, _ = rg("run", "content/posts/d.md")
    assert rc == 1 and "content/posts/d.md:5:7:" in out and "language model" in out, out
