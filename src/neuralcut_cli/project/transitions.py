"""A transition between two adjacent elements of one track, as OpenTimelineIO's ``Transition`` has it.

::

    outgoing  ══════════════╗┄┄┄┄┄ tail handle (source past its end)
    incoming   head handle ┄┄╚════════════════
                     ◄─ inOffset ─┼─ outOffset ─►
                                 cut

``inOffset`` is the part before the cut (the incoming element shows early, from its head handle),
``outOffset`` the part after it (the outgoing element plays on, from its tail handle), both in timeline
ticks: a speed change keeps the transition's length in timeline time. The elements keep their places; the
transition only says how the cut between them is drawn and heard. Stored on the track (``transitions``), a
field OpenCut's loader passes over.
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import AfterValidator, Field

from neuralcut_cli.project.base import CamelModel, NonEmptyStr, Ticks, empty_dict
from neuralcut_cli.project.limits import check_json


class Transition(CamelModel):
    id: NonEmptyStr
    type: NonEmptyStr  # an id of ``catalogs.transitions``
    from_element_id: NonEmptyStr  # outgoing
    to_element_id: NonEmptyStr  # incoming
    in_offset: Ticks = 0
    out_offset: Ticks = 0
    params: Annotated[dict[str, Any], AfterValidator(check_json)] = Field(default_factory=empty_dict)

    @property
    def duration(self) -> int:
        return self.in_offset + self.out_offset

    def span(self, cut: int) -> tuple[int, int]:
        """Where it plays on the timeline, given the cut (the outgoing element's end)."""
        return cut - self.in_offset, cut + self.out_offset
