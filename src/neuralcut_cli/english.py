"""Words people read: counts (``1 asset``, ``2 assets``) and quoted texts kept short."""

from __future__ import annotations


def quoted(text: str, limit: int = 60) -> str:
    """``text`` in quotes, on one line, cut to ``limit`` characters with … (replies never echo a whole essay)."""
    flat = " ".join(text.split())
    return f'"{flat if len(flat) <= limit else flat[: limit - 1] + "…"}"'


def plural(count: int, noun: str, many: str | None = None) -> str:
    """``count`` and ``noun``, the noun plural unless the count is one (``many`` for irregular plurals)."""
    return f"{count} {noun if count == 1 else (many or noun + 's')}"
