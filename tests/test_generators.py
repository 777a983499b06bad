"""The site generators themselves are the oracle: every page Jekyll, Hugo or MkDocs
publishes from a site laid out by `receipt-gate init` is a page the gate holds, whatever
its status: says and however its front matter or folder tries to look unpublished.

Each source page carries a unique word; a page is published when its word is in the
generator's output. Skipped where the generator is not installed (.ci/run installs
Jekyll and Hugo from the Debian packages, MkDocs from the test extras).
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import Repo, Run


def _published(out: Path, words: dict[str, str]) -> set[str]:
    text = "\n".join(p.read_text(errors="replace") for p in out.rglob("*.html"))
    return {path for path, word in words.items() if word in text}


def _gated(rg: Run) -> set[str]:
    import json

    rc, out, err = rg("status", "--all", "--format", "json")
    assert rc in (0, 1), err
    doc = json.loads(out)
    return {d["draft"] for d in doc["drafts"] if d["gated"]}


def _site(repo: Repo, pages: dict[str, str]) -> dict[str, str]:
    words = {}
    for i, (path, head) in enumerate(pages.items()):
        word = f"uniqueword{i:03d}x"
        words[path] = word
        repo.write(path, f"{head}Body with {word} in it.\n")
    return words


def _check(repo: Repo, rg: Run, words: dict[str, str], out: Path) -> None:
    published = _published(out, words)
    assert published, "the generator published nothing: the test reads its output wrong"
    missed = published - _gated(rg)
    assert missed == set(), f"published but not gated: {sorted(missed)}"


@pytest.mark.skipif(shutil.which("jekyll") is None, reason="jekyll is not installed")
def test_every_page_jekyll_publishes_is_gated(repo: Repo, rg: Run) -> None:
    words = _site(repo, {
        "_posts/2020-01-01-a.md": "---\ntitle: a\n---\n",
        "_posts/2020-01-02-b.md": "---\ntitle: b\nstatus: drafted\n---\n",
        "_posts/sub/_drafts/2020-01-03-c.md": "---\ntitle: c\n---\n",
        "_posts/2020-01-04-d.md": '+++\ntitle = "d"\npublished = false\n+++\n',
        "_posts/2020-01-05-e.md": "---\ntitle: e\npublished: false\n---\n",
        "_posts/2020-01-06-f.md": '---\ntitle: f\npublished: "false"\n---\n',
        "_drafts/2020-01-07-g.md": "---\ntitle: g\n---\n",
        "cat/_posts/2020-01-08-h.md": "---\ntitle: h\nstatus: idea\n---\n",
        "cat/_drafts/2020-01-09-i.md": "---\ntitle: i\n---\n",
    })
    assert rg("init")[0] == 0
    subprocess.run(["jekyll", "build", "-q", "-s", str(repo.path), "-d",
                    str(repo.path / "_site")], check=True, capture_output=True)
    _check(repo, rg, words, repo.path / "_site")


@pytest.mark.skipif(shutil.which("hugo") is None, reason="hugo is not installed")
def test_every_page_hugo_publishes_is_gated(repo: Repo, rg: Run) -> None:
    repo.write("hugo.toml", 'baseURL = "http://example.org/"\ntitle = "t"\n')
    repo.write("layouts/_default/single.html", "{{ .Title }} {{ .Content }}")
    repo.write("layouts/_default/list.html", "{{ .Title }} {{ .Content }}")
    words = _site(repo, {
        "content/posts/a.md": "---\ntitle: a\n---\n",
        "content/posts/b.md": "---\ntitle: b\nstatus: drafted\n---\n",
        "content/posts/c.md": "---\ntitle: c\ndraft: true\n---\n",
        "content/posts/d.md": '+++\ntitle = "d"\nstatus = "idea"\n+++\n',
        "content/posts/e.md": '+++\ntitle = "e"\ndraft = true\n+++\n',
        "content/posts/f.md": '---\ntitle: f\ndraft: "true"\n---\n',
    })
    assert rg("init")[0] == 0
    subprocess.run(["hugo", "--quiet", "-s", str(repo.path)], check=True, capture_output=True)
    _check(repo, rg, words, repo.path / "public")


def test_every_page_mkdocs_publishes_is_gated(repo: Repo, rg: Run) -> None:
    pytest.importorskip("mkdocs")
    repo.write("mkdocs.yml", "site_name: Docs\n")
    words = _site(repo, {
        "docs/index.md": "# Home\n\n",
        "docs/a.md": "---\ndraft: true\n---\n# A\n\n",
        "docs/b.md": "---\nstatus: drafted\n---\n# B\n\n",
        "docs/sub/c.md": "# C\n\n",
    })
    assert rg("init")[0] == 0
    subprocess.run([sys.executable, "-m", "mkdocs", "build", "-q", "-f",
                    str(repo.path / "mkdocs.yml"), "-d", str(repo.path / "site")], check=True,
                   capture_output=True)
    _check(repo, rg, words, repo.path / "site")
