"""Liquid and Hugo template tags that hold code: `{% highlight %}...{% endhighlight %}`,
`{% raw %}`, `{% comment %}`, `{{< code >}}...{{< /code >}}` and their kin. What such a
pair holds is not prose (gate.reading.prose).
"""

from __future__ import annotations

import re

_PAIR_OPEN = re.compile(r"\{%-?\s*(highlight|raw|comment)\b"
                        r"|\{\{[<%]\s*(highlight|code|code-toggle|raw|datatable)\b")
_PAIR_HEAD_END = (re.compile(r"%\}"), re.compile(r"[>%]\}\}"))
_TOGGLE = re.compile(r"-toggle\b")


def _end_tag(liquid: bool, name: str) -> re.Pattern[str]:
    return re.compile(rf"\{{%-?\s*end{name}\s*-?%\}}" if liquid
                      else rf"\{{\{{[<%]\s*/{re.escape(name)}\s*[>%]\}}\}}")


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
        names = [name, "code-toggle"] if name == "code" and _TOGGLE.match(text, m.end()) \
            else [name]
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
        pieces += [text[last:m.start()], re.sub(r"[^\n]", fill, text[m.start():end.end()])]
        last = pos = end.end()
    return "".join(pieces) + text[last:] if pieces else text


# Liquid's and Nunjucks's output tags (`{{ x }}`, `{% echo x %}`), not Hugo shortcodes.
OUTPUT = re.compile(r"\{\{(?![<%])|\{%-?\s*echo\b")
LITERAL = re.compile(r"\"[^\"\n]*\"|'[^'\n]*'")
# Filters that reorder, cut, choose or replace the letters of what they are given: a
# literal they change prints text that is not the literal.
_CHANGES = re.compile(
    r"\|\s*(?:prepend|replace|replace_first|replace_last|remove|remove_first|remove_last"
    r"|slice|split|join|reverse|sort|sort_natural|truncate|truncatewords|uniq|first|last"
    r"|map|compact|where|where_exp|default|d|sample|push|pop|shift|unshift|random|batch"
    r"|array_to_sentence_string|find|find_exp|group_by|group_by_exp|groupby|list"
    r"|center|indent|wordwrap|urlize|dictsort|select|selectattr|reject|rejectattr"
    r"|string|dump)\b")
_CHOOSES = re.compile(r"\b(?:if|else|or|and|not)\b|\?")
# Tags whose text a reader does not see where it is written: one of several texts a
# counter chooses, text a filter block changes, text a macro keeps for elsewhere.
_ELSEWHERE = re.compile(r"\{%-?\s*(?:cycle|filter|macro|call|liquid)\b")
# Text kept under a name, to be printed wherever the name is: a literal assigned, a
# block captured.
KEPT = re.compile(r"\{%-?\s*(?:(?:assign|set)\s+([A-Za-z_][\w-]*)\s*=[^%]*?[\"']"
                  r"|(?:capture|set)\s+([A-Za-z_][\w-]*)\s*-?%\})")
_GIVEN = re.compile(r"(?:\{\{-?|\{%-?\s*echo\b)\s*(?:(\"[^\"\n]*\"|'[^'\n]*')|([A-Za-z_][\w-]*))")


def computes(tag: str, kept: frozenset[str] = frozenset()) -> bool:
    """Does this template tag print text the gate cannot read from what is written:
    string literals a filter reorders, cuts or replaces (`{{ "noisulcnoc" | reverse }}`),
    a literal chosen by a condition (`{{ "a" if x else "b" }}`), one a counter chooses
    (`cycle`), text a filter block changes, or such a filter on a name `kept` holds
    (text assigned or captured in the draft)? (Literals printed in order, `{{ "In con"
    | append: "clusion" }}`, names printed as they are, and conditions' branches are
    read as the page prints them: gate.reading.rendering.)"""
    if _ELSEWHERE.match(tag):
        return True
    if not OUTPUT.match(tag):
        return False
    literals = LITERAL.findall(tag)
    given = _GIVEN.match(tag)  # what the filters are given: a literal, or a kept name
    if given is None or not (given.group(1) or given.group(2) in kept):
        return len(literals) > 1 and bool(_CHOOSES.search(LITERAL.sub(" ", tag)))
    rest = LITERAL.sub(" ", tag)
    return bool(_CHANGES.search(rest)) or (len(literals) > 1 and bool(_CHOOSES.search(rest)))
