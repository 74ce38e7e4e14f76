"""Final Cut Pro X's ``.fcpxml`` (version 1.8: the asset's ``src`` every version reads), written from the
frame-grid OTIO document of ``otio_export``, in the shape Final Cut Pro itself and auto-editor write: a library
with one event and project, the main track as the spine of ``asset-clip`` elements that carry their picture and
their own sound, gaps where nothing plays, overlays as connected clips above it (lanes 1, 2, …), audio tracks as
connected clips below it (lanes -1, -2, …) and texts as Basic Titles above the overlays. Every time is a whole
number of frames (``frames/rate s``), so each cut lies on the sequence's frame grid and adjacent pieces abut
exactly.

OpenTimelineIO's ``fcpx_xml`` writer made the talk's asset ``hasAudio="0"`` and gave each clip its asset's
length as its picture's; its reader still reads this file (the transitions are added by
``fcpxml_transitions``). That reader truncates times to frames (``int(seconds * rate)``), so a time it reads
can land one frame early: a test of this file reads its times exactly.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlparse

from neuralcut_cli.time import fps_fraction

BASIC_TITLE = (
    "Basic Title",
    ".../Titles.localized/Bumper:Opener.localized/Basic Title.localized/Basic Title.moti",
)
_STANDARD = {(1280, 720), (1920, 1080), (3840, 2160), (1080, 1920), (720, 1280)}


@dataclass
class _Item:
    """A clip of a track: where it sits (frames), its source in, and what it plays."""

    offset: int
    duration: int
    start: int
    url: str | None
    name: str
    heard: bool = True


def write_fcpxml(document: dict[str, Any], path: Path) -> None:
    """The ``.fcpxml`` of ``document`` (``otio_export.timeline_document``) at ``path``."""
    _Writer(document).write(path)


class _Writer:
    def __init__(self, document: dict[str, Any]) -> None:
        self.document = document
        meta = document["metadata"]["neuralcut"]
        fps = meta["fps"]
        self.rate = fps_fraction(Fraction(fps["numerator"], fps["denominator"]))
        self.size = (int(meta["canvasSize"]["width"]), int(meta["canvasSize"]["height"]))
        self.root = ET.Element("fcpxml", version="1.8")
        self.resources = ET.SubElement(self.root, "resources")
        self.assets: dict[str, str] = {}
        self.ids = 1
        tracks = document["tracks"]["children"]
        self.video = [t for t in tracks if t["kind"] == "Video"]
        self.sound = {t["metadata"]["neuralcut"]["soundOf"]: t for t in tracks if _sound_of(t)}
        self.audio = [t for t in tracks if t["kind"] == "Audio" and not _sound_of(t)]

    # -- times ---------------------------------------------------------------------------------------------
    def time(self, frames: int) -> str:
        value = Fraction(frames) / self.rate
        if value == 0:
            return "0s"
        return f"{value.numerator}s" if value.denominator == 1 else f"{value.numerator}/{value.denominator}s"

    def next_id(self) -> str:
        self.ids += 1
        return f"r{self.ids}"

    # -- the file ------------------------------------------------------------------------------------------
    def write(self, path: Path) -> None:
        width, height = self.size
        frame = 1 / self.rate
        format_attrs = {"id": "r1", "frameDuration": f"{frame.numerator}/{frame.denominator}s"}
        if (width, height) in _STANDARD:
            format_attrs["name"] = f"FFVideoFormat{height if width > height else width}p{_rate_name(self.rate)}"
        ET.SubElement(self.resources, "format", format_attrs, width=str(width), height=str(height))
        self._declare_assets()
        event = ET.SubElement(ET.SubElement(self.root, "library"), "event", name="NeuralCut")
        project = ET.SubElement(event, "project", name=str(self.document.get("name") or "NeuralCut"))
        main = self._items(self.video[0]) if self.video else []
        length = max([self._end()] + [i.offset + i.duration for i in main])
        sequence = ET.SubElement(
            project,
            "sequence",
            format="r1",
            duration=self.time(length),
            tcStart="0s",
            tcFormat="NDF",
            audioLayout="stereo",
            audioRate="48k",
        )
        spine = self._spine(ET.SubElement(sequence, "spine"), main, length)
        lane = 0
        for track in self.video[1:]:
            lane += 1
            self._connect(spine, self._items(track), lane)
        lane += 1
        self._titles(spine, lane)
        for index, track in enumerate(self.audio):
            self._connect(spine, self._items(track), -(index + 1))
        ET.indent(self.root, space="    ")
        body = ET.tostring(self.root, encoding="unicode")
        path.write_text(f'<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE fcpxml>\n\n{body}\n', encoding="utf-8")

    def _declare_assets(self) -> None:
        """One ``asset`` per media file: what it has (picture where a video track shows it, sound where its
        sound plays) and how long it is."""
        seen: dict[str, dict[str, Any]] = {}
        for track in self.document["tracks"]["children"]:
            for child in track["children"]:
                url = _url(child)
                if url is None:
                    continue
                entry = seen.setdefault(url, {"name": child["name"], "video": False, "audio": False, "length": 0})
                entry["video" if track["kind"] == "Video" else "audio"] = True
                available = child["media_reference"].get("available_range") or child["source_range"]
                entry["length"] = max(
                    entry["length"], _frames(available["start_time"]) + _frames(available["duration"])
                )
        for url, entry in seen.items():
            asset_id = self.assets[url] = self.next_id()
            attrs = {"id": asset_id, "name": _file_name(url, entry["name"]), "src": url, "start": "0s"}
            attrs["duration"] = self.time(entry["length"])
            attrs["hasVideo"] = "1" if entry["video"] else "0"
            attrs["hasAudio"] = "1" if entry["audio"] else "0"
            if entry["video"]:
                attrs["format"] = "r1"
            if entry["audio"]:
                attrs.update(audioSources="1", audioChannels="2", audioRate="48000")
            asset = ET.SubElement(self.resources, "asset", attrs)
            # its reel name (OpenTimelineIO's reader takes an asset with no child for one without sound)
            md = ET.SubElement(ET.SubElement(asset, "metadata"), "md")
            md.set("key", "com.apple.proapps.studio.reel")
            md.set("value", Path(attrs["name"]).stem)

    def _items(self, track: dict[str, Any]) -> list[_Item]:
        heard = set()
        sound = self.sound.get(track["metadata"].get("neuralcut", {}).get("trackId"))
        if sound is not None:
            heard = {(at, item["source_range"]["duration"]["value"]) for at, item in _placed(sound)}
        return [
            _Item(
                round(at),
                _frames(item["source_range"]["duration"]),
                _frames(item["source_range"]["start_time"]),
                _url(item),
                str(item.get("name") or ""),
                track["kind"] == "Audio" or (at, item["source_range"]["duration"]["value"]) in heard,
            )
            for at, item in _placed(track)
            if item["OTIO_SCHEMA"].startswith("Clip")
        ]

    def _end(self) -> int:
        ends = [i.offset + i.duration for t in [*self.video, *self.audio] for i in self._items(t)]
        ends += [
            _frames(m["marked_range"]["start_time"]) + _frames(m["marked_range"]["duration"]) for m in _texts(self)
        ]
        return max(ends, default=0)

    def _spine(self, spine: ET.Element, main: list[_Item], length: int) -> ET.Element:
        cursor = 0
        for item in main:
            if item.offset > cursor:
                self._gap(spine, cursor, item.offset - cursor)
            spine.append(self._clip(item, item.offset))
            cursor = item.offset + item.duration
        if length > cursor:
            self._gap(spine, cursor, length - cursor)
        return spine

    def _gap(self, spine: ET.Element, offset: int, duration: int) -> None:
        ET.SubElement(spine, "gap", name="Gap", offset=self.time(offset), duration=self.time(duration), start="0s")

    def _clip(self, item: _Item, offset: int, lane: int | None = None) -> ET.Element:
        """An ``asset-clip`` (``srcEnable="video"`` where its sound is muted), or a still's ``video``."""
        asset = self.assets.get(item.url or "")
        attrs = {"name": item.name, "offset": self.time(offset), "duration": self.time(item.duration)}
        if item.start:
            attrs["start"] = self.time(item.start)
        if lane is not None:
            attrs["lane"] = str(lane)
        if asset is None:  # its media is missing: a gap holds its place
            return ET.Element("gap", attrs)
        declared = self.resources.find(f"asset[@id='{asset}']")
        has_audio = declared is not None and declared.get("hasAudio") == "1"
        if declared is not None and declared.get("hasVideo") == "1" and _still(item.url or ""):
            attrs.pop("start", None)  # a still has no time of its own: a clip holding its picture
            wrapper = ET.Element("clip", attrs)
            ET.SubElement(wrapper, "video", ref=asset, offset="0s", duration=attrs["duration"])
            return wrapper
        element = ET.Element("asset-clip", {"ref": asset, **attrs, "tcFormat": "NDF"})
        if has_audio and not item.heard and (lane is None or lane > 0):
            element.set("srcEnable", "video")
        return element

    def _connect(self, spine: ET.Element, items: list[_Item], lane: int) -> None:
        for item in items:
            parent, local = _parent(spine, item.offset, self.rate)
            parent.append(self._clip(item, local, lane))

    def _titles(self, spine: ET.Element, lane: int) -> None:
        texts = list(_texts(self))
        if not texts:
            return
        effect = self.next_id()
        ET.SubElement(self.resources, "effect", id=effect, name=BASIC_TITLE[0], uid=BASIC_TITLE[1])
        for index, marker in enumerate(texts, start=1):
            element = marker["metadata"]["neuralcut"]["element"]
            start = _frames(marker["marked_range"]["start_time"])
            parent, local = _parent(spine, start, self.rate)
            content = str(element.get("content") or marker.get("name") or "")
            title = ET.SubElement(
                parent,
                "title",
                ref=effect,
                lane=str(lane),
                name=" ".join(content.split())[:60] or "Title",
                offset=self.time(local),
                duration=self.time(_frames(marker["marked_range"]["duration"])),
                start="0s",
            )
            style_id = f"ts{index}"
            ET.SubElement(ET.SubElement(title, "text"), "text-style", ref=style_id).text = content
            style = ET.SubElement(ET.SubElement(title, "text-style-def", id=style_id), "text-style")
            style.set("font", str(element.get("fontFamily") or "Helvetica"))
            style.set("fontSize", f"{float(element.get('fontSize') or 6) * self.size[1] / 100:g}")
            style.set("fontColor", _colour(str(element.get("color") or "#ffffff")))
            style.set("alignment", str(element.get("textAlign") or "center"))


