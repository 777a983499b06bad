"""JavaScript (or TypeScript) configs read as plain data: lexed as its engine lexes it,
as far as the readers need (comments, strings, templates with their `${...}` code,
regular expression literals), so that nothing in a string, a template or a regular
expression counts as code, and nothing that runs is taken for a comment.

Where a slash may start a regular expression or divide (after `)`, `}`, `++`, a word
that may be a keyword or a name), both readings are the same code unless what lies
between it and the next slash holds a quote, a slash or a comment: then the config is
`unreadable`, and each reader holds back every page it could hold back. So is a config
with a backslash in its code (an escaped name: `\\u0069gnores`), a character that is not
ASCII in its code (a name Python and JavaScript spell apart), an HTML-like comment
(`<!--`: a comment in a CommonJS file), or a string, a template, a comment or a regular
expression that does not close.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from functools import lru_cache
from typing import NamedTuple

from receipt_gate.base import lazyre

# What JavaScript's String.prototype.trim() takes off (a BOM too; Python's strip() does
# not take the BOM, and takes \x1c-\x1f and \x85, which trim leaves): JavaScript's white
# space and line ends, which its lexer passes over too.
JS_SPACE = (
    "\t\n\v\f\r \u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009"
    "\u200a\u2028\u2029\u202f\u205f\u3000\ufeff"
)
_ENDS = "\n\r\u2028\u2029"  # (the line terminators: a `//` comment ends at any)

_NEXT = lazyre.compile(
    rf"""(?P<line>//|<!--|-->|\#!)|(?P<block>/\*)|(?P<quote>["'])|(?P<tick>`)|(?P<slash>/)
    |(?P<word>[A-Za-z0-9_$]+)|(?P<open>[(\[{{])|(?P<close>[)\]}}])|(?P<step>\+\+|--)
    |(?P<spread>\.\.\.)
    |(?P<other>[^{JS_SPACE}])""",
    re.X,
)
_STRING = {q: lazyre.compile(rf"{q}(?:\\(?:\r\n|[\s\S])|[^{q}\\\n\r])*{q}") for q in "\"'"}
_TEMPLATE_PART = lazyre.compile(r"(?:\\[\s\S]|[^`\\$]|\$(?!\{))*")
_FLAGS = lazyre.compile(r"[A-Za-z0-9_$]*")
_LINE_END = lazyre.compile(f"[{_ENDS}]")
_FOLLOWING = lazyre.compile(f"[{JS_SPACE}]*(.)", re.S)
# After these words a slash starts a regular expression: every reserved word but the
# values (`this`, `null`...): an expression may follow one (`return`, `extends`,
# `default`), or a statement starts after it at a line's end (`break`, `debugger`), or a
# slash after it is no code that runs; after the contextual ones it may start one or
# divide; after any other word it divides.
_BEFORE_REGEX = frozenset(
    "break case catch class const continue debugger default delete do else enum export"
    " extends finally for function if import in instanceof new return switch throw try"
    " typeof var void while with".split()
)
# (the words reserved only in strict code are names in a CommonJS config)
_CONTEXTUAL = frozenset(
    "yield await of let async static get set implements interface package private protected"
    " public".split()
)
# What a regex literal may hold where reading it as divisions lexes the same names: none
# (a name would be code in one reading and not in the other), only numbers and operators.
_PLAIN_ARITHMETIC = lazyre.compile(r"[0-9 \t.()+\-*%<>=!&|^~?:,;\[\]]+")
_LEXED_OTHERWISE = lazyre.compile(r"[\"'`/\\]")


class _Scan(NamedTuple):
    text: str  # comments out
    masked: str  # the same, each string's, template's and regex's inside blanked
    spans: tuple[int, ...]  # starts and ends (alternating) of what is not code in text
    strings: dict[int, str]  # a plain string's opening quote -> its inside
    unreadable: bool


class _Lexer:
    def __init__(self, code: str) -> None:
        self.code = code
        self.text: list[str] = []
        self.masked: list[str] = []
        self.size = 0
        self.spans: list[int] = []
        self.strings: dict[int, str] = {}
        self.unreadable = False
        # The last token's kind, for a slash after it: "", word, value (a literal, a
        # property's name), op, open, dot (`.`, `#`), either (`++`, `x!`, `>`), ), ], }
        self.prev = ""
        self.word = ""
        self.braces: list[bool] = []  # open `{`: True where it is a template's `${`
        self.newline = False  # a line ends between the last token and this one
        # (where, and whether in a class, a regex scan fails: each is passed once)
        self.dead: set[tuple[int, bool]] = set()

    def put(self, code: str, masked: str | None = None) -> None:
        self.text.append(code)
        self.masked.append(code if masked is None else masked)
        self.size += len(code)

    def inert(self, opening: str, inside: str, closing: str) -> None:
        """A string's, a template part's or a regex's text: not code."""
        self.spans += [self.size, self.size + len(opening + inside + closing)]
        self.put(opening + inside + closing, opening + "_" * len(inside) + closing)

    def run(self) -> _Scan:
        i, code = 0, self.code
        # (once unreadable, each reader holds back all it could: the rest is not lexed)
        while not self.unreadable and (m := _NEXT.search(code, i)) is not None:
            gap = code[i : m.start()]
            self.newline |= _LINE_END.search(gap) is not None
            self.put(gap)
            i = self.token(m)
        self.put(code[i:])
        if self.braces and self.braces[-1]:
            self.unreadable = True
        return _Scan(
            "".join(self.text),
            "".join(self.masked),
            tuple(self.spans),
            self.strings,
            self.unreadable,
        )

    def token(self, m: re.Match[str]) -> int:
        kind, at, code = m.lastgroup, m.start(), self.code
        if kind == "line":
            # (an HTML-like comment, a hashbang but at the top: read as their engines may)
            self.unreadable |= m.group() != "//" and not (m.group() == "#!" and at == 0)
            stop = _LINE_END.search(code, at)
            self.put(" ")
            return len(code) if stop is None else stop.start()
        if kind == "block":
            end = code.find("*/", at + 2)
            self.unreadable |= end < 0
            self.newline |= _LINE_END.search(code, at, len(code) if end < 0 else end) is not None
            self.put(" ")
            return len(code) if end < 0 else end + 2
        newline, self.newline = self.newline, False
        if kind == "quote":
            return self.string(at)
        if kind == "tick":
            self.put("`")
            self.strings[self.size - 1] = ""
            return self.template(at + 1, self.size - 1)
        if kind == "slash":
            return self.slash(at, newline)
        if kind == "close" and m.group() == "}" and self.braces and self.braces[-1]:
            self.braces.pop()
            self.put("}")
            return self.template(m.end(), None)  # (the template goes on after `${...}`)
        self.put(m.group())
        self.prev = self.after(kind or "", m.group(), code.startswith("=>", at - 1))
        return m.end()

    def after(self, kind: str, token: str, arrow: bool) -> str:
        """The kind of token this one is, for the slash after it."""
        if kind == "word":
            self.word = token
            return "value" if self.prev == "dot" else "word"  # (`x.return`: a property)
        if kind == "open":
            self.braces += [False] if token == "{" else []
            return "open"
        if kind == "close":
            if token == "}" and self.braces:
                self.braces.pop()
            return token
        if kind == "step":
            return "either"
        if kind == "spread":
            return "op"  # (`...` then a value: a slash starts a regex)
        # A backslash in code escapes a name; a character not ASCII may be a name's or
        # a space as JavaScript reads it and Python does not: neither is read.
        self.unreadable |= token == "\\" or not token.isascii()
        valued = self.prev in ("value", ")", "]", "}") or (
            self.prev == "word" and self.word not in _BEFORE_REGEX
        )
        if token in (".", "#"):
            return "dot"  # (what follows is a property's name or a private one: `#in`)
        if (token == "!" and valued) or (token == ">" and not arrow):
            return "either"  # (TypeScript's `x! / 2`, a generic's `>`)
        return "word" if token == "\\" else "op"

    def string(self, at: int) -> int:
        q = self.code[at]
        m = _STRING[q].match(self.code, at)
        if m is None:  # (it does not close on its line)
            self.unreadable = True
            end = _LINE_END.search(self.code, at)
            stop = len(self.code) if end is None else end.start()
            self.inert(q, self.code[at + 1 : stop], "")
            return stop
        self.strings[self.size] = m.group()[1:-1]
        self.inert(q, m.group()[1:-1], q)
        self.prev = "value"
        return m.end()

    def template(self, at: int, start: int | None) -> int:
        """A template's text from `at` to its end or its next `${` (`start`: where its
        backtick is in `text`, for the first part)."""
        part = _TEMPLATE_PART.match(self.code, at)
        end = part.end() if part is not None else at
        self.inert("", self.code[at:end], "")
        if self.code.startswith("${", end):
            self.put("${")
            self.braces.append(True)
            self.prev = "open"
            if start is not None:
                self.strings.pop(start, None)  # (no plain string: code is in it)
            return end + 2
        if end >= len(self.code):
            self.unreadable = True
            return end
        self.put("`")
        if start is not None:
            self.strings[start] = self.code[at:end]
        self.prev = "value"
        return end + 1

    def slash(self, at: int, newline: bool) -> int:
        prev, word = self.prev, self.word
        got = self.regex_at(at)
        if prev == "word":
            prev = "op" if word in _BEFORE_REGEX else "either" if word in _CONTEXTUAL else "name"
        if newline and prev in ("value", "name", ")", "]", "}"):
            # (a line's end may end the statement, as after `var y`: a regex may start)
            prev = "either"
        if prev in ("", "open", "op"):
            if got is not None:
                inside, flags = got
                self.inert("/", inside, "/" + flags)
                self.prev = "value"
                return at + len(inside) + len(flags) + 2
            self.unreadable = True  # (no regex closes here: not code that runs)
        elif prev == "name" and got is not None:
            # (a name divides; but a keyword this reader does not know would start a
            # regex: what it would hide, a quote, a slash, is not read)
            self.unreadable |= _LEXED_OTHERWISE.search(got[0]) is not None
        elif prev not in ("value", "]", "dot") and got is not None:
            self.unreadable |= not _alike(self.code, at, *got)
        self.put("/")
        self.prev = "op"
        return at + 1

    def regex_at(self, at: int) -> tuple[str, str] | None:
        """(inside, flags) of the regex literal whose slash is at `at`, or None where none
        closes on its line (escapes and classes read: `/[/]/`). A scan that fails
        marks where it passed, and whether in a class, as failing for any later scan:
        linear on any text."""
        code, dead = self.code, self.dead
        i, in_class, passed = at + 1, False, []
        while i < len(code) and code[i] not in _ENDS and (i, in_class) not in dead:
            passed.append((i, in_class))
            c = code[i]
            if c == "\\":
                i += 2 if i + 1 < len(code) and code[i + 1] not in _ENDS else len(code)
                continue
            if c == "/" and not in_class:
                flags = _FLAGS.match(code, i + 1)
                return code[at + 1 : i], flags.group() if flags is not None else ""
            in_class = (c != "]") if in_class else c == "["
            i += 1
        dead.update(passed)
        return None


def _alike(code: str, at: int, inside: str, flags: str) -> bool:
    """Does this regex literal, read as divisions instead, lex to the same names after
    it? Yes where its inside is numbers and operators alone (`(a) / 1000) / 60`) and
    ends in a number, `)` or `]`, and no flag, slash or comment follows it."""
    end = at + len(inside) + 2
    rest = _FOLLOWING.match(code, end)
    return (
        _PLAIN_ARITHMETIC.fullmatch(inside) is not None
        and inside.rstrip(JS_SPACE)[-1:] in tuple("0123456789)]")
        and not flags
        and (
            rest is None or rest.group(1) not in ("/", "*") or code[end : end + 1] != rest.group(1)
        )
        and (rest is None or rest.group(1) != "/")
        and not code.startswith("*", end)
    )


def _ends(spans: tuple[int, ...], at: int) -> bool:
    """Does a span (not code) end at `at`?"""
    i = bisect_right(spans, at) - 1
    return i >= 0 and i % 2 == 1 and spans[i] == at


@lru_cache(maxsize=64)
def scan(code: str) -> _Scan:
    return _Lexer(code).run()


# An object's entry the gate reads: a plain or quoted name, a colon (nothing else: a
# shorthand, a spread, a computed or escaped name, a getter, a method).
_JS_ENTRY = lazyre.compile(r"""\s*(?:(["'])([A-Za-z_$][\w$]*)\1|([A-Za-z_$][\w$]*))\s*:\s*""")


class JsCode:
    """A config's code without comments (`text`), and the same with the inside of each
    string, template and regular expression blanked (`masked`, of the same length):
    names are looked for in `masked`, so that none in a string counts, and values read
    from `text`. `unreadable`: the gate cannot tell code from the rest (see above)."""

    def __init__(self, code: str) -> None:
        got = scan(code)
        self.text, self.masked, self.unreadable = got.text, got.masked, got.unreadable
        self._spans, self._strings = got.spans, got.strings

    def in_code(self, at: int) -> bool:
        return bisect_right(self._spans, at) % 2 == 0

    def found(
        self, rx: re.Pattern[str], start: int = 0, end: int | None = None, code: bool = False
    ) -> list[re.Match[str]]:
        """The matches of `rx` in `text` that start in code and take each string,
        template part or regex they reach whole (none that starts in a string, or reads
        one's quote as a quote of its own), and no template with code in it (`${x}`) but
        where `code` says the pattern reads that code itself."""
        end = len(self.text) if end is None else end
        spans = self._spans
        out = []
        for m in rx.finditer(self.text, start, end):
            stop = m.end()
            if "${" in m.group() and not code:
                continue  # (a template with code in it is no string a reader reads)
            if self.in_code(m.start()) and (
                stop == m.start() or self.in_code(stop - 1) or _ends(spans, stop)
            ):
                out.append(m)
        return out

    def fires(
        self, rx: re.Pattern[str], start: int = 0, end: int | None = None
    ) -> list[re.Match[str]]:
        """The matches of `rx` in `text` that start in code (what a test for a danger
        asks: a string is read as written, and a name in one does not count)."""
        end = len(self.text) if end is None else end
        return [m for m in rx.finditer(self.text, start, end) if self.in_code(m.start())]

    def names(self, name: str) -> list[int]:
        """Where the word `name` is, outside strings."""
        return [
            m.start() for m in re.finditer(rf"(?<![\w$]){re.escape(name)}(?![\w$])", self.masked)
        ]

    def entries(self, start: int) -> dict[str, int] | None:
        """The `{...}` object literal at `start`: each entry's name -> where its value
        starts; None where there is none, it does not close, or an entry is not a plain
        `name: value` (a shorthand, a spread, a computed name, a method...)."""
        inner = self.close(start, "{", "}")
        if inner is None:
            return None
        out: dict[str, int] = {}
        at = start + 1
        for part in self.parts(at, inner):
            m = _JS_ENTRY.match(self.text, part[0], part[1])
            if m is None:
                if self.text[part[0] : part[1]].strip():
                    return None
                continue
            out[m.group(2) or m.group(3)] = m.end()
        return out

    def items(self, start: int) -> list[tuple[int, int]] | None:
        """The elements of the `[...]` array literal at `start` (their spans)."""
        inner = self.close(start, "[", "]")
        if inner is None:
            return None
        return [p for p in self.parts(start + 1, inner) if self.text[p[0] : p[1]].strip()]

    def close(self, start: int, opening: str, closing: str) -> int | None:
        """Where the bracket opened at `start` closes (brackets in strings not counted)."""
        if start < 0 or not self.masked.startswith(opening, start) or not self.in_code(start):
            return None
        depth = 0
        for i in range(start, len(self.masked)):
            c = self.masked[i]
            depth += c in "{[("
            depth -= c in "}])"
            if depth == 0:
                return i if c == closing else None
        return None

    def parts(self, start: int, end: int) -> list[tuple[int, int]]:
        """The spans between the commas at the top level of start..end."""
        out, depth, begin = [], 0, start
        for i in range(start, end):
            c = self.masked[i]
            depth += c in "{[("
            depth -= c in "}])"
            if c == "," and depth == 0:
                out.append((begin, i))
                begin = i + 1
        return [*out, (begin, end)]

    def value(self, at: int) -> int:
        """Where a value starting at `at` begins, past a type comment's parentheses."""
        while self.text.startswith("(", at):
            at = len(self.text) - len(self.text[at + 1 :].lstrip())
        return at

    def string(self, at: int | None) -> str | None:
        """The plain string value at `at` (a string, or a template with no `${}`, that
        nothing follows but `,` or `}`), or None."""
        inside = self._strings.get(at) if at is not None else None
        if at is None or inside is None:
            return None
        rest = self.masked[at + len(inside) + 2 :].lstrip()[:1]
        return inside if rest in (",", "}") else None
