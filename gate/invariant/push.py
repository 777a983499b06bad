"""The gate at push: every tip a push would set, and every commit on the way that the
remote lacks, read from git objects and judged by the rules of the ref it changes.

git hands a pre-push hook one line per ref on stdin; pre-commit reads those lines
itself and passes its hook only the first ref with new commits, and none at all when
the push carries a root commit (the first push of a repository, an orphan branch). So
under pre-commit the gate also walks every local branch and tag, and HEAD, that the
remote lacks: a superset of what is being pushed.

The rules in force for a tip are what the remote has for the ref it changes (its old
value), and for a new ref what the remote's default branch has; a tip is verified
whether or not its commits are already on the remote (a force push of old commits, a
rewind to a commit from before the gate). A commit whose first parent was verified
under the same rules, or is the commit those rules come from, and that changes nothing
the gate reads is not verified again.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from typing import NamedTuple

from receipt_gate import GateError
from receipt_gate.base import wildmatch
from receipt_gate.rules.config import CONFIG_FILE, Config
from receipt_gate.trees import git, revs


class Push(NamedTuple):
    ref: str  # the local ref (or what the user named) being pushed
    local: str  # the commit to verify
    remote: str  # what the remote has for it now (ZERO if new; "" if not known)
    remote_ref: str = ""  # the ref on the remote (refs/heads/main)


def from_stdin(lines: Iterable[str]) -> list[Push]:
    """git's pre-push lines: `<local ref> <local oid> <remote ref> <remote oid>`."""
    pushes = []
    for line in lines:
        # (from the right: the local ref is what the user named, and may hold a space,
        # `main^{/fix bug}`; the other three never do)
        parts = line.strip().rsplit(maxsplit=3)
        if not parts:
            continue
        if len(parts) != 4:
            raise GateError(
                f"pre-push: expected '<local ref> <local oid> <remote ref>"
                f" <remote oid>' on standard input, got {line.strip()[:200]!r}"
            )
        local_ref, local, remote_ref, remote = parts
        if set(local) == {"0"}:
            continue  # a deletion: nothing to verify
        pushes.append(Push(local_ref, local, remote, remote_ref))
    return pushes


def from_pre_commit(root: str, env: Mapping[str, str]) -> list[Push]:
    """The one ref pre-commit names: PRE_COMMIT_TO_REF, and PRE_COMMIT_LOCAL_BRANCH's
    commit where it is another (pre-commit sets the branch for every push, but no range
    for one that carries a root commit, so a TO_REF then comes from whoever pushes).
    What the remote has for it is looked up (pre-commit's FROM_REF may be a parent, not
    the remote's)."""
    to_ref = env.get("PRE_COMMIT_TO_REF", "")
    local = env.get("PRE_COMMIT_LOCAL_BRANCH", "")
    remote_ref = env.get("PRE_COMMIT_REMOTE_BRANCH", "")
    commits = [to_ref] if to_ref else []
    if local:
        proc = git.call(
            root, ("rev-parse", "--verify", "--quiet", "--end-of-options", f"{local}^{{commit}}")
        )
        found = proc.stdout.decode().strip() if proc.returncode == 0 else ""
        commits += [found] if found and found not in commits else []
    return [Push(local or to_ref, c, "", remote_ref) for c in commits]


class Remote(NamedTuple):
    """What the remote has: its refs (name -> commit id) and the ref HEAD names."""

    refs: dict[str, str]
    head: str


def remote_state(root: str, remote: str) -> Remote:
    """The remote's refs as it has them now (`git ls-remote --symref`): the push is
    talking to it already. GateError when it cannot be asked."""
    if not remote:
        raise GateError(
            "pre-push: no remote named (git passes its name and URL as the"
            " hook's arguments), so the rules a new ref is held to are unknown"
        )
    proc = git.call(root, ("ls-remote", "--symref", "--", remote))
    if proc.returncode != 0:
        err = proc.stderr.decode(errors="replace").strip().splitlines()
        raise GateError(
            f"pre-push: cannot list what {remote} has, so the rules in force"
            f" are unknown: {err[-1] if err else 'git ls-remote failed'}"
        )
    refs: dict[str, str] = {}
    head = ""
    for line in os.fsdecode(proc.stdout).splitlines():
        left, _, name = line.partition("\t")
        if left.startswith("ref: ") and name == "HEAD":
            head = left[5:].strip()
        elif name.endswith("^{}"):
            refs[name[:-3]] = left  # a tag, peeled: the commit it names
        elif name not in refs:
            refs[name] = left
    return Remote(refs, head)


def default_branch(state: Remote) -> str | None:
    """The ref the remote's default branch is: what HEAD names, else its only branch,
    else main or master; None when the remote has no branch at all (a new repository).
    GateError when it has branches and none can be told to be the default."""
    heads = sorted(r for r in state.refs if r.startswith("refs/heads/"))
    if state.head in state.refs:
        return state.head
    if not heads:
        return None
    if len(heads) == 1:
        return heads[0]
    for name in ("refs/heads/main", "refs/heads/master"):
        if name in state.refs:
            return name
    raise GateError(
        f"pre-push: the remote has branches ({', '.join(heads[:4])}) and no"
        " HEAD that names its default one, so the rules a new ref is held to"
        " are unknown; push to an existing branch, or set the remote's HEAD"
    )


