"""Storage conformance: keyword, vector and neighbourhood primitives, tenant-scoped."""

from __future__ import annotations

import math
import random

from graph.domain.timerules import CURRENT, Period, TimeQuery
from graph.ports.store import Store
from tests.builders import DIM, days, expire, fact, record, supersede, unit_vector
from tests.conftest import T0
from tests.support.reads import reads

G = "u_alice"
OTHER = "u_bob"


def test_keyword_search_finds_english_chinese_and_identifiers(store: Store) -> None:
    berlin, beijing, invoice = record(
        store,
        fact(G, "alice", "lives_in", "Berlin", valid_at=T0, text="Alice moved to Berlin in 2023"),
        fact(G, "alice", "works_at", "A公司", valid_at=T0, text="我在北京的公司是A公司"),
        fact(G, "alice", "paid", "INV-2024-001", valid_at=T0, text="Invoice INV-2024-001 is paid"),
    )
    record(store, fact(OTHER, "bob", "lives_in", "Berlin", valid_at=T0, text="Bob lives in Berlin"))

    def hits(text: str) -> list[str]:
        return [s.uuid for s in reads(store).search.fulltext(G, text, 10, None, T0)]

    assert hits("berlin") == [berlin.uuid]
    assert hits("北京") == [beijing.uuid]
    assert hits("INV-2024-001") == [invoice.uuid]
    assert hits("nothing-like-this") == []
    assert hits("   ") == []


def test_keyword_search_respects_the_time_question(store: Store) -> None:
    old, new = record(
        store,
        fact(G, "alice", "lives_in", "Paris", valid_at=T0 - days(400), text="Alice lives in Paris"),
        fact(
            G, "alice", "lives_in", "Berlin", valid_at=T0 - days(10), text="Alice lives in Berlin"
        ),
    )
    store.transaction(lambda tx: supersede(tx, G, old, new.uuid, new.valid_at, T0))
    last_year = Period.point(T0 - days(200))
    assert reads(store).search.fulltext(G, "alice lives", 10, CURRENT, T0)[0].uuid == new.uuid
    assert [s.uuid for s in reads(store).search.fulltext(G, "alice lives", 10, CURRENT, T0)] == [
        new.uuid
    ]
    assert [
        s.uuid for s in reads(store).search.fulltext(G, "paris", 10, TimeQuery(as_of=last_year), T0)
    ] == [old.uuid]
    assert len(reads(store).search.fulltext(G, "alice", 10, None, T0)) == 2


def test_vector_search_ranks_by_cosine_within_the_tenant(store: Store) -> None:
    near, far = record(
        store,
        fact(G, "a", "p", "near", valid_at=T0, embedding=unit_vector(0, 1)),
        fact(G, "a", "p", "far", valid_at=T0, embedding=unit_vector(7)),
    )
    record(store, fact(OTHER, "b", "p", "theirs", valid_at=T0, embedding=unit_vector(0)))
    hits = reads(store).search.vector(G, unit_vector(0), 5, None, T0)
    assert [h.uuid for h in hits] == [near.uuid, far.uuid]
    assert hits[0].score > hits[1].score


def test_vector_search_respects_the_time_question(store: Store) -> None:
    earlier = T0 - days(2)
    gone, kept = record(
        store,
        fact(G, "a", "p", "gone", valid_at=earlier, embedding=unit_vector(0)),
        fact(G, "a", "p", "kept", valid_at=earlier, embedding=unit_vector(3)),
    )
    store.transaction(lambda tx: expire(tx, G, [gone.uuid], T0))
    assert [h.uuid for h in reads(store).search.vector(G, unit_vector(0), 5, CURRENT, T0)] == [
        kept.uuid
    ]
    before = TimeQuery(known_at=T0 - days(1))
    assert [h.uuid for h in reads(store).search.vector(G, unit_vector(0), 5, before, T0)] == [
        gone.uuid,
        kept.uuid,
    ]


