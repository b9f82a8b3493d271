"""The GraphQL schema: queries facts, fact, history, search, entityGraph, paths, operation,
ledgerVerify, candidates, staleRecords; mutations addMemory, addMemories, resolveConflict, rollback,
auditConflicts, confirmFact, rejectFact, confirmCandidate, rejectCandidate, reprocess,
forgetUser, forgetSource. Same arguments as REST, in camelCase.

Resolvers only translate: arguments go through the REST request models and use cases (run in a
worker thread, as FastAPI runs REST handlers), answers through `types`. Errors keep their
`graph.domain.errors` class, which `errors.formatted` maps with the REST table.
"""

from __future__ import annotations

import strawberry
from graphql import GraphQLError
from strawberry.extensions import MaxAliasesLimiter, MaxTokensLimiter, QueryDepthLimiter
from strawberry.types import ExecutionContext

from graph.domain.errors import InvalidInput
from service.conflicts import reversal, usecases
from service.conflicts.answers import ResolutionOut, WrittenOut
from service.conflicts.history import history
from service.graphql import relations, review, tenancy, types
from service.graphql.context import (
    Ctx,
    checked,
    container,
    owned,
    principals,
    readable_or_404,
    run,
    shown,
    user,
)
from service.graphql.errors import log_unexpected
from service.graphql.metered import OperationLabel
from service.read import facts as fact_cases
from service.read.requests import (
    FactsRequest,
    HistoryRequest,
    ScopeArgs,
    SearchRequest,
)
from service.read.search import search as search_case
from service.views import BatchOut


async def facts_resolver(
    info: Ctx,
    user_id: str | None = None,
    agent_id: str | None = None,
    run_id: str | None = None,
    project: str | None = None,
    subject: str | None = None,
    predicate: str | None = None,
    as_of: str | None = None,
    known_at: str | None = None,
    memory_type: list[str] | None = None,
    category: list[str] | None = None,
    verify_status: list[str] | None = None,
    scope: str | None = None,
    fact_type: str | None = None,
    include_endings: bool | None = None,
    limit: int | None = None,
) -> list[types.Fact]:
    request = checked(
        info, FactsRequest,
        user_id=user_id, agent_id=agent_id, run_id=run_id, project=project,
        subject=subject, predicate=predicate, as_of=as_of, known_at=known_at,
        memory_type=memory_type, category=category, verify_status=verify_status,
        scope=scope, fact_type=fact_type, include_endings=include_endings, limit=limit,
    )  # fmt: skip
    answer = await run(fact_cases.list_facts, container(info).reads, request, principals(info))
    return types.facts(await shown(info, answer))


async def search_resolver(
    info: Ctx,
    q: str,
    user_id: str | None = None,
    agent_id: str | None = None,
    run_id: str | None = None,
    project: str | None = None,
    as_of: str | None = None,
    known_at: str | None = None,
    include_history: bool | None = None,
    include_endings: bool | None = None,
    memory_type: list[str] | None = None,
    category: list[str] | None = None,
    verify_status: list[str] | None = None,
    scope: str | None = None,
    limit: int | None = None,
) -> list[types.SearchHit]:
    request = checked(
        info, SearchRequest,
        q=q, user_id=user_id, agent_id=agent_id, run_id=run_id, project=project,
        as_of=as_of, known_at=known_at, include_history=include_history,
        include_endings=include_endings, memory_type=memory_type, category=category,
        verify_status=verify_status, scope=scope, limit=limit,
    )  # fmt: skip
    answer = await run(search_case, container(info).reads, request, principals(info))
    return [types.search_hit(item) for item in (await shown(info, answer)).results]


async def history_resolver(
    info: Ctx,
    name: str,
    user_id: str | None = None,
    agent_id: str | None = None,
    run_id: str | None = None,
    predicate: str | None = None,
) -> types.History:
    request = checked(
        info, HistoryRequest,
        name=name, user_id=user_id, agent_id=agent_id, run_id=run_id, predicate=predicate,
    )  # fmt: skip
    store = container(info).store
    answer = await run(
        history, store, request.tenant(), request.name, request.predicate, principals(info)
    )
    return types.history(await shown(info, answer))


