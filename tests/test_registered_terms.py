from __future__ import annotations

import pytest
import regex

from receipt_gate.registry import DEFAULT_SHAPES, TERM_SHAPES
from receipt_gate_hooks.registered_terms import find_unregistered
from tests.conftest import GOOD_DRAFT, Repo, Run

REGISTERED = {"MAX_TOKENS_OK", "--allowed"}


def unregistered(text: str, shapes: tuple[str, ...] = DEFAULT_SHAPES) -> list[tuple[int, int, str]]:
    rx = regex.compile("|".join(f"(?:{TERM_SHAPES[s]})" for s in shapes))
    found, _ = find_unregistered(text, rx, REGISTERED, "claims.yaml")
    return [(f.line, f.col, dict(f.extra)["term"]) for f in found]  # type: ignore[misc]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param("Set `MAX_TOKENS` first.", [(1, 5, "MAX_TOKENS")], id="env-var"),
        pytest.param("Never `--no-verify`.", [(1, 7, "--no-verify")], id="long-flag"),
        pytest.param("Pass `--max=3`.", [(1, 6, "--max")], id="a-flag-with-a-value"),
        pytest.param("Use `--buildDrafts`.", [(1, 5, "--buildDrafts")], id="camel-flag"),
        pytest.param("a\n\nUse ``RUN_ID`` and `--x-y`.", [(3, 5, "RUN_ID"), (3, 20, "--x-y")],
                     id="two-on-a-line"),
        pytest.param("- item `HUGO_ENV`\n\n> quote `GIT_DIR`", [(1, 8, "HUGO_ENV"),
                                                            (3, 9, "GIT_DIR")],
                     id="in-a-list-and-a-quote"),
    ],
)
def test_flags_unregistered_setting_names(text: str, expected: list[tuple[int, int, str]]) -> None:
    assert unregistered(text) == expected


@pytest.mark.parametrize(
    ("shape", "text", "term"),
    [
        pytest.param("dotted", "Add `core.hooksPath`.", "core.hooksPath", id="dotted"),
        pytest.param("snake_case", "Tune `max_chars`.", "max_chars", id="snake-case"),
        pytest.param("camelCase", "Tune `hooksPath`.", "hooksPath", id="camel-case"),
        pytest.param("short-flag", "Run with `-n`.", "-n", id="short-flag"),
        pytest.param("key=value", "Set `ttl=60`.", "ttl", id="key-value"),
    ],
)
def test_more_shapes_are_switched_on(shape: str, text: str, term: str) -> None:
    assert unregistered(text) == []
    assert [t for _, _, t in unregistered(text, (*DEFAULT_SHAPES, shape))] == [term]


@pytest.mark.parametrize(
    "text",
    [
        pytest.param("Allow `MAX_TOKENS_OK` and `--allowed`.", id="registered"),
        pytest.param("Run `git commit` now.", id="a-command-is-not-a-setting"),
        pytest.param("Call `relative_url`, `site.url` and `time.Format`.", id="code-words"),
        pytest.param("    `MAX_TOKENS` in an indented code block", id="indented-code"),
        pytest.param("[`--destination`]: /commands/#options", id="a-link-definition"),
        pytest.param("Edit `claims.yaml` and `drafts/intro.md`.", id="file-names"),
        pytest.param("The word `delve`.", id="plain-word"),
        pytest.param("MAX_TOKENS outside code.", id="not-in-code"),
        pytest.param("```\n`MAX_TOKENS`\n```", id="fenced"),
        pytest.param("---\nkey: `MAX_TOKENS`\n---\nx", id="front-matter"),
    ],
)
def test_leaves_alone(text: str) -> None:
    assert unregistered(text) == []


@pytest.fixture
def terms(repo: Repo) -> Repo:
    repo.write(".receipt-gate.yaml", "required: [registered-terms]\n")
    repo.write("drafts/a.md", GOOD_DRAFT + "\nNever use `--no-verify` here.\n")
    return repo


def test_register_then_pass(terms: Repo, rg: Run) -> None:
    rc, out, _ = rg("run")
    assert rc == 1
    assert out.splitlines()[0] == (
        "drafts/a.md:11:11: registered-terms: `--no-verify` is not registered in claims.yaml;"
        " register where it is documented: receipt-gate claim add --source URL|PATH --"
        " --no-verify (or, a name of this project's own: receipt-gate claim allow --"
        " --no-verify)")
    rc, out, _ = rg("claim", "add", "--source", "https://git-scm.com/docs/git-commit",
                    "--note", "skips hooks", "--", "--no-verify")
    assert (rc, out) == (0, "claims.yaml: registered --no-verify"
                            " (https://git-scm.com/docs/git-commit)\n")
    rc, out, _ = rg("verify")
    assert rc == 1
    assert "registered-terms.json: stale (condition 2, inputs_sha256)" in out
    assert rg("run")[0] == 0
    assert rg("verify")[0] == 0


def test_claim_add_refuses_bad_sources_and_duplicates(terms: Repo, rg: Run) -> None:
    assert rg("claim", "add", "X_Y", "--source", "ftp://example.com/x") == (
        2, "", "receipt-gate: --source: source must be an http(s) URL or a repository path, got 'ftp://example.com/x'\n")
    assert rg("claim", "add", "X_Y", "--source", "example.com")[0] == 2
    assert not (terms.path / "claims.yaml").exists()
    assert rg("claim", "add", "X_Y", "--source", "https://a.example/1")[0] == 0
    before = terms.read("claims.yaml")
    rc, out, _ = rg("claim", "add", "X_Y", "--source", "https://b.example/2")
    assert (rc, out) == (1, "claims.yaml: X_Y is already registered (source https://a.example/1);"
                            " use --replace to change it\n")
    assert terms.read("claims.yaml") == before
    assert rg("claim", "add", "X_Y", "--source", "https://b.example/2", "--replace")[0] == 0
    rc, out, _ = rg("claim", "list")
    lines = out.splitlines()
    assert lines[0].split() == ["term", "source", "registered_at", "note"]
    assert lines[1].split()[:2] == ["X_Y", "https://b.example/2"]
    assert lines[1].split()[2].endswith("Z")
    assert len(lines) == 2


@pytest.mark.parametrize(
    ("registry", "message"),
    [
        pytest.param("- a\n", "claims.yaml: expected a mapping with the keys claims and allow",
                     id="list"),
        pytest.param("claims:\n- {term: A_B, source: 'file:///x'}\n",
                     "claims.yaml: claims[0].source: source must be an http(s) URL or a"
                     " repository path, got 'file:///x'",
                     id="bad-source"),
        pytest.param("claims:\n- {term: A_B, source: 'https://a.example', url: x}\n",
                     "claims.yaml: claims[0].url: unknown key (expected one of: term, source,"
                     " note, registered_at)", id="unknown-key"),
        pytest.param("claims:\n- {term: A_B, source: 'https://a'}\n- {term: A_B, source: 'https://b'}\n",
                     "claims.yaml: claims[1].term: 'A_B' is registered twice", id="duplicate"),
    ],
)
def test_bad_registry_exits_2(terms: Repo, rg: Run, registry: str, message: str) -> None:
    terms.write("claims.yaml", registry)
    assert rg("run") == (2, "", f"receipt-gate: {message}\n")
    assert not (terms.path / ".receipts").exists()
