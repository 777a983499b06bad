from __future__ import annotations

import json
import shutil
import subprocess
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from receipt_gate.rules.corpus import _either
from receipt_gate_hooks.headline_numbers import _title_numbers, find_headline_numbers, parse_article
from receipt_gate_hooks.headline_numbers import build as build_corpus
from receipt_gate_hooks.numerals import _unlabeled, tokens
from tests.conftest import Repo, Run


def _title_and_reply(repo: Repo, wide: bool = False) -> None:
    """A title holding 76 (posts/drift.md) and a reply citing it (drafts/reply.md), under
    headline-numbers alone; `wide`: every page but the drafts is an article."""
    articles = (
        '\nchecks:\n  headline-numbers: {articles: ["**/*.md", "!drafts/**"]}' if wide else ""
    )
    repo.write(".receipt-gate.yaml", f"required: [headline-numbers]{articles}\n")
    repo.write("posts/drift.md", DRIFT)
    repo.write("drafts/reply.md", "It drifted 76 hours.\n")


# The seed: a headline that rounds, a body that pins a different reading.
DRIFT = """\
---
title: Nothing failed for twelve days while our post schedule drifted 76 hours
---
# Nothing failed for twelve days while our post schedule drifted 76 hours

The label on the front of our post queue drifted from 24 hours behind reality to 74.
Twelve days passed before anyone looked.
"""
# The two bodies of ours that contain the characters 76, only inside opaque tokens.
OPAQUE_BODY = """\
# Receipts, one week in

Posted at 2026-09-10T08:12:55.776Z, answering comment 6a976cb.

![the queue](czivjmmthia76yxgr8ku.png)
"""
CORPUS = build_corpus(
    {"posts/drift.md": parse_article(DRIFT), "posts/receipts.md": parse_article(OPAQUE_BODY)}
)
TITLE = '"Nothing failed for twelve days while our post schedule drifted 76 hours" (posts/drift.md)'


def violations(text: str) -> list[tuple[int, int, str]]:
    found, _, _ = find_headline_numbers(text, CORPUS)
    return [(f.line, f.col, str(dict(f.extra)["number"])) for f in found]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param("Our schedule drifted 76 hours.", [(1, 22, "76")], id="the-76-hour-reply"),
        pytest.param("A 76-hour drift.", [(1, 3, "76")], id="hyphenated-unit"),
        pytest.param("The drift (76) grew.", [(1, 12, "76")], id="parenthesised"),
        pytest.param("It drifted by 76.", [(1, 15, "76")], id="end-of-sentence"),
        pytest.param("It drifted 76h.", [(1, 12, "76h")], id="glued-hour-unit-counts"),
        pytest.param("It drifted seventy-six hours.", [(1, 12, "seventy-six")], id="number-words"),
        pytest.param(
            "It drifted seventy six hours.", [(1, 12, "seventy six")], id="words-with-space"
        ),
        pytest.param(
            "---\ntitle: Drift of 76 hours\n---\nBody.",
            [(2, 17, "76")],
            id="the-draft-title-cites-too",
        ),
        pytest.param(
            "a\n\nthen 76\nand 76 again", [(3, 6, "76"), (4, 5, "76")], id="every-occurrence"
        ),
        # An HTML block's text is shown to readers (it was read as no prose at all).
        pytest.param(
            "<div>\nWe drifted 76 hours.\n</div>\n", [(2, 12, "76")], id="html-block-text"
        ),
        pytest.param(
            "<p>It drifted <b>76</b> hours.</p>\n", [(1, 18, "76")], id="html-block-inline-tag"
        ),
        # The page's own value printed by name (an outside pass, shown by hugo/jekyll).
        pytest.param(
            '---\nn: 76\n---\nIt drifted {{< param "n" >}} hours.\n',
            [(4, 12, "76")],
            id="hugo-param",
        ),
        pytest.param(
            "---\nn: 76\n---\nIt drifted {{ page.n }} hours.\n",
            [(4, 12, "76")],
            id="liquid-page-value",
        ),
        # A code span is read as <code> is (round 96 h01: a reader reads what it holds;
        # a body's code span still supports nothing)
        pytest.param("Code `drifted 76 hours` only.", [(1, 15, "76")], id="inline-code"),
        # What a theme shows beside the title (round 96)
        pytest.param(
            "---\ntitle: Q\ndescription: It drifted 76 hours\n---\nBody.",
            [(3, 25, "76")],
            id="the-draft-description-cites-too",
        ),
        # (round 98: any string a theme may show: a dek, a link title, a synopsis...)
        pytest.param(
            "---\ntitle: Q\ndek: It drifted 76 hours\n---\nBody.", [(3, 17, "76")], id="dek"
        ),
        pytest.param(
            "---\ntitle: Q\nlinkTitle: Drifted 76 hours\n---\nBody.",
            [(3, 20, "76")],
            id="link-title",
        ),
    ],
)
def test_refuses(text: str, expected: list[tuple[int, int, str]]) -> None:
    assert violations(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        pytest.param("From 24 hours behind to 74.", id="numbers-the-bodies-pin"),
        pytest.param("It took twelve days, then 12 more.", id="title-number-a-body-also-has"),
        pytest.param("We saw 1,760 views.", id="thousands-separator-is-not-76"),
        # SI's thin space, and a no-break one, between groups (an outside pass).
        pytest.param("We saw 76\u2009000 views.", id="thin-space-thousands-is-not-76"),
        pytest.param("We saw 76\u00a0000 views.", id="no-break-space-thousands"),
        pytest.param("A 76.4 second wait.", id="decimal-is-not-76"),
        pytest.param("Version v76 shipped.", id="v76-is-an-identifier"),
        pytest.param("Conversion was 76%.", id="percent-is-its-own-number"),
        pytest.param("We counted 76k views.", id="76k-is-not-76"),
        pytest.param("At 2026-09-10T08:12:55.776Z it ran.", id="timestamp"),
        pytest.param("Comment 6a976cb said so.", id="hex-id"),
        pytest.param("See czivjmmthia76yxgr8ku.png.", id="file-name"),
        pytest.param("See https://example.com/p/76 and at://did:plc:x76/post/76.", id="urls"),
        pytest.param("By did:plc:ewvi7nxzyoun6zhxrhs64oiz76 today.", id="did"),
        pytest.param("```\n76\n```\n", id="fenced-code"),
        pytest.param("---\nviews: 76\n---\nNothing here.", id="front-matter-other-than-title"),
        pytest.param(
            "---\nslug: drifted-76-hours\nweight: 76\nimage: /img/76.png\n---\nNothing.",
            id="front-matter-no-theme-shows-as-words",
        ),
        pytest.param("It is the one that ran.", id="one-is-a-pronoun"),
        pytest.param('<img width="76" alt="">\n', id="html-attribute"),
        pytest.param("<div>\n<!-- drifted 76 hours -->\n</div>\n", id="html-block-comment"),
    ],
)
def test_passes(text: str) -> None:
    assert violations(text) == []


@pytest.mark.parametrize(
    ("written", "values"),
    [
        # Round 78: a scale word or a percent however cased or spaced, a scale letter
        # that may be a unit (both readings), scientific notation, look-alike digits
        # before a unit or a scale
        ("We Hit 2 Million Downloads", {"2000000"}),
        ("We Fixed 76 Thousand Bugs", {"76000"}),
        ("We fixed 76  thousand bugs", {"76000"}),
        ("We raised 2.5 bn", {"2500000000"}),
        ("We raised 1 Trillion", {"1000000000000"}),
        ("We Now Serve 3B Users", {"3", "3000000000"}),
        ("We raised £1.5m", {"1.5", "1500000"}),
        ("We passed 2m downloads", {"2", "2000000"}),
        ("We Sorted 1e6 Rows", {"1000000"}),
        ("A 1e-3 error", {"0.001"}),
        ("76 per cent of bugs fixed", {"76%"}),
        ("We Fixed 76 Percent Of Bugs", {"76%"}),
        ("76 pct fixed", {"76%"}),
        ("We Fixed 1OOk Bugs", {"100000"}),
        ("The Parser Is 1OOx Faster", {"100"}),
        ("We fixed 76<br>bugs", {"76"}),
        ("We fixed<br/>76 bugs", {"76"}),
        ("We fixed 7<b>6</b> bugs", {"76"}),  # (an inline tag is no gap)
        ("A 20l tank and GPT-4o", set()),  # (litres, not 201; a name)
        # Round 79: scale abbreviations, spaced or glued; per-cent; powers; fractions;
        # underscores
        ("We Hit 2 mil Users", {"2", "2000000"}),
        ("We hit 2 mln users", {"2000000"}),
        ("We hit 2 M users", {"2", "2000000"}),
        ("We hit 2 k users", {"2", "2000"}),
        ("We hit 2 Mio users", {"2000000"}),
        ("We hit 2 lakh users", {"200000"}),
        ("We handled £2 tn", {"2000000000000"}),
        ("We raised $2MM", {"2000000"}),
        ("We served 2 bil requests", {"2000000000"}),
        ("2 miles", {"2"}),
        ("76 per-cent of bugs fixed", {"76%"}),
        # (a power's own readings are its only ones: NFKC's 104 and a footnote's 6 are
        # gone since round 81)
        ("We sorted 10<sup>6</sup> rows", {"10", "1000000"}),
        ("We hit 10⁴ users", {"10", "10000"}),
        ("We sorted 10^6 rows", {"10", "1000000"}),
        ("We hit 1_000_000 users", {"1000000"}),
        ("We hit ½ million users", {"500000"}),
        # (the review: a tag a browser may not draw as a break read both ways; no number
        # in a colour; a lowercase b is no billion; look-alikes with no digit stay words)
        ("We fixed 7<td>6 bugs", {"7", "6", "76"}),
        ("The accent is #1e6", set()),
        ("See figure 3b", set()),
        ("lO,,1", set()),
    ],
)
def test_a_number_reads_as_its_readers_read_it(written: str, values: set[str]) -> None:
    assert set(_title_numbers(written)) == values
    assert {
        v for f in [parse_article(f"# {written}\n\nA week.\n", "a.md")] for v in f.title_numbers[0]
    } == values


@pytest.mark.parametrize(
    ("title", "body", "supported"),
    [
        # A body supports what every reader surely reads: a letter that may be a unit is
        # a scale only after a currency sign (the review of round 78's reading)
        ("We raised 2 million", "We raised £2m this year.", True),
        ("We served 3 billion requests", "We now serve $3B a day.", True),
        ("We served 3 billion requests", "See figure 3b and the 3B cable.", False),
        ("We laid 2 million cables", "A 2m cable, then a 2 M one.", False),
        ("We hit 2 million users", "We hit 2 mil users.", False),
        ("We hit 2 million users", "We hit 2 mln users.", True),
    ],
)
def test_a_body_supports_what_its_readers_surely_read(
    title: str, body: str, supported: bool
) -> None:
    corpus = build_corpus(
        {
            "posts/a.md": parse_article(f"---\ntitle: {title}\n---\nA week.\n", "posts/a.md"),
            "posts/b.md": parse_article(f"{body}\n", "posts/b.md"),
        }
    )
    found = find_headline_numbers(f"{title}.\n", corpus, "drafts/d.md")[0]
    assert (found == []) is supported, found


