"""`graph.ports.maintenance.Maintenance` on the embedded store.

Tenants are dropped with the erasure the port uses (rows, keyword index entries and vectors
go together), then their ledger; the raw insert is plain `executemany` of the same rows.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeVar

from graph.backends.sqlite import codec, erasure, schema, sql
from graph.backends.sqlite.search import search_body
from graph.backends.sqlite.sql import tenant_token
from graph.domain.model import Entity, Fact
from graph.ports.maintenance import Maintenance, Tampering

T = TypeVar("T")
Write = Callable[[Callable[[sqlite3.Connection], Any]], Any]
BATCH = 5_000
_ROWID_TABLES = ("entities", "mentions", "candidates", "operations", "actions")
_TENANT_TABLES = ("facts", "episodes", *_ROWID_TABLES, "ledger")


class SqliteTampering(Tampering):
    def __init__(self, write: Write) -> None:
        self._write = write

    def ledger_entry(self, group_id: str, seq: int, action: str) -> None:
        self._write(
            lambda conn: conn.execute(
                "UPDATE ledger SET action = ? WHERE group_id = ? AND seq = ?",
                (action, group_id, seq),
            )
        )

    def fact(self, group_id: str, uuid: str, value: str) -> None:
        self._write(
            lambda conn: conn.execute(
                "UPDATE facts SET value = ? WHERE group_id = ? AND uuid = ?",
                (value, group_id, uuid),
            )
        )

    def delete_fact(self, group_id: str, uuid: str) -> None:
        self._write(
            lambda conn: conn.execute(
                "DELETE FROM facts WHERE group_id = ? AND uuid = ?", (group_id, uuid)
            )
        )

    def truncate_ledger(self, group_id: str, keep: int) -> None:
        self._write(
            lambda conn: conn.execute(
                "DELETE FROM ledger WHERE group_id = ? AND seq > ?", (group_id, keep)
            )
        )


class SqliteMaintenance(Maintenance):
    def __init__(self, write: Write) -> None:
        self._write = write
        self.tamper = SqliteTampering(write)

    def wipe(self) -> None:
        union = " UNION ".join(f"SELECT group_id FROM {table}" for table in _TENANT_TABLES)
        groups: list[str] = self._write(
            lambda conn: [row[0] for row in conn.execute(union).fetchall()]
        )
        for group in groups:
            self.drop_group(group)

    def drop_group(self, group_id: str) -> None:
        def batch(conn: sqlite3.Connection) -> int:
            removed = erasure.facts_where(conn, "group_id = :g", {"g": group_id}, BATCH)
            removed += erasure.episode_rows(conn, group_id, BATCH)
            for table in _ROWID_TABLES:
                removed += erasure.rows(conn, table, group_id, BATCH)
            ledger = conn.execute("DELETE FROM ledger WHERE group_id = ?", (group_id,))
            return removed + ledger.rowcount

        while self._write(batch):
            pass

    def raw_insert(self, entities: Sequence[Entity], facts: Sequence[Fact]) -> None:
        def work(conn: sqlite3.Connection) -> None:
            conn.executemany(sql.INSERT_ENTITY, [codec.entity_params(e) for e in entities])
            first = conn.execute("SELECT coalesce(max(id), 0) FROM facts").fetchone()[0] + 1
            conn.executemany(sql.INSERT_FACT, [codec.fact_row(f) for f in facts])
            conn.executemany(
                sql.INSERT_FTS,
                [
                    (first + i, tenant_token(f.group_id), search_body(f))
                    for i, f in enumerate(facts)
                ],
            )

        self._write(work)

    def stored_text(self) -> str:
        def work(conn: sqlite3.Connection) -> list[str]:
            tables = [
                row[0]
                for row in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
            ]
            return [_cell(cell) for table in tables for row in _rows(conn, table) for cell in row]

        cells: list[str] = self._write(work)
        return "\n".join(cells)

    def plan(self, statement: str, params: Mapping[str, Any] | None = None) -> list[str]:
        """The detail column of SQLite's EXPLAIN QUERY PLAN."""
        rows: list[str] = self._write(
            lambda conn: [
                str(row[3]) for row in conn.execute("EXPLAIN QUERY PLAN " + statement, params or {})
            ]
        )
        return rows

    def stamp_schema_version(self, version: int) -> None:
        self._write(lambda conn: conn.execute("UPDATE schema_version SET version = ?", (version,)))

    def schema_version(self) -> int | None:
        found: int | None = self._write(schema.stored_version)
        return found


def _rows(conn: sqlite3.Connection, table: str) -> list[tuple[Any, ...]]:
    quoted = table.replace('"', '""')
    return list(conn.execute(f'SELECT * FROM "{quoted}"'))  # a name sqlite_master gave


def _cell(cell: object) -> str:
    return bytes(cell).decode("latin-1") if isinstance(cell, bytes | memoryview) else str(cell)
