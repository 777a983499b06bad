"""The `receipt-gate` command: argparse in one place; each command's body in gate/commands/."""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, cast

from receipt_gate import TOOL

if TYPE_CHECKING:
    import argparse

COMMANDS = (
    "run",
    "check",
    "verify",
    "status",
    "grade",
    "record",
    "pre-commit",
    "pre-push",
    "advance",
    "claim",
    "init",
    "adopt",
    "attest",
    "keygen",
    "agent",
    "mcp",
    "schema",
)


def _format_and_paths(s: argparse.ArgumentParser) -> None:
    """The --format and PATH... that check, verify and status share."""
    s.add_argument("--format", choices=("text", "json", "sarif"), default="text")
    s.add_argument("paths", nargs="*", metavar="PATH")


def _signing(s: argparse.ArgumentParser) -> None:
    """Where a command that writes receipts finds the private key, when the policy lists
    public keys (never in the repository)."""
    s.add_argument(
        "--key-env",
        metavar="NAME",
        help="environment variable holding the signing key (default RECEIPT_GATE_SIGNING_KEY)",
    )
    s.add_argument("--key-file", metavar="PATH", help="file outside the repository holding it")


def _formatter() -> type[argparse.HelpFormatter]:
    import argparse

    class _Formatter(argparse.HelpFormatter):
        """argparse's help, sized without importing shutil (4 ms on every hook run): every
        argument added builds a formatter, and the default one asks shutil for the width."""

        def __init__(
            self,
            prog: str,
            indent_increment: int = 2,
            max_help_position: int = 24,
            width: int | None = None,
        ) -> None:
            if width is None:
                try:
                    width = int(os.environ.get("COLUMNS", "0")) or os.get_terminal_size(1).columns
                except (ValueError, OSError):
                    width = 80
                width -= 2
            super().__init__(prog, indent_increment, max_help_position, width)

    return _Formatter


