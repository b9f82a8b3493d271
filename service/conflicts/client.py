"""The conflict methods of the Python client (`Memory.conflict_resolve`, `audit`, ...)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

from graph.domain.tenancy import TenantScope

if TYPE_CHECKING:
    from service.bootstrap import Container


class ConflictMethods:
    """Mixed into `service.memory.Memory`, which sets `_container` (the composition root)."""

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
    ) -> dict[str, Any]:
        """The plan for a statement or a stored record (`dry_run=False` executes it);
        `scope="audit"` scans the whole tenant instead."""
        tenant = TenantScope(user_id, agent_id, run_id, project)
        if scope == "audit":
            return self._container.conflicts.audit(tenant).model_dump()
        return self._container.conflicts.resolve(
            tenant, content=content, fact_id=fact_id, dry_run=dry_run
        ).model_dump()

    def audit(
        self, *, user_id: str | None = None, agent_id: str | None = None, run_id: str | None = None
    ) -> dict[str, Any]:
        return self._container.conflicts.audit(TenantScope(user_id, agent_id, run_id)).model_dump()

    def rollback(
        self,
        fact_id: str,
        *,
        user_id: str | None = None,
        agent_id: str | None = None,
        run_id: str | None = None,
    ) -> dict[str, Any]:
        scope = TenantScope(user_id, agent_id, run_id)
        return self._container.conflicts.rollback(scope, fact_id).model_dump()

    def confirm_fact(self, fact_id: str, *, user_id: str | None = None) -> dict[str, Any]:
        return self._container.conflicts.confirm(TenantScope(user_id), fact_id).model_dump()

    def reject_fact(self, fact_id: str, *, user_id: str | None = None) -> dict[str, Any]:
        return self._container.conflicts.reject(TenantScope(user_id), fact_id).model_dump()

    def history(
        self,
        entity: str,
        *,
        user_id: str | None = None,
        agent_id: str | None = None,
        run_id: str | None = None,
        predicate: str | None = None,
    ) -> dict[str, Any]:
        """The entity's version chains, oldest first, and any broken link."""
        return self._container.conflicts.history(
            TenantScope(user_id, agent_id, run_id), entity, predicate
        ).model_dump()
