"""remove_silences on a generated 10-minute recording, against a bare ffmpeg silencedetect run on the same file.

    python benchmarks/bench_silences.py

The file: 600 s of tone with a 1.5 s silence every 7 s (about 85 pauses), as 48 kHz WAV inside a project with
one clip. Measured in one run: ``ffmpeg -af silencedetect`` alone, and with the loudness meter the tool runs in
the same pass (``silencedetect,ebur128``: the tool meters the file while it listens for pauses, so levelling
afterwards decodes nothing); the tool cold (no cache: load, measure, cut and ripple every pause, save, record
the undo step); and the tool again on a fresh copy of the project (the silences cached). Targets: cold <= 1.3x
the bare measuring run; cached < 100 ms.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

from neuralcut_cli.media.ffmpeg import ffmpeg_exe
from neuralcut_cli.project.edit_session import ProjectSession
from neuralcut_cli.tools import default_registry
from neuralcut_cli.tools.definition import ToolContext

LENGTH = 600
T = 120_000


def make(folder: Path) -> Path:
    media = folder / "talk.wav"
    subprocess.run(
        [
            ffmpeg_exe(),
            "-loglevel",
            "error",
            "-y",
            "-f",
            "lavfi",
            "-i",
            f"aevalsrc='if(gt(mod(t,7),5.5),0,0.4*sin(2*PI*300*t))':s=48000:d={LENGTH}",
            str(media),
        ],
        check=True,
    )
    clip = {
        "id": "c",
        "type": "audio",
        "mediaId": "talk",
        "startTime": 0,
        "duration": LENGTH * T,
        "trimStart": 0,
        "trimEnd": 0,
        "sourceDuration": LENGTH * T,
    }
    data = {
        "mediaAssets": [
            {
                "id": "talk",
                "name": "talk.wav",
                "type": "audio",
                "path": str(media),
                "duration": LENGTH,
                "hasAudio": True,
            }
        ],
        "scenes": [
            {
                "id": "s",
                "tracks": {
                    "overlay": [],
                    "main": {"id": "main", "type": "video", "elements": []},
                    "audio": [{"id": "a", "type": "audio", "elements": [clip]}],
                },
            }
        ],
        "currentSceneId": "s",
    }
    path = folder / "p.json"
    path.write_text(json.dumps(data))
    return path


REGISTRY = default_registry()  # built once, as in a running session (its imports are not the tool's cost)


def tool_seconds(path: Path) -> tuple[float, int]:
    started = time.perf_counter()
    result = REGISTRY.execute("remove_silences", {"elementIds": ["c"]}, ToolContext(ProjectSession(path)))
    return time.perf_counter() - started, len(result["removed"])


def _bare(media: Path, chain: str, level: str = "info") -> float:
    """Seconds of one plain ``ffmpeg -i FILE -af CHAIN -f null -`` run."""
    started = time.perf_counter()
    subprocess.run(
        [ffmpeg_exe(), "-hide_banner", "-nostdin", "-v", level, "-i", str(media), "-af", chain, "-f", "null", "-"],
        capture_output=True,
        check=True,
    )
    return time.perf_counter() - started


def main() -> int:
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        path = make(folder)
        pristine = path.read_bytes()
        bare = _bare(folder / "talk.wav", "silencedetect=noise=-35dB:d=0.05")
        both = _bare(folder / "talk.wav", "silencedetect=noise=-35dB:d=0.05,ebur128=framelog=verbose", "verbose")
        cold, count = tool_seconds(path)
        path.write_bytes(pristine)
        shutil.rmtree(folder / ".neuralcut" / "p" / "history", ignore_errors=True)
        warm, _ = tool_seconds(path)
    print(
        f"bare silencedetect: {bare:.2f} s; bare silencedetect and loudness meter (what the tool measures): {both:.2f} s"
    )
    print(
        f"remove_silences, cold: {cold:.2f} s ({cold / both:.2f}x the bare measuring run, {cold / bare:.2f}x "
        f"silencedetect alone), {count} pauses cut"
    )
    print(f"remove_silences, cached: {warm * 1000:.0f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
