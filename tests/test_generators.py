"""The site generators themselves are the oracle: every page Jekyll, Hugo or MkDocs
publishes from a site laid out by `receipt-gate init` is a page the gate holds, whatever
its status: says and however its front matter or folder tries to look unpublished.

Each source page carries a unique word; a page is published when its word is in the
generator's output. Skipped where the generator is not installed (.ci/run installs
Jekyll and Hugo from the Debian packages, MkDocs from the test extras).
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import TELLS, Repo, Run

# What a generator writes that a reader opens (a page.MD is copied as it is).
_OUTPUTS = (".html", ".htm", ".txt", ".xml", ".json", ".md", ".xhtml")


def _published(out: Path, words: dict[str, str]) -> set[str]:
    text = "\n".join(
        p.read_text(errors="replace")
        for p in out.rglob("*")
        if p.suffix.lower() in _OUTPUTS and p.name != "sitemap.xml" and p.is_file()
    )  # (Eleventy writes h.MD/index.html)
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
    words = _site(
        repo,
        {
            "_posts/2020-01-01-a.md": "---\ntitle: a\n---\n",
            "_posts/2020-01-02-b.md": "---\ntitle: b\nstatus: drafted\n---\n",
            "_posts/sub/_drafts/2020-01-03-c.md": "---\ntitle: c\n---\n",
            "_posts/2020-01-04-d.md": '+++\ntitle = "d"\npublished = false\n+++\n',
            "_posts/2020-01-05-e.md": "---\ntitle: e\npublished: false\n---\n",
            "_posts/2020-01-06-f.md": '---\ntitle: f\npublished: "false"\n---\n',
            "_drafts/2020-01-07-g.md": "---\ntitle: g\n---\n",
            "cat/_posts/2020-01-08-h.md": "---\ntitle: h\nstatus: idea\n---\n",
            "cat/_drafts/2020-01-09-i.md": "---\ntitle: i\n---\n",
            "_posts/2020-01-10-j.htm": "---\ntitle: j\n---\n",
            "_posts/2020-01-11-k.txt": "---\ntitle: k\n---\n",
            "_posts/2020-01-12-l.xhtml": "---\ntitle: l\n---\n",
            "_posts/2020-01-13-m.xml": "---\ntitle: m\n---\n",
            # Pages outside the posts (an outside pass: init gated the posts only).
            "about.md": "---\ntitle: about\n---\n",
            "docs/guide.markdown": "---\ntitle: guide\n---\n",
            "docs/raw.md": "No front matter: copied as it is.\n",
        },
    )
    assert rg("init")[0] == 0
    subprocess.run(
        ["jekyll", "build", "-q", "-s", str(repo.path), "-d", str(repo.path / "_site")],
        check=True,
        capture_output=True,
    )
    _check(repo, rg, words, repo.path / "_site")


@pytest.mark.skipif(shutil.which("hugo") is None, reason="hugo is not installed")
def test_every_page_hugo_publishes_is_gated(repo: Repo, rg: Run) -> None:
    repo.write("hugo.toml", 'baseURL = "http://example.org/"\ntitle = "t"\n')
    repo.write("layouts/_default/single.html", "{{ .Title }} {{ .Content }}")
    repo.write("layouts/_default/list.html", "{{ .Title }} {{ .Content }}")
    words = _site(
        repo,
        {
            "content/posts/a.md": "---\ntitle: a\n---\n",
            "content/posts/b.md": "---\ntitle: b\nstatus: drafted\n---\n",
            "content/posts/c.md": "---\ntitle: c\ndraft: true\n---\n",
            "content/posts/d.md": '+++\ntitle = "d"\nstatus = "idea"\n+++\n',
            "content/posts/e.md": '+++\ntitle = "e"\ndraft = true\n+++\n',
            "content/posts/f.md": '---\ntitle: f\ndraft: "true"\n---\n',
            "content/posts/up.MD": "---\ntitle: up\n---\n",  # copied as it is, not rendered
            # Copied as they are too, so their draft: true holds nothing back (an outside pass).
            "content/posts/hidden.MD": "---\ntitle: hidden\ndraft: true\n---\n",
            "content/posts/old.mkd": "---\ntitle: old\ndraft: true\n---\n",
            "content/about.md": "---\ntitle: about\n---\n",  # outside the posts section
        },
    )
    assert rg("init")[0] == 0
    subprocess.run(["hugo", "--quiet", "-s", str(repo.path)], check=True, capture_output=True)
    _check(repo, rg, words, repo.path / "public")


def test_every_page_mkdocs_publishes_is_gated(repo: Repo, rg: Run) -> None:
    pytest.importorskip("mkdocs")
    repo.write("mkdocs.yml", "site_name: Docs\n")
    words = _site(
        repo,
        {
            "docs/index.md": "# Home\n\n",
            "docs/a.md": "---\ndraft: true\n---\n# A\n\n",
            "docs/b.md": "---\nstatus: drafted\n---\n# B\n\n",
            "docs/sub/c.md": "# C\n\n",
            "docs/up.MD": "# Up\n\n",  # copied as it is, not rendered
        },
    )
    assert rg("init")[0] == 0
    subprocess.run(
        [
            sys.executable,
            "-m",
            "mkdocs",
            "build",
            "-q",
            "-f",
            str(repo.path / "mkdocs.yml"),
            "-d",
            str(repo.path / "site"),
        ],
        check=True,
        capture_output=True,
    )
    _check(repo, rg, words, repo.path / "site")


def test_what_mkdocs_never_builds_is_no_article(repo: Repo, rg: Run) -> None:
    """The tenth outside pass: docs/templates/ and docs/.wip/ (MkDocs' default
    exclude_docs) and a README beside an index are never built, and their bodies
    supported a title's number. What the gate takes as surely published, MkDocs builds."""
    pytest.importorskip("mkdocs")
    import yaml

    from receipt_gate.base import wildmatch
    from receipt_gate.rules.corpus import _unbuilt

    repo.write("mkdocs.yml", "site_name: Docs\n")
    pages = [
        "docs/index.md",
        "docs/a.md",
        "docs/templates/t.md",
        "docs/.wip/w.md",
        "docs/sub/index.md",
        "docs/sub/README.md",
        "docs/other/README.md",
    ]
    for page in pages:
        repo.write(page, "# Page\n\nText.\n")
    assert rg("init")[0] == 0
    cfg = yaml.safe_load((repo.path / ".receipt-gate.yaml").read_text())
    articles = wildmatch.select(cfg["checks"]["headline-numbers"]["articles"], pages)
    sure = {p for p in articles if not _unbuilt(p, dict.fromkeys(articles, ""))}
    subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "-q", "-f", str(repo.path / "mkdocs.yml")],
        check=True,
        capture_output=True,
        cwd=repo.path,
    )
    site = repo.path / "site"

    def built(page: str) -> bool:  # (use_directory_urls: a.md is a/index.html)
        stem = page[len("docs/") : -len(".md")].removesuffix("index").removesuffix("README")
        return (site / stem / "index.html").exists()

    # (docs/a.md beside docs/index.md: MkDocs builds it, a Hugo leaf bundle would not)
    assert sure == {"docs/index.md", "docs/sub/index.md"}
    assert all(built(p) for p in sure)
    assert not (site / "templates").exists() and not (site / ".wip").exists()


def _eleventy() -> str | None:
    """The Eleventy CLI: $RECEIPT_GATE_ELEVENTY (.ci/run installs it with npm), or one
    on PATH."""
    import os

    found = os.environ.get("RECEIPT_GATE_ELEVENTY") or shutil.which("eleventy")
    return found if found and os.path.exists(found) else None


