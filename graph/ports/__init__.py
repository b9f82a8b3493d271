"""The one storage port. Methods are named in domain terms; no query text crosses it.

A backend provides a `StoreTx` implementation (every verb, run inside one transaction) and a
`Store` that opens read transactions (`read`) and write transactions (`transaction`). The read
verbs on `Store` itself are defined once here and delegate to `read`, so every backend and every
test double behaves the same way. Every call names its tenant (`group_id`); a backend filters by
it in the query itself, so no verb can return another tenant's record.

Errors: backends raise only `graph.domain.errors` classes (`StoreUnavailable` for an outage,
`DuplicateRecord` for a unique-key collision, `LedgerHeadMoved` for a lost compare-and-set,
`NotFound`, `InvalidInput`), translated at their boundary.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Literal, TypeVar

from graph.domain import ledger as ledger_rules
from graph.domain.model import (
    ActionRecord,
    Candidate,
    CandidateStatus,
    Entity,
    Episode,
    Fact,
    LedgerEntry,
    LedgerVerdict,
    Operation,
)
from graph.ports.entities import Entities, EntityReads
from graph.ports.episodes import EpisodeReads, Episodes
from graph.ports.facts import FactReads, Facts
from graph.ports.ledger import LEDGER_PAGE, Ledger, LedgerReads
from graph.ports.operations import OperationReads, Operations
from graph.ports.search import SearchReads

T = TypeVar("T")
ExportKind = Literal["entity", "fact", "episode", "operation", "candidate"]
EXPORT_KINDS: tuple[ExportKind, ...] = ("entity", "fact", "episode", "operation", "candidate")
Record = Entity | Fact | Episode | Operation | Candidate


@dataclass(frozen=True)
class Capabilities:
    """Declared differences between backends (tests read these; they never test `name`)."""

    name: str
    vector_search: Literal["exact", "approximate"]
    fulltext_analyzer: str
    concurrent_writers: bool
    search_in_one_query: bool = False
    """`search_channels` answers every channel in one query (a round trip each matters more
    than running the channels side by side); otherwise the search runs them in lanes."""


class StoreReads(ABC):
    """Read verbs, available in read and write transactions, and the roles by record kind."""

    facts: FactReads
    entities: EntityReads
    episodes: EpisodeReads
    ledger: LedgerReads
    operations: OperationReads
    search: SearchReads

    @abstractmethod
    def actions_for(self, group_id: str, fact_id: str) -> list[ActionRecord]:
        """Executed actions about one record, oldest first."""

    @abstractmethod
    def candidates(
        self, group_id: str, status: CandidateStatus | None, limit: int
    ) -> list[Candidate]:
        """The tenant's candidates (of one status), oldest first."""

    @abstractmethod
    def get_candidate(self, group_id: str, uuid: str) -> Candidate | None:
        """One candidate of the tenant."""

    @abstractmethod
    def export_page(self, group_id: str, kind: ExportKind, after: str, limit: int) -> list[Record]:
        """Up to `limit` of the tenant's records of one kind, ordered by id, after `after`
        (entities, facts with their embeddings, episodes, operations)."""


class StoreTx(StoreReads):
    """Every verb, inside one transaction: all of it commits or none of it does."""

    facts: Facts
    entities: Entities
    episodes: Episodes
    ledger: Ledger
    operations: Operations

    @abstractmethod
    def record_actions(self, actions: Sequence[ActionRecord]) -> None:
        """Store executed actions (their before-images make them reversible)."""

    @abstractmethod
    def record_candidates(self, candidates: Sequence[Candidate]) -> None:
        """Store candidates (held or rejected extracted records)."""

    @abstractmethod
    def update_candidate(self, candidate: Candidate) -> None:
        """Store a candidate's decision. Raises NotFound for a missing candidate."""

    @abstractmethod
    def erase_group(self, group_id: str, batch: int) -> int:
        """Remove up to `batch` of the tenant's records of every kind but the ledger (facts
        and their index entries and vectors, entities, episodes, candidates, operations,
        actions); returns how many went. Call until 0."""

    @abstractmethod
    def erase_episodes(self, group_id: str, episode_uuids: Sequence[str]) -> int:
        """Remove these episodes, the facts and candidates read from them, and entities left
        with no fact and no mention; returns how many records went."""

    @abstractmethod
    def mark_rolled_back(self, group_id: str, action_uuid: str, at: datetime) -> None:
        """Mark an action as rolled back. Raises NotFound for a missing action."""


