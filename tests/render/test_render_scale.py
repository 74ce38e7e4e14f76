"""The segment renderer on real projects: 720p sources encoded as cameras and screen recorders encode them
(x264 defaults: a keyframe every 250 frames, B-frames), hundreds of cuts, a ten-minute talk. Every test
renders for real (slow tier)."""

from __future__ import annotations

import fcntl
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from cli_helpers import neuralcut
from scale_media import cut_project, make_sources, make_talk, measure, neuralcut_argv, talk_project

from neuralcut_cli.media.ffmpeg import ffmpeg_exe
from neuralcut_cli.project.io import read_project
from neuralcut_cli.render.cache import RenderCache
from neuralcut_cli.render.run import Options, render

pytestmark = pytest.mark.slow
T = 120_000
LIMIT_MB = 1536


@pytest.fixture(scope="session")
def sources(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Four 30 s 720p sources, made once for every test worker (the first one makes them, under a lock)."""
    shared = tmp_path_factory.getbasetemp().parent / "scale-sources"
    shared.mkdir(exist_ok=True)
    with open(shared / ".lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        make_sources(shared / "media")
    return shared / "media"


@pytest.fixture
def folder(tmp_path: Path, sources: Path) -> Path:
    (tmp_path / "media").mkdir()
    for source in sources.glob("src*.mp4"):
        os.link(source, tmp_path / "media" / source.name)
    return tmp_path


def grey_frames(video: Path, size: tuple[int, int] = (160, 90)) -> np.ndarray:
    """Every frame, small and grey, as an array (frames, height, width)."""
    done = subprocess.run(
        [
            ffmpeg_exe(),
            "-v",
            "error",
            "-i",
            str(video),
            "-vf",
            f"scale={size[0]}:{size[1]}",
            "-f",
            "rawvideo",
            "-pix_fmt",
            "gray",
            "-",
        ],
        capture_output=True,
        check=True,
        timeout=600,
    )
    return np.frombuffer(done.stdout, np.uint8).reshape(-1, size[1], size[0]).astype(np.int16)


def samples(video: Path) -> np.ndarray:
    done = subprocess.run(
        [ffmpeg_exe(), "-v", "error", "-i", str(video), "-map", "0:a", "-f", "s16le", "-ac", "2", "-ar", "48000", "-"],
        capture_output=True,
        check=True,
        timeout=600,
    )
    return np.frombuffer(done.stdout, np.int16).reshape(-1, 2)


def render_json(project: Path, out: Path, *extra: str, timeout: float = 900) -> dict[str, Any]:
    done = neuralcut("render", "-p", project, "-o", out, "--force", "--json", *extra, timeout=timeout)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


# -- memory, frames, lengths ------------------------------------------------------------------------------------


def test_a_120_clip_edit_renders_in_bounded_memory_and_shows_the_frames_it_points_at(folder: Path) -> None:
    project_path = cut_project(folder, clips=120, clip_seconds=1.0)
    out = folder / "cuts.mp4"
    run = measure(neuralcut_argv("render", "-p", str(project_path), "-o", str(out), "--json"), limit_mb=LIMIT_MB)
    assert run.code == 0, run.stderr
    assert run.peak_mb < LIMIT_MB
    assert json.loads(run.stdout)["segments"] == 120
    rendered = grey_frames(out)
    assert len(rendered) == 120 * 30  # the timeline's length to the frame
    assert len(samples(out)) == 120 * 48_000  # and its sound to the sample
    project = read_project(project_path)
    by_source = {n: grey_frames(folder / "media" / f"src{n}.mp4") for n in range(4)}
    for number, element in enumerate(project.scene.tracks.main.sorted_elements()):
        source = by_source[int(element.media_id[-1])]  # type: ignore[union-attr]
        shown = element.trim_start // 4000 + 15  # the clip's middle frame, in source frames
        frame = rendered[number * 30 + 15]
        here = np.abs(frame - source[shown]).mean()
        neighbours = min(np.abs(frame - source[shown - 1]).mean(), np.abs(frame - source[shown + 1]).mean())
        assert here < 2.5 and here < neighbours, (number, here, neighbours)


def test_a_ten_minute_talk_cut_at_its_silences_renders_whole(
    tmp_path: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    shared = tmp_path_factory.getbasetemp().parent / "scale-talk"
    shared.mkdir(exist_ok=True)
    with open(shared / ".lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        talk = make_talk(shared)
    (tmp_path / "media").mkdir()
    os.link(talk, tmp_path / "media" / talk.name)
    project_path = talk_project(tmp_path, tmp_path / "media" / talk.name)
    done = neuralcut("run", "remove the silences", "-p", project_path, "--json", timeout=300)
    assert done.returncode == 0, done.stderr
    project = read_project(project_path)
    clips = len(project.scene.tracks.main.elements)
    assert clips > 150
    out = tmp_path / "talk.mp4"
    run = measure(neuralcut_argv("render", "-p", str(project_path), "-o", str(out), "--json"), limit_mb=LIMIT_MB)
    assert run.code == 0, run.stderr
    assert run.peak_mb < LIMIT_MB
    frames = -(-project.scene.end_time * 30 // T)  # every frame that starts before the end
    counted = subprocess.run(
        [ffmpeg_exe(), "-v", "error", "-i", str(out), "-map", "0:v", "-f", "null", "-", "-progress", "pipe:1"],
        capture_output=True,
        text=True,
        check=True,
        timeout=600,
    )
    shown = [int(line.split("=")[1]) for line in counted.stdout.splitlines() if line.startswith("frame=")][-1]
    assert shown == frames
    assert abs(len(samples(out)) - frames * 1600) < 1600  # within one frame of sound


# -- segments join as if there were none ---------------------------------------------------------------------


def _animated(folder: Path) -> Path:
    """Two clips, the first fading in over 2 s and zooming, music under both with a static level."""
    path = cut_project(folder, clips=2, clip_seconds=3.0, size=(320, 180), name="animated.json")
    data = json.loads(path.read_text())
    first = data["scenes"][0]["tracks"]["main"]["elements"][0]
    first["opacity"] = 1
    path.write_text(json.dumps(data))
    zoom = '"from": 1, "to": 2.5, "start": 0.4, "end": 2.9, "easing": "ease-in-out"'
    for call in (
        ["fade", '{"elementIds": ["e0000"], "in": 2}'],
        ["animate", f'{{"elementId": "e0000", "property": "transform.scaleX", {zoom}}}'],
        ["animate", f'{{"elementId": "e0000", "property": "transform.scaleY", {zoom}}}'],
    ):
        done = neuralcut("tool", *call, "-p", path)
        assert done.returncode == 0, done.stdout + done.stderr
    return path


def test_a_fade_and_a_zoom_across_segment_boundaries_look_as_in_one_segment(folder: Path) -> None:
    project_path = _animated(folder)
    project = read_project(project_path)
    pieces, whole = folder / "pieces.mp4", folder / "whole.mp4"
    cut_up = render(project, project_path, pieces, options=Options(segment_seconds=0.4, cache=False))
    single = render(project, project_path, whole, options=Options(segment_seconds=1000, cache=False))
    assert cut_up.segments == 16 and single.segments == 2
    a, b = grey_frames(pieces, (320, 180)), grey_frames(whole, (320, 180))
    assert len(a) == len(b) == 180
    same = np.abs(a - b).mean(axis=(1, 2))
    assert same.max() < 1.2  # the encoder's noise: a fade or zoom restarted at a boundary is tens of levels off
    for n in range(1, 89):  # while it fades and zooms, each frame is that frame, not its neighbour
        assert same[n] < min(np.abs(a[n] - b[n - 1]).mean(), np.abs(a[n] - b[n + 1]).mean()), n
    level_a, level_b = _levels(samples(pieces)), _levels(samples(whole))  # the fade's sound, 10 ms at a time
    assert len(level_a) == len(level_b) and np.abs(level_a - level_b).max() < 0.01


def _levels(sound: np.ndarray) -> np.ndarray:
    """RMS of each 10 ms, as a share of full scale."""
    mono = sound.astype(float).mean(axis=1)[: len(sound) // 480 * 480].reshape(-1, 480)
    return np.sqrt((mono**2).mean(axis=1)) / 32768


def test_sound_joined_from_pieces_is_the_sound_of_one_piece(folder: Path) -> None:
    """Clips' AAC at 48 kHz and a music bed in MP3 at 44.1 kHz (seeking in it is not exact, and it must be
    resampled in the same phase whichever segment reads it), started 3.3333 s into the song."""
    project_path = cut_project(folder, clips=3, clip_seconds=2.0, size=(320, 180))
    subprocess.run(
        [
            ffmpeg_exe(),
            "-v",
            "error",
            "-f",
            "lavfi",
            "-i",
            "aevalsrc=0.3*sin(2*PI*(100*t+20*t*t)):s=44100:d=20",
            "-c:a",
            "libmp3lame",
            str(folder / "media" / "song.mp3"),
        ],
        check=True,
    )
    data = json.loads(project_path.read_text())
    data["mediaAssets"][-1].update(path="media/song.mp3", duration=20)
    bed = data["scenes"][0]["tracks"]["audio"][0]["elements"][0]
    bed.update(trimStart=round(3.3333 * T), sourceDuration=20 * T, volume=0)
    bed["trimEnd"] = 20 * T - bed["duration"] - bed["trimStart"]
    project_path.write_text(json.dumps(data))
    project = read_project(project_path)
    pieces, whole = folder / "pieces.mp4", folder / "whole.mp4"
    assert render(project, project_path, pieces, options=Options(segment_seconds=0.3, cache=False)).segments == 21
    render(project, project_path, whole, options=Options(segment_seconds=1000, cache=False))
    assert np.array_equal(samples(pieces), samples(whole))  # clips and music, cut in 21 places, to the sample


def test_jobs_one_and_two_write_the_same_bytes(folder: Path) -> None:
    project_path = cut_project(folder, clips=6, clip_seconds=1.0, size=(640, 360))
    one, two = folder / "one.mp4", folder / "two.mp4"
    render_json(project_path, one, "--jobs", "1", "--no-cache")
    render_json(project_path, two, "--jobs", "2", "--no-cache")
    assert one.read_bytes() == two.read_bytes()


# -- only what changed --------------------------------------------------------------------------------------------


def test_an_edit_renders_only_the_segments_it_changed(folder: Path) -> None:
    project_path = cut_project(folder, clips=8, clip_seconds=1.0, size=(320, 180))
    out = folder / "out.mp4"
    first = render_json(project_path, out)
    assert (first["segments"], first["reused"]) == (8, 0)
    done = neuralcut(
        "tool", "add_clip_effect", '{"elementIds": ["e0003"], "effectType": "grayscale"}', "-p", project_path
    )
    assert done.returncode == 0, done.stdout
    second = render_json(project_path, out)
    assert (second["segments"], second["reused"]) == (8, 7)
    colour = subprocess.run(
        [
            ffmpeg_exe(),
            "-v",
            "error",
            "-i",
            str(out),
            "-vf",
            "select=eq(n\\,105)",
            "-frames:v",
            "1",
            "-f",
            "rawvideo",
            "-pix_fmt",
            "rgb24",
            "-",
        ],
        capture_output=True,
        check=True,
    ).stdout
    pixels = np.frombuffer(colour, np.uint8).reshape(-1, 3).astype(int)
    assert (pixels.max(axis=1) - pixels.min(axis=1)).mean() < 4  # clip 4 (3-4 s) is grey now
    # a clip cut out with the gap closed, the music cut too (by default a bed plays on, which changes the sound
    # of every later segment): what follows only moved; only the two segments at the music's new cut are rendered
    # again (its sound fades over 5 ms there now, so the cut does not click)
    done = neuralcut(
        "tool", "remove_range", '{"start": 1, "end": 2, "ripple": true, "cutTrackIds": ["t-music"]}', "-p", project_path
    )
    assert done.returncode == 0, done.stdout
    third = render_json(project_path, out)
    assert (third["segments"], third["reused"]) == (7, 5)
    assert len(grey_frames(out)) == 7 * 30


def test_kill_9_at_any_moment_leaves_nothing_a_later_render_trusts(folder: Path) -> None:
    project_path = cut_project(folder, clips=10, clip_seconds=1.0, size=(640, 360))
    reference = folder / "reference.mp4"
    render_json(project_path, reference, "--no-cache")
    out = folder / "out.mp4"
    rng = random.Random(5)
    for trial in range(4):
        process = subprocess.Popen(
            neuralcut_argv("render", "-p", str(project_path), "-o", str(out), "--force"),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        time.sleep(rng.uniform(0.3, 4.0) if trial else 0.05)
        process.send_signal(signal.SIGKILL)
        process.wait()
        _no_ffmpeg_left(folder)
        cache = folder / ".neuralcut" / project_path.stem / "render"
        _forge_one_entry(cache)
        render_json(project_path, out)
        assert out.read_bytes() == reference.read_bytes()
        assert _leftovers(folder, cache) == []


def _no_ffmpeg_left(folder: Path, wait: float = 5.0) -> None:
    """No ffmpeg still working in the project's folder (they die with the render that started them)."""
    deadline = time.monotonic() + wait
    while True:
        alive = []
        for entry in os.listdir("/proc"):
            try:
                line = Path(f"/proc/{entry}/cmdline").read_bytes().replace(b"\0", b" ")
            except OSError:
                continue
            if b"ffmpeg" in line and str(folder).encode() in line:
                alive.append(line[:120])
        if not alive or time.monotonic() > deadline:
            break
        time.sleep(0.1)
    assert alive == []


