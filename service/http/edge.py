"""Checks every request body passes before any route reads it, and the ASGI body helpers.

A JSON body (REST or GraphQL) must be UTF-8 and hold no lone surrogate (`"\\ud800"` is valid
JSON but not Unicode: no store can hold it), else 422 `invalid_input` naming the field. The
check costs one decode; the body is parsed only when it contains a surrogate escape.
"""

from __future__ import annotations

import json
import re
from typing import Any

from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from graph.domain.errors import InvalidInput
from service.errors import body_for, status_for

_SURROGATE_ESCAPE = re.compile(rb"\\u[dD][89a-fA-F]")


class CleanBody:
    """ASGI middleware refusing a JSON body that is not valid UTF-8 or Unicode."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or not _is_json(scope):
            await self.app(scope, receive, send)
            return
        body = await read_body(receive)
        try:
            check_body(body)
        except InvalidInput as exc:
            await JSONResponse(body_for(exc), status_code=status_for(exc))(scope, receive, send)
            return
        await self.app(scope, replay(body, receive), send)


def _is_json(scope: Scope) -> bool:
    headers = dict(scope.get("headers", []))
    kind = headers.get(b"content-type", b"application/json").lower()
    return scope["method"] in ("POST", "PUT", "PATCH", "DELETE") and b"json" in kind


def check_body(body: bytes) -> None:
    """InvalidInput unless `body` is UTF-8 whose JSON strings are all valid Unicode."""
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InvalidInput(f"body: not valid UTF-8 (at byte {exc.start})", field="body") from None
    if _SURROGATE_ESCAPE.search(body) is None:
        return
    try:
        data = json.loads(text)
    except ValueError:
        return  # not JSON: the route answers with its own 422
    except RecursionError:
        raise InvalidInput("body: JSON nested too deeply", field="body") from None
    check_unicode(data)


def check_unicode(value: Any, path: str = "") -> None:
    """InvalidInput naming the first string (or key) under `value` that is not valid Unicode."""
    stack: list[tuple[str, Any]] = [(path, value)]
    while stack:
        where, item = stack.pop()
        if isinstance(item, str):
            _encodable(item, where)
        elif isinstance(item, dict):
            for key, inner in item.items():
                _encodable(key, where)
                stack.append((f"{where}.{key}" if where else str(key), inner))
        elif isinstance(item, list):
            stack.extend((f"{where}[{n}]", inner) for n, inner in enumerate(item))


def _encodable(text: str, where: str) -> None:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        field = where.encode("utf-8", "replace").decode("utf-8") or "body"
        message = f"{field}: contains a lone surrogate (not valid Unicode)"
        raise InvalidInput(message, field=field) from None


async def read_body(receive: Receive) -> bytes:
    chunks: list[bytes] = []
    while True:
        message = await receive()
        chunks.append(message.get("body", b""))
        if not message.get("more_body", False):
            return b"".join(chunks)


def replay(body: bytes, original: Receive) -> Receive:
    """The (possibly rewritten) body once, then the real connection (its disconnect)."""
    sent = False

    async def receive() -> Message:
        nonlocal sent
        if sent:
            return await original()
        sent = True
        return {"type": "http.request", "body": body, "more_body": False}

    return receive
