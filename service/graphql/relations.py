"""GraphQL relational recall: queries `entityGraph` and `paths` (REST: GET
/v1/entities/{name}/graph and GET /v1/paths), same arguments in camelCase."""

from __future__ import annotations

import strawberry
from strawberry.experimental.pydantic import type as derived

from service.graphql import types
from service.graphql.context import Ctx, checked, container, principals, run, shown
from service.read import relations
from service.read.answers import GraphOut, NodeOut
from service.read.requests import GraphRequest, PathsRequest


@derived(model=NodeOut, all_fields=True, description="An entity of a relational answer.")
class Node:
    pass


@strawberry.type(description="What was connected to an entity for one time question.")
class EntityGraph:
    entity: str
    nodes: list[Node]
    edges: list[types.Fact]
    next_cursor: str | None


@strawberry.type(description="The shortest chains of facts connecting two entities.")
class Paths:
    source: str
    target: str
    paths: list[list[types.Fact]]


async def entity_graph_resolver(
    info: Ctx,
    name: str,
    user_id: str | None = None,
    agent_id: str | None = None,
    run_id: str | None = None,
    depth: int | None = None,
    as_of: str | None = None,
    known_at: str | None = None,
    predicate: str | None = None,
    limit: int | None = None,
    cursor: str | None = None,
) -> EntityGraph:
    request = checked(
        info, GraphRequest,
        name=name, user_id=user_id, agent_id=agent_id, run_id=run_id, depth=depth,
        as_of=as_of, known_at=known_at, predicate=predicate, limit=limit, cursor=cursor,
    )  # fmt: skip
    answer = await run(relations.entity_graph, container(info).reads, request, principals(info))
    return _graph(await shown(info, answer))


async def paths_resolver(
    info: Ctx,
    source: str,
    target: str,
    user_id: str | None = None,
    agent_id: str | None = None,
    run_id: str | None = None,
    depth: int | None = None,
    as_of: str | None = None,
    known_at: str | None = None,
    limit: int | None = None,
) -> Paths:
    request = checked(
        info, PathsRequest,
        user_id=user_id, agent_id=agent_id, run_id=run_id, depth=depth, as_of=as_of,
        known_at=known_at, limit=limit, to=target, **{"from": source},
    )  # fmt: skip
    answer = await run(relations.paths, container(info).reads, request, principals(info))
    answer = await shown(info, answer)
    found = [[types.fact(item) for item in path] for path in answer.paths]
    return Paths(source=answer.from_, target=answer.to, paths=found)


def _graph(data: GraphOut) -> EntityGraph:
    return EntityGraph(
        entity=data.entity,
        nodes=[Node.from_pydantic(node) for node in data.nodes],  # type: ignore[attr-defined]
        edges=[types.fact(edge) for edge in data.edges],
        next_cursor=data.next_cursor,
    )
