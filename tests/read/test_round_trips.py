"""On Neo4j a search is one read transaction of at most three queries (the channels, the turns
with the best fact candidates' records, and the other candidates' only when those leave the
answer open: `search.answer`), whatever the question asks; and it answers what the lanes (the
channels run one verb at a time) answer on the same store.

The count is taken by a store that subclasses the real one and observes the port's one funnel
of queries (`Rows`) and its transactions (`Neo4jStore._session_call`); it talks to
the real server. These tests need Neo4j: with --backends=sqlite they are deselected."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import replace
from typing import Any, LiteralString, TypeVar

import pytest
from neo4j import ManagedTransaction

from graph.backends.neo4j.rows import Rows
from graph.backends.neo4j.store import Neo4jStore, Neo4jTx
from service.read.requests import SearchRequest
from service.read.search import search
from tests.conftest import NEO4J_URI, wipe_neo4j
from tests.read import corpus

pytestmark = pytest.mark.neo4j_only
T = TypeVar("T")
MAX_QUERIES = 3


class CountingRows(Rows):
    def __init__(self, tx: ManagedTransaction, seen: list[str]) -> None:
        super().__init__(tx)
        self.seen = seen

    def __call__(self, name: LiteralString, **params: Any) -> list[dict[str, Any]]:
        self.seen.append(name)
        return super().__call__(name, **params)


class CountingStore(Neo4jStore):
    """The real store; it notes every query by name and counts transactions."""

    def __init__(self, uri: str, *, in_one_query: bool = True) -> None:
        self.queries: list[str] = []
        self.transactions = 0
        super().__init__(uri, connection_timeout=5.0)
        self.capabilities = replace(self.capabilities, search_in_one_query=in_one_query)

    def _port(self, tx: ManagedTransaction) -> Neo4jTx:
        return Neo4jTx(CountingRows(tx, self.queries))

    def _session_call(self, mode: str, work: Callable[[ManagedTransaction], T]) -> T:
        self.transactions += 1
        return super()._session_call(mode, work)

    def counted(self, fn: Callable[[], T]) -> tuple[T, list[str], int]:
        self.queries.clear()
        self.transactions = 0
        result = fn()
        return result, list(self.queries), self.transactions


@pytest.fixture(scope="module")
def counting() -> Iterator[tuple[CountingStore, CountingStore]]:
    """The corpus on Neo4j, seen through a store searching in one query and one in lanes."""
    at_once, lanes = CountingStore(NEO4J_URI), CountingStore(NEO4J_URI, in_one_query=False)
    wipe_neo4j(at_once)
    corpus.build(at_once)
    yield at_once, lanes
    at_once.close()
    lanes.close()


REQUESTS: list[dict[str, Any]] = [{"q": question} for question in corpus.QUESTIONS] + [
    {"q": "INV-2024-001 and RTX 4090 on my graphics card", "limit": 5},
    {"q": "where do I live", "as_of": "2025-06-01"},
    {"q": "where do I live", "include_history": True},
    {"q": "Carla cats", "known_at": "2026-11-01"},
    {"q": "Carla cats", "verify_status": ["unverified"]},
    {"q": "tram", "agent_id": "agent"},
]


@pytest.mark.parametrize("asked", REQUESTS, ids=lambda r: "-".join(map(str, r.values())))
def test_a_search_is_at_most_three_queries_in_one_transaction(
    counting: tuple[CountingStore, CountingStore], asked: dict[str, Any]
) -> None:
    at_once, lanes = counting
    request = SearchRequest(user_id=corpus.USER, **asked)
    found, queries, transactions = at_once.counted(lambda: search(corpus.deps(at_once), request))
    assert len(queries) <= MAX_QUERIES and transactions == 1, queries
    assert queries[0] == "search_channels"
    laned, lane_queries, _ = lanes.counted(lambda: search(corpus.deps(lanes), request))
    assert found == laned
    assert "search_channels" not in lane_queries and len(lane_queries) > MAX_QUERIES


def test_the_counted_searches_find_what_they_ask_for(
    counting: tuple[CountingStore, CountingStore],
) -> None:
    at_once, _ = counting
    request = SearchRequest(user_id=corpus.USER, q="INV-2024-001")
    results = search(corpus.deps(at_once), request).results
    assert results and "INV-2024-001" in results[0].memory
    answer, queries, _ = at_once.counted(
        lambda: search(corpus.deps(at_once), SearchRequest(user_id=corpus.USER, q="Pixel cat"))
    )
    assert queries == ["search_channels", "search_records"]
    assert any("Pixel" in hit.memory for hit in answer.results[:3])
