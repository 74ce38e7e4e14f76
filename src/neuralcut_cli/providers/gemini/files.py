"""The Files API calls asset understanding and render review need: upload, get, ask about a file."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from neuralcut_cli.providers.gemini.client import DEFAULT_MODEL, make_client

SUMMARY_PROMPT = (
    "Summarise this media for a video editor in at most 5 short sentences: what is seen and heard, "
    "notable moments with their times in seconds, and any speech."
)


class GeminiFiles:
    """Files API calls over one client (made on first use, so creating this costs nothing)."""

    def __init__(self, client: Any = None, model: str | None = None) -> None:
        self._client = client
        self.model = model or os.environ.get("NEURALCUT_MODEL") or DEFAULT_MODEL

    @property
    def client(self) -> Any:
        if self._client is None:
            self._client = make_client()
        return self._client

    def upload(self, path: Path, mime_type: str) -> dict[str, Any]:
        file = self.client.files.upload(file=str(path), config={"mime_type": mime_type, "display_name": path.name})
        return _file_info(file)

    def get(self, name: str) -> dict[str, Any]:
        return _file_info(self.client.files.get(name=name))

    def ask(self, uri: str, mime_type: str, prompt: str) -> str:
        """The model's answer to ``prompt`` about the uploaded file."""
        from google.genai import types

        contents = [
            types.Content(
                role="user",
                parts=[
                    types.Part(file_data=types.FileData(file_uri=uri, mime_type=mime_type)),
                    types.Part(text=prompt),
                ],
            )
        ]
        response = self.client.models.generate_content(model=self.model, contents=contents)
        return (response.text or "").strip()


def _file_info(file: Any) -> dict[str, Any]:
    state = getattr(file.state, "value", file.state) or "STATE_UNSPECIFIED"
    return {"name": file.name, "uri": file.uri, "state": str(state).upper()}


class OnFiles:
    """A service over the Files API of one model: the client is made on first use (see ``GeminiFiles``)."""

    provider = "gemini"

    def __init__(self, model: str | None = None, files: Any = None) -> None:
        self.model = model
        self._files = files

    @property
    def files(self) -> Any:
        if self._files is None:
            self._files = GeminiFiles(model=self.model)
        return self._files
