"""One search's reads, asked at once: every retrieval channel (`ChannelAsk` -> `ChannelHits`)
and then the candidates' records (`SearchRecords`).

A search asks a store for each channel's ranked list (keyword, identifier, tags, episodes and
the turns around the best of them, vector, graph) and then for the records of the fused
candidates. The port offers both as single verbs (`StoreReads.search_channels`,
`StoreReads.search_records`) so a backend behind a network can answer each in one query (Neo4j
does: one Bolt round trip each, `cypher/search_channels.cypher`, `cypher/search_records.cypher`);
the definitions here ask the port's finer verbs one by one, and are the meaning every backend's
answer must match (tests/conformance/test_search_reads.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import TYPE_CHECKING

from graph.domain.model import Episode, Fact
from graph.domain.timerules import TimeQuery

if TYPE_CHECKING:
    from graph.ports import StoreReads


@dataclass(frozen=True)
class Scored:
    """A search hit: the record's uuid and the channel's score (higher is better)."""

    uuid: str
    score: float


@dataclass(frozen=True)
class ChannelAsk:
    """Every channel of one search, inside one tenant, visible under `time` (None: every
    record), at most `limit` records each."""

    group_id: str
    text: str
    """The question: the episodes channel ranks turns by its stemmed words."""
    keywords: str
    """The question's content words: the keyword channel (fact full-text)."""
    now: datetime
    time: TimeQuery | None
    limit: int
    identifiers: tuple[str, ...] = ()
    """One phrase search over facts each (the identifier channel)."""
    tag_terms: tuple[str, ...] = ()
    """One topical search each (the tags channel): words, space separated; newest matches."""
    embedding: tuple[float, ...] = ()
    """The question's embedding (the vector channel); empty: no vector channel."""
    names: tuple[str, ...] = ()
    """Entity names the question may mention, most specific first: the existing ones, minus
    `speakers`, the first `seeds` of them, seed the graph walk of `hops` hops."""
    speakers: tuple[str, ...] = ()
    seeds: int = 8
    hops: int = 2
    context: int = 20
    """How many of the best episode hits get the turns told just before and after them."""
    within: timedelta = timedelta(minutes=30)
    reach: int = 1
    """How many turns on each side of a hit (`StoreReads.episode_neighbours`)."""


@dataclass(frozen=True)
class ChannelHits:
    """Each channel's hits, best first (tags: newest first, scores descending with age)."""

    keyword: list[Scored]
    episodes: list[Scored]
    vector: list[Scored]
    graph: list[Scored]
    identifiers: list[list[Scored]] = field(default_factory=list)
    """One list per `ChannelAsk.identifiers`, in order."""
    tags: list[list[Scored]] = field(default_factory=list)
    """One list per `ChannelAsk.tag_terms`, in order."""
    near: dict[str, list[str]] = field(default_factory=dict)
    """For the best `context` episode hits (when the best scores above 0): the turns around
    each (`StoreReads.episode_neighbours`)."""


@dataclass(frozen=True)
class SearchRecords:
    """The records a search's fused candidates name, in one read."""

    facts: list[Fact]
    """The tenant's records among the fact candidates, in any state."""
    episodes: list[Episode]
    """The tenant's episodes among the episode candidates."""
    told: list[Fact]
    """Every record read from those episodes, in any state, oldest first."""
    sources: list[Episode]
    """When asked for: the episodes `facts` were read from (their permissions)."""


def channels_one_by_one(tx: StoreReads, ask: ChannelAsk) -> ChannelHits:
    """`StoreReads.search_channels` by the port's finer verbs."""
    g, limit, time, now = ask.group_id, ask.limit, ask.time, ask.now
    episodes = tx.episode_search(g, ask.text, limit, time, now)
    return ChannelHits(
        keyword=tx.fulltext(g, ask.keywords, limit, time, now),
        episodes=episodes,
        vector=tx.vector(g, ask.embedding, limit, time, now) if ask.embedding else [],
        graph=_walk(tx, ask),
        identifiers=[tx.fulltext(g, ident, limit, time, now) for ident in ask.identifiers],
        tags=[tx.tagged(g, terms, limit, time, now) for terms in ask.tag_terms],
        near=_near(tx, ask, episodes),
    )


def _walk(tx: StoreReads, ask: ChannelAsk) -> list[Scored]:
    found = tx.get_entities(ask.group_id, list(ask.names)) if ask.names else {}
    seeds = [n for n in ask.names if n in found and n not in ask.speakers][: ask.seeds]
    if not seeds:
        return []
    return tx.neighbourhood(ask.group_id, seeds, ask.hops, ask.limit, ask.time, ask.now)


def _near(tx: StoreReads, ask: ChannelAsk, episodes: Sequence[Scored]) -> dict[str, list[str]]:
    best = sorted(episodes, key=lambda hit: -hit.score)[: ask.context]
    if not best or best[0].score <= 0:
        return {}
    return tx.episode_neighbours(ask.group_id, [hit.uuid for hit in best], ask.within, ask.reach)


def records_one_by_one(
    tx: StoreReads,
    group_id: str,
    fact_uuids: Sequence[str],
    episode_uuids: Sequence[str],
    sources: bool,
) -> SearchRecords:
    """`StoreReads.search_records` by the port's finer verbs."""
    facts = tx.get_facts(group_id, fact_uuids) if fact_uuids else []
    wanted = sorted(source_ids(facts)) if sources else []
    return SearchRecords(
        facts=facts,
        episodes=tx.get_episodes(group_id, episode_uuids) if episode_uuids else [],
        told=tx.facts_of_episodes(group_id, episode_uuids) if episode_uuids else [],
        sources=tx.get_episodes(group_id, wanted) if wanted else [],
    )


def source_ids(facts: Sequence[Fact]) -> set[str]:
    """The episodes these records were read from."""
    return {e for fact in facts for e in (*fact.episodes, fact.episode_id) if e}
