"""The segment renderer's parts without rendering: where the timeline is cut, what a segment's key depends on,
and what the render cache trusts."""

from __future__ import annotations

import copy
import json
import os
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from conftest import minimal_project

from neuralcut_cli.media.probe import MediaInfo
from neuralcut_cli.project.io import project_from_json
from neuralcut_cli.render.cache import RenderCache
from neuralcut_cli.render.graph import build_plan
from neuralcut_cli.render.jobs import Planner, pruned
from neuralcut_cli.render.segments import cut
from neuralcut_cli.time import frame_at_or_after, frame_samples, frame_time

T = 120_000


def _clip(eid: str, start: float, length: float, trim: float = 0.0, media: str = "a-v") -> dict[str, Any]:
    return {
        "id": eid,
        "type": "video",
        "name": eid,
        "mediaId": media,
        "startTime": round(start * T),
        "duration": round(length * T),
        "trimStart": round(trim * T),
        "trimEnd": round((60 - length - trim) * T),
        "sourceDuration": 60 * T,
    }


def _project(clips: list[dict[str, Any]], fps: tuple[int, int] = (30, 1), **extra: Any) -> dict[str, Any]:
    data = minimal_project()
    data["settings"] = {
        "fps": {"numerator": fps[0], "denominator": fps[1]},
        "canvasSize": {"width": 320, "height": 180},
    }
    data["mediaAssets"] = [
        {
            "id": "a-v",
            "name": "v.mp4",
            "type": "video",
            "path": "v.mp4",
            "duration": 60,
            "width": 320,
            "height": 180,
            "fps": 30,
            "hasAudio": True,
        },
        {"id": "a-m", "name": "m.m4a", "type": "audio", "path": "m.m4a", "duration": 600},
    ]
    data["scenes"][0]["tracks"]["main"]["elements"] = clips
    data["scenes"][0]["tracks"].update(extra)
    return data


# -- the frame grid -------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "rate", [Fraction(30), Fraction(24000, 1001), Fraction(25), Fraction(60000, 1001), Fraction(7, 3)]
)
def test_frame_edges_are_exact_on_every_rate(rate: Fraction) -> None:
    for frame in range(0, 5000, 37):
        ticks = frame_time(frame, rate)
        assert frame_at_or_after(ticks, rate) == frame
        assert frame_at_or_after(ticks + 1, rate) == frame + 1
    # 29.97 fps: 30,000 frames last 1,001 s exactly, 48,048,000 samples; each frame edge on the nearest sample
    assert frame_samples(30_000, Fraction(30000, 1001), 48_000) == 48_048_000
    assert frame_samples(1, Fraction(30000, 1001), 48_000) == 1602  # 1601.6


# -- cutting ------------------------------------------------------------------------------------------------------


def test_segments_cut_where_what_is_seen_or_heard_changes() -> None:
    music = [
        {
            "id": "t-m",
            "name": "Music",
            "type": "audio",
            "elements": [
                {
                    "id": "e-m",
                    "type": "audio",
                    "name": "m",
                    "mediaId": "a-m",
                    "startTime": round(1.5 * T),
                    "duration": 2 * T,
                    "trimStart": 0,
                    "trimEnd": 598 * T,
                    "sourceDuration": 600 * T,
                }
            ],
        }
    ]
    project = project_from_json(_project([_clip("a", 0, 2), _clip("b", 2, 2)], audio=music))
    segments = cut(project)
    assert [s.frames for s in segments] == [(0, 45), (45, 60), (60, 105), (105, 120)]
    assert [s.samples for s in segments] == [(0, 72_000), (72_000, 96_000), (96_000, 168_000), (168_000, 192_000)]
    assert segments[0].ticks == (0, round(1.5 * T))


def test_a_long_stretch_is_shared_out_in_equal_pieces_counted_from_its_start() -> None:
    project = project_from_json(_project([_clip("a", 0, 1), _clip("b", 1, 23)]))
    segments = cut(project, longest=5)
    assert [s.frames for s in segments] == [(0, 30), (30, 168), (168, 306), (306, 444), (444, 582), (582, 720)]
    assert all(s.frame_count <= 150 for s in segments)
    # the same stretch three seconds later is cut the same way, relative to its start
    later = project_from_json(_project([_clip("a", 0, 4), _clip("b", 4, 23)]))
    shifted = [(a - 90, b - 90) for a, b in (s.frames for s in cut(later, longest=5)[1:])]
    assert shifted == [s.frames for s in segments[1:]]


