"""Eleventy (.eleventy.js, eleventy.config.{js,mjs,cjs}, in the order Eleventy looks):
every text template (.md, .html, .njk, .liquid, in any case) under its input folder
(`dir.input` or setInputDirectory(), comments aside; set another way, the whole
repository), except the includes, layouts and data folders, the output,
`node_modules/`, and what `.eleventyignore` names (relative to its folder; `#` starts
a comment only at a line's start). No marker: the data cascade (eleventyComputed,
*.11tydata.* and _data/ files, code) can give any page a permalink its front matter
does not show, so every page is gated. What the config's code ignores
(`ignores.add()`, often conditional: a page one environment leaves out still ships in
another) stays gated, and supports nothing (held_by_config).
"""

from __future__ import annotations

import bisect
import collections
import posixpath
import re
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING

from receipt_gate.base import lazyre
from receipt_gate.sites.jscode import JS_SPACE, JsCode
from receipt_gate.sites.layout import Layout, docs_folders, leave_out

if TYPE_CHECKING:
    from receipt_gate.sites.layout import Repo

KIND = "eleventy"
NAME = "Eleventy"
# In the order Eleventy 3 looks for them (it does not load a .ts config by default).
CONFIGS = (".eleventy.js", "eleventy.config.js", "eleventy.config.mjs", "eleventy.config.cjs")
CONFIG = lazyre.compile(r"^(?:\.eleventy\.js|eleventy\.config\.[cm]?js)$")
CONFIG_OPTIONS = {"--config": "one"}  # a build command's option naming its config
RENDER_CONFIGS = CONFIGS  # (where unread_pages looks)
# Eleventy's text templates, in any case (it renders bad.MD too); .11ty.js is code.
EXTS = ("md", "html", "njk", "liquid")


def detect(repo: Repo) -> Layout | None:
    every = set(repo.paths)
    for name in CONFIGS:
        if name in every:
            found = _eleventy(name, repo.paths, repo.read)._replace(configs=(name,))
            dirs = _dirs(repo.read(name) or "")
            root = "" if dirs.get("input", "") in (".", "") else dirs["input"] + "/"
            data = dirs.get("data", "")
            moved = data not in ("", "?", "_data", "data")
            return found._replace(values=(f"{root}{data}/**",) if moved else ())
    return None


def data_folder(config: str) -> str | None:
    """The global data folder this config moves from `_data` (`dir: {data: "globals"}`),
    from the repository's top, with a slash; None where it does not, or says it
    otherwise than plainly."""
    dirs = _dirs(config)
    data, root = dirs.get("data", ""), dirs.get("input", "")
    if data in ("", "?", "_data") or root == "?":
        return None
    root = "" if root in (".", "") else root.strip("/") + "/"
    return posixpath.normpath(f"{root}{data.strip('/')}") + "/"


def _dirs(config: str) -> dict[str, str]:
    """Eleventy's folders as its config sets them, where plainly: the `dir` object's
    string values, or setInputDirectory() and its kin. A folder set another way (an
    environment variable), or a config the gate cannot read, is unknown: the input is
    then the whole repository."""
    code = JsCode(config)
    keys = ("input", "includes", "layouts", "data", "output")
    if code.unreadable:
        return {k: "" if k == "input" else "?" for k in keys}
    out: dict[str, str] = {}
    blocks = code.found(_DIR_BLOCK)
    # (two, or one the gate cannot read whole: which one counts, code says)
    unread = len(blocks) != len(re.findall(r"(?<![\w$.])dir\s*:", code.masked))
    block = blocks[0] if len(blocks) == 1 and not unread else None
    span = (block.start(1), block.end(1)) if block is not None else (0, 0)
    for key in keys:
        # (a whole string, alone: `"pa" + "rts"`, `String("parts")` are set otherwise)
        named = code.found(re.compile(rf"\b{key}\s*:"), *span)
        m = next(
            iter(code.found(re.compile(rf"\b{key}\s*:\s*{_DIR_VALUE}(?=[,}}]|$)"), *span)), None
        )
        calls = code.found(re.compile(rf"set{key.capitalize()}Directory\("))
        if m is None and len(calls) == 1:
            m = next(
                iter(code.found(re.compile(rf"set{key.capitalize()}Directory\(\s*{_DIR_VALUE}\)"))),
                None,
            )
        if m and len(blocks) < 2 and not unread and len(named) <= 1:
            out[key] = m.group(1).strip().removeprefix("./").strip("/")
        elif len(blocks) > 1 or unread or named or calls:
            out[key] = "" if key == "input" else "?"  # set, but not to a plain string
    return out


