"""Handing the edit to another editor: "export it to edit.fcpxml", "export for Final Cut Pro", "save the timeline as
talk.otio", "export an EDL", "export for Premiere, replacing the old one".

The format comes from the file's ending, else from the editor or format named: Final Cut Pro and DaVinci Resolve
read FCPXML, Premiere and Final Cut Pro 7 read FCP 7 XML (.xml), then EDL and OpenTimelineIO by name. With no file
named, the file is the project's name with the format's ending, beside the project. An existing file is replaced
only when the request says so ("overwrite", "replacing it"). A video ("export to mp4") is a render, not this.
"""

from __future__ import annotations

from neuralcut_cli.agent.backends.mock.clause import Clause
from neuralcut_cli.agent.backends.mock.intents import Intent
from neuralcut_cli.agent.backends.mock.listing import Vocab
from neuralcut_cli.agent.backends.mock.replay import Context, Done, Plan, call
from neuralcut_cli.agent.backends.mock.rule import Rule
from neuralcut_cli.english import plural
from neuralcut_cli.tools.outputs import ExportTimelineOutput


class ExportTimeline(Intent):
    file: str | None = None
    fmt: str | None = None  # fcpxml, fcp7xml, edl, otio
    overwrite: bool = False


#: An editor or format named -> the format written for it.
_NAMED = (
    (r"premiere(?:\s*pro)?|final\s*cut(?:\s*pro)?\s*7|fcp\s*7|xml\b", "fcp7xml"),
    (r"final\s*cut(?:\s*pro)?(?:\s*(?:x|10|11)\b)?|fcpx?(?:ml)?\b|resolve|davinci(?:\s*resolve)?", "fcpxml"),
    (r"edl|cmx(?:\s*3600)?", "edl"),
    (r"otio|open\s*timeline\s*io", "otio"),
)
_FILE = r"(?<![\w./-])([\w()-][\w.()-]*\.(fcpxml|xml|edl|otio))\b"
_VERB = r"^(?:please\s+)?(?:export|save|write|hand|send|give)\b(?:\s+(?:it|this|the\s+(?:edit|cut|timeline|project)))?"
_WHAT = {"fcpxml": "FCPXML (Final Cut Pro, Resolve)", "fcp7xml": "FCP 7 XML (Premiere)", "edl": "EDL", "otio": "OTIO"}


def read_export_timeline(c: Clause, v: Vocab) -> ExportTimeline | None:
    if c.take(_VERB) is None:
        return None
    if c.has(r"\b(?:captions?|subtitles?|subs)\b|\.(?:srt|vtt|ass|mp4|mov|mkv|webm|gif|png|jpe?g)\b"):
        return None  # the captions family's, or a render
    name = c.take(_FILE)
    fmt = None
    for pattern, meant in _NAMED:
        if (
            c.take(rf"\b(?:(?:as|to|into|for|in)\s+)?(?:an?\s+)?(?:{pattern})(?:\s+(?:file|project|timeline))?")
            is not None
        ):
            fmt = fmt or meant
    if name is None and fmt is None:
        return None
    c.take(r"\b(?:to|as|into|for)\b")
    overwrite = c.take(
        r"\b(?:overwrit(?:e|ing)|replac(?:e|ing))\b(?:\s+(?:it|the\s+(?:old|existing)(?:\s+one|\s+file)?))?"
    )
    return ExportTimeline(
        file=name.group(1) if name else None,
        fmt=None if name else fmt,
        overwrite=overwrite is not None,
    )


def plan_export_timeline(intent: ExportTimeline, ctx: Context) -> Plan:
    from neuralcut_cli.tools.export_tools import ExportTimelineArgs

    args = ExportTimelineArgs(file=intent.file, format=intent.fmt, overwrite=intent.overwrite)  # type: ignore[arg-type]
    done = yield from call("export_timeline", args, ExportTimelineOutput)
    said = f"Wrote {done['file']}, {_WHAT[done['format']]}: {plural(done['clips'], 'clip')}"
    lost = f". Did not travel in {done['format']}: {'; '.join(done['lost'])}" if done["lost"] else ""
    return Done(f"{said}{lost}.")


ROWS: tuple[Rule, ...] = (
    Rule(
        "export the timeline",
        read_export_timeline,
        plan=plan_export_timeline,
        examples=("export it to edit.fcpxml", "export for Final Cut Pro", "export an EDL"),
        rank=251,
    ),
)
