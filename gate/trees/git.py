"""All git access, as small functions over `git` with `-z` output."""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from functools import cache
from typing import TYPE_CHECKING

from receipt_gate import GateError

if TYPE_CHECKING:
    from receipt_gate.trees.convert import Conversion

# git must not page, colour or ask; and a test's HOME never leaks config in.
_ENV_DROP = ("GIT_PAGER", "PAGER")


class Proc:
    """What a git command gave back: its exit code and its two outputs."""

    __slots__ = ("returncode", "stderr", "stdout")

    def __init__(self, returncode: int, stdout: bytes, stderr: bytes) -> None:
        self.returncode, self.stdout, self.stderr = returncode, stdout, stderr


def call(
    root: str, args: Sequence[str], stdin: bytes | None = None, own_repo: bool = False
) -> Proc:
    """git's answer in `root`; `own_repo`: in the repository found there, whatever git's
    location variables name (a submodule's own, read from the superproject's hook)."""
    drop = _ENV_DROP + (_OWN_REPO if own_repo else ())
    env = {k: v for k, v in os.environ.items() if k not in drop}
    # What a commit holds is what is pushed: replace refs (git replace) would show the
    # gate other objects than the ones that leave the machine.
    env["GIT_NO_REPLACE_OBJECTS"] = "1"
    try:
        return _spawn(("git", "-C", root, "-c", "core.quotepath=off", *args), env, stdin)
    except FileNotFoundError:
        raise GateError("git is not installed or not on PATH") from None


def _spawn(argv: Sequence[str], env: dict[str, str], stdin: bytes | None) -> Proc:
    """Run argv, feeding it stdin (else it inherits ours) and collecting both outputs.

    posix_spawn and a poll loop, not `subprocess`: importing that module (with its
    threading, signal, selectors and locale) costs a hook about 5 ms on every commit."""
    if not hasattr(os, "posix_spawnp"):  # Windows
        import subprocess

        ran = subprocess.run(argv, input=stdin, capture_output=True, env=env, check=False)
        return Proc(ran.returncode, ran.stdout, ran.stderr)
    import select

    out_r, out_w = os.pipe()
    err_r, err_w = os.pipe()
    in_r, in_w = os.pipe() if stdin is not None else (-1, -1)
    mine = {out_r, err_r} | ({in_w} if in_w >= 0 else set())  # what this side closes
    actions = [(os.POSIX_SPAWN_DUP2, out_w, 1), (os.POSIX_SPAWN_DUP2, err_w, 2)]
    if in_r >= 0:
        actions.append((os.POSIX_SPAWN_DUP2, in_r, 0))
    try:
        pid = os.posix_spawnp(argv[0], list(argv), env, file_actions=actions)
    except BaseException:
        for fd in mine:
            os.close(fd)
        raise
    finally:
        for fd in (out_w, err_w, in_r):
            if fd >= 0:
                os.close(fd)
    got: dict[int, list[bytes]] = {out_r: [], err_r: []}
    data, sent = memoryview(stdin or b""), 0
    poll = select.poll()
    for fd in mine:
        poll.register(fd, select.POLLOUT if fd == in_w else select.POLLIN)
    if in_w >= 0:
        os.set_blocking(in_w, False)
    try:
        while mine:
            for fd, _ in poll.poll():
                if fd == in_w:
                    try:
                        sent += os.write(in_w, data[sent : sent + 65536]) if data else 0
                    except BrokenPipeError:  # it stopped reading: what it wrote still counts
                        sent = len(data)
                    done = sent >= len(data)
                else:
                    got[fd].append(os.read(fd, 1 << 20))
                    done = not got[fd][-1]
                if done:
                    poll.unregister(fd)
                    mine.discard(fd)
                    os.close(fd)
    finally:
        for fd in mine:
            os.close(fd)
        _, status = os.waitpid(pid, 0)
    return Proc(os.waitstatus_to_exitcode(status), b"".join(got[out_r]), b"".join(got[err_r]))


def run(root: str, args: Sequence[str], stdin: bytes | None = None) -> bytes:
    """git's output; a failure is a GateError naming the git command."""
    proc = call(root, args, stdin)
    if proc.returncode != 0:
        err = proc.stderr.decode(errors="replace").strip().splitlines()
        raise GateError(f"git {args[0]} failed: {err[-1] if err else proc.returncode}")
    return proc.stdout


