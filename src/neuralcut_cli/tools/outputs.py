"""What each tool answers, as typed dictionaries (the JSON a model, MCP client or person gets back).

(No ``from __future__ import annotations`` here: ``NotRequired`` must be seen when each class is made.)

A tool's function returns one of these (an edit returns ``ProjectEdit[Output]``: the new project and the
answer); mypy checks every answer built against its type, and the tests check every answer a tool gives at
run time against the type its declaration names (``ToolDefinition.output_type``). Keys are camelCase, as
on the wire. Nested rows that other modules build (listings, summaries) are typed where they are made.
"""

from typing import (
    Any,
    Literal,
    NotRequired,  # typing's own cannot be read by pydantic on 3.11
)

from typing_extensions import TypedDict

Row = dict[str, Any]  # a row another module builds (an effect summary, a track listing, a transcript segment)


class Placed(TypedDict):
    elementId: str
    trackId: str


class Moved(TypedDict):
    elementId: str
    start: float


class Done(TypedDict):
    success: bool


# -- timeline edits


class SplitOutput(Done):
    affectedElements: list[str]


class DeleteOutput(Done):
    deletedElements: list[str]
    movedElements: NotRequired[list[Moved]]
    tracks: NotRequired[list[Row]]  # what each track did when the program lost time (``tools.program_cuts``)


class MoveOutput(Done):
    movedElements: list[Row]


class TimingOutput(Done):
    elementId: str
    trackId: str
    start: float
    end: float
    duration: float


class RemoveRangeOutput(Done):
    deletedElements: list[str]
    cutElements: list[str]
    movedElements: list[Moved]
    tracks: NotRequired[list[Row]]


class CloseGapsOutput(Done):
    trackId: str
    movedElements: list[Moved]


class SpeedOutput(Done):
    elements: list[Row]


class DuplicateOutput(Done):
    duplicated: list[Placed]


class UpdateClipOutput(Done):
    elementId: str
    applied: Row


class TrackMuteOutput(Done):
    trackId: str
    muted: bool


class TrackHiddenOutput(Done):
    trackId: str
    hidden: bool


class VolumeOutput(Done):
    volume: float


# -- text, stickers, effects, motion


class UpdateTextOutput(Done):
    elementId: NotRequired[str]
    updated: NotRequired[list[Placed]]
    skipped: NotRequired[list[str]]


class AppliedEffectOutput(TypedDict):
    elementId: str
    trackId: str
    appliedParams: Row


class UpdatedEffectOutput(Done):
    elementId: str
    appliedParams: Row


class AddClipEffectOutput(Done):
    added: list[Row]
    effectType: str
    appliedParams: Row


class UpdateClipEffectOutput(Done):
    elementId: str
    effectId: str
    appliedParams: Row
    enabled: bool


class RemoveClipEffectOutput(Done):
    elementId: str
    removed: str


# "in" is a keyword: the functional form
FadeOutput = TypedDict("FadeOutput", {"success": bool, "elementIds": list[str], "in": float, "out": float})


class AnimateOutput(Done):
    elementId: str
    property: str
    start: float
    end: float
    keyframes: NotRequired[int]


class DuckOutput(Done):
    ducked: list[str]
    depth: float


class UpsertKeyframeOutput(Done):
    elementId: str
    propertyPath: str
    keyframeId: str
    time: float
    value: Any
    interpolation: str


class RemoveKeyframeOutput(Done):
    removedKeyframeId: str


class CurveOutput(Done):
    elementId: str
    keyframeId: str
    applied: Row


# -- media, analysis, words


class RemovedOutput(Done):
    removed: list[Row]
    secondsSaved: float
    untranscribed: NotRequired[list[str]]
    tracks: NotRequired[list[Row]]


class RetakesOutput(RemovedOutput):
    retakes: list[Row]  # each earlier take gone: start, end (timeline seconds before the cut), text, cue


class AspectOutput(Done):
    ratio: str
    width: int
    height: int
    was: Row  # width, height
    moved: list[Row]  # elementId, what


class ReframeOutput(Done):
    follow: str
    clips: list[Row]  # elementId, scale, keys (positionX keyframes), faceSeen (share of samples), shots


class NormalizeOutput(Done):
    platform: str
    targetLufs: float
    truePeakDb: float
    recordings: list[Row]  # one per recording: assetId, name, pieces, measuredLufs, gainDb
    elements: list[Row]
    skipped: list[Row]


class ScenesOutput(TypedDict):
    elementId: str
    scenes: list[float]


class SplitScenesOutput(Done):
    cuts: list[Row]
    affectedElements: list[str]


class CaptionsOutput(Done):
    trackId: str
    captions: int
    style: NotRequired[str]
    untranscribed: NotRequired[list[str]]
    wordsFrom: NotRequired[str]  # "transcript", or "subtitles" already on the timeline (which were replaced)


