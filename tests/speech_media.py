"""Real speech with every word's time known: espeak-ng (Debian's package) speaks each word on its own, and the
words are laid end to end with short gaps inside a sentence and pauses between sentences, so each word's true
start and end (where its sound begins and ends) are known to the sample. Fillers ("um", "uh") and a retake are
spoken as any other word. ``espeak_ng`` is None where espeak-ng is not installed (tests skip with that reason).
"""

from __future__ import annotations

import random
import shutil
import subprocess
import wave
from dataclasses import dataclass
from pathlib import Path

import numpy as np

RATE = 16_000
ESPEAK = shutil.which("espeak-ng")
FLOOR = 10 ** (-40 / 20)  # a word's sound starts and ends where it rises above -40 dBFS

#: A talk of eight sentences: fillers inside them, and a retake (the second sentence said twice, the first time
#: broken off and announced as a retake).
TALK = [
    "Hello and welcome to the channel.",
    "Um, today we are going to talk about",
    "Sorry, let me start again.",
    "Today we are going to talk about editing video on the command line.",
    "Uh, the first thing you need is a recording of yourself.",
    "Then, um, you cut out the pauses and the mistakes.",
    "Uh, after that you add captions so people can read along.",
    "Erm, the music goes under the voice, uh, quietly.",
    "Finally you export the edit and, um, upload it.",
]
FILLERS = {"um", "uh", "erm"}


@dataclass(frozen=True)
class Word:
    text: str
    start: float
    end: float
    sentence: int


@dataclass(frozen=True)
class Speech:
    path: Path  # 16 kHz mono WAV
    words: list[Word]
    seconds: float

    def text(self) -> str:
        return " ".join(w.text for w in self.words)


def _spoken(word: str, folder: Path, voice: str) -> np.ndarray:
    """One word as espeak-ng says it, at 16 kHz, trimmed to where its sound is."""
    out = folder / "word.wav"
    subprocess.run([ESPEAK or "espeak-ng", "-v", voice, "-s", "165", "-w", str(out), word], check=True)
    with wave.open(str(out)) as wav:
        rate, data = wav.getframerate(), wav.readframes(wav.getnframes())
    samples = np.frombuffer(data, "<i2").astype(np.float32) / 32768
    if rate != RATE:  # espeak-ng speaks at 22,050 Hz: resampled linearly (it is speech, not music)
        positions = np.arange(0, len(samples) - 1, rate / RATE)
        samples = np.interp(positions, np.arange(len(samples)), samples).astype(np.float32)
    loud = np.flatnonzero(np.abs(samples) > FLOOR)
    return samples[loud[0] : loud[-1] + 1] if len(loud) else samples[:0]


def make_speech(folder: Path, sentences: list[str] = TALK, seed: int = 7, voice: str = "en-us") -> Speech:
    """The talk spoken word by word (made once per folder)."""
    folder.mkdir(parents=True, exist_ok=True)
    rng = random.Random(seed)
    pieces: list[np.ndarray] = [np.zeros(int(0.5 * RATE), np.float32)]
    at = 0.5
    words: list[Word] = []
    for number, sentence in enumerate(sentences):
        for k, raw in enumerate(sentence.split()):
            if k:
                gap = rng.uniform(0.06, 0.14)
                pieces.append(np.zeros(int(gap * RATE), np.float32))
                at += int(gap * RATE) / RATE
            sound = _spoken(raw.strip(".,?!"), folder, voice)
            words.append(Word(raw.strip(".,?!"), round(at, 4), round(at + len(sound) / RATE, 4), number))
            pieces.append(sound)
            at += len(sound) / RATE
        pause = rng.uniform(0.7, 1.2)
        pieces.append(np.zeros(int(pause * RATE), np.float32))
        at += int(pause * RATE) / RATE
    audio = np.concatenate(pieces)
    path = folder / f"speech-{seed}.wav"
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes((np.clip(audio, -1, 1) * 32767).astype("<i2").tobytes())
    (folder / "word.wav").unlink(missing_ok=True)
    return Speech(path, words, len(audio) / RATE)
