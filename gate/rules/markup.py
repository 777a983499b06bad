"""What a site's build reads beyond the draft markers: the files' texts, read once, and
where a generator renders pages with another reader than the one the gate reads them
with (gate.sites.builds.unread_markup; gate.rules.config refuses such a site, saying
what to change)."""

from __future__ import annotations

import posixpath
import re
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING

from receipt_gate.base import lazyre, wildmatch
from receipt_gate.rules.markers import BUILD_FILES, CONFIG_EXTS, SCRIPT_EXTS
from receipt_gate.sites.builds import named_configs

if TYPE_CHECKING:
    from receipt_gate.trees.tree import Tree


def texts_of(tree: Tree, paths: Sequence[str]) -> dict[str, str | None]:
    """Each file's text (one batch, not a git process per file); None for one the gate
    cannot read (a link, too large, unreadable: it cannot be told, so it counts)."""
    tree.prefetch(paths)
    out: dict[str, str | None] = {}
    for path in paths:
        try:
            data = tree.read(path, 8 << 20)
        except Exception:
            data = None
        out[path] = None if data is None else data.decode("utf-8", "replace")
    return out


def build_texts(
    tree: Tree, run_dir: str
) -> tuple[list[str], list[str], dict[str, str | None], dict[str, str]]:
    """(build files, section _index pages, the text of each, the configs a build command
    names as path -> tool): the build files where the generators and build hosts keep
    them (not in the run folder: receipts, never a site's build), and the configs a
    build names (--config a,b, --configDir, mkdocs -f, INHERIT) wherever they are, and
    those they name in turn."""
    from receipt_gate.trees.tree import built_once

    return built_once(tree, f"build-texts/{run_dir}", lambda: _build_texts(tree, run_dir))


def _build_texts(
    tree: Tree, run_dir: str
) -> tuple[list[str], list[str], dict[str, str | None], dict[str, str]]:
    aside = f"!{wildmatch.escape(run_dir)}/**"
    # (the _index pages first: the build files' globs leave out more folders, so their
    # listing is within the first's)
    index = tree.paths(["**/_index.*", aside])
    files = tree.paths([*BUILD_FILES, aside])
    texts = texts_of(tree, [*files, *index])  # one batch, each read once
    named: dict[str, str] = {}
    scanned: set[str] = set()  # (each file's names read once, however many rounds)
    for _ in range(4):
        # A script a build file runs (`tsx tools/build.ts`, `python3 ci/site.py`) builds
        # too, wherever it is: read as a build file.
        scripts = named_scripts(tree, [f for f in files if f not in scanned], texts, files)
        scanned.update(files)
        texts.update(texts_of(tree, scripts))
        files = [*files, *scripts]
        new = {k: v for k, v in named_configs(files, texts.__getitem__).items() if k not in named}
        if not new and not scripts:
            break
        named.update(new)
        folders = [wildmatch.escape(k.removeprefix("./")) + "**" for k in new if k.endswith("/")]
        more = [k for k in new if k and not k.endswith("/") and k not in texts]
        more += [
            p
            for p in (tree.paths(folders) if folders else [])
            if p.endswith(CONFIG_EXTS) and p not in texts
        ]
        for p in more:  # a file of a named folder is its tool's config
            named.setdefault(
                p, next(v for k, v in new.items() if k and p.startswith(k.removeprefix("./")))
            )
        texts.update(texts_of(tree, more))
        files = [*files, *(p for p in more if p not in files)]
    return files, index, texts, named


