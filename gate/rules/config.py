"""`.receipt-gate.yaml`: loaded from the tree being checked, validated strictly."""

from __future__ import annotations

import os
import posixpath
import re
from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, NamedTuple

from receipt_gate import CONFIG_FILE as CONFIG_FILE  # the file these rules are read from
from receipt_gate import GateError
from receipt_gate.base import wildmatch, yamlio
from receipt_gate.base.schema import Err, mapping, repo_path, str_list, type_name, unknown
from receipt_gate.rules.markers import Markers
from receipt_gate.rules.markers import parse as parse_markers
from receipt_gate.trees import cache
from receipt_gate.trees.git import cache_dir as cache_dir_of

if TYPE_CHECKING:
    from receipt_gate.checks import Spec
    from receipt_gate.trees.tree import Tree

# The reader's version, in the parsed config's cache key: YAML an older reader accepted
# (a duplicated key, say) is read again by this one, never taken from its cache.
READER = 3
DEFAULT_STATES = ("idea", "accepted", "researched", "drafted", "ready", "shipped", "measured")


class Config(NamedTuple):
    drafts: tuple[str, ...]
    run_dir: str
    required: tuple[str, ...]
    checks: Mapping[str, Mapping[str, Any]]
    states: tuple[str, ...]
    gate_from: str
    signing: tuple[str, ...]  # the Ed25519 public keys receipts must be signed by
    # Every check's settings as it runs: defaults overlaid with `checks`, type-checked.
    effective: Mapping[str, Mapping[str, Any]]
    # The commit hook stages the receipts it writes (False: it writes, and refuses
    # until the user stages them).
    stage_receipts: bool = True
    # How the site marks what it has not published (Jekyll's _drafts/, Hugo's draft:
    # true), and the state such a file is in when it has no status: of its own. Set
    # (even marking nothing: `draft_markers: {}`), the drafts are a site's pages: one
    # the site publishes is gated whatever its status: says.
    draft_markers: Markers | None = None
    # The findings existing content had at adoption (gate.checks.baseline); "" for none.
    baseline: str = ""
    # Every check the config can name: the plugins installed, and those it declares.
    specs: Mapping[str, Spec] = MappingProxyType({})
    # More checks from a state on: (state, checks), in the order of states.
    required_from: tuple[tuple[str, tuple[str, ...]], ...] = ()

    def spec(self, name: str, deterministic: bool | None = None, where: str = "") -> Spec:
        """The check called `name`; GateError if there is none, or it is not of the kind
        asked for (a model check where code is needed, or the reverse)."""
        spec = self.specs.get(name)
        shown = f"{where}{name}"
        if spec is None:
            raise GateError(f"{shown}: unknown check (known: {', '.join(sorted(self.specs))})")
        if deterministic is True and not spec.deterministic:
            raise GateError(f"{shown}: a model check; use receipt-gate grade --check {name}")
        if deterministic is False and spec.deterministic:
            raise GateError(f"{shown}: its verdict is computed by code; use receipt-gate run")
        return spec

    def checks_for(self, status: str | None) -> tuple[str, ...]:
        """The checks a draft with this status needs: required, and those required_from
        a state it has reached (a draft without a status: required alone)."""
        if not self.required_from or not status or status not in self.states:
            return self.required
        at = self.states.index(status)
        more = [
            c
            for state, checks in self.required_from
            if self.states.index(state) <= at
            for c in checks
        ]
        return (*self.required, *dict.fromkeys(more))

    def every_required(self) -> tuple[str, ...]:
        """Every check some draft may need (required, then every required_from)."""
        return (*self.required, *dict.fromkeys(c for _, cs in self.required_from for c in cs))

    def deterministic(self, names: Sequence[str] | None = None) -> list[str]:
        """The checks (of `names`, else of every_required) whose verdict code computes."""
        return [
            c
            for c in (self.every_required() if names is None else names)
            if self.specs[c].deterministic
        ]

    def comment_reporter(self) -> str | None:
        """The one check that reports a comment that is not a valid suppression directive:
        the first required one that reads comments (part of its fingerprint)."""
        return next(
            (
                c
                for c in self.required
                if self.specs[c].deterministic and self.effective[c].get("suppressions")
            ),
            None,
        )

    def public_keys(self) -> tuple[bytes, ...]:
        if not self.signing:
            return ()
        from receipt_gate.base.signing import parse_public

        return tuple(k for k in map(parse_public, self.signing) if k is not None)

    def site_status(
        self, path: str, fields: Mapping[str, object], literal: Callable[[str], bool] | None = None
    ) -> str | None:
        """The state the site's own draft markers put a file in; None when unmarked.
        `literal(key)`, when given, says whether the field is written so that every
        reader reads it as this value (YAML 1.1 reads `yes` as true, YAML 1.2 not)."""
        m = self.draft_markers
        if m is None or m.void:  # the build publishes what they mark: nothing is held back
            return None
        if m.paths and wildmatch.match(m.paths, path):
            return m.status
        if m.listed and m.unlisted(path):
            return m.status  # a page its table of contents does not link
        # Only the value itself, of its own type: `draft: "true"` (a string) is not
        # `draft: true`, and sites read such strings differently (Jekyll publishes
        # `published: "false"`), so a look-alike never takes a file out of the gate.
        if m.front_matter_in and not wildmatch.match(m.front_matter_in, path):
            return None  # copied as it is: its front matter hides nothing
        for key, want in m.front_matter:
            got = fields.get(key)
            if got == want and type(got) is type(want) and (literal is None or literal(key)):
                return m.status
        return None

    def gated_state(self, status: str | None) -> bool:
        """Is a draft with this `status:` gated? No status means gated."""
        if status is None:
            return True
        return self.states.index(status) >= self.states.index(self.gate_from)


