"""POST /v1/memories, POST /v1/memories/batch, GET /v1/operations/{event_id}."""

from __future__ import annotations

from typing import Annotated, Literal

from fastapi import APIRouter, Body, Query, Request
from fastapi.responses import Response

from graph.domain.tenancy import acting_user
from service.http.routes.deps import App, Granted, QueryUser, in_scope, principals_of, shown
from service.http.routes.schemas import AddOut, BatchIn, BatchOut, OperationOut, PendingOut
from service.read.facts import operation_status
from service.write.request import AddRequest

router = APIRouter(prefix="/v1", tags=["memories"])


@router.post(
    "/memories",
    response_model=AddOut,
    responses={202: {"model": PendingOut, "description": "accepted for asynchronous writing"}},
)
def add_memory(
    body: Annotated[AddRequest, in_scope(AddRequest, Body)],
    app: App,
    http: Request,
    mode: Annotated[
        Literal["sync", "async"],
        Query(description="async: 202 at once; poll GET /v1/operations/{event_id}"),
    ] = "sync",
) -> AddOut | Response:
    """Extract, notarise, type, deduplicate and store facts from a string or messages."""
    if mode == "async":
        pending = PendingOut.of(app.writes.enqueue(body))
        return Response(pending.model_dump_json(), 202, media_type="application/json")
    return shown(http, app.writes.add(body))


@router.post("/memories/batch", response_model=BatchOut)
def add_memories(body: BatchIn, granted: Granted, app: App, http: Request) -> BatchOut:
    """Many adds in few transactions; each item reports its own events or its own error.

    Example: `POST /v1/memories/batch` with
    `{"items": [{"messages": "I live in Oslo", "user_id": "alice"},
    {"messages": "我住在北京", "user_id": "bob"}]}`
    """
    items = [{**item, "user_id": acting_user(item.get("user_id"), granted)} for item in body.items]
    answer = BatchOut.model_construct(results=app.writes.add_batch(items))
    return shown(http, answer)


@router.get("/operations/{event_id}", response_model=OperationOut)
def get_operation(
    event_id: str,
    app: App,
    http: Request,
    user_id: QueryUser,
) -> OperationOut:
    """The status of an asynchronous (or synchronous) write, with its result or error.

    Example: `GET /v1/operations/3f0c1e2a-9b7d-4c51-8e26-0d4f5a6b7c81?user_id=alice`
    """
    answer = operation_status(app.reads, event_id, user_id, principals_of(http))
    return shown(http, answer)
