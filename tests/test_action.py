"""The GitHub Action (action.yml): its one script run here with the environment a runner
sets (the event file, INPUT_* variables, GITHUB_OUTPUT), on real repositories."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from tests.conftest import CONFIG, GOOD_DRAFT, ROOT, TELLS, Repo, Run
from tests.test_checks import modelled  # noqa: F401  (a fixture: a repository with model checks)

ACTION = yaml.safe_load((ROOT / "action.yml").read_text())


def _run(
    repo: Repo, tmp: Path, event_name: str, event: dict[str, object], **inputs: str
) -> tuple[int, dict[str, str], str]:
    (tmp / "event.json").write_text(json.dumps(event))
    out = tmp / "output"
    out.write_text("")
    env = {
        **os.environ,
        "GITHUB_EVENT_NAME": event_name,
        "GITHUB_EVENT_PATH": str(tmp / "event.json"),
        "GITHUB_OUTPUT": str(out),
        "GITHUB_WORKSPACE": str(repo.path),
        "GITHUB_ACTION_PATH": str(ROOT),
        **{f"INPUT_{k.upper()}": v for k, v in inputs.items()},
    }
    proc = subprocess.run(
        [sys.executable, str(ROOT / "action" / "gate.py")],
        cwd=repo.path,
        env=env,
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
    )
    outputs = dict(line.split("=", 1) for line in out.read_text().splitlines())
    return proc.returncode, outputs, proc.stdout + proc.stderr


def _base(content: Repo, rg: Run) -> str:
    assert rg("run")[0] == 0
    assert content.commit_all("base").returncode == 0
    return content.git("rev-parse", "HEAD").stdout.strip()


def test_a_pull_request_that_holds_passes(content: Repo, rg: Run, tmp_path: Path) -> None:
    base = _base(content, rg)
    content.write("drafts/second.md", GOOD_DRAFT)
    assert rg("run")[0] == 0
    assert content.commit_all("second").returncode == 0
    rc, outputs, log = _run(
        content,
        tmp_path,
        "pull_request",
        {"pull_request": {"base": {"sha": base}}},
        sarif="true",
        sarif_file=str(tmp_path / "gate.sarif"),
    )
    assert (rc, outputs["exit-code"]) == (0, "0"), log
    assert f"receipt-gate verify --rev HEAD --policy-from {base} --recheck" in log
    sarif = json.loads((tmp_path / "gate.sarif").read_text())
    assert sarif["version"] == "2.1.0" and sarif["runs"][0]["results"] == []


def test_a_pull_request_that_drops_a_check_to_pass_is_refused_with_sarif(
    content: Repo, rg: Run, tmp_path: Path
) -> None:
    """The base's rules are in force: the commit's own config cannot excuse its draft."""
    base = _base(content, rg)
    content.write(".receipt-gate.yaml", CONFIG.replace("ai-tells, ", ""))
    content.write("drafts/bad.md", GOOD_DRAFT + "\n" + TELLS + ".\n")
    assert rg("run")[0] == 0
    assert content.commit_all("drop ai-tells").returncode == 0
    rc, outputs, log = _run(
        content,
        tmp_path,
        "pull_request",
        {"pull_request": {"base": {"sha": base}}},
        sarif="true",
        sarif_file=str(tmp_path / "gate.sarif"),
    )
    assert rc == 0 and outputs["exit-code"] == "1", log
    assert "policy change: weakens: drops ai-tells from required" in log
    results = json.loads((tmp_path / "gate.sarif").read_text())["runs"][0]["results"]
    assert any("drafts/bad.md" in json.dumps(r) for r in results)


def test_a_push_is_judged_by_the_commit_it_moved_the_branch_from(
    content: Repo, rg: Run, tmp_path: Path
) -> None:
    before = _base(content, rg)
    content.write("drafts/second.md", GOOD_DRAFT)
    content.commit_all("second, checks never run")
    rc, outputs, log = _run(content, tmp_path, "push", {"before": before})
    assert rc == 0 and outputs["exit-code"] == "1", log
    assert f"--policy-from {before}" in log and "sarif-file" not in outputs
    assert "drafts/second.md" in log
    # A new branch (before is all zeros) and no default branch to read: the parent's.
    rc, outputs, log = _run(content, tmp_path, "push", {"before": "0" * 40}, recheck="false")
    assert rc == 0 and outputs["exit-code"] == "1", log
    assert "--policy-from" not in log.splitlines()[0]


@pytest.mark.parametrize("ref", ["refs/heads/legacy", "refs/tags/v1"])
def test_a_push_to_a_ref_from_before_the_gate_is_held_to_the_default_branchs_rules(
    repo: Repo, rg: Run, tmp_path: Path, ref: str
) -> None:
    """Round 96 c01: a branch (or tag) the remote kept from before adoption has no
    rules; a commit pushed onto it that loosens its own rules and adds a failing draft
    passed the Action, which took the rules from `before` alone. A ref other than the
    default branch is held to the default branch's rules too, as the pre-push hook
    holds it."""
    remote = tmp_path / "remote.git"
    subprocess.run(["git", "init", "-q", "--bare", "-b", "main", str(remote)], check=True)
    repo.write("posts/first.md", "Hello.\n")
    repo.commit_all("the site before receipt-gate")
    before = repo.git("rev-parse", "HEAD").stdout.strip()
    repo.git("remote", "add", "origin", str(remote))
    repo.git("push", "-q", "origin", "main", f"main:{ref}")
    repo.write(".receipt-gate.yaml", CONFIG)
    repo.write("drafts/intro.md", GOOD_DRAFT)
    assert rg("run")[0] == 0
    repo.commit_all("adopt")
    repo.git("push", "-q", "origin", "main")
    repo.git("checkout", "-q", "-b", "x", before)
    repo.write(".receipt-gate.yaml", CONFIG.replace("ai-tells, ", ""))
    repo.write("drafts/bad.md", GOOD_DRAFT.replace("# The receipt gate", TELLS))
    assert rg("run")[0] == 0  # (its own rules require no ai-tells)
    repo.commit_all("bad")
    event = {"ref": ref, "before": before, "repository": {"default_branch": "main"}}
    rc, outputs, log = _run(repo, tmp_path, "push", event)
    assert rc == 0 and outputs["exit-code"] == "1", log
    assert "drafts/bad.md" in log and "ai-tells" in log, log
    # (round 98 c03: a pull request into that branch, its base from before adoption)
    pull = {
        "pull_request": {"base": {"sha": before, "ref": ref.rpartition("/")[2]}},
        "repository": {"default_branch": "main"},
    }
    rc, outputs, log = _run(repo, tmp_path, "pull_request", pull)
    assert rc == 0 and outputs["exit-code"] == "1", log
    assert "drafts/bad.md" in log and "ai-tells" in log, log
    # (the default branch itself: its `before` alone, as before)
    event["ref"] = "refs/heads/main"
    rc, outputs, log = _run(repo, tmp_path, "push", event)
    assert outputs["exit-code"] == "0" and log.splitlines()[0].count("--policy-from") == 1, log


@pytest.mark.usefixtures("modelled")  # (content, with model checks)
def test_evidence_a_branchs_earlier_push_added_is_refused_on_its_next_push(
    content: Repo, rg: Run, tmp_path: Path
) -> None:
    """Round 97 c03/c04: a branch's first push adds a source, its second a draft whose
    model evidence cites it. With that first push's commit (`before`) as the rules in
    force, the source had landed, and the default branch's rules judged the model cell
    alike: the Action passed. The default branch's tip comes first."""
    from tests.test_checks import INVENTED, _cited

    remote = tmp_path / "remote.git"
    subprocess.run(["git", "init", "-q", "--bare", "-b", "main", str(remote)], check=True)
    assert rg("run")[0] == 0 and rg("grade")[0] == 0
    content.commit_all("base")
    content.git("remote", "add", "origin", str(remote))
    content.git("push", "-q", "origin", "main")
    content.git("fetch", "-q", "origin")
    content.git("checkout", "-q", "-b", "feat")
    content.write("sources/study.md", f"# Study\n\n{INVENTED}\n")
    content.commit_all("a source alone")
    first = content.git("rev-parse", "HEAD").stdout.strip()
    (tmp_path / "v.json").write_text(json.dumps(_cited("sources/study.md")))
    rc, out, _ = rg("record", "tone", "drafts/intro.md", "--verdict", str(tmp_path / "v.json"))
    assert rc == 0, out  # (the source has landed on the branch)
    content.commit_all("the draft cites it")
    event = {"ref": "refs/heads/feat", "before": first, "repository": {"default_branch": "main"}}
    rc, outputs, log = _run(content, tmp_path, "push", event, recheck="false")
    assert rc == 0 and outputs["exit-code"] == "1", log
    assert "sources/study.md, a new source this change adds" in log, log
    # verify itself, in either order: a model's evidence is read where each rules come from
    for order in ((first, "origin/main"), ("origin/main", first)):
        rc, out, _ = rg("verify", "--rev", "HEAD", *(f"--policy-from={o}" for o in order))
        assert rc == 1 and "sources/study.md, a new source this change adds" in out, out


