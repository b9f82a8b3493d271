"""GraphQL resolvers for review work: the candidate queue, disputes, the audit, one record.

The same use cases as `service.http.routes.candidates` and `service.http.routes.conflicts`;
see `schema`.
"""

from __future__ import annotations

from service.conflicts import reversal, usecases
from service.graphql import types
from service.graphql.context import Ctx, checked, container, principals, readable_or_404, run, shown
from service.read import facts as fact_cases
from service.read.requests import ScopeArgs

STATUS_HELP = "pending (default), rejected or promoted"


async def fact_resolver(
    info: Ctx,
    id: str,
    user_id: str | None = None,
    agent_id: str | None = None,
    run_id: str | None = None,
) -> types.Fact:
    scope = checked(info, ScopeArgs, user_id=user_id, agent_id=agent_id, run_id=run_id)
    found = await run(
        fact_cases.get_fact, container(info).reads, scope.tenant(), id, principals(info)
    )
    return types.fact(await shown(info, found))


async def candidates_resolver(
    info: Ctx,
    user_id: str | None = None,
    agent_id: str | None = None,
    run_id: str | None = None,
    status: str = "pending",
    limit: int = 100,
) -> list[types.Candidate]:
    scope = checked(info, ScopeArgs, user_id=user_id, agent_id=agent_id, run_id=run_id)
    answer = await run(container(info).candidates.list, scope.tenant(), status, limit)
    answer = await shown(info, answer)
    return [types.candidate(item) for item in answer.candidates]


async def confirm_candidate_resolver(
    info: Ctx, id: str, user_id: str | None = None, agent_id: str | None = None
) -> list[types.Result]:
    scope = checked(info, ScopeArgs, user_id=user_id, agent_id=agent_id)
    await readable_or_404(info, id)
    answer = await shown(info, await run(container(info).candidates.confirm, scope.tenant(), id))
    return [types.result(item) for item in answer.results]


async def reject_candidate_resolver(
    info: Ctx,
    id: str,
    reason: str | None = None,
    user_id: str | None = None,
    agent_id: str | None = None,
) -> types.Candidate:
    scope = checked(info, ScopeArgs, user_id=user_id, agent_id=agent_id)
    await readable_or_404(info, id)
    answer = await run(container(info).candidates.reject, scope.tenant(), id, reason)
    return types.candidate(await shown(info, answer))


async def confirm_fact_resolver(
    info: Ctx, id: str, user_id: str | None = None, agent_id: str | None = None
) -> types.Verdict:
    scope = checked(info, ScopeArgs, user_id=user_id, agent_id=agent_id)
    await readable_or_404(info, id)
    answer = await run(reversal.confirm, container(info).services, scope.tenant(), id)
    return types.verdict(await shown(info, answer))


async def reject_fact_resolver(
    info: Ctx, id: str, user_id: str | None = None, agent_id: str | None = None
) -> types.Verdict:
    scope = checked(info, ScopeArgs, user_id=user_id, agent_id=agent_id)
    await readable_or_404(info, id)
    answer = await run(reversal.reject, container(info).services, scope.tenant(), id)
    return types.verdict(await shown(info, answer))


async def audit_resolver(
    info: Ctx,
    user_id: str | None = None,
    agent_id: str | None = None,
    run_id: str | None = None,
    project: str | None = None,
) -> types.Audit:
    scope = checked(
        info, ScopeArgs, user_id=user_id, agent_id=agent_id, run_id=run_id, project=project
    )
    answer = await run(usecases.audit, container(info).services, scope.tenant(), principals(info))
    return types.audit(await shown(info, answer))