_DIR_BLOCK = lazyre.compile(r"\bdir\s*:\s*\{([^{}]*)\}")
_DIR_VALUE = r"[\"'`]([^\"'`\n]+)[\"'`]\s*"


def _eleventy(name: str, paths: Sequence[str], read: Callable[[str], str | None]) -> Layout:
    from receipt_gate.base import wildmatch
    from receipt_gate.sites.layout import any_case

    config = read(name) or ""
    dirs = _dirs(config)
    root = dirs.get("input", "")
    root = "" if root in (".", "") else root
    base = f"{root}/" if root else ""
    # (its layouts are in its includes folder unless the config names one of their own)
    leave = [
        f"{base}{dirs.get(k) or d}"
        for k, d in (("includes", "_includes"), ("layouts", ""), ("data", "_data"))
        if dirs.get(k) != "?" and (dirs.get(k) or d)
    ]
    if dirs.get("output") != "?":
        leave.append(dirs.get("output") or "_site")
    exts = [*EXTS, *aliases(config, read)]
    drafts = [f"{base}**/*.{any_case(e)}" for e in exts]
    drafts += [*(f"!{x}/**" for x in leave), "!**/node_modules/**"]
    # .eleventyignore: a pattern a line, `#` a comment only at a line's start, relative to
    # the folder the file is in (the root's, and the input folder's).
    for ignore, rel in ((".eleventyignore", ""), (f"{base}.eleventyignore", base)):
        for line in _ignore_lines(read(ignore)) if ignore in set(paths) else ():
            glob = rel + line.removeprefix("./").rstrip("/")
            if glob == rel:
                continue
            folder = any(p.startswith(glob + "/") for p in paths)
            drafts.append(f"!{glob}/**" if folder else f"!{glob}")
    drafts = list(dict.fromkeys(drafts))
    # Eleventy renders every template in its input, a README, a static/ folder's page
    # or one in a hidden folder too (`.notes/`: built, round 43): only git's folder,
    # dependencies and what it writes are no page.
    templates = [
        p
        for p in paths
        if p.lower().endswith(tuple(f".{e}" for e in exts))
        and not re.search(r"(?:^|/)(?:node_modules|\.git)/", p)
    ]
    drafts += leave_out(drafts, paths, templates, hidden=False)
    taken = wildmatch.select(drafts, paths)
    # Posts: the biggest folder whose pages are dated or named like a blog's.
    sections = collections.Counter(
        posixpath.dirname(p) for p in taken if re.search(r"(?:^|/)(?:blog|posts?|news)(?:/|$)", p)
    )
    blog = sections.most_common(1)[0][0] if sections else ""
    articles = (
        [g for g in drafts if not g.startswith("!")]
        if not blog
        else [
            *(f"{blog}/**/*.{any_case(e)}" for e in ("md", "html", "htm")),  # (round 57)
            *(g for g in drafts if g.startswith("!")),
        ]
    )
    # No marker: Eleventy's data cascade (eleventyComputed, *.11tydata.* files, _data/)
    # can give any page a permalink or a draft flag its front matter does not show, so
    # only what the gate can read decides: every page it renders is gated.
    return Layout(
        f"an Eleventy site{' in ' + root + '/' if root else ''}",
        drafts,
        articles,
        {},
        len(taken),
        docs_folders(taken),
        _title_fields(taken, read),
    )


