"""The sync rule (``editing.sync``): time taken out of the program keeps every track over the same moments of the
picture; a bed plays on and ends with the program; a person chooses per track."""

from __future__ import annotations

import itertools
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from neuralcut_cli.editing.sound import fade_lengths, level_at, with_duck
from neuralcut_cli.editing.sync import Choice, Shift, remove_time
from neuralcut_cli.errors import EditError
from neuralcut_cli.project.elements import Ducking, Element, element_adapter
from neuralcut_cli.project.model import Scene

T = 120_000
LENGTH = 60 * T


def _ids() -> Any:
    counter = itertools.count()
    return lambda: f"n{next(counter)}"


def _media(
    element_id: str, kind: str, media: str, start: int, duration: int, source: int, **extra: Any
) -> dict[str, Any]:
    return {
        "id": element_id,
        "type": kind,
        "mediaId": media,
        "startTime": start,
        "duration": duration,
        "trimStart": 0,
        "trimEnd": source - duration,
        "sourceDuration": source,
        **extra,
    }


def _text(element_id: str, start: int, end: int) -> dict[str, Any]:
    return {"id": element_id, "type": "text", "content": element_id, "startTime": start, "duration": end - start}


def scene(texts: list[tuple[int, int]] = (), bed_length: int = LENGTH, separated: bool = False) -> Scene:  # type: ignore[assignment]
    """A talk (one clip of ``a-talk``) with texts on their own tracks, a bed and (optionally) its separated sound."""
    audio = [
        {
            "id": "t-music",
            "name": "Music",
            "type": "audio",
            "elements": [_media("e-bed", "audio", "a-bed", 0, bed_length, 10 * LENGTH)],
        }
    ]
    if separated:
        audio.append(
            {
                "id": "t-voice",
                "name": "Voice",
                "type": "audio",
                "elements": [_media("e-voice", "audio", "a-talk", 0, LENGTH, LENGTH)],
            }
        )
    data = {
        "id": "s",
        "tracks": {
            "overlay": [
                {"id": f"t-{n}", "name": f"Text {n}", "type": "text", "elements": [_text(f"e-{n}", a, b)]}
                for n, (a, b) in enumerate(texts)
            ],
            "main": {
                "id": "t-main",
                "name": "Main",
                "type": "video",
                "elements": [_media("e-talk", "video", "a-talk", 0, LENGTH, LENGTH)],
            },
            "audio": audio,
        },
    }
    return Scene.model_validate(data)


def source_at(s: Scene, t: int) -> int | None:
    """The recording's moment the picture shows at ``t`` (None where nothing plays)."""
    for e in s.tracks.main.elements:
        if e.start_time <= t < e.end_time:
            return e.trim_start + (t - e.start_time)
    return None


def element(s: Scene, element_id: str) -> Element:
    found = s.find_element(element_id)
    assert found is not None, f"{element_id} is not on the timeline"
    return found[1]


def test_the_shift_maps_times_after_a_span_back_by_its_length_and_inside_it_to_its_start() -> None:
    shift = Shift([(2 * T, 4 * T), (10 * T, 11 * T)])
    assert [shift(t * T) for t in (1, 2, 3, 4, 5, 10, 12)] == [T, 2 * T, 2 * T, 2 * T, 3 * T, 8 * T, 9 * T]
    assert shift.total == 3 * T


def test_titles_stay_over_the_same_words_and_the_bed_plays_on_to_the_end() -> None:
    before = scene([(0, 5 * T), (8 * T, 12 * T), (20 * T, 21 * T)])
    done = remove_time(before, [(3 * T, 4 * T), (9 * T, 10 * T), (20 * T, 22 * T)], Choice(), _ids())
    after = done.scene
    assert (element(after, "e-0").start_time, element(after, "e-0").end_time) == (0, 4 * T)  # 1 s cut inside it
    assert (element(after, "e-1").start_time, element(after, "e-1").end_time) == (7 * T, 10 * T)
    assert after.find_element("e-2") is None  # it lay inside a removed span
    bed = element(after, "e-bed")
    assert (bed.start_time, bed.end_time) == (0, LENGTH - 4 * T) == (0, after.tracks.main.end_time)
    assert bed.trim_start == 0 and bed.trim_end == 10 * LENGTH - (LENGTH - 4 * T)  # one piece, continuous
    assert fade_lengths(bed)[1] == T  # a short fade where it now stops
    assert len(after.tracks.main.elements) == 4  # the picture is cut at every span
    rows = {c.track_id: c for c in done.tracks}
    assert rows["t-music"].how == "kept whole" and rows["t-music"].faded == ["e-bed"]
    assert rows["t-2"].removed == ["e-2"] and rows["t-0"].shortened == ["e-0"]


