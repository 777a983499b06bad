"""The `receipt-gate` command: argparse in one place, each subcommand a plain function."""

from __future__ import annotations

import argparse
import functools
import json
import os
import sys
from collections.abc import Sequence
from typing import Any

from gate import TOOL, GateError
from gate.config import CONFIG_FILE, Config, config_of
from gate.output import (
    colour,
    json_out,
    plural,
    report_json,
    report_sarif,
    report_text,
    sarif_out,
    say,
)
from gate.tree import IndexTree, Tree, WorkTree


def _rel(root: str, paths: Sequence[str]) -> list[str]:
    """Repo-relative POSIX paths for paths given on the command line."""
    out = []
    for p in paths:
        full = os.path.abspath(p)  # folders resolved like the root; the file itself is not
        rel = os.path.relpath(os.path.join(os.path.realpath(os.path.dirname(full)),
                                           os.path.basename(full)), root)
        if rel == ".." or rel.startswith(".." + os.sep) or os.path.isabs(rel):
            raise GateError(f"{p}: outside the repository at {root}")
        out.append(rel.replace(os.sep, "/"))
    return list(dict.fromkeys(out))


def _root() -> str:
    from gate import git

    return git.toplevel(os.getcwd())


# --- verify / status ------------------------------------------------------


def cmd_verify(args: argparse.Namespace) -> int:
    from gate.verify import evaluate

    root = _root()
    disk = WorkTree(root)
    tree: Tree
    if args.rev:
        from gate.revtree import RevTree

        tree, disk_or_none = RevTree(root, args.rev), None
    elif args.staged:
        tree, disk_or_none = IndexTree(root), disk
    else:
        tree, disk_or_none = disk, None
    cfg = config_of(tree, disk_or_none)
    report = evaluate(cfg, tree, _rel(root, args.paths) or None, disk_or_none)
    if args.format == "json":
        json_out(report_json(report), ensure_ascii=True)
        say()
    elif args.format == "sarif":
        sarif_out(report_sarif(report))
    else:
        report_text(report, cfg)
    if report.errors:
        return 2
    return 0 if report.ok else 1


def cmd_status(args: argparse.Namespace) -> int:
    from gate.verify import evaluate

    root = _root()
    tree = WorkTree(root)
    cfg = config_of(tree)
    report = evaluate(cfg, tree, _rel(root, args.paths) or None)
    cells = {(c.draft, c.check): c.state for c in report.cells}
    bad = [d for d in report.drafts if any(cells[(d, c)] != "fresh" for c in report.required)]
    if args.format == "json":
        json_out({"ok": report.ok, "required": list(report.required), "errors":
                   list(report.errors), "drafts": [
                       {"draft": d, "gated": True,
                        "cells": {c: cells[(d, c)] for c in report.required}}
                       for d in report.drafts] + [
                       {"draft": d, "gated": False, "status": s} for d, s in report.ungated]},
                  ensure_ascii=True)
        say()
        return 2 if report.errors else 0 if report.ok else 1
    if args.format == "sarif":
        sarif_out(report_sarif(report))
        return 2 if report.errors else 0 if report.ok else 1
    for e in report.errors:
        say(e)
    say(f"receipt-gate: {plural(len(report.drafts), 'gated draft')}:"
         f" {len(report.drafts) - len(bad)} all fresh, {len(bad)} not;"
         f" {len(report.ungated)} not gated yet (status before {cfg.gate_from})")
    paint = {"fresh": "32", "stale": "33", "missing": "31", "fail": "31"}
    head = ["draft", *report.required]
    shown = report.drafts if args.all else bad
    rows = [[d, *(cells[(d, c)] for c in report.required)] for d in shown]
    if args.all:
        rows += [[d, *(f"({s})" for _ in report.required)] for d, s in report.ungated]
    widths = [max(len(r[i]) for r in [head, *rows]) for i in range(len(head))]
    for r in [head, *rows] if rows else []:
        say("  ".join(colour(v.ljust(w), paint[v]) if v in paint else v.ljust(w)
                       for v, w in zip(r, widths, strict=True)).rstrip())
    if report.nothing_gated:
        say(f"receipt-gate: nothing is gated: drafts {list(cfg.drafts)} match no file")
    if report.errors:
        return 2
    return 0 if report.ok else 1


# --- run / check ----------------------------------------------------------


