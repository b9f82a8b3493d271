"""The operation log's verbs (`graph.ports.operations`) on one SQLite connection."""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from datetime import datetime

from graph.backends.sqlite import codec, sql
from graph.domain.errors import DuplicateRecord, InvalidInput, LeaseLost, NotFound
from graph.domain.model import Operation
from graph.ports.operations import WAITING_STATUSES, Operations


class SqliteOperations(Operations):
    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn

    def get(self, event_id: str) -> Operation | None:
        row = self.conn.execute(
            "SELECT * FROM operations WHERE event_id = ?", (event_id,)
        ).fetchone()
        return codec.operation_from_row(row) if row else None

    def waiting(self) -> dict[str, int]:
        marks, params = sql.placeholders("s", list(WAITING_STATUSES))
        rows = self.conn.execute(
            f"SELECT status, count(*) AS n FROM operations WHERE status IN ({marks}) "
            "GROUP BY status",
            params,
        ).fetchall()
        return {status: 0 for status in WAITING_STATUSES} | {r["status"]: r["n"] for r in rows}

    def append(self, operation: Operation) -> Operation:
        if operation.idempotency_key is not None:
            row = self.conn.execute(
                "SELECT * FROM operations WHERE group_id = ? AND idempotency_key = ?",
                (operation.group_id, operation.idempotency_key),
            ).fetchone()
            if row is not None:
                return codec.operation_from_row(row)
        try:
            self.conn.execute(sql.INSERT_OPERATION, codec.operation_row(operation))
        except sqlite3.IntegrityError as exc:
            raise DuplicateRecord(f"operation {operation.event_id} exists") from exc
        return operation

    def record(self, operations: Sequence[Operation]) -> None:
        if any(o.idempotency_key is not None for o in operations):
            raise InvalidInput("operations.record takes receipts without idempotency keys")
        try:
            self.conn.executemany(
                sql.INSERT_OPERATION, [codec.operation_row(o) for o in operations]
            )
        except sqlite3.IntegrityError as exc:
            raise DuplicateRecord(f"an operation of this batch exists: {exc}") from exc

    def claim(self, now: datetime, lease_until: datetime, worker: str) -> Operation | None:
        params = {
            "now": codec.to_micros(now),
            "lease_until": codec.to_micros(lease_until),
            "worker": worker,
        }
        row = self.conn.execute(sql.CLAIM_OPERATION, params).fetchone()
        return codec.operation_from_row(row) if row else None

    def finish(self, operation: Operation) -> None:
        params = codec.operation_params(operation)
        cursor = self.conn.execute(sql.UPDATE_OPERATION, params)
        if cursor.rowcount == 0:
            if self.get(operation.event_id) is None:
                raise NotFound(f"no operation {operation.event_id}")
            raise LeaseLost(f"operation {operation.event_id} is no longer held by this worker")