@pytest.mark.skipif(_eleventy() is None, reason="eleventy is not installed")
def test_every_page_eleventy_publishes_is_gated(repo: Repo, rg: Run) -> None:
    # What an adversary wrote: a comment naming another input, another key named data:,
    # an ignore line with a # inside it (no comment to Eleventy).
    repo.write(
        "eleventy.config.js",
        '// dir: { input: "legacy" }\n'
        "module.exports = function (eleventyConfig) {\n"
        '  eleventyConfig.addGlobalData("site", {name: "x", data: "blog"});\n'
        '  return {dir: {input: "src", includes: "_includes"}};\n};\n',
    )
    repo.write(".eleventyignore", "src/ignored.md\nsrc/docs # not a comment\n")
    repo.write("src/blog/g.11tydata.json", '{"eleventyComputed": {"permalink": "/g/"}}\n')
    words = _site(
        repo,
        {
            "src/blog/a.md": "---\nnewstitle: A 76-hour week\n---\n",
            "src/blog/b.md": "---\nnewstitle: B\npermalink: false\n---\n",
            "src/blog/c.md": "---\nnewstitle: C\nstatus: drafted\n---\n",
            "src/blog/d.md": "---\nnewstitle: D\ndraft: true\n---\n",
            "src/docs/e.md": "---\ntitle: E\n---\n",
            "src/docs/f.md": '---\ntitle: F\npermalink: "false/"\n---\n',
            "src/_includes/partial.md": "A partial.\n",
            "src/ignored.md": "---\ntitle: I\n---\n",
            "src/index.md": "---\ntitle: Home\n---\n",
            "src/blog/g.md": "---\nnewstitle: G\npermalink: false\n---\n",
            "src/blog/h.MD": "---\nnewstitle: H\n---\n",
            "src/blog/i.njk": "---\nnewstitle: I\ntemplateEngineOverride: md\n---\n",
        },
    )
    assert rg("init")[0] == 0
    cfg = repo.read(".receipt-gate.yaml")
    assert 'title_fields: ["newstitle", "title"]' in cfg
    subprocess.run(
        [_eleventy() or "", "--quiet", "--output=_site"],
        cwd=repo.path,
        check=True,
        capture_output=True,
    )
    _check(repo, rg, words, repo.path / "_site")
    published = _published(repo.path / "_site", words)
    # What it never publishes is not gated: a partial, an ignored file. A page whose
    # permalink is false is gated all the same (the data cascade can give it one: g.md).
    assert {"src/_includes/partial.md", "src/ignored.md", "src/blog/b.md"} & published == set()
    assert {"src/blog/g.md", "src/blog/h.MD", "src/blog/i.njk"} <= published
    assert _gated(rg) == published | {"src/blog/b.md"}


def test_init_reads_a_docusaurus_site_as_docusaurus_builds_it(repo: Repo, rg: Run) -> None:
    """Every .md and .mdx but `_`-named partials: a second docs plugin, translations,
    versioned docs all ship (the config may name any folder); draft: true is the marker,
    unlisted still ships."""
    repo.write("docusaurus.config.js", "module.exports = {};\n")
    for path in [
        "docs/intro.md",
        "docs/guide/setup.mdx",
        "docs/_partial.mdx",
        "docs/_shared/x.md",
        "blog/2021-01-01-hello.md",
        "src/pages/about.md",
        "versioned_docs/version-1.0/intro.md",
        "README.md",
        "community/a.md",
        "i18n/fr/docusaurus-plugin-content-blog/2024-03-03-b.md",
    ]:
        repo.write(path, "---\ntitle: T\n---\nText.\n")
    repo.write("blog/2021-02-02-draft.md", "---\ntitle: D\ndraft: true\n---\nText.\n")
    repo.write("docs/hidden.md", "---\ntitle: H\nunlisted: true\n---\nText.\n")
    rc, out, _ = rg("init")
    assert rc == 0 and "a Docusaurus site" in out, out
    assert _gated(rg) == {
        "docs/intro.md",
        "docs/guide/setup.mdx",
        "docs/hidden.md",
        "blog/2021-01-01-hello.md",
        "src/pages/about.md",
        "community/a.md",
        "versioned_docs/version-1.0/intro.md",
        "i18n/fr/docusaurus-plugin-content-blog/2024-03-03-b.md",
    }


# A build set to publish marked drafts (in the site's config, or as a flag of a build
# command in a file a build host runs) makes the markers hold nothing back.
_HUGO_PUBLISHING = {
    "hugo.toml": (
        "hugo.toml",
        'baseURL = "http://example.org/"\ntitle = "t"\nbuildDrafts = true\n',
        [],
    ),
    "config dir": ("config/_default/hugo.toml", "buildDrafts = true\n", []),
    "netlify": ("netlify.toml", '[build]\ncommand = "hugo --gc -D"\n', ["-D"]),
    # A script with no extension that a build host calls (Jekyll's script/cibuild).
    "script": ("script/cibuild", "#!/bin/sh\nset -e\nhugo --minify -D\n", ["-D"]),
    "bin": ("bin/build", "#!/usr/bin/env bash\nexec hugo --buildDrafts\n", ["-D"]),
}


def _pre_push(repo: Repo, line: str) -> subprocess.CompletedProcess[str]:
    """The push hook, as git runs it, on one pre-push line."""
    return subprocess.run(
        [sys.executable, "-m", "receipt_gate", "pre-push"],
        text=True,
        input=line + "\n",
        capture_output=True,
        cwd=repo.path,
        check=False,
    )


def _hugo_site_with_a_draft(repo: Repo, rg: Run) -> dict[str, str]:
    """An init'd Hugo site of two posts, c.md marked draft: true (held back, as Hugo
    holds it back until a build publishes drafts)."""
    repo.write("hugo.toml", 'baseURL = "http://example.org/"\ntitle = "t"\n')
    repo.write("layouts/_default/single.html", "{{ .Title }} {{ .Content }}")
    repo.write("layouts/_default/list.html", "{{ .Title }} {{ .Content }}")
    words = _site(
        repo,
        {
            "content/posts/a.md": "---\ntitle: a\n---\n",
            "content/posts/c.md": "---\ntitle: c\ndraft: true\n---\n",
        },
    )
    assert rg("init")[0] == 0
    assert _gated(rg) == {"content/posts/a.md"}
    return words


@pytest.mark.skipif(shutil.which("hugo") is None, reason="hugo is not installed")
@pytest.mark.parametrize("how", sorted(_HUGO_PUBLISHING))
def test_a_hugo_build_that_publishes_drafts_has_them_gated(repo: Repo, rg: Run, how: str) -> None:
    words = _hugo_site_with_a_draft(repo, rg)
    path, text, flags = _HUGO_PUBLISHING[how]
    repo.write(path, text)
    subprocess.run(
        ["hugo", "--quiet", *flags, "-s", str(repo.path)], check=True, capture_output=True
    )
    assert "content/posts/c.md" in _published(repo.path / "public", words)
    _check(repo, rg, words, repo.path / "public")
    _, out, _ = rg("verify")
    assert f"receipt-gate: the draft markers hold nothing back: {path}:" in out


@pytest.mark.skipif(shutil.which("hugo") is None, reason="hugo is not installed")
@pytest.mark.parametrize("script", ["build.ts", "tools/site.mts", "ci/x/publish.py"])
def test_a_script_a_build_file_runs_is_read_as_one(repo: Repo, rg: Run, script: str) -> None:
    """The seventeenth outside pass: package.json ran `tsx build.ts`, whose hugo
    --buildDrafts the gate never read (no .ts among the build files). A script that a
    build file names is a build file, wherever it is and whatever its language."""
    words = _hugo_site_with_a_draft(repo, rg)
    runner = {"ts": "tsx", "mts": "tsx", "py": "python3"}[script.rpartition(".")[2]]
    repo.write("package.json", f'{{"scripts": {{"build": "{runner} {script}"}}}}\n')
    repo.write(script, 'run("hugo --buildDrafts --minify")\n')
    subprocess.run(["hugo", "--quiet", "-D", "-s", str(repo.path)], check=True, capture_output=True)
    _check(repo, rg, words, repo.path / "public")
    _, out, _ = rg("verify")
    assert f"receipt-gate: the draft markers hold nothing back: {script}:" in out


