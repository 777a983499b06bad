"""A structure-aware fuzzer for hostile input, run on every command.

It mutates what an agent or a clumsy user can touch (real receipts, a grader's output,
front matter, the config, pre-push input, the file system around them) and asserts
for every command: exit 0, 1 or 2 (3 is a bug), no traceback, nothing written outside
the repository and the git dir, and never a pass for a draft whose signed receipt now
reads differently.

CI runs a short form; the long form is marked `fuzz_long` and excluded from CI:
    RECEIPT_GATE_FUZZ=100000 .venv/bin/python -m pytest -m fuzz_long tests/test_fuzz.py
"""

from __future__ import annotations

import base64
import contextlib
import hashlib
import io
import json
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from receipt_gate.base.signing import new_seed, public_text
from tests.conftest import GIT_ENV, GOOD_DRAFT, ROOT

EXAMPLES = int(os.environ.get("RECEIPT_GATE_FUZZ", "150"))
SEED, PUBLIC = new_seed()
GRADER = (ROOT / "examples" / "content" / "graders" / "offline_grader.py").read_text()
CONFIG = f"""\
drafts: ["drafts/**/*.md"]
required: [ai-tells, hook-length, grader]
checks:
  grader: {{command: [{json.dumps(sys.executable)}, graders/g.py]}}
signing: {{public_keys: ["{public_text(PUBLIC)}"]}}
"""
RECEIPTS = [f".receipts/drafts/intro.md/{c}.json" for c in ("ai-tells", "hook-length", "grader")]

_text = st.text(
    st.characters(codec="utf-8")
    | st.sampled_from(["\ud800", "\x00", "\u202e", "\r", "\n", "{", "}", "[", "]", ":"]),
    max_size=20,
) | (st.sampled_from(["---", "&nbsp;", "+++", "$Id$", "\\ud800", "..."]))
_scalars = st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats() | _text
_json = st.recursive(
    _scalars,
    lambda kids: st.lists(kids, max_size=3) | st.dictionaries(_text, kids, max_size=3),
    max_leaves=8,
)


def _deep(n: int) -> bytes:
    return b"[" * n + b"]" * n


def _setfield(name: str, value: Any) -> Callable[[bytes], bytes]:
    def edit(data: bytes) -> bytes:
        doc = json.loads(data)
        doc[name] = value
        return json.dumps(doc).encode()

    return edit


def _delfield(name: str) -> Callable[[bytes], bytes]:
    def edit(data: bytes) -> bytes:
        doc = json.loads(data)
        doc.pop(name, None)
        return json.dumps(doc).encode()

    return edit


