"""Any check, receipted: a third-party linter as a command check, a plugin package
installed with pip, several model checks with evidence from source files, and checks
required from a state on. Each gated, staled and rechecked like a built-in check."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import GOOD_DRAFT, ROOT, Repo, Run

BIN = Path(sys.executable).parent
PROSELINT = """\
drafts: ["drafts/**/*.md"]
required: [ai-tells, proselint]
checks:
  proselint:
    command: ["proselint", "check"]
    inputs: [".proselintrc.json"]
    version: "0.16.0"
    version_command: ["proselint", "version"]
"""
UNIQUE = GOOD_DRAFT + "\nIts design is very unique.\n"
RECEIPT = ".receipts/drafts/intro.md/proselint.json"


@pytest.fixture
def linted(repo: Repo, monkeypatch: pytest.MonkeyPatch) -> Repo:
    monkeypatch.setenv("PATH", f"{BIN}{os.pathsep}{os.environ['PATH']}")
    repo.write(".receipt-gate.yaml", PROSELINT)
    repo.write(".proselintrc.json", '{"checks": {}}\n')
    repo.write("drafts/intro.md", GOOD_DRAFT)
    return repo


def test_a_linter_from_pypi_is_a_receipted_check(linted: Repo, rg: Run) -> None:
    assert rg("run")[0] == 0
    assert json.loads(linted.read(RECEIPT))["verdict"] == "pass"
    assert rg("verify")[0] == 0
    linted.write("drafts/intro.md", UNIQUE)
    rc, out, _ = rg("run")
    assert rc == 1
    assert (
        "drafts/intro.md:11:15: proselint: uncomparables: Comparison of an uncomparable:"
        " 'very unique' is not comparable."
    ) in out
    assert json.loads(linted.read(RECEIPT))["verdict"] == "fail"
    linted.write("drafts/intro.md", GOOD_DRAFT)
    assert rg("run")[0] == 0
    # Its input file, its version or the draft changed: the receipt is stale.
    linted.write(".proselintrc.json", '{"checks": {"uncomparables": false}}\n')
    rc, out, _ = rg("verify")
    assert rc == 1 and f"{RECEIPT}: stale: what the check read changed" in out
    assert rg("run")[0] == 0
    linted.write(".receipt-gate.yaml", PROSELINT.replace('"0.16.0"', '"0.15.0"'))
    rc, out, err = rg("run")
    assert (rc, err) == (1, "")
    assert (
        "receipt-gate: proselint: not run: proselint is 0.16.0 (`proselint version`"
        " printed 'Proselint 0.16.0'), the rules say 0.15.0: install proselint 0.15.0"
        " where the gate runs, or update checks.proselint.version in .receipt-gate.yaml"
        " (a rule change, then receipt-gate run --check proselint)"
    ) in out


TOOL = """\
import sys
from pathlib import Path
if sys.argv[1:] == ["--version"]:
    print("lint " + Path(__file__).with_name("VERSION").read_text().strip())
sys.exit(0)
"""


def test_a_tool_upgrade_stales_only_its_own_check_with_the_fix_named(
    repo: Repo, rg: Run, tmp_path: Path
) -> None:
    """A command check with `version` pinned once made every command exit 2 for every
    draft when the installed tool reported another version. Now the other checks run
    and write their receipts, that one's receipts stay as they are, and the refusal says
    the fix (exit 1); CI does not run it again on another version, and says so."""
    from receipt_gate.checks import command

    py, tool = json.dumps(sys.executable), tmp_path / "lint.py"  # installed, not in the repo
    tool.write_text(TOOL)

    def moved(version: str) -> None:  # (each run of the CLI asks the tool afresh)
        (tmp_path / "VERSION").write_text(f"{version}\n")
        command._VERSIONS_SEEN.clear()

    moved("1.0")
    repo.write(
        ".receipt-gate.yaml",
        f"required: [ai-tells, lint]\nchecks:\n  lint:\n"
        f"    command: [{py}, {json.dumps(str(tool))}]\n    version: '1.0'\n"
        f"    version_command: [{py}, {json.dumps(str(tool))}, --version]\n",
    )
    repo.write("drafts/a.md", GOOD_DRAFT)
    assert rg("run")[0] == 0
    assert repo.commit_all("base").returncode == 0
    moved("1.1")
    repo.write("drafts/b.md", GOOD_DRAFT.replace("The receipt gate", "Another"))
    rc, out, err = rg("run")
    assert (rc, err) == (1, "")
    assert "receipt-gate: lint: not run: lint is 1.1" in out and "the rules say 1.0" in out
    assert (repo.path / ".receipts/drafts/b.md/ai-tells.json").exists()
    assert not (repo.path / ".receipts/drafts/b.md/lint.json").exists()
    repo.git("add", "-A")
    rc, out, err = rg("pre-commit")
    assert rc == 1, out + err
    assert "receipt-gate: lint: not run: lint is 1.1" in err
    assert ".receipts/drafts/b.md/lint.json: missing" in out
    moved("1.0")
    assert rg("run")[0] == 0
    repo.git("add", "-A")
    assert repo.commit_all("more").returncode == 0
    moved("1.1")
    base = repo.git("rev-parse", "HEAD~1").stdout.strip()
    rc, out, _ = rg("verify", "--rev", "HEAD", "--policy-from", base, "--recheck")
    assert rc == 1 and "not run again: lint is 1.1" in out, out


def test_a_tool_that_is_not_installed_is_named(linted: Repo, rg: Run) -> None:
    linted.write(
        ".receipt-gate.yaml", PROSELINT.replace('["proselint", "check"]', '["vale-not-here"]')
    )
    rc, out, err = rg("run")
    assert (rc, out) == (2, "")
    assert err.startswith(
        "receipt-gate: .receipt-gate.yaml: checks.proselint.command:"
        " vale-not-here is not installed (not on PATH)"
    )


@pytest.mark.parametrize(
    ("script", "message"),
    [
        ("import sys; sys.exit(3)", "exited 3"),
        ("import time; time.sleep(30)", "did not finish within timeout_s 2; killed"),
    ],
)
def test_a_command_that_cannot_answer_is_exit_2_and_no_receipt(
    linted: Repo, rg: Run, script: str, message: str
) -> None:
    linted.write("lint.py", script + "\n")
    linted.write(
        ".receipt-gate.yaml",
        f"required: [lint]\nchecks: {{lint: {{command:"
        f" [{json.dumps(sys.executable)}, lint.py], timeout_s: 2}}}}\n",
    )
    rc, out, err = rg("run")
    assert (rc, out) == (2, "") and message in err
    assert not (linted.path / ".receipts").exists()


def test_json_and_exit_findings(linted: Repo, rg: Run) -> None:
    linted.write(
        "lint.py",
        "import json, sys\nbad = [p for p in sys.argv[1:] if 'unique' in"
        " open(p).read()]\nprint(json.dumps([{'path': p, 'line': 2, 'message': 'no'}"
        " for p in bad]))\nsys.exit(1 if bad else 0)\n",
    )
    linted.write("drafts/b.md", UNIQUE)
    cmd = f"[{json.dumps(sys.executable)}, lint.py]"
    for mode, where in (
        ("json", "drafts/b.md:2:1: lint: no"),
        ("exit", "drafts/b.md:1:1: lint: lint exited 1"),
    ):
        linted.write(
            ".receipt-gate.yaml",
            f"required: [lint]\nchecks: {{lint: {{command: {cmd}, findings: {mode}}}}}\n",
        )
        rc, out, _ = rg("run")
        assert rc == 1 and where in out and "drafts/intro.md" not in out.split("receipt-gate:")[0]


@pytest.mark.parametrize(
    ("printed", "rc", "said"),
    [
        # (round 93 r02: nesting past the parser's depth was a RecursionError, exit 3)
        ('"[" * 100000 + "]" * 100000', 2, "findings: json, but the output is not JSON (nested"),
        # (r03: a lone surrogate, which no UTF-8 receipt holds: UnicodeEncodeError, exit 3)
        (
            "json.dumps([{'path': p, 'line': 1, 'message': 'bad \\ud800 text'} for p in bad])",
            1,
            "drafts/b.md:1:1: lint: bad \ufffd text",
        ),
    ],
)
def test_a_tool_s_strange_json_is_refused_or_read_whole(
    linted: Repo, rg: Run, printed: str, rc: int, said: str
) -> None:
    linted.write(
        "lint.py",
        "import json, sys\nbad = [p for p in sys.argv[1:] if 'unique' in open(p).read()]\n"
        f"print({printed})\nsys.exit(1 if bad else 0)\n",
    )
    linted.write("drafts/b.md", UNIQUE)
    cmd = f"[{json.dumps(sys.executable)}, lint.py]"
    linted.write(
        ".receipt-gate.yaml",
        f"required: [lint]\nchecks: {{lint: {{command: {cmd}, findings: json}}}}\n",
    )
    got, out, err = rg("run")
    assert (got, said in out + err) == (rc, True), out + err


COLON_LINT = """\
import sys
for p in sys.argv[1:]:
    if "unique" in open(p, encoding="utf-8").read():
        print(f"{p}:11:15: very unique")
        print(f"./{p}:12:1: again")
