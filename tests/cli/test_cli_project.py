"""`neuralcut new | timeline | assets | --version | --help` through typer's runner."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import Cli

from neuralcut_cli import __version__
from neuralcut_cli.project.edit_session import ProjectSession
from neuralcut_cli.project.io import read_project
from neuralcut_cli.tools import default_registry
from neuralcut_cli.tools.definition import ToolContext


def _tool(path: Path, name: str, args: dict[str, Any]) -> dict[str, Any]:
    return default_registry().execute(name, args, ToolContext(ProjectSession(path)))


def test_version(cli: Cli) -> None:
    result = cli("--version")
    assert result.exit_code == 0 and result.stdout.strip() == f"neuralcut {__version__}"


def test_help_has_examples(cli: Cli) -> None:
    result = cli("--help")
    assert result.exit_code == 0
    assert "Examples:" in result.stdout and "neuralcut timeline" in result.stdout


def test_timeline_json_is_exactly_the_tool_output(cli: Cli, demo_path: Path) -> None:
    result = cli("timeline", "-p", demo_path, "--json")
    assert result.exit_code == 0
    document = json.loads(result.stdout)  # one document, nothing else
    assert document == _tool(demo_path, "list_timeline", {})
    main = next(t for t in document["tracks"] if t["type"] == "main")
    assert [(e["elementId"], e["start"], e["end"]) for e in main["elements"]] == [
        ("e-intro", 0.0, 6.0),
        ("e-beach", 6.0, 14.0),
        ("e-city", 14.0, 20.0),
    ]
    assert [t["type"] for t in document["tracks"]] == ["text", "effect", "overlay", "main", "audio"]


def test_timeline_human_output_has_table_and_lanes(cli: Cli, demo_path: Path) -> None:
    result = cli("timeline", "-p", demo_path)
    assert result.exit_code == 0
    assert "e-beach" in result.stdout and "00:14.00" in result.stdout
    assert "[intro.mp4" in result.stdout  # the lanes
    assert "\x1b[" not in result.stdout


def test_project_comes_from_the_environment(cli: Cli, demo_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NEURALCUT_PROJECT", str(demo_path))
    result = cli("timeline", "--json")
    assert result.exit_code == 0 and json.loads(result.stdout)["tracks"]


def test_assets_filters(cli: Cli, demo_path: Path) -> None:
    def ids(*args: str) -> list[str]:
        result = cli("assets", "-p", demo_path, "--json", *args)
        assert result.exit_code == 0
        return [a["id"] for a in json.loads(result.stdout)["assets"]]

    assert ids() == ["a-intro", "a-beach", "a-city", "a-outtake", "a-logo", "a-music"]
    assert ids("--filter", "unused") == ["a-outtake"]
    assert ids("--filter", "used", "--type", "video") == ["a-intro", "a-beach", "a-city"]
    assert ids("--type", "image") == ["a-logo"]
    result = cli("assets", "-p", demo_path, "--json", "--type", "audio")
    assert json.loads(result.stdout) == _tool(demo_path, "list_project_assets", {"type": "audio"})


def test_assets_bad_filter_is_a_usage_error(cli: Cli, demo_path: Path) -> None:
    result = cli("assets", "-p", demo_path, "--filter", "some")
    assert result.exit_code == 2
    assert "--filter" in result.stderr


def test_new_creates_a_loadable_project(cli: Cli, tmp_path: Path) -> None:
    path = tmp_path / "sub" / "mine.json"
    result = cli("new", path, "--name", "Trip", "--fps", "29.97", "--size", "1280x720")
    assert result.exit_code == 0, result.stderr
    project = read_project(path)
    assert project.metadata.name == "Trip"
    assert (project.settings.fps.numerator, project.settings.fps.denominator) == (30000, 1001)
    assert (project.settings.canvas_size.width, project.settings.canvas_size.height) == (1280, 720)
    assert project.scene.is_empty
    assert cli("timeline", "-p", path).exit_code == 0


def test_new_refuses_to_overwrite_without_force(cli: Cli, demo_path: Path) -> None:
    before = demo_path.read_bytes()
    result = cli("new", demo_path)
    assert result.exit_code == 1
    assert "already exists; pass --force" in result.stderr
    assert demo_path.read_bytes() == before
    assert cli("new", demo_path, "--force").exit_code == 0
    assert read_project(demo_path).scene.is_empty


def test_new_rejects_bad_sizes_and_rates(cli: Cli, tmp_path: Path) -> None:
    result = cli("new", tmp_path / "a.json", "--size", "big")
    assert result.exit_code == 2 and "--size: 'big' is not WIDTHxHEIGHT" in result.stderr
    result = cli("new", tmp_path / "a.json", "--fps", "fast")
    assert result.exit_code == 2 and "--fps" in result.stderr
    assert not (tmp_path / "a.json").exists()


@pytest.mark.slow
def test_light_commands_do_not_import_heavy_modules(demo_path: Path) -> None:
    """--help, timeline and run with the mock never load google.genai, prompt_toolkit or the server."""
    code = (
        "import sys\n"
        "from neuralcut_cli.cli.app import app\n"
        "p = sys.argv[1]\n"
        "for argv in (['--help'], ['timeline', '-p', p], ['timeline', '-p', p, '--json'],\n"
        "             ['run', 'split at 5s', '-p', p, '--json'], ['tool', 'list_timeline', '-p', p, '--json']):\n"
        "    try:\n"
        "        app(argv)\n"
        "    except SystemExit:\n"
        "        pass\n"
        "heavy = sorted(m for m in sys.modules if m.startswith(('google.genai', 'prompt_toolkit', 'uvicorn', 'starlette')))\n"
        "sys.stderr.write('HEAVY=' + repr(heavy))\n"
    )
    done = subprocess.run([sys.executable, "-c", code, str(demo_path)], capture_output=True, text=True, timeout=60)
    assert "HEAVY=[]" in done.stderr


def test_options_before_or_after_the_command(
    cli: Cli, demo_path: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """-p before the command works; after it wins; then $NEURALCUT_PROJECT; then the demo."""
    other = tmp_path / "other.json"
    assert cli("new", other).exit_code == 0
    assert len(json.loads(cli("-p", demo_path, "timeline", "--json").stdout)["tracks"]) == 5
    assert len(json.loads(cli("-p", demo_path, "timeline", "-p", other, "--json").stdout)["tracks"]) == 1
    monkeypatch.setenv("NEURALCUT_PROJECT", str(other))
    assert len(json.loads(cli("timeline", "--json").stdout)["tracks"]) == 1
    assert len(json.loads(cli("-p", demo_path, "assets", "--json").stdout)["assets"]) == 6
    result = cli("-p", demo_path, "--backend", "nonsense", "run", "split at 5s")
    assert result.exit_code == 2 and "Unknown backend 'nonsense'" in result.stderr
