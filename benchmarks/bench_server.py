"""Load on the HTTP API: N requests, C in flight, against `neuralcut serve`
with the mock backend, in a separate process.

    python benchmarks/bench_server.py [--requests 2000] [--concurrency 32]

Reports throughput, p50/p99 latency and that no request failed. The client
is Python threads with keep-alive connections, so on a 2-core machine it
competes with the server for CPU: the figures are a floor, not a ceiling.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import statistics
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor

BODY = json.dumps(
    {
        "messages": [{"role": "user", "content": "delete from 3s to 6s"}],
        "context": {
            "projectId": "demo",
            "activeSceneId": "s-main",
            "playbackTimeMs": 0,
            "mediaAssets": [{"id": "a-intro", "name": "intro.mp4", "type": "video", "duration": 8.0}],
        },
    }
).encode()


def start_server() -> tuple[subprocess.Popen, int]:
    process = subprocess.Popen(
        [sys.executable, "-m", "neuralcut_cli", "serve", "--port", "0", "--log-level", "warning"],
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "NEURALCUT_BACKEND": "mock"},
    )
    line = process.stdout.readline()  # "neuralcut serve: http://127.0.0.1:PORT/api/agent/chat ..."
    port = int(line.split("http://127.0.0.1:")[1].split("/")[0])
    for _ in range(100):
        try:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=1)
            connection.request("GET", "/healthz")
            if connection.getresponse().status == 200:
                return process, port
        except OSError:
            time.sleep(0.05)
    raise RuntimeError("the server did not start")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--requests", type=int, default=2000)
    parser.add_argument("--concurrency", type=int, default=32)
    args = parser.parse_args()
    process, port = start_server()
    local = threading.local()
    latencies: list[float] = []
    failures: list[str] = []

    def one(_: int) -> None:
        connection = getattr(local, "connection", None)
        if connection is None:
            connection = local.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        started = time.perf_counter()
        try:
            connection.request("POST", "/api/agent/chat", body=BODY, headers={"Content-Type": "application/json"})
            response = connection.getresponse()
            payload = response.read()
            if response.status != 200 or json.loads(payload)["toolCalls"][0]["name"] != "split":
                failures.append(f"{response.status} {payload[:80]!r}")
        except Exception as exc:  # noqa: BLE001 - counted, reported
            failures.append(repr(exc))
            local.connection = None
        latencies.append(time.perf_counter() - started)

    try:
        started = time.perf_counter()
        with ThreadPoolExecutor(args.concurrency) as pool:
            list(pool.map(one, range(args.requests)))
        elapsed = time.perf_counter() - started
    finally:
        process.terminate()
        process.wait(10)
    ordered = sorted(latencies)
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    print(
        f"{args.requests} requests, {args.concurrency} in flight, mock backend: {args.requests / elapsed:.0f} req/s, "
        f"p50 {statistics.median(ordered) * 1000:.1f} ms, p99 {p99 * 1000:.1f} ms, failed {len(failures)}"
    )
    if failures:
        print("first failures:", failures[:3])
        raise SystemExit(1)


if __name__ == "__main__":
    main()
