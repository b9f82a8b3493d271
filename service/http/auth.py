"""Optional API keys: each key grants one tenant (a user) and, optionally, source principals.

With `PALIMPSEST_API_KEYS` unset the service is open (a trusted network). With it set (JSON:
`{"<key>": {"user_id": "alice", "principals": ["team-a"]}}` or `{"<key>": "alice"}`), every
`/v1`, `/graphql` and `/mcp` request must carry `Authorization: Bearer <key>` or `X-API-Key: <key>`:

* no or an unknown key -> 401 `unauthorized` (`KeyCheck`, the one middleware of this module);
* the key's user and principals are put on the request (`request.state.tenant_user`,
  `.principals`), and every route declares the tenant it acts for in its signature
  (`service.http.routes.deps`: `QueryUser`, `PathUser`, `in_scope(...)`), as every GraphQL
  resolver does (`service.graphql.context.user`) and every MCP tool through the route it calls;
* all of them apply `graph.domain.tenancy.acting_user`, the one rule: a request naming another
  user (query or JSON `user_id`, path `/v1/users/{id}`, batch items' `user_id`) -> 403
  `forbidden`; naming no user (or `"user_id": null`) acts for the key's user, never for an
  `agent_id`/`run_id` tenant.

Records read from a source whose episode lists permissions are shown only to callers holding
one of them (the principals). Keys are compared by SHA-256 digest, in constant time; they never
appear in logs or errors.
"""

from __future__ import annotations

import hashlib
import hmac
import json
from dataclasses import dataclass
from typing import Any

from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Receive, Scope, Send

from graph.domain.errors import InvalidInput, PalimpsestError, Unauthorized
from service.errors import body_for, status_for

GUARDED = ("/v1", "/graphql", "/mcp")


@dataclass(frozen=True)
class Grant:
    user_id: str
    principals: tuple[str, ...] = ()


def parse_keys(raw: str) -> dict[str, Grant]:
    """Key digest -> grant, from the settings' JSON text."""
    try:
        data = json.loads(raw)
    except json.JSONDecodeError as exc:
        message = f"PALIMPSEST_API_KEYS is not JSON: {exc.msg}"
        raise InvalidInput(message, field="api_keys") from None
    if not isinstance(data, dict) or not data:
        raise InvalidInput("PALIMPSEST_API_KEYS must map keys to users", field="api_keys")
    return {
        _digest(key): _grant(value, number) for number, (key, value) in enumerate(data.items(), 1)
    }


def _grant(value: Any, number: int) -> Grant:
    """The grant of the `number`th key (named by its place, never by the key itself)."""
    if isinstance(value, str) and value.strip():
        return Grant(value)
    if isinstance(value, dict) and set(value) <= {"user_id", "principals"}:
        user, principals = value.get("user_id"), value.get("principals", [])
        if not isinstance(user, str) or not user.strip():
            raise InvalidInput(
                f"PALIMPSEST_API_KEYS, key {number}: user_id must be a non-empty string",
                field="api_keys",
            )
        if not isinstance(principals, list) or not all(
            isinstance(p, str) and p.strip() for p in principals
        ):
            raise InvalidInput(
                f"PALIMPSEST_API_KEYS, key {number} (user {user!r}): principals must be a list"
                ' of non-empty strings, e.g. ["team-a"]',
                field="api_keys",
            )
        return Grant(user, tuple(principals))
    raise InvalidInput(
        f"PALIMPSEST_API_KEYS, key {number}: maps to a user id or"
        ' {"user_id": ..., "principals": [...]}',
        field="api_keys",
    )


def _digest(key: str) -> str:
    return hashlib.sha256(key.encode("utf-8")).hexdigest()


class KeyCheck:
    """ASGI middleware: a guarded request carries a known key, whose grant it then holds."""

    def __init__(self, app: ASGIApp, keys: dict[str, Grant]) -> None:
        self.app = app
        self.keys = keys

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or not scope["path"].startswith(GUARDED):
            await self.app(scope, receive, send)
            return
        try:
            grant = self._grant(scope)
        except PalimpsestError as exc:
            await JSONResponse(body_for(exc), status_code=status_for(exc))(scope, receive, send)
            return
        state = scope.setdefault("state", {})
        state["principals"], state["tenant_user"] = grant.principals, grant.user_id
        await self.app(scope, receive, send)

    def _grant(self, scope: Scope) -> Grant:
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
        key = headers.get("x-api-key") or _bearer(headers.get("authorization", ""))
        if not key:
            raise Unauthorized("an API key is required (Authorization: Bearer <key>)")
        digest = _digest(key)
        for known, grant in self.keys.items():
            if hmac.compare_digest(known, digest):
                return grant
        raise Unauthorized("unknown API key")


def _bearer(value: str) -> str:
    scheme, _, token = value.partition(" ")
    return token.strip() if scheme.lower() == "bearer" else ""
