"""Plans that cut, remove, move and retime."""

from __future__ import annotations

from typing import Any

from neuralcut_cli.agent.backends.mock import intents as i
from neuralcut_cli.agent.backends.mock.listing import Item, items_of
from neuralcut_cli.agent.backends.mock.plan import (
    Call,
    Context,
    Done,
    Failed,
    Plan,
    ids,
    listing,
    needs_items,
    one,
    pick,
    span,
    tc,
    when,
)

EPS = 1e-6


def plan_split(intent: i.Split, ctx: Context) -> Plan:
    needs_listing = intent.ref is not None or any(t.seconds is None for t in intent.times)
    items = (yield from listing()) if needs_listing else []
    if intent.ref is not None and not intent.times:
        item = one(intent.ref, items, ctx)
        times = [round((item.start + item.end) / 2, 6)]
    else:
        times = sorted({when(t, items, ctx) for t in intent.times})
    if intent.ref is not None and intent.times:
        _holding(intent.ref, times, items, ctx)
    result = yield Call("split", {"times": times})
    affected = result["affectedElements"]
    where = ", ".join(tc(t) for t in times)
    if not affected:
        return Done(f"Nothing to split at {where}: no element spans that time.")
    note = " (every track is cut at that time)" if intent.ref is not None else ""
    return Done(f"Split at {where}{note}: {len(affected)} elements affected (cut originals and their new pieces): "
                f"{', '.join(affected)}.", tuple(affected))


def _holding(ref: i.Ref, times: list[float], items: list[Item], ctx: Context) -> Item:
    """The one element ``ref`` names that spans every time ("the clip at 4.5s": the clip playing then)."""
    found = pick(ref, items, ctx, many=True)
    holding = [item for item in found if all(item.start < t < item.end for t in times)]
    if len(holding) == 1:
        return holding[0]
    if not holding:
        what = found[0].describe() if len(found) == 1 else f"any of {ids(found)}"
        raise Failed(f"{', '.join(tc(t) for t in times)} is not inside {what}, so there is nothing of it to cut "
                     "there.")
    return one(ref, holding, ctx)


def plan_remove_range(intent: i.RemoveRange, ctx: Context) -> Plan:
    items = (yield from listing()) if needs_items(intent.span) else []
    start, end = span(intent.span, items, ctx, default=None)
    yield Call("split", {"times": [start, end]})
    items = yield from listing()
    inside = [item for item in items if item.start >= start - EPS and item.end <= end + EPS]
    if inside:
        yield Call("delete_timeline_elements", {"elementIds": [item.id for item in inside]})
    moved = (yield from _close_range(start, end)) if intent.ripple else 0
    if not inside and not moved:
        return Done(f"Nothing lies between {tc(start)} and {tc(end)}; nothing was removed.")
    text = f"Removed {tc(start)}–{tc(end)}: split at both ends, then deleted {ids(inside) or 'nothing'}."
    text += f" Closed the gap: {moved} later element{'s' if moved != 1 else ''} moved {end - start:g} s earlier." \
        if intent.ripple else " The gap stays (say 'and close the gap' to pull everything after it in)."
    return Done(text, tuple(item.id for item in inside))


def _close_range(start: float, end: float) -> Any:
    """Move everything that starts at or after ``end`` left by the removed length."""
    items = yield from listing()
    later = [item for item in items if item.start >= end - EPS]
    if not later:
        return 0
    first = min(item.start for item in later)
    yield Call("move_timeline_elements", {"elementIds": [item.id for item in later],
                                          "start": round(first - (end - start), 6)})
    return len(later)


def plan_delete(intent: i.Delete, ctx: Context) -> Plan:
    items = yield from listing()
    chosen: list[Item] = []
    for ref in intent.refs:
        chosen += [item for item in pick(ref, items, ctx, many=ref.plural) if item not in chosen]
    yield Call("delete_timeline_elements", {"elementIds": [item.id for item in chosen]})
    text = f"Deleted {', '.join(item.describe() for item in chosen)}."
    if intent.ripple:
        for item in sorted(chosen, key=lambda x: -x.start):
            yield from _close_track(item)
        text += " Closed the gaps they left on their tracks."
    return Done(text)


