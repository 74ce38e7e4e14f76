"""fade, animate and duck: one call for the moves people ask for, written as keyframes (see ``editing.motion``)."""

from __future__ import annotations

from typing import Annotated, ClassVar

from pydantic import Field, WithJsonSchema

from neuralcut_cli.editing.ducking import speaking
from neuralcut_cli.editing.motion import EASINGS
from neuralcut_cli.editing.motion import animate as animate_element
from neuralcut_cli.editing.motion import duck as duck_element
from neuralcut_cli.editing.motion import fade as fade_element
from neuralcut_cli.editing.new_ids import new_id
from neuralcut_cli.editing.properties import PROPERTIES
from neuralcut_cli.errors import EditError
from neuralcut_cli.project.base import Number
from neuralcut_cli.project.elements import AudioElement, Ducking, Element, VideoElement
from neuralcut_cli.project.model import Project
from neuralcut_cli.time import output_seconds, seconds_to_ticks, ticks_to_seconds
from neuralcut_cli.tools.common import Id
from neuralcut_cli.tools.definition import Hints, ProjectEdit, ToolArgs, ToolContext, ToolError, tool
from neuralcut_cli.tools.outputs import AnimateOutput, DuckOutput, FadeOutput

_SECONDS = Field(ge=0, le=86_400, allow_inf_nan=False)
SPEECH_FLOOR_DB = -35  # quieter than this (dBFS) a voice is not speaking (remove_silences' own default)
SPEECH_PAUSE = 0.5  # seconds: a shorter pause keeps the music down


class FadeArgs(ToolArgs):
    element_ids: Annotated[list[Id], Field(min_length=1, description="Elements to fade.")]
    fade_in: Annotated[
        float | None, _SECONDS, Field(alias="inDuration", description="How long the fade in lasts (s), from the start.")
    ] = None
    fade_out: Annotated[
        float | None, _SECONDS, Field(alias="outDuration", description="How long the fade out lasts (s), to the end.")
    ] = None
    renamed: ClassVar = {"in": "inDuration", "out": "outDuration"}
    errors: ClassVar = {
        "element_ids": "Invalid element ids",
        "fade_in": "inDuration must be seconds (0 or more)",
        "fade_out": "outDuration must be seconds (0 or more)",
    }

    def check(self) -> None:
        if not self.fade_in and not self.fade_out:
            raise ToolError("Give inDuration and/or outDuration (seconds)")


@tool("fade", FadeArgs, kind="edit", group="motion", hints=Hints(destructive=False))
def fade(project: Project, args: FadeArgs, ctx: ToolContext) -> ProjectEdit[FadeOutput]:
    """Fade elements in from nothing and/or out to nothing: opacity for pictures and text (up to the element's
    own opacity), and sound from silence up to its level (a fade layer that adds to ducking and gain).
    E.g. {elementIds: ["e-intro"], inDuration: 1} fades the intro in over its first second."""
    scene = project.scene
    for element_id in dict.fromkeys(args.element_ids):
        found = scene.find_element(element_id)
        if found is None:
            raise ToolError(f"Timeline elements not found: {element_id}")
        faded = fade_element(
            found[1], seconds_to_ticks(args.fade_in or 0), seconds_to_ticks(args.fade_out or 0), new_id
        )
        scene = scene.update_element(faded)
    return project.with_scene(scene), {
        "success": True,
        "elementIds": list(dict.fromkeys(args.element_ids)),
        "in": args.fade_in or 0,
        "out": args.fade_out or 0,
    }


_NUMBER_OR_COLOUR = WithJsonSchema({"type": ["number", "string"]})


class AnimateArgs(ToolArgs):
    element_id: Annotated[Id, Field(description="The element to animate.")]
    property: Annotated[Id, Field(json_schema_extra={"enum": list(PROPERTIES)}, description="What changes.")]
    start_value: Annotated[
        Number | str,
        _NUMBER_OR_COLOUR,
        Field(alias="from", description="The value at the start (a colour for colour properties)."),
    ]
    end_value: Annotated[Number | str, _NUMBER_OR_COLOUR, Field(alias="to", description="The value at the end.")]
    start: Annotated[float | None, _SECONDS, Field(description="Timeline seconds (default: the element's start).")] = (
        None
    )
    end: Annotated[float | None, _SECONDS, Field(description="Timeline seconds (default: the element's end).")] = None
    easing: Annotated[str, Field(json_schema_extra={"enum": ["linear", *EASINGS]})] = "linear"
    errors: ClassVar = {
        "element_id": "Invalid elementId",
        "property": "Invalid property",
        "start_value": "from is required",
        "end_value": "to is required",
        "start": "Invalid start time",
        "end": "Invalid end time",
    }

    def check(self) -> None:
        if self.easing not in ("linear", *EASINGS):
            raise ToolError("easing must be linear, ease-in, ease-out or ease-in-out")


