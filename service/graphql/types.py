"""GraphQL object types: the REST shapes of API.md with camelCase field names.

Each type is built from the dict the use case returns (the same dict REST serialises), taking
only the fields the type declares, so REST and GraphQL cannot drift apart field by field.
Times are ISO 8601 strings, as in REST.
"""

from __future__ import annotations

import dataclasses
from typing import Any, TypeVar

import strawberry
from strawberry.scalars import JSON

T = TypeVar("T")


def build(cls: type[T], data: dict[str, Any], **nested: Any) -> T:
    """`cls` from a REST dict: declared fields only, missing ones None, `nested` overriding."""
    names = [f.name for f in dataclasses.fields(cls)]  # type: ignore[arg-type]
    values = {name: data.get(name) for name in names}
    values.update(nested)
    return cls(**values)


@strawberry.type(description="A fact: (subject)-[predicate]->(value) with its three clocks.")
class Fact:
    id: str
    subject: str
    predicate: str
    value: str
    polarity: int
    scope: str
    memory: str
    memory_type: str
    layer: str
    fact_type: str
    source_type: str
    categories: list[str]
    confidence: float
    verify_status: str
    disputed: bool
    needs_confirmation: bool
    immutable: bool
    valid_at: str
    valid_granularity: str
    invalid_at: str | None
    knowledge_time: str
    created_at: str
    invalidated_at: str | None
    expired_at: str | None
    supersedes: str | None
    superseded_by: str | None
    modality: str
    media_refs: list[str]
    extraction_version: str
    policy_version: str
    metadata: JSON
    episode_id: str | None


def fact(data: dict[str, Any]) -> Fact:
    return build(Fact, data)


@strawberry.type(description="One search result; status fields repeated from its fact.")
class SearchHit:
    id: str
    memory: str
    score: float
    verify_status: str
    disputed: bool
    superseded_by: str | None
    channels: list[str]
    fact: Fact


def search_hit(data: dict[str, Any]) -> SearchHit:
    return build(SearchHit, data, fact=fact(data["fact"]))


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


def history(data: dict[str, Any]) -> History:
    chains = [build(Chain, c, versions=[fact(v) for v in c["versions"]]) for c in data["chains"]]
    return build(History, data, chains=chains)


@strawberry.type
class Operation:
    event_id: str
    status: str
    result: JSON | None
    error: JSON | None


@strawberry.type
class LedgerVerdict:
    ok: bool
    length: int
    first_bad_seq: int | None


@strawberry.type
class Conflict:
    target_id: str
    conflict_type: str
    action: str
    reason: str
    executed: bool


@strawberry.type(description="One extracted fact and what the write did with it.")
class Result:
    id: str
    event: str
    memory: str
    categories: list[str]
    fact: Fact
    conflicts: list[Conflict]


def result(data: dict[str, Any]) -> Result:
    conflicts = [build(Conflict, c) for c in data.get("conflicts", [])]
    return build(Result, data, fact=fact(data["fact"]), conflicts=conflicts)


@strawberry.type
class Alert:
    kind: str
    detail: str
    span: list[int] | None


@strawberry.type(description="addMemory: results and alerts, or an event id when async.")
class AddPayload:
    results: list[Result]
    alerts: list[Alert]
    event_id: str | None
    status: str | None
    candidates: list[JSON] | None = None


def add_payload(data: dict[str, Any]) -> AddPayload:
    return build(
        AddPayload,
        data,
        results=[result(r) for r in data.get("results", [])],
        alerts=[build(Alert, a) for a in data.get("alerts", [])],
        status=data.get("status", "SUCCEEDED"),
    )


@strawberry.type(description="One item of addMemories: its results, or its own error.")
class BatchItem:
    index: int
    results: list[Result] | None
    alerts: list[Alert] | None
    event_id: str | None
    error: JSON | None
    candidates: list[JSON] | None = None


def batch_item(data: dict[str, Any]) -> BatchItem:
    results = data.get("results")
    alerts = data.get("alerts")
    return build(
        BatchItem,
        data,
        results=None if results is None else [result(r) for r in results],
        alerts=None if alerts is None else [build(Alert, a) for a in alerts],
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


def resolution(data: dict[str, Any]) -> Resolution:
    plan = [build(PlanStep, step, details=step) for step in data.get("plan", [])]
    return build(Resolution, data, plan=plan, verdicts=list(data.get("verdicts", [])))


@strawberry.type(description="rollback: the record undone and every record it touched.")
class Rollback:
    rolled_back: str
    facts: list[Fact]


def rollback(data: dict[str, Any]) -> Rollback:
    return build(Rollback, data, facts=[fact(f) for f in data.get("facts", [])])


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


@strawberry.type(description="An extracted record waiting for review, or decided.")
class Candidate:
    id: str
    memory: str
    status: str
    rule: str
    reason: str | None
    fact: Fact
    created_at: str
    decided_at: str | None
    decided_by: str | None
    promoted_id: str | None


def candidate(data: dict[str, Any]) -> Candidate:
    return build(Candidate, data, fact=fact(data["fact"]))


@strawberry.type(description="A reviewer's verdict on a disputed record, or a rollback's.")
class Verdict:
    executed: bool
    facts: list[Fact]


def verdict(data: dict[str, Any]) -> Verdict:
    return build(Verdict, data, facts=[fact(f) for f in data.get("facts", [])])


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


def audit(data: dict[str, Any]) -> Audit:
    groups = [
        build(ConflictGroup, g, records=[fact(f) for f in g["records"]], plan=list(g["plan"]))
        for g in data["groups"]
    ]
    return build(Audit, data, groups=groups)


@strawberry.type(description="Current records made under other rule versions than today's.")
class StaleRecords:
    extraction_version: str
    policy_version: str
    facts: list[Fact]


def stale(data: dict[str, Any]) -> StaleRecords:
    return build(StaleRecords, data, facts=[fact(f) for f in data["facts"]])


@strawberry.type(description="What a reprocess did (or, with dryRun, would do).")
class Reprocess:
    episodes: int
    changed: int
    outdated: int
    added: int
    unchanged: int
    dry_run: bool


@strawberry.type(description="What an erasure removed; the ledger keeps a tombstone.")
class Erasure:
    erased: int
    episodes: int | None
