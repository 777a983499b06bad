"""A site generator's config read by a real parser, as the generator reads it (TOML,
YAML with its explicit keys, flow mappings, tags and aliases, JSON over several lines),
and walked for the keys asked about (gate.sites asks, per generator, whether marked
drafts ship and the folders pages come from). A regular expression over the text cannot
tell `? key` from a comment or a string; the parser can. What cannot be parsed is None:
the caller counts it as telling nothing plainly, which gates more, never less.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator

from receipt_gate.base import lazyre
from receipt_gate.base.yamlio import Table

# What a config must name before it is worth parsing for these questions: one of these
# words in a key (a word in a comment, "the source of a claim", is no key: a key is
# followed by what follows one in TOML, YAML or JSON), or an escape, an explicit YAML key
# or an alias used as a key, which could spell one. Each token is tried once (a match
# starts only where a token does): linear on any text. (Compiled on first use, by re's
# own cache: most commits never ask.)
_WORDS = (
    r"(?i)builddrafts|show_drafts|unpublished|contentdir|staticdir|mounts|theme|"
    r"imports|docs_dir|inherit|source|collections|blog|markdownhandler|"
    r"cascade|include|exclude|markdown_ext|plugins|defaults|frontmatter|expirydate|"
    r"publishdate|pubdate|layouts_dir|languages|disablekinds|excludefiles|includefiles|"
    r"ignorefiles|disabled|permalink|exclude_docs|draft_docs|outputs|limit_posts"
)
_KEYISH = r"(?<![\w-])([\w-]++)[\"']?\s*+[:=\].,}]"
_SPELLED = r"\\u|\\x|\?|(?<![^\s,\[\]{}])\*[^\s,\[\]{}]++[ \t]*+:"


# Each letter `(?i)` matches an ASCII letter by, as that small letter (the dotted and
# dotless i, the long s, the Kelvin sign): the same length, the same word characters.
_AS_LOWER: dict[int, str] = {
    **{c: chr(c + 32) for c in range(ord("A"), ord("Z") + 1)},
    **{0x130: "i", 0x131: "i", 0x17F: "s", 0x212A: "k"},
}
_TOKEN_REST = lazyre.compile(r"[\w-]*+")
_KEY_TAIL = lazyre.compile(r"[\"']?\s*+[:=\].,}]")


@functools.lru_cache(maxsize=8)
def _worth(text: str) -> bool:
    """Does the text name a setting asked about as a key, or may it spell one? Each
    word's token is read once, from the words found in one search (a search of each
    token took 3.5 s on a config of 60,000 keys, round 90 r02)."""
    if re.search(_SPELLED, text):
        return True
    words = re.compile(_WORDS.removeprefix("(?i)"))
    text = text.translate(_AS_LOWER)  # (what `(?i)` matches, fifteen times faster)
    done = 0
    for m in words.finditer(text):  # (a word is of a token's letters: inside one)
        if m.start() < done:
            continue  # (a word in a token already read)
        rest = _TOKEN_REST.match(text, m.end())
        done = rest.end() if rest is not None else m.end()
        if _KEY_TAIL.match(text, done):
            return True
    return False


def _worth_by_tokens(text: str) -> bool:
    """_worth, token by token (what the one search must agree with: tests)."""
    if re.search(_SPELLED, text):
        return True
    words = re.compile(_WORDS)
    return any(words.search(m.group(1)) for m in re.finditer(_KEYISH, text))


_GO_FALSE = ("0", "f", "false")  # strconv.ParseBool, which Hugo's cast uses
_ESCAPE = lazyre.compile(r"\\u([0-9a-fA-F]{4})|\\x([0-9a-fA-F]{2})")
COMMENT = lazyre.compile(r"(?m)(?:^|\s)#.*")


def plain(text: str) -> str:
    """The text with \\uXXXX and \\xXX escapes read (a TOML or JSON key may be
    written so) and continued lines joined (a command over several lines)."""
    text = _ESCAPE.sub(lambda m: chr(int(m.group(1) or m.group(2), 16)), text)
    return re.sub(r"\\\r?\n", " ", text)


def document(path: str, text: str, always: bool = False) -> object:
    """The parsed config (a mapping is a Table; an empty one when the text names none of
    the settings asked about, unless `always`: a file that is one setting's table, by
    its name), or None when it is no TOML, YAML or JSON as its extension says."""
    if not always and not _worth(text):
        return Table()
    try:
        if path.endswith(".toml"):
            import tomllib

            return _table(tomllib.loads(text))
        if path.endswith(".json"):
            import json

            return json.loads(text, object_pairs_hook=Table)
        from receipt_gate.base import yamlio

        return yamlio.settings(text)
    except (ValueError, RecursionError, TypeError):  # TOMLDecodeError is a ValueError
        return None


def _table(doc: object) -> object:
    if isinstance(doc, dict):
        return Table((str(k), _table(v)) for k, v in doc.items())
    if isinstance(doc, list):
        return [_table(v) for v in doc]
    return doc


def pairs(doc: object, seen: set[int] | None = None) -> Iterator[tuple[str, object, Table]]:
    """Every (key in lower case, value, the mapping it is in), at any depth; each shared
    node (a YAML alias) walked once (`seen`, shared by several walks, keeps them
    linear together)."""
    seen = set() if seen is None else seen
    todo = [doc]
    while todo:
        node = todo.pop()
        if id(node) in seen or not isinstance(node, (list, Table)):
            continue
        seen.add(id(node))
        if isinstance(node, list):
            todo.extend(node)
            continue
        for key, value in node:
            yield key.lower(), value, node
            todo.append(value)


def values(doc: object, key: str) -> list[object]:
    return [v for k, v, _ in pairs(doc) if k == key]


def values_within(doc: object, outer: str, inner: str) -> list[object]:
    """The values of `inner` keys inside the values of `outer` keys, in one walk."""
    seen: set[int] = set()
    return [v for o in values(doc, outer) for k, v, _ in pairs(o, seen) if k == inner]


def get(table: Table, key: str) -> list[object]:
    """The values of `key` (in any case) in this mapping itself."""
    return [v for k, v in table if isinstance(k, str) and k.lower() == key]


def is_off(value: object, go: bool = False) -> bool:
    """Whether a setting is plainly off as its generator reads it: false or nothing;
    with `go` (a generator in Go: Hugo), also 0 and the strings Go's ParseBool reads as
    false (Ruby, Jekyll's, takes 0 and any string as true)."""
    if value is None or value is False:
        return True
    return go and (
        (type(value) is int and value == 0)
        or (isinstance(value, str) and value.strip().lower() in _GO_FALSE)
    )


def shown(value: object) -> str:
    """A value for a message: a scalar as written, a list or mapping by its kind (an
    alias chain may hold billions of leaves)."""
    if isinstance(value, (list, Table)):
        return "a list" if isinstance(value, list) else "a mapping"
    return repr(value)[:40]
