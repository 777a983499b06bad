"""Run checks on drafts and write their receipts: read everything first, then act once."""

from __future__ import annotations

import importlib
import os
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

from receipt_gate import GateError
from receipt_gate.checks import Outcome
from receipt_gate.config import CONFIG_FILE, Config
from receipt_gate.fingerprint import InputFiles, input_files, inputs_sha256
from receipt_gate.parallel import split_map
from receipt_gate.receipts import build, receipt_path, sha256, write
from receipt_gate.registry import CHECKS, CheckSpec
from receipt_gate.text import Draft
from receipt_gate.tree import Tree

if TYPE_CHECKING:
    from receipt_gate.signing import Signer

PER_PROCESS = 100  # checks x drafts: below this, a second process costs more than it saves

Checker = Callable[[Draft], Outcome]


class CheckModule(Protocol):
    """What a module in hooks/ provides: its checker, given its settings and what the gate
    built for it from its input files (see CheckSpec.corpus)."""

    def make(self, settings: Mapping[str, Any], corpus: Any) -> Checker: ...


class Result(NamedTuple):
    check: str
    draft: str
    receipt: str
    outcome: Outcome
    written: bool


def _corpus(spec: CheckSpec, module: Any, settings: Mapping[str, Any], tree: Tree,
            files: InputFiles, cfg: Config) -> object:
    if spec.corpus == "articles":
        from receipt_gate import corpus

        articles = files.get("articles", {})
        if not articles:
            # An empty corpus accuses nothing: the check would pass every draft unheard.
            raise GateError(f"{CONFIG_FILE}: checks.{spec.name}.articles:"
                            f" {settings['articles']} match no file; {spec.name} has no"
                            " corpus to decide with")
        return corpus.load(tree, articles, module.parse_article, f"{spec.name}@{spec.version}",
                           cfg)
    if spec.corpus == "claims":
        from receipt_gate import claims

        path = settings["registry"]
        from receipt_gate import documented

        registered = claims.Registered(claims.parse(tree.read(path), path))
        return module.Sources(registered, documented.for_check(
            spec.name, spec.version, settings, tree, files.get("documented_in", {}), cfg))
    return None


def prepare(cfg: Config, name: str, tree: Tree, rules: Tree | None = None
            ) -> tuple[Checker, str]:
    """The check ready to run, with the suppressions a person decided (gate.suppress),
    and the inputs fingerprint its receipts will carry. The baseline is read from
    `rules`, the tree the rules come from (by default the judged tree)."""
    spec = CHECKS[name]
    module: CheckModule = importlib.import_module(spec.module)
    settings = cfg.effective[name]
    files = input_files(name, cfg, tree)
    fingerprint = inputs_sha256(name, cfg, tree, files, rules)
    built = _corpus(spec, module, settings, tree, files, cfg)
    checker = module.make(settings, built)
    comments = bool(settings.get("suppressions"))
    listed = None
    if cfg.baseline and spec.deterministic:
        from receipt_gate import baseline

        listed = baseline.for_check(baseline.load(rules or tree, cfg.baseline), name)
    if comments or listed:
        from receipt_gate import suppress
        from receipt_gate.baseline import key

        # One check reports a comment that is not a valid directive (suppress.reporter;
        # this one, when it reads comments and no required check does).
        checker = suppress.wrap(checker, name, comments, listed, cfg.baseline, key,
                                comments and (suppress.reporter(cfg) or name) == name)
    return checker, fingerprint


def decide(
    cfg: Config, tree: Tree, names: Sequence[str], drafts: Sequence[Draft],
    progress: Callable[[int, int], None] | None = None,
) -> tuple[list[tuple[str, Draft]], list[Outcome], dict[str, str]]:
    """Each named check's outcome on each draft, in memory: (the jobs, check x draft;
    their outcomes; each check's fingerprint)."""
    prepared = {name: prepare(cfg, name, tree) for name in names}
    checkers = {name: p[0] for name, p in prepared.items()}
    inputs = {name: p[1] for name, p in prepared.items()}
    jobs = [(name, d) for name in checkers for d in drafts]
    me = os.getpid()

    def one_chunk(chunk: Sequence[tuple[str, Draft]]) -> list[Outcome]:
        show = progress if os.getpid() == me else None  # children keep quiet
        outcomes = []
        for done, (name, d) in enumerate(chunk, 1):
            if show is not None and done % 50 == 0:
                show(done * len(jobs) // len(chunk), len(jobs))  # this part, scaled
            outcomes.append(checkers[name](d))
        return outcomes

    # One process per core for a big batch: each decides a contiguous chunk (forked, so
    # the checks, corpus and drafts are shared, not rebuilt), then each writes a chunk.
    outcomes = [o for part in split_map(one_chunk, jobs, PER_PROCESS) for o in part]
    return jobs, outcomes, inputs


def dry_run(
    cfg: Config, tree: Tree, names: Sequence[str], drafts: Sequence[Draft],
    progress: Callable[[int, int], None] | None = None,
) -> list[Result]:
    """Each named check's outcome on each draft, nothing written."""
    jobs, outcomes, _ = decide(cfg, tree, names, drafts, progress)
    return [Result(name, d.path, receipt_path(cfg.run_dir, d.path, name), o, False)
            for (name, d), o in zip(jobs, outcomes, strict=True)]


def run(
    cfg: Config, tree: Tree, names: Sequence[str], drafts: Sequence[Draft],
    progress: Callable[[int, int], None] | None = None, signer: Signer | None = None,
) -> list[Result]:
    """Run each named check on each draft and write the receipts, after all are decided."""
    jobs, outcomes, inputs = decide(cfg, tree, names, drafts, progress)
    digest = {d.path: sha256(d.data) for d in drafts}  # once per draft, not per check
    decided = [(name, d.path, build(name, d.path, digest[d.path], inputs[name], o.findings,
                                    {"suppressed": [x.as_dict() for x in o.suppressed]}
                                    if o.suppressed else None), o)
               for (name, d), o in zip(jobs, outcomes, strict=True)]
    def write_all(chunk: Sequence[tuple[str, str, dict[str, Any], Outcome]]) -> list[bool]:
        return [write(tree.root, receipt_path(cfg.run_dir, path, name), receipt, signer)
                for name, path, receipt, _ in chunk]

    # Writing is safe to repeat (an equivalent receipt is left alone): if a writer dies,
    # split_map writes the whole batch again here.
    written = [w for part in split_map(write_all, decided, PER_PROCESS) for w in part]
    return [Result(name, path, receipt_path(cfg.run_dir, path, name), outcome, w)
            for (name, path, _, outcome), w in zip(decided, written, strict=True)]
