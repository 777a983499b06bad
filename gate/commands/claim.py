"""`claim add`, `claim allow`, `claim import` and `claim list`: the registry of claims."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from receipt_gate import GateError
from receipt_gate.report.output import json_out, plural, say, table
from receipt_gate.rules.config import CONFIG_FILE
from receipt_gate.rules.session import Session, open_session

if TYPE_CHECKING:
    import argparse

    from receipt_gate.checks.claims import Registry

REPORT_LIMIT = 256 * 1024 * 1024


def _readers(s: Session) -> list[str]:
    """The checks that read a claims registry (their spec names its setting): the
    required ones, else any the config knows."""
    specs = s.cfg.specs
    return [n for n in s.cfg.every_required() if specs[n].claims] or sorted(
        n for n, spec in specs.items() if spec.claims
    )


def _registry(s: Session) -> tuple[str, Registry]:
    from receipt_gate.checks import claims

    readers = _readers(s)
    if not readers:
        raise GateError(f"{CONFIG_FILE}: no check it knows reads a claims registry")
    path: str = s.cfg.effective[readers[0]][s.cfg.specs[readers[0]].claims]
    return path, claims.parse(s.tree.read(path), path)


def _check_source(s: Session, source: str) -> None:
    from receipt_gate.checks import claims

    bad = claims.source_error(source)
    if bad:
        raise GateError(f"--source: {bad}")
    file = claims.source_file(source)
    if file is not None and s.tree.read(file) is None:
        raise GateError(f"--source: {file}: no such file in the {s.tree.label}")


def _terms(terms: Sequence[str], where: str) -> list[str]:
    from receipt_gate.checks import claims

    for t in terms:
        bad = claims.term_error(t)
        if bad:
            raise GateError(f"{where}: {bad}")
    return list(dict.fromkeys(terms))


def _register(s: Session, terms: list[str], source: str, note: str, replace: bool) -> int:
    """Add the terms (source "" for allowed names) in one write; 1 when one is already
    there and not replaced."""
    from receipt_gate.checks import claims
    from receipt_gate.invariant.receipts import now

    path, registry = _registry(s)
    stamp = now()
    new = {t: claims.Claim(t, source, note, stamp) for t in terms}
    old = {t: registry.find(t) for t in terms}
    there = [t for t, c in old.items() if c is not None]
    if there and not replace:
        for t in there:
            c = old[t]
            how = f"registered (source {c.source})" if c and c.source else "allowed"
            say(f"{path}: {t} is already {how}; use --replace to change it")
        return 1
    claims_, allowed = (
        [c for c in registry.claims if c.term not in new],
        [c for c in registry.allowed if c.term not in new],
    )
    (claims_ if source else allowed).extend(new.values())
    claims.write(s.root, path, claims.Registry(claims_, allowed))
    verb = "allowed" if not source else "registered"
    what = terms[0] if len(terms) == 1 else plural(len(terms), "term")
    replaced = f" ({len(there)} replaced)" if there else ""
    say(f"{path}: {verb} {what}{replaced}" + (f" ({source})" if source else ""))
    return 0


def add(args: argparse.Namespace) -> int:
    s = open_session()
    _check_source(s, args.source)
    return _register(s, _terms(args.terms, "TERM"), args.source, args.note or "", args.replace)


def allow(args: argparse.Namespace) -> int:
    s = open_session()
    return _register(s, _terms(args.terms, "TERM"), "", args.note or "", args.replace)


def terms_in_report(doc: Any, file: str, readers: list[str]) -> list[str]:
    """The unregistered terms named in a JSON report of `check NAME`, `run` or `verify`
    (the `term` of each finding of a check that reads the registry)."""
    if not isinstance(doc, dict):
        raise GateError(f"{file}: not a receipt-gate JSON report (expected an object)")
    found: list[object] = []
    for v in doc.get("violations") or []:
        if isinstance(v, dict) and v.get("check", doc.get("check")) in readers:
            found.append(v.get("term"))
    for p in doc.get("problems") or []:
        if isinstance(p, dict) and p.get("check") in readers:
            found += [f.get("term") for f in p.get("findings") or [] if isinstance(f, dict)]
    if "violations" not in doc and "problems" not in doc:
        raise GateError(
            f"{file}: not a receipt-gate JSON report (no violations or problems;"
            f" make one with: receipt-gate check {' or '.join(readers) or 'NAME'}"
            " --format json)"
        )
    return [t for t in found if isinstance(t, str)]


def import_report(args: argparse.Namespace) -> int:
    from receipt_gate.base.shapes import BadShape, load_json

    if bool(args.source) == bool(args.allow):
        raise GateError("claim import: give --source URL|PATH or --allow")
    s = open_session()
    if args.source:
        _check_source(s, args.source)
    name = "stdin" if args.report == "-" else args.report
    try:
        if args.report == "-":
            data = sys.stdin.buffer.read(REPORT_LIMIT + 1)
        else:
            with open(args.report, "rb") as f:
                data = f.read(REPORT_LIMIT + 1)
    except OSError as e:
        raise GateError(f"{name}: cannot read ({e.strerror})") from None
    if len(data) > REPORT_LIMIT:
        raise GateError(f"{name}: larger than {REPORT_LIMIT >> 20} MiB")
    try:
        doc = load_json(data)
    except BadShape as e:
        raise GateError(f"{name}: {e}") from None
    terms = list(dict.fromkeys(terms_in_report(doc, name, _readers(s))))
    path, registry = _registry(s)
    todo = [t for t in terms if registry.find(t) is None]
    if not todo:
        say(
            f"{path}: nothing to import ({plural(len(terms), 'term')} in {name},"
            " all registered already)"
        )
        return 0
    _terms(todo, name)
    rc = _register(s, todo, args.source or "", args.note or "", False)
    if len(todo) < len(terms):
        say(f"{path}: {len(terms) - len(todo)} already registered, left as they were")
    return rc


def list_claims(args: argparse.Namespace) -> int:
    from receipt_gate.checks import claims

    s = open_session()
    path, registry = _registry(s)
    entries = registry.entries()
    if args.format == "json":
        json_out([{**c._asdict(), "kind": "claim" if c.source else "allow"} for c in entries])
        return 0
    if not entries:
        say(f"{path}: no claims registered")
        return 0

    def shown(c: claims.Claim) -> str:
        if not c.source:
            return "(allowed)"
        file = claims.source_file(c.source)
        return c.source + (" (no such file)" if file and s.tree.read(file) is None else "")

    table(
        [
            ("term", "source", "registered_at", "note"),
            *((c.term, shown(c), c.registered_at, c.note) for c in entries),
        ],
        last_free=True,
    )
    return 0