@pytest.mark.parametrize(
    ("title", "draft", "plain"),
    [
        # Session 59: one reading of what follows a number, for numbers of digits and of
        # words alike (scale words, `and a half`, dozens, percents), and the spellings a
        # reader reads as a number that no round had tried yet
        ("We Hit 2 Billion Downloads", "We hit two billion downloads.", "2000000000"),
        ("We Hit 2 Trillion Requests", "Two trillion requests.", "2000000000000"),
        ("76% Faster Builds", "Builds are seventy-six percent faster.", "76%"),
        ("76% Faster Builds", "Builds are seventy six per cent faster.", "76%"),
        ("1% Better", "One percent better.", "1%"),
        ("2.5% Better", "Two point five percent better.", "2.5%"),
        ("We Raised $2 Million", "We raised $2mn.", "2000000"),
        ("We Raised $2 Million", "We raised 2 Millionen.", "2000000"),
        ("We Raised 2 Billion", "We raised 2 Mrd. euros.", "2000000000"),
        ("We Raised $2 Million", "We raised 2 millions.", "2000000"),
        ("We Raised $2 Million", "We raised 2million.", "2000000"),
        ("2 Million Users", "A 2-million-user base.", "2000000"),
        ("2.5 Million Users", "We have 2,5 Mio. users.", "2500000"),
        ("2.5 Million Users", "We have 2,5M users.", "2500000"),
        ("500,000 Users", "Half a million users.", "500000"),
        ("250,000 Users", "A quarter of a million users.", "250000"),
        ("750,000 Users", "Three quarters of a million users.", "750000"),
        ("1.5 Million Users", "One and a half million users.", "1500000"),
        ("1.5 Million Users", "1 and a half million users.", "1500000"),
        ("1.5 Million Users", "One point five million users.", "1500000"),
        ("1 Billion Requests", "A billion requests.", "1000000000"),
        ("12 Tips", "A dozen tips.", "12"),
        ("24 Tips", "Two dozen tips.", "24"),
        ("24 Tips", "2 dozen tips.", "24"),
        ("40 Bugs", "Fourty bugs.", "40"),
        ("3 Million Users", "3x10^6 users.", "3000000"),
        ("3 Million Users", "3 × 10⁶ users.", "3000000"),
        ("3 Million Users", "3*10**6 users.", "3000000"),
        ("50% Faster", "50pc faster.", "50%"),
        ("50% Faster", "50 p.c. faster.", "50%"),
        ("50% Faster", "50 per centum faster.", "50%"),
        ("50% Faster", "50percent faster.", "50%"),
        ("2 Million Users", "2-3 million users.", "2000000"),
        ("2 Million Users", "Between 2 and 3 million users.", "2000000"),
        ("2 Million Users", "We raised $2\u20133M.", "2000000"),
        ("20% Faster", "20-30% faster.", "20%"),
        ("500,000 Users", "1/2 million users.", "500000"),
        ("2.5 Million Users", "2 1/2 million users.", "2500000"),
        ("1.5 Million Users", "A million and a half users.", "1500000"),
        ("2.5 Million Users", "2 million and a half users.", "2500000"),
        ("18 Tips", "A dozen and a half tips.", "18"),
        ("10x Faster", "Tenfold faster.", "10"),
        ("10x Faster", "10fold faster.", "10"),
        ("200,000 Users", "2 hundred thousand users.", "200000"),
        ("76 Bugs", "We fixed \u277c\u277b bugs.", "76"),
        ("2 Million Users", "Two or three million users.", "2000000"),
        ("25,000 Users", "Twenty-five to thirty thousand users.", "25000"),
        # (round 80)
        ("2 Billion Raised", "We raised R2bn.", "2000000000"),
        ("2 Billion Raised", "We raised USD2bn.", "2000000000"),
        ("2 Million Users", "We have 2-plus million users.", "2000000"),
        ("2 Million Users", "We have 2+ million users.", "2000000"),
        ("1.5 Million Users", "We have 1 \u00bd million users.", "1500000"),
        ("1.5 Million Users", "We have 1-1/2 million users.", "1500000"),
        ("2.5 Million Users", "We have 2\u00b75 million users.", "2500000"),
        ("2 Billion Users", "Two thousand million users.", "2000000000"),
        ("2 Billion Users", "2 thousand million users.", "2000000000"),
        ("1 Trillion Users", "A million million users.", "1000000000000"),
        ("2 Million Users", "We have 2\nmillion users.", "2000000"),
        ("76% Faster", "We are 76\npercent faster.", "76%"),
        ("20 Million Raised", "Rs2cr raised.", "20000000"),
        ("2 Billion Raised", "2 mld raised.", "2000000000"),
        ("2 Million Raised", "2 mill raised.", "2000000"),
        ("2 Million Users", "2-to-3 million users.", "2000000"),
        ("2.5 Million Users", "Two-point-five million users.", "2500000"),
        ("90 Bugs", "Ninty bugs.", "90"),
        ("2 Billion Raised", "We raised N2bn.", "2000000000"),
        ("2 Million Raised", "We raised KSh2m.", "2000000"),
        ("76% Of Bugs Fixed", "We fixed 76 per\ncent of them.", "76%"),
        ("500,000 Users", "We hit half a\nmillion users.", "500000"),
        ("2 Billion Raised", "We raised \u20ac2 Mds.", "2000000000"),
        ("2,000 Raised", "We raised 2 thou.", "2000"),
        ("2 Million Users", "We hit 2-odd million users.", "2000000"),
        ("2 Million Users", "We hit 2 milion users.", "2000000"),
        ("2 Million Users", "We expect 2 through 3 million users.", "2000000"),
        ("2 Million Raised", "We expect to raise $1-$2 million.", "2000000"),
        # (round 81)
        ("1.5 Million Raised", "We raised $1.5mm.", "1500000"),
        ("2 Million Raised", "We raised $2mm.", "2000000"),
        ("2 Million Users", "We hit two (2) million users.", "2000000"),
        ("2 Million Users", "We hit c.2 million users.", "2000000"),
        ("500,000 Users", "We hit nought point five million users.", "500000"),
        ("500,000 Users", "We hit point five million users.", "500000"),
        ("500,000 Users", "We hit oh point five million users.", "500000"),
        ("500,000 Users", "We hit 1/2 a million users.", "500000"),
        ("500,000 Users", "We hit \u00bd a million users.", "500000"),
        ("100,000 Users", "One lakh users signed up.", "100000"),
        ("100,000 Users", "A lakh users signed up.", "100000"),
        ("250,000 Raised", "We raised two lakh fifty thousand rupees.", "250000"),
        ("200,000 Raised", "We raised two to three lakh rupees.", "200000"),
        ("1.5 Million Users", "We hit 1 million 500 thousand users.", "1500000"),
        ("1.5 Million Users", "We hit 1 and 1/2 million users.", "1500000"),
        ("2 Million Raised", "We raised $2 Mil.", "2000000"),
        ("250,000 Raised", "We raised 2 lakh 50 thousand rupees.", "250000"),
        ("2.5 Million Raised", "Offers reach Rs 25L a year.", "2500000"),
        ("2.5 Million Users", "We hit 2 point 5 million users.", "2500000"),
        ("2,500 Stars", "We hit 2\u00bdk stars.", "2500"),
        ("2.5 Million Users", "We hit 2.5 millon users.", "2500000"),
        ("2.5 Million Users", "We hit 2 1/2 M users.", "2500000"),
        ("30,000 Users", "We expect 30/40k users.", "30000"),
        # (round 82)
        ("2 Quadrillion Operations", "We ran 2,000 trillion operations.", "2000000000000000"),
        ("2000 Trillion Operations", "We ran 2 quadrillion operations.", "2000000000000000"),
        ("6 Outages", "We had half a dozen outages.", "6"),
        ("750,000 Downloads", "We passed 3/4 of a million downloads.", "750000"),
        ("750,000 Downloads", "We passed \u00be of a million downloads.", "750000"),
        ("750,000 Downloads", "We passed three-fourths of a million downloads.", "750000"),
        ("750,000 Downloads", "We passed three quarter million downloads.", "750000"),
        ("250000 Nutzer", "Im ersten Jahr kamen 250 Tsd. Nutzer dazu.", "250000"),
        ("76% Faster", "Die Builds sind jetzt 76 Prozent schneller.", "76%"),
        ("76% Faster", "Builds are now 76 percents faster.", "76%"),
        ("76% Faster", "Builds are 76 por ciento faster.", "76%"),
        ("2 Billion Euros Raised", "The fund raised 2 Md\u20ac.", "2000000000"),
        ("2 Billion Euros Raised", "The fund raised 2 G\u20ac.", "2000000000"),
        ("2 Million Euros", "Revenue was 2 MEUR.", "2000000"),
        ("2 Million Kronor", "Revenue was 2 MSEK.", "2000000"),
        ("2000 Euros Per Seat", "Each seat costs 2 TEUR.", "2000"),
        ("1.5 Billion Users", "One thousand five hundred million users.", "1500000000"),
        ("76 Bugs Fixed", "We fixed 76ish bugs.", "76"),
        ("2 Million Users", "We serve 2 x 10 ^ 6 users.", "2000000"),
        ("2 Million Users", "We serve 2 millones of users.", "2000000"),
        # (round 83: digits an element or a code span's marks stand between, drawn as one)
        ("76 Bugs Fixed", 'We fixed 7<span style="display:none">x</span>6 bugs.', "76"),
        ("76 Bugs Fixed", "We fixed 7<span hidden>x</span>6 bugs.", "76"),
        ("76 Bugs Fixed", "We fixed 7<template>x</template>6 bugs.", "76"),
        ("76 Bugs Fixed", "We fixed 7`6` bugs.", "76"),
        ("76 Bugs Fixed", "We fixed <ruby>7<rt>x</rt>6</ruby> bugs.", "76"),
        ("76 Bugs Fixed", 'We fixed 7<img alt="">6 bugs.', "76"),
        ("76 Bugs Fixed", "We fixed 7<datalist><option>x</option></datalist>6 bugs.", "76"),
        ("2 Billion Raised", "Last year we raised R$ 2 bi.", "2000000000"),
        ("2 Billion Raised", "Last year we raised 2 mia. kroner.", "2000000000"),
        ("2 Million Users", "We hit 2 milj. users.", "2000000"),
        ("76% Less Churn", "Churn fell 76 por cento.", "76%"),
        ("76% Less Churn", "Churn fell 76 percentage points.", "76%"),
        ("76% Less Churn", "Churn fell 76 vH.", "76%"),
        ("76% Less Churn", "Churn fell for 76 out of 100 customers.", "76%"),
        ("2 Billion Raised", "We raised 2 \u00d7 1,000,000,000 dollars.", "2000000000"),
        ("2 Billion Raised", "We raised 2 mil millones de d\u00f3lares.", "2000000000"),
        ("2 Billion Raised", "We raised 2 \u043c\u043b\u0440\u0434 dollars.", "2000000000"),
        ("2 Million Users", "We hit 2 000 k users.", "2000000"),
        # (round 84: the scale words' other forms and languages)
        ("2 Million Users", "Mamy 2 miliony użytkowników.", "2000000"),
        ("2 Million Users", "Mamy 2 milionów użytkowników.", "2000000"),
        ("2 Million Users", "2 miljoonaa käyttäjää.", "2000000"),
        ("2 Million Users", "2 milyon kullanıcı.", "2000000"),
        ("2 Million Users", "2 millió felhasználó.", "2000000"),
        ("2 Million Users", "2 milioane de utilizatori.", "2000000"),
        ("2 Million Users", "2 millioner brugere.", "2000000"),
        ("2 Million Users", "2 milionů uživatelů.", "2000000"),
        ("2 Million Users", "2 \u043c\u0438\u043b\u043b\u0438\u043e\u043d\u0430 users.", "2000000"),
        (
            "2 Million Users",
            "2 \u03b5\u03ba\u03b1\u03c4\u03bf\u03bc\u03bc\u03cd\u03c1\u03b9\u03b1 users.",
            "2000000",
        ),
        ("2 Billion Raised", "2 miliardy złotych.", "2000000000"),
        ("2 Billion Raised", "2 miljardia euroa.", "2000000000"),
        ("2 Billion Raised", "2 milyar lira.", "2000000000"),
        ("2 Billion Raised", "2 bilhões de reais.", "2000000000"),
        ("2 Billion Raised", "2 miliarde de lei.", "2000000000"),
        ("2 Billion Raised", "2 milliarder kroner.", "2000000000"),
        (
            "2 Billion Raised",
            "2 \u043c\u0438\u043b\u043b\u0438\u0430\u0440\u0434\u043e\u0432 rubles.",
            "2000000000",
        ),
        ("2 Trillion Raised", "2 Billionen Euro.", "2000000000000"),
        ("2 Trillion Raised", "2 billones de euros.", "2000000000000"),
        ("2 Trillion Raised", "2 biljoen euro.", "2000000000000"),
        ("2 Trillion Raised", "2 biljoner kronor.", "2000000000000"),
        ("2 Trillion Raised", "2 trilhões de reais.", "2000000000000"),
        ("2 Trillion Raised", "2 trilyon lira.", "2000000000000"),
        ("2 Trillion Raised", "2 \u0442\u0440\u043b\u043d rubles.", "2000000000000"),
        ("2000 Users", "2 tysiące użytkowników.", "2000"),
        ("2000 Users", "2 tisíce uživatelů.", "2000"),
        ("2000 Users", "2 tuhatta käyttäjää.", "2000"),
        ("2000 Users", "2 mila utenti.", "2000"),
        ("2000 Users", "2 ezer felhasználó.", "2000"),
        ("2000 Users", "2 Tausende Nutzer.", "2000"),
        ("2 Million Users", "2 \u041c\u041b\u041d users.", "2000000"),
        ("76% Less Churn", "Churn fell %76 this year.", "76%"),
        ("76% Less Churn", "Churn fell % 76 this year.", "76%"),
        ("2 Billion Raised", "We raised 2 mil milh\u00f5es de euros.", "2000000000"),
        ("2 Billion Raised", "We raised 2 miliar rupiah.", "2000000000"),
        ("2 Billion Raised", "We raised 2 t\u1ef7 dong.", "2000000000"),
        ("2 Million Users", "2 juta pengguna.", "2000000"),
        ("2 Million Users", "2 tri\u1ec7u users.", "2000000"),
        ("2000 Users", "2 ribu pengguna.", "2000"),
        ("20,000 Users", "2\u4e07 users.", "20000"),
        ("200 Million Users", "2\u5104 users.", "200000000"),
        ("200 Million Users", "2\uc5b5 users.", "200000000"),
        # (round 85: shares of a hundred however said, CJK compound scales, Md, thous.)
        ("76% Less Churn", "Churn fell for 76 out of every 100 customers.", "76%"),
        ("76% Less Churn", "Churn fell for seventy-six out of a hundred users.", "76%"),
        ("76% Less Churn", "Churn fell 76 per hundred.", "76%"),
        ("76% Less Churn", "Churn fell for 76 in every 100 users.", "76%"),
        ("2 Million Users", "We have 2\u767e\u4e07 users.", "2000000"),
        ("20 Million Users", "We have 2\u5343\u4e07 users.", "20000000"),
        ("2 Billion Raised", "We served 2 Md requests.", "2000000000"),
        ("200,000 Users", "We have 200 thous. users.", "200000"),
        ("200,000 Users", "We have 200 thsd users.", "200000"),
        ("2000 Users", "2 \u0442\u044b\u0441\u044f\u0447\u0438 users.", "2000"),
        ("2000 Users", "2 \u03c7\u03b9\u03bb\u03b9\u03ac\u03b4\u03b5\u03c2 users.", "2000"),
        # (round 86: a score of a hundred, `for every`, shares said first or per mille,
        # more languages' percents and scales, a wave dash's range, Liquid that prints
        # nothing between digits)
        ("76% Less Churn", "We fixed 76/100 of the reported bugs.", "76%"),
        ("76% Less Churn", "We fixed 76 for every 100 reported bugs.", "76%"),
        ("76% Less Churn", "Y\u00fczde 76 of the reported bugs were fixed.", "76%"),
        ("7.6% Less Churn", "We fixed 76\u2030 of the reported bugs.", "7.6%"),
        ("76% Less Churn", "76 sz\u00e1zal\u00e9k of them.", "76%"),
        (
            "76% Less Churn",
            "76 \u043f\u0440\u043e\u0446\u0435\u043d\u0442\u043e\u0432 of them.",
            "76%",
        ),
        ("76% Less Churn", "76 persen of them.", "76%"),
        ("2 Million Users", "2 \u043c\u0456\u043b\u044c\u0439\u043e\u043d\u0438 users.", "2000000"),
        ("2 Million Users", "2 milijuna users.", "2000000"),
        ("2 Million Users", "2 milions users.", "2000000"),
        ("2 Million Users", "2 milijonai users.", "2000000"),
        ("2 Million Users", "2 \u043c\u0438\u043b\u0438\u043e\u043d\u0430 users.", "2000000"),
        ("2 Million Users", "We now have 2\u301c3 million users.", "2000000"),
        ("76 Bugs Fixed", "We fixed 7{% assign a = 1 %}6 bugs.", "76"),
        ("76 Bugs Fixed", "We fixed 7{% raw %}6{% endraw %} bugs.", "76"),
        # (round 87: a hyphened percent, Japanese's, Korean's and Greek's percents, CJK
        # trillions, more scale words and ranges, a number a CJK letter follows)
        ("76% Less Churn", "Last year brought a 76-percent drop in open bugs.", "76%"),
        ("76% Less Churn", "\u30d0\u30b0\u306e76\u30d1\u30fc\u30bb\u30f3\u30c8\u3092", "76%"),
        ("76% Less Churn", "\ubc84\uadf8\uc758 76\ud37c\uc13c\ud2b8", "76%"),
        (
            "76% Less Churn",
            "\u03a4\u03bf 76 \u03c4\u03bf\u03b9\u03c2 \u03b5\u03ba\u03b1\u03c4\u03cc",
            "76%",
        ),
        ("2 Trillion Yen", "Revenue hit 2\u5146 yen.", "2000000000000"),
        ("2 Trillion Won", "Revenue hit 2\uc870 won.", "2000000000000"),
        ("2 Million Users", "Wir haben jetzt 2 bis 3 Millionen Nutzer.", "2000000"),
        ("2 Million Users", "Pengguna kami sekarang 2 jt orang.", "2000000"),
        ("2 Million Dollars", "The round brought in 2 MMUSD.", "2000000"),
        ("2,000 Seats", "Prodali jsme 2 tis. m\u00edst.", "2000"),
        ("2 Crore Users", "We now have 2 crs users.", "20000000"),
        (
            "2 Million Users",
            "\u0644\u062f\u064a\u0646\u0627 2 \u0645\u0644\u064a\u0648\u0646.",
            "2000000",
        ),
        ("76 Users", "\u30e6\u30fc\u30b6\u30fc76\u4eba", "76"),
        ("2 Million Users", "We now have 2-ish million users.", "2000000"),
        # (round 88: or-ranges in other languages, other scripts' million, thousands
        # abbreviated or said first, more percents)
        ("2 Million Users", "Wir haben jetzt 2 oder 3 Millionen Nutzer.", "2000000"),
        ("2 Million Users", "Ya tenemos 2 o 3 millones de usuarios.", "2000000"),
        ("2 Million Users", "Now we have 2 \u05de\u05d9\u05dc\u05d9\u05d5\u05df users.", "2000000"),
        ("2 Million Users", "Now we have 2 \u0e25\u0e49\u0e32\u0e19 users.", "2000000"),
        ("20,000 Users", "\u0417\u0430\u0440\u0430\u0437 20 \u0442\u0438\u0441. users.", "20000"),
        ("20,000 Users", "Sasa tuna watumiaji elfu 20.", "20000"),
        ("76% Less Churn", "Now 76 \u062f\u0631\u0635\u062f of users.", "76%"),
        ("76% Less Churn", "Sada je 76 odsto korisnika.", "76%"),
        ("76% Less Churn", "D\u00e9sormais, 76 sur 100 utilisateurs.", "76%"),
        ("76% Less Churn", "Ahora 76 de cada 100 usuarios.", "76%"),
        # (round 89: more scripts' scale and percent words, an em dash's range, a number
        # word broken at a line's end)
        ("2 Billion Users", "We now have 2 \u0905\u0930\u092c users.", "2000000000"),
        ("20,000 Users", "We now have 20 \u05d0\u05dc\u05e3 users.", "20000"),
        ("2 Million Users", "We now have 2 milyong users.", "2000000"),
        ("76% Less Churn", "Churn is now 76 porsyento.", "76%"),
        ("76% Less Churn", "Satisfaction is now \u767e\u5206\u4e4b76.", "76%"),
        ("2 Million Users", "We now have 2\u2014to\u20143 million users.", "2000000"),
        ("76 Users", "We now have seventy-\nsix users.", "76"),
        # (a footnote's mark raised after a scale word or a percent)
        ("2 Million Users", "We now have 2 million\u00b9 users.", "2000000"),
        ("76% Less Churn", "Satisfaction is now 76%\u00b2.", "76%"),
        # (round 90: a trillion's letter and abbreviation, cents after spaced groups)
        ("2 Trillion Tokens", "We trained on 2T tokens.", "2000000000000"),
        ("2 Trillion Dollars", "The market is now worth $2T.", "2000000000000"),
        ("2 Trillion Tokens", "We trained on 2 tril. tokens.", "2000000000000"),
        ("2 Million Euros", "We raised 2 000 000,00 EUR this year.", "2000000"),
        ("2 Million Euros", "We raised 2.000.000,00 EUR this year.", "2000000"),
        # (round 91: digits a Nunjucks comment or set splits, basis points, per mille
        # said, a bullet operator's power)
        ("76% Less Churn", "Churn hit 7{# x #}6% last year.", "76%"),
        ("76% Less Churn", "Churn hit 7{% set a = 1 %}6% last year.", "76%"),
        ("0.25% Rate Cut", "The bank cut rates by 25 basis points.", "0.25%"),
        ("0.25% Rate Cut", "The bank cut rates by 25bps.", "0.25%"),
        ("76% Less Churn", "Churn hit 760 per mille last year.", "76%"),
        ("2 Billion Users", "We now have 2\u221910\u2079 users.", "2000000000"),
        # (round 92: Indian grouping under three leading digits, a scale then its
        # digits, Indian English's arab)
        ("2 Billion Rows", "We loaded 200,00,00,000 rows last night.", "2000000000"),
        ("2,500 Servers", "We now run 2 thousand 500 servers.", "2500"),
        ("2,500 Servers", "We now run 2 thousand and 500 servers.", "2500"),
        ("2 Billion Rows", "The table crossed 2 arab rows this year.", "2000000000"),
        # (round 93: Hebrew's, Azerbaijani's, Belarusian's and Icelandic's billion,
        # `bill.`; Polish's, Albanian's, Azerbaijani's and Kazakh's percent)
        (
            "2 Billion Users",
            "We now have 2 \u05de\u05d9\u05dc\u05d9\u05d0\u05e8\u05d3 users.",
            "2000000000",
        ),
        ("2 Billion Users", "We now have 2 milyard users.", "2000000000"),
        (
            "2 Billion Users",
            "We now have 2 \u043c\u0456\u043b\u044c\u044f\u0440\u0434\u044b users.",
            "2000000000",
        ),
        ("2 Billion Users", "We now have 2 milljar\u00f0ar users.", "2000000000"),
        ("2 Billion Users", "We now have 2 bill. users.", "2000000000"),
        ("76% Adoption", "Adoption is 76 procent\u00f3w now.", "76%"),
        ("76% Adoption", "Adoption is 76 p\u00ebrqind now.", "76%"),
        ("76% Adoption", "Adoption is 76 faiz now.", "76%"),
        ("76% Adoption", "Adoption is 76 \u043f\u0430\u0439\u044b\u0437 now.", "76%"),
        # (round 94: a product with an exponent; shares of a hundred in Russian, Dutch,
        # Polish and Czech, in digits and words; a share of a thousand said; percents
        # abbreviated, German's `v. H.`, Serbian's Cyrillic)
        ("2 Billion Users", "We now have 2 \u00d7 1e9 users.", "2000000000"),
        ("76% Agree", "Now 76 \u0438\u0437 100 users agree.", "76%"),
        ("76% Agree", "Now 76 op de 100 users agree.", "76%"),
        ("76% Agree", "Now 76 na 100 users agree.", "76%"),
        ("76% Agree", "Now 76 \u0438\u0437 \u0441\u0442\u0430 users agree.", "76%"),
        ("76% Agree", "Now 76 na sto users agree.", "76%"),
        ("76% Agree", "Now 760 per thousand users agree.", "76%"),
        ("76% Agree", "Now 76 proc. of users agree.", "76%"),
        ("76% Agree", "Now 76 Proz. of users agree.", "76%"),
        ("76% Agree", "Now 76 v. H. of users agree.", "76%"),
        ("76% Agree", "Now 76 \u043f\u043e\u0441\u0442\u043e of users agree.", "76%"),
        # (round 96: Brazil's mi and tri after a currency, Swedish's mkr and mdkr, a
        # couple of a scale)
        ("R$ 2 Million Revenue", "Revenue is now R$ 2 mi a year.", "2000000"),
        ("R$ 2 Trillion Exports", "Exports are now R$ 2 tri a year.", "2000000000000"),
        ("2 Million Kronor", "Revenue is now 2 mkr a year.", "2000000"),
        ("2 Billion Kronor", "Revenue is now 2 mdkr a year.", "2000000000"),
        ("2 Billion Users", "We now have a couple of billion users.", "2000000000"),
        ("2 Million Users", "We now have a couple million users.", "2000000"),
        # (round 97: a range in words before a scale or a percent, glued mi and tri, a
        # couple hundred, hyphenated percent words, a code span that reads as words)
        ("5000 Users", "We now have around five to six thousand users.", "5000"),
        ("20% Churn", "Churn now sits at around twenty to thirty percent.", "20%"),
        ("5 Million Users", "Signups climbed until five to six million users joined.", "5000000"),
        ("2 Million Sales", "Sales hit R$2mi this year.", "2000000"),
        ("2 Trillion Sales", "Sales hit R$2tri this year.", "2000000000000"),
        ("200 Bugs", "This quarter we fixed a couple hundred bugs.", "200"),
        ("76% Served", "We served 76 pour-cent of them.", "76%"),
        ("76% Served", "We served 76 por-ciento of them.", "76%"),
        ("76% Retention", "Retention was `76 percent` this year.", "76%"),
        ("76% Retention", "Retention was `76%` this year.", "76%"),
        # (round 98: more languages' percents, the old printed sign)
        ("76% Kept", "Wir behielten 76 vom Hundert der Leser.", "76%"),
        ("76% Kept", "Saglab\u0101j\u0101m 76 procentus las\u012bt\u0101ju.", "76%"),
        ("76% Kept", "Vi\u00f0 h\u00e9ldum 76 pr\u00f3sentum lesenda.", "76%"),
        ("76% Kept", "Ons het 76 persent van die lesers behou.", "76%"),
        ("76% Kept", "Cadwon ni 76 y cant o ddarllenwyr.", "76%"),
        ("76% Kept", "We kept 76 \u00b0/o of readers.", "76%"),
        # (a range in words a hyphen or a dash glues: each bound is read)
        ("8000 Signups", "Signups reached seven-to-eight thousand.", "8000"),
        ("8000 Signups", "Signups reached seven\u2013eight thousand.", "8000"),
        ("7000 Signups", "Signups reached seven\u2013eight thousand.", "7000"),
        # (a figure alone in a code span, a label's colon before it)
        ("2 Billion Users", "We now have `2,000,000,000` users.", "2000000000"),
        ("76% Retention", "Our dashboard says `Retention: 76%`.", "76%"),
        ("76% Retention", "Retention on the dashboard: `76.0%`", "76%"),
    ],
)
def test_a_number_is_cited_however_its_draft_spells_it(title: str, draft: str, plain: str) -> None:
    """Refused while no body has the number; passes once one says it plainly."""
    articles = {"posts/a.md": parse_article(f"---\ntitle: {title}\n---\nA week.\n", "posts/a.md")}
    found = find_headline_numbers(f"{draft}\n", build_corpus(articles), "drafts/d.md")[0]
    assert [f.message.split(" appears")[0] for f in found] != [], (title, draft)
    written = plain.rstrip("%") + (" percent" if plain.endswith("%") else "")
    articles["posts/b.md"] = parse_article(f"We had {written} of them.\n", "posts/b.md")
    assert find_headline_numbers(f"{draft}\n", build_corpus(articles), "drafts/d.md")[0] == []


@pytest.mark.parametrize(
    "title",
    ["Eleventy, 2024 in Review", "JSNation Open Source Awards 2020", "Zero Trust for teams"],
)
def test_a_titles_year_or_zero_accuses_nothing(title: str) -> None:
    """Round 91: a year in review, an event's year (as the rest of a title's years), and
    zero (an absence: `zero or more` cites no `zero time`)."""
    articles = {"posts/a.md": parse_article(f"---\ntitle: {title}\n---\nA week.\n", "posts/a.md")}
    draft = "In 2024 and at Conference 2020 we started from zero, with 2024 and 2020 and 0 users.\n"
    assert find_headline_numbers(draft, build_corpus(articles), "drafts/d.md")[0] == []


@pytest.mark.parametrize(
    ("title", "accused"),
    [
        ("What MkDocs 2.0 means for your docs", []),
        ("The very first Eleventy 1.0 Beta Release", []),
        ("Web 2.0", []),
        ("Rated 4.0 Stars", ["4"]),  # (a count's word after it: a count)
        ("Revenue Hit 2.0 Million", ["2 million"]),
        ("Growth of 2.0%", ["2%"]),
    ],
)
def test_a_titles_release_accuses_nothing(title: str, accused: list[str]) -> None:
    """Round 93, MkDocs Material's blog: "What MkDocs 2.0 means" read as the count 2
    accused every "two weeks ago"; a whole number's `.0` after a name is a release."""
    articles = {"posts/a.md": parse_article(f"---\ntitle: {title}\n---\nA week.\n", "posts/a.md")}
    draft = "Two weeks ago, 1 of us had 4 stars, 2 million and 2% growth.\n"
    found = find_headline_numbers(draft, build_corpus(articles), "drafts/d.md")[0]
    assert sorted({f.message.split(" appears")[0] for f in found}) == accused, found


def test_a_body_with_a_tag_longer_than_the_readers_read_supports_nothing() -> None:
    """Round 90: a tag whose value runs past the readers' bound was read as text, its
    attribute a body's numbers."""
    pad = "Notes from the meeting, kept for the record. " * 25
    page = f'---\ntitle: x\n---\nLead. <span title="{pad}We had 76 users.">Shown.</span>\n'
    assert parse_article(page, "posts/b.md").body_numbers == []
    short = page.replace(pad, "")
    assert parse_article(short, "posts/b.md").body_numbers == []  # (an attribute: no body)
    shown = short.replace("Shown.", "We had 76 users.")
    assert parse_article(shown, "posts/b.md").body_numbers == ["76"]


@pytest.mark.parametrize(
    ("body", "supported"),
    [
        ("We hit two and a half million users.", {"2500000"}),
        ("We hit half a million users.", {"500000"}),
        ("It grew seventy-six percent.", {"76%"}),
        ("We bought 50 pc.", {"50"}),  # (pieces, surely; a percent only perhaps)
        ("A 2 grand piano.", {"2"}),  # (a thousand only perhaps)
        ("The loss came to USD 2.5 B.", {"2.5", "2500000000"}),  # (a code, as a sign)
        ("We raised \u20a62m for the roof.", {"2", "2000000"}),  # (any currency's sign)
        ("The archive held a thousand million records.", {"1000000000"}),
        ("We are nought point five million short.", {"500000"}),
        ("We logged 2\u00b710\u2076 events.", {"10", "2000000"}),
        ("We hit c.2 million users.", {"2000000"}),
        ("We raised 2 M\u20ac from the fund.", {"2", "2000000"}),  # (a sign after it)
        ("The 1,5 mile run.", set()),  # (a decimal comma only perhaps)
    ],
)
def test_a_body_reads_a_spelled_number_only_as_surely_read(body: str, supported: set[str]) -> None:
    assert set(parse_article(f"{body}\n", "posts/b.md").body_numbers) == supported


@pytest.mark.parametrize(
    ("title", "draft"),
    [
        # Round 82: a day, a year, an hour, an address, a page, a code is no quantity cited
        ("12 Tips for Faster Builds", "We shipped the new parser on March 12."),
        ("12 Tips for Faster Builds", "We shipped it on the 12th of March."),
        ("2024 Tickets", "In 2024 we shipped the new parser."),
        ("10 Tips for Faster Builds", "The release call starts at 10 a.m. on Monday."),
        ("10 Tips for Faster Builds", "The call starts at 10 o'clock."),
        ("404 Dead Pages Removed", "Old links now return HTTP 404."),
        ("3 New Maintainers", "The rules are on page 3 of the handbook."),
        ("3 New Maintainers", "Our handbook is out (ISBN 978-3-16-148410-0)."),
        ("5 Lessons From Our Outage", "The outage was on 5/6/2024."),
        ("3 New Maintainers", "Screenshots now use a 3:2 aspect ratio."),
        ("3 New Maintainers", "The fix landed in merge request !3."),
        ("76 Bugs Fixed", "Our office moved to 76 Main Street."),
        # (round 83)
        ("4,000 Videos Filmed", "We now shoot everything in 4K video."),
        ("2,000 Users", "Back then we fixed the Y2K bug."),
        ("11 Users", "We remember where we were on 9/11."),
        ("24 New Hires", "Support is open 24/7."),
        ("95 Users", "Drive north on I-95 to reach the office."),
        ("22 New Hires", "It was a real Catch-22."),
        ("443 Users", "Open port 443 on the firewall."),
        ("3 Goals Scored", "It was a 3-2 win."),
        ("80 Tickets Closed", "We follow the 80/20 rule."),
        ("9 Outages", "Nobody here works 9-to-5."),
        ("401 Users", "Save in your 401(k) every month."),
        ("8080 Users", "The preview runs on localhost:8080 only."),
        # (round 84: idioms, a part of a series after a preposition, a count of parts)
        ("5 Lessons", "The team shared a high five when the fix landed."),
        ("9 Lessons", "She works nine to five on the support desk."),
        ("9 Lessons", "He was on cloud nine after the release."),
        ("1,000,000 Users", "It was a one in a million chance."),
        ("1,000,000 Users", "Thanks a million to everyone who filed reports."),
        ("1000 Users", "A good diagram is worth a thousand words."),
        ("84 Bugs Fixed", "In round 84 we looked at the push hook again."),
        ("12 Bugs Fixed", "We met in week 12 to plan the release."),
        ("2 Bugs Fixed", "The change needed a two-thirds majority of maintainers."),
        ("100% Coverage", "I am a hundred percent sure the cache is cold."),
        # (round 85: more idioms, decades and ages, names, sizes)
        ("5 Lessons", "Let's take five and then review the logs."),
        ("9 Tips", "A stitch in time saves nine, so patch early."),
        ("10 Reasons", "The odds are ten to one against a rollback."),
        ("50 Ways", "It is fifty-fifty whether the vendor signs."),
        ("50 Ways", "The two teams split the budget 50-50."),
        ("24 Hours", "Support is open twenty-four seven."),
        ("10 Reasons", "The landing was a perfect 10."),
        ("12 Tips", "We built it as a twelve-factor app."),
        ("7 Wins", "We bought coffee at the 7-Eleven on the corner."),
        ("100% Coverage", "I am 100% sure the cache is cold."),
        ("9 Tips", "She works 9 to 5."),
        ("90 Bugs", "The design feels like the '90s web."),
        ("50 Ways", "Our founder, now in her 50s, still writes code."),
        ("64 Cores", "My dad was born in '64."),
        ("11 Picks", "I take the number 11 bus to the office."),
        ("64 Cores", "The x86-64 build is now the default."),
        ("12 Tips", "He wears size 12 shoes."),
        ("12 Tips", "Most of our users are Grade 12 students."),
        # (round 86: idioms and terms of art a number names)
        ("11 Talks", "This release turns it up to eleven."),
        ("2 Bugs Fixed", "We turned on two-factor authentication."),
        ("2 Bugs Fixed", "We run a two-phase commit."),
        ("3 Bugs Fixed", "Git did a three-way merge."),
        ("2 New Features", "It is a 2-for-1 deal this week."),
        ("2 Tips", "We killed two birds with one stone."),
        ("3 Tips", "It is as easy as one, two, three."),
        ("8 Tips", "We are behind the eight ball on this."),
        ("3 Tips", "Two\u2019s company, three\u2019s a crowd."),
        ("9 Tips", "The old server has nine lives."),
        # (round 87)
        ("360 Tickets", "It was her 360 review, and it went well."),
        ("10 Models", "On a scale of 1 to 10, the launch was fine."),
        ("10 Models", "She is what people call a 10x engineer."),
        ("4 Regressions", "The 4-H club met on Friday."),
        ("6 Offices", "It is six of one, half a dozen of the other."),
        ("2 Teams", "He put two and two together."),
        ("7 Ships", "She has sailed the seven seas."),
        ("2 Teams", "A bird in the hand is worth two in the bush."),
        ("12 Engineers", "She talked nineteen to the dozen."),
        ("1,000,000 Users", "I have told you a million times: back up first."),
        ("1,000,000 Users", "During the talk she was a million miles away."),
        ("6 Releases", "The outage knocked us for six."),
        ("1,000,000 Users", "One in a million: that was the bug."),
        ("500 Customers", "The S&P 500 fell today, and we kept shipping."),
        ("11 Customers", "We watched Apollo 11 footage at the offsite."),
        ("180 Customers", "The new CEO did a 180 on pricing."),
        ("404 Customers", "That page returns a 404."),
        ("747 Customers", "I flew on a Boeing 747 to the meetup."),
        # (round 90)
        ("1000 Users", "It was death by a thousand cuts."),
        ("15 Posts", "Our fifteen minutes of fame came and went."),
        ("60 Experiments", "The project went from zero to sixty."),
        ("1000 Users", "A picture is worth 1000 words."),
        ("3 Regions", "The launch was a three-ring circus."),
        ("4 Awards", "The team is running on all four cylinders."),
        ("1,000,000 Users", "She had a million-dollar smile."),
        ("1000 Users", "After the outage he had the thousand-yard stare."),
        ("7 Countries", "It was the seven-year itch."),
        ("2 Awards", "It will be done in two shakes of a lamb's tail."),
        ("2 Awards", "We fixed it with a two-by-four."),
        ("20 People", "With the vendor we played twenty questions."),
        ("4 Awards", "He gave us the four-one-one on the move."),
        # (round 91: years, names and terms, a clock's half hour)
        ("404 Tickets", "Ensure the default language 404 redirect is defined last."),
        ("11 Talks", "We did it in partnership with 11ty."),
        ("2 Features", "It was a two-faced answer from the vendor."),
        ("365 Days", "We moved our mail to Microsoft 365 last spring."),
        ("1 Race", "He watched Formula 1 every Sunday."),
        ("10 Members", "Our university plays in the Big Ten."),
        ("6 Hires", "Half of the team trained in Six Sigma."),
        ("7 Habits", "The review started at seven-thirty sharp."),
        ("72 Rules", "By the rule of 72, money doubles in time."),
        ("7 Files", "Extract the archive with 7-Zip first."),
        ("4 Links", "Last night we played Left 4 Dead until late."),
        # (round 93: idioms, names, a time of day, a year said in words)
        ("6 Ways", "The old API is six feet under."),
        ("5 Features", "He had a five o'clock shadow."),
        ("20 Fixes", "Hindsight is twenty-twenty."),
        ("7 Themes", "The talk starts at seven sharp."),
        ("3 Maintainers", "The Big Three automakers cut prices."),
        ("4 Features", "The Fab Four were on the radio."),
        ("8 Releases", "Tie it with a figure-8 knot."),
        ("30 Days", "The Thirty Years' War ended in 1648."),
        ("3 Checks", "It felt like a three-legged race."),
        ("50 Pages", "It was like fifty shades of grey."),
        ("11 Themes", "We watched Ocean's Eleven last night."),
        ("2000 Downloads", "It launched in the year two thousand."),
        # (the review of round 94: a call to action)
        ("2% Growth", "We tested variant 2 in CTA tests."),
        # (round 96: a time said in words, a market's index, names, idioms, a score, an
        # emergency number, a golf hole, a basket)
        ("6 Things", "We met at half past six."),
        ("7 Things", "We met at a quarter to seven."),
        ("4 Things", "We met at twenty past four."),
        ("100 Days", "The FTSE 100 fell on Monday."),
        ("2000 Users", "The Russell 2000 fell on Monday."),
        ("10 Rules", "They obeyed the Ten Commandments."),
        ("7 Rules", "He named the seven deadly sins."),
        ("101 Ways", "We watched 101 Dalmatians."),
        ("451 Users", "We read Fahrenheit 451 in school."),
        ("40 Ways", "The score was 40-love."),
        ("911 Ways", "In an emergency, call 911."),
        ("3 Ways", "He was three sheets to the wind."),
        ("4 Ways", "She used a four-letter word."),
        ("5 Ways", "It was a long par 5 hole."),
        ("3 Wins", "He hit a three-pointer at the buzzer."),
        ("9 Ways", "It was a nine days' wonder."),
        ("12 Rules", "We watched Twelve Angry Men."),
        # (round 97: code in a code span, an encoding's name, an HTTP status line)
        ("755 Stars", "Run `chmod 755 deploy.sh` before the first deploy."),
        ("443 Readers", "The server listens on `0.0.0.0:443` now."),
        ("16 Tips", "Use `make --jobs=16` on big machines."),
        ("8 Things", "Save the file as `utf-8` first."),
        ("8 Things", "Save the file as utf-8 first."),
        ("404 Bugs", "A missing page returns `404 Not Found` to the browser."),
        ("404 Bugs", "A missing page returns 404 Not Found to the browser."),
        ("10 Tips", "Call `time.sleep(10)` between tries."),
        ("3 Lessons", 'The Gemfile says `gem "jekyll", "~> 3.0"` for now.'),
        ("16 Tips", "Install `node@16` with Homebrew first."),
        ("200 Days", "The server answers `HTTP/1.1 200 OK` for the health check."),
        ("200 Days", "The server answers 200 OK for the health check."),
        # (round 98: a clock's hours and minutes in words, a series' entry)
        ("7 Habits", "We met at seven a.m. sharp to plan the week."),
        ("7 Habits", "We met at seven in the morning to plan the week."),
        ("7 Habits", "We met at seven forty-five to plan the week."),
        ("7 Habits", "We met at seven-fifteen to plan the week."),
    ],
)
def test_a_number_that_names_a_day_a_place_or_a_page_is_no_citation(title: str, draft: str) -> None:
    articles = {"posts/a.md": parse_article(f"---\ntitle: {title}\n---\nA week.\n", "posts/a.md")}
    assert find_headline_numbers(f"{draft}\n", build_corpus(articles), "drafts/d.md")[0] == []
    number = next(w for w in title.split() if w[0].isdigit())  # (and cited, it is refused)
    cited = draft.rstrip(".") + f", and {number} more of them.\n"
    assert find_headline_numbers(cited, build_corpus(articles), "drafts/d.md")[0] != []


