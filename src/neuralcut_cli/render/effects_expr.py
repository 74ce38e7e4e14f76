"""The maths of reference §3 as ffmpeg expressions, for ``geq`` to evaluate once on a small still (never per
frame: ``geq`` manages about one 1080p frame a second): a colour table (``r``, ``g``, ``b`` there are the table's
colours), a map of the frame (of ``X``, ``Y`` only), or where each pixel samples from.

UV follows the shaders: ``u = (X + 0.5) / W``, ``v = (Y + 0.5) / H``, origin top left; luma is Rec.709.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from neuralcut_cli.render.effects_colour import number

U, V = "((X+0.5)/W)", "((Y+0.5)/H)"
R, G, B = "r(X,Y)", "g(X,Y)", "b(X,Y)"
GRAIN_WEIGHTS = (0.1031, 0.1030, 0.0973)
GLITCH_WEIGHTS = (0.1031, 0.1031, 0.1031)
Rgb = tuple[int, int, int]


@dataclass(frozen=True)
class Warp:
    """Where each output pixel takes its colour from, in UV, per channel (``r``, ``g``, ``b``: the same for all
    when only ``all`` is given); outside the frame the edge is repeated, or the pixel is black."""

    all: tuple[str, str]
    per_channel: dict[str, tuple[str, str]] | None = None
    outside_black: bool = False


def smoothstep(e0: str, e1: str, x: str) -> str:
    t = f"clip(({x}-({e0}))/(({e1})-({e0})),0,1)"
    return f"({t}*{t}*(3-2*{t}))"


def luma() -> str:
    """Rec.709 luma of this pixel, 0-1."""
    return f"((0.2126*{R}+0.7152*{G}+0.0722*{B})/255)"


def hash21(x: str, y: str, weights: tuple[float, float, float]) -> str:
    """The anchor's static hash of a cell (Dave Hoskins' ``hash12``), in [0, 1): the same grain as the web editor.
    Each part is stored once (``st``/``ld``, variables 0-4) rather than written out again wherever it is used."""
    parts = [
        f"st({n},({c})*{w});st({n},ld({n})-floor(ld({n})))"
        for n, (c, w) in enumerate(zip((x, y, x), weights, strict=True))
    ]
    dot = "st(3,ld(0)*(ld(1)+33.33)+ld(1)*(ld(2)+33.33)+ld(2)*(ld(0)+33.33))"
    final = "st(4,(ld(0)+ld(3)+ld(1)+ld(3))*(ld(2)+ld(3)));ld(4)-floor(ld(4))"
    return f"({';'.join(parts)};{dot};{final})"


# -- colour tables: each channel as a function of the colour ----------------------------------------------------


def duotone(params: dict[str, Any], shadow: Rgb, highlight: Rgb) -> dict[str, str]:
    k = number(params, "intensity", 100) / 100
    return {c: f"(1-{k})*{c}(X,Y)+{k}*({shadow[n]}+({highlight[n] - shadow[n]})*{luma()})" for n, c in enumerate("rgb")}


def shadows_highlights(params: dict[str, Any]) -> dict[str, str]:
    shadows, highlights = number(params, "shadows", 0) / 200, number(params, "highlights", 0) / 200
    lift = f"((1-{smoothstep('0', '0.5', luma())})*{shadows}-{smoothstep('0.5', '1', luma())}*{highlights})*255"
    return {c: f"clip({c}(X,Y)+{lift},0,255)" for c in "rgb"}


def hue_rotate(params: dict[str, Any]) -> dict[str, str]:
    """HSL hue turned by ``angle``: the channels' max and min (lightness, saturation) stay, the hue moves."""
    turn = number(params, "angle", 0) / 60
    high, low = f"max(max({R},{G}),{B})", f"min(min({R},{G}),{B})"
    span = f"({high}-{low})"
    hue6 = (
        f"if(eq({span},0),0,if(eq({high},{R}),mod(({G}-{B})/{span},6),"
        f"if(eq({high},{G}),({B}-{R})/{span}+2,({R}-{G})/{span}+4)))"
    )
    return {
        c: f"{low}+{span}*clip(abs(mod({hue6}+{turn + n:.9f},6)-3)-1,0,1)" for c, n in (("r", 0), ("g", 4), ("b", 2))
    }


def color_key_keep(params: dict[str, Any], key: Rgb) -> str:
    """How much of a colour stays (0-255): none near the key colour, all beyond the tolerance."""
    tolerance, softness = number(params, "tolerance", 40) / 100, number(params, "softness", 10) / 100 + 0.001
    diff = f"(hypot(hypot({R}/255-{key[0] / 255},{G}/255-{key[1] / 255}),{B}/255-{key[2] / 255}))"
    return f"255*{smoothstep(f'{tolerance - softness}', f'{tolerance + softness}', diff)}"


# -- maps of the frame: a factor, or an amount, per position ---------------------------------------------------


def vignette(params: dict[str, Any]) -> str:
    r, s = number(params, "radius", 75) / 100, number(params, "softness", 35) / 100
    return smoothstep(f"{r}", f"{r - s}", f"hypot({U}-0.5,{V}-0.5)")


def scanlines(params: dict[str, Any]) -> str:
    k, count = number(params, "intensity", 30) / 100, number(params, "count", 240)
    return f"(1-{smoothstep('0.4', '0.5', f'({V}*{count}-floor({V}*{count}))')}*{k})"


