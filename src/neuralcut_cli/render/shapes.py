"""Sticker and graphic pictures drawn by ffmpeg: a ``geq`` alpha mask per
shape, rendered once to a PNG; flags as a card with the country code.

Coordinates: ``u`` and ``v`` run from -1 to 1 across the sticker, ``v`` down.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from neuralcut_cli.catalogs.stickers import Sticker
from neuralcut_cli.media.ffmpeg import file_arg, fonts_dir, run_ffmpeg
from neuralcut_cli.project.colors import parse_color
from neuralcut_cli.project.elements import GraphicElement
from neuralcut_cli.render.filtergraph import chain, f, graph_text

U = "(2*X/W-1)"
V = "(2*Y/H-1)"


def _segment(ax: float, ay: float, bx: float, by: float, width: float) -> str:
    """Points within ``width`` of the segment A-B."""
    dx, dy = bx - ax, by - ay
    length = dx * dx + dy * dy
    t = f"clip((({U}-({ax}))*({dx})+({V}-({ay}))*({dy}))/{length},0,1)"
    return f"lte(hypot({U}-({ax})-{t}*({dx}),{V}-({ay})-{t}*({dy})),{width})"


_R = f"hypot({U},{V})"
_THETA = f"atan2({V},{U})"
# A five-pointed star: the distance from the nearest tip's axis, then the
# straight edge from a tip (radius 0.95) to a notch (radius 0.4).
_A = f"abs(mod({_THETA}+PI/2+PI/5+4*PI,2*PI/5)-PI/5)"
_STAR = f"0.95*0.4*sin(PI/5)/(0.4*sin(PI/5)*cos({_A})+(0.95-0.4*cos(PI/5))*sin({_A}))"
MASKS = {
    "circle": f"lte({_R},0.95)",
    "square": f"lte(abs({U}),0.9)*lte(abs({V}),0.9)",
    "triangle": f"gte({V},-0.9)*lte({V},0.85)*lte(abs({U}),({V}+0.9)/1.75*0.95)",
    "diamond": f"lte(abs({U})+abs({V}),0.95)",
    "hexagon": f"lte(abs({V}),0.82)*lte(abs({U})*0.866+abs({V})*0.5,0.82)",
    "heart": f"lte(pow(pow({U}*1.25,2)+pow(-{V}*1.25+0.3,2)-1,3)-pow({U}*1.25,2)*pow(-{V}*1.25+0.3,3),0)",
    "star": f"lte({_R},{_STAR})",
    "arrow": f"(gte({U},-0.9)*lte({U},0.15)*lte(abs({V}),0.22))+(gte({U},0.15)*lte({U},0.95)*lte(abs({V}),(0.95-{U})*1.0))",
    "check": f"{_segment(-0.75, 0.05, -0.25, 0.55, 0.14)}+{_segment(-0.25, 0.55, 0.8, -0.6, 0.14)}",
    "cross": f"{_segment(-0.7, -0.7, 0.7, 0.7, 0.16)}+{_segment(-0.7, 0.7, 0.7, -0.7, 0.16)}",
}
COLOURS = {
    "circle": (59, 130, 246),
    "square": (16, 185, 129),
    "triangle": (245, 158, 11),
    "star": (255, 215, 0),
    "heart": (225, 29, 72),
    "arrow": (249, 115, 22),
    "diamond": (139, 92, 246),
    "hexagon": (20, 184, 166),
    "check": (34, 197, 94),
    "cross": (239, 68, 68),
}


def draw_sticker(sticker: Sticker, size: int, folder: Path) -> Path:
    """A PNG of ``sticker``, ``size`` pixels square, with transparency."""
    key = sticker.id.split(":", 1)[1]
    target = folder / f"sticker-{sticker.provider}-{key}-{size}.png"
    if target.exists():
        return target
    if sticker.provider == "shapes":
        r, g, b = COLOURS.get(key, (255, 255, 255))
        mask = MASKS.get(key, MASKS["circle"])
        filters = [
            f("color", c="black", s=f"{size}x{size}", d=1),
            f("format", pix_fmts="rgba"),
            f("geq", r=r, g=g, b=b, a=f"255*gt({mask},0)"),
        ]
    else:
        font = fonts_dir() / "DejaVuSans-Bold.ttf"
        height = size * 2 // 3 // 2 * 2
        filters = [
            f("color", c="white", s=f"{size}x{height}", d=1),
            f("format", pix_fmts="rgba"),
            f("drawbox", x=0, y=0, w="iw", h="ih", color="0x1f2937", t=max(2, size // 24)),
            f(
                "drawtext",
                fontfile=font,
                text=key,
                expansion="none",
                fontsize=size // 3,
                fontcolor="0x1f2937",
                x="(w-text_w)/2",
                y="(h-text_h)/2",
            ),
        ]
    graph = graph_text([chain((), *filters, out="out0")])
    run_ffmpeg(["-y", "-f", "lavfi", "-i", graph, "-frames:v", "1", file_arg(target)])
    return target


GRAPHIC_SIZE = 200.0  # canvas pixels a side when the graphic's params give no width/height


def graphic_size(element: GraphicElement) -> tuple[float, float]:
    """The shape's size in canvas pixels (``params.width``/``height`` when given)."""
    sizes = [element.params.get(key) for key in ("width", "height")]
    w, h = (
        float(v) if isinstance(v, (int, float)) and not isinstance(v, bool) and 1 <= v <= 16384 else GRAPHIC_SIZE
        for v in sizes
    )
    return w, h


