"""The talk, cut right (issue 37), on media as cameras make it (``talk_media``: 720p H.264 with a keyframe every
300 frames, a voice stand-in whose every line and pause is known, a music bed on its own track, a title, a
caption over line 3, a logo over line 5, b-roll over line 7). Each edit is rendered and measured: the picture by
the frame number every source frame carries, the sound against the voice that was generated."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import time
from fractions import Fraction
from pathlib import Path
from typing import Any

import numpy as np
import pytest
import talk_media as tm
from cli_helpers import neuralcut

from neuralcut_cli.media.ffmpeg import ffmpeg_exe

pytestmark = pytest.mark.slow  # real renders of a minute of 720p
PADDING = 0.15  # what remove_silences keeps at each edge
FRAME = 1 / tm.FPS
PREVIEW = (640, 360)


@pytest.fixture(scope="module")
def talk(tmp_path_factory: pytest.TempPathFactory) -> tm.Talk:
    return tm.make_talk(tmp_path_factory.mktemp("talk"), seconds=60)


@pytest.fixture
def project(talk: tm.Talk, tmp_path: Path) -> Path:
    return tm.talk_project(tmp_path / "p", talk)


def tool(project: Path, name: str, args: dict[str, Any]) -> dict[str, Any]:
    done = neuralcut("tool", name, json.dumps(args), "-p", project, "--json", timeout=120)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def render(project: Path, out: Path) -> Path:
    done = neuralcut("render", "-p", project, "-o", out, "--preview", "--force", timeout=600)
    assert done.returncode == 0, done.stderr
    return out


def elements(project: Path) -> dict[str, dict[str, Any]]:
    data = json.loads(project.read_text())
    tracks = data["scenes"][0]["tracks"]
    return {e["id"]: e for t in [*tracks["overlay"], tracks["main"], *tracks["audio"]] for e in t["elements"]}


def pieces(project: Path) -> list[tuple[float, float, float]]:
    """The main track as (program start, program end, source start) in seconds."""
    main = json.loads(project.read_text())["scenes"][0]["tracks"]["main"]["elements"]
    return sorted((e["startTime"] / tm.T, (e["startTime"] + e["duration"]) / tm.T, e["trimStart"] / tm.T) for e in main)


def program_time(cut: list[tuple[float, float, float]], source: float) -> float:
    """Where a source moment plays now (it must be kept)."""
    for start, end, trim in cut:
        if trim - 1e-6 <= source <= trim + (end - start) + 1e-6:
            return start + source - trim
    raise AssertionError(f"source {source:.3f} s is not in the program")


def sound(video: Path) -> np.ndarray:
    raw = subprocess.run(
        [ffmpeg_exe(), "-v", "error", "-i", str(video), "-ac", "1", "-ar", str(tm.RATE), "-f", "f32le", "-"],
        capture_output=True,
        check=True,
    ).stdout
    return np.frombuffer(raw, np.float32)


def levels(samples: np.ndarray, window: float) -> np.ndarray:
    """dBFS of each ``window`` seconds."""
    size = round(window * tm.RATE)
    count = len(samples) // size
    blocks = samples[: count * size].reshape(count, size).astype(np.float64)
    return 10 * np.log10(np.mean(blocks**2, axis=1) + 1e-12)


def source_frame(video: Path, seconds: float) -> int:
    raw = subprocess.run(
        [ffmpeg_exe(), "-v", "error", "-ss", f"{seconds:.4f}", "-i", str(video), "-frames:v", "1"]
        + ["-f", "rawvideo", "-pix_fmt", "rgb24", "-"],
        capture_output=True,
        check=True,
    ).stdout
    return tm.frame_number(np.frombuffer(raw, np.uint8).reshape(PREVIEW[1], PREVIEW[0], 3))


def assert_over(
    video: Path, cut: list[tuple[float, float, float]], element: dict[str, Any], line: tuple[float, float]
) -> None:
    """The element sits over the same phrase: the frames at its first and last show the line's own frames (within
    2 frames)."""
    first = element["startTime"] / tm.T + FRAME / 2
    last = (element["startTime"] + element["duration"]) / tm.T - FRAME / 2
    for at, want in ((first, line[0]), (last, line[1])):
        shown = source_frame(video, at)
        assert abs(shown - want * tm.FPS) <= 2, (element["id"], at, shown, want * tm.FPS)
        assert abs(program_time(cut, shown / tm.FPS) - at) <= 2 * FRAME


def test_removing_the_silences_keeps_every_track_over_its_words(talk: tm.Talk, project: Path, tmp_path: Path) -> None:
    done = neuralcut("run", "remove the silences", "-p", project, "--json", timeout=300)
    assert done.returncode == 0, done.stderr
    reply = json.loads(done.stdout)["reply"]
    assert "Music: 1 element shortened" in reply and "faded out where it now ends" in reply  # said, per track
    cut = pieces(project)
    end = cut[-1][1]
    assert end < talk.seconds - 10  # the pauses went
    for start, stop in talk.lines:  # every spoken line kept whole, in one piece
        assert any(trim - 1e-6 <= start and stop <= trim + (e - s) + 1e-6 for s, e, trim in cut), (start, stop)
    for (_, a_end), (b_start, _) in zip(talk.lines, talk.lines[1:], strict=False):  # no pause over the padding
        assert program_time(cut, b_start) - program_time(cut, a_end) <= 2 * PADDING + 2 * FRAME
    placed = elements(project)
    bed = placed["e-bed"]
    assert (
        bed["startTime"] == 0 and abs((bed["startTime"] + bed["duration"]) / tm.T - end) < 1e-6
    )  # one piece, to the end
    assert tool(project, "get_element", {"elementId": "e-bed"})["soundLayers"]["fadeOut"] > 0
    tool(project, "toggle_track_mute", {"trackId": "t-music"})  # the voice alone, to measure it
    video = render(project, tmp_path / "voice.mp4")
    for element, line in (("e-caption", talk.lines[2]), ("e-logo", talk.lines[4]), ("e-broll", talk.lines[6])):
        assert_over(video, cut, placed[element], line)
    heard = sound(video)
    voice, _ = tm.voice(talk.seconds, talk.lines, 3)
    for start, stop in talk.lines:  # each line's sound whole: as loud as the line itself, where it now plays
        at = program_time(cut, start)
        got = heard[round(at * tm.RATE) : round((at + stop - start) * tm.RATE)]
        want = voice[round(start * tm.RATE) : round(stop * tm.RATE)]
        assert abs(levels(got, stop - start)[0] - levels(want, stop - start)[0]) < 1.0, (start, stop)
    quiet = levels(heard, 0.02) < -50  # the longest pause left in the render
    runs = [len(m.group()) for m in re.finditer("1+", "".join("1" if q else "0" for q in quiet))]
    assert max(runs, default=0) * 0.02 <= 2 * PADDING + 2 * FRAME
    tool(project, "toggle_track_mute", {"trackId": "t-music"})
    tool(project, "toggle_track_mute", {"trackId": "t-main"})  # the bed alone: it plays on, continuously
    bed_sound = sound(render(project, tmp_path / "bed.mp4"))
    steady = levels(bed_sound, 0.5)[: int((end - 1.5) / 0.5)]  # a beat of its pulse per window
    assert steady.max() - steady.min() < 1.5  # no hole, no chop where the picture was cut
    assert levels(bed_sound, 0.05)[-2:].max() < np.median(steady) - 10  # it fades out with the program's end


def test_a_ripple_delete_of_chosen_pieces_keeps_every_track_over_its_words(
    talk: tm.Talk, project: Path, tmp_path: Path
) -> None:
    lines = talk.lines
    assert neuralcut("run", "remove the silences", "-p", project, timeout=300).returncode == 0
    main = json.loads(project.read_text())["scenes"][0]["tracks"]["main"]["elements"]
    doomed = next(e for e in main if e["trimStart"] / tm.T <= lines[5][0] < (e["trimStart"] + e["duration"]) / tm.T)
    before = elements(project)
    answer = tool(project, "delete_timeline_elements", {"elementIds": [doomed["id"]], "ripple": True})
    assert {t["name"] for t in answer.get("tracks", [])} >= {"Music", "B-roll"}  # what moved, per track
    cut = pieces(project)
    placed = elements(project)
    for untouched in ("e-caption", "e-logo"):  # before the cut: where they were
        assert placed[untouched]["startTime"] == before[untouched]["startTime"]
    moved = placed["e-broll"]["startTime"] - before["e-broll"]["startTime"]
    assert moved == -doomed["duration"]  # the b-roll over line 7 came back with its words
    bed = placed["e-bed"]
    assert bed["startTime"] == 0 and bed["startTime"] + bed["duration"] == round(cut[-1][1] * tm.T)  # to the end
    video = render(project, tmp_path / "rippled.mp4")
    for element, line in (("e-caption", lines[2]), ("e-logo", lines[4]), ("e-broll", lines[6])):
        assert_over(video, cut, placed[element], line)


def _bed_envelope(project: Path, tmp_path: Path, steps: list[tuple[str, dict[str, Any]]], name: str) -> np.ndarray:
    for step in steps:
        tool(project, *step)
    tool(project, "toggle_track_mute", {"trackId": "t-main"})
    return levels(sound(render(project, tmp_path / f"{name}.mp4")), 0.05)


def test_fades_and_ducking_compose_in_either_order(talk: tm.Talk, tmp_path: Path) -> None:
    fade_in = ("fade", {"elementIds": ["e-bed"], "in": 2})
    duck = ("duck", {"musicElementIds": ["e-bed"], "underElementIds": ["e-talk"], "depth": 12})
    fade_out = ("fade", {"elementIds": ["e-bed"], "out": 2})
    first = tm.talk_project(tmp_path / "a", talk)
    second = tm.talk_project(tmp_path / "b", talk)
    a = _bed_envelope(first, tmp_path, [fade_in, duck, fade_out], "a")
    b = _bed_envelope(second, tmp_path, [duck, fade_out, fade_in], "b")
    audible = (a > -60) | (b > -60)
    assert np.abs(a - b)[audible].max() < 0.5  # one envelope, whatever the order
    pause = max(zip(talk.lines, talk.lines[1:], strict=False), key=lambda p: p[1][0] - p[0][1])  # the longest pause
    full = np.median(a[int((pause[0][1] + 0.4) / 0.05) : int((pause[1][0] - 0.4) / 0.05)])
    line = talk.lines[3]
    under = np.median(a[int((line[0] + 0.5) / 0.05) : int((line[1] - 0.5) / 0.05)])
    assert a[0] < full - 30 and a[int(1.0 / 0.05)] < full - 3  # it rises from silence over the first 2 s
    assert abs(under - (full - 12)) < 2  # ducked 12 dB under the voice, the fade kept
    assert a[-1] < full - 30  # and ends at silence, after the duck


def test_loud_enough_for_youtube_in_one_gain_per_recording_held_under_the_ceiling(
    talk: tm.Talk, project: Path, tmp_path: Path
) -> None:
    assert neuralcut("run", "remove the silences", "-p", project, timeout=300).returncode == 0
    done = neuralcut("run", "make it as loud as YouTube wants", "-p", project, "--json", timeout=300)
    assert done.returncode == 0, done.stderr
    assert "Levelled for YouTube (-14 LUFS, true peak held at most -1 dBTP" in json.loads(done.stdout)["reply"]
    talk_pieces = [e for e in elements(project).values() if e.get("mediaId") == "a-talk"]
    gains = {json.dumps(e["animations"]["channels"]["sound.gain:value"]["keys"][0]["value"]) for e in talk_pieces}
    assert len(talk_pieces) > 5 and len(gains) == 1  # the level never steps at a cut
    video = render(project, tmp_path / "loud.mp4")
    log = subprocess.run(
        [ffmpeg_exe(), "-hide_banner", "-i", str(video), "-af", "ebur128=peak=true:framelog=quiet", "-f", "null", "-"],
        capture_output=True,
        text=True,
        check=True,
    ).stderr
    integrated = float(re.findall(r"I:\s+(-?[\d.]+) LUFS", log)[-1])
    peak = float(re.findall(r"Peak:\s+(-?[\d.]+) dBFS", log)[-1])
    assert abs(integrated - -14) <= 1 and peak <= -1, (integrated, peak)
    checked = json.loads(neuralcut("check", "-p", project, "--render", video, "--json", timeout=300).stdout)
    assert not [f for f in checked["findings"] if f["code"] in ("gain", "true-peak", "loudness")], checked


FORMATS = {".otio": "otio_json", ".edl": "cmx_3600", ".xml": "fcp_xml", ".fcpxml": "fcpx_xml"}


@pytest.mark.parametrize("suffix", list(FORMATS))
def test_every_export_carries_the_voice_on_the_frame_grid(talk: tm.Talk, project: Path, suffix: str) -> None:
    import opentimelineio as otio

    assert neuralcut("run", "remove the silences", "-p", project, timeout=300).returncode == 0
    cut = pieces(project)
    out = project.with_name("edit" + suffix)
    done = neuralcut("export", "-p", project, "-o", out, "--json", timeout=120)
    assert done.returncode == 0, done.stderr
    found = otio.adapters.read_from_file(
        str(out), adapter_name=FORMATS[suffix], **({"rate": 30} if suffix == ".edl" else {})
    )
    back = found if isinstance(found, otio.schema.Timeline) else next(iter(found))
    video = next(t for t in back.tracks if t.kind == "Video")
    clips = [c for c in video if isinstance(c, otio.schema.Clip)]
    assert len(clips) == len(cut)
    for clip, (start, end, trim) in zip(clips, cut, strict=True):  # durations and source ins within a frame
        assert abs(clip.duration().to_seconds() - (end - start)) <= FRAME + 1e-6
        assert abs(clip.source_range.start_time.to_seconds() - trim) <= FRAME + 1e-6
    if suffix == ".fcpxml":
        _fcpxml_whole(out, cut)
        return
    assert not [g for g in video if isinstance(g, otio.schema.Gap)]  # no gaps between the kept pieces
    voice = [c for t in back.tracks if t.kind == "Audio" for c in t if isinstance(c, otio.schema.Clip)]
    voice = [c for c in voice if "talk" in (c.name or "")]
    assert len(voice) == len(cut)  # the talk's own sound, with the same cuts
    for a, b in zip(voice, clips, strict=True):
        assert a.range_in_parent() == b.range_in_parent()
        assert float(a.range_in_parent().start_time.value).is_integer()  # on the frame grid


def _fcpxml_whole(path: Path, cut: list[tuple[float, float, float]]) -> None:
    """Read exactly (OpenTimelineIO's reader truncates times to frames): the spine's pieces abut on the frame grid
    and play their own sound."""
    import xml.etree.ElementTree as ET

    root = ET.parse(path).getroot()
    rate = Fraction(tm.FPS)
    asset = next(a for a in root.iter("asset") if "talk" in (a.get("name") or ""))
    assert asset.get("hasAudio") == "1" and asset.get("hasVideo") == "1"
    spine = [c for c in root.findall(".//sequence/spine/*") if c.tag == "asset-clip"]
    assert len(spine) == len(cut) and all(c.get("ref") == asset.get("id") and c.get("srcEnable") is None for c in spine)
    at = Fraction(0)
    for clip in spine:
        offset, duration = (Fraction(clip.get(k, "0s")[:-1]) for k in ("offset", "duration"))
        assert offset == at and (offset * rate).denominator == 1 and (duration * rate).denominator == 1
        at = offset + duration


def test_the_repl_shows_a_storyboard_coming_and_ctrl_c_stops_it(talk: tm.Talk, project: Path) -> None:
    import pexpect
    from pty_helpers import leave, spawn

    child = spawn(project)
    child.expect("›")
    child.sendline("/storyboard every 1")  # 60 tiles, each sought in a 10 s group of pictures
    child.expect("Storyboard")  # progress shows while it works (it is still working: Ctrl-C below cancels it)
    child.sendintr()
    child.expect("[Cc]ancelled")
    child.expect("›")
    assert _no_ffmpeg_children(child.pid)  # no ffmpeg left working
    child.sendline("/timeline")
    child.expect("e-talk")
    child.expect("›")
    leave(child)
    child.close()
    assert child.exitstatus == 0
    assert not list(project.parent.glob("storyboard*.png"))
    assert pexpect  # (imported for the pty)


def test_the_repl_renders_with_progress_and_ctrl_c_stops_it(talk: tm.Talk, project: Path) -> None:
    """Issue 40 §16: /render is a REPL command (it said 'did you mean /redo?'), with its bar; Ctrl-C stops it,
    its ffmpeg processes with it, and no partial file is left."""
    from pty_helpers import leave, spawn

    child = spawn(project)
    child.expect("›")
    child.sendline("/render cut.mp4")
    child.expect("Rendering")
    child.sendintr()
    child.expect("[Cc]ancelled")  # the REPL's "Cancelled." or the render's "Render cancelled; nothing was written"
    child.expect("›")
    assert _no_ffmpeg_children(child.pid)
    assert not [p for p in project.parent.iterdir() if p.name.startswith(("cut", ".cut"))]  # nor a partial one
    child.sendline("/render part.mp4 preview from 0 to 2")
    child.expect("Wrote .*part.mp4: ", timeout=120)
    child.expect("›")
    leave(child)
    child.close()
    assert child.exitstatus == 0 and (project.parent / "part.mp4").stat().st_size > 1000


def _no_ffmpeg_children(pid: int, wait: float = 60) -> bool:
    """No ffmpeg child of ``pid`` left (a state: a stopped one may take a moment to go on a loaded machine)."""
    deadline = time.monotonic() + wait
    while _ffmpeg_children(pid) and time.monotonic() < deadline:
        time.sleep(0.1)
    return not _ffmpeg_children(pid)


def _ffmpeg_children(pid: int) -> list[int]:
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid and "ffmpeg" in (stat.parent / "comm").read_text():
            found.append(int(stat.parent.name))
    return found


def test_a_storyboard_of_a_stretch(talk: tm.Talk, project: Path) -> None:
    out = project.with_name("board.png")
    done = neuralcut("storyboard", "-p", project, "-o", out, "--from", "10", "--to", "20", "--every", "2", "--json")
    assert done.returncode == 0, done.stderr
    tiles = json.loads(done.stdout)["tiles"]
    assert [t["at"] for t in tiles] == [10, 12, 14, 16, 18]
    shutil.rmtree(project.parent / ".neuralcut", ignore_errors=True)