def _select(root: str, cfg: Config, tree: WorkTree, paths: Sequence[str]) -> tuple[list[str], int]:
    """The drafts among the given paths (all drafts if none), and how many were skipped."""
    if not paths:
        from gate.verify import drafts_in

        return drafts_in(cfg, tree), 0
    rel = _rel(root, paths)
    for p, given in zip(rel, paths, strict=True):
        if not os.path.isfile(os.path.join(root, p)):
            raise GateError(f"{given}: no such file")
    from gate import wildmatch

    chosen = [
        p for p in rel if wildmatch.match(cfg.drafts, p) and not p.startswith(cfg.run_dir + "/")
    ]
    return chosen, len(rel) - len(chosen)


def _run_checks(args: argparse.Namespace, names: Sequence[str]) -> int:
    from gate import runner

    root = _root()
    tree = WorkTree(root)
    cfg = config_of(tree)
    paths, skipped = _select(root, cfg, tree, args.paths)
    from gate.verify import gating

    drafts = runner.load_drafts(tree, paths)
    status = {d.path: gating(cfg, d.path, d.text) for d in drafts}
    tty = sys.stderr.isatty()

    def progress(done: int, total: int) -> None:
        print(f"\rchecking: {done}/{total}", end="", file=sys.stderr, flush=True)

    results = runner.run(cfg, tree, names, drafts, progress if tty else None)
    if tty and len(drafts) * len(names) >= 50:
        print("\r" + " " * 40 + "\r", end="", file=sys.stderr)  # progress line, erased
    fmt = getattr(args, "format", "text")
    # Findings on a draft before gate_from are reported and recorded, but refuse nothing.
    failed = [r for r in results if r.outcome.findings and status[r.draft][0]]
    if fmt == "sarif":
        from gate.sarif import Result

        sarif_out(Result("finding", f"{r.check}: {f.message}", r.draft, f.line, f.col)
                   for r in results for f in r.outcome.findings)
        return 1 if failed else 0
    if fmt == "json":
        doc = {
            "checks": list(names),
            "checked": sum(r.outcome.checked for r in results),
            "drafts": [
                {
                    "draft": r.draft,
                    "check": r.check,
                    "verdict": "fail" if r.outcome.findings else "pass",
                    "gated": status[r.draft][0],
                    "receipt": r.receipt,
                    "written": r.written,
                }
                for r in results
            ],
            "violations": [
                {"draft": r.draft, "check": r.check, **f.as_dict()}
                for r in results
                for f in r.outcome.findings
            ],
        }
        if len(names) == 1:
            doc["check"] = names[0]
        json_out(doc)
        say()
        return 1 if failed else 0
    for r in results:
        gated, state = status[r.draft]
        note = "" if gated else f" (not gated yet: status {state})"
        for f in r.outcome.findings:
            say(f"{r.draft}:{f.line}:{f.col}: {r.check}: {f.message}{note}")
    written = sum(r.written for r in results)
    label = ", ".join(names)
    if not drafts:
        why = f" ({plural(skipped, 'path')} given, none a draft)" if skipped else ""
        say(f"receipt-gate: {label}: no draft to check{why}")
        return 0
    bad = {r.draft for r in failed}
    early = len({r.draft for r in results if r.outcome.findings} - bad)
    not_yet = f" ({early} more not gated yet)" if early else ""
    say(
        f"receipt-gate: {label}: {plural(len(drafts), 'draft')} checked, {len(bad)}"
        f" failed{not_yet}; {plural(written, 'receipt')} written,"
        f" {len(results) - written} unchanged"
    )
    if bad:
        say(f"hint: fix the findings, then receipt-gate run {' '.join(sorted(bad))}")
    elif written:
        say(f"hint: git add {cfg.run_dir}")
    return 1 if failed else 0


def cmd_run(args: argparse.Namespace) -> int:
    from gate.checks import CHECKS

    names = list(dict.fromkeys(args.check or []))
    for n in names:
        if n not in CHECKS:
            raise GateError(f"--check {n}: unknown check (known: {', '.join(CHECKS)})")
        if not CHECKS[n].deterministic:
            raise GateError(f"--check {n}: a model check; use receipt-gate grade")
    if not names:
        root = _root()
        cfg = config_of(WorkTree(root))
        names = [n for n in cfg.required if CHECKS[n].deterministic]
        if not names:
            raise GateError(f"{CONFIG_FILE}: required lists no deterministic check to run")
    return _run_checks(args, names)


