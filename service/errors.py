"""One table from error class to HTTP status, and one JSON error shape, for REST and GraphQL.

    {"error": {"code": "<stable code>", "message": "<what to fix>", "details": {...}}}

Use cases raise `graph.domain.errors` classes and never HTTP errors; this table decides the
status. A 500 means a bug: its body never carries a stack trace.
"""

from __future__ import annotations

from typing import Any

from graph.domain import errors

STATUS: dict[type[errors.PalimpsestError], int] = {
    errors.InvalidInput: 422,
    errors.InvalidTime: 422,
    errors.PayloadTooLarge: 413,
    errors.Unauthorized: 401,
    errors.Forbidden: 403,
    errors.MisdirectedRequest: 421,
    errors.NotFound: 404,
    errors.ConflictError: 409,
    errors.DuplicateRecord: 409,
    errors.LedgerHeadMoved: 409,
    errors.LeaseLost: 409,
    errors.ImmutableRecord: 409,
    errors.StoreUnavailable: 503,
    errors.StoreTooNew: 503,
    errors.ExtractorError: 502,
    errors.StoreError: 500,
    errors.PalimpsestError: 500,
}


def status_for(error: errors.PalimpsestError) -> int:
    for cls in type(error).__mro__:
        if cls in STATUS:
            return STATUS[cls]
    return 500


def error_body(code: str, message: str, details: dict[str, Any] | None = None) -> dict[str, Any]:
    body: dict[str, Any] = {"code": code, "message": message}
    if details:
        body["details"] = details
    return {"error": body}


STORE_UNAVAILABLE_MESSAGE = "the store is unavailable; nothing was lost, retry later"
"""What callers are told of an outage: never the driver's text (it names internal addresses)."""
RETRY_AFTER_SECONDS = 2


def body_for(error: errors.PalimpsestError) -> dict[str, Any]:
    if isinstance(error, errors.StoreUnavailable):
        return error_body(error.code, STORE_UNAVAILABLE_MESSAGE)
    return error_body(error.code, error.message, error.details)


def headers_for(error: errors.PalimpsestError) -> dict[str, str]:
    """`Retry-After` on answers that say "try again later" (503)."""
    if status_for(error) == 503:
        return {"Retry-After": str(RETRY_AFTER_SECONDS)}
    return {}
