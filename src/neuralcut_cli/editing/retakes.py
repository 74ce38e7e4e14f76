"""Retakes: a sentence or clause said again, the earlier take to go.

Two shapes are found in a transcript's words (``editing.words``), and nothing else (precision before recall: a
phrase said twice for emphasis, far apart or without a break, stays):

- **announced**: the speaker says a cue ("let me start again", "sorry, again", "let me try that again",
  "scratch that", …) and starts over. The take before the cue goes with the cue: from where the sentence the
  speaker restarts began (its first two words said again right after the cue, at most ``REACH`` words back)
  to the end of the cue. A cue with no restart after it goes alone.
- **broken off**: a clause of at least ``CLAUSE`` words is said, broken off (a pause, or at most ``TAIL`` more
  words), and said again from its start right after. The first take goes.

Each retake is a run of words to remove (``Retake``), with the words that made it one.
"""

from __future__ import annotations

from dataclasses import dataclass

from neuralcut_cli.editing.words import Word

CUES = (
    "let me start again",
    "let me start over",
    "let me try that again",
    "let me try again",
    "let me say that again",
    "let me redo that",
    "let me rephrase",
    "let me rephrase that",
    "i'll start again",
    "i'll start over",
    "i will start again",
    "let's try that again",
    "let's do that again",
    "start again",
    "start over",
    "take two",
    "scratch that",
    "sorry again",
    "one more time",
)
LEADS = ("sorry", "okay", "ok", "oops", "no", "wait", "um", "uh", "so")  # said just before a cue, going with it
HESITATIONS = ("um", "umm", "uh", "uhh", "erm", "er", "ah", "hmm")
REACH = 40  # words back from a cue to the start of the take it announces
CLAUSE = 3  # words a broken-off take repeats at least
TAIL = 6  # words a broken-off take may run past what is repeated
BREAK = 0.3  # seconds of quiet that break a take off


@dataclass(frozen=True)
class Retake:
    words: list[Word]  # what goes: the earlier take and the words that announce it
    cue: str  # the cue that announced it ("" when it was broken off)

    @property
    def start(self) -> float:
        return self.words[0].start

    @property
    def end(self) -> float:
        return self.words[-1].end

    @property
    def text(self) -> str:
        return " ".join(w.text for w in self.words)


def find_retakes(words: list[Word]) -> list[Retake]:
    """Every retake in ``words`` (timeline order, one element's words together), earliest first, none
    overlapping."""
    keys = [w.key for w in words]
    found: list[Retake] = []
    taken: set[int] = set()
    for first, last, cue in _cues(keys):
        start = _restarted(keys, first, last)
        while start is not None and start > 0 and keys[start - 1] in HESITATIONS and start - 1 not in taken:
            start -= 1  # the "um" the broken-off take began with goes with it
        lead = first
        while lead > 0 and keys[lead - 1] in LEADS and lead - 1 not in taken:
            lead -= 1
        begin = min(start, lead) if start is not None else lead
        span = range(begin, last)
        if not taken.intersection(span):
            found.append(Retake(words[begin:last], cue))
            taken.update(span)
    for begin, end in _broken_off(words, keys):
        if not taken.intersection(range(begin, end)):
            found.append(Retake(words[begin:end], ""))
            taken.update(range(begin, end))
    return sorted(found, key=lambda r: r.start)


def _cues(keys: list[str]) -> list[tuple[int, int, str]]:
    """``(first, end, cue)`` of each cue said (the longest cue where two overlap)."""
    found = []
    index = 0
    while index < len(keys):
        match = next(
            (
                cue
                for cue in sorted(CUES, key=len, reverse=True)
                if keys[index : index + len(cue.split())] == cue.split()
            ),
            None,
        )
        if match is None:
            index += 1
            continue
        found.append((index, index + len(match.split()), match))
        index += len(match.split())
    return found


def _restarted(keys: list[str], first: int, last: int) -> int | None:
    """Where the take a cue (words ``first``-``last``) announces began: the earliest place within ``REACH`` words
    before it whose first two words are said again right after the cue."""
    again = keys[last : last + 2]
    if len(again) < 2:
        return None
    for start in range(max(0, first - REACH), first - 1):
        if keys[start : start + 2] == again:
            return start
    return None


def _broken_off(words: list[Word], keys: list[str]) -> list[tuple[int, int]]:
    """``(start, restart)`` of each clause said, broken off and said again from its start."""
    found = []
    for restart in range(CLAUSE, len(keys)):
        for start in range(max(0, restart - CLAUSE - TAIL), restart - CLAUSE + 1):
            size = _common(keys, start, restart)
            if size < CLAUSE or start + size > restart:
                continue
            broken = words[restart].start - words[restart - 1].end >= BREAK or start + size == restart
            if broken and words[start].element_id == words[restart].element_id:
                found.append((start, restart))
                break
    return found


def _common(keys: list[str], a: int, b: int) -> int:
    size = 0
    while b + size < len(keys) and keys[a + size] == keys[b + size] and a + size < b:
        size += 1
    return size
