"""Transitions travel (issue 27 §7): exported as OTIO ``Transition``s, read back by OpenTimelineIO's own adapters,
and imported again with their type (where the format carries it) and length."""

from __future__ import annotations

import json
from pathlib import Path

import opentimelineio as otio
import pytest
from cli_helpers import invoke
from tool_helpers import Tools

from neuralcut_cli.project.elements import VideoElement
from neuralcut_cli.project.io import read_project


@pytest.fixture
def with_transitions(demo_path: Path) -> Path:
    tools = Tools(demo_path)
    first, second = (
        r["transitionId"] for r in tools("add_transition", {"trackId": "t-main", "everyCut": True})["added"]
    )
    tools("update_transition", {"transitionId": second, "type": "wipe-left"})
    return demo_path


def _read(path: Path, rate: float = 30) -> otio.schema.Timeline:
    found = otio.adapters.read_from_file(str(path), **({"rate": rate} if path.suffix == ".edl" else {}))
    return found if isinstance(found, otio.schema.Timeline) else next(iter(found))


def _otio_transitions(timeline: otio.schema.Timeline, kind: str = "Video") -> list[tuple[str, float]]:
    return [
        (item.name, round((item.in_offset + item.out_offset).to_seconds(), 3))
        for track in timeline.tracks
        if track.kind == kind
        for item in track
        if isinstance(item, otio.schema.Transition)
    ]


@pytest.mark.parametrize(
    ("suffix", "names", "types"),
    [
        (".otio", ["dissolve", "wipe-left"], ["dissolve", "wipe-left"]),
        (".xml", ["dissolve", "wipe-left"], ["dissolve", "wipe-left"]),  # FCP 7 XML keeps the name
        (".edl", None, ["dissolve", "dissolve"]),  # CMX 3600 has dissolves only
        (".fcpxml", None, ["dissolve", "wipe-left"]),  # written into the spine by us: OTIO's adapter has none
    ],
)
def test_a_round_trip_keeps_type_and_length(
    with_transitions: Path, tmp_path: Path, suffix: str, names: list[str] | None, types: list[str]
) -> None:
    out = tmp_path / f"cut{suffix}"
    done = invoke("export", "-o", out, "-p", with_transitions, "--json")
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout)
    assert answer["transitions"] == 2
    assert ("the type of 1 transition (read back as dissolves)" in answer["lost"]) == (suffix == ".edl")
    if suffix != ".fcpxml":  # (OpenTimelineIO's fcpx_xml adapter reads no transitions)
        seen = _otio_transitions(_read(out))
        assert [length for _, length in seen] == [1.0, 1.0]
        # the clips' own sound beside them crossfades where the picture dissolves (the intro's only: the city
        # clip has no sound)
        assert [length for _, length in _otio_transitions(_read(out), "Audio")] == [1.0]
        if names:
            assert [name for name, _ in seen] == names
    back = tmp_path / "back.json"
    assert invoke("import-timeline", out, "-o", back, "--fps", "30").returncode == 0
    main = read_project(back).scene.tracks.main
    assert [t.type for t in main.transitions] == types
    assert [t.duration for t in main.transitions] == [120_000, 120_000]
    by_id = {e.id: e for e in main.elements}
    assert all(by_id[t.from_element_id].end_time == by_id[t.to_element_id].start_time for t in main.transitions)


def test_fcpxml_holds_final_cut_pros_own_transitions(with_transitions: Path, tmp_path: Path) -> None:
    """In the spine between the clips they join, centred as the handles allow, naming Final Cut Pro's Cross
    Dissolve and Audio Crossfade; a wipe keeps its name and is said to look like a dissolve there."""
    import xml.etree.ElementTree as ET

    out = tmp_path / "cut.fcpxml"
    done = invoke("export", "-o", out, "-p", with_transitions, "--json")
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout)
    assert answer["transitions"] == 2 and not any("do not carry" in lost for lost in answer["lost"])
    assert (
        "the look of 1 transition (Final Cut Pro shows it as a cross dissolve; the name keeps the type)"
        in (answer["lost"])
    )
    root = ET.parse(out).getroot()
    uids = {e.get("id"): e.get("uid") for e in root.iter("effect")}
    spine = root.findall(".//sequence/spine/*")
    found = [(k, t) for k, t in enumerate(spine) if t.tag == "transition"]
    assert [(t.get("name"), t.get("offset"), t.get("duration")) for _, t in found] == [
        ("Cross Dissolve", "11/2s", "1s"),  # the intro's cut at 6 s, half a second each side
        ("Wipe left", "14s", "1s"),  # the city clip has no head: all of it after the cut at 14 s
    ]
    for k, transition in found:
        assert spine[k - 1].tag == "asset-clip" and spine[k + 1].tag == "asset-clip"
        video, audio = transition.find("filter-video"), transition.find("filter-audio")
        assert video is not None and audio is not None
        assert uids[video.get("ref")] == "FxPlug:4731E73A-8DAC-4113-9A30-AE85B1761265"
        assert uids[audio.get("ref")] == "FFAudioTransition"


