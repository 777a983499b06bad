"""Right-to-left text reorders what a browser draws (round 75): each check reads a line
in the order the Unicode bidirectional algorithm draws it, as well as written."""

from __future__ import annotations

import pytest

from receipt_gate.reading.direction import drawn_lines
from receipt_gate.reading.quotes import check_quotes
from receipt_gate_hooks.ai_tells import compile_rules, find_tells
from receipt_gate_hooks.headline_numbers import parse_article
from tests.conftest import Repo, Run

RULES = compile_rules(["in conclusion", "delve into"], [])
RLI, PDI, RLM, ALM = "\u2067", "\u2069", "\u200f", "\u061c"


@pytest.mark.parametrize(
    ("line", "drawn"),
    [
        # an isolate or an embedding of Latin words, split by a mark drawn right to left
        (f'<span dir="rtl">conclusion {RLM} In</span>', f"{RLI}In {RLM} conclusion{PDI}"),
        ('<p dir="rtl">conclusion &rlm; In</p>', f" {RLI}In {RLM} conclusion{PDI} "),
        ("&#x202B;into &rlm; delve&#x202C;", f"\u202bdelve {RLM} into\u202c"),
        # digits after a right-to-left mark, in a left-to-right line
        ("fixed &rlm;6&rlm;7 bugs", f"fixed 7{RLM}6{RLM} bugs"),
        # an inner element's end tag ends the inner element, not the isolate
        (
            f'<span dir="rtl">conclusion <b></b>{RLM} In</span>',
            f"{RLI}In {RLM} conclusion{PDI}",
        ),
    ],
)
def test_a_line_is_drawn_as_a_browser_draws_it(line: str, drawn: str) -> None:
    assert drawn_lines([line]) == [drawn]


@pytest.mark.parametrize(
    "text",
    [
        "Plain words, and curly \u2019quotes\u2019 and &#8217; entities.",
        # an isolate of its own direction holding Latin words is drawn as written
        f"<bdi>conclusion {RLM} In</bdi>",
        # a left-to-right isolate, an element with dir=ltr
        '<span dir="ltr">In conclusion</span>',
    ],
)
def test_a_line_drawn_as_written_is_none(text: str) -> None:
    assert drawn_lines([text]) is None


def test_a_line_inside_a_run_another_line_opens_is_drawn_inside_it() -> None:
    got = drawn_lines(['<div dir="rtl">', "", "conclusion &rlm; In", "", "</div>"])
    assert got is not None and got[2] is not None and "In" in got[2].split(RLM)[0], got


@pytest.mark.parametrize(
    "body",
    [
        '<p>Well. <span dir="rtl">conclusion &rlm; In</span>, the beans did well.</p>',
        f"Well. {RLI}conclusion {RLM} In{PDI}, the beans did well.",
        "Well. &#x202B;into &rlm; delve&#x202C; the soil.",
        '<p dir="rtl">\nconclusion &rlm; In\n</p>',
        f'Well. <span dir="rtl">conclusion <b>{RLM}</b> In</span> the beans.',
    ],
)
def test_ai_tells_reads_a_phrase_as_a_browser_draws_it(body: str) -> None:
    found = find_tells(f"---\ntitle: t\n---\n{body}\n", RULES, path="a.md")
    assert any("as a browser draws the line" in f.message for f in found), found


@pytest.mark.parametrize(
    "body",
    [
        "שלום עולם, and more words in English.",
        f"<bdi>conclusion {RLM} In</bdi> is how the title reads.",
        # a right-to-left word a reader sees between the words
        '<span dir="rtl">conclusion \u05e9\u05dc\u05d5\u05dd In</span>, we planted.',
    ],
)
def test_ai_tells_finds_no_phrase_a_browser_does_not_draw(body: str) -> None:
    assert find_tells(f"---\ntitle: t\n---\n{body}\n", RULES, path="a.md") == []