# A path a shell or an interpreter is given to run, whatever its name (`sh tools/build`).
_RUN = lazyre.compile(
    r"(?:(?<![\w./-])/?(?:[\w.-]++/)*+(?:sh|bash|zsh|dash|node|deno run|bun|tsx|ts-node|python3?"
    r"|ruby|perl|php)[ \t]+(?:-[\w-]+[ \t]+)*+<?[ \t]*+"  # (an interpreter, by any path)
    r"|(?:^|(?<=[\s;&|(\"'`]))(?:\.|source)[ \t]+"  # (sourced)
    r"|<[ \t]*+"  # (read from)
    r"|(?:^|(?<=[\s;&|(\"'`]))(?=\.{1,2}/))"  # (run as it is: `./tools/build`)
    r"[\"']?((?:\.{0,2}/)?[\w][\w./-]*)"
)
# A folder a package manager (or the shell, before it) is sent to, its package.json run:
# `--prefix DIR`, `-w DIR`, `--cwd DIR`, `-C DIR`, and any `cd DIR` (a build line's
# next command may be the package manager's, after `;`, `&&` or an assignment).
_PACKAGE_DIR = lazyre.compile(
    r"(?:(?<![\w-])(?:--prefix|--workspace|-w|--cwd|--dir|-C)(?:=|[ \t]+)"
    r"|(?<![\w-])(?:cd|pushd)[ \t]+)"
    r"\\?[\"']?(?:\$\{?PWD\}?/|\$\(pwd\)/|\$INIT_CWD/)?((?:\.{1,2}/)?[\w][\w./-]*)"
)
_SCRIPT = lazyre.compile(
    r"(?<![\w./-])(?:\./)?([\w][\w./-]*(?:"
    + "|".join(re.escape(e) for e in SCRIPT_EXTS)
    + r"))(?![\w.])"
)


def named_scripts(
    tree: Tree, files: Sequence[str], texts: Mapping[str, str | None], known: Sequence[str] = ()
) -> list[str]:
    """The scripts of the tree that these build files name and are not among them: a
    path with a script's extension (`tsx build.ts`, `node scripts/site.mjs`, an import
    `./opts.mjs`), or any path a shell or an interpreter runs (`sh tools/build`), from
    the root or from the naming file's folder; not those `known` already."""
    seen = {*files, *known}
    named: set[str] = set()
    workspaces: list[str] = []
    for p in files:
        text = texts.get(p)
        if not text or p.endswith(("-lock.json", ".lock")):
            continue
        here = posixpath.dirname(p)
        scripts = any(e in text for e in SCRIPT_EXTS)  # (a config of megabytes names none)
        found = [
            m.group(1) for m in (*(_SCRIPT.finditer(text) if scripts else ()), *_RUN.finditer(text))
        ]
        # A package's scripts run another's (`npm --prefix tools run site`, `-w tools`,
        # `cd tools && npm run site`, `yarn --cwd tools`): its package.json builds too.
        found += [posixpath.join(m.group(1), "package.json") for m in _PACKAGE_DIR.finditer(text)]
        for name in found:
            named.update({name, posixpath.normpath(posixpath.join(here, name))} if here else {name})
        if p.endswith("package.json") and '"workspaces"' in text:
            workspaces += [posixpath.join(here, w) for w in _workspaces(text)]
    named = {n.removeprefix("./") for n in named if not n.startswith("../")} - seen
    globs = [wildmatch.escape(n) for n in sorted(named)]
    globs += [f"{w.removeprefix('./').rstrip('/')}/package.json" for w in workspaces]
    return sorted(p for p in tree.paths(globs) if p not in seen) if globs else []


def _workspaces(text: str) -> list[str]:
    """The folders (globs) a package.json's `workspaces` name (a list, or Yarn's
    `{packages: [...]}`)."""
    import json

    try:
        doc = json.loads(text)
    except ValueError:
        return ["**"]  # (unread: any package of the tree may be one)
    got = doc.get("workspaces") if isinstance(doc, dict) else None
    if isinstance(got, dict):
        got = got.get("packages")
    return [w for w in got if isinstance(w, str) and w.strip()] if isinstance(got, list) else []


def holds(tree: Tree) -> Callable[[str], bool]:
    """Does the tree hold a file in this folder, or this file? Every folder listed once,
    when first asked (a site's themes and modules ask one by one)."""
    held: set[str] = set()

    def there(folder: str) -> bool:
        if not held:
            paths = tree.paths()
            held.update(p[:i] for p in paths for i, c in enumerate(p) if c == "/")
            held.update(paths)
            held.add("")
        return folder in held

    return there
