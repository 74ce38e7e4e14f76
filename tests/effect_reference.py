"""Reference §3's maths in numpy, written from the reference's formulas (not from our ffmpeg expressions).

Pictures are float arrays ``(H, W, 3)`` in 0-1. UV follows the shaders: ``u = (x + 0.5) / W``, samples are bilinear
with the edge repeated (a GPU's clamp-to-edge sampler), and luma is Rec.709.
"""

from __future__ import annotations

import colorsys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import numpy as np

Picture = np.ndarray
LUMA = np.array([0.2126, 0.7152, 0.0722])


def luma(picture: Picture) -> Picture:
    return picture @ LUMA


def smoothstep(e0: float, e1: float, x: Picture) -> Picture:
    t = np.clip((x - e0) / (e1 - e0), 0, 1)
    return t * t * (3 - 2 * t)


def uv(picture: Picture) -> tuple[Picture, Picture]:
    h, w = picture.shape[:2]
    return np.meshgrid((np.arange(w) + 0.5) / w, (np.arange(h) + 0.5) / h)


#: How ``sample`` reads between pixels: "bilinear" (the shaders) or "nearest" (our warps; see ``nearest``)
SAMPLER = {"mode": "bilinear"}


@contextmanager
def nearest() -> Iterator[None]:
    SAMPLER["mode"] = "nearest"
    try:
        yield
    finally:
        SAMPLER["mode"] = "bilinear"


def sample(picture: Picture, u: Picture, v: Picture) -> Picture:
    """Bilinear (or nearest) samples at UV, the edge repeated outside."""
    h, w = picture.shape[:2]
    if SAMPLER["mode"] == "nearest":
        return picture[np.clip(np.floor(v * h), 0, h - 1).astype(int), np.clip(np.floor(u * w), 0, w - 1).astype(int)]
    x, y = np.clip(u * w - 0.5, 0, w - 1), np.clip(v * h - 0.5, 0, h - 1)
    x0, y0 = np.floor(x).astype(int), np.floor(y).astype(int)
    x1, y1 = np.minimum(x0 + 1, w - 1), np.minimum(y0 + 1, h - 1)
    fx, fy = (x - x0)[..., None], (y - y0)[..., None]
    top = picture[y0, x0] * (1 - fx) + picture[y0, x1] * fx
    bottom = picture[y1, x0] * (1 - fx) + picture[y1, x1] * fx
    return top * (1 - fy) + bottom * fy


def sample_or_black(picture: Picture, u: Picture, v: Picture) -> Picture:
    inside = ((u >= 0) & (u <= 1) & (v >= 0) & (v <= 1))[..., None]
    return np.where(inside, sample(picture, u, v), 0.0)


def mix(a: Picture, b: Picture, k: float) -> Picture:
    return a * (1 - k) + b * k


def hash21(x: Picture, y: Picture, weights: tuple[float, float, float]) -> Picture:
    p = [np.mod(c * w, 1.0) for c, w in zip((x, y, x), weights, strict=True)]
    dot = p[0] * (p[1] + 33.33) + p[1] * (p[2] + 33.33) + p[2] * (p[0] + 33.33)
    q = [c + dot for c in p]
    return np.mod((q[0] + q[1]) * q[2], 1.0)


def blur(c: Picture, intensity: float) -> Picture:
    h, w = c.shape[:2]
    out = c
    for axis, sigma in ((1, intensity / 5 * w / 1920), (0, intensity / 5 * h / 1080)):
        radius = int(np.ceil(3 * sigma))
        taps = np.exp(-0.5 * (np.arange(-radius, radius + 1) / sigma) ** 2)
        taps /= taps.sum()
        padded = np.pad(out, [(radius, radius) if a == axis else (0, 0) for a in range(3)], mode="edge")
        out = sum(t * np.take(padded, np.arange(i, i + out.shape[axis]), axis=axis) for i, t in enumerate(taps))
    return out


def brightness_contrast(c: Picture, brightness: float, contrast: float) -> Picture:
    return np.clip((c - 0.5) * contrast + 0.5 + brightness, 0, 1)


