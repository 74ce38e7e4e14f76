"""Plans that cut, remove, move and retime."""

from __future__ import annotations

from typing import Any

from neuralcut_cli.agent.backends.mock import intents as i
from neuralcut_cli.agent.backends.mock.listing import Item, items_of
from neuralcut_cli.agent.backends.mock.memory import has_tags, tagged
from neuralcut_cli.agent.backends.mock.replay import (
    Call,
    Context,
    Done,
    Failed,
    Plan,
    followed,
    ids,
    listing,
    needs_items,
    one,
    pick,
    span,
    tc,
    when,
)
from neuralcut_cli.english import plural

EPS = 1e-6


def plan_split(intent: i.Split, ctx: Context) -> Plan:
    from neuralcut_cli.tools.timeline_edits import SplitArgs

    needs_listing = intent.ref is not None or any(t.seconds is None for t in intent.times)
    items = (yield from listing()) if needs_listing else []
    if intent.ref is not None and not intent.times:
        item = one(intent.ref, items, ctx)
        times = [round((item.start + item.end) / 2, 6)]
    else:
        times = sorted({when(t, items, ctx) for t in intent.times})
    held = _holding(intent.ref, times, items, ctx) if intent.ref is not None and intent.times else None
    if intent.ref is not None and not intent.times:
        held = one(intent.ref, items, ctx)
    # a named clip is cut alone, as a razor on the selected clip; a bare time cuts every track
    only = [held.id] if held is not None else None
    result = yield Call("split", SplitArgs(times=times, element_ids=only) if only else SplitArgs(times=times))
    affected = result["affectedElements"]
    targets = tuple(affected)
    if held is not None and len(times) == 1 and held.id in affected[::2]:  # (original, new piece) pairs
        at = affected.index(held.id)
        targets = (held.id, affected[at + 1])  # "split the beach clip, delete the second half": its pieces
    where = ", ".join(tc(t) for t in times)
    if not affected:
        return Done(f"Nothing to split at {where}: no element spans that time.")
    note = f" (only {held.id}; say 'split at {where}' to cut every track)" if held is not None else ""
    return Done(
        f"Split at {where}{note}: {plural(len(affected), 'element')} affected (cut originals and their new pieces): "
        f"{', '.join(affected)}.",
        targets,
    )


def _holding(ref: i.Ref, times: list[float], items: list[Item], ctx: Context) -> Item:
    """The one element ``ref`` names that spans every time ("the clip at 4.5s": the clip playing then)."""
    found = pick(ref, items, ctx, many=True)
    holding = [item for item in found if all(item.start < t < item.end for t in times)]
    if len(holding) == 1:
        return holding[0]
    if not holding:
        what = found[0].describe() if len(found) == 1 else f"any of {ids(found)}"
        raise Failed(f"{', '.join(tc(t) for t in times)} is not inside {what}, so there is nothing of it to cut there.")
    return one(ref, holding, ctx)


def plan_remove_range(intent: i.RemoveRange, ctx: Context) -> Plan:
    from neuralcut_cli.tools.ripple_tools import RemoveRangeArgs

    items = (yield from listing()) if needs_items(intent.span) else []
    start, end = span(intent.span, items, ctx, default=None)
    # A cut at the very start always closes up: "cut out the first 5 seconds" means the video begins with what
    # was at 5 s, never with 5 s of black (as "cut out" means to editors).
    ripple = intent.ripple or start < 1e-6
    result = yield Call(
        "remove_range",
        RemoveRangeArgs(start=round(start, 6), end=round(end, 6), ripple=ripple),
        allow_error=True,
    )
    if "error" in result:
        if result["error"] == "Nothing lies in that range":
            return Done(f"Nothing lies between {tc(start)} and {tc(end)}; nothing was removed.")
        raise Failed(f"remove_range failed: {result['error']}")
    deleted = result.get("deletedElements", [])
    if not ripple:
        text = f"Removed {tc(start)}–{tc(end)} on every track ({len(deleted)} piece{'s' if len(deleted) != 1 else ''})."
        return Done(text + " The gap stays (say 'and close the gap' to pull everything after it in).", tuple(deleted))
    moved = len(result.get("movedElements", []))
    text = (
        f"Removed {tc(start)}–{tc(end)} and closed the gap ({len(deleted)} piece{'s' if len(deleted) != 1 else ''} "
        f"taken out, {moved} element{'s' if moved != 1 else ''} moved {end - start:g} s earlier)."
    )
    if not intent.ripple:
        text += f" The video now begins with what was at {tc(end)}."
    return Done(text + followed(result), tuple(deleted))


def plan_delete(intent: i.Delete, ctx: Context) -> Plan:
    if intent.refs and all(ref.pronoun for ref in intent.refs) and tagged(ctx.memory, "transition"):
        return (yield from _remove_remembered_transitions(ctx))  # "add a dissolve ...", "remove it"
    items = yield from listing()
    chosen: list[Item] = []
    for ref in intent.refs:
        chosen += [item for item in pick(ref, items, ctx, many=ref.plural) if item not in chosen]
    args: dict[str, Any] = {"elementIds": [item.id for item in chosen]}
    if intent.ripple:
        args["ripple"] = True
    result = yield Call("delete_timeline_elements", args)
    text = f"Deleted {', '.join(item.describe() for item in chosen)}."
    if intent.ripple:
        text += " Closed the gaps they left." + followed(result)
    return Done(text)