# `addExtension("markdown", {key: "md"})`: files of that extension are rendered as the
# language the key names (Eleventy's "aliasing an existing template language"). Any
# addExtension is taken for one (its options may be a variable, a plugin's) but one
# whose output is named another than HTML (`outputFileExtension: "css"`) or whose key is
# a template in code (11ty.js).
_EXTENSION = lazyre.compile(r"\baddExtension\s*\(\s*(\[[^\]]*\]|[\"'`][^\"'`]*[\"'`]|\w+)")
_NOT_A_PAGE = lazyre.compile(
    r"""outputFileExtension["'`]?\s*:\s*["'`](?!html?["'`])|key["'`]?\s*:\s*["'`]11ty\.js"""
)
_REQUIRED = lazyre.compile(
    r"""(?:require\s*\(|\bfrom|\bimport\s*\(?)\s*["'`](\.{1,2}/[^"'`]+)["'`]"""
)


def aliases(
    config: str, read: Callable[[str], str | None] | None = None, here: str = ""
) -> list[str]:
    """The extensions a config (and the files it requires from the site, one deep: a
    plugin's) renders as pages (lower case; comments aside)."""
    texts = [config]
    if read is not None:
        for m in JsCode(config).found(_REQUIRED):
            found = _module(posixpath.normpath(posixpath.join(here, m.group(1))), read)
            texts += [found[1]] if found is not None else []
    out = []
    for code in map(JsCode, texts):
        consts = {m.group(1): m.group(2) for m in code.found(_CONST)}
        for m in code.found(_EXTENSION):
            end = _call_end(code.masked, m.end())
            # (an output named once, no options spread in: a later key would win)
            once = code.masked.count("outputFileExtension", m.end(), end) == 1
            if (
                once
                and "..." not in code.masked[m.end() : end]
                and code.found(_NOT_A_PAGE, m.end(), end)
            ):
                continue
            named = m.group(1)
            out += [e.lower() for e in re.findall(r"[\"'`]\.?([\w.-]+)[\"'`]", named)]
            out += [consts[w].lower() for w in re.findall(r"\w+", named) if w in consts]
    return [e for e in dict.fromkeys(out) if e not in EXTS]


def may_render(extension: str, config: str, read: Callable[[str], str | None]) -> bool:
    """Could this config (or a file it requires from the site, any depth) render files
    of this extension as pages? Yes where aliases() reads it so, and where the gate
    cannot read what an addExtension call adds: the name used otherwise than as a call
    with plain strings (`["addExtension"](...)`, `addExtension("js" + "on")`, a string
    with an escape), a call through a name computed in code (`c[name](...)`), code run
    from a string (eval, Function), a module required by a computed path."""
    texts, seen = [("", config)], {""}
    while texts:
        here, text = texts.pop()
        code = JsCode(text)
        if code.unreadable or extension in aliases(text) or _unreadable(code):
            return True
        for rel in _local_requires(code):
            found = _module(posixpath.normpath(posixpath.join(posixpath.dirname(here), rel)), read)
            if found is not None and found[0] not in seen:
                seen.add(found[0])
                texts.append(found)
    return False


def _module(name: str, read: Callable[[str], str | None]) -> tuple[str, str] | None:
    """The file a require of `name` loads, as Node looks for it, and its text."""
    for path in (name, f"{name}.js", f"{name}.cjs", f"{name}.mjs", f"{name}/index.js"):
        if (got := read(path)) is not None:
            return path, got
    return None


