"""Finding retakes in a transcript's words (issue 38): announced, broken off, and what must stay."""

from __future__ import annotations

from neuralcut_cli.editing.retakes import find_retakes
from neuralcut_cli.editing.words import Word


def words(text: str, pauses: dict[int, float] | None = None) -> list[Word]:
    """Words 0.3 s long with 0.1 s between them (``pauses``: more quiet before word N)."""
    out, at = [], 0.0
    for index, said in enumerate(text.split()):
        at += (pauses or {}).get(index, 0.0)
        out.append(Word("e", said, round(at, 3), round(at + 0.3, 3)))
        at += 0.4
    return out


def gone(text: str, pauses: dict[int, float] | None = None) -> list[str]:
    return [r.text for r in find_retakes(words(text, pauses))]


def test_an_announced_retake_goes_with_its_cue_and_the_hesitation_before_it() -> None:
    said = "Hello there. Um, today we are going to talk about Sorry, let me start again. Today we are going to talk about video."
    assert gone(said) == ["Um, today we are going to talk about Sorry, let me start again."]
    (take,) = find_retakes(words(said))
    assert take.cue == "let me start again"


def test_a_cue_with_no_restart_after_it_goes_alone() -> None:
    assert gone("The weather was fine. Scratch that. We went home early.") == ["Scratch that."]


def test_a_clause_broken_off_and_said_again_goes() -> None:
    said = "So the first thing you need, so the first thing you need is a microphone."
    assert gone(said, {6: 0.5}) == ["So the first thing you need,"]


def test_a_phrase_said_again_for_emphasis_or_far_apart_stays() -> None:
    assert gone("It was very very very good.") == []  # one word, said three times
    far = "We start with the first thing you need. Then many other words come in between them all. The first thing you need is light."
    assert gone(far) == []
    assert gone("No no no, that is not it.") == []


def test_two_retakes_in_one_talk() -> None:
    said = (
        "Welcome back. In this video I will In this video I will show you how to cut. "
        "The trick is The trick is to listen. Let me try that again. The trick is to listen first."
    )
    found = gone(said, {8: 0.5, 19: 0.5})
    assert found[0] == "In this video I will"
    assert "Let me try that again." in found[-1]
