"""The operation log's verbs: asynchronous writes waiting, running and done, and the receipts
of synchronous ones. A worker claims an operation under a lease and finishes it; a claim whose
lease ran out can be taken again, so no accepted write is lost when a worker dies."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from datetime import datetime

from graph.domain.model import Operation

WAITING_STATUSES = ("PENDING", "RUNNING", "FAILED")


class OperationReads(ABC):
    """The log, as read."""

    @abstractmethod
    def get(self, event_id: str) -> Operation | None:
        """An operation by its event id."""

    @abstractmethod
    def waiting(self) -> dict[str, int]:
        """How many operations of every tenant are PENDING, RUNNING and FAILED (the queue's
        depth, for metrics); statuses with none are 0."""


class Operations(OperationReads):
    """The log, read and written."""

    @abstractmethod
    def append(self, operation: Operation) -> Operation:
        """Log an operation; with an idempotency key already logged, return that one instead."""

    @abstractmethod
    def record(self, operations: Sequence[Operation]) -> None:
        """Log finished operations (write receipts, no idempotency keys) in one statement; an
        event id already logged is DuplicateRecord and nothing is written."""

    @abstractmethod
    def claim(self, now: datetime, lease_until: datetime, worker: str) -> Operation | None:
        """Take the oldest PENDING operation, or a RUNNING one whose lease ran out; mark it
        RUNNING with a new lease and one more attempt."""

    @abstractmethod
    def finish(self, operation: Operation) -> None:
        """Store an operation's final or retried state (status, result, error, lease).
        Raises NotFound for an unknown operation, LeaseLost when another worker holds it."""
