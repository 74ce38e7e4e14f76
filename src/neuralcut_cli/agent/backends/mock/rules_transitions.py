"""Readings of requests about transitions between clips: add one (between two clips, into a clip, at every cut),
make it longer, shorter or another kind, remove them. "fade to black at the end" stays a fade of the last clip
(``rules_motion``): a transition needs a clip after it, and these readings need a cut named."""

from __future__ import annotations

import re

from neuralcut_cli.agent.backends.mock import intents as i
from neuralcut_cli.agent.backends.mock.clause import Clause
from neuralcut_cli.agent.backends.mock.listing import Vocab
from neuralcut_cli.agent.backends.mock.refs import take_ref, take_refs
from neuralcut_cli.agent.backends.mock.rule import Rule
from neuralcut_cli.agent.backends.mock.times import take_time


class AddTransition(i.Intent):
    """A transition at one cut (``refs``: outgoing and incoming, or only the incoming with ``into``), at the
    cut between the only two clips (``pair``), or at every cut of the main track (``every``)."""

    kind: str = "dissolve"
    seconds: float | None = None
    refs: tuple[i.Ref, ...] = ()
    into: bool = False
    pair: bool = False
    every: bool = False


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
    (r"dip(?:s|ping)? to black|fade through black|dip(?:s)? through black", "dip-to-black"),
    (r"dip(?:s|ping)? to white|fade through white|white flash|flash", "dip-to-white"),
    (r"cross[- ]?fade|cross[- ]?dissolve|dissolve|mix", "dissolve"),
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


def read_add_transition(c: Clause, v: Vocab) -> i.Intent | None:
    """``add a crossfade between the two clips``, ``dissolve into the city clip``, ``put a one second wipe between
    every clip``, ``a dip to black between the intro and the beach clip``."""
    c.take(r"\b(?:add|put|insert|use|apply|place|give (?:me|it)|i want|do|throw in|can you add)\b")
    c.take(r"\b(?:an?|some)\b")
    leading = c.take(r"\b(\d+(?:\.\d+)?)[- ]?(?:s|secs?|seconds?)(?:[- ]long)?\b")  # "a 1 second wipe"
    seconds = float(leading.group(1)) if leading else None
    kind = _kind(c)
    if kind is None:
        return None
    seconds = seconds if seconds is not None else take_time(c, v, r"of|lasting|for|over|about", "s")
    if c.take(_EVERY):
        return AddTransition(kind=kind, seconds=seconds, every=True)
    if c.take(r"\bbetween\s+(?:the\s+)?(?:two|2|both)\s+(?:clips|shots|videos)\b"):
        return AddTransition(kind=kind, seconds=seconds, pair=True)
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


#: The request kinds read here (``rule.Rule``); ``rank`` places them in the one table (``rules.RULES``).
ROWS: tuple[Rule, ...] = (
    Rule(
        "change a transition",
        read_change_transition,
        plan="plans_transitions:plan_change_transition",
        examples=("make the crossfade longer", "make the transitions half a second"),
        rank=295,
    ),
    Rule(
        "remove transitions",
        read_remove_transitions,
        plan="plans_transitions:plan_remove_transitions",
        examples=("remove the transitions",),
        rank=297,
    ),
    Rule(
        "add a transition",
        read_add_transition,
        plan="plans_transitions:plan_add_transition",
        examples=(
            "add a crossfade between the intro and the beach clip",
            "dissolve into the city clip",
            "put a one second wipe between every clip",
        ),
        rank=298,
    ),
)
