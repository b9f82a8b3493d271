"""Relational recall: GET /v1/entities/{name}/graph and GET /v1/paths."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Request

from service.http.routes.deps import App, in_scope, principals_of, shown
from service.read import relations
from service.read.answers import GraphOut, PathsOut
from service.read.requests import GraphArgs, GraphRequest, PathsRequest

router = APIRouter(prefix="/v1", tags=["read"])


@router.get("/entities/{name}/graph", response_model=GraphOut)
def entity_graph(
    name: str, app: App, http: Request, query: Annotated[GraphArgs, in_scope(GraphArgs)]
) -> GraphOut:
    """What was connected to the entity for one time question: the records (edges, as Facts
    with their time fields) within `depth` (1-3) hops, nearest first, and the entities they
    join (nodes). Current by default; `as_of` and `known_at` as in GET /v1/facts. One page of
    `limit` edges; pass `next_cursor` back as `cursor` for the next.

    Example: `GET /v1/entities/alice/graph?user_id=alice&depth=2&as_of=2024`
    """
    request = GraphRequest.model_validate({**query.model_dump(), "name": name})
    answer = relations.entity_graph(app.reads, request, principals_of(http))
    return shown(http, answer)


@router.get("/paths", response_model=PathsOut)
def paths(
    app: App, http: Request, query: Annotated[PathsRequest, in_scope(PathsRequest)]
) -> PathsOut:
    """The shortest chains of records connecting two entities (at most `depth` records long),
    for one time question: `{"from", "to", "paths": [[Fact]]}`, empty when unconnected.

    Example: `GET /v1/paths?user_id=alice&from=alice&to=acme&as_of=2024`
    """
    return shown(http, relations.paths(app.reads, query, principals_of(http)))