def _sound_of(track: dict[str, Any]) -> bool:
    return bool((track.get("metadata") or {}).get("neuralcut", {}).get("soundOf"))


def _texts(writer: _Writer) -> list[dict[str, Any]]:
    return [
        m
        for m in writer.document["tracks"]["markers"]
        if ((m.get("metadata") or {}).get("neuralcut") or {}).get("element", {}).get("type") == "text"
    ]


def _placed(track: dict[str, Any]) -> list[tuple[int, dict[str, Any]]]:
    """Each child of a track with the frame it starts at (transitions overlap and take no time)."""
    at, out = 0, []
    for child in track["children"]:
        if child["OTIO_SCHEMA"].startswith("Transition"):
            continue
        out.append((at, child))
        at += _frames(child["source_range"]["duration"])
    return out


def _parent(spine: ET.Element, frame: int, rate: Fraction) -> tuple[ET.Element, int]:
    """The spine element that ``frame`` falls in, and the frame in that element's own time (its ``start`` plus
    the way into it), where a connected clip starting there is written."""
    chosen, offset, start = None, 0, 0
    for element in spine:
        if element.tag == "transition":
            continue
        at = _parse(element.get("offset"), rate)
        if at > frame:
            break
        chosen, offset, start = element, at, _parse(element.get("start"), rate)
    assert chosen is not None  # the spine starts at 0 and covers every track
    return chosen, start + frame - offset


