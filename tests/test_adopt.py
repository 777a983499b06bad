"""Adoption in minutes: init knows real layouts, adopt reports and starts honestly."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from receipt_gate.sites import detect
from tests.conftest import CORPORA, TELLS, Repo, Run


def _layout(
    paths: list[str], files: dict[str, str] | None = None
) -> tuple[str, list[str], list[str], object]:
    got = detect(paths, (files or {}).get)
    return got.name, got.drafts, got.articles, got.markers


def test_jekyll_posts_and_drafts_in_every_folder_in_any_case() -> None:
    """Jekyll reads _posts/ and _drafts/ in every folder (categories), and its markdown
    extensions whatever their case; only the _drafts/ folder marks a draft (it reads no
    other front matter than YAML, so a TOML `published = false` would publish)."""
    from receipt_gate.base import wildmatch

    name, drafts, articles, markers = _layout(
        [
            "_posts/2013-05-06-a.markdown",
            "_posts/2020-01-01-b.md",
            "_docs/x.md",
            "README.md",
            "vendor/bundle/gems/theme/_posts/2010-01-01-x.md",
        ]
    )
    assert name == "a Jekyll site"
    # _posts/sub/_drafts/x.md is a post Jekyll publishes (it reads no _drafts/ in _posts/).
    assert markers == {"paths": ["**/_drafts/**", "!**/_posts/**"]}
    published = [
        "_posts/a.markdown",
        "news/_posts/b.MD",
        "_posts/c.mkdn",
        "_posts/d.Mkd",
        "_posts/2020/e.mkdown",
    ]
    other = [
        "_docs/x.md",
        "vendor/bundle/gems/theme/_posts/2010-01-01-x.md",
        ".receipts/_posts/a.markdown/ai-tells.json",
    ]
    # Jekyll publishes an HTML post too: gated, and an article of the corpus (round 57:
    # its visible body supported nothing, and an honest draft was refused).
    assert wildmatch.match(drafts, "_posts/f.html")
    assert wildmatch.match(articles, "_posts/f.html")
    assert wildmatch.select(drafts, [*published, "x/_drafts/g.md", *other]) == [
        *published,
        "x/_drafts/g.md",
    ]
    assert wildmatch.select(articles, [*published, "x/_drafts/g.md", *other]) == published
    name, drafts, _, markers = _layout(["docs/_posts/2013-05-06-a.markdown", "docs/_drafts/b.md"])
    assert name == "a Jekyll site at docs/"
    assert drafts[0].startswith("docs/**/_posts/**/*.")
    assert markers == {"paths": ["docs/**/_drafts/**", "!docs/**/_posts/**"]}


def test_hugo_gates_headless_bundles_too_and_prefers_a_posts_section() -> None:
    """A folder init left out because its bundle was headless or its cascade said
    `render: never` published every new page under it (a branch bundle's headless
    hides nothing, a page overrides a cascade): such folders are gated like any."""
    files = {
        "content/_common/_index.md": "---\ncascade:\n  build:\n    render: never\n---\n",
        "content/about/license.md": "---\ntitle: License\n---\n",
    }
    name, drafts, articles, markers = _layout(
        [
            "content/_index.md",
            "content/_common/_index.md",
            "content/_common/snip.md",
            "content/about/license.md",
            "content/methods/site/a.md",
            "config.toml",
        ],
        files,
    )
    assert name == "a Hugo site"
    from receipt_gate.sites.hugo import CONTENT as HUGO_CONTENT
    from receipt_gate.sites.hugo import EXTS as HUGO_EXTS
    from receipt_gate.sites.layout import any_case

    # Every kind of page Hugo renders is gated, whether one is there yet or not, in any
    # case (Hugo publishes a page.MD as it is), and its draft: true holds back only a
    # page Hugo reads the front matter of (content/x.MD is copied, draft: true and all).
    assert drafts == [
        *(f"content/**/*.{any_case(e[1:])}" for e in sorted(HUGO_EXTS)),
        *_xhtml("content"),
        *_html("static"),
    ]  # (what Hugo copies as it is)
    assert articles == [f"content/**/*.{any_case(e[1:])}" for e in sorted(HUGO_EXTS)]
    assert markers == {
        "front_matter": {"draft": True},
        "front_matter_in": [f"content/**/*{e}" for e in HUGO_CONTENT],
    }
    # The posts section holds the articles; every page of the site is gated (an outside
    # pass published content/en/about.md, ungated, with a banned phrase in it).
    _, drafts, articles, _ = _layout(
        ["content/en/posts/a.md", "content/en/posts/_index.md", "content/en/about.md"]
    )
    # (each language's posts section: round 44, a French title accused nothing)
    assert articles == [f"content/*/posts/**/*.{any_case(e[1:])}" for e in sorted(HUGO_EXTS)]
    assert drafts == [
        *(f"content/**/*.{any_case(e[1:])}" for e in sorted(HUGO_EXTS)),
        *_xhtml("content"),
        *_html("static"),
    ]


def _xhtml(folder: str) -> list[str]:
    return [
        f"{folder}/**/*.[xX][hH][tT][mM][lL]",
        f"{folder}/**/*.[xX][hH][tT]",
        f"{folder}/**/*.[sS][hH][tT][mM][lL]",
    ]


def _html(folder: str) -> list[str]:
    """What a browser shows as a page, copied as it is from this folder."""
    return [f"{folder}/**/*.[hH][tT][mM][lL]", f"{folder}/**/*.[hH][tT][mM]", *_xhtml(folder)]


MKDOCS = (
    "[mM][aA][rR][kK][dD][oO][wW][nN]",
    "[mM][dD]",
    "[mM][dD][oO][wW][nN]",
    "[mM][kK][dD]",
    "[mM][kK][dD][nN]",
)  # in any case: a page.MD is published too


@pytest.mark.parametrize(
    ("paths", "files", "name", "drafts"),
    [
        # A generator's every page is gated, not only its blog's (the articles).
        pytest.param(
            ["src/content/blog/a.mdx", "src/content/blog/b.md", "src/pages/x.astro"],
            {},
            "an Astro site",
            [
                "src/content/**/*.[mM][aA][rR][kK][dD][oO][cC]",
                "src/content/**/*.[mM][dD]",
                "src/content/**/*.[mM][dD][xX]",
            ],
            id="astro",
        ),
        pytest.param(
            ["mkdocs.yml", "documentation/index.md", "documentation/blog/posts/a.md"],
            {"mkdocs.yml": "site_name: x\ndocs_dir: documentation\n"},
            "an MkDocs site",
            [*(f"documentation/**/*.{e}" for e in MKDOCS), *_html("documentation")],
            id="mkdocs-blog",
        ),
        pytest.param(
            ["mkdocs.yml", "docs/index.md", "docs/guide/a.md"],
            {"mkdocs.yml": ""},
            "an MkDocs site",
            [*(f"docs/**/*.{e}" for e in MKDOCS), *_html("docs")],
            id="mkdocs",
        ),
        # docs_dir as MkDocs reads it (an outside pass: `./docs` and `!ENV` made init gate
        # nothing), and no blog without the blog plugin (MkDocs publishes a draft: true).
        pytest.param(
            ["mkdocs.yml", "pages/index.md"],
            {"mkdocs.yml": 'docs_dir: !ENV [DOCS_DIR, "./pages"]\n'},
            "an MkDocs site",
            [*(f"pages/**/*.{e}" for e in MKDOCS), *_html("pages")],
            id="mkdocs-env-docs-dir",
        ),
        pytest.param(
            [
                "git/a.md",
                "git/b.md",
                "python/c.md",
                "python/d.md",
                "README.md",
                ".github/ISSUE.md",
                "node_modules/x/y.md",
            ],
            {},
            "markdown across the repository",
            ["**/*.md", "!.*/**", "!**/.*/**", "!**/README.md", "!node_modules/**"],
            id="til",
        ),
        pytest.param(
            ["posts/a.md", "posts/2020/b.md", "about.md"],
            {},
            "a blog in posts/",
            ["posts/**/*.md"],
            id="posts-only",
        ),
        pytest.param(
            ["notes/a.md", "notes/b.md", "notes/c.md", "other.md"],
            {},
            "markdown under notes/",
            ["notes/**/*.md"],
            id="one-folder",
        ),
    ],
)
def test_layouts_never_seen_by_name(
    paths: list[str], files: dict[str, str], name: str, drafts: list[str]
) -> None:
    got = _layout(paths, files)
    assert (got[0], got[1]) == (name, drafts)


def test_the_tools_own_layout_keeps_drafts_apart_from_posts() -> None:
    assert _layout(["drafts/a.md", "posts/b.md"])[1:] == (
        ["drafts/**/*.md"],
        ["posts/**/*.md"],
        None,
    )
    assert _layout([])[1:] == (["drafts/**/*.md"], [], None)


def _jekyll(repo: Repo, posts: int = 12) -> None:
    if not CORPORA.is_dir():
        pytest.skip(f"no corpora at {CORPORA}")
    src = CORPORA / "jekyll" / "docs" / "_posts"
    for p in sorted(src.iterdir())[:posts]:
        repo.write(f"_posts/{p.name}", p.read_bytes())
    repo.write("_drafts/next-release.markdown", "---\ntitle: Next\n---\nNot ready.\n")


def test_init_writes_a_config_for_the_layout_and_a_pre_commit_config(repo: Repo, rg: Run) -> None:
    _jekyll(repo)
    rc, out, _ = rg("init")
    assert rc == 0
    assert (
        "wrote .receipt-gate.yaml: a Jekyll site, 12 files gated now (1 more the site"
        " marks as drafts: not gated until published)"
    ) in out
    assert "wrote .pre-commit-config.yaml" in out
    pre_commit = repo.read(".pre-commit-config.yaml")
    assert "repo: local" in pre_commit and "entry: receipt-gate pre-commit" in pre_commit
    rc, out, _ = rg("status", "--all")
    assert "_drafts/next-release.markdown" in out and "(drafted)" in out
    rc, out, _ = rg("init")  # a second init keeps both, and says so
    assert rc == 0 and out.startswith(
        ".receipt-gate.yaml: already there, left as it is (init --force writes a new one)\n"
        ".pre-commit-config.yaml already names receipt-gate, left as it is;"
    )


def test_init_adds_the_hooks_to_an_empty_pre_commit_config(repo: Repo, rg: Run) -> None:
    repo.write(".pre-commit-config.yaml", "repos: []\n")
    rc, out, _ = rg("init")
    assert rc == 0 and "added receipt-gate's hooks to .pre-commit-config.yaml" in out
    assert repo.read(".pre-commit-config.yaml").startswith("repos:\n  - repo: local")


def _dirty(repo: Repo) -> list[str]:
    return sorted(repo.git("status", "--porcelain", "-uall").stdout.split("\n"))


def test_adopt_reports_and_writes_nothing(repo: Repo, rg: Run) -> None:
    _jekyll(repo)
    assert rg("init")[0] == 0
    before = _dirty(repo)
    rc, out, _ = rg("adopt")
    assert rc == 1
    assert "receipt-gate adopt: 12 gated drafts, 4 checks" in out
    # Only the ways this site has: no status holds back a page Jekyll publishes, and its
    # draft marker is a folder, not a field adopt could write.
    assert "receipt-gate adopt --baseline" in out
    assert "--pre-gate" not in out and "--unpublish" not in out
    assert _dirty(repo) == before
    doc = json.loads(rg("adopt", "--format", "json")[1])
    assert doc["did"] == "report" and doc["drafts"] == 12
    assert _dirty(repo) == before
    # The report agrees with the checks run one by one.
    failing: set[str] = set()
    for check, summary in doc["checks"].items():
        got = json.loads(rg("check", check, "--format", "json")[1])["violations"]
        assert summary["failing"] == len({v["draft"] for v in got})
        assert summary["findings"] == len(got)
        failing |= {v["draft"] for v in got}
    assert doc["failing"] == sorted(failing) and failing


def test_adopt_baseline_gives_a_green_tree_new_findings_still_refuse(repo: Repo, rg: Run) -> None:
    _jekyll(repo)
    rg("init")
    rc, out, _ = rg("adopt", "--baseline")
    assert rc == 0, out
    assert "did --baseline: .receipt-gate-baseline.json" in out and "holds" in out
    assert "baseline: .receipt-gate-baseline.json" in repo.read(".receipt-gate.yaml")
    rc, out, _ = rg("verify")
    assert rc == 0 and "suppressed (" in out and "by the baseline" in out
    doc = json.loads(repo.read(".receipt-gate-baseline.json"))
    post = next(iter(doc["findings"]))
    # An edit elsewhere in a baselined post keeps its old findings baselined...
    repo.write(post, repo.read(post) + "\nOne more closing line.\n")
    assert rg("run", post)[0] == 0
    # ...and a new finding in it refuses.
    repo.write(post, repo.read(post) + "\n" + TELLS + ", set `BRAND_NEW_SETTING`.\n")
    rc, out, _ = rg("run", post)
    assert rc == 1
    assert "AI tells weigh" in out and "BRAND_NEW_SETTING" in out


def test_the_baseline_is_a_rule_a_commit_cannot_extend_for_itself(repo: Repo, rg: Run) -> None:
    _jekyll(repo, 4)
    rg("init")
    assert rg("adopt", "--baseline")[0] == 0
    repo.commit_all("adopt")
    bad = "_posts/2026-11-30-bad.markdown"
    repo.write(bad, "---\ntitle: Bad\n---\n" + TELLS + ".\n")
    from receipt_gate import api
    from receipt_gate.checks.baseline import key

    found = api.check_text("ai-tells", repo.read(bad), root=str(repo.path), path=bad).findings
    doc = json.loads(repo.read(".receipt-gate-baseline.json"))
    doc["findings"][bad] = {"ai-tells": [key(f) for f in found]}
    repo.write(".receipt-gate-baseline.json", json.dumps(doc))
    assert rg("run")[0] == 0  # under its own rules the new post is baselined
    repo.git("add", "-A")
    rc, out, _ = rg("verify", "--staged")
    assert rc == 1
    assert f"{bad}" in out and "fails under the rules in force at HEAD" in out
    assert (
        f"policy change: weakens: the baseline adds 1 finding (first: {bad}: ai-tells:"
        " weighted AI tells at "
    ) in out


def _ours(repo: Repo, posts: int = 12) -> None:
    """The tool's own layout (drafts/ and posts/): a status: holds a draft back."""
    if not CORPORA.is_dir():
        pytest.skip(f"no corpora at {CORPORA}")
    src = CORPORA / "jekyll" / "docs" / "_posts"
    for p in sorted(src.iterdir())[:posts]:
        repo.write(f"drafts/{p.stem}.md", p.read_bytes())


