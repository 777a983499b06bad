"""`receipt-gate agent stop`: the Claude Code Stop hook; the agent cannot end its turn on
a commit the gate refuses.

A command line is a program, and no reading of one catches every commit (`command git
commit -n`, an alias, `git commit-tree | git update-ref`). This hook judges the outcome
instead: when the agent is about to stop, it verifies what the session produced, HEAD
and every local branch, and every commit on the way to them that the remote lacks,
under the rules in force (what the remote has for the branch, or for a new branch the
remote's default branch), with the same pre-push gate the git hook runs (`receipt-gate
pre-push`, no network needed when the remote-tracking refs are there). With no remote at
all, HEAD is verified under its parent's rules (`receipt-gate verify --rev HEAD`). A
repository is gated when its working tree, HEAD or what the remote has holds a config
(deleting the config locally gates nothing off). It judges $CLAUDE_PROJECT_DIR when
Claude Code sets it (the session's project, wherever its last command left the shell).
Keep it where the agent does not edit it: the user's ~/.claude/hooks, not the
repository.

It also judges HEAD's own tree under its parent's rules: a commit pushed past the hooks
(`git push --no-verify`) is what the remote has, so no push line would carry it. A tip
this clone pushed is held, besides, to the rules of what the ref named before the push
and to the remote's default branch's: a push past the hooks whose first commit loosened
the rules is judged as the push hook and CI judge it. What
it looks at besides HEAD and the branches: tags (peeled however deep), refs of the
clone's own, linked worktrees' detached HEADs, and a commit that no ref here holds (of
HEAD's reflog, or a loose commit object: one made with `git commit-tree`, or in a
worktree since removed) but the remote names (pushed by id: `git push origin
SHA:refs/tags/x`; the remote is asked only when the gate refuses one), held to the
remote's default branch's rules and its parent's, a stash entry's too (any commit can be
stored there; the stash is no tip of the session's). Its record of passes is kept in
the user's cache, not in the git dir the agent writes.

When the gate refuses, it exits 2: Claude Code keeps the agent working and shows it the
commit, what is wrong and the fix. Repositories without a receipt-gate config (in the
working tree, HEAD, its parent, a branch or what the remote has), and those with no
commit at all, pass through. It calls the gate of its own installation (`python -m
receipt_gate`, or the command $RECEIPT_GATE names), and in a gated repository refuses
when it cannot run it.

Claude Code passes `stop_hook_active` when the agent is already continuing because of a
Stop hook. Then a refusal does not block again (that would loop until the agent gives
up or the session is killed): the hook lets the turn end and tells the user, in a
`systemMessage`, which commit the gate still refuses. The commit is refused all the
same where it counts: by the pre-push hook and by CI, the gates of record.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Sequence
from functools import cache
from typing import NamedTuple

from receipt_gate.commands.harness import gate_command

LIMIT = 6000  # characters of the gate's report shown to the agent


# What a commit holds is what is pushed: replace refs and grafts (git replace, a
# grafts file) would show the hook other history than the one that leaves the machine.
_AS_PUSHED = {"GIT_NO_REPLACE_OBJECTS": "1", "GIT_GRAFT_FILE": os.devnull}


def _git(root: str, *args: str, stdin: str | None = None) -> str | None:
    # Ref names are bytes to git: any that are no UTF-8 pass through as they are.
    proc = subprocess.run(
        ["git", "-C", root, *args],
        capture_output=True,
        input=stdin,
        encoding="utf-8",
        errors="surrogateescape",
        env={**os.environ, **_AS_PUSHED},
        check=False,
    )
    return proc.stdout.strip() if proc.returncode == 0 else None


def _fetched_only(root: str, ref: str) -> bool:
    """Did only fetches ever move this ref (a teammate's branch fetched to look at:
    `git fetch origin pull/12/head:pr-12`), by its reflog? No reflog: who knows."""
    said = _git(root, "reflog", "show", "--format=%gs", ref, "--")
    moves = (said or "").splitlines()
    return bool(moves) and all(m.startswith("fetch") for m in moves)


def _remote(root: str) -> str | None:
    """The remote the session's work goes to: HEAD's upstream's, else origin, else the
    first one; None when there is none."""
    remotes = (_git(root, "remote") or "").split()
    if not remotes:
        return None
    upstream = _git(root, "rev-parse", "--abbrev-ref", "--symbolic-full-name", "@{upstream}")
    if upstream and "/" in upstream and upstream.split("/", 1)[0] in remotes:
        return upstream.split("/", 1)[0]
    return "origin" if "origin" in remotes else remotes[0]


def _has(root: str, rev: str) -> str | None:
    return _git(root, "rev-parse", "--verify", "-q", f"{rev}^{{commit}}")


# Refs that are no work of the session's: what the remote has, a stash of work in
# progress, notes, filter-branch's backups, bisect's marks, maintenance's prefetch.
_NOT_WORK = (
    "refs/remotes/",
    "refs/stash",
    "refs/notes/",
    "refs/original/",
    "refs/bisect/",
    "refs/prefetch/",
    "refs/replace/",
)


def _tips(root: str) -> list[tuple[str, str]]:
    """(ref, commit) for each ref of this clone's own that names a commit, an annotated
    tag peeled however deep, and each linked worktree's detached HEAD."""
    names = [
        n
        for n in (_git(root, "for-each-ref", "--format=%(refname)") or "").splitlines()
        if n and not n.startswith(_NOT_WORK)
    ]
    out: list[tuple[str, str]] = []
    if names:
        found = (
            _git(
                root,
                "cat-file",
                "--batch-check=%(objectname) %(objecttype)",
                stdin="".join(f"{n}^{{commit}}\n" for n in names),
            )
            or ""
        ).splitlines()
        out += [
            (n, line.split(" ")[0])
            for n, line in zip(names, found, strict=False)
            if line.endswith(" commit")
        ]
    for block in (_git(root, "worktree", "list", "--porcelain") or "").split("\n\n"):
        lines = block.splitlines()
        head = next((ln[5:] for ln in lines if ln.startswith("HEAD ")), "")
        if head and "detached" in lines:
            out.append(("HEAD", head))  # (this worktree's own HEAD is added by _lines)
    return out


