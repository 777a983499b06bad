"""`receipt-gate agent pre-tool-use`: the Claude Code PreToolUse hook, an early word from
the gate before a `git commit`.

Claude Code runs this with the tool call as JSON on stdin (`tool_name`, `tool_input`,
`cwd`). For a Bash command that commits, it decides the deterministic checks on what
the commit will carry (`receipt-gate run --dry-run --staged`: the index; and the working
tree too when the command stages first, `git add ... && git commit` or `commit -a`),
writing nothing, and when a check has findings it exits 2: Claude Code blocks the
command and shows the agent the findings and the fix.

It also refuses the plain ways around git's own hooks it can see in a command:
`--no-verify` (or -n, or an abbreviation git accepts), `-c core.hooksPath`, `-c alias.*`,
`git config core.hooksPath VALUE` (or --unset...), GIT_CONFIG_* variables, pre-commit's
SKIP naming a receipt-gate hook, a PATH, PYTHON* or preload variable (another program
answers for the hook) or GIT_INDEX_FILE and its kin (another index is committed),
`pre-commit uninstall`, a command that writes into .git/hooks. Reading or mentioning
them (`grep hooksPath docs/`, `git config --get core.hooksPath`, copying a hook out, a
commit message that starts with -n) is not refused. Where the index changes the rules,
the checks are decided under HEAD's rules too, as the commit hook holds the commit to
them. A command line is a program, so no reading of one can catch every commit (an alias, a script,
`git commit-tree`): the Stop hook beside this one (agent_stop.py) judges the
commits the session made, whatever made them, and the git hooks and CI on a protected
branch are the gate of record.

Repositories without a receipt-gate config pass through untouched. It calls the gate of
its own installation (`python -P -m receipt_gate`, or the command $RECEIPT_GATE names), and
in a gated repository refuses when it cannot run it. Exit status, as Claude Code reads it:
0 lets the command run, 2 blocks it (stderr is shown to the agent), anything else is
an error shown to the user (the command runs).
"""

from __future__ import annotations

import json
import os
import re
import shlex
import subprocess
import sys
from collections.abc import Iterator, Sequence

from receipt_gate.base import lazyre
from receipt_gate.base.text import printable
from receipt_gate.commands.harness import gate_command

LIMIT = 6000  # characters of the gate's report shown to the agent
_SEPARATORS = {"&&", "||", ";", "|", "&", "\n", "(", ")", "{", "}", "!"}
# Words that only prefix a command (`time git commit`, `if git commit; then`).
_PREFIXES = {
    "command",
    "builtin",
    "exec",
    "time",
    "nohup",
    "nice",
    "then",
    "do",
    "else",
    "if",
    "while",
    "until",
    "xargs",
    "sudo",
    "stdbuf",
    "timeout",
    "-i",
    "--",
}
# Programs that run a command given in their arguments, after options of their own.
_RUNNERS = {
    "timeout", "nice", "stdbuf", "ionice", "chrt", "taskset", "nohup", "time", "sudo",
    "doas", "xargs", "env", "setsid", "flock", "unbuffer", "command", "exec", "builtin",
    "watch", "strace", "ltrace", "firejail", "runuser", "caffeinate", "systemd-run",
}  # fmt: skip
_TAKES_VALUE = set("mFCct")  # short commit options whose value follows in the same word
_ATTACHED = set("uS")  # short options whose value, if any, is the rest of the word
_SHELLS = {"sh", "bash", "zsh", "dash", "ksh"}
_WRITERS = {"rm", "mv", "cp", "ln", "chmod", "tee", "truncate", "install", "unlink", "sed"}


# Bash's ANSI-C quoting (`$'--no-verify'`, `$'\x2d\x2dno-verify'`) and locale quoting
# (`$"..."`), which shlex does not read: written out as the words bash makes of them.
_ANSI_C = lazyre.compile(r"\$'((?:[^'\\]|\\.)*)'|\$\"((?:[^\"\\]|\\.)*)\"")


def _unquoted(m: re.Match[str]) -> str:
    import codecs

    if m.group(2) is not None:
        return '"' + m.group(2) + '"'
    try:
        text = codecs.decode(m.group(1), "unicode_escape")
    except (UnicodeDecodeError, ValueError):
        text = m.group(1)
    return shlex.quote(text)


