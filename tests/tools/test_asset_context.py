"""load_asset_context (upload, poll, summary, cache) and transcribe_video."""

from __future__ import annotations

import json
import sys
import types as pytypes
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import WriteProject
from conftest import SECRET_KEY
from fake_gemini import FakeGemini
from tool_helpers import Tools

from neuralcut_cli.cli.chat.chat_session import ChatSession
from neuralcut_cli.media.whisper_models import Model


def _uri(part: dict[str, Any]) -> str:
    """The file URI of a fileData part (the SDK writes its inner keys in snake_case)."""
    data = part["fileData"]
    return data.get("fileUri") or data["file_uri"]


@pytest.fixture
def media(demo_path: Path) -> Path:
    """Stand-in media files for the demo's assets (content does not matter to the fake)."""
    folder = demo_path.parent / "media"
    folder.mkdir()
    for name in ("intro.mp4", "beach.mp4", "city.mp4", "music.mp3", "logo.png"):
        (folder / name).write_bytes(b"fake " + name.encode())
    return folder


def test_upload_poll_summary_then_cache_hit(gemini: FakeGemini, demo_path: Path, media: Path) -> None:
    gemini.files["f1"] = ["PROCESSING", "PROCESSING", "ACTIVE"]
    gemini.reply_text("A sunny beach; waves at 2s; someone says hello.")
    tools = Tools(demo_path)
    first = tools("load_asset_context", {"assetId": "a-beach"})
    assert first == {
        "assetId": "a-beach",
        "status": "loaded",
        "cached": False,
        "provider": "gemini",
        "fileUri": f"{gemini.url}/v1beta/files/f1",
        "mimeType": "video/mp4",
        "summary": "A sunny beach; waves at 2s; someone says hello.",
    }
    assert gemini.uploads == 1
    polls = [r for r in gemini.requests if r.method == "GET"]
    assert len(polls) >= 2 and polls[0].path.endswith("/files/f1")
    summary_request = gemini.generate_requests()[0].body
    assert _uri(summary_request["contents"][0]["parts"][0]).endswith("/files/f1")
    second = tools("load_asset_context", {"assetId": "a-beach"})
    assert second["cached"] is True and second["summary"] == first["summary"]
    assert gemini.uploads == 1 and len(gemini.generate_requests()) == 1  # no second upload, no second summary
    cache = json.loads((demo_path.parent / ".neuralcut" / "demo" / "asset-context.json").read_text())["a-beach"]
    assert {"assetId", "provider", "fileUri", "status", "createdAt", "fingerprint"} <= set(cache)
    assert cache["provider"] == "gemini" and cache["status"] == "active"


def test_cache_miss_after_the_file_changes(gemini: FakeGemini, demo_path: Path, media: Path) -> None:
    gemini.reply_text("first")
    gemini.reply_text("second")
    tools = Tools(demo_path)
    tools("load_asset_context", {"assetId": "a-intro"})
    (media / "intro.mp4").write_bytes(b"a different, longer recording")
    result = tools("load_asset_context", {"assetId": "a-intro"})
    assert result["cached"] is False and result["summary"] == "second"
    assert gemini.uploads == 2


def test_cache_expires_after_48_hours(gemini: FakeGemini, demo_path: Path, media: Path) -> None:
    gemini.reply_text("fresh")
    gemini.reply_text("fresh again")
    tools = Tools(demo_path)
    tools("load_asset_context", {"assetId": "a-intro"})
    path = demo_path.parent / ".neuralcut" / "demo" / "asset-context.json"
    data = json.loads(path.read_text())
    data["a-intro"]["createdAt"] -= 49 * 3600 * 1000
    path.write_text(json.dumps(data))
    assert tools("load_asset_context", {"assetId": "a-intro"})["cached"] is False
    assert gemini.uploads == 2