def film_grain(params: dict[str, Any]) -> str:
    """The grain added to every channel, -1..1 of full scale."""
    k, size = number(params, "intensity", 30) / 100, max(1.0, number(params, "size", 1))
    cell = f"floor((X+0.5)/{size})", f"floor((Y+0.5)/{size})"
    return f"(2*{hash21(*cell, GRAIN_WEIGHTS)}-1)*{0.3 * k}"


# -- warps: where each pixel samples from -----------------------------------------------------------------------


def chromatic_aberration(params: dict[str, Any]) -> Warp:
    o = number(params, "offset", 15) / 100 * 0.02
    length = f"max(hypot({U}-0.5,{V}-0.5),1e-9)"
    du, dv = f"(({U}-0.5)/{length}*{o})", f"(({V}-0.5)/{length}*{o})"
    return Warp((U, V), {"r": (f"({U}+{du})", f"({V}+{dv})"), "g": (U, V), "b": (f"({U}-{du})", f"({V}-{dv})")})


def wave(params: dict[str, Any]) -> Warp:
    a, fr = number(params, "amplitude", 30) / 100 * 0.02, number(params, "frequency", 5)
    return Warp((f"clip({U}+sin({V}*{fr}*2*PI)*{a},0,1)", f"clip({V}+cos({U}*{fr}*2*PI)*{a},0,1)"))


def mirror(params: dict[str, Any]) -> Warp:
    p = number(params, "position", 50) / 100
    if round(number(params, "axis", 0)) == 0:
        return Warp((f"clip(if(gt({U},{p}),2*{p}-{U},{U}),0,1)", V))
    return Warp((U, f"clip(if(gt({V},{p}),2*{p}-{V},{V}),0,1)"))


def kaleidoscope(params: dict[str, Any]) -> Warp:
    n = max(2, round(number(params, "segments", 6)))
    angle = number(params, "angle", 0) * math.pi / 180
    seg = 2 * math.pi / n
    radius = f"hypot({U}-0.5,{V}-0.5)"
    theta = f"abs(mod(atan2({V}-0.5,{U}-0.5)+{angle}+4*PI,{seg})-{seg / 2})"
    return Warp((f"(0.5+{radius}*cos({theta}))", f"(0.5+{radius}*sin({theta}))"), outside_black=True)


def fisheye(params: dict[str, Any]) -> Warp:
    s = number(params, "strength", 50) / 100
    power = 1 + 1.5 * s if s >= 0 else 1 / (1 + 1.5 * abs(s))
    radius = f"max(hypot({U}-0.5,{V}-0.5),1e-9)"
    bent = f"(pow(2*{radius},{power})/2)"
    return Warp((f"(0.5+({U}-0.5)/{radius}*{bent})", f"(0.5+({V}-0.5)/{radius}*{bent})"), outside_black=True)


def glitch(params: dict[str, Any]) -> Warp:
    k, block = number(params, "intensity", 50) / 100, max(1.0, number(params, "blockSize", 20))
    bx, by = f"floor((X+0.5)/{block})", f"floor((Y+0.5)/{block})"
    shifted = f"gt({hash21(bx, by, GLITCH_WEIGHTS)},{1 - 0.8 * k})"
    u = f"({U}+if({shifted},({hash21(f'({bx}+42)', by, GLITCH_WEIGHTS)}-0.5)*{k}*0.15,0))"
    split = 0.008 * k
    return Warp((u, V), {"r": (f"({u}+{split})", V), "g": (u, V), "b": (f"({u}-{split})", V)})


def pixelate(params: dict[str, Any]) -> Warp:
    """Every cell of ``size`` px takes the colour at its centre."""
    cell = max(1.0, number(params, "size", 10))
    return Warp((f"clip((floor({U}*W/{cell})+0.5)*{cell}/W,0,1)", f"clip((floor({V}*H/{cell})+0.5)*{cell}/H,0,1)"))


def halftone_grid(params: dict[str, Any]) -> tuple[Warp, str]:
    """Real dots (the anchor's shader draws none): on a grid of ``2 * dotSize`` px turned by ``angle``, each pixel
    looks at its cell's centre; the map is its squared distance from there over the biggest dot's, 0-1 (clipped)."""
    spacing = 2 * max(1.0, number(params, "dotSize", 4))
    a = number(params, "angle", 45) * math.pi / 180
    ca, sa = math.cos(a), math.sin(a)
    ru, rv = f"(X*{ca:.9f}+Y*{sa:.9f})", f"(-X*{sa:.9f}+Y*{ca:.9f})"  # turned pixel coordinates
    cu, cv = f"((floor({ru}/{spacing})+0.5)*{spacing})", f"((floor({rv}/{spacing})+0.5)*{spacing})"
    cx, cy = f"({cu}*{ca:.9f}-{cv}*{sa:.9f})", f"({cu}*{sa:.9f}+{cv}*{ca:.9f})"  # the centre, turned back
    biggest = spacing / 2 * 1.15
    distance = f"min(1,(pow({ru}-{cu},2)+pow({rv}-{cv},2))/{biggest * biggest})"
    return Warp((f"(({cx})+0.5)/W", f"(({cy})+0.5)/H")), distance
