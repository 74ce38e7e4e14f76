"""The offline backend's patterns, compiled once per machine rather than once per process.

Reading one request runs a few hundred patterns, and Python compiles a pattern in Python code: 20 to 45 ms of a
one-shot ``neuralcut run`` went to compiling them, every run, for the same patterns. ``compiled`` keeps what the
compiler produced (the program the regex engine runs, its flags and its group names) in a file in the user's
cache folder (``$NEURALCUT_CACHE_DIR``, else ``$XDG_CACHE_HOME/neuralcut``, else ``~/.cache/neuralcut``), one
file per Python version and engine, and builds a pattern from it with the engine's own constructor, which checks
the program before it runs it. The file is sealed as the state beside a project is (``project.seal``: an HMAC
under this person's key), so a file this machine did not write is neither believed nor read. Anything unexpected
(another Python, a damaged, forged or unreadable file, a folder that cannot be written, no key) falls back to
``re.compile``: the cache only ever saves time.

Only the rows' own patterns are kept. Patterns made from a project (its names and ids: ``refs``, the asset and
track rows) are compiled by their makers and handed over compiled (``Clause.find`` takes either), so no project's
words are written outside it; ``tests/agent/mock/test_patterns.py`` holds the file to that.
"""

from __future__ import annotations

import atexit
import hmac
import marshal
import re
import sys
import threading
from pathlib import Path
from typing import Any

from neuralcut_cli.files import MB, read_regular

_MAC = 32  # bytes of the seal before the content

#: Entries kept at most (the rows use about 400); a file past it is started again.
LIMIT = 4000

_lock = threading.Lock()
_compiled: dict[str, re.Pattern[str]] = {}
_programs: dict[str, tuple[Any, ...]] | None = None  # read from the file on first use
_new: dict[str, tuple[Any, ...]] = {}
_broken = False  # the engine's internals are not what this module expects: plain re.compile from now on


def compiled(pattern: str) -> re.Pattern[str]:
    """``re.compile(pattern)``, from the cache when the machine has compiled it before."""
    found = _compiled.get(pattern)
    if found is not None:
        return found
    with _lock:
        found = _from_program(pattern) or _compile(pattern)
        _compiled[pattern] = found
    return found


def cache_file() -> Path | None:
    """The cache file for this Python and this regex engine; None when there is no folder to keep it in."""
    from neuralcut_cli.project.paths import cache_folder

    folder = cache_folder()
    if folder is None:
        return None
    import _sre

    return folder / f"patterns-{sys.implementation.cache_tag}-{_sre.MAGIC}-{_sre.CODESIZE}.marshal"


def _from_program(pattern: str) -> re.Pattern[str] | None:
    known = _known()
    program = known.get(pattern)
    if program is None or _broken:
        return None
    try:
        import _sre

        made: re.Pattern[str] = _sre.compile(pattern, *program)
        return made
    except Exception:  # noqa: BLE001 - a damaged entry: compiled again (and the file mended at exit)
        del known[pattern]
        return None


def _compile(pattern: str) -> re.Pattern[str]:
    """Compile as ``re`` does, keeping the program for the file."""
    global _broken
    if not _broken:
        try:
            from re import _compiler, _parser  # type: ignore[attr-defined]

            parsed = _parser.parse(pattern, 0)
            code = [int(op) for op in _compiler._code(parsed, 0)]  # plain ints (the compiler names its opcodes)
            names = dict(parsed.state.groupdict)
            index: list[str | None] = [None] * parsed.state.groups
            for name, number in names.items():
                index[number] = name
            program = (parsed.state.flags, code, parsed.state.groups - 1, names, tuple(index))
            return _from_new(pattern, program)
        except re.error:
            raise  # a pattern that is not one is refused as re.compile refuses it
        except Exception:  # noqa: BLE001 - internals of another Python: the public way
            _broken = True
    return re.compile(pattern)


def _from_new(pattern: str, program: tuple[Any, ...]) -> re.Pattern[str]:
    import _sre

    made: re.Pattern[str] = _sre.compile(pattern, *program)
    if not _new:
        atexit.register(_save)
    _new[pattern] = program
    return made


def _known() -> dict[str, tuple[Any, ...]]:
    global _programs
    if _programs is None:
        _programs = {}
        try:
            path = cache_file()
            data = _unsealed(read_regular(path, 64 * MB, "patterns cache", follow_links=False)) if path else None
            if isinstance(data, dict) and all(isinstance(k, str) and isinstance(v, tuple) for k, v in data.items()):
                _programs = data
        except Exception:  # noqa: BLE001 - no file yet, or one that is not ours: start empty
            _programs = {}
    return _programs


def _seal(payload: bytes) -> bytes | None:
    """The seal of ``payload``: HMAC-SHA256 under this person's state key (``project.seal``); None without a key
    (nothing is then written, or believed)."""
    from neuralcut_cli.project.seal import key

    secret = key()
    return None if secret is None else hmac.new(secret, payload, "sha256").digest()


def _unsealed(data: bytes) -> Any:
    """What a sealed file holds, if the seal is this person's: a forged or foreign file is not believed (nor
    read: ``marshal`` is only given bytes this machine wrote)."""
    mac, payload = data[:_MAC], data[_MAC:]
    expected = _seal(payload)
    if expected is None or not hmac.compare_digest(expected, mac):
        return None
    return marshal.loads(payload)


def _save() -> None:
    """Add this run's new patterns to the file (written whole, then renamed: a reader never sees half)."""
    with _lock:
        if not _new or _broken:
            return
        kept = {**_known(), **_new}
        if len(kept) > LIMIT:
            kept = dict(_new)
        _new.clear()
    path = cache_file()
    payload = marshal.dumps(kept)
    seal = _seal(payload)
    if path is None or seal is None:
        return
    from neuralcut_cli.errors import NeuralCutError
    from neuralcut_cli.project.io import write_atomic

    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(path, seal + payload)
    except (OSError, NeuralCutError):  # a read-only or full disk: next time compiles again
        pass
