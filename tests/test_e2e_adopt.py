"""A green first commit on real content, through the real pre-commit: `init` and `adopt`
on copies of the Jekyll and Hugo corpora laid out as their sites lay them out, and on
layouts init has no name for; then a new post with a finding is refused."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from receipt_gate.base import wildmatch
from receipt_gate.rules.config import load
from tests.conftest import CORPORA, TELLS, Repo, Run
from tests.test_adopt import copy_corpus
from tests.test_e2e_pre_commit import commit, gate_lines

pytestmark = pytest.mark.e2e
BAD = "---\ntitle: New\n---\n" + TELLS + ", we set `A_SETTING_NOBODY_REGISTERED`.\n"


def _mkdocs(dest: Path) -> None:
    if not CORPORA.is_dir():
        pytest.skip(f"no corpora at {CORPORA}")
    src = CORPORA / "hugo-docs" / "content" / "en" / "getting-started"
    shutil.copytree(src, dest / "docs", dirs_exist_ok=True)
    (dest / "mkdocs.yml").write_text("site_name: Docs\n")


def _astro(dest: Path) -> None:
    if not CORPORA.is_dir():
        pytest.skip(f"no corpora at {CORPORA}")
    blog = dest / "src" / "content" / "blog"
    blog.mkdir(parents=True)
    for i, p in enumerate(sorted((CORPORA / "jekyll" / "docs" / "_posts").iterdir())[:30]):
        text = p.read_text()
        if i == 0:
            text = text.replace("---\n", "---\ndraft: true\n", 1)
        (blog / (p.stem + ".md")).write_text(text)
    (dest / "astro.config.mjs").write_text("export default {}\n")


def _til(dest: Path) -> None:
    if not CORPORA.is_dir():
        pytest.skip(f"no corpora at {CORPORA}")
    for i, p in enumerate(sorted((CORPORA / "jekyll" / "docs" / "_docs").rglob("*.md"))[:40]):
        folder = dest / ("git", "ruby", "sql")[i % 3]
        folder.mkdir(exist_ok=True)
        shutil.copy(p, folder / p.name)
    assert len(list(dest.rglob("*.md"))) == 40
    (dest / "README.md").write_text("# TIL\n\nThings I learned.\n")


LAYOUTS = {
    "jekyll": (lambda d: copy_corpus("jekyll", d), "a Jekyll site"),
    "hugo": (lambda d: copy_corpus("hugo", d), "a Hugo site"),
    "mkdocs": (_mkdocs, "an MkDocs site"),
    "astro": (_astro, "an Astro site"),
    "til": (_til, "markdown across the repository"),
}


@pytest.mark.parametrize("layout", list(LAYOUTS))
def test_init_and_adopt_give_a_green_first_commit(
    repo: Repo,
    rg: Run,
    pre_commit_home: str,
    monkeypatch: pytest.MonkeyPatch,
    layout: str,
) -> None:
    make, name = LAYOUTS[layout]
    make(repo.path)
    monkeypatch.setenv("PRE_COMMIT_HOME", pre_commit_home)
    monkeypatch.setenv("PATH", f"{os.path.dirname(sys.executable)}{os.pathsep}{os.environ['PATH']}")
    rc, out, _ = rg("init")
    assert rc == 0 and f"wrote .receipt-gate.yaml: {name}," in out
    rc, out, _ = rg("adopt", "--baseline")
    assert rc == 0, out
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pre_commit",
            "install",
            "--hook-type",
            "pre-commit",
            "--hook-type",
            "pre-push",
        ],
        cwd=repo.path,
        check=True,
        capture_output=True,
    )
    repo.git("add", "-A")
    rc, out = commit(repo, "adopt receipt-gate")
    assert rc == 0, out
    assert [line.rsplit(".", 1)[-1] for line in gate_lines(out)] == ["Passed"]
    # The gate holds from here: a new post with findings is refused, and named.
    drafts = json.loads(rg("status", "--format", "json")[1])["drafts"]
    gated = next(d["draft"] for d in drafts if d["gated"])
    new = f"{gated.rsplit('/', 1)[0]}/zz-new{os.path.splitext(gated)[1]}"
    assert wildmatch.match(load(repo.read(".receipt-gate.yaml").encode()).drafts, new)
    repo.write(new, BAD)
    repo.git("add", "-A")
    rc, out = commit(repo, "new post")
    assert rc == 1
    assert f"{new}:4:1: ai-tells: AI tells weigh" in out
    assert "A_SETTING_NOBODY_REGISTERED" in out
