"""Conflict routes: resolve, audit, rollback, confirm/reject a disputed record, history."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Body, Query, Request
from pydantic import BaseModel, ConfigDict, Field

from graph.domain.tenancy import TenantScope
from service.conflicts import reversal, usecases
from service.conflicts.answers import (
    AuditOut,
    HistoryOut,
    ResolutionOut,
    ReviewOut,
    RollbackOut,
    WrittenOut,
)
from service.conflicts.history import history
from service.http.routes.deps import (
    App,
    QueryUser,
    in_scope,
    principals_of,
    readable_or_404,
    shown,
)

router = APIRouter(prefix="/v1", tags=["conflicts"])


class ScopeIn(BaseModel):
    model_config = ConfigDict(extra="forbid")

    user_id: str | None = None
    agent_id: str | None = None
    run_id: str | None = None
    project: str | None = None

    def tenant(self) -> TenantScope:
        return TenantScope(self.user_id, self.agent_id, self.run_id, self.project)


class ResolveIn(ScopeIn):
    content: str | None = Field(
        default=None,
        min_length=1,
        max_length=20_000,
        description="a statement to judge against the store",
    )
    fact_id: str | None = Field(default=None, description="a stored record to judge")
    dry_run: bool = Field(default=True, description="false executes the plan")

    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={
            "examples": [
                {
                    "user_id": "alice",
                    "content": "The user's company in Beijing is Company C",
                    "dry_run": True,
                },
            ]
        },
    )


class ReviewIn(ScopeIn):
    reason: str | None = Field(default=None, max_length=2000)


@router.post("/conflicts/resolve")
def resolve(
    body: Annotated[ResolveIn, in_scope(ResolveIn, Body)], app: App, http: Request
) -> ResolutionOut | WrittenOut:
    """The plan (which records, which class, which action, why); `dry_run=false` runs it.
    With source permissions, a verdict against a record the key may not read keeps its class
    and action but not the record's id or words (docs/tenancy.md)."""
    if body.fact_id is not None:
        readable_or_404(http, body.fact_id)
    content, fact_id, dry_run = body.content, body.fact_id, body.dry_run
    answer = usecases.resolve(
        app.services,
        body.tenant(),
        content=content,
        fact_id=fact_id,
        dry_run=dry_run,
        principals=principals_of(http),
    )
    return shown(http, answer)


@router.post("/conflicts/audit")
def audit(body: Annotated[ScopeIn, in_scope(ScopeIn, Body)], app: App, http: Request) -> AuditOut:
    """Scan the tenant bucketed by entity (top 12 by confidence); `scanned`, `flagged`,
    `groups`.

    Example: `POST /v1/conflicts/audit {"user_id": "alice"}`
    """
    return shown(http, usecases.audit(app.services, body.tenant(), principals_of(http)))


@router.post("/facts/{fact_id}/rollback")
def rollback(
    fact_id: str, body: Annotated[ScopeIn, in_scope(ScopeIn, Body)], app: App, http: Request
) -> RollbackOut:
    """Undo the latest executed action about a record; returns the restored records.

    Example: `POST /v1/facts/6f1c2a9e-4d1b-5c0e-9a57-3b2f8d1e7c40/rollback {"user_id": "alice"}`
    """
    readable_or_404(http, fact_id)
    return shown(http, reversal.rollback(app.services, body.tenant(), fact_id))


@router.post("/facts/{fact_id}/confirm")
def confirm(
    fact_id: str, body: Annotated[ReviewIn, in_scope(ReviewIn, Body)], app: App, http: Request
) -> ReviewOut:
    """A reviewer settles a dispute: this record is right.

    Example: `POST /v1/facts/6f1c2a9e-4d1b-5c0e-9a57-3b2f8d1e7c40/confirm {"user_id": "alice"}`
    """
    readable_or_404(http, fact_id)
    return shown(http, reversal.confirm(app.services, body.tenant(), fact_id))


@router.post("/facts/{fact_id}/reject")
def reject(
    fact_id: str, body: Annotated[ReviewIn, in_scope(ReviewIn, Body)], app: App, http: Request
) -> ReviewOut:
    """A reviewer settles a dispute: this record is wrong.

    Example: `POST /v1/facts/6f1c2a9e-4d1b-5c0e-9a57-3b2f8d1e7c40/reject`
    with `{"user_id": "alice", "reason": "outdated"}`
    """
    readable_or_404(http, fact_id)
    return shown(http, reversal.reject(app.services, body.tenant(), fact_id))


@router.get("/entities/{name}/history")
def entity_history(
    name: str,
    app: App,
    http: Request,
    user_id: QueryUser,
    agent_id: Annotated[str | None, Query()] = None,
    run_id: Annotated[str | None, Query()] = None,
    predicate: Annotated[str | None, Query(description="one chain only")] = None,
) -> HistoryOut:
    """The entity's version chains, oldest first, with superseded, expired and disputed
    records and their links; `broken` lists any broken link.

    Example: `GET /v1/entities/alice/history?user_id=alice&predicate=lives_in`
    """
    scope = TenantScope(user_id, agent_id, run_id)
    answer = history(app.store, scope, name, predicate, principals_of(http))
    return shown(http, answer)
