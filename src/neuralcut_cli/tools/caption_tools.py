"""Captions: ``add_captions`` (from a transcript's words, or from subtitles already on the timeline) and
``style_captions`` (a new look for the captions there are, in one step). The layout rules are
``editing.caption_layout``; the looks ``catalogs.caption_styles``."""

from __future__ import annotations

from typing import Annotated, ClassVar, Literal

from pydantic import Field

from neuralcut_cli.catalogs.caption_styles import CAPTION_STYLES, DEFAULT, caption_style
from neuralcut_cli.editing.caption_layout import cues as caption_cues_of
from neuralcut_cli.editing.captions import CAPTIONS, caption_cues, caption_track, restyled
from neuralcut_cli.editing.words import Word
from neuralcut_cli.errors import EditError
from neuralcut_cli.project.elements import TextElement
from neuralcut_cli.project.model import Project, Scene
from neuralcut_cli.project.tracks import Track
from neuralcut_cli.tools.common import Id
from neuralcut_cli.tools.definition import Hints, ProjectEdit, ToolArgs, ToolContext, ToolError, tool
from neuralcut_cli.tools.outputs import CaptionsOutput, StyleCaptionsOutput
from neuralcut_cli.tools.sources import with_sound
from neuralcut_cli.tools.transcript_tools import spoken_words

STYLE_NAMES = ", ".join(CAPTION_STYLES)
Position = Literal["top", "center", "bottom"]


class CaptionArgs(ToolArgs):
    element_ids: Annotated[
        list[Id] | None, Field(description="Clips to caption (default: the main track's clips with sound).")
    ] = None
    style: Annotated[
        str, Field(description=f"{STYLE_NAMES} (highlight: each word lit up while it is said).", max_length=40)
    ] = DEFAULT
    max_chars_per_line: Annotated[int, Field(ge=10, le=80, description="Characters a line holds at most.")] = 42
    max_lines: Annotated[int, Field(ge=1, le=4, description="Lines a caption holds at most.")] = 2
    position: Annotated[Position, Field(description="Where on the frame.")] = "bottom"
    errors: ClassVar = {
        "element_ids": "Invalid element ids",
        "style": f"style must be one of: {STYLE_NAMES}",
        "max_chars_per_line": "maxCharsPerLine must be 10 to 80",
        "max_lines": "maxLines must be 1 to 4",
        "position": "position must be top, center or bottom",
    }

    def check(self) -> None:
        if caption_style(self.style) is None:
            raise ToolError(f"style must be one of: {STYLE_NAMES}")


@tool("add_captions", CaptionArgs, kind="edit", group="speech", hints=Hints(destructive=False))
def add_captions(project: Project, args: CaptionArgs, ctx: ToolContext) -> ProjectEdit[CaptionsOutput]:
    """Caption the clips' speech on a new "Captions" track, timed to the words as the clips are edited now: lines of
    at most maxCharsPerLine (42), at most maxLines (2), broken where a reader expects, each caption on screen at
    least 0.7 s where the speech allows and read at under 20 characters a second. The words come from
    transcribe_video; with no transcript, from subtitles already on the timeline (imported, one cue per word or
    phrase), whose captions are replaced. Styles: plain, social, boxed, highlight (each word lit up as it is
    said)."""
    look = caption_style(args.style)
    assert look is not None
    words, missing, replacing = _words(project, args, ctx)
    made = caption_cues_of(words, args.max_chars_per_line, args.max_lines, look.uppercase)
    if not made:
        raise ToolError("No words to caption in those clips")
    base = project.with_scene(_without_captions(project.scene)) if replacing else project
    try:
        scene, track = caption_track(base, made, args.position, look.id)
    except EditError as exc:
        raise ToolError(exc.message) from None
    scene, track = _fitted(scene, track, project)
    answer: CaptionsOutput = {"success": True, "trackId": track.id, "captions": len(track.elements)}
    answer.update({"style": look.id, "untranscribed": missing, "wordsFrom": "subtitles" if replacing else "transcript"})
    return project.with_scene(scene), answer


def _fitted(scene: Scene, track: Track, project: Project) -> tuple[Scene, Track]:
    """Captions the frame cannot hold at the style's size (the render would break their lines again) made smaller,
    all alike (a size that jumps from caption to caption reads badly), until each line is one line on screen."""
    from neuralcut_cli.render.text import laid_lines

    canvas = (project.settings.canvas_size.width, project.settings.canvas_size.height)
    texts = [e for e in track.elements if isinstance(e, TextElement)]
    size = min((float(e.font_size) for e in texts), default=0.0)
    while size > 2 and any(
        len(laid_lines(e.model_copy(update={"font_size": size}), canvas)) > len(e.content.split("\n")) for e in texts
    ):
        size = round(size * 0.95, 2)
    fitted = [e.model_copy(update={"font_size": size}) if e.font_size != size else e for e in texts]
    for element in fitted:
        scene = scene.update_element(element)
    return scene, track.model_copy(update={"elements": tuple(fitted)})


def _words(project: Project, args: CaptionArgs, ctx: ToolContext) -> tuple[list[Word], list[str], bool]:
    """The words to caption, what has no transcript, and whether they came from the captions there are."""
    try:
        words, missing = spoken_words(project, with_sound(project, args.element_ids), ctx)
        return words, missing, False
    except ToolError:
        cues = caption_cues(project.scene)
        if not cues or args.element_ids is not None:
            raise
    return subtitle_words(cues), [], True


def subtitle_words(cues: list[tuple[float, float, str]]) -> list[Word]:
    """Words from subtitle cues: a cue of one word is that word; a phrase's words share its time by their length
    (as a reader's eye moves)."""
    words = []
    for start, end, text in cues:
        said = text.split()
        total = sum(len(w) for w in said) or 1
        at = start
        for word in said:
            span = (end - start) * len(word) / total
            words.append(Word("subtitles", word, round(at, 4), round(at + span, 4)))
            at += span
    return words


def _without_captions(scene: Scene) -> Scene:
    kept = tuple(t for t in scene.tracks.overlay if not (t.type == "text" and t.name == CAPTIONS))
    return scene.with_tracks(scene.tracks.model_copy(update={"overlay": kept}))


class StyleArgs(ToolArgs):
    style: Annotated[str, Field(description=f"{STYLE_NAMES}.", max_length=40)]
    position: Annotated[Position | None, Field(description="Move them too: top, center or bottom.")] = None
    errors: ClassVar = {
        "style": f"style must be one of: {STYLE_NAMES}",
        "position": "position must be top, center or bottom",
    }

    def check(self) -> None:
        if caption_style(self.style) is None:
            raise ToolError(f"style must be one of: {STYLE_NAMES}")


@tool("style_captions", StyleArgs, kind="edit", group="speech", hints=Hints(destructive=False, idempotent=True))
def style_captions(project: Project, args: StyleArgs, ctx: ToolContext) -> ProjectEdit[StyleCaptionsOutput]:
    """Give every caption of the Captions tracks another look (plain, social, boxed, highlight), one undo step.
    highlight needs captions that know their words' times (made by add_captions)."""
    if not caption_cues(project.scene):
        raise ToolError("There are no captions to style (add_captions makes them)")
    look = caption_style(args.style)
    assert look is not None
    try:
        scene, changed = restyled(project, look.id, args.position)
    except EditError as exc:
        raise ToolError(exc.message) from None
    return project.with_scene(scene), {"success": True, "style": look.id, "captions": len(changed)}
