"""Quoting values for ffmpeg filter graphs."""

from __future__ import annotations


def quote(value: str) -> str:
    """A filter option value in single quotes (safe for paths with ':' or ',')."""
    return "'" + value.replace("\\", "/").replace("'", r"'\''") + "'"


def seconds(value: float) -> str:
    return f"{value:.6f}".rstrip("0").rstrip(".") or "0"


def between(start: float, end: float) -> str:
    return f"enable='between(t,{seconds(start)},{seconds(end)})'"


def colour(value: str, opacity: float = 1.0) -> str:
    """``#rrggbb`` (or a name) as ffmpeg's ``0xRRGGBB@alpha``."""
    text = value.strip()
    if text.startswith("#") and len(text) in (4, 7, 9):
        digits = text[1:]
        if len(digits) == 3:
            digits = "".join(ch * 2 for ch in digits)
        if len(digits) == 8:
            opacity *= int(digits[6:], 16) / 255
            digits = digits[:6]
        text = "0x" + digits
    return f"{text}@{max(0.0, min(1.0, opacity)):.3f}"
