"""The Claude Code plugin, read as Claude Code reads it: the marketplace names the plugin's
folder, its manifest (or the default hooks/hooks.json) names the hooks, each hook's
command runs through a shell with ${CLAUDE_PLUGIN_ROOT} set and the event's JSON on
stdin; exit 2, or `decision: block` on stdout, blocks. Recorded payloads, real git."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import GOOD_DRAFT, ROOT, TELLS, Repo

FIXTURES = ROOT / "tests" / "fixtures" / "claude-code"
BAD = GOOD_DRAFT + "\n" + TELLS + ".\n"


def plugin_root() -> Path:
    market = json.loads((ROOT / ".claude-plugin" / "marketplace.json").read_text())
    entry = next(p for p in market["plugins"] if p["name"] == "receipt-gate")
    assert entry["source"].startswith("./"), "a relative source, inside this repository"
    return (ROOT / entry["source"]).resolve()


def hooks_config() -> dict[str, Any]:
    root = plugin_root()
    manifest = json.loads((root / ".claude-plugin" / "plugin.json").read_text())
    named = manifest.get("hooks", "./hooks/hooks.json")
    config: dict[str, Any] = json.loads((root / named).read_text())
    return config


@dataclass
class Outcome:
    blocked: bool
    reason: str  # what the agent is shown when blocked
    told_user: str  # a systemMessage, shown to the user


def fire(event: str, payload: dict[str, Any], path: str) -> Outcome:
    """Run every hook of the plugin that matches this event, as Claude Code would."""
    groups = hooks_config()["hooks"].get(event, [])
    tool = payload.get("tool_name", "")
    env = {
        **os.environ,
        "CLAUDE_PLUGIN_ROOT": str(plugin_root()),
        "CLAUDE_PROJECT_DIR": payload["cwd"],
        "PATH": path,
    }
    env.pop("RECEIPT_GATE", None)
    blocked, reasons, told = False, [], []
    for group in groups:
        matcher = group.get("matcher", "")
        if matcher not in ("", "*") and not re.fullmatch(matcher, tool):
            continue
        for hook in group["hooks"]:
            assert hook["type"] == "command"
            proc = subprocess.run(
                hook["command"],
                shell=True,
                input=json.dumps(payload),
                text=True,
                capture_output=True,
                env=env,
                cwd=payload["cwd"],
                timeout=hook.get("timeout", 60),
                check=False,
            )
            out: dict[str, Any] = {}
            if proc.returncode == 0 and proc.stdout.strip():
                out = json.loads(proc.stdout)
            if proc.returncode == 2 or out.get("decision") == "block":
                blocked = True
                reasons.append(proc.stderr or out.get("reason", ""))
            else:
                assert proc.returncode == 0, proc.stderr  # anything else is an error
            told.append(out.get("systemMessage", ""))
    return Outcome(blocked, "".join(reasons), "".join(told))


def installed() -> str:
    return f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"


def not_installed() -> str:
    """PATH without this installation's bin folder (git stays)."""
    here = str(Path(sys.executable).parent)
    return os.pathsep.join(p for p in os.environ["PATH"].split(os.pathsep) if p != here)


def pre_tool_use(repo: Repo, command: str) -> dict[str, Any]:
    payload: dict[str, Any] = json.loads((FIXTURES / "pre-tool-use-git-commit.json").read_text())
    payload["cwd"] = str(repo.path)
    payload["tool_input"]["command"] = command
    return payload


def stop_event(repo: Repo, active: bool = False) -> dict[str, Any]:
    payload: dict[str, Any] = json.loads((FIXTURES / "stop.json").read_text())
    payload["cwd"] = str(repo.path)
    payload["stop_hook_active"] = active
    return payload


def test_the_marketplace_and_the_manifest_are_what_claude_code_reads() -> None:
    root = plugin_root()
    manifest = json.loads((root / ".claude-plugin" / "plugin.json").read_text())
    assert manifest["name"] == "receipt-gate"
    assert re.fullmatch(r"[a-z0-9-]+", manifest["name"])  # kebab-case, as Claude Code asks
    # Only the manifest lives in .claude-plugin/; the parts are at the plugin's root.
    assert sorted(p.name for p in (root / ".claude-plugin").iterdir()) == ["plugin.json"]
    servers = json.loads((root / ".mcp.json").read_text())["mcpServers"]
    assert servers["receipt-gate"] == {"command": "receipt-gate", "args": ["mcp"]}
    events = hooks_config()["hooks"]
    assert sorted(events) == ["PreToolUse", "Stop"]
    for group in events.values():
        for hook in group[0]["hooks"]:
            assert "${CLAUDE_PLUGIN_ROOT}" in hook["command"]  # no path of this machine's
    import tomllib

    version = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    assert manifest["version"] == version  # updates reach users only when it changes


