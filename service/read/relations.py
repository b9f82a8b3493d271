"""Relational recall: the subgraph around an entity, and the paths between two entities, as
they stood for one time question (current by default).

Both walk the graph hop by hop through the port's `entity_edges` (one query per hop on either
backend), so a walk is bounded by `MAX_WALK` records whatever the degree of the entities it
meets. Records the caller may not read (`access.py`) are dropped before the walk goes on
through them, so a closed source can neither appear nor connect two entities.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from itertools import islice

from graph.domain.errors import InvalidInput, NotFound
from graph.domain.model import Entity, Fact
from graph.domain.signature import entity_key
from graph.domain.timeargs import time_query
from graph.ports.entities import EdgeQuery
from graph.ports.limits import MAX_LIMIT
from graph.ports.store import StoreReads
from service.entity_names import stored_key
from service.read.access import Principals, readable
from service.read.answers import GraphOut, NodeOut, PathsOut
from service.read.deps import ReadDeps
from service.read.questions import predicate_key
from service.read.requests import GraphRequest, PathsRequest
from service.views import FactOut

MAX_WALK = 1000
"""Records one walk may visit in all its hops."""


@dataclass
class Walk:
    """A breadth-first walk: records in the order met, and how each entity was first reached."""

    group_id: str
    edges: EdgeQuery
    principals: Principals
    found: dict[str, Fact] = field(default_factory=dict)
    parents: dict[str, list[tuple[str, Fact]]] = field(default_factory=dict)

    def hop(self, tx: StoreReads, frontier: Sequence[str], now: datetime) -> list[str]:
        """Walk one hop from `frontier`; returns the entities reached for the first time."""
        room = MAX_WALK - len(self.found)
        if room <= 0 or not frontier:
            return []
        query = replace(self.edges, limit=min(MAX_LIMIT, room + len(self.found)))
        met = tx.entities.edges(self.group_id, frontier, query, now)
        fresh = [f for f in met if f.uuid not in self.found][:room]
        fresh = readable(tx, self.group_id, fresh, self.principals)
        ends = set(frontier)
        reached: dict[str, list[tuple[str, Fact]]] = {}
        for fact in fresh:
            self.found[fact.uuid] = fact
            for near, far in _ends(fact):
                if near in ends and far not in self.parents:
                    reached.setdefault(far, []).append((near, fact))
        self.parents.update(reached)
        return sorted(reached)


def _ends(fact: Fact) -> list[tuple[str, str]]:
    if fact.subject_uuid == fact.object_uuid:
        return []
    return [(fact.subject_uuid, fact.object_uuid), (fact.object_uuid, fact.subject_uuid)]


def _seed(
    tx: StoreReads, group_id: str, name: str, field_name: str, principals: Principals, now: datetime
) -> Entity:
    """The entity a walk starts from; NotFound alike for a name the tenant never used and, with
    `principals`, for one only records closed to them name (no existence oracle)."""
    if not entity_key(name):
        raise InvalidInput(f"{field_name} must name an entity", field=field_name)
    key = stored_key(tx, group_id, name)
    found = tx.entities.get(group_id, [key]).get(key)
    if found is None or not _seen_by(tx, group_id, found, principals, now):
        raise NotFound(f"no entity {name!r} in this tenant", details={"entity": name})
    return found


def _seen_by(
    tx: StoreReads, group_id: str, entity: Entity, principals: Principals, now: datetime
) -> bool:
    """Whether a caller with `principals` may read a record naming `entity`, at any time."""
    if principals is None:
        return True
    named = tx.entities.edges(group_id, [entity.uuid], EdgeQuery(time=None, limit=MAX_LIMIT), now)
    return bool(readable(tx, group_id, named, principals))


def _edge_query(deps: ReadDeps, request: GraphRequest | PathsRequest) -> EdgeQuery:
    predicate = request.predicate if isinstance(request, GraphRequest) else None
    return EdgeQuery(
        time=time_query(request.as_of, request.known_at),
        predicate=predicate_key(predicate, deps.table),
        limit=MAX_LIMIT,
    )


def entity_graph(deps: ReadDeps, request: GraphRequest, principals: Principals = None) -> GraphOut:
    """`{"entity", "nodes": [{"id", "name", "type"}], "edges": [Fact], "next_cursor"}`: the
    records within `depth` hops of the entity, nearest first, one page of `limit`."""
    group = request.tenant().group_id
    edges = _edge_query(deps, request)
    now = deps.clock.now()
    start = int(request.cursor or 0)

    def read(tx: StoreReads) -> GraphOut:
        seed = _seed(tx, group, request.name, "name", principals, now)
        walk = Walk(group, edges, principals)
        walk.parents[seed.uuid] = []
        frontier = [seed.uuid]
        for _ in range(request.depth):
            frontier = walk.hop(tx, frontier, now)
        records = list(walk.found.values())
        page = records[start : start + request.limit]
        uuids = {seed.uuid} | {end for f in page for end in (f.subject_uuid, f.object_uuid)}
        nodes = tx.entities.by_uuid(group, sorted(uuids))
        more = start + request.limit < len(records)
        return GraphOut.model_construct(
            entity=seed.name,
            nodes=[NodeOut.model_construct(id=n.uuid, name=n.name, type=n.type) for n in nodes],
            edges=[FactOut.of(f) for f in page],
            next_cursor=str(start + request.limit) if more else None,
        )

    return deps.store.read(read)


def paths(deps: ReadDeps, request: PathsRequest, principals: Principals = None) -> PathsOut:
    """`{"from", "to", "paths": [[Fact]]}`: every shortest chain of records (up to `limit`)
    from one entity to the other, at most `depth` records long; none when unconnected."""
    group = request.tenant().group_id
    edges = _edge_query(deps, request)
    now = deps.clock.now()

    def read(tx: StoreReads) -> PathsOut:
        source = _seed(tx, group, request.from_, "from", principals, now)
        target = _seed(tx, group, request.to, "to", principals, now)
        if source.uuid == target.uuid:
            raise InvalidInput("from and to name the same entity", field="to")
        walk = Walk(group, edges, principals)
        walk.parents[source.uuid] = []
        frontier = [source.uuid]
        for _ in range(request.depth):
            frontier = walk.hop(tx, frontier, now)
            if target.uuid in walk.parents:
                break
        found = islice(_trace(walk.parents, source.uuid, target.uuid), request.limit)
        return PathsOut.model_construct(
            from_=source.name,
            to=target.name,
            paths=[[FactOut.of(f) for f in path] for path in found],
        )

    return deps.store.read(read)


def _trace(
    parents: dict[str, list[tuple[str, Fact]]], source: str, node: str
) -> Iterator[list[Fact]]:
    """The chains from `source` to `node` through the first-reach links, lazily."""
    if node == source:
        yield []
        return
    for previous, fact in parents.get(node, []):
        for path in _trace(parents, source, previous):
            yield [*path, fact]
