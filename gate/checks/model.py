"""A model check's verdict: one JSON object, printed by the check's command (gate.invariant.grading
runs it) or recorded from elsewhere:

    {"verdict": "pass"|"fail",
     "criteria": [{"name", "verdict", "quotes": [...], "note",
                   "evidence": [{"path": "posts/x.md", "quote": "..."}]}]}

Every criterion quotes the draft; its evidence, optional, quotes the repository files
each specific came from (seed 000: the reviewer opens the file). Every quote must really
be there, checked when the verdict is recorded and again by every verify.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from receipt_gate.checks import Finding
from receipt_gate.reading.quotes import QuoteProblem, check_quotes, normalize

if TYPE_CHECKING:
    from receipt_gate.trees.tree import Tree

OUTPUT_LIMIT = 4 * 1024 * 1024


class GradeError(Exception):
    """The grader could not give a usable verdict: one line, exit 2, no receipt."""


def parse_verdict(data: bytes, source: str) -> dict[str, Any]:
    """The verdict object, shape-checked; GradeError says what is wrong with it."""
    from receipt_gate.base.shapes import BadShape, load_json

    try:
        obj = load_json(data)
    except BadShape as e:
        raise GradeError(f"{source}: {str(e).replace('not valid JSON', 'not JSON')}") from None
    if not isinstance(obj, dict):
        raise GradeError(f"{source}: expected a JSON object with verdict and criteria")
    if obj.get("verdict") not in ("pass", "fail"):
        got = obj.get("verdict")
        raise GradeError(f'{source}: verdict must be "pass" or "fail", got {got!r}')
    criteria = obj.get("criteria")
    if not isinstance(criteria, list) or not criteria:
        raise GradeError(f"{source}: criteria must be a non-empty list")
    clean = []
    for i, c in enumerate(criteria):
        where = f"{source}: criteria[{i}]"
        if not isinstance(c, dict):
            raise GradeError(f"{where}: expected an object")
        if not isinstance(c.get("name"), str) or not c["name"].strip():
            raise GradeError(f"{where}.name: expected a non-empty string")
        if c.get("verdict") not in ("pass", "fail"):
            raise GradeError(f'{where}.verdict: must be "pass" or "fail"')
        quotes = c.get("quotes", [])
        if not isinstance(quotes, list) or not all(isinstance(q, str) for q in quotes):
            raise GradeError(f"{where}.quotes: expected a list of strings")
        note = c.get("note", "")
        if not isinstance(note, str):
            raise GradeError(f"{where}.note: expected a string")
        entry: dict[str, Any] = {
            "name": c["name"],
            "verdict": c["verdict"],
            "quotes": quotes,
            "note": note,
        }
        evidence = c.get("evidence")
        if evidence is not None:
            from receipt_gate.base.shapes import evidence_problem

            if evidence_problem(evidence):
                raise GradeError(f"{where}.evidence: expected a list of {{path, quote}} strings")
            entry["evidence"] = [{"path": e["path"], "quote": e["quote"]} for e in evidence]
        clean.append(entry)
    return {"verdict": obj["verdict"], "criteria": clean}


def quote_problems(
    verdict: Mapping[str, Any],
    text: str,
    min_chars: int,
    tree: Tree | None = None,
    draft: str = "",
    sources: Tree | None = None,
    run_dir: str = ".receipts",
    unshown: frozenset[str] = frozenset(),
    own: Callable[[str], bool] | None = None,
) -> list[QuoteProblem]:
    """Every quote that is not in the draft (`unshown`: what a site's render hook may not
    print, gate.reading.quotes.paragraphs), and (given the tree) every piece of
    evidence that is not in the file it names as `sources` holds it (evidence_problems)."""
    found = check_quotes(verdict["criteria"], text, min_chars, draft, unshown)
    if tree is None:
        return found
    return found + evidence_problems(
        verdict["criteria"], tree, min_chars, draft, sources, run_dir, own
    )


def evidence_problems(
    criteria: Sequence[Mapping[str, Any]],
    tree: Tree,
    min_chars: int,
    draft: str = "",
    sources: Tree | None = None,
    run_dir: str = ".receipts",
    own: Callable[[str], bool] | None = None,
) -> list[QuoteProblem]:
    """Each evidence quote that is not in its source, in the judged tree and as `sources`
    (the rules' commit: HEAD at commit, the base in CI) holds it: never the draft itself,
    nor another page the drafts globs gate (`own`: our own writing, round 82), and never
    what the judged change adds to a file, or a file it adds (named as new). Without
    `sources` (a first commit), the judged tree alone; never a receipt (the gate's record
    of what a check said: its findings quote drafts) nor the gate's config. A source is
    read as what its name says it is (gate.reading.quotes.in_source: a data file's
    values, not its comments); the draft quotes' normalization and paragraph rule apply."""
    import posixpath

    from receipt_gate import CONFIG_FILE
    from receipt_gate.reading.quotes import in_source
    from receipt_gate.trees.tree import read_text

    out = []
    for c in criteria:
        for e in c.get("evidence", ()):
            path, quote = e["path"], e["quote"]
            norm = posixpath.normpath(path)
            name = str(c.get("name", "?"))

            def problem(reason: str, name: str = name, quote: str = quote) -> None:
                out.append(QuoteProblem(name, quote, reason))

            if posixpath.isabs(path) or norm.startswith("../") or norm != path:
                problem(f"cites {path!r}, not a repository path written plainly")
                continue
            if path == draft:
                problem(f"cites {path}, the draft itself: evidence comes from another file")
                continue
            if path.startswith(run_dir.rstrip("/") + "/") or path == CONFIG_FILE:
                problem(f"cites {path}, the gate's own record or config, no source")
                continue
            if own is not None and own(path):
                problem(f"cites {path}, a page the drafts globs gate: our own writing, no source")
                continue
            judged = read_text(tree, path)
            if judged is None or isinstance(judged, str):
                problem(f"cites {path}, which is not a readable file in the {tree.label}")
            elif len(normalize(quote)) < min_chars:
                problem(f"is under min_quote_chars {min_chars} (evidence from {path})")
            elif (found := in_source(quote, judged.text, path)) is None:
                problem(
                    f"cites {path}, which no reader reads as a document (a page, a text,"
                    " or a data file's values)"
                )
            elif not found:
                problem(f"does not occur in {path} within one paragraph")
            elif sources is not None:
                landed = read_text(sources, path)
                if landed is None or isinstance(landed, str):
                    problem(
                        f"cites {path}, a new source this change adds (not in the"
                        f" {sources.label}): a source counts once it has landed; commit"
                        " it on its own first, for a reviewer to see"
                    )
                elif not in_source(quote, landed.text, path):
                    problem(
                        f"does not occur in {path} as the {sources.label} holds it (this"
                        " change edits it to say so: a source counts once it has"
                        " landed)"
                    )
    return out


def findings(verdict: Mapping[str, Any], text: str) -> list[Finding]:
    """A finding for each failing criterion (and for an overall fail), at its first quote."""
    out = []
    for c in verdict["criteria"]:
        if c["verdict"] == "fail":
            line = _line_of(text, c["quotes"][0]) if c["quotes"] else 1
            note = f": {c['note']}" if c["note"] else ""
            out.append(Finding(line, 1, f"criterion {c['name']!r} fails{note}"))
    if verdict["verdict"] == "fail" and not out:
        out.append(Finding(1, 1, "the model's overall verdict is fail"))
    return out


def _line_of(text: str, quote: str) -> int:
    first = normalize(quote).split(" ")[0] if quote.strip() else ""
    for n, line in enumerate(text.split("\n"), 1):
        if first and first in normalize(line):
            return n
    return 1
