"""Deep, huge or out-of-bounds interchange files end in a message (issue 25, items 4 and 5).

Before: an OTIO file nested 100,000 deep killed ``import-timeline`` with
SIGSEGV; rates of 0 or 1e308 and a cue past 24 hours were internal errors;
10,000-deep TOML or YAML were internal errors; subtitle import was quadratic
(8,000 cues 14.7 s, 16,000 cues 88 s); an OpenCut record's ``mediaId`` of
``../outside/x`` found a file outside ``--media``.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import time
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import Result, invoke, neuralcut
from paths import FIXTURES, REPO

SAMPLES = FIXTURES / "otio_samples"


def refused(done: Result | subprocess.CompletedProcess[Any], words: str) -> None:
    assert done.returncode in (1, 2), (done.returncode, done.stderr)
    assert words in done.stderr, done.stderr
    assert "Traceback" not in done.stderr and "internal error" not in done.stderr


@pytest.mark.parametrize(
    "name,text",
    [
        ("deep.otio", '{"OTIO_SCHEMA": "Timeline.1", "tracks": ' + "[" * 100_000 + "]" * 100_000 + "}"),
        ("deep.xml", '<?xml version="1.0"?><xmeml version="4">' + "<a>" * 100_000 + "</a>" * 100_000 + "</xmeml>"),
        ("deep.fcpxml", '<?xml version="1.0"?><fcpxml version="1.8">' + "<a>" * 5_000 + "</a>" * 5_000 + "</fcpxml>"),
    ],
)
@pytest.mark.slow  # real processes (a hang or a fresh cache shows only there)
def test_a_timeline_nested_too_deep_is_refused_before_parsing(tmp_path: Path, name: str, text: str) -> None:
    source = tmp_path / name
    source.write_text(text)
    done = neuralcut("import-timeline", source, "-o", tmp_path / "p.json", timeout=60)
    refused(done, "nests deeper than 256 levels")
    assert not (tmp_path / "p.json").exists()


@pytest.mark.parametrize(
    "rate,words",
    [
        ("0", "at a rate of 0"),
        ("1e308", "at a rate of 1e+308"),
        ("-24", "at a rate of -24"),
        ("NaN", "at a rate of nan"),
    ],
)
@pytest.mark.slow  # real processes (a hang or a fresh cache shows only there)
def test_an_otio_rate_out_of_bounds_is_refused(tmp_path: Path, rate: str, words: str) -> None:
    text = (SAMPLES / "multitrack.otio").read_text().replace('"rate": 24,', f'"rate": {rate},')
    source = tmp_path / "bad.otio"
    source.write_text(text)
    done = neuralcut("import-timeline", source, "-o", tmp_path / "p.json", timeout=60)
    refused(done, words)
    assert not (tmp_path / "p.json").exists()


@pytest.mark.slow  # real processes (a hang or a fresh cache shows only there)
def test_an_otio_time_past_a_day_is_refused(tmp_path: Path) -> None:
    document = json.loads((SAMPLES / "multitrack.otio").read_text())
    clip = next(
        c
        for track in document["tracks"]["children"]
        for c in track["children"]
        if c.get("OTIO_SCHEMA", "").startswith("Clip")
    )
    clip["source_range"]["duration"]["value"] = 24 * 3 * 3600 * 24.0
    source = tmp_path / "long.otio"
    source.write_text(json.dumps(document))
    refused(neuralcut("import-timeline", source, "-o", tmp_path / "p.json", timeout=60), "past 24 hours")


def test_a_cue_past_a_day_is_refused_and_changes_nothing(demo_path: Path) -> None:
    cues = demo_path.parent / "late.srt"
    cues.write_text("1\n25:00:00,000 --> 25:00:01,000\nlate\n")
    before = demo_path.read_bytes()
    refused(invoke("import", cues, "-p", demo_path), "past 24 hours")
    assert demo_path.read_bytes() == before


def test_subtitle_import_of_sixteen_thousand_cues_is_linear(demo_path: Path) -> None:
    """16,000 cues took 88 s (each caption inserted by scanning the ones before it); now they are laid out in
    one pass. A bound far above the linear time and far below the quadratic one (speed itself: benchmarks/)."""
    from neuralcut_cli.editing.captions import caption_track
    from neuralcut_cli.project.io import read_project

    project = read_project(demo_path)
    cues = [(n * 1.0, n + 0.8, f"line {n}") for n in range(16_000)]
    began = time.perf_counter()
    _, track = caption_track(project, cues, "bottom", "subtitle")
    assert len(track.elements) == 16_000
    assert [e.start_time for e in track.elements] == sorted(e.start_time for e in track.elements)
    assert time.perf_counter() - began < 20


def test_a_config_nested_too_deep_is_refused(tmp_path: Path, demo_path: Path) -> None:
    config = tmp_path / "config.toml"
    config.write_text("a = " + "[" * 10_000 + "]" * 10_000 + "\n")
    done = invoke("run", "split at 3s", "--dry-run", "-p", demo_path, env={"NEURALCUT_CONFIG": str(config)})
    refused(done, "nested too deeply to be a configuration file")


def test_a_skill_nested_too_deep_is_skipped_with_a_reason(demo_path: Path) -> None:
    skills = demo_path.parent / ".neuralcut" / "skills"
    skills.mkdir(parents=True)
    (skills / "deep.md").write_text("---\nname: " + "[" * 10_000 + "]" * 10_000 + "\ndescription: x\n---\nbody\n")
    done = invoke("skills", "-p", demo_path)
    assert done.returncode == 0 and "Traceback" not in done.stderr
    assert "deep.md: the front matter is nested too deeply; skipped" in done.stderr


# -- item 5: media found for an OpenCut record stays inside --media ---------------------------------


@pytest.mark.parametrize("media_id", ["../outside/x", "ABSOLUTE", "..", "sub/../../outside/x"])
@pytest.mark.slow  # real processes (a hang or a fresh cache shows only there)
def test_a_record_media_id_never_reaches_outside_the_media_folder(tmp_path: Path, media_id: str) -> None:
    media, outside = tmp_path / "media", tmp_path / "outside"
    media.mkdir()
    outside.mkdir()
    shutil.copy(REPO / "projects" / "media" / "intro.mp4", outside / "x.mp4")
    media_id = str(outside / "x") if media_id == "ABSOLUTE" else media_id
    record = tmp_path / "record.json"
    record.write_text((FIXTURES / "opencut_v25_record.json").read_text().replace('"m-intro"', json.dumps(media_id)))
    done = neuralcut("import-opencut", record, "--media", media, "-o", tmp_path / "p.json", timeout=60)
    refused(done, f"not found in {media}")
    assert media_id in done.stderr
    assert not (tmp_path / "p.json").exists()


@pytest.mark.slow  # real processes (a hang or a fresh cache shows only there)
def test_a_manifest_name_that_is_a_path_finds_nothing_outside(tmp_path: Path) -> None:
    media, outside = tmp_path / "media", tmp_path / "outside"
    media.mkdir()
    outside.mkdir()
    shutil.copy(REPO / "projects" / "media" / "intro.mp4", outside / "intro.mp4")
    manifest = json.loads((FIXTURES / "opencut_v25_media.json").read_text())
    for entry in manifest:
        entry["name"] = "../outside/intro.mp4"
    path = tmp_path / "media.json"
    path.write_text(json.dumps(manifest))
    done = neuralcut(
        "import-opencut",
        FIXTURES / "opencut_v25_record.json",
        "--manifest",
        path,
        "--media",
        media,
        "-o",
        tmp_path / "p.json",
        "--json",
        timeout=60,
    )
    if done.returncode == 0:
        project = json.loads((tmp_path / "p.json").read_text())
        assert all("outside" not in (asset.get("path") or "") for asset in project["mediaAssets"])
    else:
        assert "Traceback" not in done.stderr
