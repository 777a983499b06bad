"""The shortcuts taken for speed must decide exactly what the plain paths decide.

Each test runs the fast path and the plain one on the same real repository and
compares: the listing under the globs' folders against the full listing, the
forked verify against the serial one, the inline freshness test against judge().
"""

from __future__ import annotations

import json
import os
import random
import re
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from hypothesis import assume, example, given, settings
from hypothesis import strategies as st

from receipt_gate.base import parallel, wildmatch
from receipt_gate.invariant import judge as judge_module
from receipt_gate.invariant import runner, verify
from receipt_gate.invariant.receipts import receipt_path, sha256
from receipt_gate.reading import direction
from receipt_gate.reading.prose import prose_lines
from receipt_gate.rules import corpus as corpus_module
from receipt_gate.rules.config import load
from receipt_gate.rules.fingerprint import fingerprint
from receipt_gate.trees import gittree
from receipt_gate.trees import tree as tree_module
from receipt_gate.trees.cache import decode
from receipt_gate.trees.digests import sha256_of
from receipt_gate.trees.gittree import CommitTree, IndexTree
from receipt_gate.trees.tree import WorkTree
from receipt_gate_hooks import numerals
from receipt_gate_hooks.numerals import digit_chunks, scan
from tests.conftest import CONFIG, GOOD_DRAFT, TELLS, Repo, Run
from tests.test_headline_numbers import DRIFT

AT = ".receipts/drafts/intro.md/ai-tells.json"


def _files(repo: Repo) -> None:
    repo.write(".gitignore", "*.tmp\nignored/\n")
    for rel in (
        "drafts/a.md",
        "drafts/x/y/b.md",
        "drafts/a[1].md",
        "drafts/c.tmp",
        "other/z.md",
        "ignored/q.md",
        "top.md",
        "drafts/tracked.md",
    ):
        repo.write(rel, "# t\n")
    repo.git("add", "drafts/tracked.md", "other/z.md")
    repo.git("commit", "-q", "-m", "some tracked")


@pytest.mark.parametrize(
    "globs",
    [
        ["drafts/**/*.md"],
        ["drafts/*.md", "other/**"],
        ["**/*.md"],
        ["dr*/**/*.md"],
        ["drafts"],
        ["drafts/a.md"],
        [wildmatch.escape("drafts/a[1].md")],
        ["/abs/*.md", "drafts/x/**"],
        ["../outside/*.md"],
        ["drafts//a.md", "./drafts/a.md"],
        [],
        ["**", "!drafts/**"],
        ["**/*.md", "!drafts/x/**", "!other/**"],
        ["**", "!other/**", "!../up/**", "!/abs/**", "!./top/**"],
        ["**", "!link/**"],
    ],
)
def test_listing_under_the_globs_equals_filtering_the_full_listing(
    repo: Repo, globs: list[str]
) -> None:
    _files(repo)
    (repo.path / "link").symlink_to("other")  # a file named as a folder left out: listed
    full = WorkTree(str(repo.path)).paths()
    assert WorkTree(str(repo.path)).paths(globs) == wildmatch.select(globs, full)
    repo.git("add", "-A")
    index = IndexTree(str(repo.path))
    assert index.paths(globs) == wildmatch.select(globs, IndexTree(str(repo.path)).paths())
    repo.git("commit", "-q", "-m", "all")
    commit = CommitTree(str(repo.path), "HEAD")
    assert commit.paths(globs) == wildmatch.select(
        globs, CommitTree(str(repo.path), "HEAD").paths()
    )


@pytest.mark.parametrize(
    "first, then",
    [
        (["**", "!drafts/**"], ["**", "!drafts/**", "!other/**"]),
        (["**", "!drafts/**", "!other/**"], ["**", "!drafts/**"]),
        (["**", "!drafts/**"], ["**", "!drafts/x/**"]),
        (["**", "!drafts/x/**"], ["**", "!drafts/**", "!ignored/**"]),
        (["**", "!other/**"], ["drafts/a.md", "other/z.md"]),
        (["**", "!drafts/**"], ["**", "!other/**"]),  # (the two: all of it, listed)
    ],
)
def test_listings_of_all_but_some_folders_in_turn_miss_nothing(
    repo: Repo, first: list[str], then: list[str]
) -> None:
    _files(repo)
    repo.git("add", "-A")
    full = IndexTree(str(repo.path)).paths()
    index = IndexTree(str(repo.path))
    for globs in (first, then, first):
        assert index.paths(globs) == wildmatch.select(globs, full)


@pytest.mark.parametrize("hint", [None, ["other"], ["drafts/x"], ["gone"], ["a", "b"]])
def test_a_hinted_index_lists_all_but_the_hint_first_and_misses_nothing(
    repo: Repo, monkeypatch: pytest.MonkeyPatch, hint: list[str] | None
) -> None:
    """The commit hook's index lists all but the folders the last hook left out at its
    first question (one git process, not one per question): whatever the hint names,
    or however stale, every question answers as the full listing does."""
    monkeypatch.setattr(gittree, "SMALL_INDEX", 0)  # (a small index is listed whole)
    _files(repo)
    repo.git("add", "-A")
    root = str(repo.path)
    if hint is not None:
        gittree.hint_listing(root, hint)
    assert gittree.listing_hint(root) == tuple(hint or ())
    full = IndexTree(root).paths()
    index = IndexTree(root, hinted=True)
    for globs in (["drafts/a.md"], ["other/z.md", "drafts/x/y/b.md"], ["**/*.md"], ["**"]):
        assert index.paths(globs) == wildmatch.select(globs, full), globs
    if hint:
        assert index._but == tuple(hint)  # (listed at the first question)


def test_listing_under_the_globs_sees_untracked_and_skips_ignored(repo: Repo) -> None:
    _files(repo)
    got = WorkTree(str(repo.path)).paths(["drafts/**/*.md", "ignored/*.md"])
    assert got == ["drafts/a.md", "drafts/a[1].md", "drafts/tracked.md", "drafts/x/y/b.md"]
    assert WorkTree(str(repo.path)).paths([wildmatch.escape("drafts/a[1].md")]) == [
        "drafts/a[1].md"
    ]


def _mixed(repo: Repo, rg: Run) -> None:
    """Drafts in every state the gate can find, with the receipts run wrote."""
    repo.write(".receipt-gate.yaml", CONFIG + "gate_from: ready\n")
    for i in range(6):
        repo.write(f"drafts/fresh{i}.md", GOOD_DRAFT.replace("three", f"{i + 3}"))
    repo.write("drafts/stale.md", GOOD_DRAFT)
    repo.write("drafts/failing.md", GOOD_DRAFT + "\n" + TELLS + ", that we delve.\n")
    repo.write("drafts/early.md", GOOD_DRAFT.replace("status: ready", "status: drafted"))
    repo.write("drafts/crlf.md", GOOD_DRAFT.replace("\n", "\r\n"))
    repo.write("drafts/missing.md", GOOD_DRAFT.replace("gate", "door"))
    rg("run")
    repo.write("drafts/stale.md", GOOD_DRAFT + "\nOne more line.\n")
    os.unlink(repo.path / ".receipts/drafts/missing.md/hook-length.json")
    repo.write("drafts/bad-status.md", GOOD_DRAFT.replace("status: ready", "status: done"))
    repo.write("drafts/binary.md", b"\0\1\2")


def test_forked_verify_reports_exactly_what_one_process_does(
    repo: Repo, rg: Run, monkeypatch: pytest.MonkeyPatch
) -> None:
    _mixed(repo, rg)
    serial_rc, serial_out, serial_err = rg("verify", "--format", "json")
    cfg = load((repo.path / ".receipt-gate.yaml").read_bytes(), ".receipt-gate.yaml", None)
    serial = verify.evaluate(cfg, WorkTree(str(repo.path)))

    forks = _forking(monkeypatch, verify, "PARALLEL_FROM")
    forked = verify.evaluate(cfg, WorkTree(str(repo.path)))
    assert len(forks) == 2  # three parts: two children and this process
    assert forked == serial
    assert {c.state for c in serial.cells} == {"fresh", "stale", "missing", "fail"}
    fresh = [c for c in serial.cells if c.state == "fresh"]
    # six fresh drafts and the CRLF one (2 each), one each of the failing and the missing
    assert len(fresh) == 7 * 2 + 2
    assert fresh == [
        verify.Cell(c.draft, c.check, receipt_path(".receipts", c.draft, c.check), "fresh")
        for c in fresh
    ]
    assert serial.ungated == (("drafts/early.md", "drafted"),)
    assert len(serial.errors) == 2
    assert rg("verify", "--format", "json") == (serial_rc, serial_out, serial_err)


