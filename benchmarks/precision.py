"""How often the checks flag ordinary human writing: precision measured on real corpora.

    python benchmarks/precision.py [--corpora ../shared/corpora] [--top 5]
    python benchmarks/precision.py --recall [--aitext ../aitext] [--part held]
    python benchmarks/precision.py --tells [--aitext ../aitext]
    python benchmarks/precision.py --openings [--aitext ../aitext]

`--recall` is ai-tells' other side: on sets of AI-written text (open generation: text
written to a title or prompt; rephrasings of human text) and of human writing from
before 2022 (the corpora above and more: blogs, docs, books, news, Wikipedia), the
share of files ai-tells flags with its defaults, beside the share a public list of AI
tells flags (the `ai-tells` Vale style, its existence rules, when it is in
DIR/lists/vale-ai-tells). Each set is split by a hash of each file's path: a quarter
held aside, never used to choose a tell, a weight or the threshold (`--part held`, the
default), the rest the tuning part (`--part tuning`; `all`). `--tells` prints each
weighted tell's rate per 1,000 words on the AI and the human tuning parts, and the
weight the rule of receipt_gate_hooks.tells gives it beside the one it has. The data
comes from public repositories, laid out by `benchmarks/aitext.py` (none of it is in
this repository).

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
import hashlib
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
TARGETS = {
    **{
        (name, "ai-tells"): 0.01
        for name in (
            "jekyll posts before 2022",
            "jekyll docs",
            "hugo docs",
            "grpc blog before 2022",
            "grpc docs",
            "eleventy blog before 2022",
            "eleventy docs",
        )
    },
    ("jekyll posts before 2022", "registered-terms"): 0.10,
}
CHECKS = ("ai-tells", "hook-length", "headline-numbers", "registered-terms")


def sets(corpora: Path) -> dict[str, list[Path]]:
    posts = sorted((corpora / "jekyll" / "docs" / "_posts").glob("*.m*"))
    dated = [p for p in posts if re.match(r"(\d{4})-", p.name) and int(p.name[:4]) < 2022]
    docs = sorted(
        p
        for p in (corpora / "jekyll" / "docs").rglob("*.md")
        if "_posts" not in p.parts and p.name != "history.md"
    )
    hugo = sorted((corpora / "hugo-docs" / "content").rglob("*.md"))

    def before_2022(files: list[Path], field: str = "date") -> list[Path]:
        """Pages whose front-matter date (or dated file name) is before 2022."""
        out = []
        for f in files:
            head = f.read_text(errors="replace")[:3000]
            m = re.search(rf"(?m)^{field}:\s*['\"]?(\d{{4}})-", head) or re.match(
                r"(\d{4})-", f.name
            )
            if m and int(m.group(1)) < 2022:
                out.append(f)
        return out

    grpc = before_2022(sorted((corpora / "grpc-io" / "content" / "en" / "blog").glob("*.md")))
    grpc_docs = sorted((corpora / "grpc-io" / "content" / "en" / "docs").rglob("*.md"))
    eleventy = before_2022(sorted((corpora / "eleventy" / "src" / "blog").glob("*.md")))
    eleventy_docs = sorted((corpora / "eleventy" / "src" / "docs").rglob("*.md"))
    return {
        "jekyll posts before 2022": dated,
        "jekyll docs": docs,
        "hugo docs": hugo,
        "grpc blog before 2022": grpc,
        "grpc docs": grpc_docs,
        "eleventy blog before 2022": eleventy,
        "eleventy docs": eleventy_docs,
    }


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
            held = (
                ""
                if target is None
                else (f"  target <= {target:.0%}: {'holds' if share <= target else 'MISSED'}")
            )
            lines.append(
                f"  {check:17} {flagged:4}/{len(drafts)} files flagged ({share:5.1%}),"
                f" {len(found)} distinct findings{held}"
            )
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
        wrong += (
            block.quoted
            or in_front
            or any(mark in opening.text for mark in ("{{", "{%", "%}", "}}", "<", ">"))
        )
    return (
        f"  hook-length openings measured: {found}; any of front matter, an admonition,"
        f" HTML or a template tag: {wrong} (want 0)"
    )


def _short(check: str, message: str) -> str:
    """A finding without what only tells one file from another (a title's path)."""
    if check == "headline-numbers":
        return message.split(" appears in")[0] + " (in a title, no body)"
    if check == "hook-length":
        return re.sub(r"\d+", "N", message)
    return message.split(";")[0]


AI_SETS = {  # name -> (kind, glob under the aitext folder)
    "iu open generation (GPT-3.5 news, Wikipedia)": ("ai", "iu/*-generated_*/*.txt"),
    "ndhal open generation (GPT-3.5 essays)": ("ai", "ndhal/*_GPT35/*.txt"),
    "ndhal open generation (GPT-4 essays)": ("ai", "ndhal/*_GPT4/*.txt"),
    "iu rephrased (GPT-3.5)": ("ai-rephrased", "iu/*-rephrase_*/*.txt"),
    "iu news (human)": ("human", "iu/news-human/*.txt"),
    "iu Wikipedia (human)": ("human", "iu/wiki-human/*.txt"),
}


def aitext_sets(aitext: Path, corpora: Path) -> dict[str, tuple[str, list[Path]]]:
    """Every set the recall side reads: name -> (kind, files)."""
    out = {name: (kind, sorted(aitext.glob(glob))) for name, (kind, glob) in AI_SETS.items()}
    for d in sorted(p for p in (aitext / "human").glob("*") if p.is_dir()):
        out[f"{d.name} (human)"] = ("human", sorted([*d.glob("*.md"), *d.glob("*.txt")]))
    if corpora.is_dir():
        out.update({name: ("human", files) for name, files in sets(corpora).items()})
    return {k: v for k, v in out.items() if v[1]}


def held_aside(path: Path) -> bool:
    """A quarter of every set, by a hash of the file's path from its set's root."""
    parts = path.parts
    key = "/".join(parts[-3:])
    return int(hashlib.sha256(key.encode()).hexdigest()[:8], 16) % 4 == 0


def _in_part(files: list[Path], part: str) -> list[Path]:
    return [f for f in files if part == "all" or held_aside(f) == (part == "held")]


def read_prose(path: Path) -> str:
    """What ai-tells weighs of a file: its prose, block quotes of its own, marks out."""
    from receipt_gate.reading.prose import prose_lines
    from receipt_gate.reading.reader import reader_view

    text = path.read_text(errors="replace")
    lines = prose_lines(text, "own", False, "blank", wide=True, fences=True)
    return reader_view("\n".join(lines), False).text.replace("\0", " ")


def vale_rules(style: Path) -> list[tuple[str, re.Pattern[str]]]:
    """The existence rules of a Vale style as (rule name, regex): tokens joined, words
    bounded unless `nonword`, case folded with `ignorecase` (Vale's defaults). Its
    occurrence, sequence and metric rules need Vale's own machinery: left out."""
    import yaml

    rules = []
    for f in sorted(style.glob("*.yml")):
        rule = yaml.safe_load(f.read_text())
        if not isinstance(rule, dict) or rule.get("extends") != "existence":
            continue
        tokens = [str(t) for t in rule.get("tokens") or []]
        raw = "".join(str(r) for r in rule.get("raw") or [])
        body = raw or "|".join(tokens)
        if not body:
            continue
        if not raw and not rule.get("nonword"):
            body = rf"\b(?:{body})\b"
        flags = re.IGNORECASE if rule.get("ignorecase") else 0
        try:
            rules.append((f.stem, re.compile(body, flags)))
        except re.error:
            continue  # (a Go-only construct: the rule is left out, not guessed)
    return rules


def recall(aitext: Path, corpora: Path, part: str) -> list[str]:
    """A row per set: the share of its files ai-tells flags, and the Vale style's: its
    word list (OverusedVocabulary: delve, tapestry, pivotal ...), and any of its rules."""
    from receipt_gate.base.text import decode
    from receipt_gate_hooks import ai_tells

    check = ai_tells.make(dict(ai_tells.settings))
    style = aitext / "lists" / "vale-ai-tells"
    vale = vale_rules(style) if style.is_dir() else []
    lines = [f"{'set':52} {'kind':12} {'files':>5}  ai-tells  vale: vocabulary  every rule"]
    for name, (kind, files) in aitext_sets(aitext, corpora).items():
        chosen = _in_part(files, part)
        ours = theirs = loose = 0
        for f in chosen:
            draft = decode(f"drafts/{f.name}", f.read_bytes())
            ours += not isinstance(draft, str) and bool(check(draft).findings)
            if vale:
                prose = read_prose(f)
                hit = {rule for rule, rx in vale if rx.search(prose)}
                theirs += "OverusedVocabulary" in hit
                loose += bool(hit)
        n = max(len(chosen), 1)
        lines.append(
            f"{name[:52]:52} {kind:12} {len(chosen):5}  {ours / n:7.1%}  "
            + (f"{theirs / n:16.1%}  {loose / n:10.1%}" if vale else "  (no style)")
        )
    return lines


def tell_rates(aitext: Path, corpora: Path) -> list[str]:
    """Each tell's rate per 1,000 words on the tuning parts (AI: the mean of the iu and
    ndhal open generation rates; human: the mean over the human sets, and the highest),
    and the weight receipt_gate_hooks.tells' rule gives it beside the one it has."""
    import math

    from receipt_gate_hooks.tells import SOURCES, TELLS, score

    def rates(files: list[Path]) -> dict[str, float]:
        words, seen = 0, Counter[str]()
        for f in _in_part(files, "tuning"):
            got = score(read_prose(f))
            words += got.words
            seen.update(h.tell.label for h in got.hits for _ in h.offsets)
        return {t.label: seen[t.label] * 1000 / max(words, 1) for t in TELLS}

    all_sets = aitext_sets(aitext, corpora)
    ai_iu = rates(all_sets["iu open generation (GPT-3.5 news, Wikipedia)"][1])
    ai_35 = rates(all_sets["ndhal open generation (GPT-3.5 essays)"][1])
    ai_4 = rates(all_sets["ndhal open generation (GPT-4 essays)"][1])
    human = [rates(files) for kind, files in all_sets.values() if kind == "human"]
    out = [
        f"{'tell':34} {'source':15} {'AI/1k':>6} {'human/1k':>8} {'max set':>7}"
        f" {'rule':>5} {'weight':>6}"
    ]
    for t in TELLS:
        ai = (ai_iu[t.label] + (ai_35[t.label] + ai_4[t.label]) / 2) / 2
        mean = sum(h[t.label] for h in human) / len(human)
        top = max(h[t.label] for h in human)
        rule = min(2.0, round(2 * (math.log((ai + 0.02) / (mean + 0.02)) - 0.5)) / 2)
        if t.source != "measured" and mean <= 0.005 and top <= 0.02:
            rule = max(rule, 1.0)
        out.append(
            f"{t.label[:34]:34} {t.source:15} {ai:6.3f} {mean:8.4f} {top:7.3f}"
            f" {max(rule, 0):5} {t.weight:6}{'' if max(rule, 0) == t.weight else ' *'}"
        )
    out += [f"  {k}: {v}" for k, v in SOURCES.items()]
    return out


def openings(aitext: Path, corpora: Path) -> list[str]:
    """hook-length's view of each human set: its openings' lengths (the 50th, 90th and
    95th percentile, in characters) and the share over each default init writes."""
    from receipt_gate.reading.pageparts import opening_paragraph
    from receipt_gate_hooks.hook_length import OPENINGS

    out = [
        f"{'set':40} {'openings':>8} {'p50':>5} {'p90':>5} {'p95':>5}  "
        + "  ".join(f"> {n} ({k})" for k, n in OPENINGS.items())
    ]
    for name, (kind, files) in aitext_sets(aitext, corpora).items():
        if kind != "human" or not all(f.suffix != ".txt" for f in files):
            continue  # (plain text has no paragraphs a reader sees as an opening)
        sizes = sorted(
            len(o.text)
            for f in files
            if (o := opening_paragraph(f.read_text(errors="replace"))) is not None
        )
        if not sizes:
            continue
        at = [sizes[min(len(sizes) - 1, int(q * len(sizes)))] for q in (0.5, 0.9, 0.95)]
        over = "  ".join(
            f"{sum(x > n for x in sizes) / len(sizes):>{len(k) + 8}.1%}"
            for k, n in OPENINGS.items()
        )
        out.append(f"{name[:40]:40} {len(sizes):8} {at[0]:5} {at[1]:5} {at[2]:5}  {over}")
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpora", type=Path, default=CHECKOUT.parent / "shared" / "corpora")
    parser.add_argument("--top", type=int, default=5)
    parser.add_argument("--aitext", type=Path, default=CHECKOUT.parent / "aitext")
    parser.add_argument("--recall", action="store_true", help="ai-tells on AI and human sets")
    parser.add_argument("--tells", action="store_true", help="each weighted tell's rates")
    parser.add_argument("--openings", action="store_true", help="human openings' lengths")
    parser.add_argument("--part", choices=("held", "tuning", "all"), default="held")
    args = parser.parse_args(argv)
    if args.recall or args.tells or args.openings:
        if not args.aitext.is_dir():
            print(f"precision: {args.aitext}: no AI text there (--aitext DIR)", file=sys.stderr)
            return 2
        rows = (
            recall(args.aitext, args.corpora, args.part)
            if args.recall
            else tell_rates(args.aitext, args.corpora)
            if args.tells
            else openings(args.aitext, args.corpora)
        )
        print("\n".join(rows))
        return 0
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
