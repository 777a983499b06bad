"""The rules in force: a commit is judged by its own rules and by the rules before it.

The gate must not trust the tree it judges, so besides the tree's own config it reads
a trusted policy from a commit the judged party cannot rewrite in the same step: the
pull request's base in CI (`--policy-from`), what the remote has at push, HEAD at
commit. A draft passes only if it holds under both. Under the rules in force, a
deterministic check is run again in memory on the judged bytes wherever the two
policies could decide differently; the grader, which cannot be run again, must have
run with the trusted grader (its fingerprint, script bytes included, read from the
trusted commit) and, where the trusted policy lists public keys, be signed by one.
So a weakening changes nothing until it has landed, and a tightening commits in one
step with the receipts that satisfy it.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import TYPE_CHECKING, NamedTuple

from receipt_gate import GateError
from receipt_gate.base.text import Draft
from receipt_gate.invariant.judge import FAIL, FRESH, MISSING, Cell, gating, judge
from receipt_gate.invariant.receipts import receipt_path, sha256
from receipt_gate.rules.config import CONFIG_FILE, Config, config_of
from receipt_gate.rules.fingerprint import Fingerprint, fingerprint, input_sources
from receipt_gate.rules.session import drafts_in
from receipt_gate.trees.gittree import CommitTree
from receipt_gate.trees.tree import Tree, read_text

if TYPE_CHECKING:
    from receipt_gate.invariant.runner import Checker


class Policy(NamedTuple):
    label: str  # where the rules in force come from, as the user named it
    cfg: Config
    tree: Tree  # the commit they come from: the grader's script is read here


def load(root: str, rev: str, what: str) -> Policy | None:
    """The rules in force at `rev`; None when that commit has no config (then a commit
    has only its own rules, and the report says so)."""
    tree = CommitTree(root, rev, what)
    if tree.read(CONFIG_FILE) is None:
        return None
    try:
        cfg = config_of(tree)
    except GateError as e:
        raise GateError(f"the rules in force at {rev}: {e}") from None
    return Policy(f"{rev} ({tree.commit[:12]})", cfg, tree)


def fingerprints(cfg: Config, tree: Tree, policy_tree: Tree) -> dict[str, Fingerprint]:
    """Each check's fingerprint under `cfg`: a code check's corpus from the judged tree
    (content), a model check's script and a command check's own config from the
    policy's own commit (rules)."""
    return {
        c: fingerprint(
            c, cfg, tree if cfg.specs[c].kind == "code" else policy_tree, rules=policy_tree
        )
        for c in cfg.every_required()
    }


def _wholes(fps: dict[str, Fingerprint]) -> dict[str, str]:
    return {c: fp.whole for c, fp in fps.items()}


def same_rules(policy: Policy, own: Config, tree: Tree) -> bool:
    """Would the two policies decide every draft alike? (The common case: nothing in
    the config or a model check's script changed.)"""
    if policy.cfg != own:
        return False
    return _wholes(fingerprints(policy.cfg, tree, policy.tree)) == _wholes(
        fingerprints(own, tree, tree)
    )


def same_policies(a: Policy, b: Policy, tree: Tree) -> bool:
    """Would two commits' rules decide every draft of `tree` alike?"""
    return a.cfg == b.cfg and _wholes(fingerprints(a.cfg, tree, a.tree)) == _wholes(
        fingerprints(b.cfg, tree, b.tree)
    )


def hold(
    policy: Policy,
    own: Config,
    own_gated: set[str],
    tree: Tree,
    selected: Sequence[str] | None,
    sources: bool = False,
    models_only: bool = False,
) -> tuple[list[Cell], list[str]]:
    """The cells that fail under the rules in force, and inputs that could not be read.

    A cell the draft's own receipts already decide identically (same check, draft gated
    by both, the same fingerprint and the same keys) is not judged twice; with
    `sources`, a model check's is (its evidence read where these rules come from, not
    where the first rules in force did: verify's --policy-from given again, round 97
    c04, whose order decided whether a source the branch added counted); `models_only`:
    the model checks alone (rules that decide the rest as the draft's own do).
    """
    t = policy.cfg
    mine = fingerprints(own, tree, tree)
    theirs = fingerprints(t, tree, policy.tree)
    same_keys = own.public_keys() == t.public_keys()
    checkers: dict[str, Checker] = {}
    cells: list[Cell] = []
    errors: list[str] = []
    wanted = None if selected is None else set(selected)
    for path in drafts_in(t, tree):
        if wanted is not None and path not in wanted:
            continue
        draft = read_text(tree, path)
        if draft is None or isinstance(draft, str):
            if isinstance(draft, str):
                errors.append(draft)
            continue
        try:
            gated, _ = gating(t, path, draft.text)
        except GateError as e:
            errors.append(f"{e} (under the rules in force at {policy.label})")
            continue
        if not gated:
            continue
        mine_needs = own.checks_for(_status(own, path, draft.text))
        for check in t.checks_for(_status(t, path, draft.text)):
            if models_only and t.specs[check].deterministic:
                continue
            covered = (
                path in own_gated
                and check in mine_needs
                and same_keys
                and check in mine
                and mine[check].whole == theirs[check].whole
                and not (sources and not t.specs[check].deterministic)
            )
            if covered:
                continue
            cell = _hold_one(policy, own, tree, draft, check, theirs[check], checkers)
            if cell.state != FRESH:
                cells.append(cell)
    return cells, errors


