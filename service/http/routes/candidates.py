"""The review queue: GET /v1/candidates, POST /v1/candidates/{id}/confirm|reject."""

from __future__ import annotations

from typing import Annotated, Literal

from fastapi import APIRouter, Body, Query, Request
from pydantic import Field

from graph.domain.tenancy import TenantScope
from service.http.routes.conflicts import ScopeIn
from service.http.routes.deps import App, QueryUser, in_scope, readable_or_404, shown
from service.views import CandidateOut, CandidatesOut, ResultsOut

router = APIRouter(prefix="/v1", tags=["candidates"])


class RejectIn(ScopeIn):
    reason: str | None = Field(default=None, max_length=2000)


@router.get("/candidates")
def list_candidates(
    app: App,
    http: Request,
    user_id: QueryUser,
    agent_id: Annotated[str | None, Query()] = None,
    run_id: Annotated[str | None, Query()] = None,
    status: Annotated[Literal["pending", "rejected", "promoted"], Query()] = "pending",
    limit: Annotated[int, Query(ge=1, le=1000)] = 100,
) -> CandidatesOut:
    """Extracted records waiting for review (or rejected, with the rule and reason).

    Example: `GET /v1/candidates?user_id=alice&status=pending`
    """
    scope = TenantScope(user_id, agent_id, run_id)
    return shown(http, app.candidates.list(scope, status, limit))


@router.post("/candidates/{candidate_id}/confirm")
def confirm_candidate(
    candidate_id: str, body: Annotated[ScopeIn, in_scope(ScopeIn, Body)], app: App, http: Request
) -> ResultsOut:
    """Promote a candidate through the conflict path: `{"results": [Result]}`.

    Example: `POST /v1/candidates/0b5e7c1d-2a3f-4e6b-9c8d-7f1a2b3c4d5e/confirm {"user_id": "alice"}`
    """
    readable_or_404(http, candidate_id)
    return shown(http, app.candidates.confirm(body.tenant(), candidate_id))


@router.post("/candidates/{candidate_id}/reject")
def reject_candidate(
    candidate_id: str, body: Annotated[RejectIn, in_scope(RejectIn, Body)], app: App, http: Request
) -> CandidateOut:
    """Keep a candidate out of memory, for audit, with the reviewer's reason.

    Example: `POST /v1/candidates/0b5e7c1d-2a3f-4e6b-9c8d-7f1a2b3c4d5e/reject`
    with `{"user_id": "alice", "reason": "hearsay"}`
    """
    readable_or_404(http, candidate_id)
    return shown(http, app.candidates.reject(body.tenant(), candidate_id, body.reason))
