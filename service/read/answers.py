"""What the read use cases return: frozen pydantic models (REST's response schemas too; GraphQL
derives its types from them, `service/graphql/types.py`). Facts inside are `FactOut`."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import ConfigDict, Field

from service.views import FACT_EXAMPLE, FactOut, Out


class FactsOut(Out):
    model_config = ConfigDict(
        frozen=True, json_schema_extra={"examples": [{"facts": [FACT_EXAMPLE]}]}
    )

    facts: list[FactOut]


class EpisodeHitOut(Out):
    """A turn as told: who said it, its words, when it was observed and stored."""

    id: str
    speaker: str
    role: str
    body: str
    observed_at: str
    created_at: str
    media_refs: list[str]
    source: str | None = None
    metadata: dict[str, Any]


class EpisodeOut(Out):
    """API.md's episode, the source of a fact (`Fact.episode_id`)."""

    id: str
    speaker: str
    body: str
    observed_at: str
    source: str
    metadata: dict[str, Any]


class SearchHitOut(Out):
    """One search result: a fact (status fields repeated from it) or an episode. Both carry
    a turn as `episode`: an episode result its own, a fact result the turn it was read from
    (the evidence: the whole utterance, its speaker and time; absent only when that turn is
    gone or closed to the caller)."""

    id: str
    kind: Literal["fact", "episode"]
    memory: str
    score: float
    verify_status: str | None = None
    disputed: bool | None = None
    superseded_by: str | None = None
    channels: list[str]
    fact: FactOut | None = None
    episode: EpisodeHitOut | None = None


SEARCH_EXAMPLE = {
    "id": FACT_EXAMPLE["id"],
    "kind": "fact",
    "memory": FACT_EXAMPLE["memory"],
    "score": 0.0489,
    "verify_status": "superseded",
    "disputed": False,
    "superseded_by": FACT_EXAMPLE["superseded_by"],
    "channels": ["keyword", "vector", "tags"],
    "fact": FACT_EXAMPLE,
}


class SearchOut(Out):
    model_config = ConfigDict(
        frozen=True, json_schema_extra={"examples": [{"results": [SEARCH_EXAMPLE]}]}
    )

    results: list[SearchHitOut]


class LedgerOut(Out):
    model_config = ConfigDict(
        frozen=True,
        json_schema_extra={
            "examples": [
                {
                    "ok": True,
                    "length": 42,
                    "first_bad_seq": None,
                    "reason": None,
                    "record": None,
                    "head": "42:" + "0" * 64,
                }
            ]
        },
    )

    ok: bool
    length: int
    first_bad_seq: int | None
    reason: str | None = None
    """Why the chain does not verify: a broken link, a truncated chain, an edited or missing
    record."""
    record: str | None = None
    """`kind:id` of the edited or missing record, when that is the problem."""
    head: str | None = None
    """`length:hash` of the last entry: keep it elsewhere and pass it as `expect_head` later
    to detect a truncated or replaced chain."""


class NodeOut(Out):
    id: str
    name: str
    type: str | None = None


class GraphOut(Out):
    """What was connected to an entity for one time question, one page of it."""

    entity: str
    nodes: list[NodeOut]
    edges: list[FactOut]
    next_cursor: str | None = None


class PathsOut(Out):
    """The shortest chains of records from one entity to another."""

    model_config = ConfigDict(frozen=True, populate_by_name=True)

    from_: str = Field(alias="from")
    to: str
    paths: list[list[FactOut]]