def cmd_check(args: argparse.Namespace) -> int:
    from gate.checks import CHECKS

    if args.name not in CHECKS:
        raise GateError(f"{args.name}: unknown check (known: {', '.join(CHECKS)})")
    if not CHECKS[args.name].deterministic:
        raise GateError(f"{args.name}: a model check; use receipt-gate grade")
    return _run_checks(args, [args.name])


# --- grade / record -------------------------------------------------------


def _model_check(name: str) -> None:
    from gate.checks import CHECKS

    if name not in CHECKS:
        raise GateError(f"{name}: unknown check (known: {', '.join(CHECKS)})")
    if CHECKS[name].deterministic:
        raise GateError(f"{name}: its verdict is computed by code; use receipt-gate run")


def _write_verdict(
    cfg: Config, root: str, draft: Any, name: str, verdict: dict[str, Any], inputs: str,
    min_chars: int,
) -> bool:
    """Check the quotes, then write the receipt; False (and why, printed) if refused."""
    from gate import receipts
    from gate.quotes import describe
    from hooks import grader

    problems = grader.quote_problems(verdict, draft.text, min_chars)
    if problems:
        for p in problems:
            say(f"{draft.path}: {name}: refused: {describe(p)}; no receipt written")
        return False
    found = grader.findings(verdict, draft.text)
    receipt = receipts.build(name, draft.path, receipts.sha256(draft.data), inputs, found,
                             {"criteria": verdict["criteria"]})
    from gate.signing import key

    rpath = receipts.receipt_path(cfg.run_dir, draft.path, name)
    receipts.write(root, rpath, receipt, key(cfg, root))
    for f in found:
        say(f"{draft.path}:{f.line}:{f.col}: {name}: {f.message}")
    say(f"{draft.path}: {name}: verdict {receipt['verdict']}, receipt {rpath}")
    return True


def cmd_grade(args: argparse.Namespace) -> int:
    from concurrent.futures import ThreadPoolExecutor

    from gate import receipts, runner
    from gate.config import check_settings
    from gate.verify import FAIL, FRESH, judge
    from hooks import grader

    root = _root()
    tree = WorkTree(root)
    cfg = config_of(tree)
    settings = check_settings(cfg, "grader", grader.DEFAULTS)
    command = settings["command"]
    if not command:
        raise GateError(f"{CONFIG_FILE}: checks.grader.command: not set (or record a verdict"
                        " made elsewhere: receipt-gate record grader PATH --verdict FILE)")
    from gate.verify import gating

    paths, _ = _select(root, cfg, tree, args.paths)
    drafts = runner.load_drafts(tree, paths)
    from gate.signing import key

    secret = key(cfg, root)
    inputs = receipts.inputs_sha256("grader", cfg, tree)
    todo = []
    for d in drafts:
        if args.gated_only and not gating(cfg, d.path, d.text)[0]:
            continue
        cell = judge(tree, cfg, d.path, receipts.sha256(d.data), "grader", inputs, d.text,
                     secret)
        if cell.state in (FRESH, FAIL) and not args.force:
            verdict = "pass" if cell.state == FRESH else "fail"
            say(f"{d.path}: grader: receipt already fresh (verdict {verdict}); --force grades"
                 " it again")
        else:
            todo.append(d)
    if not todo:
        return 0
    jobs = max(1, min(args.jobs, len(todo)))
    tty = sys.stderr.isatty()
    results: dict[str, dict[str, Any] | str] = {}

    def one(d: Any) -> None:
        try:
            results[d.path] = grader.run_command(command, d.path, d.data,
                                                 settings["timeout_s"], root)
        except grader.GradeError as e:
            results[d.path] = str(e)
        if tty:
            print(f"\rgrading: {len(results)}/{len(todo)}", end="", file=sys.stderr, flush=True)

    with ThreadPoolExecutor(max_workers=jobs) as pool:
        list(pool.map(one, todo))
    if tty:
        print(file=sys.stderr)
    errors = [results[d.path] for d in todo if isinstance(results[d.path], str)]
    refused = False
    for d in todo:
        got = results[d.path]
        if isinstance(got, dict):
            refused |= not _write_verdict(cfg, root, d, "grader", got, inputs,
                                          settings["min_quote_chars"])
    for e in errors:
        print(f"receipt-gate: {e}", file=sys.stderr)
    if errors:
        return 2
    return 1 if refused else 0


