"""The config file: ``config.toml`` in the platform's config folder (``~/.config/neuralcut/`` on Linux), or
where ``NEURALCUT_CONFIG`` points. Top-level ``backend``, ``model``, ``base_url``, ``approve``, ``whisper_model``
and a ``[render]`` table (``preview``, ``declick_ms``). A flag beats an environment variable, which beats the file, which beats the default.
An unknown key, a wrong type or malformed TOML is an error naming the file and the line. Keys (API keys) are
never read from or written to it."""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from neuralcut_cli.agent.backends.registry import BACKENDS, choices
from neuralcut_cli.errors import UsageError
from neuralcut_cli.project.paths import config_file

DEFAULTS: dict[str, Any] = {
    "backend": "mock",
    "model": None,
    "base_url": None,
    "approve": "auto",
    "whisper_model": None,
}
ENV = {
    "backend": "NEURALCUT_BACKEND",
    "model": "NEURALCUT_MODEL",
    "base_url": "OPENAI_BASE_URL",
    "approve": "NEURALCUT_APPROVE",
    "whisper_model": "NEURALCUT_WHISPER_MODEL",
}
CHOICES = {"approve": ("ask", "auto")}
RENDER: dict[str, Any] = {"preview": False, "declick_ms": 5.0}
EXPORTED: set[str] = set()  # settings ``export_settings`` put in the environment from the file (said as the file's)
SECRETS = ("OPENAI_API_KEY", "GEMINI_API_KEY", "GOOGLE_API_KEY", "NEURALCUT_SERVER_TOKEN")


@dataclass
class Config:
    path: Path
    values: dict[str, Any] = field(default_factory=dict)
    render: dict[str, Any] = field(default_factory=dict)

    def setting(self, name: str, flag: Any = None) -> tuple[Any, str]:
        """The effective value of a top-level setting and where it came from."""
        if flag is not None:
            return flag, "flag"
        env = os.environ.get(ENV[name], "").strip() if name not in EXPORTED else ""
        if env:
            return env, f"environment ({ENV[name]})"
        if name in self.values:
            return self.values[name], f"config file ({self.path})"
        return DEFAULTS[name], "default"

    def render_setting(self, name: str, flag: Any = None) -> Any:
        if flag is not None:
            return flag
        return self.render.get(name, RENDER[name])


MAX_CONFIG_BYTES = 1024 * 1024


@lru_cache(maxsize=4)
def _load(path: Path, stamp: tuple[int, int]) -> Config:
    from neuralcut_cli.files import FileRefused, read_regular

    try:
        text = read_regular(path, MAX_CONFIG_BYTES, "config file").decode("utf-8")
    except UnicodeDecodeError:
        raise UsageError(f"{path}: not UTF-8 text") from None
    except FileRefused as exc:
        raise UsageError(str(exc)) from None
    except OSError as exc:
        raise UsageError(f"{path}: cannot be read ({exc.strerror})") from None
    import tomllib  # only when a config file exists

    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise UsageError(f"{path}: malformed TOML: {exc}") from None
    except RecursionError:
        raise UsageError(f"{path}: nested too deeply to be a configuration file") from None
    config = Config(path)
    for key, value in data.items():
        if key == "render" and isinstance(value, dict):
            config.render = {k: _checked(path, text, k, v, RENDER, "render") for k, v in value.items()}
        else:
            config.values[key] = _checked(path, text, key, value, DEFAULTS, None)
    return config


def _checked(path: Path, text: str, key: str, value: Any, known: dict[str, Any], table: str | None) -> Any:
    where = f"{path} line {_line(text, key)}"
    if key not in known:
        names = ", ".join(sorted(k for k in known)) + ("" if table else ", [render]")
        raise UsageError(f"{where}: unknown key '{key}'{f' in [{table}]' if table else ''} (known: {names})")
    if isinstance(known[key], float):  # a number of milliseconds
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= 100:
            raise UsageError(f"{where}: '{key}' must be a number from 0 to 100")
        return float(value)
    expected = bool if isinstance(known[key], bool) else str
    if not isinstance(value, expected):
        raise UsageError(f"{where}: '{key}' must be {'true or false' if expected is bool else 'a string'}")
    if key in CHOICES and value not in CHOICES[key]:
        raise UsageError(f"{where}: '{key}' must be {' or '.join(CHOICES[key])}")
    if key == "backend" and not any(entry.takes(str(value)) and entry.listed for entry in BACKENDS):
        raise UsageError(f"{where}: backend '{value}' is not a backend: use {choices()} (a `neuralcut serve` proxy)")
    return value


def _line(text: str, key: str) -> int:
    for number, line in enumerate(text.splitlines(), start=1):
        if re.match(rf"\s*[\"']?{re.escape(key)}[\"']?\s*=", line):
            return number
    return 1


def export_settings() -> None:
    """Settings the layers below the command line read from the environment (``whisper_model``): the config
    file's value, where the environment gives none. Every command calls it first, so a config file that
    cannot be read, or a bad value in it, is an error naming the file whatever the command."""
    value = load_config().values.get("whisper_model")  # a file that cannot be read is an error here, for every command
    if os.environ.get(ENV["whisper_model"], "").strip():
        return
    if value:
        os.environ[ENV["whisper_model"]] = str(value)
        EXPORTED.add("whisper_model")


def load_config() -> Config:
    """The config file's settings (none when there is no file)."""
    path = config_file()
    try:
        stat = path.stat()
    except FileNotFoundError:
        if os.environ.get("NEURALCUT_CONFIG", "").strip():
            raise UsageError(
                f"NEURALCUT_CONFIG names {path}, which does not exist: create it, or unset NEURALCUT_CONFIG"
            ) from None
        return Config(path)
    except OSError as exc:
        raise UsageError(f"{path}: the config file cannot be read ({exc.strerror})") from None
    return _load(path, (stat.st_mtime_ns, stat.st_size))
