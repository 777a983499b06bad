"""The invariant: every required receipt exists in the same tree, fresh and passing."""

from __future__ import annotations

import posixpath
from collections.abc import Sequence
from typing import Any, NamedTuple

from gate import wildmatch
from gate.config import CONFIG_FILE, Config
from gate.receipts import RECEIPT_LIMIT, inputs_sha256, parse, receipt_path, sha256
from gate.text import decode, front_matter
from gate.tree import TooLarge, Tree

FRESH, STALE, MISSING, FAIL = "fresh", "stale", "missing", "fail"


class Cell(NamedTuple):
    """One draft x one required check: its state and, unless fresh, why."""

    draft: str
    check: str
    receipt: str
    state: str  # fresh / stale / missing / fail
    reason: str = ""  # missing, unreadable, mismatched, stale, failed, unstaged
    condition: int = 0  # which of the five conditions broke (0: no usable receipt)
    message: str = ""
    findings: tuple[dict[str, Any], ...] = ()


class Report(NamedTuple):
    tree: str
    drafts: tuple[str, ...]  # the gated drafts verified
    ungated: tuple[tuple[str, str], ...]  # (draft, status) before gate_from
    required: tuple[str, ...]
    cells: tuple[Cell, ...]
    errors: tuple[str, ...]  # inputs it cannot read: exit 2
    nothing_gated: bool

    @property
    def problems(self) -> tuple[Cell, ...]:
        return tuple(c for c in self.cells if c.state != FRESH)

    @property
    def ok(self) -> bool:
        return not self.errors and not self.problems and not self.nothing_gated


def drafts_in(cfg: Config, tree: Tree) -> list[str]:
    prefix = cfg.run_dir + "/"
    return [p for p in wildmatch.select(cfg.drafts, tree.paths()) if not p.startswith(prefix)]


def judge(tree: Tree, cfg: Config, draft: str, draft_sha: str, check: str, inputs: str) -> Cell:
    """Decide one receipt against the five conditions, in order."""
    rpath = receipt_path(cfg.run_dir, draft, check)
    try:
        data = tree.read(rpath, RECEIPT_LIMIT)
    except TooLarge:
        data, why = None, f"larger than {RECEIPT_LIMIT} bytes"
    else:
        why = ""
    if data is None and not why:
        return Cell(
            draft,
            check,
            rpath,
            MISSING,
            "missing",
            0,
            f"missing: {check} has no receipt for {draft} in the {tree.label}",
        )
    receipt = parse(data) if data is not None else why
    if isinstance(receipt, str):
        return Cell(
            draft,
            check,
            rpath,
            MISSING,
            "unreadable",
            0,
            f"unreadable ({receipt}); counts as missing",
        )
    if receipt["check"] != check or receipt["draft"] != draft:
        return Cell(
            draft,
            check,
            rpath,
            MISSING,
            "mismatched",
            0,
            f"refused: it is the {receipt['check']} receipt of {receipt['draft']},"
            f" not the {check} receipt of {draft}; counts as missing",
        )
    if receipt["draft_sha256"] != draft_sha:
        return Cell(
            draft,
            check,
            rpath,
            STALE,
            "stale",
            1,
            f"stale (condition 1, draft_sha256): {draft} changed after"
            f" {check} ran at {receipt['ran_at']}",
        )
    if receipt["inputs_sha256"] != inputs:
        return Cell(
            draft,
            check,
            rpath,
            STALE,
            "stale",
            2,
            f"stale (condition 2, inputs_sha256): {check}'s settings, version or"
            f" corpus changed since it ran at {receipt['ran_at']}",
        )
    if receipt["verdict"] != "pass":
        findings = tuple(f for f in receipt["findings"] if isinstance(f, dict))
        return Cell(
            draft,
            check,
            rpath,
            FAIL,
            "failed",
            3,
            f"failed (condition 3, verdict): {check} says fail for {draft}"
            f" ({len(findings)} finding{'s' * (len(findings) != 1)})",
            findings,
        )
    return Cell(draft, check, rpath, FRESH)


def evaluate(
    cfg: Config,
    tree: Tree,
    only: Sequence[str] | None = None,
    disk: Tree | None = None,
) -> Report:
    """Check every gated draft first, then report all; `disk` finds unstaged receipts."""
    all_drafts = drafts_in(cfg, tree)
    errors: list[str] = []
    if only:
        known = set(all_drafts)
        present = set(tree.paths())
        for p in only:
            if p not in present:
                errors.append(f"{p}: not in the {tree.label}")
            elif p not in known:
                errors.append(f"{p}: not a draft (drafts in {CONFIG_FILE}: {list(cfg.drafts)})")
        selected = [p for p in all_drafts if p in set(only)]
    else:
        selected = all_drafts
    tree.prefetch(selected)
    tree.prefetch(receipt_path(cfg.run_dir, d, c) for d in selected for c in cfg.required)
    inputs = {check: inputs_sha256(check, cfg, tree) for check in cfg.required}

    gated: list[str] = []
    ungated: list[tuple[str, str]] = []
    cells: list[Cell] = []
    for path in selected:
        data = tree.read(path)
        if data is None:
            continue
        draft = decode(path, data)
        if isinstance(draft, str):
            errors.append(draft)
            continue
        status = front_matter(draft.text).get("status")
        if status is not None and status[1] not in cfg.states:
            errors.append(
                f"{path}:{status[0]}: status {status[1]!r} is not one of the"
                f" states in {CONFIG_FILE}: {', '.join(cfg.states)}"
            )
            continue
        if not cfg.gated_state(status[1] if status else None):
            ungated.append((path, status[1] if status else ""))
            continue
        gated.append(path)
        digest = sha256(data)
        for check in cfg.required:
            cell = judge(tree, cfg, path, digest, check, inputs[check])
            if cell.state != FRESH and disk is not None:
                cell = _unstaged(cell, disk, cfg, path, digest, inputs[check])
            cells.append(cell)
    return Report(
        tree.label,
        tuple(gated),
        tuple(ungated),
        cfg.required,
        tuple(cells),
        tuple(errors),
        not all_drafts and not only,
    )


def _unstaged(cell: Cell, disk: Tree, cfg: Config, draft: str, digest: str, inputs: str) -> Cell:
    """A receipt that is fresh on disk but not in the index: say to stage it."""
    on_disk = judge(disk, cfg, draft, digest, cell.check, inputs)
    if on_disk.state == FAIL:
        return on_disk
    if on_disk.state != FRESH:
        return cell
    what = "has none" if cell.reason == "missing" else "holds another version"
    return cell._replace(
        reason="unstaged",
        message=f"not staged: the receipt on disk is fresh for the staged"
        f" draft but the index {what}; stage it: git add {posixpath.normpath(cell.receipt)}",
    )