@cache  # (asked once a turn: each pushed ref and each run would ask again)
def _fetched(root: str) -> list[tuple[str, str, str]]:
    """(remote, its branches' prefix or ref, where this clone keeps them) for each fetch
    refspec (`+refs/heads/*:refs/remotes/origin/*`; a remote may keep them anywhere)."""
    out = []
    for line in (_git(root, "config", "--get-regexp", r"^remote\..*\.fetch$") or "").splitlines():
        key, _, spec = line.partition(" ")
        src, _, dst = spec.lstrip("+").partition(":")
        globbed = src.endswith("*") and dst.endswith("*") and "*" not in src[:-1] + dst[:-1]
        if dst and not src.startswith("^") and (globbed or "*" not in src + dst):
            out.append((key[len("remote.") : -len(".fetch")], src.rstrip("*"), dst.rstrip("*")))
    # The remotes by name too (`refs/remotes/<name>/`): a refspec unset or narrowed since
    # a push leaves the ref where the push put it.
    out += [(r, "refs/heads/", f"refs/remotes/{r}/") for r in (_git(root, "remote") or "").split()]
    return out


def _tracked(root: str, ref: str) -> tuple[str, str] | None:
    """(remote, branch) a remote-tracking ref stands for: by the fetch refspecs, the
    longest place that holds it first, then by the remotes' names."""
    found = [
        (dst, remote, src)
        for remote, src, dst in _fetched(root)
        if ref == dst or (dst.endswith("/") and ref.startswith(dst))
    ]
    if not found:
        return None
    dst, remote, src = max(found, key=lambda f: len(f[0]))
    return remote, src + ref[len(dst) :] if dst.endswith("/") else src