_FIELDS = [
    "check",
    "draft",
    "draft_sha256",
    "ran_at",
    "verdict",
    "inputs_sha256",
    "tool",
    "findings",
    "criteria",
    "signature",
    "suppressed",
    "extra",
]
receipt_edits = st.one_of(
    st.builds(_setfield, st.sampled_from(_FIELDS), _json),
    st.builds(_delfield, st.sampled_from(_FIELDS)),
    st.integers(0, 400).map(lambda n: lambda d: d[:n]),
    st.tuples(st.integers(0, 400), st.binary(min_size=1, max_size=8)).map(
        lambda t: lambda d: d[: t[0]] + t[1] + d[t[0] + len(t[1]) :]
    ),
    st.sampled_from(
        [
            lambda d: _deep(100_000),
            lambda d: b"\xff\xfe" + d,
            lambda d: d.replace(b'"pass"', b'"fail"'),
            lambda d: d.replace(b"ai-tells", b"hook-length"),
            lambda d: d.replace(b'"tool":"', b'"tool":"\\ud800'),
        ]
    ),
)
fs_faults = st.sampled_from(["dir", "symlink-out", "fifo", "folder-symlink-out", "file-in-way"])
front_lines = st.lists(
    st.sampled_from(
        [
            "status: ready",
            "status: idea",
            "status: redy",
            "status: [a]",
            "status: yes",
            "title: x",
            'title: "a\nstatus: idea"',
            "a: &x 1",
            "b: *x",
            "draft: true",
            "published: false",
            "<<: {c: 1}",
            "d: !!python/name:os.system",
            "e:\t1",
            "  f: 1",
            "- g",
            "h: {",
            "status:",
            "? [k]",
            "title: >-",
            "  76 hours",
            "~: x",
        ]
    )
    | _text,
    max_size=6,
)
configs = st.lists(
    st.sampled_from(
        [
            'drafts: ["drafts/**/*.md"]',
            "drafts: 5",
            "required: []",
            "required: [nope]",
            "required: [ai-tells, ai-tells]",
            "run_dir: ..",
            "run_dir: /tmp",
            "run_dir: .git/x",
            "gate_from: measured",
            "gate_from: nope",
            "states: []",
            "states: [a, a]",
            "checks: {hook-length: {max_chars: -1}}",
            "checks: {ai-tells: {patterns: ['(a+)+$']}}",
            "checks: {ai-tells: {patterns: ['[']}}",
            "signing: {key_env: HOME}",
            "signing: {public_keys: [x]}",
            "a: &a [1]",
            "b: *a",
            "required: [grader]",
            "checks: {grader: {command: [false]}}",
            "checks: {headline-numbers: {articles: []}}",
            "draft_markers: {paths: [drafts/**]}",
            "draft_markers: {front_matter: {draft: true}}",
            "draft_markers: {}",
            "draft_markers: {status: ready, paths: [x]}",
            "baseline: b.json",
            "baseline: ../x",
            "baseline: .receipts/b.json",
            "checks: {ai-tells: {suppressions: 0}}",
            "drafts: ['!drafts/**', 'drafts/**/*.md']",
            "draft_markers: {front_matter: {d: [1]}}",
        ]
    )
    | _text,
    max_size=5,
)
push_lines = st.lists(
    st.sampled_from(
        [
            "refs/heads/main HEAD refs/heads/main " + "0" * 40,
            "garbage",
            "",
            "(delete) " + "0" * 40 + " r " + "1" * 40,
            "a b c d",
            "refs/heads/x " + "f" * 40 + " r " + "0" * 40,
        ]
    )
    | _text,
    max_size=4,
)
COMMANDS = [
    ["verify"],
    ["verify", "--staged"],
    ["verify", "--rev", "HEAD"],
    ["status"],
    ["run"],
    ["check", "ai-tells", "drafts/intro.md"],
    ["verify", "--format", "sarif"],
    ["verify", "--format", "json"],
    ["advance", "drafts/intro.md", "shipped"],
    ["claim", "list"],
    ["verify", "--recheck-all", "--rev", "HEAD"],
    ["adopt"],
    ["adopt", "--format", "json"],
]