# What bash reads before it splits words: a backslash-newline joins two lines; `2>&1`,
# `&>`, `>&` and `|&` are redirections and a pipe, no `&` that ends a command.
_JOINED = lazyre.compile(r"\\\n")
_REDIRECTS = lazyre.compile(r"\d*>&(?:\d+|-)?|&>>?|\|&")


def _redirect(m: re.Match[str]) -> str:
    """A redirection as a word bash reads: `2>&1` whole (no target follows), `&>` and `>&`
    before their target, `|&` a pipe."""
    said = m.group()
    if said == "|&":
        return " | "
    return " " if said[-1:].isdigit() or said.endswith("-") else " > "


def _words(command: str) -> list[str]:
    if "\\\n" in command:
        command = _JOINED.sub("", command)
    if "&" in command:
        command = _REDIRECTS.sub(_redirect, command)
    if "$'" in command or '$"' in command:
        command = _ANSI_C.sub(_unquoted, command)
    lexer = shlex.shlex(command, posix=True, punctuation_chars=";&|()\n")
    lexer.whitespace_split = True
    try:
        return list(lexer)
    except ValueError:
        return command.split()


def _assignment(word: str) -> bool:
    name = word.split("=", 1)[0]
    return "=" in word and name.replace("_", "a").isalnum() and not name[0].isdigit()


def simple_commands(
    command: str, cwd: str = "", depth: int = 0
) -> Iterator[tuple[list[str], list[str], str]]:
    """Each simple command in a shell command line: (its environment words, its words,
    the folder it runs in). `sh -c '...'`, `bash -lc`, `eval` and `env` are read
    through; `cd DIR` moves the folder."""
    words = _words(command)
    start = 0
    exported: list[str] = []
    for i in range(len(words) + 1):
        if i < len(words) and words[i] not in _SEPARATORS:
            continue
        part = words[start:i]
        start = i + 1
        env = list(exported)
        runs = False  # behind a program that runs a command it is given
        while part and (
            part[0] in _PREFIXES
            or part[0] in ("export", "env")
            or _assignment(part[0])
            or (part[0].startswith("-") and env)
        ):
            word = part.pop(0)
            runs = runs or os.path.basename(word) in _RUNNERS
            if _assignment(word):
                env.append(word.strip())
        if not part:
            exported = env  # `export SKIP=...;` holds for what follows
            continue
        if part[0] == "cd" and len(part) > 1:
            cwd = os.path.join(cwd, part[1])
            continue
        name = os.path.basename(part[0])
        if depth < 3 and name in _SHELLS:
            flags = [w for w in part[1:] if w.startswith("-") and "c" in w.lstrip("-")]
            if flags:
                at = part.index(flags[0]) + 1
                for e, w, c in simple_commands(" ".join(part[at : at + 1]), cwd, depth + 1):
                    yield env + e, w, c
                continue
        if depth < 3 and name == "eval":
            for e, w, c in simple_commands(" ".join(part[1:]), cwd, depth + 1):
                yield env + e, w, c
            continue
        # Behind a program that runs the command its arguments name, options and values
        # first (`timeout 60 git ...`, `nice -n 5 git`, `stdbuf -oL git`): git where it
        # stands. (`echo git commit` runs no git.)
        at = 0
        if runs or os.path.basename(part[0]) in _RUNNERS:
            at = next((j for j, w in enumerate(part) if os.path.basename(w) == "git"), 0)
        yield env, part[at:], cwd


def git_call(words: list[str]) -> tuple[list[str], list[str]] | None:
    """(git's options, the subcommand and its arguments) of a git command, or None."""
    if not words or os.path.basename(words[0]) != "git":
        return None
    j, opts = 1, []
    while j < len(words) and words[j].startswith("-"):
        takes = words[j] in ("-C", "-c", "--git-dir", "--work-tree", "--namespace", "--config-env")
        opts += words[j : j + 1 + takes]
        j += 1 + takes
    return opts, words[j:]


# Long options of git commit and push whose value is the next word (`--message -n...`;
# not those whose value is optional, written with `=`).
_LONG_VALUES = (
    "--message",
    "--file",
    "--author",
    "--date",
    "--reuse-message",
    "--reedit-message",
    "--fixup",
    "--squash",
    "--template",
    "--cleanup",
    "--trailer",
    "--pathspec-from-file",
    "--repo",
    "--push-option",
    "--receive-pack",
    "--exec",
)


