"""Caption elements on their own text track, named ``Captions``: made from transcript words (``add_captions``)
or from a subtitle file (``neuralcut import subs.srt``), and written back out by ``neuralcut export -f srt``
(only the ``Captions`` tracks: a title is not a caption).
Afterwards they are ordinary text elements: ripple edits move them like any other."""

from __future__ import annotations

from neuralcut_cli.editing.builders import text_element
from neuralcut_cli.editing.placement import new_track
from neuralcut_cli.project.model import Project, Scene
from neuralcut_cli.project.tracks import Track
from neuralcut_cli.time import TICKS_PER_SECOND, seconds_to_ticks

CAPTIONS = "Captions"


def caption_track(
    project: Project, cues: list[tuple[float, float, str]], position: str, style: str
) -> tuple[Scene, Track]:
    """The scene with a new ``Captions`` text track on top holding one text element per cue (seconds), cues
    shortened where they would overlap the next."""
    elements, previous_end = [], 0
    for start, end, text in sorted(cues):  # in time order, never overlapping: appended, so linear in the cues
        first = max(seconds_to_ticks(start), previous_end)
        last = max(seconds_to_ticks(end), first + 1)
        if not text.strip():
            continue
        elements.append(text_element(project, text.strip(), first, last, position, style))
        previous_end = last
    track = new_track("text").model_copy(update={"name": CAPTIONS, "elements": tuple(elements)})
    scene = project.scene
    return scene.with_tracks(scene.tracks.add_overlay_on_top(track)), track


def caption_cues(scene: Scene) -> list[tuple[float, float, str]]:
    """The cues of the captions: the text elements of ``Captions`` tracks, in seconds (titles and other text are
    not captions: a project without a Captions track has none)."""
    chosen = [t for t in scene.tracks.overlay if t.type == "text" and t.name == CAPTIONS]
    return sorted(
        (e.start_time / TICKS_PER_SECOND, e.end_time / TICKS_PER_SECOND, getattr(e, "content", ""))
        for track in chosen
        for e in track.elements
    )
