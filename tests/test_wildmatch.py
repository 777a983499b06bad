from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from receipt_gate.base.wildmatch import compile_globs, match, select, view
from tests.conftest import Repo

PATHS = [
    "a.md",
    "drafts/a.md",
    "drafts/x/y/a.md",
    "drafts/a.txt",
    "drafts/.hidden.md",
    "other/drafts/a.md",
    "posts/2026/x.md",
    "posts/b1.md",
    "posts/bb.md",
    "posts/[x].md",
    "deep/a/b/c/d.md",
]


@pytest.mark.parametrize(
    ("pattern", "path", "expected"),
    [
        pytest.param("drafts/**/*.md", "drafts/a.md", True, id="double-star-zero-folders"),
        pytest.param("drafts/**/*.md", "drafts/x/y/a.md", True, id="double-star-many-folders"),
        pytest.param("drafts/*.md", "drafts/x/a.md", False, id="star-stops-at-slash"),
        pytest.param("drafts/**/*.md", "drafts/a.txt", False, id="extension"),
        pytest.param("drafts/*.md", "drafts/.hidden.md", True, id="star-matches-leading-dot"),
        pytest.param("**/*.md", "a.md", True, id="leading-double-star-zero"),
        pytest.param("**/a.md", "other/drafts/a.md", True, id="leading-double-star-many"),
        pytest.param("drafts/**", "drafts/x/y/a.md", True, id="trailing-double-star"),
        pytest.param("posts/b?.md", "posts/b1.md", True, id="question-mark"),
        pytest.param("posts/b[0-9].md", "posts/bb.md", False, id="range"),
        pytest.param("posts/b[!0-9].md", "posts/bb.md", True, id="negated-range"),
        pytest.param("posts/\\[x].md", "posts/[x].md", True, id="escaped-bracket"),
        pytest.param("a*.md", "drafts/a.md", False, id="anchored-to-full-path"),
    ],
)
def test_match(pattern: str, path: str, expected: bool) -> None:
    assert match([pattern], path) is expected


@pytest.mark.parametrize(
    "pattern",
    [
        "drafts/**/*.md",
        "**/*.md",
        "drafts/*.md",
        "posts/**",
        "posts/b[!0-9].md",
        "**/a.md",
        "deep/**/d.md",
        "*/a.md",
        "posts/?1.md",
        "de*/**/c/*",
    ],
)
def test_agrees_with_git(repo: Repo, pattern: str) -> None:
    for p in PATHS:
        repo.write(p, "x\n")
    repo.git("add", "-A")
    by_git = set(repo.git("ls-files", "-z", "--", f":(glob){pattern}").stdout.split("\0")) - {""}
    assert {p for p in PATHS if match([pattern], p)} == by_git


# --- git's own answers: t3070, and git ls-files on generated paths ----------------------

T3070 = Path(__file__).parent / "data" / "t3070-wildmatch.txt"


def _t3070() -> list[tuple[bool, str, str]]:
    """(wildmatch's answer with WM_PATHNAME, text, pattern) for each `match` line."""
    import shlex

    text = T3070.read_text().replace("\\\n", " ")
    out = []
    for line in text.splitlines():
        if line.startswith("match "):
            words = shlex.split(line)[1:]
            out.append((words[0] == "1", words[-2], words[-1]))
    return out


def test_the_t3070_table_is_all_there() -> None:
    cases = _t3070()
    assert len(cases) == 189 and sum(expected for expected, _, _ in cases) == 108


@pytest.mark.parametrize(("expected", "text", "pattern"), _t3070())
def test_t3070(expected: bool, text: str, pattern: str) -> None:
    """git's wildmatch table (t/t3070-wildmatch.sh), the first column: what every glob
    in a config means. Malformed patterns match nothing, as in git, and never raise."""
    assert match([pattern], text) is expected
    assert select([pattern], [text]) == ([text] if expected else [])


@pytest.mark.parametrize(
    ("pattern", "text"),
    [
        ("*a" * 8, "a" * 60 + "b"),  # exponential for a backtracking translation
        ("*a*a*a*a*a*a*a*a*a*a*a*a", "a" * 200 + "b"),
        ("**/" * 12 + "x", "a/" * 60 + "y"),
        ("**/a*/" * 8 + "b", "a/" * 60 + "c"),  # git itself takes a minute over this one
        ("[" * 50 + "a", "a"),
        ("[z-a]*[[:nope:]]", "z"),
    ],
)
def test_hostile_globs_are_answered_and_raise_nothing(pattern: str, text: str) -> None:
    """Answered at once (the benchmark times them); a reversed range or an unknown class
    is no error: git matches nothing with it, or only what it names."""
    assert match([pattern], text) is False
    assert match([pattern], text + "/") is False


def test_bytes_not_code_points() -> None:
    """git matches the path's UTF-8 bytes: `?` is one byte, and é is two."""
    assert not match(["?.md"], "é.md") and match(["??.md"], "é.md")
    assert match(["[!a].md"], "é.md") is False  # two bytes, the class matches one
    assert match(["*.md"], "é.md")


