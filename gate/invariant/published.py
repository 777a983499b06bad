"""What a change to a site's build config newly publishes: a page the generator did not
publish under the rules in force, that the drafts globs do not gate, is refused.

`receipt-gate init` writes a site's drafts globs from its build config as it was then
(Jekyll's `exclude`, `include`, `markdown_ext`; Hugo's static folders). A later
change to that config can publish pages no glob reaches (drop an `exclude:`, add a
`staticDir`): the gate cannot see them, so it refuses, naming each, until drafts
gates them. A page the config published before, and the drafts globs leave out on
purpose, is the rules' own choice and not asked about here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Collection

    from receipt_gate.rules.config import Config
    from receipt_gate.trees.tree import Tree

SHOWN = 5  # pages named in full; the rest are counted


def newly_published(cfg: Config, tree: Tree, base: Tree | None,
                    changed_paths: Collection[str] | None = None) -> list[str]:
    """A line for each page the tree's build config publishes that the build config in
    force (`base`'s: the rules' commit, or HEAD) did not, where the tree's drafts gate
    none. `changed_paths`, when known: what differs from `base` (nothing to read when no
    config a build may read is among them)."""
    if base is None or base is tree or cfg.draft_markers is None:
        return []
    from receipt_gate.base import wildmatch
    from receipt_gate.rules.markers import BUILD_FILES, CONFIG_EXTS
    from receipt_gate.rules.markup import build_texts, texts_of

    if changed_paths is not None and not any(
            p.endswith(CONFIG_EXTS) or wildmatch.match(BUILD_FILES, p) for p in changed_paths):
        return []
    files, _, texts, _ = build_texts(tree)
    base_files, _, base_texts, _ = build_texts(base)
    changed = sorted(p for p in {*files, *base_files} if texts.get(p) != base_texts.get(p))
    if not changed:
        return []  # (the common case: the build config is as it was)
    from receipt_gate import CONFIG_FILE
    from receipt_gate.base.text import printable
    from receipt_gate.reading.layouts import detect

    paths = tree.paths()

    def now(path: str) -> str | None:
        if path not in texts:
            texts.update(texts_of(tree, [path]))
        return texts[path]

    def before(path: str) -> str | None:  # the config in force; the rest as it is now
        return base_texts.get(path) if path in files or path in base_texts else now(path)

    layout, old = detect(paths, now, cfg.run_dir), detect(paths, before, cfg.run_dir)
    if layout.markers is None or " site" not in layout.name:
        return []  # no generator's site: its globs are a guess, not what ships
    shipped = set(wildmatch.select(old.drafts, paths))
    prefix = cfg.run_dir + "/"
    new = [p for p in wildmatch.select(layout.drafts, paths) if p not in shipped
           and not p.startswith(prefix) and not wildmatch.match(cfg.drafts, p)]
    why = ", ".join(printable(p) for p in changed[:3]) + (" ..." if len(changed) > 3 else "")
    out = [f"{printable(p)}: the site's build now publishes it (changed: {why}), where"
           f" drafts ({CONFIG_FILE}) gates it not: add it to drafts" for p in new[:SHOWN]]
    if len(new) > SHOWN:
        out.append(f"... and {len(new) - SHOWN} more pages the changed build config publishes"
                   f" that drafts ({CONFIG_FILE}) does not gate")
    return out
