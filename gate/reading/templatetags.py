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
