"""`adopt`: what existing content fails, and the two honest ways to start.

Without an option it reports, per check, how many gated drafts fail and what most
often, and writes nothing. `--baseline` records today's findings in the baseline file
(gate.checks.baseline) and names it in the config: they refuse nothing, any new finding
does. `--pre-gate` marks each failing draft with a status before gate_from: it is
not gated until someone fixes it and advances it. Either way the receipts are then
written, so the first commit is green, and the command says which it did.
"""

from __future__ import annotations

import collections
from typing import TYPE_CHECKING, Any, NamedTuple

from receipt_gate import GateError
from receipt_gate.report.output import Progress, json_out, plural, say, table
from receipt_gate.rules.config import CONFIG_FILE
from receipt_gate.rules.session import Session, drafts_in, load_drafts, open_session

if TYPE_CHECKING:
    import argparse

    from receipt_gate.checks import Finding, Outcome

TOP = 3  # most frequent findings shown per check

LISTED = "listed_in"  # the marker of a table of contents (its value: the file)
_ROUNDS = 8  # of marking what fails, in adopt --pre-gate and --unpublish


class Decided(NamedTuple):
    """What adopt's one run of the checks decided: every job (check, draft path, the
    draft's sha256) and its outcome with no baseline; the receipts are written from it,
    never by a second run."""

    jobs: list[tuple[str, str, str]]
    outcomes: list[Outcome]


BATCH = 4000  # drafts read and decided at once: a site's pages are never all held


def _findings(
    s: Session,
) -> tuple[list[str], list[str], dict[str, dict[str, list[Finding]]], Decided]:
    """(the checks, the gated drafts, check -> draft -> findings, what was decided), as
    the checks stand with no baseline (comments in the drafts still count). The drafts
    are read, judged and let go a batch at a time: at 40,000 pages, holding every page's
    bytes and text at once was most of adopt's memory."""
    from receipt_gate.invariant import runner
    from receipt_gate.invariant.judge import gating
    from receipt_gate.invariant.receipts import sha256

    names = s.cfg.deterministic()
    paths = drafts_in(s.cfg, s.tree)
    found: dict[str, dict[str, list[Finding]]] = {n: {} for n in names}
    gated: list[str] = []
    decided = Decided([], [])
    progress = Progress("adopt: checking")
    for at in range(0, len(paths), BATCH):
        drafts = load_drafts(s.tree, paths[at : at + BATCH])
        status = {d.path: gating(s.cfg, d.path, d.text) for d in drafts}
        batch = [d for d in drafts if status[d.path][0]]
        gated += [d.path for d in batch]
        todo = runner.plan(s.cfg, batch, {p: st for p, (_, st) in status.items()})

        def shown(done: int, total: int, before: int = at) -> None:
            progress(before * len(names) + done, len(paths) * len(names))

        jobs, outcomes, _ = runner.decide(s.cfg._replace(baseline=""), s.tree, todo, shown)
        digest = {d.path: sha256(d.data) for d in batch}
        decided.jobs.extend((name, d.path, digest[d.path]) for name, d in jobs)
        decided.outcomes.extend(outcomes)
        for (name, d), o in zip(jobs, outcomes, strict=True):
            if o.findings:
                found[name][d.path] = list(o.findings)
    progress.end()
    return names, gated, found, decided


def _summary(
    names: list[str], gated: list[str], found: dict[str, dict[str, list[Finding]]]
) -> dict[str, Any]:
    from receipt_gate.checks.baseline import key

    checks = {}
    for n in names:
        counts = collections.Counter(key(f) for fs in found[n].values() for f in fs)
        checks[n] = {
            "failing": len(found[n]),
            "findings": sum(counts.values()),
            "most_often": [{"finding": k, "count": c} for k, c in counts.most_common(TOP)],
        }
    return {
        "drafts": len(gated),
        "checks": checks,
        "failing": sorted({p for n in names for p in found[n]}),
    }


def _say_summary(doc: dict[str, Any]) -> None:
    say(
        f"receipt-gate adopt: {plural(doc['drafts'], 'gated draft')},"
        f" {plural(len(doc['checks']), 'check')}"
    )
    rows = []
    for name, c in doc["checks"].items():
        often = "; ".join(f"{m['finding']} ({m['count']})" for m in c["most_often"])
        rows.append(
            (
                name,
                f"{c['failing']} of {doc['drafts']} fail",
                plural(c["findings"], "finding") if c["findings"] else "",
                often,
            )
        )
    table([("check", "drafts", "findings", "most often"), *rows], last_free=True)


