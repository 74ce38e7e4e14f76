"""Property tests over random timelines and random tool calls.

* no tool call ever creates overlapping elements on a track;
* split never loses or duplicates source content, and is idempotent at
  existing boundaries;
* undoing every step of any successful sequence restores the timeline.
"""

from __future__ import annotations

import json
import tempfile
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tool_helpers import Tools

from neuralcut_cli.project.overlaps import find_overlaps

T = 120_000
SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])

_ELEMENT_FOR = {"video": "video", "text": "text", "graphic": "sticker", "effect": "effect", "audio": "audio"}


def _element(kind: str, index: int, start: int, duration: int, trim: int) -> dict[str, Any]:
    base = {"id": f"{kind[0]}{index}", "type": kind, "startTime": start, "duration": duration}
    if kind == "video":
        return {**base, "mediaId": "v", "trimStart": trim, "trimEnd": trim, "sourceDuration": duration + 2 * trim}
    if kind == "audio":
        return {**base, "mediaId": "a", "trimStart": trim, "trimEnd": 0, "sourceDuration": duration + trim}
    if kind == "text":
        return {**base, "content": f"t{index}"}
    if kind == "sticker":
        return {**base, "stickerId": "shapes:star"}
    return {**base, "effectType": "blur", "params": {"intensity": 15}}


track_spans = st.lists(st.tuples(st.integers(0, 3), st.integers(1, 4), st.integers(0, 2)), min_size=0, max_size=5)


