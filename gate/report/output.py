"""What the commands print: lines, colour, tables, progress, JSON and SARIF, and the report."""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from receipt_gate.base import lazyre
from receipt_gate.base.text import drop_stdout, printable, shell_words
from receipt_gate.rules.config import CONFIG_FILE, Config

if TYPE_CHECKING:
    from receipt_gate.invariant.judge import Cell
    from receipt_gate.invariant.verify import Report
    from receipt_gate.report.sarif import Result


READER_GONE: list[bool] = []  # `init | head -1`: the command finishes what it writes
# Our colour in a line, until the line is printed: a mark no string from a tree can hold
# (NULs around a number drawn at random for this process), written as the escape
# sequence by safe() alone, after every other character that is not printable has been
# escaped. (A string from a tree that holds an escape sequence, even one of our colours,
# is printed as its escape.)
_NONCE = os.urandom(8).hex()
_PAINT = lazyre.compile(f"\0{_NONCE}(0|31|32|33)\0", keep=False)


def safe(text: str) -> str:
    """One line as a terminal or a CI log shows it as it is: every character that is
    not printable written as its escape, a line break too (a string from a tree can
    never move the cursor, erase a line, hide text, colour it or forge a line); our own
    colour (colour() below) made an escape sequence. Several lines are several calls."""
    if text.isprintable():
        return text
    return "".join(
        printable(part) if i % 2 == 0 else f"\033[{part}m"
        for i, part in enumerate(_PAINT.split(text))
    )


def say(line: str = "") -> None:  # one line: see safe()
    try:
        print(safe(line), flush=False)
    except BrokenPipeError:  # the reader went away: say nothing more, exit 1 (errors)
        READER_GONE.append(True)
        drop_stdout()


def colour(text: str, code: str) -> str:
    """ANSI colour on a terminal only, and never when NO_COLOR is set (no-color.org)."""
    if os.environ.get("NO_COLOR") or not sys.stdout.isatty():
        return text
    return f"\0{_NONCE}{code}\0{text}\0{_NONCE}0\0"


def plural(n: int, word: str) -> str:
    return f"{n} {word}{'s' * (n != 1)}"


def json_out(doc: Any, ensure_ascii: bool = True) -> None:
    """Pretty JSON in one write (json.dump writes per token: 56,000 for 2,000 drafts),
    every character outside ASCII as its escape: a string from a tree (a C1 control, a
    direction override) never reaches a terminal or a log as it is."""
    sys.stdout.write(json.dumps(doc, indent=2, ensure_ascii=ensure_ascii) + "\n")


def sarif_out(
    results: Iterable[Result],
    notes: Sequence[str] = (),
    errors: Sequence[str] = (),
    cfg: Config | None = None,
    file: str | None = None,
) -> None:
    """The SARIF log on stdout, or written to `file` (the same run's text goes to
    stdout); `cfg` describes its checks."""
    from receipt_gate.report.sarif import document

    about = (
        {n: (s.description, s.help_uri) for n, s in cfg.specs.items()} if cfg is not None else None
    )
    doc = document(results, notes, errors, about)
    if file is None:
        json_out(doc)
        return
    _replace(file, json.dumps(doc, indent=2) + "\n")


def _replace(file: str, text: str) -> None:
    """Write the file anew: a temporary file beside it, renamed over it, so a symlink
    there (one a tree being judged holds, in its checkout) is replaced, never written
    through."""
    import tempfile

    folder = os.path.dirname(os.path.abspath(file))
    try:
        fd, tmp = tempfile.mkstemp(prefix=".receipt-gate-", suffix=".tmp", dir=folder)
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(tmp, file)
    except OSError as e:
        from receipt_gate import GateError

        raise GateError(f"{file}: cannot write the SARIF log: {e.strerror}") from None


