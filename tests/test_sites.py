"""Sites as their generators see them: `init` on repositories laid out like five real
sites a new user tried (a plain-markdown project in many languages, an MkDocs site whose
configs sit in docs/<language>/, an Astro Starlight site, a site built by its own
generator from .md, .html and .slide files; mdBook has tests/test_sites_mdbook.py), and
the gated set compared with the pages each publishes: none missed, and no script,
config or unlisted file gated. MkDocs is built for real (the oracle); the others are
read from their documented rules (Starlight: src/content/docs; tldr-style clients:
every page file), as each test says.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from receipt_gate.base import wildmatch
from receipt_gate.rules.config import load
from tests.conftest import GOOD_DRAFT, TELLS, Repo, Run
from tests.test_generators import _published, _site


def _gated(rg: Run) -> set[str]:
    rc, out, err = rg("status", "--all", "--format", "json")
    assert rc in (0, 1), err
    return {d["draft"] for d in json.loads(out)["drafts"] if d["gated"]}


def _drafts(repo: Repo) -> list[str]:
    return list(load(repo.read(".receipt-gate.yaml").encode()).drafts)


def _takes(repo: Repo, path: str) -> bool:
    return wildmatch.match(_drafts(repo), path)


def test_plain_markdown_in_many_languages_gates_its_pages_and_nothing_else(
    repo: Repo, rg: Run
) -> None:
    """tldr-style: pages in pages/ and pages.<lang>/, scripts, configs, a symlinked
    language folder; no generator (its clients read every page file)."""
    page = "# {0}\n\n> Does {0} things.\n\n- Run it:\n\n`{0}`\n"
    pages = {
        f"{folder}/{os_}/{cmd}.md": page.format(cmd)
        for folder in ("pages", "pages.de", "pages.fr", "pages.ja", "pages.pt_BR")
        for os_ in ("common", "linux")
        for cmd in ("tar", "git")
    }
    for path, text in pages.items():
        repo.write(path, text)
    repo.write("scripts/build_index.py", "print('index')\n")
    repo.write("scripts/test.sh", "#!/bin/sh\nexit 0\n")
    repo.write("package.json", '{"name": "pages"}\n')
    repo.write("README.md", "# The project\n")
    repo.write("CONTRIBUTING.md", "# Contributing\n")
    repo.write(".github/ISSUE_TEMPLATE/bug.md", "# Bug\n")
    os.symlink("pages", repo.path / "pages.en")
    rc, out, _ = rg("init")
    assert rc == 0, out
    assert "no generator this gate knows builds it, so it cannot tell what the site" in out
    assert _gated(rg) == set(pages)
    for other in (
        "scripts/new.py",
        "scripts/new.md.bak",
        ".receipt-gate.yaml",
        ".receipt-gate-baseline.json",
        "package.json",
        "README.md",
        "pages.en",
        "pages.en/common/tar.md",
    ):
        assert not _takes(repo, other), other
    assert _takes(repo, "pages.it/common/new.md")  # a new language is gated
    # The symlinked folder is left out in the spelling the gate reads: no exit 2.
    rc, out, err = rg("adopt")
    assert rc in (0, 1) and "symlink" not in out + err, out + err


def _mkdocs_built(repo: Repo, config: str) -> Path:
    out = repo.path / "site" / config.replace("/", "_")
    subprocess.run(
        [
            sys.executable,
            "-m",
            "mkdocs",
            "build",
            "-q",
            "-f",
            str(repo.path / config),
            "-d",
            str(out),
        ],
        check=True,
        capture_output=True,
    )
    return out


def test_an_mkdocs_site_with_a_config_per_language_in_subfolders(repo: Repo, rg: Run) -> None:
    """FastAPI-style: docs/en/mkdocs.yml, docs/es/mkdocs.yml INHERITing it, pages in
    docs/<lang>/docs/, translation prompts beside them the build never publishes. The
    real MkDocs is the oracle. MkDocs has no draft marker: --unpublish is refused."""
    pytest.importorskip("mkdocs")
    repo.write("docs/en/mkdocs.yml", "site_name: Docs\n")
    repo.write("docs/es/mkdocs.yml", "INHERIT: ../en/mkdocs.yml\nsite_name: Documentos\n")
    words = _site(
        repo,
        {
            "docs/en/docs/index.md": "# Home\n\n",
            "docs/en/docs/tutorial/first.md": "# First\n\n",
            "docs/en/docs/draft.md": "---\ndraft: true\n---\n# Draft\n\n",  # published anyway
            "docs/es/docs/index.md": "# Inicio\n\n",
            "docs/es/docs/tutorial/first.md": "# Primero\n\n",
            "docs/es/llm-prompt.md": "Translate into Spanish.\n\n",  # never published
            "docs/missing-translation.md": "This page is not translated yet.\n\n",
        },
    )
    repo.write("scripts/docs.py", "print('build')\n")
    rc, out, _ = rg("init")
    assert rc == 0, out
    assert "an MkDocs site (2 configs: docs/en/, docs/es/)" in out
    published = _published(_mkdocs_built(repo, "docs/en/mkdocs.yml"), words) | _published(
        _mkdocs_built(repo, "docs/es/mkdocs.yml"), words
    )
    assert published == {p for p in words if p.startswith(("docs/en/docs/", "docs/es/docs/"))}
    assert _gated(rg) == published
    assert not _takes(repo, "scripts/new.py") and not _takes(repo, "docs/es/new-prompt.md")
    rc, out, err = rg("adopt", "--unpublish")
    assert (rc, err) == (
        2,
        "receipt-gate: adopt --unpublish: this site's generator publishes"
        " every page (it has no draft marker: draft_markers in"
        " .receipt-gate.yaml mark nothing), so nothing can hold a failing"
        " page back; use adopt --baseline\n",
    )


def test_an_astro_starlight_site_gates_its_content_collections(repo: Repo, rg: Run) -> None:
    """Starlight publishes src/content/docs (.md, .mdx), `draft: true` held back (its
    documented frontmatter); pages of code (.astro) are layouts, not writing."""
    repo.write("astro.config.mjs", "import starlight from '@astrojs/starlight';\n")
    pages = [
        "src/content/docs/index.mdx",
        "src/content/docs/guides/start.md",
        "src/content/docs/reference/api.md",
    ]
    for p in pages:
        repo.write(p, "---\ntitle: T\n---\nText.\n")
    repo.write("src/content/docs/guides/soon.md", "---\ntitle: Soon\ndraft: true\n---\nX.\n")
    repo.write("src/content/config.ts", "export const collections = {};\n")
    repo.write("src/pages/404.astro", "<h1>Not found</h1>\n")
    repo.write("src/pages/notes.md", "---\ntitle: N\ndraft: true\n---\nX.\n")  # routed
    repo.write("README.md", "# Site\n")
    assert rg("init")[0] == 0
    assert _gated(rg) == {*pages, "src/pages/notes.md"}
    assert _takes(repo, "src/content/docs/guides/soon.md")  # held back by its marker only
    assert not _takes(repo, "src/content/config.ts") and not _takes(repo, "README.md")


def test_an_astro_site_gates_its_pages_and_every_draft(repo: Repo, rg: Run) -> None:
    """Astro builds every markdown, MDX and HTML page of src/pages/ (not a `_` one), and
    has no draft marker since Astro 3: a `draft: true` is the site's own field, which a
    `getCollection()` may not filter (an outside pass built both)."""
    repo.write(  # (a comment naming Starlight is no use of it: an outside review)
        "astro.config.mjs", "import { defineConfig } from 'astro/config';\n// no starlight\n"
    )
    pages = [
        "src/content/blog/first.md",
        "src/content/blog/later.md",
        "src/pages/notes.md",
        "src/pages/about/team.mdx",
        "src/pages/legal.html",
    ]
    for p in pages:
        repo.write(p, "---\ntitle: T\n---\nText.\n")
    repo.write("src/content/blog/wip.md", "---\ntitle: Soon\ndraft: true\n---\nX.\n")
    repo.write("src/pages/_partial.md", "Text.\n")
    repo.write("src/pages/index.astro", "<h1>Home</h1>\n")
    assert rg("init")[0] == 0
    assert _gated(rg) == {*pages, "src/content/blog/wip.md"}
    assert not _takes(repo, "src/pages/_partial.md")
    assert not _takes(repo, "src/pages/index.astro")


def test_a_site_built_by_its_own_generator_gates_every_page_kind_where_its_writing_is(
    repo: Repo, rg: Run
) -> None:
    """golang.org-style: _content/ holds .md posts, .html pages and .slide talks that the
    site's own program renders; its Go code and templates' data are no pages. init says
    it cannot tell, gates every page kind there, and names what it leaves out."""
    pages = [
        "_content/blog/intro.md",
        "_content/blog/gc.md",
        "_content/blog/modules.md",
        "_content/doc/install.html",
        "_content/doc/faq.html",
        "_content/talks/2012/splash.slide",
        "_content/talks/2014/go4gophers.slide",
        "_content/ref/spec.html",
    ]
    for p in pages:
        repo.write(p, "Text of a page.\n")
    repo.write("cmd/golangorg/main.go", "package main\n")
    repo.write("go.mod", "module golang.org/x/website\n")
    repo.write("internal/web/site.tmpl", "{{.Content}}\n")
    repo.write("README.md", "# website\n")
    rc, out, _ = rg("init")
    assert rc == 0, out
    assert "pages under _content/ (.html, .md, .slide)" in out
    assert "cannot tell what the site publishes" in out
    assert _gated(rg) == set(pages)
    assert not _takes(repo, "cmd/golangorg/new.go") and not _takes(repo, "go.mod")


def test_init_names_page_like_files_it_leaves_out_by_kind(repo: Repo, rg: Run) -> None:
    repo.write("mkdocs.yml", "site_name: Docs\n")
    repo.write("docs/index.md", "# Home\n")
    repo.write("talks/a.slide", "Talk\n")
    repo.write("talks/b.slide", "Talk\n")
    repo.write("legacy/old.html", "<p>Old</p>\n")
    rc, out, _ = rg("init")
    assert rc == 0
    assert (
        "  left out: 2 .slide files (talks/), which the site does not publish as this"
        " config reads it; add them to drafts if it does"
    ) in out
    assert "  left out: 1 .html file (legacy/)" in out


PRE_COMMIT_CONFIG = """\
# The team's hooks: keep this comment.
default_stages: [pre-commit]
repos:
- repo: local
  hooks:
  - id: team-check  # the team's own
    name: team check
    entry: "true"
    language: system
    files: \\.md$

