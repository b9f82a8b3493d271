"""The store and its transactions: the only ways into storage.

    store.read(lambda tx: tx.facts.find(...))      a read transaction: every role, reads only
    store.transaction(lambda tx: ...)              a write transaction (the unit of work's)

A transaction exposes one role per record kind (`tx.facts`, `tx.entities`, `tx.episodes`,
`tx.search`, `tx.ledger`, `tx.operations`, `tx.candidates`, `tx.actions`, `tx.export`, and in
a write transaction `tx.erasure`), each a small interface of its own module in `graph.ports`;
a backend implements each in the module of the same name. The store itself only opens
transactions, and adds what spans several of them: the ledger's verification and the export,
which page through a tenant one read at a time.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Literal, TypeVar

from graph.domain import ledger as ledger_rules
from graph.domain.model import Episode, Fact, LedgerEntry, LedgerVerdict
from graph.ports.entities import Entities, EntityReads
from graph.ports.episodes import EpisodeReads, Episodes
from graph.ports.erasure import Erasure
from graph.ports.export import EXPORT_KINDS, ExportKind, ExportReads, Record, record_id
from graph.ports.facts import FactReads, Facts
from graph.ports.ledger import LEDGER_PAGE, Ledger, LedgerReads
from graph.ports.maintenance import Maintenance
from graph.ports.operations import OperationReads, Operations
from graph.ports.review import ActionReads, Actions, CandidateReads, Candidates
from graph.ports.search import SearchReads

T = TypeVar("T")


@dataclass(frozen=True)
class Capabilities:
    """Declared differences between backends (tests read these; they never test `name`)."""

    name: str
    vector_search: Literal["exact", "approximate"]
    fulltext_analyzer: str
    concurrent_writers: bool
    search_in_one_query: bool = False
    """`tx.search.channels` answers every channel in one query (a round trip each matters more
    than running the channels side by side); otherwise the search runs them in lanes."""


class StoreReads:
    """A read transaction: the roles, each with its read verbs."""

    facts: FactReads
    entities: EntityReads
    episodes: EpisodeReads
    search: SearchReads
    ledger: LedgerReads
    operations: OperationReads
    candidates: CandidateReads
    actions: ActionReads
    export: ExportReads


class StoreTx(StoreReads):
    """A write transaction: the roles with their writes too; all of it commits or none does."""

    facts: Facts
    entities: Entities
    episodes: Episodes
    ledger: Ledger
    operations: Operations
    candidates: Candidates
    actions: Actions
    erasure: Erasure


class Store(ABC):
    """A backend: it opens transactions (`read`, `transaction`) and closes."""

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

    @abstractmethod
    def maintenance(self) -> Maintenance:
        """Resets, baselines and probes for tests and benchmarks (`graph.ports.maintenance`);
        never the service's."""

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
                after = record_id(batch[-1])
        yield from self._ledger_pages(group_id)

    def _export_page(self, group_id: str, kind: ExportKind, after: str, page: int) -> list[Record]:
        return self.read(lambda tx: tx.export.page(group_id, kind, after, page))

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
        for kind, record_id_ in keys:
            wanted.setdefault(kind, []).append(record_id_)
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
