from __future__ import annotations

import argparse
import json

import pytest

from receipt_gate.cli import COMMANDS, _parser
from receipt_gate.commands.init import PRE_COMMIT_BLOCK
from tests.conftest import GOOD_DRAFT, TELLS, Repo, Run


def test_init_writes_a_config_that_works(repo: Repo, rg: Run) -> None:
    rc, out, _ = rg("init")
    assert rc == 0
    assert "wrote .pre-commit-config.yaml" in out
    assert "- id: receipt-gate " in repo.read(".pre-commit-config.yaml")
    repo.write("drafts/a.md", GOOD_DRAFT)
    assert rg("run")[0] == 0
    assert rg("verify")[0] == 0


def test_init_never_overwrites(repo: Repo, rg: Run) -> None:
    """A config of its own is kept (a copy of examples/content): init still writes the
    pre-commit config, or the README's next step has no hooks to install."""
    repo.write(".receipt-gate.yaml", "drafts: [x]\nrequired: [ai-tells]\n")
    rc, out, err = rg("init")
    assert (rc, err) == (0, ""), err
    assert out.startswith(
        ".receipt-gate.yaml: already there, left as it is (init --force writes a new one)\n"
    )
    assert repo.read(".receipt-gate.yaml") == "drafts: [x]\nrequired: [ai-tells]\n"
    assert "entry: receipt-gate pre-commit" in repo.read(".pre-commit-config.yaml")
    repo.write(".receipt-gate.yaml", "drafts: [x]\nrequired: [nope]\n")
    assert rg("init")[0] == 2  # one it cannot read is bad input, as anywhere
    assert rg("init", "--force")[0] == 0
    assert repo.read(".receipt-gate.yaml") != "drafts: [x]\n"


def test_pre_commit_block_is_the_recommended_pair() -> None:
    block = PRE_COMMIT_BLOCK
    ids = [line.split("- id: ")[1].split()[0] for line in block.splitlines() if "- id: " in line]
    assert ids == ["receipt-gate", "receipt-gate-push"]


def test_init_writes_a_manual_hook_for_each_check_it_requires(content: Repo, rg: Run) -> None:
    """`pre-commit run --hook-stage manual ai-tells --all-files` works on init's config."""
    import yaml

    content.path.joinpath(".receipt-gate.yaml").unlink()
    assert rg("init")[0] == 0
    cfg = yaml.safe_load(content.read(".receipt-gate.yaml"))
    hooks = yaml.safe_load(content.read(".pre-commit-config.yaml"))["repos"][0]["hooks"]
    manual = {h["id"]: h for h in hooks if h["stages"] == ["manual"]}
    assert list(manual) == cfg["required"] and "ai-tells" in manual
    assert manual["ai-tells"]["entry"] == "receipt-gate check ai-tells"


def test_check_json(content: Repo, rg: Run) -> None:
    content.write("drafts/b.md", GOOD_DRAFT + TELLS + ".\n")
    rc, out, _ = rg("check", "ai-tells", "--format", "json")
    doc = json.loads(out)
    assert rc == 1
    assert doc["check"] == "ai-tells"
    (found,) = doc["violations"]
    assert {k: found[k] for k in ("draft", "check", "line", "col")} == {
        "draft": "drafts/b.md",
        "check": "ai-tells",
        "line": 10,
        "col": 1,
    }
    assert found["message"].startswith("AI tells weigh") and found["per_1000"] > 12
    assert {d["draft"]: d["verdict"] for d in doc["drafts"]} == {
        "drafts/b.md": "fail",
        "drafts/intro.md": "pass",
    }


def test_check_skips_paths_that_are_not_drafts(content: Repo, rg: Run) -> None:
    content.write("README.md", TELLS + ",.\n")
    rc, out, _ = rg("check", "ai-tells", "README.md")
    assert (rc, out) == (
        0,
        "receipt-gate: ai-tells: no draft to check (1 path given, none a draft)\n",
    )
    assert not (content.path / ".receipts").exists()