_TOP_KEYS = (
    "drafts",
    "run_dir",
    "required",
    "required_from",
    "checks",
    "states",
    "gate_from",
    "signing",
    "stage_receipts",
    "draft_markers",
    "baseline",
    "title_fields",
)


# The folders site generators read pages, configs, layouts or data from, or publish to,
# by default (Hugo, Jekyll, MkDocs, Eleventy, Docusaurus, Astro, mdBook): a run folder
# among them would hide a site's files from the gate, which leaves the run folder out of
# what it reads as the site (its files are receipts: gate.invariant.published).
_GENERATOR_FOLDERS = frozenset(
    "content static layouts data assets i18n archetypes themes config _default _posts"
    " _drafts _data _layouts _includes _sass docs blog src public pages _site site dist"
    " build versioned_docs node_modules".split()
)


def parse(raw: object, file: str = CONFIG_FILE, cache_dir: str | None = None) -> Config:
    """Validate a parsed config; checks are looked up among the plugins installed (their
    list cached in `cache_dir`, gate.checks.table) and those the config declares."""
    from receipt_gate.checks import config as checks_config
    from receipt_gate.checks.table import plugins as installed

    err = Err(file)
    if raw is None:
        raw = {}
    if not isinstance(raw, dict):
        raise err("", f"the top level must be a mapping, got {type_name(raw)}")
    top = mapping(raw, "", err)
    unknown("", top, _TOP_KEYS, err)

    drafts = str_list(top.get("drafts", ["drafts/**/*.md"]), "drafts", err)

    run_dir = top.get("run_dir", ".receipts")
    if not isinstance(run_dir, str) or not run_dir.strip("/"):
        raise err("run_dir", f"expected a folder path, got {type_name(run_dir)}")
    if any(ord(c) < 32 or ord(c) == 127 for c in run_dir):
        raise err("run_dir", "must not hold a control character (a NUL names no folder)")
    norm = posixpath.normpath(run_dir)
    if posixpath.isabs(run_dir) or norm == ".." or norm.startswith("../") or norm == ".":
        raise err("run_dir", f"must be a folder inside the repository, got {run_dir!r}")
    if norm == ".git" or norm.startswith(".git/"):
        raise err("run_dir", "must not be inside .git")
    parts = norm.lower().split("/")
    # (inside one through a dot folder, which generators skip, is a folder of its own)
    if parts[-1] in _GENERATOR_FOLDERS or (
        set(parts) & _GENERATOR_FOLDERS and not parts[-1].startswith(".")
    ):
        raise err(
            "run_dir",
            f"{norm!r} is (or is in) a folder site generators read or publish from;"
            " receipts need a folder of their own (.receipts)",
        )

    titles = (
        None
        if top.get("title_fields") is None
        else str_list(top["title_fields"], "title_fields", err, allow_empty=False)
    )
    plugins = installed(cache_dir)
    found = checks_config.read(top, plugins, err, titles)
    specs = found.specs
    defaults = [n for n, s in sorted(specs.items()) if s.by_default]
    required = checks_config.names(top, "required", specs, plugins, err, defaults)

    states = str_list(top.get("states", list(DEFAULT_STATES)), "states", err, allow_empty=False)
    if len(set(states)) != len(states):
        raise err("states", "a state is listed twice")
    gate_from = top.get("gate_from", "ready" if "ready" in states else states[0])
    if not isinstance(gate_from, str):
        raise err("gate_from", f"expected a string, got {type_name(gate_from)}")
    if gate_from not in states:
        raise err("gate_from", f"{gate_from!r} is not one of states")

    signing = mapping(top.get("signing"), "signing", err)
    for k in signing:
        if k != "public_keys":
            raise err(
                f"signing.{k}",
                "unknown key (expected one of: public_keys); the"
                " private key is the signer's, never the tree's: $RECEIPT_GATE_SIGNING_KEY"
                " or --key-file",
            )
    keys = str_list(signing.get("public_keys", []), "signing.public_keys", err)
    if "signing" in top and not keys:
        raise err("signing.public_keys", "must list at least one key (receipt-gate keygen)")
    for i, k in enumerate(keys):
        from receipt_gate.base.signing import parse_public

        if parse_public(k) is None:
            raise err(
                f"signing.public_keys[{i}]",
                "expected ed25519:<base64 of 32 bytes> (receipt-gate keygen prints one)",
            )

    stage = top.get("stage_receipts", True)
    if not isinstance(stage, bool):
        raise err("stage_receipts", f"expected true or false, got {type_name(stage)}")
    markers = (
        None
        if top.get("draft_markers") is None
        else parse_markers(top["draft_markers"], states, gate_from, err)
    )
    baseline = "" if top.get("baseline") is None else repo_path(top["baseline"], "baseline", err)
    if baseline and (baseline == norm or baseline.startswith(norm + "/")):
        raise err("baseline", f"must not be inside run_dir ({norm})")
    more = checks_config.required_from(top, states, specs, plugins, required, err)
    return Config(
        drafts,
        norm,
        required,
        found.checks,
        states,
        gate_from,
        keys,
        found.effective,
        stage,
        markers,
        baseline,
        MappingProxyType(specs),
        more,
    )


