"""A site's own draft markers, and when the site's build makes them hold nothing back.

A marker (Jekyll's `_drafts/`, Hugo's `draft: true`, `published: false`) takes a page
out of the gate only because the generator leaves such pages out. A build set to
publish them (Hugo's `buildDrafts`, Jekyll's `show_drafts` or `unpublished`, in a site
config or as a flag of a build command in the files that run the build) publishes
every marked page: then the markers hold nothing back, and every page is gated. The
settings are read where the generator and the usual build hosts keep them; a setting
the gate cannot read plainly counts as on (it gates more, never less). A development
server (`hugo server -D`, `jekyll serve --drafts`) publishes nothing.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Callable, Mapping, Sequence
from functools import cache
from typing import NamedTuple

from receipt_gate.base import lazyre
from receipt_gate.base.schema import Err, mapping, str_list, type_name, unknown
from receipt_gate.reading import siteconfig
from receipt_gate.reading.siteconfig import COMMENT as _COMMENT
from receipt_gate.reading.siteconfig import plain

KEYS = ("paths", "front_matter", "status", "front_matter_in", "listed_in")


class Markers(NamedTuple):
    paths: tuple[str, ...]  # files under these globs are drafts (Jekyll's _drafts/**)
    front_matter: tuple[tuple[str, object], ...]  # (field, value): draft: true...
    status: str  # the state a marked file without a status: field is in
    # Why the site's build publishes marked pages (then no page is marked): file: what.
    void: tuple[str, ...] = ()
    # (file, folder, pages): a folder the site's config publishes pages from, and
    # whether its pages sit in it (a collection's) or in sections under it (contentDir)
    folders: tuple[tuple[str, str, bool], ...] = ()
    # The files whose front matter the generator reads (empty: every one); it copies
    # another as it is, front matter and all (Hugo: content/x.MD), so no marker holds
    # such a file back.
    front_matter_in: tuple[str, ...] = ()
    # Tables of contents that decide what is published (mdBook's SUMMARY.md): a page one
    # governs that it does not link is held back. `listed`: the pages each links, as the
    # tree holds them (gate.rules.config.built); None until read.
    listed_in: tuple[str, ...] = ()
    listed: tuple[tuple[str, tuple[str, ...]], ...] | None = None  # (each sorted)
    # The pages each surely publishes (mdBook builds the first link of an entry, not a
    # second one nor a part title's): what a body may support from. None until read.
    sure: tuple[tuple[str, tuple[str, ...]], ...] | None = None

    def unlisted(self, path: str, surely: bool = False) -> bool:
        """Does a table of contents that governs this page leave it out (or, `surely`,
        not surely publish it)?"""
        import bisect

        from receipt_gate.sites.builds import governs

        for toc, pages in (self.sure if surely else self.listed) or ():
            at = bisect.bisect_left(pages, path)
            if governs(toc, path) and (at == len(pages) or pages[at] != path):
                return True
        return False

    def ungated(self, drafts: Sequence[str]) -> list[str]:
        """A line for each folder the site publishes pages from that no drafts glob
        reaches into (what the gate cannot see, it refuses)."""
        from receipt_gate import CONFIG_FILE
        from receipt_gate.base import wildmatch
        from receipt_gate.base.text import printable

        def said(f: str, d: str) -> str:
            if "." in d.rsplit("/", 1)[-1]:  # a file (pymdownx.snippets' auto_append)
                return (
                    f"{printable(f)}: the site puts {printable(d)} into its pages, where"
                    f" drafts ({CONFIG_FILE}) gates it not: add it to drafts"
                )
            return (
                f"{printable(f)}: the site publishes pages from"
                f" {printable(d) + '/' if d else 'a folder the gate cannot read'}, where"
                f" drafts ({CONFIG_FILE}) gates none: add it to drafts"
            )

        return [
            said(f, d)
            for f, d, pages in self.folders
            if not d
            or not (
                wildmatch.match(drafts, f"{d}/page.md")
                if pages
                else wildmatch.could_hold(drafts, d)
            )
        ]


def parse(value: object, states: tuple[str, ...], gate_from: str, err: Err) -> Markers:
    top = mapping(value, "draft_markers", err)
    unknown("draft_markers", top, KEYS, err)
    paths = str_list(top.get("paths", []), "draft_markers.paths", err)
    fm = mapping(top.get("front_matter"), "draft_markers.front_matter", err)
    for k, v in fm.items():
        if not isinstance(v, (bool, str, int)) or (isinstance(v, str) and not v):
            raise err(
                f"draft_markers.front_matter.{k}",
                f"expected true, false, an integer or a non-empty string, got {type_name(v)}",
            )
    before = states[: states.index(gate_from)]
    if not before:
        raise err(
            "draft_markers",
            f"no state comes before gate_from ({gate_from}): a"
            " marked draft would be gated like any other",
        )
    status = top.get("status", before[-1])
    if not isinstance(status, str) or status not in states:
        raise err("draft_markers.status", f"{status!r} is not one of states")
    if status not in before:
        raise err(
            "draft_markers.status",
            f"{status!r} is not before gate_from ({gate_from}):"
            " a draft the site has not published would be gated",
        )
    read_in = str_list(top.get("front_matter_in", []), "draft_markers.front_matter_in", err)
    listed_in = str_list(top.get("listed_in", []), "draft_markers.listed_in", err)
    from receipt_gate.sites.builds import reads_toc

    for i, toc in enumerate(listed_in):
        if not reads_toc(toc):
            raise err(
                f"draft_markers.listed_in[{i}]",
                f"{toc!r} is no table of contents a generator publishes by (mdBook's SUMMARY.md)",
            )
    return Markers(paths, tuple(fm.items()), status, front_matter_in=read_in, listed_in=listed_in)


# Where a generator or a build host reads the build's settings (root-relative globs):
# the generators' configs wherever a site may sit (GitHub Pages builds docs/), any
# config at the top (a build can name any with --config), the CI and host files, shell
# scripts; not a theme's or a dependency's own, nor a lock file.
BUILD_FILES = (
    "*.toml",
    "*.yaml",
    "*.yml",
    "*.json",
    "config/**/*.toml",
    "config/**/*.yaml",
    "config/**/*.yml",
    "config/**/*.json",
    "*/config.toml",
    "*/config.yaml",
    "*/config.yml",
    "*/config.json",
    "*/config/**/*.toml",
    "*/config/**/*.yaml",
    "*/config/**/*.yml",
    "*/config/**/*.json",
    "**/_config*.yml",
    "**/_config*.yaml",
    "**/_config*.toml",
    "**/hugo.toml",
    "**/hugo.yaml",
    "**/hugo.yml",
    "**/hugo.json",
    "**/mkdocs.yml",
    "**/mkdocs.yaml",
    "**/Makefile",
    "**/makefile",
    "**/GNUmakefile",
    "**/*.mk",
    "**/justfile",
    "**/Justfile",
    "**/.justfile",
    "**/*.just",
    "**/Rakefile",
    "**/rakelib/*.rake",
    "Dockerfile*",
    "*.dockerfile",
    "Containerfile*",
    "Procfile",
    "Jenkinsfile",
    ".gitlab-ci.yml",
    ".gitlab/**/*.yml",
    ".github/workflows/*.yml",
    ".github/workflows/*.yaml",
    ".github/actions/**/*.yml",
    ".github/actions/**/*.yaml",
    ".forgejo/workflows/*",
    ".gitea/workflows/*",
    ".woodpecker.yml",
    ".woodpecker/*",
    ".drone.yml",
    ".circleci/*.yml",
    ".buildkite/**/*.yml",
    "**/*.sh",
    # Build scripts kept without an extension where a build host or workflow calls them
    # (Jekyll's script/cibuild, a bin/build), and a top-level script in another language.
    "script/**",
    "scripts/**",
    "bin/**",
    "ci/**",
    "*.bash",
    "*.py",
    "*.js",
    "*.mjs",
    "*.cjs",
    "*.rb",
    "*.[mc]ts",
    "*.ts",
    "*.pl",
    "*.php",
    "*.zsh",
    "*.ps1",
    "!*-lock.json",
    "!*-lock.yaml",
    "!*.lock.json",
    "!**/node_modules/**",
    "!themes/**",
    "!vendor/**",
    "!**/.*/**/*.sh",
    "!.receipts/**",  # (receipts, where they live by default: no build reads them)
)
# What a config a build names (--config, --configDir, -f) may be.
CONFIG_EXTS = (".toml", ".yaml", ".yml", ".json")
# What a script a build file runs may be (gate.rules.markup.named_scripts reads those a
# build file names; a change to any such file may change what a build publishes).
SCRIPT_EXTS = (
    *(f".{a}{b}s" for a in ("", "m", "c") for b in "jt"),
    *(".py", ".rb", ".pl", ".php", ".sh", ".bash", ".zsh", ".fish", ".ps1", ".lua"),
    *(".mk", ".make", ".rake", ".just"),
)


def builds(path: str) -> bool:
    """May this file say how a site is built: a build file where builds keep them, a
    config any build may name, or a script any build file may run?"""
    from receipt_gate.base import wildmatch

    return path.endswith((*CONFIG_EXTS, *SCRIPT_EXTS)) or wildmatch.match(BUILD_FILES, path)


# A setting that publishes marked pages, with any value but a plain false; a key in any
# case, quoted or not, in a block, a flow mapping or one line of JSON; read in config
# files only, their comments aside (each generator's PUBLISH_KEYS).
@cache
def _setting() -> re.Pattern[str]:
    from receipt_gate.sites import TABLE

    return re.compile(
        r"""(?i)(?<![\w-])["']?("""
        + "|".join(sorted({k for g in TABLE for k in getattr(g, "PUBLISH_KEYS", ())}))
        + r""")["']?[ \t]*[:=](?![ \t]*["']?false\b)"""
    )


