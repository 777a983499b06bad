"""`--recheck`: the deterministic checks run again on the judged bytes.

A receipt is a claim made by whoever wrote it. Run again, a check must find what the
receipt says: no finding (it says pass), and the same suppressed findings (a receipt
that hides a suppression makes it silent). A receipt the check would not have written
is refused, whatever it says.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import TYPE_CHECKING

from receipt_gate import GateError
from receipt_gate.checks import ToolMismatch
from receipt_gate.invariant.judge import FAIL, FRESH, STALE, Cell
from receipt_gate.trees.tree import Tree, read_text

if TYPE_CHECKING:
    from receipt_gate.rules.config import Config


def _forged(cell: Cell, message: str, findings: tuple[dict[str, object], ...]) -> Cell:
    return cell._replace(
        state=FAIL,
        reason="recheck",
        condition=3,
        findings=findings,
        message=f"forged: {message} (--recheck)",
    )


def _same(a: Sequence[object], b: Sequence[object]) -> bool:
    return json.dumps(list(a), sort_keys=True) == json.dumps(list(b), sort_keys=True)


def trusted_checks(own: Config, names: Sequence[str], trusted: Config | None) -> list[str]:
    """The checks that may run again: a command check only where the rules in force
    declare it the same (its command, settings and version), since its program and the
    files it names come from the branch otherwise, and CI runs no code the branch
    brings; a plugin is installed code, and runs."""
    return [
        c
        for c in names
        if own.specs[c].kind != "command"
        or (
            trusted is not None
            and trusted.specs.get(c) == own.specs[c]
            and trusted.effective.get(c) == own.effective[c]
        )
    ]


def _not_theirs(own: Config, check: str, trusted: Config | None, path: str) -> bool:
    """A command check's draft the rules in force do not gate (the branch widened its
    own drafts globs): its program is not run on it."""
    from receipt_gate.base import wildmatch

    return (
        own.specs[check].kind == "command"
        and trusted is not None
        and not wildmatch.match(trusted.drafts, path)
    )


def rerun(
    own: Config,
    tree: Tree,
    gated: Sequence[str],
    cells: list[Cell],
    base: Tree | None,
    rules: Tree | None = None,
    trusted: Config | None = None,
) -> list[Cell]:
    """Run each deterministic required check again on the gated drafts (with `base`:
    those whose bytes differ from it, and every one for a check whose inputs differ from
    it: a changed registry or corpus can turn an untouched draft's pass into a fail) and
    refuse each fresh receipt the check contradicts. A command check runs only as the
    rules in force (`trusted`, read from `rules`) declare it (see trusted_checks)."""
    from receipt_gate.invariant.runner import prepare
    from receipt_gate.rules.config import CONFIG_FILE
    from receipt_gate.rules.fingerprint import fingerprint
    from receipt_gate.rules.markers import BUILD_FILES, CONFIG_EXTS, SCRIPT_EXTS
    from receipt_gate.trees.digests import sha256_of

    names = trusted_checks(own, own.deterministic(), trusted)
    todo = {c: list(gated) for c in names}
    # Rules that changed since base (a check newly required, a draft newly gated, a
    # setting, a build that now publishes what the draft markers held back) can make
    # an untouched draft's receipt one no run of base's ever checked: then every draft
    # is run again.
    ruled = [p for p in (CONFIG_FILE, own.baseline) if p]
    # (and a table of contents that decides what is published: mdBook's SUMMARY.md)
    ruled += list(own.draft_markers.listed_in) if own.draft_markers is not None else []
    if trusted is not None and trusted.draft_markers is not None:
        ruled += list(trusted.draft_markers.listed_in)
    if base is not None:
        # (any a build names; a script any build runs, where marked drafts are held back)
        marked = own.draft_markers is not None or (
            trusted is not None and trusted.draft_markers is not None
        )
        exts = (*CONFIG_EXTS, *(SCRIPT_EXTS if marked else ()))
        built = [*BUILD_FILES, *(f"**/*{e}" for e in exts)]
        ruled = sorted({*ruled, *tree.paths(built), *base.paths(built)})
    if base is not None and sha256_of(tree, ruled) == sha256_of(base, ruled):
        now, before = sha256_of(tree, gated), sha256_of(base, gated)
        changed = [p for p in gated if now[p] != before[p]]
        for c in names:
            try:  # the whole corpus compared: a receipt's own reads are its writer's word
                same = (
                    fingerprint(c, own, tree, rules=rules).whole
                    == fingerprint(c, own, base, rules=base).whole
                )
            except GateError:  # an input base does not have (its baseline...): changed
                same = False
            if same:
                todo[c] = changed
    todo = {c: paths for c, paths in todo.items() if paths}
    if not todo:
        return cells
    checkers = {c: prepare(own, c, tree, rules)[0] for c in todo}
    for c in list(checkers):  # a tool of another version: its receipts are not vouched for
        try:
            getattr(checkers[c], "ready", lambda: None)()
        except ToolMismatch as e:
            del checkers[c], todo[c]
            cells = [
                x._replace(
                    state=STALE, reason="recheck", condition=2, message=f"not run again: {e}"
                )
                if x.check == c and x.state == FRESH and x.draft in gated
                else x
                for x in cells
            ]
    index = {(c.draft, c.check): i for i, c in enumerate(cells)}
    out = list(cells)
    for check, paths in todo.items():
        drafts = []
        for path in paths:
            i = index.get((path, check))
            if i is None or out[i].state != FRESH:
                continue
            if _not_theirs(own, check, trusted, path):
                out[i] = out[i]._replace(
                    state=STALE,
                    reason="recheck",
                    condition=2,
                    message=f"not run again: {path} is no draft under the rules in force, and"
                    f" {check}'s program runs only on theirs (a draft the branch's own globs"
                    " add could be code it imports): commit the drafts change first",
                )
                continue
            draft = read_text(tree, path)
            if draft is not None and not isinstance(draft, str):
                drafts.append((i, draft))
        many = getattr(checkers[check], "many", None)
        outcomes = (
            many([d for _, d in drafts])
            if many is not None
            else [checkers[check](d) for _, d in drafts]
        )
        for (i, _), got in zip(drafts, outcomes, strict=True):
            if got.findings:
                n = len(got.findings)
                out[i] = _forged(
                    out[i],
                    f"the receipt says pass, but {check} run again on"
                    f" these bytes finds {n} finding{'s' * (n != 1)}",
                    tuple(f.as_dict() for f in got.findings),
                )
            elif not _same([x.as_dict() for x in got.suppressed], out[i].suppressed):
                n = len(got.suppressed)
                out[i] = _forged(
                    out[i],
                    f"{check} run again suppresses {n}"
                    f" finding{'s' * (n != 1)}, and the receipt does not say the"
                    f" same ({len(out[i].suppressed)}): a suppression it hides",
                    tuple(x.as_dict() for x in got.suppressed),
                )
    return out