# Settings for the CI service.
ci:
  autofix: false
"""


def test_init_adds_its_hooks_to_a_pre_commit_config_keeping_comments_and_order(
    repo: Repo, rg: Run
) -> None:
    repo.write(".pre-commit-config.yaml", PRE_COMMIT_CONFIG)
    repo.write("drafts/a.md", GOOD_DRAFT)
    rc, out, _ = rg("init")
    assert rc == 0
    assert "added receipt-gate's hooks to .pre-commit-config.yaml" in out
    text = repo.read(".pre-commit-config.yaml")
    head, _, _ = PRE_COMMIT_CONFIG.partition("\n# Settings for the CI service.\n")
    assert text.startswith(head) and text.endswith(
        "\n# Settings for the CI service.\nci:\n  autofix: false\n"
    )
    from receipt_gate.base import yamlio

    repos = yamlio.load(text, "x")["repos"]
    assert [r["repo"] for r in repos] == ["local", "local"]
    assert repos[0]["hooks"][0]["id"] == "team-check"
    assert [h["id"] for h in repos[1]["hooks"]][:2] == ["receipt-gate", "receipt-gate-push"]
    # Told not to, init prints the block and changes nothing.
    repo.write(".pre-commit-config.yaml", "repos: []\n")
    rc, out, _ = rg("init", "--force", "--print-hooks")
    assert rc == 0 and "add these lines to .pre-commit-config.yaml under `repos:`, then" in out
    assert repo.read(".pre-commit-config.yaml") == "repos: []\n"
    # A list init cannot extend plainly (a flow list with repos in it): it says so.
    flow = "repos: [{repo: local, hooks: [{id: x, name: x, entry: 'true', language: system}]}]\n"
    repo.write(".pre-commit-config.yaml", flow)
    rc, out, _ = rg("init", "--force")
    assert "(init could not add them to it plainly)" in out
    assert repo.read(".pre-commit-config.yaml") == flow


@pytest.mark.e2e
def test_the_readme_flow_gates_a_repository_with_its_own_pre_commit_config(
    repo: Repo, rg: Run, pre_commit_home: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """README's five commands, as written, on a repository that has a pre-commit config:
    the gate is installed, and refuses a draft with a finding."""
    from tests.test_e2e_pre_commit import commit, gate_lines

    monkeypatch.setenv("PRE_COMMIT_HOME", pre_commit_home)
    monkeypatch.setenv("PATH", f"{os.path.dirname(sys.executable)}{os.pathsep}{os.environ['PATH']}")
    repo.write(".pre-commit-config.yaml", PRE_COMMIT_CONFIG)
    repo.write("drafts/a.md", GOOD_DRAFT)
    assert rg("init")[0] == 0
    assert rg("adopt", "--baseline")[0] == 0
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pre_commit",
            "install",
            "--hook-type",
            "pre-commit",
            "--hook-type",
            "pre-merge-commit",
            "--hook-type",
            "pre-push",
        ],
        cwd=repo.path,
        check=True,
        capture_output=True,
    )
    repo.git("add", "-A")
    rc, out = commit(repo, "Adopt receipt-gate")
    assert rc == 0, out
    assert [line.rsplit(".", 1)[-1] for line in gate_lines(out)] == ["Passed"]
    repo.write("drafts/b.md", GOOD_DRAFT + "\n" + TELLS + ".\n")
    repo.git("add", "-A")
    rc, out = commit(repo, "a draft with a finding")
    assert rc == 1 and "drafts/b.md:11:1: ai-tells: AI tells weigh" in out


def test_a_second_mkdocs_site_kept_in_an_output_named_folder_is_read(repo: Repo, rg: Run) -> None:
    """An outside pass: site/mkdocs.yml (built with `mkdocs build -f site/mkdocs.yml`)
    was taken for build output, and its pages published ungated. A build writes no
    config of its own into its output: a folder that holds one is a site's."""
    pytest.importorskip("mkdocs")
    repo.write("mkdocs.yml", "site_name: S\n")
    repo.write("docs/index.md", "# Home\n\nThe home page.\n")
    repo.write("site/mkdocs.yml", "site_name: T\n")
    repo.write("site/docs/index.md", "# Second\n\nThe second site.\n")
    rc, out, _ = rg("init")
    assert rc == 0 and "2 configs: ./, site/" in out, out
    built = _mkdocs_built(repo, "site/mkdocs.yml")
    assert (built / "index.html").exists()
    assert _takes(repo, "site/docs/index.md") and _takes(repo, "docs/index.md")