def test_adopt_pre_gate_marks_failing_drafts_and_says_so(repo: Repo, rg: Run) -> None:
    _ours(repo)
    rg("init")
    doc = json.loads(rg("adopt", "--format", "json")[1])
    failing = doc["failing"]
    assert failing
    rc, out, _ = rg("adopt", "--pre-gate")
    assert rc == 0, out
    assert f"did --pre-gate: marked {len(failing)} draft" in out
    for path in failing:
        assert "status: drafted\n" in repo.read(path)
    rc, out, _ = rg("verify")
    assert rc == 0  # the failing drafts are not gated
    assert f"receipt-gate: {len(failing)} drafts not gated yet" in out


def test_on_a_site_a_status_holds_nothing_back_and_unpublish_says_what_it_does(
    repo: Repo, rg: Run
) -> None:
    """A page the site publishes is gated whatever its status: says; --unpublish writes
    the site's own marker, in the page's own front-matter format, and says so."""
    if not CORPORA.is_dir():
        pytest.skip(f"no corpora at {CORPORA}")
    for p in sorted((CORPORA / "jekyll" / "docs" / "_posts").iterdir())[:12]:
        repo.write(f"content/posts/{p.stem}.md", p.read_bytes())
    repo.write("content/posts/toml.md", '+++\ntitle = "T"\n+++\n' + TELLS + ".\n")
    rg("init")
    failing = json.loads(rg("adopt", "--format", "json")[1])["failing"]
    assert "content/posts/toml.md" in failing
    before = _dirty(repo)
    rc, out, err = rg("adopt", "--pre-gate")
    assert (rc, out) == (2, "") and "status: says, so a status cannot hold" in err
    assert _dirty(repo) == before
    repo.write(
        "content/posts/toml.md",
        repo.read("content/posts/toml.md").replace(
            'title = "T"', 'title = "T"\nstatus = "drafted"'
        ),
    )
    assert rg("verify")[0] == 1  # published, so gated: its status says nothing
    rc, out, _ = rg("adopt", "--unpublish")
    assert rc == 0, out
    assert f"did --unpublish: marked {len(failing)} pages draft: true" in out
    assert "warning: the site no longer publishes those" in out
    assert repo.read("content/posts/toml.md").startswith('+++\ndraft = true\ntitle = "T"')
    rc, out, _ = rg("verify")
    assert rc == 0, out


