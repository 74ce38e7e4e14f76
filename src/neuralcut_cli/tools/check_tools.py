"""check_project (issue 28): what a viewer would notice, found by reading the timeline."""

from __future__ import annotations

from typing import Annotated, ClassVar

from pydantic import Field

from neuralcut_cli.check.findings import Report
from neuralcut_cli.check.timeline import timeline_findings, within
from neuralcut_cli.project.model import Project
from neuralcut_cli.tools.common import Seconds
from neuralcut_cli.tools.definition import ToolArgs, ToolContext, ToolError, tool
from neuralcut_cli.tools.outputs import CheckOutput


class CheckArgs(ToolArgs):
    start: Annotated[Seconds | None, Field(description="From (s).")] = None
    end: Annotated[Seconds | None, Field(description="To (s).")] = None
    errors: ClassVar = {"start": "Invalid start time", "end": "Invalid end time"}

    def check(self) -> None:
        if self.start is not None and self.end is not None and self.start >= self.end:
            raise ToolError("Invalid time range")


@tool("check_project", CheckArgs, group="checks")
def check_project(project: Project, args: CheckArgs, ctx: ToolContext) -> CheckOutput:
    """What a viewer would notice: black gaps, text over text or off the frame, captions, missing media,
    silence, clipping. Each finding: where, and the call that fixes it."""
    path = ctx.session.path if ctx.session is not None else None
    assert path is not None  # a read tool runs on a session
    report = Report(within(timeline_findings(project, path), args.start, args.end))
    return report.to_json()  # type: ignore[return-value]
