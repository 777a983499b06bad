"""grader: a model's verdict on structure and substance, where every criterion quotes the draft.

A model check like any other a config declares with `kind: model`, registered as a
plugin so it has a name and defaults: its `command` prints the verdict
(gate.checks.model describes it), `receipt-gate grade` runs it.
"""

from __future__ import annotations

from receipt_gate import DOCS

name = "grader"
version = 3
deterministic = False
help_uri = DOCS + "checks.md#the-grader-a-model-verdict-that-must-quote-the-draft"
settings = {
    "command": (),
    "rubric": "",
    "timeout_s": 120,
    "min_quote_chars": 20,
    "at_commit": False,
    "inputs": (),
}
kinds = {"command": "argv", "rubric": "path", "inputs": "globs"}
undecided = ("timeout_s", "at_commit")
