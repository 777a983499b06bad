"""The commit hook's work, in one process: refresh what is not fresh in the index, stage
it, then the gate.

For each gated draft in the index, every required deterministic check whose receipt in
the index is not fresh runs on the staged bytes (what is being committed: under
pre-commit the working tree holds them too, its unstaged edits stashed). The receipts
are written in the working tree and, unless `stage_receipts: false`, staged, exactly
those files. A fresh receipt that says fail is not run again: it would say the same.
The grader, a paid model, runs here only when `checks.grader.at_commit` says so.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, NamedTuple

from receipt_gate import GateError
from receipt_gate.base import wildmatch
from receipt_gate.base.text import Draft, printable, shell_words
from receipt_gate.invariant.judge import FAIL, FRESH, gating, judge
from receipt_gate.invariant.receipts import RECEIPT_LIMIT, receipt_path, sha256
from receipt_gate.rules.config import Config
from receipt_gate.rules.fingerprint import Fingerprint, fingerprint
from receipt_gate.rules.session import drafts_in
from receipt_gate.trees import git
from receipt_gate.trees.tree import Tree, read_text

if TYPE_CHECKING:
    from receipt_gate.base.signing import Signer
    from receipt_gate.trees.gittree import IndexTree


def stale_cells(
    cfg: Config,
    tree: Tree,
    checks: Sequence[str],
    only: Sequence[str] | None = None,
    known: Mapping[str, Fingerprint] | None = None,
) -> tuple[dict[str, list[Draft]], dict[str, Fingerprint]]:
    """check -> the gated drafts (all, or those in `only`) that need it and whose
    receipt for it, in this tree, is not fresh (and not a fresh fail); and the checks'
    fingerprints."""
    drafts = drafts_in(cfg, tree) if only is None else list(only)
    tree.prefetch([*drafts, *(receipt_path(cfg.run_dir, d, c) for d in drafts for c in checks)])
    fps = {c: known[c] if known and c in known else fingerprint(c, cfg, tree) for c in checks}
    keys = cfg.public_keys()
    todo: dict[str, list[Draft]] = {c: [] for c in checks}
    for path in drafts:
        draft = read_text(tree, path)
        if draft is None or isinstance(draft, str):
            continue  # the gate reports it
        try:
            gated, status = gating(cfg, path, draft.text)
        except GateError:
            continue  # an unknown status, a broken front matter: the gate reports it
        if not gated:
            continue
        digest = sha256(draft.data)
        for c in cfg.checks_for(status):
            if c not in fps:
                continue
            cell = judge(tree, cfg, path, digest, c, fps[c], draft.text, keys)
            if cell.state not in (FRESH, FAIL) or cell.reason == "unreadable":
                todo[c].append(draft)
    return todo, fps


class Before(NamedTuple):
    """What a refused commit puts back: the index entries of the receipts it staged, and
    the code checks' receipts on disk (a model's verdict, paid for, is kept on disk)."""

    entries: dict[str, git.IndexEntry | None]
    disk: dict[str, bytes | None]


def restore(root: str, before: Before) -> None:
    """The index and the receipts on disk as they were before the hook wrote any."""
    import contextlib
    import os

    from receipt_gate.trees.fsio import write_file

    for path, data in before.disk.items():
        if data is not None:
            write_file(root, path, data)
        else:
            with contextlib.suppress(OSError):
                os.remove(os.path.join(root, path))
    git.restore_index(root, before.entries)


ONLY_PATHS = "`git commit <path>` commits from an index git keeps"


def refresh(
    cfg: Config,
    root: str,
    tree: IndexTree,
    signer: Signer | None,
    only: Sequence[str] | None = None,
    fps: Mapping[str, Fingerprint] | None = None,
) -> tuple[list[str], list[str], Before]:
    """Run what is not fresh, write the receipts, stage them (unless the config says not
    to). The receipt paths written or found fresh on disk, why a model could not grade
    a draft, and what to put back if the commit is refused."""
    from receipt_gate.invariant import runner
    from receipt_gate.trees.fsio import read_regular

    names = cfg.deterministic()
    model = [
        c
        for c in cfg.every_required()
        if not cfg.specs[c].deterministic and cfg.effective[c].get("at_commit")
    ]
    todo, known = stale_cells(cfg, tree, [*names, *model], only, fps)
    paths: list[str] = []
    errors: list[str] = []
    disk: dict[str, bytes | None] = {
        receipt_path(cfg.run_dir, d.path, n): None for n in names for d in todo[n]
    }
    clash = sorted(set(disk) & pre_commit_stash(root)) if cfg.stage_receipts else []
    if clash:  # writing these, the hook would keep pre-commit from restoring its stash
        more = f" (and {len(clash) - 1} more)" if len(clash) > 1 else ""
        return (
            [],
            [
                f"{printable(clash[0])}{more}: pre-commit stashed your unstaged change"
                " to it (receipts `receipt-gate run` wrote for the working tree's"
                " bytes?), and the hook would write the staged bytes' receipt there,"
                " so pre-commit could not put your edits back: nothing was written;"
                " stage the draft as it is with those receipts (git add <draft>"
                f" {printable(cfg.run_dir)}), or discard them (git checkout --"
                f" {printable(cfg.run_dir)}) and commit again"
            ],
            Before({}, {}),
        )
    # `git commit <path>` (--only): git commits from an index of its own
    # (.git/next-index-<pid>.lock), and sets the user's own for the named paths only.
    index = os.path.basename(os.environ.get("GIT_INDEX_FILE", ""))
    if disk and cfg.stage_receipts and index.startswith("next-index-"):
        # The receipts staged here would be in the commit, and stay out of date in the
        # user's own index (git sets it for the named paths only, from before the hook).
        drafts = sorted({d.path for n in names for d in todo[n]})
        return (
            [],
            [
                f"{printable(drafts[0])}: {ONLY_PATHS} for this commit only, so the"
                " receipts the hook would stage there"
                " would stay out of date in your index: nothing was written; write them"
                f" first and name them too: receipt-gate run {shell_words(drafts[:1])} &&"
                f" git commit {shell_words([drafts[0], f'{cfg.run_dir}/{drafts[0]}'])}"
            ],
            Before({}, {}),
        )
    for p in disk:
        try:
            disk[p] = read_regular(root, p, RECEIPT_LIMIT)
        except GateError:
            disk[p] = None
    # An unstaged change to a receipt (one `receipt-gate run` wrote for a later edit of
    # the draft, or a hand edit): the staged receipt is written and staged, and the
    # working tree's is put back as it was (pre-commit, which stashes it, is above).
    theirs = {
        p: data
        for p, data in disk.items()
        if data is not None and cfg.stage_receipts and data != _staged(tree, p)
    }
    skipped: dict[str, str] = {}
    for r in runner.run(
        cfg, tree, {n: todo[n] for n in names if todo[n]}, signer=signer, skipped=skipped, known=fps
    ):
        paths.append(r.receipt)
    errors += [f"{name}: not run: {why}" for name, why in skipped.items()]
    for name in model:
        written, failed = _grade(cfg, root, tree, name, todo[name], known[name], signer)
        paths += written
        errors += failed
    before = Before(tree.entries_of(paths) if cfg.stage_receipts else {}, disk)
    if cfg.stage_receipts:
        git.add(root, paths)
        from receipt_gate.trees.fsio import write_file

        for p, data in theirs.items():
            if read_regular(root, p, RECEIPT_LIMIT) != data:
                write_file(root, p, data)
    return paths, errors, before


def _staged(tree: IndexTree, path: str) -> bytes | None:
    try:
        return tree.read(path, RECEIPT_LIMIT)
    except Exception:  # not a plain file in the index: not the user's own text either
        return None


def pre_commit_stash(root: str) -> set[str]:
    """The paths the patch pre-commit saved for this run changes (it names the patch
    after its process, this one's parent), or none."""
    import re

    if not os.environ.get("PRE_COMMIT"):
        return set()
    home = os.environ.get("PRE_COMMIT_HOME") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "pre-commit"
    )
    try:
        names = [n for n in os.listdir(home) if re.fullmatch(rf"patch\d+-{os.getppid()}", n)]
        if not names:
            return set()
        file = os.path.join(home, max(names))
        # pre-commit leaves its patches behind: one older than the parent process is
        # another run's, whose process id was used again.
        started = os.stat(f"/proc/{os.getppid()}").st_ctime if os.path.isdir("/proc") else 0
        if os.stat(file).st_mtime < started - 1:
            return set()
        with open(file, "rb") as f:
            patch = f.read(64 << 20)
    except OSError:
        return set()
    out = set()
    for m in re.finditer(rb"^diff --git (\"?)a/(.*?)\1 \1b/", patch, re.M):
        path = m.group(2)
        if m.group(1):  # C-quoted: \NNN octal escapes, \" and \\
            path = re.sub(
                rb"\\([0-3][0-7]{2}|.)",
                lambda e: bytes([int(e.group(1), 8)]) if len(e.group(1)) == 3 else e.group(1),
                path,
            )
        out.add(os.fsdecode(path))
    return out


