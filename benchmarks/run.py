"""receipt-gate's benchmarks: each row is a ratio against a reference run side by side.

    python benchmarks/run.py            # the full suite (several minutes; installs
                                        # proselint into its own virtualenv)
    python benchmarks/run.py --smoke    # tiny sizes, proselint skipped: that it runs

Everything is generated in a temporary folder and removed afterwards. Times are the
best of --repeat runs, wall clock, of the real console script in a subprocess.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path

BIN = Path(sys.executable).parent
GATE = str(BIN / "receipt-gate")
PYTHON = sys.executable  # the interpreter receipt-gate runs on (install() changes both)
ENV = {
    **os.environ,
    "GIT_AUTHOR_NAME": "bench",
    "GIT_AUTHOR_EMAIL": "bench@example.invalid",
    "GIT_COMMITTER_NAME": "bench",
    "GIT_COMMITTER_EMAIL": "bench@example.invalid",
    "PATH": f"{BIN}{os.pathsep}{os.environ['PATH']}",
}
WORDS = tuple(
    "the queue drifted hours behind reality label check receipt gate draft agent measured"
    " ran and of to in that it with as for was on are by this be at from or have an they"
    " which would there their what about if out up so some when them can said into time"
    " only".split(" ")
)
rng = random.Random(7)


def install(checkout: Path, venv: Path) -> None:
    """Time what a user runs: receipt-gate installed from this checkout into its own
    virtualenv, as pre-commit installs it, not the editable development install (whose
    import hook costs every process about 25 ms more)."""
    global GATE, PYTHON
    sh([sys.executable, "-m", "venv", str(venv)], checkout)
    sh([str(venv / "bin" / "pip"), "install", "-q", str(checkout)], checkout)
    GATE, PYTHON = str(venv / "bin" / "receipt-gate"), str(venv / "bin" / "python")


def sh(
    argv: Sequence[str], cwd: Path, ok: Sequence[int] = (0,)
) -> subprocess.CompletedProcess[str]:
    proc = subprocess.run(argv, cwd=cwd, env=ENV, capture_output=True, text=True)
    if proc.returncode not in ok:
        raise SystemExit(
            f"benchmark: {' '.join(argv[:3])} exited {proc.returncode}:"
            f" {(proc.stdout + proc.stderr)[-500:]}"
        )
    return proc


def best(argv: Sequence[str], cwd: Path, repeat: int, ok: Sequence[int] = (0,)) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        sh(argv, cwd, ok)
        times.append(time.perf_counter() - start)
    return min(times)


def sentence(numbers: float = 0.012) -> str:
    words = [
        rng.choice(WORDS) if rng.random() > numbers else str(rng.randint(1, 5000))
        for _ in range(rng.randint(8, 20))
    ]
    return " ".join(words).capitalize() + "."


def paragraph(n: int = 4) -> str:
    return " ".join(sentence() for _ in range(n))


def repo(path: Path, config: str) -> Path:
    path.mkdir(parents=True)
    sh(["git", "init", "-q", "-b", "main"], path)
    (path / ".receipt-gate.yaml").write_text(config)
    return path


def draft(title: str, paragraphs: int = 4) -> str:
    body = "\n\n".join(paragraph() for _ in range(paragraphs))
    return f"---\ntitle: {title}\n---\n# {title}\n\nA short hook about receipts.\n\n{body}\n"


Row = tuple[str, str, str, str, str]


def row_verify(work: Path, n: int, repeat: int) -> Row:
    r = repo(
        work / "verify", "required: [ai-tells, hook-length, headline-numbers, registered-terms]\n"
    )
    (r / "posts").mkdir()
    (r / "posts" / "p.md").write_text("# Drifted 99999 hours\n\nThe queue was 74 hours behind.\n")
    (r / "drafts").mkdir()
    for i in range(n):
        (r / "drafts" / f"d{i:05d}.md").write_text(draft(f"Draft {i}"))
    sh([GATE, "run"], r)
    files = [str(p) for p in sorted((r / "drafts").iterdir())]
    files += [str(p) for p in sorted((r / ".receipts").rglob("*.json"))]
    listing = r.parent / "files.txt"
    listing.write_text("\0".join(files))
    # Paired runs, ours then the reference, each pair back to back: the median ratio,
    # and the spread, because one quiet moment for either side is not a result.
    ratios, ours_t, ref_t = [], [], []
    for _ in range(5 if repeat > 1 else 1):
        ours_t.append(best([GATE, "verify"], r, 1))
        ref_t.append(best(["sh", "-c", f"xargs -0 sha256sum < {listing} > /dev/null"], r, 1))
        ratios.append(ours_t[-1] / ref_t[-1])
    ratios.sort()
    mid = ratios[len(ratios) // 2]
    return (
        f"verify, {n} drafts x 4 receipts",
        f"{sorted(ours_t)[len(ours_t) // 2]:.2f} s",
        f"sha256sum {sorted(ref_t)[len(ref_t) // 2]:.2f} s",
        f"{mid:.2f}x",
        f"<= 1.0x (median of {len(ratios)} paired runs; spread {ratios[0]:.2f}x to"
        f" {ratios[-1]:.2f}x)",
    )


def row_startup(work: Path, repeat: int) -> Row:
    r = repo(work / "startup", "required: [ai-tells, hook-length]\n")
    (r / "drafts").mkdir()
    (r / "drafts" / "a.md").write_text(draft("One draft"))
    sh([GATE, "run"], r)
    sh(["git", "add", "-A"], r)
    ours = best([GATE, "verify", "--staged"], r, repeat * 3)
    ref = best([PYTHON, "-c", "pass"], r, repeat * 3)
    imports = sh([PYTHON, "-X", "importtime", "-m", "receipt_gate", "verify", "--staged"], r).stderr
    bad = sorted(
        {
            line.split("|")[-1].strip()
            for line in imports.splitlines()
            if line.split("|")[-1].strip().split(".")[0] in ("git", "yaml", "receipt_gate_hooks")
        }
    )
    note = "no gitpython, no yaml, no check module" if not bad else f"imports {', '.join(bad[:3])}"
    # The floor under any such command: the standard modules it cannot do without
    # (receipts through json, globs through re; git through os.posix_spawn).
    floor = best([PYTHON, "-c", "import re, json"], r, repeat * 3)
    return (
        "start-up: verify --staged, 1 draft",
        f"{ours * 1000:.0f} ms",
        f"python -c pass {ref * 1000:.0f} ms",
        f"{ours / ref:.2f}x",
        f"<= 4x; {note}; importing re and json alone: {floor / ref:.2f}x",
    )


HOSTILE = {
    # (round 73: each `<h1>` never ended was read to the page's end, once per heading)
    "level-1 headings never ended": "Some words <h1>x\n" * 3000,
    # (round 78: the label rule's hint found a line's start again for each number on it)
    "one line of numbers the label rule hints at": " 1," * 20000,
    "unclosed Liquid comments": "{% comment %} x " * 10000,
    "unclosed HTML comments": "<!-- x " * 10000,
    "unclosed template tags": "{{ x " * 10000,
    "unclosed Liquid tags": "{% x " * 10000,
    "a name assigned and printed again and again": '{% assign o = "x" %}{{ o }}\n' * 5000,
    # (each closing tag out of scope once cost a scan of the open elements)
    "closing tags out of scope": "<div><table>" + "<span>" * 8000 + "</div>" * 8000,
    "pairs never ended": "{% highlight a %} " * 5000 + "{% endraw %}",
    "one line of list markers": "- " * 20000,
    "lists nested 300 deep": "\n".join("  " * i + "- x" for i in range(300)),
    "link destinations never closed": "[x](" * 10000,
    "images in brackets never closed": "![[" * 10000 + "](x" * 5000,
    "emphasis openers, then closers of another kind": "_a " * 10000 + "b* " * 10000,
    "unclosed comments, declarations, PIs on one line": "<!-- <!A <? " * 5000,
    "unclosed quoted attributes": '<a t="' * 10000,
    "a chunk of dashed digits": "-1" * 20000 + "a",
    # A second outside pass: each of these once took from seconds to minutes.
    "style sheets never opened": "<style" * 15000,
    "code elements never closed": "<code>" * 12000,
    "direction overrides": "\u202e" * 40000,
    "backticks between words": "`a " * 25000,
    # A third: one character NFKC makes 18 (2-3 s at 99 KB).
    "a character that decomposes into 18": "\ufdfa" * 33000,
    "a page printed 61 ways": "Word {% case a %}"
    + "".join(f"{{% when {i} %}}a" for i in range(60))
    + "{% endcase %} word.\n\n"
    + "A plain sentence about things. " * 2500,
    # A fourth: a run of ticks made code spans quadratic (64,000: 25 s), and the quote
    # reader searched the page once per footnote definition (16,000: 32 s).
    "one run of ticks": "`" * 64000 + "\n\nHello.\n",
    # A fifth: kramdown comments never closed (16,000: 31 s).
    "unclosed kramdown comments": "{::comment} word " * 8000,
    "footnote definitions nothing references": "".join(
        f"[^{i}]: note {i}\n\n" for i in range(8000)
    ),
    # A sixth: hook-length's hard break tried from each blank of a run (95 KB: 19 s), the
    # quote reader's pymdownx.blocks read from each opening to the end (48 KB: seconds).
    "a word, a run of blanks, a word": "a" + " " * 95000 + "b\n",
    "blocks never closed": "/// details | x\n" * 3000,
    "blocks in a block's options": "/// note\n" + "    /// details | x\n" * 3000,
    "collapsibles nested 220 deep": "".join("    " * k + "??? x\n" for k in range(220)),
    # A seventh (rounds 55-56): the pieces a browser may draw apart (gate.reading.drawn):
    # a code span spliced into its block once per span (400 KB: 1.7 s).
    "code spans around tags": "`<a>` " * 8000,
    "code spans one after another": "`a` " * 25000,
    "attributes on every tag": '<a title="in" alt="x">x</a>' * 3000,
    "SVG text placed glyph by glyph": '<svg><text x="1 2">ab</text>' * 3000,
    "data: URLs in styles": "<p style='a:url(\"data:text/css,a:url(data:,x)\")'>" * 1500,
    # An eighth (session 55): characters that stand in for a letter inside words.
    "stand-ins in two-letter words": "a\u25cb " * 20000,
    "one word of stand-ins": "x\u25cb" * 30000,
    # (round 71: each stand-in's match was compared with every earlier one)
    "a phrase with a stand-in, again and again": "As an A_ language model. " * 2500,
    "letters a mark apart": "a.b.c.d.e " * 6000,
    # A ninth (session 59, round 80): the readings of what follows a number.
    "vulgar fractions among numbers": "\u00bd 1 " * 10000,
    "ranges, parts and codes with their scales": (
        "2-3 million, half a million, one point five million, USD2bn, two,three. " * 600
    ),
    "number words joined by commas": "two," * 10000,
    # A tenth (session 60, round 82): elements of their own direction, each read to the
    # page's end for its first strong letter (40 KB of `<bdi>`: 80 s); a block per line
    # pair, each splitting the page again; digits and commas, a lookahead to the end.
    "elements of their own direction never ended": "<bdi>" * 8000,
    "paragraphs of their own direction": "<p dir=auto>" * 3300,
    "blocks of their own direction": "<div dir=auto>\n\n" * 2500,
    "digits joined by commas": "1," * 20000,
    "a phrase's words between quotes and brackets": 'As an "(AI)" language model\u2122. ' * 1200,
    # An eleventh (session 61, round 84): each `point` read back to the page's start for
    # a number word before it (40 KB: 8 s).
    "points with no whole": "one point " * 4000,
    # Session 62: a number word's chunk was found back to the last ASCII space, not to a
    # no-break space (40 KB: 330 s), and a host's name back past every hyphen (1.6 s).
    "number words between no-break spaces": "two\u00a0" * 10000,
    "number words joined by hyphens": "two-" * 10000,
    # Session 63 (round 92): a footnote reference's label was read to the line's end
    # from each `[^` (40 KB: 8 s); strikes and long tags are read in one pass.
    "footnote openers": "[^" * 20000,
    "inline footnote openers": "^[" * 20000,
    "strikes never closed": "<s title='x'>~~a " * 3000,
    "tags with long values": ('<a title="' + "x" * 600 + '">') * 60,
    # Session 64 (round 94): each comment made a search for a raw element to the page's
    # end (40 KB of `7<!---->`: 2 s).
    "digits between empty comments": "7<!---->" * 5000,
}


def row_hostile(repeat: int) -> Row:
    """The three prose checks, the quote reader and headline-numbers' reading of an
    article on pages built to make a parser quadratic, against plain
    prose of the same size: a page of unclosed openings costs about what prose does."""
    from receipt_gate import api
    from receipt_gate.reading import direction
    from receipt_gate.reading.markdown import blocks
    from receipt_gate.reading.reader import _folded_short
    from receipt_gate.reading.templatetags import _PRINTED
    from receipt_gate.reading.visible import surely_seen
    from receipt_gate_hooks.headline_numbers import parse_article

    def took(text: str) -> float:
        times = []
        for _ in range(repeat):
            blocks.cache_clear()  # (each repeat cold: a page is read once per commit)
            _folded_short.cache_clear()
            for cached in (direction._directed, direction._drawn, direction._ends):
                cached.cache_clear()
            _PRINTED.clear()
            start = time.perf_counter()
            for check in ("ai-tells", "hook-length", "registered-terms"):
                api.check_text(check, text)
            surely_seen(text)  # what a model's quotes are read against
            parse_article(text, "hostile.md")  # (its titles, its body's numbers)
            times.append(time.perf_counter() - start)
        return min(times)

    worst = ("", 0.0, 0.0)
    for name, text in HOSTILE.items():
        ours = took(text)
        ref = took(" ".join(sentence() for _ in range(len(text) // 60 + 1))[: len(text)])
        if ours / ref > worst[1] / max(worst[2], 1e-9):
            worst = (name, ours, ref)
    return (
        f"hostile markup, worst of {len(HOSTILE)} pages (40-160 KB): {worst[0]}",
        f"{worst[1]:.2f} s",
        f"prose of the same size {worst[2]:.2f} s",
        f"{worst[1] / worst[2]:.1f}x",
        "<= 10x (a quadratic parser: hundreds)",
    )


# Openings every reader of template tags and comments looks for, repeated with no
# closing: each once took quadratic time (40 KB of `{{` 9.7 s).
OPENERS = ("{{", "{%", "{{<", "{#", "<!--", "{%}}", "{{ x }}{%")


def row_openers(repeat: int, smoke: bool) -> Row:
    """ai-tells on pages of one opening repeated, at two sizes, against prose of the
    same sizes: the worst ratio, and how the time grows per KB from the smaller page to
    the larger (1.0: linear)."""
    from receipt_gate import api

    def took(text: str) -> float:
        return min(_timed(lambda: api.check_text("ai-tells", text)) for _ in range(repeat))

    small, large = (4, 16) if smoke else (40, 1024)
    worst = ("", 0.0, 0.0, 0.0, 0.0)  # opener, time at the large size, prose's, growth, small
    for opener in OPENERS:
        times = []
        for kb in (small, large):
            size = kb * 1024
            times.append(
                (
                    took((opener * (size // len(opener) + 1))[:size]),
                    took(" ".join(sentence() for _ in range(size // 60 + 1))[:size]),
                )
            )
        (s_ours, _), (l_ours, l_ref) = times
        growth = (l_ours / max(s_ours, 1e-9)) / (large / small)
        if l_ours / l_ref > worst[1] / max(worst[2], 1e-9):
            worst = (opener, l_ours, l_ref, growth, s_ours)
    return (
        f"ai-tells on {large} KB of one opening never closed, worst of {len(OPENERS)}"
        f" ({', '.join(OPENERS)}): {worst[0]}",
        f"{worst[1]:.2f} s ({worst[4]:.2f} s at {small} KB)",
        f"prose of the same size {worst[2]:.2f} s",
        f"{worst[1] / worst[2]:.1f}x; growth per KB {small}->{large} KB {worst[3]:.2f}",
        "40 KB <= 0.5 s; growth per KB <= 1.5 (linear)",
    )


# Layouts built to make the layout reader (what a site's layouts print of a page, for
# headline-numbers' support) quadratic: each a unit repeated.
HOSTILE_LAYOUTS = {
    "nested ifs": ("{% if page.a %}<div>", "{{ content }}", "</div>{% endif %}"),
    "closers in dead branches": ("<div hidden>", "{% if false %}</div>{% endif %}", ""),
    "unclosed tags": ("<b>", "</i>", ""),
    "raw blocks": ("{% raw %}<div>{% endraw %}", "", ""),
    "missing includes": ("{% include x.html %}", "", ""),
    "template tags never ended": ("{% a ", "", ""),
    # (session 55: the literal reading of conditions, breaks in nested blocks)
    "breaks in nested blocks": ("{% for i in (1..2) %}{% if true %}", "{% break %}", ""),
    "conditions of comparisons": ("{% if " + "<" * 60 + " a b %}", "", "{% endif %}"),
    "captures given anew": ("{% capture b %}{{ content }}{% endcapture %}", "{{ b }}", ""),
}


def row_layouts(repeat: int, smoke: bool) -> Row:
    """The layout reader on layouts of one unit repeated, at two sizes: how its time
    grows per KB from the smaller to the larger (1.0: linear), worst of the shapes."""
    from functools import partial

    from receipt_gate.rules.corpus import _body_places, _prints_content

    def both(text: str) -> None:  # (the reader for support, the one for quotes)
        _prints_content(text)
        _body_places(text, "liquid", True)

    small, large = (2, 8) if smoke else (10, 80)
    worst = ("", 0.0, 0.0, 0.0)
    for name, (head, middle, tail) in HOSTILE_LAYOUTS.items():
        got = []
        for kb in (small, large):
            n = kb * 1024 // max(len(head + middle + tail), 1)
            text = head * n + middle * n + "{{ content }}" + tail * n
            got.append(min(_timed(partial(both, text)) for _ in range(repeat)))
        growth = (got[1] / max(got[0], 1e-4)) / (large / small)
        if growth > worst[3]:
            worst = (name, got[0], got[1], growth)
    return (
        f"layout readers on {large} KB of one unit repeated, worst of {len(HOSTILE_LAYOUTS)}:"
        f" {worst[0]}",
        f"{worst[2]:.3f} s",
        f"{worst[1]:.3f} s at {small} KB",
        f"growth per KB {worst[3]:.2f}",
        "<= 2 (linear: 1; quadratic: 8)",
    )


def _timed(fn: Callable[[], object]) -> float:
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def row_wildmatch(repeat: int) -> Row:
    """The slowest glob answer: git's whole t3070 table and patterns that make a
    backtracking matcher exponential (git 2.41 fixed its own), against one plain glob."""
    from receipt_gate.base import wildmatch

    root = Path(__file__).resolve().parent.parent
    sys.path.insert(0, str(root))
    from tests.test_wildmatch import _t3070

    cases = [(t, p) for _, t, p in _t3070()] + [
        ("a" * 60 + "b", "*a" * 8),
        ("a/" * 60 + "y", "**/" * 12 + "x"),
        ("a" * 200 + "b", "*a" * 12),
        ("a/" * 60 + "c", "**/a*/" * 8 + "b"),
    ]

    def took(text: str, pattern: str) -> float:
        times = []
        for _ in range(repeat):
            wildmatch.compile_globs.cache_clear()
            start = time.perf_counter()
            wildmatch.match([pattern], text)
            times.append(time.perf_counter() - start)
        return min(times)

    worst = max((took(t, p), p) for t, p in cases)
    plain = took("drafts/x/y/a.md", "drafts/**/*.md")
    return (
        f"wildmatch, slowest of {len(cases)} globs (t3070 and *a x8): {worst[1][:24]}",
        f"{worst[0] * 1e3:.2f} ms",
        f"drafts/**/*.md {plain * 1e3:.2f} ms",
        f"{worst[0] / plain:.1f}x",
        "no case over 2 s",
    )


TELL_CODE = (
    "```\nIt is important to note that we delve into a rich tapestry.\n```\n\n"
    "Use `in conclusion` and `game-changer` as keys.\n"
)


def row_ai_tells(work: Path, n: int, repeat: int, smoke: bool) -> list[Row]:
    r = repo(work / "tells", "required: [ai-tells]\n")
    (r / "drafts").mkdir()
    for i in range(n):
        text = (
            f"---\ntitle: A plain title {i}\nlayout: post\n"
            f"---\n# Plain title {i}\n\n"
            + "\n\n".join(paragraph() for _ in range(16))
            + "\n\n"
            + TELL_CODE
        )
        (r / "drafts" / f"d{i:04d}.md").write_text(text)
    size = sum(p.stat().st_size for p in (r / "drafts").iterdir())
    argv = [GATE, "check", "ai-tells", "--format", "json"]
    start = time.perf_counter()
    out = sh(argv, r).stdout
    first = time.perf_counter() - start  # also creates a receipt folder and file per draft
    again = best(argv, r, repeat)  # the receipts are there and stay byte for byte
    found = len(json.loads(out)["violations"])
    label = f"ai-tells, {n} files, {size / 1e6:.1f} MB"
    code = f"{found} findings in code (want 0)"
    if smoke:
        return [
            (f"{label}, first run", f"{first:.2f} s", "proselint skipped (--smoke)", "-", code),
            (f"{label}, again", f"{again:.2f} s", "", "-", ""),
        ]
    venv = work / "proselint-venv"
    sh([sys.executable, "-m", "venv", str(venv)], work)
    sh([str(venv / "bin" / "pip"), "install", "-q", "proselint"], work)
    files = [str(p) for p in sorted((r / "drafts").iterdir())]
    start = time.perf_counter()
    sh([str(venv / "bin" / "proselint"), "check", *files], r, ok=(0, 1))
    ref = time.perf_counter() - start
    # The file system's share of a first run: the same folders and files, bare.
    floor = work / "fs-floor"
    start = time.perf_counter()
    for i in range(n):
        folder = floor / "drafts" / f"d{i:04d}.md"
        folder.mkdir(parents=True)
        (folder / ".tmp").write_bytes(b"x" * 400)
        (folder / ".tmp").replace(folder / "ai-tells.json")
    fs = time.perf_counter() - start
    return [
        (
            f"{label}, first run (writes {n} receipts)",
            f"{first:.2f} s",
            f"proselint {ref:.1f} s",
            f"{ref / first:.0f}x faster",
            f">= 50x; {code}; creating the {n} folders and files alone: {fs:.2f} s",
        ),
        (
            f"{label}, again (receipts unchanged)",
            f"{again:.2f} s",
            f"proselint {ref:.1f} s",
            f"{ref / again:.0f}x faster",
            ">= 50x",
        ),
    ]


def _index_pages(index: Path) -> dict[str, list[object]]:
    """The corpus index's pages as they read back: the index, and the steps of its
    journal that follow it ([the state it made, [[path, flags, parsed, sha256]...]])."""
    from receipt_gate.trees.cache import decode  # (kept as marshal: gate.trees.cache)

    doc = decode(index.read_bytes())
    pages: dict[str, list[object]] = doc["value"][0]
    log = index.with_name(index.name.removesuffix(".json") + ".log.json")
    steps = decode(log.read_bytes()) if log.exists() else {}
    for step in steps.get("steps", []) if steps.get("base") == doc.get("nonce") else []:
        for path, flags, _, sha in step[1]:
            if sha is None:
                pages.pop(path, None)
            else:
                pages[path] = [sha, flags]
    return pages


def row_headline(work: Path, n: int, repeat: int) -> list[Row]:
    r = repo(work / "headline", "required: [headline-numbers]\n")
    (r / "posts").mkdir()
    (r / "drafts").mkdir()
    for i in range(n):
        body = "\n\n".join(paragraph() for _ in range(rng.randint(8, 12)))
        (r / "posts" / f"p{i:05d}.md").write_text(
            f"---\ntitle: Post {i} drifted {rng.randint(1, 99999)} hours\n---\n# Post {i}\n\n"
            f"{body}\n"
        )
    (r / "drafts" / "reply.md").write_text("It drifted 76 hours and 31337 ms.\n")
    size = sum(p.stat().st_size for p in (r / "posts").iterdir())
    cache = r / ".git" / "receipt-gate" / "pages-headline-numbers.json"
    argv = [GATE, "check", "headline-numbers", "drafts/reply.md"]
    colds = []
    for _ in range(repeat):
        shutil.rmtree(cache.parent, ignore_errors=True)  # parsed articles, corpus, digests
        start = time.perf_counter()
        sh(argv, r, ok=(0, 1))
        colds.append(time.perf_counter() - start)
    warm = best(argv, r, repeat, ok=(0, 1))
    ref = best([PYTHON, "-c", "pass"], r, repeat)
    index = cache.parent / "corpus-headline-numbers.json"  # (path -> [sha256, flags] first)
    from receipt_gate.trees.cache import decode

    before, kept = decode(index.read_bytes())["value"][0], cache.read_bytes()
    p = r / "posts" / "p00003.md"
    p.write_text(p.read_text() + "\nOne more sentence with 12345 in it.\n")
    sh(argv, r, ok=(0, 1))
    after = _index_pages(index)
    moved = sum(before.get(k) != v for k, v in after.items()) + len(before.keys() - after.keys())
    changed = (
        f"1 article edited: {moved} index entry updated, pages cache"
        f" {'untouched' if cache.read_bytes() == kept else 'rewritten'}"
    )
    return [
        (
            f"headline-numbers cold, {n} articles, {size / 1e6:.0f} MB",
            f"{min(colds):.2f} s",
            f"python -c pass {ref:.2f} s",
            "-",
            "<= 2 s",
        ),
        ("headline-numbers warm (cache valid)", f"{warm:.2f} s", "", "-", f"<= 0.2 s; {changed}"),
    ]


def _hook_repo(work: Path) -> tuple[str, str]:
    checkout = Path(__file__).resolve().parent.parent
    sys.path.insert(0, str(checkout / "examples"))
    from demo import make_hook_repo

    hooks_dir = work / "hook-repo"
    if not hooks_dir.exists():
        hooks_dir.mkdir()
        _hook_repo.rev = make_hook_repo(hooks_dir)  # type: ignore[attr-defined]
    return str(hooks_dir), _hook_repo.rev  # type: ignore[attr-defined]


def _pair_config(path: str, rev: str) -> str:
    return (
        f"repos:\n  - repo: {path}\n    rev: {rev}\n    hooks:\n"
        "      - id: receipt-gate\n      - id: receipt-gate-push\n"
    )


def row_pre_commit(work: Path, repeat: int) -> list[Row]:
    path, rev = _hook_repo(work)
    r = repo(
        work / "precommit",
        "required: [ai-tells, hook-length, headline-numbers, registered-terms]\n",
    )
    (r / "posts").mkdir()
    (r / "posts" / "p.md").write_text("# Drifted 99999 hours\n\nThe queue was 74 hours behind.\n")
    (r / "drafts").mkdir()
    (r / "drafts" / "a.md").write_text(draft("One draft"))
    (r / ".pre-commit-config.yaml").write_text(_pair_config(path, rev))
    # One Python process doing nothing, installed by pre-commit in its own virtualenv as
    # ours is: what any Python hook pays to start.
    noop_py = r.parent / "noop-python.yaml"
    noop_py.write_text(
        "repos:\n  - repo: local\n    hooks:\n"
        "      - {id: py, name: py, entry: python -c pass, language: python,"
        " pass_filenames: false, always_run: true}\n"
    )
    sh([GATE, "run"], r)
    sh(["git", "add", "-A"], r)
    pc = [sys.executable, "-m", "pre_commit", "run"]
    sh(pc, r)  # builds the hook environments once, outside the timing
    sh([*pc, "--config", str(noop_py)], r)
    ours = best(pc, r, repeat * 2)
    ref_py = best([*pc, "--config", str(noop_py)], r, repeat * 2)
    return [
        (
            "pre-commit run, the pair, 1 staged draft",
            f"{ours:.2f} s",
            f"1 no-op Python hook {ref_py:.2f} s",
            f"{ours / ref_py:.2f}x",
            "<= 1.3x",
        )
    ]


def row_commit_scale(work: Path, sizes: Sequence[int], repeat: int) -> Row:
    """The hook on a commit that changes one draft, in repositories of 100 and 10,000
    gated drafts: its time should not grow with the drafts the commit does not touch."""
    times, floors = [], []
    for n in sizes:
        r = repo(work / f"scale{n}", "required: [ai-tells, hook-length]\n")
        (r / "drafts").mkdir()
        for i in range(n):
            (r / "drafts" / f"d{i:05d}.md").write_text(draft(f"Draft {i}", 2))
        sh([GATE, "run"], r)
        sh(["git", "add", "-A"], r)
        sh(["git", "commit", "-qm", "all checked"], r)
        target = r / "drafts" / "d00000.md"
        runs, floor = [], []
        for k in range(repeat + 1):  # the first run verifies the whole tree once
            target.write_text(draft(f"Draft 0, edit {k}", 2))
            sh(["git", "add", "drafts/d00000.md"], r)
            start = time.perf_counter()
            sh([GATE, "pre-commit"], r)
            runs.append(time.perf_counter() - start)
            sh(["git", "commit", "-qm", f"edit {k}", "--no-verify"], r)
            # git's own share: staging one file and diffing the index, in this index.
            start = time.perf_counter()
            sh(["git", "add", "drafts/d00000.md"], r)
            sh(["git", "diff-index", "--cached", "--quiet", "HEAD"], r)
            floor.append(time.perf_counter() - start)
        times.append(min(runs[1:] or runs))
        floors.append(min(floor))
    return (
        f"commit hook, 1 draft changed, {sizes[0]} vs {sizes[-1]} drafts",
        f"{times[0]:.2f} s / {times[-1]:.2f} s",
        "",
        f"{times[-1] / times[0]:.2f}x",
        f"does not grow with the drafts not changed; git add + diff-index alone:"
        f" {floors[-1] / floors[0]:.2f}x",
    )


def row_growth(work: Path, sizes: Sequence[int], repeat: int) -> list[Row]:
    rows, per = [], []
    for n in sizes:
        r = repo(work / f"growth{n}", "required: [ai-tells, hook-length]\n")
        (r / "drafts").mkdir()
        for i in range(n):
            (r / "drafts" / f"d{i:05d}.md").write_text(draft(f"Draft {i}", 2))
        sh([GATE, "run"], r)
        t = best([GATE, "verify"], r, repeat)
        code = (
            "import resource, subprocess, sys; subprocess.run(sys.argv[1:],"
            " capture_output=True); print(resource.getrusage(resource.RUSAGE_CHILDREN)"
            ".ru_maxrss)"
        )
        rss = int(sh([sys.executable, "-c", code, GATE, "verify"], r).stdout) / 1024
        per.append(t / n)
        rows.append(
            (
                f"verify growth, {n} drafts",
                f"{t:.2f} s",
                f"{t / n * 1e3:.2f} ms/draft",
                f"{per[-1] / per[0]:.2f}x per draft vs {sizes[0]}",
                f"linear or better; peak {rss:.0f} MB",
            )
        )
    return rows


def _site(path: Path, n: int) -> Path:
    """A Hugo site of n posts, as `init` lays it out; every title holds a number, and
    every post cites its own."""
    path.mkdir(parents=True)
    sh(["git", "init", "-q", "-b", "main"], path)
    (path / "hugo.toml").write_text('baseURL = "http://example.org/"\n')
    posts = path / "content" / "posts"
    posts.mkdir(parents=True)
    for i in range(n):
        body = "\n\n".join(" ".join(sentence(0) for _ in range(4)) for _ in range(3))
        (posts / f"p{i:05d}.md").write_text(
            f'---\ntitle: "Post {i}: {100_000 + i} hours"\ndate: 2026-01-01\n---\n'
            f"It took {100_000 + i} hours.\n\n{body}\n"
        )
    sh([GATE, "init"], path)
    return path


def _commit_timed(r: Path, name: str, text: str, ok: Sequence[int] = (0,)) -> float:
    (r / "content" / "posts" / name).write_text(text)
    sh(["git", "add", "-A"], r)
    start = time.perf_counter()
    sh(["git", "commit", "-qm", name], r, ok)
    return time.perf_counter() - start


def row_site(work: Path, n: int, repeat: int) -> list[Row]:
    """On a site of n posts through the real pre-commit: what one new post costs (receipts
    changed, the commit's time against one trivial hook's), what a refused commit leaves
    staged, verify on an unchanged tree against git status, and adopt per page."""
    path, rev = _hook_repo(work)
    r = _site(work / "site", n)
    start = time.perf_counter()
    sh([GATE, "adopt"], r, ok=(0, 1))
    adopt = time.perf_counter() - start
    # The largest child so far (Linux: KB): adopt's, as the site's git calls are small.
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    sh([GATE, "run"], r)
    (r / ".pre-commit-config.yaml").write_text(_pair_config(path, rev))
    sh([sys.executable, "-m", "pre_commit", "install"], r)
    sh(["git", "add", "-A"], r)
    sh(["git", "commit", "-qm", "adopt"], r)
    # The reference: the same site, one no-op Python hook installed by pre-commit.
    ref = work / "site-ref"
    sh(["git", "clone", "-q", str(r), str(ref)], work)
    (ref / ".pre-commit-config.yaml").write_text(
        "repos:\n  - repo: local\n    hooks:\n"
        "      - {id: py, name: py, entry: python -c pass, language: python,"
        " pass_filenames: false, always_run: true}\n"
    )
    sh([sys.executable, "-m", "pre_commit", "install"], ref)
    sh(["git", "commit", "-qam", "a trivial hook", "--no-verify"], ref)
    ours, theirs, changed = [], [], []
    for k in range(repeat + 1):  # the first commit builds the hook environments
        text = f"---\ntitle: A {90000 + k}-hour week\n---\nIt was long.\n"
        ours.append(_commit_timed(r, f"new{k}.md", text))
        theirs.append(_commit_timed(ref, f"new{k}.md", text))
        out = sh(["git", "show", "--name-only", "--format=", "HEAD"], r).stdout.split()
        changed.append(len([p for p in out if p.startswith(".receipts/")]))
    commit, trivial = min(ours[1:]), min(theirs[1:])
    _commit_timed(
        r,
        "bad.md",
        "---\ntitle: Bad\n---\nIn conclusion, a testament to the power of resilience.\n",
        ok=(1,),
    )
    staged = sh(["git", "diff", "--cached", "--name-only"], r).stdout.split()
    others = [p for p in staged if p.startswith(".receipts/") and "/bad.md/" not in p]
    sh(["git", "reset", "-q", "--hard"], r)
    dirty = sh(["git", "status", "--porcelain"], r).stdout.splitlines()
    sh(["git", "clean", "-qfd"], r)
    # The fixed commit: no receipt in it may differ from HEAD's only in ran_at.
    _commit_timed(r, "bad.md", "---\ntitle: Bad\n---\nIt works.\n")
    only_ran_at = 0
    for p in sh(["git", "show", "--name-only", "--format=", "HEAD"], r).stdout.split():
        before = sh(["git", "show", f"HEAD~1:{p}"], r, ok=(0, 128))
        if p.startswith(".receipts/") and before.returncode == 0:
            old, new = (
                json.loads(before.stdout),
                json.loads(sh(["git", "show", f"HEAD:{p}"], r).stdout),
            )
            only_ran_at += old != new and old | {"ran_at": ""} == new | {"ran_at": ""}
    start = time.perf_counter()
    sh([GATE, "verify"], r)  # the first after the commit: from the verified-trees record
    after_commit = time.perf_counter() - start
    verify = best([GATE, "verify"], r, repeat * 2)  # then from the settled record
    status = best(["git", "status", "--porcelain"], r, repeat * 2)
    pages = sum(f.stat().st_size for f in (r / "content").rglob("*") if f.is_file())
    receipts = sum(f.stat().st_size for f in (r / ".receipts").rglob("*") if f.is_file())
    # A push refused for one stale post among a corpus change (a page citing every
    # post's number, so what each post's headline-numbers verdict read changed).
    remote = work / "site-remote.git"
    sh(["git", "init", "-q", "--bare", str(remote)], work)
    sh(["git", "remote", "add", "origin", str(remote)], r)
    sh([sys.executable, "-m", "pre_commit", "install", "--hook-type", "pre-push"], r)
    sh(["git", "push", "-q", "origin", "main"], r)
    numbers = ", ".join(str(100_000 + i) for i in range(n))
    (r / "content" / "posts" / "numbers.md").write_text(
        f"---\ntitle: Numbers\n---\nWe saw {numbers}.\n"
    )
    first = r / "content" / "posts" / "p00000.md"
    first.write_text(first.read_text() + "\nEdited after its checks.\n")
    sh(["git", "add", "-A"], r)
    sh(["git", "commit", "-qm", "unchecked", "--no-verify"], r)
    push = sh(["git", "push", "origin", "main"], r, ok=(1,))
    said = (push.stdout + push.stderr).splitlines()
    named = any("content/posts/p00000.md" in line for line in said)
    return [
        (
            f"site, {n} posts: receipts changed by one new post (fresh title number)",
            f"{max(changed)} files",
            "",
            "-",
            "<= 8 (its own, and those that cite its number)",
        ),
        (
            "site: commit of that post, through pre-commit",
            f"{commit:.2f} s",
            f"1 no-op Python hook {trivial:.2f} s",
            f"{commit / trivial:.2f}x",
            "<= 1.5x",
        ),
        ("site: a refused commit's staged receipts of other posts", f"{len(others)}", "", "-", "0"),
        (
            "site: verify on the unchanged tree",
            f"{verify:.3f} s (the first after a commit: {after_commit:.2f} s)",
            f"git status {status:.3f} s",
            f"{verify / status:.2f}x ({after_commit / status:.1f}x)",
            "<= 2x",
        ),
        (
            f"site: adopt, {n} pages",
            f"{adopt:.2f} s, peak {peak:.0f} MB",
            f"{adopt / n * 1e3:.2f} ms/page",
            "-",
            "40,000 pages in 60 s, under 250 MB",
        ),
        (
            "site: receipts' bytes against the pages' bytes",
            f"{receipts / 1e6:.1f} MB",
            f"pages {pages / 1e6:.1f} MB",
            f"{receipts / pages:.2f}x",
            "<= 1x",
        ),
        (
            "site: files a refused commit then `git reset --hard` leaves changed",
            f"{len(dirty)}",
            "",
            "-",
            "0",
        ),
        (
            "site: receipts in the fixed commit that differ only in ran_at",
            f"{only_ran_at}",
            "",
            "-",
            "0",
        ),
        (
            "site: lines of a push refused for one stale post among a corpus change",
            f"{len(said)}" + ("" if named else " (post not named)"),
            "",
            "-",
            "< 40, naming the post",
        ),
    ]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--smoke", action="store_true", help="tiny sizes: that it runs")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument(
        "--site-pages", type=int, default=2000, help="posts of the site row (40000: the large one)"
    )
    parser.add_argument(
        "--only",
        action="append",
        metavar="ROW",
        help="only this row (repeatable): verify, startup, ai_tells, hostile,"
        " openers, wildmatch, headline, pre_commit, commit_scale, growth,"
        " site",
    )
    args = parser.parse_args(argv)
    smoke = args.smoke
    repeat = 1 if smoke else args.repeat
    checkout = Path(__file__).resolve().parent.parent
    work = Path(tempfile.mkdtemp(prefix="receipt-gate-bench-"))
    if not smoke:
        install(checkout, work / "gate-venv")
    else:
        # An editable checkout under PYTHONDONTWRITEBYTECODE=1 would compile the package
        # afresh on every run; compile it once, as an install does.
        sh([sys.executable, "-m", "compileall", "-q", "gate", "hooks"], checkout)
    steps: dict[str, Callable[[], Row | list[Row]]] = {
        "verify": lambda: row_verify(work, 20 if smoke else 10_000, repeat),
        "startup": lambda: row_startup(work, repeat),
        "ai_tells": lambda: row_ai_tells(work, 20 if smoke else 2_000, repeat, smoke),
        "hostile": lambda: row_hostile(repeat),
        "openers": lambda: row_openers(repeat, smoke),
        "layouts": lambda: row_layouts(repeat, smoke),
        "wildmatch": lambda: row_wildmatch(repeat),
        "headline": lambda: row_headline(work, 30 if smoke else 10_000, repeat),
        "pre_commit": lambda: row_pre_commit(work, repeat),
        "commit_scale": lambda: row_commit_scale(
            work, (10, 100) if smoke else (100, 10_000), repeat
        ),
        "growth": lambda: row_growth(work, (10, 100) if smoke else (100, 1_000, 10_000), repeat),
        "site": lambda: row_site(work, 30 if smoke else args.site_pages, repeat),
    }
    rows: list[Row] = []
    try:
        for name, step in steps.items():
            if args.only and name not in args.only:
                continue
            got = step()
            rows += got if isinstance(got, list) else [got]
            print(f"  done: {rows[-1][0]}", file=sys.stderr, flush=True)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    head = ("measure", "receipt-gate", "reference", "ratio", "target")
    widths = [max(len(r[i]) for r in (head, *rows)) for i in range(5)]
    for r in (head, tuple("-" * w for w in widths), *rows):
        print("| " + " | ".join(v.ljust(w) for v, w in zip(r, widths, strict=True)) + " |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
