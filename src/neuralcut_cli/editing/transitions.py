"""Transitions between adjacent elements: where one fits, adding one, and keeping them true after any edit.

A transition is centred on the cut and drawn from the clips' handles (``project.transitions``). Where a
clip has too little handle the transition moves towards the side that has more; where both together have
too little it is **shortened to what exists**, and the answer says so (it never repeats frames and never
moves a clip). The part before the cut is at most the outgoing clip's length, the part after it at most
the incoming clip's; two transitions on one clip never overlap.

After every edit ``keep_true`` walks the tracks that have transitions: a split inside the outgoing clip
hands its transition to the new right piece (a split keeps transitions on the clip's outer edges); a
transition whose clips were deleted or are no longer adjacent is removed; one with too little room left is
shortened. Each change is a sentence for the tool's answer.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from neuralcut_cli.catalogs.transitions import find_transition
from neuralcut_cli.errors import EditError
from neuralcut_cli.project.elements import AudioElement, Element, ImageElement, VideoElement
from neuralcut_cli.project.model import Scene
from neuralcut_cli.project.tracks import Track
from neuralcut_cli.project.transitions import Transition
from neuralcut_cli.time import MAX_TICKS, TICKS_PER_SECOND

#: The kinds of element a transition joins (pictures and sound with a source to draw handles from).
JOINED = (VideoElement, ImageElement, AudioElement)


def handles(element: Element) -> tuple[int, int]:
    """Timeline ticks of source before the element's start and past its end (a still has no limit)."""
    if isinstance(element, ImageElement):
        return MAX_TICKS, MAX_TICKS
    if not isinstance(element, (VideoElement, AudioElement)):
        return 0, 0
    rate = element.rate
    tail = max(0, element.source_ticks - element.trim_start - element.shown_ticks)
    return int(element.trim_start / rate), int(tail / rate)


@dataclass(frozen=True)
class Fit:
    in_offset: int
    out_offset: int
    note: str | None = None  # why it is shorter than asked