def _parser(only: str | None = None) -> argparse.ArgumentParser:
    """The command line; with `only`, just that command's part (a hook runs one command,
    and building all of them costs a hook more than its check does)."""
    import argparse
    import functools

    _Formatter = _formatter()

    def keep(command: str) -> bool:
        return only is None or only == command

    p = argparse.ArgumentParser(
        prog="receipt-gate",
        formatter_class=_Formatter,
        description="Proof that every required check ran on exactly the draft being committed.",
    )
    p.add_argument("--version", action="version", version=TOOL)
    sub = p.add_subparsers(dest="command", required=True, metavar="COMMAND")
    add = functools.partial(sub.add_parser, formatter_class=_Formatter)

    if keep("run"):
        s = add("run", help="run the deterministic required checks and write receipts")
        s.add_argument(
            "--check", action="append", metavar="NAME", help="only this check (repeatable)"
        )
        s.add_argument(
            "--dry-run", action="store_true", help="decide only: print the findings, write nothing"
        )
        s.add_argument(
            "--staged",
            action="store_true",
            help="with --dry-run: the drafts as staged (what a commit carries)",
        )
        s.add_argument("paths", nargs="*", metavar="PATH")
        _signing(s)
        s.set_defaults(module="run", func="run")

    if keep("check"):
        s = add("check", help="run one check and write its receipts (what each hook calls)")
        s.add_argument("name", metavar="NAME")
        _format_and_paths(s)
        _signing(s)
        s.set_defaults(module="run", func="check")

    if keep("verify"):
        s = add("verify", help="the gate: every required receipt fresh and passing")
        which = s.add_mutually_exclusive_group()
        which.add_argument("--staged", action="store_true", help="verify the index")
        which.add_argument("--rev", metavar="REV", help="verify a commit")
        s.add_argument(
            "--policy-from",
            metavar="REF",
            action="append",
            help="the rules in force come from this commit (default: the judged"
            " commit's parent; HEAD for the index and the working tree); given again,"
            " every draft is held to each commit's rules, the first with rules in force"
            " (evidence's sources, the checks run again): name the most trusted first",
        )
        s.add_argument(
            "--recheck",
            action="store_true",
            help="run the deterministic checks again on the drafts that differ"
            " from the policy's commit, and refuse a receipt they contradict",
        )
        s.add_argument("--recheck-all", action="store_true", help="--recheck every draft")
        s.add_argument(
            "--sarif-file",
            metavar="FILE",
            help="also write the verdicts as SARIF to FILE (written on exit 2 too, with the error)",
        )
        _format_and_paths(s)
        s.set_defaults(module="verify", func="verify")

    if keep("status"):
        s = add("status", help="a table: drafts down, required checks across")
        s.add_argument("--all", action="store_true", help="every row, not only those with problems")
        _format_and_paths(s)
        s.set_defaults(module="status", func="status")

    if keep("grade"):
        s = add("grade", help="run a model check, check its quotes, write receipts")
        s.add_argument(
            "--check",
            action="append",
            metavar="NAME",
            help="this model check (repeatable; default: every one required, else grader)",
        )
        s.add_argument("--jobs", type=int, default=4, metavar="N", help="drafts graded at once")
        s.add_argument("--force", action="store_true", help="grade drafts whose receipt is fresh")
        s.add_argument(
            "--gated-only",
            action="store_true",
            help="skip drafts before gate_from (what the grader hook does)",
        )
        s.add_argument("paths", nargs="*", metavar="PATH", help="default: every draft")
        _signing(s)
        s.set_defaults(module="grade", func="grade")

    if keep("record"):
        s = add("record", help="record a model verdict produced elsewhere")
        s.add_argument("name", metavar="NAME")
        s.add_argument("path", metavar="PATH")
        s.add_argument(
            "--verdict", required=True, metavar="FILE", help="the verdict JSON (- for stdin)"
        )
        s.add_argument(
            "--dry-run",
            action="store_true",
            help="check the verdict and its quotes, write nothing",
        )
        _signing(s)
        s.set_defaults(module="grade", func="record")

    if keep("pre-commit"):
        s = add(
            "pre-commit",
            help="the commit hook: run what is not fresh on the staged"
            " drafts, stage the receipts, verify the index",
        )
        _signing(s)
        s.set_defaults(module="pre_commit", func="pre_commit")

    if keep("pre-push"):
        s = add("pre-push", help="the pre-push gate: verify every pushed tip")
        s.add_argument("remote", nargs="?", help="git's remote name")
        s.add_argument("url", nargs="?", help="git's remote URL")
        s.set_defaults(module="pre_push", func="pre_push")

    if keep("advance"):
        s = add("advance", help="move a draft's status: (into ready only when verified)")
        s.add_argument("path", metavar="PATH")
        s.add_argument("state", metavar="STATE")
        _signing(s)
        s.set_defaults(module="advance", func="advance")

    if keep("claim"):
        s = add("claim", help="the registry of outside claims")
        claim = s.add_subparsers(dest="claim_command", required=True, metavar="ACTION")
        add_action = functools.partial(claim.add_parser, formatter_class=_Formatter)
        c = add_action("add", help="register terms with the source they were verified from")
        c.add_argument(
            "terms",
            nargs="+",
            metavar="TERM",
            help="a setting name, or a glob (* is any run of characters)",
        )
        c.add_argument(
            "--source",
            required=True,
            metavar="URL|PATH",
            help="an http(s) URL, or a file in this repository (docs/config.md#ttl)",
        )
        c.add_argument("--note", metavar="TEXT")
        c.add_argument("--replace", action="store_true", help="replace an existing entry")
        c.set_defaults(module="claim", func="add")
        c = add_action("allow", help="allow terms that need no source (the project's own names)")
        c.add_argument(
            "terms",
            nargs="+",
            metavar="TERM",
            help="a setting name, or a glob (* is any run of characters)",
        )
        c.add_argument("--note", metavar="TEXT", help="why (shown by claim list)")
        c.add_argument("--replace", action="store_true", help="replace an existing entry")
        c.set_defaults(module="claim", func="allow")
        c = add_action("import", help="register every term a JSON report names, in one write")
        c.add_argument(
            "report",
            metavar="REPORT",
            help="the output of `check registered-terms --format json`"
            " (or verify --format json); - for stdin",
        )
        c.add_argument("--source", metavar="URL|PATH", help="the source of every term")
        c.add_argument("--allow", action="store_true", help="allow them (no source)")
        c.add_argument("--note", metavar="TEXT")
        c.set_defaults(module="claim", func="import_report")
        c = add_action("list", help="list the registered claims")
        c.add_argument("--format", choices=("text", "json"), default="text")
        c.set_defaults(module="claim", func="list_claims")

    if keep("init"):
        s = add("init", help="write a starter .receipt-gate.yaml")
        s.add_argument("--force", action="store_true", help="overwrite existing files")
        s.add_argument(
            "--git-hooks",
            action="store_true",
            help="write plain git hooks in .githooks/ (for repos without pre-commit)",
        )
        s.add_argument(
            "--print-hooks",
            action="store_true",
            help="print the hooks to add to an existing .pre-commit-config.yaml"
            " instead of adding them",
        )
        s.set_defaults(module="init", func="init")
    if keep("adopt"):
        s = add("adopt", help="what existing content fails, and the two honest ways to start")
        how = s.add_mutually_exclusive_group()
        how.add_argument(
            "--baseline",
            action="store_true",
            help="record today's findings: they refuse nothing, new ones do",
        )
        how.add_argument(
            "--pre-gate",
            nargs="?",
            const="",
            metavar="STATE",
            help="mark failing drafts with a status before gate_from"
            " (default: the one just before); not on a site, which publishes"
            " a page whatever its status says",
        )
        how.add_argument(
            "--unpublish",
            action="store_true",
            help="on a site: mark failing pages with the site's own draft"
            " marker (draft: true), which takes them off the site",
        )
        s.add_argument("--format", choices=("text", "json"), default="text")
        s.set_defaults(module="adopt", func="adopt")
    if keep("attest"):
        s = add("attest", help="print the receipts as in-toto Statements in DSSE envelopes")
        s.add_argument("--rev", metavar="REV", help="attest a commit (default: the working tree)")
        s.add_argument(
            "--policy-from",
            metavar="REF",
            help="the rules in force come from this commit (as verify's)",
        )
        s.add_argument("paths", nargs="*", metavar="PATH", help="default: every gated draft")
        s.add_argument(
            "--verify",
            metavar="FILE",
            help="check a bundle attest printed: each signature (under the rules in force's"
            " keys), subject digest and predicate against the tree",
        )
        _signing(s)
        s.set_defaults(module="attest", func="attest")
    if keep("keygen"):
        s = add("keygen", help="make an Ed25519 key pair for signed receipts")
        how = s.add_mutually_exclusive_group(required=True)
        how.add_argument(
            "--out",
            metavar="PATH",
            help="where to write the private key (outside the repository)",
        )
        how.add_argument(
            "--export",
            metavar="PUBLIC_KEY",
            help="print this public key (ed25519:...) as PEM, for other verifiers",
        )
        s.set_defaults(module="keygen", func="keygen")
    if keep("agent"):
        s = add(
            "agent",
            help="an agent harness's hook (Claude Code): the event's JSON on stdin;"
            " exit 2 blocks with the reason on stderr",
        )
        s.add_argument(
            "event",
            choices=("pre-tool-use", "stop"),
            help="pre-tool-use: before a Bash command (a commit is checked first);"
            " stop: before the agent ends its turn (the session's commits are verified)",
        )
        s.set_defaults(module="agent", func="agent")
    if keep("mcp"):
        s = add("mcp", help="an MCP server on stdio: the gate as tools an agent calls")
        s.add_argument(
            "--write",
            action="store_true",
            help="let `run` and `record` write receipts (default: decide only, write nothing)",
        )
        s.add_argument(
            "--timeout",
            type=float,
            default=120.0,
            metavar="SECONDS",
            help="the longest one tool call may take (default 120)",
        )
        s.set_defaults(module="mcp", func="mcp")
    if keep("schema"):
        s = add("schema", help="print the JSON Schema of the config or of a receipt")
        s.add_argument("which", choices=("config", "receipt"))
        s.set_defaults(module="schema", func="schema")
    return p


