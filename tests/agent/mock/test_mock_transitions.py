"""The offline backend and transitions (issue 27 §8), on a copy of the demo (intro 0-6 s, beach 6-14 s, city
14-20 s on the main track): each request checked on the project it leaves."""

from __future__ import annotations

from pathlib import Path

from neuralcut_cli.agent.backends.mock import MockBackend
from neuralcut_cli.agent.endings import RequestOutcome
from neuralcut_cli.agent.orchestrator import Orchestrator
from neuralcut_cli.agent.stores import ChatStore
from neuralcut_cli.project.edit_session import ProjectSession
from neuralcut_cli.project.io import read_project
from neuralcut_cli.tools import default_registry

T = 120_000


def run(path: Path, text: str) -> RequestOutcome:
    return Orchestrator(MockBackend(), default_registry(), ProjectSession(path), ChatStore()).run(text)


def transitions(path: Path) -> list[tuple[str, str, str, int]]:
    main = read_project(path).scene.tracks.main
    return [(t.type, t.from_element_id, t.to_element_id, t.duration) for t in main.transitions]


def test_a_crossfade_into_a_clip_goes_at_the_cut_before_it(demo_path: Path) -> None:
    outcome = run(demo_path, "dissolve into the city clip")
    assert not outcome.failed, outcome.reply
    assert transitions(demo_path) == [("dissolve", "e-beach", "e-city", T)]


def test_a_wipe_between_every_clip_is_one_call(demo_path: Path) -> None:
    outcome = run(demo_path, "put a one second wipe between every clip")
    assert not outcome.failed, outcome.reply
    assert transitions(demo_path) == [("wipe-left", "e-intro", "e-beach", T), ("wipe-left", "e-beach", "e-city", T)]
    assert len(ProjectSession(demo_path).history.steps()[0]) == 1


def test_between_two_named_clips_in_either_order(demo_path: Path) -> None:
    outcome = run(demo_path, "add a 2 second dip to black between the beach clip and the intro")
    assert not outcome.failed, outcome.reply
    assert transitions(demo_path) == [("dip-to-black", "e-intro", "e-beach", 2 * T)]


def test_the_two_clips_when_there_are_three_is_refused(demo_path: Path) -> None:
    before = demo_path.read_bytes()
    outcome = run(demo_path, "add a crossfade between the two clips")
    assert outcome.failed and "There are 3 clips on the main track" in outcome.reply
    assert demo_path.read_bytes() == before


def test_the_two_clips_when_there_are_two(demo_path: Path) -> None:
    assert not run(demo_path, "delete the city clip").failed
    outcome = run(demo_path, "add a crossfade between the two clips")
    assert not outcome.failed, outcome.reply
    assert transitions(demo_path) == [("dissolve", "e-intro", "e-beach", T)]


def test_make_the_crossfade_longer_doubles_it(demo_path: Path) -> None:
    run(demo_path, "dissolve into the beach clip")
    outcome = run(demo_path, "make the crossfade longer")
    assert not outcome.failed, outcome.reply
    assert transitions(demo_path) == [("dissolve", "e-intro", "e-beach", 2 * T)]


def test_one_of_several_is_refused_until_all_are_meant(demo_path: Path) -> None:
    run(demo_path, "put a crossfade between every clip")
    before = demo_path.read_bytes()
    outcome = run(demo_path, "make the crossfade shorter")
    assert outcome.failed and "say 'the transitions' for all of them" in outcome.reply
    assert demo_path.read_bytes() == before
    assert not run(demo_path, "make the transitions half a second").failed
    assert [d for *_, d in transitions(demo_path)] == [T // 2, T // 2]


def test_remove_the_transitions(demo_path: Path) -> None:
    run(demo_path, "put a crossfade between every clip")
    outcome = run(demo_path, "remove the transitions")
    assert not outcome.failed and "Removed 2 transitions" in outcome.reply
    assert transitions(demo_path) == []
    assert run(demo_path, "remove the transitions").failed  # none left: said, nothing changed


def test_fade_to_black_at_the_end_is_a_fade_of_the_last_clip(demo_path: Path) -> None:
    outcome = run(demo_path, "fade to black at the end")
    assert not outcome.failed, outcome.reply
    assert transitions(demo_path) == []
    city = read_project(demo_path).scene.find_element("e-city")
    assert city is not None and city[1].animations is not None  # its opacity fades out


# -- checking the edit (issue 28 §4): the offline backend answers with check_project's findings


def test_is_anything_wrong_answers_with_the_findings_and_their_fixes(demo_path: Path) -> None:
    assert not run(demo_path, "delete the beach clip").failed
    before = demo_path.read_bytes()
    outcome = run(demo_path, "is anything wrong?")
    assert not outcome.failed
    assert "The picture is black from 00:06.00 to 00:14.00" in outcome.reply and "remove_range" in outcome.reply
    assert demo_path.read_bytes() == before  # a question only looks
