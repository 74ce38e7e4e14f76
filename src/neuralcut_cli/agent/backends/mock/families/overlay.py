"""Pictures have a size and a place: "make the logo smaller", "shrink the logo a little", "scale the logo down to
50%", "make the logo half the size", "move the logo to the bottom left corner", "rotate the logo 45 degrees".

A picture (an image, a sticker, a video over the main track) changes through ``update_clip``: its scale (a
factor of the size it has, or a scale said outright: "scale to 50%" is the editor's Scale field), its place in the
frame (a corner, an edge or the centre, inside the margins, worked out by the tool at the new size) and its
rotation. A text asked to grow or shrink changes its font size instead. Text style readings ("make the logo
smaller", "move the logo to the top right") reach ``reshape`` too when what they name is a picture.
"""

from __future__ import annotations

from typing import Any

from neuralcut_cli.agent.backends.mock.clause import Clause
from neuralcut_cli.agent.backends.mock.intents import Intent, Ref
from neuralcut_cli.agent.backends.mock.listing import Item, Vocab
from neuralcut_cli.agent.backends.mock.refs import take_ref
from neuralcut_cli.agent.backends.mock.replay import (
    Call,
    Context,
    Done,
    Failed,
    Plan,
    Steps,
    answer,
    call,
    listing,
    pick,
)
from neuralcut_cli.agent.backends.mock.rule import Rule
from neuralcut_cli.agent.backends.mock.slots import A_BIT, A_LOT, take_corner
from neuralcut_cli.tools.outputs import ElementOutput, UpdateClipOutput

PICTURES = ("image", "sticker", "video", "graphic")
SMALLER, BIGGER = 0.8, 1.25  # "smaller", "bigger": a fifth less, a quarter more
BIT = 0.1  # "a little smaller": a tenth


class Reshape(Intent):
    ref: Ref = Ref("")
    factor: float | None = None  # of the size it has
    scale: float | None = None  # the scale said outright (1 = 100%)
    place: str | None = None  # a corner, an edge or center
    rotate: float | None = None  # degrees, clockwise
    way: str | None = None  # "down" or "up", said with a scale: a scale the other way is refused


def read_reshape(c: Clause, v: Vocab) -> Reshape | None:
    verb = c.take(r"^(?:please\s+)?(?P<v>shrink|enlarge|grow|scale|resize|rotate|tilt|turn|spin|make)\b")
    if verb is None:
        return None
    ref = take_ref(c, v)
    if ref is None:
        return None
    word = verb.group("v")
    if word in ("rotate", "tilt", "turn", "spin"):
        return _rotation(c, ref)
    if word == "make":
        return _times_the_size(c, ref)
    if word in ("shrink", "enlarge", "grow"):
        bit = c.take(rf"\b{A_BIT}\b") is not None
        lot = c.take(rf"\b{A_LOT}\b") is not None
        grow = word != "shrink"
        step = (1 + BIT if grow else 1 - BIT) if bit else (1.5 if grow else 0.5) if lot else BIGGER if grow else SMALLER
        c.take(r"\b(?:down|up)\b")
        return Reshape(ref=ref, factor=step, place=take_corner(c))
    way = c.take(r"\b(?:down|up)\b")
    share = c.take(r"\b(?P<how>to|by)?\s*(?P<n>\d+(?:\.\d+)?)\s*%")
    if share is None or not 0 < float(share.group("n")) <= 1000:
        return None
    if share.group("how") == "by":
        return None  # "scale down by 20%": of what? (say "make it 20% smaller")
    return Reshape(ref=ref, scale=float(share.group("n")) / 100, way=way.group(0) if way else None)


def _rotation(c: Clause, ref: Ref) -> Reshape | None:
    said = c.take(r"\b(?:by\s+)?(?P<n>-?\d+(?:\.\d+)?)\s*(?:degrees?|deg|°)")
    if said is None:
        return None
    way = c.take(r"\b(?P<w>clockwise|counter[\s-]?clockwise|anti[\s-]?clockwise|to the (?:left|right))\b")
    sign = -1 if way is not None and ("counter" in way.group("w") or "anti" in way.group("w") or "left" in way.group(
        "w")) else 1  # fmt: skip
    return Reshape(ref=ref, rotate=sign * float(said.group("n")))


def _times_the_size(c: Clause, ref: Ref) -> Reshape | None:
    """``make the logo half the size``, ``make the logo twice as big``."""
    said = c.take(r"\b(?P<k>half|a third of|a quarter of|twice|double|three times)\s+(?:the\s+|its\s+)?(?:size|as big"
                  r"|as large)\b")  # fmt: skip
    if said is None:
        return None
    factor = {"half": 0.5, "a third of": 1 / 3, "a quarter of": 0.25, "twice": 2.0, "double": 2.0}.get(
        said.group("k"), 3.0
    )
    return Reshape(ref=ref, factor=factor)


