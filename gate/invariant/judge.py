"""One receipt against the five conditions, and whether a draft is gated at all.

The conditions, as the messages say them: a receipt is stale when the draft changed
after the check ran (1) or what the check read did (2), failed when its verdict is
fail (3), unquoted when a model's quote or evidence is not there (4), unsigned when
signing is configured and no trusted key signed it (5).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from receipt_gate import GateError
from receipt_gate.base.text import shell_words
from receipt_gate.invariant.receipts import RECEIPT_LIMIT, parse, receipt_path, sha256
from receipt_gate.reading.frontmatter import read as read_front_matter
from receipt_gate.rules.config import CONFIG_FILE, Config
from receipt_gate.trees.tree import Tree, Unreadable

if TYPE_CHECKING:
    from receipt_gate.reading.quotes import QuoteProblem
    from receipt_gate.rules.fingerprint import Fingerprint

FRESH, STALE, MISSING, FAIL = "fresh", "stale", "missing", "fail"


class Cell(NamedTuple):
    """One draft x one required check: its state and, unless fresh, why."""

    draft: str
    check: str
    receipt: str
    state: str  # fresh / stale / missing / fail
    reason: str = ""  # missing, unreadable, mismatched, stale, failed, unstaged
    condition: int = 0  # which of the five conditions broke (0: no usable receipt)
    message: str = ""
    findings: tuple[dict[str, Any], ...] = ()
    checked_sha: str = ""  # the draft_sha256 a stale receipt was written for
    stage: str = ""  # what `git add` fixes an unstaged cell
    # A fresh receipt's findings that a comment or the baseline suppressed (gate.rules.suppress)
    suppressed: tuple[dict[str, Any], ...] = ()
    # A fresh receipt's reads (the corpus keys its verdict read), and the files a model's
    # evidence quotes: what the commit hook's record (gate.invariant.verified) watches.
    reads: tuple[str, ...] = ()
    files: tuple[str, ...] = ()


def gating(cfg: Config, path: str, text: str) -> tuple[bool, str]:
    """(gated?, status) of a draft.

    On a site (draft_markers), a file the site publishes is gated whatever its status:
    says: only the site's own marker, as the generator reads it, holds a page back, and
    then its status decides (no status: the markers' state). A status the states do not
    list is the site's own field (an old `status: publish`): it decides nothing, as it
    holds nothing back. In a drafts folder, where the status is what gates a draft, an
    unknown one is that draft's bad input (GateError, naming it and the states)."""
    fm = read_front_matter(text, path)
    status = fm.fields.get("status")
    if status is not None and (not isinstance(status, str) or status not in cfg.states):
        if cfg.draft_markers is not None:
            status = None  # the site's field, not ours: the page is judged as unmarked
        else:
            line = fm.lines.get("status", 1)
            raise GateError(
                f"{path}:{line}: status {status!r} is not one of the states in"
                f" {CONFIG_FILE} ({', '.join(cfg.states)}): use one of them, or"
                " add it to states where it belongs"
            )
    if cfg.draft_markers is None:
        return cfg.gated_state(status), status or ""
    site = cfg.site_status(path, fm.fields, lambda key: _literal(text, fm.lines.get(key)))
    if site is None:
        return True, status or ""  # published: what readers read must have passed
    if status is None:
        return cfg.gated_state(site), site
    return cfg.gated_state(status), status


_PLAIN_SCALAR = (  # compiled on first use (re's cache): most commits never ask
    r"""^\s*"?[^\s"=:]+"?\s*[:=]\s*(?:true|True|TRUE|false|False|FALSE|[-+]?\d+|"[^"\\]*"|'[^']*')"""
    r"""\s*,?\s*(?:#.*)?$"""
)


def _literal(text: str, line: int | None) -> bool:
    """Is the field on this line of the draft written as a value every reader reads
    alike: true/false, an integer, a quoted string (not YAML 1.1's yes, on, y...)?"""
    if line is None:
        return False
    lines = text.split("\n", line)
    return line <= len(lines) and re.match(_PLAIN_SCALAR, lines[line - 1].rstrip("\r")) is not None


DERIVE = "derive"  # judge()'s sources: the rules' commit sources_for() finds


def sources_for(tree: Tree) -> Tree | None:
    """The commit a model's evidence comes from when `tree` is judged and no rules'
    commit is named: HEAD for the index and the working tree, a commit's first parent;
    None where there is none (a first commit)."""
    from receipt_gate.trees import revs
    from receipt_gate.trees.gittree import CommitTree

    if not tree.root:
        return None
    if isinstance(tree, CommitTree):
        parent = revs.first_parent(tree.root, tree.commit)
        return None if parent is None else CommitTree(tree.root, parent, "the parent")
    return CommitTree(tree.root, "HEAD", "HEAD") if revs.head(tree.root) else None


def judge(
    tree: Tree,
    cfg: Config,
    draft: str,
    draft_sha: str,
    check: str,
    fp: Fingerprint,
    text: str,
    keys: Sequence[bytes] = (),
    run_dir: str | None = None,
    sources: Tree | str | None = DERIVE,
) -> Cell:
    """Decide one receipt against the five conditions, in order: its inputs_sha256 must
    be the check's fingerprint `fp` for this draft and what its verdict read. With `keys`
    (the public keys signing trusts), condition 5 applies; `run_dir` looks for the receipt
    in another folder than the config's; `sources`: the rules' commit, where a model's
    evidence must come from (DERIVE: sources_for(tree))."""
    rpath = receipt_path(run_dir or cfg.run_dir, draft, check)

    def cell(state: str, reason: str, condition: int, message: str, **kw: Any) -> Cell:
        return Cell(draft, check, rpath, state, reason, condition, message, **kw)

    try:
        data = tree.read(rpath, RECEIPT_LIMIT)
    except Unreadable as e:
        return cell(MISSING, "unreadable", 0, f"unreadable ({e.reason}); counts as missing")
    if data is None:
        return cell(
            MISSING,
            "missing",
            0,
            f"missing: {check} has no receipt for {draft} in the {tree.label}",
        )
    # The common case, 40,000 times in a big repository: a receipt of ours, fresh and
    # passing, decided without parse()'s checks; anything else goes the whole way.
    deterministic = cfg.specs[check].deterministic
    if not keys and deterministic:
        quick = _quick_fresh(data, check, draft, draft_sha, fp)
        if quick is not None:
            return Cell(draft, check, rpath, FRESH, reads=quick)
    receipt = parse(data)
    if isinstance(receipt, str):
        return cell(MISSING, "unreadable", 0, f"unreadable ({receipt}); counts as missing")
    if receipt["check"] != check or receipt["draft"] != draft:
        return cell(
            MISSING,
            "mismatched",
            0,
            f"refused: it is the {receipt['check']} receipt of"
            f" {receipt['draft']}, not the {check} receipt of {draft}; counts as missing",
        )
    ran = receipt["ran_at"]
    if receipt["draft_sha256"] != draft_sha:
        return cell(
            STALE,
            "stale",
            1,
            f"stale: the draft changed after {check} ran at {ran} (the receipt is for other bytes)",
            checked_sha=receipt["draft_sha256"],
        )
    if receipt["inputs_sha256"] != fp.of(draft, receipt.get("reads", ())):
        return cell(
            STALE,
            "stale",
            2,
            f"stale: what the check read changed since {check} ran"
            f" at {ran} (its settings, version, input files, or the part of its corpus"
            " this draft's verdict read)",
        )
    if receipt["verdict"] != "pass":
        findings = tuple(receipt["findings"])
        n = len(findings)
        return cell(
            FAIL,
            "failed",
            3,
            f"failed: {check} says fail for {draft} ({n} finding{'s' * (n != 1)})",
            findings=findings,
            suppressed=tuple(receipt.get("suppressed", ())),
        )
    if not deterministic:
        from receipt_gate.checks.model import evidence_problems
        from receipt_gate.reading.quotes import check_quotes, describe

        criteria = receipt.get("criteria")
        if (
            not isinstance(criteria, list)
            or not criteria
            or not all(isinstance(c, dict) for c in criteria)
        ):
            return cell(
                MISSING,
                "unquoted",
                4,
                "unquoted: the receipt carries no criteria"
                " whose quotes can be checked; counts as missing",
            )
        least = cfg.effective[check]["min_quote_chars"]
        cited = any(c.get("evidence") for c in criteria)
        source_tree = sources_for(tree) if sources == DERIVE and cited else sources
        bad = check_quotes(criteria, text, least, draft, unshown_kinds(tree, cfg.run_dir))
        bad += layout_problems(criteria, tree, cfg, draft, text) + evidence_problems(
            criteria,
            tree,
            least,
            draft,
            source_tree if not isinstance(source_tree, str) else None,
            cfg.run_dir,
            own_pages(cfg),
        )
        if bad:
            more = f" (and {len(bad) - 1} more)" if len(bad) > 1 else ""
            return cell(
                MISSING, "unquoted", 4, f"unquoted: {describe(bad[0])}{more}; counts as missing"
            )
    if keys:
        from receipt_gate.base import signing

        why = signing.problem(receipt, keys)
        if why:
            detail = (
                "carries no signature"
                if why == "unsigned"
                else "has no signature that verifies with a key in signing.public_keys"
            )
            return cell(
                MISSING, why.replace(" ", "-"), 5, f"{why}: the receipt {detail}; counts as missing"
            )
    files = (
        ()
        if deterministic
        else tuple(
            sorted({str(e["path"]) for c in receipt["criteria"] for e in c.get("evidence", ())})
        )
    )
    return Cell(
        draft,
        check,
        rpath,
        FRESH,
        suppressed=tuple(receipt.get("suppressed", ())),
        reads=tuple(receipt.get("reads", ())),
        files=files,
    )


def unshown_kinds(tree: Tree, run_dir: str) -> frozenset[str]:
    """What a Hugo render hook of the tree may not print (gate.sites.hugo), and
    footnotes where a generator renders none (gate.sites.footnotes_dropped), once per
    tree (its receipts' folder, `run_dir`, never listed): a model's quote of them counts
    nowhere."""
    from receipt_gate.sites.hugo import unshown_by_render_hooks
    from receipt_gate.trees.tree import built_once, small_text

    def find() -> frozenset[str]:
        from receipt_gate.base.wildmatch import escape
        from receipt_gate.sites import tree_drops_footnotes

        globs = ["**/_markup/render-*", "**/layouts/partials/**", "**/layouts/_partials/**"]
        # (and Hugo's configs, which may turn goldmark's passthrough on: round 86)
        globs += [
            f"**/{n}.{e}" for n in ("hugo", "config") for e in ("toml", "yaml", "yml", "json")
        ]
        globs += ["**/config/_default/*", "config/**"]
        paths = tree.paths([*globs, f"!{escape(run_dir)}/**"])
        hooks = unshown_by_render_hooks(paths, lambda p: small_text(tree, p))
        return hooks | ({"footnote"} if tree_drops_footnotes(tree, run_dir) else set())

    return built_once(tree, f"unshown-kinds/{run_dir}", find)


def own_pages(cfg: Config) -> Callable[[str], bool]:
    """Whether a path is our own writing, no source for a model's evidence: one the
    drafts globs gate, or any file in a folder they gate (round 83: `drafts/notes.markdown`
    and `drafts/notes.MD` beside `drafts/**/*.md`), or a page anywhere where a glob names
    no folder (`**/*.md`)."""
    from receipt_gate.base import wildmatch
    from receipt_gate.sites.layout import PAGE_LIKE

    prefix = cfg.run_dir + "/"
    folders: list[tuple[str, bool]] = []  # (a folder the globs gate, anywhere in a path)
    for glob in cfg.drafts:
        if glob.startswith("!"):
            continue
        anywhere = glob.startswith("**/")
        folder = re.split(r"[*?\[]", glob.removeprefix("**/"), maxsplit=1)[0].rpartition("/")[0]
        folders.append((folder + "/" if folder else "", anywhere))

    def own(path: str) -> bool:
        if path.startswith(prefix):
            return False
        if wildmatch.match(cfg.drafts, path) or wildmatch.match(cfg.drafts, path.lower()):
            return True
        page = path.lower().endswith(PAGE_LIKE)  # (anywhere the globs name no folder)
        return any(
            (path.startswith(f) or (anywhere and f"/{f}" in f"/{path}")) if f else page
            for f, anywhere in folders
        )

    return own


def layout_problems(
    criteria: Sequence[Mapping[str, Any]], tree: Tree, cfg: Config, draft: str, text: str
) -> list[QuoteProblem]:
    """A problem for each criterion's first quote where the page's layout does not
    surely print the page (gate.rules.corpus.unprinted_layout): no reader reads a quote
    of it on the page built."""
    from receipt_gate.reading.quotes import QuoteProblem
    from receipt_gate.rules.corpus import unprinted_layout

    name = unprinted_layout(tree, cfg, draft, text)
    if name is None:
        return []
    why = f"is in a page whose layout {name!r} does not surely print it (no reader reads it)"
    return [
        QuoteProblem(str(c.get("name", "?")), str(c["quotes"][0]), why)
        for c in criteria
        if isinstance(c.get("quotes"), list) and c["quotes"]  # (no quote: said already)
    ]


def quick(
    tree: Tree,
    cfg: Config,
    draft: str,
    draft_sha: str,
    check: str,
    fp: Fingerprint,
    keys: Sequence[bytes],
) -> tuple[str, ...] | None:
    """The reads of the receipt when it is one of ours, fresh and passing, decided the
    quick way (no Cell: 40,000 of them in a big repository, where the caller needs none);
    None: judge() decides."""
    if keys or not cfg.specs[check].deterministic:
        return None
    try:
        data = tree.read(receipt_path(cfg.run_dir, draft, check), RECEIPT_LIMIT)
    except Unreadable:
        return None
    return None if data is None else _quick_fresh(data, check, draft, draft_sha, fp)


def _quick_fresh(
    data: bytes, check: str, draft: str, digest: str, fp: Fingerprint
) -> tuple[str, ...] | None:
    """The receipt's reads only when parse() would accept it and the rest of judge() find
    it fresh and passing (equal to our own hex digests, the values need no hex test);
    else None."""
    try:
        text = data.decode()
        if "\\ud" in text or "\\uD" in text:
            return None  # an escaped surrogate: parse() decides whether it is valid
        obj, end = _SCAN(text, 0)
    except (UnicodeDecodeError, StopIteration, ValueError, RecursionError):
        return None
    if type(obj) is not dict or not (
        obj.get("draft_sha256") == digest
        and obj.get("verdict") == "pass"
        and obj.get("check") == check
        and obj.get("draft") == draft
        and type(obj.get("ran_at")) is str
        and type(obj.get("tool")) is str
        and obj.get("findings") == []
        and "suppressed" not in obj
        and not text[end:].strip(_JSON_SPACE)
    ):
        return None
    reads = obj.get("reads", ())
    if reads == ():
        return () if obj.get("inputs_sha256") == (fp.flat or fp.of(draft)) else None
    if type(reads) is not list:
        return None
    try:
        "".join(reads)  # a TypeError unless every read is a string
    except TypeError:
        return None
    return tuple(reads) if obj.get("inputs_sha256") == fp.of(draft, reads) else None


# The decoder's scanner: one JSON value from a position, without the whole-string
# checks json.loads adds (done above). JSONDecoder.__init__ sets it; undocumented,
# unchanged since Python 2.6, and absent from the type stubs.
_SCAN: Callable[[str, int], tuple[Any, int]] = json.JSONDecoder().scan_once  # type: ignore[attr-defined]
_JSON_SPACE = " \t\n\r"


def unstaged(
    cell: Cell,
    disk: Tree,
    cfg: Config,
    draft: str,
    digest: str,
    fp: Fingerprint,
    text: str,
    keys: Sequence[bytes],
) -> Cell:
    """What `git add` would make the index hold: a fresh receipt, or the checked draft."""
    on_disk = judge(disk, cfg, draft, digest, cell.check, fp, text, keys)
    if on_disk.state == FAIL:
        return on_disk
    if on_disk.state == FRESH:
        if cell.condition:
            what = f"a {cell.state} receipt"
        else:
            what = "no receipt" if cell.reason == "missing" else f"an {cell.reason} receipt"
        return cell._replace(
            reason="unstaged",
            stage=cell.receipt,
            message=f"not staged: the index has {what}, and the receipt on disk is fresh for"
            f" the staged draft; stage it: git add {shell_words([cell.receipt])}",
        )
    disk_draft = disk.read(draft)
    if cell.checked_sha and disk_draft is not None and sha256(disk_draft) == cell.checked_sha:
        return cell._replace(
            reason="unstaged",
            stage=draft,
            message=f"{cell.message}; the receipt was written for the draft on disk, which is"
            f" not staged: git add {shell_words([draft])}",
        )
    return cell