def load(
    data: bytes | None,
    file: str = CONFIG_FILE,
    cache_dir: str | None = None,
    blob: str | None = None,
) -> Config:
    """Parse config bytes; None (no file) is an error that says how to make one.

    With a cache folder, the parsed YAML is kept there as JSON under the SHA-256 of the
    exact bytes, so the commit path need not import pyyaml: new bytes, new key. Given
    the git blob id of the same bytes, it is kept under that too (see config_of()).
    """
    if data is None:
        raise GateError(f"{file}: not found (receipt-gate init writes a starter)")
    if cache_dir is None:
        return parse(yamlio.load(data, file), file)
    from receipt_gate.base.sha import hex256

    path = os.path.join(cache_dir, f"config-{READER}-{hex256(data)}.json")
    got = _cached(path, cache_dir, file)
    raw: object = None
    if got is None:
        raw = yamlio.load(data, file)
        got = parse(raw, file, cache_dir)
        if not cache.write(path, raw):
            return got  # YAML a JSON file cannot hold (dates...): parse it each time
    if blob is not None and not os.path.exists(_blob_cache(cache_dir, blob)):
        cache.write(_blob_cache(cache_dir, blob), raw or cache.read(path, _is_mapping))
    return got


def config_of(tree: Tree, disk: Tree | None = None) -> Config:
    """The config of a tree (the working tree, the index, a commit). With `disk`, a
    config on disk that the index lacks is named as not staged. A site's draft markers
    are void where the tree's build publishes what they mark (gate.rules.markers)."""
    return built(_config_of(tree, disk), tree)


