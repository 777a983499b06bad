"""A small Python API for harnesses that gate outside the commit hooks.

The seed's reply-sending CLIs validate a whole batch before any network call; this is
that, as functions with typed results and no printing:

    from gate.api import check_text, verify_batch

    outcome = check_text("ai-tells", reply_text)        # findings, no receipt written
    verdict = verify_batch(["drafts/a.md", "drafts/b.md"], root=repo)
    if not verdict.ok:
        raise SystemExit("\\n".join(verdict.problems))   # send nothing

Errors in the environment (not a repository, bad config, unreadable input) raise
gate.GateError with the same one-line message the command prints.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from gate import GateError
from gate.checks import CHECKS, Finding, Outcome
from gate.verify import Cell

__all__ = ["BatchVerdict", "Cell", "Finding", "GateError", "Outcome", "check_text",
           "verify_batch"]


class BatchVerdict(NamedTuple):
    ok: bool  # every draft holds the invariant (and at least one draft was verified)
    drafts: tuple[str, ...]  # the gated drafts verified
    cells: tuple[Cell, ...]  # one per draft x required check
    errors: tuple[str, ...]  # inputs that could not be read

    @property
    def problems(self) -> tuple[str, ...]:
        return (*self.errors, *(f"{c.receipt}: {c.message}" for c in self.cells
                                if c.state != "fresh"))


def _repo(root: str | None) -> str:
    from gate import git

    return git.toplevel(root or os.getcwd())


def check_text(
    check: str, text: str, settings: Mapping[str, Any] | None = None, root: str | None = None,
    path: str = "<text>",
) -> Outcome:
    """Run one deterministic check on a text; nothing is written.

    Settings come from the repository's .receipt-gate.yaml when `root` (or the current
    folder) is inside one, overlaid by `settings`; a corpus check reads its corpus there.
    """
    import importlib

    from gate.config import Config, check_settings, config_of, parse
    from gate.receipts import input_files
    from gate.text import decode
    from gate.tree import WorkTree

    if check not in CHECKS or not CHECKS[check].deterministic:
        raise GateError(f"{check}: not a deterministic check (known: "
                        f"{', '.join(n for n, s in CHECKS.items() if s.deterministic)})")
    try:
        tree: WorkTree | None = WorkTree(_repo(root))
    except GateError:
        tree = None
    cfg: Config = config_of(tree) if tree is not None else parse({})
    if settings:
        cfg = cfg._replace(checks={**cfg.checks, check: {**cfg.checks.get(check, {}),
                                                         **settings}})
    module = importlib.import_module(CHECKS[check].module)
    effective = check_settings(cfg, check, module.DEFAULTS)
    files = input_files(check, cfg, tree) if tree is not None else {}
    from gate.checks import Context

    checker = module.make(effective, Context(tree, files, None))  # type: ignore[arg-type]
    draft = decode(path, text.encode())
    if isinstance(draft, str):
        raise GateError(draft)
    result: Outcome = checker(draft)
    return result


def verify_batch(
    paths: Sequence[str] = (), root: str | None = None, staged: bool = False
) -> BatchVerdict:
    """The gate on these drafts (every gated draft when none are given), all judged first.

    Paths are relative to the repository root (or absolute).
    """
    from gate.config import config_of
    from gate.tree import IndexTree, Tree, WorkTree
    from gate.verify import evaluate

    top = _repo(root)
    tree: Tree = IndexTree(top) if staged else WorkTree(top)
    cfg = config_of(tree)
    # Paths are repo-relative (or absolute), never relative to the caller's folder.
    rel = [os.path.relpath(p, top) if os.path.isabs(p) else os.path.normpath(p)
           for p in paths]
    report = evaluate(cfg, tree, [p.replace(os.sep, "/") for p in rel] or None)
    return BatchVerdict(report.ok, report.drafts, report.cells, report.errors)