def test_an_unverified_commit_is_blocked_with_the_finding_and_the_fix(content: Repo) -> None:
    content.write("drafts/intro.md", BAD)
    got = fire("PreToolUse", pre_tool_use(content, "git add -A && git commit -m x"), installed())
    assert got.blocked
    assert "receipt-gate refused this commit" in got.reason
    assert "drafts/intro.md:11:1: ai-tells: AI tells weigh" in got.reason
    assert "stage it (`git add`), then commit again" in got.reason


def test_an_honest_run_passes_both_hooks(content: Repo) -> None:
    path = installed()
    assert fire("PreToolUse", pre_tool_use(content, "git add -A && git commit -m x"), path) == (
        Outcome(False, "", "")
    )
    subprocess.run([sys.executable, "-m", "receipt_gate", "run"], cwd=content.path, check=True)
    content.git("add", "-A")
    content.git("commit", "-qm", "first", "--no-verify")  # the receipts are in the commit
    assert fire("Stop", stop_event(content), path) == Outcome(False, "", "")


def test_a_refused_commit_blocks_the_stop_once_and_never_loops(content: Repo) -> None:
    path = installed()
    subprocess.run([sys.executable, "-m", "receipt_gate", "run"], cwd=content.path, check=True)
    content.git("add", "-A")
    content.git("commit", "-qm", "first", "--no-verify")
    content.write("drafts/intro.md", BAD)
    content.git("commit", "-qam", "past the hooks", "--no-verify")
    first = fire("Stop", stop_event(content), path)
    assert first.blocked and "this session made a commit the gate refuses" in first.reason
    assert ".receipts/drafts/intro.md/ai-tells.json: stale" in first.reason
    # Claude Code says the agent is going on because of a Stop hook: not blocked again,
    # and the user is told the commit is still refused.
    again = fire("Stop", stop_event(content, active=True), path)
    assert not again.blocked
    assert "the gate refuses" in again.told_user and "CI refuse this commit" in again.told_user


def test_a_repository_without_receipt_gate_is_left_alone(repo: Repo) -> None:
    repo.write("notes.md", BAD)
    for path in (installed(), not_installed()):
        assert fire("PreToolUse", pre_tool_use(repo, "git add -A && git commit -m x"), path) == (
            Outcome(False, "", "")
        )
        assert fire("Stop", stop_event(repo), path) == Outcome(False, "", "")


def test_a_gated_repository_without_the_gate_installed_is_refused(content: Repo) -> None:
    got = fire("PreToolUse", pre_tool_use(content, "git commit -m x"), not_installed())
    assert got.blocked and "receipt-gate is not installed" in got.reason
    assert not fire("PreToolUse", pre_tool_use(content, "ls drafts"), not_installed()).blocked
    assert fire("Stop", stop_event(content), not_installed()).blocked
    again = fire("Stop", stop_event(content, active=True), not_installed())
    assert not again.blocked and "not installed" in again.told_user


@pytest.mark.parametrize("event", ["pre-tool-use", "stop"])
def test_the_command_reads_a_bad_payload_as_an_error_not_a_pass(event: str, repo: Repo) -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "receipt_gate", "agent", event],
        input="not json",
        text=True,
        capture_output=True,
        cwd=repo.path,
        check=False,
    )
    assert proc.returncode == 1 and "not a" in proc.stderr and "payload" in proc.stderr


def test_a_receipt_gate_folder_in_the_repository_is_not_the_gate(content: Repo) -> None:
    """An outside pass (the fifth): the hooks ran `python -m receipt_gate` in the
    repository, where an untracked `receipt_gate/__main__.py` the agent wrote was the
    gate: the Stop hook passed a refused commit."""
    subprocess.run([sys.executable, "-m", "receipt_gate", "run"], cwd=content.path, check=True)
    content.git("add", "-A")
    content.git("commit", "-qm", "first", "--no-verify")
    content.write("drafts/intro.md", BAD)
    content.git("commit", "-qam", "past the hooks", "--no-verify")
    content.write("receipt_gate/__main__.py", "import sys\nsys.exit(0)\n")
    content.write("receipt_gate/__init__.py", "")
    content.write(".git/info/exclude", "receipt_gate/\n")
    got = fire("Stop", stop_event(content), installed())
    assert got.blocked and "this session made a commit the gate refuses" in got.reason
    commit = fire("PreToolUse", pre_tool_use(content, "git add -A && git commit -m x"), installed())
    assert commit.blocked


def test_a_command_line_of_many_commits_asks_git_where_it_is_once(
    content: Repo, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One command line of many commits (a loop written out): each folder is asked of
    git once, not once per commit (its time grew with commits times the line's length)."""
    subprocess.run([sys.executable, "-m", "receipt_gate", "run"], cwd=content.path, check=True)
    content.commit_all()
    trace = content.path.parent / "git-trace"
    monkeypatch.setenv("GIT_TRACE", str(trace))
    for commits in (2, 40):
        trace.write_text("")
        line = " ".join("git commit -qm x;" for _ in range(commits))
        assert not fire("PreToolUse", pre_tool_use(content, line), installed()).blocked
        asked = trace.read_text().count("rev-parse --show-toplevel")
        assert asked == 1, (commits, asked)