print("2 problems")
sys.exit(1 if any("unique" in open(p).read() for p in sys.argv[1:]) else 0)
"""


def test_a_finding_is_credited_to_the_draft_its_whole_path_names(linted: Repo, rg: Run) -> None:
    """`drafts/b.md:1:1.md:11:15: ...` is a finding of `drafts/b.md:1:1.md` at 11:15, never
    one of `drafts/b.md` at 1:1 (whose receipt it once failed, leaving the real draft a
    pass); a summary line names no draft and is no finding."""
    linted.write("lint.py", COLON_LINT)
    linted.write(
        ".receipt-gate.yaml",
        f"required: [lint]\nchecks: {{lint: {{command:"
        f" [{json.dumps(sys.executable)}, lint.py]}}}}\n",
    )
    linted.write("drafts/b.md:1:1.md", UNIQUE)
    linted.write("drafts/b.md", GOOD_DRAFT)
    rc, out, _ = rg("run")
    assert rc == 1
    assert out.splitlines()[:2] == [
        "drafts/b.md:1:1.md:11:15: lint: very unique",
        "drafts/b.md:1:1.md:12:1: lint: again",
    ]
    receipt = json.loads(linted.read(".receipts/drafts/b.md:1:1.md/lint.json"))
    assert receipt["verdict"] == "fail" and len(receipt["findings"]) == 2
    assert json.loads(linted.read(".receipts/drafts/b.md/lint.json"))["verdict"] == "pass"


def test_a_linters_colours_are_not_read_as_part_of_a_path(linted: Repo, rg: Run) -> None:
    """Round 96: a linter that colours its output anyway (FORCE_COLOR in CI) printed
    `\\x1b[4mdrafts/b.md\\x1b[0m:3:1: ...`, which named no draft: exit 2. Its control
    sequences are no part of what it says."""
    linted.write(
        "lint.py",
        "import sys\nfor p in sys.argv[1:]:\n    if 'unique' in open(p).read():\n"
        "        print(f'\\x1b[4m{p}\\x1b[0m:3:1: \\x1b[31mvery\\x1b[0m unique')\n"
        "sys.exit(1 if any('unique' in open(p).read() for p in sys.argv[1:]) else 0)\n",
    )
    linted.write(
        ".receipt-gate.yaml",
        f"required: [lint]\nchecks: {{lint: {{command:"
        f" [{json.dumps(sys.executable)}, lint.py]}}}}\n",
    )
    linted.write("drafts/b.md", UNIQUE)
    rc, out, _ = rg("run")
    assert rc == 1 and "drafts/b.md:3:1: lint: very unique" in out.splitlines(), out
    receipt = json.loads(linted.read(".receipts/drafts/b.md/lint.json"))
    assert receipt["findings"][0]["message"] == "very unique"


def test_a_finding_for_a_path_it_was_not_given_is_an_error(linted: Repo, rg: Run) -> None:
    linted.write("lint.py", "import sys\nprint('drafts/other.md:3:1: no')\nsys.exit(1)\n")
    linted.write(
        ".receipt-gate.yaml",
        f"required: [lint]\nchecks: {{lint: {{command:"
        f" [{json.dumps(sys.executable)}, lint.py]}}}}\n",
    )
    rc, out, err = rg("run")
    assert (rc, out) == (2, "")
    assert err == (
        "receipt-gate: .receipt-gate.yaml: checks.lint.findings: its output names"
        " 'drafts/other.md', which is none of the drafts it was given"
        " (drafts/intro.md): a finding is credited only to a draft it names\n"
    )


@pytest.mark.parametrize(
    "printed",
    [
        "f'{p}:99999999999999999999999:1: huge line'",
        "f'{p}:3:' + '9' * 5000 + ': huge column'",
        "json.dumps([{'path': p, 'line': 10**30, 'message': 'huge'}])",
    ],
)
def test_a_finding_past_any_pages_end_is_an_error(linted: Repo, rg: Run, printed: str) -> None:
    """Round 87 r01: a line of 23 digits went into the receipt and SARIF's startLine
    (and one of 5,000 digits would stop int()): an error naming the check, exit 2."""
    mode = "json" if printed.startswith("json") else "lines"
    linted.write(
        "lint.py",
        f"import json, sys\np = sys.argv[1]\nprint({printed})\nsys.exit(1)\n",
    )
    linted.write(
        ".receipt-gate.yaml",
        f"required: [lint]\nchecks: {{lint: {{command:"
        f" [{json.dumps(sys.executable)}, lint.py], findings: {mode}}}}}\n",
    )
    rc, out, err = rg("run")
    assert (rc, out) == (2, "") and "past any page's end" in err and "Traceback" not in err, err
    assert not (linted.path / ".receipts").exists()


FILE_LINT = """\
import sys
bad = 0
for p in sys.argv[1:]:
    text = open(p).read()
    if not text.startswith("---"):
        print(f"{p}: error: no front matter, file not linted")
        bad = 1
        continue
    for i, line in enumerate(text.split("\\n"), 1):
        if "TODO" in line:
            print(f"{p}:{i}:1: TODO left in the text")
            bad = 1
sys.exit(bad)
"""


def test_a_draft_the_output_does_not_name_is_judged_alone_when_the_run_fails(
    linted: Repo, rg: Run
) -> None:
    """A run over several drafts exits 1 and names findings for one: another it names
    only in a line of another shape was once given a pass. Run alone, it is judged by
    its own exit."""
    linted.write("lint.py", FILE_LINT)
    linted.write(
        ".receipt-gate.yaml",
        f"required: [lint]\nchecks: {{lint: {{command:"
        f" [{json.dumps(sys.executable)}, lint.py]}}}}\n",
    )
    linted.write("drafts/a.md", "---\ntitle: A\n---\nTODO\n")
    linted.write("drafts/b.md", "No front matter.\n")
    linted.write("drafts/intro.md", GOOD_DRAFT)
    rc, out, _ = rg("run")
    assert rc == 1
    assert "drafts/a.md:4:1: lint: TODO left in the text" in out
    assert (
        "drafts/b.md:1:1: lint: lint exited 1: drafts/b.md: error: no front matter, file not linted"
    ) in out
    assert json.loads(linted.read(".receipts/drafts/b.md/lint.json"))["verdict"] == "fail"
    assert json.loads(linted.read(".receipts/drafts/intro.md/lint.json"))["verdict"] == "pass"


def test_ci_runs_it_again_on_the_judged_bytes_and_refuses_a_forged_pass(
    linted: Repo, rg: Run
) -> None:
    assert rg("run")[0] == 0
    linted.commit_all("base")
    base = linted.git("rev-parse", "HEAD").stdout.strip()
    good = json.loads(linted.read(RECEIPT))
    linted.write("drafts/intro.md", UNIQUE)
    rg("run")
    forged = json.loads(linted.read(RECEIPT))
    forged.update(verdict="pass", findings=[])
    linted.write(RECEIPT, json.dumps(forged))
    linted.commit_all("forged", "--no-verify")
    linted.write("drafts/intro.md", GOOD_DRAFT)  # the working tree is not what CI judges
    rc, out, _ = rg("verify", "--rev", "HEAD", "--policy-from", base, "--recheck")
    assert rc == 1, out
    assert (
        f"{RECEIPT}: forged: the receipt says pass, but proselint run again on these bytes finds"
    ) in out
    assert (
        "hint: a receipt must say what its check finds on these bytes: run the check"
        " (receipt-gate run DRAFT), commit the receipts it writes, and never edit one by"
        " hand"
    ) in out
    assert "land the rule change" not in out  # (no rule changed: a forged receipt)
    assert good["verdict"] == "pass"


def test_under_the_rules_in_force_its_own_config_comes_from_them(linted: Repo, rg: Run) -> None:
    """A commit that switches the linter's own rule off and adds a draft it would refuse
    is held to the linter's config in force."""
    assert rg("run")[0] == 0
    linted.commit_all("base")
    base = linted.git("rev-parse", "HEAD").stdout.strip()
    linted.write(
        ".proselintrc.json", '{"checks": {"uncomparables": false, "weasel_words.very": false}}\n'
    )
    linted.write("drafts/intro.md", UNIQUE)
    assert rg("run")[0] == 0  # under its own rules, it passes
    linted.commit_all("weaken", "--no-verify")
    rc, out, _ = rg("verify", "--rev", "HEAD", "--policy-from", base)
    assert rc == 1 and "fails under the rules in force" in out


@pytest.mark.e2e
def test_it_refuses_a_commit_through_the_real_pre_commit(
    linted: Repo, hook_repo: tuple[str, str], pre_commit_home: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tests.test_e2e_pre_commit import commit, install

    monkeypatch.setenv("PRE_COMMIT_HOME", pre_commit_home)
    install(linted, hook_repo)
    linted.write("drafts/intro.md", UNIQUE)
    linted.git("add", "-A")
    rc, out = commit(linted)
    assert rc == 1, out
    assert "drafts/intro.md:11:15: proselint: uncomparables" in out
    linted.write("drafts/intro.md", GOOD_DRAFT)
    linted.git("add", "-A")
    rc, out = commit(linted)
    assert rc == 0, out
    assert RECEIPT in linted.git("show", "--name-only", "--format=", "HEAD").stdout


# --- a plugin package ---------------------------------------------------------------

PLUGIN = """\
from receipt_gate.checks import Finding, Outcome

name = "exclaim"
version = 1
deterministic = True
settings = {"max": 3}


def make(settings, corpus):
    limit = settings["max"]

    def check(draft):
        marks = [(n, line.index("!") + 1) for n, line in
                 enumerate(draft.text.split("\\n"), 1) if "!" in line]
        found = [Finding(n, c, f"more than {limit} exclamation marks")
                 for n, c in marks[limit:][:1]]
        return Outcome(found, len(marks))

    return check
"""


def _install_plugin(tmp_path: Path, name: str = "exclaim") -> Path:
    """The plugin package above, installed with pip into a folder of its own (put on
    PYTHONPATH to use it), its entry point under `name`."""
    pkg = tmp_path / "plugin"
    (pkg / "mychecks").mkdir(parents=True)
    (pkg / "mychecks" / "__init__.py").write_text("")
    (pkg / "mychecks" / "exclaim.py").write_text(PLUGIN.replace('"exclaim"', repr(name)))
    (pkg / "pyproject.toml").write_text(
        '[build-system]\nrequires = ["setuptools>=64"]\nbuild-backend = "setuptools.build_meta"'
        '\n[project]\nname = "mychecks"\nversion = "0.1"\n[tool.setuptools]\npackages ='
        f' ["mychecks"]\n[project.entry-points."receipt_gate.checks"]\n"{name}" ='
        ' "mychecks.exclaim"\n'
    )
    site = tmp_path / "site-packages"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "install",
            "-q",
            "--no-deps",
            "--no-build-isolation",
            "--target",
            str(site),
            str(pkg),
        ],
        check=True,
        capture_output=True,
    )
    return site


def test_a_plugin_installed_with_pip_can_be_required(repo: Repo, tmp_path: Path) -> None:
    site = _install_plugin(tmp_path)
    repo.write(".receipt-gate.yaml", "required: [ai-tells, exclaim]\nchecks: {exclaim: {max: 1}}\n")
    repo.write("drafts/a.md", "Wow!\n\nSo good!\n")
    env = {**os.environ, "PYTHONPATH": str(site)}

    def gate(*argv: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "receipt_gate", *argv],
            cwd=repo.path,
            env=env,
            capture_output=True,
            text=True,
        )

    proc = gate("run")
    assert proc.returncode == 1, proc.stdout + proc.stderr
    assert "drafts/a.md:3:8: exclaim: more than 1 exclamation marks" in proc.stdout
    repo.write("drafts/a.md", "Wow!\n\nSo good.\n")
    assert gate("run").returncode == 0
    assert gate("verify").returncode == 0
    without = subprocess.run(
        [sys.executable, "-m", "receipt_gate", "verify"],
        cwd=repo.path,
        capture_output=True,
        text=True,
    )
    assert without.returncode == 2
    assert "checks.exclaim: unknown check" in without.stderr


def test_a_plugin_never_stands_in_for_a_check_the_config_declares(
    repo: Repo, tmp_path: Path
) -> None:
    """A plugin named like a command check the config declares is an error naming both,
    in every command: it once won silently."""
    site = _install_plugin(tmp_path, "lint")
    repo.write(".receipt-gate.yaml", "required: [lint]\nchecks: {lint: {command: [lint]}}\n")
    repo.write("drafts/a.md", "Wow!\n")
    repo.git("add", "-A")
    env = {**os.environ, "PYTHONPATH": str(site)}
    for argv in (["run"], ["verify"], ["status"], ["verify", "--staged"], ["pre-commit"]):
        proc = subprocess.run(
            [sys.executable, "-m", "receipt_gate", *argv],
            cwd=repo.path,
            env=env,
            capture_output=True,
            text=True,
        )
        assert (proc.returncode, proc.stderr) == (
            2,
            (
                "receipt-gate: .receipt-gate.yaml: checks.lint: declared here as a command check,"
                " and the installed plugin mychecks.exclaim from mychecks has the same name;"
                " rename the check (or uninstall the plugin)\n"
            ),
        ), argv


