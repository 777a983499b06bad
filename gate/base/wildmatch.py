"""git's wildmatch for repo-relative paths: `**/` matches zero or more folders."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache

from receipt_gate.base import lazyre

# POSIX classes as git's wildmatch reads them: on bytes, in git's own ASCII ctype (a
# byte over 0x7f is in no class; space is tab, newline, carriage return and space).
_CLASSES: dict[str, Callable[[int], bool]] = {
    "alnum": lambda b: 48 <= b <= 57 or 65 <= b <= 90 or 97 <= b <= 122,
    "alpha": lambda b: 65 <= b <= 90 or 97 <= b <= 122,
    "blank": lambda b: b in (9, 32),
    "cntrl": lambda b: b < 32 or b == 127,
    "digit": lambda b: 48 <= b <= 57,
    "graph": lambda b: 33 <= b <= 126,
    "lower": lambda b: 97 <= b <= 122,
    "print": lambda b: 32 <= b <= 126,
    "punct": lambda b: 33 <= b <= 126 and not _CLASSES["alnum"](b),
    "space": lambda b: b in (9, 10, 13, 32),
    "upper": lambda b: 65 <= b <= 90,
    "xdigit": lambda b: 48 <= b <= 57 or 65 <= b <= 70 or 97 <= b <= 102,
}


class _Never(Exception):
    """A malformed pattern: git's wildmatch gives up where it reaches it, so it matches
    no path at all."""


def _bracket(pat: bytes, i: int) -> tuple[frozenset[int], int]:
    """The bytes the bracket expression at pat[i] == '[' matches (never '/'), and where
    it ends; _Never when it is malformed (unclosed, a trailing backslash, an unknown
    [:class:])."""
    j = i + 1
    negate = j < len(pat) and pat[j] in b"!^"
    if negate:
        j += 1
    members: set[int] = set()
    prev: int | None = None  # the last single byte, which a following '-' may extend
    first = True
    while True:
        if j >= len(pat):
            raise _Never
        c = pat[j]
        if c == 0x5D and not first:  # ']'
            break
        first = False
        if c == 0x5C:  # '\': the next byte, literally
            j += 1
            if j >= len(pat):
                raise _Never
            c = pat[j]
            members.add(c)
            prev = c
        elif c == 0x2D and prev is not None and j + 1 < len(pat) and pat[j + 1] != 0x5D:
            j += 1
            hi = pat[j]
            if hi == 0x5C:
                j += 1
                if j >= len(pat):
                    raise _Never
                hi = pat[j]
            members.update(range(prev, hi + 1))  # reversed (z-a): nothing
            prev = None
        elif c == 0x5B and j + 1 < len(pat) and pat[j + 1] == 0x3A:  # '[:'
            end = pat.find(b"]", j + 2)
            if end == -1:
                raise _Never
            if end - 1 < j + 2 or pat[end - 1] != 0x3A:  # no ':]': a plain '['
                members.add(c)
                prev = c
            else:
                test = _CLASSES.get(pat[j + 2 : end - 1].decode("latin-1"))
                if test is None:
                    raise _Never
                members.update(b for b in range(256) if test(b))
                prev = None
                j = end
        else:
            members.add(c)
            prev = c
        j += 1
    chosen = frozenset(range(256)) - members if negate else frozenset(members)
    return chosen - {0x2F}, j + 1


def _byte_class(chosen: frozenset[int]) -> str:
    """A regex class of these bytes (as chars), in runs."""
    if not chosen:
        return "(?!)"
    runs: list[list[int]] = []
    for b in sorted(chosen):
        if runs and runs[-1][1] == b - 1:
            runs[-1][1] = b
        else:
            runs.append([b, b])
    return "[" + "".join(f"\\x{a:02x}" + (f"-\\x{z:02x}" if z > a else "") for a, z in runs) + "]"


def translate(pattern: str) -> str:
    """A regular expression (for fullmatch, over the path's UTF-8 bytes as one char
    each: view()) that matches what git's wildmatch matches with WM_PATHNAME.

    git's answer, in linear time: a run of `*` in a segment is one star (`**` spans
    folders only as a whole segment, `**/`); a star whose piece is followed by another
    star takes the piece's first occurrence and never looks back (an atomic group): a
    later one could only leave the rest less room, so `*a*a*a*a*a*a*a*a` costs no more
    than git."""
    pat = pattern.encode("utf-8", "surrogateescape")
    try:
        tokens = _tokens(pat)
    except _Never:
        return "(?!)"
    return _emit(tokens)


def _emit(tokens: list[tuple[str, str]]) -> str:
    """The regex of these tokens. The folders between two `**/` take the first place
    they match, atomically: the second `**/` absorbs any later folders, so looking
    further cannot help (without this, `**/a*/` eight times took a minute, as in git)."""
    out: list[str] = []
    k = 0
    while k < len(tokens):
        kind, value = tokens[k]
        if kind == "any" and value == "(?:.*/)?":
            m = next((i for i in range(k + 1, len(tokens)) if tokens[i][0] == "any"), None)
            if m is not None:
                out.append("(?>(?:.*?/)??" + _emit(tokens[k + 1 : m]) + ")")
                k = m
                continue
        if kind == "star":
            piece: list[str] = []
            m = k + 1
            while m < len(tokens) and tokens[m][0] == "one":
                piece.append(tokens[m][1])
                m += 1
            if piece and m < len(tokens) and tokens[m][0] == "star":
                out.append("(?>[^/]*?" + "".join(piece) + ")")
            else:
                out.append("[^/]*" + "".join(piece))
            k = m
            continue
        out.append(value)
        k += 1
    return "".join(out)


def _tokens(pat: bytes) -> list[tuple[str, str]]:
    """("one", the regex of one byte), ("star", ""), or ("any", the regex of `**`)."""
    out: list[tuple[str, str]] = []
    i, n = 0, len(pat)
    while i < n:
        c = pat[i]
        if c == 0x2A:  # '*'
            j = i
            while j < n and pat[j] == 0x2A:
                j += 1
            at_start = i == 0 or pat[i - 1] == 0x2F
            slash_next = j < n and (pat[j] == 0x2F or pat[j : j + 2] == b"\\/")
            if j - i >= 2 and at_start and (j == n or slash_next):
                if j == n:
                    out.append(("any", ".*"))
                    i = j
                elif pat[j] == 0x5C:  # `**\/`: git tries no zero-folder match here
                    out.append(("any", ".*/"))
                    i = j + 2
                else:
                    i = j + 1
                    if not (out and out[-1] == ("any", "(?:.*/)?")):  # **/**/ is **/
                        out.append(("any", "(?:.*/)?"))
                continue
            out.append(("star", ""))
            i = j
        elif c == 0x3F:  # '?'
            out.append(("one", "[^/]"))
            i += 1
        elif c == 0x5B:  # '['
            chosen, i = _bracket(pat, i)
            out.append(("one", _byte_class(chosen)))
        elif c == 0x5C:  # '\\': the next byte, literally; a trailing one matches nothing
            if i + 1 >= n:
                raise _Never
            out.append(("one", re.escape(chr(pat[i + 1]))))
            i += 2
        else:
            out.append(("one", re.escape(chr(c))))
            i += 1
    return out


def view(path: str) -> str:
    """The path as the regexes read it: each UTF-8 byte one char (git matches bytes)."""
    return path if path.isascii() else path.encode("utf-8", "surrogateescape").decode("latin-1")


def split(patterns: Sequence[str]) -> tuple[list[str], list[str]]:
    """(globs that select, globs that exclude): a glob that starts with `!` excludes what
    it matches from what the others select, in any order, as in .gitignore (`\\!` is a
    literal `!`)."""
    take = [p for p in patterns if not p.startswith("!")]
    drop = [p[1:] for p in patterns if p.startswith("!")]
    return take, drop


@lru_cache(maxsize=256)
def compile_globs(patterns: tuple[str, ...]) -> re.Pattern[str]:
    take, drop = split(patterns)
    if not take:
        return re.compile(r"(?!)")
    rx = "|".join(f"(?:{translate(p)})" for p in take)
    if drop:
        rx = "(?!(?:" + "|".join(f"(?:{translate(p)})" for p in drop) + r")\Z)(?:" + rx + ")"
    return re.compile(rx, re.DOTALL)


@lru_cache(maxsize=256)
def _either(globs: tuple[str, ...]) -> re.Pattern[str] | None:
    """One regular expression for any of these selecting globs (None for none)."""
    if not globs:
        return None
    return re.compile("|".join(f"(?:{translate(p)})" for p in globs), re.DOTALL)


class _Matcher:
    """What a glob set matches: a path one of its selecting globs matches and none of
    its excluding ones; each side compiled once however many sets share it (the build
    files' sixty globs, with and without a folder left out)."""

    __slots__ = ("drop", "take")

    def __init__(self, patterns: tuple[str, ...]) -> None:
        take, drop = split(patterns)
        self.take, self.drop = _either(tuple(take)), _either(tuple(drop))

    def fullmatch(self, text: str) -> bool:
        return (
            self.take is not None
            and self.take.fullmatch(text) is not None
            and (self.drop is None or self.drop.fullmatch(text) is None)
        )


@lru_cache(maxsize=256)
def _matcher(patterns: tuple[str, ...]) -> _Matcher:
    return _Matcher(patterns)


def match(patterns: Sequence[str], path: str) -> bool:
    """Does the glob set match this path? The first few questions of a set by select()
    (only the globs that may match the path are compiled: a commit asks a few paths of
    the build files' sixty), then by the set's one regex."""
    key = tuple(patterns)
    asked = _ASKED.get(key, 0)
    if asked < 8:
        if len(_ASKED) > 4096:  # (bounded: a long-running server asks many sets)
            _ASKED.clear()
        _ASKED[key] = asked + 1
        return bool(select(key, [path]))
    return _matcher(key).fullmatch(view(path))


_ASKED: dict[tuple[str, ...], int] = {}


def select(patterns: Sequence[str], paths: Iterable[str]) -> list[str]:
    """The paths the glob set matches, in their order: a set of globs of plain shapes by
    string tests (_Shapes); another by its regex, run only on paths a string test says
    its globs may match (_prefilter)."""
    paths = paths if isinstance(paths, list) else list(paths)
    key = tuple(patterns)
    take, take_rest, drop, drop_rest = _parts(key)
    if drop is not None and drop.under:  # (a folder left out whole: `!.receipts/**`)
        under = tuple(drop.under)
        paths = [p for p in paths if not p.startswith(under)]
    if take_rest or drop_rest:  # (a pass of string tests per shape costs more than one regex)
        selecting, excluding = split(key)
        some = _prefilter(selecting, paths)
        if len(some) * 4 < len(selecting):
            # (a few paths left: the regex of only the globs that may match one of them;
            # compiling sixty build-file globs costs more than testing those paths)
            selecting = [g for g in selecting if _prefilter((g,), some)]
            if not selecting:
                return []
            key = (*selecting, *(f"!{g}" for g in excluding))
        rx = _matcher(key)
        return [p for p in some if rx.fullmatch(view(p))]
    hit = take.matched(paths)
    if hit and drop is not None:
        hit -= drop.matched([p for p in paths if p in hit])
    return [p for p in paths if p in hit] if hit else []


@lru_cache(maxsize=256)
def _parts(
    patterns: tuple[str, ...],
) -> tuple[_Shapes, tuple[str, ...], _Shapes | None, tuple[str, ...]]:
    """(the selecting globs of a plain shape, the other selecting globs, the excluding
    globs of a plain shape (None: none), the other excluding globs)."""
    take, drop = split(patterns)
    shaped = _Shapes()
    rest = tuple(g for g in take if not shaped.add(g))  # (add takes in only a shape)
    gone = _Shapes() if drop else None
    others = tuple(g for g in drop if gone is None or not gone.add(g))
    return shaped, rest, gone, others


def _prefilter(globs: Sequence[str], paths: list[str]) -> list[str]:
    """Of these paths, those the globs may match by what their names tell, or by their
    leading folders, depths, ends or folders (a superset: the regex decides)."""
    tests = _name_tests(tuple(globs))
    if tests is not None:
        exact, starts, ends, lower = tests
        return [
            p
            for p in paths
            if (n := p[p.rfind("/") + 1 :]) in exact
            or n.startswith(starts)
            or n.endswith(ends)
            or (lower and (n if n.isascii() else view(n)).lower().endswith(lower))
        ]
    depths, heads, tails, names, folders = _filters(tuple(globs))
    if depths is None:
        return paths
    return [
        p
        for p in paths
        if (depths and p.count("/") in depths)
        or (heads and p.startswith(heads))
        or (tails and p.endswith(tails))
        or (names and p.rpartition("/")[2].startswith(names))
        or (folders and any(f in "/" + p for f in folders))
    ]


# A glob of one of these shapes is matched by string tests (the build files' sixty globs,
# the articles' and drafts' by extension, `!.receipts/**`), as its regex would match:
# `**`; `P/**`; a literal path; `**/N` (a literal name); `*T`; `**/*T` and `P/**/*T`,
# where P is literal and T a literal end of a name, or one whose letters are all pairs
# of cases (`.[mM][dD]`), read on the path in lower case.
_LITERAL = lazyre.compile(r"[^*?\[\\]+")
_PAIR = lazyre.compile(r"\[([a-zA-Z])([a-zA-Z])\]")


def _end(tail: str) -> tuple[str, bool] | None:
    """(a name's end as compared, whether in lower case) for T; None for another."""
    out: list[str] = []
    pairs = letters = False
    i = 0
    while i < len(tail):
        pair = _PAIR.match(tail, i)
        if pair is not None:
            a, b = pair.groups()
            if a == b or a.lower() != b.lower():
                return None
            out.append(a.lower())
            pairs, i = True, pair.end()
            continue
        c = tail[i]
        if c in "*?[\\/]":
            return None
        letters |= not c.isascii() or c.isalpha()
        out.append(c)
        i += 1
    return None if pairs and letters else ("".join(out), pairs)


def _inside(glob: str) -> tuple[str, str] | None:
    """(P/ or "", /N/) for `P/**/N` or `**/N` (P and N literal, N no empty step); None
    for another."""
    top, sep, name = glob.rpartition("**/")
    if not sep or (top and not top.endswith("/")) or not _LITERAL.fullmatch(name):
        return None
    if (top and not _LITERAL.fullmatch(top)) or "" in name.split("/") or "**" in top:
        return None
    return top, f"/{name}/"


class _Shapes:
    """Paths one of a set of shaped globs matches."""

    def __init__(self) -> None:
        self.all = False
        self.paths: set[str] = set()
        self.under: list[str] = []
        self.names: list[str] = []
        self.ends: dict[tuple[str, bool], list[str]] = {}  # (P/ or "" or "*", lower) -> T
        self.inside: list[tuple[str, str]] = []  # (P/ or "", /N/): `P/**/N/**`, `**/N/**`

    def add(self, glob: str) -> bool:
        """Take the glob in, or False for one of another shape."""
        if glob == "**":
            self.all = True
        elif glob.endswith("/**") and _LITERAL.fullmatch(glob[:-3]):
            self.under.append(glob[:-2])
        elif _LITERAL.fullmatch(glob):
            self.paths.add(glob)
        elif glob.startswith("**/") and _LITERAL.fullmatch(glob[3:]) and "/" not in glob[3:]:
            self.names.append(glob[2:])
        elif glob.endswith("/**") and (inside := _inside(glob[:-3])) is not None:
            self.inside.append(inside)
        else:
            folder, sep, tail = glob.partition("/**/*")
            if glob.startswith("**/*"):
                folder, tail = "", glob[4:]  # (`**/*T`: in any folder)
            elif not sep:
                if not glob.startswith("*") or "/" in glob:
                    return False
                folder, tail = "*", glob[1:]  # (`*T`: at the top)
            elif not _LITERAL.fullmatch(folder):
                return False
            else:
                folder += "/"
            end = _end(tail)
            if end is None:
                return False
            self.ends.setdefault((folder, end[1]), []).append(end[0])
        return True

    def matched(self, paths: list[str]) -> set[str]:
        if self.all:
            return set(paths)
        out = self.paths.intersection(paths)
        if self.under:
            under = tuple(self.under)
            out.update(p for p in paths if p.startswith(under))
        if self.names:
            names = tuple(self.names)
            out.update(p for p in paths if p.endswith(names) or "/" + p in names)
        for top, folder in self.inside:
            at = len(top) - 1
            out.update(
                p for p in paths if p.startswith(top) and folder in (p[at:] if top else "/" + p)
            )
        for (folder, lower), ends in self.ends.items():
            some = paths
            if folder == "*":
                some = [p for p in paths if "/" not in p]
            elif folder:
                some = [p for p in paths if p.startswith(folder)]
            tails = tuple(ends)
            if lower:
                out.update(
                    p for p in some if (p if p.isascii() else view(p)).lower().endswith(tails)
                )
            else:
                out.update(p for p in some if p.endswith(tails))
        return out


@lru_cache(maxsize=256)
def _name_tests(
    patterns: tuple[str, ...],
) -> tuple[frozenset[str], tuple[str, ...], tuple[str, ...], tuple[str, ...]] | None:
    """What the file name of every path a selecting glob matches has, from the glob's
    last segment: (names, starts, ends, ends in lower case); None where a glob's last
    segment tells nothing (`**`, `*`, an escape)."""
    exact: set[str] = set()
    starts: list[str] = []
    ends: list[str] = []
    lower: list[str] = []
    for glob in split(patterns)[0]:
        last = glob.rpartition("/")[2]
        if "\\" in last or ("[" in glob and "/" in glob[glob.index("[") :]):
            return None  # (an escape; a `/` a bracket may hold: where segments end is unsure)
        head, tail = _name(glob), _tail(glob)
        end = _end(last[1:]) if last.startswith("*") else None
        if head == last:
            exact.add(last)
        elif head:
            starts.append(head)
        elif tail and "[" not in tail:
            ends.append(tail)
        elif end is not None and end[0]:
            (lower if end[1] else ends).append(end[0])
        else:
            return None
    return frozenset(exact), tuple(starts), tuple(ends), tuple(lower)


Filters = tuple[frozenset[int], tuple[str, ...], tuple[str, ...], tuple[str, ...], tuple[str, ...]]


@lru_cache(maxsize=256)
def _filters(patterns: tuple[str, ...]) -> Filters | tuple[None, None, None, None, None]:
    """For each selecting glob, one thing every path it matches has: its leading folders
    (`content` of `content/**/*.md`, the whole of a literal path), else its depth, for a
    glob with no `**` (`*.json` is a file at the top: `*` takes no `/`), else the end of
    its name (`.md` of `**/*.md`), else the start of its name (`hugo.` of `**/hugo.*`),
    else a folder it names (`/_layouts/` of `**/_layouts/**`); all None when some glob
    has none (it may match anything)."""
    depths: set[int] = set()
    heads: list[str] = []
    tails: list[str] = []
    names: list[str] = []
    folders: list[str] = []
    for p in split(patterns)[0]:
        if head := literal_prefix(p):
            heads.append(head)
        elif "**" not in p and "[" not in p:
            depths.add(p.count("/"))
        elif tail := _tail(p):
            tails.append(tail)
        elif name := _name(p):
            names.append(name)
        elif folder := _folder(p):
            folders.append(folder)
        else:
            return None, None, None, None, None
    return frozenset(depths), tuple(heads), tuple(tails), tuple(names), tuple(folders)


def _folder(pattern: str) -> str:
    """A folder the glob names as it is (no wildcard, no escape), as `/name/`: every
    path it matches holds it ("" when none: a class may hold a `/`)."""
    if "[" in pattern:
        return ""
    literal = [s for s in pattern.split("/")[:-1] if s and not any(c in s for c in "*?\\")]
    return f"/{max(literal, key=len)}/" if literal else ""


def gone_folders(patterns: Sequence[str]) -> tuple[str, ...]:
    """The repo-relative folders a `!folder/**` glob leaves out whole, sorted, without
    the `/` (one with an empty, "." or ".." step names no folder of the repository)."""
    folders = {g[:-1] for g in _gone(tuple(patterns))}
    return tuple(sorted(f for f in folders if not {"", ".", ".."} & set(f.split("/"))))


@lru_cache(maxsize=256)
def _gone(patterns: tuple[str, ...]) -> tuple[str, ...]:
    """The folders a `!folder/**` glob leaves out whole, each as `folder/`."""
    out = []
    for d in split(patterns)[1]:
        if d.endswith("/**") and literal_prefix(d[:-3]) == d[:-3] and d[:-3]:
            out.append(d[:-3] + "/")
    return tuple(out)


def _name(pattern: str) -> str:
    """The literal start of a glob's last segment ("" where a class may hold a `/`)."""
    if "[" in pattern:
        return ""
    last = pattern.rsplit("/", 1)[-1]
    cut = min((i for i, c in enumerate(last) if c in "*?\\"), default=len(last))
    return last[:cut]


def _tail(pattern: str) -> str:
    """The literal end of a glob's last segment, after its last wildcard ("" when there
    is none to rely on: an escape, a class at the end)."""
    last = pattern.rsplit("/", 1)[-1]
    if "\\" in last:
        return ""
    cut = max(last.rfind(c) for c in "*?]")
    return last[cut + 1 :] if cut >= 0 else last


def escape(path: str) -> str:
    """A glob that matches exactly this path (a leading `!` is escaped too: unescaped,
    it would make the glob one that leaves the path out)."""
    out = re.sub(r"([*?\\[\\\\])", r"\\\1", path)
    return "\\" + out if out.startswith("!") else out


def literal_prefixes(patterns: Sequence[str]) -> list[str] | None:
    """The literal prefixes of the selecting globs; None when one has none (it may
    match anywhere)."""
    prefixes = [literal_prefix(p) for p in split(patterns)[0]]
    return prefixes if all(prefixes) else None


def literal_prefix(pattern: str) -> str:
    """The leading folders (or the whole path) of a glob that hold no wildcard.

    Every path the glob matches lies at or under this prefix; "" when none does.
    """
    segments = pattern.split("/")
    for i, segment in enumerate(segments):
        if any(c in segment for c in "*?[\\"):
            return "/".join(segments[:i])
    return pattern


def could_hold(patterns: Sequence[str], folder: str) -> bool:
    """Could the globs match this path, or a path under it (were it a folder)? A path a
    glob leaves out whole (`!x/**` over x or a folder above it) holds nothing."""
    take, drop = split(patterns)
    parts = folder.split("/")
    for d in drop:
        if d.endswith("/**") and any(
            match([d[:-3]], "/".join(parts[:i])) for i in range(1, len(parts) + 1)
        ):
            return False
    return any(_could_hold(p.split("/"), parts) for p in take)


def _could_hold(segments: list[str], parts: list[str]) -> bool:
    """Do the glob's leading segments match these folders (with segments left over for
    what lies under them), or the whole glob the path itself?"""
    if not parts:
        return bool(segments)
    if not segments:
        return False
    first = segments[0]
    if first == "**":
        return (
            len(segments) == 1
            or _could_hold(segments[1:], parts)
            or _could_hold(segments, parts[1:])
        )
    if not compile_globs((first,)).fullmatch(view(parts[0])):
        return False
    if len(parts) == 1 and len(segments) == 1:
        return True  # the path itself
    return _could_hold(segments[1:], parts[1:])
