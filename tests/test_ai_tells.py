from __future__ import annotations

import pytest

from receipt_gate.registry import PATTERNS, PHRASES
from receipt_gate_hooks.ai_tells import compile_rules, find_tells

RULES = compile_rules(PHRASES, PATTERNS)


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
            "It is important to note that x.",
            [(1, 1, 'banned phrase "it is important to note"')],
            id="phrase",
        ),
        pytest.param(
            "It’s worth noting x.",
            [(1, 1, 'banned phrase "it\'s worth noting" (as "It’s worth noting")')],
            id="curly-apostrophe",
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
            [(1, 1, 'banned pattern matched "Certainly!": (?i)^\\s*certainly!')],
            id="certainly",
        ),
        pytest.param(
            "x\n\nIn conclusion, and a tapestry of lies.",
            [(3, 1, 'banned phrase "in conclusion"'), (3, 22, 'banned phrase "tapestry of"')],
            id="two-in-order",
        ),
    ],
)
def test_finds(text: str, expected: list[tuple[int, int, str]]) -> None:
    assert tells(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        pytest.param("---\ntitle: We delve into it\n---\nPlain.", id="front-matter"),
        pytest.param("Use `it is important to note` as a key.", id="inline-code"),
        pytest.param("```\nin conclusion\n```\n", id="fenced-code"),
        pytest.param("~~~python\ngame changer = 1\n~~~", id="tilde-fence"),
        pytest.param("The tapestry-maker and the gamechanger.", id="not-whole-phrase"),
        pytest.param("in\n\nconclusion", id="not-across-paragraphs"),
        pytest.param("Delve is a word we mention.", id="delve-alone"),
        pytest.param("", id="empty"),
    ],
)
def test_finds_nothing(text: str) -> None:
    assert tells(text) == []


@pytest.mark.parametrize("text", [
    "I hope th\u0130s helps.",  # dotted capital I matches i case-insensitively
    "I hope this help\u017f.",  # long s matches s
    "Time to buc\u212ale up.",  # the Kelvin sign matches k
    "It is \u0130mportant to note that.",
])
def test_letters_that_fold_to_ascii_do_not_slip_past_the_needles(text: str) -> None:
    found = find_tells(text, compile_rules(PHRASES, PATTERNS))
    assert len(found) == 1, found
