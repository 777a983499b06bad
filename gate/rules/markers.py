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
from collections.abc import Callable, Sequence
from typing import NamedTuple

from receipt_gate.base.schema import Err, mapping, str_list, type_name, unknown

KEYS = ("paths", "front_matter", "status")


class Markers(NamedTuple):
    paths: tuple[str, ...]  # files under these globs are drafts (Jekyll's _drafts/**)
    front_matter: tuple[tuple[str, object], ...]  # (field, value): draft: true...
    status: str  # the state a marked file without a status: field is in
    # Why the site's build publishes marked pages (then no page is marked): file: what.
    void: tuple[str, ...] = ()
    # (file, folder, pages): a folder the site's config publishes pages from, and
    # whether its pages sit in it (a collection's) or in sections under it (contentDir)
    folders: tuple[tuple[str, str, bool], ...] = ()

    def ungated(self, drafts: Sequence[str]) -> list[str]:
        """A line for each folder the site publishes pages from that no drafts glob
        reaches into (what the gate cannot see, it refuses)."""
        from receipt_gate import CONFIG_FILE
        from receipt_gate.base import wildmatch
        from receipt_gate.base.text import printable

        return [f"{printable(f)}: the site publishes pages from"
                f" {printable(d) + '/' if d else 'a folder the gate cannot read'}, where"
                f" drafts ({CONFIG_FILE}) gates none: add it to drafts"
                for f, d, pages in self.folders
                if not d or not (wildmatch.match(drafts, f"{d}/page.md") if pages
                                 else wildmatch.could_hold(drafts, d))]


def parse(value: object, states: tuple[str, ...], gate_from: str, err: Err) -> Markers:
    top = mapping(value, "draft_markers", err)
    unknown("draft_markers", top, KEYS, err)
    paths = str_list(top.get("paths", []), "draft_markers.paths", err)
    fm = mapping(top.get("front_matter"), "draft_markers.front_matter", err)
    for k, v in fm.items():
        if not isinstance(v, (bool, str, int)) or (isinstance(v, str) and not v):
            raise err(f"draft_markers.front_matter.{k}", "expected true, false, an integer"
                      f" or a non-empty string, got {type_name(v)}")
    before = states[: states.index(gate_from)]
    if not before:
        raise err("draft_markers", f"no state comes before gate_from ({gate_from}): a"
                  " marked draft would be gated like any other")
    status = top.get("status", before[-1])
    if not isinstance(status, str) or status not in states:
        raise err("draft_markers.status", f"{status!r} is not one of states")
    if status not in before:
        raise err("draft_markers.status", f"{status!r} is not before gate_from ({gate_from}):"
                  " a draft the site has not published would be gated")
    return Markers(paths, tuple(fm.items()), status)


# Where a generator or a build host reads the build's settings (root-relative globs):
# the generators' configs wherever a site may sit (GitHub Pages builds docs/), any
# config at the top (a build can name any with --config), the CI and host files, shell
# scripts; not a theme's or a dependency's own, nor a lock file.
BUILD_FILES = (
    "*.toml", "*.yaml", "*.yml", "*.json", "config/**/*.toml", "config/**/*.yaml",
    "config/**/*.yml", "config/**/*.json", "**/_config*.yml", "**/_config*.yaml",
    "**/_config*.toml", "**/hugo.toml", "**/hugo.yaml", "**/hugo.yml", "**/hugo.json",
    "**/mkdocs.yml", "**/mkdocs.yaml", "Makefile", "makefile", "GNUmakefile", "justfile",
    "Rakefile", "Dockerfile", "Procfile", "Jenkinsfile", ".gitlab-ci.yml",
    ".github/workflows/*.yml", ".github/workflows/*.yaml", ".github/actions/**/*.yml",
    ".github/actions/**/*.yaml", ".circleci/*.yml", ".buildkite/**/*.yml", "**/*.sh",
    # Build scripts kept without an extension where a build host or workflow calls them
    # (Jekyll's script/cibuild, a bin/build), and a top-level script in another language.
    "script/**", "scripts/**", "bin/**", "ci/**", "*.bash", "*.py", "*.js", "*.mjs", "*.cjs",
    "*.rb",
    "!*-lock.json", "!*-lock.yaml", "!*.lock.json", "!**/node_modules/**", "!themes/**",
    "!vendor/**", "!**/.*/**/*.sh",
)
# A generator's own config: unreadable, it counts as publishing everything.
GENERATOR = re.compile(r"(?:^|/)(?:hugo\.|_config|mkdocs\.)[^/]*$|^config(?:\.[^/]*|/.*)$")
# A setting that publishes marked pages, with any value but a plain false; a key in any
# case (Hugo's are), quoted or not, in a block, a flow mapping or one line of JSON;
# read in config files only, their comments aside.
_SETTING = re.compile(
    r"""(?i)(?<![\w-])["']?(builddrafts|show_drafts|unpublished)["']?[ \t]*[:=]"""
    r"""(?![ \t]*["']?false\b)""")
