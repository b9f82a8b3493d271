"""GET /v1/facts, GET /v1/facts/{fact_id}, GET /v1/search, GET /v1/ledger/verify.

Query parameters validate through the read request models (`service.read.requests`), which
refuse unknown parameters: `?as_off=2024` is a 422 naming `as_off`, never a current answer.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Query, Request
from pydantic import BaseModel

from service.api.deps import App
from service.api.schemas import FactOut
from service.read import facts as fact_cases
from service.read.requests import FactsRequest, ScopeArgs, SearchRequest
from service.read.search import search

router = APIRouter(prefix="/v1", tags=["read"])

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


class FactsOut(BaseModel):
    facts: list[FactOut]

    model_config = {"json_schema_extra": {"examples": [{"facts": [FACT_EXAMPLE]}]}}


class SearchHitOut(BaseModel):
    id: str
    memory: str
    score: float
    verify_status: str
    disputed: bool
    superseded_by: str | None
    channels: list[str]
    fact: FactOut


class SearchOut(BaseModel):
    results: list[SearchHitOut]

    model_config = {
        "json_schema_extra": {
            "examples": [
                {
                    "results": [
                        {
                            "id": FACT_EXAMPLE["id"],
                            "memory": FACT_EXAMPLE["memory"],
                            "score": 0.0489,
                            "verify_status": "superseded",
                            "disputed": False,
                            "superseded_by": FACT_EXAMPLE["superseded_by"],
                            "channels": ["keyword", "vector", "tags"],
                            "fact": FACT_EXAMPLE,
                        }
                    ]
                }
            ]
        }
    }


class LedgerOut(BaseModel):
    ok: bool
    length: int
    first_bad_seq: int | None

    model_config = {
        "json_schema_extra": {"examples": [{"ok": True, "length": 42, "first_bad_seq": None}]}
    }


def principals_of(http: Request) -> tuple[str, ...] | None:
    """The caller's principals when API keys are on (`service.auth`), else None."""
    found: tuple[str, ...] | None = getattr(http.state, "principals", None)
    return found


@router.get("/facts", response_model=FactsOut)
def list_facts(
    app: App, http: Request, request: Annotated[FactsRequest, Query()]
) -> dict[str, Any]:
    """Current facts, or those valid `as_of` a date, month or year (valid at any point of it),
    as the store knew them `known_at` (a datetime is that instant; a date, month or year its
    end). Superseded records never appear in current answers; they do in as-of answers.

    Example: `GET /v1/facts?user_id=alice&subject=alice&predicate=lives_in&as_of=2024`
    """
    return fact_cases.list_facts(app.reads, request, principals_of(http))


@router.get("/facts/{fact_id}", response_model=FactOut)
def get_fact(
    app: App, http: Request, fact_id: str, scope: Annotated[ScopeArgs, Query()]
) -> dict[str, Any]:
    """One record of the tenant by id, whatever its state (another tenant's id: 404).

    Example: `GET /v1/facts/6f1c2a9e-4d1b-5c0e-9a57-3b2f8d1e7c40?user_id=alice`
    """
    return fact_cases.get_fact(app.reads, scope.tenant(), fact_id, principals_of(http))


@router.get("/search", response_model=SearchOut)
def search_memories(
    app: App, http: Request, request: Annotated[SearchRequest, Query()]
) -> dict[str, Any]:
    """Hybrid recall: keyword (CJK-aware), vector, graph neighbourhood and synonym-tag channels
    fused by reciprocal rank fusion (k = 60). Current records only by default; `as_of` and
    `known_at` ask another time question; `include_history=true` searches every record.
    Records holding a Latin identifier of the query exactly (INV-2024-001) come first.

    Example: `GET /v1/search?q=what+graphics+card+do+I+have&user_id=alice&limit=5`
    """
    return search(app.reads, request, principals_of(http))


@router.get("/ledger/verify", response_model=LedgerOut)
def verify_ledger(app: App, scope: Annotated[ScopeArgs, Query()]) -> dict[str, Any]:
    """Walk the tenant's SHA-256 hash chain; `first_bad_seq` is the first entry that fails.

    Example: `GET /v1/ledger/verify?user_id=alice`
    """
    return fact_cases.verify_ledger(app.reads, scope.tenant())
