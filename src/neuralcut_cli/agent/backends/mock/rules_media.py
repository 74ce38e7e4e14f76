"""Readings of requests about what the media contains: silences, loudness, shot changes."""

from __future__ import annotations

from neuralcut_cli.agent.backends.mock import intents as i
from neuralcut_cli.agent.backends.mock.clause import Clause
from neuralcut_cli.agent.backends.mock.listing import Vocab
from neuralcut_cli.agent.backends.mock.refs import take_refs
from neuralcut_cli.agent.backends.mock.rule import Rule
from neuralcut_cli.agent.backends.mock.times import take_time

ROOMY_PADDING = 0.3  # "leave a little breathing room": twice the tool's 0.15 s
TIGHT_PADDING = 0.05
#: What people call the places a program goes, as ``catalogs.loudness.PLATFORMS`` keys.
PLACES = {
    "youtube": "youtube",
    "spotify": "spotify",
    "streaming": "youtube",
    "instagram": "instagram",
    "tiktok": "tiktok",
    "podcast": "podcast",
    "podcasts": "podcast",
    "apple": "podcast",
    "broadcast": "broadcast",
    "tv": "broadcast",
    "ebu": "broadcast",
    "atsc": "atsc",
}


def read_remove_silences(c: Clause, v: Vocab) -> i.Intent | None:
    """``remove the silences``, ``cut the dead air but leave a little breathing room``."""
    verb = c.take(
        r"\b(?:remove|cut|delete|trim|strip|get rid of|take out|kill|drop|chop)(?: out)?(?: (?:all|every|"
        r"any))?(?: (?:the|of the))?\b"
    )
    noun = c.take(
        r"\b(?:silences?|silent (?:parts|bits|stretches|gaps)|dead air|quiet (?:parts|bits)|"
        r"(?:long )?pauses|awkward pauses)\b"
    )
    if verb is None or noun is None:
        return None
    minimum = take_time(c, v, r"longer than|over|of more than|above|past", "s")
    padding = None
    if c.take(
        r"\b(?:but |and )?(?:leave|keep)(?: a(?: little| bit of)?| some)? (?:breathing room|room to breathe|"
        r"(?:a )?(?:little|bit of) (?:air|space|pause))\b"
    ):
        padding = ROOMY_PADDING
    elif c.take(r"\b(?:tight(?:ly)?|no breathing room|leave no (?:air|room|space))\b"):
        padding = TIGHT_PADDING
    c.take(r"\b(?:in|from|of) (?:the )?(?:video|recording|clip|clips|audio|footage|edit|timeline)\b")
    return i.RemoveSilences(padding=padding, min_silence=minimum)


def read_normalize(c: Clause, v: Vocab) -> i.Intent | None:
    """``even out the audio``, ``make it as loud as YouTube wants``, ``normalize to -16 LUFS``."""
    verb = c.take(r"\b(?:even out|normali[sz]e|level(?: out)?|balance|fix)\b(?: (?:the|all the|my))?")
    loud = None if verb else c.take(r"\b(?:make (?:it|the (?:audio|sound|video)|everything) )?as loud as\b")
    if verb is None and loud is None:
        return None
    said = c.take(r"\b(?:audio|sound|volume|volumes|levels?|loudness)\b")
    target, platform = None, None
    number = c.take(r"\b(?:to|at) (-\d+(?:\.\d+)?) ?(?:lufs|lu)\b")
    if number is not None:
        target = float(number.group(1))
    place = c.take(rf"\b({'|'.join(PLACES)})\b")
    if place is not None:
        platform = PLACES[place.group(1).lower()]
    c.take(r"\b(?:wants|want|needs|likes|expects|asks for|standard|level|loudness|for|of)\b")
    if (verb is not None and said is None and number is None) or (loud is not None and place is None):
        return None
    return i.Normalize(target=target, platform=platform)


def read_split_scenes(c: Clause, v: Vocab) -> i.Intent | None:
    """``split at every shot change``, ``cut the beach clip at its scene changes``."""
    verb = c.take(r"\b(?:split|cut|chop|divide)\b")
    if verb is None:
        return None
    if (
        c.take(
            r"\b(?:at|on|by|into)(?: (?:every|each|all(?: the)?|its|the|their))? (?:shot|scene|camera) "
            r"(?:changes?|cuts?)\b|\binto (?:its |their )?(?:shots|scenes)\b"
        )
        is None
    ):
        return None
    c.take(r"\b(?:in (?:it|them)|automatically)\b")
    return i.SplitScenes(refs=take_refs(c, v))


#: The request kinds read here (``rule.Rule``); ``rank`` places them in the one table (``rules.RULES``).
ROWS: tuple[Rule, ...] = (
    Rule(
        "remove silences",
        read_remove_silences,
        plan="plans_media:plan_remove_silences",
        examples=(
            "remove the silences",
            "cut the dead air but leave a little breathing room",
            "remove pauses longer than 1 second",
        ),
        rank=260,
    ),
    Rule(
        "normalize",
        read_normalize,
        plan="plans_media:plan_normalize",
        examples=("even out the audio", "make it as loud as YouTube wants", "normalize the audio to -16 LUFS"),
        rank=270,
    ),
    Rule(
        "split at scenes",
        read_split_scenes,
        plan="plans_media:plan_split_scenes",
        examples=("split at every shot change", "cut the beach clip at its scene changes"),
        rank=280,
    ),
)