@cache  # (the remote may be asked: once a turn)
def _default(root: str, remote: str) -> str:
    """What the remote's default branch holds: as this clone knows it, else as the remote
    says; zeros when neither can tell."""
    kept = [dst for r, src, dst in _fetched(root) if r == remote and src == "refs/heads/"]
    known = next(
        (
            old
            for where in kept  # (the refspecs' places, then refs/remotes/<remote>/)
            for ref in ("HEAD", "main", "master")
            if (old := _has(root, f"{where}{ref}"))
        ),
        None,
    )
    if known:
        return known
    # Not known here (a remote never fetched, a default named trunk): the remote says
    # (a commit this clone lacks is then refused by the gate, which says to fetch).
    said = _ask(root, "ls-remote", "--symref", "--", remote, "HEAD") or ""
    return next(
        (
            ln.split("\t")[0]
            for ln in said.splitlines()
            if ln.endswith("\tHEAD") and not ln.startswith("ref:")
        ),
        "0" * 40,
    )


def _lines(root: str, remote: str) -> list[str]:
    """git's pre-push lines for HEAD, each local branch (as pushed to the same name:
    what the remote has for it as far as this clone knows, else its default branch,
    else zeros: a new repository, or a remote whose default the gate asks), and every
    other ref of this clone's that names a commit the remote lacks (a tag, a ref of
    its own, a worktree's detached HEAD)."""
    default = _default(root, remote)
    out = []
    tips = _tips(root)
    current = _git(root, "symbolic-ref", "-q", "HEAD")
    fetched: set[str] = set()
    for ref, sha in tips:
        if ref.startswith("refs/heads/"):
            old = _has(root, f"refs/remotes/{remote}/{ref[len('refs/heads/') :]}")
            if not old and ref != current and _before_the_gate(root, sha, default):
                continue  # (a branch from before the gate, never pushed: no work of now)
            if not old and _fetched_only(root, ref):
                fetched.add(sha)
                continue  # (what a fetch brought: another's work, not this session's)
            out.append(f"{ref} {sha} {ref} {old or default}")
    # Other refs count only on a commit the remote lacks: old tags on what the remote
    # has are not the session's work.
    others = [(ref, sha) for ref, sha in tips if not ref.startswith("refs/heads/")]
    if others:
        lacking = set(
            (
                _git(
                    root,
                    "rev-list",
                    *sorted({sha for _, sha in others}),
                    "--not",
                    f"--remotes={remote}",
                )
                or ""
            ).split()
        )
        out += [
            f"{ref} {sha} {ref if ref != 'HEAD' else 'refs/heads/HEAD'} {default}"
            for ref, sha in others
            if sha in lacking
        ]
    head = _has(root, "HEAD")
    # A detached HEAD, but on what the remote has (an old commit checked out, a bisect):
    # no work of this session's.
    if (
        head
        and not any(line.split(" ")[1] == head for line in out)
        and head not in fetched
        and _git(root, "rev-list", "-n1", head, "--not", f"--remotes={remote}")
    ):
        out.append(f"HEAD {head} refs/heads/HEAD {default}")
    return out


def _looked_at(root: str, head: str, pushed: list[Pushed]) -> bool:
    """Is HEAD a commit that only fetches brought (a teammate's branch checked out to
    review): no push of this clone's, and the branch checked out, or every
    remote-tracking ref that holds it, moved by fetches alone?"""
    if head in {p.tip for p in pushed}:
        return False
    current = _git(root, "symbolic-ref", "-q", "HEAD")
    if current and _has(root, current) == head and _fetched_only(root, current):
        return True
    holding = (
        _git(root, "for-each-ref", "--contains", head, "--format=%(refname)", "refs/remotes/") or ""
    ).split()
    return bool(holding) and all(
        _fetched_only(root, ref) for ref in holding if not ref.endswith("/HEAD")
    )


