"""The embedded store's vector index: exact below its threshold, a projected first pass with
exact rescoring above it (graph/backends/sqlite/vectors.py), over a real SQLite table."""

from __future__ import annotations

import sqlite3

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
    index = VectorIndex(reduce_above=2000)
    query = vectors[7] + np.random.default_rng(2).normal(scale=0.5, size=WIDTH)
    found = index.search(conn, GROUP, query, 30)
    assert [uuid for uuid, _ in found] == exact_top(vectors, query, 30)
    assert found[0][1] == pytest.approx(max(score for _, score in found))


def test_large_tenants_keep_almost_all_of_the_exact_neighbours_with_exact_scores() -> None:
    vectors = sentences_like(6000, seed=3)
    conn = table(vectors)
    index = VectorIndex(reduce_above=2000)
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


def test_rows_added_after_the_fit_are_found() -> None:
    vectors = sentences_like(3000, seed=5)
    conn = table(vectors)
    index = VectorIndex(reduce_above=2000)
    index.search(conn, GROUP, vectors[0], 10)  # fits the projection
    late = sentences_like(200, seed=6)
    add(conn, late, len(vectors))
    for i in (0, 99, 199):
        found = index.search(conn, GROUP, late[i], 5)
        assert found[0][0] == f"f{len(vectors) + i}"
