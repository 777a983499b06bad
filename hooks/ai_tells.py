"""ai-tells: no banned phrase or pattern occurs in the draft's prose."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache
from typing import Any

import regex

from gate import GateError
from gate.checks import Context, Finding, Outcome
from gate.config import CONFIG_FILE
from gate.text import Draft, prose_lines

# Typical machine-writing tells. Matched case-insensitively on whole words, with
# any run of spaces (or one line break) between words and either apostrophe.
PHRASES = (
    "a rich tapestry",
    "tapestry of",
    "a testament to",
    "serves as a testament",
    "it's important to note",
    "it is important to note",
    "it's worth noting",
    "it is worth noting",
    "in today's fast-paced world",
    "in today's digital age",
    "in the ever-evolving",
    "ever-evolving landscape",
    "navigate the complexities",
    "navigating the complexities",
    "game-changer",
    "game changer",
    "let's dive in",
    "let's dive into",
    "unlock the power",
    "unleash the power",
    "harness the power",
    "embark on a journey",
    "in the realm of",
    "plays a crucial role",
    "plays a pivotal role",
    "at the end of the day",
    "in conclusion",
    "i hope this helps",
    "i hope this email finds you well",
    "as an ai language model",
    "great question",
    "whether you're a seasoned",
    "look no further",
    "in a world where",
    "buckle up",
    "seamlessly integrate",
)
PATTERNS = (
    r"(?i)\bdelv(?:e|es|ed|ing)\s+(?:into|deeper)\b",
    r"(?i)\bnot (?:just|only|merely) [^.!?\n]{1,60}?[,;—–] (?:but|it's|it is)\b",
    r"(?i)^\s*certainly!",
)
DEFAULTS: Mapping[str, object] = {"phrases": list(PHRASES), "patterns": list(PATTERNS)}

# A user pattern that backtracks catastrophically must not hang a commit.
TIMEOUT_S = 2.0


# Between words: spaces, at most one line break, never a paragraph break.
_GAP = r"(?:[^\S\n]+\n?[^\S\n]*|\n[^\S\n]*)"


def _phrase_regex(phrase: str) -> str:
    out = []
    for ch in phrase.strip():
        if ch in "'’‘":
            out.append("['’‘]")
        elif ch.isspace():
            if not out or out[-1] != _GAP:
                out.append(_GAP)
        elif ch in "-‐‑":
            out.append("[-‐‑]")
        else:
            out.append(regex.escape(ch))
    body = "".join(out)
    head = r"(?<!\w)" if phrase.strip()[:1].isalnum() else ""
    tail = r"(?!\w)" if phrase.strip()[-1:].isalnum() else ""
    return head + body + tail


@lru_cache(maxsize=8)
def _compiled(phrases: tuple[str, ...], patterns: tuple[str, ...]) -> list[tuple[str, Any]]:
    return _compile(phrases, patterns)


def compile_rules(phrases: Sequence[str], patterns: Sequence[str]) -> list[tuple[str, Any]]:
    """(label, compiled) for each rule; a pattern that does not compile is a config error."""
    return _compiled(tuple(phrases), tuple(patterns))


def _compile(phrases: Sequence[str], patterns: Sequence[str]) -> list[tuple[str, Any]]:
    rules: list[tuple[str, Any]] = []
    if phrases:
        alternation = "|".join(f"(?P<p{i}>{_phrase_regex(p)})" for i, p in enumerate(phrases))
        rules.append(("", regex.compile(alternation, regex.IGNORECASE)))
    for i, pat in enumerate(patterns):
        try:
            rules.append((pat, regex.compile(pat, regex.MULTILINE)))
        except regex.error as e:
            raise GateError(
                f"{CONFIG_FILE}: checks.ai-tells.patterns[{i}]: does not compile: {e}"
            ) from None
    return rules


def _position(starts: list[int], offset: int) -> tuple[int, int]:
    lo, hi = 0, len(starts) - 1
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if starts[mid] <= offset:
            lo = mid
        else:
            hi = mid - 1
    return lo + 1, offset - starts[lo] + 1


def find_tells(
    text: str, rules: Sequence[tuple[str, Any]], phrases: Sequence[str]
) -> list[Finding]:
    """Every banned phrase or pattern in the prose of `text`, in draft order."""
    lines = prose_lines(text)
    prose = "\n".join(lines)
    starts = [0]
    for text_line in lines[:-1]:
        starts.append(starts[-1] + len(text_line) + 1)
    found: list[tuple[int, Finding]] = []
    for label, rx in rules:
        try:
            for m in rx.finditer(prose, timeout=TIMEOUT_S):
                if m.end() == m.start():
                    continue
                line, col = _position(starts, m.start())
                said = " ".join(m.group().split())
                if label:
                    msg = f'banned pattern matched "{said}": {label}'
                else:
                    phrase = phrases[int((m.lastgroup or "p0")[1:])]
                    msg = f'banned phrase "{phrase}"'
                    if said.lower() != phrase:
                        msg += f' (as "{said}")'
                found.append((m.start(), Finding(line, col, msg)))
        except TimeoutError:
            raise GateError(
                f"{CONFIG_FILE}: checks.ai-tells.patterns: {label!r} took over"
                f" {TIMEOUT_S:g}s on a draft (catastrophic backtracking?)"
            ) from None
    found.sort(key=lambda t: t[0])
    return [f for _, f in found]


def make(settings: Mapping[str, Any], ctx: Context) -> Callable[[Draft], Outcome]:
    phrases = [p.lower() for p in settings["phrases"]]
    rules = compile_rules(phrases, settings["patterns"])
    n = len(phrases) + len(settings["patterns"])

    def check(draft: Draft) -> Outcome:
        return Outcome(find_tells(draft.text, rules, phrases), n)

    return check
