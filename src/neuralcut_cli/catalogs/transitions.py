"""The transitions catalogue: what may happen at a cut, each with ffmpeg's ``xfade`` transition of that name
(the renderer draws a dissolve and the dips with cheaper filters that make the same mix: ``render.transitions``).

A slide brings the incoming picture in over the outgoing one (``xfade`` calls it ``cover``); a push moves
both (``xfade``'s ``slide``). Every transition crossfades the sound of the two clips over the same span
(linear gains, as ``acrossfade``'s ``tri``).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class TransitionDef:
    id: str
    name: str
    description: str
    xfade: str  # ffmpeg's xfade transition ("custom": ``expr``)
    keywords: tuple[str, ...] = ()
    dip: str | None = None  # a dip's colour: drawn by ``fade`` to it and from it (reaches it at the centre)
    expr: str | None = None  # xfade's custom expression (per plane of yuv420p; P runs from 1 to 0)

    def summary(self) -> dict[str, str]:
        return {"id": self.id, "name": self.name, "description": self.description}

    def matches(self, query: str) -> bool:
        haystack = " ".join((self.id, self.name, self.description, *self.keywords)).lower()
        return all(word in haystack for word in query.lower().split())


def _four(kind: str, xfade: str, verb: str) -> tuple[TransitionDef, ...]:
    return tuple(
        TransitionDef(
            f"{kind}-{side}",
            f"{kind.title()} {side}",
            f"{verb} towards the {side}.",
            f"{xfade}{side}",
            (kind,),
        )
        for side in ("left", "right", "up", "down")
    )


TRANSITIONS: tuple[TransitionDef, ...] = (
    TransitionDef(
        "dissolve",
        "Cross dissolve",
        "The outgoing picture fades into the incoming one.",
        "fade",
        ("crossfade", "cross dissolve", "mix", "blend", "fade"),
    ),
    TransitionDef(
        "dip-to-black", "Dip to black", "Fades to black, then up from black.", "fadeblack", ("black",), "black"
    ),
    TransitionDef(
        "dip-to-white", "Dip to white", "Fades to white, then up from white.", "fadewhite", ("white", "flash"), "white"
    ),
    *_four("wipe", "wipe", "A straight edge sweeps the incoming picture in, moving"),
    *_four("slide", "cover", "The incoming picture slides in over the outgoing one, moving"),
    *_four("push", "slide", "The incoming picture pushes the outgoing one out, both moving"),
    TransitionDef(
        "circle-open",
        "Circle open",
        "A circle grows from the centre, showing the incoming picture.",
        "circleopen",
        ("iris",),
    ),
    TransitionDef(
        "circle-close",
        "Circle close",
        "A circle shrinks to the centre over the outgoing picture.",
        "circleclose",
        ("iris",),
    ),
    TransitionDef(
        "zoom-in", "Zoom in", "Zooms into the outgoing picture, then shows the incoming one.", "zoomin", ("zoom",)
    ),
    TransitionDef(
        "pixelize", "Pixelize", "The picture breaks into blocks and back.", "pixelize", ("pixelate", "mosaic")
    ),
    TransitionDef("radial", "Radial", "A clock-hand sweep shows the incoming picture.", "radial", ("clock",)),
)

_BY_ID = {t.id: t for t in TRANSITIONS}
DEFAULT = "dissolve"


def find_transition(transition_id: str) -> TransitionDef | None:
    return _BY_ID.get(transition_id)


def search_transitions(query: str | None) -> list[TransitionDef]:
    return [t for t in TRANSITIONS if not query or t.matches(query)]
