"""Render review through an OpenAI-compatible model that takes images: a contact sheet of the range (one frame at
each cut) sent inline as an image part with the question. A model that cannot take images is refused in words:
before anything is rendered when ``NEURALCUT_OPENAI_IMAGES=0`` or the server itself says so (``takes_images``), else
from the server's own refusal."""

from __future__ import annotations

import base64
import os
from collections.abc import Callable
from functools import lru_cache
from typing import Any

from neuralcut_cli.errors import ProviderError
from neuralcut_cli.media.review import Medium, ReviewAnswer, ReviewRequest
from neuralcut_cli.providers.openai_compat.errors import explain, server_message

Progress = Callable[[str], None]
_IMAGE_WORDS = ("image", "vision", "multimodal", "multi-modal")


_SAID = {"0": False, "false": False, "no": False, "off": False, "1": True, "true": True, "yes": True, "on": True}


def takes_images(base_url: str) -> bool | None:
    """Whether the model behind ``base_url`` takes images: ``NEURALCUT_OPENAI_IMAGES`` when set, else what a server
    on this machine says of itself (llama.cpp's ``/props``: ``modalities.vision``), else None (not known: tried,
    and a refusal is explained)."""
    said = _SAID.get(os.environ.get("NEURALCUT_OPENAI_IMAGES", "").strip().lower())
    if said is not None:
        return said
    from neuralcut_cli.providers.openai_compat.client import is_local

    return _server_says(base_url.rstrip("/")) if base_url and is_local(base_url) else None


@lru_cache(maxsize=8)
def _server_says(base_url: str) -> bool | None:
    import json
    import urllib.request

    root = base_url[: -len("/v1")] if base_url.endswith("/v1") else base_url
    try:
        direct = urllib.request.build_opener(urllib.request.ProxyHandler({}))  # a loopback server: no proxy
        with direct.open(f"{root}/props", timeout=2) as answer:
            vision = json.loads(answer.read(65536)).get("modalities", {}).get("vision")
    except (OSError, ValueError, AttributeError):  # not llama.cpp, or not answering: not known
        return None
    return vision if isinstance(vision, bool) else None


class OpenAIImageReviewer:
    """The ``RenderReviewer`` service of the ``openai`` backend: it looks at a contact sheet."""

    medium: Medium = "image"

    def __init__(self, client: Any, model: str, base_url: str = "") -> None:
        self.client = client
        self.model = model
        self.base_url = base_url
        self.where = base_url or "api.openai.com"
        self.provider = f"openai ({model})"

    def review(self, request: ReviewRequest, progress: Progress) -> ReviewAnswer:
        if takes_images(self.base_url) is False:
            why = "NEURALCUT_OPENAI_IMAGES=0" if os.environ.get("NEURALCUT_OPENAI_IMAGES") else "its server says so"
            raise ProviderError(
                f"{self.model} does not take images ({why}), so it cannot look at a render; "
                "use a model that does, or --backend gemini, or check the render with check_project media=true"
            )
        sheet = request.make("image")
        data = base64.b64encode(sheet.read_bytes()).decode("ascii")
        content = [
            {"type": "text", "text": request.prompt("image")},
            {"type": "image_url", "image_url": {"url": f"data:image/png;base64,{data}"}},
        ]
        progress(f"{self.model} is looking at the contact sheet…")
        try:
            stream = self.client.chat.completions.create(
                model=self.model, messages=[{"role": "user", "content": content}], stream=True
            )
            answer = "".join(c.choices[0].delta.content or "" for c in stream if c.choices)
        except Exception as exc:  # noqa: BLE001 - mapped to one clear message
            raise self._explain(exc) from None
        if not answer.strip():
            raise ProviderError(f"{self.model} gave no answer about the contact sheet")
        return ReviewAnswer(self.provider, "image", answer.strip(), cached=False)

    def _explain(self, exc: Exception) -> ProviderError:
        import openai

        said = server_message(exc)
        if isinstance(exc, openai.BadRequestError) and any(w in said.lower() for w in _IMAGE_WORDS):
            return ProviderError(
                f"{self.model} on {self.where} does not take images, so it cannot look at a render "
                f"(the server said: {said[:160]}); choose a model that does (gpt-4o-mini; for Ollama llava or "
                "qwen2.5vl), or set NEURALCUT_OPENAI_IMAGES=0 to stop trying"
            )
        return ProviderError(explain(exc, self.model, self.where).message)