def test_unpublish_needs_a_front_matter_marker(repo: Repo, rg: Run) -> None:
    _jekyll(repo, 3)
    rg("init")
    rc, _, err = rg("adopt", "--unpublish")
    assert (rc, err) == (
        2,
        "receipt-gate: adopt --unpublish: this site's draft marker is a"
        " folder (**/_drafts/**, draft_markers.paths in .receipt-gate.yaml),"
        " not something adopt writes into a page: move each failing page"
        " there by hand, or use adopt --baseline\n",
    )


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (
            ["adopt", "--pre-gate", "ready"],
            "adopt --pre-gate: 'ready' is not a state before"
            " gate_from (idea, accepted, researched, drafted)",
        ),
        (
            ["adopt", "--pre-gate", "nope"],
            "adopt --pre-gate: 'nope' is not a state before"
            " gate_from (idea, accepted, researched, drafted)",
        ),
    ],
)
def test_bad_adopt_input_exits_2_and_writes_nothing(
    repo: Repo, rg: Run, argv: list[str], message: str
) -> None:
    _ours(repo, 3)
    rg("init")
    before = _dirty(repo)
    assert rg(*argv) == (2, "", f"receipt-gate: {message}\n")
    assert _dirty(repo) == before


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("[]", "not a receipt-gate baseline"),
        (
            '{"receipt-gate-baseline": 1, "findings": {"a.md": {"grader": []}}}',
            "findings.a.md.grader: not a check a baseline holds",
        ),
        (
            '{"receipt-gate-baseline": 1, "findings": {"a.md": {"ai-tells": [1]}}}',
            "findings.a.md.ai-tells: expected a list of strings",
        ),
    ],
)
def test_a_bad_baseline_exits_2_naming_the_file(
    repo: Repo, rg: Run, content: str, message: str
) -> None:
    repo.write(".receipt-gate.yaml", "baseline: base.json\n")
    repo.write("drafts/a.md", "Hello.\n")
    repo.write("base.json", content)
    rc, _, err = rg("verify")
    assert rc == 2 and err.startswith(f"receipt-gate: base.json: {message}")