def test_check_from_a_subfolder(content: Repo, rg: Run, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(content.path / "drafts")
    assert rg("check", "hook-length", "intro.md")[0] == 0
    assert (content.path / ".receipts/drafts/intro.md/hook-length.json").exists()


def test_unknown_check(content: Repo, rg: Run) -> None:
    assert rg("check", "spell") == (
        2,
        "",
        "receipt-gate: spell: unknown check (known:"
        " ai-tells, grader, headline-numbers,"
        " hook-length, registered-terms)\n",
    )
    assert rg("run", "--check", "spell")[0] == 2


def test_missing_path(content: Repo, rg: Run) -> None:
    assert rg("run", "drafts/nope.md") == (2, "", "receipt-gate: drafts/nope.md: no such file\n")


def test_a_folder_names_the_drafts_in_it(content: Repo, rg: Run) -> None:
    """`run drafts/sub` checks the drafts under it (it said "no such file")."""
    content.write("drafts/sub/a.md", "# A\n\n" + TELLS + ", it ran.\n")
    content.write("notes/n.md", TELLS + ".\n")
    rc, out, _ = rg("run", "--check", "ai-tells", "drafts/sub")
    assert rc == 1 and "drafts/sub/a.md:3:1: ai-tells" in out, out
    assert "1 draft checked" in out, out
    assert rg("run", "--check", "ai-tells", "notes")[1].endswith("none a draft)\n")


def test_findings_before_gate_from_refuse_nothing(content: Repo, rg: Run) -> None:
    content.write("drafts/wip.md", "---\nstatus: drafted\n---\n" + TELLS + ".\n")
    rc, out, _ = rg("check", "ai-tells")
    assert rc == 0
    first = out.splitlines()[0]
    assert first.startswith("drafts/wip.md:4:1: ai-tells: AI tells weigh")
    assert first.endswith(" (not gated yet: status drafted)")
    assert "0 failed (1 more not gated yet)" in out
    content.write("drafts/wip.md", "---\nstatus: ready\n---\n" + TELLS + ".\n")
    assert rg("check", "ai-tells")[0] == 1


def test_init_git_hooks_gate_a_plain_repository(
    repo: Repo, rg: Run, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No pre-commit framework: core.hooksPath and the generated scripts do the gating."""
    import os
    import sys

    rc, out, _ = rg("init", "--git-hooks")
    assert rc == 0
    assert out.splitlines()[0] == (
        "wrote .githooks/pre-commit, .githooks/pre-merge-commit,"
        " .githooks/pre-push; turn them on with: git config"
        " core.hooksPath .githooks"
    )
    repo.git("config", "core.hooksPath", ".githooks")
    repo.write("drafts/a.md", GOOD_DRAFT)
    monkeypatch.setenv("PATH", os.path.dirname(sys.executable) + os.pathsep + os.environ["PATH"])
    proc = repo.commit_all("checked by the hook")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    committed = repo.git("show", "--name-only", "--format=", "HEAD").stdout.split()
    assert ".receipts/drafts/a.md/ai-tells.json" in committed  # in the same commit
    repo.write("drafts/a.md", GOOD_DRAFT + TELLS + ".\n")
    proc = repo.commit_all("a banned phrase")
    assert proc.returncode == 1
    assert "drafts/a.md:10:1: ai-tells: AI tells weigh" in proc.stderr
    assert "hint: fix the findings above, then commit again" in proc.stderr
    assert rg("init", "--git-hooks")[0] == 2  # never overwrites without --force


def test_a_command_line_built_for_one_command_is_that_command_of_the_whole() -> None:
    whole = _parser()
    sub = next(a for a in whole._actions if isinstance(a, argparse._SubParsersAction))
    assert tuple(sub.choices) == COMMANDS
    for name in COMMANDS:
        one = _parser(name)
        (only,) = (a for a in one._actions if isinstance(a, argparse._SubParsersAction))
        assert list(only.choices) == [name]
        assert only.choices[name].format_help() == sub.choices[name].format_help()


def test_an_unknown_command_is_named_with_every_choice(rg: Run) -> None:
    with pytest.raises(SystemExit) as e:
        rg("publish")
    assert e.value.code == 2
    assert "invalid choice: 'publish'" in rg.capsys.readouterr().err


def test_a_bug_is_exit_3_with_one_line_and_a_logged_traceback(
    content: Repo, rg: Run, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An unexpected exception is not a refusal (1) nor bad input (2)."""
    from receipt_gate.commands import status

    def broken(args: object) -> int:
        raise ValueError("boom")

    monkeypatch.setattr(status, "status", broken)
    rc, out, err = rg("status")
    assert (rc, out) == (3, "")
    (line,) = err.splitlines()
    assert line.startswith(
        "receipt-gate status: internal error (a bug): ValueError: boom; the traceback is in "
    )
    log = line.rsplit(" ", 1)[1]
    assert log.startswith(str(content.path / ".git" / "receipt-gate"))
    with open(log) as f:
        assert "Traceback (most recent call last)" in f.read()


@pytest.mark.parametrize("words", [["pre-commit"], ["verify", "--staged"]])
def test_the_hooks_own_calls_parse_as_argparse_parses_them(words: list[str]) -> None:
    from receipt_gate.cli import _HOOK_CALLS, parse

    fast = vars(parse(words))
    assert tuple(words) in _HOOK_CALLS
    slow, extra = _parser(words[0]).parse_known_args(words)
    assert extra == []
    assert fast == vars(slow)


def test_a_long_run_off_a_terminal_says_how_far_it_is(capsys: pytest.CaptureFixture[str]) -> None:
    """A new user adopted 38,427 pages with nothing printed for minutes: off a terminal,
    a line after two seconds and every five after, with the counts."""
    from receipt_gate.report.output import Progress

    now = [100.0]
    progress = Progress("adopt: checking")
    progress.shown = False
    progress.clock = lambda: now[0]
    progress.next_at = now[0] + Progress.AFTER_S
    for done, at in ((1, 100.5), (2, 102.5), (3, 104.0), (4, 107.6), (5, 107.7)):
        now[0] = at
        progress(done, 10)
    progress(10, 10)
    progress.end()
    assert capsys.readouterr().err.splitlines() == [
        "receipt-gate: adopt: checking: 2/10",
        "receipt-gate: adopt: checking: 4/10",
    ]
