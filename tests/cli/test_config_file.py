"""Issue 40 §14: a config file that cannot be used is an error naming the file (and the key), for every command:
a bad backend, malformed TOML (``timeline`` ignored it), and NEURALCUT_CONFIG naming a file that is not there."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from cli_helpers import invoke

COMMANDS = [["timeline"], ["run", "split at 5s"], ["check"], ["config"]]


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: c[0])
def test_a_bad_backend_in_the_file_names_the_file_and_the_key(
    demo_path: Path, tmp_path: Path, command: list[Any]
) -> None:
    config = tmp_path / "c.toml"
    config.write_text('model = "x"\nbackend = "no-such-backend"\n')
    before = demo_path.read_bytes()
    done = invoke(*command, "-p", demo_path, env={"NEURALCUT_CONFIG": str(config)})
    assert done.returncode == 2
    assert f"{config} line 2: backend 'no-such-backend' is not a backend" in done.stderr
    assert demo_path.read_bytes() == before


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: c[0])
def test_malformed_toml_is_an_error_for_every_command(demo_path: Path, tmp_path: Path, command: list[Any]) -> None:
    config = tmp_path / "c.toml"
    config.write_text("backend = \n")
    done = invoke(*command, "-p", demo_path, env={"NEURALCUT_CONFIG": str(config)})
    assert done.returncode == 2 and f"{config}: malformed TOML" in done.stderr


def test_a_missing_file_named_by_the_environment_is_an_error(demo_path: Path, tmp_path: Path) -> None:
    missing = tmp_path / "nope.toml"
    done = invoke("timeline", "-p", demo_path, env={"NEURALCUT_CONFIG": str(missing)})
    assert done.returncode == 2
    assert f"NEURALCUT_CONFIG names {missing}, which does not exist" in done.stderr
    assert invoke("--help", env={"NEURALCUT_CONFIG": str(missing)}).returncode == 0  # help is still there


def test_a_url_backend_and_the_known_ones_are_accepted(demo_path: Path, tmp_path: Path) -> None:
    config = tmp_path / "c.toml"
    for backend in ("mock", "http://127.0.0.1:9"):
        config.write_text(f'backend = "{backend}"\n')
        done = invoke("timeline", "-p", demo_path, env={"NEURALCUT_CONFIG": str(config)})
        assert done.returncode == 0, done.stderr
