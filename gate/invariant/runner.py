"""Run checks on drafts and write their receipts: read everything first, then act once."""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from receipt_gate import GateError
from receipt_gate.base.parallel import split_map
from receipt_gate.base.text import Draft
from receipt_gate.checks import Outcome, ToolMismatch
from receipt_gate.invariant.receipts import build, receipt_path, sha256, write
from receipt_gate.rules.config import Config
from receipt_gate.rules.fingerprint import Fingerprint, fingerprint, input_files
from receipt_gate.trees.tree import Tree

if TYPE_CHECKING:
    from receipt_gate.base.signing import Signer

PER_PROCESS = 100  # checks x drafts: below this, a second process costs more than it saves

Checker = Callable[[Draft], Outcome]


class Result(NamedTuple):
    check: str
    draft: str
    receipt: str
    outcome: Outcome
    written: bool


def prepare(
    cfg: Config, name: str, tree: Tree, rules: Tree | None = None, known: Fingerprint | None = None
) -> tuple[Checker, Fingerprint]:
    """The check ready to run, with the suppressions a person decided (gate.rules.suppress),
    and the fingerprint its receipts will carry. The baseline is read from `rules`, the
    tree the rules come from (by default the judged tree). `known`: the check's
    fingerprint in this tree under these rules, computed already (the commit hook's:
    a site's input files are not listed and hashed twice)."""
    spec = cfg.specs[name]
    settings = cfg.effective[name]
    if known is not None and rules is None and spec.kind == "code":
        fp = known
    else:
        files = input_files(name, cfg, tree)
        fp = fingerprint(name, cfg, tree, files, rules)
    checker: Checker
    if spec.kind == "command":
        from receipt_gate.checks.command import CommandCheck

        # Its program and data are its own (rules, not content): under the rules in
        # force they are read where those come from (gate.checks.command).
        # (the pages it reads as the judged tree holds them: what the site's drafts and
        # its checks' corpora name; any other file is its own data, a word list in .md
        # too: round 82)
        pages = [*cfg.drafts]
        for other in cfg.specs.values():
            for setting in other.corpus:
                pages += list(cfg.effective.get(other.name, {}).get(setting, ()))
        checker = CommandCheck(name, settings, tree, files, rules, cfg.run_dir, pages)
    elif spec.kind == "code":
        from receipt_gate.checks.table import implementation

        checker = implementation(spec).make(settings, fp.corpus)
    else:
        raise GateError(f"{name}: a model's verdict: receipt-gate grade --check {name}")
    comments = bool(settings.get("suppressions"))
    listed = None
    if cfg.baseline:
        from receipt_gate.checks import baseline

        listed = baseline.for_check(
            baseline.load(rules or tree, cfg.baseline, cfg.deterministic(list(cfg.specs))), name
        )
    if comments or listed:
        from receipt_gate.checks.baseline import key
        from receipt_gate.rules import suppress

        # One check reports a comment that is not a valid directive (Config.comment_reporter;
        # this one, when it reads comments and no required check does).
        checker = suppress.wrap(
            checker,
            name,
            comments,
            listed,
            cfg.baseline,
            key,
            comments and (cfg.comment_reporter() or name) == name,
            cfg.deterministic(list(cfg.specs)),
            list(cfg.specs),
        )
    return checker, fp


def plan(
    cfg: Config,
    drafts: Sequence[Draft],
    status: Mapping[str, str],
    names: Sequence[str] | None = None,
) -> dict[str, list[Draft]]:
    """check -> the drafts it runs on: each draft's own checks (required, and those
    required_from its state), the deterministic ones, or only `names` among them."""
    out: dict[str, list[Draft]] = {}
    for d in drafts:
        for c in cfg.deterministic(cfg.checks_for(status.get(d.path))):
            if names is None or c in names:
                out.setdefault(c, []).append(d)
    if names is not None:  # a check named on the command line runs on every draft given
        for c in names:
            out.setdefault(c, list(drafts))
    return out


