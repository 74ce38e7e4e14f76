"""find_in_transcript, cut_words, remove_filler_words, add_captions (issue 15) with a fake Whisper model at the
faster-whisper boundary that returns known words and times."""

from __future__ import annotations

import json
import sys
import types
from pathlib import Path
from typing import Any

import pytest
from tool_helpers import Tools, assert_refused

from neuralcut_cli.media.whisper_models import Model
from neuralcut_cli.project.elements import TextElement

T = 120_000
#: (word, start, end) in source seconds, as the fake model says them
SPEECH = [
    [("Welcome", 0.0, 0.4), ("to", 0.5, 0.6), ("the", 0.7, 0.8), ("show.", 0.9, 1.4)],
    [
        ("Um,", 2.0, 2.3),
        ("let", 2.6, 2.8),
        ("me", 2.9, 3.0),
        ("start", 3.1, 3.5),
        ("again.", 3.6, 4.0),
        ("Welcome,", 4.5, 4.9),
        ("everyone!", 5.0, 5.6),
        ("Like,", 6.0, 6.2),
        ("uh", 6.4, 6.5),
        ("yes.", 6.8, 7.2),
    ],
]


class FakeWhisper:
    def __init__(self, model_id: str, device: str = "cpu", compute_type: str = "int8", **_: Any) -> None:
        pass

    def transcribe(self, path: str, language: str | None = None, word_timestamps: bool = False, **_: Any) -> Any:
        assert word_timestamps
        ns = types.SimpleNamespace
        segments = [
            ns(
                start=ws[0][1],
                end=ws[-1][2],
                text=" " + " ".join(w for w, _, _ in ws),
                words=[ns(start=a, end=b, word=" " + w, probability=0.9) for w, a, b in ws],
            )
            for ws in SPEECH
        ]
        return iter(segments), ns(language="en")


@pytest.fixture(autouse=True)
def whisper(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "faster_whisper", types.SimpleNamespace(WhisperModel=FakeWhisper))
    monkeypatch.setattr("neuralcut_cli.media.transcripts.resolve", lambda name: Model(name or "base", name or "base"))


def project(tmp_path: Path, clip: dict[str, Any] | None = None, overlay: list[Any] | None = None) -> Path:
    (tmp_path / "talk.mp4").write_bytes(b"a recording")  # the fake model does not read it; the cache keys on it
    element = clip or {
        "id": "c",
        "type": "video",
        "mediaId": "talk",
        "startTime": 0,
        "duration": 8 * T,
        "trimStart": 0,
        "trimEnd": 0,
        "sourceDuration": 8 * T,
    }
    data = {
        "mediaAssets": [
            {"id": "talk", "name": "talk.mp4", "type": "video", "path": "talk.mp4", "duration": 8.0, "hasAudio": True}
        ],
        "currentSceneId": "s",
        "scenes": [
            {
                "id": "s",
                "tracks": {"overlay": overlay or [], "main": {"id": "main", "type": "video", "elements": [element]}},
            }
        ],
    }
    path = tmp_path / "p.json"
    path.write_text(json.dumps(data))
    return path


def transcribed(path: Path) -> Tools:
    tools = Tools(path)
    assert "error" not in tools("transcribe_video", {"assetId": "talk"})
    return tools


def main_spans(tools: Tools) -> list[tuple[float, float]]:
    return [(e.start_time / T, e.end_time / T) for e in tools.project.scene.tracks.main.sorted_elements()]


def test_the_transcript_has_word_times(tmp_path: Path) -> None:
    result = Tools(project(tmp_path))("transcribe_video", {"assetId": "talk"})
    assert result["segments"][0]["words"][3] == {"start": 0.9, "end": 1.4, "word": "show."}


def test_find_maps_source_times_through_trim_and_speed(tmp_path: Path) -> None:
    clip = {
        "id": "c",
        "type": "video",
        "mediaId": "talk",
        "startTime": 10 * T,
        "duration": 4 * T,
        "trimStart": 2 * T,
        "trimEnd": 0,
        "sourceDuration": 8 * T,
        "retime": {"rate": 1.5},
    }
    tools = transcribed(project(tmp_path, clip))
    found = tools("find_in_transcript", {"query": "welcome"})["matches"]
    # the first "Welcome" (0-0.4 s of the source) is trimmed off; the second plays at 10 + (4.5 - 2) / 1.5
    assert found == [
        {
            "elementId": "c",
            "start": pytest.approx(10 + 2.5 / 1.5, abs=1e-3),
            "end": pytest.approx(10 + 2.9 / 1.5, abs=1e-3),
            "text": "Welcome,",
        }
    ]
    phrase = tools("find_in_transcript", {"query": "Let me START again"})["matches"]
    assert len(phrase) == 1 and phrase[0]["text"] == "let me start again."


