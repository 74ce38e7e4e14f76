"""list_transitions, add_transition, update_transition, remove_transition (issue 27): what happens at a cut."""

from __future__ import annotations

from typing import Annotated, ClassVar

from pydantic import Field

from neuralcut_cli.catalogs.transitions import DEFAULT, TRANSITIONS, find_transition, search_transitions
from neuralcut_cli.editing.new_ids import new_id
from neuralcut_cli.editing.transitions import adjacent_pair, cuts, fit, room_at, with_transition
from neuralcut_cli.errors import EditError
from neuralcut_cli.project.elements import Element
from neuralcut_cli.project.model import Project, Scene
from neuralcut_cli.project.tracks import Track
from neuralcut_cli.project.transitions import Transition
from neuralcut_cli.time import output_seconds, seconds_to_ticks
from neuralcut_cli.tools.common import Id, require_content
from neuralcut_cli.tools.definition import Hints, ProjectEdit, ToolArgs, ToolContext, ToolError, tool
from neuralcut_cli.tools.outputs import TransitionAdded, TransitionRow, TransitionsOutput, TransitionsRemoved

_DURATION = Field(gt=0, le=600, allow_inf_nan=False)


class ListTransitionsArgs(ToolArgs):
    query: Annotated[str | None, Field(description="Words to search for (dissolve, wipe, black...).")] = None
    errors: ClassVar = {"query": "Invalid query"}


@tool("list_transitions", ListTransitionsArgs, group="transitions")
def list_transitions(project: Project, args: ListTransitionsArgs, ctx: ToolContext) -> TransitionsOutput:
    """The transitions add_transition can put at a cut: id, name, description."""
    return {"transitions": [t.summary() for t in search_transitions(args.query)]}


class AddTransitionArgs(ToolArgs):
    element_ids: Annotated[
        list[Id] | None,
        Field(min_length=2, max_length=2, description="[outgoing, incoming]: two adjacent elements of one track."),
    ] = None
    track_id: Annotated[str | None, Field(description="With everyCut: the track whose cuts all get one.")] = None
    every_cut: Annotated[bool, Field(description="Put the transition at every cut of trackId.")] = False
    type: Annotated[str, Field(description="A transition id from list_transitions (default dissolve).")] = DEFAULT
    duration: Annotated[float, _DURATION, Field(description="Seconds, centred on the cut (default 1).")] = 1.0
    errors: ClassVar = {
        "element_ids": "elementIds takes two adjacent elements: [outgoing, incoming]",
        "track_id": "Track not found",
        "every_cut": "everyCut must be true or false",
        "type": "Unknown transition type",
        "duration": "Duration must be a positive number of seconds",
    }

    def check(self) -> None:
        if (self.element_ids is None) == (not self.every_cut):
            raise ToolError("Give elementIds [outgoing, incoming], or trackId with everyCut: true")
        if self.every_cut and not self.track_id:
            raise ToolError("everyCut needs trackId")
        _known(self.type)


@tool("add_transition", AddTransitionArgs, kind="edit", group="transitions", hints=Hints(destructive=False))
def add_transition(project: Project, args: AddTransitionArgs, ctx: ToolContext) -> ProjectEdit[TransitionAdded]:
    """Put a transition (dissolve, dip to black, wipe, slide...) at the cut between two adjacent clips, or at
    every cut of a track (`trackId` + `everyCut: true`, one undo step). Centred on the cut, drawn from the
    clips' unused media (handles); where there is too little it is shortened and the answer says so. A cut
    that already has one gets the new one instead."""
    scene = require_content(project)
    ticks = seconds_to_ticks(args.duration)
    if args.element_ids is not None:
        track = _track_of(scene, args.element_ids[0])
        pairs = [_pair(track, *args.element_ids)]
        _not_longer(ticks, *pairs[0])
    else:
        track = _track(scene, args.track_id or "")
        pairs = cuts(track)
        if not pairs:
            raise ToolError(f"No cuts on {track.id}: no two clips touch")
    added: list[TransitionRow] = []
    notes: list[str] = []
    for outgoing, incoming in pairs:
        track, row, note = _add(track, outgoing, incoming, args.type, ticks)
        if row is None:
            notes.append(note or "")
            continue
        added.append(row)
    if not added:
        raise ToolError(
            notes[0] if len(notes) == 1 else "No cut has media to draw a transition from",
            details=" ".join(notes) or None,
        )
    answer: TransitionAdded = {"success": True, "trackId": track.id, "added": added}
    if notes:
        answer["skipped"] = notes
    return project.with_scene(scene.with_track(track)), answer


def _add(
    track: Track, outgoing: Element, incoming: Element, kind: str, ticks: int
) -> tuple[Track, TransitionRow | None, str | None]:
    existing = next(
        (t for t in track.transitions if (t.from_element_id, t.to_element_id) == (outgoing.id, incoming.id)), None
    )
    room = room_at(track, outgoing, incoming, ignore=existing.id if existing else None)
    fitted = fit(outgoing, incoming, ticks, room)
    if fitted.in_offset + fitted.out_offset == 0:
        return (
            track,
            None,
            (
                f"No media to draw a transition from between {outgoing.label} and {incoming.label}: {outgoing.label} "
                f"ends where its media ends and {incoming.label} starts where its media starts (trim them to make room)"
            ),
        )
    transition = Transition(
        id=existing.id if existing else f"tr-{new_id()[:8]}",
        type=kind,
        from_element_id=outgoing.id,
        to_element_id=incoming.id,
        in_offset=fitted.in_offset,
        out_offset=fitted.out_offset,
    )
    start, end = transition.span(outgoing.end_time)
    row: TransitionRow = {
        "transitionId": transition.id,
        "type": kind,
        "from": outgoing.id,
        "to": incoming.id,
        "start": output_seconds(start),
        "end": output_seconds(end),
        "duration": output_seconds(transition.duration),
    }
    if fitted.note:
        row["note"] = fitted.note
    return with_transition(track, transition), row, None


