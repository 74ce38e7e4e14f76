"""Effects as small graphs: a colour table, a map or a warp is made once per render (``geq`` on one still frame,
see ``effects_expr``), then applied to every frame by fast filters: ``haldclut`` (tetrahedral), ``blend``,
``remap`` (nearest pixel), ``sobel``, ``maskedmerge``. A one-frame input is held for the whole stream
(``framesync`` repeats the last frame).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from neuralcut_cli.render import effects_expr as expr
from neuralcut_cli.render.effects_colour import LUMA, edge_repeated, mixer, number
from neuralcut_cli.render.filtergraph import Chain, Filter, chain, f

Labeller = Callable[[str], str]
#: (source label, labeller, enable) -> (chains, result label). ``enable`` (an expression of t) is honoured by the
#: builders that can switch in place (``clut``, ``factor``, ``grain``); the others ignore it.
Build = Callable[[str, Labeller, "str | None"], tuple[list[Chain], str]]
Size = tuple[int, int]
CLUT_LEVEL = 8  # 64 steps a channel: a 512 x 512 table


def still(size: Size, pix_fmt: str, out: str, **expressions: str) -> Chain:
    """One frame of ``size`` whose planes are ``geq`` expressions of X, Y (made once, held for the stream)."""
    return chain(
        (),
        f("color", c="black", s=f"{size[0]}x{size[1]}", r=1, d=1),
        f("format", pix_fmts=pix_fmt),
        f("geq", **expressions),
        out=out,
    )


def switched(step: Filter, enable: str | None) -> Filter:
    """``step`` on only while ``enable`` holds (ffmpeg's timeline), or always."""
    return step if enable is None else replace(step, options=(*step.options, ("enable", enable)))


def _grey(expression: str) -> dict[str, str]:
    return {"r": expression, "g": expression, "b": expression}


def table(channels: dict[str, str], out: str) -> Chain:
    """A colour table (a Hald CLUT) whose channels are ``geq`` expressions of the colour."""
    return chain(
        (),
        f("haldclutsrc", level=CLUT_LEVEL, rate=1, duration=1),
        f("format", pix_fmts="gbrp"),
        f("geq", **channels),
        f("format", pix_fmts="rgb24"),
        out=out,
    )


#: ``haldclut`` swaps planes on planar frames (ffmpeg 9): it is fed packed rgb24 on both inputs
LOOK_UP = f("haldclut", clut="first", interp="tetrahedral")


def clut(channels: dict[str, str]) -> Build:
    """Each colour through a table made from ``channels`` (functions of the colour)."""

    def build(source: str, label: Labeller, enable: str | None = None) -> tuple[list[Chain], str]:
        colours, work, out = label("ct"), label("cs"), label("co")
        return [
            table(channels, colours),
            chain(source, f("format", pix_fmts="rgb24"), out=work),
            chain((work, colours), switched(LOOK_UP, enable), out=out),
        ], out

    return build


def factor(size: Size, expression: str) -> Build:
    """Every channel times a map of the frame (0-1)."""

    def build(source: str, label: Labeller, enable: str | None = None) -> tuple[list[Chain], str]:
        amount, work, out = label("fm"), label("fs"), label("fo")
        return [
            still(size, "gbrp", amount, **_grey(f"255*({expression})")),
            chain(source, f("format", pix_fmts="gbrp"), out=work),
            chain((work, amount), switched(f("blend", all_mode="multiply"), enable), out=out),
        ], out

    return build


def grain(size: Size, expression: str) -> Build:
    """Every channel plus a map of the frame (-1..1 of full scale): its positive part added, its negative taken.
    The map is worked out once, on one 16-bit plane (``zero`` + ``scale`` x amount), then parted."""
    zero, scale = 32768, 100000  # room for amounts of -0.32..0.32 (film grain reaches 0.3)
    parts = {"+": f"max(0,val-{zero})*65535/{scale}", "-": f"max(0,{zero}-val)*65535/{scale}"}

    def build(source: str, label: Labeller, enable: str | None = None) -> tuple[list[Chain], str]:
        noise, noise_plus, noise_minus, work, added, out = (label(p) for p in ("gz", "gzp", "gzn", "gs", "ga", "go"))
        chains = [
            chain(
                (),
                f("color", c="black", s=f"{size[0]}x{size[1]}", r=1, d=1),
                f("format", pix_fmts="gray16"),
                f("geq", lum=f"{zero}+{scale}*({expression})"),
                out=noise,
            ),
            Chain((noise,), (f("split"),), (noise_plus, noise_minus)),
        ]
        planes = {}
        for sign, part in (("+", noise_plus), ("-", noise_minus)):
            planes[sign] = label("gm")
            grey = tuple(label("gg") for _ in range(3))
            chains += [
                Chain((part,), (f("lut", c0=parts[sign]), f("format", pix_fmts="gray"), f("split", outputs=3)), grey),
                chain(
                    grey,
                    f("mergeplanes", format="gbrp", map0s=0, map0p=0, map1s=1, map1p=0, map2s=2, map2p=0),
                    out=planes[sign],
                ),
            ]
        return [
            *chains,
            chain(source, f("format", pix_fmts="gbrp"), out=work),
            chain((work, planes["+"]), switched(f("blend", all_mode="addition"), enable), out=added),
            chain((added, planes["-"]), switched(f("blend", all_mode="subtract"), enable), out=out),
        ], out

    return build


def _maps(size: Size, uv: tuple[str, str], outside_black: bool, label: Labeller) -> tuple[list[Chain], str, str]:
    """``remap``'s two maps (16-bit pixel indices: the pixel nearest to UV) for sampling at UV; W or H (out of
    range) means black."""
    xs, ys = label("mx"), label("my")
    inside = f"between({uv[0]},0,1)*between({uv[1]},0,1)"
    x, y = f"clip(floor(({uv[0]})*W),0,W-1)", f"clip(floor(({uv[1]})*H),0,H-1)"
    if outside_black:
        x, y = f"if({inside},{x},W)", f"if({inside},{y},H)"
    return [still(size, "gray16", xs, lum=x), still(size, "gray16", ys, lum=y)], xs, ys


def warp(size: Size, where: expr.Warp) -> Build:
    """Every pixel from where ``where`` says (the nearest pixel), per channel when the channels part."""

    def build(source: str, label: Labeller, enable: str | None = None) -> tuple[list[Chain], str]:
        out = label("wo")
        if where.per_channel is None:
            chains, xs, ys = _maps(size, where.all, where.outside_black, label)
            work = label("ws")
            return [
                *chains,
                chain(source, f("format", pix_fmts="gbrp"), out=work),
                chain((work, xs, ys), f("remap", fill="black"), out=out),
            ], out
        planes = {c: label(f"w{c}") for c in "rgb"}
        chains = [
            Chain((source,), (f("format", pix_fmts="gbrp"), f("extractplanes", planes="r+g+b")), tuple(planes.values()))
        ]
        moved = {}
        for channel, uv in where.per_channel.items():
            maps, xs, ys = _maps(size, uv, where.outside_black, label)
            moved[channel] = label(f"wm{channel}")
            chains += [*maps, chain((planes[channel], xs, ys), f("remap", fill="black"), out=moved[channel])]
        # gbrp's planes are g, b, r: take each from its own stream
        chains.append(
            chain(
                (moved["r"], moved["g"], moved["b"]),
                f("mergeplanes", format="gbrp", map0s=1, map0p=0, map1s=2, map1p=0, map2s=0, map2p=0),
                out=out,
            )
        )
        return chains, out

    return build


def luma_planes() -> Filter:
    """Every channel set to the Rec.709 luma."""
    return mixer([list(LUMA) for _ in range(3)])


def edges(params: dict[str, Any]) -> Build:
    """Sobel on the luma (16-bit, so the smoothstep is not stepped), mixed over the picture by the intensity."""
    k, t = number(params, "intensity", 100) / 100, number(params, "threshold", 10) / 100
    step = f"{expr.smoothstep(f'{t}', f'{t + 0.1}', '(val/maxval)')}*maxval"

    def build(source: str, label: Labeller, enable: str | None = None) -> tuple[list[Chain], str]:
        keep, work, lines, out = label("ek"), label("ew"), label("el"), label("eo")
        return [
            Chain((source,), (f("format", pix_fmts="gbrp"), f("split")), (keep, work)),
            chain(
                work,
                f("format", pix_fmts="gbrp16"),
                luma_planes(),
                *edge_repeated(f("sobel")),
                f("lutrgb", r=step, g=step, b=step),
                f("format", pix_fmts="gbrp"),
                out=lines,
            ),
            chain((lines, keep), f("blend", all_mode="normal", all_opacity=f"{k:.6f}"), out=out),
        ], out

    return build


def glow(params: dict[str, Any]) -> Build:
    """The pixels at or above the threshold, box-blurred over the radius, added (x k²) where the picture is bright."""
    k = number(params, "intensity", 50) / 100
    threshold = number(params, "threshold", 70) / 100
    radius = max(1, round(number(params, "radius", 4)))
    gate = f"if(gte(val,{threshold}*maxval),maxval,0)"

    def build(source: str, label: Labeller, enable: str | None = None) -> tuple[list[Chain], str]:
        keep, lit, lit_a, lit_b, bright, bloom, added, out = (
            label(p) for p in ("gk", "gm", "ga", "gb", "gr", "gl", "gd", "go")
        )
        keep_a, keep_b, keep_c = keep + "a", keep + "b", keep + "c"
        return [
            Chain((source,), (f("format", pix_fmts="gbrp"), f("split", outputs=4)), (keep_a, keep_b, keep_c, keep)),
            chain(
                keep,
                f("format", pix_fmts="gbrp16"),
                luma_planes(),
                f("lutrgb", r=gate, g=gate, b=gate),
                f("format", pix_fmts="gbrp"),
                out=lit,
            ),
            Chain((lit,), (f("split"),), (lit_a, lit_b)),
            chain((keep_a, lit_a), f("blend", all_mode="multiply"), out=bright),
            chain(
                bright,
                f("avgblur", sizeX=radius),
                mixer([[k * k * (row == col) for col in range(3)] for row in range(3)]),
                out=bloom,
            ),
            chain((keep_b, bloom), f("blend", all_mode="addition"), out=added),
            chain((keep_c, added, lit_b), f("maskedmerge"), out=out),
        ], out

    return build


def halftone(size: Size, params: dict[str, Any]) -> Build:
    """Dots of each cell's centre colour on white: inside where distance² / biggest² + min(luma, 0.98) <= 1."""
    centre, distance = expr.halftone_grid(params)
    at_centre = warp(size, centre)
    gate = "if(lte(val,60000),0,65535)"

    def build(source: str, label: Labeller, enable: str | None = None) -> tuple[list[Chain], str]:
        chains, coloured = at_centre(source, label, None)
        colour_a, colour_b, dist, dark, white, out = (label(p) for p in ("hc", "hd", "hm", "hl", "hw", "ho"))
        lumas = "min(val,0.98*maxval)*60000/maxval"
        return [
            *chains,
            Chain((coloured,), (f("split"),), (colour_a, colour_b)),
            still(size, "gbrp16", dist, **_grey(f"60000*{distance}")),
            chain(
                colour_a,
                f("format", pix_fmts="gbrp16"),
                luma_planes(),
                f("lutrgb", r=lumas, g=lumas, b=lumas),
                out=dark,
            ),
            chain(
                (dark, dist),
                f("blend", all_mode="addition"),
                f("lutrgb", r=gate, g=gate, b=gate),
                f("format", pix_fmts="gbrp"),
                out=white,
            ),
            chain((colour_b, white), f("blend", all_mode="lighten"), out=out),
        ], out

    return build


def color_key(params: dict[str, Any], key: expr.Rgb) -> Build:
    """The picture's alpha times how far each colour is from the key (the key colour goes)."""
    keep = expr.color_key_keep(params, key)

    def build(source: str, label: Labeller, enable: str | None = None) -> tuple[list[Chain], str]:
        colour, old, probe, kept, work, new_alpha, old_alpha, alpha, out = (
            label(p) for p in ("kc", "ko", "kp", "kt", "kw", "kn", "ka", "kb", "kr")
        )
        return [
            Chain((source,), (f("format", pix_fmts="gbrap"), f("split", outputs=3)), (colour, old, probe)),
            table(_grey(keep), kept),
            chain(probe, f("format", pix_fmts="rgb24"), out=work),
            chain((work, kept), LOOK_UP, f("format", pix_fmts="gbrp"), f("extractplanes", planes="g"), out=new_alpha),
            chain(old, f("alphaextract"), out=old_alpha),
            chain((old_alpha, new_alpha), f("blend", all_mode="multiply"), out=alpha),
            chain((colour, alpha), f("alphamerge"), out=out),
        ], out

    return build
