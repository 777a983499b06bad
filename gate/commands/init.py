"""`init`: a config for the layout the repository has, and the hooks that enforce it."""

from __future__ import annotations

import collections
import json
import os
from typing import TYPE_CHECKING

from receipt_gate import GateError
from receipt_gate.report.output import say
from receipt_gate.rules.config import CONFIG_FILE, DEFAULT_STATES
from receipt_gate.rules.session import find_root

if TYPE_CHECKING:
    import argparse
    from collections.abc import Callable, Sequence

    from receipt_gate.sites.layout import Layout

PRE_COMMIT_FILE = ".pre-commit-config.yaml"
# `repo: local` runs the receipt-gate this machine has installed: no download, no rev
# that could point at a release that does not exist.
PRE_COMMIT_BLOCK = """\
  - repo: local  # the receipt-gate installed on this machine, run from PATH
    hooks:
      - id: receipt-gate       # at commit: runs what is not fresh, stages it, verifies
        name: receipt gate
        entry: receipt-gate pre-commit
        language: system
        pass_filenames: false
        always_run: true
        require_serial: true
        stages: [pre-commit, pre-merge-commit]
      - id: receipt-gate-push  # at push: every tip pushed, from git objects
        name: receipt gate at push
        entry: receipt-gate pre-push
        language: system
        pass_filenames: false
        always_run: true
        verbose: true
        stages: [pre-push]
"""
# One check by hand, writing its receipts (`pre-commit run --hook-stage manual NAME
# --all-files`): one for each check init requires. The pair above needs none of them.
MANUAL_HOOK = """\
      - id: {name}  # by hand: pre-commit run --hook-stage manual {name} --all-files
        name: {name} (write receipts)
        entry: receipt-gate check {name}
        language: system
        types: [text]
        stages: [manual]
"""
INSTALL = (
    "pre-commit install --hook-type pre-commit --hook-type pre-merge-commit --hook-type pre-push"
)

GIT_HOOKS = {
    "pre-commit": "#!/bin/sh\n# receipt-gate: run what is not fresh on the staged drafts,"
    " stage the receipts,\n# and refuse the commit unless the index holds.\n"
    "exec receipt-gate pre-commit\n",
    # `git merge` runs no pre-commit hook for the commit it makes: this one, as git 2.24 has.
    "pre-merge-commit": "#!/bin/sh\n# receipt-gate: the same, for the commit `git merge` makes.\n"
    "exec receipt-gate pre-commit\n",
    "pre-push": "#!/bin/sh\n# receipt-gate: refuse the push unless every pushed tip holds.\n"
    'exec receipt-gate pre-push "$@"\n',
}


def _flow(items: list[str]) -> str:
    return "[" + ", ".join(json.dumps(i) for i in items) + "]"


def _checks(layout: Layout) -> tuple[list[str], list[str]]:
    """(the checks to require, the `checks:` lines): each check required by default says,
    through its `starter(layout)`, whether it applies to this layout and with what
    settings (headline-numbers needs published articles)."""
    from receipt_gate.checks.table import implementation, plugins
    from receipt_gate.trees.git import cache_dir

    required: list[str] = []
    lines: list[str] = []
    found = plugins(cache_dir(find_root()))
    for name, spec in sorted(found.items(), key=lambda kv: getattr(kv[1], "source", "")):
        if isinstance(spec, str) or not spec.by_default:
            continue
        start = getattr(implementation(spec), "starter", None)
        use, comments, settings = start(layout) if start is not None else (True, [], {})
        lines += [f"  # {c}" for c in comments]
        if use:
            required.append(name)
        if use and settings:
            lines.append(
                f"  {name}: {{"
                + ", ".join(f"{k}: {json.dumps(v)}" for k, v in settings.items())
                + "}"
            )
    return required, lines


