"""``DefinitionRegistry`` and the ``ToolRegistry`` built on it."""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from typing import Any, Generic, TypeVar

from neuralcut_cli.tools.definition import ToolContext, ToolDefinition

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class DefinitionRegistry(Generic[K, V]):
    """A keyed, ordered set of definitions: register, get, has, get_all."""

    def __init__(self) -> None:
        self._items: dict[K, V] = {}

    def register(self, key: K, value: V) -> None:
        if key in self._items:
            raise ValueError(f"{key!r} is already registered")
        self._items[key] = value

    def get(self, key: K) -> V:
        try:
            return self._items[key]
        except KeyError:
            raise KeyError(key) from None

    def has(self, key: K) -> bool:
        return key in self._items

    def get_all(self) -> list[V]:
        return list(self._items.values())

    def keys(self) -> list[K]:
        return list(self._items)


class ToolRegistry(DefinitionRegistry[str, ToolDefinition]):
    """The tools an agent (or a script) may call, by name."""

    def __init__(self, tools: Iterable[ToolDefinition] = ()) -> None:
        super().__init__()
        for definition in tools:
            self.add(definition)

    def add(self, definition: ToolDefinition) -> None:
        self.register(definition.name, definition)

    def execute(self, name: str, args: object, context: ToolContext) -> dict[str, Any]:
        """Run a tool by name; an unknown name is an error value, like any other."""
        if not self.has(name):
            return {"error": f"Unknown tool: {name}"}
        return self.get(name).execute(args, context)

    def suggest(self, name: str) -> list[str]:
        """Close matches for a mistyped tool name."""
        import difflib

        return difflib.get_close_matches(name, self.keys(), n=3, cutoff=0.5)
