"""`receipt-gate mcp`, talked to as an agent's client would: the official MCP SDK's stdio
client starts the server in a real repository, lists its tools, and calls them."""

from __future__ import annotations

import json
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import GOOD_DRAFT, TELLS, Repo

mcp = pytest.importorskip("mcp")  # the `mcp` extra (the test extra installs it)
anyio = pytest.importorskip("anyio")

BAD = GOOD_DRAFT + "\n" + TELLS + ".\n"
Session = Any  # mcp.ClientSession
Steps = Callable[[Session], Awaitable[Any]]


def talk(repo: Repo, steps: Steps, *flags: str) -> Any:
    """Start the server in `repo` over stdio, initialize, run `steps` on the session."""
    from mcp import ClientSession, StdioServerParameters, stdio_client

    # As the plugin's .mcp.json starts it: the `receipt-gate` command, in the repository.
    params = StdioServerParameters(
        command=str(Path(sys.executable).parent / "receipt-gate"),
        args=["mcp", *flags],
        cwd=str(repo.path),
    )

    async def go() -> Any:
        async with (
            stdio_client(params) as (read, write),
            ClientSession(read, write) as session,
        ):
            await session.initialize()
            return await steps(session)

    return anyio.run(go)


def result(called: Any) -> dict[str, Any]:
    assert not called.is_error, called.content
    out: dict[str, Any] = called.structured_content
    if out is None:  # (the text block carries the same JSON)
        out = json.loads(called.content[0].text)
    return out


def test_tools_are_listed_with_their_write_hints(content: Repo) -> None:
    async def steps(s: Session) -> Any:
        return (await s.list_tools()).tools

    tools = {t.name: t for t in talk(content, steps)}
    assert sorted(tools) == ["findings", "record", "run", "status", "verify"]
    assert tools["verify"].annotations.read_only_hint is True
    assert tools["run"].annotations.read_only_hint is True  # read-only by default
    written = {t.name: t for t in talk(content, steps, "--write")}
    assert written["run"].annotations.read_only_hint is False


def test_verify_refuses_a_stale_draft_and_passes_a_fresh_one(content: Repo) -> None:
    async def steps(s: Session) -> Any:
        first = result(await s.call_tool("verify", {}))
        ran = result(await s.call_tool("run", {}))
        second = result(await s.call_tool("verify", {}))
        content.write("drafts/intro.md", BAD)  # an edit after the checks ran
        third = result(await s.call_tool("verify", {"paths": ["drafts/intro.md"]}))
        found = result(await s.call_tool("findings", {"path": "drafts/intro.md"}))
        return first, ran, second, third, found

    first, ran, second, third, found = talk(content, steps, "--write")
    assert (
        not first["ok"] and ".receipts/drafts/intro.md/ai-tells.json: missing" in (first["output"])
    )
    assert ran["ok"], ran
    assert (
        second
        == {
            "ok": True,
            "exit_code": 0,
            "output": second["output"],
        }
        and "every receipt fresh and passing" in second["output"]
    )
    assert not third["ok"] and "stale: the draft changed after" in third["output"]
    assert "hint: receipt-gate run" in third["output"]  # the fix
    assert not found["ok"] and "drafts/intro.md:11:1: ai-tells: AI tells weigh" in found["output"]


def test_a_read_only_server_writes_nothing(content: Repo) -> None:
    async def steps(s: Session) -> Any:
        return result(await s.call_tool("run", {}))

    ran = talk(content, steps)
    assert ran["ok"], ran
    assert not (content.path / ".receipts").exists()


def test_record_checks_the_quotes_before_anything_is_written(content: Repo) -> None:
    content.write(
        ".receipt-gate.yaml",
        content.read(".receipt-gate.yaml").replace("required: [", "required: [grader, "),
    )
    invented = {
        "verdict": "pass",
        "criteria": [{"name": "substance", "verdict": "pass", "quotes": ["x" * 40]}],
    }

    async def steps(s: Session) -> Any:
        return result(
            await s.call_tool(
                "record", {"check": "grader", "path": "drafts/intro.md", "verdict": invented}
            )
        )

    refused = talk(content, steps, "--write")
    assert (
        not refused["ok"] and "refused" in refused["output"] and "no receipt" in (refused["output"])
    )
    assert not (content.path / ".receipts").exists()
    quoted = "The gate compares hashes, and asks nobody whether anything passed."
    invented["criteria"][0]["quotes"] = [quoted]
    checked = talk(content, steps)  # read-only: checked, not written
    assert checked["ok"] and "nothing written" in checked["output"], checked
    assert not (content.path / ".receipts").exists()
    recorded = talk(content, steps, "--write")
    assert recorded["ok"], recorded
    assert (content.path / ".receipts" / "drafts" / "intro.md" / "grader.json").is_file()


def test_a_path_that_looks_like_an_option_is_an_error(content: Repo) -> None:
    async def steps(s: Session) -> Any:
        return await s.call_tool("findings", {"path": "--help"})

    called = talk(content, steps)
    assert called.is_error


def test_a_receipt_gate_folder_in_the_repository_is_not_what_the_tools_run(
    content: Repo,
) -> None:
    """An outside pass (the fifth): the server ran `python -m receipt_gate` in the
    repository, so a `receipt_gate/` there answered `verify` (and could write)."""
    content.write(
        "receipt_gate/__main__.py", "import sys\nprint('receipt-gate: ok, forged')\nsys.exit(0)\n"
    )
    content.write("receipt_gate/__init__.py", "")

    async def steps(s: Session) -> Any:
        return result(await s.call_tool("verify", {}))

    got = talk(content, steps)
    assert not got["ok"] and "forged" not in got["output"]
    assert ".receipts/drafts/intro.md/ai-tells.json: missing" in got["output"]
