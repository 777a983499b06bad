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
  (`adopt --unpublish`).

The table is in the order detection asks (first match wins): a generator known by a
config file of its own before one known by its folders, `plain` (no generator) last.
A new generator is one module here, one line in TABLE, and one test file.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

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


def detect(paths: Sequence[str], read: Read, run_dir: str = ".receipts") -> Layout:
    """The layout of a repository, from its file paths (and `read`, for a few small
    files: configs, a table of contents, bundle index pages)."""
    repo = Repo(paths, writing(paths, run_dir), read, run_dir)
    for generator in TABLE:
        found = generator.detect(repo)
        if found is not None:
            return found._replace(generator=found.generator or generator.KIND)
    raise AssertionError("plain detects every repository")  # pragma: no cover


def named(kind: str) -> Generator | None:
    """The generator whose configs are read as `kind`."""
    return next((g for g in TABLE if kind == g.KIND), None)
