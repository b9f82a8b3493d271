"""One object for every conflict use case, as the container exposes it."""

from __future__ import annotations

from graph.domain.tenancy import TenantScope
from service.conflicts.answers import (
    AuditOut,
    HistoryOut,
    ResolutionOut,
    ReviewOut,
    RollbackOut,
    WrittenOut,
)
from service.conflicts.history import history
from service.conflicts.reversal import Reversals
from service.conflicts.usecases import ConflictService, Services
from service.read.access import Principals


class Conflicts:
    """resolve, audit, rollback, confirm, reject, history."""

    def __init__(self, services: Services) -> None:
        self._services = services
        self._resolver = ConflictService(services)
        self._reversals = Reversals(self._resolver)

    def resolve(
        self,
        scope: TenantScope,
        *,
        content: str | None = None,
        fact_id: str | None = None,
        dry_run: bool = True,
    ) -> ResolutionOut | WrittenOut:
        return self._resolver.resolve(scope, content=content, fact_id=fact_id, dry_run=dry_run)

    def audit(self, scope: TenantScope, principals: Principals = None) -> AuditOut:
        return self._resolver.audit(scope, principals)

    def rollback(self, scope: TenantScope, fact_id: str) -> RollbackOut:
        return self._reversals.rollback(scope, fact_id)

    def confirm(self, scope: TenantScope, fact_id: str) -> ReviewOut:
        return self._reversals.confirm(scope, fact_id)

    def reject(self, scope: TenantScope, fact_id: str) -> ReviewOut:
        return self._reversals.reject(scope, fact_id)

    def history(
        self,
        scope: TenantScope,
        entity: str,
        predicate: str | None = None,
        principals: tuple[str, ...] | None = None,
    ) -> HistoryOut:
        return history(self._services.store, scope, entity, predicate, principals)