def test_still_processing_is_reported_and_polled_later(
    gemini: FakeGemini, demo_path: Path, media: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("NEURALCUT_GEMINI_POLL_TIMEOUT", "0.05")
    gemini.files["f1"] = ["PROCESSING"]
    tools = Tools(demo_path)
    result = tools("load_asset_context", {"assetId": "a-city"})
    assert result["status"] == "processing" and "summary" not in result
    gemini.files["f1"] = ["ACTIVE"]
    gemini.reply_text("a city at night")
    result = tools("load_asset_context", {"assetId": "a-city"})
    assert result["status"] == "loaded" and result["cached"] is True and gemini.uploads == 1


def test_processing_failure(gemini: FakeGemini, demo_path: Path, media: Path) -> None:
    gemini.files["f1"] = ["FAILED"]
    result = Tools(demo_path)("load_asset_context", {"assetId": "a-intro"})
    assert result == {
        "error": "Failed to load asset context",
        "details": "Gemini could not process the file (state FAILED)",
    }


def test_resolves_by_unambiguous_file_name(gemini: FakeGemini, demo_path: Path, media: Path) -> None:
    gemini.reply_text("music")
    assert Tools(demo_path)("load_asset_context", {"assetId": "music.mp3"})["assetId"] == "a-music"


@pytest.mark.parametrize(
    ("args", "error"),
    [
        ({"assetId": "a-nope"}, "Asset not found"),
        ({}, "Asset not found"),
        ({"assetId": ""}, "Asset not found"),
    ],
)
def test_lookup_errors(demo_path: Path, args: dict[str, Any], error: str) -> None:
    assert Tools(demo_path)("load_asset_context", args)["error"] == error


def test_missing_file_is_a_clear_error(demo_path: Path) -> None:
    result = Tools(demo_path)("load_asset_context", {"assetId": "a-intro"})
    assert result["error"] == "Failed to load asset context"
    assert "media file not found" in result["details"] and "intro.mp4" in result["details"]


def test_unsupported_type(demo_path: Path, write_project: WriteProject) -> None:
    data = json.loads(demo_path.read_text())
    data["mediaAssets"].append({"id": "a-doc", "name": "notes.pdf", "type": "image", "path": "notes.pdf"})
    path = write_project(data, "other.json")
    (path.parent / "notes.pdf").write_bytes(b"%PDF")
    assert Tools(path)("load_asset_context", {"assetId": "a-doc"})["error"] == "Unsupported asset type"


def test_without_a_key_the_failure_is_explained(demo_path: Path, media: Path) -> None:
    result = Tools(demo_path)("load_asset_context", {"assetId": "a-intro"})
    assert result["error"] == "Failed to load asset context" and "GEMINI_API_KEY" in result["details"]


def test_loaded_assets_are_attached_to_later_requests(gemini: FakeGemini, demo_path: Path, media: Path) -> None:
    gemini.reply_calls(("load_asset_context", {"assetId": "a-beach"}))
    gemini.reply_text("summary of the beach")  # the tool's own summary request
    gemini.reply_text("The beach clip shows waves.")
    gemini.reply_text("Sure.")
    chat = ChatSession(demo_path, "gemini")
    chat.ask("what is in the beach clip?")
    chat.ask("and now?")
    last = gemini.generate_requests()[-1].body["contents"]
    parts = last[-1]["parts"]
    assert _uri(parts[0]).endswith("/files/f1") and parts[-2]["text"] == "and now?"
    assert parts[-1]["text"].startswith("[Project now]")  # the project note goes last (cache-friendly)
    for path in demo_path.parent.rglob("*"):
        if path.is_file():
            assert SECRET_KEY.encode() not in path.read_bytes()


# -- transcribe_video -------------------------------------------------------------


class FakeWhisper:
    """Stands in for faster_whisper.WhisperModel at its boundary."""

    created: list[tuple[Any, ...]] = []

    def __init__(self, model_id: str, device: str = "cpu", compute_type: str = "int8", **_: Any) -> None:
        FakeWhisper.created.append((model_id, device, compute_type))

    def transcribe(
        self, path: str, language: str | None = None, word_timestamps: bool = False, **_: Any
    ) -> tuple[Iterator[pytypes.SimpleNamespace], pytypes.SimpleNamespace]:
        segment = pytypes.SimpleNamespace
        assert Path(path).exists()
        return iter(
            [segment(start=0.0, end=1.5, text=" Hello there."), segment(start=1.5, end=3.25, text=" Day one!")]
        ), pytypes.SimpleNamespace(language=language or "en")


@pytest.fixture
def whisper(monkeypatch: pytest.MonkeyPatch) -> type[FakeWhisper]:
    FakeWhisper.created = []
    monkeypatch.setitem(sys.modules, "faster_whisper", pytypes.SimpleNamespace(WhisperModel=FakeWhisper))
    monkeypatch.setattr("neuralcut_cli.media.transcripts.resolve", lambda name: Model(name or "base", name or "base"))
    return FakeWhisper


def test_transcribe_with_a_fake_model(whisper: type[FakeWhisper], demo_path: Path, media: Path) -> None:
    tools = Tools(demo_path)
    result = tools("transcribe_video", {"assetId": "a-intro", "language": "en", "modelId": "tiny"})
    assert result == {
        "assetId": "a-intro",
        "language": "en",
        "model": "tiny",
        "text": "Hello there. Day one!",
        "segments": [
            {"start": 0.0, "end": 1.5, "text": "Hello there.", "words": []},
            {"start": 1.5, "end": 3.25, "text": "Day one!", "words": []},
        ],
    }
    assert whisper.created == [("tiny", "cpu", "int8")]
    assert tools("transcribe_video", {"assetId": "a-intro", "language": "en", "modelId": "tiny"}) == result
    assert len(whisper.created) == 1  # cached
    (media / "intro.mp4").write_bytes(b"new take")
    tools("transcribe_video", {"assetId": "a-intro", "language": "en", "modelId": "tiny"})
    assert len(whisper.created) == 2  # the file changed


def test_transcribe_defaults(whisper: type[FakeWhisper], demo_path: Path, media: Path) -> None:
    result = Tools(demo_path)("transcribe_video", {})
    assert result["assetId"] == "a-intro" and result["language"] == "en"
    assert whisper.created == [("base", "cpu", "int8")]


def test_transcribe_refuses_images(whisper: type[FakeWhisper], demo_path: Path, media: Path) -> None:
    assert Tools(demo_path)("transcribe_video", {"assetId": "a-logo"})["error"] == "Unsupported asset type"


def test_transcribe_without_the_extra(demo_path: Path, media: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "faster_whisper", None)  # import fails
    before = demo_path.read_bytes()
    result = Tools(demo_path)("transcribe_video", {"assetId": "a-intro"})
    assert result["error"].startswith("Local transcription needs faster-whisper and a Whisper model.")
    assert "pip install faster-whisper" in result["error"] and "NEURALCUT_WHISPER_MODEL" in result["error"]
    assert result["error"].endswith("Nothing was changed.") and demo_path.read_bytes() == before
