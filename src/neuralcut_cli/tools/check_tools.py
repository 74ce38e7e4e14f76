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
    start: Annotated[Seconds | None, Field(description="From (s); default the start.")] = None
    end: Annotated[Seconds | None, Field(description="To (s); default the end.")] = None
    errors: ClassVar = {"start": "Invalid start time", "end": "Invalid end time"}

    def check(self) -> None:
        if self.start is not None and self.end is not None and self.start >= self.end:
            raise ToolError("Invalid time range")


@tool("check_project", CheckArgs, group="checks")
def check_project(project: Project, args: CheckArgs, ctx: ToolContext) -> CheckOutput:
    """Check the edit as a viewer would see it: black gaps, texts over each other or off the frame, captions
    that overlap or flash by, missing media, a silent timeline, gains that clip, effects over nothing, stale
    transitions. Each finding has a severity, what, where, and the tool call that fixes it. Call it over the
    range you changed after editing, and fix or report what it finds."""
    path = ctx.session.path if ctx.session is not None else None
    assert path is not None  # a read tool runs on a session
    report = Report(within(timeline_findings(project, path), args.start, args.end))
    return report.to_json()  # type: ignore[return-value]
