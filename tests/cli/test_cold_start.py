"""A one-shot command starts and ends fast (issue 26, item 8): it loads only what it uses, builds only the command
it runs, and leaves without the interpreter's teardown, yet still runs ``atexit`` work, flushes, keeps its exit
code and waits for a thread that must finish. The figure itself is ``benchmarks/bench_project.py``'s."""

from __future__ import annotations

import copy
import json
import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest
from paths import DEMO

from neuralcut_cli.cli.app import COMMAND_MODULES, app, build
from neuralcut_cli.cli.line import command_named

_MODULES_AT_EXIT = """
import atexit, json, sys
def _write():
    with open({out!r}, "w") as f:
        json.dump(sorted(sys.modules), f)
atexit.register(_write)
sys.argv = ["neuralcut", *{args!r}]
from neuralcut_cli.cli.entry import main
main()
"""


def _python(code: str, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True, cwd=tmp_path, timeout=60
    )


def test_a_json_request_loads_the_tools_and_plans_it_uses_and_no_rich(tmp_path: Path) -> None:
    project = tmp_path / "demo.json"
    shutil.copy(DEMO, project)
    out = tmp_path / "modules.json"
    done = _python(
        _MODULES_AT_EXIT.format(out=str(out), args=["run", "split at 5s", "-p", str(project), "--json"]), tmp_path
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["toolCalls"][0]["name"] == "split"
    loaded = set(json.loads(out.read_text()))  # written by an atexit function: leaving runs them
    assert "neuralcut_cli.tools.timeline_edits" in loaded and "neuralcut_cli.agent.backends.mock.families.cut" in loaded
    unused = {
        "neuralcut_cli.tools.keyframe_tools",
        "neuralcut_cli.tools.analysis_tools",
        "neuralcut_cli.tools.transition_tools",  # a family's plan imports its tools' arguments when it runs
        "neuralcut_cli.render.graph",
        "neuralcut_cli.cli.commands.output_cmds",  # only the command's own module is registered
        "rich",
        "importlib.metadata",  # pydantic's plugin loader, with plugins off (cli.entry.no_pydantic_plugins)
    }
    assert not unused & loaded, unused & loaded
    assert not any(name.startswith("rich.") for name in loaded)


def test_leaving_keeps_the_exit_code_and_whole_output(tmp_path: Path) -> None:
    project = tmp_path / "demo.json"
    shutil.copy(DEMO, project)
    before = project.read_bytes()
    done = _python(
        _MODULES_AT_EXIT.format(
            out=str(tmp_path / "m.json"), args=["run", "frobnicate the zorb", "-p", str(project), "--json"]
        ),
        tmp_path,
    )
    assert done.returncode == 1
    assert json.loads(done.stdout)["status"] == "error"
    assert project.read_bytes() == before
    usage = _python(_MODULES_AT_EXIT.format(out=str(tmp_path / "m.json"), args=["--no-such-option"]), tmp_path)
    assert usage.returncode == 2 and "No such option: --no-such-option" in usage.stderr


def test_leaving_waits_for_a_thread_that_is_not_a_daemon(tmp_path: Path) -> None:
    marker = tmp_path / "finished"
    done = _python(
        f"""
        import threading, time
        from pathlib import Path
        from neuralcut_cli.cli.entry import leave
        threading.Thread(target=lambda: (time.sleep(0.3), Path({str(marker)!r}).write_text("yes"))).start()
        leave(3)
        """,
        tmp_path,
    )
    assert done.returncode == 3 and marker.read_text() == "yes"


def test_leaving_with_words_says_them_and_exits_1(tmp_path: Path) -> None:
    done = _python("from neuralcut_cli.cli.entry import leave\nprint('kept', end='')\nleave('it broke')", tmp_path)
    assert (done.returncode, done.stdout, done.stderr.strip()) == (1, "kept", "it broke")


@pytest.mark.parametrize(
    "args,named",
    [
        (["run", "split at 5s"], "run"),
        (["-p", "run", "timeline"], "timeline"),  # "run" is the project's value here, not the command
        (["--project", "x.json", "--json", "timeline"], "timeline"),
        (["--project=run", "undo"], "undo"),
        (["--backend", "mock", "run", "x"], "run"),
        (["--help"], None),
        (["--", "run"], None),
        (["rn", "split"], None),  # a misspelt command: typer sees them all and suggests
        ([], None),
    ],
)
def test_the_command_named_on_the_line(args: list[str], named: str | None) -> None:
    assert command_named(args, build(()), COMMAND_MODULES) == named


def test_each_command_is_registered_by_the_module_the_table_names() -> None:
    assert [info.name for info in app.registered_commands] == list(COMMAND_MODULES)
    for module in dict.fromkeys(COMMAND_MODULES.values()):
        alone = [info.name for info in build((module,)).registered_commands]
        assert alone == [name for name, owner in COMMAND_MODULES.items() if owner == module], module


def test_help_and_a_misspelt_command_still_see_every_command(tmp_path: Path) -> None:
    from cli_helpers import neuralcut

    listed = neuralcut("--help")
    assert listed.returncode == 0 and "timeline" in listed.stdout and "render" in listed.stdout
    wrong = neuralcut("timelin")
    assert wrong.returncode == 2 and "No such command 'timelin'" in wrong.stderr and "timeline" in wrong.stderr
    run_help = neuralcut("run", "--help")
    assert run_help.returncode == 0 and "--dry-run" in run_help.stdout and "Usage: neuralcut run" in run_help.stdout


def test_an_option_not_given_reads_as_typer_would_read_it_without_building_its_adapter() -> None:
    import typer.main
    from typer import core

    patched = core._TyperParameter.process_value
    assert getattr(patched, "skips_absent", False), "cli.typer_fixes is applied when the app is imported"
    cells = dict(zip(patched.__code__.co_freevars, patched.__closure__ or (), strict=True))
    original = cells["original"].cell_contents

    def outcome(process: Any, param: Any) -> tuple[str, Any]:
        try:
            return ("value", process(param, None, None))
        except Exception as exc:  # noqa: BLE001 - the same refusal either way
            return ("error", type(exc).__name__)

    checked = 0
    for name, command in typer.main.get_command(app).commands.items():  # type: ignore[attr-defined]
        for param in command.params:
            if not isinstance(param, core._TyperParameter):
                continue
            fresh = copy.copy(param)
            fresh._runtime_param = None
            assert outcome(patched, fresh) == outcome(original, param), (name, param.name)
            assert fresh._runtime_param is None or param.required, (name, param.name)  # no adapter was built
            checked += 1
    assert checked > 100


def test_the_real_services_are_made_when_a_tool_first_uses_them() -> None:
    from neuralcut_cli.tools.services import ToolServices

    services = ToolServices.for_model("gemini-test-model")
    assert not {"_understanding", "_reviewer", "_transcriber"} & set(vars(services))
    understanding = services.understanding
    assert type(understanding).__name__ == "GeminiUnderstanding" and services.understanding is understanding
    assert understanding.model == "gemini-test-model"  # type: ignore[attr-defined]
    assert "_reviewer" not in vars(services)
    given = object()
    services.reviewer = given  # type: ignore[assignment]
    assert services.reviewer is given and ToolServices(reviewer=given).reviewer is given


def test_pydantics_plugin_loader_is_the_real_one_unless_plugins_are_off(tmp_path: Path) -> None:
    probe = """
import os, sys
from pydantic import BaseModel
from neuralcut_cli.cli.entry import no_pydantic_plugins
no_pydantic_plugins()
class M(BaseModel):
    x: int
assert M(x=1).x == 1
loader = sys.modules["pydantic.plugin._loader"]
print(type(loader.__dict__.get("entry_points")).__name__, "importlib.metadata" in sys.modules)
from pydantic.plugin._loader import PYDANTIC_ENTRY_POINT_GROUP  # anything else: from the real loader
print(PYDANTIC_ENTRY_POINT_GROUP)
"""
    env = {k: v for k, v in os.environ.items() if k != "PYDANTIC_DISABLE_PLUGINS"}
    off = subprocess.run(
        [sys.executable, "-c", probe],
        capture_output=True,
        text=True,
        env={**env, "PYDANTIC_DISABLE_PLUGINS": "__all__"},
    )
    assert off.stdout.split() == ["NoneType", "False", "pydantic"], off.stderr
    on = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, env={**env, "PYDANTIC_DISABLE_PLUGINS": "0"}
    )
    assert on.stdout.split() == ["function", "True", "pydantic"], on.stderr
