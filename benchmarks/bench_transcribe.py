"""Transcription of a generated two-minute talk through NeuralCut, against faster-whisper alone with the same
model and settings, in one run.

    python benchmarks/bench_transcribe.py

The talk: ``tests/speech_media.py`` (espeak-ng, word by word, fillers and a retake) said three times over
(about two minutes), as the sound of a small video. NeuralCut: ``neuralcut tool transcribe_video`` on a fresh
project (a new process: the model loaded, the sound decoded, Whisper, the word times moved onto the sound, the
second look for fillers, the transcript cached). faster-whisper alone: a new process that loads the same model
(the packaged base), decodes the same file and transcribes it with the same settings (word times, the same
prompt, voice activity). Target: at most 1.25x. The real-time factor (seconds of work per second of talk) is printed for both.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

import speech_media as sm  # noqa: E402

from neuralcut_cli.media.ffmpeg import ffmpeg_exe  # noqa: E402

ALONE = """
import sys
from faster_whisper import WhisperModel, decode_audio
from neuralcut_cli.media.transcripts import FILLER_PROMPT
from neuralcut_cli.media.whisper_models import resolve
model = WhisperModel(resolve("base").load, device="cpu", compute_type="int8", local_files_only=True)
audio = decode_audio(sys.argv[1], sampling_rate=16000)
segments, _ = model.transcribe(audio, language="en", word_timestamps=True, initial_prompt=FILLER_PROMPT, vad_filter=True)
print(sum(len(s.words) for s in segments))
"""


def timed(argv: list[str], env: dict[str, str]) -> float:
    started = time.perf_counter()
    subprocess.run(argv, check=True, capture_output=True, env=env)
    return time.perf_counter() - started


def main() -> None:
    work = Path(tempfile.mkdtemp(prefix="neuralcut-bench-speech-"))
    env = {**os.environ, "HF_HUB_OFFLINE": "1"}
    try:
        speech = sm.make_speech(work / "speech", sm.TALK * 3)
        video = work / "talk.mp4"
        subprocess.run(
            [ffmpeg_exe(), "-v", "error", "-f", "lavfi", "-i", f"color=s=320x180:r=30:d={speech.seconds}"]
            + ["-i", str(speech.path), "-c:v", "libx264", "-preset", "ultrafast", "-c:a", "aac", "-shortest"]
            + [str(video)],
            check=True,
        )
        asset = {"id": "a", "name": "talk.mp4", "type": "video", "path": str(video), "duration": speech.seconds}
        clip = {"id": "c", "type": "video", "mediaId": "a", "startTime": 0, "duration": round(speech.seconds * 120_000)}
        data = {"mediaAssets": [asset], "scenes": [{"id": "s", "tracks": {"main": {"id": "m", "type": "video",
                "elements": [clip]}}}], "currentSceneId": "s"}  # fmt: skip
        alone, ours = [], []
        for run in range(2):  # one warm-up round each way (the model file into the page cache), one measured
            project = work / f"p{run}" / "p.json"
            project.parent.mkdir()
            project.write_text(json.dumps(data))
            alone.append(timed([sys.executable, "-c", ALONE, str(video)], env))
            ours.append(
                timed(
                    [sys.executable, "-m", "neuralcut_cli", "tool", "transcribe_video", '{"language": "en"}', "-p"]
                    + [str(project)],
                    env,
                )
            )
        print(f"talk: {speech.seconds:.1f} s of generated speech, {len(speech.words)} words, Whisper base, 2 cores")
        print(
            f"faster-whisper alone (load, decode, transcribe): {alone[-1]:6.2f} s  ({alone[-1] / speech.seconds:.3f}x real time)"
        )
        print(
            f"neuralcut transcribe_video (and word times, fillers): {ours[-1]:6.2f} s  ({ours[-1] / speech.seconds:.3f}x real time)"
        )
        print(f"ratio: {ours[-1] / alone[-1]:.2f}x (target <= 1.25x)")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
