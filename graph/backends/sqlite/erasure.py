"""Erasure's verbs (`graph.ports.erasure`) on one SQLite connection: rows, their keyword index
entries and their vectors go.

Removing vectors bumps the tenant's `vector_generation`, so every process's in-memory vector
matrix reloads and no erased embedding can be found again. The ledger is never touched.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from typing import Any

from graph.backends.sqlite import episodes as episode_store
from graph.backends.sqlite import sql
from graph.ports.erasure import Erasure

_TOUCHED = (
    "SELECT subject_uuid FROM facts WHERE group_id = :g AND episode_id IN ({marks}) "
    "UNION SELECT object_uuid FROM facts WHERE group_id = :g AND episode_id IN ({marks}) "
    "UNION SELECT entity_uuid FROM mentions WHERE group_id = :g AND episode_uuid IN ({marks})"
)


def facts_where(conn: sqlite3.Connection, where: str, params: dict[str, Any], limit: int) -> int:
    """Delete up to `limit` facts matching `where` (named parameters), with their FTS rows;
    bump the tenant's vector generation."""
    if limit <= 0:
        return 0
    found = conn.execute(
        f"SELECT id, group_id FROM facts WHERE {where} LIMIT :_limit", {**params, "_limit": limit}
    ).fetchall()
    rows = found
    if not rows:
        return 0
    marks, named = sql.placeholders("i", [row["id"] for row in rows])
    conn.execute(f"DELETE FROM facts_fts WHERE rowid IN ({marks})", named)
    conn.execute(f"DELETE FROM facts WHERE id IN ({marks})", named)
    for group in {row["group_id"] for row in rows}:
        bump_vectors(conn, group)
    return len(rows)


def rows(conn: sqlite3.Connection, table: str, group_id: str, limit: int) -> int:
    """Delete up to `limit` rows of `table` (a fixed name) belonging to the tenant."""
    if limit <= 0:
        return 0
    cursor = conn.execute(
        f"DELETE FROM {table} WHERE rowid IN "
        f"(SELECT rowid FROM {table} WHERE group_id = ? LIMIT ?)",
        (group_id, limit),
    )
    return cursor.rowcount


def episode_rows(conn: sqlite3.Connection, group_id: str, limit: int) -> int:
    """Delete up to `limit` of the tenant's episodes with their keyword index rows."""
    if limit <= 0:
        return 0
    return episode_store.forget(
        conn,
        "rowid IN (SELECT rowid FROM episodes WHERE group_id = :g LIMIT :n)",
        {"g": group_id, "n": limit},
    )


def of_episodes(conn: sqlite3.Connection, group_id: str, uuids: list[str]) -> int:
    """Forget a source: its episodes, the facts and candidates read from them, orphans."""
    if not uuids:
        return 0
    marks, named = sql.placeholders("e", uuids)
    named["g"] = group_id
    touched = [r[0] for r in conn.execute(_TOUCHED.format(marks=marks), named)]
    removed = facts_where(conn, f"group_id = :g AND episode_id IN ({marks})", named, 1_000_000)
    removed += _candidates_of(conn, group_id, uuids)
    removed += _operations_naming(conn, group_id, uuids)
    removed += conn.execute(
        f"DELETE FROM mentions WHERE group_id = :g AND episode_uuid IN ({marks})", named
    ).rowcount
    removed += episode_store.forget(conn, f"+group_id = :g AND uuid IN ({marks})", named)
    return removed + _orphans(conn, group_id, touched)


def _candidates_of(conn: sqlite3.Connection, group_id: str, episode_uuids: list[str]) -> int:
    marks, named = sql.placeholders("e", episode_uuids)
    named["g"] = group_id
    return conn.execute(
        "DELETE FROM candidates WHERE group_id = :g AND "
        f"json_extract(body, '$.fact.episode_id') IN ({marks})",
        named,
    ).rowcount


def _operations_naming(conn: sqlite3.Connection, group_id: str, episode_uuids: list[str]) -> int:
    """Operation records whose result names an erased episode hold its records' content."""
    terms = " OR ".join(f"instr(result, :e{i}) > 0" for i in range(len(episode_uuids)))
    named: dict[str, Any] = {f"e{i}": uuid for i, uuid in enumerate(episode_uuids)}
    named["g"] = group_id
    return conn.execute(
        f"DELETE FROM operations WHERE group_id = :g AND result IS NOT NULL AND ({terms})", named
    ).rowcount


def _orphans(conn: sqlite3.Connection, group_id: str, entity_uuids: list[str]) -> int:
    """Entities no fact and no episode refers to any more."""
    if not entity_uuids:
        return 0
    marks, named = sql.placeholders("n", entity_uuids)
    named["g"] = group_id
    return conn.execute(
        f"DELETE FROM entities WHERE group_id = :g AND uuid IN ({marks}) "
        "AND NOT EXISTS (SELECT 1 FROM facts f WHERE f.group_id = :g "
        "  AND (f.subject_uuid = entities.uuid OR f.object_uuid = entities.uuid)) "
        "AND NOT EXISTS (SELECT 1 FROM mentions m WHERE m.group_id = :g "
        "  AND m.entity_uuid = entities.uuid)",
        named,
    ).rowcount


def bump_vectors(conn: sqlite3.Connection, group_id: str) -> None:
    conn.execute(
        "INSERT INTO tenant_state (group_id, vector_generation) VALUES (?, 1) "
        "ON CONFLICT (group_id) DO UPDATE SET vector_generation = vector_generation + 1",
        (group_id,),
    )


class SqliteErasure(Erasure):
    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn

    def group(self, group_id: str, batch: int) -> int:
        removed = facts_where(self.conn, "group_id = :g", {"g": group_id}, batch)
        removed += episode_rows(self.conn, group_id, batch - removed)
        for table in ("entities", "mentions", "candidates", "operations", "actions"):
            removed += rows(self.conn, table, group_id, batch - removed)
        return removed

    def episodes(self, group_id: str, episode_uuids: Sequence[str]) -> int:
        return of_episodes(self.conn, group_id, list(episode_uuids))
