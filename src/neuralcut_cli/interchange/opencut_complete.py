"""An OpenCut record written with every field OpenCut's types require.

A NeuralCut file may leave out what has OpenCut's default (an element without ``name`` or ``transform``, a scene
without ``createdAt``, a key without ``tangentMode``): NeuralCut reads it with the default. OpenCut's types make
those fields required, so the record ``export-opencut`` writes spells each one out, taking the value NeuralCut
reads (the project model's), and leaves everything else exactly as it was.
"""

from __future__ import annotations

from typing import Any

from neuralcut_cli.project.model import Project

SCENE = ("name", "isMain", "bookmarks", "createdAt", "updatedAt")
TRACK = {"video": ("name", "muted", "hidden"), "audio": ("name", "muted")}
TRACK_OTHER = ("name", "hidden")  # text, graphic, effect
ELEMENT = ("name", "trimStart", "trimEnd")
SHOWN = ("transform", "opacity")
BY_TYPE = {
    "video": SHOWN,
    "image": SHOWN,
    "sticker": SHOWN,
    "graphic": (*SHOWN, "params"),
    "audio": ("volume",),
    "effect": ("params",),
    "text": (*SHOWN, "fontSize", "fontFamily", "color", "background", "textAlign", "fontWeight", "fontStyle",
             "textDecoration"),
}  # fmt: skip
NESTED = {"transform": ("scaleX", "scaleY", "position", "rotate"), "background": ("enabled", "color")}
KEY = ("segmentToNext", "tangentMode")


def completed(record: dict[str, Any], project: Project, when: str) -> dict[str, Any]:
    """``record`` (a NeuralCut project's JSON, being written as an OpenCut record) with the required fields it
    lacks filled in from ``project``; a scene without times gets the project's (or ``when``)."""
    times = project.metadata.created_at or when, project.metadata.updated_at or when
    for raw, scene in zip(record.get("scenes", []), project.scenes, strict=False):
        full = scene.model_dump(mode="json", by_alias=True, exclude={"tracks"})
        full["createdAt"], full["updatedAt"] = full.get("createdAt") or times[0], full.get("updatedAt") or times[1]
        _fill(raw, full, SCENE)
        tracks = raw.get("tracks", {})
        pairs: list[tuple[Any, Any]] = [(tracks.get("main"), scene.tracks.main)]
        pairs += list(zip(tracks.get("overlay", []), scene.tracks.overlay, strict=False))
        pairs += list(zip(tracks.get("audio", []), scene.tracks.audio, strict=False))
        for raw_track, track in pairs:
            if isinstance(raw_track, dict):
                _track(raw_track, track)
    return record


def _track(raw: dict[str, Any], track: Any) -> None:
    _fill(raw, track.model_dump(mode="json", by_alias=True, exclude={"elements"}), TRACK.get(track.type, TRACK_OTHER))
    for raw_element, element in zip(raw.get("elements", []), track.elements, strict=False):
        if not isinstance(raw_element, dict):
            continue
        full = element.model_dump(mode="json", by_alias=True)
        _fill(raw_element, full, (*ELEMENT, *BY_TYPE.get(element.type, ())))
        for name, inner in NESTED.items():
            if isinstance(raw_element.get(name), dict) and isinstance(full.get(name), dict):
                _fill(raw_element[name], full[name], inner)
        _keys(raw_element.get("animations"), full.get("animations"))


def _keys(raw: Any, full: Any) -> None:
    if not isinstance(raw, dict) or not isinstance(full, dict):
        return
    for channel_id, channel in (raw.get("channels") or {}).items():
        model = (full.get("channels") or {}).get(channel_id) or {}
        if not isinstance(channel, dict) or channel.get("kind") != "scalar":
            continue
        for raw_key, key in zip(channel.get("keys", []), model.get("keys", []), strict=False):
            if isinstance(raw_key, dict):
                _fill(raw_key, key, KEY)


def _fill(raw: dict[str, Any], full: dict[str, Any], names: tuple[str, ...]) -> None:
    for name in names:
        if name not in raw and full.get(name) is not None:
            raw[name] = full[name]