_CALLED = lazyre.compile(r"""\s*(?:,|\))""")
# (a string the gate reads as written: no escape, nothing put in it)
_PLAIN = r"""(?:"[^"\\\n]*"|'[^'\\\n]*'|`[^`$\\]*`)"""
_PLAIN_ARGUMENT = lazyre.compile(rf"""{_PLAIN}|\[\s*(?:{_PLAIN}\s*(?:,\s*)?)*\]|\w+""")
_RUN_STRING = lazyre.compile(rf"""\beval\s*\(|\bFunction\s*\(|\bimport\s*\(\s*(?!{_PLAIN}\s*\))""")
_COMPUTED_REQUIRE = lazyre.compile(rf"""\brequire\s*\(\s*(?!{_PLAIN}\s*\))""")
# A call through a name computed in code (`c[name](...)`, `c[name].call(...)`)
_COMPUTED_CALL = lazyre.compile(
    rf"""\[\s*(?!{_PLAIN}\s*\]|\d+\s*\])[^\]\n]*\]\s*(?:\(|\.\s*(?:call|apply|bind)\b)"""
)
_PATH_JOIN = lazyre.compile(
    r"""\b(?:require|import)\s*\(\s*path\.(?:join|resolve)\s*\(\s*__dirname\s*((?:,\s*["'`][^"'`$\\]*["'`]\s*)+)\)\s*\)"""
)
# (`${__dirname}/lib/plugin.js`: the file beside the config)
_DIRNAME_PATH = lazyre.compile(r"""\b(?:require|import)\s*\(\s*`\$\{__dirname\}/([^`$\\]*)`\s*\)""")


def _unreadable(code: JsCode) -> bool:
    """Does this code add a template extension, or load code, in a way the gate cannot
    read (see may_render)?"""
    consts = _followed(code)
    calls = {m.start(): m for m in code.found(_EXTENSION)}
    for m in re.finditer(r"addExtension", code.text):  # (`c["addExtension"]` too)
        call = calls.get(m.start())
        if call is None or _CALLED.match(code.masked, call.end()) is None:
            return True
        argument = call.group(1)
        if not _PLAIN_ARGUMENT.fullmatch(argument):
            return True  # (a string with an escape, an array of other than strings)
        if re.fullmatch(r"\w+", argument) and argument not in consts:
            return True  # (a name the gate cannot follow to a string)
    # (a path joined of strings to the config's folder is read as one path)
    joined = sorted(
        (m.start(), m.end())
        for rx in (_PATH_JOIN, _DIRNAME_PATH)
        for m in code.found(rx, code=True)
    )
    starts = [a for a, _ in joined]

    def inside(at: int) -> bool:
        i = bisect.bisect_right(starts, at) - 1
        return i >= 0 and at < joined[i][1]

    return any(
        not inside(m.start())
        for rx in (_RUN_STRING, _COMPUTED_REQUIRE, _COMPUTED_CALL)
        for m in code.fires(rx)
    )


def _followed(code: JsCode) -> set[str]:
    """The names the gate follows to a string: given one by `const` once, declared and
    assigned nowhere else (a `let` may be assigned anything later)."""
    out = set()
    for m in code.found(re.compile(r"""\bconst\s+(\w+)\s*=\s*["'`]\.?[\w.-]+["'`]""")):
        name = re.escape(m.group(1))
        declared = re.findall(rf"\b(?:const|let|var|function)\s+{name}\b", code.masked)
        assigned = re.search(
            rf"(?<![\w.$]){name}\s*(?:[-+*/%|&^]?=(?!=)|\+\+|--)", code.masked[m.end() :]
        )
        if len(declared) == 1 and assigned is None:
            out.add(m.group(1))
    return out


def _local_requires(code: JsCode) -> list[str]:
    """The site's files this code requires or imports, by a string or a path joined of
    strings to its own folder."""
    out = [m.group(1) for m in code.found(_REQUIRED)]
    out += [f"./{m.group(1)}" for m in code.found(_DIRNAME_PATH, code=True)]
    for m in code.found(_PATH_JOIN):
        parts = re.findall(r"""["'`]([^"'`]*)["'`]""", m.group(1))
        out.append("./" + posixpath.join(*parts) if parts else "./")
    return out


# A name given a string (`const ext = "markdown"`): an extension named by it.
_CONST = lazyre.compile(r"""\b(?:const|let|var)\s+(\w+)\s*=\s*["'`]\.?([\w.-]+)["'`]""")


_PARENS = lazyre.compile(r"""[()]|"(?:\\.|[^"\\])*"|'(?:\\.|[^'\\])*'|`(?:\\.|[^`\\])*`""")