def grayscale(c: Picture, intensity: float) -> Picture:
    return mix(c, luma(c)[..., None], intensity / 100)


def saturation(c: Picture, saturation: float) -> Picture:
    return mix(luma(c)[..., None], c, saturation / 100)


def sepia(c: Picture, intensity: float) -> Picture:
    matrix = np.array([[0.393, 0.769, 0.189], [0.349, 0.686, 0.168], [0.272, 0.534, 0.131]])
    return mix(c, np.minimum(c @ matrix.T, 1), intensity / 100)


def invert(c: Picture, intensity: float) -> Picture:
    return mix(c, 1 - c, intensity / 100)


def vignette(c: Picture, radius: float, softness: float) -> Picture:
    u, v = uv(c)
    r, s = radius / 100, softness / 100
    return c * smoothstep(r, r - s, np.hypot(u - 0.5, v - 0.5))[..., None]


def hue_rotate(c: Picture, angle: float) -> Picture:
    def turn(pixel: Picture) -> list[float]:
        hue, light, sat = colorsys.rgb_to_hls(*pixel)
        return list(colorsys.hls_to_rgb((hue + angle / 360) % 1, light, sat))

    return np.apply_along_axis(turn, 2, c)


def color_temperature(c: Picture, temperature: float) -> Picture:
    t = temperature / 100
    weights = np.array([1, 0.85, 0.65] if t >= 0 else [0.65, 0.85, 1])
    return np.clip(c + 0.3 * abs(t) * weights, 0, 1)


def tint(c: Picture, color: str, intensity: float) -> Picture:
    colour = np.array([int(color[i : i + 2], 16) / 255 for i in (1, 3, 5)])
    return np.clip(mix(c, 0.5 * luma(c)[..., None] + 0.5 * colour, intensity / 100), 0, 1)


def posterize(c: Picture, levels: float) -> Picture:
    return np.round(c * (levels - 1)) / (levels - 1)


def duotone(c: Picture, shadowColor: str, highlightColor: str, intensity: float) -> Picture:
    low, high = (np.array([int(x[i : i + 2], 16) / 255 for i in (1, 3, 5)]) for x in (shadowColor, highlightColor))
    return mix(c, low + (high - low) * luma(c)[..., None], intensity / 100)


def cross_process(c: Picture, intensity: float) -> Picture:
    first = np.stack(
        [
            np.minimum(1.2 * c[..., 0] + 0.05, 1),
            np.maximum(0.8 * c[..., 1] - 0.02, 0),
            np.minimum(1.4 * c[..., 2] + 0.1, 1),
        ],
        axis=-1,
    )
    second = np.clip((first - 0.5) * np.array([1.2, 1.1, 1.3]) + 0.5, 0, 1)
    return mix(c, second, intensity / 100)


def pixelate(c: Picture, size: float) -> Picture:
    h, w = c.shape[:2]
    u, v = uv(c)
    cx, cy = size / w, size / h
    return sample(c, np.clip(np.floor(u / cx) * cx + cx / 2, 0, 1), np.clip(np.floor(v / cy) * cy + cy / 2, 0, 1))


def chromatic_aberration(c: Picture, offset: float) -> Picture:
    u, v = uv(c)
    length = np.maximum(np.hypot(u - 0.5, v - 0.5), 1e-9)
    du, dv = (u - 0.5) / length * offset / 100 * 0.02, (v - 0.5) / length * offset / 100 * 0.02
    return np.stack([sample(c, u + du, v + dv)[..., 0], c[..., 1], sample(c, u - du, v - dv)[..., 2]], axis=-1)


def glitch(c: Picture, intensity: float, blockSize: float) -> Picture:
    h, w = c.shape[:2]
    k = intensity / 100
    u, v = uv(c)
    bx, by = np.floor(u * w / blockSize), np.floor(v * h / blockSize)
    weights = (0.1031, 0.1031, 0.1031)
    shift = np.where(hash21(bx, by, weights) > 1 - 0.8 * k, (hash21(bx + 42, by, weights) - 0.5) * k * 0.15, 0)
    u = u + shift
    return np.stack(
        [sample(c, u + 0.008 * k, v)[..., 0], sample(c, u, v)[..., 1], sample(c, u - 0.008 * k, v)[..., 2]], axis=-1
    )


