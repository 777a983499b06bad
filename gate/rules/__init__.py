"""The rules: the config (.receipt-gate.yaml) and every check's settings, the corpus a
check reads, suppression comments, each check's fingerprint (and each verdict's part
of it), and the session every command opens (repository, tree, config, drafts).

A layer of receipt_gate: it imports its own layer and those below it, never one above
(tests/test_architecture.py).
"""