async def operation_resolver(
    info: Ctx, event_id: str, user_id: str | None = None
) -> types.Operation:
    acting = user(info, user_id)
    reads = container(info).reads
    answer = await run(fact_cases.operation_status, reads, event_id, acting, principals(info))
    return types.operation(await shown(info, answer))


async def ledger_verify_resolver(
    info: Ctx,
    user_id: str | None = None,
    agent_id: str | None = None,
    run_id: str | None = None,
    expect_head: str | None = None,
) -> types.LedgerVerdict:
    scope = checked(info, ScopeArgs, user_id=user_id, agent_id=agent_id, run_id=run_id)
    reads = container(info).reads
    answer = await shown(
        info, await run(fact_cases.verify_ledger, reads, scope.tenant(), expect_head)
    )
    return types.LedgerVerdict.from_pydantic(answer)  # type: ignore[attr-defined,no-any-return]


async def add_memory_resolver(
    info: Ctx, input: types.AddMemoryInput, mode: str = "sync"
) -> types.AddPayload:
    if mode not in ("sync", "async"):
        raise InvalidInput("mode must be sync or async", field="mode")
    data = owned(info, types.add_arguments(input))
    writes = container(info).writes
    if mode == "sync":
        return types.add_payload(await shown(info, await run(writes.add, data)))
    queued = await run(writes.enqueue, data)
    return types.AddPayload(
        results=[], alerts=[], event_id=queued.event_id, status=queued.status.value
    )


async def add_memories_resolver(
    info: Ctx, items: list[types.AddMemoryInput]
) -> list[types.BatchItem]:
    data = [owned(info, types.add_arguments(item)) for item in items]
    answer = BatchOut.model_construct(results=await run(container(info).writes.add_batch, data))
    return [types.batch_item(item) for item in (await shown(info, answer)).results]


async def resolve_conflict_resolver(
    info: Ctx,
    user_id: str | None = None,
    agent_id: str | None = None,
    run_id: str | None = None,
    project: str | None = None,
    content: str | None = None,
    fact_id: str | None = None,
    dry_run: bool = True,
) -> types.Resolution:
    scope = checked(
        info, ScopeArgs, user_id=user_id, agent_id=agent_id, run_id=run_id, project=project
    )
    services = container(info).services
    if fact_id is not None:
        await readable_or_404(info, fact_id)

    def resolve() -> ResolutionOut | WrittenOut:
        return usecases.resolve(
            services,
            scope.tenant(),
            content=content,
            fact_id=fact_id,
            dry_run=dry_run,
            principals=principals(info),
        )

    return types.resolution(await shown(info, await run(resolve)))


async def rollback_resolver(
    info: Ctx,
    fact_id: str,
    user_id: str | None = None,
    agent_id: str | None = None,
    run_id: str | None = None,
) -> types.Rollback:
    scope = checked(info, ScopeArgs, user_id=user_id, agent_id=agent_id, run_id=run_id)
    await readable_or_404(info, fact_id)
    answer = await run(reversal.rollback, container(info).services, scope.tenant(), fact_id)
    return types.rollback(await shown(info, answer))


