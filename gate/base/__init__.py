"""The lowest layer: pieces with no domain and no git. Text as a terminal and a reader
meet it (text), git's wildmatch globs, the one YAML loader, the boundary for untrusted
shapes (shapes, schema), Ed25519 signatures, and forking a batch over the cores.

A layer of receipt_gate: it imports its own layer and those below it, never one above
(tests/test_architecture.py).
"""