def test_agrees_with_git_ls_files_on_generated_globs(repo: Repo) -> None:
    """A differential test: 400 random globs over 150 random paths, our answer against
    `git ls-files -- ':(glob)…'`. Two known differences of pathspecs from wildmatch are
    left out: a glob equal to a path (a pathspec then matches it literally) and a first
    wildcard that is `**` inside a segment (pathspecs match it after cutting the literal
    prefix, so it reads as a leading `**`)."""
    import random

    rng = random.Random(3070)
    parts = ["a", "b", "ab", "ba", "a-b", "é", "x.md", "[a]", "a]b", "-"]
    paths = sorted(
        {"/".join(rng.choice(parts) for _ in range(rng.randint(1, 3))) for _ in range(150)}
    )
    for p in paths:
        if any(p.startswith(q + "/") for q in paths):
            continue
        repo.write(p, "x\n")
    repo.git("add", "-A")
    listed = set(repo.git("ls-files", "-z").stdout.split("\0")) - {""}
    alphabet = [
        "a",
        "b",
        "/",
        "*",
        "**",
        "?",
        "[",
        "]",
        "!",
        "^",
        "-",
        "\\",
        "[:alpha:]",
        "[:punct:]",
        ".md",
        "é",
    ]
    compared = 0
    for _ in range(400):
        pattern = "".join(rng.choice(alphabet) for _ in range(rng.randint(1, 6)))
        first = next((i for i, c in enumerate(pattern) if c in "*?[\\"), None)
        quirk = (
            first is not None
            and pattern.startswith("**", first)
            and first > 0
            and pattern[first - 1] != "/"
        )
        if pattern in listed or quirk or pattern.startswith("!") or pattern.endswith("/"):
            continue
        got = repo.git("ls-files", "-z", "--", f":(glob){pattern}", check=False)
        if got.returncode != 0:
            continue
        by_git = set(got.stdout.split("\0")) - {""}
        assert {p for p in listed if match([pattern], p)} == by_git, pattern
        # select filters by a glob's literal ends before its regex: the same answer
        assert set(select([pattern], sorted(listed))) == by_git, pattern
        compared += 1
    assert compared > 250


@pytest.mark.parametrize(
    "patterns",
    [
        ["**/*.json", "!.receipts/**"],
        ["*.toml", "config/**/*.json", "*/config/**/*.json", "!.receipts/**", "!vendor/**"],
        ["content/posts/new1.md"],
        ["**/hugo.*", "**/_config*.yml", "Makefile"],
        ["**/_layouts/**", "x*/config/**", "!.receipts/**"],  # (by a folder they name)
    ],
)
def test_select_filters_first_and_agrees_with_match(patterns: list[str]) -> None:
    """select passes over paths by a glob's depth, literal start, end, name or folder,
    and a folder left out whole, before the regex: the same answer as matching each
    path."""
    paths = [
        ".receipts/a.md/ai-tells.json",
        ".receipts/config/x/a.json",
        "a.json",
        "x/config/y/z.json",
        "config/a/b.json",
        "config.toml",
        "content/posts/new1.md",
        "content/posts/new2.md",
        "site/hugo.toml",
        "_config.dev.yml",
        "Makefile",
        "vendor/x.toml",
        "_layouts/post.html",
        "site/_layouts/a/b.html",
        "site/_layoutsx/b.html",
        "x_layouts/b.html",
    ]
    assert select(patterns, paths) == [p for p in paths if _regex(patterns, p)]


_SHAPED = [
    "**",
    "a/**",
    "a/b/**",
    "a/x.md",
    "x.md",
    "**/x.md",
    "**/*.md",
    "**/*.[mM][dD]",
    "**/*[mM]",
    "*.md",
    "*",
    "*.[mM][dD]",
    "a/**/*",
    "a/**/*.md",
    "a/**/*.[mM][dD]",
    "a/b/**/*.[hH][tT][mM][lL]",
    "é/**/*.md",
    "**/*.é",
    "a/**/*.[mM]d",  # (mixed: read by its regex)
    "**/*.[mx][MX]",  # (not a pair of cases)
    "**/[xX].md",
    "a/**/b/**",  # (a folder at any depth: string tests too)
    "**/b/**",
    "**/a/b/**",
    "*/x.md",  # (and globs of other shapes beside them, read by their regex)
    "a/*/x.md",
    "**/a/**/*.md",
    "?.md",
    "a/**/b",
]
_PATH = st.lists(
    st.sampled_from(["a", "b", "x.md", "X.MD", "x.Md", "é", "y.é", ".md", "md", "m", "x.html"]),
    min_size=1,
    max_size=4,
).map("/".join)


@settings(max_examples=1000, deadline=None)
@given(
    st.lists(st.sampled_from(_SHAPED), min_size=1, max_size=3),
    st.lists(st.sampled_from(_SHAPED), max_size=2),
    st.lists(_PATH, max_size=12),
)
def test_shaped_globs_select_what_their_regex_matches(
    take: list[str], drop: list[str], paths: list[str]
) -> None:
    """A set of globs of plain shapes (a literal folder, `**/*.[mM][dD]`) is matched by
    string tests, and the others beside them by their regex on what string tests let
    through: the same paths, in the same order, as each glob's regex."""
    patterns = [*take, *(f"!{d}" for d in drop)]
    assert select(patterns, paths) == [p for p in paths if _regex(patterns, p)], patterns
    # match() asks select() of its first paths, then the set's regex: the same answer
    for _ in range(2):
        assert [p for p in paths if match(patterns, p)] == [p for p in paths if _regex(patterns, p)]


def _regex(patterns: list[str], path: str) -> bool:
    """The set's one regex (wildmatch.compile_globs), as a reference."""
    return compile_globs(tuple(patterns)).fullmatch(view(path)) is not None
