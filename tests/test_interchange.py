"""`neuralcut export -f otio|edl|fcp7xml|fcpxml` (issue 17 §2, export half): each file re-read by OpenTimelineIO's
own adapter gives the same clips, source ranges (within a frame) and track layout; what did not travel is said."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import opentimelineio as otio
import pytest
from cli_helpers import neuralcut

from neuralcut_cli.project.io import read_project

ADAPTERS = {"otio": "otio_json", "edl": "cmx_3600", "fcp7xml": "fcp_xml", "fcpxml": "fcpx_xml"}
SUFFIX = {"otio": "otio", "edl": "edl", "fcp7xml": "xml", "fcpxml": "fcpxml"}


def clips(timeline: Any, kind: str) -> list[tuple[str, float, float, float]]:
    """(name, start on the track, source in, source length) of every clip of ``kind``, in seconds."""
    out = []
    for track in timeline.tracks:
        if track.kind != kind:
            continue
        for item in track:
            if isinstance(item, otio.schema.Clip):
                out.append((item.name, item.range_in_parent().start_time.to_seconds(),
                            item.source_range.start_time.to_seconds(), item.source_range.duration.to_seconds()))
    return sorted(out, key=lambda c: (c[1], c[0]))


def expected(path: Path, kinds: tuple[str, ...]) -> dict[str, list[tuple[str, float, float, float]]]:
    project = read_project(path)
    tracks = [project.scene.tracks.main, *project.scene.tracks.overlay, *project.scene.tracks.audio]
    out: dict[str, list[tuple[str, float, float, float]]] = {"Video": [], "Audio": []}
    for track in tracks:
        if track.type not in ("video", "audio"):
            continue
        kind = "Audio" if track.type == "audio" else "Video"
        for e in track.sorted_elements():
            out[kind].append((e.name or e.id, e.start_time / 120_000, e.trim_start / 120_000, e.duration / 120_000))
    return {k: sorted(v, key=lambda c: (c[1], c[0])) for k, v in out.items() if k in kinds}


@pytest.mark.parametrize("fmt", ["otio", "edl", "fcp7xml", "fcpxml"])
def test_each_export_reads_back_with_otios_own_adapter(demo_path: Path, fmt: str) -> None:
    out = demo_path.parent / f"cut.{SUFFIX[fmt]}"
    done = neuralcut("export", "-o", out, "-p", demo_path, "--json")
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout)
    back = otio.adapters.read_from_file(str(out), adapter_name=ADAPTERS[fmt], **({"rate": 30} if fmt == "edl" else {}))
    back = back if isinstance(back, otio.schema.Timeline) else next(iter(back))
    frame = 1 / 30 + 1e-6
    if fmt == "edl":  # one video track: the main one
        want = {"Video": [c for c in expected(demo_path, ("Video",))["Video"] if c[0] != "logo.png"]}
        assert answer["lost"][:2] == ["video track Logo", "audio track Music"]
    else:
        want = expected(demo_path, ("Video", "Audio"))
    for kind, rows in want.items():
        got = clips(back, kind)
        assert [g[0] for g in got] == [w[0] for w in rows], (fmt, kind)
        for g, w in zip(got, rows, strict=True):
            assert all(abs(a - b) <= frame for a, b in zip(g[1:], w[1:], strict=True)), (fmt, g, w)
    tracks = {"otio": 3, "edl": 1, "fcp7xml": 3, "fcpxml": 3}[fmt]
    assert answer["tracks"] == tracks == len(back.tracks)
    if fmt in ("otio", "fcp7xml"):
        assert answer["markers"] == 2 and not [x for x in answer["lost"] if "markers" in x]  # title and vignette
    else:
        assert any("markers" in x for x in answer["lost"])  # said, not silently dropped


def test_the_format_comes_from_the_extension_or_must_match_it(demo_path: Path) -> None:
    done = neuralcut("export", "-f", "edl", "-o", demo_path.parent / "x.xml", "-p", demo_path)
    assert done.returncode == 2 and "name the file with the format's extension" in done.stderr
    done = neuralcut("export", "-o", demo_path.parent / "x.edl", "-p", demo_path)
    assert done.returncode == 0 and "did not travel in edl: video track Logo; audio track Music" in done.stderr
