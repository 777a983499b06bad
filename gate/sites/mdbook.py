"""mdBook."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from receipt_gate.sites.layout import Layout, Repo

KIND = "mdbook"
NAME = "mdBook"


def detect(repo: Repo) -> Layout | None:
    return None
