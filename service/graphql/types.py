"""GraphQL object types: the REST shapes of API.md with camelCase field names.

The public shapes are derived from their one pydantic model (`service.views`,
`service.read.answers`) with `strawberry.experimental.pydantic`: every field of the model, only
those, so REST and GraphQL cannot drift apart field by field. A field is restated here only
where GraphQL needs another type for it (JSON for free-form maps, String for enumerations,
the derived type for a nested model). Use cases that still answer with dicts (the write ones)
are read into the same types with `build`; the conflict answers (`service.conflicts.answers`)
are read field by field. Times are ISO 8601 strings.
"""

from __future__ import annotations

import dataclasses
from typing import Any, TypeVar

import strawberry
from pydantic import BaseModel
from strawberry.experimental.pydantic import type as derived
from strawberry.scalars import JSON

from service.conflicts.answers import (
    AuditOut,
    HistoryOut,
    ResolutionOut,
    ReviewOut,
    RollbackOut,
    WrittenOut,
)
from service.read.answers import EpisodeHitOut, FactsOut, LedgerOut, SearchHitOut
from service.tenancy.usecases import ErasureOut, ReprocessOut, StaleOut
from service.views import (
    AddOut,
    AlertOut,
    BatchItemOut,
    CandidateOut,
    ConflictOut,
    FactOut,
    OperationOut,
    ResultOut,
)

T = TypeVar("T")


def build(cls: type[T], data: dict[str, Any], **nested: Any) -> T:
    """`cls` from a REST dict: declared fields only, missing ones None, `nested` overriding."""
    names = [f.name for f in dataclasses.fields(cls)]  # type: ignore[arg-type]
    values = {name: data.get(name) for name in names}
    values.update(nested)
    return cls(**values)


@derived(
    model=FactOut,
    all_fields=True,
    description="A fact: (subject)-[predicate]->(value) with its three clocks.",
)
class Fact:
    metadata: JSON


def fact(data: dict[str, Any] | FactOut) -> Fact:
    if isinstance(data, FactOut):
        return Fact.from_pydantic(data)  # type: ignore[attr-defined,no-any-return]
    return build(Fact, data)


def facts(answer: FactsOut) -> list[Fact]:
    return [fact(item) for item in answer.facts]


@derived(
    model=EpisodeHitOut,
    all_fields=True,
    description="A turn as told: an episode result's own, a fact result's source turn.",
)
class EpisodeHit:
    metadata: JSON


@derived(
    model=SearchHitOut,
    all_fields=True,
    description="One search result: a fact (status fields repeated from it) or an episode; "
    "either carries its turn as `episode` (a fact: the turn it was read from).",
)
class SearchHit:
    kind: str
    fact: Fact | None
    episode: EpisodeHit | None


def search_hit(hit: SearchHitOut) -> SearchHit:
    return SearchHit.from_pydantic(hit)  # type: ignore[attr-defined,no-any-return]


@strawberry.type
class Chain:
    predicate: str
    scope: str
    versions: list[Fact]


@strawberry.type(description="An entity's version chains, oldest version first.")
class History:
    entity: str
    chains: list[Chain]
    broken: JSON | None


def history(answer: HistoryOut) -> History:
    chains = [
        Chain(predicate=c.predicate, scope=c.scope, versions=[fact(v) for v in c.versions])
        for c in answer.chains
    ]
    broken = JSON([p.model_dump() for p in answer.broken])
    return History(entity=answer.entity, chains=chains, broken=broken)


@derived(model=OperationOut, all_fields=True)
class Operation:
    status: str
    result: JSON | None
    error: JSON | None


def operation(answer: OperationOut) -> Operation:
    """`result` and `error` travel as JSON objects of their REST shape."""
    return Operation(**answer.model_dump(mode="json"))


@derived(model=LedgerOut, all_fields=True)
class LedgerVerdict:
    pass


@derived(model=ConflictOut, all_fields=True)
class Conflict:
    pass


@derived(
    model=ResultOut,
    all_fields=True,
    description="One extracted fact and what the write did with it.",
)
class Result:
    event: str
    fact: Fact
    conflicts: list[Conflict]


def result(data: dict[str, Any] | ResultOut) -> Result:
    if isinstance(data, ResultOut):
        return Result.from_pydantic(data)  # type: ignore[attr-defined,no-any-return]
    conflicts = [build(Conflict, c) for c in data.get("conflicts", [])]
    return build(Result, data, fact=fact(data["fact"]), conflicts=conflicts)


@derived(model=AlertOut, all_fields=True)
class Alert:
    pass


@strawberry.type(description="addMemory: results and alerts, or an event id when async.")
class AddPayload:
    results: list[Result]
    alerts: list[Alert]
    event_id: str | None
    status: str | None
    candidates: list[JSON] | None = None


def add_payload(answer: AddOut) -> AddPayload:
    return AddPayload(
        results=[result(r) for r in answer.results],
        alerts=[alert(a) for a in answer.alerts],
        event_id=answer.event_id,
        status="SUCCEEDED",
        candidates=[_json(c) for c in answer.candidates],
    )


