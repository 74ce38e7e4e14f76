"""Flags that hold for every command, wherever they are typed: ``--color`` and ``--debug``.

``neuralcut timeline --color always`` and ``neuralcut --color always
timeline`` mean the same, so both flags are taken out of the command line
before typer parses it (up to a ``--``); the root command declares them
too, for ``--help``. ``--color auto`` (the default) follows rich: colour on
a terminal unless ``NO_COLOR`` is set; ``always`` and ``never`` beat
``NO_COLOR``. ``--debug`` (or ``NEURALCUT_DEBUG=1``) logs what NeuralCut
does to stderr: settings and where they came from, each model turn, each
tool call with its time, the ffmpeg command lines. Keys and tokens never
reach the log: a filter masks every value of the key variables.
"""

from __future__ import annotations

import logging
import os
import sys
from dataclasses import dataclass

from neuralcut_cli.errors import UsageError

COLOR_MODES = ("auto", "always", "never")


@dataclass
class GlobalFlags:
    color: str = "auto"
    debug: bool = False


FLAGS = GlobalFlags()


def take_global_flags(argv: list[str]) -> list[str]:
    """``argv`` without ``--color X`` / ``--color=X`` / ``--debug`` (before any ``--``); ``FLAGS`` set."""
    rest: list[str] = []
    index = 0
    FLAGS.color = "auto"
    FLAGS.debug = os.environ.get("NEURALCUT_DEBUG", "").lower() in ("1", "true", "yes", "on")
    while index < len(argv):
        word = argv[index]
        if word == "--":
            rest.extend(argv[index:])
            break
        if word == "--debug":
            FLAGS.debug = True
        elif word == "--color" or word.startswith("--color="):
            value = word.partition("=")[2] if "=" in word else (argv[index + 1] if index + 1 < len(argv) else "")
            index += 0 if "=" in word else 1
            if value not in COLOR_MODES:
                raise UsageError(f"--color takes auto, always or never, not {value!r}")
            FLAGS.color = value
        else:
            rest.append(word)
        index += 1
    if FLAGS.debug:
        start_debug_log()
    return rest


def console_colour() -> dict[str, object]:
    """rich ``Console`` arguments for the colour mode."""
    if FLAGS.color == "always":
        return {"force_terminal": True, "no_color": False}
    if FLAGS.color == "never":
        return {"no_color": True, "color_system": None}
    return {}


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
