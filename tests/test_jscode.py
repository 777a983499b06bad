"""The JavaScript lexer the config readers share (gate.sites.jscode): code, strings,
templates and regular expressions told apart as an engine tells them, and what it
cannot tell said so."""

from __future__ import annotations

import re

import pytest

from receipt_gate.sites.jscode import JsCode, scan


@pytest.mark.parametrize(
    "code",
    [
        # Honest configs: divisions, regexes where only a regex can be, templates.
        "const t = Math.round(x / 1000) / 60 / 60; // minutes\nz = 1;",
        'c.addFilter("strip", (s) => s.replace(/<[^>]*>/g, "").split(/\\s+/));',
        "const ok = (u) => /^https?:\\/\\//.test(u);",
        "if (!/^x/.test(s)) { return /a\\/b/i; }",
        "const p = `${dir}/posts/${name}.md`; const q = `a\nb ' \"`;",
        'const glob = "img/*.png"; const url = "https://x.test//";',
        "#!/usr/bin/env node\nmodule.exports = {};",
        "const n = a[0] / b[1] / 2; const m = this.x / 2; const k = obj.return / 2;",
        "/* a\n * block */ const a = { b: /c/ };",
        "const m = Math.floor((Date.now() - start) / 1000) / 60;",  # (round 48)
        "const a = x\n  / 2;",  # (a division on the next line, no regex closing there)
    ],
)
def test_honest_code_is_readable(code: str) -> None:
    assert not scan(code).unreadable, code


@pytest.mark.parametrize(
    "code",
    [
        "if (x) /a\\/*/.test(s); ignores.add('p'); /a*/",  # (a regex or a division)
        "const a = x! / 2; glob({pattern: '[!s]*.md'}); const b = y / 3;",  # (TypeScript's `!`)
        "eleventyConfig.\\u0069gnores.add('x');",  # (an escaped name)
        "x = 1 <!-- hidden\nignores.add('a');",  # (a comment to a CommonJS file)
        "--> hidden\nignores.add('a');",
        "const s = 'no end\n';",
        "const t = `no end",
        "/* no end",
        "const r = /no end",
        "const a = `${x`;",
        "ignor\u0435s.add('a');",  # (a name not all ASCII)
        # Round 48: a regex or a division whose two readings differ in their names
        "if (1) /x; c.setUseGitIgnore(false); y/",
        "const z = (a) / b / c;",
        "const q = x / 'a' / y;",  # (after a name this reader may not know as a keyword)
        # (review: a line's end may end a statement, `var y` then a regex; the words
        # reserved only in strict code are names in a CommonJS config)
        "var y\n/c.setUseGitIgnore(false)/\nexport default function (c) {}",
        'var public = 4; var x = public / 2; c.ignores.add("drafts"); x = 1 / 1;',
    ],
)
def test_what_the_gate_cannot_lex_is_unreadable(code: str) -> None:
    assert scan(code).unreadable, code


def test_a_regex_literal_opens_no_comment() -> None:
    """Round 47: `/x\\/*/` was read as a comment's opening, which hid what followed up to
    the next `*/` (`/a*/`)."""
    code = JsCode('const a = /x\\/*/; c.ignores.add("posts/old"); const b = /a*/;')
    assert "ignores.add" in code.text and not code.unreadable
    assert [m.group(1) for m in code.found(re.compile(r"ignores\.add\(\"([^\"]*)\"\)"))] == [
        "posts/old"
    ]
    assert scan("a = /x\\/*/; b = 1; // c\r d = 2").text == "a = /x\\/*/; b = 1;  \r d = 2"


@pytest.mark.parametrize(
    "code",
    [
        # Round 48: a slash after these starts a regex (`/[/*]/` then opened no comment)
        'class X extends /[/*]/.constructor {}\nc.ignores.add("posts/old"); const b = /a*/;',
        'export default /[/*]/;\nc.ignores.add("posts/old"); const b = /a*/;',
        'for (;;) { continue\n/[/*]/ }\nc.ignores.add("posts/old"); const b = /a*/;',
        # Round 49: after a spread, after `debugger` at a line's end
        'x = [.../[/*]/.source]; c.ignores.add("posts/old"); const b = /a*/;',
        'debugger\n/[/*]/; c.ignores.add("posts/old"); const b = /a*/;',
        # a private name spelled as a keyword is a name: the slash after it divides
        'this.#in / 2; c.ignores.add("posts/old"); const b = y / 3;',
    ],
)
def test_a_regex_after_a_keyword_hides_nothing(code: str) -> None:
    got = JsCode(code)
    assert got.names("ignores") and not got.unreadable, got.masked


def test_a_template_across_lines_is_no_code_but_its_substitutions_are() -> None:
    code = JsCode(
        'const a = `x\nglob({ pattern: "**/*.md" })\ny`;\nb(`${glob({ pattern: "p" })}`);'
    )
    assert [code.text[i : i + 4] for i in code.names("glob")] == ["glob"]
    assert code.names("glob")[0] > code.text.index("b(")
    assert code.string(code.text.index("`")) is None  # (followed by `;`, not `,` or `}`)
    plain = JsCode("x = { a: `one\ntwo`, b: `t${1}` }")
    assert plain.string(plain.text.index("`")) == "one\ntwo"
    assert plain.string(plain.text.index("`t")) is None  # (code in it: no plain string)


def test_found_takes_a_match_only_from_code_and_strings_whole() -> None:
    rx = re.compile(r"setUseGitIgnore\s*\(\s*false\b")
    assert JsCode("c.setUseGitIgnore(false);").found(rx)
    assert not JsCode("const s = 'c.setUseGitIgnore(false)';").found(rx)
    assert not JsCode("const r = /setUseGitIgnore(false)/;").found(rx)
    assert not JsCode("const t = `\nsetUseGitIgnore(false)`;").found(rx)
    assert not JsCode("debugger\n/x; c.setUseGitIgnore(false); y/").found(rx)  # (round 49)
    value = re.compile(r"""add\(\s*["']([^"'\n]*)["']""")
    assert not JsCode("""add("a' + x + 'b");""").found(value)  # (a quote inside a string)
    assert JsCode("""add('posts/x.md');""").found(value)[0].group(1) == "posts/x.md"
    assert JsCode("s = 'eval(x)';").fires(re.compile(r"\beval\(")) == []
    assert JsCode("eval(x);").fires(re.compile(r"\beval\("))


def test_a_template_with_code_is_no_value_a_reader_reads() -> None:
    """Review: a regex for a quoted value took `${x}` in a template for a folder's name."""
    from receipt_gate.sites.eleventy import _dirs

    got = _dirs("module.exports = function (c) { c.setInputDirectory(`${x}`); };")
    assert got.get("input") == "", got  # (set, but not plainly: the whole repository)