def cmd_record(args: argparse.Namespace) -> int:
    from gate import receipts, runner
    from gate.config import check_settings
    from hooks import grader

    _model_check(args.name)
    root = _root()
    tree = WorkTree(root)
    cfg = config_of(tree)
    settings = check_settings(cfg, args.name, grader.DEFAULTS)
    paths, _ = _select(root, cfg, tree, [args.path])
    if not paths:
        raise GateError(f"{args.path}: not a draft (drafts in {CONFIG_FILE}: {list(cfg.drafts)})")
    (draft,) = runner.load_drafts(tree, paths)
    source = "standard input" if args.verdict == "-" else args.verdict
    try:
        if args.verdict == "-":
            data = sys.stdin.buffer.read(grader.OUTPUT_LIMIT + 1)
        else:
            with open(args.verdict, "rb") as f:
                data = f.read(grader.OUTPUT_LIMIT + 1)
    except OSError as e:
        raise GateError(f"{source}: cannot read: {e.strerror}") from None
    if len(data) > grader.OUTPUT_LIMIT:
        raise GateError(f"{source}: larger than {grader.OUTPUT_LIMIT} bytes")
    try:
        verdict = grader.parse_verdict(data, source)
    except grader.GradeError as e:
        raise GateError(str(e)) from None
    inputs = receipts.inputs_sha256(args.name, cfg, tree)
    ok = _write_verdict(cfg, root, draft, args.name, verdict, inputs, settings["min_quote_chars"])
    return 0 if ok else 1


# --- pre-push / advance ---------------------------------------------------


def cmd_pre_push(args: argparse.Namespace) -> int:
    from gate import push
    from gate.revtree import RevTree
    from gate.verify import evaluate

    root = _root()
    if "PRE_COMMIT_REMOTE_NAME" in os.environ or "PRE_COMMIT_TO_REF" in os.environ:
        pushes = push.from_pre_commit(root, dict(os.environ))
    elif sys.stdin is None or sys.stdin.isatty():
        raise GateError("pre-push: expects git's pre-push lines on standard input")
    else:
        pushes = push.from_stdin(sys.stdin)
    rc = 0
    for p in pushes:
        tree = RevTree(root, p.local)
        cfg = config_of(tree)
        if push.unchanged(root, cfg, p):
            say(f"receipt-gate: {p.ref}: nothing the gate reads changed since"
                 f" {p.remote[:12]}; not verified again")
            continue
        report = evaluate(cfg, tree)
        say(f"receipt-gate: pushing {p.ref} ({p.local[:12]}):")
        report_text(report, cfg)
        rc = max(rc, 2 if report.errors else 0 if report.ok else 1)
    if not pushes:
        say("receipt-gate: pre-push: nothing to verify")
    elif rc:
        say("hint: fix and commit the receipts, then push again (a commit made with"
             " --no-verify skips the commit hook, not this one)")
    return rc


def cmd_advance(args: argparse.Namespace) -> int:
    from gate import receipts, runner
    from gate.checks import CHECKS
    from gate.states import set_status
    from gate.verify import FRESH, gating, judge

    root = _root()
    tree = WorkTree(root)
    cfg = config_of(tree)
    (path,) = _rel(root, [args.path])
    if args.state not in cfg.states:
        raise GateError(f"{args.state}: not one of the states in {CONFIG_FILE}:"
                        f" {', '.join(cfg.states)}")
    paths, _ = _select(root, cfg, tree, [args.path])
    if not paths:
        raise GateError(f"{args.path}: not a draft (drafts in {CONFIG_FILE}: {list(cfg.drafts)})")
    (draft,) = runner.load_drafts(tree, paths)
    _, status = gating(cfg, path, draft.text)
    new = set_status(draft.data, args.state)
    if new == draft.data:
        say(f"{path}: already {args.state}")
        return 0
    from gate.signing import key

    secret = key(cfg, root)
    old_sha = receipts.sha256(draft.data)
    inputs = {c: receipts.inputs_sha256(c, cfg, tree) for c in cfg.required}
    cells = [judge(tree, cfg, path, old_sha, c, inputs[c], draft.text, secret)
             for c in cfg.required]
    stale = [c for c in cells if c.state != FRESH]
    if cfg.gated_state(args.state) and stale:
        for c in stale:
            say(f"{c.receipt}: {c.message}")
        say(f"receipt-gate: advance: refused: {path} cannot move to {args.state}"
             f" ({cfg.gate_from} or later) until every required receipt is fresh and passing")
        return 1
    receipts.write_bytes(root, path, new)
    moved = f"{path}: {status or '(no status)'} -> {args.state}"
    if stale:
        say(moved)
        return 0
    # Only the status line changed, and every receipt held a moment ago: keep them
    # fresh. Code checks run again on the new bytes; a model's verdict is re-keyed,
    # saying which bytes it was given.
    (moved_draft,) = runner.load_drafts(WorkTree(root), [path])
    runner.run(cfg, WorkTree(root), [c for c in cfg.required if CHECKS[c].deterministic],
               [moved_draft])
    for check in cfg.required:
        if not CHECKS[check].deterministic:
            rpath = receipts.receipt_path(cfg.run_dir, path, check)
            with open(os.path.join(root, rpath), "rb") as f:
                receipt = json.load(f)
            receipt["draft_sha256"] = receipts.sha256(new)
            receipt["advanced_from"] = {"draft_sha256": old_sha, "status": status}
            receipts.write(root, rpath, receipt, secret)
    say(f"{moved}; receipts kept fresh (git add {path} {cfg.run_dir})")
    return 0


