"""Lay out the AI and human text sets `precision.py --recall` reads, from public repositories.

    python benchmarks/aitext.py --mirrors DIR --out AITEXT

DIR holds a git clone (bare or not) of each repository below, as DIR/<owner>+<name>/<any
folder name>, or DIR/<owner>+<name> itself. Reading the pickled data frames and the
spreadsheets needs pandas and openpyxl: install them beside this script, not in the
product (`pip install pandas openpyxl`). Nothing of it is in this repository; the
licenses are the repositories' own.

AI text, open generation and rephrasing, with the human text each was paired with:
- iu-ai-research/human-AI-generatedTextCorpus: GPT-3.5 news articles and Wikipedia
  texts written to a title (`generated_base`, `generated_expert`) or rephrasing the
  human text (`rephrase_*`), English rows; the human originals as `news-human` and
  `wiki-human`. Files are named by the row's index in its data frame (`%03d.txt`).
- nd-hal/automated-ML-scoring-versus-generation: GPT-3.5 and GPT-4 answers to six
  school essay prompts (letters, essays, stories), `<prompt>_<model>/%03d.txt` by row.
Human writing from before 2022 (`human/<set>/`):
- rust-lang/blog.rust-lang.org: the main blog (`rust-blog`) and Inside Rust
  (`rust-inside`), by the date in each post's `path`;
- reactjs/reactjs.org `content/blog` (`react-blog`), mitsuhiko/lucumr `blog/posts`
  (`lucumr`), karpathy/karpathy.github.io `_posts` (`karpathy`), by file-name date;
- python/peps (`peps`), by each PEP's `Created:` date;
- aosabook/aosabook: the 500 Lines or Less chapters, 2016 (`aosa`);
- GITenberg's Critical and Historical Essays (MacDowell, 1912), one file a chapter
  (`essays-1912`).
A public list of AI tells to compare with: aitells/vale-ai-tells `styles/ai-tells`
(`lists/vale-ai-tells`).
"""

from __future__ import annotations

import argparse
import io
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

BEFORE = "2022"


class Repo:
    def __init__(self, mirrors: Path, name: str) -> None:
        base = mirrors / name.replace("/", "+")
        found = [base, *sorted(p for p in base.glob("*") if p.is_dir())]
        for path in found:
            if _git(path, "rev-parse", "--git-dir", check=False):
                self.path = path
                return
        raise SystemExit(f"aitext: {base}: no git clone of {name} there")

    def files(self, under: str) -> list[str]:
        return _git(self.path, "ls-tree", "-r", "--name-only", "HEAD", "--", under).split("\n")

    def bytes(self, path: str) -> bytes:
        return subprocess.run(
            ["git", "-C", str(self.path), "show", f"HEAD:{path}"], capture_output=True, check=True
        ).stdout

    def text(self, path: str) -> str:
        return self.bytes(path).decode("utf-8", "replace").replace("\r\n", "\n")


def _git(path: Path, *args: str, check: bool = True) -> str:
    run = subprocess.run(["git", "-C", str(path), *args], capture_output=True, text=True)
    if check and run.returncode:
        raise SystemExit(f"aitext: git {' '.join(args)} in {path}: {run.stderr.strip()}")
    return run.stdout.strip() if run.returncode == 0 else ""


def _write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text.strip() + "\n")


def iu(repo: Repo, out: Path) -> None:
    import pandas as pd

    for kind in ("news", "wiki"):
        ai = pd.read_pickle(io.BytesIO(repo.bytes(f"{kind}_chatgpt_generated.pkl")))
        for i, row in ai[ai.language == "en"].iterrows():
            _write(out / "iu" / f"{kind}-{row.source}" / f"{i:03d}.txt", row.text)
        human = pd.read_pickle(io.BytesIO(repo.bytes(f"{kind}_human_generated.pkl")))
        for i, row in human[human.language == "en"].iterrows():
            _write(out / "iu" / f"{kind}-human" / f"{i:03d}.txt", row.text)


def ndhal(repo: Repo, out: Path) -> None:
    import pandas as pd

    for name in repo.files("PromptData/RawData"):
        if not name.endswith(".xlsx"):
            continue
        sheet = pd.read_excel(io.BytesIO(repo.bytes(name)))
        for i, text in sheet["Response"].items():
            if isinstance(text, str) and text.strip():
                _write(out / "ndhal" / Path(name).stem / f"{i:03d}.txt", text)


