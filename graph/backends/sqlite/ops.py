"""Every port verb on one SQLite connection. The store decides which connection and transaction."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Sequence
from datetime import datetime

from graph.backends.sqlite import codec, erase
from graph.backends.sqlite.entities import SqliteEntities
from graph.backends.sqlite.episodes import SqliteEpisodes
from graph.backends.sqlite.facts import SqliteFacts
from graph.backends.sqlite.ledger import SqliteLedger
from graph.backends.sqlite.operations import SqliteOperations
from graph.backends.sqlite.search import SqliteSearch
from graph.backends.sqlite.vectors import VectorIndex
from graph.domain.errors import (
    NotFound,
)
from graph.domain.model import (
    ActionRecord,
    Candidate,
    CandidateStatus,
    Fact,
)
from graph.ports import ExportKind, Record, StoreTx


class SqliteTx(StoreTx):
    """Reads and writes on `conn`; the caller owns the transaction boundary."""

    def __init__(self, conn: sqlite3.Connection, vectors: VectorIndex) -> None:
        self.conn = conn
        self.facts = SqliteFacts(conn)
        self.entities = SqliteEntities(conn)
        self.episodes = SqliteEpisodes(conn)
        self.search = SqliteSearch(conn, vectors, self)
        self.ledger = SqliteLedger(conn)
        self.operations = SqliteOperations(conn)

    # -- reads ---------------------------------------------------------------------------

    def actions_for(self, group_id: str, fact_id: str) -> list[ActionRecord]:
        rows = self.conn.execute(
            "SELECT body, rolled_back_at FROM actions WHERE group_id = ? AND fact_id = ? "
            "ORDER BY at, uuid",
            (group_id, fact_id),
        ).fetchall()
        return [codec.action_from_row(row) for row in rows]

    def candidates(
        self, group_id: str, status: CandidateStatus | None, limit: int
    ) -> list[Candidate]:
        where, params = "group_id = ?", [group_id]
        if status is not None:
            where += " AND status = ?"
            params.append(status)
        rows = self.conn.execute(
            f"SELECT body FROM candidates WHERE {where} ORDER BY created_at, uuid LIMIT ?",
            (*params, limit),
        ).fetchall()
        return [codec.candidate_from_row(row) for row in rows]

    def get_candidate(self, group_id: str, uuid: str) -> Candidate | None:
        row = self.conn.execute(
            "SELECT body FROM candidates WHERE group_id = ? AND uuid = ?", (group_id, uuid)
        ).fetchone()
        return codec.candidate_from_row(row) if row else None

    def export_page(self, group_id: str, kind: ExportKind, after: str, limit: int) -> list[Record]:
        table, key, decode = _EXPORTS[kind]
        rows = self.conn.execute(
            f"SELECT * FROM {table} WHERE group_id = ? AND {key} > ? ORDER BY {key} LIMIT ?",
            (group_id, after, limit),
        ).fetchall()
        return [decode(row) for row in rows]

    # -- writes --------------------------------------------------------------------------

    def record_actions(self, actions: Sequence[ActionRecord]) -> None:
        self.conn.executemany(
            "INSERT INTO actions (uuid, group_id, fact_id, at, rolled_back_at, body) "
            "VALUES (?, ?, ?, ?, ?, ?)",
            [codec.action_params(a) for a in actions],
        )

    def record_candidates(self, candidates: Sequence[Candidate]) -> None:
        self.conn.executemany(
            "INSERT INTO candidates (uuid, group_id, status, created_at, body) "
            "VALUES (?, ?, ?, ?, ?)",
            [codec.candidate_params(c) for c in candidates],
        )

    def update_candidate(self, candidate: Candidate) -> None:
        uuid, group, status, _, body = codec.candidate_params(candidate)
        cursor = self.conn.execute(
            "UPDATE candidates SET status = ?, body = ? WHERE group_id = ? AND uuid = ?",
            (status, body, group, uuid),
        )
        if cursor.rowcount == 0:
            raise NotFound(f"no candidate {uuid} in this tenant", details={"id": uuid})

    def erase_group(self, group_id: str, batch: int) -> int:
        removed = erase.facts_where(self.conn, "group_id = :g", {"g": group_id}, batch)
        removed += erase.episode_rows(self.conn, group_id, batch - removed)
        for table in ("entities", "mentions", "candidates", "operations", "actions"):
            removed += erase.rows(self.conn, table, group_id, batch - removed)
        return removed

    def erase_episodes(self, group_id: str, episode_uuids: Sequence[str]) -> int:
        return erase.episodes(self.conn, group_id, list(episode_uuids))

    def mark_rolled_back(self, group_id: str, action_uuid: str, at: datetime) -> None:
        cursor = self.conn.execute(
            "UPDATE actions SET rolled_back_at = ? WHERE group_id = ? AND uuid = ?",
            (codec.to_micros(at), group_id, action_uuid),
        )
        if cursor.rowcount == 0:
            raise NotFound(f"no action {action_uuid} in this tenant")

    # -- helpers -------------------------------------------------------------------------


def _fact_with_embedding(row: sqlite3.Row) -> Fact:
    return codec.fact_from_row(row, with_embedding=True)


_EXPORTS: dict[str, tuple[str, str, Callable[[sqlite3.Row], Record]]] = {
    "entity": ("entities", "uuid", codec.entity_from_row),
    "fact": ("facts", "uuid", _fact_with_embedding),
    "episode": ("episodes", "uuid", codec.episode_from_row),
    "operation": ("operations", "event_id", codec.operation_from_row),
    "candidate": ("candidates", "uuid", codec.candidate_from_row),
}
