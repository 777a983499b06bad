"""What a site publishes that the drafts globs do not gate, where a change brings it in.

`receipt-gate init` writes a site's drafts globs from its build config as it is then
(Jekyll's `exclude`, `include`, `markdown_ext`; Hugo's static folders). A later
change to that config can publish pages no glob reaches (drop an `exclude:`, add a
`staticDir`), at once or in a later commit that adds the page: the gate reads the
site as its generator would and refuses, naming each page, until drafts gates it.

- A change to the build config: every page the new config publishes that the config
  in force did not (over the same files).
- Any change: each page it adds or edits that the site, as its config stands,
  publishes and drafts does not gate.

A page the drafts globs leave out that no change touches is not asked about (the
rules' reviewer saw them leave it out: `policy change: weakens`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from receipt_gate.base.kinds import MORE_MARKUP, WRITING

if TYPE_CHECKING:
    from collections.abc import Collection, Mapping

    from receipt_gate.rules.config import Config
    from receipt_gate.trees.tree import Tree

SHOWN = 5  # pages named in full; the rest are counted
# What any generator may publish as a page (lower case): a changed file of another kind
# costs no reading of the site.
PAGE_EXTS = (
    *WRITING,
    *MORE_MARKUP,
    # what a site copies or builds as a page of another kind
    ".php",
    ".txt",
    ".xml",
    ".rss",
    ".atom",
    ".json",
    ".csv",
    ".ics",
    ".svg",
)


def newly_published(
    cfg: Config, tree: Tree, base: Tree | None, changed_paths: Collection[str] | None = None
) -> list[str]:
    """A line for each page the tree's site publishes, that drafts does not gate, and
    that the change from `base` (the rules' commit, or HEAD) publishes anew: by a
    build config it changes, or by adding or editing the page. `changed_paths`, when
    known: what differs from `base`."""
    if base is None or base is tree or cfg.draft_markers is None:
        return []
    from receipt_gate.base import wildmatch
    from receipt_gate.rules.markers import BUILD_FILES, builds
    from receipt_gate.rules.markup import build_texts, texts_of

    prefix = cfg.run_dir + "/"

    def outside(p: str) -> bool:  # (what drafts does not gate)
        return not p.startswith(prefix) and not wildmatch.match(cfg.drafts, p)

    def ungated(p: str) -> bool:
        return p.lower().endswith(PAGE_EXTS) and outside(p)

    markers = cfg.draft_markers
    # What a published page includes into itself (mdBook's {{#include}}) is published
    # with it, wherever it lies (gate.rules.config: the tables of contents' pages).
    into = {p: toc for toc, pages in markers.listed or () for p in pages}
    modules = moved_submodules(tree, base, changed_paths)
    if changed_paths is not None:  # (the commit hook's: most commits stop here)
        touched = [p for p in changed_paths if ungated(p)]
        # A receipt (`receipt-gate run`, then `git add -A`) is a .json file, which any
        # build may name as its config: only one a build names counts.
        build = any(builds(p) for p in changed_paths if not p.startswith(prefix))
        inside = [p for p in changed_paths if p.startswith(prefix)]
        if inside and not build:
            named = build_texts(tree, cfg.run_dir)[3]
            build = "" in named or any(p in named for p in inside)
        relisted = any(p in into or p in markers.listed_in for p in changed_paths)
        if not touched and not build and not relisted:
            return modules
        paths = tree.paths()
    else:
        paths = tree.paths()
        maybe = [p for p in paths if ungated(p)]
        configs = [p for p in paths if builds(p)]
        kept = set(configs)
        then = [p for p in base.paths(BUILD_FILES) if p not in kept]  # (deleted)
        now_at, then_at = tree.stamps([*maybe, *configs]), base.stamps([*maybe, *configs, *then])
        touched = [p for p in maybe if now_at.get(p) is None or now_at.get(p) != then_at.get(p)]
        build = bool(then) or any(
            now_at.get(p) is None or now_at.get(p) != then_at.get(p) for p in configs
        )
    present = set(paths)
    touched = [p for p in touched if p in present]
    # A file a table of contents lists, or a page it publishes includes, that it did
    # not before (a file an earlier change added, unpublished then): published anew.
    relisted_now = _newly_listed(cfg, base, into) if markers.listed_in else []
    touched += [p for p in relisted_now if p in present and outside(p) and p not in touched]
    files, _, texts, named = build_texts(tree, cfg.run_dir)
    changed: list[str] = []
    base_texts: dict[str, str | None] = {}
    if build:
        base_files, _, base_texts, _ = build_texts(base, cfg.run_dir)
        changed = sorted(p for p in {*files, *base_files} if texts.get(p) != base_texts.get(p))
    if not changed and not touched:
        return modules  # (the common case: the build config is as it was, no page ungated)
    from receipt_gate import CONFIG_FILE
    from receipt_gate.base.text import printable
    from receipt_gate.sites import detect

    def now(path: str) -> str | None:
        if path not in texts:
            texts.update(texts_of(tree, [path]))
        return texts[path]

    def before(path: str) -> str | None:  # the config in force; the rest as it is now
        return base_texts.get(path) if path in files or path in base_texts else now(path)

    layout = detect(paths, now, cfg.run_dir, named)
    if layout.generator == "plain":
        return modules  # no generator's site: its globs are a guess, not what ships
    new: dict[str, str] = {}
    if changed:
        shipped = set(wildmatch.select(detect(paths, before, cfg.run_dir, named).drafts, paths))
        why = ", ".join(printable(p) for p in changed[:3]) + " ..." * (len(changed) > 3)
        new.update(
            (p, f"the site's build now publishes it (changed: {why})")
            for p in wildmatch.select(layout.drafts, paths)
            if p not in shipped and outside(p)
        )
    for p in wildmatch.select(layout.drafts, touched):
        new.setdefault(p, f"the site publishes it ({layout.name}) and this change adds or edits it")
    for p in touched:
        if p in into and outside(p):
            new.setdefault(
                p,
                f"a page {printable(into[p])} publishes lists or includes it, and this"
                " change adds, edits or publishes it",
            )
    out = modules + [
        f"{printable(p)}: {what}, where drafts ({CONFIG_FILE}) gates it not: add it to drafts"
        for p, what in sorted(new.items())[:SHOWN]
    ]
    if len(new) > SHOWN:
        out.append(
            f"... and {len(new) - SHOWN} more pages the site publishes that drafts"
            f" ({CONFIG_FILE}) does not gate"
        )
    return out


def moved_submodules(
    tree: Tree, base: Tree, changed_paths: Collection[str] | None = None
) -> list[str]:
    """A line for each submodule the change adds or moves whose content/ folder holds
    pages, or which the gate cannot read: a site generator mounts a theme's or module's
    content/ into the site's (Hugo), and the gate sees nothing inside a gitlink. (A
    submodule where drafts gate pages is refused as a blind spot before this.)"""
    from receipt_gate.base.text import printable
    from receipt_gate.trees import git

    now = _gitlinks(tree, changed_paths)
    then = _gitlinks(base, list(now)) if now else {}
    out = []
    for path, commit in sorted(now.items()):
        if then.get(path) == commit:
            continue
        found = git.submodule_files(tree.root, path, commit)
        files, configs = found if found is not None else ([], {})
        folders = _mounted(configs)
        pages = [
            f
            for f in files
            if f.lower().endswith(PAGE_EXTS) and any(f.startswith(d) for d in folders)
        ]
        if found is not None and not pages:
            continue
        what = (
            f"its content holds pages a site generator publishes from a theme or module"
            f" ({printable(pages[0])}{', ...' if len(pages) > 1 else ''}), which the gate"
            " cannot read inside a submodule: commit them into the site itself"
            if pages
            else "the gate cannot read it (not checked out here, or without that commit),"
            " and a site generator may publish pages from its content/: check it out"
            " (in CI: the checkout's submodules option)"
        )
        out.append(f"{printable(path)}: a submodule this change adds or moves; {what}")
    return out


def _mounted(configs: Mapping[str, bytes | None]) -> list[str]:
    """The folders of a theme or module whose pages a site builds: content/, and what its
    own top-level configs publish pages from (Hugo's module.mounts and contentDir, read
    as a config a build names is: gate.sites.builds.folders); every folder ("") where
    one cannot be read."""
    from receipt_gate.reading import siteconfig
    from receipt_gate.sites.builds import folders

    out = ["content/"]
    for name, data in configs.items():
        if data is None:
            return [""]  # a config that could not be read: every folder counts
        doc = siteconfig.document(name, data.decode("utf-8", "replace"))
        found = folders("any", "", doc) if doc is not None else [("", False, False)]
        out += [f"{f}/" if f else "" for f, _, _ in found]
    return out


def _gitlinks(tree: Tree, among: Collection[str] | None) -> dict[str, str]:
    """path -> commit of each submodule the tree holds (of those `among`, when given)."""
    from receipt_gate.trees import git
    from receipt_gate.trees.gittree import CommitTree, IndexTree

    if isinstance(tree, (IndexTree, CommitTree)):
        if among is not None:
            return {
                p: e.oid
                for p, e in tree.entries_of(list(among)).items()
                if e and e.mode == "160000"
            }
        tree.paths()
        return {p: e.oid for p, e in tree.entries.items() if e.mode == "160000"}
    if not tree.root or not hasattr(tree, "blind"):
        return {}
    links = [
        p
        for p, kind in tree.blind(["**"], None if among is None else list(among))
        if "submodule" in kind
    ]
    index = git.index_entries(tree.root, links) if links else {}
    return {p: e.oid for p, e in index.items() if e.mode == "160000"}


def _newly_listed(cfg: Config, base: Tree, into: Mapping[str, str]) -> list[str]:
    """The files the tables of contents publish (listed, or included by a page listed)
    that they did not publish in `base`."""
    from receipt_gate.rules.config import listed_by

    assert cfg.draft_markers is not None
    then = listed_by(cfg.draft_markers._replace(listed=None, sure=None), base).listed
    before = {p for _, pages in then or () for p in pages}
    return sorted(p for p in into if p not in before)


def strays(cfg: Config, tree: Tree, changes: Mapping[str, str] | None = None) -> list[str]:
    """A line for each file in the run folder that is no receipt, and for each site
    config that names the run folder: a generator may publish a page from there
    (Eleventy builds a dot folder's pages, Jekyll any file with front matter in a folder
    it reads, a config may copy, include or read the folder as data), and the gate reads
    nothing there as the site's. A receipt is a regular file `<draft>/<check>.json` of
    a check the config knows (in a folder with no dot, that does not open with front
    matter). `changes`: what a
    commit changes since a tree verified so (only what it adds is asked about)."""
    from receipt_gate.base.text import printable

    folder = cfg.run_dir
    found = _not_receipts(cfg, tree, changes)
    out = [
        f"{printable(p)}: in the run folder ({printable(folder)}/), which holds receipts"
        f" only (<draft>/<check>.json, regular files): {why}; move it out of"
        f" {printable(folder)}/"
        for p, why in found
    ]
    return out + _naming_run_dir(cfg, tree, changes)


def _not_receipts(
    cfg: Config, tree: Tree, changes: Mapping[str, str] | None
) -> list[tuple[str, str]]:
    """(path, why) for each file in the run folder that is no receipt: its name (no
    `<draft>/<check>.json` of a check the config knows), its kind (a link, a submodule)
    or, in a folder with no dot, front matter."""
    from receipt_gate.base import wildmatch
    from receipt_gate.trees import git
    from receipt_gate.trees.gittree import CommitTree, IndexTree
    from receipt_gate.trees.tree import WorkTree

    folder = cfg.run_dir
    inside = folder + "/"
    escaped = wildmatch.escape(folder)
    named = "a generator may publish it there, and no check reads it"
    # (a receipt is <draft>/<check>.json, of a check the config knows: `notes/x.json`
    # is none, and a layout may print it; round 45)
    checks = sorted(cfg.specs)
    if changes is not None:
        added = sorted(p for p, oid in changes.items() if oid and p.startswith(inside))
    elif isinstance(tree, (IndexTree, CommitTree)) and (
        isinstance(tree, CommitTree) or tree.listed_whole
    ):
        added = tree.paths([f"{escaped}/**"])
    elif isinstance(tree, (IndexTree, WorkTree)):
        # (the working tree's as tracked: walking a run folder of 40,000 receipts on disk
        # for untracked ones costs more than the rest of verify; the commit hook, the push
        # and CI judge what is committed, and see what each file is)
        return [(p, named) for p in git.not_receipts(tree.root, folder, checks=checks)]
    else:
        added = tree.paths(
            [f"{escaped}/**", *(f"!{escaped}/**/{wildmatch.escape(c)}.json" for c in checks)]
        )
    receipt = git.receipt_named(folder, checks)
    receipts = [p for p in added if receipt(p)]
    out = [(p, named) for p in sorted(set(added) - set(receipts))]
    entries = getattr(tree, "entries_of", None)
    if entries is not None and receipts:
        kinds = {"120000": "a symlink", "160000": "a submodule (gitlink)"}
        for p, e in entries(receipts).items():
            if e is not None and e.mode in kinds:
                out.append((p, f"{kinds[e.mode]} there leads a generator elsewhere"))
    if receipts and not folder.rpartition("/")[2].startswith("."):
        # (Jekyll renders a file with front matter in any folder it reads: one with no dot)
        tree.prefetch(receipts)
        for p in receipts:
            try:
                data = tree.read(p, 1 << 20) or b""
            except Exception:
                continue
            if data.lstrip(b"\xef\xbb\xbf").startswith(b"---"):
                out.append((p, "front matter: Jekyll renders it as a page"))
    return sorted(set(out))


_PARSED = (".toml", ".yaml", ".yml", ".json")
# Settings that leave a folder out: naming the run folder there keeps it out of the site.
_LEAVES_OUT = frozenset({"exclude", "excludefiles", "ignorefiles", "exclude_docs", "ignore"})


def _names_in_values(path: str, text: str, folder: str) -> bool | None:
    """Does a value of this config, as its parser reads it (escapes read), name the
    folder or match it as a glob (Jekyll's `include: [".rec*"]`), but in a setting that
    leaves it out? None for a config no parser reads (code: its text is searched)."""
    import fnmatch

    from receipt_gate.reading.siteconfig import document, pairs

    doc = document(path, text, always=True) if path.endswith(_PARSED) else None
    if doc is None:
        return None
    top = folder.split("/")[0]
    for key, value, _ in pairs(doc):
        if key in _LEAVES_OUT:
            continue
        for leaf in value if isinstance(value, list) else [value]:
            if not isinstance(leaf, str) or not leaf.strip():
                continue
            bare = leaf.strip().removeprefix("./").strip("/")
            if folder in bare:
                return True
            # (a glob only where it picks files to read: Jekyll's `include:`; not Hugo's
            # `[[server.headers]] for = "/*"`, the Hugo docs' own config: round 93)
            if key == "include" and any(fnmatch.fnmatchcase(n, bare) for n in (top, folder)):
                return True
            # Jekyll's EntryFilter includes an entry its path starts with (`.r`, `.`)
            if key == "include" and (top.startswith(bare) or folder.startswith(bare)):
                return True
    return False


def _reader(tree: Tree, texts: Mapping[str, str | None]) -> Callable[[str], str | None]:
    """A file's text: a build file's as read, another's from the tree."""
    from receipt_gate.rules.markup import texts_of

    return lambda path: texts[path] if path in texts else texts_of(tree, [path])[path]


def _naming_run_dir(cfg: Config, tree: Tree, changes: Mapping[str, str] | None) -> list[str]:
    """A line for each site config that names the run folder (Jekyll's `include:`,
    Hugo's staticDir or configDir, Eleventy's dir.data, MkDocs' docs_dir): the site
    reads or publishes what the gate reads nothing of. Configs as the build's are
    found (gate.rules.markup.build_texts), on a site with draft markers."""
    if cfg.draft_markers is None:
        return []  # (before any import: a plain repository's verify starts on every commit)
    from receipt_gate.base.text import printable
    from receipt_gate.rules.markup import build_texts

    files, _, texts, named = build_texts(tree, cfg.run_dir)
    name = cfg.run_dir.rstrip("/")
    pattern = re.compile(rf"(?<![\w.-]){re.escape(name)}(?![\w-])")
    out = []
    from receipt_gate.sites import TABLE, eleventy

    configs = [getattr(g, "CONFIG", None) for g in TABLE]
    for path in files:
        is_eleventy = eleventy.CONFIG.search(path) or named.get(path, "").startswith("eleventy")
        if is_eleventy and eleventy.may_render("json", texts.get(path) or "", _reader(tree, texts)):
            out.append(
                f"{printable(path)}: may render .json files as pages (addExtension, or"
                f" code the gate cannot read): the receipts in {printable(name)}/ would"
                " be published; render another extension, with plain strings"
            )
        if path not in named and not any(c is not None and c.search(path) for c in configs):
            continue  # (a generator's own config, or one a build names for it)
        if changes is not None and path not in changes:
            continue  # (a config verified before named it or not)
        text = texts.get(path) or ""
        said = _names_in_values(path, text, name)
        if said or (said is None and pattern.search(text)):
            out.append(
                f"{printable(path)}: names the run folder ({printable(name)}/): the site"
                " would read or publish what it holds, which the gate reads nothing of as"
                " the site's; keep receipts out of the site's build"
            )
    return out
