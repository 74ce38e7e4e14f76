"""What a check finds: one finding per problem, with how bad it is, where it is and, where one exists, the
tool call that fixes it."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

Severity = Literal["error", "warning", "info"]
_ORDER = {"error": 0, "warning": 1, "info": 2}


@dataclass(frozen=True)
class Finding:
    severity: Severity
    code: str  # a short stable name: black, stacked-text, text-outside, ...
    what: str  # one sentence a person reads
    start: float | None = None  # seconds
    end: float | None = None
    elements: tuple[str, ...] = ()  # short ids
    track: str | None = None  # its name
    fix: dict[str, Any] | None = None  # {"tool": name, "args": {...}}
    measured: float | None = None  # the figure a media check measured (LUFS, dBTP)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"severity": self.severity, "code": self.code, "what": self.what}
        if self.start is not None:
            out["start"], out["end"] = round(self.start, 3), round(self.end if self.end is not None else self.start, 3)
        if self.elements:
            out["elements"] = list(self.elements)
        if self.track:
            out["track"] = self.track
        if self.fix:
            out["fix"] = self.fix
        if self.measured is not None:
            out["measured"] = self.measured
        return out


@dataclass
class Report:
    findings: list[Finding] = field(default_factory=list)

    def sorted(self) -> list[Finding]:
        return sorted(self.findings, key=lambda f: (_ORDER[f.severity], f.start if f.start is not None else -1, f.code))

    def count(self, severity: Severity) -> int:
        return sum(1 for f in self.findings if f.severity == severity)

    @property
    def exit_code(self) -> int:
        """1 when there are errors, else 0 (warnings only are not a failure)."""
        return 1 if self.count("error") else 0

    def to_json(self) -> dict[str, Any]:
        return {
            "errors": self.count("error"),
            "warnings": self.count("warning"),
            "infos": self.count("info"),
            "findings": [f.to_json() for f in self.sorted()],
        }


def fix(tool: str, **args: Any) -> dict[str, Any]:
    return {"tool": tool, "args": args}
