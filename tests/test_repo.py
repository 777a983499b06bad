"""The repository's own promises: README, hook definitions, types, lint, the demo."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
import yaml

from receipt_gate.rules.config import parse
from tests.conftest import ROOT

CHECKS = parse({}).specs  # the built-in checks

HOOKS = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text())


def test_readme_lists_every_hook_id() -> None:
    readme = (ROOT / "README.md").read_text()
    missing = [h["id"] for h in HOOKS if f"`{h['id']}`" not in readme]
    assert missing == []


def test_the_pair_at_commit_and_push_and_each_check_by_hand() -> None:
    for hook in HOOKS:
        if hook["id"] in CHECKS and CHECKS[hook["id"]].deterministic:
            assert hook["entry"] == f"receipt-gate check {hook['id']}"
        elif hook["id"] in CHECKS:
            assert hook["entry"] == f"receipt-gate grade --check {hook['id']} --gated-only"
        if hook["id"] in CHECKS:
            assert hook["stages"] == ["manual"]
    assert {h["id"] for h in HOOKS} >= set(CHECKS)
    gate = next(h for h in HOOKS if h["id"] == "receipt-gate")
    assert (gate["entry"], gate["stages"], gate["pass_filenames"], gate["require_serial"]) == (
        "receipt-gate pre-commit",
        ["pre-commit", "pre-merge-commit"],
        False,
        True,
    )
    push = next(h for h in HOOKS if h["id"] == "receipt-gate-push")
    assert (push["entry"], push["stages"]) == ("receipt-gate pre-push", ["pre-push"])


def test_mypy_strict() -> None:
    proc = subprocess.run([sys.executable, "-m", "mypy"], cwd=ROOT, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stdout


def test_ruff_clean() -> None:
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "ruff",
            "check",
            "gate",
            "hooks",
            "tests",
            "examples",
            "benchmarks",
            "action",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert proc.returncode == 0, proc.stdout


def test_ruff_formatted() -> None:
    """DESIGN.md: code is formatted with `ruff format` (pyproject's line length)."""
    proc = subprocess.run(
        [sys.executable, "-m", "ruff", "format", "--check", "."],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert proc.returncode == 0, proc.stdout


def test_verify_path_imports_no_check_and_no_gitpython(tmp_path: object) -> None:
    # Nor what a commit hook need not pay for: subprocess (git runs through posix_spawn),
    # hashlib (OpenSSL, for a few small hashes), yaml (the config is kept parsed).
    code = (
        "import sys; from receipt_gate.cli import main; rc = main(['verify', '--staged']);"
        " bad = [m for m in sys.modules if m in ('git', 'subprocess', 'hashlib', 'yaml')"
        " or m.startswith(('receipt_gate_hooks', 'git.'))];"
        " print(bad)"
    )
    from tests.conftest import CONFIG, GOOD_DRAFT

    repo = os.fspath(tmp_path)
    subprocess.run(["git", "init", "-q", repo], check=True)
    with open(os.path.join(repo, ".receipt-gate.yaml"), "w") as f:
        f.write(CONFIG)
    os.makedirs(os.path.join(repo, "drafts"))
    with open(os.path.join(repo, "drafts", "a.md"), "w") as f:
        f.write(GOOD_DRAFT)
    subprocess.run(["git", "add", "-A"], cwd=repo, check=True)
    # The first run in a clone reads the installed checks' declarations (importing them)
    # and keeps them in the git dir; every run after reads them from there.
    first = subprocess.run([sys.executable, "-c", code], cwd=repo, capture_output=True, text=True)
    assert "receipt_gate_hooks" in first.stdout, first.stdout + first.stderr
    proc = subprocess.run([sys.executable, "-c", code], cwd=repo, capture_output=True, text=True)
    assert proc.stdout.splitlines()[-1] == "[]", proc.stdout + proc.stderr


def test_the_commit_of_a_plain_post_imports_no_yaml(tmp_path: object) -> None:
    """The commit hook reads a new post's front matter with YAML only where a value of it
    could be read apart by generators (20 ms of import on every commit otherwise)."""
    code = (
        "import sys; from receipt_gate.cli import main; rc = main(['pre-commit']);"
        " print(rc, 'yaml' in sys.modules)"
    )
    repo = os.fspath(tmp_path)
    subprocess.run(["git", "init", "-q", repo], check=True)
    files = {
        ".receipt-gate.yaml": 'drafts: ["posts/*.md"]\nrequired: [headline-numbers]\n'
        'checks: {headline-numbers: {articles: ["posts/*.md"]}}\n',
        "posts/a.md": "---\ntitle: A 76-hour week\ndate: 2026-01-01\n---\nIt took 76 hours.\n",
    }
    for name, text in files.items():
        os.makedirs(os.path.dirname(os.path.join(repo, name)) or repo, exist_ok=True)
        with open(os.path.join(repo, name), "w") as f:
            f.write(text)
    env = {**os.environ, "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.invalid"}
    env |= {"GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@example.invalid"}
    for post, text in [("a", None), ("b", "---\ntitle: B\ndraft: false\n---\nIt ran.\n")]:
        if text is not None:
            with open(os.path.join(repo, "posts", f"{post}.md"), "w") as f:
                f.write(text)
        subprocess.run(["git", "add", "-A"], cwd=repo, check=True)
        proc = subprocess.run(
            [sys.executable, "-c", code], cwd=repo, capture_output=True, text=True, env=env
        )
        subprocess.run(["git", "commit", "-qm", post, "--no-verify"], cwd=repo, env=env, check=True)
    assert proc.stdout.splitlines()[-1] == "0 False", proc.stdout + proc.stderr


@pytest.mark.e2e
def test_the_demo_runs(pre_commit_home: str) -> None:
    env = {**os.environ, "PRE_COMMIT_HOME": pre_commit_home}
    proc = subprocess.run(
        [sys.executable, str(ROOT / "examples" / "demo.py")],
        env=env,
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    out = proc.stdout
    assert "ai-tells.json: stale: the draft changed after" in out
    refused = out.index("a model's verdict is never bought at commit")
    assert "grader.json: stale: the draft changed after grader ran" in out[refused:]
    assert out.rstrip().splitlines()[-1].startswith("The scratch repository is still there")
    assert "every receipt fresh and passing in the commit" in out
    forged = out.index("copies the new hash into the old grader receipt")
    assert (
        "grader.json: unquoted: criterion 'structure' quotes 'The check"
        " that lies is rarely the one that was skipped.', which does not occur"
    ) in out[forged:]
    reply = out.index("it cites a number that lives only in one of our headlines")
    assert (
        'headline-numbers: 76 appears in the title "Nothing failed for twelve days while our'
        ' post schedule drifted 76 hours" (posts/schedule-drift.md)'
    ) in out[reply:]
    weaker = out.index("drops ai-tells from the rules in the same commit")
    assert "policy change: weakens: drops ai-tells from required" in out[weaker:]
    assert "ai-tells.json: fails under the rules in force at HEAD" in out[weaker:]
    pushed = out.index("the push hook still refuses")
    assert "receipt gate at push" in out[pushed:] and "Failed" in out[pushed:]
    assert "(write receipts)" not in out  # the single-check hooks are for running by hand
    rows = [line.split() for line in out.splitlines()]
    assert ["drafts/reply-drift.md", *["fresh"] * 5] in rows


def test_no_shell_and_only_safe_yaml() -> None:
    """No path or config value can reach a shell; YAML is only ever loaded safely."""
    import re

    for folder in ("gate", "hooks"):
        for path in sorted((ROOT / folder).glob("*.py")):
            text = path.read_text()
            assert not re.search(r"shell\s*=\s*True|os\.system|os\.popen", text), path
            for m in re.finditer(r"yaml\.(load|full_load|unsafe_load)\(([^)]*)\)", text):
                assert m.group(1) == "load" and "Loader=" in m.group(2), path
            assert "yaml.Loader" not in text and "UnsafeLoader" not in text, path


def test_the_docs_document_every_config_key() -> None:
    from receipt_gate.rules.config import _TOP_KEYS
    from receipt_gate.rules.markers import KEYS as _MARKER_KEYS

    readme = "".join(
        (ROOT / "docs" / page).read_text() for page in ("configuration.md", "checks.md")
    )
    keys = [
        *_TOP_KEYS,
        *_MARKER_KEYS,
        "public_keys",
        "at_commit",
        "phrases",
        "patterns",
        "max_chars",
        "max_lines",
        "articles",
        "registry",
        "pattern",
        "command",
        "timeout_s",
        "min_quote_chars",
    ]
    for name, spec in CHECKS.items():
        keys += list(spec.settings)
        assert f"`{name}`" in readme
    missing = sorted({k for k in keys if f"`{k}`" not in readme})
    assert missing == []


def test_the_repository_gates_its_own_examples() -> None:
    """.receipt-gate.yaml at the root gates examples/content; its receipts are committed."""
    proc = subprocess.run(
        [sys.executable, "-m", "receipt_gate", "verify"], cwd=ROOT, capture_output=True, text=True
    )
    assert proc.returncode == 0, (
        proc.stdout + proc.stderr + "\nA check's code changed, so the examples' receipts are"
        " stale: run `receipt-gate run && receipt-gate grade --gated-only` at the root and"
        " commit .receipts/"
    )
    assert "ok: 1 gated draft, 5 required checks each" in proc.stdout


def test_the_repositorys_own_hooks_are_the_published_ones() -> None:
    config = yaml.safe_load((ROOT / ".pre-commit-config.yaml").read_text())
    (local,) = config["repos"]
    assert local["repo"] == "local"
    ours = {h["id"]: h for h in local["hooks"]}
    keys = ("entry", "pass_filenames", "always_run", "require_serial", "types")
    for hook in HOOKS:
        mine = ours[hook["id"]]
        assert mine["language"] == "system"
        assert {k: mine.get(k) for k in keys} == {k: hook.get(k) for k in keys}, hook["id"]
        assert mine.get("stages", ["pre-commit"]) == hook["stages"]
