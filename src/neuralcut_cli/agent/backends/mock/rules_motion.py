"""Readings of requests that move things over time: fades, zooms, slides, ducking."""

from __future__ import annotations

import re

from neuralcut_cli.agent.backends.mock import intents as i
from neuralcut_cli.agent.backends.mock.clause import Clause
from neuralcut_cli.agent.backends.mock.listing import Vocab
from neuralcut_cli.agent.backends.mock.refs import take_ref, take_refs
from neuralcut_cli.agent.backends.mock.rule import Rule
from neuralcut_cli.agent.backends.mock.times import TIME, seconds_of, take_time

DEFAULT_FADE = 1.0  # seconds, when the request does not say
QUICK_FADE = 0.5  # "a quick fade"
SLOW_FADE = 2.0  # "a slow fade"


def read_fade(c: Clause, v: Vocab) -> i.Intent | None:
    """``fade in the intro over 1 second``, ``fade out the music at the end``, ``fade the title in and out``."""
    first = c.take(  # "a 3 second fade out", "2s fade in", "a quick fade out"
        rf"\b(?:(?:add|put|give|do)\s+(?:it\s+)?)?(?:an?\s+)?(?:(?P<t>{TIME})|(?P<q>quick|short|fast|brief)|"
        r"(?P<s>slow|long|gentle|gradual))[\s-]+(?:long\s+)?(?=fade)"
    )
    verb = c.take(
        r"\b(?:add a |put a )?(?P<both>fade[sd]? in and out|fade[sd]? (?:it |them )?in and out)\b|"
        r"\b(?:add a |put a )?(?P<dir>fade[- ]?in|fade[- ]?out)\b|\bfade\b"
    )
    if verb is None:
        return None
    refs = take_refs(c, v) or _edge_clip(c)
    if not refs:
        return None
    direction = c.take(r"\b(?:in and out|in|out)\b")
    said = (verb.group("both") and "both") or verb.group("dir") or (direction.group(0) if direction else None)
    if said is None and c.find(r"\b(?:to|from) black\b"):
        said = "out" if c.find(r"\bto black\b") else "in"
    if said is None:
        return None
    length = take_time(
        c, v, r"(?:over|in|during|across|for)\s+the\s+(?:last|final|first|opening)|over|for|of|in|lasting|during", "s"
    )
    if first is not None and length is None:
        length = (
            seconds_of(first.group("t"), v.fps, "s")
            if first.group("t")
            else QUICK_FADE
            if first.group("q")
            else SLOW_FADE
        )
    c.take(
        r"\b(?:at the (?:end|start|beginning)|to black|from black|slowly|gently|gradually|to silence|"
        r"from silence)\b"
    )
    c.take(r"\b(?:to|on|of)\b")
    seconds = length if length is not None else DEFAULT_FADE
    words = set(re.split(r"[\s-]+", said.replace("fades", "fade").replace("faded", "fade")))
    fade_in = seconds if said == "both" or "in" in words else None
    fade_out = seconds if said == "both" or "out" in words else None
    return i.Fade(refs=refs, fade_in=fade_in, fade_out=fade_out)


def _edge_clip(c: Clause) -> tuple[i.Ref, ...]:
    """ "fade to black at the end": the last clip (a fade of it: a transition needs a clip after it);
    "fade in from black at the start": the first."""
    if c.find(r"\b(?:to|from) black\b") is None or c.find(r"\bat the (end|start|beginning)\b") is None:
        return ()
    edge = c.take(r"\bat the (end|start|beginning)(?: of the (?:video|timeline|edit))?\b")
    last = edge is not None and edge.group(1) == "end"
    return (i.Ref(text=f"the {'last' if last else 'first'} clip", kind="video", ordinal=-1 if last else 0),)


def read_change_fade(c: Clause, v: Vocab) -> i.Intent | None:
    """``make the fade longer``, ``make the fade out on the music 3 seconds``, ``shorten the fade in``."""
    verb = c.take(r"\b(?:make|set|change|adjust|(?P<up>lengthen|extend|slow down)|(?P<down>shorten|speed up))\b")
    fade = c.take(r"\b(?:the |its |their )?fade[- ]?(?P<dir>ins?|outs?)?(?:s)?\b")
    if verb is None or fade is None:
        return None
    which = fade.group("dir").rstrip("s") if fade.group("dir") else None
    refs = take_refs(c, v) if c.take(r"\b(?:on|of|for|in)\b") else ()
    length = take_time(c, v, r"to|last|be|take|lasting|of|over", "s")
    if length is None:
        length = take_time(c, v, "", "s")  # "make the fade 2 seconds"
    c.take(r"\b(?:long|in length|in total)\b")
    factor = None
    if length is None:
        size = c.take(r"\b(?P<up>longer|slower|more gradual|gentler)\b|\b(?:shorter|quicker|faster|snappier)\b")
        up = verb.group("up") or (size is not None and size.group("up"))
        if size is None and not (verb.group("up") or verb.group("down")):
            return None
        factor = 2.0 if up else 0.5
        c.take(r"\b(?:a bit|a little|slightly|much|a lot)\b")
    if not refs and c.take(r"\b(?:on|of|for|in)\b"):
        refs = take_refs(c, v)
    return i.ChangeFade(refs=refs, which=which, seconds=length, factor=factor)