def _before_the_gate(root: str, tip: str, default: str) -> bool:
    """Is this a branch wholly from before the repository adopted the gate: no config
    at its tip, its parent, or where it left the default branch?"""
    if set(default) == {"0"}:
        return not _configs(root, [tip, f"{tip}^"])
    fork = _git(root, "merge-base", tip, default)
    if not fork:
        return False  # (an orphan branch left no branch before the gate: judged)
    return not _configs(root, [tip, f"{tip}^", fork])


class Pushed(NamedTuple):
    ref: str  # the remote-tracking ref, refs/remotes/<remote>/<branch>
    tip: str  # what this clone pushed there last
    before: str  # what it named before that push (zeros: nothing)


def _pushed(root: str) -> list[Pushed]:
    """The tips this clone pushed that a remote still has, as far as it knows: each
    remote-tracking ref, of any remote, whose last move in its reflog was this clone's
    push; with what the ref named before that push (the remote's, whose rules the
    push was held to)."""
    common = _git(root, "rev-parse", "--path-format=absolute", "--git-common-dir")
    logs = os.path.join(common or os.path.join(root, ".git"), "logs")
    out = []
    for folder, _, names in os.walk(os.path.join(logs, "refs")):  # (a refspec keeps them anywhere)
        for name in names:
            path = os.path.join(folder, name)
            try:
                with open(path, "rb") as f:
                    f.seek(max(0, os.fstat(f.fileno()).st_size - 4096))
                    lines = f.read().splitlines()
            except OSError:
                continue
            last = lines[-1].split(b"\t", 1) if lines else []
            moved = last[0].split(b" ")[:2] if last else []
            if len(last) == 2 and last[1].startswith(b"update by push") and len(moved) == 2:
                ref = os.path.relpath(path, logs).replace(os.sep, "/")
                old, new = (m.decode("ascii", "replace") for m in moved)
                out.append(Pushed(ref, new, old))
    # Where git wrote no reflog (core.logAllRefUpdates off, in the config or for one
    # push: `git -c ... push`), a remote-tracking ref may be this clone's push as well as
    # a fetch: held as pushed, to the default branch's rules. With the setting off, every
    # such ref; else those written one by one (a clone packs the refs it makes, and
    # writes no reflog for them).
    off = (_git(root, "config", "--bool", "core.logAllRefUpdates") or "true") == "false"
    said = _git(root, "for-each-ref", "--format=%(objectname) %(refname)", "refs/remotes/")
    for tip, _, ref in (line.partition(" ") for line in (said or "").splitlines()):
        parts = ref.split("/")
        if ref.endswith("/HEAD") or os.path.exists(os.path.join(logs, *parts)):
            continue
        if off or os.path.isfile(os.path.join(common or os.path.join(root, ".git"), *parts)):
            out.append(Pushed(ref, tip, "0" * 40))
    return out


def _pushed_lines(root: str, pushed: list[Pushed]) -> list[tuple[list[str], str | None]]:
    """A pre-push run per remote for the branches this clone pushed there, each tip held
    to the rules it was pushed over (what the ref named before: a push past the hooks
    is judged as the hook would have judged it) and to the remote's default branch's (a pull
    request's base, as CI holds it)."""
    by_remote: dict[str, list[str]] = {}
    for p in pushed:
        found = _tracked(root, p.ref)
        if found is None or not found[1].startswith("refs/"):
            continue  # (a ref no fetch refspec keeps: _remote's rules judge HEAD)
        remote, branch = found
        by_remote.setdefault(remote, []).extend(
            f"{branch} {p.tip} {branch} {old}\n"
            for old in dict.fromkeys([p.before, _default(root, remote)])
            if old != p.tip and set(old) != {"0"}
        )
    return [
        (["pre-push", remote, _git(root, "remote", "get-url", remote) or remote], "".join(lines))
        for remote, lines in by_remote.items()
        if lines
    ]


