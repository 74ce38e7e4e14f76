"""Helpers for the round-two tables (issue 29): the demo project read as JSON, and one request run as its own
``neuralcut run`` would run it (a new session each time, so a follow-up only knows what the chat store kept)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from neuralcut_cli.cli.chat.chat_session import ChatSession

S = 120_000  # ticks per second


def elements(p: dict[str, Any]) -> list[dict[str, Any]]:
    tracks = p["scenes"][0]["tracks"]
    return [e for track in [*tracks["overlay"], tracks["main"], *tracks["audio"]] for e in track["elements"]]


def element(p: dict[str, Any], element_id: str) -> dict[str, Any]:
    return next(e for e in elements(p) if e["id"] == element_id)


def track(p: dict[str, Any], name: str) -> dict[str, Any]:
    tracks = p["scenes"][0]["tracks"]
    return next(t for t in [*tracks["overlay"], tracks["main"], *tracks["audio"]] if t.get("name") == name)


def new_texts(p: dict[str, Any]) -> list[dict[str, Any]]:
    return [e for e in elements(p) if e["type"] == "text" and e["id"] != "e-title"]


def main_order(p: dict[str, Any]) -> list[tuple[str, float]]:
    clips = sorted(p["scenes"][0]["tracks"]["main"]["elements"], key=lambda e: e["startTime"])
    return [(e["id"], e["startTime"] / S) for e in clips]


def start(e: dict[str, Any]) -> float:
    return e["startTime"] / S


def end(e: dict[str, Any]) -> float:
    return (e["startTime"] + e["duration"]) / S


def fade(e: dict[str, Any], side: str) -> float:
    """Seconds of the fade in (``in``) or out (``out``): the first or last two keys of its sound's fade layer or its
    opacity."""
    for channel in ("sound.fade:value", "opacity:value"):
        keys = (e.get("animations") or {}).get("channels", {}).get(channel, {}).get("keys", [])
        if len(keys) >= 2:
            pair = keys[:2] if side == "in" else keys[-2:]
            return (pair[1]["time"] - pair[0]["time"]) / S
    return 0.0


def ask(path: Path, text: str) -> tuple[bool, str]:
    """One request in a session of its own: (failed, reply)."""
    outcome = ChatSession(path, "mock").ask(text).outcome
    return outcome.failed, outcome.reply


def project(path: Path) -> dict[str, Any]:
    return json.loads(path.read_text())


def done_after(path: Path, before: list[str], text: str, check: Callable[[dict[str, Any]], bool]) -> None:
    """``before`` each done in a session of its own, then ``text``: it succeeds and ``check`` holds."""
    for earlier in before:
        assert not ask(path, earlier)[0], earlier
    failed, reply = ask(path, text)
    assert not failed, reply
    assert check(project(path)), reply


def refused_after(path: Path, before: list[str], text: str) -> tuple[bool, str, bytes]:
    """``before`` each done, then ``text``: (failed, reply, the file's bytes before ``text``)."""
    for earlier in before:
        assert not ask(path, earlier)[0], earlier
    kept = path.read_bytes()
    failed, reply = ask(path, text)
    return failed, reply, kept
