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


# Where a generator or a build host reads the build's settings (root-relative globs).
BUILD_FILES = (
    "hugo.toml", "hugo.yaml", "hugo.yml", "hugo.json", "config.toml", "config.yaml",
    "config.yml", "config.json", "config/**/*.toml", "config/**/*.yaml", "config/**/*.yml",
    "config/**/*.json", "_config*.yml", "_config*.yaml", "_config*.toml", "netlify.toml",
    "vercel.json", "package.json", "Makefile", "makefile", "GNUmakefile", "justfile",
    "Rakefile", "Dockerfile", ".gitlab-ci.yml", ".github/workflows/*.yml",
    ".github/workflows/*.yaml", "render.yaml", "amplify.yml", "wrangler.toml",
    "cloudbuild.yaml", ".travis.yml", "bitbucket-pipelines.yml", "build.sh", "mkdocs.yml",
    "mkdocs.yaml",
)
# A setting that publishes marked pages, with any value but a plain false.
_SETTING = re.compile(r"""(?im)^[ \t]*(?:-[ \t]*)?["']?(builddrafts|show_drafts|unpublished)"""
                      r"""["']?[ \t]*[:=](?![ \t]*["']?false["']?[ \t]*,?[ \t]*(?:#.*)?$)""")
_ENV = re.compile(r"(?i)\bHUGO_BUILDDRAFTS\b(?![ \t]*[:=][ \t]*[\"']?false\b)")
_FLAG = {
    "hugo": re.compile(r"(?:^|\s)(?:-[a-zA-Z]*D[a-zA-Z]*|--(?i:build-?drafts))(?![\w-])"),
    "jekyll": re.compile(r"(?:^|\s)(?:-D|--drafts|--unpublished)(?![\w-])"),
}
_SERVER = re.compile(r"\b(?:server|serve|s)\b")


def publishing(files: list[str], read: Callable[[str], str | None]) -> tuple[str, ...]:
    """Why the site's build publishes the pages its markers mark (file: what), read
    from these build files; empty when nothing says so."""
    out = []
    for path in files:
        text = read(path)
        if text is None:
            out.append(f"{path}: cannot be read, so the gate cannot tell whether the build"
                       " publishes marked drafts")
            continue
        m = _SETTING.search(text) or _ENV.search(text)
        if m is not None:
            out.append(f"{path}: sets {m.group(0).strip()[:60]!r}: the build publishes"
                       " the pages the draft markers mark")
            continue
        for line in text.splitlines():
            flag = _command_flag(line)
            if flag:
                out.append(f"{path}: a build runs {flag}: it publishes the pages the"
                           " draft markers mark")
                break
    return tuple(out)


def _command_flag(line: str) -> str:
    """The generator and its flag when this line builds a site with marked pages in it."""
    for tool, flag in _FLAG.items():
        at = line.find(tool)
        while at >= 0:
            rest = line[at + len(tool):]
            # Up to the end of this command (a shell separator), not a dev server.
            command = re.split(r"&&|\|\||[;|]|[\"'],", rest, maxsplit=1)[0]
            if (not rest[:1].isalnum() and flag.search(command)
                    and not _SERVER.search(command.split(" -", 1)[0])):
                return f"{tool}{command[:60].rstrip()}"
            at = line.find(tool, at + 1)
    return ""


# Where a site's config moves or adds the folders it publishes pages from.
_HUGO_CONFIG = re.compile(r"^(?:hugo|config)\.(?:toml|ya?ml|json)$|^config/")
_CONTENT_DIR = re.compile(
    r"""(?im)^[ \t]*["']?contentdir["']?[ \t]*[:=][ \t]*["']?([^"'\s#,}]*)""")
_MOUNT = re.compile(
    r"""(?is)["']?source["']?[ \t]*[:=][ \t]*["']([^"']*)["'](?:(?!source).){0,300}?"""
    r"""["']?target["']?[ \t]*[:=][ \t]*["']content\b([^"']*)["']""")
_MOUNT_REVERSED = re.compile(
    r"""(?is)["']?target["']?[ \t]*[:=][ \t]*["']content\b([^"']*)["'](?:(?!target).){0,300}?"""
    r"""["']?source["']?[ \t]*[:=][ \t]*["']([^"']*)["']""")
_DOCS_DIR = re.compile(r"""(?m)^docs_dir[ \t]*:[ \t]*["']?([^"'\s#]*)""")
_JEKYLL_KEYS = re.compile(r"(?m)^(?:source|collections_dir|collections)[ \t]*:")


def folders(files: list[str], read: Callable[[str], str | None]
            ) -> tuple[tuple[str, str, bool], ...]:
    """(file, folder) for each folder a site's config publishes pages from, other than
    the generator's default: Hugo's contentDir and content mounts, MkDocs' docs_dir,
    Jekyll's source, collections_dir and collections (each `_name` folder: a
    collection's pages may be listed on others even without `output`). "" for a folder
    the gate cannot read plainly: the whole repository."""
    out: list[tuple[str, str, bool]] = []
    for path in files:
        name = path.rsplit("/", 1)[-1]
        if not (_HUGO_CONFIG.match(path) or name.startswith(("mkdocs.", "_config"))):
            continue
        text = read(path) or ""
        if _HUGO_CONFIG.match(path):
            out += [(path, m.group(1), False) for m in _CONTENT_DIR.finditer(text)]
            out += [(path, m.group(1), False) for m in _MOUNT.finditer(text)]
            out += [(path, m.group(2), False) for m in _MOUNT_REVERSED.finditer(text)]
        elif name.startswith("mkdocs."):
            out += [(path, m.group(1), False) for m in _DOCS_DIR.finditer(text)]
        elif _JEKYLL_KEYS.search(text):
            out += [(path, f, pages) for f, pages in _jekyll(path, text)]
    return tuple(dict.fromkeys((p, f.strip().strip("/"), pages) for p, f, pages in out))


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
    out += [(f"{base}/_{c}" if base else f"_{c}", True) for c in coll
            if isinstance(c, str) and c != "posts"]
    return out
