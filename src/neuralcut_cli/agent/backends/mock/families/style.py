"""Text style said the way people say it: colour by name or hex, size (bigger, smaller, by a share, a size),
place (top, bottom, centre, a corner, "lower third"), font, weight, italic, underline, background box.

One request may say several ("make the title red and bigger" is one intent: the "and" joins style words, not
edits). Each style word is taken whole; a request with words left over is refused as every other is. The plan
restyles with ``update_text``: only the fields said change; sizes said as bigger or smaller are a factor of the
size each text has now (``get_element``); a picture named instead goes to ``overlay.reshape``.
"""

from __future__ import annotations

import re
from typing import Any

from neuralcut_cli.agent.backends.mock import intents as i
from neuralcut_cli.agent.backends.mock.clause import Clause
from neuralcut_cli.agent.backends.mock.listing import Vocab
from neuralcut_cli.agent.backends.mock.refs import take_ref
from neuralcut_cli.agent.backends.mock.replay import Call, Context, Done, Failed, Plan, call, listing, pick
from neuralcut_cli.agent.backends.mock.rule import Rule
from neuralcut_cli.agent.backends.mock.slots import take_corner, take_position
from neuralcut_cli.project.colors import NAMED, to_hex
from neuralcut_cli.tools.outputs import ElementOutput

#: Font families people name (OpenCut's list and the usual system fonts); others are refused as unknown words.
FONTS = (
    "arial", "helvetica", "georgia", "times new roman", "times", "verdana", "courier new", "courier", "roboto",
    "inter", "montserrat", "open sans", "lato", "poppins", "oswald", "playfair display", "bebas neue",
    "comic sans ms", "comic sans", "impact", "trebuchet ms", "garamond", "futura", "raleway", "noto sans",
    "source sans pro", "ubuntu", "dejavu sans", "tahoma", "palatino", "merriweather", "nunito", "pacifico",
)  # fmt: skip

_FONT = "|".join(re.escape(f) for f in sorted(FONTS, key=len, reverse=True))

_COLOUR = r"(?:#[0-9a-f]{6}\b|#[0-9a-f]{3}\b|(?:light|dark|bright|pale|deep)\s+[a-z]+|[a-z]+)"

_SMALL = r"(?:a (?:little|bit|tad|touch)|slightly|a little bit|somewhat)"

_LARGE = r"(?:much|way|a lot|super|really|far|loads|heaps)"


class StyleText(i.Intent):
    """Restyle text: only the fields said change."""

    ref: i.Ref = i.Ref("")
    color: str | None = None  # #rrggbb
    size: float | None = None  # a font size said outright
    scale: float | None = None  # bigger / smaller: a factor of the size it has
    position: str | None = None  # top, center, bottom or a corner
    font: str | None = None
    weight: str | None = None  # bold | normal
    italic: bool | None = None
    decoration: str | None = None  # underline | line-through | none
    box: bool | None = None
    box_color: str | None = None
    third: bool = False  # "lower third": said back as such


def colour_of(word: str) -> str | None:
    """``#rrggbb`` of a colour name ("red", "light blue", "dark green") or hex, else None."""
    word = word.strip().lower()
    if word.startswith("#"):
        return to_hex(word)
    joined = re.sub(r"^(bright|deep)\s+", "", word).replace(" ", "").replace("grey", "gray")
    joined = re.sub(r"^pale", "light", joined)
    return to_hex(joined) if joined in NAMED else None


