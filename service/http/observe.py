"""Request ids, the access measurements, and the log format.

`RequestContext` (outermost middleware) gives every HTTP request an id (the caller's
`X-Request-ID` when it is a short token, else a new one), answers it in `X-Request-ID`, keeps it
in a context variable for the request's log records, and measures the request for `/metrics`.
`configure_logging("json")` logs one JSON object per line (`palimpsest serve --log-format json`,
`PALIMPSEST_LOG_FORMAT`); "text" is the readable default. Both carry `request_id`.
"""

from __future__ import annotations

import json
import logging
import re
import time
import uuid
from contextvars import ContextVar
from datetime import UTC, datetime

from fastapi import FastAPI
from starlette.responses import Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from graph.ports.store import Store
from service.http.logs import ROUTE, quiet_http_clients
from service.http.metrics import (
    CONTENT_TYPE,
    OPERATION,
    Metrics,
    StateCollector,
    route_label,
)
from service.runtime.warmup import Warmup
from service.runtime.worker import Worker

REQUEST_ID: ContextVar[str] = ContextVar("request_id", default="-")
_TOKEN = re.compile(r"^[A-Za-z0-9._-]{1,64}$")
TEXT_FORMAT = "%(asctime)s %(levelname)s %(name)s [%(request_id)s] %(message)s"


class RequestContext:
    """ASGI middleware: request id in, request id out, one measurement per request."""

    def __init__(self, app: ASGIApp, metrics: Metrics) -> None:
        self.app = app
        self.metrics = metrics

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        given = dict(scope.get("headers", [])).get(b"x-request-id", b"").decode("latin-1")
        request_id = given if _TOKEN.match(given) else uuid.uuid4().hex
        token = REQUEST_ID.set(request_id)
        status = 500
        started = time.perf_counter()

        async def tagged(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                ROUTE.set(_route(scope))  # what the access log's line names
                status = int(message["status"])
                headers = list(message.get("headers", []))
                headers.append((b"x-request-id", request_id.encode("latin-1")))
                message = {**message, "headers": headers}
            await send(message)

        try:
            await self.app(scope, receive, tagged)
        finally:
            seconds = time.perf_counter() - started
            self.metrics.observe(scope["method"], _route(scope), status, seconds)
            REQUEST_ID.reset(token)


def _route(scope: Scope) -> str:
    template = getattr(scope.get("route"), "path", None)
    return route_label(template, scope.get(OPERATION), scope["path"])


class RequestIdFilter(logging.Filter):
    """Puts the current request's id on every record (`-` outside a request)."""

    def filter(self, record: logging.LogRecord) -> bool:
        record.request_id = REQUEST_ID.get()
        return True


class JsonFormatter(logging.Formatter):
    """One JSON object per record: time, level, logger, message, request_id, exception."""

    def format(self, record: logging.LogRecord) -> str:
        entry = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
            "request_id": getattr(record, "request_id", REQUEST_ID.get()),
        }
        if record.exc_info:
            entry["exception"] = record.exc_text or self.formatException(record.exc_info)
        return json.dumps(entry, ensure_ascii=False)


def log_handler(log_format: str) -> logging.Handler:
    handler = logging.StreamHandler()
    handler.addFilter(RequestIdFilter())
    formatter = JsonFormatter() if log_format == "json" else logging.Formatter(TEXT_FORMAT)
    handler.setFormatter(formatter)
    return handler


QUIET = ("faiss.loader",)
"""Libraries whose INFO lines read like errors at start-up (faiss tries its AVX512 and AVX2
builds first and logs each "Could not load library"): only their warnings are shown."""


def configure_logging(log_format: str, level: int = logging.INFO) -> None:
    """The root logger writes to stderr in `log_format` ("text" or "json"); uvicorn's loggers
    propagate to it (serve starts uvicorn with `log_config=None`)."""
    for name in QUIET:
        logging.getLogger(name).setLevel(max(level, logging.WARNING))
    root = logging.getLogger()
    for old in [h for h in root.handlers if any(isinstance(f, RequestIdFilter) for f in h.filters)]:
        root.removeHandler(old)
    root.addHandler(log_handler(log_format))
    root.setLevel(level)
    quiet_http_clients()


def install_observability(
    app: FastAPI, store: Store, worker: Worker | None, warmup: Warmup | None
) -> None:
    """Request ids and measurements on every request (outermost middleware), and `/metrics`."""
    state = StateCollector(
        store,
        failures=lambda: worker.failures if worker is not None else None,
        models_ready=lambda: warmup is None or warmup.ready,
    )
    metrics = Metrics(state)
    app.add_middleware(RequestContext, metrics=metrics)

    @app.get("/metrics", tags=["health"], response_class=Response)
    def prometheus() -> Response:
        """Prometheus text format: requests and latencies by route template, the operation
        queue by status, worker failures, whether models are loaded."""
        return Response(metrics.render(), media_type=CONTENT_TYPE)
