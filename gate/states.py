"""The content state machine: a draft's `status:` front-matter field, rewritten in place."""

from __future__ import annotations

import re

_OPEN = re.compile(rb"(\xef\xbb\xbf)?---[ \t]*(\r?\n)")
_CLOSE = re.compile(rb"^(?:---|\.\.\.)[ \t]*\r?$", re.MULTILINE)
_STATUS = re.compile(rb"^status[ \t]*:[ \t]*(.*?)[ \t]*\r?$", re.MULTILINE)


def set_status(data: bytes, state: str) -> bytes:
    """The draft with its status set to `state`; every other byte as it was.

    A front matter without `status:` gets the line after its opening `---`; a draft
    without front matter gets one.
    """
    value = state.encode()
    m = _OPEN.match(data)
    close = _CLOSE.search(data, m.end()) if m else None
    if m is None or close is None:
        bom = b"\xef\xbb\xbf" if data.startswith(b"\xef\xbb\xbf") else b""
        nl = b"\r\n" if b"\r\n" in data else b"\n"
        return bom + b"---" + nl + b"status: " + value + nl + b"---" + nl + data[len(bom) :]
    status = _STATUS.search(data, m.end(), close.start())
    if status is None:
        return data[: m.end()] + b"status: " + value + m.group(2) + data[m.end() :]
    return data[: status.start(1)] + value + data[status.end(1) :]
