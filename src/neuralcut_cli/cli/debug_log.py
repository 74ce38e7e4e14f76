"""The ``--debug`` log (or ``NEURALCUT_DEBUG=1``): what NeuralCut does, to stderr.

Settings and where they came from, each model turn, each tool call with its
time, the ffmpeg command lines. Keys and tokens never reach the log: a filter
masks every value of the key variables. ``--debug`` and ``--color`` are taken
out of the command line wherever they are typed (``environment``).
"""

from __future__ import annotations

import logging
import sys


class _Masked(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        from neuralcut_cli.secrets import redact

        message = record.getMessage()
        masked = redact(message)
        if masked != message:
            record.msg, record.args = masked, None
        return True


def start_debug_log() -> None:
    """NeuralCut's log at DEBUG, the HTTP libraries' request lines at INFO, all to stderr, secrets masked."""
    if any(getattr(h, "neuralcut", False) for h in logging.getLogger("neuralcut").handlers):
        return  # once per process (tests call main() many times)
    handler = logging.StreamHandler(sys.stderr)
    handler.neuralcut = True  # type: ignore[attr-defined]
    handler.setFormatter(logging.Formatter("%(asctime)s.%(msecs)03d %(name)s: %(message)s", "%H:%M:%S"))
    handler.addFilter(_Masked())
    for name, level in (("neuralcut", logging.DEBUG), ("httpx", logging.INFO), ("httpx2", logging.INFO)):
        logger = logging.getLogger(name)
        logger.setLevel(level)
        logger.addHandler(handler)
        logger.propagate = False
    logging.getLogger("neuralcut").debug("debug log on (python %s)", sys.version.split()[0])
