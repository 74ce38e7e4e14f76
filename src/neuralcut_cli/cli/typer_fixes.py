"""What NeuralCut changes in typer's parameters: friendlier type labels in help, and no coercion of an option that
was not given.

Both reach into typer's ``_TyperParameter`` (typer 0.2x) and leave a typer without it alone.

``friendly_types``: list arguments show as ``<path>...`` rather than typer's ``<list[Path]>``.

``skip_absent_coercion``: typer coerces every parameter of the command through a pydantic ``TypeAdapter`` it
builds on first use, given or not: a one-shot ``run`` built seventeen of them, about a millisecond each, to turn
``None`` into ``None``. ``RuntimeParam.coerce`` answers ``None`` (or ``()`` for a parameter that takes several
values) for a missing value without using the adapter, so for a missing value the adapter is now not built at
all; the required check and the parameter's callback run as before.
"""

from __future__ import annotations

from typing import Any


def _parameter() -> Any:
    from typer import core

    return getattr(core, "_TyperParameter", None)


def friendly_types() -> None:
    parameter = _parameter()
    original = getattr(parameter, "_bare_type", None)
    if parameter is None or original is None or getattr(original, "friendly", False):
        return

    def bare_type(self: Any, annotation: type) -> str:
        label = str(original(self, annotation))
        while label.startswith("list[") and label.endswith("]"):
            label = label[5:-1] + "..."
        return label.replace("Path", "path")

    bare_type.friendly = True  # type: ignore[attr-defined]
    parameter._bare_type = bare_type


def skip_absent_coercion() -> None:
    parameter = _parameter()
    original = getattr(parameter, "process_value", None)
    if parameter is None or original is None or getattr(original, "skips_absent", False):
        return

    def process_value(self: Any, ctx: Any, value: Any) -> Any:
        if value is not None or getattr(self, "_runtime_param", True) is not None:
            return original(self, ctx, value)
        value = () if (self.multiple or self.nargs == -1) else None
        if self.required and self.value_is_missing(value):
            return original(self, ctx, value)  # typer's own words for a missing parameter
        return self.callback(ctx, self, value) if self.callback is not None else value

    process_value.skips_absent = True  # type: ignore[attr-defined]
    parameter.process_value = process_value
