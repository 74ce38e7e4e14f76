"""Helpers every tool adapter shares: seconds at the boundary, look-ups."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any

from pydantic import Field

from neuralcut_cli.editing.motion import fade_lengths
from neuralcut_cli.editing.volume import gain_from_db
from neuralcut_cli.errors import ToolError
from neuralcut_cli.project.elements import Element
from neuralcut_cli.project.model import MediaAsset, Project, Scene
from neuralcut_cli.time import MAX_SECONDS, output_seconds

if TYPE_CHECKING:
    from neuralcut_cli.editing.ripple import Rippled
    from neuralcut_cli.editing.sync import Synced
    from neuralcut_cli.tools.outputs import Moved

#: Times a tool takes: finite, from 0 to the 24-hour limit of a timeline.
Seconds = Annotated[float, Field(ge=0, le=MAX_SECONDS, allow_inf_nan=False)]
PositiveSeconds = Annotated[float, Field(gt=0, le=MAX_SECONDS, allow_inf_nan=False)]
Id = Annotated[str, Field(min_length=1)]


def moved_output(rippled: Rippled | Synced) -> list[Moved]:
    """The elements a ripple moved, with their new starts (s)."""
    return [{"elementId": element_id, "start": output_seconds(start)} for element_id, start in rippled.moved.items()]


def element_summary(element: Element) -> dict[str, Any]:
    """One element as ``list_timeline`` shows it (times in seconds)."""
    out: dict[str, Any] = {"elementId": element.id, "type": element.type}
    media_id = getattr(element, "media_id", None)
    if media_id:
        out["assetId"] = media_id
    if element.name:
        out["name"] = element.name
    out["start"] = output_seconds(element.start_time)
    out["end"] = output_seconds(element.end_time)
    if element.type == "text":
        out["content"] = element.content
    elif element.type == "effect":
        out["effectType"] = element.effect_type
        out["params"] = dict(element.params)
    elif element.type == "sticker":
        out["stickerId"] = element.sticker_id
    elif element.type == "graphic":
        out["definitionId"] = element.definition_id
    if element.type in ("video", "audio"):
        # where in its file it plays from and to (seconds): pieces of one recording told apart
        out["sourceIn"] = output_seconds(element.trim_start)
        out["sourceOut"] = output_seconds(element.trim_start + element.shown_ticks)
        out["volume"] = 0.0 if element.muted else gain_from_db(element.volume)
        out["muted"] = element.muted
        if element.rate != 1:
            out["speed"] = element.rate
    effects = getattr(element, "effects", None) or ()
    if effects:
        out["clipEffects"] = [effect.type for effect in effects]
    if element.animations is not None and element.type != "effect":
        fade_in, fade_out = fade_lengths(element)
        out.update({k: output_seconds(v) for k, v in (("fadeIn", fade_in), ("fadeOut", fade_out)) if v})
        out["animated"] = True
    for flag, present in (
        ("hasMask", bool(getattr(element, "masks", None))),
        ("hasEffects", bool(getattr(element, "effects", None))),
        ("isHidden", bool(getattr(element, "hidden", None))),
    ):
        if present:
            out[flag] = True
    return out


def find_asset(project: Project, reference: str) -> MediaAsset:
    """An asset by id, else by file name (with or without extension) when exactly one has it."""
    asset = project.find_asset(reference)
    if asset is None:
        raise ToolError("Asset not found")
    return asset


def require_content(project: Project) -> Scene:
    scene = project.scene
    if scene.is_empty:
        raise ToolError("No timeline content")
    return scene
