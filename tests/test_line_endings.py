"""A draft checked in one line-ending form and committed in another: the receipt hashes
the bytes git stores, so it neither passes an edit nor refuses an unchanged draft."""

from __future__ import annotations

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
        pytest.param(lambda r: (r.write(".gitattributes", "*.md text eol=crlf\n"),
                                r.git("add", ".gitattributes")), id="gitattributes-eol-crlf"),
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
