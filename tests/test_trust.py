"""The gate must not trust the tree it judges: each attack, performed as an agent would.

The agent can write files and run git. Each test changes the rules in the same commit
as an unready draft, makes receipts that hold under the changed rules, commits, and
sees the commit refused by CI's command (`verify --rev HEAD --policy-from BASE
--recheck`), by the commit gate (`verify --staged`: HEAD's rules are in force) and by
the push gate (the remote's rules are in force).
"""

from __future__ import annotations

import base64
import json
import subprocess
import sys
from pathlib import Path

import pytest

from receipt_gate.base.signing import Signer, new_seed, public_text
from tests.conftest import ROOT, TELLS, Repo, Run

GRADER = (ROOT / "examples" / "content" / "graders" / "offline_grader.py").read_text()
CONFIG = """\
drafts: ["drafts/**/*.md"]
required: [ai-tells, hook-length, grader]
checks:
  grader: {command: [python3, graders/g.py]}
"""
OK = """\
---
title: A draft that is ready
status: ready
---
A check that ran three edits ago is a check that did not run on this draft.

The gate compares hashes, and asks nobody whether anything passed.
"""
BAD = """\
---
title: Not ready
status: ready
---
In conclusion, a testament to the power of resilience: a game changer.
"""
BAD_RECEIPT = ".receipts/drafts/bad.md/ai-tells.json"


def ci(rg: Run, base: str) -> tuple[int, str]:
    rc, out, err = rg("verify", "--rev", "HEAD", "--policy-from", base, "--recheck")
    return rc, out + err


def push_gate(repo: Repo) -> tuple[int, str]:
    """The plain pre-push hook, as git runs it, for `git push origin main`."""
    head = repo.git("rev-parse", "HEAD").stdout.strip()
    remote = repo.git("rev-parse", "origin/main").stdout.strip()
    proc = subprocess.run(
        [sys.executable, "-m", "receipt_gate", "pre-push", "origin", "url"],
        input=f"refs/heads/main {head} refs/heads/main {remote}\n",
        capture_output=True,
        text=True,
        cwd=repo.path,
    )
    return proc.returncode, proc.stdout + proc.stderr


@pytest.fixture
def base(repo: Repo, rg: Run, tmp_path: Path) -> tuple[Repo, str]:
    """Checked drafts committed under the real rules, and pushed: the rules in force."""
    repo.write(".receipt-gate.yaml", CONFIG)
    repo.write("graders/g.py", GRADER)
    repo.write("drafts/ok.md", OK)
    assert rg("run")[0] == 0
    assert rg("grade")[0] == 0
    assert repo.commit_all("base").returncode == 0
    remote = tmp_path / "remote.git"
    subprocess.run(["git", "init", "-q", "--bare", str(remote)], check=True)
    repo.git("remote", "add", "origin", str(remote))
    repo.git("push", "-q", "origin", "main")
    return repo, repo.git("rev-parse", "HEAD").stdout.strip()


def attack(
    repo: Repo,
    rg: Run,
    base: str,
    config: str | None,
    files: dict[str, str],
    expect: int = 1,
    *said: str,
) -> None:
    """Change the rules and add an unready draft in one commit, with every receipt the
    changed rules ask for; then each gate must refuse it."""
    if config is not None:
        repo.write(".receipt-gate.yaml", config)
    for path, text in files.items():
        repo.write(path, text)
    rg("run")
    rg("grade")
    repo.git("add", "-A")
    rc, out, err = rg("verify", "--staged")
    assert rc == expect, out + err
    for text in said:
        assert text in out + err
    assert repo.git("commit", "-q", "--no-verify", "-m", "attack").returncode == 0
    rc, out = ci(rg, base)
    assert rc == expect, out
    for text in said:
        assert text in out
    rc, out = push_gate(repo)
    assert rc == expect, out


def test_an_honest_commit_passes_every_gate(base: tuple[Repo, str], rg: Run) -> None:
    repo, sha = base
    repo.write(
        "drafts/two.md",
        OK.replace("ready\n---", "ready\n---\n").replace("A check", "Another check"),
    )
    rg("run")
    rg("grade")
    repo.git("add", "-A")
    assert rg("verify", "--staged")[0] == 0
    assert repo.commit_all("two").returncode == 0
    assert ci(rg, sha)[0] == 0
    assert push_gate(repo)[0] == 0