_SERVER = lazyre.compile(r"(?:^|\s)(?:server|serve|s)(?=\s|$)")


def publishing(
    files: list[str], read: Callable[[str], str | None], named: Mapping[str, str] | None = None
) -> tuple[str, ...]:
    """Why the site's build publishes the pages its markers mark (file: what), read
    from these build files (and the configs a build command names); empty when
    nothing says so."""
    from receipt_gate.sites import builds  # (a drafts folder's commit never needs it)

    kind_of = builds.kind_of
    out = []
    for path in files:
        text = read(path)
        kind = kind_of(path, named)
        if text is None:
            if builds.is_config(path) or (named and path in named):
                out.append(
                    f"{path}: cannot be read, so the gate cannot tell whether the"
                    " build publishes marked drafts"
                )
            continue
        if kind is not None and path.endswith(CONFIG_EXTS):
            doc = siteconfig.document(path, text)
            if doc is None and kind != "any":
                out.append(
                    f"{path}: not read plainly as {kind}'s config, so the gate cannot"
                    " tell whether the build publishes marked drafts"
                )
                continue
            said = builds.publishing(kind, doc)
            if said:
                verb = "" if said[0].startswith("no ") else "sets "  # (a setting it lacks)
                out.append(
                    f"{path}: {verb}{said[0]}: the build publishes the pages the draft markers mark"
                )
                continue
        text = plain(text)
        bare = text if path.endswith(".json") else _COMMENT.sub("", text)
        m = (
            _setting().search(bare) if path.endswith((".toml", ".yaml", ".yml", ".json")) else None
        ) or builds.draft_setting(bare)
        if m is not None:
            out.append(
                f"{path}: sets {m.group(0).strip()[:60]!r}: the build publishes"
                " the pages the draft markers mark"
            )
            continue
        serves = path.rsplit("/", 1)[-1] == "Procfile"  # a server there is the site
        for line in bare.splitlines():
            flag = _command_flag(line, serves) or _passed_on(line, serves)
            if flag:
                out.append(
                    f"{path}: a build runs {flag}: it publishes the pages the draft markers mark"
                )
                break
    if named and "" in named:
        out.append(
            f"{named['']}: a build names a config the gate cannot read (a"
            " variable), so it cannot tell whether it publishes marked drafts"
        )
    return tuple(out)


