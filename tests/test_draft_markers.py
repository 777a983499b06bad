"""A site's own notion of a draft (Jekyll's _drafts/, Hugo's draft: true) as the gate's
states, and posts that are drafts and articles at once, each judged by the others."""

from __future__ import annotations

import json

import pytest

from receipt_gate.base import wildmatch
from tests.conftest import TELLS, Repo, Run

JEKYLL = """\
drafts: ["_posts/**/*.markdown", "_drafts/**/*.markdown"]
required: [headline-numbers]
checks: {headline-numbers: {articles: ["_posts/**/*.markdown"]}}
draft_markers: {paths: ["_drafts/**"], front_matter: {published: false}}
"""
HUGO = """\
drafts: ["content/**/*.md", "!content/_common/**"]
required: [headline-numbers]
checks: {headline-numbers: {articles: ["content/**/*.md", "!content/_common/**"]}}
draft_markers: {front_matter: {draft: true}}
"""
DRIFT = "---\ntitle: Nothing failed while it drifted 76 hours\n---\nIt drifted to 74.\n"


def test_negated_globs_exclude_in_any_order() -> None:
    globs = ["!content/_common/**", "content/**/*.md"]
    assert wildmatch.select(globs, ["content/a.md", "content/_common/b.md", "x.md"]) == [
        "content/a.md"
    ]
    assert wildmatch.match(["\\!bang.md"], "!bang.md")
    assert wildmatch.literal_prefixes(globs) == ["content"]
    assert wildmatch.select(["!a.md"], ["a.md", "b.md"]) == []


def test_jekyll_drafts_folder_is_a_state_before_gate_from(repo: Repo, rg: Run) -> None:
    repo.write(".receipt-gate.yaml", JEKYLL)
    repo.write("_posts/2016-01-01-drift.markdown", DRIFT)
    repo.write("_drafts/reply.markdown", "It drifted 76 hours.\n")
    repo.write("_posts/2016-02-01-hidden.markdown", "---\npublished: false\n---\n76 hours.\n")
    rc, out, _ = rg("status", "--all")
    assert rc == 1
    assert "_drafts/reply.markdown             (drafted)" in out
    assert "_posts/2016-02-01-hidden.markdown  (drafted)" in out
    assert rg("run")[0] == 0  # the posts pass; the drafts are not gated yet
    repo.write("_posts/2016-03-01-reply.markdown", "It drifted 76 hours.\n")  # published
    rc, out, _ = rg("run")
    assert rc == 1
    assert (
        "_posts/2016-03-01-reply.markdown:1:12: headline-numbers: 76 appears in the title"
        ' "Nothing failed while it drifted 76 hours" (_posts/2016-01-01-drift.markdown)'
        " and in no article body"
    ) in out


def test_a_status_of_its_own_wins_over_the_markers(repo: Repo, rg: Run) -> None:
    repo.write(".receipt-gate.yaml", JEKYLL)
    repo.write("_posts/2016-01-01-drift.markdown", DRIFT)
    repo.write("_drafts/reply.markdown", "---\nstatus: ready\n---\nIt drifted 76 hours.\n")
    rc, out, _ = rg("run")
    assert rc == 1 and "_drafts/reply.markdown:4:12: headline-numbers: 76" in out


def test_a_post_is_judged_by_the_others_never_by_itself(repo: Repo, rg: Run) -> None:
    repo.write(".receipt-gate.yaml", HUGO)
    # Its own title and body carry 76: the post is the number's source, no violation.
    repo.write("content/posts/drift.md", "---\ntitle: Drifted 76 hours\n---\nIt was 76.\n")
    repo.write("content/posts/other.md", "---\ntitle: Other\n---\nA body with 12.\n")
    repo.write("content/_common/snippet.md", "76 hours, included elsewhere.\n")
    assert rg("run")[0] == 0
    # A draft (draft: true) is not an article: its body pins nothing.
    repo.write("content/posts/wip.md", "---\ntitle: WIP\ndraft: true\n---\nIt drifted 76.\n")
    repo.write("content/posts/title-only.md", "---\ntitle: Took 90 minutes\n---\nIt was 88.\n")
    repo.write("content/posts/cites.md", "---\ntitle: Cites\n---\nIt took 90 minutes.\n")
    rc, out, _ = rg("check", "headline-numbers", "--format", "json")
    assert rc == 1
    doc = json.loads(out)
    assert [(v["draft"], v["number"], v["article"]) for v in doc["violations"]] == [
        ("content/posts/cites.md", "90", "content/posts/title-only.md")
    ]
    assert "content/_common/snippet.md" not in [d["draft"] for d in doc["drafts"]]


