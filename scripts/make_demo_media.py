"""Generate the demo project's media with the bundled ffmpeg (run once; the
files are committed). Small on purpose: a few hundred KB in all.

    python scripts/make_demo_media.py [projects/media]

Then it probes each file and prints what `projects/demo.json` should say.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from neuralcut_cli.media.ffmpeg import fonts_dir, run_ffmpeg  # noqa: E402
from neuralcut_cli.media.probe import probe  # noqa: E402

FONT = str(fonts_dir() / "DejaVuSans-Bold.ttf")
CLIPS = [  # name, seconds, gradient colours, label, tone (Hz) or None for no audio
    ("intro.mp4", 8, "0x1e3a8a", "0xf59e0b", "INTRO", 440),
    ("beach.mp4", 10, "0x38bdf8", "0xfde68a", "BEACH", 523),
    ("city.mp4", 6, "0x4c1d95", "0xf97316", "CITY", None),
    ("outtake.mp4", 4, "0x374151", "0x9ca3af", "OUTTAKE", 330),
]


def clip(folder: Path, name: str, seconds: int, c0: str, c1: str, label: str, tone: int | None) -> None:
    video = (
        f"gradients=s=640x360:r=30:d={seconds}:c0={c0}:c1={c1}:x0=0:y0=0:x1=640:y1=360:speed=0.015,"
        f"drawtext=fontfile='{FONT}':text='{label}':fontsize=56:fontcolor=white:x=(w-tw)/2:y=(h-th)/2-20,"
        f"drawtext=fontfile='{FONT}':text='%{{pts\\:hms}}':fontsize=24:fontcolor=white@0.8:x=(w-tw)/2:y=h/2+40"
    )
    args = ["-y", "-f", "lavfi", "-i", video]
    if tone:
        args += ["-f", "lavfi", "-i", f"sine=f={tone}:d={seconds},volume=0.4"]
    args += ["-c:v", "libx264", "-preset", "veryfast", "-crf", "36", "-pix_fmt", "yuv420p", "-movflags", "+faststart"]
    args += ["-c:a", "aac", "-b:a", "24k", "-ac", "1", "-shortest"] if tone else ["-an"]
    run_ffmpeg([*args, str(folder / name)])


def logo(folder: Path) -> None:
    graph = (
        f"color=c=0x111827:s=256x256:d=1,drawbox=x=16:y=16:w=224:h=224:color=0xf59e0b:t=10,"
        f"drawtext=fontfile='{FONT}':text='NC':fontsize=110:fontcolor=white:x=(w-tw)/2:y=(h-th)/2"
    )
    run_ffmpeg(["-y", "-f", "lavfi", "-i", graph, "-frames:v", "1", str(folder / "logo.png")])


def music(folder: Path) -> None:
    chord = "[0][1][2]amix=inputs=3:normalize=1,volume=0.8,tremolo=f=2:d=0.4"
    args = ["-y"]
    for frequency in (220, 277, 330):
        args += ["-f", "lavfi", "-i", f"sine=f={frequency}:d=30"]
    run_ffmpeg(
        [
            *args,
            "-filter_complex",
            chord,
            "-ac",
            "1",
            "-ar",
            "22050",
            "-c:a",
            "libmp3lame",
            "-b:a",
            "24k",
            str(folder / "music.mp3"),
        ]
    )


def main() -> None:
    folder = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "projects" / "media"
    folder.mkdir(parents=True, exist_ok=True)
    for spec in CLIPS:
        clip(folder, *spec)
    logo(folder)
    music(folder)
    total = 0
    for path in sorted(folder.iterdir()):
        total += path.stat().st_size
        print(f"{path.name:<12} {path.stat().st_size / 1000:6.1f} kB  {probe(path)}")
    print(f"total {total / 1000:.0f} kB")


if __name__ == "__main__":
    main()
