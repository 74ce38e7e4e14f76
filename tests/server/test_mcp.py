"""`neuralcut mcp` (issue 17 §1) driven by the official `mcp` SDK's own client over stdio."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import anyio
import pytest
from cli_helpers import EXE, neuralcut
from mcp.client.session import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client

from neuralcut_cli.tools import default_registry

pytestmark = pytest.mark.slow  # real server processes


def served(path: Path, body: Callable[[ClientSession], Awaitable[Any]], handler: Any = None) -> Any:
    async def main() -> Any:
        params = StdioServerParameters(command=EXE[0], args=[*EXE[1:], "mcp", "-p", str(path)])
        async with stdio_client(params) as (read, write):
            async with ClientSession(read, write, message_handler=handler) as session:
                await session.initialize()
                return await body(session)

    return anyio.run(main)


def main_count(path: Path) -> int:
    return len(json.loads(path.read_text())["scenes"][0]["tracks"]["main"]["elements"])


def test_every_tool_with_its_schema_and_hints(demo_path: Path) -> None:
    async def body(session: ClientSession) -> Any:
        return (await session.list_tools()).tools

    tools = {t.name: t for t in served(demo_path, body)}
    registry = default_registry()
    assert set(tools) == set(registry.keys())
    assert tools["split"].input_schema == registry.get("split").parameters
    assert tools["list_timeline"].annotations.read_only_hint is True
    assert tools["delete_timeline_elements"].annotations.destructive_hint is True
    assert tools["split"].annotations.destructive_hint is False and tools["split"].annotations.read_only_hint is False
    assert tools["load_asset_context"].annotations.open_world_hint is True
    assert tools["set_volume"].annotations.idempotent_hint is True


def test_calls_are_undo_steps_and_errors_are_results(demo_path: Path) -> None:
    async def body(session: ClientSession) -> Any:
        split = await session.call_tool("split", {"times": [5]})
        listed = await session.call_tool("list_timeline", {})
        bad = await session.call_tool("split", {"times": ["soon"]})
        unknown = await session.call_tool("explode", {})
        return split, listed, bad, unknown

    split, listed, bad, unknown = served(demo_path, body)
    assert not split.is_error and split.structured_content["success"] is True
    assert "e-intro" in listed.content[0].text
    refusal = json.loads(bad.content[0].text)
    assert bad.is_error and refusal["error"] == "Invalid split times"  # the spec's exact string
    assert refusal["details"].startswith("times: a number")  # and which argument was wrong
    assert unknown.is_error and "Unknown tool" in unknown.content[0].text
    assert main_count(demo_path) == 4
    history = neuralcut("history", "-p", demo_path, "--json")
    assert [step["tools"] for step in json.loads(history.stdout)["undo"]] == [["split"]]  # one undo step


def test_a_call_waits_for_another_process_holding_the_lock(demo_path: Path) -> None:
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            (
                "import sys, time; from neuralcut_cli.project.lock import ProjectLock\n"
                f"with ProjectLock({str(demo_path)!r}):\n"
                "    print('held', flush=True); time.sleep(1.5)\n"
            ),
        ],
        stdout=subprocess.PIPE,
        text=True,
    )
    assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
    started = time.monotonic()

    async def body(session: ClientSession) -> Any:
        return await session.call_tool("split", {"times": [5]})

    result = served(demo_path, body)
    holder.wait(timeout=60)
    assert not result.is_error and time.monotonic() - started >= 1.0  # it waited, then did it
    assert main_count(demo_path) == 4


@pytest.mark.filterwarnings("ignore:resources/subscribe is removed")  # the 2025 protocol this server speaks has it
def test_resources_are_read_and_subscribers_hear_of_edits(demo_path: Path) -> None:
    heard: list[str] = []

    async def handler(message: Any) -> None:
        params = getattr(getattr(message, "root", message), "params", None)
        if params is not None and getattr(params, "uri", None):
            heard.append(str(params.uri))

    async def body(session: ClientSession) -> Any:
        listed = await session.list_resources()
        timeline = await session.read_resource("neuralcut://timeline")
        await session.subscribe_resource("neuralcut://timeline")
        await session.call_tool("list_timeline", {})  # reading changes nothing: no notification
        await session.call_tool("split", {"times": [5]})
        await anyio.sleep(0.3)
        after = await session.read_resource("neuralcut://timeline")
        return listed, timeline, after

    listed, timeline, after = served(demo_path, body, handler)
    assert {str(r.uri) for r in listed.resources} == {"neuralcut://timeline", "neuralcut://assets"}
    assert len(json.loads(after.contents[0].text)["tracks"][3]["elements"]) == 4
    assert len(json.loads(timeline.contents[0].text)["tracks"][3]["elements"]) == 3
    assert heard == ["neuralcut://timeline"]


def test_the_skills_are_prompts(demo_path: Path) -> None:
    async def body(session: ClientSession) -> Any:
        listed = await session.list_prompts()
        return listed, await session.get_prompt("viral-short")

    listed, prompt = served(demo_path, body)
    assert [p.name for p in listed.prompts][:2] == ["viral-short", "pitch-video"]
    assert "VIRAL SHORT" in prompt.messages[0].content.text


def test_the_server_survives_a_client_that_leaves_mid_call(demo_path: Path) -> None:
    server = subprocess.Popen(
        [*EXE, "mcp", "-p", str(demo_path)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    assert server.stdin is not None
    messages = [
        {
            "jsonrpc": "2.0",
            "id": 1,
            "method": "initialize",
            "params": {
                "protocolVersion": "2025-06-18",
                "capabilities": {},
                "clientInfo": {"name": "test", "version": "0"},
            },
        },
        {"jsonrpc": "2.0", "method": "notifications/initialized"},
        {"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": "split", "arguments": {"times": [5]}}},
    ]
    server.stdin.write("".join(json.dumps(m) + "\n" for m in messages).encode())
    server.stdin.close()  # gone before the answer
    assert server.stderr is not None
    err = server.stderr.read()
    server.wait(timeout=30)
    assert b"Traceback" not in err
    json.loads(demo_path.read_text())  # the file is whole, split or not
    assert main_count(demo_path) in (3, 4)

    async def body(session: ClientSession) -> Any:
        return await session.call_tool("list_timeline", {})

    assert not served(demo_path, body).is_error  # and the next client is served


def _http_server(path: Path, *extra: str) -> tuple[subprocess.Popen[str], str]:
    server = subprocess.Popen(
        [*EXE, "mcp", "-p", str(path), "--http", "--port", "0", *extra], stderr=subprocess.PIPE, text=True
    )
    assert server.stderr is not None
    line = server.stderr.readline()
    assert "over MCP at" in line, line
    return server, line.split(" at ")[-1].strip()


def test_streamable_http_on_loopback(demo_path: Path) -> None:
    from mcp.client.streamable_http import streamable_http_client

    server, url = _http_server(demo_path)
    try:

        async def main() -> Any:
            async with streamable_http_client(url) as streams:
                async with ClientSession(streams[0], streams[1]) as session:
                    await session.initialize()
                    tools = await session.list_tools()
                    return tools, await session.call_tool("split", {"times": [5]})

        tools, split = anyio.run(main)
        assert "split" in {t.name for t in tools.tools} and not split.is_error
        assert main_count(demo_path) == 4
    finally:
        server.terminate()
        server.wait(timeout=60)


def test_other_addresses_need_a_token(demo_path: Path) -> None:
    done = neuralcut("mcp", "-p", demo_path, "--http", "--host", "0.0.0.0", "--port", "0")
    assert done.returncode == 2 and "without a token" in done.stderr
    import urllib.error
    import urllib.request

    server, url = _http_server(demo_path, "--token", "s3cret")
    try:
        request = urllib.request.Request(url, data=b"{}", headers={"Content-Type": "application/json"})
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(request, timeout=10)
        assert refused.value.code == 401
    finally:
        server.terminate()
        server.wait(timeout=60)


def test_each_call_sees_what_another_process_changed(demo_path: Path) -> None:
    async def body(session: ClientSession) -> Any:
        before = _text(await session.call_tool("list_timeline", {}))
        done = await anyio.run_process(
            [*EXE, "tool", "delete_timeline_elements", '{"elementIds": ["e-title"]}', "-p", str(demo_path)]
        )
        assert done.returncode == 0
        after = _text(await session.call_tool("list_timeline", {}))
        return before, after

    before, after = served(demo_path, body)
    names = [{e["elementId"] for t in side["tracks"] for e in t["elements"]} for side in (before, after)]
    assert "e-title" in names[0] and "e-title" not in names[1]


def _text(result: Any) -> Any:
    """The JSON a tool answered, from its first (text) content."""
    first = result.content[0]
    assert first.type == "text", first
    return json.loads(first.text)