def _call_end(text: str, at: int) -> int:
    """Where the call whose arguments start at `at` closes (its parentheses counted;
    strings are whole in `text`), or the text's end."""
    depth = 1
    for m in _PARENS.finditer(text, at):
        if m.group() == "(":
            depth += 1
        elif m.group() == ")":
            depth -= 1
            if not depth:
                return m.end()
    return len(text)


_LAYOUT_ALIAS = lazyre.compile(
    r"\baddLayoutAlias\(\s*[\"'`]([^\"'`]+)[\"'`]\s*,\s*[\"'`]([^\"'`]+)[\"'`]"
)


# Where a site's configs are, for the generic readers (gate.sites layout_folders).
CONFIG_GLOBS = CONFIGS


def held_by_gitignore(config: str | None, read: Callable[[str], str | None]) -> list[str]:
    """What the top .gitignore names, unless the config turns that off
    (`setUseGitIgnore(false)`): Eleventy builds none of it, a file added with `git add
    -f` too; as held entries, those pages support nothing."""
    from receipt_gate.sites.layout import held_lines

    code = JsCode(config or "")
    if not code.unreadable and code.found(_NO_GITIGNORE):
        return []
    # (Eleventy trims each line as JavaScript trims, and skips `!` lines: 11ty#693)
    held = held_lines("", _ignore_lines(read(".gitignore")))
    return [held] if held is not None else []


_NO_GITIGNORE = lazyre.compile(r"\bsetUseGitIgnore\s*\(\s*false\b")


def _ignore_lines(text: str | None) -> list[str]:
    """An `.eleventyignore`'s globs: each line trimmed as JavaScript trims it (a BOM
    too), but a blank one and those Eleventy skips (`#` and `!` lines)."""
    lines = (line.strip(JS_SPACE) for line in (text or "").split("\n"))
    return [g for g in lines if g and not g.startswith(("#", "!"))]


def held_by_ignore_files(paths: Sequence[str], read: Callable[[str], str | None]) -> list[str]:
    """What each `.eleventyignore` in the tree names (Eleventy reads the top's and the
    input folder's, which a config or a build's `--input` may set: every one is read):
    each line a glob from the file's own folder (a `!` line and a `#` line Eleventy
    skips; a line trimmed as JavaScript trims it, a BOM too); Eleventy builds none of
    it, so those pages support nothing. A glob the gate cannot read plainly (braces,
    extglobs) holds back every page."""
    from receipt_gate.sites.layout import held_globs

    out: list[str] = []
    for path in paths:
        folder, _, name = path.rpartition("/")
        if name != ".eleventyignore":
            continue
        for line in _ignore_lines(read(path)):
            glob = posixpath.normpath(f"{folder}/{line}" if folder else line).lstrip("/")
            if glob.startswith("../") or re.search(r"[{}()!+@]", glob):
                return [held_globs(["**"])]
            glob = "" if glob == "." else glob
            out.append(held_globs([glob, f"{glob}/**"] if glob else ["**"]))
    return out


# `eleventyConfig.ignores.add("posts/old/**")`: a glob Eleventy builds nothing from.
_IGNORED = lazyre.compile(r"\bignores\s*\.\s*add\s*\(\s*(?:([\"'])([^\"'`\n]*)\1\s*\)|())")


