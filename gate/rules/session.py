"""What every command starts from: the repository, the tree it reads, its config, the drafts."""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple

from receipt_gate import GateError
from receipt_gate.base import wildmatch
from receipt_gate.base.text import Draft
from receipt_gate.rules.config import CONFIG_FILE, Config, config_of
from receipt_gate.trees.gittree import CommitTree, IndexTree
from receipt_gate.trees.tree import Tree, WorkTree, read_text

if TYPE_CHECKING:
    from receipt_gate.base.signing import Signer


class Session(NamedTuple):
    root: str
    tree: Tree
    cfg: Config
    # The working tree, when the tree read is the index: finds what is written but not
    # staged, so a refusal can say what to `git add`.
    disk: WorkTree | None = None


def signer(s: Session, args: object) -> Signer | None:
    """Who signs the receipts this command writes (None when the policy lists no key)."""
    from receipt_gate.base.signing import signer as make

    return make(
        s.cfg.public_keys(), s.root, getattr(args, "key_env", None), getattr(args, "key_file", None)
    )


def find_root(cwd: str | None = None) -> str:
    """The work tree's root around `cwd` (the current folder by default)."""
    from functools import partial

    from receipt_gate.base import lazyre
    from receipt_gate.trees import cache, git

    root = git.toplevel(cwd or os.getcwd())
    file = cache.path(root, _PATTERNS)  # (the compiled patterns: gate.base.lazyre)
    lazyre.keep_in(
        lambda: cache.read(file, lambda d: isinstance(d, dict)), partial(cache.write, file)
    )
    return root


_PATTERNS = "patterns-1.json"


def open_tree(
    staged: bool = False, rev: str | None = None, root: str | None = None
) -> tuple[str, Tree, WorkTree | None]:
    """The repository around the current folder (or at `root`), and its working tree,
    index (`staged`, with the working tree beside it) or commit (`rev`)."""
    top = root or find_root()
    if rev is not None:
        return top, CommitTree(top, rev), None
    if staged:
        return top, IndexTree(top), WorkTree(top)
    return top, WorkTree(top), None


def open_session(staged: bool = False, rev: str | None = None, root: str | None = None) -> Session:
    """open_tree(), and that tree's config."""
    top, tree, disk = open_tree(staged, rev, root)
    return Session(top, tree, config_of(tree, disk), disk)


def rel_paths(root: str, paths: Sequence[str]) -> list[str]:
    """Repo-relative POSIX paths for paths given on the command line, each once."""
    out = []
    for p in paths:
        full = os.path.abspath(p)  # folders resolved like the root; the file itself is not
        rel = os.path.relpath(
            os.path.join(os.path.realpath(os.path.dirname(full)), os.path.basename(full)), root
        )
        if rel == ".." or rel.startswith(".." + os.sep) or os.path.isabs(rel):
            raise GateError(f"{p}: outside the repository at {root}")
        out.append(rel.replace(os.sep, "/"))
    return list(dict.fromkeys(out))


def drafts_in(cfg: Config, tree: Tree) -> list[str]:
    """Every draft the config's globs match in the tree (never a receipt)."""
    prefix = cfg.run_dir + "/"
    return [p for p in tree.paths(cfg.drafts) if not p.startswith(prefix)]


def select(s: Session, paths: Sequence[str]) -> tuple[list[str], int]:
    """The drafts among the paths given (every draft when none are), and how many of
    the paths given were skipped as not drafts."""
    if not paths:
        return drafts_in(s.cfg, s.tree), 0
    rel = rel_paths(s.root, paths)
    prefix = s.cfg.run_dir + "/"
    chosen: list[str] = []
    skipped = 0
    every: list[str] | None = None
    for p, given in zip(rel, paths, strict=True):
        full = os.path.join(s.root, p)
        if os.path.isdir(full) and not os.path.islink(full):  # a folder: the drafts in it
            every = every if every is not None else drafts_in(s.cfg, s.tree)
            inside = [d for d in every if p in ("", ".") or d.startswith(p + "/")]
            chosen += inside
            skipped += not inside
        elif not os.path.isfile(full):
            raise GateError(f"{given}: no such file")
        elif wildmatch.match(s.cfg.drafts, p) and not p.startswith(prefix):
            chosen.append(p)
        else:
            skipped += 1
    return list(dict.fromkeys(chosen)), skipped


def one_draft(s: Session, path: str) -> Draft:
    """The draft at `path`; GateError when it is not one."""
    chosen, _ = select(s, [path])
    if not chosen:
        raise GateError(f"{path}: not a draft (drafts in {CONFIG_FILE}: {list(s.cfg.drafts)})")
    (draft,) = load_drafts(s.tree, chosen)
    return draft


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
        raise GateError.many(errors)
    return drafts
