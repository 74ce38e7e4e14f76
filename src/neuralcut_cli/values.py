"""``Value``: a frozen dataclass that costs nothing to define.

``@dataclass`` writes and compiles up to six functions for every class it makes (``__init__``, ``__repr__``,
``__eq__``, ``__hash__``, ``__setattr__``, ``__delattr__``): about half a millisecond each class. The offline
backend defines some two hundred small frozen values (its intents), which made them a tenth of a one-shot
command's start. A ``Value`` subclass is read once, when it is defined (its fields, their defaults, which compare),
and shares one ``__init__``, ``__eq__``, ``__hash__`` and ``__repr__``; type checkers see a frozen dataclass
(``dataclass_transform``), and ``dataclasses.field`` declares a field's default factory or leaves it out of
comparison, as for a dataclass::

    class Split(Value):
        times: tuple[float, ...] = ()
        said: str = field(default="", compare=False)

    Split(times=(5.0,)) == Split((5.0,), said="split at 5s")   # True
    replace(Split(), times=(2.0,))                              # a copy with one field changed
"""

from __future__ import annotations

from dataclasses import MISSING, Field, FrozenInstanceError, field
from typing import Any, ClassVar, TypeVar, dataclass_transform

__all__ = ["Value", "field", "replace"]

V = TypeVar("V", bound="Value")


@dataclass_transform(frozen_default=True, field_specifiers=(field,))
class Value:
    """Base of frozen values: fields from annotations, in the order of the class and its bases."""

    __value_fields__: ClassVar[tuple[str, ...]] = ()
    __value_defaults__: ClassVar[dict[str, Any]] = {}  # name -> default, or a Field holding the factory
    __value_compared__: ClassVar[tuple[str, ...]] = ()
    __value_shown__: ClassVar[tuple[str, ...]] = ()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        fields = list(cls.__value_fields__)
        defaults = dict(cls.__value_defaults__)
        compared, shown = set(cls.__value_compared__), set(cls.__value_shown__)
        for name, annotation in cls.__dict__.get("__annotations__", {}).items():
            if "ClassVar" in str(annotation):
                continue
            if name not in fields:
                fields.append(name)
            default, spec = _declared(cls, name)
            if default is MISSING:
                defaults.pop(name, None)
            else:
                defaults[name] = default
            compared.discard(name)
            shown.discard(name)
            if spec is None or spec.compare:
                compared.add(name)
            if spec is None or spec.repr:
                shown.add(name)
        _defaults_last(cls.__name__, fields, defaults)
        cls.__value_fields__ = tuple(fields)
        cls.__value_defaults__ = defaults
        cls.__value_compared__ = tuple(name for name in fields if name in compared)
        cls.__value_shown__ = tuple(name for name in fields if name in shown)
        setattr(cls, "__match_args__", tuple(fields))  # noqa: B010 - a class attribute mypy does not know

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        fields = self.__value_fields__
        if len(args) > len(fields):
            raise TypeError(f"{type(self).__name__} takes {len(fields)} arguments, {len(args)} given")
        values = dict(zip(fields, args, strict=False))
        for name, value in kwargs.items():
            if name not in fields:
                raise TypeError(f"{type(self).__name__} has no field {name!r}")
            if name in values:
                raise TypeError(f"{type(self).__name__} got {name!r} twice")
            values[name] = value
        for name in fields:
            if name not in values:
                default = self.__value_defaults__.get(name, MISSING)
                if default is MISSING:
                    raise TypeError(f"{type(self).__name__} needs {name!r}")
                values[name] = _made(default)
        self.__dict__.update(values)

    def __setattr__(self, name: str, value: Any) -> None:
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError(f"cannot delete field {name!r}")

    def _compared(self) -> tuple[Any, ...]:
        return tuple(self.__dict__[name] for name in self.__value_compared__)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__ or not isinstance(other, Value):
            return NotImplemented
        return self._compared() == other._compared()

    def __hash__(self) -> int:
        return hash((self.__class__, self._compared()))

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={self.__dict__[name]!r}" for name in self.__value_shown__)
        return f"{type(self).__qualname__}({shown})"


def replace(value: V, **changes: Any) -> V:
    """A copy of ``value`` with ``changes`` (as ``dataclasses.replace``)."""
    kept = {name: value.__dict__[name] for name in value.__value_fields__ if name not in changes}
    return type(value)(**kept, **changes)


def _declared(cls: type, name: str) -> tuple[Any, Field[Any] | None]:
    """The default a class gives its field ``name`` (``MISSING``, a value, or a ``field`` holding a factory), and
    the ``field`` it was declared with; the class attribute is left as a dataclass leaves it (the plain default)."""
    declared = cls.__dict__.get(name, MISSING)
    if not isinstance(declared, Field):
        return declared, None
    if declared.default_factory is not MISSING:
        delattr(cls, name)
        return declared, declared
    if declared.default is MISSING:
        delattr(cls, name)
    else:
        setattr(cls, name, declared.default)
    return declared.default, declared


def _defaults_last(name: str, fields: list[str], defaults: dict[str, Any]) -> None:
    """Refuse a field without a default after one with (its place in a call would be ambiguous), as dataclasses do."""
    after = None
    for field_name in fields:
        if field_name in defaults:
            after = after or field_name
        elif after is not None:
            raise TypeError(f"{name}: the field {field_name!r} has no default but follows {after!r}, which has one")


def _made(default: Any) -> Any:
    """A field's default: the value, or a new one from a ``field(default_factory=...)``."""
    factory = default.default_factory if isinstance(default, Field) else None
    return factory() if callable(factory) else default