def test_editing_a_posts_prose_stales_no_other_posts_receipt(repo: Repo, rg: Run) -> None:
    repo.write(".receipt-gate.yaml", HUGO)
    repo.write("content/posts/drift.md", "---\ntitle: Drifted 76 hours\n---\nIt was 76.\n")
    repo.write("content/posts/other.md", "---\ntitle: Other\n---\nA body with 12.\n")
    repo.write("content/posts/cites.md", "---\ntitle: Cites\n---\nThe 76 again, and 76.\n")
    assert rg("run")[0] == 0
    before = repo.read(".receipts/content/posts/other.md/headline-numbers.json")
    repo.write(
        "content/posts/drift.md",
        "---\ntitle: Drifted 76 hours\n---\nIt was 76, we"
        " measured, and wrote more prose about it.\n",
    )
    rc, out, _ = rg("verify")
    assert rc == 1
    assert "content/posts/drift.md/headline-numbers.json: stale: the draft changed after" in out
    assert "other.md" not in out
    assert rg("run")[0] == 0
    assert repo.read(".receipts/content/posts/other.md/headline-numbers.json") == before
    # A title's number is what others are judged by: changing it stales those that cite
    # the number (what their verdict read), and no other.
    repo.write("content/posts/drift.md", "---\ntitle: Drifted 77 hours\n---\nIt was 76.\n")
    rc, out, _ = rg("verify")
    assert rc == 1 and "cites.md/headline-numbers.json: stale: what the check read changed" in out
    assert "other.md" not in out


def test_a_status_never_holds_back_a_page_the_site_publishes(repo: Repo, rg: Run) -> None:
    """On a site, only the site's own marker takes a page out of the gate; `draft_markers:
    {}` is a site that publishes every page (MkDocs)."""
    for markers in ("{front_matter: {draft: true}}", "{}"):
        repo.write(
            ".receipt-gate.yaml",
            f'drafts: ["docs/**/*.md"]\nrequired: [ai-tells]\ndraft_markers: {markers}\n',
        )
        repo.write("docs/a.md", "---\nstatus: drafted\n---\n" + TELLS + ".\n")
        rc, out, _ = rg("run")
        assert rc == 1 and "docs/a.md:4:1: ai-tells: AI tells weigh" in out
        assert "not gated yet" not in out
    repo.write(".receipt-gate.yaml", 'drafts: ["docs/**/*.md"]\nrequired: [ai-tells]\n')
    assert rg("run")[0] == 0  # no site: the status is the gate's own


def test_jekyll_publishes_a_drafts_folder_inside_posts(repo: Repo, rg: Run) -> None:
    from receipt_gate.sites import detect

    markers = detect(["_posts/2016-01-01-a.md"], {}.get).markers
    assert markers is not None
    repo.write(
        ".receipt-gate.yaml",
        'drafts: ["**/_posts/**/*.md", "**/_drafts/**/*.md"]\n'
        f"required: [ai-tells]\ndraft_markers: {json.dumps(markers)}\n",
    )
    repo.write("_posts/sub/_drafts/2016-01-01-x.md", TELLS + ".\n")
    repo.write("_drafts/2016-01-02-y.md", TELLS + ", not yet.\n")
    rc, out, _ = rg("run")
    assert rc == 1
    assert "_posts/sub/_drafts/2016-01-01-x.md:1:1: ai-tells" in out
    assert "_drafts/2016-01-02-y.md:1:1: ai-tells: AI tells weigh" in out
    assert "(not gated yet" in out


