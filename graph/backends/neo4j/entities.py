"""The entities' verbs (`graph.ports.entities`) as Cypher from `cypher/`."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from graph.backends.neo4j import codec
from graph.backends.neo4j.codec import time_params
from graph.backends.neo4j.rows import Rows
from graph.domain.model import Entity, Fact
from graph.ports.entities import EdgeQuery, Entities, single_tenant


class Neo4jEntities(Entities):
    def __init__(self, rows: Rows) -> None:
        self._rows = rows

    def get(self, group_id: str, normalized: Sequence[str]) -> dict[str, Entity]:
        rows = self._rows("entities_get", group_id=group_id, names=list(normalized))
        entities = [codec.entity_from_map(row["entity"]) for row in rows]
        return {entity.normalized: entity for entity in entities}

    def edges(
        self, group_id: str, entity_uuids: Sequence[str], edges: EdgeQuery, now: datetime
    ) -> list[Fact]:
        return self._rows.facts(
            "entity_edges",
            group_id=group_id,
            uuids=list(dict.fromkeys(entity_uuids)),
            predicate=edges.predicate,
            limit=edges.limit,
            **time_params(edges.time, now),
        )

    def by_uuid(self, group_id: str, uuids: Sequence[str]) -> list[Entity]:
        rows = self._rows("entities_by_uuid", group_id=group_id, uuids=list(dict.fromkeys(uuids)))
        return [codec.entity_from_map(row["entity"]) for row in rows]

    def upsert(self, entities: Sequence[Entity]) -> dict[str, Entity]:
        if single_tenant(entities) is None:
            return {}
        wired = [codec.wire_times(codec.entity_props(e)) for e in entities]
        rows = self._rows("entities_upsert", entities=wired)
        stored = [codec.entity_from_map(row["entity"]) for row in rows]
        return {entity.normalized: entity for entity in stored}
