"""Who may address this service, and how its page may be embedded (docs/operations.md, "The
trust model").

* `HostCheck`: every request (REST, GraphQL, `/ui`, `/mcp`, health) must name, in its `Host`
  header, a host the service answers for, else 421 `misdirected_request`; a request carrying an
  `Origin` (a browser's page) must come from such a host too, else 403 `forbidden`. That is
  what stops DNS rebinding: a page of another site that rebinds its own name to 127.0.0.1 still
  sends its own name as `Host`. The hosts (`allowed_hosts`) come from `PALIMPSEST_ALLOWED_HOSTS`,
  or else from the bind address: loopback names for a loopback bind, the address itself for
  one address, any host for a wildcard bind (0.0.0.0, ::), where names cannot be known and the
  service warns unless API keys are on. The ports are not compared (a proxy may change them).
* `PageHeaders`: the page and its files carry a Content-Security-Policy without inline script
  (`script-src 'self'`), `frame-ancestors 'none'` (and `X-Frame-Options: DENY`), `nosniff`
  and `Referrer-Policy: no-referrer`.

Calls the MCP endpoint makes into this service's own routes (`service.agent.backends`) come
from `IN_PROCESS`, a client address no network peer can have, and pass.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Iterable
from urllib.parse import urlsplit

from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from graph.domain.errors import Forbidden, MisdirectedRequest, PalimpsestError
from service.agent.backends import IN_PROCESS
from service.errors import body_for, status_for

LOOPBACK_NAMES = ("127.0.0.1", "localhost", "::1")
WILDCARD_BINDS = ("0.0.0.0", "::", "")
CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"
)
PAGE_HEADERS = (
    (b"content-security-policy", CSP.encode("ascii")),
    (b"x-frame-options", b"DENY"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
)


def allowed_hosts(bind: str, configured: Iterable[str] | None) -> frozenset[str] | None:
    """The host names requests may carry (lower case); None: any (a wildcard bind with none
    configured)."""
    if configured:
        return frozenset(name.strip().lower().strip("[]") for name in configured if name.strip())
    if bind in LOOPBACK_NAMES or _is_loopback(bind):
        return frozenset(LOOPBACK_NAMES)
    if bind in WILDCARD_BINDS:
        return None
    return frozenset({bind.lower().strip("[]")})


def _is_loopback(bind: str) -> bool:
    try:
        return ipaddress.ip_address(bind.strip("[]")).is_loopback
    except ValueError:
        return False


def host_name(netloc: str) -> str:
    """`example.com` of `example.com:8000`, `::1` of `[::1]:8000`, lower case."""
    try:
        return (urlsplit(f"//{netloc}").hostname or "").lower()
    except ValueError:
        return ""


class HostCheck:
    """ASGI middleware: 421 for a `Host` the service does not answer for, 403 for an `Origin`
    of another host (see the module's doc)."""

    def __init__(self, app: ASGIApp, hosts: frozenset[str] | None) -> None:
        self.app = app
        self.hosts = hosts

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or self.hosts is None or scope.get("client") == IN_PROCESS:
            await self.app(scope, receive, send)
            return
        try:
            self._check(scope)
        except PalimpsestError as exc:
            await JSONResponse(body_for(exc), status_code=status_for(exc))(scope, receive, send)
            return
        await self.app(scope, receive, send)

    def _check(self, scope: Scope) -> None:
        headers = dict(scope["headers"])
        host = host_name(headers.get(b"host", b"").decode("latin-1"))
        if host not in (self.hosts or ()):
            raise MisdirectedRequest("this service does not answer for that Host")
        origin = headers.get(b"origin")
        if origin is not None and _origin_host(origin.decode("latin-1")) not in (self.hosts or ()):
            raise Forbidden("a request from a page of another site is refused")


def _origin_host(origin: str) -> str:
    try:
        parts = urlsplit(origin)
    except ValueError:
        return ""
    return (parts.hostname or "").lower() if parts.scheme in ("http", "https") else ""


class PageHeaders:
    """ASGI middleware: the page's security headers on every answer under `/ui`."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or not scope["path"].startswith("/ui"):
            await self.app(scope, receive, send)
            return

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), *PAGE_HEADERS]
            await send(message)

        await self.app(scope, receive, with_headers)
