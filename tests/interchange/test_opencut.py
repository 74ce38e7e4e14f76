"""OpenCut projects as they really are: a version 25 record with its media
list imports, every field of the current format loads (and is typed), edits
keep what they do not touch, and the record goes back out unchanged.

The fixture follows OpenCut's persisted shapes (reference §7.1) and the
migration examples (v22→v23: an opacity animation with bezier handles in
ticks; v21→v22: colour channels in linear space; v5→v6: object bookmarks)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import invoke
from paths import FIXTURES, REPO
from tool_helpers import Tools

from neuralcut_cli.editing.animation import value_at
from neuralcut_cli.project.elements import AudioElement, GraphicElement, TextElement, VideoElement
from neuralcut_cli.project.io import dump_project, read_project
from neuralcut_cli.project.model import Bookmark

RECORD = FIXTURES / "opencut_v25_record.json"
MANIFEST = FIXTURES / "opencut_v25_media.json"
MEDIA = REPO / "projects" / "media"
T = 120_000


@pytest.fixture
def imported(tmp_path: Path) -> Path:
    path = tmp_path / "trip.json"
    done = invoke("import-opencut", RECORD, "--manifest", MANIFEST, "--media", MEDIA, "-o", path)
    assert done.returncode == 0, done.stderr
    return path


def test_every_field_of_the_current_format_loads_typed(imported: Path) -> None:
    project = read_project(imported)
    scene = project.scene
    assert scene.bookmarks == (
        Bookmark(time=2 * T, note="intro ends", color="#ff0000"),
        Bookmark(time=10 * T, duration=T),
    )
    assert scene.created_at and project.timeline_view_state and project.timeline_view_state.playhead_time == 3 * T
    assert project.settings.background.type == "blur" and project.settings.background.blur_intensity == 20
    assert project.settings.canvas_size_mode == "preset" and project.metadata.duration == 20 * T
    elements = {e.id: e for _, e in scene.elements()}
    title, rect, intro, beach, city, whoosh = (
        elements[i] for i in ("el-title", "el-rect", "el-intro", "el-beach", "el-city", "el-whoosh")
    )
    assert isinstance(title, TextElement) and title.letter_spacing == 2 and title.line_height == 1.4
    assert title.background.corner_radius == 12 and title.background.offset_y == 4
    assert isinstance(rect, GraphicElement) and rect.definition_id == "rectangle" and rect.blend == "multiply"
    assert isinstance(intro, VideoElement) and intro.effects and intro.effects[0].type == "sepia" and intro.masks
    assert isinstance(beach, VideoElement) and beach.rate == 2 and not beach.source_audio
    assert isinstance(city, VideoElement) and city.is_hidden
    assert isinstance(whoosh, AudioElement) and whoosh.source_type == "library" and whoosh.source_url
    opacity = intro.animations.channels["opacity:value"]  # type: ignore[union-attr]
    assert value_at(opacity, 60_000) == 1 and value_at(opacity, 120_000) == 0.4  # type: ignore[arg-type]
    assert all(a.path and (imported.parent / a.path).is_file() for a in project.media_assets)


def test_the_record_goes_back_unchanged(imported: Path, tmp_path: Path) -> None:
    out = tmp_path / "back.json"
    done = invoke("export-opencut", "-o", out, "-p", imported)
    assert done.returncode == 0, done.stderr
    assert json.loads(out.read_text()) == json.loads(RECORD.read_text())
    media = json.loads((tmp_path / "back.media.json").read_text())
    assert media == json.loads(MANIFEST.read_text())


def test_a_file_neuralcut_wrote_round_trips_byte_for_byte(imported: Path) -> None:
    assert dump_project(read_project(imported)) == imported.read_bytes()


def test_an_edit_keeps_what_it_does_not_touch(imported: Path) -> None:
    before = json.loads(imported.read_text())
    Tools(imported)("move_timeline_elements", {"elementIds": ["el-star"], "start": 10})
    after = json.loads(imported.read_text())
    for key in ("timelineViewState", "settings", "mediaAssets"):
        assert after[key] == before[key]

    def tracks(d: dict[str, Any]) -> dict[str, Any]:
        kinds = d["scenes"][0]["tracks"]
        return {t["id"]: t for t in [*kinds["overlay"], kinds["main"], *kinds["audio"]]}

    assert tracks(after)["tr-main"] == tracks(before)["tr-main"]
    assert after["scenes"][0]["bookmarks"] == before["scenes"][0]["bookmarks"]


def test_a_split_cuts_keyframes_so_each_piece_looks_the_same(imported: Path) -> None:
    Tools(imported)("split", {"times": [0.75]})  # inside the bezier segment of the intro's opacity (0.5 s to 1 s)
    project = read_project(imported)
    pieces = sorted(
        (e for _, e in project.scene.elements() if e.type == "video" and e.start_time < 6 * T),
        key=lambda e: e.start_time,
    )
    left, right = pieces[0], pieces[1]
    assert left.animations and right.animations
    left_channel = left.animations.channels["opacity:value"]
    right_channel = right.animations.channels["opacity:value"]
    assert value_at(left_channel, 90_000) == pytest.approx(value_at(right_channel, 0))  # type: ignore[arg-type]
    assert value_at(right_channel, 30_000) == pytest.approx(0.4)  # type: ignore[arg-type]  # the last key, 1 s
    left_ids = {k.id for c in left.animations.channels.values() for k in c.keys}
    right_ids = {k.id for c in right.animations.channels.values() for k in c.keys}
    assert not left_ids & right_ids
    assert all(k.time <= left.duration for c in left.animations.channels.values() for k in c.keys)


def test_shortening_an_animated_element_drops_keys_past_its_end(imported: Path) -> None:
    Tools(imported)("update_timeline_element_timing", {"elementId": "el-title", "duration": 1})
    title = read_project(imported).scene.find_element("el-title")[1]  # type: ignore[index]
    keys = title.animations.channels["color:r"].keys  # type: ignore[union-attr]
    assert [k.time for k in keys] == [0, T] and keys[-1].value == pytest.approx(0.5)


def test_splitting_a_retimed_clip_moves_its_trims_by_source_time(imported: Path) -> None:
    Tools(imported)("split", {"times": [8]})  # 2 s into the beach clip, which plays at 2x
    pieces = sorted(
        (e for _, e in read_project(imported).scene.elements() if e.name == "beach.mp4"), key=lambda e: e.start_time
    )
    assert [(p.trim_start, p.trim_end) for p in pieces] == [(0, 6 * T), (4 * T, 2 * T)]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ([], "mediaId"),
        (["--manifest", MANIFEST], ""),
    ],
)
def test_media_without_a_manifest_entry_or_file_is_named(tmp_path: Path, args: list[Any], message: str) -> None:
    done = invoke("import-opencut", RECORD, *args, "-o", tmp_path / "p.json")
    if message:
        assert done.returncode == 2 and "m-intro" in done.stderr and "--manifest" in done.stderr
    else:  # the manifest alone is enough: the assets load without files
        assert done.returncode == 0, done.stderr
        assert "no file found" not in done.stdout or "m-intro" in done.stdout


def test_an_old_record_or_a_neuralcut_file_is_refused_with_the_reason(tmp_path: Path, demo_path: Path) -> None:
    old = tmp_path / "old.json"
    old.write_text(json.dumps({**json.loads(RECORD.read_text()), "version": 21}))
    done = invoke("import-opencut", old, "--manifest", MANIFEST, "-o", tmp_path / "p.json")
    assert done.returncode == 2 and "version 21" in done.stderr and not (tmp_path / "p.json").exists()
    done = invoke("import-opencut", demo_path, "-o", tmp_path / "p.json")
    assert done.returncode == 2 and "already a NeuralCut project" in done.stderr


def test_opening_a_record_directly_says_how_to_import_it() -> None:
    done = invoke("timeline", "-p", RECORD)
    assert done.returncode == 2 and "import-opencut" in done.stderr


def test_import_does_not_overwrite_without_force(imported: Path) -> None:
    before = imported.read_bytes()
    done = invoke("import-opencut", RECORD, "--manifest", MANIFEST, "-o", imported)
    assert done.returncode == 1 and "--force" in done.stderr and imported.read_bytes() == before


def test_opencut_leniencies_load(tmp_path: Path) -> None:
    """OpenCut lets a clip's duration fall short of its source minus trims, and elements overlap on a track."""
    record = json.loads(RECORD.read_text())
    main = record["scenes"][0]["tracks"]["main"]["elements"]
    main[0]["duration"] = 3 * T  # intro: 3 s shown of 8 s with 2 s trimmed at the end
    main[1]["startTime"] = 2 * T  # the beach clip now overlaps the intro
    path = tmp_path / "r.json"
    path.write_text(json.dumps(record))
    done = invoke("import-opencut", path, "--manifest", MANIFEST, "--media", MEDIA, "-o", tmp_path / "p.json")
    assert done.returncode == 0, done.stderr
    shown = invoke("timeline", "-p", tmp_path / "p.json")
    assert shown.returncode == 0 and "overlap" in (shown.stdout + shown.stderr).lower()