def test_a_base_not_in_the_clone_is_exit_2_naming_it(
    content: Repo, rg: Run, tmp_path: Path
) -> None:
    _base(content, rg)
    rc, outputs, log = _run(
        content, tmp_path, "pull_request", {"pull_request": {"base": {"sha": "1" * 40}}}
    )
    assert (rc, outputs) == (2, {})
    assert log.strip().splitlines()[-1] == (
        f"receipt-gate action: the base commit {'1' * 40}"
        " is not in this clone; check out with"
        " fetch-depth: 0"
    )


def test_the_action_is_composite_and_documents_what_the_script_reads() -> None:
    assert ACTION["runs"]["using"] == "composite"
    for name, spec in ACTION["inputs"].items():
        assert spec["description"], name
    script = (ROOT / "action" / "gate.py").read_text()
    gate = next(s for s in ACTION["runs"]["steps"] if s.get("id") == "gate")
    for name in ACTION["inputs"]:
        var = "INPUT_" + name.upper().replace("-", "_")
        if var in script:
            assert gate["env"][var] == f"${{{{ inputs.{name} }}}}"
    upload = next(s for s in ACTION["runs"]["steps"] if "upload-sarif" in s.get("uses", ""))
    assert "inputs.sarif == 'true'" in upload["if"]


