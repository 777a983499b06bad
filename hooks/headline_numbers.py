"""headline-numbers: no number the draft cites appears in a title of ours and in no body.

Titles are the accused, bodies decide, nothing else is corpus. Opaque tokens (URLs,
at:// URIs, DIDs, timestamps, dates, clock times, file names, hex and base32 runs) are
blanked before matching, and a number counts only as a whole token.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping
from typing import Any, NamedTuple

from receipt_gate.checks import Finding, Outcome
from receipt_gate.corpus import Article, Corpus
from receipt_gate.frontmatter import read as read_front_matter
from receipt_gate.text import Draft, prose_lines

_OPAQUE = re.compile(
    r"""
      https?://\S+
    | at://\S+
    | \bdid:[a-z0-9]+:[A-Za-z0-9._:%-]+
    | \b\d{4}-\d{2}-\d{2}(?:[T\ ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?\b
    | \b\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?\b
    | (?<![\w/.-])[\w./-]*[\w-]\.[A-Za-z][A-Za-z0-9]{0,4}(?![\w.])
    | \b(?=[0-9a-f]*[a-f])(?=[0-9a-f]*[0-9])[0-9a-f]{7,}\w*
    | \b(?=[0-9A-F]*[A-F])(?=[0-9A-F]*[0-9])[0-9A-F]{7,}\w*
    | \b(?=\w*[A-Za-z])(?=\w*[0-9])[A-Za-z0-9]{12,}\b
    """,
    re.VERBOSE,
)

# A whole number token: not inside a word (v76) or another number (1,760 or 76.4 are
# not 76), optionally a percentage (76% is its own number) or a time/size unit glued
# on (76h, 76ms are 76; 76k is 76,000 and is left alone).
_NUMBER = re.compile(
    r"""
    (?<![\w.,])
    (?P<int>\d{1,3}(?:,\d{3})+|\d+)(?:\.(?P<frac>\d+))?
    (?:(?P<pct>\ ?%|\ percent\b)|(?:h|hrs?|min|mins|s|secs?|ms|us|ns|d|x|px|[kKMGT]B)(?!\w))?
    (?!\w|[.,]\d)
    """,
    re.VERBOSE,
)

_SMALL = {
    "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
    "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13,
    "fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18,
    "nineteen": 19, "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60,
    "seventy": 70, "eighty": 80, "ninety": 90,
}
_SCALE = {"hundred": 100, "thousand": 1000, "million": 1_000_000}
_WORD = re.compile(r"\b(?:" + "|".join(sorted([*_SMALL, *_SCALE], key=len, reverse=True)) + r")\b")
_WORD_SET = frozenset([*_SMALL, *_SCALE])
# Everything but ASCII letters becomes a space: a quick C-speed test for number words.
_LETTERS_ONLY = {i: " " for i in range(128) if not chr(i).isalpha()}
_GAP = re.compile(r"[ \t\n-]+(?:and[ \t\n]+)?")
# A digit and the rest of its whitespace-delimited chunk. Starting with \d lets the
# regex engine skip to the next digit in C: prose is mostly letters.
_DIGIT_TAIL = re.compile(r"\d\S*")
_PCT_AFTER = re.compile(r" (?:%|percent\b)")


class Token(NamedTuple):
    line: int
    col: int
    written: str
    value: str  # canonical: "54154", "76.4", "76%"


def _words_value(words: list[str]) -> int | None:
    if words == ["one"]:
        return None  # "one" is mostly a pronoun: "the one that ran"
    total = current = 0
    for w in words:
        if w == "a":
            current = 1
        elif w in _SMALL:
            current += _SMALL[w]
        elif w == "hundred":
            current = (current or 1) * 100
        else:
            total += (current or 1) * _SCALE[w]
            current = 0
    return total + current


def canonical(m: re.Match[str]) -> str:
    value = m.group("int").replace(",", "").lstrip("0") or "0"
    frac = (m.group("frac") or "").rstrip("0")
    if frac:
        value += "." + frac
    return value + ("%" if m.group("pct") else "")


def blank_opaque(text: str) -> str:
    return _OPAQUE.sub(lambda m: " " * len(m.group()), text)


_NONSPACE = re.compile(r"\S*")


def _chunk_around(text: str, start: int, end: int) -> tuple[int, str]:
    left = max(text.rfind(" ", 0, start), text.rfind("\n", 0, start)) + 1
    m = _NONSPACE.match(text, end)
    return left, text[left : m.end() if m else end]


def digit_chunks(text: str) -> Iterator[tuple[int, int]]:
    """(start, end) of each whitespace-delimited chunk of the text that holds a digit:
    the only places a digit token can be."""
    done = 0
    for m in _DIGIT_TAIL.finditer(text):
        if m.start() < done:
            continue
        start = m.start()
        while start > done and not text[start - 1].isspace():
            start -= 1  # back to the chunk's first character (a few at most: "($76")
        done = m.end()
        yield start, done


def scan(text: str, shortcut: bool = True) -> list[tuple[int, str, str]]:
    """Every number token in the text as (offset, as written, canonical value).

    Digits are looked for only in chunks that hold one, and number words only where
    the word regex finds them, so a large corpus costs a few passes in C. A chunk of
    bare digits ("5000", the common case) is one token and no opaque token: the
    shortcut takes it as it is (tests compare scan with and without it).
    """
    found: list[tuple[int, str, str]] = []
    for start, end in digit_chunks(text):
        chunk = text[start:end]
        if shortcut and chunk.isdecimal():
            value = chunk.lstrip("0") or "0"
            after = _PCT_AFTER.match(text, end)
            if after:
                found.append((start, chunk + after.group(), value + "%"))
            else:
                found.append((start, chunk, value))
            continue
        chunk = blank_opaque(chunk)
        for m in _NUMBER.finditer(chunk):
            value, written = canonical(m), m.group()
            if m.end() == len(chunk) and not m.group("pct"):
                after = _PCT_AFTER.match(text, end)
                if after:
                    value, written = value + "%", written + after.group()
            found.append((start + m.start(), written, value))
    lower = text.lower()
    words_here = _WORD_SET.intersection(lower.translate(_LETTERS_ONLY).split())
    run: list[re.Match[str]] = []
    for m in [*(_WORD.finditer(lower) if words_here - {"one"} else ()), None]:
        if m is not None and run and _GAP.fullmatch(lower, run[-1].end(), m.start()):
            run.append(m)
            continue
        if run:
            start, end = run[0].start(), run[-1].end()
            words = [w.group() for w in run]
            if (lower.endswith("a ", 0, start) and words[0] in _SCALE
                    and (start < 3 or not lower[start - 3].isalnum())):
                start -= 2
                words.insert(0, "a")
            hyphen_word = (start > 0 and lower[start - 1] == "-") or (
                lower.startswith("-", end) and lower[end + 1 : end + 2].isalpha()
            )
            number = None if hyphen_word else _words_value(words)
            if number is not None:
                left, chunk = _chunk_around(text, start, end)
                if not blank_opaque(chunk)[start - left : end - left].isspace():
                    found.append((start, text[start:end], str(number)))
        run = [m] if m is not None else []
    found.sort()
    return found


def tokens(lines: list[str], first_line: int = 1) -> Iterator[Token]:
    """Every number token (digits or words) in these lines, with its line and column."""
    text = "\n".join(lines)
    starts = [0]
    for line in lines[:-1]:
        starts.append(starts[-1] + len(line) + 1)
    i = 0
    for offset, written, value in scan(text):
        while i + 1 < len(starts) and starts[i + 1] <= offset:
            i += 1
        yield Token(first_line + i, offset - starts[i] + 1, written, value)


_H1 = re.compile(r"^ {0,3}# +(.*?)(?: +#+)? *$")


def parse_article(text: str, path: str = "<article>") -> Article:
    """Title: front-matter `title`, else the first `# ` heading. Body: the rest of the prose."""
    lines = prose_lines(text)
    h1 = next((i for i, line in enumerate(lines) if _H1.match(line)), None)
    fm_title = read_front_matter(text, path).text("title")
    if fm_title is not None:
        title = fm_title
    elif h1 is not None:
        m = _H1.match(lines[h1])
        title = m.group(1).strip() if m else ""
    else:
        title = ""
    if h1 is not None:
        lines[h1] = ""
    return Article(
        title,
        sorted({value for _, _, value in scan(title)}),
        sorted({value for _, _, value in scan("\n".join(lines))}),
    )


def find_headline_numbers(
    text: str, corpus: Corpus, path: str = "<draft>"
) -> tuple[list[Finding], int]:
    """Numbers in the draft that live in a title of ours and in no body; and how many tokens."""
    lines = prose_lines(text)
    toks = list(tokens(lines))
    fm = read_front_matter(text, path)
    title = fm.text("title")
    if title is not None:
        # The draft's own title is shown to readers: its numbers count, at its line.
        n = fm.lines.get("title", 1)
        source = text.split("\n", n)[n - 1]
        col = source.find(title) + 1 if "\n" not in title and title in source else 0
        toks[:0] = [t._replace(col=t.col + col - 1 if col else 1)
                    for t in tokens(title.split("\n"), n)]
    findings = []
    for t in toks:
        accused = corpus.titles.get(t.value)
        if not accused or t.value in corpus.bodies:
            continue
        where = ", ".join(f'"{title}" ({path})' for title, path in accused)
        what = "title" if len(accused) == 1 else "titles"
        extra: tuple[tuple[str, object], ...] = (
            ("number", t.written), ("value", t.value),
            ("title", accused[0][0]), ("article", accused[0][1]),
            ("titles", [{"title": ti, "article": p} for ti, p in accused]),
        )
        findings.append(Finding(t.line, t.col, f"{t.written} appears in the {what} {where}"
                                               " and in no article body", extra))
    return findings, len(toks)


def make(settings: Mapping[str, Any], corpus: Corpus) -> Callable[[Draft], Outcome]:
    def check(draft: Draft) -> Outcome:
        return Outcome(*find_headline_numbers(draft.text, corpus, draft.path))

    return check