def test_the_recordings_own_sound_elsewhere_is_cut_like_the_picture() -> None:
    done = remove_time(scene(separated=True), [(3 * T, 4 * T)], Choice(), _ids())
    voice = [e for e in done.scene.tracks.find("t-voice").elements]  # type: ignore[union-attr]
    assert [(e.start_time, e.end_time, e.trim_start) for e in voice] == [(0, 3 * T, 0), (3 * T, LENGTH - T, 4 * T)]


def test_a_person_chooses_per_track() -> None:
    before = scene([(8 * T, 12 * T)])
    done = remove_time(before, [(2 * T, 4 * T)], Choice(keep=frozenset({"t-0"}), cut=frozenset({"t-music"})), _ids())
    assert (element(done.scene, "e-0").start_time, element(done.scene, "e-0").end_time) == (8 * T, 12 * T)
    music = done.scene.tracks.find("t-music").elements  # type: ignore[union-attr]
    assert [(e.start_time, e.end_time) for e in music] == [(0, 2 * T), (2 * T, LENGTH - 2 * T)]
    assert music[1].trim_start == 4 * T  # cut like the picture: what played over the removed time is gone
    with pytest.raises(EditError, match="Track not found: nope"):
        remove_time(before, [(2 * T, 4 * T)], Choice(keep=frozenset({"nope"})), _ids())


def test_without_ripple_only_the_picture_is_cut() -> None:
    done = remove_time(scene([(0, 5 * T)]), [(3 * T, 4 * T)], Choice(), _ids(), ripple=False)
    assert (element(done.scene, "e-0").start_time, element(done.scene, "e-0").end_time) == (0, 5 * T)
    assert element(done.scene, "e-bed").end_time == LENGTH
    assert [(e.start_time, e.end_time) for e in done.scene.tracks.main.elements] == [(0, 3 * T), (4 * T, LENGTH)]


def test_cuts_land_on_frame_edges_when_asked() -> None:
    from fractions import Fraction

    done = remove_time(scene(), [(3 * T + 1234, 4 * T + 999)], Choice(), _ids(), frames=Fraction(30))
    assert done.spans == [(3 * T, 4 * T)]
    assert all(e.start_time % 4000 == 0 and e.duration % 4000 == 0 for e in done.scene.tracks.main.elements)


def test_a_ducked_bed_is_ducked_again_under_the_voice_where_it_now_plays() -> None:
    before = scene()
    voice = [(2 * T, 5 * T), (8 * T, 12 * T)]
    how = Ducking(depth_db=12, attack=T // 4, release=T // 4, under_tracks=("t-main",), under_media=("a-talk",))
    bed = with_duck(element(before, "e-bed"), voice, 12, T // 4, T // 4, _ids()).model_copy(update={"ducking": how})
    before = before.update_element(bed)
    after = remove_time(before, [(5 * T, 8 * T)], Choice(), _ids()).scene
    bed = element(after, "e-bed")
    # The talk is now one run of pictures from 0 to the end: the bed stays down wherever the picture plays.
    assert level_at(bed, 6 * T) == -12 and level_at(bed, 30 * T) == -12


@settings(max_examples=80, deadline=None)
@given(
    texts=st.lists(st.tuples(st.integers(0, 59), st.integers(1, 20)), min_size=1, max_size=6),
    spans=st.lists(st.tuples(st.integers(0, 59 * 4), st.integers(1, 40)), min_size=1, max_size=8),
)
def test_any_removal_keeps_every_element_over_the_picture_it_sat_over(
    texts: list[tuple[int, int]], spans: list[tuple[int, int]]
) -> None:
    """For every element kept whole: its start still shows the recording's same moment (unless the start was
    itself removed), its length loses exactly the removed time inside it, and nothing ends after the picture."""
    placed = [(a * T, min(LENGTH, (a + n) * T)) for a, n in texts]
    removed = [(q * T // 4, min(LENGTH, q * T // 4 + n * T // 4)) for q, n in spans]
    before = scene(placed)
    done = remove_time(before, removed, Choice(), _ids())
    shift = Shift(done.spans)
    end = done.scene.tracks.main.end_time
    for n, (a, b) in enumerate(placed):
        inside = sum(min(e, b) - max(s, a) for s, e in done.spans if s < b and e > a)
        if inside >= b - a:
            assert done.scene.find_element(f"e-{n}") is None
            continue
        now = element(done.scene, f"e-{n}")
        assert now.duration == b - a - inside
        if not any(s <= a < e for s, e in done.spans):
            assert source_at(done.scene, now.start_time) == source_at(before, a)
        assert now.end_time <= end and now.start_time == shift(a)
    assert element(done.scene, "e-bed").end_time == end


def test_elements_are_valid_after_any_removal() -> None:
    """What sync writes is a valid element of its kind (the model's own check)."""
    done = remove_time(scene([(0, 10 * T)]), [(1 * T, 2 * T), (5 * T, 7 * T)], Choice(), _ids())
    for track in done.scene.tracks.ordered():
        for e in track.elements:
            element_adapter().validate_python(e.model_dump(by_alias=True))