def _cells(repo: Repo, monkeypatch: pytest.MonkeyPatch) -> tuple[verify.Cell, verify.Cell]:
    """The ai-tells cell of drafts/intro.md: through judge()'s quick test for a fresh
    receipt, and through the whole of judge() with that test turned off."""
    root = str(repo.path)
    cfg = load((repo.path / ".receipt-gate.yaml").read_bytes(), ".receipt-gate.yaml", None)
    tree = WorkTree(root)
    fps = {c: fingerprint(c, cfg, tree) for c in cfg.required}
    part = verify._judge_drafts(cfg, tree, ["drafts/intro.md"], fps, (), None)
    text = (repo.path / "drafts/intro.md").read_text()
    digest = sha256((repo.path / "drafts/intro.md").read_bytes())
    with monkeypatch.context() as m:
        m.setattr(judge_module, "_quick_fresh", lambda *args: None)
        plain = verify.judge(
            WorkTree(root), cfg, "drafts/intro.md", digest, "ai-tells", fps["ai-tells"], text
        )
    quick = part.expand(cfg)[cfg.required.index("ai-tells")]
    return quick, plain


def _retext(old: bytes, **changes: object) -> bytes:
    obj = json.loads(old)
    obj.update(changes)
    return json.dumps(obj, indent=2).encode()


MUTATIONS = {
    "as written": lambda b: b,
    "trailing whitespace": lambda b: b + b" \t\r\n",
    "trailing garbage": lambda b: b + b"x",
    "leading whitespace": lambda b: b"\n  " + b,
    "CRLF": lambda b: b.replace(b"\n", b"\r\n"),
    "BOM": lambda b: b"\xef\xbb\xbf" + b,
    "not UTF-8": lambda b: b.replace(b'"check"', b'"\xff"'),
    "ran_at a number": lambda b: _retext(b, ran_at=5),
    "tool null": lambda b: _retext(b, tool=None),
    "findings an object": lambda b: _retext(b, findings={}),
    "verdict PASS": lambda b: _retext(b, verdict="PASS"),
    "hash upper case": lambda b: _retext(b, draft_sha256=json.loads(b)["draft_sha256"].upper()),
    "other check": lambda b: _retext(b, check="hook-length"),
    "a later verdict wins": lambda b: b.replace(b'"findings"', b'"verdict": "fail",\n "findings"'),
    "a list": lambda b: b"[" + b + b"]",
    "empty": lambda b: b"",
}