class UpdateTransitionArgs(ToolArgs):
    transition_id: Annotated[Id, Field(description="transitionId from list_timeline.")]
    type: Annotated[str | None, Field(description="A new transition id from list_transitions.")] = None
    duration: Annotated[float | None, _DURATION, Field(description="New length in seconds.")] = None
    errors: ClassVar = {
        "transition_id": "Invalid transitionId",
        "type": "Unknown transition type",
        "duration": "Duration must be a positive number of seconds",
    }

    def check(self) -> None:
        if self.type is None and self.duration is None:
            raise ToolError("Nothing to change: give type or duration")
        if self.type is not None:
            _known(self.type)


@tool(
    "update_transition",
    UpdateTransitionArgs,
    kind="edit",
    group="transitions",
    hints=Hints(destructive=False, idempotent=True),
)
def update_transition(project: Project, args: UpdateTransitionArgs, ctx: ToolContext) -> ProjectEdit[TransitionAdded]:
    """Change a transition's type or length (re-centred on its cut, within the handles)."""
    scene = require_content(project)
    track, transition = _find(scene, args.transition_id)
    outgoing, incoming = _pair(track, transition.from_element_id, transition.to_element_id)
    ticks = seconds_to_ticks(args.duration) if args.duration is not None else transition.duration
    if args.duration is not None:
        _not_longer(ticks, outgoing, incoming)
    track, row, note = _add(track, outgoing, incoming, args.type or transition.type, ticks)
    if row is None:
        raise ToolError(note or "No room for the transition")
    return project.with_scene(scene.with_track(track)), {"success": True, "trackId": track.id, "added": [row]}


class RemoveTransitionArgs(ToolArgs):
    transition_ids: Annotated[list[Id] | None, Field(min_length=1, description="transitionIds to remove.")] = None
    track_id: Annotated[str | None, Field(description="Remove every transition of this track.")] = None
    all: Annotated[bool, Field(description="Remove every transition of the timeline.")] = False
    errors: ClassVar = {
        "transition_ids": 'transitionIds must be a non-empty JSON array of strings, e.g. ["tr-1"]',
        "track_id": "Track not found",
        "all": "all must be true or false",
    }

    def check(self) -> None:
        if sum((self.transition_ids is not None, self.track_id is not None, self.all)) != 1:
            raise ToolError("Give one of transitionIds, trackId or all: true")


@tool(
    "remove_transition",
    RemoveTransitionArgs,
    kind="edit",
    group="transitions",
    hints=Hints(destructive=True, idempotent=True),
)
def remove_transition(
    project: Project, args: RemoveTransitionArgs, ctx: ToolContext
) -> ProjectEdit[TransitionsRemoved]:
    """Remove transitions (the cuts become plain cuts): by id, every one of a track, or all."""
    scene = require_content(project)
    if args.transition_ids is not None:
        for transition_id in args.transition_ids:
            _find(scene, transition_id)
        doomed = set(args.transition_ids)
    elif args.track_id is not None:
        doomed = {t.id for t in _track(scene, args.track_id).transitions}
    else:
        doomed = {t.id for track in scene.tracks.ordered() for t in track.transitions}
    if not doomed:
        raise ToolError("There are no transitions to remove")
    for track in scene.tracks.ordered():
        kept = tuple(t for t in track.transitions if t.id not in doomed)
        if kept != track.transitions:
            scene = scene.with_track(track.model_copy(update={"transitions": kept}))
    return project.with_scene(scene), {"success": True, "removed": sorted(doomed)}


def _known(kind: str) -> None:
    if find_transition(kind) is None:
        raise ToolError(f"Unknown transition type: {kind}. Available: {', '.join(t.id for t in TRANSITIONS)}")


def _pair(track: Track, outgoing_id: str, incoming_id: str) -> tuple[Element, Element]:
    try:
        return adjacent_pair(track, outgoing_id, incoming_id)
    except EditError as exc:
        raise ToolError(exc.message) from None


def _not_longer(ticks: int, outgoing: Element, incoming: Element) -> None:
    for element in (outgoing, incoming):
        if ticks > element.duration:
            raise ToolError(
                f"Duration is longer than {element.label} ({output_seconds(element.duration):g} s)",
                details="a transition lies within the two clips; give a shorter duration",
            )


def _track_of(scene: Scene, element_id: str) -> Track:
    found = scene.find_element(element_id)
    if found is None:
        raise ToolError(f"Element not found: {element_id}")
    return found[0]


def _track(scene: Scene, track_id: str) -> Track:
    track = scene.tracks.find(track_id)
    if track is None:
        raise ToolError(f"Track not found: {track_id}")
    return track


def _find(scene: Scene, transition_id: str) -> tuple[Track, Transition]:
    for track in scene.tracks.ordered():
        for transition in track.transitions:
            if transition.id == transition_id:
                return track, transition
    raise ToolError(f"Transition not found: {transition_id}")