@pytest.mark.parametrize(
    "title",
    [
        '# We fixed <span dir="rtl">6&rlm;7</span> bugs',
        f"# We fixed {RLI}6{RLM}7{PDI} bugs",
        "# We fixed &rlm;6&rlm;7 bugs",
        f"---\ntitle: We fixed {RLI}6{RLM}7{PDI} bugs\n---",
    ],
)
def test_a_titles_number_is_read_as_drawn_too(title: str) -> None:
    got = parse_article(f"{title}\n\nA week of fixing things.\n", "posts/a.md")
    assert "76" in got.title_numbers[0] and "67" in got.title_numbers[0], got


def test_a_body_supports_only_a_number_drawn_as_written() -> None:
    drawn = parse_article("# Notes\n\nWe fixed &rlm;6&rlm;7 bugs.\n", "posts/a.md")
    plain = parse_article("# Notes\n\nWe fixed 67 bugs.\n", "posts/a.md")
    assert "67" not in drawn.body_numbers and "76" not in drawn.body_numbers
    assert "67" in plain.body_numbers


@pytest.mark.parametrize(
    ("draft", "held"),
    [
        # the draft shows 76 (drawn), though written 67
        ("Last month we fixed &rlm;6&rlm;7 bugs.\n", True),
        ("Last month we fixed 67 bugs.\n", False),
        ("Last month we fixed 76 bugs.\n", True),
    ],
)
def test_a_draft_cites_the_number_a_browser_draws(
    repo: Repo, rg: Run, draft: str, held: bool
) -> None:
    repo.write(".receipt-gate.yaml", "required: [headline-numbers]\n")
    repo.write("drafts/reply.md", draft)
    repo.write("posts/fixes.md", "# We fixed 76 bugs\n\nA week of fixing the parser.\n")
    rc, out, _ = rg("run")
    assert rc == (1 if held else 0), out


def test_a_title_drawn_76_accuses_through_the_gate(repo: Repo, rg: Run) -> None:
    repo.write(".receipt-gate.yaml", "required: [headline-numbers]\n")
    repo.write("drafts/reply.md", "Last month we fixed 76 bugs.\n")
    repo.write("posts/fixes.md", f"# We fixed {RLI}6{RLM}7{PDI} bugs\n\nA week.\n")
    rc, out, _ = rg("run")
    assert rc == 1, out


QUOTE = "planted on the ninth of May this year"


@pytest.mark.parametrize(
    "draft",
    [
        f"Intro.\n\nThe beans were planted on the {RLI}ninth{ALM} of May{PDI} this year.\n",
        "Intro.\n\nThe beans were planted on the &#x2067;ninth &rlm;of May&#x2069; this year.\n",
        'Intro.\n\nThe beans were <span dir="rtl">planted on the ninth &rlm; of May this'
        " year</span>.\n",
    ],
)
def test_a_quote_a_browser_draws_in_another_order_is_refused(draft: str) -> None:
    problems = check_quotes([{"name": "x", "quotes": [QUOTE]}], draft, 20, "a.md")
    assert [p.reason for p in problems] == [
        "is not what a browser draws there: right-to-left text or a direction mark"
        " reorders its line"
    ], problems


@pytest.mark.parametrize(
    ("draft", "quote"),
    [
        (f"Intro.\n\nThe beans were {QUOTE}, and grew.\n", QUOTE),
        # right-to-left writing quoted as written: drawn alike on both ends
        ("מבוא.\n\nהשעועית נשתלה בתשעה במאי השנה, וזה היה טוב.\n", "השעועית נשתלה בתשעה במאי השנה"),
        (
            "Intro.\n\nWe read the book שלום עולם in 2020 with friends.\n",
            "the book שלום עולם in 2020",
        ),
    ],
)
def test_a_quote_drawn_as_written_counts(draft: str, quote: str) -> None:
    assert check_quotes([{"name": "x", "quotes": [quote]}], draft, 20, "a.md") == []


