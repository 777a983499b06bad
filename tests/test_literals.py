"""Liquid's and Nunjucks' literal conditions and loops (gate.reading.literals), and the
layout reading that asks them (round 69: a layout may hide the page's body behind a
test of literals the gate did not read)."""

from __future__ import annotations

import pytest

from receipt_gate.reading.literals import CANNOT_SAY, loop_runs, truth
from receipt_gate.rules.corpus import _body_places


@pytest.mark.parametrize(
    ("condition", "liquid", "nunjucks"),
    [
        ('"a" == "b"', False, False),
        ("false and true", False, False),
        ("(1 == 2)", CANNOT_SAY, False),  # (Liquid has no grouping: a lookup, nil)
        ("not (1 == 2)", CANNOT_SAY, True),  # (Liquid has no `not`)
        ("page.x and false", False, False),  # (false whatever the page holds)
        ("page.x or true", True, True),
        ("false and true or true", False, True),  # (Liquid reads from the right)
        ('1 == "1"', False, CANNOT_SAY),
        ("0", True, False),
        ('""', True, False),
        ("nil", False, CANNOT_SAY),  # (a name to Nunjucks, spelled as a literal)
        ("TRUE", CANNOT_SAY, CANNOT_SAY),  # (Liquid's and Nunjucks' keywords are lowercase)
        ("show", None, None),  # (a name the page or the site may give)
        ("True", CANNOT_SAY, CANNOT_SAY),  # (a name, undefined to both: round 70)
        ('"x" == empty', False, None),
        ("1 is undefined", CANNOT_SAY, CANNOT_SAY),
        ("false if true else true", CANNOT_SAY, CANNOT_SAY),
        ("page.x", None, None),
        ('page.title != ""', None, None),
        ('site.data["x"]', None, None),
        ("page.x | size > 0", None, None),
        ('"a" | upcase == "A"', CANNOT_SAY, CANNOT_SAY),
        ('"abc" contains "b"', True, CANNOT_SAY),
        ("", CANNOT_SAY, CANNOT_SAY),
    ],
)
def test_a_condition_is_read_as_its_engine_reads_it(
    condition: str, liquid: object, nunjucks: object
) -> None:
    assert (truth(condition, "liquid"), truth(condition, "nunjucks")) == (liquid, nunjucks)


@pytest.mark.parametrize(
    ("rest", "runs"),
    [
        ("i in (1..2)", True),
        ("i in (3..1)", False),
        ("i in (1..3) limit: 0", False),
        ("i in (1..3) offset: 3", False),
        ("x in []", CANNOT_SAY),  # (Liquid has no list literal)
        ("x in [1]", CANNOT_SAY),
        ("i in (1..100000000000000000000)", CANNOT_SAY),  # (past exact counting)
        ('c in "abc" offset: 1', False),  # (a string is one item to Liquid)
        ("p in site.posts", None),
        ("p in site.posts limit: 0", False),
        ("i in (1..3) limit: page.n", CANNOT_SAY),
    ],
)
def test_a_loop_over_literals_runs_or_not(rest: str, runs: object) -> None:
    assert loop_runs(rest, "liquid") == runs


def test_reading_literals_is_linear_and_bounded() -> None:
    """Round 69: `{% if <<<...` (48,000) took 92 s to read; nesting past any layout's
    need is no reading (CANNOT_SAY), never a recursion error."""
    assert truth("<" * 200_000 + " a b", "liquid") == CANNOT_SAY
    assert truth("(" * 50_000, "nunjucks") == CANNOT_SAY
    assert truth("not " * 50_000 + "true", "nunjucks") == CANNOT_SAY
    assert truth("[" * 50_000, "nunjucks") == CANNOT_SAY