def test_required_emptied(base: tuple[Repo, str], rg: Run) -> None:
    repo, sha = base
    attack(
        repo,
        rg,
        sha,
        CONFIG.replace("[ai-tells, hook-length, grader]", "[]"),
        {"drafts/bad.md": BAD},
        1,
        "policy change: weakens: drops ai-tells from required",
        "drafts/bad.md:5:1: ai-tells: AI tells weigh",
    )


def test_gate_from_moved_later(base: tuple[Repo, str], rg: Run) -> None:
    repo, sha = base
    attack(
        repo,
        rg,
        sha,
        CONFIG + "gate_from: measured\n",
        {"drafts/bad.md": BAD},
        1,
        "fails under the rules in force",
    )


def test_drafts_narrowed(base: tuple[Repo, str], rg: Run) -> None:
    repo, sha = base
    attack(
        repo,
        rg,
        sha,
        CONFIG.replace('["drafts/**/*.md"]', '["drafts/ok.md"]'),
        {"drafts/bad.md": BAD},
        1,
        "weakens: drafts no longer lists drafts/**/*.md",
    )


def test_run_dir_moved_over_the_draft(base: tuple[Repo, str], rg: Run) -> None:
    repo, sha = base
    attack(
        repo,
        rg,
        sha,
        CONFIG + "run_dir: drafts/bad.md\n",
        {"drafts/bad.md": BAD},
        1,
        "changes run_dir: .receipts -> drafts/bad.md",
    )


def test_a_key_given_twice(base: tuple[Repo, str], rg: Run) -> None:
    repo, sha = base
    attack(
        repo,
        rg,
        sha,
        CONFIG + "gate_from: ready\ngate_from: measured\n",
        {"drafts/bad.md": BAD},
        2,
        "duplicate key 'gate_from'",
    )


def test_the_grader_script_replaced_by_one_that_always_passes(
    base: tuple[Repo, str], rg: Run
) -> None:
    repo, sha = base
    always = (
        "import json, sys\ntext = sys.stdin.read()\nline = [x for x in"
        " text.split('\\n') if x and not x.startswith(('-', 'title', 'status'))][0]\n"
        "print(json.dumps({'verdict': 'pass', 'criteria': [{'name': 'all',"
        " 'verdict': 'pass', 'quotes': [line], 'note': ''}]}))\n"
    )
    bad = BAD.replace(
        TELLS + ": a game changer.", "One paragraph is not an argument, but it is short."
    )
    attack(
        repo,
        rg,
        sha,
        None,
        {"graders/g.py": always, "drafts/bad.md": bad},
        1,
        "not made by the trusted grader",
    )


def test_a_typed_pass_receipt_is_caught_by_recheck(base: tuple[Repo, str], rg: Run) -> None:
    """No rule changes: the agent types a passing ai-tells receipt for a draft that fails.
    Without signing only CI's --recheck sees it (the commit gate reads receipts)."""
    repo, sha = base
    repo.write("drafts/bad.md", BAD)
    rg("run")
    rg("grade")
    receipt = json.loads(repo.read(BAD_RECEIPT))
    receipt.update(verdict="pass", findings=[])
    repo.write(BAD_RECEIPT, json.dumps(receipt))
    grader = json.loads(repo.read(".receipts/drafts/bad.md/grader.json"))
    grader.update(verdict="pass", findings=[])
    for c in grader["criteria"]:
        c["verdict"] = "pass"
    repo.write(".receipts/drafts/bad.md/grader.json", json.dumps(grader))
    assert repo.commit_all("forged", "--no-verify").returncode == 0
    rc, out = ci(rg, sha)
    assert rc == 1
    assert f"{BAD_RECEIPT}: forged: the receipt says pass, but ai-tells run again" in out


