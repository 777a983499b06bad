"""Split a batch over forked processes, one per core, for the big runs (10,000 drafts).

Forking shares everything already read and imported; each child works on one
contiguous chunk and pickles its result back through a pipe. The results come back
in order, exactly as one process would have produced them. A child that fails (an
error, out of memory, killed) is not trusted for anything: the whole batch is redone
here, where an error is raised as it would be without the split.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from typing import TypeVar

T = TypeVar("T")
R = TypeVar("R")


def cpus() -> int:
    """The cores this process may run on."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1


def split_map(
    fn: Callable[[Sequence[T]], R], items: Sequence[T], per_worker: int, fork_safe: bool = True
) -> list[R]:
    """[fn(chunk) for each chunk], using a process per core once there are at least
    per_worker items for each. fn must be safe to run twice on the same items (reading
    is; writing a receipt again is: an equivalent one is left alone)."""
    workers = min(cpus(), len(items) // max(per_worker, 1))
    if workers < 2 or not fork_safe or not hasattr(os, "fork"):
        return [fn(items)]
    import pickle

    size = -(-len(items) // workers)
    chunks = [items[i : i + size] for i in range(0, len(items), size)]
    children = []
    for chunk in chunks[1:]:
        read_end, write_end = os.pipe()
        pid = os.fork()
        if pid == 0:  # the child: its chunk's result down the pipe, and never return
            status = 0
            try:
                os.close(read_end)
                with open(write_end, "wb") as out:
                    pickle.dump(fn(chunk), out, pickle.HIGHEST_PROTOCOL)
            except BaseException:
                status = 1
            finally:
                os._exit(status)
        os.close(write_end)
        children.append((pid, read_end))
    results: list[R] = []
    failed = False
    try:
        results.append(fn(chunks[0]))
    finally:  # reap every child, even when this chunk raised
        for pid, read_end in children:
            with open(read_end, "rb") as got:
                data = got.read()
            _, status = os.waitpid(pid, 0)
            if status != 0 or not data:
                failed = True
            else:
                results.append(pickle.loads(data))
    return [fn(items)] if failed else results
