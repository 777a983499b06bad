"""A config's `checks`, `required` and `required_from`: which checks it names, each one's
settings as it runs (its defaults overlaid with the config, type-checked), and the
checks it declares itself (a command, a model)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from receipt_gate.base.schema import Err, mapping, repo_path, str_list, type_name, unknown
from receipt_gate.checks import Spec

# The distribution the built-in checks come from.
BUILT_IN = "receipt-gate"
# A setting of this name takes the config's top-level title_fields as its default.
TITLE_FIELDS = "title_fields"


class Checks:
    """What the config's check sections say, once read."""

    def __init__(
        self,
        specs: dict[str, Spec],
        checks: dict[str, dict[str, Any]],
        effective: dict[str, dict[str, Any]],
    ) -> None:
        self.specs, self.checks, self.effective = specs, checks, effective


def read(
    top: Mapping[str, Any],
    plugins: Mapping[str, Spec | str],
    err: Err,
    title_fields: Sequence[str] | None,
) -> Checks:
    from receipt_gate.checks.table import declared

    given = mapping(top.get("checks"), "checks", err)
    specs = {n: s for n, s in plugins.items() if isinstance(s, Spec)}
    for name, value in given.items():
        section = mapping(value, f"checks.{name}", err)
        given[name] = section
        if name in plugins:
            plugin = plugins[name]
            if isinstance(plugin, str):
                raise err(f"checks.{name}", plugin)
            _collides(name, section, plugin, err)
            continue
        spec = declared(name, section)
        if spec is None:
            raise err(
                f"checks.{name}",
                f"unknown check (known: {', '.join(sorted(specs))};"
                " declare your own with command: or kind: model)",
            )
        specs[name] = spec
    checks: dict[str, dict[str, Any]] = {}
    for name, section in given.items():
        kind = section.get("kind")
        if kind is not None and kind != "model":
            raise err(
                f"checks.{name}.kind", f"expected model (the one kind a config names), got {kind!r}"
            )
        if kind is not None and specs[name].kind != "model":
            raise err(
                f"checks.{name}.kind", f"{name} is not a model check: code computes its verdict"
            )
        checks[name] = {k: v for k, v in section.items() if k != "kind"}
        if specs[name].kind == "command" and not section.get("command"):
            raise err(f"checks.{name}.command", "a command check needs its command (argv)")
        if (
            specs[name].kind == "command"
            and section.get("inputs_read") == "reported"
            and section.get("findings") != "json"
        ):
            raise err(
                f"checks.{name}.inputs_read",
                "reported needs findings: json (the"
                " program reports what it read in its JSON, under `reads`)",
            )
    for name, spec in specs.items():
        if TITLE_FIELDS in spec.settings and title_fields is not None:
            checks.setdefault(name, {}).setdefault(TITLE_FIELDS, list(title_fields))
    effective = {name: settings_of(spec, checks.get(name, {}), err) for name, spec in specs.items()}
    return Checks(specs, {k: v for k, v in checks.items() if v or k in given}, effective)


def _collides(name: str, section: Mapping[str, Any], plugin: Spec, err: Err) -> None:
    """A plugin never stands in for a check the config declares itself: a command under
    the name of a plugin that is no model check (a model check's command is a setting),
    or `kind: model` under the name of another distribution's plugin."""
    declares = ("command" in section and plugin.kind != "model") or (
        "kind" in section and plugin.dist != BUILT_IN
    )
    if declares:
        what = "a command check" if "command" in section else "a model check"
        by = f"{plugin.source} from {plugin.dist}" if plugin.dist else plugin.source
        raise err(
            f"checks.{name}",
            f"declared here as {what}, and the installed plugin"
            f" {by} has the same name; rename the check (or uninstall the plugin)",
        )


def names(
    top: Mapping[str, Any],
    key: str,
    specs: Mapping[str, Spec],
    plugins: Mapping[str, Spec | str],
    err: Err,
    default: Sequence[str],
) -> tuple[str, ...]:
    """A list of check names (`required`, a `required_from` state's): each known, once."""
    got = str_list(top[key] if key in top else list(default), key, err)
    for i, name in enumerate(got):
        if name not in specs:
            why = (
                plugins[name]
                if isinstance(plugins.get(name), str)
                else (f"unknown check {name!r} (known: {', '.join(sorted(specs))})")
            )
            raise err(f"{key}[{i}]", str(why))
        if name in got[:i]:
            raise err(f"{key}[{i}]", f"{name!r} is listed twice")
    return got


def required_from(
    top: Mapping[str, Any],
    states: Sequence[str],
    specs: Mapping[str, Spec],
    plugins: Mapping[str, Spec | str],
    required: Sequence[str],
    err: Err,
) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """`required_from: {STATE: [checks]}`: more checks from a state on, in states' order."""
    given = mapping(top.get("required_from"), "required_from", err)
    out = []
    for state, _ in given.items():
        if state not in states:
            raise err(f"required_from.{state}", "not one of states")
        more = names(given, state, specs, plugins, Err(f"{err.file}: required_from"), ())
        twice = [c for c in more if c in required]
        if twice:
            raise err(f"required_from.{state}", f"{twice[0]!r} is required from the start")
        out.append((state, more))
    return tuple(sorted(out, key=lambda sc: states.index(sc[0])))


def settings_of(spec: Spec, given: Mapping[str, object], err: Err) -> dict[str, Any]:
    """A check's effective settings: its defaults overlaid with the config, type-checked."""
    where = f"checks.{spec.name}"
    unknown(where, given, spec.settings, err)
    out: dict[str, Any] = {
        k: list(s.default) if isinstance(s.default, (list, tuple)) else s.default
        for k, s in spec.settings.items()
    }
    for k, v in given.items():
        key = f"{where}.{k}"
        setting = spec.settings[k]
        if setting.kind in ("strs", "globs", "argv"):
            out[k] = list(str_list(v, key, err))
        elif setting.kind == "bool":
            if not isinstance(v, bool):
                raise err(key, f"expected true or false, got {type_name(v)}")
            out[k] = v
        elif setting.kind == "int":
            if isinstance(v, bool) or not isinstance(v, int) or v < 1:
                raise err(key, f"expected a positive integer, got {v!r}")
            out[k] = v
        elif setting.kind == "path":
            out[k] = repo_path(v, key, err)  # read by the check: never outside the repository
        else:
            if not isinstance(v, str) or not v:
                raise err(key, f"expected a non-empty string, got {type_name(v)}")
            if setting.choices and v not in setting.choices:
                raise err(key, f"{v!r} is not one of {', '.join(setting.choices)}")
            out[k] = v
    return out