def test_a_missing_baseline_is_an_error_not_an_empty_one(repo: Repo, rg: Run) -> None:
    repo.write(".receipt-gate.yaml", "baseline: base.json\n")
    repo.write("drafts/a.md", "Hello.\n")
    assert rg("run")[0] == 2


def copy_corpus(name: str, dest: Path) -> None:
    """A corpus laid out as its site lays it out: the Jekyll docs' site at the root
    with one release post moved back to _drafts/; Hugo's content/ as it is."""
    if not CORPORA.is_dir():
        pytest.skip(f"no corpora at {CORPORA}")
    if name == "jekyll":
        shutil.copytree(CORPORA / "jekyll" / "docs", dest, dirs_exist_ok=True)
        last = sorted((dest / "_posts").iterdir())[-1]
        (dest / "_drafts").mkdir()
        last.rename(dest / "_drafts" / last.name.split("-", 3)[-1])
    else:
        shutil.copytree(CORPORA / "hugo-docs", dest, dirs_exist_ok=True)


def test_a_bad_comment_is_refused_before_anything_is_written(repo: Repo, rg: Run) -> None:
    _jekyll(repo, 3)
    rg("init")
    post = sorted((repo.path / "_posts").iterdir())[0].relative_to(repo.path).as_posix()
    repo.write(post, repo.read(post) + "\n<!-- receipt-gate: ignroe ai-tells -->\nText.\n")
    before = _dirty(repo)
    rc, out, _ = rg("adopt", "--baseline")
    assert rc == 1
    assert "not a receipt-gate comment this version reads" in out and "nothing written" in out
    assert _dirty(repo) == before