def _close_track(gone: Item) -> Any:
    items = yield from listing()
    later = [item for item in items if item.track_id == gone.track_id and item.start >= gone.end - EPS]
    if later:
        first = min(item.start for item in later)
        yield Call("move_timeline_elements", {"elementIds": [item.id for item in later],
                                              "start": round(first - (gone.end - gone.start), 6)})


def _track_id(word: str | None, items: list[Item], tracks: dict[str, str]) -> str | None:
    if word is None or word in tracks:
        return word
    wanted = {"main": "main", "overlay": "overlay", "top": "overlay", "graphic": "overlay"}.get(word, word)
    found = [track_id for track_id, kind in tracks.items() if kind == wanted]
    if not found:
        raise Failed(f"There is no {word} track to move it to.")
    return found[0]


def plan_move(intent: i.Move, ctx: Context) -> Plan:
    result = yield Call("list_timeline")
    items = items_of(result)
    tracks = {t["trackId"]: t["type"] for t in result["tracks"]}
    chosen: list[Item] = []
    for ref in intent.refs:
        chosen += [item for item in pick(ref, items, ctx, many=ref.plural) if item not in chosen]
    first = min(item.start for item in chosen)
    if intent.by is not None:
        start = first + intent.by
    elif intent.to is not None:
        start = when(intent.to, items, ctx)
    else:
        start = first
    if start < 0:
        raise Failed(f"That would start before 0 ({tc(start)}).")
    args: dict[str, Any] = {"elementIds": [item.id for item in chosen], "start": round(start, 6)}
    track = _track_id(intent.track, items, tracks)
    if track is not None:
        args["targetTrackId"] = track
    moved = yield Call("move_timeline_elements", args)
    shown = ", ".join(f"{m['elementId']} to {tc(m['start'])}–{tc(m['end'])} on {m['trackId']}"
                      for m in moved["movedElements"])
    return Done(f"Moved {shown}.", tuple(item.id for item in chosen))


def plan_place(intent: i.Place, ctx: Context) -> Plan:
    items = yield from listing()
    item = one(intent.ref, items, ctx)
    if item.type != "text":
        raise Failed(f"Only text can be moved to the {intent.position} of the frame for now; {item.describe()} is "
                     f"{'an' if item.type[0] in 'aeiou' else 'a'} {item.type}.")
    yield Call("update_text", {"trackId": item.track_id, "elementId": item.id, "position": intent.position})
    return Done(f"Moved {item.describe()} to the {intent.position} of the frame.", (item.id,))


def plan_timing(intent: i.Timing, ctx: Context) -> Plan:
    items = yield from listing()
    item = one(intent.ref, items, ctx)
    args: dict[str, Any] = {"elementId": item.id}
    length = item.end - item.start
    if intent.length is not None:
        args["duration"] = intent.length
    elif intent.delta is not None:
        if length + intent.delta <= 0:
            raise Failed(f"{item.describe()} is only {length:g} s long; it cannot lose {-intent.delta:g} s.")
        args["duration"] = round(length + intent.delta, 6)
    elif intent.trim_start is not None:
        if item.type in ("video", "audio"):
            raise Failed("Trimming the start of a clip keeps its frames in place; that needs a trim tool I don't "
                         "have yet. I can shorten it from the end instead ('make it 2 seconds shorter').")
        if intent.trim_start >= length:
            raise Failed(f"{item.describe()} is only {length:g} s long.")
        args.update(start=round(item.start + intent.trim_start, 6), end=item.end)
    elif intent.end is not None:
        args["end"] = round(when(intent.end, items, ctx), 6)
    elif intent.start is not None:
        args["start"] = round(when(intent.start, items, ctx), 6)
    result = yield Call("update_timeline_element_timing", args)
    return Done(f"{item.id} now runs {tc(result['start'])}–{tc(result['end'])} ({result['duration']:g} s).",
                (item.id,))
