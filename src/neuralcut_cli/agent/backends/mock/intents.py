"""What a request asks for, as small frozen values: ``parse`` makes them, plans carry them out.

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


class Help(Intent):
    topic: str = ""


class History(Intent):
    backwards: bool = True
    count: int = 1  # ALL_STEPS: "undo everything"


#: Steps "undo everything" takes at most in one request (the mock makes one call a turn, and a request has 24).
ALL_STEPS = 20


class ListTimeline(Intent):
    pass


class ListAssets(Intent):
    usage: str | None = None  # used | unused
    kind: str | None = None  # video | audio | image


class ListEffects(Intent):
    on_timeline: bool = False  # the effects applied, not the catalogue
    over: Ref | None = None  # only those over this element


class EffectInfo(Intent):
    effect: str = ""


class ListStickers(Intent):
    provider: str | None = None


class Count(Intent):
    kind: str | None = None  # None: every element


class WhatAt(Intent):
    when: When = field(default_factory=When)
    kind: str | None = None  # "is there any text at 12s?": only that kind


class HowLong(Intent):
    ref: Ref | None = None  # None: the whole timeline


class About(Intent):
    """What an element is: kind, times, track, text, volume, settings."""

    ref: Ref = field(default_factory=lambda: Ref(""))


class Describe(Intent):
    ref: Ref = field(default_factory=lambda: Ref(""))


class Split(Intent):
    times: tuple[When, ...] = ()
    ref: Ref | None = None  # "split the intro clip in half": at its middle


class RemoveRange(Intent):
    span: Span = field(default_factory=Span)
    ripple: bool = False


class Delete(Intent):
    refs: tuple[Ref, ...] = ()
    ripple: bool = False  # close the gap each leaves on its track


class Move(Intent):
    refs: tuple[Ref, ...] = ()
    to: When | None = None
    by: float | None = None  # seconds, signed: "2 seconds later"
    track: str | None = None  # a track id or kind word


class Place(Intent):
    """Move a text (or sticker) to the top, center or bottom of the frame."""

    ref: Ref = field(default_factory=lambda: Ref(""))
    position: TextPosition = "center"


class AddText(Intent):
    text: str = ""
    span: Span = field(default_factory=Span)
    position: str | None = None
    style: str | None = None


class ChangeText(Intent):
    ref: Ref = field(default_factory=lambda: Ref(""))
    text: str = ""


UNUSED = "<the unused clip>"


class AddMedia(Intent):
    asset: str = ""  # words naming the asset; UNUSED: the one video the timeline does not use yet
    at: When | None = None
    track: str | None = None  # main | overlay | audio
    length: float | None = None
    insert: bool = False  # on the main track, what is there moves later to make room (an insert edit)
    between: tuple[Ref, ...] = ()  # "between the beach and the city clips": they must meet


class Timing(Intent):
    ref: Ref = field(default_factory=lambda: Ref(""))
    start: When | None = None
    end: When | None = None
    length: float | None = None
    delta: float | None = None  # seconds added to (or, negative, taken off) the end
    trim_start: float | None = None  # seconds taken off the start (the end stays)
    factor: float | None = None  # "make it longer": for a fade or transition just touched (2 or 0.5)


class Volume(Intent):
    refs: tuple[Ref, ...] = ()
    level: Level = field(default_factory=Level)


class AddSticker(Intent):
    sticker: str = ""
    span: Span = field(default_factory=Span)
    position: Corner = "center"


class ApplyEffect(Intent):
    effect: str = ""
    span: Span = field(default_factory=Span)
    params: tuple[tuple[str, float], ...] = ()


class UpdateEffect(Intent):
    ref: Ref = field(default_factory=lambda: Ref(""))
    params: tuple[tuple[str, float], ...] = ()  # absolute values
    step: float | None = None  # relative: fraction of the range, signed ("stronger")
    param: str | None = None  # which parameter a step moves (default: the first)


class TrackRef(Value):
    """A track as people name it: "the logo track" (the track the logo is on), "the audio track", t-main."""

    said: str
    kind: str | None = None  # main, overlay, text, effect, audio
    element: Ref | None = None  # the track that holds this element
    id: str | None = None


class TrackState(Intent):
    track: TrackRef = field(default_factory=lambda: TrackRef(""))
    action: str = "mute"  # mute, unmute, hide, show


class Duplicate(Intent):
    refs: tuple[Ref, ...] = ()


class Opacity(Intent):
    refs: tuple[Ref, ...] = ()
    percent: float = 100.0  # 0 transparent, 100 opaque


class Speed(Intent):
    refs: tuple[Ref, ...] = ()
    rate: float = 1.0
    default: bool = False  # no amount was said: the usual 2x faster or half speed, said in the reply


class RemoveSilences(Intent):
    padding: float | None = None  # seconds kept at each edge; None: the tool's default
    min_silence: float | None = None
    cut_tracks: tuple[TrackRef, ...] = ()  # "cut the music too": cut like the picture
    keep_tracks: tuple[TrackRef, ...] = ()  # "leave the titles where they are"


class Normalize(Intent):
    target: float | None = None  # LUFS; None: the platform's
    platform: str | None = None  # a key of ``catalogs.loudness.PLATFORMS``; None: the tool's default (YouTube)


class SplitScenes(Intent):
    refs: tuple[Ref, ...] = ()  # none: the main track's video clips


class AddCaptions(Intent):
    refs: tuple[Ref, ...] = ()  # none: the main track's clips
    position: str | None = None
    style: str | None = None  # a caption style (catalogs.caption_styles); None: the tool's default


class StyleCaptions(Intent):
    style: str = "boxed"
    position: str | None = None


class RemoveFillers(Intent):
    words: tuple[str, ...] = ()  # none: the tool's list (um, uh, erm, like)


class RemoveRetakes(Intent):
    pass


class CutWords(Intent):
    text: str = ""
    every: bool = False  # every time it is said, not only the first


class FindWords(Intent):
    query: str = ""


class ImportSubtitles(Intent):
    file: str = ""


class ExportCaptions(Intent):
    fmt: str = "srt"
    file: str | None = None


class CloseGaps(Intent):
    track: TrackRef | None = None  # None: the main track


class Visibility(Intent):
    refs: tuple[Ref, ...] = ()
    hidden: bool = True


class Fade(Intent):
    refs: tuple[Ref, ...] = ()
    fade_in: float | None = None  # seconds
    fade_out: float | None = None


class ChangeFade(Intent):
    """ "make the fade longer": fades already there, made longer or shorter, or a given length."""

    refs: tuple[Ref, ...] = ()
    which: str | None = None  # "in", "out", or None: whichever the element has
    seconds: float | None = None  # the new length
    factor: float | None = None  # or the old length times this (2: longer, 0.5: shorter)


class Zoom(Intent):
    ref: Ref = field(default_factory=lambda: Ref(""))
    factor: float = 1.2  # > 1 zooms in, < 1 out


class Slide(Intent):
    ref: Ref = field(default_factory=lambda: Ref(""))
    side: str = "left"  # where it comes from
    length: float = 0.5  # seconds


class Duck(Intent):
    music: tuple[Ref, ...] = ()
    under: tuple[Ref, ...] = ()
    voice: bool = False  # "under the talk / the voice": the main track's clips that are heard


class ListKeyframes(Intent):
    ref: Ref = field(default_factory=lambda: Ref(""))
