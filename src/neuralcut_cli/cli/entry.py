"""The console script: start-up without the cyclic garbage collector.

Importing typer, rich, pydantic and the models creates many objects and
triggers collections that find nothing to free (about a tenth of a one-shot
command's time). Long-running commands (chat, serve) turn it back on.

Pydantic looks for plugins (every installed package's entry points, through
``importlib.metadata``) when the first model is built; NeuralCut uses none,
so plugins are off unless ``PYDANTIC_DISABLE_PLUGINS`` is already set. With
them off, pydantic's plugin loader answers "none" without reading anything,
but importing it imports ``importlib.metadata`` (a twentieth of a one-shot
command): ``no_pydantic_plugins`` puts a loader in its place that answers
the same, and hands any other question to the real one.

When the command is done the process leaves without tearing the interpreter
down (``leave``): freeing every module and object one by one took a fifth of
a one-shot command's time. What an orderly exit does that matters still
happens: the ``atexit`` functions run (logging's flush, temporary folders'
removal), stdout and stderr are flushed, and a command that left a
non-daemon thread running exits the ordinary way, which waits for it.
"""

from __future__ import annotations

import atexit
import gc
import importlib
import os
import sys
import threading
import types


def main() -> None:
    gc.disable()
    os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")
    no_pydantic_plugins()
    from neuralcut_cli.cli.app import main as run

    try:
        run()
    except SystemExit as exc:
        leave(exc.code)
    leave(0)


_LOADER = "pydantic.plugin._loader"


def no_pydantic_plugins() -> None:
    """When pydantic's plugins are off (``PYDANTIC_DISABLE_PLUGINS``), its loader without ``importlib.metadata``:
    ``get_plugins()`` is empty, as the real one answers then; anything else asked of it imports the real one."""
    if os.environ.get("PYDANTIC_DISABLE_PLUGINS") not in ("__all__", "1", "true") or _LOADER in sys.modules:
        return
    loader = types.ModuleType(_LOADER, "pydantic's plugin loader, while plugins are off (neuralcut_cli.cli.entry)")

    def get_plugins() -> tuple[()]:
        return ()

    def real(name: str) -> object:
        if name.startswith("__"):  # the import system asking what kind of module this is (``__path__``...)
            raise AttributeError(name)
        if sys.modules.get(_LOADER) is loader:
            del sys.modules[_LOADER]
        return getattr(importlib.import_module(_LOADER), name)

    loader.get_plugins = get_plugins  # type: ignore[attr-defined]
    loader.__getattr__ = real  # type: ignore[method-assign]
    sys.modules[_LOADER] = loader


def leave(code: object) -> None:
    """Exit with ``code`` (as ``SystemExit`` reads it) without the interpreter's teardown."""
    if any(t.is_alive() and not t.daemon for t in threading.enumerate() if t is not threading.main_thread()):
        raise SystemExit(code)  # the ordinary exit waits for those threads
    if code is not None and not isinstance(code, int):
        print(code, file=sys.stderr)
        code = 1
    atexit._run_exitfuncs()
    for stream in (sys.stdout, sys.stderr):
        try:
            if stream is not None:
                stream.flush()
        except (OSError, ValueError):  # a closed pipe (``| head``): what was read was read
            code = code or 1
    os._exit(code or 0)