def test_a_change_to_a_script_alone_is_judged_at_push(repo: Repo, rg: Run) -> None:
    """A review of the seventeenth's fix: a commit that only changed tools/site.ts (which
    package.json runs) to build drafts went through the push hook's quick path ("nothing
    the gate reads changed"): a script any build file may run is read as a change."""
    _hugo_site_with_a_draft(repo, rg)
    repo.write("content/posts/c.md", "---\ntitle: c\ndraft: true\n---\n" + TELLS + ".\n")
    repo.write("package.json", '{"scripts": {"build": "tsx tools/site.ts"}}\n')
    repo.write("tools/site.ts", 'run("hugo --minify")\n')
    repo.git("add", "-A")
    assert rg("run")[0] == 0
    repo.git("add", "-A")
    repo.git("commit", "-qm", "site", "--no-verify")
    old = repo.git("rev-parse", "HEAD").stdout.strip()
    repo.write("tools/site.ts", 'run("hugo --minify --buildDrafts")\n')
    repo.git("commit", "-qam", "drafts too", "--no-verify")
    new = repo.git("rev-parse", "HEAD").stdout.strip()
    proc = _pre_push(repo, f"refs/heads/main {new} refs/heads/main {old}")
    assert proc.returncode == 1, proc.stdout + proc.stderr
    assert "content/posts/c.md" in proc.stdout + proc.stderr


@pytest.mark.skipif(shutil.which("hugo") is None, reason="hugo is not installed")
@pytest.mark.parametrize(
    ("files", "where"),
    [
        ({"Makefile": "include mk/site.mk\n", "mk/site.mk": "site:\n\thugo -D\n"}, "mk/site.mk"),
        ({"Rakefile": "task :x\n", "rakelib/site.rake": "sh 'hugo -D'\n"}, "rakelib/site.rake"),
        (
            {"justfile": "import 'tasks/site.just'\n", "tasks/site.just": "site:\n  hugo -D\n"},
            "tasks/site.just",
        ),
        (
            {"Makefile": "all:\n\t$(MAKE) -C docs\n", "docs/Makefile": "all:\n\thugo -D\n"},
            "docs/Makefile",
        ),
        # The nineteenth: a flag in a script's argument list, a script another imports
        # from its own folder, a script with no extension that a shell runs.
        (
            {
                "package.json": '{"scripts": {"build": "node tools/site.mjs"}}\n',
                "tools/site.mjs": 'execFileSync("hugo", ["--minify", "--buildDrafts"]);\n',
            },
            "tools/site.mjs",
        ),
        (
            {
                "package.json": '{"scripts": {"build": "node tools/site.mjs"}}\n',
                "tools/site.mjs": 'import { flags } from "./opts.mjs";\n',
                "tools/opts.mjs": 'export const flags = "hugo --buildDrafts";\n',
            },
            "tools/opts.mjs",
        ),
        (
            {
                "package.json": '{"scripts": {"build": "sh tools/build"}}\n',
                "tools/build": "#!/bin/sh\nhugo --buildDrafts\n",
            },
            "tools/build",
        ),
        (
            {
                "package.json": '{"scripts": {"build": "/bin/sh tools/build"}}\n',
                "tools/build": "#!/bin/sh\nhugo --buildDrafts\n",
            },
            "tools/build",
        ),
        (
            {
                "package.json": '{"scripts": {"build": "./tools/build"}}\n',
                "tools/build": "#!/bin/sh\nhugo --buildDrafts\n",
            },
            "tools/build",
        ),
        (
            {
                "package.json": '{"scripts": {"build": ". tools/build"}}\n',
                "tools/build": "#!/bin/sh\nhugo --buildDrafts\n",
            },
            "tools/build",
        ),
        (
            {
                "package.json": '{"scripts": {"build": "sh < tools/build"}}\n',
                "tools/build": "#!/bin/sh\nhugo --buildDrafts\n",
            },
            "tools/build",
        ),
        # The twenty-first: a package's script runs another package's.
        *(
            (
                {
                    "package.json": f'{{"scripts": {{"build": "{line}"}}}}\n',
                    "tools/package.json": '{"scripts": {"site": "cd .. && hugo -D"}}\n',
                },
                "tools/package.json",
            )
            for line in (
                "npm --prefix tools run site",
                "npm run site -w tools",
                "npm run site --workspace=tools",
                "cd tools && npm run site",
                "yarn --cwd tools site",
                "cd tools; npm run site",  # (the twenty-second pass's)
                "cd tools && NODE_ENV=production npm run site",
                'npm --prefix \\"$PWD/tools\\" run site',
            )
        ),
        (
            {
                "package.json": '{"workspaces": ["packages/*"], "scripts": {"build":'
                ' "npm run site --workspaces"}}\n',
                "packages/site/package.json": '{"scripts": {"site": "cd ../.. && hugo -D"}}\n',
            },
            "packages/site/package.json",
        ),
    ],
)
def test_a_file_a_build_pulls_in_is_read_as_one(
    repo: Repo, rg: Run, files: dict[str, str], where: str
) -> None:
    """The eighteenth outside pass: the Makefile included mk/site.mk, Rake loaded
    rakelib/site.rake, the justfile imported tasks/site.just, and each ran hugo -D;
    none was read as a build file."""
    words = _hugo_site_with_a_draft(repo, rg)
    for path, text in files.items():
        repo.write(path, text)
    subprocess.run(["hugo", "--quiet", "-D", "-s", str(repo.path)], check=True, capture_output=True)
    _check(repo, rg, words, repo.path / "public")
    _, out, _ = rg("verify")
    assert f"receipt-gate: the draft markers hold nothing back: {where}:" in out


@pytest.mark.skipif(shutil.which("jekyll") is None, reason="jekyll is not installed")
@pytest.mark.parametrize("how", ["config", "makefile"])
def test_a_jekyll_build_that_publishes_drafts_has_them_gated(repo: Repo, rg: Run, how: str) -> None:
    words = _site(
        repo,
        {
            "_posts/2020-01-01-a.md": "---\ntitle: a\n---\n",
            "_posts/2020-01-02-b.md": "---\ntitle: b\npublished: false\n---\n",
            "_drafts/c.md": "---\ntitle: c\n---\n",
        },
    )
    assert rg("init")[0] == 0
    assert "_drafts/c.md" not in _gated(rg)  # the marker holds it back, as Jekyll does
    flags = []
    if how == "config":
        repo.write("_config.yml", "show_drafts: true\nunpublished: true\n")
    else:
        repo.write("Makefile", "site:\n\tbundle exec jekyll build --drafts --unpublished\n")
        flags = ["--drafts", "--unpublished"]
    subprocess.run(
        ["jekyll", "build", "-q", *flags, "-s", str(repo.path), "-d", str(repo.path / "_site")],
        check=True,
        capture_output=True,
    )
    assert len(_published(repo.path / "_site", words)) == 3
    _check(repo, rg, words, repo.path / "_site")