class Store(ABC):
    """A backend. Read verbs are inherited; backends implement read/transaction/close."""

    capabilities: Capabilities

    @abstractmethod
    def read(self, fn: Callable[[StoreReads], T]) -> T:
        """Run `fn` in one read transaction."""

    @abstractmethod
    def transaction(self, fn: Callable[[StoreTx], T]) -> T:
        """Run `fn` in one write transaction; a backend may retry it on transient errors,
        so `fn` must not have side effects outside the store."""

    @abstractmethod
    def close(self) -> None:
        """Release connections."""

    def compact(self) -> None:  # noqa: B027 - an optional hook; most backends need nothing
        """Make erased content unrecoverable where the backend can (after an erasure)."""

    def ping(self) -> None:
        """Raise StoreUnavailable when the store cannot answer."""
        self.read(lambda tx: tx.ledger.head("_ping_"))

    def export(self, group_id: str, page: int = 500) -> Iterator[Record | LedgerEntry]:
        """Everything the tenant's store holds, kind by kind, for backup and audit."""
        for kind in EXPORT_KINDS:
            after = ""
            while True:
                batch = self._export_page(group_id, kind, after, page)
                yield from batch
                if len(batch) < page:
                    break
                after = _record_id(batch[-1])
        yield from self._ledger_pages(group_id)

    def _export_page(self, group_id: str, kind: ExportKind, after: str, page: int) -> list[Record]:
        return self.read(lambda tx: tx.export_page(group_id, kind, after, page))

    def actions_for(self, group_id: str, fact_id: str) -> list[ActionRecord]:
        return self.read(lambda tx: tx.actions_for(group_id, fact_id))

    def verify_ledger(
        self, group_id: str, expected: ledger_rules.Head | None = None
    ) -> LedgerVerdict:
        """Walk the tenant's chain page by page (against the `expected` head, if given), then
        recompute the digest of every record it covers from the store; report the first entry
        that does not verify or whose record was edited or deleted."""
        walked = ledger_rules.walk(self._ledger_pages(group_id), expected)
        if not walked.verdict.ok:
            return walked.verdict
        return ledger_rules.check_records(walked, self._stored_digests(group_id, walked.covered))

    def _stored_digests(
        self, group_id: str, keys: Iterable[ledger_rules.RecordKey]
    ) -> dict[ledger_rules.RecordKey, str]:
        wanted: dict[str, list[str]] = {}
        for kind, record_id in keys:
            wanted.setdefault(kind, []).append(record_id)
        out: dict[ledger_rules.RecordKey, str] = {}
        for kind, ids in wanted.items():
            for start in range(0, len(ids), LEDGER_PAGE):
                chunk = ids[start : start + LEDGER_PAGE]
                for record in self._records_of(group_id, kind, chunk):
                    out[(kind, record.uuid)] = ledger_rules.record_digest(record)
        return out

    def _records_of(self, group_id: str, kind: str, ids: list[str]) -> Sequence[Fact | Episode]:
        if kind == "fact":
            return self.read(lambda tx: tx.facts.get(group_id, ids))
        if kind == "episode":
            return self.read(lambda tx: tx.episodes.get(group_id, ids))
        return []

    def _ledger_pages(self, group_id: str) -> Iterator[LedgerEntry]:
        after = 0
        while True:
            page = self._ledger_page(group_id, after)
            yield from page
            if len(page) < LEDGER_PAGE:
                return
            after = page[-1].seq

    def _ledger_page(self, group_id: str, after: int) -> list[LedgerEntry]:
        return self.read(lambda tx: tx.ledger.entries(group_id, after, LEDGER_PAGE))


def _record_id(record: Record) -> str:
    return record.event_id if isinstance(record, Operation) else record.uuid
