"""ai-tells' weighted tells: words and shapes language models write far more often than
people, each weighed by how much more, scored per 1,000 words of a page's prose.

One such word in a human post is ordinary English ("a crucial fix"); a page dense with
them, several different ones, is the evidence. A page refuses when the weights of the
distinct tells it holds add up to `threshold` or more per 1,000 words (a page shorter
than `min_words` counted as that long) and at least `min_tells` different tells are
present. Each tell counts once per page however often it occurs: repetition is the
author's style, variety is the model's.

The weights are measured, not guessed (benchmarks/precision.py --tells prints the
rates they come from): for each tell, its rate per 1,000 words in AI-written text
written to a title (GPT-3.5 and GPT-4 essays, letters and stories; GPT-3.5 news and
encyclopedia articles) against its rate in writing by people from before 2022 (blogs,
docs, books, news, Wikipedia), on the tuning part of each set; the weight is that log
ratio less 0.5, rounded to halves, capped at 2. A tell a published list names whose
human rate is nil weighs at least 1 (newer models use some of them more than the
measured ones did). `source` says where a tell comes from (SOURCES); docs/checks.md
has every rate. The threshold, 12, and min_tells, 3, are where no set of human writing
had more than 1% of its files flagged, on the tuning part; the held-aside part
confirms it (docs/checks.md, README).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from functools import cache
from typing import NamedTuple

from receipt_gate.base import lazyre

SOURCES = {
    "wikipedia": "Wikipedia: Signs of AI writing (WikiProject AI Cleanup)",
    "kobak": "Kobak et al., Delving into LLM-assisted writing through excess vocabulary (2024)",
    "slop-forensics": "sam-paech/slop-forensics, words over-represented in LLM writing",
    "measured": "our measurement: benchmarks/precision.py --tells",
}


class Tell(NamedTuple):
    label: str  # how a finding names it
    weight: float
    source: str  # a key of SOURCES
    pattern: str  # matched on the prose lowercased, curly apostrophes straightened
    anchors: tuple[str, ...]  # every match holds one of these (a draft with none skips it)
    example: str  # a sentence it matches (tests/test_tells.py holds each to it)


_START = r"(?:^|[.!?:]\s+|\n\s*)"

TELLS: tuple[Tell, ...] = (
    Tell(
        "in conclusion",
        2,
        "wikipedia",
        r"\bin conclusion\b",
        ("conclusion",),
        "In conclusion, the plan works.",
    ),
    Tell(
        "Overall, opening a sentence",
        2,
        "wikipedia",
        _START + r"overall,",
        ("overall,",),
        "It rained. Overall, the day went well.",
    ),
    Tell(
        "Ultimately, opening a sentence",
        0.5,
        "measured",
        _START + r"ultimately,",
        ("ultimately,",),
        "Ultimately, it is up to you.",
    ),
    Tell(
        "Firstly / Secondly / Lastly",
        1.5,
        "measured",
        r"\b(?:firstly|secondly|thirdly|lastly)\b",
        ("firstly", "secondly", "thirdly", "lastly"),
        "Firstly, read the guide.",
    ),
    Tell(
        "Moreover / Furthermore",
        1.5,
        "wikipedia",
        r"\b(?:moreover|furthermore)\b",
        ("moreover", "furthermore"),
        "Moreover, it is fast.",
    ),
    Tell(
        "it is important to",
        1,
        "wikipedia",
        r"\bit(?:'s| is) (?:important|crucial|essential|vital|imperative) (?:to|that|for)\b",
        ("important", "crucial", "essential", "vital", "imperative"),
        "It is important to note the date.",
    ),
    Tell(
        "it is clear that",
        1,
        "measured",
        r"\bit(?:'s| is) (?:clear|evident|undeniable|apparent) that\b",
        ("clear", "evident", "undeniable", "apparent"),
        "It is clear that we won.",
    ),
    Tell(
        "remains to be seen",
        1.5,
        "measured",
        r"\b(?:remains to be seen|only time will tell)\b",
        ("remains to be", "time will tell"),
        "Whether it works remains to be seen.",
    ),
    Tell(
        "a testament to",
        2,
        "wikipedia",
        r"\btestament\b",
        ("testament",),
        "It stands as a testament to their work.",
    ),
    Tell(
        "plays a crucial role",
        2,
        "wikipedia",
        r"\bplay(?:s|ed|ing)? an? (?:crucial|vital|pivotal|significant|key|important"
        r"|essential|integral|central|major) role\b",
        ("role",),
        "Water plays a crucial role in it.",
    ),
    Tell(
        "serves as / stands as",
        1.5,
        "wikipedia",
        r"\b(?:serv(?:e|es|ed|ing)|stand(?:s|ing)?|stood) as (?:a|an|the)\b",
        ("as a", "as an", "as the"),
        "The bridge serves as a link.",
    ),
    Tell(
        "the importance of",
        2,
        "wikipedia",
        r"\bthe (?:importance|significance) of\b",
        ("importance", "significance"),
        "We discussed the importance of sleep.",
    ),
    Tell(
        "lasting impact / legacy",
        2,
        "wikipedia",
        r"\b(?:lasting|enduring|indelible|profound) (?:impact|impression|legacy|mark"
        r"|effect)\b",
        ("lasting", "enduring", "indelible", "profound"),
        "She left a lasting impact on the town.",
    ),
    Tell(
        "a reminder",
        1,
        "measured",
        r"\ban? (?:powerful |stark |poignant |important )?reminder\b",
        ("reminder",),
        "It is a stark reminder of the risk.",
    ),
    Tell(
        "the power of",
        2,
        "measured",
        r"\bthe (?:power|beauty|essence|magic) of\b",
        ("power of", "beauty of", "essence of", "magic of"),
        "It shows the power of friendship.",
    ),
    Tell(
        "a sense of",
        2,
        "slop-forensics",
        r"\ba (?:deep |profound |strong |renewed )?sense of\b",
        ("sense of",),
        "It gives a sense of calm.",
    ),
    Tell("pivotal", 1, "kobak", r"\bpivotal\b", ("pivotal",), "A pivotal moment."),
    Tell("crucial", 1.5, "kobak", r"\bcrucial(?:ly)?\b", ("crucial",), "A crucial step."),
    Tell("vital", 0.5, "measured", r"\bvital\b", ("vital",), "A vital part."),
    Tell("profound", 2, "measured", r"\bprofound(?:ly)?\b", ("profound",), "A profound change."),
    Tell("delve", 1.5, "kobak", r"\bdelv(?:e|es|ed|ing)\b", ("delv",), "Let us delve into it."),
    Tell(
        "tapestry",
        1,
        "wikipedia",
        r"\btapestr(?:y|ies)\b",
        ("tapestr",),
        "A rich tapestry of sounds.",
    ),
    Tell(
        "intricate",
        2,
        "kobak",
        r"\bintricat(?:e|ely)\b|\bintricacies\b",
        ("intrica",),
        "The intricate details.",
    ),
    Tell(
        "multifaceted",
        1,
        "measured",
        r"\bmultifaceted\b",
        ("multifaceted",),
        "A multifaceted problem.",
    ),
    Tell(
        "underscore",
        0.5,
        "kobak",
        r"\bunderscor(?:e|es|ed|ing)\b",
        ("underscor",),
        "This underscores the need.",
    ),
    Tell(
        "meticulous", 0.5, "kobak", r"\bmeticulous(?:ly)?\b", ("meticulous",), "A meticulous plan."
    ),
    Tell(
        "unwavering", 1, "measured", r"\bunwavering\b", ("unwavering",), "Her unwavering support."
    ),
    Tell(
        "groundbreaking",
        1,
        "kobak",
        r"\bgroundbreaking\b",
        ("groundbreaking",),
        "A groundbreaking study.",
    ),
    Tell("nuanced", 1, "measured", r"\bnuanced?\b", ("nuance",), "A nuanced view."),
    Tell("foster", 1, "wikipedia", r"\bfoster(?:s|ed|ing)?\b", ("foster",), "It fosters trust."),
    Tell("vibrant", 1, "wikipedia", r"\bvibrant\b", ("vibrant",), "A vibrant city."),
    Tell("bustling", 1, "slop-forensics", r"\bbustling\b", ("bustling",), "The bustling market."),
    Tell(
        "nestled / in the heart of",
        0.5,
        "wikipedia",
        r"\b(?:nestled|in the heart of)\b",
        ("nestled", "heart of"),
        "A town nestled in the hills.",
    ),
    Tell(
        "embark", 0.5, "measured", r"\bembark(?:s|ed|ing)?\b", ("embark",), "We embark on a trip."
    ),
    Tell(
        "resonate",
        2,
        "slop-forensics",
        r"\bresonat(?:e|es|ed|ing)\b",
        ("resonat",),
        "The words resonate with readers.",
    ),
    Tell(
        "captivating",
        2,
        "wikipedia",
        r"\bcaptivat(?:e|es|ed|ing)\b",
        ("captivat",),
        "A captivating story.",
    ),
    Tell("compelling", 2, "measured", r"\bcompelling\b", ("compelling",), "A compelling case."),
    Tell("enduring", 1.5, "wikipedia", r"\benduring\b", ("enduring",), "An enduring friendship."),
    Tell("timeless", 2, "measured", r"\btimeless\b", ("timeless",), "A timeless tale."),
    Tell(
        "transformative",
        1,
        "measured",
        r"\btransformative\b",
        ("transformative",),
        "A transformative year.",
    ),
    Tell(
        "landscape, of ideas",
        1,
        "wikipedia",
        r"\b(?:the|an?|this|evolving|changing|political|digital|competitive|cultural"
        r"|economic|media) landscape\b",
        ("landscape",),
        "The political landscape shifted.",
    ),
    Tell("journey", 2, "measured", r"\bjourneys?\b", ("journey",), "My coding journey."),
    Tell(
        "resilience",
        2,
        "measured",
        r"\bresilien(?:ce|t)\b",
        ("resilien",),
        "Their resilience paid off.",
    ),
    Tell("adversity", 1.5, "measured", r"\badversity\b", ("adversity",), "Triumph over adversity."),
    Tell(
        "camaraderie",
        1,
        "slop-forensics",
        r"\bcamaraderie\b",
        ("camaraderie",),
        "A sense of camaraderie.",
    ),
    Tell("vivid", 2, "measured", r"\bvivid(?:ly)?\b", ("vivid",), "Vivid colours."),
    Tell("evoke", 1, "measured", r"\bevok(?:e|es|ed|ing)\b", ("evok",), "It evokes the past."),
    Tell("poignant", 1, "measured", r"\bpoignan(?:t|cy)\b", ("poignan",), "A poignant scene."),
    Tell("fascinating", 2, "measured", r"\bfascinating\b", ("fascinating",), "A fascinating read."),
    Tell("intriguing", 2, "measured", r"\bintriguing\b", ("intriguing",), "An intriguing idea."),
    Tell(
        "unforgettable",
        1.5,
        "measured",
        r"\bunforgettable\b",
        ("unforgettable",),
        "An unforgettable night.",
    ),
    Tell(
        "remarkable", 1.5, "measured", r"\bremarkabl[ey]\b", ("remarkabl",), "A remarkable result."
    ),
    Tell("insights", 1.5, "kobak", r"\binsights?\b", ("insight",), "Valuable insights."),
    Tell("interplay", 1, "wikipedia", r"\binterplay\b", ("interplay",), "The interplay of forces."),
    Tell("valuable", 0.5, "wikipedia", r"\bvaluable\b", ("valuable",), "A valuable lesson."),
    Tell("beacon", 0.5, "measured", r"\bbeacons?\b", ("beacon",), "A beacon of hope."),
    Tell(
        "unparalleled / unprecedented",
        0.5,
        "measured",
        r"\bun(?:paralleled|precedented)\b",
        ("unparalleled", "unprecedented"),
        "An unprecedented year.",
    ),
    Tell("thrive", 1, "measured", r"\bthriv(?:e|es|ed|ing)\b", ("thriv",), "Plants thrive here."),
    Tell(
        "embrace", 0.5, "measured", r"\bembrac(?:e|es|ed|ing)\b", ("embrac",), "Embrace the change."
    ),
    Tell("diverse", 1.5, "measured", r"\bdiverse\b", ("diverse",), "A diverse team."),
    Tell(
        "navigate, figuratively",
        1,
        "wikipedia",
        r"\bnavigat(?:e|es|ed|ing) (?:the|these|this|its|their|our|life|a) (?:complex"
        r"|challeng|difficult|world|landscape|uncertain|intricac|waters|path)",
        ("navigat",),
        "We navigate the complexities of life.",
    ),
    Tell(
        "not only ... but also",
        1,
        "wikipedia",
        r"\bnot only\b[^.!?]{1,120}\bbut (?:also|rather)\b",
        ("not only",),
        "Not only fast but also cheap.",
    ),
    Tell(
        "not just X, but Y",
        1,
        "wikipedia",
        r"\bnot (?:just|merely|simply) [^.!?;]{1,60}[,;\u2014\u2013] but\b",
        ("not just", "not merely", "not simply"),
        "It is not just a tool, but a habit.",
    ),
    Tell(
        "whether it's",
        1,
        "measured",
        r"\bwhether (?:it's|it is|it be|you're|you are)\b",
        ("whether",),
        "Whether it's rain or sun, we go.",
    ),
    Tell(
        "some ..., while others",
        1,
        "measured",
        r"\bsome [^.!?]{1,80}, while others\b",
        ("while others",),
        "Some agree, while others do not.",
    ),
    Tell(
        "despite these challenges",
        1,
        "wikipedia",
        r"\bdespite (?:these|the|its|their|this|such) (?:challenges|concerns|setbacks"
        r"|obstacles|limitations|criticisms|difficulties|hurdles)\b",
        ("despite",),
        "Despite these challenges, it grew.",
    ),
    Tell(
        "a step towards",
        1,
        "measured",
        r"\ban? (?:positive |important |significant |major |crucial |first )?step"
        r" (?:towards?|forward|in the right direction)\b",
        ("step",),
        "It is a step towards peace.",
    ),
    Tell(
        "in today's world",
        1,
        "wikipedia",
        r"\bin today's (?:world|society|fast|digital|modern|ever)|\bfast-paced\b"
        r"|\bever-(?:evolving|changing)\b",
        ("today's", "fast-paced", "ever-"),
        "In today's world, speed matters.",
    ),
    Tell(
        "I believe that",
        1.5,
        "measured",
        r"\bi (?:firmly |strongly |truly )?believe that\b",
        ("believe that",),
        "I firmly believe that it helps.",
    ),
    Tell(
        "I hope this finds you well",
        1.5,
        "wikipedia",
        r"\bfinds you well\b",
        ("finds you well",),
        "I hope this letter finds you well.",
    ),
    Tell(
        "shed light on",
        0.5,
        "measured",
        r"\bsh(?:ed|eds|edding) (?:new |some )?light on\b",
        ("light on",),
        "It sheds light on the past.",
    ),
    Tell(
        "more than just",
        0.5,
        "measured",
        r"\bmore than just\b",
        ("more than just",),
        "It is more than just a game.",
    ),
    Tell(
        ", ensuring / highlighting ...",
        1.5,
        "wikipedia",
        r",\s+(?:ensuring|highlighting|emphasi[sz]ing|underscoring|reflecting|showcasing"
        r"|fostering|solidifying|contributing to) ",
        (
            "ensuring",
            "highlighting",
            "emphasi",
            "underscoring",
            "reflecting",
            "showcasing",
            "fostering",
            "solidifying",
            "contributing",
        ),
        "It grew, reflecting demand.",
    ),
    Tell(
        "deeply rooted / rich heritage",
        1.5,
        "wikipedia",
        r"\b(?:deeply rooted|rich (?:history|heritage|culture|tradition)|cultural heritage)\b",
        ("rooted", "rich ", "heritage"),
        "A rich history of trade.",
    ),
    Tell(
        "a deeper understanding",
        1,
        "measured",
        r"\b(?:deeper|better|greater) understanding of\b",
        ("understanding of",),
        "A deeper understanding of it.",
    ),
    Tell(
        "significant impact",
        1.5,
        "measured",
        r"\b(?:significant|profound|major|huge|positive|tremendous|far-reaching|deep)"
        r" (?:impact|influence|effect) (?:on|in)\b",
        ("impact", "influence", "effect"),
        "It had a significant impact on sales.",
    ),
    Tell(
        "continues to inspire",
        1.5,
        "measured",
        r"\bcontinu(?:es|ed|e) to (?:inspire|captivate|resonate|shape|thrive|evolve|influence"
        r"|grow|fascinate|delight|amaze|enchant)\b",
        ("continu",),
        "Her work continues to inspire.",
    ),
    Tell(
        "known for his / its",
        1,
        "measured",
        r"\bknown for (?:his|her|its|their)\b",
        ("known for",),
        "He is known for his wit.",
    ),
    Tell(
        "in recent years",
        1,
        "measured",
        r"\bin recent (?:years|decades|times|months)\b",
        ("in recent",),
        "In recent years, prices rose.",
    ),
    Tell(
        "for years to come",
        1.5,
        "wikipedia",
        r"\b(?:years|generations|decades) to come\b|\bfuture generations\b",
        ("to come", "future generations"),
        "It will last for years to come.",
    ),
    Tell(
        "X and Y alike",
        1,
        "measured",
        r"\b[a-z]+ and [a-z]+ alike\b",
        ("alike",),
        "Fans and critics alike loved it.",
    ),
    Tell(
        "around the world",
        2,
        "measured",
        r"\b(?:around|across|all over) the (?:world|globe)\b",
        ("the world", "the globe"),
        "People around the world use it.",
    ),
    Tell("to this day", 1, "measured", r"\bto this day\b", ("this day",), "It stands to this day."),
    Tell("renowned", 1.5, "wikipedia", r"\brenowned\b", ("renowned",), "A renowned chef."),
    Tell("iconic", 2, "measured", r"\biconic\b", ("iconic",), "An iconic song."),
    Tell(
        "stunning / breathtaking",
        2,
        "wikipedia",
        r"\b(?:stunning|breathtaking|awe-inspiring|thrilling)\b",
        ("stunning", "breathtaking", "awe-inspiring", "thrilling"),
        "A stunning view.",
    ),
    Tell(
        "of all time",
        1,
        "measured",
        r"\bof all time\b",
        ("all time",),
        "The best film of all time.",
    ),
    Tell("the ongoing", 1, "measured", r"\bthe ongoing\b", ("ongoing",), "The ongoing crisis."),
    Tell(
        "despite its",
        2,
        "wikipedia",
        r"\bdespite (?:its|his|her|their) (?!own\b)",
        ("despite",),
        "Despite its age, it runs.",
    ),
    Tell(
        "a source of inspiration",
        0.5,
        "measured",
        r"\ba (?:source|symbol|beacon) of (?:inspiration|pride|hope|strength|joy|comfort)\b",
        ("of inspiration", "of pride", "of hope", "of strength", "of joy", "of comfort"),
        "A source of inspiration for many.",
    ),
)

THRESHOLD = 12  # weight per 1,000 words
MIN_TELLS = 3  # distinct tells present
MIN_WORDS = 300  # a shorter page is scored as if this long
_WORD = lazyre.compile(r"\w+(?:['\u2019]\w+)*")
_FIRST_WORD = lazyre.compile(r"\w")
_APOSTROPHES = str.maketrans("\u2019\u2018\u02bc", "'''")


class Hit(NamedTuple):
    tell: Tell
    offsets: tuple[int, ...]  # where it occurs in the text scored


class Score(NamedTuple):
    words: int
    per_1000: float  # the distinct tells' weights per 1,000 words (MIN_WORDS at least)
    hits: tuple[Hit, ...]  # heaviest first


# Between words: spaces, or one line break (a paragraph goes on), never a blank line.
_GAP = r"(?:[ \t]+\n?[ \t]*|\n[ \t]*)"


@cache
def _compiled(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern.replace(" ", _GAP))


def score(
    text: str,
    tells: Sequence[Tell] = TELLS,
    min_words: int = MIN_WORDS,
    need: float = 0.0,
    need_tells: int = 0,
    keep: Callable[[int, int], bool] | None = None,
    words_in: str | None = None,
) -> Score:
    """The tells in this prose (one reading of a page, markup out): each once, where it
    occurs, and their weight per 1,000 words. A span one tell matched is not matched by
    another (the first listed wins), so "a testament to" is one tell, not two. With
    `need` and `need_tells` (a threshold and a number of tells), a page that cannot reach
    them even at min_words is not counted: its words are 0 and its weight per 1,000
    words at most what min_words gives. `keep` says whether a match (start, end) counts
    (one inside a link's text is a title, someone else's words); `words_in` is the text
    whose words are counted, when not all of `text` is shown (hidden padding)."""
    lower = text.lower().translate(_APOSTROPHES)
    taken: list[tuple[int, int]] = []
    hits = []
    for tell in tells:
        anchors = tell.anchors
        if anchors[0] not in lower and (
            len(anchors) == 1 or not any(a in lower for a in anchors[1:])
        ):
            continue
        at = []
        for m in _compiled(tell.pattern).finditer(lower):
            if taken and any(a < m.end() and m.start() < b for a, b in taken):
                continue
            if keep is not None and not keep(m.start(), m.end()):
                continue
            taken.append(m.span())
            word = _FIRST_WORD.search(m.group())
            at.append(m.start() + (word.start() if word else 0))
        if at:
            hits.append(Hit(tell, tuple(at)))
    total = sum(h.tell.weight for h in hits)
    floor = max(min_words, 1)
    short = len(hits) < need_tells or total * 1000 / floor < need  # (cannot refuse)
    words = 0 if short else len(_WORD.findall(text if words_in is None else words_in))
    hits.sort(key=lambda h: (-h.tell.weight, h.offsets[0]))
    return Score(words, total * 1000 / max(words, floor), tuple(hits))