def test_sub_frame_edges_fall_on_the_next_frame_and_segments_tile_the_range() -> None:
    clips = [_clip("a", 0, 1.01), _clip("b", 1.01, 0.5)]
    project = project_from_json(_project(clips))
    segments = cut(project, start=round(0.2 * T), end=round(1.4 * T))
    assert segments[0].frames[0] == 6 and segments[-1].frames[1] == 42
    assert all(
        a.frames[1] == b.frames[0] and a.samples[1] == b.samples[0]
        for a, b in zip(segments, segments[1:], strict=False)
    )
    assert (31, 42) in [s.frames for s in segments]  # 1.01 s is shown from frame 31 (1.0333 s)


def test_hidden_elements_text_and_effects_do_not_cut() -> None:
    hidden = dict(_clip("h", 0.5, 1), hidden=True)
    captions = [
        {
            "id": f"c{n}",
            "type": "text",
            "name": "Caption",
            "content": f"line {n}",
            "startTime": round(n * 0.7 * T),
            "duration": round(0.6 * T),
        }
        for n in range(4)
    ]
    blur = {
        "id": "fx",
        "type": "effect",
        "name": "Blur",
        "effectType": "blur",
        "startTime": round(1.1 * T),
        "duration": T,
    }
    overlay = [
        {"id": "t-o", "name": "Over", "type": "video", "elements": [hidden]},
        {"id": "t-c", "name": "Captions", "type": "text", "elements": captions},
        {"id": "t-e", "name": "Effects", "type": "effect", "elements": [blur]},
    ]
    project = project_from_json(_project([_clip("a", 0, 3)], overlay=overlay))
    assert [s.frames for s in cut(project)] == [(0, 90)]
    shown = dict(_clip("v", 0.5, 1))
    overlay[0]["elements"] = [shown]
    assert [s.frames for s in cut(project_from_json(_project([_clip("a", 0, 3)], overlay=overlay)))] == [
        (0, 15),
        (15, 45),
        (45, 90),
    ]


# -- keys -----------------------------------------------------------------------------------------------------


def _keys(data: dict[str, Any], folder: Path) -> list[dict[str, str]]:
    project = project_from_json(data)
    path = folder / "p.json"
    work = folder / "work"
    work.mkdir(exist_ok=True)
    planner = Planner(work, False)
    keys: list[dict[str, str]] = []
    for segment in cut(project):
        plan = build_plan(project, path, work, False, *segment.ticks, prober=_probe, samples=segment.sample_count)
        _, parts = planner.parts(segment, plan)
        keys.append({str(kind): part.key for kind, part in parts.items()})
    return keys


def _probe(path: Path) -> MediaInfo:
    return MediaInfo("video", 60.0, 320, 180, 30.0, True)


@pytest.fixture
def media_folder(tmp_path: Path) -> Path:
    for name in ("v.mp4", "m.m4a"):
        (tmp_path / name).write_bytes(b"media")
    return tmp_path


def test_a_segment_that_only_moved_keeps_its_keys(media_folder: Path) -> None:
    before = _keys(
        _project([_clip("a", 0, 2, trim=1), _clip("b", 2, 3, trim=10), _clip("c", 5, 2, trim=20)]), media_folder
    )
    after = _keys(_project([_clip("b", 0, 3, trim=10), _clip("c", 3, 2, trim=20)]), media_folder)  # a deleted, rippled
    assert after == before[1:]


def _music(seconds: int) -> list[dict[str, Any]]:
    """A Music track with one element: the first ``seconds`` of the 600 s source a-m."""
    element = {"id": "e-m", "type": "audio", "name": "m", "mediaId": "a-m", "startTime": 0, "duration": seconds * T}
    element |= {"trimStart": 0, "trimEnd": (600 - seconds) * T, "sourceDuration": 600 * T}
    return [{"id": "t-m", "name": "Music", "type": "audio", "elements": [element]}]


def test_a_changed_property_changes_only_its_part(media_folder: Path) -> None:
    music = _music(4)
    data = _project([_clip("a", 0, 2, trim=1), _clip("b", 2, 2, trim=10)], audio=music)
    before = _keys(data, media_folder)
    louder = copy.deepcopy(data)
    louder["scenes"][0]["tracks"]["main"]["elements"][1]["volume"] = -6
    after = _keys(louder, media_folder)
    assert after[0] == before[0]
    assert after[1]["video"] == before[1]["video"] and after[1]["audio"] != before[1]["audio"]
    grey = copy.deepcopy(data)
    grey["scenes"][0]["tracks"]["main"]["elements"][1]["effects"] = [
        {"id": "fx", "type": "grayscale", "params": {"intensity": 100}, "enabled": True}
    ]
    after = _keys(grey, media_folder)  # the picture's graph grew (and with it the plan's labels): not the sound's
    assert after[1]["video"] != before[1]["video"] and after[1]["audio"] == before[1]["audio"]