def starter(layout: Layout, states: Sequence[str] = DEFAULT_STATES) -> str:
    """The config for a detected layout, commented for the person who will edit it."""
    required, settings = _checks(layout)
    lines = [
        "# receipt-gate: which drafts are gated and which checks must have run on them.",
        f"# Detected {layout.name} (receipt-gate init).",
        "# Globs follow git's wildmatch (drafts/**/*.md matches drafts/a.md and drafts/x/a.md);",
        "# a glob that starts with ! leaves out what it matches.",
        f"drafts: {_flow(layout.drafts)}",
        "# Receipts live here and are committed with the drafts.",
        "run_dir: .receipts",
        "# Every gated draft needs a fresh, passing receipt from each of these.",
        f"required: [{', '.join(required)}]",
        "checks:",
        *settings,
        f"states: [{', '.join(states)}]",
        "# Drafts whose status: is earlier than this are not gated; no status = gated.",
        "gate_from: ready",
    ]
    if layout.title_fields:
        lines += [
            "# The front-matter fields that are a page's title on this site.",
            f"title_fields: {_flow(layout.title_fields)}",
        ]
    if layout.markers == {}:
        lines += [
            "# The site publishes every page here (it has no draft marker), so each is",
            "# gated whatever its status: says.",
            "draft_markers: {}",
        ]
    elif layout.markers is not None:
        lines += [
            "# How this site marks what it has not published: such a file, without a",
            "# status: of its own, is `drafted` (not gated; not an article yet). A page",
            "# the site publishes is gated whatever its status: says.",
            "draft_markers:",
        ]
        paths = layout.markers.get("paths")
        if isinstance(paths, list):
            lines.append(f"  paths: {_flow(paths)}")
        fm = layout.markers.get("front_matter")
        if isinstance(fm, dict):
            lines.append(
                "  front_matter: {"
                + ", ".join(f"{k}: {json.dumps(v)}" for k, v in fm.items())
                + "}"
            )
        read_in = layout.markers.get("front_matter_in")
        if isinstance(read_in, list):
            lines += [
                "  # The pages whose front matter the generator reads (it copies any other",
                "  # file as it is, front matter and all).",
                f"  front_matter_in: {_flow(read_in)}",
            ]
        listed = layout.markers.get("listed_in")
        if isinstance(listed, list):
            lines += [
                "  # The tables of contents that publish the pages they link: a page they",
                "  # do not link (a draft chapter, `[Title]()`) is not published.",
                f"  listed_in: {_flow(listed)}",
            ]
        lines.append("  status: drafted")
    return "\n".join(lines) + "\n"


def init(args: argparse.Namespace) -> int:
    from receipt_gate import sites
    from receipt_gate.sites.layout import elsewhere
    from receipt_gate.trees import git
    from receipt_gate.trees.fsio import read_regular, write_file

    root = find_root()
    exists = os.path.exists(os.path.join(root, CONFIG_FILE))
    if args.git_hooks:
        hooks = [f".githooks/{name}" for name in GIT_HOOKS]
        there = [h for h in hooks if os.path.exists(os.path.join(root, h))]
        if there and not args.force:
            raise GateError(f"{there[0]}: already exists (use --force to overwrite)")
        for name, script in GIT_HOOKS.items():
            write_file(root, f".githooks/{name}", script.encode())
            os.chmod(os.path.join(root, ".githooks", name), 0o755)
        say(f"wrote {', '.join(hooks)}; turn them on with: git config core.hooksPath .githooks")
        _on_path()
        if exists:
            return 0
    elif exists and not args.force:
        # A config of its own (a copy of examples/content): kept, and the hooks set up
        # for it all the same, or the next step (pre-commit install) has nothing to run.
        from receipt_gate.rules.config import config_of
        from receipt_gate.trees.tree import WorkTree

        cfg = config_of(WorkTree(root))  # one that cannot be read says why: exit 2
        say(f"{CONFIG_FILE}: already there, left as it is (init --force writes a new one)")
        ignore_temporary_files(root)
        _pre_commit(root, [c for c in cfg.required if cfg.specs[c].deterministic], args.print_hooks)
        return 0

    def read(path: str) -> str | None:
        data = read_regular(root, path, 1 << 16)
        return None if data is None else data.decode("utf-8", "replace")

    paths = git.worktree_paths(root)
    layout = _without_links(root, sites.detect(paths, read))
    found = _status_values(layout, paths, read)
    states = fit_states(found)
    write_file(root, CONFIG_FILE, starter(layout, states).encode())
    gated, unpublished = _count(root)
    what = f"{gated} file{'s' * (gated != 1)} gated now"
    if unpublished:
        what += f" ({unpublished} more the site marks as drafts: not gated until published)"
    say(f"wrote {CONFIG_FILE}: {layout.name}, {what}")
    if layout.configs:
        shown = ", ".join(layout.configs[:4]) + (", ..." if len(layout.configs) > 4 else "")
        say(f"  read from {shown}")
    if layout.generator == "plain":
        say(
            "  no generator this gate knows builds it, so it cannot tell what the site"
            " publishes: it gated the pages where the writing is; widen drafts if more ships"
        )
    for line in _left_out(elsewhere(layout, paths)):
        say(line)
    if any(v not in DEFAULT_STATES for v in found):
        shown = ", ".join(f"{v} ({n})" for v, n in found.most_common(6))
        say(
            f"  status: values in the pages: {shown}; each is in states (one that says a page"
            " is not out yet before ready, any other after it)"
        )
    ignore_temporary_files(root)
    if not args.git_hooks:
        _pre_commit(root, _checks(layout)[0], args.print_hooks)
    if gated:
        say(
            "next: receipt-gate adopt  (what existing content fails, and the two honest"
            " ways to start)"
        )
    else:
        say(f"next: write a draft where drafts says ({layout.drafts[0]}), then commit")
    return 0


