"""The public shapes of API.md (Fact, Result, Conflict, Alert, Candidate, Operation) as frozen
pydantic models: one model per shape. REST's response schemas are these models, GraphQL's
types are derived from them (`service/graphql/types.py`), and the OpenAPI examples hang on them
(`FACT_EXAMPLE`). Use cases return them; JSON is made only at the edges.

Answers read as attributes (`answer.results[0].fact.value`); `answer["results"]` reads the same
field by its JSON name, so code written against the dicts `Memory` used to return keeps working.
`fact_view` and `verdict_view` give two of the shapes as plain dicts (the conflict use cases
answer with `service.conflicts.answers`).
"""

from __future__ import annotations

from datetime import datetime, timedelta
from functools import cache, lru_cache
from typing import Any, Literal, TypeVar, cast

from pydantic import BaseModel, ConfigDict, Field

from graph.domain.conflicts import Finding
from graph.domain.errors import PalimpsestError
from graph.domain.judge import Verdict
from graph.domain.model import Alert, Candidate, Fact, Operation

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
    "valid_end": "2025-11-11T00:00:00+00:00",
    "valid_phrase": "yesterday",
    "invalid_at": "2026-02-12T00:00:00+00:00",
    "knowledge_time": "2025-11-10T00:00:00+00:00",
    "told_at": "2025-11-11T08:00:00+00:00",
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
    """A public answer: immutable; built from validated domain records without re-validation.

    `answer["name"]` is the field whose JSON name is `name` (KeyError for any other), and
    `"name" in answer` says whether the answer has a value there (not None)."""

    model_config = ConfigDict(frozen=True)

    def __getitem__(self, name: str) -> Any:
        return getattr(self, _attributes(type(self))[name])

    def get(self, name: str, default: Any = None) -> Any:
        found = getattr(self, _attributes(type(self)).get(name, ""), None)
        return default if found is None else found

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and self.get(name) is not None

    @classmethod
    def trusted(cls: type[OutT], values: dict[str, Any]) -> OutT:
        """`model_construct(**values)`: when `values` names every field in declaration order
        (as each `of` gives them), the same instance is made without model_construct's loop
        over the fields, which cost a write's answer more than the rest of building it (a
        fact's answer has 32 fields); otherwise model_construct. `values` becomes the
        instance's own: the caller passes a fresh dict."""
        if cls.__pydantic_post_init__ or tuple(values) != _names(cls):
            return cast(OutT, cls.model_construct(**values))  # the plugin types it Out
        made = cls.__new__(cls)
        _set(made, "__dict__", values)
        _set(made, "__pydantic_fields_set__", set(values))
        _set(made, "__pydantic_extra__", None)
        _set(made, "__pydantic_private__", None)
        return made


_set = object.__setattr__
OutT = TypeVar("OutT", bound=Out)


@cache
def _attributes(cls: type[BaseModel]) -> dict[str, str]:
    """JSON name -> attribute name of a model's fields."""
    return {(info.alias or name): name for name, info in cls.model_fields.items()}


@cache
def _names(cls: type[BaseModel]) -> tuple[str, ...]:
    """A model's field names in declaration order, when none has an alias (else none)."""
    fields = cls.model_fields
    if any(info.alias or info.validation_alias for info in fields.values()):
        return ()
    return tuple(fields)


def _iso(value: datetime | None) -> str | None:
    if value is None:
        return None
    if type(value) is not datetime:
        return value.isoformat()
    return _iso_text(value, value.utcoffset())


@lru_cache(maxsize=4096)
def _iso_text(value: datetime, offset: timedelta | None) -> str:
    """`value.isoformat()`, kept per instant and offset (a bounded cache): a chunk's answers
    show a few instants (its clock reading, the messages' times), each in several fields of
    every record, and formatting one took longer than the rest of a field. The offset is in
    the key: one instant in two zones is one datetime to `==`, but not one text."""
    return value.isoformat()


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
    valid_end: str | None = None
    """With `valid_at`, the period the text named ("last weekend": Saturday to Monday); null
    when no phrase said when (the time is the message's)."""
    state_change: str = ""
    """"ends" on a record that says a state ended ("I left Acme": polarity -1, listed only with
    `include_endings`), "starts" on one that says it began, else empty."""
    valid_phrase: str = ""
    """The words that said when ("last weekend", 上个周末); "" when none did."""
    told_at: str | None = None
    """When the statement was told (the message's time or `observation_date`); null on records
    written before it was kept (docs/write.md, "Told later")."""

    @classmethod
    def of(cls, fact: Fact) -> FactOut:
        return cls.trusted(fact_view(fact))


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
        "valid_end": _iso(fact.valid_end),
        "valid_phrase": fact.valid_phrase,
        "state_change": fact.state_change,
        "told_at": _iso(fact.told_at),
    }


