"""`Client` and `AsyncClient`: the `Memory` methods over the HTTP API (httpx).

    from service import Client
    with Client("http://127.0.0.1:8000", api_key="...") as m:
        m.add("I moved to Berlin in 2023.", user_id="alice")
        m.facts(user_id="alice", as_of="2024").facts[0].value

Same method names, arguments and results as `service.Memory` (`service.clients.protocol.MemoryAPI`,
which a test checks both satisfy): each answer is read into the same typed model `Memory`
returns (`FactsOut`, `AddOut`, ...), so a renamed or missing field fails here, not in the
caller's code. For static typing, hold a client as a `MemoryAPI` (`m: MemoryAPI = Client(...)`).
An error answer raises the `graph.domain.errors` class whose `code` the service sent, so
`except NotFound` works against either; the HTTP status is on `.status`. When the service
cannot be reached at all: `StoreUnavailable` (code `service_unreachable` in `details`), which
is transient, as a store outage is.

Every verb is generated once from its declaration (`remote_verbs.RemoteVerbs`, from
`service/clients/verbs.py`), as the HTTP call it makes; the sync client sends it with
`httpx.Client`, the async one with `httpx.AsyncClient`.
"""

from __future__ import annotations

from collections.abc import Awaitable
from typing import TYPE_CHECKING, Any

import httpx

from service.clients.calls import Call, raise_for, unreachable
from service.clients.remote_verbs import RemoteVerbs

if TYPE_CHECKING:
    from service.clients.memory import Memory
    from service.clients.protocol import MemoryAPI

DEFAULT_TIMEOUT = 60.0


def _headers(api_key: str | None) -> dict[str, str]:
    return {"Authorization": f"Bearer {api_key}"} if api_key else {}


class Client(RemoteVerbs[Any]):
    """The `Memory` methods over HTTP, blocking. `base_url` is the service's root."""

    def __init__(
        self, base_url: str, api_key: str | None = None, *, timeout: float = DEFAULT_TIMEOUT
    ) -> None:
        self._http = httpx.Client(base_url=base_url, headers=_headers(api_key), timeout=timeout)

    def _send(self, call: Call) -> Any:
        return call.read(self._request(call))

    def _request(self, call: Call) -> httpx.Response:
        try:
            response = self._http.request(
                call.method, call.path, params=call.query(), json=call.body
            )
        except httpx.TransportError as exc:
            raise unreachable(exc) from exc
        raise_for(response)
        return response

    def close(self) -> None:
        self._http.close()

    def __enter__(self) -> Client:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()


class AsyncClient(RemoteVerbs[Awaitable[Any]]):
    """The `Memory` methods over HTTP, as coroutines (`await m.facts(user_id="alice")`).
    `transport` replaces the network (the MCP endpoint calls its own app in process)."""

    def __init__(
        self,
        base_url: str,
        api_key: str | None = None,
        *,
        timeout: float = DEFAULT_TIMEOUT,
        transport: httpx.AsyncBaseTransport | None = None,
    ) -> None:
        self._http = httpx.AsyncClient(
            base_url=base_url, headers=_headers(api_key), timeout=timeout, transport=transport
        )

    def _send(self, call: Call) -> Awaitable[Any]:
        return self._answer(call)

    async def _answer(self, call: Call) -> Any:
        return call.read(await self._request(call))

    async def _request(self, call: Call) -> httpx.Response:
        try:
            response = await self._http.request(
                call.method, call.path, params=call.query(), json=call.body
            )
        except httpx.TransportError as exc:
            raise unreachable(exc) from exc
        raise_for(response)
        return response

    async def close(self) -> None:
        await self._http.aclose()

    async def __aenter__(self) -> AsyncClient:
        return self

    async def __aexit__(self, *_: object) -> None:
        await self.close()


def _conforms(memory: Memory, client: Client) -> tuple[MemoryAPI, MemoryAPI]:
    """Checked by mypy: `Memory` and `Client` both satisfy `MemoryAPI` (a test checks the
    signatures at run time as well)."""
    return memory, client