_ENV = re.compile(r"(?i)\bHUGO[_x]BUILDDRAFTS\b(?![ \t]*[:=][ \t]*[\"']?false\b)")
_FLAG = {
    "hugo": re.compile(r"(?:^|\s)(?:-[a-zA-Z]*D[a-zA-Z]*|--(?i:build-?drafts))(?![\w-])"),
    "jekyll": re.compile(r"(?:^|\s)(?:-D|--drafts|--unpublished)(?![\w-])"),
}
_SERVER = re.compile(r"(?:^|\s)(?:server|serve|s)(?=\s|$)")
_ESCAPE = re.compile(r"\\u([0-9a-fA-F]{4})|\\x([0-9a-fA-F]{2})")
_COMMENT = re.compile(r"(?m)(?:^|\s)#.*")


def plain(text: str) -> str:
    """The text with \\uXXXX and \\xXX escapes read (a TOML or JSON key may be
    written so) and continued lines joined (a command over several lines)."""
    text = _ESCAPE.sub(lambda m: chr(int(m.group(1) or m.group(2), 16)), text)
    return re.sub(r"\\\r?\n", " ", text)


def publishing(files: list[str], read: Callable[[str], str | None]) -> tuple[str, ...]:
    """Why the site's build publishes the pages its markers mark (file: what), read
    from these build files; empty when nothing says so."""
    out = []
    for path in files:
        text = read(path)
        if text is None:
            if GENERATOR.search(path):
                out.append(f"{path}: cannot be read, so the gate cannot tell whether the"
                           " build publishes marked drafts")
            continue
        text = plain(text)
        bare = text if path.endswith(".json") else _COMMENT.sub("", text)
        m = (_SETTING.search(bare) if path.endswith((".toml", ".yaml", ".yml", ".json"))
             else None) or _ENV.search(bare)
        if m is not None:
            out.append(f"{path}: sets {m.group(0).strip()[:60]!r}: the build publishes"
                       " the pages the draft markers mark")
            continue
        serves = path.rsplit("/", 1)[-1] == "Procfile"  # a server there is the site
        for line in bare.splitlines():
            flag = _command_flag(line, serves)
            if flag:
                out.append(f"{path}: a build runs {flag}: it publishes the pages the"
                           " draft markers mark")
                break
    return tuple(out)


def _command_flag(line: str, serves: bool = False) -> str:
    """The generator and its flag when this line builds a site with marked pages in it."""
    for tool, flag in _FLAG.items():
        at = line.find(tool)
        while at >= 0:
            rest = line[at + len(tool):]
            # Up to the end of this command (a shell separator), not a dev server.
            command = re.split(r"&&|\|\||[;|]|[\"'],", rest, maxsplit=1)[0]
            if (not rest[:1].isalnum() and flag.search(command)
                    and (serves or not _SERVER.search(command))):
                return f"{tool}{command[:60].rstrip()}"
            at = line.find(tool, at + 1)
    return ""


# Where a site's config moves or adds the folders it publishes pages from: a key
# anywhere (a block, a flow mapping, an inline table, one line of JSON), quoted or not.
_CONFIG = re.compile(r"^[^/]*\.(?:toml|ya?ml|json)$|^config/")
_CONTENT_DIR = re.compile(
    r"""(?i)(?<![\w-])["']?contentdir["']?[ \t]*[:=][ \t]*["']?([^"'\s#,}]*)""")
_MOUNT = re.compile(
    r"""(?is)["']?source["']?[ \t]*[:=][ \t]*["']([^"']*)["'](?:(?!source).){0,300}?"""
    r"""["']?target["']?[ \t]*[:=][ \t]*["']content\b([^"']*)["']""")
_MOUNT_REVERSED = re.compile(
    r"""(?is)["']?target["']?[ \t]*[:=][ \t]*["']content\b([^"']*)["'](?:(?!target).){0,300}?"""
    r"""["']?source["']?[ \t]*[:=][ \t]*["']([^"']*)["']""")
_THEME = re.compile(r"""(?im)^[ \t]*["']?theme["']?[ \t]*[:=][ \t]*\[?["']?([\w.-]+)""")
_DOCS_DIR = re.compile(r"""(?m)^[ \t]*["']?docs_dir["']?[ \t]*:[ \t]*["']?([^"'\s#]*)""")
_JEKYLL_KEYS = re.compile(r"""(?m)^["']?(?:source|collections_dir|collections)["']?[ \t]*:""")
# A build command's own folder: hugo -c/--contentDir/-s/--source, jekyll -s/--source,
# and Hugo's environment variable.
_COMMAND_DIR = re.compile(
    r"""(?:^|[\s;&|"'])(?:hugo|jekyll)\b[^\n;&|]{0,200}?\s(?:-c|--contentDir|-s|--source)"""
    r"""(?:=|\s+)["']?([^\s"';&|]+)""")