class ConflictOut(Out):
    """The `Conflict` object of API.md: a verdict against one record, executed or not."""

    target_id: str | None
    """null: a record from a source the caller's key may not read (`service.read.withhold`)."""
    conflict_type: str
    action: str
    reason: str
    executed: bool

    @classmethod
    def of(cls, verdict: Finding, executed: bool) -> ConflictOut:
        return cls.trusted(verdict_view(verdict, executed))


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
    def of(cls, outcome: Verdict) -> ResultOut:
        done = {v.target_id for v in outcome.executed}
        return cls.trusted(
            {
                "id": outcome.fact.uuid,
                "event": outcome.event.value,
                "memory": outcome.fact.fact,
                "categories": list(outcome.fact.categories),
                "fact": FactOut.of(outcome.fact),
                "conflicts": [
                    ConflictOut.of(v, v.target_id in done) for v in outcome.findings if v.conflicts
                ],
            }
        )


class ResultsOut(Out):
    results: list[ResultOut]


class AlertOut(Out):
    kind: str
    detail: str
    span: list[int] | None = None

    @classmethod
    def of(cls, alert: Alert) -> AlertOut:
        span = list(alert.span) if alert.span else None
        return cls.trusted({"kind": alert.kind, "detail": alert.detail, "span": span})


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
        return cls.trusted(
            {
                "id": candidate.uuid,
                "memory": candidate.fact.fact,
                "status": candidate.status,
                "rule": candidate.rule,
                "reason": candidate.reason,
                "fact": FactOut.of(candidate.fact),
                "created_at": candidate.created_at.isoformat(),
                "decided_at": _iso(candidate.decided_at),
                "decided_by": candidate.decided_by,
                "promoted_id": candidate.promoted_id,
            }
        )


class CandidatesOut(Out):
    candidates: list[CandidateOut]


class ErrorOut(Out):
    """The error object of one failed item or operation: `{"code", "message", "details"?}`."""

    code: str
    message: str
    details: dict[str, Any] | None = Field(default=None, exclude_if=lambda found: found is None)

    @classmethod
    def of(cls, exc: PalimpsestError) -> ErrorOut:
        return cls.model_construct(code=exc.code, message=exc.message, details=exc.details or None)


ADD_EXAMPLE = {
    "results": [
        {
            "id": FACT_EXAMPLE["id"],
            "event": "ADD",
            "memory": "I moved to Berlin in 2023",
            "categories": ["location"],
            "fact": {
                **FACT_EXAMPLE,
                "memory": "I moved to Berlin in 2023",
                "predicate": "lives_in",
                "value": "Berlin",
            },
            "conflicts": [],
        }
    ],
    "alerts": [],
    "candidates": [],
    "event_id": "5f0c2b1e-7d3a-4c8e-9b6f-1a2d3e4f5a6b",
    "episode_id": FACT_EXAMPLE["episode_id"],
    "episode_ids": [FACT_EXAMPLE["episode_id"]],
}


class AddOut(Out):
    """A synchronous add's answer: what happened to each extracted fact, the notary's alerts,
    the candidates held for review, and the ids of the write and of its episodes."""

    model_config = ConfigDict(frozen=True, json_schema_extra={"examples": [ADD_EXAMPLE]})

    results: list[ResultOut]
    alerts: list[AlertOut]
    candidates: list[CandidateOut] = []
    event_id: str | None = None
    episode_id: str | None = None
    episode_ids: list[str] = []


class PendingOut(Out):
    """An asynchronous add's answer: poll `GET /v1/operations/{event_id}`."""

    event_id: str
    status: Literal["PENDING", "RUNNING", "SUCCEEDED", "FAILED"]

    @classmethod
    def of(cls, operation: Operation) -> PendingOut:
        return cls.model_construct(event_id=operation.event_id, status=operation.status.value)


class BatchItemOut(Out):
    """One item of a batch, by its index in the input: its add's answer, or its own error."""

    index: int
    results: list[ResultOut] | None = None
    alerts: list[AlertOut] | None = None
    candidates: list[CandidateOut] | None = None
    event_id: str | None = None
    episode_id: str | None = None
    episode_ids: list[str] | None = None
    error: ErrorOut | None = None

    @classmethod
    def written(cls, index: int, answer: AddOut) -> BatchItemOut:
        return cls.model_construct(index=index, **dict(answer))

    @classmethod
    def failed(cls, index: int, error: ErrorOut) -> BatchItemOut:
        return cls.model_construct(index=index, error=error)


class BatchOut(Out):
    results: list[BatchItemOut]


class OperationOut(Out):
    """An asynchronous write's status; `result` and `error` only once it has them."""

    event_id: str
    status: Literal["PENDING", "RUNNING", "SUCCEEDED", "FAILED"]
    result: AddOut | None = None
    error: ErrorOut | None = None

    @classmethod
    def of(cls, operation: Operation) -> OperationOut:
        """From the operation log, whose result and error are stored as JSON."""
        result = AddOut.model_validate(operation.result) if operation.result else None
        error = ErrorOut.model_validate(operation.error) if operation.error else None
        return cls.model_construct(
            event_id=operation.event_id, status=operation.status.value, result=result, error=error
        )