def table(
    rows: Sequence[Sequence[str]], paint: Mapping[str, str] | None = None, last_free: bool = False
) -> None:
    """Rows in aligned columns, two spaces apart; cells named in `paint` coloured. With
    `last_free`, the last column is not padded (a free-text note)."""
    if not rows:
        return
    aligned = len(rows[0]) - 1 if last_free else len(rows[0])
    widths = [max(len(r[i]) for r in rows) for i in range(aligned)]
    for r in rows:
        cells = [
            colour(v.ljust(w), paint[v]) if paint and v in paint else v.ljust(w)
            for v, w in zip(r, widths, strict=False)
        ]
        say("  ".join([*cells, *r[aligned:]]).rstrip())


class Progress:
    """`label: done/total` on stderr: on a terminal, one line kept up to date and erased
    at the end; elsewhere (a log, CI, an agent's tool call), once the work has taken two
    seconds, a line every five, so a long run is never silent."""

    AFTER_S, EVERY_S = 2.0, 5.0

    def __init__(self, label: str, every: int = 1) -> None:
        import time

        self.label = label
        self.every = every
        self.shown = sys.stderr.isatty()
        self.clock = time.monotonic
        self.next_at = self.clock() + self.AFTER_S

    def __call__(self, done: int, total: int) -> None:
        if self.shown:
            if done % self.every == 0 or done == total:
                print(f"\r{self.label}: {done}/{total}", end="", file=sys.stderr, flush=True)
            return
        now = self.clock()
        if now >= self.next_at and done < total:
            print(f"receipt-gate: {self.label}: {done}/{total}", file=sys.stderr, flush=True)
            self.next_at = now + self.EVERY_S

    def end(self) -> None:
        if self.shown:
            print("\r" + " " * 40 + "\r", end="", file=sys.stderr, flush=True)


def report_sarif(report: Report) -> list[Result]:
    """A result for each receipt that does not count and each finding (suppressed ones
    with their suppression); inputs it cannot read are the log's errors (sarif_out)."""
    from receipt_gate.report.sarif import Result

    out = []
    for c in report.problems:
        out.append(Result(c.check, f"{c.receipt}: {c.message}", c.draft, reason=c.reason))
        for f in c.findings:
            out.append(
                Result(
                    c.check,
                    f"{c.check}: {f.get('message', '')}",
                    c.draft,
                    _int(f.get("line")),
                    _int(f.get("col")),
                )
            )
    for c in report.suppressed:
        for f in c.suppressed:
            out.append(
                Result(
                    c.check,
                    f"{c.check}: {f.get('message', '')}",
                    c.draft,
                    _int(f.get("line")),
                    _int(f.get("col")),
                    str(f.get("suppressed_by", "")),
                )
            )
    return out


def checks_each(report: Report) -> str:
    """How many checks each gated draft needs in its state (required, and required_from
    its state on): "5 required checks each", or "5 to 6 required checks each"."""
    import collections

    gated = set(report.drafts)  # (a list: a lookup in it per cell was quadratic)
    counts = collections.Counter(c.draft for c in report.cells if c.draft in gated)
    low = min(counts.values(), default=len(report.required))
    high = max(counts.values(), default=len(report.required))
    if low == high:
        return f"{plural(low, 'required check')} each"
    return f"{low} to {high} required checks each (by their states: required_from)"


def suppressed_rows(report: Report) -> list[dict[str, Any]]:
    """Every finding a comment or the baseline suppressed, in fresh receipts."""
    return [
        {"draft": c.draft, "check": c.check, "receipt": c.receipt, **f}
        for c in report.suppressed
        for f in c.suppressed
    ]


