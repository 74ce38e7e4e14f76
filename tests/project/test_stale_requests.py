"""Issue 40 §11: an unfinished request that cannot be rolled back says why (later edits on top of it, its kept
copy missing or not a project), instead of always "later edits were made on top of it"."""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_helpers import neuralcut

from neuralcut_cli.project.open_request import names


def _history(project: Path) -> Path:
    return project.parent / ".neuralcut" / project.stem / "history"


@pytest.mark.parametrize(
    ("kept", "edits", "said"),
    [
        (None, 1, "the copy of the file it kept is missing"),
        (b"{not json", 1, "the copy of the file it kept is not a valid project"),
        ("same", 2, "later edits were made on top of it"),
    ],
    ids=["missing", "garbage", "later edits"],
)
def test_a_request_that_cannot_be_rolled_back_says_why(
    demo_path: Path, kept: bytes | str | None, edits: int, said: str
) -> None:
    before = demo_path.read_bytes()
    for at in range(edits):
        assert neuralcut("tool", "split", f'{{"times": [{at + 1}]}}', "-p", demo_path).returncode == 0
    marker, copy, _ = names(1)  # the first edit's step, as if its process had died mid-request
    (_history(demo_path) / marker).write_text('{"step": 1}')
    if kept is not None:
        (_history(demo_path) / copy).write_bytes(
            before if kept == "same" else kept.encode() if isinstance(kept, str) else kept
        )
    edited = demo_path.read_bytes()
    done = neuralcut("timeline", "-p", demo_path)
    assert f"An unfinished request (undo step 1) could not be rolled back: {said}" in done.stdout + done.stderr
    assert demo_path.read_bytes() == edited  # nothing rolled back
    assert not (_history(demo_path) / marker).exists()  # and it is said once


def test_a_request_split_by_another_writer_says_so(demo_path: Path) -> None:
    """Issue 40 §11: another process's edit between two of a request's edits makes the rest a step of its own;
    the person is told, and the steps are as said."""
    from tool_helpers import Tools

    mine, theirs = Tools(demo_path), Tools(demo_path)
    with mine.session.request("split twice"):
        assert "error" not in mine("split", {"times": [1]})
        assert "error" not in theirs("split", {"times": [2]})
        assert "error" not in mine("split", {"times": [3]})
    (notice,) = mine.session.notices
    assert notice.startswith("Another process edited the project during this request, so its edits from 'tool split")
    undo, _ = mine.session.steps()
    assert [s.source for s in undo] == ["split twice", 'tool split {"times": [2]}', "split twice"]