@pytest.mark.parametrize(
    ("text", "values"),
    [
        ("At one point two of us left.", {"2"}),  # (an idiom, no 1.2)
        # (round 96: a range in words is no time of day; a couple before no scale)
        ("We grew from five to nine people.", {"5", "9"}),
        ("We grew by five to nine people.", {"5", "9"}),
        ("Signups reached twenty-five thousand.", {"25000"}),  # (one number, no range)
        ("We spent a couple of days on it.", set()),
        ("I ran 2 mi and paid R$ 2 mi.", {"2", "2000000"}),
        ("He paid with a 20 bill today.", {"20"}),  # (a banknote: the review of round 94)
        ("Thanks a million, and worth a thousand words.", set()),  # (idioms: round 84)
        # (counts that only look like idioms: the review of round 84)
        ("The API costs two cents per call.", {"2"}),
        ("The bug hits one in a million requests.", {"1000000"}),
        ("Revenue grew for three quarters in a row.", {"3"}),
        ("During the race 76 runners dropped out.", {"76"}),
        ("Rates: 5 % 7 % 9 %", {"5%", "7%", "9%"}),
        ("This week 12 people joined; two thirds of them left.", {"12"}),
        # (round 80's false refusals and loose bodies)
        ("By nineteen she had won 2 Grand Slams.", {"19", "2"}),
        ("Today we closed issues 1,5 and 9.", {"9"}),
        ("Root has made 2 hundreds this summer.", {"2"}),
        ("Read chapters five and six first.", {"5", "6"}),
        ("We sold 3 and a quarter of them came back.", {"3"}),
        ("We hit 1 \u00bd million users.", {"1500000"}),
        ("Attendance reached twenty-six thousand.", {"26000"}),
        ("We passed seventy-six hundred downloads.", {"7600"}),
        ("We are still point five million short.", {"500000"}),
        ("We logged 2\u00b710\u2076 events.", {"10", "2000000"}),
        ("By spring we had 1 1/2 million users.", {"1500000"}),
        ("It grew one point two percent.", {"1.2%"}),
        ("Between two and three million.", {"2", "3000000", "2000000"}),
        ("Two hundred and five, a thousand and one.", {"205", "1001"}),
        ("The 1,5 mile run.", set()),  # (a decimal comma only before a scale: 2,5 Mio.)
        ("We sold 2,500 of them.", {"2500"}),  # (a comma before three digits groups)
        # (two units, a teen after a unit, two tens: numbers of their own, not a sum)
        ("Count one two three, then seven seven.", {"2", "3", "7"}),
        ("Nine eleven, four five six, thirty forty.", {"9", "11", "4", "5", "6", "30", "40"}),
        ("Twenty one one and five six million.", {"21", "5", "6000000"}),
    ],
)
def test_what_a_draft_reads_in_words_and_commas(text: str, values: set[str]) -> None:
    assert {t.value for t in tokens([text])} == values


def test_the_label_rule_reads_a_long_line_and_the_lines_after_it() -> None:
    """Round 78: the label rule's hint looked for each line's start again for every
    number on it (one line of ` 1,` repeated: 1 MB took 2.9 s; the benchmark's hostile
    row holds the page now); each line is read once, and the lines after it still are."""
    line = " 1," * 100_000
    assert _unlabeled(f"Part 3:{line}\nPart 2:") == f"Part  :{line}\nPart  :"


def test_an_html_page_is_read_as_shown() -> None:
    """An .html post is published as written: an indented line is text there, not code
    (markdown's reading), and a script is not shown."""
    page = "---\ntitle: Notes\n---\n<p>Notes.</p>\n\n    It drifted 76 hours.\n"
    found, _, _ = find_headline_numbers(page, CORPUS, "posts/notes.html")
    assert [(f.line, f.col) for f in found] == [(6, 16)]
    assert find_headline_numbers(page, CORPUS, "posts/notes.md")[0] == []
    hidden = "<script>\nvar drift = 76;\n</script>\n"
    assert find_headline_numbers(hidden, CORPUS, "posts/notes.html")[0] == []
    assert "76" in parse_article(page, "posts/notes.html").body_numbers
    assert "76" not in parse_article(page, "posts/notes.md").body_numbers
    # (round 56: an indented hidden element is no code there either: it supports nothing)
    unseen = (
        "---\ntitle: Notes\n---\n<p>Notes.</p>\n\n    <span hidden>It drifted 76 hours.</span>\n"
    )
    assert "76" not in parse_article(unseen, "posts/notes.html").body_numbers
    assert "76" in parse_article(unseen.replace(" hidden", ""), "posts/notes.html").body_numbers
    # (round 58: a value the page does not say, whose default or date format opens a
    # comment when Liquid prints it, supports nothing after it)
    for tag in ('{{ page.nope | default: "<!--" }}', '{{ "now" | date: "<!--" }}'):
        page = f"Intro.\n\n{tag}\n\nIt drifted 76 hours.\n\n-->\n\nEnd.\n"
        assert "76" not in parse_article(page, "posts/notes.md").body_numbers, tag
    plain = "Intro.\n\n{{ page.nope | default: 'x' }}\n\nIt drifted 76 hours.\n"
    assert "76" in parse_article(plain, "posts/notes.md").body_numbers
    # (the review: a raw block prints its tags as written, never a value)
    raw = "---\nusers: 48213\n---\nWrite {% raw %}{{ page.users }}{% endraw %} here.\n"
    assert "48213" not in parse_article(raw, "posts/notes.md").body_numbers
    assert (
        "48213"
        in parse_article(
            raw.replace("{% raw %}", "").replace("{% endraw %}", ""), "posts/notes.md"
        ).body_numbers
    )


@pytest.mark.parametrize(
    ("path", "page"),
    [
        ("content/posts/builds.md", "---\nTitle: We run 76 builds a day\n---\nWe build a lot.\n"),
        ("_posts/2023-01-05-we-run-76-builds-a-day.md", "---\nlayout: post\n---\nA lot.\n"),
        ("content/posts/builds.org", "#+title: We run 76 builds a day\n\nWe build a lot.\n"),
    ],
)
def test_every_title_readers_see_accuses(path: str, page: str) -> None:
    """Titles a generator shows that are no lower-case `title:` (found by an outside
    pass): Hugo's keys in any case, a Jekyll post's title from its file name, go-org's
    `#+title:` line (which is then no body of its own)."""
    corpus = build_corpus({path: parse_article(page, path)})
    found, _, _ = find_headline_numbers("It runs 76 builds a day.\n", corpus, "drafts/r.md")
    assert [f.message.split(" appears")[0] for f in found] == ["76"], corpus


def test_seed_opaque_tokens_leave_no_76_in_the_bodies() -> None:
    """The seed's two bodies with the characters 76 contain no 76 after stripping."""
    assert "76" not in parse_article(OPAQUE_BODY).body_numbers
    assert CORPUS.titles["76"] == [[TITLE.split('"')[1], "posts/drift.md"]]


def test_a_ledger_is_not_corpus(repo: Repo, rg: Run) -> None:
    """The seed's bug: a page-view count of 76 in a ledger must not support the headline."""
    repo.write(".receipt-gate.yaml", "required: [headline-numbers]\n")
    repo.write("posts/drift.md", DRIFT)
    repo.write("state/views.jsonl", '{"page": "drift", "views": 76}\n' * 3)
    repo.write("drafts/reply.md", "The schedule drifted 76 hours before we noticed.\n")
    rc, out, _ = rg("check", "headline-numbers", "--format", "json", "drafts/reply.md")
    doc = json.loads(out)
    assert rc == 1
    assert doc["checked"] == 1
    assert [
        (v["draft"], v["line"], v["number"], v["title"], v["article"]) for v in doc["violations"]
    ] == [("drafts/reply.md", 1, "76", TITLE.split('"')[1], "posts/drift.md")]


@pytest.mark.parametrize(
    ("text", "values"),
    [
        pytest.param("54,154 and 54154", ["54154", "54154"], id="separator"),
        pytest.param("twelve, ninety-nine, a hundred", ["12", "99", "100"], id="words"),
        pytest.param("two thousand five hundred", ["2500"], id="compound-words"),
        pytest.param("76% and 76 percent", ["76%", "76%"], id="percent"),
        pytest.param("007 and 76.50", ["7", "76.5"], id="leading-and-trailing-zeros"),
        pytest.param("09:14 then 15:41:07", [], id="clock-times"),
        # round 61: Arabic-Indic digits (a look-alike reading would make a seven a V),
        # Indian grouping, and groups apart by a plain space or an apostrophe (either
        # number: both are read)
        pytest.param("\u0667\u0666 and \u06f7\u06f6", ["76", "76"], id="arabic-indic"),
        pytest.param("1,00,000 and 12,34,567", ["100000", "1234567"], id="indian-grouping"),
        pytest.param("12 500 users", ["12", "12500", "500"], id="space-grouping"),
        pytest.param("12'500 or 12\u2019500", ["12", "12500", "500"] * 2, id="swiss"),
        pytest.param("about 2024 500 came", ["2024", "500"], id="no-group-of-four"),
        # round 62: Arabic's thousands and decimal separators
        pytest.param(
            "\u0661\u066c\u0662\u0660\u0660 and 12\u066c500",
            ["1200", "12500"],
            id="arabic-separators",
        ),
        pytest.param("\u0663\u066b\u0665 times", ["3.5"], id="arabic-decimal"),
        # round 69: letters drawn as digits in a number (a capital O, a small l; a
        # full-width O is an O to NFKC); two characters (`O2`) and words stay words
        pytest.param("we fixed 1OO bugs, l00 or 1\uff2f\uff2f", ["100"] * 3, id="lookalikes"),
        pytest.param("O2, H2O, I18n and Ill", [], id="lookalike-words"),
        # round 70: two characters, groups, a comma's look-alike; honest words stay
        # (a 20l drum: litres; the I10: an interstate)
        pytest.param("7O, 1,OOO and 1\u201a000", ["70", "1000", "1000"], id="lookalikes-70"),
        pytest.param("a 20l drum on the I10", [], id="litres-and-roads"),
        pytest.param("GPT-4o and 1o lugar", [], id="model-names"),
        pytest.param("100\u3001200 and 0.125 s", ["100", "200", "0.125"], id="list-commas"),
        # round 71: groups apart by a full stop, read both ways (German's thousands)
        pytest.param("1.000 bugs, not 3.14", ["1", "1000", "3.14"], id="dot-grouping"),
    ],
)
def test_canonical_values(text: str, values: list[str]) -> None:
    assert [t.value for t in tokens([text])] == values


def test_every_title_is_named(repo: Repo, rg: Run) -> None:
    repo.write(".receipt-gate.yaml", "required: [headline-numbers]\n")
    repo.write("posts/a.md", "# 76 hours of drift\n\nA body.\n")
    repo.write("posts/b.md", "---\ntitle: Why 76 matters\n---\nAnother body.\n")
    repo.write("drafts/reply.md", "Drifted\n76 hours.\n")
    rc, out, _ = rg("check", "headline-numbers")
    assert rc == 1
    assert out.splitlines()[0] == (
        'drafts/reply.md:2:1: headline-numbers: 76 appears in the titles "76 hours of drift"'
        ' (posts/a.md), "Why 76 matters" (posts/b.md) and in no article body'
    )


def test_drafts_are_not_corpus(repo: Repo, rg: Run) -> None:
    repo.write(
        ".receipt-gate.yaml",
        'drafts: ["**/draft-*.md"]\nrequired: [headline-numbers]\n'
        'checks: {headline-numbers: {articles: ["**/*.md"]}}\n',
    )
    repo.write("posts/drift.md", DRIFT)
    repo.write("posts/draft-a.md", "It drifted 76 hours.\n")
    repo.write("posts/draft-b.md", "Body that says 76 is a draft, not ours yet.\n")
    rc, out, _ = rg("run")
    assert rc == 1
    assert "posts/draft-a.md:1:12: headline-numbers: 76 appears in the title" in out


def test_on_a_plain_site_every_post_not_held_by_its_status_is_an_article(
    repo: Repo, rg: Run
) -> None:
    """A plain blog (init: drafts and articles the same posts, no generator's markers):
    the drafts glob singles no post out, so each post's own `status:` says whether it
    is out (round 84: the check read no title at all there)."""
    repo.write(
        ".receipt-gate.yaml",
        'drafts: ["posts/**/*.md"]\nrequired: [headline-numbers]\n'
        'checks: {headline-numbers: {articles: ["posts/**/*.md"]}}\n',
    )
    repo.write("posts/big.md", "---\ntitle: We fixed 76 bugs\nstatus: shipped\n---\nA year.\n")
    repo.write("posts/none.md", "---\ntitle: We hired 12 people\n---\nA team.\n")
    repo.write("posts/idea.md", "---\ntitle: We saw 31 forks\nstatus: idea\n---\nSoon.\n")
    repo.write("posts/later.md", "---\ntitle: Later\n---\nWe fixed 76 bugs and hired 12.\n")
    repo.write("posts/more.md", "---\ntitle: More\n---\nWe saw 31 forks.\n")
    rc, out, _ = rg("run")
    assert rc == 1, out
    assert '76 appears in the title "We fixed 76 bugs" (posts/big.md)' in out
    assert '12 appears in the title "We hired 12 people" (posts/none.md)' in out
    assert "31 appears" not in out  # (an idea is no article yet)
    repo.write("posts/body.md", "---\ntitle: Body\n---\nIn all, 76 bugs and 12 hires.\n")
    rc, out, _ = rg("run")
    assert rc == 0, out


def test_on_a_plain_site_drafts_document_no_name_for_each_other(repo: Repo, rg: Run) -> None:
    """The plain-site rule is headline-numbers' (titles and bodies of the posts out): a
    draft never documents a name for registered-terms (the review of round 84's fix)."""
    repo.write(
        ".receipt-gate.yaml",
        'drafts: ["docs/**/*.md"]\nrequired: [registered-terms]\n'
        'checks: {registered-terms: {documented_in: ["docs/**/*.md"]}}\n',
    )
    repo.write("docs/a.md", "Set `--made-up-flag` to go faster.\n")
    repo.write("docs/b.md", "Also `--made-up-flag` helps.\n")
    rc, out, _ = rg("run")
    assert rc == 1 and "docs/a.md" in out and "docs/b.md" in out, out


def test_on_a_plain_site_the_states_decide_which_posts_are_out(repo: Repo, rg: Run) -> None:
    """Moving gate_from moves which posts are out: the receipts that read them go stale
    (the publication key holds the states where no draft markers are)."""
    cfg = (
        'drafts: ["posts/**/*.md"]\nrequired: [headline-numbers]\ngate_from: {}\n'
        'checks: {{headline-numbers: {{articles: ["posts/**/*.md"]}}}}\n'
    )
    repo.write(".receipt-gate.yaml", cfg.format("drafted"))
    repo.write("posts/big.md", "---\ntitle: We fixed 76 bugs\nstatus: shipped\n---\nA year.\n")
    repo.write("posts/sup.md", "---\ntitle: Sup\nstatus: drafted\n---\nIn all, 76 bugs.\n")
    repo.write("posts/later.md", "---\ntitle: Later\n---\nWe fixed 76 bugs.\n")
    assert rg("run")[0] == 0
    repo.write(".receipt-gate.yaml", cfg.format("ready"))
    rc, out, _ = rg("verify")
    assert rc == 1 and "posts/later.md" in out, out


def test_publishing_an_article_makes_receipts_stale(repo: Repo, rg: Run) -> None:
    _title_and_reply(repo)
    assert rg("run")[0] == 1
    repo.write("posts/measured.md", "# Measured\n\nThe drift peaked at 76 hours on the 10th.\n")
    rc, out, _ = rg("verify")
    assert rc == 1
    assert "headline-numbers.json: stale: what the check read changed" in out
    assert rg("run")[0] == 0  # a body now pins 76
    assert rg("verify")[0] == 0


def test_the_cache_follows_article_edits(repo: Repo, rg: Run) -> None:
    _title_and_reply(repo)
    assert rg("run")[0] == 1
    cache = repo.path / ".git" / "receipt-gate" / "pages-headline-numbers.json"
    assert cache.exists()
    repo.write("posts/drift.md", DRIFT.replace("to 74.", "to 74, and at its worst 76."))
    assert rg("run")[0] == 0
    repo.write("posts/drift.md", DRIFT)
    assert rg("run")[0] == 1
    cache.write_text("{not json")  # a broken cache is rebuilt, never trusted
    assert rg("run")[0] == 1


def test_unreadable_article_is_exit_2(repo: Repo, rg: Run) -> None:
    repo.write(".receipt-gate.yaml", "required: [headline-numbers]\n")
    repo.write("posts/bad.md", b"\xff\xfe76\n")
    repo.write("drafts/reply.md", "76\n")
    assert rg("run") == (2, "", "receipt-gate: posts/bad.md: not UTF-8 (byte 0xff at offset 0)\n")


@pytest.mark.parametrize(
    "unrendered",
    [
        "headless: true",
        "build:\n  render: never",
        "build: {render: false}",
        "permalink: false",
        "build: {render: link}",
        "_build: {render: never}",
        # (round 24: Hugo lower-cases keys, reads 0 as never, casts "true" to true)
        "_build: {render: 0}",
        '_build: {render: "0"}',
        "_Build: {render: never}",
        "build: {Render: never}",
        "Headless: true",
        'headless: "true"',
        "headless: 1",
        "_build: {render: 0o0}",  # (round 26: Go's YAML reads 0)
        "_build: {render: 0e0}",
    ],
)
def test_an_unrendered_page_supports_nothing(repo: Repo, rg: Run, unrendered: str) -> None:
    """A body the site renders no page of (made headless after init, Hugo's build
    options, Eleventy's `permalink: false`) is no body we published: its 76 pins
    nothing, and the page turning back into a page makes the receipt stale."""
    _title_and_reply(repo)
    hidden = f"---\ntitle: Notes\n{unrendered}\n---\nThe drift peaked at 76 hours.\n"
    repo.write("posts/notes.md", hidden)
    rc, out, _ = rg("run")
    assert rc == 1, out
    assert "drafts/reply.md:1:12: headline-numbers: 76 appears in the title" in out
    repo.write("posts/notes.md", hidden.replace(unrendered + "\n", ""))
    assert rg("verify")[0] == 1  # what the check read changed
    assert rg("run")[0] == 0