_GIT_LOCATION_VARS = (
    "GIT_DIR",
    "GIT_WORK_TREE",
    "GIT_CEILING_DIRECTORIES",
    "GIT_DISCOVERY_ACROSS_FILESYSTEM",
)
# What points git at a repository other than the one found where it runs.
_OWN_REPO = (*_GIT_LOCATION_VARS, "GIT_INDEX_FILE", "GIT_OBJECT_DIRECTORY", "GIT_COMMON_DIR")


def toplevel(cwd: str) -> str:
    """The work tree's root, as `git rev-parse --show-toplevel` gives it.

    The common case (a `.git` folder above, no GIT_* location variables) is found with
    a few stat calls: a hook runs on every commit, and a subprocess costs milliseconds.
    """
    if not any(v in os.environ for v in _GIT_LOCATION_VARS):
        d = os.path.realpath(cwd)
        while True:
            dot = os.path.join(d, ".git")
            if os.path.isdir(dot) and os.path.isfile(os.path.join(dot, "HEAD")):
                return d
            if os.path.exists(dot):
                break  # a .git file (worktree, submodule): let git read it
            parent = os.path.dirname(d)
            if parent == d:
                break
            d = parent
    out = call(cwd, ("rev-parse", "--show-toplevel"))
    if out.returncode != 0:
        raise GateError(f"{cwd}: not inside a git repository")
    return os.fsdecode(out.stdout.rstrip(b"\n"))


def plain_git_dir(root: str) -> str | None:
    """A plain clone's git dir (`.git`, a folder), when no GIT_* variable moves it."""
    if any(v in os.environ for v in (*_GIT_LOCATION_VARS, "GIT_COMMON_DIR")):
        return None
    dot = os.path.join(root, ".git")
    return dot if os.path.isdir(dot) else None


@cache
def cache_dir(root: str) -> str | None:
    """receipt-gate's folder for caches in the git dir (never committed; one per clone or
    worktree), or None when git names no git dir. A plain clone's is found with a stat."""
    if not any(v in os.environ for v in _GIT_LOCATION_VARS):
        dot = os.path.join(root, ".git")
        if os.path.isdir(dot):
            return os.path.join(dot, "receipt-gate")
    proc = call(root, ("rev-parse", "--absolute-git-dir"))
    if proc.returncode != 0:
        return None
    return os.path.join(os.fsdecode(proc.stdout.rstrip(b"\n")), "receipt-gate")


def worktree_paths(root: str, under: Sequence[str] = (), but: Sequence[str] = ()) -> list[str]:
    """Tracked and untracked-but-not-ignored files, repo-relative: only those at or
    under the given paths, when some are given; else all but those under `but`."""
    args = ("ls-files", "-z", "--cached", "--others", "--exclude-standard", "--")
    if but:  # the exclusions in one command: a batch of them alone would list the rest
        out = run(root, (*args, *[":(exclude,literal)" + f + "/" for f in but]))
    else:
        out = b"".join(
            run(root, (*args, *batch)) for batch in batched([":(literal)" + p for p in under])
        )
    # One decode, not one per path; each path one string however many listings hold it
    # (a site's 40,000 paths were listed seven times in adopt: 20 MB of copies).
    names = set(map(sys.intern, os.fsdecode(out).split("\0")))
    names.discard("")
    return sorted(names)


class IndexEntry:
    __slots__ = ("mode", "oid")

    def __init__(self, mode: str, oid: str) -> None:
        self.mode, self.oid = mode, oid


def status_paths(root: str) -> list[str]:
    """Every path `git status` names (staged, changed on disk, not tracked and not
    ignored; both sides of a rename), in one call that writes nothing."""
    out = run(
        root,
        (
            "--no-optional-locks",
            "status",
            "--porcelain=v1",
            "-z",
            "--untracked-files=all",
            "--no-renames",
        ),
    )
    return [os.fsdecode(rec[3:]) for rec in out.split(b"\0") if len(rec) > 3]


def hidden_from_status(root: str) -> bool:
    """Does the index mark a file skip-worktree or assume-unchanged (`git ls-files -v`
    tags it `S` or in lower case)? git status then says nothing of its changes."""
    out = run(root, ("ls-files", "-v", "-z"))
    return any(rec[:1] == b"S" or rec[:1].islower() for rec in out.split(b"\0") if rec)


# Bytes of pathspecs given to one git command: the kernel refuses an argument list over
# its limit (2 MB on Linux, with the environment), and a site's 160,000 receipts are more.
ARGV_LIMIT = 100_000


