"""Blend modes: OpenCut's 17 (CSS ``mix-blend-mode``) with ffmpeg's ``blend``.

A layer with a blend mode other than ``normal`` is placed on a transparent
full-frame canvas; the frame below and that canvas are blended, the result
takes the layer's alpha, and is laid over the frame below while the element
runs. So only the element's pixels change, by the formula of its mode.

CSS names the backdrop ``Cb`` (what is below) and the source ``Cs`` (the
layer); ffmpeg names its inputs top ``A`` and bottom ``B``. Each mode is fed
in the order that makes ffmpeg's formula the CSS one:

=============  =========  ===========================================
CSS            ffmpeg     notes
=============  =========  ===========================================
darken         darken     symmetric
multiply       multiply   symmetric: Cb x Cs
color-burn     burn       A = Cs
lighten        lighten    symmetric
screen         screen     symmetric
plus-lighter   addition   symmetric (clamped sum)
color-dodge    dodge      A = Cs
overlay        overlay    A = Cb (the backdrop decides)
soft-light     softlight  A = Cs (ffmpeg uses sqrt for D(Cb): close)
hard-light     hardlight  B = Cs (the source decides)
difference     difference symmetric
exclusion      exclusion  symmetric
hue            (nearest)  chroma of the layer, luma of the frame (= color)
saturation     (nearest)  as color: ffmpeg has no HSL saturation blend
color          (YUV)      chroma (U, V) of the layer, luma (Y) of the frame
luminosity     (YUV)      luma of the layer, chroma of the frame
=============  =========  ===========================================
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from neuralcut_cli.render.filtergraph import Chain, Filter, chain, colour_source, f

if TYPE_CHECKING:
    from neuralcut_cli.render.graph import GraphBuilder

#: CSS mode -> (ffmpeg mode, the layer is ffmpeg's top input A).
RGB_MODES: dict[str, tuple[str, bool]] = {
    "darken": ("darken", True),
    "multiply": ("multiply", True),
    "color-burn": ("burn", True),
    "lighten": ("lighten", True),
    "screen": ("screen", True),
    "plus-lighter": ("addition", True),
    "color-dodge": ("dodge", True),
    "overlay": ("overlay", False),
    "soft-light": ("softlight", True),
    "hard-light": ("hardlight", False),
    "difference": ("difference", True),
    "exclusion": ("exclusion", True),
}
#: CSS mode -> (luma from the layer, chroma from the layer), blended in YUV with the layer on top.
YUV_MODES: dict[str, tuple[bool, bool]] = {
    "luminosity": (True, False),
    "color": (False, True),
    "hue": (False, True),
    "saturation": (False, True),
}
NEAREST = {"hue": "color", "saturation": "color"}  # where ffmpeg has no formula: documented approximations


def blend_filters(mode: str) -> tuple[str, Filter, bool]:
    """``(pixel format to blend in, the blend filter, layer is the first input)`` for a CSS mode."""
    if mode in RGB_MODES:
        name, layer_on_top = RGB_MODES[mode]
        return "gbrp", f("blend", all_mode=name), layer_on_top
    luma, chroma = YUV_MODES[mode]
    return (
        "yuv444p",
        f(
            "blend",
            c0_mode="normal",
            c0_opacity=int(luma),
            c1_mode="normal",
            c1_opacity=int(chroma),
            c2_mode="normal",
            c2_opacity=int(chroma),
        ),
        True,
    )


def blended(builder: GraphBuilder, current: str, layer: str, mode: str, at: tuple[str, str]) -> str:
    """``layer`` over ``current`` by ``mode``: blend the whole frame, keep the layer's pixels."""
    canvas, full, base_a, base_b, full_a, full_b = (builder.label(p) for p in ("bc", "bf", "ba", "bb", "fa", "fb"))
    layer_in, base_in, mixed, alpha, merged, out = (builder.label(p) for p in ("bl", "bi", "bm", "bk", "bg", "v"))
    pix_fmt, blend, layer_on_top = blend_filters(mode)
    rate = builder.project.settings.fps
    builder.chains += [
        colour_source(
            "#000000", builder.frame, Fraction(rate.numerator, rate.denominator), builder.length, "rgba", canvas, 0
        ),
        chain(
            (canvas, layer),
            f("overlay", x=at[0], y=at[1], eof_action="pass", format="auto"),
            f("format", pix_fmts="rgba"),
            out=full,
        ),
        Chain((full,), (f("split"),), (full_a, full_b)),
        Chain((current,), (f("split"),), (base_a, base_b)),
        chain(full_a, f("format", pix_fmts=pix_fmt), out=layer_in),
        chain(base_b, f("format", pix_fmts=pix_fmt), out=base_in),
        chain((layer_in, base_in) if layer_on_top else (base_in, layer_in), blend, out=mixed),
        chain(full_b, f("alphaextract"), out=alpha),
        chain((mixed, alpha), f("alphamerge"), out=merged),
        # no ``enable`` here: outside the element the layer is transparent, and an overlay that skips frames
        # makes its other input queue up (17 stacked modes took 15 s instead of 2)
        chain((base_a, merged), f("overlay", x=0, y=0), out=out),
    ]
    return out
