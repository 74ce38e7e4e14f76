"""Properties of the ripple edits, speed, duplicate and trims on random timelines, in memory.

* remove_range keeps order, makes no overlap, shortens every rippled track by exactly what was removed, and
  leaves what came after the range unchanged but shifted;
* set_speed: duration times rate is the source range shown, the start stays;
* split, duplicate and trims keep keyframes valid: inside the element, in order, ids unique on the timeline.
"""

from __future__ import annotations

import itertools
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_properties import projects

from neuralcut_cli.editing.duplicate import duplicate_elements
from neuralcut_cli.editing.ripple import delete_rippled, remove_range
from neuralcut_cli.editing.speed import set_speed
from neuralcut_cli.editing.split import split_scene
from neuralcut_cli.editing.trim import trim
from neuralcut_cli.errors import EditError
from neuralcut_cli.project.elements import ImageElement, VideoElement
from neuralcut_cli.project.io import project_from_json
from neuralcut_cli.project.model import Scene
from neuralcut_cli.project.overlaps import find_overlaps

T = 120_000
SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def ids() -> Any:
    counter = itertools.count()
    return lambda: f"new{next(counter)}"


def scene_of(data: dict[str, Any]) -> Scene:
    return project_from_json(data).scene


def animated(data: dict[str, Any]) -> dict[str, Any]:
    """Every video, text and sticker gets an opacity animation with keys at its start, middle and end."""
    for track in [*data["scenes"][0]["tracks"]["overlay"], data["scenes"][0]["tracks"]["main"]]:
        for element in track["elements"]:
            if element["type"] in ("video", "text", "sticker"):
                d = element["duration"]
                element["animations"] = {
                    "bindings": {
                        "opacity": {
                            "path": "opacity",
                            "kind": "number",
                            "components": [{"key": "value", "channelId": "opacity:value"}],
                        }
                    },
                    "channels": {
                        "opacity:value": {
                            "kind": "scalar",
                            "keys": [
                                {"id": f"{element['id']}-k{i}", "time": t, "value": v, "segmentToNext": "bezier"}
                                for i, (t, v) in enumerate(((0, 0.0), (d // 2, 1.0), (d, 0.5)))
                            ],
                        }
                    },
                }
    return data


def keyframes_valid(scene: Scene) -> None:
    seen: set[str] = set()
    for _, element in scene.elements():
        if element.animations is None:
            continue
        key_ids: set[str] = set()
        for channel in element.animations.channels.values():
            times = [k.time for k in channel.keys]
            assert times == sorted(times) and all(0 <= t <= element.duration for t in times), element.id
            key_ids |= {k.id for k in channel.keys}
        assert not key_ids & seen, f"key ids shared with another element: {key_ids & seen}"
        seen |= key_ids


@SETTINGS
@given(projects(), st.integers(0, 30), st.integers(1, 12), st.booleans())
def test_remove_range_with_ripple(data: dict[str, Any], start_half: int, length_half: int, ripple: bool) -> None:
    scene = scene_of(data)
    start, end = start_half * T // 2, (start_half + length_half) * T // 2
    done = remove_range(scene, start, end, None, ripple, ids())
    after = done.scene
    assert not find_overlaps(after.tracks.ordered())
    for old, new in zip(scene.tracks.ordered(), after.tracks.ordered(), strict=True):
        before_range = [e for e in old.elements if e.end_time <= start]
        after_range = [e for e in old.elements if e.start_time >= end]
        kept = {e.id: e for e in new.elements}
        for e in before_range:
            assert kept[e.id].start_time == e.start_time and kept[e.id].duration == e.duration
        for e in after_range:
            shifted = kept[e.id]
            assert shifted.duration == e.duration and shifted.trim_start == e.trim_start
            assert shifted.start_time == e.start_time - ((end - start) if ripple else 0)
        if not ripple:  # the range is empty now
            assert all(e.end_time <= start or e.start_time >= end for e in new.elements)
        if ripple and any(e.end_time > end for e in old.elements):  # the track is exactly that much shorter
            assert new.end_time == old.end_time - (end - start)
        starts = [e.start_time for e in sorted(new.elements, key=lambda e: (e.start_time, e.id))]
        assert starts == sorted(starts)


@SETTINGS
@given(projects(), st.data())
def test_ripple_delete_closes_exactly_what_it_deleted(data: dict[str, Any], draw: st.DataObject) -> None:
    scene = scene_of(data)
    everything = [e for _, e in scene.elements()]
    if not everything:
        return
    chosen = draw.draw(st.lists(st.sampled_from(everything), min_size=1, max_size=3, unique_by=lambda e: e.id))
    done = delete_rippled(scene, [e.id for e in chosen])
    assert not find_overlaps(done.scene.tracks.ordered())
    doomed = {c.id for c in chosen}
    for old, new in zip(scene.tracks.ordered(), done.scene.tracks.ordered(), strict=True):
        kept = {e.id: e for e in new.elements}
        assert set(kept) == {e.id for e in old.elements} - doomed
        for e in old.elements:
            if e.id in doomed:
                continue
            closed = sum(g.duration for g in old.elements if g.id in doomed and g.end_time <= e.start_time)
            assert kept[e.id].start_time == e.start_time - closed and kept[e.id].duration == e.duration


@SETTINGS
@given(projects(), st.sampled_from([0.25, 0.5, 1.5, 2, 4]))
def test_speed_shows_the_same_source(data: dict[str, Any], rate: float) -> None:
    scene = scene_of(data)
    clips = [e for e in scene.tracks.main.elements]
    for clip in clips:
        try:
            after, _ = set_speed(scene, [clip.id], rate, True)
        except EditError:
            continue  # a slower clip that would overlap its neighbour
        found = after.find_element(clip.id)
        assert found is not None
        sped = found[1]
        assert isinstance(sped, VideoElement | ImageElement) and isinstance(clip, VideoElement | ImageElement)
        assert sped.start_time == clip.start_time
        assert abs(sped.duration * rate - clip.duration) <= rate  # duration x rate = the source range shown
        assert sped.trim_start == clip.trim_start
        assert sped.source_ticks == clip.source_ticks


@SETTINGS
@given(projects(), st.lists(st.integers(1, 60), min_size=1, max_size=4), st.data())
def test_split_duplicate_and_trim_keep_keyframes_valid(
    data: dict[str, Any], halves: list[int], draw: st.DataObject
) -> None:
    scene = scene_of(animated(data))
    keyframes_valid(scene)
    new_id = ids()  # one source of ids, as uuid4 is in the tools
    split, _ = split_scene(scene, [h * T // 4 for h in halves], new_id)
    keyframes_valid(split)
    everything = [e.id for _, e in split.elements()]
    if not everything:
        return
    copied, _ = duplicate_elements(split, everything[:3], new_id)
    keyframes_valid(copied)
    for _, clip in list(copied.elements()):
        if clip.type != "video" or clip.animations is None:
            continue
        trim_start = draw.draw(st.integers(0, max(0, clip.source_ticks - clip.trim_end - 1)))
        try:
            copied = trim(copied, copied.find_element(clip.id)[1], trim_start, None)  # type: ignore[index]
        except EditError:
            continue
        keyframes_valid(copied)
