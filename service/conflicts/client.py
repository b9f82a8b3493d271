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
            return self._container.conflicts.audit(tenant)
        return self._container.conflicts.resolve(
            tenant, content=content, fact_id=fact_id, dry_run=dry_run
        )

    def audit(
        self, *, user_id: str | None = None, agent_id: str | None = None, run_id: str | None = None
    ) -> dict[str, Any]:
        return self._container.conflicts.audit(TenantScope(user_id, agent_id, run_id))

    def rollback(
        self,
        fact_id: str,
        *,
        user_id: str | None = None,
        agent_id: str | None = None,
        run_id: str | None = None,
    ) -> dict[str, Any]:
        return self._container.conflicts.rollback(TenantScope(user_id, agent_id, run_id), fact_id)

    def confirm_fact(self, fact_id: str, *, user_id: str | None = None) -> dict[str, Any]:
        return self._container.conflicts.confirm(TenantScope(user_id), fact_id)

    def reject_fact(self, fact_id: str, *, user_id: str | None = None) -> dict[str, Any]:
        return self._container.conflicts.reject(TenantScope(user_id), fact_id)

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
        )

    def candidates(
        self, *, user_id: str | None = None, status: str | None = "pending", limit: int = 100
    ) -> dict[str, Any]:
        """The review queue: extracted records held (or rejected) by the promotion rules."""
        return self._container.candidates.list(TenantScope(user_id), status, limit).model_dump()

    def confirm_candidate(self, candidate_id: str, *, user_id: str | None = None) -> dict[str, Any]:
        return self._container.candidates.confirm(TenantScope(user_id), candidate_id).model_dump()

    def reject_candidate(
        self, candidate_id: str, *, user_id: str | None = None, reason: str | None = None
    ) -> dict[str, Any]:
        found = self._container.candidates.reject(TenantScope(user_id), candidate_id, reason)
        return found.model_dump()

    def stale(self, *, user_id: str | None = None) -> dict[str, Any]:
        """Current records made under other extraction or policy versions."""
        return self._container.tenancy.stale(TenantScope(user_id)).model_dump()

    def reprocess(
        self,
        *,
        user_id: str | None = None,
        source: str | None = None,
        only_stale: bool = True,
        dry_run: bool = False,
    ) -> dict[str, Any]:
        """Re-extract selected episodes under the current rules (old records kept, outdated)."""
        return self._container.tenancy.reprocess(
            TenantScope(user_id), source=source, only_stale=only_stale, dry_run=dry_run
        ).model_dump()

    def forget_user(self, user_id: str) -> dict[str, Any]:
        """Erase a user's memory; the ledger keeps a tombstone."""
        return self._container.tenancy.forget_user(TenantScope(user_id)).model_dump(
            exclude_unset=True
        )

    def forget_source(self, source: str, *, user_id: str | None = None) -> dict[str, Any]:
        return self._container.tenancy.forget_source(TenantScope(user_id), source).model_dump()

    def export(self, *, user_id: str | None = None) -> list[dict[str, Any]]:
        return [line.model_dump() for line in self._container.tenancy.export(TenantScope(user_id))]
