"""Erasure, export, versions and reprocessing of a tenant's memory."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Annotated

from fastapi import APIRouter, Body, Query, Request
from fastapi.responses import StreamingResponse
from pydantic import Field

from graph.domain.tenancy import TenantScope
from service.http.routes.conflicts import ScopeIn
from service.http.routes.deps import (
    App,
    PathUser,
    QueryUser,
    in_scope,
    principals_of,
    shown,
    source_readable_or_404,
    tenant_readable_or_403,
)
from service.tenancy.usecases import ErasureOut, ReprocessOut, StaleOut

router = APIRouter(prefix="/v1", tags=["tenancy"])


class ReprocessIn(ScopeIn):
    source: str | None = Field(default=None, description="only this source's episodes")
    only_stale: bool = Field(
        default=True,
        description="only episodes behind records made under other extraction or policy versions",
    )
    dry_run: bool = False


@router.delete("/users/{user_id}", response_model_exclude_unset=True)
def forget_user(user_id: PathUser, app: App, http: Request) -> ErasureOut:
    """Erase everything the store holds about a user; the ledger keeps a tombstone. With API
    keys, only a key that may read every record of the user (403 otherwise).

    Example: `DELETE /v1/users/alice`
    """
    tenant_readable_or_403(http)
    return app.tenancy.forget_user(TenantScope(user_id=user_id))


@router.delete("/sources")
def forget_source(
    app: App,
    http: Request,
    source: Annotated[str, Query(min_length=1, description="the source to forget")],
    user_id: QueryUser,
) -> ErasureOut:
    """Erase one source's episodes, the records read from them and the names only they used.

    Example: `DELETE /v1/sources?user_id=alice&source=crm-export.jsonl`
    """
    source_readable_or_404(http, source)
    return app.tenancy.forget_source(TenantScope(user_id=user_id), source)


@router.get("/export")
def export(
    app: App,
    http: Request,
    user_id: QueryUser,
    agent_id: Annotated[str | None, Query()] = None,
    run_id: Annotated[str | None, Query()] = None,
) -> StreamingResponse:
    """JSON Lines of everything the tenant's store holds: `{"kind", "record"}` per line.

    Example: `GET /v1/export?user_id=alice`
    """
    scope = TenantScope(user_id, agent_id, run_id)

    def lines() -> Iterator[bytes]:
        for item in app.tenancy.export(scope, principals_of(http)):
            yield (json.dumps(item.model_dump(), ensure_ascii=False) + "\n").encode("utf-8")

    return StreamingResponse(lines(), media_type="application/x-ndjson")


@router.get("/records/stale")
def stale(
    app: App,
    http: Request,
    user_id: QueryUser,
    limit: Annotated[int, Query(ge=1, le=1000)] = 1000,
) -> StaleOut:
    """Current records made under other extraction or policy versions than today's.

    Example: `GET /v1/records/stale?user_id=alice`
    """
    return shown(http, app.tenancy.stale(TenantScope(user_id=user_id), limit))


@router.post("/reprocess")
def reprocess(
    body: Annotated[ReprocessIn, in_scope(ReprocessIn, Body)], app: App, http: Request
) -> ReprocessOut:
    """Re-extract selected episodes under the current rules; old records are kept, outdated.

    Example: `POST /v1/reprocess {"user_id": "alice", "source": "chat", "dry_run": true}`
    """
    source_readable_or_404(http, body.source)
    return app.tenancy.reprocess(
        body.tenant(),
        source=body.source,
        only_stale=body.only_stale,
        dry_run=body.dry_run,
        principals=principals_of(http),
    )