class StyleCaptionsOutput(Done):
    style: str
    captions: int


class ExportCaptionsOutput(Done):
    file: str
    captions: int


class ExportTimelineOutput(Done):
    file: str
    format: str
    clips: int
    gaps: int
    lost: list[str]  # what the format could not carry ("audio track Music", "text Title")


class FindOutput(TypedDict):
    query: str
    matches: list[Row]
    untranscribed: list[str]


class TranscriptOutput(TypedDict):
    assetId: str
    language: str
    model: NotRequired[str]  # the Whisper model that made it
    text: str
    segments: list[Row]


class AssetContextOutput(TypedDict):
    assetId: str
    status: str
    cached: bool
    provider: str
    fileUri: str | None
    mimeType: str | None
    summary: NotRequired[str]


# -- reading the project


class TimelineOutput(TypedDict):
    tracks: list[Row]


class AssetsOutput(TypedDict):
    assets: list[Row]


class ContextOutput(TypedDict):
    projectId: str
    activeSceneId: str | None
    mediaCount: int
    mediaNames: list[str]
    playbackTimeMs: NotRequired[int | float]


class EffectsOutput(TypedDict):
    effects: list[Row]


class StickersOutput(TypedDict):
    stickers: list[Row]


class PropertiesOutput(TypedDict):
    elementId: str
    elementType: str
    properties: list[Row]


class KeyframesOutput(TypedDict):
    elementId: str
    keyframes: list[Row]
    soundEnvelope: NotRequired[list[dict[str, float]]]


class SkillsOutput(TypedDict):
    skills: list[Row]


class SkillOutput(TypedDict):
    skillId: str
    name: str
    instructions: str


class UseToolsOutput(TypedDict):
    unlocked: list[str]
    tools: dict[str, list[str]]
    what: dict[str, str]  # each tool unlocked: what it does, in a sentence
    next: str


class HistoryOutput(Done, total=False):
    undone: Row
    redone: Row
    remaining: int  # steps left to undo (or redo) after this one


class EffectOutput(TypedDict):
    id: str
    name: str
    description: str
    params: list[Row]


class ElementOutput(TypedDict):
    elementId: str
    trackId: str
    type: str
    name: str
    start: float
    end: float
    duration: float
    trimStart: float
    trimEnd: float
    # by kind: media, text, sticker, graphic, effect, sound and picture fields
    assetId: NotRequired[str | None]
    speed: NotRequired[float]
    sourceDuration: NotRequired[float]
    content: NotRequired[str]
    fontSize: NotRequired[float]
    fontFamily: NotRequired[str]
    color: NotRequired[str]
    fontWeight: NotRequired[str]
    fontStyle: NotRequired[str]
    textAlign: NotRequired[str]
    textDecoration: NotRequired[str]
    letterSpacing: NotRequired[float]
    lineHeight: NotRequired[float]
    background: NotRequired[Row]
    stickerId: NotRequired[str]
    definitionId: NotRequired[str]
    effectType: NotRequired[str]
    params: NotRequired[Row]
    volume: NotRequired[float]  # dB
    soundLayers: NotRequired[Row]  # fadeIn, fadeOut, duckDb, gainDb (``editing.sound``)
    soundEnvelope: NotRequired[list[dict[str, float]]]
    muted: NotRequired[bool]
    sourceAudio: NotRequired[Any]
    sourceType: NotRequired[Any]
    sourceUrl: NotRequired[Any]
    transform: NotRequired[Row]
    opacity: NotRequired[float]
    blendMode: NotRequired[str]
    hidden: NotRequired[bool]
    effects: NotRequired[list[Row]]
    masks: NotRequired[list[Row]]
    animations: NotRequired[Row]
    transitions: NotRequired[list[Row]]


# -- transitions

TransitionRow = TypedDict(
    "TransitionRow",
    {
        "transitionId": str,
        "type": str,
        "from": str,
        "to": str,
        "start": float,
        "end": float,
        "duration": float,
        "note": NotRequired[str],
    },
)


class TransitionsOutput(TypedDict):
    transitions: list[Row]


class TransitionAdded(Done):
    trackId: str
    added: list[TransitionRow]
    skipped: NotRequired[list[str]]


class TransitionsRemoved(Done):
    removed: list[str]


class CheckOutput(TypedDict):
    errors: int
    warnings: int
    infos: int
    findings: list[Row]
    more: NotRequired[int]  # findings left out (the first ``MAX_FINDINGS``, worst first, are listed)


class ReviewOutput(TypedDict):
    provider: str
    medium: Literal["video", "image"]
    start: float
    end: float
    question: str
    answer: str
    cached: bool
    fileUri: NotRequired[str]