def test_a_changed_media_file_changes_the_keys(media_folder: Path) -> None:
    data = _project([_clip("a", 0, 2)])
    before = _keys(data, media_folder)
    os.utime(media_folder / "v.mp4", ns=(1, 1))
    assert _keys(data, media_folder)[0]["video"] != before[0]["video"]


def test_text_changes_the_picture_key_through_its_file(media_folder: Path) -> None:
    texts = [
        {
            "id": "t-t",
            "name": "Text",
            "type": "text",
            "elements": [
                {"id": "e-t", "type": "text", "name": "T", "content": "Hello", "startTime": 0, "duration": 2 * T}
            ],
        }
    ]
    data = _project([_clip("a", 0, 2)], overlay=texts)
    before = _keys(data, media_folder)
    data["scenes"][0]["tracks"]["overlay"][0]["elements"][0]["content"] = "Hallo"
    assert _keys(data, media_folder)[0]["video"] != before[0]["video"]


def test_pruning_keeps_only_what_an_output_reads(media_folder: Path) -> None:
    music = _music(2)
    project = project_from_json(_project([_clip("a", 0, 2)], audio=music))
    plan = build_plan(project, media_folder / "p.json", media_folder, prober=_probe)
    inputs, chains = pruned(tuple(map(tuple, plan.inputs)), tuple(plan.chains), "vout")
    assert len(inputs) == 1 and inputs[0][-1].endswith("v.mp4")
    assert not any("aout" in c.outputs for c in chains)
    inputs, chains = pruned(tuple(map(tuple, plan.inputs)), tuple(plan.chains), "aout")
    assert [spec[-1].rsplit("/", 1)[1] for spec in inputs] == ["v.mp4", "m.m4a"]
    assert {label for c in chains for label in c.inputs if ":" in label} == {"0:a", "1:a"}


# -- the cache ----------------------------------------------------------------------------------------------------


def _cache(tmp_path: Path, limit: int = 10_000) -> RenderCache:
    project = tmp_path / "p.json"
    project.write_text("{}")
    cache = RenderCache.beside(project)
    assert cache is not None
    return RenderCache(cache.folder, limit)


def test_an_entry_is_trusted_only_with_its_checksum(tmp_path: Path) -> None:
    cache = _cache(tmp_path)
    work = cache.work_folder()
    made = work / "piece.mp4"
    made.write_bytes(b"x" * 100)
    cache.store("k1", ".mp4", made)
    assert cache.find("k1", ".mp4") is not None
    (cache.folder / "k1.mp4").write_bytes(b"y" * 100)  # same size, other bytes
    assert cache.find("k1", ".mp4") is None
    (cache.folder / "k2.mp4").write_bytes(b"x" * 100)  # an entry a killed render left without its checksum
    assert cache.find("k2", ".mp4") is None
    (cache.folder / "k3.sum").write_text("{not json")
    (cache.folder / "k3.mp4").write_bytes(b"x")
    assert cache.find("k3", ".mp4") is None


def test_least_recently_used_entries_go_first(tmp_path: Path) -> None:
    cache = _cache(tmp_path, limit=250)
    work = cache.work_folder()
    for number in range(4):
        made = work / f"p{number}.mp4"
        made.write_bytes(bytes([number]) * 100)
        cache.store(f"k{number}", ".mp4", made)
        os.utime(cache.folder / f"k{number}.mp4", (1000 + number, 1000 + number))
    assert cache.find("k0", ".mp4") is not None  # used now: the newest
    cache.evict()
    assert [n for n in range(4) if cache.find(f"k{n}", ".mp4")] == [0, 3]
    assert sorted(p.name for p in cache.folder.glob("k*")) == ["k0.mp4", "k0.sum", "k3.mp4", "k3.sum"]


def test_what_a_killed_render_left_is_swept(tmp_path: Path) -> None:
    cache = _cache(tmp_path)
    dead = 2**22 + 12345  # above any pid this machine hands out
    (cache.folder / f"tmp-{dead}-abcd").mkdir()
    (cache.folder / f".k9.mp4.partial-{dead}").write_bytes(b"half")
    (cache.folder / f"tmp-{os.getpid()}-live").mkdir()
    cache.sweep()
    assert sorted(p.name for p in cache.folder.iterdir()) == [f"tmp-{os.getpid()}-live"]


