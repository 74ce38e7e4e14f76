"""What NeuralCut changes in typer's parsing, for speed: an option that was not given is not coerced.

typer (0.2x) coerces every parameter of the command through a pydantic ``TypeAdapter`` it builds on first use,
given or not: a one-shot ``run`` built seventeen of them, about a millisecond each, to turn ``None`` into
``None``. ``RuntimeParam.coerce`` answers ``None`` (or ``()`` for a parameter that takes several values) for a
missing value without using the adapter, so for a missing value the adapter is now not built at all; the
required check and the parameter's callback run as before. A typer without ``_TyperParameter`` is left alone.
"""

from __future__ import annotations

from typing import Any


def skip_absent_coercion() -> None:
    from typer import core

    parameter = getattr(core, "_TyperParameter", None)
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
