"""How often the checks flag ordinary human writing: precision measured on real corpora.

    python benchmarks/precision.py [--corpora ../shared/corpora] [--top 5]

For each set of real markdown (the Jekyll release posts written before 2022, the Jekyll
docs, the Hugo docs), runs every deterministic check with its default settings (an
empty claims registry, the site's own documentation as registered-terms' documented_in
where the site has one, as `init` sets it; headline-numbers with the set itself as the
corpus) and prints,
per check, the share of files flagged and the distinct findings, then the most common.
Posts dated before 2022 were written before language models drafted prose at scale:
what the checks flag there is ordinary English. It also checks where hook-length found
each opening paragraph: never in front matter, an admonition, HTML or a template tag.
Targets: ai-tells flags at most 1% of the pre-2022 posts; registered-terms at most 10%
of the files of a technical blog (the release posts).
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import tempfile
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from receipt_gate.base.text import Draft

CHECKOUT = Path(__file__).resolve().parent.parent
# ai-tells flags at most 1% of human writing from before 2022, on every corpus.
TARGETS = {**{(name, "ai-tells"): 0.01 for name in (
               "jekyll posts before 2022", "jekyll docs", "hugo docs", "grpc blog before 2022",
               "grpc docs", "eleventy blog before 2022", "eleventy docs")},
           ("jekyll posts before 2022", "registered-terms"): 0.10}
CHECKS = ("ai-tells", "hook-length", "headline-numbers", "registered-terms")


def sets(corpora: Path) -> dict[str, list[Path]]:
    posts = sorted((corpora / "jekyll" / "docs" / "_posts").glob("*.m*"))
    dated = [p for p in posts if re.match(r"(\d{4})-", p.name)
             and int(p.name[:4]) < 2022]
    docs = sorted(p for p in (corpora / "jekyll" / "docs").rglob("*.md")
                  if "_posts" not in p.parts and p.name != "history.md")
    hugo = sorted((corpora / "hugo-docs" / "content").rglob("*.md"))

    def before_2022(files: list[Path], field: str = "date") -> list[Path]:
        """Pages whose front-matter date (or dated file name) is before 2022."""
        out = []
        for f in files:
            head = f.read_text(errors="replace")[:3000]
            m = (re.search(rf"(?m)^{field}:\s*['\"]?(\d{{4}})-", head)
                 or re.match(r"(\d{4})-", f.name))
            if m and int(m.group(1)) < 2022:
                out.append(f)
        return out

    grpc = before_2022(sorted((corpora / "grpc-io" / "content" / "en" / "blog").glob("*.md")))
    grpc_docs = sorted((corpora / "grpc-io" / "content" / "en" / "docs").rglob("*.md"))
    eleventy = before_2022(sorted((corpora / "eleventy" / "src" / "blog").glob("*.md")))
    eleventy_docs = sorted((corpora / "eleventy" / "src" / "docs").rglob("*.md"))
    return {"jekyll posts before 2022": dated, "jekyll docs": docs, "hugo docs": hugo,
            "grpc blog before 2022": grpc, "grpc docs": grpc_docs,
            "eleventy blog before 2022": eleventy, "eleventy docs": eleventy_docs}


def documentation(corpora: Path, name: str) -> list[Path]:
    """The documentation the site of a set has (Jekyll's docs for its release posts)."""
    if name == "jekyll posts before 2022":
        return sorted(p for p in (corpora / "jekyll" / "docs" / "_docs").rglob("*.md"))
    return []


def measure(name: str, files: list[Path], top: int, docs: Sequence[Path] = ()) -> list[str]:
    from receipt_gate.base.text import decode
    from receipt_gate.invariant.runner import prepare
    from receipt_gate.rules.config import parse
    from receipt_gate.trees.tree import WorkTree

    work = Path(tempfile.mkdtemp(prefix="receipt-gate-precision-"))
    try:
        subprocess.run(["git", "init", "-q", str(work)], check=True)
        for i, f in enumerate(files):
            dest = work / "posts" / f"{i:04d}-{f.name}"
            dest.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(f, dest)
        for i, f in enumerate(docs):
            dest = work / "docs" / f"{i:04d}-{f.name}"
            dest.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(f, dest)
        checks: dict[str, object] = {"headline-numbers": {"articles": ["posts/**"]}}
        if docs:
            checks["registered-terms"] = {"documented_in": ["docs/**/*.md"]}
        cfg = parse({"checks": checks})
        tree = WorkTree(str(work))
        drafts = []
        for f in sorted((work / "posts").iterdir()):
            # Named by its path in the repository, as run names it: a post is judged by
            # the others (its own title accuses nothing, its own pages source nothing).
            d = decode(f"posts/{f.name}", f.read_bytes())
            if not isinstance(d, str):
                drafts.append(d)
        lines = [_openings(drafts)]
        for check in CHECKS:
            checker, _ = prepare(cfg, check, tree)
            flagged = 0
            found: Counter[str] = Counter()
            for d in drafts:
                outcome = checker(d)
                flagged += bool(outcome.findings)
                found.update(_short(check, f.message) for f in outcome.findings)
            share = flagged / len(drafts) if drafts else 0.0
            target = TARGETS.get((name, check))
            held = "" if target is None else (f"  target <= {target:.0%}:"
                                              f" {'holds' if share <= target else 'MISSED'}")
            lines.append(f"  {check:17} {flagged:4}/{len(drafts)} files flagged ({share:5.1%}),"
                         f" {len(found)} distinct findings{held}")
            for text, n in found.most_common(top):
                lines.append(f"      {n:4}  {text[:110]}")
        return lines
    finally:
        shutil.rmtree(work, ignore_errors=True)


def _openings(drafts: Sequence[Draft]) -> str:
    """What hook-length measured as each opening paragraph: never front matter, an
    admonition, HTML or a template tag (none of their marks in the measured text)."""
    from receipt_gate.reading.frontmatter import block_end
    from receipt_gate.reading.markdown import blocks
    from receipt_gate.reading.pageparts import opening_paragraph

    found = wrong = 0
    for d in drafts:
        opening = opening_paragraph(d.text)
        if opening is None:
            continue
        found += 1
        (block,) = [b for b in blocks(d.text) if b.start == opening.line - 1]
        in_front = opening.line - 1 < block_end(d.text.split("\n"))[1]
        wrong += (block.quoted or in_front or any(mark in opening.text for mark in
                                                  ("{{", "{%", "%}", "}}", "<", ">")))
    return (f"  hook-length openings measured: {found}; any of front matter, an admonition,"
            f" HTML or a template tag: {wrong} (want 0)")


def _short(check: str, message: str) -> str:
    """A finding without what only tells one file from another (a title's path)."""
    if check == "headline-numbers":
        return message.split(" appears in")[0] + " (in a title, no body)"
    if check == "hook-length":
        return re.sub(r"\d+", "N", message)
    return message.split(";")[0]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpora", type=Path, default=CHECKOUT.parent / "shared" / "corpora")
    parser.add_argument("--top", type=int, default=5)
    args = parser.parse_args(argv)
    if not args.corpora.is_dir():
        print(f"precision: {args.corpora}: no corpora there (--corpora DIR)", file=sys.stderr)
        return 2
    for name, files in sets(args.corpora).items():
        print(f"{name} ({len(files)} files)")
        for line in measure(name, files, args.top, documentation(args.corpora, name)):
            print(line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