@pytest.mark.parametrize("name", sorted(MUTATIONS))
def test_inline_freshness_test_agrees_with_judge(
    content: Repo, rg: Run, name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    rg("run")
    receipt = content.path / AT
    receipt.write_bytes(MUTATIONS[name](receipt.read_bytes()))
    quick, plain = _cells(content, monkeypatch)
    assert quick == plain
    fresh = name in ("as written", "trailing whitespace", "leading whitespace", "CRLF")
    assert (quick.state == "fresh") is fresh, quick.message


def test_inline_freshness_test_refuses_a_symlinked_receipt_folder(
    content: Repo, rg: Run, monkeypatch: pytest.MonkeyPatch
) -> None:
    rg("run")
    folder = content.path / ".receipts/drafts/intro.md"
    os.rename(folder, content.path / "elsewhere")
    os.symlink(content.path / "elsewhere", folder)
    quick, plain = _cells(content, monkeypatch)
    assert quick == plain
    assert quick.state == "missing" and "outside the repository" in quick.message


# --- the prose and number scanners ---------------------------------------------

_OLD_CHUNK = re.compile(r"(?<!\S)[^\s\d]*+\d\S*+")  # what digit_chunks replaced
_PROSE = st.text(st.sampled_from(list("ab -#:\n\t,.%\u00a0\u20037\u0663($/`~<!>")), max_size=80)


@settings(max_examples=3000, deadline=None)
@given(text=_PROSE)
def test_digit_chunks_are_the_chunks_the_regex_found(text: str) -> None:
    assert list(digit_chunks(text)) == [(m.start(), m.end()) for m in _OLD_CHUNK.finditer(text)]


_HEAD = st.lists(
    st.sampled_from(
        ["---", "...", "a: 1", "status: ready", "b:'x'", "", "--- ", 'c: "q"', "# Title 76"]
    ),
    max_size=60,
)


@settings(max_examples=3000, deadline=None)
@given(head=_HEAD, rest=_PROSE)
def test_prose_lines_without_code_match_the_full_layout(head: list[str], rest: str) -> None:
    text = "\n".join(head) + "\n" + rest
    assume("`" not in text and "~~~" not in text and "<!--" not in text)
    n = text.count("\n") + 1
    # A code span in a paragraph of its own sends prose_lines down the full path.
    assert prose_lines(text) == prose_lines(text + "\n\n`x`")[:n]


_FM_LINE = st.one_of(
    st.sampled_from(
        [
            "status: ready",
            "title: A title, 76 hours",
            "a: 1",
            "on: x",
            "b: yes",
            "c: null",
            "d:",
            "e: It's fine",
            "f: x: y",
            "g: x # note",
            "h: https://x.y/z",
            "i: 'q'",
            'j: "q"',
            "k: [a, b]",
            "  nested: 1",
            "- item",
            "# comment",
            "",
            "l: a\tb",
            "m: c:",
            "n: 2026-09-10",
            "status: idea",
            "~: x",
            "o: ~",
            "p: >-",
            "  folded",
            "q: Ünï",
            "r: .776Z",
            's: "A: quoted #76"',
            "t: 'it''s'",
            "u: 'it: #1'",
            "v: 2026-02-30",
            "w: 0",
            "x: 017",
            "y: True",
            "z: false",
            'aa: "a\\tb"',
            "ab: 12345678901234567890",
            'ac: ""',
        ]
    ),
    st.from_regex(r"[a-z]{1,3}: [A-Za-z][A-Za-z :#'\"-]{0,12}", fullmatch=True),
)


@settings(max_examples=3000, deadline=None)
@given(lines=st.lists(_FM_LINE, max_size=8))
def test_front_matter_fast_path_reads_what_yaml_reads(lines: list[str]) -> None:
    """Where the line scanner answers, the YAML parser gives the same fields; where the
    parser refuses (or finds a key twice), so does read()."""
    from receipt_gate import GateError
    from receipt_gate.base import yamlio
    from receipt_gate.reading import frontmatter

    text = "---\n" + "\n".join(lines) + "\n---\nbody\n"
    try:
        expected = yamlio.load("\n".join(lines), "fm")
    except GateError:
        expected = "refused"
    try:
        got: object = dict(frontmatter.read(text, f"d{len(lines)}.md").fields)
    except GateError:
        got = "refused"
    if isinstance(expected, dict):
        expected = {str(k): v for k, v in expected.items()}
    elif expected is None:
        expected = {}
    else:
        expected = "refused"  # front matter that is not a mapping of fields
    assert got == expected


_NUMBERISH = st.lists(
    st.sampled_from(
        [
            "1",
            "0",
            "76",
            "\u0663",
            " ",
            "\n",
            "%",
            " %",
            " percent",
            "a",
            ".",
            ",",
            "-",
            "h",
            "ms",
            "x",
            "k",
            "00",
            "one",
            "2024-01-02",
            "12:30",
            ":",
            "v",
            "1,760",
            "76.4",
            # (rounds 78 and 79: scale words and letters, spaced and cased; exponents)
            " Million",
            "\t",
            " bn",
            " per cent",
            "e6",
            "m",
            "B",
            " M",
            " mil",
            "\u00a0",
            "$",
            # (session 59: what follows a number of digits or words, one reading)
            " and a half",
            " dozen",
            "-million",
            " Millionen",
            " pc",
            "pc",
            " grand",
            ",5",
            " two",
            " point five",
            "x10^6",
            " to ",
            "\u2013",
            " or ",
            "+",
            "-plus",
            "\n",
            "\u00b7",
            "USD",
        ]
    ),
    max_size=14,
).map("".join)


@settings(max_examples=3000, deadline=None)
@given(text=_NUMBERISH)
def test_the_bare_digits_shortcut_finds_the_same_numbers(text: str) -> None:
    assert scan(text) == scan(text, shortcut=False)


_LABELISH = st.lists(
    st.sampled_from(
        [
            *("Part", "part", "Step", "Ruby", "No.", "Vol.", "We", " ", "  ", "\t", "\n", "2"),
            *("101", "76", "12345", "of", "x", ":", ".", ",", "-", "\u2014", "%", "1.5", ")"),
        ]
    ),
    max_size=16,
).map("".join)


@settings(max_examples=1000, deadline=None)
@given(text=_LABELISH)
@example("We\tPart 2:\nRuby 101")
@example("Part 2 .")
def test_the_label_rule_tried_on_hinted_lines_blanks_what_it_blanks_on_the_whole(
    text: str,
) -> None:
    hn = numerals
    assert hn._unlabeled(text) == hn._LABELED.sub(hn._label_blanked, text)


_LOOKALIKISH = st.lists(
    st.sampled_from(["1", "7", "0", "O", "o", "l", "I", ",", ".", ",,", " ", "x", "20", "\n"]),
    max_size=12,
).map("".join)


@settings(max_examples=1000, deadline=None)
@given(text=_LOOKALIKISH)
@example("1,O")
@example("lO,,1")
@example("x O.7")
def test_the_look_alike_hint_misses_no_number_the_reading_changes(text: str) -> None:
    hn = numerals
    read = hn._DIGIT_LOOKALIKES.sub(hn._as_digits, text)
    assert read == text or hn._LOOKALIKE_HINT.search(text) is not None


_WRITTENISH = st.lists(
    st.sampled_from(["1", "10", "3", "x", "×", " ", "^", "**", "6", "⁶", "_", "000", "½", "a"]),
    max_size=10,
).map("".join)


@settings(max_examples=1000, deadline=None)
@given(text=_WRITTENISH)
@example("3×10⁶")
@example("1_000")
def test_the_written_hint_misses_no_power_fraction_or_underscore(text: str) -> None:
    hn = numerals
    assert hn._written_otherwise(text) == [] or hn._written_hint(text)


@settings(max_examples=1000, deadline=None)
@given(text=_NUMBERISH)
@example("2 to 3 million")
def test_the_range_hint_misses_no_range(text: str) -> None:
    hn = numerals
    assert hn._RANGE.search(text) is None or hn._RANGE_HINT.search(text) is not None


@settings(max_examples=1000, deadline=None)
@given(text=_NUMBERISH)
def test_what_follows_a_number_starts_where_the_tail_is_looked_for(text: str) -> None:
    """_read_on tries _TAIL only where it starts with what _TAIL_STARTS holds."""
    hn = numerals
    for at in range(len(text) + 1):
        m = hn._TAIL.match(text, at)
        assert m is None or m.end() == at or text[at] in hn._TAIL_STARTS, (text, at)


_ONEISH = st.lists(
    st.sampled_from(
        "one|,| |-|\n|million|percent|per|cent|pct|%|+|and|a|half|lakh|bn|Mio|k|m|B|mm|(|)|1"
        "|the|dozen|point|x".split("|")
    ),
    max_size=8,
).map("".join)


@settings(max_examples=1000, deadline=None)
@given(text=_ONEISH)
@example("one percent")
@example("one and a half")
@example("one-million")
def test_the_gate_on_a_lone_one_misses_no_one_that_reads_on(text: str) -> None:
    """Number words are looked for where `one` is the only one only when _ONE_READ_ON
    finds what may make it a number: without that gate, the reading is the same."""
    hn = numerals
    gated = hn.scan(text, shortcut=False)
    kept = hn._ONE_READ_ON
    hn._ONE_READ_ON = re.compile("")  # type: ignore[assignment]  # (finds everywhere)
    try:
        assert hn.scan(text, shortcut=False) == gated, text
    finally:
        hn._ONE_READ_ON = kept


def _may_reorder_by_regex(text: str) -> bool:
    """may_reorder as its regexes alone decide (before the substring prefilters)."""
    d = direction
    if d._RTL.search(text) or d._DIR_MARKUP.search(text):
        return True
    if "&" in text and any(d._stands_for_a_mark(m) for m in d._REFERENCE.finditer(text)):
        return True
    return bool(d._STYLE.search(text) and d._STYLE_WORDS.search(text))


_DIRECTIONISH = st.lists(
    st.sampled_from(
        [
            *("dir", "DIR", "Dir", "=", " ", "<bdo", "<BDI", "<bd", "style", "STYLE"),
            *("direction", "bidi", "\\", "&rlm;", "&#8207;", "&#x5d0;", "&amp;", "\u05d0"),
            *("\u200f", "x", "d\u0130r", "\u0131", "\u017f"),
        ]
    ),
    max_size=10,
).map("".join)


@settings(max_examples=1000, deadline=None)
@given(text=_DIRECTIONISH)
@example("x <BDO")
def test_the_direction_hint_says_what_its_regexes_say(text: str) -> None:
    assert direction.may_reorder(text) == _may_reorder_by_regex(text)


# --- digests of input files, cached by stamp -------------------------------------


def _articles(repo: Repo) -> None:
    repo.write(".receipt-gate.yaml", "required: [headline-numbers]\n")
    repo.write("posts/drift.md", DRIFT)
    repo.write("posts/other.md", "# Other 12\n\nBody 13.\n")
    repo.write("drafts/reply.md", "It drifted 76 hours.\n")


def _digest_cache(repo: Repo, kind: str) -> dict[str, str]:
    """The stamp cache as it reads back: the file, and its journal where it follows it."""
    folder = repo.path / ".git" / "receipt-gate"
    doc = decode((folder / f"digests-v3-{kind}.json").read_bytes())
    log = folder / f"digests-v3-{kind}.log.json"
    more = decode(log.read_bytes()) if log.exists() else {}
    got: dict[str, str] = dict(doc["digests"])
    for step in more.get("steps", []) if more.get("base") == doc["nonce"] else []:
        got.update(step)
    return got


def test_a_file_written_in_the_last_two_seconds_gets_no_stamp(repo: Repo) -> None:
    _articles(repo)
    os.symlink("drift.md", repo.path / "posts/link.md")
    tree = WorkTree(str(repo.path))
    assert tree.stamps(["posts/drift.md"]) == {}  # racy: it must be hashed
    old = time.time_ns() - 10 * tree_module.RACY_NS
    os.utime(repo.path / "posts/drift.md", ns=(old, old))
    assert tree.stamps(["posts/drift.md"]) == {}  # mtime set back, but ctime is now
    assert tree.stamps(["posts/link.md", "posts/absent.md"]) == {}


def test_the_stamp_cache_sees_an_edit_that_keeps_size_and_mtime(
    repo: Repo, rg: Run, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(tree_module, "RACY_NS", -(10**18))  # every file counts as settled
    _articles(repo)
    assert rg("run")[0] == 1  # 76 lives only in the drift title
    cached = _digest_cache(repo, "stat")
    assert sorted(cached.values()) == sorted(
        sha256((repo.path / p).read_bytes()) for p in ("posts/drift.md", "posts/other.md")
    )
    post = repo.path / "posts/drift.md"
    before = post.stat()
    time.sleep(0.05)  # past the file system's clock tick, so ctime moves
    post.write_text(DRIFT.replace("to 74.", "to 76."))  # same size: a body now pins 76
    os.utime(post, ns=(before.st_atime_ns, before.st_mtime_ns))
    assert post.stat().st_size == before.st_size
    assert rg("run")[0] == 0
    tree = WorkTree(str(repo.path))
    paths = tree.paths(["posts/**"])
    assert sha256_of(tree, paths) == {p: sha256(tree.read(p) or b"") for p in paths}


def test_the_blob_id_cache_serves_the_index_and_survives_being_broken(repo: Repo, rg: Run) -> None:
    _articles(repo)
    repo.write("posts/drift.md", DRIFT.replace("to 74.", "to 76."))
    assert rg("run")[0] == 0
    repo.git("add", "-A")
    assert rg("verify", "--staged")[0] == 0
    oids = repo.git("ls-files", "-s", "posts").stdout.split()[1::4]
    assert set(_digest_cache(repo, "oid")) == set(oids)
    (repo.path / ".git/receipt-gate/digests-v3-oid.json").write_text("{broken")
    assert rg("verify", "--staged")[0] == 0
    index = IndexTree(str(repo.path))
    assert sha256_of(index, ["posts/drift.md", "posts/none.md"]) == {
        "posts/drift.md": sha256((repo.path / "posts/drift.md").read_bytes()),
        "posts/none.md": None,
    }


def test_articles_parsed_in_forked_processes_make_the_same_corpus(
    repo: Repo, rg: Run, monkeypatch: pytest.MonkeyPatch
) -> None:
    _articles(repo)
    for i in range(7):
        repo.write(f"posts/p{i}.md", f"# Post {i}: {70 + i} hours\n\nIt took {i + 1000}.\n")

    def check() -> tuple[int, list[dict[str, str]]]:
        rc, out, _ = rg("check", "headline-numbers", "--format", "json", "drafts/reply.md")
        return rc, json.loads(out)["violations"]

    serial = check()
    serial_corpus = (repo.path / ".git/receipt-gate/corpus-headline-numbers.json").read_bytes()
    for name in ("pages-headline-numbers.json", "corpus-headline-numbers.json"):
        os.unlink(repo.path / ".git/receipt-gate" / name)
    forks = _forking(monkeypatch, corpus_module, "PARALLEL_FROM")
    assert check() == serial
    assert len(forks) == 2
    assert serial[0] == 1 and [v["number"] for v in serial[1]] == ["76"]
    corpus = (repo.path / ".git/receipt-gate/corpus-headline-numbers.json").read_bytes()
    # (each index written whole is told from the others by its nonce, which its journal names)
    assert {**decode(corpus), "nonce": ""} == {**decode(serial_corpus), "nonce": ""}


def _forking(monkeypatch: pytest.MonkeyPatch, module: object, name: str) -> list[int]:
    """Split every batch three ways (from two items up); returns the children's pids."""
    forks: list[int] = []
    real_fork = os.fork

    def counting_fork() -> int:
        pid = real_fork()
        if pid:
            forks.append(pid)
        return pid

    monkeypatch.setattr(module, name, 2)
    monkeypatch.setattr(parallel, "cpus", lambda: 3)
    monkeypatch.setattr(os, "fork", counting_fork)
    return forks


def _receipts(repo: Repo) -> dict[str, dict[str, object]]:
    out = {}
    for p in sorted((repo.path / ".receipts").rglob("*.json")):
        receipt = json.loads(p.read_text())
        receipt.pop("ran_at")
        out[str(p.relative_to(repo.path))] = receipt
    return out


def test_checks_run_and_written_in_forked_processes_match_one_process(
    content: Repo, rg: Run, monkeypatch: pytest.MonkeyPatch
) -> None:
    for i in range(8):
        tell = TELLS + ", this.\n" if i % 3 == 0 else ""
        content.write(f"drafts/d{i}.md", GOOD_DRAFT.replace("three", str(i + 4)) + tell)
    serial = rg("check", "ai-tells", "--format", "json")
    serial_receipts = _receipts(content)
    assert serial[0] == 1 and len(json.loads(serial[1])["violations"]) == 3
    (content.path / ".receipts").rename(content.path / "serial-receipts")
    forks = _forking(monkeypatch, runner, "PER_PROCESS")
    assert rg("check", "ai-tells", "--format", "json") == serial
    assert len(forks) == 4  # two to decide, two to write
    assert _receipts(content) == serial_receipts


def test_a_failing_writer_process_fails_the_batch_as_one_process_would(
    content: Repo, rg: Run, monkeypatch: pytest.MonkeyPatch
) -> None:
    for i in range(8):
        content.write(f"drafts/d{i}.md", GOOD_DRAFT.replace("three", str(i + 4)))
    content.write(".receipts/drafts/d7.md", "a file where a folder must go\n")
    serial = rg("run")
    assert serial[0] == 2 and "d7.md" in serial[2]
    forks = _forking(monkeypatch, runner, "PER_PROCESS")
    assert rg("run") == serial
    assert forks


@pytest.mark.parametrize(
    "damage", ["not pairs", "a number", "bad articles", "bad step", "broken journal"]
)
def test_a_damaged_headline_cache_is_rebuilt_not_trusted_or_a_traceback(
    repo: Repo, rg: Run, damage: str
) -> None:
    _articles(repo)
    first = rg("check", "headline-numbers", "--format", "json", "drafts/reply.md")
    assert first[0] == 1
    cache = repo.path / ".git/receipt-gate"
    whole = decode((cache / "corpus-headline-numbers.json").read_bytes())
    if damage == "bad articles":
        pages = decode((cache / "pages-headline-numbers.json").read_bytes())
        for _fields, article in pages["pages"].values():
            article[1] = [76]  # numbers must be strings
        (cache / "pages-headline-numbers.json").write_text(json.dumps(pages))
        (cache / "corpus-headline-numbers.json").unlink()
    elif "journal" in damage or "step" in damage:  # [[path, flags, parsed, sha]] per step
        sha = whole["value"][0]["posts/drift.md"][0]  # (as it is: no change to read again)
        step = [["posts/drift.md", 3, [["Drift"], [[76]], []], sha]]
        text = json.dumps({"base": whole["nonce"], "steps": [step]})
        (cache / "corpus-headline-numbers.log.json").write_text(
            text if "step" in damage else text[:-1]
        )
    else:  # [pages, held, titles, bodies, more]
        whole["value"][2]["76"] = [["title", "path", "extra"]] if damage == "not pairs" else 5
        (cache / "corpus-headline-numbers.json").write_text(json.dumps(whole))
    again = rg("check", "headline-numbers", "--format", "json", "drafts/reply.md")
    assert again[0] == 1 and "Traceback" not in again[2]
    assert json.loads(again[1])["violations"] == json.loads(first[1])["violations"]


@pytest.mark.parametrize("text", ['[["title","path","extra"]]', "[[", "[]", '[["t",5]]'])
def test_a_numbers_kept_titles_are_checked_where_they_are_read(
    repo: Repo, rg: Run, text: str
) -> None:
    """The index keeps each number's titles as their JSON text, read where a number is
    asked: a damaged one is never trusted. A check that asks it refuses, naming the file
    to delete (then it is built again); an update that meets it builds the index whole."""
    _articles(repo)
    first = rg("check", "headline-numbers", "--format", "json", "drafts/reply.md")
    assert first[0] == 1
    cache = repo.path / ".git/receipt-gate/corpus-headline-numbers.json"
    whole = decode(cache.read_bytes())
    assert json.loads(whole["value"][2]["76"])[0][1] == "posts/drift.md"
    whole["value"][2]["76"] = text
    cache.write_text(json.dumps(whole))
    code, out, err = rg("check", "headline-numbers", "--format", "json", "drafts/reply.md")
    assert code == 2 and not out and "Traceback" not in err, (code, out, err)
    assert "receipt-gate/corpus-headline-numbers.json) is damaged at '76'" in err
    cache.write_text(json.dumps(whole))  # an update meets it: built whole
    repo.write("posts/drift.md", DRIFT + "\nMore.\n")
    again = rg("check", "headline-numbers", "--format", "json", "drafts/reply.md")
    assert again[0] == 1, again
    cache.unlink()
    assert rg("check", "headline-numbers", "--format", "json", "drafts/reply.md") == again


def test_a_linked_worktree_keeps_its_caches_in_its_own_git_dir(
    content: Repo, rg: Run, monkeypatch: pytest.MonkeyPatch
) -> None:
    rg("run")
    content.commit_all()
    other = content.path.parent / "other"
    content.git("worktree", "add", "-q", str(other))
    monkeypatch.chdir(other)
    assert rg("verify")[0] == 0
    git_dir = content.git("-C", str(other), "rev-parse", "--absolute-git-dir").stdout.strip()
    assert list((Path(git_dir) / "receipt-gate").glob("config-*.json"))
    assert not (other / ".git" / "receipt-gate").exists()  # .git is a file there


def test_one_check_reads_the_corpus_cache_once_and_a_new_command_reads_it_again(
    repo: Repo, rg: Run, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The fingerprint and the check both need the corpus: one command reads it once. A
    second command (a new tree) reads the cache again, and an edited article is seen."""
    from receipt_gate.trees import cache

    _articles(repo)
    assert rg("check", "headline-numbers", "drafts/reply.md")[0] == 1  # warms the caches
    reads: list[str] = []
    real = cache.read

    def counting(path: Path | None, *args: object, **kw: object) -> object:
        reads.append(Path(path).name if path else "")
        return real(path, *args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(cache, "read", counting)
    assert rg("check", "headline-numbers", "drafts/reply.md")[0] == 1
    assert reads.count("corpus-headline-numbers.json") == 1
    repo.write("posts/other.md", "# Other 12\n\nBody 13, and 76 hours.\n")
    assert rg("check", "headline-numbers", "drafts/reply.md")[0] == 0
    assert reads.count("corpus-headline-numbers.json") == 2


# The plain pattern (what prose blanked with before): tried at every opening to the
# end of the text, so quadratic on unclosed ones; blank_pairs must blank the same.
_CODE_PAIRS = re.compile(
    r"\{%-?\s*(highlight|raw|comment)\b.*?%\}.*?\{%-?\s*end\1\s*-?%\}"
    r"|\{\{[<%]\s*(highlight|code|code-toggle|raw|datatable)\b.*?[>%]\}\}.*?"
    r"\{\{[<%]\s*/\2\s*[>%]\}\}",
    re.DOTALL,
)
_PIECES = [
    "{% raw %}",
    "{% endraw %}",
    "{%- comment -%}",
    "{% endcomment %}",
    "{% highlight",
    " ruby %}",
    "{% endhighlight %}",
    "{{< code >}}",
    "{{< /code >}}",
    "{{% raw %}}",
    "{{% /raw %}}",
    "{{< code-toggle >}}",
    "{{< /code-toggle >}}",
    "{{< datatable",
    " >}}",
    "{{< /datatable >}}",
    "{{< highlight go >}}",
    "{{< /highlight >}}",
    "%}",
    "}}",
    "x",
    "\n",
    " ",
    "{%",
    "{{<",
]


@settings(max_examples=1500, deadline=None)
@given(st.lists(st.sampled_from(_PIECES), max_size=14))
def test_template_pairs_are_blanked_as_the_plain_pattern_blanks_them(pieces: list[str]) -> None:
    from receipt_gate.reading.templatetags import blank_pairs

    text = "".join(pieces)
    plain = _CODE_PAIRS.sub(lambda m: re.sub(r"[^\n]", " ", m.group()), text)
    assert blank_pairs(text) == plain


def test_kept_fingerprints_follow_the_corpus_and_survive_being_broken(
    repo: Repo, rg: Run, monkeypatch: pytest.MonkeyPatch
) -> None:
    """verify keeps each corpus check's per-draft fingerprints in the git dir, the forked
    workers' too, under everything the check could read: a new post that pins the
    reply's 76 changes the key, so the kept ones are never the answer; a broken file
    is rebuilt, never trusted or a traceback."""
    repo.write(".receipt-gate.yaml", "required: [headline-numbers]\n")
    repo.write("posts/drift.md", "# Drifted 76 hours\n\nThe queue was 74 hours behind.\n")
    for i in range(6):
        repo.write(f"drafts/d{i}.md", f"Draft {i}: it was {i}00 hours.\n")
    repo.write("drafts/reply.md", "It drifted 76 hours.\n")
    assert rg("run")[0] == 1
    _forking(monkeypatch, verify, "PARALLEL_FROM")
    cfg = load((repo.path / ".receipt-gate.yaml").read_bytes(), ".receipt-gate.yaml", None)
    first = verify.evaluate(cfg, WorkTree(str(repo.path)))
    kept = list((repo.path / ".git" / "receipt-gate").glob("fingerprints-*.json"))
    assert len(kept) == 1
    memo = decode(kept[0].read_bytes())["memo"]
    assert len(memo) == 7  # every draft's, the children's among them
    assert verify.evaluate(cfg, WorkTree(str(repo.path))) == first
    repo.write("posts/measured.md", "# Measured\n\nThe drift peaked at 76 hours.\n")
    rc, out, _ = rg("verify")
    assert rc == 1 and "drafts/reply.md" in out and "what the check read changed" in out
    assert rg("run")[0] == 0 and rg("verify")[0] == 0
    kept[0].write_text('{"key": [1, "x"], "memo": [[[], 5]]')  # broken
    assert rg("verify")[0] == 0
    repo.write("posts/measured.md", "# Measured\n\nThe drift peaked at 75 hours.\n")
    assert rg("verify")[0] == 1


def test_the_pending_record_is_kept_as_what_it_changes_and_read_back_whole() -> None:
    """A site's record of verified trees is megabytes: the commit hook keeps the index it
    verified as what it changes of HEAD's entry (added, changed, gone), and reads it
    back whole; without HEAD's entry whole, it is no record at all."""
    from receipt_gate.invariant.verified import Verified, _delta, _whole

    base = {
        "drafts": {"a.md": [1, 0, 0], "b.md": [1, 0, 0], "c.md": [1, 0, 0]},
        "reads": {"a.md": {"hn": ["x", ["1"]]}, "b.md": {"hn": ["y", []]}},
    }
    found = Verified(
        {"a.md": [1, 1, 0], "c.md": [1, 0, 0], "d.md": [1, 0, 0]},
        {"a.md": {"hn": ["z", ["2"]]}, "d.md": {"hn": ["w", []]}},
        {},
    )
    drafts, reads, gone = _delta(found, base)
    assert drafts == {"a.md": [1, 1, 0], "d.md": [1, 0, 0]}  # c.md, unchanged, is not kept
    assert gone == [["b.md"], ["b.md"]]
    whole = _whole({"drafts": drafts, "reads": reads, "gone": gone}, base)
    assert whole["drafts"] == found.drafts and whole["reads"] == found.reads
    assert _whole({"drafts": drafts, "reads": reads, "gone": gone}, None) is None
    assert _whole({"drafts": drafts, "reads": reads, "gone": gone}, {**base, "reads": None}) is None
    assert _delta(found, None) == (found.drafts, found.reads, None)  # no base: whole


def _answers(monkeypatch: pytest.MonkeyPatch, module: object, name: str) -> list[bool]:
    """Whether each call of module.name answered (not None), as the calls come."""
    out: list[bool] = []
    real = getattr(module, name)

    def counting(*args: Any) -> Any:
        got = real(*args)
        out.append(got is not None)
        return got

    monkeypatch.setattr(module, name, counting)
    return out


def _corpus_now(repo: Repo) -> object:
    from receipt_gate.rules.config import config_of

    tree = WorkTree(str(repo.path))
    return fingerprint("headline-numbers", config_of(tree), tree).corpus


def _page(rng: random.Random, numbers: list[str]) -> str:
    """A post whose title and body hold a few numbers of a small pool, and that some
    generator may hold back or move (a draft, a future date, an address)."""
    fields = [f"title: Post {rng.choice(numbers)} hours {rng.choice(numbers)}"]
    fields += rng.choice(
        [[], [], [], ["draft: true"], ["date: 2999-01-01"], ["url: /x/"], ["slug: p1"]]
    )
    body = " ".join(f"It took {rng.choice(numbers[:4])} hours." for _ in range(rng.randint(0, 3)))
    return "---\n" + "\n".join(fields) + f"\n---\n\n{body}\n"


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_corpus_index_the_changes_update_is_the_corpus_built_whole(
    repo: Repo, monkeypatch: pytest.MonkeyPatch, seed: int
) -> None:
    """On every change (a page added, edited, moved, removed; held back by its fields or
    its section's index page; naming an address), the index updated from the last one
    (and read back from its journal of changes) is the corpus built from nothing; and
    most changes take the update."""
    from receipt_gate_hooks import headline_numbers

    updates = _answers(monkeypatch, headline_numbers, "_updated")
    replayed = _answers(monkeypatch, headline_numbers, "_replay")
    rng = random.Random(seed)
    numbers = [str(n) for n in range(70, 78)]
    repo.write(".receipt-gate.yaml", "required: [headline-numbers]\n")
    for i in range(8):
        repo.write(f"posts/p{i}.md", _page(rng, numbers))
    cache = repo.path / ".git/receipt-gate/corpus-headline-numbers.json"
    for _ in range(60):
        posts = sorted((repo.path / "posts").rglob("*.md"))
        what = rng.choice(["add", "add", "edit", "edit", "remove", "move", "index", "twin"])
        if what == "twin" and posts:  # (written where another is: its bundle, its case)
            stem = rng.choice(posts).relative_to(repo.path).with_suffix("").as_posix()
            folder, _, base = stem.rpartition("/")
            names = [f"{stem}/index.md", f"{folder}/{base.upper()}.md", f"{stem}.md.md"]
            name = rng.choice([n for n in names if not (repo.path / n).parent.is_file()])
            repo.write(name, _page(rng, numbers))
        elif what == "add" or len(posts) < 3:
            folder = rng.choice(["posts", "posts", "posts/sec"])
            repo.write(f"{folder}/n{rng.randrange(10**6)}.md", _page(rng, numbers))
        elif what == "edit":
            rng.choice(posts).write_text(_page(rng, numbers))
        elif what == "remove":
            rng.choice(posts).unlink()
        elif what == "move":
            rng.choice(posts).rename(repo.path / f"posts/m{rng.randrange(10**6)}.md")
        else:  # the section's index page: held back, or not
            repo.write("posts/sec/_index.md", rng.choice(["---\ndraft: true\n---\n", "# Sec\n"]))
        updated = _corpus_now(repo)
        kept = cache.read_bytes()  # (the next change updates this one, not a fresh one)
        cache.unlink()
        assert updated == _corpus_now(repo), (what, sorted((repo.path / "posts").rglob("*")))
        cache.write_bytes(kept)
    assert updates.count(True) >= 10, updates
    assert replayed.count(True) >= 10, replayed  # (the index and its journal, read back)


@pytest.mark.parametrize("seed", [4, 5, 6])
def test_what_an_update_says_it_touched_is_all_that_changed(repo: Repo, seed: int) -> None:
    """The commit hook computes again only the fingerprints of drafts that read a number
    the corpus update touched (changed_reads): on every change, each number it does not
    name has the titles and first bodies it had in the corpus the update started from,
    which is the one the last fingerprint's whole names; and most changes say so."""
    import copy

    from receipt_gate.rules.config import config_of
    from receipt_gate_hooks.headline_numbers import changed_reads

    rng = random.Random(seed)
    numbers = [str(n) for n in range(70, 78)]
    repo.write(".receipt-gate.yaml", "required: [headline-numbers]\n")
    for i in range(8):
        repo.write(f"posts/p{i}.md", _page(rng, numbers))
    told = 0
    last: tuple[str, Any] | None = None
    for _ in range(40):
        posts = sorted((repo.path / "posts").rglob("*.md"))
        what = rng.choice(["add", "edit", "edit", "remove", "move"])
        if what == "add" or len(posts) < 3:
            repo.write(f"posts/n{rng.randrange(10**6)}.md", _page(rng, numbers))
        elif what == "edit":
            rng.choice(posts).write_text(_page(rng, numbers))
        elif what == "remove":
            rng.choice(posts).unlink()
        else:
            rng.choice(posts).rename(repo.path / f"posts/m{rng.randrange(10**6)}.md")
        tree = WorkTree(str(repo.path))
        fp = fingerprint("headline-numbers", config_of(tree), tree)
        corpus = fp.corpus
        got = changed_reads(corpus)
        if got is not None and last is not None:
            assert got[0] == last[0]  # (updated from the corpus the last whole names)
            titles, bodies = last[1]
            for n in {*titles, *bodies, *corpus.titles, *corpus.bodies} - got[1]:
                assert (titles.get(n), bodies.get(n)) == (
                    corpus.titles.get(n),
                    corpus.bodies.get(n),
                ), (what, n)
            told += 1
        last = (fp.whole, copy.deepcopy((corpus.titles, corpus.bodies)))
    assert told >= 10, told


def test_the_index_keeps_a_numbers_first_bodies_through_removals_and_additions(
    repo: Repo,
) -> None:
    """A number more bodies hold than the index keeps: removals leave it the first ones
    it knows (and build it whole when too few are left), a page added past them stays
    out, one added before them goes in; each time what a whole build finds."""
    repo.write(".receipt-gate.yaml", "required: [headline-numbers]\n")
    repo.write("posts/t.md", "# The 70 hours\n")
    for i in range(1, 7):
        repo.write(f"posts/s{i}.md", "# S\n\nIt took 70 hours.\n")
    cache = repo.path / ".git/receipt-gate/corpus-headline-numbers.json"
    steps = [
        ("posts/s1.md", None),  # kept: s2, s3 (of s2 to s6)
        ("posts/s9.md", "# S\n\nIt took 70 hours.\n"),  # past them: stays out
        ("posts/s2.md", None),  # s3 alone known: built whole (s3, s4, s5)
        ("posts/s0.md", "# S\n\nIt took 70 hours.\n"),  # before them: in
        ("posts/s0.md", None),
        ("posts/s3.md", None),
    ]
    seen = [_corpus_now(repo)]
    for path, text in steps:
        if text is None:
            (repo.path / path).unlink()
        else:
            repo.write(path, text)
        seen.append(_corpus_now(repo))
        kept = cache.read_bytes()
        cache.unlink()
        assert seen[-1] == _corpus_now(repo), path
        cache.write_bytes(kept)
    assert [c.bodies["70"] for c in seen] == [  # type: ignore[attr-defined]
        ["posts/s1.md", "posts/s2.md"],
        ["posts/s2.md", "posts/s3.md"],
        ["posts/s2.md", "posts/s3.md"],
        ["posts/s3.md", "posts/s4.md"],
        ["posts/s0.md", "posts/s3.md"],
        ["posts/s3.md", "posts/s4.md"],
        ["posts/s4.md", "posts/s5.md"],
    ]


def test_an_index_kept_with_no_nonce_is_written_whole_at_the_next_change(
    repo: Repo, rg: Run
) -> None:
    """An index an earlier release kept names no nonce, so no journal can follow it: the
    next change writes it whole (else every later change would be read from it again)."""
    _articles(repo)
    assert rg("check", "headline-numbers", "drafts/reply.md")[0] == 1
    index = repo.path / ".git/receipt-gate/corpus-headline-numbers.json"
    doc = decode(index.read_bytes())
    del doc["nonce"]
    index.write_text(json.dumps(doc))
    repo.write("posts/new.md", "# New 12\n\nBody 14.\n")
    assert rg("check", "headline-numbers", "drafts/reply.md")[0] == 1
    assert isinstance(decode(index.read_bytes()).get("nonce"), str)


def test_the_drafts_a_change_moves_are_found_the_same_in_forked_processes(
    repo: Repo, rg: Run, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The commit hook computes again the fingerprints of every draft HEAD's record keeps
    (40,000 on a large site), split over processes: a body that no longer holds a
    number judges again the drafts citing it, whichever worker computed them (only the
    drafts whose record names a number the change touched are computed again)."""
    from receipt_gate.invariant import verified

    repo.write(
        ".receipt-gate.yaml",
        'drafts: ["replies/*.md"]\nrequired: [headline-numbers]\n'
        'checks: {headline-numbers: {articles: ["posts/*.md"]}}\n',
    )
    repo.write("posts/drift.md", "---\ntitle: Drifted 76 hours\n---\nIt did.\n")
    repo.write("posts/log.md", "---\ntitle: The log\n---\nIt was 76 hours behind.\n")
    for i in range(9):
        repo.write(f"replies/r{i}.md", f"Reply {i}: it drifted {76 if i % 2 else i} hours.\n")
    repo.git("add", "-A")
    assert rg("pre-commit")[0] == 0
    repo.git("commit", "-qm", "first", "--no-verify")
    forks = _forking(monkeypatch, verified, "MOVED_PER_PROCESS")
    repo.write("posts/log.md", "---\ntitle: The log\n---\nIt was behind.\n")
    repo.git("add", "-A")
    rc, out, _ = rg("pre-commit")
    assert forks
    assert rc == 1 and "replies/r4.md" not in out, out
    assert all(f"replies/r{i}.md:1:" in out for i in (1, 3, 5, 7)), out


_SEGMENT = st.sampled_from(["posts", "a", "_posts", "_posts", "content", "index.md"])
_NAME = st.sampled_from(
    ["a.md", "A.md", "index.md", "README.md", "2024-01-02-a.md", "2024-01-02-a.md", "a.md.md"]
)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.lists(_SEGMENT, max_size=3), _NAME), min_size=2, max_size=6))
def test_a_changed_page_shares_an_address_exactly_where_its_keys_meet_another(
    pages: list[tuple[list[str], str]],
) -> None:
    """The index's update looks for pages sharing an address by their names first: the
    answer is the one every pair of pages' address keys gives."""
    from receipt_gate.rules.corpus import _address_keys, _sharing

    paths = list(dict.fromkeys("/".join([*folders, name]) for folders, name in pages))
    assume(len(paths) > 1)
    first, others = paths[0], paths[1:]
    want = any(_address_keys(first) & _address_keys(q) for q in others)
    assert _sharing([first], paths) == want


@pytest.mark.parametrize("kind", ["index", "commit"])
def test_globs_that_leave_folders_out_select_what_the_whole_listing_does(
    repo: Repo, kind: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A glob set that leaves a folder out whole (the receipts') lists the tree without
    it, not all of it, and selects the same paths as over the whole listing, whatever
    was listed before (a folder, a file beside it, a folder above it, one of its own)."""
    monkeypatch.setattr(gittree, "SMALL_INDEX", 0)  # (a small index is listed whole)
    files = [
        ".receipts/posts/a.md/ai-tells.json",
        ".receipts/hugo.toml",
        ".receipts0/hugo.toml",
        ".receipts.md",
        "a0/hugo.toml",
        "a/b/c/hugo.toml",
        "a/b/d.md",
        "a/bb/hugo.toml",
        "a/b0/_index.md",
        "a/b0/hugo.toml",
        "hugo.toml",
        "posts/_index.md",
        "posts/a.md",
        "themes/t/hugo.toml",
    ]
    for f in files:
        repo.write(f, "x\n")
    repo.commit_all()
    root = str(repo.path)

    def tree() -> IndexTree | CommitTree:
        return IndexTree(root) if kind == "index" else CommitTree(root, "HEAD")

    sets = [
        ["**/hugo.toml", "!.receipts/**"],
        ["**/_index.*", "!.receipts/**", "!themes/**"],
        ["**/hugo.toml", "!a/b/**", "!.receipts/**"],
        ["**/*.md", "!a/b/c/**"],
        ["**", "!a/**"],
    ]
    firsts: list[list[str]] = [[], ["a/b"], ["a"], [".receipts/posts"], ["hugo.toml"]]
    for globs in sets:
        want = wildmatch.select(globs, sorted(files))
        for first in firsts:
            t = tree()
            if first:
                t.entries_of(first)
            assert t.paths(globs) == want, (globs, first)
            if first != [".receipts/posts"] and "!.receipts/**" in globs:
                assert not any(p.startswith(".receipts/") for p in t.entries), (globs, first)
            assert t.paths(["**"]) == sorted(files)  # (then all of it, as listed)


_READ = st.sampled_from(["76", "7", '"76"', "76:", "a:b", "é", "x\ny", "", "x\\y", "]", "76,"])


@settings(max_examples=500, deadline=None)
@given(
    st.dictionaries(
        st.sampled_from(["a.md", "b.md", "c.md", "d.md"]),
        st.dictionaries(
            st.sampled_from(["headline-numbers", "registered-terms", "files"]),
            st.lists(_READ, max_size=4),
            max_size=3,
        ),
        max_size=4,
    ),
    st.sets(st.sampled_from(["headline-numbers", "registered-terms"])),
    st.dictionaries(
        st.sampled_from(["headline-numbers", "registered-terms"]),
        st.none() | st.frozensets(_READ, max_size=3),
    ),
)
def test_the_record_is_read_for_every_draft_a_change_may_have_moved(
    kept: dict[str, dict[str, list[str]]],
    same: set[str],
    touched: dict[str, frozenset[str] | None],
) -> None:
    """The commit hook reads a draft's entry of the record only where its text names a
    read the change touched (or a check with no list of them, or a quoted file): never
    one fewer than reading each entry would find (reads of any characters)."""
    from receipt_gate.invariant import verified

    checks = ["headline-numbers", "registered-terms"]
    reads = {
        d: verified.encode_reads(
            {c: (r if c == "files" else ["0" * 16, r]) for c, r in per.items()}
        )
        for d, per in kept.items()
    }
    fps = dict.fromkeys(checks)
    found = set(verified._may_have_moved(reads, same, touched, fps))  # type: ignore[arg-type]
    for d, per in kept.items():
        needs = "files" in per or any(
            c in per
            and c not in same
            and (touched.get(c) is None or not touched[c].isdisjoint(per[c]))  # type: ignore[union-attr]
            for c in checks
        )
        assert not needs or d in found, (d, per, same, touched)


def test_a_record_entry_in_another_spelling_is_no_record() -> None:
    """A review: the hook reads only entries whose text names what a change touched,
    searched in the one spelling the record writes; an entry in another (edited by
    hand, not JSON's object) makes the record unusable (every draft judged again), and
    one decoded in another spelling is judged again."""
    from receipt_gate.invariant import verified

    kept = verified.encode_reads({"headline-numbers": ["0" * 16, ["76"]]})
    assert verified._reads({"a.md": kept, "b.md": "{}"})
    assert not verified._reads({"a.md": kept, "b.md": "null"})
    assert not verified._reads({"a.md": '"garbage"'})
    assert verified.decode_reads(kept) == {"headline-numbers": ["0" * 16, ["76"]]}
    assert verified.decode_reads(kept.replace('":', '" :')) is None


_NAME = st.sampled_from(
    ["a", "A", "a-b", "a_b", "A B", "ab", "b", "index", "_index", "README", "x.fr", "é", "É", "_"]
)
_PAGE = st.builds(
    lambda folders, name, ext: "/".join([*folders, f"{name}.{ext}"]),
    st.lists(st.sampled_from(["posts", "Posts", "_posts", "content", "a", "x-y"]), max_size=3),
    _NAME,
    st.sampled_from(["md", "MD", "html", "org"]),
)


@settings(max_examples=400, deadline=None)
@given(st.lists(_PAGE, min_size=1, max_size=3), st.lists(_PAGE, max_size=12))
def test_sharing_is_whether_a_moved_page_shares_a_key_with_another(
    moved: list[str], paths: list[str]
) -> None:
    """The delta's test of addresses passes over most paths by their names (at 40,000
    pages it read every one): it answers as asking every path's keys does."""
    owners: dict[str, set[str]] = {}
    for p in moved:
        for k in corpus_module._address_keys(p):
            owners.setdefault(k, set()).add(p)
    every = dict.fromkeys([*moved, *paths])
    expected = any(owners.get(k, {q}) - {q} for q in every for k in corpus_module._address_keys(q))
    assert corpus_module._sharing(moved, paths) == expected


@pytest.mark.parametrize(
    "history",
    [
        ["root"],
        ["root", "config"],
        ["root", "other"],
        ["root", "baseline"],
        ["root", "baseline-gone"],
        ["root", "config", "merge"],
        ["root", "other", "merge"],
        ["root", "baseline-folder"],
    ],
)
def test_rule_files_head_changes_are_answered_as_diff_tree_answers(
    repo: Repo, history: list[str]
) -> None:
    """The commit hook asks whether HEAD changed the config or the baseline; HEAD's own
    git process answers for the files the last hook asked of (revs._head): whatever
    HEAD is, the answer is diff-tree's."""
    from receipt_gate.trees import revs

    root = str(repo.path)
    rules = [".receipt-gate.yaml", "meta/baseline.json"]
    for step in history:
        if step == "root":
            repo.write(".receipt-gate.yaml", "required: [ai-tells]\n")
            repo.write("meta/baseline.json", "{}\n")
        elif step == "config":
            repo.write(".receipt-gate.yaml", "required: [hook-length]\n")
        elif step == "other":
            repo.write("other.md", "x\n")
        elif step == "baseline":
            repo.write("meta/baseline.json", '{"a": 1}\n')
        elif step == "baseline-gone":
            (repo.path / "meta" / "baseline.json").unlink()
        elif step == "baseline-folder":
            (repo.path / "meta" / "baseline.json").unlink()
            repo.write("meta/baseline.json/inner", "x\n")
        if step == "merge":
            repo.git("checkout", "-q", "-b", "side", "HEAD~1")
            repo.write("side.md", "s\n")
            repo.git("add", "-A")
            repo.git("commit", "-q", "-m", "side")
            repo.git("checkout", "-q", "-")
            repo.git("merge", "-q", "--no-ff", "-m", "merge", "side")
            continue
        repo.git("add", "-A")
        repo.git("commit", "-q", "-m", step)
    revs._HEADS.clear()
    revs._RULE_BLOBS.clear()
    plain = revs.head_changes(root, rules)  # (diff-tree; the paths kept for the next)
    assert revs._rules_hint(root) == rules
    revs._HEADS.clear()
    assert revs.tree_of(root, "HEAD")  # (the hook's first question: rules asked too)
    assert (root in revs._RULE_BLOBS) == (history[-1] != "merge")  # (a merge: diff-tree)
    assert revs.head_changes(root, rules) == plain
    want = {"config": [".receipt-gate.yaml"], "baseline": ["meta/baseline.json"]}
    want |= {"baseline-gone": ["meta/baseline.json"]}
    want |= {"baseline-folder": ["meta/baseline.json", "meta/baseline.json/inner"]}
    want |= {"merge": [".receipt-gate.yaml"] if "config" in history else []}
    assert plain == want.get(history[-1], [])


def test_the_statuses_cache_answers_as_the_front_matter_does(
    repo: Repo, rg: Run, monkeypatch: pytest.MonkeyPatch
) -> None:
    """verify reads a draft's status from the cache of the bytes' last reading (a big
    drafts folder's front matter parsed once): the same answers as reading each one,
    whatever the cache holds (a status the states no longer list, a damaged file)."""
    monkeypatch.setattr(verify, "STATUSES_FROM", 0)
    repo.write(".receipt-gate.yaml", CONFIG)
    repo.write("drafts/a.md", GOOD_DRAFT)
    repo.write("drafts/b.md", "---\nstatus: idea\n---\n" + GOOD_DRAFT)
    repo.write("drafts/c.md", "---\nstatus: publish\n---\n" + GOOD_DRAFT)
    assert rg("run")[0] == 2  # (c's status is no state: named)
    cache_file = repo.path / ".git" / "receipt-gate" / "statuses-1.json"
    first = rg("verify")
    kept = decode(cache_file.read_bytes())
    assert sorted(kept.values()) == ["idea", "ready"]  # (c's is bad input: never kept)
    read: list[str] = []
    plain_gating = verify.gating
    monkeypatch.setattr(verify, "gating", lambda *a: read.append(a[1]) or plain_gating(*a))
    assert rg("verify") == first  # (from the cache: only c's, never kept, read again)
    assert read == ["drafts/c.md"], read
    # A status the config's states no longer list: read again, and refused as before.
    repo.write(
        ".receipt-gate.yaml", CONFIG + "states: [draft, review, published]\ngate_from: review\n"
    )
    monkeypatch.setattr(verify, "STATUSES_FROM", 10**9)
    plain = rg("verify")
    monkeypatch.setattr(verify, "STATUSES_FROM", 0)
    assert rg("verify") == plain and "status 'idea'" in plain[2]
    for damaged in ("{", "[]", '{"x": 1}'):
        cache_file.write_text(damaged)
        assert rg("verify") == plain


@pytest.mark.parametrize(
    "name", ["sup\tport", "sup\x01port", "sup\x7fport", "Sup-Port", "sup²port"]
)
def test_the_address_prefilter_keeps_every_name_that_cleans_alike(name: str) -> None:
    """Review: the address test's prefilter took ASCII punctuation out of names but not
    control characters, which the keys drop: a name that cleans to another's was passed
    over. Every name _word cleans alike is kept."""
    assert corpus_module._word(name) == "support"
    assert corpus_module._sharing(["content/support.md"], [f"content/{name}.md"])


def test_a_cache_reads_back_what_its_json_reads_back_as(tmp_path: Path) -> None:
    """Caches are kept as marshal (read three times faster than JSON on a site's index),
    of what the document's JSON text reads back as: tuples come back as lists and keys
    as strings, exactly as from the JSON files kept before, which are read (and kept
    as marshal from then on); a file
    cut short, or holding what JSON cannot, is absent, never a traceback."""
    from receipt_gate.trees import cache

    file = str(tmp_path / "x.json")
    doc = {"a": (1, [2, (3,)]), 5: "five", "n": None, "f": 1.5, "s": "\u00e9\x00"}
    assert cache.write(file, doc)
    assert Path(file).read_bytes().startswith(cache.MAGIC)
    back = cache.read(file, lambda d: True)
    assert (
        back
        == json.loads(json.dumps(doc))
        == {
            "a": [1, [2, [3]]],
            "5": "five",
            "n": None,
            "f": 1.5,
            "s": "\u00e9\x00",
        }
    )
    Path(file).write_text(json.dumps({"kept": ["before"]}))  # an earlier release's
    assert cache.read(file, lambda d: True) == {"kept": ["before"]}
    assert Path(file).read_bytes().startswith(cache.MAGIC)  # (kept as marshal from then on)
    assert cache.read(file, lambda d: True) == {"kept": ["before"]}
    data = cache.encode({"big": list(range(1000))})
    # (round 56: a tuple said to hold 2**31 - 1 items never reaches marshal: its CRC)
    huge = b"\xa9" + (2**31 - 1).to_bytes(4, "little")
    for broken in (
        data[: len(data) // 2],
        data[:-1],
        cache.MAGIC,
        cache.MAGIC + b"\xff" * 9,
        cache.MAGIC + b"\0\0\0\0" + huge,
        data[:-1] + bytes([data[-1] ^ 1]),
    ):
        Path(file).write_bytes(broken)
        assert cache.read(file, lambda d: True) is None
    assert not cache.write(file, {"when": {1, 2}})  # (a set: JSON holds none)
    assert cache.read(file, lambda d: True) is None


def test_paths_within_folders_are_what_a_scan_of_every_path_finds() -> None:
    """gittree._within takes each folder's range of the sorted listing (and sorts only
    when two folders are asked): against a plain test of every path, on folders nested,
    alike in prefix (`a`, `a-b`, `a.b`) and named as files."""
    rng = random.Random(38)
    names = ["a", "a-b", "a.b", "a/c", "a/c/d", "b", "ab", "a0", "c"]
    for _ in range(300):
        paths = sorted(
            {"/".join(rng.choice(names) for _ in range(rng.randint(1, 3))) for _ in range(40)}
        )
        folders = rng.sample(names, rng.randint(1, 4))
        want = [p for p in paths if any(p == f or p.startswith(f + "/") for f in folders)]
        assert gittree._within(paths, folders) == want, (paths, folders)


def _kept_patterns() -> list[tuple[str, int]]:
    """Every deferred pattern of the package that is kept (gate.base.lazyre): all but
    those made anew in each process."""
    import importlib
    import pkgutil

    import receipt_gate
    import receipt_gate_hooks
    from receipt_gate.base import lazyre

    found: dict[tuple[str, int], None] = {}
    for package in (receipt_gate, receipt_gate_hooks):
        for info in pkgutil.walk_packages(package.__path__, f"{package.__name__}."):
            if info.name.endswith("__main__"):
                continue
            module = importlib.import_module(info.name)
            for value in vars(module).values():
                if isinstance(value, lazyre._Later) and value._keep:
                    found[value._source, value._flags] = None
    return list(found)


def test_a_kept_pattern_is_the_pattern_re_compiles(tmp_path: Path) -> None:
    """Each long pattern, compiled once and kept, then built from the cache file in a
    fresh state, equals what re.compile makes of it (a Pattern's equality compares its
    program), and finds what it finds."""
    from functools import partial

    from receipt_gate.base import lazyre
    from receipt_gate.trees import cache

    patterns = _kept_patterns()
    assert len(patterns) >= 400  # (the number grammar's among them)
    file = str(tmp_path / "patterns.json")
    keep = (lambda: cache.read(file, lambda d: True), partial(cache.write, file))
    try:
        lazyre.keep_in(*keep)
        for source, flags in patterns:
            assert lazyre._compiled(source, flags) == re.compile(source, flags)
        lazyre.save()
        assert os.path.exists(file)
        lazyre.keep_in(*keep)  # (as the next process finds it)
        kept = lazyre._loaded()
        assert len(kept) == min(len(patterns), lazyre._MOST)
        for source, flags in patterns:
            built = lazyre._compiled(source, flags)
            assert (
                built == re.compile(source, flags)
                and built.groupindex == re.compile(source, flags).groupindex
            )
        rx = lazyre._compiled(numerals._WRITTEN_OTHERWISE._source, re.VERBOSE)
        assert rx.search("We logged 10\u2076 events.") is not None
    finally:
        lazyre.keep_in(None, lambda d: None)


def test_every_kept_pattern_is_the_same_in_every_process() -> None:
    """A pattern joined from a set's items in its iteration order differs with the hash
    seed: each process would find it missing from the cache, keep it anew and write the
    whole cache again (Hugo's text keepers did, on every commit)."""
    listing = (
        "import hashlib, sys; sys.path.insert(0, 'tests');"
        "from test_fast_paths import _kept_patterns;"
        "print(hashlib.sha256(repr(sorted(_kept_patterns())).encode()).hexdigest())"
    )
    seen = {
        subprocess.run(
            [sys.executable, "-c", listing],
            cwd=Path(__file__).parent.parent,
            env={**os.environ, "PYTHONHASHSEED": seed},
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        for seed in ("1", "2", "3")
    }
    assert len(seen) == 1


def test_a_pattern_made_anew_in_each_process_is_not_kept(tmp_path: Path) -> None:
    """The colour mark's pattern holds a nonce drawn per process: kept, it would be
    found by no later process, and each would write the whole cache again."""
    from functools import partial

    from receipt_gate.base import lazyre
    from receipt_gate.report import output
    from receipt_gate.trees import cache

    assert output._PAINT._keep is False  # type: ignore[attr-defined]
    file = str(tmp_path / "patterns.json")
    try:
        lazyre.keep_in(lambda: cache.read(file, lambda d: True), partial(cache.write, file))
        once = lazyre.compile(f"\0{os.urandom(8).hex()}(1)\0", keep=False)
        kept = lazyre.compile(f"\0{os.urandom(8).hex()}(2)\0")
        assert once.split("a\0b") == kept.split("a\0b") == ["a\0b"]
        lazyre.save()
        sources = [k.split(":", 1)[1] for k in cache.read(file, lambda d: True)["kept"]]
        assert sources == [kept.pattern]
    finally:
        lazyre.keep_in(None, lambda d: None)


def test_a_cache_of_patterns_for_another_interpreter_or_damaged_is_not_read(
    tmp_path: Path,
) -> None:
    from receipt_gate.base import lazyre
    from receipt_gate.trees import cache

    source, flags = _kept_patterns()[0]
    key = f"{flags}:{source}"
    wrong = re.compile("x")
    forged = [0, [1, 0], 0, {}]  # (a program that is not the pattern's)
    file = str(tmp_path / "patterns.json")
    keep = (lambda: cache.read(file, lambda d: True), lambda d: None)
    try:
        cache.write(file, {"stamp": "Python 2.7", "kept": {key: forged}})
        lazyre.keep_in(*keep)
        assert lazyre._compiled(source, flags) == re.compile(source, flags) != wrong
        for bad in (
            "abcd",
            [0, [2**70], 0, {}],
            [0, [999], 0, {}],
            7,
            [0, [1], 1, []],
            [0, [1], 1, {"a": 7}],
            [0, [1], 10**12, {}],
            [0, [1], -5, {}],
        ):  # (no program, or one of another shape: the review)
            cache.write(file, {"stamp": lazyre._stamp(), "kept": {key: bad}})
            lazyre.keep_in(*keep)
            assert lazyre._compiled(source, flags) == re.compile(source, flags)
        Path(file).write_bytes(Path(file).read_bytes()[:-3])  # (cut short)
        lazyre.keep_in(*keep)
        assert lazyre._loaded() == {}
        assert lazyre._compiled(source, flags) == re.compile(source, flags)
    finally:
        lazyre.keep_in(None, lambda d: None)


_CONFIG_TOKENS = st.sampled_from(
    ["theme", "my_theme", "x-include", "sources", "key", "Source", "a", "blog", "title",
     ":", "=", " ", "\n", '"', "'", ".", ",", "}", "]", "-", "_", "*", "\\u0074", "?", "[", "#",
     "\u017fource", "\u212aey", "th\u0130me", "\u00df", "THEME", "sOuRcE"]
)  # fmt: skip


@settings(max_examples=400, deadline=None)
@given(st.lists(_CONFIG_TOKENS, max_size=30).map("".join))
@example("a.theme: x")
@example('"contentDir" = "x"')
@example("theme_x")
def test_the_one_search_for_a_settings_key_agrees_with_reading_each_token(text: str) -> None:
    """Round 90 r02: whether a config names a setting asked about is one search, not one
    per token (3.5 s on a config of 60,000 keys)."""
    from receipt_gate.reading import siteconfig

    assert siteconfig._worth(text) == siteconfig._worth_by_tokens(text)
