"""GraphQL resolvers for a tenant's memory as a whole: rule versions, reprocessing, erasure.

The same use cases as `service.http.routes.tenancy`. Export streams JSON Lines and stays REST-only
(`GET /v1/export`): a GraphQL answer is one document held in memory.
"""

from __future__ import annotations

from graph.domain.tenancy import TenantScope
from service.graphql import types
from service.graphql.context import (
    Ctx,
    checked,
    container,
    principals,
    run,
    shown,
    source_readable_or_404,
    tenant_readable_or_403,
    user,
)
from service.read.requests import ScopeArgs
from service.tenancy.usecases import ReprocessOut


async def stale_records_resolver(
    info: Ctx, user_id: str | None = None, limit: int = 1000
) -> types.StaleRecords:
    scope = TenantScope(user_id=user(info, user_id))
    answer = await run(container(info).tenancy.stale, scope, limit)
    return types.stale(await shown(info, answer))


async def reprocess_resolver(
    info: Ctx,
    user_id: str | None = None,
    agent_id: str | None = None,
    source: str | None = None,
    only_stale: bool = True,
    dry_run: bool = False,
) -> types.Reprocess:
    scope = checked(info, ScopeArgs, user_id=user_id, agent_id=agent_id)
    tenancy = container(info).tenancy
    await source_readable_or_404(info, source)

    def work() -> ReprocessOut:
        return tenancy.reprocess(
            scope.tenant(),
            source=source,
            only_stale=only_stale,
            dry_run=dry_run,
            principals=principals(info),
        )

    return types.Reprocess.from_pydantic(await run(work))  # type: ignore[attr-defined,no-any-return]


async def forget_user_resolver(info: Ctx, user_id: str) -> types.Erasure:
    scope = TenantScope(user_id=user(info, user_id))
    await tenant_readable_or_403(info)
    erased = await run(container(info).tenancy.forget_user, scope)
    return types.Erasure.from_pydantic(erased)  # type: ignore[attr-defined,no-any-return]


async def forget_source_resolver(
    info: Ctx, source: str, user_id: str | None = None
) -> types.Erasure:
    scope = TenantScope(user_id=user(info, user_id))
    tenancy = container(info).tenancy
    await source_readable_or_404(info, source)
    erased = await run(tenancy.forget_source, scope, source)
    return types.Erasure.from_pydantic(erased)  # type: ignore[attr-defined,no-any-return]
