"""The commit hook's work, in one process: refresh what is not fresh in the index, stage
it, then the gate.

For each gated draft in the index, every required deterministic check whose receipt in
the index is not fresh runs on the staged bytes (what is being committed: under
pre-commit the working tree holds them too, its unstaged edits stashed). The receipts
are written in the working tree and, unless `stage_receipts: false`, staged, exactly
those files. A fresh receipt that says fail is not run again: it would say the same.
The grader, a paid model, runs here only when `checks.grader.at_commit` says so.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from receipt_gate import GateError, git
from receipt_gate.config import Config
from receipt_gate.fingerprint import inputs_sha256
from receipt_gate.judge import FAIL, FRESH, gating, judge
from receipt_gate.receipts import receipt_path, sha256
from receipt_gate.registry import CHECKS
from receipt_gate.session import drafts_in
from receipt_gate.text import Draft
from receipt_gate.tree import Tree, read_text

if TYPE_CHECKING:
    from receipt_gate.signing import Signer


def stale_cells(cfg: Config, tree: Tree, checks: Sequence[str]) -> dict[str, list[Draft]]:
    """check -> the gated drafts whose receipt for it, in this tree, is not fresh (and
    not a fresh fail)."""
    drafts = drafts_in(cfg, tree)
    tree.prefetch([*drafts, *(receipt_path(cfg.run_dir, d, c) for d in drafts for c in checks)])
    inputs = {c: inputs_sha256(c, cfg, tree) for c in checks}
    keys = cfg.public_keys()
    todo: dict[str, list[Draft]] = {c: [] for c in checks}
    for path in drafts:
        draft = read_text(tree, path)
        if draft is None or isinstance(draft, str):
            continue  # the gate reports it
        try:
            if not gating(cfg, path, draft.text)[0]:
                continue
        except GateError:
            continue  # an unknown status, a broken front matter: the gate reports it
        digest = sha256(draft.data)
        for c in checks:
            cell = judge(tree, cfg, path, digest, c, inputs[c], draft.text, keys)
            if cell.state not in (FRESH, FAIL) or cell.reason == "unreadable":
                todo[c].append(draft)
    return todo


def refresh(cfg: Config, root: str, tree: Tree,
            signer: Signer | None) -> tuple[list[str], list[str]]:
    """Run what is not fresh, write the receipts, stage them (unless the config says not
    to). The receipt paths written or found fresh on disk, and why a model could not
    grade a draft."""
    from receipt_gate import runner

    names = [c for c in cfg.required if CHECKS[c].deterministic]
    model = [c for c in cfg.required if not CHECKS[c].deterministic
             and cfg.effective[c].get("at_commit")]
    todo = stale_cells(cfg, tree, [*names, *model])
    paths: list[str] = []
    errors: list[str] = []
    for name in names:
        if todo[name]:
            for r in runner.run(cfg, tree, [name], todo[name], signer=signer):
                paths.append(r.receipt)
    for name in model:
        written, failed = _grade(cfg, root, tree, name, todo[name], signer)
        paths += written
        errors += failed
    if cfg.stage_receipts:
        git.add(root, paths)
    return paths, errors


def _grade(cfg: Config, root: str, tree: Tree, name: str, drafts: list[Draft],
           signer: Signer | None) -> tuple[list[str], list[str]]:
    from receipt_gate import grading

    settings = cfg.effective[name]
    if not drafts or not settings["command"]:
        return [], []
    inputs = inputs_sha256(name, cfg, tree)
    got = grading.grade_all(settings["command"], drafts, settings["timeout_s"], root, 4)
    written, errors = [], []
    for d in drafts:
        verdict = got[d.path]
        if isinstance(verdict, str):
            errors.append(verdict)
            continue
        receipt, lines = grading.write_verdict(cfg, root, d, name, verdict, inputs, signer)
        if receipt is None:
            errors += lines
        else:
            written.append(receipt_path(cfg.run_dir, d.path, name))
    return written, errors
