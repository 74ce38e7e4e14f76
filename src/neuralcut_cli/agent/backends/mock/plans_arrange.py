"""Trims of one edge, and clips put in another order on the main track.

A reorder works on a run of clips that touch (no gap between them): the clips are lifted past the end of the
timeline in one move, then set down one by one in the new order from where the run began, so no step overlaps
anything. It is one request, so one undo step.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from neuralcut_cli.agent.backends.mock.intents import Timing, When
from neuralcut_cli.agent.backends.mock.listing import Item
from neuralcut_cli.agent.backends.mock.plans_edit import timing_on
from neuralcut_cli.agent.backends.mock.replay import Call, Context, Done, Failed, Plan, end_of, listing, one, tc

if TYPE_CHECKING:
    from neuralcut_cli.agent.backends.mock.rules_arrange import Reorder, TrimEdge

TOUCH = 1e-6  # seconds: clips this close touch


def plan_trim_edge(intent: TrimEdge, ctx: Context) -> Plan:
    items = yield from listing()
    item = one(intent.ref, items, ctx)
    if intent.edge == "start":
        if not item.start < intent.to < item.end and not (intent.to < item.start and item.type in ("video", "audio")):
            raise Failed(f"{item.describe()} ends at {tc(item.end)}: its start cannot move to {tc(intent.to)}.")
        return (yield from timing_on(Timing(ref=intent.ref, trim_start=round(intent.to - item.start, 6)), items, ctx))
    if intent.to <= item.start:
        raise Failed(f"{item.describe()} starts at {tc(item.start)}: it cannot end at {tc(intent.to)}.")
    return (yield from timing_on(Timing(ref=intent.ref, end=When(seconds=intent.to)), items, ctx))


def plan_reorder(intent: Reorder, ctx: Context) -> Plan:
    from neuralcut_cli.tools.timeline_edits import MoveArgs

    items = yield from listing()
    chosen = [one(ref, items, ctx) for ref in intent.refs]
    if len({item.id for item in chosen}) != len(chosen):
        raise Failed("Those name the same clip twice; name different clips.")
    if intent.how in ("end", "start") and chosen[0].track_kind != "main":
        return (yield from _to_an_end(chosen[0], items, intent.how))
    if intent.how in ("before", "after") and chosen[0].track_kind != "main":
        return (yield from _next_to(chosen[0], chosen[1], intent.how))
    off_main = [item for item in chosen if item.track_kind != "main"]
    if off_main:
        raise Failed(
            f"{off_main[0].describe()} is not on the main track: I put clips in order on the main track only. "
            "Move it to a time instead, e.g. 'move it to 5s'."
        )
    main = sorted((item for item in items if item.track_kind == "main"), key=lambda item: item.start)
    order = _new_order(main, chosen, intent.how)
    changed = [k for k in range(len(main)) if main[k].id != order[k].id]
    if not changed:
        return Done("The clips are already in that order; nothing changed.", tuple(item.id for item in chosen))
    run = main[changed[0] : changed[-1] + 1]
    if any(abs(a.end - b.start) > TOUCH for a, b in zip(run, run[1:], strict=False)):
        raise Failed("There are gaps between those clips; close them first ('close the gaps'), then reorder.")
    yield Call("move_timeline_elements", MoveArgs(element_ids=[item.id for item in run], start=end_of(items) + 1))
    at = run[0].start
    for item in order[changed[0] : changed[-1] + 1]:
        yield Call("move_timeline_elements", MoveArgs(element_ids=[item.id], start=round(at, 6)))
        at += item.end - item.start
    said = ", ".join(f"{item.id}" for item in order)
    return Done(f"Reordered the main track: {said}.", tuple(item.id for item in chosen))


def _new_order(main: list[Item], chosen: list[Item], how: str) -> list[Item]:
    ids = [item.id for item in main]
    moving = chosen[0]
    if how == "swap":
        a, b = ids.index(chosen[0].id), ids.index(chosen[1].id)
        order = list(main)
        order[a], order[b] = order[b], order[a]
        return order
    rest = [item for item in main if item.id != moving.id]
    if how == "end":
        return [*rest, moving]
    if how == "start":
        return [moving, *rest]
    places = [item.id for item in rest]
    if how == "between":
        first, second = sorted((places.index(chosen[1].id), places.index(chosen[2].id)))
        if second - first != 1:
            raise Failed(f"{chosen[1].id} and {chosen[2].id} are not next to each other; say where, e.g. 'after ...'.")
        return [*rest[: first + 1], moving, *rest[first + 1 :]]
    anchor = places.index(chosen[1].id) + (1 if how == "after" else 0)
    return [*rest[:anchor], moving, *rest[anchor:]]


def _to_an_end(item: Item, items: list[Item], how: str) -> Plan:
    """A title, logo or sound moved to the end ends where the timeline ends; to the start, starts at 0."""
    from neuralcut_cli.tools.timeline_edits import MoveArgs

    length = item.end - item.start
    start = max(0.0, end_of([i for i in items if i.id != item.id]) - length) if how == "end" else 0.0
    if abs(start - item.start) <= TOUCH:
        return Done(f"{item.describe()} is already at the {how}; nothing changed.", (item.id,))
    result = yield Call("move_timeline_elements", MoveArgs(element_ids=[item.id], start=round(start, 6)))
    moved = (result.get("movedElements") or [{"start": start, "end": start + length}])[0]
    return Done(f"Moved {item.id} to {tc(moved['start'])}–{tc(moved['end'])}.", (item.id,))


def _next_to(item: Item, other: Item, how: str) -> Plan:
    """A title or sound put right after another element starts where it ends; right before, ends where it starts."""
    from neuralcut_cli.tools.timeline_edits import MoveArgs

    start = other.end if how == "after" else other.start - (item.end - item.start)
    if start < 0:
        raise Failed(f"{other.describe()} starts at {tc(other.start)}: {item.id} does not fit before it.")
    result = yield Call("move_timeline_elements", MoveArgs(element_ids=[item.id], start=round(start, 6)))
    moved = (result.get("movedElements") or [{"start": start, "end": start + item.end - item.start}])[0]
    return Done(f"Moved {item.id} to {tc(moved['start'])}–{tc(moved['end'])}, {how} {other.id}.", (item.id,))
