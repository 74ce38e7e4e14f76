"""A generated block of README.md, between two marker comments: written, or checked (shared by the scripts
that generate one)."""

from __future__ import annotations

import sys
from pathlib import Path

README = Path(__file__).resolve().parents[1] / "README.md"


def updated(text: str, start: str, end: str, block: str) -> str:
    head, rest = text.split(start, 1)
    _, tail = rest.split(end, 1)
    return head + block + tail


def write_or_check(argv: list[str], start: str, end: str, block: str, what: str, script: str) -> int:
    """Rewrite the block; with ``--check``, exit 1 (saying how to fix it) when the README is out of date."""
    text = README.read_text(encoding="utf-8")
    new = updated(text, start, end, block)
    if "--check" in argv:
        if new != text:
            print(f"README.md's {what} is out of date: run python scripts/{script}", file=sys.stderr)
            return 1
        return 0
    README.write_text(new, encoding="utf-8")
    return 0
