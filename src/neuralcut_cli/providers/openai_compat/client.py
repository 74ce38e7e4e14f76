"""The ``openai`` client from the environment: ``OPENAI_API_KEY``, ``OPENAI_BASE_URL`` (or ``--base-url``),
``NEURALCUT_OPENAI_TIMEOUT``. A local server (any base URL) needs no key. Retries with backoff on 408, 409, 429
and 5xx are the SDK's (honouring ``Retry-After``)."""

from __future__ import annotations

import os
from typing import Any

from neuralcut_cli.errors import UsageError

DEFAULT_MODEL = "gpt-4o-mini"
RETRIES = 3
NO_KEY = "not-needed"  # the SDK wants a key; a local server ignores it


def resolve(base_url: str | None) -> tuple[str | None, str]:
    """``(base_url, key)``; a usage error naming the variables when there is neither a key nor a server."""
    base = base_url or os.environ.get("OPENAI_BASE_URL") or None
    key = os.environ.get("OPENAI_API_KEY", "").strip()
    if not key and base is None:
        raise UsageError(
            "The openai backend needs OPENAI_API_KEY (for OpenAI), or OPENAI_BASE_URL / --base-url "
            "for another server (a local one such as Ollama needs no key)"
        )
    return base, key or NO_KEY


def make_client(base_url: str | None) -> Any:
    from openai import DefaultHttpxClient, OpenAI

    base, key = resolve(base_url)
    timeout = float(os.environ.get("NEURALCUT_OPENAI_TIMEOUT", "60") or 60)
    # a redirect is never followed: the key must not reach another host (the SDK follows them by default)
    return OpenAI(
        api_key=key,
        base_url=base,
        max_retries=RETRIES,
        timeout=timeout,
        http_client=DefaultHttpxClient(follow_redirects=False, timeout=timeout),
    )
