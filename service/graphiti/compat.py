"""Our records as graphiti-core's `EntityNode` / `EntityEdge` / `EpisodicNode`, and back.

What a graphiti reader sees of our graph is what these functions produce: the fields graphiti
has (`valid_at`, `invalid_at`, `created_at`, `expired_at`, `episodes`, `reference_time` = our
`knowledge_time`), and everything else of ours under `attributes` (supersession links,
`invalidated_at`, `disputed`, `verify_status`, ...), which graphiti keeps but never interprets.

The way back (`entity_from_node`, `episode_from_node`, `fact_from_edge`) maps graphiti's four
timestamps onto our three clocks: graphiti's `expired_at` on an edge with an `invalid_at` is
when it learned the end (our `invalidated_at`; the record stays believed for its interval);
without an `invalid_at` it is a retraction (our `expired_at`).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from graphiti_core.edges import EntityEdge
from graphiti_core.nodes import EntityNode, EpisodeType, EpisodicNode

from graph.domain.enums import Granularity, Role, SourceType, VerifyStatus
from graph.domain.model import Entity, Episode, Fact
from graph.domain.signature import entity_key, fact_signature, normalize_text, period_label
from graph.domain.tenancy import TenantScope

EXTRACTION_VERSION = "graphiti-core"
_GRAPHITI_EDGE_FIELDS = frozenset(EntityEdge.model_fields) | {"name", "reference_time"}
_ENTITY_ATTRIBUTES = ("normalized", "type", "aliases")


def group_id_for(
    user_id: str | None = None, agent_id: str | None = None, run_id: str | None = None
) -> str:
    """The graphiti `group_id` of a tenant: `u_<user_id>` (`a_` an agent, `r_` a run) for ids of
    `[A-Za-z0-9_-]`, else the prefix, a dash and a digest. Always a valid graphiti group id."""
    return TenantScope(user_id=user_id, agent_id=agent_id, run_id=run_id).group_id


# -- ours -> graphiti -------------------------------------------------------------------------


def entity_node(entity: Entity) -> EntityNode:
    return EntityNode(
        uuid=entity.uuid,
        name=entity.name,
        group_id=entity.group_id,
        labels=["Entity"],
        created_at=entity.created_at,
        summary=entity.summary,
        attributes={
            "normalized": entity.normalized,
            "type": entity.type,
            "aliases": list(entity.aliases),
        },
    )


def entity_edge(fact: Fact) -> EntityEdge:
    ours = fact.model_dump(mode="json", exclude={"fact_embedding"})
    return EntityEdge(
        uuid=fact.uuid,
        group_id=fact.group_id,
        source_node_uuid=fact.subject_uuid,
        target_node_uuid=fact.object_uuid,
        created_at=fact.created_at,
        name=fact.predicate,
        fact=fact.fact,
        fact_embedding=list(fact.fact_embedding) if fact.fact_embedding else None,
        episodes=list(fact.episodes),
        expired_at=fact.expired_at,
        valid_at=fact.valid_at,
        invalid_at=fact.invalid_at,
        reference_time=fact.knowledge_time,
        attributes={k: v for k, v in ours.items() if k not in _GRAPHITI_EDGE_FIELDS},
    )


def episodic_node(episode: Episode, fact_uuids: Sequence[str] = ()) -> EpisodicNode:
    source = episode.source if episode.source in _EPISODE_TYPES else EpisodeType.message.value
    return EpisodicNode(
        uuid=episode.uuid,
        name=episode.name,
        group_id=episode.group_id,
        labels=[],
        created_at=episode.created_at,
        source=EpisodeType.from_str(source),
        source_description=episode.source_description,
        content=episode.content,
        valid_at=episode.valid_at,
        entity_edges=list(fact_uuids),
    )


_EPISODE_TYPES = frozenset(t.value for t in EpisodeType)


# -- graphiti -> ours -------------------------------------------------------------------------


def entity_from_node(node: EntityNode, *, group_id: str, uuid: str) -> Entity:
    kinds = [label for label in node.labels if label != "Entity"]
    return Entity(
        uuid=uuid,
        group_id=group_id,
        name=node.name[:500] or node.uuid,
        normalized=entity_key(node.name or node.uuid),
        type=normalize_text(kinds[0]) if kinds else "entity",
        summary=node.summary or "",
        created_at=utc(node.created_at),
    )


def episode_from_node(
    node: EpisodicNode,
    *,
    group_id: str,
    uuid: str,
    user_id: str | None,
    entity_uuids: Sequence[str],
) -> Episode:
    return Episode(
        uuid=uuid,
        group_id=group_id,
        user_id=user_id,
        role=Role.USER,
        name=node.name,
        content=node.content,
        source=node.source.value,
        source_description=node.source_description,
        valid_at=utc(node.valid_at),
        created_at=utc(node.created_at),
        knowledge_time=utc(node.valid_at),
        entity_uuids=tuple(entity_uuids),
        metadata={"graphiti": {"uuid": node.uuid, "group_id": node.group_id}},
    )


@dataclass(frozen=True)
class EdgeContext:
    """What an edge needs from the rest of the migration: our ids for its endpoints and
    episodes, its supersession links (already our ids), the embedding to keep."""

    uuid: str
    group_id: str
    user_id: str | None
    subject: Entity
    object: Entity
    episodes: tuple[str, ...]
    episode_valid_at: datetime | None
    embedding: tuple[float, ...] | None
    supersedes: str | None = None
    superseded_by: str | None = None


def utc(value: datetime) -> datetime:
    """graphiti's times as aware UTC (a naive one is taken as UTC, as graphiti does)."""
    return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)


