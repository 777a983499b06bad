"""A draft checked in one line-ending form and committed in another: the receipt hashes
the bytes git stores, so it neither passes an edit nor refuses an unchanged draft."""

from __future__ import annotations

import subprocess

import pytest

from tests.conftest import GOOD_DRAFT, Repo, Run


def checkout_fresh(repo: Repo) -> None:
    """Make git write the working tree again under the current eol settings."""
    (repo.path / "drafts" / "intro.md").unlink()
    repo.git("checkout", "--", "drafts/intro.md")


@pytest.mark.parametrize(
    "setup",
    [
        pytest.param(lambda r: r.git("config", "core.autocrlf", "true"), id="core.autocrlf"),
        pytest.param(
            lambda r: (
                r.write(".gitattributes", "*.md text eol=crlf\n"),
                r.git("add", ".gitattributes"),
            ),
            id="gitattributes-eol-crlf",
        ),
    ],
)
def test_crlf_checkout_lf_blob(content: Repo, rg: Run, setup: object) -> None:
    content.commit_all("lf draft")
    setup(content)  # type: ignore[operator]
    checkout_fresh(content)
    assert b"\r\n" in (content.path / "drafts/intro.md").read_bytes()
    assert rg("run")[0] == 0
    content.git("add", "-A")
    assert content.git("diff", "--cached", "--name-only", "--", "drafts").stdout == ""
    assert rg("verify")[0] == 0
    assert rg("verify", "--staged")[0] == 0
    assert content.commit_all("receipts").returncode == 0
    assert rg("verify", "--rev", "HEAD")[0] == 0
    # Edited in the CRLF checkout: refused in every tree once staged.
    data = (content.path / "drafts/intro.md").read_bytes()
    (content.path / "drafts/intro.md").write_bytes(data + b"An edit.\r\n")
    assert rg("verify")[0] == 1
    content.git("add", "drafts/intro.md")
    assert rg("verify", "--staged")[0] == 1


def test_no_conversion_hashes_the_bytes_as_they_are(content: Repo, rg: Run) -> None:
    content.write("drafts/intro.md", GOOD_DRAFT.replace("\n", "\r\n"))
    assert rg("run")[0] == 0
    content.git("add", "-A")
    assert rg("verify", "--staged")[0] == 0
    import hashlib
    import json

    receipt = json.loads(content.read(".receipts/drafts/intro.md/ai-tells.json"))
    raw = (content.path / "drafts/intro.md").read_bytes()
    assert receipt["draft_sha256"] == hashlib.sha256(raw).hexdigest()


# --- convert.c's decision against real `git add`, over the whole grid -------------------

TEXT = ["unspecified", "text", "-text", "text=auto", "text=input", "text=bogus"]
CRLF = ["unspecified", "crlf", "-crlf", "crlf=input"]
EOL = ["unspecified", "eol=lf", "eol=crlf"]
BODIES = {"t": b"one\r\ntwo\r\n$Id: old $\r\n", "b": b"one\r\n\0two\r\n"}


@pytest.mark.parametrize(
    "autocrlf", [None, "true", "yes", "on", "1", "false", "no", "off", "0", "input", "INPUT", ""]
)
def test_what_git_add_stores_across_attributes_and_autocrlf(
    repo: Repo, autocrlf: str | None
) -> None:
    """Every combination of the text, legacy crlf and eol attributes (with ident), on a
    text and a binary file, under each spelling of core.autocrlf git accepts (a
    valueless key too): the bytes we hash are the bytes git stores."""
    import itertools

    from receipt_gate.trees import git as plumbing
    from receipt_gate.trees.convert import to_git

    if autocrlf == "":
        with open(repo.path / ".git" / "config", "a") as f:
            f.write("[core]\n\tautocrlf\n")
    elif autocrlf is not None:
        repo.git("config", "core.autocrlf", autocrlf)
    lines, names = [], []
    for k, (text, crlf, eol, kind) in enumerate(itertools.product(TEXT, CRLF, EOL, BODIES)):
        name = f"f{k:03d}.{kind}"
        attrs = " ".join(a for a in (text, crlf, eol) if a != "unspecified")
        lines.append(f"{name} ident {attrs}\n")
        (repo.path / name).write_bytes(BODIES[kind])
        names.append(name)
    repo.write(".gitattributes", "".join(lines))
    convs = plumbing.conversions(str(repo.path), names)
    repo.git("add", "-A")
    wrong = []
    for name in names:
        stored = subprocess.run(
            ["git", "cat-file", "blob", f":{name}"], cwd=repo.path, capture_output=True, check=True
        ).stdout
        if to_git(BODIES[name[-1]], convs[name]) != stored:
            wrong.append(f"{name} ({lines[names.index(name)].strip()}): {convs[name]}")
    assert wrong == []


def test_an_autocrlf_git_refuses_is_refused_naming_it(repo: Repo) -> None:
    from receipt_gate import GateError
    from receipt_gate.trees import git as plumbing

    repo.git("config", "core.autocrlf", "sometimes")
    with pytest.raises(GateError, match=r"core\.autocrlf: 'sometimes' is not a value git"):
        plumbing.autocrlf_setting(str(repo.path))


def test_a_lone_carriage_return_is_refused_by_name(content: Repo, rg: Run) -> None:
    """Hugo's renderer reads no line break at a CR alone, kramdown and Python-Markdown
    read one: "Intro.\\r\\r    text" is an indented code block to one, a paragraph to
    the other. The gate refuses to guess, naming the file and line."""
    content.write("drafts/intro.md", GOOD_DRAFT + "\nIntro.\r\r    We saw 76 of them.\n")
    rc, out, err = rg("run")
    assert rc == 2, out + err
    line = GOOD_DRAFT.count("\n") + 2
    assert f"drafts/intro.md:{line}: a carriage return without a line feed" in err
    assert not (content.path / ".receipts/drafts/intro.md").exists()
    content.git("add", "-A")
    rc, out, err = rg("verify", "--staged")
    assert rc == 2 and "a carriage return without a line feed" in err, out + err
