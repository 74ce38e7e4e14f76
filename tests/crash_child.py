"""Run ``neuralcut`` and SIGKILL it at a chosen moment of a write.

    CRASH_AT="after:pending.json" python tests/crash_child.py tool split '{"times": [5]}' -p p.json

``after:NAME`` kills the process right after the rename whose target is
named NAME (``before:NAME`` right before it); ``write:NAME`` kills it after
the temporary file for NAME has been written and flushed, before its rename.
``after:NAME#K`` waits for the K-th such rename; ``rename:K`` kills the
process right after its K-th rename of any file (a random point of a run).
Without ``CRASH_AT`` it runs normally. Used by ``test_crash.py``.
"""

from __future__ import annotations

import os
import signal
import sys
from typing import Any


def _install(point: str) -> None:
    when, _, name = point.partition(":")
    name, _, nth = name.partition("#")
    wanted = int(nth or 1)
    seen = [0]
    real_replace = os.replace
    real_fsync = os.fsync

    def replace(src: Any, dst: Any, *args: Any, **kwargs: Any) -> None:
        if when == "rename":
            real_replace(src, dst, *args, **kwargs)
            seen[0] += 1
            if seen[0] == int(name):
                os.kill(os.getpid(), signal.SIGKILL)
            return
        hit = os.path.basename(os.fspath(dst)) == name
        if hit:
            seen[0] += 1
            hit = seen[0] == wanted
        if hit and when == "before":
            os.kill(os.getpid(), signal.SIGKILL)
        real_replace(src, dst, *args, **kwargs)
        if hit and when == "after":
            os.kill(os.getpid(), signal.SIGKILL)

    def fsync(fd: Any) -> None:
        real_fsync(fd)
        try:
            target = os.readlink(f"/proc/self/fd/{fd}")
        except OSError:
            return
        base = os.path.basename(target)
        if when == "write" and base.startswith(f".{name}.") and base.endswith(".tmp"):
            os.kill(os.getpid(), signal.SIGKILL)

    os.replace = replace
    os.fsync = fsync


if __name__ == "__main__":
    if os.environ.get("CRASH_AT"):
        _install(os.environ["CRASH_AT"])
    from neuralcut_cli.cli.app import main

    sys.argv = ["neuralcut", *sys.argv[1:]]
    main()
