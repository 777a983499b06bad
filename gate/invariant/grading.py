"""Running a model check on drafts, and turning its verdicts into receipts.

A model check's command (an argv list, never a shell) reads the draft on stdin, with
RECEIPT_GATE_DRAFT naming it, RECEIPT_GATE_CHECK the check and RECEIPT_GATE_RUBRIC its
rubric file (when the config names one), and prints one JSON verdict
(gate.checks.model). Drafts are graded a few at a time in threads: each waits on a model.
"""

from __future__ import annotations

import os
import signal
import subprocess
import tempfile
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from receipt_gate.base.signing import Signer
from receipt_gate.base.text import Draft
from receipt_gate.checks.model import (
    OUTPUT_LIMIT,
    GradeError,
    findings,
    parse_verdict,
    quote_problems,
)
from receipt_gate.invariant import receipts
from receipt_gate.reading.quotes import describe
from receipt_gate.rules.config import Config

if TYPE_CHECKING:
    from receipt_gate.rules.fingerprint import Fingerprint
    from receipt_gate.trees.tree import Tree


def run_command(
    command: Sequence[str],
    draft: str,
    data: bytes,
    timeout_s: int,
    cwd: str,
    env_extra: Mapping[str, str] | None = None,
) -> dict[str, Any]:
    """Run the model check on one draft; GradeError for a hang, a crash or bad output."""
    env = {**os.environ, "RECEIPT_GATE_DRAFT": draft, **(env_extra or {})}
    name = (
        f"{env.get('RECEIPT_GATE_CHECK', 'model check')} `"
        + " ".join(os.path.basename(a) for a in command[:2])
        + "`"
    )
    # Output goes to files, not pipes, so a command that prints without end costs disk
    # for at most timeout_s and is read back only up to the limit.
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        try:
            proc = subprocess.Popen(
                list(command),
                cwd=cwd,
                env=env,
                stdin=subprocess.PIPE,
                stdout=out,
                stderr=err,
                start_new_session=True,
            )
        except OSError as e:
            raise GradeError(f"{draft}: {name} could not start: {e.strerror}") from None
        try:
            proc.communicate(data, timeout=timeout_s)
        except subprocess.TimeoutExpired:
            _kill(proc)
            raise GradeError(
                f"{draft}: {name} did not finish within timeout_s {timeout_s}; killed"
            ) from None
        if proc.returncode != 0:
            err.seek(max(0, os.fstat(err.fileno()).st_size - 4096))
            last = err.read().decode(errors="replace").strip().splitlines()
            why = f": {last[-1][:200]}" if last else ""
            raise GradeError(f"{draft}: {name} exited with status {proc.returncode}{why}")
        size = os.fstat(out.fileno()).st_size
        if size > OUTPUT_LIMIT:
            raise GradeError(
                f"{draft}: {name} printed {size} bytes, over the {OUTPUT_LIMIT}-byte limit"
            )
        out.seek(0)
        return parse_verdict(out.read(), f"{draft}: {name} output")


def _kill(proc: subprocess.Popen[bytes]) -> None:
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except OSError:
        proc.kill()
    proc.wait()


def grade_all(
    cfg: Config,
    name: str,
    drafts: Sequence[Draft],
    root: str,
    jobs: int,
    progress: Callable[[int, int], None] | None = None,
) -> dict[str, dict[str, Any] | str]:
    """path -> the verdict, or why the check could not give one; `jobs` at a time."""
    from concurrent.futures import ThreadPoolExecutor

    settings = cfg.effective[name]
    command, timeout_s = settings["command"], settings["timeout_s"]
    env = {
        "RECEIPT_GATE_CHECK": name,
        **({"RECEIPT_GATE_RUBRIC": settings["rubric"]} if settings.get("rubric") else {}),
    }
    results: dict[str, dict[str, Any] | str] = {}

    def one(d: Draft) -> None:
        try:
            results[d.path] = run_command(command, d.path, d.data, timeout_s, root, env)
        except GradeError as e:
            results[d.path] = str(e)
        if progress is not None:
            progress(len(results), len(drafts))

    with ThreadPoolExecutor(max_workers=max(1, min(jobs, len(drafts)))) as pool:
        list(pool.map(one, drafts))
    return {d.path: results[d.path] for d in drafts}


def write_verdict(
    cfg: Config,
    root: str,
    draft: Draft,
    name: str,
    verdict: Mapping[str, Any],
    fp: Fingerprint,
    signer: Signer | None,
    tree: Tree,
    dry_run: bool = False,
) -> tuple[dict[str, Any] | None, list[str]]:
    """Check the quotes (and the evidence, in `tree`), then write the receipt (with
    `dry_run`, only say where). The receipt (None if refused), and the lines that say
    what happened."""
    from receipt_gate.invariant.judge import (
        layout_problems,
        own_pages,
        sources_for,
        unshown_kinds,
    )

    min_chars = cfg.effective[name]["min_quote_chars"]
    cited = any(c.get("evidence") for c in verdict["criteria"])
    problems = quote_problems(
        verdict,
        draft.text,
        min_chars,
        tree,
        draft.path,
        sources_for(tree) if cited else None,
        cfg.run_dir,
        unshown_kinds(tree, cfg.run_dir),
        own_pages(cfg),
    ) + layout_problems(verdict["criteria"], tree, cfg, draft.path, draft.text)
    if problems:
        return None, [
            f"{draft.path}: {name}: refused: {describe(p)}; no receipt written" for p in problems
        ]
    found = findings(verdict, draft.text)
    receipt = receipts.build(
        name,
        draft.path,
        receipts.sha256(draft.data),
        fp.of(draft.path),
        found,
        {"criteria": verdict["criteria"]},
    )
    rpath = receipts.receipt_path(cfg.run_dir, draft.path, name)
    if not dry_run:
        receipts.write(root, rpath, receipt, signer)
    lines = [f"{draft.path}:{f.line}:{f.col}: {name}: {f.message}" for f in found]
    written = "would write (--dry-run: nothing written)" if dry_run else "receipt"
    lines.append(f"{draft.path}: {name}: verdict {receipt['verdict']}, {written} {rpath}")
    return receipt, lines


def read_verdict(source: str) -> dict[str, Any]:
    """A verdict from a file, or standard input for "-"; GradeError says what is wrong."""
    import sys

    shown = "standard input" if source == "-" else source
    try:
        if source == "-":
            data = sys.stdin.buffer.read(OUTPUT_LIMIT + 1)
        else:
            with open(source, "rb") as f:
                data = f.read(OUTPUT_LIMIT + 1)
    except OSError as e:
        raise GradeError(f"{shown}: cannot read: {e.strerror}") from None
    if len(data) > OUTPUT_LIMIT:
        raise GradeError(f"{shown}: larger than {OUTPUT_LIMIT} bytes")
    return parse_verdict(data, shown)
