"""Liquid and Hugo template tags that hold code: `{% highlight %}...{% endhighlight %}`,
`{% raw %}`, `{% comment %}`, `{{< code >}}...{{< /code >}}` and their kin. What such a
pair holds is not prose (gate.reading.prose).
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING

from receipt_gate.base import lazyre
from receipt_gate.reading.inline import TEMPLATE, Match, sub_blank

if TYPE_CHECKING:
    from receipt_gate.base.text import Draft

# (and the names sites give their own code tags: Octopress's codeblock, Nunjucks's
# verbatim, a theme's snippet or prism)
_PAIR_OPEN = lazyre.compile(
    r"\{%-?\s*(highlight|raw|comment|verbatim|codeblock)\b"
    r"|\{\{[<%]\s*(highlight|code|code-toggle|raw|datatable|verbatim"
    r"|codeblock|code-block|snippet|prism|syntax)\b"
)
_PAIR_HEAD_END = (lazyre.compile(r"%\}"), lazyre.compile(r"[>%]\}\}"))
_TOGGLE = lazyre.compile(r"-toggle\b")


def _end_tag(liquid: bool, name: str) -> re.Pattern[str]:
    return re.compile(
        rf"\{{%-?\s*end{name}\s*-?%\}}"
        if liquid
        else rf"\{{\{{[<%]\s*/{re.escape(name)}\s*[>%]\}}\}}"
    )


def blank_pairs(text: str, only: frozenset[str] | None = None, fill: str = " ") -> str:
    """Each pair blanked (as the plain pattern in tests/test_fast_paths.py would), in
    linear time: an opening tag whose end tag never comes is left as it is, and so is
    every later one of its name. With `only`, only the pairs of those names (`comment`:
    what no reader sees). `fill` takes each blanked character's place ("\0": gone
    without a trace, so `con{% comment %}x{% endcomment %}clusion` is one word)."""
    pieces: list[str] = []
    pos = last = 0
    dead: set[tuple[bool, str]] = set()
    while (m := _PAIR_OPEN.search(text, pos)) is not None:
        liquid = m.group(1) is not None
        name = m.group(1) or m.group(2)
        pos = m.start() + 1  # another opening may start inside this one: {{% raw %}}
        # `code` then `code-toggle`, as the pattern's alternatives are tried.
        names = [name, "code-toggle"] if name == "code" and _TOGGLE.match(text, m.end()) else [name]
        end = None
        for candidate in names:
            if (liquid, candidate) in dead or (only is not None and candidate not in only):
                continue
            head = _PAIR_HEAD_END[0 if liquid else 1].search(text, m.end())
            end = None if head is None else _end_tag(liquid, candidate).search(text, head.end())
            if end is not None:
                break
            dead.add((liquid, candidate))
        if end is None:
            continue
        pieces += [text[last : m.start()], re.sub(r"[^\n]", fill, text[m.start() : end.end()])]
        last = pos = end.end()
    return "".join(pieces) + text[last:] if pieces else text


# Liquid's and Nunjucks's output tags (`{{ x }}`, `{% echo x %}`), not Hugo shortcodes.
OUTPUT = lazyre.compile(r"\{\{(?![<%])|\{%-?\s*echo\b")
LITERAL = lazyre.compile(r"\"[^\"]*\"|'[^']*'")
# Filters that keep the letters of what they are given, in order (case, escapes and
# spacing aside), or add their own literal after it (`append`, a `date` format): the
# "open" reading (gate.reading.prose) and the renderings read what they print.
_KEEPS = frozenset(
    "append concat upcase downcase capitalize upper lower title escape escape_once e"
    " xml_escape cgi_escape uri_escape url_encode url_escape urlencode markdownify"
    " smartify strip lstrip rstrip trim normalize_whitespace newline_to_br nl2br safe"
    " jsonify json dump inspect date relative_url absolute_url url slugify".split()
)
# The engines' other filters: what they make of a literal is not its letters in order
# (reordered, cut, replaced, chosen, decoded: `url_decode`, `base64_decode`,
# `strip_html`, `strip_newlines`...).
_STANDARD = _KEEPS | frozenset(
    "prepend replace replace_first replace_last remove remove_first remove_last slice"
    " split join reverse sort sort_natural truncate truncatewords uniq first last map"
    " compact where where_exp default d sample push pop shift unshift random batch"
    " array_to_sentence_string find find_exp group_by group_by_exp groupby list center"
    " indent wordwrap urlize dictsort select selectattr reject rejectattr string"
    " url_decode base64_decode base64_encode base64_url_safe_decode base64_url_safe_encode"
    " strip_html striptags strip_newlines unescape cgi_unescape uri_unescape xml_unescape"
    " forceescape int float abs round plus minus times divided_by modulo at_least at_most"
    " ceil floor sum size length wordcount number_of_words".split()
)
_FILTER = lazyre.compile(r"\|\s*([A-Za-z_]\w*)")
_CHOOSES = lazyre.compile(r"\b(?:if|else|or|and|not)\b|\?")
# An escape liquidjs and Nunjucks read as a letter or digit (`\\c`, `\\u0063`, `\\143`).
_ESCAPE = lazyre.compile(r"\\[A-Za-z0-9]")
_OPERAND = lazyre.compile(r"[\s~+]*")  # literals joined in order: `"a" ~ "b"`, `"a" + "b"`
# A helper that prints its argument as it is written, for a code sample (`{{raw "..."}}`,
# a site's own): what it prints is code, escapes and all, not text the page computes.
_VERBATIM = lazyre.compile(r"\s*(?:raw|verbatim|literal|code|highlight)\b")
# Tags whose text a reader does not see where it is written: one of several texts a
# counter chooses, text a filter block changes, text a macro keeps for elsewhere.
_ELSEWHERE = lazyre.compile(r"\{%-?\s*(?:cycle|filter|macro|call|liquid)\b")
# A loop's names, and what it loops over (literals when it starts with one, `[`, or a
# name holding them).
LOOP = lazyre.compile(
    r"\{%-?\s*(?:for|tablerow)\s+([A-Za-z_]\w*)(?:\s*,\s*([A-Za-z_]\w*))?\s+in\s"
    r"([^%]*)%\}"
)
# Text kept under a name, to be printed wherever the name is: a literal assigned, a
# block captured.
KEPT = lazyre.compile(
    r"\{%-?\s*(?:(?:assign|set)\s+([A-Za-z_][\w-]*)\s*=[^%]*?[\"']"
    r"|(?:capture|set)\s+([A-Za-z_][\w-]*)\s*-?%\})"
)
_GIVEN = lazyre.compile(
    r"(?:\{\{-?|\{%-?\s*echo\b)\s*(?:(\"[^\"\n]*\"|'[^'\n]*')|([A-Za-z_][\w-]*))"
)


def computes(
    tag: str, kept: frozenset[str] = frozenset(), looped: frozenset[str] = frozenset()
) -> bool:
    """Does this template tag print text the gate cannot read from what is written? A
    literal given to a filter not known to keep its letters (`reverse`, `url_decode`,
    `base64_decode`; a site's own filters are its code, taken to keep them), a literal
    with an escape (`\\u0063` is "c" to liquidjs and Nunjucks), a method called on one
    (`"x".replace(...)`), a literal chosen by a condition (`{{ "a" if x else "b" }}`),
    a name a loop over literals sets (`{% for w in ws %}{{ w }}`), one a counter chooses
    (`cycle`), a filter block, or a changing filter on a name `kept` holds (text
    assigned or captured in the draft). (Literals printed in order, `{{ "In con" |
    append: "clusion" }}`, names printed as they are, and conditions' branches are
    read as the page prints them: gate.reading.rendering.)"""
    if _ELSEWHERE.match(tag):
        return True
    if not OUTPUT.match(tag):
        return False
    body = re.sub(r"^(?:\{\{-?|\{%-?\s*echo\b)|-?(?:\}\}|%\})$", "", tag)
    literals = LITERAL.findall(body)
    bare = LITERAL.sub('""', body)
    operand = bare.split("|", 1)[0]
    names = [m.group(1) for m in _FILTER.finditer(bare)]
    given = _GIVEN.match(tag)
    name = given.group(2) if given is not None else None
    if name is not None and name in looped:
        return True
    if _VERBATIM.match(operand):
        return False
    if len(literals) > 1 and _CHOOSES.search(bare):
        return True
    if "$" in bare:  # Go's template code (Hugo's), which no content page runs
        return False
    if literals and names and operand.lstrip().startswith(("[", "(")):
        return True  # literals in a list given to a filter: `["In", "conclusion"] | join`
    if literals and operand.lstrip().startswith('""'):  # the filters are given a literal
        if any(_ESCAPE.search(lit) for lit in literals) or not _OPERAND.fullmatch(
            operand.replace('""', "")
        ):
            return True
        return any(n in _STANDARD and n not in _KEEPS for n in names)
    if any(_ESCAPE.search(lit) for lit in literals):
        return True
    if name is not None and name in kept:
        return any(n in _STANDARD and n not in _KEEPS for n in names)
    if name == "site":  # (a site's value: where a filter reorders or decodes its letters)
        return any(n in _REORDERS for n in names)  # (round 87: `split: "" | reverse`)
    return False


# Filters that make of a value letters in another order, or decoded: what they print
# from a site's value is no text any file holds (its edits, `replace`, `remove`, are read
# with the value in place: own_values).
_REORDERS = frozenset(
    "reverse sort sort_natural sample shuffle slice url_decode base64_decode"
    " base64_url_safe_decode uri_unescape cgi_unescape xml_unescape unescape".split()
)


def printed_tag(m: Match) -> str:
    """An output tag as its string literals print it, in order (`{{ "In con" | append:
    "clusion" }}`, `{{ "In con" ~ "clusion" }}`), the rest gone without a trace; any
    other tag gone."""
    tag = m.group()
    keep = bytearray(len(tag))
    if OUTPUT.match(tag):
        # (not the options of a filter that keeps the letters and adds none of its own:
        # `slugify: "raw"` prints no "raw", round 84)
        bare = LITERAL.sub(lambda m: "\0" * len(m.group()), tag)
        quiet = [
            (f.start(), _next_filter(bare, f.end()))
            for f in _FILTER_CALL.finditer(bare)
            if f.group(1) in _KEEPS and f.group(1) not in ("append", "concat", "date")
        ]
        for lit in LITERAL.finditer(tag):
            if not any(a < lit.start() < b for a, b in quiet):
                keep[lit.start() + 1 : lit.end() - 1] = b"\1" * (lit.end() - lit.start() - 2)
    return "".join(c if keep[i] or c == "\n" else "\0" for i, c in enumerate(tag))


def _next_filter(bare: str, at: int) -> int:
    """Where the next filter starts in a tag (its literals blanked), or its end."""
    end = bare.find("|", at)
    return end if end >= 0 else len(bare)


def printed(text: str) -> str:
    """Text with each output tag as the string literals it prints (see printed_tag), the
    other tags gone without a trace: a front-matter string Eleventy renders as a
    template (`eleventyComputed`), as its page shows it."""
    return sub_blank(TEMPLATE, text, repl=printed_tag) if ("{{" in text or "{%" in text) else text


def as_printed(text: str, fields: Mapping[str, object], maybe: bool = False) -> str:
    """The page with each Liquid or Nunjucks output tag (`{{ }}`, `{% echo %}`; not a
    Hugo shortcode, not a control tag) replaced by what it prints where the page says
    it, in order: its own front-matter value (`{{ page.x }}`), a name the page assigned
    or captured before it (its value then: `{% assign o = "<!--" %}{{ o }}`), string
    literals (`{{ "<!" }}--` prints `<!--`), through `append`, `prepend` and the filters
    that keep letters (others are read as their literals: the words are printed, in some
    order); nothing where a filter counts (`size`) or the value is not the page's to
    know. An assignment, and a capture in its place, print nothing. Line breaks stay
    where they were. Jekyll and Eleventy print these before markdown reads the page:
    what they print may open a comment, or be the words readers read. With `maybe`, a tag
    whose value the page does not say prints its string literals, and a filter not read
    its literal arguments (`{{ x | default: "<!--" }}`, `{{ "now" | date: "<!--" }}`
    may print them: round 58): a reading that may hide more, never one that shows more."""
    if "{{" not in text and "{%" not in text:
        return text
    # (each check of a commit reads the page printed: it is printed once for them all;
    # fields compared, not printed: a site's values may be megabytes, the same object)
    key = (text, maybe)
    for known, printed in _PRINTED.get(key, ()):
        if known is fields or known == fields:
            return printed
    printed = _as_printed(text, fields, maybe)
    if len(_PRINTED) >= 8 and key not in _PRINTED:
        del _PRINTED[next(iter(_PRINTED))]
    _PRINTED[key] = [*_PRINTED.get(key, [])[-3:], (fields, printed)]
    return printed


_PRINTED: dict[tuple[str, bool], list[tuple[Mapping[str, object], str]]] = {}


def _as_printed(text: str, fields: Mapping[str, object], maybe: bool) -> str:
    from receipt_gate.reading.inline import TEMPLATE

    text = _raw_printed(text) if "raw" in text else text
    own = own_values(text, fields)
    if own is not None and own.count("\n") == text.count("\n"):
        text = own
    env: dict[str, str | None] = {}
    pieces: list[str] = []
    pos = 0
    capturing: tuple[str, int] | None = None
    for m in TEMPLATE.finditer(text):
        if m.a < pos:
            continue  # (inside a raw block printed whole)
        tag = text[m.a : m.b]
        if capturing is None and _COMMENT_TAG.match(tag):
            # a comment block prints nothing (`<!{% comment %}x{% endcomment %}--` is
            # `<!--` once printed: round 57)
            end = _END_COMMENT_TAG.search(text, m.b)
            stop = end.end() if end is not None else len(text)
            pieces += [text[pos : m.a], "\n" * text.count("\n", m.a, stop)]
            pos = stop
            continue
        head = _CAPTURE.match(tag)
        if capturing is None and head is not None:
            capturing = (head.group(1), m.a)
            continue
        if capturing is not None:
            if _END_CAPTURE.match(tag):  # kept, printed where its name is, not here
                name, opened = capturing
                env[name] = as_printed(text[text.index("}", opened) + 1 : m.a], fields, maybe)
                pieces += [text[pos : capturing[1]], "\n" * text.count("\n", capturing[1], m.b)]
                pos, capturing = m.b, None
            continue
        kept = _KEPT_EXPR.match(tag)
        if kept is not None:  # an assignment prints nothing
            env[kept.group(1)] = _value(kept.group(2), env)
            pieces += [text[pos : m.a], "\n" * tag.count("\n")]
            pos = m.b
            continue
        if not OUTPUT.match(tag) or ":" in LITERAL.sub("", tag).split("|", 1)[0]:
            continue  # (a JSX object, `style={{display: "none"}}`, is no Liquid)
        body = re.sub(r"^(?:\{\{-?|\{%-?\s*echo\b)|-?(?:\}\}|%\})$", "", tag)
        got = _value(body, env, maybe)
        if got is None and maybe:
            got = "".join(x[1:-1] for x in LITERAL.findall(body))
        said = (got or "").replace("\n", " ")
        pieces += [text[pos : m.a], said + "\n" * tag.count("\n")]
        pos = m.b
    return "".join(pieces) + text[pos:]


_CAPTURE = lazyre.compile(r"\{%-?\s*(?:capture|set)\s+([A-Za-z_][\w-]*)\s*-?%\}")


def printings(text: str, fields: Mapping[str, object]) -> list[str]:
    """The page as Liquid or Nunjucks print it, and as they may print what it does not
    say (as_printed's `maybe`), each once: a quote or a support counts only where every
    one of them shows it."""
    printed = [as_printed(text, fields), as_printed(text, fields, True)]
    return list(dict.fromkeys(cut for p in printed for cut in (p, _stopped(p))))


# Tags that end what a page prints: a `break` or `continue` outside any loop (Liquid, in
# Jekyll and in LiquidJS, prints nothing after it: round 63), and LiquidJS's `layout`
# tag, after which only the page's blocks are printed (into that layout).
_STOPS = lazyre.compile(
    r"\{%-?\s*(for|tablerow|endfor|endtablerow|break|continue|layout|block|endblock)\b"
    r"(?:[^%]|%(?!\}))*%\}"
)


def _stopped(text: str) -> str:
    """The printed page with what such a tag leaves unprinted blanked (line breaks
    kept); the page itself where there is none."""
    if "{%" not in text:
        return text
    depth, blocks, layout = 0, [], False
    for m in _STOPS.finditer(text):
        word = m.group(1)
        if word in ("for", "tablerow"):
            depth += 1
        elif word in ("endfor", "endtablerow"):
            depth = max(0, depth - 1)
        elif word in ("break", "continue") and depth == 0 and not layout:
            return text[: m.start()] + re.sub(r"[^\n]", " ", text[m.start() :])
        elif word == "layout":
            layout = True
        elif word in ("block", "endblock"):
            blocks.append((word, m.end() if word == "block" else m.start()))
    if not layout:
        return text
    kept = [
        (a, b) for (w, a), (v, b) in itertools.pairwise(blocks) if (w, v) == ("block", "endblock")
    ]
    out = re.sub(r"[^\n]", " ", text)
    for a, b in kept:
        out = out[:a] + text[a:b] + out[b:]
    return out


def _raw_printed(text: str) -> str:
    """The page with each raw block as Liquid prints it: what it holds, as written (round
    57: `{% raw %}<!--{% endraw %}` opens a comment), its braces a lookalike so that no
    reader after takes what it prints for a tag (`{% raw %}{{ page.x }}{% endraw %}`
    prints no value: the review); in one pass."""
    parts: list[str] = []
    pos = 0
    while (m := _RAW.search(text, pos)) is not None:
        end = _END_RAW.search(text, m.end())
        stop = end.start() if end is not None else len(text)
        parts += [text[pos : m.start()], text[m.end() : stop].replace("{", "\uff5b")]
        pos = end.end() if end is not None else len(text)
    return "".join([*parts, text[pos:]])


_RAW = lazyre.compile(r"\{%-?\s*raw\s*-?%\}")
_COMMENT_TAG = lazyre.compile(r"\{%-?\s*comment\s*-?%\}")
_END_COMMENT_TAG = lazyre.compile(r"\{%-?\s*endcomment\s*-?%\}")
_END_RAW = lazyre.compile(r"\{%-?\s*endraw\s*-?%\}")
_END_CAPTURE = lazyre.compile(r"\{%-?\s*end(?:capture|set)\b")
_KEPT_EXPR = lazyre.compile(r"\{%-?\s*(?:assign|set)\s+([A-Za-z_][\w-]*)\s*=(.*?)-?%\}", re.DOTALL)
_FILTER_CALL = lazyre.compile(
    r"\|\s*([A-Za-z_]\w*)\s*(?::\s*((?:\"[^\"]*\"|'[^']*')(?:\s*,\s*(?:\"[^\"]*\"|'[^']*'))*))?"
)


def _value(expr: str, env: Mapping[str, str | None], maybe: bool = False) -> str | None:
    """What a Liquid or Nunjucks expression prints, where the page alone says: string
    literals and names it assigned, joined in order (`~`, `+`), through `append`,
    `prepend` and filters that keep letters; None where it cannot say."""
    head, filters = _split_filters(expr)
    words: list[str] = []
    # Joined by ~ or + outside literals (a literal may hold either: "C++").
    bare = LITERAL.sub(lambda m: "\0" * len(m.group()), head)
    cuts = [-1, *(i for i, c in enumerate(bare) if c in "~+"), len(head)]
    for a, b in itertools.pairwise(cuts):
        part = head[a + 1 : b].strip()
        if LITERAL.fullmatch(part):
            words.append(part[1:-1])
        elif re.fullmatch(r"-?[0-9]+(?:\.[0-9]+)?", part):  # (a number prints itself)
            words.append(part)
        elif re.fullmatch(r"[A-Za-z_][\w-]*", part) and env.get(part) is not None:
            words.append(str(env[part]))
        elif part:
            return None
    value = "".join(words)
    if len(value) > _LONGEST:
        return None  # (`{% assign a = a ~ a %}` doubles a value each line)
    return _filtered(value, filters, maybe)


# Filters whose printed words the page alone says, from their literal arguments.
_EDITS = frozenset({"append", "prepend", "replace", "replace_first", "remove", "remove_first"})
_EDITS |= {"default", "url_decode", "base64_decode"}


def _filtered(
    value: str, filters: Sequence[tuple[str, Sequence[str]]], maybe: bool = False
) -> str | None:
    """The value through these filters: append, prepend, replace, remove and default by
    their literal arguments, a letter keeping filter as it is (with `maybe`, any other
    filter's literal arguments after it: a date's format prints them); None for a
    count."""
    for name, args in filters:
        if name == "append" and args:
            value += args[0]
        elif name == "prepend" and args:
            value = args[0] + value
        elif name in ("replace", "replace_first", "remove", "remove_first") and args:
            # (round 57: `| replace: "Notes", "As an AI language model"` prints the second)
            new = args[1] if name.startswith("replace") and len(args) > 1 else ""
            times = 1 if name.endswith("first") else -1
            found = min(value.count(args[0]), 1) if times == 1 else value.count(args[0])
            if len(value) + found * (len(new) - len(args[0])) > _LONGEST:
                return None  # (measured first: "" is found between every two letters)
            value = value.replace(args[0], new, times)
        elif name == "default" and args and not value:
            value = args[0]
        elif name == "url_decode":  # (round 59: `"--%3E%3Cscript%3E" | url_decode`)
            from urllib.parse import unquote_plus

            value = unquote_plus(value)
        elif name == "base64_decode":
            import base64
            import binascii

            try:
                value = base64.b64decode(value).decode("utf-8", "replace")
            except (binascii.Error, ValueError):
                return None
        elif name in _COUNTS:
            return None  # a count, not the words
        elif maybe and name == "date" and args:  # (its format is what it prints)
            value = re.sub(r"%-?[A-Za-z%]", "1", args[0])
        elif maybe and args and name != "default" and name not in _KEEPS:
            # (a filter that keeps the letters takes options, `slugify: "raw"`, that it
            # does not print: round 84 read `...language modelraw`; another's arguments
            # may be printed, as words of their own)
            value += " " + " ".join(args)
        if len(value) > _LONGEST:
            return None
    return value


_LONGEST = 1 << 20  # characters of one value a page computes: past it, not the page's words
# Filters that print a count of what they are given, not its words.
_COUNTS = frozenset({"size", "length", "wordcount", "number_of_words"})


def changed_names(text: str) -> frozenset[str]:
    """Names the page assigns through a filter that makes other text of what it is given
    (`{% assign s = "..." | split: "@" %}`): what they print is not the page's words."""
    out = set()
    for m in _KEPT_EXPR.finditer(text):
        _, filters = _split_filters(m.group(2))
        if any(n in _STANDARD and n not in _KEEPS for n, _ in filters):
            out.add(m.group(1))
    return frozenset(out)


def _split_filters(expr: str) -> tuple[str, list[tuple[str, list[str]]]]:
    """The expression's operand, and (filter, its literal arguments) for each filter."""
    bare = LITERAL.sub(lambda m: "\0" * len(m.group()), expr)  # a | in a literal is text
    at = bare.find("|")
    if at < 0:
        return expr, []
    calls = [
        (m.group(1), [a[1:-1] for a in LITERAL.findall(m.group(2) or "")])
        for m in _FILTER_CALL.finditer(expr, at)
    ]
    return expr[:at], calls


def printed_text(draft: Draft) -> str | None:
    """The draft as Liquid and Nunjucks print it before markdown reads it (its output
    tags replaced by what they print: gate.reading.templatetags.as_printed), or None
    where it holds no template tag or they print what is written."""
    text = draft.text
    if "{{" not in text and "{%" not in text:
        return None
    from receipt_gate import GateError
    from receipt_gate.reading.frontmatter import read

    try:
        fields = read(text, draft.path).fields
    except GateError:
        fields = {}
    printed = as_printed(text, fields)
    return None if printed == text else printed


# A Hugo shortcode's opening, and its name; the built-in ones that print text given as a
# parameter (figure's caption, title and attribution, details' summary); and a string
# parameter of any.
_SHORTCODE_OPEN = lazyre.compile(r"\{\{([<%])-?\s*/?([\w./-]+)")
_PRINTING = frozenset({"figure", "details"})
_PRINTED_PARAM = lazyre.compile(
    r"\b(caption|title|attr|summary)\s*=\s*(?:\"((?:[^\"\\]|\\.)*+)\"|`([^`]*+)`|'([^']*+)')"
)


def _shortcodes(text: str, said: Callable[[str, str], str | None]) -> str:
    """The page with each Hugo shortcode tag for which `said(name, tag)` gives text
    replaced by that text; line breaks kept. (One scan: an opening never closed ends it.)"""
    if "{{<" not in text and "{{%" not in text:
        return text
    pieces, pos, past = [], 0, 0
    for m in _SHORTCODE_OPEN.finditer(text):
        if m.start() < past:
            continue  # (inside a tag already read: each closing is looked for once)
        end = text.find(">}}" if m.group(1) == "<" else "%}}", m.end())
        if end < 0:
            break
        tag, past = text[m.start() : end + 3], end + 3
        words = said(m.group(2), tag)
        if words is not None:
            spaced = f" {words.replace(chr(10), ' ')} "  # (never glued to the words around)
            pieces += [text[pos : m.start()], spaced + "\n" * tag.count("\n")]
            pos = past
    return "".join(pieces) + text[pos:] if pieces else text


def shortcodes_printed(text: str) -> str:
    """The page with each of Hugo's shortcodes that print a parameter as text (`{{<
    figure caption="..." >}}`) replaced by the text they print; line breaks kept."""

    def said(name: str, tag: str) -> str | None:
        if name not in _PRINTING:
            return None
        return " ".join(
            next(g for g in p.groups()[1:] if g is not None) for p in _PRINTED_PARAM.finditer(tag)
        )

    return _shortcodes(text, said)


def params_printed(text: str, fields: Mapping[str, object]) -> str:
    """The page with each of Hugo's `{{< param "x" >}}` shortcodes replaced by the page's
    own field `x` (its key in any case, or under `params:`) where it has one of a plain
    value; line breaks kept (round 73: a heading that prints a field)."""
    own = {str(k).lower(): v for k, v in fields.items()}
    nested = own.get("params")
    if isinstance(nested, Mapping):
        own = {**{str(k).lower(): v for k, v in nested.items()}, **own}

    def said(name: str, tag: str) -> str | None:
        if name != "param":
            return None
        value = own.get(_values(tag[3:-3]).strip().lower())
        plain = isinstance(value, (str, int, float)) and not isinstance(value, bool)
        return str(value) if plain else None

    return _shortcodes(text, said)


def shortcode_strings(text: str) -> str:
    """The page with every Hugo shortcode replaced by its parameters' values, quoted or
    not, which a site's own layout may print (`.Get 0`, `delimit .Params " "`); line
    breaks kept."""
    return _shortcodes(text, lambda _, tag: _values(tag[3:-3]))


def tag_strings(text: str) -> str:
    """The page with every Liquid or Nunjucks tag (`{% include note.html text="..." %}`,
    an Eleventy shortcode `{% note "..." %}`) replaced by its string literals, which
    what the tag runs may print; line breaks kept. (One scan, as _shortcodes.)"""
    if "{%" not in text:
        return text
    pieces, pos = [], 0
    while (start := text.find("{%", pos)) >= 0:
        end = text.find("%}", start + 2)
        if end < 0:
            break
        tag = text[start : end + 2]
        said = " ".join(a or b or c for a, b, c in _TAG_STRING.findall(tag))
        pieces += [text[pos:start], f" {said.replace(chr(10), ' ')} " + "\n" * tag.count("\n")]
        pos = end + 2
    return "".join(pieces) + text[pos:] if pieces else text


_TAG_STRING = lazyre.compile(r"\"((?:[^\"\\]|\\.)*+)\"?|'((?:[^'\\]|\\.)*+)'?|`([^`]*+)`?")
# A shortcode's parameter: a string, or a word (a key's `=` aside). Possessive, and a
# string never closed runs to the tag's end: each character is read once.
_PARAM = lazyre.compile(
    r"(?:[\w-]++\s*+=\s*+)?(?:\"((?:[^\"\\]|\\.)*+)\"?|`([^`]*+)`?|([^\s\"`=]++))"
)


def _values(inner: str) -> str:
    """A shortcode tag's parameter values (its name aside)."""
    rest = inner[m.end() :] if (m := _NAME.match(inner)) else inner
    return " ".join(a or b or c for a, b, c in _PARAM.findall(rest.rstrip("- ")))


_NAME = lazyre.compile(r"\s*-?\s*/?\s*[\w./-]+")


# A page's own value printed by name: Liquid's `{{ page.x }}` (Jekyll), `{{ x }}`
# (Eleventy: front matter is the page's data), with filters that keep its letters or
# none; Hugo's `{{< param "x" >}}` shortcode.
_INDEX = r"\[\s*(?:\"[^\"\n]*\"|'[^'\n]*'|\d+)\s*\]"
# (a path's steps each start at a dot or a bracket, possessive: a long name that is no
# value's is given up at once, never split every way)
_OWN_VALUE = lazyre.compile(
    r"\{\{-?\s*(?:page(?:\.(?=[A-Za-z_])|(?=\[)))?"
    rf"((?:[A-Za-z_]\w*+|{_INDEX})(?:\.[A-Za-z_]\w*+|{_INDEX})*+)"
    r"\s*((?:\|\s*\w+(?:\s*:\s*|\(\s*)?(?:\"[^\"\n]*\"|'[^'\n]*')?"
    r"(?:\s*,\s*(?:\"[^\"\n]*\"|'[^'\n]*'))*\)?\s*)*)-?\}\}"
    r"|\{\{[<%]\s*param\s+[\"']?([\w.-]+)[\"']?\s*[>%]\}\}"
)
_STEP = lazyre.compile(r"\.?([A-Za-z_]\w*)|\[\s*(?:\"([^\"]*)\"|'([^']*)'|(\d+))\s*\]")
_JOIN = lazyre.compile(r"\|\s*join(?:\s*:\s*|\(\s*)?(?:\"([^\"\n]*)\"|'([^'\n]*)')?")


def _lookup(fields: Mapping[str, object], path: str) -> object:
    """A front-matter value by its path as a template names it: `a.x`, `["a"]["x"]`,
    `a[0]`."""
    got: object = fields
    for m in _STEP.finditer(path):
        key = (
            m.group(1)
            if m.group(1) is not None
            else m.group(2)
            if m.group(2) is not None
            else m.group(3)
        )
        if isinstance(got, Mapping) and key is not None:
            got = got.get(key)
        elif isinstance(got, list) and m.group(4) is not None:
            got = got[int(m.group(4))] if int(m.group(4)) < len(got) else None
        else:
            return None
    return None if got is fields else got


def own_values(text: str, fields: Mapping[str, object]) -> str | None:
    """The page with each tag that prints a value of its own front matter (`{{ page.x }}`,
    `{{ x }}`, `{{ page.a.b }}`, `{{ a[0] }}`, a list `| join: " "`, Hugo's `{{< param
    "x" >}}` or `"a.x"`) replaced by that value, as the page shows it: `In {{ page.x
    }}clusion` with `x: con` reads "In conclusion". None when no tag does."""

    def value(m: re.Match[str]) -> str:
        name = m.group(1) or m.group(3)
        got = (
            _lookup(
                fields, name if m.group(1) else "".join(f'["{part}"]' for part in name.split("."))
            )
            if name
            else None
        )
        chain = m.group(2) or ""
        joined = _JOIN.search(chain)
        if joined and isinstance(got, list) and all(isinstance(x, (str, int)) for x in got):
            got = (joined.group(1) or joined.group(2) or "").join(map(str, got))
            chain = _JOIN.sub("", chain)
        filters = re.findall(r"\|\s*(\w+)", chain)
        if (
            isinstance(got, bool)
            or not isinstance(got, (str, int, float))
            or any(f not in _KEEPS and f not in _EDITS for f in filters)
            or "{" in str(got)
        ):
            return m.group()  # (a value that is a tag itself is printed as it is: once)
        edited = _filtered(str(got), _split_filters("_" + chain)[1]) if filters else str(got)
        if edited is not None and len(edited) > 20_000:  # (its ends: what joins a tag's
            edited = edited[:10_000] + " " + edited[-10_000:]  # edge; the taint reads it all)
        return m.group() if edited is None else edited

    if "{{" not in text:
        return None
    out = _OWN_VALUE.sub(value, text)
    # (a page that names a long value many times: read as written past that)
    return None if out == text or len(out) > 4 * len(text) + 100_000 else out
