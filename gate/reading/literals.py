"""What a Liquid or Nunjucks tag's condition or loop comes to where its literals decide
it: `{% if "a" == "b" %}`, `{% if not (1 == 2) %}`, `{% if page.x and false %}`, `{% for
i in (1..3) limit: 0 %}`, read as the engine reads them (Liquid: only false and nil are
false, `and`/`or` from the right, no `not`, no grouping, no list literal; Nunjucks:
JavaScript's truth, precedence, lists compared by reference).

A layout that tests a literal hides what the test guards (an honest layout tests the
page's or the site's values, never a constant): each is read to its value, or, where
the gate cannot read it and it names no value, CANNOT_SAY: then no branch of the block
is sure to run, and none is read as printing.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Literal, NamedTuple

from receipt_gate.base import lazyre

CANNOT_SAY: Literal["cannot say"] = "cannot say"
Engine = Literal["liquid", "nunjucks"]
# A condition's truth: True, False, None where it names a value, or CANNOT_SAY.
Truth = bool | None | Literal["cannot say"]

# (a token at a time, each read once: linear on any tag)
_TOKEN = lazyre.compile(
    r"\s*(?:(\"[^\"]*\"|'[^']*')|(-?\d+(?:\.\d+)?)(?!\w|\.\d)"
    r"|(\.\.|==|!=|<>|<=|>=|<|>|[()\[\],|:])|(\.?[A-Za-z_][\w-]*(?:\.[\w-]+)*)|(\S))"
)
_KEYWORDS: dict[str, dict[str, object]] = {
    "liquid": {"true": True, "false": False, "nil": None, "null": None},
    "nunjucks": {"true": True, "false": False, "none": None, "null": None},
}
# A name spelled like a literal in another case (`TRUE`, `True`, `None`): undefined to
# both engines, a literal to a reader; no branch it decides is sure.
_LITERAL_LIKE = frozenset({"true", "false", "nil", "null", "none", "empty", "blank"})
_OPERATORS = frozenset({"and", "or", "not", "contains", "in", "is", "if", "else"})
_COMPARISONS = frozenset({"==", "!=", "<>", "<", ">", "<=", ">=", "contains", "in"})
# The names Jekyll gives a layout; any other a layout names without giving it is nil
# (Liquid's undefined), unless an include it calls gave it: the gate does not say.
JEKYLL_NAMES = frozenset(
    {"site", "page", "layout", "content", "paginator", "jekyll", "theme", "include",
     "forloop", "tablerowloop"}
)  # fmt: skip


class _Unsure(Exception):
    """The expression is all literals where it matters, but the engines may read it
    differently (or the gate cannot read it)."""


class _Named(Exception):
    """The expression names a value in a form the gate does not read: nothing is sure."""


class _Varies:
    """A value the expression names (a variable): its truth is not known."""


VARIES = _Varies()
EMPTY, BLANK = object(), object()  # (Liquid's `empty` and `blank`)
_Value = object


class Scope(NamedTuple):
    """The bare names a template has given values so far: a literal's value, or VARIES;
    `strict`: a name it has not given is unread (Jekyll: nil, unless an include gave
    it), else it varies (Eleventy: the data cascade may give any name)."""

    given: Mapping[str, object]
    strict: bool


_LOOSE = Scope({}, False)


class _Reader:
    def __init__(self, text: str, engine: Engine, scope: Scope = _LOOSE) -> None:
        self.engine = engine
        self.tokens: list[tuple[str, str]] = []
        self.values: dict[int, object] = {}
        unread = False
        matches = list(_TOKEN.finditer(text))
        for i, m in enumerate(matches):
            kind = ("string", "number", "op", "word", "other")[(m.lastindex or 5) - 1]
            got = m.group(m.lastindex or 5)
            if kind == "word":
                kind = self._word(got, i, matches, scope)
            unread = unread or kind in ("other", "unread") or got in ("|", ":")
            self.tokens.append((kind, got))
        if any(kind == "nil?" for kind, _ in self.tokens):
            raise _Unsure
        if unread:
            raise _Unsure if not self.names() else _Named
        self.at = self.depth = 0

    def _word(self, got: str, i: int, matches: list[re.Match[str]], scope: Scope) -> str:
        if got.startswith("."):  # (a member after a subscript or a call: `x["a"].b`)
            return "member"
        return self._name(got, i, matches, scope)

    def _name(self, got: str, i: int, matches: list[re.Match[str]], scope: Scope) -> str:
        """A word's kind: a keyword or an operator ("word"), a value the template
        gave ("const"), a name whose value varies, or one the gate cannot read (a
        filter's, a test's or a function's name; a name Jekyll leaves nil)."""
        before = [m.group(m.lastindex or 5) for m in matches[max(0, i - 2) : i]]
        after = matches[i + 1].group(matches[i + 1].lastindex or 5) if i + 1 < len(matches) else ""
        if before[-1:] == ["|"] or before[-1:] == ["is"] or before == ["is", "not"]:
            return "unread"  # (a filter's or a test's name)
        if got in _KEYWORDS[self.engine] or got in _OPERATORS or got in ("empty", "blank"):
            return "word" if self.engine == "liquid" or got not in ("empty", "blank") else "varies"
        if after == "(" and "." in got and got.split(".", 1)[0] not in _KEYWORDS[self.engine]:
            return "varies"  # (a value's method: `page.url.startsWith("/b")`)
        if after == "(":
            return "unread"  # (a function: Nunjucks' range(0))
        root = got.split(".", 1)[0]
        if root.lower() in _LITERAL_LIKE and root not in scope.given:
            return "nil?"
        if scope.given.get(root) is UNREAD:
            return "nil?"
        if scope.strict and root not in JEKYLL_NAMES and root not in scope.given:
            return "nil?"  # (Jekyll's nil, unless an include gave it: no branch is sure)
        if "." in got or after == "[":
            return "varies"
        if got in scope.given:
            if scope.given[got] is VARIES:
                return "varies"
            self.values[i] = scope.given[got]
            return "const"
        return "varies"

    def names(self) -> bool:
        return any(kind == "varies" for kind, _ in self.tokens)

    def peek(self) -> str:
        return self.tokens[self.at][1] if self.at < len(self.tokens) else ""

    def take(self) -> tuple[str, str]:
        if self.at >= len(self.tokens):
            raise _Unsure
        self.at += 1
        return self.tokens[self.at - 1]

    def expression(self) -> _Value:
        """Operands joined by `and` and `or`, grouped as the engine groups them (Liquid
        from the right, Nunjucks by precedence)."""
        self.depth += 1
        if self.depth > 32:  # (nesting no layout needs: `((((...` is no reading)
            raise _Unsure
        operands, joins = [self.negation()], []
        while self.peek() in ("and", "or"):
            joins.append(self.take()[1])
            operands.append(self.negation())
        if self.engine == "liquid":
            value = operands[-1]
            for operand, join in zip(reversed(operands[:-1]), reversed(joins), strict=True):
                value = self.join(operand, join, value)
            self.depth -= 1
            return value
        ors, value = [], operands[0]
        for operand, join in zip(operands[1:], joins, strict=True):
            if join == "and":
                value = self.join(value, "and", operand)
            else:
                ors.append(value)
                value = operand
        for earlier in reversed(ors):
            value = self.join(earlier, "or", value)
        self.depth -= 1
        return value

    def truth(self, value: _Value) -> _Value:
        """A value's truth as the engine reads it."""
        if value is VARIES:
            return VARIES
        if value is EMPTY or value is BLANK:
            raise _Unsure
        if self.engine == "liquid":
            return value is not None and value is not False
        return bool(value) if not isinstance(value, list) else True

    def join(self, a: _Value, join: str, b: _Value) -> _Value:
        x, y = self.truth(a), self.truth(b)
        if join == "and":
            return False if False in (x, y) else True if x is True and y is True else VARIES
        return True if True in (x, y) else False if x is False and y is False else VARIES

    def negation(self) -> _Value:
        if self.peek() == "not":
            if self.engine == "liquid":
                raise _Unsure  # (Liquid has no `not`)
            self.take()
            self.depth += 1
            if self.depth > 32:
                raise _Unsure
            inner = self.truth(self.negation())
            self.depth -= 1
            return inner if inner is VARIES else not inner
        left = self.atom()
        if self.peek() in _COMPARISONS:
            return self.compare(left, self.take()[1], self.atom())
        return left

    def compare(self, a: _Value, op: str, b: _Value) -> _Value:
        if VARIES in (a, b):
            return VARIES
        if EMPTY in (a, b) or BLANK in (a, b):
            return _emptiness(a, op, b)
        if (op == "in") == (self.engine == "liquid") and op in ("contains", "in"):
            raise _Unsure  # (`contains` is Liquid's, `in` Nunjucks')
        if type(a) is not type(b) and not (a is None or b is None):
            if self.engine == "liquid" and op in ("==", "!=", "<>"):
                return op != "=="
            raise _Unsure  # (1 == "1": true to JavaScript's ==)
        if op in ("==", "!=", "<>"):
            if isinstance(a, (list, range)) and self.engine == "nunjucks":
                raise _Unsure  # (JavaScript compares lists by reference)
            return (a == b) == (op == "==")
        if op in ("contains", "in"):
            whole, part = (a, b) if op == "contains" else (b, a)
            if isinstance(whole, list) or (isinstance(whole, str) and isinstance(part, str)):
                return part in whole
            raise _Unsure
        if isinstance(a, float) and isinstance(b, float):
            return {"<": a < b, ">": a > b, "<=": a <= b, ">=": a >= b}[op]
        if isinstance(a, str) and isinstance(b, str):
            return {"<": a < b, ">": a > b, "<=": a <= b, ">=": a >= b}[op]
        raise _Unsure

    def atom(self) -> _Value:
        kind, got = self.take()
        if kind == "varies":
            self.accessed()
            return VARIES
        if kind == "const":
            return self.values[self.at - 1]
        if kind == "string":
            if "\\" in got and self.engine == "nunjucks":
                raise _Unsure  # (Nunjucks reads escapes: "\a" is "a")
            return got[1:-1]
        if kind == "number":
            return float(got)
        if kind == "word" and got in _KEYWORDS[self.engine]:
            return _KEYWORDS[self.engine][got]
        if kind == "word" and got in ("empty", "blank"):
            return EMPTY if got == "empty" else BLANK
        if got == "(":
            return self.group()
        if got == "[" and self.engine == "liquid":
            raise _Unsure  # (Liquid has no list literal: `[1]` is a lookup, nil)
        if got == "[":
            items: list[object] = []
            while self.peek() != "]":
                items.append(self.expression())
                if self.peek() == ",":
                    self.take()
                elif self.peek() != "]":
                    raise _Unsure
            self.take()
            return items
        raise _Unsure

    def accessed(self) -> None:
        """A value's subscripts, members and calls (`site.data["x"].y`, `a.b("c")`)."""
        while self.peek() in ("[", "(") or self.peek().startswith("."):
            if self.peek().startswith("."):
                self.take()
                continue
            close = "]" if self.take()[1] == "[" else ")"
            while self.peek() != close:
                self.expression()
                if self.peek() == ",":
                    self.take()
                elif self.peek() != close:
                    raise _Unsure
            self.take()

    def group(self) -> _Value:
        """After `(`: a range `(1..3)`, as a list, or a parenthesized expression."""
        first = self.expression()
        if self.peek() == "..":
            self.take()
            last = self.expression()
            if self.take()[1] != ")":
                raise _Unsure
            if VARIES in (first, last):
                return VARIES
            if not isinstance(first, float) or not isinstance(last, float):
                raise _Unsure
            if max(abs(first), abs(last)) > 2**53:
                raise _Unsure  # (past what the engines count exactly)
            return range(int(first), int(last) + 1)  # (its size without its items)
        if self.engine == "liquid":
            raise _Unsure  # (Liquid has no grouping: `(true)` is a lookup, nil)
        if self.take()[1] != ")":
            raise _Unsure
        return first


def _emptiness(a: _Value, op: str, b: _Value) -> bool:
    """Liquid's `x == empty` (an empty string or list) and `x == blank` (nil, false,
    white space, or empty)."""
    kind, value = (a, b) if a is EMPTY or a is BLANK else (b, a)
    if op not in ("==", "!=", "<>") or value in (EMPTY, BLANK):
        raise _Unsure
    empty = value == "" or value == []
    if kind is BLANK:
        empty = empty or value is None or value is False
        empty = empty or (isinstance(value, str) and not value.strip())
    return empty == (op == "==")


def truth(condition: str, engine: Engine, scope: Scope = _LOOSE) -> Truth:
    """The truth of an `if`'s or `elsif`'s condition: None where it depends on a value
    it names (`page.x and false` is false whatever page.x holds)."""
    try:
        reader = _Reader(condition, engine, scope)
        value = reader.truth(reader.expression())
    except _Named:
        return None
    except _Unsure:
        return CANNOT_SAY
    if reader.at != len(reader.tokens):
        return CANNOT_SAY  # (`false, page.title`: what the engine reads of it, unread)
    return None if value is VARIES else bool(value)


_PARAMETER = lazyre.compile(r"\s(limit|offset)\s*:\s*(\S+)|\s(reversed)\b")


def loop_runs(rest: str, engine: Engine, scope: Scope = _LOOSE) -> Truth:
    """Whether a `for`'s body runs at all (`i in (1..3) limit: 0`, `x in []`): None
    where it loops over a value and no literal `limit: 0` empties it."""
    parts = re.split(r"\s+in\s+", rest, maxsplit=1)
    if len(parts) != 2 or not parts[0].strip() or not parts[1].strip():
        return CANNOT_SAY
    collection = " " + parts[1]
    params = {m.group(1): m.group(2) for m in _PARAMETER.finditer(collection) if m.group(1)}
    if params.get("limit") == "0":
        return False
    head = _PARAMETER.split(collection, maxsplit=1)[0]
    try:
        reader = _Reader(head, engine, scope)
        items = reader.expression()
        if items is VARIES:
            return None
        if reader.at != len(reader.tokens) or not isinstance(items, (list, str, range)):
            return CANNOT_SAY
        if items == "":
            return CANNOT_SAY
        size = 1 if isinstance(items, str) and engine == "liquid" else len(items)
        for key in ("offset", "limit"):
            if key in params:
                given = int(float(params[key]))
                size = max(0, size - given) if key == "offset" else min(size, given)
    except (_Unsure, ValueError, ArithmeticError):
        return CANNOT_SAY
    except _Named:
        return None
    return size > 0


# The value of an assignment of literals the gate cannot read (`false | default: false`):
# a name given it decides no branch surely.
UNREAD = object()


def literal(text: str, engine: Engine, scope: Scope = _LOOSE) -> object:
    """The value an assignment gives where it is all literals (`false`, `"x"`, `(1..3)`),
    UNREAD where it is literals the gate cannot read, else VARIES."""
    try:
        reader = _Reader(text, engine, scope)
        value = reader.expression()
        if reader.at == len(reader.tokens):
            return value
        return VARIES if reader.names() else UNREAD
    except _Unsure:
        return UNREAD
    except _Named:
        return VARIES
