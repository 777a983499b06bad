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
from receipt_gate.checks import GROUP, BadCheck, Setting, Spec, spec_from_json, spec_of
from receipt_gate.trees import cache

FORMAT = 2
CACHE = "checks.json"
_LOADED: dict[str, Any] = {}

# What a command check's config may hold; `command` is required.
COMMAND = {
    "command": Setting("argv", []),
    "inputs": Setting("globs", []),
    "version": Setting("str", ""),
    "version_command": Setting("argv", []),
    "findings": Setting("str", "lines", True, ("lines", "json", "exit")),
    "timeout_s": Setting("int", 60, False),
}
# What a model check's config may hold beside `kind: model` (a plugin model check, like
# grader, declares the same).
MODEL = {
    "command": Setting("argv", []),
    "rubric": Setting("path", ""),
    "timeout_s": Setting("int", 120, False),
    "min_quote_chars": Setting("int", 20),
    "at_commit": Setting("bool", False, False),
}


def _environment() -> list[list[object]]:
    """What says the installed plugins may have changed: the folders on sys.path (not
    the current folder `python -m` puts there: any file made in it would change it)."""
    out: list[list[object]] = []
    here = os.getcwd()
    for p in sys.path:
        if not p or os.path.abspath(p) == here:
            continue
        try:
            st = os.stat(p or ".")
        except OSError:
            continue
        out.append([p, st.st_mtime_ns])
    return out


def _stamp(path: str) -> list[int] | None:
    try:
        st = os.stat(path)
    except OSError:
        return None
    return [st.st_mtime_ns, st.st_size]


def _valid(env: list[list[object]]) -> Any:
    def valid(doc: Any) -> bool:
        if not (isinstance(doc, dict) and doc.get("format") == FORMAT and doc.get("env") == env
                and isinstance(doc.get("checks"), dict)):
            return False
        return all(isinstance(v, dict) and (v.get("origin") is None or _stamp(v["origin"])
                                            == v.get("stamp")) for v in doc["checks"].values())
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
            found[ep.name] = (f"the check {ep.name!r} is registered twice ({ep.value} and"
                              " another); uninstall one")
        else:
            try:
                obj = load(ep.value)
                found[ep.name] = spec_of(obj, ep.name, ep.value)
                origin = getattr(sys.modules.get(ep.module), "__file__", None)
            except BadCheck as e:
                found[ep.name] = f"the check {ep.name!r} ({ep.value}): {e}"
            except Exception as e:  # a plugin that cannot be imported is named, not a crash
                found[ep.name] = (f"the check {ep.name!r} ({ep.value}) cannot be loaded:"
                                  f" {type(e).__name__}: {e}".splitlines()[0])
        got = found[ep.name]
        rows[ep.name] = {"spec": got.as_json() if isinstance(got, Spec) else None,
                         "error": got if isinstance(got, str) else "",
                         "origin": origin, "stamp": _stamp(origin) if origin else None}
    return found, rows


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
    """The plugin object of a code or model check; GateError when it cannot be loaded."""
    try:
        return load(spec.source)
    except Exception as e:
        raise GateError(f"the check {spec.name!r} ({spec.source}) cannot be loaded:"
                        f" {type(e).__name__}: {e}".splitlines()[0]) from None


def declared(name: str, given: Mapping[str, object]) -> Spec | None:
    """The check a config declares under `checks.NAME` when no plugin has that name: a
    model (`kind: model`) or a command (`command:`); None when it declares neither."""
    if given.get("kind") == "model":
        return Spec(name, "model", False, MODEL, "model")
    if "command" in given:
        version = given.get("version")
        return Spec(name, f"command {version}" if isinstance(version, str) else "command",
                    True, COMMAND, "command")
    return None
