"""`neuralcut export -f otio|edl|fcp7xml|fcpxml` (issue 17 §2, export half): each file re-read by OpenTimelineIO's
own adapter gives the same clips, source ranges (within a frame) and track layout; what did not travel is said."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import opentimelineio as otio
import pytest
from cli_helpers import invoke
from paths import FIXTURES

from neuralcut_cli.project.elements import AudioElement, ImageElement, VideoElement
from neuralcut_cli.project.io import read_project
from neuralcut_cli.project.model import Bookmark

ADAPTERS = {"otio": "otio_json", "edl": "cmx_3600", "fcp7xml": "fcp_xml", "fcpxml": "fcpx_xml"}
SUFFIX = {"otio": "otio", "edl": "edl", "fcp7xml": "xml", "fcpxml": "fcpxml"}
KINDS = ("Video", "Audio")


def clips(timeline: Any, kind: str) -> list[tuple[str, float, float, float]]:
    """(name, start on the track, source in, source length) of every clip of ``kind``, in seconds."""
    out = []
    for track in timeline.tracks:
        if track.kind != kind:
            continue
        for item in track:
            if isinstance(item, otio.schema.Clip):
                out.append(
                    (
                        item.name,
                        item.range_in_parent().start_time.to_seconds(),
                        item.source_range.start_time.to_seconds(),
                        item.source_range.duration.to_seconds(),
                    )
                )
    return sorted(out, key=lambda c: (c[1], c[0]))


def expected(
    path: Path, kinds: tuple[str, ...], own_sound: bool = True
) -> dict[str, list[tuple[str, float, float, float]]]:
    """What each kind of track should hold; with ``own_sound``, the video clips whose own sound plays are in the
    audio too (an audio track beside their track, with the same cuts)."""
    project = read_project(path)
    tracks = [project.scene.tracks.main, *project.scene.tracks.overlay, *project.scene.tracks.audio]
    out: dict[str, list[tuple[str, float, float, float]]] = {"Video": [], "Audio": []}
    for track in tracks:
        if track.type not in ("video", "audio"):
            continue
        kind = "Audio" if track.type == "audio" else "Video"
        for e in track.sorted_elements():
            row = (e.name or e.id, e.start_time / 120_000, e.trim_start / 120_000, e.duration / 120_000)
            out[kind].append(row)
            asset = project.asset(getattr(e, "media_id", ""))
            if own_sound and e.type == "video" and not e.muted and asset is not None and asset.has_audio is not False:
                out["Audio"].append(row)
    return {k: sorted(v, key=lambda c: (c[1], c[0])) for k, v in out.items() if k in kinds}


@pytest.mark.parametrize("fmt", ["otio", "edl", "fcp7xml", "fcpxml"])
def test_each_export_reads_back_with_otios_own_adapter(demo_path: Path, fmt: str) -> None:
    out = demo_path.parent / f"cut.{SUFFIX[fmt]}"
    done = invoke("export", "-o", out, "-p", demo_path, "--json")
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout)
    back = otio.adapters.read_from_file(str(out), adapter_name=ADAPTERS[fmt], **({"rate": 30} if fmt == "edl" else {}))
    back = back if isinstance(back, otio.schema.Timeline) else next(iter(back))
    frame = 1 / 30 + 1e-6
    if fmt == "edl":  # one video track, the main one, and its clips' own sound (events on "B")
        want = {
            k: [c for c in v if c[0] not in ("logo.png", "music.mp3")] for k, v in expected(demo_path, KINDS).items()
        }
        assert answer["lost"][:2] == ["video track Logo", "audio track Music"]
    else:  # the clips' sound as an audio track beside them; in FCPXML inside the clips themselves (below)
        want = expected(demo_path, KINDS, own_sound=fmt != "fcpxml")
    for kind, rows in want.items():
        got = clips(back, kind)
        assert [g[0] for g in got] == [w[0] for w in rows], (fmt, kind)
        for g, w in zip(got, rows, strict=True):
            assert all(abs(a - b) <= frame for a, b in zip(g[1:], w[1:], strict=True)), (fmt, g, w)
    assert [w[0] for w in want["Audio"]].count("intro.mp4") == (0 if fmt == "fcpxml" else 1)  # city.mp4 has none
    tracks = {"otio": 4, "edl": 2, "fcp7xml": 4, "fcpxml": 3}[fmt]
    assert answer["tracks"] == tracks == len(back.tracks)
    if fmt in ("otio", "fcp7xml"):
        assert answer["markers"] == 2 and not [x for x in answer["lost"] if "markers" in x]  # title and vignette
    else:
        assert any("markers" in x for x in answer["lost"])  # said, not silently dropped


def test_the_format_comes_from_the_extension_or_must_match_it(demo_path: Path) -> None:
    done = invoke("export", "-f", "edl", "-o", demo_path.parent / "x.xml", "-p", demo_path)
    assert done.returncode == 2 and "name the file with the format's extension" in done.stderr
    done = invoke("export", "-o", demo_path.parent / "x.edl", "-p", demo_path)
    assert done.returncode == 0 and "did not travel in edl: video track Logo; audio track Music" in done.stderr


# -- import-timeline ----------------------------------------------------------------------------------------


def layout(path: Path) -> dict[str, list[tuple[str, int, int, int]]]:
    """Per track kind and position: (media file, start, trim start, length) in ticks."""
    project = read_project(path)
    out = {}
    tracks = (
        [("main", project.scene.tracks.main)]
        + [(f"overlay{i}", t) for i, t in enumerate(t for t in project.scene.tracks.overlay if t.type == "video")]
        + [(f"audio{i}", t) for i, t in enumerate(project.scene.tracks.audio)]
    )
    for key, track in tracks:
        rows = []
        for e in track.sorted_elements():
            assert isinstance(e, VideoElement | ImageElement | AudioElement)
            asset = project.asset(e.media_id)
            rows.append(
                (Path(asset.path).name if asset and asset.path else "?", e.start_time, e.trim_start, e.duration)
            )
        out[key] = rows
    return out


@pytest.mark.parametrize("fmt", ["otio", "edl", "fcp7xml", "fcpxml"])
def test_export_then_import_round_trips(demo_path: Path, fmt: str) -> None:
    out = demo_path.parent / f"cut.{SUFFIX[fmt]}"
    assert invoke("export", "-o", out, "-p", demo_path).returncode == 0
    back = demo_path.parent / "back.json"
    done = invoke("import-timeline", out, "-o", back, "--json")
    assert done.returncode == 0, done.stderr
    want, got = layout(demo_path), layout(back)
    frame = 120_000 // 30
    if fmt == "edl":
        want = {"main": want["main"]}
        got = {k: v for k, v in got.items() if v}
    assert set(got) == set(want)
    for key in want:
        assert [g[0] for g in got[key]] == [w[0] for w in want[key]], (fmt, key)
        for g, w in zip(got[key], want[key], strict=True):
            assert all(abs(a - b) <= frame for a, b in zip(g[1:], w[1:], strict=True)), (fmt, key, g, w)
    if fmt == "otio":  # everything NeuralCut wrote comes back: the title, the effect, volumes, transforms
        original, again = read_project(demo_path), read_project(back)
        assert sorted(e.id for _, e in again.scene.elements()) == sorted(e.id for _, e in original.scene.elements())
        assert [t.id for t in again.scene.tracks.overlay] == [t.id for t in original.scene.tracks.overlay]


def test_missing_media_is_listed_and_the_project_still_opens(demo_path: Path, tmp_path: Path) -> None:
    out = demo_path.parent / "cut.xml"
    assert invoke("export", "-o", out, "-p", demo_path).returncode == 0
    moved = tmp_path / "elsewhere"
    moved.mkdir()
    (moved / "cut.xml").write_text(out.read_text().replace("media/", "gone/"))
    done = invoke("import-timeline", moved / "cut.xml", "-o", moved / "p.json", "--json")
    answer = json.loads(done.stdout)
    assert done.returncode == 0 and len(answer["missingMedia"]) == 5
    listed = invoke("tool", "list_project_assets", "{}", "-p", moved / "p.json", "--json")
    assert listed.returncode == 0 and all(a["missing"] for a in json.loads(listed.stdout)["assets"])


def test_transitions_and_nested_stacks_are_reported(tmp_path: Path) -> None:
    rate = 24
    timeline = otio.schema.Timeline(name="From an editor")
    track = otio.schema.Track(kind=otio.schema.TrackKind.Video)
    for name in ("a", "b"):
        track.append(
            otio.schema.Clip(
                name=name,
                media_reference=otio.schema.ExternalReference(
                    target_url=f"file:///nowhere/{name}.mov",
                    available_range=otio.opentime.TimeRange(
                        otio.opentime.RationalTime(0, rate), otio.opentime.RationalTime(48, rate)
                    ),
                ),
                source_range=otio.opentime.TimeRange(
                    otio.opentime.RationalTime(0, rate), otio.opentime.RationalTime(24, rate)
                ),
            )
        )
    track.insert(
        1,
        otio.schema.Transition(
            name="dissolve",
            in_offset=otio.opentime.RationalTime(6, rate),
            out_offset=otio.opentime.RationalTime(6, rate),
        ),
    )
    nested = otio.schema.Stack(name="compound")
    nested.append(otio.schema.Track())
    track.append(nested)
    timeline.tracks.append(track)
    timeline.tracks.markers.append(
        otio.schema.Marker(
            name="chorus",
            marked_range=otio.opentime.TimeRange(
                otio.opentime.RationalTime(24, rate), otio.opentime.RationalTime(0, rate)
            ),
            color="GREEN",
        )
    )
    source = tmp_path / "edit.otio"
    otio.adapters.write_to_file(timeline, str(source))
    done = invoke("import-timeline", source, "-o", tmp_path / "p.json", "--json")
    answer = json.loads(done.stdout)
    assert done.returncode == 0
    assert not any(u.startswith("transition") for u in answer["unsupported"])  # read as ours (issue 27)
    assert any(u.startswith("nested stack compound") for u in answer["unsupported"])
    project = read_project(tmp_path / "p.json")
    assert project.fps == 24 and len(project.scene.tracks.main.elements) == 2
    (transition,) = project.scene.tracks.main.transitions
    a, b = project.scene.tracks.main.elements
    assert (transition.type, transition.from_element_id, transition.to_element_id) == ("dissolve", a.id, b.id)
    # 6 frames at 24 fps asked each side; b's media (its available range) start where b starts, so the part
    # before the cut has nothing to draw from: shortened to the 6 frames after it, and said
    assert (transition.in_offset, transition.out_offset) == (0, 30_000)
    assert "Shortened the cross dissolve between a and b from 0.5 s to 0.25 s." in answer["unsupported"]
    assert [b.note for b in project.scene.bookmarks if isinstance(b, Bookmark)][:1] == ["chorus"]


def test_an_edl_takes_the_frame_rate_asked_for(demo_path: Path) -> None:
    out = demo_path.parent / "cut.edl"
    assert invoke("export", "-o", out, "-p", demo_path).returncode == 0
    done = invoke("import-timeline", out, "-o", demo_path.parent / "p25.json", "--fps", "25", "--json")
    assert done.returncode == 0 and json.loads(done.stdout)["fps"] == 25


def test_unreadable_timelines_are_refused_clearly(tmp_path: Path) -> None:
    bad = tmp_path / "bad.xml"
    bad.write_text("<not an fcp file")
    done = invoke("import-timeline", bad, "-o", tmp_path / "p.json")
    assert done.returncode != 0 and "bad.xml: not a timeline the fcp_xml adapter can read" in done.stderr
    assert "Traceback" not in done.stderr and not (tmp_path / "p.json").exists()
    done = invoke("import-timeline", tmp_path / "x.mov", "-o", tmp_path / "p.json")
    assert done.returncode == 2


SAMPLES = FIXTURES / "otio_samples"


@pytest.mark.parametrize(
    ("sample", "elements", "reported"),
    [
        # two of its audio clips are its video clips' own sound (same file, frames and source): kept in them
        ("premiere_example.xml", 10, ["generated clip test_title", "nested stack"]),
        ("premiere_example.otio", 10, ["generated clip test_title", "nested stack"]),
        ("nested_example.otio", 4, ["nested stack Nested Stack 1", "nested stack Nested Stack 2"]),
        ("transition_test.otio", 3, ["transition t0 at -0.416667 s on Main Track: no clip before it", "transition t3"]),
        ("multitrack.otio", 5, []),
    ],
)
def test_otios_own_sample_timelines_import_with_what_is_unsupported_reported(
    tmp_path: Path, sample: str, elements: int, reported: list[str]
) -> None:
    done = invoke("import-timeline", SAMPLES / sample, "-o", tmp_path / "p.json", "--json")
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout)
    assert answer["elements"] == elements
    for start in reported:
        assert any(item.startswith(start) for item in answer["unsupported"]), (start, answer["unsupported"])
    assert answer["missingMedia"]  # the editors' media are not on this machine: listed, the project still opens
    assert invoke("tool", "list_timeline", "{}", "-p", tmp_path / "p.json").returncode == 0


def test_bookmarks_travel_as_markers_and_come_back(demo_path: Path) -> None:
    data = json.loads(demo_path.read_text())
    data["scenes"][0]["bookmarks"] = [{"time": 5 * 120_000, "note": "the wave"}]
    demo_path.write_text(json.dumps(data))
    out = demo_path.parent / "cut.otio"
    assert invoke("export", "-o", out, "-p", demo_path).returncode == 0
    back = demo_path.parent / "back.json"
    assert invoke("import-timeline", out, "-o", back).returncode == 0
    marks = read_project(back).scene.bookmarks
    assert [(m.time, m.note) for m in marks if isinstance(m, Bookmark)] == [(5 * 120_000, "the wave")]