# --- a pull request that brings code of its own -----------------------------------------
# CI judges a checkout it must not trust: the Action's script runs in that checkout, and
# `python -m` would import whatever it holds first. Each shape below got a failing draft
# past the Action once; each is a branch on top of a base whose rules require ai-tells
# and a command check, with receipts forged to say pass.

CHECKER = """\
import sys
bad = [p for p in sys.argv[1:] if "TODO" in open(p, encoding="utf-8").read()]
for p in bad:
    print(f"{p}:1:1: a TODO left in")
sys.exit(1 if bad else 0)
"""
COMMAND_CONFIG = (
    CONFIG.replace("hook-length]", "hook-length, todo]")
    + "checks:\n  todo:\n    command: [python3, checks/todo.py]\n"
)


def _branch_base(content: Repo, rg: Run) -> str:
    content.write("checks/todo.py", CHECKER)
    content.write(".receipt-gate.yaml", COMMAND_CONFIG)
    return _base(content, rg)


def _forged(content: Repo, rg: Run, draft: str, text: str) -> None:
    """The draft with every receipt written by the real checks, then edited to pass."""
    content.write(draft, text)
    assert rg("run", draft)[0] == 1
    for check in ("ai-tells", "hook-length", "todo"):
        path = f".receipts/{draft}/{check}.json"
        receipt = json.loads(content.read(path))
        receipt.update(verdict="pass", findings=[])
        content.write(path, json.dumps(receipt))


def _pull_request(content: Repo, tmp_path: Path, base: str) -> tuple[str, str]:
    content.commit_all("the branch", "--no-verify")
    rc, outputs, log = _run(
        content, tmp_path, "pull_request", {"pull_request": {"base": {"sha": base}}}
    )
    assert rc == 0, log
    return outputs["exit-code"], log