def _mark_until_none_fails(
    s: Session,
    did: str,
    failing: list[str],
    state: str | None,
    marker: tuple[str, str | bool] | None,
) -> tuple[Session, list[str]]:
    """Mark the failing pages, then those that fail now: a page held back is no article,
    nor documentation, so a page that leant on it may fail (its number, its name).
    The session after the last round, and every page marked."""
    marked: list[str] = []
    todo = failing
    for _ in range(_ROUNDS):
        marked += _mark(s, todo, state, marker)[0]
        s = open_session()
        todo = _summary(*_findings(s)[:3])["failing"]
        if not todo:
            return s, marked
    raise GateError(
        f"adopt --{did}: {todo[0]} still fails after {_ROUNDS} rounds of"
        " marking the pages that fail (the marks are written; fix it, or use"
        " adopt --baseline)"
    )


def adopt(args: argparse.Namespace) -> int:
    s = open_session()
    names, gated, found, decided = _findings(s)
    doc = _summary(names, gated, found)
    failing = doc["failing"]
    if args.pre_gate is not None:
        _pre_gate_state(s, args.pre_gate or None)  # a bad STATE is refused, failing or not
    if args.unpublish:
        _marker(s)
    if not gated:
        say(
            f"receipt-gate adopt: nothing is gated: drafts {list(s.cfg.drafts)} match no"
            " draft the gate holds, so a commit would be refused; fix `drafts` in"
            f" {CONFIG_FILE}"
        )
        return 1
    comments = [
        (p, f)
        for fs in found.values()
        for p, items in fs.items()
        for f in items
        if dict(f.extra).get("comment")
    ]
    if comments and args.baseline:
        for path, f in comments:
            say(f"{path}:{f.line}:{f.col}: {f.message}")
        say(
            "receipt-gate adopt: a comment above is not a receipt-gate directive, and no"
            " baseline covers that: fix it, then adopt --baseline again; nothing written"
        )
        return 1
    did = "report"
    if failing and args.baseline:
        did = "baseline"
        from receipt_gate.invariant.adoption import write_baseline

        doc["baseline"], doc["still_failing"] = write_baseline(s, found)
    elif failing and (args.pre_gate is not None or args.unpublish):
        did = "unpublish" if args.unpublish else "pre-gate"
        marker = _marker(s) if args.unpublish else None
        state = None if marker else args.pre_gate or None
        s, marked = _mark_until_none_fails(s, did, failing, state, marker)
        failing = doc["failing"] = sorted(marked)
        doc["marked"] = failing
        if marker:
            doc["marker"] = {marker[0]: marker[1]}
        else:
            doc["status"] = str(_pre_gate_state(s, state))
    starting = args.baseline or args.pre_gate is not None or args.unpublish
    written = _write_receipts(
        did, bool(failing) or not starting, decided, not doc.get("still_failing")
    )
    if written is not None:
        doc["receipts_written"] = written
    doc["did"] = did
    if args.format == "json":
        json_out(doc)
        return 1 if failing and did == "report" else 0
    _say_summary(doc)
    if did == "baseline":
        kept = doc["baseline_findings"] = _count(s)
        say(
            f"receipt-gate adopt: did --baseline: {doc['baseline']} (named by {CONFIG_FILE}"
            f" baseline:) holds {plural(kept, 'finding')}: they refuse nothing, any new"
            f" finding does; {plural(doc['receipts_written'], 'receipt')} written"
        )
        if doc["still_failing"]:
            for line in doc["still_failing"][:20]:
                say(f"  {line}")
            say(
                f"receipt-gate adopt: {plural(len(doc['still_failing']), 'finding')} above"
                " came after the baseline was first recorded: a baseline only shrinks, so"
                " fix them (a bigger baseline is a rule change of its own, for review)"
            )
            return 1
    elif did == "unpublish" and LISTED in doc["marker"]:
        toc = doc["marker"][LISTED]
        say(
            f"receipt-gate adopt: did --unpublish: made {plural(len(failing), 'page')} draft"
            f" chapters in {toc}; {plural(doc['receipts_written'], 'receipt')} written for the"
            " rest"
        )
        say(
            f"warning: the site no longer publishes those {plural(len(failing), 'page')};"
            f" fix each and link it again in {toc} to publish it, which gates it"
        )
    elif did == "unpublish":
        ((key, value),) = doc["marker"].items()
        say(
            f"receipt-gate adopt: did --unpublish: marked {plural(len(failing), 'page')}"
            f" {key}: {str(value).lower()}; {plural(doc['receipts_written'], 'receipt')}"
            " written for the rest"
        )
        say(
            f"warning: the site no longer publishes those {plural(len(failing), 'page')}"
            f" (the marker unpublishes them); fix each and remove {key}: to publish it"
            " again, which gates it"
        )
    elif did == "pre-gate":
        say(
            f"receipt-gate adopt: did --pre-gate: marked {plural(len(failing), 'draft')}"
            f" status: {doc['status']}: not gated until fixed and advanced (receipt-gate"
            f" advance PATH {s.cfg.gate_from}); {plural(doc['receipts_written'], 'receipt')}"
            " written for the rest"
        )
    elif failing:
        total = sum(c["findings"] for c in doc["checks"].values())
        say("Ways to start (each writes the receipts, so the first commit is green):")
        say(
            f"  receipt-gate adopt --baseline   record today's {plural(total, 'finding')}"
            " (refusing nothing); any new finding refuses"
        )
        if way := _other_way(s, len(failing)):
            say(way)
        say("Or fix them first: receipt-gate run lists every finding with its line.")
        return 1
    elif "receipts_written" in doc:
        say(
            f"receipt-gate adopt: nothing fails; {plural(doc['receipts_written'], 'receipt')}"
            " written"
        )
    else:
        say(
            "receipt-gate adopt: nothing fails: commit (the hook runs the checks), or"
            " receipt-gate run first"
        )
        return 0
    say("next: git add -A && git commit")
    return 0


