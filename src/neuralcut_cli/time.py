"""Timeline time: integer ticks, seconds, and what people type.

OpenCut stores every timeline time as an integer number of ticks,
``TICKS_PER_SECOND = 120_000`` (24 fps is 5 000 ticks a frame, 23.976 fps
5 005). The model holds ticks only; seconds (floats) exist at the tool
boundary and in this module.

People may type ``5``, ``5s``, ``2.5s``, ``500ms``, ``1m30s``, ``1:02.5``,
``00:01:02.500``, ``00:00:05:12`` (SMPTE, frames last) or ``90f`` (frames at
the project's frame rate).
"""

from __future__ import annotations

import re
from fractions import Fraction

from neuralcut_cli.errors import TimeParseError

TICKS_PER_SECOND = 120_000
Ticks = int

#: The longest time a project may hold: 24 hours. Every time a file, a tool or
#: a person gives is at most this, so views and renders stay bounded.
MAX_SECONDS = 86_400
MAX_TICKS = MAX_SECONDS * TICKS_PER_SECOND

_EXAMPLES = "5, 5s, 2.5s, 500ms, 1m30s, 1:02.5, 00:01:02.500 or 90f"

_UNIT_SECONDS: dict[str, int | Fraction] = {
    "h": 3600,
    "hr": 3600,
    "hrs": 3600,
    "hour": 3600,
    "hours": 3600,
    "m": 60,
    "min": 60,
    "mins": 60,
    "minute": 60,
    "minutes": 60,
    "s": 1,
    "sec": 1,
    "secs": 1,
    "second": 1,
    "seconds": 1,
    "ms": Fraction(1, 1000),
    "msec": Fraction(1, 1000),
    "millisecond": Fraction(1, 1000),
    "milliseconds": Fraction(1, 1000),
}
_FRAME_UNITS = {"f", "fr", "frame", "frames"}
_NUMBER = r"(?:\d+(?:\.\d*)?|\.\d+)"
_PART = re.compile(rf"\s*({_NUMBER})\s*([a-z]*)\s*")


def seconds_to_ticks(seconds: float) -> Ticks:
    """Seconds (as the tools speak them) to ticks: ``round(s * 120_000)``."""
    return round(seconds * TICKS_PER_SECOND)


def ticks_to_seconds(ticks: Ticks) -> float:
    """Ticks to seconds: ``ticks / 120_000``."""
    return ticks / TICKS_PER_SECOND


def output_seconds(ticks: Ticks) -> float:
    """Ticks to seconds as tools answer them: 6 decimals keep every tick distinct."""
    return round(ticks / TICKS_PER_SECOND, 6)


def short_seconds(ticks: Ticks) -> str:
    """``5s``, ``2.5s``: a compact time for prompts and summaries."""
    return f"{ticks / TICKS_PER_SECOND:g}s"


def timecode_of_seconds(seconds: float, decimals: int = 2) -> str:
    """``format_timecode`` of a time given in seconds."""
    return format_timecode(seconds_to_ticks(seconds), decimals)


def fps_fraction(fps: float | Fraction) -> Fraction:
    """A frame rate as an exact fraction (29.97 becomes 30000/1001)."""
    if isinstance(fps, Fraction):
        return fps
    known = {29.97: Fraction(30000, 1001), 23.976: Fraction(24000, 1001), 59.94: Fraction(60000, 1001)}
    for approx, exact in known.items():
        if abs(fps - approx) < 0.005:
            return exact
    return Fraction(fps).limit_denominator(1001)


def frames_to_ticks(frames: float | Fraction, fps: float | Fraction) -> Ticks:
    """Frames at ``fps`` to ticks."""
    return round(Fraction(frames) * TICKS_PER_SECOND / fps_fraction(fps))


