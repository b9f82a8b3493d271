"""Log hygiene: logs carry no content. What the service and its HTTP server log passes the
notary, the access log names routes, not paths, and no HTTP client library logs a URL.

`install_log_redaction(keep_query)` (called by `create_app`, so it holds under `palimpsest
serve`, a bare `uvicorn service...` or any other ASGI server that logs through the standard
logger names) adds two filters and quiets the HTTP clients:

* `RouteOnly` on `uvicorn.access`: the request line names the route's template
  (`/v1/entities/{name}/history`, set in `ROUTE` by `service.http.observe.RequestContext`
  when the answer starts), never the path (names and ids travel there) nor the query string
  (search queries, filters); `PALIMPSEST_LOG_QUERY_STRINGS=true` keeps path and query, masked;
* `Notarized` on every logger in `LOGGERS`: each string argument, the message and a formatted
  traceback are masked before any handler sees them (the record keeps its shape, so uvicorn's
  own formatters still work);
* `quiet_http_clients()`: httpx and httpcore log every request's full URL at INFO (the MCP
  endpoint's calls into the service's routes and `palimpsest mcp --url` carry search text and
  ids in their URLs); they log only warnings. `palimpsest serve` and `palimpsest mcp` call it
  too.

A logger filter does not see records propagated from child loggers, so `LOGGERS` names every
logger the service creates; a test checks that list against the code.
"""

from __future__ import annotations

import logging
from contextvars import ContextVar

from extractors.notary.core import notarize

ACCESS = "uvicorn.access"
LOGGERS = (
    ACCESS,
    "uvicorn.error",
    "palimpsest",
    "palimpsest.write",
    "palimpsest.worker",
    "palimpsest.graphql",
)
HTTP_CLIENTS = ("httpx", "httpcore")
_PATH_ARG = 2
"""uvicorn's access record args: (client, method, path with query, http version, status)."""
ROUTE: ContextVar[str | None] = ContextVar("route", default=None)
"""The template of the route answering the current request (None before one answers)."""
UNROUTED = "<unmatched>"


class RouteOnly(logging.Filter):
    """The access log's request line naming the route's template instead of the path."""

    def filter(self, record: logging.LogRecord) -> bool:
        args = record.args
        if isinstance(args, tuple) and len(args) > _PATH_ARG and isinstance(args[_PATH_ARG], str):
            route = ROUTE.get() or UNROUTED
            record.args = (*args[:_PATH_ARG], route, *args[_PATH_ARG + 1 :])
        return True


class Notarized(logging.Filter):
    """Every credential in a record masked: message, string arguments, traceback."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.msg, str):
            record.msg = notarize(record.msg).text
        if isinstance(record.args, tuple):
            record.args = tuple(_clean(a) for a in record.args)
        elif isinstance(record.args, dict):
            record.args = {k: _clean(v) for k, v in record.args.items()}
        if record.exc_info and not record.exc_text:
            record.exc_text = notarize(logging.Formatter().formatException(record.exc_info)).text
        return True


def _clean(value: object) -> object:
    return notarize(value).text if isinstance(value, str) else value


def install_log_redaction(keep_query: bool = False) -> None:
    """Add the filters (once; calling again changes nothing but the query-string choice)."""
    for name in LOGGERS:
        logger = logging.getLogger(name)
        for old in [f for f in logger.filters if isinstance(f, RouteOnly | Notarized)]:
            logger.removeFilter(old)
        if name == ACCESS and not keep_query:
            logger.addFilter(RouteOnly())
        logger.addFilter(Notarized())
    quiet_http_clients()


def quiet_http_clients() -> None:
    """httpx and httpcore log warnings only (at INFO they write every request's URL)."""
    for name in HTTP_CLIENTS:
        logger = logging.getLogger(name)
        if logger.level < logging.WARNING:  # NOTSET (inherit) included
            logger.setLevel(logging.WARNING)
