"""Where media come from, and a script's failed slash commands (issue 25, items 12 and 13).

Chosen rule for a project someone else made: media are read wherever the
project points (people keep footage outside project folders), but every
command that reads them first names the files outside the project folder
and ``NEURALCUT_MEDIA_ROOTS``; only local files are read (``-protocol_whitelist
file``) and never a playlist of other files, whatever its name.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from cli_helpers import invoke, neuralcut
from paths import REPO

SHIPPED = REPO / "projects"


def project_with_media_at(demo_path: Path, folder: Path) -> Path:
    data = json.loads(demo_path.read_text())
    for asset in data["mediaAssets"]:
        asset["path"] = str(folder / Path(asset["path"]).name)
    demo_path.write_text(json.dumps(data))
    return demo_path


@pytest.mark.slow  # real processes (a hang or a fresh cache shows only there)
def test_media_outside_the_project_folder_are_named_before_they_are_read(demo_path: Path) -> None:
    project_with_media_at(demo_path, SHIPPED / "media")
    done = neuralcut("frame", "--at", "1", "-p", demo_path, "-o", demo_path.parent / "f.png", timeout=120)
    assert done.returncode == 0, done.stderr
    assert "this project reads media outside its folder" in done.stderr
    assert str(SHIPPED / "media" / "intro.mp4") in done.stderr


@pytest.mark.slow  # real processes (a hang or a fresh cache shows only there)
def test_media_in_a_trusted_folder_are_read_without_a_word(demo_path: Path) -> None:
    project_with_media_at(demo_path, SHIPPED / "media")
    done = neuralcut(
        "frame",
        "--at",
        "1",
        "-p",
        demo_path,
        "-o",
        demo_path.parent / "f.png",
        env={"NEURALCUT_MEDIA_ROOTS": str(SHIPPED)},
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert "outside its folder" not in done.stderr


@pytest.mark.parametrize(
    "head",
    [
        "#EXTM3U\n#EXTINF:1,\n{secret}\n",
        "ffconcat version 1.0\nfile '{secret}'\n",
        "file '{secret}'\n",
        '<?xml version="1.0"?><MPD><BaseURL>{secret}</BaseURL></MPD>',
    ],
)
@pytest.mark.slow  # real processes (a hang or a fresh cache shows only there)
def test_a_playlist_named_like_a_clip_is_never_followed(demo_path: Path, tmp_path: Path, head: str) -> None:
    secret = tmp_path / "secret.wav"
    secret.write_bytes(b"RIFF")
    media = demo_path.parent / "media"
    media.mkdir()
    for item in (SHIPPED / "media").iterdir():
        os.symlink(item, media / item.name)
    (media / "intro.mp4").unlink()
    (media / "intro.mp4").write_text(head.format(secret=secret))
    before = demo_path.read_bytes()
    done = neuralcut("frame", "--at", "1", "-p", demo_path, "-o", demo_path.parent / "f.png", timeout=120)
    assert done.returncode != 0
    assert "intro.mp4 is a playlist or a list of other files, not a media file" in done.stderr
    measured = neuralcut(
        "tool", "remove_silences", json.dumps({"elementIds": ["e-intro"]}), "-p", demo_path, "--json", timeout=120
    )
    assert "is a playlist or a list of other files" in measured.stdout + measured.stderr
    assert demo_path.read_bytes() == before


def test_a_project_skill_that_replaces_a_built_in_one_says_so(demo_path: Path) -> None:
    skills = demo_path.parent / ".neuralcut" / "skills"
    skills.mkdir(parents=True)
    (skills / "viral-short.md").write_text("---\nname: Viral short\ndescription: something else\n---\nDo this.\n")
    listed = json.loads(invoke("skills", "-p", demo_path, "--json").stdout)
    replaced = next(s for s in listed["skills"] if s["id"] == "viral-short")
    assert replaced["overrides"] == "built-in" and replaced["source"].endswith("viral-short.md")
    shown = invoke("skills", "-p", demo_path, env={"COLUMNS": "200"})
    assert "replaces the built-in one" in shown.stdout


@pytest.mark.parametrize(
    "line",
    [
        "/storyboard every 0",
        "/storyboard every soon",
        "/frame",
        "/approve sometimes",
        "/nosuchcommand",
        "/frame 99:00:00",
    ],
)
def test_a_failed_slash_command_in_a_script_fails_the_script(demo_path: Path, line: str) -> None:
    done = invoke("-p", demo_path, input=f"{line}\n")
    assert done.returncode == 1, (done.stdout, done.stderr)
    assert "error" in (done.stdout + done.stderr).lower() or "unknown command" in done.stdout.lower()


def test_a_script_of_good_slash_commands_exits_0(demo_path: Path) -> None:
    done = invoke("-p", demo_path, input="/timeline\n/history\n/approve auto\n")
    assert done.returncode == 0, (done.stdout, done.stderr)


@pytest.mark.slow  # real processes (a hang or a fresh cache shows only there)
def test_a_skill_linked_to_an_endless_device_is_skipped(demo_path: Path) -> None:
    skills = demo_path.parent / ".neuralcut" / "skills"
    skills.mkdir(parents=True)
    (skills / "zero.md").symlink_to("/dev/zero")
    done = neuralcut("skills", "-p", demo_path, timeout=120)
    assert done.returncode == 0 and "zero.md" in done.stderr and "not a file; skipped" in done.stderr