def _stored(root: str, objects: str) -> list[str]:
    """The objects this clone's own store holds, loose and in its packs (never those of
    an alternate store it borrows from: a teammate's clone's commits are no work of this
    session's, round 97 c02)."""
    names: list[str] = []
    try:
        for d in (d for d in os.listdir(objects) if len(d) == 2):
            names += [d + f for f in os.listdir(os.path.join(objects, d)) if len(f) in (38, 62)]
        pack = os.path.join(objects, "pack")
        indexes = [f for f in os.listdir(pack) if f.endswith(".idx")] if os.path.isdir(pack) else []
    except OSError:
        return names
    fmt = _git(root, "rev-parse", "--show-object-format") or "sha1"
    for f in indexes:
        try:
            with open(os.path.join(pack, f), "rb") as idx:
                shown = subprocess.run(
                    ["git", "-C", root, "show-index", f"--object-format={fmt}"],
                    stdin=idx,
                    capture_output=True,
                    text=True,
                    check=False,
                ).stdout
        except OSError:
            continue
        names += [ln.split(" ")[1] for ln in shown.splitlines() if ln.count(" ") >= 1]
    return names


def _unheld(root: str) -> list[str]:
    """Commits this clone holds that no ref of its own holds (the stash holds nothing
    that stands): every commit of HEAD's reflog, and every commit object its own store
    holds, loose or packed (one made with plumbing, `git commit-tree`, never moves HEAD;
    `git gc` packs one a ref names, and the ref may then be deleted: round 96 c02; it
    keeps what no ref holds in a cruft pack)."""
    made = (_git(root, "log", "-g", "--format=%H", "HEAD") or "").split()
    common = _git(root, "rev-parse", "--path-format=absolute", "--git-common-dir")
    names = _stored(root, os.path.join(common or os.path.join(root, ".git"), "objects"))
    if names:
        found = _git(
            root,
            "cat-file",
            "--batch-check=%(objectname) %(objecttype)",
            stdin="".join(f"{n}\n" for n in names),
        )
        made += [ln.split(" ")[0] for ln in (found or "").splitlines() if ln.endswith(" commit")]
    made = list(dict.fromkeys(made))  # (the stash's entries too: any commit can be stored)
    if not made:
        return []
    refs = [
        r
        for r in (_git(root, "for-each-ref", "--format=%(refname)") or "").splitlines()
        if r and (r.startswith("refs/remotes/") or not r.startswith(_NOT_WORK))
    ]
    peeled = _git(
        root,
        "cat-file",
        "--batch-check=%(objectname) %(objecttype)",
        stdin="".join(f"{r}^{{commit}}\n" for r in refs),
    )
    tips = [ln.split(" ")[0] for ln in (peeled or "").splitlines() if ln.endswith(" commit")]
    held = _git(
        root,
        "rev-list",
        "--ignore-missing",
        "--stdin",
        stdin="".join(f"{c}\n" for c in made) + "".join(f"^{t}\n" for t in tips),
    )
    unheld = set((held or "").split())
    return [c for c in made if c in unheld]


