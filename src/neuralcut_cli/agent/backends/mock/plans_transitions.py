"""Plans for transitions between clips: which cut, then add_transition, update_transition or remove_transition."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from neuralcut_cli.agent.backends.mock.listing import Item, items_of
from neuralcut_cli.agent.backends.mock.memory import tagged, transition_tag
from neuralcut_cli.agent.backends.mock.replay import Call, Context, Done, Failed, Plan, one
from neuralcut_cli.catalogs.transitions import find_transition

if TYPE_CHECKING:
    from neuralcut_cli.agent.backends.mock.rules_transitions import AddTransition, ChangeTransition, RemoveTransitions

_JOINED = ("video", "image", "audio")


def plan_add_transition(intent: AddTransition, ctx: Context) -> Plan:
    from neuralcut_cli.tools.transition_tools import AddTransitionArgs

    listed = yield Call("list_timeline")
    items = items_of(listed)
    main = next(t for t in listed["tracks"] if t["type"] == "main")
    length = 1.0 if intent.seconds is None else intent.seconds  # the tool's own default
    if intent.every:
        args = AddTransitionArgs(track_id=main["trackId"], every_cut=True, type=intent.kind, duration=length)
    else:
        outgoing, incoming = _cut(intent, items, main, ctx)
        args = AddTransitionArgs(element_ids=[outgoing.id, incoming.id], type=intent.kind, duration=length)
    done = yield Call("add_transition", args)
    rows = done["added"]
    names = {item.id: item.describe() for item in items}
    said = "; ".join(
        f"{_name(r['type'])} between {names.get(r['from'], r['from'])} and {names.get(r['to'], r['to'])} "
        f"({r['start']:g}-{r['end']:g} s){' - ' + r['note'] if r.get('note') else ''}"
        for r in rows
    )
    skipped = f"\nNot at every cut: {' '.join(done['skipped'])}" if done.get("skipped") else ""
    return Done(f"Added {said}.{skipped}", tuple(transition_tag(r["to"]) for r in rows))


def _cut(intent: AddTransition, items: list[Item], main: dict[str, Any], ctx: Context) -> tuple[Item, Item]:
    if intent.pair:
        clips = sorted((i for i in items if i.track_id == main["trackId"] and i.type in _JOINED), key=lambda i: i.start)
        if len(clips) != 2:
            raise Failed(
                f"There are {len(clips)} clips on the main track, so 'the two clips' could be any pair; name them "
                "('between the intro and the beach clip') or say 'between every clip'."
            )
        return clips[0], clips[1]
    if intent.into:
        incoming = one(intent.refs[0], items, ctx, _JOINED)
        before = [i for i in items if i.track_id == incoming.track_id and i.type in _JOINED and i.end == incoming.start]
        if not before:
            raise Failed(f"Nothing ends where {incoming.describe()} starts, so there is no cut to put a transition at.")
        return before[0], incoming
    first, second = (one(ref, items, ctx, _JOINED) for ref in intent.refs)
    return (first, second) if first.start <= second.start else (second, first)


def plan_change_transition(intent: ChangeTransition, ctx: Context) -> Plan:
    from neuralcut_cli.tools.transition_tools import UpdateTransitionArgs

    listed = yield Call("list_timeline")
    there = [t for track in listed["tracks"] for t in track.get("transitions", [])]
    remembered = set(tagged(ctx.memory, "transition"))
    if intent.it and remembered:  # "make it 2 seconds" after adding one: that one
        there = [t for t in there if t["to"] in remembered]
    if not there:
        raise Failed(
            "There are no transitions to change; add one first (e.g. 'add a crossfade between the two clips')."
        )
    if len(there) > 1 and not intent.plural:
        shown = ", ".join(f"{_name(t['type'])} at {t['start']:g} s" for t in there)
        raise Failed(f"There are {len(there)} transitions ({shown}); say 'the transitions' for all of them.")
    changed = []
    for transition in there:
        length = intent.seconds if intent.seconds is not None else transition["duration"] * (intent.factor or 1)
        kind = {} if intent.kind is None else {"type": intent.kind}
        args = UpdateTransitionArgs(transition_id=transition["transitionId"], duration=round(length, 3), **kind)
        done = yield Call("update_transition", args)
        changed += done["added"]
    said = "; ".join(f"{_name(r['type'])} now {r['duration']:g} s ({r['start']:g}-{r['end']:g} s)" for r in changed)
    return Done(f"Changed {said}.", tuple(transition_tag(r["to"]) for r in changed))


def plan_remove_transitions(intent: RemoveTransitions, ctx: Context) -> Plan:
    from neuralcut_cli.tools.transition_tools import RemoveTransitionArgs

    done = yield Call("remove_transition", RemoveTransitionArgs(all=True), allow_error=True)
    if "error" in done:
        raise Failed("There are no transitions to remove.")
    count = len(done["removed"])
    return Done(f"Removed {count} transition{'s' if count != 1 else ''}; those cuts are plain cuts again.")


def _name(kind: str) -> str:
    found = find_transition(kind)
    return found.name.lower() if found else kind
