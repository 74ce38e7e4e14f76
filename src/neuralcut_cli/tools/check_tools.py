"""check_project (issue 28): what a viewer would notice, found by reading the timeline."""

from __future__ import annotations

from typing import Annotated, ClassVar, cast

from pydantic import Field

from neuralcut_cli.check.findings import Report
from neuralcut_cli.check.media import target_lufs
from neuralcut_cli.errors import UsageError
from neuralcut_cli.project.model import Project
from neuralcut_cli.time import seconds_to_ticks
from neuralcut_cli.tools.common import Seconds
from neuralcut_cli.tools.definition import ToolArgs, ToolContext, ToolError, tool
from neuralcut_cli.tools.outputs import CheckOutput

MAX_FINDINGS = 100  # findings one answer lists


class CheckArgs(ToolArgs):
    start: Annotated[Seconds | None, Field(description="From (s).")] = None
    end: Annotated[Seconds | None, Field(description="To (s).")] = None
    media: Annotated[bool, Field(description="Also render a preview and check its picture and sound (slow).")] = False
    target: Annotated[str | None, Field(description="Loudness target: youtube, podcast, broadcast or LUFS.")] = None
    errors: ClassVar = {
        "start": "Invalid start time",
        "end": "Invalid end time",
        "media": "media must be true or false",
        "target": "Invalid target",
    }

    def check(self) -> None:
        if self.start is not None and self.end is not None and self.start >= self.end:
            raise ToolError("Invalid time range")


@tool("check_project", CheckArgs, group="checks")
def check_project(project: Project, args: CheckArgs, ctx: ToolContext) -> CheckOutput:
    """What a viewer would notice: black gaps, text over text or off the frame, captions, missing media,
    silence, clipping. Each finding: where, and the call that fixes it."""
    path = ctx.session.path if ctx.session is not None else None
    assert path is not None  # a read tool runs on a session
    try:
        lufs = target_lufs(args.target)
    except UsageError as exc:
        raise ToolError("Invalid target", details=exc.message) from None
    from neuralcut_cli.check.timeline import timeline_findings, within  # the renderer's layout: loaded on a call

    report = Report(within(timeline_findings(project, path), args.start, args.end))
    if args.media:
        from neuralcut_cli.check.media import preview_findings

        first = seconds_to_ticks(args.start) if args.start is not None else None
        last = seconds_to_ticks(args.end) if args.end is not None else None
        report.findings += preview_findings(project, path, lufs, first, last)
    answer = report.to_json()
    if len(answer["findings"]) > MAX_FINDINGS:  # a model gets the worst, and how many more (neuralcut check: all)
        answer["more"] = len(answer["findings"]) - MAX_FINDINGS
        answer["findings"] = answer["findings"][:MAX_FINDINGS]
    return cast(CheckOutput, answer)
