"""What a site's build reads beyond the draft markers: the files' texts, read once, and
where Hugo renders pages with another reader than the one the gate reads them with
(gate.rules.config refuses such a site, saying what to change)."""

from __future__ import annotations

import posixpath
import re
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from receipt_gate.base import wildmatch
from receipt_gate.reading import siteconfig
from receipt_gate.reading.siteconfig import named_configs, plain
from receipt_gate.rules.markers import BUILD_FILES, CONFIG_EXTS, GENERATOR

if TYPE_CHECKING:
    from receipt_gate.trees.tree import Tree

# Hugo renders markdown with another reader where a config says so for every page
# (markup.defaultMarkdownHandler) or a cascade does for the pages under a section.
_HANDLER = re.compile(r"""(?i)["']?defaultMarkdownHandler["']?[ \t]*[:=][ \t]*["']?(\w+)""")
_CASCADE = re.compile(r"""(?is)(?<![\w-])["']?cascade["']?.{0,4000}?(?<![\w-])["']?markup["']?"""
                      r"""[ \t]*[:=][ \t]*["']?(\w+)""")
_MARKDOWN = frozenset({"goldmark", "markdown", "md"})


def unread_markup(files: Sequence[str], read: Callable[[str], str | None]) -> str | None:
    """Why pages are rendered by a reader the gate does not read them with (a page is
    read by its own front matter's `markup:` and its extension), or None: a generator
    config's defaultMarkdownHandler other than goldmark, a cascade that sets `markup`
    (in a config, or a section's _index page)."""
    for path in files:
        index = posixpath.basename(path).startswith("_index.")
        if not (index or GENERATOR.search(path)):
            continue
        text = read(path)
        if text is None:
            continue
        if not index and path.endswith(CONFIG_EXTS):  # as the generator parses it
            doc = siteconfig.document(path, text)
            said = [siteconfig.shown(v) for v in siteconfig.values(doc, "defaultmarkdownhandler")
                    if not (isinstance(v, str) and v.lower() in _MARKDOWN)]
            said += [f"cascade: {siteconfig.shown(v)}" for v in siteconfig.values_within(
                doc, "cascade", "markup") if not (isinstance(v, str) and v.lower() in _MARKDOWN)]
            if said:
                return (f"{path}: sets markup {said[0][:40]!r}: Hugo renders markdown"
                        " pages with it, the gate reads them as markdown; set `markup:` in"
                        " each page's front matter instead (the gate reads it)")
        text = plain(text[:20000] if index else text)
        m = None if index else _HANDLER.search(text)
        if m is not None and m.group(1).lower() not in _MARKDOWN:
            return (f"{path}: sets defaultMarkdownHandler {m.group(1)!r}: Hugo renders"
                    " every markdown page with it, the gate reads them as markdown; set"
                    " `markup:` in each page's front matter instead (the gate reads it)")
        m = _CASCADE.search(text)
        if m is not None and m.group(1).lower() not in _MARKDOWN:
            return (f"{path}: a cascade sets markup {m.group(1)!r} for other pages: the"
                    " gate reads each page by its own front matter; set `markup:` in"
                    " each page instead")
    return None


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



def build_texts(tree: Tree) -> tuple[list[str], list[str], dict[str, str | None],
                                      dict[str, str]]:
    """(build files, section _index pages, the text of each, the configs a build command
    names as path -> tool): the build files where the generators and build hosts keep
    them, and the configs a build names (--config a,b, --configDir, mkdocs -f, INHERIT)
    wherever they are, and those they name in turn."""
    files, index = tree.paths(BUILD_FILES), tree.paths(["**/_index.*"])
    texts = texts_of(tree, [*files, *index])  # one batch, each read once
    named: dict[str, str] = {}
    for _ in range(4):
        new = {k: v for k, v in named_configs(files, texts.__getitem__).items()
               if k not in named}
        if not new:
            break
        named.update(new)
        folders = [wildmatch.escape(k.removeprefix("./")) + "**" for k in new if k.endswith("/")]
        more = [k for k in new if k and not k.endswith("/") and k not in texts]
        more += [p for p in (tree.paths(folders) if folders else [])
                 if p.endswith(CONFIG_EXTS) and p not in texts]
        for p in more:  # a file of a named folder is its tool's config
            named.setdefault(p, next(v for k, v in new.items()
                                     if k and p.startswith(k.removeprefix("./"))))
        texts.update(texts_of(tree, more))
        files = [*files, *(p for p in more if p not in files)]
    return files, index, texts, named


def holds(tree: Tree) -> Callable[[str], bool]:
    """Does the tree hold a file in this folder? Every folder listed once, when first
    asked (a site's themes and modules ask one by one)."""
    held: set[str] = set()

    def there(folder: str) -> bool:
        if not held:
            held.update(p[:i] for p in tree.paths() for i, c in enumerate(p) if c == "/")
            held.add("")
        return folder in held

    return there
