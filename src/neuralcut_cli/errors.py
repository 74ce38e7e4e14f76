"""The small, named errors of NeuralCut and the process exit codes.

Every error a person can cause (a bad time, an unreadable project file, a
tool call that cannot be carried out) is one of these classes with a message
written for that person. Anything else escaping is a bug.
"""

from __future__ import annotations

from enum import IntEnum


class ExitCode(IntEnum):
    """Exit status of the `neuralcut` command."""

    OK = 0
    FAILED = 1  # a request or a tool call failed
    USAGE = 2  # bad usage or an unreadable project
    CANCELLED = 130  # Ctrl-C stopped a request or a render (128 + SIGINT)


class NeuralCutError(Exception):
    """Base class: an error with a message meant for the user."""

    exit_code: ExitCode = ExitCode.FAILED

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class TimeParseError(NeuralCutError, ValueError):
    """A string a person typed is not a time we understand."""

    exit_code = ExitCode.USAGE


class ProjectLoadError(NeuralCutError):
    """The project file is missing, is not JSON, or does not match the schema."""

    exit_code = ExitCode.USAGE


class ProjectSaveError(NeuralCutError):
    """The project file could not be written (permissions, disk full...)."""


class ProjectLockedError(NeuralCutError):
    """Another process holds the project's lock for longer than we wait."""


class HistoryError(NeuralCutError):
    """Undo or redo cannot be carried out (nothing to move, or a conflict)."""


class UsageError(NeuralCutError):
    """The command line was used wrongly (unknown tool, malformed JSON...)."""

    exit_code = ExitCode.USAGE


class EditError(NeuralCutError):
    """An edit cannot be carried out as asked; nothing was changed."""


class ToolError(NeuralCutError):
    """A tool call a caller can fix; becomes ``{"error": message, **details}``.

    ``message`` is the spec's error string; ``details`` (optional) carry safe,
    extra information such as which value was wrong.
    """

    def __init__(self, message: str, **details: object) -> None:
        super().__init__(message)
        self.details = details


class ParamError(NeuralCutError):
    """An effect parameter is unknown or out of its range (the spec's string)."""


class PatchConflict(NeuralCutError):
    """An undo or redo patch does not match the project (it was edited outside NeuralCut)."""


class MediaError(NeuralCutError):
    """A media file cannot be read, or ffmpeg failed; the message says which and why."""


class OutputExists(NeuralCutError):
    """An output file exists and nobody said to replace it."""


class ProviderError(NeuralCutError):
    """A call to an outside service (Gemini...) failed; the message is safe to show (no key)."""


class BackendError(NeuralCutError):
    """The model backend could not answer (network, quota, bad key...); the message is safe to show."""


class Cancelled(NeuralCutError):
    """The person pressed Ctrl-C; what was running stopped and nothing half-done was kept."""

    exit_code = ExitCode.CANCELLED
