"""Search's verbs (`graph.ports.search`) on one SQLite connection: FTS5 keywords, sign-bit
vector candidates with exact scores, the neighbourhood walk, the episodes' keyword index."""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from datetime import datetime, timedelta

from graph.backends.sqlite import episodes, keywords, sql
from graph.backends.sqlite.sql import tenant_token
from graph.backends.sqlite.vectors import VectorIndex
from graph.domain.model import Fact
from graph.domain.timerules import TimeQuery
from graph.ports.search import (
    ChannelAsk,
    ChannelHits,
    Records,
    Scored,
    SearchReads,
    SearchRecords,
    channels_one_by_one,
    records_one_by_one,
)
from graph.textindex import fact_words, index_text, query_groups

MAX_QUERY_GROUPS = 32
MAX_FRONTIER = 1000
_NEWEST = (
    "SELECT rowid AS id, 0.0 AS score FROM facts_fts "
    "WHERE facts_fts MATCH :q ORDER BY rowid DESC LIMIT :fetch"
)


class SqliteSearch(SearchReads):
    """The channels on one connection. A call is no round trip here, so `channels` and
    `records` ask the finer verbs one by one (the search runs channels in lanes instead)."""

    def __init__(self, conn: sqlite3.Connection, vectors: VectorIndex, records: Records) -> None:
        self.conn = conn
        self.vectors = vectors
        self._records = records

    def fulltext(
        self, group_id: str, text: str, limit: int, time: TimeQuery | None, now: datetime
    ) -> list[Scored]:
        """Ranked first (bounded bm25 over the whole question, see keywords.py), then the best
        hits are checked against the tenant and the time rule, more of them while too few
        pass: joining every match to `facts` to evaluate the rule cost 3x the ranking itself."""
        phrases = query_groups(text)[:MAX_QUERY_GROUPS]
        if not phrases:
            return []
        alone = sql.alone(self.conn, "facts", group_id)
        how = keywords.plan(self.conn, "facts_fts", tenant_token(group_id), phrases, alone)
        fetch = limit if time is None else limit * 4
        return keywords.ranked(
            self.conn, how, limit, fetch, lambda ids: self._visible_rows(group_id, ids, time, now)
        )

    def episodes(
        self, group_id: str, text: str, limit: int, time: TimeQuery | None, now: datetime
    ) -> list[Scored]:
        return episodes.search(self.conn, group_id, text, limit, time, now)

    def neighbours(
        self, group_id: str, uuids: Sequence[str], within: timedelta, reach: int = 1
    ) -> dict[str, list[str]]:
        return episodes.neighbours(self.conn, group_id, uuids, within, reach)

    def channels(self, ask: ChannelAsk) -> ChannelHits:
        return channels_one_by_one(self, self._records, ask)

    def records(
        self,
        group_id: str,
        fact_uuids: Sequence[str],
        episode_uuids: Sequence[str],
        sources: bool,
    ) -> SearchRecords:
        return records_one_by_one(self._records, group_id, fact_uuids, episode_uuids, sources)

    def tagged(
        self, group_id: str, text: str, limit: int, time: TimeQuery | None, now: datetime
    ) -> list[Scored]:
        """The newest matches: FTS5 walks its lists from the newest row and stops, so the cost
        follows `limit`, not the number of matches (bm25 ranking must score every match).
        Visibility is asked of `limit` rows at a time, newest first (each a 4 KB row read)."""
        groups = query_groups(text)[:MAX_QUERY_GROUPS]
        if not groups:
            return []
        alone = sql.alone(self.conn, "facts", group_id)
        match = keywords.tenant_rows(tenant_token(group_id), groups, alone)
        fetch = limit if time is None else limit * 4
        while True:
            ids = [row["id"] for row in self.conn.execute(_NEWEST, {"q": match, "fetch": fetch})]
            hits = self._first_visible(group_id, ids, limit, time, now)
            if len(hits) >= limit or len(ids) < fetch:
                return [Scored(uuid, float(-rank)) for rank, uuid in enumerate(hits)]
            fetch *= 4

    def _first_visible(
        self, group_id: str, ids: list[int], limit: int, time: TimeQuery | None, now: datetime
    ) -> list[str]:
        """The uuids of the first `limit` rows among `ids` that are visible, in their order."""
        hits: list[str] = []
        for start in range(0, len(ids), limit):
            batch = ids[start : start + limit]
            kept = self._visible_rows(group_id, batch, time, now)
            hits += [kept[rowid] for rowid in batch if rowid in kept]
            if len(hits) >= limit:
                break
        return hits[:limit]

    def vector(
        self,
        group_id: str,
        embedding: Sequence[float],
        limit: int,
        time: TimeQuery | None,
        now: datetime,
    ) -> list[Scored]:
        def visible(ids: list[int]) -> list[sqlite3.Row]:
            return self._visible(group_id, ids, time, now, "f.uuid, f.fact_embedding")

        hits = self.vectors.search(self.conn, group_id, embedding, limit, visible)
        return [Scored(uuid, score) for uuid, score in hits]

    def neighbourhood(
        self,
        group_id: str,
        entity_keys: Sequence[str],
        hops: int,
        limit: int,
        time: TimeQuery | None,
        now: datetime,
    ) -> list[Scored]:
        """Bounded walk: at most `limit` visible facts one hop away; the second hop only when
        the first found fewer, through those facts' other ends, again at most `limit`."""
        seeds = self._entity_uuids(group_id, entity_keys)
        near = self._touching(group_id, seeds, time, now, limit, ())
        scores = {row["uuid"]: 1.0 for row in near}
        if hops > 1 and len(near) < limit:
            reached = {row[end] for row in near for end in ("subject_uuid", "object_uuid")}
            far = self._touching(
                group_id, sorted(reached - set(seeds)), time, now, limit, list(scores)
            )
            scores.update((row["uuid"], 0.5) for row in far)
        ranked = sorted(scores.items(), key=lambda item: (-item[1], item[0]))
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

    def _touching(
        self,
        group_id: str,
        entity_uuids: Sequence[str],
        time: TimeQuery | None,
        now: datetime,
        limit: int,
        exclude: Sequence[str],
    ) -> list[sqlite3.Row]:
        """Up to `limit` visible facts with an end among `entity_uuids`: subject side first,
        then object side, each an index seek ((group_id, subject_uuid), (group_id, object_uuid));
        an OR of the two would make SQLite scan the tenant."""
        ends = list(entity_uuids)[:MAX_FRONTIER]
        if not ends:
            return []
        rows: dict[str, sqlite3.Row] = {}
        for column in ("subject_uuid", "object_uuid"):
            found = self._touching_side(group_id, column, ends, time, now, limit, exclude)
            for row in found:
                rows.setdefault(row["uuid"], row)
            if len(rows) >= limit:
                break
        return list(rows.values())[:limit]

    def _touching_side(
        self,
        group_id: str,
        column: str,
        ends: list[str],
        time: TimeQuery | None,
        now: datetime,
        limit: int,
        exclude: Sequence[str],
    ) -> list[sqlite3.Row]:
        marks, params = sql.placeholders("e", ends)
        where = f"f.group_id = :g AND f.{column} IN ({marks})"
        if exclude:
            skip, skipped = sql.placeholders("x", list(exclude))
            where += f" AND f.uuid NOT IN ({skip})"
            params.update(skipped)
        if time is not None:
            where += " AND " + sql.TIME_RULE
            params.update(sql.time_params(time, now))
        params.update(g=group_id, limit=limit)
        return self.conn.execute(
            f"SELECT f.uuid, f.subject_uuid, f.object_uuid FROM facts f WHERE {where} LIMIT :limit",
            params,
        ).fetchall()

    def _visible_rows(
        self, group_id: str, ids: list[int], time: TimeQuery | None, now: datetime
    ) -> dict[int, str]:
        """Row id -> uuid of the rows among `ids` in the tenant and visible under `time`."""
        rows = self._visible(group_id, ids, time, now, "f.id, f.uuid")
        return {row["id"]: row["uuid"] for row in rows}

    def _visible(
        self, group_id: str, ids: list[int], time: TimeQuery | None, now: datetime, columns: str
    ) -> list[sqlite3.Row]:
        """`columns` of the rows among `ids` in the tenant and visible under `time`."""
        if not ids:
            return []
        marks, params = sql.placeholders("i", ids)
        where = f"f.id IN ({marks}) AND +f.group_id = :g"
        if time is not None:
            where += " AND " + sql.TIME_RULE
            params.update(sql.time_params(time, now))
        params["g"] = group_id
        return self.conn.execute(f"SELECT {columns} FROM facts f WHERE {where}", params).fetchall()


def fts_query(group_id: str, text: str) -> str | None:
    """An FTS5 query: the tenant token AND any of the query's phrases."""
    groups = query_groups(text)[:MAX_QUERY_GROUPS]
    return keywords.matching(tenant_token(group_id), groups) if groups else None


def search_body(fact: Fact) -> str:
    return index_text(fact_words(fact.fact, fact.subject, fact.predicate, fact.value))
