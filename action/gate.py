"""The GitHub Action's one step: the CI gate on the pushed commit, under the rules in
force before it, with SARIF for code scanning when asked.

Run by action.yml after receipt-gate is installed; reads what a runner sets: the event
(GITHUB_EVENT_NAME, GITHUB_EVENT_PATH), the inputs (INPUT_*), and GITHUB_OUTPUT, where it
writes `exit-code` and `sarif-file`. It always exits 0 once the gate has spoken (so the
SARIF upload runs on a refusal too); the action's last step fails the job on the
exit code. Standard library only: it runs before anything else is known to be there.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Mapping

ZEROS = "0" * 40
# The installed receipt-gate, isolated (-I): the checkout being judged is the working
# folder, and `python -m` would put it first on the import path, so a pull request that
# adds a `receipt_gate/` or `receipt_gate_hooks/` folder, or a `*.dist-info`, would run
# its own code as the gate. -I also ignores PYTHONPATH and the user's site folder.
GATE = [sys.executable, "-I", "-m", "receipt_gate"]


def _clean(env: os._Environ[str]) -> dict[str, str]:
    """The environment the gate runs in: no PYTHON* variable the workflow (or a step of
    the branch's) set to reach into the checkout."""
    return {k: v for k, v in env.items() if not k.startswith("PYTHON")}


def _git(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["git", *args], capture_output=True, text=True)


def _commit(rev: str) -> bool:
    return _git("cat-file", "-e", f"{rev}^{{commit}}").returncode == 0


def _sha(ref: str) -> str | None:
    """The commit a full ref names (refs/remotes/origin/main), never a tag or branch that
    a shorter name could also mean (a pushed tag called `origin/main`)."""
    got = _git("rev-parse", "--verify", "--quiet", f"{ref}^{{commit}}")
    return got.stdout.strip() if got.returncode == 0 and got.stdout.strip() else None


def _default_branch(default: str) -> str | None:
    """The default branch's tip as the remote has it, fetched when the clone lacks it
    (a shallow checkout of a new branch): its commit id, or None."""
    ref = f"refs/remotes/origin/{default}"
    found = _sha(ref)
    if found is None:
        _git("fetch", "--no-tags", "--quiet", "origin", f"+refs/heads/{default}:{ref}")
        found = _sha(ref)
    return found


def bases_of(event_name: str, event: dict[str, object], given: str) -> list[str]:
    """The commits whose rules are in force, the first most trusted: a pull request's
    base (from the event, never the input), else the input, else the commit the push
    moved the ref from and, for a ref other than the default branch (another branch, a
    tag), the default branch's tip first, as the pre-push hook holds it (round 96: a
    branch or tag from before the gate has no rules of its own); for a new ref, the
    default branch's tip. None at all: the judged commit's parent, as verify decides."""
    if event_name.startswith("pull_request"):  # (the event's base, never the input: a
        # pull request's workflow is its merge commit's, the branch's to set; round 83)
        pr = event.get("pull_request")
        base = pr.get("base") if isinstance(pr, dict) else None
        sha = base.get("sha") if isinstance(base, dict) else None
        if isinstance(sha, str) and sha:
            if given and given != sha:
                print(
                    f"receipt-gate action: the base input ({given}) is not the pull"
                    f" request's base ({sha}): the pull request's base is in force",
                    file=sys.stderr,
                )
            # (into another branch than the default, the default branch's rules hold
            # too, as on a push: round 98 c03, a base from before adoption has none)
            ref = base.get("ref") if isinstance(base, dict) else None
            default = _default_name(event)
            if default is not None and isinstance(ref, str) and ref != default:
                tip = _default_branch(default)
                return [sha, *([tip] if tip is not None and tip != sha else [])]
            return [sha]
        return [given] if given else []
    if given:
        return [given]
    default = _default_name(event)
    before = event.get("before")
    bases = [before] if isinstance(before, str) and before and before != ZEROS else []
    if default is not None and (not bases or event.get("ref") != f"refs/heads/{default}"):
        tip = _default_branch(default)
        if tip is not None and tip not in bases:
            # (first: the rules in force, evidence's sources and the checks' setup are
            # the default branch's, never a commit the branch's own earlier push made:
            # round 97, a source or a setup script pushed first, then used)
            bases.insert(0, tip)
    return bases


def _default_name(event: dict[str, object]) -> str | None:
    repo = event.get("repository")
    default = repo.get("default_branch") if isinstance(repo, dict) else None
    return default if isinstance(default, str) and default else None


def _has_rules(commit: str) -> bool:
    return _git("cat-file", "-e", f"{commit}:.receipt-gate.yaml").returncode == 0


def _in_base(requirements: str, env: os._Environ[str], folder: str) -> str | None:
    """The requirements file's path in the base's checkout (`folder`): a path relative to
    the repository's root, or an absolute one in the workspace, read there as the base
    holds it (round 88: `${{ github.workspace }}/req.txt` joined to the checkout was the
    branch's own file, and pip ran the setup.py it named); None for one outside."""
    workspace = os.path.realpath(env.get("GITHUB_WORKSPACE") or os.getcwd())
    if os.path.isabs(requirements):
        real = os.path.realpath(requirements)
        if os.path.commonpath([real, workspace]) != workspace:
            return None
        requirements = os.path.relpath(real, workspace)
    inside = os.path.normpath(os.path.join(folder, requirements))
    if os.path.commonpath([inside, os.path.normpath(folder)]) != os.path.normpath(folder):
        return None
    return inside


def _setup(env: os._Environ[str], trusted: str) -> int:
    """What the team's checks need, installed before the gate from the rules' commit (the
    base), never the branch: `requirements` (a pip requirements file, as the base holds
    it) and `setup` (a shell command, run in a checkout of the base, $RECEIPT_GATE_PYTHON
    naming the gate's Python: `"$RECEIPT_GATE_PYTHON" -m pip install ./tools/my-check`
    installs the base's). 0, or the exit status to end with."""
    import shutil
    import tempfile

    requirements = env.get("INPUT_REQUIREMENTS", "").strip()
    setup = env.get("INPUT_SETUP", "").strip()
    if not requirements and not setup:
        return 0
    folder = tempfile.mkdtemp(prefix="receipt-gate-setup-")
    try:
        if _git("worktree", "add", "--detach", "--quiet", folder, trusted).returncode != 0:
            print(
                f"receipt-gate action: cannot check out {trusted} to set up the checks",
                file=sys.stderr,
            )
            return 2
        print(f"receipt-gate action: setting up the checks from {trusted}", flush=True)
        steps = []
        if requirements:
            inside = _in_base(requirements, env, folder)
            if inside is None:
                print(
                    f"receipt-gate action: requirements {requirements!r} is no file of the"
                    " base's checkout (a path in the repository, relative to its root)",
                    file=sys.stderr,
                )
                return 2
            steps.append(
                [
                    sys.executable,
                    "-I",
                    "-m",
                    "pip",
                    "install",
                    "--quiet",
                    "-r",
                    inside,
                ]
            )
        if setup:
            steps.append(["bash", "-euo", "pipefail", "-c", setup])
        for argv in steps:  # ($RECEIPT_GATE_PYTHON: the Python the gate runs with)
            if (
                subprocess.run(
                    argv, cwd=folder, env={**env, "RECEIPT_GATE_PYTHON": sys.executable}
                ).returncode
                != 0
            ):
                print(f"receipt-gate action: setup failed: {' '.join(argv[:6])}", file=sys.stderr)
                return 2
        return 0
    finally:
        _git("worktree", "remove", "--force", folder)
        shutil.rmtree(folder, ignore_errors=True)


def main() -> int:
    env = os.environ
    event_name = env.get("GITHUB_EVENT_NAME", "")
    event: dict[str, object] = {}
    if env.get("GITHUB_EVENT_PATH"):
        try:
            with open(env["GITHUB_EVENT_PATH"], "rb") as f:
                loaded = json.load(f)
        except (OSError, ValueError) as e:
            print(
                f"receipt-gate action: {env['GITHUB_EVENT_PATH']}: cannot read the event: {e}",
                file=sys.stderr,
            )
            return 2
        event = loaded if isinstance(loaded, dict) else {}
    rev = env.get("INPUT_REV") or "HEAD"
    bases = bases_of(event_name, event, env.get("INPUT_BASE", "").strip())
    for base in bases:
        if not _commit(base):
            _git("fetch", "--no-tags", "--quiet", "origin", base)  # a shallow checkout
            if not _commit(base):
                print(
                    f"receipt-gate action: the base commit {base} is not in this clone;"
                    " check out with fetch-depth: 0",
                    file=sys.stderr,
                )
                return 2
    # (the checks are set up from the first commit with rules: verify's rules in force)
    trusted = next((b for b in bases if _has_rules(b)), bases[0] if bases else None)
    if trusted is None and (
        env.get("INPUT_REQUIREMENTS", "").strip() or env.get("INPUT_SETUP", "").strip()
    ):
        # The checks are set up from the rules' commit, never the branch; with none found
        # (a new branch in a clone without its default branch), their code would be the
        # branch's.
        print(
            "receipt-gate action: no base commit to set the checks up from (requirements,"
            " setup): the branch's own would run; give the base input, or check out with"
            " fetch-depth: 0",
            file=sys.stderr,
        )
        return 2
    code = _setup(env, trusted) if trusted is not None else 0
    if code:
        return code
    args = ["verify", "--rev", rev]
    for each in bases:
        args += ["--policy-from", each]
    if env.get("INPUT_RECHECK", "true").lower() != "false":
        args.append("--recheck")
    outputs = []
    if env.get("INPUT_SARIF", "false").lower() == "true":
        path = env.get("INPUT_SARIF_FILE") or "receipt-gate.sarif"
        if os.path.lexists(path):  # (round 91: the branch's folder of that name, whose clean
            # logs the upload step would have sent as the gate's)
            print(
                f"receipt-gate action: {path} is there before the gate wrote it (a file"
                " or folder the branch brings?): no SARIF log is handed on; remove it or"
                " name another sarif-file",
                file=sys.stderr,
            )
            _output(env, ["exit-code=2"])
            return 0
        args += ["--sarif-file", path]  # the same run writes it, on a refusal and an error
        outputs.append(f"sarif-file={path}")
    print("receipt-gate " + " ".join(args), flush=True)
    code = subprocess.run([*GATE, *args], env=_clean(env)).returncode
    _output(env, [f"exit-code={code}", *outputs])
    return 0


def _output(env: Mapping[str, str], outputs: list[str]) -> None:
    """The step's outputs, as GitHub reads them."""
    if env.get("GITHUB_OUTPUT"):
        with open(env["GITHUB_OUTPUT"], "a") as f:
            f.write("".join(line + "\n" for line in outputs))


if __name__ == "__main__":
    raise SystemExit(main())
