"""What the gate says: text a person reads (problems grouped by cause, each finding
once), JSON for a harness, SARIF for code scanning.

A layer of receipt_gate: it imports its own layer and those below it, never one above
(tests/test_architecture.py).
"""
