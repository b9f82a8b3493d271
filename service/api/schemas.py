"""Response shapes of the REST API, for validation and the OpenAPI document (API.md)."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field

from service.write.request import MAX_BATCH_ITEMS


class FactOut(BaseModel):
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


class ConflictOut(BaseModel):
    target_id: str
    conflict_type: str
    action: str
    reason: str
    executed: bool


class ResultOut(BaseModel):
    id: str
    event: Literal["ADD", "DUPLICATE", "UPDATE", "NOOP", "KEEP_BOTH"]
    memory: str
    categories: list[str]
    fact: FactOut
    conflicts: list[ConflictOut]


class AlertOut(BaseModel):
    kind: str
    detail: str
    span: list[int] | None = None


class CandidateOut(BaseModel):
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


class AddOut(BaseModel):
    results: list[ResultOut]
    alerts: list[AlertOut]
    candidates: list[CandidateOut] = []
    event_id: str | None = None

    model_config = {
        "json_schema_extra": {
            "examples": [
                {
                    "results": [
                        {
                            "id": "0b9e...",
                            "event": "ADD",
                            "memory": "I moved to Berlin in 2023",
                            "categories": ["location"],
                            "fact": {
                                "subject": "alice",
                                "predicate": "lives_in",
                                "value": "Berlin",
                                "valid_at": "2023-01-01T00:00:00+00:00",
                            },
                            "conflicts": [],
                        }
                    ],
                    "alerts": [],
                    "event_id": "5f0c...",
                }
            ]
        }
    }


class PendingOut(BaseModel):
    event_id: str
    status: Literal["PENDING", "RUNNING", "SUCCEEDED", "FAILED"]


class BatchIn(BaseModel):
    items: list[dict[str, Any]] = Field(
        min_length=1,
        max_length=MAX_BATCH_ITEMS,
        description="each item as the body of POST /v1/memories",
    )


class BatchItemOut(BaseModel):
    index: int
    results: list[ResultOut] | None = None
    alerts: list[AlertOut] | None = None
    candidates: list[CandidateOut] | None = None
    event_id: str | None = None
    error: dict[str, Any] | None = None


class BatchOut(BaseModel):
    results: list[BatchItemOut]


class OperationOut(BaseModel):
    event_id: str
    status: Literal["PENDING", "RUNNING", "SUCCEEDED", "FAILED"]
    result: dict[str, Any] | None = None
    error: dict[str, Any] | None = None
