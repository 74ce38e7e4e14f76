"""Caption elements on their own text track, named ``Captions``: made from transcript words (``add_captions``)
or from a subtitle file (``neuralcut import subs.srt``), styled by a preset (``catalogs.caption_styles``), and
written back out by ``neuralcut export -f srt|vtt|ass`` (only the ``Captions`` tracks: a title is not a caption).
Afterwards they are ordinary text elements: ripple edits move them like any other. A caption made from words
keeps when each word is said (``captionWords``), so a style that lights words up as they are said can be given
to it, now or later (``restyled``)."""

from __future__ import annotations

from collections.abc import Iterable

from neuralcut_cli.catalogs.caption_styles import CaptionStyle, caption_style
from neuralcut_cli.editing.builders import text_element, text_y
from neuralcut_cli.editing.caption_layout import Cue
from neuralcut_cli.editing.placement import new_track
from neuralcut_cli.errors import EditError
from neuralcut_cli.project.elements import CaptionWord, Element, TextBackground, TextElement
from neuralcut_cli.project.model import Project, Scene
from neuralcut_cli.project.tracks import Track
from neuralcut_cli.time import TICKS_PER_SECOND, seconds_to_ticks

CAPTIONS = "Captions"
Timed = tuple[float, float, str]


def caption_track(project: Project, cues: Iterable[Cue | Timed], position: str, style: str) -> tuple[Scene, Track]:
    """The scene with a new ``Captions`` text track on top holding one text element per cue (seconds), cues
    shortened where they would overlap the next, styled by ``style``."""
    look = _look(style)
    elements, previous_end = [], 0
    for cue in sorted(cues, key=lambda c: (c.start, c.end) if isinstance(c, Cue) else (c[0], c[1])):
        start, end, text = (cue.start, cue.end, cue.text) if isinstance(cue, Cue) else cue
        first = max(seconds_to_ticks(start), previous_end)
        last = max(seconds_to_ticks(end), first + 1)
        if not text.strip():
            continue
        element = text_element(project, text.strip(), first, last, position, "plain")
        words = _said(cue, first, last) if isinstance(cue, Cue) else None
        elements.append(styled(element, look, words))
        previous_end = last
    track = new_track("text").model_copy(update={"name": CAPTIONS, "elements": tuple(elements)})
    scene = project.scene
    return scene.with_tracks(scene.tracks.add_overlay_on_top(track)), track


def styled(element: Element, look: CaptionStyle, words: tuple[CaptionWord, ...] | None = None) -> TextElement:
    """A caption element in ``look`` (its words' times kept, or given)."""
    assert isinstance(element, TextElement)
    box = TextBackground(enabled=look.box is not None, color=look.box or "#000000")
    content = element.content.upper() if look.uppercase else element.content
    said = words if words is not None else element.caption_words
    return element.model_copy(
        update={
            "content": content,
            "font_size": look.font_size,
            "font_weight": look.weight,
            "color": look.color,
            "background": box,
            "caption_words": said,
            "highlight_color": look.highlight if said else None,
        }
    )


def restyled(project: Project, style: str, position: str | None = None) -> tuple[Scene, list[str]]:
    """Every caption of the ``Captions`` tracks in ``style`` (and at ``position``), one edit; their ids."""
    look = _look(style)
    scene, changed = project.scene, []
    for track in _caption_tracks(scene):
        for element in track.elements:
            if not isinstance(element, TextElement):
                continue
            if look.highlight and not element.caption_words:
                raise EditError(
                    f"The caption {element.id} has no word times to light up (it was imported as one cue); "
                    "add_captions makes them from a transcript or from word-by-word subtitles"
                )
            restyle = styled(element, look)
            if position is not None:
                y = text_y(position, project.settings.canvas_size.height)
                restyle = restyle.model_copy(update={"transform": restyle.transform.model_copy(
                    update={"position": restyle.transform.position.model_copy(update={"y": y})})})  # fmt: skip
            scene = scene.update_element(restyle)
            changed.append(element.id)
    return scene, changed


def _said(cue: Cue, first: int, last: int) -> tuple[CaptionWord, ...]:
    """When each word of the cue is said, in the element's own ticks (within it)."""
    out = []
    for word in cue.words:
        start = min(max(0, seconds_to_ticks(word.start) - first), last - first)
        end = min(max(start, seconds_to_ticks(word.end) - first), last - first)
        out.append(CaptionWord(start=start, end=end))
    return tuple(out)


def _look(style: str) -> CaptionStyle:
    found = caption_style(style)
    if found is None:
        raise EditError(f"Unknown caption style '{style}'")
    return found


def _caption_tracks(scene: Scene) -> list[Track]:
    return [t for t in scene.tracks.overlay if t.type == "text" and t.name == CAPTIONS]


def caption_cues(scene: Scene) -> list[Timed]:
    """The cues of the captions: the text elements of ``Captions`` tracks, in seconds (titles and other text are
    not captions: a project without a Captions track has none)."""
    return sorted(
        (e.start_time / TICKS_PER_SECOND, e.end_time / TICKS_PER_SECOND, getattr(e, "content", ""))
        for track in _caption_tracks(scene)
        for e in track.elements
    )