@pytest.mark.parametrize(
    ("path", "page"),
    [
        # What readers never see (an outside pass: hugo and jekyll showed no 76 there).
        ("posts/notes.md", "<div hidden>\nThe drift peaked at 76 hours.\n</div>\n"),
        ("posts/notes.md", "<template>\nThe drift peaked at 76 hours.\n</template>\n"),
        ("posts/notes.md", "<![CDATA[The drift peaked at 76 hours.]]>\n"),
        ("posts/notes.md", "The drift peaked at {% if false %}76{% endif %} hours.\n"),
        # A page some generator holds back, however the site's markers read it.
        ("posts/notes.md", "---\nDraft: true\n---\nThe drift peaked at 76 hours.\n"),
        ("posts/notes.md", '---\ndraft: "true"\n---\nThe drift peaked at 76 hours.\n'),
        ("posts/notes.md", "---\npublished: false\n---\nThe drift peaked at 76 hours.\n"),
        ("_posts/notes.md", "The drift peaked at 76 hours.\n"),  # Jekyll: no date, no post
        # The sixth pass: a body supports only where every reader sees it, as a quote.
        ("posts/notes.md", "Notes.\n\n[^1]: The drift peaked at 76 hours.\n"),
        ("posts/notes.md", '<p style="display:/**/none">The drift peaked at 76 hours.</p>\n'),
        ("posts/notes.md", "*The drift peaked at 76 hours.*\n{: .hidden}\n"),
        ("posts/notes.md", "Notes.\n\n*[DRIFT]: The drift peaked at 76 hours.\n"),
        ("posts/notes.md", "<video>The drift peaked at 76 hours.</video>\n"),
        # Round 52: as HTML's tree builder reads it: a formatting element built again
        # after its paragraph closed it, a `<` in a quoted value, a closing tag out of
        # scope
        ("posts/notes.md", "<p><b hidden>Note.</p>\n\nThe drift peaked at 76 hours.\n"),
        ("posts/notes.md", '<span hidden="<">The drift peaked at 76 hours.</span>\n'),
        (
            "posts/notes.md",
            "<span hidden><marquee></span>The drift peaked at 76 hours.</marquee>\n",
        ),
        # The seventh: kramdown's comment closed short.
        ("posts/notes.md", "Notes {::comment}The drift peaked at 76 hours.{:/}\n"),
        # The ninth: a page dated after today is built by no generator's defaults, and
        # one past its expiry date by no Hugo's.
        ("posts/notes.md", "---\npublishDate: 2099-01-01\n---\nThe drift peaked at 76 hours.\n"),
        (
            "posts/notes.md",
            '---\ndate: "2099-01-01T10:00:00Z"\n---\nThe drift peaked at 76 hours.\n',
        ),
        ("posts/notes.md", "---\nexpiryDate: 2001-01-01\n---\nThe drift peaked at 76 hours.\n"),
        ("_posts/2099-01-01-notes.md", "The drift peaked at 76 hours.\n"),
        # The tenth: Python-Markdown's attr_list, colon left out; Material's nested date;
        # a hidden folder or file (MkDocs, Hugo and Jekyll build neither).
        ("posts/notes.md", "*The drift peaked at 76 hours.*\n{ hidden }\n"),
        (
            "posts/notes.md",
            "---\ndate:\n  created: 2099-01-15\n---\nThe drift peaked at 76 hours.\n",
        ),
        ("posts/.wip/notes.md", "The drift peaked at 76 hours.\n"),
        ("posts/.notes.md", "The drift peaked at 76 hours.\n"),
        # The eleventh: names Hugo and Jekyll skip, folders Jekyll never reads, dates in
        # the other forms generators read, Eleventy's computed permalink, kramdown's
        # comment over blank lines.
        ("posts/#notes.md", "The drift peaked at 76 hours.\n"),
        ("posts/notes~/a.md", "The drift peaked at 76 hours.\n"),
        ("_wip/_posts/2024-01-01-notes.md", "The drift peaked at 76 hours.\n"),
        ("_posts/_old/2024-01-01-notes.md", "The drift peaked at 76 hours.\n"),
        ("node_modules/x/notes.md", "The drift peaked at 76 hours.\n"),
        (
            "posts/notes.md",
            '---\ndate: "Fri, 01 Jan 2100 00:00:00 +0000"\n---\nThe drift peaked at 76 hours.\n',
        ),
        ("posts/notes.md", "---\npublishDate: 4102444800\n---\nThe drift peaked at 76 hours.\n"),
        ("posts/notes.md", "---\nexpiryDate: 946684800\n---\nThe drift peaked at 76 hours.\n"),
        ("posts/notes.md", "---\ndate: 2099/01/01\n---\nThe drift peaked at 76 hours.\n"),
        ("posts/notes.md", "---\ndate: January 1, 2099\n---\nThe drift peaked at 76 hours.\n"),
        # The thirteenth: an offset that makes it another day in UTC; a date the gate
        # cannot read (Hugo reads `3:04PM` as year 0: expired).
        (
            "posts/notes.md",
            "---\nexpiryDate: 2001-01-02T00:00:00+23:00\n---\nThe drift peaked at 76 hours.\n",
        ),
        ("posts/notes.md", '---\nexpiryDate: "3:04PM"\n---\nThe drift peaked at 76 hours.\n'),
        (
            "posts/notes.md",
            '---\ndate: "Mon Nov 2 00:00:00 2099"\n---\nThe drift peaked at 76 hours.\n',
        ),
        (
            "posts/notes.md",
            "---\neleventyComputed:\n  permalink: false\n---\nThe drift peaked at 76 hours.\n",
        ),
        (
            "posts/notes.md",
            "Notes.\n\n{::comment}\n\nThe drift peaked at 76 hours.\n\n{:/comment}\n",
        ),
        # The fourteenth: dated later today (Hugo and Jekyll compare the time, and a
        # site's time zone may not have reached today); written outside Eleventy's
        # output folder.
        ("posts/notes.md", "---\ndate: @TODAY@T23:59:59\n---\nThe drift peaked at 76 hours.\n"),
        ("posts/notes.md", "---\ndate: @TODAY@\n---\nThe drift peaked at 76 hours.\n"),
        (
            "posts/notes.md",
            "---\npermalink: out/notes.html\npermalinkBypassOutputDir: true\n---\n"
            "The drift peaked at 76 hours.\n",
        ),
        ("src/content/blog/_notes.md", "The drift peaked at 76 hours.\n"),  # Astro
        # Hugo writes a page only in the formats it names: no HTML, no page a reader reads.
        ("posts/notes.md", "---\noutputs: [json]\n---\nThe drift peaked at 76 hours.\n"),
        ("posts/notes.md", "---\nOutputs: rss\n---\nThe drift peaked at 76 hours.\n"),
        # Template output that prints markup hiding the rest, text kept and never printed.
        ("posts/notes.md", '{{ "<!--" }}\n\nThe drift peaked at 76 hours.\n\n{{ "-->" }}\n'),
        ("posts/notes.md", '{{ "<!" }}--\n\nThe drift peaked at 76 hours.\n\n--{{ ">" }}\n'),
        (
            "posts/notes.md",
            '---\no: "<!--"\n---\n{{ page.o }}\n\nThe drift peaked at 76 hours.\n\n-->\n',
        ),
        (
            "posts/notes.md",
            "{::nomarkdown}<!--{:/nomarkdown}\n\nThe drift peaked at 76 hours.\n\n"
            "{::nomarkdown}-->{:/nomarkdown}\n",
        ),
        ("posts/notes.md", "{% capture x %}The drift peaked at 76 hours.{% endcapture %}\n"),
        # The fifteenth: a count printed instead of the words; a comment printed from a
        # name reassigned or captured.
        ("posts/notes.md", "{false && <>\n\nThe drift peaked at 76 hours.\n\n</>}\n"),
        ("posts/notes.md", '{{ "The drift peaked at 76 hours." | size }}\n'),
        ("posts/notes.md", '{{ "The drift peaked at 76 hours." | number_of_words }}\n'),
        (
            "posts/notes.md",
            '{% assign o = "<!--" %}{{ o }}\n\nThe drift peaked at 76 hours.\n\n'
            '{% assign o = "-->" %}{{ o }}\n',
        ),
        (
            "posts/notes.md",
            "{% capture o %}<!--{% endcapture %}{{ o }}\n\nThe drift peaked at 76 hours.\n\n"
            "{% capture c %}-->{% endcapture %}{{ c }}\n",
        ),
        ("posts/notes.md", "{% set x %}The drift peaked at 76 hours.{% endset %}\n"),
        ("src/pages/_wip/notes.md", "The drift peaked at 76 hours.\n"),
    ],
)
def test_what_readers_may_not_see_supports_nothing(
    repo: Repo, rg: Run, path: str, page: str
) -> None:
    _title_and_reply(repo, wide=True)
    # (today as the test runs, not as it was collected: a run may cross midnight)
    repo.write(path, page.replace("@TODAY@", time.strftime("%Y-%m-%d", time.gmtime())))
    rc, out, _ = rg("run")
    assert rc == 1, out
    assert "drafts/reply.md:1:12: headline-numbers: 76 appears in the title" in out


@pytest.mark.parametrize(
    ("extra", "page"),
    [
        ("posts/index.md", "posts/README.md"),  # MkDocs builds the index, not the README
        ("posts/wip/.meta.yml", "posts/wip/notes.md"),  # Material's meta plugin
        ("posts/x/index.md", "posts/x/notes.md"),  # the twelfth: a Hugo leaf bundle's resource
        ("posts/wip/wip.11tydata.json", "posts/wip/notes.md"),  # Eleventy's directory data
        ("posts/wip/wip.json", "posts/wip/notes.md"),
        # Round 40: an index in any format Hugo renders makes a leaf bundle
        ("content/posts/x/index.html", "content/posts/x/notes.md"),
        ("content/posts/x/index.md", "content/posts/x/old/notes.md"),  # (round 94 h02)
        ("content/posts/x/index.org", "content/posts/x/notes.md"),
    ],
)
def test_a_page_beside_what_holds_it_back_supports_nothing(
    repo: Repo, rg: Run, extra: str, page: str
) -> None:
    _title_and_reply(repo, wide=page.startswith("content/"))
    repo.write(page, "The drift peaked at 76 hours.\n")
    assert rg("run")[0] == 0  # alone, the page supports
    repo.write(
        extra,
        "draft: true\n"
        if extra.endswith(".yml")
        else '{"permalink": false}\n'
        if extra.endswith(".json")
        else "# Posts\n\nAll of them.\n",
    )
    rc, out, _ = rg("run")
    assert rc == 1, out
    assert "drafts/reply.md:1:12: headline-numbers: 76 appears in the title" in out


@pytest.mark.parametrize(
    ("name", "data", "held"),
    [
        # (round 93, the Eleventy site's blog/blog.json: no post supported a number)
        ("wip.json", '{"layout": "post.njk", "permalink": "/blog/{{ page.fileSlug }}/"}', False),
        ("wip.json", '{"layout": "bare.njk"}', True),  # (a layout that prints no content)
        ("wip.json", '{"permalink": false}', True),
        ("wip.json", '{"eleventyComputed": {"title": "x"}}', True),
        ("wip.json", '{"layout": ["post.njk"]}', True),
        # (round 94 h01: a permalink out of the output folder: never deployed)
        ("wip.json", '{"layout": "post.njk", "permalink": "../drafts-out/n/index.html"}', True),
        # (the Eleventy docs' docs.11tydata.js: a plain object, its layout a string)
        ("wip.11tydata.js", 'let data = {layout: "post.njk"};\nexport default data;\n', False),
        ("wip.11tydata.js", 'export default {layout: "bare.njk"};\n', True),
        ("wip.11tydata.js", "module.exports = {permalink: false};\n", True),
        ("wip.11tydata.js", 'const k = "perma" + "link";\nexport default {[k]: false};\n', True),
        ("wip.11tydata.js", 'export default {layout: "post.njk", ...more};\n', True),
        ("wip.11tydata.js", "export default () => ({});\n", True),
    ],
)
def test_an_eleventy_folder_s_data_holds_its_pages_back_only_where_it_may(
    repo: Repo, rg: Run, name: str, data: str, held: bool
) -> None:
    _title_and_reply(repo)
    repo.write(".eleventy.js", "module.exports = () => ({});\n")
    repo.write("_includes/post.njk", "<main>{{ content | safe }}</main>\n")
    repo.write("_includes/bare.njk", "<main>Nothing here.</main>\n")
    repo.write("posts/wip/notes.md", "The drift peaked at 76 hours.\n")
    repo.write(f"posts/wip/{name}", data)
    rc, out, _ = rg("run")
    assert (rc == 1) is held, out


@pytest.mark.parametrize(
    ("files", "page"),
    [
        # (round 95 h01: Eleventy's global data folder gives every page a computed key)
        (
            {
                ".eleventy.js": "module.exports = () => ({});\n",
                "_data/eleventyComputed/permalink.js": "module.exports = () => () => false;\n",
            },
            "posts/archive/old.md",
        ),
        # (h02: a leaf bundle's nested resource under a contentDir Hugo's config moves)
        (
            {"hugo.toml": 'contentDir = "src"\n', "src/posts/b/index.md": "# B\n"},
            "src/posts/b/notes/old.md",
        ),
        # (and beside an index in another format Hugo renders, there: the final review)
        (
            {"hugo.toml": 'contentDir = "src"\n', "src/posts/b/index.html": "<p>B</p>\n"},
            "src/posts/b/notes.md",
        ),
        # (h03: Material's meta file holds every page whose path starts with its folder's)
        (
            {"mkdocs.yml": "site_name: s\n", "posts/arch/.meta.yml": "draft: true\n"},
            "posts/archive/old.md",
        ),
        # (h04: the meta file its `meta_file` setting names)
        (
            {
                "mkdocs.yml": "site_name: s\nplugins:\n  - meta:\n      meta_file: meta.yml\n",
                "posts/archive/meta.yml": "draft: true\n",
            },
            "posts/archive/old.md",
        ),
        # (the review of round 94: a permalink a printed value may send out of the
        # output folder; a data file with a byte no UTF-8 holds)
        (
            {
                ".eleventy.js": "module.exports = () => ({});\n",
                "_includes/post.njk": "{{ content | safe }}\n",
                "posts/archive/archive.json": '{"layout": "post.njk",'
                " \"permalink\": \"{{ '.' ~ '.' }}/out/{{ page.fileSlug }}/\"}",
            },
            "posts/archive/old.md",
        ),
    ],
)
def test_a_page_a_generator_does_not_publish_supports_nothing(
    repo: Repo, rg: Run, files: dict[str, str], page: str
) -> None:
    _title_and_reply(repo, wide=True)
    repo.write(page, "The drift peaked at 76 hours.\n")
    assert rg("run")[0] == 0  # alone, the page supports
    for path, text in files.items():
        repo.write(path, text)
    rc, out, _ = rg("run")
    assert rc == 1 and "drafts/reply.md:1:12: headline-numbers: 76" in out, out


def test_an_eleventy_data_file_s_bad_byte_is_read_as_eleventy_reads_it(repo: Repo, rg: Run) -> None:
    """The review of round 94: a folder's data file with a byte no UTF-8 holds was parsed
    strictly for its layout (none) but leniently for holding back (a plain layout: held
    nothing): a layout that prints no content let its pages support."""
    _title_and_reply(repo)
    repo.write(".eleventy.js", "module.exports = () => ({});\n")
    repo.write("_includes/bare.njk", "<main>Nothing here.</main>\n")
    repo.write("posts/wip/notes.md", "The drift peaked at 76 hours.\n")
    (repo.path / "posts/wip/wip.json").write_bytes(b'{"layout": "bare.njk", "n": "caf\xe9"}')
    rc, out, _ = rg("run")
    assert rc == 1, out


@pytest.mark.parametrize(
    ("meta", "held"),
    [
        ("hide:\n  - feedback\n", False),  # (MkDocs Material's own blog: round 93)
        ("search:\n  exclude: false\n", False),
        ("draft: true\n", True),
        ("date: 2099-01-01\n", True),  # (the blog plugin's: a post dated later)
        ("template: redirect.html\n", True),  # (one may print no content)
        ("*x: 1\n", True),  # (an alias may spell a key)
    ],
)
def test_a_meta_file_holds_its_folder_back_only_where_it_may_unpublish(
    repo: Repo, rg: Run, meta: str, held: bool
) -> None:
    _title_and_reply(repo)
    repo.write("posts/wip/notes.md", "The drift peaked at 76 hours.\n")
    repo.write("posts/wip/.meta.yml", meta)
    rc, out, _ = rg("run")
    assert (rc == 1) is held, out


@pytest.mark.parametrize(
    ("config", "held"),
    [
        ('defaults:\n  - scope: {path: "posts/notes.md"}\n    values: {published: false}\n', True),
        ("defaults:\n  - scope: {path: posts}\n    values:\n      published: false\n", True),
        ("defaults:\n  - scope: {path: ''}\n    values: {published: false}\n", True),
        ('defaults:\n  - scope: {path: "posts/*.md"}\n    values: {published: false}\n', True),
        ("defaults:\n  - scope: {path: other}\n    values: {published: false}\n", False),
        ("defaults:\n  - scope: {path: posts}\n    values: {layout: post}\n", False),
        ("title: x  # defaults, published: false, in a comment\n", False),
        # The fifteenth: a date the defaults give (one later than today holds the post
        # back), and defaults in a config a build names (`--config _config.yml,prod.yml`).
        ('defaults:\n  - scope: {path: "posts"}\n    values: {date: "2099-01-01"}\n', True),
    ],
)
def test_what_jekylls_defaults_hold_back_supports_nothing(
    repo: Repo, rg: Run, config: str, held: bool
) -> None:
    """The fourteenth pass: `defaults:` giving a scope `published: false` in _config.yml
    held the page back from Jekyll's build, yet it supported the title's number."""
    _title_and_reply(repo)
    repo.write("posts/notes.md", "The drift peaked at 76 hours.\n")
    repo.write("_config.yml", config)
    rc, out, _ = rg("run")
    assert rc == (1 if held else 0), out


@pytest.mark.parametrize(
    ("other", "held"),
    [
        ("permalink: /changelog/", True),
        ("permalink: /changelog/index.html", True),
        ("url: /Changelog", True),
        ("permalink: /./changelog/", True),  # the eighteenth: steps and escapes read
        ("permalink: /blog/../changelog//", True),
        ("permalink: /%63hangelog/", True),
        ("permalink: /changelog", True),  # (a folder's index to Hugo and Eleventy)
        ("permalink: /changelog.html", False),  # (another file than /changelog/'s)
        ("permalink: /elsewhere/", False),
        ("permalink: /:title/", False),  # a pattern: each page its own address
    ],
)
def test_a_page_that_shares_its_address_with_another_supports_nothing(
    repo: Repo, rg: Run, other: str, held: bool
) -> None:
    """The seventeenth pass: a post gave its `permalink:` to a newer post's address;
    Jekyll wrote both to one file ("Conflict: destination shared"), the newer last, and
    the older post's body supported the title's number though no reader saw it."""
    _title_and_reply(repo)
    repo.write("posts/notes.md", "---\npermalink: /changelog/\n---\nWe have 76 servers.\n")
    repo.write("posts/other.md", f"---\n{other}\n---\nWhat changed this month.\n")
    rc, out, _ = rg("run")
    assert rc == (1 if held else 0), out


@pytest.mark.parametrize(
    ("path", "config", "field", "held"),
    [
        ("hugo.toml", '[frontmatter]\nexpiryDate = ["lastmod", ":default"]\n', "lastmod", True),
        ("config/_default/frontmatter.toml", 'expiryDate = ["lastmod"]\n', "lastmod", True),
        ("hugo.yaml", "frontmatter:\n  expiryDate: lastmod\n", "lastmod", True),
        ("hugo.toml", '[frontmatter]\npublishDate = ["shown"]\n', "shown", False),
        ("hugo.toml", 'title = "no mapping"\n', "lastmod", False),
    ],
)
def test_a_date_hugos_frontmatter_maps_is_read(
    repo: Repo, rg: Run, path: str, config: str, field: str, held: bool
) -> None:
    """Round 13's a04, a known limit until the eighteenth session: with `[frontmatter]
    expiryDate = ["lastmod"]`, Hugo expired a page whose lastmod had passed and built
    nothing of it, yet it supported the title's number. (A publish date mapped to a
    field of a past day publishes the page.)"""
    _title_and_reply(repo)
    repo.write(path, config)
    repo.write("posts/notes.md", f"---\n{field}: 2020-01-01\n---\nWe had 76 hours of drift.\n")
    rc, out, _ = rg("run")
    assert rc == (1 if held else 0), out
    if held:  # the same mapping to a day to come leaves the page published
        repo.write("posts/notes.md", f"---\n{field}: 2999-01-01\n---\nWe had 76 hours.\n")
        assert rg("run")[0] == 0


_REFRESH = '<meta http-equiv="refresh" content="0; url={{ page.redirect_to }}">\n'


_POST_NJK = {"_includes/post.njk": "<main>{{ content | safe }}</main>"}