def _without_links(root: str, layout: Layout) -> Layout:
    """The layout with each symlink or submodule its globs could reach left out, in the
    spelling the gate reads (`!link/**`): what is behind one, the gate cannot see."""
    from receipt_gate.base import wildmatch
    from receipt_gate.trees.tree import WorkTree

    every = [*layout.drafts, *layout.articles, *(layout.pages or [])]
    links = WorkTree(root).blind([g for g in every if not g.startswith("!")])
    if not links:
        return layout
    out = [f"!{wildmatch.escape(p)}/**" for p, _ in links]

    def without(globs: list[str]) -> list[str]:
        return [*globs, *(g for g in out if g not in globs)] if globs else globs

    return layout._replace(
        drafts=without(layout.drafts),
        articles=without(layout.articles),
        pages=without(layout.pages or []) or layout.pages,
    )


# A status a site or a tool writes for a page not yet out; any other unknown one is
# taken as out (gated: fail closed).
_NOT_YET = frozenset(
    {
        "draft",
        "drafts",
        "wip",
        "todo",
        "pending",
        "review",
        "in-review",
        "private",
        "future",
        "planned",
        "outline",
        "idea",
        "ideas",
        "backlog",
    }
)


def _status_values(
    layout: Layout, paths: Sequence[str], read: Callable[[str], str | None]
) -> collections.Counter[str]:
    """The `status:` values the pages init gates carry (a site's own field, often)."""
    from receipt_gate.base import wildmatch
    from receipt_gate.reading.frontmatter import read as front_matter

    found: collections.Counter[str] = collections.Counter()
    for path in wildmatch.select(layout.drafts, paths):
        text = read(path)
        if not text or not text.startswith(("---", "+++", "{")):
            continue
        try:
            value = front_matter(text, path).fields.get("status")
        except GateError:
            continue
        if isinstance(value, str) and value.strip():
            found[value] += 1
    return found


def fit_states(found: collections.Counter[str]) -> list[str]:
    """The default states, with each other value the pages carry where it fits: one
    that says a page is not out yet before `ready`, any other (`publish`) after it."""
    before = [v for v in sorted(found) if v not in DEFAULT_STATES and v.lower() in _NOT_YET]
    after = [v for v in sorted(found) if v not in DEFAULT_STATES and v.lower() not in _NOT_YET]
    at = DEFAULT_STATES.index("ready")
    return [*DEFAULT_STATES[:at], *before, "ready", *after, *DEFAULT_STATES[at + 1 :]]


def _left_out(rest: Sequence[str]) -> list[str]:
    """One line per kind of page-like file no drafts glob takes, with where they are."""
    import collections
    import posixpath

    by_kind: dict[str, list[str]] = collections.defaultdict(list)
    for p in rest:
        by_kind[posixpath.splitext(p)[1].lower()].append(p)
    out = []
    for kind, found in sorted(by_kind.items(), key=lambda kv: (-len(kv[1]), kv[0])):
        folders = sorted(
            {
                "/".join(p.split("/")[: 2 if p.count("/") > 1 else 1]) + "/" if "/" in p else p
                for p in found
            }
        )
        where = ", ".join(folders[:4]) + (", ..." if len(folders) > 4 else "")
        out.append(
            f"  left out: {len(found)} {kind} file{'s' * (len(found) != 1)} ({where}),"
            " which the site does not publish as this config reads it; add them to"
            " drafts if it does"
        )
    return out


def _count(root: str) -> tuple[int, int]:
    """(drafts gated now, drafts the config holds that are not gated yet), by the config
    just written."""
    from receipt_gate.invariant.judge import gating
    from receipt_gate.rules.session import drafts_in, load_drafts, open_session

    s = open_session(root=root)
    try:
        drafts = load_drafts(s.tree, drafts_in(s.cfg, s.tree))
        gated = sum(gating(s.cfg, d.path, d.text)[0] for d in drafts)
    except GateError:  # a file it cannot read: `adopt` and the gate will name it
        return len(drafts_in(s.cfg, s.tree)), 0
    return gated, len(drafts) - gated


def pre_commit_block(required: Sequence[str]) -> str:
    """The pair, then a manual hook for each of these checks."""
    return PRE_COMMIT_BLOCK + "".join(MANUAL_HOOK.format(name=n) for n in required)