def fit(outgoing: Element, incoming: Element, duration: int, room: tuple[int, int] | None = None) -> Fit:
    """``duration`` centred on the cut between the two, moved and shortened to the handles and clips there are.

    ``room``: the most each side may take, when the clips' other transitions already use part of them.
    """
    before = min(handles(incoming)[0], room[0] if room else outgoing.duration, outgoing.duration)
    after = min(handles(outgoing)[1], room[1] if room else incoming.duration, incoming.duration)
    in_offset = min(duration - duration // 2, before)
    out_offset = min(duration - in_offset, after)
    in_offset = min(duration - out_offset, before)
    if in_offset + out_offset >= duration:
        return Fit(in_offset, out_offset)
    return Fit(in_offset, out_offset, _short(outgoing, incoming, duration, before, after))


def _short(outgoing: Element, incoming: Element, duration: int, before: int, after: int) -> str:
    got = _secs(min(duration, before + after))
    return (
        f"shortened from {_secs(duration)} to {got}: {outgoing.label} has "
        f"{_secs(min(after, MAX_TICKS))} of media past its end and {incoming.label} "
        f"{_secs(min(before, MAX_TICKS))} before its start"
    )


def adjacent_pair(track: Track, outgoing_id: str, incoming_id: str) -> tuple[Element, Element]:
    """The two elements, when the first ends exactly where the second starts on ``track`` (``EditError``)."""
    by_id = {e.id: e for e in track.elements}
    outgoing, incoming = by_id.get(outgoing_id), by_id.get(incoming_id)
    if outgoing is None or incoming is None:
        missing = outgoing_id if outgoing is None else incoming_id
        raise EditError(f"Element not found on track {track.id}: {missing}")
    if outgoing.end_time != incoming.start_time:
        raise EditError(
            f"Elements are not adjacent: {outgoing.label} ends at {_secs(outgoing.end_time)} "
            f"and {incoming.label} starts at {_secs(incoming.start_time)}"
        )
    if not isinstance(outgoing, JOINED) or not isinstance(incoming, JOINED):
        raise EditError("Transitions join video, image and audio elements")
    return outgoing, incoming


def cuts(track: Track) -> list[tuple[Element, Element]]:
    """Every pair of adjacent elements of ``track`` a transition may join, in time order."""
    ordered = [e for e in track.sorted_elements() if isinstance(e, JOINED)]
    return [(a, b) for a, b in zip(ordered, ordered[1:], strict=False) if a.end_time == b.start_time]


def room_at(track: Track, outgoing: Element, incoming: Element, ignore: str | None = None) -> tuple[int, int]:
    """The most a transition at this cut may take before and after it, leaving the clips' other transitions
    (``ignore``: the one being changed) their parts."""
    before, after = outgoing.duration, incoming.duration
    for other in track.transitions:
        if other.id == ignore:
            continue
        if other.to_element_id == outgoing.id:  # the outgoing clip's own opening transition
            before -= other.out_offset
        if other.from_element_id == incoming.id:  # the incoming clip's closing transition
            after -= other.in_offset
    return max(0, before), max(0, after)


def with_transition(track: Track, transition: Transition) -> Track:
    """``track`` with ``transition`` added, or replacing the one of the same id or at the same cut."""
    kept = tuple(
        t
        for t in track.transitions
        if t.id != transition.id
        and (t.from_element_id, t.to_element_id) != (transition.from_element_id, transition.to_element_id)
    )
    return track.model_copy(update={"transitions": (*kept, transition)})


def keep_true(before: Scene, after: Scene) -> tuple[Scene, list[str]]:
    """``after`` with every transition still true to its clips, and what changed (see the module)."""
    if after is before or not any(track.transitions for track in after.tracks.ordered()):
        return after, []
    old_ids = {element.id for _, element in before.elements()}
    notes: list[str] = []
    scene = after
    for track in after.tracks.ordered():
        if track.transitions:
            kept = _kept(track, old_ids, notes.append)
            if kept != track.transitions:
                scene = scene.with_track(track.model_copy(update={"transitions": kept}))
    return scene, notes


def settle(scene: Scene) -> tuple[Scene, list[str]]:
    """``scene``, made elsewhere (an imported timeline), with its transitions true to its clips as after an
    edit: shortened to the handles and room there are, removed where the clips do not touch, and what changed.
    A transition between clips whose sources' lengths are not known (their media missing) is left as it was:
    how much handle they have is not known."""
    notes: list[str] = []
    for track in scene.tracks.ordered():
        if not track.transitions:
            continue
        known = _sized_transitions(track)
        checked = _kept(track.model_copy(update={"transitions": known}), {e.id for e in track.elements}, notes.append)
        kept = (*checked, *(t for t in track.transitions if t not in known))
        if kept != track.transitions:
            scene = scene.with_track(track.model_copy(update={"transitions": kept}))
    return scene, notes


def fitted_lengths(track: Track) -> dict[str, int]:
    """The length (ticks) each transition of ``track`` keeps once fitted to its clips' handles and to the room
    the clips' other transitions leave (0: none, or its clips no longer touch), for those whose sources'
    lengths are known; a file edited elsewhere may ask for more."""
    known = _sized_transitions(track)
    ids = {e.id for e in track.elements}
    kept = {t.id: t.duration for t in _kept(track.model_copy(update={"transitions": known}), ids, lambda _: None)}
    return {t.id: kept.get(t.id, 0) for t in known}


def _sized_transitions(track: Track) -> tuple[Transition, ...]:
    """The track's transitions whose clips' handles are known."""
    by_id = {e.id: e for e in track.elements}
    return tuple(
        t for t in track.transitions if all(_sized(by_id.get(i)) for i in (t.from_element_id, t.to_element_id))
    )


def _sized(element: Element | None) -> bool:
    """Whether the handles of ``element`` are known (a missing one counts: the transition goes)."""
    return element is None or isinstance(element, ImageElement) or getattr(element, "source_duration", None) is not None


def _kept(track: Track, old_ids: set[str], say: Callable[[str], None]) -> tuple[Transition, ...]:
    by_id = {e.id: e for e in track.elements}
    kept: list[Transition] = []
    for transition in sorted(
        track.transitions, key=lambda t: by_id[t.to_element_id].start_time if t.to_element_id in by_id else 0
    ):
        outgoing, incoming = by_id.get(transition.from_element_id), by_id.get(transition.to_element_id)
        if outgoing is not None and incoming is not None and outgoing.end_time != incoming.start_time:
            piece = _right_piece(track, outgoing, incoming, old_ids)
            if piece is not None:
                outgoing, transition = piece, transition.model_copy(update={"from_element_id": piece.id})
        name = _name(transition)
        if outgoing is None or incoming is None:
            gone = transition.from_element_id if outgoing is None else transition.to_element_id
            say(f"Removed the {name} at {gone}: that clip is no longer on {track.id}.")
            continue
        if outgoing.end_time != incoming.start_time:
            say(f"Removed the {name} between {outgoing.label} and {incoming.label}: they no longer touch.")
            continue
        room = room_at(track.model_copy(update={"transitions": tuple(kept)}), outgoing, incoming)
        fitted = _clamped(transition, outgoing, incoming, room)
        if fitted.duration == 0:
            say(f"Removed the {name} between {outgoing.label} and {incoming.label}: no room is left for it.")
            continue
        if fitted.duration < transition.duration:
            was, now = (_secs(t.duration) for t in (transition, fitted))
            say(f"Shortened the {name} between {outgoing.label} and {incoming.label} from {was} to {now}.")
        kept.append(fitted)
    return tuple(kept)


def _clamped(transition: Transition, outgoing: Element, incoming: Element, room: tuple[int, int]) -> Transition:
    in_offset = min(transition.in_offset, handles(incoming)[0], room[0])
    out_offset = min(transition.out_offset, handles(outgoing)[1], room[1])
    if (in_offset, out_offset) == (transition.in_offset, transition.out_offset):
        return transition
    return transition.model_copy(update={"in_offset": in_offset, "out_offset": out_offset})


def _right_piece(track: Track, outgoing: Element, incoming: Element, old_ids: set[str]) -> Element | None:
    """The new piece a split of ``outgoing`` left touching ``incoming`` (same media, made by this edit)."""
    for element in track.elements:
        if (
            element.end_time == incoming.start_time
            and element.id not in old_ids
            and getattr(element, "media_id", None) == getattr(outgoing, "media_id", None)
        ):
            return element
    return None


def _secs(ticks: int) -> str:
    return f"{round(ticks / TICKS_PER_SECOND, 3):g} s"


def _name(transition: Transition) -> str:
    found = find_transition(transition.type)
    return found.name.lower() if found else f"{transition.type} transition"


def transition_rows(track: Track, element_id: str | None = None) -> list[dict[str, object]]:
    """The track's transitions (those touching ``element_id``, if given) as listings show them, in time order."""
    by_id = {e.id: e for e in track.elements}
    rows: list[tuple[int, dict[str, object]]] = []
    for transition in track.transitions:
        outgoing = by_id.get(transition.from_element_id)
        if outgoing is None or (
            element_id and element_id not in (transition.from_element_id, transition.to_element_id)
        ):
            continue
        start, end = transition.span(outgoing.end_time)
        rows.append(
            (
                start,
                {
                    "transitionId": transition.id,
                    "type": transition.type,
                    "from": transition.from_element_id,
                    "to": transition.to_element_id,
                    "start": round(start / TICKS_PER_SECOND, 6),
                    "end": round(end / TICKS_PER_SECOND, 6),
                    "duration": round(transition.duration / TICKS_PER_SECOND, 6),
                },
            )
        )
    return [row for _, row in sorted(rows, key=lambda pair: pair[0])]
