"""Revisions and what changed between them: commits named, walked and compared (git
plumbing through gate.trees.git's runner)."""

from __future__ import annotations

import os
import re
from collections.abc import Sequence

from receipt_gate import GateError
from receipt_gate.trees.git import call, run


def resolve_commit(root: str, rev: str, what: str) -> str:
    """The commit id `rev` names; GateError (exit 2) for anything that is not a commit,
    an empty string included. `what` says where the revision came from (`--rev`)."""
    if not rev or not rev.strip():
        raise GateError(f"{what}: an empty revision names no commit")
    proc = call(root, ("rev-parse", "--verify", "--quiet", "--end-of-options", f"{rev}^{{commit}}"))
    if proc.returncode != 0:
        raise GateError(f"{what} {rev}: not a commit in {root}")
    return proc.stdout.decode().strip()


def head(root: str) -> str | None:
    """The commit HEAD points at, or None before the first commit. Asked of git once
    while the files that say it are as they were (a verify asks three times, a long
    running server over hours)."""
    return _head(root)[0]


def _head(root: str) -> tuple[str | None, str | None]:
    """(HEAD's commit, its tree), or Nones before the first commit: one git process for
    both (a commit hook asks each), kept while HEAD's files are as they were. The same
    process asks for the rule files the last commit hook asked head_changes() of, in
    HEAD and its first parent (head_changes answers from them)."""
    key = _head_key(root)
    hit = _HEADS.get(root)
    if key is not None and hit is not None and hit[0] == key:
        return hit[1]
    rules = _rules_hint(root)
    asked = ["HEAD^{commit}", "HEAD^{tree}", "HEAD^1^{commit}", "HEAD^2^{commit}"]
    asked += [f"{rev}:{p}" for p in rules for rev in ("HEAD", "HEAD^1")]
    proc = call(
        root,
        ("cat-file", "--batch-check=%(objectname) %(objecttype)"),
        "".join(f"{a}\n" for a in asked).encode(),
    )
    lines = proc.stdout.decode("utf-8", "replace").split("\n") if proc.returncode == 0 else []
    both = [line.split(" ") for line in lines[:2]]
    got: tuple[str | None, str | None] = (None, None)
    if [b[1:] for b in both] == [["commit"], ["tree"]]:
        got = (both[0][0], both[1][0])
    answers = [_answer(line) for line in lines[2 : len(asked)]]
    if key is not None and key == _head_key(root):
        _HEADS[root] = (key, got)
        # (a root commit changes nothing; a merge: diff-tree answers against each
        # parent; a folder: with its files)
        if got[0] is not None and len(answers) == len(asked) - 2 and not answers[1]:
            blobs = {
                p: (answers[2 + 2 * i], answers[3 + 2 * i] if answers[0] else answers[2 + 2 * i])
                for i, p in enumerate(rules)
                if " tree" not in answers[2 + 2 * i] + answers[3 + 2 * i]
            }
            _RULE_BLOBS[root] = (key, blobs)
    return got


def _answer(line: str) -> str:
    """A batch-check line: "oid type", or "" for an object that is not there."""
    return "" if line.endswith(" missing") or line.endswith(" ambiguous") else line


_HEADS: dict[str, tuple[object, tuple[str | None, str | None]]] = {}
# root -> (HEAD's key, path -> (its blob and type in HEAD, in its parent: "" where it is
# not there, a root commit's parent too)), where HEAD is no merge
_RULE_BLOBS: dict[str, tuple[object, dict[str, tuple[str, str]]]] = {}
_RULES_HINT = "head-rules.json"


def _rules_hint(root: str) -> list[str]:
    from receipt_gate.trees import cache

    got = cache.read(cache.path(root, _RULES_HINT), _askable)
    return list(got) if got is not None else []


def _askable(doc: object) -> bool:
    """Paths a `HEAD:<path>` line names as they are (no line end, none relative to a
    folder, none that git would read another way)."""
    return (
        isinstance(doc, list)
        and 0 < len(doc) <= 4
        and all(
            isinstance(p, str)
            and p
            and not re.search(r"[\n\r\0]|^\.{1,2}/|^/|/\.{0,2}/|/$|^\.{1,2}$", p)
            for p in doc
        )
    )


def _head_key(root: str) -> object:
    """What says HEAD still names the same commit, in a plain clone's git dir: HEAD's
    text, and the stat of the loose ref it names and of packed-refs (git replaces a ref
    file by a rename: a new inode). None where that cannot be told (a worktree, reftable,
    a git dir moved by the environment)."""
    from receipt_gate.trees.git import plain_git_dir

    dot = plain_git_dir(root)
    if dot is None or os.path.exists(os.path.join(dot, "reftable")):
        return None
    try:
        with open(os.path.join(dot, "HEAD"), "rb") as f:
            text = f.read(4096)
    except OSError:
        return None

    def stat(path: str) -> object:
        try:
            st = os.stat(path)
        except OSError:
            return None
        return (st.st_ino, st.st_mtime_ns, st.st_size)

    name = text[5:].strip().decode("utf-8", "replace") if text.startswith(b"ref: ") else ""
    if ".." in name:
        return None
    loose = stat(os.path.join(dot, *name.split("/"))) if name else None
    return (text, loose, stat(os.path.join(dot, "packed-refs")))


def first_parent(root: str, commit: str) -> str | None:
    proc = call(root, ("rev-parse", "--verify", "--quiet", f"{commit}^1^{{commit}}"))
    return proc.stdout.decode().strip() if proc.returncode == 0 else None