def _pushed_by_id(
    root: str, remote: str | None, exe: list[str]
) -> list[tuple[list[str], str | None]]:
    """The gate's runs that refuse a commit this clone holds and no ref of its own holds
    (_unheld), where a ref of the remote names it: pushed by id (`git push origin
    SHA:refs/tags/x`), which leaves no local ref, no remote-tracking ref and no push
    line to carry it. Each such commit is held to the remote's default branch's rules
    as they are (as the push hook and CI hold a new ref: a commit that deleted the
    config is no way out; all of them in one run) and to its parent's where they differ;
    verified here once (a pass is kept in the user's cache: an amend leaves one behind
    on every turn); the remote is asked (`git ls-remote`, no prompt, 20 s at most) only
    when one is refused, or first when there are thousands; a remote it cannot reach
    names none."""
    if remote is None:
        return []
    loose = _unheld(root)
    if not loose:
        return []
    default = _default(root, remote)
    ruled = set(default) != {"0"}
    passed, failed = _verdicts(root)
    # (a pass, as a refusal, is kept with the default branch's commit whose rules it met:
    # main tightened since, it is judged again; round 98 c02)
    pending = [c for c in loose if f"{c} {default}" not in passed]
    refused: dict[str, tuple[list[str], str | None]] = {}

    def run(argv: list[str], stdin: str | None) -> bool:
        proc = subprocess.run(
            [*exe, *argv], cwd=root, input=stdin, capture_output=True, text=True, check=False
        )
        return proc.returncode == 0

    named = _named(root, remote) if len(pending) > _ASK_FIRST else None
    if named is not None:  # (a deleted branch's thousands: only what the remote names)
        pending = [c for c in pending if c in named]
    push = ["pre-push", remote, _git(root, "remote", "get-url", remote) or remote]
    lines = {c: f"HEAD {c} refs/heads/HEAD {default}\n" for c in pending} if ruled else {}
    # A commit refused before under the same rules is refused again unjudged (round 97
    # r01: forty amended commits in HEAD's reflog were judged one by one on every turn).
    refused = {c: (push, line) for c, line in lines.items() if f"{c} {default}" in failed}
    lines = {c: line for c, line in lines.items() if c not in refused}
    # One run for them all; one by one only when it refuses, to say which.
    if lines and not run(push, "".join(lines.values())):
        refused |= {c: (push, line) for c, line in lines.items() if not run(push, line)}
    # Under its parent's rules too, where they are not the rules it was just held to.
    rules = _configs(root, [*(f"{c}^" for c in pending), default])
    for c in pending:
        if c in refused or not _ruled(root, c):
            continue
        if ruled and rules.get(f"{c}^") == rules.get(default):
            continue
        if f"{c} ^" in failed or not run(["verify", "--rev", c], None):
            refused[c] = (["verify", "--rev", c], None)
    passed.update(dict.fromkeys(f"{c} {default}" for c in pending if c not in refused))
    failed.update(
        dict.fromkeys(f"{c} {default if argv is push else '^'}" for c, (argv, _) in refused.items())
    )
    _keep_verdicts(root, passed, failed)
    if not refused:
        return []
    if named is None:  # (what any remote names: a push by id to another one too)
        said = [_named(root, r) for r in (_git(root, "remote") or "").split()]
        named = set().union(*(n for n in said if n is not None))
    return [run for c, run in refused.items() if c in named]


_ASK_FIRST = 200  # loose commits to judge, past which the remote is asked first


def _named(root: str, remote: str) -> set[str] | None:
    """The commits a ref of the remote names, at every address a push to it goes to (its
    push URLs: `ls-remote` asks the fetch URL alone, which a `pushurl` may send pushes
    away from) and the one it fetches from, but those of the host's own read-only
    namespaces (a pull request's head, kept after a squash merge: no push put it
    there); None when none of them can be asked."""
    urls = [
        u
        for args in (("--push", "--all"), ("--all",))
        for u in (_git(root, "remote", "get-url", *args, "--", remote) or "").splitlines()
        if u
    ]
    found: set[str] | None = None
    for url in dict.fromkeys(urls or [remote]):
        said = _ask(root, "ls-remote", "--", url)
        if said is None:
            continue
        found = (found or set()) | {
            sha
            for sha, _, ref in (line.partition("\t") for line in said.splitlines())
            if not ref.startswith(("refs/pull/", "refs/merge-requests/", "refs/changes/"))
        }
    return found


def _ask(root: str, *args: str) -> str | None:
    """What git says asking the remote (no prompt, 20 s at most); None when it cannot."""
    try:
        proc = subprocess.run(
            ["git", "-C", root, *args],
            capture_output=True,
            encoding="utf-8",
            errors="surrogateescape",
            env={**os.environ, "GIT_TERMINAL_PROMPT": "0"},
            timeout=20,
            check=False,
        )
    except subprocess.TimeoutExpired:
        return None
    return proc.stdout if proc.returncode == 0 else None


