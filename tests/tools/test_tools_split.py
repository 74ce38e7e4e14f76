"""``split``: the spec's requirements, one test each."""

from __future__ import annotations

from pathlib import Path

import pytest
from tool_helpers import Tools

from neuralcut_cli.project.elements import AudioElement, EffectElement, ImageElement, TextElement, VideoElement

T = 120_000


@pytest.fixture
def tools(demo_path: Path) -> Tools:
    return Tools(demo_path)


def test_splits_every_track_at_a_time(tools: Tools) -> None:
    result = tools("split", {"times": [10]})
    assert result["success"] is True
    cut = result["affectedElements"]
    originals = [i for i in cut if i.startswith("e-")]
    assert originals == ["e-vignette", "e-logo", "e-beach", "e-music"]  # e-title ends at 3 s
    assert len(cut) == 8
    for original in originals:
        assert tools.element(original).end_time == 10 * T


def test_left_piece_keeps_id_and_right_piece_is_new(tools: Tools) -> None:
    left, right = tools("split", {"times": [3]})["affectedElements"][2:4]  # e-intro and its right piece
    assert left == "e-intro"
    assert (
        tools.element("e-intro", VideoElement).start_time == 0
        and tools.element("e-intro", VideoElement).duration == 3 * T
    )
    piece = tools.element(right, VideoElement)
    assert (piece.start_time, piece.duration, piece.media_id, piece.name) == (3 * T, 3 * T, "a-intro", "intro.mp4")
    assert tools.track_of(right) == "t-main"


def test_media_trims_move_so_no_source_is_lost(tools: Tools) -> None:
    # e-beach: 6-14 s, trimStart 1 s, trimEnd 1 s, source 10 s
    cut = tools("split", {"times": [9]})["affectedElements"]
    right = cut[cut.index("e-beach") + 1]
    left, piece = tools.element("e-beach", VideoElement), tools.element(right, VideoElement)
    assert (left.trim_start, left.duration, left.trim_end) == (1 * T, 3 * T, 6 * T)
    assert (piece.trim_start, piece.duration, piece.trim_end) == (4 * T, 5 * T, 1 * T)
    for element in (left, piece):
        assert element.trim_start + element.duration + element.trim_end == element.source_ticks == 10 * T


def test_elements_without_source_move_no_trims(tools: Tools) -> None:
    cut = tools("split", {"times": [1, 10]})["affectedElements"]
    title_piece = tools.element(cut[cut.index("e-title") + 1], TextElement)
    logo_piece = tools.element(cut[cut.index("e-logo") + 1], ImageElement)
    fx_piece = tools.element(cut[cut.index("e-vignette") + 1], EffectElement)
    for element in (tools.element("e-title", TextElement), title_piece, logo_piece, fx_piece):
        assert (element.trim_start, element.trim_end) == (0, 0)
    assert title_piece.content == "Day one" and fx_piece.params == {"radius": 75, "softness": 35}


def test_several_times_are_sorted_and_deduplicated(tools: Tools) -> None:
    cut = tools("split", {"times": [12, 8, 8.0, 12]})["affectedElements"]
    beach = [i for i in cut[cut.index("e-beach") :] if not i.startswith("e-")][:2]
    pieces = [tools.element("e-beach", VideoElement)] + [tools.element(i, VideoElement) for i in beach]
    assert [(p.start_time // T, p.end_time // T) for p in pieces] == [(6, 8), (8, 12), (12, 14)]


def test_idempotent_at_existing_boundaries(tools: Tools, demo_path: Path) -> None:
    tools("split", {"times": [5]})
    before = demo_path.read_bytes()
    assert tools("split", {"times": [5]}) == {"success": True, "affectedElements": []}
    assert tools("split", {"times": [0, 5, 20, 99]}) == {"success": True, "affectedElements": []}
    assert demo_path.read_bytes() == before
    assert tools.history_size() == 1  # no-op splits record no undo step


def test_split_moves_and_deletes_nothing(tools: Tools) -> None:
    def coverage() -> dict[str, list[tuple[int, int]]]:
        out = {}
        for track in tools.project.scene.tracks.ordered():
            spans = sorted((e.start_time, e.end_time) for e in track.elements)
            merged: list[list[int]] = []
            for a, b in spans:
                if merged and merged[-1][1] == a:
                    merged[-1][1] = b
                else:
                    merged.append([a, b])
            out[track.id] = [(a, b) for a, b in merged]
        return out

    before = coverage()
    tools("split", {"times": [0.5, 2.5, 7, 13.25, 19.9]})
    assert coverage() == before


def test_fractional_seconds_become_ticks(tools: Tools) -> None:
    cut = tools("split", {"times": [1 / 3]})["affectedElements"]
    assert tools.element("e-intro", VideoElement).duration == 40_000
    assert tools.element(cut[-1], AudioElement).start_time == 40_000


def test_one_split_is_one_undo_step(tools: Tools, demo_path: Path) -> None:
    before = demo_path.read_text()
    tools("split", {"times": [2, 4, 8]})
    assert tools.history_size() == 1
    assert tools("undo")["success"]
    assert _without_updated_at(demo_path.read_text()) == _without_updated_at(before)


def _without_updated_at(text: str) -> str:
    return "\n".join(line for line in text.splitlines() if '"updatedAt"' not in line)


def test_element_ids_cut_only_those_elements(tools: Tools) -> None:
    """A razor on one clip (issue 41: "split clip 2 at 10s" cut the logo, music and vignette too)."""
    result = tools("split", {"times": [10], "elementIds": ["e-beach"]})
    assert [i for i in result["affectedElements"] if i.startswith("e-")] == ["e-beach"]
    assert len(result["affectedElements"]) == 2
    assert tools.element("e-beach", VideoElement).end_time == 10 * T
    for untouched in ("e-vignette", "e-logo", "e-music"):
        assert tools.element(untouched).end_time > 10 * T


def test_element_ids_that_do_not_exist_change_nothing(tools: Tools) -> None:
    before = tools.project
    answer = tools("split", {"times": [10], "elementIds": ["e-nope"]})
    assert answer["error"] == "Element not found: e-nope" and "the closest: e-" in answer["details"]
    assert tools.project == before