def test_no_cache_where_the_state_folder_leads_elsewhere(tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    project_dir = tmp_path / "p"
    (project_dir / ".neuralcut" / "x").mkdir(parents=True)
    (project_dir / ".neuralcut" / "x" / "render").symlink_to(outside)
    assert RenderCache.beside(project_dir / "x.json") is None


def test_the_cache_size_comes_from_the_environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from neuralcut_cli.errors import UsageError

    monkeypatch.setenv("NEURALCUT_RENDER_CACHE_MB", "3")
    assert _cache(tmp_path).folder and RenderCache.beside(tmp_path / "p.json").limit == 3 * 1024 * 1024  # type: ignore[union-attr]
    monkeypatch.setenv("NEURALCUT_RENDER_CACHE_MB", "lots")
    with pytest.raises(UsageError, match="NEURALCUT_RENDER_CACHE_MB must be a whole number"):
        RenderCache.beside(tmp_path / "p.json")


def test_keys_are_written_in_json_safe_form(media_folder: Path) -> None:
    keys = _keys(_project([_clip("a", 0, 2)]), media_folder)
    assert json.loads(json.dumps(keys)) == keys and all(len(k) == 40 for part in keys for k in part.values())


# -- Ray, without a cluster: what is refused before any work ------------------------------------------------------


class _FakeRay:
    """Enough of Ray for the node check: two nodes, tasks run here with what each node would see."""

    def __init__(self, seen: dict[str, dict[str, Any]]) -> None:
        self.seen = seen

    def nodes(self) -> list[dict[str, Any]]:
        return [{"NodeID": node, "Alive": True, "NodeManagerAddress": node} for node in self.seen] + [
            {"NodeID": "gone", "Alive": False, "NodeManagerAddress": "gone"}
        ]

    def remote(self, **_: Any) -> Any:
        fake = self

        class Remote:
            def __init__(self, fn: Any) -> None:
                self.fn, self.node = fn, ""

            def options(self, scheduling_strategy: Any) -> Remote:
                self.node = scheduling_strategy.node_id
                return self

            def remote(self, paths: list[str]) -> dict[str, Any]:
                return {**self.fn(paths), **fake.seen[self.node]}

        return Remote

    def get(self, refs: Any) -> Any:
        return refs


@pytest.fixture
def affinity(monkeypatch: pytest.MonkeyPatch) -> None:
    import sys
    import types

    module = types.ModuleType("ray.util.scheduling_strategies")
    module.NodeAffinitySchedulingStrategy = lambda node_id, soft: types.SimpleNamespace(node_id=node_id)  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "ray.util.scheduling_strategies", module)


def test_ray_refuses_a_node_that_cannot_see_the_media(tmp_path: Path, affinity: None) -> None:
    from neuralcut_cli.errors import MediaError
    from neuralcut_cli.render.ray_runner import _check_nodes

    media = [tmp_path / "a.mp4", tmp_path / "b.mp4"]
    for path in media:
        path.write_bytes(b"12345")
    paths = [str(p) for p in media]
    _check_nodes(_FakeRay({"10.0.0.5": {}, "10.0.0.6": {}}), paths)  # both see the same files: no refusal
    blind = _FakeRay({"10.0.0.5": {}, "10.0.0.6": {"sizes": {paths[0]: 5, paths[1]: None}}})
    with pytest.raises(
        MediaError,
        match=r"Ray node 10\.0\.0\.6 cannot read 1 media file\(s\) at the paths this "
        r"project uses \(.*b\.mp4\): every node needs the media at the same paths",
    ):
        _check_nodes(blind, paths)
    stale = _FakeRay({"10.0.0.5": {"sizes": {paths[0]: 4, paths[1]: 5}}})  # another version of a.mp4 there
    with pytest.raises(MediaError, match=r"cannot read 1 media file.*a\.mp4"):
        _check_nodes(stale, paths)
    older = _FakeRay({"10.0.0.5": {"version": "0.0.1"}})
    with pytest.raises(MediaError, match=r"Ray node 10\.0\.0\.5 runs NeuralCut 0\.0\.1 .*same version"):
        _check_nodes(older, paths)


def test_ray_unreachable_is_said_before_any_work() -> None:
    import socket

    from neuralcut_cli.errors import MediaError
    from neuralcut_cli.render.ray_runner import preflight

    pytest.importorskip("ray", reason="the ray extra is not installed: pip install -e '.[dev,ray]'")
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]  # closed when the block ends: nothing answers there
    with pytest.raises(MediaError, match=f"Cannot reach the Ray cluster at 127.0.0.1:{port}: .*nothing was rendered"):
        preflight(f"127.0.0.1:{port}")


def test_ray_missing_or_misnamed_is_said_before_any_work(monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    from neuralcut_cli.errors import UsageError
    from neuralcut_cli.render.ray_runner import preflight

    with pytest.raises(UsageError, match="give the head's HOST:PORT"):
        preflight("head-without-port")
    monkeypatch.setitem(sys.modules, "ray", None)  # as if the extra were not installed
    with pytest.raises(UsageError, match=r"--ray needs Ray: pip install 'neuralcut-cli\[ray\]'"):
        preflight("127.0.0.1:6379")
