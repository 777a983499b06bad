"""The gate at push: verify the tip of every ref being pushed, from git objects."""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from receipt_gate import GateError, git, wildmatch
from receipt_gate.config import CONFIG_FILE, Config


class Push(NamedTuple):
    ref: str
    local: str  # the commit to verify
    remote: str  # what the remote has now (ZERO if new or unknown)


def from_stdin(lines: Iterable[str]) -> list[Push]:
    """git's pre-push lines: `<local ref> <local oid> <remote ref> <remote oid>`."""
    pushes = []
    for line in lines:
        parts = line.split()
        if not parts:
            continue
        if len(parts) != 4:
            raise GateError(f"pre-push: expected '<local ref> <local oid> <remote ref>"
                            f" <remote oid>' on standard input, got {line.strip()!r}")
        local_ref, local, _remote_ref, remote = parts
        if set(local) == {"0"}:
            continue  # a deletion: nothing to verify
        pushes.append(Push(local_ref, local, remote))
    return pushes


def from_pre_commit(root: str, env: dict[str, str]) -> list[Push]:
    """Under pre-commit, which tells a pre-push hook only the first ref it finds.

    So every local branch and tag tip the remote does not have yet is verified as
    well: a superset of what is being pushed, never less.
    """
    remote = env.get("PRE_COMMIT_REMOTE_NAME", "")
    to_ref = env.get("PRE_COMMIT_TO_REF", "")
    from_ref = env.get("PRE_COMMIT_FROM_REF", "")
    pushes: dict[str, Push] = {}
    if to_ref:
        name = env.get("PRE_COMMIT_LOCAL_BRANCH") or to_ref
        pushes[to_ref] = Push(name, to_ref, from_ref or git.ZERO)
    if remote:
        for ref, commit in git.unpushed_tips(root, remote):
            pushes.setdefault(commit, Push(ref, commit, git.ZERO))
    return list(pushes.values())


def relevant(cfg: Config, path: str) -> bool:
    """Could a change to this path change what the gate decides?"""
    if path == CONFIG_FILE or path.startswith(cfg.run_dir + "/"):
        return True
    if wildmatch.match(cfg.drafts, path):
        return True
    from receipt_gate.fingerprint import input_sources

    for name in cfg.required:
        for _, kind, names in input_sources(name, cfg):
            if wildmatch.match(names, path) if kind == "globs" else path in names:
                return True
    return False


def unchanged(root: str, cfg: Config, push: Push) -> bool:
    """The fast path: the remote already has an ancestor state and nothing relevant changed."""
    if set(push.remote) == {"0"} or not git.commit_exists(root, push.remote):
        return False
    return not any(relevant(cfg, p) for p in git.changed_paths(root, push.remote, push.local))