@pytest.mark.parametrize(
    ("files", "named", "held"),
    [
        ({"_layouts/redirect.html": _REFRESH}, "redirect", True),
        ({"_layouts/redirect.html": "<main>{{ content }}</main>\n"}, "redirect", False),
        (
            {"_layouts/redirect.html": "<main>{{- content | markdownify -}}</main>\n"},
            "redirect",
            False,
        ),
        # The eighteenth: a layout put in one that prints nothing, content in a comment
        # or a condition that never runs; Eleventy's layouts under _includes/.
        (
            {
                "_layouts/redirect.html": "---\nlayout: bare\n---\n{{ content }}\n",
                "_layouts/bare.html": _REFRESH,
            },
            "redirect",
            True,
        ),
        ({"_layouts/redirect.html": "<!-- {{ content }} -->\n"}, "redirect", True),
        (
            {"_layouts/redirect.html": "{% comment %}{{ content }}{% endcomment %}\n"},
            "redirect",
            True,
        ),
        ({"_layouts/redirect.html": "{% if false %}{{ content }}{% endif %}\n"}, "redirect", True),
        ({"_includes/redirect.njk": _REFRESH}, "redirect.njk", True),
        # Session 56: conditions and loops read by gate.reading.literals, as the quote
        # reader reads them, per engine (0 is true to Liquid, false to Nunjucks).
        ({"_layouts/redirect.html": "{% if 1 == 2 %}{{ content }}{% endif %}"}, "redirect", True),
        ({"_layouts/redirect.html": "{% if 1 == 1 %}{{ content }}{% endif %}"}, "redirect", False),
        ({"_layouts/redirect.html": "{% if 0 -%}{{ content }}{% endif %}"}, "redirect", False),
        ({"_includes/redirect.njk": "{% if 0 %}{{ content }}{% endif %}"}, "redirect.njk", True),
        ({"_layouts/redirect.html": "{% if TRUE %}{{ content }}{% endif %}"}, "redirect", True),
        (
            {"_layouts/redirect.html": "{% for i in (1..2) %}{{ content }}{% endfor %}"},
            "redirect",
            False,
        ),
        (
            {"_layouts/redirect.html": '{% for i in "" %}{{ content }}{% endfor %}'},
            "redirect",
            True,
        ),
        # A review: Jekyll's include of a layout's name is no layout; content given on.
        (
            {"_layouts/post.html": "{{ content }}\n", "_includes/post.html": "<nav></nav>\n"},
            "post",
            False,
        ),
        ({"_layouts/redirect.html": "{{ page.content }}\n"}, "redirect", False),
        # (an include is read in its place: one not found prints nothing; the page is what
        # it is given as, `include.body`; round 24's, an include that hides it)
        ({"_layouts/redirect.html": "{% include box.html content=content %}\n"}, "redirect", True),
        *(
            (
                {
                    "_layouts/redirect.html": "<main>{% include box.html body=content %}</main>\n",
                    "_includes/box.html": box,
                },
                "redirect",
                held,
            )
            for box, held in (
                ("<div>{{ include.body }}</div>", False),
                ("<div>{{ content }}</div>", False),
                ("<p>{{ include.summary }}</p>", True),
                ("<div hidden>{{ include.body }}</div>", True),
                ("{% if include.full %}{{ include.body }}{% endif %}", True),
            )
        ),
        (
            {
                "_layouts/redirect.html": '{% include "post-body.html" %}\n',
                "_includes/post-body.html": "<article>{{ content }}</article>",
            },
            "redirect",
            False,
        ),
        # (includes that include each other ten times over, eight deep: read within a
        # bound, not 10**8 times; what is past it prints nothing)
        (
            {
                "_layouts/redirect.html": "{% include i0.html %}<main>{{ content }}</main>",
                **{f"_includes/i{i}.html": f"{{% include i{i + 1}.html %}}" * 10 for i in range(9)},
                "_includes/i9.html": "<p>" + "x" * 1000 + "</p>",
            },
            "redirect",
            False,
        ),
        # (an element a block opens and closes is closed there: the page after it shows)
        (
            {
                "_layouts/redirect.html": "{% if page.x %}<div hidden>meta</div>{% endif %}"
                "<main>{{ content }}</main>"
            },
            "redirect",
            False,
        ),
        # The nineteenth: a count or a slice of the content prints no page, nor does a
        # template element; both arms of a condition on a page's field print it.
        ({"_layouts/redirect.html": "{{ content | size }}\n"}, "redirect", True),
        ({"_layouts/redirect.html": "{{ content | slice: 0, 0 }}\n"}, "redirect", True),
        ({"_layouts/redirect.html": "<template>{{ content }}</template>\n"}, "redirect", True),
        # The twentieth: a capture printed only as a count, a hidden element, a loop
        # over an empty range.
        (
            {
                "_layouts/redirect.html": "{% capture b %}{{ content }}{% endcapture %}"
                "{{ b | size }}"
            },
            "redirect",
            True,
        ),
        ({"_layouts/redirect.html": "<div hidden>{{ content }}</div>\n"}, "redirect", True),
        (
            {"_layouts/redirect.html": "{% for i in (1..0) %}{{ content }}{% endfor %}"},
            "redirect",
            True,
        ),
        (
            {
                "_layouts/redirect.html": "{% if page.toc %}{{ content }}{% else %}"
                "{{ content }}{% endif %}"
            },
            "redirect",
            False,
        ),
        (
            {"_layouts/redirect.html": "{% unless page.hidden %}{{ content }}{% endunless %}"},
            "redirect",
            False,
        ),
        (
            {"_includes/layouts/post.njk": "{% set x = 1 %}{{ content | safe }}\n"},
            "layouts/post.njk",
            False,
        ),
        # The twenty-first: a field the page does not set, an attribute's value, a
        # dialog never opened, a canvas's or a video's fallback; a condition on a value
        # the gate cannot read.
        (
            {"_layouts/redirect.html": "{% if page.show_body %}{{ content }}{% endif %}"},
            "redirect",
            True,
        ),
        ({"_includes/redirect.njk": "{% if showBody %}{{ content }}{% endif %}"}, "redirect", True),
        ({"_layouts/redirect.html": '<meta content="{{ content }}">\n'}, "redirect", True),
        ({"_layouts/redirect.html": "<dialog>{{ content }}</dialog>\n"}, "redirect", True),
        ({"_layouts/redirect.html": "<canvas>{{ content }}</canvas>\n"}, "redirect", True),
        ({"_layouts/redirect.html": "<video src=a.mp4>{{ content }}</video>\n"}, "redirect", True),
        (
            {"_layouts/redirect.html": "{% if site.x == 1 %}{{ content }}{% endif %}"},
            "redirect",
            True,
        ),
        (
            {"_layouts/redirect.html": "{% if page.a %}{% else %}{{ content }}{% endif %}"},
            "redirect",
            False,
        ),
        # The twenty-second: hiding markup in capitals, nested, by opacity; a parent
        # named in front matter of another spelling; a branch after an elsif, a field
        # the generator sets; a config's own layouts folder, an alias, a data file.
        (
            {"_layouts/redirect.html": "<div HIDDEN><div></div>{{ content }}</div>"},
            "redirect",
            True,
        ),
        ({"_layouts/redirect.html": '<p style="DISPLAY:NONE">{{ content }}</p>'}, "redirect", True),
        ({"_layouts/redirect.html": '<p style="opacity: 0">{{ content }}</p>'}, "redirect", True),
        *(
            (
                {
                    "_layouts/redirect.html": f"---\n{head}\n{end}\n{{{{ content }}}}\n",
                    "_layouts/bare.html": _REFRESH,
                },
                "redirect",
                True,
            )
            for head, end in (
                ('"layout": bare', "---"),
                ("{layout: bare}", "---"),
                ("layout: bare", "..."),
            )
        ),
        (
            {
                "_layouts/redirect.html": "{% if page.a %}{% elsif page.b %}{% else %}"
                "{{ content }}{% endif %}"
            },
            "redirect",
            True,
        ),
        (
            {"_layouts/redirect.html": "{% unless page.url %}{{ content }}{% endunless %}"},
            "redirect",
            True,
        ),
        ({"_config.yml": "layouts_dir: lay\n", "lay/redirect.html": _REFRESH}, "redirect", True),
        # (round 24: `./lay`, under `source`, in a config a build names, in TOML)
        ({"_config.yml": "layouts_dir: ./lay\n", "lay/redirect.html": _REFRESH}, "redirect", True),
        (
            {"_config.yml": "source: site\nlayouts_dir: lay\n", "site/lay/redirect.html": _REFRESH},
            "redirect",
            True,
        ),
        (
            {
                "package.json": '{"scripts": {"build":'
                ' "jekyll build --config _config.yml,prod.yml"}}',
                "prod.yml": "layouts_dir: lay\n",
                "lay/redirect.html": _REFRESH,
            },
            "redirect",
            True,
        ),
        (
            {"_config.toml": 'layouts_dir = "./lay"\n', "lay/redirect.html": _REFRESH},
            "redirect",
            True,
        ),
        (
            {
                "eleventy.config.js": "module.exports = (c) => {"
                ' c.addLayoutAlias("post", "b.njk"); };\n',
                "_includes/b.njk": _REFRESH,
            },
            "post",
            True,
        ),
        (  # (an alias in a comment or a string is none: round 48's kin)
            {
                "eleventy.config.js": "module.exports = (c) => {"
                ' c.addLayoutAlias("post", "b.njk"); };\n'
                '// c.addLayoutAlias("post", "full.njk");\n'
                'const s = \'c.addLayoutAlias("post", "full.njk")\';\n',
                "_includes/b.njk": _REFRESH,
                "_includes/full.njk": "<main>{{ content }}</main>\n",
            },
            "post",
            True,
        ),
        ({"posts/notes.11tydata.json": '{"layout": "b.njk"}'}, "post", True),
        # (round 24: Eleventy's layouts or includes folder set in its config, a template
        # data file `NAME.json`, global data that gives every page a layout)
        *(
            (
                {"eleventy.config.js": f"module.exports = () => ({{dir: {{{d}}}}});\n", **more},
                "redirect",
                True,
            )
            for d, more in (
                ('layouts: "layouts"', {"layouts/redirect.njk": _REFRESH}),
                ('includes: "parts"', {"parts/redirect.njk": _REFRESH}),
                ('input: "site", layouts: "lay"', {"site/lay/redirect.njk": _REFRESH}),
            )
        ),
        *(
            ({"eleventy.config.js": config, **more}, "post", held)
            for config, more, held in (
                (
                    "module.exports = () => {};\n",
                    {"posts/notes.json": '{"permalink": false}'},
                    True,
                ),
                ("module.exports = () => {};\n", {"posts/notes.json": '{"layout": "b"}'}, True),
                ("module.exports = () => {};\n", {"_data/layout.json": '"b.njk"'}, True),
                ('module.exports = (c) => { c.addGlobalData("layout", "b.njk"); };\n', {}, True),
                (
                    "module.exports = () => {};\n",
                    {"posts/notes.json": '{"tags": ["x"]}', **_POST_NJK},
                    False,
                ),
                (
                    "module.exports = () => {};\n",
                    {"_data/site.json": '{"name": "x"}', **_POST_NJK},
                    False,
                ),
            )
        ),
        # (a parent named in a front matter the gate cannot read: none surely prints)
        ({"_layouts/redirect.html": "---\nlayout: [\n---\n{{ content }}\n"}, "redirect", True),
        # The twenty-third: a loop that may not turn, a capture printed after it is put
        # again, a popover, a noembed, a `>` in a quoted attribute before `hidden`.
        *(
            ({"_layouts/redirect.html": text}, "redirect", True)
            for text in (
                "{% for x in site.nothing %}{{ content }}{% endfor %}",
                "{% for i in (1..3) limit: 0 %}{{ content }}{% endfor %}",
                "{% for i in (1..3) %}{% break %}{{ content }}{% endfor %}",
                "{% capture b %}{{ content }}{% endcapture %}{% capture b %}{% endcapture %}"
                "{{ b }}",
                '{% capture b %}{{ content }}{% endcapture %}{% assign b = "" %}{{ b }}',
                "<div popover>{{ content }}</div>",
                "<noembed>{{ content }}</noembed>",
                '<div title="a>b" hidden>{{ content }}</div>',
                # (a review's: a loop's else after a break, an offset past the range,
                # a set block, a macro never called, a capture printed where no
                # reader sees it)
                "{% for x in site.p %}{% break %}{{ content }}{% else %}{{ content }}{% endfor %}",
                "{% for i in (1..1) offset: 5 %}{{ content }}{% endfor %}",
                "{% set body %}{{ content }}{% endset %}",
                "{% macro m() %}{{ content }}{% endmacro %}",
                "{% capture b %}{{ content }}{% endcapture %}{% if false %}{{ b }}{% endif %}",
                '{% capture b %}{{ content }}{% endcapture %}<meta content="{{ b }}">',
            )
        ),
        *(
            (
                {"_layouts/post.html": f'<main style="{style}">{{{{ content }}}}</main>'},
                "post",
                False,
            )
            for style in (
                "max-width: var(--measure); margin: 0 auto",
                "width: auto",
                "max-width: calc(100% - 2rem)",
                "font-size: larger; line-height: normal",
                "transform: none",
                "opacity: .9; padding: 1rem 2rem; background: #fafafa",
                "display: block; position: relative; min-height: 0",
                "--gap: 0; margin: 0 auto !important",
            )
        ),
        # The twenty-fourth: a `%` inside a tag, Liquid's `empty`, a `>` in an earlier
        # quoted value (or a quote in a name), a hiding element closed early where no
        # browser reads markup (a comment, a dead branch, a script), a block the gate does
        # not read, a layout that extends another, Eleventy's `page.content`.
        *(
            ({"_layouts/redirect.html": text}, "redirect", True)
            for text in (
                '{% if site.mode == "50%" %}{{ content }}{% endif %}',
                '{% if page.rate == "100%" %}{{ content }}{% endif %}',
                "{% unless empty %}{{ content }}{% endunless %}",
                "<div title='>' data-body=\"{{ content }}\">x</div>",
                '<img alt="a > b" title="{{ content }}">',
                '<div a"b x=">" y="{{ content }}">x</div>',
                "<div hidden>x<!-- </div> -->{{ content }}</div>",
                "<div hidden>x{% comment %}</div>{% endcomment %}{{ content }}</div>",
                "<div hidden>x{% if false %}</div>{% endif %}{{ content }}</div>",
                '<div hidden>x<script>"</div>"</script>{{ content }}</div>',
                "{% hide %}{{ content }}{% endhide %}",
                '{% extends "base.html" %}{% block main %}{{ content }}{% endblock %}',
            )
        ),
        ({"_includes/redirect.njk": "{{ page.content | safe }}"}, "redirect", True),
        # (round 28: a layout's name as a path Eleventy resolves; one it cannot find)
        *(
            (
                {
                    "eleventy.config.js": "module.exports = () => {};",
                    "_includes/brief.njk": _REFRESH,
                },
                name,
                True,
            )
            for name in ("./brief", "../_includes/brief", "sub//../brief.njk", "nowhere")
        ),
        (
            {
                "eleventy.config.js": "module.exports = () => {};",
                "_includes/post.njk": "<main>{{ content | safe }}</main>",
            },
            "./post",
            False,
        ),
        # (round 28: LiquidJS puts an include's `content` parameter in scope there)
        (
            {
                "_includes/redirect.njk": "{% include 'wrap.liquid', content: \"Summary.\" %}",
                "_includes/wrap.liquid": "<article>{{ content }}</article>",
            },
            "redirect",
            True,
        ),
        (
            {
                "_layouts/post.html": "{% assign words = content | number_of_words %}"
                "<p>{{ words | divided_by: 200 }} min</p>{{ content }}"
            },
            "post",
            False,
        ),
        # The twenty-sixth: Liquid's tags are read where HTML hides text (a comment, a
        # script), HTML's markup where Liquid prints it (raw, `{# #}`, `<!-->`), a tag
        # with a `<` in it, the name `content` given another value, a filter block,
        # Liquid's inline comment and `liquid` tag, a closed `<details>`, a branch that
        # holds a tag's end.
        *(
            ({"_layouts/redirect.html": text}, "redirect", True)
            for text in (
                "<!-- {% if false %} -->{{ content }}<!-- {% endif %} -->",
                "<script>/*{% if false %}*/</script>{{ content }}<script>/*{% endif %}*/</script>",
                "<!-- {% capture x %} -->{{ content }}<!-- {% endcapture %} -->",
                "{% raw %}<div hidden>{% endraw %}{{ content }}</div>",
                "{# <div hidden> #}{{ content }}</div>",
                "<!--><div hidden>-->{{ content }}</div>",
                "<!-- x --!><div hidden>-->{{ content }}</div>",
                "<div hidden title=a<b>{{ content }}</div>",
                "<div hidden <x>{{ content }}</div>",
                "<div hidden><span title=x</div>>{{ content }}</span></div>",
                '{% assign content = "" %}{{ content }}',
                "{% capture content %}Summary.{% endcapture %}{{ content }}",
                "{% for content in (1..1) %}{{ content }}{% endfor %}",
                "{% filter upcase %}{{ content }}{% endfilter %}",
                "{% # {{ content }} %}",
                '{% liquid assign content = "" %}{{ content }}',
                "<details>{{ content }}</details>",
                # (round 28: a closing tag HTML's tree builder does not take past a cell)
                "<div hidden><table><tr><td></div>{{ content }}</td></tr></table></div>",
                "<div hidden><table><caption></div>{{ content }}</caption></table></div>",
                "<div hidden><marquee></div>{{ content }}</marquee></div>",
                "<script><!--<script>--!></script>{{ content }}</script>",
                "{% comment %}a {% comment %}b{% endcomment %}{{ content }}{% endcomment %}",
                "{% raw %}a {% raw %}b{% endraw %}{{ content }}{% endraw %}",
                "<div><b hidden></div>{{ content }}",
                '<div><em style="display:none"></div>{{ content }}',
                "<div hidden><noscript></div></noscript>{{ content }}</div>",
                '<dialog class="modal open">{{ content }}</dialog>',
                '<details title="click to open it">{{ content }}</details>',
                "{% for i in (1..1) limit: -1 %}{{ content }}{% endfor %}",
                "{% for i in (1..1) limit: 00 %}{{ content }}{% endfor %}",
                "{% assign show = false %}{% if page.show %}{{ content }}{% endif %}",
                "{% for show in (1..0) %}{% endfor %}{% if page.show %}{{ content }}{% endif %}",
                "{% if false {% endif %}{{ content }}",  # (one tag to Liquid)
                "{% if page.a %}" * 65 + "{{ content }}" + "{% endif %}" * 65,  # (too deep)
                "{% for i in (1..1) limit: x %}{{ content }}{% endfor %}",
                "{% assign page = nil %}{% if page.show %}{{ content }}{% endif %}",
                '<img alt="{% if false %}">{% endif %}{{ content }}">',
                '<img alt="x"{% if false %}>{% endif %} title="{{ content }}">',
            )
        ),
        *(
            (
                {"_layouts/redirect.html": f'<main style="{style}">{{{{ content }}}}</main>'},
                "redirect",
                True,
            )
            for style in (
                "margin-left:-99999px",
                "margin-top:-99999px",
                "width:1px;height:1px;overflow:hidden",
                "font-size:calc(0px)",
                "--z:0px;font-size:var(--z)",
                "display:table-column",
                "font: 0/0 a",
                "letter-spacing:-1em",
                "font-size: 0.3em",
                "width:1px;overflow:hidden",
                "text-indent:100%;white-space:nowrap;overflow:hidden",
                "display:grid;grid-template-rows:0;overflow:hidden",
                "max-width:0.01px;overflow:hidden",
            )
        ),
        *(
            (files, "redirect", True)
            for files in (
                {
                    "_layouts/redirect.html": "{% include reset.html %}{{ content }}",
                    "_includes/reset.html": '{% assign content = "" %}',
                },
                {
                    "_config.yml": "includes_dir: _inc\n",
                    "_layouts/redirect.html": "{% include wrap.html %}",
                    "_includes/wrap.html": "{{ content }}",
                },
                {
                    "_layouts/redirect.html": '{% include wrap.html body=content body="S" %}',
                    "_includes/wrap.html": "{{ include.body }}",
                },
                {
                    "_includes/redirect.njk": '{% include "wrap" ignore missing %}',
                    "_includes/wrap.njk": "{{ content | safe }}",
                },
                *(
                    {
                        "eleventy.config.js": "module.exports = () => ({dir: {includes: "
                        + d
                        + "}});",
                        "parts/redirect.njk": _REFRESH,
                    }
                    for d in ('"pa" + "rts"', 'String("parts")')
                ),
                {
                    "eleventy.config.js": "const s = \"dir: { includes: '_includes' }\";\n"
                    'module.exports = () => ({dir: {includes: "parts"}});',
                    "parts/redirect.njk": _REFRESH,
                },
            )
        ),
        (
            {
                "package.json": '{"devDependencies": {"@11ty/eleventy": "3"}}',
                "posts/notes.json": '{"layout": "b"}',
            },
            "post",
            True,
        ),
        # (round 26 again: Eleventy builds a site with no config nor package of its own)
        ({"posts/notes.json": '{"layout": "b"}'}, "post", True),
        ({"_data/layout.json": '"b.njk"'}, "post", True),
        # ... and honest ones: an element a branch opens and closes (minima's icon), a
        # font shorthand, spacing, an open `<details>`.
        (
            {
                "_layouts/post.html": '{% if page.x %}<svg><path d="M0"/></svg>{% endif %}'
                "<main>{{ content }}</main>"
            },
            "post",
            False,
        ),
        ({"_layouts/post.html": "<details open>{{ content }}</details>"}, "post", False),
        (
            {
                "_layouts/post.html": "<html><head><title>T</title>\n<body><main>{{ content }}"
                "</main></body></html>"
            },
            "post",
            False,
        ),  # (round 28: `</head>` left out, as HTML allows)
        *(
            (
                {"_layouts/post.html": f'<main style="{style}">{{{{ content }}}}</main>'},
                "post",
                False,
            )
            for style in (
                "font: 16px/1.5 Georgia, serif",
                "letter-spacing: 0.02em; z-index: 1",
                "font-variant-numeric: tabular-nums; font-size: 1.1rem",
            )
        ),
        # (and a style that does not surely show it: a zero or less however written, a
        # transform, a colour, an offset)
        *(
            (
                {"_layouts/redirect.html": f'<main style="{style}">{{{{ content }}}}</main>'},
                "redirect",
                True,
            )
            for style in (
                "opacity:.0",
                "opacity:-1",
                "opacity:0e0",
                "opacity: 0%",
                "font-size:.0px",
                "font-size: -2px",
                "transform:scale(0)",
                "color: #fff",
                "position: absolute; left: -9999px",
                "max-height: calc(0px); overflow: hidden",
                "text-indent: -9999px",
                "clip-path: inset(50%)",
            )
        ),
        # ... and honest layouts: a style that hides an overflow, a class, every branch.
        (
            {"_layouts/post.html": '<main style="overflow: hidden">{{ content }}</main>'},
            "post",
            False,
        ),
        ({"_layouts/post.html": '<p class="post hidden-print">{{ content }}</p>'}, "post", False),
        (
            {
                "_layouts/post.html": '{% case page.w %}{% when "a" %}<b>{{ content }}</b>'
                "{% else %}{{ content }}{% endcase %}"
            },
            "post",
            False,
        ),
        (
            {
                "_layouts/post.html": "{% if site.x == 1 %}{{ content }}{% else %}<i>{{ content }}"
                "</i>{% endif %}"
            },
            "post",
            False,
        ),
    ],
)
def test_a_page_whose_layout_prints_none_of_it_supports_nothing(
    repo: Repo, rg: Run, files: dict[str, str], named: str, held: bool
) -> None:
    """The seventeenth pass: a post named `layout: redirect`, a meta refresh that prints
    no `{{ content }}`; Jekyll built it, and no reader saw its body, yet it supported
    the title's number."""
    _title_and_reply(repo)
    for path, text in files.items():
        repo.write(path, text)
    repo.write("posts/notes.md", f"---\nlayout: {named}\n---\nWe have 76 servers.\n")
    rc, out, _ = rg("run")
    assert rc == (1 if held else 0), out


@pytest.mark.parametrize(
    ("fields", "held"),
    [
        ("show_body: true", False),
        ("show_body: false", True),
        ("show_body: ''", True),  # (Liquid prints it, JavaScript does not)
        ("show_body: [a]", False),
        ("hide: [a]", True),  # (a list is no false: `unless hide` prints nothing)
        ("hide: false", False),
        # (round 24: a value one generator's YAML reads as false and another's as a
        # string decides nothing: Psych reads `nO` false, js-yaml reads `no` a string)
        *((f"show_body: {v}", True) for v in ("nO", "oFF", "fAlse", "nULL", "no")),
        *((f"show_body: {v}", False) for v in ("yes", "On")),  # (true, or a string)
        *((f"hide: {v}", True) for v in ("no", "off", "No", "nULL")),
        ("show_body: TRUE", False),
        *((f"show_body: {v}", True) for v in (".nan", "0e0", "0o0", "0x0")),  # (round 26)
        ("show_body: 1", False),
        # (round 28: however the YAML is laid out)
        *((v, True) for v in ('"show_body": nO', "show_body:\n  nO", "show_body: &z oFF")),
        ('show_body: "nO"', False),  # (quoted: a string everywhere)
        ("eleventyComputed: {layout: post}", True),  # (which layout, the code says)
        ("show_body: true\neleventyComputed: {show_body: x}", True),  # (computed: either)
        ("hide: FALSE", False),
    ],
)
def test_a_layout_that_prints_a_page_where_its_field_says_reads_the_pages_field(
    repo: Repo, rg: Run, fields: str, held: bool
) -> None:
    """Round 20's unset field, read per page: support where the page's own field makes
    the layout print it, none where it does not (or may not)."""
    _title_and_reply(repo)
    if "show_body" in fields:
        repo.write("_layouts/brief.html", "{% if page.show_body %}{{ content }}{% endif %}")
    else:
        repo.write("_layouts/brief.html", "{% unless page.hide %}{{ content }}{% endunless %}")
    repo.write("posts/notes.md", f"---\nlayout: brief\n{fields}\n---\nWe have 76 servers.\n")
    rc, out, _ = rg("run")
    assert rc == (1 if held else 0), out


@pytest.mark.parametrize(
    ("config", "own", "held"),
    [
        ('defaults:\n  - scope: {path: ""}\n    values: {layout: brief}\n', "", True),
        ('defaults:\n  - scope: {path: "posts"}\n    values: {layout: brief}\n', "", True),
        ('defaults:\n  - scope: {path: "other"}\n    values: {layout: brief}\n', "", False),
        ('defaults:\n  - scope: {path: ""}\n    values: {layout: brief}\n', "post", False),
        ('defaults:\n  - scope: {path: ""}\n    values: {layout: post}\n', "", False),
    ],
)
def test_a_layout_a_config_gives_a_page_decides_as_its_own_would(
    repo: Repo, rg: Run, config: str, own: str, held: bool
) -> None:
    """Round 21's a07: Jekyll's defaults put a post that names no layout in one that
    prints none of it; built, and no reader saw its body."""
    _title_and_reply(repo)
    repo.write("_config.yml", config)
    repo.write("_layouts/brief.html", '<meta http-equiv="refresh" content="0; url=/">\n')
    repo.write("_layouts/post.html", "<main>{{ content }}</main>\n")
    layout = f"layout: {own}\n" if own else ""
    repo.write("posts/notes.md", f"---\n{layout}title: n\n---\nWe have 76 servers.\n")
    rc, out, _ = rg("run")
    assert rc == (1 if held else 0), out


@pytest.mark.parametrize(
    ("path", "data"),
    [
        ("prod.yml", 'defaults:\n  - scope: {path: ""}\n    values: {published: false}\n'),
        ("posts/posts.json", '{"perma\\u006cink": false}'),  # escaped, as JSON reads it
        ("posts/posts.11tydata.js", 'module.exports = {["perma" + "link"]: false};\n'),
    ],
)
def test_data_that_may_hold_pages_back_however_written_takes_their_support(
    repo: Repo, rg: Run, path: str, data: str
) -> None:
    """The fifteenth pass: a Jekyll config a build names, an Eleventy data file's key
    spelled with an escape or computed in JavaScript."""
    _title_and_reply(repo)
    repo.write("posts/notes.md", "The drift peaked at 76 hours.\n")
    assert rg("run")[0] == 0
    repo.write(path, data)
    rc, out, _ = rg("run")
    assert rc == 1, out


@pytest.mark.parametrize(
    ("pattern", "base", "held"),
    [
        ("*.md", "./src/content/blog", True),
        ("**/*.md", "./src/content/blog", False),
        ("**/[^_]*.{md,mdx}", "src/content/blog/", False),
        # Round 44: a pattern that chooses names, a base narrower than the entry's
        # folder, a base spelled with `..`
        ("**/[!n]*.md", "./src/content/blog", True),
        ("**/*.md", "./src/content/blog/2025", True),
        ("**/*.md", "./src/content/x/../blog", False),
        ("**/*.md", "./src/content/blog/x/..", False),
        ("**/*.md", "../elsewhere", True),
        # Round 46: a kind the pattern does not take; an option in a comment or a string
        ("**/*.mdx", "./src/content/blog", True),
        ('**/[!n]*.md", // pattern: "**/*.md', "./src/content/blog", True),
        ("**/[!n]*.md\", x: \"pattern: '**/*.md'", "./src/content/blog", True),
    ],
)
def test_what_astros_content_loader_leaves_out_supports_nothing(
    repo: Repo, rg: Run, pattern: str, base: str, held: bool
) -> None:
    """The fifteenth pass: Astro 5's glob() loader with a pattern for the base's top only
    never loaded an entry in a subfolder, which supported a title's number (round 44: nor
    one its pattern or its base leaves out)."""
    _title_and_reply(repo, wide=True)
    repo.write("src/content/blog/2024/notes.md", "The drift peaked at 76 hours.\n")
    repo.write(
        "src/content.config.ts",
        'import { glob } from "astro/loaders";\nexport const collections = { blog:'
        f' defineCollection({{ loader: glob({{ pattern: "{pattern}", base:'
        f' "{base}" }}) }}) }};\n',
    )
    rc, out, _ = rg("run")
    assert rc == (1 if held else 0), out


