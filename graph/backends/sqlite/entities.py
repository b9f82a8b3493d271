"""The relational-walk verbs of the embedded store: one hop around a set of entities."""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from graph.backends.sqlite import codec, sql
from graph.domain.model import Entity, Fact
from graph.ports import EdgeQuery

MAX_ENDS = 1000


class SqliteWalk:
    """Mixin over one connection: `entity_edges` and `entities_by_uuid`."""

    conn: sqlite3.Connection

    def entity_edges(
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

    def entities_by_uuid(self, group_id: str, uuids: Sequence[str]) -> list[Entity]:
        if not uuids:
            return []
        marks, params = sql.placeholders("u", list(dict.fromkeys(uuids)))
        params["g"] = group_id
        rows: list[Any] = self.conn.execute(
            f"SELECT * FROM entities WHERE +group_id = :g AND uuid IN ({marks}) ORDER BY uuid",
            params,
        ).fetchall()
        return [codec.entity_from_row(row) for row in rows]
