"""Captions laid out to be read (issue 39): lines, breaks, time on screen, reading speed."""

from __future__ import annotations

from neuralcut_cli.editing.caption_layout import FASTEST, SHORTEST, broken, cues
from neuralcut_cli.editing.words import Word


def said(
    text: str, at: float = 0.0, each: float = 0.3, gap: float = 0.05, pauses: dict[int, float] | None = None
) -> list[Word]:
    out = []
    for index, word in enumerate(text.split()):
        at += (pauses or {}).get(index, 0.0)
        out.append(Word("e", word, round(at, 3), round(at + each, 3)))
        at += each + gap
    return out


def test_no_line_is_longer_than_asked_and_no_caption_has_more_lines() -> None:
    talk = said(
        "When you record a talk on camera, the pauses and the mistakes pile up quickly, and every one of them "
        "costs the viewer a little attention that you would rather keep for the words that matter most"
    )
    for most, lines in ((42, 2), (30, 2), (20, 1)):
        for cue in cues(talk, most, lines):
            assert len(cue.lines) <= lines
            assert all(len(line) <= most for line in cue.lines), (cue.lines, most)
    assert " ".join(" ".join(c.lines) for c in cues(talk, 42, 2)).split() == [w.text for w in talk]  # nothing lost


def test_lines_break_at_punctuation_first_and_leave_no_orphan() -> None:
    assert broken(said("First we cut the pauses, then we add the music underneath"), 42, 2) == (
        "First we cut the pauses,",
        "then we add the music underneath",
    )
    lines = broken(said("This sentence is nearly long enough to break it at a"), 42, 2)
    assert lines is not None and all(len(line.split()) > 1 for line in lines)  # not "a" alone on a line


def test_a_sentence_or_a_pause_ends_a_caption() -> None:
    made = cues(said("Hello there. Welcome back to the show", each=0.4), 42, 2)
    assert made[0].lines == ("Hello there.",)
    made = cues(said("one two three four five six", pauses={3: 1.5}), 42, 2)
    assert [c.lines for c in made] == [("one two three",), ("four five six",)]


def test_each_caption_stays_long_enough_to_read_without_covering_the_next() -> None:
    quick = said("Go. Now. Stop. Wait for it, then run as fast as you can", each=0.15, gap=0.3)
    made = cues(quick, 42, 2)
    for cue, following in zip(made, made[1:], strict=False):
        assert cue.end <= following.start + 1e-9
        assert cue.end - cue.start >= SHORTEST - 1e-9 or cue.end == following.start
    last = made[-1]
    assert last.end - last.start >= SHORTEST
    assert len(last.text) / (last.end - last.start) <= FASTEST + 1e-9


def test_a_caption_too_short_to_read_joins_the_next_when_they_fit() -> None:
    made = cues(said("Yes. I think so too", each=0.2, gap=0.05), 42, 2)
    assert made[0].lines == ("Yes. I think so too",)  # "Yes." alone would flash by