def read_zoom(c: Clause, v: Vocab) -> i.Intent | None:
    """``slowly zoom into the logo``, ``zoom out of the intro clip``, ``push in on the beach clip``."""
    verb = c.take(
        r"\b(?P<out>zoom out(?: of| from)?|pull (?:back|out)(?: from| of)?)\b|"
        r"\b(?:zoom in(?:to| on)?|zoom into|zoom|push in(?: on)?|ken burns)\b"
    )
    if verb is None:
        return None
    c.take(r"\b(?:slowly|gently|gradually|a bit|a little|slow|smoothly)\b")
    ref = take_ref(c, v)
    if ref is None:
        return None
    c.take(r"\b(?:slowly|gently|gradually|smoothly|effect)\b")
    return i.Zoom(ref=ref, factor=1 / 1.2 if verb.group("out") else 1.2)


def read_slide(c: Clause, v: Vocab) -> i.Intent | None:
    """``slide the title in from the left``, ``bring the caption in from the right``."""
    if c.take(r"\b(?:slide|swipe|fly|bring|move)\b") is None:
        return None
    ref = take_ref(c, v)
    side = c.take(r"\b(?:in\s+)?from\s+the\s+(left|right|top|bottom)\b")
    if ref is None or side is None:
        return None
    c.take(r"\bin\b")
    length = take_time(c, v, r"over|for|in", "s")
    return i.Slide(ref=ref, side=side.group(1), length=length if length is not None else 0.5)


def read_duck(c: Clause, v: Vocab) -> i.Intent | None:
    """``duck the music under the voice``, ``lower the music when the intro plays``."""
    verb = c.take(r"\b(?:duck|sidechain)\b|\b(?:lower|dip|turn down)(?=.*\b(?:under|whenever|when|while)\b)")
    if verb is None:
        return None
    keyword = c.find(r"\b(?:under(?:neath)?|below|whenever|when|while|during)\b")
    if keyword is None:
        return None
    before = c.copy()
    before.use(keyword.start(), len(c.text))  # the music is named before "under", the voice after
    music = take_refs(before, v)
    c.used = [span for span in before.used if span != (keyword.start(), len(c.text))]
    c.use(keyword.start(), keyword.end())
    if not music:
        return None
    under = take_refs(c, v)
    voice = not under and c.take(VOICE) is not None
    c.take(r"\b(?:plays?|speaks?|talks?|is on|starts?|is playing)\b")
    return i.Duck(music=music, under=under, voice=voice) if under or voice else None


#: What people call the recording a talk is: the main track's clips that are heard.
VOICE = (
    r"\b(?:the |my |our )?(?:talk(?:ing)?|voice(?:s| over|over)?|speech|speaker|dialogue|dialog|narration|"
    r"narrator|presenter|host|interview|words|vocals?|(?:person|someone|me) (?:talking|speaking))\b|"
    r"\b(?:i'?m|i am|we'?re|we are|(?:he|she)'?s|they'?re|anyone is|someone is) (?:talking|speaking)\b|"
    r"\b(?:i|we|they) (?:talk|speak)\b"
)


def read_list_keyframes(c: Clause, v: Vocab) -> i.Intent | None:
    """``list the keyframes of the intro``, ``what keyframes does the title have?``."""
    if c.take(r"\b(?:keyframes|key frames|keys|animations?)\b") is None:
        return None
    c.take(r"\b(?:list|show(?: me)?|what|which|are there|does|do|have|has|of|on|for|in)\b")
    c.take_all(r"\b(?:list|show(?: me)?|what|which|are there|does|do|have|has|of|on|for|in)\b")
    ref = take_ref(c, v)
    c.take_all(r"\b(?:have|has|got)\b")
    return i.ListKeyframes(ref=ref) if ref is not None else None


#: The request kinds read here (``rule.Rule``); ``rank`` places them in the one table (``rules.RULES``).
ROWS: tuple[Rule, ...] = (
    Rule(
        "keyframes",
        read_list_keyframes,
        plan="plans_motion:plan_list_keyframes",
        examples=("list the keyframes of the intro",),
        rank=150,
        looks=True,
    ),
    Rule(
        "change fade",
        read_change_fade,
        plan="plans_motion:plan_change_fade",
        examples=("make the fade longer", "make the fade out on the music 3 seconds"),
        rank=300,
    ),
    Rule(
        "fade",
        read_fade,
        plan="plans_motion:plan_fade",
        examples=("fade in the intro over 1 second", "fade out the music at the end", "fade the title in and out"),
        rank=310,
    ),
    Rule(
        "zoom",
        read_zoom,
        plan="plans_motion:plan_zoom",
        examples=("slowly zoom into the logo", "zoom out of the intro clip"),
        rank=320,
    ),
    Rule(
        "slide in",
        read_slide,
        plan="plans_motion:plan_slide",
        examples=("slide the title in from the left",),
        rank=330,
    ),
    Rule(
        "duck",
        read_duck,
        plan="plans_motion:plan_duck",
        examples=("duck the music under the beach clip",),
        rank=340,
    ),
)
