"""Percentages the request names, for arguments on a 0..1 scale: asked to "set the music volume to 50%", a small
model called ``set_volume`` with ``volume: 50`` (the description says 50% is 0.5) and then wrote advice instead of
calling again (issue 42). A number above 1 given where the scale ends at 1, and named by the request as a
percentage, is that percentage: 50 becomes 0.5. Any other number out of range is refused as before."""

from __future__ import annotations

import re
from typing import Any

from neuralcut_cli.agent.types import ToolCall

_PERCENT = re.compile(r"(?<![\w.])(\d+(?:\.\d+)?)\s*(?:%|percent\b|per cent\b)", re.I)


def percents_named(text: str) -> set[float]:
    """The percentages ``text`` says ("50%", "30 percent"), as numbers (50.0, 30.0)."""
    return {float(n) for n in _PERCENT.findall(text)}


def as_fractions(call: ToolCall, schema: dict[str, Any], percents: set[float]) -> ToolCall:
    """``call`` with each number argument whose schema runs 0..1, given as a percentage the request names, made a
    fraction (``volume: 50`` for "50%" is 0.5); the call itself when there is none."""
    properties = schema.get("properties") or {}
    fixed = {
        key: value / 100
        for key, value in call.args.items()
        if isinstance(value, int | float)
        and not isinstance(value, bool)
        and 1 < value <= 100
        and float(value) in percents
        and (properties.get(key) or {}).get("maximum") == 1
    }
    return call.model_copy(update={"args": {**call.args, **fixed}}) if fixed else call