_DEFAULT_NAMES = ("refs/heads/master", "refs/heads/main")


def rules_commit(root: str, remote: str, push: Push, state: Remote | None) -> str | None:
    """The commit whose rules the pushed tip is held to: the ref's old value on the
    remote, or for a new ref the remote's default branch; None when the remote has no
    branch yet. GateError when that commit is not in this clone (fetch first)."""
    old = push.remote
    if not old and state is not None:
        old = state.refs.get(push.remote_ref, revs.ZERO)
    where = push.remote_ref or push.ref
    if old and set(old) == {"0"}:
        if state is None:
            state = remote_state(root, remote)
        if (
            state.head not in state.refs
            and push.remote_ref in _DEFAULT_NAMES
            and any(r.startswith("refs/heads/") for r in state.refs)
        ):
            # The remote's HEAD names no branch it has (`git init --bare` names master
            # while main is pushed): this push may be the branch HEAD names, and make its
            # own rules the ones every later new ref is held to.
            raise GateError(
                f"pre-push: the remote's HEAD names no branch it has, and"
                f" {push.remote_ref} may be the one it names: pushing it could"
                " make its rules the default branch's; point the remote's HEAD"
                " at its default branch first (in the remote: git symbolic-ref"
                " HEAD refs/heads/<branch>), then push again"
            )
        name = default_branch(state)
        if name is None:
            return None
        old, where = (
            state.refs[name],
            f"{name} (the remote's default branch; {push.remote_ref} is new)",
        )
    if not old:
        raise GateError(f"pre-push: cannot tell what the remote has for {where}")
    if not revs.commit_exists(root, old):
        raise GateError(
            f"pre-push: the remote's {where} is at {old[:12]}, which this clone"
            f" does not have, so the rules in force there cannot be read: git"
            f" fetch {remote}, then push again"
        )
    return old


def relevant(cfg: Config, path: str) -> bool:
    """Could a change to this path change what the gate decides?"""
    if path in (CONFIG_FILE, cfg.baseline) or path.startswith(cfg.run_dir + "/"):
        return True
    if path.rpartition("/")[2] == ".gitattributes":
        return True  # what git does to a draft's bytes on checkout (a filter, LFS)
    if wildmatch.could_hold(cfg.drafts, path):
        return True  # a draft, or what could hide one (a link, a submodule)
    if cfg.draft_markers is not None:
        from receipt_gate.invariant.published import PAGE_EXTS
        from receipt_gate.rules.markers import builds

        if builds(path) or "/content/" in path or path.lower().endswith(PAGE_EXTS):
            # What says what the site publishes (any config a build may name with
            # --config), a theme's or module's content wherever it is kept, and a page
            # the site may publish that drafts does not gate (gate.invariant.published).
            return True
    if any(not cfg.specs[c].deterministic for c in cfg.every_required()):
        return True  # a model's evidence may quote any file of the tree
    from receipt_gate.rules.fingerprint import input_sources

    for name in cfg.every_required():
        for _, kind, names in input_sources(name, cfg):
            if wildmatch.could_hold(names, path) if kind == "globs" else path in names:
                return True
    return False


def local_tips(root: str) -> list[Push]:
    """Every local branch and tag, and HEAD, as pushes to the same name (what a hook
    that is not told what is pushed must assume)."""
    refs = [
        os.fsdecode(r)
        for r in git.run(
            root, ("for-each-ref", "--format=%(refname)", "refs/heads", "refs/tags")
        ).splitlines()
    ]
    # Each peeled to its commit however deep its tags nest (%(*objectname) peels one);
    # a tag of a tree or a blob names no commit.
    found = git.run(
        root,
        ("cat-file", "--batch-check=%(objectname) %(objecttype)"),
        stdin=b"".join(os.fsencode(r) + b"^{commit}\n" for r in refs),
    ).splitlines()
    pushes = [
        Push(ref, line.split(b" ")[0].decode(), "", ref)
        for ref, line in zip(refs, found, strict=False)
        if line.endswith(b" commit")
    ]
    head = revs.head(root)
    if head is not None and all(p.local != head for p in pushes):
        pushes.append(Push("HEAD", head, "", ""))
    return pushes


def new_commits(root: str, remote: str, tip: str, exclude: Iterable[str]) -> list[str]:
    """The commits up to `tip` that the remote lacks, oldest first, and the tip itself
    last whether or not the remote has it."""
    known = [o for o in exclude if o and set(o) != {"0"} and revs.commit_exists(root, o)]
    walk = revs.rev_list(root, [tip], [*known, *([f"--remotes={remote}"] if remote else [])])
    if tip not in walk:
        walk.append(tip)
    return walk
