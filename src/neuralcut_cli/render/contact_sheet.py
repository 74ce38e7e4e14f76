"""Tiles laid into a contact sheet: each picture over a label band, with gutters between them and around.

A tile's label is its fixed part (shot number, timecode, length) and a name; a name too long for the tile is
shortened in the middle (``GX0102…graded_export.mp4``: the start and the end, where the take and the extension
are, both stay), measured with the font it is drawn in, so no label is cut off at the tile's edge.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from neuralcut_cli.media.ffmpeg import file_arg, run_ffmpeg
from neuralcut_cli.render.filtergraph import chain, f, graph_text
from neuralcut_cli.render.fontmetrics import covers, load
from neuralcut_cli.render.fonts import shipped

BACKGROUND = "0x111111"


@dataclass(frozen=True)
class Tile:
    time: int  # ticks
    label: str  # what is always shown (#3 00:12.40 · 4.2 s)
    name: str = ""  # what follows, shortened to fit


def fitted(tile: Tile, room: float, size: float) -> str:
    """The tile's label, its name shortened in the middle where the whole would be wider than ``room`` pixels."""
    font = shipped(False)
    metrics = load(font)
    dots = "…" if covers(font, "…") else "..."
    whole = f"{tile.label}  {tile.name}".strip()
    if not tile.name or metrics.width(whole, size) <= room:
        return whole
    name, best = tile.name, tile.label
    low, high = 1, len(name) - 1
    while low <= high:  # the most characters of the name that fit, split 40 % before the dots, 60 % after
        keep = (low + high) // 2
        head = max(1, keep * 2 // 5)
        candidate = f"{tile.label}  {name[:head]}{dots}{name[len(name) - (keep - head) :]}"
        if metrics.width(candidate, size) <= room:
            best, low = candidate, keep + 1
        else:
            high = keep - 1
    return best


def write_sheet(
    pictures: list[Path], tiles: list[Tile], output: Path, size: tuple[int, int, int], columns: int
) -> None:
    """``pictures`` (each ``size[0]`` x ``size[1]``) under their labels (a band ``size[2]`` high), ``columns``
    to a row, with gutters, as one PNG."""
    width, height, band = size
    gutter = max(4, width // 40) // 2 * 2
    text_size = round(band * 0.6)
    chains = []
    for number, tile in enumerate(tiles):
        text_file = output.parent / f"label-{number}.txt"
        text_file.write_text(fitted(tile, width - band * 0.6, text_size), encoding="utf-8")
        chains.append(
            chain(
                f"{number}:v",
                f("scale", w=width, h=height),
                f("pad", w=width, h=height + band, x=0, y=0, color=BACKGROUND),
                f(
                    "drawtext",
                    fontfile=shipped(False),
                    textfile=text_file,
                    expansion="none",
                    fontsize=text_size,
                    fontcolor="white",
                    x=round(band * 0.3),
                    y=f"{height}+({band}-text_h)/2",
                ),
                f("pad", w=width + gutter, h=height + band + gutter, x=gutter // 2, y=gutter // 2, color=BACKGROUND),
                out=f"t{number}",
            )  # fmt: skip
        )
    count = len(pictures)
    cell = (width + gutter, height + band + gutter)
    if count == 1:
        chains.append(chain("t0", f("null"), out="tiles"))
    else:
        layout = "|".join(f"{(i % columns) * cell[0]}_{(i // columns) * cell[1]}" for i in range(count))
        chains.append(
            chain(
                tuple(f"t{i}" for i in range(count)),
                f("xstack", inputs=count, layout=layout, fill=BACKGROUND),
                out="tiles",
            )  # fmt: skip
        )
    chains.append(chain("tiles", f("pad", w=f"iw+{gutter}", h=f"ih+{gutter}", x=gutter // 2, y=gutter // 2,
                                   color=BACKGROUND), out="board"))  # fmt: skip
    graph_file = output.parent / "board-graph.txt"
    graph_file.write_text(graph_text(chains), encoding="utf-8")
    inputs = [arg for picture in pictures for arg in ("-i", file_arg(picture))]
    run_ffmpeg(["-y", *inputs, "-/filter_complex", str(graph_file), "-map", "[board]", "-frames:v", "1", "-update",
                "1", file_arg(output)])  # fmt: skip
