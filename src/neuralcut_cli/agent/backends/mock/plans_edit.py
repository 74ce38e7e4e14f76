"""Plans that change what is already on the timeline."""

from __future__ import annotations

import re
from typing import Any

from neuralcut_cli.agent.backends.mock.phrases import Phrase
from neuralcut_cli.agent.backends.mock.resolve import find_elements
from neuralcut_cli.agent.backends.mock.runner import Element, Failed, Runner
from neuralcut_cli.agent.backends.mock.words import span, text_position, track_named
from neuralcut_cli.time import timecode_of_seconds

EPSILON = 1e-6


def _ids(elements: list[Element]) -> list[str]:
    return [e.id for e in elements]


def _pieces_ok(ref: str, found: list[Element]) -> bool:
    """Several matches are fine when they are pieces of one thing, or asked for in the plural."""
    return len({(e.type, e.name, e.data.get("content")) for e in found}) == 1 or bool(
        re.search(r"\b(all|every|both|everything)\b", ref))


def pick(ref: str, p: Phrase, run: Runner, many: bool = False) -> list[Element]:
    found = find_elements(ref, run.timeline(), p.quotes, many=True)
    if len(found) > 1 and not (many and _pieces_ok(ref, found)):
        find_elements(ref, found, p.quotes, many=False)  # raises the ambiguity message
    return found


def plan_split(p: Phrase, run: Runner) -> str:
    times = p.times()
    if not times and p.has(r"\b(here|playhead|now)\b"):
        times = [run.playhead]
    if not times:
        raise Failed("Split where? For example: 'split at 5s' or 'split at 2.5s and 7s'.")
    result = run.call("split", {"times": times})
    cut = result["affectedElements"]
    where = ", ".join(timecode_of_seconds(t) for t in sorted(set(times)))
    if not cut:
        return f"Nothing to split at {where}: no element spans that time strictly inside it."
    return f"Split at {where}: {len(cut)} elements affected (cut originals and their new pieces): {', '.join(cut)}."


def plan_delete_range(p: Phrase, run: Runner) -> str:
    start, end = span(p, run, default_length=None)
    if end <= start:
        raise Failed(f"The range {timecode_of_seconds(start)}–{timecode_of_seconds(end)} is empty; say e.g. 'delete from 3s to 6s'.")
    run.call("split", {"times": [start, end]})
    inside = [e for e in run.timeline(refresh=True) if e.start >= start - EPSILON and e.end <= end + EPSILON]
    if not inside:
        return f"Nothing lies between {timecode_of_seconds(start)} and {timecode_of_seconds(end)}; nothing was removed."
    run.call("delete_timeline_elements", {"elementIds": _ids(inside)})
    return (f"Removed {timecode_of_seconds(start)}–{timecode_of_seconds(end)}: split at both ends, then deleted {', '.join(_ids(inside))}. "
            "The gap stays where it was.")


def plan_delete_elements(p: Phrase, run: Runner, ref: str) -> str:
    found = pick(ref, p, run, many=True)
    run.call("delete_timeline_elements", {"elementIds": _ids(found)})
    return "Deleted " + ", ".join(e.describe() for e in found) + "."


def plan_move(p: Phrase, run: Runner, ref: str) -> str:
    found = pick(ref, p, run, many=True)
    earliest = min(e.start for e in found)
    later = re.search(r"\b([\d.]+\s*(?:s|sec|secs|seconds?|ms|f|frames?))\s+(later|earlier|forward|back|sooner)\b", p.text)
    delta = p.after(r"by") if later is None else p.seconds(later.group(1))
    if delta is not None and p.has(r"\b(earlier|back|left|sooner|before)\b"):
        start = earliest - delta
    elif delta is not None:
        start = earliest + delta
    elif p.has(r"\bto the (start|beginning)\b"):
        start = 0.0
    elif p.has(r"\bto the end\b"):
        others = [e.end for e in run.timeline() if e.track_id == found[0].track_id and e.id not in _ids(found)]
        start = max(others, default=0.0)
    else:
        asked = p.after(r"to|at")
        if asked is None:
            raise Failed("Move it where? For example: 'move the logo to 12s'.")
        start = asked
    if start < 0:
        raise Failed(f"That would start before 0 ({timecode_of_seconds(start)}).")
    args = {"elementIds": _ids(found), "start": start}
    target = track_named(p, run)
    if target is not None and target != found[0].track_id:
        args["targetTrackId"] = target
    result = run.call("move_timeline_elements", args)
    moved = ", ".join(f"{m['elementId']} to {timecode_of_seconds(m['start'])}–{timecode_of_seconds(m['end'])} on {m['trackId']}"
                      for m in result["movedElements"])
    return f"Moved {moved}."