def test_adopting_again_only_shrinks_the_baseline(repo: Repo, rg: Run) -> None:
    _jekyll(repo)
    rg("init")
    assert rg("adopt", "--baseline")[0] == 0
    first = json.loads(repo.read(".receipt-gate-baseline.json"))["findings"]
    post, checks = next(iter(first.items()))
    new = "_posts/2026-11-30-new.markdown"
    repo.write(new, "---\ntitle: New\n---\nShort. Set `NEW_UNREGISTERED_NAME`.\n")
    rc, out, _ = rg("adopt", "--baseline")
    assert rc == 1
    assert f"{new}:4:12: registered-terms: `NEW_UNREGISTERED_NAME`" in out
    assert "a baseline only shrinks" in out
    assert json.loads(repo.read(".receipt-gate-baseline.json"))["findings"] == first
    repo.write(new, "---\ntitle: New\n---\nShort.\n")
    repo.write(post, "---\ntitle: Fixed\n---\nShort and fixed.\n")
    rc, out, _ = rg("adopt", "--baseline")
    assert rc == 0, out
    now = json.loads(repo.read(".receipt-gate-baseline.json"))["findings"]
    assert post not in now and set(now) == set(first) - {post}
    assert checks


def test_adopt_says_when_nothing_is_gated(repo: Repo, rg: Run) -> None:
    repo.write(".receipt-gate.yaml", 'drafts: ["nowhere/**/*.md"]\nrequired: [ai-tells]\n')
    rc, out, _ = rg("adopt")
    assert rc == 1 and "nothing is gated" in out