def batched(specs: Sequence[str]) -> Iterator[Sequence[str]]:
    """The pathspecs in runs that fit one command line (one empty run for none: all)."""
    batch: list[str] = []
    size = 0
    for spec in specs:
        if batch and size + len(spec) + 1 > ARGV_LIMIT:
            yield batch
            batch, size = [], 0
        batch.append(spec)
        size += len(spec) + 1
    if batch or not specs:
        yield batch


def index_entries(
    root: str, paths: Sequence[str] = (), but: Sequence[str] = ()
) -> dict[str, IndexEntry]:
    """Stage-0 entries of the index (all, or those at or under `paths`; conflicted
    paths are left out), but those under the folders `but`."""
    specs = [":(literal)" + p for p in paths]
    specs += [":(exclude,literal)" + f + "/" for f in but]  # (what is under: not f itself)
    out = b"".join(
        run(root, ("ls-files", "-z", "--stage", "--", *batch)) for batch in batched(specs)
    )
    return {
        path: IndexEntry(mode, oid) for (mode, oid, stage), path in _records(out) if stage == "0"
    }


def _records(out: bytes) -> Iterator[tuple[list[str], str]]:
    """The records of `git ls-files -z --stage` or `git ls-tree -z`: the fields before
    the tab, and the path."""
    for rec in os.fsdecode(out).split("\0"):  # (one decode, not two per record)
        if rec:
            meta, _, path = rec.partition("\t")
            yield meta.split(" "), path


def submodule_files(
    root: str, path: str, commit: str
) -> tuple[list[str], dict[str, bytes | None]] | None:
    """The files of a submodule's commit, read from its own repository where it is
    checked out at `path`, and the contents of its config files (at its top and in its
    config/ folder; None for one that could not be read); None where it is not checked
    out, or lacks that commit."""
    where = os.path.join(root, path)
    if not os.path.exists(os.path.join(where, ".git")):
        return None  # not checked out: git would find the superproject above it
    proc = call(where, ("ls-tree", "-r", "-z", commit), own_repo=True)
    if proc.returncode != 0:
        return None
    files: list[str] = []
    wanted: list[tuple[str, str]] = []
    for (_, kind, oid), name in _records(proc.stdout):
        files.append(name)
        top = "/" not in name or name.startswith("config/")
        if kind == "blob" and top and name.endswith((".toml", ".yaml", ".yml", ".json")):
            wanted.append((name, oid))
    configs: dict[str, bytes | None] = dict.fromkeys((n for n, _ in wanted), None)
    if wanted:
        asked = "".join(f"{oid}\n" for _, oid in wanted).encode()
        out = call(where, ("cat-file", "--batch"), asked, own_repo=True).stdout
        at = 0
        for name, _ in wanted:  # (in the order asked, one answer each)
            end = out.find(b"\n", at)
            head = out[at:end].split(b" ") if end >= 0 else []
            if len(head) != 3 or not head[2].isdigit():
                break  # (a missing object: the rest stay None, unread)
            size = int(head[2])
            configs[name] = out[end + 1 : end + 1 + size]
            at = end + 1 + size + 1
    return files, configs


def index_size(root: str) -> int:
    """The size of the index file in bytes (-1 when it cannot be found cheaply)."""
    folder = cache_dir(root)
    path = os.environ.get("GIT_INDEX_FILE") or (
        os.path.join(os.path.dirname(folder), "index") if folder else ""
    )
    try:
        return os.stat(path).st_size if path else -1
    except OSError:
        return -1


def tree_entries(root: str, commit: str, paths: Sequence[str] = ()) -> dict[str, IndexEntry]:
    """The files of a commit (all of them, or those at or under `paths`), by path."""
    specs = [":(literal)" + p for p in paths]
    out = b"".join(
        run(root, ("ls-tree", "-r", "-z", "--full-tree", commit, "--", *batch))
        for batch in batched(specs)
    )
    return {
        path: IndexEntry(mode, oid)
        for (mode, kind, oid), path in _records(out)
        if kind in ("blob", "commit")
    }


def receipt_named(folder: str, checks: Sequence[str] = ()) -> Callable[[str], bool]:
    """Is a path under the run folder named as a receipt: `<draft>/<check>.json` of one
    of these checks (any name ending in `.json` where none is given)?"""
    inside = folder + "/"
    names = tuple(f"/{c}.json" for c in checks) or (".json",)

    def named(p: str) -> bool:
        rel = p[len(inside) :]
        return "/" in rel and f"/{rel}".endswith(names)

    return named