SNIPPETS = (
    "site_name: S\nmarkdown_extensions:\n  - pymdownx.snippets:\n"
    "      base_path: [includes]\n      auto_append: [note.md]\n"
)


def test_what_snippets_appends_to_every_page_is_gated(repo: Repo, rg: Run) -> None:
    """The eleventh outside pass: pymdownx.snippets' auto_append put a file of AI prose
    into every page, and no drafts glob gated it. init gates what it appends; where a
    config appends a file drafts does not gate, the gate refuses and names it."""
    repo.write("mkdocs.yml", SNIPPETS)
    repo.write("docs/index.md", "# Home\n\nHello.\n")
    repo.write("includes/note.md", "*[HTML]: Hyper Text Markup Language\n")
    assert rg("init")[0] == 0
    assert wildmatch.match(_drafts(repo), "includes/note.md")
    assert rg("run")[0] == 0
    repo.write("includes/note.md", TELLS + ".\n")
    assert rg("run")[0] == 1  # gated: its tells are found
    repo.write(
        ".receipt-gate.yaml",
        (repo.path / ".receipt-gate.yaml").read_text().replace(', "includes/note.md"', ""),
    )
    rc, _, err = rg("verify")
    assert rc == 2, err
    assert "mkdocs.yml: the site puts includes/note.md into its pages" in err


def test_a_docusaurus_page_outside_its_plugins_folders_supports_nothing(
    repo: Repo, rg: Run
) -> None:
    """The twelfth outside pass: notes/plan.md, which Docusaurus's default plugins do not
    build, supported a number. It is gated (a plugin's path: may publish it) but is no
    article."""
    repo.write("docusaurus.config.js", "module.exports = {title: 'S'};\n")
    repo.write("docs/intro.md", "# Intro\n\nHello.\n")
    repo.write("notes/plan.md", "# Plan\n\nText.\n")
    assert rg("init")[0] == 0
    cfg = load(repo.read(".receipt-gate.yaml").encode())
    assert wildmatch.match(cfg.drafts, "notes/plan.md")
    articles = cfg.checks["headline-numbers"]["articles"]
    assert wildmatch.select(articles, ["docs/intro.md", "notes/plan.md"]) == ["docs/intro.md"]


def _theme(tmp_path: Path, files: dict[str, str]) -> list[str]:
    """A theme's own repository holding these files, committed: its git command."""
    theme = tmp_path / "theme"
    git = ["git", "-C", str(theme), "-c", "user.name=t", "-c", "user.email=t@t"]
    theme.mkdir()
    subprocess.run([*git[:3], "init", "-q", "-b", "main"], check=True)
    _theme_commit(None, git, files, "t")
    return git


def _theme_commit(
    repo_path: Path | None, git: list[str], files: dict[str, str], message: str
) -> None:
    """These files committed in the theme and, given the site, pulled into its
    submodule (themes/x) and staged there."""
    theme = Path(git[2])
    for rel, text in files.items():
        (theme / rel).parent.mkdir(parents=True, exist_ok=True)
        (theme / rel).write_text(text)
    subprocess.run([*git, "add", "-A"], check=True)
    subprocess.run([*git, "commit", "-qm", message], check=True)
    if repo_path is not None:
        sub = ["git", "-C", str(repo_path / "themes/x"), "-c", "protocol.file.allow=always"]
        subprocess.run([*sub, "pull", "-q", "origin", "main"], check=True)
        subprocess.run(["git", "-C", str(repo_path), "add", "themes/x"], check=True)