def test_a_baseline_with_a_key_given_twice_is_refused(repo: Repo, rg: Run) -> None:
    repo.write(".receipt-gate.yaml", "baseline: base.json\nrequired: [ai-tells]\n")
    repo.write("drafts/a.md", TELLS + ".\n")
    repo.write(
        "base.json",
        '{"receipt-gate-baseline": 1, "findings": {"drafts/a.md":'
        ' {"ai-tells": []}}, "findings": {}}',
    )
    assert rg("verify") == (
        2,
        "",
        "receipt-gate: base.json: not valid JSON (the key 'findings' is given twice)\n",
    )


def test_adopt_offers_the_ways_each_layout_has(repo: Repo, rg: Run) -> None:
    """On a Hugo site the other way is its own marker (draft: true), never a status;
    in this tool's own layout, a status before gate_from."""
    repo.write("hugo.toml", 'baseURL = "http://example.org/"\n')
    repo.write("content/posts/a.md", "---\ntitle: A\n---\n" + TELLS + ".\n")
    assert rg("init")[0] == 0
    rc, out, _ = rg("adopt")
    assert rc == 1 and "--pre-gate" not in out
    assert (
        "receipt-gate adopt --unpublish  mark the 1 failing page draft: true: the site"
        " stops publishing them until fixed"
    ) in out
    repo.path.joinpath(".receipt-gate.yaml").unlink()
    repo.write("drafts/b.md", "# B\n\n" + TELLS + ".\n")
    repo.path.joinpath("hugo.toml").unlink()
    shutil.rmtree(repo.path / "content")
    assert rg("init")[0] == 0
    rc, out, _ = rg("adopt")
    assert rc == 1 and "receipt-gate adopt --pre-gate   mark the 1 failing draft" in out


