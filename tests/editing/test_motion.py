"""fade, animate and duck: one call, written as editable keyframes (issue 14 §2)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from tool_helpers import Tools, assert_refused
from tool_helpers import element_in as element

from neuralcut_cli.editing.keyframes import value_at
from neuralcut_cli.editing.sound import level_at
from neuralcut_cli.project.elements import AudioElement, ImageElement, TextElement, VideoElement

T = 120_000
ERRORS = [
    ("fade", {"in": 1}, "Invalid element ids"),
    ("fade", {"elementIds": ["e-intro"]}, "Give inDuration and/or outDuration (seconds)"),
    ("fade", {"elementIds": ["e-intro"], "in": -1}, "inDuration must be seconds (0 or more)"),  # the old name
    ("fade", {"elementIds": ["e-intro"], "outDuration": "1"}, "outDuration must be seconds (0 or more)"),
    ("fade", {"elementIds": ["ghost"], "in": 1}, "Timeline elements not found: ghost"),
    ("fade", {"elementIds": ["e-title"], "in": 2, "out": 2}, "The fades (4 s) are longer than e-title (3 s)"),
    ("fade", {"elementIds": ["e-vignette"], "in": 1}, "Element type 'effect' has neither picture nor sound to fade"),
    ("animate", {"property": "opacity", "from": 0, "to": 1}, "Invalid elementId"),
    ("animate", {"elementId": "e-logo", "from": 0, "to": 1}, "Invalid property"),
    (
        "animate",
        {"elementId": "e-logo", "property": "glow", "from": 0, "to": 1},
        "Unknown property path: glow. Use list_animatable_properties to discover valid paths.",
    ),
    ("animate", {"elementId": "e-logo", "property": "opacity", "to": 1}, "from is required"),
    ("animate", {"elementId": "e-logo", "property": "opacity", "from": "a", "to": 1}, "from must be a number"),
    ("animate", {"elementId": "e-title", "property": "color", "from": 1, "to": "red"}, "from must be a colour"),
    (
        "animate",
        {"elementId": "e-title", "property": "color", "from": "nope", "to": "red"},
        "from and to must be colours (e.g. '#ff0000')",
    ),
    (
        "animate",
        {"elementId": "e-logo", "property": "opacity", "from": 0, "to": 1, "easing": "bounce"},
        "easing must be linear, ease-in, ease-out or ease-in-out",
    ),
    (
        "animate",
        {"elementId": "e-logo", "property": "opacity", "from": 0, "to": 1, "start": 1},
        "The animation must start before it ends, inside the element",
    ),
    (
        "animate",
        {"elementId": "e-music", "property": "opacity", "from": 0, "to": 1},
        "Element type 'audio' does not support animating 'opacity'",
    ),
    ("duck", {"underElementIds": ["e-beach"]}, "Invalid musicElementIds"),
    ("duck", {"musicElementIds": ["e-music"]}, "Invalid underElementIds"),
    (
        "duck",
        {"musicElementIds": ["e-music"], "underElementIds": ["e-beach"], "depth": 0},
        "depth must be a positive number of dB (at most 60)",
    ),
    ("duck", {"musicElementIds": ["e-music"], "underElementIds": ["ghost"]}, "Timeline elements not found: ghost"),
    (
        "duck",
        {"musicElementIds": ["e-title"], "underElementIds": ["e-beach"]},
        "Element type 'text' has no volume to duck",
    ),
    ("duck", {"musicElementIds": ["e-music"], "underElementIds": ["e-music"]}, "e-music cannot duck under itself"),
]


@pytest.mark.parametrize(("name", "args", "error"), ERRORS, ids=[f"{c[0]}:{i}" for i, c in enumerate(ERRORS)])
def test_every_error_leaves_the_file_untouched(name: str, args: dict[str, Any], error: str, demo_path: Path) -> None:
    assert_refused(demo_path, name, args, error)


def test_fade_in_and_out_of_picture_and_sound(demo_path: Path) -> None:
    tools = Tools(demo_path)
    assert tools("fade", {"elementIds": ["e-intro", "e-logo"], "in": 1, "out": 0.5})["success"]
    assert tools.history_size() == 1
    intro, logo = element(demo_path, "e-intro"), element(demo_path, "e-logo")
    assert [value_at(intro, "opacity", t) for t in (0, T // 2, T, 3 * T)] == pytest.approx([0, 0.5, 1, 1])
    assert value_at(intro, "opacity", intro.duration) == 0 and level_at(intro, 0) == -60
    assert level_at(intro, T) == 0  # up to its own level
    assert value_at(intro, "volume", 0) == 0  # the sound's fade is its own layer: the volume stays
    assert value_at(logo, "opacity", T) == pytest.approx(0.9)  # the logo's own opacity is 0.9


def test_animate_with_easing(demo_path: Path) -> None:
    tools = Tools(demo_path)
    tools(
        "animate",
        {
            "elementId": "e-logo",
            "property": "transform.scaleX",
            "from": 1,
            "to": 2,
            "start": 2,
            "end": 4,
            "easing": "ease-in",
        },
    )
    logo = element(demo_path, "e-logo", ImageElement)
    assert value_at(logo, "transform.scaleX", 0) == 1 and value_at(logo, "transform.scaleX", 2 * T) == 2
    assert value_at(logo, "transform.scaleX", T // 2) < 1.25  # ease-in: slow at first
    tools("animate", {"elementId": "e-title", "property": "color", "from": "#ff0000", "to": "#0000ff"})
    assert value_at(element(demo_path, "e-title", TextElement), "color", 3 * T) == "#0000ff"


def test_duck_lowers_the_music_where_the_voice_plays(demo_path: Path) -> None:
    tools = Tools(demo_path)
    tools(
        "duck",
        {"musicElementIds": ["e-music"], "underElementIds": ["e-beach"], "depth": 10, "attack": 0.5, "release": 1},
    )
    music = element(demo_path, "e-music", AudioElement)  # -6 dB; the beach clip plays 6-14 s
    assert level_at(music, 5 * T) == -6 and level_at(music, 6 * T) == -16
    assert level_at(music, 10 * T) == -16 and level_at(music, 15 * T) == -6
    assert level_at(music, int(5.75 * T)) == pytest.approx(-11)  # halfway down the attack


def test_fading_again_replaces_the_fade_and_list_timeline_shows_it(demo_path: Path) -> None:
    tools = Tools(demo_path)
    tools("fade", {"elementIds": ["e-intro"], "in": 1, "out": 2})
    tools("fade", {"elementIds": ["e-intro"], "in": 2})  # longer: the old 1 s key goes
    intro = tools.element("e-intro", VideoElement)
    assert value_at(intro, "opacity", T) == pytest.approx(0.5)  # half way up a 2 s fade
    shown = next(e for t in tools.timeline()["tracks"] for e in t["elements"] if e["elementId"] == "e-intro")
    assert (shown["fadeIn"], shown["fadeOut"], shown["animated"]) == (2.0, 2.0, True)
    tools("fade", {"elementIds": ["e-intro"], "out": 0.5})  # shorter: the fade ends where it now starts
    assert value_at(tools.element("e-intro", VideoElement), "opacity", 5 * T) == pytest.approx(1.0)
