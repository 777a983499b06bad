from __future__ import annotations

import pytest

from receipt_gate.base.wildmatch import match
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
