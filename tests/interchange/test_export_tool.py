"""``export_timeline``: the edit for another editor from a request or a tool call, as ``neuralcut export`` writes
it (issue 37: a talk cut, levelled and handed to Final Cut in one run)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import opentimelineio as otio
import pytest
from cli_helpers import invoke
from tool_helpers import Tools, assert_refused

READERS = {".fcpxml": "fcpx_xml", ".xml": "fcp_xml", ".edl": "cmx_3600", ".otio": "otio_json"}


def _video_clips(path: Path) -> list[tuple[str, Any, Any]]:
    """Each picture clip's (name, source range, range in the sequence) as OpenTimelineIO's own reader reads it."""
    found = otio.adapters.read_from_file(
        str(path), adapter_name=READERS[path.suffix], **({"rate": 30} if path.suffix == ".edl" else {})
    )
    timeline = found if isinstance(found, otio.schema.Timeline) else next(iter(found))
    clips = [c for t in timeline.tracks if t.kind == "Video" for c in t if isinstance(c, otio.schema.Clip)]
    return [(c.name, c.source_range, c.range_in_parent()) for c in clips]


@pytest.mark.parametrize("suffix", list(READERS))
def test_the_tool_writes_what_neuralcut_export_writes(demo_path: Path, suffix: str) -> None:
    before = demo_path.read_bytes()
    answer = Tools(demo_path)("export_timeline", {"file": "edit" + suffix})
    assert answer["success"] and answer["file"] == "edit" + suffix
    assert answer["format"] == {".fcpxml": "fcpxml", ".xml": "fcp7xml", ".edl": "edl", ".otio": "otio"}[suffix]
    assert demo_path.read_bytes() == before  # writing a file for another editor is no edit of the project
    by_command = demo_path.with_name("cmd" + suffix)
    assert invoke("export", "-p", demo_path, "-o", by_command).returncode == 0
    ours, theirs = _video_clips(demo_path.with_name("edit" + suffix)), _video_clips(by_command)
    assert ours == theirs and ours


def test_a_format_without_a_file_is_named_after_the_project(demo_path: Path) -> None:
    answer = Tools(demo_path)("export_timeline", {"format": "fcp7xml"})
    assert answer["file"] == "demo.xml" and demo_path.with_name("demo.xml").is_file()
    edl = Tools(demo_path)("export_timeline", {"format": "edl"})
    assert edl["file"] == "demo.edl" and any("Music" in lost for lost in edl["lost"])  # an EDL holds one picture


def test_an_existing_file_is_replaced_only_when_asked(demo_path: Path) -> None:
    tools = Tools(demo_path)
    tools("export_timeline", {"file": "edit.otio"})
    target = demo_path.with_name("edit.otio")
    target.write_text("old")
    assert_refused(
        demo_path,
        "export_timeline",
        {"file": "edit.otio"},
        "edit.otio already exists; set overwrite: true to replace it",
    )
    assert target.read_text() == "old"
    assert tools("export_timeline", {"file": "edit.otio", "overwrite": True})["success"]
    assert target.read_text() != "old"


ERRORS = [
    ({}, "Name the file to write (file) or its format (format)"),
    ({"file": "edit.mp4"}, "file must end in .fcpxml, .xml, .edl or .otio"),
    ({"file": "edit.xml", "format": "edl"}, "format edl is written to a .edl file, not edit.xml"),
    ({"format": "aaf"}, "format must be fcpxml, fcp7xml, edl or otio"),
    ({"file": 3}, "file must be a file name"),
    (
        {"file": "../../x.fcpxml"},
        "../../x.fcpxml is outside the project folder; timelines are exported there (or in a folder named in "
        "NEURALCUT_MEDIA_ROOTS)",
    ),
    ({"file": "edit.fcpxml", "overwrite": "yes"}, "overwrite must be true or false"),
]


@pytest.mark.parametrize(("args", "error"), ERRORS, ids=[e for _, e in ERRORS])
def test_every_error_writes_nothing(demo_path: Path, args: dict[str, Any], error: str) -> None:
    assert_refused(demo_path, "export_timeline", args, error)
    assert sorted(p.name for p in demo_path.parent.iterdir() if p.suffix in READERS) == []


def test_one_request_cuts_and_hands_the_edit_to_final_cut(demo_path: Path) -> None:
    done = invoke("run", "split at 5s and export it for final cut pro", "-p", demo_path)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Wrote demo.fcpxml, FCPXML (Final Cut Pro, Resolve)" in " ".join(done.stdout.split())
    clips = _video_clips(demo_path.with_name("demo.fcpxml"))
    assert any(abs(placed.end_time_exclusive().to_seconds() - 5) < 1e-6 for _, _, placed in clips)  # the cut


def test_a_request_to_export_again_is_refused_until_it_says_replace(demo_path: Path) -> None:
    assert invoke("run", "export to edit.fcpxml", "-p", demo_path).returncode == 0
    before = demo_path.with_name("edit.fcpxml").read_bytes()
    again = invoke("run", "export to edit.fcpxml", "-p", demo_path)
    assert again.returncode == 1 and "edit.fcpxml already exists" in " ".join(again.stdout.split())
    assert demo_path.with_name("edit.fcpxml").read_bytes() == before
    assert invoke("run", "split at 5s, then export to edit.fcpxml replacing it", "-p", demo_path).returncode == 0
    assert demo_path.with_name("edit.fcpxml").read_bytes() != before
