"""review_render (issue 28 §5): a model watches a preview of a range and answers a question about it.

The session's ``RenderReviewer`` decides the medium: Gemini watches a preview render (uploaded once per range
and version of the timeline, cached 48 h); an OpenAI-compatible model looks at a contact sheet of the range
(one frame at each cut) as an image part; a model that cannot take images is refused in words."""

from __future__ import annotations

import hashlib
import tempfile
from pathlib import Path
from typing import Annotated, ClassVar

from pydantic import Field

from neuralcut_cli.errors import NeuralCutError
from neuralcut_cli.media.review import Medium, ReviewRequest
from neuralcut_cli.project.model import Project
from neuralcut_cli.time import format_timecode, seconds_to_ticks, ticks_to_seconds
from neuralcut_cli.tools.common import Seconds
from neuralcut_cli.tools.definition import Hints, ToolArgs, ToolContext, ToolError, tool
from neuralcut_cli.tools.outputs import ReviewOutput

MAX_TILES = 12  # frames on a contact sheet a model reads at once
MIN_TILES = 6  # a range with few cuts is sampled evenly as well


class ReviewArgs(ToolArgs):
    question: Annotated[str, Field(min_length=1, max_length=1000, description="What to look for.")]
    start: Annotated[Seconds | None, Field(description="From (s); default 0.")] = None
    end: Annotated[Seconds | None, Field(description="To (s); default the end.")] = None
    errors: ClassVar = {"question": "Missing question", "start": "Invalid start time", "end": "Invalid end time"}

    def check(self) -> None:
        if not self.question.strip():
            raise ToolError("Missing question")
        if self.start is not None and self.end is not None and self.start >= self.end:
            raise ToolError("Invalid time range")


@tool("review_render", ReviewArgs, group="checks", hints=Hints(open_world=True), approval="upload")
def review_render(project: Project, args: ReviewArgs, ctx: ToolContext) -> ReviewOutput:
    """Watch a preview of a range and answer a question about what is seen and heard (a render leaves the
    machine for the model's provider). Never edits."""
    assert ctx.session is not None
    path = ctx.session.path
    end_of = project.scene.end_time
    start = seconds_to_ticks(args.start) if args.start is not None else 0
    end = min(seconds_to_ticks(args.end), end_of) if args.end is not None else end_of
    if start >= end:
        raise ToolError("Nothing to review", details=f"the timeline ends at {ticks_to_seconds(end_of):g} s")
    with tempfile.TemporaryDirectory(prefix="neuralcut-review-") as folder:

        def make(medium: Medium) -> Path:
            return _preview(project, path, Path(folder), start, end, medium)

        request = ReviewRequest(
            path, _key(project, path, start, end), ticks_to_seconds(start), ticks_to_seconds(end), args.question, make
        )
        try:
            found = ctx.services.reviewer.review(request, ctx.progress)
        except NeuralCutError as exc:
            raise ToolError("Review failed", details=exc.message) from None
    out: ReviewOutput = {
        "provider": found.provider,
        "medium": found.medium,
        "start": request.start,
        "end": request.end,
        "question": args.question,
        "answer": found.answer,
        "cached": found.cached,
    }
    if found.file_uri:
        out["fileUri"] = found.file_uri
    return out


def _key(project: Project, path: Path, start: int, end: int) -> str:
    """Names the preview: the whole project as saved, the range, and each media file's size and time (a
    changed file or edit anywhere makes a new preview; an unchanged one is never uploaded twice)."""
    digest = hashlib.sha256(project.model_dump_json(by_alias=True).encode("utf-8"))
    digest.update(f"|{start}|{end}".encode())
    for asset in project.media_assets:
        file = asset.file(path)
        try:
            stat = file.stat() if file is not None else None
        except OSError:
            stat = None
        digest.update(f"|{asset.id}:{stat.st_size if stat else '-'}:{stat.st_mtime_ns if stat else '-'}".encode())
    return f"render-{digest.hexdigest()[:32]}"


def _preview(project: Project, path: Path, folder: Path, start: int, end: int, medium: Medium) -> Path:
    if medium == "video":
        from neuralcut_cli.render.run import render

        return render(project, path, folder / "preview.mp4", preview=True, start=start, end=end).output
    from neuralcut_cli.render.contact_sheet import Tile
    from neuralcut_cli.render.stills import write_storyboard

    times = _tile_times(project, start, end)
    tiles = [Tile(at, format_timecode(at)) for at in times]
    written, _, _ = write_storyboard(project, path, tiles, folder / "sheet.png", tile_width=320, overwrite=True)
    return written


def _tile_times(project: Project, start: int, end: int) -> list[int]:
    """A frame at each cut of the main track inside the range (and its start), topped up with evenly spaced
    frames when there are few, thinned evenly when there are many."""
    cuts = {start} | {e.start_time for e in project.scene.tracks.main.elements if start < e.start_time < end}
    if len(cuts) < MIN_TILES:
        step = (end - start) / MIN_TILES
        cuts |= {start + int(step * i + step / 2) for i in range(MIN_TILES)}
    times = sorted(cuts)
    if len(times) > MAX_TILES:
        times = [times[round(i * (len(times) - 1) / (MAX_TILES - 1))] for i in range(MAX_TILES)]
    return times