def test_a_branch_that_adds_a_receipt_gate_package_does_not_replace_the_gate(
    content: Repo, rg: Run, tmp_path: Path
) -> None:
    base = _branch_base(content, rg)
    content.write("receipt_gate/__init__.py", "")
    content.write("receipt_gate/__main__.py", "print('receipt-gate: ok')\n")
    _forged(content, rg, "drafts/bad.md", GOOD_DRAFT + "\n" + TELLS + ", TODO.\n")
    shadowed = subprocess.run(
        [sys.executable, "-m", "receipt_gate", "verify"],
        cwd=content.path,
        capture_output=True,
        text=True,
    )
    assert shadowed.stdout == "receipt-gate: ok\n"  # the shape: `python -m` in the checkout
    code, log = _pull_request(content, tmp_path, base)
    assert code == "1", log
    assert "forged: the receipt says pass" in log and "receipt-gate: ok" not in log


SHADOW = """\
import importlib.util

_spec = importlib.util.spec_from_file_location("_real", {real!r})
_real = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_real)
globals().update({{k: v for k, v in vars(_real).items() if not k.startswith("__")}})


def make(settings, corpus=None):
    from receipt_gate.checks import Outcome

    return lambda draft: Outcome([], 0)
"""


def test_a_branch_that_adds_a_checks_package_runs_none_of_it(
    content: Repo, rg: Run, tmp_path: Path
) -> None:
    """A no-op copy of ai-tells in `receipt_gate_hooks/`: the real gate, but a recheck
    that imported the branch's check would agree with the receipt it forged."""
    base = _branch_base(content, rg)
    content.write("receipt_gate_hooks/__init__.py", "")
    for name in ("ai_tells", "hook_length", "headline_numbers", "registered_terms", "grader"):
        content.write(
            f"receipt_gate_hooks/{name}.py", SHADOW.format(real=str(ROOT / "hooks" / f"{name}.py"))
        )
    for name in ("tells", "numerals"):  # (the checks' own modules, as they are)
        content.write(f"receipt_gate_hooks/{name}.py", (ROOT / "hooks" / f"{name}.py").read_text())
    _forged(content, rg, "drafts/bad.md", GOOD_DRAFT + "\n" + TELLS + ".\n")
    code, log = _pull_request(content, tmp_path, base)
    assert code == "1", log
    assert (
        ".receipts/drafts/bad.md/ai-tells.json: forged: the receipt says pass, but"
        " ai-tells run again on these bytes finds 1 finding" in log
    )


PLUGIN = """\
from receipt_gate.checks import Outcome

name = "todo"
version = 1
deterministic = True
settings = {"command": ["true"]}
kinds = {"command": "argv"}


def make(settings, corpus):
    return lambda draft: Outcome([], 0)
"""


def test_a_branch_that_commits_a_plugin_registration_loads_nothing_of_it(
    content: Repo, rg: Run, tmp_path: Path
) -> None:
    """A committed `*.dist-info` whose entry point has the name of the command check the
    base declares: once, that plugin silently stood in for the command, wrote passing
    receipts from `python -m receipt_gate run` in the checkout, and CI agreed."""
    base = _branch_base(content, rg)
    content.write(
        "todo_plugin-1.0.dist-info/METADATA",
        "Metadata-Version: 2.1\nName: todo-plugin\nVersion: 1.0\n",
    )
    content.write(
        "todo_plugin-1.0.dist-info/entry_points.txt", "[receipt_gate.checks]\ntodo = todo_plugin\n"
    )
    content.write("todo_plugin.py", PLUGIN)
    content.write("drafts/bad.md", GOOD_DRAFT + "\nTODO: a source.\n")
    subprocess.run(
        [sys.executable, "-m", "receipt_gate", "run"],
        cwd=content.path,
        capture_output=True,
        text=True,
    )
    code, log = _pull_request(content, tmp_path, base)
    assert code == "1", log
    assert "drafts/bad.md" in log
    # With the checkout put on the import path by hand, the registration is named and
    # refused, never loaded in the command check's place.
    proc = subprocess.run(
        [sys.executable, "-m", "receipt_gate", "verify"],
        cwd=content.path / "drafts",
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(content.path)},
    )
    assert proc.returncode == 2, proc.stdout + proc.stderr
    assert proc.stderr.strip().endswith(
        ".receipt-gate.yaml: checks.todo: the check 'todo' is registered by"
        f" {content.path.resolve()}/todo_plugin-1.0.dist-info, a file of this repository:"
        " checks are loaded only from installed distributions, never from the tree being"
        " judged"
    )