# Every generator's RENDER_CONFIGS (gate.sites.unread_pages), here so that the commit
# path of a tree without one imports no generator (tests/test_sites.py holds them equal).
RENDER_CONFIGS = (
    ".eleventy.js",
    "eleventy.config.js",
    "eleventy.config.mjs",
    "eleventy.config.cjs",
    "**/_config.yml",
    "**/_config.toml",
)


def _render_configs(drafts: Sequence[str]) -> list[str]:
    """Where RENDER_CONFIGS could be for a site drafts gates: at the top, and in each
    folder above what a drafts glob names (literal paths: a tree lists none of the
    rest for them)."""
    folders = {""}
    for glob in drafts:
        head = re.split(r"[*?\[\\]", glob.removeprefix("!"), maxsplit=1)[0]
        if not head and not glob.startswith("!"):
            return list(RENDER_CONFIGS)  # (a glob from the top reaches a site anywhere)
        parts = head.split("/")[:-1]
        folders.update("/".join(parts[: i + 1]) + "/" for i in range(len(parts)))
    return [
        wildmatch.escape(f + name.removeprefix("**/"))
        for f in sorted(folders)
        for name in RENDER_CONFIGS
        if f == "" or name.startswith("**/")
    ]


def built(cfg: Config, tree: Tree) -> Config:
    """The config with its draft markers as the tree's build reads them (void where it
    publishes what they mark), the folders it publishes from; GateError where it renders
    pages with a reader the gate does not read them with."""
    # Pages a site renders from files drafts does not take for pages (the config that
    # makes them may come in the same change): asked of the generators where one of
    # their configs is (a tree with none imports none of them).
    if tree.paths(_render_configs(cfg.drafts)):
        from receipt_gate.base import wildmatch
        from receipt_gate.rules.markup import texts_of
        from receipt_gate.sites import unread_pages

        unread = unread_pages(
            tree.paths,
            lambda paths: texts_of(tree, paths),
            lambda globs: tree.paths([*globs, f"!{wildmatch.escape(cfg.run_dir)}/**"]),
            lambda path: wildmatch.match(cfg.drafts, path),
        )
        if unread is not None:
            raise GateError(unread)
    if cfg.draft_markers is None:
        return cfg
    from receipt_gate.rules.markers import folders, publishing
    from receipt_gate.rules.markup import build_texts, holds
    from receipt_gate.sites.builds import unread_markup

    files, index, texts, named = build_texts(tree, cfg.run_dir)
    if (unread := unread_markup([*files, *index], texts.__getitem__)) is not None:
        raise GateError(unread)
    why = publishing(files, texts.__getitem__, named)
    more = folders(files, texts.__getitem__, named, holds(tree))
    markers = cfg.draft_markers._replace(void=why, folders=more)
    if markers.listed_in:
        markers = listed_by(markers, tree)
    return cfg._replace(draft_markers=markers)


