"""Search's verbs: each retrieval channel's ranked list, and one search's reads asked at once.

A search asks a store for each channel's ranked list (keyword, identifier, tags, episodes and
the turns around the best of them, vector, graph: `ChannelAsk` -> `ChannelHits`), then for the
records of the fused candidates (`SearchRecords`). `SearchReads.channels` and `.records` ask
each at once, so a backend behind a network can answer each in one query (Neo4j does: one Bolt
round trip each, `cypher/search_channels.cypher`, `cypher/search_records.cypher`). Their
meaning is `channels_one_by_one` and `records_one_by_one` below, which ask the finer verbs one
by one; every backend's answer must match them (tests/graph/conformance/test_search_reads.py).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Protocol

from graph.domain.model import Episode, Fact
from graph.domain.timerules import TimeQuery
from graph.ports.entities import EntityReads
from graph.ports.episodes import EpisodeReads
from graph.ports.facts import FactReads


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
    """How many turns on each side of a hit (`SearchReads.neighbours`)."""


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
    each (`SearchReads.neighbours`)."""


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


class SearchReads(ABC):
    """Each channel of a search, and a search's reads at once. Every hit is the tenant's."""

    @abstractmethod
    def fulltext(
        self, group_id: str, text: str, limit: int, time: TimeQuery | None, now: datetime
    ) -> list[Scored]:
        """Keyword hits on fact text, subject, predicate and value (CJK-aware), best first.
        `time=None` searches every record; otherwise only records visible under `time`."""

    @abstractmethod
    def tagged(
        self, group_id: str, text: str, limit: int, time: TimeQuery | None, now: datetime
    ) -> list[Scored]:
        """Records matching any of the words of `text` as `fulltext` would, unranked: newest
        first (scores descend with age). For broad topical matches (a synonym family), where
        ranking every match would cost in proportion to the store."""

    @abstractmethod
    def vector(
        self,
        group_id: str,
        embedding: Sequence[float],
        limit: int,
        time: TimeQuery | None,
        now: datetime,
    ) -> list[Scored]:
        """Nearest records by cosine similarity of `fact_embedding`, best first."""

    @abstractmethod
    def neighbourhood(
        self,
        group_id: str,
        entity_keys: Sequence[str],
        hops: int,
        limit: int,
        time: TimeQuery | None,
        now: datetime,
    ) -> list[Scored]:
        """Records one or `hops` (<= 2) edges away from the named entities; score 1/hops."""

    @abstractmethod
    def episodes(
        self, group_id: str, text: str, limit: int, time: TimeQuery | None, now: datetime
    ) -> list[Scored]:
        """Episodes (turns as told) ranked by bm25 over the stemmed terms of `text` (see
        `graph.textindex.query_terms`), best first. Under `time`, only episodes observed by
        the end of `as_of` and stored by `known_at`; `time=None` or current: every episode."""

    @abstractmethod
    def neighbours(
        self, group_id: str, uuids: Sequence[str], within: timedelta, reach: int = 1
    ) -> dict[str, list[str]]:
        """For each episode, the tenant's episodes observed just before and just after it
        (the nearest `reach` on each side, each at most `within` from it): the turns around it
        in its conversation, those before it nearest first, then those after it."""

    @abstractmethod
    def channels(self, ask: ChannelAsk) -> ChannelHits:
        """Every channel of one search: what `channels_one_by_one` answers."""

    @abstractmethod
    def records(
        self,
        group_id: str,
        fact_uuids: Sequence[str],
        episode_uuids: Sequence[str],
        sources: bool,
    ) -> SearchRecords:
        """The records of a search's candidates (with `sources`, the episodes the facts were
        read from, for their permissions): what `records_one_by_one` answers."""


class Records(Protocol):
    """The record reads a search's definitions ask besides its channels."""

    @property
    def entities(self) -> EntityReads: ...
    @property
    def episodes(self) -> EpisodeReads: ...
    @property
    def facts(self) -> FactReads: ...


def channels_one_by_one(search: SearchReads, records: Records, ask: ChannelAsk) -> ChannelHits:
    """`SearchReads.channels` by the finer verbs."""
    g, limit, time, now = ask.group_id, ask.limit, ask.time, ask.now
    episodes = search.episodes(g, ask.text, limit, time, now)
    return ChannelHits(
        keyword=search.fulltext(g, ask.keywords, limit, time, now),
        episodes=episodes,
        vector=search.vector(g, ask.embedding, limit, time, now) if ask.embedding else [],
        graph=_walk(search, records, ask),
        identifiers=[search.fulltext(g, ident, limit, time, now) for ident in ask.identifiers],
        tags=[search.tagged(g, terms, limit, time, now) for terms in ask.tag_terms],
        near=_near(search, ask, episodes),
    )


def _walk(search: SearchReads, records: Records, ask: ChannelAsk) -> list[Scored]:
    found = records.entities.get(ask.group_id, list(ask.names)) if ask.names else {}
    seeds = [n for n in ask.names if n in found and n not in ask.speakers][: ask.seeds]
    if not seeds:
        return []
    return search.neighbourhood(ask.group_id, seeds, ask.hops, ask.limit, ask.time, ask.now)


def _near(search: SearchReads, ask: ChannelAsk, episodes: Sequence[Scored]) -> dict[str, list[str]]:
    best = sorted(episodes, key=lambda hit: -hit.score)[: ask.context]
    if not best or best[0].score <= 0:
        return {}
    return search.neighbours(ask.group_id, [hit.uuid for hit in best], ask.within, ask.reach)


def records_one_by_one(
    records: Records,
    group_id: str,
    fact_uuids: Sequence[str],
    episode_uuids: Sequence[str],
    sources: bool,
) -> SearchRecords:
    """`SearchReads.records` by the finer verbs."""
    facts = records.facts.get(group_id, fact_uuids) if fact_uuids else []
    wanted = sorted(source_ids(facts)) if sources else []
    return SearchRecords(
        facts=facts,
        episodes=records.episodes.get(group_id, episode_uuids) if episode_uuids else [],
        told=records.facts.of_episodes(group_id, episode_uuids) if episode_uuids else [],
        sources=records.episodes.get(group_id, wanted) if wanted else [],
    )


def source_ids(facts: Sequence[Fact]) -> set[str]:
    """The episodes these records were read from."""
    return {e for fact in facts for e in (*fact.episodes, fact.episode_id) if e}