@pytest.mark.skipif(shutil.which("hugo") is None, reason="hugo is not installed")
@pytest.mark.parametrize(
    ("files", "flags"),
    [
        (
            {
                "conf/drafts.toml": "buildDrafts = true\n",
                "Makefile": "site:\n\thugo --config hugo.toml,conf/drafts.toml\n",
            },
            ["--config", "hugo.toml,conf/drafts.toml"],
        ),
        (
            {
                "settings/_default/config.toml": "buildDrafts = true\n",
                "Makefile": "site:\n\thugo --configDir settings\n",
            },
            ["--configDir", "settings"],
        ),
        ({"hugo.yaml": "baseURL: http://example.org/\ntitle: t\n? buildDrafts\n: true\n"}, []),
        (
            {
                "hugo.json": '{"baseURL": "http://example.org/", "title": "t",\n'
                ' "buildDrafts"\n: true}'
            },
            [],
        ),
    ],
    ids=["--config", "--configDir", "explicit key", "json over lines"],
)
def test_a_config_a_build_names_is_read_as_hugo_reads_it(
    repo: Repo, rg: Run, files: dict[str, str], flags: list[str]
) -> None:
    """A third outside pass turned buildDrafts on where a line scanner could not see it:
    in a config only a build command names, or written as a parser reads it."""
    words = _hugo_site_with_a_draft(repo, rg)
    if any(p.startswith("hugo.") for p in files):
        (repo.path / "hugo.toml").unlink()
    for path, text in files.items():
        repo.write(path, text)
    subprocess.run(
        ["hugo", "--quiet", *flags, "-s", str(repo.path)],
        check=True,
        capture_output=True,
        cwd=repo.path,
    )
    assert "content/posts/c.md" in _published(repo.path / "public", words)
    _check(repo, rg, words, repo.path / "public")


def test_a_config_read_as_settings_stays_small_and_local() -> None:
    """A review: a YAML "billion laughs" in a site config was printed whole (out of
    memory); a config named outside the repository was read; `--configDir .` read
    nothing; a collections key with nothing under it, or another tool's docs_dir
    (pyproject), was refused."""
    import time

    from receipt_gate.rules.markers import folders, publishing
    from receipt_gate.sites.builds import named

    laughs = "a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n" + "".join(
        f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 10)}]\n" for i in range(1, 9)
    )
    started = time.monotonic()
    said = publishing(["hugo.yaml"], lambda _: laughs + "buildDrafts: *a8\n")
    assert said and "a list" in said[0] and time.monotonic() - started < 5
    assert list(named("hugo --config ../../outside.toml")) == [("hugo", "")]
    assert list(named("hugo --configDir .")) == [("hugo", "./")]
    assert folders(["_config.yml"], lambda _: "collections:\n  # none yet\n") == ()
    assert folders(["pyproject.toml"], lambda _: '[tool.portray]\ndocs_dir = "docs"\n') == ()


def test_a_config_named_but_not_there_or_by_a_variable_counts_as_publishing() -> None:
    from receipt_gate.rules.markers import folders, publishing
    from receipt_gate.sites.builds import named_configs

    texts = {"Makefile": "site:\n\thugo --config hugo.toml,$EXTRA\n", "hugo.toml": ""}
    named = named_configs(["Makefile"], texts.get)
    assert named == {"hugo.toml": "hugo", "": "Makefile"}
    assert publishing(["Makefile", "hugo.toml"], texts.get, named)
    assert ("Makefile", "", False) in folders(["Makefile", "hugo.toml"], texts.get, named)
    texts = {"ci.sh": "mkdocs build -f conf/site.yml\n", "conf/site.yml": None}
    named = named_configs(["ci.sh"], texts.get)
    assert named == {"conf/site.yml": "mkdocs"}
    assert publishing(["ci.sh", "conf/site.yml"], texts.get, named) == (
        "conf/site.yml: cannot be read, so the gate cannot tell whether the build publishes"
        " marked drafts",
    )
    # An INHERITed config's docs_dir is relative to the file that inherits it; a config
    # a build names, to its own folder.
    texts = {
        "mkdocs.yml": "INHERIT: conf/base.yml\nsite_name: t\n",
        "conf/base.yml": "docs_dir: pages\n",
        "build.sh": "mkdocs build -f conf/s.yml\n",
        "conf/s.yml": "docs_dir: ../site-pages\n",
    }
    named = named_configs(["mkdocs.yml", "build.sh"], texts.get)
    assert {f for _, f, _ in folders([*texts], texts.get, named)} == {"pages", "site-pages"}
    # MkDocs Material's blog publishes its drafts when told to; without the blog plugin
    # MkDocs publishes every page, a draft: true too.
    blog = "site_name: t\nplugins:\n  - search\n  - blog:\n      draft: true\n"
    assert publishing(["mkdocs.yml"], lambda _: blog)
    assert not publishing(["mkdocs.yml"], lambda _: blog.replace("draft: true", "draft: false"))
    assert publishing(["mkdocs.yml"], lambda _: "site_name: t\nplugins: [search]\n")


def test_a_dev_server_or_a_plain_false_leaves_the_markers_in_force() -> None:
    from receipt_gate.rules.markers import publishing

    def why(text: str) -> tuple[str, ...]:
        return publishing(["site.yml"], lambda _: text)

    for quiet in (
        '{"scripts": {"dev": "hugo server -D", "build": "hugo --minify"}}',
        "buildDrafts = false\n",
        "show_drafts: false # not here\n",
        "hugo -d public --gc\n",
        "bundle exec jekyll serve --drafts\n",
        "dev:\n\thugo --bind 0.0.0.0 server -D\n",
        "buildDrafts: 'false'\n",
        "# do not use hugo -D for production\n",
        '{"buildDrafts": false}',
    ):
        assert why(quiet) == (), quiet
    for loud in (
        '{"scripts": {"build": "hugo --minify -D"}}',
        "buildDrafts: yes\n",
        "BuildDrafts = true\n",
        "show_drafts: ${DRAFTS}\n",
        "run: hugo --buildDrafts --minify\n",
        "HUGO_BUILDDRAFTS=true hugo\n",
        "cmd: jekyll build --unpublished && echo ok\n",
        "hugo -DF\n",
        # A second adversary's: one line of JSON, a YAML flow mapping, an escape
        # in a quoted key, Hugo's x delimiter, a command continued on the next
        # line.
        '{"baseURL":"/","buildDrafts":true}',
        "{title: t, show_drafts: true}",
        '"buildDr\\u0061fts" = true',
        'HUGOxBUILDDRAFTS = "true"',
        "hugo --minify \\\n  --buildDrafts\n",
        "bundle exec jekyll build \\\n --drafts\n",
        '"show_dr\\x61fts": true',
        # Jekyll takes any string as true, "false" too (Hugo's reads it false);
        # a YAML explicit key; a flow mapping with a # in a string.
        "  unpublished: 'false'\n",
        "? show_drafts\n: true\n",
        '{title: "Blog #1", buildDrafts: true}\n',
    ):
        assert why(loud), loud
    assert publishing(["hugo.toml"], lambda _: None)  # a config that cannot be read counts


def test_a_commit_that_turns_on_build_drafts_is_judged_whole(repo: Repo, rg: Run) -> None:
    """Only hugo.toml changes, yet every marked draft is now published: the commit hook
    cannot take the tree as unchanged since HEAD."""
    repo.write("hugo.toml", 'baseURL = "http://example.org/"\ntitle = "t"\n')
    repo.write("content/posts/a.md", "---\ntitle: a\n---\nA plain post.\n")
    repo.write("content/posts/c.md", "---\ntitle: c\ndraft: true\n---\n" + TELLS + ", soon.\n")
    assert rg("init")[0] == 0
    repo.git("add", "-A")
    assert rg("pre-commit")[0] == 0
    repo.git("commit", "-qm", "site", "--no-verify")
    assert rg("verify")[0] == 0
    repo.write("hugo.toml", 'baseURL = "http://example.org/"\ntitle = "t"\nbuildDrafts = true\n')
    repo.git("add", "hugo.toml")
    rc, out, err = rg("pre-commit")
    assert rc == 1, out + err
    assert "content/posts/c.md:5:1: ai-tells: AI tells weigh" in out + err