@pytest.mark.parametrize(
    "body",
    [
        # a paragraph's lines are one line to a browser: drawn together
        '<span dir="rtl">conclusion\n&rlm; In</span>, the beans did well.',
        f"Well. {RLI}into\n{RLM} delve{PDI} the soil.",
    ],
)
def test_a_paragraphs_lines_are_drawn_as_one(body: str) -> None:
    found = find_tells(f"---\ntitle: t\n---\nIntro.\n\n{body}\n", RULES, path="a.md")
    assert any("as a browser draws the line" in f.message for f in found), found


def test_a_list_items_lines_are_drawn_apart() -> None:
    """Two list items are two paragraphs: drawn apart, no phrase across them (one item
    of the same lines is one paragraph, drawn "In conclusion")."""
    one = drawn_lines(['- <span dir="rtl">conclusion', "  &rlm; In</span>"])
    assert one is not None and "In \u200f   conclusion" in (one[0] or ""), one
    two = drawn_lines(['- <span dir="rtl">conclusion', "- &rlm; In</span>"])
    assert two is not None and two[0] is None and "conclusion" not in (two[1] or ""), two


def test_a_direction_an_html_block_gives_the_markdown_inside_it_is_read() -> None:
    """`<div dir="rtl">` on a line of its own: the prose's reading leaves the HTML block
    out, and the paragraphs inside it are drawn right to left all the same."""
    page = '<div dir="rtl">\n\nconclusion &rlm; In\n\n</div>\n'
    found = find_tells(page, RULES, path="a.md")
    assert any("as a browser draws the line" in f.message for f in found), found
    title = '<div dir="rtl">\n\n# 6<span dir="ltr">7</span> bugs\n\nA week.\n\n</div>\n'
    assert parse_article(title, "posts/a.md").title_numbers == [["67", "76"]]
    # (a title that starts with a letter is drawn as written there)
    plain = '<div dir="rtl">\n\n# We fixed 6<span dir="ltr">7</span> bugs\n\n</div>\n'
    assert parse_article(plain, "posts/a.md").title_numbers == [["67"]]


def test_a_paragraph_left_open_ends_at_the_next_block() -> None:
    """`<p dir="rtl">` with no `</p>` ends where a block starts, as HTML ends it."""
    inside = drawn_lines(['<span dir="rtl">x<div>conclusion &rlm; In</div>'])
    assert inside is not None and (inside[0] or "").index("In") < inside[0].index("conclusion")
    for line in [
        '<p dir="rtl">x</p><div>conclusion &rlm; In</div>',
        '<p dir="rtl">x<div>conclusion &rlm; In</div>',
    ]:
        got = drawn_lines([line])
        assert got is None or got[0] is None or got[0].index("conclusion") < got[0].index("In")


# Round 76: an element's direction as a browser reads its tag.
_IN_CONCLUSION_DRAWN = [
    pytest.param(
        'Well, <span\ndir="rtl">conclusion &rlm; In</span>, the beans.', id="tag-on-2-lines"
    ),
    pytest.param('Well, <span dir="rtl" />conclusion &rlm; In</span>, the beans.', id="slash-end"),
    pytest.param(
        'Well, <span data-x="direction:ltr" dir="rtl">conclusion &rlm; In</span>, we said.',
        id="direction-in-another-attribute",
    ),
    pytest.param(
        'Well, <span dir="&#x72;tl">conclusion &rlm; In</span>, we said.', id="ref-in-dir"
    ),
    pytest.param('<p style="direction:/**/rtl">conclusion &rlm; In</p>', id="css-comment"),
    pytest.param('<p style="direction:\\72tl">conclusion &rlm; In</p>', id="css-escape"),
    pytest.param(
        'Well,&#10;<span dir="rtl">conclusion &rlm; In</span> we said.', id="ref-line-feed"
    ),
    pytest.param(
        'We dug.&NewLine;\n\nWell, <span dir="rtl">conclusion &rlm; In</span> we said.',
        id="named-line-feed-elsewhere",
    ),
    pytest.param(
        "Well. &#x2067;conclusion &rlm;\n<p-x></p-x>In&#x2069;, we said.", id="custom-element-line"
    ),
    pytest.param(
        '<span dir="rtl">In &rlm; Well,<br>we planted &rlm; conclusion</span> the beans.',
        id="line-break-inside",
    ),
    pytest.param(
        'Well, <span dir="auto"><span style="direction:rtl">&rlm;</span>conclusion &rlm;'
        " In</span> we said.",
        id="auto-first-strong-in-a-styled-child",
    ),
]


