"""Where the MCP tools send their calls: a `MemoryAPI` in this process, a remote service, or
this service's own REST API (the HTTP endpoint mounted at `/mcp`).

The mounted endpoint calls the REST routes in process (an ASGI transport) with the caller's own
API key, so tenancy, API keys and source permissions are exactly those of REST: the same
middleware checks the same key for every tool call.
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping
from typing import Any, Protocol

import httpx
from starlette.types import ASGIApp

from service.clients.protocol import MemoryAPI
from service.clients.remote import AsyncClient


class Backend(Protocol):
    async def call(self, method: str, /, *args: Any, **kwargs: Any) -> Any:
        """Run `MemoryAPI.<method>(*args, **kwargs)` and return its answer."""
        ...


class Local:
    """A `MemoryAPI` in this process (`Memory` on the configured store, or a `Client`); its
    blocking calls run in a worker thread."""

    def __init__(self, memory: MemoryAPI) -> None:
        self.memory = memory

    async def call(self, method: str, /, *args: Any, **kwargs: Any) -> Any:
        return await asyncio.to_thread(getattr(self.memory, method), *args, **kwargs)


class Remote:
    """An `AsyncClient`: a running service (`palimpsest mcp --url`)."""

    def __init__(self, client: AsyncClient) -> None:
        self.client = client

    async def call(self, method: str, /, *args: Any, **kwargs: Any) -> Any:
        return await getattr(self.client, method)(*args, **kwargs)


def caller_key(headers: Mapping[str, str] | None) -> str | None:
    """The API key of an HTTP request (`X-API-Key`, or `Authorization: Bearer`)."""
    if not headers:
        return None
    lowered = {k.lower(): v for k, v in headers.items()}
    if lowered.get("x-api-key"):
        return lowered["x-api-key"]
    scheme, _, token = lowered.get("authorization", "").partition(" ")
    return token.strip() or None if scheme.lower() == "bearer" else None


IN_PROCESS = ("palimpsest.in-process", 0)
"""The client address of the MCP endpoint's calls into this service's own routes: a name no
network peer can have (`service.http.hosts.HostCheck` lets them pass; the `/mcp` request they
serve was checked on its way in)."""


async def through_rest(
    app: ASGIApp, headers: Mapping[str, str] | None, method: str, *args: Any, **kwargs: Any
) -> Any:
    """One `MemoryAPI` call through this service's REST routes, as the caller."""
    transport = httpx.ASGITransport(app=app, client=IN_PROCESS)
    async with AsyncClient(
        "http://palimpsest.internal", caller_key(headers), transport=transport
    ) as client:
        return await getattr(client, method)(*args, **kwargs)
