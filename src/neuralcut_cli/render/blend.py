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

from neuralcut_cli.render.filtergraph import Filter, f

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