def plan_text_position(p: Phrase, run: Runner, ref: str) -> str:
    text = pick(ref, p, run)[0]
    if text.type != "text":
        raise Failed(f"{text.describe()} is not text; only text can move to the top, center or bottom.")
    position = text_position(p, "center")
    run.call("update_text", {"trackId": text.track_id, "elementId": text.id, "position": position})
    return f"Moved {text.describe()} to the {position} of the frame."


def plan_change_text(p: Phrase, run: Runner, ref: str, new_text: str) -> str:
    text = pick(ref, p, run)[0]
    if text.type != "text":
        raise Failed(f"{text.describe()} is not a text element.")
    run.call("update_text", {"trackId": text.track_id, "elementId": text.id, "text": new_text})
    return f'Changed the text of {text.id} from "{text.data.get("content", "")}" to "{new_text}".'


def plan_timing(p: Phrase, run: Runner, ref: str) -> str:
    element = pick(ref, p, run)[0]
    args: dict[str, Any] = {"elementId": element.id}
    found = p.range()
    if found:
        args["start"], args["end"] = found
    else:
        end = p.after(r"end at|ends at|ending at|end|until|till|extend(?:ed)? to|stretch(?:ed)? to|stop at")
        start = p.after(r"start at|starts at|starting at|begin at|begins at|start")
        length = p.duration() or p.after(r"(?:shorten|trim|cut|make|extend|lengthen)(?:\s+\S+){0,3}\s+to")
        if end is not None:
            args["end"] = end
        if start is not None:
            args["start"] = start
        if length is not None and end is None:
            args["duration"] = length
    if len(args) == 1:
        raise Failed("Change the timing how? For example: 'make the photo last 10 seconds' or 'make it end at 8s'.")
    result = run.call("update_timeline_element_timing", args)
    return (f"{element.id} now runs {timecode_of_seconds(result['start'])}–{timecode_of_seconds(result['end'])} "
            f"({result['duration']:g} s) on {result['trackId']}.")


def plan_volume(p: Phrase, run: Runner, ref: str) -> str:
    if p.has(r"\bunmute\b"):
        level = 1.0
    elif p.has(r"\b(mute|silence)\b"):
        level = 0.0
    elif not re.search(r"\d", p.text) and p.has(r"\b(down|quieter|softer|lower)\b"):
        level = 0.5
    elif not re.search(r"\d", p.text) and p.has(r"\b(up|louder)\b"):
        level = 1.0
    else:
        level = _level(p)
    target = ref if ref.strip() else "the music"
    found = pick(target, p, run, many=True)
    for element in found:
        if element.type not in ("audio", "video"):
            raise Failed(f"{element.describe()} has no sound to change.")
        run.call("set_volume", {"trackId": element.track_id, "elementId": element.id, "volume": level})
    what = "Muted" if level == 0 else f"Set the volume to {level * 100:g}% for"
    return f"{what} {', '.join(e.describe() for e in found)}."


def _level(p: Phrase) -> float:
    match = re.search(r"(\d+(?:\.\d+)?)\s*(%|percent)", p.text)
    if match:
        value = float(match.group(1)) / 100
    else:
        match = re.search(r"\b(?:to|at|volume)\s+(\d*\.?\d+)\b", p.text)
        if not match:
            raise Failed("To what volume? For example: 'set the music volume to 50%' or 'mute the music'.")
        value = float(match.group(1))
        value = value / 100 if value > 1 else value
    if not 0 <= value <= 1:
        raise Failed("Volume goes from 0% (silent) to 100% (as recorded).")
    return value