def listed_by(markers: Markers, tree: Tree) -> Markers:
    """The markers with the pages each table of contents links, as the tree holds it;
    one the gate cannot read makes the markers hold nothing back (every page gated)."""
    from receipt_gate.rules.markup import texts_of
    from receipt_gate.sites.builds import listed

    texts = texts_of(tree, list(markers.listed_in))
    unread = [toc for toc, text in texts.items() if text is None]
    if unread:
        return markers._replace(
            void=(
                *markers.void,
                *(
                    f"{toc}: cannot be read, so the gate cannot tell which pages it publishes"
                    for toc in unread
                ),
            )
        )
    return markers._replace(
        listed=tuple(
            (toc, tuple(sorted(_with_includes(tree, toc, listed(toc, text or "")))))
            for toc, text in texts.items()
        ),
        sure=tuple(
            (toc, tuple(sorted(_with_includes(tree, toc, listed(toc, text or "", True), True))))
            for toc, text in texts.items()
        ),
    )


def _with_includes(tree: Tree, toc: str, pages: frozenset[str], whole: bool = False) -> set[str]:
    """The pages a table of contents publishes, and what they include into themselves
    (mdBook's `{{#include}}`, followed as deep as mdBook follows them: 10; `whole`: only
    what they surely show whole, the pages surely published)."""
    from receipt_gate.rules.markup import texts_of
    from receipt_gate.sites.builds import included

    out, frontier = set(pages), [p for p in pages if p != toc and p.endswith(".md")]
    if whole and not _includes_shown(tree, toc):
        return out  # (mdBook prints the directives as they are)
    for _ in range(10):
        if not frontier:
            break
        found = {
            f
            for page, text in texts_of(tree, frontier).items()
            if text
            for f in included(toc, page, text, whole)
        } - out
        out |= found
        frontier = [f for f in found if f.endswith(".md")]
    return out


def _includes_shown(tree: Tree, toc: str) -> bool:
    """Does the generator whose table of contents this is expand its pages' includes?"""
    from receipt_gate.rules.markup import texts_of
    from receipt_gate.sites.builds import includes_shown

    return includes_shown(toc, lambda globs: texts_of(tree, tree.paths(globs)))


def _config_of(tree: Tree, disk: Tree | None) -> Config:
    cache_dir = cache_dir_of(tree.root)
    # In the index (or a commit) the config's blob id names its bytes: a config parsed
    # before is found without reading the blob, which costs a git process.
    stamp = tree.stamps([CONFIG_FILE]).get(CONFIG_FILE)
    blob = stamp[1] if stamp is not None and stamp[0] == "oid" else None
    if cache_dir is not None and blob is not None:
        got = _cached(_blob_cache(cache_dir, blob), cache_dir)
        if got is not None:
            return got
    data = tree.read(CONFIG_FILE)
    if data is None and disk is not None and disk.read(CONFIG_FILE) is not None:
        raise GateError(f"{CONFIG_FILE}: not staged (git add {CONFIG_FILE})")
    return load(data, CONFIG_FILE, cache_dir, blob)


def _blob_cache(cache_dir: str, blob: str) -> str:
    """Where the parsed config whose bytes are this git blob is kept."""
    return os.path.join(cache_dir, f"config-{READER}-blob-{blob}.json")


def _is_mapping(doc: object) -> bool:
    return isinstance(doc, dict)


def _cached(path: str, cache_dir: str, file: str = CONFIG_FILE) -> Config | None:
    """The config parsed from a cache file, or None when there is none that parses:
    a damaged cache is never blamed on the config, it is read again from the file."""
    raw = cache.read(path, _is_mapping)
    if raw is None:
        return None
    try:
        return parse(raw, file, cache_dir)
    except GateError:
        return None


def with_settings(
    cfg: Config, name: str, overrides: Mapping[str, object], file: str = "settings"
) -> Config:
    """The config with a check's settings overlaid (validated like the file's)."""
    from receipt_gate.checks import config as checks_config

    given = {**cfg.checks.get(name, {}), **overrides}
    effective = {
        **cfg.effective,
        name: checks_config.settings_of(cfg.specs[name], given, Err(file)),
    }
    return cfg._replace(checks={**cfg.checks, name: given}, effective=effective)