@pytest.mark.parametrize(
    ("page", "held"),
    [
        # Round 51: `markup: markdown` makes an .org or .html page markdown to Hugo (a
        # comment prints nothing, an unused link reference nothing)
        (
            "posts/notes.org:---\nmarkup: markdown\n---\n<!-- The drift peaked at 76 hours. -->\n",
            True,
        ),
        ('posts/notes.html:---\nmarkup: md\n---\n[x]: /u "The drift peaked at 76 hours."\n', True),
        ("posts/notes.org:#+title: n\n\n<!-- The drift peaked at 76 hours. -->\n", False),
        ('posts/notes.html:[x]: /u "The drift peaked at 76 hours."\n', False),
        # an autolink is a link, not an element that hides what follows it
        ("posts/notes.md:See <https://example.org/x>.\n\nThe drift peaked at 76 hours.\n", False),
        ("posts/notes.md:Mail <a.b@example.org> now.\n\nThe drift peaked at 76 hours.\n", False),
    ],
)
def test_a_page_is_read_in_the_markup_its_generator_renders(
    repo: Repo, rg: Run, page: str, held: bool
) -> None:
    _title_and_reply(repo)
    repo.write(
        ".receipt-gate.yaml",
        "required: [headline-numbers]\nchecks:\n  headline-numbers: {articles:"
        ' ["**/*.md", "**/*.org", "**/*.html", "!drafts/**"]}\n',
    )
    path, _, text = page.partition(":")
    repo.write(path, text)
    rc, out, _ = rg("run")
    assert rc == (1 if held else 0), out


@pytest.mark.parametrize(
    "decoy", ["`\nglob({ pattern: '**/*.md', base: 'src/content/blog' })\n`", ""]
)
def test_astros_loader_between_regex_literals_is_read(repo: Repo, rg: Run, decoy: str) -> None:
    """Round 47: `/x\\/*/` was read as a comment's opening, which hid the loader that
    leaves the page out, and a loader that takes every page, in a template across lines,
    was read in its place."""
    _title_and_reply(repo, wide=True)
    repo.write("src/content/blog/2024/notes.md", "The drift peaked at 76 hours.\n")
    repo.write(
        "src/content.config.ts",
        'import { glob } from "astro/loaders";\nconst skip = /x\\/*/;\n'
        "export const collections = { blog: defineCollection({ loader: glob({ pattern:"
        ' "[!n]*.md", base: "./src/content/blog" }) }) };\n'
        f"const keep = /a*/;\nconst doc = {decoy or '1'};\n",
    )
    rc, out, _ = rg("run")
    assert rc == 1, out


@pytest.mark.parametrize(
    "fields",
    [
        "date: 2001-01-01",
        "outputs: [html, json]",
        "outputs: HTML",
        "outputs: []",  # (the kind's defaults: Hugo 0.111 writes the HTML page)
        "outputs: [amp]",
        "draft: false",
    ],
)
def test_a_page_built_as_a_page_supports(repo: Repo, rg: Run, fields: str) -> None:
    _title_and_reply(repo)
    repo.write("posts/notes.md", f"---\n{fields}\n---\nThe drift peaked at 76 hours.\n")
    rc, out, _ = rg("run")
    assert rc == 0, out


@pytest.mark.parametrize(
    ("page", "supports"),
    [
        # Round 77 (f03): a markdown paragraph in a wrapper every generator shows
        ('<div dir="rtl">\n\nThe drift peaked at 76 hours.\n\n</div>\n', True),
        ('<article markdown="1">\n\nThe drift peaked at 76 hours.\n\n</article>\n', True),
        ('<div style="display:none">\n\nThe drift peaked at 76 hours.\n\n</div>\n', False),
        ("<details>\n\nThe drift peaked at 76 hours.\n\n</details>\n", False),
    ],
)
def test_a_paragraph_in_a_wrapper_supports_where_the_wrapper_shows_it(
    repo: Repo, rg: Run, page: str, supports: bool
) -> None:
    _title_and_reply(repo, wide=True)
    repo.write("posts/notes.md", page)
    rc, out, _ = rg("run")
    assert rc == (0 if supports else 1), out


def test_a_post_named_for_a_later_day_but_dated_before_supports(repo: Repo, rg: Run) -> None:
    """Round 52: Jekyll dates a post by its front matter's `date:` where it has one (the
    name's date is only the default): a post named 2999 but dated 2020 is built, and its
    body supported nothing (an honest draft was refused); with no `date:`, still none."""
    _title_and_reply(repo, wide=True)
    body = "The drift peaked at 76 hours.\n"
    repo.write("_posts/2999-01-01-notes.md", f"---\ndate: 2020-01-02\n---\n{body}")
    rc, out, _ = rg("run")
    assert rc == 0, out
    repo.write("_posts/2999-01-01-notes.md", f"---\ntitle: Notes\n---\n{body}")
    assert rg("run")[0] == 1


@pytest.mark.parametrize(
    "text",
    [
        "When lag<limit, nothing fired; the drift hit 76 hours > budget.\n",  # no tag
        "Our schedule <!--\n|---|\ndrifted 76 hours -->\n",  # no comment across cells
        "## Drift <!--\nOur schedule drifted 76 hours -->\n",  # nor across blocks
        "<!drift 76 hours> is what the log said.\n",  # text on GitHub
        # What template tags and Hugo's figure print (round 14).
        '{{< figure src="/a.png" caption="The drift hit 76 hours." >}}\n',
        '{{ "The drift hit 76 hours." }}\n',
        '{% assign d = "The drift hit 76 hours." %}{{ d }}\n',
    ],
)
def test_a_number_the_page_shows_is_read(repo: Repo, rg: Run, text: str) -> None:
    repo.write(".receipt-gate.yaml", "required: [headline-numbers]\n")
    repo.write("posts/drift.md", DRIFT)
    repo.write("drafts/reply.md", text)
    rc, out, _ = rg("run")
    assert rc == 1 and "76 appears in the title" in out, out


def test_a_number_the_page_does_not_show_supports_nothing(repo: Repo, rg: Run) -> None:
    """`7<!--` and `-->6` in two list items are no comment (each item is a block): the
    page shows 7 and 6, not 76, so that body pins no 76."""
    repo.write(".receipt-gate.yaml", "required: [headline-numbers]\n")
    repo.write("posts/drift.md", DRIFT)
    repo.write("posts/queue.md", "# Queue notes\n\nTwo readings:\n\n- 7<!--\n- -->6 waiting\n")
    repo.write("drafts/reply.md", "It drifted 76 hours.\n")
    rc, out, _ = rg("run")
    assert rc == 1 and "76 appears in the title" in out, out


def test_a_page_some_generator_holds_back_still_accuses(repo: Repo, rg: Run) -> None:
    """A review: `draft: true` on a Jekyll post (Jekyll publishes it) dropped its title
    from the accused too; such a page only supports nothing."""
    repo.write(".receipt-gate.yaml", "required: [headline-numbers]\n")
    repo.write(
        "posts/big.md",
        "---\ntitle: 41 reasons our tool is fast\ndraft: true\n---\nReasons, many.\n",
    )
    repo.write("drafts/reply.md", "We found 41 reasons.\n")
    rc, out, _ = rg("run")
    assert rc == 1 and "41 appears in the title" in out, out


def test_a_liquid_example_in_raw_is_no_condition(repo: Repo, rg: Run) -> None:
    """A review: a post about Liquid (`{% raw %}{% if x %}{% endraw %}`) was read as
    unpaired template code, and its whole body supported nothing."""
    repo.write(".receipt-gate.yaml", "required: [headline-numbers]\n")
    repo.write("posts/drift.md", DRIFT)
    repo.write(
        "posts/notes.md",
        "Write {% raw %}{% if x %}{% endraw %} to test.\n\nThe drift peaked at 76 hours.\n",
    )
    repo.write("drafts/reply.md", "It drifted 76 hours.\n")
    assert rg("run")[0] == 0


_MOUNT = '[module]\n[[module.mounts]]\nsource = "content"\ntarget = "content"\n'
_LANGUAGES = "[languages.en]\nweight = 1\n[languages.fr]\nweight = 2\n"
_CASCADE = (
    '[[cascade]]\n[cascade._build]\nrender = "never"\n[cascade._target]\npath = "/posts/old/**"\n'
)


@pytest.mark.parametrize(
    ("path", "config", "page", "held"),
    [
        ("hugo.toml", 'disableLanguages = ["fr"]\n' + _LANGUAGES, "posts/notes.fr.md", True),
        ("hugo.toml", _LANGUAGES, "posts/notes.fr.md", False),
        (
            "hugo.toml",
            _LANGUAGES.replace("weight = 2", "disabled = true"),
            "posts/notes.fr.md",
            True,
        ),
        (
            "config/_default/languages.toml",
            "[en]\n[fr]\ndisabled = true\n",
            "posts/notes.fr.md",
            True,
        ),
        ("hugo.toml", 'disableKinds = ["page"]\n', "posts/notes.md", True),
        ("hugo.toml", 'disableKinds = ["taxonomy", "term"]\n', "posts/notes.md", False),
        ("hugo.toml", _MOUNT + 'excludeFiles = ["posts/old/**"]\n', "posts/old/notes.md", True),
        ("hugo.toml", _MOUNT + 'excludeFiles = "posts/old"\n', "posts/old/notes.md", True),
        ("hugo.toml", _MOUNT + 'excludeFiles = ["posts/old/**"]\n', "posts/notes.md", False),
        ("hugo.toml", _MOUNT + 'includeFiles = ["posts/*.md"]\n', "other/notes.md", True),
        ("hugo.toml", _MOUNT + 'includeFiles = ["**/*.md"]\n', "other/notes.md", False),
        ("hugo.toml", _MOUNT + 'includeFiles = ["**.md"]\n', "other/notes.md", True),
        ("hugo.toml", _CASCADE, "posts/old/notes.md", True),
        ("hugo.toml", _CASCADE, "posts/notes.md", False),
        ("hugo.toml", "[[cascade]]\ndraft = true\n", "posts/notes.md", True),
        ("hugo.toml", 'ignoreFiles = ["\\\\.wip\\\\.md$"]\n', "posts/notes.wip.md", True),
        ("hugo.toml", 'ignoreFiles = ["old$"]\n', "posts/old/notes.md", True),
        ("hugo.toml", 'ignoreFiles = ["old$"]\n', "posts/notes.md", False),
    ],
)
def test_what_a_hugo_config_leaves_unbuilt_supports_nothing(
    repo: Repo, rg: Run, path: str, config: str, page: str, held: bool
) -> None:
    """Round 34: Hugo builds no page of a language turned off, of a kind disableKinds
    names, that a mount's excludeFiles (or not its includeFiles) or ignoreFiles leaves
    out, or that a config's cascade keeps from rendering; such pages' 76 pinned the
    title's. With Hugo installed, it says which pages it built."""
    repo.write(
        ".receipt-gate.yaml",
        'drafts: ["drafts/*.md"]\nrequired: [headline-numbers]\n'
        'checks:\n  headline-numbers: {articles: ["content/**/*.md"]}\n',
    )
    repo.write("content/posts/drift.md", DRIFT)
    repo.write(f"content/{page}", "---\ntitle: Notes\n---\nThe drift peaked at 76 hours.\n")
    repo.write("drafts/reply.md", "It drifted 76 hours.\n")
    repo.write(path, ('title = "T"\n' if path == "hugo.toml" else "") + config)
    rc, out, _ = rg("run")
    assert rc == (1 if held else 0), out
    if shutil.which("hugo") is not None:
        repo.write("layouts/_default/single.html", "<main>{{ .Content }}</main>\n")
        repo.write("layouts/_default/list.html", "<main>{{ .Content }}</main>\n")
        built = subprocess.run(
            ["hugo", "--quiet", "-d", "public"], cwd=repo.path, capture_output=True, text=True
        )
        assert built.returncode == 0, built.stderr
        shown = [
            p for p in (repo.path / "public").rglob("*.html") if "peaked at 76" in p.read_text()
        ]
        assert bool(shown) is not held, shown


@pytest.mark.parametrize(
    ("cascade", "held"),
    [
        ("cascade:\n  _build:\n    render: never\n", True),
        ("cascade:\n  - draft: true\n    _target:\n      path: /posts/old/n*\n", True),
        ("cascade:\n  - draft: true\n    _target:\n      path: /posts/old/x*\n", False),
        ("cascade:\n  params:\n    color: red\n", False),
        # round 96 h07: braces whose alternatives each start at the root (Hugo 0.168
        # built no such page)
        (
            'cascade:\n  - draft: true\n    target:\n      path: "{/posts/old/n*,/posts/z}"\n',
            True,
        ),
        ('cascade:\n  - draft: true\n    target:\n      path: "{/posts/x,/posts/z}"\n', False),
    ],
)
def test_what_a_sections_cascade_leaves_unbuilt_supports_nothing(
    repo: Repo, rg: Run, cascade: str, held: bool
) -> None:
    """Round 34: a section page's cascade that sets a build option or a draft flag for
    the pages its target reaches (every page under it, without one)."""
    repo.write(
        ".receipt-gate.yaml",
        'drafts: ["drafts/*.md"]\nrequired: [headline-numbers]\n'
        'checks:\n  headline-numbers: {articles: ["content/**/*.md"]}\n',
    )
    repo.write("hugo.toml", 'title = "T"\n')
    repo.write("content/posts/drift.md", DRIFT)
    repo.write("content/posts/old/_index.md", f"---\ntitle: Old\n{cascade}---\n")
    repo.write("content/posts/old/notes.md", "---\ntitle: N\n---\nThe drift peaked at 76 hours.\n")
    repo.write("drafts/reply.md", "It drifted 76 hours.\n")
    rc, out, _ = rg("run")
    assert rc == (1 if held else 0), out


@pytest.mark.parametrize(
    ("config", "later", "held"),
    [
        ("permalink: /:title/\n", "2026-01-09-notes.md", True),
        ("permalink: none\n", "2026-01-09-notes.md", True),
        ("permalink: pretty\n", "2026-01-09-notes.md", False),
        ("permalink: /:year/:title/\n", "2026-03-09-notes.md", True),
        ("permalink: /:year/:title/\n", "2027-01-09-notes.md", False),
        ("permalink: /:categories/:title/\n", "2026-01-09-notes.md", True),
        (
            "collections:\n  posts:\n    output: true\n    permalink: /:slug/\n",
            "2026-01-09-notes.md",
            True,
        ),
        (
            "defaults:\n  - scope: {path: ''}\n    values: {permalink: '/:title/'}\n",
            "2026-01-09-notes.md",
            True,
        ),
        ("title: T\n", "2026-01-09-notes.md", False),
    ],
)
def test_posts_a_jekyll_permalink_writes_to_one_file_support_nothing(
    repo: Repo, rg: Run, config: str, later: str, held: bool
) -> None:
    """Round 34: with `permalink: /:title/` in _config.yml, two posts of one title on
    different days are written to one file (Jekyll: "Conflict: destination shared"),
    the later one's; the earlier one's 76 pinned the title's though no reader saw it.
    With Jekyll installed, it says which it wrote."""
    repo.write(
        ".receipt-gate.yaml",
        'drafts: ["drafts/*.md"]\nrequired: [headline-numbers]\n'
        'checks:\n  headline-numbers: {articles: ["_posts/*.md"]}\n',
    )
    repo.write("_config.yml", config)
    repo.write("_posts/2026-01-01-drift.md", DRIFT)
    repo.write("_posts/2026-01-02-notes.md", "---\ntitle: N\n---\nThe drift peaked at 76 hours.\n")
    repo.write(f"_posts/{later}", "---\ntitle: N\n---\nNothing more.\n")
    repo.write("drafts/reply.md", "It drifted 76 hours.\n")
    rc, out, _ = rg("run")
    assert rc == (1 if held else 0), out
    if shutil.which("jekyll") is not None:
        built = subprocess.run(
            ["jekyll", "build", "-q", "-d", "_built"], cwd=repo.path, capture_output=True, text=True
        )
        assert built.returncode == 0, built.stderr
        shown = [
            p for p in (repo.path / "_built").rglob("*.html") if "peaked at 76" in p.read_text()
        ]
        assert bool(shown) is not held, shown


@pytest.mark.parametrize(
    ("page", "text", "held"),
    [
        ("posts/notes.org", "#+TITLE: N\n\n#+NOTE: The drift peaked at 76 hours.\n", True),
        ("posts/notes.org", "#+TITLE: N\n\n# The drift peaked at 76 hours.\n", True),
        ("posts/notes.org", "#+TITLE: N\n\nThe drift peaked at 76 hours.\n", False),
        ("posts/notes.adoc", "= N\n\n// The drift peaked at 76 hours.\n", True),
        ("posts/notes.rst", "N\n=\n\n.. The drift peaked at 76 hours.\n", True),
        ("posts/notes.rst", "N\n=\n\n.. |d| replace:: The drift peaked at 76 hours.\n", True),
        ("posts/notes.rst", "N\n=\n\n.. meta::\n   :description: It peaked at 76 hours.\n", True),
        (
            "posts/notes.adoc",
            "= N\n\nifdef::never[]\nThe drift peaked at 76 hours.\nendif::[]\n",
            True,
        ),
        (
            "posts/notes.adoc",
            "= N\n\nifdef::never[]\nx\nendif::[]\n\nIt peaked at 76 hours.\n",
            False,
        ),
        # Round 38: asciidoctor reads attributes in order, closes a comment block only at
        # its own delimiter, takes `["comment"]` and `[comment ]` for the comment style,
        # renders `[%collapsible]` closed; docutils puts an option (`:alt:`) in an
        # attribute and shows a hyperlink target nowhere.
        (
            "posts/notes.adoc",
            "= N\n\nifdef::later[]\nIt peaked at 76 hours.\nendif::later[]\n\n:later: yes\n",
            True,
        ),
        (
            "posts/notes.adoc",
            "= N\n:gone: yes\n:gone!:\n\nifdef::gone[]\nIt peaked at 76 hours.\nendif::gone[]\n",
            True,
        ),
        (
            "posts/notes.adoc",
            "= N\n:set: yes\n\nifdef::set[]\nIt peaked at 76 hours.\nendif::set[]\n",
            False,
        ),
        ("posts/notes.adoc", "= N\n\n////\n//////\nIt peaked at 76 hours.\n////\n", True),
        (
            "posts/notes.adoc",
            "= N\n\n.More\n[%collapsible]\n====\nIt peaked at 76 hours.\n====\n",
            True,
        ),
        (
            "posts/notes.adoc",
            "= N\n\n[%collapsible%open]\n====\nIt peaked at 76 hours.\n====\n",
            False,
        ),
        ("posts/notes.adoc", '= N\n\n["comment"]\nIt peaked at 76 hours.\n', True),
        ("posts/notes.adoc", "= N\n\n[comment ]\nIt peaked at 76 hours.\n", True),
        ("posts/notes.adoc", "= N\n\nifdef::backend-html5[It peaked at 76 hours.]\n", False),
        ("posts/notes.adoc", "= N\n\nifdef::never[It peaked at 76 hours.]\n", True),
        (
            "posts/notes.rst",
            "N\n=\n\n.. image:: cache.png\n   :alt: It peaked at 76 hours.\n",
            True,
        ),
        ("posts/notes.rst", "N\n=\n\n.. _note: It peaked at 76 hours.\n", True),
        ("posts/notes.rst", "N\n=\n\n.. only:: html\n\n   It peaked at 76 hours.\n", True),
        (
            "posts/notes.rst",
            "N\n=\n\n.. figure:: a.png\n   :alt: x\n\n   It peaked at 76 hours.\n",
            False,
        ),
        ("posts/notes.rst", "N\n=\n\n.. note:: It peaked at 76 hours.\n", False),
        (
            "posts/notes.md",
            "---\npermalink: {serverless: /x/}\n---\nThe drift peaked at 76 hours.\n",
            True,
        ),
        ("posts/notes.md", "Use `{#` here.\n\nThe drift peaked at 76 hours.\n\nAnd `#}`.\n", True),
    ],
)
def test_what_a_pages_markup_does_not_show_supports_nothing(
    repo: Repo, rg: Run, page: str, text: str, held: bool
) -> None:
    """Round 34: an Org keyword line (`#+NOTE:`) or comment, which go-org renders nothing
    of, supported the title's number; so did text between a Nunjucks comment's `{#` and
    `#}` in two code spans (Nunjucks reads the page before markdown)."""
    _plain_markups(repo)
    repo.write(page, text)
    rc, out, _ = rg("run")
    assert rc == (1 if held else 0), out


def _plain_markups(repo: Repo) -> None:
    _title_and_reply(repo)
    repo.write(
        ".receipt-gate.yaml",
        "required: [headline-numbers]\nchecks:\n  headline-numbers: {articles:"
        ' ["**/*.md", "**/*.org", "**/*.adoc", "**/*.rst", "!drafts/**"]}\n',
    )


def test_an_org_comment_is_no_title(repo: Repo, rg: Run) -> None:
    """Round 34: an Org page's comment line (`# TODO ... 42 ...`) was read as a markdown
    heading, its title: an honest draft citing 42 was refused."""
    _plain_markups(repo)
    repo.write("posts/plan.org", "#+TITLE: Plan\n\nText.\n\n# TODO check the 42 builds\n")
    repo.write("drafts/reply.md", "We run 42 builds a day.\n")
    rc, out, _ = rg("run")
    assert rc == 0, out
    repo.write("posts/plan.org", "#+TITLE: Plan for the 42 builds\n\nText.\n")
    assert rg("run")[0] == 1  # (its title line is its title)


@pytest.mark.parametrize(
    ("call", "held"),
    [
        ('eleventyConfig.ignores.add("posts/old/**");', True),
        ('eleventyConfig.ignores.add("./posts/old");', True),
        ("eleventyConfig.ignores.add(wip);", True),
        ('eleventyConfig.ignores.add("drafts/**");', False),
        ('// eleventyConfig.ignores.add("posts/old/**");', False),
        # Round 39: Eleventy builds no page of a kind its template formats leave out
        ('eleventyConfig.setTemplateFormats(["njk"]);', True),
        ('eleventyConfig.setTemplateFormats("njk,md");', False),
        ("eleventyConfig.setTemplateFormats(formats);", True),
        ('return { templateFormats: ["njk", "html"] };', True),
        # Round 42: the ignores reached another way than a plain call
        ('eleventyConfig.ignores?.add("posts/old");', True),
        ('const ig = eleventyConfig.ignores; ig.add("posts/old");', True),
        ('eleventyConfig.ignores.delete("README.md");', False),
        # Round 47: a regex literal read as a comment's opening hid the call; a call in
        # a string, a template or a regex is none; escaped names and `<!--` are unread
        ('const a = /x\\/*/; eleventyConfig.ignores.add("posts/old"); const b = /a*/;', True),
        ("const a = \"eleventyConfig.ignores.add('posts/old')\";", False),
        ("const a = `\neleventyConfig.ignores.add('posts/old')`;", False),
        ('const a = /eleventyConfig.ignores.add("posts.old")/;', False),
        ('eleventyConfig.\\u0069gnores.add("posts/old");', True),
        ('const n = 1 <!-- eleventyConfig.ignores.add("elsewhere");', True),
        ('// x\releventyConfig.ignores.add("posts/old");', True),
    ],
)
def test_what_an_eleventy_config_ignores_supports_nothing(
    repo: Repo, rg: Run, call: str, held: bool
) -> None:
    """Round 34: Eleventy builds nothing its config's `ignores.add()` names, yet such a
    page's 76 pinned the title's (round 39: nor a page of a kind its template formats
    leave out)."""
    _title_and_reply(repo, wide=True)
    repo.write(
        "eleventy.config.js", f"module.exports = function (eleventyConfig) {{\n  {call}\n}};\n"
    )
    repo.write("posts/old/notes.md", "The drift peaked at 76 hours.\n")
    rc, out, _ = rg("run")
    assert rc == (1 if held else 0), out


