"""The gate at push: every commit the push could carry to the remote, read from git objects.

git hands a pre-push hook one line per ref on stdin; pre-commit reads those lines
itself and passes its hook only the first ref with new commits. So under pre-commit
the gate also walks every commit on a local branch or tag, or at HEAD, that the remote
does not have yet: a superset of what is being pushed. A commit pushed by bare id that
no local ref reaches is the one thing a hook under pre-commit cannot see; the plain
hook (`init --git-hooks`) reads every line, and CI sees everything.

Each commit is judged by its own rules and by the rules the remote already has (the
remote-tracking tip of the pushed branch, else its merge-base with the remote's
default branch). A commit whose parent was verified, or is on the remote, and that
changes nothing the gate reads is not verified again.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from receipt_gate import GateError, revs, wildmatch
from receipt_gate.config import CONFIG_FILE, Config


class Push(NamedTuple):
    ref: str  # the local ref (or what the user named) being pushed
    local: str  # the commit to verify
    remote: str  # what the remote has for it now (ZERO if new or unknown)
    remote_ref: str = ""  # the ref on the remote (refs/heads/main)


def from_stdin(lines: Iterable[str]) -> list[Push]:
    """git's pre-push lines: `<local ref> <local oid> <remote ref> <remote oid>`."""
    pushes = []
    for line in lines:
        parts = line.split()
        if not parts:
            continue
        if len(parts) != 4:
            raise GateError(f"pre-push: expected '<local ref> <local oid> <remote ref>"
                            f" <remote oid>' on standard input, got {line.strip()[:200]!r}")
        local_ref, local, remote_ref, remote = parts
        if set(local) == {"0"}:
            continue  # a deletion: nothing to verify
        pushes.append(Push(local_ref, local, remote, remote_ref))
    return pushes


def from_pre_commit(env: dict[str, str]) -> list[Push]:
    """The one ref pre-commit names (PRE_COMMIT_TO_REF and friends)."""
    to_ref = env.get("PRE_COMMIT_TO_REF", "")
    if not to_ref:
        return []
    name = env.get("PRE_COMMIT_LOCAL_BRANCH") or to_ref
    return [Push(name, to_ref, env.get("PRE_COMMIT_FROM_REF") or revs.ZERO,
                 env.get("PRE_COMMIT_REMOTE_BRANCH", ""))]


def relevant(cfg: Config, path: str) -> bool:
    """Could a change to this path change what the gate decides?"""
    if path in (CONFIG_FILE, cfg.baseline) or path.startswith(cfg.run_dir + "/"):
        return True
    if wildmatch.match(cfg.drafts, path):
        return True
    from receipt_gate.fingerprint import input_sources

    for name in cfg.required:
        for _, kind, names in input_sources(name, cfg):
            if wildmatch.match(names, path) if kind == "globs" else path in names:
                return True
    return False


def policy_ref(root: str, remote: str, push: Push) -> str | None:
    """Where the rules in force come from: what the remote already has."""
    if remote and push.remote_ref.startswith("refs/heads/"):
        tracking = f"refs/remotes/{remote}/{push.remote_ref[len('refs/heads/'):]}"
        if revs.commit_exists(root, tracking):
            return tracking
    if set(push.remote) != {"0"} and revs.commit_exists(root, push.remote):
        return push.remote
    if remote and revs.commit_exists(root, f"refs/remotes/{remote}/HEAD"):
        return revs.merge_base(root, push.local, f"refs/remotes/{remote}/HEAD")
    return None


def commits(root: str, remote: str, pushes: list[Push], every_local_ref: bool) -> list[str]:
    """Every commit the push could carry that the remote lacks, oldest first."""
    tips = [p.local for p in pushes]
    if every_local_ref:
        tips += ["--branches", "--tags", "HEAD"]
    known = [p.remote for p in pushes if set(p.remote) != {"0"}
             and revs.commit_exists(root, p.remote)]
    return revs.rev_list(root, tips, [*known, *([f"--remotes={remote}"] if remote else [])])