def not_receipts(root: str, folder: str, commit: str = "", checks: Sequence[str] = ()) -> list[str]:
    """The files under `folder` that are no receipt's (the run folder holds receipts
    only): whose names do not end in `.json`, or, given the `checks` a receipt may be
    of, are no `<draft>/<check>.json` of one; in the index, or a commit. git leaves the
    receipts out where it can."""
    inside = folder + "/"
    receipt = receipt_named(folder, checks)

    def stray(p: str) -> bool:
        return p.startswith(inside) and not receipt(p)

    if commit:
        out = run(root, ("ls-tree", "-r", "-z", "--name-only", "--full-tree", commit, "--",
                         f":(literal){folder}"))  # fmt: skip
        return [p for p in os.fsdecode(out).split("\0") if stray(p)]
    escaped = re.sub(r"([*?\[\\])", r"\\\1", folder)
    wanted = [re.sub(r"([*?\[\\])", r"\\\1", c) + ".json" for c in checks] or ["*.json"]
    specs = (f":(literal){folder}/", *(f":(exclude,glob){escaped}/**/{w}" for w in wanted))
    out = run(root, ("ls-files", "-z", "--cached", "--", *specs))
    return sorted({p for p in os.fsdecode(out).split("\0") if stray(p)})


def tree_entries_but(root: str, commit: str, folders: Sequence[str]) -> dict[str, IndexEntry]:
    """The files of a commit but those under these folders (ls-tree takes no exclusion:
    what lies beside them and beside each folder above them, listed whole)."""
    beside: list[str] = []
    above = [""]
    while above:
        spec = [f":(literal){a}/" if a else "." for a in above]
        out = run(root, ("ls-tree", "-z", "--full-tree", commit, "--", *spec))
        above = []
        for (_, kind, _), name in _records(out):
            if kind == "tree" and name in folders:
                continue
            if kind == "tree" and any(f.startswith(name + "/") for f in folders):
                above.append(name)
            else:
                beside.append(name)
    return tree_entries(root, commit, beside) if beside else {}


def cat_blobs(root: str, oids: Iterable[str]) -> dict[str, bytes]:
    """Contents of many blobs: those `git add` just wrote as loose objects read from
    the object store, the rest in one `git cat-file --batch` call."""
    wanted = list(dict.fromkeys(oids))
    if not wanted:
        return {}
    blobs = _loose(root, wanted) if len(wanted) <= LOOSE_AT_MOST else {}
    wanted = [o for o in wanted if o not in blobs]
    if not wanted:
        return blobs
    out = run(root, ("cat-file", "--batch"), stdin="".join(o + "\n" for o in wanted).encode())
    pos = 0
    for oid in wanted:
        nl = out.index(b"\n", pos)
        header, pos = out[pos:nl].split(b" "), nl + 1
        if len(header) != 3:
            raise GateError(f"git cat-file: object {oid} is missing")
        size = int(header[2])
        blobs[oid] = out[pos : pos + size]
        pos += size + 1
    return blobs


# A batch this small is looked for among the loose objects first (a git process costs a
# hook a few milliseconds; a loose object is one file to inflate).
LOOSE_AT_MOST = 64


def _loose(root: str, oids: Sequence[str]) -> dict[str, bytes]:
    """The blobs among these that lie as loose objects in a plain clone's object store,
    each checked against its id (git's own hash of what it holds); none where the store
    may be elsewhere (alternates: the rest is asked of git)."""
    dot = plain_git_dir(root)
    if dot is None or "GIT_OBJECT_DIRECTORY" in os.environ:
        return {}
    import zlib

    out: dict[str, bytes] = {}
    for oid in oids:
        if not re.fullmatch(r"[0-9a-f]{40}|[0-9a-f]{64}", oid):
            continue
        try:
            with open(os.path.join(dot, "objects", oid[:2], oid[2:]), "rb") as f:
                raw = zlib.decompress(f.read())
        except (OSError, zlib.error):
            continue
        head, _, body = raw.partition(b"\0")
        if head == b"blob %d" % len(body) and _object_id(raw, len(oid)) == oid:
            out[oid] = body
    return out


