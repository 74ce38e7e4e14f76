"""A second look for the fillers Whisper leaves out.

Even prompted to keep them, Whisper drops some "uh"s, or glues one to the word after it. The places one may
hide are heard again: every run of sound no word covers (``word_timing.uncovered``) and every short run of
sound a word begins with, set off from the rest of it by a quiet (``word_timing.leading_runs``). They are laid
end to end with quiet between them and heard in one pass (one decoding window, not one per place), and a place
is kept as a filler when, and only when, it is heard as a filler alone: anything else it might be (a breath, a
click, the first syllable of a word) is left as it was, so no real word is ever removed as one.
"""

from __future__ import annotations

import re
from typing import Any

from neuralcut_cli.media.word_timing import RATE, leading_runs, uncovered

FILLERS = {"um", "umm", "uh", "uhh", "erm", "er", "ah", "hmm", "mm", "eh"}
AROUND = 0.1  # seconds of the recording heard either side of a place
SPACING = 0.8  # seconds of quiet between two places
MOST = 40  # places heard in one pass (about 30 s: one Whisper window)
NEAR = 1.5  # seconds: a run of sound this close to a word is a place a filler may be (further off: something else)


def second_look(model: Any, samples: Any, parts: list[dict[str, Any]], prompt: str) -> int:
    """Fillers found, put into ``parts`` (and the words they were glued to shortened); how many."""
    import numpy as np

    words = [w for part in parts for w in part["words"]]
    if not words:
        return 0  # no speech: music or room tone, not a place for fillers
    near = [(a, b) for a, b in uncovered(words, samples) if any(abs(w["start"] - b) < NEAR or abs(a - w["end"]) < NEAR
            for w in words)]  # fmt: skip
    places: list[tuple[float, float, int | None, float]] = [(a, b, None, 0.0) for a, b in near]
    places += [(a, b, index, rest) for index, a, b, rest in leading_runs(words, samples)]
    places = sorted(places)[:MOST]
    if not places:
        return 0
    pieces, spans, at = [], [], 0.0
    quiet = np.zeros(round(SPACING * RATE), dtype=np.float32)
    for start, end, _, _ in places:
        clip = samples[max(0, round((start - AROUND) * RATE)) : round((end + AROUND) * RATE)]
        pieces += [quiet, clip]
        at += SPACING
        spans.append((at, at + len(clip) / RATE))
        at += len(clip) / RATE
    pieces.append(quiet)
    segments, _ = model.transcribe(
        np.concatenate(pieces),
        language="en",
        initial_prompt=prompt,
        word_timestamps=True,
        condition_on_previous_text=False,
        temperature=0.0,
        max_new_tokens=4 * len(places) + 8,
    )  # fmt: skip  (one greedy pass: no retries at higher temperatures, which a near-silent window sets off)
    heard: list[list[str]] = [[] for _ in places]
    for word in (w for s in segments for w in (s.words or ())):
        middle = (float(word.start) + float(word.end)) / 2
        place = next((k for k, (a, b) in enumerate(spans) if a - 0.2 <= middle <= b + 0.2), None)
        if place is not None:
            heard[place] += [w for w in re.sub(r"[^a-z ]", " ", str(word.word).lower()).split() if w]
    found = 0
    for (start, end, glued, rest), said in zip(places, heard, strict=True):
        if len(said) != 1 or said[0] not in FILLERS:
            continue
        if glued is not None:
            words[glued]["start"] = rest
        _insert(parts, {"start": round(start, 3), "end": round(end, 3), "word": said[0].capitalize()})
        found += 1
    return found


def _insert(parts: list[dict[str, Any]], word: dict[str, Any]) -> None:
    """``word`` into the segment it falls in (else the one after it, else the last), in time order."""
    home = next((p for p in parts if p["end"] >= word["start"]), parts[-1] if parts else None)
    if home is None:
        parts.append({"start": word["start"], "end": word["end"], "text": word["word"], "words": [word]})
        return
    home["words"] = sorted([*home["words"], word], key=lambda w: w["start"])
    home["start"] = min(home["start"], word["start"])
    home["text"] = " ".join(w["word"] for w in home["words"])
