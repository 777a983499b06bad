"""The hand-written block reader (gate/reading/markdown.py) against markdown-it-py, the
CommonMark reader it is tested against (tests/test_markdown.py: every spec example and
every corpus file, line for line, no difference): speed on the corpora and on the
hostile pages of run.py. Usage: python benchmarks/readers.py [--corpora DIR]
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

HERE = Path(__file__).resolve().parent


def _best(fn: Callable[[], object], repeat: int = 3) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def main(argv: Sequence[str] | None = None) -> int:
    from markdown_it import MarkdownIt

    from receipt_gate.reading.markdown import blocks

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpora", default=str(HERE.parent.parent / "shared" / "corpora"))
    args = parser.parse_args(argv)
    texts = [p.read_text(errors="replace") for p in sorted(Path(args.corpora).rglob("*.md"))]
    full = MarkdownIt("commonmark").enable(["table", "strikethrough"])
    block_only = MarkdownIt("commonmark").enable(["table", "strikethrough"])
    block_only.core.ruler.disable("inline")

    def ours() -> None:
        blocks.cache_clear()
        for t in texts:
            blocks(t)

    size = sum(len(t) for t in texts) / 1e6
    print(f"| reader | {len(texts)} corpus files, {size:.1f} MB | hostile pages, worst |")
    print("|---|---|---|")
    sys.path.insert(0, str(HERE))
    import run

    rows = (
        ("ours (blocks)", ours, blocks),
        ("markdown-it, block rules", None, block_only.parse),
        ("markdown-it, whole", None, full.parse),
    )
    for name, corpus, one in rows:
        on_corpus = _best(corpus or (lambda one=one: [one(t) for t in texts]))
        worst = max(
            (_best(lambda text=text, one=one: one(text), 1), key)
            for key, text in run.HOSTILE.items()
        )
        print(f"| {name} | {on_corpus:.2f} s | {worst[0]:.3f} s ({worst[1]}) |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
