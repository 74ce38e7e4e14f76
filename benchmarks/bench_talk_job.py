"""The talk job on a generated 10-minute recording, side by side with auto-editor in one run.

    AUTO_EDITOR=/path/to/auto-editor python benchmarks/bench_talk_job.py [--seconds 600]

The talk: ``tests/talk_media.py`` (1280x720 H.264, a keyframe every 300 frames, AAC sound; a voice stand-in
with lines of 1.5-5 s and pauses of 0.8-2.4 s), alone on the main track. NeuralCut, as a person would type it,
two ways: one request, ``neuralcut run "remove the silences, make it as loud as YouTube wants and export it to
edit.fcpxml"`` (one command, as auto-editor's is), and three commands (``run "remove the silences"``, ``run
"make it as loud as YouTube wants"``, ``export -o edit.fcpxml``). auto-editor: ``auto-editor talk.mp4 --export
final-cut-pro -o ae.fcpxml`` (its silence cut and FCPXML export of the same file, its analysis cache in a fresh
folder, as NeuralCut's is; it needs ``ffmpeg`` and ``ffprobe`` on ``PATH``). NeuralCut does more in the same
run (it also measures and levels the loudness). Then the FCPXML files are compared for what an editor needs: the
talk's sound declared and kept, every time on the frame grid, pieces that abut. Target: NeuralCut at most 1.0x
auto-editor's time.

auto-editor 26.3.3, which the issue names, is not on this machine's index (29.3.1 is, but its wheel downloads
its binary from GitHub when first run); the script takes whatever ``AUTO_EDITOR`` (else ``auto-editor`` on
``PATH``) is and prints its version. On the reference machine: auto-editor 23.32.1 in its own virtual
environment (``pip install --no-deps auto-editor==23.32.1 'numpy<2' pillow av``), with Debian's ffmpeg 5.1 and
ffprobe unpacked from their packages onto ``PATH``.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
from fractions import Fraction
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MEDIA = Path(tempfile.gettempdir()) / "neuralcut-bench-talks"
sys.path.insert(0, str(ROOT / "tests"))

import talk_media as tm  # noqa: E402
from timing import once  # noqa: E402


def neuralcut(*args: object) -> None:
    subprocess.run([sys.executable, "-m", "neuralcut_cli", *map(str, args)], capture_output=True, check=True)


def fcpxml_facts(path: Path) -> dict[str, object]:
    """What an editor needs of an FCPXML: the talk's sound, cuts on the frame grid, pieces that abut."""
    root = ET.parse(path).getroot()
    frame = Fraction(next(root.iter("format")).get("frameDuration", "1/30s")[:-1])
    spine = root.find(".//sequence/spine")
    clips = [c for c in (spine if spine is not None else []) if c.tag in ("asset-clip", "clip", "video")]
    assets = {a.get("id"): a for a in root.iter("asset")}
    times = [Fraction(c.get(k, "0s")[:-1] or 0) for c in clips for k in ("offset", "duration", "start")]
    at, abut = Fraction(0), True
    for clip in clips:
        offset = Fraction(clip.get("offset", "0s")[:-1] or 0)
        abut = abut and offset == at
        at = offset + Fraction(clip.get("duration", "0s")[:-1] or 0)
    heard = [
        c
        for c in clips
        if (assets.get(c.get("ref")) is not None and assets[c.get("ref")].get("hasAudio") == "1")
        or c.find(".//audio") is not None
    ]
    return {
        "pieces": len(clips),
        "with sound": len(heard),
        "on the frame grid": all((t / frame).denominator == 1 for t in times),
        "abut": abut,
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=600)
    seconds = parser.parse_args().seconds
    editor = os.environ.get("AUTO_EDITOR") or shutil.which("auto-editor")
    work = Path(tempfile.mkdtemp(prefix="neuralcut-bench-talk-"))
    try:
        talk = tm.make_talk(MEDIA, seconds=seconds)  # made once, kept for the next run
        project = tm.talk_project(work / "p", talk)
        data = project.read_text()
        import json

        full = json.loads(data)  # the talk alone: no bed, titles or overlays, as auto-editor sees it
        tracks = full["scenes"][0]["tracks"]
        tracks["overlay"], tracks["audio"] = [], []
        project.write_text(json.dumps(full))
        ours = once(
            lambda: (
                neuralcut("run", "remove the silences", "-p", project),
                neuralcut("run", "make it as loud as YouTube wants", "-p", project),
                neuralcut("export", "-p", project, "-o", work / "edit.fcpxml", "--force"),
            )
        )
        project.write_text(json.dumps(full))  # again, as one request that also exports (one process, as theirs)
        shutil.rmtree(project.parent / ".neuralcut")
        together = once(
            lambda: neuralcut(
                "run",
                "remove the silences, make it as loud as YouTube wants and export it to edit2.fcpxml",
                "-p",
                project,
            )
        )
        print(f"talk: {seconds:g} s of 720p H.264 (keyframe every 300 frames), {len(talk.lines)} spoken lines")
        print(f"neuralcut, three commands (cut, level, export): {ours:6.2f} s   {fcpxml_facts(work / 'edit.fcpxml')}")
        print(
            f"neuralcut, one request doing all three:        {together:6.2f} s   "
            f"{fcpxml_facts(project.parent / 'edit2.fcpxml')}"
        )
        if editor is None:
            print("auto-editor: not found (set AUTO_EDITOR); no ratio")
            return
        version = subprocess.run([editor, "--version"], capture_output=True, text=True).stdout.strip()
        (work / "ae").mkdir()
        theirs = once(
            lambda: subprocess.run(
                [editor, str(talk.path), "--export", "final-cut-pro", "-o", str(work / "ae.fcpxml"), "--no-open"]
                + ["--temp-dir", str(work / "ae" / "temp")],  # cold, as NeuralCut is: its cache sits beside it
                capture_output=True,
                check=True,
            )
        )
        print(f"auto-editor {version}, silence cut + FCPXML:   {theirs:6.2f} s   {fcpxml_facts(work / 'ae.fcpxml')}")
        print(f"ratio: one request {together / theirs:.2f}x (target <= 1.0x); three commands {ours / theirs:.2f}x")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
