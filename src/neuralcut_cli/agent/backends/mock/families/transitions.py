"""Transitions between clips, whole: adding one (between two clips, into a clip, at the cut at a time, at every
cut; "join A and B with a crossfade", "fade between the clips", "add dissolves", "smooth out the cuts"), making
them longer, shorter or another kind, removing them.

"fade to black at the end" stays a fade of the last clip (``rules_motion``): a transition needs a clip after it,
and these readings need a cut named. Each plan lists the timeline, finds the cut, then calls ``add_transition``,
``update_transition`` or ``remove_transition``, reading their answers through ``tools.outputs``.
"""

from __future__ import annotations

import re
from typing import Any

from neuralcut_cli.agent.backends.mock import intents as i
from neuralcut_cli.agent.backends.mock.clause import Clause
from neuralcut_cli.agent.backends.mock.listing import Item, Vocab, items_of
from neuralcut_cli.agent.backends.mock.memory import tagged, transition_tag
from neuralcut_cli.agent.backends.mock.refs import take_ref, take_refs
from neuralcut_cli.agent.backends.mock.replay import Call, Context, Done, Failed, Plan, answer, call, one
from neuralcut_cli.agent.backends.mock.rule import Rule
from neuralcut_cli.agent.backends.mock.times import take_time
from neuralcut_cli.catalogs.transitions import find_transition
from neuralcut_cli.tools.outputs import TimelineOutput, TransitionAdded, TransitionsRemoved


class AddTransition(i.Intent):
    """A transition at one cut (``refs``: outgoing and incoming, or only the incoming with ``into``), at the
    cut between the only two clips (``pair``), or at every cut of the main track (``every``)."""

    kind: str = "dissolve"
    seconds: float | None = None
    refs: tuple[i.Ref, ...] = ()
    into: bool = False
    pair: bool = False
    every: bool = False
    at: float | None = None  # "at 0:06 add a crossfade": the cut at that time
    first_two: bool = False  # "between the first two clips"


class ChangeTransition(i.Intent):
    """The transitions there are (one, or all when said in the plural) made another kind or length."""

    kind: str | None = None
    seconds: float | None = None
    factor: float | None = None
    plural: bool = False
    it: bool = False  # "make it longer" after a transition was touched: that one (``memory``)


class RemoveTransitions(i.Intent):
    pass


_SIDE = r"(?:\s+(?:to the |from the |towards the )?(?P<side>left|right|up|down))?"
#: The words for each kind, most specific first (a catalogue id, or a prefix that takes a side).
_KINDS: tuple[tuple[str, str], ...] = (
    (
        r"dip(?:s|ping)? to black|fade through black|dip(?:s)? through black|fades? to black(?=.*\bbetween\b)",
        "dip-to-black",
    ),
    (r"dip(?:s|ping)? to white|fade through white|white flash|flash", "dip-to-white"),
    (r"cross[- ]?fades?|cross[- ]?dissolves?|dissolves?|mix|fades?(?= between\b)", "dissolve"),
    (rf"wipe{_SIDE}", "wipe"),
    (rf"slide{_SIDE}", "slide"),
    (rf"push{_SIDE}", "push"),
    (r"circle(?: (?P<circle>open|close))?|iris", "circle"),
    (r"zoom transition|zoom-in transition", "zoom-in"),
    (r"pixeli[sz]e|pixelate|mosaic", "pixelize"),
    (r"radial|clock wipe", "radial"),
)


def _kind(c: Clause, generic: bool = True) -> str | None:
    for words, kind in _KINDS:
        found = c.take(rf"\b(?:{words})(?:\s+transitions?)?\b")
        if found is not None:
            groups = found.groupdict()
            if kind in ("wipe", "slide", "push"):
                return f"{kind}-{groups.get('side') or 'left'}"
            if kind == "circle":
                return f"circle-{groups.get('circle') or 'open'}"
            return kind
    if generic and c.take(r"\btransitions?\b"):
        return "dissolve"
    return None


_EVERY = (
    r"\b(?:between|at|on|for)\s+(?:every|each|all(?: of)?(?: the)?|the)\s+(?:clips?|cuts?|shots?|edits?|scenes?)\b|"
    r"\beverywhere\b|\bthroughout\b"
)


_SMOOTH = r"^(?:please\s+)?smooth(?:en)? (?:out |over )?(?:all )?(?:the |my )?(?:cuts|edits|transitions|jumps)\b"
_JOIN = r"^(?:please\s+)?(?:join|link|connect|blend|bridge|merge)\b"


