"""One element's sound in the graph: read from its file (``audio.sound_input``), at its speed and level (its
volume keyframes sampled as the picture's are), crossfaded where a transition joins it to the next clip, faded
over a few milliseconds where it starts or stops hard (so a cut does not click), and delayed to its place in
the window. ``graph.build_plan`` mixes every element's sound into ``[aout]``.

A transition's crossfade: the outgoing clip's sound plays on into its tail handle and fades out over the
transition's span, the incoming clip's starts early from its head handle and fades in, both linearly.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from neuralcut_cli.editing.sound import moving as level_moving
from neuralcut_cli.project.elements import AudioElement, Element, VideoElement
from neuralcut_cli.project.tracks import Track
from neuralcut_cli.render.animated import SOUND_RATE, gain_expression
from neuralcut_cli.render.audio import AUDIO_RATE, sound_input, speed_filters
from neuralcut_cli.render.filtergraph import Chain, Filter, chain, f, seconds
from neuralcut_cli.render.transitions import joined
from neuralcut_cli.time import seconds_to_ticks, ticks_to_seconds

if TYPE_CHECKING:
    from neuralcut_cli.render.graph import GraphBuilder


def add_sound(
    builder: GraphBuilder,
    path: Path,
    element: VideoElement | AudioElement,
    track: Track,
    span: tuple[float, float, float],
) -> None:
    """The element's sound over ``span`` (output seconds start, end, and seconds of it before the window)."""
    moving = level_moving(element)
    if element.muted or getattr(track, "muted", False) or (element.volume <= -60 and not moving):
        return
    start, end, skip = span
    fades = _crossfades(builder, element, track)
    fades += edge_fades(
        element, track, (builder.window.start, builder.window.end), builder.declick, {kind for kind, _, _ in fades}
    )
    for kind, first, last in fades:  # a transition's crossfade: heard into the handle
        if kind == "out":
            end = max(end, ticks_to_seconds(min(last, builder.window.end) - builder.window.start))
        else:
            earlier = ticks_to_seconds(max(first, builder.window.start) - builder.window.start)
            skip, start = skip - max(0.0, start - earlier), min(start, earlier)
    rate = element.rate
    spec, source = sound_input(path, ticks_to_seconds(element.trim_start) + skip * rate, (end - start) * rate)
    index = len(builder.inputs)
    builder.inputs.append(spec)
    level = f("volume", volume=f"{seconds(element.volume)}dB")
    if moving:  # t counts from the element's first audible sample here
        first_heard = max(builder.window.start, element.start_time)
        clock = replace(builder.clock(element), origin=first_heard, rate=SOUND_RATE)
        level = f("volume", volume=gain_expression(element, clock), eval="frame")
    first, last = round(start * AUDIO_RATE), round(end * AUDIO_RATE)
    label = builder.label("a")
    builder.chains.append(
        chain(
            f"{index}:a",
            *source,
            *speed_filters(rate, element.retime is None or element.retime.maintain_pitch is not False),
            f("atrim", end_sample=last - first),
            level,
            *crossfade_filters(fades, builder.window.start + seconds_to_ticks(start)),
            f("adelay", delays=f"{first}S", all=1),
            out=label,
        )
    )
    builder.audio.append(label)


def mixed_sound(labels: list[str], length: int) -> Chain:
    """``[aout]``: the elements' sounds mixed (or silence), exactly ``length`` samples at ``AUDIO_RATE``."""
    exact = (f("apad", whole_len=length), f("atrim", end_sample=length))
    if not labels:
        return chain((), f("anullsrc", r=AUDIO_RATE, cl="stereo"), *exact, out="aout")
    return chain(tuple(labels), f("amix", inputs=len(labels), normalize=0, dropout_transition=0), *exact, out="aout")


def _crossfades(builder: GraphBuilder, element: Element, track: Track) -> list[tuple[str, int, int]]:
    """The crossfades of transitions on ``element``'s edges: ("in" | "out", start, end) in ticks."""
    if not track.transitions:
        return []
    if track.id not in builder.fades:
        builder.fades[track.id] = sound_fades(track, builder.window.start, builder.window.end)
    found = builder.fades[track.id]
    return [found[key] for key in (element.id + ":in", element.id + ":out") if key in found]


def sound_fades(track: Track, window_start: int, window_end: int) -> dict[str, tuple[str, int, int]]:
    """For each element whose sound a transition crossfades: ``("out" | "in", start, end)`` in ticks."""
    fades: dict[str, tuple[str, int, int]] = {}
    for joined_ in joined(track):
        if joined_.start >= window_end or joined_.end <= window_start:
            continue
        if isinstance(joined_.outgoing, (VideoElement, AudioElement)):
            fades[joined_.outgoing.id + ":out"] = ("out", joined_.start, joined_.end)
        if isinstance(joined_.incoming, (VideoElement, AudioElement)):
            fades[joined_.incoming.id + ":in"] = ("in", joined_.start, joined_.end)
    return fades


def crossfade_filters(fades: list[tuple[str, int, int]], heard_from: int) -> list[Filter]:
    """Linear, sample-exact gains of a sound whose first sample plays at ``heard_from`` (ticks): down to 0 over
    an "out" span, up from 0 over an "in" span. A span that began before the sound is heard is taken from
    there (it only happens in a window that starts inside one: a still)."""
    filters = []
    for kind, first, last in fades:
        begin = max(first, heard_from)
        if last <= begin:
            continue
        start, length = ticks_to_seconds(begin - heard_from), ticks_to_seconds(last - begin)
        filters.append(f("afade", t=kind, st=seconds(start), d=seconds(length), curve="tri"))
    return filters


def edge_fades(
    element: Element, track: Track, window: tuple[int, int], declick: int, crossfaded: set[str]
) -> list[tuple[str, int, int]]:
    """Short fades (``declick`` ticks) at the element's own edges where its sound starts or stops hard, so a
    cut does not click: not where a transition crossfades (``crossfaded``), nor where the next piece of the
    same source follows without a gap (a split that removed nothing), nor at a window's edge (a segment's)."""
    if declick <= 0:
        return []
    fades = []
    if "in" not in crossfaded and window[0] <= element.start_time < window[1]:
        before = _touching(track, element.start_time, at_end=True)
        if before is None or not _continues(before, element):
            fades.append(("in", element.start_time, element.start_time + min(declick, element.duration // 2)))
    if "out" not in crossfaded and window[0] < element.end_time <= window[1]:
        after = _touching(track, element.end_time, at_end=False)
        if after is None or not _continues(element, after):
            fades.append(("out", element.end_time - min(declick, element.duration // 2), element.end_time))
    return fades


def _touching(track: Track, time: int, at_end: bool) -> Element | None:
    for other in track.elements:
        if (other.end_time if at_end else other.start_time) == time:
            return other
    return None


def _continues(first: Element, second: Element) -> bool:
    """Whether ``second`` plays on from exactly where ``first`` stops in the same source at the same speed."""
    if not isinstance(first, (VideoElement, AudioElement)) or not isinstance(second, type(first)):
        return False
    return (
        first.media_id == second.media_id
        and first.rate == second.rate
        and abs(second.trim_start - (first.trim_start + first.shown_ticks)) <= 1
    )