def _status(cfg: Config, path: str, text: str) -> str:
    try:
        return gating(cfg, path, text)[1]
    except GateError:
        return ""


def _hold_one(
    policy: Policy,
    own: Config,
    tree: Tree,
    draft: Draft,
    check: str,
    fp: Fingerprint,
    checkers: dict[str, Checker],
) -> Cell:
    t = policy.cfg
    where = f"under the rules in force at {policy.label}"
    rpath = receipt_path(t.run_dir, draft.path, check)
    if t.specs[check].deterministic:
        from receipt_gate.invariant.runner import prepare

        if check not in checkers:
            checkers[check] = prepare(t, check, tree, policy.tree)[0]
        outcome = checkers[check](draft)
        if not outcome.findings:
            return Cell(draft.path, check, rpath, FRESH)
        n = len(outcome.findings)
        return Cell(
            draft.path,
            check,
            rpath,
            FAIL,
            "policy",
            3,
            f"fails {where}: {check} run again on these bytes finds {n} finding{'s' * (n != 1)}",
            tuple(f.as_dict() for f in outcome.findings),
        )
    digest = sha256(draft.data)
    cell = judge(
        tree, t, draft.path, digest, check, fp, draft.text, t.public_keys(), sources=policy.tree
    )
    if cell.reason == "missing" and own.run_dir != t.run_dir:
        cell = judge(
            tree,
            t,
            draft.path,
            digest,
            check,
            fp,
            draft.text,
            t.public_keys(),
            run_dir=own.run_dir,
            sources=policy.tree,
        )
    if cell.state == FRESH:
        return cell
    if cell.condition == 2:
        message = (
            f"not made by the trusted {check} ({where}): its command, settings or"
            " script differ from the trusted commit's; counts as missing"
        )
        return cell._replace(state=MISSING, reason="policy", message=message)
    return cell._replace(reason="policy", message=f"{where}: {cell.message}")


def in_force(root: str, tree: Tree, explicit: str | None = None) -> tuple[Policy | None, str]:
    """The rules in force for judging `tree`, and a note when there are none: `explicit`
    (--policy-from) when given, else a commit's first parent, else HEAD for the index
    and the working tree."""
    from receipt_gate.trees import revs

    if explicit is not None:
        policy = load(root, explicit, "--policy-from")
        where = explicit
    else:
        if isinstance(tree, CommitTree):
            parent = revs.first_parent(root, tree.commit)
            if parent is None and revs.cut_short(root, tree.commit):
                raise GateError(
                    f"{tree.label}: its history is cut there (a shallow clone, a"
                    " graft), so the rules before it cannot be read: fetch its"
                    " history, or pass --policy-from BASE"
                )
            if parent is None:
                return None, (
                    f"receipt-gate: {tree.label} has no parent: judged by its own"
                    " rules only (pass --policy-from BASE to judge it by another's)"
                )
            where = f"{tree.commit[:12]}^"
        elif revs.head(root) is None:
            return None, "receipt-gate: no commit yet: judged by its own rules only"
        else:
            where = "HEAD"
        policy = load(root, where, "policy")
    if policy is None:
        return None, (f"receipt-gate: {where} has no {CONFIG_FILE}: judged by its own rules only")
    return policy, ""


def has_config(tree: Tree) -> bool:
    """Does the tree hold a config (without reading it: the parsed one may be cached)?"""
    from receipt_gate.base import wildmatch

    return bool(tree.paths([wildmatch.escape(CONFIG_FILE)]))