def test_a_submodule_a_change_moves_is_read_where_a_theme_publishes_from(
    repo: Repo, rg: Run, tmp_path: Path
) -> None:
    """The fourteenth pass: a pull request moved a Hugo theme's submodule to a commit
    whose content/ held AI prose, and Hugo published it. A submodule the change adds
    or moves is read where it is checked out: pages in its content/, or a commit the
    gate cannot read, are refused by name; a theme with no pages there is not."""
    git = _theme(
        tmp_path,
        {
            "layouts/single.html": "{{ .Content }}\n",
            "exampleSite/content/demo.md": "Demo.\n",  # (not mounted)
        },
    )
    theme = Path(git[2])
    repo.write("hugo.toml", 'title = "x"\n')
    repo.write("content/posts/hi.md", "---\ntitle: Hi\n---\nHello there.\n")
    assert rg("init")[0] == 0
    repo.write("hugo.toml", 'title = "x"\ntheme = "x"\n')  # (after init, as an outside pass)
    repo.git("-c", "protocol.file.allow=always", "submodule", "add", "-q", str(theme), "themes/x")
    assert rg("run")[0] == 0
    repo.commit_all("base", "--no-verify")
    # A theme commit without pages in content/: the move is fine.
    _theme_commit(repo.path, git, {"static/a.css": "p{}\n"}, "css")
    rc, out, err = rg("pre-commit")
    assert rc == 0, out + err
    repo.commit_all("css", "--no-verify")
    # One with a page there: refused, by name, in the index and in the commit.
    notes = {"content/posts/notes.md": "In conclusion, a testament.\n"}
    _theme_commit(repo.path, git, notes, "ai")
    rc, out, err = rg("pre-commit")
    assert rc != 0 and "themes/x: a submodule this change adds or moves" in out + err
    assert "content/posts/notes.md" in out + err
    base = repo.git("rev-parse", "HEAD").stdout.strip()
    repo.commit_all("ai", "--no-verify")
    rc, out, err = rg("verify", "--rev", "HEAD", "--policy-from", base)
    assert rc != 0 and "themes/x: a submodule" in out + err, out + err
    # Where it is not checked out, the gate cannot read it: refused too.
    subprocess.run(["git", "-C", str(repo.path), "submodule", "deinit", "-q", "-f", "themes/x"])
    rc, out, err = rg("verify", "--rev", "HEAD", "--policy-from", base)
    assert rc != 0 and "the gate cannot read it" in out + err, out + err


def test_a_hugo_modules_vendored_content_is_gated(repo: Repo, rg: Run) -> None:
    """The fifteenth pass: Hugo builds a module vendored into _vendor/ from there; a page
    a pull request added to its content/ was published and nothing gated it."""
    repo.write("hugo.toml", '[module]\n[[module.imports]]\npath = "github.com/x/theme"\n')
    repo.write("content/posts/hi.md", "---\ntitle: Hi\n---\nHello there.\n")
    repo.write("_vendor/modules.txt", "# github.com/x/theme v0.0.0\n")
    repo.write("_vendor/github.com/x/theme/layouts/_default/single.html", "{{ .Content }}\n")
    assert rg("init")[0] == 0
    assert _takes(repo, "_vendor/github.com/x/theme/content/posts/notes.md")
    assert not _takes(repo, "_vendor/github.com/x/theme/layouts/_default/single.html")


def test_a_moved_submodule_is_read_where_its_own_config_mounts_content(
    repo: Repo, rg: Run, tmp_path: Path
) -> None:
    """The fifteenth pass: the theme's own config mounted pages/ as content, and the
    check read only its content/."""
    git = _theme(tmp_path, {"README.md": "# A theme\n"})  # (not mounted: no page of the site)
    theme = Path(git[2])
    repo.write("hugo.toml", 'title = "x"\n')
    repo.write("content/posts/hi.md", "---\ntitle: Hi\n---\nHello there.\n")
    assert rg("init")[0] == 0
    repo.write("hugo.toml", 'title = "x"\ntheme = "x"\n')
    repo.git("-c", "protocol.file.allow=always", "submodule", "add", "-q", str(theme), "themes/x")
    assert rg("run")[0] == 0
    repo.commit_all("base", "--no-verify")
    mounted = {
        "hugo.toml": '[[module.mounts]]\nsource = "pages"\ntarget = "content"\n',
        "pages/posts/notes.md": "In conclusion, a testament.\n",
    }
    _theme_commit(repo.path, git, mounted, "ai")
    rc, out, err = rg("pre-commit")
    assert rc != 0 and "pages/posts/notes.md" in out + err, out + err


def test_the_config_loader_knows_every_generators_render_configs() -> None:
    """The commit path looks for these before it imports any generator."""
    from receipt_gate import sites
    from receipt_gate.base import wildmatch
    from receipt_gate.rules.config import RENDER_CONFIGS

    every = {
        g if "*" in g else wildmatch.escape(g)
        for m in sites.TABLE
        for g in getattr(m, "RENDER_CONFIGS", ())
    }
    assert set(RENDER_CONFIGS) == every


def test_a_mount_is_read_within_its_own_table() -> None:
    """Round 34: the plain-text mount reader paired one mount's `target = "content"`
    with the next mount's `source = "layouts"`, and the honest site was refused."""
    from receipt_gate.sites.hugo import text_folders

    text = (
        '[module]\n[[module.mounts]]\nsource = "content"\ntarget = "content"\n'
        'excludeFiles = ["posts/archive/**"]\n[[module.mounts]]\nsource = "layouts"\n'
        'target = "layouts"\n'
    )
    assert text_folders("hugo", "hugo.toml", text) == [("content", False)]
    yaml = "module:\n  mounts:\n  - target: content\n  - source: layouts\n    target: layouts\n"
    assert text_folders("hugo", "hugo.yaml", yaml) == []
    json_text = '{"mounts": [{"target": "content"}, {"source": "layouts", "target": "layouts"}]}'
    assert text_folders("hugo", "hugo.json", json_text) == []