def test_a_plugin_shadowed_on_the_import_path_is_refused_before_it_runs(
    repo: Repo, tmp_path: Path
) -> None:
    """A package of the plugin's name earlier on the import path (PYTHONPATH, the current
    folder) would run instead of what pip installed: named, and none of it imported."""
    site = _install_plugin(tmp_path)
    shadow = tmp_path / "shadow"
    (shadow / "mychecks").mkdir(parents=True)
    (shadow / "mychecks" / "__init__.py").write_text("raise SystemExit('the shadow ran')\n")
    repo.write(".receipt-gate.yaml", "required: [exclaim]\n")
    repo.write("drafts/a.md", "Wow!\n")
    env = {**os.environ, "PYTHONPATH": f"{shadow}{os.pathsep}{site}"}
    proc = subprocess.run(
        [sys.executable, "-m", "receipt_gate", "run"],
        cwd=repo.path,
        env=env,
        capture_output=True,
        text=True,
    )
    assert proc.returncode == 2, proc.stdout + proc.stderr
    assert "the shadow ran" not in proc.stderr
    assert proc.stderr == (
        f"receipt-gate: .receipt-gate.yaml: required[0]: the check 'exclaim'"
        f" (mychecks.exclaim) would be imported from {shadow.resolve()}/mychecks, not from"
        " its distribution mychecks"
        f" ({site.resolve()}): a package of that name comes first on the import path (the"
        " current folder, PYTHONPATH); run the installed receipt-gate from outside the"
        " checkout\n"
    )


# --- model checks ---------------------------------------------------------------------

MODEL = """\
import json, os, sys
text = sys.stdin.read()
line = [ln for ln in text.split("\\n") if ln.startswith("A check")][0]
rubric = open(os.environ.get("RECEIPT_GATE_RUBRIC", os.devnull)).read()
evidence = [{"path": "posts/source.md", "quote": "The gate compares hashes and asks nobody."}]
print(json.dumps({"verdict": "pass", "criteria": [
    {"name": os.environ["RECEIPT_GATE_CHECK"] + rubric.strip(), "verdict": "pass",
     "quotes": [line], "evidence": evidence}]}))
"""


@pytest.fixture
def modelled(content: Repo) -> Repo:
    content.write("model.py", MODEL)
    content.write("tone.md", "calm\n")
    content.write("posts/source.md", "# Source\n\nThe gate compares hashes and asks nobody.\n")
    py = json.dumps(sys.executable)
    content.write(
        ".receipt-gate.yaml",
        f"""\
drafts: ["drafts/**/*.md"]
required: [ai-tells, grader, tone]
checks:
  grader: {{command: [{py}, model.py]}}
  tone: {{kind: model, command: [{py}, model.py], rubric: tone.md, min_quote_chars: 20}}
""",
    )
    return content


def test_two_model_checks_are_each_receipted(modelled: Repo, rg: Run) -> None:
    assert rg("run")[0] == 0
    rc, out, err = rg("grade")
    assert rc == 0, out + err
    tone = json.loads(modelled.read(".receipts/drafts/intro.md/tone.json"))
    grader = json.loads(modelled.read(".receipts/drafts/intro.md/grader.json"))
    assert tone["criteria"][0]["name"] == "tonecalm" and grader["criteria"][0]["name"] == "grader"
    assert tone["criteria"][0]["evidence"][0]["path"] == "posts/source.md"
    assert rg("verify")[0] == 0
    # A source edit that removes the quoted sentence: the receipts count as missing.
    modelled.write("posts/source.md", "# Source\n\nThe gate asks nobody at all.\n")
    rc, out, _ = rg("verify")
    assert rc == 1
    assert (
        ".receipts/drafts/intro.md/tone.json: unquoted: criterion 'tonecalm' quotes"
        " 'The gate compares hashes and asks nobody.', which does not occur in"
        " posts/source.md within one paragraph; counts as missing"
    ) in out
    # The rubric is part of what the verdict read.
    modelled.write("posts/source.md", "# Source\n\nThe gate compares hashes and asks nobody.\n")
    modelled.write("tone.md", "brisk\n")
    rc, out, _ = rg("verify")
    assert rc == 1 and "tone.json: stale: what the check read changed" in out
    assert "grader.json" not in out
    assert "hint: receipt-gate grade drafts/intro.md" in out


def test_record_refuses_evidence_that_is_not_there(modelled: Repo, rg: Run, tmp_path: Path) -> None:
    verdict = {
        "verdict": "pass",
        "criteria": [
            {
                "name": "c",
                "verdict": "pass",
                "quotes": ["A check that ran three edits ago is a check that did not run"],
                "evidence": [
                    {"path": "posts/source.md", "quote": "a sentence the source never had"}
                ],
            }
        ],
    }
    (tmp_path / "v.json").write_text(json.dumps(verdict))
    rc, out, _ = rg("record", "tone", "drafts/intro.md", "--verdict", str(tmp_path / "v.json"))
    assert rc == 1
    assert (
        "drafts/intro.md: tone: refused: criterion 'c' quotes 'a sentence the source never"
        " had', which does not occur in posts/source.md within one paragraph; no receipt"
        " written"
    ) in out
    assert not (modelled.path / ".receipts/drafts/intro.md/tone.json").exists()


INVENTED = "The gate was audited by three outside firms in 2025."
QUOTE = "A check that ran three edits ago is a check that did not run"


def _cited(path: str, quote: str = INVENTED) -> dict[str, object]:
    return {
        "verdict": "pass",
        "criteria": [
            {
                "name": "c",
                "verdict": "pass",
                "quotes": [QUOTE],
                "evidence": [{"path": path, "quote": quote}],
            }
        ],
    }


def test_evidence_comes_from_the_rules_commit_never_the_draft_or_the_change(
    modelled: Repo, rg: Run, tmp_path: Path
) -> None:
    """Evidence proves provenance, not presence: a source as the rules' commit holds it
    (HEAD here, the base in CI), never the draft itself, nor a file the change adds or
    edits to say what the model claims; each is refused naming the file."""
    assert rg("run")[0] == 0 and rg("grade")[0] == 0
    assert modelled.commit_all("base").returncode == 0
    base = modelled.git("rev-parse", "HEAD").stdout.strip()
    head = f"commit {base[:12]} (HEAD)"

    def record(verdict: dict[str, object]) -> tuple[int, str]:
        (tmp_path / "v.json").write_text(json.dumps(verdict))
        rc, out, _ = rg("record", "tone", "drafts/intro.md", "--verdict", str(tmp_path / "v.json"))
        return rc, out

    assert record(_cited("drafts/intro.md", QUOTE)) == (
        1,
        (
            f"drafts/intro.md: tone: refused: criterion 'c' quotes '{QUOTE}', which cites"
            " drafts/intro.md, the draft itself: evidence comes from another file; no receipt"
            " written\n"
        ),
    )
    modelled.write("posts/new.md", f"# New\n\n{INVENTED}\n")
    assert record(_cited("posts/new.md")) == (
        1,
        (
            f"drafts/intro.md: tone: refused: criterion 'c' quotes '{INVENTED}', which cites"
            f" posts/new.md, a new source this change adds (not in the {head}): a source counts"
            " once it has landed; commit it on its own first, for a reviewer to see; no receipt"
            " written\n"
        ),
    )
    modelled.write(
        "posts/source.md", f"# Source\n\nThe gate compares hashes and asks nobody.\n\n{INVENTED}\n"
    )
    assert record(_cited("posts/source.md")) == (
        1,
        (
            f"drafts/intro.md: tone: refused: criterion 'c' quotes '{INVENTED}', which does not"
            f" occur in posts/source.md as the {head} holds it (this change edits it to say so: a"
            " source counts once it has landed); no receipt written\n"
        ),
    )
    # CI: a receipt edited by hand to cite the new source, committed past the hooks.
    receipt_path = ".receipts/drafts/intro.md/tone.json"
    receipt = json.loads(modelled.read(receipt_path))
    receipt["criteria"][0]["evidence"] = [{"path": "posts/new.md", "quote": INVENTED}]
    modelled.write(receipt_path, json.dumps(receipt))
    assert modelled.commit_all("forged", "--no-verify").returncode == 0
    rc, out, _ = rg("verify", "--rev", "HEAD", "--policy-from", base, "--recheck")
    assert rc == 1
    assert (
        f"{receipt_path}: unquoted: criterion 'tonecalm' quotes '{INVENTED}', which cites"
        " posts/new.md, a new source this change adds"
    ) in out
    # Once the source has landed on its own, the same evidence holds.
    rc, out = record(_cited("posts/new.md"))
    assert rc == 0, out


def test_evidence_is_read_as_its_file_is_read_and_never_from_our_own_drafts(
    modelled: Repo, rg: Run, tmp_path: Path
) -> None:
    """Round 82: a data file's values are a source, its comments are not (no site shows
    them); a script is no document; another draft (our own writing) and the gate's
    config are no source."""
    modelled.write("sources/figures.yaml", f"revenue: 1\n# {INVENTED}\n")
    modelled.write("sources/summary.yaml", f'summary: "{INVENTED}"\n')
    modelled.write("sources/summary.json", json.dumps({"q": "Q3", "summary": INVENTED}))
    modelled.write("sources/notes.txt", f"Notes.\n\n{INVENTED}\n")
    modelled.write("tools/figures.js", f"// {INVENTED}\n")
    modelled.write("drafts/notes.md", f"---\nstatus: idea\n---\n{INVENTED}\n")
    modelled.write("drafts/notes.markdown", f"{INVENTED}\n")  # (round 83: no glob's, but
    modelled.write("drafts/notes.MD", f"{INVENTED}\n")  # in the folder the globs gate)
    modelled.write(".receipt-gate.yaml", modelled.read(".receipt-gate.yaml") + f"# {INVENTED}\n")
    assert rg("run")[0] == 0
    assert modelled.commit_all("sources", "--no-verify").returncode == 0

    def record(path: str) -> tuple[int, str]:
        (tmp_path / "v.json").write_text(json.dumps(_cited(path)))
        rc, out, _ = rg("record", "tone", "drafts/intro.md", "--verdict", str(tmp_path / "v.json"))
        return rc, out

    for source in ("sources/summary.yaml", "sources/summary.json", "sources/notes.txt"):
        assert record(source)[0] == 0, source
    rc, out = record("sources/figures.yaml")
    assert rc == 1 and "does not occur in sources/figures.yaml" in out
    rc, out = record("tools/figures.js")
    assert rc == 1 and "cites tools/figures.js, which no reader reads as a document" in out
    for own in ("drafts/notes.md", "drafts/notes.markdown", "drafts/notes.MD"):
        rc, out = record(own)
        assert rc == 1 and f"cites {own}, a page the drafts globs gate" in out, own
    rc, out = record(".receipt-gate.yaml")
    assert rc == 1 and "cites .receipt-gate.yaml, the gate's own record or config" in out


def test_a_model_check_that_declares_its_inputs_goes_stale_when_one_changes(
    modelled: Repo, rg: Run
) -> None:
    modelled.write(
        ".receipt-gate.yaml",
        modelled.read(".receipt-gate.yaml").replace(
            "min_quote_chars: 20}", 'min_quote_chars: 20, inputs: ["posts/**"]}'
        ),
    )
    assert rg("run")[0] == 0 and rg("grade")[0] == 0
    assert rg("verify")[0] == 0
    modelled.write("posts/other.md", "# Another source\n")
    rc, out, _ = rg("verify")
    assert rc == 1
    assert ".receipts/drafts/intro.md/tone.json: stale: what the check read changed" in out
    assert "grader.json" not in out


# --- required from a state on -------------------------------------------------------------