def _passed_on(line: str, serves: bool) -> str:
    """A flag that publishes marked drafts on a line that does not name its generator:
    passed on to it by a script runner (`npm run build -- --buildDrafts`) or on a
    folded YAML line."""
    from receipt_gate.sites import builds  # (a drafts folder's commit never needs it)

    m = builds.passed_on(line)
    return "" if m is None or (not serves and _SERVER.search(line)) else m.group().strip()


def _command_flag(line: str, serves: bool = False) -> str:
    """The generator and its flag when this line builds a site with marked pages in it."""
    from receipt_gate.sites import builds  # (a drafts folder's commit never needs it)

    return builds.draft_flag(line, serves, _SERVER)


def folders(
    files: list[str],
    read: Callable[[str], str | None],
    named: Mapping[str, str] | None = None,
    there: Callable[[str], bool] = lambda _: True,
) -> tuple[tuple[str, str, bool], ...]:
    """(file, folder, pages) for each folder a site's config or build publishes pages
    from, beside the generator's default: Hugo's contentDir and content mounts, a
    theme's or module's content (where `there` says the repository holds it), a build
    command's content or source folder, MkDocs' docs_dir, Jekyll's source,
    collections_dir and collections. "" for a folder the gate cannot read plainly: the
    whole repository."""
    from receipt_gate.sites import builds  # (a drafts folder's commit never needs it)

    kind_of = builds.kind_of
    out: list[tuple[str, str, bool]] = []
    for path in files:
        raw = read(path)
        text = plain(raw or "")
        # A command's folder is relative to where it runs: the top, as far as we know.
        out += [
            (path, _expanded(f), False)
            for f, theme in builds.command_folders(text, _COMMENT.sub("", text))
            if not theme or there(f)
        ]
        kind = kind_of(path, named)
        if kind is None:
            continue
        doc = siteconfig.document(path, raw) if raw is not None else None
        if doc is None and (kind != "any" or raw is None):
            out.append((path, "", False))  # a config the gate cannot read plainly
        elif doc is not None:
            site = _site_of(path, named)
            out += [
                (path, f, pages)
                for f, pages, theme in builds.folders(kind, site, doc)
                if not theme or not f or there(f)
            ]
        # What a plain reading of the text finds too (a config read two ways gates more).
        site = _site_of(path, named)
        out += [
            (path, posixpath.join(site, f) if f and site else f, False)
            for f, theme in builds.text_folders(kind, path, text)
            if not theme or there(f)
        ]
    if named and "" in named:
        out.append((named[""], "", False))
    kept: dict[tuple[str, str, bool], None] = {}
    for p, f, pages in out:
        f = f.strip()
        if f and posixpath.normpath(f) == ".":
            continue  # the site's root, as by default
        kept[(p, posixpath.normpath(f).strip("/") if f else "", pages)] = None
    return tuple(kept)


