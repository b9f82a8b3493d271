"""The entities' verbs (`graph.ports.entities`) on one SQLite connection, the relational
walk's hop around a set of entities among them."""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from graph.backends.sqlite import codec, sql
from graph.domain.model import Entity, Fact
from graph.ports.entities import EdgeQuery, Entities, single_tenant

MAX_ENDS = 1000


class SqliteEntities(Entities):
    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn

    def get(self, group_id: str, normalized: Sequence[str]) -> dict[str, Entity]:
        if not normalized:
            return {}
        marks, params = sql.placeholders("n", list(dict.fromkeys(normalized)))
        params["g"] = group_id
        rows = self.conn.execute(
            f"SELECT * FROM entities WHERE group_id = :g AND normalized IN ({marks})", params
        ).fetchall()
        return {row["normalized"]: codec.entity_from_row(row) for row in rows}

    def upsert(self, entities: Sequence[Entity]) -> dict[str, Entity]:
        group_id = single_tenant(entities)
        if group_id is None:
            return {}
        written = [codec.entity_params(e) for e in entities]
        self.conn.executemany(sql.INSERT_ENTITY, written)
        given = {e.normalized: (e, p) for e, p in zip(entities, written, strict=True)}
        marks, params = sql.placeholders("n", list(given))
        params["g"] = group_id
        rows = self.conn.execute(
            f"SELECT * FROM entities WHERE group_id = :g AND normalized IN ({marks})", params
        ).fetchall()
        return {row["normalized"]: _stored(given.get(row["normalized"]), row) for row in rows}

    def edges(
        self, group_id: str, entity_uuids: Sequence[str], edges: EdgeQuery, now: datetime
    ) -> list[Fact]:
        """Subject side and object side as two index seeks ((group_id, subject_uuid) and
        (group_id, object_uuid)) joined by UNION; an OR of the two would scan the tenant."""
        ends = list(dict.fromkeys(entity_uuids))[:MAX_ENDS]
        if not ends:
            return []
        marks, params = sql.placeholders("e", ends)
        where = "f.group_id = :g"
        if edges.predicate is not None:
            where += " AND f.predicate = :p"
            params["p"] = edges.predicate
        if edges.time is not None:
            where += " AND " + sql.TIME_RULE
            params.update(sql.time_params(edges.time, now))
        params.update(g=group_id, limit=edges.limit)
        sides = [
            f"SELECT {sql.FACT_SELECT_ALL} FROM facts f WHERE {where} AND f.{column} IN ({marks})"
            for column in ("subject_uuid", "object_uuid")
        ]
        rows = self.conn.execute(
            f"{sides[0]} UNION {sides[1]} ORDER BY uuid LIMIT :limit", params
        ).fetchall()
        return [codec.fact_from_row(row) for row in rows]

    def by_uuid(self, group_id: str, uuids: Sequence[str]) -> list[Entity]:
        if not uuids:
            return []
        marks, params = sql.placeholders("u", list(dict.fromkeys(uuids)))
        params["g"] = group_id
        rows: list[Any] = self.conn.execute(
            f"SELECT * FROM entities WHERE +group_id = :g AND uuid IN ({marks}) ORDER BY uuid",
            params,
        ).fetchall()
        return [codec.entity_from_row(row) for row in rows]


def _stored(given: tuple[Entity, dict[str, Any]] | None, row: sqlite3.Row) -> Entity:
    """The entity a row holds: the one given when the row holds exactly its columns (it was
    inserted just now; decoding it would give it back), else decoded. A chunk mostly names
    entities it creates, and decoding each (pydantic validation) was a tenth of a batch's
    store time."""
    if given is not None and all(row[k] == v for k, v in given[1].items()):
        return given[0]
    return codec.entity_from_row(row)