_MOVED = {
    "hugo contentDir": (
        "hugo",
        "hugo.toml",
        'baseURL = "http://example.org/"\ntitle = "t"\ncontentDir = "pages"\n',
        "pages/posts/x.md",
        "pages/",
    ),
    "hugo mount": (
        "hugo",
        "hugo.toml",
        'baseURL = "http://example.org/"\ntitle = "t"\n'
        '[[module.mounts]]\nsource = "content"\ntarget = "content"\n'
        '[[module.mounts]]\nsource = "more"\ntarget = "content/posts"\n',
        "more/x.md",
        "more/",
    ),
    "jekyll collection": (
        "jekyll",
        "_config.yml",
        "collections:\n  notes:\n    output: true\n",
        "_notes/x.md",
        "_notes/",
    ),
    "mkdocs docs_dir": (
        "mkdocs",
        "mkdocs.yml",
        "site_name: Docs\ndocs_dir: pages\n",
        "pages/x.md",
        "pages/",
    ),
}


@pytest.mark.parametrize("how", sorted(_MOVED))
def test_a_folder_the_site_config_publishes_from_is_gated_or_refused(
    repo: Repo, rg: Run, how: str
) -> None:
    """A site config that moves or adds where pages come from (Hugo's contentDir and
    mounts, a Jekyll collection, MkDocs' docs_dir) publishes pages no drafts glob
    reaches: the gate refuses, naming the file, until drafts covers the folder."""
    tool, config, text, page, folder = _MOVED[how]
    if (shutil.which(tool) is None) if tool != "mkdocs" else not _has_mkdocs():
        pytest.skip(f"{tool} is not installed")
    layouts = {
        "hugo": {
            "hugo.toml": 'baseURL = "http://example.org/"\ntitle = "t"\n',
            "layouts/_default/single.html": "{{ .Title }} {{ .Content }}",
            "layouts/_default/list.html": "{{ .Title }} {{ .Content }}",
            "content/posts/a.md": "---\ntitle: a\n---\nA post.\n",
        },
        "jekyll": {"_posts/2020-01-01-a.md": "---\ntitle: a\n---\nA post.\n"},
        "mkdocs": {"mkdocs.yml": "site_name: Docs\n", "docs/index.md": "# Home\n"},
    }
    for path, body in layouts[tool].items():
        repo.write(path, body)
    assert rg("init")[0] == 0
    repo.write(config, text)
    words = _site(repo, {page: "---\ntitle: x\n---\n"})
    out_dir = {"hugo": "public", "jekyll": "_site", "mkdocs": "site"}[tool]
    argv = {
        "hugo": ["hugo", "--quiet", "-s", str(repo.path)],
        "jekyll": ["jekyll", "build", "-q", "-s", str(repo.path), "-d", str(repo.path / "_site")],
        "mkdocs": [
            sys.executable,
            "-m",
            "mkdocs",
            "build",
            "-q",
            "-f",
            str(repo.path / "mkdocs.yml"),
            "-d",
            str(repo.path / "site"),
        ],
    }[tool]
    subprocess.run(argv, check=True, capture_output=True, cwd=repo.path)
    assert _published(repo.path / out_dir, words) == {page}  # the generator ships it
    if tool == "jekyll":  # every page Jekyll publishes is gated, a new collection's too
        assert page in _gated(rg)
        return
    rc, _, err = rg("verify")
    assert rc == 2, err
    assert (
        f"{config}: the site publishes pages from {folder}, where drafts"
        " (.receipt-gate.yaml) gates none: add it to drafts"
    ) in err


def _has_mkdocs() -> bool:
    import importlib.util

    return importlib.util.find_spec("mkdocs") is not None


@pytest.mark.parametrize(
    ("path", "text", "folder"),
    [
        ("hugo.json", '{"baseURL":"/","contentDir":"src"}', "src"),
        ("hugo.toml", '[languages]\nfr = {weight = 2, contentDir = "fr"}\n', "fr"),
        ("hugo.toml", '[[module.mounts]]\nsource = "extra"\ntarget = "c\\u006fntent"\n', "extra"),
        ("hugo.toml", 'theme = "t"\n', "themes/t/content"),
        ("Makefile", "site:\n\thugo -c src --minify\n", "src"),
        ("netlify.toml", '[build.environment]\nHUGO_CONTENTDIR = "src"\n', "src"),
        ("base.yml", "docs_dir: src\n", "src"),  # an mkdocs.yml's INHERIT
        ("mkdocs.yml", '"docs_dir": src\n', "src"),
        ("_config.yml", '"collections": {docs: {output: true}}\n', "_docs"),
        # A third outside pass: what a parser reads and a line scanner does not.
        (
            "hugo.yaml",
            "module:\n  mounts:\n    - source: extra\n      target: content/posts\n",
            "extra",
        ),
        ("hugo.yaml", "theme:\n  - t\n", "themes/t/content"),
        ("hugo.toml", '[[module.imports]]\npath = "t"\n', "themes/t/content"),
        ("hugo.toml", 'themesDir = "vendor2"\ntheme = "t"\n', "vendor2/t/content"),
        ("mkdocs.yml", "{site_name: Test docs, docs_dir: pages}\n", "pages"),
        ("mkdocs.yml", "site_name: Test docs\n? docs_dir\n: pages\n", "pages"),
        ("_config.yml", "? collections\n: essays:\n    output: true\n", "_essays"),
        ("hugo.json", '{"baseURL": "/",\n "contentDir"\n : "src"}\n', "src"),
        (
            "mkdocs.yml",
            "site_name: x\nmarkdown_extensions:\n  - pymdownx.emoji:\n      emoji_index:"
            " !!python/name:material.extensions.emoji.twemoji\ndocs_dir: src\n",
            "src",
        ),
        # A review: a collection declared through a YAML merge key; Ruby takes `output = 0`
        # as true.
        ("_config.yml", "base: &c\n  essays: {output: true}\ncollections:\n  <<: *c\n", "_essays"),
        ("_config.toml", "[collections.essays]\noutput = 0\n", "_essays"),
    ],
)
def test_every_form_of_a_moved_content_folder_is_read(path: str, text: str, folder: str) -> None:
    """A second outside pass moved the folder pages come from in each of these ways."""
    from receipt_gate.rules.markers import folders

    found = {f for _, f, _ in folders([path], lambda _: text)}
    assert folder in found and found <= {folder, "themes/t/content"}, found
    assert folders(["Makefile"], lambda _: "build:\n\thugo -s . --minify\n") == ()
    assert folders(["mkdocs.yml"], lambda _: "site_name: x\ntheme: material\n") == ()


def test_a_config_a_build_names_for_hugo_names_folders_at_the_top() -> None:
    """`hugo --config hugo.toml,sub/more.toml`: Hugo reads more.toml's contentDir against
    its working folder (the top), as it does staticDir (checked with Hugo 0.111); an
    MkDocs config `-f` names keeps its own folder."""
    from receipt_gate.rules.markers import folders

    def where(path: str, tool: str, text: str) -> list[str]:
        return [f for _, f, _ in folders([path], lambda _: text, {path: tool})]

    assert where("sub/more.toml", "hugo", 'contentDir = "c2"\n') == ["c2"]
    assert where("sub/mkdocs.yml", "mkdocs", "docs_dir: pages\n") == ["sub/pages"]