FINAL_CUT = """<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE fcpxml>
<fcpxml version="1.10">
  <resources>
    <format id="r1" frameDuration="1/25s" width="1280" height="720"/>
    <asset id="r2" name="a" src="file:///nowhere/a.mov" start="0s" duration="20s" hasVideo="1" format="r1"/>
    <asset id="r3" name="b" src="file:///nowhere/b.mov" start="0s" duration="20s" hasVideo="1" format="r1"/>
    <effect id="r4" name="Cross Dissolve" uid="FxPlug:4731E73A-8DAC-4113-9A30-AE85B1761265"/>
  </resources>
  <library><event name="e"><project name="p"><sequence format="r1" duration="16s"><spine>
    <asset-clip ref="r2" offset="0s" name="a" start="2s" duration="8s" format="r1"/>
    <transition name="Cross Dissolve" offset="15/2s" duration="1s"><filter-video ref="r4" name="Cross Dissolve"/></transition>
    <asset-clip ref="r3" offset="8s" name="b" start="2s" duration="8s" format="r1"/>
  </spine></sequence></project></event></library>
</fcpxml>
"""


def test_a_final_cut_pro_cross_dissolve_is_imported(tmp_path: Path) -> None:
    source = tmp_path / "fcp.fcpxml"
    source.write_text(FINAL_CUT)
    done = invoke("import-timeline", source, "-o", tmp_path / "p.json", "--json")
    assert done.returncode == 0, done.stderr
    main = read_project(tmp_path / "p.json").scene.tracks.main
    (transition,) = main.transitions
    assert (transition.type, transition.in_offset, transition.out_offset) == ("dissolve", 60_000, 60_000)
    names = {e.id: e.name for e in main.elements}
    assert (names[transition.from_element_id], names[transition.to_element_id]) == ("a", "b")


@pytest.mark.parametrize("duration", ["-1s", "0s", "abc", "1/0s"])
def test_a_transition_with_a_bad_duration_is_said_not_dropped_silently(tmp_path: Path, duration: str) -> None:
    """Issue 40 §11: a transition NeuralCut cannot read is named in the import's note, not lost unsaid."""
    source = tmp_path / "fcp.fcpxml"
    source.write_text(FINAL_CUT.replace('offset="15/2s" duration="1s"', f'offset="15/2s" duration="{duration}"'))
    done = invoke("import-timeline", source, "-o", tmp_path / "p.json", "--json")
    assert done.returncode == 0, done.stderr
    said = done.stdout + done.stderr
    assert (
        f"transition Cross Dissolve at offset 15/2s: duration '{duration}' is not a positive time; not imported" in said
    )
    assert read_project(tmp_path / "p.json").scene.tracks.main.transitions == ()


def test_otios_own_transition_sample_keeps_the_transition_between_two_clips(tmp_path: Path) -> None:
    from paths import FIXTURES

    done = invoke(
        "import-timeline", FIXTURES / "otio_samples" / "transition_test.otio", "-o", tmp_path / "p.json", "--json"
    )
    assert done.returncode == 0, done.stderr
    main = read_project(tmp_path / "p.json").scene.tracks.main
    (transition,) = main.transitions  # t1 between A and B; t0 and t3 touch one clip only (reported)
    names = {e.id: e.name for e in main.elements}
    assert (names[transition.from_element_id], names[transition.to_element_id]) == ("A", "B")
    assert transition.duration == 2 * 10 * 120_000 // 24  # 10 frames each side at 24 fps
    unsupported = json.loads(done.stdout)["unsupported"]
    assert any(u.startswith("transition t3 on Main Track: no clip after it") for u in unsupported)


def test_export_opencut_says_transitions_did_not_travel(with_transitions: Path, tmp_path: Path) -> None:
    done = invoke("export-opencut", "-o", tmp_path / "record.json", "-p", with_transitions)
    assert done.returncode == 0, done.stderr
    assert "Did not travel: 2 transitions (OpenCut has none" in done.stdout
    record = json.loads((tmp_path / "record.json").read_text())
    assert len(record["scenes"][0]["tracks"]["main"]["transitions"]) == 2  # a field OpenCut's loader passes over


def test_an_imported_transition_longer_than_the_media_is_shortened_and_said(
    with_transitions: Path, tmp_path: Path
) -> None:
    """A file made elsewhere may ask for more handle than the media have: the import shortens the transition
    to what exists (as an edit would) and says so; the render never draws past a clip's media."""
    out = tmp_path / "cut.otio"
    assert invoke("export", "-o", out, "-p", with_transitions).returncode == 0
    timeline = _read(out)
    first = next(item for track in timeline.tracks for item in track if isinstance(item, otio.schema.Transition))
    first.in_offset = first.out_offset = otio.opentime.RationalTime(300, 30)  # 10 s each side: 20 s
    otio.adapters.write_to_file(timeline, str(out))
    back = tmp_path / "back.json"
    done = invoke("import-timeline", out, "-o", back, "--json")
    assert done.returncode == 0, done.stderr
    said = [u for u in json.loads(done.stdout)["unsupported"] if u.startswith("Shortened the cross dissolve")]
    assert len(said) == 1 and "from 20 s to" in said[0], said
    main = read_project(back).scene.tracks.main
    by_id = {e.id: e for e in main.elements}
    shortened = next(t for t in main.transitions if t.type == "dissolve")
    assert 0 < shortened.duration < 20 * 120_000
    outgoing, incoming = by_id[shortened.from_element_id], by_id[shortened.to_element_id]
    assert isinstance(outgoing, VideoElement)
    assert shortened.out_offset <= outgoing.source_ticks - outgoing.trim_start - outgoing.shown_ticks
    assert shortened.in_offset <= incoming.trim_start
    assert next(t for t in main.transitions if t.type == "wipe-left").duration == 120_000  # untouched