def draw_graphic(element: GraphicElement, size: tuple[int, int], folder: Path) -> Path:
    """A PNG of a graphic element (rectangle, ellipse, polygon or star) in its fill colour, with transparency."""
    r, g, b = _fill(element.params)
    sides = element.params.get("sides", 6)
    sides = int(sides) if isinstance(sides, (int, float)) and not isinstance(sides, bool) and 3 <= sides <= 64 else 6
    mask = {
        "rectangle": "1",
        "ellipse": f"lte({_R},1)",
        "star": f"lte({_R},{_STAR})",
        "polygon": f"lte({_R}*cos(mod({_THETA}+PI/2+4*PI,2*PI/{sides})-PI/{sides}),0.95*cos(PI/{sides}))",
    }
    target = folder / f"graphic-{element.definition_id}-{sides}-{r:02x}{g:02x}{b:02x}-{size[0]}x{size[1]}.png"
    if target.exists():
        return target
    filters = [
        f("color", c="black", s=f"{size[0]}x{size[1]}", d=1),
        f("format", pix_fmts="rgba"),
        f("geq", r=r, g=g, b=b, a=f"255*gt({mask[element.definition_id]},0)"),
    ]
    run_ffmpeg(
        ["-y", "-f", "lavfi", "-i", graph_text([chain((), *filters, out="out0")]), "-frames:v", "1", file_arg(target)]
    )
    return target


def _fill(params: Mapping[str, object]) -> tuple[int, int, int]:
    for key in ("fill", "color", "fillColor"):
        value = params.get(key)
        if isinstance(value, str):
            try:
                red, green, blue, _ = parse_color(value)
                return red, green, blue
            except ValueError:
                continue
    return 255, 255, 255


def draw_box(size: tuple[int, int], radius: float, color: str, opacity: float, folder: Path) -> Path:
    """A PNG of a filled box with rounded corners (a text background), with transparency."""
    red, green, blue, alpha = parse_color(color)
    a = round(255 * max(0.0, min(1.0, alpha * opacity)))
    target = folder / f"box-{size[0]}x{size[1]}-{radius:.1f}-{red:02x}{green:02x}{blue:02x}{a:02x}.png"
    if target.exists():
        return target
    inside = (
        f"lte(pow(max(abs(X+0.5-W/2)-(W/2-{radius:.2f}),0),2)+pow(max(abs(Y+0.5-H/2)-(H/2-{radius:.2f}),0),2),"
        f"{radius * radius:.2f})"
    )
    filters = [
        f("color", c="black", s=f"{size[0]}x{size[1]}", d=1),
        f("format", pix_fmts="rgba"),
        f("geq", r=red, g=green, b=blue, a=f"{a}*{inside}"),
    ]
    run_ffmpeg(
        ["-y", "-f", "lavfi", "-i", graph_text([chain((), *filters, out="out0")]), "-frames:v", "1", file_arg(target)]
    )
    return target