@strawberry.type
class Query:
    facts: list[types.Fact] = strawberry.field(
        resolver=facts_resolver,
        description="Current facts, or those valid asOf as known knownAt (GET /v1/facts).",
    )
    search: list[types.SearchHit] = strawberry.field(
        resolver=search_resolver,
        description="Hybrid recall over the records visible to one time question.",
    )
    history: types.History = strawberry.field(
        resolver=history_resolver,
        description="An entity's version chains, oldest version first.",
    )
    entity_graph: relations.EntityGraph = strawberry.field(
        resolver=relations.entity_graph_resolver,
        description="What was connected to an entity, within depth hops, for one time question.",
    )
    paths: relations.Paths = strawberry.field(
        resolver=relations.paths_resolver,
        description="The shortest chains of facts from source to target (GET /v1/paths).",
    )
    operation: types.Operation = strawberry.field(
        resolver=operation_resolver, description="The status of a write, with its result."
    )
    ledger_verify: types.LedgerVerdict = strawberry.field(
        resolver=ledger_verify_resolver, description="Walk the tenant's hash chain."
    )
    fact: types.Fact = strawberry.field(
        resolver=review.fact_resolver, description="One record, whatever its state."
    )
    candidates: list[types.Candidate] = strawberry.field(
        resolver=review.candidates_resolver,
        description=f"The review queue; status {review.STATUS_HELP}.",
    )
    stale_records: types.StaleRecords = strawberry.field(
        resolver=tenancy.stale_records_resolver,
        description="Current records made under other extraction or policy versions.",
    )


@strawberry.type
class Mutation:
    add_memory: types.AddPayload = strawberry.mutation(
        resolver=add_memory_resolver,
        description='POST /v1/memories; mode "async" answers at once with an eventId.',
    )
    add_memories: list[types.BatchItem] = strawberry.mutation(
        resolver=add_memories_resolver,
        description="POST /v1/memories/batch: each item reports its own events or error.",
    )
    resolve_conflict: types.Resolution = strawberry.mutation(
        resolver=resolve_conflict_resolver,
        description="The plan for a statement or a stored record; dryRun false runs it.",
    )
    rollback: types.Rollback = strawberry.mutation(
        resolver=rollback_resolver, description="Undo what was done to a record."
    )
    audit_conflicts: types.Audit = strawberry.mutation(
        resolver=review.audit_resolver,
        description="Scan the tenant bucketed by entity (top 12 by confidence).",
    )
    confirm_fact: types.Verdict = strawberry.mutation(
        resolver=review.confirm_fact_resolver, description="Settle a dispute: this record is right."
    )
    reject_fact: types.Verdict = strawberry.mutation(
        resolver=review.reject_fact_resolver, description="Settle a dispute: this record is wrong."
    )
    confirm_candidate: list[types.Result] = strawberry.mutation(
        resolver=review.confirm_candidate_resolver,
        description="Promote a candidate through the conflict path.",
    )
    reject_candidate: types.Candidate = strawberry.mutation(
        resolver=review.reject_candidate_resolver,
        description="Keep a candidate out of memory, with the reviewer's reason.",
    )
    reprocess: types.Reprocess = strawberry.mutation(
        resolver=tenancy.reprocess_resolver,
        description="Re-extract episodes under the current rules; old records are kept.",
    )
    forget_user: types.Erasure = strawberry.mutation(
        resolver=tenancy.forget_user_resolver,
        description="Erase everything about a user; the ledger keeps a tombstone.",
    )
    forget_source: types.Erasure = strawberry.mutation(
        resolver=tenancy.forget_source_resolver,
        description="Erase one source's episodes and the records read from them.",
    )


class Schema(strawberry.Schema):
    """Logs only the errors that are bugs; the caller's mistakes are answers, not incidents."""

    def process_errors(
        self, errors: list[GraphQLError], execution_context: ExecutionContext | None = None
    ) -> None:
        log_unexpected(errors)


MAX_DEPTH = 10
"""Deepest selection a GraphQL document may nest."""
MAX_ALIASES = 20
"""Most aliases in one document: with distinct root fields, this bounds how many use cases one
request can run (one request of 200 aliased searches ran 25 s)."""
MAX_TOKENS = 5000
"""Most lexical tokens in one document (bounds parsing and validation work)."""

schema = Schema(
    query=Query,
    mutation=Mutation,
    extensions=[
        lambda: QueryDepthLimiter(max_depth=MAX_DEPTH),
        lambda: MaxAliasesLimiter(max_alias_count=MAX_ALIASES),
        lambda: MaxTokensLimiter(max_token_count=MAX_TOKENS),
        OperationLabel,
    ],
)
