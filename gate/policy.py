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
from receipt_gate.config import CONFIG_FILE, Config, config_of
from receipt_gate.fingerprint import input_sources, inputs_sha256
from receipt_gate.gittree import CommitTree
from receipt_gate.judge import FAIL, FRESH, MISSING, Cell, gating, judge
from receipt_gate.receipts import receipt_path, sha256
from receipt_gate.registry import CHECKS
from receipt_gate.session import drafts_in
from receipt_gate.text import Draft
from receipt_gate.tree import Tree, read_text

if TYPE_CHECKING:
    from receipt_gate.runner import Checker


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


def fingerprints(cfg: Config, tree: Tree, policy_tree: Tree) -> dict[str, str]:
    """Each required check's fingerprint under `cfg`: the deterministic checks' corpus
    from the judged tree, the grader's script from the policy's own commit."""
    return {c: inputs_sha256(c, cfg, policy_tree if not CHECKS[c].deterministic else tree,
                             rules=policy_tree)
            for c in cfg.required}


def same_rules(policy: Policy, own: Config, tree: Tree) -> bool:
    """Would the two policies decide every draft alike? (The common case: nothing in
    the config or the grader's script changed.)"""
    if policy.cfg != own:
        return False
    return fingerprints(policy.cfg, tree, policy.tree) == fingerprints(own, tree, tree)


def changes(policy: Policy, own: Config) -> list[str]:
    """What the judged tree's rules change against the rules in force, weakenings named
    as such, so a reviewer sees them."""
    t, out = policy.cfg, []
    for c in t.required:
        if c not in own.required:
            out.append(f"weakens: drops {c} from required")
    for c in own.required:
        if c not in t.required:
            out.append(f"tightens: adds {c} to required")
    if own.gate_from != t.gate_from or own.states != t.states:
        out.append(f"changes states/gate_from: gate_from {t.gate_from} -> {own.gate_from}")
    dropped = [g for g in t.drafts if g not in own.drafts and not g.startswith("!")]
    if dropped:
        out.append(f"weakens: drafts no longer lists {', '.join(dropped)}")
    excluded = [g for g in own.drafts if g.startswith("!") and g not in t.drafts]
    if excluded:
        out.append(f"weakens: drafts leaves out {', '.join(excluded)}")
    if own.run_dir != t.run_dir:
        out.append(f"changes run_dir: {t.run_dir} -> {own.run_dir}")
    if [k for k in t.signing if k not in own.signing]:
        out.append("weakens: signing.public_keys drops a key" if own.signing
                   else "weakens: removes signing")
    if [k for k in own.signing if k not in t.signing]:
        out.append("changes signing.public_keys: adds a key (trusted only once it lands)")
    if own.draft_markers != t.draft_markers:
        out.append("changes draft_markers (what counts as a draft the site has not published)")
    if own.baseline != t.baseline:
        out.append(f"changes baseline: {t.baseline or '(none)'} -> {own.baseline or '(none)'}")
    for c in CHECKS:
        if t.effective[c] != own.effective[c]:
            keys = [k for k in t.effective[c] if t.effective[c][k] != own.effective[c][k]]
            out.append(f"changes checks.{c}: {', '.join(keys)}")
    return out


def baseline_changes(policy: Policy, own: Config, tree: Tree) -> list[str]:
    """What the judged tree's baseline adds to the one in force (a weakening: a finding
    that refuses nothing), and what it drops."""
    from collections import Counter

    from receipt_gate import baseline

    def flat(cfg: Config, where: Tree) -> Counter[tuple[str, str, str]]:
        entries = baseline.load(where, cfg.baseline) if cfg.baseline else {}
        return Counter((d, c, k) for d, checks in entries.items()
                       for c, keys in checks.items() for k in keys)

    try:
        old, new = flat(policy.cfg, policy.tree), flat(own, tree)
    except GateError:
        return []  # an unreadable baseline is reported where it is read
    out = []
    added, dropped = new - old, old - new
    if added:
        d, c, k = min(added)
        n = sum(added.values())
        out.append(f"weakens: the baseline adds {n} finding{'s' * (n != 1)} (first: {d}:"
                   f" {c}: {k})")
    if dropped:
        n = sum(dropped.values())
        out.append(f"tightens: the baseline drops {n} finding{'s' * (n != 1)}")
    return out