def _forge_one_entry(cache: Path) -> None:
    """Change one kept picture's bytes, keeping its size: it must be made again, not believed."""
    entries = sorted(cache.glob("*.mp4")) if cache.exists() else []
    if entries:
        data = bytearray(entries[0].read_bytes())
        data[len(data) // 2] ^= 0xFF
        entries[0].write_bytes(bytes(data))


def _leftovers(folder: Path, cache: Path) -> list[str]:
    strays = [p.name for p in folder.iterdir() if p.name.startswith(".") and p.name != ".neuralcut"]
    strays += [p.name for p in cache.iterdir() if p.name.startswith((".", "tmp-"))]
    return strays


def _last_clip_waits(project_path: Path) -> dict[str, str]:
    """The last clip comes from its own copy of a source, and the ffmpeg that encodes it (only that one) waits for
    a file that never comes: the render cannot finish before the test's Ctrl-C, however fast or loaded the machine
    (a state, not a race). Returns the environment that puts the waiting ffmpeg in place."""
    folder = project_path.parent
    data = json.loads(project_path.read_text(encoding="utf-8"))
    first = data["mediaAssets"][0]
    os.link(folder / first["path"], folder / "media" / "waits.mp4")
    data["mediaAssets"].append(dict(first, id="a-waits", name="waits.mp4", path="media/waits.mp4"))
    data["scenes"][0]["tracks"]["main"]["elements"][-1].update(mediaId="a-waits", name="waits.mp4")
    project_path.write_text(json.dumps(data, indent=1), encoding="utf-8")
    holder = folder / "ffmpeg-holds"  # "ffmpeg" in its name: _no_ffmpeg_left counts it too
    holder.write_text(
        "#!/bin/sh\n"
        'case "$*" in *-progress*waits.mp4*|*waits.mp4*-progress*) while :; do sleep 0.1; done;; esac\n'
        f'exec "{ffmpeg_exe()}" "$@"\n',
        encoding="utf-8",
    )
    holder.chmod(0o755)
    return {**os.environ, "NEURALCUT_FFMPEG": str(holder)}


def test_ctrl_c_stops_every_worker_and_keeps_only_whole_entries(folder: Path) -> None:
    project_path = cut_project(folder, clips=12, clip_seconds=1.0, size=(1280, 720))
    env = _last_clip_waits(project_path)
    out = folder / "out.mp4"
    process = subprocess.Popen(
        neuralcut_argv("render", "-p", str(project_path), "-o", str(out)),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    cache = folder / ".neuralcut" / project_path.stem / "render"
    deadline = time.monotonic() + 60
    while not list(cache.glob("*.sum")) and time.monotonic() < deadline:  # some segments done, others running
        time.sleep(0.05)
    time.sleep(1)
    assert process.poll() is None, "the render finished: the held clip did not hold it"
    process.send_signal(signal.SIGINT)
    _, stderr = process.communicate(timeout=120)
    assert process.returncode == 130 and "Render cancelled" in stderr, stderr
    _no_ffmpeg_left(folder)
    assert not out.exists() and _leftovers(folder, cache) == []
    store = RenderCache(cache, 1 << 40)
    kept = [p for p in cache.iterdir() if p.suffix in (".mp4", ".pcm")]
    assert kept and all(store.find(p.stem, p.suffix) for p in kept)


# -- Ray -------------------------------------------------------------------------------------------------------


@pytest.fixture
def ray_head(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A real Ray head on 127.0.0.1 with two CPUs, started for the test and stopped after it."""
    pytest.importorskip("ray", reason="the ray extra is not installed: pip install -e '.[dev,ray]'")
    ray = shutil.which("ray", path=str(Path(sys.executable).parent)) or "ray"
    port = _free_port()
    temp = Path("/tmp") / f"nc-ray-{os.getpid()}"
    head = subprocess.Popen(
        [
            ray,
            "start",
            "--head",
            "--node-ip-address",
            "127.0.0.1",
            "--port",
            str(port),
            "--num-cpus",
            "2",
            "--disable-usage-stats",
            "--include-dashboard=false",
            "--block",
            "--temp-dir",
            str(temp),
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
    )
    try:
        _wait_for_head(head)
        yield f"127.0.0.1:{port}"
    finally:  # its processes share its process group; Ray drains for 30 s on SIGTERM, so they are killed
        os.killpg(head.pid, signal.SIGTERM)
        time.sleep(1)
        os.killpg(head.pid, signal.SIGKILL)
        head.wait(30)
        shutil.rmtree(temp, ignore_errors=True)


def _free_port() -> int:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _wait_for_head(head: subprocess.Popen[str]) -> None:
    for line in head.stdout:  # type: ignore[union-attr]
        if "block forever" in line:
            return
    raise AssertionError(f"the Ray head did not start (exit {head.wait()})")


def test_a_ray_cluster_renders_the_same_bytes(folder: Path, ray_head: str) -> None:
    project_path = cut_project(folder, clips=6, clip_seconds=1.0, size=(640, 360))
    texts = [
        {
            "id": "t-t",
            "name": "Titles",
            "type": "text",
            "elements": [
                {"id": "e-t", "type": "text", "name": "Title", "content": "Día uno", "startTime": 0, "duration": 3 * T}
            ],
        }
    ]
    data = json.loads(project_path.read_text())
    data["scenes"][0]["tracks"]["overlay"] = texts
    project_path.write_text(json.dumps(data))
    local, remote = folder / "local.mp4", folder / "remote.mp4"
    render_json(project_path, local, "--no-cache")
    done = render_json(project_path, remote, "--no-cache", "--ray", ray_head, timeout=600)
    assert done["segments"] == 6
    assert remote.read_bytes() == local.read_bytes()


@pytest.mark.slow  # a real Ray head
def test_a_loopback_head_is_joined_on_loopback(ray_head: str) -> None:
    """Issue 40 §9: Ray turns 127.0.0.1 into the machine's network address unless told; the driver stays on
    loopback."""
    import ray

    from neuralcut_cli.render.ray_runner import _connect

    _connect(ray, ray_head)
    try:
        node = ray._private.worker.global_worker.node
        assert node is not None and node.gcs_address == ray_head  # not the network address
        assert ray.get(ray.remote(lambda: 7).remote()) == 7  # and it works there
    finally:
        ray.shutdown()


@pytest.mark.slow  # the sources are made
def test_something_else_at_the_ray_address_is_refused_before_any_work(folder: Path) -> None:
    """Issue 40 §9: an HTTP server where the Ray head should be is told apart at once (Ray would retry for
    minutes), and nothing is rendered."""
    import http.server
    import threading

    pytest.importorskip("ray", reason="the ray extra is not installed: pip install -e '.[dev,ray]'")
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), http.server.SimpleHTTPRequestHandler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        project_path = cut_project(folder, clips=2, clip_seconds=1.0, size=(320, 180))
        out = folder / "out.mp4"
        address = f"127.0.0.1:{server.server_address[1]}"
        done = neuralcut("render", "-p", project_path, "-o", out, "--ray", address, timeout=60)
        assert done.returncode == 1, done.stderr
        assert f"Something answers at {address}, but not a Ray cluster" in done.stderr
        assert not out.exists()
    finally:
        server.shutdown()
        server.server_close()
