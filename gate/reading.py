"""The text as a reader sees it: what a banned phrase is matched on.

An agent (or a careless paste) can hide a phrase from a plain regular expression
without hiding it from a reader: `game **changer**`, `game&nbsp;changer`, a zero-width
space inside a word, a Cyrillic a (U+0430) for a Latin one. reader_view() undoes exactly
those, and keeps the way back to the written offsets, so a finding points at the draft.
"""

from __future__ import annotations

import re
from typing import NamedTuple

# Letters of Cyrillic and Greek that a reader cannot tell from Latin ones: folded, so
# a banned phrase spelled with a lookalike is still the phrase.
_CONFUSABLE = str.maketrans(dict(zip(
    "аАВЕеЁёКкМНОоРрСсТУуХхІіЈјЅѕԁԛԝҽӏ"  # Cyrillic
    "ΑΒΕΖΗΙΚΜΝΟΡΤΥΧαοριυνκ",  # Greek
    "aABEeEeKkMHOoPpCcTYyXxIiJjSsdqwel"
    "ABEZHIKMNOPTYXaopiuvk", strict=True)))
_INVISIBLE = dict.fromkeys(map(ord, "\u200b\u200c\u200d\u2060\ufeff\u00ad\u180e"), None)
_SPECIAL = re.compile(r"&(?:#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});"
                      r"|</?[A-Za-z][A-Za-z0-9-]*(?:\s[^<>]{0,200})?/?>|[*_~]+|[^\x00-\x7f]")
_TAG_GAP = re.compile(r"<(?:br|/?p|/?div|/?li|hr)\b[^>]*>", re.IGNORECASE)


class View(NamedTuple):
    """Text as a reader sees it, and the way back to the text as written."""

    text: str
    # (offset in text where a change ends, how far the written text is ahead there)
    shifts: list[tuple[int, int]]

    def written(self, offset: int) -> int:
        """The offset in the written text of the character at `offset` in the view."""
        import bisect

        i = bisect.bisect_right(self.shifts, (offset, float("inf")))
        return offset + (self.shifts[i - 1][1] if i else 0)


def reader_view(text: str) -> View:
    """The text with markup a reader does not see taken out (emphasis and strike marks,
    inline HTML tags), entities decoded (`&nbsp;` is a space), invisible characters
    dropped (zero-width spaces, soft hyphens), each character in NFKC form, and Cyrillic
    and Greek lookalikes folded to Latin: what a banned phrase is matched on."""
    if text.isascii() and not any(c in text for c in "&*_~<"):
        return View(text, [])
    import html
    import unicodedata

    pieces: list[str] = []
    shifts: list[tuple[int, int]] = []
    pos = out = 0
    for m in _SPECIAL.finditer(text):
        got = m.group()
        if got[0] == "&":
            repl = html.unescape(got)
            repl = " " if repl == "\xa0" else repl
        elif got[0] == "<":
            repl = " " if _TAG_GAP.fullmatch(got) else ""
        elif got[0] in "*_~":
            repl = ""
        else:
            repl = unicodedata.normalize("NFKC", got.translate(_INVISIBLE)).translate(
                _CONFUSABLE)
        if repl == got:
            continue
        pieces.append(text[pos:m.start()])
        out += m.start() - pos
        pieces.append(repl)
        out += len(repl)
        pos = m.end()
        shifts.append((out, pos - out))
    pieces.append(text[pos:])
    return View("".join(pieces), shifts)
