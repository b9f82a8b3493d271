"""The search primitives of the embedded store: FTS5 keywords, exact vectors, neighbourhood."""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from graph.backends.sqlite import sql
from graph.backends.sqlite.vectors import VectorIndex
from graph.domain.model import Fact
from graph.domain.timerules import TimeQuery, visible
from graph.ports import Scored
from graph.textindex import index_text, query_groups

MAX_QUERY_GROUPS = 32


class SqliteSearch:
    """Mixin over one connection; the port's search verbs."""

    def __init__(self, conn: sqlite3.Connection, vectors: VectorIndex) -> None:
        self.conn = conn
        self.vectors = vectors

    def get_facts(self, group_id: str, uuids: Sequence[str]) -> list[Fact]:
        raise NotImplementedError

    def fulltext(
        self, group_id: str, text: str, limit: int, time: TimeQuery | None, now: datetime
    ) -> list[Scored]:
        match = fts_query(group_id, text)
        if match is None:
            return []
        params: dict[str, Any] = {"q": match, "g": group_id, "limit": limit}
        where = "facts_fts MATCH :q AND f.group_id = :g"
        if time is not None:
            where += " AND " + sql.TIME_RULE
            params.update(sql.time_params(time, now))
        rows = self.conn.execute(
            "SELECT f.uuid AS uuid, -bm25(facts_fts, 0.0, 1.0) AS score FROM facts_fts "
            f"JOIN facts f ON f.id = facts_fts.rowid WHERE {where} "
            "ORDER BY bm25(facts_fts, 0.0, 1.0) LIMIT :limit",
            params,
        ).fetchall()
        return [Scored(row["uuid"], float(row["score"])) for row in rows]

    def vector(
        self,
        group_id: str,
        embedding: Sequence[float],
        limit: int,
        time: TimeQuery | None,
        now: datetime,
    ) -> list[Scored]:
        fetch = limit if time is None else limit * 4
        while True:
            hits = self.vectors.search(self.conn, group_id, embedding, fetch)
            kept = self._visible(group_id, [uuid for uuid, _ in hits], time, now)
            scored = [Scored(uuid, score) for uuid, score in hits if uuid in kept]
            if len(scored) >= limit or len(hits) < fetch:
                return scored[:limit]
            fetch *= 4

    def neighbourhood(
        self,
        group_id: str,
        entity_keys: Sequence[str],
        hops: int,
        limit: int,
        time: TimeQuery | None,
        now: datetime,
    ) -> list[Scored]:
        frontier = self._entity_uuids(group_id, entity_keys)
        seen: dict[str, float] = {}
        for hop in range(1, max(1, min(hops, 2)) + 1):
            rows = self._touching(group_id, frontier)
            kept = self._visible(group_id, [row["uuid"] for row in rows], time, now)
            next_frontier: set[str] = set()
            for row in rows:
                if row["uuid"] in kept and row["uuid"] not in seen:
                    seen[row["uuid"]] = 1.0 / hop
                    next_frontier.update((row["subject_uuid"], row["object_uuid"]))
            frontier = sorted(next_frontier - set(frontier))
        ranked = sorted(seen.items(), key=lambda item: (-item[1], item[0]))
        return [Scored(uuid, score) for uuid, score in ranked[:limit]]

    def _entity_uuids(self, group_id: str, keys: Sequence[str]) -> list[str]:
        if not keys:
            return []
        marks, params = sql.placeholders("n", list(dict.fromkeys(keys)))
        params["g"] = group_id
        rows = self.conn.execute(
            f"SELECT uuid FROM entities WHERE group_id = :g AND normalized IN ({marks})", params
        ).fetchall()
        return [row["uuid"] for row in rows]

    def _touching(self, group_id: str, entity_uuids: Sequence[str]) -> list[sqlite3.Row]:
        if not entity_uuids:
            return []
        marks, params = sql.placeholders("e", list(entity_uuids)[:500])
        params["g"] = group_id
        return self.conn.execute(
            "SELECT uuid, subject_uuid, object_uuid FROM facts WHERE group_id = :g AND "
            f"(subject_uuid IN ({marks}) OR object_uuid IN ({marks})) ORDER BY valid_at DESC",
            params,
        ).fetchall()

    def _visible(
        self, group_id: str, uuids: list[str], time: TimeQuery | None, now: datetime
    ) -> set[str]:
        facts = self.get_facts(group_id, uuids)
        return {f.uuid for f in facts if time is None or visible(f, time, now)}


def fts_query(group_id: str, text: str) -> str | None:
    """An FTS5 query: the tenant token AND any of the query's phrases (ranked by bm25)."""
    groups = query_groups(text)[:MAX_QUERY_GROUPS]
    if not groups:
        return None
    phrases = " OR ".join(_phrase(group) for group in groups)
    return f"grp:{_phrase([tenant_token(group_id)])} AND body:({phrases})"


def _phrase(terms: list[str]) -> str:
    return '"' + " ".join(term.replace('"', '""') for term in terms) + '"'


def tenant_token(group_id: str) -> str:
    """One FTS token naming the tenant (FTS5 intersects it with the query terms); injective."""
    return "g" + group_id.encode("utf-8").hex()


def search_body(fact: Fact) -> str:
    text = " ".join((fact.fact, fact.subject, fact.predicate.replace("_", " "), fact.value))
    return index_text(text)
