"""`attest`: receipts as in-toto Statements v1 in DSSE envelopes, checked here by
implementations that are not ours: PyNaCl for the Ed25519 signature, the in-toto
attestation package (its Statement protobuf, strict about fields) for the Statement."""

from __future__ import annotations

import base64
import hashlib
import json
from typing import Any

import pytest

from tests.conftest import CONFIG, GOOD_DRAFT, Repo, Run
from tests.test_signing import PUBLIC, signed_repo

nacl_signing = pytest.importorskip("nacl.signing")
statement_pb2 = pytest.importorskip("in_toto_attestation.v1.statement_pb2")


def _lines(out: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in out.splitlines()]


def _pae(kind: str, payload: bytes) -> bytes:
    """DSSE v1's pre-authentication encoding, written here from the spec."""
    return b" ".join(
        [b"DSSEv1", str(len(kind)).encode(), kind.encode(), str(len(payload)).encode(), payload]
    )


def _statement(env: dict[str, Any]) -> dict[str, Any]:
    from google.protobuf import json_format
    from in_toto_attestation.v1.statement import Statement

    assert env["payloadType"] == "application/vnd.in-toto+json"
    payload = base64.b64decode(env["payload"])
    # Parse refuses a field the Statement v1 message does not have.
    pb = json_format.Parse(payload, statement_pb2.Statement())
    Statement.copy_from_pb(pb).validate()
    doc: dict[str, Any] = json.loads(payload)
    return doc


@pytest.fixture
def signed(content: Repo, monkeypatch: pytest.MonkeyPatch) -> Repo:
    """test_signing's signed repository, with a second draft."""
    repo = signed_repo(content, monkeypatch)
    repo.write("drafts/reply.md", GOOD_DRAFT.replace("The receipt gate", "Reply"))
    return repo


