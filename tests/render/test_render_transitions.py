"""Transitions rendered (issue 27), measured on frames and sound of real renders of generated media.

Two clips of 4 s each, solid colours with a tone each (x264 and AAC, as cameras encode), cut at 3 s: the
outgoing plays 0-3 s with 1 s of media past its end, the incoming 3-6 s from 1 s into its media. A 1 s
transition is centred on the cut: 2.5-3.5 s."""

from __future__ import annotations

import json
import math
import subprocess
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import neuralcut

from neuralcut_cli.media.ffmpeg import ffmpeg_exe
from neuralcut_cli.project.io import read_project
from neuralcut_cli.render.segments import cut

T = 120_000
W, H = 320, 180
FPS = 25
pytestmark = pytest.mark.slow  # real renders by ffmpeg


def _clip_file(path: Path, colour: str, tone: float, level: float) -> None:
    subprocess.run(
        [
            ffmpeg_exe(), "-hide_banner", "-loglevel", "error", "-y",
            "-f", "lavfi", "-i", f"color=c={colour}:s={W}x{H}:r={FPS}:d=4",
            "-f", "lavfi", "-i", f"sine=f={tone}:r=48000:d=4",
            "-af", f"volume={level}", "-c:v", "libx264", "-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest", str(path),
        ],
        check=True,
        timeout=120,
    )  # fmt: skip