def read_style_text(c: Clause, v: Vocab) -> i.Intent | None:
    removing = c.take(r"^(?:now |then |also |and )?(?:remove|drop|delete|take away|take off|get rid of|lose)\b")
    if removing is None:
        c.take(
            r"^(?:now |then |also |and )?(?:make|turn|change|set|give|use|put|switch|paint|style|colou?r|move|place|"
            r"push|shift|drag|slide|bring|nudge|stick|pop|throw)\b"
        )
    grow = c.take(r"^(?:now |then |also )?(?P<w>shrink|enlarge|grow|scale (?:up|down)|blow up)\b")
    ref = take_ref(c, v)
    if ref is None or ref.track:
        return None
    c.take(r"\b(?:the\s+)?(?:text|font|type|letters|words|writing)\b(?=\s+(?:colou?r|size|bigger|larger|smaller)\b)")
    if removing is not None:  # "remove the title's background", "take off the underline"
        found = _removed(c)
        return StyleText(ref=ref, **found) if found else None
    found = {
        **_box(c),
        **(_grown(c, grow.group("w")) if grow else _size(c)),
        **_place(c),
        **_font(c),
        **_weight(c),
        **_decoration(c),
    }
    found.update(_colour(c))  # after the box: "a black background" is the box's colour
    if not found or (set(found) == {"position"} and found["position"] in ("top", "center", "bottom")):
        return None  # nothing said of style, or only a row of the frame: the "place" row's
    c.take(r"\b(?:and|with|but|for|in|to|the|it|its|also|too|please)\b")
    return StyleText(ref=ref, **found)


def _colour(c: Clause) -> dict[str, Any]:
    match = c.find(rf"\b(?:(?:the\s+)?(?:text\s+|font\s+)?colou?r\s+(?:to\s+|of\s+)?|in\s+|into\s+|to\s+)?(?P<c>{_COLOUR})"
                   r"(?:\s+colou?r(?:ed)?)?(?=\s|$)")  # fmt: skip
    while match is not None:
        colour = colour_of(match.group("c"))
        if colour is not None:
            c.use(match.start(), match.end())
            return {"color": colour}
        match = c.find(rf"(?<=\s)(?P<c>{_COLOUR})(?=\s|$)", match.end())
    return {}


def _removed(c: Clause) -> dict[str, Any]:
    """What "remove" takes off a text: its box, underline, italics or bold."""
    found: dict[str, Any] = {}
    if c.take(r"\b(?:the\s+)?(?:background|bg)(?:\s+box)?\b|\b(?:the\s+)?box\b"):
        found["box"] = False
    if c.take(r"\b(?:the\s+)?underline\b|\b(?:the\s+)?strike[\s-]*through\b"):
        found["decoration"] = "none"
    if c.take(r"\b(?:the\s+)?italics?\b"):
        found["italic"] = False
    if c.take(r"\b(?:the\s+)?bold\b"):
        found["weight"] = "normal"
    return found


def _grown(c: Clause, verb: str) -> dict[str, Any]:
    """ "shrink the title a little", "enlarge it a lot": the verb says the way, the words after it how far."""
    grow = verb in ("enlarge", "grow", "scale up", "blow up")
    amount = c.take(rf"\b(?P<small>{_SMALL})\b|\b{_LARGE}\b")
    factor = 1.5 if amount is None else 1.25 if amount.group("small") else 2.0
    c.take(r"\b(?:down|up)\b")
    return {"scale": factor if grow else 1 / factor}


def _box(c: Clause) -> dict[str, Any]:
    if c.take(r"\b(?:no|without(?: a| the)?|remove(?: the)?|take away(?: the)?|drop(?: the)?)\s+(?:background|bg)"
              r"(?:\s+box)?\b|\bno\s+box\b"):  # fmt: skip
        return {"box": False}
    match = c.take(rf"\b(?:(?:with|on)\s+)?(?:an?\s+)?(?:(?P<c>{_COLOUR})\s+)?(?:background|bg)(?:\s+box)?\b|"
                   rf"\b(?:an?\s+)?(?:(?P<c2>{_COLOUR})\s+)?box\s+(?:behind|around|under)(?:\s+(?:it|the text))?\b|"
                   rf"\b(?:with|on|in)\s+(?:an?\s+)?(?P<c3>{_COLOUR})\s+box\b")  # fmt: skip
    if match is None:
        return {}
    said = match.group("c") or match.group("c2") or match.group("c3")
    colour = colour_of(said) if said else None
    if said and colour is None:
        return {}  # "a nice background": a word that is no colour; refused with it
    return {"box": True, **({"box_color": colour} if colour else {})}