def test_cut_words_removes_exactly_the_phrase_and_ripples(tmp_path: Path) -> None:
    overlay = [
        {
            "id": "tt",
            "type": "text",
            "elements": [
                {
                    "id": "title",
                    "type": "text",
                    "startTime": 5 * T,
                    "duration": T,
                    "trimStart": 0,
                    "trimEnd": 0,
                    "content": "Hi",
                }
            ],
        }
    ]
    tools = transcribed(project(tmp_path, overlay=overlay))
    result = tools("cut_words", {"elementId": "c", "text": "let me start again"})
    assert result["removed"] == [{"start": 2.6, "end": 4.0, "text": "let me start again."}]
    assert main_spans(tools) == [(0, 2.6), (2.6, 8 - 1.4)]
    assert tools.element("title").start_time == round((5 - 1.4) * T)  # moved with the cut
    words = tools("find_in_transcript", {"query": "welcome everyone"})["matches"]
    assert words[0]["start"] == pytest.approx(4.5 - 1.4, abs=1e-3)  # the words after the cut moved with it


def test_cut_words_every_time_and_by_time(tmp_path: Path) -> None:
    tools = transcribed(project(tmp_path))
    assert len(tools("cut_words", {"elementId": "c", "text": "welcome", "occurrence": "all"})["removed"]) == 2
    tools("undo")
    by_time = tools("cut_words", {"elementId": "c", "start": 2.5, "end": 3.2, "ripple": False})
    assert by_time["removed"] == [{"start": 2.6, "end": 3.0, "text": "let me"}]  # whole words inside the range


def test_remove_filler_words(tmp_path: Path) -> None:
    tools = transcribed(project(tmp_path))
    result = tools("remove_filler_words", {})
    assert [r["text"] for r in result["removed"]] == ["Um,", "Like,", "uh"]
    assert result["secondsSaved"] == pytest.approx(0.3 + 0.2 + 0.1, abs=1e-3)
    assert tools("remove_filler_words", {"words": ["hmm"]})["removed"] == []


def test_captions_line_up_with_the_words_after_trim_speed_and_ripple(tmp_path: Path) -> None:
    clip = {
        "id": "c",
        "type": "video",
        "mediaId": "talk",
        "startTime": 3 * T,
        "duration": 4 * T,
        "trimStart": 2 * T,
        "trimEnd": 0,
        "sourceDuration": 8 * T,
        "retime": {"rate": 1.5},
    }
    tools = transcribed(project(tmp_path, clip))
    tools("remove_range", {"start": 0, "end": 1, "ripple": True})  # the clip now starts at 2 s
    result = tools("add_captions", {"maxCharsPerLine": 12, "maxLines": 1})
    track = next(t for t in tools.project.scene.tracks.overlay if t.id == result["trackId"])
    assert track.name == "Captions"
    cues = [
        (e.content, e.start_time / T, e.end_time / T) for e in track.sorted_elements() if isinstance(e, TextElement)
    ]

    def at(source: float) -> float:  # where a source second plays now
        return 2 + (source - 2) / 1.5

    assert cues[0][:2] == ("Um, let me", at(2.0))  # no line over 12 characters
    assert cues[0][2] == pytest.approx(at(2.0) + 0.7, abs=1e-4)  # held past "me" (0.67 s) into the quiet: 0.7 s
    assert cues[1][0] == "start again."  # a sentence ends a caption
    assert all(len(text) <= 12 for text, _, _ in cues)
    assert all(b <= c for (_, _, b), (_, c, _) in zip(cues, cues[1:], strict=False))  # never over the next
    assert all(abs(b - round(b * T) / T) < 1e-9 for _, a, b in cues)
    tools("remove_range", {"start": 0, "end": 1, "ripple": True})  # afterwards they move like any element
    moved = [
        e.start_time / T
        for e in next(t for t in tools.project.scene.tracks.overlay if t.id == result["trackId"]).sorted_elements()
    ]
    assert moved[0] == pytest.approx(cues[0][1] - 1, abs=1e-4)


