"""A small Python API for harnesses that gate outside the commit hooks.

The seed's reply-sending CLIs validate a whole batch before any network call; this is
that, as functions with typed results and no printing:

    from receipt_gate.api import check_text, verify_batch

    outcome = check_text("ai-tells", reply_text)        # findings, no receipt written
    verdict = verify_batch(["drafts/a.md", "drafts/b.md"], root=repo)
    if not verdict.ok:
        raise SystemExit("\\n".join(verdict.problems))   # send nothing

Errors in the environment (not a repository, bad config, unreadable input) raise
receipt_gate.GateError with the same one-line message the command prints.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from receipt_gate import GateError
from receipt_gate.checks import Finding, Outcome
from receipt_gate.invariant.verify import Cell

__all__ = ["BatchVerdict", "Cell", "Finding", "GateError", "Outcome", "check_text", "verify_batch"]


class BatchVerdict(NamedTuple):
    ok: bool  # every draft holds the invariant (and at least one draft was verified)
    drafts: tuple[str, ...]  # the gated drafts verified
    cells: tuple[Cell, ...]  # one per draft x required check
    errors: tuple[str, ...]  # inputs that could not be read

    @property
    def problems(self) -> tuple[str, ...]:
        return (
            *self.errors,
            *(f"{c.receipt}: {c.message}" for c in self.cells if c.state != "fresh"),
        )


def _repo(root: str | None) -> str:
    from receipt_gate.trees import git

    return git.toplevel(root or os.getcwd())


def check_text(
    check: str,
    text: str,
    settings: Mapping[str, Any] | None = None,
    root: str | None = None,
    path: str = "<text>",
) -> Outcome:
    """Run one deterministic check on a text; nothing is written.

    Settings come from the repository's .receipt-gate.yaml when `root` (or the current
    folder) is inside one, overlaid by `settings`; a corpus check reads its corpus there.
    """
    from receipt_gate.base.text import decode
    from receipt_gate.invariant.runner import prepare
    from receipt_gate.rules.config import Config, config_of, parse, with_settings
    from receipt_gate.trees.tree import EmptyTree, Tree, WorkTree

    tree: Tree
    try:
        tree = WorkTree(_repo(root))
    except GateError:
        tree = EmptyTree()
    cfg: Config = config_of(tree) if tree.root else parse({})
    spec = cfg.specs.get(check)
    if spec is None or not spec.deterministic:
        raise GateError(
            f"{check}: not a deterministic check (known: "
            f"{', '.join(n for n, s in sorted(cfg.specs.items()) if s.deterministic)})"
        )
    if settings:
        cfg = with_settings(cfg, check, settings)
    checker, _ = prepare(cfg, check, tree)
    draft = decode(path, text.encode())
    if isinstance(draft, str):
        raise GateError(draft)
    return checker(draft)


def verify_batch(
    paths: Sequence[str] = (), root: str | None = None, staged: bool = False
) -> BatchVerdict:
    """The gate on these drafts (every gated draft when none are given), all judged first,
    under the tree's own rules and the rules in force (HEAD's): an uncommitted weakening
    of the config changes nothing. A batch in which no draft was verified (none gated:
    a status before gate_from) is not ok.

    Paths are relative to the repository root (or absolute).
    """
    from receipt_gate.invariant.policy import rules
    from receipt_gate.invariant.verify import evaluate
    from receipt_gate.rules.session import open_tree

    top, tree, disk = open_tree(staged=staged, root=_repo(root))
    cfg, policy, notes = rules(top, tree, disk)
    # Paths are repo-relative (or absolute), never relative to the caller's folder.
    rel = [os.path.relpath(p, top) if os.path.isabs(p) else os.path.normpath(p) for p in paths]
    report = evaluate(cfg, tree, [p.replace(os.sep, "/") for p in rel] or None, disk, policy, notes)
    errors = report.errors
    if not report.drafts and not errors:
        named = f" among {', '.join(rel)}" if rel else ""
        errors = (f"no gated draft{named}: nothing was verified",)
    # A draft named in the batch that the gate does not hold (a status before gate_from)
    # was verified by nothing: the batch is not ok with it in.
    errors += tuple(
        f"{d}: not gated (status {st}): nothing verified it" for d, st in report.ungated if rel
    )
    return BatchVerdict(
        report.ok and bool(report.drafts) and not (rel and report.ungated),
        report.drafts,
        report.cells,
        errors,
    )
