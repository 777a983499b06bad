"""What a change weakens or widens, said to a reviewer: what the judged tree's rules
change against the rules in force (its config, its baseline), and, from each check that
can tell (its `review`), what the judged tree's inputs let through that the others did
not (a registry entry without a source, a page that now documents a name). Printed,
never decided: the cells decide."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from receipt_gate import GateError

if TYPE_CHECKING:
    from receipt_gate.invariant.judge import Cell
    from receipt_gate.invariant.policy import Policy
    from receipt_gate.rules.config import Config
    from receipt_gate.rules.fingerprint import InputFiles
    from receipt_gate.trees.tree import Tree


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
    if own.required_from != t.required_from:
        out.append("changes required_from (the checks required from a state on)")
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
        out.append(
            "weakens: signing.public_keys drops a key"
            if own.signing
            else "weakens: removes signing"
        )
    if [k for k in own.signing if k not in t.signing]:
        out.append("changes signing.public_keys: adds a key (trusted only once it lands)")
    if own.draft_markers != t.draft_markers:
        out.append("changes draft_markers (what counts as a draft the site has not published)")
    if own.baseline != t.baseline:
        out.append(f"changes baseline: {t.baseline or '(none)'} -> {own.baseline or '(none)'}")
    for c in sorted(set(t.specs) | set(own.specs)):
        if c not in t.effective or c not in own.effective:
            if c in own.every_required() or c in t.every_required():
                out.append(f"changes checks.{c}: declared on one side only")
        elif t.effective[c] != own.effective[c]:
            a, b = t.effective[c], own.effective[c]
            keys = [k for k in dict.fromkeys([*a, *b]) if a.get(k) != b.get(k)]
            out.append(f"changes checks.{c}: {', '.join(keys)}")
    return out


def baseline_changes(policy: Policy, own: Config, tree: Tree) -> list[str]:
    """What the judged tree's baseline adds to the one in force (a weakening: a finding
    that refuses nothing), and what it drops."""
    from collections import Counter

    from receipt_gate.checks import baseline

    def flat(cfg: Config, where: Tree) -> Counter[tuple[str, str, str]]:
        entries = (
            baseline.load(where, cfg.baseline, cfg.deterministic(list(cfg.specs)))
            if cfg.baseline
            else {}
        )
        return Counter(
            (d, c, k) for d, checks in entries.items() for c, keys in checks.items() for k in keys
        )

    try:
        old, new = flat(policy.cfg, policy.tree), flat(own, tree)
    except GateError:
        return []  # an unreadable baseline is reported where it is read
    out = []
    added, dropped = new - old, old - new
    if added:
        d, c, k = min(added)
        n = sum(added.values())
        out.append(f"weakens: the baseline adds {n} finding{'s' * (n != 1)} (first: {d}: {c}: {k})")
    if dropped:
        n = sum(dropped.values())
        out.append(f"tightens: the baseline drops {n} finding{'s' * (n != 1)}")
    return out


class Side:
    """One side of a change, for a check's review(old, new)."""

    def __init__(self, label: str, cfg: Config, tree: Tree, name: str) -> None:
        self.label, self.cfg, self.tree, self.name = label, cfg, tree, name
        self.settings = cfg.effective[name]
        self._files: InputFiles | None = None

    def files(self, setting: str) -> dict[str, str | None]:
        """The files a setting names in this tree (path -> sha256)."""
        from receipt_gate.rules.fingerprint import input_files

        if self._files is None:
            self._files = input_files(self.name, self.cfg, self.tree)
        return self._files.get(setting, {})

    def corpus(self) -> Any:
        """What the check builds from its corpus in this tree."""
        from receipt_gate.rules.fingerprint import input_files, load_corpus

        return load_corpus(
            self.name, self.cfg, self.tree, input_files(self.name, self.cfg, self.tree)
        )

    def same_rules(self, other: Side) -> bool:
        """Do both sides read their pages alike (the same settings and publication rules)?"""
        from receipt_gate.rules.corpus import rules_key

        return self.settings == other.settings and rules_key(self.cfg) == rules_key(other.cfg)


