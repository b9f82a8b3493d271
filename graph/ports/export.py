"""Export's verb: a tenant's records of one kind, page by page, as stored (for backup, audit
and restore; `Store.export` walks every kind and then the ledger)."""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Literal

from graph.domain.model import Candidate, Entity, Episode, Fact, Operation

ExportKind = Literal["entity", "fact", "episode", "operation", "candidate"]
EXPORT_KINDS: tuple[ExportKind, ...] = ("entity", "fact", "episode", "operation", "candidate")
Record = Entity | Fact | Episode | Operation | Candidate


class ExportReads(ABC):
    """The tenant's records of every kind but the ledger, in pages."""

    @abstractmethod
    def page(self, group_id: str, kind: ExportKind, after: str, limit: int) -> list[Record]:
        """Up to `limit` of the tenant's records of one kind, ordered by id, after `after`
        (entities, facts with their embeddings, episodes, operations, candidates)."""


def record_id(record: Record) -> str:
    """The id a record is paged by."""
    return record.event_id if isinstance(record, Operation) else record.uuid