def _other_way(s: Session, failing: int) -> str:
    """The way besides the baseline this repository has: a status before gate_from, or
    on a site (where a status holds back nothing it publishes) the site's own marker."""
    markers = s.cfg.draft_markers
    if markers is None:
        before = s.cfg.states[max(0, s.cfg.states.index(s.cfg.gate_from) - 1)]
        return (
            f"  receipt-gate adopt --pre-gate   mark the {plural(failing, 'failing draft')}"
            f" status: {before}: not gated until fixed and advanced"
        )
    if markers.listed_in:
        return (
            f"  receipt-gate adopt --unpublish  make the {plural(failing, 'failing page')}"
            f" draft chapters in {markers.listed_in[0]}: the site stops publishing them"
            " until fixed"
        )
    if not markers.front_matter:
        return ""
    (key, value), *_ = markers.front_matter
    return (
        f"  receipt-gate adopt --unpublish  mark the {plural(failing, 'failing page')}"
        f" {key}: {str(value).lower()}: the site stops publishing them until fixed"
    )


def _marker(s: Session) -> tuple[str, str | bool]:
    """The site's own front-matter draft marker, for --unpublish."""
    m = s.cfg.draft_markers
    if m is None:
        raise GateError(
            f"adopt --unpublish: {CONFIG_FILE} has no draft_markers: no generator"
            " known to the gate publishes this repository, so no marker is"
            " known to hold a page back; use adopt --pre-gate or adopt --baseline"
        )
    if m.listed_in:
        return LISTED, m.listed_in[0]
    if m.paths and not m.front_matter:
        where = next((p for p in m.paths if not p.startswith("!")), m.paths[0])
        raise GateError(
            f"adopt --unpublish: this site's draft marker is a folder ({where},"
            f" draft_markers.paths in {CONFIG_FILE}), not something adopt writes"
            " into a page: move each failing page there by hand, or use adopt"
            " --baseline"
        )
    if not m.front_matter:
        raise GateError(
            "adopt --unpublish: this site's generator publishes every page (it"
            f" has no draft marker: draft_markers in {CONFIG_FILE} mark nothing),"
            " so nothing can hold a failing page back; use adopt --baseline"
        )
    key, value = m.front_matter[0]
    if not isinstance(value, (str, bool)):
        raise GateError(
            f"adopt --unpublish: draft_markers.front_matter.{key} is a number;"
            " write it by hand, or use adopt --baseline"
        )
    return key, value


def _pre_gate_state(s: Session, state: str | None) -> str:
    if s.cfg.draft_markers is not None:
        raise GateError(
            "adopt --pre-gate: this site publishes a page whatever its status:"
            " says, so a status cannot hold a failing page back: use adopt"
            " --baseline (findings recorded, pages stay up)"
            + (
                ", or adopt --unpublish (the site's own draft marker, which takes"
                " each failing page off the site)"
                if s.cfg.draft_markers.front_matter
                else ""
            )
        )
    before = s.cfg.states[: s.cfg.states.index(s.cfg.gate_from)]
    if state is None:
        if not before:
            raise GateError(
                f"adopt --pre-gate: no state comes before gate_from"
                f" ({s.cfg.gate_from}) in {CONFIG_FILE}"
            )
        return before[-1]
    if state not in before:
        raise GateError(
            f"adopt --pre-gate: {state!r} is not a state before gate_from"
            f" ({', '.join(before) or 'none'})"
        )
    return state


def _count(s: Session) -> int:
    from receipt_gate.checks import baseline

    s = open_session()
    entries = baseline.load(s.tree, s.cfg.baseline, s.cfg.deterministic(list(s.cfg.specs)))
    return sum(len(keys) for checks in entries.values() for keys in checks.values())


