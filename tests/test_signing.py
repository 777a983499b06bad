from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.conftest import CONFIG, Repo, Run

AT = ".receipts/drafts/intro.md/ai-tells.json"
SIGNED = CONFIG + "signing: {key_env: RECEIPT_GATE_KEY}\n"


@pytest.fixture
def signed(content: Repo, monkeypatch: pytest.MonkeyPatch) -> Repo:
    content.write(".receipt-gate.yaml", SIGNED)
    monkeypatch.setenv("RECEIPT_GATE_KEY", "a secret the agent cannot read")
    return content


def test_signed_receipts_verify(signed: Repo, rg: Run) -> None:
    assert rg("run")[0] == 0
    receipt = json.loads(signed.read(AT))
    assert receipt["signature"].startswith("hmac-sha256:")
    assert rg("verify")[0] == 0
    before = (signed.path / AT).read_bytes()
    assert rg("run")[0] == 0
    assert (signed.path / AT).read_bytes() == before  # unchanged, still byte for byte


def test_a_receipt_typed_by_hand_is_refused(signed: Repo, rg: Run) -> None:
    rg("run")
    receipt = json.loads(signed.read(AT))
    del receipt["signature"]
    signed.write(AT, json.dumps(receipt))
    rc, out, _ = rg("verify")
    assert rc == 1
    assert out.splitlines()[0] == (f"{AT}: unsigned (condition 5, signature): the receipt"
                                   " carries no signature; counts as missing")


def test_a_flipped_verdict_breaks_the_signature(signed: Repo, rg: Run) -> None:
    signed.write("drafts/intro.md", signed.read("drafts/intro.md") + "Let's dive in.\n")
    assert rg("run")[0] == 1
    receipt = json.loads(signed.read(AT))
    receipt.update(verdict="pass", findings=[])
    signed.write(AT, json.dumps(receipt))
    rc, out, _ = rg("verify")
    assert rc == 1
    assert out.splitlines()[0] == (f"{AT}: wrongly signed (condition 5, signature): the receipt"
                                   " has a signature that does not verify with the configured"
                                   " key; counts as missing")


def test_another_key_does_not_verify(signed: Repo, rg: Run,
                                     monkeypatch: pytest.MonkeyPatch) -> None:
    rg("run")
    monkeypatch.setenv("RECEIPT_GATE_KEY", "another key")
    rc, out, _ = rg("verify")
    assert rc == 1
    assert "wrongly signed (condition 5, signature)" in out
    assert rg("run")[0] == 0  # re-signed under the new key
    assert rg("verify")[0] == 0


def test_no_key_is_exit_2(signed: Repo, rg: Run, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("RECEIPT_GATE_KEY")
    assert rg("verify") == (2, "", "receipt-gate: .receipt-gate.yaml: signing: no key (set"
                                   " $RECEIPT_GATE_KEY)\n")


def test_key_file_outside_the_repository(content: Repo, rg: Run, tmp_path: Path) -> None:
    key = tmp_path / "gate.key"
    key.write_text("file secret\n")
    content.write(".receipt-gate.yaml", CONFIG + f"signing: {{key_file: {key}}}\n")
    assert rg("run")[0] == 0
    assert rg("verify")[0] == 0


def test_key_file_inside_the_repository_is_refused(content: Repo, rg: Run) -> None:
    content.write("keys/gate.key", "oops\n")
    content.write(".receipt-gate.yaml", CONFIG + "signing: {key_file: keys/gate.key}\n")
    assert rg("run") == (2, "", "receipt-gate: .receipt-gate.yaml: signing.key_file:"
                                " keys/gate.key is inside the repository; keep the key where a"
                                " commit cannot carry it\n")
