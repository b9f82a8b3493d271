"""The facts' verbs (`graph.ports.facts`) on one SQLite connection: the records' rows, and
their keyword index rows as they are recorded (searching them is `search.py`'s)."""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from graph.backends.sqlite import codec, sql
from graph.backends.sqlite.search import search_body
from graph.backends.sqlite.sql import tenant_token
from graph.domain.errors import DuplicateRecord, NotFound
from graph.domain.model import Fact
from graph.domain.timerules import CURRENT
from graph.ports.facts import AlignmentKey, FactPatch, FactQuery, Facts

CHUNK = 5000


class SqliteFacts(Facts):
    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn

    def get(self, group_id: str, uuids: Sequence[str]) -> list[Fact]:
        if not uuids:
            return []
        marks, params = sql.placeholders("u", list(dict.fromkeys(uuids)))
        params["g"] = group_id
        # `+group_id`: look up by the unique uuid; without statistics SQLite would otherwise take a
        # (group_id, ...) index and scan the whole tenant (160 ms at 100k facts, not 1 ms)
        return self._facts(f"+f.group_id = :g AND f.uuid IN ({marks})", params, "f.id")

    def by_signatures(self, group_id: str, signatures: Sequence[str]) -> dict[str, Fact]:
        if not signatures:
            return {}
        marks, params = sql.placeholders("s", list(dict.fromkeys(signatures)))
        params["g"] = group_id
        found = self._facts(f"+f.group_id = :g AND f.signature IN ({marks})", params, "f.id")
        return {fact.signature: fact for fact in found}

    def aligned(self, group_id: str, keys: Sequence[AlignmentKey], now: datetime) -> list[Fact]:
        found: dict[str, Fact] = {}
        for key in dict.fromkeys(keys):
            params = {"g": group_id, "s": key.subject_key, "p": key.predicate}
            params.update(sql.time_params(CURRENT, now))
            if key.value_key is None:
                where = f"{sql.ALIGNED} AND {sql.TIME_RULE}"
                facts = self._facts(where, params, "f.valid_at, f.created_at")
            else:
                params.update(v=key.value_key, sc=key.scope)
                facts = _decoded(self.conn.execute(sql.BEARING, params))
            for fact in facts:
                found[fact.uuid] = fact
        return list(found.values())

    def find(self, group_id: str, query: FactQuery, now: datetime) -> list[Fact]:
        where, params = self._filter_clause(group_id, query)
        if not query.include_history:
            where += " AND " + sql.TIME_RULE
            params.update(sql.time_params(query.time, now))
        order = "f.valid_at DESC, f.created_at DESC, f.uuid LIMIT :limit"
        params["limit"] = query.limit
        return self._facts(where, params, order)

    def history(self, group_id: str, subject_key: str, predicate: str | None = None) -> list[Fact]:
        where = "f.group_id = :g AND f.subject_key = :s"
        params: dict[str, Any] = {"g": group_id, "s": subject_key}
        if predicate is not None:
            where += " AND f.predicate = :p"
            params["p"] = predicate
        return self._facts(where, params, "f.valid_at, f.created_at, f.id")

    def subject_keys(self, group_id: str, after: str, limit: int, now: datetime) -> list[str]:
        params = {"g": group_id, "after": after, "limit": limit}
        params.update(sql.time_params(CURRENT, now))
        rows = self.conn.execute(
            "SELECT DISTINCT f.subject_key FROM facts f WHERE f.group_id = :g "
            f"AND f.subject_key > :after AND {sql.TIME_RULE} ORDER BY f.subject_key LIMIT :limit",
            params,
        ).fetchall()
        return [row[0] for row in rows]

    def of_subjects(self, group_id: str, subject_keys: Sequence[str], now: datetime) -> list[Fact]:
        if not subject_keys:
            return []
        marks, params = sql.placeholders("s", list(dict.fromkeys(subject_keys)))
        params["g"] = group_id
        params.update(sql.time_params(CURRENT, now))
        where = f"f.group_id = :g AND f.subject_key IN ({marks}) AND {sql.TIME_RULE}"
        return self._facts(where, params, "f.subject_key, f.valid_at, f.id")

    def of_episodes(self, group_id: str, episode_uuids: Sequence[str]) -> list[Fact]:
        if not episode_uuids:
            return []
        marks, params = sql.placeholders("e", list(dict.fromkeys(episode_uuids)))
        params["g"] = group_id
        return self._facts(f"f.group_id = :g AND f.episode_id IN ({marks})", params, "f.id")

    def record(self, facts: Sequence[Fact]) -> None:
        if not facts:
            return
        self._require_entities(facts)
        try:
            self.conn.executemany(sql.INSERT_FACT, [codec.fact_row(f) for f in facts])
        except sqlite3.IntegrityError as exc:
            raise DuplicateRecord(f"a fact with this uuid or signature exists: {exc}") from exc
        ids = self._row_ids([f.uuid for f in facts])
        self.conn.executemany(
            sql.INSERT_FTS,
            [(ids[f.uuid], tenant_token(f.group_id), search_body(f)) for f in facts],
        )

    def patch(self, group_id: str, patches: Sequence[FactPatch]) -> None:
        for patch in patches:
            assignments = ", ".join(f"{name} = :{name}" for name in patch.changes)
            params = {k: codec.encode_value(k, v) for k, v in patch.changes.items()}
            params.update({"_g": group_id, "_u": patch.uuid})
            cursor = self.conn.execute(
                f"UPDATE facts SET {assignments} WHERE group_id = :_g AND uuid = :_u", params
            )
            if cursor.rowcount == 0:
                raise NotFound(f"no fact {patch.uuid} in this tenant", details={"id": patch.uuid})

    def _filter_clause(self, group_id: str, query: FactQuery) -> tuple[str, dict[str, Any]]:
        flt = query.filter
        clauses = ["f.group_id = :g"]
        params: dict[str, Any] = {"g": group_id}
        for column, value in (
            ("subject_key", flt.subject_key),
            ("predicate", flt.predicate),
            ("scope", flt.scope),
            ("agent_id", flt.agent_id),
            ("run_id", flt.run_id),
        ):
            if value is not None:
                clauses.append(f"f.{column} = :{column}")
                params[column] = value
        for column, value in (
            ("extraction_version", flt.extraction_version_not),
            ("policy_version", flt.policy_version_not),
        ):
            if value is not None:
                clauses.append(f"f.{column} <> :not_{column}")
                params[f"not_{column}"] = value
        for column, values in (
            ("memory_type", flt.memory_types),
            ("verify_status", flt.verify_statuses),
            ("fact_type", flt.fact_types),
        ):
            if values:
                marks, more = sql.placeholders(column, list(values))
                clauses.append(f"f.{column} IN ({marks})")
                params.update(more)
        if flt.without_endings:
            clauses.append("f.state_change <> 'ends'")
        if flt.categories:
            marks, more = sql.placeholders("c", list(flt.categories))
            clauses.append(
                f"EXISTS (SELECT 1 FROM json_each(f.categories) WHERE value IN ({marks}))"
            )
            params.update(more)
        return " AND ".join(clauses), params

    def _require_entities(self, facts: Sequence[Fact]) -> None:
        """Both ends of every fact must be entities of the fact's own tenant."""
        for group_id in {f.group_id for f in facts}:
            wanted = {
                u for f in facts if f.group_id == group_id for u in (f.subject_uuid, f.object_uuid)
            }
            marks, params = sql.placeholders("e", sorted(wanted))
            params["g"] = group_id
            rows = self.conn.execute(
                f"SELECT uuid FROM entities WHERE +group_id = :g AND uuid IN ({marks})", params
            ).fetchall()
            if len(rows) != len(wanted):
                raise NotFound("a fact's subject or object entity is not in this tenant")

    def _row_ids(self, uuids: list[str]) -> dict[str, int]:
        ids: dict[str, int] = {}
        for start in range(0, len(uuids), CHUNK):
            marks, params = sql.placeholders("u", uuids[start : start + CHUNK])
            rows = self.conn.execute(f"SELECT id, uuid FROM facts WHERE uuid IN ({marks})", params)
            ids.update((row["uuid"], row["id"]) for row in rows)
        return ids

    def _facts(self, where: str, params: dict[str, Any], order: str) -> list[Fact]:
        return _decoded(
            self.conn.execute(
                f"SELECT {sql.FACT_SELECT_ALL} FROM facts f WHERE {where} ORDER BY {order}", params
            )
        )


def _decoded(cursor: sqlite3.Cursor) -> list[Fact]:
    """The records a query's rows hold, decoded by one plan for the query."""
    return codec.facts_from_rows(cursor.fetchall(), codec.columns_of(cursor))
