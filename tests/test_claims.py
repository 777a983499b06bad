"""Registering claims at scale: globs, an allow list, repository sources, bulk import."""

from __future__ import annotations

import json

import pytest

from tests.conftest import Repo, Run

CONFIG = 'drafts: ["drafts/**/*.md"]\nrequired: [registered-terms]\n'
DRAFT = (
    "Set `HUGO_ENV`, `HUGO_CACHEDIR` and `JEKYLL_ENV`, pass `--region=eu`; the"
    " `MY_OWN_FLAG` setting is ours.\n"
)


@pytest.fixture
def site(repo: Repo) -> Repo:
    repo.write(".receipt-gate.yaml", CONFIG)
    repo.write("drafts/a.md", DRAFT)
    repo.write("docs/config.md", "# Configuration\n\n## ttl\n")
    return repo


def _terms(out: str) -> list[str]:
    return [v["term"] for v in json.loads(out)["violations"]]


def test_globs_and_allow_register_many_names(site: Repo, rg: Run) -> None:
    rc, out, _ = rg("check", "registered-terms", "--format", "json")
    assert rc == 1
    assert _terms(out) == ["HUGO_ENV", "HUGO_CACHEDIR", "JEKYLL_ENV", "--region", "MY_OWN_FLAG"]
    assert rg("claim", "add", "HUGO_*", "--source", "https://gohugo.io/configuration/")[0] == 0
    assert rg("claim", "add", "--source", "docs/config.md#ttl", "--", "--region*")[0] == 0
    assert rg("claim", "allow", "JEKYLL_*", "MY_OWN_FLAG", "--note", "this project's own")[0] == 0
    rc, out, _ = rg("check", "registered-terms", "--format", "json")
    assert (rc, _terms(out)) == (0, [])
    rc, out, _ = rg("claim", "list")
    assert "JEKYLL_*     (allowed)" in out and "docs/config.md#ttl" in out


def test_a_glob_matches_only_what_it_says(site: Repo, rg: Run) -> None:
    site.write("drafts/a.md", "Set `HUGO_ENV` and `XHUGO_ENV` and `HUGO`.\n")
    site.write(".receipt-gate.yaml", CONFIG + "checks: {registered-terms: {pattern: 'HUGO'}}\n")
    assert rg("claim", "add", "HUGO_*", "--source", "https://gohugo.io/")[0] == 0
    rc, out, _ = rg("check", "registered-terms", "--format", "json")
    assert (rc, _terms(out)) == (1, ["XHUGO_ENV", "HUGO"])


def test_import_registers_a_report_in_one_write(site: Repo, rg: Run) -> None:
    rc, out, _ = rg("check", "registered-terms", "--format", "json")
    site.write("report.json", out)
    rc, out, _ = rg("claim", "import", "report.json", "--source", "docs/config.md")
    assert (rc, out) == (0, "claims.yaml: registered 5 terms (docs/config.md)\n")
    assert rg("check", "registered-terms")[0] == 0
    rc, out, _ = rg("claim", "import", "report.json", "--allow")
    assert (rc, out) == (
        0,
        "claims.yaml: nothing to import (5 terms in report.json, all registered already)\n",
    )


