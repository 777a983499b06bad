"""The invariant: every required receipt exists in the same tree, fresh and passing."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import NamedTuple

from receipt_gate import GateError
from receipt_gate.base import wildmatch
from receipt_gate.base.text import printable
from receipt_gate.invariant.judge import (
    DERIVE,
    FAIL,
    FRESH,
    MISSING,
    STALE,
    Cell,
    gating,
    judge,
    quick,
    unstaged,
)
from receipt_gate.invariant.policy import Policy, hold, same_policies, same_rules
from receipt_gate.invariant.receipts import receipt_path, sha256
from receipt_gate.rules.config import CONFIG_FILE, Config
from receipt_gate.rules.fingerprint import Fingerprint, fingerprint, keep, learned
from receipt_gate.rules.session import drafts_in
from receipt_gate.trees.links import blind_spots
from receipt_gate.trees.tree import Tree, read_text

__all__ = ["FAIL", "FRESH", "MISSING", "STALE", "Cell", "Report", "evaluate", "gating", "judge"]
PARALLEL_FROM = 2000  # drafts; below this a second process costs more than it saves


class Report(NamedTuple):
    tree: str
    drafts: tuple[str, ...]  # the gated drafts verified
    ungated: tuple[tuple[str, str], ...]  # (draft, status) before gate_from
    required: tuple[str, ...]
    cells: tuple[Cell, ...]
    errors: tuple[str, ...]  # inputs it cannot read: exit 2
    nothing_gated: bool
    # Where the rules came from, what the tree's own change: for a reviewer, not decisive.
    notes: tuple[str, ...] = ()

    @property
    def problems(self) -> tuple[Cell, ...]:
        return tuple(c for c in self.cells if c.state != FRESH)

    @property
    def suppressed(self) -> tuple[Cell, ...]:
        """Cells whose receipt suppressed findings, fresh or failing: shown, never
        silent."""
        return tuple(c for c in self.cells if c.state in (FRESH, FAIL) and c.suppressed)

    @property
    def ok(self) -> bool:
        return not self.errors and not self.problems and not self.nothing_gated

    @property
    def exit_code(self) -> int:
        """2 when an input could not be read, else 0 if the gate holds and 1 if not."""
        return 2 if self.errors else 0 if self.ok else 1


def evaluate(
    cfg: Config,
    tree: Tree,
    only: Sequence[str] | None = None,
    disk: Tree | None = None,
    policy: Policy | None = None,
    notes: Sequence[str] = (),
    recheck: str = "",
    fps: Mapping[str, Fingerprint] | None = None,
    reads: bool = False,
    also: Policy | None = None,
    also_changes: Mapping[str, str] | None = None,
    more: Sequence[Policy] = (),
) -> Report:
    """Check every gated draft first, then report all; `disk` finds unstaged receipts.

    With a `policy` (the rules in force), every draft must also hold under it; with
    `recheck` ("changed": the drafts that differ from the policy's commit, or "all"),
    each deterministic check is run again on the judged bytes and a passing receipt it
    contradicts is refused. `fps`: the checks' fingerprints in this tree under its own
    rules, when the caller has them. `also`: more rules the drafts `also_changes`
    touches are held to (those HEAD was judged by, at commit: it may replace HEAD);
    `more`: more rules every draft is held to (verify's --policy-from given again)."""
    errors: list[str] = []
    globs = list(dict.fromkeys([*cfg.drafts, *(policy.cfg.drafts if policy else ())]))
    if only:
        # Only what was named: the tree is asked about those paths, not listed whole.
        present = set(tree.paths([wildmatch.escape(p) for p in only]))
        links = tree.blind(globs, sorted(present))
        blind = {p for p, _ in links}
        errors += blind_spots(links, "drafts are gated")
        prefix = cfg.run_dir + "/"
        selected = []
        for p in sorted(set(only)):
            if p in blind:
                continue
            if p not in present:
                errors.append(f"{p}: not in the {tree.label}")
            elif not wildmatch.match(cfg.drafts, p) or p.startswith(prefix):
                errors.append(f"{p}: not a draft (drafts in {CONFIG_FILE}: {list(cfg.drafts)})")
            else:
                selected.append(p)
    else:
        selected = drafts_in(cfg, tree)
        # A link where drafts are gated hides what is behind it: refused, never skipped.
        errors += blind_spots(tree.blind(globs), "drafts are gated")
    errors += _converted(tree, selected)
    from receipt_gate.invariant.published import strays

    errors += strays(cfg, tree, also_changes if only else None)
    every = cfg.every_required()
    tree.prefetch(
        [
            *selected,  # one batch: drafts and receipts
            *(receipt_path(cfg.run_dir, d, c) for d in selected for c in every),
        ]
    )
    # A tree with no config of its own is judged by the rules in force, read where they are.
    borrowed = policy is not None and cfg is policy.cfg
    rules_tree = policy.tree if policy is not None and borrowed else tree
    if fps is None or rules_tree is not tree:
        fps = {check: fingerprint(check, cfg, tree, rules=rules_tree) for check in every}
    keys = cfg.public_keys()
    for fp in fps.values():
        fp.prepare(selected)  # a corpus the workers need is built once, here

    gated: list[str] = []
    ungated: list[tuple[str, str]] = []
    cells: list[Cell] = []
    known: dict[str, dict[str, str]] = {}
    sources = policy.tree if policy is not None else DERIVE  # where evidence comes from
    statuses = (
        _statuses(tree.root)
        if cfg.draft_markers is None and len(selected) >= STATUSES_FROM
        else None
    )
    found: dict[str, str] = {}
    for part in _in_parallel(cfg, tree, selected, fps, keys, disk, reads, sources, statuses):
        errors += part.errors
        gated += part.gated
        ungated += part.ungated
        cells += part.expand(cfg)
        for check, memo in part.learned.items():
            known.setdefault(check, {}).update(memo)
        found.update(part.statuses)
    keep(tree.root, fps, known)
    if statuses is not None and found:
        _keep_statuses(tree.root, {**statuses, **found})
    said = list(notes)
    if cfg.draft_markers is not None:
        from receipt_gate.invariant.published import newly_published

        said += [
            f"receipt-gate: the draft markers hold nothing back: {printable(why)}"
            for why in cfg.draft_markers.void
        ]
        errors += [
            *cfg.draft_markers.ungated(cfg.drafts),
            *newly_published(cfg, tree, policy and policy.tree),
        ]
    if policy is not None and not borrowed and not same_rules(policy, cfg, tree):
        said.append(
            f"receipt-gate: the {tree.label}'s rules differ from the rules in force at"
            f" {policy.label}; every draft is held to both"
        )
        from receipt_gate.invariant.review import baseline_changes, changes

        said += [
            f"  policy change: {c}"
            for c in [*changes(policy, cfg), *baseline_changes(policy, cfg, tree)]
        ]
        held, bad = hold(policy, cfg, set(gated), tree, selected if only else None)
        cells += held
        errors += bad
    for other in more:  # (a model's evidence is read in each, their rules alike or not)
        alike = same_rules(other, cfg, tree) or (
            policy is not None and same_policies(other, policy, tree)
        )
        if not alike:
            said.append(f"receipt-gate: every draft is held to the rules at {other.label} too")
        held, bad = hold(other, cfg, set(gated), tree, selected if only else None, True, alike)
        cells += held
        errors += bad
    if also is not None and also_changes and not same_rules(also, cfg, tree):
        from receipt_gate.invariant.hook import affected

        touched = affected(also.cfg, also_changes, tree)  # by those rules' globs
        if touched:
            said.append(
                f"receipt-gate: HEAD changed the rules, and this commit may replace"
                f" it (--amend): what it changes is held to the rules at"
                f" {also.label} too"
            )
            held, bad = hold(also, cfg, set(gated), tree, touched)
            cells += held
            errors += bad
    if policy is not None:
        from receipt_gate.invariant import review

        said += review.notes(policy, cfg, tree)
        said += review.new_suppressions(cells, tree, policy.tree)
        read = Counter(c.check for c in cells if c.state == STALE and c.condition == 2)
        if read:
            said += review.stale_causes(policy, cfg, tree, read)
    if recheck:
        base = policy.tree if policy is not None and recheck == "changed" else None
        from receipt_gate.trees.gittree import CommitTree

        # The rules in force; with none, a commit's own are no one's word (CI judging a
        # first commit), the working tree's and the index's are this machine's.
        trusted = (
            policy.cfg if policy is not None else (None if isinstance(tree, CommitTree) else cfg)
        )
        from receipt_gate.invariant.recheck import rerun, trusted_checks

        cells = rerun(cfg, tree, gated, cells, base, policy.tree if policy else rules_tree, trusted)

        kept = set(trusted_checks(cfg, cfg.deterministic(), trusted))
        said += [
            f"receipt-gate: {c} was not run again: the rules in force"
            f" ({policy.label if policy else 'none before this commit'}) do not declare"
            " its command as this commit does, and CI runs no program the branch brings"
            " (its receipts count as written; it runs again once it has landed)"
            for c in cfg.deterministic()
            if c not in kept
        ]
    return Report(
        tree.label,
        tuple(gated),
        tuple(ungated),
        cfg.required,
        tuple(cells),
        tuple(errors),
        not selected and not only,
        tuple(said),
    )


def _converted(tree: Tree, paths: Sequence[str]) -> list[str]:
    """One line for each draft git converts on checkout beyond line endings: the gate
    reads what git stores (a Git LFS pointer, bytes in another encoding), the site
    what is checked out, so what is published is not what was judged."""
    from receipt_gate.trees import git
    from receipt_gate.trees.gittree import CommitTree, IndexTree

    if not paths or not tree.root:
        return []
    # Only the .gitattributes of a draft's folders apply to it: read those, not a listing.
    folders = {
        f
        for folder in {p.rpartition("/")[0] for p in paths}
        for f in _folders(folder + "/x" if folder else "x")
    }
    own = [_attributes(tree, f"{f}.gitattributes") for f in sorted(folders)]
    if not git.attributes_may_convert(tree.root, own):
        return []
    found = git.checkout_converted(
        tree.root,
        paths,
        tree.commit if isinstance(tree, CommitTree) else None,
        isinstance(tree, IndexTree),
    )
    return [
        f"{printable(p)}: git converts it on checkout or in an archive ({how}): the gate"
        " reads what git stores, the site what is checked out or archived; gate it"
        " without the attribute"
        for p, how in sorted(found.items())
    ]


def _attributes(tree: Tree, path: str) -> bytes:
    try:
        return tree.read(path, 1 << 20) or b""
    except Exception:  # not a plain file (a link, too large): git may read it, so may we not
        return b"filter"


def _folders(path: str) -> list[str]:
    """ "", "a/", "a/b/" for a/b/c.md: the folders whose .gitattributes apply to it."""
    parts = path.split("/")[:-1]
    return ["/".join(parts[:i]) + ("/" if i else "") for i in range(len(parts) + 1)]


_FRESH_TAIL = Cell("", "", "", FRESH)[4:]


class _Part(NamedTuple):
    errors: list[str]
    gated: list[str]
    ungated: list[tuple[str, str]]
    cells: list[Cell | None]  # each gated draft x its checks, in order; None for a fresh one
    status: list[str]  # each gated draft's status (its checks follow from it)
    learned: dict[str, dict[str, str]]  # the fingerprints a worker computed
    statuses: dict[str, str]  # the drafts' statuses a worker read (see _gated)

    def expand(self, cfg: Config) -> list[Cell]:
        """The cells, each fresh one rebuilt from its place in gated x its checks."""
        it = iter(self.cells)
        make = tuple.__new__  # a fresh cell: its fields but the defaults (40,000 of them)
        return [
            next(it)
            or make(
                Cell, (draft, check, receipt_path(cfg.run_dir, draft, check), FRESH, *_FRESH_TAIL)
            )
            for draft, status in zip(self.gated, self.status, strict=True)
            for check in cfg.checks_for(status)
        ]


def _judge_drafts(
    cfg: Config,
    tree: Tree,
    paths: Sequence[str],
    fps: Mapping[str, Fingerprint],
    keys: Sequence[bytes],
    disk: Tree | None,
    reads: bool = False,
    sources: Tree | str = DERIVE,
    statuses: Mapping[str, str] | None = None,
) -> _Part:
    part = _Part([], [], [], [], [], {}, {})
    for path in paths:
        draft = read_text(tree, path)
        if draft is None:
            continue
        if isinstance(draft, str):
            part.errors.append(draft)
            continue
        digest = sha256(draft.data)
        try:
            gated_now, status = _gated(cfg, path, draft.text, digest, statuses, part.statuses)
        except GateError as e:
            part.errors.append(str(e))
            continue
        if not gated_now:
            part.ungated.append((path, status))
            continue
        part.gated.append(path)
        part.status.append(status)
        for check in cfg.checks_for(status):
            got = quick(tree, cfg, path, digest, check, fps[check], keys)
            if got is not None:  # fresh: what it read travels for the commit hook's record
                part.cells.append(
                    Cell(path, check, receipt_path(cfg.run_dir, path, check), FRESH, reads=got)
                    if reads and got
                    else None
                )
                continue
            cell = judge(
                tree, cfg, path, digest, check, fps[check], draft.text, keys, sources=sources
            )
            if cell.state != FRESH and disk is not None:
                cell = unstaged(cell, disk, cfg, path, digest, fps[check], draft.text, keys)
            # Fresh cells travel as None (a forked part is pickled back); expand() rebuilds.
            # What a fresh one read travels only for the commit hook's record (`reads`).
            plain = not (cell.suppressed or (reads and (cell.reads or cell.files)))
            part.cells.append(None if cell.state == FRESH and plain else cell)
    part.learned.update(learned(fps))
    return part


def _gated(
    cfg: Config,
    path: str,
    text: str,
    digest: str,
    statuses: Mapping[str, str] | None,
    found: dict[str, str],
) -> tuple[bool, str]:
    """gating(), where the rules are a drafts folder's (the status alone decides): from
    the status these bytes were last read to hold (the statuses cache: a sha256 -> its
    front matter's `status`, "" for none), where the states list it; read, and kept in
    `found`, where not."""
    if statuses is None:
        return gating(cfg, path, text)
    status = statuses.get(digest)
    if status is not None and (not status or status in cfg.states):
        return cfg.gated_state(status or None), status
    got = gating(cfg, path, text)
    found[digest] = got[1]
    return got


# Drafts from which a verify reads their statuses from the cache (reading it costs more
# for fewer).
STATUSES_FROM = 256
_STATUSES = "statuses-1.json"
_STATUSES_KEPT = 100_000


def _statuses(root: str) -> dict[str, str] | None:
    """The statuses cache (see _gated); empty where there is none or it is damaged."""
    from receipt_gate.trees import cache

    if not root:
        return None
    return cache.read(cache.path(root, _STATUSES), cache.str_map) or {}


def _keep_statuses(root: str, statuses: Mapping[str, str]) -> None:
    from receipt_gate.trees import cache

    kept = list(statuses.items())[-_STATUSES_KEPT:]
    cache.write(cache.path(root, _STATUSES), dict(kept))


def _in_parallel(
    cfg: Config,
    tree: Tree,
    paths: Sequence[str],
    fps: Mapping[str, Fingerprint],
    keys: Sequence[bytes],
    disk: Tree | None,
    reads: bool = False,
    sources: Tree | str = DERIVE,
    statuses: Mapping[str, str] | None = None,
) -> list[_Part]:
    """Judge the drafts, in one forked process per core for a big batch.

    The work only reads and hashes, so the parts are what one process would produce,
    in the same order. Only trees that are plain files or bytes already in memory are
    shared with a child.
    """
    from receipt_gate.base.parallel import split_map

    return split_map(
        lambda chunk: _judge_drafts(cfg, tree, chunk, fps, keys, disk, reads, sources, statuses),
        paths,
        PARALLEL_FROM // 2,
        tree.fork_safe,
    )
