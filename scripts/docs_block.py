"""A generated block of the manual (docs/talking.md), between two marker comments: written, or checked (shared by
the scripts that generate one)."""

from __future__ import annotations

import sys
from pathlib import Path

DOCUMENT = Path(__file__).resolve().parents[1] / "docs" / "talking.md"


def updated(text: str, start: str, end: str, block: str) -> str:
    head, rest = text.split(start, 1)
    _, tail = rest.split(end, 1)
    return head + block + tail


def write_or_check(argv: list[str], start: str, end: str, block: str, what: str, script: str) -> int:
    """Rewrite the block; with ``--check``, exit 1 (saying how to fix it) when the document is out of date."""
    text = DOCUMENT.read_text(encoding="utf-8")
    new = updated(text, start, end, block)
    if "--check" in argv:
        if new != text:
            print(f"docs/talking.md's {what} is out of date: run python scripts/{script}", file=sys.stderr)
            return 1
        return 0
    DOCUMENT.write_text(new, encoding="utf-8")
    return 0
