"""Segments rendered on a Ray cluster (``neuralcut render --ray HOST:PORT``, the ``neuralcut-cli[ray]`` extra).

Ray does the distribution: each segment is one task (one CPU) that runs the same job as a local render, on
whichever node Ray picks. What reaches the workers:

- **Media by path.** Every node must see the project's media files at the same absolute paths (a shared
  folder: NFS, a cluster file system, the same disk image). Before any work starts one small task per node
  checks every file the render reads, by path and size, and NeuralCut on the node; a node that cannot see
  them stops the render with a message naming the node and the files.
- **Everything else travels.** The texts, drawn pictures and fonts the graph reads (small: a few MB at most)
  go through Ray's object store once and are written into a private folder on the worker; each finished
  piece comes back the same way and is kept here like a local one (the render cache sees no difference).

Every node needs NeuralCut (the same version) with its bundled ffmpeg installed; ``ray start`` on each node
from that environment does it.
"""

from __future__ import annotations

import logging
import os
import socket
import tempfile
from pathlib import Path
from typing import Any

from neuralcut_cli import __version__
from neuralcut_cli.errors import Cancelled, MediaError, UsageError
from neuralcut_cli.render.jobs import SUFFIXES, Job, Kind
from neuralcut_cli.render.workers import Finished, Report, Task, run_local

CONNECT_SECONDS = 20  # the longest a driver waits to join a head that answers


def run_ray(tasks: list[Task], root: Path, address: str, report: Report, finished: Finished) -> None:
    """Run ``tasks`` on the cluster at ``address``; the pieces are written to each task's targets here."""
    ray = _import_ray()
    _connect(ray, address)
    pending: dict[Any, Task] = {}
    try:
        _check_nodes(ray, _media_files(tasks))
        names = sorted({name for task in tasks for name in task.job.support_files()})
        support = ray.put({name: (root / name).read_bytes() for name in names})
        remote = ray.remote(num_cpus=1, max_retries=1)(render_segment)
        pending = {remote.remote(task.job, support): task for task in tasks}
        while pending:
            ready, _ = ray.wait(list(pending), num_returns=1, timeout=0.5)
            for ref in ready:
                task = pending.pop(ref)
                pieces = _result(ray, ref, task)
                for kind, path in task.targets.items():
                    path.write_bytes(pieces[kind])
                report(task, task.seconds)
                finished(task)
    except KeyboardInterrupt:
        raise Cancelled("Render cancelled; nothing was written under the output name") from None
    finally:
        for ref in pending:
            ray.cancel(ref, force=True)
        ray.shutdown()


def preflight(address: str) -> None:
    """Before any work: Ray is installed and something answers at ``address``."""
    _import_ray()
    _reachable(address)


def render_segment(job: Job, support: dict[str, bytes]) -> dict[Kind, bytes]:
    """On a worker: the job in a private folder holding its support files; its pieces as bytes."""
    with tempfile.TemporaryDirectory(prefix="neuralcut-ray-") as folder:
        root = Path(folder)
        for name in job.support_files():
            target = (root / name).resolve()
            if not target.is_relative_to(root.resolve()):
                raise MediaError(f"a support file outside its folder: {name}")
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(support[name])
        graph_file = root / "graph.txt"
        graph_file.write_text(job.graph(root), encoding="utf-8")
        targets = {kind: root / f"piece{SUFFIXES[kind]}" for kind in job.kinds}
        run_local([Task(job, graph_file, targets)], root, 1, lambda *_: None, lambda _: None)
        return {kind: path.read_bytes() for kind, path in targets.items()}


def node_facts(paths: list[str]) -> dict[str, Any]:
    """On a node: who it is, its NeuralCut, and the size of each media file as it sees it (None: unreadable)."""
    sizes: dict[str, int | None] = {}
    for path in paths:
        try:
            sizes[path] = os.stat(path).st_size if os.access(path, os.R_OK) else None
        except OSError:
            sizes[path] = None
    return {"host": socket.gethostname(), "version": __version__, "sizes": sizes}


def _import_ray() -> Any:
    try:
        import ray
    except ImportError:
        raise UsageError("--ray needs Ray: pip install 'neuralcut-cli[ray]'") from None
    return ray