def _alias(opts: list[str]) -> str | None:
    """An alias set on the command line (`git -c alias.ci="commit --no-verify" ci`): a
    command this hook cannot read, whatever the subcommand is called."""
    for i, o in enumerate(opts):
        value = opts[i + 1] if o in ("-c", "--config-env") and i + 1 < len(opts) else o
        key = value.removeprefix("-c").lstrip("'\"").lower()
        if o.startswith(("-c", "--config-env")) and key.startswith(
            ("alias.", "--config-env=alias.")
        ):
            return f"`git -c {key.split('=')[0]}=...` runs a command this hook cannot read"
    return None


def bypass(env: list[str], opts: list[str], args: list[str]) -> str | None:
    """Why this git call would skip the hooks, or None (an option's value, such as a
    message that starts with -n, is no option)."""
    i = 1
    while i < len(args):
        a = args[i]
        i += 1
        if a == "--":
            break
        if len(a) >= 6 and "--no-verify".startswith(a):  # git takes --no-v for --no-verify
            return f"`git {args[0]} {a}` (--no-verify) skips the gate"
        if a in _LONG_VALUES:
            i += 1  # its value
        elif args[0] == "commit" and a.startswith("-") and not a.startswith("--"):
            for j, c in enumerate(a[1:]):
                if c == "n":
                    return "`git commit -n` (--no-verify) skips the gate"
                if c in _ATTACHED:
                    break  # `-uno`, `-Skey`: the rest is the value
                if c in _TAKES_VALUE:
                    i += 0 if j + 2 < len(a) else 1  # the value: the rest, or the next word
                    break
    for i, o in enumerate(opts):
        value = opts[i + 1] if o in ("-c", "--config-env") and i + 1 < len(opts) else o
        plain = value.lower().replace('"', "").replace("'", "")
        if o.startswith(("-c", "--config-env")) and ("hookspath" in plain or "include" in plain):
            return f"`git {o.split('=')[0]} {plain.split('=')[0]}...` can turn the gate's hooks off"
    for e in env:
        name, _, value = e.partition("=")
        skipped = [v.strip() for v in value.split(",") if v.strip().startswith("receipt-gate")]
        if name == "SKIP" and skipped:
            return f"SKIP={skipped[0]} turns the gate's hook off"
        if (
            name.startswith(("GIT_CONFIG", "PRE_COMMIT")) and name not in _INERT
        ) or name in _CONFIG_PLACES:
            return f"{name} can turn the gate's hooks off, or tell them the wrong thing"
        runs = name in _RUNS_ANOTHER or (name.startswith("PYTHON") and name not in _PYTHON_INERT)
        if runs and not (name == "PATH" and _keeps_path_first(value)):
            return f"{name} can make the hooks run another receipt-gate, or judge another index"
    return None


# Settings of those families that change only how output looks.
_INERT = {"PRE_COMMIT_COLOR", "GIT_CONFIG_NOSYSTEM"}
# Where git and pre-commit find a config that can turn hooks off (core.hooksPath in a
# global config of another HOME).
_CONFIG_PLACES = {"HOME", "XDG_CONFIG_HOME", "GIT_DIR", "GIT_COMMON_DIR"}
# What decides which program answers for the hook (pre-commit finds receipt-gate on
# PATH, unless a PATH keeps what it was first; a PYTHONPATH or a preload puts other code
# in it) or what git commits (another index, work tree or object store than the one the
# hook judges). Every PYTHON* variable but those that change no code (a cache prefix
# loads planted bytecode).
_PYTHON_INERT = {
    "PYTHONUNBUFFERED",
    "PYTHONDONTWRITEBYTECODE",
    "PYTHONIOENCODING",
    "PYTHONUTF8",
    "PYTHONHASHSEED",
    "PYTHONFAULTHANDLER",
    "PYTHONWARNINGS",
    "PYTHONNOUSERSITE",
    "PYTHONSAFEPATH",
}
_RUNS_ANOTHER = {
    "PATH",
    "LD_PRELOAD",
    "LD_LIBRARY_PATH",
    "DYLD_INSERT_LIBRARIES",
    "DYLD_LIBRARY_PATH",
    "VIRTUAL_ENV",
    "RECEIPT_GATE",
    "BASH_ENV",
    "GIT_EXEC_PATH",
    "GIT_INDEX_FILE",
    "GIT_WORK_TREE",
    "GIT_OBJECT_DIRECTORY",
    "GIT_ALTERNATE_OBJECT_DIRECTORIES",
}


