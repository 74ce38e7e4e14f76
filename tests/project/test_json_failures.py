"""With ``--json``, every failure, even before a command runs, prints exactly
one JSON document on stdout (``{"error", "exitCode"}``) and the message on
stderr, with the documented exit code."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from cli_helpers import Cli

from neuralcut_cli.cli.app import main

CASES = [
    (["tool", "splitt"], 2, "Unknown tool 'splitt'"),
    (["tool", "split", "{"], 2, "ARGS_JSON is not valid JSON"),
    (["tools", "nope"], 2, "Unknown tool 'nope'"),
    (["timeline", "-p", "missing.json"], 2, "Project file not found"),
    (["assets", "-p", "bad.json"], 2, "is not valid JSON"),
    (["new", "demo.json"], 1, "already exists"),
    (["new", "x.json", "--fps", "abc"], 2, "--fps"),
    (["import", "nope.mp4"], 1, "no such file"),
    (["render", "-o", "out.mp4", "--from", "12", "--to", "5"], 2, "must be after"),
    (["render", "-o", "out.xyz"], 2, "name the file"),
    (["export", "-o", "timeline.xyz"], 2, "name the file with the format's extension"),
    (["undo"], 1, "Nothing to undo"),
    (["redo"], 1, "Nothing to redo"),
    (["timeline", "--bogus"], 2, "No such option"),
    (["run"], 2, "Missing argument"),
    (["run", "order a pizza"], 1, "pizza"),
]


@pytest.mark.parametrize(("args", "code", "message"), CASES, ids=[" ".join(c[0]) for c in CASES])
def test_every_early_failure_is_one_json_document(
    demo_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    args: list[str],
    code: int,
    message: str,
) -> None:
    monkeypatch.chdir(demo_path.parent)
    (demo_path.parent / "bad.json").write_text("{")
    monkeypatch.setenv("NEURALCUT_PROJECT", str(demo_path))
    monkeypatch.setattr(sys, "argv", ["neuralcut", *args, "--json"])
    with pytest.raises(SystemExit) as exited:
        main()
    out, err = capsys.readouterr()
    assert exited.value.code == code
    if args[0] == "run" and len(args) > 1:  # a request that ran: run's own document, status error
        document = json.loads(out)
        assert document["status"] == "error" and message in document["reply"]
        return
    assert out.count("\n") == 1, out
    assert json.loads(out) == {"error": json.loads(out)["error"], "exitCode": code}
    assert message in json.loads(out)["error"] and message in err


def test_a_piped_undo_with_nothing_to_undo_fails_the_script(cli: Cli, demo_path: Path) -> None:
    result = cli("-p", demo_path, input="/undo\n")
    assert result.exit_code == 1 and "Nothing to undo" in result.output
