"""The content state machine: a draft's `status:` front-matter field, rewritten in place."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from receipt_gate import GateError

if TYPE_CHECKING:
    from receipt_gate.config import Config
    from receipt_gate.signing import Signer

_OPEN = re.compile(rb"(\xef\xbb\xbf)?---[ \t]*(\r?\n)")
_CLOSE = re.compile(rb"^(?:---|\.\.\.)[ \t]*\r?$", re.MULTILINE)
_STATUS = re.compile(rb"^status[ \t]*:[ \t]*(.*?)[ \t]*\r?$", re.MULTILINE)


def set_status(data: bytes, state: str) -> bytes:
    """The draft with its status set to `state`; every other byte as it was.

    A front matter without `status:` gets the line after its opening `---`; a draft
    without front matter gets one.
    """
    value = state.encode()
    m = _OPEN.match(data)
    close = _CLOSE.search(data, m.end()) if m else None
    if m is None or close is None:
        bom = b"\xef\xbb\xbf" if data.startswith(b"\xef\xbb\xbf") else b""
        nl = b"\r\n" if b"\r\n" in data else b"\n"
        return bom + b"---" + nl + b"status: " + value + nl + b"---" + nl + data[len(bom) :]
    status = _STATUS.search(data, m.end(), close.start())
    if status is None:
        return data[: m.end()] + b"status: " + value + m.group(2) + data[m.end() :]
    return data[: status.start(1)] + value + data[status.end(1) :]


def keep_fresh(
    cfg: Config, root: str, path: str, old: bytes, signer: Signer | None, status: str,
) -> None:
    """After a status change whose receipts all held on the old bytes: run the code
    checks again on the new bytes, and re-key each model verdict to the new hash with
    `advanced_from` saying which bytes and status it was given."""
    from receipt_gate import receipts, runner
    from receipt_gate.registry import CHECKS
    from receipt_gate.session import load_drafts
    from receipt_gate.tree import WorkTree

    tree = WorkTree(root)
    (moved,) = load_drafts(tree, [path])
    runner.run(cfg, tree, [c for c in cfg.required if CHECKS[c].deterministic], [moved],
               signer=signer)
    for check in cfg.required:
        if CHECKS[check].deterministic:
            continue
        rpath = receipts.receipt_path(cfg.run_dir, path, check)
        data = tree.read(rpath, receipts.RECEIPT_LIMIT)
        receipt = receipts.parse(data) if data is not None else "missing"
        if isinstance(receipt, str):
            raise GateError(f"{rpath}: {receipt}")
        receipt["draft_sha256"] = receipts.sha256(moved.data)
        receipt["advanced_from"] = {"draft_sha256": receipts.sha256(old), "status": status}
        receipts.write(root, rpath, receipt, signer)