@st.composite
def projects(draw) -> dict[str, Any]:
    overlay_kinds = draw(st.lists(st.sampled_from(["video", "text", "graphic", "effect"]), max_size=3))
    counter = iter(range(10_000))

    def track(track_id: str, track_type: str) -> dict[str, Any]:
        start, elements = 0, []
        for gap, duration, trim in draw(track_spans):
            start += gap * T // 2
            elements.append(_element(_ELEMENT_FOR[track_type], next(counter), start, duration * T // 2, trim * T // 4))
            start += duration * T // 2
        return {"id": track_id, "type": track_type, "elements": elements}

    return {
        "mediaAssets": [{"id": "v", "type": "video", "name": "v.mp4", "duration": 60.0},
                        {"id": "a", "type": "audio", "name": "a.mp3", "duration": 60.0},
                        {"id": "i", "type": "image", "name": "i.png"}],
        "scenes": [{"id": "s", "tracks": {
            "overlay": [track(f"o{i}", kind) for i, kind in enumerate(overlay_kinds)],
            "main": track("main", "video"),
            "audio": [track("au", "audio")],
        }}],
        "currentSceneId": "s",
    }


times = st.lists(st.integers(0, 40).map(lambda x: x / 4), min_size=1, max_size=5)


@st.composite
def calls(draw, ids: list[str]) -> tuple[str, dict[str, Any]]:
    some_ids = st.lists(st.sampled_from(ids or ["zz"]), min_size=1, max_size=3)
    second = st.integers(0, 40).map(lambda x: x / 4)
    kind = draw(st.sampled_from(["split", "delete", "move", "text", "timing", "effect", "media", "sticker"]))
    if kind == "split":
        return "split", {"times": draw(times)}
    if kind == "delete":
        return "delete_timeline_elements", {"elementIds": draw(some_ids)}
    if kind == "move":
        args = {"elementIds": draw(some_ids), "start": draw(second)}
        if draw(st.booleans()):
            args["targetTrackId"] = draw(st.sampled_from(["main", "au", "o0", "o1"]))
        return "move_timeline_elements", args
    if kind == "text":
        a, b = sorted(draw(st.lists(second, min_size=2, max_size=2, unique=True)))
        return "add_text", {"text": "x", "start": a, "end": b}
    if kind == "timing":
        field = draw(st.sampled_from(["start", "end", "duration"]))
        return "update_timeline_element_timing", {"elementId": draw(st.sampled_from(ids or ["zz"])),
                                                   field: draw(second) + (0.25 if field == "duration" else 0)}
    if kind == "effect":
        a, b = sorted(draw(st.lists(second, min_size=2, max_size=2, unique=True)))
        return "apply_effect", {"effectType": "sepia", "start": a, "end": b}
    if kind == "sticker":
        a, b = sorted(draw(st.lists(second, min_size=2, max_size=2, unique=True)))
        return "add_sticker", {"stickerId": "shapes:heart", "start": a, "end": b}
    return "add_media_to_timeline", {"assetId": draw(st.sampled_from(["v", "a", "i"])), "startTime": draw(second),
                                     "trackType": draw(st.sampled_from(["main", "overlay", "audio"])),
                                     "duration": draw(st.sampled_from([None, 1.0, 2.5]))}


def _tools(folder: str, data: dict[str, Any]) -> Tools:
    path = Path(folder) / "p.json"
    path.write_text(json.dumps(data))
    return Tools(path)


def _timeline(path: Path) -> Any:
    """The file without ``metadata.updatedAt`` (which every save stamps)."""
    data = json.loads(path.read_text())
    data.get("metadata", {}).pop("updatedAt", None)
    if data.get("metadata") == {}:
        data.pop("metadata")
    return data


@SETTINGS
@given(data=projects(), script=st.data())
def test_no_call_ever_creates_an_overlap(data: dict[str, Any], script: st.DataObject) -> None:
    with tempfile.TemporaryDirectory() as folder:
        tools = _tools(folder, data)
        for _ in range(6):
            ids = [e.id for _, e in tools.project.scene.elements()]
            name, args = script.draw(calls(ids))
            before = tools.path.read_bytes()
            result = tools(name, {k: v for k, v in args.items() if v is not None})
            if "error" in result:
                assert tools.path.read_bytes() == before, (name, args, result)
            assert find_overlaps(tools.project.scene.tracks.ordered()) == [], (name, args)


def _source_pieces(tools: Tools) -> dict[str, list[tuple[int, int, int]]]:
    """Per track: (timeline start, source start, length) of each element, merged where contiguous."""
    out = {}
    for track in tools.project.scene.tracks.ordered():
        merged: list[list[int]] = []
        for e in sorted(track.elements, key=lambda e: e.start_time):
            source = e.trim_start if e.type in ("video", "audio") else 0
            if merged and e.type in ("video", "audio") and merged[-1][0] + merged[-1][2] == e.start_time \
                    and merged[-1][1] + merged[-1][2] == source:
                merged[-1][2] += e.duration
            elif merged and e.type not in ("video", "audio") and merged[-1][0] + merged[-1][2] == e.start_time:
                merged[-1][2] += e.duration
            else:
                merged.append([e.start_time, source, e.duration])
        out[track.id] = [tuple(m) for m in merged]
    return out


@SETTINGS
@given(data=projects(), cut=times)
def test_split_keeps_all_source_content(data: dict[str, Any], cut: list[float]) -> None:
    with tempfile.TemporaryDirectory() as folder:
        tools = _tools(folder, data)
        if tools.project.scene.is_empty:
            return
        before = _source_pieces(tools)
        counts = {t.id: sum(e.duration for e in t.elements) for t in tools.project.scene.tracks.ordered()}
        result = tools("split", {"times": cut})
        assert result["success"]
        assert _source_pieces(tools) == before
        assert {t.id: sum(e.duration for e in t.elements) for t in tools.project.scene.tracks.ordered()} == counts
        for _, element in tools.project.scene.elements():
            if element.type in ("video", "audio"):
                assert element.trim_start + element.duration + element.trim_end == element.source_ticks
        ids = [e.id for _, e in tools.project.scene.elements()]
        assert len(ids) == len(set(ids))


@SETTINGS
@given(data=projects(), cut=times)
def test_split_is_idempotent_at_existing_boundaries(data: dict[str, Any], cut: list[float]) -> None:
    with tempfile.TemporaryDirectory() as folder:
        tools = _tools(folder, data)
        if tools.project.scene.is_empty:
            return
        tools("split", {"times": cut})
        before = tools.path.read_bytes()
        assert tools("split", {"times": cut}) == {"success": True, "affectedElements": []}
        assert tools.path.read_bytes() == before
        boundaries = sorted({t / T for e in tools.project.scene.tracks.main.elements for t in (e.start_time, e.end_time)})
        main_before = tools.project.scene.tracks.main
        tools("split", {"times": boundaries})
        assert tools.project.scene.tracks.main.elements == main_before.elements


@SETTINGS
@given(data=projects(), script=st.data())
def test_undo_after_any_sequence_restores_the_timeline(data: dict[str, Any], script: st.DataObject) -> None:
    with tempfile.TemporaryDirectory() as folder:
        tools = _tools(folder, data)
        original = _timeline(tools.path)
        steps = 0
        for _ in range(5):
            ids = [e.id for _, e in tools.project.scene.elements()]
            name, args = script.draw(calls(ids))
            result = tools(name, {k: v for k, v in args.items() if v is not None})
            if "error" not in result and tools.history_size() > steps:
                steps += 1
        for _ in range(steps):
            assert tools("undo")["success"]
        assert tools("undo") == {"error": "Nothing to undo"}
        assert _timeline(tools.path) == original
