"""Export's verb (`graph.ports.export`) on one SQLite connection."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable

from graph.backends.sqlite import codec
from graph.domain.model import Fact
from graph.ports.export import ExportKind, ExportReads, Record


class SqliteExport(ExportReads):
    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn

    def page(self, group_id: str, kind: ExportKind, after: str, limit: int) -> list[Record]:
        table, key, decode = _EXPORTS[kind]
        rows = self.conn.execute(
            f"SELECT * FROM {table} WHERE group_id = ? AND {key} > ? ORDER BY {key} LIMIT ?",
            (group_id, after, limit),
        ).fetchall()
        return [decode(row) for row in rows]


def _fact_with_embedding(row: sqlite3.Row) -> Fact:
    return codec.fact_from_row(row, with_embedding=True)


_EXPORTS: dict[str, tuple[str, str, Callable[[sqlite3.Row], Record]]] = {
    "entity": ("entities", "uuid", codec.entity_from_row),
    "fact": ("facts", "uuid", _fact_with_embedding),
    "episode": ("episodes", "uuid", codec.episode_from_row),
    "operation": ("operations", "event_id", codec.operation_from_row),
    "candidate": ("candidates", "uuid", codec.candidate_from_row),
}