def wave(c: Picture, amplitude: float, frequency: float) -> Picture:
    u, v = uv(c)
    a = amplitude / 100 * 0.02
    return sample(
        c,
        np.clip(u + np.sin(v * frequency * 2 * np.pi) * a, 0, 1),
        np.clip(v + np.cos(u * frequency * 2 * np.pi) * a, 0, 1),
    )


def mirror(c: Picture, axis: float, position: float) -> Picture:
    u, v = uv(c)
    p = position / 100
    if axis == 0:
        return sample(c, np.clip(np.where(u > p, 2 * p - u, u), 0, 1), v)
    return sample(c, u, np.clip(np.where(v > p, 2 * p - v, v), 0, 1))


def kaleidoscope(c: Picture, segments: float, angle: float) -> Picture:
    u, v = uv(c)
    r, theta = np.hypot(u - 0.5, v - 0.5), np.arctan2(v - 0.5, u - 0.5) + np.radians(angle)
    seg = 2 * np.pi / segments
    theta = np.abs(np.mod(theta, seg) - seg / 2)
    return sample_or_black(c, 0.5 + r * np.cos(theta), 0.5 + r * np.sin(theta))


def fisheye(c: Picture, strength: float) -> Picture:
    u, v = uv(c)
    s = strength / 100
    r = np.maximum(np.hypot(u - 0.5, v - 0.5), 1e-9)
    bent = (2 * r) ** (1 + 1.5 * s if s >= 0 else 1 / (1 + 1.5 * abs(s))) / 2
    theta = np.arctan2(v - 0.5, u - 0.5)
    return sample_or_black(c, 0.5 + np.cos(theta) * bent, 0.5 + np.sin(theta) * bent)


def sharpen(c: Picture, intensity: float) -> Picture:
    p = np.pad(c, ((1, 1), (1, 1), (0, 0)), mode="edge")
    around = p[:-2, 1:-1] + p[2:, 1:-1] + p[1:-1, :-2] + p[1:-1, 2:]
    return np.clip(c + intensity / 100 * (4 * c - around), 0, 1)


def glow(c: Picture, intensity: float, threshold: float, radius: float) -> Picture:
    """The shader's 33 x 33 bilinear samples over +-radius px of the bright pixels, mean over all samples."""
    k, t = intensity / 100, threshold / 100
    h, w = c.shape[:2]
    u, v = uv(c)
    bright = np.where((luma(c) >= t)[..., None], c, 0.0)
    bloom = np.zeros_like(c)
    for i in range(-16, 17):
        for j in range(-16, 17):
            bloom += sample(bright, u + i * radius / 16 / w, v + j * radius / 16 / h)
    bloom /= 33 * 33
    return np.where((luma(c) >= t)[..., None], np.clip(c + k * k * bloom, 0, 1), c)


def exposure(c: Picture, exposure: float) -> Picture:
    return np.clip(c * 2**exposure, 0, 1)


def shadows_highlights(c: Picture, shadows: float, highlights: float) -> Picture:
    lum = luma(c)[..., None]
    return np.clip(c + (1 - smoothstep(0, 0.5, lum)) * shadows / 200 - smoothstep(0.5, 1, lum) * highlights / 200, 0, 1)


def edge_detection(c: Picture, intensity: float, threshold: float) -> Picture:
    p = np.pad(luma(c), 1, mode="edge")
    at = {
        (dx, dy): p[1 + dy : p.shape[0] - 1 + dy, 1 + dx : p.shape[1] - 1 + dx]
        for dx in (-1, 0, 1)
        for dy in (-1, 0, 1)
    }
    gx = at[1, -1] + 2 * at[1, 0] + at[1, 1] - at[-1, -1] - 2 * at[-1, 0] - at[-1, 1]
    gy = at[-1, 1] + 2 * at[0, 1] + at[1, 1] - at[-1, -1] - 2 * at[0, -1] - at[1, -1]
    edge = smoothstep(threshold / 100, threshold / 100 + 0.1, np.hypot(gx, gy))
    return mix(c, edge[..., None], intensity / 100)


