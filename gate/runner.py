"""Run checks on drafts and write their receipts: read everything first, then act once."""

from __future__ import annotations

import importlib
import os
from collections.abc import Callable, Mapping, Sequence
from typing import Any, NamedTuple, Protocol

from gate import GateError, git
from gate.checks import CHECKS, Context, Outcome
from gate.config import Config, check_settings
from gate.parallel import split_map
from gate.receipts import build, input_files, inputs_sha256, receipt_path, sha256, write
from gate.text import Draft
from gate.tree import Tree, WorkTree, read_text

PER_PROCESS = 100  # checks x drafts: below this, a second process costs more than it saves


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
    fingerprint = inputs_sha256(name, cfg, tree, files)
    return module.make(settings, Context(tree, files, cache_dir, fingerprint)), fingerprint


def run(
    cfg: Config, tree: WorkTree, names: Sequence[str], drafts: Sequence[Draft],
    progress: Callable[[int, int], None] | None = None,
) -> list[Result]:
    """Run each named check on each draft and write the receipts, after all are decided."""
    prepared = {name: prepare(cfg, name, tree) for name in names}
    checkers = {name: p[0] for name, p in prepared.items()}
    inputs = {name: p[1] for name, p in prepared.items()}
    jobs = [(name, d) for name in checkers for d in drafts]
    me = os.getpid()

    def decide(chunk: Sequence[tuple[str, Draft]]) -> list[Outcome]:
        show = progress if os.getpid() == me else None  # children keep quiet
        outcomes = []
        for done, (name, d) in enumerate(chunk, 1):
            if show is not None and done % 50 == 0:
                show(done * len(jobs) // len(chunk), len(jobs))  # this part, scaled
            outcomes.append(checkers[name](d))
        return outcomes

    # One process per core for a big batch: each decides a contiguous chunk (forked, so
    # the checks, corpus and drafts are shared, not rebuilt), then each writes a chunk.
    outcomes = [o for part in split_map(decide, jobs, PER_PROCESS) for o in part]
    digest = {d.path: sha256(d.data) for d in drafts}  # once per draft, not per check
    decided = [(name, d.path, build(name, d.path, digest[d.path], inputs[name], o.findings), o)
               for (name, d), o in zip(jobs, outcomes, strict=True)]
    from gate.signing import key

    secret = key(cfg, tree.root)

    def write_all(chunk: Sequence[tuple[str, str, dict[str, Any], Outcome]]) -> list[bool]:
        return [write(tree.root, receipt_path(cfg.run_dir, path, name), receipt, secret)
                for name, path, receipt, _ in chunk]

    # Writing is safe to repeat (an equivalent receipt is left alone): if a writer dies,
    # split_map writes the whole batch again here.
    written = [w for part in split_map(write_all, decided, PER_PROCESS) for w in part]
    results = [Result(name, path, receipt_path(cfg.run_dir, path, name), outcome, w)
               for (name, path, _, outcome), w in zip(decided, written, strict=True)]
    return results