def plan_reshape(intent: Reshape, ctx: Context) -> Plan:
    items = yield from listing()
    chosen = pick(intent.ref, items, ctx, many=intent.ref.plural)
    said = []
    for item in chosen:
        if intent.scale is not None and intent.way is not None:
            yield from _same_way(item, intent.scale, intent.way)
        said.append((yield from reshape(item, intent.factor, intent.scale, intent.place, intent.rotate)))
    return Done("; ".join(said) + ".", tuple(item.id for item in chosen))


def _same_way(item: Item, scale: float, way: str) -> Steps[None]:
    """``scale the logo down to 50%`` when it is at 20%: the Scale field and the word disagree; ask."""
    from neuralcut_cli.tools.clip_tools import GetElementArgs

    got = answer(ElementOutput, (yield Call("get_element", GetElementArgs(element_id=item.id))))
    transform: dict[str, Any] = got.get("transform") or {}
    now = float(transform.get("scaleX", 1.0))
    if (way == "down") != (scale < now):
        raise Failed(f"{item.describe()} is at {now:.0%} now, so {way} to {scale:.0%} goes the other way. Say "
                     f"'scale it to {scale:.0%}' for that scale, or 'make it half the size' for a share of its size.")  # fmt: skip


def reshape(
    item: Item, factor: float | None, scale: float | None = None, place: str | None = None, rotate: float | None = None
) -> Steps[str]:
    """One element resized, placed or turned; the reply's words for it."""
    from neuralcut_cli.tools.clip_tools import GetElementArgs, UpdateClipArgs

    if item.type == "text":
        return (yield from _text_size(item, factor, scale, place, rotate))
    if item.type not in PICTURES:
        raise Failed(f"{item.describe()} is {'an' if item.type[0] in 'aeiou' else 'a'} {item.type}: it has no size "
                     "or place in the frame.")  # fmt: skip
    got = answer(ElementOutput, (yield Call("get_element", GetElementArgs(element_id=item.id))))
    transform: dict[str, Any] = got.get("transform") or {}
    args: dict[str, Any] = {"element_id": item.id}
    words = []
    if factor is not None or scale is not None:
        sx, sy = float(transform.get("scaleX", 1.0)), float(transform.get("scaleY", 1.0))
        nx, ny = (scale, scale) if scale is not None else (sx * (factor or 1.0), sy * (factor or 1.0))
        if not 0.01 <= nx <= 100 or not 0.01 <= ny <= 100:
            raise Failed(f"{item.describe()} cannot be made that size (scale {nx:g}).")
        args.update(scale_x=round(nx, 4), scale_y=round(ny, 4))
        words.append(f"scale {sx:.0%} → {nx:.0%}")
    if place is not None:
        args["place"] = place
        words.append(f"moved to the {place.replace('-', ' ')}" + (" corner" if "-" in place else ""))
    if rotate is not None:
        args["rotation"] = float(transform.get("rotation", 0.0)) + rotate
        words.append(f"turned {rotate:g}° ({args['rotation']:g}° now)")
    done = answer(UpdateClipOutput, (yield Call("update_clip", UpdateClipArgs(**args))))
    moved = (done["applied"].get("transform") or {}) if place else {}
    where = f" (at {moved.get('positionX', 0):g}, {moved.get('positionY', 0):g} px from the centre)" if moved else ""
    return f"{item.describe()}: {', '.join(words)}{where}"


def _text_size(
    item: Item, factor: float | None, scale: float | None, place: str | None, rotate: float | None
) -> Steps[str]:
    from neuralcut_cli.tools.clip_tools import GetElementArgs
    from neuralcut_cli.tools.text_tools import UpdateTextArgs

    if factor is None or scale is not None or place is not None or rotate is not None:
        raise Failed(f"{item.describe()} is a text: say e.g. 'make the title bigger' or 'move the title to the top'.")
    got = yield from call("get_element", GetElementArgs(element_id=item.id), ElementOutput)
    size = round(float(got.get("fontSize") or 0) * factor, 2)
    if not 0 < size <= 1000:
        raise Failed(f"{item.describe()} cannot be made that size ({size:g}).")
    yield Call("update_text", UpdateTextArgs(track_id=item.track_id, element_id=item.id, font_size=size))
    return f"{item.describe()}: font size {size:g}"


ROWS: tuple[Rule, ...] = (
    Rule(
        "resize or turn a picture",
        read_reshape,
        plan=plan_reshape,
        examples=("scale the logo to 50%", "rotate the logo 45 degrees"),
        rank=455,
    ),
)