def emboss(c: Picture, intensity: float, angle: float) -> Picture:
    h, w = c.shape[:2]
    u, v = uv(c)
    du, dv = np.cos(np.radians(angle)) / w, np.sin(np.radians(angle)) / h
    k = intensity / 100
    return np.clip((sample(c, u + du, v + dv) - sample(c, u - du, v - dv) + 0.5) * k + c * (1 - k), 0, 1)


def film_grain(c: Picture, intensity: float, size: float) -> Picture:
    h, w = c.shape[:2]
    u, v = uv(c)
    noise = hash21(np.floor(u * w / size), np.floor(v * h / size), (0.1031, 0.1030, 0.0973)) * 2 - 1
    return np.clip(c + (noise * intensity / 100 * 0.3)[..., None], 0, 1)


def halftone(c: Picture, dotSize: float, angle: float) -> Picture:
    """Real dots (our decision, not the anchor's broken shader): on a grid of ``2 * dotSize`` px turned by
    ``angle``, a dot of the cell centre's colour on white, of radius ``1.15 * dotSize * sqrt(1 - L)``."""
    h, w = c.shape[:2]
    spacing, a = 2 * dotSize, np.radians(angle)
    y, x = np.mgrid[0:h, 0:w].astype(float)
    ru, rv = x * np.cos(a) + y * np.sin(a), -x * np.sin(a) + y * np.cos(a)
    cu, cv = (np.floor(ru / spacing) + 0.5) * spacing, (np.floor(rv / spacing) + 0.5) * spacing
    cx, cy = cu * np.cos(a) - cv * np.sin(a), cu * np.sin(a) + cv * np.cos(a)
    centre = sample(c, (cx + 0.5) / w, (cy + 0.5) / h)
    radius = spacing / 2 * 1.15 * np.sqrt(np.maximum(0.02, 1 - luma(centre)))
    inside = np.hypot(ru - cu, rv - cv) <= radius
    return np.where(inside[..., None], centre, 1.0)


def scanlines(c: Picture, intensity: float, count: float) -> Picture:
    _, v = uv(c)
    band = smoothstep(0.4, 0.5, np.mod(v * count, 1.0))
    return c * (1 - band * intensity / 100)[..., None]


def color_key_alpha(c: Picture, keyColor: str, tolerance: float, softness: float) -> Picture:
    """The alpha that removes the key colour (our decision: the anchor's shader keeps the key and drops the rest)."""
    key = np.array([int(keyColor[i : i + 2], 16) / 255 for i in (1, 3, 5)])
    e = softness / 100 + 0.001
    return smoothstep(tolerance / 100 - e, tolerance / 100 + e, np.linalg.norm(c - key, axis=-1))


REFERENCES: dict[str, Callable[..., Picture]] = {
    "blur": blur,
    "brightness-contrast": brightness_contrast,
    "grayscale": grayscale,
    "saturation": saturation,
    "sepia": sepia,
    "invert": invert,
    "vignette": vignette,
    "hue-rotate": hue_rotate,
    "color-temperature": color_temperature,
    "tint": tint,
    "posterize": posterize,
    "duotone": duotone,
    "cross-process": cross_process,
    "pixelate": pixelate,
    "chromatic-aberration": chromatic_aberration,
    "glitch": glitch,
    "wave": wave,
    "mirror": mirror,
    "kaleidoscope": kaleidoscope,
    "fisheye": fisheye,
    "sharpen": sharpen,
    "glow": glow,
    "exposure": exposure,
    "shadows-highlights": shadows_highlights,
    "edge-detection": edge_detection,
    "emboss": emboss,
    "film-grain": film_grain,
    "halftone": halftone,
    "scanlines": scanlines,
    "color-key": color_key_alpha,
}


def reference(effect: str, picture: Picture, params: dict[str, Any]) -> Picture:
    return REFERENCES[effect](picture, **params)
