"""`MemoryAPI`: the methods `service.Memory` (in process) and `service.Client` (over HTTP) both
have, with the same names, arguments and results, so code written against one runs on the other.

    def remember(m: MemoryAPI) -> None:
        m.add("I moved to Berlin in 2023.", user_id="alice")
        print([f.value for f in m.facts(user_id="alice", as_of="2024").facts])

Results are the typed models of API.md's shapes (`service.views`, `service.read.answers`,
`service.tenancy.usecases`), the same from both: `Memory` builds them from the store, `Client` reads
them from the service's JSON. `answer["facts"]` reads a field by its JSON name as well. The
conflict methods still answer with plain dicts of their JSON shape.

Both raise the `graph.domain.errors` classes; over HTTP the class is the one whose `code` the
service answered with. `service.clients.remote.AsyncClient` has the same methods as coroutines.
"""

from __future__ import annotations

from typing import Any, Literal, Protocol, runtime_checkable

from service.conflicts.answers import (
    AuditOut,
    HistoryOut,
    ResolutionOut,
    ReviewOut,
    RollbackOut,
    WrittenOut,
)
from service.read.answers import FactsOut, GraphOut, LedgerOut, PathsOut, SearchOut
from service.tenancy.usecases import ErasureOut, ExportLine
from service.views import (
    AddOut,
    BatchOut,
    CandidateOut,
    CandidatesOut,
    FactOut,
    OperationOut,
    PendingOut,
    ResultsOut,
)


@runtime_checkable
class MemoryAPI(Protocol):
    """The shared surface (API.md, "Python")."""

    def add(self, messages: Any, *, mode: str = "sync", **options: Any) -> AddOut | PendingOut: ...

    def add_batch(self, items: list[dict[str, Any]]) -> BatchOut: ...

    def get_operation(self, event_id: str, *, user_id: str | None = None) -> OperationOut: ...

    def facts(self, **arguments: Any) -> FactsOut: ...

    def search(self, q: str, **arguments: Any) -> SearchOut: ...

    def get_fact(self, fact_id: str, **scope: Any) -> FactOut: ...

    def graph(self, entity: str, **arguments: Any) -> GraphOut: ...

    def paths(self, from_: str, to: str, **arguments: Any) -> PathsOut: ...

    def history(
        self,
        entity: str,
        *,
        user_id: str | None = None,
        agent_id: str | None = None,
        run_id: str | None = None,
        predicate: str | None = None,
    ) -> HistoryOut: ...

    def conflict_resolve(
        self,
        content: str | None = None,
        *,
        fact_id: str | None = None,
        dry_run: bool = True,
        scope: Literal["record", "audit"] = "record",
        user_id: str | None = None,
        agent_id: str | None = None,
        run_id: str | None = None,
        project: str | None = None,
    ) -> ResolutionOut | WrittenOut | AuditOut: ...

    def audit(
        self, *, user_id: str | None = None, agent_id: str | None = None, run_id: str | None = None
    ) -> AuditOut: ...

    def rollback(
        self,
        fact_id: str,
        *,
        user_id: str | None = None,
        agent_id: str | None = None,
        run_id: str | None = None,
    ) -> RollbackOut: ...

    def confirm_fact(self, fact_id: str, *, user_id: str | None = None) -> ReviewOut: ...

    def reject_fact(self, fact_id: str, *, user_id: str | None = None) -> ReviewOut: ...

    def candidates(
        self, *, user_id: str | None = None, status: str | None = "pending", limit: int = 100
    ) -> CandidatesOut: ...

    def confirm_candidate(self, candidate_id: str, *, user_id: str | None = None) -> ResultsOut: ...

    def reject_candidate(
        self, candidate_id: str, *, user_id: str | None = None, reason: str | None = None
    ) -> CandidateOut: ...

    def verify_ledger(
        self,
        *,
        user_id: str | None = None,
        agent_id: str | None = None,
        run_id: str | None = None,
        expect_head: str | None = None,
    ) -> LedgerOut: ...

    def forget_user(self, user_id: str) -> ErasureOut: ...

    def export(self, *, user_id: str | None = None) -> list[ExportLine]: ...

    def close(self) -> None: ...


PROTOCOL_METHODS: tuple[str, ...] = tuple(
    name for name in vars(MemoryAPI) if not name.startswith("_") and callable(vars(MemoryAPI)[name])
)
"""The method names of the protocol (the conformance test walks them)."""