def cut_short(root: str, commit: str) -> bool:
    """Is this commit's history cut where git is told to (a shallow clone's boundary, a
    graft in info/grafts)? Then "no parent" may be a parent hidden."""
    shallow = call(root, ("rev-parse", "--git-path", "shallow")).stdout.decode().strip()
    grafts = call(root, ("rev-parse", "--git-path", "info/grafts")).stdout.decode().strip()
    for name in (shallow, grafts):
        path = name if os.path.isabs(name) else os.path.join(root, name)
        try:
            with open(path, "rb") as f:
                if commit.encode() in f.read(1 << 24):
                    return True
        except OSError:
            continue
    return False


ZERO = "0" * 40


def commit_exists(root: str, oid: str) -> bool:
    return call(root, ("cat-file", "-e", f"{oid}^{{commit}}")).returncode == 0


def changed_paths(root: str, old: str, new: str) -> list[str]:
    out = run(root, ("diff", "--no-ext-diff", "--no-renames", "--name-only", "-z", old, new))
    return [os.fsdecode(p) for p in out.split(b"\0") if p]


def changed_links(root: str, old: str, new: str) -> list[str]:
    """The submodules (gitlinks) one commit adds, moves or removes against another."""
    out = run(root, ("diff-tree", "-r", "--no-renames", "--raw", "-z", old, new, "--"))
    fields = out.split(b"\0")
    return [
        os.fsdecode(fields[i + 1])
        for i in range(0, len(fields) - 1, 2)
        if b"160000" in fields[i].split(b" ")[:2] or fields[i].startswith(b":160000")
    ]


def head_changes(root: str, paths: Sequence[str] | None = None) -> list[str]:
    """The paths HEAD changes against its parents (none for a root commit); of
    these `paths` alone, when given (git then reads no tree they are not in). Rule files
    asked of before are answered from HEAD's own git process (_head), where HEAD is no
    merge: a file whose blob differs from its parent's (a change of its mode alone,
    which diff-tree lists, changes no rule and is not one)."""
    if paths is not None:
        _head(root)
        key, known = _RULE_BLOBS.get(root, (None, {}))
        if key is not None and key == _head_key(root) and set(paths) <= set(known):
            return [p for p in paths if known[p][0] != known[p][1]]
        if _askable(list(paths)):
            from receipt_gate.trees import cache

            cache.write(cache.path(root, _RULES_HINT), list(dict.fromkeys(paths)))
    out = run(
        root,
        (
            "diff-tree",
            "--no-commit-id",
            "--no-renames",
            "-r",
            "--name-only",
            "-z",
            "-m",
            "--first-parent",
            "HEAD",
            *(("--", *(f":(literal){p}" for p in paths)) if paths is not None else ()),
        ),
    )
    return [os.fsdecode(p) for p in out.split(b"\0") if p]


def local_refs(root: str) -> dict[str, str]:
    """commit -> the first local branch or tag (peeled) that points at it."""
    out = run(
        root,
        (
            "for-each-ref",
            "--format=%(objectname) %(*objectname) %(refname)",
            "refs/heads",
            "refs/tags",
        ),
    )
    refs: dict[str, str] = {}
    for line in out.decode().splitlines():
        oid, peeled, ref = line.split(" ", 2)
        refs.setdefault(peeled or oid, ref)
    return refs


def tree_of(root: str, rev: str) -> str | None:
    """The tree id of a commit, or None (no such commit: before the first one)."""
    if rev == "HEAD":
        return _head(root)[1]
    proc = call(root, ("rev-parse", "--verify", "--quiet", f"{rev}^{{tree}}"))
    return proc.stdout.decode().strip() if proc.returncode == 0 else None


def _raw_changes(out: bytes) -> dict[str, str]:
    """`--raw -z` diff output: path -> its new blob id ("" where it was deleted)."""
    fields = out.split(b"\0")
    changes = {}
    for i in range(0, len(fields) - 1, 2):
        meta, path = fields[i].decode(), os.fsdecode(fields[i + 1])
        parts = meta.split(" ")
        if len(parts) >= 5:
            new = parts[3]
            changes[path] = "" if set(new) == {"0"} else new
    return changes


def staged_changes(root: str, rev: str = "HEAD") -> dict[str, str]:
    """What the index changes against a commit: path -> new blob id ("" if deleted)."""
    return _raw_changes(
        run(root, ("diff-index", "--cached", "--no-renames", "--raw", "-z", rev, "--"))
    )


def empty_tree(root: str) -> str:
    """The id of the empty tree (what a first commit is compared with)."""
    return run(root, ("hash-object", "-t", "tree", "--stdin"), stdin=b"").decode().strip()


def tree_changes(root: str, old: str, new: str) -> dict[str, str]:
    """What one tree changes against another: path -> new blob id ("" if deleted)."""
    return _raw_changes(
        run(root, ("diff-tree", "-r", "--no-renames", "--raw", "-z", old, new, "--"))
    )


def index_matches(root: str, rev: str, paths: Sequence[str]) -> bool | None:
    """Do these paths in the index hold what `rev` holds? None when `rev` names no
    commit (before the first one)."""
    proc = call(
        root,
        (
            "diff-index",
            "--cached",
            "--quiet",
            "--no-renames",
            rev,
            "--",
            *(":(literal)" + p for p in paths),
        ),
    )
    return {0: True, 1: False}.get(proc.returncode)


def merge_base(root: str, a: str, b: str) -> str | None:
    proc = call(root, ("merge-base", a, b))
    return proc.stdout.decode().strip() if proc.returncode == 0 else None


def rev_list(root: str, include: Sequence[str], exclude: Sequence[str]) -> list[str]:
    """Commits reachable from `include` and not from `exclude`, parents before children
    (each entry a commit id or a rev-list option such as --branches)."""
    out = run(root, ("rev-list", "--topo-order", "--reverse", *include, "--not", *exclude))
    return out.decode().split()