_ENV_DIR = re.compile(r"""(?i)\bHUGO[_x]CONTENTDIR["']?[ \t]*[:=][ \t]*["']?([^"'\s#,}]*)""")


def folders(files: list[str], read: Callable[[str], str | None]
            ) -> tuple[tuple[str, str, bool], ...]:
    """(file, folder, pages) for each folder a site's config or build publishes pages
    from, beside the generator's default: Hugo's contentDir and content mounts, a
    theme's content, a build command's content or source folder, MkDocs' docs_dir,
    Jekyll's source, collections_dir and collections (each `_name` folder: a
    collection's pages may be listed on others even without `output`). "" for a folder
    the gate cannot read plainly: the whole repository."""
    out: list[tuple[str, str, bool]] = []
    for path in files:
        name = path.rsplit("/", 1)[-1]
        text = plain(read(path) or "")
        # A command's folder is relative to where it runs: the top, as far as we know.
        out += [(path, _expanded(m.group(1)), False) for m in _COMMAND_DIR.finditer(
            _COMMENT.sub("", text))]
        out += [(path, _expanded(m.group(1)), False) for m in _ENV_DIR.finditer(text)]
        if not (_CONFIG.match(path) or GENERATOR.search(path)):
            continue
        # A config's folders are relative to its site: the folder it sits in (Hugo's
        # config/ folder is its site's).
        site = "" if path.startswith("config/") else posixpath.dirname(path)
        found = [(m.group(1), False) for m in _CONTENT_DIR.finditer(text)]
        found += [(m.group(1), False) for m in _MOUNT.finditer(text)]
        found += [(m.group(2), False) for m in _MOUNT_REVERSED.finditer(text)]
        if re.match(r"(?:.*/)?(?:hugo|config)\.|config/", path):
            found += [(f"themes/{m.group(1)}/content", False) for m in _THEME.finditer(text)]
        if path.endswith((".yml", ".yaml")):
            found += [(m.group(1), False) for m in _DOCS_DIR.finditer(text)]
            if name.startswith("_config") and _JEKYLL_KEYS.search(text):
                found += _jekyll(path, text)
        out += [(path, posixpath.join(site, f) if f and site else f, pages)
                for f, pages in found]
    kept: dict[tuple[str, str, bool], None] = {}
    for p, f, pages in out:
        f = f.strip()
        if f and posixpath.normpath(f) == ".":
            continue  # the site's root, as by default
        kept[(p, posixpath.normpath(f).strip("/") if f else "", pages)] = None
    return tuple(kept)


_WORKSPACE = re.compile(r"^(?:\$\{?GITHUB_WORKSPACE\}?|\$\{\{\s*github\.workspace\s*\}\}"
                        r"|\$\{?CI_PROJECT_DIR\}?|\$\{?PWD\}?|\$\(pwd\))/?")


def _expanded(folder: str) -> str:
    """A command's folder with the repository's own place (`$GITHUB_WORKSPACE/`...) read;
    "" when another variable is in it (the gate cannot tell where it points)."""
    folder = _WORKSPACE.sub("", folder.strip("\"'"))
    return "" if "$" in folder or "`" in folder else folder or "."


def _jekyll(path: str, text: str) -> list[tuple[str, bool]]:
    from receipt_gate import GateError
    from receipt_gate.base import yamlio

    try:
        doc = yamlio.load(text, path) if path.endswith((".yml", ".yaml")) else None
    except GateError:
        doc = None
    if not isinstance(doc, dict):
        return [("", False)]  # not read plainly: the whole repository
    source = doc.get("source", "")
    where = doc.get("collections_dir", "")
    coll = doc.get("collections") or {}
    if not all(isinstance(v, str) for v in (source, where)) or not isinstance(coll, (dict, list)):
        return [("", False)]
    base = "/".join(p for p in (str(source).strip("/"), str(where).strip("/")) if p)
    out = [(str(source), False)] if source else []
    # A collection Jekyll renders pages of (`output`); one without is data templates
    # list, read as includes are (not yet).
    out += [(f"{base}/_{c}" if base else f"_{c}", True) for c, v in
            (coll.items() if isinstance(coll, dict) else [])
            if isinstance(c, str) and c != "posts" and isinstance(v, dict)
            and v.get("output") not in (None, False)]
    return out
