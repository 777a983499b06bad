from __future__ import annotations

import subprocess
import sys

import pytest

from tests.conftest import GOOD_DRAFT, Repo, Run

F = ".receipt-gate.yaml"
KNOWN = "ai-tells, grader, headline-numbers, hook-length, registered-terms"


@pytest.mark.parametrize(
    ("config", "message"),
    [
        pytest.param(
            "draft: [a]\n",
            f"{F}: draft: unknown key (expected one of: drafts, run_dir,"
            " required, required_from, checks, states, gate_from, signing, stage_receipts,"
            " draft_markers, baseline, title_fields)",
            id="unknown-top-key",
        ),
        pytest.param(
            "drafts: drafts/*.md\n",
            f"{F}: drafts: expected a list of strings, got a string",
            id="drafts-not-a-list",
        ),
        pytest.param(
            "drafts: [1]\n",
            f"{F}: drafts[0]: expected a non-empty string, got an integer",
            id="drafts-item-type",
        ),
        pytest.param(
            "required: [ai-tells, spellcheck]\n",
            f"{F}: required[1]: unknown check 'spellcheck' (known: {KNOWN})",
            id="unknown-required-check",
        ),
        pytest.param(
            "checks: {spell: {}}\n",
            f"{F}: checks.spell: unknown check (known: {KNOWN}; declare your own with"
            " command: or kind: model)",
            id="unknown-check-settings",
        ),
        pytest.param(
            "checks: {hook-length: {max_char: 3}}\n",
            f"{F}: checks.hook-length.max_char:"
            " unknown key (expected one of: max_chars, max_lines, suppressions)",
            id="unknown-check-key",
        ),
        pytest.param(
            "checks: {hook-length: {max_chars: many}}\n",
            f"{F}: checks.hook-length.max_chars: expected a positive integer, got 'many'",
            id="wrong-check-type",
        ),
        pytest.param(
            "checks: {ai-tells: {patterns: ['(unclosed']}}\n",
            f"{F}: checks.ai-tells.patterns[0]: does not compile: missing ) at position 9",
            id="pattern-does-not-compile",
        ),
        pytest.param("- drafts\n", f"{F}: the top level must be a mapping, got a list", id="list"),
        pytest.param(
            "drafts: [a\n",
            f"{F}: not valid YAML (line 2, column 1): did not find expected ',' or ']'",
            id="bad-yaml",
        ),
        pytest.param(
            "run_dir: ../elsewhere\n",
            f"{F}: run_dir: must be a folder inside the repository, got '../elsewhere'",
            id="run-dir-outside",
        ),
        pytest.param(  # round 37: exit 3 from every command, a NUL in a path to git
            'run_dir: "a\\0b"\n',
            f"{F}: run_dir: must not hold a control character (a NUL names no folder)",
            id="run-dir-a-nul",
        ),
        pytest.param(  # round 83: exit 3 where a glob or a path of a check held one
            'drafts: ["drafts/**/*.md", "drafts/\\0"]\n',
            f"{F}: drafts[1]: must not hold a NUL",
            id="drafts-a-nul",
        ),
        pytest.param(
            'required: [registered-terms]\nchecks:\n  registered-terms: {registry: "c\\0.yaml"}\n',
            f"{F}: checks.registered-terms.registry: must not hold a NUL",
            id="a-path-a-nul",
        ),
        pytest.param(
            'checks:\n  headline-numbers: {articles: ["po\\0sts"]}\n',
            f"{F}: checks.headline-numbers.articles[0]: must not hold a NUL",
            id="a-glob-a-nul",
        ),
        pytest.param(  # round 35: a run folder hides its files from what is read as the site
            "run_dir: config\n",
            f"{F}: run_dir: 'config' is (or is in) a folder site generators read or publish"
            " from; receipts need a folder of their own (.receipts)",
            id="run-dir-a-generators-folder",
        ),
        pytest.param(
            "run_dir: site/content/receipts\n",
            f"{F}: run_dir: 'site/content/receipts' is (or is in) a folder site generators"
            " read or publish from; receipts need a folder of their own (.receipts)",
            id="run-dir-in-a-generators-folder",
        ),
        pytest.param(
            "gate_from: published\n",
            f"{F}: gate_from: 'published' is not one of states",
            id="gate-from-unknown",
        ),
        pytest.param(
            "required: [ai-tells, ai-tells]\n",
            f"{F}: required[1]: 'ai-tells' is listed twice",
            id="duplicate-required",
        ),
        pytest.param(
            "signing: {key_env: HOME}\n",
            f"{F}: signing.key_env: unknown key (expected one of: public_keys); the private"
            " key is the signer's, never the tree's: $RECEIPT_GATE_SIGNING_KEY or --key-file",
            id="signing-key",
        ),
    ],
)
def test_bad_config_exits_2_naming_the_key(repo: Repo, rg: Run, config: str, message: str) -> None:
    repo.write(F, config)
    repo.write("drafts/a.md", GOOD_DRAFT)
    rc, out, err = rg("run")
    assert (rc, out, err) == (2, "", f"receipt-gate: {message}\n")
    assert not (repo.path / ".receipts").exists()


def test_missing_config(repo: Repo, rg: Run) -> None:
    assert rg("verify") == (
        2,
        "",
        f"receipt-gate: {F}: not found (receipt-gate init writes a starter)\n",
    )


def test_not_a_repository(tmp_path: object, rg: Run, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(str(tmp_path))
    assert rg("verify") == (2, "", f"receipt-gate: {tmp_path}: not inside a git repository\n")


def test_bad_config_no_traceback_from_the_console_script(repo: Repo) -> None:
    repo.write(F, "checks: [1, 2]\n")
    proc = subprocess.run(
        [sys.executable, "-m", "receipt_gate", "verify"],
        capture_output=True,
        text=True,
        cwd=repo.path,
    )
    assert proc.returncode == 2
    assert proc.stderr == f"receipt-gate: {F}: checks: expected a mapping, got a list\n"
    assert "Traceback" not in proc.stderr + proc.stdout
