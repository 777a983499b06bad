"""The invariant: every required receipt exists in the same tree, fresh and passing."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

from receipt_gate import GateError, wildmatch
from receipt_gate.config import CONFIG_FILE, Config
from receipt_gate.fingerprint import inputs_sha256
from receipt_gate.receipts import RECEIPT_LIMIT, parse, receipt_path, sha256
from receipt_gate.registry import CHECKS
from receipt_gate.session import drafts_in
from receipt_gate.text import front_matter
from receipt_gate.tree import Tree, Unreadable, read_text

FRESH, STALE, MISSING, FAIL = "fresh", "stale", "missing", "fail"


class Cell(NamedTuple):
    """One draft x one required check: its state and, unless fresh, why."""

    draft: str
    check: str
    receipt: str
    state: str  # fresh / stale / missing / fail
    reason: str = ""  # missing, unreadable, mismatched, stale, failed, unstaged
    condition: int = 0  # which of the five conditions broke (0: no usable receipt)
    message: str = ""
    findings: tuple[dict[str, Any], ...] = ()
    checked_sha: str = ""  # the draft_sha256 a stale receipt was written for
    stage: str = ""  # what `git add` fixes an unstaged cell


class Report(NamedTuple):
    tree: str
    drafts: tuple[str, ...]  # the gated drafts verified
    ungated: tuple[tuple[str, str], ...]  # (draft, status) before gate_from
    required: tuple[str, ...]
    cells: tuple[Cell, ...]
    errors: tuple[str, ...]  # inputs it cannot read: exit 2
    nothing_gated: bool

    @property
    def problems(self) -> tuple[Cell, ...]:
        return tuple(c for c in self.cells if c.state != FRESH)

    @property
    def ok(self) -> bool:
        return not self.errors and not self.problems and not self.nothing_gated

    @property
    def exit_code(self) -> int:
        """2 when an input could not be read, else 0 if the gate holds and 1 if not."""
        return 2 if self.errors else 0 if self.ok else 1


def gating(cfg: Config, path: str, text: str) -> tuple[bool, str]:
    """(gated?, status) of a draft; an unknown status is bad input (GateError)."""
    # No "status" anywhere: no status field (the common case, without parsing).
    status = front_matter(text).get("status") if "status" in text else None
    if status is None:
        return True, ""
    if status[1] not in cfg.states:
        raise GateError(f"{path}:{status[0]}: status {status[1]!r} is not one of the"
                        f" states in {CONFIG_FILE}: {', '.join(cfg.states)}")
    return cfg.gated_state(status[1]), status[1]


def judge(
    tree: Tree, cfg: Config, draft: str, draft_sha: str, check: str, inputs: str, text: str,
    key: bytes | None = None,
) -> Cell:
    """Decide one receipt against the five conditions, in order."""
    rpath = receipt_path(cfg.run_dir, draft, check)

    def cell(state: str, reason: str, condition: int, message: str, **kw: Any) -> Cell:
        return Cell(draft, check, rpath, state, reason, condition, message, **kw)

    try:
        data = tree.read(rpath, RECEIPT_LIMIT)
    except Unreadable as e:
        return cell(MISSING, "unreadable", 0, f"unreadable ({e.reason}); counts as missing")
    if data is None:
        return cell(MISSING, "missing", 0, f"missing: {check} has no receipt for {draft}"
                    f" in the {tree.label}")
    # The common case, 40,000 times in a big repository: a receipt of ours, fresh and
    # passing, decided without parse()'s checks; anything else goes the whole way.
    if key is None and CHECKS[check].deterministic and _quick_fresh(
        data, check, draft, draft_sha, inputs
    ):
        return Cell(draft, check, rpath, FRESH)
    receipt = parse(data)
    if isinstance(receipt, str):
        return cell(MISSING, "unreadable", 0, f"unreadable ({receipt}); counts as missing")
    if receipt["check"] != check or receipt["draft"] != draft:
        return cell(MISSING, "mismatched", 0, f"refused: it is the {receipt['check']} receipt of"
                    f" {receipt['draft']}, not the {check} receipt of {draft}; counts as missing")
    ran = receipt["ran_at"]
    if receipt["draft_sha256"] != draft_sha:
        return cell(STALE, "stale", 1, f"stale (condition 1, draft_sha256): {draft} changed"
                    f" after {check} ran at {ran}", checked_sha=receipt["draft_sha256"])
    if receipt["inputs_sha256"] != inputs:
        return cell(STALE, "stale", 2, f"stale (condition 2, inputs_sha256): {check}'s"
                    f" settings, version or corpus changed since it ran at {ran}")
    if receipt["verdict"] != "pass":
        findings = tuple(f for f in receipt["findings"] if isinstance(f, dict))
        n = len(findings)
        return cell(FAIL, "failed", 3, f"failed (condition 3, verdict): {check} says fail for"
                    f" {draft} ({n} finding{'s' * (n != 1)})", findings=findings)
    if not CHECKS[check].deterministic:
        from receipt_gate.quotes import check_quotes, describe

        criteria = receipt.get("criteria")
        if not isinstance(criteria, list) or not criteria or not all(
            isinstance(c, dict) for c in criteria
        ):
            return cell(MISSING, "unquoted", 4, "unquoted (condition 4, quotes): the receipt"
                        " carries no criteria to check; counts as missing")
        bad = check_quotes(criteria, text, cfg.effective[check]["min_quote_chars"])
        if bad:
            more = f" (and {len(bad) - 1} more)" if len(bad) > 1 else ""
            return cell(MISSING, "unquoted", 4, f"unquoted (condition 4, quotes):"
                        f" {describe(bad[0])}{more}; counts as missing")
    if key is not None:
        from receipt_gate import signing

        why = signing.problem(receipt, key)
        if why:
            detail = ("carries no signature" if why == "unsigned" else
                      "has a signature that does not verify with the configured key")
            return cell(MISSING, why.replace(" ", "-"), 5, f"{why} (condition 5, signature):"
                        f" the receipt {detail}; counts as missing")
    return Cell(draft, check, rpath, FRESH)


def evaluate(
    cfg: Config,
    tree: Tree,
    only: Sequence[str] | None = None,
    disk: Tree | None = None,
) -> Report:
    """Check every gated draft first, then report all; `disk` finds unstaged receipts."""
    all_drafts = drafts_in(cfg, tree)
    errors: list[str] = []
    if only:
        known = set(all_drafts)
        present = set(tree.paths([wildmatch.escape(p) for p in only]))
        for p in only:
            if p not in present:
                errors.append(f"{p}: not in the {tree.label}")
            elif p not in known:
                errors.append(f"{p}: not a draft (drafts in {CONFIG_FILE}: {list(cfg.drafts)})")
        selected = [p for p in all_drafts if p in set(only)]
    else:
        selected = all_drafts
    tree.prefetch([*selected,  # one batch: drafts and receipts
                   *(receipt_path(cfg.run_dir, d, c) for d in selected for c in cfg.required)])
    inputs = {check: inputs_sha256(check, cfg, tree) for check in cfg.required}
    key = None
    if cfg.signing:
        from receipt_gate import signing

        key = signing.key(cfg, tree.root)

    gated: list[str] = []
    ungated: list[tuple[str, str]] = []
    cells: list[Cell] = []
    for part in _in_parallel(cfg, tree, selected, inputs, key, disk):
        errors += part.errors
        gated += part.gated
        ungated += part.ungated
        cells += part.expand(cfg)
    return Report(
        tree.label,
        tuple(gated),
        tuple(ungated),
        cfg.required,
        tuple(cells),
        tuple(errors),
        not all_drafts and not only,
    )


class _Part(NamedTuple):
    errors: list[str]
    gated: list[str]
    ungated: list[tuple[str, str]]
    cells: list[Cell | None]  # gated x required, in order; None for a fresh one

    def expand(self, cfg: Config) -> list[Cell]:
        """The cells, each fresh one rebuilt from its place in gated x required."""
        it = iter(self.cells)
        return [next(it) or Cell(draft, check, receipt_path(cfg.run_dir, draft, check), FRESH)
                for draft in self.gated for check in cfg.required]


def _judge_drafts(
    cfg: Config, tree: Tree, paths: Sequence[str], inputs: dict[str, str], key: bytes | None,
    disk: Tree | None,
) -> _Part:
    part = _Part([], [], [], [])
    for path in paths:
        draft = read_text(tree, path)
        if draft is None:
            continue
        if isinstance(draft, str):
            part.errors.append(draft)
            continue
        try:
            gated_now, status = gating(cfg, path, draft.text)
        except GateError as e:
            part.errors.append(str(e))
            continue
        if not gated_now:
            part.ungated.append((path, status))
            continue
        part.gated.append(path)
        digest = sha256(draft.data)
        for check in cfg.required:
            cell = judge(tree, cfg, path, digest, check, inputs[check], draft.text, key)
            if cell.state != FRESH and disk is not None:
                cell = _unstaged(cell, disk, cfg, path, digest, inputs[check], draft.text, key)
            # Fresh cells travel as None (a forked part is pickled back); expand() rebuilds.
            part.cells.append(None if cell.state == FRESH else cell)
    return part


def _quick_fresh(data: bytes, check: str, draft: str, digest: str, inputs: str) -> bool:
    """True only when parse() would accept the receipt and the rest of judge() find it
    fresh and passing (equal to our own hex digests, the values need no hex test)."""
    try:
        text = data.decode()
        obj, end = _SCAN(text, 0)
    except (UnicodeDecodeError, StopIteration, ValueError):
        return False
    return (type(obj) is dict and obj.get("draft_sha256") == digest
            and obj.get("inputs_sha256") == inputs and obj.get("verdict") == "pass"
            and obj.get("check") == check and obj.get("draft") == draft
            and type(obj.get("ran_at")) is str and type(obj.get("tool")) is str
            and type(obj.get("findings")) is list and not text[end:].strip(_JSON_SPACE))


# The decoder's scanner: one JSON value from a position, without the whole-string
# checks json.loads adds (done above). JSONDecoder.__init__ sets it; undocumented,
# unchanged since Python 2.6, and absent from the type stubs.
_SCAN: Callable[[str, int], tuple[Any, int]] = json.JSONDecoder().scan_once  # type: ignore[attr-defined]
_JSON_SPACE = " \t\n\r"
PARALLEL_FROM = 2000  # drafts; below this a second process costs more than it saves


def _in_parallel(
    cfg: Config, tree: Tree, paths: Sequence[str], inputs: dict[str, str], key: bytes | None,
    disk: Tree | None,
) -> list[_Part]:
    """Judge the drafts, in one forked process per core for a big batch.

    The work only reads and hashes, so the parts are what one process would produce,
    in the same order. Only trees that are plain files or bytes already in memory are
    shared with a child (gitpython's pipes are not).
    """
    from receipt_gate.parallel import split_map

    return split_map(
        lambda chunk: _judge_drafts(cfg, tree, chunk, inputs, key, disk),
        paths, PARALLEL_FROM // 2, tree.fork_safe)


def _unstaged(
    cell: Cell, disk: Tree, cfg: Config, draft: str, digest: str, inputs: str, text: str,
    key: bytes | None,
) -> Cell:
    """What `git add` would make the index hold: a fresh receipt, or the checked draft."""
    on_disk = judge(disk, cfg, draft, digest, cell.check, inputs, text, key)
    if on_disk.state == FAIL:
        return on_disk
    if on_disk.state == FRESH:
        if cell.condition:
            what = f"a {cell.state} receipt (condition {cell.condition})"
        else:
            what = "no receipt" if cell.reason == "missing" else f"an {cell.reason} receipt"
        return cell._replace(
            reason="unstaged",
            stage=cell.receipt,
            message=f"not staged: the index has {what}, and the receipt on disk is fresh for"
            f" the staged draft; stage it: git add {cell.receipt}",
        )
    disk_draft = disk.read(draft)
    if cell.checked_sha and disk_draft is not None and sha256(disk_draft) == cell.checked_sha:
        return cell._replace(
            reason="unstaged",
            stage=draft,
            message=f"{cell.message}; the receipt was written for the draft on disk, which is"
            f" not staged: git add {draft}",
        )
    return cell
