"""A receipt-gate grader backed by a model, through the official Anthropic SDK.

Contract: the draft on stdin (its path in RECEIPT_GATE_DRAFT), one JSON verdict on
stdout: {"verdict": "pass"|"fail", "criteria": [{"name", "verdict", "quotes", "note"}]}.
The gate checks every quote against the draft, so a model that invents a quote gets
no receipt. Configure it in .receipt-gate.yaml:

    checks:
      grader: {command: ["python3", "graders/anthropic_grader.py", "--model", "MODEL"]}

The key comes from ANTHROPIC_API_KEY; ANTHROPIC_BASE_URL or --base-url points the
SDK at another endpoint (the tests use a stub server on 127.0.0.1).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence

DEFAULT_MODEL = "claude-sonnet-4-5"

RUBRIC = """\
You grade one draft for structure and substance. Reply with one JSON object and
nothing else, in exactly this shape:
{"verdict": "pass" or "fail",
 "criteria": [{"name": "structure", "verdict": "pass" or "fail",
               "quotes": ["..."], "note": "..."},
              {"name": "substance", "verdict": "pass" or "fail",
               "quotes": ["..."], "note": "..."}]}
structure: does the opening paragraph state the point, and does each later paragraph
follow from the one before?
substance: does the draft make specific, checkable claims rather than general ones?
Every criterion must carry at least one quote: a passage of 20 characters or more,
copied character for character from ONE paragraph of the draft. Never paraphrase
inside a quote; never join text from two paragraphs. The overall verdict is "pass"
only if every criterion passes."""


def extract_json(text: str) -> dict[str, object]:
    start, end = text.find("{"), text.rfind("}")
    if start == -1 or end < start:
        raise ValueError("the model's reply holds no JSON object")
    obj = json.loads(text[start : end + 1])
    if not isinstance(obj, dict):
        raise ValueError("the model's reply is not a JSON object")
    return obj


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--model", default=os.environ.get("RECEIPT_GATE_MODEL", DEFAULT_MODEL))
    parser.add_argument("--base-url", default=None)
    parser.add_argument("--max-tokens", type=int, default=2048)
    args = parser.parse_args(argv)

    import anthropic

    draft = sys.stdin.buffer.read().decode("utf-8-sig")
    path = os.environ.get("RECEIPT_GATE_DRAFT", "the draft")
    client = anthropic.Anthropic(base_url=args.base_url) if args.base_url else anthropic.Anthropic()
    try:
        message = client.messages.create(
            model=args.model,
            max_tokens=args.max_tokens,
            system=RUBRIC,
            messages=[{"role": "user", "content": f"Draft ({path}):\n\n{draft}"}],
        )
    except anthropic.APIError as e:
        print(f"anthropic_grader: {type(e).__name__}: {e}", file=sys.stderr)
        return 1
    text = "".join(block.text for block in message.content if block.type == "text")
    try:
        verdict = extract_json(text)
    except ValueError as e:
        print(f"anthropic_grader: {e}", file=sys.stderr)
        return 1
    json.dump(verdict, sys.stdout)
    print()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
