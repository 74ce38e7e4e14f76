"""From a project to one ffmpeg command: inputs, one filter graph, outputs.

Layers are composed bottom to top: the project background, the main track,
then the overlay tracks from the lowest to the top one. Video and image
elements are fitted into the canvas, then scaled and moved by their
transform, with their opacity. Text is drawn with its font size (OpenCut's
unit: pixels = fontSize x canvas height / 90), colour, position and
background box. Stickers are drawn shapes. An effect track changes the
composite of everything below it over each effect's range. Audio from video
elements and audio tracks is mixed with each element's volume (dB) and mute.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path

from neuralcut_cli.catalogs.stickers import SIZE_FRACTION, find_sticker
from neuralcut_cli.errors import MediaError
from neuralcut_cli.media.ffmpeg import source_args
from neuralcut_cli.media.probe import MediaInfo, probe
from neuralcut_cli.project.elements import (
    MEDIA_ELEMENTS,
    AudioElement,
    EffectElement,
    Element,
    GraphicElement,
    ImageElement,
    StickerElement,
    TextElement,
    VideoElement,
)
from neuralcut_cli.project.model import MediaAsset, Project
from neuralcut_cli.project.tracks import Track
from neuralcut_cli.render import apply_effects
from neuralcut_cli.render.animated import Clock
from neuralcut_cli.render.audio import AUDIO_RATE
from neuralcut_cli.render.blend import blended
from neuralcut_cli.render.effects import clip_effects, effect_steps
from neuralcut_cli.render.filtergraph import (
    Chain,
    chain,
    colour_source,
    f,
    graph_text,
    on_frames,
    seconds,
)
from neuralcut_cli.render.placement import Span, place
from neuralcut_cli.render.shapes import draw_graphic, draw_sticker, graphic_size
from neuralcut_cli.render.sound import add_sound, mixed_sound
from neuralcut_cli.render.text import draw_text
from neuralcut_cli.render.transitions import lay_track
from neuralcut_cli.time import seconds_to_ticks, ticks_to_seconds

Prober = Callable[[Path], MediaInfo]
DECLICK_SECONDS = 0.005  # a cut's sound fades over 5 ms each side: no click, nothing heard missing
HOLD = 0.1  # seconds a layer's last picture is held (more than a frame of any rate a picture comes at)
Visual = VideoElement | ImageElement | TextElement | StickerElement


@dataclass
class RenderPlan:
    """One window of the timeline as ffmpeg inputs and a filter graph ending in ``[vout]`` (its frames) and
    ``[aout]`` (exactly ``samples`` samples of its sound at ``AUDIO_RATE``)."""

    inputs: list[list[str]]
    chains: list[Chain]
    width: int
    height: int
    fps: Fraction
    duration: float
    samples: int

    @property
    def graph(self) -> str:
        """The filter graph as ffmpeg reads it (every value escaped)."""
        return graph_text(self.chains)


def media_input(path: Path, still: bool, length: float, skip: float = 0.0) -> list[str]:
    """The ``-i`` arguments of one media file: a still image loops for ``length`` seconds."""
    if still:  # a '%' in a name is a frame-number pattern to the image demuxer, unless told otherwise
        pattern = ["-f", "image2", "-pattern_type", "none"] if "%" in path.name else []
        return [*pattern, "-loop", "1", "-t", seconds(length), *source_args(path)]
    return ["-ss", seconds(skip), "-t", seconds(length), *source_args(path)]


@dataclass
class _Window:
    start: int  # ticks
    end: int

    def clip(
        self, element: Element, first: int | None = None, last: int | None = None
    ) -> tuple[float, float, float] | None:
        """``(start, end, source skip)`` in output seconds, or None when outside; ``first``-``last`` (ticks):
        that part of the element instead, which may begin before it (a transition draws it from its head handle,
        the skip then negative)."""
        a = max(self.start, element.start_time if first is None else first)
        b = min(self.end, element.end_time if last is None else last)
        if b <= a:
            return None
        return (
            ticks_to_seconds(a - self.start),
            ticks_to_seconds(b - self.start),
            ticks_to_seconds(a - element.start_time),
        )


@dataclass
class GraphBuilder:
    """One segment's filter graph as it is built. What the other render modules (``transitions``, ``sound``,
    ``blend``) may use: the graph so far (``inputs``, ``chains``, ``audio``), ``label`` for a new pad, the segment
    (``project``, ``window``, ``length``, ``frame``, ``clock``), the sound's ``fades`` and ``declick``, and the
    layers ``media`` and ``video_sound``; the rest is this module's."""

    project: Project
    project_path: Path
    workdir: Path
    scale: float
    window: _Window
    prober: Prober
    inputs: list[list[str]] = field(default_factory=list)
    chains: list[Chain] = field(default_factory=list)
    audio: list[str] = field(default_factory=list)
    probed: dict[Path, MediaInfo] = field(default_factory=dict)
    fades: dict[str, dict[str, tuple[str, int, int]]] = field(default_factory=dict)
    declick: int = 0  # ticks of fade where a sound starts or stops hard (``sound.edge_fades``)
    counter: int = 0

    def label(self, prefix: str) -> str:
        self.counter += 1
        return f"{prefix}{self.counter}"

    @property
    def length(self) -> float:
        """Seconds rendered."""
        return ticks_to_seconds(self.window.end - self.window.start)

    @property
    def frame(self) -> tuple[int, int]:
        """The size of the frames rendered: the canvas at the render's scale, in even pixels."""
        return _even(self.canvas[0] * self.scale), _even(self.canvas[1] * self.scale)

    @property
    def canvas(self) -> tuple[int, int]:
        size = self.project.settings.canvas_size
        return size.width, size.height

    def clock(self, element: Element) -> Clock:
        """Where ``element`` is, for sampling its keyframes on the timeline's own frame grid."""
        shown = (max(element.start_time, self.window.start), min(element.end_time, self.window.end))
        rate = self.project.settings.fps
        return Clock(self.window.start, element.start_time, shown, Fraction(rate.numerator, rate.denominator))

    def path_of(self, asset: MediaAsset) -> Path:
        return asset.file(self.project_path) or Path()  # missing paths were refused before planning

    def info(self, path: Path) -> MediaInfo:
        if path not in self.probed:
            self.probed[path] = self.prober(path)
        return self.probed[path]

    # -- layers -------------------------------------------------------------------
    def media(
        self,
        current: str,
        element: VideoElement | ImageElement,
        track: Track,
        span: tuple[float, float, float] | None = None,
        sound: bool = True,
    ) -> str:
        """``element`` over ``current``; ``span``: (start, end, seconds of it before start) when not where it is
        (a transition draws it into its handles), ``sound``: whether its sound is heard from here."""
        span = span or self.window.clip(element)
        asset = self.project.asset(element.media_id)
        if span is None or asset is None:
            return current
        start, end, skip = span
        rate = element.rate
        path, info = self.path_of(asset), self.info(self.path_of(asset))
        index = len(self.inputs)
        self.inputs.append(
            media_input(
                path, element.type == "image", (end - start) * rate, ticks_to_seconds(element.trim_start) + skip * rate
            )
        )
        if (
            sound
            and isinstance(element, VideoElement)
            and element.source_audio
            and info.has_audio
            and asset.has_audio is not False
        ):
            add_sound(self, path, element, track, span)
        source = f"{index}:v"
        background = self.project.settings.background
        if background.type == "blur" and track.id == self.project.scene.tracks.main.id:
            fill, source = self.label("bf"), self.label("bs")
            self.chains.append(Chain((f"{index}:v",), (f("split"),), (fill, source)))
            current = self.blur_fill(current, fill, start, end, rate, float(background.blur_intensity or 20))
        pictures = None if element.type == "image" else (info.fps or 0) * rate  # a second, as the layer comes
        return self.overlay(
            current, source, element, (info.width or 16, info.height or 16), start, end, True, rate, skip, pictures
        )

    def video_sound(self, element: VideoElement, track: Track) -> None:
        """The clip's own sound where it plays in the window (its picture drawn elsewhere, or not at all)."""
        span, asset = self.window.clip(element), self.project.asset(element.media_id)
        if span is None or asset is None:
            return
        path = self.path_of(asset)
        if element.source_audio and self.info(path).has_audio and asset.has_audio is not False:
            add_sound(self, path, element, track, span)

    def on_frames(self, start: float, end: float) -> str:
        """``enable`` for the frames of ``start``-``end`` (window seconds), exactly."""
        rate = self.project.settings.fps
        return on_frames(start, end, Fraction(rate.numerator, rate.denominator))

    def blur_fill(self, current: str, source: str, start: float, end: float, rate: float, intensity: float) -> str:
        """OpenCut's blur background: the clip itself, scaled to cover the frame and blurred, behind it."""
        width, height = self.frame
        speed = f"/{seconds(rate)}" if rate != 1 else ""
        layer, out = self.label("l"), self.label("v")
        sigma = max(0.5, intensity / 100 * 0.1 * height)
        self.chains.append(
            chain(
                source,
                f("setpts", expr=f"(PTS-STARTPTS){speed}+{seconds(start)}/TB"),
                f("scale", w=width, h=height, force_original_aspect_ratio="increase"),
                f("crop", w=width, h=height),
                f("gblur", sigma=f"{sigma:.2f}"),
                out=layer,
            )
        )
        self.chains.append(
            chain(
                (current, layer), f("overlay", x=0, y=0, eof_action="pass", enable=self.on_frames(start, end)), out=out
            )
        )
        return out

    def overlay(
        self,
        current: str,
        source: str,
        element: Visual | GraphicElement,
        natural: tuple[float, float],
        start: float,
        end: float,
        fit: bool = True,
        rate: float = 1.0,
        skip: float = 0.0,
        pictures: float | None = None,
    ) -> str:
        """``element``'s layer (``source``, ``natural`` pixels) over ``current`` from ``start`` to ``end``;
        ``pictures``: how many a second it comes at (a layer that moves is cut to what shows when it comes at
        least as often as the output's frames)."""
        width, height = self.canvas
        fit_factor = min(width / natural[0], height / natural[1]) if fit else 1.0
        base = (natural[0] * fit_factor * self.scale, natural[1] * fit_factor * self.scale)
        span = Span(start, end, skip, self.clock(element))
        fps = self.project.settings.fps
        grid = fps.numerator / fps.denominator
        steady = grid if pictures and pictures >= grid * 0.999 else None
        placed = place(element, base, (width * self.scale, height * self.scale), self.scale, span, natural, steady)
        layer = self.label("l")
        speed = f"/{seconds(rate)}" if rate != 1 else ""
        timed = self.label("lt")
        shifted = f("setpts", expr=f"(PTS-STARTPTS){speed}+{seconds(start)}/TB")
        if element.blend == "normal":  # its last picture held past its end, which ``on_frames`` bounds: a layer
            # that ran out between two of the output's frames left the last frame before its end empty
            self.chains.append(chain(source, shifted, f("tpad", stop_mode="clone", stop_duration=HOLD), out=timed))
        else:
            self.chains.append(chain(source, shifted, out=timed))
        size = (round(natural[0]), round(natural[1]))
        timed = apply_effects.on_element(self, timed, clip_effects(element, size))
        self.chains.append(chain(timed, *placed.filters, out=layer))
        if element.blend != "normal":
            return blended(self, current, layer, element.blend, (placed.x, placed.y))
        out = self.label("v")
        self.chains.append(
            chain(
                (current, layer),
                f("overlay", x=placed.x, y=placed.y, eof_action="pass", enable=self.on_frames(start, end)),
                out=out,
            )
        )
        return out

    def text(self, current: str, element: TextElement) -> str:
        span = self.window.clip(element)
        if span is None or not element.content.strip():
            return current
        return draw_text(self, current, element, span[0], span[1], self.clock(element))

    def still(self, picture: Path, start: float, end: float) -> str:
        """A picture as a layer from ``start`` to ``end`` (output seconds)."""
        index, label = len(self.inputs), self.label("p")
        self.inputs.append(media_input(picture, True, end - start))
        self.chains.append(
            chain(
                f"{index}:v",
                f("setpts", expr=f"PTS-STARTPTS+{seconds(start)}/TB"),
                f("format", pix_fmts="yuva420p"),
                out=label,
            )
        )
        return label

    def sticker(self, current: str, element: StickerElement) -> str:
        span = self.window.clip(element)
        sticker = find_sticker(element.sticker_id)
        if span is None or sticker is None:
            return current
        start, end, skip = span
        size = max(8, _even(SIZE_FRACTION * self.canvas[1] * self.scale))
        picture = draw_sticker(sticker, size, self.workdir)
        index = len(self.inputs)
        self.inputs.append(media_input(picture, True, end - start))
        natural = (size / self.scale, (size if sticker.provider == "shapes" else size * 2 // 3 // 2 * 2) / self.scale)
        return self.overlay(current, f"{index}:v", element, natural, start, end, fit=False, skip=skip)

    def effect(self, current: str, element: EffectElement) -> str:
        span = self.window.clip(element)
        size = self.frame
        steps = effect_steps(element.effect_type, dict(element.params), size)
        if span is None or steps is None:
            return current
        return apply_effects.over_range(self, current, steps, self.on_frames(span[0], span[1]))

    def audio_element(self, element: AudioElement, track: Track) -> None:
        span = self.window.clip(element)
        asset = self.project.asset(element.media_id) if element.media_id else None  # library audio: on the web
        if span is None or asset is None:
            return
        add_sound(self, self.path_of(asset), element, track, span)

    def graphic(self, current: str, element: GraphicElement) -> str:
        span = self.window.clip(element)
        if span is None:
            return current
        start, end, skip = span
        natural = graphic_size(element)
        size = (max(2, _even(natural[0] * self.scale)), max(2, _even(natural[1] * self.scale)))
        picture = draw_graphic(element, size, self.workdir)
        index = len(self.inputs)
        self.inputs.append(media_input(picture, True, end - start))
        return self.overlay(current, f"{index}:v", element, natural, start, end, fit=False, skip=skip)


def _even(value: float) -> int:
    return max(2, int(round(value / 2)) * 2)


def missing_media(project: Project, project_path: Path) -> list[str]:
    """Every media file the active scene needs that is not on disk."""
    missing = []
    for asset_id in sorted(
        {e.media_id for _, e in project.scene.elements() if isinstance(e, MEDIA_ELEMENTS) and e.media_id}
    ):  # library audio has none
        asset = project.asset(asset_id)
        if asset is None:
            missing.append(f"{asset_id} (no such asset)")
            continue
        path = asset.file(project_path)
        if path is None or not path.is_file():
            missing.append(f"{asset.path or '(no path)'} ({asset.id})")
    return missing


def build_plan(
    project: Project,
    project_path: Path,
    workdir: Path,
    preview: bool = False,
    start: int | None = None,
    end: int | None = None,
    prober: Prober = probe,
    samples: int | None = None,
    declick: float = DECLICK_SECONDS,
) -> RenderPlan:
    """The window ``start``-``end`` (ticks) of the active scene; ``workdir`` receives the pictures and texts the
    graph reads; ``samples``: the length of its sound (else its duration at ``AUDIO_RATE``); ``declick``: seconds
    of fade where a sound starts or stops hard (0: hard cuts)."""
    scene = project.scene
    window = _checked_window(project, project_path, start, end)
    scale = 0.5 if preview else 1.0
    builder = GraphBuilder(project, Path(project_path), workdir, scale, window, prober)
    builder.declick = seconds_to_ticks(declick)
    width, height = builder.frame
    fps = Fraction(project.settings.fps.numerator, project.settings.fps.denominator)
    builder.chains.append(_background(project, (width, height), fps, builder.length))
    current = "base"
    for track in [scene.tracks.main, *reversed(scene.tracks.overlay), *scene.tracks.audio]:
        if getattr(track, "hidden", False) and track.type != "audio":
            continue
        current = lay_track(builder, current, track, _layer)
    builder.chains.append(chain(current, f("format", pix_fmts="yuv420p"), out="vout"))
    length = round(builder.length * AUDIO_RATE) if samples is None else samples
    builder.chains.append(mixed_sound(builder.audio, length))
    return RenderPlan(builder.inputs, builder.chains, width, height, fps, builder.length, length)


def _checked_window(project: Project, project_path: Path, start: int | None, end: int | None) -> _Window:
    """The window to render, refused when it is empty or a media file it may need is missing."""
    scene = project.scene
    window = _Window(start or 0, scene.end_time if end is None else end)
    if window.end <= window.start:
        raise MediaError(
            "Nothing to render: the timeline is empty"
            if scene.is_empty
            else "Nothing to render: --to must be after --from"
        )
    missing = missing_media(project, project_path)
    if missing:
        raise MediaError("Missing media files (render needs them all): " + ", ".join(missing))
    return window


def _background(project: Project, size: tuple[int, int], fps: Fraction, duration: float) -> Chain:
    """``[base]``: the project's background colour (black under a blurred background) over the window."""
    background = project.settings.background
    value = background.color if background.type == "color" else "#000000"
    return colour_source(value, size, fps, duration, "yuv420p", "base")


def _layer(builder: GraphBuilder, current: str, element: Element, track: Track) -> str:
    if getattr(element, "hidden", None):  # a hidden element is not drawn (its sound, if any, goes too)
        return current
    if isinstance(element, (VideoElement, ImageElement)):
        return builder.media(current, element, track)
    if isinstance(element, TextElement):
        return builder.text(current, element)
    if isinstance(element, StickerElement):
        return builder.sticker(current, element)
    if isinstance(element, EffectElement):
        return builder.effect(current, element)
    if isinstance(element, GraphicElement):
        return builder.graphic(current, element)
    if isinstance(element, AudioElement):
        builder.audio_element(element, track)
    return current