def _grade(
    cfg: Config,
    root: str,
    tree: Tree,
    name: str,
    drafts: list[Draft],
    fp: Fingerprint,
    signer: Signer | None,
) -> tuple[list[str], list[str]]:
    from receipt_gate.invariant import grading

    if not drafts or not cfg.effective[name]["command"]:
        return [], []
    got = grading.grade_all(cfg, name, drafts, root, 4)
    written, errors = [], []
    for d in drafts:
        verdict = got[d.path]
        if isinstance(verdict, str):
            errors.append(verdict)
            continue
        receipt, lines = grading.write_verdict(cfg, root, d, name, verdict, fp, signer, tree)
        if receipt is None:
            errors += lines
        else:
            written.append(receipt_path(cfg.run_dir, d.path, name))
    return written, errors


def affected(cfg: Config, changes: Mapping[str, str], tree: Tree) -> list[str]:
    """The drafts a change touches (the draft itself, or one of its receipts), and any
    link it adds where drafts are gated (the gate refuses it)."""
    drafts: set[str] = set()
    prefix = cfg.run_dir + "/"
    for p, oid in changes.items():
        if p.startswith(prefix) and p.endswith(".json"):
            drafts.add(p[len(prefix) : p.rfind("/")])
        elif oid:
            drafts.add(p)
    hidden = [
        p
        for p in drafts
        if not wildmatch.match(cfg.drafts, p) and wildmatch.could_hold(cfg.drafts, p)
    ]
    links = {p for p, _ in tree.blind(cfg.drafts, hidden)} if hidden else set()
    return sorted(
        d
        for d in drafts
        if (wildmatch.match(cfg.drafts, d) or d in links) and not d.startswith(prefix)
    )