@tool("animate", AnimateArgs, kind="edit", group="motion", hints=Hints(destructive=False))
def animate(project: Project, args: AnimateArgs, ctx: ToolContext) -> ProjectEdit[AnimateOutput]:
    """Move, zoom, slide, rotate or recolour an element between two values: `from` at `start` and `to` at `end`
    (timeline seconds inside the element; the whole element by default), with easing. E.g. a slow zoom:
    {elementId, property: "transform.scaleX", from: 1, to: 1.2} (and the same for scaleY)."""
    prop = PROPERTIES.get(args.property)
    if prop is None:
        raise ToolError(
            f"Unknown property path: {args.property}. Use list_animatable_properties to discover valid paths."
        )
    found = project.scene.find_element(args.element_id)
    if found is None:
        raise ToolError(f"Element not found: {args.element_id}")
    element = found[1]
    if not prop.applies_to(element):
        raise ToolError(f"Element type '{element.type}' does not support animating '{args.property}'")
    for name, value in (("from", args.start_value), ("to", args.end_value)):
        ok = (
            isinstance(value, str)
            if prop.kind == "color"
            else isinstance(value, (int, float)) and not isinstance(value, bool) and abs(value) <= 1e9
        )
        if not ok:
            raise ToolError(f"{name} must be {'a colour' if prop.kind == 'color' else 'a number'}")
    start = seconds_to_ticks(args.start) - element.start_time if args.start is not None else 0
    end = seconds_to_ticks(args.end) - element.start_time if args.end is not None else element.duration
    try:
        changed = animate_element(
            element, args.property, start, end, (args.start_value, args.end_value), args.easing, new_id
        )
    except ValueError:
        raise ToolError("from and to must be colours (e.g. '#ff0000')") from None
    return project.with_scene(project.scene.update_element(changed)), {
        "success": True,
        "elementId": element.id,
        "property": args.property,
        "start": output_seconds(element.start_time + start),
        "end": output_seconds(element.start_time + end),
    }


class DuckArgs(ToolArgs):
    music_element_ids: Annotated[list[Id], Field(min_length=1, description="The music (audio or video) to lower.")]
    under_element_ids: Annotated[list[Id], Field(min_length=1, description="What it ducks under (a voice...).")]
    depth: Annotated[float, Field(gt=0, le=60, allow_inf_nan=False, description="dB below its own level.")] = 12
    attack: Annotated[float, Field(ge=0, le=10, allow_inf_nan=False, description="Seconds to go down.")] = 0.3
    release: Annotated[float, Field(ge=0, le=10, allow_inf_nan=False, description="Seconds to come back.")] = 0.5
    errors: ClassVar = {
        "music_element_ids": "Invalid musicElementIds",
        "under_element_ids": "Invalid underElementIds",
        "depth": "depth must be a positive number of dB (at most 60)",
        "attack": "attack must be 0 to 10 seconds",
        "release": "release must be 0 to 10 seconds",
    }


@tool("duck", DuckArgs, kind="edit", group="motion", hints=Hints(destructive=False))
def duck(project: Project, args: DuckArgs, ctx: ToolContext) -> ProjectEdit[DuckOutput]:
    """Lower music under a voice: the music elements go `depth` dB below their level wherever the voice in the
    other elements speaks (its pauses measured, so the music comes back up between phrases; where a recording
    cannot be measured, all along it), ramping down over `attack` and back over `release` seconds. Ducking is its
    own layer: it adds to fades and gain instead of replacing them, and follows the voice when cuts move it."""
    scene = project.scene
    tracks, media, unders = [], [], []
    for element_id in args.under_element_ids:
        found = scene.find_element(element_id)
        if found is None:
            raise ToolError(f"Timeline elements not found: {element_id}")
        tracks.append(found[0].id)
        media.append(getattr(found[1], "media_id", None) or "")
        unders.append(found[1])
    how = Ducking(
        depth_db=args.depth,
        attack=seconds_to_ticks(args.attack),
        release=seconds_to_ticks(args.release),
        under_tracks=tuple(dict.fromkeys(tracks)),
        under_media=tuple(dict.fromkeys(media)) if all(media) else (),
        speech=_speech(project, unders, ctx),
    )
    ducked = []
    for element_id in dict.fromkeys(args.music_element_ids):
        found = scene.find_element(element_id)
        if found is None:
            raise ToolError(f"Timeline elements not found: {element_id}")
        if element_id in args.under_element_ids:
            raise ToolError(f"{element_id} cannot duck under itself")
        if not isinstance(found[1], (VideoElement, AudioElement)):
            raise ToolError(f"Element type '{found[1].type}' has no volume to duck")
        spans = [span for under in unders for span in _voice(under, how)]
        try:
            scene = scene.update_element(duck_element(found[1], spans, how, new_id))
        except EditError as exc:
            raise ToolError(exc.message) from None
        ducked.append(element_id)
    return project.with_scene(scene), {"success": True, "ducked": ducked, "depth": args.depth}


def _voice(element: Element, how: Ducking) -> list[tuple[int, int]]:
    """Where ``element``'s voice is heard: where it speaks when measured, else all along it."""
    words = how.speech.get(getattr(element, "media_id", None) or "")
    return speaking(element, words) if words is not None else [(element.start_time, element.end_time)]


def _speech(project: Project, unders: list[Element], ctx: ToolContext) -> dict[str, list[tuple[float, float]]]:
    """Where each voice recording speaks (source seconds), from its silences (measured once per file, cached); a
    recording whose file cannot be read, or that is silent throughout, is left out (the duck then covers its
    clips whole)."""
    from neuralcut_cli.editing.ducking import speech_from_silences
    from neuralcut_cli.errors import MediaError
    from neuralcut_cli.media import analysis
    from neuralcut_cli.tools.sources import asset_file, project_path

    speech: dict[str, list[tuple[float, float]]] = {}
    for element in unders:
        if not isinstance(element, (VideoElement, AudioElement)) or element.media_id in speech:
            continue
        try:
            file = asset_file(project, element, ctx)
            ctx.progress(f"Finding where {element.label} speaks…")
            quiet = analysis.silences(file, project_path(ctx), SPEECH_FLOOR_DB, SPEECH_PAUSE)
        except (ToolError, MediaError):
            continue
        spoken = speech_from_silences(quiet, ticks_to_seconds(element.source_ticks))
        if spoken:  # a recording that never rises above the floor is not a voice to follow: ducked under whole
            speech[element.media_id] = spoken
    return speech