def _pre_commit(root: str, required: Sequence[str], print_only: bool = False) -> None:
    """Write the pre-commit config, add the hooks to the one there is (a text edit that
    keeps its comments and order, checked by reading it back), or say what to add."""

    from receipt_gate.trees.fsio import read_regular, write_file

    block = pre_commit_block(required)
    old = read_regular(root, PRE_COMMIT_FILE, 1 << 20)
    edited = None
    if old is None:
        write_file(root, PRE_COMMIT_FILE, ("repos:\n" + block).encode())
        say(
            f"wrote {PRE_COMMIT_FILE} with these lines under `repos:`; turn the hooks on"
            f" with: {INSTALL}"
        )
    elif b"receipt-gate" in old:
        say(
            f"{PRE_COMMIT_FILE} already names receipt-gate, left as it is; the lines"
            f" init recommends, then `{INSTALL}`:"
        )
    elif not print_only and (edited := with_hooks(old.decode("utf-8", "replace"), block)):
        write_file(root, PRE_COMMIT_FILE, edited.encode())
        say(
            f"added receipt-gate's hooks to {PRE_COMMIT_FILE} (at the end of `repos:`, its"
            f" comments and order kept); turn them on with: {INSTALL}"
        )
        _on_path()
        return
    else:
        why = "" if print_only else " (init could not add them to it plainly)"
        say(f"add these lines to {PRE_COMMIT_FILE} under `repos:`{why}, then `{INSTALL}`:")
    say()
    for line in block.rstrip("\n").split("\n"):
        say(line)
    say()
    _on_path()


def with_hooks(text: str, block: str) -> str | None:
    """The pre-commit config with the block added at the end of its `repos:` list, its
    indentation matched; None where that cannot be done plainly (no top-level `repos:`,
    a flow list with repos in it, a result that does not read back as the same repos
    and ours last)."""
    import re

    from receipt_gate.base import yamlio

    lines = text.split("\n")
    at = next((i for i, line in enumerate(lines) if re.match(r"repos\s*:", line)), None)
    if at is None:
        return None
    head = lines[at].split(":", 1)[1].split("#", 1)[0].strip()
    if head not in ("", "[]"):
        return None
    end = next(
        (
            i
            for i in range(at + 1, len(lines))
            if lines[i][:1].strip() and not lines[i].startswith(("#", "-"))
        ),
        len(lines),
    )
    while end > at + 1 and (not lines[end - 1].strip() or lines[end - 1].startswith("#")):
        end -= 1  # (a comment at the left edge above the next key is that key's)
    item = next(
        (m.group(1) for line in lines[at + 1 : end] if (m := re.match(r"( *)- ", line))), "  "
    )
    ours = [
        item + line[2:] if line.startswith("  ") else line
        for line in block.rstrip("\n").split("\n")
    ]
    out = [
        *lines[:at],
        "repos:" if head == "[]" else lines[at],
        *lines[at + 1 : end],
        *ours,
        *lines[end:],
    ]
    new = "\n".join(out)
    try:
        before = yamlio.load(text, PRE_COMMIT_FILE) or {}
        after = yamlio.load(new, PRE_COMMIT_FILE)
    except GateError:
        return None
    repos = after.get("repos") if isinstance(after, dict) else None
    if not (
        isinstance(before, dict)
        and isinstance(repos, list)
        and repos[:-1] == (before.get("repos") or [])
        and repos[-1].get("repo") == "local"
    ):
        return None
    return new if new.endswith("\n") else new + "\n"


def _on_path() -> None:
    import shutil

    if shutil.which("receipt-gate") is None:
        say(
            "warning: receipt-gate is not on PATH, so the hooks will not find it: install it"
            " where your shell finds it (pipx install, or activate its virtualenv)"
        )


def ignore_temporary_files(root: str) -> None:
    """Add the pattern of receipt-gate's temporary files to .gitignore (once), so one
    that survives a `kill -9` beside a receipt is never committed with it."""
    from receipt_gate.trees.fsio import TMP_PATTERN, read_regular, write_file

    old = read_regular(root, ".gitignore", 1 << 20) or b""
    if TMP_PATTERN.encode() in old.splitlines():
        return
    sep = b"" if not old or old.endswith(b"\n") else b"\n"
    write_file(
        root,
        ".gitignore",
        old + sep + b"# receipt-gate: temporary files a killed"
        b" writer left behind\n" + TMP_PATTERN.encode() + b"\n",
    )
    say(f"added {TMP_PATTERN} to .gitignore")