def held_by_config(path: str, text: str | None, named: bool = False) -> list[str]:
    """The pages an Eleventy config's code ignores (`ignores.add(...)`: Eleventy
    builds none of them, in whatever environment the call runs), and those of a kind its
    template formats leave out (`setTemplateFormats(["njk"])`: no .md page is built):
    gated as the site's files, they support nothing. A glob or a list the gate cannot
    read plainly (braces, an argument that is no string literal) holds back every page
    of the site."""
    from receipt_gate.sites.layout import held_globs

    if text is None or not ("ignores" in text or "emplateFormats" in text):
        return []
    code = JsCode(text)
    if code.unreadable:
        return [held_globs(["**"])]
    out: list[str] = _formats_held(code)
    calls = code.found(_IGNORED)
    # (the ignores reached any other way, `ignores?.add`, `const ig = ...ignores`, a
    # computed name: what they add, the gate cannot tell; `ignores.delete()` adds none)
    if len(code.names("ignores")) > len(calls) + len(code.found(_UNIGNORED)):
        return [held_globs(["**"])]
    for m in calls:
        glob = (m.group(2) or "").strip(JS_SPACE).removeprefix("./")
        if m.group(3) is not None or not glob or re.search(r"[{}()!+@]", glob):
            return [held_globs(["**"])]
        out.append(held_globs([glob.rstrip("/"), f"{glob.rstrip('/')}/**"]))
    return out


_UNIGNORED = lazyre.compile(r"\bignores\s*\.\s*delete\s*\(")


# The template formats a config sets (`setTemplateFormats(...)`, `templateFormats:`), or
# a build gives (`eleventy --formats=md,njk`): Eleventy builds no page of another kind.
_SET_FORMATS = lazyre.compile(r"""\b(?:setTemplateFormats\s*\(|templateFormats["'`]?\s*:)\s*""")
_FORMATS_FLAG = lazyre.compile(
    r"""\beleventy\b[^\n;&|]*?\s--formats(?:=|\s+)["']?([^\s"'`;&|)]*)"""
)


def _formats_held(code: JsCode) -> list[str]:
    """Held entries for the pages of kinds none of the config's format lists take (each
    list may be the last one set: a page must be of a kind each takes)."""
    lists: list[Sequence[str] | None] = []
    for m in code.found(_SET_FORMATS):
        given = _PLAIN_ARGUMENT.match(code.text, m.end())
        if given is None or re.fullmatch(r"\w+", given.group()):
            lists.append(None)  # (a list computed in code)
        else:
            lists.append(re.findall(r"""[\w.-]+""", re.sub(r"[\[\]\"'`]", " ", given.group())))
    return _kinds_held(lists)


def _kinds_held(lists: Sequence[Sequence[str] | None]) -> list[str]:
    from receipt_gate.sites.layout import held_globs

    if not lists:
        return []
    if any(formats is None for formats in lists):
        return [held_globs(["**"])]
    taken = set.intersection(*({f.strip().lower() for f in x} for x in lists if x is not None))
    left = [e for e in EXTS if e not in taken]
    return [held_globs([f"**/*.{e}" for e in left])] if left else []


def held_by_commands(texts: Mapping[str, str | None]) -> list[str]:
    """Held entries for the pages of kinds a build's `eleventy --formats` leaves out
    (a value the gate cannot read holds every page)."""
    lists: list[Sequence[str] | None] = []
    for text in texts.values():
        for m in _FORMATS_FLAG.finditer(text or ""):
            value = m.group(1)
            plain = re.fullmatch(r"[\w.,-]+", value)
            lists.append(value.replace(",", " ").split() if plain else None)
    return _kinds_held(lists)


def layouts_dirs(path: str, text: str | None) -> list[str]:
    """The folders an Eleventy config names for its layouts and includes (`dir:
    {layouts, includes}`, setLayoutsDirectory()), from the repository's top."""
    dirs = _dirs(text or "")
    root = dirs.get("input", "")
    root = "" if root in (".", "", "?") else root
    return [
        posixpath.normpath(posixpath.join(root, dirs[k]))
        for k in ("includes", "layouts")
        if dirs.get(k) not in (None, "", "?", "_includes")
    ]


# Global data that gives every page a layout or a permalink (`_data/layout.json`,
# addGlobalData("layout", ...)): no page's own front matter says what it is put in.
_GLOBAL_KEYS = ("layout", "permalink", "eleventyComputed")
_ADDED_GLOBAL = lazyre.compile(r"\baddGlobalData\(\s*([\"'`]?)(\w+)")