@pytest.mark.parametrize(
    ("layout", "engine", "prints"),
    [
        # round 69: literals the reading did not evaluate, a loop's `else`, `limit: 0`,
        # Nunjucks' `elif`, filters that change the body, Liquid's `{#` (no comment)
        ('{% if "a" == "b" %}{{ content }}{% endif %}', "liquid", False),
        ("{% for i in (1..2) %}{% else %}{{ content }}{% endfor %}", "liquid", False),
        ("{% if false and true %}{{ content }}{% endif %}", "liquid", False),
        ("{% for i in (1..3) limit: 0 %}{{ content }}{% endfor %}", "liquid", False),
        ('{{ content | prepend: "<!--" }}', "liquid", False),
        ('{{ content | replace: "beans", "peas" }}', "liquid", False),
        ("{{ content | plus: 0 }}", "liquid", False),
        ("{# <!-- #}{{ content }}", "liquid", False),
        ('{% case "a" %}{% when "b", "c" %}{{ content }}{% endcase %}', "liquid", False),
        ("<!-- {% if false %} -->{{ content }}<!-- {% endif %} -->", "liquid", False),
        ('{{ content | replace: "<img", "<img hidden" }}', "liquid", False),
        # (a string an output prints is markup where it stands: round 69's re-run)
        ('{{ "<!--" }}{{ content }}', "liquid", False),
        ('{{ "<!-" }}{{ "-" }}{{ content }}', "liquid", False),
        ('{{ "<div hidden>" | safe }}{{ content | safe }}</div>', "nunjucks", False),
        ("{% if true %}<p>x</p>{% elif true %}{{ content | safe }}{% endif %}", "nunjucks", False),
        ("{% if not true %}{{ content | safe }}{% endif %}", "nunjucks", False),
        ("{% for x in [] %}{{ content | safe }}{% endfor %}", "nunjucks", False),
        ("{% if (1 == 2) %}{{ content | safe }}{% endif %}", "nunjucks", False),
        ("{% if 0 %}{{ content | safe }}{% endif %}", "nunjucks", False),
        # round 70: Liquid's keywords are lowercase (`TRUE` is a name Jekyll leaves nil),
        # `empty`, a name the layout gives a literal, `is` tests, `range()`, an inline
        # if, `if(false)`, a `liquid` tag, a capture or `set` given anew, the body's name
        # given another value, `verbatim`, filters the gate does not know
        ("{% if TRUE %}{{ content }}{% endif %}", "liquid", False),
        ("{% if page.x and TRUE.y %}{{ content }}{% endif %}", "liquid", False),
        ('{% if "x" == empty %}{{ content }}{% endif %}', "liquid", False),
        ("{% assign show = false %}{% if show %}{{ content }}{% endif %}", "liquid", False),
        ("{% if 1 is undefined %}{{ content | safe }}{% endif %}", "nunjucks", False),
        ("{% for x in range(0) %}{{ content | safe }}{% endfor %}", "nunjucks", False),
        ("{% if false if true else true %}{{ content | safe }}{% endif %}", "nunjucks", False),
        ("{%if(false)%}{{ content }}{%endif%}", "liquid", False),
        ("{% liquid\nif false\n  echo content\nendif\n%}", "liquid", False),
        (
            "{% capture b %}{{ content }}{% endcapture %}{% capture b %}{% endcapture %}{{ b }}",
            "liquid",
            False,
        ),
        ('{% assign content = "" %}{{ content }}', "liquid", False),
        ('{% set content = "" %}{{ content | safe }}', "nunjucks", False),
        ("{% verbatim %}{{ content | safe }}{% endverbatim %}", "nunjucks", False),
        ("{{ content | to_integer }}", "liquid", False),
        ("{{ content | relative_url }}", "liquid", False),
        ("{{ content | slug }}", "nunjucks", False),
        # round 71: outputs that name the body but print something else, markup a
        # replace adds that hides, literals through a filter, a call block
        ("{{ content.size }}", "liquid", False),
        ("{% if (true) %}{{ content }}{% endif %}", "liquid", False),
        # (markup printed another way than `{{ "..." }}`: what follows it may be hidden)
        ('{% assign o = "<!--" %}{{ o }}{{ content }}', "liquid", False),
        ('{{ "<!--" | strip }}{{ content }}', "liquid", False),
        ('{% echo "<!--" %}{{ content }}', "liquid", False),
        ("{% for i in [1] %}{{ content }}{% endfor %}", "liquid", False),
        ("{% case 1 %}{% when true %}{{ content }}{% endcase %}", "liquid", False),
        ("{% if [] == [] %}{{ content | safe }}{% endif %}", "nunjucks", False),
        (
            "{% assign show = false %}{% if false %}{% assign show = true %}{% endif %}"
            "{% if show %}{{ content }}{% endif %}",
            "liquid",
            False,
        ),
        (
            "{% for i in (1..100000000000000000000) %}{% endfor %}{% if page.show %}"
            "{{ content }}{% endif %}",
            "liquid",
            True,
        ),
        ('{{ "x" | default: content }}', "liquid", False),
        ('{{ "x" or content }}', "nunjucks", False),
        ("{{ content | safe if false }}", "nunjucks", False),
        ('{% cycle "", content %}', "liquid", False),
        ("{% include note.html body=content %}", "liquid", False),
        ('{{ content | replace: "<p>", "<p popover>" }}', "liquid", False),
        ('{{ content | replace: "<p>", "<p><datalist>" }}', "liquid", False),
        (
            "{% assign show = false | default: false %}{% if show %}{{ content }}{% endif %}",
            "liquid",
            False,
        ),
        ("{% assign k = 1 %}{% case k %}{% when 2 %}{{ content }}{% endcase %}", "liquid", False),
        ("{% if false %}{% elsif nothing_given %}{{ content }}{% endif %}", "liquid", False),
        ("{% for x\tin\t(1..0) %}{{ content }}{% endfor %}", "liquid", False),
        ("{% if false, page.title %}{{ content }}{% endif %}", "liquid", False),
        ('{% if "\\a" != "a" %}{{ content | safe }}{% endif %}', "nunjucks", False),
        (
            "{% macro box() %}<div></div>{% endmacro %}{% call box() %}{{ content | safe }}"
            "{% endcall %}",
            "nunjucks",
            False,
        ),
        # honest layouts: a minified style's `{#id{...}}`, lazy images, a loop's `else`
        # on the site's posts, a test of the page's values, Nunjucks' own comment
        (
            "<style>@media (max-width:600px){#sidebar{display:none}}</style>{{ content }}",
            "liquid",
            True,
        ),
        ('{{ content | replace: "<img", "<img loading=\'lazy\'" }}', "liquid", True),
        ("{% for p in site.posts %}{% else %}{{ content }}{% endfor %}", "liquid", True),
        ("{% if page.x %}{{ content }}{% endif %}", "liquid", True),
        ('{% case "a" %}{% when "a" %}{{ content }}{% endcase %}', "liquid", True),
        ("{% if 0 %}{{ content }}{% endif %}", "liquid", True),
        ("{# <!-- #}{{ content | safe }}", "nunjucks", True),
        ("{% if page.x %}x{% elif page.y %}{{ content | safe }}{% endif %}", "nunjucks", True),
        ("{% assign show = true %}{% if show %}{{ content }}{% endif %}", "liquid", True),
        (
            "{% for p in site.posts %}{% if p.x %}{% break %}{% endif %}{% endfor %}{{ content }}",
            "liquid",
            True,
        ),
        ("{% if True %}{{ content | safe }}{% endif %}", "nunjucks", False),
        ("{% if show %}{{ content }}{% endif %}", "nunjucks", True),  # (the data may give it)
        ("{{ content | toc }}", "liquid", True),
        ("{% echo content %}", "liquid", True),
        # the review of round 71: i18n subscripts, a value's method, a name a test may
        # give, an inline if given a name, a counter
        (
            "{% if site.data.i18n[page.lang].rtl %}<div dir=rtl>{{ content }}</div>"
            "{% else %}{{ content }}{% endif %}",
            "liquid",
            True,
        ),
        (
            '{% if page.url.startsWith("/blog") %}<article>{{ content | safe }}</article>'
            "{% else %}{{ content | safe }}{% endif %}",
            "nunjucks",
            True,
        ),
        (
            '{% set show = false %}{% if page.url.startsWith("/b") %}{% set show = true %}'
            "{% endif %}{% if show %}{{ content | safe }}{% endif %}",
            "nunjucks",
            True,
        ),
        (
            '{% set dir = "rtl" if page.lang == "ar" else "ltr" %}{% if dir == "rtl" %}'
            "<div>{{ content | safe }}</div>{% else %}{{ content | safe }}{% endif %}",
            "nunjucks",
            True,
        ),
        ("{% increment x %}{% if x %}{{ content }}{% endif %}", "liquid", True),
        ('{{ site.title | append: "<br>" }}{{ content }}', "liquid", True),
        ('{{ content | replace: "<table",\n "<div class=tw><table" }}', "liquid", True),
        ("{{- content | strip -}}", "liquid", True),
        ('{% if site.data["x"] %}{{ content }}{% endif %}', "liquid", True),
        ("{% for i in (1..1000000000) limit: 1 %}{{ content }}{% endfor %}", "liquid", True),
    ],
)
def test_a_layout_prints_the_body_as_its_engine_runs_it(
    layout: str, engine: str, prints: bool
) -> None:
    """A Jekyll layout (`strict`: a name it never gives is nil) for Liquid's, an
    Eleventy layout for Nunjucks'."""
    places = _body_places(layout, engine, strict=engine == "liquid")  # type: ignore[arg-type]
    assert places.outside is prints