def _size(c: Clause) -> dict[str, Any]:
    outright = c.take(r"\b(?:(?:the\s+)?(?:font\s+|text\s+)?size\s+(?:to\s+|of\s+)?|to\s+size\s+)(?P<n>\d+(?:\.\d+)?)"
                      r"(?:\s*(?:px|pt|points?|pixels?))?\b")  # fmt: skip
    if outright is not None:
        return {"size": float(outright.group("n"))}
    share = c.take(r"\b(?P<n>\d+(?:\.\d+)?)%\s+(?P<way>bigger|larger|smaller)\b")
    if share is not None:
        n = float(share.group("n")) / 100
        return {"scale": 1 + n if share.group("way") != "smaller" else max(0.05, 1 - n)}
    if c.take(r"\b(?:twice|double)\s+(?:as\s+)?(?:big|large)\b|\bdouble\s+(?:the\s+)?size\b"):
        return {"scale": 2.0}
    if c.take(r"\bhalf\s+(?:the\s+|its\s+)?size\b"):
        return {"scale": 0.5}
    way = c.take(
        rf"\b(?:(?P<small>{_SMALL})\s+|(?P<large>{_LARGE})\s+)?(?P<w>bigger|larger|smaller|tinier|huge|tiny)\b"
    )
    if way is None:
        return {}
    grow = way.group("w") in ("bigger", "larger", "huge")
    amount = 1.25 if way.group("small") else 2.0 if way.group("large") or way.group("w") in ("huge", "tiny") else 1.5
    return {"scale": amount if grow else 1 / amount}


def _place(c: Clause) -> dict[str, Any]:
    if c.take(r"\b(?:in|on|to|into|as)?\s*(?:the\s+|a\s+)?lower[\s-]+third\b"):
        return {"position": "bottom", "third": True}
    corner = take_corner(c)
    if corner is not None:
        return {"position": corner}
    position = take_position(c)
    return {} if position is None else {"position": position}


def _font(c: Clause) -> dict[str, Any]:
    match = c.take(rf"\b(?:(?:the\s+)?font(?:\s+family)?\s+(?:to\s+)?|in\s+|to\s+)?(?P<f>{_FONT})(?:\s+font)?\b")
    return {} if match is None else {"font": match.group("f").title().replace("Ms", "MS")}


def _weight(c: Clause) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if c.take(r"\b(?:not|no|un|remove(?: the)?|without(?: the)?)\s*-?\s*bold\b|\b(?:normal|regular)\s+weight\b"):
        out["weight"] = "normal"
    elif c.take(r"\b(?:in\s+)?bold(?:er)?\b"):
        out["weight"] = "bold"
    if c.take(r"\b(?:not|no|un|remove(?: the)?|without(?: the)?)\s*-?\s*italics?\b|\bupright\b"):
        out["italic"] = False
    elif c.take(r"\b(?:in\s+)?italics?\b|\bitalici[sz]e\b|\bslanted\b"):
        out["italic"] = True
    return out


def _decoration(c: Clause) -> dict[str, Any]:
    if c.take(r"\b(?:not|no|remove(?: the)?|without(?: the)?)\s+underlined?\b|\bun-?underline\b"):
        return {"decoration": "none"}
    if c.take(r"\bunderlined?\b"):
        return {"decoration": "underline"}
    if c.take(r"\bstrike[\s-]*(?:through|it out)\b|\bcross(?:ed)?\s+(?:it\s+)?out\b|\bstruck\s+through\b"):
        return {"decoration": "line-through"}
    return {}


# -- plans


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
            got = yield from call("get_element", GetElementArgs(element_id=item.id), ElementOutput)
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


ROWS = (
    Rule(
        "style text",
        read_style_text,
        plan=plan_style_text,
        examples=(
            "make the title yellow",
            "make the title bigger and bold",
            "put the title in the bottom left corner",
            "underline the title",
            "give the title a black background box",
        ),
        rank=385,
    ),
)