def _object_id(raw: bytes, length: int) -> str:
    """git's id of an object's bytes: SHA-1, or SHA-256 in a repository of 64-digit ids
    (the interpreter's own: importing hashlib loads OpenSSL, on every commit)."""
    if length == 64:
        from receipt_gate.base.sha import hex256

        return hex256(raw)
    import importlib

    try:
        return str(importlib.import_module("_sha1").sha1(raw).hexdigest())
    except ImportError:  # pragma: no cover - an interpreter built without it
        import hashlib

        return hashlib.sha1(raw).hexdigest()


def restore_index(root: str, entries: dict[str, IndexEntry | None]) -> None:
    """Put these index entries back as they were (None: the path was not in the index)."""
    if entries:
        lines = b"".join(
            (f"{e.mode} {e.oid}" if e is not None else "0 " + "0" * 40).encode()
            + b"\t"
            + os.fsencode(p)
            + b"\0"
            for p, e in entries.items()
        )
        run(root, ("update-index", "-z", "--index-info"), stdin=lines)


def add(root: str, paths: Sequence[str]) -> None:
    """Stage exactly these files as they are on disk (paths, never a glob; one gone is
    staged as gone). On stdin: a site's receipts are more than a command line holds;
    update-index, not `git add`, whose pathspecs are matched against every index entry
    (3 s for 2,000 receipts on a site of 40,000 pages; hours for all of them)."""
    if paths:
        names = b"".join(os.fsencode(p) + b"\0" for p in paths)
        run(root, ("update-index", "--add", "--remove", "-z", "--stdin"), stdin=names)


CONVERTING = (b"filter", b"working-tree-encoding", b"export-subst", b"ident")  # built differs


def attributes_may_convert(root: str, texts: Sequence[bytes]) -> bool:
    """Could an attributes file name one of CONVERTING (the word anywhere counts: a
    macro, a comment)? `texts`: the tree's .gitattributes; git also reads
    info/attributes, the user's and the system's (and GIT_ATTR_SOURCE's tree)."""
    words, dot = CONVERTING, os.path.join(root, ".git")
    if (
        any(w in t for t in texts for w in words)
        or os.environ.get("GIT_ATTR_SOURCE")
        or any(v in os.environ for v in _GIT_LOCATION_VARS)
        or not os.path.isdir(dot)
    ):
        return True  # (a worktree's or a moved git dir's info/ is elsewhere: ask git)
    configured = (
        os.fsdecode(call(root, ("config", "--path", "--get", "core.attributesFile")).stdout.strip())
        if _may_configure(dot, b"attributesfile")
        else ""
    )
    for f in (*attribute_files(dot), configured):
        try:
            with open(f, "rb") as fh:
                if any(w in fh.read() for w in words):
                    return True
        except OSError:
            continue
    return False


def _xdg() -> str:
    return os.environ.get("XDG_CONFIG_HOME") or os.path.expanduser("~/.config")


def config_files(dot: str) -> list[str]:
    """The config files git reads (a plain clone's git dir `dot`): the repository's, the
    user's two and the system's."""
    files = [os.path.join(dot, "config"), os.path.expanduser("~/.gitconfig")]
    files += [os.path.join(_xdg(), "git", "config")]
    return files + ([] if os.environ.get("GIT_CONFIG_NOSYSTEM") else ["/etc/gitconfig"])


def attribute_files(dot: str) -> list[str]:
    """The attributes files git reads besides the tree's and core.attributesFile."""
    return [
        os.path.join(dot, "info", "attributes"),
        os.path.join(_xdg(), "git", "attributes"),
        "/etc/gitattributes",
    ]


def _may_configure(dot: str, key: bytes) -> bool:
    """Could git's configuration set `key` (lower case)? Not when no config file it reads
    names it or includes another, and no variable adds to them: then git need not be
    asked (a process on every commit)."""
    if any(k.startswith("GIT_CONFIG") and k != "GIT_CONFIG_NOSYSTEM" for k in os.environ):
        return True
    for f in config_files(dot):
        try:
            with open(f, "rb") as fh:
                text = fh.read().lower()
        except OSError:
            continue
        if key in text or b"include" in text:
            return True
    return False


