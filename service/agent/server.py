"""The MCP server over stdio (`palimpsest mcp`) and mounted on the service (`/mcp`).

    palimpsest mcp                           # on the configured store, in this process
    palimpsest mcp --url http://host:8000    # in front of a running service (PALIMPSEST_API_KEY)

The mounted endpoint speaks streamable HTTP (stateless, JSON answers) and sends each tool call
through the service's own REST routes with the caller's API key (`backends.through_rest`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from mcp.server.mcpserver import Context, MCPServer
from mcp.server.transport_security import TransportSecuritySettings
from starlette.routing import BaseRoute
from starlette.types import ASGIApp

from service.agent.backends import Backend, Local, Remote, through_rest
from service.agent.tools import build_server
from service.clients.protocol import MemoryAPI
from service.clients.remote import AsyncClient


def stdio_server(memory: MemoryAPI, default_user: str | None = None) -> MCPServer:
    """Tools on a `MemoryAPI` in this process (`Memory` on the store)."""
    backend = Local(memory)
    return build_server(lambda _ctx: backend, default_user=default_user)


def remote_server(url: str, api_key: str | None, default_user: str | None = None) -> MCPServer:
    """Tools in front of a running service."""
    backend = Remote(AsyncClient(url, api_key))
    return build_server(lambda _ctx: backend, default_user=default_user)


class _AsCaller:
    """The service's REST routes, called with one request's API key."""

    def __init__(self, app: ASGIApp, headers: Mapping[str, str] | None) -> None:
        self.app = app
        self.headers = headers

    async def call(self, method: str, /, *args: Any, **kwargs: Any) -> Any:
        return await through_rest(self.app, self.headers, method, *args, **kwargs)


def mounted_server(app: ASGIApp) -> MCPServer:
    """Tools for the `/mcp` endpoint of `app`."""

    def resolve(ctx: Context) -> Backend:
        return _AsCaller(app, ctx.headers)

    return build_server(resolve)


def http_routes(server: MCPServer, host: str) -> list[BaseRoute]:
    """The `/mcp` route (stateless streamable HTTP with JSON answers); the app's lifespan must
    run `server.session_manager.run()`. Its Host and Origin are checked by the app's own rule,
    as every other route's (`service.http.hosts`), not by the SDK's second list."""
    unchecked = TransportSecuritySettings(enable_dns_rebinding_protection=False)
    sub = server.streamable_http_app(
        streamable_http_path="/mcp",
        stateless_http=True,
        json_response=True,
        host=host,
        transport_security=unchecked,
    )
    return list(sub.routes)