class World:
    """One repository, checked and committed with signed receipts, restored after each
    example; and a folder beside it that nothing may write into."""

    def __init__(self) -> None:
        self.top = Path(tempfile.mkdtemp(prefix="receipt-gate-fuzz-"))
        self.repo = self.top / "repo"
        self.outside = self.top / "outside"
        self.outside.mkdir()
        (self.outside / "x.md").write_text("outside\n")
        self.repo.mkdir()
        self.git("init", "-q", "-b", "main")
        self.write(".receipt-gate.yaml", CONFIG.encode())
        self.write("graders/g.py", GRADER.encode())
        self.write("drafts/intro.md", GOOD_DRAFT.encode())
        with self.env():
            assert self.main(["run"])[0] == 0
            assert self.main(["grade"])[0] == 0
        self.git("add", "-A")
        self.git("commit", "-qm", "checked", "--no-verify")
        self.original = {r: (self.repo / r).read_bytes() for r in RECEIPTS}

    def git(self, *args: str) -> None:
        subprocess.run(["git", *args], cwd=self.repo, check=True, capture_output=True)

    def write(self, rel: str, data: bytes) -> None:
        p = self.repo / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_bytes(data)

    @contextlib.contextmanager
    def env(self) -> Iterator[None]:
        saved = dict(os.environ)
        cwd = os.getcwd()
        os.environ.update(GIT_ENV)
        os.environ["RECEIPT_GATE_SIGNING_KEY"] = base64.b64encode(SEED).decode()
        os.chdir(self.repo)
        try:
            yield
        finally:
            os.chdir(cwd)
            os.environ.clear()
            os.environ.update(saved)

    def main(self, argv: list[str], stdin: str | None = None) -> tuple[int, str]:
        from receipt_gate.cli import main

        out, err = io.StringIO(), io.StringIO()
        old = sys.stdin
        sys.stdin = io.StringIO(stdin) if stdin is not None else old
        try:
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                try:
                    rc = main(argv)
                except SystemExit as e:  # argparse's usage errors
                    rc = e.code if isinstance(e.code, int) else 2
        finally:
            sys.stdin = old
        return rc, out.getvalue() + err.getvalue()

    def restore(self) -> None:
        for rel in (".receipts", "drafts"):
            p = self.repo / rel
            if p.is_symlink() or p.is_file():
                p.unlink()
        self.git("reset", "-q", "--hard")
        self.git("clean", "-qfdx", "-e", ".git")

    def outside_state(self) -> str:
        h = hashlib.sha256()
        for p in sorted(self.outside.rglob("*")):
            h.update(str(p).encode() + (p.read_bytes() if p.is_file() else b"/"))
        return h.hexdigest()


@pytest.fixture(scope="module")
def world() -> Iterator[World]:
    w = World()
    yield w
    shutil.rmtree(w.top, ignore_errors=True)


def fault(w: World, kind: str, rel: str) -> None:
    p = w.repo / rel
    if kind == "dir":
        p.unlink()
        p.mkdir()
    elif kind == "symlink-out":
        p.unlink()
        p.symlink_to(w.outside / "x.md")
    elif kind == "fifo":
        p.unlink()
        os.mkfifo(p)
    elif kind == "folder-symlink-out":
        shutil.rmtree(w.repo / ".receipts" / "drafts")
        (w.repo / ".receipts" / "drafts").symlink_to(w.outside)
    else:
        shutil.rmtree(w.repo / ".receipts")
        (w.repo / ".receipts").write_text("in the way\n")


def check(w: World, argv: list[str], stdin: str | None = None) -> tuple[int, str]:
    before = w.outside_state()
    if "--staged" in argv:
        subprocess.run(["git", "add", "-A"], cwd=w.repo, capture_output=True)
    rc, said = w.main(argv, stdin)
    assert rc in (0, 1, 2), said
    assert "Traceback" not in said and "internal error" not in said, said
    assert w.outside_state() == before, "wrote outside the repository"
    return rc, said


FUZZ = settings(
    max_examples=EXAMPLES, deadline=None, database=None, suppress_health_check=list(HealthCheck)
)


def _receipts(w: World, which: int, edit: Callable[[bytes], bytes], cmd: list[str]) -> None:
    rel = RECEIPTS[which]
    try:
        new = edit(w.original[rel])
    except (ValueError, TypeError, RecursionError):
        return
    (w.repo / rel).write_bytes(new)
    rc, said = check(w, cmd)
    try:
        same = json.loads(new) == json.loads(w.original[rel])
    except (ValueError, RecursionError):
        same = False
    if cmd[0] == "verify" and "--rev" not in cmd and not same:
        assert rc != 0, f"a mutated signed receipt passed:\n{new[:300]!r}\n{said}"


@FUZZ
@given(which=st.integers(0, 2), edit=receipt_edits, cmd=st.sampled_from(COMMANDS))
def test_mutated_receipts(
    world: World, which: int, edit: Callable[[bytes], bytes], cmd: list[str]
) -> None:
    with world.env():
        try:
            _receipts(world, which, edit, cmd)
        finally:
            world.restore()


