"""Which checks exist: their module, their settings with defaults, and what they read.

The gate reads this table, never the check modules: verifying a receipt must not
import a check (one exception: on a cold cache, the parser of headline-numbers' corpus,
whose summary the receipts fingerprint; gate.corpus). A new check is one module in
hooks/ plus one entry here.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import NamedTuple

from receipt_gate import GateError

# Setting kinds: "int" (a positive integer), "bool", "str" (non-empty), "strs" (a list of
# non-empty strings), "path" (one repository file the verdict reads), "globs" (the
# repository files the globs match, read by the verdict), "argv" (a command line; those
# of its words that name a repository file are read by the verdict).
INPUT_KINDS = ("path", "globs", "argv")


class Setting(NamedTuple):
    kind: str
    default: object
    # Does it change what the check decides? (If not, like a timeout, changing it
    # stales no receipt: it is left out of the fingerprint.)
    decides: bool = True


class CheckSpec(NamedTuple):
    name: str
    module: str
    # The check's behaviour version, part of every receipt's fingerprint. Bump it when
    # what the check decides changes (tests/test_golden.py fails until you do), and
    # only then: a refactor that changes nothing stales no receipt.
    version: int
    # A check whose verdict code can reproduce; `run` runs only these.
    deterministic: bool
    settings: Mapping[str, Setting]
    # What the gate builds for the check from its input files before it runs: "" for
    # nothing, "articles" (headline-numbers' corpus), "claims" (the registry).
    corpus: str = ""

    def inputs(self) -> dict[str, Setting]:
        """The settings that name files the verdict reads (their bytes are fingerprinted)."""
        return {k: s for k, s in self.settings.items() if s.kind in INPUT_KINDS}


# Machine-writing tells that people seldom write: matched case-insensitively on whole
# words, with any run of spaces (or one line break) between words and either
# apostrophe. Measured on human posts written before 2022 (benchmarks/precision.py):
# what people do write often is in IDIOMS below, off by default.
PHRASES = (
    "a rich tapestry",
    "serves as a testament",
    "it's important to note",
    "it is important to note",
    "in today's fast-paced world",
    "in today's digital age",
    "in the ever-evolving",
    "ever-evolving landscape",
    "navigate the complexities",
    "navigating the complexities",
    "game-changer",
    "game changer",
    "let's dive in",
    "let's dive into",
    "unlock the power",
    "unleash the power",
    "embark on a journey",
    "plays a pivotal role",
    "in conclusion",
    "i hope this email finds you well",
    "as an ai language model",
    "whether you're a seasoned",
    "seamlessly integrate",
)
PATTERNS = (
    r"(?i)\bdelv(?:e|es|ed|ing)\s+(?:into|deeper)\b",
    r"(?i)^\s*certainly!",
    r"(?im)(?:^\s*great question\b|\bgreat question!)",
)
# Tells that are also everyday English: on with `idioms: true`.
IDIOMS = (
    "tapestry of",
    "a testament to",
    "it's worth noting",
    "it is worth noting",
    "harness the power",
    "in the realm of",
    "plays a crucial role",
    "at the end of the day",
    "i hope this helps",
    "great question",
    "look no further",
    "in a world where",
    "buckle up",
)
IDIOM_PATTERNS = (r"(?i)\bnot (?:just|only|merely) [^.!?\n]{1,60}?[,;—–] (?:but|it's|it is)\b",)

# The shapes of a setting name in inline code. By default only what is unmistakably
# one: an environment variable (HUGO_ENV, $HUGO_ENV, HUGO_ENV=production) and a long
# command-line flag (--baseURL, --max=3). Others are common words of code that a page
# mentions without making a claim (a function, a file, a dotted path), so a user
# switches them on.
_FILE_EXT = (
    r"(?<!\.(?:md|markdown|mdx|ya?ml|json|jsonl|toml|py|js|ts|txt|sh|png|jpe?g|gif|svg"
    r"|html?|css|csv|lock|cfg|ini|pdf|rb|go))"
)
TERM_SHAPES = {
    "env": r"\$?[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+(?:=\S*)?",
    "long-flag": r"--[A-Za-z0-9][\w-]*(?:=\S*)?",
    "short-flag": r"-[A-Za-z0-9]",
    "snake_case": r"[a-z][a-z0-9]*(?:_[a-z0-9]+)+",
    "camelCase": r"[a-z][a-z0-9]*(?:[A-Z][a-z0-9]*)+",
    "dotted": r"[A-Za-z_][\w-]*(?:\.[A-Za-z_][\w-]*)+" + _FILE_EXT,
    "key=value": r"[A-Za-z_][\w.-]*=\S*",
}
DEFAULT_SHAPES = ("env", "long-flag")
DEFAULT_REGISTRY = "claims.yaml"
MIN_QUOTE_CHARS = 20


def _spec(name: str, version: int, deterministic: bool = True, corpus: str = "",
          **settings: tuple[str, object] | tuple[str, object, bool]) -> CheckSpec:
    module = "receipt_gate_hooks." + name.replace("-", "_")
    table = MappingProxyType({k: Setting(*v) for k, v in settings.items()})
    return CheckSpec(name, module, version, deterministic, table, corpus)


CHECKS: Mapping[str, CheckSpec] = MappingProxyType({
    s.name: s for s in (
        _spec("ai-tells", 6, phrases=("strs", PHRASES), patterns=("strs", PATTERNS),
              idioms=("bool", False), check_blockquotes=("bool", False),
              check_link_text=("bool", False), suppressions=("bool", True)),
        _spec("hook-length", 5, max_chars=("int", 280), max_lines=("int", 3),
              suppressions=("bool", True)),
        _spec("headline-numbers", 3, corpus="articles",
              articles=("globs", ("posts/**/*.md",)), suppressions=("bool", True)),
        _spec("registered-terms", 5, corpus="claims", shapes=("strs", DEFAULT_SHAPES),
              pattern=("str", ""), registry=("path", DEFAULT_REGISTRY),
              documented_in=("globs", ()),
              suppressions=("bool", True)),
        _spec("grader", 3, deterministic=False, command=("argv", ()),
              timeout_s=("int", 120, False), min_quote_chars=("int", MIN_QUOTE_CHARS),
              at_commit=("bool", False, False)),
    )
})

DETERMINISTIC = tuple(name for name, spec in CHECKS.items() if spec.deterministic)


def require_check(name: str, deterministic: bool | None = None, where: str = "") -> CheckSpec:
    """The check called `name`; GateError if there is none, or it is not of the kind asked
    for (a model check where code is needed, or the reverse)."""
    spec = CHECKS.get(name)
    shown = f"{where}{name}"
    if spec is None:
        raise GateError(f"{shown}: unknown check (known: {', '.join(CHECKS)})")
    if deterministic is True and not spec.deterministic:
        raise GateError(f"{shown}: a model check; use receipt-gate grade")
    if deterministic is False and spec.deterministic:
        raise GateError(f"{shown}: its verdict is computed by code; use receipt-gate run")
    return spec