def _dated(repo: Repo, under: str, pattern: str, ext: str = "") -> Iterator[tuple[str, str]]:
    """(file, text) for each file under UNDER whose name's date (the first group of
    PATTERN) is before 2022."""
    for name in repo.files(under):
        m = re.search(pattern, name)
        if m and m.group(1) < BEFORE and (not ext or name.endswith(ext)):
            yield name, repo.text(name)


def human(mirrors: Path, out: Path) -> None:
    h = out / "human"
    rust = Repo(mirrors, "rust-lang/blog.rust-lang.org")
    for name in rust.files("content"):
        if not name.endswith(".md"):
            continue
        text = rust.text(name)
        m = re.search(r'^path = "(inside-rust/)?(\d{4})/', text, re.M)
        if m and m.group(2) < BEFORE:
            folder = "rust-inside" if m.group(1) else "rust-blog"
            _write(h / folder / name.replace("/index.md", ".md").split("/")[-1], text)
    react = Repo(mirrors, "reactjs/reactjs.org")
    for name, text in _dated(react, "content/blog", r"/(\d{4})-\d\d-\d\d-", ".md"):
        _write(h / "react-blog" / Path(name).name, text)
    lucumr = Repo(mirrors, "mitsuhiko/lucumr")
    for name, text in _dated(lucumr, "blog/posts", r"posts/(\d{4})/", ".md"):
        _write(h / "lucumr" / f"{name.split('/')[-2]}-{Path(name).name}", text)
    karpathy = Repo(mirrors, "karpathy/karpathy.github.io")
    for name, text in _dated(karpathy, "_posts", r"/(\d{4})-\d\d-\d\d-"):
        _write(h / "karpathy" / f"{Path(name).stem}.md", text)
    peps = Repo(mirrors, "python/peps")
    for name in peps.files("peps"):
        if re.search(r"/pep-\d{4}\.(rst|txt)$", name):
            text = peps.text(name)
            m = re.search(r"^Created: *\d{1,2}-\w{3}-(\d{4})", text, re.M)
            if m and m.group(1) < BEFORE:
                _write(h / "peps" / f"{Path(name).stem}.txt", text)
    aosa = Repo(mirrors, "aosabook/aosabook")
    for name in aosa.files("src/500lines"):
        if re.fullmatch(r"src/500lines/([^/]+)/\1\.markdown", name):
            _write(h / "aosa" / f"{Path(name).stem}.md", aosa.text(name))
    essays = Repo(
        mirrors,
        "GITenberg/Critical-and-Historical-Essays--13-Lectures-delivered-at-Columbia-University_16351",
    )
    book = essays.text("16351.txt")
    body = book[book.index("\nI\n", book.index("CRITICAL AND HISTORICAL ESSAYS\n", 200)) :]
    body = body.split("*** END")[0]
    chapters = re.split(r"\n([IVXL]{1,6})\n", body)[1:]
    for number, text in zip(chapters[::2], chapters[1::2], strict=True):
        _write(h / "essays-1912" / f"{number}.txt", text)


def vale(mirrors: Path, out: Path) -> None:
    repo = Repo(mirrors, "aitells/vale-ai-tells")
    for name in repo.files("styles/ai-tells"):
        if re.fullmatch(r"styles/ai-tells/[^/]+\.yml", name):
            _write(out / "lists" / "vale-ai-tells" / Path(name).name, repo.text(name))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--mirrors", type=Path, required=True)
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args(argv)
    if args.out.exists() and any(args.out.iterdir()):
        print(f"aitext: {args.out}: not empty", file=sys.stderr)
        return 2
    iu(Repo(args.mirrors, "iu-ai-research/human-AI-generatedTextCorpus"), args.out)
    ndhal(Repo(args.mirrors, "nd-hal/automated-ML-scoring-versus-generation"), args.out)
    human(args.mirrors, args.out)
    vale(args.mirrors, args.out)
    for folder in sorted(_leaves(args.out)):
        print(f"{len(list(folder.iterdir())):6}  {folder.relative_to(args.out)}")
    return 0


def _leaves(root: Path) -> list[Path]:
    return [p for p in root.rglob("*") if p.is_dir() and not any(c.is_dir() for c in p.iterdir())]


if __name__ == "__main__":
    raise SystemExit(main())