def _parse(text: str | None, rate: Fraction) -> int:
    if not text or text == "0s":
        return 0
    return round(Fraction(text[:-1]) * rate)


def _frames(time: dict[str, Any]) -> int:
    return round(float(time["value"]))


def _url(child: dict[str, Any]) -> str | None:
    reference = child.get("media_reference") or {}
    return reference.get("target_url") if reference.get("OTIO_SCHEMA", "").startswith("ExternalReference") else None


def _file_name(url: str, fallback: str) -> str:
    name = Path(unquote(urlparse(url).path)).name
    return name or fallback


def _still(url: str) -> bool:
    return Path(unquote(urlparse(url).path)).suffix.lower() in {".png", ".jpg", ".jpeg", ".gif", ".webp", ".bmp"}


def _rate_name(rate: Fraction) -> str:
    return f"{float(rate):.2f}".rstrip("0").rstrip(".").replace(".", "")


def _colour(hex_colour: str) -> str:
    """``#rrggbb[aa]`` as Final Cut's ``r g b a`` (0-1)."""
    text = hex_colour.lstrip("#")
    if len(text) not in (6, 8):
        return "1 1 1 1"
    try:
        parts = [int(text[k : k + 2], 16) / 255 for k in range(0, len(text), 2)]
    except ValueError:
        return "1 1 1 1"
    return " ".join(f"{p:.4g}" for p in [*parts, 1.0][:4])
