"""The public shapes of API.md (Fact, Result, Conflict, Alert, Candidate, Operation) as frozen
pydantic models: one model per shape. REST's response schemas are these models, GraphQL's
types are derived from them (`service/graphql/types.py`), and the OpenAPI examples hang on them
(`FACT_EXAMPLE`). Use cases return them; JSON is made only at the edges.

`*_view` give the same shapes as plain dicts for the write and conflict use cases, which still
hand dicts to their callers.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

from graph.domain.conflicts import Finding
from graph.domain.model import Alert, Candidate, Fact, Operation
from service.write.commit import Outcome

FACT_EXAMPLE: dict[str, Any] = {
    "id": "6f1c2a9e-4d1b-5c0e-9a57-3b2f8d1e7c40",
    "subject": "customer",
    "predicate": "subscription_status",
    "value": "cancelled",
    "polarity": 1,
    "scope": "",
    "memory": "The customer has unsubscribed",
    "memory_type": "fact",
    "layer": "semantic",
    "fact_type": "fact",
    "source_type": "user",
    "categories": ["account"],
    "confidence": 0.9,
    "verify_status": "superseded",
    "disputed": False,
    "needs_confirmation": False,
    "immutable": False,
    "valid_at": "2025-11-10T00:00:00+00:00",
    "valid_granularity": "day",
    "invalid_at": "2026-02-12T00:00:00+00:00",
    "knowledge_time": "2025-11-10T00:00:00+00:00",
    "created_at": "2025-11-10T09:30:00+00:00",
    "invalidated_at": "2026-02-12T10:02:00+00:00",
    "expired_at": None,
    "supersedes": None,
    "superseded_by": "0d3b7e21-8c4f-5a6d-b1e2-9f0a7c6d5e43",
    "modality": "text",
    "media_refs": [],
    "extraction_version": "rules-1",
    "policy_version": "1",
    "metadata": {},
    "episode_id": "a4e5...",
}


class Out(BaseModel):
    """A public answer: immutable; built from validated domain records without re-validation."""

    model_config = ConfigDict(frozen=True)


def _iso(value: datetime | None) -> str | None:
    return value.isoformat() if value is not None else None


class FactOut(Out):
    """The `Fact` object of API.md. Times are ISO 8601 text, enumerations their values."""

    model_config = ConfigDict(frozen=True, json_schema_extra={"examples": [FACT_EXAMPLE]})

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
    metadata: dict[str, Any]
    episode_id: str | None

    @classmethod
    def of(cls, fact: Fact) -> FactOut:
        return cls.model_construct(**fact_view(fact))


def fact_view(fact: Fact) -> dict[str, Any]:
    """`FactOut`'s fields of a record."""
    return {
        "id": fact.uuid,
        "subject": fact.subject,
        "predicate": fact.predicate,
        "value": fact.value,
        "polarity": fact.polarity,
        "scope": fact.scope,
        "memory": fact.fact,
        "memory_type": fact.memory_type.value,
        "layer": fact.layer.value,
        "fact_type": fact.fact_type.value,
        "source_type": fact.source_type.value,
        "categories": list(fact.categories),
        "confidence": fact.confidence,
        "verify_status": fact.verify_status.value,
        "disputed": fact.disputed,
        "needs_confirmation": fact.needs_confirmation,
        "immutable": fact.immutable,
        "valid_at": _iso(fact.valid_at),
        "valid_granularity": fact.valid_granularity.value,
        "invalid_at": _iso(fact.invalid_at),
        "knowledge_time": _iso(fact.knowledge_time),
        "created_at": _iso(fact.created_at),
        "invalidated_at": _iso(fact.invalidated_at),
        "expired_at": _iso(fact.expired_at),
        "supersedes": fact.supersedes,
        "superseded_by": fact.superseded_by,
        "modality": fact.modality.value,
        "media_refs": list(fact.media_refs),
        "extraction_version": fact.extraction_version,
        "policy_version": fact.policy_version,
        "metadata": fact.metadata,
        "episode_id": fact.episode_id,
    }


class ConflictOut(Out):
    target_id: str
    conflict_type: str
    action: str
    reason: str
    executed: bool


def verdict_view(verdict: Finding, executed: bool) -> dict[str, Any]:
    return {
        "target_id": verdict.target_id,
        "conflict_type": verdict.conflict_type.value,
        "action": verdict.action.value,
        "reason": verdict.reason,
        "executed": executed,
    }


class ResultOut(Out):
    """The `Result` object of API.md: one extracted fact and what the write did with it."""

    id: str
    event: Literal["ADD", "DUPLICATE", "UPDATE", "NOOP", "KEEP_BOTH"]
    memory: str
    categories: list[str]
    fact: FactOut
    conflicts: list[ConflictOut]

    @classmethod
    def of(cls, outcome: Outcome) -> ResultOut:
        done = {v.target_id for v in outcome.executed}
        return cls.model_construct(
            id=outcome.fact.uuid,
            event=outcome.event.value,
            memory=outcome.fact.fact,
            categories=list(outcome.fact.categories),
            fact=FactOut.of(outcome.fact),
            conflicts=[
                ConflictOut.model_construct(**verdict_view(v, v.target_id in done))
                for v in outcome.findings
                if v.conflicts
            ],
        )


def result_view(outcome: Outcome) -> dict[str, Any]:
    return ResultOut.of(outcome).model_dump()


class ResultsOut(Out):
    results: list[ResultOut]


class AlertOut(Out):
    kind: str
    detail: str
    span: list[int] | None = None

    @classmethod
    def of(cls, alert: Alert) -> AlertOut:
        return cls.model_construct(**alert_view(alert))


def alert_view(alert: Alert) -> dict[str, Any]:
    return {
        "kind": alert.kind,
        "detail": alert.detail,
        "span": list(alert.span) if alert.span else None,
    }


class CandidateOut(Out):
    """A candidate as GET /v1/candidates lists it."""

    id: str
    memory: str
    status: Literal["pending", "rejected", "promoted"]
    rule: str
    reason: str
    fact: FactOut
    created_at: str
    decided_at: str | None = None
    decided_by: str | None = None
    promoted_id: str | None = None

    @classmethod
    def of(cls, candidate: Candidate) -> CandidateOut:
        fields = candidate_view(candidate)
        return cls.model_construct(**{**fields, "fact": FactOut.of(candidate.fact)})


def candidate_view(candidate: Candidate) -> dict[str, Any]:
    return {
        "id": candidate.uuid,
        "memory": candidate.fact.fact,
        "status": candidate.status,
        "rule": candidate.rule,
        "reason": candidate.reason,
        "fact": fact_view(candidate.fact),
        "created_at": _iso(candidate.created_at),
        "decided_at": _iso(candidate.decided_at),
        "decided_by": candidate.decided_by,
        "promoted_id": candidate.promoted_id,
    }


class CandidatesOut(Out):
    candidates: list[CandidateOut]


class OperationOut(Out):
    """An asynchronous write's status; `result` and `error` only once it has them."""

    event_id: str
    status: Literal["PENDING", "RUNNING", "SUCCEEDED", "FAILED"]
    result: dict[str, Any] | None = None
    error: dict[str, Any] | None = None

    @classmethod
    def of(cls, operation: Operation) -> OperationOut:
        given: dict[str, Any] = {"event_id": operation.event_id, "status": operation.status.value}
        for name in ("result", "error"):
            if getattr(operation, name) is not None:
                given[name] = getattr(operation, name)
        return cls.model_construct(**given)
