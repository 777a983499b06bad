"""The check protocol: what every check is to the gate, built-in or not.

A check is an object (or a module) with `name`, `version` (an int: its behaviour
version), `deterministic` (a bool), `settings` (name -> default) and
`make(settings, corpus) -> checker`, where `checker(draft)` returns an `Outcome` of
`Finding(line, col, message)`. What it reads beyond the draft is declared by optional
attributes (README "Writing a check"):

- `kinds`: setting name -> kind, where the default's type does not say it: "path" (one
  repository file the verdict reads), "globs" (the files they match), "argv" (a command
  line whose words naming a file are read);
- `undecided`: settings that change no verdict (a timeout): left out of the fingerprint;
- `corpus`: the input settings whose files make a corpus, built by
  `load_corpus(files, pages)` once per tree and given to `make`; the receipts then
  fingerprint `digest(corpus, reads, draft)`: of the corpus, only what the verdict on
  that draft read (`Outcome.reads` names it), not the files' bytes; `draft` is given so
  that an article of the corpus is not judged by itself: for a draft outside the corpus
  the digest must depend on `reads` alone (the gate computes it once per `reads`);
- `claims`: the setting that names a claims registry (`receipt-gate claim` writes it);
- `review(old, new)`: lines for a reviewer on what a change of the check's inputs
  widens (CI prints them);
- `required_by_default`: required when a config names no `required`;
- `hint`: a line said once under a refusal that holds one of its findings;
- `help_uri`: where it is documented (SARIF's rule help; code scanning links to it);
- `starter(layout)`: what `receipt-gate init` writes for it (required? settings?).

Checks are found in the entry-point group `receipt_gate.checks` (the built-ins are
registered there too), or declared in the config: a command (`command:`) or a model
(`kind: model`). gate.checks.table finds them; the gate knows only this protocol.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from receipt_gate import GateError

GROUP = "receipt_gate.checks"
KINDS = ("int", "bool", "str", "strs", "path", "globs", "argv")
INPUT_KINDS = ("path", "globs", "argv")


class Finding(NamedTuple):
    """One problem a check found, at a 1-based line and column of the draft."""

    line: int
    col: int
    message: str
    # Check-specific fields for the JSON output and the receipt (number, title...).
    extra: tuple[tuple[str, object], ...] = ()

    def as_dict(self) -> dict[str, object]:
        return {"line": self.line, "col": self.col, "message": self.message, **dict(self.extra)}


class Suppressed(NamedTuple):
    """A finding a person has judged (gate.rules.suppress): kept, with what suppressed it."""

    finding: Finding
    by: str

    def as_dict(self) -> dict[str, object]:
        return {**self.finding.as_dict(), "suppressed_by": self.by}


class Outcome(NamedTuple):
    findings: list[Finding]
    checked: int  # how many things the check examined (tokens, phrases, lines)
    suppressed: Sequence[Suppressed] = ()
    # The keys of the corpus this verdict read (numbers cited, names used): the receipt
    # keeps them, and its fingerprint covers only those entries of the corpus.
    reads: Sequence[str] = ()


class Setting(NamedTuple):
    kind: str  # one of KINDS
    default: Any
    # Does it change what the check decides? (If not, like a timeout, changing it
    # stales no receipt: it is left out of the fingerprint.)
    decides: bool = True
    choices: tuple[str, ...] = ()  # the values a "str" setting may take, when limited


class Spec(NamedTuple):
    """What the gate knows of a check without importing it (gate.checks.table keeps it)."""

    name: str
    version: int | str  # part of every receipt's fingerprint
    deterministic: bool  # code can reproduce its verdict: `run` runs it, --recheck re-runs it
    settings: Mapping[str, Setting]
    # "code" (a plugin's make()), "command" (a program, declared in the config) or
    # "model" (a verdict a model gives: a plugin like grader, or declared in the config)
    kind: str
    source: str = ""  # a plugin's entry point value (module or module:attr)
    corpus: tuple[str, ...] = ()  # input settings read through the check's corpus
    claims: str = ""  # the setting that names a claims registry
    review: bool = False  # has review(old, new)
    # Required when a config names no `required` (the plugin's `required_by_default`).
    by_default: bool = False
    hint: str = ""  # said once under a refusal that holds one of its findings
    dist: str = ""  # a plugin's distribution, as installed ("receipt-gate" for the built-ins)
    # The folder a plugin's top-level package was found in when it was checked to be its
    # distribution's own (gate.checks.table): it is imported from there or not at all.
    home: str = ""
    description: str = ""  # one line: what it decides (a plugin's docstring's first line)
    help_uri: str = ""  # where it is documented (a plugin's help_uri)

    def inputs(self) -> dict[str, Setting]:
        """The settings that name files the verdict reads (their bytes are fingerprinted)."""
        return {k: s for k, s in self.settings.items() if s.kind in INPUT_KINDS}

    def as_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "version": self.version,
            "deterministic": self.deterministic,
            "settings": {k: [*s[:3], list(s.choices)] for k, s in self.settings.items()},
            "kind": self.kind,
            "source": self.source,
            "corpus": list(self.corpus),
            "claims": self.claims,
            "review": self.review,
            "by_default": self.by_default,
            "hint": self.hint,
            "dist": self.dist,
            "home": self.home,
            "description": self.description,
            "help_uri": self.help_uri,
        }


class ToolMismatch(GateError):
    """The installed tool is another version than the rules name: its check cannot vouch
    for a draft here (its receipts stay as they are), the other checks go on."""


class BadCheck(Exception):
    """A check object that does not follow the protocol (one line: what is wrong)."""


def kind_of(default: object) -> str:
    """A setting's kind from its default value."""
    if isinstance(default, bool):
        return "bool"
    if isinstance(default, int):
        return "int"
    if isinstance(default, str):
        return "str"
    if isinstance(default, (list, tuple)) and all(isinstance(x, str) for x in default):
        return "strs"
    raise BadCheck(f"default {default!r} is not a bool, int, string or list of strings")