def test_a_branch_never_runs_its_own_programs_in_ci(content: Repo, rg: Run, tmp_path: Path) -> None:
    """--recheck runs a command check only as the rules in force declare it: a check the
    branch declares itself is not run (and said so), and a program the base's check names
    is the base's, whatever the branch made of the file; a version_command runs in an
    empty folder, never the checkout."""
    base = _branch_base(content, rg)
    proof = tmp_path / "ran"
    content.write(
        "checks/todo.py", f"open({str(proof)!r}, 'w').write('ran')\nimport sys; sys.exit(0)\n"
    )  # the base's check, rewritten to pass all
    content.write(
        ".receipt-gate.yaml",
        COMMAND_CONFIG.replace("todo]", "todo, mine]")
        + f"  mine:\n    command: [python3, -c, \"open({str(proof)!r}, 'w')\"]\n",
    )
    content.write("drafts/bad.md", GOOD_DRAFT + "\nTODO: a source.\n")
    assert rg("run")[0] == 0
    proof.unlink()
    code, log = _pull_request(content, tmp_path, base)
    assert code == "1", log
    assert not proof.exists(), "the branch's program ran in CI"
    assert "drafts/bad.md" in log
    assert ("receipt-gate: mine was not run again: the rules in force") in log


def test_a_version_command_runs_outside_the_checkout(
    content: Repo, rg: Run, tmp_path: Path
) -> None:
    """`python -c` (as `python -m`, `npx`) takes a module from its working folder first:
    run in the checkout, the branch's `plint/` would answer for the installed one."""
    site = tmp_path / "site"
    (site / "plint").mkdir(parents=True)
    (site / "plint" / "__init__.py").write_text("print('plint 1.0')\n")
    version = f"import sys; sys.path.append({str(site)!r}); import plint"
    content.write(
        ".receipt-gate.yaml",
        CONFIG.replace("hook-length]", "hook-length, pl]")
        + "checks:\n  pl:\n    command: ['true']\n    version: '1.0'\n"
        f"    version_command: [python3, -c, {json.dumps(version)}]\n",
    )
    base = _base(content, rg)
    proof = tmp_path / "ran"
    content.write("plint/__init__.py", f"open({str(proof)!r}, 'w'); print('plint 1.0')\n")
    content.write("drafts/intro.md", GOOD_DRAFT + "\nMore.\n")
    assert rg("run", "drafts/intro.md")[0] == 0
    proof.unlink(missing_ok=True)
    code, log = _pull_request(content, tmp_path, base)
    assert not proof.exists(), "the checkout's plint ran as the version command"
    assert code == "0", log


PLUGIN_PYPROJECT = """\
[build-system]
requires = ["setuptools>=64"]
build-backend = "setuptools.build_meta"
[project]
name = "team-checks"
version = "1.0"
[project.scripts]
shout = "team_checks.shout:main"
[project.entry-points."receipt_gate.checks"]
exclaim = "team_checks.exclaim"
[tool.setuptools]
packages = ["team_checks"]
"""
EXCLAIM = """\
from receipt_gate.checks import Finding, Outcome

name = "exclaim"
version = 1
deterministic = True
settings = {}


def make(settings, corpus):
    def check(draft):
        n = draft.text.count("!")
        return Outcome([Finding(1, 1, "an exclamation mark")] if n else [], n)

    return check
"""
SHOUT = """\
import sys


def main():
    bad = [p for p in sys.argv[1:] if "SHOUTING" in open(p).read()]
    for p in bad:
        print(f"{p}:1:1: no shouting")
    sys.exit(1 if bad else 0)
"""