def notes(policy: Policy, cfg: Config, tree: Tree) -> list[str]:
    from receipt_gate.checks.table import implementation

    out: list[str] = []
    for name in dict.fromkeys([*cfg.every_required(), *policy.cfg.every_required()]):
        spec = cfg.specs.get(name)
        if spec is None or not spec.review or name not in policy.cfg.specs:
            continue
        try:
            lines = implementation(spec).review(
                Side(policy.label, policy.cfg, policy.tree, name), Side(tree.label, cfg, tree, name)
            )
        except GateError:
            continue  # what cannot be read is reported where the check reads it
        out += [f"receipt-gate: {line}" for line in lines]
    return out


def stale_causes(policy: Policy, cfg: Config, tree: Tree, checks: Mapping[str, int]) -> list[str]:
    """For each check with receipts stale because what its verdict read changed, one line
    naming what changed since the rules' commit: its version, settings, or the files it
    reads (which, added, changed or removed), and the command that refreshes them."""
    from receipt_gate.rules.fingerprint import input_files

    out = []
    for check, n in checks.items():
        what: list[str] = []
        if check not in policy.cfg.specs:
            what.append("it is new")
        else:
            if policy.cfg.specs[check].version != cfg.specs[check].version:
                what.append(
                    f"its version changed ({policy.cfg.specs[check].version} ->"
                    f" {cfg.specs[check].version})"
                )
            a, b = policy.cfg.effective.get(check, {}), cfg.effective.get(check, {})
            keys = [k for k in dict.fromkeys([*a, *b]) if a.get(k) != b.get(k)]
            if keys:
                what.append(f"its settings changed ({', '.join(keys)})")
            try:
                old, new = (
                    _flat(input_files(check, policy.cfg, policy.tree)),
                    _flat(input_files(check, cfg, tree)),
                )
            except GateError:
                old = new = {}
            files = sorted(p for p in old.keys() | new.keys() if old.get(p) != new.get(p))
            if files:
                how = {
                    p: "added" if p not in old else "removed" if p not in new else "changed"
                    for p in files[:3]
                }
                shown = [f"{p} ({h})" for p, h in how.items()]
                more = f" and {len(files) - 3} more" if len(files) > 3 else ""
                what.append(f"files it reads changed: {', '.join(shown)}{more}")
        if not what:
            what.append("nothing it reads changed, so they were made on other inputs")
        fix = (
            "receipt-gate run --check"
            if cfg.specs[check].deterministic
            else "receipt-gate grade --check"
        )
        out.append(
            f"receipt-gate: {n} {check} receipt{'s' * (n != 1)} stale because what"
            f" {check} read changed: since {policy.label}, {'; '.join(what)};"
            f" {fix} {check} refreshes them"
        )
    return out


def _flat(files: InputFiles) -> dict[str, str | None]:
    return {p: sha for group in files.values() for p, sha in group.items()}


def new_suppressions(cells: Sequence[Cell], tree: Tree, base: Tree) -> list[str]:
    """Each finding a comment suppresses in a draft that differs from the commit the
    rules in force come from: what a reviewer of this change should read."""
    from receipt_gate.base.text import printable
    from receipt_gate.invariant.judge import FRESH
    from receipt_gate.trees.digests import sha256_of

    quiet = [c for c in cells if c.state == FRESH and c.suppressed]
    if not quiet:
        return []
    paths = sorted({c.draft for c in quiet})
    now, before = sha256_of(tree, paths), sha256_of(base, paths)
    return [
        f"receipt-gate: suppressed by a comment in a changed draft: {c.draft}:"
        f"{f.get('line')}:{f.get('col')}: {c.check}: {printable(str(f.get('message')))}"
        f" [{printable(str(f.get('suppressed_by')))}]"
        for c in quiet
        if now[c.draft] != before[c.draft]
        for f in c.suppressed
        if str(f.get("suppressed_by", "")).startswith("comment")
    ]
