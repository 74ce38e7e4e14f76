"""Colours as a project file may hold them, and nothing else.

The grammar is strict: hex ``#rgb``, ``#rgba``, ``#rrggbb``, ``#rrggbbaa``;
one of the 148 CSS colour names (and ``transparent``); ``rgb()``/``rgba()``
with 0-255 or percentage channels; ``hsl()``/``hsla()``. Commas or CSS4
spaces with ``/ alpha`` both work. Anything else is refused at load with the
JSON path of the value, so a colour can never smuggle text into a renderer.
"""

from __future__ import annotations

import colorsys
import re
from typing import Annotated

from pydantic import AfterValidator, WithJsonSchema

Rgba = tuple[int, int, int, float]

_NAMES_TEXT = """
aliceblue f0f8ff antiquewhite faebd7 aqua 00ffff aquamarine 7fffd4 azure f0ffff beige f5f5dc bisque ffe4c4
black 000000 blanchedalmond ffebcd blue 0000ff blueviolet 8a2be2 brown a52a2a burlywood deb887 cadetblue 5f9ea0
chartreuse 7fff00 chocolate d2691e coral ff7f50 cornflowerblue 6495ed cornsilk fff8dc crimson dc143c cyan 00ffff
darkblue 00008b darkcyan 008b8b darkgoldenrod b8860b darkgray a9a9a9 darkgreen 006400 darkgrey a9a9a9
darkkhaki bdb76b darkmagenta 8b008b darkolivegreen 556b2f darkorange ff8c00 darkorchid 9932cc darkred 8b0000
darksalmon e9967a darkseagreen 8fbc8f darkslateblue 483d8b darkslategray 2f4f4f darkslategrey 2f4f4f
darkturquoise 00ced1 darkviolet 9400d3 deeppink ff1493 deepskyblue 00bfff dimgray 696969 dimgrey 696969
dodgerblue 1e90ff firebrick b22222 floralwhite fffaf0 forestgreen 228b22 fuchsia ff00ff gainsboro dcdcdc
ghostwhite f8f8ff gold ffd700 goldenrod daa520 gray 808080 grey 808080 green 008000 greenyellow adff2f
honeydew f0fff0 hotpink ff69b4 indianred cd5c5c indigo 4b0082 ivory fffff0 khaki f0e68c lavender e6e6fa
lavenderblush fff0f5 lawngreen 7cfc00 lemonchiffon fffacd lightblue add8e6 lightcoral f08080 lightcyan e0ffff
lightgoldenrodyellow fafad2 lightgray d3d3d3 lightgreen 90ee90 lightgrey d3d3d3 lightpink ffb6c1
lightsalmon ffa07a lightseagreen 20b2aa lightskyblue 87cefa lightslategray 778899 lightslategrey 778899
lightsteelblue b0c4de lightyellow ffffe0 lime 00ff00 limegreen 32cd32 linen faf0e6 magenta ff00ff maroon 800000
mediumaquamarine 66cdaa mediumblue 0000cd mediumorchid ba55d3 mediumpurple 9370db mediumseagreen 3cb371
mediumslateblue 7b68ee mediumspringgreen 00fa9a mediumturquoise 48d1cc mediumvioletred c71585
midnightblue 191970 mintcream f5fffa mistyrose ffe4e1 moccasin ffe4b5 navajowhite ffdead navy 000080
oldlace fdf5e6 olive 808000 olivedrab 6b8e23 orange ffa500 orangered ff4500 orchid da70d6 palegoldenrod eee8aa
palegreen 98fb98 paleturquoise afeeee palevioletred db7093 papayawhip ffefd5 peachpuff ffdab9 peru cd853f
pink ffc0cb plum dda0dd powderblue b0e0e6 purple 800080 rebeccapurple 663399 red ff0000 rosybrown bc8f8f
royalblue 4169e1 saddlebrown 8b4513 salmon fa8072 sandybrown f4a460 seagreen 2e8b57 seashell fff5ee
sienna a0522d silver c0c0c0 skyblue 87ceeb slateblue 6a5acd slategray 708090 slategrey 708090 snow fffafa
springgreen 00ff7f steelblue 4682b4 tan d2b48c teal 008080 thistle d8bfd8 tomato ff6347 turquoise 40e0d0
violet ee82ee wheat f5deb3 white ffffff whitesmoke f5f5f5 yellow ffff00 yellowgreen 9acd32
"""
_WORDS = _NAMES_TEXT.split()
NAMED: dict[str, str] = dict(zip(_WORDS[::2], _WORDS[1::2], strict=True))