@pytest.mark.parametrize(
    ("ignore", "config", "held"),
    [
        ("posts/old\n", "", True),
        ("# a note\n/posts/old/notes.md\n", "", True),
        ("posts/*/notes.md\n", "", True),
        ("posts/{old,new}\n", "", True),  # (braces: not read plainly, every page)
        ("posts/new\n!posts/old\n", "", False),  # (a `!` line Eleventy skips)
        ("old\n", 'dir: { input: "posts" }', True),  # (the input folder's, below)
        ("old\n", "", False),
        ("\ufeffposts/old\n", "", True),  # (round 42: JavaScript's trim takes a BOM off)
    ],
)
def test_what_eleventyignore_names_supports_nothing(
    repo: Repo, rg: Run, ignore: str, config: str, held: bool
) -> None:
    """Round 41: `.eleventyignore` was read at `init` only, into drafts: a later commit
    that named the supporting page there left its 76 pinning the title's, and Eleventy
    built none of it. The top's, and the input folder's, are read as Eleventy reads them."""
    _title_and_reply(repo, wide=True)
    repo.write("eleventy.config.js", f"module.exports = () => ({{ {config} }});\n")
    folder = "posts/" if "input" in config else ""
    repo.write(f"{folder}.eleventyignore", ignore)
    repo.write("posts/old/notes.md", "The drift peaked at 76 hours.\n")
    rc, out, _ = rg("run")
    assert rc == (1 if held else 0), out


@pytest.mark.parametrize("site", ["eleventy.config.js", "hugo.toml"])
def test_a_hidden_folders_page_supports_where_the_generator_builds_it(
    repo: Repo, rg: Run, site: str
) -> None:
    """Round 43: Eleventy builds `posts/.more/support.md`, and a page of it that pinned
    a title's number supported nothing (the draft citing it was refused); Hugo builds
    no hidden folder, where it still supports nothing."""
    _title_and_reply(repo, wide=True)
    repo.write(site, "module.exports = () => ({});\n" if site.endswith(".js") else "title = 'T'\n")
    repo.write("posts/.more/notes.md", "The drift peaked at 76 hours.\n")
    rc, out, _ = rg("run")
    assert rc == (0 if site.endswith(".js") else 1), out


_DOCUSAURUS = "module.exports = {{ title: 'T', {} presets: [['classic', {}]] }};\n"


@pytest.mark.parametrize(
    ("site", "options", "page", "held"),
    [
        ("", "{ blog: false }", "docs/notes.md", False),
        ("", "{ docs: false }", "docs/notes.md", True),
        ("", "{ docs: { exclude: ['old/**'] } }", "docs/notes.md", True),
        ("", "{ docs: { include: ['**/*.mdx'] } }", "docs/notes.md", True),
        ("", "{ docs: { path: './docs', routeBasePath: '/' } }", "docs/notes.md", False),
        ("", "{ docs: { path: 'documentation' } }", "docs/notes.md", True),
        ("", "{ 'docs': false }", "docs/notes.md", True),
        ("", "options", "docs/notes.md", True),  # (a variable: not read)
        ("", "{ ...base }", "docs/notes.md", True),
        ("", "{ docs: { sidebarPath: 'x' } }", "blog/notes.md", False),
        ("", "{ blog: {} }", "blog/notes.md", False),
        ("", "{ blog: false }", "blog/notes.md", True),
        ("", "{ pages: false }", "src/pages/notes.md", True),
        # Round 42: a computed or shorthand name, a spread (require.resolve(): below)
        ("", "{ ['docs']: {} }", "docs/notes.md", True),
        ("", "{ docs }", "docs/notes.md", True),
        ("", "{ docs: {}, ...more }", "docs/notes.md", True),
        # Round 47: a regex literal read as a comment's opening hid `exclude`
        ("", "{ docs: { a: /x\\/*/, exclude: ['notes.md'], b: /a*/ } }", "docs/notes.md", True),
        ("", "{ docs: { a: /x\\/*/.test(''), b: /a*/.test('') } }", "docs/notes.md", False),
        # a translation: built only for a listed locale, and where its source is
        ("", "{}", "i18n/de/docusaurus-plugin-content-docs/current/notes.md", True),
        (
            "i18n: { defaultLocale: 'en', locales: ['en', 'de'] },",
            "{}",
            "i18n/de/docusaurus-plugin-content-docs/current/notes.md",
            True,
        ),
    ],
)
def test_what_a_docusaurus_config_leaves_unbuilt_supports_nothing(
    repo: Repo, rg: Run, site: str, options: str, page: str, held: bool
) -> None:
    """Round 41: a Docusaurus page counted as built wherever its default plugins' folders
    were: a plugin the classic preset turns off, or whose options choose its files, and
    a translation of a locale the config does not list, built none of it."""
    _title_and_reply(repo, wide=True)
    repo.write("docusaurus.config.js", _DOCUSAURUS.format(site, options))
    repo.write(page, "The drift peaked at 76 hours.\n")
    rc, out, _ = rg("run")
    assert rc == (1 if held else 0), out
    resolved = "require.resolve('@docusaurus/preset-classic')"
    repo.write(
        "docusaurus.config.js", _DOCUSAURUS.format(site, options).replace("'classic'", resolved)
    )
    assert rg("run")[0] == rc


@pytest.mark.parametrize("locale", ["en", "fr"])
def test_a_page_a_docusaurus_translation_replaces_supports_nothing(
    repo: Repo, rg: Run, locale: str
) -> None:
    """Found with Docusaurus 3: a translation of the default locale takes its source
    page's place in the build (`docs/P` is not what readers get), so the source supports
    nothing; another locale's leaves it shown (at its own URL)."""
    _title_and_reply(repo, wide=True)
    repo.write("docusaurus.config.js", _DOCUSAURUS.format("", "{}"))
    repo.write("docs/notes.md", "The drift peaked at 76 hours.\n")
    repo.write(f"i18n/{locale}/docusaurus-plugin-content-docs/current/notes.md", "Notes.\n")
    rc, out, _ = rg("run")
    assert rc == (1 if locale == "en" else 0), out
    repo.write(
        "docusaurus.config.js",
        _DOCUSAURUS.format(f"i18n: {{ defaultLocale: '{locale}', locales: ['{locale}'] }},", "{}"),
    )
    assert rg("run")[0] == 1, out
    # Round 42: a default locale spelled in a string is none
    decoy = "tagline: \"i18n: { defaultLocale: 'fr' }\","
    repo.write("docusaurus.config.js", _DOCUSAURUS.format(decoy, "{}"))
    assert rg("run")[0] == (1 if locale == "en" else 0)


@pytest.mark.parametrize(
    ("path", "config", "page", "held"),
    [
        ("_config.yml", "exclude: [posts/old]\n", "posts/old/notes.md", True),
        ("_config.yml", "exclude:\n  - '*.wip.md'\n", "posts/notes.wip.md", True),
        ("_config.yml", "exclude: [posts/old]\n", "posts/notes.md", False),
        # Round 40: Jekyll builds only the newest posts `limit_posts` says
        ("_config.yml", "limit_posts: 2\n", "_posts/2026-01-01-notes.md", True),
        ("_config.yml", "limit_posts: 0\n", "_posts/2026-01-01-notes.md", False),
        ("mkdocs.yml", "docs_dir: posts\nexclude_docs: |\n  old/\n", "posts/old/notes.md", True),
        (
            "mkdocs.yml",
            "docs_dir: posts\ndraft_docs: |\n  *.wip.md\n",
            "posts/a/notes.wip.md",
            True,
        ),
        (
            "mkdocs.yml",
            "docs_dir: posts\nexclude_docs: |\n  /old/\n",
            "posts/a/old/notes.md",
            False,
        ),
        # Round 39: `!ENV [NAME, default]`: the build's environment decides
        (
            "mkdocs.yml",
            'docs_dir: posts\nexclude_docs: !ENV [UNSET, "old/*.md"]\n',
            "posts/old/notes.md",
            True,
        ),
        ("mkdocs.yml", "docs_dir: posts\ndraft_docs: !ENV WIP\n", "posts/notes.md", True),
        # Round 53: a folder taken back takes back no page excluded by its own name; a
        # line's leading space is its pattern's (it names no page here)
        (
            "mkdocs.yml",
            "docs_dir: posts\nexclude_docs: |\n  old/**/*.md\n  !old/kept/\n",
            "posts/old/kept/notes.md",
            True,
        ),
        (
            "mkdocs.yml",
            'docs_dir: posts\nexclude_docs: "  old/notes.md"\n',
            "posts/old/notes.md",
            False,
        ),
        # (review: nothing below a folder an earlier line excludes is taken back)
        (
            "mkdocs.yml",
            "docs_dir: posts\nexclude_docs: |\n  old/\n  !old/notes.md\n",
            "posts/old/notes.md",
            True,
        ),
    ],
)
def test_what_a_config_excludes_from_the_build_supports_nothing(
    repo: Repo, rg: Run, path: str, config: str, page: str, held: bool
) -> None:
    """Jekyll's `exclude:` and MkDocs' `exclude_docs` and `draft_docs` leave pages out
    of the build: such a page's 76 pinned the title's (a limit until round 34, the same
    as Hugo's excludeFiles)."""
    _title_and_reply(repo, wide=True)
    repo.write(path, config)
    repo.write(page, "The drift peaked at 76 hours.\n")
    rc, out, _ = rg("run")
    assert rc == (1 if held else 0), out


@pytest.mark.parametrize(
    ("files", "page", "held"),
    [
        ({"hugo.toml": '[outputs]\npage = ["json"]\n'}, "content/posts/notes.md", True),
        ({"hugo.toml": '[outputs]\npage = ["html", "json"]\n'}, "content/posts/notes.md", False),
        (
            {
                "hugo.toml": 'title = "T"\n',
                "config/development/hugo.toml": 'ignoreFiles = ["old"]\n',
            },
            "content/old/notes.md",
            False,
        ),
        ({"hugo.toml": 'ignoreFiles = ["\\\\bold"]\n'}, "content/éold/notes.md", True),
        ({"_config.yml": "exclude: [posts/2026-01]\n"}, "posts/2026-01-02-notes.md", True),
        ({"_config.yml": "exclude: ['posts/n[o]tes.md']\n"}, "posts/notes.md", True),
        (
            {"mkdocs.yml": "docs_dir: posts\nexclude_docs: |\n  old/*\n  !old/keep*.md\n"},
            "posts/old/keep.md",
            False,
        ),
        (
            {"mkdocs.yml": "docs_dir: posts\nexclude_docs: |\n  old/*\n  !old/keep*.md\n"},
            "posts/old/notes.md",
            True,
        ),
        (
            {
                "Makefile": "build:\n\thugo --config hugo.toml,extra.toml\n",
                "hugo.toml": 'title = "T"\n',
                "extra.toml": 'ignoreFiles = ["old"]\n',
            },
            "content/old/notes.md",
            True,
        ),
        (
            {
                "Makefile": "build:\n\tjekyll build --config _config.yml,ci/prod.yml\n",
                "_config.yml": "title: T\n",
                "ci/prod.yml": "exclude: [posts/old]\n",
            },
            "posts/old/notes.md",
            True,
        ),
        (  # round 36: an inherited config's docs_dir is the inheriting config's
            {
                "mkdocs.yml": "INHERIT: base/mk.yml\n",
                "base/mk.yml": "docs_dir: posts\nexclude_docs: |\n  old/\n",
            },
            "posts/old/notes.md",
            True,
        ),
        (
            {
                "Makefile": "build:\n\tmkdocs build -f mkdocs.prod.yml\n",
                "mkdocs.prod.yml": "docs_dir: posts\nexclude_docs: |\n  old/\n",
            },
            "posts/old/notes.md",
            True,
        ),
        (
            {
                "package.json": '{"scripts": {"build": "eleventy --config=site.config.js"}}\n',
                "site.config.js": 'module.exports = (c) => { c.ignores.add("posts/old/**"); };\n',
            },
            "posts/old/notes.md",
            True,
        ),
        (
            {"eleventy.config.js": "module.exports = () => {};\n", ".gitignore": "posts/old/\n"},
            "posts/old/notes.md",
            True,
        ),
        (
            {
                "eleventy.config.js": "module.exports = (c) => { c.setUseGitIgnore(false); };\n",
                ".gitignore": "posts/old/\n",
            },
            "posts/old/notes.md",
            False,
        ),
        (  # (review: Eleventy trims a line and skips `!` lines)
            {"eleventy.config.js": "module.exports = () => {};\n", ".gitignore": " posts/old/\n"},
            "posts/old/notes.md",
            True,
        ),
        (
            {
                "eleventy.config.js": "module.exports = () => {};\n",
                ".gitignore": "posts/old/\n!posts/old/notes.md\n",
            },
            "posts/old/notes.md",
            True,
        ),
        (  # (round 47: the call in a string is none: Eleventy keeps .gitignore's)
            {
                "eleventy.config.js": "const s = 'c.setUseGitIgnore(false)';\n"
                "module.exports = (c) => {};\n",
                ".gitignore": "posts/old/\n",
            },
            "posts/old/notes.md",
            True,
        ),
    ],
)
def test_what_a_build_leaves_out_by_any_config_supports_nothing(
    repo: Repo, rg: Run, files: dict[str, str], page: str, held: bool
) -> None:
    """Round 35: a config a build names (`--config a,b`, `-f`, `--config=`) was never
    read for what it leaves out; a site's [outputs] without HTML, Jekyll's exclude
    by prefix or class, Eleventy's .gitignore (a page added with -f), Go's ASCII `\\b`
    went unread; and a development-only config or an `!` line of exclude_docs held back
    honest support."""
    _title_and_reply(repo, wide=True)
    repo.write(  # (a site's build is read where the config has draft markers, as init's)
        ".receipt-gate.yaml",
        "required: [headline-numbers]\ndraft_markers: {}\nchecks:\n  headline-numbers:"
        ' {articles: ["**/*.md", "!drafts/**"]}\n',
    )
    for name, text in files.items():
        repo.write(name, text)
    repo.write(page, "The drift peaked at 76 hours.\n")
    repo.git("add", "-Af")  # (a page .gitignore names, added all the same)
    rc, out, _ = rg("run")
    assert rc == (1 if held else 0), out


@pytest.mark.parametrize(
    ("text", "held"),
    [
        ("#+TITLE: N\n\n* Notes :noexport:\nThe drift peaked at 76 hours.\n* Shown\nx\n", True),
        ("#+TITLE: N\n#+EXCLUDE_TAGS: wip\n\n* Notes :wip:\nThe drift peaked at 76 hours.\n", True),
        ("#+TITLE: N\n\n* Notes :noexport:\nx\n* Shown\nThe drift peaked at 76 hours.\n", False),
        (
            "#+TITLE: N\n\n#+BEGIN_EXPORT html\n<!--\nThe drift peaked at 76 hours.\n-->\n"
            "#+END_EXPORT\n",
            True,
        ),
    ],
)
def test_what_org_does_not_export_supports_nothing(
    repo: Repo, rg: Run, text: str, held: bool
) -> None:
    """Round 35: go-org exports nothing of a subtree tagged :noexport: (or a tag
    #+EXCLUDE_TAGS names); raw HTML an export block passes may hide what it holds."""
    _plain_markups(repo)
    repo.write("posts/notes.org", text)
    rc, out, _ = rg("run")
    assert rc == (1 if held else 0), out


@pytest.mark.parametrize(
    ("permalinks", "held"),
    [
        ('[permalinks]\nposts = "/:year/"\n', True),
        ('[permalinks]\n[permalinks.page]\nposts = "/:section/:year/"\n', True),
        ('[permalinks]\nposts = "/:year/:title/"\n', False),
        ('[permalinks]\nposts = "/:year/:filename/"\n', False),
        ('[permalinks]\nnews = "/:year/"\n', False),
        ("config/_default/permalinks.toml", True),  # (round 37: the file is the table)
    ],
)
def test_pages_hugos_permalinks_write_to_one_file_support_nothing(
    repo: Repo, rg: Run, permalinks: str, held: bool
) -> None:
    """Round 36: `[permalinks] posts = "/:year/"` writes every post of a year to one
    file, the last Hugo renders; the others' 76 pinned the title's."""
    repo.write(
        ".receipt-gate.yaml",
        'drafts: ["drafts/*.md"]\nrequired: [headline-numbers]\n'
        'checks:\n  headline-numbers: {articles: ["content/**/*.md"]}\n',
    )
    if permalinks.startswith("config/"):
        repo.write(permalinks, 'posts = "/:year/"\n')
    else:
        repo.write("hugo.toml", f'title = "T"\n{permalinks}')
    repo.write("content/posts/drift.md", DRIFT.replace("---\n#", "date: 2026-01-01\n---\n#", 1))
    repo.write(
        "content/posts/notes.md",
        "---\ntitle: Notes\ndate: 2026-01-02\n---\nThe drift peaked at 76 hours.\n",
    )
    repo.write("drafts/reply.md", "It drifted 76 hours.\n")
    rc, out, _ = rg("run")
    assert rc == (1 if held else 0), out


def test_a_page_under_a_section_held_back_supports_nothing(repo: Repo, rg: Run) -> None:
    """A second outside pass: Hugo builds no page under a section whose _index.md is a
    draft; such a page's 76 pinned the title's."""
    repo.write(
        ".receipt-gate.yaml",
        "required: [headline-numbers]\n"
        'checks:\n  headline-numbers: {articles: ["posts/**/*.md"]}\n',
    )
    repo.write("posts/drift.md", DRIFT)
    repo.write("posts/old/_index.md", "---\ntitle: Old\ndraft: true\n---\n")
    repo.write("posts/old/notes.md", "The drift peaked at 76 hours.\n")
    repo.write("drafts/reply.md", "It drifted 76 hours.\n")
    rc, out, _ = rg("run")
    assert rc == 1 and "76 appears in the title" in out, out


def test_a_run_of_number_words_too_long_to_be_a_number_is_none(repo: Repo, rg: Run) -> None:
    """An outside pass: `hundred` 2,200 times in one published article made a number of
    4,400 digits, too long to print, and every headline-numbers run exited 3."""
    repo.write(
        ".receipt-gate.yaml",
        'drafts: ["drafts/*.md"]\nrequired: [headline-numbers]\n'
        'checks:\n  headline-numbers: {articles: ["posts/*.md"]}\n',
    )
    repo.write("drafts/a.md", "# A\n\nThe queue drifted two hundred hours.\n")
    repo.write("posts/p.md", "# Hundreds\n\n" + "hundred " * 2200 + "\n")
    rc, _, err = rg("run")
    assert rc == 0, err
    from receipt_gate_hooks.numerals import _words_value

    assert _words_value(["two", "hundred"]) == 200
    assert _words_value(["hundred"] * 20) is None


@pytest.mark.parametrize(
    ("config", "nav", "body"),
    [
        (
            "book.toml",
            "src/SUMMARY.md",
            "# Summary\n\n- [We run 76 servers](servers.md)\n- [Notes](notes.md)\n",
        ),
        ("mkdocs.yml", "mkdocs.yml", "site_name: S\nnav:\n  - 'We run 76 servers': servers.md\n"),
    ],
    ids=["mdbook-summary", "mkdocs-nav"],
)
def test_a_title_the_navigation_gives_accuses(
    repo: Repo, rg: Run, config: str, nav: str, body: str
) -> None:
    """The eleventh outside pass: a chapter named "We run 76 servers" in SUMMARY.md (or
    MkDocs' nav:) titles the page in the sidebar and its <title>; its body never says 76,
    and a draft citing 76 passed. init takes the navigation file as an article."""
    if config == "book.toml":
        repo.write("book.toml", '[book]\ntitle = "B"\n')
    repo.write(nav, body)
    folder = "src" if config == "book.toml" else "docs"
    repo.write(f"{folder}/servers.md", "# Servers\n\nOur fleet is growing.\n")
    repo.write(f"{folder}/notes.md", "# Notes\n\nThe fleet has 76 machines now.\n")
    assert rg("init")[0] == 0
    rc, out, _ = rg("run")
    assert rc == 1, out
    assert f"{folder}/notes.md:3:15: headline-numbers: 76 appears in the title" in out, out
    assert '"We run 76 servers"' in out


@pytest.mark.parametrize(
    ("config", "nav", "body"),
    [
        ("book.toml", "src/SUMMARY.md", "# Summary\n\n- [Top 10 tips](tips.md)\n"),
        ("mkdocs.yml", "mkdocs.yml", "site_name: S\nnav:\n  - 'Top 10 tips': tips.md\n"),
    ],
    ids=["mdbook-summary", "mkdocs-nav"],
)
def test_a_chapters_own_title_in_the_navigation_accuses_it_of_nothing(
    repo: Repo, rg: Run, config: str, nav: str, body: str
) -> None:
    """Round 24: a chapter "Top 10 tips" that says "ten tips" was refused, its own title
    in the navigation taken for another article's; another page citing 10 still is."""
    if config == "book.toml":
        repo.write("book.toml", '[book]\ntitle = "B"\n')
    repo.write(nav, body)
    folder = "src" if config == "book.toml" else "docs"
    repo.write(f"{folder}/tips.md", "# Top 10 tips\n\nHere are some tips.\n")
    assert rg("init")[0] == 0
    rc, out, _ = rg("run")
    assert rc == 0, out  # (the navigation's name of the chapter cites no number)
    repo.write(f"{folder}/tips.md", "# Top 10 tips\n\nHere are 10 tips.\n")
    rc, out, _ = rg("run")
    assert rc == 0, out  # (the chapter's own title in the navigation accuses it of nothing)
    repo.write(f"{folder}/tips.md", "# Top 10 tips\n\nHere are some tips.\n")
    repo.write(f"{folder}/other.md", "# Other\n\nWe tried 10 of them.\n")
    repo.write(
        nav, body + ("- [Other](other.md)\n" if config == "book.toml" else "  - Other: other.md\n")
    )
    rc, out, _ = rg("run")
    assert rc == 1 and f"{folder}/other.md:3:10: headline-numbers: 10 appears in the" in out, out
    assert '"Top 10 tips"' in out and "\\x00" not in out and "\x00" not in out


@pytest.mark.parametrize(
    ("value", "day"),
    [
        ("2026-12-06T00:00:00+23:00", "2026-12-05"),  # the thirteenth pass: an offset
        ("2026-12-05T23:00:00-23:00", "2026-12-06"),
        ("2026-12-06T10:00:00Z", "2026-12-06"),
        ("Fri, 01 Jan 2100 00:00:00 +0000", "2100-01-01"),
        (4102444800, "2100-01-01"),
        ("January 1, 2099", "2099-01-01"),
        ("3:04PM", None),  # no date the gate can read: held back, as possibly expired
        ("2026-12-04 23:59:00 -2300 XYZ", "2026-12-05"),  # the fifteenth: Go's layout
        ("2026-12-04 23:59:00 +0000 UTC", "2026-12-04"),
    ],
)
def test_a_date_is_read_as_the_day_it_is_in_utc(value: object, day: str | None) -> None:
    from receipt_gate.rules.corpus import date_of

    assert date_of(value) == day


def test_a_title_read_from_a_file_name_is_read_for_each_name_of_the_same_bytes(
    repo: Repo, rg: Run
) -> None:
    """Round 22: the pages cache kept one parse per content, so a Jekyll post titled by
    its file name, with the bytes of a post that sorts first, took that post's title
    (its number accused nothing); a rename handed back the old name's title."""
    repo.write(
        ".receipt-gate.yaml",
        "required: [headline-numbers]\nchecks:\n  headline-numbers:\n"
        "    articles: ['_posts/**/*.md']\n",
    )
    body = "---\nlayout: post\n---\nA week of work.\n"
    repo.write("_posts/2024-01-01-a.md", body)
    repo.write("_posts/2024-01-02-we-run-76-servers.md", body)
    repo.write("drafts/reply.md", "We run 76 servers.\n")
    rc, out, _ = rg("run")
    assert rc == 1 and "76 appears in the title" in out, out
    (repo.path / "_posts/2024-01-02-we-run-76-servers.md").rename(
        repo.path / "_posts/2024-01-02-we-run-80-servers.md"
    )
    repo.write("drafts/reply.md", "We run 80 servers.\n")
    rc, out, _ = rg("run")
    assert rc == 1 and "80 appears in the title" in out, out


_VALUES = ("no", "nO", "off", "0e0", "-.nan", ".inf", "0o0", "1_0", "1.5", "7", "0", "x", "'no'")


@settings(max_examples=300, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.sampled_from(("draft", '"show"', "a b", "k")),
            st.sampled_from(_VALUES),
            st.sampled_from(
                ("{k}: {v}", "{k}:\n  {v}", "{k}: &a {v}", "{k}: [{v}]", "{k}: !!str {v}")
            ),
        ),
        max_size=4,
    )
)
def test_the_fields_generators_read_apart_are_found_without_yaml_only_where_yaml_finds_none(
    lines: list[tuple[str, str, str]],
) -> None:
    """_either reads the front matter with YAML only where a word of it could be a value
    generators read apart: the answer is the one YAML's reading of every page gives."""
    import yaml

    from receipt_gate.rules.corpus import _read_apart

    head = "\n".join(shape.format(k=k, v=v) for k, v, shape in lines)
    try:
        doc = yaml.compose(head, Loader=yaml.SafeLoader)
    except yaml.YAMLError:
        return
    want = (
        [
            str(key.value)
            for key, value in doc.value
            if isinstance(key, yaml.ScalarNode)
            and isinstance(value, yaml.ScalarNode)
            and not value.style
            and _read_apart(value.value)
        ]
        if isinstance(doc, yaml.MappingNode)
        else []
    )
    assert _either(f"---\n{head}\n---\nbody\n") == want


