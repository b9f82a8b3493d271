"""Search's verbs (`graph.ports.search`) on Neo4j: Lucene queries for the full-text indexes,
the vector index with exact re-ranking, and one search's reads each in one query
(`cypher/search_channels.cypher`, `cypher/search_records.cypher`)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta
from typing import Any, LiteralString

from graph.backends.neo4j import codec
from graph.backends.neo4j.codec import time_params
from graph.backends.neo4j.rows import Rows
from graph.domain.timerules import TimeQuery
from graph.ports.search import ChannelAsk, ChannelHits, Scored, SearchReads, SearchRecords
from graph.textindex import query_groups, query_terms

VECTOR_OVERFETCH = 10
VECTOR_CANDIDATES = 400
"""The vector index is asked for `VECTOR_OVERFETCH` times `limit` neighbours, and at least
`VECTOR_CANDIDATES`: the tenant and the time rule are applied to its answer, and its candidates
re-ranked by their exact cosine. Lucene searches each segment of the index for that many, so
the cost follows the segments, and what is found follows the graph. On one 100k index
populated in one segment (tools/neo4j's launcher, docs/storage.md "One segment"), recall@10
against an exact scan of 40 questions and the vector channel's median, one graph after the
other on a quiet machine (2026-12-02): Neo4j's default graph (m 16, ef_construction 100)
0.888 from 400 at 13 ms, 0.955 from 1,000 at 19 ms; the store's graph (m 32,
ef_construction 200, `VECTOR_HNSW`) 0.985 from 400 at 18-19 ms, 0.993 from 1,000 at 26 ms.
So 400 of the store's graph find more than 1,000 of the default's in the same time. (At 1M
the default graph gave 0.905 from 1,000 and levelled off at 0.935; the store's graph is not
measured there yet.)"""


OLD_GRAPH_CANDIDATES = 1000
"""What an index made before `VECTOR_HNSW` (Neo4j's default graph) is asked for: 1,000, as
then; 400 of that graph found 0.888 of the exact top 10 at 100k."""


def vector_fetch(limit: int, candidates: int = VECTOR_CANDIDATES) -> int:
    """How many neighbours the vector index is asked for, for `limit` hits."""
    return max(candidates, limit * VECTOR_OVERFETCH)


VECTOR_RESCORE = 100
VECTOR_RESCORE_FACTOR = 3
"""Of the index's candidates that pass the tenant and the time rule, only the best
`VECTOR_RESCORE` (at least `VECTOR_RESCORE_FACTOR` times `limit`) by the index's own score are
re-ranked by their exact cosine: reading each stored vector was a third of the vector query.
On the 100k scale store (120 questions, 30 hits each) every record of the exact top 30 over all
400 candidates was among the index's best 58, so the lists are the same (docs/storage.md)."""


def vector_rescore(limit: int) -> int:
    """How many of the index's candidates are re-ranked by their exact cosine."""
    return max(VECTOR_RESCORE, limit * VECTOR_RESCORE_FACTOR)


TEXT_OVERFETCH = 10
EPISODE_OVERFETCH = 4
MAX_QUERY_GROUPS = 32


def lucene_query(group_id: str, text: str) -> str | None:
    """Lucene syntax for the full-text index: the tenant clause AND any of the query's phrases."""
    groups = query_groups(text)[:MAX_QUERY_GROUPS]
    if not groups:
        return None
    phrases = " OR ".join(_phrase(" ".join(group)) for group in groups)
    return f"+group_id:{_phrase(group_id)} +search_text:({phrases})"


def episode_query(group_id: str, text: str) -> str | None:
    """Lucene syntax for the episodes' index: the tenant clause AND any of the stemmed terms."""
    terms = query_terms(text)[:MAX_QUERY_GROUPS]
    if not terms:
        return None
    words = " ".join(_phrase(term) for term in terms)
    return f"+group_id:{_phrase(group_id)} +search_text:({words})"


def _phrase(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def channel_params(ask: ChannelAsk, candidates: int = VECTOR_CANDIDATES) -> dict[str, Any]:
    """The parameters of search_channels for one ask (full-text slots: the keyword search,
    then one per identifier, then one per tag family; a text with no terms asks nothing)."""
    texts = [(ask.keywords, False), *((i, False) for i in ask.identifiers)]
    texts += [(terms, True) for terms in ask.tag_terms]
    fetch = ask.limit * TEXT_OVERFETCH
    episodes = episode_query(ask.group_id, ask.text)
    return {
        "group_id": ask.group_id,
        "fact_texts": [
            {"query": lucene_query(ask.group_id, text), "fetch": fetch, "newest": newest}
            for text, newest in texts
        ],
        "episode_texts": [episodes] if episodes else [],
        "episode_fetch": ask.limit * EPISODE_OVERFETCH,
        "embeddings": [[float(x) for x in ask.embedding]] if ask.embedding else [],
        "vector_fetch": vector_fetch(ask.limit, candidates),
        "vector_rescore": vector_rescore(ask.limit),
        "names": list(ask.names),
        "speakers": list(ask.speakers),
        "seeds": ask.seeds,
        "hops": max(1, min(ask.hops, 2)),
        "context": ask.context,
        "seconds": int(ask.within.total_seconds()),
        "reach": ask.reach,
        "limit": ask.limit,
        **time_params(ask.time, ask.now),
    }


def channel_hits(row: dict[str, Any], ask: ChannelAsk) -> ChannelHits:
    """The one row of search_channels as each channel's hits (see `channel_params`)."""
    texts = {item["slot"]: _scored(item["hits"]) for item in row["texts"]}
    slots = [texts.get(slot, []) for slot in range(1 + len(ask.identifiers) + len(ask.tag_terms))]
    tags = slots[1 + len(ask.identifiers) :]
    vector = row["exact"] if len(row["approximate"]) < ask.limit else row["approximate"]
    return ChannelHits(
        keyword=slots[0],
        episodes=_scored(row["episodes"]),
        # Neo4j's cosine scores are (1 + cos) / 2; report the cosine, as the embedded store does.
        vector=[Scored(hit["uuid"], 2.0 * float(hit["score"]) - 1.0) for hit in vector],
        graph=_scored(row["graph"]),
        identifiers=slots[1 : 1 + len(ask.identifiers)],
        tags=[[Scored(hit.uuid, float(-rank)) for rank, hit in enumerate(t)] for t in tags],
        near={item["uuid"]: [u for u in item["near"] if u] for item in row["near"]},
    )


def _scored(hits: Sequence[dict[str, Any]]) -> list[Scored]:
    return [Scored(hit["uuid"], float(hit["score"])) for hit in hits]


def _records(row: dict[str, Any]) -> SearchRecords:
    """The one row of search_records as records."""
    return SearchRecords(
        facts=[codec.fact_from_map(item) for item in row["facts"]],
        episodes=[codec.episode_from_map(item) for item in row["episodes"]],
        told=[codec.fact_from_map(item) for item in row["told"]],
        sources=[codec.episode_from_map(item) for item in row["sources"]],
    )


class Neo4jSearch(SearchReads):
    """The channels in Cypher; `channels` and `records` each in one query (one round trip)."""

    def __init__(self, rows: Rows, vector_candidates: int = VECTOR_CANDIDATES) -> None:
        self._rows = rows
        self.vector_candidates = vector_candidates
        """How many neighbours the vector index is asked for at least."""

    def fulltext(
        self, group_id: str, text: str, limit: int, time: TimeQuery | None, now: datetime
    ) -> list[Scored]:
        return self._lucene("facts_fulltext", group_id, text, limit, time, now)

    def episodes(
        self, group_id: str, text: str, limit: int, time: TimeQuery | None, now: datetime
    ) -> list[Scored]:
        lucene = episode_query(group_id, text)
        if lucene is None:
            return []
        params = time_params(time, now)
        rows = self._rows(
            "episodes_search",
            group_id=group_id,
            query=lucene,
            fetch=limit * EPISODE_OVERFETCH,
            limit=limit,
            known=params["known"],
            end=params["end"],
        )
        return [Scored(row["uuid"], float(row["score"])) for row in rows]

    def neighbours(
        self, group_id: str, uuids: Sequence[str], within: timedelta, reach: int = 1
    ) -> dict[str, list[str]]:
        rows = self._rows(
            "episodes_neighbours",
            group_id=group_id,
            uuids=list(dict.fromkeys(uuids)),
            seconds=int(within.total_seconds()),
            reach=reach,
        )
        return {row["uuid"]: [u for u in row["near"] if u] for row in rows}

    def tagged(
        self, group_id: str, text: str, limit: int, time: TimeQuery | None, now: datetime
    ) -> list[Scored]:
        """Lucene's best `10 * limit` matches (its top-k search does not score every match),
        newest first: the same records as SQLite's newest matches whenever there are fewer."""
        hits = self._lucene("facts_tagged", group_id, text, limit, time, now)
        return [Scored(hit.uuid, float(-rank)) for rank, hit in enumerate(hits)]

    def _lucene(
        self,
        name: LiteralString,
        group_id: str,
        text: str,
        limit: int,
        time: TimeQuery | None,
        now: datetime,
    ) -> list[Scored]:
        lucene = lucene_query(group_id, text)
        if lucene is None:
            return []
        rows = self._rows(
            name,
            group_id=group_id,
            query=lucene,
            fetch=limit * TEXT_OVERFETCH,
            limit=limit,
            **time_params(time, now),
        )
        return [Scored(row["uuid"], float(row["score"])) for row in rows]

    def vector(
        self,
        group_id: str,
        embedding: Sequence[float],
        limit: int,
        time: TimeQuery | None,
        now: datetime,
    ) -> list[Scored]:
        params = {"group_id": group_id, "embedding": [float(x) for x in embedding], "limit": limit}
        params.update(time_params(time, now))
        rows = self._rows(
            "facts_vector_index",
            fetch=vector_fetch(limit, self.vector_candidates),
            rescore=vector_rescore(limit),
            **params,
        )
        if len(rows) < limit:
            rows = self._rows("facts_vector_exact", **params)
        # Neo4j's cosine scores are (1 + cos) / 2; report the cosine, as the embedded store does.
        return [Scored(row["uuid"], 2.0 * float(row["score"]) - 1.0) for row in rows]

    def neighbourhood(
        self,
        group_id: str,
        entity_keys: Sequence[str],
        hops: int,
        limit: int,
        time: TimeQuery | None,
        now: datetime,
    ) -> list[Scored]:
        rows = self._rows(
            "facts_neighbourhood",
            group_id=group_id,
            names=list(entity_keys),
            hops=max(1, min(hops, 2)),
            limit=limit,
            **time_params(time, now),
        )
        return [Scored(row["uuid"], float(row["score"])) for row in rows]

    def channels(self, ask: ChannelAsk) -> ChannelHits:
        """Every channel in one query (one round trip)."""
        return channel_hits(
            self._rows("search_channels", **channel_params(ask, self.vector_candidates))[0], ask
        )

    def records(
        self,
        group_id: str,
        fact_uuids: Sequence[str],
        episode_uuids: Sequence[str],
        sources: bool,
    ) -> SearchRecords:
        """The candidates' records in one query (one round trip)."""
        rows = self._rows(
            "search_records",
            group_id=group_id,
            facts=list(dict.fromkeys(fact_uuids)),
            episodes=list(dict.fromkeys(episode_uuids)),
            sources=sources,
        )
        return _records(rows[0])
