"""Pictures of the edit: one frame, and a contact sheet of frames with their timecodes.

A frame is rendered by the same filter graph as the video (``build_plan``
over the one frame's window), so ``neuralcut frame --at 5s`` shows what
``render`` puts at 5 s, before H.264 compression. The storyboard samples one
frame per shot (the middle of each element of the main track) or one every
N seconds, and tiles them in rows under a label band with each timecode.
"""

from __future__ import annotations

import math
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path

from neuralcut_cli.errors import MediaError, UsageError
from neuralcut_cli.media.ffmpeg import file_arg, run_ffmpeg
from neuralcut_cli.media.outputs import check_output_target, own_files
from neuralcut_cli.project.model import Project
from neuralcut_cli.render.filtergraph import chain, f, graph_text
from neuralcut_cli.render.fonts import shipped
from neuralcut_cli.render.graph import build_plan
from neuralcut_cli.time import format_timecode, seconds_to_ticks, ticks_to_seconds

IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg")
MAX_TILES = 100


@dataclass(frozen=True)
class Tile:
    time: int  # ticks
    label: str


def frame_ticks(project: Project) -> int:
    fps = project.settings.fps
    return max(1, seconds_to_ticks(fps.denominator / fps.numerator))


def write_frame(
    project: Project, project_path: Path, at: int, output: Path, overwrite: bool = False, width: int | None = None
) -> Path:
    """The frame at ``at`` (ticks) as a picture; ``width`` scales it (height follows)."""
    output = _target(project, project_path, output, overwrite)
    end = project.scene.end_time
    if not 0 <= at < end:
        raise UsageError(f"{format_timecode(at)} is outside the timeline (00:00.00 to {format_timecode(end)})")
    workdir = Path(tempfile.mkdtemp(prefix="neuralcut-frame-"))
    try:
        _render_still(project, project_path, workdir, at, workdir / "frame.png", width)
        _encode(workdir / "frame.png", output)
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
    return output


def shots(project: Project, every: float | None = None) -> list[Tile]:
    """Where the storyboard samples: the middle of each main-track shot, or every ``every`` seconds."""
    end = project.scene.end_time
    if every is not None:
        if every <= 0:
            raise UsageError("every: a frame every N seconds needs a positive N")
        count = math.ceil(ticks_to_seconds(end) / every)
        if count > MAX_TILES:
            raise UsageError(f"a frame every {every:g} s would make {count} tiles; the most is {MAX_TILES}")
        return [Tile(seconds_to_ticks(i * every), format_timecode(seconds_to_ticks(i * every))) for i in range(count)]
    elements = project.scene.tracks.main.sorted_elements()[:MAX_TILES]
    if not elements:
        raise UsageError("The main track is empty: nothing to show (try --every 2 for the other tracks)")
    return [
        Tile(
            element.start_time + element.duration // 2,
            f"{format_timecode(element.start_time + element.duration // 2)} {element.name or ''}".strip(),
        )
        for element in elements
    ]


def write_storyboard(
    project: Project,
    project_path: Path,
    tiles: list[Tile],
    output: Path,
    columns: int = 4,
    tile_width: int = 480,
    overwrite: bool = False,
) -> tuple[Path, int, int]:
    """The contact sheet; ``(path, columns, rows)``."""
    output = _target(project, project_path, output, overwrite)
    columns = max(1, min(columns, len(tiles)))
    rows = math.ceil(len(tiles) / columns)
    canvas = project.settings.canvas_size
    tile_height = max(2, round(tile_width * canvas.height / canvas.width / 2) * 2)
    band = max(16, tile_width // 12)
    workdir = Path(tempfile.mkdtemp(prefix="neuralcut-board-"))
    try:
        pictures = []
        for number, tile in enumerate(tiles):
            picture = workdir / f"tile-{number}.png"
            _render_still(
                project, project_path, workdir, min(tile.time, project.scene.end_time - 1), picture, tile_width
            )
            pictures.append(picture)
        _sheet(pictures, tiles, workdir / "board.png", (tile_width, tile_height, band), columns)
        _encode(workdir / "board.png", output)
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
    return output, columns, rows


def _target(project: Project, project_path: Path, output: Path, overwrite: bool) -> Path:
    if Path(output).suffix.lower() not in IMAGE_SUFFIXES:
        raise UsageError(f"{output}: a picture is written as {', '.join(IMAGE_SUFFIXES)}; name the file so")
    return check_output_target(Path(output), own_files(project, project_path), overwrite)


def _render_still(
    project: Project, project_path: Path, workdir: Path, at: int, output: Path, width: int | None
) -> None:
    plan = build_plan(project, project_path, workdir, False, at, min(project.scene.end_time, at + frame_ticks(project)))
    graph = plan.graph + ";\n[aout]anullsink" + (f";\n[vout]scale={width}:-2:flags=bicubic[still]" if width else "")
    graph_file = workdir / f"graph-{output.stem}.txt"
    graph_file.write_text(graph, encoding="utf-8")
    inputs = [arg for spec in plan.inputs for arg in spec]
    run_ffmpeg(
        [
            "-y",
            *inputs,
            "-/filter_complex",
            str(graph_file),
            "-map",
            "[still]" if width else "[vout]",
            "-frames:v",
            "1",
            "-update",
            "1",
            file_arg(output),
        ]
    )
    if not output.exists():
        raise MediaError(f"ffmpeg made no picture at {format_timecode(at)}")


def _sheet(pictures: list[Path], tiles: list[Tile], output: Path, size: tuple[int, int, int], columns: int) -> None:
    width, height, band = size
    chains = []
    for number, tile in enumerate(tiles):
        text_file = output.parent / f"label-{number}.txt"
        text_file.write_text(tile.label, encoding="utf-8")
        chains.append(
            chain(
                f"{number}:v",
                f("scale", w=width, h=height),
                f("pad", w=width, h=height + band, x=0, y=0, color="0x111111"),
                f(
                    "drawtext",
                    fontfile=shipped(False),
                    textfile=text_file,
                    expansion="none",
                    fontsize=round(band * 0.6),
                    fontcolor="white",
                    x=round(band * 0.3),
                    y=f"{height}+({band}-text_h)/2",
                ),
                out=f"t{number}",
            )
        )
    count = len(pictures)
    if count == 1:
        chains.append(chain("t0", f("null"), out="board"))
    else:
        layout = "|".join(f"{(i % columns) * width}_{(i // columns) * (height + band)}" for i in range(count))
        chains.append(
            chain(
                tuple(f"t{i}" for i in range(count)),
                f("xstack", inputs=count, layout=layout, fill="0x111111"),
                out="board",
            )
        )
    graph_file = output.parent / "board-graph.txt"
    graph_file.write_text(graph_text(chains), encoding="utf-8")
    inputs = [arg for picture in pictures for arg in ("-i", file_arg(picture))]
    run_ffmpeg(
        [
            "-y",
            *inputs,
            "-/filter_complex",
            str(graph_file),
            "-map",
            "[board]",
            "-frames:v",
            "1",
            "-update",
            "1",
            file_arg(output),
        ]
    )


def _encode(picture: Path, output: Path) -> None:
    """The PNG as the file asked for (JPEG re-encoded), written whole or not at all."""
    partial = output.with_name(f".{output.stem}.partial{output.suffix}")
    try:
        if output.suffix.lower() == ".png":
            shutil.copyfile(picture, partial)
        else:
            run_ffmpeg(
                ["-y", "-i", file_arg(picture), "-q:v", "2", "-frames:v", "1", "-update", "1", file_arg(partial)]
            )
        partial.replace(output)
    finally:
        partial.unlink(missing_ok=True)
