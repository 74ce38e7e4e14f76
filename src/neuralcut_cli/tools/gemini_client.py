"""The Gemini client, configured once: key, base URL, retries, timeout, and
one mapping from the SDK's errors to messages a person can act on.

``google.genai`` is imported only when a client is made. The key comes from
``GEMINI_API_KEY`` or ``GOOGLE_API_KEY`` (the SDK prefers the latter when
both are set) and never appears in any message: ``scrub`` removes it from
every text that leaves this module.
"""

from __future__ import annotations

import os
import re
from typing import Any

from neuralcut_cli.errors import NeuralCutError, UsageError

DEFAULT_MODEL = "gemini-2.5-flash"
RETRY_STATUSES = [408, 429, 500, 502, 503, 504]


class GeminiError(NeuralCutError):
    """A Gemini request failed; the message is safe to show (no key)."""


def api_key() -> str | None:
    return (os.environ.get("GOOGLE_API_KEY") or os.environ.get("GEMINI_API_KEY") or "").strip() or None


def require_key() -> str:
    key = api_key()
    if not key:
        raise UsageError("The gemini backend needs an API key: set GEMINI_API_KEY (or GOOGLE_API_KEY). "
                         "Get one at https://aistudio.google.com/apikey")
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
    )
    return genai.Client(api_key=require_key(), http_options=options)


def scrub(text: str) -> str:
    """``text`` with the API key (if any) replaced by ``***``."""
    key = api_key()
    for value in {key, os.environ.get("GEMINI_API_KEY"), os.environ.get("GOOGLE_API_KEY")} - {None, ""}:
        text = text.replace(value, "***")
    return re.sub(r"(key=)[A-Za-z0-9_\-]{12,}", r"\1***", text)


def explain(exc: BaseException) -> GeminiError:
    """One clear, key-free message for any failure of a Gemini call."""
    from google.genai import errors

    if isinstance(exc, errors.APIError):
        return GeminiError(scrub(_api_message(exc)))
    name = type(exc).__name__
    if "Timeout" in name:
        return GeminiError(f"Gemini did not answer in time ({base_url()}); try again, or raise NEURALCUT_GEMINI_TIMEOUT")
    if "Connect" in name or isinstance(exc, OSError):
        return GeminiError(f"Cannot reach Gemini at {base_url()}: the network is down or the address is wrong")
    return GeminiError(scrub(f"Gemini request failed: {name}: {exc}"))


def _api_message(exc: Any) -> str:
    code, status = exc.code, exc.status or ""
    detail = (exc.message or "").strip()
    if code in (401, 403) or status in ("UNAUTHENTICATED", "PERMISSION_DENIED"):
        return (f"Gemini rejected the API key ({code} {status}): check GEMINI_API_KEY / GOOGLE_API_KEY. {detail}").strip()
    if code == 429:
        wait = _retry_hint(exc)
        hint = f" Retry in {wait}." if wait else " Wait a moment and try again."
        return f"Gemini quota exceeded (429 {status}).{hint} {detail}".strip()
    if code and code >= 500:
        return f"Gemini server trouble ({code} {status}); it is not your request. Try again shortly. {detail}".strip()
    if code == 404:
        return f"Gemini does not know that model or resource (404): {detail}. Try --model {DEFAULT_MODEL}"
    return f"Gemini refused the request ({code} {status}): {detail}"


def _retry_hint(exc: Any) -> str | None:
    details = exc.details if isinstance(exc.details, dict) else {}
    for item in details.get("error", details).get("details", []) or []:
        if isinstance(item, dict) and item.get("retryDelay"):
            return str(item["retryDelay"])
    response = getattr(exc, "response", None)
    headers = getattr(response, "headers", None) or {}
    return headers.get("retry-after") if hasattr(headers, "get") else None
