"""GraphQL errors in the vocabulary of REST: the same codes, from the same table.

Every error in a GraphQL answer carries `extensions: {"code", "status", "details"?}`: `code` is
the REST error code of the same failure (`service.errors`), `status` the HTTP status REST would
answer with, `details` the error's details (the offending field, for input errors). A document
that does not parse or validate (an unknown argument, a wrong type) is `invalid_input`; an
unexpected exception is `internal` with no trace, and is logged.
"""

from __future__ import annotations

import logging
from typing import Any

from graphql import GraphQLError

from graph.domain.errors import PalimpsestError
from service.errors import body_for, error_body, status_for

log = logging.getLogger("palimpsest.graphql")

INVALID_DOCUMENT_STATUS = 422


def rest_body(error: GraphQLError) -> tuple[dict[str, Any], int]:
    """The REST error body and status of one GraphQL error."""
    original = error.original_error
    if isinstance(original, PalimpsestError):
        return body_for(original)["error"], status_for(original)
    if original is None or isinstance(original, GraphQLError):  # e.g. a variable's wrong type
        return error_body("invalid_input", error.message)["error"], INVALID_DOCUMENT_STATUS
    return error_body("internal", "internal error; this is a bug")["error"], 500


def formatted(error: GraphQLError) -> dict[str, Any]:
    """One entry of a GraphQL answer's `errors`."""
    body, status = rest_body(error)
    extensions: dict[str, Any] = {"code": body["code"], "status": status}
    if body.get("details"):
        extensions["details"] = body["details"]
    out: dict[str, Any] = {"message": body["message"], "extensions": extensions}
    if error.locations:
        out["locations"] = [{"line": loc.line, "column": loc.column} for loc in error.locations]
    if error.path:
        out["path"] = list(error.path)
    return out


def log_unexpected(errors: list[GraphQLError]) -> None:
    """Log errors that are bugs (not the caller's doing), with their trace."""
    for error in errors:
        original = error.original_error
        if original is not None and not isinstance(original, PalimpsestError | GraphQLError):
            log.error("unexpected error in a GraphQL resolver", exc_info=original)
