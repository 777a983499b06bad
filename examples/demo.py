"""The demo: a scratch content repo from examples/content, hooks installed by the real
pre-commit from this checkout, a commit accepted, one refused for a stale receipt, the fix,
a forged grader receipt whose quote is no longer in the draft, a reply refused for
citing a number that lives only in a headline, a commit that weakens the rules for its
own draft refused, and an unchecked commit refused at push.

Run it with `make demo`. It leaves the scratch repository behind and prints its path.
"""

from __future__ import annotations

import hashlib
import json
import os
import shlex
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

CHECKOUT = Path(__file__).resolve().parent.parent
CONTENT = CHECKOUT / "examples" / "content"
HOOK_REPO_FILES = ("pyproject.toml", "README.md", ".pre-commit-hooks.yaml", "gate", "hooks")
HOOKS = ("receipt-gate", "receipt-gate-push")
IDENTITY = {
    "GIT_AUTHOR_NAME": "receipt-gate demo",
    "GIT_AUTHOR_EMAIL": "demo@example.invalid",
    "GIT_COMMITTER_NAME": "receipt-gate demo",
    "GIT_COMMITTER_EMAIL": "demo@example.invalid",
}


def make_hook_repo(dest: Path, env: dict[str, str] | None = None) -> str:
    """Copy this checkout's package into a git repo at one commit (uncommitted edits too).

    pre-commit installs hooks from a repository at a revision; this way the demo and the
    tests install exactly the code in this working tree.
    """
    for name in HOOK_REPO_FILES:
        src = CHECKOUT / name
        if src.is_dir():
            shutil.copytree(src, dest / name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy2(src, dest / name)
    env = {**os.environ, **IDENTITY, **(env or {})}
    for cmd in (("init", "-q", "-b", "main"), ("add", "-A"), ("commit", "-q", "-m", "hooks")):
        subprocess.run(("git", *cmd), cwd=dest, env=env, check=True, capture_output=True)
    out = subprocess.run(
        ("git", "rev-parse", "HEAD"), cwd=dest, env=env, check=True, capture_output=True, text=True
    )
    return out.stdout.strip()


def pre_commit_config(repo: str, rev: str, hooks: Sequence[str] = HOOKS) -> str:
    ids = "".join(f"      - id: {h}\n" for h in hooks)
    return f"repos:\n  - repo: {repo}\n    rev: {rev}\n    hooks:\n{ids}"


class Demo:
    def __init__(self, repo: Path) -> None:
        self.repo = repo
        bindir = str(Path(sys.executable).parent)
        self.env = {**os.environ, **IDENTITY, "PATH": bindir + os.pathsep + os.environ["PATH"]}

    def say(self, text: str) -> None:
        print(f"\n== {text}", flush=True)

    def sh(self, *argv: str, expect: int = 0) -> str:
        print(f"$ {shlex.join(argv)}", flush=True)
        proc = subprocess.run(
            argv,
            cwd=self.repo,
            env=self.env,
            text=True,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
        )
        if proc.stdout:
            print("  " + proc.stdout.rstrip("\n").replace("\n", "\n  "), flush=True)
        if proc.returncode != expect:
            raise SystemExit(f"demo: expected exit {expect} from {argv[0]}, got {proc.returncode}")
        return proc.stdout


def main(argv: Sequence[str] | None = None) -> int:
    work = Path(tempfile.mkdtemp(prefix="receipt-gate-demo-"))
    repo = work / "content"
    shutil.copytree(CONTENT, repo)
    hooks_dir = work / "receipt-gate-hooks"
    hooks_dir.mkdir()
    rev = make_hook_repo(hooks_dir)
    (repo / ".pre-commit-config.yaml").write_text(pre_commit_config(str(hooks_dir), rev))
    d = Demo(repo)

    d.say(f"A scratch content repository at {repo}")
    d.sh("git", "init", "-q", "-b", "main")
    d.sh(
        sys.executable,
        "-m",
        "pre_commit",
        "install",
        "--hook-type",
        "pre-commit",
        "--hook-type",
        "pre-push",
    )
    d.sh("receipt-gate", "status", expect=1)

    d.say("Run the checks and the grader, stage drafts and receipts, commit: the gate holds")
    d.sh("receipt-gate", "run")
    d.sh("receipt-gate", "grade", "drafts/receipt-gate.md")
    d.sh("git", "add", "-A")
    print("  (the first commit builds the hooks' environment; this takes a moment)")
    d.sh("git", "commit", "-q", "-m", "The receipt gate, checked")

    d.say("The agent edits the draft after its checks and says all checks pass")
    draft = repo / "drafts" / "receipt-gate.md"
    draft.write_text(draft.read_text() + "\nIt is also the cheapest gate to build.\n")
    d.sh("receipt-gate", "verify", expect=1)

    d.say(
        "Commit anyway: the hook runs the code checks again on the staged bytes and stages"
        " their receipts, but a model's verdict is never bought at commit: refused"
    )
    d.sh("git", "add", "drafts")
    d.sh("git", "commit", "-q", "-m", "An edit after the checks", expect=1)

    d.say("Grade the edited draft, and commit again: accepted")
    d.sh("receipt-gate", "grade", "drafts/receipt-gate.md")
    d.sh("git", "add", ".receipts")
    d.sh("git", "commit", "-q", "-m", "An edit after the checks, checked again")
    d.sh("receipt-gate", "verify", "--rev", "HEAD")

    d.say(
        "The agent rewrites the opening, re-runs the code checks, and instead of grading"
        " again copies the new hash into the old grader receipt"
    )
    text = draft.read_text()
    draft.write_text(
        text.replace(
            "The check that lies is rarely the one that was skipped. It",
            "A check that ran three edits ago did not run on this draft. It",
        )
    )
    d.sh("receipt-gate", "run", "drafts/receipt-gate.md")
    receipt_file = repo / ".receipts" / "drafts" / "receipt-gate.md" / "grader.json"
    receipt = json.loads(receipt_file.read_text())
    receipt["draft_sha256"] = hashlib.sha256(draft.read_bytes()).hexdigest()
    receipt_file.write_text(json.dumps(receipt, indent=2) + "\n")
    print("  (grader.json now claims the new draft's hash)")
    d.say("The gate greps every quote: the grader's quote is no longer in the draft")
    d.sh("receipt-gate", "verify", expect=1)
    d.sh("receipt-gate", "grade", "drafts/receipt-gate.md")
    d.sh("git", "add", "drafts", ".receipts")
    d.sh("git", "commit", "-q", "-m", "A new opening, graded again")

    d.say("A reply is ready to send; it cites a number that lives only in one of our headlines")
    reply = repo / "drafts" / "reply-drift.md"
    d.sh("receipt-gate", "grade", "drafts/reply-drift.md")
    d.sh("receipt-gate", "advance", "drafts/reply-drift.md", "ready", expect=1)
    print("  (and forcing the status by hand only moves the refusal to the commit:)")
    reply.write_text(reply.read_text().replace("status: drafted", "status: ready"))
    d.sh("git", "add", "drafts")
    d.sh("git", "commit", "-q", "-m", "Reply about the drift", expect=1)

    d.say("Cite the number a body of ours pins (74), check, advance, commit: accepted")
    reply.write_text(
        reply.read_text()
        .replace("drifted 76 hours", "was 74 hours behind")
        .replace("status: ready", "status: drafted")
    )
    d.sh("receipt-gate", "run", "drafts/reply-drift.md")
    d.sh("receipt-gate", "grade", "drafts/reply-drift.md")
    d.sh("receipt-gate", "advance", "drafts/reply-drift.md", "ready")
    d.sh("git", "add", "drafts", ".receipts")
    d.sh("git", "commit", "-q", "-m", "Reply about the drift, with the measured number")
    d.sh("receipt-gate", "status", "--all")

    d.say(
        "The agent drops ai-tells from the rules in the same commit as a draft that uses a"
        " banned phrase: the rules in force (HEAD's) still hold the draft"
    )
    config = repo / ".receipt-gate.yaml"
    rules = config.read_text()
    config.write_text(rules.replace("required: [ai-tells, ", "required: ["))
    before = draft.read_text()
    draft.write_text(before + "\nLet's dive in.\n")
    d.sh("receipt-gate", "run", "drafts/receipt-gate.md")
    d.sh("receipt-gate", "grade", "drafts/receipt-gate.md")
    d.sh("git", "add", "-A")
    d.sh("git", "commit", "-q", "-m", "Fewer rules", expect=1)
    print("  (the agent gives up: the rules and the draft go back as they were)")
    d.sh("git", "reset", "-q", "--hard", "HEAD")

    d.say("git commit --no-verify skips the commit hook; the push hook still refuses")
    remote = work / "remote.git"
    d.sh("git", "init", "-q", "--bare", str(remote))
    d.sh("git", "remote", "add", "origin", str(remote))
    d.sh("git", "push", "-q", "origin", "main")
    draft.write_text(draft.read_text() + "\nOne more line nobody checked.\n")
    d.sh("git", "commit", "-q", "--no-verify", "-am", "Skip the gate")
    d.sh("git", "push", "-q", "origin", "main", expect=1)
    d.sh("receipt-gate", "verify", "--rev", "HEAD", expect=1)
    d.sh("git", "log", "--oneline")
    print(f"\nThe scratch repository is still there to look at: {repo}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
