"""Trims of one edge said the way editors say them ("trim the beach clip so it starts at 0:07", "trim the start
of the intro to 2s"), and the order of clips on the main track ("move the intro to the end", "put the city clip
between the intro and the beach", "swap the beach and the city").

A reorder works on a run of clips that touch (no gap between them): the clips are lifted past the end of the
timeline in one move, then set down one by one in the new order from where the run began, so no step overlaps
anything. It is one request, so one undo step.
"""

from __future__ import annotations

from neuralcut_cli.agent.backends.mock import intents as i
from neuralcut_cli.agent.backends.mock.clause import Clause
from neuralcut_cli.agent.backends.mock.families.timing import timing_on
from neuralcut_cli.agent.backends.mock.intents import Timing, When
from neuralcut_cli.agent.backends.mock.listing import Item, Vocab
from neuralcut_cli.agent.backends.mock.refs import take_ref, take_refs
from neuralcut_cli.agent.backends.mock.replay import Call, Context, Done, Failed, Plan, call, end_of, listing, one, tc
from neuralcut_cli.agent.backends.mock.rule import Rule
from neuralcut_cli.agent.backends.mock.times import take_time
from neuralcut_cli.tools.outputs import MoveOutput

_START = r"(?:start|beginning|front|head|in point|opening)"

_END = r"(?:end|ending|tail|out point|back end)"


class TrimEdge(i.Intent):
    """One edge of an element to a time; the other edge stays. (A length off an edge is the "timing" row's.)"""

    ref: i.Ref = i.Ref("")
    edge: str = "start"  # start | end
    to: float = 0.0  # the edge's new time on the timeline (s)


class Reorder(i.Intent):
    """Clips put in another order: ``how`` is end, start, before, after, between or swap."""

    refs: tuple[i.Ref, ...] = ()
    how: str = "end"


def read_trim_edge(c: Clause, v: Vocab) -> i.Intent | None:
    verb = c.take(r"^(?:trim|cut|take|shave|chop|clip|shorten|knock|lop)\b")
    if verb is None:
        return None
    named = c.take(rf"\b(?:the\s+)?(?:(?P<s>{_START})|(?P<e>{_END}))\s+of\b")
    ref = take_ref(c, v)
    if ref is None or ref.pronoun and named is None and not c.has(r"\bso\b"):
        return None
    said = c.take(r"\bso\s+(?:that\s+)?(?:it|they)\s+(?:(?P<s>starts?|begins?)|(?P<e>ends?|finish(?:es)?|stops?))\b")
    if named is None and said is None:
        return None
    edge_of = named or said
    assert edge_of is not None
    to = take_time(c, v, r"at|to|so it (?:starts|ends) at")
    if to is None:
        return None
    return TrimEdge(ref=ref, edge="start" if edge_of.group("s") else "end", to=to)


def read_reorder(c: Clause, v: Vocab) -> i.Intent | None:
    swap = c.take(r"^(?:swap|switch|exchange|flip|trade)(?:\s+(?:the\s+)?(?:order|places|positions|spots)\s+of)?\b")
    if swap is not None and not c.has(r"\b(?:for|to|into)\b"):  # 'swap "Sunset" for "Dusk"': new words
        refs = take_refs(c, v)
        c.take(r"\b(?:around|places|positions|over|with each other|the order)\b")
        return Reorder(refs=refs, how="swap") if len(refs) == 2 else None
    if c.take(r"^(?:move|put|place|drag|shift|bring|slide|reorder|stick)\b") is None:
        return None
    first = take_ref(c, v)
    if first is None:
        return None
    between = c.take(r"\b(?:in\s+)?between\b")
    if between is not None:
        refs = take_refs(c, v)
        return Reorder(refs=(first, *refs), how="between") if len(refs) == 2 else None
    where = c.take(r"\b(?P<b>before|in front of|ahead of)\b|\b(?P<a>after|behind|following)\b")
    if where is not None:
        other = take_ref(c, v)
        if other is None:
            return None  # "after 3s" is a time: the "move" row's
        return Reorder(refs=(first, other), how="before" if where.group("b") else "after")
    end = c.take(
        r"\b(?:to|at)\s+the\s+(?:very\s+)?(?:(?P<e>end|last spot|last place)|(?P<s>start|beginning|front))"
        r"(?:\s+of\s+(?:the\s+)?(?:timeline|video|edit|project|sequence))?\b|\bto\s+the\s+(?P<e2>back)\s+of\s+the\s+"
        r"(?:timeline|video|edit)\b|\blast\b(?=\s*$)|\bfirst\b(?=\s*$)"
    )
    if end is None:
        return None
    at_end = bool(end.group("e") or end.group("e2") or end.group(0).strip() == "last")
    return Reorder(refs=(first,), how="end" if at_end else "start")


# -- plans


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
    result = yield from call(
        "move_timeline_elements", MoveArgs(element_ids=[item.id], start=round(start, 6)), MoveOutput
    )
    moved = (result.get("movedElements") or [{"start": start, "end": start + length}])[0]
    return Done(f"Moved {item.id} to {tc(moved['start'])}–{tc(moved['end'])}.", (item.id,))


def _next_to(item: Item, other: Item, how: str) -> Plan:
    """A title or sound put right after another element starts where it ends; right before, ends where it starts."""
    from neuralcut_cli.tools.timeline_edits import MoveArgs

    start = other.end if how == "after" else other.start - (item.end - item.start)
    if start < 0:
        raise Failed(f"{other.describe()} starts at {tc(other.start)}: {item.id} does not fit before it.")
    result = yield from call(
        "move_timeline_elements", MoveArgs(element_ids=[item.id], start=round(start, 6)), MoveOutput
    )
    moved = (result.get("movedElements") or [{"start": start, "end": start + item.end - item.start}])[0]
    return Done(f"Moved {item.id} to {tc(moved['start'])}–{tc(moved['end'])}, {how} {other.id}.", (item.id,))


ROWS = (
    Rule(
        "trim an edge",
        read_trim_edge,
        plan=plan_trim_edge,
        examples=("trim the beach clip so it starts at 7s", "trim the end of the music to 15s"),
        rank=355,
    ),
    Rule(
        "reorder clips",
        read_reorder,
        plan=plan_reorder,
        examples=(
            "move the intro to the end",
            "put the city clip between the intro and the beach",
            "swap the beach and the city",
        ),
        rank=465,
    ),
)
