"""Words people read and write: counts (``1 asset``, ``2 assets``), quoted texts kept short, and numbers said in
words read as digits (``two seconds`` -> ``2 seconds``)."""

from __future__ import annotations

import re


def quoted(text: str, limit: int = 60) -> str:
    """``text`` in quotes, on one line, cut to ``limit`` characters with … (replies never echo a whole essay)."""
    flat = " ".join(text.split())
    return f'"{flat if len(flat) <= limit else flat[: limit - 1] + "…"}"'


def plural(count: int, noun: str, many: str | None = None) -> str:
    """``count`` and ``noun``, the noun plural unless the count is one (``many`` for irregular plurals)."""
    return f"{count} {noun if count == 1 else (many or noun + 's')}"


_ONES = {
    "zero": 0,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
    "thirteen": 13,
    "fourteen": 14,
    "fifteen": 15,
    "sixteen": 16,
    "seventeen": 17,
    "eighteen": 18,
    "nineteen": 19,
}
_TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90}


def spell_numbers(text: str) -> str:
    """``two`` -> ``2``, ``twenty five`` -> ``25``, ``a second`` -> ``1 second``, ``half a second`` -> ``0.5 second``."""
    text = re.sub(r"\bhalf an? (second|minute)\b", r"0.5 \1", text)
    text = re.sub(r"\ba (?:second|sec) and a half\b", "1.5 seconds", text)
    small = "|".join(k for k, v in _ONES.items() if 0 < v < 10)
    text = re.sub(rf"\b({'|'.join(_TENS)})[\s-]({small})\b", lambda m: str(_TENS[m.group(1)] + _ONES[m.group(2)]), text)
    text = re.sub(
        rf"\b({'|'.join([*_TENS, *_ONES])})\b", lambda m: str(_ONES.get(m.group(1), _TENS.get(m.group(1)))), text
    )
    text = re.sub(r"\b(\d+) and a half\b", lambda m: f"{int(m.group(1)) + 0.5:g}", text)
    text = re.sub(r"\b(?:a|one) (second|sec|minute|min|frame)\b", r"1 \1", text)
    return text
