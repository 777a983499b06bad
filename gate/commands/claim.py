"""`claim add` and `claim list`: the registry of outside claims."""

from __future__ import annotations

from typing import TYPE_CHECKING

from receipt_gate import GateError
from receipt_gate.output import json_out, say, table
from receipt_gate.session import Session, open_session

if TYPE_CHECKING:
    import argparse


def _registry(s: Session) -> str:
    path: str = s.cfg.effective["registered-terms"]["registry"]
    return path


def add(args: argparse.Namespace) -> int:
    from receipt_gate import claims
    from receipt_gate.receipts import now

    s = open_session()
    path = _registry(s)
    bad = claims.source_error(args.source)
    if bad:
        raise GateError(f"--source: {bad}")
    if not args.term.strip() or args.term != args.term.strip():
        raise GateError(f"TERM: {args.term!r} is empty or has surrounding spaces")
    registry = claims.parse(s.tree.read(path), path)
    old = next((c for c in registry if c.term == args.term), None)
    if old is not None and not args.replace:
        say(f"{path}: {args.term} is already registered (source {old.source});"
            " use --replace to change it")
        return 1
    new = claims.Claim(args.term, args.source, args.note or "", now())
    registry = [new if c.term == args.term else c for c in registry]
    if old is None:
        registry.append(new)
    claims.write(s.root, path, registry)
    say(f"{path}: {'replaced' if old else 'registered'} {args.term} ({args.source})")
    return 0


def list_claims(args: argparse.Namespace) -> int:
    from receipt_gate import claims

    s = open_session()
    path = _registry(s)
    registry = claims.parse(s.tree.read(path), path)
    if args.format == "json":
        json_out([c._asdict() for c in registry])
        return 0
    if not registry:
        say(f"{path}: no claims registered")
        return 0
    table([("term", "source", "registered_at", "note"),
           *((c.term, c.source, c.registered_at, c.note) for c in registry)], last_free=True)
    return 0
