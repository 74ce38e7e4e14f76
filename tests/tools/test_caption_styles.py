"""Caption styles (issue 39): captions from subtitles already on the timeline (one cue per word, or phrases),
restyled in one step, exported to ASS with their look and word times."""

from __future__ import annotations

import json
from pathlib import Path

import pysubs2
from tool_helpers import Tools

from neuralcut_cli.project.elements import TextElement

T = 120_000
WORDS = ["Welcome", "back", "to", "the", "show.", "Today", "we", "cut", "a", "talk."]


def _srt(path: Path, cues: list[tuple[float, float, str]]) -> None:
    subs = pysubs2.SSAFile()
    for start, end, text in cues:
        subs.append(pysubs2.SSAEvent(start=round(start * 1000), end=round(end * 1000), text=text))
    subs.save(str(path))


def _captions(tools: Tools) -> list[TextElement]:
    tracks = [t for t in tools.project.scene.tracks.overlay if t.name == "Captions"]
    assert len(tracks) == 1  # (those made from subtitles replace them)
    return [e for e in tracks[0].sorted_elements() if isinstance(e, TextElement)]


def test_word_by_word_subtitles_become_captions_that_light_their_words(demo_path: Path) -> None:
    _srt(demo_path.parent / "words.srt", [(0.5 + 0.4 * k, 0.8 + 0.4 * k, w) for k, w in enumerate(WORDS)])
    tools = Tools(demo_path)
    assert tools("import_subtitles", {"file": "words.srt"})["captions"] == len(WORDS)
    answer = tools("add_captions", {"style": "highlight"})
    assert answer["wordsFrom"] == "subtitles" and answer["style"] == "highlight"
    made = _captions(tools)
    assert [e.content for e in made] == ["Welcome back to the show.", "Today we cut a talk."]
    first = made[0]
    assert first.highlight_color == "#ffd400" and first.font_weight == "bold"
    assert first.caption_words is not None and len(first.caption_words) == 5
    assert [(w.start, w.end) for w in first.caption_words][:2] == [
        (0, round(0.3 * T)),
        (round(0.4 * T), round(0.7 * T)),
    ]


def test_phrase_subtitles_share_their_time_among_their_words(demo_path: Path) -> None:
    _srt(demo_path.parent / "lines.srt", [(1.0, 3.0, "Welcome back to the show."), (4.0, 6.0, "Today we cut a talk.")])
    tools = Tools(demo_path)
    tools("import_subtitles", {"file": "lines.srt"})
    tools("add_captions", {"style": "highlight"})
    first = _captions(tools)[0]
    assert first.caption_words is not None
    starts = [w.start for w in first.caption_words]
    assert starts == sorted(starts) and starts[0] == 0 and first.caption_words[-1].end <= first.duration


def test_restyling_is_one_step_and_undone_as_one(demo_path: Path) -> None:
    _srt(demo_path.parent / "words.srt", [(0.5 + 0.4 * k, 0.8 + 0.4 * k, w) for k, w in enumerate(WORDS)])
    tools = Tools(demo_path)
    tools("import_subtitles", {"file": "words.srt"})
    tools("add_captions", {"style": "highlight"})
    before = demo_path.read_bytes()
    assert tools("style_captions", {"style": "boxed", "position": "top"}) == {
        "success": True,
        "style": "boxed",
        "captions": 2,
    }
    for element in _captions(tools):
        assert element.background.enabled and element.highlight_color is None and element.caption_words
        assert element.transform.position.y < 0  # at the top
    tools("style_captions", {"style": "highlight"})  # the word times were kept: it lights up again
    assert all(e.highlight_color for e in _captions(tools))
    tools("undo")
    tools("undo")
    assert json.loads(demo_path.read_bytes())["scenes"] == json.loads(before)["scenes"]


def test_captions_without_word_times_cannot_light_up(demo_path: Path) -> None:
    _srt(demo_path.parent / "lines.srt", [(1.0, 3.0, "Welcome back to the show.")])
    tools = Tools(demo_path)
    tools("import_subtitles", {"file": "lines.srt"})
    before = demo_path.read_bytes()
    said = tools("style_captions", {"style": "highlight"})["error"]
    assert said.startswith("The caption") and "has no word times to light up" in said
    assert demo_path.read_bytes() == before
    assert tools("style_captions", {"style": "social"})["captions"] == 1  # any other look it takes


def test_ass_keeps_the_look_and_the_word_times(demo_path: Path) -> None:
    _srt(demo_path.parent / "words.srt", [(0.5 + 0.4 * k, 0.8 + 0.4 * k, w) for k, w in enumerate(WORDS)])
    tools = Tools(demo_path)
    tools("import_subtitles", {"file": "words.srt"})
    tools("add_captions", {"style": "highlight"})
    assert tools("export_captions", {"file": "out.ass"})["captions"] == 2
    subs = pysubs2.load(str(demo_path.parent / "out.ass"))
    style = subs.styles[subs[0].style]
    assert (style.primarycolor.r, style.primarycolor.g, style.primarycolor.b) == (0xFF, 0xD4, 0x00)  # the highlight
    assert (style.secondarycolor.r, style.secondarycolor.g, style.secondarycolor.b) == (0xFF, 0xFF, 0xFF)
    assert (
        style.bold
        and subs[0].text == r"{\k30}Welcome {\k10}{\k30}back {\k10}{\k30}to {\k10}{\k30}the {\k10}{\k30}show."
    )
    tools("export_captions", {"file": "out.srt"})
    plain = pysubs2.load(str(demo_path.parent / "out.srt"))
    assert plain[0].text == "Welcome back to the show."  # SRT stays plain text
