"""Muting and hiding whole tracks.

A muted track plays silent (video and audio tracks: the tracks with sound);
a hidden track is not drawn (every track but audio). The toggles answer the
new state, and refuse a track that has no such state rather than pretend.
"""

from __future__ import annotations

from neuralcut_cli.errors import EditError
from neuralcut_cli.project.model import Scene


def toggle_mute(scene: Scene, track_id: str) -> tuple[Scene, bool]:
    track = _track(scene, track_id)
    if track.type not in ("video", "audio"):
        raise EditError(f"Track type '{track.type}' has no sound to mute")
    muted = not getattr(track, "muted", False)
    return scene.with_track(track.model_copy(update={"muted": muted})), muted


def toggle_hidden(scene: Scene, track_id: str) -> tuple[Scene, bool]:
    track = _track(scene, track_id)
    if track.type == "audio":
        raise EditError("Track type 'audio' has no picture to hide (mute it instead)")
    hidden = not getattr(track, "hidden", False)
    return scene.with_track(track.model_copy(update={"hidden": hidden})), hidden


def _track(scene: Scene, track_id: str):  # type: ignore[no-untyped-def]
    track = scene.tracks.find(track_id)
    if track is None:
        raise EditError(f"Track not found: {track_id}")
    return track