@pytest.mark.parametrize(
    ("template", "prints"),
    [
        ('<a href="{{ .Destination }}">{{ .Text }}</a>', True),
        ('<a class="ext">{{- .Text | safeHTML -}}</a>', True),
        ("<a>{{ .Text | safe.HTML }}</a>", True),
        ("{{ with .Text | safeHTML }}{{ . }}{{ end }}", True),
        # every branch prints it (a link opened in a new tab, an alert block quote)
        (
            '{{ if strings.HasPrefix .Destination "http" }}<a target="_blank">{{ .Text }}'
            "</a>{{ else }}<a>{{ .Text }}</a>{{ end }}",
            True,
        ),
        # not surely: in one branch, in an attribute (a `>` in a value before it), in a
        # comment, a hiding element, a script
        ("{{ if .Title }}<a>{{ .Text }}</a>{{ end }}", False),
        ('<a data-x="a>b" title="{{ .Text }}"></a>', False),
        ('<a title="{{ if .Title }}>{{ end }}{{ .Text }}"></a>', False),
        ("{{/* <a>{{ .Text }}</a> */}}<a></a>", False),
        ("<span hidden>{{ .Text }}</span>", False),
        ("<script>{{ .Text }}</script>", False),
        ('<a href="{{ .Destination }}"></a>', False),
        # round 65: a variable given the text, a style an action writes
        ('{{- $text := .Text -}}<a href="{{ .Destination }}">{{ $text | safeHTML }}</a>', True),
        ("{{ $t := .Title }}<a>{{ $t }}</a>", False),
        ('<h2 style="{{ "display:none" | safeCSS }}">{{ .Text | safeHTML }}</h2>', False),
        # session 56: conditions of literals read as the page templates' are (one
        # reading: _constant): a branch that surely runs, one that never does
        ("{{ if true }}<a>{{ .Text }}</a>{{ end }}", True),
        ("{{ if eq 1 1 }}<a>{{ .Text }}</a>{{ else }}<a></a>{{ end }}", True),
        ("{{ if false }}<a></a>{{ else }}<a>{{ .Text }}</a>{{ end }}", True),
        ("{{ if false }}<a></a>{{ else if true }}<a>{{ .Text }}</a>{{ end }}", True),
        ("{{ if false }}<a>{{ .Text }}</a>{{ end }}", False),
        ("{{ if false }}<a>{{ .Text }}</a>{{ else }}<a>{{ .Text }}</a>{{ end }}", True),
        ("{{ if true }}<a></a>{{ else }}<a>{{ .Text }}</a>{{ end }}", False),
        ("{{ if .Title }}<a></a>{{ else if true }}<a>{{ .Text }}</a>{{ end }}", False),
        ('{{ if in "abc" "z" }}<a>{{ .Text }}</a>{{ end }}', False),
        ('{{ with "" }}<a>{{ .Text }}</a>{{ end }}', False),
        # (a condition of literals the gate cannot evaluate may run: the else after it
        # is no surer)
        ('{{ if in "abc" "b" }}x{{ else }}<a>{{ .Text }}</a>{{ end }}', False),
    ],
)
def test_a_render_hook_surely_prints_its_text_or_not(template: str, prints: bool) -> None:
    from receipt_gate.sites.hugo import _prints_text

    assert _prints_text(template) is prints


def test_only_hooks_hugo_uses_for_pages_are_read() -> None:
    from receipt_gate.sites.hugo import unshown_by_render_hooks

    empty = '<a href="{{ .Destination }}"></a>'
    paths = [
        "layouts/_default/_markup/render-heading-anchor.html",
        "layouts/partials/render-link.html",
        "layouts/_default/_markup/render-link.rss.xml",
        "themes/t/layouts/_markup/render-blockquote.en.html",
    ]
    assert unshown_by_render_hooks(paths, lambda p: empty) == frozenset({"blockquote"})


PRINTS = "<main>{{ .Content }}</main>"
TITLE_ONLY = "<h1>{{ .Title }}</h1>"