@pytest.mark.parametrize(
    ("paths", "documented", "not_documented"),
    [
        # A Hugo docs site (as Hugo's own): no docs folder, its pages are its documentation,
        # but for its news; a docs section about contributing is not the documentation.
        (
            [
                "content/en/functions/a.md",
                "content/en/news/b.md",
                "content/en/contribute/documentation/c.md",
                "content/en/_index.md",
            ],
            [
                "content/en/functions/a.md",
                "content/en/contribute/documentation/c.md",
                "content/en/_index.md",
            ],
            ["content/en/news/b.md"],
        ),
        # An MkDocs site with a blog: its docs_dir but for the blog's posts.
        (
            ["mkdocs.yml", "site-src/index.md", "site-src/guide.md", "site-src/blog/posts/a.md"],
            ["site-src/index.md", "site-src/guide.md"],
            ["site-src/blog/posts/a.md"],
        ),
        # A Hugo blog with a docs section (as gRPC's): the docs section only.
        (
            [
                "content/en/blog/a.md",
                "content/en/blog/b.md",
                "content/en/docs/c.md",
                "content/en/about.md",
            ],
            ["content/en/docs/c.md"],
            ["content/en/blog/a.md", "content/en/about.md"],
        ),
        # A Jekyll site in docs/ (as Jekyll's own): its pages, never its posts.
        (
            ["docs/_posts/2020-01-01-a.md", "docs/_docs/b.md", "docs/index.md"],
            ["docs/_docs/b.md", "docs/index.md"],
            ["docs/_posts/2020-01-01-a.md"],
        ),
        # A blog with no documentation: none.
        (["posts/a.md", "posts/b.md", "about.md"], [], ["posts/a.md", "about.md"]),
    ],
)
def test_documented_in_is_the_sites_documentation(
    paths: list[str], documented: list[str], not_documented: list[str]
) -> None:
    from receipt_gate.base import wildmatch

    pages = detect(paths, {"mkdocs.yml": "site_name: x\ndocs_dir: site-src\n"}.get).pages or []
    assert sorted(wildmatch.select(pages, paths)) == sorted(documented), pages
    assert not set(wildmatch.select(pages, not_documented))


def test_jekyll_pages_outside_the_posts_are_gated_but_what_jekyll_skips() -> None:
    """Jekyll publishes every page outside a `_` folder or file, and a collection's
    pages where it renders them (`output: true`)."""
    from receipt_gate.base import wildmatch
    from receipt_gate.sites.jekyll import Config, _pages

    paths = [
        "_posts/2020-01-01-a.md",
        "about.md",
        "docs/x.md",
        "_includes/note.md",
        "_notes/n.md",
        "_essays/e.md",
        "docs/_partial.md",
        "docs/_drafts/d.md",
    ]
    config = "collections:\n  essays:\n    output: true\n  notes:\n    output: false\n"
    globs = _pages("", paths, Config("", {"_config.yml": config}.get))
    assert sorted(wildmatch.select(globs, paths)) == [
        "_essays/e.md",
        "_posts/2020-01-01-a.md",
        "about.md",
        "docs/_drafts/d.md",
        "docs/x.md",
    ]


@pytest.mark.parametrize(
    ("config", "name"),
    [
        ("_config.yml", "a Jekyll site"),  # (collections_dir: its posts under coll/)
        ("site/_config.yml", "a Jekyll site at site/"),
        ("", "a Jekyll site at coll/"),  # (no config above: the posts' folder)
    ],
)
def test_a_jekyll_site_is_rooted_at_its_config_above_its_posts(config: str, name: str) -> None:
    """Round 42: a site whose `collections_dir: coll` puts its posts in coll/_posts/ was
    taken for a site at coll/: its own pages at the top were left ungated (a page of AI
    tells got through) and its collection refused its first commit."""
    from receipt_gate.base import wildmatch

    top = config.rpartition("/")[0] + "/" if "/" in config else ""
    paths = [f"{top}coll/_posts/2020-01-01-a.md", f"{top}coll/_notes/n.md", f"{top}about.md"]
    text = "collections_dir: coll\ncollections:\n  notes:\n    output: true\n"
    got = detect([*paths, *([config] if config else [])], {config: text}.get)
    assert got.name == name
    assert wildmatch.match(got.drafts, f"{top}about.md") == bool(config)
    assert wildmatch.match(got.drafts, f"{top}coll/_posts/2020-01-01-a.md")