def _passes_file(root: str) -> str | None:
    """Where the loose commits the gate held are kept: with the hook, in the user's
    cache ($XDG_CACHE_HOME/receipt-gate/stop/), one file per repository, never in the
    repository, whose git dir the agent writes (a pass it wrote there would be taken)."""
    from receipt_gate.base.sha import hex256

    common = _git(root, "rev-parse", "--path-format=absolute", "--git-common-dir")
    home = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    if not common or not os.path.isabs(home):
        return None
    return os.path.join(home, "receipt-gate", "stop", hex256(common.encode())[:32] + ".json")


def _verdicts(root: str) -> tuple[dict[str, None], dict[str, None]]:
    """(the commits that passed; "commit rules" for each refusal: the default branch's
    commit whose rules refused it, or `^` for its own and its parent's), as kept in the
    user's cache by this release."""
    from receipt_gate import TOOL
    from receipt_gate.trees import cache

    doc = cache.read(
        _passes_file(root),
        lambda d: (
            isinstance(d, dict) and d.get("tool") == TOOL and isinstance(d.get("passed"), list)
        ),
    )

    def listed(key: str) -> dict[str, None]:
        return {c: None for c in (doc or {}).get(key, []) if isinstance(c, str)}

    return listed("passed"), listed("failed")


def _keep_verdicts(root: str, passed: dict[str, None], failed: dict[str, None]) -> None:
    """Keep the verdicts, the newest last (a large repository's thousands of loose
    commits are judged once, not again on every turn); a refusal is the commit's under
    those rules for good (a commit's bytes never change), refused again unjudged."""
    from receipt_gate import TOOL
    from receipt_gate.trees import cache

    cache.write(
        _passes_file(root),
        {"tool": TOOL, "passed": list(passed)[-50000:], "failed": list(failed)[-50000:]},
    )


def _configs(root: str, revs: list[str]) -> dict[str, str]:
    """rev -> the blob of its config (absent where it holds none), in one git call."""
    found = _git(
        root,
        "cat-file",
        "--batch-check=%(objectname) %(objecttype)",
        stdin="".join(f"{r}:.receipt-gate.yaml\n" for r in revs),
    )
    return {
        r: line.split(" ")[0]
        for r, line in zip(revs, (found or "").splitlines(), strict=False)
        if line.endswith(" blob")
    }


def _ruled(root: str, commit: str) -> bool:
    """Does this commit, or its first parent, hold a config (a commit from before the
    gate was adopted has no rules to be held to)?"""
    return any(
        _git(root, "cat-file", "-e", f"{c}:.receipt-gate.yaml") is not None
        for c in (commit, f"{commit}^")
    )


def verify(root: str) -> tuple[int, str]:
    """The gate on HEAD, every local branch and ref of this clone's, and every commit on
    their way that the remote lacks; then HEAD's own tree under its parent's rules
    (which a push past the hooks, with --no-verify, leaves looking like the remote's)."""
    exe = gate_command()
    remote = _remote(root)
    head = _has(root, "HEAD")
    runs: list[tuple[list[str], str | None]] = []
    if remote is not None:
        lines = _lines(root, remote)
        if lines:
            url = _git(root, "remote", "get-url", remote) or remote
            runs.append((["pre-push", remote, url], "".join(f"{line}\n" for line in lines)))
    # Each tree that may stand as is: HEAD (or, unborn or with no remote, every branch),
    # and each tip this clone pushed that the remote still has (a push with --no-verify
    # leaves no line above to carry it), each under its parent's rules.
    pushed = _pushed(root)
    heads = [head] if head and not _looked_at(root, head, pushed) else []
    if remote is None or not head:
        heads += [sha for ref, sha in _tips(root) if ref.startswith("refs/heads/")]
    runs += _pushed_lines(root, pushed)
    heads += [p.tip for p in pushed]
    runs += [(["verify", "--rev", sha], None) for sha in dict.fromkeys(heads) if _ruled(root, sha)]
    runs += _pushed_by_id(root, remote, exe)
    for argv, stdin in runs:
        proc = subprocess.run(
            [*exe, *argv],
            cwd=root,
            input=stdin,
            capture_output=True,
            encoding="utf-8",
            errors="surrogateescape",
            check=False,
        )
        if proc.returncode != 0:
            return proc.returncode, proc.stdout + proc.stderr
    return 0, ""