def test_a_bad_manifest_entry_is_named_with_its_path(tmp_path: Path) -> None:
    manifest = json.loads(MANIFEST.read_text())
    manifest[0]["type"] = "gif"
    bad = tmp_path / "media.json"
    bad.write_text(json.dumps(manifest))
    done = invoke("import-opencut", RECORD, "--manifest", bad, "-o", tmp_path / "p.json")
    assert done.returncode == 2 and "mediaAssets[0].type" in done.stderr and "internal" not in done.stderr
    assert not (tmp_path / "p.json").exists()
    bad.write_text('{"assets": 3}')
    done = invoke("import-opencut", RECORD, "--manifest", bad, "-o", tmp_path / "p.json")
    assert done.returncode == 2 and "list of assets" in done.stderr


def test_an_exported_record_has_every_field_opencuts_types_require(tmp_path: Path) -> None:
    """Issue 40 §13: a NeuralCut file may leave out what has OpenCut's default; the record written for OpenCut
    spells out every field its types require (scene times, element name/trims/transform, keys' tangentMode), and
    the keys NeuralCut writes carry segmentToNext and tangentMode themselves."""
    from conftest import minimal_project

    data = minimal_project()
    data["mediaAssets"] = [{"id": "a", "name": "a.mp4", "type": "video", "duration": 10}]
    data["scenes"][0]["tracks"]["main"]["elements"] = [
        {"id": "v", "type": "video", "mediaId": "a", "startTime": 0, "duration": 120_000 * 4}
    ]
    data["scenes"][0]["tracks"]["overlay"] = [
        {
            "id": "tt",
            "type": "text",
            "elements": [{"id": "x", "type": "text", "content": "Hi", "startTime": 0, "duration": 120_000}],
        }  # fmt: skip
    ]
    project = tmp_path / "p.json"
    project.write_text(json.dumps(data))
    assert invoke("tool", "upsert_keyframe", '{"elementId": "x", "propertyPath": "opacity", "time": 0, "value": 0.5}',
                  "-p", project).returncode == 0  # fmt: skip
    written = json.loads(project.read_text())["scenes"][0]["tracks"]["overlay"][0]["elements"][0]
    (key,) = next(iter(written["animations"]["channels"].values()))["keys"]
    assert key["segmentToNext"] == "linear" and key["tangentMode"] == "flat"  # as NeuralCut writes a key
    assert invoke("export-opencut", "-o", tmp_path / "r.json", "-p", project).returncode == 0
    record = json.loads((tmp_path / "r.json").read_text())
    scene = record["scenes"][0]
    assert {"name", "isMain", "bookmarks", "createdAt", "updatedAt"} <= set(scene)
    video = scene["tracks"]["main"]["elements"][0]
    assert {"name", "trimStart", "trimEnd", "transform", "opacity"} <= set(video)
    assert set(video["transform"]) == {"scaleX", "scaleY", "position", "rotate"}
    text = scene["tracks"]["overlay"][0]["elements"][0]
    assert {"fontSize", "fontFamily", "color", "background", "textAlign", "fontWeight", "fontStyle",
            "textDecoration", "transform", "opacity"} <= set(text)  # fmt: skip
    assert {"enabled", "color"} <= set(text["background"])
    assert {"name", "hidden"} <= set(scene["tracks"]["overlay"][0]) and {"muted", "hidden"} <= set(
        scene["tracks"]["main"]
    )
