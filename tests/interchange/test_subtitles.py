"""Subtitles in and out (issue 15): `neuralcut import subs.srt|.vtt`, `neuralcut export -f srt|vtt`, and the
import_subtitles / export_captions tools. Round trips compared with pysubs2's own equality."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pysubs2
import pytest
from cli_helpers import invoke
from tool_helpers import Tools, assert_refused

from neuralcut_cli.project.elements import TextElement

SRT = """1
00:00:01,000 --> 00:00:02,500
Héllo wörld — ¡olé!

2
00:00:03,000 --> 00:00:04,250
日本語の字幕
and a second line

3
00:00:05,100 --> 00:00:06,000
Ça va? 😀
"""


@pytest.fixture
def subs(demo_path: Path) -> Path:
    path = demo_path.parent / "subs.srt"
    path.write_text(SRT, encoding="utf-8")
    return path


@pytest.mark.parametrize("fmt", ["srt", "vtt"])
def test_import_then_export_gives_the_same_cues(demo_path: Path, subs: Path, fmt: str) -> None:
    source = subs
    if fmt == "vtt":  # a WebVTT file in, too
        source = subs.with_suffix(".vtt")
        pysubs2.load(str(subs)).save(str(source), format_="vtt")
    done = invoke("import", source, "-p", demo_path, "--json")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["captions"][0]["captions"] == 3
    out = demo_path.parent / f"out.{fmt}"
    done = invoke("export", "-f", fmt, "-o", out, "-p", demo_path)
    assert done.returncode == 0, done.stderr
    assert pysubs2.load(str(out)).equals(pysubs2.load(str(source)))


def test_imported_captions_are_text_elements_on_a_captions_track(demo_path: Path, subs: Path) -> None:
    assert invoke("import", subs, "-p", demo_path).returncode == 0
    track = Tools(demo_path).project.scene.tracks.overlay[0]
    assert (
        track.name == "Captions"
        and [e.content for e in track.sorted_elements() if isinstance(e, TextElement)][1]
        == "日本語の字幕\nand a second line"
    )
    assert invoke("undo", "-p", demo_path).returncode == 0  # one undo step
    assert all(t.name != "Captions" for t in Tools(demo_path).project.scene.tracks.overlay)


def test_bad_subtitle_files_change_nothing(demo_path: Path) -> None:
    before = demo_path.read_bytes()
    bad = demo_path.parent / "bad.srt"
    bad.write_text("not subtitles at all")
    done = invoke("import", bad, "-p", demo_path)
    assert done.returncode != 0 and "bad.srt: not a subtitle file pysubs2 can read" in done.stderr
    assert "Traceback" not in done.stderr
    done = invoke("import", demo_path.parent / "missing.srt", "-p", demo_path)
    assert done.returncode != 0 and "Subtitle file not found" in done.stderr
    assert demo_path.read_bytes() == before


def test_export_needs_captions_and_a_matching_name(demo_path: Path) -> None:
    done = invoke("export", "-o", demo_path.parent / "x.srt", "-p", demo_path)
    assert done.returncode == 1 and "There are no captions to export" in done.stderr
    done = invoke("export", "-f", "srt", "-o", demo_path.parent / "x.vtt", "-p", demo_path)
    assert done.returncode == 2 and "name the file with the format's extension" in done.stderr


def test_the_tools_round_trip_and_stay_in_the_project_folder(demo_path: Path, subs: Path) -> None:
    tools = Tools(demo_path)
    assert tools("import_subtitles", {"file": "subs.srt"})["captions"] == 3
    assert tools("export_captions", {"file": "back.vtt"})["captions"] == 3
    assert pysubs2.load(str(demo_path.parent / "back.vtt")).equals(pysubs2.load(str(subs)))
    assert tools("export_captions", {"file": "back.vtt"}) == {
        "error": "back.vtt already exists; set overwrite: true to replace it"
    }
    assert tools("export_captions", {"file": "back.vtt", "overwrite": True})["success"]


ERRORS = [
    ("import_subtitles", {"file": "notes.txt"}, "file must be a .srt, .vtt, .ass or .ssa file"),
    ("import_subtitles", {"file": "nothere.srt"}, "Subtitle file not found: nothere.srt"),
    (
        "import_subtitles",
        {"file": "../../etc/x.srt"},
        "../../etc/x.srt is outside the project folder; subtitle "
        "files are read and written there (or in a folder named in NEURALCUT_MEDIA_ROOTS)",
    ),
    ("export_captions", {"file": "out.txt"}, "file must end in .srt, .vtt or .ass"),
    ("export_captions", {"file": "out.srt"}, "There are no captions to export (no Captions track)"),
    ("export_captions", {}, "file must be a subtitle file name"),
]


@pytest.mark.parametrize(("name", "args", "error"), ERRORS, ids=[f"{c[0]}:{i}" for i, c in enumerate(ERRORS)])
def test_every_error_leaves_the_file_untouched(demo_path: Path, name: str, args: dict[str, Any], error: str) -> None:
    assert_refused(demo_path, name, args, error)