def _root(place: str) -> str | None:
    """The working tree of the repository `place` is in (inside its .git folder too)."""
    top = _git(place, "rev-parse", "--show-toplevel")
    if top is None:
        git_dir = _git(place, "rev-parse", "--absolute-git-dir")
        top = os.path.dirname(git_dir) if git_dir and git_dir.endswith("/.git") else None
    return top


def gated(root: str) -> bool:
    """Does the working tree, HEAD, its parent, a local branch, anything this clone
    knows the remote has, or had before this clone's pushes, hold a receipt-gate
    config?"""
    if os.path.isfile(os.path.join(root, ".receipt-gate.yaml")):
        return True
    refs = (
        _git(root, "for-each-ref", "--format=%(refname)", "refs/heads", "refs/remotes") or ""
    ).splitlines()
    befores = [p.before for p in _pushed(root)]  # what a push of this clone's replaced
    asked = "".join(f"{r}:.receipt-gate.yaml\n" for r in ["HEAD", "HEAD^", *refs, *befores] if r)
    found = _git(root, "cat-file", "--batch-check=%(objecttype)", stdin=asked) or ""
    return "blob" in found.split()


def main(argv: Sequence[str] | None = None) -> int:
    del argv  # Claude Code passes the event on stdin
    try:
        payload = json.load(sys.stdin)
        places = [os.environ.get("CLAUDE_PROJECT_DIR"), payload.get("cwd"), os.getcwd()]
    except (ValueError, AttributeError, RecursionError) as e:
        print(f"receipt-gate stop hook: not a Stop payload ({type(e).__name__})", file=sys.stderr)
        return 1
    if not all(p is None or (isinstance(p, str) and "\0" not in p) for p in places):
        print("receipt-gate stop hook: the payload's cwd is not a folder's path", file=sys.stderr)
        return 1
    # The project's repository and the one the session's shell is in (a site cloned
    # inside the project, a submodule), each judged.
    roots = dict.fromkeys(
        r for r in map(_root, [p for p in places[:2] if p] or places[2:]) if r and gated(r)
    )
    rc, report = 0, ""
    for root in roots:
        try:
            rc, report = verify(root)
        except OSError as e:
            return _refuse(
                payload,
                f"receipt-gate: this repository is gated, and receipt-gate cannot run"
                f" ({e}); install it, or name it in $RECEIPT_GATE",
            )
        if rc != 0:
            break
    if rc == 0:
        return 0
    text = report if len(report) <= LIMIT else report[:LIMIT] + "\n[...]\n"
    return _refuse(
        payload,
        "receipt-gate: this session made a commit the gate refuses (judged from the"
        f" commits themselves, not from any account of them):\n{text}"
        "Fix the draft named above, run `receipt-gate run`, stage the draft and its"
        " receipts, and commit the fix on top (a tip is what is published: the commits"
        " before it need not be rewritten, and one already pushed must not be); push"
        " again where the refused tip was pushed. A commit that skipped the hooks is"
        " judged all the same.",
    )


def _refuse(payload: object, message: str) -> int:
    """Block the turn's end (exit 2, the message to the agent); but when the agent is
    already going on because a Stop hook blocked (`stop_hook_active`), let it stop and
    tell the user instead: blocking again would loop, and pre-push and CI still refuse."""
    if isinstance(payload, dict) and payload.get("stop_hook_active") is True:
        told = (
            f"{message}\nThe agent was already asked to fix this once; it stops here. The"
            " pre-push hook and CI refuse this commit all the same."
        )
        print(json.dumps({"systemMessage": told}))
        return 0
    print(message, file=sys.stderr)
    return 2