def _utc(value: datetime | None) -> datetime | None:
    return None if value is None else utc(value)


def fact_from_edge(edge: EntityEdge, ctx: EdgeContext) -> Fact:
    """One graphiti edge as our record (see the module docstring for the clocks)."""
    created = utc(edge.created_at)
    known = _utc(edge.reference_time) or _utc(ctx.episode_valid_at) or created
    valid_at = _utc(edge.valid_at) or known
    ended = _utc(edge.invalid_at)
    invalid_at = max(ended, valid_at) if ended else None
    expired = _utc(edge.expired_at)
    predicate = normalize_text(edge.name) or "relates_to"
    value_key = normalize_text(ctx.object.name)
    return Fact(
        uuid=ctx.uuid,
        group_id=ctx.group_id,
        user_id=ctx.user_id,
        subject=ctx.subject.name,
        subject_key=ctx.subject.normalized,
        subject_uuid=ctx.subject.uuid,
        predicate=predicate,
        value=ctx.object.name,
        value_key=value_key,
        object_uuid=ctx.object.uuid,
        fact=edge.fact,
        fact_embedding=ctx.embedding,
        episodes=ctx.episodes,
        episode_id=ctx.episodes[0] if ctx.episodes else None,
        valid_at=valid_at,
        valid_granularity=Granularity.INSTANT,
        invalid_at=invalid_at,
        knowledge_time=known,
        told_at=known,
        created_at=created,
        invalidated_at=(expired or created) if invalid_at else None,
        expired_at=None if invalid_at else expired,
        source_type=SourceType.EXTERNAL,
        verify_status=VerifyStatus.SUPERSEDED if ctx.superseded_by else VerifyStatus.UNVERIFIED,
        supersedes=ctx.supersedes,
        superseded_by=ctx.superseded_by,
        signature=fact_signature(
            group_id=ctx.group_id,
            subject_key=ctx.subject.normalized,
            predicate=predicate,
            value_key=value_key,
            polarity=1,
            scope="",
            period=period_label(valid_at, Granularity.INSTANT),
        ),
        extraction_version=EXTRACTION_VERSION,
        metadata={"graphiti": _provenance(edge)},
    )


def _provenance(edge: EntityEdge) -> dict[str, Any]:
    """graphiti's own ids and attributes, JSON-ready, so the origin of a record stays visible."""
    attributes = json.loads(json.dumps(edge.attributes or {}, default=str))
    return {"uuid": edge.uuid, "group_id": edge.group_id, "attributes": attributes}
