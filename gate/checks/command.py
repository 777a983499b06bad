"""A command check: any program as a deterministic, receipted check.

The config's `command` is an argv list, never a shell; the drafts' paths are appended
(one that starts with `-` as `./-...`: a path, never an option).
Exit 0 is a pass, 1 is findings (read from its output by `findings`: `lines`, each
`path:line[:col]: message`; `json`, a list of {path, line, col, message}; or `exit`,
the exit status alone, one run per draft), anything else, or a timeout, an error: one
line, exit 2, no receipt. `version_command`, when given, must print `version`, so a
receipt never vouches for another installed version than the config names.

In the working tree the program reads the files themselves. Judging the index or a
commit, it runs in a scratch folder, never the working tree: its program and its own
data (the files its argv names, and `inputs` that are no writing: a word list, a style,
in `.md` too) as the rules' commit holds them; the writing among its `inputs` (pages the
site's drafts or corpora globs name) as the judged tree holds it; and the judged
drafts, which may not stand where its program or its data does.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import signal
import subprocess
import tempfile
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from receipt_gate import CONFIG_FILE, GateError
from receipt_gate.base import lazyre, wildmatch
from receipt_gate.base.kinds import WRITING
from receipt_gate.base.text import Draft, printable
from receipt_gate.checks import Finding, Outcome, ToolMismatch
from receipt_gate.trees.tree import Tree

OUTPUT_LIMIT = 4 * 1024 * 1024
PER_CALL = 100  # drafts per run of the program (argv stays short)
_BESIDE = 200  # files beside a program copied where it runs (a folder of helpers)
# The farthest line or column a finding may name (a page of 4 MB has no more lines).
_FARTHEST = 10_000_000
# A finding's line: `path:line[:col]: message`. The path is matched against the paths
# the program was given (_AFTER_PATH reads the rest); _LINE only tells a line of that
# shape that names none of them.
_LINE = lazyre.compile(r"[^\n:]+?:\d+(?::\d+)?:")
# A terminal's control sequence (a colour, a link's OSC 8 wrapper): not what the output
# says, taken out before a line is read (round 96: coloured paths were no draft's).
_COLOUR = lazyre.compile(r"\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)")
_AFTER_PATH = lazyre.compile(r":(?P<line>\d+)(?::(?P<col>\d+))?:[ \t]*(?P<msg>.*)$")
_VERSIONS_SEEN: dict[tuple[str, ...], str] = {}


def _number(digits: str) -> int:
    """A line's or column's digits as a number (past _FARTHEST, any: int() refuses 4,300)."""
    return int(digits) if len(digits) <= 9 else _FARTHEST + 1


_VERSION = lazyre.compile(r"\d+(?:\.\d+)+[\w.+-]*")
# Programs that run another's code: the version they print may change under the same
# executable (a tool upgraded under the same python), so it is never remembered.
_INTERPRETER = lazyre.compile(
    r"(?:python|pypy|node|nodejs|npx|npm|pnpm|yarn|deno|bun|ruby|perl"
    r"|php|java|sh|bash|zsh|dash|uv|uvx|pipx|poetry|env|docker|podman"
    r"|conda|mamba)[\d.]*(?:\.exe)?"
)


def _identity(argv: Sequence[str]) -> list[object] | None:
    """The executable a version command starts, as it is now (its real path, size and
    modification time), or None where that does not pin what it prints."""
    program = argv[0] if argv else ""
    if not program or os.sep in program or _INTERPRETER.fullmatch(program):
        return None
    found = shutil.which(program)
    if found is None:
        return None
    try:
        st = os.stat(found)
    except OSError:
        return None
    return [os.path.realpath(found), st.st_size, st.st_mtime_ns]


def _names_version(printed: str, want: str) -> bool:
    """Does the version output name `want` as a whole (`lint v1.2.3`), not as a part of
    another version (`lint 11.2.30`, `1.2.3.4`, `1.2.3-rc1`)?"""
    return re.search(rf"(?:^|[^\w.])v?{re.escape(want)}(?![\w]|[.+-]\w)", printed) is not None


class CommandCheck:
    def __init__(
        self,
        name: str,
        settings: Mapping[str, Any],
        tree: Tree,
        files: Mapping[str, Mapping[str, str | None]],
        rules: Tree | None = None,
        run_dir: str = ".receipts",
        pages: Sequence[str] = (),
    ) -> None:
        self.name, self.settings, self.tree = name, settings, tree
        self.pages = tuple(pages)  # (globs of the site's writing: drafts, corpora)
        self.rules = rules  # where its program and data come from, when not the judged tree
        self.files = files
        self.run_dir = run_dir.rstrip("/") + "/"
        self.inputs = sorted({p for f in files.values() for p in f})
        self.where = f"{CONFIG_FILE}: checks.{name}"

    def __call__(self, draft: Draft) -> Outcome:
        return self.many([draft])[0]

    def ready(self) -> None:
        """GateError when the program cannot run here; ToolMismatch when another version
        of it is installed than the rules name."""
        self._installed()
        self._version()

    def many(self, drafts: Sequence[Draft]) -> list[Outcome]:
        self.ready()
        if not drafts:
            return []
        from receipt_gate.trees.tree import WorkTree

        if isinstance(self.tree, WorkTree) and self.rules in (None, self.tree):
            return self._run_in(self.tree.root, drafts)
        with self._scratch(drafts) as scratch:
            return self._run_in(scratch, drafts)

    def _own_and_content(self) -> tuple[dict[str, bytes], dict[str, bytes]]:
        """(the check's own files, as the rules' commit holds them: its program, what its
        argv names, its `inputs` that are no writing; the writing among its `inputs`, as
        the judged tree holds it). Without rules of another tree, all from the tree."""
        rules = self.rules if self.rules is not None else self.tree
        own: dict[str, bytes] = {}
        content: dict[str, bytes] = {}
        for key, listed in self.files.items():
            paths = set(listed)
            if key == "inputs" and rules is not self.tree:
                paths |= {
                    p
                    for p in rules.paths(list(self.settings["inputs"]))
                    if not p.startswith(self.run_dir)
                }
            for path in sorted(paths):
                # Writing (a page a link checker reads) is content the judged tree
                # holds; the check's own data (a word list, a style) the rules' commit:
                # a page is one the site's drafts or corpora globs name.
                writing = (
                    key == "inputs"
                    and path.lower().endswith(WRITING)
                    and wildmatch.match(self.pages, path)
                )
                data = (self.tree if writing else rules).read(path)
                if data is not None:
                    (content if writing else own)[path] = data
        own.update(self._beside_program(rules, set(own) | set(content)))
        return own, content

    def _beside_program(self, rules: Tree, had: set[str]) -> dict[str, bytes]:
        """The files beside its program in the program's own folder, as the rules' commit
        holds them (a helper it imports, `from wordlist import WORDS`: round 82), none a
        page of the site's; not at the top of the tree (the site is there)."""
        import posixpath

        out: dict[str, bytes] = {}
        for path in self.files.get("command", {}):
            folder = posixpath.dirname(path)
            if not folder:
                continue
            for near in rules.paths([wildmatch.escape(folder) + "/*"])[:_BESIDE]:
                if near in had or near in out or wildmatch.match(self.pages, near):
                    continue
                data = rules.read(near)
                if data is not None and len(data) <= OUTPUT_LIMIT:
                    out[near] = data
        return out

    @contextlib.contextmanager
    def _scratch(self, drafts: Sequence[Draft] = ()) -> Iterator[str]:
        """A folder of its own holding the check's files (see _own_and_content) and
        these drafts' judged bytes: never the tree being judged. A draft where the
        check's own file is would change what runs: refused, naming it."""
        own, content = self._own_and_content()
        given = {d.path: d.data for d in drafts}
        clash = sorted(set(given) & set(own))
        if clash:
            raise GateError(
                f"{printable(clash[0])}: a draft where {self.name}'s own file is"
                " (its program or its data): the check cannot run on it; gate"
                " it elsewhere"
            )
        with tempfile.TemporaryDirectory(prefix="receipt-gate-scratch-") as scratch:
            for path, data in [*content.items(), *given.items(), *own.items()]:
                full = os.path.join(scratch, path)
                os.makedirs(os.path.dirname(full), exist_ok=True)
                with open(full, "wb") as f:
                    f.write(data)
                if path in own and self._executable(path):
                    os.chmod(full, 0o755)
            yield scratch

    def _executable(self, path: str) -> bool:
        """Is the check's own file executable where it comes from (git's mode 755)?"""
        rules = self.rules if self.rules is not None else self.tree
        entries_of = getattr(rules, "entries_of", None)
        if callable(entries_of):
            entry = entries_of([path]).get(path)
            return entry is not None and getattr(entry, "mode", "") == "100755"
        full = os.path.join(rules.root, path) if rules.root else ""
        return bool(full) and os.access(full, os.X_OK)

    def _installed(self) -> None:
        program = self.settings["command"][0]
        found = (
            shutil.which(program)
            if os.sep not in program
            else program
            if os.path.exists(os.path.join(self.tree.root, program))
            else None
        )
        if not found:
            raise GateError(
                f"{self.where}.command: {printable(program)} is not installed (not"
                f" on PATH), so {self.name} cannot run; install it where the gate"
                " runs (in CI, the action's requirements or setup input:"
                " docs/ci-and-harness.md)"
            )

    def _version(self) -> None:
        argv = tuple(self.settings["version_command"])
        want = self.settings["version"]
        if not argv:
            return
        if not want:
            raise GateError(
                f"{self.where}.version_command: give version too, the text it must print"
            )
        got = _VERSIONS_SEEN.get(argv)
        if got is None:
            got = _VERSIONS_SEEN[argv] = self._version_output(argv)
        if not _names_version(got, want):
            first = got.strip().splitlines()[0][:120] if got.strip() else "nothing"
            found = _VERSION.search(first)
            raise ToolMismatch(
                f"{self.name} is {printable(found.group()) if found else 'another version'}"
                f" (`{' '.join(argv)}` printed {printable(first)!r}), the rules say {want}:"
                f" install {self.name} {want} where the gate runs, or update"
                f" checks.{self.name}.version in {CONFIG_FILE} (a rule change, then"
                f" receipt-gate run --check {self.name})"
            )

    def _version_output(self, argv: tuple[str, ...]) -> str:
        """What the version command prints: run once, and on this machine remembered
        for the executable as it is (its path, size and time), so a tool starts once per
        commit, not twice; never remembered for an interpreter (`python3 -m tool`: the
        tool can change under the same python)."""
        from receipt_gate.trees import cache
        from receipt_gate.trees.gittree import CommitTree

        # Judging a commit (at push, in CI), in a folder of its own holding only its
        # input files: run in the checkout, `python -m tool` or `npx tool` would take
        # the tool from the tree being judged. (The working tree and the index are
        # this machine's.)
        committed = isinstance(self.tree, CommitTree) or not self.tree.root
        identity = None if committed else _identity(argv)
        file = cache.path(self.tree.root, "versions.json") if identity else None
        key = "\0".join(argv)
        known = cache.read(file, lambda d: isinstance(d, dict)) or {}
        hit = known.get(key)
        if isinstance(hit, dict) and hit.get("id") == identity and isinstance(hit.get("out"), str):
            return str(hit["out"])
        if committed:
            with self._scratch() as scratch:
                _, out = self._exec(list(argv), scratch, self.settings["timeout_s"])
        else:
            _, out = self._exec(list(argv), self.tree.root, self.settings["timeout_s"])
        if file is not None:
            cache.write(file, {**known, key: {"id": identity, "out": out}})
        return out

    def _run_in(self, cwd: str, drafts: Sequence[Draft]) -> list[Outcome]:
        argv, mode = list(self.settings["command"]), self.settings["findings"]
        out: dict[str, list[Finding]] = {d.path: [] for d in drafts}
        chunks = (
            [[d] for d in drafts]
            if mode == "exit"
            else [drafts[i : i + PER_CALL] for i in range(0, len(drafts), PER_CALL)]
        )
        reads: dict[str, list[str]] = {}
        for chunk in chunks:
            # (a draft named `--config=x.md` is a path to the program, never an option)
            code, text = self._exec(
                [*argv, *(f"./{d.path}" if d.path.startswith("-") else d.path for d in chunk)],
                cwd,
                self.settings["timeout_s"],
            )
            if self.settings["inputs_read"] == "reported":
                reads.update(self._reads(text, cwd, [d.path for d in chunk]))
            if code == 0:
                continue
            if code != 1:
                last = text.strip().splitlines()[-1][:200] if text.strip() else "no output"
                raise GateError(
                    f"{self.where}: `{' '.join(argv)}` exited {code}: {printable(last)}"
                )
            given = [d.path for d in chunk]
            named = self._findings(text, cwd, mode, given) if mode != "exit" else {}
            for d in chunk:
                if d.path in named:
                    out[d.path] += named[d.path]
                elif not named or len(chunk) == 1:  # exit 1, no finding it names
                    out[d.path].append(self._exited(text))
                else:  # exit 1 for the run, findings for others: this one alone decides
                    out[d.path] += self._run_in(cwd, [d])[0].findings
        if self.settings["inputs_read"] != "reported":
            return [Outcome(out[d.path], 1) for d in drafts]
        # A draft the program named no reads for read all of them, as far as anyone knows.
        return [Outcome(out[d.path], 1, reads=reads.get(d.path, self.inputs)) for d in drafts]

    def _reads(self, text: str, cwd: str, given: Sequence[str]) -> dict[str, list[str]]:
        """The input files the program says each draft's verdict read: its JSON's
        `reads`, `{draft: [path, ...]}`; each must be one of the check's inputs."""
        import json

        try:
            doc = json.loads(text) if text.strip() else {}
        except (ValueError, RecursionError) as e:
            raise GateError(
                f"{self.where}.inputs_read: reported, but the output is not JSON ({_why(e)})"
            ) from None
        got = doc.get("reads", {}) if isinstance(doc, dict) else {}
        if not isinstance(got, dict) or not all(
            isinstance(v, list) and all(isinstance(p, str) for p in v) for v in got.values()
        ):
            raise GateError(
                f"{self.where}.inputs_read: reported: `reads` must map each draft"
                " to a list of the input files its verdict read"
            )
        known = set(self.inputs)
        out: dict[str, list[str]] = {}
        for draft, paths in got.items():
            name = self._path(_whole(str(draft)), cwd)
            if name not in given:
                raise self._unnamed(str(draft), given)
            files = sorted({self._path(_whole(p), cwd) for p in paths})
            unknown = [p for p in files if p not in known]
            if unknown:
                raise GateError(
                    f"{self.where}.inputs_read: reported: {printable(unknown[0])}"
                    f" (read for {printable(name)}) is none of the check's inputs"
                )
            out[name] = files
        return out

    def _exited(self, text: str) -> Finding:
        first = text.strip().splitlines()[0][:200] if text.strip() else ""
        return Finding(1, 1, f"{self.name} exited 1" + (f": {printable(first)}" if first else ""))

    def _findings(
        self, text: str, cwd: str, mode: str, given: Sequence[str]
    ) -> dict[str, list[Finding]]:
        """The findings the output names, by the draft they name: only paths it was
        given (a line naming another is an error, never a finding for some draft)."""
        if mode == "lines":
            return self._lines(text, cwd, given)
        import json

        try:
            doc = json.loads(text)
        except (ValueError, RecursionError) as e:
            raise GateError(
                f"{self.where}.findings: json, but the output is not JSON ({_why(e)})"
            ) from None
        items = doc.get("findings") if isinstance(doc, dict) else doc
        if not isinstance(items, list):
            raise GateError(
                f"{self.where}.findings: json: expected a list of findings (or"
                ' {"findings": [...]})'
            )
        found: dict[str, list[Finding]] = {}
        for item in items:
            path = next(
                (
                    item.get(k)
                    for k in ("path", "file", "filename")
                    if isinstance(item, dict) and isinstance(item.get(k), str)
                ),
                None,
            )
            line, col = (
                (item.get("line"), item.get("col", item.get("column", 1)))
                if isinstance(item, dict)
                else (None, None)
            )
            msg = item.get("message") if isinstance(item, dict) else None
            if (
                path is None
                or not isinstance(msg, str)
                or type(line) is not int
                or type(col) is not int
            ):
                raise GateError(
                    f"{self.where}.findings: json: each finding needs path, line"
                    f" and message, got {printable(str(item)[:120])}"
                )
            draft = self._path(_whole(path), cwd)
            if draft not in given:
                raise self._unnamed(path, given)
            found.setdefault(draft, []).append(Finding(*self._place(line, col), _whole(msg)))
        return found

    def _place(self, line: int, col: int) -> tuple[int, int]:
        """A finding's line and column, from 1; GateError past any page's (round 87: a
        line of 23 digits went into the receipt, SARIF's startLine and code scanning)."""
        if line > _FARTHEST or col > _FARTHEST:
            raise GateError(
                f"{self.where}.findings: its output gives line {str(line)[:24]}, column"
                f" {str(col)[:24]}: past any page's end (at most {_FARTHEST:,})"
            )
        return max(line, 1), max(col, 1)

    def _lines(self, text: str, cwd: str, given: Sequence[str]) -> dict[str, list[Finding]]:
        """`path:line[:col]: message` lines, each path matched against the paths given,
        longest first, as written, with `./` or absolute (a draft named `b.md:1:1.md`
        is that draft, not `b.md` at line 1)."""
        forms = sorted(
            (
                (form, p)
                for p in given
                for form in (
                    p,
                    f"./{p}",
                    os.path.join(cwd, p),
                    os.path.join(os.path.realpath(cwd), p),
                )
            ),
            key=lambda fp: -len(fp[0]),
        )
        found: dict[str, list[Finding]] = {}
        for line in text.splitlines():
            if "\x1b" in line:  # (a linter that colours its output anyway: FORCE_COLOR)
                line = _COLOUR.sub("", line)
            for form, draft in forms:
                m = _AFTER_PATH.match(line, len(form)) if line.startswith(form) else None
                if m is not None:
                    at = self._place(_number(m.group("line")), _number(m.group("col") or "1"))
                    found.setdefault(draft, []).append(Finding(*at, m.group("msg").strip()))
                    break
            else:
                if _LINE.match(line):
                    raise self._unnamed(line.split(":", 1)[0], given)
        return found

    def _unnamed(self, path: str, given: Sequence[str]) -> GateError:
        shown = ", ".join(printable(p) for p in given[:3]) + (" ..." if len(given) > 3 else "")
        return GateError(
            f"{self.where}.findings: its output names {printable(path)!r}, which"
            f" is none of the drafts it was given ({shown}): a finding is"
            " credited only to a draft it names"
        )

    @staticmethod
    def _path(path: str, cwd: str) -> str:
        if os.path.isabs(path):
            path = os.path.relpath(path, cwd)
        return os.path.normpath(path).replace(os.sep, "/")

    def _exec(self, argv: list[str], cwd: str, timeout_s: int) -> tuple[int, str]:
        """(exit status, output) of one run; GateError when it cannot start or hangs."""
        with tempfile.TemporaryFile() as out:
            try:
                proc = subprocess.Popen(
                    argv,
                    cwd=cwd,
                    stdin=subprocess.DEVNULL,
                    stdout=out,
                    stderr=subprocess.STDOUT,
                    start_new_session=True,
                )
            except OSError as e:
                raise GateError(
                    f"{self.where}.command: {printable(argv[0])} cannot start: {e.strerror}"
                ) from None
            try:
                proc.wait(timeout=timeout_s)
            except subprocess.TimeoutExpired:
                try:
                    os.killpg(proc.pid, signal.SIGKILL)
                except OSError:
                    proc.kill()
                proc.wait()
                raise GateError(
                    f"{self.where}: `{' '.join(argv[:3])}` did not finish within"
                    f" timeout_s {timeout_s}; killed"
                ) from None
            out.seek(0)
            data = out.read(OUTPUT_LIMIT + 1)
        if len(data) > OUTPUT_LIMIT:
            raise GateError(f"{self.where}: its output is over {OUTPUT_LIMIT} bytes")
        return proc.returncode, data.decode("utf-8", "replace")


def _why(e: Exception) -> str:
    """Why JSON did not parse, in a line (RecursionError: its nesting, round 93 r02)."""
    return "nested too deep" if isinstance(e, RecursionError) else str(e)


def _whole(text: str) -> str:
    """A string of the program's JSON with each lone surrogate (`\\ud800`, which no
    UTF-8 file can hold: round 93 r03) as U+FFFD."""
    return re.sub("[\ud800-\udfff]", "\ufffd", text) if not text.isascii() else text