@pytest.mark.e2e
def test_the_action_sets_up_a_teams_plugin_and_command_check_from_the_base(
    content: Repo, rg: Run, tmp_path: Path
) -> None:
    """The Action installed receipt-gate alone, so a team's plugin was an unknown check and
    its linter not installed. `setup` runs in a checkout of the base: the base's plugin
    and tool are installed (a branch that makes them pass everything changes nothing)."""
    venv = tmp_path / "runner"  # the runner's Python: sees the test's packages, installs its own
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    site = next((venv / "lib").glob("python*/site-packages"))
    import sysconfig

    (site / "_test_env.pth").write_text(  # (addsitedir: the editable install's .pth too)
        f"import site; site.addsitedir({sysconfig.get_paths()['purelib']!r})\n"
    )
    python = venv / "bin" / "python"
    content.write("plugins/team/pyproject.toml", PLUGIN_PYPROJECT)
    content.write("plugins/team/team_checks/__init__.py", "")
    content.write("plugins/team/team_checks/exclaim.py", EXCLAIM)
    content.write("plugins/team/team_checks/shout.py", SHOUT)
    content.write(
        ".receipt-gate.yaml",
        CONFIG.replace("hook-length]", "hook-length, exclaim, shout]")
        + "checks:\n  shout: {command: [shout]}\n",
    )
    setup = '"$RECEIPT_GATE_PYTHON" -m pip install -q --no-build-isolation ./plugins/team'
    subprocess.run(
        ["bash", "-c", setup],
        cwd=content.path,
        check=True,
        env={**os.environ, "RECEIPT_GATE_PYTHON": str(python)},
    )
    env_path = f"{venv / 'bin'}{os.pathsep}{os.environ['PATH']}"

    def gate(*argv: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [str(python), "-m", "receipt_gate", *argv],
            cwd=content.path,
            capture_output=True,
            text=True,
            env={**os.environ, "PATH": env_path},
        )

    assert gate("run").returncode == 0
    content.commit_all("base", "--no-verify")
    base = content.git("rev-parse", "HEAD").stdout.strip()
    # The branch: a draft that shouts, and the team's checks made to pass everything.
    content.write("plugins/team/team_checks/shout.py", "import sys\ndef main(): sys.exit(0)\n")
    content.write("drafts/loud.md", GOOD_DRAFT + "\nSHOUTING here!\n")
    subprocess.run(
        [str(python), "-m", "pip", "install", "-q", "--no-build-isolation", "./plugins/team"],
        cwd=content.path,
        check=True,
    )  # the branch's, locally
    gate("run")
    content.commit_all("loud", "--no-verify")
    subprocess.run(
        [str(python), "-m", "pip", "uninstall", "-q", "-y", "team-checks"], check=True
    )  # a fresh runner: nothing of the team's installed
    (tmp_path / "event.json").write_text(json.dumps({"pull_request": {"base": {"sha": base}}}))
    out = tmp_path / "output"
    out.write_text("")
    proc = subprocess.run(
        [str(python), "-I", str(ROOT / "action" / "gate.py")],
        cwd=content.path,
        capture_output=True,
        text=True,
        env={
            **os.environ,
            "PATH": env_path,
            "GITHUB_EVENT_NAME": "pull_request",
            "GITHUB_EVENT_PATH": str(tmp_path / "event.json"),
            "GITHUB_OUTPUT": str(out),
            "INPUT_SETUP": setup,
        },
    )
    log = proc.stdout + proc.stderr
    assert proc.returncode == 0, log
    assert "exit-code=1" in out.read_text(), log
    assert "drafts/loud.md" in log and "shout run again on these bytes finds 1 finding" in log
    assert "exclaim" in log and "unknown check" not in log


def test_a_draft_the_branch_gates_beside_the_program_is_not_run_on(
    content: Repo, rg: Run, tmp_path: Path
) -> None:
    """An outside pass: the branch widened drafts to `checks/json.py`; --recheck wrote it
    into the scratch folder beside the base's program, whose `import json` took it, and
    CI passed. A command check's program runs only on the drafts the rules in force gate."""
    base = _branch_base(content, rg)
    proof = tmp_path / "ran"
    content.write(
        ".receipt-gate.yaml",
        COMMAND_CONFIG.replace(
            'drafts: ["drafts/**/*.md"]', 'drafts: ["drafts/**/*.md", "checks/json.py"]'
        ),
    )
    content.write("checks/json.py", f"open({str(proof)!r}, 'w')\n")
    content.write("drafts/bad.md", GOOD_DRAFT + "\nTODO: a source.\n")
    rg("run")
    proof.unlink(missing_ok=True)
    code, log = _pull_request(content, tmp_path, base)
    assert code == "1", log
    assert not proof.exists(), "the branch's module ran in CI"
    assert "checks/json.py is no draft under the rules in force" in log