# --- claim ----------------------------------------------------------------


def _registry_path(cfg: Config) -> str:
    from gate.claims import DEFAULT_REGISTRY

    path = cfg.checks.get("registered-terms", {}).get("registry", DEFAULT_REGISTRY)
    if not isinstance(path, str) or not path:
        raise GateError(f"{CONFIG_FILE}: checks.registered-terms.registry: expected a path")
    return path


def cmd_claim_add(args: argparse.Namespace) -> int:
    from gate import claims
    from gate.receipts import now

    root = _root()
    tree = WorkTree(root)
    path = _registry_path(config_of(tree))
    bad = claims.source_error(args.source)
    if bad:
        raise GateError(f"--source: {bad}")
    if not args.term.strip() or args.term != args.term.strip():
        raise GateError(f"TERM: {args.term!r} is empty or has surrounding spaces")
    registry = claims.parse(tree.read(path), path)
    old = next((c for c in registry if c.term == args.term), None)
    if old is not None and not args.replace:
        say(f"{path}: {args.term} is already registered (source {old.source});"
             " use --replace to change it")
        return 1
    new = claims.Claim(args.term, args.source, args.note or "", now())
    registry = [new if c.term == args.term else c for c in registry]
    if old is None:
        registry.append(new)
    claims.write(root, path, registry)
    say(f"{path}: {'replaced' if old else 'registered'} {args.term} ({args.source})")
    return 0


def cmd_claim_list(args: argparse.Namespace) -> int:
    from gate import claims

    tree = WorkTree(_root())
    path = _registry_path(config_of(tree))
    registry = claims.parse(tree.read(path), path)
    if args.format == "json":
        json_out([c._asdict() for c in registry])
        say()
        return 0
    if not registry:
        say(f"{path}: no claims registered")
        return 0
    rows = [("term", "source", "registered_at", "note")]
    rows += [(c.term, c.source, c.registered_at, c.note) for c in registry]
    widths = [max(len(r[i]) for r in rows) for i in range(3)]
    for r in rows:
        say("  ".join([*(v.ljust(w) for v, w in zip(r[:3], widths, strict=True)), r[3]]).rstrip())
    return 0


# --- init -----------------------------------------------------------------

STARTER = """\
# receipt-gate: which drafts are gated and which checks must have run on them.
# Globs follow git's wildmatch: drafts/**/*.md matches drafts/a.md and drafts/x/a.md.
drafts: ["drafts/**/*.md"]
# Receipts live here and are committed with the drafts.
run_dir: .receipts
# Every gated draft needs a fresh, passing receipt from each of these.
required: [ai-tells, hook-length, {headline}registered-terms]
checks:
  hook-length: {{max_chars: 280, max_lines: 3}}
  # Titles are the accused, bodies decide: your published articles, nothing else.
  {no_posts}headline-numbers: {{articles: ["posts/**/*.md"]}}
  # Outside claims: receipt-gate claim add TERM --source URL writes this file.
  registered-terms: {{registry: claims.yaml}}
states: [idea, accepted, researched, drafted, ready, shipped, measured]
# Drafts whose status: is earlier than this are not gated; no status = gated.
gate_from: ready
"""

