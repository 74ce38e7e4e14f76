"""The values every family shares: the ``Intent`` base, the slots, and the few intents more than one family
carries out (``History``, ``Timing``, ``TrackState``, ``ChangeFade``). Each family's own intent lives in its
module (``families/<name>.py``), beside the reading that makes it and the plan that carries it out.

Slots keep what was said, unresolved: a ``Ref`` is the words that named an
element ("the intro clip"), a ``When``/``Span`` a time as said ("when the
second clip begins", "the last two seconds"). Plans resolve them against the
timeline as it is when they run, so each step of a chain sees the one before.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Literal

from neuralcut_cli.values import Value, field

if TYPE_CHECKING:
    from neuralcut_cli.agent.backends.mock.replay import Context, Plan


TextPosition = Literal["top", "center", "bottom"]
Corner = Literal["top-left", "top-right", "center", "bottom-left", "bottom-right"]


class Ref(Value):
    """Words naming one or more elements."""

    text: str  # as said, for messages ("the intro clip")
    kind: str | None = None  # text, video, image, audio, sticker, effect
    names: tuple[str, ...] = ()  # name words or a quote placeholder's text
    ids: tuple[str, ...] = ()  # ids or id prefixes
    ordinal: int | None = None  # 0-based; -1 the last
    effect: str | None = None  # "the blur": an effect element of this type
    plural: bool = False  # "the clips", "all the stickers"
    pronoun: bool = False  # "it", "them", "that": the last thing acted on
    track: bool = False  # "the logo track": the track, not an element
    word: str = ""  # the kind word said ("title", "caption"): names that contain it come first
    half: str | None = None  # "the second half" (after the last split): second | first
    at: float | None = None  # "the clip at 0:07": what plays on the main track then


class When(Value):
    """A point in time: seconds, or an edge of a referenced element, or an anchor."""

    seconds: float | None = None
    anchor: str | None = None  # "end" (of the timeline), "start" (0), "playhead"
    ref: Ref | None = None  # an element's ...
    edge: str = "start"  # ... start, end or middle


class Span(Value):
    """A time range as said."""

    start: When | None = None
    end: When | None = None
    length: float | None = None  # "for 3 seconds"
    first: float | None = None  # "the first 3 seconds"
    last: float | None = None  # "the last 2 seconds"
    whole: bool = False  # "the whole video"
    over: Ref | None = None  # "on the intro clip": that element's range


class Level(Value):
    """A volume, absolute (0..1 gain) or relative (dB)."""

    gain: float | None = None
    delta_db: float | None = None
    mute: bool | None = None


# -- intents -----------------------------------------------------------------------------------------


class Intent(Value):
    """Base of every intent; ``said`` is the request part it came from, ``plan`` how the row that read it
    carries it out (``rule.Rule.plan``)."""

    said: str = field(default="", compare=False)
    plan: Callable[[Any, Context], Plan] | None = field(default=None, compare=False, repr=False)


class History(Intent):
    backwards: bool = True
    count: int = 1  # ALL_STEPS: "undo everything"


#: Steps "undo everything" takes at most in one request (the mock makes one call a turn, and a request has 24).
ALL_STEPS = 20


class Timing(Intent):
    ref: Ref = field(default_factory=lambda: Ref(""))
    start: When | None = None
    end: When | None = None
    length: float | None = None
    delta: float | None = None  # seconds added to (or, negative, taken off) the end
    trim_start: float | None = None  # seconds taken off the start (the end stays)
    factor: float | None = None  # "make it longer": for a fade or transition just touched (2 or 0.5)


class TrackRef(Value):
    """A track as people name it: "the logo track" (the track the logo is on), "the audio track", t-main."""

    said: str
    kind: str | None = None  # main, overlay, text, effect, audio
    element: Ref | None = None  # the track that holds this element
    id: str | None = None


class TrackState(Intent):
    track: TrackRef = field(default_factory=lambda: TrackRef(""))
    action: str = "mute"  # mute, unmute, hide, show


class ChangeFade(Intent):
    """ "make the fade longer": fades already there, made longer or shorter, or a given length."""

    refs: tuple[Ref, ...] = ()
    which: str | None = None  # "in", "out", or None: whichever the element has
    seconds: float | None = None  # the new length
    factor: float | None = None  # or the old length times this (2: longer, 0.5: shorter)