# What the hooks call on every commit, exactly: parsed without argparse, whose import
# and gettext lookups cost a hook about 4 ms (tests compare both parses).
_HOOK_CALLS: dict[tuple[str, ...], dict[str, object]] = {
    ("pre-commit",): {"key_env": None, "key_file": None},
    ("verify", "--staged"): {
        "staged": True,
        "rev": None,
        "policy_from": None,
        "recheck": False,
        "recheck_all": False,
        "format": "text",
        "sarif_file": None,
        "paths": [],
    },
}


def parse(words: Sequence[str]) -> argparse.Namespace:
    """The parsed command line (argparse's, but for the hooks' own exact calls)."""
    fixed = _HOOK_CALLS.get(tuple(words))
    if fixed is not None:
        from types import SimpleNamespace

        module = words[0].replace("-", "_")
        return cast(
            "argparse.Namespace",
            SimpleNamespace(command=words[0], module=module, func=module, **fixed),
        )
    parser = _parser(words[0] if words and words[0] in COMMANDS else None)
    # PATHs may follow options (`check NAME --format json PATH`): argparse leaves those over.
    args, extra = parser.parse_known_args(words)
    if extra:
        if not hasattr(args, "paths") or any(e.startswith("-") for e in extra):
            parser.error(f"unrecognized arguments: {' '.join(extra)}")
        args.paths = [*args.paths, *extra]
    return args


