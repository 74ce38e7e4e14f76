"""The human timeline view at scale (issue 25, item 11): a screenful by default, every element on asking.

At 100,000 elements the view took 107 s and 977 MB drawing a table nobody
reads; past 200 elements it now shows each track's first ones and says how
many more, ``--all`` lists every element as a plain line, ``--from``/``--to``
show a stretch. Figures: ``benchmarks/bench_scale_100k.py``.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest
from cli_helpers import invoke
from paths import REPO

sys.path.insert(0, str(REPO / "benchmarks"))
from generate import make_project


@pytest.fixture(scope="module")
def big(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("big") / "big.json"
    path.write_text(json.dumps(make_project(3000, 6)))
    return path


def test_past_a_screenful_each_track_shows_its_first_elements_and_the_rest_is_counted(big: Path) -> None:
    shown = invoke("timeline", "-p", big, "--no-lanes")
    assert shown.returncode == 0, shown.stderr
    lines = shown.stdout.splitlines()
    assert len(lines) < 300
    counted = sum(
        int(word.replace(",", ""))
        for line in lines
        if "more" in line
        for word in line.split()
        if word.replace(",", "").isdigit() and "… " + word in line
    )
    rows = sum(
        1
        for line in lines
        # an element's row: its start, end and length (a clip's source in–out after them)
        if len(re.findall(r"(?:^|\s)\d+(?::\d\d)+\.\d\d(?=\s|$)", line)) >= 3 and not re.search(r"… [\d,]+ more", line)
    )
    assert counted + rows == 3000  # every element is either shown or counted
    assert "3,000 elements: each track shows its first ones" in shown.stdout


def test_all_lists_every_element_once(big: Path) -> None:
    shown = invoke("timeline", "-p", big, "--all")
    assert shown.returncode == 0, shown.stderr
    ids = [line.split()[2] for line in shown.stdout.splitlines()[:-1] if line.startswith("Track")]
    assert len(ids) == 3000 and len(set(ids)) == 3000


def test_from_and_to_show_only_what_plays_then(big: Path) -> None:
    listed = json.loads(invoke("timeline", "-p", big, "--json").stdout)
    expected = sum(1 for track in listed["tracks"] for e in track["elements"] if e["end"] > 60 and e["start"] < 70)
    shown = invoke("timeline", "-p", big, "--all", "--from", "1:00", "--to", "1:10")
    assert shown.returncode == 0, shown.stderr
    assert sum(1 for line in shown.stdout.splitlines() if line.startswith("Track")) == expected > 0


def test_a_window_that_ends_before_it_starts_is_refused(big: Path) -> None:
    shown = invoke("timeline", "-p", big, "--from", "10", "--to", "5")
    assert shown.returncode == 2 and "--to must come after --from" in shown.stderr


def test_a_small_project_still_shows_its_whole_table(demo_path: Path) -> None:
    shown = invoke("timeline", "-p", demo_path)
    assert "more" not in shown.stdout and "each track shows its first ones" not in shown.stdout
    assert "e-intro" in shown.stdout or "intro.mp4" in shown.stdout