@FUZZ
@given(kind=fs_faults, which=st.integers(0, 2), cmd=st.sampled_from(COMMANDS))
def test_the_file_system_around_the_receipts(
    world: World, kind: str, which: int, cmd: list[str]
) -> None:
    with world.env():
        try:
            fault(world, kind, RECEIPTS[which])
            rc, _ = check(world, cmd)
            if cmd[0] == "verify" and len(cmd) == 1:  # (git add skips a FIFO: the index
                assert rc != 0  # may still hold the good receipt)
        finally:
            world.restore()


@FUZZ
@given(lines=front_lines, cmd=st.sampled_from(COMMANDS))
def test_front_matter(world: World, lines: list[str], cmd: list[str]) -> None:
    with world.env():
        try:
            body = GOOD_DRAFT.split("---\n", 2)[2]
            text = "---\n" + "\n".join(lines) + "\n---\n" + body
            world.write("drafts/intro.md", text.encode("utf-8", "surrogatepass"))
            rc, said = check(world, cmd)
            if cmd in (["verify"], ["verify", "--staged"]) and rc == 0:
                # The draft changed, so its receipts are stale: it may pass only if it
                # is not gated, and then the front matter must say so as YAML reads it.
                from receipt_gate.reading.frontmatter import read

                status = read(text, "d.md").fields.get("status")
                assert status in ("idea", "accepted", "researched", "drafted"), said
        finally:
            world.restore()


@FUZZ
@given(lines=configs, cmd=st.sampled_from(COMMANDS))
def test_config(world: World, lines: list[str], cmd: list[str]) -> None:
    with world.env():
        try:
            world.write(".receipt-gate.yaml", "\n".join(lines).encode("utf-8", "surrogatepass"))
            check(world, cmd)
        finally:
            world.restore()


@FUZZ
@given(lines=push_lines, remote=st.sampled_from([[], ["origin", "url"]]))
def test_pre_push_input(world: World, lines: list[str], remote: list[str]) -> None:
    with world.env():
        try:
            head = subprocess.run(
                ["git", "rev-parse", "HEAD"], cwd=world.repo, capture_output=True, text=True
            ).stdout.strip()
            text = "\n".join(line.replace("HEAD", head) for line in lines)
            check(world, ["pre-push", *remote], text.encode("utf-8", "replace").decode())
        finally:
            world.restore()


@FUZZ
@given(
    output=st.one_of(
        _json.map(lambda v: json.dumps(v).encode("utf-8", "surrogatepass")),
        st.binary(max_size=50),
        st.just(_deep(100_000)),
        st.builds(
            lambda c: json.dumps({"verdict": "pass", "criteria": c}).encode(
                "utf-8", "surrogatepass"
            ),
            _json,
        ),
    ),
    cmd=st.sampled_from(
        [
            ["grade", "--force", "drafts/intro.md"],
            ["record", "grader", "drafts/intro.md", "--verdict", "v.json"],
        ]
    ),
)
def test_grader_output(world: World, output: bytes, cmd: list[str]) -> None:
    with world.env():
        try:
            world.write("v.json", output)
            world.write(
                "graders/g.py",
                b"import sys\nsys.stdin.read()\n"
                b"sys.stdout.buffer.write(open('v.json', 'rb').read())\n",
            )
            world.git("add", "-A")  # the grader changed: receipts under it are new
            check(world, cmd)
        finally:
            world.restore()


@pytest.mark.fuzz_long
def test_fuzz_long_form() -> None:
    """Run every property above with RECEIPT_GATE_FUZZ examples each (see the docstring)."""
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:cacheprovider",
            __file__,
            "-m",
            "not fuzz_long",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={**os.environ},
    )
    assert proc.returncode == 0, proc.stdout[-3000:]