@pytest.mark.parametrize("body", _IN_CONCLUSION_DRAWN)
def test_round_76_directions_are_read_as_a_browser_reads_them(body: str) -> None:
    found = find_tells(f"---\ntitle: t\n---\n{body}\n", RULES, path="a.md")
    assert any(f.message.startswith('banned phrase "in conclusion"') for f in found), found


def test_a_reference_with_leading_zeros_is_read() -> None:
    found = find_tells("<p>Well. In&#000000000032;conclusion, we said.</p>\n", RULES, path="a.md")
    assert [f.message for f in found] == ['banned phrase "in conclusion"'], found


@pytest.mark.parametrize(
    "title",
    [
        '# We fixed <span dir="&#x72;tl">6&rlm;7</span> bugs',
        '# We fixed <span data-x="direction:ltr" dir="rtl">6&rlm;7</span> bugs',
        '# We fixed <span style="direction:/**/rtl;unicode-bidi:isolate">6&rlm;7</span> bugs',
        '# We fixed&#10;<span dir="rtl">6&rlm;7</span> bugs',
    ],
)
def test_round_76_a_titles_direction_is_read(title: str) -> None:
    got = parse_article(f"{title}\n\nA week.\n", "posts/a.md")
    assert "76" in got.title_numbers[0], got


@pytest.mark.parametrize(
    ("page", "quote"),
    [
        ("הספר הראשון שלנו The Art of War היה טוב מאוד.", "הראשון שלנו The Art of War"),
        (
            "في المشروع استخدمنا برنامج Visual Studio Code لكتابة الشيفرة.",
            "استخدمنا برنامج Visual Studio Code",
        ),
    ],
)
def test_a_quote_that_starts_inside_right_to_left_words_counts(page: str, quote: str) -> None:
    """Round 76's false refusals: the quote drawn alone is no string of its drawn line
    where it cuts a right-to-left run; its left-to-right words are there, in order."""
    assert check_quotes([{"name": "x", "quotes": [quote]}], f"Intro.\n\n{page}\n", 20, "a.md") == []


@pytest.mark.parametrize(
    "page",
    [
        'The beans were planted on the <span dir="&#x72;tl">ninth&#x61c; of May</span> this year.',
        'The beans were planted on the <span\ndir="rtl">ninth&rlm; of May</span> this year.',
        'The beans were planted&#10;on the <span dir="rtl">ninth&rlm; of May</span> this year.',
    ],
)
def test_round_76_quotes_drawn_in_another_order_are_refused(page: str) -> None:
    problems = check_quotes([{"name": "x", "quotes": [QUOTE]}], f"Intro.\n\n{page}\n", 20, "a.md")
    assert [p.reason for p in problems] == [
        "is not what a browser draws there: right-to-left text or a direction mark"
        " reorders its line"
    ], page


