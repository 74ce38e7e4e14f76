"""``normalize_loudness``: the program as loud as a platform asks, as a mastering engineer levels it.

Each recording is measured once over every part of it that plays (``media.loudness``: EBU R128, gated, after
cuts), and every piece of it gets the same gain (the ``sound.gain`` layer, added to its volume, fades and
ducking), so the level never steps where two pieces meet. The platform's true-peak ceiling becomes the mix's
limiter (``settings.master``), which the render applies to the whole program.
"""

from __future__ import annotations

from typing import Annotated, ClassVar, Literal

from pydantic import Field

from neuralcut_cli.catalogs.loudness import DEFAULT_PLATFORM, PLATFORMS
from neuralcut_cli.editing import media_time
from neuralcut_cli.editing.new_ids import new_id
from neuralcut_cli.editing.sound import with_gain
from neuralcut_cli.errors import MediaError
from neuralcut_cli.media.loudness import of_stretches
from neuralcut_cli.project.elements import Element
from neuralcut_cli.project.model import Master, Project
from neuralcut_cli.tools.common import Id
from neuralcut_cli.tools.definition import Hints, ProjectEdit, ToolArgs, ToolContext, ToolError, tool
from neuralcut_cli.tools.outputs import NormalizeOutput, Row
from neuralcut_cli.tools.sources import FAILED, asset_file, project_path, with_sound

Platform = Literal["youtube", "spotify", "tiktok", "instagram", "podcast", "broadcast", "atsc"]
MOST_GAIN = 40.0  # dB a recording may be raised or lowered


class NormalizeArgs(ToolArgs):
    element_ids: Annotated[
        list[Id] | None, Field(description="Video or audio elements (default: the main track's clips with sound).")
    ] = None
    platform: Annotated[
        Platform | None,
        Field(description="Where it goes: youtube (default), spotify, tiktok, instagram, podcast, broadcast, atsc."),
    ] = None
    target_lufs: Annotated[
        float | None,
        Field(ge=-50, le=-5, allow_inf_nan=False, description="Integrated loudness (LUFS), instead of the platform's."),
    ] = None
    true_peak: Annotated[
        float | None,
        Field(
            ge=-12, le=0, allow_inf_nan=False, description="Ceiling of the limiter (dBTP), instead of the platform's."
        ),
    ] = None
    errors: ClassVar = {
        "element_ids": "Invalid element ids",
        "platform": "platform must be one of: " + ", ".join(PLATFORMS),
        "target_lufs": "targetLufs must be -50 to -5",
        "true_peak": "truePeak must be -12 to 0 dBTP",
    }


@tool("normalize_loudness", NormalizeArgs, kind="edit", group="media", hints=Hints(destructive=False, idempotent=True))
def normalize_loudness(project: Project, args: NormalizeArgs, ctx: ToolContext) -> ProjectEdit[NormalizeOutput]:
    """Make the program as loud as a platform asks (youtube: -14 LUFS, true peak at most -1 dBTP; podcast -16;
    broadcast -23): each recording is measured over the parts that play and every piece of it gets the same gain
    (so the level never steps at a cut; it adds to volume, fades and ducking), and a true-peak limiter at the
    ceiling is set for the render. Silent recordings are left as they are and listed."""
    platform = args.platform or DEFAULT_PLATFORM
    target = PLATFORMS[platform]
    lufs = target.lufs if args.target_lufs is None else args.target_lufs
    ceiling = target.true_peak if args.true_peak is None else args.true_peak
    scene, recordings, elements, skipped = project.scene, [], [], []
    for media_id, pieces in _recordings(with_sound(project, args.element_ids)).items():
        measured = _measure(project, pieces, ctx)
        if measured is None:
            skipped += [{"elementId": e.id, "reason": "silent"} for e in pieces]
            continue
        gains = []
        for piece in pieces:
            needed = lufs - measured - float(getattr(piece, "volume", 0))
            gain = round(max(-MOST_GAIN, min(MOST_GAIN, needed)), 2)
            scene = scene.update_element(with_gain(piece, gain, new_id))
            entry: Row = {"elementId": piece.id, "measuredLufs": measured, "gainDb": gain}
            if gain != round(needed, 2):
                entry["note"] = f"needs {needed:+.1f} dB; given {gain:+g} dB, the most a gain can be"
            elements.append(entry)
            gains.append(gain + float(getattr(piece, "volume", 0)))
        recordings.append(_row(project, media_id, pieces, measured, max(gains)))
    if not recordings:
        raise ToolError("Nothing to normalise: every element is silent")
    master = Master(true_peak_db=ceiling, target_lufs=lufs, platform=target.name if args.target_lufs is None else None)
    settings = project.settings.model_copy(update={"master": master})
    normalised = project.with_scene(scene).model_copy(update={"settings": settings})
    return normalised, {
        "success": True,
        "platform": target.name,
        "targetLufs": lufs,
        "truePeakDb": ceiling,
        "recordings": recordings,
        "elements": elements,
        "skipped": skipped,
    }


def _recordings(elements: list[Element]) -> dict[str, list[Element]]:
    """The elements by the media file they play (a recording cut into pieces is one group)."""
    groups: dict[str, list[Element]] = {}
    for element in elements:
        groups.setdefault(getattr(element, "media_id", "") or element.id, []).append(element)
    return groups


def _measure(project: Project, pieces: list[Element], ctx: ToolContext) -> float | None:
    file = asset_file(project, pieces[0], ctx)
    ctx.progress(f"Measuring the loudness of {file.asset.label}…")
    try:
        return of_stretches(file, project_path(ctx), [media_time.used_source(e) for e in pieces])
    except MediaError as exc:
        raise ToolError(FAILED, details=exc.message) from None


def _row(project: Project, media_id: str, pieces: list[Element], measured: float, gain: float) -> Row:
    asset = project.asset(media_id)
    return {
        "assetId": media_id,
        "name": asset.label if asset else media_id,
        "pieces": len(pieces),
        "measuredLufs": measured,
        "gainDb": gain,
    }
