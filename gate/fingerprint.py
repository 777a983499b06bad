"""The fingerprint a receipt carries: everything but the draft that its verdict read."""

from __future__ import annotations

import hashlib
import json
import posixpath

from receipt_gate import wildmatch
from receipt_gate.config import Config
from receipt_gate.registry import CHECKS
from receipt_gate.tree import Tree

InputFiles = dict[str, dict[str, str | None]]


def input_sources(name: str, cfg: Config) -> list[tuple[str, str, list[str]]]:
    """(setting, kind, names) for each setting that names input files of the check.

    kind is "path" (one file; absent counts too), "globs", or "argv" (the words of a
    command line that name a file in the tree).
    """
    settings = cfg.effective[name]
    sources = []
    for key, setting in CHECKS[name].inputs().items():
        value = settings[key]
        if setting.kind == "path":
            sources.append((key, "path", [value]))
        elif setting.kind == "globs":
            sources.append((key, "globs", list(value)))
        elif value:
            sources.append((key, "argv", [posixpath.normpath(a) for a in value]))
    return sources


def input_files(name: str, cfg: Config, tree: Tree) -> InputFiles:
    """Every file the check's verdict reads besides the draft, with its sha256, by setting.

    Globs never take in a receipt. (Which of the files a glob matches are corpus, the
    check's corpus decides: gate.corpus keeps the published ones.)
    """
    from receipt_gate import GateError
    from receipt_gate.digests import sha256_of
    from receipt_gate.links import blind_spots

    files: InputFiles = {}
    for key, kind, names in input_sources(name, cfg):
        if kind == "globs":
            blind = blind_spots(tree.blind(names), f"checks.{name}.{key} reads files")
            if blind:
                raise GateError("\n".join(blind))
            prefix = cfg.run_dir + "/"
            paths = [p for p in tree.paths(names) if not p.startswith(prefix)]
        elif kind == "argv":
            present = set(tree.paths([wildmatch.escape(p) for p in names]))
            paths = [p for p in names if p in present]
        else:
            paths = names
        digests = sha256_of(tree, paths)
        files[key] = {p: digests[p] for p in paths if digests[p] is not None or kind == "path"}
    return files


def inputs_sha256(name: str, cfg: Config, tree: Tree, files: InputFiles | None = None,
                  rules: Tree | None = None) -> str:
    """Fingerprint of everything but the draft that the verdict depended on. The
    baseline's part is read from `rules`, the tree the rules come from (by default the
    judged tree)."""
    payload: dict[str, object] = {
        "check": name,
        "version": CHECKS[name].version,
        "settings": {k: v for k, v in cfg.checks.get(name, {}).items()
                     if CHECKS[name].settings[k].decides},
        "files": _corpus_summary(name, cfg, tree,
                                 input_files(name, cfg, tree) if files is None else files),
    }
    if CHECKS[name].deterministic and cfg.effective[name].get("suppressions"):
        from receipt_gate.suppress import reporter

        # Whether this check reports bad comments depends on the others' settings.
        payload["reports_bad_comments"] = reporter(cfg) in (name, None)
    if cfg.baseline and CHECKS[name].deterministic:
        from receipt_gate import baseline

        entries = baseline.for_check(baseline.load(rules or tree, cfg.baseline), name)
        payload["baseline"] = baseline.digest(entries)
    text = json.dumps(payload, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()


def _corpus_summary(name: str, cfg: Config, tree: Tree, files: InputFiles) -> InputFiles:
    """The files as the fingerprint holds them: for a corpus of articles, the digest of
    what the verdict reads of it (gate.corpus), not the articles' bytes."""
    spec = CHECKS[name]
    if spec.corpus == "claims" and files.get("documented_in"):
        from receipt_gate import documented

        got_names = documented.for_check(name, spec.version, cfg.effective[name], tree,
                                         files["documented_in"], cfg)
        return {**files, "documented_in": {"": got_names.digest}}
    if spec.corpus != "articles" or not files.get("articles"):
        return files
    from receipt_gate import corpus

    got = corpus.load(tree, files["articles"], corpus.parser(spec.module),
                      f"{name}@{spec.version}", cfg)
    return {**files, "articles": {"": got.digest}}
