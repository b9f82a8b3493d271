"""The ASGI application: REST endpoints over the use cases, one error shape for everything."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from graph.domain.errors import PalimpsestError, PayloadTooLarge, StoreUnavailable
from service.bootstrap import Container
from service.errors import body_for, error_body, headers_for, status_for
from service.http.auth import KeyCheck, parse_keys
from service.http.edge import CleanBody
from service.http.hosts import HostCheck, PageHeaders, allowed_hosts
from service.http.logs import install_log_redaction
from service.http.observe import install_observability
from service.http.openapi import install_openapi
from service.runtime.warmup import Warmup
from service.runtime.worker import Worker
from service.ui import install_ui
from service.version import __version__

log = logging.getLogger("palimpsest")

HTTP_CODES = {
    400: "invalid_input",
    404: "not_found",
    405: "method_not_allowed",
    413: "payload_too_large",
}


def create_app(
    container: Container, worker: Worker | None = None, warmup: Warmup | None = None
) -> FastAPI:
    """The app over `container`; `worker` is this process's background worker, if any (its
    health is part of `/healthz` and `/readyz`); `warmup` the models' loading (`/readyz`)."""
    app = FastAPI(
        lifespan=_lifespan,
        title="Palimpsest memory",
        version=__version__,
        description="Bitemporal graph memory for AI agents: facts are never overwritten; "
        "ask what is true now, what was true as of a date, and what was believed when.",
    )
    app.state.container = container
    install_log_redaction(container.settings.log_query_strings)
    install_error_handlers(app)
    app.add_middleware(CleanBody)
    if container.settings.api_keys is not None:
        keys = parse_keys(container.settings.api_keys.get_secret_value())
        app.add_middleware(KeyCheck, keys=keys)
    app.add_middleware(BodyLimit, limit=container.settings.max_body_bytes)
    app.add_middleware(Unexpected)
    app.add_middleware(PageHeaders)
    hosts = allowed_hosts(container.settings.host, container.settings.allowed_hosts)
    app.add_middleware(HostCheck, hosts=hosts)
    install_observability(app, container.store, worker, warmup)

    from service.graphql.router import graphql_router
    from service.http.routes import (
        candidates,
        conflicts,
        episodes,
        memories,
        read,
        relations,
        tenancy,
    )

    app.include_router(memories.router)
    app.include_router(conflicts.router)
    app.include_router(candidates.router)
    app.include_router(tenancy.router)
    app.include_router(read.router)
    app.include_router(relations.router)
    app.include_router(episodes.router)
    app.include_router(graphql_router(container), prefix="/graphql")

    install_health(app, container, worker, warmup)
    install_mcp(app, container)
    install_ui(app)
    install_openapi(app, keys_on=container.settings.api_keys is not None)
    return app


def install_mcp(app: FastAPI, container: Container) -> None:
    """The streamable HTTP MCP endpoint at `/mcp` (docs/mcp.md)."""
    from service.agent.server import http_routes, mounted_server

    server = mounted_server(app)
    app.router.routes.extend(http_routes(server, container.settings.host))
    app.state.mcp = server


@asynccontextmanager
async def _lifespan(app: FastAPI) -> AsyncIterator[None]:
    async with app.state.mcp.session_manager.run():
        yield


