"""import, new --media, render, export: with real media made by the bundled ffmpeg."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import time
from pathlib import Path

import pytest
from cli_helpers import EXE
from cli_helpers import neuralcut as real_neuralcut
from media_helpers import frame, made_asset, make_media, pixel
from paths import REPO

from neuralcut_cli.media.probe import probe
from neuralcut_cli.project.io import read_project

T = 120_000

pytestmark = pytest.mark.slow  # real media made and rendered by ffmpeg


def neuralcut(*args: str | Path) -> subprocess.CompletedProcess[str]:
    return real_neuralcut(*args, env={"COLUMNS": "120"}, timeout=300)


@pytest.fixture(scope="module")
def media(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return make_media(tmp_path_factory.mktemp("media"))


# -- import -----------------------------------------------------------------------


def test_probe_reads_real_metadata(media: Path) -> None:
    clip = probe(media / "clip.mp4")
    assert (clip.type, clip.duration, clip.width, clip.height, clip.fps, clip.has_audio) == (
        "video",
        3.0,
        320,
        180,
        15.0,
        True,
    )
    silent = probe(media / "silent.mp4")
    assert (silent.width, silent.height, silent.fps, silent.has_audio) == (160, 120, 25.0, False)
    assert probe(media / "pic.png").type == "image" and probe(media / "pic.png").width == 64
    tone = probe(media / "tone.mp3")
    assert tone.type == "audio" and abs((tone.duration or 0) - 4.0) < 0.1


def test_import_adds_assets_with_relative_paths(media: Path, tmp_path: Path) -> None:
    project = tmp_path / "p" / "edit.json"
    assert neuralcut("new", project).returncode == 0
    done = neuralcut("import", media / "clip.mp4", media / "pic.png", media / "tone.mp3", "-p", project, "--json")
    assert done.returncode == 0, done.stderr
    assets = read_project(project).media_assets
    assert [(a.name, a.type) for a in assets] == [("clip.mp4", "video"), ("pic.png", "image"), ("tone.mp3", "audio")]
    clip = assets[0]
    assert (clip.duration, clip.width, clip.height, clip.fps, clip.has_audio) == (3.0, 320, 180, 15.0, True)
    assert (
        not Path(str(clip.path)).is_absolute()
        and (project.parent / str(clip.path)).resolve() == (media / "clip.mp4").resolve()
    )
    again = neuralcut("import", media / "clip.mp4", "-p", project)
    assert again.returncode == 0 and "Already in the project" in again.stdout
    assert len(read_project(project).media_assets) == 3
    assert neuralcut("undo", "-p", project).returncode == 0  # importing is one undoable request
    assert read_project(project).media_assets == ()


def test_unreadable_files_add_nothing(media: Path, tmp_path: Path) -> None:
    project = tmp_path / "edit.json"
    neuralcut("new", project)
    before = project.read_bytes()
    done = neuralcut("import", media / "clip.mp4", media / "notes.txt", tmp_path / "missing.mov", "-p", project)
    assert done.returncode == 1
    assert "Nothing was imported" in done.stderr and "notes.txt" in done.stderr and "missing.mov" in done.stderr
    assert project.read_bytes() == before


def test_new_with_media_lays_videos_end_to_end(media: Path, tmp_path: Path) -> None:
    project = tmp_path / "trip.json"
    done = neuralcut(
        "new", project, "--media", media / "clip.mp4", media / "pic.png", media / "silent.mp4", media / "tone.mp3"
    )
    assert done.returncode == 0, done.stderr
    loaded = read_project(project)
    assert (loaded.settings.canvas_size.width, loaded.settings.canvas_size.height, loaded.fps) == (320, 180, 15)
    main = loaded.scene.tracks.main.elements
    assert [(e.type, e.start_time, e.end_time) for e in main] == [
        ("video", 0, 3 * T),
        ("image", 3 * T, 8 * T),
        ("video", 8 * T, 10 * T),
    ]
    audio = loaded.scene.tracks.audio[0].elements
    assert audio[0].type == "audio" and audio[0].start_time == 0


# -- render -----------------------------------------------------------------------


def _edit(media: Path, folder: Path) -> Path:
    """A 5 s edit: red 0-2 s with "HELLO" 0-1 s, a gap 2-3 s, test pattern 3-5 s grey for 3-4 s, a tone under it."""
    T_ = T
    data = {
        "settings": {
            "fps": {"numerator": 15, "denominator": 1},
            "canvasSize": {"width": 320, "height": 180},
            "background": {"type": "color", "color": "#0000ff"},
        },
        "mediaAssets": [made_asset(media, name) for name in ("red", "clip", "tone")],
        "scenes": [
            {
                "id": "s",
                "tracks": {
                    "overlay": [
                        {
                            "id": "fx",
                            "type": "effect",
                            "elements": [
                                {
                                    "id": "grey",
                                    "type": "effect",
                                    "effectType": "grayscale",
                                    "params": {"intensity": 100},
                                    "startTime": 3 * T_,
                                    "duration": T_,
                                }
                            ],
                        },
                        {
                            "id": "tx",
                            "type": "text",
                            "elements": [
                                {
                                    "id": "hello",
                                    "type": "text",
                                    "content": "HELLO",
                                    "startTime": 0,
                                    "duration": T_,
                                    "fontSize": 20,
                                    "color": "#ffffff",
                                    "fontWeight": "bold",
                                }
                            ],
                        },
                    ],
                    "main": {
                        "id": "main",
                        "type": "video",
                        "elements": [
                            {"id": "r", "type": "video", "mediaId": "red", "startTime": 0, "duration": 2 * T_},
                            {
                                "id": "c",
                                "type": "video",
                                "mediaId": "clip",
                                "startTime": 3 * T_,
                                "duration": 2 * T_,
                                "trimStart": T_ // 2,
                                "trimEnd": T_ // 2,
                            },
                        ],
                    },
                    "audio": [
                        {
                            "id": "au",
                            "type": "audio",
                            "elements": [
                                {
                                    "id": "t",
                                    "type": "audio",
                                    "mediaId": "tone",
                                    "startTime": 0,
                                    "duration": 4 * T_,
                                    "volume": -6,
                                }
                            ],
                        }
                    ],
                },
            }
        ],
        "currentSceneId": "s",
    }
    path = folder / "edit.json"
    path.write_text(json.dumps(data))
    return path


def _close(colour: tuple[int, int, int], expected: tuple[int, int, int], tolerance: int = 40) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip(colour, expected, strict=True))


def test_render_produces_the_edit(media: Path, tmp_path: Path) -> None:
    project = _edit(media, tmp_path)
    out = tmp_path / "out.mp4"
    done = neuralcut("render", "-p", project, "-o", out)
    assert done.returncode == 0, done.stderr
    info = probe(out)
    assert (info.width, info.height, info.fps, info.has_audio) == (320, 180, 15.0, True)
    assert abs((info.duration or 0) - 5.0) < 0.15
    gap = frame(out, 2.5, 320, 180)
    assert all(_close(pixel(gap, 320, x, y), (0, 0, 255)) for x, y in [(10, 10), (160, 90), (300, 170)])
    with_text, without_text = frame(out, 0.5, 320, 180), frame(out, 1.5, 320, 180)
    box = [(x, y) for x in range(110, 210, 3) for y in range(75, 105, 3)]
    white = sum(1 for x, y in box if min(pixel(with_text, 320, x, y)) > 200)
    assert white > 20  # the text changed the pixels in its box
    assert all(_close(pixel(without_text, 320, x, y), (255, 0, 0), 60) for x, y in box)
    grey, colour = frame(out, 3.5, 320, 180), frame(out, 4.5, 320, 180)
    samples = [(x, y) for x in range(5, 320, 35) for y in range(5, 180, 35)]
    assert all(max(pixel(grey, 320, x, y)) - min(pixel(grey, 320, x, y)) <= 12 for x, y in samples)
    assert any(max(pixel(colour, 320, x, y)) - min(pixel(colour, 320, x, y)) > 80 for x, y in samples)
    assert _strays(tmp_path) == []


def test_render_preview_and_range(media: Path, tmp_path: Path) -> None:
    project = _edit(media, tmp_path)
    out = tmp_path / "preview.mp4"
    done = neuralcut("render", "-p", project, "-o", out, "--preview", "--from", "1", "--to", "3.5s", "--json")
    assert done.returncode == 0, done.stderr
    # the frames shown from 1 s to 3.5 s: 15 to 52 at 15 fps, 38 frames
    assert json.loads(done.stdout) == {
        "output": str(out),
        "width": 160,
        "height": 90,
        "fps": 15.0,
        "duration": 38 / 15,
        "segments": 3,
        "reused": 0,
        "missingGlyphs": [],
    }
    info = probe(out)
    assert (info.width, info.height) == (160, 90) and abs((info.duration or 0) - 2.5) < 0.15
    start = frame(out, 0.2, 160, 90)  # 1.2 s of the edit: red, no text
    assert _close(pixel(start, 160, 80, 45), (255, 0, 0), 60)


def test_missing_media_is_named_before_ffmpeg_starts(media: Path, tmp_path: Path) -> None:
    data = json.loads(_edit(media, tmp_path).read_text())
    data["mediaAssets"][1]["path"] = "gone/clip.mp4"
    project = tmp_path / "broken.json"
    project.write_text(json.dumps(data))
    out = tmp_path / "never.mp4"
    done = neuralcut("render", "-p", project, "-o", out)
    assert done.returncode == 1
    assert "Missing media files" in done.stderr and "gone/clip.mp4 (clip)" in done.stderr
    assert not out.exists()


def _encoding(folder: Path) -> bool:
    """ffmpeg has begun writing a segment of the render (in its work folder, beside the cache)."""
    for path in (folder / ".neuralcut" / "long" / "render").glob("tmp-*/v*.mp4"):
        try:
            if path.stat().st_size > 0:
                return True
        except FileNotFoundError:
            continue
    return False


def test_ctrl_c_leaves_no_file_under_the_output_name(media: Path, tmp_path: Path) -> None:
    data = json.loads(_edit(media, tmp_path).read_text())
    data["settings"]["canvasSize"] = {"width": 1920, "height": 1080}
    main = data["scenes"][0]["tracks"]["main"]["elements"]
    main[1]["duration"] = 600 * T  # a long still of the clip: minutes of encoding
    main[1]["trimStart"] = main[1]["trimEnd"] = 0
    data["mediaAssets"][1]["duration"] = 3.0
    main[1]["sourceDuration"] = 600 * T
    project = tmp_path / "long.json"
    project.write_text(json.dumps(data))
    out = tmp_path / "long.mp4"
    process = subprocess.Popen(
        [*EXE, "render", "-p", str(project), "-o", str(out)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "NO_COLOR": "1"},
    )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and not _encoding(tmp_path):  # a state, not a delay: ffmpeg has written
        time.sleep(0.05)
    process.send_signal(signal.SIGINT)
    _, stderr = process.communicate(timeout=60)
    assert process.returncode == 130, stderr
    assert "Render cancelled; nothing was written" in stderr
    assert not out.exists()
    assert _strays(tmp_path) == []


def test_demo_renders_from_the_repository(tmp_path: Path) -> None:
    out = tmp_path / "demo.mp4"
    done = neuralcut("render", "-p", REPO / "projects" / "demo.json", "-o", out, "--preview")
    assert done.returncode == 0, done.stderr
    info = probe(out)
    assert (info.width, info.height, info.duration, info.has_audio) == (960, 540, 20.0, True)


# -- export --------------------------------------------------------------------------


def test_export_reads_back_in_opentimelineio(media: Path, tmp_path: Path) -> None:
    import opentimelineio as otio

    project = _edit(media, tmp_path)
    out = tmp_path / "edit.otio"
    done = neuralcut("export", "-f", "otio", "-o", out, "-p", project)
    assert done.returncode == 0, done.stderr
    timeline = otio.adapters.read_from_file(str(out))
    video = [t for t in timeline.tracks if t.kind == otio.schema.TrackKind.Video]
    audio = [t for t in timeline.tracks if t.kind == otio.schema.TrackKind.Audio]
    main_clips = [i for i in video[0] if isinstance(i, otio.schema.Clip)]
    got = [(c.source_range.start_time.to_seconds(), c.source_range.duration.to_seconds()) for c in main_clips]
    # every time a whole frame of the 15 fps sequence: the source in at 0.5 s (7.5 frames) is within a frame
    assert [(round(a, 3), b) for a, b in got] == [(0.0, 2.0), (0.533, 2.0)]
    assert [type(i).__name__ for i in video[0]] == ["Clip", "Gap", "Clip"]
    assert main_clips[1].media_reference.target_url.endswith("clip.mp4")
    assert main_clips[1].media_reference.available_range.duration.to_seconds() == 3.0
    sounds = [t for t in audio if t.metadata["neuralcut"].get("soundOf")]  # the main clips' own sound
    assert len([i for i in sounds[0] if isinstance(i, otio.schema.Clip)]) == 2
    assert len([i for t in audio if t not in sounds for i in t if isinstance(i, otio.schema.Clip)]) == 1
    names = sorted(m.name for m in timeline.tracks.markers)
    assert names == ["HELLO", "grayscale intensity=100"]
    text = next(m for m in timeline.tracks.markers if m.name == "HELLO")
    assert text.metadata["neuralcut"]["element"]["content"] == "HELLO"
    assert timeline.metadata["neuralcut"]["canvasSize"] == {"width": 320, "height": 180}


def test_export_of_the_demo_has_every_clip(tmp_path: Path) -> None:
    import opentimelineio as otio

    demo = REPO / "projects" / "demo.json"
    out = tmp_path / "demo.otio"
    assert neuralcut("export", "-o", out, "-p", demo).returncode == 0
    timeline = otio.adapters.read_from_file(str(out))
    clips = [
        i
        for t in timeline.tracks
        if not t.metadata["neuralcut"].get("soundOf")  # (the video clips' own sound, beside them)
        for i in t
        if isinstance(i, otio.schema.Clip)
    ]
    project = read_project(demo)
    media = [e for _, e in project.scene.elements() if e.type in ("video", "image", "audio")]
    assert len(clips) == len(media)
    by_name = {c.metadata["neuralcut"]["id"]: c for c in clips}
    for element in media:
        source = by_name[element.id].source_range
        assert round(source.start_time.to_seconds() * T) == element.trim_start
        assert round(source.duration.to_seconds() * T) == element.duration


def test_a_stalled_ffmpeg_is_stopped(media: Path, tmp_path: Path) -> None:
    """An ffmpeg that stops reporting progress is stopped, and the render fails cleanly."""
    from neuralcut_cli.media.ffmpeg import ffmpeg_exe

    stuck = tmp_path / "stuck-ffmpeg"
    stuck.write_text(f'#!/bin/sh\ncase "$*" in *-progress*) sleep 60 ;; *) exec {ffmpeg_exe()} "$@" ;; esac\n')
    stuck.chmod(0o755)
    project = _edit(media, tmp_path)
    out = tmp_path / "stuck.mp4"
    started = time.monotonic()
    done = real_neuralcut(
        "render", "-p", project, "-o", out, env={"NEURALCUT_FFMPEG": str(stuck), "NEURALCUT_RENDER_STALL": "1"}
    )
    assert done.returncode == 1 and "ffmpeg made no progress for 1 s on segment 1" in done.stderr
    assert time.monotonic() - started < 30
    assert not out.exists() and _strays(tmp_path) == []


def _strays(folder: Path) -> list[str]:
    """Hidden files a render left beside its output (the project's state folder, with its cache, is expected)."""
    return [p.name for p in folder.iterdir() if p.name.startswith(".") and p.name != ".neuralcut"]
