"""``DefinitionRegistry`` and the ``ToolRegistry`` built on it."""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from importlib import import_module
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
    """The tools an agent (or a script) may call, by name.

    ``declared_in`` names tools by where they are declared (``"timeline_edits:split"``: the module of
    ``neuralcut_cli.tools`` and the declaration, whose name is the tool's): such a tool's module is imported when
    the tool is first asked for, so a one-shot request loads the tools it calls, not all sixty. ``keys`` and
    ``has`` import nothing; ``get_all`` imports every module.
    """

    def __init__(self, tools: Iterable[ToolDefinition] = (), declared_in: Iterable[str] = ()) -> None:
        super().__init__()
        self._where: dict[str, str] = {}  # tools not imported yet: name -> module
        self._order: list[str] = []
        for definition in tools:
            self.add(definition)
        for entry in declared_in:
            module, _, name = entry.partition(":")
            self._claim(name)
            self._where[name] = module

    def add(self, definition: ToolDefinition) -> None:
        self._claim(definition.name)
        self.register(definition.name, definition)

    def _claim(self, name: str) -> None:
        if self.has(name):
            raise ValueError(f"{name!r} is already registered")
        self._order.append(name)

    def get(self, key: str) -> ToolDefinition:
        module = self._where.get(key)
        if module is not None:  # two threads may both get here: each finds the same declaration
            self._items.setdefault(key, _declaration(module, key))
            self._where.pop(key, None)
        return super().get(key)

    def has(self, key: str) -> bool:
        return key in self._where or super().has(key)

    def keys(self) -> list[str]:
        return list(self._order)

    def get_all(self) -> list[ToolDefinition]:
        return [self.get(name) for name in self._order]

    def execute(self, name: str, args: object, context: ToolContext) -> dict[str, Any]:
        """Run a tool by name; an unknown name is an error value, like any other."""
        if not self.has(name):
            closest = self.suggest(name)
            said = f"the closest: {', '.join(closest)}" if closest else "call one of the tools declared"
            return {"error": f"Unknown tool: {name}", "details": f"no tool is named {name}; {said}"}
        return self.get(name).execute(args, context)

    def suggest(self, name: str) -> list[str]:
        """The tools closest to a mistyped or invented name, three at most: a near spelling first (``splitt``),
        then the tools whose names and descriptions hold its words, those that start with its verb first
        (``add_timeline_elements``: add_media_to_timeline), then looser spellings. A name that only looks
        (``get_…``, ``list_…``) is offered only the tools that read and write no file (not ``export_…``); an
        effect's name (``blur``) the effect tools."""
        import difflib
        import re

        from neuralcut_cli.catalogs.effects import effect_by_word, find_effect

        words = [w for w in re.split(r"[^a-z0-9]+", name.lower()) if len(w) > 2]
        reads = bool(words) and words[0] in _READ_VERBS
        tools = [t for t in self.get_all() if not reads or (t.kind == "read" and not t.name.startswith("export_"))]
        names = [t.name for t in tools]
        scored = []
        for tool in tools:
            said = f"{tool.name.replace('_', ' ')} {tool.description}".lower()  # "_" joins words: \b misses them
            hits = sum(2 if w in tool.name else 1 for w in words[reads:] if re.search(rf"\b{re.escape(w)}", said))
            if hits and not reads and tool.name.split("_")[0] in (words[0], _SAME_VERB.get(words[0])):
                hits += 3  # the same verb: what the model meant to do
            if hits:
                scored.append((-hits, len(tool.description), tool.name))
        worded = [n for _, _, n in sorted(scored)]
        effect = (
            [n for n in ("apply_effect", "add_clip_effect") if self.has(n)]
            if not reads and any(find_effect(w) or (len(words) == 1 and effect_by_word(w)) for w in words)
            else []
        )  # "blur", "vignette": an effect of the catalogue
        verb = name.lower().split("_")[0][:3]
        close = [n for n in difflib.get_close_matches(name, names, n=3, cutoff=0.8) if n[:3] == verb]  # a typo
        loose = difflib.get_close_matches(name, names, n=3, cutoff=0.6)
        return list(dict.fromkeys([*close, *effect, *worded, *loose]))[:3]


#: How an invented tool name that only looks starts (``get_timeline_elements``, ``show_tracks``).
_READ_VERBS = frozenset({"get", "list", "show", "find", "read", "describe", "query", "fetch", "inspect", "view"})


#: Verbs a model uses for what a tool's own verb does (``remove_timeline_elements``: delete_timeline_elements).
_SAME_VERB = {"remove": "delete", "erase": "delete", "drop": "delete", "insert": "add", "put": "add", "place": "add"}


def _declaration(module: str, name: str) -> ToolDefinition:
    """The declaration ``name`` in ``neuralcut_cli.tools.<module>``; it must declare the tool of that name."""
    found = getattr(import_module(f"neuralcut_cli.tools.{module}"), name, None)
    if not isinstance(found, ToolDefinition) or found.name != name:
        raise LookupError(f"neuralcut_cli.tools.{module}.{name} is not the declaration of the tool {name!r}")
    return found
