"""Readings of trims and moves said the way editors say them: an edge to a time ("trim the beach clip so it starts
at 0:07", "trim the start of the intro to 2s"), and the order of clips ("move the intro to the end", "put the city
clip between the intro and the beach", "swap the beach and the city", "move the city clip before the beach")."""

from __future__ import annotations

from neuralcut_cli.agent.backends.mock import intents as i
from neuralcut_cli.agent.backends.mock.clause import Clause
from neuralcut_cli.agent.backends.mock.listing import Vocab
from neuralcut_cli.agent.backends.mock.refs import take_ref, take_refs
from neuralcut_cli.agent.backends.mock.rule import Rule
from neuralcut_cli.agent.backends.mock.times import take_time

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


ROWS = (
    Rule(
        "trim an edge",
        read_trim_edge,
        plan="plans_arrange:plan_trim_edge",
        examples=("trim the beach clip so it starts at 7s", "trim the end of the music to 15s"),
        rank=355,
    ),
    Rule(
        "reorder clips",
        read_reorder,
        plan="plans_arrange:plan_reorder",
        examples=(
            "move the intro to the end",
            "put the city clip between the intro and the beach",
            "swap the beach and the city",
        ),
        rank=465,
    ),
)
