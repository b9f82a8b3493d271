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
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Literal, TypeVar

from graph.domain import ledger as ledger_rules
from graph.domain.enums import VerifyStatus
from graph.domain.errors import InvalidInput
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
from graph.domain.timerules import CURRENT, TimeQuery
from graph.ports.entities import Entities, EntityReads
from graph.ports.episodes import EpisodeReads, Episodes
from graph.ports.ledger import LEDGER_PAGE, Ledger, LedgerReads
from graph.ports.limits import check_limit
from graph.ports.operations import OperationReads, Operations
from graph.ports.search import SearchReads

T = TypeVar("T")
ExportKind = Literal["entity", "fact", "episode", "operation", "candidate"]
EXPORT_KINDS: tuple[ExportKind, ...] = ("entity", "fact", "episode", "operation", "candidate")
Record = Entity | Fact | Episode | Operation | Candidate


PATCHABLE_FIELDS = frozenset(
    {
        "invalid_at",
        "invalidated_at",
        "expired_at",
        "superseded_by",
        "supersedes",
        "verify_status",
        "disputed",
        "needs_confirmation",
        "confidence",
    }
)


@dataclass(frozen=True)
class AlignmentKey:
    """Facts about the same subject and predicate are aligned; scope is checked by the caller.

    With `value_key`, only the aligned records that can bear on one statement of a
    multi-valued predicate: those holding the same value in `scope`, and every record of
    another scope (a scope difference); the rest of the predicate's values coexist with the
    statement whatever they are, so the write need not read them (an index seek, where a
    speaker's thousands of `said` records would otherwise all be read for every message).
    """

    subject_key: str
    predicate: str
    value_key: str | None = None
    scope: str = ""


@dataclass(frozen=True)
class FactFilter:
    """Optional narrowing of a fact read, always inside one tenant."""

    subject_key: str | None = None
    predicate: str | None = None
    scope: str | None = None
    memory_types: tuple[str, ...] = ()
    categories: tuple[str, ...] = ()
    verify_statuses: tuple[str, ...] = ()
    fact_types: tuple[str, ...] = ()
    agent_id: str | None = None
    run_id: str | None = None
    extraction_version_not: str | None = None
    policy_version_not: str | None = None


@dataclass(frozen=True)
class FactQuery:
    """A fact read: which records (filter), at which time (time), how many (limit).

    `include_history=True` returns every record of the filter regardless of the time rules.
    """

    filter: FactFilter = field(default_factory=FactFilter)
    time: TimeQuery = CURRENT
    include_history: bool = False
    limit: int = 100

    def __post_init__(self) -> None:
        check_limit(self.limit)