# A PATH assignment whose `$PATH` bash does not expand: in single quotes or escaped
# (the words the hook reads have lost their quotes: this reads the command line).
_QUOTED_PATH = lazyre.compile(
    r"""(?:^|[;&|(\n]|\bexport|\benv)[ \t]*(?:\w+=\S*[ \t]+)*PATH=(?:"[^"]*)?(?:'[^']*\$|\\\$)"""
)


def _keeps_path_first(value: str) -> bool:
    """Does a PATH keep what it was at its front (`$PATH:~/bin`: a folder added after
    finds no program before the one the hook would have found)?"""
    return re.match(r"""["']?\$(?:PATH\b|\{PATH\})""", value.strip()) is not None


_CONFIG_READS = {
    "--get",
    "--get-all",
    "--get-regexp",
    "--get-urlmatch",
    "--list",
    "-l",
    "--get-color",
    "--get-colorbool",
    "get",
    "list",
}
_CONFIG_WRITES = {
    "--add",
    "--replace-all",
    "--unset",
    "--unset-all",
    "--rename-section",
    "--remove-section",
    "--edit",
    "-e",
    "set",
    "unset",
    "edit",
    "rename-section",
    "remove-section",
}
# .git/hooks as a shell may spell it: ./.git//hooks, .git/hook?, .git/*ooks.
_HOOKS_PATH = lazyre.compile(r"\.git/+(?:[*?\[]|h[^/\s]*[*?\[]|hooks\b)")
# Programs that may write anywhere their code says: a hooks path in their words counts.
_SCRIPTS = {
    "python",
    "python3",
    "perl",
    "ruby",
    "node",
    "find",
    "dd",
    "rsync",
    "tar",
    "unzip",
    "git-lfs",
}
# Commands whose last word is where they write (cp SRC DST): a hook copied out is read.
_TO_LAST = {"cp", "ln", "install"}


def disables_hooks(words: list[str]) -> str | None:
    """Why this command turns git's hooks off, or None (reading them is fine)."""
    call = git_call(words)
    if call is not None and call[1][:1] == ["config"] and _sets_hooks_path(call[1][1:]):
        return "`git config core.hooksPath` (or an include) turns the gate's hooks off"
    name = os.path.basename(words[0])
    if name in ("pre-commit", "prek") and "uninstall" in words[1:]:
        return f"`{name} uninstall` turns the gate's hooks off"
    written = words[1:]
    if name in _TO_LAST:
        named = [w for w in words[1:] if not w.startswith("-")]
        target = next(
            (words[i + 1] for i, w in enumerate(words[:-1]) if w in ("-t", "--target-directory")),
            None,
        )
        target = target or next(
            (
                w.split("=", 1)[1] if w.startswith("--") else w[w.index("t") + 1 :]
                for w in words[1:]
                if w.startswith("--target-directory=")
                or (
                    w.startswith("-")
                    and not w.startswith("--")
                    and "t" in w
                    and not w.endswith("t")
                )
            ),
            None,
        )
        written = [target] if target else named[-1:]
    scripted = name in _SCRIPTS and not _reads_only(name, words[1:])
    into_hooks = [
        w
        for i, w in enumerate(words)
        if _HOOKS_PATH.search(w) and (w.startswith(">") or words[i - 1] in (">", ">>") or scripted)
    ]
    writes = name in _WRITERS and not (name == "sed" and not _in_place(words[1:]))
    into_hooks += [w for w in written if writes and _HOOKS_PATH.search(w)]
    if into_hooks:
        return "writing into .git/hooks turns the gate's hooks off"
    return None


def _in_place(args: list[str]) -> bool:
    """Does sed edit its files (`-i`, `--in-place`, `-ni`), not only print them?"""
    return any(
        a.startswith("--in-place") or (a.startswith("-") and not a.startswith("--") and "i" in a)
        for a in args
    )


