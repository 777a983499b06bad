"""The one YAML loader: plain mappings, lists and scalars, each key once; one error format.

Every YAML file receipt-gate trusts (the config, the claims registry, a draft's front
matter) goes through load(). What two readers could read differently is refused, not
guessed: a key given twice (PyYAML keeps the last, a line scanner the first), anchors
and aliases (and with them the "billion laughs"), merge keys, explicit tags, and keys
that are not plain scalars. Errors read `FILE: not valid YAML (line L, column C): why`.
A site generator's config, which the gate only searches for settings, is read by
settings(): everything is read there, each shared node built once (never expanded).
"""

from __future__ import annotations

from typing import Any

from receipt_gate import GateError


def _error(file: str, mark: Any, problem: str) -> GateError:
    where = f" (line {mark.line + 1}, column {mark.column + 1})" if mark is not None else ""
    return GateError(f"{file}: not valid YAML{where}: {problem}")


def load(
    data: bytes | str,
    file: str,
    scalar_aliases: bool = False,
    key_lines: dict[str, int] | None = None,
) -> Any:
    """The document in `data` (None when empty), or GateError naming the file and line.

    With `scalar_aliases` (a page's front matter: Hugo and Jekyll read `title: &t X`,
    `linkTitle: *t`), an anchor on a scalar and an alias of one are read as the value
    itself; an anchor on a list or mapping is still refused (no alias can multiply)."""
    import yaml

    loader_class = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    scalars: set[str] = set()
    try:
        for event in yaml.parse(data, Loader=loader_class):
            anchor = getattr(event, "anchor", None)
            if isinstance(event, yaml.AliasEvent):
                if not (scalar_aliases and anchor in scalars):
                    raise _error(
                        file,
                        event.start_mark,
                        "anchors and aliases are not allowed"
                        + (" (but on a plain value)" if scalar_aliases else ""),
                    )
            elif anchor:
                if not (scalar_aliases and isinstance(event, yaml.ScalarEvent)):
                    raise _error(
                        file,
                        event.start_mark,
                        "anchors and aliases are not allowed"
                        + (" (but on a plain value)" if scalar_aliases else ""),
                    )
                scalars.add(anchor)
            tag = getattr(event, "tag", None)
            if tag is not None and tag != "!":
                raise _error(file, event.start_mark, f"explicit tags are not allowed ({tag})")
        loader = loader_class(data)
        try:
            node = loader.get_single_node()
            if node is None:
                return None
            _check(node, loader, file)
            if key_lines is not None and isinstance(node, yaml.MappingNode):
                # Where each top-level key really is (not a line inside a flow mapping
                # or a quoted string that merely looks like one): 0-based.
                for key, _ in node.value:
                    key_lines.setdefault(str(loader.construct_object(key)), key.start_mark.line)
            return loader.construct_document(node)
        finally:
            loader.dispose()
    except yaml.MarkedYAMLError as e:
        problem = e.problem or str(e).splitlines()[0]
        raise _error(file, e.problem_mark, problem) from None
    except yaml.YAMLError as e:
        raise _error(file, None, str(e).splitlines()[0] if str(e) else "unreadable") from None
    except (RecursionError, ValueError, TypeError, OverflowError) as e:
        raise _error(file, None, f"cannot be read ({type(e).__name__})") from None


def _check(root: Any, loader: Any, file: str) -> None:
    """Each mapping's keys: plain scalars, no merge key, none twice (iteratively)."""
    import yaml

    todo = [root]
    while todo:
        node = todo.pop()
        if isinstance(node, yaml.SequenceNode):
            todo.extend(node.value)
        elif isinstance(node, yaml.MappingNode):
            seen: set[Any] = set()
            for key, value in node.value:
                if not isinstance(key, yaml.ScalarNode):
                    raise _error(file, key.start_mark, "a key must be a plain scalar")
                if key.tag == "tag:yaml.org,2002:merge":
                    raise _error(file, key.start_mark, "merge keys (<<) are not allowed")
                name = loader.construct_object(key)
                try:
                    duplicate = name in seen
                    seen.add(name)
                except TypeError:
                    raise _error(file, key.start_mark, "a key must be a plain scalar") from None
                if duplicate:
                    raise _error(file, key.start_mark, f"duplicate key {name!r}")
                todo.append(value)


class Table(tuple):  # type: ignore[type-arg]
    """A mapping as written: its (key, value) pairs in order, a key given twice kept twice."""


def settings(data: bytes | str) -> object:
    """Someone else's YAML (a site generator's config) as plain values, to find settings
    in, never to trust: explicit keys, flow mappings, tags (`!!python/name:`), aliases
    (each node built once) and merge keys are read; a mapping is a Table. ValueError when
    it is no YAML."""
    import yaml

    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)(data)
    built: dict[int, object] = {}

    def value(node: Any) -> object:
        if id(node) in built:
            return built[id(node)]
        if isinstance(node, yaml.ScalarNode):
            out: object = node.value
            if node.tag.endswith(":bool"):
                out = node.value.lower() in ("true", "yes", "on", "y")
            elif node.tag.endswith(":null"):
                out = None
            elif node.tag.endswith(":binary"):  # (Ruby's YAML decodes it: round 87)
                out = _binary(node.value)
            built[id(node)] = out
            return out
        if isinstance(node, yaml.SequenceNode):
            items: list[object] = []
            built[id(node)] = items
            items.extend(value(n) for n in node.value)
            return items
        pairs: list[tuple[object, object]] = []
        built[id(node)] = pairs
        for k, v in node.value:
            if k.tag.endswith(":merge"):  # `<<: *base`: the base's keys are this mapping's
                merged = value(v)
                for base in merged if isinstance(merged, list) else [merged]:
                    pairs.extend(base if isinstance(base, Table) else [])
            else:
                pairs.append((value(k), value(v)))
        table = Table((str(k) if not isinstance(k, (list, Table)) else "", v) for k, v in pairs)
        built[id(node)] = table
        return table

    try:
        node = loader.get_single_node()
        return None if node is None else value(node)
    except (yaml.YAMLError, RecursionError, TypeError, OverflowError) as e:
        raise ValueError(str(e).splitlines()[0] if str(e) else "not YAML") from None
    finally:
        loader.dispose()


def _binary(value: str) -> str:
    """A `!!binary` scalar's bytes as the text they hold (its base64 where they are no
    UTF-8)."""
    import base64
    import binascii

    try:
        return base64.b64decode("".join(value.split()), validate=True).decode("utf-8")
    except (binascii.Error, UnicodeDecodeError, ValueError):
        return value


def dump(doc: object) -> str:
    """YAML for a document of plain mappings, lists and scalars, in the given key order."""
    import yaml

    text: str = yaml.safe_dump(doc, sort_keys=False, allow_unicode=True, default_flow_style=False)
    return text
