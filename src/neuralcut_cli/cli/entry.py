"""The console script: start-up without the cyclic garbage collector.

Importing typer, rich, pydantic and the models creates many objects and
triggers collections that find nothing to free (about a tenth of a one-shot
command's time). Long-running commands (chat, serve) turn it back on.
"""

from __future__ import annotations

import gc


def main() -> None:
    gc.disable()
    from neuralcut_cli.cli.app import main as run

    run()
