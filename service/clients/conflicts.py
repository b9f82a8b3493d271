"""The conflict methods of the Python client (`Memory.conflict_resolve`, `audit`, ...)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from graph.domain.tenancy import TenantScope
from service.conflicts import reversal, usecases
from service.conflicts.answers import (
    AuditOut,
    HistoryOut,
    ResolutionOut,
    ReviewOut,
    RollbackOut,
    WrittenOut,
)
from service.conflicts.history import history

if TYPE_CHECKING:
    from service.bootstrap import Container


class ConflictMethods:
    """Mixed into `service.clients.memory.Memory`, which sets `_container` (the composition
    root)."""

    _container: Container

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
    ) -> ResolutionOut | WrittenOut | AuditOut:
        """The plan for a statement or a stored record (`dry_run=False` executes it);
        `scope="audit"` scans the whole tenant instead."""
        tenant = TenantScope(user_id, agent_id, run_id, project)
        if scope == "audit":
            return usecases.audit(self._container.services, tenant)
        return usecases.resolve(
            self._container.services, tenant, content=content, fact_id=fact_id, dry_run=dry_run
        )

    def audit(
        self, *, user_id: str | None = None, agent_id: str | None = None, run_id: str | None = None
    ) -> AuditOut:
        return usecases.audit(self._container.services, TenantScope(user_id, agent_id, run_id))

    def rollback(
        self,
        fact_id: str,
        *,
        user_id: str | None = None,
        agent_id: str | None = None,
        run_id: str | None = None,
    ) -> RollbackOut:
        scope = TenantScope(user_id, agent_id, run_id)
        return reversal.rollback(self._container.services, scope, fact_id)

    def confirm_fact(self, fact_id: str, *, user_id: str | None = None) -> ReviewOut:
        return reversal.confirm(self._container.services, TenantScope(user_id), fact_id)

    def reject_fact(self, fact_id: str, *, user_id: str | None = None) -> ReviewOut:
        return reversal.reject(self._container.services, TenantScope(user_id), fact_id)

    def history(
        self,
        entity: str,
        *,
        user_id: str | None = None,
        agent_id: str | None = None,
        run_id: str | None = None,
        predicate: str | None = None,
    ) -> HistoryOut:
        """The entity's version chains, oldest first, and any broken link."""
        scope = TenantScope(user_id, agent_id, run_id)
        return history(self._container.store, scope, entity, predicate)