@pytest.mark.parametrize(
    ("body", "held"),
    [
        ('??? note "Details"\n    We have 76 servers.\n', True),
        ("/// details | Details\n\nWe have 76 servers.\n///\n", True),
        ('=== "A"\n    Other.\n\n=== "B"\n    We have 76 servers.\n', True),
        ("/// html | div[hidden]\n\nWe have 76 servers.\n///\n", True),
        ("We have {--76--} servers.\n", True),
        ("*[Q]:\nWe have 76 servers.\n", True),  # (round 30: abbr's title, next line)
        ("*[Q] : We have 76 servers.\n", True),
        ("--8<--\nWe have 76 servers.md\n--8<--\n", True),  # (snippets' file names)
        ('???+ note "Details"\n    We have 76 servers.\n', False),
        ("/// note | Note\n\nWe have 76 servers.\n///\n", False),
    ],
)
def test_a_body_in_a_block_mkdocs_shows_closed_supports_nothing(
    repo: Repo, rg: Run, body: str, held: bool
) -> None:
    """Round 29: a collapsed admonition (a closed <details>), a tab not shown, a blocks
    `details` or hidden `html` block, a CriticMarkup deletion: no reader surely sees
    the body there, so it supports no title's number; an open one does."""
    _title_and_reply(repo)
    repo.write("posts/notes.md", f"# Notes\n\n{body}")
    rc, out, _ = rg("run")
    assert rc == (1 if held else 0), out


_POST = "_posts/2024-01-02-notes.md"


@pytest.mark.parametrize(
    ("notes", "other", "held"),
    [
        ("posts/notes.md", "posts/zz.md:---\nslug: notes\n---\n", True),  # (Hugo's)
        ("posts/notes.md", "posts/zz.md:---\nurl: /posts/notes/\n---\n", True),  # (its own)
        ("posts/notes.md", "posts/notes/index.md:", True),  # (a leaf bundle there)
        ("posts/notes.md", "posts/Notes.md:", True),  # (one file where a disk folds case)
        ("posts/notes.md", "posts/notes.markdown:", True),
        ("posts/notes.md", "posts/zz.md:---\nslug: elsewhere\n---\n", False),
        ("posts/notes.md", "posts/notes-2.md:", False),
        ("posts/notes.md", "posts/zz.md:---\nurl: /posts/other/\n---\n", False),
        # Round 32: Jekyll's :title takes a post's slug, its date the front matter's.
        (_POST, "_posts/2024-01-02-other.md:---\nslug: notes\n---\n", True),
        (_POST, "_posts/2024-01-09-other.md:---\nslug: notes\ndate: 2024-01-02\n---\n", True),
        (_POST, "_posts/2024-01-05-notes.md:---\ndate: 2024-01-02 10:00:00\n---\n", True),
        (_POST, "_posts/2024-01-03-other.md:---\nslug: notes\n---\n", False),  # (another day)
        (_POST, "_posts/2024-01-02-other.md:", False),
        # Round 33: names as generators clean them, dates as Jekyll reads them, a field
        # one generator ignores, a page at a post's address; an honest bilingual blog.
        (_POST, '_posts/2024-01-02-other.md:---\nslug: "Notes?"\n---\n', True),
        (_POST, "_posts/2024-01-02--notes-.md:", True),
        (_POST, '_posts/2024-01-09-other.md:---\nslug: notes\ndate: "2024/01/02"\n---\n', True),
        (_POST, "_posts/2024-01-09-other.md:---\nslug: notes\ndate: 2024-1-2\n---\n", True),
        (
            _POST,
            "_posts/2024-01-09-o.md:---\nslug: notes\ndate: 2024-01-01 23:00 -1000\n---\n",
            True,
        ),
        (_POST, "_posts/2024-01-02-other.md:---\nslug: notes\nurl: /elsewhere/\n---\n", True),
        (_POST, "posts/2024/01/02/notes.md:", True),
        (_POST, "posts/x.md:---\npermalink: /2024/01/02/notes.html\n---\n", True),
        ("posts/notes.md", "posts/Notes!.md:", True),
        # Round 49: Hugo drops `!` (and `'`, `(`, `?`...) from a name: `/posts/notes/`
        ("posts/notes.md", "posts/no!tes.md:", True),
        ("posts/no(tes).md", "posts/notes.md:", True),
        # Round 50: Hugo drops `²` and U+2160 and (removePathAccents) accents; Jekyll makes
        # `²` a hyphen
        ("posts/notes.md", "posts/nötes.md:", True),
        ("posts/notes.md", "posts/no²tes.md:", True),
        ("posts/notes.md", "posts/zz.md:---\nslug: noⅠtes\n---\n", True),
        (_POST, "_posts/2024-01-02-no²tes.md:", True),
        ("posts/νότες.md", "posts/ΝΟΤΕΣ.md:", True),
        ("posts/cut-notes.md", "posts/cut notes.md:", True),
        ("posts/notes.md", "posts/notes.en.md:", True),
        ("posts/notes.md", "posts/zz.md:---\nslug: notes\npermalink: /elsewhere/\n---\n", True),
        ("en/_posts/2024-01-02-notes.md", "fr/_posts/2024-01-02-notes.md:", False),
        (_POST, "_posts/fr/2024-01-02-notes.md:---\ncategories: [fr]\n---\n", False),
        (_POST, "_posts/fr/2024-01-02-notes.md:---\ncategories: []\n---\n", True),
    ],
)
def test_a_page_written_where_another_is_written_supports_nothing(
    repo: Repo, rg: Run, notes: str, other: str, held: bool
) -> None:
    """Round 31: Hugo wrote another page's body to the supporting page's address (its
    slug, a `url:` naming the supporter's own path, a leaf bundle, a name in another
    case or extension), and round 32 Jekyll another post's (its slug or its date); the
    supporter still counted. Neither of two pages a generator may write to one file
    surely shows."""
    _title_and_reply(repo)
    articles = '["posts/**/*.md", "posts/**/*.markdown", "**/_posts/**/*.md"]'
    repo.write(
        ".receipt-gate.yaml",
        f"required: [headline-numbers]\nchecks: {{headline-numbers: {{articles: {articles}}}}}\n",
    )
    repo.write(notes, "We have 76 servers.\n")
    path, _, text = other.partition(":")
    repo.write(path, text + "Other notes, with no figure.\n")
    rc, out, _ = rg("run")
    assert rc == (1 if held else 0), out


def test_every_format_hugo_renders_makes_a_leaf_bundle() -> None:
    """The indexes that make a Hugo leaf bundle are the formats Hugo renders content from."""
    from receipt_gate.rules.corpus import _HUGO_INDEXES
    from receipt_gate.sites.hugo import CONTENT

    assert set(CONTENT) <= set(_HUGO_INDEXES)


@pytest.mark.parametrize(
    ("data", "held"),
    [
        ("permalink: false\n", True),
        ("tags: [a]\n", False),
        ('"perma\\x6cink": false\n', True),  # (a review: a key an escape spells)
    ],
)
def test_an_eleventy_yaml_data_file_that_names_a_permalink_holds_its_pages(
    repo: Repo, rg: Run, data: str, held: bool
) -> None:
    """Round 40: a config that reads YAML data files (addDataExtension) gave a folder's
    pages `permalink: false` from `notes.11tydata.yaml`; their 76 pinned the title's."""
    _title_and_reply(repo, wide=True)
    repo.write(
        "eleventy.config.js",
        'const yaml = require("js-yaml");\nmodule.exports = (c) => {\n'
        '  c.addDataExtension("yaml", (s) => yaml.load(s));\n};\n',
    )
    repo.write("posts/notes/notes.md", "The drift peaked at 76 hours.\n")
    repo.write("posts/notes/notes.11tydata.yaml", data)
    rc, out, _ = rg("run")
    assert rc == (1 if held else 0), out


@pytest.mark.parametrize(
    ("config", "held"),
    [
        ({"eleventy.config.js": "module.exports = () => {};\n"}, True),
        ({"eleventy.config.js": "const fn = require('markdown-it-footnote');\n"}, False),
        ({"mkdocs.yml": "site_name: s\n"}, True),
        ({"mkdocs.yml": "site_name: s\nmarkdown_extensions: [footnotes]\n"}, False),
        ({}, False),
    ],
)
def test_a_footnote_supports_only_where_the_renderer_reads_footnotes(
    repo: Repo, rg: Run, config: dict[str, str], held: bool
) -> None:
    """Round 62: markdown-it and Python-Markdown without a footnote plugin read `[^1]:`
    as a link's definition (its text a title attribute): no body a reader reads."""
    _title_and_reply(repo)
    for path, text in config.items():
        repo.write(path, text)
    repo.write(
        "posts/notes.md", "---\ntitle: Notes\n---\nA note[^1].\n\n[^1]: It drifted 76 hours.\n"
    )
    rc, out, _ = rg("run")
    assert rc == (1 if held else 0), out


@pytest.mark.parametrize(
    ("notes", "reply", "held"),
    [
        # round 63: a line some renderer reads as a link's definition, text after a
        # `{% break %}` outside any loop: no body a reader surely reads
        ("Some notes.\n\n[a]: it drifted 76 hours\n", "It drifted 76 hours.\n", True),
        ("Some notes.\n\n{% break %}\n\nIt drifted 76 hours.\n", "It drifted 76 hours.\n", True),
        ("Some notes.\n\nIt drifted 76 hours.\n", "It drifted 76 hours.\n", False),
        # and a number the reply's conditions print is cited
        ("Some notes.\n", "It drifted 7{% if false %}0{% endif %}6 hours.\n", True),
    ],
)
def test_round_63_support_and_citations(
    repo: Repo, rg: Run, notes: str, reply: str, held: bool
) -> None:
    _title_and_reply(repo)
    repo.write("drafts/reply.md", reply)
    repo.write("posts/notes.md", f"---\ntitle: Notes\n---\n{notes}")
    rc, out, _ = rg("run")
    assert rc == (1 if held else 0), out


@pytest.mark.parametrize(
    ("text", "values"),
    [
        # round 65: a number that names a part or a course is no quantity (Jekyll's own
        # "Ruby 101" and "Markdown 101" accused each other)
        ("Ruby 101", []),
        ("C++ 101: a tour", []),
        ("Migrating, Part 2", []),
        ("Chapter 3 of 12", ["12"]),
        ("Step 4: 30% faster", ["30%"]),
        # a quantity still: after a word that labels nothing, a percentage, a decimal
        ("save 101 dollars", ["101"]),
        ("Part 2.5 million", ["2500000"]),
        ("Python 3", ["3"]),
        # round 66: not before a noun; round 67: nor after any other capitalized word
        ("Moving Our Laptops to Windows 11", ["11"]),
        ("This Year We Hired 76!", ["76"]),
        ("Downloads Grew To 76,000", ["76000"]),
        ("Part 2,000", ["2000"]),
        ("How We Fixed 101 Bugs", ["101"]),
        ("Stage 76 Times Faster: Our New Build Cache", ["76"]),
        ("SQL 101 for beginners", ["101"]),
        ("We grew to 40.", ["40"]),
        # a series' entry (the 2,000-post benchmark site's own titles accused each other)
        ("Post 9: 100009 hours", ["100009"]),
        ("Issue 12: a faster build", []),
        ("Ep. 12: Moving on", []),
        ("Weeknotes 12: Moving on", []),
        ("Day 3.", []),
        ("Release 12 notes", ["12"]),
        ("Week 12 in review", ["12"]),
        ("We won game 7 by 76 points", ["7", "76"]),
    ],
)
def test_a_number_that_names_is_no_token(text: str, values: list[str]) -> None:
    from receipt_gate_hooks.numerals import scan

    assert [value for _, _, value in scan(text)] == values


@pytest.mark.parametrize(
    ("files", "held"),
    [
        # Jekyll's defaults give the page a title (the page names none of its own).
        (
            {
                "_config.yml": 'defaults:\n  - scope: {path: "posts/fixes.md"}\n'
                '    values: {title: "We fixed 76 bugs"}\n',
                "posts/fixes.md": "A week of fixing things.\n",
            },
            True,
        ),
        # (a title of its own wins over a default)
        (
            {
                "_config.yml": 'defaults:\n  - scope: {path: "posts"}\n'
                '    values: {title: "We fixed 76 bugs"}\n',
                "posts/fixes.md": "---\ntitle: Parser week\n---\nA week of fixing things.\n",
            },
            False,
        ),
        # A heading written in HTML is a headline, and no body.
        (
            {"posts/fixes.md": "---\ntitle: Parser week\n---\n<h1>We fixed 76 bugs</h1>\n"},
            True,
        ),
        (
            {
                "posts/fixes.md": '<header class="hero"><h1 id="t">We fixed <b>76</b> bugs'
                "</h1></header>\n\nA week of fixing things.\n"
            },
            True,
        ),
        ({"posts/fixes.md": "A week.\n\n```html\n<h1>We fixed 76 bugs</h1>\n```\n"}, False),
        ({"posts/fixes.md": "A week: `<h1>We fixed 76 bugs</h1>`.\n"}, False),
        # Every level-1 heading is one, not only the first.
        ({"posts/fixes.md": "# Parser week\n\nA week.\n\n# We fixed 76 bugs\n"}, True),
        # A Hugo section's cascade gives the pages under it a title; so does a config's.
        (
            {
                "hugo.toml": 'baseURL = "https://example.org/"\n',
                "content/posts/fixes/_index.md": "---\ntitle: Fixes\ncascade:\n"
                "  title: We fixed 76 bugs\n---\n",
            },
            True,
        ),
        (
            {"hugo.toml": '[cascade]\ntitle = "We fixed 76 bugs"\n'},
            True,
        ),
        # Eleventy's data files: a directory's, a template's.
        (
            {
                "eleventy.config.js": "export default function () {}\n",
                "posts/posts.json": '{"title": "We fixed 76 bugs"}',
                "posts/fixes.md": "A week of fixing things.\n",
            },
            True,
        ),
        (
            {
                "eleventy.config.js": "export default function () {}\n",
                "posts/fixes.11tydata.json": '{"title": "We fixed 76 bugs"}',
                "posts/fixes.md": "A week of fixing things.\n",
            },
            True,
        ),
    ],
    ids=[
        "jekyll-default",
        "own-title-wins",
        "html-h1",
        "html-h1-nested",
        "h1-in-a-fence",
        "h1-in-a-code-span",
        "second-markdown-h1",
        "hugo-section-cascade",
        "hugo-config-cascade",
        "eleventy-directory-data",
        "eleventy-template-data",
    ],
)
def test_a_title_a_page_shows_from_outside_its_front_matter_accuses(
    repo: Repo, rg: Run, files: dict[str, str], held: bool
) -> None:
    """Round 72: a title a generator gives a page from its config or data (Jekyll's
    defaults, a Hugo cascade, Eleventy's data files) or that its body writes as a
    level-1 heading (`<h1>` in HTML, a second `#`) was no title: a draft citing its
    number passed, the heading itself its support."""
    repo.write(
        ".receipt-gate.yaml",
        'required: [headline-numbers]\nchecks:\n  headline-numbers: {articles: ["**/*.md",'
        ' "!drafts/**"]}\n',
    )
    repo.write("drafts/reply.md", "Last month we fixed 76 bugs.\n")
    for path, text in files.items():
        repo.write(path, text)
    if "posts/fixes.md" not in files and "hugo.toml" in files and len(files) == 1:
        repo.write("content/posts/fixes.md", "---\ndate: 2024-01-04\n---\nA week.\n")
    rc, out, _ = rg("run")
    assert rc == (1 if held else 0), out
    if held:
        assert "76 appears in the title" in out and '"We fixed 76 bugs"' in out, out


def test_a_title_the_site_gives_a_draft_is_cited(repo: Repo, rg: Run) -> None:
    """Round 72's other side: a draft that names no title of its own is shown with the
    one Jekyll's defaults give it: a number there is cited, as its own title's is."""
    _title_and_reply(repo)
    repo.write("drafts/reply.md", "It was a long week.\n")
    rc, out, _ = rg("run")
    assert rc == 0, out
    repo.write(
        "_config.yml",
        'defaults:\n  - scope: {path: "drafts"}\n    values: {title: "A drift of 76 hours"}\n',
    )
    rc, out, _ = rg("run")
    assert rc == 1, out
    assert "drafts/reply.md:1:" in out and "76 appears in the title" in out, out


_PLAINS = "We fixed 76 bugs"


@pytest.mark.parametrize(
    ("page", "held"),
    [
        # Round 73: a heading read as printed (a template tag prints its number)...
        ('# We fixed {{ "76" }} bugs\n\nA week.\n', True),
        ('{% assign n = "76" %}\n# We fixed {{ n }} bugs\n\nA week.\n', True),
        ('We fixed {{ "76" }} bugs\n===\n\nA week.\n', True),
        ("{% capture n %}76{% endcapture %}\n# We fixed {{ n }} bugs\n\nA week.\n", True),
        ("---\nn: 76\n---\n# We fixed {{ page.n }} bugs\n\nA week.\n", True),
        # ...an `<h1>` as a browser reads it: ended by any heading tag, an end tag with
        # attributes, one never ended, words an inline tag does not split, after a lone
        # backtick that opens no code span
        (f"<h1>{_PLAINS}</h2>\n\nA week.\n", True),
        (f'<h1>{_PLAINS}</h1 class="x">\n\nA week.\n', True),
        (f"<h1>{_PLAINS}\n\nA week.\n", True),
        ("<h1>We fixed 7<b>6</b> bugs</h1>\n\nA week.\n", True),
        (f"A lone ` mark, then <h1>{_PLAINS}</h1>\n\nA week.\n", True),
        # ...Eleventy's computed title written as a plain value
        (f"---\neleventyComputed:\n  title: {_PLAINS}\n---\nA week.\n", True),
        # Not a heading a reader sees: code (a Liquid highlight pair, a code span of two
        # backticks), comments (Liquid's, kramdown's, HTML's), a script's template
        (f"{{% highlight html %}}\n<h1>{_PLAINS}</h1>\n{{% endhighlight %}}\n", False),
        (f"A tag: ``<h1>{_PLAINS}</h1>``.\n", False),
        (f"{{% comment %}}\n<h1>{_PLAINS}</h1>\n{{% endcomment %}}\n", False),
        (f"{{::comment}}\n<h1>{_PLAINS}</h1>\n{{:/comment}}\n", False),
        (f"<!-- <h1>{_PLAINS}</h1> -->\n", False),
        (f'<script type="text/template"><h1>{_PLAINS}</h1></script>\n', False),
        # round 75: a `#` line in a code pair is code
        (f"{{% highlight text %}}\n# {_PLAINS}\n{{% endhighlight %}}\n\nA week.\n", False),
        (f"{{{{< highlight text >}}}}\n# {_PLAINS}\n{{{{< /highlight >}}}}\n\nA week.\n", False),
    ],
)
def test_a_heading_is_read_as_a_reader_sees_it(repo: Repo, rg: Run, page: str, held: bool) -> None:
    """Round 73: a level-1 heading read from the raw page held no number its template
    tags printed, an `<h1>` ended by another heading's tag (or none) was no title, and
    one in code or a comment accused its page's readers of a title no one saw."""
    repo.write(".receipt-gate.yaml", "required: [headline-numbers]\n")
    repo.write("drafts/reply.md", "Last month we fixed 76 bugs.\n")
    repo.write("posts/fixes.md", page)
    rc, out, _ = rg("run")
    assert rc == (1 if held else 0), out


def test_hugos_param_shortcode_in_a_heading_is_read(repo: Repo, rg: Run) -> None:
    """Round 73: `{{< param "n" >}}` prints the page's field into its heading."""
    repo.write(
        ".receipt-gate.yaml",
        "required: [headline-numbers]\n"
        'checks:\n  headline-numbers: {articles: ["content/**/*.md"]}\n',
    )
    repo.write("hugo.toml", 'baseURL = "https://example.org/"\n')
    repo.write("drafts/reply.md", "Last month we fixed 76 bugs.\n")
    page = (
        '---\ntitle: Parser week\ndate: 2024-01-05\nn: 76\n---\n# We fixed {{< param "n" >}} bugs\n'
    )
    repo.write("content/posts/a.md", page)
    rc, out, _ = rg("run")
    assert rc == 1, out
    assert '"We fixed 76 bugs" (content/posts/a.md)' in out, out


def test_the_review_of_session_56_headings_and_given_titles() -> None:
    """A field's `<h1` in the front matter is no heading; an inline `<h1>` takes its own
    text out of the body, not its line's; every default of the longest prefix is read
    (a `type` the gate does not read may pick any)."""
    from receipt_gate_hooks.headline_numbers import parse_article

    page = '---\ntitle: X\ndescription: "<h1>Top 5"\n---\nWe ran 45 tests.\n'
    assert parse_article(page, "posts/a.md") == (["X"], [[]], ["45"])
    page = "---\ntitle: X\n---\nIntro 45% then <h1>Our 7 years</h1> and 76% passed.\n"
    got = parse_article(page, "posts/a.md")
    assert got.titles == ["X", "Our 7 years"] and got.body_numbers == ["45%", "76%"], got
    given = [["", "About us"], ["", "Weekly 76"]]
    got = parse_article("A week.\n", "_posts/2024-01-01-a.md", given=given)
    assert "Weekly 76" in got.titles and "About us" in got.titles, got


def test_a_title_the_site_gives_a_draft_stales_its_receipt_when_it_changes(
    repo: Repo, rg: Run
) -> None:
    """The review of session 56: the title a config gives a draft is part of what its
    verdict read: changed, the receipt is stale (verify held it fresh)."""
    _title_and_reply(repo)
    repo.write("drafts/reply.md", "It was a long week.\n")
    config = 'defaults:\n  - scope: {path: "drafts"}\n    values: {title: "%s"}\n'
    repo.write("_config.yml", config % "Weekly notes")
    assert rg("run")[0] == 0
    repo.write("_config.yml", config % "A drift of 76 hours")
    rc, out, _ = rg("verify")
    assert rc == 1 and "drafts/reply.md" in out, out


@pytest.mark.parametrize(
    ("title", "numbers"),
    [
        # an inline style may show what it holds: a title's number in one accuses
        ('# We fixed <span style="color:red">76</span> bugs', ["76"]),
        # ...and may hide it: read both ways
        ('# We fixed 7<span style="font-size:0">0</span>6 bugs', ["706", "76"]),
        # `hidden` hides, whatever a style says
        ("# We fixed 7<span hidden>0</span>6 bugs", ["76"]),
    ],
)
def test_a_titles_number_in_a_styled_element_is_read(title: str, numbers: list[str]) -> None:
    """Session 57: a title's number inside any inline style was read as hidden, so it
    accused nothing (`<span style="color:red">76</span>`)."""
    assert parse_article(f"{title}\n\nA week.\n", "posts/a.md").title_numbers == [numbers]


def test_russian_scales_are_keyed_as_the_reader_folds_them() -> None:
    """The scale table keys Russian's abbreviations by their folded form (look-alike
    Cyrillic letters read as Latin ones): that is what the reading looks them up by."""
    from receipt_gate.reading.reader import fold
    from receipt_gate_hooks.numerals import _SCALES

    for said, value in (("\u043c\u043b\u043d", 10**6), ("\u043c\u043b\u0440\u0434", 10**9)):
        assert _SCALES[fold(said)] == value
    assert _SCALES[fold("\u0442\u044b\u0441")] == 1000


def test_an_mdx_pages_code_span_holds_no_h1() -> None:
    """Astro's docs: `<Steps>` then a list item naming `<h1>` in a code span; MDX has no
    HTML blocks (a JSX tag's lines are markdown), so the span's `<h1>` was read as a
    heading to the page's end, a title whose numbers accused other pages."""
    from receipt_gate.reading.pageparts import titles

    page = (
        "---\ntitle: X\n---\n\n<Steps>\n1. Make a `<h1>` with one of 17 messages:\n\n"
        '    ```ts title="a.ts" {3-8, 12-15}\n    x\n    ```\n</Steps>\n\n'
        "<h1>Real 12 heading</h1>\n"
    )
    assert [t.text for t in titles(page, "docs/a.mdx")] == ["X", "Real 12 heading"]
    assert len(titles(page, "docs/a.md")) == 3  # (CommonMark's HTML block: raw HTML there)
