"""Reading a chat request: content type, size, JSON, schema -> 400/413 with
a message that says what is wrong and where."""

from __future__ import annotations

import json
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from neuralcut_cli.agent.types import AgentContext, ChatMessage
from neuralcut_cli.project.io import load_json
from neuralcut_cli.project.limits import UnsafeJson, check_json
from neuralcut_cli.project.schema_errors import json_path

MAX_BODY = 1024 * 1024  # 1 MiB
MAX_HEADER_BYTES = 16 * 1024  # request line and headers; h11 enforces it while they arrive, the app after


class RequestProblem(Exception):
    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


class ChatRequest(BaseModel):
    model_config = ConfigDict(extra="ignore")

    messages: list[ChatMessage] = Field(min_length=1)
    context: AgentContext | None = None


def check_content_type(value: str | None) -> None:
    media_type = (value or "").split(";")[0].strip().lower()
    if media_type != "application/json":
        raise RequestProblem(400, f"Content-Type must be application/json, not {value or 'missing'}")


def parse_body(raw: bytes) -> ChatRequest:
    if len(raw) > MAX_BODY:
        raise RequestProblem(413, f"Request body is larger than {MAX_BODY} bytes")
    try:
        data: Any = check_json(load_json(raw))
    except UnicodeDecodeError:
        raise RequestProblem(400, "Request body is not UTF-8 text") from None
    except json.JSONDecodeError as exc:
        raise RequestProblem(400, f"Invalid JSON: {exc.msg} at line {exc.lineno}, column {exc.colno}") from None
    except UnsafeJson as exc:
        raise RequestProblem(400, f"Invalid request: {exc.at()}") from None
    except ValueError as exc:  # a number of thousands of digits, nesting beyond the interpreter
        raise RequestProblem(400, f"Invalid JSON: {exc}") from None
    if not isinstance(data, dict):
        raise RequestProblem(400, "Request body must be a JSON object with 'messages' (and optionally 'context')")
    try:
        return ChatRequest.model_validate(data)
    except ValidationError as exc:
        raise RequestProblem(400, _describe(exc)) from None


def _describe(exc: ValidationError) -> str:
    problems = []
    for error in exc.errors(include_url=False)[:3]:
        path = json_path(error["loc"])
        if error["type"] == "missing":
            problems.append(f"{path} is required")
        elif error["type"] == "too_short":
            problems.append(f"{path} must contain at least one message")
        else:
            problems.append(f"{path}: {error['msg'][:1].lower()}{error['msg'][1:]}")
    return "; ".join(problems)
