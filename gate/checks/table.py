"""Which checks exist: the plugins of the entry-point group (built-ins included), and
the checks a config declares (a command, a model); and a plugin's object, loaded.

Reading the entry points imports importlib.metadata and scans every installed
distribution (60 ms here), and a plugin's declaration means importing it: too much for
every commit. So what was found is kept in the git dir's cache, under the modification
times of the folders on sys.path (installing or removing a package changes them) and
of each plugin's own file (an edit in a checkout installed in editable mode), and read
from there while those hold.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping
from typing import Any

from receipt_gate import GateError
from receipt_gate.base.installed import environment as _environment
from receipt_gate.base.installed import stamp as _stamp
from receipt_gate.checks import GROUP, BadCheck, Setting, Spec, spec_from_json, spec_of
from receipt_gate.trees import cache

FORMAT = 3
CACHE = "checks.json"
_LOADED: dict[str, Any] = {}

# What a command check's config may hold; `command` is required.
COMMAND = {
    "command": Setting("argv", []),
    "inputs": Setting("globs", []),
    "version": Setting("str", ""),
    "version_command": Setting("argv", []),
    "findings": Setting("str", "lines", True, ("lines", "json", "exit")),
    # "reported": the program says, per draft, which of its inputs it read (`reads` in its
    # JSON), and a draft's receipt fingerprints those alone (a link checker's posts).
    "inputs_read": Setting("str", "all", True, ("all", "reported")),
    "timeout_s": Setting("int", 60, False),
}
# What a model check's config may hold beside `kind: model` (a plugin model check, like
# grader, declares the same).
MODEL = {
    "command": Setting("argv", []),
    # Files its verdict reads (the sources it cites): fingerprinted, so an edit of one
    # makes its receipts stale.
    "inputs": Setting("globs", []),
    "rubric": Setting("path", ""),
    "timeout_s": Setting("int", 120, False),
    "min_quote_chars": Setting("int", 20),
    "at_commit": Setting("bool", False, False),
}


def _valid(env: list[list[object]]) -> Any:
    def valid(doc: Any) -> bool:
        if not (
            isinstance(doc, dict)
            and doc.get("format") == FORMAT
            and doc.get("env") == env
            and isinstance(doc.get("checks"), dict)
        ):
            return False
        return all(
            isinstance(v, dict)
            and (v.get("origin") is None or _stamp(v["origin"]) == v.get("stamp"))
            for v in doc["checks"].values()
        )

    return valid


def plugins(cache_dir: str | None) -> dict[str, Spec | str]:
    """Every plugin check by name: its Spec, or why it cannot be used (one line)."""
    env = _environment()
    file = os.path.join(cache_dir, CACHE) if cache_dir else None
    doc = cache.read(file, _valid(env))
    if doc is not None:
        out: dict[str, Spec | str] = {}
        for name, v in doc["checks"].items():
            got = spec_from_json(v["spec"]) if v.get("spec") is not None else v.get("error")
            if not got or not isinstance(got, (Spec, str)):
                break  # a cache of another shape: found again, never trusted
            out[name] = got
        else:
            return out
    found, rows = _discover()
    cache.write(file, {"format": FORMAT, "env": env, "checks": rows})
    return found


def _discover() -> tuple[dict[str, Spec | str], dict[str, dict[str, Any]]]:
    import importlib.metadata

    found: dict[str, Spec | str] = {}
    rows: dict[str, dict[str, Any]] = {}
    for ep in importlib.metadata.entry_points(group=GROUP):
        origin = None
        if ep.name in found:
            found[ep.name] = (
                f"the check {ep.name!r} is registered twice ({ep.value} and another); uninstall one"
            )
        elif (why := _untrusted(ep)) is not None:
            found[ep.name] = why  # refused before any of its code runs
        else:
            try:
                obj = load(ep.value)
                dist = getattr(ep.dist, "name", "") or ""
                found[ep.name] = spec_of(obj, ep.name, ep.value)._replace(
                    dist=dist, home=_top_home(ep.module) or ""
                )
                origin = getattr(sys.modules.get(ep.module), "__file__", None)
            except BadCheck as e:
                found[ep.name] = f"the check {ep.name!r} ({ep.value}): {e}"
            except Exception as e:  # a plugin that cannot be imported is named, not a crash
                found[ep.name] = (
                    f"the check {ep.name!r} ({ep.value}) cannot be loaded:"
                    f" {type(e).__name__}: {e}".splitlines()[0]
                )
        got = found[ep.name]
        rows[ep.name] = {
            "spec": got.as_json() if isinstance(got, Spec) else None,
            "error": got if isinstance(got, str) else "",
            "origin": origin,
            "stamp": _stamp(origin) if origin else None,
        }
    return found, rows


def _top_home(module: str) -> str | None:
    """The folder a module's top-level package (or the module) would be imported from,
    found without running any of its code; None when nothing of that name is found."""
    import importlib.util

    try:
        spec = importlib.util.find_spec(module.strip().split(".")[0])
    except (ImportError, ValueError):
        return None
    if spec is None:
        return None
    places = list(spec.submodule_search_locations or []) or [spec.origin or ""]
    return os.path.realpath(places[0]) if places[0] else None


def _homes(dist: Any) -> list[str]:
    """Where an installed distribution's code may live: the folder its metadata is in,
    and an editable install's project folder (PEP 610's direct_url.json)."""
    import json
    from urllib.parse import unquote, urlparse

    homes = [os.path.realpath(str(dist.locate_file("")))]
    try:
        doc = json.loads(dist.read_text("direct_url.json") or "null")
    except ValueError:
        doc = None
    if (
        isinstance(doc, dict)
        and isinstance(doc.get("dir_info"), dict)
        and doc["dir_info"].get("editable") is True
        and isinstance(doc.get("url"), str)
        and doc["url"].startswith("file://")
    ):
        homes.append(os.path.realpath(unquote(urlparse(doc["url"]).path)))
    return homes


def _inside(path: str, folder: str) -> bool:
    return path == folder or path.startswith(folder.rstrip(os.sep) + os.sep)


def _untrusted(ep: Any) -> str | None:
    """Why a plugin must not be loaded, decided before any of its code runs: its
    distribution's metadata is a file of the repository being judged (a committed
    `*.dist-info`), or the module it names would be imported from somewhere else than
    its distribution (a package of that name earlier on the import path shadows it)."""
    dist = ep.dist
    if dist is None:
        return None
    meta = getattr(dist, "_path", None)
    if meta is not None and _tracked(os.path.realpath(str(meta))):
        return (
            f"the check {ep.name!r} is registered by {os.fspath(meta)}, a file of this"
            " repository: checks are loaded only from installed distributions, never"
            " from the tree being judged"
        )
    home = _top_home(ep.module)
    homes = _homes(dist)
    if home is not None and not any(_inside(home, h) for h in homes):
        return (
            f"the check {ep.name!r} ({ep.value}) would be imported from {home}, not from"
            f" its distribution {dist.name} ({homes[0]}): a package of that name comes"
            " first on the import path (the current folder, PYTHONPATH); run the"
            " installed receipt-gate from outside the checkout"
        )
    return None


def _tracked(path: str) -> bool:
    """Is `path` inside the work tree of the repository here, and tracked by git there?"""
    from receipt_gate.trees import git

    try:
        root = os.path.realpath(git.toplevel(os.getcwd()))
    except Exception:  # not in a repository (or no git): nothing of one to refuse
        return False
    if not _inside(path, root):
        return False
    rel = os.path.relpath(path, root)
    return bool(git.call(root, ("ls-files", "-z", "--", rel)).stdout)


def load(source: str) -> Any:
    """The object an entry point value names (`module` or `module:attr.attr`)."""
    hit = _LOADED.get(source)
    if hit is None:
        import importlib

        module, _, attr = source.partition(":")
        hit = importlib.import_module(module.strip())
        for part in filter(None, attr.strip().split(".")):
            hit = getattr(hit, part)
        _LOADED[source] = hit
    return hit


def implementation(spec: Spec) -> Any:
    """The plugin object of a code or model check; GateError when it cannot be loaded, or
    would be loaded from elsewhere than where its distribution's was found (a package of
    the same name put first on the import path since)."""
    if spec.home and spec.source not in _LOADED:
        home = _top_home(spec.source.partition(":")[0])
        if home != spec.home:
            raise GateError(
                f"the check {spec.name!r} ({spec.source}) would be imported from"
                f" {home}, not from {spec.home}, where its distribution"
                f" {spec.dist} has it: run the installed receipt-gate from"
                " outside the checkout"
            )
    try:
        return load(spec.source)
    except Exception as e:
        raise GateError(
            f"the check {spec.name!r} ({spec.source}) cannot be loaded:"
            f" {type(e).__name__}: {e}".splitlines()[0]
        ) from None


def declared(name: str, given: Mapping[str, object]) -> Spec | None:
    """The check a config declares under `checks.NAME` when no plugin has that name: a
    model (`kind: model`) or a command (`command:`); None when it declares neither."""
    command = given.get("command")
    argv = " ".join(str(w) for w in command) if isinstance(command, list) else ""
    if given.get("kind") == "model":
        return Spec(
            name,
            "model",
            False,
            MODEL,
            "model",
            description=f"a model's verdict from `{argv}`, every criterion quoting the draft",
        )
    if "command" in given:
        version = given.get("version")
        return Spec(
            name,
            f"command {version}" if isinstance(version, str) else "command",
            True,
            COMMAND,
            "command",
            description=f"the command `{argv}` finds nothing in the draft",
        )
    return None
