"""The rich views, rendered into a StringIO console and compared as text."""

from __future__ import annotations

import io
import json
from typing import Any

from conftest import DEMO, minimal_project
from rich.console import Console, RenderableType

from neuralcut_cli.cli.views.assets_table import assets_table
from neuralcut_cli.cli.views.lanes import Lanes
from neuralcut_cli.cli.views.timeline_table import timeline_table
from neuralcut_cli.cli.views.timeline_view import print_timeline
from neuralcut_cli.project.io import project_from_json, read_project
from neuralcut_cli.project.model import Project
from neuralcut_cli.tools.definition import ToolContext


def render(renderable: RenderableType, width: int = 80, color: bool = False) -> str:
    buffer = io.StringIO()
    console = Console(
        file=buffer, width=width, no_color=not color, force_terminal=color, color_system="standard" if color else None
    )
    console.print(renderable)
    return buffer.getvalue()


LANES_80 = """\
time         0s              5s               10s              15s              
             |···············|················|················|···············|
Titles       ["Day one]·························································
Effects      ····················[vignette (radius=75, sof]·····················
Logo         ·······[logo.png=================================================]·
Main Track   [intro.mp4=========][beach.mp4===============][city.mp4==========]·
Music        [music.mp3=======================================================]·
"""


def test_lanes_draw_the_demo_to_scale() -> None:
    assert render(Lanes(read_project(DEMO))) == LANES_80


def test_lanes_fit_the_width() -> None:
    for width in (40, 80, 160):
        lines = render(Lanes(read_project(DEMO)), width=width).splitlines()
        assert all(len(line) <= width for line in lines)
        main = next(line for line in lines if line.startswith("Main Track"))
        # intro ends where beach starts: 6 s of 20 s
        lane = main[13:]
        assert lane.index("[beach") == round(6 / 20 * (width - 13 - 1))


def test_lanes_use_colour_blocks_on_a_terminal() -> None:
    text = render(Lanes(read_project(DEMO)), color=True)
    assert "\x1b[" in text
    assert "[intro" not in text  # colour blocks replace the brackets
    assert "intro.mp4" in text


def test_no_colour_in_plain_output() -> None:
    text = render(Lanes(read_project(DEMO)))
    assert "\x1b[" not in text


def test_timeline_table_lists_tracks_top_to_bottom() -> None:
    text = render(timeline_table(read_project(DEMO), 100), width=100)
    rows = [line[:16].strip() for line in text.splitlines()[3:] if line[:1].strip()]
    assert rows == ["Titles text", "Effects effect", "Logo overlay", "Main Track main", "Music audio"]
    beach = next(line for line in text.splitlines() if "e-beach" in line)
    assert beach.split()[-3:] == ["00:06.00", "00:14.00", "00:08.00"]  # (no two clips of one file: no source column)
    assert '"Day one"' in text
    assert "vignette (radius=75, softness=35)" in text


def test_pieces_of_one_recording_show_where_in_the_file_each_plays() -> None:
    """A recording cut into pieces (issue 37): rows of one file told apart by their source in and out."""
    data = json.loads(DEMO.read_text())
    intro = data["scenes"][0]["tracks"]["main"]["elements"][0]
    second = {**intro, "id": "e-intro-2", "startTime": 3 * 120_000, "duration": 3 * 120_000, "trimStart": 4 * 120_000}
    intro["duration"] = 3 * 120_000
    data["scenes"][0]["tracks"]["main"]["elements"].insert(1, second)
    project = project_from_json(data)
    wide = render(timeline_table(project, 120), width=120)
    assert "Source in–out" in wide
    rows = {word: line for line in wide.splitlines() for word in line.split() if word.startswith("e-intro")}
    assert rows["e-intro"].split()[-1] == "00:00.00–00:03.00"
    assert rows["e-intro-2"].split()[-1] == "00:04.00–00:07.00"
    narrow = render(timeline_table(project, 80), width=80)
    assert next(line for line in narrow.splitlines() if "e-intro-2" in line).split()[-1] == "00:04.00"
    listed = {e["elementId"]: e for t in _listing(project)["tracks"] for e in t["elements"]}
    assert (listed["e-intro-2"]["sourceIn"], listed["e-intro-2"]["sourceOut"]) == (4.0, 7.0)


def _listing(project: Project) -> dict[str, Any]:
    from neuralcut_cli.tools.common import element_summary

    return {"tracks": [{"elements": [element_summary(e) for e in t.elements]} for t in project.scene.tracks.ordered()]}


def test_timeline_view_reports_overlaps_and_empty_tracks() -> None:
    data = minimal_project()
    data["scenes"][0]["tracks"]["audio"] = [{"id": "music", "type": "audio", "elements": []}]
    data["scenes"][0]["tracks"]["main"]["elements"] = [
        {"id": "a", "type": "video", "mediaId": "m", "startTime": 0, "duration": 240000},
        {"id": "b", "type": "video", "mediaId": "m", "startTime": 120000, "duration": 240000},
    ]
    buffer = io.StringIO()
    print_timeline(Console(file=buffer, width=80, no_color=True), project_from_json(data))
    text = buffer.getvalue()
    assert "warning: a and b overlap on track main" in text
    assert "(empty)" in text
    assert "2 elements on 2 tracks · length 00:03.00" in text


def test_assets_table_marks_what_is_used() -> None:
    from neuralcut_cli.cli.project_files import open_session
    from neuralcut_cli.tools import default_registry

    session = open_session(DEMO)
    listed = default_registry().execute("list_project_assets", {}, ToolContext(session))["assets"]
    text = render(assets_table(session.project(), listed), width=100)
    used = {line.split()[1]: line.split()[0] for line in text.splitlines() if " a-" in line}
    assert used == {"a-intro": "✓", "a-beach": "✓", "a-city": "✓", "a-outtake": "-", "a-logo": "✓", "a-music": "✓"}
    assert "640x360" in text and "00:30.00" in text
    assert json.loads(DEMO.read_text())["mediaAssets"][0]["path"] in text
