"""Response shapes of the REST API, for validation and the OpenAPI document (API.md).

The public shapes (Fact, Result, Conflict, Alert, Candidate, Operation) are defined once, in
`service.views`; the write answers below are built from them."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field

from service.views import (
    AlertOut,
    CandidateOut,
    ConflictOut,
    FactOut,
    OperationOut,
    ResultOut,
)
from service.write.request import MAX_BATCH_ITEMS

__all__ = [
    "AddOut",
    "AlertOut",
    "BatchIn",
    "BatchItemOut",
    "BatchOut",
    "CandidateOut",
    "ConflictOut",
    "FactOut",
    "OperationOut",
    "PendingOut",
    "ResultOut",
]


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
