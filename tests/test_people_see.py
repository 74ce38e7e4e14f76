"""What a person sees (issue 24, "What people see"): names instead of ids, a track's own state as a change,
refusals instead of guesses, honest small print. Each test failed on the tree before its fix."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

import pytest
from cli_helpers import invoke

UUID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")


# -- 1. short ids and names ---------------------------------------------------------------------------------------

def test_track_sentences_say_the_track_name(demo_path: Path) -> None:
    done = invoke("run", "-p", demo_path, "hide the logo track")
    assert done.returncode == 0 and "Hid the Logo track." in done.stdout
    done = invoke("run", "-p", demo_path, "mute the music track")
    assert "Muted the Music track." in done.stdout and "track t-audio" not in done.stdout


def test_a_track_name_beats_a_kind_word(tmp_path: Path) -> None:
    fixture = Path(__file__).parent / "fixtures" / "mock_project.json"
    project = tmp_path / "p.json"
    project.write_text(fixture.read_text())
    done = invoke("run", "-p", project, "hide the stickers track")  # two overlay tracks; one is named Stickers
    assert done.returncode == 0 and "Hid the Stickers track." in done.stdout
    done = invoke("run", "-p", project, "hide the overlay track")
    assert done.returncode == 1 and "could be the Stickers track or the Logo track; say which by name" in done.stdout


def test_import_names_assets_by_short_id_and_tracks_by_name(tmp_path: Path) -> None:
    from media_helpers import make_media

    media = make_media(tmp_path / "media")
    project = tmp_path / "p.json"
    assert invoke("new", project).returncode == 0
    assert invoke("import", media / "clip.mp4", "-p", project).returncode == 0
    again = invoke("import", media / "clip.mp4", "-p", project)
    assert "Already in the project: clip.mp4 as " in again.stdout and not UUID.search(again.stdout)
    srt = tmp_path / "subs.srt"
    srt.write_text("1\n00:00:01,000 --> 00:00:02,000\nHello\n", encoding="utf-8")
    done = invoke("import", srt, "-p", project)
    assert "1 caption on the Captions track" in done.stdout and not UUID.search(done.stdout)


# -- 3. a track's own state is a change -----------------------------------------------------------------------------

def test_hiding_or_muting_a_track_shows_as_a_change(demo_path: Path) -> None:
    done = invoke("run", "-p", demo_path, "hide the logo track")
    assert "~ changed track Logo: hidden no → yes" in done.stdout and "No changes." not in done.stdout
    assert re.search(r"^Logo \(hidden\) +·", done.stdout, re.M)  # the lanes say so too
    invoke("run", "-p", demo_path, "mute the music track")
    table = invoke("timeline", "-p", demo_path).stdout
    assert "Logo (hidden)" in table and "Music (muted)" in table
    history = invoke("history", "-p", demo_path).stdout
    assert history.count("~1 track") == 2


def test_a_track_change_in_a_diff_names_what_changed() -> None:
    from conftest import DEMO

    from neuralcut_cli.cli.views.diff_view import diff_table
    from neuralcut_cli.editing.track_state import toggle_mute
    from neuralcut_cli.project.diff import diff
    from neuralcut_cli.project.io import read_project

    before = read_project(DEMO)
    after = before.with_scene(toggle_mute(before.scene, "t-main")[0])
    assert diff_table(diff(before, after), before, after).plain == "~ changed track Main Track: muted no → yes"


@pytest.fixture(autouse=True)
def _plain(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.setenv("COLUMNS", "100")


# -- 7. long text wraps to the canvas ---------------------------------------------------------------------------

@pytest.mark.slow  # renders a frame
def test_a_long_text_wraps_inside_the_frame(tmp_path: Path) -> None:
    from conftest import minimal_project
    from media_helpers import pixel

    from neuralcut_cli.media.ffmpeg import ffmpeg_exe
    from neuralcut_cli.project.io import project_from_json
    from neuralcut_cli.render.stills import write_frame

    words = " ".join(f"word{n}" for n in range(40))  # one line of it would be three frames wide
    data = minimal_project()
    data["settings"] = {"canvasSize": {"width": 640, "height": 360}}
    data["scenes"][0]["tracks"]["overlay"] = [{"id": "t", "type": "text", "elements": [
        {"id": "e-long", "type": "text", "content": words, "startTime": 0, "duration": 120_000, "fontSize": 5}]}]
    project_path = tmp_path / "p.json"
    project_path.write_text(json.dumps(data))
    picture = write_frame(project_from_json(data), project_path, 0, tmp_path / "f.png", width=640)
    raw = subprocess.run([ffmpeg_exe(), "-v", "error", "-i", str(picture), "-f", "rawvideo", "-pix_fmt", "rgb24", "-"],
                         capture_output=True, check=True).stdout
    lit = [x for y in range(0, 360, 2) for x in range(640) if max(pixel(raw, 640, x, y)) > 128]
    assert lit, "the text is drawn"
    assert min(lit) >= 640 * 0.05 - 2 and max(lit) <= 640 * 0.95 + 2  # within 90 % of the width, centred


def test_wrapping_breaks_at_spaces_and_only_inside_a_word_too_long() -> None:
    from neuralcut_cli.render.text_layout import wrap

    def fits(line: str) -> bool:
        return len(line) <= 10

    assert wrap("the quick brown fox jumps", fits) == ["the quick", "brown fox", "jumps"]
    assert wrap("a\nb c", fits) == ["a", "b c"]  # the text's own breaks stay
    assert wrap("https://example.com/a/long/path", fits) == ["https://ex", "ample.com/", "a/long/pat", "h"]
    assert wrap("日本語のテキストはスペースがない", fits) == ["日本語のテキストはス", "ペースがない"]