def test_the_base_checks_own_data_and_the_branchs_pages_are_what_it_reads(
    content: Repo, rg: Run, tmp_path: Path
) -> None:
    """An outside pass: the branch deleted the base check's word list (its data), and the
    base's program ran without it; and a link checker read the pages as the base held
    them. In CI a check's data is the rules' commit's; the pages it reads, the branch's."""
    words = (
        "import glob, sys\nw = [l.strip() for f in glob.glob('rules/*.txt') for l in"
        " open(f) if l.strip()]\nbad = [p for p in sys.argv[1:] if any(x in"
        " open(p).read() for x in w)]\n[print(f'{p}:1:1: banned') for p in bad]\n"
        "sys.exit(1 if bad else 0)\n"
    )
    pages = (
        "import sys\nbad = [p for p in sys.argv[1:] if '(posts/a.md#install)' in"
        " open(p).read() and '## Install' not in open('posts/a.md').read()]\n"
        "[print(f'{p}:1:1: broken link') for p in bad]\nsys.exit(1 if bad else 0)\n"
    )
    content.write("checks/words.py", words)
    content.write("checks/links.py", pages)
    content.write("rules/words.txt", "synergy\n")
    content.write("posts/a.md", "# A\n\n## Install\n\nSteps.\n")
    content.write(
        ".receipt-gate.yaml",
        CONFIG.replace("hook-length]", "hook-length, words, links]")
        + "checks:\n  words:\n    command: [python3, checks/words.py]\n"
        '    inputs: ["rules/*.txt"]\n  links:\n    command: [python3,'
        ' checks/links.py]\n    inputs: ["posts/*.md"]\n',
    )
    content.write("drafts/intro.md", GOOD_DRAFT + "\nSee [install](posts/a.md#install).\n")
    base = _base(content, rg)
    content.git("rm", "-q", "rules/words.txt")
    content.write("posts/a.md", "# A\n\nSteps.\n")
    content.write("drafts/bad.md", GOOD_DRAFT + "\nWe leverage synergy.\n")
    rg("run")
    for draft, check in (("drafts/bad.md", "words"), ("drafts/intro.md", "links")):
        path = f".receipts/{draft}/{check}.json"
        receipt = json.loads(content.read(path))
        receipt.update(verdict="pass", findings=[])
        content.write(path, json.dumps(receipt))
    code, log = _pull_request(content, tmp_path, base)
    assert code == "1", log
    assert "drafts/bad.md:1:1: words: banned" in log
    assert "drafts/intro.md:1:1: links: broken link" in log


def test_a_tag_named_like_the_default_branch_is_not_the_base(
    content: Repo, rg: Run, tmp_path: Path
) -> None:
    """An outside pass: a pushed tag `origin/main` shadowed the remote branch when the
    Action named the base `origin/main`; the base is the remote branch's commit."""
    remote = tmp_path / "remote.git"
    subprocess.run(["git", "init", "-q", "--bare", str(remote)], check=True)
    base = _base(content, rg)
    content.git("remote", "add", "origin", str(remote))
    content.git("push", "-q", "origin", "main")
    content.git("fetch", "-q", "origin")
    content.git("checkout", "-q", "--orphan", "evil")
    content.git("rm", "-rqf", ".")
    content.write("README.md", "no rules here\n")
    content.commit_all("evil")
    content.git("tag", "origin/main")
    content.git("checkout", "-q", "-b", "feature", "main")
    content.write("drafts/second.md", GOOD_DRAFT)
    rg("run")
    content.commit_all("feature")
    rc, _, log = _run(
        content, tmp_path, "push", {"before": "0" * 40, "repository": {"default_branch": "main"}}
    )
    assert rc == 0, log
    assert f"--policy-from {base}" in log, log