@pytest.mark.parametrize(
    ("files", "page", "fields", "unprinted"),
    [
        # round 65: Hugo's template for a page that prints no body, or only some of it
        ({"layouts/_default/single.html": TITLE_ONLY}, "posts/x.md", {}, "_default/single"),
        ({"layouts/_default/single.html": PRINTS}, "posts/x.md", {}, None),
        ({"layouts/_default/single.html": "{{ .Content | truncate 50 }}"}, "x.md", {}, "_"),
        ({"layouts/_default/single.html": "<p>{{ .Summary }}</p>"}, "x.md", {}, "_"),
        ({"layouts/_default/single.html": "<!-- {{ .Content }} -->"}, "x.md", {}, "_"),
        ({"layouts/_default/single.html": "<div hidden>{{ .Content }}</div>"}, "x.md", {}, "_"),
        ({"layouts/_default/single.html": "{{/* {{ .Content }} */}}"}, "x.md", {}, "_"),
        # the most specific template builds the page: its section's, a layout it names
        (
            {"layouts/posts/single.html": TITLE_ONLY, "layouts/_default/single.html": PRINTS},
            "posts/x.md",
            {},
            "posts/single",
        ),
        (
            {"layouts/posts/single.html": TITLE_ONLY, "layouts/_default/single.html": PRINTS},
            "notes/x.md",
            {},
            None,
        ),
        (
            {"layouts/posts/page.html": TITLE_ONLY, "layouts/page.html": PRINTS},
            "posts/x.md",
            {},
            "posts/page",
        ),
        (
            {"layouts/_default/bare.html": TITLE_ONLY, "layouts/_default/single.html": PRINTS},
            "posts/x.md",
            {"layout": "bare"},
            "_default/bare",
        ),
        (
            {"layouts/notes/single.html": TITLE_ONLY, "layouts/_default/single.html": PRINTS},
            "posts/x.md",
            {"Type": "notes"},
            "notes/single",
        ),
        # a base template, a partial: what they print counts
        (
            {
                "layouts/_default/single.html": '{{ define "main" }}<h1>{{ .Title }}</h1>{{ end }}',
                "layouts/_default/baseof.html": '<main>{{ block "main" . }}{{ end }}</main>',
            },
            "x.md",
            {},
            "_default/single",
        ),
        (
            {
                "layouts/_default/single.html": '{{ define "main" }}<h1>{{ .Title }}</h1>{{ end }}',
                "layouts/_default/baseof.html": '{{ block "main" . }}{{ end }}{{ .Content }}',
            },
            "x.md",
            {},
            None,
        ),
        (
            {
                "layouts/posts/single.html": '{{ define "main" }}<h1>{{ .Title }}</h1>{{ end }}',
                "layouts/posts/baseof.html": '{{ block "main" . }}{{ end }}{{ .Content }}',
            },
            "posts/x.md",
            {},
            None,
        ),
        (
            {
                "layouts/_default/single.html": '{{ partial "body.html" . }}',
                "layouts/partials/body.html": PRINTS,
            },
            "x.md",
            {},
            None,
        ),
        (
            {
                "layouts/_default/single.html": '{{ partial "body" . }}',
                "layouts/partials/body.html": TITLE_ONLY,
            },
            "x.md",
            {},
            "_default/single",
        ),
        ({"layouts/_default/single.html": "{{ partial $name . }}"}, "x.md", {}, None),
        # a call given the site, not the page; the word in a string; Hugo's own partials
        (
            {
                "layouts/_default/single.html": "{{ partials.Include $css site }}"
                + '{{ partial "opengraph.html" . }}{{ warnf "no partial %q" .Title }}'
            },
            "x.md",
            {},
            "_default/single",
        ),
        # a theme's, unless the site's own replaces it
        ({"themes/t/layouts/_default/single.html": TITLE_ONLY}, "x.md", {}, "_default/single"),
        (
            {
                "themes/t/layouts/_default/single.html": TITLE_ONLY,
                "layouts/_default/single.html": PRINTS,
            },
            "x.md",
            {},
            None,
        ),
        # what the gate cannot say: no template (a module's, Hugo's own), a cascade
        ({"layouts/partials/x.html": TITLE_ONLY}, "x.md", {}, None),
        (
            {"layouts/_default/single.html": TITLE_ONLY, "hugo.toml": '[cascade]\nlayout = "x"\n'},
            "x.md",
            {},
            None,
        ),
        # round 66: a branch no value takes, a body assigned and never printed, functions
        # that print a part of it, a string, a language's own template, a base with no
        # place for the block, a view that prints none, a theme the site does not use
        (
            {"layouts/_default/single.html": "{{ if false }}{{ .Content }}{{ end }}"},
            "x.md",
            {},
            "_",
        ),
        (
            {"layouts/_default/single.html": "{{ if eq 1 2 }}{{ .Content }}{{ else }}x{{ end }}"},
            "x.md",
            {},
            "_",
        ),
        (
            {"layouts/_default/single.html": "{{ if true }}x{{ else }}{{ .Content }}{{ end }}"},
            "x.md",
            {},
            "_",
        ),
        (
            {"layouts/_default/single.html": "{{ if .Params.b }}{{ .Content }}{{ end }}"},
            "x.md",
            {},
            None,
        ),
        ({"layouts/_default/single.html": "{{ $body := .Content }}<p>No.</p>"}, "x.md", {}, "_"),
        (
            {"layouts/_default/single.html": "{{ $b := .Content }}{{ $b | safeHTML }}"},
            "x.md",
            {},
            None,
        ),
        (
            {"layouts/_default/single.html": '{{ printf "%.9s" .Content | safeHTML }}'},
            "x.md",
            {},
            "_",
        ),
        ({"layouts/_default/single.html": "{{ strings.Repeat 0 .Content }}"}, "x.md", {}, "_"),
        ({"layouts/_default/single.html": "{{ .Content | urlquery }}"}, "x.md", {}, "_"),
        (
            {"layouts/_default/single.html": '{{ index (split .Content ".") 0 | safeHTML }}'},
            "x.md",
            {},
            "_",
        ),
        ({"layouts/_default/single.html": '<code>{{ "{{ .Content }}" }}</code>'}, "x.md", {}, "_"),
        (
            {
                "layouts/_default/single.html": "{{ .Content | replaceRE "
                + '"<img " "<img x " | safeHTML }}'
            },
            "x.md",
            {},
            None,
        ),
        (
            {"layouts/_default/single.html": PRINTS, "layouts/_default/single.en.html": TITLE_ONLY},
            "x.md",
            {},
            "_default/single.en",
        ),
        (
            {"layouts/_default/single.html": PRINTS, "layouts/_default/single.en.html": TITLE_ONLY},
            "x.fr.md",
            {},
            None,
        ),
        (
            {
                "layouts/_default/single.html": '{{ define "main" }}{{ .Content }}{{ end }}',
                "layouts/_default/baseof.html": "<h1>{{ .Title }}</h1>"
                + '{{ block "other" . }}{{ end }}',
            },
            "x.md",
            {},
            "_",
        ),
        (
            {
                "layouts/_default/single.html": '{{ .Render "card" }}',
                "layouts/_default/card.html": TITLE_ONLY,
            },
            "x.md",
            {},
            "_",
        ),
        (
            {
                "layouts/_default/single.html": '{{ .Render "card" }}',
                "layouts/posts/card.html": PRINTS,
            },
            "posts/x.md",
            {},
            None,
        ),
        (
            {
                "themes/t/layouts/_default/single.html": TITLE_ONLY,
                "themes/b/layouts/_default/single.html": PRINTS,
            },
            "x.md",
            {},
            "_default/single",
        ),
        # round 67: the first theme the config names wins; a theme's language variant
        # beats the site's plain template
        (
            {
                "hugo.toml": 'theme = ["t", "b"]\n',
                "themes/t/layouts/_default/single.html": TITLE_ONLY,
                "themes/b/layouts/_default/single.html": PRINTS,
            },
            "x.md",
            {},
            "_default/single",
        ),
        (
            {
                "themes/t/layouts/_default/single.en.html": TITLE_ONLY,
                "layouts/_default/single.html": PRINTS,
            },
            "x.md",
            {},
            "_default/single.en",
        ),
        # round 67: a variable given the body anew, Go's `if(false)`, a block in a branch
        # that never runs, another page's body (a list's children, `site.GetPage`), the
        # dot of a `with .Content`, a partial cached for the whole site
        (
            {"layouts/_default/single.html": '{{ $c := .Content }}{{ $c = "" }}{{ $c }}'},
            "x.md",
            {},
            "_",
        ),
        ({"layouts/_default/single.html": "{{if(false)}}{{.Content}}{{end}}"}, "x.md", {}, "_"),
        (
            {
                "layouts/_default/single.html": '{{ define "main" }}{{ .Content }}{{ end }}',
                "layouts/_default/baseof.html": "{{ if false }}"
                + '{{ block "main" . }}{{ end }}{{ end }}',
            },
            "x.md",
            {},
            "_",
        ),
        (
            {"layouts/_default/single.html": "{{ range .Pages }}{{ .Content }}{{ end }}"},
            "x.md",
            {},
            "_",
        ),
        (
            {
                "layouts/_default/single.html": '{{ with site.GetPage "/a" }}{{ .Content }}'
                + "{{ end }}{{ range .Pages }}{{ $.Content }}{{ end }}"
            },
            "x.md",
            {},
            None,
        ),
        (
            {"layouts/_default/single.html": "{{ with .Content }}<div>{{ . }}</div>{{ end }}"},
            "x.md",
            {},
            None,
        ),
        (
            {
                "layouts/_default/single.html": '{{ partialCached "body.html" . }}',
                "layouts/partials/body.html": PRINTS,
            },
            "x.md",
            {},
            "_",
        ),
        # literal values evaluated (`0x0`, `not (not false)`), a range over nothing, a
        # `break` before the body, a block only in a `define` nothing uses, a partial
        # that returns (its printed text is dropped)
        ({"layouts/_default/single.html": "{{ if 0x0 }}{{ .Content }}{{ end }}"}, "x.md", {}, "_"),
        (
            {"layouts/_default/single.html": "{{ if not (not false) }}{{ .Content }}{{ end }}"},
            "x.md",
            {},
            "_",
        ),
        (
            {"layouts/_default/single.html": "{{ range seq 0 }}{{ $.Content }}{{ end }}"},
            "x.md",
            {},
            "_",
        ),
        (
            {
                "layouts/_default/single.html": "{{ range (slice 1) }}{{ break }}"
                + "{{ $.Content }}{{ end }}"
            },
            "x.md",
            {},
            "_",
        ),
        (
            {
                "layouts/_default/single.html": '{{ define "main" }}{{ .Content }}{{ end }}',
                "layouts/_default/baseof.html": '<h1>{{ .Title }}</h1>{{ define "unused" }}'
                + '{{ block "main" . }}{{ end }}{{ end }}',
            },
            "x.md",
            {},
            "_",
        ),
        (
            {
                "layouts/_default/single.html": '{{ partial "body.html" . }}',
                "layouts/partials/body.html": '{{ .Content }}{{ return "" }}',
            },
            "x.md",
            {},
            "_",
        ),
        (
            {
                "layouts/_default/single.html": '{{ partial "body.html" . }}',
                "layouts/partials/body.html": "{{ return .Content }}",
            },
            "x.md",
            {},
            None,
        ),
        # round 68: a partial, a template or a view given another page; a variable a
        # block makes anew (its own until the block ends); a `break` surely reached
        # inside an `if`; `print`'s strings joined
        (
            {
                "layouts/_default/single.html": '{{ partial "body.html" .Parent }}',
                "layouts/partials/body.html": PRINTS,
            },
            "x.md",
            {},
            "_",
        ),
        (
            {
                "layouts/_default/single.html": '{{ template "b" .Parent }}'
                + '{{ define "b" }}{{ .Content }}{{ end }}'
            },
            "x.md",
            {},
            "_",
        ),
        (
            {
                "layouts/_default/single.html": '{{ with .Parent }}{{ .Render "body" }}{{ end }}',
                "layouts/_default/body.html": PRINTS,
            },
            "x.md",
            {},
            "_",
        ),
        (
            {
                "layouts/_default/single.html": '{{ $c := "" }}{{ if true }}{{ $c := .Content }}'
                + "{{ end }}{{ $c }}"
            },
            "x.md",
            {},
            "_",
        ),
        (
            {
                "layouts/_default/single.html": "{{ $c := .Content }}{{ if true }}"
                + '{{ $c := "" }}{{ end }}{{ $c }}'
            },
            "x.md",
            {},
            None,
        ),
        (
            {
                "layouts/_default/single.html": "{{ range seq 1 }}{{ if true }}{{ break }}{{ end }}"
                + "{{ $.Content }}{{ end }}"
            },
            "x.md",
            {},
            "_",
        ),
        (
            {
                "layouts/_default/single.html": "{{ range .Pages }}{{ if .Draft }}{{ break }}"
                + "{{ end }}{{ $.Content }}{{ end }}"
            },
            "x.md",
            {},
            None,
        ),
        (
            {"layouts/_default/single.html": '{{ print "<!" "--" | safeHTML }}{{ .Content }}'},
            "x.md",
            {},
            "_",
        ),
        # Hugo's lookup: a section's own baseof, `single-baseof`, the home page's
        # `index.html`, `section/NAME.html`, a taxonomy's
        (
            {
                "layouts/_default/single.html": '{{ define "main" }}{{ .Content }}{{ end }}',
                "layouts/_default/baseof.html": '{{ block "main" . }}{{ end }}',
                "layouts/posts/baseof.html": "<p>Posts.</p>",
            },
            "posts/x.md",
            {},
            "_default/single",
        ),
        (
            {
                "layouts/_default/single.html": '{{ define "main" }}{{ .Content }}{{ end }}',
                "layouts/_default/baseof.html": '{{ block "main" . }}{{ end }}',
                "layouts/_default/single-baseof.html": "<p>No.</p>",
            },
            "x.md",
            {},
            "_",
        ),
        (
            {"layouts/_default/list.html": PRINTS, "layouts/index.html": TITLE_ONLY},
            "_index.md",
            {},
            "index",
        ),
        (
            {"layouts/_default/list.html": PRINTS, "layouts/section/posts.html": TITLE_ONLY},
            "posts/_index.md",
            {},
            "section/posts",
        ),
        (
            {"layouts/_default/list.html": PRINTS, "layouts/_default/taxonomy.html": TITLE_ONLY},
            "tags/_index.md",
            {},
            "_default/taxonomy",
        ),
        (
            {"layouts/posts/index.html": PRINTS, "layouts/_default/list.html": TITLE_ONLY},
            "posts/_index.md",
            {},
            "_default/list",
        ),
        # a section's page: its list template
        (
            {"layouts/_default/list.html": "{{ range .Pages }}{{ .Title }}{{ end }}"},
            "posts/_index.md",
            {},
            "_default/list",
        ),
        (
            {"layouts/_default/list.html": "{{ .Content }}{{ range .Pages }}{{ end }}"},
            "posts/_index.md",
            {},
            None,
        ),
    ],
)
def test_hugos_template_for_a_page_may_print_its_body_or_not(
    files: dict[str, str], page: str, fields: dict[str, object], unprinted: str | None
) -> None:
    from receipt_gate.sites.hugo import Templates

    files = {"hugo.toml": 'title = "t"\ntheme = "t"\n', **files}
    templates = Templates(sorted(files), files.get)
    got = templates.unprinted(f"content/{page}", fields)
    if unprinted == "_":
        unprinted = "_default/single"
    assert got == (
        None if unprinted is None else next(p for p in files if f"layouts/{unprinted}." in p)
    )
    # (a site in a folder of its own: its config, templates and content beside it)
    sub = {f"site/{p}": t for p, t in files.items()}
    got = Templates(sorted(sub), sub.get).unprinted(f"site/content/{page}", fields)
    assert got == (
        None if unprinted is None else next(p for p in sub if f"layouts/{unprinted}." in p)
    )
    assert Templates(sorted(files), files.get).unprinted(f"site/content/{page}", fields) is None