def test_what_a_reviewer_found_the_build_files_read_wrong() -> None:
    """Comments, code and data that only name a setting leave the markers alone; a
    Procfile's server is the site; a site under docs/ (GitHub Pages) has its config
    there; the workspace variable names the repository; a variable elsewhere cannot be
    told."""
    from receipt_gate.rules.markers import folders, publishing

    def why(path: str, text: str) -> tuple[str, ...]:
        return publishing([path], lambda _: text)

    assert why("hugo.toml", "# buildDrafts = true\ntitle = 't'\n") == ()
    assert why("scripts/stats.sh", "unpublished=3\n") == ()
    assert why("Makefile", "unpublished:\n\techo none\n") == ()
    assert why("search.json", None) == ()  # too large to read: not a generator's config
    assert why("hugo.toml", None)  # a generator's config that cannot be read counts
    assert why("Procfile", "web: hugo server -D --bind 0.0.0.0 --port $PORT\n")
    assert why("docs/_config.yml", "show_drafts: true\n")

    def where(path: str, text: str) -> list[str]:
        return [f for _, f, _ in folders([path], lambda _: text)]

    assert where("docs/_config.yml", "collections:\n  notes:\n    output: true\n") == [
        "docs/_notes"
    ]
    assert where("_config.yml", "collections:\n  authors:\n    output: false\n") == []
    assert where(
        ".github/workflows/site.yml", 'run: hugo --source "${GITHUB_WORKSPACE}/site" --minify\n'
    ) == ["site"]
    assert where("Makefile", "build:\n\thugo -s $(SITE)\n") == [""]  # cannot tell


def test_a_commit_without_a_config_is_judged_by_its_own_build(repo: Repo, rg: Run) -> None:
    """The reviewer's case: delete .receipt-gate.yaml (the rules in force then judge the
    tree) and turn on buildDrafts in the same commit: the tree's own build decides what
    its site publishes, so the marked draft is gated."""
    repo.write("hugo.toml", 'baseURL = "http://example.org/"\ntitle = "t"\n')
    repo.write("content/posts/a.md", "---\ntitle: a\n---\nA plain post.\n")
    repo.write("content/posts/c.md", "---\ntitle: c\ndraft: true\n---\n" + TELLS + ", soon.\n")
    assert rg("init")[0] == 0
    assert rg("run")[0] == 0
    base = repo.commit_all("site").returncode == 0 and repo.git("rev-parse", "HEAD").stdout
    assert base
    (repo.path / ".receipt-gate.yaml").unlink()
    repo.write("hugo.toml", 'baseURL = "http://example.org/"\ntitle = "t"\nbuildDrafts = true\n')
    repo.git("add", "-A")
    repo.git("commit", "-qm", "drop the rules, publish drafts", "--no-verify")
    rc, out, err = rg("verify", "--rev", "HEAD", "--policy-from", base.strip())
    assert rc == 1, out + err
    assert "content/posts/c.md" in out


@pytest.mark.parametrize(
    ("path", "text"),
    [
        (
            "hugo.toml",
            'baseURL = "http://example.org/"\ntitle = "t"\n'
            '[markup]\ndefaultMarkdownHandler = "org"\n',
        ),
        ("content/posts/_index.md", "---\ntitle: Posts\ncascade:\n  markup: org\n---\n"),
        (
            "content/_index.md",
            "---\ntitle: Home\ncascade:\n  - markup: org\n    _target:\n"
            "      path: /posts/**\n---\n",
        ),
    ],
)
def test_a_site_that_renders_markdown_another_way_is_refused(
    repo: Repo, rg: Run, path: str, text: str
) -> None:
    """An outside pass: Hugo renders every page with go-org when its config says so, or
    the pages under a section whose cascade does; go-org shows a fence (code to
    markdown) as text. The gate reads a page by its own markup (`markup:` in its front
    matter): it refuses the site, naming the file. (Real hugo, where installed, shows
    the indented line published.)"""
    repo.write("hugo.toml", 'baseURL = "http://example.org/"\ntitle = "t"\n')
    repo.write("layouts/_default/single.html", "{{ .Content }}")
    repo.write("layouts/_default/list.html", "{{ .Content }}")
    repo.write(
        "content/posts/a.md",
        "---\ntitle: a\nsummary: A post.\n---\nA plain post.\n\n"
        "```\n" + TELLS + ", this fenced line is code to markdown.\n```\n",
    )
    assert rg("init")[0] == 0
    assert rg("run")[0] == 0
    repo.write(path, text)
    if shutil.which("hugo") is not None:
        subprocess.run(["hugo", "--quiet", "-s", str(repo.path)], check=True, capture_output=True)
        page = (repo.path / "public/posts/a/index.html").read_text()
        assert "<p>" in page and TELLS in page.split("<p>", 2)[2]
    for argv in (["run"], ["verify"]):
        rc, _, err = rg(*argv)
        assert rc == 2, (argv, err)
        assert f"{path}: " in err and "markup" in err, err


@pytest.mark.parametrize("markup", ["markdown", "goldmark"])
def test_a_cascade_of_any_markup_is_refused(repo: Repo, rg: Run, markup: str) -> None:
    """Round 51: a section's cascade of `markup: markdown` makes its .org pages markdown
    to Hugo (a comment there prints nothing), while the gate read each page by its
    extension: any cascaded markup is refused, naming the file."""
    repo.write("hugo.toml", 'baseURL = "http://example.org/"\ntitle = "t"\n')
    repo.write("content/posts/a.md", "---\ntitle: a\n---\nA plain post.\n")
    assert rg("init")[0] == 0
    repo.write("content/posts/_index.md", f"---\ntitle: Posts\ncascade:\n  markup: {markup}\n---\n")
    rc, _, err = rg("verify")
    assert rc == 2 and "content/posts/_index.md: " in err and "markup" in err, err


_BAD_PAGE = "---\nlayout: default\ntitle: Old\n---\n\n" + TELLS + ", we moved on.\n"


def _adopted(repo: Repo, rg: Run, files: dict[str, str]) -> None:
    """A site set up by init, its receipts written and committed on main; then a branch."""
    for path, text in files.items():
        repo.write(path, text)
    assert rg("init")[0] == 0
    assert rg("run")[0] == 0
    repo.git("add", "-A")
    repo.git("commit", "-qm", "adopt", "--no-verify")
    repo.git("checkout", "-q", "-b", "agent")


def _refused_for(repo: Repo, rg: Run, pages: list[str]) -> None:
    """The commit hook and CI both refuse the change, naming each page."""
    repo.git("add", "-A")
    rc, out, err = rg("pre-commit")
    assert rc == 2, out + err
    for page in pages:
        assert re.search(
            rf"^{re.escape(page)}: the site('s build now)? publishes it .*"
            r"gates it not: add it to drafts$",
            err,
            re.M,
        ), err
    repo.git("commit", "-qm", "publish more", "--no-verify")
    rc, out, err = rg("verify", "--rev", "HEAD", "--policy-from", "main", "--recheck")
    assert rc == 2, out + err
    for page in pages:
        assert re.search(
            rf"^{re.escape(page)}: the site('s build now)? publishes it .*"
            r"gates it not: add it to drafts$",
            err,
            re.M,
        ), err


