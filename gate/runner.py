"""Run checks on drafts and write their receipts: read everything first, then act once."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from typing import Any, NamedTuple, Protocol

from gate import GateError, git
from gate.checks import CHECKS, Context, Outcome
from gate.config import Config, check_settings
from gate.receipts import build, input_files, inputs_sha256, receipt_path, sha256, write
from gate.text import Draft
from gate.tree import Tree, WorkTree, read_text


class CheckModule(Protocol):
    """What a module in hooks/ provides."""

    DEFAULTS: Mapping[str, object]

    def make(self, settings: Mapping[str, Any], ctx: Context) -> Callable[[Draft], Outcome]: ...


class Result(NamedTuple):
    check: str
    draft: str
    receipt: str
    outcome: Outcome
    written: bool


def load_drafts(tree: Tree, paths: Sequence[str]) -> list[Draft]:
    """Read and decode every draft; any that cannot be read refuses the batch (exit 2)."""
    drafts: list[Draft] = []
    errors: list[str] = []
    tree.prefetch(paths)
    for p in paths:
        d = read_text(tree, p)
        if d is None:
            errors.append(f"{p}: no such file in the {tree.label}")
        elif isinstance(d, str):
            errors.append(d)
        else:
            drafts.append(d)
    if errors:
        raise GateError("\n".join(errors) if len(errors) > 1 else errors[0])
    return drafts


def prepare(cfg: Config, name: str, tree: Tree) -> tuple[Callable[[Draft], Outcome], str]:
    """The check ready to run, and the inputs fingerprint its receipts will carry."""
    module: CheckModule = importlib.import_module(CHECKS[name].module)
    settings = check_settings(cfg, name, module.DEFAULTS)
    files = input_files(name, cfg, tree)
    cache_dir = git.cache_dir(tree.root) if isinstance(tree, WorkTree) and files else None
    checker = module.make(settings, Context(tree, files, cache_dir))
    return checker, inputs_sha256(name, cfg, tree, files)


def run(
    cfg: Config, tree: WorkTree, names: Sequence[str], drafts: Sequence[Draft],
    progress: Callable[[int, int], None] | None = None,
) -> list[Result]:
    """Run each named check on each draft and write the receipts, after all are decided."""
    prepared = {name: prepare(cfg, name, tree) for name in names}
    checkers = {name: p[0] for name, p in prepared.items()}
    inputs = {name: p[1] for name, p in prepared.items()}
    decided = []
    total, done = len(checkers) * len(drafts), 0
    for name, checker in checkers.items():
        for d in drafts:
            done += 1
            if progress is not None and done % 50 == 0:
                progress(done, total)
            outcome = checker(d)
            receipt = build(name, d.path, sha256(d.data), inputs[name], outcome.findings)
            decided.append((name, d.path, receipt, outcome))
    from gate.signing import key

    secret = key(cfg, tree.root)
    results = []
    for name, path, receipt, outcome in decided:
        rpath = receipt_path(cfg.run_dir, path, name)
        written = write(tree.root, rpath, receipt, secret)
        results.append(Result(name, path, rpath, outcome, written))
    return results