def hold(
    policy: Policy, own: Config, own_gated: set[str], tree: Tree,
    selected: Sequence[str] | None,
) -> tuple[list[Cell], list[str]]:
    """The cells that fail under the rules in force, and inputs that could not be read.

    A cell the draft's own receipts already decide identically (same check, draft gated
    by both, the same fingerprint and the same keys) is not judged twice.
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
        for check in t.required:
            covered = (path in own_gated and check in own.required and same_keys
                       and mine.get(check) == theirs[check])
            if covered:
                continue
            cell = _hold_one(policy, own, tree, draft, check, theirs[check], checkers)
            if cell.state != FRESH:
                cells.append(cell)
    return cells, errors


def _hold_one(policy: Policy, own: Config, tree: Tree, draft: Draft, check: str,
              fingerprint: str, checkers: dict[str, Checker]) -> Cell:
    t = policy.cfg
    where = f"under the rules in force at {policy.label}"
    rpath = receipt_path(t.run_dir, draft.path, check)
    if CHECKS[check].deterministic:
        from receipt_gate.runner import prepare

        if check not in checkers:
            checkers[check] = prepare(t, check, tree, policy.tree)[0]
        outcome = checkers[check](draft)
        if not outcome.findings:
            return Cell(draft.path, check, rpath, FRESH)
        n = len(outcome.findings)
        return Cell(draft.path, check, rpath, FAIL, "policy", 3,
                    f"fails {where}: {check} run again on these bytes finds"
                    f" {n} finding{'s' * (n != 1)}",
                    tuple(f.as_dict() for f in outcome.findings))
    digest = sha256(draft.data)
    cell = judge(tree, t, draft.path, digest, check, fingerprint, draft.text, t.public_keys())
    if cell.reason == "missing" and own.run_dir != t.run_dir:
        cell = judge(tree, t, draft.path, digest, check, fingerprint, draft.text,
                     t.public_keys(), run_dir=own.run_dir)
    if cell.state == FRESH:
        return cell
    if cell.condition == 2:
        message = (f"not made by the trusted grader ({where}): its command, settings or"
                   " script differ from the trusted commit's; counts as missing")
        return cell._replace(state=MISSING, reason="policy", message=message)
    return cell._replace(reason="policy", message=f"{where}: {cell.message}")


def in_force(root: str, tree: Tree, explicit: str | None = None) -> tuple[Policy | None, str]:
    """The rules in force for judging `tree`, and a note when there are none: `explicit`
    (--policy-from) when given, else a commit's first parent, else HEAD for the index
    and the working tree."""
    from receipt_gate import revs

    if explicit is not None:
        policy = load(root, explicit, "--policy-from")
        where = explicit
    else:
        if isinstance(tree, CommitTree):
            parent = revs.first_parent(root, tree.commit)
            if parent is None:
                return None, (f"receipt-gate: {tree.label} has no parent: judged by its own"
                              " rules only (pass --policy-from BASE to judge it by another's)")
            where = f"{tree.commit[:12]}^"
        elif revs.head(root) is None:
            return None, "receipt-gate: no commit yet: judged by its own rules only"
        else:
            where = "HEAD"
        policy = load(root, where, "policy")
    if policy is None:
        return None, (f"receipt-gate: {where} has no {CONFIG_FILE}: judged by its own rules"
                      " only")
    return policy, ""


def has_config(tree: Tree) -> bool:
    """Does the tree hold a config (without reading it: the parsed one may be cached)?"""
    from receipt_gate import wildmatch

    return bool(tree.paths([wildmatch.escape(CONFIG_FILE)]))


def own_rules(tree: Tree, disk: Tree | None, policy: Policy | None) -> tuple[Config, list[str]]:
    """The judged tree's own config; where it has none but rules are in force, those
    (deleting the config weakens nothing)."""
    if policy is not None and not has_config(tree):
        return policy.cfg, [f"receipt-gate: the {tree.label} has no {CONFIG_FILE}: judged by"
                            f" the rules in force at {policy.label}"]
    return config_of(tree, disk), []


def rules(root: str, tree: Tree, disk: Tree | None, explicit: str | None = None,
          changed: Collection[str] | None = None) -> tuple[Config, Policy | None, list[str]]:
    """The judged tree's own rules, the rules in force, and what to say about them.

    The commit hook's common case is answered by one `git diff-index`: where the index
    holds HEAD's config and grader script, HEAD's rules are the index's own, and there
    is nothing more to judge (or none at all, given what the index `changed` against
    HEAD)."""
    from receipt_gate import revs
    from receipt_gate.gittree import IndexTree

    if explicit is None and isinstance(tree, IndexTree) and has_config(tree):
        cfg = config_of(tree, disk)
        argv = [p for c in cfg.required for _, kind, names in input_sources(c, cfg)
                if kind == "argv" for p in names]
        if cfg.baseline:
            argv.append(cfg.baseline)  # a rules file, like the grader's script
        same = (revs.index_matches(root, "HEAD", [CONFIG_FILE, *argv]) if changed is None
                else not {CONFIG_FILE, *argv} & set(changed))
        if same:
            return cfg, None, []
    policy, note = in_force(root, tree, explicit)
    cfg, notes = own_rules(tree, disk, policy)
    return cfg, policy, [note, *notes] if note else notes
