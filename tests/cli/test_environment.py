"""One ``Environment`` per call of ``main`` (issue 26 §4): the flags and the settings said before the command
live in it, not in module globals, so calls never see each other's."""

from __future__ import annotations

import contextlib
import io
import json
import threading
from pathlib import Path

import pytest

from neuralcut_cli.cli.app import main
from neuralcut_cli.cli.environment import Environment, current, running_in
from neuralcut_cli.errors import UsageError


def _call(argv: list[str], env: Environment) -> tuple[int, str]:
    out = io.StringIO()
    with contextlib.redirect_stdout(out), pytest.raises(SystemExit) as exited:
        main(argv, env)
    return int(exited.value.code or 0), out.getvalue()


def test_the_project_variable_comes_from_the_environment_object_not_the_process(
    demo_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("NEURALCUT_PROJECT", str(demo_path.parent / "not-this-one.json"))
    code, out = _call(["timeline", "--json"], Environment(environ={"NEURALCUT_PROJECT": str(demo_path)}))
    assert code == 0 and "t-text" in [t["trackId"] for t in json.loads(out)["tracks"]]
    code, out = _call(["timeline", "--json"], Environment())  # the process's variable: a missing file
    assert code == 2 and "not-this-one.json" in json.loads(out)["error"]  # 2: a file that is not there


def test_settings_said_before_the_command_do_not_outlive_the_call(demo_path: Path, tmp_path: Path) -> None:
    first = Environment(environ={})
    code, _ = _call(["-p", str(demo_path), "--backend", "mock", "timeline", "--json"], first)
    assert code == 0 and first.project == demo_path and first.backend == "mock"
    second = Environment(environ={})
    with running_in(second):
        assert current() is second and current().project is None and current().backend is None


def test_global_flags_anywhere_on_the_line_are_kept_in_the_environment() -> None:
    env = Environment(environ={})
    rest = env.take_global_flags(["timeline", "--color", "never", "--json", "--debug", "--", "--color"])
    assert rest == ["timeline", "--json", "--", "--color"]
    assert env.color == "never" and env.debug is True
    assert env.console_colour() == {"no_color": True, "color_system": None}
    assert Environment(environ={"NEURALCUT_DEBUG": "yes"}).debug is True
    with pytest.raises(UsageError, match="--color takes auto, always or never, not 'pink'"):
        Environment(environ={}).take_global_flags(["--color=pink"])


def test_two_calls_in_two_threads_each_see_their_own_environment(demo_path: Path, tmp_path: Path) -> None:
    other = tmp_path / "other.json"
    other.write_bytes(demo_path.read_bytes())
    seen: dict[str, str] = {}
    both_inside = threading.Barrier(2, timeout=10)

    def run(name: str, path: Path) -> None:
        with running_in(Environment(environ={"NEURALCUT_PROJECT": str(path)})):
            both_inside.wait()  # each call is inside its own while the other is inside its own
            seen[name] = str(current().project_variable())

    threads = [threading.Thread(target=run, args=(n, p)) for n, p in (("a", demo_path), ("b", other))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert seen == {"a": str(demo_path), "b": str(other)}