def test_without_a_transcript_the_tools_say_how_to_make_one(tmp_path: Path) -> None:
    path = project(tmp_path)
    message = "No transcript yet for talk: call transcribe_video with assetId talk first"
    for name, args in (
        ("find_in_transcript", {"query": "welcome"}),
        ("add_captions", {}),
        ("cut_words", {"elementId": "c", "text": "welcome"}),
        ("remove_filler_words", {}),
    ):
        assert_refused(path, name, args, message)


ERRORS = [
    ("find_in_transcript", {"query": " ,. "}, "query must be a word or phrase"),
    ("cut_words", {"elementId": "c"}, "Give text, or start and end (not both)"),
    ("cut_words", {"elementId": "c", "text": "hi", "start": 1, "end": 2}, "Give text, or start and end (not both)"),
    ("cut_words", {"elementId": "c", "start": 3, "end": 2}, "Invalid time range"),
    ("cut_words", {"elementId": "c", "text": "goodbye"}, "'goodbye' is not said in c"),
    ("cut_words", {"elementId": "c", "start": 1.45, "end": 1.9}, "No words between 1.45 s and 1.9 s in c"),
    ("cut_words", {"elementId": "c", "text": "hi", "occurrence": "second"}, "occurrence must be first or all"),
    ("cut_words", {"elementId": "ghost", "text": "hi"}, "Timeline element not found: ghost"),
    ("add_captions", {"maxCharsPerLine": 3}, "maxCharsPerLine must be 10 to 80"),
    ("add_captions", {"maxLines": 0}, "maxLines must be 1 to 4"),
    ("add_captions", {"position": "left"}, "position must be top, center or bottom"),
    ("add_captions", {"style": "fancy"}, "style must be one of: plain, social, boxed, highlight"),
    ("style_captions", {"style": "fancy"}, "style must be one of: plain, social, boxed, highlight"),
    ("style_captions", {"style": "social"}, "There are no captions to style (add_captions makes them)"),
    ("remove_filler_words", {"words": "um"}, "words must be a list of words"),
]


@pytest.mark.parametrize(("name", "args", "error"), ERRORS, ids=[f"{c[0]}:{i}" for i, c in enumerate(ERRORS)])
def test_every_error_leaves_the_file_untouched(tmp_path: Path, name: str, args: dict[str, Any], error: str) -> None:
    path = project(tmp_path)
    transcribed(path)
    assert_refused(path, name, args, error)


FAKE_PACKAGE = """
import types

SPEECH = {speech!r}


class WhisperModel:
    def __init__(self, model_id, device="cpu", compute_type="int8", **_):
        pass

    def transcribe(self, path, language=None, word_timestamps=False, **_):
        ns = types.SimpleNamespace
        segments = [ns(start=ws[0][1], end=ws[-1][2], text=" ".join(w for w, _, _ in ws),
                       words=[ns(start=a, end=b, word=" " + w) for w, a, b in ws]) for ws in SPEECH]
        return iter(segments), ns(language="en")
"""


@pytest.mark.slow
def test_the_mock_speaks_it_through_the_real_cli(tmp_path: Path) -> None:
    """A fake faster_whisper package on PYTHONPATH stands in for the model; everything else is the real CLI."""
    from cli_helpers import neuralcut

    package = tmp_path / "fake" / "faster_whisper"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text(FAKE_PACKAGE.format(speech=SPEECH))
    env = {"PYTHONPATH": str(tmp_path / "fake")}
    path = project(tmp_path)

    def run(request: str) -> str:
        done = neuralcut("run", "-p", path, request, env=env, timeout=120)
        assert done.returncode == 0, (request, done.stdout, done.stderr)
        return done.stdout

    assert "'welcome' is said 2 times: 00:00.00–00:00.40" in run("where do I say welcome?")
    run('cut the part where I say "let me start again"')
    assert main_spans(Tools(path)) == [(0, 2.6), (2.6, 6.6)]
    assert "Cut 3 filler words" in run("remove the filler words")
    assert "Added" in run("add captions")
    captions = next(t for t in Tools(path).project.scene.tracks.overlay if t.name == "Captions")
    assert [e.content for e in captions.sorted_elements() if isinstance(e, TextElement)][0] == "Welcome to the show."
    assert "Wrote" in run("export the captions")
    assert (tmp_path / "captions.srt").read_text(encoding="utf-8").startswith("1\n00:00:00,000 --> 00:00:01,400")
