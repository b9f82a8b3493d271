"""The OpenAPI document tells the truth about errors and keys.

Every `/v1`, `/graphql` and `/mcp` operation declares the one error body (`Error`) for each
status it can answer (the table below, by method and path), the API-key security scheme
(`X-API-Key` or `Authorization: Bearer`; optional while `PALIMPSEST_API_KEYS` is unset), and
FastAPI's own 422 schema is replaced by ours, which is what the service really sends.
"""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI
from fastapi.openapi.utils import get_openapi

from service.http.auth import GUARDED

ERROR_REF = {"$ref": "#/components/schemas/Error"}
ERROR_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["error"],
    "properties": {
        "error": {
            "type": "object",
            "required": ["code", "message"],
            "properties": {
                "code": {"type": "string", "examples": ["invalid_input"]},
                "message": {"type": "string", "examples": ["as_of: not a date"]},
                "details": {"type": "object", "examples": [{"field": "as_of"}]},
            },
        }
    },
    "examples": [{"error": {"code": "not_found", "message": "no fact 6f1c...", "details": {}}}],
}
MEANING = {
    401: "no or an unknown API key (when keys are on)",
    403: "the key does not grant this tenant",
    404: "no such record or entity in this tenant",
    409: "the request collides with the store's state (duplicate, immutable, ledger race)",
    413: "request body over the configured limit",
    422: "invalid input; details.field names it",
    503: "the store cannot be reached now; retry (nothing was lost)",
}
SECURITY_SCHEMES = {
    "ApiKey": {"type": "apiKey", "in": "header", "name": "X-API-Key"},
    "Bearer": {"type": "http", "scheme": "bearer"},
}
_LOOKUPS = ("/v1/paths", "/v1/entities/")
_WRITES = ("/v1/memories", "/v1/conflicts", "/v1/facts/", "/v1/candidates/", "/v1/reprocess")


def statuses(path: str, method: str) -> list[int]:
    """The error statuses an operation can answer."""
    found = [401, 403, 422, 503]
    if "{" in path or path.startswith(_LOOKUPS):
        found.append(404)
    if method == "post":
        found.append(413)
        if path.startswith(_WRITES):
            found.append(409)
    return sorted(found)


def _error_response(status: int) -> dict[str, Any]:
    return {"description": MEANING[status], "content": {"application/json": {"schema": ERROR_REF}}}


def _document(schema: dict[str, Any], keys_on: bool) -> dict[str, Any]:
    components = schema.setdefault("components", {})
    components.setdefault("schemas", {})["Error"] = ERROR_SCHEMA
    components["securitySchemes"] = SECURITY_SCHEMES
    security: list[dict[str, list[str]]] = [{"ApiKey": []}, {"Bearer": []}]
    for path, operations in schema.get("paths", {}).items():
        for method, operation in operations.items():
            responses = operation.setdefault("responses", {})
            if path.startswith(("/healthz", "/readyz")):
                responses["503"] = {**_error_response(503), "description": "not ready or down"}
            if not path.startswith(GUARDED):
                continue
            operation["security"] = security if keys_on else [*security, {}]
            for status in statuses(path, method):
                responses[str(status)] = _error_response(status)
    components["schemas"].pop("HTTPValidationError", None)
    components["schemas"].pop("ValidationError", None)
    return schema


def install_openapi(app: FastAPI, keys_on: bool) -> None:
    """Replace `app.openapi` with the documented one (built once, on first request)."""

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is None:
            schema = get_openapi(
                title=app.title,
                version=app.version,
                description=app.description,
                routes=app.routes,
            )
            app.openapi_schema = _document(schema, keys_on)
        return app.openapi_schema

    app.openapi = openapi  # type: ignore[method-assign]