@pytest.fixture
def signed_base(
    repo: Repo, rg: Run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> tuple[Repo, str, bytes]:
    seed, public = new_seed()
    repo.write(
        ".receipt-gate.yaml", CONFIG + f'signing: {{public_keys: ["{public_text(public)}"]}}\n'
    )
    repo.write("graders/g.py", GRADER)
    repo.write("drafts/ok.md", OK)
    monkeypatch.setenv("RECEIPT_GATE_SIGNING_KEY", base64.b64encode(seed).decode())
    assert rg("run")[0] == 0
    assert rg("grade")[0] == 0
    monkeypatch.delenv("RECEIPT_GATE_SIGNING_KEY")  # the agent does not hold the key
    assert repo.commit_all("base").returncode == 0
    remote = tmp_path / "remote.git"
    subprocess.run(["git", "init", "-q", "--bare", str(remote)], check=True)
    repo.git("remote", "add", "origin", str(remote))
    repo.git("push", "-q", "origin", "main")
    return repo, repo.git("rev-parse", "HEAD").stdout.strip(), public


def forge_grader_pass(repo: Repo) -> None:
    path = ".receipts/drafts/bad.md/grader.json"
    grader = json.loads(repo.read(path))
    grader.update(verdict="pass", findings=[])
    for c in grader["criteria"]:
        c["verdict"] = "pass"
    grader.pop("signature", None)
    repo.write(path, json.dumps(grader))


def test_signing_deleted(signed_base: tuple[Repo, str, bytes], rg: Run) -> None:
    repo, sha, _ = signed_base
    repo.write(".receipt-gate.yaml", CONFIG)
    repo.write(
        "drafts/bad.md",
        BAD.replace(TELLS + ": a game changer.", "A short paragraph, with nothing banned in it."),
    )
    rg("run")
    rg("grade")
    forge_grader_pass(repo)
    repo.git("add", "-A")
    assert rg("verify", "--staged")[0] == 1
    assert repo.git("commit", "-q", "--no-verify", "-m", "unsigned").returncode == 0
    rc, out = ci(rg, sha)
    assert rc == 1
    assert "weakens: removes signing" in out
    assert "unsigned: the receipt" in out
    assert push_gate(repo)[0] == 1


def test_the_agents_own_key_added_to_the_policy(
    signed_base: tuple[Repo, str, bytes], rg: Run, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The agent makes a key pair, lists its public key, and signs a forged verdict."""
    repo, sha, public = signed_base
    seed, mine = new_seed()
    repo.write(
        ".receipt-gate.yaml",
        CONFIG + f'signing: {{public_keys: ["{public_text(public)}", "{public_text(mine)}"]}}\n',
    )
    repo.write(
        "drafts/bad.md",
        BAD.replace(TELLS + ": a game changer.", "A short paragraph, with nothing banned in it."),
    )
    monkeypatch.setenv("RECEIPT_GATE_SIGNING_KEY", base64.b64encode(seed).decode())
    rg("run")
    rg("grade")
    path = ".receipts/drafts/bad.md/grader.json"
    forge_grader_pass(repo)
    grader = json.loads(repo.read(path))
    grader["signature"] = Signer(seed, mine).sign(grader)
    repo.write(path, json.dumps(grader))
    monkeypatch.delenv("RECEIPT_GATE_SIGNING_KEY")
    assert rg("verify")[0] == 1  # HEAD's keys are in force, not the new one
    repo.git("add", "-A")
    assert repo.git("commit", "-q", "--no-verify", "-m", "own key").returncode == 0
    rc, out = ci(rg, sha)
    assert rc == 1
    assert "wrongly signed: the receipt" in out
    assert "adds a key (trusted only once it lands)" in out


@pytest.mark.parametrize("setting", ["key_env: HOME", "key_file: /etc/hostname"])
def test_key_material_named_by_the_tree_is_refused(
    base: tuple[Repo, str], rg: Run, setting: str
) -> None:
    repo, sha = base
    attack(
        repo,
        rg,
        sha,
        CONFIG + f"signing: {{{setting}}}\n",
        {"drafts/bad.md": BAD},
        2,
        f"signing.{setting.split(':')[0]}: unknown key",
    )


def test_status_given_twice(base: tuple[Repo, str], rg: Run) -> None:
    repo, sha = base
    attack(
        repo,
        rg,
        sha,
        None,
        {"drafts/bad.md": BAD.replace("status: ready", "status: idea\nstatus: ready")},
        2,
        "drafts/bad.md:4: front matter: duplicate key 'status'",
    )


def test_a_status_line_inside_a_quoted_title(base: tuple[Repo, str], rg: Run) -> None:
    """A line scanner reads `status: idea` inside the title; YAML reads the title as one
    string and the status as ready. The gate reads what YAML reads."""
    repo, sha = base
    tricky = BAD.replace(
        "title: Not ready\nstatus: ready", 'title: "Not\nstatus: idea\n  ready"\nstatus: ready'
    )
    attack(
        repo,
        rg,
        sha,
        None,
        {"drafts/bad.md": tricky},
        1,
        "drafts/bad.md:7:1: ai-tells: AI tells weigh",
    )


def test_a_tightening_commits_in_one_step(base: tuple[Repo, str], rg: Run) -> None:
    repo, sha = base
    repo.write(
        ".receipt-gate.yaml",
        CONFIG.replace("checks:\n", "checks:\n  ai-tells: {phrases: [dive in, game changer]}\n"),
    )
    assert rg("run")[0] == 0
    repo.git("add", "-A")
    assert rg("verify", "--staged")[0] == 0
    assert repo.commit_all("tighten").returncode == 0
    assert ci(rg, sha)[0] == 0
    assert push_gate(repo)[0] == 0


def test_a_weakening_lands_only_as_a_policy_change(base: tuple[Repo, str], rg: Run) -> None:
    """Alone, it lands (every draft holds the rules before it); a draft that needs it is
    held to the rules before it until it has landed, reviewed, on the base."""
    repo, sha = base
    repo.write(".receipt-gate.yaml", CONFIG.replace("ai-tells, ", ""))
    rg("run")
    repo.git("add", "-A")
    assert rg("verify", "--staged")[0] == 0
    assert repo.commit_all("weaken").returncode == 0
    rc, out = ci(rg, sha)
    assert rc == 0, out
    assert "policy change: weakens: drops ai-tells from required" in out
    repo.write(
        "drafts/bad.md",
        BAD.replace(TELLS + ": a game changer.", TELLS + ".\n\nA second paragraph here."),
    )
    rg("run")
    rg("grade")
    assert repo.commit_all("draft").returncode == 0  # HEAD's rules are the weakened ones
    assert ci(rg, sha)[0] == 1  # but the pull request's base still has ai-tells
    assert push_gate(repo)[0] == 1  # and so does the remote


def _forge(repo: Repo, path: str, **fields: object) -> None:
    receipt = json.loads(repo.read(path))
    for k, v in fields.items():
        if v is None:
            receipt.pop(k, None)
        else:
            receipt[k] = v
    repo.write(path, json.dumps(receipt))


def test_a_receipt_that_hides_its_suppression_is_forged(base: tuple[Repo, str], rg: Run) -> None:
    repo, sha = base
    repo.write(
        "drafts/two.md",
        OK.replace("A check", "<!-- receipt-gate: ignore ai-tells -->\n" + TELLS + ". A check"),
    )
    rg("run")
    rg("grade")
    _forge(repo, ".receipts/drafts/two.md/ai-tells.json", suppressed=None)
    assert repo.commit_all("hidden", "--no-verify").returncode == 0
    rc, out = ci(rg, sha)
    assert rc == 1, out
    assert (
        "forged: ai-tells run again suppresses 1 finding, and the receipt does not say the same (0)"
    ) in out


def test_recheck_covers_untouched_drafts_when_an_input_changed(
    base: tuple[Repo, str], rg: Run
) -> None:
    """A registry edit turns an untouched draft's pass into a fail: a receipt re-keyed to
    the new fingerprint by hand is a forgery --recheck must see."""
    from receipt_gate.rules.config import config_of
    from receipt_gate.rules.fingerprint import fingerprint
    from receipt_gate.trees.tree import WorkTree

    repo, _ = base
    repo.write(".receipt-gate.yaml", CONFIG.replace("grader]", "grader, registered-terms]"))
    repo.write("drafts/ok.md", OK + "\nSet `MY_FLAG`.\n")
    repo.write("claims.yaml", "allow: [{term: MY_FLAG}]\n")
    assert rg("run")[0] == 0
    rg("grade")
    assert repo.commit_all("flag").returncode == 0
    middle = repo.git("rev-parse", "HEAD").stdout.strip()
    repo.write("claims.yaml", "claims: []\n")
    tree = WorkTree(str(repo.path))
    _forge(
        repo,
        ".receipts/drafts/ok.md/registered-terms.json",
        inputs_sha256=fingerprint("registered-terms", config_of(tree), tree).of(
            "drafts/ok.md", ["MY_FLAG"]
        ),
    )
    assert repo.commit_all("unregister", "--no-verify").returncode == 0
    rc, out, _ = rg("verify", "--rev", "HEAD", "--recheck", "--policy-from", middle)
    assert rc == 1, out
    assert "forged: the receipt says pass, but registered-terms run again" in out


def test_recheck_covers_untouched_drafts_when_the_rules_change(
    base: tuple[Repo, str], rg: Run
) -> None:
    """An outside pass: with ai-tells not required, a failing draft lands; a pull request
    then requires ai-tells and types a passing receipt for that untouched draft. Its
    bytes are base's, but no run of base's rules ever checked it with ai-tells."""
    repo, _ = base
    repo.write(".receipt-gate.yaml", CONFIG.replace("ai-tells, ", ""))
    assert repo.commit_all("weaken").returncode == 0
    assert repo.git("commit", "-q", "--allow-empty", "-m", "settle").returncode == 0
    repo.write("drafts/bad.md", BAD)
    rg("run")
    rg("grade")
    assert repo.commit_all("bad, under the weak rules").returncode == 0
    weak = repo.git("rev-parse", "HEAD").stdout.strip()
    repo.write(".receipt-gate.yaml", CONFIG)
    rg("run")
    _forge(repo, BAD_RECEIPT, verdict="pass", findings=[])
    assert repo.commit_all("tighten", "--no-verify").returncode == 0
    rc, out = ci(rg, weak)
    assert rc == 1, out
    assert f"{BAD_RECEIPT}: forged: the receipt says pass, but ai-tells run again" in out


def test_recheck_covers_untouched_drafts_when_the_build_starts_publishing_them(
    repo: Repo, rg: Run
) -> None:
    """An outside pass: a Jekyll draft with a banned phrase sits in _drafts/ (held back,
    its failing receipt committed); a pull request adds `show_drafts: true` and types a
    passing receipt. The draft's bytes are base's, but base's build never published it:
    a changed build file reruns every draft."""
    repo.write("_config.yml", "title: t\n")
    repo.write("_posts/2024-01-01-a.md", "---\ntitle: A\n---\nA plain post about a thing.\n")
    repo.write("_drafts/2024-01-08-d.md", "---\ntitle: D\n---\n" + TELLS + ", a draft.\n")
    assert rg("init")[0] == 0
    rg("run", "_drafts/2024-01-08-d.md")
    assert rg("run")[0] == 0
    assert repo.commit_all("base", "--no-verify").returncode == 0
    base = repo.git("rev-parse", "HEAD").stdout.strip()
    repo.write("_config.yml", "title: t\nshow_drafts: true\n")
    receipt = ".receipts/_drafts/2024-01-08-d.md/ai-tells.json"
    _forge(repo, receipt, verdict="pass", findings=[])
    assert repo.commit_all("publish drafts", "--no-verify").returncode == 0
    rc, out = ci(rg, base)
    assert rc == 1, out
    assert f"{receipt}: forged: the receipt says pass, but ai-tells run again" in out


def test_recheck_covers_untouched_drafts_a_table_of_contents_starts_publishing(
    repo: Repo, rg: Run
) -> None:
    """An outside pass (round 4, again at round 13): an mdBook chapter SUMMARY.md does not
    link (unpublished, so not gated) is listed by a pull request that types a passing
    receipt for it; its bytes are base's. A changed table of contents reruns every draft."""
    repo.write("book.toml", '[book]\ntitle = "B"\n')
    repo.write("src/SUMMARY.md", "# Summary\n\n- [Intro](intro.md)\n")
    repo.write("src/intro.md", "# Intro\n\nHello world, a small page about our build.\n")
    repo.write("src/notes.md", "# Notes\n\n" + TELLS + ", a draft.\n")
    assert rg("init")[0] == 0
    rg("run")
    assert repo.commit_all("base", "--no-verify").returncode == 0
    base = repo.git("rev-parse", "HEAD").stdout.strip()
    repo.write("src/SUMMARY.md", "# Summary\n\n- [Intro](intro.md)\n- [Notes](notes.md)\n")
    rg("run")
    receipt = ".receipts/src/notes.md/ai-tells.json"
    _forge(repo, receipt, verdict="pass", findings=[])
    assert repo.commit_all("publish notes", "--no-verify").returncode == 0
    rc, out = ci(rg, base)
    assert rc == 1, out
    assert f"{receipt}: forged: the receipt says pass, but ai-tells run again" in out
