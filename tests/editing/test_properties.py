"""Property tests over random timelines and random tool calls, in memory.

* no tool call ever creates overlapping elements on a track (the tools run
  on a dry-run session: validation and edits, no file);
* split never loses or duplicates source content, and is idempotent at
  existing boundaries (the pure edit);
* the patches of any sequence of successful calls, applied backwards, give
  back the original tree, and forwards the final one (what undo and redo
  do; the files behind them are tested in test_history and test_crash).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tool_helpers import REGISTRY

from neuralcut_cli.editing.split import split_scene
from neuralcut_cli.editing.transitions import handles
from neuralcut_cli.project.diff import apply, diff
from neuralcut_cli.project.edit_session import ProjectSession
from neuralcut_cli.project.io import project_from_json
from neuralcut_cli.project.model import Project
from neuralcut_cli.project.overlaps import find_overlaps
from neuralcut_cli.time import seconds_to_ticks
from neuralcut_cli.tools.definition import ToolContext

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
def projects(draw: st.DrawFn) -> dict[str, Any]:
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
        "mediaAssets": [
            {"id": "v", "type": "video", "name": "v.mp4", "duration": 60.0},
            {"id": "a", "type": "audio", "name": "a.mp3", "duration": 60.0},
            {"id": "i", "type": "image", "name": "i.png"},
        ],
        "scenes": [
            {
                "id": "s",
                "tracks": {
                    "overlay": [track(f"o{i}", kind) for i, kind in enumerate(overlay_kinds)],
                    "main": track("main", "video"),
                    "audio": [track("au", "audio")],
                },
            }
        ],
        "currentSceneId": "s",
    }


times = st.lists(st.integers(0, 40).map(lambda x: x / 4), min_size=1, max_size=5)


@st.composite
def calls(draw: st.DrawFn, ids: list[str]) -> tuple[str, dict[str, Any]]:
    some_ids = st.lists(st.sampled_from(ids or ["zz"]), min_size=1, max_size=3)
    second = st.integers(0, 40).map(lambda x: x / 4)
    kind = draw(
        st.sampled_from(["split", "delete", "move", "text", "timing", "effect", "media", "sticker", "transition"])
    )
    if kind == "transition":
        return "add_transition", {
            "trackId": draw(st.sampled_from(["main", "au", "o0", "o1"])),
            "everyCut": True,
            "duration": draw(st.sampled_from([0.25, 1.0, 3.0])),
        }
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
        return "update_timeline_element_timing", {
            "elementId": draw(st.sampled_from(ids or ["zz"])),
            field: draw(second) + (0.25 if field == "duration" else 0),
        }
    if kind == "effect":
        a, b = sorted(draw(st.lists(second, min_size=2, max_size=2, unique=True)))
        return "apply_effect", {"effectType": "sepia", "start": a, "end": b}
    if kind == "sticker":
        a, b = sorted(draw(st.lists(second, min_size=2, max_size=2, unique=True)))
        return "add_sticker", {"stickerId": "shapes:heart", "start": a, "end": b}
    return "add_media_to_timeline", {
        "assetId": draw(st.sampled_from(["v", "a", "i"])),
        "startTime": draw(second),
        "trackType": draw(st.sampled_from(["main", "overlay", "audio"])),
        "duration": draw(st.sampled_from([None, 1.0, 2.5])),
    }


class Memory:
    """Tools over a project held in memory (a dry-run session): no file is written, no fsync."""

    def __init__(self, data: dict[str, Any]) -> None:
        self.session = ProjectSession(Path("/nonexistent/p.json"), dry_run=True)
        self.session._project = project_from_json(data)  # the session starts from this tree, not a file
        self.context = ToolContext(self.session)

    @property
    def project(self) -> Project:
        return self.session.project()

    def __call__(self, name: str, args: dict[str, Any]) -> dict[str, Any]:
        return REGISTRY.execute(name, {k: v for k, v in args.items() if v is not None}, self.context)


def _dump(project: Project) -> dict[str, Any]:
    return project.model_dump(mode="json", by_alias=True, exclude={"metadata"})


@SETTINGS
@given(data=projects(), script=st.data())
def test_no_call_ever_creates_an_overlap(data: dict[str, Any], script: st.DataObject) -> None:
    tools = Memory(data)
    for _ in range(6):
        ids = [e.id for _, e in tools.project.scene.elements()]
        name, args = script.draw(calls(ids))
        before = tools.project
        result = tools(name, args)
        if "error" in result:
            assert tools.project is before, (name, args, result)
        assert find_overlaps(tools.project.scene.tracks.ordered()) == [], (name, args)


@SETTINGS
@given(data=projects(), script=st.data())
def test_transitions_stay_true_through_any_edits(data: dict[str, Any], script: st.DataObject) -> None:
    """Issue 27 §4: whatever edits follow, every transition joins two clips of its track that touch, within
    their handles and lengths, and the two transitions of one clip never overlap."""
    tools = Memory(data)
    for _ in range(8):
        ids = [e.id for _, e in tools.project.scene.elements()]
        if script.draw(st.booleans()):
            tools("add_transition", {"trackId": script.draw(st.sampled_from(["main", "au"])), "everyCut": True})
        tools(*script.draw(calls(ids)))
        for track in tools.project.scene.tracks.ordered():
            by_id = {e.id: e for e in track.elements}
            used: dict[str, int] = {}
            for t in track.transitions:
                a, b = by_id[t.from_element_id], by_id[t.to_element_id]
                assert a.end_time == b.start_time and t.duration > 0
                assert t.in_offset <= min(handles(b)[0], a.duration) and t.out_offset <= min(handles(a)[1], b.duration)
                used[a.id] = used.get(a.id, 0) + t.in_offset
                used[b.id] = used.get(b.id, 0) + t.out_offset
            assert all(used[i] <= by_id[i].duration for i in used), track.id


def _source_pieces(project: Project) -> dict[str, list[tuple[int, ...]]]:
    """Per track: (timeline start, source start, length) of each element, merged where contiguous."""
    out = {}
    for track in project.scene.tracks.ordered():
        merged: list[list[int]] = []
        for e in sorted(track.elements, key=lambda e: e.start_time):
            source = e.trim_start if e.type in ("video", "audio") else 0
            if (
                merged
                and e.type in ("video", "audio")
                and merged[-1][0] + merged[-1][2] == e.start_time
                and merged[-1][1] + merged[-1][2] == source
            ):
                merged[-1][2] += e.duration
            elif merged and e.type not in ("video", "audio") and merged[-1][0] + merged[-1][2] == e.start_time:
                merged[-1][2] += e.duration
            else:
                merged.append([e.start_time, source, e.duration])
        out[track.id] = [tuple(m) for m in merged]
    return out


def _split(project: Project, cut: list[float]) -> tuple[Project, list[str]]:
    """The pure edit behind the split tool."""
    ids = iter(f"new-{i}" for i in range(1000))
    scene, affected = split_scene(project.scene, sorted({seconds_to_ticks(t) for t in cut}), lambda: next(ids))
    return project.with_scene(scene), affected


@SETTINGS
@given(data=projects(), cut=times)
def test_split_keeps_all_source_content(data: dict[str, Any], cut: list[float]) -> None:
    project = project_from_json(data)
    counts = {t.id: sum(e.duration for e in t.elements) for t in project.scene.tracks.ordered()}
    after, _ = _split(project, cut)
    assert _source_pieces(after) == _source_pieces(project)
    assert {t.id: sum(e.duration for e in t.elements) for t in after.scene.tracks.ordered()} == counts
    for _, element in after.scene.elements():
        if element.type in ("video", "audio"):
            assert element.trim_start + element.duration + element.trim_end == element.source_ticks
    ids = [e.id for _, e in after.scene.elements()]
    assert len(ids) == len(set(ids))


@SETTINGS
@given(data=projects(), cut=times)
def test_split_is_idempotent_at_existing_boundaries(data: dict[str, Any], cut: list[float]) -> None:
    once, _ = _split(project_from_json(data), cut)
    twice, affected = _split(once, cut)
    assert affected == [] and twice.scene == once.scene
    boundaries = sorted({t / T for e in once.scene.tracks.main.elements for t in (e.start_time, e.end_time)})
    again, _ = _split(once, boundaries)
    assert again.scene.tracks.main.elements == once.scene.tracks.main.elements


@SETTINGS
@given(data=projects(), script=st.data())
def test_undo_after_any_sequence_restores_the_timeline(data: dict[str, Any], script: st.DataObject) -> None:
    """Every successful call's patch, applied backwards in reverse order, gives back the original tree."""
    tools = Memory(data)
    original = tools.project
    patches = []
    for _ in range(5):
        ids = [e.id for _, e in tools.project.scene.elements()]
        name, args = script.draw(calls(ids))
        before = tools.project
        if "error" not in tools(name, args) and tools.project is not before:
            patch = diff(before, tools.project)
            if patch is not None:
                patches.append(patch)
    restored: Any = tools.project
    for patch in reversed(patches):
        restored = apply(restored, patch, forward=False)
    assert _dump(restored) == _dump(original)
    for patch in patches:
        restored = apply(restored, patch, forward=True)
    assert _dump(restored) == _dump(tools.project)
