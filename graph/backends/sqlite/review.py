"""The review's verbs (`graph.ports.review`: candidates and actions) on one SQLite connection."""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from datetime import datetime

from graph.backends.sqlite import codec
from graph.domain.errors import NotFound
from graph.domain.model import ActionRecord, Candidate, CandidateStatus
from graph.ports.review import Actions, Candidates


class SqliteCandidates(Candidates):
    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn

    def find(self, group_id: str, status: CandidateStatus | None, limit: int) -> list[Candidate]:
        where, params = "group_id = ?", [group_id]
        if status is not None:
            where += " AND status = ?"
            params.append(status)
        rows = self.conn.execute(
            f"SELECT body FROM candidates WHERE {where} ORDER BY created_at, uuid LIMIT ?",
            (*params, limit),
        ).fetchall()
        return [codec.candidate_from_row(row) for row in rows]

    def get(self, group_id: str, uuid: str) -> Candidate | None:
        row = self.conn.execute(
            "SELECT body FROM candidates WHERE group_id = ? AND uuid = ?", (group_id, uuid)
        ).fetchone()
        return codec.candidate_from_row(row) if row else None

    def record(self, candidates: Sequence[Candidate]) -> None:
        self.conn.executemany(
            "INSERT INTO candidates (uuid, group_id, status, created_at, body) "
            "VALUES (?, ?, ?, ?, ?)",
            [codec.candidate_params(c) for c in candidates],
        )

    def update(self, candidate: Candidate) -> None:
        uuid, group, status, _, body = codec.candidate_params(candidate)
        cursor = self.conn.execute(
            "UPDATE candidates SET status = ?, body = ? WHERE group_id = ? AND uuid = ?",
            (status, body, group, uuid),
        )
        if cursor.rowcount == 0:
            raise NotFound(f"no candidate {uuid} in this tenant", details={"id": uuid})


class SqliteActions(Actions):
    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn

    def of_fact(self, group_id: str, fact_id: str) -> list[ActionRecord]:
        rows = self.conn.execute(
            "SELECT body, rolled_back_at FROM actions WHERE group_id = ? AND fact_id = ? "
            "ORDER BY at, uuid",
            (group_id, fact_id),
        ).fetchall()
        return [codec.action_from_row(row) for row in rows]

    def record(self, actions: Sequence[ActionRecord]) -> None:
        self.conn.executemany(
            "INSERT INTO actions (uuid, group_id, fact_id, at, rolled_back_at, body) "
            "VALUES (?, ?, ?, ?, ?, ?)",
            [codec.action_params(a) for a in actions],
        )

    def mark_rolled_back(self, group_id: str, action_uuid: str, at: datetime) -> None:
        cursor = self.conn.execute(
            "UPDATE actions SET rolled_back_at = ? WHERE group_id = ? AND uuid = ?",
            (codec.to_micros(at), group_id, action_uuid),
        )
        if cursor.rowcount == 0:
            raise NotFound(f"no action {action_uuid} in this tenant")
