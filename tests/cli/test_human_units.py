"""Human output speaks an editor's units and plain English (issue 18 §2)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import invoke
from conftest import DEMO

from neuralcut_cli.cli.views.values import changes, show
from neuralcut_cli.english import plural, quoted

pytestmark = pytest.mark.slow  # real processes


def tool(path: Path, name: str, args: dict[str, Any]) -> str:
    done = invoke("tool", name, json.dumps(args), "-p", path, env={"COLUMNS": "120"})
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_values_in_db_percent_yes_no_and_by_name() -> None:
    assert show("volume", -6.0206) == "-6.0 dB" and show("volume", 0) == "0 dB"
    assert show("opacity", 0.4) == "40%"
    assert show("muted", True) == "yes" and show("hidden", False) == "no"
    assert list(changes({"params": {"intensity": 15, "size": 2}}, {"params": {"intensity": 40, "size": 2}})) == [
        "intensity 15 → 40"
    ]
    assert list(changes({"trimEnd": 240000}, {"trimEnd": 360000})) == ["trim end 00:02.00 → 00:03.00"]
    assert list(
        changes({"transform": {"position": {"x": 0, "y": 5}}}, {"transform": {"position": {"x": 10, "y": 5}}})
    ) == ["position x 0 → 10"]
    assert list(changes({}, {"hidden": True})) == ["hidden no → yes"]  # a flag left out of a file is off
    assert show("content", "x" * 1000).endswith('…"') and len(show("content", "x" * 1000)) == 42


def test_diffs_of_real_edits(demo_path: Path) -> None:
    assert "~ changed e-music music.mp3: volume -6.0 dB → -12.0 dB" in tool(
        demo_path, "set_volume", {"trackId": "t-audio", "elementId": "e-music", "volume": 0.251}
    )
    muted = tool(demo_path, "set_volume", {"trackId": "t-audio", "elementId": "e-music", "volume": 0})
    assert "muted no → yes" in muted and "False" not in muted and "True" not in muted
    assert "radius 75 → 50" in tool(demo_path, "update_effect", {"elementId": "e-vignette", "params": {"radius": 50}})
    assert "opacity 90% → 40%" in tool(demo_path, "update_clip", {"elementId": "e-logo", "opacity": 40})


def test_a_long_title_is_shortened_everywhere_people_read(demo_path: Path) -> None:
    title = "A very long title " * 60
    done = invoke("run", f'add the text "{title.strip()}" at 3s', "-p", demo_path, env={"COLUMNS": "120"})
    assert done.returncode == 0, done.stderr
    assert title.strip() not in done.stdout
    assert max(len(line) for line in done.stdout.splitlines()) <= 200
    assert done.stdout.count("A very long title") <= 10  # each echo cut short, never the whole text three times
    listed = invoke("timeline", "--json", "-p", demo_path)
    assert title.strip() in listed.stdout  # the project keeps every character


def test_counts_are_plural_only_when_they_should_be(tmp_path: Path) -> None:
    assert plural(1, "asset") == "1 asset" and plural(0, "asset") == "0 assets" and plural(2, "asset") == "2 assets"
    assert quoted("two\nlines") == '"two lines"'
    media = Path(DEMO).parent / "media" / "intro.mp4"
    clip = tmp_path / "intro.mp4"
    clip.write_bytes(media.read_bytes())
    made = invoke("new", tmp_path / "one.json", "--media", clip)
    assert "1 asset," in made.stdout and "1 assets" not in made.stdout
    shown = invoke("timeline", "-p", tmp_path / "one.json")
    assert "1 element on 1 track" in shown.stdout


def test_usage_errors_carry_no_library_words(demo_path: Path) -> None:
    done = invoke("assets", "--filter", "bogus", "-p", demo_path)
    assert done.returncode == 2
    assert "'bogus' is not one of 'all', 'used', 'unused'" in done.stderr and "Value error" not in done.stderr
    assert "<list[" not in invoke("new", "--help").stdout