def checkout_converted(
    root: str, paths: Sequence[str], tree: str | None = None, index: bool = False
) -> dict[str, str]:
    """The paths git converts on checkout beyond line endings (a `filter` such as Git
    LFS, a `working-tree-encoding`, `ident`'s `$Id$` expanded to the blob's id) or `git
    archive` rewrites (`export-subst`), with
    what does it: by the working tree's attributes, the index's (`index`) or a commit's
    (`tree`, through a scratch index, as git's own --source would)."""
    import tempfile

    if not paths:
        return {}
    stdin = b"".join(os.fsencode(p) + b"\0" for p in paths)
    args = ["check-attr", "-z", "--stdin", *(w.decode() for w in CONVERTING)]
    if tree is None:
        out = run(root, (*args[:2], *(["--cached"] if index else []), *args[2:]), stdin=stdin)
    else:
        import subprocess

        with tempfile.TemporaryDirectory(prefix="receipt-gate-attrs-") as scratch:
            env = {
                **os.environ,
                "GIT_INDEX_FILE": os.path.join(scratch, "index"),
                "GIT_NO_REPLACE_OBJECTS": "1",
            }
            for step, data in (
                (("read-tree", tree), None),
                ((*args[:2], "--cached", *args[2:]), stdin),
            ):
                proc = subprocess.run(
                    ("git", *step), cwd=root, input=data, env=env, capture_output=True, check=False
                )
                if proc.returncode != 0:
                    raise GateError(
                        f"git {step[0]} failed: "
                        f"{proc.stderr.decode(errors='replace').strip()[-200:]}"
                    )
            out = proc.stdout
    fields = out.split(b"\0")
    found: dict[str, str] = {}
    for i in range(0, len(fields) - 2, 3):
        path, name, value = os.fsdecode(fields[i]), fields[i + 1].decode(), fields[i + 2].decode()
        if value not in ("unspecified", "unset"):
            found[path] = f"{found[path]}, " if path in found else ""
            found[path] += f"{name}={value}" if value != "set" else name
    return found


def conversions(root: str, paths: Sequence[str]) -> dict[str, Conversion]:
    """For each path, what `git add` does to its bytes (git's convert.c, decided the same
    way: the `text` attribute, else the legacy `crlf` one, then `eol`, then
    core.autocrlf; `ident`; a clean `filter`)."""
    from receipt_gate.trees.convert import Conversion, eol_action

    if not paths:
        return {}
    autocrlf = autocrlf_setting(root)
    stdin = b"".join(os.fsencode(p) + b"\0" for p in paths)
    out = run(
        root, ("check-attr", "-z", "--stdin", "text", "crlf", "eol", "ident", "filter"), stdin=stdin
    )
    fields = out.split(b"\0")
    attrs: dict[str, dict[str, str]] = {}
    for i in range(0, len(fields) - 2, 3):
        path, name, value = os.fsdecode(fields[i]), fields[i + 1].decode(), fields[i + 2].decode()
        attrs.setdefault(path, {})[name] = value
    result = {}
    for path, a in attrs.items():
        flt = a.get("filter", "unspecified")
        result[path] = Conversion(
            eol_action(a, autocrlf),
            a.get("ident") == "set",
            "" if flt in ("unspecified", "unset") else flt,
        )
    return result


def autocrlf_setting(root: str) -> str:
    """core.autocrlf as git reads it: "input", "true" or "false" (any spelling of a
    boolean git accepts: yes, on, 1, a valueless key...). A value git would refuse is
    refused here too, naming it."""
    from receipt_gate import GateError

    raw = call(root, ("config", "--get", "core.autocrlf"))
    if raw.returncode != 0 and not raw.stdout:
        return "false"  # not set
    if raw.stdout.decode(errors="replace").strip().lower() == "input":
        return "input"
    got = call(root, ("config", "--type=bool", "--get", "core.autocrlf"))
    value = got.stdout.decode(errors="replace").strip()
    if got.returncode != 0 or value not in ("true", "false"):
        raise GateError(
            f"core.autocrlf: {raw.stdout.decode(errors='replace').strip()!r} is not"
            " a value git accepts (true, false or input)"
        )
    return value


def cleaned(root: str, paths: Sequence[str]) -> dict[str, bytes]:
    """The bytes `git add` would store for these working-tree files, asked of git itself
    (`git hash-object -w` writes each as a loose object, as `git add` would)."""
    names = [p for p in paths if "\n" not in p]
    if not names:
        return {}
    oids = (
        run(
            root,
            ("hash-object", "-w", "--stdin-paths"),
            stdin="".join(p + "\n" for p in names).encode(),
        )
        .decode()
        .split()
    )
    blobs = cat_blobs(root, oids)
    return {p: blobs[o] for p, o in zip(names, oids, strict=True)}
