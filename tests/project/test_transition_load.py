"""Issue 40 §7: transitions that cannot coexist are refused when the file is read, with a message naming them:
two (or 10,000) on one cut, an id used twice on a track or on two tracks. The file is left as it was."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import neuralcut


def _dissolve(id_: str, a: str, b: str) -> dict[str, Any]:
    return {"id": id_, "type": "dissolve", "fromElementId": a, "toElementId": b, "inOffset": 6000, "outOffset": 6000}


CASES = {
    "10,000 on one cut": (
        [_dissolve(f"x{i}", "e-intro", "e-beach") for i in range(10_000)],
        "'x0' and 'x1' are both on the cut out of 'e-intro'; a cut takes one transition",
    ),
    "two into one clip": (
        [_dissolve("a", "e-intro", "e-city"), _dissolve("b", "e-beach", "e-city")],
        "'a' and 'b' are both on the cut into 'e-city'",
    ),
    "an id twice": (
        [_dissolve("a", "e-intro", "e-beach"), _dissolve("a", "e-beach", "e-city")],
        "the id 'a' is used twice",
    ),
}


@pytest.mark.parametrize("case", list(CASES))
def test_transitions_that_cannot_coexist_are_refused_at_load(demo_path: Path, case: str) -> None:
    data = json.loads(demo_path.read_text())
    data["scenes"][0]["tracks"]["main"]["transitions"], said = CASES[case]
    demo_path.write_text(json.dumps(data))
    before = demo_path.read_bytes()
    done = neuralcut("tool", "split", '{"times": [1]}', "-p", demo_path)
    assert done.returncode == 2 and said in done.stderr, done.stderr
    assert "Traceback" not in done.stderr and demo_path.read_bytes() == before


def test_one_transition_id_on_two_tracks_is_refused(demo_path: Path) -> None:
    data = json.loads(demo_path.read_text())
    tracks = data["scenes"][0]["tracks"]
    tracks["main"]["transitions"] = [_dissolve("t1", "e-intro", "e-beach")]
    tracks["overlay"].append({"id": "v2", "type": "video", "elements": [], "transitions": [_dissolve("t1", "p", "q")]})
    demo_path.write_text(json.dumps(data))
    done = neuralcut("timeline", "-p", demo_path)
    assert done.returncode == 2 and "transition id 't1' is used on two tracks" in done.stderr, done.stderr
