"""Reading drafts as the tools that publish them do: front matter as generators read
it, markdown blocks and prose as a renderer shows them, titles and openings, template
tags, what a reader sees of a number or a look-alike letter, a verdict's quotes, and
the site layouts init detects.

A layer of receipt_gate: it imports its own layer and those below it, never one above
(tests/test_architecture.py).
"""
