"""The shape of the package: layers in order, no import cycle, no function over complexity 20,
unique import names."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

from tests.conftest import ROOT

PACKAGES = {"receipt_gate": ROOT / "gate", "receipt_gate_hooks": ROOT / "hooks"}


def _modules() -> dict[str, Path]:
    out = {}
    for package, folder in PACKAGES.items():
        for path in sorted(folder.rglob("*.py")):
            parts = [package, *path.relative_to(folder).with_suffix("").parts]
            if parts[-1] == "__init__":
                parts.pop()
            out[".".join(parts)] = path
    return out


def import_graph() -> dict[str, set[str]]:
    """module -> the modules of ours it imports anywhere: at the top, inside a function,
    or for type checking only."""
    modules = _modules()
    graph: dict[str, set[str]] = {m: set() for m in modules}
    for name, path in modules.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        for node in ast.walk(ast.parse(path.read_text())):
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    base = ".".join(
                        package.split(".")[: len(package.split(".")) - node.level + 1]
                        + ([base] if base else [])
                    )
                targets = [
                    f"{base}.{a.name}" if f"{base}.{a.name}" in modules else base
                    for a in node.names
                ]
            graph[name].update(t for t in targets if t in modules and t != name)
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Every strongly connected group of more than one module (Tarjan, iteratively)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is None:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    group = []
                    while True:
                        top = stack.pop()
                        on_stack.discard(top)
                        group.append(top)
                        if top == node:
                            break
                    if len(group) > 1:
                        found.append(sorted(group))
            elif child not in index:
                index[child] = low[child] = len(index)
                stack.append(child)
                on_stack.add(child)
                work.append((child, iter(sorted(graph[child]))))
            elif child in on_stack:
                low[node] = min(low[node], index[child])
    return found


def test_the_cycle_finder_finds_a_cycle() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_no_import_cycle() -> None:
    graph = import_graph()
    # the walk sees imports
    assert "receipt_gate.rules.config" in graph["receipt_gate.rules.session"]
    assert cycles(graph) == []


def test_no_function_over_complexity_20() -> None:
    """Complexity is capped, not lines (STYLE.md "Density"): a module is as long as its
    one job needs, and no function branches past 20 (ruff's C901, as pyproject sets it)."""
    import tomllib

    ruff = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["ruff"]["lint"]
    assert ruff["mccabe"]["max-complexity"] == 20 and "C90" in ruff["select"]
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "ruff",
            "check",
            "--select",
            "C901",
            "gate",
            "hooks",
            "action",
            "examples",
            "benchmarks",
            "tests",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert proc.returncode == 0, proc.stdout


def test_import_names_are_unique_to_this_distribution() -> None:
    import tomllib

    setup = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    assert setup["package-dir"] == {"receipt_gate": "gate", "receipt_gate_hooks": "hooks"}
    assert setup["packages"] == [
        "receipt_gate",
        *(f"receipt_gate.{x}" for x in LAYERS),
        "receipt_gate_hooks",
    ]


# gate/'s folders, lowest first: a module imports its own layer and those below, never
# one above. The package's own modules (cli, errors, api, the version) stand on them all.
LAYERS = [
    "base",  # text, globs, YAML, untrusted shapes, signatures: no domain, no I/O of git
    "trees",  # git trees and bytes: the working tree, the index, commits, caches
    "reading",  # reading drafts as renderers and generators do
    "sites",  # site generators, one module each: what each publishes and how it marks
    "checks",  # the check protocol, the installed checks, command and model checks
    "rules",  # the config, the corpus, what each verdict read, the session
    "invariant",  # receipts and the gate: judging, running, the rules in force, push
    "report",  # what the gate says: text, JSON, SARIF
    "commands",  # one module per command
]
# The checks (hooks/) decide a draft: they read drafts and use the protocol and the rules'
# corpus, and never reach the gate that judges their receipts.
HOOKS_MAY_IMPORT = {"base", "trees", "reading", "sites", "checks", "rules"}


def layer_of(module: str) -> int | None:
    """The index of the module's layer in LAYERS; None for the package's own modules."""
    parts = module.split(".")
    if parts[0] != "receipt_gate" or len(parts) < 2 or parts[1] not in LAYERS:
        return None
    return LAYERS.index(parts[1])


def upward(graph: dict[str, set[str]]) -> list[str]:
    """Every import of a higher layer by a lower one."""
    out = []
    for mod, deps in graph.items():
        here = layer_of(mod)
        if here is None and mod.startswith("receipt_gate_hooks"):
            out += [
                f"{mod} -> {d}"
                for d in sorted(deps)
                if d.startswith("receipt_gate.") and d.split(".")[1] not in HOOKS_MAY_IMPORT
            ]
        elif here is not None:
            out += [
                f"{mod} -> {d}"
                for d in sorted(deps)
                if ((there := layer_of(d)) is not None and there > here)
                or (there is None and d != "receipt_gate" and d.startswith("receipt_gate."))
            ]
    return out


def test_every_module_lives_in_a_layer() -> None:
    top = {m for m in _modules() if m.startswith("receipt_gate.") and layer_of(m) is None}
    assert top == {
        "receipt_gate.__main__",
        "receipt_gate.cli",
        "receipt_gate.errors",
        "receipt_gate.api",
    }


def test_a_lower_layer_never_imports_a_higher_one() -> None:
    assert upward(import_graph()) == []


def test_the_layer_check_finds_an_upward_import() -> None:
    assert upward(
        {
            "receipt_gate.base.text": {"receipt_gate.report.output"},
            "receipt_gate.report.output": {"receipt_gate.base.text"},
            "receipt_gate_hooks.x": {"receipt_gate.invariant.verify"},
            "receipt_gate.trees.git": {"receipt_gate.cli"},
        }
    ) == [
        "receipt_gate.base.text -> receipt_gate.report.output",
        "receipt_gate_hooks.x -> receipt_gate.invariant.verify",
        "receipt_gate.trees.git -> receipt_gate.cli",
    ]


def _module_level_compiles(tree: ast.Module) -> list[int]:
    """Lines where a module's own statements call re.compile on a str pattern."""
    out = []
    for node in tree.body:
        for call in ast.walk(node):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                break
            if (
                isinstance(call, ast.Call)
                and isinstance(call.func, ast.Attribute)
                and call.func.attr == "compile"
                and isinstance(call.func.value, ast.Name)
                and call.func.value.id == "re"
                and call.args
                and not (
                    isinstance(call.args[0], ast.Constant) and isinstance(call.args[0].value, bytes)
                )
            ):
                out.append(call.lineno)
    return out


def test_module_patterns_compile_on_first_use() -> None:
    """A commit imports the readers of every kind of site; a pattern compiled at import
    costs every commit (268 of them, 29 ms, most never run): module-level patterns are
    lazyre.compile. (A match's pattern is then no module constant: nothing may compare
    `m.re` with one.)"""
    eager, identity = [], []
    for name, path in _modules().items():
        text = path.read_text()
        eager += [f"{name}:{line}" for line in _module_level_compiles(ast.parse(text))]
        identity += [name for line in text.splitlines() if ".re is " in line or ".re == " in line]
    assert eager == [] and identity == [], (eager, identity)


def test_the_eager_compile_finder_finds_one() -> None:
    text = 'import re\nX = re.compile("a")\nY = re.compile(b"a")\n'
    text += 'def f():\n    return re.compile("b")\n'
    assert _module_level_compiles(ast.parse(text)) == [2]


def test_every_top_key_a_site_reader_asks_is_worth_parsing_a_config_for() -> None:
    """siteconfig.document parses a config only when it names one of _WORDS: a key a
    generator module reads at a config's top level but not listed there is never read
    when it stands alone (Jekyll's limit_posts was, until round 40). MkDocs' nav is read
    from its own parse (yamlio.settings)."""
    import re
    from pathlib import Path

    from receipt_gate.reading.siteconfig import _WORDS

    root = Path(__file__).resolve().parent.parent / "gate"
    keys = {
        m.group(1)
        for path in root.rglob("*.py")
        for m in re.finditer(r"\b(?:get|values)\(doc, \"([A-Za-z_]+)\"", path.read_text())
    }
    assert keys, "no key found: the pattern no longer matches how modules ask"
    words = re.compile(_WORDS)
    assert sorted(k for k in keys - {"nav"} if not words.search(k)) == []