def global_layout(config: str, paths: Sequence[str]) -> bool:
    """May the site's global data give every page a layout or a permalink?"""
    dirs = _dirs(config)
    root = dirs.get("input", "")
    root = "" if root in (".", "", "?") else root
    data = dirs.get("data", "_data")
    code = JsCode(config)
    if "?" in (data, dirs.get("includes"), dirs.get("layouts")) or any(
        m.group(1) == "" or m.group(2) in _GLOBAL_KEYS for m in code.found(_ADDED_GLOBAL)
    ):
        return True
    folder = posixpath.normpath(posixpath.join(root, data)) + "/"
    # (a data file's name is its key, and each folder above it one more: the first part
    # of its path under the data folder, `_data/eleventyComputed/permalink.js` too:
    # round 95 h01)
    return any(
        p.startswith(folder) and p[len(folder) :].split("/")[0].split(".")[0] in _GLOBAL_KEYS
        for p in paths
    )


def layout_aliases(config: str) -> list[tuple[str, str]]:
    """(alias, layout) for each addLayoutAlias of a config's code (not one in a comment
    or a string: round 48's kin; a config the gate cannot lex holds every page back)."""
    return [(m.group(1).strip(), m.group(2).strip()) for m in JsCode(config).found(_LAYOUT_ALIAS)]


def unread_pages(
    configs: Sequence[str],
    read_all: Callable[[list[str]], Mapping[str, str | None]],
    listed: Callable[[list[str]], list[str]],
    gated: Callable[[str], bool],
) -> str | None:
    """A line naming a page an Eleventy config (the first of `configs` Eleventy loads)
    renders by an alias of a template language that drafts does not gate (the config
    may come in the same change as the page), else None."""
    from receipt_gate.sites.layout import any_case

    name = next((n for n in CONFIGS if n in configs), None)

    def read(path: str) -> str | None:
        return read_all([path]).get(path)

    exts = aliases(read(name) or "", read) if name else []
    pages = listed([f"**/*.{any_case(e)}" for e in exts]) if exts else []
    ungated = [p for p in pages if not gated(p) and "node_modules/" not in p]
    if not ungated:
        return None
    return (
        f"{name}: renders {ungated[0]} as a page (an alias of a template language), where"
        f" drafts gates it not: add **/*{posixpath.splitext(ungated[0])[1]} to drafts"
    )


def _title_fields(pages: Sequence[str], read: Callable[[str], str | None]) -> list[str] | None:
    """`[newstitle, title]` where pages name their title another way (Eleventy's blog:
    `newstitle:`), read from the first lines of up to 200 pages; None for plain `title`."""
    other: collections.Counter[str] = collections.Counter()
    for p in pages[:200]:
        head = (read(p) or "")[:2000]
        if not head.startswith("---"):
            continue
        fields = re.findall(r"(?m)^(\w*title):", head.split("\n---", 1)[0])
        other.update(f for f in fields if f != "title")
    if not other:
        return None
    return (
        [*sorted(f for f, n in other.items() if n >= 3), "title"]
        if any(n >= 3 for n in other.values())
        else None
    )


# A build command's option naming the folder its pages come from.
COMMAND_FOLDER = lazyre.compile(
    r"""(?:^|[\s;&|"'])eleventy\b[^\n;&|]{0,200}?\s--input(?:=|\s+)["']?([^\s"';&|]+)"""
)


def command_folders(text: str, bare: str) -> list[tuple[str, bool]]:
    return [(m.group(1), False) for m in COMMAND_FOLDER.finditer(bare)]


def drops_footnotes(paths: Sequence[str], read: Callable[[str], str | None]) -> bool:
    """Does Eleventy render `[^1]:` as no footnote here? Its markdown-it reads footnotes
    only with a plugin (markdown-it-footnote) its config or package names; without one a
    footnote's definition is a link's, its text a title attribute (round 62)."""
    configs = [p for p in CONFIGS if p in paths]
    package = read("package.json") if "package.json" in paths else None
    if not configs and "@11ty/eleventy" not in (package or ""):
        return False
    return not any("footnote" in (read(p) or "") for p in [*configs, "package.json"])
