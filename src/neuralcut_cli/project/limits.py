"""What any JSON NeuralCut accepts may hold: bounded nesting, sane numbers,
valid Unicode.

Project files, tool arguments and HTTP bodies are data from anywhere. Python
reads ``1e400`` as infinity, ``"\\ud800"`` as a string that cannot be written
back as UTF-8, and nesting a few hundred deep that pydantic then refuses to
save. ``check_json`` finds the first such value and names its JSON path, so
the input is refused before anything is written.
"""

from __future__ import annotations

import math
import re
from typing import Any

#: Deepest nesting of lists and objects inside one value.
MAX_DEPTH = 64
#: Largest magnitude of a whole number (a signed 64-bit integer).
MAX_INT = 2**63 - 1
#: Largest magnitude of any number a project field may hold unless it says otherwise.
MAX_NUMBER = 1e9

_SURROGATE = re.compile("[\ud800-\udfff]")
#: A ``\\u`` escape of a surrogate in JSON text: the only way JSON can carry one.
SURROGATE_ESCAPE = re.compile(rb"\\u[dD][89a-fA-F]")


class UnsafeJson(ValueError):
    """A value NeuralCut will not take; ``path`` (``.key[0]``, relative to the
    value checked) says where it is."""

    def __init__(self, path: str, problem: str) -> None:
        super().__init__(f"{_short(path)}: {problem}" if path else problem)
        self.path = path
        self.problem = problem

    def at(self, root: str = "") -> str:
        """``root.path: problem``, for a value that sits at ``root``."""
        where = _short((root + self.path).lstrip("."))
        return f"{where}: {self.problem}" if where else self.problem


def _short(path: str) -> str:
    return path if len(path) <= 60 else path[:57] + "..."


def has_lone_surrogate(text: str) -> bool:
    """True when ``text`` holds a UTF-16 surrogate, which UTF-8 cannot encode."""
    return _SURROGATE.search(text) is not None


def check_json(value: Any, path: str = "", max_depth: int = MAX_DEPTH) -> Any:
    """Return ``value`` unchanged, or raise ``UnsafeJson`` naming the first bad part."""
    stack: list[tuple[Any, str, int]] = [(value, path, 0)]
    while stack:
        item, where, depth = stack.pop()
        kind = type(item)
        if kind is str:
            if has_lone_surrogate(item):
                raise UnsafeJson(where, "text is not valid Unicode (a lone surrogate)")
        elif kind is float:
            if not math.isfinite(item):
                raise UnsafeJson(where, "numbers must be finite")
        elif kind is int:
            if abs(item) > MAX_INT:
                raise UnsafeJson(where, "number is too large")
        elif kind is dict or kind is list:
            if depth >= max_depth:
                raise UnsafeJson(where, f"nested more than {max_depth} levels deep")
            pairs = item.items() if kind is dict else enumerate(item)
            for key, child in pairs:
                if kind is dict and isinstance(key, str) and has_lone_surrogate(key):
                    raise UnsafeJson(where, "a key is not valid Unicode (a lone surrogate)")
                stack.append((child, _join(where, key), depth + 1))
    return value


def _join(path: str, key: Any) -> str:
    return f"{path}[{key}]" if isinstance(key, int) else f"{path}.{key}"


def reject_constant(name: str) -> float:
    """``json.loads(parse_constant=...)``: NaN and Infinity are not JSON."""
    raise UnsafeJson("", f"{name} is not a JSON number")
