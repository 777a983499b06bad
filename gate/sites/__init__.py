"""Site generators, one module each behind one small protocol, in one table (the way
pre-commit keeps `languages/`): what each generator publishes, which config it reads,
its draft marker, its title fields and documentation, and what `adopt --unpublish` may
write. The rest of receipt-gate asks this package and never names a generator.

A generator module has:

- `KIND` (the name its configs are read as: "hugo") and `NAME` ("Hugo");
- `detect(repo) -> Layout | None`: the site it finds in a repository (its config in
  any folder it may sit in, several configs for several languages), or None;

and, where the generator has them:

- `CONFIG`: a regular expression for the paths of its config files;
- `PUBLISH_KEYS`: config keys that make the build publish the pages its marker marks;
  `DRAFT_FLAGS`: a regular expression for a build command's flags that do;
- `folders(site, doc)`: the folders its config publishes pages from;
- `listed(toc, text, read) -> frozenset[str]`: the pages a table of contents publishes
  (mdBook's SUMMARY.md), for a `draft_markers.listed_in` marker;
- `unlist(text, toc, paths) -> str`: that table of contents with these pages unlinked
  (`adopt --unpublish`);
- `CONFIG_GLOBS` and `held_by_config(path, text) -> list[str]`: the path prefixes a
  config holds back (Jekyll's `defaults:`), which support nothing;
  `date_fields(path, text) -> (publish, expiry)`: the front-matter fields a config
  makes a page's publish and expiry dates (Hugo's `[frontmatter]`).

The table is in the order detection asks (first match wins): a generator known by a
config file of its own before one known by its folders, `plain` (no generator) last.
A new generator is one module here, one line in TABLE, and one test file.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from receipt_gate.trees.tree import Tree

from receipt_gate.sites import (
    astro,
    docusaurus,
    eleventy,
    hugo,
    jekyll,
    mdbook,
    mkdocs,
    plain,
)
from receipt_gate.sites.layout import Layout, Read, Repo, writing


class Generator(Protocol):
    KIND: str
    NAME: str

    def detect(self, repo: Repo) -> Layout | None: ...


TABLE: tuple[Generator, ...] = (eleventy, docusaurus, jekyll, astro, hugo, mkdocs, mdbook, plain)


def detect(
    paths: Sequence[str],
    read: Read,
    run_dir: str = ".receipts",
    named: Mapping[str, str] | None = None,
) -> Layout:
    """The layout of a repository, from its file paths (and `read`, for a few small
    files: configs, a table of contents, bundle index pages); `named`: the configs a
    build names (path -> tool), read too by the generator they are for."""
    repo = Repo(paths, writing(paths, run_dir), read, run_dir, named or {})
    for generator in TABLE:
        found = generator.detect(repo)
        if found is not None:
            return found._replace(generator=found.generator or generator.KIND)
    raise AssertionError("plain detects every repository")  # pragma: no cover


def held_by_configs(
    paths: Sequence[str],
    read: Callable[[str], str | None],
    named: Mapping[str, str] | None = None,
) -> list[str]:
    """What a generator's own config holds back (held entries, gate.sites.layout: Jekyll's
    `defaults:` giving `published: false`, Hugo's kinds and mounts...): such pages
    support nothing. `paths` are the tree's files that CONFIG_GLOBS match; `named`, the
    configs a build names (path -> tool, gate.rules.markup.build_texts), each read by
    its tool's reader wherever it is (one the gate cannot read may leave out any page)."""
    from receipt_gate.base import wildmatch
    from receipt_gate.sites.layout import held_globs

    out: list[str] = []
    for g in TABLE:
        held, globs = getattr(g, "held_by_config", None), getattr(g, "CONFIG_GLOBS", ())
        if held is not None and globs:
            out += [
                h
                for p in wildmatch.select(list(globs), paths)
                if p not in (named or {})
                for h in held(p, read(p))
            ]
    for path, tool in (named or {}).items():
        if not path:  # (`hugo --config "$CONFIG"`: which, the gate cannot tell)
            out.append(held_globs(["**"]))
            continue
        kind = tool.partition("@")[0]
        gen = next((x for x in TABLE if kind == x.KIND), None)
        held, globs = getattr(gen, "held_by_config", None), getattr(gen, "CONFIG_GLOBS", ())
        if held is not None and not path.endswith("/"):
            # (`tool@folder`: inherited by the config there, whose folder it is read from)
            at = tool.partition("@")[2]
            out += held(path, read(path), at if "@" in tool else True)
    return list(dict.fromkeys(out))


def unread_pages(
    find: Callable[[list[str]], list[str]],
    read: Callable[[list[str]], Mapping[str, str | None]],
    listed: Callable[[list[str]], list[str]],
    gated: Callable[[str], bool],
) -> str | None:
    """A line naming a page a generator renders from a file drafts does not gate (an
    Eleventy alias of a template language, a Jekyll file given an HTML permalink), else
    None. `find` lists the tree's paths a glob matches (each generator's RENDER_CONFIGS
    first), `listed` those outside the receipts; `read` gives files' texts, in one batch."""
    from receipt_gate.base import wildmatch

    for g in TABLE:
        check, globs = getattr(g, "unread_pages", None), getattr(g, "RENDER_CONFIGS", ())
        if check is None:
            continue
        configs = find([x if "*" in x else wildmatch.escape(x) for x in globs])
        if configs and (said := check(configs, read, listed, gated)) is not None:
            return str(said)
    return None


