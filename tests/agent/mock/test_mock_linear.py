"""The offline backend reads a request in time that grows with its length, not faster.

Found by a probe (issue 25, item 1): "split at 5s and " repeated took 1.9 s at
155 characters and 178 s at 635, because every way of cutting a chain at
"and" was tried; runs of spaces made the separators backtrack cubically; each
reference searched the whole text again; and every turn of a long request
parsed it again. The 2,000-character cap stays a cap, not the defence.
"""

from __future__ import annotations

import importlib
import json
from pathlib import Path
from typing import Any
from unittest import mock

import pytest
from cli_helpers import neuralcut
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from neuralcut_cli.agent.backends.mock import MAX_REQUEST_CHARS, MAX_REQUEST_PARTS
from neuralcut_cli.agent.backends.mock.listing import Vocab

parse_module = importlib.import_module("neuralcut_cli.agent.backends.mock.parse")

FRAGMENTS = [
    "split at 5s",
    "and",
    "then",
    ",",
    "between 3s and 6s",
    "mute the music",
    '"hi"',
    "a",
    " ",
    "5",
    "s",
    "at",
    "remove",
    "the",
    "title",
    "fade in and out",
    "1:",
    "0.5",
    ".",
    "x",
    '"',
    "it",
    "clip",
    'add text "a, and b"',
    "from 1s to",
    "every",
    "louder by 3db",
    "on the timeline",
    "-",
    "«",
    "'",
    "that",
    "e-intro",
    "the intro",
    "and then",
    ";",
    "\t",
    "   ",
]
VOCAB = Vocab(
    names={"intro", "intro.mp4", "music", "music.mp3", "day one"},
    ids={"e-intro", "e-title"},
    tracks={"t-main": "video", "t-music": "audio"},
)


def readings_for(text: str, monkeypatch: pytest.MonkeyPatch | None = None) -> int:
    """How many clauses ``parse`` reads for ``text``: a count of the work that does not depend on the machine."""
    calls = []
    original = parse_module.read_clause

    def counted(clause: Any, vocab: Any) -> Any:
        calls.append(1)
        return original(clause, vocab)

    with mock.patch.object(parse_module, "read_clause", counted):
        parse_module.parse(text, VOCAB)
    return len(calls)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(FRAGMENTS), min_size=1, max_size=4), st.sampled_from([" ", "", " and ", ", "]))
def test_any_repetition_up_to_the_cap_reads_in_work_linear_in_its_length(pick: list[str], separator: str) -> None:
    """At the cap, the work (clauses read) grows with the number of repetitions (within 10 %) from the work at a
    quarter of them: a ratio of counts, never a clock (issue 41 §3; speed is measured in ``benchmarks/``)."""
    unit = separator.join(pick) + separator
    text = (unit * (MAX_REQUEST_CHARS // max(len(unit), 1) + 1))[:MAX_REQUEST_CHARS]
    parsed = parse_module.parse(text, VOCAB)
    assert parsed.intents or parsed.refusal  # an answer either way
    times = max(4, MAX_REQUEST_CHARS // max(len(unit), 1))  # whole repetitions: a cut word changes the reading
    full = readings_for((unit * times).removesuffix(separator))
    quarter = readings_for((unit * (times // 4)).removesuffix(separator))
    longer = times / (times // 4)  # about 4: whole repetitions, so not exactly
    assert full <= 1.1 * longer * quarter + 8, f"{unit!r}: {times // 4} repetitions read {quarter}, {times} read {full}"


@pytest.mark.parametrize(
    "unit", ["split at 5s and ", "mute the music, ", "the title and ", "it ", "clip ", 'put "x" at 1s and ', " "]
)
def test_the_work_grows_linearly_with_repetitions(unit: str, monkeypatch: pytest.MonkeyPatch) -> None:
    small = readings_for((unit * 15).strip(" ,and"), monkeypatch)
    large = readings_for((unit * 60).strip(" ,and"), monkeypatch)
    assert large <= 4.5 * small + 8, f"15 repetitions read {small} clauses, 60 read {large}"


def test_a_long_chain_of_splits_reads_as_every_split() -> None:
    text = ("split at 5s and " * 40)[:-5]
    parsed = parse_module.parse(text, VOCAB)
    assert parsed.refusal is None and len(parsed.intents) == 40


def test_chains_keep_their_phrases_that_contain_and() -> None:
    parsed = parse_module.parse("remove everything between 3s and 6s and mute the music, then split at 2s", VOCAB)
    assert parsed.refusal is None
    assert [type(i).__name__ for i in parsed.intents][:1] and len(parsed.intents) == 3


def test_the_probe_request_answers_quickly_end_to_end(demo_path: Path) -> None:
    """The probe's command: read whole at once, and refused before any edit (more parts than a request may chain)."""
    before = demo_path.read_bytes()
    result = neuralcut("run", ("split at 5s and " * 40)[:-5], "-p", demo_path, timeout=300)
    assert result.returncode == 1
    assert "chains 40 edits" in result.stdout and f"up to {MAX_REQUEST_PARTS}" in result.stdout
    assert demo_path.read_bytes() == before


def test_a_chain_as_long_as_allowed_is_done_whole(demo_path: Path) -> None:
    request = " and ".join(f"split at {t}s" for t in range(1, MAX_REQUEST_PARTS + 1))
    result = neuralcut("run", request, "--json", "-p", demo_path, timeout=60)
    assert result.returncode == 0, result.stdout + result.stderr
    calls = [c for c in json.loads(result.stdout)["toolCalls"] if c["name"] == "split"]
    assert [c["args"]["times"] for c in calls] == [[float(t)] for t in range(1, MAX_REQUEST_PARTS + 1)]