def own_rules(tree: Tree, disk: Tree | None, policy: Policy | None) -> tuple[Config, list[str]]:
    """The judged tree's own config; where it has none but rules are in force, those
    (deleting the config weakens nothing)."""
    if policy is not None and not has_config(tree):
        # Its own build decides what its site publishes (a build file it changes too).
        from receipt_gate.rules.config import built

        return built(policy.cfg, tree), [
            f"receipt-gate: the {tree.label} has no"
            f" {CONFIG_FILE}: judged by the rules in force at"
            f" {policy.label}"
        ]
    return config_of(tree, disk), []


def rule_files(cfg: Config) -> tuple[list[str], list[str]]:
    """The files that are rules, as fingerprints() reads them from the rules' commit, and
    the globs that name more: every input of a command or model check (its script, its
    rubric, its own config), any check's script, the baseline. (A code check's corpus
    is content, judged in the tree.)"""
    every = cfg.every_required()
    argv = [
        p
        for c in every
        for _, kind, names in input_sources(c, cfg)
        if kind == "argv" or (kind == "path" and cfg.specs[c].kind != "code")
        for p in names
    ]
    globs = [
        g
        for c in every
        if cfg.specs[c].kind != "code"
        for _, kind, names in input_sources(c, cfg)
        if kind == "globs"
        for g in names
    ]
    if cfg.baseline:
        argv.append(cfg.baseline)
    return argv, globs


def replaced_rules(
    root: str, cfg: Config | None = None, staged: Collection[str] | None = None
) -> Policy | None:
    """The rules HEAD was judged by (its first parent's), when HEAD changed them (its
    config or baseline): the commit being made may replace HEAD (`git commit --amend`),
    and git tells a pre-commit hook nothing of that, so those rules hold too, for what
    the commit changes. None when HEAD changed neither (or has no parent whose rules
    load). `cfg` and `staged`: the index's rules and what it changes
    against HEAD, which answer the common case (the config the same in the index, HEAD
    and its parent) with one `git diff-tree`."""
    from receipt_gate.trees import revs

    # (the index's config HEAD's: the rules HEAD changed are its config and baseline)
    own = cfg is not None and staged is not None and CONFIG_FILE not in staged
    rule_files = [CONFIG_FILE, *([cfg.baseline] if cfg is not None and cfg.baseline else [])]
    moved = set(revs.head_changes(root, rule_files if own else None))
    if not moved:
        return None

    def changes_rules(of: Config) -> bool:
        # The config and the baseline: a check's script or rubric changed is a new
        # verdict, which receipts under both cannot give (push and CI judge that).
        return bool({CONFIG_FILE, *([of.baseline] if of.baseline else [])} & moved)

    if (
        CONFIG_FILE not in moved
        and cfg is not None
        and staged is not None
        and CONFIG_FILE not in staged
        and not changes_rules(cfg)
    ):
        return None  # the index's config is HEAD's and its parent's: no rule moved
    try:
        before = load(root, "HEAD^", "the rules HEAD was judged by")
    except GateError:
        return None  # rules that do not load judged nothing: HEAD's own hold
    if before is None or not changes_rules(before.cfg):
        return None
    return before._replace(
        label=f"HEAD^ ({before.label.split('(')[-1].rstrip(')')}), the rules HEAD was judged by"
    )


def rules(
    root: str,
    tree: Tree,
    disk: Tree | None,
    explicit: str | None = None,
    changed: Collection[str] | None = None,
) -> tuple[Config, Policy | None, list[str]]:
    """The judged tree's own rules, the rules in force, and what to say about them.

    The commit hook's common case is answered by one `git diff-index`: where the index
    holds HEAD's config and grader script, HEAD's rules are the index's own, and there
    is nothing more to judge (or none at all, given what the index `changed` against
    HEAD)."""
    from receipt_gate.trees import revs
    from receipt_gate.trees.gittree import IndexTree

    if explicit is None and isinstance(tree, IndexTree) and has_config(tree):
        from receipt_gate.base import wildmatch

        cfg = config_of(tree, disk)
        argv, globs = rule_files(cfg)
        if changed is None:
            head = revs.head(root)  # asked already: before the first commit, no diff-index
            same = head is not None and bool(revs.index_matches(root, head, [CONFIG_FILE, *argv]))
            moved = set(revs.staged_changes(root)) if same and globs else set()
        else:
            moved = set(changed)
            same = not {CONFIG_FILE, *argv} & moved
        same = same and not (globs and any(wildmatch.match(globs, p) for p in moved))
        if same:
            return cfg, None, []
    policy, note = in_force(root, tree, explicit)
    cfg, notes = own_rules(tree, disk, policy)
    return cfg, policy, [note, *notes] if note else notes
