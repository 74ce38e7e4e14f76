"""Restyling text (``update_text``): only the fields said change; sizes said as bigger or smaller are a factor of
the size each text has now (``get_element``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from neuralcut_cli.agent.backends.mock.replay import Call, Context, Done, Failed, Plan, listing, pick

if TYPE_CHECKING:
    from neuralcut_cli.agent.backends.mock.rules_style import StyleText

MAX_SIZE = 1000


def plan_style_text(intent: StyleText, ctx: Context) -> Plan:
    from neuralcut_cli.tools.clip_tools import GetElementArgs
    from neuralcut_cli.tools.text_tools import UpdateTextArgs

    items = yield from listing()
    chosen = pick(intent.ref, items, ctx, many=intent.ref.plural)
    others = [item for item in chosen if item.type != "text"]
    if others and _only_size_or_place(intent) and len(others) == len(chosen):  # "make the logo smaller"
        from neuralcut_cli.agent.backends.mock.families.overlay import SMALLER, reshape

        said_of = []
        for item in chosen:
            factor = intent.scale if intent.scale is not None else None
            if factor is not None and abs(factor - 1) < 1e-9:
                factor = SMALLER
            said_of.append((yield from reshape(item, factor, place=intent.position)))
        return Done("; ".join(said_of) + ".", tuple(item.id for item in chosen))
    if others:
        item = others[0]
        raise Failed(
            f"{item.describe()} is {'an' if item.type[0] in 'aeiou' else 'a'} {item.type}: only text has a colour, "
            "size, font or box. Name a text, e.g. 'make the title red'."
        )
    said: list[str] = []
    for item in chosen:
        args: dict[str, Any] = {"trackId": item.track_id, "elementId": item.id, **_fields(intent)}
        if intent.scale is not None:
            got = yield Call("get_element", GetElementArgs(element_id=item.id))
            size = round(float(got.get("fontSize") or 0) * intent.scale, 2)
            if not 0 < size <= MAX_SIZE:
                raise Failed(f"{item.describe()} cannot be made that size ({size:g}).")
            args["fontSize"] = int(size) if size == int(size) else size
        yield Call("update_text", UpdateTextArgs.model_validate(args))
        said.append(item.id)
    return Done(f"{_what(intent)}: {', '.join(said)}.", tuple(said))


def _only_size_or_place(intent: StyleText) -> bool:
    """Whether a text style reading asked only what a picture also has: a size by a factor, or a place."""
    said = _fields(intent)
    return (intent.scale is not None or intent.position is not None) and set(said) <= {"position"}


def _fields(intent: StyleText) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if intent.color is not None:
        out["color"] = intent.color
    if intent.size is not None:
        out["fontSize"] = int(intent.size) if intent.size == int(intent.size) else intent.size
    if intent.position is not None:
        out["position"] = intent.position
    if intent.font is not None:
        out["fontFamily"] = intent.font
    if intent.weight is not None:
        out["fontWeight"] = intent.weight
    if intent.italic is not None:
        out["fontStyle"] = "italic" if intent.italic else "normal"
    if intent.decoration is not None:
        out["textDecoration"] = intent.decoration
    if intent.box is not None:
        out["background"] = {"enabled": intent.box, **({"color": intent.box_color} if intent.box_color else {})}
    return out


def _what(intent: StyleText) -> str:
    parts = []
    if intent.color is not None:
        parts.append(f"colour {intent.color}")
    if intent.size is not None:
        parts.append(f"size {intent.size:g}")
    if intent.scale is not None:
        parts.append(f"{'bigger' if intent.scale > 1 else 'smaller'} (x{intent.scale:.2g})")
    if intent.position is not None:
        parts.append("in the lower third" if intent.third else f"at the {intent.position}")
    if intent.font is not None:
        parts.append(f"font {intent.font}")
    if intent.weight is not None:
        parts.append("bold" if intent.weight == "bold" else "not bold")
    if intent.italic is not None:
        parts.append("italic" if intent.italic else "not italic")
    if intent.decoration is not None:
        parts.append({"none": "not underlined", "line-through": "struck through"}.get(intent.decoration, "underlined"))
    if intent.box is not None:
        parts.append(f"{intent.box_color + ' ' if intent.box_color else ''}background box" if intent.box else "no box")
    return "Restyled, " + ", ".join(parts)
