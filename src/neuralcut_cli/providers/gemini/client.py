"""The Gemini client, configured once: key, base URL, retries, timeout.

``google.genai`` is imported only when a client is made. The key comes from
``GEMINI_API_KEY`` or ``GOOGLE_API_KEY`` (the SDK prefers the latter when
both are set) and never appears in any message: ``scrub`` removes it from
every text that leaves this package.
"""

from __future__ import annotations

import os
from typing import Any

from neuralcut_cli.errors import UsageError

DEFAULT_MODEL = "gemini-2.5-flash"
RETRY_STATUSES = [408, 429, 500, 502, 503, 504]


def api_key() -> str | None:
    return (os.environ.get("GOOGLE_API_KEY") or os.environ.get("GEMINI_API_KEY") or "").strip() or None


def require_key() -> str:
    key = api_key()
    if not key:
        raise UsageError(
            "The gemini backend needs an API key: set GEMINI_API_KEY (or GOOGLE_API_KEY). "
            "Get one at https://aistudio.google.com/apikey"
        )
    return key


def base_url() -> str:
    return os.environ.get("GOOGLE_GEMINI_BASE_URL") or "https://generativelanguage.googleapis.com"


def _float_env(name: str, default: float) -> float:
    try:
        return float(os.environ.get(name, default))
    except ValueError:
        return default


def make_client() -> Any:
    """A ``genai.Client`` with retries (408/429/5xx, exponential backoff) and a timeout."""
    from google import genai
    from google.genai import types

    options = types.HttpOptions(
        timeout=int(_float_env("NEURALCUT_GEMINI_TIMEOUT", 120) * 1000),
        retry_options=types.HttpRetryOptions(
            attempts=int(_float_env("NEURALCUT_GEMINI_RETRIES", 4)),
            initial_delay=_float_env("NEURALCUT_GEMINI_RETRY_DELAY", 1.0),
            max_delay=30.0,
            http_status_codes=RETRY_STATUSES,
        ),
        # a redirect is never followed: the key travels in a header httpx would carry to the other host
        client_args={"follow_redirects": False},
        async_client_args={"follow_redirects": False},
    )
    return genai.Client(api_key=require_key(), http_options=options)


def scrub(text: str) -> str:
    """``text`` with the API key (and any secret, see ``secrets``) replaced by ``***``."""
    from neuralcut_cli.secrets import redact

    key = api_key()
    return redact(text.replace(key, "***") if key and len(key) >= 6 else text)
