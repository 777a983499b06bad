"""Findings a person has judged: comments in the draft, and the baseline of adoption.

A comment that is a block of its own suppresses the named checks' findings:

    <!-- receipt-gate: ignore ai-tells -->              on the next block
    <!-- receipt-gate: ignore ai-tells, registered-terms -- quoted from the 2019 brief -->
    <!-- receipt-gate: disable headline-numbers -->     from here to the matching enable
    <!-- receipt-gate: enable headline-numbers -->      (or the end; a disable before the
                                                        first block takes the whole draft)

A suppressed finding is never dropped: the receipt keeps it under `suppressed` with
what suppressed it, and status, JSON and SARIF show it. A comment inside code, or
inside a paragraph, is text, not a directive. A directive that names no check, or a
check that takes none, is itself a finding. A check whose `suppressions` setting is
false honours no comment; the baseline (gate.checks.baseline) is the rules' own, so it applies
whatever that setting says.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, NamedTuple

from receipt_gate.base import lazyre
from receipt_gate.base.text import Draft
from receipt_gate.checks import Finding, Outcome, Suppressed

if TYPE_CHECKING:
    from receipt_gate.reading.markdown import Block

MARK = "receipt-gate:"
_DIRECTIVE = lazyre.compile(
    r"<!--\s*receipt-gate:\s*(?P<verb>\S+)(?P<names>[^\n]*?)"
    r"(?:\s--\s*(?P<why>.*?))?\s*-->\s*",
    re.DOTALL,
)
_NAME = lazyre.compile(r"[a-z][a-z0-9-]*")
VERBS = ("ignore", "disable", "enable")
# Marks a finding about a comment itself: no baseline or comment can suppress it.
BAD_COMMENT: tuple[tuple[str, object], ...] = (("comment", True),)


def _is_directive(b: Block, lines: list[str]) -> bool:
    return b.kind == "html" and any(MARK in ln for ln in lines[b.start : b.end])


class Directive(NamedTuple):
    line: int  # 1-based, where the comment starts
    verb: str  # ignore, disable, enable
    checks: tuple[str, ...]
    why: str
    lines: range  # the 1-based lines it covers (for enable: empty)


def directives(
    text: str, deterministic: Sequence[str], known: Sequence[str]
) -> tuple[list[Directive], list[Finding]]:
    """The draft's suppression comments with the lines each covers, and the comments
    that are not valid ones (as findings, so a typo refuses rather than silences).
    `known` are the checks the config can name, `deterministic` those a comment may
    suppress (a model's verdict is not a finding a comment answers)."""
    if MARK not in text:
        return [], []
    from receipt_gate.reading.markdown import blocks

    lines = text.split("\n")
    found = blocks(text)
    out: list[Directive] = []
    bad: list[Finding] = []
    open_at: dict[str, int] = {}  # check -> index in out of its open disable
    for i, b in enumerate(found):
        if b.kind != "html":
            continue
        body = "\n".join(ln[c:] for ln, c in zip(lines[b.start : b.end], b.cols, strict=True))
        if MARK not in body:
            continue
        m = _DIRECTIVE.fullmatch(body.strip() + "\n")
        line = b.start + 1
        if m is None or m.group("verb") not in VERBS:
            bad.append(
                Finding(
                    line,
                    b.cols[0] + 1,
                    "not a receipt-gate comment this version"
                    " reads: write <!-- receipt-gate: ignore CHECK[, CHECK]"
                    " [-- why] --> (or disable/enable)",
                    BAD_COMMENT,
                )
            )
            continue
        names = tuple(n.strip() for n in m.group("names").split(",") if n.strip())
        wrong = [n for n in names if not _NAME.fullmatch(n) or n not in known]
        model = [n for n in names if n in known and n not in deterministic]
        if not names or wrong or model:
            what = (
                f"names {wrong[0]!r}, not a check"
                if wrong
                else f"names {model[0]}, a model's verdict, which no comment suppresses"
                if model
                else "names no check"
            )
            bad.append(
                Finding(
                    line,
                    b.cols[0] + 1,
                    f"receipt-gate comment {what} (checks: {', '.join(deterministic)})",
                    BAD_COMMENT,
                )
            )
            continue
        verb, why = m.group("verb"), (m.group("why") or "").strip()
        if verb == "ignore":
            # The next block that is not itself a directive: comments may stack.
            nxt = next((x for x in found[i + 1 :] if not _is_directive(x, lines)), None)
            span = range(nxt.start + 1, nxt.end + 1) if nxt is not None else range(0)
            out.append(Directive(line, verb, names, why, span))
        elif verb == "disable":
            first = all(x.kind == "html" for x in found[:i])
            start = 1 if first else line
            for n in names:
                open_at[n] = len(out)
            out.append(Directive(line, verb, names, why, range(start, len(lines) + 1)))
        else:
            for n in names:
                j = open_at.pop(n, None)
                if j is not None:
                    d = out[j]
                    # One disable may cover several checks: split it at this enable.
                    out[j] = d._replace(checks=tuple(c for c in d.checks if c != n))
                    out.append(d._replace(checks=(n,), lines=range(d.lines.start, line)))
    return [d for d in out if d.checks and d.verb != "enable"], bad


def covered(text: str, check: str) -> frozenset[int]:
    """The 1-based lines the draft's comments suppress for this check, whatever else
    they name: for a check whose one finding sums up the page (ai-tells' weighted
    tells), which leaves what a comment covers out of the sum rather than the sum out."""
    names = tuple(
        {
            n.strip()
            for m in _DIRECTIVE.finditer(text)
            for n in m.group("names").split(",")
            if _NAME.fullmatch(n.strip())
        }
    )
    found, _ = directives(text, names, names)
    return frozenset(n for d in found if check in d.checks for n in d.lines)


def _by(d: Directive) -> str:
    from receipt_gate.base.text import printable

    # (the reason is the draft's text: kept printable wherever it is shown, SARIF too)
    why = f" ({printable(d.why)})" if d.why else ""
    return f"comment at line {d.line}: receipt-gate: {d.verb} {', '.join(d.checks)}{why}"


def wrap(
    check: Callable[[Draft], Outcome],
    name: str,
    comments: bool,
    baseline: Mapping[str, Sequence[str]] | None,
    baseline_file: str,
    key: Callable[[Finding], str],
    report_bad: bool,
    deterministic: Sequence[str],
    known: Sequence[str],
) -> Callable[[Draft], Outcome]:
    """The checker with suppressions applied: comments (when `comments`), then the
    baseline's findings for each draft (path -> keys of findings, repeated as often as
    they occurred). With `report_bad`, a comment that is not a valid directive is a
    finding of this check (one check reports it, not every one)."""

    def apply(draft: Draft, out: Outcome) -> Outcome:
        listed = baseline.get(draft.path) if baseline else None
        if not comments and not listed:
            return out
        found, bad = directives(draft.text, deterministic, known) if comments else ([], [])
        if not report_bad:
            bad = []
        if not out.findings and not bad:
            return out
        kept: list[Finding] = []
        suppressed = list(out.suppressed)
        for f in out.findings:
            d = next((d for d in found if name in d.checks and f.line in d.lines), None)
            if d is not None:
                suppressed.append(Suppressed(f, _by(d)))
                continue
            kept.append(f)
        got = Outcome([*kept, *bad], out.checked, suppressed, out.reads)
        return by_baseline(got, listed, baseline_file, key) if listed else got

    return _Applied(check, apply)


def by_baseline(
    out: Outcome, listed: Sequence[str], baseline_file: str, key: Callable[[Finding], str]
) -> Outcome:
    """The outcome with each finding the baseline lists for its draft (by key, as often
    as it is listed) suppressed; a finding about a comment itself is never one."""
    room: dict[str, int] = {}
    for k in listed:
        room[k] = room.get(k, 0) + 1
    if not room or not out.findings:
        return out
    kept: list[Finding] = []
    suppressed = list(out.suppressed)
    for f in out.findings:
        k = key(f) if f.extra != BAD_COMMENT else ""
        k = k if k in room else _within(k, room)
        if k and room.get(k, 0) > 0:
            room[k] -= 1
            suppressed.append(Suppressed(f, f"baseline {baseline_file}"))
        else:
            kept.append(f)
    return Outcome(kept, out.checked, suppressed, out.reads)


# A measured key: what a finding weighs and of what parts (`weighted AI tells at 15.7 per
# 1,000: a | b`). A baseline excuses it while it weighs no more, of no other parts.
_MEASURED = lazyre.compile(r"(.+) at (\d+(?:\.\d+)?) per 1,000: (.*)")


def _within(k: str, room: Mapping[str, int]) -> str:
    """The listed measured key with room that this measured finding stays within, or ""."""
    now = _MEASURED.fullmatch(k)
    if now is None:
        return ""
    parts = set(now.group(3).split(" | "))
    for listed, left in room.items():
        was = _MEASURED.fullmatch(listed)
        if (
            left > 0
            and was is not None
            and was.group(1) == now.group(1)
            and float(now.group(2)) <= float(was.group(2))
            and parts <= set(was.group(3).split(" | "))
        ):
            return listed
    return ""


class _Applied:
    """A checker with a step after it, one draft at a time or (a program that takes a
    batch) all at once."""

    def __init__(
        self, check: Callable[[Draft], Outcome], after: Callable[[Draft, Outcome], Outcome]
    ) -> None:
        self.check, self.after = check, after
        if hasattr(check, "ready"):  # (a program: whether it can run here)
            self.ready = check.ready
        many = getattr(check, "many", None)
        if many is not None:
            self.many = lambda drafts: [
                after(d, o) for d, o in zip(drafts, many(drafts), strict=True)
            ]

    def __call__(self, draft: Draft) -> Outcome:
        return self.after(draft, self.check(draft))
