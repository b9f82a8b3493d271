"""The embedded store's vector index: an exact int8 scan below its threshold, an HNSW graph
above it, exact float32 rescoring of the candidates either way, a saved graph reused only for
the generation it was made for (graph/backends/sqlite/vectors.py), over a real SQLite table."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import numpy as np
import pytest

from graph.backends.sqlite.vectors import VectorIndex

WIDTH = 512
GROUP = "g1"


def table(vectors: np.ndarray) -> sqlite3.Connection:
    conn = sqlite3.connect(":memory:")
    conn.row_factory = sqlite3.Row
    conn.execute(
        "CREATE TABLE facts (id INTEGER PRIMARY KEY, uuid TEXT, group_id TEXT, fact_embedding BLOB)"
    )
    conn.execute("CREATE TABLE tenant_state (group_id TEXT, vector_generation INTEGER)")
    add(conn, vectors, 0)
    return conn


def add(conn: sqlite3.Connection, vectors: np.ndarray, start: int) -> None:
    conn.executemany(
        "INSERT INTO facts (uuid, group_id, fact_embedding) VALUES (?, ?, ?)",
        [(f"f{start + i}", GROUP, v.astype(np.float32).tobytes()) for i, v in enumerate(vectors)],
    )


def sentences_like(count: int, seed: int) -> np.ndarray:
    """Vectors with the low-rank structure of sentence embeddings (topics plus noise)."""
    rng = np.random.default_rng(seed)
    topics = rng.normal(size=(48, WIDTH))
    mix = rng.normal(size=(count, 48)) * rng.exponential(size=(count, 48))
    out: np.ndarray = mix @ topics + rng.normal(scale=0.3, size=(count, WIDTH))
    return out


def exact_top(vectors: np.ndarray, query: np.ndarray, k: int) -> list[str]:
    unit = vectors / np.linalg.norm(vectors, axis=1, keepdims=True)
    scores = unit @ (query / np.linalg.norm(query))
    return [f"f{i}" for i in np.argsort(-scores)[:k]]


def test_small_tenants_are_searched_exactly() -> None:
    vectors = sentences_like(1500, seed=1)
    conn = table(vectors)
    index = VectorIndex(exact_below=2000)
    query = vectors[7] + np.random.default_rng(2).normal(scale=0.5, size=WIDTH)
    found = index.search(conn, GROUP, query, 30)
    assert [uuid for uuid, _ in found] == exact_top(vectors, query, 30)
    assert found[0][1] == pytest.approx(max(score for _, score in found))


def test_large_tenants_keep_almost_all_of_the_exact_neighbours_with_exact_scores() -> None:
    vectors = sentences_like(6000, seed=3)
    conn = table(vectors)
    index = VectorIndex(exact_below=2000)
    rng = np.random.default_rng(4)
    recalls = []
    for row in rng.choice(len(vectors), 25, replace=False):
        query = vectors[row] + rng.normal(scale=1.0, size=WIDTH)
        found = index.search(conn, GROUP, query, 30)
        expected = exact_top(vectors, query, 30)
        recalls.append(len({uuid for uuid, _ in found} & set(expected)) / 30)
        assert found[0][0] == expected[0]
        unit = vectors[int(found[0][0][1:])]
        cosine = unit @ query / np.linalg.norm(unit) / np.linalg.norm(query)
        assert found[0][1] == pytest.approx(cosine, abs=1e-4)
    assert float(np.mean(recalls)) >= 0.95


def test_rows_added_after_the_first_search_are_found() -> None:
    vectors = sentences_like(3000, seed=5)
    conn = table(vectors)
    index = VectorIndex(exact_below=2000)
    index.search(conn, GROUP, vectors[0], 10)  # builds the graph
    late = sentences_like(200, seed=6)
    add(conn, late, len(vectors))
    # an HNSW graph built by parallel inserts may, rarely, not reach one node (the suite saw
    # 1 of 3 single rows missed once); that every late row is in the graph and nearly every
    # one is found first is what this test is about
    firsts = [index.search(conn, GROUP, row, 5)[0][0] for row in late]
    found = sum(first == f"f{len(vectors) + i}" for i, first in enumerate(firsts))
    assert found >= 0.97 * len(late)


def test_a_saved_graph_is_reused_and_extended_by_a_new_process(tmp_path: Path) -> None:
    vectors = sentences_like(3000, seed=7)
    conn = table(vectors)
    first = VectorIndex(tmp_path, save_above=1000, exact_below=1000)
    first.search(conn, GROUP, vectors[0], 10)
    first.save()
    assert list(tmp_path.glob("*.usearch"))
    late = sentences_like(50, seed=8)
    add(conn, late, len(vectors))
    second = VectorIndex(tmp_path, save_above=1000, exact_below=1000)
    assert second.search(conn, GROUP, vectors[5], 1)[0][0] == "f5"
    assert second.search(conn, GROUP, late[3], 1)[0][0] == f"f{len(vectors) + 3}"


def test_a_saved_graph_of_an_older_generation_is_not_used(tmp_path: Path) -> None:
    vectors = sentences_like(1200, seed=9)
    conn = table(vectors)
    first = VectorIndex(tmp_path, save_above=1000, exact_below=1000)
    first.search(conn, GROUP, vectors[0], 10)
    first.save()
    # An erasure removes the newest row and bumps the generation; SQLite then hands its row id
    # to the next insert, which a graph of the old generation believes it already holds.
    conn.execute("DELETE FROM facts WHERE uuid = 'f1199'")
    conn.execute("INSERT INTO tenant_state VALUES (?, 1)", (GROUP,))
    fresh = -vectors[0]
    add(conn, fresh.reshape(1, -1), 5000)
    second = VectorIndex(tmp_path, save_above=1000, exact_below=1000)
    assert second.search(conn, GROUP, fresh, 1)[0][0] == "f5000"


def test_vectors_of_another_width_are_ignored() -> None:
    vectors = sentences_like(20, seed=10)
    conn = table(vectors)
    conn.execute(
        "INSERT INTO facts (uuid, group_id, fact_embedding) VALUES ('odd', ?, ?)",
        (GROUP, np.ones(8, dtype=np.float32).tobytes()),
    )
    index = VectorIndex()
    assert index.search(conn, GROUP, vectors[2], 1)[0][0] == "f2"
    assert index.search(conn, GROUP, np.ones(8), 1) == []


def test_a_restored_graph_searches_as_widely_as_the_one_that_was_saved(tmp_path: Path) -> None:
    # usearch's restore does not keep the search expansion it was built with: a graph read
    # back from disk searched with the default (64) and lost a fifth of the recall at 100k.
    rng = np.random.default_rng(11)
    vectors = rng.normal(size=(6000, WIDTH))  # no structure: the hardest case for a graph
    conn = table(vectors)
    queries = list(rng.normal(size=(30, WIDTH)))
    first = VectorIndex(tmp_path, save_above=1000, exact_below=1000)
    before = [first.search(conn, GROUP, query, 10) for query in queries]
    first.save()
    second = VectorIndex(tmp_path, save_above=1000, exact_below=1000)
    after = [second.search(conn, GROUP, query, 10) for query in queries]
    assert [[uuid for uuid, _ in hits] for hits in after] == [
        [uuid for uuid, _ in hits] for hits in before
    ]


def test_a_visible_subset_is_searched_exactly_and_widened_until_it_fills_the_answer() -> None:
    """`visible` (a time question's visibility) reads the int8 candidates' rows, the float32
    vectors among them, before any is rescored; when it keeps too few, the search asks for
    more candidates."""
    vectors = sentences_like(1500, seed=5)
    conn = table(vectors)
    index = VectorIndex(exact_below=2000)
    query = vectors[11] + np.random.default_rng(6).normal(scale=0.5, size=WIDTH)
    asked: list[int] = []

    def every_tenth(ids: list[int]) -> list[sqlite3.Row]:
        asked.append(len(ids))
        marks = ",".join("?" * len(ids))
        return conn.execute(
            f"SELECT uuid, fact_embedding FROM facts WHERE id IN ({marks}) AND (id - 1) % 10 = 0",
            ids,
        ).fetchall()

    found = index.search(conn, GROUP, query, 30, visible=every_tenth)
    kept = vectors[::10]
    expected = [f"f{10 * int(uuid[1:])}" for uuid in exact_top(kept, query, 30)]
    assert [uuid for uuid, _ in found] == expected
    assert asked[0] == 120 and len(asked) > 1  # 120 candidates keep 12: widened
