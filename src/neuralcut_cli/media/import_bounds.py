"""What an imported timeline or subtitle file may hold, checked before and after its parser runs.

A hostile file must end in a message, never a crash: OpenTimelineIO's C++
reader follows JSON nesting until the stack runs out (a file 100,000 levels
deep kills the process with SIGSEGV), and its times take any rate, so a rate
of 0 or 1e308 turned into an internal error later. So, before a parser sees
a file: its size is bounded, and its nesting is measured by a scan that
does not recurse (JSON by its brackets, XML by expat's element events). After
it: every rate and time is finite and within bounds.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

from neuralcut_cli.errors import MediaError
from neuralcut_cli.files import MB

MAX_BYTES = 256 * MB
MAX_DEPTH = 256  # an editor's timeline nests stacks a few levels deep; 256 is far past any real one
MAX_RATE = 1_000_000  # audio counted in samples (192 kHz) is well inside
MAX_SECONDS = 24 * 3600


def check_file(file: Path) -> None:
    """Refuse a timeline file that is too big or nested too deep, before any parser reads it."""
    import stat

    info = file.stat()
    if not stat.S_ISREG(info.st_mode):
        raise MediaError(f"{file.name} is not a regular file (a folder, FIFO, socket or device); give a timeline file")
    size = info.st_size
    if size > MAX_BYTES:
        raise MediaError(f"{file.name} is {size // MB:,} MB; timelines of up to {MAX_BYTES // MB} MB are read")
    suffix = file.suffix.lower()
    if suffix not in (".otio", ".xml", ".fcpxml"):
        return  # an EDL is lines: nothing nests
    data = file.read_bytes()
    depth = _json_depth(data, file) if suffix == ".otio" else _xml_depth(data, file)
    if depth > MAX_DEPTH:
        raise MediaError(
            f"{file.name} nests deeper than {MAX_DEPTH} levels; no editor's timeline does, so it is not read"
        )


def _json_depth(data: bytes, file: Path) -> int:
    """0 when Python's own JSON reader (which stops at its recursion bound, in C) can read ``data``; what it
    cannot read for another reason is left to OpenTimelineIO's reader, which says why."""
    import json

    try:
        json.loads(data)
    except RecursionError:
        return MAX_DEPTH + 2
    except ValueError:
        return 0
    return 0


def _xml_depth(data: bytes, file: Path) -> int:
    import xml.parsers.expat

    parser = xml.parsers.expat.ParserCreate()
    state = {"depth": 0, "deepest": 0}

    class Deep(Exception):
        pass

    def start(*_: object) -> None:
        state["depth"] += 1
        state["deepest"] = max(state["deepest"], state["depth"])
        if state["deepest"] > MAX_DEPTH:
            raise Deep

    def end(*_: object) -> None:
        state["depth"] -= 1

    parser.StartElementHandler, parser.EndElementHandler = start, end
    try:
        parser.Parse(data, True)
    except Deep:
        return state["deepest"]
    except xml.parsers.expat.ExpatError:
        return 0  # not XML: the adapter's reader says so in its words
    return state["deepest"]


def check_times(timeline: Any, file: Path) -> None:
    """Every rate and time the timeline holds is finite and within bounds."""
    import opentimelineio as otio

    times = [timeline.global_start_time]
    for item in [timeline.tracks, *timeline.find_children()]:
        span = getattr(item, "source_range", None)
        times += [span.start_time, span.duration] if span is not None else []
        reference = getattr(item, "media_reference", None)
        available = getattr(reference, "available_range", None)
        times += [available.start_time, available.duration] if available is not None else []
        if isinstance(item, otio.schema.Transition):
            times += [item.in_offset, item.out_offset]
        for marker in getattr(item, "markers", []):
            times += [marker.marked_range.start_time, marker.marked_range.duration]
    for time in times:
        if time is not None:
            _check_time(time.value, time.rate, file)


def _check_time(value: float, rate: float, file: Path) -> None:
    if not math.isfinite(rate) or not 0 < rate <= MAX_RATE:
        raise MediaError(f"{file.name} holds a time at a rate of {rate:g}; rates between 0 and {MAX_RATE:,} are read")
    if not math.isfinite(value) or abs(value / rate) > MAX_SECONDS:
        raise MediaError(f"{file.name} holds a time of {value:g} at {rate:g} per second, past 24 hours")


def check_cue_time(seconds: float, where: str) -> None:
    """A subtitle cue must start and end within 24 hours."""
    if not math.isfinite(seconds) or not 0 <= seconds <= MAX_SECONDS:
        raise MediaError(f"{where}: a cue at {seconds:g} s lies past 24 hours; captions are read up to 24:00:00")