def suppressed_summary(
    report: Report | None, whole: Mapping[str, Sequence[int]] | None = None
) -> str:
    """One line that says how much is suppressed, on every run that finds any: in the
    whole tree (with `whole`, each draft's [gated, by comments, by the baseline], so a
    commit that judged only what it changed says what push and CI say)."""
    if whole is None:
        from receipt_gate.invariant.verified import drafts_of

        assert report is not None
        if not report.suppressed:
            return ""
        whole = drafts_of(report)
    by_comment = sum(v[1] for v in whole.values())
    by_baseline = sum(v[2] for v in whole.values())
    if not by_comment + by_baseline:
        return ""
    parts = [f"{by_comment} by comments"] if by_comment else []
    if by_baseline:
        parts.append(f"{by_baseline} by the baseline")
    drafts = sum(1 for v in whole.values() if v[1] or v[2])
    return (
        f"receipt-gate: {plural(by_comment + by_baseline, 'finding')} suppressed"
        f" ({', '.join(parts)}) in {plural(drafts, 'draft')};"
        " receipt-gate status lists them"
    )


def _int(value: object) -> int:
    """A line or column from a receipt: a positive integer, else 1."""
    return value if isinstance(value, int) and not isinstance(value, bool) and value > 0 else 1


def report_json(report: Report) -> dict[str, Any]:
    return {
        "ok": report.ok,
        "tree": report.tree,
        "required": list(report.required),
        "drafts": list(report.drafts),
        "ungated": [{"draft": d, "status": s} for d, s in report.ungated],
        "nothing_gated": report.nothing_gated,
        "errors": list(report.errors),
        "notes": list(report.notes),
        "suppressed": suppressed_rows(report),
        "problems": [
            {
                "draft": c.draft,
                "check": c.check,
                "receipt": c.receipt,
                "state": c.state,
                "reason": c.reason,
                "condition": c.condition,
                "message": c.message,
                "findings": list(c.findings),
            }
            for c in report.problems
        ],
    }


def errors_out(errors: Iterable[str]) -> None:
    """Inputs that could not be read: one line each, on stderr (whatever the format)."""
    from receipt_gate import LINES

    sys.stdout.flush()
    for line in (part for e in errors for part in e.split(LINES)):
        print(safe(line), file=sys.stderr)


SAME_CAUSE = 3  # receipts shown of one check refused for one cause; the rest counted
FINDINGS = 20  # finding lines shown in all; the rest counted


def problem_lines(problems: Sequence[Cell]) -> list[str]:
    """Each refused receipt with its findings, read at a glance at any scale: of the
    receipts one check refuses for one cause (stale because the draft changed, stale
    because what it read changed, failed...), a few shown and the rest counted in one
    line; each finding once, with its line, up to a cap."""
    groups: dict[tuple[str, str, int], list[Cell]] = {}
    for c in problems:
        groups.setdefault((c.check, c.reason, c.condition), []).append(c)
    out: list[str] = []
    shown = hidden = 0
    for (check, _, _), cells in groups.items():
        for c in cells[:SAME_CAUSE]:
            out.append(f"{printable(c.receipt)}: {printable(c.message)}")
        if len(cells) > SAME_CAUSE:
            first = printable(cells[0].message).split(":")[0]
            out.append(
                f"receipt-gate: and {len(cells) - SAME_CAUSE} more {check} receipts"
                f" {first} for the same cause (receipt-gate status lists them all)"
            )
        for c in cells:
            for f in c.findings:
                if shown == FINDINGS:
                    hidden += 1
                    continue
                shown += 1
                where = f"{printable(c.draft)}:{_int(f.get('line'))}:{_int(f.get('col'))}"
                out.append(f"{where}: {c.check}: {printable(str(f.get('message', '')))}")
    if hidden:
        out.append(
            f"receipt-gate: {plural(hidden, 'more finding')} not shown (receipt-gate"
            " verify --format json lists every one)"
        )
    return out


