"""Git trees and bytes: what a gate reads. The Tree protocol and the working tree, the
index and commits read through git's plumbing (the one module that runs git), what
git converts on checkout, links and blind spots, the one atomic writer, the caches
under the git dir, and each file's sha256.

A layer of receipt_gate: it imports its own layer and those below it, never one above
(tests/test_architecture.py).
"""
