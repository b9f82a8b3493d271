"""GET /v1/episodes/{episode_id}: the source turn or document a fact was read from."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Request

from service.http.routes.deps import App, in_scope, principals_of
from service.read.answers import EpisodeOut
from service.read.episodes import get_episode
from service.read.requests import ScopeArgs

router = APIRouter(prefix="/v1", tags=["read"])


@router.get("/episodes/{episode_id}")
def episode(
    episode_id: str, app: App, http: Request, scope: Annotated[ScopeArgs, in_scope(ScopeArgs)]
) -> EpisodeOut:
    """One source episode of the tenant (a fact's `episode_id`): `{"id", "speaker", "body",
    "observed_at", "source", "metadata"}`; withheld by source permissions as facts are.

    Example: `GET /v1/episodes/a4e5c0d2-7b1f-4e3a-9c8d-1f2e3d4c5b6a?user_id=alice`
    """
    return get_episode(app.store, scope.tenant(), episode_id, principals_of(http))
