"""Reframing a 60 s 1080p recording to 9:16 following the face: the analysis against real time, and the render
against the same render without reframe, in one run.

    python benchmarks/bench_reframe.py [--seconds 60]

The clip: 1920x1080 H.264 at 30 fps with a long GOP (a keyframe every 250 frames, as cameras and screen
recorders write), where a real photograph of a face (scikit-image's astronaut) drifts across the frame and back,
with a cut half way to a shot where it stands still on the right. The project is that clip, made 9:16
(``set_aspect_ratio``, 1080x1920).

- Analysis: ``neuralcut tool reframe '{"follow": "face"}'`` on a fresh project (a new process; nothing cached:
  the pictures decoded and sampled 4 a second, CenterFace on each, the path smoothed and written as keys).
  Target: at most 0.5x real time (the clip's length) on two cores.
- Render: ``neuralcut render`` of the reframed project against the same project not reframed (the picture fitted
  inside the tall frame, black above and below), both full size, in one run. Target: at most 1.2x. Also against
  the clip centre-cropped (``follow: center``: covering the frame, no keys), which isolates what following the
  face costs from what a full picture costs the encoder over black bars.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MEDIA = Path(tempfile.gettempdir()) / "neuralcut-bench-reframe"
sys.path.insert(0, str(ROOT / "benchmarks"))

from timing import once  # noqa: E402

from neuralcut_cli.media.ffmpeg import ffmpeg_exe  # noqa: E402

T = 120_000


def neuralcut(*args: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "neuralcut_cli", *map(str, args)], capture_output=True, text=True, check=True
    )


def make_clip(seconds: float) -> Path:
    """The recording, made once and kept for the next run."""
    import imageio.v3 as iio
    from skimage import data

    MEDIA.mkdir(parents=True, exist_ok=True)
    clip = MEDIA / f"face-{seconds:g}s.mp4"
    if clip.exists():
        return clip
    face = MEDIA / "face.png"
    iio.imwrite(face, data.astronaut())
    half = seconds / 2
    moving = f"300+700*(1-cos(2*PI*t/{half}))/2"  # across and back in the first shot
    graph = (
        f"[1]scale=420:420[f];[0][f]overlay=x='if(lt(t,{half}),{moving},1350)':y='if(lt(t,{half}),300,520)'"
        ":shortest=1[v]"
    )
    subprocess.run(
        [ffmpeg_exe(), "-v", "error", "-y", "-f", "lavfi", "-i", f"color=c=0x506070:s=1920x1080:r=30:d={seconds}"]
        + ["-loop", "1", "-i", str(face), "-filter_complex", graph, "-map", "[v]", "-c:v", "libx264"]
        + ["-preset", "veryfast", "-g", "250", "-keyint_min", "250", "-sc_threshold", "0", "-pix_fmt", "yuv420p"]
        + ["-t", f"{seconds}", str(clip.with_suffix(".part.mp4"))],
        check=True,
    )
    clip.with_suffix(".part.mp4").rename(clip)
    return clip


def project(folder: Path, clip: Path, seconds: float) -> Path:
    folder.mkdir(parents=True)
    asset = {"id": "a", "name": clip.name, "type": "video", "path": str(clip), "duration": seconds}
    asset.update({"width": 1920, "height": 1080, "fps": 30, "hasAudio": False})
    element = {"id": "c", "type": "video", "mediaId": "a", "startTime": 0, "duration": round(seconds * T)}
    element.update({"trimStart": 0, "trimEnd": 0, "sourceDuration": round(seconds * T)})
    main_track = {"id": "m", "type": "video", "elements": [element]}
    data = {
        "settings": {"fps": {"numerator": 30, "denominator": 1}, "canvasSize": {"width": 1920, "height": 1080}},
        "mediaAssets": [asset],
        "scenes": [{"id": "s", "tracks": {"overlay": [], "main": main_track}}],
        "currentSceneId": "s",
    }
    path = folder / "p.json"
    path.write_text(json.dumps(data))
    neuralcut("tool", "set_aspect_ratio", '{"ratio": "9:16"}', "-p", path)
    return path


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=60)
    seconds = parser.parse_args().seconds
    work = Path(tempfile.mkdtemp(prefix="neuralcut-bench-reframe-"))
    try:
        clip = make_clip(seconds)
        plain = project(work / "plain", clip, seconds)
        framed = project(work / "framed", clip, seconds)
        centred = project(work / "centred", clip, seconds)
        neuralcut("tool", "reframe", '{"follow": "center"}', "-p", centred)
        analysis = once(lambda: neuralcut("tool", "reframe", '{"follow": "face"}', "-p", framed, "--json"))
        answer = json.loads(neuralcut("tool", "reframe", '{"follow": "face"}', "-p", framed, "--json").stdout)
        (seen,) = answer["clips"]
        render_plain = once(lambda: neuralcut("render", "-p", plain, "-o", work / "plain.mp4", "--force"))
        render_centred = once(lambda: neuralcut("render", "-p", centred, "-o", work / "centred.mp4", "--force"))
        render_framed = once(lambda: neuralcut("render", "-p", framed, "-o", work / "framed.mp4", "--force"))
        print(f"clip: {seconds:g} s, 1920x1080 H.264, GOP 250, made 9:16 (1080x1920); {os.cpu_count()} cores")
        print(f"face seen in {seen['faceSeen']:.0%} of samples; {seen['keys']} position keys")
        print(f"analysis (reframe follow face, nothing cached): {analysis:.2f} s = {analysis / seconds:.3f}x real time")
        print(f"render without reframe: {render_plain:.2f} s")
        print(f"render centre-cropped (follow center, no keys): {render_centred:.2f} s")
        print(f"render reframed (follow face):  {render_framed:.2f} s")
        print(f"ratio reframed / without reframe: {render_framed / render_plain:.2f}x")
        print(f"ratio reframed / centre-cropped:  {render_framed / render_centred:.2f}x")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