def test_advance_into_a_state_needs_the_checks_required_from_it(repo: Repo, rg: Run) -> None:
    py = json.dumps(sys.executable)
    repo.write("live.py", "import sys; sys.exit(0)\n")
    repo.write(
        ".receipt-gate.yaml",
        f"required: [ai-tells]\nrequired_from: {{shipped: [live]}}\n"
        f"checks: {{live: {{command: [{py}, live.py]}}}}\n",
    )
    repo.write("drafts/a.md", "---\nstatus: ready\n---\nA fine draft.\n")
    assert rg("run")[0] == 0
    assert not (repo.path / ".receipts/drafts/a.md/live.json").exists()  # not shipped yet
    assert rg("verify")[0] == 0
    repo.write("drafts/a.md", "---\nstatus: ready\n---\nA fine draft, edited.\n")
    rc, out, _ = rg("advance", "drafts/a.md", "shipped")
    assert rc == 1 and ".receipts/drafts/a.md/live.json: missing" in out
    assert rg("run")[0] == 0
    rc, out, _ = rg("advance", "drafts/a.md", "shipped")
    assert rc == 1 and "live.json: missing" in out  # run gives a draft its own state's checks
    assert rg("run", "--check", "live")[0] == 0
    rc, out, _ = rg("advance", "drafts/a.md", "shipped")
    assert rc == 0, out
    assert rg("verify")[0] == 0
    repo.write("drafts/b.md", "---\nstatus: shipped\n---\nAnother.\n")
    rg("run", "--check", "ai-tells")
    rc, out, _ = rg("verify")
    assert rc == 1 and ".receipts/drafts/b.md/live.json: missing" in out


def test_status_counts_the_checks_required_from_a_state_as_verify_does(repo: Repo, rg: Run) -> None:
    """`status` said "all fresh" while verify refused (it showed `required` alone), and
    verify said "1 required check each" for a draft that needs 2."""
    py = json.dumps(sys.executable)
    repo.write("live.py", "import sys; sys.exit(0)\n")
    repo.write(
        ".receipt-gate.yaml",
        f"required: [ai-tells]\nrequired_from: {{shipped: [live]}}\n"
        f"checks: {{live: {{command: [{py}, live.py]}}}}\n",
    )
    repo.write("drafts/a.md", "---\nstatus: ready\n---\nA fine draft.\n")
    repo.write("drafts/b.md", "---\nstatus: shipped\n---\nAnother.\n")
    rg("run", "--check", "ai-tells")
    assert rg("verify")[0] == 1
    rc, out, _ = rg("status")
    assert rc == 1 and "1 all fresh, 1 not" in out
    row = next(line for line in out.splitlines() if line.startswith("drafts/b.md"))
    assert row.split() == ["drafts/b.md", "fresh", "missing"]
    doc = json.loads(rg("status", "--all", "--format", "json")[1])
    assert doc["required"] == ["ai-tells", "live"]
    assert {d["draft"]: d["cells"] for d in doc["drafts"]} == {
        "drafts/a.md": {"ai-tells": "fresh"},
        "drafts/b.md": {"ai-tells": "fresh", "live": "missing"},
    }
    assert rg("run")[0] == 0
    rc, out, _ = rg("verify")
    assert rc == 0 and "2 gated drafts, 1 to 2 required checks each" in out
    rc, out, _ = rg("status", "--all")
    assert next(line for line in out.splitlines() if line.startswith("drafts/a.md")).split() == [
        "drafts/a.md",
        "fresh",
        "-",
    ]


# --- the house: the built-ins are plugins like any other ----------------------------------


def test_the_built_ins_are_entry_points_and_the_core_names_none() -> None:
    import importlib.metadata

    eps = {ep.name: ep.value for ep in importlib.metadata.entry_points(group="receipt_gate.checks")}
    assert eps == {
        "ai-tells": "receipt_gate_hooks.ai_tells",
        "hook-length": "receipt_gate_hooks.hook_length",
        "headline-numbers": "receipt_gate_hooks.headline_numbers",
        "registered-terms": "receipt_gate_hooks.registered_terms",
        "grader": "receipt_gate_hooks.grader",
    }
    import ast

    names = set(eps) - {"grader"}  # grader is the contract's default for `grade`
    found = [
        f"{p.relative_to(ROOT)}:{node.lineno}"
        for p in sorted((ROOT / "gate").rglob("*.py"))
        for node in ast.walk(ast.parse(p.read_text()))
        if isinstance(node, ast.Constant) and node.value in names
    ]
    assert found == []


def test_a_new_post_with_a_title_number_nobody_cites_stales_only_itself(
    repo: Repo, rg: Run
) -> None:
    """Each receipt fingerprints what its own verdict read of the corpus: the numbers the
    post cites. A new title number stales the posts that cite it, and no other."""
    repo.write(
        ".receipt-gate.yaml",
        'drafts: ["content/posts/**/*.md"]\n'
        "required: [ai-tells, headline-numbers, registered-terms]\n"
        'checks: {headline-numbers: {articles: ["content/posts/**/*.md"]}}\n'
        "draft_markers: {front_matter: {draft: true}}\n",
    )
    for i in range(6):
        repo.write(
            f"content/posts/p{i}.md",
            f"---\ntitle: Post {i} of 12\n---\nIt took"
            f" {i + 20} days, with 12 of them spent waiting.\n",
        )
    assert rg("run")[0] == 0
    before = {p: p.read_bytes() for p in (repo.path / ".receipts").rglob("*.json")}
    repo.write("content/posts/new.md", "---\ntitle: A 41-hour week\n---\nIt was long.\n")
    rc, out, _ = rg("run")
    assert rc == 0, out
    after = {p: p.read_bytes() for p in (repo.path / ".receipts").rglob("*.json")}
    changed = sorted(str(p.relative_to(repo.path)) for p in after if before.get(p) != after[p])
    assert changed == [
        f".receipts/content/posts/new.md/{c}.json"
        for c in ("ai-tells", "headline-numbers", "registered-terms")
    ]
    # A post that cites 41 read that number: a new title holding it stales it.
    repo.write("content/posts/p0.md", "---\ntitle: Post 0 of 12\n---\nIt took 41 days.\n")
    assert rg("run")[0] == 1  # 41 is in a title and no body: the seed's check refuses


LINKS = """\
import json, re, sys
reads, findings = {}, []
for p in sys.argv[1:]:
    targets = re.findall(r"\\]\\((posts/[^)]+)\\)", open(p).read())
    reads[p] = targets
    for t in targets:
        try:
            open(t).close()
        except OSError:
            findings.append({"path": p, "line": 1, "message": f"{t}: no such page"})
print(json.dumps({"findings": findings, "reads": reads}))
sys.exit(1 if findings else 0)
"""


def test_a_link_checker_that_reports_what_it_read_stales_only_those_drafts(
    repo: Repo, rg: Run
) -> None:
    """A check whose inputs are the posts went stale on any edit of any post. With
    `inputs_read: reported`, each receipt fingerprints the posts its draft links."""
    py = json.dumps(sys.executable)
    repo.write("links.py", LINKS)
    repo.write(
        ".receipt-gate.yaml",
        f"required: [links]\nchecks:\n  links:\n"
        f"    command: [{py}, links.py]\n    inputs: ['posts/**']\n"
        "    findings: json\n    inputs_read: reported\n",
    )
    for name in ("x", "y", "z"):
        repo.write(f"posts/{name}.md", f"# {name}\n")
    repo.write("drafts/a.md", "See [x](posts/x.md).\n")
    repo.write("drafts/b.md", "See [y](posts/y.md).\n")
    assert rg("run")[0] == 0
    assert json.loads(repo.read(".receipts/drafts/a.md/links.json"))["reads"] == ["posts/x.md"]
    repo.write("posts/z.md", "# z, edited\n")  # linked by no draft
    assert rg("verify")[0] == 0
    repo.write("posts/y.md", "# y, edited\n")
    rc, out, _ = rg("verify")
    assert rc == 1
    assert ".receipts/drafts/b.md/links.json: stale" in out
    assert "drafts/a.md" not in out
    repo.write(
        ".receipt-gate.yaml",
        repo.read(".receipt-gate.yaml").replace("findings: json", "findings: lines"),
    )
    rc, _, err = rg("verify")
    assert rc == 2 and "checks.links.inputs_read: reported needs findings: json" in err


@pytest.mark.parametrize(
    ("printed", "want", "names"),
    [
        ("lint 1.2.3\n", "1.2.3", True),
        ("lint v1.2.3", "1.2.3", True),
        ("proselint, version 0.16.0", "0.16.0", True),
        ("version 1.2.3.", "1.2.3", True),
        ("lint 11.2.30", "1.2.3", False),
        ("lint 1.2.3.4", "1.2.3", False),
        ("lint 1.2.3-rc1", "1.2.3", False),
        ("x1.2.3", "1.2.3", False),
    ],
)
def test_a_version_is_named_as_a_whole(printed: str, want: str, names: bool) -> None:
    """An outside pass: `1.2.3` was found in `lint 11.2.30`, so a moved tool passed for
    the pinned one."""
    from receipt_gate.checks.command import _names_version

    assert _names_version(printed, want) is names


def test_a_program_committed_executable_runs_in_the_scratch_folder(repo: Repo, rg: Run) -> None:
    """An outside pass: `command: [tools/lint.sh]`, mode 755 in git, lost its mode in the
    scratch folder: "Permission denied" at every commit and in CI."""
    repo.write("tools/lint.sh", "#!/bin/sh\nexit 0\n")
    os.chmod(repo.path / "tools/lint.sh", 0o755)
    repo.write(
        ".receipt-gate.yaml",
        'drafts: ["drafts/*.md"]\nrequired: [lint]\n'
        "checks:\n  lint:\n    command: [tools/lint.sh]\n",
    )
    repo.write("drafts/a.md", "# A\n\nText.\n")
    assert rg("run")[0] == 0
    repo.git("add", "-A")
    rc, out, err = rg("verify", "--staged")
    assert rc == 0, out + err
    repo.commit_all("c")
    rc, out, err = rg("verify", "--rev", "HEAD", "--recheck")
    assert rc == 0, out + err


WORDLIST_LINT = """\
import sys
from wordlist import banned
for path in sys.argv[1:]:
    for n, line in enumerate(open(path, encoding="utf-8"), 1):
        for word in banned():
            if word in line.lower():
                print(f"{path}:{n}: {word}")
                sys.exit(1)
"""
WORDLIST = """\
def banned():
    return [w[2:].strip() for w in open("tools/banned.md") if w.startswith("- ")]
"""


def test_a_programs_helper_and_its_word_list_in_md_come_from_the_rules(repo: Repo, rg: Run) -> None:
    """Round 82: a helper the program imports runs beside it in the scratch folder (CI's
    recheck said an honest receipt was forged: ImportError), and a word list named .md
    is the check's own data, read from the rules' commit, not the judged tree (a branch
    emptied it in the same commit as a draft it banned)."""
    repo.write("tools/lint.py", WORDLIST_LINT)
    repo.write("tools/wordlist.py", WORDLIST)
    repo.write("tools/banned.md", "# Banned words\n\n- synergy\n")
    repo.write(
        ".receipt-gate.yaml",
        'drafts: ["drafts/*.md"]\nrequired: [lint]\n'
        f"checks:\n  lint:\n    command: [{sys.executable}, tools/lint.py]\n"
        "    inputs: [tools/banned.md]\n    findings: lines\n",
    )
    repo.write("drafts/a.md", "# A\n\nOur teams plan every sprint with care.\n")
    assert rg("run")[0] == 0
    assert repo.commit_all("base").returncode == 0
    base = repo.git("rev-parse", "HEAD").stdout.strip()
    rc, out, err = rg("verify", "--rev", "HEAD", "--recheck")
    assert rc == 0, out + err
    # The branch empties the list and adds a draft it bans, its receipt made to pass.
    repo.write("tools/banned.md", "# Banned words\n")
    repo.write("drafts/b.md", "# B\n\nOur teams find synergy in every sprint.\n")
    assert rg("run")[0] == 0
    assert repo.commit_all("weakened", "--no-verify").returncode == 0
    rc, out, err = rg("verify", "--rev", "HEAD", "--policy-from", base, "--recheck")
    assert rc == 1, out + err
    assert "drafts/b.md:3:1: lint: synergy" in out and "Error" not in out + err, out + err