@pytest.mark.parametrize(
    ("condition", "prints"),
    [
        # round 70: functions of literals the gate does not evaluate run no branch (an
        # honest template tests values, not constants); a value's test may print
        ('in "abc" "z"', False),
        ('hasPrefix "abc" "z"', False),
        ("sub 1 1", False),
        ("cond false true false", False),
        ("default false false", False),
        ('len ""', False),
        ('findRE "z" "abc"', False),
        ('int "0"', False),
        # round 71: a string with an escape Go decodes
        ('ne "\\x61" "a"', False),
        ('in .Params.tags "x"', True),
        ("site.Params.show", True),
        ("hugo.IsProduction", True),
    ],
)
def test_a_condition_of_literals_the_gate_cannot_evaluate_runs_no_branch(
    condition: str, prints: bool
) -> None:
    from receipt_gate.sites.hugo import Templates

    files = {
        "hugo.toml": 'title = "t"\n',
        "layouts/_default/single.html": f"{{{{ if {condition} }}}}{{{{ .Content }}}}"
        "{{ else }}{{ .Content }}{{ end }}"
        if prints
        else f"{{{{ if {condition} }}}}{{{{ .Content }}}}{{{{ end }}}}",
    }
    got = Templates(sorted(files), files.get).unprinted("content/x.md", {})
    assert (got is None) == prints, got
    # (the body in the `else` of such a condition is no surer)
    files["layouts/_default/single.html"] = (
        f"{{{{ if {condition} }}}}x{{{{ else }}}}{{{{ .Content }}}}{{{{ end }}}}"
    )
    got = Templates(sorted(files), files.get).unprinted("content/x.md", {})
    assert (got is None) == prints, got