@pytest.mark.parametrize(
    "page",
    [
        # `dir="auto"` takes its first strong letter, one in a styled child too
        'The beans were planted on the <span dir="auto"><span style="direction:rtl">&rlm;'
        "</span>ninth&rlm; of May</span> this year.",
        # a mark in an element a style may hide reorders the line all the same
        'The beans were planted on the <span dir="rtl">ninth<span style="color:red">&rlm;'
        "</span> of May</span> this year.",
    ],
)
def test_what_a_style_may_hide_still_directs_a_quotes_line(page: str) -> None:
    problems = check_quotes([{"name": "x", "quotes": [QUOTE]}], f"Intro.\n\n{page}\n", 20, "a.md")
    assert [p.reason for p in problems] == [
        "is not what a browser draws there: right-to-left text or a direction mark"
        " reorders its line"
    ], problems


# The review of session 57.
_REORDERED = (
    "is not what a browser draws there: right-to-left text or a direction mark reorders its line"
)


def _refused(page: str, quote: str = QUOTE) -> list[str]:
    return [
        p.reason
        for p in check_quotes([{"name": "x", "quotes": [quote]}], f"Intro.\n\n{page}\n", 20, "a.md")
    ]


def test_a_control_in_a_hidden_element_is_no_control() -> None:
    """A mark a style may hide is drawn, one `hidden` hides is not: read both ways."""
    page = 'The beans were planted on the <span dir="rtl">{}ninth&rlm; of May{}</span> this year.'
    hidden = page.format("<span hidden>&#x2066;</span>", "<span hidden>&#x2069;</span>")
    assert _refused(hidden) == [_REORDERED]
    body = (
        "# Notes\n\nWe fixed &rlm;<span hidden>&#x2066;</span>6&rlm;7"
        "<span hidden>&#x2069;</span> bugs.\n"
    )
    assert "67" not in parse_article(body, "posts/a.md").body_numbers


@pytest.mark.parametrize(
    "body",
    [
        pytest.param(
            '<span data-x="' + "a" * 4001 + '" dir="rtl">conclusion &rlm; In</span>',
            id="long-value",
        ),
        pytest.param(
            '<span dir="auto"><style>a{}</style>&rlm;conclusion &rlm; In</span>',
            id="auto-skips-style",
        ),
        pytest.param(
            '<span dir="auto"><img alt="' + "a" * 600 + '">&rlm;conclusion &rlm; In</span>',
            id="auto-long-tag",
        ),
        pytest.param(
            '<span dir="auto">' + "<i></i>" * 33 + "&rlm;conclusion &rlm; In</span>",
            id="auto-many-tags",
        ),
        pytest.param('<span dir="rtl">x\u2028conclusion &rlm; In</span>', id="line-separator"),
        pytest.param(
            "&#x2067;conclusion\n&#32;\n&rlm; In&#x2069;", id="a-line-of-a-space-reference"
        ),
    ],
)
def test_the_reviews_directions_are_read(body: str) -> None:
    found = find_tells(f"Well, {body}, we said.\n", RULES, path="a.md")
    assert [f.message for f in found] == [
        'banned phrase "in conclusion", as a browser draws the line (right-to-left text'
        " reorders it)"
    ], found


@pytest.mark.parametrize(
    ("page", "quote"),
    [
        (
            '<span dir="rtl">קראנו את The Art of War ואת Dune השנה</span> in class.',
            "קראנו את The Art of War ואת Dune השנה",
        ),
        (
            'We grew <span dir="rtl">בין 2019 ל-2021 גדלנו מאוד</span> a lot.',
            "בין 2019 ל-2021 גדלנו מאוד",
        ),
        (
            'Wrap Hebrew words in `<span dir="rtl">` when you write.\n\nWe ' + QUOTE + ".",
            QUOTE,
        ),
        (
            '```html\n<div dir="rtl">\n```\n\n2020 was a good year for the beans we planted.',
            "2020 was a good year for the beans",
        ),
        (
            'A <span dir="rtl">שלום left open.\n\n2020 was a good year for the beans we planted.',
            "2020 was a good year for the beans",
        ),
    ],
)
def test_the_reviews_honest_quotes_count(page: str, quote: str) -> None:
    assert _refused(page, quote) == []


