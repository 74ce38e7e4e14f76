"""What a request did not ask for, as the guard answers it (``agent.guard``): each refusal says what the call would
have done that the request does not ask, and writes out the call to make instead, which a small model copies."""

from __future__ import annotations

import json
from collections.abc import Callable

from neuralcut_cli.agent.types import ToolCall


def unasked_cuts(call: ToolCall, extra: list[float], named: set[float]) -> str:
    """The refusal of cuts nobody asked for, with the call to make instead written out (a small model copies it):
    the call's own times that the request names."""
    said = f"Not asked for: a cut at {', '.join(f'{t:g}' for t in extra)} s."
    kept = [t for t in call.args["times"] if isinstance(t, int | float) and float(t) in named]
    if not kept:
        return f"{said} The request names {', '.join(f'{t:g}' for t in sorted(named))} s: split at those only."
    return f"{said} Call split with {json.dumps({**call.args, 'times': kept})} instead."


def other_track(call: ToolCall, track_id: str, name: str) -> str:
    """The refusal of a track call on a track the request did not name, with the call to make instead."""
    instead = json.dumps({**call.args, "trackId": track_id})
    return f"Not asked for: the request names the {name} track ({track_id}). Call {call.name} with {instead} instead."


#: The edits of existing elements that can move them in time, and the arguments that do.
RETIMING = {
    "update_text": ("start", "end"),
    "update_timeline_element_timing": ("start", "end", "duration"),
    "move_timeline_elements": ("start",),
}


def moved_in_time(call: ToolCall, span: Callable[[str], tuple[float, float] | None]) -> str | None:
    """The refusal of a call that would move an element in time or change its length, for a request that asked for
    neither; None when the call keeps every element where it is (its times as they are, or none given)."""
    keys = [k for k in RETIMING.get(call.name, ()) if isinstance(call.args.get(k), int | float)]
    many = call.args.get("elementIds")
    ids: list[object] = many if isinstance(many, list) else [call.args.get("elementId")]
    for element_id in [i for i in ids if isinstance(i, str)]:
        where = span(element_id)
        if where is None or not keys:
            continue
        now = {"start": where[0], "end": where[1], "duration": where[1] - where[0]}
        if any(abs(float(call.args[k]) - now[k]) > 1e-3 for k in keys):
            rest = {k: v for k, v in call.args.items() if k not in keys}
            said = f"Not asked for: the request names no time, so {element_id} stays at {where[0]:g}-{where[1]:g} s."
            if set(rest) - {"elementId", "elementIds"}:
                return f"{said} Call {call.name} with {json.dumps(rest)} instead (or nothing, if that is done)."
            return f"{said} Nothing else is asked of {element_id} here."
    return None


def add_instead(asset_id: str, name: str, track: str, at: float | None) -> str:
    """The refusal of another edit for a request that asks to add a media file, with the call to make."""
    args: dict[str, object] = {"assetId": asset_id, "trackType": track}
    if at is not None:
        args["startTime"] = round(at, 3)
    where = "" if at is not None else " (startTime: where it goes)"
    return (
        f"Not asked for: the request adds the media file {name} ({asset_id}). Call add_media_to_timeline with "
        f"{json.dumps(args)}{where} instead."
    )


#: The edits that act on a stretch of the program given by its start and end.
OVER_A_STRETCH = frozenset({"apply_effect", "remove_range", "add_text", "add_sticker"})


def over_another_stretch(call: ToolCall, edge: tuple[float, float], takes: frozenset[str]) -> str | None:
    """The refusal, with the call to make, of a call over a stretch outside the one the request names by its edge
    (or given a duration or elements instead); None when it lies within it ("tidy up the first ten seconds" may
    cut 2-4 s)."""
    start, end = call.args.get("start"), call.args.get("end")
    numbers = all(isinstance(v, int | float) and not isinstance(v, bool) for v in (start, end))
    if numbers and float(start) >= edge[0] - 0.05 and float(end) <= edge[1] + 0.05:  # type: ignore[arg-type]
        return None
    args = {k: v for k, v in call.args.items() if k in takes and k not in ("start", "end")}
    args.update(start=edge[0], end=edge[1])
    return (
        f"Not asked for: the request means {edge[0]:g}-{edge[1]:g} s of the video. Call {call.name} with "
        f"{json.dumps(args)} instead."
    )


def other_ids(call: ToolCall, element_id: str) -> list[str]:
    """The ids a call's ``elementIds`` name besides ``element_id``."""
    ids = call.args.get("elementIds")
    return [i for i in ids if i != element_id] if isinstance(ids, list) else []


def only_named(call: ToolCall, element_id: str, name: str, others: list[str]) -> str:
    """The refusal of a delete that takes more than the one element the request names, with the call to make."""
    instead = json.dumps({**call.args, "elementIds": [element_id]})
    return (
        f"Not asked for: the request names {name} ({element_id}) only, not {', '.join(map(str, others[:5]))}. "
        f"Call {call.name} with {instead} instead."
    )


def resized_elsewhere(
    call: ToolCall, resize: tuple[str, float, float], span: Callable[[str], tuple[float, float] | None]
) -> str | None:
    """The refusal, with the call to make, of a timing call on the element a request resizes that does not give it
    the length asked (its start kept, its end moved); None when it does, or the call is about another element."""
    element_id, start, end = resize
    keys = [k for k in RETIMING.get(call.name, ()) if isinstance(call.args.get(k), int | float)]
    many = call.args.get("elementIds")
    ids: list[object] = many if isinstance(many, list) else [call.args.get("elementId")]
    now = span(element_id)
    if not keys or element_id not in ids or now is None:
        return None
    said = {k: float(call.args[k]) for k in keys}
    begins = said.get("start", now[0])
    ends = said.get("end", begins + said.get("duration", now[1] - now[0]))
    if abs(begins - start) <= 0.05 and abs(ends - end) <= 0.05:
        return None
    instead = json.dumps({"elementId": element_id, "start": round(start, 3), "end": round(end, 3)})
    return (
        f"Not asked for: the request makes {element_id} {end - start:g} s long, from {start:g} s to {end:g} s. Call "
        f"update_timeline_element_timing with {instead} instead."
    )