def install_health(
    app: FastAPI, container: Container, worker: Worker | None, warmup: Warmup | None = None
) -> None:
    def state() -> dict[str, Any]:
        body: dict[str, Any] = {
            "backend": container.store.capabilities.name,
            "version": __version__,
        }
        if worker is not None:
            body["worker"] = worker.health()
        if warmup is not None:
            body["models"] = warmup.state
        return body

    def answer(ok: str) -> JSONResponse:
        body = state()
        if worker is not None and not worker.ready:
            details = {**body, "status": "worker_down"}
            message = "the background worker is dead or stuck; asynchronous writes wait"
            return JSONResponse(error_body("not_ready", message, details), status_code=503)
        container.store.ping()
        return JSONResponse({"status": ok, **body})

    @app.get("/healthz", tags=["health"])
    def healthz() -> JSONResponse:
        """Liveness: `{"status": "ok", "backend", "version", "worker"?}`; 503 when the store
        cannot be reached or this process's worker is dead or stuck."""
        return answer("ok")

    @app.get("/readyz", tags=["health"])
    def readyz() -> JSONResponse:
        """Readiness: `{"status": "ready", "backend", "version", "worker"?, "models"?}` once
        the models are loaded, the store answers and the worker (if this process runs one) is
        turning; 503 otherwise (`status` "warming", "models_failed" or "worker_down")."""
        if warmup is not None and not warmup.ready:
            waiting = "warming" if warmup.state == "warming" else "models_failed"
            message = f"models are not ready: {warmup.state}"
            details = {**state(), "status": waiting}
            return JSONResponse(error_body("not_ready", message, details), status_code=503)
        return answer("ready")


def install_error_handlers(app: FastAPI) -> None:
    @app.exception_handler(PalimpsestError)
    async def domain_error(_: Request, exc: PalimpsestError) -> JSONResponse:
        if isinstance(exc, StoreUnavailable):
            log.warning("store unavailable: %s", exc.message)
        return JSONResponse(body_for(exc), status_code=status_for(exc), headers=headers_for(exc))

    @app.exception_handler(RequestValidationError)
    async def invalid_request(_: Request, exc: RequestValidationError) -> JSONResponse:
        problems = [_problem(item) for item in exc.errors()]
        first = problems[0] if problems else {"field": "body", "message": "invalid request"}
        body = error_body(
            "invalid_input",
            f"{first['field']}: {first['message']}",
            {"field": first["field"], "errors": problems},
        )
        return JSONResponse(body, status_code=422)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(_: Request, exc: StarletteHTTPException) -> JSONResponse:
        if isinstance(exc.__cause__, PalimpsestError):  # e.g. a chunked body over the limit
            return JSONResponse(body_for(exc.__cause__), status_code=status_for(exc.__cause__))
        code = HTTP_CODES.get(exc.status_code, "http_error")
        return JSONResponse(error_body(code, str(exc.detail)), status_code=exc.status_code)


class Unexpected:
    """The outermost layer: anything that escaped every handler becomes one 500 in the error
    shape, and is NOT re-raised. (Starlette's handler for `Exception` re-raises after sending
    its 500, so uvicorn dropped the keep-alive connection and broke the client's next request.)"""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = False

        async def tracked(message: Message) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, receive, tracked)
        except Exception as exc:  # the one place a bug is turned into an answer
            log.exception("unexpected error", exc_info=exc)
            if started:
                return  # half an answer was sent: nothing more can be said on it
            if isinstance(exc, PalimpsestError):
                body, status = body_for(exc), status_for(exc)
            else:
                body, status = error_body("internal", "internal error; this is a bug"), 500
            await JSONResponse(body, status_code=status)(scope, receive, send)


def _problem(item: Any) -> dict[str, str]:
    """One validation problem without echoing the input (it may hold a secret)."""
    loc = [str(part) for part in item.get("loc", ()) if part not in ("body", "query", "path")]
    return {"field": ".".join(loc) or "body", "message": str(item.get("msg", "invalid"))}


class BodyLimit:
    """Reject request bodies over the configured size with 413, before parsing them."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope.get("headers", [])).get(b"content-length")
        if declared is not None and declared.isdigit() and int(declared) > self.limit:
            await self._reject(send)
            return
        seen = 0

        async def limited() -> Message:
            nonlocal seen
            message = await receive()
            seen += len(message.get("body", b""))
            if seen > self.limit:
                raise PayloadTooLarge(f"request body over {self.limit} bytes", field="body")
            return message

        await self.app(scope, limited, send)

    async def _reject(self, send: Send) -> None:
        error = PayloadTooLarge(f"request body over {self.limit} bytes", field="body")
        response = JSONResponse(body_for(error), status_code=413)
        await response({"type": "http"}, _no_receive, send)


async def _no_receive() -> Message:
    return {"type": "http.disconnect"}
