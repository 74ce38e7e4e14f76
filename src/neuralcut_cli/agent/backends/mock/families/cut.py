"""Cutting: split at a time or a named clip alone ("split at 5s", "cut the beach clip in half"), remove a
range on every track ("delete from 3s to 6s"; a cut at the start always closes up), delete elements ("delete
the title", ripple when asked).
"""

from __future__ import annotations

from typing import Any

from neuralcut_cli.agent.backends.mock import intents as i
from neuralcut_cli.agent.backends.mock.clause import Clause
from neuralcut_cli.agent.backends.mock.intents import Ref, Span, When
from neuralcut_cli.agent.backends.mock.listing import Item, Vocab
from neuralcut_cli.agent.backends.mock.memory import tagged
from neuralcut_cli.agent.backends.mock.refs import take_ref, take_refs
from neuralcut_cli.agent.backends.mock.replay import (
    Call,
    Context,
    Done,
    Failed,
    Plan,
    call,
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
from neuralcut_cli.agent.backends.mock.rule import Rule
from neuralcut_cli.agent.backends.mock.times import (
    TIME,
    take_anchor,
    take_span,
    take_times,
)
from neuralcut_cli.english import plural
from neuralcut_cli.tools.outputs import DeleteOutput, SplitOutput, TimelineOutput
from neuralcut_cli.values import field, replace


class Split(i.Intent):
    times: tuple[When, ...] = ()
    ref: Ref | None = None  # "split the intro clip in half": at its middle


class RemoveRange(i.Intent):
    span: Span = field(default_factory=Span)
    ripple: bool = False


class Delete(i.Intent):
    refs: tuple[Ref, ...] = ()
    ripple: bool = False  # close the gap each leaves on its track


_REMOVE = (
    r"\b(?:delete|remove|cut(?: out)?|trim(?: out| off)?|get rid of|take out|erase|drop|clear|kill|lose|"
    r"snip(?: out)?|ditch|trash|scrap|toss|chop(?: out| off)?|throw (?:away|out)|bin|nuke)\b"
)

_RIPPLE = (
    r"\b(?:and\s+)?(?:close (?:up )?(?:the |that |any )?(?:gaps?|space|hole)|ripple|close it up|"
    r"(?:do not|don't) leave (?:a |any )?(?:gaps?|holes?)|leave no (?:gaps?|holes?)|with no (?:gaps?|holes?)|"
    r"(?:and )?shift (?:everything|the rest)(?: (?:left|back|over|up))?|without (?:leaving )?(?:a |any )?"
    r"(?:gaps?|holes?)|no gaps?|tighten(?: it| up| the edit)?|pull (?:everything|the rest) (?:left|back|in))\b"
)

_WHAT = (
    r"\b(?:everything|all|anything|whatever(?: is| plays)?|the part|the section|the bit|the segment|the content|"
    r"stuff|what(?:'s| is| plays)|the footage|that part|that section|the portion|the piece|the stretch|"
    r"(?:the )?(?:middle )?(?:part|section|bit|segment|portion|chunk|stretch))\b"
)

_WHOLE_EDIT = (
    r"(?:the\s+)?(?:(?:whole|entire)\s+thing|(?:whole\s+|entire\s+)?(?:video|timeline|edit|movie|film|"
    r"footage)|everything|all tracks|every track)"
)


def read_split(c: Clause, v: Vocab) -> i.Intent | None:
    if c.find(r"\bbetween\b") or c.find(rf"(?:{TIME})\s*(?:-|–|to|till|until|through)\s*(?:{TIME})"):
        return None
    verb = c.take(
        r"\b(?:make|do|add|put|place) an? (?:split|cut)\b|\b(?:split|slice|divide|blade|razor)\b|"
        r"\b(?:cut|chop)(?= (?:it |that |them |" + _WHOLE_EDIT + r" )?"
        r"(?:at|here|right here|in half|in two|in the middle|down the middle|into two|where|when|as soon)\b)|"
        r"\b(?:cut|chop)(?=\s+(?:the|my|this|that)\s+\S+(?:\s+\S+){0,2}\s+at\s+\d)|"  # "cut the music at 10s"
        r"\bmake a cut\b|\badd a cut\b|\bput a cut\b|\b(?:cut|chop)(?=.*\b(?:in half|in two|in 2|into two|into 2|"
        r"down the middle)\b)"
    )
    if verb is None:
        return None
    c.take(rf"\b{_WHOLE_EDIT}\b(?!\s+(?:clip|track)\b)")  # the whole edit, not one element
    times: list[i.When] = []
    anchor = take_anchor(c, v)  # before the reference: "when the second clip begins" is a time
    if anchor is not None:
        times.append(anchor)
    ref = take_ref(c, v)
    if c.take(
        r"\b(?:in half|in two|into two|in 2|into 2(?: pieces| parts)?|in the middle|down the middle|"
        r"at (?:its|the) (?:middle|halfway point)|"
        r"halfway(?: through)?)\b"
    ):
        return None if ref is None or times else Split(ref=ref)
    times += [i.When(seconds=t) for t in take_times(c, v)]
    c.take_all(r"\b(?:at|and|in|into|pieces|parts|clips?)\b")
    return Split(times=tuple(times), ref=ref) if times else None


def read_remove_range(c: Clause, v: Vocab) -> i.Intent | None:
    ripple = c.take(_RIPPLE) is not None
    if c.take(_REMOVE) is None:
        return None
    c.take(_WHAT)
    span = take_span(c, v)
    if (
        span is None
        or span.over is not None
        or (span.start is None and span.end is None and not (span.first or span.last or span.whole))
        or (span.start is not None and span.end is None and not span.length)
    ):
        return None
    if span.whole:
        return None  # "delete the whole video" is not something to guess at
    c.take(r"\b(?:of|from|in)\s+(?:the\s+)?(?:video|timeline|edit|everything|all tracks|every track)\b")
    return RemoveRange(span=span, ripple=ripple)


def read_delete(c: Clause, v: Vocab) -> i.Intent | None:
    ripple = c.take(_RIPPLE) is not None
    verb = c.take(_REMOVE)
    if verb is None or verb.group(0) == "trim":  # "trim the intro" takes some off an edge: how much? (refused)
        return None
    every = c.take(r"\b(?:all (?:of )?(?:the )?|both (?:of )?(?:the )?|every )(?=\w)") is not None
    c.take_all(r"\b(?:from (?:the )?(?:timeline|edit|video|project)|completely|entirely|altogether|too)\b")
    refs = take_refs(c, v)
    if every:  # "delete all the text": every one of that kind
        refs = tuple(
            replace(r, plural=True) if not (r.ids or r.names or r.pronoun or r.ordinal is not None) else r for r in refs
        )
    if not refs or c.find(rf"(?<![\w.]){TIME}"):
        return None
    c.take_all(r"\b(?:from (?:the )?(?:timeline|edit|video|project)|completely|entirely|altogether|too)\b")
    return Delete(refs=refs, ripple=ripple)


def plan_split(intent: Split, ctx: Context) -> Plan:
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
    result = yield from call(
        "split", SplitArgs(times=times, element_ids=only) if only else SplitArgs(times=times), SplitOutput
    )
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


def plan_remove_range(intent: RemoveRange, ctx: Context) -> Plan:
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


def plan_delete(intent: Delete, ctx: Context) -> Plan:
    if intent.refs and all(ref.pronoun for ref in intent.refs) and tagged(ctx.memory, "transition"):
        return (yield from _remove_remembered_transitions(ctx))  # "add a dissolve ...", "remove it"
    items = yield from listing()
    chosen: list[Item] = []
    for ref in intent.refs:
        chosen += [item for item in pick(ref, items, ctx, many=ref.plural) if item not in chosen]
    args: dict[str, Any] = {"elementIds": [item.id for item in chosen]}
    if intent.ripple:
        args["ripple"] = True
    result = yield from call("delete_timeline_elements", args, DeleteOutput)
    text = f"Deleted {', '.join(item.describe() for item in chosen)}."
    if intent.ripple:
        text += " Closed the gaps they left." + followed(result)
    return Done(text, tuple(result["deletedElements"]))  # gone: a later "it" means nothing, and is asked


def _remove_remembered_transitions(ctx: Context) -> Plan:
    from neuralcut_cli.tools.transition_tools import RemoveTransitionArgs

    into = set(tagged(ctx.memory, "transition"))
    listed = yield from call("list_timeline", {}, TimelineOutput)
    ids = [t["transitionId"] for track in listed["tracks"] for t in track.get("transitions", []) if t["to"] in into]
    if not ids:
        raise Failed("That transition is gone already; nothing to remove.")
    yield Call("remove_transition", RemoveTransitionArgs(transition_ids=ids))
    cuts = "those cuts are plain cuts" if len(ids) > 1 else "that cut is a plain cut"
    return Done(f"Removed the transition{'s' if len(ids) > 1 else ''} just made; {cuts} again.")


#: The family's rows (``rule.Rule``); ``rank`` places them in the one table (``rules.RULES``).
ROWS: tuple[Rule, ...] = (
    Rule(
        "split",
        read_split,
        plan=plan_split,
        examples=(
            "split at 5s",
            "cut at frame 120",
            "split at 2.5s and 7s",
            "split when the second clip begins",
            "cut the beach clip in half",
        ),
        rank=350,
    ),
    Rule(
        "remove a range",
        read_remove_range,
        plan=plan_remove_range,
        examples=("delete from 3s to 6s", "cut out 3-6s and close the gap", "remove the last two seconds"),
        rank=360,
    ),
    Rule(
        "delete",
        read_delete,
        plan=plan_delete,
        examples=("delete the title", "remove the logo and the title", "delete it"),
        rank=370,
        refusals=(
            (
                r"^(?:please\s+)?(?:trim|shorten|cut down)\b(?!.*\d)",
                "How much? Say e.g. 'trim 2 seconds off the start of the intro' or 'make the intro 4 seconds long'.",
            ),
        ),
    ),
)