def _remove_remembered_transitions(ctx: Context) -> Plan:
    from neuralcut_cli.tools.transition_tools import RemoveTransitionArgs

    into = set(tagged(ctx.memory, "transition"))
    listed = yield Call("list_timeline")
    ids = [t["transitionId"] for track in listed["tracks"] for t in track.get("transitions", []) if t["to"] in into]
    if not ids:
        raise Failed("That transition is gone already; nothing to remove.")
    yield Call("remove_transition", RemoveTransitionArgs(transition_ids=ids))
    cuts = "those cuts are plain cuts" if len(ids) > 1 else "that cut is a plain cut"
    return Done(f"Removed the transition{'s' if len(ids) > 1 else ''} just made; {cuts} again.")


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
    shown = ", ".join(
        f"{m['elementId']} to {tc(m['start'])}–{tc(m['end'])} on {m['trackId']}" for m in moved["movedElements"]
    )
    return Done(f"Moved {shown}.", tuple(item.id for item in chosen))


def plan_place(intent: i.Place, ctx: Context) -> Plan:
    from neuralcut_cli.tools.text_tools import UpdateTextArgs

    items = yield from listing()
    item = one(intent.ref, items, ctx)
    if item.type != "text":
        from neuralcut_cli.agent.backends.mock.families.overlay import reshape

        said = yield from reshape(item, None, place=intent.position)
        return Done(said + ".", (item.id,))
    yield Call("update_text", UpdateTextArgs(track_id=item.track_id, element_id=item.id, position=intent.position))
    return Done(f"Moved {item.describe()} to the {intent.position} of the frame.", (item.id,))


def plan_timing(intent: i.Timing, ctx: Context) -> Plan:
    if intent.ref.pronoun and has_tags(ctx.memory):  # "make it 3 seconds" after a fade: the fade, not the clip
        return (yield from plan_remembered_length(intent, ctx))
    if intent.factor is not None:
        raise Failed(f"How much {'longer' if intent.factor > 1 else 'shorter'}? Say e.g. 'make it 2 seconds longer'.")
    items = yield from listing()
    return (yield from timing_on(intent, items, ctx))


def timing_on(intent: i.Timing, items: list[Item], ctx: Context) -> Plan:
    """``plan_timing`` on the timeline as ``items`` shows it (a plan that listed it already calls this)."""
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
            return (yield from _trim_clip_start(item, intent.trim_start))
        if intent.trim_start >= length:
            raise Failed(f"{item.describe()} is only {length:g} s long.")
        args.update(start=round(item.start + intent.trim_start, 6), end=item.end)
    elif intent.end is not None:
        args["end"] = round(when(intent.end, items, ctx), 6)
    elif intent.start is not None:
        args["start"] = round(when(intent.start, items, ctx), 6)
    result = yield Call("update_timeline_element_timing", args)
    return Done(f"{item.id} now runs {tc(result['start'])}–{tc(result['end'])} ({result['duration']:g} s).", (item.id,))


def plan_remembered_length(intent: i.Timing, ctx: Context) -> Plan:
    """A new length for the fade or transition the last request touched (``memory``)."""
    from neuralcut_cli.agent.backends.mock.families.motion import plan_change_fade
    from neuralcut_cli.agent.backends.mock.families.transitions import ChangeTransition, plan_change_transition

    if intent.length is None and intent.factor is None:
        raise Failed(
            f"'{intent.ref.text}' is the fade or transition just made: say its new length, e.g. 'make it 2 seconds'."
        )
    if tagged(ctx.memory, "transition"):
        change = ChangeTransition(seconds=intent.length, factor=intent.factor, it=True)
        return (yield from plan_change_transition(change, ctx))
    if tagged(ctx.memory, "fade-in") or tagged(ctx.memory, "fade-out"):
        fade = i.ChangeFade(refs=(intent.ref,), seconds=intent.length, factor=intent.factor)
        return (yield from plan_change_fade(fade, ctx))
    raise Failed(f"'{intent.ref.text}' is a track: it has no length of its own. Name a clip, e.g. 'the intro'.")


def _trim_clip_start(item: Item, seconds: float) -> Plan:
    """A clip's in point moves later (or earlier): its start edge moves, its frames stay in place."""
    from neuralcut_cli.tools.clip_tools import GetElementArgs, UpdateClipArgs

    details = yield Call("get_element", GetElementArgs(element_id=item.id))
    trim_start = round(float(details["trimStart"]) + seconds * float(details.get("speed", 1)), 6)
    if trim_start < 0:
        raise Failed(f"{item.describe()} starts at the beginning of its source; there is nothing more to show there.")
    yield Call("update_clip", UpdateClipArgs(element_id=item.id, trim_start=trim_start))
    return Done(
        f"Trimmed {seconds:g} s off the start of {item.id}: it now starts at {tc(item.start + seconds)} "
        f"(in point {trim_start:g} s into its source).",
        (item.id,),
    )