def default_values(
    paths: Sequence[str], read: Callable[[str], str | None]
) -> list[tuple[str, str, str]]:
    """(path prefix, field, value) for each field a generator's config gives the pages
    under a path (Jekyll's `defaults:`). `paths` are the tree's files that CONFIG_GLOBS
    match."""
    return _each(paths, read, "default_values")


def post_permalinks(
    paths: Sequence[str],
    read: Callable[[str], str | None],
    named: Mapping[str, str] | None = None,
) -> list[str]:
    """The permalink patterns a generator's config gives its posts (Jekyll's
    `permalink:`, a posts collection's, a default's), and a config a build names."""
    out: list[str] = _each([p for p in paths if p not in (named or {})], read, "post_permalinks")
    for path, tool in (named or {}).items():
        kind = tool.partition("@")[0]
        gen = next((x for x in TABLE if kind == x.KIND), None)
        given = getattr(gen, "post_permalinks", None)
        if path and given is not None:
            out += given(path, read(path), True)
    return list(dict.fromkeys(out))


def layout_folders(paths: Sequence[str], read: Callable[[str], str | None]) -> list[str]:
    """The folders a generator's config names for its layouts besides its default
    (Jekyll's `layouts_dir`)."""
    return _each(paths, read, "layouts_dirs")


def layout_aliases(
    paths: Sequence[str], read: Callable[[str], str | None]
) -> list[tuple[str, str]]:
    """(alias, layout) for each name a generator's config gives a layout (Eleventy's
    addLayoutAlias)."""
    from receipt_gate.sites import eleventy

    return [
        pair
        for name in eleventy.CONFIGS
        if name in paths
        for pair in eleventy.layout_aliases(read(name) or "")
    ]


def footnotes_dropped(paths: Sequence[str], read: Callable[[str], str | None]) -> bool:
    """Does a generator of the tree render a footnote's definition as no footnote (its
    text an attribute no reader reads)? Asked of each generator that says."""
    return any(g.drops_footnotes(paths, read) for g in TABLE if hasattr(g, "drops_footnotes"))


def tree_drops_footnotes(tree: Tree, run_dir: str = ".receipts") -> bool:
    """footnotes_dropped() of a tree's configs, once per tree (its receipts' folder,
    `run_dir`, never listed: 160,000 paths at 40,000 pages)."""
    from receipt_gate.trees.tree import built_once, small_text

    def find() -> bool:
        from receipt_gate.base.wildmatch import escape

        globs = ["**/mkdocs.yml", "**/mkdocs.yaml", "package.json", *eleventy.CONFIGS]
        paths = tree.paths([*globs, f"!{escape(run_dir)}/**"])
        return footnotes_dropped(paths, lambda p: small_text(tree, p))

    return built_once(tree, f"footnotes-dropped/{run_dir}", find)


def tree_templates(tree: Tree, run_dir: str = ".receipts") -> hugo.Templates:
    """The Hugo templates and configs of a tree (gate.sites.hugo.Templates), once per
    tree (its receipts' folder never listed)."""
    from receipt_gate.trees.tree import built_once, small_text

    def find() -> hugo.Templates:
        from receipt_gate.base.wildmatch import escape

        globs = ["**/layouts/**/*.html", "**/hugo.*", "**/config.*", "**/config/**"]
        paths = tree.paths([*globs, f"!{escape(run_dir)}/**"])
        return hugo.Templates(paths, lambda p: small_text(tree, p))

    return built_once(tree, f"hugo-templates/{run_dir}", find)


def _each(paths: Sequence[str], read: Callable[[str], str | None], name: str) -> list[Any]:
    from receipt_gate.base import wildmatch

    out: list[Any] = []
    for g in TABLE:
        given, globs = getattr(g, name, None), getattr(g, "CONFIG_GLOBS", ())
        if given is not None and globs:
            out += [d for p in wildmatch.select(list(globs), paths) for d in given(p, read(p))]
    return out


def date_fields(
    paths: Sequence[str], read: Callable[[str], str | None]
) -> tuple[list[str], list[str]]:
    """The front-matter fields (lower case) that a generator's config makes a page's
    publish date and its expiry date, beside the usual ones. `paths` are the tree's
    files that CONFIG_GLOBS match."""
    from receipt_gate.base import wildmatch

    publish: set[str] = set()
    expiry: set[str] = set()
    for g in TABLE:
        fields, globs = getattr(g, "date_fields", None), getattr(g, "CONFIG_GLOBS", ())
        if fields is not None and globs:
            for p in wildmatch.select(list(globs), paths):
                got = fields(p, read(p))
                publish.update(got[0])
                expiry.update(got[1])
    return sorted(publish), sorted(expiry)


def config_globs() -> list[str]:
    """Globs for every generator's configs that may hold pages back (held_by_configs)."""
    return [glob for g in TABLE for glob in getattr(g, "CONFIG_GLOBS", ())]


def named(kind: str) -> Generator | None:
    """The generator whose configs are read as `kind`."""
    return next((g for g in TABLE if kind == g.KIND), None)
