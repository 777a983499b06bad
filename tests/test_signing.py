"""Signed receipts: Ed25519, private key with the signer, public keys in the policy."""

from __future__ import annotations

import base64
import json
from pathlib import Path

import pytest

from receipt_gate.base.signing import new_seed, public_text
from tests.conftest import CONFIG, TELLS, Repo, Run

AT = ".receipts/drafts/intro.md/ai-tells.json"
SEED, PUBLIC = new_seed()
OTHER_SEED, OTHER_PUBLIC = new_seed()
SIGNED = CONFIG + f'signing: {{public_keys: ["{public_text(PUBLIC)}"]}}\n'


def b64(seed: bytes) -> str:
    return base64.b64encode(seed).decode()


def signed_repo(content: Repo, monkeypatch: pytest.MonkeyPatch) -> Repo:
    """The repository's config lists PUBLIC; the signer's key is in the environment."""
    content.write(".receipt-gate.yaml", SIGNED)
    monkeypatch.setenv("RECEIPT_GATE_SIGNING_KEY", b64(SEED))
    return content


@pytest.fixture
def signed(content: Repo, monkeypatch: pytest.MonkeyPatch) -> Repo:
    return signed_repo(content, monkeypatch)


def test_signed_receipts_verify_with_only_the_public_key(
    signed: Repo, rg: Run, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert rg("run")[0] == 0
    receipt = json.loads(signed.read(AT))
    assert receipt["signature"].startswith("ed25519:")
    monkeypatch.delenv("RECEIPT_GATE_SIGNING_KEY")  # a verifier holds no secret
    assert rg("verify")[0] == 0
    monkeypatch.setenv("RECEIPT_GATE_SIGNING_KEY", b64(SEED))
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
    assert out.splitlines()[0] == (
        f"{AT}: unsigned: the receipt carries no signature; counts as missing"
    )


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("ran_at", "2020-01-01T00:00:00Z"),
        ("tool", "receipt-gate 9"),
        ("extra", "added"),
        ("criteria", []),
    ],
)
def test_any_field_changed_breaks_the_signature(
    signed: Repo, rg: Run, field: str, value: object
) -> None:
    """(A changed hash, fingerprint, verdict or check is refused by an earlier condition.)"""
    assert rg("run")[0] == 0
    receipt = json.loads(signed.read(AT))
    receipt[field] = value
    signed.write(AT, json.dumps(receipt))
    rc, out, _ = rg("verify")
    assert rc == 1
    assert out.splitlines()[0] == (
        f"{AT}: wrongly signed: the receipt has no signature"
        " that verifies with a key in signing.public_keys; counts as missing"
    )


def test_a_flipped_verdict_is_refused(signed: Repo, rg: Run) -> None:
    signed.write("drafts/intro.md", signed.read("drafts/intro.md") + TELLS + ".\n")
    assert rg("run")[0] == 1
    receipt = json.loads(signed.read(AT))
    receipt.update(verdict="pass", findings=[])
    signed.write(AT, json.dumps(receipt))
    rc, out, _ = rg("verify")
    assert rc == 1
    assert out.splitlines()[0] == (
        f"{AT}: wrongly signed: the receipt"
        " has no signature that verifies with a key in"
        " signing.public_keys; counts as missing"
    )


def test_a_receipt_signed_by_any_other_key_is_refused(signed: Repo, rg: Run) -> None:
    from receipt_gate.base.signing import Signer

    rg("run")
    receipt = json.loads(signed.read(AT))
    receipt["signature"] = Signer(OTHER_SEED, OTHER_PUBLIC).sign(receipt)
    signed.write(AT, json.dumps(receipt))
    rc, out, _ = rg("verify")
    assert rc == 1
    assert "wrongly signed: the receipt" in out


def test_a_signer_whose_key_the_policy_does_not_list_is_exit_2(
    signed: Repo, rg: Run, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("RECEIPT_GATE_SIGNING_KEY", b64(OTHER_SEED))
    rc, out, err = rg("run")
    assert (rc, out) == (2, "")
    assert err == (
        f"receipt-gate: $RECEIPT_GATE_SIGNING_KEY: its public key"
        f" {public_text(OTHER_PUBLIC)} is not one of signing.public_keys\n"
    )


def test_writing_without_a_key_is_exit_2(
    signed: Repo, rg: Run, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("RECEIPT_GATE_SIGNING_KEY")
    assert rg("run") == (
        2,
        "",
        "receipt-gate: signing: receipts here must be signed, and no"
        " private key is given (set $RECEIPT_GATE_SIGNING_KEY, or pass"
        " --key-file; receipt-gate keygen makes one)\n",
    )
    assert not (signed.path / ".receipts").exists()


def test_key_env_and_key_file_name_where_the_signer_finds_it(
    signed: Repo, rg: Run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("RECEIPT_GATE_SIGNING_KEY")
    monkeypatch.setenv("CI_GATE_KEY", b64(SEED))
    assert rg("run", "--key-env", "CI_GATE_KEY")[0] == 0
    key = tmp_path / "gate.key"
    key.write_text(b64(SEED) + "\n")
    signed.write("drafts/intro.md", signed.read("drafts/intro.md") + "More.\n")
    assert rg("run", "--key-file", str(key))[0] == 0
    assert rg("verify")[0] == 0


def test_key_file_inside_the_repository_is_refused(signed: Repo, rg: Run) -> None:
    signed.write("keys/gate.key", b64(SEED) + "\n")
    assert rg("run", "--key-file", "keys/gate.key") == (
        2,
        "",
        "receipt-gate: --key-file keys/gate.key: inside the repository; keep the private"
        " key where a commit cannot carry it\n",
    )


def test_keygen_writes_a_private_key_and_prints_the_public_line(
    repo: Repo, rg: Run, tmp_path: Path
) -> None:
    out_file = tmp_path / "outside" / "k"
    out_file.parent.mkdir()
    rc, out, _ = rg("keygen", "--out", str(out_file))
    assert rc == 0
    assert oct(out_file.stat().st_mode & 0o777) == "0o600"
    line = out.splitlines()[-1]
    assert line.startswith('signing: {public_keys: ["ed25519:')
    assert rg("keygen", "--out", str(out_file))[0] == 2  # never overwritten
    assert rg("keygen", "--out", "in-repo.key")[0] == 2  # never inside the repository
    assert not (repo.path / "in-repo.key").exists()
