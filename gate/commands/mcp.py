"""`mcp`: an MCP server on stdio (the `mcp` SDK, the `mcp` extra), whose tools let an agent
ask the gate instead of itself. Each tool runs the `receipt-gate` command of this
installation in the folder the server started in (a fresh process: what the tool says is
what the command says), bounded in time. Read-only unless started with --write: then
`run` and `record` write receipts; without it they decide and write nothing."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from typing import TYPE_CHECKING, Any

from receipt_gate import GateError

if TYPE_CHECKING:
    import argparse

INSTRUCTIONS = (
    "receipt-gate decides whether a draft may be committed: every required check must have"
    " run on the draft's exact bytes and passed. Ask it rather than saying checks passed:"
    " `verify` says what would refuse a commit and the fix; `findings` lists one draft's"
    " findings; `run` runs the deterministic checks; `record` records a model verdict"
    " (its quotes are checked first); `status` is the table of every draft and check."
)


def _call(argv: list[str], timeout: float, stdin: str | None = None) -> dict[str, Any]:
    """One receipt-gate command: its exit code and what it printed."""
    try:
        proc = subprocess.run(
            # -P: never a `receipt_gate/` of the repository's (the server's folder).
            [sys.executable, "-P", "-m", "receipt_gate", *argv],
            input=stdin,
            capture_output=True,
            text=True,
            errors="replace",
            timeout=timeout,
            stdin=None if stdin is not None else subprocess.DEVNULL,
            check=False,
        )
    except subprocess.TimeoutExpired:
        return {
            "ok": False,
            "exit_code": None,
            "output": f"receipt-gate {argv[0]}: took longer than {timeout:g} s; stopped",
        }
    return {
        "ok": proc.returncode == 0,
        "exit_code": proc.returncode,
        "output": (proc.stdout + proc.stderr).strip(),
    }


def _paths(paths: list[str] | None) -> list[str]:
    """PATHs as the command takes them (never an option)."""
    out = list(paths or [])
    bad = [p for p in out if p.startswith("-")]
    if bad:
        raise ValueError(f"not a path: {bad[0]}")
    return ["--", *out] if out else []


def server(write: bool, timeout: float) -> Any:
    """The MCP server and its tools."""
    from mcp.server.mcpserver import MCPServer
    from mcp.types import ToolAnnotations

    from receipt_gate import TOOL

    app = MCPServer("receipt-gate", instructions=INSTRUCTIONS, version=TOOL.split()[-1])
    reads = ToolAnnotations(read_only_hint=True, open_world_hint=False)
    writes = ToolAnnotations(
        read_only_hint=not write, destructive_hint=False, open_world_hint=False
    )

    @app.tool(annotations=reads)
    def verify(paths: list[str] | None = None, staged: bool = False) -> dict[str, Any]:
        """What would refuse a commit: every gated draft (or those named) in the working
        tree (or, staged, the index), each receipt missing, stale or failing, and the fix.
        ok is true only when the gate passes."""
        return _call(["verify", *(["--staged"] if staged else []), *_paths(paths)], timeout)

    @app.tool(annotations=reads)
    def status(paths: list[str] | None = None) -> dict[str, Any]:
        """The table: gated drafts down, required checks across, each cell fresh, stale,
        missing or fail."""
        return _call(["status", "--all", *_paths(paths)], timeout)

    @app.tool(annotations=reads)
    def findings(path: str) -> dict[str, Any]:
        """The deterministic checks' findings on one draft as it is now (line:col: check:
        message), deciding only: nothing is written."""
        return _call(["run", "--dry-run", *_paths([path])], timeout)

    @app.tool(annotations=writes)
    def run(paths: list[str] | None = None) -> dict[str, Any]:
        """Run the deterministic required checks on the drafts (default: every draft) and
        write their receipts; on a read-only server, decide only and write nothing."""
        return _call(["run", *([] if write else ["--dry-run"]), *_paths(paths)], timeout)

    @app.tool(annotations=writes)
    def record(check: str, path: str, verdict: dict[str, Any]) -> dict[str, Any]:
        """Record a model check's verdict on a draft: {"verdict": "pass"|"fail", "criteria":
        [{"name", "verdict", "quotes": [exact sentences of the draft], ...}]}. Its quotes
        are checked against what a reader of the page sees before anything is written; on
        a read-only server they are checked and nothing is written."""
        import json

        if check.startswith("-"):
            raise ValueError(f"not a check name: {check}")
        with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
            json.dump(verdict, f)
        try:
            argv = ["record", *([] if write else ["--dry-run"]), "--verdict", f.name]
            return _call([*argv, "--", check, path], timeout)
        finally:
            os.unlink(f.name)

    return app


def mcp(args: argparse.Namespace) -> int:
    try:
        app = server(args.write, args.timeout)
    except ImportError:
        raise GateError(
            "mcp: the MCP server needs the mcp package: install receipt-gate with its"
            ' mcp extra (pip install "<the receipt-gate clone>[mcp]")'
        ) from None
    app.run("stdio")
    return 0
