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

Every method is written once (`_Methods`), as the HTTP call it makes; the sync client sends it
with `httpx.Client`, the async one with `httpx.AsyncClient`.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic, Literal, TypeVar
from urllib.parse import quote

import httpx
from pydantic import BaseModel, ValidationError

from graph.domain.errors import ALL_ERRORS, PalimpsestError, StoreUnavailable
from service.conflicts.answers import (
    AuditOut,
    HistoryOut,
    ResolutionOut,
    ReviewOut,
    RollbackOut,
    WrittenOut,
)
from service.read.answers import FactsOut, GraphOut, LedgerOut, PathsOut, SearchOut
from service.tenancy.usecases import ErasureOut, ExportLine
from service.views import (
    AddOut,
    BatchOut,
    CandidateOut,
    CandidatesOut,
    FactOut,
    OperationOut,
    PendingOut,
    ResultsOut,
)

if TYPE_CHECKING:
    from service.clients.memory import Memory
    from service.clients.protocol import MemoryAPI

R = TypeVar("R")
_BY_CODE = {cls.code: cls for cls in ALL_ERRORS}
DEFAULT_TIMEOUT = 60.0


@dataclass(frozen=True)
class Call:
    """One HTTP request of the API."""

    method: str
    path: str
    params: dict[str, Any] = field(default_factory=dict)
    body: dict[str, Any] | None = None
    answer: type[BaseModel] | None = None
    """The model of the answer (None: plain JSON)."""

    def query(self) -> dict[str, Any]:
        """Query parameters without the unset ones (None means "not given", as in Memory)."""
        return {k: _wire(v) for k, v in self.params.items() if v is not None}

    def read(self, response: httpx.Response) -> Any:
        """The answer as its model; a body that does not fit it is the service's fault."""
        data = response.json()
        if self.answer is None:
            return data
        try:
            return self.answer.model_validate(data)
        except ValidationError as exc:
            raise PalimpsestError(
                f"the service answered {self.method} {self.path} in an unknown shape: "
                f"{exc.errors()[0]['msg']}"
            ) from exc


def _wire(value: Any) -> Any:
    if isinstance(value, list | tuple):
        return [_wire(v) for v in value]
    if isinstance(value, bool):
        return "true" if value else "false"
    return value.isoformat() if hasattr(value, "isoformat") else value


def _scope(**values: Any) -> dict[str, Any]:
    return {k: v for k, v in values.items() if v is not None}


def _segment(value: str) -> str:
    return quote(value, safe="")


def raise_for(response: httpx.Response) -> None:
    """The domain error the service answered with (its class found by `code`)."""
    if response.status_code < 400:
        return
    try:
        error = response.json()["error"]
        code, message = str(error["code"]), str(error["message"])
        details = error.get("details") or {}
    except (ValueError, KeyError, TypeError):
        code, message, details = "internal", f"HTTP {response.status_code}", {}
    cls = _BY_CODE.get(code, PalimpsestError)
    exc = cls(message, details=details)
    exc.status = response.status_code  # type: ignore[attr-defined]
    raise exc


def unreachable(exc: httpx.TransportError) -> StoreUnavailable:
    return StoreUnavailable(
        f"the service cannot be reached: {type(exc).__name__}",
        details={"code": "service_unreachable"},
    )


