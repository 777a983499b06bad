"""File-system faults, pipes, line endings and attributes: each input the way it was seen."""

from __future__ import annotations

import json
import os
import resource
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import GOOD_DRAFT, Repo, Run

AT = ".receipts/drafts/intro.md/ai-tells.json"


def gate(repo: Repo, *argv: str, **kw: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "receipt_gate", *argv],
        cwd=repo.path,
        capture_output=True,
        text=True,
        timeout=120,
        **kw,
    )  # type: ignore


def test_output_to_a_closed_pipe_exits_quietly(content: Repo, rg: Run) -> None:
    for i in range(300):
        content.write(f"drafts/d{i}.md", GOOD_DRAFT + f"Draft {i}.\n")
    proc = subprocess.run(
        f"{sys.executable} -m receipt_gate verify | head -1",
        shell=True,
        cwd=content.path,
        capture_output=True,
        text=True,
    )
    assert proc.stdout.count("\n") == 1
    assert proc.stderr == ""  # no BrokenPipeError, no traceback
    code = subprocess.run(
        f"{sys.executable} -m receipt_gate verify | head -1; exit ${{PIPESTATUS[0]}}",
        shell=True,
        executable="/bin/bash",
        cwd=content.path,
        capture_output=True,
    ).returncode
    assert code == 1  # refused (the receipts are missing), never a pass


def test_a_reader_gone_leaves_no_command_half_done(repo: Repo) -> None:
    """`init | head -1` wrote the config, then died on the closed pipe before writing
    .pre-commit-config.yaml (a second init then refused: "already exists")."""
    repo.write("drafts/a.md", GOOD_DRAFT)
    read, write = os.pipe()
    os.close(read)  # the reader is gone before the first line
    try:
        proc = subprocess.run(
            [sys.executable, "-m", "receipt_gate", "init"],
            cwd=repo.path,
            stdout=write,
            stderr=subprocess.PIPE,
            text=True,
            timeout=120,
        )
    finally:
        os.close(write)
    assert proc.stderr == "" and proc.returncode == 1, proc
    assert (repo.path / ".pre-commit-config.yaml").is_file()
    assert (repo.path / ".receipt-gate.yaml").is_file()


def _limit_file_size() -> None:
    """A child that may write files of 300 bytes at most: the disk is full for it."""
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_FSIZE, (300, 300))


def test_a_full_disk_is_exit_2_naming_the_file_and_leaves_no_temporary_file(
    content: Repo,
) -> None:
    proc = gate(content, "run", preexec_fn=_limit_file_size)
    assert proc.returncode == 2, proc.stdout + proc.stderr
    assert "Traceback" not in proc.stderr
    assert proc.stderr.startswith("receipt-gate: .receipts/drafts/intro.md/")
    assert ": cannot write: File too large" in proc.stderr
    leftovers = [p for p in content.path.rglob("*") if p.name.startswith(".receipt-gate-")]
    assert leftovers == []


def test_enospc_on_a_full_file_system(content: Repo, tmp_path: Path) -> None:
    """A real full disk (a 64 KiB tmpfs) where the machine lets us mount one."""
    mnt = tmp_path / "full"
    mnt.mkdir()
    if (
        subprocess.run(
            ["mount", "-t", "tmpfs", "-o", "size=2m", "tmpfs", str(mnt)], capture_output=True
        ).returncode
        != 0
    ):
        pytest.skip("cannot mount a tmpfs here; the file-size limit test covers the path")
    try:
        repo = Repo(mnt / "repo")
        subprocess.run(["git", "init", "-q", str(repo.path)], check=True)
        repo.write(".receipt-gate.yaml", "required: [ai-tells, hook-length]\n")
        repo.write("drafts/intro.md", GOOD_DRAFT)
        fd = os.open(mnt / "filler", os.O_WRONLY | os.O_CREAT)
        try:
            while os.write(fd, b"x" * 4096):
                pass
        except OSError:
            pass
        finally:
            os.close(fd)
        proc = gate(repo, "run")
        assert proc.returncode == 2, proc.stdout + proc.stderr
        assert "No space left on device" in proc.stderr
        assert "Traceback" not in proc.stderr
    finally:
        subprocess.run(["umount", str(mnt)], capture_output=True)


def test_a_temporary_file_left_by_kill_9_is_never_committed_and_is_swept(
    content: Repo, rg: Run
) -> None:
    tmp = content.path / ".git" / "receipt-gate" / "tmp"
    tmp.mkdir(parents=True)
    dead = subprocess.run(["true"]).args and 999_999  # a pid no process has
    stray = tmp / f".receipt-gate-{dead}-abcdef.tmp"
    stray.write_text("half a receipt")
    beside = content.path / ".receipts" / "drafts" / "intro.md" / f".receipt-gate-{dead}-x.tmp"
    beside.parent.mkdir(parents=True)
    beside.write_text("half a receipt")
    assert rg("init", "--force")[0] == 0
    assert ".receipt-gate-*.tmp" in content.read(".gitignore").splitlines()
    content.write(".receipt-gate.yaml", "required: [ai-tells, hook-length]\n")
    assert rg("run")[0] == 0
    assert not stray.exists()  # the next writer removed it
    content.git("add", ".receipts")
    staged = content.git("diff", "--cached", "--name-only").stdout.split()
    assert staged and not [p for p in staged if p.endswith(".tmp")]