@dataclass(frozen=True)
class FactPatch:
    """A change to a record's lifecycle fields (never its content, times of validity excepted)."""

    uuid: str
    changes: Mapping[str, Any]

    def __post_init__(self) -> None:
        unknown = set(self.changes) - PATCHABLE_FIELDS
        if unknown:
            raise InvalidInput(f"fields cannot be patched: {sorted(unknown)}", field="changes")


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

    entities: EntityReads
    episodes: EpisodeReads
    ledger: LedgerReads
    operations: OperationReads
    search: SearchReads

    @abstractmethod
    def get_facts(self, group_id: str, uuids: Sequence[str]) -> list[Fact]:
        """The tenant's records with these uuids (missing or foreign ids are skipped)."""

    @abstractmethod
    def find_by_signatures(self, group_id: str, signatures: Sequence[str]) -> dict[str, Fact]:
        """Records holding these signatures, keyed by signature (an index seek each)."""

    @abstractmethod
    def find_aligned(
        self, group_id: str, keys: Sequence[AlignmentKey], now: datetime
    ) -> list[Fact]:
        """Current records of the same subject and predicate as any key, in every scope (only
        those bearing on the key's value where it names one: see `AlignmentKey`)."""

    @abstractmethod
    def facts(self, group_id: str, query: FactQuery, now: datetime) -> list[Fact]:
        """Records visible under `query.time` (or all, with include_history), newest first."""

    @abstractmethod
    def history(self, group_id: str, subject_key: str, predicate: str | None = None) -> list[Fact]:
        """Every record of a subject (and predicate), superseded and expired ones included,
        in event order (valid_at, then created_at)."""

    @abstractmethod
    def actions_for(self, group_id: str, fact_id: str) -> list[ActionRecord]:
        """Executed actions about one record, oldest first."""

    @abstractmethod
    def subject_keys(self, group_id: str, after: str, limit: int, now: datetime) -> list[str]:
        """Distinct subjects of current records, in order, after `after` (the audit's buckets)."""

    @abstractmethod
    def facts_of_subjects(
        self, group_id: str, subject_keys: Sequence[str], now: datetime
    ) -> list[Fact]:
        """Current records of these subjects."""

    @abstractmethod
    def candidates(
        self, group_id: str, status: CandidateStatus | None, limit: int
    ) -> list[Candidate]:
        """The tenant's candidates (of one status), oldest first."""

    @abstractmethod
    def get_candidate(self, group_id: str, uuid: str) -> Candidate | None:
        """One candidate of the tenant."""

    @abstractmethod
    def facts_of_episodes(self, group_id: str, episode_uuids: Sequence[str]) -> list[Fact]:
        """Every record read from these episodes, in any state."""

    @abstractmethod
    def export_page(self, group_id: str, kind: ExportKind, after: str, limit: int) -> list[Record]:
        """Up to `limit` of the tenant's records of one kind, ordered by id, after `after`
        (entities, facts with their embeddings, episodes, operations)."""


class StoreTx(StoreReads):
    """Every verb, inside one transaction: all of it commits or none of it does."""

    entities: Entities
    episodes: Episodes
    ledger: Ledger
    operations: Operations

    @abstractmethod
    def record_facts(self, facts: Sequence[Fact]) -> None:
        """Create fact edges between their (existing) subject and object entities.
        Raises DuplicateRecord when a uuid or signature is already held."""

    @abstractmethod
    def patch_facts(self, group_id: str, patches: Sequence[FactPatch]) -> None:
        """Change lifecycle fields of existing records. Raises NotFound for a missing uuid."""

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

    def supersede(
        self, group_id: str, old: Fact, new_uuid: str, invalid_at: datetime, now: datetime
    ) -> None:
        """Temporal update: close the old record in event time; it stays believed."""
        self.patch_facts(group_id, [supersede_patch(old, new_uuid, invalid_at, now)])

    def expire(self, group_id: str, uuids: Sequence[str], now: datetime) -> None:
        """Correction: the store stops believing these records."""
        self.patch_facts(group_id, [FactPatch(u, {"expired_at": now}) for u in uuids])


def supersede_patch(old: Fact, new_uuid: str, invalid_at: datetime, now: datetime) -> FactPatch:
    if invalid_at < old.valid_at:
        raise InvalidInput("a record cannot be closed before it became valid", field="invalid_at")
    return FactPatch(
        old.uuid,
        {
            "invalid_at": invalid_at,
            "invalidated_at": now,
            "superseded_by": new_uuid,
            "verify_status": VerifyStatus.SUPERSEDED,
        },
    )


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

    def get_facts(self, group_id: str, uuids: Sequence[str]) -> list[Fact]:
        return self.read(lambda tx: tx.get_facts(group_id, uuids))

    def find_by_signatures(self, group_id: str, signatures: Sequence[str]) -> dict[str, Fact]:
        return self.read(lambda tx: tx.find_by_signatures(group_id, signatures))

    def find_aligned(
        self, group_id: str, keys: Sequence[AlignmentKey], now: datetime
    ) -> list[Fact]:
        return self.read(lambda tx: tx.find_aligned(group_id, keys, now))

    def facts(self, group_id: str, query: FactQuery, now: datetime) -> list[Fact]:
        return self.read(lambda tx: tx.facts(group_id, query, now))

    def history(self, group_id: str, subject_key: str, predicate: str | None = None) -> list[Fact]:
        return self.read(lambda tx: tx.history(group_id, subject_key, predicate))

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
            return self.get_facts(group_id, ids)
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
