"""A small deterministic grader for the demo and the tests: no model, no network.

It follows receipt-gate's grader contract: the draft on stdin (its path in
RECEIPT_GATE_DRAFT), one JSON verdict on stdout, every criterion quoting the draft.
  structure: the draft has an opening paragraph after its title, quoted;
  substance: the draft has at least two paragraphs of prose, the second quoted.
"""

from __future__ import annotations

import json
import re
import sys


def paragraphs(text: str) -> list[str]:
    lines = text.split("\n")
    if lines and lines[0].strip() == "---":
        end = next((i for i in range(1, len(lines)) if lines[i].strip() == "---"), 0)
        lines = lines[end + 1 :]
    blocks = re.split(r"\n[ \t]*\n", "\n".join(lines))
    prose = []
    for block in blocks:
        block = block.strip()
        if not block or block.startswith(("#", "```", "~~~", "<!--")):
            continue
        prose.append(" ".join(line.strip() for line in block.split("\n")))
    return prose


def first_sentence(paragraph: str) -> str:
    m = re.match(r"(.{20,}?[.!?])(?:\s|$)", paragraph)
    return m.group(1) if m else paragraph


def grade(text: str) -> dict[str, object]:
    paras = paragraphs(text)
    criteria = []
    if paras:
        criteria.append(
            {
                "name": "structure",
                "verdict": "pass",
                "quotes": [first_sentence(paras[0])],
                "note": "opens with a paragraph after the title",
            }
        )
    else:
        criteria.append(
            {"name": "structure", "verdict": "fail", "quotes": [], "note": "no opening paragraph"}
        )
    if len(paras) >= 2:
        criteria.append(
            {
                "name": "substance",
                "verdict": "pass",
                "quotes": [first_sentence(paras[1])],
                "note": "develops the opening in a second paragraph",
            }
        )
    else:
        criteria.append(
            {
                "name": "substance",
                "verdict": "fail",
                "quotes": [first_sentence(paras[0])] if paras else [],
                "note": "one paragraph is not an argument",
            }
        )
    verdict = "pass" if all(c["verdict"] == "pass" for c in criteria) else "fail"
    return {"verdict": verdict, "criteria": criteria}


def main() -> int:
    text = sys.stdin.buffer.read().decode("utf-8-sig").replace("\r\n", "\n")
    json.dump(grade(text), sys.stdout)
    print()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
