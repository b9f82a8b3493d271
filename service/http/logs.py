"""Log hygiene: what the service and its HTTP server log passes the notary, and the access log
carries no query strings unless asked to.

`install_log_redaction(keep_query)` (called by `create_app`, so it holds under `palimpsest
serve`, a bare `uvicorn service...` or any other ASGI server that logs through the standard
logger names) adds two filters:

* `NoQueryString` on `uvicorn.access`: the request line keeps its path and drops everything
  from `?` (search queries, ids and filters travel there); `PALIMPSEST_LOG_QUERY_STRINGS=true`
  keeps them, masked;
* `Notarized` on every logger in `LOGGERS`: each string argument, the message and a formatted
  traceback are masked before any handler sees them (the record keeps its shape, so uvicorn's
  own formatters still work).

A logger filter does not see records propagated from child loggers, so `LOGGERS` names every
logger the service creates; a test checks that list against the code.
"""

from __future__ import annotations

import logging

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
_PATH_ARG = 2
"""uvicorn's access record args: (client, method, path with query, http version, status)."""


class NoQueryString(logging.Filter):
    """The access log's request line without its query string."""

    def filter(self, record: logging.LogRecord) -> bool:
        args = record.args
        if isinstance(args, tuple) and len(args) > _PATH_ARG:
            full = args[_PATH_ARG]
            if isinstance(full, str):
                path = full.split("?", 1)[0]
                record.args = (*args[:_PATH_ARG], path, *args[_PATH_ARG + 1 :])
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
        for old in [f for f in logger.filters if isinstance(f, NoQueryString | Notarized)]:
            logger.removeFilter(old)
        if name == ACCESS and not keep_query:
            logger.addFilter(NoQueryString())
        logger.addFilter(Notarized())
