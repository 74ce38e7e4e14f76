"""Spoken words on the timeline: a transcript's words (source seconds) placed where they play through each
element's trim and speed, and phrases found among them (captions made of them: ``caption_layout``).

Words are compared without case or the punctuation Whisper glues to them ("Welcome," is "welcome"); a phrase is
consecutive words of one element.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from neuralcut_cli.editing.media_time import to_timeline, used_source
from neuralcut_cli.project.elements import Element

SENTENCE_END = re.compile(r"[.!?…]$")


@dataclass(frozen=True)
class Word:
    element_id: str
    text: str  # as spoken, with its punctuation
    start: float  # timeline seconds
    end: float

    @property
    def key(self) -> str:
        return normal(self.text)


def normal(text: str) -> str:
    return re.sub(r"[^\w']+", " ", text.lower()).strip()


def placed_words(element: Element, transcript: dict[str, Any]) -> list[Word]:
    """The transcript's words that the element plays (whole words only), at their timeline times."""
    first, last = used_source(element)
    words = []
    for segment in transcript.get("segments", []):
        for word in segment.get("words", []):
            start, end = float(word["start"]), float(word["end"])
            if start >= first - 1e-6 and end <= last + 1e-6:
                words.append(
                    Word(
                        element.id,
                        str(word["word"]),
                        round(to_timeline(element, start), 4),
                        round(to_timeline(element, end), 4),
                    )
                )
    return words


def find_phrase(words: list[Word], query: str) -> list[list[Word]]:
    """Every run of consecutive words of one element that says ``query``, in timeline order."""
    wanted = normal(query).split()
    if not wanted:
        return []
    found = []
    for index in range(len(words) - len(wanted) + 1):
        run = words[index : index + len(wanted)]
        if [w.key for w in run] == wanted and len({w.element_id for w in run}) == 1:
            found.append(run)
    return sorted(found, key=lambda run: run[0].start)