def _site_of(path: str, named: Mapping[str, str] | None) -> str:
    """The folder a config's folders are relative to: its own (Hugo's config/ folder is
    its site's; an INHERITed MkDocs config's is the inheriting one's; one a build names
    for Hugo, the top)."""
    tool, at, site = (named or {}).get(path, "").partition("@")
    folder = re.match(r"(?:([^/]+)/)?config/", path)
    if at:
        return site
    if folder:
        return folder.group(1) or ""
    from receipt_gate.sites import TABLE

    # (Hugo reads a config named by --config against its working folder: the top)
    at_top = any(tool == g.KIND and getattr(g, "NAMED_AT_TOP", False) for g in TABLE)
    return "" if tool and at_top else posixpath.dirname(path)


_WORKSPACE = (  # compiled on first use (re's cache)
    r"^(?:\$\{?GITHUB_WORKSPACE\}?|\$\{\{\s*github\.workspace\s*\}\}"
    r"|\$\{?CI_PROJECT_DIR\}?|\$\{?PWD\}?|\$\(pwd\))/?"
)


def _expanded(folder: str) -> str:
    """A command's folder with the repository's own place (`$GITHUB_WORKSPACE/`...) read;
    "" when another variable is in it (the gate cannot tell where it points)."""
    folder = re.sub(_WORKSPACE, "", folder.strip("\"'"))
    return "" if "$" in folder or "`" in folder else folder or "."