def test_a_render_hooks_partial_given_its_context_is_read() -> None:
    """Round 65's review: Docsy's heading hook is `{{ partial "td/render-heading.html" .
    }}`; the partial prints `.Text`, and a quote of a heading counts there."""
    from receipt_gate.sites.hugo import unshown_by_render_hooks

    files = {
        "layouts/_markup/render-heading.html": '{{ partial "td/render-heading.html" . -}}',
        "themes/t/layouts/_partials/td/render-heading.html": "<h2>{{- .Text | safeHTML -}}</h2>",
        "layouts/_markup/render-link.html": '{{ partial "link" . }}',
        "layouts/partials/link.html": '<a href="{{ .Destination }}"></a>',
    }
    assert unshown_by_render_hooks(sorted(files), files.get) == frozenset({"link"})


@pytest.mark.parametrize(
    "config",
    ['theme = ["a", "b"]\n', "theme:\n  - a\n  - b\ntitle: x\n", "theme: [a, b]\n"],
)
def test_every_theme_a_config_names_publishes_its_content(config: str) -> None:
    """Session 54's review: the config reader took a theme list's first name only, so
    the second theme's content folder was not gated."""
    from receipt_gate.sites.hugo import text_folders

    assert text_folders("hugo", "hugo.toml", config) == [
        ("themes/a/content", True),
        ("themes/b/content", True),
    ]


def test_a_partial_in_a_cycle_is_read_the_same_from_every_page() -> None:
    """Session 54's review: a value read while a cycle of partials was open was kept,
    so whether a page's template printed its body hung on which page was asked first."""
    from receipt_gate.sites.hugo import Templates

    files = {
        "hugo.toml": 'title = "t"\n',
        "layouts/_default/single.html": '{{ partial "p1" . }}',
        "layouts/_default/other.html": '{{ partial "p2" . }}',
        "layouts/partials/p1.html": '{{ if .Params.x }}{{ partial "p2" . }}{{ end }}'
        + '{{ partial "p3" . }}',
        "layouts/partials/p2.html": '{{ partial "p1" . }}',
        "layouts/partials/p3.html": "{{ .Content }}",
    }
    for order in (["x.md", "y.md"], ["y.md", "x.md"]):
        templates = Templates(sorted(files), files.get)
        got = [
            templates.unprinted(f"content/posts/{p}", {"layout": "other"} if p == "y.md" else {})
            for p in order
        ]
        assert got == [None, None], order


def test_a_render_hooks_partial_is_the_sites_own_before_a_themes() -> None:
    """Session 54's review: a partial both the site and a theme have was read as none."""
    from receipt_gate.sites.hugo import unshown_by_render_hooks

    files = {
        "layouts/_markup/render-link.html": '{{ partial "link.html" . }}',
        "layouts/partials/link.html": "<a>{{ .Text }}</a>",
        "themes/t/layouts/partials/link.html": "<a></a>",
    }
    assert unshown_by_render_hooks(sorted(files), files.get) == frozenset()