def decide(
    cfg: Config,
    tree: Tree,
    todo: Mapping[str, Sequence[Draft]],
    progress: Callable[[int, int], None] | None = None,
    skipped: dict[str, str] | None = None,
    fps: Mapping[str, Fingerprint] | None = None,
) -> tuple[list[tuple[str, Draft]], list[Outcome], dict[str, Fingerprint]]:
    """Each check's outcome on each of its drafts, in memory: (the jobs, check x draft;
    their outcomes; each check's fingerprint). With `skipped`, a check whose program is
    another version than the rules name is left out (why, by its name there), and the
    others run; without, that is an error. `fps`: fingerprints in this tree already
    computed under these rules."""
    known = fps or {}
    prepared = {
        name: prepare(cfg, name, tree, known=known.get(name)) for name, ds in todo.items() if ds
    }
    checkers = {name: p[0] for name, p in prepared.items()}
    for name in list(checkers):
        try:
            getattr(checkers[name], "ready", lambda: None)()
        except ToolMismatch as e:
            if skipped is None:
                raise
            skipped[name] = str(e)
            del checkers[name]
    jobs = [(name, d) for name in checkers for d in todo[name]]
    done: dict[tuple[str, str], Outcome] = {}
    for name, checker in checkers.items():
        many = getattr(checker, "many", None)
        if many is not None:  # a program takes the whole batch at once
            for d, o in zip(todo[name], many(todo[name]), strict=True):
                done[(name, d.path)] = o
    me = os.getpid()
    # A draft's checks one after another: each reads the draft's blocks, prose and
    # numbers, which the readers keep for the last few texts (markdown.blocks).
    order = {d.path: i for i, (_, d) in enumerate(jobs)}
    rest = sorted(
        ((n, d) for n, d in jobs if (n, d.path) not in done), key=lambda j: order[j[1].path]
    )

    def one_chunk(chunk: Sequence[tuple[str, Draft]]) -> list[Outcome]:
        show = progress if os.getpid() == me else None  # children keep quiet
        outcomes = []
        for count, (name, d) in enumerate(chunk, 1):
            if show is not None and count % 50 == 0:
                show(count * len(rest) // len(chunk), len(rest))  # this part, scaled
            outcomes.append(checkers[name](d))
        return outcomes

    # One process per core for a big batch: each decides a contiguous chunk (forked, so
    # the checks, corpus and drafts are shared, not rebuilt).
    decided = [o for part in split_map(one_chunk, rest, PER_PROCESS) for o in part]
    done.update({(n, d.path): o for (n, d), o in zip(rest, decided, strict=True)})
    return jobs, [done[(n, d.path)] for n, d in jobs], {n: p[1] for n, p in prepared.items()}


def dry_run(
    cfg: Config,
    tree: Tree,
    todo: Mapping[str, Sequence[Draft]],
    progress: Callable[[int, int], None] | None = None,
    skipped: dict[str, str] | None = None,
) -> list[Result]:
    """Each check's outcome on each of its drafts, nothing written."""
    jobs, outcomes, _ = decide(cfg, tree, todo, progress, skipped)
    return [
        Result(name, d.path, receipt_path(cfg.run_dir, d.path, name), o, False)
        for (name, d), o in zip(jobs, outcomes, strict=True)
    ]


def receipt_of(name: str, path: str, digest: str, fp: Fingerprint, o: Outcome) -> dict[str, Any]:
    """The receipt a check's outcome on a draft makes (what it read, what it suppressed)."""
    reads = sorted(set(o.reads))
    extra: dict[str, Any] = {"reads": reads} if reads else {}
    if o.suppressed:
        extra["suppressed"] = [x.as_dict() for x in o.suppressed]
    return build(name, path, digest, fp.of(path, reads), o.findings, extra)


def run(
    cfg: Config,
    tree: Tree,
    todo: Mapping[str, Sequence[Draft]],
    progress: Callable[[int, int], None] | None = None,
    signer: Signer | None = None,
    skipped: dict[str, str] | None = None,
    known: Mapping[str, Fingerprint] | None = None,
) -> list[Result]:
    """Run each check on its drafts and write the receipts, after all are decided
    (`known`: fingerprints in this tree under these rules, computed already)."""
    jobs, outcomes, fps = decide(cfg, tree, todo, progress, skipped, known)
    digest = {d.path: sha256(d.data) for _, d in jobs}  # once per draft, not per check
    decided = [
        (name, d.path, receipt_of(name, d.path, digest[d.path], fps[name], o), o)
        for (name, d), o in zip(jobs, outcomes, strict=True)
    ]

    def write_all(chunk: Sequence[tuple[str, str, dict[str, Any], Outcome]]) -> list[bool]:
        return [
            write(tree.root, receipt_path(cfg.run_dir, path, name), receipt, signer)
            for name, path, receipt, _ in chunk
        ]

    # Writing is safe to repeat (an equivalent receipt is left alone): if a writer dies,
    # split_map writes the whole batch again here.
    written = [w for part in split_map(write_all, decided, PER_PROCESS) for w in part]
    return [
        Result(name, path, receipt_path(cfg.run_dir, path, name), outcome, w)
        for (name, path, _, outcome), w in zip(decided, written, strict=True)
    ]