def test_import_reads_verify_json_too(site: Repo, rg: Run) -> None:
    rg("run")
    rc, out, _ = rg("verify", "--format", "json")
    assert rc == 1
    site.write("verify.json", out)
    assert rg("claim", "import", "verify.json", "--allow")[0] == 0
    assert rg("run")[0] == 0


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (
            ["claim", "add", "X_Y", "--source", "docs/nope.md"],
            "--source: docs/nope.md: no such file in the working tree",
        ),
        (
            ["claim", "add", "X_Y", "--source", "../outside.md"],
            "--source: source '../outside.md' is not a repository path written plainly (relative,"
            " no .. or ./, e.g. docs/config.md#ttl)",
        ),
        (
            ["claim", "add", "X_Y", "--source", "/etc/passwd"],
            "--source: source '/etc/passwd' is not a repository path written plainly (relative,"
            " no .. or ./, e.g. docs/config.md#ttl)",
        ),
        (
            ["claim", "allow", "*_*"],
            "TERM: '*_*' is too wide a glob: one * and at least three"
            " other characters, a letter or digit among them (HUGO_*, *.example.com); to stop"
            " checking a shape, drop it from checks.registered-terms.shapes",
        ),
        (
            ["claim", "allow", "*E*"],
            "TERM: '*E*' is too wide a glob: one * and at least three"
            " other characters, a letter or digit among them (HUGO_*, *.example.com); to stop"
            " checking a shape, drop it from checks.registered-terms.shapes",
        ),
        (["claim", "import", "report.json"], "claim import: give --source URL|PATH or --allow"),
        (
            ["claim", "import", "missing.json", "--allow"],
            "missing.json: cannot read (No such file or directory)",
        ),
        (
            ["claim", "import", "docs/config.md", "--allow"],
            "docs/config.md: not valid JSON (Expecting value: line 1 column 1 (char 0))",
        ),
    ],
)
def test_bad_claims_input_exits_2_and_writes_nothing(
    site: Repo, rg: Run, argv: list[str], message: str
) -> None:
    site.write("report.json", "{}")
    assert rg(*argv) == (2, "", f"receipt-gate: {message}\n")
    assert not (site.path / "claims.yaml").exists()


def test_a_report_that_is_not_one_exits_2(site: Repo, rg: Run) -> None:
    site.write("report.json", '{"ok": true}')
    rc, _, err = rg("claim", "import", "report.json", "--allow")
    assert rc == 2 and "report.json: not a receipt-gate JSON report" in err


@pytest.mark.parametrize(
    ("registry", "message"),
    [
        (
            "allow:\n- {term: A_B, source: https://x.org/}\n",
            "claims.yaml: allow[0].source: unknown key"
            " (expected one of: term, note, registered_at)",
        ),
        (
            "claims: []\nallow:\n- {term: '*'}\n",
            "claims.yaml: allow[0].term: '*' is too wide a glob: one * and at least three other"
            " characters, a letter or digit among them (HUGO_*, *.example.com); to stop checking a"
            " shape, drop it from checks.registered-terms.shapes",
        ),
        (
            "claims:\n- {term: A_B, source: docs/config.md}\nallow:\n- {term: A_B}\n",
            "claims.yaml: allow[0].term: 'A_B' is registered twice",
        ),
    ],
)
def test_a_bad_registry_exits_2(site: Repo, rg: Run, registry: str, message: str) -> None:
    site.write("claims.yaml", registry)
    assert rg("run") == (2, "", f"receipt-gate: {message}\n")


def test_a_registry_entry_stales_only_the_drafts_that_use_the_name(site: Repo, rg: Run) -> None:
    assert rg("claim", "allow", "HUGO_*", "--", "--region", "JEKYLL_ENV", "MY_OWN_FLAG")[0] == 0
    assert rg("run")[0] == 0
    assert rg("claim", "allow", "OTHER_NAME")[0] == 0
    assert rg("verify")[0] == 0  # no draft uses OTHER_NAME: no verdict read its entry
    assert rg("claim", "allow", "JEKYLL_*")[0] == 0  # a second entry covers JEKYLL_ENV
    rc, out, _ = rg("verify")
    assert rc == 1 and "registered-terms.json: stale: what the check read changed" in out


def test_ci_names_what_the_registry_widens(site: Repo, rg: Run) -> None:
    site.write(".receipt-gate.yaml", CONFIG)
    assert rg("claim", "add", "HUGO_ENV", "--source", "https://gohugo.io/")[0] == 0
    site.commit_all("base")
    base = site.git("rev-parse", "HEAD").stdout.strip()
    assert rg("claim", "allow", "MY_*", "JEKYLL_ENV")[0] == 0
    assert rg("claim", "add", "HUGO_*", "--source", "docs/config.md")[0] == 0
    site.commit_all("widen", "--no-verify")
    _, out, _ = rg("verify", "--rev", "HEAD", "--policy-from", base)
    assert "receipt-gate: widens: the claims registry allows MY_* (no source)" in out
    assert "receipt-gate: widens: the claims registry allows JEKYLL_ENV (no source)" in out
    assert (
        "receipt-gate: widens: the claims registry registers the glob HUGO_* (docs/config.md)"
    ) in out
