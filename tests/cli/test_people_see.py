"""What a person sees (issue 24, "What people see"): names instead of ids, a track's own state as a change,
refusals instead of guesses, honest small print. Each test failed on the tree before its fix."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

import pytest
from cli_helpers import invoke
from paths import FIXTURES

UUID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")


# -- 1. short ids and names ---------------------------------------------------------------------------------------


def test_track_sentences_say_the_track_name(demo_path: Path) -> None:
    done = invoke("run", "-p", demo_path, "hide the logo track")
    assert done.returncode == 0 and "Hid the Logo track." in done.stdout
    done = invoke("run", "-p", demo_path, "mute the music track")
    assert "Muted the Music track." in done.stdout and "track t-audio" not in done.stdout


def test_a_track_name_beats_a_kind_word(tmp_path: Path) -> None:
    fixture = FIXTURES / "mock_project.json"
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
    data["scenes"][0]["tracks"]["overlay"] = [
        {
            "id": "t",
            "type": "text",
            "elements": [
                {"id": "e-long", "type": "text", "content": words, "startTime": 0, "duration": 120_000, "fontSize": 5}
            ],
        }
    ]
    project_path = tmp_path / "p.json"
    project_path.write_text(json.dumps(data))
    picture = write_frame(project_from_json(data), project_path, 0, tmp_path / "f.png", width=640)
    raw = subprocess.run(
        [ffmpeg_exe(), "-v", "error", "-i", str(picture), "-f", "rawvideo", "-pix_fmt", "rgb24", "-"],
        capture_output=True,
        check=True,
    ).stdout
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


# -- 10. small honesty ------------------------------------------------------------------------------------------------


def test_the_assets_view_marks_missing_files(tmp_path: Path) -> None:
    tour = tmp_path / "tour.json"
    assert invoke("new", tour, "--demo").returncode == 0
    data = json.loads(tour.read_text())
    data["mediaAssets"][1]["path"] = "gone/beach.mp4"
    tour.write_text(json.dumps(data))
    shown = invoke("assets", "-p", tour).stdout
    assert re.search(r"a-beach .* missing: gone/beach\.mp4", shown) and "1 file missing" in shown


def test_a_broken_ffmpeg_is_named_not_blamed_on_the_file(demo_path: Path) -> None:
    from conftest import DEMO

    from neuralcut_cli.media.ffmpeg import broken_ffmpeg, ffmpeg_exe

    ffmpeg_exe.cache_clear()
    broken_ffmpeg.cache_clear()
    try:
        done = invoke(
            "import", DEMO.parent / "media" / "intro.mp4", "-p", demo_path, env={"NEURALCUT_FFMPEG": "/bin/false"}
        )
    finally:
        ffmpeg_exe.cache_clear()
        broken_ffmpeg.cache_clear()
    assert done.returncode == 1 and "/bin/false (NEURALCUT_FFMPEG) is not a working ffmpeg" in done.stderr
    assert "not a media file" not in done.stderr


def test_a_retime_and_a_volume_read_in_an_editors_units(demo_path: Path) -> None:
    done = invoke("tool", "set_speed", '{"elementIds": ["e-city"], "rate": 1.5}', "-p", demo_path)
    assert "speed 1x → 1.5x" in done.stdout and "maintainPitch" not in done.stdout
    done = invoke("run", "-p", demo_path, "set the music volume to 36%")
    assert "Set e-music to -8.9 dB (36% of full)." in done.stdout and "volume -6.0 dB → -8.9 dB" in done.stdout


def test_tool_arguments_say_what_is_wrong_and_unknown_keys_are_refused(demo_path: Path) -> None:
    before = demo_path.read_bytes()
    done = invoke("tool", "split", "{}", "-p", demo_path)
    assert done.returncode == 1
    assert "split: Invalid split times (times: required (Timeline times in seconds to cut at.))" in done.stderr
    done = invoke("tool", "split", '{"times": [5], "tims": [6]}', "-p", demo_path, "--json")
    assert json.loads(done.stdout) == {"error": "Unknown argument: tims", "details": "split takes: elementIds, times"}
    assert demo_path.read_bytes() == before


def test_a_long_reply_wraps_to_the_terminal(demo_path: Path) -> None:
    from rich.cells import cell_len

    done = invoke(
        "tool", "split", '{"times": [1.1, 2.1, 3.1, 4.1, 7.1, 8.1, 9.1, 11.1]}', "-p", demo_path, env={"COLUMNS": "120"}
    )
    assert done.returncode == 0 and max(cell_len(line) for line in done.stdout.splitlines()) <= 120
    done = invoke("run", "-p", demo_path, "split at 12.5s and 13.5s and 15.5s", env={"COLUMNS": "120"})
    assert done.returncode == 0 and max(cell_len(line) for line in done.stdout.splitlines()) <= 120


def test_an_empty_request_is_a_usage_error(demo_path: Path) -> None:
    for text in ("", "   "):
        done = invoke("run", "-p", demo_path, text)
        assert done.returncode == 2 and "The request is empty" in done.stderr


@pytest.mark.slow  # real processes: the time zone is read at start
def test_history_numbers_run_on_and_times_are_local(demo_path: Path) -> None:
    from datetime import datetime, timedelta, timezone

    from cli_helpers import neuralcut

    for request in ("split at 5s", "split at 7s", "split at 9s"):
        invoke("run", "-p", demo_path, request)
    invoke("undo", "-p", demo_path)
    invoke("run", "-p", demo_path, "split at 11s")  # the undone step is dropped: its number is not skipped
    env = {"TZ": "Asia/Tokyo"}
    shown = neuralcut("history", "-p", demo_path, env=env).stdout
    assert [int(n) for n in re.findall(r"^ *(\d+) ", shown, re.M)] == [1, 2, 3]
    steps = json.loads(invoke("history", "-p", demo_path, "--json").stdout)["undo"]
    tokyo = datetime.fromisoformat(steps[-1]["time"].replace("Z", "+00:00")).astimezone(timezone(timedelta(hours=9)))
    assert tokyo.strftime("%Y-%m-%d %H:%M") in shown
    undone = neuralcut("undo", "-p", demo_path, env=env).stdout
    assert f"(made {tokyo.strftime('%Y-%m-%d %H:%M')}" in undone
