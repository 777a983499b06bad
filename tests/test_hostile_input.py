"""Bad input: a one-line message and exit 2 (or a refusal, exit 1), never a traceback,
never a pass, never a changed draft."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.conftest import CONFIG, GOOD_DRAFT, Repo

AT = ".receipts/drafts/intro.md/ai-tells.json"
Setup = Callable[[Repo], None]


def receipt_edit(change: Callable[[dict[str, object]], object]) -> Setup:
    def setup(repo: Repo) -> None:
        doc = json.loads(repo.read(AT))
        change(doc)
        repo.write(AT, json.dumps(doc))

    return setup


def write(rel: str, data: str | bytes) -> Setup:
    def setup(repo: Repo) -> None:
        repo.write(rel, data)

    return setup


def both(*setups: Setup) -> Setup:
    def setup(repo: Repo) -> None:
        for s in setups:
            s(repo)

    return setup


def symlink(rel: str, target: str) -> Setup:
    def setup(repo: Repo) -> None:
        p = repo.path / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        if p.exists() or p.is_symlink():
            p.unlink()
        p.symlink_to(target)

    return setup


def committed(setup: Setup) -> Setup:
    def then_commit(repo: Repo) -> None:
        setup(repo)
        repo.git("add", "-A")
        repo.git("commit", "-qm", "setup", "--no-verify")

    return then_commit


def fifo(rel: str) -> Setup:
    def setup(repo: Repo) -> None:
        (repo.path / rel).unlink()
        os.mkfifo(repo.path / rel)

    return setup


def huge_receipt(repo: Repo) -> None:
    with open(repo.path / AT, "wb") as f:
        f.write(b'{"check": "' + b"x" * (100 * 1024 * 1024) + b'"}')


def run_dir_is_a_file(repo: Repo) -> None:
    import shutil

    shutil.rmtree(repo.path / ".receipts")
    repo.write(".receipts", "not a folder\n")


def grader(script: str, timeout: int = 2) -> Setup:
    def setup(repo: Repo) -> None:
        repo.write("g.py", script)
        repo.write(
            ".receipt-gate.yaml",
            f"required: [grader]\nchecks:\n  grader: {{command:"
            f" [{json.dumps(sys.executable)}, g.py], timeout_s: {timeout}}}\n",
        )

    return setup


def deep_findings(repo: Repo) -> None:
    doc = json.loads(repo.read(AT))
    text = json.dumps(doc).replace('"findings": []', '"findings": ' + "[" * 100_000 + "]" * 100_000)
    repo.write(AT, text)


def receipt_text(transform: Callable[[str], str]) -> Setup:
    def setup(repo: Repo) -> None:
        text = repo.read(AT)
        changed = transform(text)
        assert changed != text, "the edit did not apply to this receipt"
        repo.write(AT, changed)

    return setup


def receipt_is_a_folder(repo: Repo) -> None:
    (repo.path / AT).unlink()
    (repo.path / AT).mkdir()


def receipts_symlinked_out(repo: Repo) -> None:
    import shutil

    outside = repo.path.parent / "elsewhere"
    outside.mkdir()
    shutil.rmtree(repo.path / ".receipts" / "drafts")
    (repo.path / ".receipts" / "drafts").symlink_to(outside)


def graded(criteria: object) -> Setup:
    """A grader receipt for drafts/intro.md whose criteria are `criteria`."""

    def setup(repo: Repo) -> None:
        doc = json.loads(repo.read(AT))
        doc.update(check="grader", criteria=criteria)
        repo.write(".receipts/drafts/intro.md/grader.json", json.dumps(doc))
        repo.write(".receipt-gate.yaml", CONFIG.replace("hook-length]", "hook-length, grader]"))

    return setup


def tree_id_on_stdin(repo: Repo) -> None:
    repo.write(
        "push.txt",
        "refs/heads/main "
        + repo.git("rev-parse", "HEAD^{tree}").stdout.strip()
        + " refs/heads/main "
        + "0" * 40
        + "\n",
    )


CASES = [
    # (id, setup, argv, exit code, what the one line must say)
    (
        "truncated-receipt",
        write(AT, '{"check": "ai-tells", "dra'),
        ["verify"],
        1,
        f"{AT}: unreadable (not valid JSON",
    ),
    ("receipt-not-json", write(AT, "all checks pass\n"), ["verify"], 1, f"{AT}: unreadable"),
    (
        "receipt-wrong-type",
        receipt_edit(lambda d: d.update(findings="none")),
        ["verify"],
        1,
        f"{AT}: unreadable (field 'findings' is not a list)",
    ),
    (
        "receipt-bad-hash",
        receipt_edit(lambda d: d.update(draft_sha256="abc")),
        ["verify"],
        1,
        f"{AT}: unreadable (field 'draft_sha256' is not 64 lowercase hex digits)",
    ),
    (
        "receipt-verdict-maybe",
        receipt_edit(lambda d: d.update(verdict="maybe")),
        ["verify"],
        1,
        f"{AT}: unreadable (field 'verdict' is 'maybe'",
    ),
    ("receipt-100-mb", huge_receipt, ["verify"], 1, f"{AT}: unreadable (larger than"),
    (
        "receipt-is-a-symlink",
        symlink(AT, "/etc/hostname"),
        ["verify"],
        1,
        f"{AT}: unreadable (is a symlink",
    ),
    (
        "receipt-of-another-check",
        receipt_edit(lambda d: d.update(check="hook-length")),
        ["verify"],
        1,
        "counts as missing",
    ),
    (
        "non-utf8-draft",
        write("drafts/intro.md", b"caf\xe9\n"),
        ["run"],
        2,
        "drafts/intro.md: not UTF-8 (byte 0xe9 at offset 3)",
    ),
    (
        "binary-draft",
        write("drafts/intro.md", b"\x89PNG\r\n\x1a\n\0\0"),
        ["run"],
        2,
        "drafts/intro.md: not a text draft (contains NUL bytes)",
    ),
    (
        "non-utf8-draft-verify",
        write("drafts/intro.md", b"\xff\n"),
        ["verify"],
        2,
        "drafts/intro.md: not UTF-8",
    ),
    (
        "empty-draft",
        write("drafts/intro.md", ""),
        ["run"],
        0,
        "1 draft checked in the working tree, 0 failed",
    ),
    (
        "draft-symlink-out-of-repo",
        symlink("drafts/intro.md", "/etc/hostname"),
        ["run"],
        2,
        "drafts/intro.md: is a symlink",
    ),
    (
        "draft-folder-symlinked-out",
        lambda r: None,
        ["run", "notes/ext/x.md"],
        2,
        "notes/ext/x.md: outside the repository",
    ),
    (
        "folder-symlink-where-drafts-are-gated",
        symlink("drafts/more", "../notes/ext"),
        ["verify"],
        2,
        "drafts/more: a symlink where drafts are gated: the gate cannot see",
    ),
    (
        "folder-symlink-where-drafts-are-gated-ci",
        committed(symlink("drafts/more", "../notes/ext")),
        ["verify", "--rev", "HEAD"],
        2,
        "drafts/more: a symlink where drafts are gated",
    ),
    (
        "draft-path-dotdot",
        lambda r: None,
        ["check", "ai-tells", "../../etc/passwd"],
        2,
        "../../etc/passwd: outside the repository",
    ),
    (
        "draft-that-is-a-fifo",
        fifo("drafts/intro.md"),
        ["verify"],
        2,
        "drafts/intro.md: is not a regular file",
    ),
    (
        "run-dir-is-a-file",
        run_dir_is_a_file,
        ["run"],
        2,
        f"{AT}: cannot create its folder: a file is in the way",
    ),
    (
        "config-is-a-list",
        write(".receipt-gate.yaml", "- drafts\n"),
        ["verify"],
        2,
        ".receipt-gate.yaml: the top level must be a mapping, got a list",
    ),
    (
        "config-bad-regex",
        write(".receipt-gate.yaml", CONFIG + "checks: {ai-tells: {patterns: ['[unclosed']}}\n"),
        ["run"],
        2,
        ".receipt-gate.yaml: checks.ai-tells.patterns[0]: does not compile",
    ),
    (
        "config-catastrophic-pattern",
        both(
            write(".receipt-gate.yaml", CONFIG + "checks: {ai-tells: {patterns: ['(a|aa)+$']}}\n"),
            write("drafts/intro.md", GOOD_DRAFT + "a" * 40 + "!\n"),
        ),
        ["run"],
        2,
        "took over 2s on a draft (catastrophic backtracking?)",
    ),
    (
        "config-not-yaml",
        write(".receipt-gate.yaml", "drafts: [\n"),
        ["verify"],
        2,
        ".receipt-gate.yaml: not valid YAML",
    ),
    (
        "config-unknown-key",
        write(".receipt-gate.yaml", "draft: []\n"),
        ["run"],
        2,
        ".receipt-gate.yaml: draft: unknown key",
    ),
    (
        "config-is-a-symlink",
        symlink(".receipt-gate.yaml", "/etc/hostname"),
        ["verify"],
        2,
        ".receipt-gate.yaml: is a symlink",
    ),
    (
        "missing-corpus-folder",
        write(".receipt-gate.yaml", "required: [headline-numbers]\n"),
        ["run"],
        2,
        "checks.headline-numbers.articles: ['posts/**/*.md'] match no file",
    ),
    (
        "bad-claims-registry",
        both(
            write(".receipt-gate.yaml", "required: [registered-terms]\n"),
            write("claims.yaml", "claims: 3\n"),
        ),
        ["run"],
        2,
        "claims.yaml: claims: expected a list",
    ),
    (
        "grader-prints-50-mb",
        grader("import sys\nsys.stdout.write('x' * (50 * 1024 * 1024))\n"),
        ["grade", "drafts/intro.md"],
        2,
        "printed 52428800 bytes, over the",
    ),
    (
        "grader-never-exits",
        grader("import time\nwhile True:\n    time.sleep(1)\n", 1),
        ["grade", "drafts/intro.md"],
        2,
        "did not finish within timeout_s 1; killed",
    ),
    (
        "verdict-file-missing",
        grader("print(1)\n"),
        ["record", "grader", "drafts/intro.md", "--verdict", "nope.json"],
        2,
        "nope.json: cannot read: No such file or directory",
    ),
    (
        "rev-that-is-not-a-commit",
        lambda r: None,
        ["verify", "--rev", "no-such-rev"],
        2,
        "--rev no-such-rev: not a commit in",
    ),
    (
        "unknown-status",
        write("drafts/intro.md", GOOD_DRAFT.replace("ready", "redy")),
        ["verify"],
        2,
        "drafts/intro.md:3: status 'redy' is not one of the states",
    ),
    # Shapes nobody expected, in files the tool reads.
    (
        "findings-nested-100000-deep",
        deep_findings,
        ["verify"],
        1,
        f"{AT}: unreadable (not valid JSON (nested too deeply))",
    ),
    ("findings-nested-status", deep_findings, ["status"], 1, "missing"),
    ("findings-nested-run-repairs", deep_findings, ["run"], 0, "1 receipt written, 1 unchanged"),
    (
        "grader-quotes-a-number",
        graded([{"name": "c", "verdict": "pass", "quotes": 5}]),
        ["verify"],
        1,
        "unreadable (a criterion's quotes are not a list of strings)",
    ),
    (
        "grader-quotes-null",
        graded([{"name": "c", "verdict": "pass", "quotes": None}]),
        ["verify"],
        1,
        "unreadable (a criterion's quotes are not a list of strings)",
    ),
    (
        "finding-line-abc-as-sarif",
        receipt_edit(
            lambda d: d.update(verdict="fail", findings=[{"line": "abc", "col": 1, "message": "m"}])
        ),
        ["verify", "--format", "sarif"],
        1,
        "a finding's line or col is not a positive integer",
    ),
    (
        "lone-surrogate-in-a-receipt",
        receipt_text(lambda t: t.replace('"tool":"', '"tool":"\\ud800')),
        ["verify"],
        1,
        "holds a lone surrogate",
    ),
    (
        "grader-prints-a-lone-surrogate",
        grader(
            "import json, sys\nsys.stdin.read()\nprint(json.dumps({'verdict': 'pass', 'criteria':"
            " [{'name': 'c\\ud800', 'verdict': 'pass', 'quotes': ['x' * 30]}]}))\n"
        ),
        ["grade", "drafts/intro.md"],
        2,
        "holds a lone surrogate",
    ),
    (
        "grader-prints-json-100000-deep",
        grader("import sys\nsys.stdin.read()\nprint('[' * 100000 + ']' * 100000)\n"),
        ["grade", "drafts/intro.md"],
        2,
        "not JSON (nested too deeply)",
    ),
    (
        "config-cache-of-the-wrong-type",
        lambda r: [
            p.write_text('{"drafts": 5}')
            for p in (r.path / ".git" / "receipt-gate").glob("config-*.json")
        ],
        ["verify"],
        0,
        "every receipt fresh and passing",
    ),
    # File-system faults.
    (
        "receipt-path-is-a-folder-verify",
        receipt_is_a_folder,
        ["verify"],
        1,
        f"{AT}: unreadable (is not a regular file)",
    ),
    (
        "receipt-path-is-a-folder-run",
        both(receipt_is_a_folder, write("drafts/intro.md", GOOD_DRAFT + "More.\n")),
        ["run"],
        2,
        f"{AT}: cannot write: it is a folder",
    ),
    # Escapes.
    (
        "receipt-folder-symlinked-out",
        receipts_symlinked_out,
        ["run"],
        2,
        ".receipts/drafts is a symlink; receipt-gate writes only inside the repository",
    ),
    # Arguments.
    (
        "rev-empty",
        lambda r: None,
        ["verify", "--rev", ""],
        2,
        "--rev: an empty revision names no commit",
    ),
    (
        "rev-reflog-out-of-range",
        lambda r: None,
        ["verify", "--rev", "HEAD@{99}"],
        2,
        "--rev HEAD@{99}: not a commit in",
    ),
    (
        "policy-from-empty",
        lambda r: None,
        ["verify", "--rev", "HEAD", "--policy-from", ""],
        2,
        "--policy-from: an empty revision names no commit",
    ),
    (
        "tree-id-on-pre-push-stdin",
        tree_id_on_stdin,
        ["pre-push", "origin", "url", "<push.txt"],
        2,
        "pre-push: refs/heads/main ",
    ),
    # Wrong verdicts and exits.
    (
        "grade-fail-verdict",
        grader(
            "import json, sys\ntext = sys.stdin.read()\nline = text.split('\\n')[6]\n"
            "print(json.dumps({'verdict': 'fail', 'criteria': [{'name': 'c', 'verdict': 'fail',"
            " 'quotes': [line]}]}))\n"
        ),
        ["grade", "drafts/intro.md"],
        1,
        "grader: verdict fail",
    ),
]


@pytest.mark.parametrize(
    ("setup", "argv", "code", "message"), [pytest.param(*c[1:], id=c[0]) for c in CASES]
)
def test_bad_input(
    content: Repo, tmp_path: Path, setup: Setup, argv: list[str], code: int, message: str
) -> None:
    (tmp_path / "outside").mkdir()
    (tmp_path / "outside" / "x.md").write_text("outside\n")
    (content.path / "notes").mkdir()
    (content.path / "notes" / "ext").symlink_to(tmp_path / "outside")
    subprocess.run(
        [sys.executable, "-m", "receipt_gate", "run"],
        cwd=content.path,
        check=True,
        capture_output=True,
    )
    content.git("add", "-A")
    content.git("commit", "-qm", "start", "--no-verify")
    setup(content)
    before = snapshot(content.path)
    stdin: object = subprocess.DEVNULL
    if argv[-1].startswith("<"):
        stdin = open(content.path / argv.pop()[1:])  # noqa: SIM115
    outside = snapshot(tmp_path / "outside")
    proc = subprocess.run(
        [sys.executable, "-m", "receipt_gate", *argv],
        cwd=content.path,
        capture_output=True,
        text=True,
        timeout=60,
        stdin=stdin,
    )
    assert snapshot(tmp_path / "outside") == outside  # nothing written outside
    said = proc.stdout + proc.stderr
    assert "Traceback" not in said
    assert proc.returncode == code, said
    assert message in said
    assert len([line for line in said.splitlines() if message in line]) == 1
    after = snapshot(content.path)
    changed = {p for p in set(before) | set(after) if before.get(p) != after.get(p)}
    assert {p for p in changed if not p.startswith(".receipts/")} == set()
    if code == 2 and argv[0] == "run":
        assert changed == set()  # refused whole: nothing half done


def snapshot(root: Path) -> dict[str, str]:
    out = {}
    for dirpath, dirs, files in os.walk(root):
        dirs[:] = [d for d in dirs if d != ".git"]
        for name in files:
            p = Path(dirpath, name)
            rel = str(p.relative_to(root))
            if p.is_symlink() or not p.is_file():
                out[rel] = "special"
            else:
                with open(p, "rb") as f:
                    out[rel] = hashlib.sha256(f.read()).hexdigest()
    return out
