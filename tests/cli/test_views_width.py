"""Issue 18's view check: at 80 and 120 columns, the timeline table, the lanes and
the diffs of the demo and of a project with 50 UUID-named elements and a CJK
title fit the width: no id wraps, no row breaks, full ids only in --json."""

from __future__ import annotations

import copy
import io
import json
import random
import re
import uuid
from pathlib import Path
from typing import Any

import pytest
from conftest import DEMO
from rich.cells import cell_len
from rich.console import Console

from neuralcut_cli.cli.views.diff_view import diff_table
from neuralcut_cli.cli.views.lanes import Lanes
from neuralcut_cli.cli.views.names import Names
from neuralcut_cli.cli.views.timeline_view import print_timeline
from neuralcut_cli.project.diff import diff
from neuralcut_cli.project.edit_session import ProjectSession
from neuralcut_cli.project.ids import project_ids
from neuralcut_cli.project.io import read_project
from neuralcut_cli.project.model import Project
from neuralcut_cli.time import seconds_to_ticks
from neuralcut_cli.tools import default_registry
from neuralcut_cli.tools.definition import ToolContext

CJK_TITLE = "東京の一日：夏の海辺と夜の街の記録"
UUID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")


def crowded(tmp_path: Path) -> Path:
    """The demo with 50 UUID-named text elements on a track named in Japanese, one of them a CJK title."""
    data = json.loads(DEMO.read_text())
    scene = data["scenes"][0]
    title = scene["tracks"]["overlay"][0]["elements"][0]
    rng = random.Random(18)
    elements: list[dict[str, Any]] = []
    track = {"id": _uuid(rng), "name": "字幕トラック", "type": "text", "elements": elements, "hidden": False}
    for index in range(50):
        element = copy.deepcopy(title)
        element.update(
            id=_uuid(rng),
            startTime=seconds_to_ticks(index * 0.4),
            duration=seconds_to_ticks(0.4),
            content=CJK_TITLE if index == 0 else f"Caption {index}",
        )
        elements.append(element)
    scene["tracks"]["overlay"].insert(0, track)
    data["metadata"]["name"] = CJK_TITLE
    path = tmp_path / "crowded.json"
    path.write_text(json.dumps(data, ensure_ascii=False))
    return path


def _uuid(rng: random.Random) -> str:
    return str(uuid.UUID(int=rng.getrandbits(128), version=4))


def projects(tmp_path: Path) -> list[Path]:
    demo = tmp_path / "demo.json"
    demo.write_bytes(DEMO.read_bytes())
    return [demo, crowded(tmp_path)]


def render(renderable: object, width: int) -> list[str]:
    buffer = io.StringIO()
    Console(file=buffer, width=width, no_color=True, color_system=None).print(renderable)
    return buffer.getvalue().splitlines()


def timeline_lines(project: Project, width: int) -> list[str]:
    buffer = io.StringIO()
    print_timeline(Console(file=buffer, width=width, no_color=True, color_system=None), project)
    return buffer.getvalue().splitlines()


def fits(lines: list[str], width: int) -> None:
    for line in lines:
        assert cell_len(line) <= width, line
        assert not UUID.search(line), line  # people see short ids


@pytest.mark.parametrize("width", [80, 120])
def test_the_timeline_table_has_one_line_per_element(tmp_path: Path, width: int) -> None:
    for path in projects(tmp_path):
        project = read_project(path)
        names = Names(project)
        lines = timeline_lines(project, width)
        fits(lines, width)
        for _, element in project.scene.elements():
            short = names.id(element.id)
            rows = [line for line in lines if re.search(rf"(^|\s){re.escape(short)}\s", line)]
            assert len(rows) == 1, (short, rows)  # the id whole, on the row with the element's times
            # start, end, length, and a clip's source in (or in–out) where the width allows
            assert re.search(r"\d\d:\d\d\.\d\d\s+\d\d:\d\d\.\d\d\s+\d\d:\d\d\.\d\d(\s+[\d:.–]+)?$", rows[0].rstrip())
        assert len(UUID.findall(" ".join(project_ids(project)))) == (0 if path.name == "demo.json" else 51)


@pytest.mark.parametrize("width", [80, 120])
def test_the_lanes_have_one_row_per_track(tmp_path: Path, width: int) -> None:
    for path in projects(tmp_path):
        project = read_project(path)
        lines = render(Lanes(project), width)
        fits(lines, width)
        assert len(lines) == 2 + len(project.scene.tracks.ordered())
        assert len({cell_len(line) for line in lines[1:]}) == 1  # every lane as long as the ruler
    crowded_lanes = render(Lanes(read_project(crowded(tmp_path))), width)
    assert crowded_lanes[2].startswith("字幕トラック ")


@pytest.mark.parametrize("width", [80, 120])
def test_a_split_diff_names_every_piece_on_one_line(tmp_path: Path, width: int) -> None:
    path = crowded(tmp_path)
    before = read_project(path)
    result = default_registry().execute("split", {"times": [1.0, 4.5]}, ToolContext(ProjectSession(path)))
    after = read_project(path)
    changed = result["affectedElements"]
    assert any(UUID.fullmatch(element_id) for element_id in changed)
    lines = render(diff_table(diff(before, after), before, after), width)
    assert len(lines) == len(changed)  # a line per element, none wrapped (the console soft-wraps nothing)
    fits(lines, width)
    names = Names(before, after)
    for element_id in changed:
        assert sum(names.id(element_id) in line for line in lines) == 1


def test_the_title_in_cjk_is_cut_by_cells_not_characters(tmp_path: Path) -> None:
    project = read_project(crowded(tmp_path))
    lines = timeline_lines(project, 80)
    row = next(line for line in lines if "東京" in line and "00:00.00" in line)
    assert row.endswith("00:00.00  00:00.40  00:00.40")
    assert cell_len(row) <= 80
