"""Receipts and the invariant: writing a receipt, judging one against the draft's bytes
and the rules (five conditions), running the checks, grading by a model, where the
rules in force come from, the commit hook, push, --recheck, the verified-tree record,
and attestations.

A layer of receipt_gate: it imports its own layer and those below it, never one above
(tests/test_architecture.py).
"""