_HEX = re.compile(r"#([0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})")
_NUM = r"[+-]?(?:\d+(?:\.\d+)?|\.\d+)"
_ARG = rf"({_NUM})(%?)"
_FUNC = re.compile(
    rf"(rgba?|hsla?)\(\s*{_ARG}(?:deg)?\s*(?:,\s*|\s+){_ARG}\s*(?:,\s*|\s+){_ARG}\s*(?:(?:,|/)\s*{_ARG}\s*)?\)",
    re.IGNORECASE,
)
_MAX_LENGTH = 64


def parse_color(text: str) -> Rgba:
    """``(red, green, blue, alpha)`` with channels 0-255 and alpha 0-1; ``ValueError`` if not a colour."""
    if not isinstance(text, str) or len(text) > _MAX_LENGTH:
        raise ValueError(_problem(text))
    value = text
    hex_match = _HEX.fullmatch(value)
    if hex_match:
        return _from_hex(hex_match.group(1))
    lowered = value.lower()
    if lowered == "transparent":
        return (0, 0, 0, 0.0)
    if lowered in NAMED:
        return _from_hex(NAMED[lowered])
    func = _FUNC.fullmatch(value)
    if func:
        return _from_function(func, text)
    raise ValueError(_problem(text))


def _problem(text: object) -> str:
    return "not a colour (use #rrggbb, #rgb, #rrggbbaa, a CSS colour name, rgb(), rgba(), hsl() or hsla())"


def _from_hex(digits: str) -> Rgba:
    if len(digits) in (3, 4):
        digits = "".join(ch * 2 for ch in digits)
    alpha = int(digits[6:8], 16) / 255 if len(digits) == 8 else 1.0
    return int(digits[0:2], 16), int(digits[2:4], 16), int(digits[4:6], 16), alpha


def _from_function(match: re.Match[str], text: str) -> Rgba:
    name = match.group(1).lower()
    values = [(float(match.group(i)), match.group(i + 1) == "%") for i in (2, 4, 6)]
    alpha = 1.0
    if match.group(8) is not None:
        number, percent = float(match.group(8)), match.group(9) == "%"
        alpha = number / 100 if percent else number
    if not 0 <= alpha <= 1:
        raise ValueError(_problem(text))
    if name.startswith("rgb"):
        channels = [v / 100 * 255 if percent else v for v, percent in values]
        if not all(0 <= c <= 255 for c in channels):
            raise ValueError(_problem(text))
        red, green, blue = (round(c) for c in channels)
        return red, green, blue, alpha
    (hue, hue_percent), (sat, sat_percent), (light, light_percent) = values
    if hue_percent or not (sat_percent and light_percent) or not (0 <= sat <= 100 and 0 <= light <= 100):
        raise ValueError(_problem(text))
    r, g, b = colorsys.hls_to_rgb((hue % 360) / 360, light / 100, sat / 100)
    return round(r * 255), round(g * 255), round(b * 255), alpha


def check_color(text: str) -> str:
    """The colour unchanged (files keep their spelling), or ``ValueError``."""
    parse_color(text)
    return text


#: A colour field of the project model: validated at load, written back as it was.
Color = Annotated[
    str, AfterValidator(check_color), WithJsonSchema({"type": "string", "description": "A colour: #rrggbb"})
]


def to_hex(text: str) -> str:
    """``#rrggbb`` of any valid colour (alpha dropped)."""
    red, green, blue, _ = parse_color(text)
    return f"#{red:02x}{green:02x}{blue:02x}"