def read_add_transition(c: Clause, v: Vocab) -> i.Intent | None:
    """``add a crossfade between the two clips``, ``dissolve into the city clip``, ``put a one second wipe between
    every clip``, ``a dip to black between the intro and the beach clip``, ``join the beach and city clips with a
    crossfade``, ``add dissolves``, ``smooth out the cuts``."""
    if c.take(_SMOOTH) is not None:  # "smooth out the cuts": a dissolve at every cut
        return AddTransition(every=True)
    if c.take(_JOIN) is not None:
        return _joined(c, v)
    at = take_time(c, v, r"at")  # "at 0:06 add a crossfade": the cut at that time
    c.take(r"\b(?:add|put|insert|use|apply|place|give (?:me|it)|i want|do|throw in|can you add)\b")
    c.take(r"\b(?:an?|some)\b")
    leading = c.take(r"\b(\d+(?:\.\d+)?)[- ]?(?:s|secs?|seconds?)(?:[- ]long)?\b")  # "a 1 second wipe"
    seconds = float(leading.group(1)) if leading else None
    kind = _kind(c)
    if kind is None:
        return None
    seconds = seconds if seconds is not None else take_time(c, v, r"of|lasting|for|over|about", "s")
    at = at if at is not None else take_time(c, v, r"at")
    if at is not None:
        return AddTransition(kind=kind, seconds=seconds, at=at) if not c.find(r"\b(?:between|into)\b") else None
    if c.take(_EVERY) or (kind_plural(c) and not c.find(r"\b(?:between|into|from|to)\b")):  # "add dissolves"
        return AddTransition(kind=kind, seconds=seconds, every=True)
    if c.take(r"\bbetween\s+(?:the\s+)?(?:two|2|both)\s+(?:clips|shots|videos)\b"):
        return AddTransition(kind=kind, seconds=seconds, pair=True)
    if c.take(r"\bbetween\s+the\s+first\s+(?:two|2)\s+(?:clips|shots|videos)\b"):
        return AddTransition(kind=kind, seconds=seconds, first_two=True)
    if c.take(r"\b(?:between|from)\b"):
        refs = take_refs(c, v)
        c.take(r"\b(?:and|to|into)\b")
        refs = refs if len(refs) == 2 else (*refs, *take_refs(c, v))
        return AddTransition(kind=kind, seconds=seconds, refs=refs) if len(refs) == 2 else None
    trial = c.copy()  # "crossfade the intro into the beach": two clips joined by into / to / and
    refs = take_refs(trial, v)
    if len(refs) == 2 and trial.take(r"\b(?:into|going into|to|and|with)\b"):
        c.used = trial.used
        return AddTransition(kind=kind, seconds=seconds, refs=refs)
    if c.take(r"\b(?:into|going into|to|before|leading into)\b"):
        ref = take_ref(c, v)
        return AddTransition(kind=kind, seconds=seconds, refs=(ref,), into=True) if ref else None
    return None


def kind_plural(c: Clause) -> bool:
    """Whether the kind was said in the plural ("add dissolves", "add crossfades"): at every cut."""
    return re.search(r"\b(?:cross[- ]?fades|(?:cross[- ]?)?dissolves|wipes|transitions|dips)\b", c.text) is not None


def _joined(c: Clause, v: Vocab) -> AddTransition | None:
    """``join the beach and city clips with a crossfade``: two clips, then the kind."""
    refs = take_refs(c, v)
    if len(refs) == 1 and refs[0].plural and refs[0].names:  # "the beach and city clips": two names, one kind word
        refs = tuple(i.Ref(refs[0].text, kind=refs[0].kind, names=(n,)) for n in refs[0].names)
    c.take(r"\b(?:with|using|via|by|through)\s+(?:an?\s+)?")
    kind = _kind(c)
    if kind is None or len(refs) != 2:
        return None
    return AddTransition(kind=kind, seconds=take_time(c, v, r"of|lasting|for|over|about", "s"), refs=refs)


def read_change_transition(c: Clause, v: Vocab) -> i.Intent | None:
    """``make the crossfade longer``, ``make the transitions half a second``, ``make the dissolve a wipe``."""
    verb = c.take(r"\b(?:make|set|change|turn|(?P<up>lengthen|extend)|(?P<down>shorten))\b")
    if verb is None or c.take(r"\b(?:all the|all|every|the|its|their)\b") is None:
        return None
    plural = re.search(r"\b(?:all|every|transitions|cross-?fades|dissolves|wipes|dips)\b", c.text) is not None
    if _kind(c) is None:
        return None
    length = take_time(c, v, r"to|last|be|take|lasting|of|over", "s") or take_time(c, v, "", "s")
    c.take(r"\b(?:long|in length)\b")
    kind = _kind(c, generic=False) if c.take(r"\b(?:into|to|an?)\b") else None
    factor = None
    if length is None and kind is None:
        size = c.take(r"\b(?P<up>longer|slower|more gradual|gentler)\b|\b(?:shorter|quicker|faster|snappier)\b")
        if size is None and not (verb.group("up") or verb.group("down")):
            return None
        factor = 2.0 if verb.group("up") or (size is not None and size.group("up")) else 0.5
        c.take(r"\b(?:a bit|a little|slightly|much|a lot)\b")
    return ChangeTransition(kind=kind, seconds=length, factor=factor, plural=plural)


