"""One post costs one post: on a site laid out as `init` lays out Hugo, through the real
pre-commit, a new post rewrites its own receipts, a refused commit changes nothing it
does not carry, and a refusal at scale reads at a glance. (benchmarks/run.py measures
the same on 2,000 posts.)"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import TELLS, Repo, Run
from tests.test_e2e_pre_commit import install

pytestmark = pytest.mark.e2e
POSTS = 60
WORDS = (
    "the queue drifted hours behind reality label check receipt gate draft agent"
    " measured ran and of to in that it with as for was on are"
).split()


def _post(rng: random.Random, i: int, number: int) -> str:
    body = " ".join(rng.choice(WORDS) for _ in range(40)).capitalize()
    return f'---\ntitle: "Post {i}: {number} hours"\n---\nIt took {number} hours.\n\n{body}.\n'


@pytest.fixture
def site(
    repo: Repo,
    rg: Run,
    hook_repo: tuple[str, str],
    pre_commit_home: str,
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> Repo:
    monkeypatch.setenv("PRE_COMMIT_HOME", pre_commit_home)
    rng = random.Random(5)
    repo.write("hugo.toml", 'baseURL = "http://example.org/"\n')
    for i in range(POSTS):
        repo.write(f"content/posts/p{i:03d}.md", _post(rng, i, 100 + i))
    assert rg("init")[0] == 0
    install(repo, hook_repo)
    remote = tmp_path / "remote.git"
    subprocess.run(["git", "init", "-q", "--bare", str(remote)], check=True)
    repo.git("remote", "add", "origin", str(remote))
    subprocess.run(
        [sys.executable, "-m", "pre_commit", "install", "--hook-type", "pre-push"],
        cwd=repo.path,
        check=True,
        capture_output=True,
    )
    repo.git("add", "-A")
    proc = repo.git("commit", "-qm", "adopt", check=False)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert repo.git("push", "-q", "origin", "main", check=False).returncode == 0
    return repo


def _receipts_in(repo: Repo, rev: str = "HEAD") -> list[str]:
    out = repo.git("show", "--name-only", "--format=", rev).stdout.split()
    return [p for p in out if p.startswith(".receipts/")]


def test_a_new_post_with_a_fresh_title_number_changes_only_its_own_receipts(site: Repo) -> None:
    site.write("content/posts/new.md", "---\ntitle: A 4141-hour week\n---\nIt was long.\n")
    site.git("add", "-A")
    proc = site.git("commit", "-qm", "new post", check=False)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    changed = _receipts_in(site)
    assert changed and all(p.startswith(".receipts/content/posts/new.md/") for p in changed)
    assert len(changed) <= 8


def test_a_refused_commit_changes_nothing_it_does_not_carry(site: Repo) -> None:
    site.write("content/posts/bad.md", "---\ntitle: Bad\n---\n" + TELLS + ".\n")
    site.git("add", "-A")
    proc = site.git("commit", "-qm", "bad", check=False)
    assert proc.returncode == 1
    assert site.git("diff", "--cached", "--name-only").stdout == "content/posts/bad.md\n"
    site.git("reset", "-q", "--hard")
    assert site.git("status", "--porcelain").stdout == ""
    # Fixed, the commit carries no receipt that differs from the last only in ran_at.
    site.write("content/posts/bad.md", "---\ntitle: Better\n---\nIt works.\n")
    site.git("add", "-A")
    proc = site.git("commit", "-qm", "fixed", check=False)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    for path in _receipts_in(site):
        before = site.git("show", f"HEAD~1:{path}", check=False)
        if before.returncode:
            continue  # a new receipt
        old, new = json.loads(before.stdout), json.loads(site.git("show", f"HEAD:{path}").stdout)
        assert {k for k in new if new[k] != old.get(k)} - {"ran_at", "tool"}, path


def _refused_push(site: Repo, message: str) -> str:
    """Commit everything unchecked and push: refused, in under 40 lines."""
    site.git("add", "-A")
    site.git("commit", "-qm", message, "--no-verify")
    proc = site.git("push", "origin", "main", check=False)
    out = proc.stdout + proc.stderr
    assert proc.returncode != 0
    assert len([ln for ln in out.splitlines() if ln.strip()]) < 40, out
    return out


def test_a_refused_push_among_a_bulk_edit_reads_at_a_glance(site: Repo, rg: Run) -> None:
    """Every post is edited after its checks ran (a bulk edit, committed unchecked), and
    one post's fresh checks fail: the push names that post and its finding, and the
    many stale receipts in a few lines, not one line each."""
    for i in range(POSTS):
        path = f"content/posts/p{i:03d}.md"
        site.write(path, site.read(path).replace("It took", "In the end it took"))
    site.write("content/posts/p000.md", site.read("content/posts/p000.md") + "\n" + TELLS + ".\n")
    assert rg("run", "content/posts/p000.md")[0] == 1
    out = _refused_push(site, "a bulk edit, unchecked")
    assert "content/posts/p000.md" in out and "in conclusion" in out.lower(), out
    assert "stale: the draft changed after" in out, out
    assert "for the same cause" in out, out


def test_a_refused_push_among_a_corpus_change_names_the_post_and_the_cause(site: Repo) -> None:
    """A new page cites every post's number (so what each post's headline-numbers verdict
    read changed) and lands unchecked; one post is edited after its checks: the push names
    that post, and the many stale receipts in one line that says why."""
    numbers = ", ".join(str(100 + i) for i in range(POSTS))
    site.write("content/posts/numbers.md", f"---\ntitle: Numbers\n---\nWe saw {numbers}.\n")
    site.write("content/posts/p000.md", site.read("content/posts/p000.md") + "\nEdited.\n")
    out = _refused_push(site, "a corpus change and an edit, unchecked")
    assert "content/posts/p000.md" in out and "the draft changed after" in out, out
    assert "content/posts/numbers.md (added)" in out, out
    assert "receipt-gate run --check headline-numbers refreshes them" in out, out
    assert "for the same cause" in out, out


def test_a_commit_that_changes_what_others_read_refreshes_them_and_only_them(site: Repo) -> None:
    site.write("content/posts/numbers.md", "---\ntitle: Numbers\n---\nWe saw 100 and 101.\n")
    site.git("add", "-A")
    proc = site.git("commit", "-qm", "numbers", check=False)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    others = {p.split("/")[3] for p in _receipts_in(site)} - {"numbers.md"}
    assert others == {"p000.md", "p001.md"}
    assert site.git("status", "--porcelain").stdout == ""
