"""Field changes in a person's units: ``volume -6 dB → -12 dB``, ``muted no → yes``.

The project stores what OpenCut stores (volume in dB, opacity 0-1, times in
ticks, effect settings as a dict); a diff shows each changed leaf by name in
the units an editor uses, texts shortened, lists and keyframes counted.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from typing import Any

from neuralcut_cli.cli.views.names import fit, plural, quote
from neuralcut_cli.time import format_timecode

TIMES = frozenset({"startTime", "duration", "trimStart", "trimEnd", "sourceDuration", "time"})
TEXT_CELLS = 40
_COUNTED = frozenset({"effects", "masks", "keys", "elements"})
_COUNTED_AS = {"keys": "keyframes"}  # one word for them, everywhere


def words(key: str) -> str:
    """``trimEnd`` → ``trim end``; ``params.intensity`` → ``intensity``; ``transform.position.x`` → ``position x``."""
    parts = key.split(".")
    last = " ".join(parts[-2:]) if len(parts) > 1 and len(parts[-1]) == 1 else parts[-1]
    return re.sub(r"(?<=[a-z0-9])([A-Z])", lambda m: " " + m.group(1).lower(), last)


def show(key: str, value: Any) -> str:
    """One value as a person reads it."""
    last = key.rsplit(".", 1)[-1]
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if last in TIMES and isinstance(value, int):
        return format_timecode(value)
    if last == "volume" and isinstance(value, (int, float)):
        return f"{value:+.1f} dB" if value else "0 dB"
    if last == "opacity" and isinstance(value, (int, float)):
        return f"{value * 100:.0f}%"
    if isinstance(value, float):
        return f"{value:.3g}" if abs(value) < 1000 else f"{value:.0f}"
    if isinstance(value, str):
        return quote(value, TEXT_CELLS) if last == "content" else fit(value, TEXT_CELLS)
    if isinstance(value, (list, tuple)):
        return plural(len(value), "item")
    return fit(str(value), TEXT_CELLS)


def changes(
    before: dict[str, Any], after: dict[str, Any], skip: frozenset[str] = frozenset(), prefix: str = ""
) -> Iterator[str]:
    """``name old → new`` for each leaf that differs (dicts walked, lists counted)."""
    for key in list(after) + [k for k in before if k not in after]:
        if key in skip or before.get(key) == after.get(key):
            continue
        old, new = before.get(key), after.get(key)
        if old is None and isinstance(new, bool):
            old = False  # a flag a file leaves out is off
        path = f"{prefix}{key}"
        if key == "retime":
            yield f"speed {_speed(old)} → {_speed(new)}"
        elif key == "animations":
            yield from _animation_changes(old, new)
        elif (
            key == "effects"
            and isinstance(new, (list, tuple, type(None)))
            and isinstance(old, (list, tuple, type(None)))
        ):
            yield from _effect_changes(old or [], new or [])
        elif isinstance(old, dict) and isinstance(new, dict):
            yield from changes(old, new, prefix=path + ".")
        elif key in _COUNTED and isinstance(old, (list, tuple, type(None))) and isinstance(new, (list, tuple)):
            yield f"{_COUNTED_AS.get(key, words(key))} {len(old or ())} → {len(new)}"
        else:
            yield f"{words(path)} {show(path, old)} → {show(path, new)}"


def _effect_changes(old: Sequence[Any], new: Sequence[Any]) -> Iterator[str]:
    """A clip's effects as an editor says it: ``added grayscale``, ``removed blur``, ``blur changed``,
    ``vignette off``."""
    was = {str(e.get("id")): e for e in old if isinstance(e, dict)}
    now = {str(e.get("id")): e for e in new if isinstance(e, dict)}
    for effect_id, effect in now.items():
        name = str(effect.get("type", "an effect"))
        before = was.get(effect_id)
        if before is None:
            yield f"added {name}"
        elif before.get("enabled", True) != effect.get("enabled", True):
            yield f"{name} {'on' if effect.get('enabled', True) else 'off'}"
        elif before != effect:
            yield f"{name} changed"
    for effect_id, effect in was.items():
        if effect_id not in now:
            yield f"removed {effect.get('type', 'an effect')}"


def _speed(retime: Any) -> str:
    """``1x``, ``1.5x``, ``0.5x (pitch not kept)``: a clip's retime as an editor says it."""
    if not isinstance(retime, dict):
        return "1x"
    rate = retime.get("rate", 1)
    shown = f"{rate:g}x" if isinstance(rate, (int, float)) else "?"
    return shown + (" (pitch not kept)" if retime.get("maintainPitch") is False else "")


_LAYERS = {"sound.fade:value": "fade", "sound.duck:value": "duck", "sound.gain:value": "gain"}


def _animation_changes(old: Any, new: Any) -> Iterator[str]:
    """The sound layers as an editor names them (``gain 0 dB → +8.4 dB``, ``ducked no → -12 dB``, ``fade in 0 s
    → 2 s``), and the other keyframes counted (``keyframes 2 → 4``)."""
    before, after = _channels(old), _channels(new)
    for channel, name in _LAYERS.items():
        was, now = before.get(channel, []), after.get(channel, [])
        if was == now:
            continue
        if name == "gain":
            yield f"gain {_db(was[0]['value'] if was else 0)} → {_db(now[0]['value'] if now else 0)}"
        elif name == "duck":
            low = [min((k["value"] for k in keys), default=0) for keys in (was, now)]
            yield f"ducked {_db(low[0]) if was else 'no'} → {_db(low[1]) if now else 'no'}"
        else:
            for side, (a, b) in zip(("in", "out"), zip(_fades(was), _fades(now), strict=True), strict=True):
                if a != b:
                    yield f"fade {side} {a / 120_000:g} s → {b / 120_000:g} s"
    others = [sum(len(keys) for c, keys in chans.items() if c not in _LAYERS) for chans in (before, after)]
    if others[0] != others[1]:
        yield f"keyframes {others[0]} → {others[1]}"


def _channels(animations: Any) -> dict[str, list[dict[str, Any]]]:
    channels = animations.get("channels", {}) if isinstance(animations, dict) else {}
    return {  # what a key means (its time and value), not its id: a layer written again the same is no change
        str(cid): [
            {"time": k.get("time"), "value": k.get("value")} for k in channel.get("keys", ()) if isinstance(k, dict)
        ]
        for cid, channel in channels.items()
        if isinstance(channel, dict)
    }


def _fades(keys: list[dict[str, Any]]) -> tuple[int, int]:
    """Ticks of fade in and out of a fade layer's keys (silence at -60 dB at an end)."""
    if len(keys) < 2:
        return 0, 0
    first, last = keys[0], keys[-1]
    fade_in = keys[1]["time"] - first["time"] if first.get("time") == 0 and first.get("value", 0) <= -60 else 0
    fade_out = last["time"] - keys[-2]["time"] if last.get("value", 0) <= -60 and last is not first else 0
    return int(fade_in), int(fade_out)


def _db(value: Any) -> str:
    return f"{value:+.1f} dB" if isinstance(value, (int, float)) and value else "0 dB"


def brief(value: Any, cells: int = TEXT_CELLS) -> Any:
    """``value`` with every long string in it shortened (for echoing arguments and results)."""
    if isinstance(value, str):
        return fit(" ".join(value.split()) if len(value) > cells else value, cells)
    if isinstance(value, dict):
        return {key: brief(item, cells) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [brief(item, cells) for item in value]
    return value
