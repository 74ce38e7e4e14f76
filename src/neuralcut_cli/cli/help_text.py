"""What ``--help`` says: each command's one-line summary and its examples.

Every command is registered through ``command(app, fn)``: the summary in
``SUMMARY`` is the line ``neuralcut --help`` lists (short enough for an
80-column terminal, so click never cuts it with "..."), and ``EXAMPLES``
become the ``Examples:`` block at the end of ``neuralcut CMD --help``.
``tests/cli/test_help.py`` holds every command to both.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import typer

SUMMARY: dict[str, str] = {
    "run": "Run one request, then exit.",
    "chat": "Talk to the project (a REPL, or piped requests).",
    "timeline": "Show the timeline: a table, then the lanes.",
    "assets": "List the media assets and which ones are used.",
    "new": "Create a project: empty, from media, or the demo.",
    "tool": "Call one tool directly, without any LLM.",
    "tools": "List the tools, or show one with its inputs.",
    "undo": "Undo the last request, whoever made it.",
    "redo": "Redo the last undone request.",
    "history": "List the requests you can undo and redo.",
    "serve": "Serve the agent over HTTP for other clients.",
    "import": "Add media files (or subtitles) to the project.",
    "render": "Render the edit to a video file.",
    "frame": "Render one frame of the edit to a picture.",
    "storyboard": "Render a contact sheet: a frame per shot.",
    "export": "Export to OTIO, EDL, XML, FCPXML or subtitles.",
    "import-timeline": "Make a project from an OTIO, EDL or XML timeline.",
    "import-opencut": "Make a project from an OpenCut record.",
    "export-opencut": "Write the project as an OpenCut record.",
    "config": "Show the settings in effect and where they come from.",
    "check": "Check the edit for what a viewer would notice.",
    "skills": "List the skills (recipes) a model can load.",
    "backends": "List the backends, what each needs and can do.",
    "mcp": "Serve the project's tools to an MCP client.",
}

EXAMPLES: dict[str, list[tuple[str, str]]] = {
    "run": [
        ('neuralcut run "split at 5s"', "one edit, then the diff and the lanes"),
        ('neuralcut run "remove everything between 3s and 6s" --dry-run', "show the change, save nothing"),
        ('neuralcut run "what plays at 12s" --json', "the answer as one JSON document"),
    ],
    "chat": [
        ("neuralcut chat", "the REPL (also plain `neuralcut`)"),
        ("neuralcut chat -p trip.json --backend gemini", "talk to another project through Gemini"),
        ("printf 'split at 5s\\nundo\\n' | neuralcut chat", "one request per line from a script"),
    ],
    "timeline": [
        ("neuralcut timeline", "tracks, elements and lanes"),
        ("neuralcut timeline --no-lanes", "the table only"),
        ("neuralcut timeline --json", "the full timeline with full ids"),
    ],
    "assets": [
        ("neuralcut assets", "every asset"),
        ("neuralcut assets --filter unused", "footage not on the timeline"),
        ("neuralcut assets --type audio --json", "the audio assets as JSON"),
    ],
    "new": [
        ("neuralcut new tour.json --demo", "a copy of the demo project to play with"),
        ("neuralcut new trip.json --media a.mp4 b.mp4 song.mp3", "a project from your media, in that order"),
        ("neuralcut new empty.json --fps 25 --size 1920x1080", "an empty project"),
    ],
    "tool": [
        ("neuralcut tool split '{\"times\": [5]}'", "cut every track at 5 s"),
        ('neuralcut tool get_element \'{"elementId": "3f9c2a"}\'', "ids may be any unique prefix"),
        ("echo '{\"times\": [2]}' | neuralcut tool split -", "arguments from stdin"),
    ],
    "tools": [
        ("neuralcut tools", "every tool in a line"),
        ("neuralcut tools split", "one tool and its inputs"),
        ("neuralcut tools --json", "the declarations a model sees"),
    ],
    "undo": [
        ("neuralcut undo", "revert the last request (all its edits)"),
        ("neuralcut undo --json", "what was undone, as JSON"),
    ],
    "redo": [("neuralcut redo", "put back what undo took away"), ("neuralcut redo --json", "as JSON")],
    "history": [
        ("neuralcut history", "when, what was asked, what changed"),
        ("neuralcut history --json", "the undo and redo stacks as JSON"),
    ],
    "serve": [
        ("neuralcut serve", "http://127.0.0.1:8765/api/agent/chat"),
        ("neuralcut serve --port 0", "any free port (printed at start)"),
        ("NEURALCUT_SERVER_TOKEN=s3cret neuralcut serve --host 0.0.0.0", "other machines, with a bearer token"),
    ],
    "import": [
        ("neuralcut import clip.mp4 song.mp3", "add media to the project"),
        ("neuralcut import talk.srt", "subtitles become captions on a new track"),
    ],
    "render": [
        ("neuralcut render -o edit.mp4", "the whole edit"),
        ("neuralcut render -o part.mp4 --from 5 --to 12", "only 5 s to 12 s"),
        ("neuralcut render -o draft.mp4 --preview", "a quick, smaller draft"),
    ],
    "frame": [
        ("neuralcut frame --at 5s -o frame.png", "the picture at 5 s"),
        ("neuralcut frame --at 00:01:02:12 -o shot.jpg", "a timecode (frames after the last colon)"),
    ],
    "storyboard": [
        ("neuralcut storyboard -o board.png", "one frame per shot, with timecodes"),
        ("neuralcut storyboard --every 2 -o board.png", "a frame every 2 seconds"),
    ],
    "export": [
        ("neuralcut export -o edit.otio", "OpenTimelineIO (format from the extension)"),
        ("neuralcut export -o edit.xml", "Final Cut Pro 7 / Premiere XML"),
        ("neuralcut export -o captions.srt", "the captions as subtitles"),
    ],
    "import-timeline": [
        ("neuralcut import-timeline edit.otio -o trip.json", "an OTIO timeline"),
        ("neuralcut import-timeline cut.edl --media footage/ --fps 25 -o cut.json", "an EDL, media found by name"),
    ],
    "import-opencut": [
        (
            "neuralcut import-opencut record.json --manifest media.json --media files/ -o p.json",
            "an OpenCut project and its media",
        )
    ],
    "export-opencut": [("neuralcut export-opencut -o record.json", "the record, and its media list beside it")],
    "check": [
        ("neuralcut check", "black gaps, texts over each other or off the frame, captions, silence..."),
        ("neuralcut check --from 10 --to 20 --json", "one range, as one JSON document (exit 1 on errors)"),
    ],
    "config": [
        ("neuralcut config", "each setting and where it comes from"),
        ("neuralcut config --json", "the same as JSON (keys are never shown)"),
    ],
    "skills": [("neuralcut skills", "built-in and your own recipes"), ("neuralcut skills --json", "as JSON")],
    "backends": [("neuralcut backends", "what --backend accepts"), ("neuralcut backends --json", "as JSON")],
    "mcp": [
        ("neuralcut mcp -p trip.json", "stdio, for Claude Code, gemini-cli or Cursor"),
        ("neuralcut mcp --http --port 8766", "streamable HTTP on loopback"),
    ],
}


def epilog(name: str) -> str:
    """The ``Examples:`` block (``\\b`` keeps click from re-wrapping it)."""
    rows = EXAMPLES[name]
    lines = ["\b", "Examples:"]
    for example, what in rows:
        lines.append(f"  {example}")
        lines.append(f"      {what}")
    return "\n".join(lines)


def command(app: typer.Typer, fn: Callable[..., Any], name: str | None = None) -> None:
    """Register ``fn`` as ``name`` with its summary, its docstring as the help and the examples."""
    name = name or fn.__name__.replace("_", "-")
    app.command(name, help=fn.__doc__, short_help=SUMMARY[name], epilog=epilog(name))(fn)