def test_attest_rev_head_signs_statements_a_verifier_with_the_public_key_checks(
    signed: Repo, rg: Run, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert rg("run")[0] == 0
    assert signed.commit_all("gated").returncode == 0
    rc, out, err = rg("attest", "--rev", "HEAD")
    assert rc == 0, out + err
    envelopes = _lines(out)
    key = nacl_signing.VerifyKey(PUBLIC)
    seen = {}
    for env in envelopes:
        (sig,) = env["signatures"]
        assert sig["keyid"] == hashlib.sha256(PUBLIC).hexdigest()[:16]
        payload = base64.b64decode(env["payload"])
        key.verify(_pae(env["payloadType"], payload), base64.b64decode(sig["sig"]))
        doc = _statement(env)
        (subject,) = doc["subject"]
        blob = signed.git("cat-file", "blob", f"HEAD:{subject['name']}").stdout.encode()
        assert subject["digest"] == {"sha256": hashlib.sha256(blob).hexdigest()}
        pred = doc["predicate"]
        assert pred["holds"] is True and pred["required"] == ["ai-tells", "hook-length"]
        for c in pred["checks"]:
            receipt = json.loads(signed.git("cat-file", "blob", f"HEAD:{c['receipt']}").stdout)
            assert (c["state"], c["verdict"], c["inputsSha256"], c["findings"], c["signed"]) == (
                "fresh",
                "pass",
                receipt["inputs_sha256"],
                0,
                True,
            )
        seen[subject["name"]] = [c["check"] for c in pred["checks"]]
        # Commits by their full ids, in fields of their own (in-toto's guidelines).
        head = signed.git("rev-parse", "HEAD").stdout.strip()
        assert pred["judged"]["commit"] == head
        assert pred["rules"]["commit"] is None  # the first commit: its own rules
        assert doc["predicateType"].endswith("#attestation-v1")
        assert all(k == k[0].lower() + k[1:] and "_" not in k for k in pred)
    assert seen == {
        "drafts/intro.md": ["ai-tells", "hook-length"],
        "drafts/reply.md": ["ai-tells", "hook-length"],
    }
    # A verifier holds no secret; one payload byte changed and the signature fails.
    env = envelopes[0]
    forged = base64.b64decode(env["payload"]).replace(b'"holds":true', b'"holds":fals')
    with pytest.raises(Exception, match="Signature was forged or corrupt"):
        key.verify(_pae(env["payloadType"], forged), base64.b64decode(env["signatures"][0]["sig"]))


def test_a_draft_edited_after_its_checks_is_attested_as_not_holding(signed: Repo, rg: Run) -> None:
    """The check that ran three edits ago: its receipt names an older hash, and the
    Statement says so about the bytes the tree holds now."""
    assert rg("run")[0] == 0
    signed.write("drafts/reply.md", signed.read("drafts/reply.md") + "\nA third edit.\n")
    rc, out, err = rg("attest", "drafts/reply.md")
    assert rc == 1
    (env,) = _lines(out)
    doc = _statement(env)
    assert (
        doc["subject"][0]["digest"]["sha256"]
        == hashlib.sha256((signed.path / "drafts/reply.md").read_bytes()).hexdigest()
    )
    pred = doc["predicate"]
    assert pred["holds"] is False
    assert {c["state"] for c in pred["checks"]} == {"stale"}
    assert "1 do not" in err


def test_unsigned_where_signing_is_not_configured(content: Repo, rg: Run) -> None:
    assert rg("run")[0] == 0
    rc, out, err = rg("attest")
    assert rc == 0, err
    (env,) = _lines(out)
    assert env["signatures"] == []
    assert _statement(env)["subject"][0]["name"] == "drafts/intro.md"
    assert "unsigned: the rules in force (the working tree's own) list no" in err


def test_signing_configured_and_no_key_is_exit_2(
    signed: Repo, rg: Run, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert rg("run")[0] == 0
    monkeypatch.delenv("RECEIPT_GATE_SIGNING_KEY")
    rc, out, err = rg("attest")
    assert (rc, out) == (2, "")
    assert len(err.splitlines()) == 1 and "no private key is given" in err


def test_nothing_gated_attests_nothing_and_refuses(repo: Repo, rg: Run) -> None:
    repo.write(".receipt-gate.yaml", CONFIG)
    rc, out, _ = rg("attest")
    assert (rc, out) == (1, "")


def test_attest_verify_holds_for_the_bundle_and_refuses_a_tampered_one(
    signed: Repo, rg: Run, tmp_path: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert rg("run")[0] == 0
    assert signed.commit_all("gated").returncode == 0
    signed.write("drafts/reply.md", signed.read("drafts/reply.md") + "\nMore.\n")
    assert rg("run")[0] == 0
    assert signed.commit_all("second").returncode == 0
    rc, out, _ = rg("attest", "--rev", "HEAD")
    assert rc == 0
    bundle = tmp_path / "bundle.jsonl"
    bundle.write_text(out)
    monkeypatch.delenv("RECEIPT_GATE_SIGNING_KEY")  # a verifier holds no secret
    rc, said, _ = rg("attest", "--rev", "HEAD", "--verify", str(bundle))
    assert rc == 0, said
    assert "ok: 2 envelope(s) signed by a trusted key" in said
    # Every line of in-toto's own parser takes the statements.
    for env in _lines(out):
        _statement(env)
    # One payload byte changed: the signature no longer holds.
    envs = _lines(out)
    payload = base64.b64decode(envs[0]["payload"])
    envs[0]["payload"] = base64.b64encode(payload.replace(b'"fresh"', b'"fresH"')).decode()
    bundle.write_text("".join(json.dumps(e) + "\n" for e in envs))
    rc, said, _ = rg("attest", "--rev", "HEAD", "--verify", str(bundle))
    assert rc == 1 and "no signature by a trusted key holds" in said
    # The genuine bundle of HEAD, checked against its parent: the reply's digest differs.
    bundle.write_text(out)
    rc, said, _ = rg("attest", "--rev", "HEAD^", "--verify", str(bundle))
    assert rc == 1 and "drafts/reply.md: its digest is not the sha256 of the draft" in said
    bundle.write_text("not json\n")
    rc, _, err = rg("attest", "--rev", "HEAD", "--verify", str(bundle))
    assert rc == 2 and "bundle.jsonl: not JSON Lines of DSSE envelopes" in err


def test_attest_verify_unsigned_checks_the_statement_against_the_tree(
    content: Repo, rg: Run, tmp_path: Any
) -> None:
    assert rg("run")[0] == 0
    rc, out, _ = rg("attest")
    bundle = tmp_path / "b.jsonl"
    bundle.write_text(out)
    assert rg("attest", "--verify", str(bundle))[0] == 0
    (env,) = _lines(out)
    doc = json.loads(base64.b64decode(env["payload"]))
    doc["predicate"]["checks"][0]["verdict"] = "fail"
    env["payload"] = base64.b64encode(json.dumps(doc).encode()).decode()
    bundle.write_text(json.dumps(env) + "\n")
    rc, said, _ = rg("attest", "--verify", str(bundle))
    assert rc == 1 and "the predicate differs from what the gate finds now (checks)" in said
    # Authentic, but of a draft that no longer holds: refused, saying so.
    bundle.write_text(out)
    content.write("drafts/intro.md", content.read("drafts/intro.md") + "\nEdited.\n")
    rc, said, _ = rg("attest", "--verify", str(bundle))
    assert rc == 1 and "its digest is not the sha256" in said


def test_the_public_key_exports_as_pem_a_verifier_reads(rg: Run) -> None:
    from cryptography.hazmat.primitives.serialization import load_pem_public_key

    from tests.test_signing import PUBLIC

    public = "ed25519:" + base64.b64encode(PUBLIC).decode()
    rc, out, _ = rg("keygen", "--export", public)
    assert rc == 0 and out.startswith("-----BEGIN PUBLIC KEY-----")
    key = load_pem_public_key(out.encode())
    from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat

    assert key.public_bytes(Encoding.Raw, PublicFormat.Raw) == PUBLIC
    assert rg("keygen", "--export", "ed25519:abc")[0] == 2
