"""Response shapes of the REST API, for validation and the OpenAPI document (API.md).

The public shapes (Fact, Result, Conflict, Alert, Candidate, Operation, and the write answers)
are defined once, in `service.views`; this module names them for REST and adds its bodies."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

from service.views import (
    AddOut,
    AlertOut,
    BatchItemOut,
    BatchOut,
    CandidateOut,
    ConflictOut,
    ErrorOut,
    FactOut,
    OperationOut,
    PendingOut,
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
    "ErrorOut",
    "FactOut",
    "OperationOut",
    "PendingOut",
    "ResultOut",
]


class BatchIn(BaseModel):
    items: list[dict[str, Any]] = Field(
        min_length=1,
        max_length=MAX_BATCH_ITEMS,
        description="each item as the body of POST /v1/memories",
    )