@pytest.mark.parametrize(
    ("markers", "message"),
    [
        (
            "{paths: [a/**], status: ready}",
            "draft_markers.status: 'ready' is not before gate_from"
            " (ready): a draft the site has not published would be gated",
        ),
        ("{paths: [a/**], status: nope}", "draft_markers.status: 'nope' is not one of states"),
        (
            "{front_matter: {draft: [1]}}",
            "draft_markers.front_matter.draft: expected true, false,"
            " an integer or a non-empty string, got a list",
        ),
        ("{paths: a}", "draft_markers.paths: expected a list of strings, got a string"),
        (
            "{path: [a]}",
            "draft_markers.path: unknown key (expected one of: paths, front_matter,"
            " status, front_matter_in, listed_in)",
        ),
        (
            "{front_matter_in: x}",
            "draft_markers.front_matter_in: expected a list of strings, got a string",
        ),
    ],
)
def test_bad_markers_exit_2_naming_the_key(repo: Repo, rg: Run, markers: str, message: str) -> None:
    repo.write(".receipt-gate.yaml", f"draft_markers: {markers}\n")
    repo.write("drafts/a.md", "Hello.\n")
    assert rg("verify") == (2, "", f"receipt-gate: .receipt-gate.yaml: {message}\n")


def test_marking_more_drafts_is_a_weakening_held_to_the_rules_in_force(repo: Repo, rg: Run) -> None:
    repo.write(".receipt-gate.yaml", HUGO)
    repo.write("content/posts/drift.md", "---\ntitle: Drifted 76 hours\n---\nIt was 74.\n")
    repo.write("content/posts/ok.md", "---\ntitle: Fine\n---\nNothing to see.\n")
    assert rg("run")[0] == 0
    repo.commit_all("site")
    repo.write("content/posts/bad.md", "---\ntitle: Bad\nunlisted: true\n---\nIt drifted 76.\n")
    repo.write(".receipt-gate.yaml", HUGO.replace("{draft: true}", "{draft: true, unlisted: true}"))
    assert rg("run")[0] == 0  # under its own rules, bad.md is a draft
    repo.git("add", "-A")
    rc, out, _ = rg("verify", "--staged")
    assert rc == 1
    assert "policy change: changes draft_markers" in out
    assert "content/posts/bad.md" in out and "fails under the rules in force at HEAD" in out


def test_unmarking_a_draft_gates_it_at_the_next_commit(repo: Repo, rg: Run) -> None:
    """The commit hook's memory of a verified tree holds only under the same markers."""
    repo.write(
        ".receipt-gate.yaml", HUGO.replace("required: [headline-numbers]", "required: [ai-tells]")
    )
    repo.write("content/posts/ok.md", "---\ntitle: Fine\n---\nNothing to see.\n")
    repo.write("content/posts/wip.md", "---\ntitle: WIP\nwip: true\n---\n" + TELLS + ".\n")
    repo.write(
        ".receipt-gate.yaml",
        repo.read(".receipt-gate.yaml").replace("{draft: true}", "{draft: true, wip: true}"),
    )
    repo.git("add", "-A")
    assert rg("pre-commit")[0] == 0
    repo.git("commit", "-q", "-m", "site")
    assert rg("pre-commit")[0] == 0  # HEAD's tree is remembered as verified
    repo.write(".receipt-gate.yaml", repo.read(".receipt-gate.yaml").replace(", wip: true}", "}"))
    repo.git("add", "-A")
    rc, out, _ = rg("pre-commit")
    assert rc == 1
    assert "content/posts/wip.md:5:1: ai-tells: AI tells weigh" in out


@pytest.mark.parametrize("value", ['"true"', "'True'", '" true"', "yes", "1"])
def test_a_look_alike_marker_never_ungates(repo: Repo, rg: Run, value: str) -> None:
    repo.write(
        ".receipt-gate.yaml", HUGO.replace("required: [headline-numbers]", "required: [ai-tells]")
    )
    repo.write("content/posts/a.md", f"---\ntitle: A\ndraft: {value}\n---\n{TELLS}.\n")
    rc, out, _ = rg("run")
    assert rc == 1 and "AI tells weigh" in out