def _safe_path() -> None:
    """Nothing is imported from the current folder: `python -m receipt_gate` (and
    `python -c`) put it first on sys.path, and in CI that folder is the checkout being
    judged, whose own `receipt_gate_hooks/` or `*.dist-info` would then be loaded as
    checks. receipt_gate itself is already imported by now; every check after it comes
    from what is installed (gate.checks.table checks where each comes from)."""
    here = os.path.realpath(os.getcwd())
    sys.path[:] = [p for p in sys.path if p and os.path.realpath(p) != here]


def main(argv: Sequence[str] | None = None) -> int:
    _safe_path()
    given = sys.argv[1:] if argv is None else list(argv)
    if given == ["verify"]:  # a working tree exactly HEAD's, verified today: one git status
        from receipt_gate.invariant.settled import answer

        code = answer(given)
        if code is not None:
            return code
    args = parse(given)
    from receipt_gate.errors import run_command

    return run_command(args)


# The commands a hook runs on every commit and push: run without the cyclic garbage
# collector, which on a 40,000-page site walked every object kept of the listing and the
# caches again and again as they were read (0.5 s of a 2.3 s commit; the same peak
# memory: nothing on that path makes cycles worth collecting).
HOOK_COMMANDS = frozenset({"pre-commit", "pre-push", "verify", "check"})


def console() -> None:
    """The `receipt-gate` command (and `python -m receipt_gate`): main(), then out.

    A hook runs on every commit, and the interpreter's teardown of the modules a gate
    imported costs about 4 ms: where nothing is left for it to do (no exit handler, no
    other thread; the files written are closed), the process leaves at once, its output
    flushed."""
    if HOOK_COMMANDS.intersection(sys.argv[1:2]):
        import gc

        gc.disable()
    code = main()
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except (OSError, ValueError, AttributeError):
        raise SystemExit(code) from None  # a reader gone: the usual way out says so
    import atexit

    if "threading" in sys.modules or atexit._ncallbacks():
        raise SystemExit(code)
    os._exit(code)


if __name__ == "__main__":
    console()
