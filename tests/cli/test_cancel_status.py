"""After Ctrl-C cancels a request still waiting on the model, the status the
REPL's bar shows is idle at once, and stays idle when the abandoned answer
finally arrives (issue 18 §7: the bar stayed on "sending")."""

from __future__ import annotations

import _thread
import json
import threading
import time
from pathlib import Path

import pytest

from neuralcut_cli.agent.events import StatusChanged
from neuralcut_cli.cli.chat.chat_session import ChatSession


@pytest.mark.slow  # real waits (the model answers after 1.5 s)
def test_a_cancelled_wait_leaves_the_agent_idle(demo_path: Path, tmp_path: Path) -> None:
    script = tmp_path / "slow.json"
    script.write_text(
        json.dumps(
            {
                "delay": 1.5,
                "turns": [{"toolCalls": [{"id": "c1", "name": "split", "args": {"times": [5]}}]}, {"content": "done"}],
            }
        )
    )
    before = demo_path.read_bytes()
    chat = ChatSession(demo_path, f"scripted:{script}")
    seen: list[str] = []
    chat.listener = lambda event: seen.append(event.status) if isinstance(event, StatusChanged) else None
    threading.Timer(0.4, _thread.interrupt_main).start()  # Ctrl-C while the model is "thinking"
    exchange = chat.ask("split at 5s slowly")
    assert exchange.cancelled
    assert chat.agent.status == "idle" and seen[-1] == "idle"
    time.sleep(2.0)  # the abandoned answer arrives and is dropped
    assert chat.agent.status == "idle" and not chat.chat.loading
    assert demo_path.read_bytes() == before
    assert not chat.ask("what plays at 2s").cancelled  # the session takes the next request
