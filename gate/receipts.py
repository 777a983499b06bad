"""Receipts: where they live, what they hold, the fingerprint they carry, atomic writes."""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import posixpath
import time
from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from gate import TOOL, GateError, wildmatch
from gate.checks import CHECKS, Finding, module_file, shared_files
from gate.config import Config
from gate.tree import Tree

RECEIPT_LIMIT = 4 * 1024 * 1024
_DECODER = json.JSONDecoder()
_FIELDS: Mapping[str, type] = {
    "check": str,
    "draft": str,
    "draft_sha256": str,
    "ran_at": str,
    "verdict": str,
    "inputs_sha256": str,
    "tool": str,
    "findings": list,
}


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def receipt_path(run_dir: str, draft: str, check: str) -> str:
    return f"{run_dir}/{draft}/{check}.json"


@cache
def code_sha256(name: str) -> str:
    """The check's version: the bytes of its module and of the shared prose rules."""
    h = hashlib.sha256()
    for path in (module_file(CHECKS[name]), *shared_files()):
        try:
            with open(path, "rb") as f:
                h.update(f.read())
        except OSError:
            raise GateError(f"check {name!r} has no implementation: {path} is missing") from None
    return h.hexdigest()


InputFiles = dict[str, dict[str, str | None]]


def input_sources(name: str, cfg: Config) -> list[tuple[str, str, list[str]]]:
    """(setting, kind, names) for each setting that names input files of the check.

    kind is "path" (one file; absent counts too), "globs", or "argv" (the words of a
    command line that name a file in the tree).
    """
    spec, raw = CHECKS[name], cfg.checks.get(name, {})
    sources = []
    for key, default in spec.inputs.items():
        value = raw.get(key, default)
        if isinstance(value, str):
            sources.append((key, "path", [value]))
        else:
            sources.append((key, "globs", list(value)))
    argv = raw.get(spec.argv) if spec.argv else None
    if isinstance(argv, list):
        words = [posixpath.normpath(a) for a in argv if isinstance(a, str)]
        sources.append((spec.argv, "argv", words))
    return sources


def input_files(name: str, cfg: Config, tree: Tree) -> InputFiles:
    """Every file the check's verdict reads besides the draft, with its sha256, by setting.

    Globs never take in a draft or a receipt: drafts are not corpus (the seed's rule).
    """
    from gate.digests import sha256_of

    files: InputFiles = {}
    for key, kind, names in input_sources(name, cfg):
        if kind == "globs":
            not_corpus = wildmatch.compile_globs((*cfg.drafts, cfg.run_dir + "/**"))
            paths = [p for p in tree.paths(names) if not not_corpus.fullmatch(p)]
        elif kind == "argv":
            present = set(tree.paths([wildmatch.escape(p) for p in names]))
            paths = [p for p in names if p in present]
        else:
            paths = names
        digests = sha256_of(tree, paths)
        files[key] = {p: digests[p] for p in paths if digests[p] is not None or kind == "path"}
    return files


def inputs_sha256(name: str, cfg: Config, tree: Tree, files: InputFiles | None = None) -> str:
    """Fingerprint of everything but the draft that the verdict depended on."""
    payload = {
        "check": name,
        "code": code_sha256(name),
        "settings": cfg.checks.get(name, {}),
        "files": input_files(name, cfg, tree) if files is None else files,
    }
    text = json.dumps(payload, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return sha256(text.encode())


def now() -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())


def build(
    check: str,
    draft: str,
    draft_sha256: str,
    inputs: str,
    findings: Sequence[Finding],
    extra: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    return {
        "check": check,
        "draft": draft,
        "draft_sha256": draft_sha256,
        "ran_at": now(),
        "verdict": "fail" if findings else "pass",
        "inputs_sha256": inputs,
        "tool": TOOL,
        "findings": [f.as_dict() for f in findings],
        **(extra or {}),
    }


def dumps(receipt: Mapping[str, Any]) -> bytes:
    return (json.dumps(receipt, indent=2, ensure_ascii=False) + "\n").encode()


def parse(data: bytes) -> dict[str, Any] | str:
    """The receipt, or a one-line reason it is not one."""
    try:
        obj = _DECODER.decode(data.decode())
    except UnicodeDecodeError:
        return "not valid JSON (not UTF-8)"
    except ValueError as e:
        return f"not valid JSON ({str(e).splitlines()[0]})"
    if type(obj) is not dict:
        return "not a JSON object"
    if not _FIELDS.keys() <= obj.keys():
        missing = next(k for k in _FIELDS if k not in obj)
        return f"field {missing!r} is missing"
    for key, typ in _FIELDS.items():
        if type(obj[key]) is not typ:
            return f"field {key!r} is not a {typ.__name__}"
    for key in ("draft_sha256", "inputs_sha256"):
        value = obj[key]
        if len(value) != 64 or value.strip("0123456789abcdef"):
            return f"field {key!r} is not 64 lowercase hex digits"
    if obj["verdict"] not in ("pass", "fail"):
        return f"field 'verdict' is {obj['verdict']!r}, not 'pass' or 'fail'"
    return obj


def write_bytes(root: str, path: str, data: bytes) -> None:
    """Replace a file atomically (temporary file in the same folder, then rename)."""
    import tempfile

    full = os.path.join(root, path)
    folder = os.path.dirname(full)
    try:
        os.makedirs(folder, exist_ok=True)
        mode = os.stat(full).st_mode & 0o777 if os.path.exists(full) else 0o644
        fd, tmp = tempfile.mkstemp(dir=folder, prefix=".", suffix=".tmp")
    except (FileExistsError, NotADirectoryError):
        raise GateError(f"{path}: cannot create its folder: a file is in the way") from None
    except OSError as e:
        raise GateError(f"{path}: cannot write: {e.strerror}") from None
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.chmod(tmp, mode)
        os.replace(tmp, full)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def write_cache(path: str, text: str) -> bool:
    """Replace a cache file (an absolute path) atomically; True if written. A cache that
    cannot be written only costs time, so nothing is raised."""
    try:
        write_bytes(os.path.dirname(path), os.path.basename(path), text.encode())
    except (GateError, OSError):
        return False
    return True


def write(root: str, path: str, receipt: Mapping[str, Any], key: bytes | None = None) -> bool:
    """Write atomically (signed when a key is given); leave an equivalent receipt alone.

    Equivalent: the same fields but for ran_at, tool and signature, and a signature that
    holds under the key (or none when there is no key). True if written.
    """
    from gate import signing

    full = os.path.join(root, path)
    try:
        with open(full, "rb") as f:
            old = parse(f.read(RECEIPT_LIMIT + 1))
        same = isinstance(old, dict) and all(
            old.get(k) == receipt.get(k) for k in receipt if k not in _VOLATILE
        ) and set(old) - _VOLATILE <= set(receipt)
        if same and isinstance(old, dict):
            signed_ok = signing.problem(old, key) is None if key else "signature" not in old
            if signed_ok:
                return False
    except (FileNotFoundError, NotADirectoryError, IsADirectoryError):
        pass
    except OSError as e:
        raise GateError(f"{path}: cannot read: {e.strerror}") from None
    if key:
        receipt = {**{k: v for k, v in receipt.items() if k != "signature"}}
        receipt["signature"] = signing.sign(receipt, key)
    write_bytes(root, path, dumps(receipt))
    return True


_VOLATILE = {"ran_at", "tool", "signature"}
