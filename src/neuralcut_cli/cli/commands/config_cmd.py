"""``neuralcut config``: the effective settings and where each comes from; API keys as set or unset only."""

from __future__ import annotations

import os
from typing import Any

import typer

from neuralcut_cli.cli.environment import current
from neuralcut_cli.cli.errors import guarded
from neuralcut_cli.cli.help_text import command
from neuralcut_cli.cli.options import JsonOpt


def config(json_out: JsonOpt = False) -> None:
    """Show the settings in effect (flag, environment, config file or default) and which API keys are set."""
    from neuralcut_cli.cli.config import DEFAULTS, RENDER, SECRETS, load_config
    from neuralcut_cli.cli.output import Output

    loaded = load_config()
    said = current()
    flags = {"backend": said.backend, "model": said.model, "base_url": said.base_url, "approve": None}
    settings: dict[str, dict[str, Any]] = {}
    for name in DEFAULTS:
        value, source = loaded.setting(name, flags.get(name))
        settings[name] = {"value": value, "source": source}
    for name in RENDER:
        source = f"config file ({loaded.path})" if name in loaded.render else "default"
        settings[f"render.{name}"] = {"value": loaded.render_setting(name), "source": source}
    keys = {name: "set" if os.environ.get(name, "").strip() else "unset" for name in SECRETS}
    out = Output()
    if json_out:
        out.json(
            {
                "configFile": str(loaded.path),
                "configFileExists": loaded.path.is_file(),
                "settings": settings,
                "keys": keys,
            }
        )
        return
    state = "" if loaded.path.is_file() else " (not there: defaults and environment only)"
    out.say(f"Config file: {loaded.path}{state}")
    for name, entry in settings.items():
        shown = (
            "(none)"
            if entry["value"] is None
            else str(entry["value"]).lower()
            if isinstance(entry["value"], bool)
            else entry["value"]
        )
        out.say(f"  {name:<15} {shown:<28} {entry['source']}")
    out.say("Keys: " + ", ".join(f"{name} {state}" for name, state in keys.items()))


def register(app: typer.Typer) -> None:
    command(app, guarded(config))