def _reads_only(name: str, args: list[str]) -> bool:
    """Does this program only read what it names: `find` with no action that writes or
    runs, `tar` that lists or creates an archive elsewhere (`tar czf out.tgz .git/hooks`)?"""
    if name == "find":
        return not any(
            a
            in (
                "-delete",
                "-exec",
                "-execdir",
                "-ok",
                "-okdir",
                "-fprint",
                "-fprintf",
                "-fls",
                "-fprint0",
            )
            for a in args
        )
    if name == "tar" and args:
        mode = args[0].lstrip("-")
        creates = mode[:1] in ("c", "t") or any(a in ("--create", "--list") for a in args)
        into = any(a in ("-C", "--directory") or a.startswith("--directory=") for a in args)
        return creates and not into and not any(a.startswith(("-x", "--extract")) for a in args)
    return False


def _sets_hooks_path(args: list[str]) -> bool:
    """Does `git config ARGS` change core.hooksPath (not only read it)?"""
    plain = [a.lower().replace('"', "").replace("'", "") for a in args]
    at = next((i for i, a in enumerate(plain) if "hookspath" in a or a.startswith("include")), None)
    if at is None:
        return False
    # (a verb counts only before the key: `git config core.hooksPath get` sets it to "get")
    if any(a in _CONFIG_WRITES or a.startswith("--replace") for a in plain[:at]):
        return True
    if any(a in _CONFIG_READS for a in plain[:at]):
        return False
    return at + 1 < len(plain)  # `git config core.hooksPath VALUE` sets; the key alone reads


def _folder(words: list[str], where: str) -> str:
    """Where a command runs: its folder, or the one `git -C DIR` names."""
    call = git_call(words)
    if call is not None and "-C" in call[0][:-1]:
        return os.path.join(where, call[0][call[0].index("-C") + 1])
    return where


def configured(where: str) -> str | None:
    """The root of the repository around `where`, if it is gated: its working tree, HEAD
    or a remote-tracking branch holds a receipt-gate config (deleting the config in the
    working tree gates nothing off)."""
    proc = subprocess.run(
        ["git", "-C", where, "rev-parse", "--show-toplevel"],
        capture_output=True,
        encoding="utf-8",
        errors="surrogateescape",
        check=False,
    )
    top = proc.stdout.strip()
    if proc.returncode != 0:
        return None
    if os.path.isfile(os.path.join(top, ".receipt-gate.yaml")):
        return top
    refs = subprocess.run(
        ["git", "-C", top, "for-each-ref", "--format=%(refname)", "refs/remotes"],
        capture_output=True,
        encoding="utf-8",
        errors="surrogateescape",
        check=False,
    )
    for ref in ["HEAD", *refs.stdout.split()]:
        if (
            subprocess.run(
                ["git", "-C", top, "cat-file", "-e", f"{ref}:.receipt-gate.yaml"],
                capture_output=True,
                check=False,
            ).returncode
            == 0
        ):
            return top
    return None


# git commands that stage what the working tree holds (what a commit after them
# carries): `stage` is `add`'s other name. (A checkout, a reset or a stash writes the
# index from what git already has: the commit hook judges what it wrote.)
_STAGING = {"add", "stage", "rm", "mv", "update-index", "apply"}


def _stages(words: list[str]) -> bool:
    """Is this a git command that stages the working tree (`add`, `stage`, `rm`...):
    what a commit after it carries changes?"""
    return (g := git_call(words)) is not None and g[1][:1] != [] and g[1][0] in _STAGING


def stages_first(args: list[str], added_before: bool) -> bool:
    """Will the commit carry the working tree rather than the index as it is now? (A
    `git add` before it, `commit -a`, `--include`/`--only`, or paths to commit.)"""
    if added_before:
        return True
    i = 1
    while i < len(args):
        a = args[i]
        if a == "--":
            return i + 1 < len(args)
        if a in ("--all", "--include", "--only"):
            return True
        if a.startswith("--"):
            i += 1 if "=" in a or a not in _LONG_VALUES else 2
            continue
        if a.startswith("-") and len(a) > 1:
            for j, c in enumerate(a[1:]):
                if c in "aio":
                    return True
                if c in _TAKES_VALUE:
                    i += 1 if j + 2 < len(a) else 2  # the value: the rest, or the next word
                    break
            else:
                i += 1
            continue
        return True  # a path: `git commit drafts/x.md` commits it as it is on disk
    return False