def test_an_exclusion_added_to_drafts_is_named_a_weakening(repo: Repo, rg: Run) -> None:
    repo.write(
        ".receipt-gate.yaml", HUGO.replace("required: [headline-numbers]", "required: [ai-tells]")
    )
    repo.write("content/posts/ok.md", "---\ntitle: Fine\n---\nNothing to see.\n")
    assert rg("run")[0] == 0
    repo.commit_all("site")
    repo.write(
        ".receipt-gate.yaml",
        repo.read(".receipt-gate.yaml").replace(
            '"!content/_common/**"]\nrequired',
            '"!content/_common/**", "!content/posts/bad.md"]\nrequired',
        ),
    )
    repo.write("content/posts/bad.md", "---\ntitle: Bad\n---\n" + TELLS + ".\n")
    rg("run")
    repo.git("add", "-A")
    rc, out, err = rg("verify", "--staged")
    assert rc == 2  # (and a page the site publishes, drafts not gating it, is named)
    assert "policy change: weakens: drafts leaves out !content/posts/bad.md" in out
    assert (
        "content/posts/bad.md: the site publishes it (a Hugo site) and this change adds or"
        " edits it, where drafts (.receipt-gate.yaml) gates it not"
    ) in err


@pytest.mark.parametrize(
    "head",
    [
        "meta: {\ndraft: true,\nb: 1}\ndraft: yes",  # a look-alike line inside a flow map
        'title: "A\ndraft: true\n more"\ndraft: on',  # ...inside a quoted string
    ],
)
def test_a_marker_is_judged_on_the_line_its_key_is_on(repo: Repo, rg: Run, head: str) -> None:
    """The literal check reads the line the parser found the key on, not the first line
    that looks like it: `draft: yes` is true to PyYAML and a string to js-yaml or Go."""
    repo.write(
        ".receipt-gate.yaml", HUGO.replace("required: [headline-numbers]", "required: [ai-tells]")
    )
    repo.write("content/posts/a.md", f"---\n{head}\n---\n{TELLS}.\n")
    rc, out, _ = rg("run")
    assert rc == 1 and "AI tells weigh" in out, out


def test_a_void_marker_is_said_whole(repo: Repo, rg: Run) -> None:
    """A message cut at 60 characters lost its closing parenthesis: said whole."""
    repo.write("mkdocs.yml", "site_name: x\nplugins: [search]\n")
    repo.write(
        ".receipt-gate.yaml",
        'drafts: ["docs/**/*.md"]\nrequired: [ai-tells]\n'
        "draft_markers: {front_matter: {draft: true}}\n",
    )
    repo.write("docs/a.md", "---\ndraft: true\n---\nText.\n")
    rg("run")
    _, out, _ = rg("verify")
    assert (
        "mkdocs.yml: no blog plugin (the one that holds back a draft: true"
        " post): the build publishes the pages the draft markers mark"
    ) in out


@pytest.mark.parametrize(
    ("path", "text", "parsed"),
    [
        # a word in a comment or a value is no key: nothing to parse
        (".receipt-gate.yaml", "# claim add TERM --source URL\nrun_dir: x  # a blog post\n", False),
        ("hugo.yaml", 'title: "the source of a blog"\n', False),
        # a key, however it is written, is parsed
        ("hugo.yaml", "buildDrafts: true\n", True),
        ("hugo.yaml", "themesDir : x\n", True),
        ("hugo.json", '{"source"\n: "x"}', True),
        ("hugo.yaml", '"build\\u0044rafts": true\n', True),
        ("hugo.yaml", "? buildDrafts\n: true\n", True),
        ("hugo.toml", "[[module.mounts]]\nsource = 'x'\n", True),
        ("hugo.yaml", "{buildDrafts}\n", True),
        # an outside review: spaces past any bound, a long key, an alias as a key
        ("hugo.yaml", "buildDrafts" + " " * 70 + ": true\n", True),
        ("hugo.json", '{"buildDrafts"\n' + " " * 70 + ": true}", True),
        ("hugo.yaml", "buildDrafts" + "x" * 80 + ": true\n", True),
        ("hugo.yaml", "x: &k buildDrafts\n*k : true\n", True),
    ],
)
def test_a_site_config_is_parsed_where_a_setting_is_a_key(
    path: str, text: str, parsed: bool
) -> None:
    from receipt_gate.reading.siteconfig import document

    doc = document(path, text)
    assert doc is not None
    assert bool(doc) is parsed, doc  # a Table: its (key, value) pairs
