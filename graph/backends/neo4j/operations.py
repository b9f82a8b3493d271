"""The operation log's verbs (`graph.ports.operations`) as Cypher from `cypher/`."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from neo4j.exceptions import ConstraintError

from graph.backends.neo4j import codec
from graph.backends.neo4j.rows import Rows
from graph.domain.errors import DuplicateRecord, InvalidInput, LeaseLost, NotFound
from graph.domain.model import Operation
from graph.ports.operations import WAITING_STATUSES, Operations

FINISHED_FIELDS = ("status", "attempts", "result", "error", "updated_at", "lease_until", "worker")


class Neo4jOperations(Operations):
    def __init__(self, rows: Rows) -> None:
        self._rows = rows

    def get(self, event_id: str) -> Operation | None:
        rows = self._rows("operation_get", event_id=event_id)
        return codec.operation_from_map(rows[0]["operation"]) if rows else None

    def waiting(self) -> dict[str, int]:
        rows = self._rows("operations_waiting", statuses=list(WAITING_STATUSES))
        counted = {row["status"]: int(row["n"]) for row in rows}
        return {status: 0 for status in WAITING_STATUSES} | counted

    def append(self, operation: Operation) -> Operation:
        if operation.idempotency_key is not None:
            rows = self._rows(
                "operation_by_key",
                group_id=operation.group_id,
                idempotency_key=operation.idempotency_key,
            )
            if rows:
                return codec.operation_from_map(rows[0]["operation"])
        try:
            self._rows("operation_append", props=codec.operation_props(operation))
        except ConstraintError as exc:
            raise DuplicateRecord(f"operation {operation.event_id} exists") from exc
        return operation

    def record(self, operations: Sequence[Operation]) -> None:
        if any(o.idempotency_key is not None for o in operations):
            raise InvalidInput("operations.record takes receipts without idempotency keys")
        if not operations:
            return
        try:
            self._rows(
                "operations_record", operations=[codec.operation_props(o) for o in operations]
            )
        except ConstraintError as exc:
            raise DuplicateRecord(f"an operation of this batch exists: {exc}") from exc

    def claim(self, now: datetime, lease_until: datetime, worker: str) -> Operation | None:
        for row in self._rows("operation_candidates", now=now, limit=5):
            claimed = self._rows(
                "operation_claim",
                event_id=row["event_id"],
                now=now,
                lease_until=lease_until,
                worker=worker,
            )
            if claimed:
                return codec.operation_from_map(claimed[0]["operation"])
        return None

    def finish(self, operation: Operation) -> None:
        props = codec.operation_props(operation)
        changes = {key: props.get(key) for key in (*FINISHED_FIELDS, "payload")}
        held = {"attempts": operation.attempts, "worker": operation.worker}
        if not self._rows("operation_finish", event_id=operation.event_id, changes=changes, **held):
            if self.get(operation.event_id) is None:
                raise NotFound(f"no operation {operation.event_id}")
            raise LeaseLost(f"operation {operation.event_id} is no longer held by this worker")
