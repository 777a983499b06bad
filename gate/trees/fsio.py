"""The one writer: atomic, inside the repository, never through a symlink, one-line errors.

A file is written to a temporary file in receipt-gate's folder in the git dir, then
renamed over the target, so a reader sees the old bytes or the new ones, never half.
A temporary file that survives a `kill -9` is in the git dir, where `git add` cannot
reach it, and the next writer removes it. Where the git dir is on another file system
(a rename cannot cross one), the temporary file sits beside the target, named so that
the `.gitignore` line `init` writes (TMP_PATTERN) ignores it.
"""

from __future__ import annotations

import contextlib
import os
import stat

from receipt_gate import GateError

TMP_PATTERN = ".receipt-gate-*.tmp"
_TMP_PREFIX = ".receipt-gate-"
_roots: dict[str, str] = {}  # root -> its real path
_tmp_dirs: dict[str, str | None] = {}  # real root -> the temp folder in the git dir


def _tmp_name() -> str:
    return f"{_TMP_PREFIX}{os.getpid()}-{os.urandom(6).hex()}.tmp"


def _real_root(root: str) -> str:
    got = _roots.get(root)
    if got is None:
        got = _roots[root] = os.path.realpath(root)
    return got


def _make_folders(real_root: str, path: str) -> str:
    """The folder that will hold `path`, made if need be; a symlink or a file on the way
    is refused, so nothing is ever written outside the repository."""
    parts = path.split("/")
    if path.startswith("/") or any(p in ("", ".", "..") for p in parts):
        raise GateError(f"{path}: not a path inside the repository")
    folder = real_root
    for i, part in enumerate(parts[:-1]):
        folder = os.path.join(folder, part)
        shown = "/".join(parts[: i + 1])
        try:
            mode = os.lstat(folder).st_mode
        except FileNotFoundError:
            try:
                os.mkdir(folder)
                continue
            except FileExistsError:  # made by another writer just now
                mode = os.lstat(folder).st_mode
            except OSError as e:
                raise GateError(f"{path}: cannot create {shown}: {e.strerror}") from None
        except OSError as e:
            raise GateError(f"{path}: cannot write: {shown}: {e.strerror}") from None
        if stat.S_ISLNK(mode):
            raise GateError(
                f"{path}: {shown} is a symlink; receipt-gate writes only inside"
                " the repository, never through a link"
            )
        if not stat.S_ISDIR(mode):
            raise GateError(f"{path}: cannot create its folder: a file is in the way ({shown})")
    return folder


def _tmp_dir(real_root: str, near: str) -> str:
    """Where temporary files go: the git dir's temp folder when a rename from there can
    reach `near` (same file system), else `near` itself."""
    if real_root not in _tmp_dirs:
        from receipt_gate.trees.git import cache_dir

        found = cache_dir(real_root)
        tmp = None
        if found is not None:
            tmp = os.path.join(found, "tmp")
            try:
                os.makedirs(tmp, exist_ok=True)
                sweep(tmp)
                if os.stat(tmp).st_dev != os.stat(real_root).st_dev:
                    tmp = None
            except OSError:
                tmp = None
        _tmp_dirs[real_root] = tmp
    return _tmp_dirs[real_root] or near


def sweep(folder: str) -> None:
    """Remove temporary files whose writer is gone (killed mid-write)."""
    try:
        names = os.listdir(folder)
    except OSError:
        return
    for name in names:
        if not (name.startswith(_TMP_PREFIX) and name.endswith(".tmp")):
            continue
        pid = name[len(_TMP_PREFIX) :].split("-", 1)[0]
        if pid.isdigit() and not _alive(int(pid)):
            with contextlib.suppress(OSError):
                os.unlink(os.path.join(folder, name))


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True
    return True


def replace(
    folder: str, name: str, data: bytes, tmp_dir: str | None = None, shown: str = ""
) -> None:
    """Atomically replace folder/name with data (the target must not be a symlink or a
    folder). OSError from the file system is raised as GateError naming `shown`."""
    target = os.path.join(folder, name)
    shown = shown or target
    try:
        st = os.lstat(target)
    except FileNotFoundError:
        mode = 0o644
    except OSError as e:
        raise GateError(f"{shown}: cannot write: {e.strerror}") from None
    else:
        if stat.S_ISLNK(st.st_mode):
            raise GateError(f"{shown}: is a symlink; receipt-gate never writes through a link")
        if stat.S_ISDIR(st.st_mode):
            raise GateError(f"{shown}: cannot write: it is a folder")
        mode = st.st_mode & 0o777
    tmp = os.path.join(tmp_dir or folder, _tmp_name())
    try:
        fd = os.open(
            tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o600
        )
        try:
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view) :]
        finally:
            os.close(fd)
        os.chmod(tmp, mode)
        os.replace(tmp, target)
    except BaseException as e:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        if isinstance(e, OSError):
            raise GateError(f"{shown}: cannot write: {e.strerror or e}") from None
        raise


def write_file(root: str, path: str, data: bytes) -> None:
    """Replace the repository file `path` (POSIX, relative to root) with data, atomically."""
    real_root = _real_root(root)
    folder = _make_folders(real_root, path)
    replace(folder, path.rsplit("/", 1)[-1], data, _tmp_dir(real_root, folder), path)


def read_regular(root: str, path: str, limit: int) -> bytes | None:
    """The bytes of a regular repository file, up to limit + 1 bytes; None when it is
    absent, or is anything else (a folder, a symlink, a FIFO that would block)."""
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
    try:
        fd = os.open(os.path.join(root, path), flags)
    except OSError:
        return None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return None
        return os.read(fd, limit + 1)
    except OSError:
        return None
    finally:
        os.close(fd)
