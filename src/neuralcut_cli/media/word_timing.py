"""Word times made exact against the sound.

Whisper's word times come from its attention, not from the sound: on speech with known word times its starts
run about 0.18 s early, so a cut at a word's start clips the end of the word before. Each boundary is moved to
where the sound says it is: the sound's level in 10 ms frames (20 ms windows) is compared with a floor set from
the recording itself (its quiet frames plus ``ABOVE_FLOOR`` dB, never under ``FLOOR_DB``), and

- between two words, the longest run of quiet frames near Whisper's boundary (within ``REACH`` of it, inside
  the two words) is the gap: the first word ends where it starts, the next begins where it ends; words that
  run together meet at the quietest frame there;
- a word after a pause begins at the first loud frame near Whisper's start, and one before a pause ends after
  its last loud frame.

It needs numpy, which faster-whisper brings; the samples are the 16 kHz mono sound Whisper itself heard.
"""

from __future__ import annotations

from typing import Any

RATE = 16_000
HOP = 160  # 10 ms
WINDOW = 320  # 20 ms
FLOOR_DB = -50.0
ABOVE_FLOOR = 14.0
REACH = 0.35  # seconds around Whisper's boundary where the gap may be
SHORTEST_GAP = 2  # frames (20 ms): a quiet run shorter than this is inside a word


def refine(words: list[dict[str, Any]], samples: Any) -> list[dict[str, Any]]:
    """``words`` (``{start, end, word}``, seconds, in order) with their starts and ends on the sound."""
    if not words or samples is None or len(samples) < WINDOW:
        return words
    levels = _levels(samples)
    loud = levels > _floor(levels)
    out = [dict(w) for w in words]
    last = len(levels) - 1
    for k, word in enumerate(out):
        lower = _frame(out[k - 1]["start"]) + 1 if k else 0
        upper = _frame(out[k + 1]["end"]) - 1 if k + 1 < len(out) else last
        inside = (_frame(word["start"]), _frame(word["end"]))
        if k == 0 or out[k - 1]["end"] < word["start"] - 2 * REACH:  # after a pause (or the first word)
            word["start"] = _onset(loud, max(lower, inside[0] - _frames(REACH)), min(upper, inside[1]))
        if k + 1 == len(out) or out[k + 1]["start"] > word["end"] + 2 * REACH:  # before a pause (or the last)
            word["end"] = _offset(loud, max(lower, inside[0]), min(upper, inside[1] + _frames(REACH)))
    for k in range(len(out) - 1):
        first, second = out[k], out[k + 1]
        if second["start"] > first["end"] + 2 * REACH:
            continue  # a pause: each side was placed on its own
        lower = _frame(first["start"]) + 1
        upper = _frame(second["end"]) - 1
        centre = _frame((first["end"] + second["start"]) / 2)
        a, b = _gap(loud, levels, max(lower, centre - _frames(REACH)), min(upper, centre + _frames(REACH)))
        if a is not None and b is not None and a != b:  # the gap whole, where the window cut it
            while a > lower and not loud[a - 1]:
                a -= 1
            while b < upper and not loud[b]:
                b += 1
        if a is not None and b is not None:
            first["end"], second["start"] = _seconds(a), _seconds(b)
    for word in out:  # never inside out
        word["start"] = round(min(word["start"], word["end"] - 0.01), 3)
        word["end"] = round(word["end"], 3)
    return out