def test_a_version_command_runs_once_per_tool_as_installed(
    repo: Repo, rg: Run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A team's pipeline started each tool twice a commit (its version, then its run): the
    version printed is remembered for the executable as it is (path, size, time), and
    asked again once the tool changes; never for an interpreter's `-m`."""
    from receipt_gate.checks import command

    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    log = tmp_path / "asked"
    tool = bin_dir / "lintx"
    tool.write_text(f"#!/bin/sh\necho asked >> {log}\necho 'lintx 2.0.1'\n")
    tool.chmod(0o755)
    monkeypatch.setenv("PATH", f"{bin_dir}{os.pathsep}{os.environ['PATH']}")
    repo.write(
        ".receipt-gate.yaml",
        'drafts: ["drafts/*.md"]\nrequired: [lx]\n'
        "checks:\n  lx:\n    command: ['true']\n    version: '2.0.1'\n"
        "    version_command: [lintx, --version]\n",
    )
    repo.write("drafts/a.md", "# A\n\nText.\n")

    def asked() -> int:
        return len(log.read_text().splitlines()) if log.exists() else 0

    for expected in (1, 1):
        command._VERSIONS_SEEN.clear()  # (a new process each commit)
        assert rg("check", "lx")[0] == 0
        assert asked() == expected
    tool.write_text(tool.read_text().replace("2.0.1", "2.0.2"))  # upgraded in place
    command._VERSIONS_SEEN.clear()
    rc, out, _ = rg("check", "lx")
    assert asked() == 2 and rc == 1 and "lx is 2.0.2" in out, out


OPTION_LINT = """\
import argparse, sys
ap = argparse.ArgumentParser()
ap.add_argument("--config")
ap.add_argument("files", nargs="*")
a = ap.parse_args()
if a.config:
    sys.exit(0)  # (a config that turns every check off)
bad = [p for p in a.files if "unique" in open(p, encoding="utf-8").read()]
for p in bad:
    print(f"{p}:1:1: very unique")
sys.exit(1 if bad else 0)
"""


@pytest.mark.parametrize("mode", ["lines", "exit"])
def test_a_draft_named_like_an_option_is_a_path_to_the_program(
    linted: Repo, rg: Run, mode: str
) -> None:
    """Round 25: a top-level draft named `--config=cfg.md` was appended to argv as it is,
    and the program read it as an option that turned every check off for the whole run
    (the failing post in it too)."""
    linted.write("lint.py", OPTION_LINT)
    linted.write(
        ".receipt-gate.yaml",
        f'drafts: ["*.md"]\nrequired: [lint]\nchecks: {{lint: {{command:'
        f" [{json.dumps(sys.executable)}, lint.py], findings: {mode}}}}}\n",
    )
    linted.write("--config=cfg.md", UNIQUE)
    linted.write("post.md", UNIQUE)
    rc, out, _ = rg("run")
    assert rc == 1, out
    assert json.loads(linted.read(".receipts/post.md/lint.json"))["verdict"] == "fail"
    assert json.loads(linted.read(".receipts/--config=cfg.md/lint.json"))["verdict"] == "fail"


POST = "We know a few things.\n\nThe beans were planted on the ninth of May this year.\n"


@pytest.mark.parametrize(
    "layout",
    [
        # round 61: a redirect's layout, an excerpt, the body cut short: the page built
        # shows none (or not all) of what the model quoted
        "<!doctype html><html><body><h1>{{ page.title }}</h1><p>Moved.</p></body></html>\n",
        "---\nlayout: default\n---\n{{ page.excerpt }}\n",
        "{{ content | truncatewords: 4 }}\n",
        # round 65: a cut after another filter, a layout put in one that prints none, a
        # body assigned and never printed, one in a hidden element
        "---\nlayout: default\n---\n<p>{{ content | strip_html | truncatewords: 4 }}</p>\n",
        "---\nlayout: moved\n---\n{{ content }}\n",
        "---\nlayout: default\n---\n{% assign body = content %}<p>Moved.</p>\n",
        "<div hidden>{{ content }}</div>\n",
        # the review of session 54: a raw block's text, a capture never printed, a
        # branch a literal never takes, a name given another value
        "{% raw %}{{ content }}{% endraw %}\n",
        "{% capture c %}{{ content }}{% endcapture %}<p>Moved.</p>\n",
        "{% if false %}{{ content }}{% endif %}\n",
        "{% unless true %}{{ content }}{% endunless %}\n",
        '{% assign c = content %}{% assign c = "" %}{{ c }}\n',
        # round 68: literal comparisons, a case no when matches, an empty range, a break
        # surely reached, a filter that prints the body another way
        "{% if 1 == 2 %}{{ content }}{% endif %}\n",
        "{% case 1 %}{% when 2 %}{{ content }}{% endcase %}\n",
        "{% for i in (1..0) %}{{ content }}{% endfor %}\n",
        "{% for i in (1..1) %}{% break %}{{ content }}{% endfor %}\n",
        "<div>{{ content | url_encode }}</div>\n",
        # round 69: a string comparison, a filter that changes the words, a `{#` Liquid
        # prints (its `<!--` hides the rest)
        '{% if "a" == "b" %}{{ content }}{% endif %}\n',
        '{{ content | replace: "beans", "peas" }}\n',
        "{# <!-- #}{{ content }}\n",
        # round 71: the body's length, a fallback, a name never given (Jekyll's nil)
        "{{ content.size }}\n",
        '{{ "x" | default: content }}\n',
        "{% if nothing_given %}{{ content }}{% endif %}\n",
        # session 56: a capture of literal text is that text (round 71's a42)
        '{% capture s %}{% endcapture %}{% if s != "" %}{{ content }}{% endif %}\n',
        "{% capture s -%}\n  {%- endcapture %}{% unless s == empty %}{{ content }}"
        "{% endunless %}\n",
    ],
)
def test_a_quote_counts_only_where_the_pages_layout_prints_the_page(
    content: Repo, rg: Run, tmp_path: Path, layout: str
) -> None:
    """A model's quote of a page counts where a reader reads it: a Jekyll layout that
    prints no `{{ content }}` (or an excerpt of it) is read as headline-numbers reads it,
    at record and at verify (a layout changed after the receipt was written)."""
    py = json.dumps(sys.executable)
    content.write("_config.yml", "title: t\n")
    content.write("_layouts/default.html", "<html><body>{{ content }}</body></html>\n")
    content.write("_layouts/post.html", "---\nlayout: default\n---\n{{ content }}\n")
    content.write("_layouts/moved.html", "<html><body><p>Moved.</p></body></html>\n")
    content.write("_posts/2024-02-01-x.md", f"---\ntitle: X\nlayout: post\n---\n{POST}")
    content.write("tone.md", "calm\n")
    content.write(
        ".receipt-gate.yaml",
        f'drafts: ["_posts/*.md"]\nrequired: [tone]\nchecks:\n'
        f"  tone: {{kind: model, command: [{py}, x.py], rubric: tone.md}}\n",
    )
    quote = "The beans were planted on the ninth of May this year."
    verdict = {"verdict": "pass", "criteria": [{"name": "c", "verdict": "pass", "quotes": [quote]}]}
    (tmp_path / "v.json").write_text(json.dumps(verdict))
    record = ("record", "tone", "_posts/2024-02-01-x.md", "--verdict", str(tmp_path / "v.json"))
    rc, out, _ = rg(*record)
    assert rc == 0, out
    assert rg("verify")[0] == 0
    content.write("_layouts/post.html", layout)  # (the draft unchanged: its receipt fresh)
    rc, out, _ = rg("verify")
    assert rc == 1
    assert (
        f"unquoted: criterion 'c' quotes '{quote}', which is in a page whose layout 'post'"
        " does not surely print it (no reader reads it); counts as missing"
    ) in out
    rc, out, _ = rg(*record)
    assert rc == 1 and "whose layout 'post' does not surely print it" in out, out


def test_a_quote_counts_only_where_hugos_template_prints_the_page(
    content: Repo, rg: Run, tmp_path: Path
) -> None:
    """Round 65: Hugo's template for a page (its section's, the default, a theme's)
    that prints no `.Content`, or only a summary of it, shows a reader none of what a
    model quoted: refused at record and at verify."""
    py = json.dumps(sys.executable)
    content.write("hugo.toml", 'baseURL = "https://example.org/"\ntheme = "t"\n')
    content.write(
        "themes/t/layouts/_default/baseof.html", '<body>{{ block "main" . }}{{ end }}</body>'
    )
    content.write(
        "themes/t/layouts/_default/single.html", '{{ define "main" }}{{ .Content }}{{ end }}'
    )
    content.write("content/posts/x.md", f"---\ntitle: X\n---\n{POST}")
    content.write("tone.md", "calm\n")
    content.write(
        ".receipt-gate.yaml",
        'drafts: ["content/**/*.md"]\nrequired: [tone]\nchecks:\n'
        f"  tone: {{kind: model, command: [{py}, x.py], rubric: tone.md}}\n",
    )
    quote = "The beans were planted on the ninth of May this year."
    verdict = {"verdict": "pass", "criteria": [{"name": "c", "verdict": "pass", "quotes": [quote]}]}
    (tmp_path / "v.json").write_text(json.dumps(verdict))
    record = ("record", "tone", "content/posts/x.md", "--verdict", str(tmp_path / "v.json"))
    assert rg(*record)[0] == 0
    assert rg("verify")[0] == 0
    content.write("layouts/posts/single.html", '{{ define "main" }}{{ .Summary }}{{ end }}')
    rc, out, _ = rg("verify")
    assert rc == 1
    assert (
        f"unquoted: criterion 'c' quotes '{quote}', which is in a page whose layout"
        " 'layouts/posts/single.html' does not surely print it (no reader reads it)"
    ) in out, out
    rc, out, _ = rg(*record)
    assert rc == 1 and "'layouts/posts/single.html' does not surely print it" in out, out


@pytest.mark.parametrize(
    ("hook", "page", "shown"),
    [
        # round 61: a render hook that prints an empty link, an empty heading
        (
            "render-link.html",
            "We know.\n\n[The beans were planted on the ninth of May this year](/u/).\n",
            '<a href="{{ .Destination }}">{{ .Text | safeHTML }}</a>',
        ),
        (
            "render-heading.html",
            "We know.\n\n## The beans were planted on the ninth of May this year\n",
            '<h{{ .Level }} id="{{ .Anchor }}">{{- .Text | safeHTML -}}</h{{ .Level }}>',
        ),
        (
            "render-blockquote.html",
            "We know.\n\n> The beans were planted on the ninth of May this year.\n",
            "<blockquote>{{ with .Text }}{{ . }}{{ end }}</blockquote>",
        ),
    ],
)
def test_a_quote_counts_only_where_hugos_render_hook_prints_it(
    content: Repo, rg: Run, tmp_path: Path, hook: str, page: str, shown: str
) -> None:
    """A Hugo render hook prints a link, a heading or a block quote as the site's own
    template says: a quote of one counts where the hook surely prints its text, not in
    an attribute, a branch or a comment of it, nor where it prints nothing."""
    py = json.dumps(sys.executable)
    content.write("hugo.toml", 'baseURL = "https://example.org/"\n')
    content.write("content/posts/x.md", f"---\ntitle: X\n---\n{page}")
    content.write("tone.md", "calm\n")
    content.write(
        ".receipt-gate.yaml",
        'drafts: ["content/**/*.md"]\nrequired: [tone]\nchecks:\n'
        f"  tone: {{kind: model, command: [{py}, x.py], rubric: tone.md}}\n",
    )
    quote = "The beans were planted on the ninth of May this year"
    verdict = {"verdict": "pass", "criteria": [{"name": "c", "verdict": "pass", "quotes": [quote]}]}
    (tmp_path / "v.json").write_text(json.dumps(verdict))
    record = ("record", "tone", "content/posts/x.md", "--verdict", str(tmp_path / "v.json"))
    for template in (
        shown,
        "{{/* " + shown + " */}}<p></p>",
        "{{ if .Title }}" + shown + "{{ end }}",
        '<div style="display:none">' + shown + "</div>",
    ):
        content.write(f"layouts/_default/_markup/{hook}", template)
        rc, out, _ = rg(*record)
        assert (rc == 0) == (template == shown), (template, out)
        if rc == 1:
            assert "the site does not surely print (a render hook of its own" in out, out
    content.write(f"layouts/_default/_markup/{hook}", shown)
    assert rg("verify")[0] == 0  # (the receipt written where the hook prints the text)
    content.write(f"layouts/_markup/{hook}", '<a href="{{ .Destination }}"></a>')
    rc, out, _ = rg("verify")
    assert rc == 1 and f"unquoted: criterion 'c' quotes '{quote}'" in out, out


@pytest.mark.parametrize(
    ("files", "page"),
    [
        # round 86: a table's render hook that prints no cell (Hugo 0.134's .THead, .TBody)
        (
            {"layouts/_default/_markup/render-table.html": "<div>{{ with .THead }}{{ end }}</div>"},
            "We know.\n\n| Claim | Source |\n|---|---|\n| {q} | lab |\n",
        ),
        # round 86: goldmark's passthrough, math a hook or a script draws as symbols
        (
            {
                "hugo.toml": 'baseURL = "https://example.org/"\n'
                "[markup.goldmark.extensions.passthrough]\nenable = true\n"
                "[markup.goldmark.extensions.passthrough.delimiters]\n"
                "inline = [['$', '$']]\nblock = [['$$', '$$']]\n",
                "layouts/_default/_markup/render-passthrough.html": "{{ transform.ToMath .Inner }}",
            },
            "We know.\n\nInline ${q}$ end.\n",
        ),
        (
            {"config/_default/markup.toml": "[goldmark.extensions.passthrough]\nenable = true\n"},
            "We know.\n\nInline \\({q}\\) end.\n",
        ),
    ],
)
def test_a_quote_in_what_a_hugo_site_draws_otherwise_is_refused(
    content: Repo, rg: Run, tmp_path: Path, files: dict[str, str], page: str
) -> None:
    """A quote in a table a render hook prints no cell of, or in math goldmark's
    passthrough hands to a hook or a script, counts nowhere; out of them, it counts."""
    py = json.dumps(sys.executable)
    content.write("hugo.toml", 'baseURL = "https://example.org/"\n')
    for path, text in files.items():
        content.write(path, text)
    quote = "The beans were planted on the ninth of May this year"
    content.write("content/posts/x.md", "---\ntitle: X\n---\n" + page.replace("{q}", quote))
    content.write("tone.md", "calm\n")
    content.write(
        ".receipt-gate.yaml",
        'drafts: ["content/**/*.md"]\nrequired: [tone]\nchecks:\n'
        f"  tone: {{kind: model, command: [{py}, x.py], rubric: tone.md}}\n",
    )
    verdict = {"verdict": "pass", "criteria": [{"name": "c", "verdict": "pass", "quotes": [quote]}]}
    (tmp_path / "v.json").write_text(json.dumps(verdict))
    record = ("record", "tone", "content/posts/x.md", "--verdict", str(tmp_path / "v.json"))
    rc, out, _ = rg(*record)
    assert rc == 1 and f"'{quote}'" in out, out
    content.write("content/posts/x.md", f"---\ntitle: X\n---\nWe know.\n\n{quote}.\n")
    rc, out, _ = rg(*record)
    assert rc == 0, out


@pytest.mark.parametrize(
    ("files", "shown"),
    [
        # round 62: markdown-it (Eleventy) and Python-Markdown (MkDocs) read `[^1]:` as a
        # link's definition, its text a title attribute, unless a plugin or an
        # extension reads footnotes; kramdown (Jekyll) and goldmark (Hugo) always do
        ({"eleventy.config.mjs": "export default function () {}\n"}, False),
        (
            {
                "eleventy.config.mjs": 'import fn from "markdown-it-footnote";\n'
                "export default function (c) { c.amendLibrary('md', (md) => md.use(fn)); }\n"
            },
            True,
        ),
        ({"mkdocs.yml": "site_name: s\n"}, False),
        ({"mkdocs.yml": "site_name: s\nmarkdown_extensions:\n  - footnotes\n"}, True),
        ({"_config.yml": "title: t\n"}, True),
    ],
)
def test_a_quote_of_a_footnote_counts_where_the_renderer_reads_footnotes(
    content: Repo, rg: Run, tmp_path: Path, files: dict[str, str], shown: bool
) -> None:
    py = json.dumps(sys.executable)
    for name, text in files.items():
        content.write(name, text)
    quote = "The beans were planted on the ninth of May this year"
    content.write("drafts/x.md", f"# X\n\nHello[^1] there, the garden is fine.\n\n[^1]: {quote}.\n")
    content.write("tone.md", "calm\n")
    content.write(
        ".receipt-gate.yaml",
        'drafts: ["drafts/*.md"]\nrequired: [tone]\nchecks:\n'
        f"  tone: {{kind: model, command: [{py}, x.py], rubric: tone.md}}\n",
    )
    verdict = {"verdict": "pass", "criteria": [{"name": "c", "verdict": "pass", "quotes": [quote]}]}
    (tmp_path / "v.json").write_text(json.dumps(verdict))
    rc, out, _ = rg("record", "tone", "drafts/x.md", "--verdict", str(tmp_path / "v.json"))
    assert (rc == 0) == shown, out


CUT = "<html><body><h1>{{ title }}</h1><p>Moved.</p></body></html>\n"
WHOLE = "<html><body>{{ content | safe }}</body></html>\n"


@pytest.mark.parametrize(
    ("files", "layout", "shown"),
    [
        # round 65: a Nunjucks layout whose base has no place for its block, a layout a
        # directory data file gives, one an alias names: as Eleventy builds them
        (
            {
                "_includes/shell.njk": "<html><body>{% block top %}{% endblock %}</body></html>",
                "_includes/post.njk": '{% extends "shell.njk" %}{% block main %}'
                "{{ content | safe }}{% endblock %}",
            },
            "post.njk",
            False,
        ),
        (
            {
                "_includes/shell.njk": "<html><body>{% block main %}{% endblock %}</body></html>",
                "_includes/post.njk": '{% extends "shell.njk" %}{% block main %}'
                "{{ content | safe }}{% endblock %}",
            },
            "post.njk",
            True,
        ),
        ({"notes/notes.json": '{"layout": "cut.njk"}', "_includes/cut.njk": CUT}, None, False),
        ({"notes/notes.json": '{"layout": "all.njk"}', "_includes/all.njk": WHOLE}, None, True),
        (
            {
                "notes/notes.json": '{"layout": "all.njk"}',
                "notes/x.json": '{"layout": "cut.njk"}',
                "_includes/all.njk": WHOLE,
                "_includes/cut.njk": CUT,
            },
            None,
            False,
        ),
        # round 68: Nunjucks' block set and an uncalled macro hold the body; a filter
        # block that cuts it
        (
            {"_includes/b.njk": "<h1>x</h1>{% set c %}{{ content | safe }}{% endset %}"},
            "b.njk",
            False,
        ),
        # round 93, the Eleventy site: an inline set where a block set is too
        (
            {
                "_includes/b.njk": "{% set t %}<a href='/'>Blog</a>{% endset %}"
                "{% set v = \"<a href='/v/'>V</a>\" %}{{ content | safe }}"
            },
            "b.njk",
            True,
        ),
        (
            {"_includes/b.njk": "{% set c %}{{ content | safe }}{% endset %}{{ c | safe }}"},
            "b.njk",
            True,
        ),
        ({"_includes/b.njk": "{% macro m() %}{{ content | safe }}{% endmacro %}"}, "b.njk", False),
        # round 71: a call block whose macro never calls caller()
        (
            {
                "_includes/b.njk": "{% macro box() %}<div></div>{% endmacro %}{% call box() %}"
                "{{ content | safe }}{% endcall %}"
            },
            "b.njk",
            False,
        ),
        # round 69: Nunjucks' `elif`
        (
            {"_includes/b.njk": "{% if true %}x{% elif true %}{{ content | safe }}{% endif %}"},
            "b.njk",
            False,
        ),
        (
            {"_includes/b.njk": "{% filter truncate(3) %}{{ content | safe }}{% endfilter %}"},
            "b.njk",
            False,
        ),
        (
            {
                "eleventy.config.mjs": "export default function (c) {"
                ' c.addLayoutAlias("post", "cut.njk"); }\n',
                "_includes/cut.njk": CUT,
            },
            "post",
            False,
        ),
        (
            {
                "eleventy.config.mjs": "export default function (c) {"
                ' c.addLayoutAlias("post", "all.njk"); }\n',
                "_includes/all.njk": WHOLE,
            },
            "post",
            True,
        ),
    ],
)
def test_a_quote_counts_only_where_eleventys_layout_prints_the_page(
    content: Repo, rg: Run, tmp_path: Path, files: dict[str, str], layout: str | None, shown: bool
) -> None:
    py = json.dumps(sys.executable)
    content.write("eleventy.config.mjs", "export default function () {}\n")
    for name, text in files.items():
        content.write(name, text)
    front = f"layout: {layout}\n" if layout else ""
    content.write("notes/x.md", f"---\ntitle: X\n{front}---\n{POST}")
    content.write("tone.md", "calm\n")
    content.write(
        ".receipt-gate.yaml",
        'drafts: ["notes/*.md"]\nrequired: [tone]\nchecks:\n'
        f"  tone: {{kind: model, command: [{py}, x.py], rubric: tone.md}}\n",
    )
    quote = "The beans were planted on the ninth of May this year."
    verdict = {"verdict": "pass", "criteria": [{"name": "c", "verdict": "pass", "quotes": [quote]}]}
    (tmp_path / "v.json").write_text(json.dumps(verdict))
    rc, out, _ = rg("record", "tone", "notes/x.md", "--verdict", str(tmp_path / "v.json"))
    assert (rc == 0) == shown, out
    if not shown:
        assert "does not surely print it (no reader reads it)" in out, out


@pytest.mark.parametrize(
    ("files", "layout"),
    [
        # the review of round 61's fix: layouts that print the page whole, in ways the
        # gate does not read surely (a filter it does not know, a name given the body, a
        # block of a layout that extends another): the quote is not refused for them
        ({"_layouts/post.html": "<main>{{ content | toc }}</main>\n"}, "post"),
        ({"_layouts/post.html": "{% assign c = content %}<main>{{ c }}</main>\n"}, "post"),
        ({"_layouts/post.html": "{% capture c %}{{ content }}{% endcapture %}{{ c }}\n"}, "post"),
        ({"_layouts/post.html": "{% if true %}{{ content }}{% else %}x{% endif %}\n"}, "post"),
        (
            {"_layouts/post.html": '{{ content | replace: "<img", "<img alt=\'| first\'" }}\n'},
            "post",
        ),
        # round 71: a name an include gives (chirpy's lang.html) is no nil
        (
            {
                "_includes/setup.html": "{% assign show_body = true %}\n",
                "_layouts/post.html": "{% include setup.html %}{% if show_body %}{{ content }}"
                "{% endif %}\n",
            },
            "post",
        ),
        # round 69: Liquid has no `{# #}` comment (a minified style's `{#sidebar{...}}`)
        (
            {
                "_layouts/post.html": "<style>@media (max-width:600px){#sidebar{display:none}}"
                "</style>{{ content }}\n"
            },
            "post",
        ),
        ({"_layouts/post.html": "{% for i in (1..1) %}{{ content }}{% endfor %}\n"}, "post"),
        ({"_layouts/post.html": "{% case 2 %}{% when 2 %}{{ content }}{% endcase %}\n"}, "post"),
        (
            {
                "_includes/layouts/base.njk": "<body>{% block content %}{% endblock %}</body>\n",
                "_includes/post.njk": '{% extends "layouts/base.njk" %}{% block content %}'
                "<article>{{ content | safe }}</article>{% endblock %}\n",
                "eleventy.config.js": "module.exports = () => {};\n",
            },
            "post.njk",
        ),
    ],
)
def test_a_layout_that_prints_the_page_in_a_way_not_read_keeps_its_quotes(
    content: Repo, rg: Run, tmp_path: Path, files: dict[str, str], layout: str
) -> None:
    py = json.dumps(sys.executable)
    for name, text in files.items():
        content.write(name, text)
    content.write("_posts/2024-02-01-x.md", f"---\ntitle: X\nlayout: {layout}\n---\n{POST}")
    content.write("tone.md", "calm\n")
    content.write(
        ".receipt-gate.yaml",
        'drafts: ["_posts/*.md"]\nrequired: [tone]\nchecks:\n'
        f"  tone: {{kind: model, command: [{py}, x.py], rubric: tone.md}}\n",
    )
    quote = "The beans were planted on the ninth of May this year."
    verdict = {"verdict": "pass", "criteria": [{"name": "c", "verdict": "pass", "quotes": [quote]}]}
    (tmp_path / "v.json").write_text(json.dumps(verdict))
    rc, out, _ = rg(
        "record", "tone", "_posts/2024-02-01-x.md", "--verdict", str(tmp_path / "v.json")
    )
    assert rc == 0, out
    assert rg("verify")[0] == 0


@pytest.mark.parametrize(
    "page",
    [
        # round 63: lines kramdown or Python-Markdown read as a link's definition (a blank
        # label, a bracket in one, a destination with spaces, a title to the last quote
        # or parenthesis), an end tag with more after its name, what a `{% break %}`
        # outside any loop and LiquidJS's `{% layout %}` leave unprinted
        f'Hello there.\n\n[ ]: http://x "{QUOTE}"\n',
        f'Hello there.\n\n[a[b]: http://x "{QUOTE}"\n',
        f"Hello there.\n\n[a]: {QUOTE}\n",
        f'Hello there.\n\n[a]: /u "x" {QUOTE}"\n',
        f"Hello there.\n\n[a]: /u (x) {QUOTE})\n",
        f"Hello </b {QUOTE}> there.\n",
        f"Hello there.\n\n{{% break %}}\n\n{QUOTE}.\n",
        f"Hello there. {{% continue %}}{QUOTE}.\n",
        f'Hello there.\n\n{{% layout "none.liquid" %}}\n\n{QUOTE}.\n',
        # round 82: struck out, a retraction a reader reads as one
        "Hello there. " + QUOTE.replace("did not run", "did ~~not~~ run") + ".\n",
        "Hello there. " + QUOTE.replace("did not run", "did <del>not</del> run") + ".\n",
        "Hello there. " + QUOTE.replace("three", "<s>three</s>") + ".\n",
        # round 86: GFM's and goldmark's single tildes strike out too
        "Hello there. " + QUOTE.replace("did not run", "did ~not~ run") + ".\n",
        # round 87: struck or slashed by combining overlays; painted over by another
        # element's outline or shadow
        "Hello there. " + "".join(c + "\u0336" for c in QUOTE) + ".\n",
        "Hello there. " + "".join(c + "\u0338" for c in QUOTE) + ".\n",
        f'Hello there.\n\n{QUOTE}.\n\n<span style="outline:100em solid white">x</span>\n',
        f'{QUOTE}. <span style="display:inline-block;box-shadow:0 0 0 100em #fff">x</span>\n',
        f'{QUOTE}.\n\n<p style="position:relative; top:-4em; background:white">Cover.</p>\n',
        # round 88: a box put over it, a border image's outset, a glyph taller than its
        # line, an SVG drawn past its box, a text stroke; struck across a soft line
        # break, or by an opening tag never closed
        f'<span style="position:absolute;width:100em;background:#fff"></span>\n\n{QUOTE}.\n',
        f'{QUOTE}. <span style="border-image:linear-gradient(#fff,#fff) 1 fill/0/50em">x</span>\n',
        f'{QUOTE}. <span style="font-size:80em;line-height:0;color:#fff">&#x2588;</span>\n',
        f'{QUOTE}. <svg width="1" height="1" overflow="visible"><rect width="3000"/></svg>\n',
        f'{QUOTE}. <span style="-webkit-text-stroke:20em #fff">x</span>\n',
        "~~" + QUOTE.replace(" did not run", "\ndid not run") + ".~~ It was withdrawn.\n",
        f"Hello there. <s>Retracted on review:\n\n{QUOTE}.\n",
        # round 89: three tildes, uneven tildes, a self-closing del
        f"Hello there. ~~~{QUOTE}.~~~\n",
        f"Hello there. ~~{QUOTE}.~~~\n",
        f"Hello there. <del/>{QUOTE}.\n",
        # (the review: a tag `<sub>` taken out of ends no strike)
        f"Hello there. <s>{QUOTE}</s<sub>>.\n",
        # (an attribute list on a block's last line styles it in Python-Markdown, with
        # one colon or two; on a line before it, in kramdown)
        f'Hello there.\n\n{QUOTE}.\n{{::options style="display:none" /}}\n',
        f'Hello there.\n\n{{: style="display:none"}}\n{QUOTE}.\n',
        f"Hello there.\n\n{{% if false %}}{QUOTE}.{{% endif %}}\n",
        # (round 90: strikes and tags past the readers' old bounds, a `<` in a value,
        # nested strikes)
        f'Hello there. <s title="<">{QUOTE}</s>.\n',
        f'Hello there. <del title="{"Retracted on review. " * 40}">{QUOTE}</del>.\n',
        f"Hello there. ~~{'the minutes were read aloud ' * 90}{QUOTE} then~~ after.\n",
        f"Hello there. ~{'the minutes were read aloud ' * 12}{QUOTE} then~ after.\n",
        f"Hello there. <s>a <s>b</s> {QUOTE}.</s>\n",
        f'Hello there. <span title="{"Kept for the record. " * 40}{QUOTE}.">Shown.</span>\n',
        f'Hello there. <img alt="{"A photo of the room. " * 40}{QUOTE}." src="/r.png">\n',
        f'Hello there. <a href="{"/archive/minutes" * 60}?n={QUOTE}.">Shown</a>\n',
        f"Hello there. <!x {'the minutes were read aloud ' * 80}{QUOTE}.> Shown.\n",
        f'Hello there. <span style="font-weight:bold;font-size:1px">{QUOTE}.</span>\n',
        f'Hello there. <span style="color:#fff">{QUOTE}.</span>\n',
        # (round 91: a strike a style draws, offsets and spacing that carry the text off
        # the screen, a background that may be the text's color, near no opacity, a
        # text shrunk by nesting)
        f'Hello there. <span style="text-decoration: line-through">{QUOTE}.</span>\n',
        f'Hello there. <span style="display:inline-block;margin-left:100000px">{QUOTE}.</span>\n',
        f'Hello there. <span style="vertical-align:-100000px">{QUOTE}.</span>\n',
        f'Hello there. <span style="letter-spacing:100000px">{QUOTE}.</span>\n',
        f'Hello there. <span style="background:#000">{QUOTE}.</span>\n',
        f'Hello there. <span style="opacity:0.004">{QUOTE}.</span>\n',
        f"Hello there. {'<small>' * 30}{QUOTE}.{'</small>' * 30}\n",
        # (round 92: kramdown's attribute list on a code span that opens its paragraph)
        f'Hello there.\n\n`{QUOTE}.`{{: style="display:none"}}\n',
        # (round 93: a symbol font, a size nesting may shrink, a huge glyph, a color)
        f'Hello there. <span style="font-family: Wingdings">{QUOTE}.</span>\n',
        f'Hello there. <span style="font-family: Georgia, MyWebFont">{QUOTE}.</span>\n',
        f'Hello there. <span style="font-size: 0.8em">{QUOTE}.</span>\n',
        f'Hello there. <span style="font-size: 5000px">{QUOTE}.</span>\n',
        f'Hello there. <span style="font-size: smaller">{QUOTE}.</span>\n',
        f'Hello there. <span style="color: black">{QUOTE}.</span>\n',
    ],
)
def test_a_quote_some_renderer_does_not_print_is_refused(page: str) -> None:
    from receipt_gate.reading.quotes import in_text

    assert not in_text(QUOTE, page, "drafts/x.md")
    assert in_text(QUOTE, f"Hello there.\n\n{QUOTE}.\n", "drafts/x.md")


def test_a_strike_in_an_html_page_strikes_on_an_indented_line() -> None:
    """The review of round 90: strike tags are read outside code, and an HTML page's
    indented line is no code (markdown's is)."""
    from receipt_gate.reading.quotes import in_text

    page = f"<p>Hello there.</p>\n\n    <del>{QUOTE}.</del>\n"
    assert not in_text(QUOTE, page, "drafts/x.html")
    assert in_text(QUOTE, page.replace("<del>", "<b>").replace("</del>", "</b>"), "drafts/x.html")
    long = f'<p>Hello there.</p>\n\n    <span title="{"Kept. " * 100}{QUOTE}.">Shown.</span>\n'
    assert not in_text(QUOTE, long, "drafts/x.html")  # (nor a tag read as text there)


@pytest.mark.parametrize(
    "page",
    [
        # round 64: a reference link's text, its definition read by every renderer as one;
        # a footnote where the renderer reads footnotes
        'The [beans][b] were planted on the ninth of May this year.\n\n[b]: https://x.org/ "B"\n',
        "We kept notes.[^1]\n\n[^1]: The beans were planted on the ninth of May this year.\n",
        # round 82: a footnote's marker before the sentence's full stop, drawn `year¹.`
        "The beans were planted on the ninth of May this year[^1].\n\n[^1]: Notes.\n",
        "The beans were ~~sown~~ planted on the ninth of May this year.\n",
        "The beans were ~sown~ planted on the ninth of May this year, ~3 weeks late.\n",
        # (round 89: a README's centred wrapper)
        '<div align="center">\n\nThe beans were planted on the ninth of May this year.\n\n</div>\n',
        # (the review: a code span naming an element strikes nothing; a block's padding
        # under a background paints only its own box)
        "Use the `<del>` element. The beans were planted on the ninth of May this year.\n",
        "The beans were planted on the ninth of May this year.\n\n"
        '<p style="padding:1em;background:#eee;box-shadow:0 4px 12px #ccc">A note.</p>\n',
        # (a style that paints no farther than its own box: a thin border, a color)
        "The beans were planted on the ninth of May this year.\n\n"
        '<span style="border:1px solid #ccc; padding:2px; color:rgb(200,0,0)">Note</span>\n',
        # (round 89 f04: kramdown's options extension prints nothing and styles nothing;
        # f05: Liquid prints what a raw block holds, as written)
        '{::options parse_block_html="true" /}\n'
        "The beans were planted on the ninth of May this year.\n",
        "Lead. {% raw %}The beans were planted on the ninth of May this year.{% endraw %}\n",
        # (round 90 f01: a style each of whose declarations surely shows the text)
        '<span style="font-weight:bold">The beans were planted on the ninth of May this'
        " year.</span>\n",
        # (round 91: styles that paint nothing past their box)
        'NASA, <span style="font-variant-caps: all-small-caps">NASA</span>.\n\n'
        "The beans were planted on the ninth of May this year.\n",
        'The <span style="text-decoration: underline; text-underline-position: under">glossary'
        "</span>.\n\nThe beans were planted on the ninth of May this year.\n",
        '<span style="font-variant-ligatures: none">ffind</span>.\n\n'
        "The beans were planted on the ninth of May this year.\n",
        # (round 93 f01: a text face, a reader's size; f02: kramdown's typography)
        '<span style="font-family: Georgia, serif">The beans were planted on the ninth of'
        " May this year.</span>\n",
        '<span style="font-size: 1.2em">The beans were planted on the ninth of May this'
        " year.</span>\n",
        '<span style="font-size:14px">The beans were planted on the ninth of May this'
        " year.</span>\n",
    ],
)
def test_a_quote_every_renderer_prints_counts(page: str) -> None:
    from receipt_gate.reading.quotes import in_text

    assert in_text("The beans were planted on the ninth of May this year", page, "drafts/x.md")


def test_a_quote_of_kramdown_s_typography_counts() -> None:
    """Round 93 f02: kramdown prints `3--4` as an en dash and `---` as an em dash; a model
    quotes the page as printed."""
    from receipt_gate.reading.quotes import in_text

    page = "The board's vote covered pages 3--4 of the plan --- approved today.\n"
    quote = "The board\u2019s vote covered pages 3\u20134 of the plan \u2014 approved"
    assert in_text(quote, page, "_posts/2024-01-01-x.md")
    assert not in_text(quote.replace("3\u20134", "3\u20135"), page, "_posts/2024-01-01-x.md")


@pytest.mark.parametrize(
    ("page", "quote"),
    [
        # (round 96 f01-f04: an escaped character shows as itself; f03: an escaped `<`
        # opens no tag, and what follows it is seen)
        ("Set max\\_retries in every config we ship.\n", "Set max_retries in every config"),
        ("Use 2\\*3 in every formula we wrote down.\n", "Use 2*3 in every formula we"),
        ("Wrap it in the \\<div\\> tag on every page.\n", "Wrap it in the <div> tag on every"),
        ("The build takes \\~5 minutes in every group.\n", "The build takes ~5 minutes in every"),
        # (f05: a browser draws quotation marks around a <q>'s text; the source has none)
        (
            "The nurse said <q>it works</q> in every group we tested.\n",
            "The nurse said \u201cit works\u201d in every group",
        ),
        (
            "The nurse said <q>it works</q> in every group we tested.\n",
            "The nurse said it works in every group",
        ),
        # (round 97 f01-f03: an escaped `<` opens no comment and no strike; f06: a nested
        # <q>'s single marks)
        ("Text \\<!-- the words in every line sit here --> end.\n", "the words in every line"),
        ("Visible \\<s>the words in every line sit here\\</s> end.\n", "the words in every line"),
        ("Visible \\<del>the words in every line</del> end.\n", "the words in every line"),
        (
            "She said <q>we <q>never</q> give up on every word</q> today.\n",
            "She said \u201cwe \u2018never\u2019 give up on every word\u201d today",
        ),
    ],
)
def test_a_quote_of_what_an_escape_or_a_q_shows_counts(page: str, quote: str) -> None:
    from receipt_gate.reading.quotes import in_text

    assert in_text(quote, page, "drafts/x.md")
    assert not in_text(quote.replace("every", "each"), page, "drafts/x.md")


def test_an_escaped_tag_hides_nothing_after_it() -> None:
    """An escaped `<` was read as a tag that never closes: nothing after it was a
    paragraph a quote could stand in (refused: the safe side, but honest quotes too)."""
    from receipt_gate.reading.quotes import in_text

    page = "Wrap it in \\<div\\>.\n\nThe trial showed the vaccine works well.\n"
    assert in_text("The trial showed the vaccine works well", page, "drafts/x.md")
    hidden = "Wrap it in <div hidden>.\n\nThe trial showed the vaccine works well.\n"
    assert not in_text("The trial showed the vaccine works well", hidden, "drafts/x.md")
    for struck in (
        "<s>The trial showed the vaccine works well</s>",
        "<!-- The trial showed the vaccine works well -->",
        "\\\\<s>The trial showed the vaccine works well</s>",  # (an escaped backslash)
        # (round 98 q01, q02: an HTML block reads no escape; a comment it leaves open
        # runs over blank lines to the next `-->`)
        "<div>\\<!--</div>\n\nThe trial showed the vaccine works well.\n\n<div>--></div>",
        "<div><!--</div>\n\nThe trial showed the vaccine works well.\n\n<div>--></div>",
        "<div>\\<s></div>\n\nThe trial showed the vaccine works well.",
    ):
        assert not in_text("The trial showed the vaccine works well", struck + "\n", "d/x.md")


def test_an_html_page_is_a_source_and_a_tools_folder_none() -> None:
    """Round 91: a browser shows an HTML page's text (f09); `.github/workflows/ci.yml`
    is a script, whatever its strings say (q10)."""
    from receipt_gate.reading.quotes import in_source

    quote = "The trial showed the vaccine works."
    assert in_source(quote, f"<p>{quote}</p>\n", "sources/trial.html") is True
    assert in_source(quote, f"<p><del>{quote}</del></p>\n", "sources/trial.html") is False
    workflow = f'jobs:\n  a:\n    steps:\n      - run: echo "{quote}"\n'
    assert in_source(quote, workflow, ".github/workflows/ci.yml") is None
    assert in_source(quote, f'claim: "{quote}"\n', "sources/claims.yml") is True
    page = f"<!doctype html>\n<html><head><title>T</title></head>\n<body>\n<p>{quote}</p>\n"
    assert in_source(quote, page + "</body></html>\n", "sources/trial.html") is True
    assert in_source(quote, page.replace("<body>", "<body hidden>"), "sources/t.html") is False


@pytest.mark.parametrize(
    ("path", "text"),
    [
        # (round 91: Org's italics and links, reStructuredText's literals and links)
        ("sources/a.org", "The trial showed the /vaccine/ works.\n"),
        ("sources/a.org", "The trial showed the [[https://x.org][vaccine]] works.\n"),
        ("sources/a.rst", "The trial showed the ``vaccine`` works.\n"),
        ("sources/a.rst", "The trial showed the `vaccine <https://x.org>`_ works.\n"),
        # (round 92: quote blocks, a caption)
        ("sources/a.org", "#+BEGIN_QUOTE\nThe trial showed the vaccine works.\n#+END_QUOTE\n"),
        ("sources/a.org", "#+CAPTION: A chart\nThe trial showed the vaccine works.\n"),
        ("sources/a.adoc", "[quote, Ann]\n____\nThe trial showed the vaccine works.\n____\n"),
    ],
)
def test_a_plain_markups_inline_marks_are_read_as_shown(path: str, text: str) -> None:
    from receipt_gate.reading.quotes import in_source

    assert in_source("The trial showed the vaccine works.", text, path) is True
    assert (
        in_source("The trial showed the vaccine works.", text.replace("the", "no"), path) is False
    )


def test_a_data_sources_header_is_no_source() -> None:
    """Round 88 q14: a CSV's header row names its columns: keys, never a source."""
    from receipt_gate.reading.quotes import in_source

    quote = "The trial showed the vaccine works."
    assert in_source(quote, f"{quote},count\n1,2\n", "sources/trial.csv") is False
    assert in_source(quote, f"claim,count\n{quote},2\n", "sources/trial.csv") is True


@pytest.mark.parametrize(
    ("path", "page"),
    [
        # round 88: what a plain markup hides, strikes or fences, which the gate does not
        # read there: the page holds no quote
        ("posts/q.org", "Intro.\n\n#+BEGIN_COMMENT\n{q}\n#+END_COMMENT\n"),
        ("posts/q.org", "Intro.\n\n+{q}+\n"),
        ("posts/q.org", "Intro.\n\n#+HTML: <!--\n{q}\n#+HTML: -->\n"),
        ("posts/q.org", "Intro.\n\n[fn:1] {q}\n"),
        ("sources/q.rst", "Intro.\n\n.. container:: hidden\n\n   {q}\n"),
        ("sources/q.rst", "Intro.\n\n.. code-block:: text\n\n   {q}\n"),
        ("sources/q.adoc", "Intro.\n\n[.line-through]#{q}#\n"),
        ("sources/q.adoc", "Intro.\n\n----\n{q}\n----\n"),
    ],
)
def test_a_plain_markups_unread_constructs_hold_no_quote(path: str, page: str) -> None:
    from receipt_gate.reading.quotes import in_text

    quote = "The trial showed the vaccine works."
    assert not in_text(quote, page.replace("{q}", quote), path)
    assert in_text(quote, f"Intro.\n\n{quote}\n", path)


def test_a_raised_letter_is_read_in_its_word_and_an_admonition_hides_nothing() -> None:
    """Round 89: `H<sub>2</sub>O` is drawn "H2O"; a reStructuredText note beside a
    paragraph hides nothing of it (round 88's rule had refused every directive)."""
    from receipt_gate.reading.quotes import in_text

    said = "Water is H2O and the room is 40 m2 wide."
    assert in_text(said, "Water is H<sub>2</sub>O and the room is 40 m<sup>2</sup> wide.\n")
    page = ".. note:: Results are preliminary.\n\nThe trial showed the vaccine works.\n"
    assert in_text("The trial showed the vaccine works.", page, "sources/t.rst")
    gated = "Intro.\n\nifeval::[1 == 2]\nThe trial showed the vaccine works.\nendif::[]\n"
    assert not in_text("The trial showed the vaccine works.", gated, "sources/t.adoc")