@pytest.mark.skipif(shutil.which("jekyll") is None, reason="jekyll is not installed")
@pytest.mark.parametrize(
    ("config", "page"),
    [
        ("title: Site\n", "archive/old.md"),  # exclude: dropped
        ("title: Site\nexclude: [archive]\ninclude: [_notes]\n", "_notes/n.md"),
        (
            'title: Site\nexclude: [archive]\nmarkdown_ext: "markdown,mkdown,mkdn,mkd,md,txt2"\n',
            "about.txt2",
        ),
    ],
)
def test_a_jekyll_config_that_publishes_more_is_refused(
    repo: Repo, rg: Run, tmp_path: Path, config: str, page: str
) -> None:
    """A third outside pass: init writes the drafts globs from _config.yml as it is;
    dropping an `exclude`, adding an `include` or a `markdown_ext` publishes pages no
    glob reaches. Jekyll publishes the page (the oracle); the gate refuses the change."""
    _adopted(
        repo,
        rg,
        {
            "_config.yml": "title: Site\nexclude: [archive]\n",
            "_layouts/default.html": "<html><body>{{ content }}</body></html>\n",
            "_posts/2024-01-01-hello.md": "---\nlayout: default\ntitle: Hello\n---\n\nGardens.\n",
            "_notes/n.md": "---\nlayout: default\ntitle: Note\n---\n\nA note.\n",
            "archive/old.md": "---\nlayout: default\ntitle: Old\n---\n\nOld page.\n",
        },
    )
    repo.write("_config.yml", config)
    repo.write(page, _BAD_PAGE)
    out = tmp_path / "site"
    subprocess.run(
        ["jekyll", "build", "-q", "-s", str(repo.path), "-d", str(out)],
        check=True,
        capture_output=True,
    )
    assert TELLS in (out / page.replace(page.rsplit(".", 1)[1], "html")).read_text()
    _refused_for(repo, rg, [page])


def test_a_config_change_that_publishes_nothing_new_passes(repo: Repo, rg: Run) -> None:
    """The honest case: a change to the site's config that publishes no new page."""
    _adopted(
        repo,
        rg,
        {
            "_config.yml": "title: Site\nexclude: [archive]\n",
            "_posts/2024-01-01-hello.md": "---\ntitle: Hello\n---\n\nGardens.\n",
            "archive/old.md": "---\ntitle: Old\n---\n\nOld page.\n",
        },
    )
    repo.write("_config.yml", "title: Another site\nexclude: [archive]\n")
    repo.git("add", "-A")
    rc, out, err = rg("pre-commit")
    assert rc == 0, out + err


@pytest.mark.skipif(shutil.which("hugo") is None, reason="hugo is not installed")
@pytest.mark.parametrize(
    "config",
    [
        'staticDir = ["static", "pub"]\n',
        'staticDir1 = "pub"\n',
        '[[module.mounts]]\nsource = "pub"\ntarget = "static"\n[[module.mounts]]\n'
        'source = "static"\ntarget = "static"\n',
    ],
)
def test_a_hugo_static_folder_the_config_adds_is_refused(repo: Repo, rg: Run, config: str) -> None:
    """A third outside pass: only static/ was gated, and a config naming another static
    folder published its HTML as it is. Hugo copies it (the oracle); the gate refuses."""
    _adopted(
        repo,
        rg,
        {
            "hugo.toml": 'baseURL = "http://x/"\ntitle = "S"\n',
            "layouts/_default/single.html": "{{ .Content }}",
            "layouts/_default/list.html": "{{ range .Pages }}{{ .Title }}{{ end }}",
            "content/posts/hello.md": "---\ntitle: Hello\n---\n\nGardens.\n",
        },
    )
    repo.write("hugo.toml", f'baseURL = "http://x/"\ntitle = "S"\n{config}')
    repo.write("pub/about.html", "<html><body><p>" + TELLS + ", we moved on.</p></body></html>\n")
    subprocess.run(["hugo", "--quiet", "-s", str(repo.path)], check=True, capture_output=True)
    assert TELLS in repo.read("public/about.html")
    shutil.rmtree(repo.path / "public")
    _refused_for(repo, rg, ["pub/about.html"])


def test_a_config_in_the_run_folder_a_build_names_is_read_when_it_changes(
    repo: Repo, rg: Run
) -> None:
    """A build names a config in the run folder, which Hugo reads against the top (the
    oracle): a static folder it adds is refused, by the commit hook and by CI."""
    _adopted(
        repo,
        rg,
        {
            "hugo.toml": 'baseURL = "http://x/"\ntitle = "S"\n',
            "netlify.toml": '[build]\ncommand = "hugo --config hugo.toml,.receipts/site.json"\n',
            ".receipts/site.json": "{}\n",
            "content/posts/hello.md": "---\ntitle: Hello\n---\n\nGardens.\n",
        },
    )
    repo.write(".receipts/site.json", '{"staticDir": ["static", "pub"]}\n')
    repo.write("pub/about.html", "<html><body><p>" + TELLS + ", we moved on.</p></body></html>\n")
    if shutil.which("hugo") is not None:  # the oracle: Hugo reads the folder at the top
        argv = ["hugo", "--quiet", "--config", "hugo.toml,.receipts/site.json"]
        subprocess.run([*argv, "-s", str(repo.path)], check=True, capture_output=True)
        assert TELLS in repo.read("public/about.html")
        shutil.rmtree(repo.path / "public")
    _refused_for(repo, rg, ["pub/about.html"])


def test_an_xhtml_page_a_generator_copies_is_gated(repo: Repo, rg: Run) -> None:
    """A third outside pass: static/x.xhtml (and a bundle's, and a Jekyll page's) is
    published as a page a browser shows; init gates it."""
    repo.write("hugo.toml", 'title = "S"\n')
    repo.write("content/posts/b/index.md", "---\ntitle: B\n---\n\nGardens.\n")
    assert rg("init")[0] == 0
    for page in ("static/story.xhtml", "content/posts/b/page.XHTML"):
        repo.write(page, "<html><body><p>A page.</p></body></html>\n")
    drafts = {d["draft"] for d in json.loads(rg("status", "--format", "json")[1])["drafts"]}
    assert {"static/story.xhtml", "content/posts/b/page.XHTML"} <= drafts


@pytest.mark.skipif(shutil.which("hugo") is None, reason="hugo is not installed")
def test_a_page_added_after_the_config_that_publishes_it_is_refused(repo: Repo, rg: Run) -> None:
    """A fourth outside pass: the config widened in one commit (no page yet), the page
    added in the next, under the config as it then stands: each gate passed both."""
    _adopted(
        repo,
        rg,
        {
            "hugo.toml": 'baseURL = "http://x/"\ntitle = "S"\n',
            "layouts/_default/single.html": "{{ .Content }}",
            "content/posts/hello.md": "---\ntitle: Hello\n---\n\nGardens.\n",
        },
    )
    repo.write("hugo.toml", 'baseURL = "http://x/"\ntitle = "S"\nstaticDir = ["static", "pub"]\n')
    repo.git("add", "-A")
    assert rg("pre-commit")[0] == 0  # no page there yet: nothing published anew
    repo.git("commit", "-qm", "static dirs", "--no-verify")
    repo.git("branch", "-f", "main")  # (landed)
    repo.write("pub/promo.html", "<p>" + TELLS + ", we moved on.</p>\n")
    # (and the site's theme's own static folder, in the same change)
    repo.write(
        "hugo.toml",
        'baseURL = "http://x/"\ntitle = "S"\nstaticDir = ["static", "pub"]\ntheme = "t"\n',
    )
    repo.write("themes/t/static/promo2.html", "<p>" + TELLS + ", we moved on.</p>\n")
    subprocess.run(["hugo", "--quiet", "-s", str(repo.path)], check=True, capture_output=True)
    assert TELLS in repo.read("public/promo.html")
    assert TELLS in repo.read("public/promo2.html")
    shutil.rmtree(repo.path / "public")
    _refused_for(repo, rg, ["pub/promo.html", "themes/t/static/promo2.html"])
    # The push hook too: its quick path ("nothing the gate reads changed") passed it.
    old, new = (repo.git("rev-parse", r).stdout.strip() for r in ("main", "HEAD"))
    proc = _pre_push(repo, f"refs/heads/agent {new} refs/heads/main {old}")
    assert proc.returncode == 2, proc.stdout + proc.stderr
    assert "pub/promo.html: the site publishes it" in proc.stderr