def _levels(samples: Any) -> Any:
    import numpy as np

    audio = np.asarray(samples, dtype=np.float32)
    count = max(1, (len(audio) - WINDOW) // HOP + 1)
    frames = np.lib.stride_tricks.sliding_window_view(audio, WINDOW)[::HOP][:count]
    return 10 * np.log10(np.mean(frames.astype(np.float64) ** 2, axis=1) + 1e-12)


def _floor(levels: Any) -> float:
    import numpy as np

    quiet = float(np.percentile(levels, 10))
    return max(FLOOR_DB, quiet + ABOVE_FLOOR)


def _frame(seconds: float) -> int:
    return max(0, round(seconds * RATE / HOP))


def _frames(seconds: float) -> int:
    return round(seconds * RATE / HOP)


def _seconds(frame: int) -> float:
    return frame * HOP / RATE + WINDOW / 2 / RATE  # a frame's time is its window's middle


def _onset(loud: Any, lo: int, hi: int) -> float:
    """Where the first run of sound in frames ``lo``-``hi`` begins: a word after a pause (Whisper's own start,
    when there is no sound there)."""
    for frame in range(lo, hi + 1):
        if loud[frame] and (frame == 0 or not loud[frame - 1]):
            return _seconds(frame) - WINDOW / 2 / RATE
    return _seconds(lo) - WINDOW / 2 / RATE if lo < len(loud) and loud[lo] else _seconds(hi)


def _offset(loud: Any, lo: int, hi: int) -> float:
    """Where the last run of sound in frames ``lo``-``hi`` ends: a word before a pause."""
    for frame in range(min(hi, len(loud) - 1), lo - 1, -1):
        if loud[frame] and (frame + 1 >= len(loud) or not loud[frame + 1]):
            return _seconds(frame) + WINDOW / 2 / RATE
    return _seconds(hi) + WINDOW / 2 / RATE if hi < len(loud) and loud[hi] else _seconds(lo)


def _gap(loud: Any, levels: Any, lo: int, hi: int) -> tuple[int | None, int | None]:
    """The longest quiet run in frames ``lo``-``hi`` (its first and last quiet frame), else the quietest frame."""
    if hi <= lo:
        return None, None
    best: tuple[int, int] | None = None
    run_start: int | None = None
    for frame in range(lo, hi + 2):
        quiet = frame <= hi and not loud[frame]
        if quiet and run_start is None:
            run_start = frame
        elif not quiet and run_start is not None:
            if frame - run_start >= SHORTEST_GAP and (best is None or frame - run_start > best[1] - best[0] + 1):
                best = (run_start, frame - 1)
            run_start = None
    if best is not None:
        return best[0], best[1] + 1
    quietest = lo + int(levels[lo : hi + 1].argmin())
    return quietest, quietest


def uncovered(
    words: list[dict[str, Any]], samples: Any, shortest: float = 0.12, longest: float = 1.2
) -> list[tuple[float, float]]:
    """Runs of sound no word covers (``shortest``-``longest`` seconds, quiet on both sides): what Whisper heard
    and left out, a filler most often."""
    if samples is None or len(samples) < WINDOW:
        return []
    levels = _levels(samples)
    loud = levels > _floor(levels)
    covered = [False] * len(loud)
    for word in words:
        for frame in range(max(0, _frame(word["start"]) - 2), min(len(loud), _frame(word["end"]) + 3)):
            covered[frame] = True
    runs: list[tuple[float, float]] = []
    start: int | None = None
    for frame in range(len(loud) + 1):
        sounding = frame < len(loud) and loud[frame]
        if sounding and start is None:
            start = frame
        elif not sounding and start is not None:
            length = (frame - start) * HOP / RATE
            if shortest <= length <= longest and not any(covered[start:frame]):
                runs.append((_seconds(start) - WINDOW / 2 / RATE, _seconds(frame - 1) + WINDOW / 2 / RATE))
            start = None
    return runs


def leading_runs(
    words: list[dict[str, Any]], samples: Any, shortest: float = 0.1, longest: float = 0.6
) -> list[tuple[int, float, float, float]]:
    """Words that begin with a short run of sound set off by a quiet of at least 60 ms: ``(index, run start, run
    end, where the rest of the word begins)``. A filler Whisper glued to the word after it looks like this (as does
    a word with a stop in it: what it is, a second look decides)."""
    if samples is None or len(samples) < WINDOW:
        return []
    levels = _levels(samples)
    loud = levels > _floor(levels)
    found = []
    for index, word in enumerate(words):
        first, last = _frame(word["start"]), min(len(loud) - 1, _frame(word["end"]))
        frame = first
        while frame <= last and not loud[frame]:
            frame += 1
        run_start = frame
        while frame <= last and loud[frame]:
            frame += 1
        gap_start = frame
        while frame <= last and not loud[frame]:
            frame += 1
        run = (gap_start - run_start) * HOP / RATE
        if frame - gap_start >= 6 and shortest <= run <= longest and (last - frame) * HOP / RATE >= 0.1:
            start = _seconds(run_start) - WINDOW / 2 / RATE
            found.append(
                (
                    index,
                    round(start, 3),
                    round(_seconds(gap_start - 1) + WINDOW / 2 / RATE, 3),
                    round(_seconds(frame) - WINDOW / 2 / RATE, 3),
                )
            )
    return found