def frame_at_or_after(ticks: Ticks, rate: Fraction) -> int:
    """The first frame (at ``rate`` frames a second, frame 0 at time 0) shown at or after ``ticks``."""
    return -((-ticks * rate.numerator) // (TICKS_PER_SECOND * rate.denominator))


def frame_time(frame: int, rate: Fraction) -> Ticks:
    """When frame ``frame`` is shown, in ticks: exact for every common rate, else the tick just before it (so
    ``frame_at_or_after`` gives the frame back)."""
    return (frame * TICKS_PER_SECOND * rate.denominator) // rate.numerator


def on_frame(ticks: Ticks, rate: Fraction) -> Ticks:
    """``ticks`` moved to the nearest frame edge at ``rate`` (where an editor's cut can fall)."""
    frame = round(Fraction(ticks * rate.numerator, TICKS_PER_SECOND * rate.denominator))
    return frame_time(frame, rate)


def frame_samples(frame: int, rate: Fraction, sample_rate: int) -> int:
    """The audio sample at frame ``frame``'s time: sound cut at frame edges joins without drift."""
    return round(Fraction(frame * sample_rate) / rate)


def parse_time(text: str, fps: float | Fraction = 30) -> Ticks:
    """Parse what a person typed as a time and return ticks.

    >>> parse_time("1:02.5") == seconds_to_ticks(62.5)
    True

    Raises ``TimeParseError`` naming the input and the accepted forms.
    """
    raw = str(text)
    cleaned = raw.strip().lower()
    if not cleaned:
        raise TimeParseError(f"An empty string is not a time; use {_EXAMPLES}")
    if cleaned.startswith("-"):
        raise TimeParseError(f"'{raw}' is negative; times start at 0")
    if len(cleaned) > 64:
        raise TimeParseError(f"'{raw[:20]}...' is too long to be a time; use {_EXAMPLES}")
    value = _parse_clock(cleaned, fps, raw) if ":" in cleaned else _parse_units(cleaned, fps, raw)
    if value > MAX_SECONDS:
        raise TimeParseError(f"'{raw}' is past the 24-hour limit of a timeline")
    return round(value * TICKS_PER_SECOND)


def parse_seconds(text: str, fps: float | Fraction = 30) -> float:
    """Like ``parse_time`` but returns seconds (the tools' unit)."""
    return ticks_to_seconds(parse_time(text, fps))


def _parse_clock(text: str, fps: float | Fraction, raw: str) -> Fraction:
    """``m:ss(.f)``, ``h:mm:ss(.f)`` or SMPTE ``hh:mm:ss:ff``."""
    parts = text.split(":")
    if not all(re.fullmatch(_NUMBER, p) for p in parts) or len(parts) > 4:
        raise TimeParseError(f"'{raw}' is not a time; use {_EXAMPLES}")
    if len(parts) == 4:
        hours, minutes, seconds, frames = parts
        if any("." in p for p in parts):
            raise TimeParseError(f"'{raw}' is not a SMPTE timecode (hh:mm:ss:ff uses whole numbers)")
        rate = fps_fraction(fps)
        if Fraction(frames) >= rate:
            raise TimeParseError(f"'{raw}': frame {frames} does not exist at {float(rate):g} fps")
        base = _clock_value([hours, minutes, seconds], raw)
        return base + Fraction(frames) / rate
    return _clock_value(parts, raw)


def _clock_value(parts: list[str], raw: str) -> Fraction:
    if any("." in p for p in parts[:-1]):
        raise TimeParseError(f"'{raw}': only the seconds may have a fraction")
    total = Fraction(0)
    for index, part in enumerate(parts):
        value = Fraction(part)
        if index > 0 and value >= 60:
            unit = "seconds" if index == len(parts) - 1 else "minutes"
            raise TimeParseError(f"'{raw}': {unit} must be below 60")
        total = total * 60 + value
    return total


def _parse_units(text: str, fps: float | Fraction, raw: str) -> Fraction:
    """``5``, ``2.5s``, ``500ms``, ``1m30s``, ``1h 2m 3.5s``, ``90f``."""
    position, total, seen_units = 0, Fraction(0), []
    while position < len(text):
        match = _PART.match(text, position)
        if not match or match.end() == position:
            raise TimeParseError(f"'{raw}' is not a time; use {_EXAMPLES}")
        number, unit = Fraction(match.group(1)), match.group(2) or "s"
        if unit in _FRAME_UNITS:
            total += number / fps_fraction(fps)
        elif unit in _UNIT_SECONDS:
            total += number * _UNIT_SECONDS[unit]
        else:
            raise TimeParseError(f"'{raw}': unknown unit '{unit}'; use h, m, s, ms or f (frames)")
        if unit in seen_units:
            raise TimeParseError(f"'{raw}' names '{unit}' twice")
        seen_units.append(unit)
        position = match.end()
    return total


def format_timecode(ticks: Ticks, decimals: int = 2) -> str:
    """A display timecode: ``00:05.00``, or ``1:02:03.50`` past an hour."""
    sign = "-" if ticks < 0 else ""
    scale = 10**decimals
    hundredths = round(abs(ticks) * scale / TICKS_PER_SECOND)
    whole, fraction = divmod(hundredths, scale)
    hours, rest = divmod(whole, 3600)
    minutes, seconds = divmod(rest, 60)
    tail = f".{fraction:0{decimals}d}" if decimals else ""
    if hours:
        return f"{sign}{hours}:{minutes:02d}:{seconds:02d}{tail}"
    return f"{sign}{minutes:02d}:{seconds:02d}{tail}"