def gate(root: str, worktree_too: bool) -> tuple[int, str]:
    """Decide the checks on what the commit carries, writing nothing: (exit, report)."""
    exe = gate_command()
    rc, out = 0, ""
    index_gated = (
        subprocess.run(
            ["git", "-C", root, "cat-file", "-e", ":.receipt-gate.yaml"],
            capture_output=True,
            check=False,
        ).returncode
        == 0
    )
    trees = [["--staged"]] if index_gated else []  # an index without the config gates nothing
    for extra in [*trees, *([[]] if worktree_too else [])]:
        proc = subprocess.run(
            [*exe, "run", "--dry-run", *extra],
            cwd=root,
            capture_output=True,
            text=True,
            check=False,
        )
        if proc.returncode:
            rc, out = max(rc, proc.returncode), out + proc.stdout + proc.stderr
    return rc, out


def refuse(why: str) -> int:
    print(f"receipt-gate: refused: {why}. Commit without it; the gate decides.", file=sys.stderr)
    return 2


def main(argv: Sequence[str] | None = None) -> int:
    del argv  # Claude Code passes the tool call on stdin
    try:
        payload = json.load(sys.stdin)
        tool, command = payload.get("tool_name"), payload["tool_input"].get("command", "")
        cwd = payload.get("cwd") or os.getcwd()
    except (ValueError, KeyError, AttributeError, TypeError, RecursionError) as e:
        print(f"receipt-gate hook: not a PreToolUse payload ({type(e).__name__})", file=sys.stderr)
        return 1
    if tool != "Bash" or not isinstance(command, str):
        return 0
    if not isinstance(cwd, str) or "\0" in cwd:
        print("receipt-gate: refused: the tool call's cwd is not a folder's path", file=sys.stderr)
        return 2
    try:
        return _judged(command, cwd)
    except Exception as e:  # (a command the hook cannot read runs unjudged: never)
        why = printable(f"{type(e).__name__}: {e}")[:200]
        print(f"receipt-gate: refused: the gate cannot read this command ({why})", file=sys.stderr)
        return 2


def _judged(command: str, cwd: str) -> int:
    """The hook's answer to one Bash command run in cwd."""
    found = list(simple_commands(command, cwd))
    roots: dict[str, str | None] = {}  # (each folder asked of git once)
    for where in {cwd, *(_folder(words, where) for _, words, where in found)}:
        roots[where] = configured(where)
    if not any(roots.values()):
        return 0  # no receipt-gate here: not this hook's business
    quoted = _QUOTED_PATH.search(command) is not None  # (its value as bash reads it)
    targets: dict[str, bool] = {}
    added = False  # a git add (rm, mv) earlier in the command line
    for env, words, where in found:
        why = disables_hooks(words)
        call = git_call(words)
        if why is None and call is not None:
            why = _alias(call[0])
        if (
            why is None
            and call is not None
            and call[1][:1] in (["commit"], ["push"], ["merge"], ["pull"], ["am"], ["rebase"])
        ):
            why = bypass(env, *call)
            if why is None and quoted:
                why = "a PATH whose $PATH is quoted or escaped puts a folder named $PATH first"
        if why is not None:
            return refuse(why)
        if call is not None and call[1][:1] == ["commit"]:
            root = roots[_folder(words, where)]
            if root is not None:
                targets[root] = targets.get(root, False) or stages_first(call[1], added)
        added = added or _stages(words)
    for root, worktree_too in targets.items():
        try:
            rc, report = gate(root, worktree_too)
        except OSError as e:
            print(
                f"receipt-gate: refused: this repository is gated, and receipt-gate"
                f" cannot run ({e}); install it, or name it in $RECEIPT_GATE",
                file=sys.stderr,
            )
            return 2
        if rc != 0:
            text = report if len(report) <= LIMIT else report[:LIMIT] + "\n[...]\n"
            print(
                f"receipt-gate refused this commit (the gate, not a question):\n{text}"
                "Fix what is named above, stage it (`git add`), then commit again: the"
                " commit hook runs the checks and stages their receipts.",
                file=sys.stderr,
            )
            return 2
    return 0