def read_remove_transitions(c: Clause, v: Vocab) -> i.Intent | None:
    """``remove the transitions``, ``no more crossfades``, ``take out the dissolve``."""
    if c.take(r"\b(?:remove|delete|drop|get rid of|take out|kill|no more|lose|clear)\b") is None:
        return None
    c.take(r"\b(?:all(?: of)?(?: the)?|the|every|each|any)\b")
    if _kind(c) is None:
        return None
    c.take(r"\b(?:between the clips|from the timeline|everywhere)\b")
    return RemoveTransitions()


# -- plans

_JOINED = ("video", "image", "audio")


def plan_add_transition(intent: AddTransition, ctx: Context) -> Plan:
    from neuralcut_cli.tools.transition_tools import AddTransitionArgs

    listed = yield from call("list_timeline", {}, TimelineOutput)
    items = items_of(listed)
    main = next(t for t in listed["tracks"] if t["type"] == "main")
    length = 1.0 if intent.seconds is None else intent.seconds  # the tool's own default
    if intent.every:
        args = AddTransitionArgs(track_id=main["trackId"], every_cut=True, type=intent.kind, duration=length)
    else:
        outgoing, incoming = _cut(intent, items, main, ctx)
        args = AddTransitionArgs(element_ids=[outgoing.id, incoming.id], type=intent.kind, duration=length)
    done = answer(TransitionAdded, (yield Call("add_transition", args)))
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
    clips = sorted((i for i in items if i.track_id == main["trackId"] and i.type in _JOINED), key=lambda i: i.start)
    if intent.at is not None:
        return _cut_at(intent.at, clips)
    if intent.first_two:
        if len(clips) < 2:
            raise Failed("There are fewer than two clips on the main track: no cut to put a transition at.")
        return clips[0], clips[1]
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


def _cut_at(at: float, clips: list[Item]) -> tuple[Item, Item]:
    """The cut of the main track at ``at`` (within half a second: a note's time is read off a player)."""
    cuts = [(a, b) for a, b in zip(clips, clips[1:], strict=False) if abs(a.end - b.start) < 1e-6]
    near = [(a, b) for a, b in cuts if abs(a.end - at) <= 0.5]
    if not near:
        where = ", ".join(f"{a.end:g} s" for a, _ in cuts) or "none"
        raise Failed(f"There is no cut at {at:g} s on the main track (cuts at: {where}); say which clips to join.")
    return near[0]


def plan_change_transition(intent: ChangeTransition, ctx: Context) -> Plan:
    from neuralcut_cli.tools.transition_tools import UpdateTransitionArgs

    listed = yield from call("list_timeline", {}, TimelineOutput)
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
        changed += answer(TransitionAdded, (yield Call("update_transition", args)))["added"]
    said = "; ".join(f"{_name(r['type'])} now {r['duration']:g} s ({r['start']:g}-{r['end']:g} s)" for r in changed)
    return Done(f"Changed {said}.", tuple(transition_tag(r["to"]) for r in changed))


def plan_remove_transitions(intent: RemoveTransitions, ctx: Context) -> Plan:
    from neuralcut_cli.tools.transition_tools import RemoveTransitionArgs

    done = yield Call("remove_transition", RemoveTransitionArgs(all=True), allow_error=True)
    if "error" in done:
        raise Failed("There are no transitions to remove.")
    count = len(answer(TransitionsRemoved, done)["removed"])
    return Done(f"Removed {count} transition{'s' if count != 1 else ''}; those cuts are plain cuts again.")


def _name(kind: str) -> str:
    found = find_transition(kind)
    return found.name.lower() if found else kind


#: The family's rows (``rule.Rule``); ``rank`` places them in the one table (``rules.RULES``).
ROWS: tuple[Rule, ...] = (
    Rule(
        "change a transition",
        read_change_transition,
        plan=plan_change_transition,
        examples=("make the crossfade longer", "make the transitions half a second"),
        rank=295,
    ),
    Rule(
        "remove transitions",
        read_remove_transitions,
        plan=plan_remove_transitions,
        examples=("remove the transitions",),
        rank=297,
    ),
    Rule(
        "add a transition",
        read_add_transition,
        plan=plan_add_transition,
        examples=(
            "add a crossfade between the intro and the beach clip",
            "dissolve into the city clip",
            "put a one second wipe between every clip",
        ),
        rank=298,
    ),
)
