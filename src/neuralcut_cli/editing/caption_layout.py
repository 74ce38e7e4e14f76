"""Captions that read well, made from timed words (``editing.words``): the words grouped into cues, each cue
broken into at most ``max_lines`` lines of at most ``max_chars`` characters, on screen long enough to read.

- A cue ends at a sentence's end, at a pause of ``PAUSE`` seconds, or where the next word would not fit.
- Lines break where a reader expects: after punctuation first, then where the two lines are most even; a line
  of one short word (an orphan) is avoided where another break fits.
- A cue stays at least ``SHORTEST`` seconds where the speech leaves room (into the quiet after it, never over the
  next cue), and asks at most ``FASTEST`` characters a second where it can: a cue that reads too fast is held
  longer into the quiet after it, or merged with the next when they fit together.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from neuralcut_cli.editing.words import SENTENCE_END, Word

PAUSE = 1.0  # seconds of quiet that end a cue
SHORTEST = 0.7  # seconds a cue stays at least
FASTEST = 20.0  # characters a second a cue asks at most
_BREAK_AFTER = re.compile(r"[,;:.!?…—–-]$")


@dataclass(frozen=True)
class Cue:
    start: float
    end: float
    lines: tuple[str, ...]
    words: tuple[Word, ...]

    @property
    def text(self) -> str:
        return "\n".join(self.lines)


def cues(words: list[Word], max_chars: int = 42, max_lines: int = 2, upper: bool = False) -> list[Cue]:
    """``words`` (timeline order) as caption cues."""
    groups: list[list[Word]] = []
    for word in sorted(words, key=lambda w: w.start):
        group = groups[-1] if groups else None
        if (
            group is None
            or word.start - group[-1].end > PAUSE
            or (SENTENCE_END.search(group[-1].text) and len(group) > 1)
            or broken([*group, word], max_chars, max_lines) is None
        ):
            groups.append([word])
        else:
            group.append(word)
    made = [_cue(g, max_chars, max_lines, upper) for g in groups]
    return _timed(_merged(made, max_chars, max_lines, upper))


def broken(words: list[Word], max_chars: int, max_lines: int) -> tuple[str, ...] | None:
    """The words in at most ``max_lines`` lines of at most ``max_chars`` characters, broken where a reader
    expects (None: they do not fit)."""
    texts = [w.text.strip() for w in words]
    whole = " ".join(texts)
    if len(whole) <= max_chars:
        return (whole,)
    if max_lines < 2 or len(texts) < 2:
        return None
    best: tuple[float, int] | None = None
    for cut in range(1, len(texts)):
        first, second = " ".join(texts[:cut]), " ".join(texts[cut:])
        if len(first) > max_chars:
            break
        if len(second) > max_chars and max_lines == 2:
            continue
        cost = abs(len(first) - len(second)) / max_chars
        if _BREAK_AFTER.search(texts[cut - 1]):
            cost -= 0.5  # at punctuation first
        if cut == 1 or cut == len(texts) - 1:
            cost += 0.6 if min(len(texts[0]), len(texts[-1])) <= 4 else 0.2  # an orphan
        if best is None or cost < best[0]:
            best = (cost, cut)
    if best is None:
        if max_lines <= 2:
            return None
        head = broken(words[: len(words) // 2], max_chars, max_lines // 2)
        tail = broken(words[len(words) // 2 :], max_chars, max_lines - max_lines // 2)
        return (*head, *tail) if head and tail else None
    cut = best[1]
    return (" ".join(texts[:cut]), " ".join(texts[cut:]))


def _cue(group: list[Word], max_chars: int, max_lines: int, upper: bool) -> Cue:
    lines = broken(group, max_chars, max_lines) or (" ".join(w.text.strip() for w in group),)
    if upper:
        lines = tuple(line.upper() for line in lines)
    return Cue(group[0].start, group[-1].end, lines, tuple(group))


def _merged(made: list[Cue], max_chars: int, max_lines: int, upper: bool) -> list[Cue]:
    """A cue too short or too fast to read joined to the next when both fit together and the gap is small."""
    out: list[Cue] = []
    for cue in made:
        if out and _hard(out[-1]) and cue.start - out[-1].end <= PAUSE / 2:
            joined = [*out[-1].words, *cue.words]
            if broken(joined, max_chars, max_lines) is not None:
                out[-1] = _cue(joined, max_chars, max_lines, upper)
                continue
        out.append(cue)
    return out


def _hard(cue: Cue) -> bool:
    length = cue.end - cue.start
    return length < SHORTEST or len(cue.text) / max(length, 1e-6) > FASTEST


def _timed(made: list[Cue]) -> list[Cue]:
    """Each cue held long enough to read, into the quiet after it (never over the next)."""
    out = []
    for index, cue in enumerate(made):
        room = made[index + 1].start if index + 1 < len(made) else cue.end + 2 * SHORTEST
        wanted = max(cue.start + SHORTEST, cue.start + len(cue.text) / FASTEST, cue.end)
        out.append(Cue(cue.start, round(max(cue.end, min(wanted, room)), 3), cue.lines, cue.words))
    return out