PRE_COMMIT_BLOCK = """\
  - repo: https://github.com/OWNER/receipt-gate  # this repository's URL
    rev: v{version}
    hooks:
      - id: ai-tells
      - id: hook-length
{headline}      - id: registered-terms
      - id: receipt-gate
      - id: receipt-gate-push
"""

GIT_HOOKS = {
    "pre-commit": "#!/bin/sh\n# receipt-gate: refuse the commit unless the index holds.\n"
                  "exec receipt-gate verify --staged\n",
    "pre-push": "#!/bin/sh\n# receipt-gate: refuse the push unless every pushed tip holds.\n"
                "exec receipt-gate pre-push \"$@\"\n",
}


def cmd_init(args: argparse.Namespace) -> int:
    from gate import __version__
    from gate.receipts import write_bytes

    root = _root()
    exists = os.path.exists(os.path.join(root, CONFIG_FILE))
    if args.git_hooks:
        hooks = [f".githooks/{name}" for name in GIT_HOOKS]
        there = [h for h in hooks if os.path.exists(os.path.join(root, h))]
        if there and not args.force:
            raise GateError(f"{there[0]}: already exists (use --force to overwrite)")
        for name, script in GIT_HOOKS.items():
            write_bytes(root, f".githooks/{name}", script.encode())
            os.chmod(os.path.join(root, ".githooks", name), 0o755)
        say(f"wrote {', '.join(hooks)}; turn them on with: git config core.hooksPath .githooks")
        if exists:
            return 0
    elif exists and not args.force:
        raise GateError(f"{CONFIG_FILE}: already exists (use --force to overwrite)")
    from gate import git, wildmatch

    posts = wildmatch.select(["posts/**/*.md"], git.worktree_paths(root))
    starter = STARTER.format(
        headline="headline-numbers, " if posts else "",
        no_posts="" if posts else "# No posts/**/*.md yet: add headline-numbers to required"
        " once you publish.\n  ",
    )
    write_bytes(root, CONFIG_FILE, starter.encode())
    say(f"wrote {CONFIG_FILE}")
    if not args.git_hooks:
        say("add this to .pre-commit-config.yaml under `repos:`, then"
             " `pre-commit install --hook-type pre-commit --hook-type pre-push`:")
        say()
        headline = ("      - id: headline-numbers\n" if posts else
                    "      # - id: headline-numbers   (once posts/ has articles)\n")
        say(PRE_COMMIT_BLOCK.format(version=__version__, headline=headline).rstrip("\n"))
    return 0


# --- parser ---------------------------------------------------------------


class _Formatter(argparse.HelpFormatter):
    """argparse's help, sized without importing shutil (4 ms on every hook run): every
    argument added builds a formatter, and the default one asks shutil for the width."""

    def __init__(self, prog: str, indent_increment: int = 2, max_help_position: int = 24,
                 width: int | None = None) -> None:
        if width is None:
            try:
                width = int(os.environ.get("COLUMNS", "0")) or os.get_terminal_size(1).columns
            except (ValueError, OSError):
                width = 80
            width -= 2
        super().__init__(prog, indent_increment, max_help_position, width)


def _format_and_paths(s: argparse.ArgumentParser) -> None:
    """The --format and PATH... that check, verify and status share."""
    s.add_argument("--format", choices=("text", "json", "sarif"), default="text")
    s.add_argument("paths", nargs="*", metavar="PATH")


