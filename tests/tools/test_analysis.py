"""remove_silences, normalize_loudness, detect_scenes, split_at_scenes (issue 15) on media generated here with
known silences, loudness and shot changes, measured by the bundled ffmpeg, and the renders checked again."""

from __future__ import annotations

import json
import re
import subprocess
import time
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import neuralcut
from tool_helpers import Tools, assert_refused

from neuralcut_cli.media import analysis
from neuralcut_cli.media.assets import AssetFile
from neuralcut_cli.media.ffmpeg import ffmpeg_exe

T = 120_000
pytestmark = pytest.mark.slow  # real ffmpeg runs
#: talk.mp4: tone, with silences at 1-2 s (1 s), 3-3.3 s (0.3 s) and 5-6.5 s (1.5 s); shots change at 2 s and 4.4 s
SILENCES = [(1.0, 2.0), (3.0, 3.3), (5.0, 6.5)]
LENGTH = 7.0
SHOTS = [2.0, 4.4]
FPS = 25


def _ffmpeg(*args: str) -> None:
    subprocess.run([ffmpeg_exe(), "-hide_banner", "-loglevel", "error", "-y", *args], check=True, timeout=120)


@pytest.fixture(scope="module")
def media(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("talk")
    quiet = "+".join(f"between(t,{a},{b - 1e-4})" for a, b in SILENCES)
    _ffmpeg(
        "-f",
        "lavfi",
        "-i",
        f"aevalsrc='if({quiet},0,0.4*sin(2*PI*300*t)*(0.6+0.4*sin(2*PI*3*t)))':s=48000:d={LENGTH}",
        "-f",
        "lavfi",
        "-i",
        f"color=black:s=160x90:r={FPS}:d={SHOTS[0]}",
        "-f",
        "lavfi",
        "-i",
        f"color=white:s=160x90:r={FPS}:d={SHOTS[1] - SHOTS[0]}",
        "-f",
        "lavfi",
        "-i",
        f"testsrc2=s=160x90:r={FPS}:d={LENGTH - SHOTS[1]}",
        "-filter_complex",
        "[1:v][2:v][3:v]concat=n=3:v=1:a=0[v]",
        "-map",
        "[v]",
        "-map",
        "0:a",
        "-c:v",
        "libx264",
        "-preset",
        "ultrafast",
        "-c:a",
        "pcm_s16le",
        str(folder / "talk.mov"),
    )
    _ffmpeg("-f", "lavfi", "-i", "sine=f=440:d=4:sample_rate=48000", "-c:a", "pcm_s16le", str(folder / "tone.wav"))
    _ffmpeg(
        "-f",
        "lavfi",
        "-i",
        "sine=f=440:d=4:sample_rate=48000",
        "-af",
        "volume=-30dB",
        "-c:a",
        "pcm_s16le",
        str(folder / "whisper.wav"),
    )
    return folder


def project(folder: Path, media: Path, element: dict[str, Any] | None = None, **more: Any) -> Path:
    talk = {
        "id": "talk",
        "name": "talk.mov",
        "type": "video",
        "path": str(media / "talk.mov"),
        "duration": LENGTH,
        "width": 160,
        "height": 90,
        "fps": FPS,
        "hasAudio": True,
    }
    tone = {
        "id": "tone",
        "name": "tone.wav",
        "type": "audio",
        "path": str(media / "tone.wav"),
        "duration": 4.0,
        "hasAudio": True,
    }
    clip = element or {
        "id": "c",
        "type": "video",
        "mediaId": "talk",
        "startTime": 0,
        "duration": round(LENGTH * T),
        "trimStart": 0,
        "trimEnd": 0,
        "sourceDuration": round(LENGTH * T),
    }
    data = {
        "settings": {"fps": {"numerator": FPS, "denominator": 1}, "canvasSize": {"width": 160, "height": 90}},
        "mediaAssets": [talk, tone],
        "currentSceneId": "s",
        "scenes": [
            {
                "id": "s",
                "tracks": {
                    "overlay": more.get("overlay", []),
                    "main": {"id": "main", "type": "video", "elements": [clip]},
                    "audio": more.get("audio", []),
                },
            }
        ],
    }
    path = folder / "p.json"
    path.write_text(json.dumps(data))
    return path


def title(start: float, end: float) -> list[dict[str, Any]]:
    return [
        {
            "id": "tt",
            "type": "text",
            "elements": [
                {
                    "id": "title",
                    "type": "text",
                    "name": "Title",
                    "startTime": round(start * T),
                    "duration": round((end - start) * T),
                    "trimStart": 0,
                    "trimEnd": 0,
                    "content": "Hi",
                }
            ],
        }
    ]


def spans(path: Path) -> dict[str, tuple[float, float]]:
    data = json.loads(path.read_text())
    tracks = data["scenes"][0]["tracks"]
    return {
        e["id"]: (e["startTime"] / T, (e["startTime"] + e["duration"]) / T)
        for track in [*tracks["overlay"], tracks["main"], *tracks.get("audio", [])]
        for e in track["elements"]
    }


def test_silences_are_found_where_they_are(media: Path, tmp_path: Path) -> None:
    path = project(tmp_path, media)
    tools = Tools(path)
    file = analysis_file(tools)
    found = analysis.silences(file, path, -35, 0.2)
    assert len(found) == 3
    for (start, end), (true_start, true_end) in zip(found, SILENCES, strict=True):
        assert abs(start - true_start) < 0.03 and abs(end - true_end) < 0.03


def analysis_file(tools: Tools) -> AssetFile:
    from neuralcut_cli.media.assets import locate

    return locate(tools.path, tools.project.media_assets[0])


def test_remove_silences_cuts_the_long_pauses_less_padding_and_ripples(media: Path, tmp_path: Path) -> None:
    path = project(tmp_path, media, overlay=title(4, 7))
    result = Tools(path)("remove_silences", {})
    removed = [(r["start"], r["end"]) for r in result["removed"]]
    truth = [(1.15, 1.85), (5.15, 6.35)]  # the 0.3 s pause is shorter than minSilence: it stays
    assert len(removed) == 2 and all(
        abs(a - b) < 0.03 for got, want in zip(removed, truth, strict=True) for a, b in zip(got, want, strict=True)
    )
    saved = sum(end - start for start, end in removed)
    assert result["secondsSaved"] == pytest.approx(saved, abs=1e-3)
    after = spans(path)
    assert max(end for _, end in after.values()) == pytest.approx(LENGTH - saved, abs=1e-3)
    assert after["title"][0] == pytest.approx(4 - (removed[0][1] - removed[0][0]), abs=1e-3)  # moved in sync


def test_trims_and_speed_are_respected(media: Path, tmp_path: Path) -> None:
    """From 0.5 s of the source at 2x: the 1-2 s silence plays at (1.15-0.5)/2 .. (1.85-0.5)/2 on the timeline."""
    clip = {
        "id": "c",
        "type": "video",
        "mediaId": "talk",
        "startTime": 10 * T,
        "duration": round(3.25 * T),
        "trimStart": round(0.5 * T),
        "trimEnd": 0,
        "sourceDuration": round(LENGTH * T),
        "retime": {"rate": 2, "maintainPitch": True},
    }
    path = project(tmp_path, media, clip)
    removed = Tools(path)("remove_silences", {"ripple": False})["removed"]
    expected = [(10 + (1.15 - 0.5) / 2, 10 + (1.85 - 0.5) / 2), (10 + (5.15 - 0.5) / 2, 10 + (6.35 - 0.5) / 2)]
    assert [(r["start"], r["end"]) for r in removed] == [pytest.approx(e, abs=0.02) for e in expected]
    assert len(spans(path)) == 3  # without ripple the gaps stay: three pieces where they were


def test_a_clip_that_begins_or_ends_in_silence_loses_all_of_it_there(media: Path, tmp_path: Path) -> None:
    """Source 1.3-5.6 s: it opens in the 1-2 s pause and ends in the 5-6.5 s one. Padding is kept only where
    sound meets a pause; at the clip's own edges there is nothing to give room to."""
    clip = {
        "id": "c",
        "type": "video",
        "mediaId": "talk",
        "startTime": 10 * T,
        "duration": round(4.3 * T),
        "trimStart": round(1.3 * T),
        "trimEnd": round(1.4 * T),
        "sourceDuration": round(LENGTH * T),
    }
    path = project(tmp_path, media, clip)
    removed = Tools(path)("remove_silences", {"ripple": False})["removed"]
    expected = [(10.0, 10 + 2 - 0.15 - 1.3), (10 + 5 + 0.15 - 1.3, 14.3)]
    assert [(r["start"], r["end"]) for r in removed] == [pytest.approx(e, abs=0.04) for e in expected]


def test_the_render_has_no_long_silence_left(media: Path, tmp_path: Path) -> None:
    path = project(tmp_path, media)
    Tools(path)("remove_silences", {"minSilence": 0.5, "padding": 0.15})
    out = tmp_path / "out.mp4"
    assert neuralcut("render", "-p", path, "-o", out, "--force", timeout=300).returncode == 0
    done = subprocess.run(
        [ffmpeg_exe(), "-hide_banner", "-i", str(out), "-af", "silencedetect=noise=-35dB:d=0.05", "-f", "null", "-"],
        capture_output=True,
        text=True,
        check=True,
    )
    lengths = [float(x) for x in re.findall(r"silence_duration: ([\d.]+)", done.stderr)]
    assert lengths and max(lengths) <= 0.5 + 2 * 0.15 + 0.03  # the 0.3 s pause and the padded edges remain


def test_a_second_request_decodes_nothing_and_a_changed_file_is_measured_again(
    media: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = project(tmp_path, media)
    tools = Tools(path)
    tools("detect_scenes", {"elementId": "c"})
    tools("remove_silences", {"ripple": False})
    tools("undo")

    def no_ffmpeg(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("decoded again")

    monkeypatch.setattr(analysis, "run_ffmpeg", no_ffmpeg)
    assert len(tools("remove_silences", {"ripple": False, "minSilence": 1.2})["removed"]) == 1  # another minimum
    assert tools("detect_scenes", {"elementId": "c", "threshold": 0.5})["scenes"]
    copy = tmp_path / "talk2.mov"
    copy.write_bytes((media / "talk.mov").read_bytes())
    data = json.loads(path.read_text())
    data["mediaAssets"][0]["path"] = str(copy)
    path.write_text(json.dumps(data))
    assert "error" in Tools(path)("detect_scenes", {"elementId": "c"})  # a new file: measured, not trusted


def test_scenes_are_found_within_a_frame_and_split_only_that_element(media: Path, tmp_path: Path) -> None:
    path = project(tmp_path, media, overlay=title(0, 7))
    tools = Tools(path)
    scenes = tools("detect_scenes", {"elementId": "c"})["scenes"]
    assert scenes == [pytest.approx(t, abs=1 / FPS + 1e-6) for t in SHOTS]
    result = tools("split_at_scenes", {"elementIds": ["c"]})
    assert len(result["affectedElements"]) == 3  # the first piece keeps its id; two new
    after = spans(path)
    assert after["title"] == (0, 7)  # the title is not cut
    assert sorted(start for key, (start, _) in after.items() if key != "title") == pytest.approx([0, *scenes])


def test_normalised_render_lands_on_the_target(media: Path, tmp_path: Path) -> None:
    tone = {
        "id": "a",
        "type": "audio",
        "mediaId": "tone",
        "startTime": 0,
        "duration": 4 * T,
        "trimStart": 0,
        "trimEnd": 0,
        "sourceDuration": 4 * T,
    }
    clip = {
        "id": "c",
        "type": "video",
        "mediaId": "talk",
        "startTime": 0,
        "duration": 4 * T,
        "trimStart": 0,
        "trimEnd": 3 * T,
        "sourceDuration": round(LENGTH * T),
        "muted": True,
    }
    path = project(tmp_path, media, clip, audio=[{"id": "au", "type": "audio", "elements": [tone]}])
    result = Tools(path)("normalize_loudness", {"elementIds": ["a"], "targetLufs": -16})
    measured_before = result["recordings"][0]["measuredLufs"]
    assert -25 < measured_before < -18  # ffmpeg's sine is at 1/8 of full scale
    assert result["elements"][0]["gainDb"] == pytest.approx(-16 - measured_before, abs=0.01)
    assert result["truePeakDb"] == -1 and result["platform"] == "YouTube"
    out = tmp_path / "out.mp4"
    assert neuralcut("render", "-p", path, "-o", out, "--force", timeout=300).returncode == 0
    done = subprocess.run(
        [ffmpeg_exe(), "-hide_banner", "-i", str(out), "-af", "ebur128=framelog=quiet", "-f", "null", "-"],
        capture_output=True,
        text=True,
        check=True,
    )
    measured = float(re.findall(r"I:\s+(-?[\d.]+) LUFS", done.stderr)[-1])
    assert measured == pytest.approx(-16, abs=1)


def test_a_gain_past_the_volume_limit_is_capped_and_said(media: Path, tmp_path: Path) -> None:
    path = project(tmp_path, media)
    data = json.loads(path.read_text())
    data["mediaAssets"][1]["path"] = str(media / "whisper.wav")
    data["scenes"][0]["tracks"]["audio"] = [
        {
            "id": "au",
            "type": "audio",
            "elements": [
                {
                    "id": "a",
                    "type": "audio",
                    "mediaId": "tone",
                    "startTime": 0,
                    "duration": 4 * T,
                    "trimStart": 0,
                    "trimEnd": 0,
                    "sourceDuration": 4 * T,
                }
            ],
        }
    ]
    path.write_text(json.dumps(data))
    entry = Tools(path)("normalize_loudness", {"elementIds": ["a"], "targetLufs": -5})["elements"][0]
    assert entry["gainDb"] == 40 and "the most a gain can be" in entry["note"]


def test_the_mock_speaks_it(media: Path, tmp_path: Path) -> None:
    path = project(tmp_path, media, overlay=title(4, 7))
    done = neuralcut("run", "-p", path, "--json", "cut the dead air but leave a little breathing room", timeout=120)
    assert done.returncode == 0, done.stderr
    assert max(end for _, end in spans(path).values()) == pytest.approx(LENGTH - (0.4 + 0.9), abs=0.05)  # 0.3 s kept
    assert neuralcut("run", "-p", path, "make it as loud as YouTube wants", timeout=120).returncode == 0
    assert neuralcut("run", "-p", path, "split at every shot change", timeout=120).returncode == 0
    assert len([k for k in spans(path) if k != "title"]) > 3  # the silence cuts, then the shot changes


ERRORS = [
    ("remove_silences", {"elementIds": ["ghost"]}, "Timeline element not found: ghost"),
    ("remove_silences", {"elementIds": ["title"]}, "Element title has no sound to measure"),
    ("remove_silences", {"thresholdDb": 5}, "thresholdDb must be -100 to 0"),
    ("remove_silences", {"minSilence": 0}, "minSilence must be 0.05 seconds or more"),
    ("remove_silences", {"padding": -1}, "padding must be 0 to 10 seconds"),
    ("normalize_loudness", {"targetLufs": 0}, "targetLufs must be -50 to -5"),
    ("detect_scenes", {}, "Invalid element id"),
    ("detect_scenes", {"elementId": "title"}, "Element title is text: shot changes are found in video"),
    ("detect_scenes", {"elementId": "c", "threshold": 0}, "threshold must be above 0, at most 1"),
    ("split_at_scenes", {"elementIds": []}, "Invalid element ids"),
]


@pytest.mark.parametrize(("name", "args", "error"), ERRORS, ids=[f"{c[0]}:{i}" for i, c in enumerate(ERRORS)])
def test_every_error_leaves_the_file_untouched(
    media: Path, tmp_path: Path, name: str, args: dict[str, Any], error: str
) -> None:
    assert_refused(project(tmp_path, media, overlay=title(0, 1)), name, args, error)


def test_a_missing_media_file_is_reported(media: Path, tmp_path: Path) -> None:
    path = project(tmp_path, media)
    data = json.loads(path.read_text())
    data["mediaAssets"][0]["path"] = str(tmp_path / "gone.mov")
    path.write_text(json.dumps(data))
    before = path.read_bytes()
    result = Tools(path)("remove_silences", {})
    assert result["error"] == "Failed to analyse media" and "not found" in result["details"]
    assert path.read_bytes() == before


def test_ctrl_c_in_the_repl_stops_a_long_measurement(tmp_path: Path) -> None:
    """A long clip takes a while to scan for shots: the REPL shows what it measures, Ctrl-C stops ffmpeg, nothing
    changes and nothing half-measured is cached. The scan's ffmpeg (only that one) waits for ever, so Ctrl-C always
    lands mid-measurement, however fast the machine (a state, not a race: a fast CI machine once finished the scan
    before the key arrived)."""
    from pty_helpers import leave, spawn

    long = tmp_path / "long.mp4"
    _ffmpeg("-f", "lavfi", "-i", "testsrc2=s=320x180:r=30:d=10", "-c:v", "libx264", "-preset", "ultrafast", str(long))
    clip = {
        "id": "c",
        "type": "video",
        "mediaId": "talk",
        "startTime": 0,
        "duration": 10 * T,
        "trimStart": 0,
        "trimEnd": 0,
        "sourceDuration": 10 * T,
    }
    path = project(tmp_path, tmp_path, clip)
    data = json.loads(path.read_text())
    data["mediaAssets"][0].update(path=str(long), duration=10, hasAudio=False)
    path.write_text(json.dumps(data))
    before = path.read_bytes()
    holder = tmp_path / "ffmpeg-holds"
    holder.write_text(
        "#!/bin/sh\n"
        'case "$*" in *scene_score*) echo $$ > "$0.pid"; while :; do sleep 0.1; done;; esac\n'
        f'exec "{ffmpeg_exe()}" "$@"\n',
        encoding="utf-8",
    )
    holder.chmod(0o755)
    child = spawn(path, env={"NEURALCUT_FFMPEG": str(holder)})
    child.expect("›")
    child.sendline("split at every shot change")
    child.expect("Measuring the shot changes")
    held = Path(f"{holder}.pid")
    for _ in range(600):  # the scan has started (a state): its ffmpeg wrote its pid
        if held.exists() and held.read_text().strip():
            break
        time.sleep(0.05)
    pid = int(held.read_text())
    child.sendintr()
    child.expect("[Cc]ancelled")
    child.expect("›")
    assert path.read_bytes() == before
    assert not list((tmp_path / ".neuralcut").rglob("scenes/*.json"))
    for _ in range(200):  # the held scan was stopped with the request
        if not Path(f"/proc/{pid}").exists() or "zombie" in _state(pid):
            break
        time.sleep(0.05)
    assert not Path(f"/proc/{pid}").exists() or "zombie" in _state(pid), "the scan's ffmpeg outlived Ctrl-C"
    leave(child)


def _state(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/status").read_text().split("State:", 1)[1].split("\n", 1)[0].lower()
    except (OSError, IndexError):
        return "zombie"


@pytest.mark.parametrize("forgery", ["unsealed", "checksummed", "sealed for another entry", "same size other file"])
def test_a_forged_silences_cache_is_measured_again(media: Path, tmp_path: Path, forgery: str) -> None:
    """Issue 25, item 7: a cache someone else wrote (its fingerprint copied, any checksum they can compute) is not
    believed; only an entry sealed with this person's key is."""
    import hashlib

    path = project(tmp_path, media)
    Tools(path)("remove_silences", {"ripple": False})  # a real, sealed entry
    Tools(path)("undo")
    [entry] = (path.parent / ".neuralcut" / path.stem / "silences").glob("*.json")
    stored = json.loads(entry.read_text())
    assert stored["value"] and len(stored["value"][0]) == 2  # (start, end) pairs of silence
    forged = {"fingerprint": stored["fingerprint"], "value": [[0.0, 6.9]]}  # "silent" nearly all the way
    if forgery == "checksummed":
        forged["seal"] = hashlib.sha256(json.dumps(forged, sort_keys=True).encode()).hexdigest()
    elif forgery == "sealed for another entry":
        other = entry.with_name("other.json")
        from neuralcut_cli.media.analysis_cache import _content
        from neuralcut_cli.project.seal import seal

        forged["seal"] = seal(_content(other, forged))
    elif forgery == "same size other file":
        talk = Path(json.loads(path.read_text())["mediaAssets"][0]["path"])
        talk = talk if talk.is_absolute() else path.parent / talk
        stat = talk.stat()
        data = bytearray(talk.read_bytes())
        data[:16] = bytes(16)  # another file, same size and time
        talk.write_bytes(bytes(data))
        import os

        os.utime(talk, ns=(stat.st_atime_ns, stat.st_mtime_ns))
        forged = {**stored, "value": [[0.0, 6.9]]}
    entry.write_text(json.dumps(forged))
    removed = Tools(path)("remove_silences", {"ripple": False})
    spans_removed = [(round(r["start"], 1), round(r["end"], 1)) for r in removed.get("removed", [])]
    assert all(end - start < 2 for start, end in spans_removed), spans_removed  # the forged 6.9 s is not cut
    if forgery != "same size other file":
        assert len(spans_removed) == 2  # the real pauses, measured again