@pytest.mark.parametrize(
    ("config", "gated"),
    [
        (
            {"eleventy.config.js": "module.exports = () => ({});\n"},
            [".notes/a.md", "posts/.x/b.md", ".github/c.md"],
        ),
        ({"_config.yml": "include: [.notes]\n"}, [".notes/a.md"]),
        ({"_config.yml": "title: T\n"}, []),
    ],
)
def test_hidden_folders_are_gated_where_the_generator_builds_them(
    config: dict[str, str], gated: list[str]
) -> None:
    """Round 43: Eleventy builds a page in a hidden folder (`.notes/launch.md` is
    `/.notes/launch/`), and Jekyll one its `include:` names; init left every hidden folder
    out of drafts, so pages of AI tells there went out ungated."""
    from receipt_gate.base import wildmatch

    hidden = [".notes/a.md", "posts/.x/b.md", ".github/c.md"]
    paths = ["_posts/2020-01-01-p.md", "posts/q.md", *hidden, *config]
    got = detect(paths, config.get)
    assert [p for p in hidden if wildmatch.match(got.drafts, p)] == gated, got.drafts
    assert wildmatch.match(got.drafts, "_posts/2020-01-01-p.md")


def test_a_hugo_languages_content_dir_holds_articles_where_the_top_s_posts_are() -> None:
    """Round 46: a site whose French pages are in content/fr (its config's contentDir)
    while English is content/ took content/posts alone for articles when content/fr was
    empty at init: a French post's title, published later, accused nothing."""
    from receipt_gate.base import wildmatch

    config = '[languages.en]\nweight = 1\n[languages.fr]\ncontentDir = "content/fr"\n'
    got = detect(["hugo.toml", "content/posts/a.md", "content/about.md"], {"hugo.toml": config}.get)
    assert wildmatch.match(got.articles, "content/fr/posts/b.md")
    assert wildmatch.match(got.articles, "content/posts/a.md")
    assert not wildmatch.match(got.articles, "content/fr/about.md")


def test_unpublish_marks_what_fails_once_a_page_it_leant_on_is_held_back(
    repo: Repo, rg: Run
) -> None:
    """An outside pass (and the Hugo docs corpus): the only page documenting a name
    failed, `adopt --unpublish` held it back, and the page that used the name then
    failed: exit 3, "still fails after adopting". Each round marks what now fails."""
    repo.write(
        ".receipt-gate.yaml",
        'drafts: ["content/**/*.md"]\n'
        "required: [ai-tells, registered-terms]\n"
        "checks:\n  registered-terms: {registry: claims.yaml,"
        ' documented_in: ["content/**/*.md"]}\n'
        "draft_markers: {front_matter: {draft: true}}\n",
    )
    repo.write("claims.yaml", "claims: []\n")
    repo.write("content/a.md", "---\ntitle: a\n---\n" + TELLS + ", set `HUGO_FOO`.\n")
    repo.write("content/b.md", "---\ntitle: b\n---\nSet `HUGO_FOO` for speed.\n")
    rc, out, err = rg("adopt", "--unpublish")
    assert rc == 0, out + err
    assert "draft: true" in repo.read("content/a.md") and "draft: true" in repo.read("content/b.md")
    assert rg("verify")[0] == 0


def test_an_mkdocs_blog_folder_is_a_blog_only_with_the_plugin() -> None:
    paths = ["mkdocs.yml", "docs/index.md", "docs/blog/posts/a.md"]
    plain = _layout(paths, {"mkdocs.yml": "site_name: x\n"})
    assert plain[3] == {}
    on = _layout(paths, {"mkdocs.yml": "site_name: x\nplugins:\n  - material/blog\n"})
    assert on[3] is not None and on[3].get("front_matter") == {"draft": True}
    off = _layout(paths, {"mkdocs.yml": "plugins:\n  - blog:\n      enabled: false\n"})
    assert off[3] == {}


def test_a_hugo_site_in_a_folder_of_its_own_is_a_hugo_site() -> None:
    """A second outside pass: a site in website/ was "markdown under website/": its
    .html pages ungated, its config's buildDrafts unread (a draft: true held back that
    Hugo published)."""
    from receipt_gate.rules.markers import publishing

    name, drafts, _, markers = _layout(
        ["website/config.toml", "website/content/posts/a.md", "website/content/about.html"],
        {"website/config.toml": 'baseURL = "/"\n'},
    )
    assert name == "a Hugo site in website/"
    from receipt_gate.base import wildmatch

    assert wildmatch.select(drafts, ["website/content/about.html", "website/static/x.html"]) == [
        "website/content/about.html",
        "website/static/x.html",
    ]
    assert markers is not None and markers["front_matter"] == {"draft": True}
    assert publishing(["website/config.toml"], lambda _: "buildDrafts = true\n")