def test_advance_in_an_autocrlf_checkout_keeps_crlf(content: Repo, rg: Run) -> None:
    content.write("drafts/intro.md", GOOD_DRAFT.replace("status: ready", "status: drafted"))
    content.commit_all("lf")
    content.git("config", "core.autocrlf", "true")
    (content.path / "drafts/intro.md").unlink()
    content.git("checkout", "--", "drafts/intro.md")
    assert b"\r\n" in (content.path / "drafts/intro.md").read_bytes()
    assert rg("run")[0] == 0
    assert rg("advance", "drafts/intro.md", "ready")[0] == 0
    data = (content.path / "drafts/intro.md").read_bytes()
    assert b"status: ready\r\n" in data
    assert data.count(b"\r\n") == data.count(b"\n")  # every line still CRLF
    assert rg("verify")[0] == 0


@pytest.mark.parametrize("attributes", ["", "*.md text=auto\n"])
def test_a_crlf_draft_with_a_lone_cr_is_refused_by_name(
    content: Repo, rg: Run, attributes: str
) -> None:
    """git takes a file with a lone CR for binary under autocrlf and text=auto and stores
    it as it is; generators disagree whether a lone CR ends a line (the fourteenth pass:
    Hugo reads none). The gate refuses it by name, at once and in every tree, rather
    than hash bytes it cannot read as they are shown."""
    content.git("config", "core.autocrlf", "true")
    if attributes:
        content.write(".gitattributes", attributes)
    draft = GOOD_DRAFT.replace("\n", "\r\n").replace("this draft.", "this\rdraft.")
    content.write("drafts/intro.md", draft)
    rc, out, err = rg("run")
    assert rc == 2 and "drafts/intro.md:" in err and "carriage return" in err, out + err
    content.git("add", "-A")
    blob = subprocess.run(
        ["git", "cat-file", "-p", ":drafts/intro.md"],
        cwd=content.path,
        capture_output=True,
        check=True,
    ).stdout
    assert b"\r\n" in blob  # stored as it is
    assert rg("verify", "--staged")[0] == 2
    assert rg("verify")[0] == 2


def test_a_draft_under_the_ident_attribute_is_refused(content: Repo, rg: Run) -> None:
    """What git stores holds `$Id$`; what is checked out and built holds `$Id: <40 hex> $`
    (an eighth outside pass made an opening under max_chars as stored and over it as
    built): the gate refuses to judge bytes that are not what is published."""
    content.write(".gitattributes", "*.md ident\n")
    content.write("drafts/intro.md", GOOD_DRAFT + "Revision: $Id$\n")
    content.commit_all("ident")
    (content.path / "drafts/intro.md").unlink()
    content.git("checkout", "--", "drafts/intro.md")
    assert "$Id: " in content.read("drafts/intro.md")  # git expanded it on checkout
    rg("run")
    content.git("add", "-A")
    for argv in (["verify"], ["verify", "--staged"]):
        rc, _, err = rg(*argv)
        assert rc == 2 and "git converts it on checkout or in an archive (ident)" in err, err


def test_the_digest_cache_follows_a_gitattributes_change(repo: Repo, rg: Run) -> None:
    """The fingerprint of a CRLF input file (a command check's rules) must change when
    .gitattributes makes git store it differently, though the file itself did not change.
    (A corpus enters as what the check reads of it, gate.rules.corpus.)"""
    from receipt_gate.trees import tree as tree_module

    repo.write(
        ".receipt-gate.yaml",
        'required: [lint]\nchecks: {lint: {command: ["true"], inputs: [rules.yaml]}}\n',
    )
    repo.write("rules.yaml", "rules:\r\n- no-shouting\r\n")
    repo.write("drafts/d.md", "Set `HUGO_ENV`.\n")
    old = (tree_module.RACY_NS, os.utime)
    past = 1_600_000_000
    os.utime(repo.path / "rules.yaml", (past, past))
    assert rg("run")[0] == 0
    first = json.loads(repo.read(".receipts/drafts/d.md/lint.json"))
    repo.write(".gitattributes", "*.yaml text\n")
    assert rg("verify")[0] == 1  # the rules git would store changed: stale
    assert rg("run")[0] == 0
    second = json.loads(repo.read(".receipts/drafts/d.md/lint.json"))
    assert first["inputs_sha256"] != second["inputs_sha256"]
    assert old == (tree_module.RACY_NS, os.utime)


def test_a_quote_only_inside_an_html_comment_is_not_a_quote(content: Repo, rg: Run) -> None:
    content.write(
        "g.py",
        "import json, sys\nsys.stdin.read()\nprint(json.dumps({'verdict':"
        " 'pass', 'criteria': [{'name': 'c', 'verdict': 'pass', 'quotes':"
        " ['hidden words nobody will ever read here']}]}))\n",
    )
    content.write(
        ".receipt-gate.yaml",
        "required: [grader]\nchecks:\n  grader: {command:"
        f" [{json.dumps(sys.executable)}, g.py]}}\n",
    )
    content.write(
        "drafts/intro.md", GOOD_DRAFT + "\n<!-- hidden words nobody will ever read here -->\n"
    )
    rc, out, _ = rg("grade", "drafts/intro.md")
    assert rc == 1
    assert "does not occur in the draft within one paragraph" in out
    assert not (content.path / ".receipts/drafts/intro.md/grader.json").exists()