def test_neighbourhood_walks_one_and_two_hops(store: Store) -> None:
    lives, works, located = record(
        store,
        fact(G, "alice", "lives_in", "Berlin", valid_at=T0),
        fact(G, "alice", "works_at", "Acme", valid_at=T0),
        fact(G, "acme", "located_in", "Munich", valid_at=T0),
    )
    record(store, fact(OTHER, "berlin", "in", "Germany", valid_at=T0))
    one = reads(store).search.neighbourhood(G, ["berlin"], 1, 10, None, T0)
    two = reads(store).search.neighbourhood(G, ["berlin"], 2, 10, None, T0)
    assert [s.uuid for s in one] == [lives.uuid]
    assert {s.uuid: s.score for s in two} == {lives.uuid: 1.0, works.uuid: 0.5}
    assert {s.uuid for s in reads(store).search.neighbourhood(G, ["acme"], 1, 10, None, T0)} == {
        works.uuid,
        located.uuid,
    }
    assert reads(store).search.neighbourhood(OTHER, ["alice"], 2, 10, None, T0) == []


def test_tagged_search_returns_the_newest_matches_visible_in_the_tenant(store: Store) -> None:
    records = record(
        store,
        *(
            fact(G, "alice", "uses", f"GPU {n}", valid_at=T0 - days(30 - n),
                 text=f"Alice uses GPU model {n}", created_at=T0 - days(30 - n))
            for n in range(6)
        ),
        fact(G, "alice", "likes", "tea", valid_at=T0, text="Alice likes tea"),
    )  # fmt: skip
    record(store, fact(OTHER, "bob", "uses", "GPU 9", valid_at=T0, text="Bob uses a GPU"))
    gpus = records[:6]
    store.transaction(lambda tx: supersede(tx, G, gpus[5], gpus[4].uuid, T0 - days(1), T0))

    def tagged(text: str, limit: int, time: TimeQuery | None = CURRENT) -> list[str]:
        hits = reads(store).search.tagged(G, text, limit, time, T0)
        assert [h.score for h in hits] == sorted((h.score for h in hits), reverse=True)
        return [h.uuid for h in hits]

    newest_first = [f.uuid for f in reversed(gpus)]
    assert tagged("gpu 显卡 hardware", 10, None) == newest_first
    assert tagged("gpu", 3) == newest_first[1:4]  # the superseded one is not current
    assert tagged("hardware vram", 10) == []
    assert tagged("   ", 10) == []


def test_vector_scores_are_the_exact_cosines_best_first(store: Store) -> None:
    """Every backend ranks its vector candidates by the exact cosine of the stored vectors:
    Neo4j's index scores them by its quantised copies, so its order among close neighbours
    (and its recall at 100k records: 0.85) was the quantisation's."""
    rng = random.Random(11)
    vectors = [tuple(rng.gauss(0, 1) for _ in range(DIM)) for _ in range(40)]
    stored = record(
        store,
        *(fact(G, "a", "p", f"v{n}", valid_at=T0, embedding=v) for n, v in enumerate(vectors)),
    )
    query = tuple(x + rng.gauss(0, 1) for x in vectors[0])
    pairs = zip(stored, vectors, strict=True)
    exact = sorted(((_cosine(query, v), f.uuid) for f, v in pairs), reverse=True)
    hits = reads(store).search.vector(G, query, 10, None, T0)
    assert [h.uuid for h in hits] == [uuid for _, uuid in exact[:10]]
    for hit, (cosine, _) in zip(hits, exact, strict=False):
        assert abs(hit.score - cosine) < 1e-5, (hit.score, cosine)


def _cosine(a: tuple[float, ...], b: tuple[float, ...]) -> float:
    dot = sum(x * y for x, y in zip(a, b, strict=True))
    return dot / math.sqrt(sum(x * x for x in a) * sum(y * y for y in b))
