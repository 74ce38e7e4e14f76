"""Volume: OpenCut stores decibels (-60..20, 0 = unchanged); tools speak gain.

A gain of 1 is 0 dB, 0.5 is about -6 dB, and 0 is silence: -60 dB, muted.
"""

from __future__ import annotations

import math

from neuralcut_cli.project.elements import AudioElement, VideoElement
from neuralcut_cli.project.model import Scene

MIN_DB = -60.0
MAX_DB = 20.0


def db_from_gain(gain: float) -> float:
    if gain <= 0:
        return MIN_DB
    return max(MIN_DB, min(MAX_DB, round(20 * math.log10(gain), 2)))


def gain_from_db(db: float) -> float:
    if db <= MIN_DB:
        return 0.0
    return round(10 ** (db / 20), 3)


def set_gain(element: VideoElement | AudioElement, gain: float) -> VideoElement | AudioElement:
    """The element at ``gain`` (0 mutes it; anything else unmutes it)."""
    return element.model_copy(update={"volume": db_from_gain(gain), "muted": gain <= 0})


def set_volume(scene: Scene, element: VideoElement | AudioElement, gain: float) -> Scene:
    """``scene`` with ``element`` at ``gain``."""
    return scene.update_element(set_gain(element, gain))
