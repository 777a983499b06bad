"""Property tests: no byte-level edit of a checked draft, and no edit of a receipt that
breaks the invariant, gets past verify. Real files, real receipts, the real gate."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from receipt_gate.base.text import decode
from receipt_gate.invariant.receipts import sha256
from receipt_gate.invariant.runner import run
from receipt_gate.invariant.verify import evaluate
from receipt_gate.rules.config import load
from receipt_gate.trees.tree import WorkTree

pytestmark = pytest.mark.slow
EXAMPLES = int(os.environ.get("RECEIPT_GATE_EXAMPLES", "10000"))
PATH = "drafts/p.md"
CHECKS = ("ai-tells", "hook-length")
FIELDS = (
    "check",
    "draft",
    "draft_sha256",
    "ran_at",
    "verdict",
    "inputs_sha256",
    "tool",
    "findings",
)


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory) -> tuple[Any, WorkTree]:
    root = tmp_path_factory.mktemp("prop")
    subprocess.run(["git", "init", "-q", str(root)], check=True)
    (root / ".receipt-gate.yaml").write_text(f"required: [{', '.join(CHECKS)}]\n")
    (root / "drafts").mkdir()
    (root / PATH).write_text("seed\n")
    tree = WorkTree(str(root))
    tree.paths()  # the draft's path never changes: list the tree once
    return load((root / ".receipt-gate.yaml").read_bytes()), tree


def check_draft(world: tuple[Any, WorkTree], data: bytes) -> None:
    cfg, tree = world
    Path(tree.root, PATH).write_bytes(data)
    draft = decode(PATH, data)
    assert not isinstance(draft, str)
    run(cfg, tree, {c: [draft] for c in CHECKS})


def gate_holds(world: tuple[Any, WorkTree]) -> bool:
    cfg, tree = world
    return evaluate(cfg, tree, [PATH]).ok


drafts = st.builds(
    lambda title, body: f"# {title}\n\n{body}\n".encode(),
    st.text(st.characters(blacklist_categories=("Cs",), blacklist_characters="\0\r"), max_size=40),
    st.text(
        st.characters(blacklist_categories=("Cs",), blacklist_characters="\0\r"),
        min_size=1,
        max_size=300,
    ),
)


@st.composite
def mutated(draw: st.DrawFn, data: bytes) -> bytes:
    kind = draw(st.sampled_from(["flip", "insert", "delete", "truncate", "append"]))
    pos = draw(st.integers(0, max(0, len(data) - 1)))
    if kind == "flip":
        return data[:pos] + bytes([data[pos] ^ draw(st.integers(1, 255))]) + data[pos + 1 :]
    if kind == "insert":
        return data[:pos] + draw(st.binary(min_size=1, max_size=4)) + data[pos:]
    if kind == "delete":
        return data[:pos] + data[pos + draw(st.integers(1, 4)) :]
    if kind == "truncate":
        return data[:pos]
    return data + draw(st.binary(min_size=1, max_size=4))


@settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=drafts, st_data=st.data())
def test_any_byte_edit_after_the_checks_is_refused(
    world: tuple[Any, WorkTree], data: bytes, st_data: st.DataObject
) -> None:
    check_draft(world, data)
    edit = st_data.draw(mutated(data))
    assume(edit != data)
    Path(world[1].root, PATH).write_bytes(edit)
    assert not gate_holds(world)


JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.text(max_size=20)
    | st.sampled_from(
        ["pass", "fail", "ai-tells", "hook-length", PATH, "drafts/q.md", "0" * 64, "f" * 64]
    ),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3)
    ),
    max_leaves=5,
)


def invariant_holds(original: dict[str, Any], receipt: dict[str, Any]) -> bool:
    """The spec, written out: what verify must accept after an edit of the receipt."""
    types = {"ran_at": str, "tool": str, "findings": list}
    if any(not isinstance(receipt.get(k), t) for k, t in types.items()):
        return False
    if any(
        receipt.get(k) != original[k] for k in ("check", "draft", "draft_sha256", "inputs_sha256")
    ):
        return False
    # A pass that carries findings contradicts itself: the receipt is unreadable.
    return receipt.get("verdict") == "pass" and receipt["findings"] == []


@settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    data=drafts,
    check=st.sampled_from(CHECKS),
    field=st.sampled_from([*FIELDS, "extra"]),
    action=st.sampled_from(["set", "delete"]),
    value=JSON,
)
def test_receipt_edits_pass_only_when_the_invariant_still_holds(
    world: tuple[Any, WorkTree], data: bytes, check: str, field: str, action: str, value: Any
) -> None:
    check_draft(world, data)
    rpath = Path(world[1].root, ".receipts", PATH, f"{check}.json")
    original = json.loads(rpath.read_text())
    assert original["draft_sha256"] == sha256(data)
    receipt = dict(original)
    if action == "delete":
        receipt.pop(field, None)
    else:
        receipt[field] = value
    rpath.write_text(json.dumps(receipt))
    others_hold = all(
        json.loads(Path(world[1].root, ".receipts", PATH, f"{c}.json").read_text())["verdict"]
        == "pass"
        for c in CHECKS
        if c != check
    )
    assert gate_holds(world) == (invariant_holds(original, receipt) and others_hold)