def _mark(
    s: Session, failing: list[str], state: str | None, marker: tuple[str, str | bool] | None = None
) -> tuple[list[str], str]:
    """Write `status: STATE` (or the site's marker) into each failing draft, in its own
    front-matter format; every file is read before any is written."""
    from receipt_gate.invariant.states import set_field
    from receipt_gate.trees.fsio import read_regular, write_file

    key, value = marker or ("status", _pre_gate_state(s, state))
    if key == LISTED:
        return _unlist(s, failing), str(value)
    new = {}
    for path in failing:
        data = read_regular(s.root, path, 1 << 26)
        if data is None:
            raise GateError(f"{path}: not a regular file in the working tree")
        new[path] = set_field(data, key, value, path)
    for path, data in new.items():
        write_file(s.root, path, data)
    return failing, str(value)


def _unlist(s: Session, failing: list[str]) -> list[str]:
    """Take each failing page out of the table of contents that publishes it (mdBook: a
    draft chapter, `[Title]()`); every file is read before any is written."""
    from receipt_gate.sites.builds import governs, unlist
    from receipt_gate.trees.fsio import read_regular, write_file

    markers = s.cfg.draft_markers
    tocs = markers.listed_in if markers is not None else ()
    new: dict[str, bytes] = {}
    for path in failing:
        toc = next((t for t in tocs if governs(t, path)), None)
        if toc is None:
            raise GateError(
                f"adopt --unpublish: {path}: no table of contents decides whether"
                " it is published (the site copies it as it is): fix it, or use"
                " adopt --baseline"
            )
        if toc not in new:
            data = read_regular(s.root, toc, 1 << 24)
            if data is None:
                raise GateError(f"{toc}: not a regular file in the working tree")
            new[toc] = data
    for toc in new:
        text = new[toc].decode("utf-8", "replace")
        new[toc] = unlist(toc, text, [p for p in failing if governs(toc, p)]).encode()
    for toc, data in new.items():
        write_file(s.root, toc, data)
    return failing


def _write_receipts(did: str, reporting: bool, decided: Decided, strict: bool) -> int | None:
    """The receipts adopt writes (how many), or None where it writes none: after the
    baseline (or with nothing failing) from the one run's outcomes, since the rules
    changed by the baseline alone; after pages were marked, by running the checks on
    what is still gated."""
    if did == "baseline" or (did == "report" and not reporting):
        return _receipts_from(decided, strict=strict)
    if did != "report":
        return _receipts(strict=strict)
    return None


def _receipts_from(decided: Decided, strict: bool = True) -> int:
    """Write the receipts of what was decided, under the rules as they now stand (a
    fresh session: the config may name a new baseline, which it applies)."""
    from receipt_gate.checks import baseline
    from receipt_gate.invariant import receipts, runner
    from receipt_gate.rules.fingerprint import fingerprint
    from receipt_gate.rules.suppress import by_baseline

    s = open_session()
    listed = (
        baseline.load(s.tree, s.cfg.baseline, s.cfg.deterministic(list(s.cfg.specs)))
        if s.cfg.baseline
        else {}
    )
    fps = {name: fingerprint(name, s.cfg, s.tree) for name in {n for n, _, _ in decided.jobs}}
    written = 0
    progress = Progress("adopt: writing receipts")
    left = []
    for count, ((name, path, sha), o) in enumerate(
        zip(decided.jobs, decided.outcomes, strict=True)
    ):
        o = by_baseline(o, listed.get(path, {}).get(name, []), s.cfg.baseline, baseline.key)
        if o.findings:
            left.append(path)
        written += receipts.write(
            s.root,
            receipts.receipt_path(s.cfg.run_dir, path, name),
            runner.receipt_of(name, path, sha, fps[name], o),
        )
        progress(count + 1, len(decided.jobs))
    progress.end()
    if left and strict:
        raise RuntimeError(f"{sorted(left)[0]}: still fails after adopting")
    return written


def _receipts(strict: bool = True) -> int:
    """Write every receipt the rules now call for (a fresh session: the config changed);
    `strict`: every draft must now pass (else it is a bug)."""
    from receipt_gate.invariant import runner
    from receipt_gate.invariant.judge import gating

    s = open_session()
    drafts = load_drafts(s.tree, drafts_in(s.cfg, s.tree))
    status = {d.path: gating(s.cfg, d.path, d.text) for d in drafts}
    gated = [d for d in drafts if status[d.path][0]]
    progress = Progress("adopt: writing receipts")
    results = runner.run(
        s.cfg, s.tree, runner.plan(s.cfg, gated, {p: st for p, (_, st) in status.items()}), progress
    )
    progress.end()
    left = sorted({r.draft for r in results if r.outcome.findings})
    if left and strict:
        raise RuntimeError(f"{left[0]}: still fails after adopting")
    return sum(r.written for r in results)
