"""The Python client: `Memory()` on the embedded store, the same use cases as REST.

from service import Memory
m = Memory()
m.add("I moved to Berlin in 2023.", user_id="alice", observation_date="2023-06-01")

Answers are the typed models of the API's shapes (`service.views`, `service.read.answers`,
`service.tenancy.usecases`); `service.Client` gives the same models over HTTP.
"""

from __future__ import annotations

from typing import Any

from graph.domain.tenancy import TenantScope
from service.bootstrap import Container, bootstrap
from service.clients.conflicts import ConflictMethods
from service.clients.reads import ReadMethods
from service.read import facts as fact_cases
from service.read.answers import LedgerOut
from service.read.deps import ReadDeps
from service.settings import Settings
from service.tenancy.usecases import ErasureOut, ExportLine, ReprocessOut, StaleOut
from service.views import (
    AddOut,
    BatchOut,
    CandidateOut,
    CandidatesOut,
    OperationOut,
    PendingOut,
    ResultsOut,
)
from service.write.queue import OperationRunner
from service.write.request import validated


class Memory(ReadMethods, ConflictMethods):
    """One store, one set of use cases. Arguments are those of the REST API (API.md)."""

    def __init__(
        self,
        settings: Settings | None = None,
        *,
        container: Container | None = None,
        **overrides: Any,
    ) -> None:
        self._container = container or bootstrap(settings or Settings(**overrides))

    @property
    def container(self) -> Container:
        return self._container

    @property
    def reads(self) -> ReadDeps:
        return self._container.reads

    def add(self, messages: Any, *, mode: str = "sync", **options: Any) -> AddOut | PendingOut:
        """Extract and store facts: `AddOut` (`.results`, `.alerts`); with mode="async",
        `PendingOut` (`.event_id`, `.status` PENDING) at once."""
        request = validated({"messages": messages, **options})
        if mode == "async":
            return PendingOut.of(self._container.writes.enqueue(request))
        return self._container.writes.add(request)

    def add_batch(self, items: list[dict[str, Any]]) -> BatchOut:
        """Many adds; each item as the arguments of `add`: `.results`, one per item (its
        answer, or its own `.error`)."""
        return BatchOut.model_construct(results=self._container.writes.add_batch(items))

    def get_operation(self, event_id: str, *, user_id: str | None = None) -> OperationOut:
        """`.event_id`, `.status`, and `.result` or `.error` once the write has one."""
        return fact_cases.operation_status(self.reads, event_id, user_id)

    def verify_ledger(
        self,
        *,
        user_id: str | None = None,
        agent_id: str | None = None,
        run_id: str | None = None,
        expect_head: str | None = None,
    ) -> LedgerOut:
        """Walk the tenant's hash chain and the records it covers: `.ok`, `.length`,
        `.first_bad_seq`, `.reason`, `.record`, `.head`."""
        scope = TenantScope(user_id, agent_id, run_id)
        return fact_cases.verify_ledger(self.reads, scope, expect_head)

    def candidates(
        self, *, user_id: str | None = None, status: str | None = "pending", limit: int = 100
    ) -> CandidatesOut:
        """The review queue: extracted records held (or rejected) by the promotion rules."""
        return self._container.candidates.list(TenantScope(user_id), status, limit)

    def confirm_candidate(self, candidate_id: str, *, user_id: str | None = None) -> ResultsOut:
        return self._container.candidates.confirm(TenantScope(user_id), candidate_id)

    def reject_candidate(
        self, candidate_id: str, *, user_id: str | None = None, reason: str | None = None
    ) -> CandidateOut:
        return self._container.candidates.reject(TenantScope(user_id), candidate_id, reason)

    def stale(self, *, user_id: str | None = None) -> StaleOut:
        """Current records made under other extraction or policy versions."""
        return self._container.tenancy.stale(TenantScope(user_id))

    def reprocess(
        self,
        *,
        user_id: str | None = None,
        source: str | None = None,
        only_stale: bool = True,
        dry_run: bool = False,
    ) -> ReprocessOut:
        """Re-extract selected episodes under the current rules (old records kept, outdated)."""
        return self._container.tenancy.reprocess(
            TenantScope(user_id), source=source, only_stale=only_stale, dry_run=dry_run
        )

    def forget_user(self, user_id: str) -> ErasureOut:
        """Erase a user's memory; the ledger keeps a tombstone."""
        return self._container.tenancy.forget_user(TenantScope(user_id))

    def forget_source(self, source: str, *, user_id: str | None = None) -> ErasureOut:
        return self._container.tenancy.forget_source(TenantScope(user_id), source)

    def export(self, *, user_id: str | None = None) -> list[ExportLine]:
        """Every record of the tenant, one `{"kind", "record"}` line each."""
        return list(self._container.tenancy.export(TenantScope(user_id)))

    def run_pending(self, *, worker: str = "inline", limit: int = 1000) -> int:
        """Run queued asynchronous writes in this process; returns how many ran."""
        done = 0
        turn = OperationRunner(self._container.writes)
        while done < limit and turn.run_next(worker) is not None:
            done += 1
        return done

    def close(self) -> None:
        self._container.close()

    def __enter__(self) -> Memory:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()