def spec_of(obj: object, name: str, source: str) -> Spec:
    """Read a plugin's declaration; BadCheck says what is missing or wrong."""
    got = {a: getattr(obj, a, None) for a in ("name", "version", "deterministic", "settings")}
    if got["name"] != name:
        raise BadCheck(f"its name is {got['name']!r}, not {name!r} as its entry point says")
    version = got["version"]
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise BadCheck(f"version must be a positive integer, got {version!r}")
    if not isinstance(got["deterministic"], bool):
        raise BadCheck("deterministic must be true or false")
    defaults = got["settings"]
    if not isinstance(defaults, Mapping) or not all(isinstance(k, str) for k in defaults):
        raise BadCheck("settings must map setting names to their defaults")
    kinds = getattr(obj, "kinds", None) or {}
    undecided = set(getattr(obj, "undecided", None) or ())
    corpus = tuple(getattr(obj, "corpus", None) or ())
    claims = getattr(obj, "claims", None) or ""
    if got["deterministic"] and not callable(getattr(obj, "make", None)):
        raise BadCheck("a deterministic check needs make(settings, corpus) -> checker")
    if not got["deterministic"] and not {"command", "timeout_s", "min_quote_chars"} <= set(
        defaults
    ):
        raise BadCheck(
            "a model check's settings need command, timeout_s and min_quote_chars"
            " (its verdict is a program's: receipt-gate grade runs it)"
        )
    settings = {}
    for key, default in defaults.items():
        kind = kinds.get(key) or kind_of(default)
        if kind not in KINDS:
            raise BadCheck(f"setting {key!r}: kind {kind!r} is not one of {', '.join(KINDS)}")
        value = list(default) if isinstance(default, tuple) else default
        settings[key] = Setting(kind, value, key not in undecided)
    for key in (*corpus, *([claims] if claims else [])):
        if key not in settings or settings[key].kind not in INPUT_KINDS:
            raise BadCheck(f"{key!r} is named as read but is not a path, globs or argv setting")
    if corpus and not (
        callable(getattr(obj, "load_corpus", None)) and callable(getattr(obj, "digest", None))
    ):
        raise BadCheck(
            "a check with a corpus needs load_corpus(files, pages) and digest(corpus, reads, draft)"
        )
    return Spec(
        name,
        version,
        got["deterministic"],
        settings,
        "code" if got["deterministic"] else "model",
        source,
        corpus,
        claims,
        callable(getattr(obj, "review", None)),
        getattr(obj, "required_by_default", False) is True,
        str(getattr(obj, "hint", "") or ""),
        description=_first_line(obj),
        help_uri=str(getattr(obj, "help_uri", "") or ""),
    )


def _first_line(obj: object) -> str:
    """The first line of a check's docstring, its name and colon left out."""
    doc = getattr(obj, "__doc__", None)
    line = doc.strip().split("\n", 1)[0] if isinstance(doc, str) and doc.strip() else ""
    name = getattr(obj, "name", "")
    if isinstance(name, str) and name and line.startswith(f"{name}:"):
        line = line[len(name) + 1 :].strip()
    return line.rstrip(".")


def spec_from_json(doc: Any) -> Spec | None:
    """A Spec as as_json() wrote it (a cache), or None when it is not one."""
    try:
        settings = {
            k: Setting(v[0], v[1], bool(v[2]), tuple(v[3])) for k, v in doc["settings"].items()
        }
        if not all(s.kind in KINDS for s in settings.values()):
            return None
        version = doc["version"]
        if not isinstance(version, (int, str)) or isinstance(version, bool):
            return None
        return Spec(
            str(doc["name"]),
            version,
            bool(doc["deterministic"]),
            settings,
            str(doc["kind"]),
            str(doc["source"]),
            tuple(map(str, doc["corpus"])),
            str(doc["claims"]),
            bool(doc["review"]),
            bool(doc["by_default"]),
            str(doc["hint"]),
            str(doc["dist"]),
            str(doc["home"]),
            str(doc["description"]),
            str(doc["help_uri"]),
        )
    except (KeyError, TypeError, IndexError, ValueError, AttributeError):
        return None