def _connect(ray: Any, address: str) -> None:
    """Join the cluster as a driver; an address nothing answers at is refused at once (Ray itself retries it
    for minutes)."""
    _reachable(address)
    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
    os.environ.setdefault("RAY_gcs_rpc_server_reconnect_timeout_s", str(CONNECT_SECONDS))  # not Ray's minutes
    if _loopback(address):  # Ray turns 127.0.0.1 into this machine's network address; a loopback head stays there
        from ray._private import ray_constants

        ray_constants.ENABLE_RAY_CLUSTER = False  # (read when Ray resolves a local address; its own switch for it)
    try:
        ray.init(address=address, logging_level=logging.ERROR, log_to_driver=False, include_dashboard=False)
    except (ConnectionError, RuntimeError, ValueError) as exc:
        raise MediaError(f"Cannot reach the Ray cluster at {address}: {str(exc).splitlines()[0][:300]}") from None


def _reachable(address: str) -> None:
    if address == "auto":
        return
    host, _, port = address.removeprefix("ray://").rpartition(":")
    if not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise UsageError(f"--ray {address}: give the head's HOST:PORT (e.g. 10.0.0.5:6379), or auto")
    try:
        with socket.create_connection((host.strip("[]"), int(port)), timeout=5) as connection:
            speaks = _speaks_grpc(connection)
    except OSError as exc:
        raise MediaError(
            f"Cannot reach the Ray cluster at {address}: {exc.strerror or exc}; nothing was rendered"
        ) from None
    if not speaks:
        raise MediaError(
            f"Something answers at {address}, but not a Ray cluster (a Ray head speaks gRPC there); give the "
            "address `ray start --head` printed. Nothing was rendered"
        )


def _speaks_grpc(connection: socket.socket) -> bool:
    """Whether the server is an HTTP/2 one, as a Ray head's GCS (gRPC) is: it answers the client's preface with
    a SETTINGS frame (an HTTP/1 server, a database or a silent port does not)."""
    connection.settimeout(5)
    connection.sendall(b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n" + bytes([0, 0, 0, 4, 0, 0, 0, 0, 0]))
    head = b""
    try:
        while len(head) < 9 and (piece := connection.recv(9 - len(head))):
            head += piece
    except OSError:
        return False
    return len(head) == 9 and head[3] == 4  # frame type 4: SETTINGS


def _loopback(address: str) -> bool:
    host = address.removeprefix("ray://").rpartition(":")[0].strip("[]")
    return host in ("127.0.0.1", "localhost", "::1") or host.startswith("127.")


def _media_files(tasks: list[Task]) -> list[str]:
    """The media files the render reads: the inputs that are not support files."""
    return sorted(
        {
            value[len("file:") :]
            for task in tasks
            for spec in task.job.inputs
            for value in spec
            if value.startswith("file:/")
        }
    )


def _check_nodes(ray: Any, paths: list[str]) -> None:
    """Every alive node must see every media file at its path with its size here; refuse before any work."""
    from ray.util.scheduling_strategies import NodeAffinitySchedulingStrategy

    here = {path: os.stat(path).st_size for path in paths}
    probe = ray.remote(num_cpus=0)(node_facts)
    nodes = [node for node in ray.nodes() if node.get("Alive")]
    answers = ray.get(
        [
            probe.options(scheduling_strategy=NodeAffinitySchedulingStrategy(node["NodeID"], soft=False)).remote(paths)
            for node in nodes
        ]
    )
    for node, facts in zip(nodes, answers, strict=True):
        name = node.get("NodeManagerAddress") or facts["host"]
        if facts["version"] != __version__:
            raise MediaError(
                f"Ray node {name} runs NeuralCut {facts['version']} (here {__version__}): install the "
                "same version on every node; nothing was rendered"
            )
        unseen = [path for path in paths if facts["sizes"].get(path) != here[path]]
        if unseen:
            shown = ", ".join(unseen[:3]) + (f" and {len(unseen) - 3} more" if len(unseen) > 3 else "")
            raise MediaError(
                f"Ray node {name} cannot read {len(unseen)} media file(s) at the paths this project "
                f"uses ({shown}): every node needs the media at the same paths (a shared folder); "
                "nothing was rendered"
            )


def _result(ray: Any, ref: Any, task: Task) -> dict[Kind, bytes]:
    try:
        pieces: dict[Kind, bytes] = ray.get(ref)
    except Exception as exc:  # noqa: BLE001 - a Ray task error wraps the worker's own
        cause = getattr(exc, "cause", None) or exc
        message = getattr(cause, "message", None) or str(cause).splitlines()[-1]
        raise MediaError(f"Ray failed on {task.where()}: {message[:500]}") from None
    return pieces