class _Methods(Generic[R]):
    """Each `Memory` method as the call it makes; `_send` returns the answer (or awaits it)."""

    def _send(self, call: Call) -> R:
        raise NotImplementedError

    def add(self, messages: Any, *, mode: str = "sync", **options: Any) -> R:
        body = {"messages": messages, **_json_ready(options)}
        answer = PendingOut if mode == "async" else AddOut
        return self._send(Call("POST", "/v1/memories", {"mode": mode}, body, answer))

    def add_batch(self, items: list[dict[str, Any]]) -> R:
        body = {"items": _json_ready(items)}
        return self._send(Call("POST", "/v1/memories/batch", body=body, answer=BatchOut))

    def get_operation(self, event_id: str, *, user_id: str | None = None) -> R:
        path = f"/v1/operations/{_segment(event_id)}"
        return self._send(Call("GET", path, {"user_id": user_id}, answer=OperationOut))

    def facts(self, **arguments: Any) -> R:
        return self._send(Call("GET", "/v1/facts", arguments, answer=FactsOut))

    def search(self, q: str, **arguments: Any) -> R:
        return self._send(Call("GET", "/v1/search", {"q": q, **arguments}, answer=SearchOut))

    def get_fact(self, fact_id: str, **scope: Any) -> R:
        return self._send(Call("GET", f"/v1/facts/{_segment(fact_id)}", scope, answer=FactOut))

    def graph(self, entity: str, **arguments: Any) -> R:
        path = f"/v1/entities/{_segment(entity)}/graph"
        return self._send(Call("GET", path, arguments, answer=GraphOut))

    def paths(self, from_: str, to: str, **arguments: Any) -> R:
        params = {"from": from_, "to": to, **arguments}
        return self._send(Call("GET", "/v1/paths", params, answer=PathsOut))

    def history(
        self,
        entity: str,
        *,
        user_id: str | None = None,
        agent_id: str | None = None,
        run_id: str | None = None,
        predicate: str | None = None,
    ) -> R:
        params = _scope(user_id=user_id, agent_id=agent_id, run_id=run_id, predicate=predicate)
        return self._send(
            Call("GET", f"/v1/entities/{_segment(entity)}/history", params, None, HistoryOut)
        )

    def conflict_resolve(
        self,
        content: str | None = None,
        *,
        fact_id: str | None = None,
        dry_run: bool = True,
        scope: Literal["record", "audit"] = "record",
        user_id: str | None = None,
        agent_id: str | None = None,
        run_id: str | None = None,
        project: str | None = None,
    ) -> R:
        tenant = _scope(user_id=user_id, agent_id=agent_id, run_id=run_id, project=project)
        if scope == "audit":
            return self._send(Call("POST", "/v1/conflicts/audit", body=tenant, answer=AuditOut))
        body = {**tenant, **_scope(content=content, fact_id=fact_id), "dry_run": dry_run}
        answer = ResolutionOut if dry_run else WrittenOut
        return self._send(Call("POST", "/v1/conflicts/resolve", body=body, answer=answer))

    def audit(
        self, *, user_id: str | None = None, agent_id: str | None = None, run_id: str | None = None
    ) -> R:
        body = _scope(user_id=user_id, agent_id=agent_id, run_id=run_id)
        return self._send(Call("POST", "/v1/conflicts/audit", body=body, answer=AuditOut))

    def rollback(
        self,
        fact_id: str,
        *,
        user_id: str | None = None,
        agent_id: str | None = None,
        run_id: str | None = None,
    ) -> R:
        body = _scope(user_id=user_id, agent_id=agent_id, run_id=run_id)
        path = f"/v1/facts/{_segment(fact_id)}/rollback"
        return self._send(Call("POST", path, body=body, answer=RollbackOut))

    def confirm_fact(self, fact_id: str, *, user_id: str | None = None) -> R:
        path = f"/v1/facts/{_segment(fact_id)}/confirm"
        return self._send(Call("POST", path, body=_scope(user_id=user_id), answer=ReviewOut))

    def reject_fact(self, fact_id: str, *, user_id: str | None = None) -> R:
        path = f"/v1/facts/{_segment(fact_id)}/reject"
        return self._send(Call("POST", path, body=_scope(user_id=user_id), answer=ReviewOut))

    def candidates(
        self, *, user_id: str | None = None, status: str | None = "pending", limit: int = 100
    ) -> R:
        params = {"user_id": user_id, "status": status, "limit": limit}
        return self._send(Call("GET", "/v1/candidates", params, answer=CandidatesOut))

    def confirm_candidate(self, candidate_id: str, *, user_id: str | None = None) -> R:
        path = f"/v1/candidates/{_segment(candidate_id)}/confirm"
        return self._send(Call("POST", path, body=_scope(user_id=user_id), answer=ResultsOut))

    def reject_candidate(
        self, candidate_id: str, *, user_id: str | None = None, reason: str | None = None
    ) -> R:
        path = f"/v1/candidates/{_segment(candidate_id)}/reject"
        body = _scope(user_id=user_id, reason=reason)
        return self._send(Call("POST", path, body=body, answer=CandidateOut))

    def verify_ledger(
        self,
        *,
        user_id: str | None = None,
        agent_id: str | None = None,
        run_id: str | None = None,
        expect_head: str | None = None,
    ) -> R:
        params = {"user_id": user_id, "agent_id": agent_id, "run_id": run_id}
        if expect_head:
            params["expect_head"] = expect_head
        return self._send(Call("GET", "/v1/ledger/verify", params, answer=LedgerOut))

    def forget_user(self, user_id: str) -> R:
        return self._send(Call("DELETE", f"/v1/users/{_segment(user_id)}", answer=ErasureOut))


def _json_ready(value: Any) -> Any:
    """Dates and datetimes in arguments travel as ISO 8601 text."""
    return json.loads(json.dumps(value, default=lambda v: v.isoformat()))


def _headers(api_key: str | None) -> dict[str, str]:
    return {"Authorization": f"Bearer {api_key}"} if api_key else {}


def _lines(text: str) -> list[ExportLine]:
    return [ExportLine.model_validate_json(line) for line in text.splitlines() if line.strip()]


class Client(_Methods[Any]):
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

    def export(self, *, user_id: str | None = None) -> list[ExportLine]:
        return _lines(self._request(Call("GET", "/v1/export", {"user_id": user_id})).text)

    def close(self) -> None:
        self._http.close()

    def __enter__(self) -> Client:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()


class AsyncClient(_Methods[Awaitable[Any]]):
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

    async def export(self, *, user_id: str | None = None) -> list[ExportLine]:
        response = await self._request(Call("GET", "/v1/export", {"user_id": user_id}))
        return _lines(response.text)

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
