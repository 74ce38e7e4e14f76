"""The round trip of an MCP ``split`` call, client to ``neuralcut mcp`` and back, measured in one run.

    python benchmarks/bench_mcp.py

With the official SDK's client over stdio, the server started once: the median of 21 ``split`` calls on a copy
of the demo project (goal: under 50 ms), and on the generated 20,000-element project against
``neuralcut tool split`` on the same file (goal: no slower: the server pays no start-up, yet opens the file
afresh for every call, so it sees another process's edits).
"""

from __future__ import annotations

import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import anyio
from mcp.client.session import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client

sys.path.insert(0, str(Path(__file__).parent))

from generate import write_project

REPO = Path(__file__).resolve().parent.parent
CALLS = 21


def mcp_times(path: Path, times: list[float]) -> list[float]:
    async def main() -> list[float]:
        params = StdioServerParameters(command=sys.executable, args=["-m", "neuralcut_cli", "mcp", "-p", str(path)])
        spent = []
        async with stdio_client(params) as (read, write):
            async with ClientSession(read, write) as session:
                await session.initialize()
                for at in times:
                    started = time.perf_counter()
                    result = await session.call_tool("split", {"times": [at]})
                    spent.append(time.perf_counter() - started)
                    assert not result.is_error, result.content
        return spent

    return anyio.run(main)


def cli_times(path: Path, times: list[float]) -> list[float]:
    spent = []
    for at in times:
        started = time.perf_counter()
        subprocess.run(
            [sys.executable, "-m", "neuralcut_cli", "tool", "split", f'{{"times": [{at}]}}', "-p", str(path), "--json"],
            check=True,
            capture_output=True,
        )
        spent.append(time.perf_counter() - started)
    return spent


def main() -> None:
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        demo = folder / "demo.json"
        shutil.copy(REPO / "projects" / "demo.json", demo)
        demo_ms = statistics.median(mcp_times(demo, [1 + i * 0.1 for i in range(CALLS)])) * 1000
        print(f"demo project: MCP split round trip, median of {CALLS}: {demo_ms:.1f} ms")
        big = write_project(folder / "big.json", 20_000, 12)
        cuts = [10 + i * 0.37 for i in range(7)]
        over_mcp = statistics.median(mcp_times(big, cuts))
        copy = folder / "big2.json"
        big2 = write_project(copy, 20_000, 12)
        by_cli = statistics.median(cli_times(big2, cuts))
        print(
            f"20,000 elements: MCP split median {over_mcp * 1000:.0f} ms, `neuralcut tool split` median "
            f"{by_cli * 1000:.0f} ms ({by_cli / over_mcp:.2f}x the MCP time)"
        )


if __name__ == "__main__":
    main()
