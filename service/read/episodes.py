"""One source episode as the public API shows it (the source of a fact: `Fact.episode_id`)."""

from __future__ import annotations

from graph.domain.errors import NotFound
from graph.domain.model import Episode
from graph.domain.tenancy import TenantScope
from graph.ports.store import Store
from service.read.access import Principals, open_to
from service.read.answers import EpisodeOut


def episode_view(episode: Episode) -> EpisodeOut:
    """API.md's episode: `{"id", "speaker", "body", "observed_at", "metadata"}` (+ source)."""
    return EpisodeOut.model_construct(
        id=episode.uuid,
        speaker=episode.speaker or episode.role.value,
        body=episode.content,
        observed_at=episode.valid_at.isoformat(),
        source=episode.source_description or episode.source,
        metadata=episode.metadata,
    )


def get_episode(
    store: Store, scope: TenantScope, episode_id: str, principals: Principals = None
) -> EpisodeOut:
    """The tenant's episode; another tenant's, or one the caller's key may not read, is not
    found."""
    found = store.read(lambda tx: tx.episodes.get(scope.group_id, [episode_id]))
    visible = [e for e in found if open_to(e.permissions, principals)]
    if not visible:
        raise NotFound(f"no episode {episode_id}", details={"episode_id": episode_id})
    return episode_view(visible[0])
