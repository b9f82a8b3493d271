"""GET /v1/facts, GET /v1/facts/{fact_id}, GET /v1/search, GET /v1/ledger/verify.

Query parameters validate through the read request models (`service.read.requests`), which
refuse unknown parameters: `?as_off=2024` is a 422 naming `as_off`, never a current answer.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Request

from service.http.routes.deps import App, in_scope, principals_of, shown
from service.read import facts as fact_cases
from service.read.answers import FactsOut, LedgerOut, SearchHitOut, SearchOut
from service.read.requests import FactsRequest, LedgerArgs, ScopeArgs, SearchRequest
from service.read.search import search
from service.views import FactOut

__all__ = ["FactsOut", "LedgerOut", "SearchHitOut", "SearchOut", "router"]

router = APIRouter(prefix="/v1", tags=["read"])


@router.get("/facts", response_model=FactsOut)
def list_facts(
    app: App, http: Request, request: Annotated[FactsRequest, in_scope(FactsRequest)]
) -> FactsOut:
    """Current facts, or those valid `as_of` a date, month or year (valid at any point of it),
    as the store knew them `known_at` (a datetime is that instant; a date, month or year its
    end). Superseded records never appear in current answers; they do in as-of answers.

    Example: `GET /v1/facts?user_id=alice&subject=alice&predicate=lives_in&as_of=2024`
    """
    answer = fact_cases.list_facts(app.reads, request, principals_of(http))
    return shown(http, answer)


@router.get("/facts/{fact_id}", response_model=FactOut)
def get_fact(
    app: App, http: Request, fact_id: str, scope: Annotated[ScopeArgs, in_scope(ScopeArgs)]
) -> FactOut:
    """One record of the tenant by id, whatever its state (another tenant's id: 404).

    Example: `GET /v1/facts/6f1c2a9e-4d1b-5c0e-9a57-3b2f8d1e7c40?user_id=alice`
    """
    answer = fact_cases.get_fact(app.reads, scope.tenant(), fact_id, principals_of(http))
    return shown(http, answer)


@router.get("/search", response_model=SearchOut)
def search_memories(
    app: App, http: Request, request: Annotated[SearchRequest, in_scope(SearchRequest)]
) -> SearchOut:
    """Hybrid recall: keyword (CJK-aware), vector, graph neighbourhood and synonym-tag channels
    fused by reciprocal rank fusion (k = 60). Current records only by default; `as_of` and
    `known_at` ask another time question; `include_history=true` searches every record.
    Records holding a Latin identifier of the query exactly (INV-2024-001) come first.

    Example: `GET /v1/search?q=what+graphics+card+do+I+have&user_id=alice&limit=5`
    """
    return shown(http, search(app.reads, request, principals_of(http)))


@router.get("/ledger/verify", response_model=LedgerOut)
def verify_ledger(
    app: App, http: Request, scope: Annotated[LedgerArgs, in_scope(LedgerArgs)]
) -> LedgerOut:
    """Walk the tenant's SHA-256 hash chain and recompute the digest of every fact and
    episode it covers; `first_bad_seq` is the first entry that fails, `record` the edited or
    missing record. `head` (`length:hash`) kept elsewhere and passed back as `expect_head`
    finds a truncated or deleted chain.

    Example: `GET /v1/ledger/verify?user_id=alice&expect_head=42:9f2c...`
    """
    answer = fact_cases.verify_ledger(app.reads, scope.tenant(), scope.expect_head)
    return shown(http, answer)