def test_a_pull_requests_base_input_is_not_its_own_to_set(
    content: Repo, rg: Run, tmp_path: Path
) -> None:
    """Round 83: a pull request's workflow is its merge commit's, so a branch that drops
    a check and names its own head as `base` was judged by its own rules; the event's
    base is in force, the input said to differ."""
    base = _base(content, rg)
    content.write(".receipt-gate.yaml", "required: []\n")
    content.write("drafts/bad.md", GOOD_DRAFT + "\nIn conclusion, a testament to resilience.\n")
    assert content.commit_all("weakened", "--no-verify").returncode == 0
    head = content.git("rev-parse", "HEAD").stdout.strip()
    event = {"pull_request": {"base": {"sha": base}, "head": {"sha": head}}}
    rc, outputs, log = _run(content, tmp_path, "pull_request", event, base=head)
    assert rc == 0 and outputs["exit-code"] == "1", log
    assert f"--policy-from {base}" in log and "is not the pull request's base" in log, log


def test_no_base_runs_no_setup_from_the_branch(content: Repo, rg: Run, tmp_path: Path) -> None:
    """An outside pass: with no base found (a new branch, a shallow clone), the setup ran
    from the branch itself. Without the rules' commit there is nothing to set up from."""
    _base(content, rg)
    proof = tmp_path / "ran"
    rc, _, log = _run(content, tmp_path, "push", {"before": "0" * 40}, setup=f"touch {proof}")
    assert rc == 2 and "no base commit to set the checks up from" in log, log
    assert not proof.exists()


def test_zizmor_finds_nothing_in_the_action_and_the_example_workflow() -> None:
    """Every `uses:` pinned by commit, least-privilege permissions, no persisted
    credentials: zizmor's audits, offline, at every level."""
    import shutil

    zizmor = shutil.which("zizmor", path=os.path.dirname(sys.executable))
    if zizmor is None:
        pytest.skip("zizmor is not installed (the test extra installs it)")
    workflow = ROOT / "examples" / "content" / ".github" / "workflows" / "receipt-gate.yml"
    proc = subprocess.run(
        [
            zizmor,
            "--offline",
            "--min-severity",
            "informational",
            str(ROOT / "action.yml"),
            str(workflow),
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_the_requirements_are_read_from_the_bases_checkout_only(tmp_path: Path) -> None:
    """Round 88 c01: `${{ github.workspace }}/req.txt` joined to the base's checkout was
    an absolute path, the branch's own file, and pip ran the setup.py it named. A path in
    the workspace is read in the base's checkout; one outside it is none."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("action_gate", ROOT / "action" / "gate.py")
    assert spec is not None and spec.loader is not None
    gate = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(gate)
    work, base = tmp_path / "work", tmp_path / "base"
    work.mkdir()
    base.mkdir()
    env = {"GITHUB_WORKSPACE": str(work)}
    assert gate._in_base(f"{work}/req.txt", env, str(base)) == str(base / "req.txt")
    assert gate._in_base("tools/req.txt", env, str(base)) == str(base / "tools" / "req.txt")
    assert gate._in_base("../req.txt", env, str(base)) is None
    assert gate._in_base("/etc/passwd", env, str(base)) is None


def test_a_sarif_path_the_branch_brings_is_handed_on_never(
    content: Repo, rg: Run, tmp_path: Path
) -> None:
    """Round 91 c05: a folder `receipt-gate.sarif/` with a clean log in it, beside an
    unready draft: the gate could not write its log there, and the upload step would have
    sent the branch's."""
    base = _base(content, rg)
    content.write("receipt-gate.sarif/clean.sarif", '{"version": "2.1.0", "runs": []}\n')
    content.write("drafts/second.md", TELLS)
    assert content.commit_all("second", "--no-verify").returncode == 0
    event = {"pull_request": {"base": {"sha": base}}}
    rc, outputs, log = _run(content, tmp_path, "pull_request", event, sarif="true")
    assert (rc, outputs.get("exit-code")) == (0, "2"), log
    assert "sarif-file" not in outputs and "receipt-gate.sarif is there before" in log