def _parser(only: str | None = None) -> argparse.ArgumentParser:
    """The command line; with `only`, just that command's part (a hook runs one command,
    and building all twelve costs a hook more than its check does)."""

    def keep(command: str) -> bool:
        return only is None or only == command

    p = argparse.ArgumentParser(
        prog="receipt-gate", formatter_class=_Formatter,
        description="Proof that every required check ran on exactly the draft being committed.",
    )
    p.add_argument("--version", action="version", version=TOOL)
    sub = p.add_subparsers(dest="command", required=True, metavar="COMMAND")
    add = functools.partial(sub.add_parser, formatter_class=_Formatter)

    if keep("run"):
        s = add("run", help="run the deterministic required checks and write receipts")
        s.add_argument("--check", action="append", metavar="NAME",
                       help="only this check (repeatable)")
        s.add_argument("paths", nargs="*", metavar="PATH")
        s.set_defaults(func=cmd_run)

    if keep("check"):
        s = add("check", help="run one check and write its receipts (what each hook calls)")
        s.add_argument("name", metavar="NAME")
        _format_and_paths(s)
        s.set_defaults(func=cmd_check)

    if keep("verify"):
        s = add("verify", help="the gate: every required receipt fresh and passing")
        which = s.add_mutually_exclusive_group()
        which.add_argument("--staged", action="store_true", help="verify the index")
        which.add_argument("--rev", metavar="REV", help="verify a commit")
        _format_and_paths(s)
        s.set_defaults(func=cmd_verify)

    if keep("status"):
        s = add("status", help="a table: drafts down, required checks across")
        s.add_argument("--all", action="store_true", help="every row, not only those with problems")
        _format_and_paths(s)
        s.set_defaults(func=cmd_status)

    if keep("grade"):
        s = add("grade", help="run the model grader, check its quotes, write receipts")
        s.add_argument("--jobs", type=int, default=4, metavar="N", help="drafts graded at once")
        s.add_argument("--force", action="store_true", help="grade drafts whose receipt is fresh")
        s.add_argument("--gated-only", action="store_true",
                       help="skip drafts before gate_from (what the grader hook does)")
        s.add_argument("paths", nargs="*", metavar="PATH", help="default: every draft")
        s.set_defaults(func=cmd_grade)

    if keep("record"):
        s = add("record", help="record a model verdict produced elsewhere")
        s.add_argument("name", metavar="NAME")
        s.add_argument("path", metavar="PATH")
        s.add_argument("--verdict", required=True, metavar="FILE",
                       help="the verdict JSON (- for stdin)")
        s.set_defaults(func=cmd_record)

    if keep("pre-push"):
        s = add("pre-push", help="the pre-push gate: verify every pushed tip")
        s.add_argument("remote", nargs="?", help="git's remote name (ignored)")
        s.add_argument("url", nargs="?", help="git's remote URL (ignored)")
        s.set_defaults(func=cmd_pre_push)

    if keep("advance"):
        s = add("advance", help="move a draft's status: (into ready only when verified)")
        s.add_argument("path", metavar="PATH")
        s.add_argument("state", metavar="STATE")
        s.set_defaults(func=cmd_advance)

    if keep("claim"):
        s = add("claim", help="the registry of outside claims")
        claim = s.add_subparsers(dest="claim_command", required=True, metavar="ACTION")
        add_action = functools.partial(claim.add_parser, formatter_class=_Formatter)
        c = add_action("add", help="register a term with the URL it was verified from")
        c.add_argument("term", metavar="TERM")
        c.add_argument("--source", required=True, metavar="URL")
        c.add_argument("--note", metavar="TEXT")
        c.add_argument("--replace", action="store_true", help="replace an existing entry")
        c.set_defaults(func=cmd_claim_add)
        c = add_action("list", help="list the registered claims")
        c.add_argument("--format", choices=("text", "json"), default="text")
        c.set_defaults(func=cmd_claim_list)

    if keep("init"):
        s = add("init", help="write a starter .receipt-gate.yaml")
        s.add_argument("--force", action="store_true", help="overwrite existing files")
        s.add_argument("--git-hooks", action="store_true",
                       help="write plain git hooks in .githooks/ (for repos without pre-commit)")
        s.set_defaults(func=cmd_init)
    return p


COMMANDS = ("run", "check", "verify", "status", "grade", "record", "pre-push", "advance",
            "claim", "init")


def main(argv: Sequence[str] | None = None) -> int:
    words = sys.argv[1:] if argv is None else list(argv)
    parser = _parser(words[0] if words and words[0] in COMMANDS else None)
    # PATHs may follow options (`check NAME --format json PATH`): argparse leaves those over.
    args, extra = parser.parse_known_args(argv)
    if extra:
        if not hasattr(args, "paths") or any(e.startswith("-") for e in extra):
            parser.error(f"unrecognized arguments: {' '.join(extra)}")
        args.paths = [*args.paths, *extra]
    from gate.tree import Unreadable

    try:
        rc: int = args.func(args)
    except (GateError, Unreadable) as e:
        sys.stdout.flush()
        for line in str(e).splitlines():
            print(f"receipt-gate: {line}", file=sys.stderr)
        return 2
    sys.stdout.flush()
    return rc


if __name__ == "__main__":
    raise SystemExit(main())