def _hints(problems: Sequence[Cell], cfg: Config, hook: bool) -> list[str]:
    """The commands that fix what is refused, each fitting its kind of check and cause."""
    rerun: dict[str, dict[str, None]] = {"run": {}, "grade": {}}
    stage: list[str] = []
    failed: set[str] = set()  # the verbs whose checks failed (a finding to fix first)
    out: list[str] = []
    for c in problems:
        if c.reason == "unstaged":
            stage.append(c.stage)
            continue
        if c.reason in ("policy", "recheck"):
            continue
        verb = "run" if cfg.specs[c.check].deterministic else "grade"
        if c.reason == "failed":
            failed.add(verb)
        rerun[verb][c.draft] = None
    for verb, drafts in rerun.items():
        if not drafts:
            continue
        fix = "fix the findings above, then " if verb in failed else ""
        if hook and verb == "run" and cfg.stage_receipts:
            out.append(
                f"hint: {fix or 'stage the drafts, then '}commit again: this hook runs"
                " the checks on what is staged and stages their receipts"
            )
            continue
        # (a model's failing verdict is a receipt `grade` keeps unless forced)
        force = " --force" if verb == "grade" and verb in failed else ""
        named = f" {shell_words(list(drafts))}" if len(drafts) <= 5 else ""
        add = shell_words([cfg.run_dir])
        out.append(f"hint: {fix}receipt-gate {verb}{force}{named} && git add {add}")
    if stage:
        prefix = cfg.run_dir + "/"
        paths = [p for p in dict.fromkeys(stage) if not p.startswith(prefix)]
        if any(p.startswith(prefix) for p in stage):
            paths.append(cfg.run_dir)
        out.append(f"hint: git add {shell_words(paths)}")
    if any(c.reason == "policy" for c in problems):
        out.append(
            "hint: a draft must pass the rules in force as well as its own: fix the"
            " draft, or land the rule change on its own first, where it is reviewed"
        )
    if any(c.reason == "recheck" for c in problems):
        out.append(
            "hint: a receipt must say what its check finds on these bytes: run the"
            " check (receipt-gate run DRAFT), commit the receipts it writes, and never"
            " edit one by hand"
        )
    for name in dict.fromkeys(c.check for c in problems if c.findings):
        if cfg.specs[name].hint:
            out.append(f"hint: {cfg.specs[name].hint}")
    return out


def report_text(
    report: Report,
    cfg: Config,
    hook: bool = False,
    whole: Mapping[str, Sequence[int]] | None = None,
) -> None:
    """The report as lines. `hook`: said by the commit hook, which runs the checks
    itself, so the hint is to fix and commit again. `whole`: the whole tree's drafts
    (gate.invariant.verified) where the report judged only some."""
    errors_out(report.errors)
    problems = report.problems
    for line in problem_lines(problems):
        say(line)
    if report.nothing_gated:
        say(
            f"receipt-gate: nothing is gated: drafts {list(cfg.drafts)} in {CONFIG_FILE}"
            f" match no file in the {report.tree}"
        )
        say("hint: add a draft, or fix `drafts` (globs follow git's wildmatch: drafts/**/*.md)")
    if report.ungated:
        say(
            f"receipt-gate: {plural(len(report.ungated), 'draft')} not gated yet"
            f" (status before {cfg.gate_from})"
        )
    if problems:
        say(
            f"receipt-gate: {colour('refused', '31')}: {plural(len(problems), 'receipt')}"
            f" missing, stale, failing or unstaged for {len({c.draft for c in problems})}"
            f" of {plural(_gated(report, whole), 'gated draft')} in the {report.tree}"
        )
        for line in _hints(problems, cfg, hook):
            say(line)
    elif report.ok:
        say(
            f"receipt-gate: {colour('ok', '32')}: {plural(len(report.drafts), 'gated draft')},"
            f" {checks_each(report)}, every receipt fresh and passing in the {report.tree}"
        )
    summary = suppressed_summary(report, whole)
    if summary:
        say(summary)
    for note in report.notes:
        say(printable(note))


def _gated(report: Report, whole: Mapping[str, Sequence[int]] | None) -> int:
    """How many drafts the tree gates: the whole tree's, where only some were judged."""
    if whole is None:
        return len(report.drafts)
    return sum(1 for v in whole.values() if v[0]) or len(report.drafts)