@pytest.fixture(scope="module")
def media(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("tr-media")
    _clip_file(folder / "a.mp4", "0xC83C28", 441.25, 4.0)  # amplitude 0.5 (ffmpeg's sine is 1/8); at 3 s a trough
    _clip_file(folder / "b.mp4", "0x1E50DC", 1000, 2.0)  # 0.25
    return folder


def _project(folder: Path, media: Path, transitions: list[dict[str, Any]]) -> Path:
    def element(element_id: str, start: int, trim_start: int) -> dict[str, Any]:
        return {
            "id": element_id, "type": "video", "mediaId": element_id, "startTime": start, "duration": 3 * T,
            "trimStart": trim_start, "trimEnd": 4 * T - 3 * T - trim_start, "sourceDuration": 4 * T,
        }  # fmt: skip

    assets = [
        {"id": n, "name": f"{n}.mp4", "type": "video", "path": str(media / f"{n}.mp4"), "duration": 4.0,
         "width": W, "height": H, "hasAudio": True}
        for n in ("a", "b")
    ]  # fmt: skip
    main = {"id": "main", "type": "video", "elements": [element("a", 0, 0), element("b", 3 * T, T)]}
    if transitions:
        main["transitions"] = transitions
    data = {
        "settings": {"fps": {"numerator": FPS, "denominator": 1}, "canvasSize": {"width": W, "height": H}},
        "mediaAssets": assets,
        "currentSceneId": "s",
        "scenes": [{"id": "s", "tracks": {"overlay": [], "main": main}}],
    }
    path = folder / "p.json"
    path.write_text(json.dumps(data))
    return path


def _transition(kind: str, in_offset: int = T // 2, out_offset: int = T // 2) -> dict[str, Any]:
    return {
        "id": "tr",
        "type": kind,
        "fromElementId": "a",
        "toElementId": "b",
        "inOffset": in_offset,
        "outOffset": out_offset,
    }


def _render(folder: Path, media: Path, transitions: list[dict[str, Any]]) -> Path:
    path = _project(folder, media, transitions)
    out = folder / "out.mp4"
    done = neuralcut("render", "-p", path, "-o", out, "--force", timeout=300)
    assert done.returncode == 0, done.stderr
    return out


def _frame(video: Path, at: float) -> bytes:
    """The RGB picture shown at ``at`` seconds (frame ``at * FPS``)."""
    index = round(at * FPS)
    done = subprocess.run(
        [ffmpeg_exe(), "-hide_banner", "-loglevel", "error", "-i", str(video), "-vf", f"select=eq(n\\,{index})",
         "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "rgb24", "-"],
        capture_output=True, check=True, timeout=60,
    )  # fmt: skip
    assert len(done.stdout) == W * H * 3
    return done.stdout


def _mean(picture: bytes) -> tuple[float, float, float]:
    count = len(picture) // 3
    return tuple(sum(picture[c::3]) / count for c in range(3))  # type: ignore[return-value]


def _column(picture: bytes, x: int) -> tuple[float, float, float]:
    rows = [picture[(y * W + x) * 3 : (y * W + x) * 3 + 3] for y in range(20, H - 20)]
    return tuple(sum(p[c] for p in rows) / len(rows) for c in range(3))  # type: ignore[return-value]


def test_the_middle_of_a_dissolve_is_the_mean_of_the_two_clips(media: Path, tmp_path: Path) -> None:
    out = _render(tmp_path, media, [_transition("dissolve")])
    outgoing, incoming, middle = _mean(_frame(out, 1.0)), _mean(_frame(out, 5.0)), _mean(_frame(out, 3.0))
    for channel in range(3):
        assert abs(middle[channel] - (outgoing[channel] + incoming[channel]) / 2) <= 3, (middle, outgoing, incoming)
    # a quarter in, a quarter of the way
    quarter = _mean(_frame(out, 2.76))
    expected = [o + (i - o) * 0.26 for o, i in zip(outgoing, incoming, strict=True)]
    assert all(abs(q - x) <= 4 for q, x in zip(quarter, expected, strict=True)), (quarter, expected)


def test_every_frame_of_a_dissolve_is_its_share_of_the_two_clips(media: Path, tmp_path: Path) -> None:
    """A frame shown ``t`` seconds into a dissolve of ``d`` seconds holds ``t / d`` of the incoming clip, from
    the first frame to the last. At 25 fps the 2.5-3.5 s span starts between two frames: frame 63 (2.52 s) is 2 %
    in, frame 87 (3.48 s) 98 %."""
    out = _render(tmp_path, media, [_transition("dissolve")])
    outgoing, incoming = _mean(_frame(out, 1.0)), _mean(_frame(out, 5.0))
    for index in range(63, 88):
        seen = _mean(_frame(out, index / FPS))
        share = index / FPS - 2.5
        expected = [o + (i - o) * share for o, i in zip(outgoing, incoming, strict=True)]
        assert all(abs(a - b) <= 3 for a, b in zip(seen, expected, strict=True)), (index, seen, expected)


def test_a_render_that_starts_inside_a_dissolve_shows_the_same_frames(media: Path, tmp_path: Path) -> None:
    whole = _render(tmp_path, media, [_transition("dissolve")])
    part = tmp_path / "part.mp4"
    done = neuralcut("render", "-p", tmp_path / "p.json", "-o", part, "--from", "2.8", "--to", "3.2", timeout=300)
    assert done.returncode == 0, done.stderr
    for n in range(10):  # 2.8 s to 3.2 s
        assert _mean(_frame(part, n / FPS)) == pytest.approx(_mean(_frame(whole, 2.8 + n / FPS)), abs=2), n


def test_a_dip_to_black_is_black_at_its_centre(media: Path, tmp_path: Path) -> None:
    out = _render(tmp_path, media, [_transition("dip-to-black")])
    assert max(_mean(_frame(out, 3.0))) <= 3
    assert max(_mean(_frame(out, 2.0))) > 100 and max(_mean(_frame(out, 4.0))) > 100
    # linear each way: 0.26 s into the 0.5 s first half (frame 2.76 s) the outgoing clip is at 48 %, and 0.24 s
    # into the second the incoming one is at 48 % too
    for at, clip, share in ((2.76, 1.0, 0.48), (3.24, 5.0, 0.48)):
        seen, full = _mean(_frame(out, at)), _mean(_frame(out, clip))
        assert all(abs(a - b * share) <= 4 for a, b in zip(seen, full, strict=True)), (at, seen, full)


def test_a_dip_to_white_is_white_at_its_centre_also_from_inside(media: Path, tmp_path: Path) -> None:
    whole = _render(tmp_path, media, [_transition("dip-to-white")])
    assert min(_mean(_frame(whole, 3.0))) >= 252
    part = tmp_path / "part.mp4"
    done = neuralcut("render", "-p", tmp_path / "p.json", "-o", part, "--from", "2.8", "--to", "3.2", timeout=300)
    assert done.returncode == 0, done.stderr
    for n in range(10):  # 2.8 s to 3.2 s, the window starting inside the dip
        assert _mean(_frame(part, n / FPS)) == pytest.approx(_mean(_frame(whole, 2.8 + n / FPS)), abs=2), n


def test_a_wipes_edge_is_at_the_right_column_a_quarter_in(media: Path, tmp_path: Path) -> None:
    out = _render(tmp_path, media, [_transition("wipe-left", T * 2 // 5, T * 2 // 5)])  # 2.6-3.4 s
    picture = _frame(out, 2.8)  # 0.2 s of 0.8 s: a quarter
    outgoing, incoming = _column(_frame(out, 1.0), W // 2), _column(_frame(out, 5.0), W // 2)

    def nearer_incoming(x: int) -> bool:
        seen = _column(picture, x)
        return sum(abs(a - b) for a, b in zip(seen, incoming, strict=True)) < sum(
            abs(a - b) for a, b in zip(seen, outgoing, strict=True)
        )

    edge = next(x for x in range(W) if nearer_incoming(x) != nearer_incoming(0))
    assert abs(edge - round(W * 0.75)) <= 2, edge  # xfade's wipeleft: the incoming picture grows from the right


def test_the_sound_crossfades_with_linear_gains(media: Path, tmp_path: Path) -> None:
    out = _render(tmp_path, media, [_transition("dissolve")])
    sound = _pcm(out)
    a_level, b_level = _rms(sound, 1.0), _rms(sound, 5.0)
    for progress in (0.25, 0.5, 0.75):
        at = 2.5 + progress
        expected = math.sqrt((a_level * (1 - progress)) ** 2 + (b_level * progress) ** 2)
        measured = _rms(sound, at)
        assert abs(20 * math.log10(measured / expected)) <= 1.0, (progress, measured, expected)


def test_without_a_transition_the_cut_is_hard(media: Path, tmp_path: Path) -> None:
    out = _render(tmp_path, media, [])
    assert _mean(_frame(out, 2.9)) == pytest.approx(_mean(_frame(out, 1.0)), abs=3)
    assert _mean(_frame(out, 3.0)) == pytest.approx(_mean(_frame(out, 5.0)), abs=3)


def test_a_segment_never_cuts_a_transition(media: Path, tmp_path: Path) -> None:
    path = _project(tmp_path, media, [_transition("dissolve")])
    segments = cut(read_project(path), longest=0.4)
    span = next(s for s in segments if s.ticks[0] < 3 * T < s.ticks[1])  # the cut lies inside one segment
    assert span.ticks[0] < 2.5 * T + T // FPS and span.ticks[1] >= 3.5 * T, span  # with every frame of it
    assert all(s.ticks[1] - s.ticks[0] <= 0.4 * T + T // FPS for s in segments if s is not span)


def _pcm(video: Path) -> list[float]:
    done = subprocess.run(
        [ffmpeg_exe(), "-hide_banner", "-loglevel", "error", "-i", str(video), "-ac", "1", "-ar", "48000",
         "-f", "f32le", "-"],
        capture_output=True, check=True, timeout=60,
    )  # fmt: skip
    import struct

    return list(struct.unpack(f"<{len(done.stdout) // 4}f", done.stdout))


def _rms(sound: list[float], at: float, width: float = 0.02) -> float:
    part = sound[round((at - width / 2) * 48000) : round((at + width / 2) * 48000)]
    return math.sqrt(sum(v * v for v in part) / len(part))


def _largest_step(sound: list[float], at: float, around: float = 0.02) -> float:
    part = sound[round((at - around) * 48000) : round((at + around) * 48000)]
    return max(abs(b - a) for a, b in zip(part, part[1:], strict=False))


def test_a_hard_cut_does_not_click(media: Path, tmp_path: Path) -> None:
    """At the hard cut between the two loud tones the sound fades 5 ms out and in (``--declick``, on by
    default): the largest sample-to-sample step around the cut stays within what the tones themselves do
    (2 pi f A / 48000: 0.029 for 441 Hz at 0.5, 0.033 for 1 kHz at 0.25) plus the codec's ripple; the same cut
    rendered hard (``--declick 0``), where the outgoing tone is at a trough, jumps by many times that."""
    path = _project(tmp_path, media, [])
    smooth, hard = tmp_path / "smooth.mp4", tmp_path / "hard.mp4"
    for out, extra in ((smooth, ()), (hard, ("--declick", "0"))):
        done = neuralcut("render", "-p", path, "-o", out, "--force", "--no-cache", *extra, timeout=300)
        assert done.returncode == 0, done.stderr
    natural = max(_largest_step(_pcm(smooth), 1.5), _largest_step(_pcm(smooth), 4.5))
    at_cut, hard_cut = _largest_step(_pcm(smooth), 3.0), _largest_step(_pcm(hard), 3.0)
    print(f"natural {natural:.4f} smooth {at_cut:.4f} hard {hard_cut:.4f}")
    assert at_cut <= 0.05 and at_cut <= 1.5 * natural
    assert hard_cut > 3 * 0.05


def test_a_transition_by_a_custom_expression_renders_it(
    media: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The catalogue's ``custom`` kind (``CONTRIBUTING.md``: add a transition): its ``expr`` drives ``xfade``;
    here "show the incoming side from the middle on", measured on the frames either side of 3 s."""
    from neuralcut_cli.catalogs import transitions as catalogue
    from neuralcut_cli.render.graph import build_plan
    from neuralcut_cli.render.run import Options, render

    halves = catalogue.TransitionDef("halves", "Halves", "Cuts in the middle.", "custom", expr="if(gt(P,0.5),A,B)")
    monkeypatch.setitem(catalogue._BY_ID, "halves", halves)
    path = _project(tmp_path, media, [_transition("halves")])
    plan = build_plan(read_project(path), path, tmp_path, start=round(2.5 * T), end=round(3.5 * T))
    assert "xfade=transition=custom" in plan.graph and "if(gt(P\\,0.5)\\,A\\,B)" in plan.graph
    out = tmp_path / "halves.mp4"
    render(read_project(path), path, out, options=Options(cache=False))
    outgoing, incoming = _mean(_frame(out, 1.0)), _mean(_frame(out, 5.0))
    assert _mean(_frame(out, 2.92)) == pytest.approx(outgoing, abs=3)
    assert _mean(_frame(out, 3.08)) == pytest.approx(incoming, abs=3)
