"""Time: ticks, seconds, what people type, and display timecodes."""

from __future__ import annotations

import pytest

from neuralcut_cli.errors import TimeParseError
from neuralcut_cli.time import (
    TICKS_PER_SECOND,
    format_timecode,
    frames_to_ticks,
    parse_seconds,
    parse_time,
    seconds_to_ticks,
    ticks_to_seconds,
)


@pytest.mark.parametrize(
    ("text", "seconds"),
    [
        ("5", 5),
        ("5s", 5),
        ("2.5s", 2.5),
        (" 2.5 s ", 2.5),
        ("5 seconds", 5),
        ("500ms", 0.5),
        (".5", 0.5),
        ("1m30s", 90),
        ("1m 30s", 90),
        ("1m30", 90),
        ("2m", 120),
        ("1h", 3600),
        ("1h2m3.5s", 3723.5),
        ("1:02.5", 62.5),
        ("00:05", 5),
        ("00:01:02.500", 62.5),
        ("1:00:00", 3600),
        ("90f", 3),  # at 30 fps
        ("15 frames", 0.5),
        ("00:00:05:15", 5.5),  # SMPTE at 30 fps
        ("0", 0),
    ],
)
def test_parses_what_people_type(text: str, seconds: float) -> None:
    assert parse_time(text, fps=30) == seconds_to_ticks(seconds)


def test_frames_follow_the_project_rate() -> None:
    assert parse_time("24f", fps=24) == TICKS_PER_SECOND
    assert parse_time("1f", fps=24) == 5000
    assert frames_to_ticks(1, 23.976) == 5005


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("abc", "'abc' is not a time"),
        ("", "empty"),
        ("-5", "negative"),
        ("5x", "unknown unit 'x'"),
        ("1:75", "seconds must be below 60"),
        ("1:61:00", "minutes must be below 60"),
        ("5s5s", "twice"),
        ("1.5:20", "only the seconds may have a fraction"),
        ("1:2:3:4:5", "is not a time"),
        ("00:00:01:45", "frame 45 does not exist at 30 fps"),
        ("five", "is not a time"),
    ],
)
def test_rejects_garbage_naming_what_was_wrong(text: str, fragment: str) -> None:
    with pytest.raises(TimeParseError) as info:
        parse_time(text, fps=30)
    assert fragment in str(info.value)


def test_seconds_and_ticks_convert_at_the_boundary() -> None:
    assert seconds_to_ticks(2.5) == 300_000
    assert ticks_to_seconds(300_000) == 2.5
    assert seconds_to_ticks(1 / 3) == 40_000
    assert parse_seconds("1:02.5") == 62.5


@pytest.mark.parametrize(
    ("ticks", "text"),
    [
        (0, "00:00.00"),
        (600_000, "00:05.00"),
        (7_500_000, "01:02.50"),
        (432_000_000 + 7_500_000, "1:01:02.50"),
        (5005, "00:00.04"),
    ],
)
def test_formats_display_timecodes(ticks: int, text: str) -> None:
    assert format_timecode(ticks) == text