def _json(model: BaseModel) -> JSON:
    return JSON(model.model_dump(mode="json"))


def alert(answer: AlertOut) -> Alert:
    return Alert.from_pydantic(answer)  # type: ignore[attr-defined,no-any-return]


@strawberry.type(description="One item of addMemories: its results, or its own error.")
class BatchItem:
    index: int
    results: list[Result] | None
    alerts: list[Alert] | None
    event_id: str | None
    error: JSON | None
    candidates: list[JSON] | None = None


def batch_item(item: BatchItemOut) -> BatchItem:
    candidates = item.candidates
    return BatchItem(
        index=item.index,
        results=None if item.results is None else [result(r) for r in item.results],
        alerts=None if item.alerts is None else [alert(a) for a in item.alerts],
        event_id=item.event_id,
        error=None if item.error is None else _json(item.error),
        candidates=None if candidates is None else [_json(c) for c in candidates],
    )


@strawberry.type
class PlanStep:
    action: str
    conflict_type: str
    target_id: str | None
    reason: str
    memory: str | None
    details: JSON


@strawberry.type(description="resolveConflict: the plan, the verdicts, whether it ran.")
class Resolution:
    plan: list[PlanStep]
    verdicts: list[JSON]
    executed: bool


def resolution(answer: ResolutionOut | WrittenOut) -> Resolution:
    plan = [
        PlanStep(
            action=step.action,
            conflict_type=step.conflict_type,
            target_id=step.target_id,
            reason=step.reason,
            memory=step.memory,
            details=JSON(step.model_dump()),
        )
        for step in answer.plan
    ]
    verdicts = [JSON(v.model_dump()) for v in answer.verdicts]
    return Resolution(plan=plan, verdicts=verdicts, executed=answer.executed)


@strawberry.type(description="rollback: the record undone and every record it touched.")
class Rollback:
    rolled_back: str
    facts: list[Fact]


def rollback(answer: RollbackOut) -> Rollback:
    return Rollback(rolled_back=answer.rolled_back, facts=[fact(f) for f in answer.facts])


@strawberry.input(description="The body of POST /v1/memories, in camelCase.")
class AddMemoryInput:
    messages: JSON
    user_id: str | None = None
    agent_id: str | None = None
    run_id: str | None = None
    project: str | None = None
    observation_date: str | None = None
    knowledge_time: str | None = None
    timestamp: str | None = None
    infer: bool | None = None
    immutable: bool | None = None
    includes: list[str] | None = None
    excludes: list[str] | None = None
    metadata: JSON | None = None
    source_type: str | None = None
    memory_type: str | None = None
    idempotency_key: str | None = None
    source: str | None = None
    permissions: list[str] | None = None


def add_arguments(item: AddMemoryInput) -> dict[str, Any]:
    """The REST body of one input: the given fields, snake_case."""
    given = {f.name: getattr(item, f.name) for f in dataclasses.fields(item)}
    return {name: value for name, value in given.items() if value is not None}


@derived(
    model=CandidateOut,
    all_fields=True,
    description="An extracted record waiting for review, or decided.",
)
class Candidate:
    status: str
    fact: Fact


def candidate(data: CandidateOut) -> Candidate:
    return Candidate.from_pydantic(data)  # type: ignore[attr-defined,no-any-return]


@strawberry.type(description="A reviewer's verdict on a disputed record, or a rollback's.")
class Verdict:
    executed: bool
    facts: list[Fact]


def verdict(answer: ReviewOut) -> Verdict:
    return Verdict(executed=answer.executed, facts=[fact(f) for f in answer.facts])


@strawberry.type(description="A group of records the audit found in conflict.")
class ConflictGroup:
    entity: str
    predicate: str
    scope: str
    conflict_type: str
    records: list[Fact]
    plan: list[JSON]


@strawberry.type(description="auditConflicts: what was scanned and what was flagged.")
class Audit:
    scanned: int
    buckets: int
    flagged: int
    flagged_records: int
    groups: list[ConflictGroup]


def audit(answer: AuditOut) -> Audit:
    groups = [
        ConflictGroup(
            entity=g.entity,
            predicate=g.predicate,
            scope=g.scope,
            conflict_type=g.conflict_type,
            records=[fact(f) for f in g.records],
            plan=[JSON(p.model_dump()) for p in g.plan],
        )
        for g in answer.groups
    ]
    return Audit(
        scanned=answer.scanned,
        buckets=answer.buckets,
        flagged=answer.flagged,
        flagged_records=answer.flagged_records,
        groups=groups,
    )


@derived(
    model=StaleOut,
    all_fields=True,
    description="Current records made under other rule versions than today's.",
)
class StaleRecords:
    facts: list[Fact]


def stale(answer: StaleOut) -> StaleRecords:
    return StaleRecords.from_pydantic(answer)  # type: ignore[attr-defined,no-any-return]


@derived(
    model=ReprocessOut,
    all_fields=True,
    description="What a reprocess did (or, with dryRun, would do).",
)
class Reprocess:
    pass


@derived(
    model=ErasureOut,
    all_fields=True,
    description="What an erasure removed; the ledger keeps a tombstone.",
)
class Erasure:
    pass
