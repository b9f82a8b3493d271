"""A search reads its fact candidates page by page (`search.paged`), best fused score first
(Neo4j reads the best few with the turns, the embedded store after them), and stops once no
unread candidate can enter the answer; the answer must be the one reading every candidate at
once gives, on both backends: for the fused scores the channels give, and for random ones near
the bonuses a record can earn."""

from __future__ import annotations

import random
from typing import Any

import pytest

from graph.ports.store import Store, StoreReads
from service.read import search as read_search
from service.read.fusion import Fused
from service.read.requests import SearchRequest
from tests.read import corpus

OPTIONS: list[dict[str, Any]] = [{}, {"include_history": True}, {"as_of": "2025-01-01"}]


def test_reading_page_by_page_gives_the_answer_of_reading_every_candidate(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    corpus.build(store)
    real = read_search.answer
    cut: list[bool] = []

    def both(
        tx: StoreReads, asked: read_search.Asked, fused: list[Fused], at_once: bool
    ) -> list[read_search.Found]:
        for scored in (fused, *(_rescored(fused, random.Random(seed)) for seed in range(4))):
            whole = _every(tx, asked, scored)
            for ahead in (False, True):  # the embedded store's way, then Neo4j's
                asked_for: list[str] = []
                counting = _Counting(tx, asked_for)
                paged = real(counting, asked, scored, ahead)  # type: ignore[arg-type]
                assert _rows(paged) == _rows(whole), (asked.q.text, asked.limit, ahead)
                cut.append(len(set(asked_for)) < sum(e.kind == "fact" for e in scored))
        return real(tx, asked, fused, at_once)

    monkeypatch.setattr(read_search, "answer", both)
    for question in [*corpus.QUESTIONS, "Bob Smith plays the cello", "RTX 4090 card"]:
        for limit in (1, 3, 10):
            for options in OPTIONS:
                for principals in (None, ("key-a",)):
                    request = SearchRequest(user_id=corpus.USER, q=question, limit=limit, **options)
                    read_search.search(corpus.deps(store), request, principals)
    assert any(cut)  # small limits stop before the last candidate


def _every(tx: StoreReads, asked: read_search.Asked, fused: list[Fused]) -> list[read_search.Found]:
    """The answer from every candidate's records, read at once."""
    q = asked.q
    facts = [e.uuid for e in fused if e.kind == "fact"]
    episodes = read_search.episode_candidates(fused, asked.flt)
    records = tx.search.records(q.group_id, facts, episodes, sources=q.principals is not None)
    return read_search.select(records, q, fused, asked.idents, asked.flt, asked.limit)


def _rescored(fused: list[Fused], rng: random.Random) -> list[Fused]:
    """The same candidates at other fused scores (close to each other and to the bonuses,
    where stopping too early would show)."""
    again = [Fused(e.uuid, rng.uniform(0.0, 0.4), list(e.channels)) for e in fused]
    if rng.random() < 0.5:  # no turn among them: every fact is read by its fused score alone
        again = [e for e in again if e.kind == "fact"]
    return sorted(again, key=lambda e: (-e.score, e.uuid))


def _rows(found: list[read_search.Found]) -> list[tuple[str, float, tuple[str, ...]]]:
    return [(item.record.uuid, item.score, item.channels) for item in found]


class _Counting:
    """The transaction, noting which fact records the search asks for."""

    def __init__(self, tx: StoreReads, asked_for: list[str]) -> None:
        self.tx = tx
        self.search = _CountingSearch(tx, asked_for)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.tx, name)


class _CountingSearch:
    def __init__(self, tx: StoreReads, asked_for: list[str]) -> None:
        self.tx, self.asked_for = tx, asked_for

    def records(self, group_id: str, facts: Any, episodes: Any, sources: bool) -> Any:
        self.asked_for.extend(facts)
        return self.tx.search.records(group_id, facts, episodes, sources=sources)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.tx.search, name)