@pytest.mark.skipif(shutil.which("jekyll") is None, reason="jekyll is not installed")
def test_an_shtml_page_jekyll_copies_is_gated(repo: Repo, rg: Run, tmp_path: Path) -> None:
    """A fourth outside pass: about.shtml is served as HTML; Jekyll copies it."""
    repo.write("_config.yml", "title: Site\n")
    repo.write("_posts/2024-01-01-hello.md", "---\ntitle: Hello\n---\n\nGardens.\n")
    assert rg("init")[0] == 0
    repo.write("about.shtml", "<html><body><p>A page.</p></body></html>\n")
    out = tmp_path / "site"
    subprocess.run(
        ["jekyll", "build", "-q", "-s", str(repo.path), "-d", str(out)],
        check=True,
        capture_output=True,
    )
    assert (out / "about.shtml").is_file()
    drafts = {d["draft"] for d in json.loads(rg("status", "--format", "json")[1])["drafts"]}
    assert "about.shtml" in drafts


@pytest.mark.parametrize(
    ("line", "publishes"),
    [
        ("npm install hugo-extended -D", False),  # a dev dependency: the package
        ("yarn add hugo-bin -D", False),
        ("git -C themes/hugo-theme branch -D old", False),
        ("hugo --buildDrafts=false --minify", False),  # drafts said off
        ("hugo --buildDrafts=0", False),
        ("hugo --minify -D", True),
        ("npx hugo --buildDrafts=true", True),
        ("hugo --buildDrafts", True),
        ("hugo -DF", True),
    ],
)
def test_a_build_line_publishes_drafts_only_where_hugo_is_given_the_flag(
    line: str, publishes: bool
) -> None:
    """An honest setup script (a dev dependency installed with -D, a theme's branch
    deleted) builds no drafts: only hugo itself given -D (not set false) does."""
    from receipt_gate.rules.markers import publishing

    found = publishing(["scripts/setup.sh"], lambda _: f"#!/bin/sh\n{line}\n")
    assert bool(found) == publishes, found


_ALIASED = 'module.exports = (c) => { c.addExtension(["markdown"], { key: "md" }); };\n'
_CONFIG = "module.exports = (c) => { %s };\n"


@pytest.mark.parametrize(
    "config",
    [
        # The twenty-second pass's spellings: a glob's `/*` beside it, `//` in a string,
        # a quoted key, nested options, options in a variable, a plugin's file.
        _CONFIG % 'c.addPassthroughCopy("img/*.png"); c.addExtension("markdown", {key: "md"});'
        ' c.addPassthroughCopy("img/**/*.jpg");',
        _CONFIG % 'const h = "https://x.test//"; c.addExtension("markdown", {key: "md"});',
        _CONFIG % 'c.addExtension("markdown", { "key": "md" });',
        _CONFIG % 'c.addExtension("markdown", { o: { cache: true }, key: "md" });',
        'const md = { key: "md" };\n' + _CONFIG % 'c.addExtension("markdown", md);',
        _CONFIG % 'c.addPlugin(require("./lib/alias.js"));',
        # The twenty-third: beside another extension that names its output; by a name.
        _CONFIG % 'c.addExtension("markdown", {key: "md"});'
        ' c.addExtension("scss", {outputFileExtension: "css", compile: () => {}});',
        'const ext = "markdown";\n' + _CONFIG % 'c.addExtension(ext, {key: "md"});',
    ],
)
def test_an_eleventy_alias_however_written_refuses_its_page_ungated(
    repo: Repo, rg: Run, config: str
) -> None:
    repo.write("eleventy.config.js", "module.exports = (c) => {};\n")
    repo.write(
        "lib/alias.js", 'module.exports = (c) => { c.addExtension("markdown", {key: "md"}); };\n'
    )
    repo.write("posts/a.md", "---\ntitle: a\n---\nA.\n")
    assert rg("init")[0] == 0
    repo.write("eleventy.config.js", config)
    repo.write("posts/notes.markdown", "---\ntitle: n\n---\nNotes.\n")
    rc, _, err = rg("verify")
    assert rc == 2 and "renders posts/notes.markdown as a page" in err, err


def test_an_eleventy_alias_of_markdown_is_gated_and_one_added_later_refused(
    repo: Repo, rg: Run
) -> None:
    """The twenty-first outside pass: Eleventy's documented alias of a template language
    (`addExtension("markdown", {key: "md"})`) rendered posts/notes.markdown as a page
    that drafts never gated; added to the config in the same change as the page, the
    gate's config could not know it either."""
    repo.write("eleventy.config.js", _ALIASED)
    repo.write("posts/a.md", "---\ntitle: a\n---\nA.\n")
    repo.write("posts/notes.markdown", "---\ntitle: n\n---\nNotes.\n")
    repo.write("styles/site.scss", "a { color: red }\n")  # (compiled, no alias: no page)
    assert rg("init")[0] == 0
    assert _gated(rg) == {"posts/a.md", "posts/notes.markdown"}
    # The alias comes later, with its page, under drafts init wrote without it.
    repo.write("eleventy.config.js", "module.exports = (c) => {};\n")
    (repo.path / ".receipt-gate.yaml").unlink()
    assert rg("init")[0] == 0
    repo.write("eleventy.config.js", _ALIASED)
    rc, _, err = rg("verify")
    assert rc == 2 and "eleventy.config.js: renders posts/notes.markdown as a page" in err, err


@pytest.mark.parametrize(
    ("path", "text", "refused"),
    [
        ("notes.txt", "---\nlayout: default\npermalink: /notes.html\n---\nText.\n", True),
        ("docs/notes.json", "---\npermalink: '/n/notes.htm'\n---\n{}\n", True),
        ("robots.txt", "---\n---\nSitemap: {{ site.url }}/sitemap.xml\n", False),
        ("feed.xml", "---\npermalink: /feed.xml\n---\n<feed/>\n", False),
        ("notes.txt", "permalink: /notes.html\n", False),  # (no front matter: copied)
        ("_data/x.yml", "---\npermalink: /x.html\n---\n", False),  # (Jekyll reads no `_`)
        # The twenty-second: a folded value, one on the next line, a script, a default's.
        ("notes.txt", "---\npermalink: >-\n  /notes.html\n---\nText.\n", True),
        ("notes.txt", "---\npermalink:\n  /notes.html\n---\nText.\n", True),
        ("assets/notes.js", "---\npermalink: /notes.html\n---\nx\n", True),
        ("emails/welcome.liquid", "---\npermalink: /welcome.html\n---\nHi\n", False),
        ("notes.txt", "---\ntitle: n\n---\nText.\n", True),  # (the config's default)
        # The twenty-third: a collection under collections_dir; an exclude glob.
        ("coll/_notes/today.txt", "---\ntitle: t\n---\nText.\n", True),
        ("mail/welcome.liquid", "---\npermalink: /welcome.html\n---\nHi\n", False),
    ],
)
def test_a_jekyll_file_rendered_to_an_html_page_must_be_gated(
    repo: Repo, rg: Run, path: str, text: str, refused: bool
) -> None:
    """The twenty-first outside pass: notes.txt with front matter and `permalink:
    /notes.html` is rendered through its layout to an HTML page (real Jekyll), which
    drafts, gating markdown and HTML, never took for a page."""
    repo.write(
        "_config.yml",
        "title: x\nexclude: [emails, 'mail/*.liquid']\ncollections_dir: coll\n"
        "collections:\n  notes: {output: true, permalink: '/notes/:name/'}\ndefaults:\n"
        '  - scope: {path: "notes.txt"}\n    values: {permalink: /notes.html}\n',
    )
    repo.write("_posts/2024-01-01-a.md", "---\ntitle: a\n---\nA.\n")
    assert rg("init")[0] == 0
    repo.write(path, text)
    rc, _, err = rg("verify")
    assert (rc == 2 and f"{path}: Jekyll renders it to an HTML page" in err) == refused, err