def test_a_line_break_in_a_right_to_left_paragraph_joins_no_phrase() -> None:
    assert find_tells('<p dir="rtl">In שלום<br>עולם conclusion</p>\n', RULES, path="a.md") == []


def test_a_css_escape_past_unicode_is_read_as_a_replacement() -> None:
    assert find_tells('A <span style="direction:\\FFFFFF">x</span> b.\n', RULES, path="a.md") == []


def test_a_drawn_finding_is_at_its_line_once() -> None:
    page = '---\ntitle: t\n---\nWell, <span dir="rtl">conclusion &rlm; In</span>, we said.\n'
    assert [(f.line, f.col) for f in find_tells(page, RULES, path="a.md")] == [(4, 1)]


# Round 77: a style's direction as CSS reads it, a tag as HTML's tokenizer reads it.
@pytest.mark.parametrize(
    "span",
    [
        '<span style="direction:rtl !important; direction:ltr; unicode-bidi:isolate">',
        '<span style="direction:rtl; direction:ltr-x">',
        "<span style=\"direction:rtl; --a:'direction:ltr'\">",
        '<span style="direction:rtl;direction:ltr x">',
        "<span" + " " * 4100 + 'dir="rtl">',
        '<span title="' + "a" * 4100 + '" dir="rtl">',
    ],
)
def test_round_77_a_spans_direction_is_read(span: str) -> None:
    found = find_tells(f"Well, {span}conclusion &rlm; In</span>, we said.\n", RULES, path="a.md")
    assert [f.message for f in found] == [
        'banned phrase "in conclusion", as a browser draws the line (right-to-left text'
        " reorders it)"
    ], found


@pytest.mark.parametrize(
    "page",
    [
        '<p>\nWell, <span a<b dir="rtl">conclusion &rlm; In</span>, we said.\n</p>\n',
        '<span dir="rtl">In &rlm; Well,</br>we planted &rlm; conclusion</span> the beans.\n',
    ],
)
def test_round_77_tags_html_reads_are_read(page: str) -> None:
    assert find_tells(page, RULES, path="a.md"), page


def test_a_valid_style_direction_left_to_right_draws_as_written() -> None:
    page = 'Well, <span style="direction:ltr">conclusion &rlm; In</span>, we said.\n'
    assert find_tells(page, RULES, path="a.md") == []


@pytest.mark.parametrize("body", ["أصلحنا 76% من الأخطاء.", "أصلحنا ٧٦٪ من الأخطاء."])
def test_an_arabic_percentage_supports_its_number(body: str) -> None:
    """Round 77's false refusals: `76%` in Arabic is drawn `%76` (read as 76%), and the
    Arabic percent sign is one."""
    assert "76%" in parse_article(f"# Notes\n\n{body}\n", "posts/a.md").body_numbers


@pytest.mark.parametrize(
    ("html", "way"),
    [
        ("<bdi>a</bdi>", "ltr"),
        ("<bdi>\u05e9</bdi>", "rtl"),
        # (an inner element of its own direction is passed over whole, and with it its
        # own end: the outer ends at the second </bdi>, before the Hebrew)
        ("<bdi><bdi>x</bdi></bdi>\u05e9\u05dc\u05d5\u05dd", "ltr"),
        ("<bdi><span dir=ltr>x</span>\u05e9</bdi>", "rtl"),
        ("<bdi><bdi>x" + "<bdi>" * 3000, "ltr"),  # (never ended: all the rest is in it)
        ("<bdi><script>\u05e9</script>a</bdi>", "ltr"),
    ],
)
def test_an_element_of_its_own_direction_takes_its_first_strong_letter(html: str, way: str) -> None:
    from receipt_gate.reading.direction import _first_strong

    assert _first_strong(html, len("<bdi>"), "bdi") == way
