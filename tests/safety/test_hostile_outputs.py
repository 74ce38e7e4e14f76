"""Every command that writes a file asks one question first (issue 25, items 2 and 6).

``new``, ``new --demo``, ``import-timeline`` and ``import-opencut`` used to
replace a FIFO or a device at ``-o PATH --force`` with a regular file; now
they refuse as render and export do. Exports are written beside the target
and renamed over it, so a failed export leaves the old file and no stray;
an EDL cannot carry a line break in a name, so a name is flattened and
the answer says so.
"""

from __future__ import annotations

import json
import os
import shutil
import stat
from pathlib import Path

import pytest
from cli_helpers import Cli, invoke, neuralcut
from paths import FIXTURES


def commands(folder: Path, target: Path) -> dict[str, list[object]]:
    """Each command that writes a project file, aimed at ``target`` with --force."""
    edl = folder / "cut.edl"
    edl.write_text(
        "TITLE: cut\n\n001  AX       V     C        00:00:00:00 00:00:02:00 00:00:00:00 00:00:02:00\n"
        "* FROM CLIP NAME: a.mp4\n"
    )
    return {
        "new": ["new", target, "--force"],
        "new --demo": ["new", target, "--demo", "--force"],
        "import-timeline": ["import-timeline", edl, "-o", target, "--force"],
        "import-opencut": [
            "import-opencut",
            FIXTURES / "opencut_v25_record.json",
            "--manifest",
            FIXTURES / "opencut_v25_media.json",
            "-o",
            target,
            "--force",
        ],
    }


def kind(path: Path) -> int:
    return stat.S_IFMT(os.lstat(path).st_mode)


@pytest.mark.parametrize("name", ["new", "new --demo", "import-timeline", "import-opencut"])
@pytest.mark.parametrize("what", ["fifo", "link to /dev/null", "folder"])
@pytest.mark.slow  # real processes (a hang or a fresh cache shows only there)
def test_a_command_that_writes_a_project_never_replaces_what_is_not_a_file(
    tmp_path: Path, name: str, what: str
) -> None:
    target = tmp_path / "p.json"
    if what == "fifo":
        os.mkfifo(target)
    elif what == "folder":
        target.mkdir()
    else:
        target.symlink_to("/dev/null")
    before = kind(target)
    done = neuralcut(*commands(tmp_path, target)[name], timeout=120)
    assert done.returncode == 2, done.stdout + done.stderr
    assert "Traceback" not in done.stderr
    expected = {"folder": "is a folder", "fifo": "is not a regular file"}.get(
        what, "NeuralCut does not write through links"
    )
    assert expected in done.stderr
    assert kind(target) == before  # still a FIFO, a link, a folder
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode)


@pytest.mark.parametrize("name", ["new", "import-timeline", "import-opencut"])
@pytest.mark.slow  # real processes (a hang or a fresh cache shows only there)
def test_an_existing_project_is_replaced_only_with_force(tmp_path: Path, name: str) -> None:
    target = tmp_path / "p.json"
    target.write_text("keep me")
    argv = [a for a in commands(tmp_path, target)[name] if a != "--force"]
    done = neuralcut(*argv, timeout=120)
    assert done.returncode == 1 and "already exists; pass --force to replace it" in done.stderr
    assert target.read_text() == "keep me"
    done = neuralcut(*argv, "--force", timeout=120)
    assert done.returncode == 0, done.stderr
    assert json.loads(target.read_text())["scenes"]


@pytest.mark.slow  # real processes (a hang or a fresh cache shows only there)
def test_new_demo_never_replaces_a_fifo_where_a_demo_file_goes(tmp_path: Path) -> None:
    media = tmp_path / "p-media"
    media.mkdir()
    os.mkfifo(media / "intro.mp4")
    done = neuralcut("new", tmp_path / "p.json", "--demo", "--force", timeout=120)
    assert done.returncode == 2 and "is not a regular file" in done.stderr
    assert stat.S_ISFIFO(os.lstat(media / "intro.mp4").st_mode)
    assert not (tmp_path / "p.json").exists()


@pytest.mark.slow  # real processes (a hang or a fresh cache shows only there)
def test_an_import_never_writes_over_the_file_it_reads(tmp_path: Path) -> None:
    record = tmp_path / "record.json"
    shutil.copy(FIXTURES / "opencut_v25_record.json", record)
    before = record.read_bytes()
    done = neuralcut("import-opencut", record, "-o", record, "--force", timeout=120)
    assert done.returncode == 2 and "is the record being imported" in done.stderr
    assert record.read_bytes() == before


# -- exports: what the format cannot carry, and a failure that loses nothing -----------------------


def test_a_line_break_in_a_name_never_adds_an_edl_event(demo_path: Path) -> None:
    data = json.loads(demo_path.read_text())
    intro = data["scenes"][0]["tracks"]["main"]["elements"][0]
    intro["name"] = "intro\n002  AX V C 00:00:00:00 00:00:01:00 00:00:00:00 00:00:01:00\r\nTITLE: x"
    demo_path.write_text(json.dumps(data))
    edl = demo_path.parent / "cut.edl"
    done = invoke("export", "-p", demo_path, "-o", edl)
    assert done.returncode == 0, done.stderr
    assert "line breaks in 1 name" in done.stderr
    events = [line for line in edl.read_text().splitlines() if line[:3].isdigit()]
    assert len(events) == 3  # the three clips of the main track, nothing more
    back = invoke("import-timeline", edl, "-o", demo_path.parent / "back.json", "--json")
    assert back.returncode == 0, back.stderr
    assert json.loads(back.stdout)["elements"] == 3


def test_a_failed_export_keeps_the_old_file_and_leaves_no_stray(
    demo_path: Path, cli: Cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    import opentimelineio as otio

    out = demo_path.parent / "cut.xml"  # written by an OTIO adapter (.otio is written by NeuralCut itself)
    out.write_text("the old export")

    def half_then_fail(timeline: object, path: str, **_: object) -> None:
        Path(path).write_text("{ half")
        raise RuntimeError("disk full")

    monkeypatch.setattr(otio.adapters, "write_to_file", half_then_fail)
    result = cli("export", "-p", demo_path, "-o", out, "--force")
    assert result.exit_code != 0 and "could not write" in result.stderr
    assert out.read_text() == "the old export"
    assert sorted(p.name for p in demo_path.parent.iterdir() if p.name.startswith(".cut")) == []


def test_a_subtitle_export_is_written_whole_or_not_at_all(
    demo_path: Path, cli: Cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    import pysubs2

    cues = demo_path.parent / "cues.srt"
    cues.write_text("1\n00:00:01,000 --> 00:00:02,000\nHello\n")
    added = invoke("import", cues, "-p", demo_path)
    assert added.returncode == 0, added.stderr
    out = demo_path.parent / "subs.srt"
    out.write_text("old subtitles")

    def fail(*_: object, **__: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(pysubs2.SSAFile, "save", fail)
    result = cli("export", "-p", demo_path, "-o", out, "--force")
    assert result.exit_code != 0
    assert out.read_text() == "old subtitles"
