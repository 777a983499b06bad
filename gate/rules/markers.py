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
from collections.abc import Callable
from typing import NamedTuple

from receipt_gate.base.schema import Err, mapping, str_list, type_name, unknown

KEYS = ("paths", "front_matter", "status")


class Markers(NamedTuple):
    paths: tuple[str, ...]  # files under these globs are drafts (Jekyll's _drafts/**)
    front_matter: tuple[tuple[str, object], ...]  # (field, value): draft: true...
    status: str  # the state a marked file without a status: field is in
    # Why the site's build publishes marked pages (then no page is marked): file: what.
    void: tuple[str, ...] = ()


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
    "cloudbuild.yaml", ".travis.yml", "bitbucket-pipelines.yml", "build.sh",
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
